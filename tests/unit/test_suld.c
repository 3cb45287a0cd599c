/*
 * test_suld.c - SULD through tx_step on real headers and surfaces in memory
 * (the SULD seed, docs/semantics.md section 6).
 *
 * Expected values come from the seed's rules applied here to the bytes the
 * test wrote (byte address arithmetic of pitch rows and of the Tegra X1 GOB
 * formula), not from the model's own address or format helpers.
 */
#include "check.h"
#include "isa.h"
#include "model.h"
#include "state.h"
#include "tic.h"

#define TIC_BASE 0x100000ull
#define TIC_MAX 15u

enum { H_2D = 1, H_BUF = 2, H_A2D = 3, H_3D = 4, H_BL = 5, H_ZERO = 6, H_SPARSE = 7,
       H_FAULT = 8, H_R8 = 9, H_MS = 10, H_INVALID = 16 };

#define P2D_BASE 0x200000ull   /* 8 x 4 RGBA8, pitch 64 */
#define BUF_BASE 0x300000ull   /* 16 RGBA8 texels */
#define A2D_BASE 0x400000ull   /* 4 x 2 x 3 layers RGBA8, block-linear */
#define BL_BASE 0x600000ull    /* 16 x 8 R32, block-linear, one GOB */
#define SPARSE_BASE 0x700000ull
#define FAULT_BASE 0x800000ull

static tx_state *S;
static tx_effects fx;

/* The byte at column xb, row y of the pitch surface. */
static uint8_t pbyte(uint32_t xb, uint32_t y)
{
    return (uint8_t)(xb * 7u + y * 61u + 3u);
}

static uint32_t le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

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

static void hdr(tx_tic *t, uint8_t fmt, uint8_t version, uint8_t type, uint64_t base,
                uint32_t w, uint32_t h)
{
    memset(t, 0, sizeof *t);
    t->components = fmt;
    for (int i = 0; i < 4; i++)
        t->dtype[i] = TX_DT_UNORM;
    t->swz[0] = TX_SWZ_R;
    t->swz[1] = TX_SWZ_G;
    t->swz[2] = TX_SWZ_B;
    t->swz[3] = TX_SWZ_A;
    t->address = base;
    t->version = version;
    t->texture_type = type;
    t->width_minus_one = w - 1;
    t->height_minus_one = (uint16_t)(h - 1);
}

static void set_cb(int word, uint32_t handle)
{
    for (int j = 0; j < 4; j++)
        S->cbank[4 * word + j] = (uint8_t)(handle >> (8 * j));
}

static void setup(void)
{
    tx_tic t;
    uint8_t b;

    tx_state_reset(S);
    S->tic_base = TIC_BASE;
    S->tic_max = TIC_MAX;

    hdr(&t, TX_FMT_A8B8G8R8, TX_TIC_PITCH, TX_TEX_2D, P2D_BASE, 8, 4);
    t.pitch = 64;
    put_header(H_2D, &t);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t xb = 0; xb < 64; xb++) {
            b = pbyte(xb, y);
            tx_mem_write(S->mem, P2D_BASE + y * 64 + xb, &b, 1);
        }
    /* The same surface typed 3D (dim mismatch), R8 (1 byte per texel),
     * 4x multisample, and one without a format (disabled). */
    t.texture_type = TX_TEX_3D;
    put_header(H_3D, &t);
    hdr(&t, TX_FMT_R8, TX_TIC_PITCH, TX_TEX_2D, P2D_BASE, 8, 4);
    t.pitch = 64;
    put_header(H_R8, &t);
    hdr(&t, TX_FMT_A8B8G8R8, TX_TIC_PITCH, TX_TEX_2D, P2D_BASE, 8, 4);
    t.pitch = 64;
    t.multi_sample_count = 2; /* 2x2 */
    put_header(H_MS, &t);
    memset(&t, 0, sizeof t);
    put_header(H_ZERO, &t);

    hdr(&t, TX_FMT_A8B8G8R8, TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, BUF_BASE, 16, 1);
    put_header(H_BUF, &t);
    for (uint32_t xb = 0; xb < 64; xb++) {
        b = pbyte(xb, 9);
        tx_mem_write(S->mem, BUF_BASE + xb, &b, 1);
    }

    hdr(&t, TX_FMT_A8B8G8R8, TX_TIC_BLOCKLINEAR, TX_TEX_2D_ARRAY, A2D_BASE, 4, 2);
    t.depth_minus_one = 2;
    put_header(H_A2D, &t);
    for (uint32_t i = 0; i < 0x4000; i++) {
        b = (uint8_t)(i * 13u + (i >> 9) * 101u);
        tx_mem_write(S->mem, A2D_BASE + i, &b, 1);
    }

    hdr(&t, TX_FMT_R32, TX_TIC_BLOCKLINEAR, TX_TEX_2D, BL_BASE, 16, 8);
    put_header(H_BL, &t);
    for (uint32_t i = 0; i < 512; i++) {
        b = (uint8_t)(i * 3u + 1u);
        tx_mem_write(S->mem, BL_BASE + i, &b, 1);
    }

    hdr(&t, TX_FMT_A8B8G8R8, TX_TIC_PITCH, TX_TEX_2D, SPARSE_BASE, 8, 4);
    t.pitch = 64;
    put_header(H_SPARSE, &t);
    tx_mem_map(S->mem, SPARSE_BASE, 4096, TX_PAGE_SPARSE);
    hdr(&t, TX_FMT_A8B8G8R8, TX_TIC_PITCH, TX_TEX_2D, FAULT_BASE, 8, 4);
    t.pitch = 64;
    put_header(H_FAULT, &t);

    /* cbank word k names header k; the sampler bits must be ignored. */
    for (int k = 0; k < 17; k++)
        set_cb(k, (uint32_t)k | 0xabc00000u);
}

