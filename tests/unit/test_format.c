/*
 * test_format.c - unit tests of the format stage (cmodel/format.c).
 *
 * The references here are computed differently from the model: conversions
 * in double / long double arithmetic rounded by the C compiler, or found by
 * searching neighbouring binary32 values, never with the model's integer
 * bit manipulation.  Rules: docs/formats.md, docs/semantics.md S4.1.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "format.h"

static tx_fmt_desc desc(int comps, int dt_r, int dt_g, int dt_b, int dt_a, int srgb)
{
    tx_fmt_desc d;
    d.components = (uint8_t)comps;
    d.dtype[0] = (uint8_t)dt_r;
    d.dtype[1] = (uint8_t)dt_g;
    d.dtype[2] = (uint8_t)dt_b;
    d.dtype[3] = (uint8_t)dt_a;
    d.swz[0] = TX_SWZ_R;
    d.swz[1] = TX_SWZ_G;
    d.swz[2] = TX_SWZ_B;
    d.swz[3] = TX_SWZ_A;
    d.srgb = (uint8_t)srgb;
    return d;
}

static tx_fmt_desc desc1(int comps, int dt)
{
    return desc(comps, dt, dt, dt, dt, 0);
}

static void raw_from_u64(uint8_t raw[16], uint64_t lo, uint64_t hi)
{
    for (int i = 0; i < 8; i++) {
        raw[i] = (uint8_t)(lo >> (8 * i));
        raw[8 + i] = (uint8_t)(hi >> (8 * i));
    }
}

static void unpack(const tx_fmt_desc *d, uint64_t lo, uint64_t hi, uint32_t out[4])
{
    uint8_t raw[16];
    raw_from_u64(raw, lo, hi);
    tx_format_unpack(d, raw, out);
}

/* The binary32 nearest to num / den (den > 0), found by checking the
 * neighbours of a first guess with exact long double arithmetic: each
 * candidate f is compared through |f * den - num| (f has 24 significant
 * bits, den <= 2^32, so the products are exact in a 64-bit mantissa). */
static uint32_t nearest_f32_of_ratio(uint64_t num, uint64_t den)
{
    float g = (float)((double)num / (double)den);
    float best = g;
    long double best_err = fabsl((long double)g * den - (long double)num);
    float c[2] = { nextafterf(g, 0.0f), nextafterf(g, 2.0f) };
    for (int i = 0; i < 2; i++) {
        long double err = fabsl((long double)c[i] * den - (long double)num);
        /* no exact ties exist for these quotients, so "<" is enough */
        if (err < best_err) {
            best_err = err;
            best = c[i];
        }
    }
    return f32_bits(best);
}

/* ------------------------------------------------------------------------ */

static void test_unorm(void)
{
    /* every UNORM8 and UNORM16 code against the compiler's rounding */
    tx_fmt_desc d8 = desc1(TX_FMT_R8, TX_DT_UNORM);
    tx_fmt_desc d16 = desc1(TX_FMT_R16, TX_DT_UNORM);
    int bad = 0;
    for (uint32_t c = 0; c < 256; c++) {
        uint32_t o[4];
        unpack(&d8, c, 0, o);
        uint32_t want = f32_bits((float)((double)c / 255.0));
        if (o[0] != want && bad++ < 5)
            CHECK_EQ_U64(o[0], want, "unorm8");
    }
    for (uint32_t c = 0; c < 65536; c++) {
        uint32_t o[4];
        unpack(&d16, c, 0, o);
        uint32_t want = f32_bits((float)((double)c / 65535.0));
        if (o[0] != want && bad++ < 5)
            CHECK_EQ_U64(o[0], want, "unorm16");
    }
    CHECK(bad == 0, "unorm8/16 exhaustive: %d mismatches", bad);

    /* every UNORM24 code (Z24S8 depth) against the neighbour search */
    tx_fmt_desc dz = desc(TX_FMT_Z24S8, TX_DT_UNORM, TX_DT_UINT, TX_DT_UINT, TX_DT_UINT, 0);
    bad = 0;
    for (uint32_t c = 0; c < (1u << 24); c++) {
        uint32_t o[4];
        unpack(&dz, (uint64_t)c << 8 | 0x5a, 0, o);
        uint32_t want = nearest_f32_of_ratio(c, (1u << 24) - 1);
        if ((o[0] != want || o[1] != 0x5a) && bad++ < 5)
            CHECK(0, "unorm24 c=0x%06x got 0x%08x want 0x%08x stencil 0x%x", c, o[0], want, o[1]);
    }
    CHECK(bad == 0, "unorm24 exhaustive: %d mismatches", bad);

    /* UNORM32 (R32 with a UNORM type): random codes, ends, near-ends */
    tx_fmt_desc d32 = desc1(TX_FMT_R32, TX_DT_UNORM);
    bad = 0;
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 400000; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        uint32_t c = (uint32_t)s;
        if (i < 64)
            c = (i & 1) ? 0xffffffffu - (uint32_t)(i / 2) : (uint32_t)(i / 2);
        else if (i < 128)
            c = 0x7fffffffu + (uint32_t)(i - 96);
        uint32_t o[4];
        unpack(&d32, c, 0, o);
        uint32_t want = nearest_f32_of_ratio(c, 0xffffffffu);
        if (o[0] != want && bad++ < 5)
            CHECK(0, "unorm32 c=0x%08x got 0x%08x want 0x%08x", c, o[0], want);
    }
    CHECK(bad == 0, "unorm32 sweep: %d mismatches", bad);

    /* narrow widths through their formats: 1, 2, 4, 5, 6, 10 bits */
    struct { int fmt; int comp; int shift; int width; } nw[] = {
        { TX_FMT_A1B5G5R5, 3, 15, 1 }, { TX_FMT_A2B10G10R10, 3, 30, 2 },
        { TX_FMT_A4B4G4R4, 0, 0, 4 },  { TX_FMT_B5G6R5, 0, 0, 5 },
        { TX_FMT_B5G6R5, 1, 5, 6 },    { TX_FMT_A2B10G10R10, 1, 10, 10 },
    };
    bad = 0;
    for (unsigned k = 0; k < sizeof nw / sizeof nw[0]; k++) {
        tx_fmt_desc d = desc1(nw[k].fmt, TX_DT_UNORM);
        uint32_t max = (1u << nw[k].width) - 1;
        for (uint32_t c = 0; c <= max; c++) {
            uint32_t o[4];
            unpack(&d, (uint64_t)c << nw[k].shift, 0, o);
            uint32_t want = f32_bits((float)((double)c / (double)max));
            if (o[nw[k].comp] != want && bad++ < 5)
                CHECK(0, "unorm%d c=%u got 0x%08x want 0x%08x", nw[k].width, c,
                      o[nw[k].comp], want);
        }
    }
    CHECK(bad == 0, "unorm narrow widths: %d mismatches", bad);
}

