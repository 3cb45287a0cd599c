/*
 * test_texs.c - TEXS, the scalar short form of TEX (docs/semantics.md
 * section 14, docs/isa.md 4.7).
 *
 * NVIDIA's corpus words run; the TEXS of every target, every mask code
 * (both tables), F32 and F16, returns what the TEX of the same form returns
 * with its operands placed in TEX's register groups by the public table
 * (yuzu texture_fetch_swizzled.cpp; reference facts section 4), packed by
 * TLDS's rule written out here (Rd0, Rd0+1, Rd1, Rd1+1; binary16 pairs).
 * Then the illegal forms, .NODEP, and RZ destinations.
 */
#include <stdlib.h>

#include "check.h"
#include "format.h"
#include "isa.h"
#include "model.h"
#include "state.h"
#include "tic.h"

#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull
#define TEX_BASE 0x100000ull
#define TEX_BYTES 0x40000u

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

static void put32s(tx_state *s, uint64_t a, const uint32_t w[8])
{
    uint8_t b[32];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(s->mem, a, b, 32);
}

/* One block-linear RGBA8 texture of each type at header index = type, a
 * LINEAR sampler with linear mips (so implicit LOD, .LL and the depth
 * compare all matter), random texel bytes. */
static void setup(tx_state *s)
{
    static const uint8_t types[] = {TX_TEX_1D, TX_TEX_2D, TX_TEX_3D, TX_TEX_CUBEMAP,
                                    TX_TEX_2D_ARRAY};
    tx_tsc smp;
    uint32_t w[8];

    tx_state_reset(s);
    s->tic_base = TIC_BASE;
    s->tic_max = 15;
    s->tsc_base = TSC_BASE;
    s->tsc_max = 7;
    for (unsigned i = 0; i < sizeof types; i++) {
        tx_tic t;
        memset(&t, 0, sizeof t);
        t.components = TX_FMT_A8B8G8R8;
        for (int k = 0; k < 4; k++)
            t.dtype[k] = TX_DT_UNORM;
        t.swz[0] = TX_SWZ_R; t.swz[1] = TX_SWZ_G; t.swz[2] = TX_SWZ_B; t.swz[3] = TX_SWZ_A;
        t.address = TEX_BASE;
        t.version = TX_TIC_BLOCKLINEAR;
        t.width_minus_one = 15;
        t.height_minus_one = types[i] == TX_TEX_1D ? 0 : 15;
        t.depth_minus_one = types[i] == TX_TEX_3D ? 3 : types[i] == TX_TEX_2D_ARRAY ? 2 :
                            types[i] == TX_TEX_CUBEMAP ? 0 : 0;
        t.max_mip_level = 4;
        t.texture_type = types[i];
        t.normalized_coords = 1;
        tx_tic_pack(&t, w);
        put32s(s, TIC_BASE + 32u * types[i], w);
    }
    memset(&smp, 0, sizeof smp);
    smp.mag_filter = smp.min_filter = 2;
    smp.mip_filter = 3;
    smp.max_lod_clamp = 0xfff;
    smp.depth_compare = 1;
    smp.depth_compare_func = 3;   /* LEQUAL */
    tx_tsc_pack(&smp, w);
    put32s(s, TSC_BASE + 32 * 3, w);
    uint8_t *b = malloc(TEX_BYTES);
    for (unsigned i = 0; i < TEX_BYTES; i++)
        b[i] = (uint8_t)rnd();
    tx_mem_write(s->mem, TEX_BASE, b, TEX_BYTES);
    free(b);
    s->pixel = 1;
}

/* Handle of the texture type at constant-bank word 5 (sampler 3). */
static void bind(tx_state *s, unsigned type)
{
    uint32_t h = 3u << 20 | type;
    memcpy(&s->cbank[4 * 5], &h, 4);
}

static uint64_t asm_word(const char *t, uint32_t *ctrl)
{
    uint64_t w = 0;
    tx_asm_err e;
    *ctrl = 0;
    if (tx_asm_opt(t, 1, &w, ctrl, &e) != 0)
        CHECK(0, "asm %s: %s", t, e.msg);
    return w;
}

struct form {
    const char *mods, *dim;
    unsigned type;          /* the texture type it samples */
    const char *tex;        /* the TEX of the same form, its paramA and LOD */
    int ra_n, rb_n;         /* TEXS registers in Ra, Rb */
    /* TEX operand order: the index in (Ra, Ra+1, Rb, Rb+1) of each TEX
     * register (Ra group then Rb group), -1 at the end. */
    int order[5];
};

