/*
 * addr.c - address stage: texel coordinates -> byte address and bounds (twin
 * of rtl/tx_addr.sv).  Formulas in docs/layouts.md.
 */
#include "layout.h"

#define ADDR48 0xffffffffffffull

int tx_addr_texel(const tx_layout *L, uint32_t level, uint32_t x, uint32_t y,
                  uint32_t z, uint32_t layer, uint32_t sample, uint64_t *addr)
{
    const tx_level *lv;
    unsigned gxl, gyl;
    uint64_t xs, ys, off;

    *addr = 0;
    if (level < L->first_level || level > L->last_level || level >= TX_MAX_LEVELS)
        return 1;
    lv = &L->lv[level];
    if (x >= lv->w || y >= lv->h || z >= lv->d || layer >= L->layers || sample >= L->samples)
        return 1;

    /* Sample grid of a pixel (docs/layouts.md, "Multisample"). */
    switch (L->samples) {
    case 2:  gxl = 1; gyl = 0; break;
    case 4:  gxl = 1; gyl = 1; break;
    case 8:  gxl = 2; gyl = 1; break;
    case 16: gxl = 2; gyl = 2; break;
    default: gxl = 0; gyl = 0; break;
    }
    xs = ((uint64_t)x << gxl) | (sample & ((1u << gxl) - 1));
    ys = ((uint64_t)y << gyl) | (sample >> gxl);

    off = L->base + (uint64_t)layer * L->layer_stride + lv->offset;
    switch (L->kind) {
    case TX_LAYOUT_PITCH:
        off += ys * L->pitch + xs * L->bpp;
        break;
    case TX_LAYOUT_BLOCKLINEAR: {
        uint64_t xb = xs * L->bpp;
        uint64_t block = 512ull << (lv->bh + lv->bd);
        uint64_t row = (uint64_t)lv->gw * block;
        uint64_t rows = (((uint64_t)lv->h << gyl) + (8ull << lv->bh) - 1) >> (3 + lv->bh);
        uint64_t gy = ys >> 3;

        off += (uint64_t)(z >> lv->bd) * rows * row
             + (gy >> lv->bh) * row
             + (xb >> 6) * block
             + ((gy & ((1ull << lv->bh) - 1)) << 9)
             + ((uint64_t)(z & ((1u << lv->bd) - 1)) << (9 + lv->bh))
             + tx_gob_offset((enum tx_gob_layout)L->gob_layout, (uint32_t)(xb & 63),
                             (uint32_t)(ys & 7));
        break;
    }
    default: /* buffer */
        off += xs * L->bpp;
        break;
    }
    *addr = off & ADDR48;
    return 0;
}
