/*
 * test_pixld.c - PIXLD through tx_step on programmed raster states
 * (the PIXLD seed, docs/semantics.md S1 and S7).
 *
 * The standard sample positions are restated here in the form of the
 * Vulkan specification's standard sample locations (fractions of a pixel
 * from its top-left corner) and converted to 1/16-pixel offsets from the
 * centre, so the model's own table is checked against an independent one.
 */
#include <math.h>

#include "check.h"
#include "isa.h"
#include "model.h"
#include "pixld.h"
#include "state.h"

static const double loc2[2][2] = { { 0.75, 0.75 }, { 0.25, 0.25 } };
static const double loc4[4][2] = { { 0.375, 0.125 }, { 0.875, 0.375 }, { 0.125, 0.625 },
                                   { 0.625, 0.875 } };
static const double loc8[8][2] = {
    { 0.5625, 0.3125 }, { 0.4375, 0.6875 }, { 0.8125, 0.5625 }, { 0.3125, 0.1875 },
    { 0.1875, 0.8125 }, { 0.0625, 0.4375 }, { 0.6875, 0.9375 }, { 0.9375, 0.0625 },
};
static const double loc16[16][2] = {
    { 0.5625, 0.5625 }, { 0.4375, 0.3125 }, { 0.3125, 0.625 },  { 0.75, 0.4375 },
    { 0.1875, 0.375 },  { 0.625, 0.8125 },  { 0.8125, 0.6875 }, { 0.6875, 0.1875 },
    { 0.375, 0.875 },   { 0.5, 0.0625 },    { 0.25, 0.125 },    { 0.125, 0.75 },
    { 0.0, 0.5 },       { 0.9375, 0.25 },   { 0.875, 0.9375 },  { 0.0625, 0.0 },
};

/* Reference offset of sample s of the standard pattern, 1/16 pixel. */
static void ref_pos(unsigned n, unsigned s, int *dx, int *dy)
{
    const double *p = n == 2 ? loc2[s] : n == 4 ? loc4[s] : n == 8 ? loc8[s]
                    : n == 16 ? loc16[s] : NULL;
    if (!p) {
        *dx = *dy = 0;
        return;
    }
    *dx = (int)lround((p[0] - 0.5) * 16.0);
    *dy = (int)lround((p[1] - 0.5) * 16.0);
}

static uint32_t ref_word(int dx, int dy)
{
    return (uint32_t)(uint16_t)(int16_t)dx | (uint32_t)(uint16_t)(int16_t)dy << 16;
}

static tx_state *st;
static tx_effects fx;

static int run(const char *text)
{
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    if (tx_asm(text, &w, &c, &e) != 0) {
        CHECK(0, "%s: does not assemble: %s", text, e.msg);
        return -1;
    }
    return tx_step(st, w, c, &fx);
}

/* Value lane wrote to reg, or -1 when it wrote nothing there. */
static int64_t written(int lane, int reg)
{
    int64_t v = -1;
    for (int i = 0; i < fx.nregw; i++)
        if (fx.regw[i].lane == lane && fx.regw[i].reg == reg)
            v = fx.regw[i].val;
    return v;
}

static void fresh(unsigned samples)
{
    tx_state_reset(st);
    st->raster.samples = (uint8_t)samples;
    for (int l = 0; l < TX_LANES; l++)
        st->raster.cov[l] = (uint16_t)((1u << samples) - 1u);
}

static void test_std_table(void)
{
    static const unsigned counts[] = { 1, 2, 4, 8, 16 };
    for (unsigned k = 0; k < 5; k++) {
        unsigned n = counts[k];
        for (unsigned s = 0; s < n; s++) {
            int dx, dy, rx, ry;
            CHECK(tx_raster_std_pos(n, s, &dx, &dy) == 0, "std %u/%u", n, s);
            ref_pos(n, s, &rx, &ry);
            CHECK(dx == rx && dy == ry, "std pos %ux sample %u: (%d,%d) want (%d,%d)", n, s, dx,
                  dy, rx, ry);
            CHECK(dx >= -8 && dx <= 7 && dy >= -8 && dy <= 7, "range %u/%u", n, s);
        }
        int dx, dy;
        CHECK(tx_raster_std_pos(n, n, &dx, &dy) == -1 && dx == 0 && dy == 0, "past %u", n);
    }
    int dx, dy;
    CHECK(tx_raster_std_pos(3, 0, &dx, &dy) == -1, "count 3");
    CHECK(!tx_raster_count_ok(0) && !tx_raster_count_ok(3) && !tx_raster_count_ok(32) &&
          tx_raster_count_ok(16), "count_ok");
}

