/*
 * test_txd.c - TXD and TXD.B in the model (docs/semantics.md section 13).
 *
 * TXD is TEX with the derivatives read from registers: a lane whose
 * gradients equal the coordinate differences of a TEX quad (exact binary32
 * steps) gets TEX's LOD and TEX's result.  Then what only TXD does: a LOD
 * per lane (four different gradients in one quad), no divergence rule, the
 * operand word after the coordinates (array index, offsets from bit 16,
 * with .LC the index in [11:0], the offsets from bit 12 and the minimum LOD
 * in [31:20]), 1D (two gradient registers), TXD.B's handle in Ra, the
 * anisotropic footprint from the gradients, and the sparse predicate.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "isa.h"
#include "layout.h"
#include "model.h"
#include "state.h"
#include "tic.h"

#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull
#define TEX_ADDR 0x400000ull

static tx_state *S;
static tx_effects FX;

static void put32(uint64_t base, uint32_t index, const uint32_t w[8])
{
    uint8_t b[32];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(S->mem, base + 32ull * index, b, 32);
}

static void put_header(uint32_t index, const tx_tic *t)
{
    uint32_t w[8];
    tx_tic_pack(t, w);
    put32(TIC_BASE, index, w);
}

static void put_sampler(uint32_t index, const tx_tsc *t)
{
    uint32_t w[8];
    tx_tsc_pack(t, w);
    put32(TSC_BASE, index, w);
}

static void set_cb(int word, uint32_t handle)
{
    for (int j = 0; j < 4; j++)
        S->cbank[4 * word + j] = (uint8_t)(handle >> (8 * j));
}

static uint32_t f32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static int run(const char *text)
{
    uint32_t c = 0;
    uint64_t w = 0;
    tx_asm_err e;
    if (tx_asm(text, &w, &c, &e)) {
        CHECK(0, "asm \"%s\": %s", text, e.msg);
        return -1;
    }
    return tx_step(S, w, c, &FX);
}

static uint32_t written(int lane, int reg, uint32_t none)
{
    uint32_t v = none;
    for (int i = 0; i < FX.nregw; i++)
        if (FX.regw[i].lane == lane && FX.regw[i].reg == reg)
            v = FX.regw[i].val;
    return v;
}

/* Textures: 2D 256x256 RGBA8 with 9 levels (header 30), a 2D array of 5
 * layers 64x64 with 7 levels (31), 1D of 128 texels with 8 levels (32);
 * every texel of level m, layer z holds bytes (m, z, x, y) so that a point
 * sample tells where it read.  Sampler 0 point/point mip POINT, sampler 1
 * trilinear, sampler 2 point with MIN ANISO 16:1. */
