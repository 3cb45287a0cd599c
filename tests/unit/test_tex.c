/*
 * test_tex.c - the TEX pieces of the model, one by one (docs/filtering.md,
 * docs/semantics.md section 8): the binary32 operations against the host's
 * IEEE arithmetic, the coordinate conversion and log2 against exact integer
 * and double computations, cube faces, address modes, operand slots,
 * assembler legality, and whole instructions through tx_step on a small
 * pitch texture (point, bilinear, LOD, masks, write mask, DC, border,
 * invalid handles, OGL binding, sparse predicate).
 */
#include <fenv.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "format.h"
#include "isa.h"
#include "model.h"
#include "stages.h"
#include "state.h"
#include "tic.h"

/* ---- host references -------------------------------------------------- */

static int is_den(uint32_t x) { return ((x >> 23) & 0xff) == 0 && (x & 0x7fffff); }
static uint32_t ftz(uint32_t x) { return is_den(x) ? (x & 0x80000000u) : x; }

/* fmulw by the host: x * w / 256 in double is exact (24 + 9 bits), one
 * rounding to float; then the flush rule. */
static uint32_t ref_fmulw(uint32_t x, unsigned w)
{
    if (w == 0)
        return 0;
    x = ftz(x);
    float f = bits_f32(x);
    if (isnan(f))
        return 0x7fc00000u;
    uint32_t r = f32_bits((float)((double)f * w / 256.0));
    /* Host rounding to a denormal differs from "round to 24 bits, then
     * flush"; only compare away from the denormal range. */
    return ftz(r);
}

static uint32_t ref_fadd(uint32_t a, uint32_t b)
{
    float r = bits_f32(ftz(a)) + bits_f32(ftz(b));
    if (isnan(r))
        return 0x7fc00000u;
    return ftz(f32_bits(r));
}

static uint32_t rnd32(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)*s;
}

/* A random binary32 that is normal and not tiny (no denormal results). */
static uint32_t rnd_normal(uint64_t *s)
{
    uint32_t e = 40 + rnd32(s) % 170;
    return (rnd32(s) & 0x80000000u) | e << 23 | (rnd32(s) & 0x7fffff);
}

