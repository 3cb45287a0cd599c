/*
 * filter.c - filter stage (twin of rtl/tx_filter.sv).
 *
 * TLDS overrides the sampler with point filtering (seed, "Texture Header
 * State Overrides"), so its one tap passes through bit for bit.  Bilinear
 * filtering for TEX comes here with the fixed-point weights of docs/.
 */
#include "format.h"
#include "stages.h"

void tx_filter_point(const uint32_t in[4], uint32_t out[4])
{
    for (int i = 0; i < 4; i++)
        out[i] = in[i];
}

/* Gather: slot 2j + i holds tap (i, j); the result lists (i0,j1), (i1,j1),
 * (i1,j0), (i0,j0), the order of D3D's Gather and GL's textureGather. */
void tx_filter_gather(uint32_t t[TX_TAPS_PER_LANE][4], unsigned comp, uint32_t out[4])
{
    static const int slot[4] = {2, 3, 1, 0};
    for (int k = 0; k < 4; k++)
        out[k] = t[slot[k]][comp & 3];
}

/* ---- Weighted blend (docs/filtering.md B4, B5) ---- */

#define F_EXP(x) (((x) >> 23) & 0xffu)
#define F_FRAC(x) ((x) & 0x7fffffu)

static int f_nan(uint32_t x)
{
    return F_EXP(x) == 0xffu && F_FRAC(x) != 0;
}

/* B4: the four bilinear weights of fractions fu, fv: w11 rounded to nearest
 * (ties up), w10 and w01 what is left of fu and fv, w00 the rest. */
static void bilinear_weights(unsigned fu, unsigned fv, unsigned w[4])
{
    w[3] = (fu * fv + 128u) >> 8;
    w[1] = fu - w[3];
    w[2] = fv - w[3];
    w[0] = 256u - fu - fv + w[3];
}

/* B4: group weight G split along u (g1 = G fu / 256 half up, g0 the rest),
 * then each part along v (w11 = g1 fv / 256 half up, w01 = g0 fv / 256
 * half down, w10 and w00 the rests).  G = 256 gives bilinear_weights. */
static void split_uv(unsigned G, unsigned fu, unsigned fv, unsigned w[4])
{
    unsigned g1 = (G * fu + 128u) >> 8, g0 = G - g1;
    unsigned w11 = (g1 * fv + 128u) >> 8, w01 = (g0 * fv + 127u) >> 8;
    w[0] = g0 - w01;
    w[1] = g1 - w11;
    w[2] = w01;
    w[3] = w11;
}

void tx_filter_weights(int ntaps, const uint8_t fu[2], const uint8_t fv[2], const uint8_t fw[2],
                       unsigned fg, unsigned w[TX_TAPS_PER_LANE])
{
    for (int i = 0; i < TX_TAPS_PER_LANE; i++)
        w[i] = 0;
    if (ntaps < 8) {
        bilinear_weights(fu[0], fv[0], w);
        return;
    }
    if (ntaps == 8) {
        /* Two groups (levels, or the slices of one 3D level): G = 256 - fg
         * and fg, each split along u and v. */
        split_uv(256u - fg, fu[0], fv[0], &w[0]);
        split_uv(fg, fu[1], fv[1], &w[4]);
        return;
    }
    /* Two levels of a 3D texture: level l's weight G (256 - fg, fg) split
     * between its slices (slice 1: G fw / 256 half down, slice 0 the rest),
     * then each slice's part along u and v. */
    for (int l = 0; l < 2; l++) {
        unsigned G = l ? fg : 256u - fg;
        unsigned s1 = (G * fw[l] + 127u) >> 8;
        split_uv(G - s1, fu[l], fv[l], &w[8 * l]);
        split_uv(s1, fu[l], fv[l], &w[8 * l + 4]);
    }
}

/* An exact tap code of a fixed-point class: round(|v| * max) for a
 * binary32 v in [0, 1], ties up; NaN 0, beyond 1 max. */
static uint32_t fix_code(uint32_t v, uint32_t max)
{
    v = tx_f32_ftz(v) & 0x7fffffffu;
    if (f_nan(v) || v == 0)
        return 0;
    if (v >= 0x3f800000u)
        return max;
    unsigned sh = 150u - F_EXP(v);          /* >= 24 */
    if (sh > 60)
        return 0;
    uint64_t m = (uint64_t)(0x800000u | F_FRAC(v)) * max;
    return (uint32_t)((m + (1ull << (sh - 1))) >> sh);
}

static int64_t floor_shift(int64_t x, unsigned s)
{
    /* Arithmetic shift right (floor), without relying on >> of negatives. */
    return x >= 0 ? x >> s : -(int64_t)(((uint64_t)(-x) + (1ull << s) - 1u) >> s);
}