static void setup(void)
{
    static uint8_t img[3 * 0x80000];
    tx_state_reset(S);
    S->tic_base = TIC_BASE;
    S->tic_max = 40;
    S->tsc_base = TSC_BASE;
    S->tsc_max = 7;

    tx_tsc t;
    memset(&t, 0, sizeof t);
    t.mag_filter = t.min_filter = 1;
    t.mip_filter = 2;
    t.max_lod_clamp = 15u << 8;
    put_sampler(0, &t);
    t.mag_filter = t.min_filter = 2;
    t.mip_filter = 3;
    put_sampler(1, &t);
    t.mag_filter = 2;
    t.min_filter = 3;
    t.mip_filter = 2;
    t.max_anisotropy = 7;
    put_sampler(2, &t);

    static const struct { uint32_t type, w, h, d, mips; } tx[3] = {
        { TX_TEX_2D, 256, 256, 1, 8 }, { TX_TEX_2D_ARRAY, 64, 64, 5, 6 }, { TX_TEX_1D, 128, 1, 1, 7 },
    };
    uint64_t addr = TEX_ADDR;
    for (int i = 0; i < 3; i++) {
        tx_tic h;
        memset(&h, 0, sizeof h);
        h.components = TX_FMT_A8B8G8R8;
        for (int k = 0; k < 4; k++) {
            h.dtype[k] = TX_DT_UNORM;
            h.swz[k] = (uint8_t)(TX_SWZ_R + k);
        }
        h.version = TX_TIC_BLOCKLINEAR;
        h.texture_type = (uint8_t)tx[i].type;
        h.address = addr;
        h.width_minus_one = tx[i].w - 1;
        h.height_minus_one = (uint16_t)(tx[i].h - 1);
        h.depth_minus_one = (uint16_t)(tx[i].d - 1);
        h.max_mip_level = (uint8_t)tx[i].mips;
        h.res_view_max_mip_level = 15;
        h.normalized_coords = 1;
        put_header(30 + (uint32_t)i, &h);
        tx_layout L;
        CHECK(tx_layout_build(&h, S->gob_layout, &L) == 0, "layout %d", i);
        for (uint32_t m = 0; m <= tx[i].mips; m++)
            for (uint32_t z = 0; z < L.layers; z++)
                for (uint32_t y = 0; y < L.lv[m].h; y++)
                    for (uint32_t x = 0; x < L.lv[m].w; x++) {
                        uint64_t a;
                        if (tx_addr_texel(&L, m, x, y, 0, z, 0, &a) == 0 && a - TEX_ADDR + 4 <= sizeof img) {
                            img[a - TEX_ADDR + 0] = (uint8_t)m;
                            img[a - TEX_ADDR + 1] = (uint8_t)z;
                            img[a - TEX_ADDR + 2] = (uint8_t)x;
                            img[a - TEX_ADDR + 3] = (uint8_t)y;
                        }
                    }
        addr += 0x80000;
    }
    tx_mem_write(S->mem, TEX_ADDR, img, sizeof img);
    set_cb(30, 30u);
    set_cb(31, 30u | 1u << 20);
    set_cb(32, 31u);
    set_cb(33, 32u);
    set_cb(34, 30u | 2u << 20);
}

/* The byte k of the point sample's component c (0 .. 255). */
static unsigned byte_of(int lane, int reg)
{
    uint32_t v = written(lane, reg, 0xffffffffu);
    float f;
    memcpy(&f, &v, 4);
    return (unsigned)(f * 255.0f + 0.5f);
}

static void test_tex_equivalence(void)
{
    static const float k[8] = { 0.125f, 0.5f, 1.0f, 2.0f, 4.0f, 6.0f, 64.0f, 1000.0f };
    int32_t lod[TX_LANES];
    uint32_t res[TX_LANES][4];

    for (int smp = 0; smp < 2; smp++) {
        char t1[96], t2[96];
        snprintf(t1, sizeof t1, "TEX R16, R8, 0x%x, 2D, 0xf", 30 + smp);
        snprintf(t2, sizeof t2, "TXD R16, R8, R12, 0x%x, 2D, 0xf", 30 + smp);
        setup();
        for (int l = 0; l < TX_LANES; l++) {
            int q = l / 4;
            S->r[l][8] = f32(0.25f + (float)(l & 1) * k[q] / 256.0f);
            S->r[l][9] = f32(0.5f + (float)((l >> 1) & 1) * k[q] / 256.0f);
        }
        CHECK(run(t1) == TX_ST_OK, "TEX runs");
        for (int l = 0; l < TX_LANES; l++) {
            lod[l] = FX.taps.lod[l];
            for (int c = 0; c < 4; c++)
                res[l][c] = written(l, 16 + c, 0xdead);
        }
        /* The same coordinates, the quad's differences as gradients:
         * dPdx.s, dPdy.s, dPdx.t, dPdy.t. */
        for (int l = 0; l < TX_LANES; l++) {
            int q = l / 4;
            S->r[l][12] = f32(k[q] / 256.0f);
            S->r[l][13] = 0;
            S->r[l][14] = 0;
            S->r[l][15] = f32(k[q] / 256.0f);
        }
        CHECK(run(t2) == TX_ST_OK, "TXD runs");
        for (int l = 0; l < TX_LANES; l++) {
            CHECK(FX.taps.lod[l] == lod[l], "sampler %d lane %d: TXD LOD %d, TEX %d", smp, l,
                  FX.taps.lod[l], lod[l]);
            for (int c = 0; c < 4; c++)
                CHECK(written(l, 16 + c, 0xbeef) == res[l][c], "sampler %d lane %d comp %d", smp, l,
                      c);
        }
    }
}