static void test_fp32(void)
{
    uint64_t s = 12345;
    fesetround(FE_TONEAREST);
    for (int i = 0; i < 200000; i++) {
        uint32_t a = rnd_normal(&s), b = rnd_normal(&s);
        if (i & 1)   /* close exponents: cancellation */
            b = (b & ~0x7f800000u) | (a & 0x7f800000u);
        unsigned w = rnd32(&s) % 257;
        uint32_t m = tx_fmulw(a, w), mr = ref_fmulw(a, w);
        if (m != mr)
            CHECK(0, "fmulw(0x%08x, %u) = 0x%08x, host 0x%08x", a, w, m, mr);
        uint32_t ad = tx_fadd(a, b), ar = ref_fadd(a, b);
        if (ad != ar)
            CHECK(0, "fadd(0x%08x, 0x%08x) = 0x%08x, host 0x%08x", a, b, ad, ar);
    }
    CHECK(1, "fp32 random");
    /* Special values (F1, B1, B2). */
    CHECK_EQ_U64(tx_fmulw(0x7f800000u, 0), 0, "Inf * 0 weight drops");
    CHECK_EQ_U64(tx_fmulw(0x7fc00001u, 0), 0, "NaN * 0 weight drops");
    CHECK_EQ_U64(tx_fmulw(0x7fa00000u, 3), 0x7fc00000u, "NaN canonical");
    CHECK_EQ_U64(tx_fmulw(0xff800000u, 5), 0xff800000u, "-Inf kept");
    CHECK_EQ_U64(tx_fmulw(0x00000001u, 256), 0, "denormal in flushed");
    CHECK_EQ_U64(tx_fmulw(0x00800000u, 255), 0, "result below normal flushed");
    CHECK_EQ_U64(tx_fmulw(0x3f800000u, 256), 0x3f800000u, "1 * 256/256");
    CHECK_EQ_U64(tx_fadd(0x80000000u, 0x80000000u), 0x80000000u, "-0 + -0");
    CHECK_EQ_U64(tx_fadd(0x80000000u, 0), 0, "-0 + +0");
    CHECK_EQ_U64(tx_fadd(0x3f800000u, 0xbf800000u), 0, "x - x = +0");
    CHECK_EQ_U64(tx_fadd(0x7f800000u, 0xff800000u), 0x7fc00000u, "Inf - Inf");
    CHECK_EQ_U64(tx_fadd(0x7f7fffffu, 0x7f7fffffu), 0x7f800000u, "overflow to Inf");
    CHECK_EQ_U64(tx_fadd(0x00800001u, 0x80800000u), 0, "tiny difference flushed");
    CHECK_EQ_U64(tx_lerp(0x80000000u, 0x7f800000u, 0), 0, "lerp f=0: -0 -> +0, Inf dropped");
    CHECK_EQ_U64(tx_lerp(0, 0x3f800000u, 128), 0x3f000000u, "lerp half");
    /* B5 SNORM8: -1.0 blends as the code -127 (-127 * 129 * 128 / 256 ->
     * -16383 / 32767), or as -128 (-16513 / 32767) when the format stage
     * marked the tap; SNORM16 ignores the mark (-32767 * 128 / 256). */
    const uint32_t t2[2] = {0xbf800000u, 0};
    const unsigned w2[2] = {128, 128};
    CHECK_EQ_U64(tx_blend(TX_BL_SNORM8, t2, 0, w2, 3, 2), tx_snorm16_to_f32(-16383),
                 "snorm8 -1.0 as -127");
    CHECK_EQ_U64(tx_blend(TX_BL_SNORM8, t2, 1, w2, 3, 2), tx_snorm16_to_f32(-16513),
                 "snorm8 marked -1.0 as -128");
    CHECK_EQ_U64(tx_blend(TX_BL_SNORM, t2, 1, w2, 3, 2), tx_snorm16_to_f32(-16383),
                 "snorm16: no mark");
    /* Depth compare (D): NaN, signed zeros, all eight functions. */
    const uint32_t one = 0x3f800000u, half = 0x3f000000u;
    const int want[8][3] = {   /* (ref<d, ref==d, ref>d) */
        {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1},
    };
    for (unsigned f = 0; f < 8; f++) {
        CHECK(tx_depth_compare(f, half, one) == want[f][0], "func %u less", f);
        CHECK(tx_depth_compare(f, one, one) == want[f][1], "func %u equal", f);
        CHECK(tx_depth_compare(f, one, half) == want[f][2], "func %u greater", f);
        CHECK(tx_depth_compare(f, 0x80000000u, 0) == want[f][1], "func %u -0 == +0", f);
        CHECK(tx_depth_compare(f, 0x00000005u, 0) == want[f][1], "func %u denormal == 0", f);
        CHECK(tx_depth_compare(f, 0x7fc00000u, one) == (f == 5 || f == 7), "func %u NaN", f);
        CHECK(tx_depth_compare(f, 0xbf800000u, 0x80000000u) == want[f][0], "func %u -1<-0", f);
    }
}

/* ---- coordinates, log2, cube ------------------------------------------ */

static int32_t ref_coord(uint32_t x, uint32_t n)
{
    float f = bits_f32(x);
    if (isnan(f) || is_den(x))
        return 0;
    long double v = floorl((long double)f * n * 256.0L);
    if (v > (1 << 26) - 1)
        return (1 << 26) - 1;
    if (v < -(1 << 26))
        return -(1 << 26);
    return (int32_t)v;
}

