/*
 * filter.c - filter stage (twin of rtl/tx_filter.sv).
 *
 * TLDS overrides the sampler with point filtering (seed, "Texture Header
 * State Overrides"), so its one tap passes through bit for bit.  Bilinear
 * filtering for TEX comes here with the fixed-point weights of docs/.
 */
#include "stages.h"

void tx_filter_point(const uint32_t in[4], uint32_t out[4])
{
    for (int i = 0; i < 4; i++)
        out[i] = in[i];
}

/* B4 of docs/filtering.md.  ntaps 1: slot 0 unchanged; 4: bilinear on slots
 * 0..3; 8: both groups, then the lerp between them by fg. */
void tx_filter_tex(uint32_t t[8][4], int ntaps, const uint8_t fu[2], const uint8_t fv[2],
                   unsigned fg, uint32_t out[4])
{
    for (int c = 0; c < 4; c++) {
        if (ntaps <= 1) {
            out[c] = t[0][c];
            continue;
        }
        uint32_t r0 = tx_lerp(t[0][c], t[1][c], fu[0]);
        uint32_t r1 = tx_lerp(t[2][c], t[3][c], fu[0]);
        uint32_t g0 = tx_lerp(r0, r1, fv[0]);
        if (ntaps < 8) {
            out[c] = g0;
            continue;
        }
        uint32_t r2 = tx_lerp(t[4][c], t[5][c], fu[1]);
        uint32_t r3 = tx_lerp(t[6][c], t[7][c], fu[1]);
        uint32_t g1 = tx_lerp(r2, r3, fv[1]);
        out[c] = tx_lerp(g0, g1, fg);
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

void tx_filter_reduce(uint32_t t[8][4], int ntaps, const uint8_t fu[2], const uint8_t fv[2],
                      unsigned fg, int max, uint32_t out[4])
{
    for (int c = 0; c < 4; c++) {
        if (ntaps <= 1) {
            out[c] = t[0][c];
            continue;
        }
        uint32_t g0 = red_group(&t[0], c, fu[0], fv[0], max);
        if (ntaps < 8 || fg == 0) {
            out[c] = g0;
            continue;
        }
        out[c] = tx_fred(g0, red_group(&t[4], c, fu[1], fv[1], max), max);
    }
}