static int run(const char *text)
{
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    if (tx_asm(text, &w, &c, &e) != 0) {
        CHECK(0, "%s: does not assemble: %s", text, e.msg);
        return -1;
    }
    return tx_step(S, w, c, &fx);
}

static void set_reg(int reg, int lane, uint32_t v)
{
    S->r[lane][reg] = v;
}

static void set_all(int reg, uint32_t v)
{
    for (int l = 0; l < TX_LANES; l++)
        S->r[l][reg] = v;
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

/* Little-endian word of the pitch surface at byte column xb of row y. */
static uint32_t pword(uint32_t xb, uint32_t y)
{
    uint8_t b[4];
    for (int j = 0; j < 4; j++)
        b[j] = pbyte(xb + (uint32_t)j, y);
    return le32(b);
}

/* ---- the tests --------------------------------------------------------- */

static void test_d32_2d(void)
{
    /* Lane l reads element x = l - 4, y = l % 5 - 1 under .IGN: lanes with
     * x or y out of range (too low or too high) read 0. */
    setup();
    for (int l = 0; l < 32; l++) {
        set_reg(4, l, (uint32_t)(l - 4));
        set_reg(5, l, (uint32_t)(l % 5 - 1));
    }
    CHECK(run("SULD.D.2D.IGN R0, [R4], 0x1") == TX_ST_OK, "D.32 IGN status");
    for (int l = 0; l < 32; l++) {
        int x = l - 4, y = l % 5 - 1;
        uint32_t want = (x >= 0 && x < 8 && y >= 0 && y < 4) ? pword((uint32_t)x * 4, (uint32_t)y) : 0;
        CHECK_EQ_U64(written(l, 0), want, "D.32 IGN lane");
        CHECK(written(l, 1) == -1, "D.32 writes one register");
    }
    /* .NEAR (the default) clamps each coordinate to the nearest edge. */
    CHECK(run("SULD.D.2D R0, [R4], 0x1") == TX_ST_OK, "D.32 NEAR status");
    for (int l = 0; l < 32; l++) {
        int x = l - 4, y = l % 5 - 1;
        x = x < 0 ? 0 : x > 7 ? 7 : x;
        y = y < 0 ? 0 : y > 3 ? 3 : y;
        CHECK_EQ_U64(written(l, 0), pword((uint32_t)x * 4, (uint32_t)y), "D.32 NEAR lane");
    }
    /* .TRAP: one lane out of bounds traps the instruction with no writes. */
    set_all(0, 0x5555u);
    CHECK(run("SULD.D.2D.TRAP R0, [R4], 0x1") == TX_ST_TRAP, "TRAP status");
    CHECK(fx.nregw == 0 && S->r[3][0] == 0x5555u, "TRAP writes nothing");
    set_all(4, 7);
    set_all(5, 3);
    CHECK(run("SULD.D.2D.TRAP R0, [R4], 0x1") == TX_ST_OK, "TRAP in bounds");
    CHECK_EQ_U64(written(9, 0), pword(28, 3), "TRAP in-bounds value");
    set_reg(4, 31, 8);
    CHECK(run("SULD.D.2D.TRAP R0, [R4], 0x1") == TX_ST_TRAP, "TRAP by the last lane");
    set_reg(4, 31, 0x80000000u);
    CHECK(run("SULD.D.2D.TRAP R0, [R4], 0x1") == TX_ST_TRAP, "TRAP too low (S32)");
    /* Inactive lanes neither load nor trap. */
    S->ctm = 0x7fffffffu;
    CHECK(run("SULD.D.2D.TRAP R0, [R4], 0x1") == TX_ST_OK, "inactive lane does not trap");
    CHECK(written(31, 0) == -1, "inactive lane writes nothing");
}

static void test_sizes(void)
{
    static const struct { const char *sz; int bytes, regs, sign; } t[] = {
        {"U8", 1, 1, 0}, {"S8", 1, 1, 1}, {"U16", 2, 1, 0}, {"S16", 2, 1, 1},
        {"32", 4, 1, 0}, {"64", 8, 2, 0}, {"128", 16, 4, 0},
    };
    char text[96];

    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        for (int ba = 0; ba < 2; ba++) {
            setup();
            /* A row is 8 texels of 4 bytes, 32 bytes.  Without .BA x counts
             * elements of the size; with .BA it is a
             * byte address, here also misaligned by 1 byte in odd lanes,
             * which the load ignores (S6.4). */
            for (int l = 0; l < 32; l++) {
                uint32_t e = (uint32_t)l % (32u / (uint32_t)t[i].bytes);
                uint32_t xb = e * (uint32_t)t[i].bytes;
                set_reg(4, l, ba ? xb + (t[i].bytes > 1 ? (uint32_t)(l & 1) : 0u) : e);
                set_reg(5, l, 2);
            }
            snprintf(text, sizeof text, "SULD.D%s.2D.%s.IGN R8, [R4], 0x1", ba ? ".BA" : "",
                     t[i].sz);
            CHECK(run(text) == TX_ST_OK, "%s status", text);
            for (int l = 0; l < 32; l++) {
                uint32_t e = (uint32_t)l % (32u / (uint32_t)t[i].bytes);
                uint32_t xb = e * (uint32_t)t[i].bytes;
                for (int r = 0; r < 4; r++) {
                    int64_t want = -1;
                    if (r < t[i].regs) {
                        if (t[i].bytes == 1)
                            want = t[i].sign ? (uint32_t)(int32_t)(int8_t)pbyte(xb, 2) : pbyte(xb, 2);
                        else if (t[i].bytes == 2) {
                            uint32_t v = pbyte(xb, 2) | (uint32_t)pbyte(xb + 1, 2) << 8;
                            want = t[i].sign ? (uint32_t)(int32_t)(int16_t)v : v;
                        } else
                            want = pword(xb + 4u * (uint32_t)r, 2);
                    }
                    CHECK(written(l, 8 + r) == want, "%s lane %d reg %d: got %" PRId64
                          ", want %" PRId64, text, l, r, written(l, 8 + r), want);
                }
            }
        }
    }
    /* A row of 8 RGBA8 texels holds 2 elements of 16 bytes: x = 2 is out of
     * bounds, and .NEAR clamps it to element 1. */
    setup();
    set_all(4, 2);
    set_all(5, 0);
    run("SULD.D.2D.128.IGN R8, [R4], 0x1");
    CHECK_EQ_U64(written(0, 8), 0, "128 past the row");
    run("SULD.D.2D.128 R8, [R4], 0x1");
    CHECK_EQ_U64(written(0, 8), pword(16, 0), "128 clamped to the last element");
    /* .BA of byte 31 with .32: element 7, the last of the 32-byte row;
     * byte 32 is past it. */
    set_all(4, 31);
    run("SULD.D.BA.2D.IGN R8, [R4], 0x1");
    CHECK_EQ_U64(written(0, 8), pword(28, 0), "BA byte 31 -> element 7");
    set_all(4, 32);
    run("SULD.D.BA.2D.IGN R8, [R4], 0x1");
    CHECK_EQ_U64(written(0, 8), 0, "BA byte 32 is past the row");
    /* A negative byte address is too low, whatever its low bits. */
    set_all(4, 0xffffffffu);
    run("SULD.D.BA.2D.IGN R8, [R4], 0x1");
    CHECK_EQ_U64(written(0, 8), 0, "BA byte -1 is out of bounds");
}