static void test_coords(void)
{
    uint64_t s = 777;
    static const uint32_t sizes[] = {1, 2, 3, 7, 64, 100, 255, 1000, 4096, 65535, 65536};
    static const uint32_t special[] = {
        0, 0x80000000u, 0x00000001u, 0x807fffffu, 0x7fc00000u, 0xffc00001u, 0x7f800000u,
        0xff800000u, 0x3f800000u, 0xbf800000u, 0x3effffffu, 0xbeffffffu, 0x33800000u,
        0xb3800000u, 0x4b800000u, 0xcb800000u, 0x7f7fffffu, 0xff7fffffu, 0x3f7fffffu,
        0x58800000u, 0xd8800000u, 0x53000000u, 0x5f7fffffu, 0x4c000000u, 0xcc000001u,
    };
    for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        for (unsigned i = 0; i < sizeof special / sizeof *special; i++) {
            uint32_t x = special[i];
            int32_t want = ((x >> 23) & 0xff) == 0xff && !(x & 0x7fffff)
                           ? ((x >> 31) ? -(1 << 26) : (1 << 26) - 1) : ref_coord(x, sizes[k]);
            CHECK(tx_coord_fx(x, sizes[k]) == want, "coord(0x%08x, %u) = %d, want %d", x,
                  sizes[k], tx_coord_fx(x, sizes[k]), want);
        }
        for (int i = 0; i < 20000; i++) {
            uint32_t x = (rnd32(&s) & 0x80000000u) | (90 + rnd32(&s) % 60) << 23 |
                         (rnd32(&s) & 0x7fffff);
            int32_t g = tx_coord_fx(x, sizes[k]), w = ref_coord(x, sizes[k]);
            if (g != w)
                CHECK(0, "coord(0x%08x, %u) = %d, want %d", x, sizes[k], g, w);
        }
    }
    /* log2 (L2): within 2/256 of the exact value, exact at powers of two. */
    CHECK(tx_lod_log2(0) == -8192, "log2(0)");
    for (int p = 0; p < 28; p++)
        CHECK(tx_lod_log2(1u << p) == (p - 8) * 256, "log2(2^%d)", p);
    double worst = 0;
    for (uint32_t r = 1; r < (1u << 27); r += 1 + (r >> 9)) {
        double e = fabs(tx_lod_log2(r) - 256.0 * log2(r / 256.0));
        if (e > worst)
            worst = e;
    }
    CHECK(worst <= 2.0, "log2 error %.3f/256 exceeds 2/256", worst);

    /* Cube faces (Q1-Q4): major axis, tie order Z, Y, X, signs. */
    struct { float x, y, z; int face; } fc[] = {
        {1, 0.5f, 0.25f, 0}, {-1, 0.5f, 0.25f, 1}, {0.5f, 1, 0.25f, 2}, {0.5f, -1, 0.25f, 3},
        {0.5f, 0.25f, 1, 4}, {0.5f, 0.25f, -1, 5}, {1, 1, 1, 4}, {1, 1, 0, 2}, {-1, -1, 0, 3},
        {0, 0, 0, 4}, {0, 0, -0.0f, 5},
    };
    for (unsigned i = 0; i < sizeof fc / sizeof *fc; i++) {
        int32_t rs, rt;
        int f = tx_cube_face(f32_bits(fc[i].x), f32_bits(fc[i].y), f32_bits(fc[i].z), &rs, &rt);
        CHECK(f == fc[i].face, "cube face %u: got %d want %d", i, f, fc[i].face);
    }
    /* Face coordinates against double: +X face, sc = -z, tc = -y. */
    for (int i = 0; i < 20000; i++) {
        float ma = 0.5f + (rnd32(&s) % 100000) / 50000.0f;
        float y = ma * ((int)(rnd32(&s) % 200001) - 100000) / 100000.0f;
        float z = ma * ((int)(rnd32(&s) % 200001) - 100000) / 100000.0f;
        int32_t rs, rt;
        int f = tx_cube_face(f32_bits(ma), f32_bits(y), f32_bits(z), &rs, &rt);
        if (f != 0)
            continue;
        double su = floor(((-(double)z / ma + 1) / 2) * 64 * 256);
        int32_t u = tx_cube_fx(rs, 64);
        if (fabs(u - su) > 1)
            CHECK(0, "cube u %d vs %.0f (z %g ma %g)", u, su, z, ma);
    }
    CHECK(tx_cube_fx(1 << 24, 16) == 16 * 256, "cube +1 edge");
    CHECK(tx_cube_fx(-(1 << 24), 16) == 0, "cube -1 edge");
}

/* C2 and Q4 for the taps: x cut to a multiple of 2^-21 (floor), times n,
 * then round half up to 1/256 (linear) or floor (point); in long double,
 * where every step here is exact (x * 2^21 has 24 significant bits, times
 * n <= 2^16 stays below 2^64 when it is in range). */
static int32_t ref_tap_coord(uint32_t x, uint32_t n, int lin)
{
    float f = bits_f32(x);
    if (isnan(f) || is_den(x))
        return 0;
    if (isinf(f))
        return f < 0 ? -(1 << 26) : (1 << 26) - 1;
    long double c = floorl((long double)f * 2097152.0L);
    if (fabsl(c) > 1e15L)
        return f < 0 ? -(1 << 26) : (1 << 26) - 1;
    long double v = c * n / 8192.0L;
    v = lin ? floorl(v + 0.5L) : floorl(v);
    if (v > (1 << 26) - 1)
        return (1 << 26) - 1;
    if (v < -(1 << 26))
        return -(1 << 26);
    return (int32_t)v;
}