static void test_per_lane(void)
{
    /* Four different footprints in one quad: 1, 2, 4, 8 texels per pixel
     * give LODs 0, 1, 2, 3 (point mip: the level read is byte 0). */
    setup();
    S->ctm = 0x0000000fu;
    for (int l = 0; l < 4; l++) {
        S->r[l][8] = f32(0.5f);
        S->r[l][9] = f32(0.5f);
        S->r[l][12] = f32((float)(1 << l) / 256.0f);
        S->r[l][13] = 0;
        S->r[l][14] = 0;
        S->r[l][15] = f32((float)(1 << l) / 256.0f);
    }
    CHECK(run("TXD R16, R8, R12, 0x1e, 2D, 0xf") == TX_ST_OK, "TXD runs");
    for (int l = 0; l < 4; l++) {
        CHECK(FX.taps.lod[l] == 256 * l, "lane %d: LOD %d", l, FX.taps.lod[l]);
        CHECK(byte_of(l, 16) == (unsigned)l, "lane %d reads level %u", l, byte_of(l, 16));
    }
    /* No divergence rule: a quad with one active lane (not a pixel warp)
     * keeps its gradients. */
    S->pixel = 0;
    S->ctm = 0x4u;
    run("TXD R16, R8, R12, 0x1e, 2D, 0xf");
    CHECK(FX.taps.lod[2] == 512 && byte_of(2, 16) == 2, "lone lane: LOD from its gradients");
    S->pixel = 1;
    /* Negative and mixed gradients: the footprint is symmetric. */
    S->ctm = 0x1u;
    S->r[0][12] = f32(-4.0f / 256.0f);
    S->r[0][15] = f32(-4.0f / 256.0f);
    run("TXD R16, R8, R12, 0x1e, 2D, 0xf");
    CHECK(FX.taps.lod[0] == 512, "negative gradients: LOD %d", FX.taps.lod[0]);
}

static void test_word(void)
{
    /* ARRAY_2D: the word after the coordinates (Ra+2) holds the layer. */
    setup();
    S->ctm = 0x1u;
    S->r[0][8] = f32(0.5f);
    S->r[0][9] = f32(0.25f);
    S->r[0][10] = 3u | 0xfff00000u;  /* layer 3; [31:20] ignored without .LC */
    S->r[0][12] = f32(1.0f / 64.0f);
    S->r[0][15] = f32(1.0f / 64.0f);
    S->r[0][13] = S->r[0][14] = 0;
    CHECK(run("TXD R16, R8, R12, 0x20, ARRAY_2D, 0xf") == TX_ST_OK, "ARRAY_2D runs");
    CHECK(byte_of(0, 16) == 0 && byte_of(0, 17) == 3 && byte_of(0, 18) == 32 &&
              byte_of(0, 19) == 16,
          "layer 3 at (32, 16) level 0: %u %u %u %u", byte_of(0, 16), byte_of(0, 17),
          byte_of(0, 18), byte_of(0, 19));
    /* Layer past the last: clamped (A4). */
    S->r[0][10] = 9u;
    run("TXD R16, R8, R12, 0x20, ARRAY_2D, 0xf");
    CHECK(byte_of(0, 17) == 4, "layer 9 clamps to 4");
    /* .AOFFI: offsets from bit 16, (+2, -1) texels. */
    S->r[0][10] = 1u | 0x2u << 16 | 0xfu << 20;
    run("TXD.AOFFI R16, R8, R12, 0x20, ARRAY_2D, 0xf");
    CHECK(byte_of(0, 17) == 1 && byte_of(0, 18) == 34 && byte_of(0, 19) == 15,
          "AOFFI (+2, -1) on layer 1: %u %u %u", byte_of(0, 17), byte_of(0, 18), byte_of(0, 19));
    /* .LC: index [11:0], offsets from bit 12, minimum LOD [31:20] (2.0). */
    S->r[0][10] = 0x1002u | 0x3u << 12 | 0x200u << 20;
    run("TXD.LC.AOFFI R16, R8, R12, 0x20, ARRAY_2D, 0xf");
    CHECK(byte_of(0, 16) == 2 && byte_of(0, 17) == 2 && byte_of(0, 18) == 8 + 3 &&
              byte_of(0, 19) == 4,
          ".LC: level 2, layer 2, (8+3, 4): %u %u %u %u", byte_of(0, 16), byte_of(0, 17),
          byte_of(0, 18), byte_of(0, 19));
    /* 2D without array: the word holds only the offsets and clamp. */
    S->r[0][10] = 0x1u << 16;
    run("TXD.AOFFI R16, R8, R12, 0x1e, 2D, 0xf");
    CHECK(byte_of(0, 16) == 2 && byte_of(0, 18) == 33 && byte_of(0, 19) == 16,
          "2D AOFFI +1 at level 2: %u %u", byte_of(0, 18),
          byte_of(0, 19));
}

