/*
 * lod.c - level selection (twin of rtl/tx_lod.sv).
 *
 * TLDS has no derivatives: .LZ selects the view's first level and .LL adds
 * an unsigned level to it (docs/semantics.md S3.4).  The bounds test is made
 * on the relative lod, not on the sum, so a huge lod that wraps the 32-bit
 * sum back into range is still out of bounds.
 */
#include "stages.h"

void tx_lod_view_of_tic(const tx_tic *t, uint32_t *first, uint32_t *last)
{
    *first = t->res_view_min_mip_level & 15u;
    *last = t->res_view_max_mip_level & 15u;
    if ((t->max_mip_level & 15u) < *last)
        *last = t->max_mip_level & 15u;
}

int tx_lod_tlds(uint32_t first, uint32_t last, int ll, uint32_t lod, uint32_t *level)
{
    if (!ll)
        lod = 0;
    *level = first + lod;
    return first > last || lod > last - first;
}

/* ---- TEX: texel-space coordinates, log2 (docs/filtering.md C, L, Q) ---- */

/* gen-log2-lut: begin (do not edit by hand) */
static const uint8_t log2_lut[256] = {
      0,   1,   3,   4,   6,   7,   9,  10,  11,  13,  14,  16,  17,  18,  20,  21,
     22,  24,  25,  26,  28,  29,  30,  32,  33,  34,  36,  37,  38,  40,  41,  42,
     44,  45,  46,  47,  49,  50,  51,  52,  54,  55,  56,  57,  59,  60,  61,  62,
     63,  65,  66,  67,  68,  69,  71,  72,  73,  74,  75,  77,  78,  79,  80,  81,
     82,  84,  85,  86,  87,  88,  89,  90,  92,  93,  94,  95,  96,  97,  98,  99,
    100, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 116, 117,
    118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133,
    134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,
    150, 151, 152, 153, 154, 155, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164,
    165, 166, 167, 168, 169, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 178,
    179, 180, 181, 182, 183, 184, 185, 185, 186, 187, 188, 189, 190, 191, 192, 192,
    193, 194, 195, 196, 197, 198, 198, 199, 200, 201, 202, 203, 203, 204, 205, 206,
    207, 208, 208, 209, 210, 211, 212, 212, 213, 214, 215, 216, 216, 217, 218, 219,
    220, 220, 221, 222, 223, 224, 224, 225, 226, 227, 228, 228, 229, 230, 231, 231,
    232, 233, 234, 234, 235, 236, 237, 238, 238, 239, 240, 241, 241, 242, 243, 244,
    244, 245, 246, 247, 247, 248, 249, 249, 250, 251, 252, 252, 253, 254, 255, 255,
};
/* gen-log2-lut: end */

#define UMIN (-(1 << 26))
#define UMAX ((1 << 26) - 1)

int32_t tx_coord_fx(uint32_t x, uint32_t n)
{
    unsigned e = (x >> 23) & 0xffu;
    int neg = (x >> 31) & 1;

    /* C1: NaN -> 0, denormals and zeros -> 0; Inf keeps e = 255, m = 2^23. */
    if (e == 0 || (e == 0xff && (x & 0x7fffffu)))
        return 0;
    uint64_t m = e == 0xff ? 0x800000u : (0x800000u | (x & 0x7fffffu));
    uint64_t p = m * n;                 /* <= 2^40 for n <= 2^16 */
    int k = (int)e - 142;
    int64_t u;

    if (p == 0)
        return 0;
    if (k >= 0) {
        /* Saturate when p << k passes the limit; compared as p > limit >> k
         * so that the shift cannot overflow. */
        if (k >= 40 || p > (((uint64_t)UMAX + (neg ? 1 : 0)) >> k))
            return neg ? UMIN : UMAX;
        u = (int64_t)(p << k);
        return (int32_t)(neg ? -u : u);
    }
    if (-k >= 63)
        return neg ? -1 : 0;
    if (!neg)
        u = (int64_t)(p >> -k);
    else
        u = -(int64_t)((p + (1ull << -k) - 1) >> -k);
    if (u > UMAX)
        u = UMAX;
    if (u < UMIN)
        u = UMIN;
    return (int32_t)u;
}

int32_t tx_lod_log2(uint32_t r)
{
    int p = 31;

    if (r == 0)
        return -8192;
    while (!(r >> p & 1))
        p--;
    unsigned q = p >= 8 ? (r >> (p - 8)) & 255u : (r << (8 - p)) & 255u;
    return (int32_t)((p - 8) * 256) + log2_lut[q];
}

/* Magnitude order of two binary32 patterns without sign; NaN is already 0. */
static uint32_t mag(uint32_t x)
{
    return x & 0x7fffffffu;
}