static void test_mscount_covmask(void)
{
    static const unsigned counts[] = { 1, 2, 4, 8, 16 };
    for (unsigned k = 0; k < 5; k++) {
        unsigned n = counts[k];
        fresh(n);
        CHECK(run("PIXLD.MSCOUNT R3;") == TX_ST_OK, "mscount status");
        CHECK(fx.nregw == 32 && written(0, 3) == n && written(31, 3) == n, "MSCOUNT %u", n);
        CHECK(run("PIXLD R4;") == TX_ST_OK && written(5, 4) == n, "modeless PIXLD is MSCOUNT");
        for (int l = 0; l < TX_LANES; l++)
            st->raster.cov[l] = (uint16_t)(0x9e37u * (unsigned)(l + 1));
        run("PIXLD.COVMASK R0;");
        for (int l = 0; l < TX_LANES; l++)
            CHECK(written(l, 0) == ((0x9e37u * (unsigned)(l + 1)) & 0xffffu & ((1u << n) - 1)),
                  "COVMASK %ux lane %d lsb-aligned", n, l);
        for (int p = 0; p < TX_NPREDS; p++)
            CHECK(fx.predw_mask[p] == 0, "COVMASK writes no predicate");
    }
}

static void test_covered(void)
{
    fresh(4);
    for (int l = 0; l < TX_LANES; l++) {
        st->raster.cov[l] = (uint16_t)(l & 15);   /* coverage classes */
        st->r[l][2] = (uint32_t)(l & 7);           /* index 0..7 */
    }
    /* Immediate form, every index 0..4 (4 is out of range). */
    for (unsigned i = 0; i <= 4; i++) {
        char t[64];
        snprintf(t, sizeof t, "PIXLD.COVERED R1, P2, [0x%x];", i);
        run(t);
        uint32_t want = 0;
        for (int l = 0; l < TX_LANES; l++) {
            int c = i < 4 && ((l & 15) >> i & 1);
            want |= (uint32_t)c << l;
            CHECK(written(l, 1) == c, "%s lane %d", t, l);
        }
        CHECK(fx.predw_mask[2] == 0xffffffffu && fx.predw_val[2] == want, "%s Pd", t);
        CHECK(st->p[2] == want, "%s P2 state", t);
    }
    /* No address: index 0. */
    run("PIXLD.COVERED R1;");
    for (int l = 0; l < TX_LANES; l++)
        CHECK(written(l, 1) == (l & 1), "no address lane %d", l);
    CHECK(fx.predw_mask[2] == 0 && fx.predw_mask[6] == 0, "Pd PT: no predicate write");
    /* Register form with signed immediates: Ra - 1 wraps for Ra = 0. */
    run("PIXLD.COVERED R1, P0, [R2-0x1];");
    for (int l = 0; l < TX_LANES; l++) {
        uint32_t idx = (uint32_t)(l & 7) - 1u;
        int c = idx < 4 && ((l & 15) >> idx & 1);
        CHECK(written(l, 1) == c, "[R2-1] lane %d", l);
        CHECK(fx.taps.pix_index[l] == idx && fx.taps.pix_ra[l] == (uint32_t)(l & 7), "tap %d", l);
    }
    run("PIXLD.COVERED R1, P0, [R2+0x7f];");
    CHECK(fx.predw_val[0] == 0 && fx.predw_mask[0] == 0xffffffffu, "out of range: not covered");
    /* [0xff] is an unsigned 255, not -1. */
    run("PIXLD.COVERED RZ, P5, [0xff];");
    CHECK(fx.nregw == 0 && fx.predw_mask[5] == 0xffffffffu && fx.predw_val[5] == 0, "RZ, [0xff]");
    CHECK(fx.taps.pix_index[3] == 255, "[0xff] index");
    /* 16x: index 15. */
    fresh(16);
    st->raster.cov[9] = 0x8000;
    run("PIXLD.COVERED R1, P1, [0xf];");
    CHECK(written(9, 1) == 1 && written(8, 1) == 1 && (fx.predw_val[1] >> 9 & 1), "16x sample 15");
}