/* yuzu texture_fetch_swizzled.cpp Sample(), per target code. */
static const struct form forms[14] = {
    { ".LZ",    "1D",       TX_TEX_1D,       "TEX.LZ %s, R40, R48, 0x5, 1D, 0x%x",          1, 0, {0, -1} },
    { "",       "2D",       TX_TEX_2D,       "TEX %s, R40, R48, 0x5, 2D, 0x%x",             1, 1, {0, 2, -1} },
    { ".LZ",    "2D",       TX_TEX_2D,       "TEX.LZ %s, R40, R48, 0x5, 2D, 0x%x",          1, 1, {0, 2, -1} },
    { ".LL",    "2D",       TX_TEX_2D,       "TEX.LL %s, R40, R48, 0x5, 2D, 0x%x",          2, 1, {0, 1, 2, -1} },
    { ".DC",    "2D",       TX_TEX_2D,       "TEX.DC %s, R40, R48, 0x5, 2D, 0x%x",          2, 1, {0, 1, 2, -1} },
    { ".LL.DC", "2D",       TX_TEX_2D,       "TEX.LL.DC %s, R40, R48, 0x5, 2D, 0x%x",       2, 2, {0, 1, 2, 3, -1} },
    { ".LZ.DC", "2D",       TX_TEX_2D,       "TEX.LZ.DC %s, R40, R48, 0x5, 2D, 0x%x",       2, 1, {0, 1, 2, -1} },
    { "",       "ARRAY_2D", TX_TEX_2D_ARRAY, "TEX %s, R40, R48, 0x5, ARRAY_2D, 0x%x",       2, 1, {0, 1, 2, -1} },
    { ".LZ",    "ARRAY_2D", TX_TEX_2D_ARRAY, "TEX.LZ %s, R40, R48, 0x5, ARRAY_2D, 0x%x",    2, 1, {0, 1, 2, -1} },
    { ".LZ.DC", "ARRAY_2D", TX_TEX_2D_ARRAY, "TEX.LZ.DC %s, R40, R48, 0x5, ARRAY_2D, 0x%x", 2, 2, {0, 1, 2, 3, -1} },
    { "",       "3D",       TX_TEX_3D,       "TEX %s, R40, R48, 0x5, 3D, 0x%x",             2, 1, {0, 1, 2, -1} },
    { ".LZ",    "3D",       TX_TEX_3D,       "TEX.LZ %s, R40, R48, 0x5, 3D, 0x%x",          2, 1, {0, 1, 2, -1} },
    { "",       "CUBE",     TX_TEX_CUBEMAP,  "TEX %s, R40, R48, 0x5, CUBE, 0x%x",           2, 1, {0, 1, 2, -1} },
    { ".LL",    "CUBE",     TX_TEX_CUBEMAP,  "TEX.LL %s, R40, R48, 0x5, CUBE, 0x%x",        2, 2, {0, 1, 2, 3, -1} },
};

/* The TEX form's Ra group size (the rest goes to its Rb group at R48). */
static int tex_ra(const struct form *f)
{
    int n = !strcmp(f->dim, "1D") ? 1 : !strcmp(f->dim, "2D") ? 2 : 3;
    return n;   /* ARRAY_2D: array, x, y; 3D and CUBE: x, y, z */
}

static const char *const mask_rz[8] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
static const char *const mask_nrz[5] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};
static const unsigned comps_rz[8] = {1, 2, 4, 8, 3, 9, 10, 12};
static const unsigned comps_nrz[5] = {7, 11, 13, 14, 15};

/* A random operand: coordinates in [-0.25, 1.25), a small LOD, a
 * reference in [0, 1), an array index 0..3 (one past the last layer
 * clamps). */
static uint32_t operand(void)
{
    float f = (float)(rnd() % 6000) / 4000.0f - 0.25f;
    return f32_bits(f);
}

