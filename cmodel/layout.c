/*
 * layout.c - layout stage: the per-level table of a texture from its header
 * (twin of rtl/tx_layout.sv), and the intra-GOB byte offset shared with the
 * address stage.  docs/layouts.md gives the rules and their sources.
 */
#include <string.h>

#include "bcn.h"
#include "format.h"
#include "layout.h"

#define ADDR48 0xffffffffffffull

uint32_t tx_gob_offset(enum tx_gob_layout gob, uint32_t xb, uint32_t y)
{
    uint32_t x5 = (xb >> 5) & 1u, x4 = (xb >> 4) & 1u, lo = xb & 15u;

    if (gob == TX_GOB_DESKTOP) /* x5 y2 x4 y1 y0 x3 x2 x1 x0 */
        return x5 << 8 | ((y >> 2) & 1u) << 7 | x4 << 6 | (y & 3u) << 4 | lo;
    /* Tegra X1: x5 y2 y1 x4 y0 x3 x2 x1 x0 */
    return x5 << 8 | ((y >> 1) & 3u) << 6 | x4 << 5 | (y & 1u) << 4 | lo;
}

/* Samples per pixel of MULTI_SAMPLE_COUNT; codes the Maxwell-B header does
 * not define read as one sample. */
static uint32_t ms_samples(uint32_t code)
{
    switch (code) {
    case 1: case 5:                 return 2;  /* 2X1, 2X1_D3D */
    case 2: case 8: case 9:         return 4;  /* 2X2, 2X2_VC4, 2X2_VC12 */
    case 3: case 4: case 10: case 11: return 8; /* 4X2, 4X2_D3D, 4X2_VC8/VC24 */
    case 6:                         return 16; /* 4X4 */
    default:                        return 1;  /* 1X1 and undefined codes */
    }
}

static uint64_t ceil_shr(uint64_t v, unsigned s)
{
    return (v + ((1ull << s) - 1)) >> s;
}