static void test_snorm(void)
{
    tx_fmt_desc d8 = desc1(TX_FMT_R8, TX_DT_SNORM);
    tx_fmt_desc d16 = desc1(TX_FMT_R16, TX_DT_SNORM);
    int bad = 0;
    for (int c = -128; c < 128; c++) {
        uint32_t o[4];
        unpack(&d8, (uint8_t)c, 0, o);
        uint32_t want = c == -128 ? f32_bits(-1.0f) : f32_bits((float)((double)c / 127.0));
        if (o[0] != want && bad++ < 5)
            CHECK(0, "snorm8 %d got 0x%08x want 0x%08x", c, o[0], want);
    }
    for (int c = -32768; c < 32768; c++) {
        uint32_t o[4];
        unpack(&d16, (uint16_t)c, 0, o);
        uint32_t want = c == -32768 ? f32_bits(-1.0f) : f32_bits((float)((double)c / 32767.0));
        if (o[0] != want && bad++ < 5)
            CHECK(0, "snorm16 %d got 0x%08x want 0x%08x", c, o[0], want);
    }
    CHECK(bad == 0, "snorm8/16 exhaustive: %d mismatches", bad);

    /* FORCE_FP16 variants decode like the plain types (docs/formats.md) */
    uint32_t a[4], b[4];
    tx_fmt_desc f8 = desc1(TX_FMT_R8, TX_DT_SNORM_FORCE_FP16);
    unpack(&f8, 0x9c, 0, a);
    unpack(&d8, 0x9c, 0, b);
    CHECK_EQ_U64(a[0], b[0], "snorm_force_fp16 = snorm");
    tx_fmt_desc u8f = desc1(TX_FMT_R8, TX_DT_UNORM_FORCE_FP16);
    tx_fmt_desc u8 = desc1(TX_FMT_R8, TX_DT_UNORM);
    unpack(&u8f, 0x9c, 0, a);
    unpack(&u8, 0x9c, 0, b);
    CHECK_EQ_U64(a[0], b[0], "unorm_force_fp16 = unorm");

    /* 1-bit and 2-bit SNORM (A of A1B5G5R5, A of A2B10G10R10) */
    tx_fmt_desc d1 = desc1(TX_FMT_A1B5G5R5, TX_DT_SNORM);
    unpack(&d1, 0x8000, 0, a);
    CHECK_EQ_U64(a[3], 0xbf800000u, "snorm1 code 1 = -1");
    unpack(&d1, 0, 0, a);
    CHECK_EQ_U64(a[3], 0, "snorm1 code 0 = 0");
    tx_fmt_desc d2 = desc1(TX_FMT_A2B10G10R10, TX_DT_SNORM);
    uint32_t w2[4] = { 0, 0x3f800000u, 0xbf800000u, 0xbf800000u };
    for (uint32_t c = 0; c < 4; c++) {
        unpack(&d2, (uint64_t)c << 30, 0, a);
        CHECK_EQ_U64(a[3], w2[c], "snorm2");
    }
    /* SNORM10 all codes */
    tx_fmt_desc d10 = desc1(TX_FMT_A2B10G10R10, TX_DT_SNORM);
    bad = 0;
    for (int c = -512; c < 512; c++) {
        unpack(&d10, (uint32_t)c & 0x3ffu, 0, a);
        uint32_t want = c == -512 ? f32_bits(-1.0f) : f32_bits((float)((double)c / 511.0));
        if (a[0] != want && bad++ < 5)
            CHECK(0, "snorm10 %d got 0x%08x want 0x%08x", c, a[0], want);
    }
    CHECK(bad == 0, "snorm10 exhaustive: %d mismatches", bad);

    /* The SNORM8 code -128 mark (docs/filtering.md B5): set for an 8-bit
     * SNORM field of 0x80 only, after the swizzle, never for -127, wider
     * SNORM or UNORM fields. */
    uint8_t raw[16], m = 0xff;
    tx_fmt_desc s4 = desc1(TX_FMT_A8B8G8R8, TX_DT_SNORM);
    raw_from_u64(raw, 0x80817f80u, 0);           /* R -128, G 127, B -127, A -128 */
    tx_format_decode_at(&s4, raw, 0, 0, 1, a, &m);
    CHECK(m == 0x9 && a[0] == 0xbf800000u && a[2] == 0xbf800000u, "snorm8 -128 marks R, A");
    s4.swz[0] = TX_SWZ_B;
    s4.swz[1] = TX_SWZ_A;
    s4.swz[2] = TX_SWZ_ONE_FLOAT;
    s4.swz[3] = TX_SWZ_R;
    tx_format_decode_at(&s4, raw, 0, 0, 1, a, &m);
    CHECK(m == 0xa, "snorm8 -128 mark follows the swizzle: 0x%x", m);
    tx_fmt_desc u4 = desc1(TX_FMT_A8B8G8R8, TX_DT_UNORM);
    tx_format_decode_at(&u4, raw, 0, 0, 1, a, &m);
    CHECK(m == 0, "unorm8 0x80: no mark");
    raw_from_u64(raw, 0x8000u, 0);
    tx_format_decode_at(&d16, raw, 0, 0, 1, a, &m);
    CHECK(m == 0 && a[0] == 0xbf800000u, "snorm16 -32768: no mark");
}

