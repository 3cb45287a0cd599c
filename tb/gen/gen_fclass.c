/*
 * gen_fclass.c - the classes of format that the gather (gen_tld4.c), gradient
 * (gen_txd.c) and TEXS (gen_texs.c) suites draw their textures from, the
 * random texel of each class, and the texels of a whole texture.
 *
 * One representative per way a sampled texel reaches the filter: UNORM8 with
 * and without sRGB, SNORM8, a packed 5/6/5 format, binary32, binary16x4,
 * unsigned and signed integers (sampled as POINT), and the two depth formats
 * that .DC compares.
 */
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "isa.h"
#include "layout.h"

const gen_fclass gen_fclasses[GEN_FC_COUNT] = {
    [GEN_FC_UNORM8] = {"unorm8", TX_FMT_A8B8G8R8, TX_DT_UNORM, 0, 0},
    [GEN_FC_SRGB8] = {"srgb8", TX_FMT_A8B8G8R8, TX_DT_UNORM, 1, 0},
    [GEN_FC_SNORM8] = {"snorm8", TX_FMT_A8B8G8R8, TX_DT_SNORM, 0, 0},
    [GEN_FC_565] = {"b5g6r5", TX_FMT_B5G6R5, TX_DT_UNORM, 0, 0},
    [GEN_FC_R32F] = {"r32f", TX_FMT_R32, TX_DT_FLOAT, 0, 0},
    [GEN_FC_F16X4] = {"rgba16f", TX_FMT_R16G16B16A16, TX_DT_FLOAT, 0, 0},
    [GEN_FC_R32UI] = {"r32ui", TX_FMT_R32, TX_DT_UINT, 0, 0},
    [GEN_FC_S16X4] = {"rgba16i", TX_FMT_R16G16B16A16, TX_DT_SINT, 0, 0},
    [GEN_FC_ZF32] = {"zf32", TX_FMT_ZF32, TX_DT_FLOAT, 0, 1},
    [GEN_FC_Z16] = {"z16", TX_FMT_Z16, TX_DT_UNORM, 0, 1},
};

/* The texture type of a TEX dim code (docs/isa.md; ARRAY_3D has none). */
static uint8_t type_of_dim(int dim)
{
    static const uint8_t type[8] = {
        [TX_DIM_1D] = TX_TEX_1D,         [TX_DIM_A1D] = TX_TEX_1D_ARRAY,
        [TX_DIM_2D] = TX_TEX_2D,         [TX_DIM_A2D] = TX_TEX_2D_ARRAY,
        [TX_DIM_3D] = TX_TEX_3D,         [TX_DIM_A3D] = TX_TEX_2D,
        [TX_DIM_CUBE] = TX_TEX_CUBEMAP,  [TX_DIM_ACUBE] = TX_TEX_CUBEMAP_ARRAY,
    };
    return type[dim & 7];
}

void gen_fclass_tic(tx_tic *t, int fc, int dim, uint64_t addr, int w, int h, int depth,
                    int levels, int first, int bh)
{
    const gen_fclass *f = &gen_fclasses[fc];
    memset(t, 0, sizeof *t);
    t->components = f->comps;
    for (int i = 0; i < 4; i++) {
        t->dtype[i] = f->dtype;
        t->swz[i] = (uint8_t)(TX_SWZ_R + i);
    }
    t->srgb = f->srgb;
    t->depth_texture = f->depth;
    t->address = addr;
    t->version = TX_TIC_BLOCKLINEAR;
    t->gobs_per_block_height = (uint8_t)bh;
    t->width_minus_one = (uint32_t)w - 1;
    t->height_minus_one = (uint16_t)(h - 1);
    if ((dim & 1) || dim == TX_DIM_3D)
        t->depth_minus_one = (uint16_t)(depth - 1);
    t->texture_type = type_of_dim(dim);
    t->normalized_coords = 1;
    t->max_mip_level = (uint8_t)(levels - 1);
    t->res_view_min_mip_level = (uint8_t)first;
    t->res_view_max_mip_level = (uint8_t)(levels - 1);
}

/* Random codes; floats mostly in a useful range (binary16 exponents 10..20,
 * binary32 in [-4, 4), depths in [0, 1)) with a few NaN, Inf and denormal
 * patterns left in. */
void gen_fclass_texel(gen_ctx *g, int fc, uint8_t b[16])
{
    uint32_t w[4];
    for (int i = 0; i < 4; i++)
        w[i] = (uint32_t)gen_rand(g);
    if (fc == GEN_FC_R32F && !gen_pct(g, 6))
        w[0] = gen_fbits((float)((double)gen_rn(g, 1u << 20) / (1 << 17) - 4.0));
    if (fc == GEN_FC_ZF32 && !gen_pct(g, 4))
        w[0] = gen_fbits((float)((double)gen_rn(g, 1u << 20) / (1 << 20)));
    if (fc == GEN_FC_F16X4)
        for (int i = 0; i < 2; i++)
            if (!gen_pct(g, 6))
                w[i] = (w[i] & 0x83ff83ffu) | (10u + gen_rn(g, 11)) << 10 | (10u + gen_rn(g, 11)) << 26;
    memcpy(b, w, 16);
}

/* Every texel of every level, layer and slice of L, in that order (level
 * outermost, x innermost), each drawn by gen_fclass_texel (also where the
 * layout has no address, so that the draws do not depend on it); written as
 * memory runs from L's base.  The first pass finds the span they cover. */
int gen_fill_texels(gen_ctx *g, json_object *v, const tx_layout *L, int fc)
{
    uint64_t end = L->base;
    for (int pass = 0; pass < 2; pass++) {
        uint8_t *buf = NULL;
        size_t n = (size_t)(end - L->base);
        if (pass == 1 && !(buf = calloc(n ? n : 1, 1)))
            return -1;
        for (unsigned l = 0; l <= L->last_level; l++)
            for (uint32_t la = 0; la < L->layers; la++)
                for (uint32_t z = 0; z < L->lv[l].d; z++)
                    for (uint32_t y = 0; y < L->lv[l].h; y++)
                        for (uint32_t x = 0; x < L->lv[l].w; x++) {
                            uint64_t a;
                            int ok = tx_addr_texel(L, l, x, y, z, la, 0, &a) == 0;
                            if (pass == 0) {
                                if (ok && a + L->bpp > end)
                                    end = a + L->bpp;
                            } else {
                                uint8_t b[16];
                                gen_fclass_texel(g, fc, b);
                                if (ok)
                                    memcpy(buf + (a - L->base), b, L->bpp);
                            }
                        }
        if (pass == 1) {
            gen_memory_runs(v, L->base, buf, n);
            free(buf);
        }
    }
    return 0;
}

int gen_fclass_texture(gen_ctx *g, json_object *v, int index, const tx_tic *t, int fc,
                       const char *who)
{
    tx_layout L;
    if (gen_texture_header(v, index, t, &L, who) != 0)
        return -1;
    return gen_fill_texels(g, v, &L, fc);
}
