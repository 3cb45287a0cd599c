/*
 * test_txq.c - TXQ in the model (docs/semantics.md section 11): the query
 * stage (tx_txq_result) on hand-computed views, and whole instructions
 * through tx_step on headers in memory: every query of every texture type,
 * levels past the view, TXQ.B's lowest-lane handle, the write mask, the
 * invalid, faulting and unusable headers, lanes, and the sampler queries'
 * UNIMPL.  TMML (section 12) against TEX's LOD on the same quads, the bias
 * and clamps, masks, divergence, TMML.B and the invalid cases.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "isa.h"
#include "model.h"
#include "state.h"
#include "tic.h"
#include "txq.h"

#define TIC_BASE 0x10000ull
#define TIC_MAX 100u

static tx_state *S;
static tx_effects FX;

static void put_header(uint32_t index, const tx_tic *t)
{
    uint32_t w[8];
    uint8_t b[32];
    tx_tic_pack(t, w);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(S->mem, TIC_BASE + 32ull * index, b, 32);
}

static void set_cb(int word, uint32_t handle)
{
    for (int j = 0; j < 4; j++)
        S->cbank[4 * word + j] = (uint8_t)(handle >> (8 * j));
}

static tx_tic tic(unsigned type, uint32_t w, uint32_t h, uint32_t d, unsigned mips)
{
    tx_tic t;
    memset(&t, 0, sizeof t);
    t.components = TX_FMT_R8;
    for (int i = 0; i < 4; i++)
        t.dtype[i] = TX_DT_UNORM;
    t.swz[0] = TX_SWZ_R;
    t.version = type == TX_TEX_1D_BUFFER ? TX_TIC_1D_BUFFER : TX_TIC_BLOCKLINEAR;
    t.texture_type = (uint8_t)type;
    t.address = 0x400000;
    t.width_minus_one = w - 1;
    t.height_minus_one = (uint16_t)(h - 1);
    t.depth_minus_one = (uint16_t)(d - 1);
    t.max_mip_level = (uint8_t)mips;
    t.res_view_max_mip_level = 15;
    t.normalized_coords = 1;
    return t;
}

static uint64_t word_of(const char *text, uint32_t *ctrl)
{
    uint64_t w = 0;
    tx_asm_err e;
    if (tx_asm(text, &w, ctrl, &e))
        CHECK(0, "asm \"%s\": %s", text, e.msg);
    return w;
}

static int run(const char *text)
{
    uint32_t c = 0;
    uint64_t w = word_of(text, &c);
    return tx_step(S, w, c, &FX);
}

/* The value the last step wrote to reg of lane, or `none`. */
static uint32_t written(int lane, int reg, uint32_t none)
{
    uint32_t v = none;
    for (int i = 0; i < FX.nregw; i++)
        if (FX.regw[i].lane == lane && FX.regw[i].reg == reg)
            v = FX.regw[i].val;
    return v;
}

static void setup(void)
{
    tx_state_reset(S);
    S->tic_base = TIC_BASE;
    S->tic_max = TIC_MAX;
    tx_tic t = tic(TX_TEX_2D, 640, 360, 1, 9);
    put_header(1, &t);
    t = tic(TX_TEX_3D, 64, 32, 20, 6);
    put_header(2, &t);
    t = tic(TX_TEX_2D_ARRAY, 100, 50, 7, 3);
    t.res_view_min_mip_level = 1;
    t.res_view_max_mip_level = 2;
    put_header(3, &t);
    t = tic(TX_TEX_CUBEMAP_ARRAY, 32, 32, 3, 5);
    put_header(4, &t);
    t = tic(TX_TEX_1D_ARRAY, 77, 1, 9, 0);
    put_header(5, &t);
    t = tic(TX_TEX_2D, 64, 64, 1, 0);
    t.multi_sample_count = 3; /* 4X2: 8 samples */
    put_header(6, &t);
    t = tic(TX_TEX_1D_BUFFER, 1, 1, 1, 0);
    t.width_minus_one = 99999;
    put_header(7, &t);
    t = tic(TX_TEX_2D, 64, 64, 1, 0);
    t.components = 0x7e; /* no such format */
    put_header(8, &t);
    for (int i = 1; i <= 8; i++)
        set_cb(i, (uint32_t)i | 0xfff00000u); /* sampler bits: ignored */
    set_cb(20, 0x5000u);                      /* past the pool */
    set_cb(21, 90u);                          /* never written: reads zeros */
    for (int l = 0; l < TX_LANES; l++)
        S->r[l][4] = (uint32_t)l;            /* level = lane */
}