static void test_buffer(void)
{
    setup();
    /* x = -1: U32 0xffffffff (far too high) except under .NEAR, where it is
     * S32 -1 and clamps to 0. */
    set_all(4, 0xffffffffu);
    run("SULD.D.1D_BUFFER.IGN R0, [R4], 0x2");
    CHECK_EQ_U64(written(0, 0), 0, "buffer U32 -1 out of bounds");
    CHECK(run("SULD.D.1D_BUFFER.TRAP R0, [R4], 0x2") == TX_ST_TRAP, "buffer U32 traps");
    run("SULD.D.1D_BUFFER R0, [R4], 0x2");
    CHECK_EQ_U64(written(0, 0), pword(0, 9), "buffer S32 -1 clamps to 0");
    set_all(4, 5);
    run("SULD.D.1D_BUFFER.IGN R0, [R4], 0x2");
    CHECK_EQ_U64(written(0, 0), pword(20, 9), "buffer element 5");
    set_all(4, 16);
    run("SULD.D.1D_BUFFER R0, [R4], 0x2");
    CHECK_EQ_U64(written(0, 0), pword(60, 9), "buffer 16 clamps to 15");
    /* A 1D surface dim does not read a buffer (S6.8). */
    set_all(4, 5);
    run("SULD.D.1D.IGN R0, [R4], 0x2");
    CHECK_EQ_U64(written(0, 0), 0, "1D on a buffer reads 0");
}