static void test_tap_coords(void)
{
    uint64_t s = 4242;
    static const uint32_t sizes[] = {1, 2, 3, 5, 7, 13, 64, 100, 255, 1000, 4096, 65535, 65536};
    static const uint32_t special[] = {
        0, 0x80000000u, 0x00000001u, 0x807fffffu, 0x7fc00000u, 0xffc00001u, 0x7f800000u,
        0xff800000u, 0x3f800000u, 0xbf800000u, 0x3effffffu, 0xbeffffffu, 0x33800000u,
        0xb3800000u, 0x35000000u, 0xb5000000u, 0x4b800000u, 0xcb800000u, 0x7f7fffffu,
        0xff7fffffu, 0x3f7fffffu, 0x58800000u, 0xd8800000u, 0x53000000u, 0x5f7fffffu,
        0x4c000000u, 0xcc000001u, 0x3eaaaaabu, 0xbeaaaaabu,
    };
    for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
        for (int lin = 0; lin < 2; lin++) {
            for (unsigned i = 0; i < sizeof special / sizeof *special; i++) {
                uint32_t x = special[i];
                int32_t g = tx_tex_coord(x, sizes[k], lin), w = ref_tap_coord(x, sizes[k], lin);
                CHECK(g == w, "tap coord(0x%08x, %u, %d) = %d, want %d", x, sizes[k], lin, g, w);
            }
            for (int i = 0; i < 20000; i++) {
                uint32_t x = (rnd32(&s) & 0x80000000u) | (90 + rnd32(&s) % 60) << 23 |
                             (rnd32(&s) & 0x7fffff);
                int32_t g = tx_tex_coord(x, sizes[k], lin), w = ref_tap_coord(x, sizes[k], lin);
                if (g != w)
                    CHECK(0, "tap coord(0x%08x, %u, %d) = %d, want %d", x, sizes[k], lin, g, w);
            }
        }
    /* A normalised x = (i + 0.5) / n, the centre of texel i, lands on it:
     * the rounding takes the 21-bit cut back to the centre (i + 0.5)*256. */
    for (unsigned n = 1; n <= 1000; n++)
        for (unsigned i = 0; i < n; i += 1 + n / 16) {
            uint32_t x = f32_bits(((float)i + 0.5f) / (float)n);
            CHECK(tx_tex_coord(x, n, 1) == (int32_t)(i * 256 + 128),
                  "centre of texel %u of %u: %d", i, n, tx_tex_coord(x, n, 1));
        }
    /* Cube face coordinate: (r + 2^24) / 2^25 cut to 2^-21, times n. */
    for (int i = 0; i < 20000; i++) {
        int32_t r = (int32_t)(rnd32(&s) % (2u << 24)) - (1 << 24);
        uint32_t n = 1 + rnd32(&s) % 2048;
        for (int lin = 0; lin < 2; lin++) {
            long double v = floorl(((long double)r + 16777216.0L) / 16.0L) * n / 8192.0L;
            int32_t w = (int32_t)(lin ? floorl(v + 0.5L) : floorl(v));
            if (tx_cube_coord(r, n, lin) != w)
                CHECK(0, "cube coord(%d, %u, %d) = %d, want %d", r, n, lin,
                      tx_cube_coord(r, n, lin), w);
        }
    }
    CHECK(tx_cube_coord(1 << 24, 16, 1) == 16 * 256, "cube tap +1 edge");
    CHECK(tx_cube_coord(-(1 << 24), 16, 0) == 0, "cube tap -1 edge");
}

/* ---- address modes ----------------------------------------------------- */

static int ref_mode(int i, int n, int mode, int *border)
{
    *border = 0;
    switch (mode) {
    case 0: return ((i % n) + n) % n;
    case 1: { int t = ((i % (2 * n)) + 2 * n) % (2 * n); return t < n ? t : 2 * n - 1 - t; }
    case 2: return i < 0 ? 0 : i >= n ? n - 1 : i;
    case 3: case 4: case 7: *border = i < 0 || i >= n; return i;
    case 5: { int m = i < 0 ? -i - 1 : i; return m >= n ? n - 1 : m; }
    default: { int m = i < 0 ? -i - 1 : i; *border = m >= n; return m; }
    }
}