static void test_result(void)
{
    tx_txq_view v = { TX_TEX_3D, 64, 32, 20, 1, 1, 2, 8 };
    uint32_t r[4];

    tx_txq_result(TX_TXQ_DIMENSION, 0, &v, r);
    CHECK(r[0] == 16 && r[1] == 8 && r[2] == 5 && r[3] == 7, "3D level 0 of view 2..8: %u %u %u %u",
          r[0], r[1], r[2], r[3]);
    tx_txq_result(TX_TXQ_DIMENSION, 6, &v, r);
    CHECK(r[0] == 1 && r[1] == 1 && r[2] == 1 && r[3] == 7, "3D last level");
    tx_txq_result(TX_TXQ_DIMENSION, 7, &v, r);
    CHECK(r[0] == 0 && r[1] == 0 && r[2] == 0 && r[3] == 7, "level past the view");
    tx_txq_result(TX_TXQ_DIMENSION, 0xffffffffu, &v, r);
    CHECK(r[0] == 0 && r[3] == 7, "huge level");
    v.first = 5, v.last = 3;
    tx_txq_result(TX_TXQ_DIMENSION, 0, &v, r);
    CHECK(r[0] == 0 && r[3] == 0, "empty view");
    v.samples = 16;
    tx_txq_result(TX_TXQ_SAMPLER_POS, 0, &v, r);
    CHECK(r[0] == 4 && r[1] == 4 && r[2] == 16 && r[3] == 0, "4x4 grid");
    v.samples = 2;
    tx_txq_result(TX_TXQ_SAMPLER_POS, 0, &v, r);
    CHECK(r[0] == 2 && r[1] == 1 && r[2] == 2, "2x1 grid");
    tx_txq_result(TX_TXQ_TEXTURE_TYPE, 0, &v, r);
    CHECK(r[0] == TX_TEX_3D && r[1] == 0 && r[2] == 2 && r[3] == 0, "texture type");
}