/* Reference decode of a float with a 5-bit exponent (bias 15) and mb
 * fraction bits, through ldexp in double. */
static uint32_t ref_small_float(int sign, uint32_t e, uint32_t m, int mb)
{
    if (e == 31) {
        if (m == 0)
            return (sign ? 0x80000000u : 0) | 0x7f800000u;
        return (sign ? 0x80000000u : 0) | 0x7f800000u | (m << (23 - mb));
    }
    double v = e ? ldexp((double)((1u << mb) + m), (int)e - 15 - mb)
                 : ldexp((double)m, -14 - mb);
    return f32_bits((float)(sign ? -v : v));
}

static void test_floats(void)
{
    int bad = 0;
    /* every half, via R16 FLOAT and tx_f16_to_f32 */
    tx_fmt_desc dh = desc1(TX_FMT_R16, TX_DT_FLOAT);
    for (uint32_t h = 0; h < 65536; h++) {
        uint32_t o[4];
        unpack(&dh, h, 0, o);
        uint32_t want = ref_small_float(h >> 15, (h >> 10) & 31, h & 0x3ff, 10);
        if ((o[0] != want || tx_f16_to_f32((uint16_t)h) != want) && bad++ < 5)
            CHECK(0, "half 0x%04x got 0x%08x want 0x%08x", h, o[0], want);
    }
    CHECK(bad == 0, "half exhaustive: %d mismatches", bad);

    /* every 11-bit (R, G) and 10-bit (B) float of BF10GF11RF11 */
    tx_fmt_desc df = desc1(TX_FMT_BF10GF11RF11, TX_DT_FLOAT);
    bad = 0;
    for (uint32_t c = 0; c < 2048; c++) {
        uint32_t o[4];
        uint32_t w11 = ref_small_float(0, c >> 6, c & 63, 6);
        unpack(&df, c | (uint64_t)c << 11, 0, o);
        if ((o[0] != w11 || o[1] != w11) && bad++ < 5)
            CHECK(0, "f11 0x%03x got 0x%08x/0x%08x want 0x%08x", c, o[0], o[1], w11);
        if (c < 1024) {
            uint32_t w10 = ref_small_float(0, c >> 5, c & 31, 5);
            unpack(&df, (uint64_t)c << 22, 0, o);
            if (o[2] != w10 && bad++ < 5)
                CHECK(0, "f10 0x%03x got 0x%08x want 0x%08x", c, o[2], w10);
        }
    }
    CHECK(bad == 0, "f11/f10 exhaustive: %d mismatches", bad);
    uint32_t o[4];
    unpack(&df, 0, 0, o);
    CHECK_EQ_U64(o[3], 0x3f800000u, "bf10gf11rf11 default A");

    /* E5B9G9R9: every exponent x every mantissa, in each channel */
    tx_fmt_desc de = desc1(TX_FMT_E5B9G9R9, TX_DT_FLOAT);
    bad = 0;
    for (uint32_t e = 0; e < 32; e++) {
        for (uint32_t m = 0; m < 512; m++) {
            uint32_t want = f32_bits((float)ldexp((double)m, (int)e - 24));
            uint32_t m2 = (m * 7 + 3) & 511;
            uint32_t want2 = f32_bits((float)ldexp((double)m2, (int)e - 24));
            uint64_t t = (uint64_t)e << 27 | (uint64_t)m2 << 18 | (uint64_t)m << 9 | m2;
            unpack(&de, t, 0, o);
            if ((o[0] != want2 || o[1] != want || o[2] != want2 || o[3] != 0x3f800000u) &&
                bad++ < 5)
                CHECK(0, "e5b9g9r9 e=%u m=%u got %08x %08x %08x", e, m, o[0], o[1], o[2]);
        }
    }
    CHECK(bad == 0, "e5b9g9r9 sweep: %d mismatches", bad);

    /* 32-bit floats pass bit for bit: denormals, -0, Inf, NaN payloads */
    tx_fmt_desc d32 = desc1(TX_FMT_R32G32B32A32, TX_DT_FLOAT);
    unpack(&d32, 0x8000000000000001ull, 0x7fc123457f800000ull, o);
    CHECK_EQ_U64(o[0], 1, "f32 denormal kept");
    CHECK_EQ_U64(o[1], 0x80000000u, "f32 -0 kept");
    CHECK_EQ_U64(o[2], 0x7f800000u, "f32 inf kept");
    CHECK_EQ_U64(o[3], 0x7fc12345u, "f32 nan kept");
    tx_fmt_desc dzf = desc1(TX_FMT_ZF32, TX_DT_FLOAT);
    unpack(&dzf, 0xff800001u, 0, o);
    CHECK_EQ_U64(o[0], 0xff800001u, "zf32 snan kept");
    CHECK_EQ_U64(o[3], 0x3f800000u, "zf32 default A");
}