/* Q3: floor(sc * 2^24 / |ma|) for |sc| <= |ma|. */
static int32_t cube_ratio(uint32_t sc, uint32_t ma)
{
    unsigned es = (sc >> 23) & 0xffu, em = (ma >> 23) & 0xffu;
    if (es == 0 || em == 0)
        return 0;
    int64_t ms = 0x800000 | (es == 0xff ? 0 : (sc & 0x7fffff));
    int64_t mm = 0x800000 | (em == 0xff ? 0 : (ma & 0x7fffff));
    int d = (int)em - (int)es;
    int neg = (sc >> 31) & 1;
    if (d > 24)
        return neg ? -1 : 0;
    int64_t num = ms << (24 - d);
    if (!neg)
        return (int32_t)(num / mm);
    return (int32_t)-((num + mm - 1) / mm);
}

int tx_cube_face(uint32_t x, uint32_t y, uint32_t z, int32_t *rs, int32_t *rt)
{
    uint32_t s[3] = {x, y, z};
    /* C1 first: NaN is +0, a denormal a zero of its sign. */
    for (int i = 0; i < 3; i++) {
        unsigned e = (s[i] >> 23) & 0xffu;
        if (e == 0xff && (s[i] & 0x7fffffu))
            s[i] = 0;
        else if (e == 0)
            s[i] &= 0x80000000u;
    }
    uint32_t ax = mag(s[0]), ay = mag(s[1]), az = mag(s[2]);
    int face;
    uint32_t ma, sc, tc;
    const uint32_t NEG = 0x80000000u;

    if (az >= ay && az >= ax) {
        ma = s[2];
        face = (ma >> 31) ? 5 : 4;
        sc = face == 4 ? s[0] : s[0] ^ NEG;
        tc = s[1] ^ NEG;
    } else if (ay >= ax) {
        ma = s[1];
        face = (ma >> 31) ? 3 : 2;
        sc = s[0];
        tc = face == 2 ? s[2] : s[2] ^ NEG;
    } else {
        ma = s[0];
        face = (ma >> 31) ? 1 : 0;
        sc = face == 0 ? s[2] ^ NEG : s[2];
        tc = s[1] ^ NEG;
    }
    /* A zero flips sign under ^NEG; the ratio of a zero is 0 either way. */
    *rs = cube_ratio(sc, mag(ma));
    *rt = cube_ratio(tc, mag(ma));
    return face;
}

int32_t tx_cube_fx(int32_t r, uint32_t n)
{
    return (int32_t)(((int64_t)r + (1 << 24)) * (int64_t)n >> 17);
}

/* ---- TEX: anisotropic footprint (docs/filtering.md section 14) ---- */

/* log2 of a squared length s (units 2^-16 texel^2) in s.8, halved: the log2
 * of the length in texels, floor; -8192 for 0.  Same table as L2. */
static int32_t aniso_len_log2(uint64_t s)
{
    int p = 63;

    if (s == 0)
        return -8192;
    while (!(s >> p & 1))
        p--;
    unsigned q = p >= 8 ? (unsigned)(s >> (p - 8)) & 255u : (unsigned)(s << (8 - p)) & 255u;
    int32_t l2 = (int32_t)((p - 16) * 256) + log2_lut[q];
    return l2 >> 1;
}

unsigned tx_aniso_max_log2(unsigned code)
{
    /* MAX_ANISOTROPY 1:1, 2:1, 4:1, 6:1, 8:1, 10:1, 12:1, 16:1, rounded down
     * to the probe counts the design has (1, 2, 4, 8, 16). */
    static const uint8_t lg[8] = {0, 1, 2, 2, 3, 3, 3, 4};
    return lg[code & 7u];
}

void tx_aniso_footprint(const int32_t d[4], unsigned max_log2, tx_aniso *a)
{
    /* d = dux, dvx, duy, dvy (s.8); squares exact in 64 bits (|d| <= 2^27). */
    uint64_t sx = (uint64_t)((int64_t)d[0] * d[0]) + (uint64_t)((int64_t)d[1] * d[1]);
    uint64_t sy = (uint64_t)((int64_t)d[2] * d[2]) + (uint64_t)((int64_t)d[3] * d[3]);
    int32_t lx = aniso_len_log2(sx), ly = aniso_len_log2(sy);
    int xmaj = sx >= sy;
    int32_t major = xmaj ? lx : ly, minor = xmaj ? ly : lx;
    int32_t ratio = major - minor;
    unsigned n = (unsigned)((ratio + 255) >> 8);

    if (n > max_log2)
        n = max_log2;
    a->nlog = n;
    a->lambda = major == -8192 ? -8192 : major - (int32_t)(n << 8);
    a->du = xmaj ? d[0] : d[2];
    a->dv = xmaj ? d[1] : d[3];
}

int32_t tx_aniso_probe(int32_t u, int32_t d, unsigned r, unsigned nlog, unsigned k)
{
    /* Probe k of N = 2^nlog at (2k + 1 - N) / 2N of the major axis, the axis
     * scaled to level first + r by 2^-r; floor divisions; clamped to C2's
     * range. */
    int64_t dl = (int64_t)d >> r;
    int64_t off = ((int64_t)(2 * (int)k + 1 - (1 << nlog)) * dl) >> (nlog + 1);
    int64_t v = (int64_t)u + off;
    if (v > UMAX)
        v = UMAX;
    if (v < UMIN)
        v = UMIN;
    return (int32_t)v;
}