static void test_steps(void)
{
    setup();
    /* 2D 640x360, 10 levels: lane l asks level l. */
    CHECK(run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x1, 0xf") == TX_ST_OK, "2D status");
    CHECK(written(0, 8, 1) == 640 && written(0, 9, 1) == 360 && written(0, 10, 1) == 0 &&
              written(0, 11, 0) == 10,
          "2D level 0");
    CHECK(written(3, 8, 1) == 80 && written(3, 9, 1) == 45, "2D level 3");
    CHECK(written(9, 8, 0) == 1 && written(9, 9, 0) == 1, "2D level 9");
    CHECK(written(10, 8, 1) == 0 && written(10, 11, 0) == 10, "2D level 10: past the view");
    CHECK(FX.taps.fmt[3][0][0] == 80 && FX.taps.filt[3][1] == 45 && FX.taps.gather[3][0] == 3,
          "taps");

    /* Masks compact. */
    setup();
    run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x2, 0xc");
    CHECK(written(0, 8, 1) == 20 && written(0, 9, 0) == 7 && written(0, 10, 77) == 77,
          "3D depth and levels in R8, R9");
    setup();
    run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x3, 0x7");
    CHECK(written(0, 8, 0) == 50 && written(0, 9, 0) == 25 && written(0, 10, 0) == 7,
          "2D array view 1..2, level 0 = level 1 of the chain");
    CHECK(written(2, 8, 1) == 0, "2D array: level 2 is past the view");
    setup();
    run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x4, 0xf");
    CHECK(written(1, 8, 0) == 16 && written(1, 10, 0) == 3 && written(1, 11, 0) == 6,
          "cube array: cubes");
    setup();
    run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x5, 0xf");
    CHECK(written(0, 8, 0) == 77 && written(0, 9, 0) == 9 && written(0, 10, 1) == 0,
          "1D array: layers in G");
    setup();
    run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x7, 0x9");
    CHECK(written(0, 8, 0) == 100000 && written(0, 9, 0) == 1, "buffer: width, 1 level");
    setup();
    run("TXQ R8, R4, TEX_HEADER_TEXTURE_TYPE, 0x6, 0xf");
    CHECK(written(5, 8, 9) == TX_TEX_2D && written(5, 10, 0) == 8, "type and 8 samples");
    setup();
    run("TXQ R8, R4, TEX_HEADER_SAMPLER_POS, 0x6, 0x7");
    CHECK(written(5, 8, 0) == 4 && written(5, 9, 0) == 2 && written(5, 10, 0) == 8, "4x2 grid");

    /* TXQ.B: Ra = handle, Ra+1 = level; the lowest active lane's handle. */
    setup();
    for (int l = 0; l < TX_LANES; l++) {
        S->r[l][6] = l == 2 ? 2u : 1u;
        S->r[l][7] = 1;
    }
    S->ctm = 0xfffffffcu;
    run("TXQ.B R12, R6, TEX_HEADER_DIMENSION, 0x0, 0x1");
    CHECK(written(5, 12, 0) == 32 && written(0, 12, 7) == 7, "TXQ.B: lane 2's handle (3D)");
    CHECK(FX.taps.gather[5][4] == 1 && FX.taps.gather[5][0] == 1, "TXQ.B gather slots");

    /* Invalid, faulting and unusable headers: zeros. */
    setup();
    CHECK(run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x14, 0xf") == TX_ST_OK &&
              written(1, 11, 9) == 0 && written(1, 8, 9) == 0,
          "past the pool: zeros, OK");
    setup();
    CHECK(run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x8, 0xf") == TX_ST_OK && written(0, 8, 9) == 0,
          "unknown format: zeros");
    setup();
    S->tic_max = 0x7ffff;
    set_cb(22, 0x40000u); /* header at 0x810000: unmapped */
    CHECK(run("TXQ R8, R4, TEX_HEADER_DIMENSION, 0x16, 0xf") == TX_ST_FAULT &&
              written(0, 11, 9) == 0,
          "faulting header: FAULT and zeros");

    /* Lanes: guard, .NODEP. */
    setup();
    S->p[1] = 0x0000ffffu;
    S->ktm = 0x000000ffu;
    run("@P1 TXQ.NODEP R8, R4, TEX_HEADER_DIMENSION, 0x1, 0x1");
    CHECK(written(7, 8, 5) == 5 && written(8, 8, 5) == 80 >> 5 && written(16, 8, 5) == 5,
          "guard and .NODEP");
    CHECK(FX.taps.lanes == 0x0000ff00u, "taps.lanes");

    /* Sampler queries: UNIMPL, nothing written, hash unchanged. */
    setup();
    {
        uint8_t h = S->hash;
        CHECK(run("TXQ.P R8, R4, TEX_SAMPLER_LOD, 0x1, 0xf") == TX_ST_UNIMPL && FX.nregw == 0 &&
                  S->hash == h,
              "sampler query: UNIMPL");
        CHECK(run("TXQ.P R8, R4, TEX_HEADER_DIMENSION, 0x1, 0xf") == TX_ST_OK && S->hash != h,
              "header query moves the hash");
    }
    /* Rd overlapping Ra: every lane reads before it writes. */
    setup();
    run("TXQ R4, R4, TEX_HEADER_DIMENSION, 0x1, 0x1");
    CHECK(written(2, 4, 0) == 160 && S->r[2][4] == 160, "Rd = Ra");
}

/* ---- TMML --------------------------------------------------------------- */

#define TSC_BASE 0x20000ull

static void put_sampler(uint32_t index, const tx_tsc *t)
{
    uint32_t w[8];
    uint8_t b[32];
    tx_tsc_pack(t, w);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(S->mem, TSC_BASE + 32ull * index, b, 32);
}

static uint32_t f32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* A 256x256 2D texture with 9 levels; sampler 0 trilinear, sampler 1 with
 * bias +1.5 and clamps 1.0 .. 3.25; quad q steps k_q texels per pixel. */
static void tmml_setup(void)
{
    static const float k[8] = { 0.125f, 0.5f, 1.0f, 2.0f, 4.0f, 6.0f, 64.0f, 1000.0f };
    setup();
    S->tsc_base = TSC_BASE;
    S->tsc_max = 7;
    tx_tsc t;
    memset(&t, 0, sizeof t);
    t.mag_filter = t.min_filter = 2;
    t.mip_filter = 3;
    t.max_lod_clamp = 15u << 8;
    put_sampler(0, &t);
    t.mip_lod_bias = 0x180;
    t.min_lod_clamp = 0x100;
    t.max_lod_clamp = 0x340;
    put_sampler(1, &t);
    tx_tic h = tic(TX_TEX_2D, 256, 256, 1, 8);
    put_header(30, &h);
    {
        /* The texels TEX reads (TMML reads none). */
        static uint8_t zero[1 << 18];
        tx_mem_write(S->mem, 0x400000, zero, sizeof zero);
    }
    set_cb(30, 30u);
    set_cb(31, 30u | 1u << 20);
    set_cb(32, 30u | 9u << 20);   /* sampler past the pool */
    for (int l = 0; l < TX_LANES; l++) {
        int q = l / 4;
        S->r[l][8] = f32(0.25f + (float)(l & 1) * k[q] / 256.0f);
        S->r[l][9] = f32(0.5f + (float)((l >> 1) & 1) * k[q] / 256.0f);
        S->r[l][12] = 30u | (l < 3 ? 0u : 1u) << 20;
    }
}

static void test_tmml(void)
{
    uint32_t tex_lod[TX_LANES];

    /* TEX and TMML share the LOD unit: G is TEX's final LOD within the
     * view (0 .. 8.0). */
    for (int smp = 0; smp < 2; smp++) {
        char t1[96], t2[96];
        snprintf(t1, sizeof t1, "TEX R16, R8, 0x%x, 2D, 0x1", 30 + smp);
        snprintf(t2, sizeof t2, "TMML.LOD R16, R8, 0x%x, 2D, 0x3", 30 + smp);
        tmml_setup();
        CHECK(run(t1) == TX_ST_OK, "TEX runs");
        for (int l = 0; l < TX_LANES; l++)
            tex_lod[l] = (uint32_t)FX.taps.lod[l];
        tmml_setup();
        CHECK(run(t2) == TX_ST_OK, "TMML runs");
        for (int l = 0; l < TX_LANES; l++) {
            int32_t want = (int32_t)tex_lod[l] < 0 ? 0 : (int32_t)tex_lod[l] > 0x800 ? 0x800
                                                                                 : (int32_t)tex_lod[l];
            CHECK(written(l, 17, 0xdead) == (uint32_t)want, "sampler %d lane %d: G 0x%x, TEX LOD 0x%x",
                  smp, l, written(l, 17, 0xdead), tex_lod[l]);
        }
        if (smp == 0) {
            /* No bias, clamp 0 .. 15: R = G where the LOD is in 0 .. 8. */
            CHECK(written(16, 16, 1) == 0x200 && written(16, 17, 1) == 0x200,
                  "4 texels per pixel: LOD 2.0 (R 0x%x G 0x%x)", written(16, 16, 1),
                  written(16, 17, 1));
            CHECK((int32_t)written(0, 16, 0) == -0x300 && written(0, 17, 1) == 0,
                  "1/8 texel per pixel: R -3.0 sign-extended, G 0 (R 0x%x)", written(0, 16, 0));
            CHECK(written(28, 16, 0) > 0x800 && written(28, 17, 0) == 0x800,
                  "1000 texels per pixel: R unclamped, G the last level 8.0");
        } else {
            CHECK(written(16, 16, 1) == 0x380 && written(16, 17, 1) == 0x340,
                  "bias 1.5 and max clamp 3.25: R 3.5, G 3.25");
            CHECK(written(8, 16, 1) == 0x180 && written(8, 17, 1) == 0x180,
                  "LOD 0 + bias 1.5 (R 0x%x G 0x%x)", written(8, 16, 1), written(8, 17, 1));
        }
    }
    /* Masks: B and A are 0; G alone. */
    tmml_setup();
    run("TMML.LOD R16, R8, 0x1e, 2D, 0xe");
    CHECK(written(16, 16, 1) == 0x200 && written(16, 17, 1) == 0 && written(16, 18, 1) == 0,
          "mask GBA");
    /* A divergent quad (not .NDV): lambda 0. */
    tmml_setup();
    S->ctm = 0xfffffff7u;
    run("TMML.LOD R16, R8, 0x1f, 2D, 0x3");
    CHECK(written(0, 16, 1) == 0x180 && written(0, 17, 1) == 0x180, "divergent quad: bias only");
    CHECK(written(16, 16, 1) == 0x380, "other quads unchanged");
    /* TMML.B: lane 0's handle (sampler 0) for every lane. */
    tmml_setup();
    run("TMML.B.LOD R16, R8, R12, 0x0, 2D, 0x3");
    CHECK(written(16, 16, 1) == 0x200 && written(16, 17, 1) == 0x200, "TMML.B: lane 0's handle");
    /* Invalid sampler, mismatching type: zeros. */
    tmml_setup();
    CHECK(run("TMML.LOD R16, R8, 0x20, 2D, 0x3") == TX_ST_OK && written(16, 16, 1) == 0 &&
              written(16, 17, 1) == 0,
          "sampler past its pool: zeros");
    tmml_setup();
    run("TMML.LOD R16, R8, 0x1e, 3D, 0x3");
    CHECK(written(16, 16, 1) == 0 && written(16, 17, 1) == 0, "3D dim on a 2D texture: zeros");
}

int main(void)
{
    S = tx_state_new();
    test_result();
    test_steps();
    test_tmml();
    tx_state_free(S);
    printf("test_txq: %d passed, %d failed\n", check_pass, check_fail);
    return check_fail != 0;
}
