/*
 * suld_addr.c - surface address stage of SULD (twin of rtl/tx_suld_addr.sv):
 * one lane's coordinate registers -> clamp mode -> byte address.
 *
 * The rules are docs/semantics.md S6.3-S6.6.  A surface access is a run of
 * `bytes` bytes (the .D size, or the texel for .P) at element index e of a
 * row: the row of the view level holds n = floor(row bytes / bytes)
 * elements.  The address comes from the layout stage's own arithmetic
 * (tx_addr_texel) on a byte-granular copy of the layout, so pitch,
 * block-linear and buffer surfaces are addressed exactly as TLDS addresses
 * them, and an element wider than a texel (.128 on an RGBA8 surface) is the
 * bytes that follow in the row.
 */
#include "stages.h"

/* log2 of the bytes of each .D size (U8 S8 U16 S16 32 64 128). */
static const uint8_t size_log2[7] = { 0, 0, 1, 1, 2, 3, 4 };

uint32_t tx_suld_bytes(const tx_insn *in, uint32_t bpp)
{
    return in->u.suld.d ? 1u << size_log2[in->u.suld.size] : bpp;
}

void tx_suld_byte_view(const tx_layout *L, tx_layout *V)
{
    /* Bounds are checked by tx_suld_addr before the address is formed, so
     * the view lets every byte column through. */
    *V = *L;
    V->bpp = 1;
    for (int i = 0; i < TX_MAX_LEVELS; i++)
        V->lv[i].w = 0xffffffffu;
}

/* floor(v / 2^s) for a signed v (C's >> of a negative value is not
 * portable). */
static int64_t floor_shift(int64_t v, unsigned s)
{
    return v >= 0 ? v >> s : -(((-v) - 1) >> s) - 1;
}

/* One coordinate against [0, n): .NEAR clamps it (an empty range cannot be
 * clamped into), the others report it.  Returns 1 when out of bounds. */
static int bound(int64_t *c, uint64_t n, int near)
{
    if (near && n > 0) {
        if (*c < 0)
            *c = 0;
        else if ((uint64_t)*c >= n)
            *c = (int64_t)(n - 1);
        return 0;
    }
    return *c < 0 || (uint64_t)*c >= n;
}

int tx_suld_addr(const tx_layout *L, const tx_layout *V, const tx_insn *in,
                 const uint32_t g[4], uint64_t *addr)
{
    const unsigned dim = in->u.suld.dim;
    const int near = in->u.suld.clamp == TX_SU_NEAR;
    const uint32_t level = L->first_level;
    const tx_level *lv = &L->lv[level & (TX_MAX_LEVELS - 1)];
    unsigned szl = 0;
    uint64_t row, n;
    int64_t x, e, y = 0, z = 0, layer = 0;
    int oob;

    *addr = 0;
    if (in->u.suld.d)
        szl = size_log2[in->u.suld.size];

    /* Row bytes, capped so that a byte column fits the 32-bit x of the
     * address stage (S6.4). */
    row = (uint64_t)lv->w * L->bpp;
    if (row > 0xffffffffu)
        row = 0xffffffffu;
    n = in->u.suld.d ? row >> szl : lv->w;

    /* S32 coordinates; 1D_BUFFER's x is U32 unless .NEAR (seed table). */
    x = (dim == TX_SU_1D_BUFFER && !near) ? (int64_t)g[0] : (int64_t)(int32_t)g[0];
    e = (in->u.suld.d && in->u.suld.ba) ? floor_shift(x, szl) : x;
    if (dim == TX_SU_2D || dim == TX_SU_2D_ARRAY || dim == TX_SU_3D)
        y = (int32_t)g[1];
    if (dim == TX_SU_3D)
        z = (int32_t)g[2];
    if (dim == TX_SU_1D_ARRAY)
        layer = g[1] & 0xffffu;   /* U16: only the 16 LSBs */
    if (dim == TX_SU_2D_ARRAY)
        layer = g[2] & 0xffffu;

    oob = bound(&e, n, near);
    oob |= bound(&y, lv->h, near);
    oob |= bound(&z, lv->d, near);
    oob |= bound(&layer, L->layers, near);
    if (oob)
        return 1;

    /* e < n, so the byte column e * bytes + bytes <= row < 2^32. */
    uint32_t xb = in->u.suld.d ? (uint32_t)e << szl : (uint32_t)e * L->bpp;
    return tx_addr_texel(V, level, xb, (uint32_t)y, (uint32_t)z, (uint32_t)layer, 0, addr);
}