/* Round |tot| * 2^sc to p significant bits, ties away from zero, no step
 * below 2^qmin; ftz: a result below 2^(qmin + p - 1) is a zero; emax: a
 * result of 2^emax or more is Inf.  Returns the binary32 pattern. */
static uint32_t round_float(int64_t tot, int sc, int p, int qmin, int ftz, int emax)
{
    if (tot == 0)
        return 0;
    uint32_t sign = tot < 0 ? 0x80000000u : 0u;
    uint64_t mag = tot < 0 ? (uint64_t)(-tot) : (uint64_t)tot;
    int lp = 63 - __builtin_clzll(mag);
    int qe = lp + sc - (p - 1);
    if (qe < qmin)
        qe = qmin;
    int sh = qe - sc;
    uint64_t sig;
    if (sh <= 0) {
        sig = mag << -sh;
    } else if (sh >= 63) {
        sig = 0;
    } else {
        sig = mag >> sh;
        if ((mag >> (sh - 1)) & 1u)
            sig++;                          /* half or more: away from zero */
    }
    if (sig >> p) {
        sig >>= 1;
        qe++;
    }
    if (sig == 0)
        return ftz ? sign : 0;
    int k = 63 - __builtin_clzll(sig);
    int e = qe + k;                         /* the result is in [2^e, 2^(e+1)) */
    if (ftz && e < qmin + p - 1)
        return sign;
    if (e >= emax)
        return sign | 0x7f800000u;
    return sign | (uint32_t)(e + 127) << 23 | (uint32_t)((sig << (23 - k)) & 0x7fffffu);
}

/* B5, F32 and F16: align every weighted tap to the largest exponent with 4
 * guard bits (bits below them dropped), weigh, sum exactly, round once. */
static uint32_t blend_float(const uint32_t *t, const unsigned *w, unsigned live, int n, int half)
{
    int32_t e[TX_TAPS_PER_LANE];
    uint32_t m[TX_TAPS_PER_LANE], sg[TX_TAPS_PER_LANE];
    int E = -1000, inf = 0;
    for (int i = 0; i < n; i++) {
        uint32_t v = tx_f32_ftz(t[i]);
        e[i] = -1000;                       /* no contribution */
        m[i] = 0;
        sg[i] = v >> 31;
        if (!(live >> i & 1))
            continue;
        if (half) {
            uint16_t h = tx_f32_to_f16(v, 0);
            uint32_t he = (h >> 10) & 31u;
            if (he == 31u && (h & 0x3ffu))
                return 0x7fffe000u;
            if (he == 31u) {
                inf |= sg[i] ? 2 : 1;
                continue;
            }
            if (!w[i])
                continue;
            m[i] = (h & 0x3ffu) | (he ? 0x400u : 0u);
            e[i] = he ? (int32_t)he : 1;    /* value m * 2^(e - 25) */
        } else {
            if (f_nan(v))
                return 0x7fffffffu;
            if (F_EXP(v) == 0xffu) {
                inf |= sg[i] ? 2 : 1;
                continue;
            }
            if (F_EXP(v) != 0 && w[i]) {
                m[i] = 0x800000u | F_FRAC(v);
                e[i] = (int32_t)F_EXP(v);   /* value m * 2^(e - 150) */
            }
        }
        if (m[i] != 0 && e[i] > E)
            E = e[i];
    }
    if (inf == 3)
        return half ? 0x7fffe000u : 0x7fffffffu;
    if (inf)
        return (inf == 2 ? 0x80000000u : 0u) | 0x7f800000u;
    int64_t tot = 0;
    for (int i = 0; i < n; i++) {
        if (!w[i] || m[i] == 0)
            continue;
        unsigned d = (unsigned)(E - e[i]);
        int64_t a = d >= 40 ? 0 : (int64_t)(((uint64_t)m[i] << 4) >> d) * w[i];
        tot += sg[i] ? -a : a;
    }
    return half ? round_float(tot, E - 25 - 4 - 8, 11, -24, 0, 16)
                : round_float(tot, E - 150 - 4 - 8, 24, -149, 1, 128);
}

/* B5, sRGB: each tap held at the step of its 8-code segment (8 significant
 * bits at the segment's upper binade, no step below 2^-14), all at the
 * largest such step of the weighted taps, the rest dropped; the weighted sum
 * rounded once to binary16, ties away from zero. */
static int srgb_step(uint32_t v)
{
    int e = (int)F_EXP(v) - 127;            /* v in [2^e, 2^(e+1)) */
    if (v == 0 || F_EXP(v) == 0)
        return -14;
    if (e >= -7 && e <= -1 && v >= tx_srgb_seg_start((unsigned)(e + 7)))
        e++;
    return e - 7 < -14 ? -14 : e - 7;
}