static void test_srgb(void)
{
    tx_fmt_desc d = desc(TX_FMT_R8, TX_DT_UNORM, 0, 0, 0, 1);
    int bad = 0, tol = 0;
    for (uint32_t c = 0; c < 256; c++) {
        uint32_t o[4];
        unpack(&d, c, 0, o);
        double x = c / 255.0;
        double lin = x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
        /* The table holds 8 significant bits, steps of at least 2^-14
         * (docs/formats.md section 5); within one step of the formula. */
        int e = (int)(o[0] >> 23 & 0xffu) - 127;
        double step = ldexp(1.0, e - 7 < -14 ? -14 : e - 7);
        double q = bits_f32(o[0]) / step;
        if (c && (q != floor(q) || fabs(bits_f32(o[0]) - lin) > 1.5 * step) && bad++ < 5)
            CHECK(0, "srgb %u got 0x%08x, formula %.9g", c, o[0], lin);
        /* D3D11 3.2.3 tolerance: back to sRGB without rounding, within 0.5
         * of the code */
        double l = bits_f32(o[0]);
        double sr = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
        if (fabs(sr * 255.0 - c) > 0.5 && tol++ < 5)
            CHECK(0, "srgb %u outside tolerance: %.9f", c, sr * 255.0);
    }
    CHECK(bad == 0, "srgb table: 8 significant bits near the formula: %d mismatches", bad);
    CHECK(tol == 0, "srgb within D3D11 tolerance: %d outside", tol);
    uint32_t o[4];
    unpack(&d, 0, 0, o);
    CHECK_EQ_U64(o[0], 0, "srgb 0 exact");
    unpack(&d, 255, 0, o);
    CHECK_EQ_U64(o[0], 0x3f800000u, "srgb 255 exact");

    /* A8B8G8R8: R, G, B converted, A linear */
    tx_fmt_desc d4 = desc(TX_FMT_A8B8G8R8, TX_DT_UNORM, TX_DT_UNORM, TX_DT_UNORM, TX_DT_UNORM, 1);
    tx_fmt_desc l4 = desc1(TX_FMT_A8B8G8R8, TX_DT_UNORM);
    uint32_t r[4], q[4];
    unpack(&d4, 0x80808080u, 0, o);
    unpack(&d, 0x80, 0, r);
    unpack(&l4, 0x80808080u, 0, q);
    CHECK(o[0] == r[0] && o[1] == r[0] && o[2] == r[0], "a8b8g8r8 srgb rgb");
    CHECK_EQ_U64(o[3], q[3], "a8b8g8r8 srgb alpha linear");
    CHECK(o[0] != q[0], "a8b8g8r8 srgb differs from linear");
    /* G8R8: R converted, G linear */
    tx_fmt_desc d2 = desc(TX_FMT_G8R8, TX_DT_UNORM, TX_DT_UNORM, 0, 0, 1);
    unpack(&d2, 0x8080u, 0, o);
    CHECK_EQ_U64(o[0], r[0], "g8r8 srgb r");
    CHECK_EQ_U64(o[1], q[0], "g8r8 srgb g linear");
    /* a non-UNORM component turns sRGB off for the whole texel */
    tx_fmt_desc dm = desc(TX_FMT_A8B8G8R8, TX_DT_UNORM, TX_DT_UNORM, TX_DT_UNORM, TX_DT_UINT, 1);
    unpack(&dm, 0x80808080u, 0, o);
    CHECK_EQ_U64(o[0], q[0], "srgb off with a UINT alpha");
    CHECK_EQ_U64(o[3], 0x80, "uint alpha");
    /* formats wider or narrower than 8 bits ignore the bit */
    tx_fmt_desc d16 = desc(TX_FMT_R16, TX_DT_UNORM, 0, 0, 0, 1);
    unpack(&d16, 0x8000, 0, o);
    CHECK_EQ_U64(o[0], f32_bits((float)(32768.0 / 65535.0)), "srgb ignored on r16");
    tx_fmt_desc d565 = desc(TX_FMT_B5G6R5, TX_DT_UNORM, TX_DT_UNORM, TX_DT_UNORM, 0, 1);
    unpack(&d565, 0x10, 0, o);
    CHECK_EQ_U64(o[0], f32_bits((float)(16.0 / 31.0)), "srgb ignored on b5g6r5");
}

/* Reference binary32 -> binary16: round |v| to a multiple of the binary16
 * quantum of its binade with nearbyint (ties to even) or trunc, then encode. */