static void test_addr(void)
{
    for (int mode = 0; mode < 8; mode++)
        for (int n = 1; n <= 9; n++)
            for (int u = -40 * 256; u <= 40 * 256; u += 37) {
                for (int lin = 0; lin < 2; lin++) {
                    tx_axis a;
                    tx_addr_axis(u, (uint32_t)n, (unsigned)mode, lin, &a);
                    int uu = u, m = mode;
                    if (mode == 4 || mode == 7) {
                        if (mode == 7 && uu < 0)
                            uu = -uu;
                        uu = uu < 0 ? 0 : uu > n * 256 ? n * 256 : uu;
                        if (!lin)
                            m = 2;
                    }
                    int i0 = lin ? (int)floor((uu - 128) / 256.0) : (int)floor(uu / 256.0);
                    int f = lin ? ((uu - 128) - i0 * 256) : 0;
                    int b0, b1;
                    int w0 = ref_mode(i0, n, m, &b0);
                    int w1 = ref_mode(lin ? i0 + 1 : i0, n, m, &b1);
                    /* T2: one texel (or the border twice) takes fraction 0. */
                    if ((b0 && b1) || (!b0 && !b1 && w0 == w1))
                        f = 0;
                    if (a.i[0] != w0 || a.i[1] != w1 || a.border[0] != b0 || a.border[1] != b1 ||
                        a.f != f)
                        CHECK(0, "mode %d n %d u %d lin %d: got %d/%d b%d/%d f%d", mode, n, u,
                              lin, a.i[0], a.i[1], a.border[0], a.border[1], a.f);
                }
            }
    CHECK(1, "address modes");
}

/* ---- operand slots and assembler legality ------------------------------ */

static void test_slots_and_asm(void)
{
    struct { const char *sass; int ra_n, rb_n, arr, c0, handle, lod, toff, dc; } t[] = {
        {"TEX R0, R2, 0x5, 2D, 0xf", 2, 0, -1, 0, -1, -1, -1, -1},
        {"TEX.LB R0, R2, R4, 0x5, 2D, 0xf", 2, 1, -1, 0, -1, 4, -1, -1},
        {"TEX.B.DC R4, R0, R8, 0x5, 1D, 0xf", 1, 2, -1, 0, 4, -1, -1, 5},
        {"TEX.LL.AOFFI.DC R0, R4, R8, 0x1, ARRAY_2D, 0xf", 3, 3, 0, 1, -1, 4, 5, 6},
        {"TEX.B.LL.LC.DC R0, R4, R8, 0x1, ARRAY_CUBE, 0xf", 4, 3, 0, 1, 4, 5, -1, 6},
        {"TEX.LC R0, R4, 0x1, 2D, 0x1", 3, 0, 0, 1, -1, -1, -1, -1},
        {"TEX.LZ R0, R4, 0x1, 3D, 0x1", 3, 0, -1, 0, -1, -1, -1, -1},
    };
    for (unsigned i = 0; i < sizeof t / sizeof *t; i++) {
        uint64_t w;
        uint32_t c;
        tx_asm_err e;
        int rc = tx_asm_opt(t[i].sass, 1, &w, &c, &e);
        CHECK(rc == 0, "asm %s: %s", t[i].sass, e.msg);
        if (rc)
            continue;
        tx_insn in;
        tx_decode(w, c, &in);
        tx_tex_slots sl;
        tx_tex_slots_of(&in, &sl);
        int ra_n, rb_n;
        tx_src_counts(&in, &ra_n, &rb_n);
        CHECK(sl.ra_n == t[i].ra_n && ra_n == sl.ra_n, "%s ra_n %d/%d", t[i].sass, sl.ra_n, ra_n);
        CHECK(sl.rb_n == t[i].rb_n && rb_n == sl.rb_n, "%s rb_n %d/%d", t[i].sass, sl.rb_n, rb_n);
        CHECK(sl.array == t[i].arr && sl.coord[0] == t[i].c0 && sl.handle == t[i].handle &&
              sl.lod == t[i].lod && sl.toff == t[i].toff && sl.dc == t[i].dc,
              "%s slots", t[i].sass);
    }
    /* The seed's illegal forms: refused (status 2 at the command line) unless
     * explicitly allowed, and then they decode as illegal. */
    const char *bad[][2] = {
        {"TEX.AOFFI R0, R4, R8, 0x1, CUBE, 0xf", "CUBE"},
        {"TEX.AOFFI R0, R4, R8, 0x1, ARRAY_CUBE, 0xf", "CUBE"},
        {"TEX.DC R0, R4, R8, 0x1, 3D, 0xf", "3D"},
        {"TEX.LB R0, R4, RZ, 0x1, 2D, 0xf", "RZ"},
        {"TEX R0, RZ, 0x1, 2D, 0xf", "RZ"},
        {"TEX R0, R3, 0x1, 2D, 0xf", "align"},
        {"TEX R0, R6, 0x1, 3D, 0xf", "align"},
        {"TEX R1, R4, 0x1, 2D, 0x3", "align"},
        {"TEX.LB R0, R4, R9, 0x1, ARRAY_2D, 0xf", NULL},   /* Rb scalar: any alignment */
        {"TEX.LB.AOFFI R0, R4, R9, 0x1, 2D, 0xf", "align"},
        {"TEX R0, R4, R9, 0x1, 2D, 0xf", NULL},            /* unused Rb: no error */
    };
    for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t w;
        uint32_t c;
        tx_asm_err e;
        memset(&e, 0, sizeof e);
        int strict = tx_asm(bad[i][0], &w, &c, &e);
        if (bad[i][1]) {
            CHECK(strict != 0 && strstr(e.msg, "illegal") != NULL,
                  "%s: strict assembly must refuse (%s)", bad[i][0], e.msg);
            CHECK(tx_asm_opt(bad[i][0], 1, &w, &c, &e) == 0, "%s: allowed", bad[i][0]);
            tx_insn in;
            tx_decode(w, c, &in);
            CHECK(in.illegal, "%s decodes illegal", bad[i][0]);
        } else {
            CHECK(strict == 0, "%s: legal (%s)", bad[i][0], e.msg);
        }
    }
}