static uint32_t blend_srgb(const uint32_t *t, const unsigned *w, unsigned live, int n)
{
    int Q = -14, inf = 0;
    for (int i = 0; i < n; i++) {
        uint32_t v = tx_f32_ftz(t[i]) & 0x7fffffffu;
        if (!(live >> i & 1) || (t[i] >> 31))
            continue;
        if (f_nan(v))
            return 0x7fffe000u;
        if (F_EXP(v) == 0xffu) {
            inf = 1;
            continue;
        }
        if (!w[i])
            continue;
        int q = srgb_step(v);
        if (q > Q)
            Q = q;
    }
    if (inf)
        return 0x7f800000u;
    int64_t tot = 0;
    for (int i = 0; i < n; i++) {
        uint32_t v = tx_f32_ftz(t[i]);
        if (!w[i] || (v >> 31) || v == 0)
            continue;
        /* floor(v / 2^Q): v = m * 2^(E - 150) */
        int sh = 150 - (int)F_EXP(v) + Q;
        uint64_t m = 0x800000u | F_FRAC(v);
        uint64_t h = sh >= 40 ? 0 : sh >= 0 ? m >> sh : m << -sh;
        tot += (int64_t)h * w[i];
    }
    return round_float(tot, Q - 8, 11, -24, 0, 16);
}

/* B5, fixed-point classes: the taps' codes weighed and summed exactly, the
 * sum rounded once to a code (ties up), converted like the format stage.
 * SNORM8: a tap of smin (bit i) holds the code -128, which decodes to -1.0
 * like -127 but enters the sum as itself, -128 * 129. */
static uint32_t blend_fixed(const uint32_t *t, unsigned smin, const unsigned *w, int n,
                            unsigned cls)
{
    int64_t s = 0;
    for (int i = 0; i < n; i++) {
        if (!w[i])
            continue;
        int neg = (t[i] >> 31) && !f_nan(t[i]);
        int64_t c;
        if (cls == TX_BL_UNORM)
            c = neg ? 0 : fix_code(t[i], 65535u);
        else if (cls == TX_BL_SNORM)
            c = fix_code(t[i], 32767u);
        else if (smin >> i & 1u)
            c = 128 * 129;
        else
            c = (int64_t)fix_code(t[i], 127u) * 129;
        s += (neg ? -c : c) * w[i];
    }
    if (cls == TX_BL_UNORM)
        return tx_unorm16_to_f32((uint32_t)((s + 128) >> 8));
    int64_t code;
    if (cls == TX_BL_SNORM) {
        code = floor_shift(s + 128, 8);
    } else {
        /* SNORM8: the 14-bit code sum (q * 129) scaled to 15 bits by the
         * measured constant (2^27 + 4065) / 2^30 after dropping 4 bits. */
        code = floor_shift(floor_shift(s, 4) * (int64_t)((1u << 27) + 4065u) + (1ll << 29), 30);
    }
    if (code < -32767)
        code = -32767;
    if (code > 32767)
        code = 32767;
    return tx_snorm16_to_f32((int32_t)code);
}

uint32_t tx_blend(unsigned cls, const uint32_t *t, unsigned smin, const unsigned *w,
                  unsigned live, int n)
{
    switch (cls) {
    case TX_BL_F16:   return blend_float(t, w, live, n, 1);
    case TX_BL_SRGB:  return blend_srgb(t, w, live, n);
    case TX_BL_UNORM:
    case TX_BL_SNORM:
    case TX_BL_SNORM8: return blend_fixed(t, smin, w, n, cls);
    default:          return blend_float(t, w, live, n, 0);
    }
}

/* B4: the taps a lane reads: tap i = 1 needs fu != 0, j = 1 needs fv != 0,
 * the second group (ntaps 8) or level (ntaps 16) fg != 0, a second slice of
 * a level (ntaps 16) that level's fw != 0.  A tap read with a weight
 * rounded to 0 still passes on NaN and Inf (B5). */
unsigned tx_filter_live(int ntaps, const uint8_t fu[2], const uint8_t fv[2], const uint8_t fw[2],
                        unsigned fg)
{
    unsigned live = 0;
    int n = ntaps < 8 ? 4 : ntaps;
    for (int t = 0; t < n; t++) {
        int g = n == 16 ? t >> 3 : t >> 2;   /* the group of fu, fv, fg */
        if ((t & 1) && !fu[g])
            continue;
        if ((t & 2) && !fv[g])
            continue;
        if (g && !fg)
            continue;
        if (n == 16 && (t & 4) && !fw[g])
            continue;
        live |= 1u << t;
    }
    return live;
}