static uint16_t ref_f32_to_f16(uint32_t f, int rz)
{
    uint16_t sign = (uint16_t)((f >> 16) & 0x8000u);
    float x = bits_f32(f);
    if (isnan(x))
        return (uint16_t)(sign | 0x7e00u | ((f >> 13) & 0x1ffu));
    if (isinf(x))
        return (uint16_t)(sign | 0x7c00u);
    double a = fabs((double)x);
    int e = a >= ldexp(1.0, -14) ? ilogb(a) : -14;
    double quantum = ldexp(1.0, e - 10);
    double n = rz ? trunc(a / quantum) : nearbyint(a / quantum);
    double v = n * quantum;
    if (v > 65504.0)
        return (uint16_t)(sign | (rz ? 0x7bffu : 0x7c00u));
    if (v < ldexp(1.0, -14))
        return (uint16_t)(sign | (uint16_t)(v / ldexp(1.0, -24)));
    int ve = ilogb(v);
    uint32_t frac = (uint32_t)(v / ldexp(1.0, ve - 10)) - 1024u;
    return (uint16_t)(sign | (uint32_t)(ve + 15) << 10 | frac);
}

static int f16_bad;

static void f16_case(uint32_t f)
{
    for (int rz = 0; rz < 2; rz++) {
        uint16_t got = tx_f32_to_f16(f, rz);
        uint16_t want = ref_f32_to_f16(f, rz);
        if (got != want && f16_bad++ < 10)
            CHECK(0, "f32_to_f16(0x%08x, rz=%d) got 0x%04x want 0x%04x", f, rz, got, want);
    }
}

static void test_f32_to_f16(void)
{
    f16_bad = 0;
    /* every half's neighbourhood: the value itself, +-3 ulp of binary32,
     * and the midpoint to the next half with its binary32 neighbours */
    for (uint32_t h = 0; h < 0x7c00u; h++) {
        for (uint32_t s = 0; s < 2; s++) {
            uint32_t f = tx_f16_to_f32((uint16_t)(h | s << 15));
            for (int d = -3; d <= 3; d++)
                f16_case(f + (uint32_t)d);
            double lo = fabs((double)bits_f32(f));
            double hi = h == 0x7bffu ? 65536.0 : fabs((double)bits_f32(
                                                tx_f16_to_f32((uint16_t)(h + 1))));
            uint32_t mid = f32_bits((float)((lo + hi) / 2)) | s << 31;
            for (int d = -2; d <= 2; d++)
                f16_case(mid + (uint32_t)d);
        }
    }
    /* 2^24 random binary32 patterns */
    uint64_t st = 0x243f6a8885a308d3ull;
    for (uint32_t i = 0; i < (1u << 24); i++) {
        st ^= st << 13; st ^= st >> 7; st ^= st << 17;
        f16_case((uint32_t)(st >> 16));
    }
    CHECK(f16_bad == 0, "f32_to_f16 vs reference: %d mismatches", f16_bad);

    /* edge cases with the expected bits written out */
    struct { uint32_t f; uint16_t rne, rz; const char *what; } e[] = {
        { 0x00000000u, 0x0000, 0x0000, "+0" },
        { 0x80000000u, 0x8000, 0x8000, "-0" },
        { 0x3f800000u, 0x3c00, 0x3c00, "1.0" },
        { 0x477fe000u, 0x7bff, 0x7bff, "65504" },
        { 0x477fefffu, 0x7bff, 0x7bff, "just below 65520" },
        { 0x477ff000u, 0x7c00, 0x7bff, "65520 tie -> inf / max" },
        { 0x47800000u, 0x7c00, 0x7bff, "65536" },
        { 0xc7800000u, 0xfc00, 0xfbff, "-65536" },
        { 0x7f7fffffu, 0x7c00, 0x7bff, "FLT_MAX" },
        { 0x7f800000u, 0x7c00, 0x7c00, "+inf" },
        { 0xff800000u, 0xfc00, 0xfc00, "-inf" },
        { 0x7fc00000u, 0x7e00, 0x7e00, "default qnan stays the default qnan" },
        { 0x7fe02000u, 0x7f01, 0x7f01, "qnan payload f[21:13] kept" },
        { 0x7f800001u, 0x7e00, 0x7e00, "snan low payload" },
        { 0xffffe000u, 0xffff, 0xffff, "-nan payload 0x1ff" },
        { 0xffdfe000u, 0xfeff, 0xfeff, "-nan payload 0x0ff" },
        { 0x38800000u, 0x0400, 0x0400, "min normal 2^-14" },
        { 0x387fc000u, 0x03ff, 0x03ff, "max subnormal" },
        { 0x387fe000u, 0x0400, 0x03ff, "max subnormal + half ulp (tie, up to even)" },
        { 0x33800000u, 0x0001, 0x0001, "min subnormal 2^-24" },
        { 0x33000000u, 0x0000, 0x0000, "2^-25 tie -> 0" },
        { 0x33000001u, 0x0001, 0x0000, "just above 2^-25" },
        { 0x32ffffffu, 0x0000, 0x0000, "just below 2^-25" },
        { 0x33c00000u, 0x0002, 0x0001, "1.5 * 2^-24 tie -> 2" },
        { 0x34200000u, 0x0002, 0x0002, "2.5 * 2^-24 tie -> 2" },
        { 0x00000001u, 0x0000, 0x0000, "binary32 denormal" },
        { 0x80000001u, 0x8000, 0x8000, "-binary32 denormal" },
        { 0x3f801000u, 0x3c00, 0x3c00, "1 + 2^-11 tie -> even" },
        { 0x3f803000u, 0x3c02, 0x3c01, "1 + 3*2^-11 tie -> even" },
        { 0x3f800001u, 0x3c00, 0x3c00, "1 + tiny" },
        { 0xbf801001u, 0xbc01, 0xbc00, "-(1 + 2^-11 + tiny)" },
    };
    for (unsigned i = 0; i < sizeof e / sizeof e[0]; i++) {
        CHECK(tx_f32_to_f16(e[i].f, 0) == e[i].rne, "rne %s: 0x%04x", e[i].what,
              tx_f32_to_f16(e[i].f, 0));
        CHECK(tx_f32_to_f16(e[i].f, 1) == e[i].rz, "rz %s: 0x%04x", e[i].what,
              tx_f32_to_f16(e[i].f, 1));
    }
    /* round trip of every finite half through binary32 */
    int rt = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        if ((h & 0x7c00u) == 0x7c00u && (h & 0x3ffu))
            continue;
        if (tx_f32_to_f16(tx_f16_to_f32((uint16_t)h), 0) != h ||
            tx_f32_to_f16(tx_f16_to_f32((uint16_t)h), 1) != h)
            rt++;
    }
    CHECK(rt == 0, "half round trip: %d failures", rt);
}