static void test_against_tex(void)
{
    tx_state *s = tx_state_new();
    tx_effects *fx = malloc(sizeof *fx);
    char sass[128], tex[128];
    long cases = 0, bad = 0;

    setup(s);
    for (int code = 0; code < 14; code++) {
        const struct form *f = &forms[code];
        bind(s, f->type);
        for (int rz = 0; rz < 2; rz++)
            for (int m = 0; m < (rz ? 8 : 5); m++)
                for (int f16 = 0; f16 < 2; f16++) {
                    unsigned comps = rz ? comps_rz[m] : comps_nrz[m];
                    uint32_t ops[32][4];
                    /* Operands: Ra = R8, Ra+1 = R9, Rb = R12, Rb+1 = R13. */
                    for (int l = 0; l < 32; l++) {
                        for (int k = 0; k < 4; k++)
                            ops[l][k] = operand();
                        if (!strcmp(f->dim, "ARRAY_2D"))
                            ops[l][0] = rnd() % 4;
                        s->r[l][8] = ops[l][0];
                        s->r[l][9] = ops[l][1];
                        s->r[l][12] = ops[l][2];
                        s->r[l][13] = ops[l][3];
                        for (int r = 0; r < 8; r++)
                            s->r[l][r] = 0xdeadbeefu;
                    }
                    snprintf(sass, sizeof sass, "TEXS%s%s %s, R0, R8%s, 0x5, %s, %s",
                             f16 ? ".F16" : "", f->mods, rz ? "RZ" : "R4",
                             f->rb_n ? ", R12" : "", f->dim, rz ? mask_rz[m] : mask_nrz[m]);
                    uint32_t ctrl;
                    uint64_t w = asm_word(sass, &ctrl);
                    int st = tx_step(s, w, ctrl, fx);
                    CHECK(st == TX_ST_OK, "%s: status %d", sass, st);
                    uint32_t got[32][8];
                    for (int l = 0; l < 32; l++)
                        memcpy(got[l], s->r[l], sizeof got[l]);

                    /* The TEX of the same form, operands at R40.., R48.. */
                    for (int l = 0; l < 32; l++) {
                        int t = 0;
                        for (int k = 0; f->order[k] >= 0; k++, t++) {
                            int reg = t < tex_ra(f) ? 40 + t : 48 + t - tex_ra(f);
                            s->r[l][reg] = ops[l][f->order[k]];
                        }
                    }
                    snprintf(tex, sizeof tex, f->tex, "R16", comps);
                    w = asm_word(tex, &ctrl);
                    st = tx_step(s, w, ctrl, fx);
                    CHECK(st == TX_ST_OK, "%s: status %d", tex, st);

                    /* TLDS's packing of the TEX results (S4). */
                    for (int l = 0; l < 32; l++) {
                        uint32_t v[4], want[8];
                        int n = 0;
                        for (int c = 0; c < 4; c++)
                            if (comps >> c & 1)
                                v[n] = s->r[l][16 + n], n++;
                        for (int r = 0; r < 8; r++)
                            want[r] = 0xdeadbeefu;
                        if (!f16) {
                            const int dst[4] = {0, 1, 4, 5};
                            for (int k = 0; k < n; k++)
                                if (!(rz && k >= 2))
                                    want[dst[k]] = v[k];
                        } else {
                            uint32_t h[4] = {0, 0, 0, 0};
                            for (int k = 0; k < n; k++)
                                h[k] = tx_f32_to_f16(v[k], s->fp16_round == TX_FP16_RZ);
                            want[0] = h[0] | h[1] << 16;
                            if (n > 2)
                                want[4] = h[2] | h[3] << 16;
                        }
                        cases++;
                        if (memcmp(want, got[l], sizeof want) && bad++ < 5)
                            CHECK(0, "%s lane %d: R0..R7 %08x %08x .. %08x %08x, want %08x "
                                  "%08x .. %08x %08x", sass, l, got[l][0], got[l][1],
                                  got[l][4], got[l][5], want[0], want[1], want[4], want[5]);
                    }
                }
    }
    CHECK(bad == 0, "TEXS against TEX: %ld of %ld lanes differ", bad, cases);
    CHECK(cases == 14 * 13 * 2 * 32, "every target, mask and precision ran (%ld)", cases);
    free(fx);
    tx_state_free(s);
}