/* Tegra X1 intra-GOB offset: x5 y2 y1 x4 y0 x3..x0 (docs/layouts.md). */
static uint32_t tegra(uint32_t xb, uint32_t y)
{
    return ((xb >> 5) & 1) << 8 | ((y >> 1) & 3) << 6 | ((xb >> 4) & 1) << 5 |
           (y & 1) << 4 | (xb & 15);
}

static void test_blocklinear(void)
{
    setup();
    for (int l = 0; l < 32; l++) {
        set_reg(4, l, (uint32_t)l % 16);
        set_reg(5, l, (uint32_t)l / 4);
    }
    run("SULD.D.2D.IGN R0, [R4], 0x5");
    for (int l = 0; l < 32; l++) {
        uint32_t a = tegra((uint32_t)(l % 16) * 4, (uint32_t)l / 4);
        uint8_t b[4];
        for (int j = 0; j < 4; j++)
            b[j] = (uint8_t)((a + (uint32_t)j) * 3u + 1u);
        CHECK_EQ_U64(written(l, 0), le32(b), "block-linear texel");
    }
    /* Array index: only the 16 LSBs count (U16), and the layer is checked. */
    set_all(4, 1);
    set_all(5, 1);
    set_all(6, 1);
    run("SULD.D.2D_ARRAY.IGN R0, [R4], 0x3");
    int64_t layer1 = written(0, 0);
    set_all(6, 0x30001u);
    run("SULD.D.2D_ARRAY.IGN R0, [R4], 0x3");
    CHECK(written(0, 0) == layer1, "array index uses its 16 LSBs");
    set_all(6, 0);
    run("SULD.D.2D_ARRAY.IGN R0, [R4], 0x3");
    CHECK(written(0, 0) != layer1, "layers 0 and 1 differ");
    set_all(6, 3);
    run("SULD.D.2D_ARRAY.IGN R0, [R4], 0x3");
    CHECK_EQ_U64(written(0, 0), 0, "layer 3 of 3 is out of bounds");
    run("SULD.D.2D_ARRAY R0, [R4], 0x3");
    int64_t near = written(0, 0);
    set_all(6, 2);
    run("SULD.D.2D_ARRAY R0, [R4], 0x3");
    CHECK(near == written(0, 0), "NEAR clamps the layer to the last");
    /* 2D reads layer 0 of an array; 1D_ARRAY has its index in Ra+1. */
    set_all(6, 0);
    run("SULD.D.2D_ARRAY.IGN R0, [R4], 0x3");
    int64_t l0 = written(0, 0);
    run("SULD.D.2D.IGN R0, [R4], 0x3");
    CHECK(written(0, 0) == l0, "2D on an array reads layer 0");
}