/* Hand-written texels: which bits each component comes from (UINT types
 * return the raw field). */
static void test_placement(void)
{
    struct {
        int fmt;
        uint64_t lo, hi;
        uint32_t want[4];
        const char *what;
    } t[] = {
        { TX_FMT_R8, 0xa5, 0, { 0xa5, 0, 0, 1 }, "R8" },
        { TX_FMT_G8R8, 0xb2a1, 0, { 0xa1, 0xb2, 0, 1 }, "G8R8" },
        { TX_FMT_A8B8G8R8, 0x44332211, 0, { 0x11, 0x22, 0x33, 0x44 }, "A8B8G8R8" },
        { TX_FMT_R16, 0xbeef, 0, { 0xbeef, 0, 0, 1 }, "R16" },
        { TX_FMT_R16G16, 0x2222a111, 0, { 0xa111, 0x2222, 0, 1 }, "R16G16" },
        { TX_FMT_R16G16B16A16, 0x4444333322221111ull, 0, { 0x1111, 0x2222, 0x3333, 0x4444 },
          "R16G16B16A16" },
        { TX_FMT_R32, 0x89abcdef, 0, { 0x89abcdef, 0, 0, 1 }, "R32" },
        { TX_FMT_R32G32, 0x2222222211111111ull, 0, { 0x11111111, 0x22222222, 0, 1 },
          "R32G32" },
        { TX_FMT_R32G32B32A32, 0x2222222211111111ull, 0x4444444433333333ull,
          { 0x11111111, 0x22222222, 0x33333333, 0x44444444 }, "R32G32B32A32" },
        /* A=2 (bits 31:30), B=0x3ff, G=0x155, R=0x0ab */
        { TX_FMT_A2B10G10R10, (2u << 30) | (0x3ffu << 20) | (0x155u << 10) | 0xab, 0,
          { 0xab, 0x155, 0x3ff, 2 }, "A2B10G10R10" },
        /* A=0xd B=0xc G=0xb R=0xa */
        { TX_FMT_A4B4G4R4, 0xdcba, 0, { 0xa, 0xb, 0xc, 0xd }, "A4B4G4R4" },
        /* A=1 B=0x11 G=0x0a R=0x15 */
        { TX_FMT_A1B5G5R5, (1u << 15) | (0x11u << 10) | (0x0au << 5) | 0x15, 0,
          { 0x15, 0x0a, 0x11, 1 }, "A1B5G5R5" },
        /* B=0x13 G=0x2c R=0x07 */
        { TX_FMT_B5G6R5, (0x13u << 11) | (0x2cu << 5) | 0x07, 0, { 0x07, 0x2c, 0x13, 1 },
          "B5G6R5" },
        /* B10=0x2aa G11=0x555 R11=0x123 */
        { TX_FMT_BF10GF11RF11, (0x2aaull << 22) | (0x555u << 11) | 0x123, 0,
          { 0x123, 0x555, 0x2aa, 1 }, "BF10GF11RF11" },
        /* E=0x1f (ignored by UINT) B9=0x1ab G9=0x0cd R9=0x1ef */
        { TX_FMT_E5B9G9R9, (0x1full << 27) | (0x1abull << 18) | (0x0cdu << 9) | 0x1ef, 0,
          { 0x1ef, 0x0cd, 0x1ab, 1 }, "E5B9G9R9" },
        /* depth 0x123456 in 31:8 -> R, stencil 0x78 in 7:0 -> G */
        { TX_FMT_Z24S8, 0x12345678u, 0, { 0x123456, 0x78, 0, 1 }, "Z24S8" },
        { TX_FMT_ZF32, 0x3f000000u, 0, { 0x3f000000u, 0, 0, 1 }, "ZF32" },
        { TX_FMT_Z16, 0xfedcba98u, 0, { 0xba98, 0, 0, 1 }, "Z16" },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        tx_fmt_desc d = desc1(t[i].fmt, TX_DT_UINT);
        uint32_t o[4];
        unpack(&d, t[i].lo, t[i].hi, o);
        for (int k = 0; k < 4; k++)
            CHECK(o[k] == t[i].want[k], "%s component %d: got 0x%x want 0x%x", t[i].what, k,
                  o[k], t[i].want[k]);
    }

    /* same texels in their usual types */
    uint32_t o[4];
    tx_fmt_desc z = desc(TX_FMT_Z24S8, TX_DT_UNORM, TX_DT_UINT, 0, 0, 0);
    unpack(&z, 0xffffff07u, 0, o);
    CHECK(o[0] == 0x3f800000u && o[1] == 7 && o[2] == 0 && o[3] == 0x3f800000u,
          "Z24S8 unorm/uint: %08x %08x %08x %08x", o[0], o[1], o[2], o[3]);
    tx_fmt_desc z16 = desc1(TX_FMT_Z16, TX_DT_UNORM);
    unpack(&z16, 0x8000, 0, o);
    CHECK_EQ_U64(o[0], f32_bits((float)(32768.0 / 65535.0)), "Z16 unorm");
    tx_fmt_desc h4 = desc1(TX_FMT_R16G16B16A16, TX_DT_FLOAT);
    unpack(&h4, 0xfc007c00bc003c00ull, 0, o);
    CHECK(o[0] == 0x3f800000u && o[1] == 0xbf800000u && o[2] == 0x7f800000u &&
          o[3] == 0xff800000u, "R16G16B16A16 float");
    tx_fmt_desc rgba8 = desc1(TX_FMT_A8B8G8R8, TX_DT_UNORM);
    unpack(&rgba8, 0xff800100u, 0, o);
    CHECK(o[0] == 0 && o[1] == f32_bits((float)(1.0 / 255)) &&
          o[2] == f32_bits((float)(128.0 / 255)) && o[3] == 0x3f800000u, "A8B8G8R8 unorm");
    tx_fmt_desc r32f = desc1(TX_FMT_R32, TX_DT_FLOAT);
    unpack(&r32f, 0xc0490fdbu, 0, o);
    CHECK(o[0] == 0xc0490fdbu && o[1] == 0 && o[2] == 0 && o[3] == 0x3f800000u, "R32 float");

    /* SINT sign extension and mixed types */
    tx_fmt_desc s8 = desc1(TX_FMT_A8B8G8R8, TX_DT_SINT);
    unpack(&s8, 0x7f80ff01u, 0, o);
    CHECK(o[0] == 1 && o[1] == 0xffffffffu && o[2] == 0xffffff80u && o[3] == 0x7f,
          "A8B8G8R8 sint");
    tx_fmt_desc s16 = desc1(TX_FMT_R16G16, TX_DT_SINT);
    unpack(&s16, 0x80007fffu, 0, o);
    CHECK(o[0] == 0x7fff && o[1] == 0xffff8000u && o[3] == 1, "R16G16 sint");
    tx_fmt_desc s32 = desc1(TX_FMT_R32G32B32A32, TX_DT_SINT);
    unpack(&s32, 0x80000000ffffffffull, 0, o);
    CHECK(o[0] == 0xffffffffu && o[1] == 0x80000000u, "R32G32B32A32 sint");
    tx_fmt_desc s2 = desc1(TX_FMT_A2B10G10R10, TX_DT_SINT);
    unpack(&s2, 0xc0000200u, 0, o);
    CHECK(o[0] == 0xfffffe00u && o[3] == 0xffffffffu, "A2B10G10R10 sint");
    /* FLOAT on a width without a float encoding reads 0 */
    tx_fmt_desc f8 = desc1(TX_FMT_R8, TX_DT_FLOAT);
    unpack(&f8, 0x3c, 0, o);
    CHECK(o[0] == 0 && o[3] == 0x3f800000u, "R8 float -> 0");
    /* undefined data type code 0 reads 0 */
    tx_fmt_desc u0 = desc1(TX_FMT_R8, 0);
    unpack(&u0, 0x3c, 0, o);
    CHECK(o[0] == 0 && o[3] == 0x3f800000u, "dtype 0 -> 0");
}

