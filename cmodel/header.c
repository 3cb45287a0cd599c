/*
 * header.c - header stage (twin of rtl/tx_header.sv): the texture handle from
 * the constant bank and the 32-byte texture header (TIC) from the pool.
 */
#include "stages.h"

uint32_t tx_header_handle(const tx_state *s, uint32_t tsidx)
{
    /* tsidx is a 13-bit word index, so the word is always inside the bank. */
    const uint8_t *p = &s->cbank[(tsidx & 0x1fffu) * 4u];
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* The eight little-endian words of the 32-byte descriptor (header or
 * sampler) number index of the pool at base; returns the memory flags. */
static int read_desc(const tx_state *s, uint64_t base, uint32_t index, uint32_t w[8])
{
    uint8_t b[32];
    int flags = tx_mem_read(s->mem, base + 32ull * index, b, sizeof b);

    for (int i = 0; i < 8; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
               (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
    return flags;
}

int tx_header_read(const tx_state *s, uint32_t index, tx_tic *t)
{
    uint32_t w[8];
    int flags = read_desc(s, s->tic_base, index, w);

    tx_tic_unpack(w, t);
    return flags;
}

int tx_header_tlds_compatible(uint8_t target, uint8_t type)
{
    switch (target) {
    case TX_TLDS_1D_LZ:
    case TX_TLDS_1D_LL:
        return type == TX_TEX_1D || type == TX_TEX_1D_ARRAY || type == TX_TEX_1D_BUFFER;
    case TX_TLDS_2D_LZ:
    case TX_TLDS_2D_LZ_AOFFI:
    case TX_TLDS_2D_LL:
    case TX_TLDS_2D_LZ_MS:
    case TX_TLDS_2D_LL_AOFFI:
    case TX_TLDS_A2D_LZ:
        /* Array and non-array specifiers are interchangeable when the
         * coordinate count matches (seed, #paramA). */
        return type == TX_TEX_2D || type == TX_TEX_2D_NO_MIPMAP || type == TX_TEX_2D_ARRAY;
    case TX_TLDS_3D_LZ:
        return type == TX_TEX_3D;
    default:
        return 0;
    }
}

/* TLD: the dim's family, array or not (S9.2); a cube dim never fits (TLD
 * decodes it illegal). */
int tx_header_tld_compatible(uint8_t dim, uint8_t type)
{
    switch (dim) {
    case TX_DIM_1D:
    case TX_DIM_A1D:
        return type == TX_TEX_1D || type == TX_TEX_1D_ARRAY || type == TX_TEX_1D_BUFFER;
    case TX_DIM_2D:
    case TX_DIM_A2D:
        return type == TX_TEX_2D || type == TX_TEX_2D_NO_MIPMAP || type == TX_TEX_2D_ARRAY;
    case TX_DIM_3D:
        return type == TX_TEX_3D;
    default:
        return 0;
    }
}

int tx_sampler_read(const tx_state *s, uint32_t index, tx_tsc *t)
{
    uint32_t w[8];
    int flags = read_desc(s, s->tsc_base, index, w);

    tx_tsc_unpack(w, t);
    return flags;
}

int tx_header_tex_compatible(uint8_t dim, uint8_t type)
{
    /* Array and non-array specifiers share a texture type family; a
     * non-array paramA samples layer 0, an array one clamps its index. */
    switch (dim) {
    case TX_DIM_1D:
    case TX_DIM_A1D:
        return type == TX_TEX_1D || type == TX_TEX_1D_ARRAY;
    case TX_DIM_2D:
    case TX_DIM_A2D:
        return type == TX_TEX_2D || type == TX_TEX_2D_NO_MIPMAP || type == TX_TEX_2D_ARRAY;
    case TX_DIM_3D:
        return type == TX_TEX_3D;
    case TX_DIM_CUBE:
    case TX_DIM_ACUBE:
        return type == TX_TEX_CUBEMAP || type == TX_TEX_CUBEMAP_ARRAY;
    default:
        return 0;
    }
}

int tx_header_load_view(const tx_state *s, uint32_t index, tx_tic *tic, tx_layout *L,
                        int *built, uint32_t *first, uint32_t *last)
{
    int faulted = (tx_header_read(s, index, tic) & TX_MEM_FAULT) != 0;
    *built = !faulted && tx_layout_build(tic, s->gob_layout, L) == 0;
    if (*built) {
        *first = L->first_level;
        *last = L->last_level;
    } else {
        tx_lod_view_of_tic(tic, first, last);
    }
    return faulted;
}
