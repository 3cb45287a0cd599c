/*
 * test_txq.c - TXQ in the model (docs/semantics.md section 9): the query
 * stage (tx_txq_result) on hand-computed views, and whole instructions
 * through tx_step on headers in memory: every query of every texture type,
 * levels past the view, TXQ.B's lowest-lane handle, the write mask, the
 * invalid, faulting and unusable headers, lanes, and the sampler queries'
 * UNIMPL.
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

int main(void)
{
    S = tx_state_new();
    test_result();
    test_steps();
    tx_state_free(S);
    printf("test_txq: %d passed, %d failed\n", check_pass, check_fail);
    return check_fail != 0;
}