static void test_defaults_and_swizzle(void)
{
    uint32_t o[4];
    /* missing G/B are 0; A is 1 in the type of R */
    int dts[] = { TX_DT_UNORM, TX_DT_SNORM, TX_DT_FLOAT, TX_DT_UNORM_FORCE_FP16 };
    for (unsigned i = 0; i < 4; i++) {
        tx_fmt_desc d = desc1(TX_FMT_R16, dts[i]);
        unpack(&d, 0, 0, o);
        CHECK(o[0] == 0 && o[1] == 0 && o[2] == 0 && o[3] == 0x3f800000u,
              "R16 dtype %d defaults", dts[i]);
    }
    tx_fmt_desc di = desc1(TX_FMT_R32G32, TX_DT_SINT);
    unpack(&di, 0, 0, o);
    CHECK(o[2] == 0 && o[3] == 1, "R32G32 sint defaults");
    tx_fmt_desc du = desc(TX_FMT_G8R8, TX_DT_UINT, TX_DT_UNORM, 0, 0, 0);
    unpack(&du, 0, 0, o);
    CHECK(o[2] == 0 && o[3] == 1, "G8R8 uint R defaults");
    tx_fmt_desc dz = desc(TX_FMT_Z24S8, TX_DT_UNORM, TX_DT_UINT, 0, 0, 0);
    unpack(&dz, 0, 0, o);
    CHECK(o[2] == 0 && o[3] == 0x3f800000u, "Z24S8 defaults");

    /* unsupported COMPONENTS codes: zeros, 0 bytes */
    int unsup[] = { 0x00, 0x02, 0x07, 0x05, 0x40, 0x7f };
    for (unsigned i = 0; i < sizeof unsup / sizeof unsup[0]; i++) {
        tx_fmt_desc d = desc1(unsup[i], TX_DT_UNORM);
        d.swz[3] = TX_SWZ_ONE_FLOAT;
        uint8_t raw[16];
        memset(raw, 0xff, 16);
        tx_format_unpack(&d, raw, o);
        CHECK(o[0] == 0 && o[1] == 0 && o[2] == 0 && o[3] == 0, "unsupported 0x%x unpack",
              unsup[i]);
        CHECK(tx_fmt_bytes(unsup[i]) == 0, "unsupported 0x%x bytes", unsup[i]);
    }

    /* swizzle codes */
    tx_fmt_desc d = desc1(TX_FMT_A8B8G8R8, TX_DT_UINT);
    uint32_t rgba[4] = { 0x11, 0x22, 0x33, 0x44 };
    uint32_t want[8] = { 0, 0, 0x11, 0x22, 0x33, 0x44, 1, 0x3f800000u };
    for (int code = 0; code < 8; code++) {
        for (int slot = 0; slot < 4; slot++) {
            for (int k = 0; k < 4; k++)
                d.swz[k] = TX_SWZ_ZERO;
            d.swz[slot] = (uint8_t)code;
            tx_format_swizzle(&d, rgba, o);
            for (int k = 0; k < 4; k++)
                CHECK(o[k] == (k == slot ? want[code] : 0u), "swizzle code %d slot %d", code,
                      slot);
        }
    }
    /* decode = unpack + swizzle: BGRA view of a texel */
    d.swz[0] = TX_SWZ_B; d.swz[1] = TX_SWZ_G; d.swz[2] = TX_SWZ_R; d.swz[3] = TX_SWZ_A;
    uint8_t raw[16];
    raw_from_u64(raw, 0x44332211u, 0);
    tx_format_decode(&d, raw, o);
    CHECK(o[0] == 0x33 && o[1] == 0x22 && o[2] == 0x11 && o[3] == 0x44, "decode bgra");

    /* header fields reach the descriptor */
    tx_tic tic;
    memset(&tic, 0, sizeof tic);
    tic.components = TX_FMT_A2B10G10R10;
    tic.dtype[0] = 1; tic.dtype[1] = 2; tic.dtype[2] = 3; tic.dtype[3] = 4;
    tic.swz[0] = 5; tic.swz[1] = 4; tic.swz[2] = 3; tic.swz[3] = 2;
    tic.srgb = 1;
    tx_fmt_desc fd;
    tx_fmt_desc_from_tic(&tic, &fd);
    CHECK(fd.components == TX_FMT_A2B10G10R10 && fd.dtype[0] == 1 && fd.dtype[3] == 4 &&
          fd.swz[0] == 5 && fd.swz[3] == 2 && fd.srgb == 1, "desc from tic");
}