static void test_formatted(void)
{
    setup();
    set_all(4, 3);
    set_all(5, 1);
    /* RGBA8 UNORM through the format stage: b / 255 as binary32. */
    run("SULD.P.2D.IGN R8, [R4], 0x1");
    for (int c = 0; c < 4; c++) {
        float want = (float)pbyte(12u + (uint32_t)c, 1) / 255.0f;
        CHECK_EQ_U64(written(5, 8 + c), f32_bits(want), "P RGBA component");
    }
    run("SULD.P.2D.RG.IGN R10, [R4], 0x1");
    CHECK(written(5, 12) == -1 && written(5, 11) == f32_bits((float)pbyte(13, 1) / 255.0f),
          "P RG writes 2 registers");
    run("SULD.P.2D.R.IGN R10, [R4], 0x1");
    CHECK(written(5, 11) == -1 && written(5, 10) == f32_bits((float)pbyte(12, 1) / 255.0f),
          "P R writes 1 register");
    /* R8: x counts 1-byte texels; missing G, B read 0 and A reads 1. */
    run("SULD.P.2D.IGN R8, [R4], 0x9");
    CHECK_EQ_U64(written(0, 8), f32_bits((float)pbyte(3, 1) / 255.0f), "P R8 red");
    CHECK_EQ_U64(written(0, 9), 0, "P R8 green");
    CHECK_EQ_U64(written(0, 11), 0x3f800000u, "P R8 alpha default");
    /* Out of bounds under .IGN: 0 in every component, not the default. */
    set_all(4, 8);
    run("SULD.P.2D.IGN R8, [R4], 0x9");
    CHECK(written(0, 8) == 0 && written(0, 11) == 0, "P out of bounds reads 0");
}

static void test_invalid(void)
{
    setup();
    set_all(4, 1);
    set_all(5, 1);
    static const int idx[] = { H_INVALID, H_ZERO, H_3D, H_MS };
    static const char *const why[] = { "index above tic_max", "disabled header",
                                       "dim mismatch", "multisample" };
    char text[64];
    for (int i = 0; i < 4; i++) {
        set_all(0, 0x77u);
        snprintf(text, sizeof text, "SULD.D.2D.TRAP R0, [R4], 0x%x", idx[i]);
        set_all(4, 100);   /* far out of bounds: an invalid surface never traps */
        CHECK(run(text) == TX_ST_OK, "%s: status", why[i]);
        CHECK_EQ_U64(written(7, 0), 0, why[i]);
    }
    /* A header in an unmapped page: zeros and FAULT. */
    CHECK(run("SULD.D.2D R0, [R4], 0x8") == TX_ST_FAULT, "unmapped texel faults");
    CHECK_EQ_U64(written(0, 0), 0, "faulted texel reads 0");
    S->tic_base = 0x900000;
    CHECK(run("SULD.D.2D R0, [R4], 0x1") == TX_ST_FAULT, "unmapped header faults");
    CHECK_EQ_U64(written(0, 0), 0, "faulted header reads 0");
}

static void test_bindless_and_sparse(void)
{
    setup();
    set_all(4, 2);
    set_all(5, 2);
    /* Bindless: the handle is Rc of the lowest active lane; sampler bits
     * are ignored; other lanes' Rc are not used. */
    set_all(6, 0xfff00000u | H_INVALID);
    set_reg(6, 3, 0xfff00000u | H_2D);
    S->ctm = 0xfffffff8u;
    run("SULD.D.2D.IGN R0, [R4], R6");
    CHECK_EQ_U64(written(3, 0), pword(8, 2), "bindless: lane 3's handle");
    CHECK_EQ_U64(written(20, 0), pword(8, 2), "bindless: one handle for the warp");
    CHECK(written(0, 0) == -1, "inactive lane");
    S->ctm = 0xffffffffu;
    /* Ps (inverted encoding; P1 here): true on a sparse page, with zeros. */
    S->p[1] = 0;
    run("SULD.D.2D.IGN P1, R0, [R4], 0x7");
    CHECK(fx.status == TX_ST_OK, "sparse is not a fault");
    CHECK(fx.predw_mask[1] == 0xffffffffu && fx.predw_val[1] == 0xffffffffu, "Ps set on sparse");
    CHECK_EQ_U64(written(0, 0), 0, "sparse reads 0");
    run("SULD.D.2D.IGN P1, R0, [R4], 0x1");
    CHECK(fx.predw_mask[1] == 0xffffffffu && fx.predw_val[1] == 0 && S->p[1] == 0,
          "Ps clear on a mapped page");
    set_all(4, 100);
    S->p[1] = 0xffffffffu;
    run("SULD.D.2D.IGN P1, R0, [R4], 0x7");
    CHECK(S->p[1] == 0, "Ps clear out of bounds (no page touched)");
    run("SULD.D.2D.IGN R0, [R4], 0x7");
    CHECK(fx.predw_mask[1] == 0 && fx.predw_mask[0] == 0, "PT: no predicate write");
    /* Word bits [32:30] = 7 - p (seed: 0 => PT, 7 => P0). */
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    tx_asm("SULD.D.2D P0, R0, [R4], 0x7", &w, &c, &e);
    CHECK(((w >> 30) & 7) == 7, "P0 encodes as 7");
    tx_asm("SULD.D.2D R0, [R4], 0x7", &w, &c, &e);
    CHECK(((w >> 30) & 7) == 0, "PT encodes as 0");
}