/* ---- whole instructions ------------------------------------------------ */

#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull
#define TEX_BASE 0x100000ull

static void put32s(tx_state *s, uint64_t a, const uint32_t w[8])
{
    uint8_t b[32];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(s->mem, a, b, 32);
}

/* RGBA8 4x4 pitch texture: texel (x, y) = (16x+y, 40y, 255-16x, 255). */
static void setup(tx_state *s, const tx_tsc *smp)
{
    tx_tic t;
    uint32_t w[8];
    tx_state_reset(s);
    s->tic_base = TIC_BASE;
    s->tic_max = 15;
    s->tsc_base = TSC_BASE;
    s->tsc_max = 7;
    memset(&t, 0, sizeof t);
    t.components = TX_FMT_A8B8G8R8;
    for (int i = 0; i < 4; i++)
        t.dtype[i] = TX_DT_UNORM;
    t.swz[0] = TX_SWZ_R; t.swz[1] = TX_SWZ_G; t.swz[2] = TX_SWZ_B; t.swz[3] = TX_SWZ_A;
    t.address = TEX_BASE;
    t.version = TX_TIC_PITCH;
    t.pitch = 32;
    t.width_minus_one = 3;
    t.height_minus_one = 3;
    t.texture_type = TX_TEX_2D;
    t.normalized_coords = 1;
    tx_tic_pack(&t, w);
    put32s(s, TIC_BASE + 32 * 2, w);
    tx_tsc_pack(smp, w);
    put32s(s, TSC_BASE + 32 * 3, w);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            uint8_t b[4] = {(uint8_t)(16 * x + y), (uint8_t)(40 * y), (uint8_t)(255 - 16 * x), 255};
            tx_mem_write(s->mem, TEX_BASE + y * 32 + x * 4, b, 4);
        }
    uint32_t h = 3u << 20 | 2u;   /* sampler 3, header 2 */
    memcpy(&s->cbank[4 * 5], &h, 4);
}

static void smp_init(tx_tsc *t, int lin)
{
    memset(t, 0, sizeof *t);
    t->mag_filter = t->min_filter = lin ? 2 : 1;
    t->mip_filter = 1;
    t->max_lod_clamp = 0xfff;
    t->address_u = t->address_v = t->address_p = 2;
}

static uint32_t reg_after(tx_state *s, const char *sass, int lane, int reg, tx_effects *fx)
{
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    if (tx_asm_opt(sass, 1, &w, &c, &e) != 0) {
        CHECK(0, "asm %s: %s", sass, e.msg);
        return 0xdeadbeefu;
    }
    tx_step(s, w, c, fx);
    return s->r[lane][reg];
}

static void set_st(tx_state *s, int lane, float u, float v)
{
    s->r[lane][4] = f32_bits(u);
    s->r[lane][5] = f32_bits(v);
}