static void test_offset(void)
{
    static const unsigned counts[] = { 1, 2, 4, 8, 16 };
    for (unsigned k = 0; k < 5; k++) {
        unsigned n = counts[k];
        fresh(n);
        for (int l = 0; l < TX_LANES; l++)
            st->r[l][6] = (uint32_t)l;
        run("PIXLD.OFFSET R0, [R6];");
        for (int l = 0; l < TX_LANES; l++) {
            int dx, dy;
            ref_pos(n, (unsigned)l < n ? (unsigned)l : 0, &dx, &dy);
            uint32_t want = (unsigned)l < n ? ref_word(dx, dy) : 0;
            CHECK(written(l, 0) == want, "OFFSET %ux sample %d: 0x%08x want 0x%08x", n, l,
                  (unsigned)written(l, 0), want);
        }
    }
    /* Programmed positions are returned as programmed (S7.4). */
    fresh(4);
    st->raster.programmed = 1;
    static const int8_t prog[4][2] = { { -8, 7 }, { 7, -8 }, { 0, 0 }, { -1, -1 } };
    for (int s = 0; s < 4; s++) {
        st->raster.pos[s][0] = prog[s][0];
        st->raster.pos[s][1] = prog[s][1];
    }
    for (int s = 0; s < 4; s++) {
        char t[64];
        snprintf(t, sizeof t, "PIXLD.OFFSET R9, [0x%x];", s);
        run(t);
        CHECK(written(17, 9) == ref_word(prog[s][0], prog[s][1]), "programmed %d", s);
    }
    CHECK(ref_word(-8, 7) == 0x0007fff8u, "s16 halves");
    run("PIXLD.OFFSET R9;");
    CHECK(written(0, 9) == 0x0007fff8u, "OFFSET without address: sample 0");
}

static void test_centroid(void)
{
    fresh(8);
    for (int l = 0; l < TX_LANES; l++)
        st->raster.cov[l] = (uint16_t)(l == 0 ? 0xff : l == 1 ? 0 : (1u << (l & 7)) | 0x80);
    run("PIXLD.CENTROID_OFFSET R2;");
    CHECK(written(0, 2) == 0, "fully covered: centre");
    CHECK(written(1, 2) == 0, "nothing covered: centre");
    for (int l = 2; l < TX_LANES; l++) {
        int dx, dy;
        ref_pos(8, (unsigned)(l & 7), &dx, &dy);
        CHECK(written(l, 2) == ref_word(dx, dy), "centroid lane %d first covered", l);
    }
    fresh(1);
    run("PIXLD.CENTROID_OFFSET R2;");
    CHECK(written(4, 2) == 0, "1x centroid");
    /* Bits above the sample count do not count. */
    fresh(2);
    st->raster.cov[0] = 0xfff2;
    run("PIXLD.CENTROID_OFFSET R2;");
    CHECK(written(0, 2) == ref_word(-4, -4), "2x sample 1 only");
}

static void test_my_index(void)
{
    fresh(8);
    for (int l = 0; l < TX_LANES; l++)
        st->raster.sample[l] = (uint8_t)(l & 7);
    run("PIXLD.MY_INDEX R5, P3;");
    CHECK(written(6, 5) == 0 && fx.predw_mask[3] == 0xffffffffu && fx.predw_val[3] == 0,
          "not SSAA: 0 and false");
    st->raster.ssaa = 1;
    run("PIXLD.MY_INDEX R5, P3;");
    for (int l = 0; l < TX_LANES; l++)
        CHECK(written(l, 5) == (l & 7), "SSAA index lane %d", l);
    CHECK(fx.predw_val[3] == 0xffffffffu, "SSAA: Pd true");
    run("PIXLD.MY_INDEX R5;");
    CHECK(fx.predw_mask[3] == 0 && fx.predw_mask[6] == 0, "MY_INDEX, PT: no write");
}