/* B4 of docs/filtering.md.  ntaps 1: slot 0 unchanged; 4: bilinear on slots
 * 0..3; 8: both groups (levels or 3D slices), weighed by fg; 16: two levels
 * of two 3D slices each; every tap of non-zero weight enters one sum,
 * rounded once. */
void tx_filter_tex(uint32_t t[TX_TAPS_PER_LANE][4], const uint8_t smin[TX_TAPS_PER_LANE],
                   int ntaps, const uint8_t fu[2], const uint8_t fv[2], const uint8_t fw[2],
                   unsigned fg, unsigned corners, const uint8_t cls[4], uint32_t out[4])
{
    unsigned w[TX_TAPS_PER_LANE], live = 0;
    if (ntaps > 1) {
        tx_filter_weights(ntaps, fu, fv, fw, fg, w);
        live = tx_filter_live(ntaps, fu, fv, fw, fg);
        if (corners)   /* seamless cube corners: their weights shared out (S4) */
            tx_cube_corner_weights(w, corners);
    }
    for (int c = 0; c < 4; c++) {
        if (ntaps <= 1) {
            out[c] = t[0][c];
            continue;
        }
        uint32_t col[TX_TAPS_PER_LANE];
        unsigned sm = 0;
        for (int i = 0; i < TX_TAPS_PER_LANE; i++) {
            col[i] = t[i][c];
            sm |= (unsigned)(smin[i] >> c & 1u) << i;
        }
        out[c] = tx_blend(cls[c], col, sm, w, live, ntaps < 8 ? 8 : ntaps);
    }
}

/* ---- Min/max reduction (docs/filtering.md section 13) ---- */

/* Order key of a flushed, non-NaN binary32: unsigned comparison of the keys
 * is the numeric order with -0 below +0, so equal keys are equal bits. */
static uint32_t red_key(uint32_t x)
{
    return (x >> 31) ? ~x : x | 0x80000000u;
}

static int red_nan(uint32_t x)
{
    return ((x >> 23) & 0xffu) == 0xffu && (x & 0x7fffffu) != 0;
}

/* R2: the reduction of two values.  Denormals read as zeros of their sign
 * (F1.1); a NaN loses to any number; two NaNs give the canonical NaN. */
uint32_t tx_fred(uint32_t a, uint32_t b, int max)
{
    a = tx_f32_ftz(a);
    b = tx_f32_ftz(b);
    if (red_nan(a) && red_nan(b))
        return 0x7fc00000u;
    if (red_nan(a))
        return b;
    if (red_nan(b))
        return a;
    int a_lt = red_key(a) < red_key(b);
    return (a_lt ^ max) ? a : b;
}

/* R1, R3: the taps of one group with a non-zero weight.  Tap i = 1 weighs
 * fu (0 leaves it out), tap j = 1 weighs fv; tap 0 always weighs 256 - fu
 * times 256 - fv > 0.  An excluded tap is replaced by tap 0, which a min or
 * max already holds, so the fold is the same over every group shape. */
static uint32_t red_group(uint32_t t[4][4], int c, unsigned fu, unsigned fv, int max)
{
    uint32_t r = tx_fred(t[0][c], t[0][c], max);
    r = tx_fred(r, fu ? t[1][c] : t[0][c], max);
    r = tx_fred(r, fv ? t[2][c] : t[0][c], max);
    r = tx_fred(r, fu && fv ? t[3][c] : t[0][c], max);
    return r;
}

void tx_filter_reduce(uint32_t t[TX_TAPS_PER_LANE][4], int ntaps, const uint8_t fu[2],
                      const uint8_t fv[2], const uint8_t fw[2], unsigned fg, int max,
                      uint32_t out[4])
{
    for (int c = 0; c < 4; c++) {
        if (ntaps <= 1) {
            out[c] = t[0][c];
            continue;
        }
        uint32_t r = red_group(&t[0], c, fu[0], fv[0], max);
        if (ntaps == 16) {
            /* Groups in slot order: level 0 slices 0, 1, level 1 slices 0, 1. */
            if (fw[0])
                r = tx_fred(r, red_group(&t[4], c, fu[0], fv[0], max), max);
            if (fg)
                r = tx_fred(r, red_group(&t[8], c, fu[1], fv[1], max), max);
            if (fg && fw[1])
                r = tx_fred(r, red_group(&t[12], c, fu[1], fv[1], max), max);
        } else if (ntaps == 8 && fg != 0) {
            r = tx_fred(r, red_group(&t[4], c, fu[1], fv[1], max), max);
        }
        out[c] = r;
    }
}
