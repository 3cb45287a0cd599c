/*
 * fp32.c - the few binary32 operations of the filter stage, in integer
 * arithmetic so that the model never depends on the host's floating point
 * (twin of rtl/tx_fp32.sv).  Rules in docs/filtering.md section 1 and B1-B3:
 * round to nearest even, denormal inputs read as zero, a result whose
 * exponent falls below the normal range becomes a zero of its sign, and
 * every NaN result is 0x7fc00000.
 */
#include "stages.h"

#define F32_QNAN 0x7fc00000u
#define SIGN(x) ((x) & 0x80000000u)
#define EXP(x) (((x) >> 23) & 0xffu)
#define FRAC(x) ((x) & 0x7fffffu)

uint32_t tx_f32_ftz(uint32_t x)
{
    return EXP(x) == 0 ? SIGN(x) : x;
}

static int is_nan(uint32_t x)
{
    return EXP(x) == 0xff && FRAC(x) != 0;
}

/* Round the positive integer v (v > 0) to a 24-bit significand, ties to
 * even; return the fp32 magnitude of v * 2^(scale), or 0 below the normal
 * range, or Inf above it. */
static uint32_t round_pack(uint64_t v, int scale)
{
    int lp = 63;
    while (!(v >> lp & 1))
        lp--;
    int shift = lp - 23;
    uint64_t sig;
    if (shift > 0) {
        uint64_t rem = v & ((1ull << shift) - 1);
        uint64_t half = 1ull << (shift - 1);
        sig = v >> shift;
        if (rem > half || (rem == half && (sig & 1)))
            sig++;
        if (sig >> 24) {
            sig >>= 1;
            shift++;
        }
    } else {
        sig = v << -shift;
    }
    /* value = sig * 2^(shift + scale); biased exponent E: sig * 2^(E - 150) */
    int e = shift + scale + 150;
    if (e <= 0)
        return 0;
    if (e >= 255)
        return 0x7f800000u;
    return (uint32_t)e << 23 | (uint32_t)(sig & 0x7fffffu);
}

uint32_t tx_fmulw(uint32_t x, unsigned w)
{
    if (w == 0)
        return 0;                       /* a zero weight drops the tap */
    x = tx_f32_ftz(x);
    if (is_nan(x))
        return F32_QNAN;
    if (EXP(x) == 0xff || EXP(x) == 0)
        return x;                       /* Inf and zeros keep their sign */
    uint64_t p = (uint64_t)(0x800000u | FRAC(x)) * w;   /* exact, <= 33 bits */
    return SIGN(x) | round_pack(p, (int)EXP(x) - 150 - 8);
}

uint32_t tx_fadd(uint32_t a, uint32_t b)
{
    a = tx_f32_ftz(a);
    b = tx_f32_ftz(b);
    if (is_nan(a) || is_nan(b))
        return F32_QNAN;
    if (EXP(a) == 0xff || EXP(b) == 0xff) {
        if (EXP(a) == 0xff && EXP(b) == 0xff && SIGN(a) != SIGN(b))
            return F32_QNAN;
        return EXP(a) == 0xff ? a : b;
    }
    if (EXP(a) == 0 && EXP(b) == 0)
        return SIGN(a) & SIGN(b);       /* -0 only when both are -0 */
    if (EXP(a) == 0)
        return b;
    if (EXP(b) == 0)
        return a;

    /* Order by magnitude, align the smaller with 30 guard bits and a sticky
     * bit, add or subtract exactly, round once. */
    if ((a & 0x7fffffffu) < (b & 0x7fffffffu)) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    int ea = (int)EXP(a), d = ea - (int)EXP(b);
    uint64_t ma = (uint64_t)(0x800000u | FRAC(a)) << 30;
    uint64_t mb = (uint64_t)(0x800000u | FRAC(b)) << 30;
    if (d > 0) {
        if (d >= 63) {
            mb = 1;
        } else {
            uint64_t lost = mb & ((1ull << d) - 1);
            mb = (mb >> d) | (lost != 0);
        }
    }
    uint64_t s = SIGN(a) == SIGN(b) ? ma + mb : ma - mb;
    if (s == 0)
        return 0;                       /* exact cancellation gives +0 */
    return SIGN(a) | round_pack(s, ea - 150 - 30);
}

uint32_t tx_lerp(uint32_t a, uint32_t b, unsigned f)
{
    return tx_fadd(tx_fmulw(a, 256u - f), tx_fmulw(b, f));
}

/* Order key of a non-NaN binary32 with +0 == -0 (denormals already 0). */
static int64_t key(uint32_t x)
{
    int64_t m = x & 0x7fffffffu;
    return SIGN(x) ? -m : m;
}

int tx_depth_compare(unsigned func, uint32_t ref, uint32_t d)
{
    ref = tx_f32_ftz(ref);
    d = tx_f32_ftz(d);
    int nan = is_nan(ref) || is_nan(d);
    int64_t r = key(ref), t = key(d);
    switch (func & 7u) {
    case 0: return 0;
    case 1: return !nan && r < t;
    case 2: return !nan && r == t;
    case 3: return !nan && r <= t;
    case 4: return !nan && r > t;
    case 5: return nan || r != t;
    case 6: return !nan && r >= t;
    default: return 1;
    }
}