static void test_rules(void)
{
    static const char *const other[] = {
        "PIXLD.MSCOUNT R1, P1, [R2+0x3];", "PIXLD.COVMASK R1, P1, [0x3];",
        "PIXLD.OFFSET R1, P1, [0x1];", "PIXLD.CENTROID_OFFSET R1, P1, [R2];",
    };
    fresh(4);
    st->ctm = 0x0ff0ff0fu;
    st->p[4] = 0xf0f0f0f0u;
    st->ktm = 0xffffffffu;   /* PIXLD has no .NODEP: killed lanes run */
    for (unsigned i = 0; i < 4; i++) {
        st->p[1] = 0x12345678u;
        CHECK(run(other[i]) == TX_ST_OK, "%s legal", other[i]);
        CHECK(fx.predw_mask[1] == 0 && st->p[1] == 0x12345678u, "%s: no Pd write", other[i]);
        CHECK(fx.nregw == 20, "%s: 20 lanes", other[i]);
    }
    run("PIXLD.COVMASK R1, P1, [R2+0x3];");
    CHECK(fx.taps.pix_index[0] == 0 && fx.taps.pix_ra[0] == 0, "address ignored outside COVERED/OFFSET");
    /* Guard. */
    run("@!P4 PIXLD.COVERED R1, P0, [0x1];");
    CHECK(fx.predw_mask[0] == (0x0ff0ff0fu & 0x0f0f0f0fu), "guard and ctm mask Pd");
    CHECK(written(0, 1) == 1 && written(4, 1) == -1 && written(8, 1) == 1, "guard masks Rd");
    CHECK(fx.taps.lanes == (0x0ff0ff0fu & 0x0f0f0f0fu) &&
          fx.taps.stages == 1u << TX_TAP_PIXLD, "taps");
    /* No active lane: nothing written, status OK. */
    st->ctm = 0;
    CHECK(run("PIXLD.COVERED R1, P0;") == TX_ST_OK && fx.nregw == 0 && fx.predw_mask[0] == 0,
          "no active lane");
    /* Reserved modes and bits: illegal, nothing written, hash kept. */
    st->ctm = 0xffffffffu;
    st->hash = 0x5a;
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    tx_asm("PIXLD.COVERED R1, P0;", &w, &c, &e);
    for (unsigned m = 6; m < 8; m++) {
        uint64_t x = (w & ~(7ull << 31)) | (uint64_t)m << 31;
        CHECK(tx_step(st, x, c, &fx) == TX_ST_ILLEGAL && fx.nregw == 0 &&
              fx.predw_mask[0] == 0 && fx.hash == 0x5a, "mode %u illegal", m);
    }
    CHECK(tx_step(st, w | 1ull << 40, c, &fx) == TX_ST_ILLEGAL, "reserved bit 40");
    CHECK(tx_step(st, w, c | 1u << 17, &fx) == TX_ST_ILLEGAL, "PIXLD has no .phase");
    CHECK(tx_step(st, w, c, &fx) == TX_ST_OK && fx.hash == 0x5a, "hash unchanged");
}

static void test_seed_example(void)
{
    /* PIXLD.COVMASK R0; -> R0 = the coverage mask of each lane. */
    fresh(16);
    for (int l = 0; l < TX_LANES; l++)
        st->raster.cov[l] = (uint16_t)(0xffffu >> (l & 15));
    CHECK(run("PIXLD.COVMASK R0;") == TX_ST_OK, "seed example");
    for (int l = 0; l < TX_LANES; l++)
        CHECK(written(l, 0) == (0xffffu >> (l & 15)), "seed lane %d", l);
}

int main(void)
{
    st = tx_state_new();
    if (!st)
        return 2;
    CHECK(st->raster.samples == 1 && st->raster.cov[7] == 1 && !st->raster.ssaa,
          "default raster");
    test_std_table();
    test_mscount_covmask();
    test_covered();
    test_offset();
    test_centroid();
    test_my_index();
    test_rules();
    test_seed_example();
    tx_state_free(st);
    return check_done("test_pixld");
}