static void test_insn(void)
{
    tx_state *s = tx_state_new();
    tx_effects *fx = malloc(sizeof *fx);
    tx_tsc smp;

    /* Point sampling: texel centres and the floor rule. */
    smp_init(&smp, 0);
    setup(s, &smp);
    for (int l = 0; l < 32; l++)
        set_st(s, l, ((l & 3) + 0.5f) / 4, ((l >> 2 & 3) + 0.5f) / 4);
    reg_after(s, "TEX.LZ R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->status == TX_ST_OK, "status %d", fx->status);
    for (int l = 0; l < 32; l++) {
        unsigned x = l & 3, y = l >> 2 & 3;
        CHECK(s->r[l][0] == f32_bits((16 * x + y) / 255.0f), "point R lane %d", l);
        CHECK(s->r[l][1] == f32_bits((40 * y) / 255.0f), "point G lane %d", l);
        CHECK(s->r[l][3] == 0x3f800000u, "point A lane %d", l);
    }
    /* Write mask compaction: G and A into R0, R1. */
    reg_after(s, "TEX.LZ R8, R4, 0x5, 2D, 0xa", 0, 0, fx);
    CHECK(fx->nregw == 64, "wmask 0xa writes 2 per lane (%d)", fx->nregw);
    CHECK(s->r[5][8] == f32_bits(40 / 255.0f) && s->r[5][9] == 0x3f800000u, "wmask compaction");

    /* Bilinear halfway between texels 0 and 1 on u, on the v centre of row 0. */
    smp_init(&smp, 1);
    setup(s, &smp);
    for (int l = 0; l < 32; l++)
        set_st(s, l, 0.25f, 0.125f);
    reg_after(s, "TEX.LZ R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->taps.ntaps == 4, "bilinear taps %d", fx->taps.ntaps);
    CHECK(fx->taps.wt[0][0][0] == 128 && fx->taps.wt[0][0][1] == 0, "bilinear fractions");
    CHECK(fabsf(bits_f32(s->r[0][0]) - 8 / 255.0f) < 1e-6f, "bilinear R %g",
          bits_f32(s->r[0][0]));
    CHECK(fabsf(bits_f32(s->r[0][2]) - 247 / 255.0f) < 1e-6f, "bilinear B");

    /* Border: address BORDER, coordinate left of the texture. */
    smp.address_u = 3;
    smp.border[0] = 0x3f800000u;
    smp.border[1] = 0x40000000u;
    smp.border[2] = 0;
    smp.border[3] = 0x3f000000u;
    setup(s, &smp);
    for (int l = 0; l < 32; l++)
        set_st(s, l, -0.5f, 0.125f);
    reg_after(s, "TEX.LZ R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    /* Filtered, the border colour of a UNORM format is held as a 16-bit
     * code in the format's range (D3D11 7.18.9.1): G 2.0 reads 1.0, A 0.5
     * reads 32768 / 65535. */
    CHECK(s->r[0][0] == 0x3f800000u && s->r[0][1] == 0x3f800000u && s->r[0][3] == 0x3f000080u,
          "border colour 0x%08x 0x%08x", s->r[0][0], s->r[0][1]);
    CHECK(fx->taps.oob[0][0] == 1 && fx->taps.addr[0][0] == 0, "border tap fetches nothing");

    /* Implicit LOD: quad lanes one texel apart give LOD 0 (minification
     * starts above 0); two texels apart give LOD 1. */
    smp_init(&smp, 0);
    setup(s, &smp);
    for (int l = 0; l < 32; l++)
        set_st(s, l, (l & 1) * 2 / 4.0f, (l >> 1 & 1) * 2 / 4.0f);
    reg_after(s, "TEX R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->taps.lod[0] == 256, "implicit LOD %d, want 256", fx->taps.lod[0]);
    s->ctm = 0xfffffff7u;   /* quad 0 divergent: default LOD 0 */
    reg_after(s, "TEX R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->taps.lod[0] == 0 && fx->taps.lod[4] == 256, "divergent quad LOD 0");
    reg_after(s, "TEX.NDV R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->taps.lod[0] == 256, ".NDV forces the derivative");
    CHECK(!(fx->taps.lanes >> 3 & 1), ".NDV does not promote the inactive lane");
    s->ctm = ~0u;
    s->pixel = 0;
    reg_after(s, "TEX R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->taps.lod[0] == 0, "non-pixel threads: default LOD 0");
    s->pixel = 1;
    /* .LB adds the operand; sampler bias and clamps. */
    for (int l = 0; l < 32; l++)
        s->r[l][8] = f32_bits(l < 4 ? 1.5f : -1.5f);
    reg_after(s, "TEX.LB R0, R4, R8, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->taps.lod[0] == 256 + 384, ".LB lod %d", fx->taps.lod[0]);
    CHECK(fx->taps.lod[4] == 0, ".LB below the minimum clamp 0: %d", fx->taps.lod[4]);
    smp.mip_lod_bias = 0x1fff & (uint16_t)-64;   /* -0.25 */
    smp.min_lod_clamp = 0x20;
    smp.max_lod_clamp = 0x100;
    setup(s, &smp);
    for (int l = 0; l < 32; l++) {
        set_st(s, l, (l & 1) * 2 / 4.0f, (l >> 1 & 1) * 2 / 4.0f);
        s->r[l][8] = f32_bits(l < 4 ? 3.0f : -8.0f);
    }
    reg_after(s, "TEX.LL R0, R4, R8, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->taps.lod[0] == 0x100 && fx->taps.lod[4] == 0x20, ".LL clamps %d %d",
          fx->taps.lod[0], fx->taps.lod[4]);
    /* .LLA averages the quad: lanes 4..7 = -8, lane 0..3 = 3 each. */
    smp.min_lod_clamp = 0;
    smp.max_lod_clamp = 0xfff;
    smp.mip_lod_bias = 0;
    setup(s, &smp);
    for (int l = 0; l < 4; l++)
        s->r[l][8] = f32_bits((float)l);   /* average 1.5 */
    reg_after(s, "TEX.LLA R0, R4, R8, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(fx->taps.lod[1] == 384, ".LLA average %d", fx->taps.lod[1]);

    /* Invalid handles give zeros; the OGL knob reuses the header index. */
    setup(s, &smp);
    for (int l = 0; l < 32; l++)
        s->r[l][0] = 0x12345678u;
    s->tsc_max = 2;
    reg_after(s, "TEX.LZ R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(s->r[0][0] == 0 && s->r[0][3] == 0 && fx->nregw == 128, "sampler above max: zeros");
    s->ogl_binding = 1;     /* sampler index = header index 2 <= 2 */
    s->tsc_max = 7;
    reg_after(s, "TEX.LZ R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(s->r[0][3] == 0x3f800000u, "OGL binding reads sampler 2 (all zero: a valid point sample)");
    s->ogl_binding = 0;
    s->tic_max = 1;
    reg_after(s, "TEX.LZ R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(s->r[0][3] == 0, "header above max: zeros");

    /* Bindless: the handle from Rb of the lowest active lane. */
    setup(s, &smp);
    for (int l = 0; l < 32; l++) {
        set_st(s, l, 0.125f, 0.125f);
        s->r[l][12] = l == 2 ? (3u << 20 | 2u) : 0xffffffffu;
    }
    s->ctm = 0xfffffffcu;
    reg_after(s, "TEX.B.LZ R0, R4, R12, 0x0, 2D, 0xf", 2, 3, fx);
    CHECK(s->r[2][3] == 0x3f800000u, "bindless handle of the first active lane");
    s->ctm = ~0u;

    /* Depth compare, forced for TEX.LZ, sampler-dependent for TEX.LL. */
    smp_init(&smp, 0);
    smp.depth_compare_func = 1;   /* LESS: ref < d */
    setup(s, &smp);
    for (int l = 0; l < 32; l++) {
        set_st(s, l, 0.875f, 0.125f);   /* texel (3, 0): R = 48/255 */
        s->r[l][8] = f32_bits(l & 1 ? 0.1f : 0.5f);
    }
    reg_after(s, "TEX.LZ.DC R0, R4, R8, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(s->r[0][0] == 0 && s->r[1][0] == 0x3f800000u && s->r[1][3] == 0x3f800000u,
          "DC forced for LZ");
    s->r[0][9] = s->r[1][9] = 0;   /* .LL operand */
    for (int l = 0; l < 32; l++) {
        s->r[l][9] = s->r[l][8];
        s->r[l][8] = 0;
    }
    reg_after(s, "TEX.LL.DC R0, R4, R8, 0x5, 2D, 0xf", 1, 0, fx);
    CHECK(s->r[1][0] == f32_bits(48 / 255.0f), "DC not forced for LL without sampler compare");

    /* Guard, .NODEP and the sparse predicate. */
    setup(s, &smp);
    s->ktm = 0xf0u;
    s->p[1] = 0;
    reg_after(s, "TEX.LZ.NODEP P1, R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(!(fx->taps.lanes & 0xf0u) && (fx->taps.lanes & 0xfu) == 0xf, ".NODEP drops KTM");
    CHECK(fx->predw_mask[1] == (~0xf0u) && s->p[1] == 0, "Ps written 0 on mapped pages");
    tx_mem_map(s->mem, TEX_BASE, 4096, TX_PAGE_SPARSE);
    reg_after(s, "TEX.LZ P1, R0, R4, 0x5, 2D, 0xf", 0, 0, fx);
    CHECK(s->p[1] == ~0u && s->r[0][0] == 0, "Ps set on a sparse page, data 0");

    free(fx);
    tx_state_free(s);
}

int main(void)
{
    test_fp32();
    test_coords();
    test_tap_coords();
    test_addr();
    test_slots_and_asm();
    test_insn();
    return check_done("test_tex");
}