static void test_forms(void)
{
    /* 1D: Rb = dPdx.s, dPdy.s; the larger one counts (8 texels: LOD 3). */
    setup();
    S->ctm = 0x1u;
    S->r[0][8] = f32(0.5f);
    S->r[0][12] = f32(2.0f / 128.0f);
    S->r[0][13] = f32(8.0f / 128.0f);
    CHECK(run("TXD R16, R8, R12, 0x21, 1D, 0xf") == TX_ST_OK, "1D runs");
    CHECK(FX.taps.lod[0] == 768 && byte_of(0, 16) == 3, "1D LOD %d", FX.taps.lod[0]);
    /* TXD.B: the handle is Ra, the coordinates follow. */
    S->r[0][8] = 32u;
    S->r[0][9] = f32(0.5f);
    S->r[0][12] = f32(4.0f / 128.0f);
    S->r[0][13] = 0;
    CHECK(run("TXD.B R16, R8, R12, 0x0, 1D, 0xf") == TX_ST_OK, "TXD.B runs");
    CHECK(FX.taps.lod[0] == 512 && byte_of(0, 16) == 2 && byte_of(0, 18) == 16,
          "TXD.B: 1D texture through Ra's handle, level 2 texel 16: %d %u", FX.taps.lod[0],
          byte_of(0, 18));
    /* Write mask: B and A only, packed from R16. */
    run("TXD.B R16, R8, R12, 0x0, 1D, 0xc");
    CHECK(byte_of(0, 16) == 16 && byte_of(0, 17) == 0 && written(0, 18, 7) == 7, "mask BA");
    /* Anisotropic footprint from the gradients: 16 x 1 texels per pixel
     * along u takes the LOD of the minor axis (0) and 16 probes. */
    setup();
    S->ctm = 0x1u;
    S->r[0][8] = f32(0.5f);
    S->r[0][9] = f32(0.5f);
    S->r[0][12] = f32(16.0f / 256.0f);
    S->r[0][13] = 0;
    S->r[0][14] = 0;
    S->r[0][15] = f32(1.0f / 256.0f);
    run("TXD R16, R8, R12, 0x22, 2D, 0xf");
    CHECK(FX.taps.lod[0] == 0, "ANISO 16:1: LOD %d", FX.taps.lod[0]);
    S->r[0][15] = f32(16.0f / 256.0f);
    run("TXD R16, R8, R12, 0x22, 2D, 0xf");
    CHECK(FX.taps.lod[0] == 1024, "ANISO round footprint: LOD %d", FX.taps.lod[0]);
    /* The sparse predicate is written (0: resident) for the active lanes. */
    S->p[2] = 0xffffffffu;
    run("TXD P2, R16, R8, R12, 0x22, 2D, 0xf");
    CHECK((S->p[2] & 1u) == 0 && FX.predw_mask[2] == 1u, "Ps written for lane 0");
    /* Words that are not TXD forms stay illegal. */
    uint32_t c = 0;
    uint64_t w = 0;
    tx_asm_err e;
    CHECK(tx_asm("TXD R16, R8, R12, 0x1e, 2D, 0xf", &w, &c, &e) == 0, "asm");
    CHECK(tx_step(S, (w & ~(7ull << 28)) | 4ull << 28, c, &FX) == TX_ST_ILLEGAL, "3D is illegal");
    CHECK(tx_step(S, (w & ~(0xffull << 20)) | 13ull << 20, c, &FX) == TX_ST_ILLEGAL,
          "Rb of 4 registers misaligned");
}

int main(void)
{
    S = tx_state_new();
    test_tex_equivalence();
    test_per_lane();
    test_word();
    test_forms();
    tx_state_free(S);
    return check_done("test_txd");
}