/* tx_fmt_bytes and rtl/tx_pkg.sv fmt_bytes list the same formats. */
static void test_bytes(void)
{
    static const struct { int fmt, bytes; } b[] = {
        { 0x01, 16 }, { 0x03, 8 }, { 0x04, 8 }, { 0x08, 4 }, { 0x09, 4 }, { 0x0c, 4 },
        { 0x0f, 4 },  { 0x12, 2 }, { 0x14, 2 }, { 0x15, 2 }, { 0x18, 2 }, { 0x1b, 2 },
        { 0x1d, 1 },  { 0x20, 4 }, { 0x21, 4 }, { 0x29, 4 }, { 0x2f, 4 }, { 0x3a, 2 },
        /* block-compressed formats: bytes per 4x4 block */
        { 0x06, 8 },  { 0x0a, 8 }, { 0x0b, 16 }, { 0x19, 8 }, { 0x1a, 16 }, { 0x24, 8 },
        { 0x25, 16 }, { 0x26, 16 }, { 0x27, 8 }, { 0x28, 16 }, { 0x10, 16 }, { 0x11, 16 },
        { 0x17, 16 },
    };
    int table[128] = { 0 };
    for (unsigned i = 0; i < sizeof b / sizeof b[0]; i++)
        table[b[i].fmt] = b[i].bytes;
    for (int c = 0; c < 128; c++)
        CHECK(tx_fmt_bytes(c) == table[c], "tx_fmt_bytes(0x%02x) = %d", c, tx_fmt_bytes(c));

    FILE *f = fopen("rtl/tx_pkg.sv", "r");
    if (!f) {
        printf("note: rtl/tx_pkg.sv not found (run from the repository root); skipped\n");
        return;
    }
    int sv[128] = { 0 }, rows = 0;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        unsigned code, bytes;
        if (sscanf(line, " 7'h%x: fmt_bytes = 5'd%u;", &code, &bytes) == 2 && code < 128) {
            sv[code] = (int)bytes;
            rows++;
        }
    }
    fclose(f);
    CHECK(rows > 0, "fmt_bytes rows found in rtl/tx_pkg.sv");
    for (int c = 0; c < 128; c++)
        CHECK(sv[c] == tx_fmt_bytes(c), "tx_pkg fmt_bytes(0x%02x) = %d, model %d", c, sv[c],
              tx_fmt_bytes(c));
}

int main(void)
{
    test_unorm();
    test_snorm();
    test_floats();
    test_srgb();
    test_f32_to_f16();
    test_placement();
    test_defaults_and_swizzle();
    test_bytes();
    return check_done("test_format");
}