int tx_layout_build(const tx_tic *t, enum tx_gob_layout gob, tx_layout *L)
{
    int colorkey = 0, bpp;
    uint32_t type = t->texture_type, w0, h0 = 1, d0 = 1, last, gxl, gyl;
    uint32_t hdr_bh, hdr_bd, tw;
    uint64_t acc = 0, chain = 0;

    memset(L, 0, sizeof *L);
    switch (t->version) {
    case TX_TIC_1D_BUFFER:            L->kind = TX_LAYOUT_BUFFER; break;
    case TX_TIC_PITCH_COLORKEY:       colorkey = 1; /* fall through */
    case TX_TIC_PITCH:                L->kind = TX_LAYOUT_PITCH; break;
    case TX_TIC_BLOCKLINEAR_COLORKEY: colorkey = 1; /* fall through */
    case TX_TIC_BLOCKLINEAR:          L->kind = TX_LAYOUT_BLOCKLINEAR; break;
    default:                          return -1;
    }
    bpp = tx_fmt_bytes(t->components & 0x7f);
    if (bpp <= 0) {
        memset(L, 0, sizeof *L);
        return -1;
    }
    L->gob_layout = (uint8_t)gob;
    L->bpp = (uint32_t)bpp;
    L->blk = tx_bcn_block_bytes(t->components & 0x7f) != 0;

    /* Address: only the bits each header version can hold. */
    L->base = t->address & ADDR48;
    if (L->kind == TX_LAYOUT_BLOCKLINEAR)
        L->base &= ~511ull;
    else if (L->kind == TX_LAYOUT_PITCH)
        L->base &= ~31ull;
    L->pitch = L->kind == TX_LAYOUT_PITCH ? (t->pitch & 0x1fffe0u) : 0;

    /* Level-0 extent, layers and samples. */
    if (L->kind == TX_LAYOUT_BUFFER) {
        w0 = t->width_minus_one == 0xffffffffu ? 0xffffffffu : t->width_minus_one + 1;
    } else {
        w0 = (t->width_minus_one & 0xffffu) + 1;
        if (type != TX_TEX_1D && type != TX_TEX_1D_ARRAY && type != TX_TEX_1D_BUFFER)
            h0 = (uint32_t)t->height_minus_one + 1;
    }
    L->layers = 1;
    if (L->kind != TX_LAYOUT_BUFFER) {
        uint32_t n = (t->depth_minus_one & 0x3fffu) + 1;
        if (L->kind == TX_LAYOUT_BLOCKLINEAR) {
            if (type == TX_TEX_3D)
                d0 = n;
            else if (type == TX_TEX_1D_ARRAY || type == TX_TEX_2D_ARRAY)
                L->layers = n;
            else if (type == TX_TEX_CUBEMAP)
                L->layers = 6;
            else if (type == TX_TEX_CUBEMAP_ARRAY)
                L->layers = 6 * n > 0xffffu ? 0xffffu : 6 * n;
        }
    }
    L->samples = (L->kind == TX_LAYOUT_BUFFER || colorkey) ? 1
                 : ms_samples(t->multi_sample_count & 15u);
    /* The sample grid: 1x1, 2x1, 2x2, 4x2, 4x4 (log2 per axis). */
    gxl = L->samples == 16 ? 2 : L->samples >= 8 ? 2 : L->samples >= 2 ? 1 : 0;
    gyl = L->samples == 16 ? 2 : L->samples >= 4 ? 1 : 0;

    /* View levels. */
    if (L->kind == TX_LAYOUT_BUFFER) {
        L->first_level = 0;
        last = 0;
    } else {
        L->first_level = colorkey ? 0 : (t->res_view_min_mip_level & 15u);
        last = colorkey ? 15u : (t->res_view_max_mip_level & 15u);
        if ((t->max_mip_level & 15u) < last)
            last = t->max_mip_level & 15u;
        if (L->kind == TX_LAYOUT_PITCH)
            last = 0;
    }
    L->last_level = (uint8_t)last;

    /* Per-level table. */
    hdr_bh = t->gobs_per_block_height & 7u;
    hdr_bd = t->gobs_per_block_depth & 7u;
    tw = t->tile_width_in_gobs & 7u;
    if (hdr_bh > 5)
        hdr_bh = 5;
    if (hdr_bd > 5)
        hdr_bd = 5;
    for (unsigned n = 0; n < TX_MAX_LEVELS; n++) {
        tx_level *lv = &L->lv[n];
        lv->w = (w0 >> n) ? (w0 >> n) : 1;
        lv->h = (h0 >> n) ? (h0 >> n) : 1;
        lv->d = (d0 >> n) ? (d0 >> n) : 1;
        lv->offset = acc & ADDR48;
        if (L->kind == TX_LAYOUT_BLOCKLINEAR) {
            /* Block formats count 4x4 blocks, rounding up. */
            uint64_t bw = L->blk ? ceil_shr(lv->w, 2) : lv->w;
            uint64_t bhh = L->blk ? ceil_shr(lv->h, 2) : lv->h;
            uint64_t wbytes = (bw << gxl) * (uint64_t)bpp;
            uint64_t hs = bhh << gyl, gw = ceil_shr(wbytes, 6);
            uint32_t bh = hdr_bh, bd = hdr_bd;

            if (gw > 1)
                gw = (gw + ((1ull << tw) - 1)) & ~((1ull << tw) - 1);
            while (bh > 0 && (8ull << (bh - 1)) >= hs)
                bh--;
            while (bd > 0 && (1ull << (bd - 1)) >= lv->d)
                bd--;
            lv->bh = (uint8_t)bh;
            lv->bd = (uint8_t)bd;
            lv->gw = (uint32_t)gw;
            acc += gw * ceil_shr(hs, 3 + bh) * ceil_shr(lv->d, bd) * (512ull << (bh + bd));
        }
        if (n == (t->max_mip_level & 15u))
            chain = acc;
    }
    if (L->kind == TX_LAYOUT_BLOCKLINEAR) {
        uint64_t unit = (512ull << (L->lv[0].bh + L->lv[0].bd)) << tw;
        L->layer_stride = ((chain + unit - 1) & ~(unit - 1)) & ADDR48;
    }
    return 0;
}
