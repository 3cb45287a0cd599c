/*
 * test_reduce.c - min/max reduction of the filter stage (docs/filtering.md
 * section 13): the two-value rule R2 by hand-picked cases and against the
 * host's fminf/fmaxf on random normal values, and the tap selection R1/R3
 * (which slots have a non-zero weight) for every footprint shape.
 */
#include <math.h>

#include "check.h"
#include "stages.h"

static uint64_t rs = 0x243f6a8885a308d3ull;
static uint32_t rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return (uint32_t)(rs >> 11);
}

static void two_values(void)
{
    const uint32_t QNAN = 0x7fc00000u;
    /* -0 is below +0; both orders. */
    CHECK_EQ_U64(tx_fred(0x80000000u, 0x00000000u, 0), 0x80000000u, "min(-0, +0)");
    CHECK_EQ_U64(tx_fred(0x00000000u, 0x80000000u, 0), 0x80000000u, "min(+0, -0)");
    CHECK_EQ_U64(tx_fred(0x80000000u, 0x00000000u, 1), 0x00000000u, "max(-0, +0)");
    CHECK_EQ_U64(tx_fred(0x00000000u, 0x80000000u, 1), 0x00000000u, "max(+0, -0)");
    /* Denormals read as zeros of their sign (F1.1). */
    CHECK_EQ_U64(tx_fred(0x00000001u, 0x3f800000u, 0), 0x00000000u, "min(denormal, 1)");
    CHECK_EQ_U64(tx_fred(0x807fffffu, 0x00000000u, 0), 0x80000000u, "min(-denormal, +0)");
    CHECK_EQ_U64(tx_fred(0x807fffffu, 0x807fffffu, 1), 0x80000000u, "max(-den, -den)");
    /* A NaN loses; two NaNs give the canonical NaN. */
    CHECK_EQ_U64(tx_fred(0x7f800001u, 0xbf800000u, 0), 0xbf800000u, "min(sNaN, -1)");
    CHECK_EQ_U64(tx_fred(0x40000000u, 0xffc00001u, 1), 0x40000000u, "max(2, -NaN)");
    CHECK_EQ_U64(tx_fred(0xffc00001u, 0x7f800001u, 0), QNAN, "min(NaN, NaN)");
    CHECK_EQ_U64(tx_fred(0xffc00001u, 0xffc00001u, 1), QNAN, "max(NaN, NaN)");
    /* Infinities order as numbers. */
    CHECK_EQ_U64(tx_fred(0xff800000u, 0x7f800000u, 0), 0xff800000u, "min(-Inf, Inf)");
    CHECK_EQ_U64(tx_fred(0xff800000u, 0x7f800000u, 1), 0x7f800000u, "max(-Inf, Inf)");
    CHECK_EQ_U64(tx_fred(0x7f800000u, 0x7f7fffffu, 1), 0x7f800000u, "max(Inf, FLT_MAX)");
    /* Random normal values against the host. */
    int bad = 0;
    for (int i = 0; i < 200000; i++) {
        uint32_t a = rnd() | (rnd() & 1u) << 31, b = rnd() | (rnd() & 1u) << 31;
        if (i & 1)
            b = (a & 0xff800000u) | (rnd() & 0x7fffffu);   /* same exponent */
        unsigned ea = (a >> 23) & 0xffu, eb = (b >> 23) & 0xffu;
        if (ea == 0 || ea == 0xff || eb == 0 || eb == 0xff)
            continue;
        uint32_t mn = f32_bits(fminf(bits_f32(a), bits_f32(b)));
        uint32_t mx = f32_bits(fmaxf(bits_f32(a), bits_f32(b)));
        if (tx_fred(a, b, 0) != mn || tx_fred(a, b, 1) != mx)
            bad++;
    }
    CHECK(bad == 0, "%d random pairs differ from fminf/fmaxf", bad);
}

/* Slot s holds the value 10 + s in every component, so the result names
 * the slot that won; the smallest or largest slot index among the taps of
 * non-zero weight must win. */
static void tap_selection(void)
{
    uint32_t t[TX_TAPS_PER_LANE][4];
    const uint8_t z0[2] = {0, 0};
    for (int s = 0; s < TX_TAPS_PER_LANE; s++)
        for (int c = 0; c < 4; c++)
            t[s][c] = f32_bits((float)(10 + s));
    for (int ntaps = 1; ntaps <= 8; ntaps *= (ntaps == 1 ? 4 : 2))
        for (int mask = 0; mask < 32; mask++) {
            /* fractions 0 or non-zero per axis and group, fg 0 or not */
            uint8_t fu[2] = {(uint8_t)(mask & 1 ? 77 : 0), (uint8_t)(mask & 4 ? 255 : 0)};
            uint8_t fv[2] = {(uint8_t)(mask & 2 ? 1 : 0), (uint8_t)(mask & 8 ? 130 : 0)};
            unsigned fg = mask & 16 ? 9 : 0;
            int lo = 99, hi = -1;
            for (int s = 0; s < (ntaps == 1 ? 1 : ntaps); s++) {
                int g = s >> 2, i = s & 1, j = (s >> 1) & 1;
                unsigned wg = g ? fg : 256 - fg;
                unsigned wu = i ? fu[g] : 256u - fu[g], wv = j ? fv[g] : 256u - fv[g];
                if (ntaps > 1 && (wg == 0 || wu == 0 || wv == 0))
                    continue;
                if (s < lo) lo = s;
                if (s > hi) hi = s;
            }
            for (int mx = 0; mx < 2; mx++) {
                uint32_t out[4];
                tx_filter_reduce(t, ntaps, fu, fv, z0, fg, mx, out);
                float want = (float)(10 + (mx ? hi : lo));
                CHECK(out[0] == f32_bits(want) && out[3] == out[0],
                      "ntaps %d mask 0x%x %s: got %g want %g", ntaps, mask, mx ? "max" : "min",
                      (double)bits_f32(out[0]), (double)want);
            }
        }
    /* One tap passes through bit for bit (a NaN payload, a denormal). */
    uint32_t p[TX_TAPS_PER_LANE][4] = {{0x7f800123u, 0x00000005u, 0x80000000u, 0x3f800000u}};
    uint8_t z[2] = {0, 0};
    uint32_t out[4];
    tx_filter_reduce(p, 1, z, z, z, 0, 0, out);
    CHECK(out[0] == 0x7f800123u && out[1] == 5u, "point: slot 0 bit for bit");
    /* Per component, each alone. */
    uint32_t q[TX_TAPS_PER_LANE][4] = {{0}};
    for (int s = 0; s < 4; s++)
        for (int c = 0; c < 4; c++)
            q[s][c] = f32_bits((float)((s * 7 + c * 3) % 5));
    uint8_t f1[2] = {128, 0}, f2[2] = {64, 0};
    tx_filter_reduce(q, 4, f1, f2, z, 0, 0, out);
    for (int c = 0; c < 4; c++) {
        float m = 99;
        for (int s = 0; s < 4; s++)
            m = fminf(m, bits_f32(q[s][c]));
        CHECK(out[c] == f32_bits(m), "component %d min", c);
    }
}

int main(void)
{
    two_values();
    tap_selection();
    printf("test_reduce: %d passed, %d failed\n", check_pass, check_fail);
    return check_fail != 0;
}