static void test_cop_and_illegal(void)
{
    static const char *const cops[] = { "", ".CA", ".CG", ".CS", ".LU", ".CV", ".CI" };
    char text[64];
    setup();
    set_all(4, 3);
    set_all(5, 2);
    for (size_t i = 0; i < sizeof cops / sizeof cops[0]; i++) {
        snprintf(text, sizeof text, "SULD.D.2D%s R0, [R4], 0x1", cops[i]);
        CHECK(run(text) == TX_ST_OK && written(0, 0) == pword(12, 2), "%s: no effect", text);
    }
    static const char *const bad[] = {
        "SULD.D.2D R0, [RZ], 0x1",          /* Ra = RZ */
        "SULD.D.2D R0, [R4], RZ",           /* Rc = RZ */
        "SULD.D.2D R0, [R5], 0x1",          /* 2 coordinates on an odd register */
        "SULD.D.3D R0, [R6], 0x1",          /* 3 coordinates not on a multiple of 4 */
        "SULD.D.2D.64 R1, [R4], 0x1",       /* 2 results on an odd register */
        "SULD.D.2D.128 R2, [R4], 0x1",      /* 4 results not on a multiple of 4 */
        "SULD.P.2D.RG R1, [R4], 0x1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        set_all(0, 0x99u);
        CHECK(run(bad[i]) == TX_ST_ILLEGAL && fx.nregw == 0 && S->r[0][0] == 0x99u,
              "%s: illegal", bad[i]);
    }
}

static void test_seed_examples(void)
{
    /* SULD.D.2D R2, [R4], R6: bindless, .32, .NEAR. */
    setup();
    set_all(4, 6);
    set_all(5, 3);
    set_all(6, H_2D | 0x12300000u);
    CHECK(run("SULD.D.2D R2, [R4], R6") == TX_ST_OK, "seed example 1");
    CHECK_EQ_U64(written(0, 2), pword(24, 3), "seed example 1 value");
    /* SULD.P.3D.R.IGN R2, [R4], 0x100: handle at c[bank][0x400]. */
    tx_tic t;
    hdr(&t, TX_FMT_R32, TX_TIC_BLOCKLINEAR, TX_TEX_3D, BL_BASE, 16, 8);
    for (int i = 0; i < 4; i++)
        t.dtype[i] = TX_DT_FLOAT;   /* the word itself */
    put_header(11, &t);
    set_cb(0x100, 11);
    set_all(4, 5);
    set_all(5, 1);
    set_all(6, 0);
    CHECK(run("SULD.P.3D.R.IGN R2, [R4], 0x100") == TX_ST_OK, "seed example 2");
    uint32_t a = tegra(20, 1);
    uint8_t b[4];
    for (int j = 0; j < 4; j++)
        b[j] = (uint8_t)((a + (uint32_t)j) * 3u + 1u);
    CHECK_EQ_U64(written(0, 2), le32(b), "seed example 2 value");
    CHECK(written(0, 3) == -1, "seed example 2 writes R2 only");
    set_all(6, 1);   /* z = 1 of a 1-deep 3D surface: out of bounds */
    run("SULD.P.3D.R.IGN R2, [R4], 0x100");
    CHECK_EQ_U64(written(0, 2), 0, "seed example 2 z out of bounds");
}

int main(void)
{
    S = tx_state_new();
    if (!S)
        return 2;
    test_d32_2d();
    test_sizes();
    test_buffer();
    test_blocklinear();
    test_formatted();
    test_invalid();
    test_bindless_and_sparse();
    test_cop_and_illegal();
    test_seed_examples();
    tx_state_free(S);
    return check_done("test_suld");
}
