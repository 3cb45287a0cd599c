/*
 * addr.c - address stage: texel coordinates -> byte address and bounds (twin
 * of rtl/tx_addr_pkg.sv).  Formulas in docs/layouts.md.  Also the TEX tap
 * coordinates (docs/filtering.md C2, Q4) and address modes (section 6).
 */
#include "stages.h"

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
    /* Block formats address the 4x4 block that holds the texel. */
    if (L->blk) {
        x >>= 2;
        y >>= 2;
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
        uint64_t hb = L->blk ? ((uint64_t)lv->h + 3) >> 2 : lv->h;
        uint64_t rows = ((hb << gyl) + (8ull << lv->bh) - 1) >> (3 + lv->bh);
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

/* ---- TEX tap coordinates (docs/filtering.md C2, Q4) -------------------- */

#define TAP_UMIN (-(1 << 26))
#define TAP_UMAX ((1 << 26) - 1)
#define TAP_LIM (1ll << 40)   /* |u21| beyond this saturates in any case */

/* s.21 -> s.8: linear taps round to the nearest 1/256 (half up), point taps
 * floor; then the C2 range. */
static int32_t tap_round(int64_t u21, int linear)
{
    int64_t u = (u21 + (linear ? 4096 : 0)) >> 13;
    return (int32_t)(u < TAP_UMIN ? TAP_UMIN : u > TAP_UMAX ? TAP_UMAX : u);
}

int32_t tx_tex_coord(uint32_t x, uint32_t n, int linear)
{
    unsigned e = (x >> 23) & 0xffu;
    int neg = (x >> 31) & 1;

    /* C1: NaN -> 0, denormals and zeros -> 0; Inf keeps e = 255, m = 2^23. */
    if (e == 0 || (e == 0xff && (x & 0x7fffffu)) || n == 0)
        return 0;
    int64_t m = e == 0xff ? 0x800000 : (0x800000 | (int64_t)(x & 0x7fffffu));
    int k = (int)e - 129;          /* x * 2^21 = m * 2^k */
    int64_t c;                     /* x cut to 21 fraction bits, in 2^-21 */

    if (k >= 17) {                 /* m << k >= 2^40: saturated anyway */
        c = TAP_LIM;
    } else if (k >= 0) {
        c = m << k;
    } else if (-k >= 63) {
        c = neg ? 1 : 0;
    } else {
        /* floor of the magnitude for x > 0, toward minus infinity for x < 0 */
        c = neg ? (m + (1ll << -k) - 1) >> -k : m >> -k;
    }
    /* times n, exactly, saturated beyond the range of C2 */
    int64_t u21 = c > TAP_LIM / (int64_t)n ? TAP_LIM : c * (int64_t)n;
    return tap_round(neg ? -u21 : u21, linear);
}

int32_t tx_cube_coord(int32_t r, uint32_t n, int linear)
{
    /* (r + 2^24) is the face coordinate in 2^-25; cut to 2^-21, times n. */
    int64_t s21 = ((int64_t)r + (1 << 24)) >> 4;
    return tap_round(s21 * (int64_t)n, linear);
}

/* ---- TEX address modes (docs/filtering.md section 6) ------------------- */

static int32_t clampi(int64_t v, int64_t lo, int64_t hi)
{
    return (int32_t)(v < lo ? lo : v > hi ? hi : v);
}

/* Mode on one integer index; sets *border when the tap is a border tap. */
static int32_t wrap_index(int32_t i, uint32_t n, unsigned mode, int *border)
{
    int64_t nn = n, t, m;
    *border = 0;
    switch (mode) {
    case 0: /* WRAP */
        t = i % nn;
        return (int32_t)(t < 0 ? t + nn : t);
    case 1: /* MIRROR */
        t = i % (2 * nn);
        if (t < 0)
            t += 2 * nn;
        return (int32_t)(t < nn ? t : 2 * nn - 1 - t);
    case 3: /* BORDER */
    case 4: /* CLAMP_OGL (linear; point clamps, see tx_addr_axis) */
    case 7: /* MIRROR_ONCE_CLAMP_OGL, coordinate already mirrored */
        if (i < 0 || i >= nn)
            *border = 1;
        return i;
    case 5: /* MIRROR_ONCE_CLAMP_TO_EDGE */
        m = i < 0 ? -(int64_t)i - 1 : i;
        return clampi(m, 0, nn - 1);
    case 6: /* MIRROR_ONCE_BORDER */
        m = i < 0 ? -(int64_t)i - 1 : i;
        if (m >= nn)
            *border = 1;
        return (int32_t)m;
    default: /* 2 CLAMP_TO_EDGE */
        return clampi(i, 0, nn - 1);
    }
}

void tx_addr_axis(int32_t u, uint32_t n, unsigned mode, int linear, tx_axis *a)
{
    mode &= 7u;
    if (n == 0)
        n = 1;
    if (mode == 4 || mode == 7) {
        /* A2: GL_CLAMP works on the coordinate. */
        int64_t c = u;
        if (mode == 7 && c < 0)
            c = -c;
        u = clampi(c, 0, (int64_t)n * 256);
        if (!linear)
            mode = 2;   /* point sampling clamps the index instead */
    }
    if (linear) {
        int32_t v = u - 128;
        a->i[0] = v >> 8;
        a->i[1] = a->i[0] + 1;
        a->f = (uint8_t)(v & 255);
    } else {
        a->i[0] = a->i[1] = u >> 8;
        a->f = 0;
    }
    for (int k = 0; k < 2; k++) {
        int b;
        a->i[k] = wrap_index(a->i[k], n, mode, &b);
        a->border[k] = (uint8_t)b;
    }
    /* T2: both taps on one texel (an edge under a clamp or a mirror, a
     * one-texel wrap) or both on the border: the fraction is 0. */
    if (a->border[0] && a->border[1])
        a->f = 0;
    if (!a->border[0] && !a->border[1] && a->i[0] == a->i[1])
        a->f = 0;
}