/* The corpus words (NVIDIA's sm_50 output) execute. */
static void test_corpus_runs(void)
{
    static const uint64_t words[] = {
        0xd820056ff0570000ull, 0xd830056080570004ull, 0xd870056080670404ull,
        0xd8b0056080670404ull, 0xd950056080670404ull, 0xd8f00560c0070608ull,
        0xd990056ff0770404ull,
    };
    tx_state *s = tx_state_new();
    tx_effects *fx = malloc(sizeof *fx);
    setup(s);
    bind(s, TX_TEX_2D);
    for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++) {
        int st = tx_step(s, words[i], 0x0407b1, fx);
        CHECK(st == TX_ST_OK, "corpus word %016" PRIx64 ": status %d", words[i], st);
    }
    free(fx);
    tx_state_free(s);
}

static void test_rules(void)
{
    tx_state *s = tx_state_new();
    tx_effects *fx = malloc(sizeof *fx);
    tx_insn d;
    uint32_t ctrl;
    setup(s);
    bind(s, TX_TEX_2D);

    /* Reserved target codes and masks, misaligned pairs: ILLEGAL, no write. */
    uint64_t w = asm_word("TEXS.LZ R4, R0, R8, R12, 0x5, 2D, RGBA", &ctrl);
    for (unsigned t = 14; t < 16; t++) {
        uint64_t x = (w & ~(0xfull << 53)) | (uint64_t)t << 53;
        tx_decode(x, ctrl, &d);
        CHECK(d.illegal, "target %u is reserved", t);
        CHECK(tx_step(s, x, ctrl, fx) == TX_ST_ILLEGAL && fx->nregw == 0,
              "target %u: ILLEGAL, nothing written", t);
    }
    for (unsigned m = 5; m < 8; m++) {
        uint64_t x = (w & ~(7ull << 50)) | (uint64_t)m << 50;
        CHECK(tx_step(s, x, ctrl, fx) == TX_ST_ILLEGAL && fx->nregw == 0,
              "mask code %u with Rd1 != RZ: ILLEGAL", m);
    }
    w = asm_word("TEXS.LL R4, R0, R9, R12, 0x5, 2D, RGBA", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_ILLEGAL, "2D.LL: Ra is a pair, must be even");
    w = asm_word("TEXS.LL.DC R4, R0, R8, R13, 0x5, 2D, RGBA", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_ILLEGAL, "2D.LL.DC: Rb is a pair, must be even");
    w = asm_word("TEXS R4, R1, R8, R12, 0x5, 2D, RGBA", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_ILLEGAL, "F32 RGBA: Rd0 must be even");

    /* Rd0 = RZ and Rd1 = RZ: only the other pair is written. */
    for (int l = 0; l < 32; l++) {
        s->r[l][8] = f32_bits(0.3f);
        s->r[l][12] = f32_bits(0.6f);
    }
    w = asm_word("TEXS.LZ R4, RZ, R8, R12, 0x5, 2D, RGBA", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_OK && fx->nregw == 64,
          "Rd0 = RZ: Rd1, Rd1+1 written (%d writes)", fx->nregw);
    w = asm_word("TEXS.LZ RZ, R0, R8, R12, 0x5, 2D, BA", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_OK && fx->nregw == 64,
          "Rd1 = RZ, BA: Rd0, Rd0+1 written (%d writes)", fx->nregw);
    w = asm_word("TEXS.F16.LZ RZ, R0, R8, R12, 0x5, 2D, G", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_OK && fx->nregw == 32 && (s->r[0][0] >> 16) == 0,
          "F16 with one component: Rd0 = {0, c}");

    /* .NODEP drops the killed lanes; without it they execute. */
    s->ktm = 0x0000000fu;
    w = asm_word("TEXS.LZ.NODEP RZ, R0, R8, R12, 0x5, 2D, R", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_OK && fx->nregw == 28, ".NODEP: 28 lanes write");
    w = asm_word("TEXS.LZ RZ, R0, R8, R12, 0x5, 2D, R", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_OK && fx->nregw == 32, "no .NODEP: 32 lanes write");
    s->ktm = 0;

    /* A texture of another type: zeros (S8.5). */
    bind(s, TX_TEX_3D);
    w = asm_word("TEXS.LZ RZ, R0, R8, R12, 0x5, 2D, RG", &ctrl);
    CHECK(tx_step(s, w, ctrl, fx) == TX_ST_OK && s->r[5][0] == 0 && s->r[5][1] == 0,
          "2D on a 3D texture: zeros");
    free(fx);
    tx_state_free(s);
}

int main(void)
{
    test_against_tex();
    test_corpus_runs();
    test_rules();
    return check_done("test_texs");
}
