/*
 * test_tlds.c - TLDS through tx_step on real headers and texels in memory
 * (the TLDS seed, docs/semantics.md S1-S5).
 *
 * Expected values are computed here from the seed's tables and from IEEE
 * arithmetic of the host, not from the model's own helpers: UNORM8 is the
 * correctly rounded b / 255 of a float division, F16 comes from a double
 * precision reference rounding below.
 */
#include <fenv.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "format.h"
#include "isa.h"
#include "model.h"
#include "state.h"
#include "tic.h"

/* ---- the textures ----------------------------------------------------- */

#define TIC_BASE 0x100000ull
#define TIC_MAX 0xfffu

enum { T_RGBA8 = 1, T_R32F = 2, T_RGBA32F = 3, T_3D = 4, T_BAD_FMT = 5,
       T_FAULT = 0x800, T_INVALID = 0x1000 };

/* Constant-bank words (tsidx) -> header index; samplerPtr bits are set on
 * some to show they are ignored. */
enum { CB_SEED0 = 0, CB_R32F = 1, CB_RGBA32F = 2, CB_INVALID = 3, CB_3D = 4,
       CB_FAULT = 5, CB_BAD_FMT = 6, CB_SEED7 = 7, CB_TEXFAULT = 8 };

#define RGBA8_BASE 0x200000ull   /* 8 x 4, pitch 64 */
#define R32F_BASE 0x300000ull    /* 4 x 4, pitch 32 */
#define RGBA32F_BASE 0x400000ull /* 4 x 2, pitch 64 */
#define TEXFAULT_BASE 0x500000ull

static uint8_t rgba8_byte(unsigned x, unsigned y, unsigned c)
{
    static const uint8_t k[4] = {0x11, 0x80, 0xff, 0x33};
    return (uint8_t)(k[c] ^ (x * 29 + y * 71 + c * 13));
}

static const uint32_t r32f_texels[4][4] = {
    {0x00000001u, 0x807fffffu, 0x3f800000u, 0x7f800000u},
    {0xc2f6e979u, 0x00400000u, 0x7fc12345u, 0x477fe000u},
    {0x33000000u, 0x33000001u, 0xb3800000u, 0x387fc000u},
    {0x477ff000u, 0x477fefffu, 0xc77ff000u, 0x3e2aaaabu},
};

/* RGBA32F: values chosen to exercise F16 rounding (ties, overflow,
 * subnormals, NaN). */
static const uint32_t rgba32f_texels[2][4][4] = {
    {{0x3f800000u, 0x40000000u, 0x40400000u, 0x40800000u},
     {0x3f801000u, 0x3f803000u, 0x3f800fffu, 0x3f801001u},
     {0x477ff000u, 0x477fefffu, 0x47800000u, 0xff800000u},
     {0x33800000u, 0x33000000u, 0x33400000u, 0x7fa00001u}},
    {{0xbf801000u, 0xbf803000u, 0x387fe000u, 0x38800000u},
     {0x00000000u, 0x80000000u, 0x3dcccccdu, 0xc1200000u},
     {0x34000001u, 0x37ffffffu, 0x38000000u, 0x477fffffu},
     {0x7f7fffffu, 0x00800000u, 0x3c23d70au, 0x43480000u}},
};

static void put_header(tx_state *s, uint32_t index, const tx_tic *t)
{
    uint32_t w[8];
    uint8_t b[32];
    tx_tic_pack(t, w);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(s->mem, TIC_BASE + 32ull * index, b, 32);
}

static void pitch2d(tx_tic *t, uint8_t fmt, uint8_t dtype, uint64_t base,
                    uint32_t pitch, uint32_t w, uint32_t h)
{
    memset(t, 0, sizeof *t);
    t->components = fmt;
    for (int i = 0; i < 4; i++)
        t->dtype[i] = dtype;
    t->swz[0] = TX_SWZ_R;
    t->swz[1] = TX_SWZ_G;
    t->swz[2] = TX_SWZ_B;
    t->swz[3] = TX_SWZ_A;
    t->address = base;
    t->version = TX_TIC_PITCH;
    t->pitch = pitch;
    t->width_minus_one = w - 1;
    t->height_minus_one = (uint16_t)(h - 1);
    t->texture_type = TX_TEX_2D;
}

static void set_cb(tx_state *s, int word, uint32_t handle)
{
    for (int j = 0; j < 4; j++)
        s->cbank[4 * word + j] = (uint8_t)(handle >> (8 * j));
}

static void setup(tx_state *s)
{
    tx_tic t;

    tx_state_reset(s);
    s->tic_base = TIC_BASE;
    s->tic_max = TIC_MAX;

    pitch2d(&t, TX_FMT_A8B8G8R8, TX_DT_UNORM, RGBA8_BASE, 64, 8, 4);
    put_header(s, T_RGBA8, &t);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 8; x++)
            for (unsigned c = 0; c < 4; c++) {
                uint8_t b = rgba8_byte(x, y, c);
                tx_mem_write(s->mem, RGBA8_BASE + y * 64 + x * 4 + c, &b, 1);
            }

    pitch2d(&t, TX_FMT_R32, TX_DT_FLOAT, R32F_BASE, 32, 4, 4);
    put_header(s, T_R32F, &t);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            uint8_t b[4];
            for (int j = 0; j < 4; j++)
                b[j] = (uint8_t)(r32f_texels[y][x] >> (8 * j));
            tx_mem_write(s->mem, R32F_BASE + y * 32 + x * 4, b, 4);
        }

    pitch2d(&t, TX_FMT_R32G32B32A32, TX_DT_FLOAT, RGBA32F_BASE, 64, 4, 2);
    put_header(s, T_RGBA32F, &t);
    for (unsigned y = 0; y < 2; y++)
        for (unsigned x = 0; x < 4; x++)
            for (unsigned c = 0; c < 4; c++) {
                uint8_t b[4];
                for (int j = 0; j < 4; j++)
                    b[j] = (uint8_t)(rgba32f_texels[y][x][c] >> (8 * j));
                tx_mem_write(s->mem, RGBA32F_BASE + y * 64 + x * 16 + c * 4, b, 4);
            }

    /* A 3D texture for the type-mismatch case, an unusable format, and an
     * RGBA8 texture whose texels are in an unmapped page. */
    pitch2d(&t, TX_FMT_A8B8G8R8, TX_DT_UNORM, RGBA8_BASE, 64, 8, 4);
    t.texture_type = TX_TEX_3D;
    put_header(s, T_3D, &t);
    pitch2d(&t, 0x7f, TX_DT_UNORM, RGBA8_BASE, 64, 8, 4);
    put_header(s, T_BAD_FMT, &t);
    pitch2d(&t, TX_FMT_A8B8G8R8, TX_DT_UNORM, TEXFAULT_BASE, 64, 8, 4);
    put_header(s, 9, &t);

    set_cb(s, CB_SEED0, T_RGBA8);
    set_cb(s, CB_R32F, T_R32F | 0x00300000u);
    set_cb(s, CB_RGBA32F, T_RGBA32F);
    set_cb(s, CB_INVALID, T_INVALID);
    set_cb(s, CB_3D, T_3D);
    set_cb(s, CB_FAULT, T_FAULT);    /* header page never mapped */
    set_cb(s, CB_BAD_FMT, T_BAD_FMT);
    set_cb(s, CB_SEED7, T_RGBA8 | 0xabc00000u);
    set_cb(s, CB_TEXFAULT, 9);
}

/* ---- references -------------------------------------------------------- */

/* binary32 -> binary16 in double arithmetic: scale to a 10-bit fraction and
 * round with nearbyint (ties to even) or trunc. */
static uint16_t ref_f16(uint32_t u, int rz)
{
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
    double a = fabs((double)bits_f32(u));
    double q;
    int e;

    if (isnan(a))
        return (uint16_t)(sign | 0x7e00u | ((u >> 13) & 0x1ffu));
    if (isinf(a))
        return (uint16_t)(sign | 0x7c00u);
    if (a < ldexp(1.0, -14)) {
        q = ldexp(a, 24);
        q = rz ? trunc(q) : nearbyint(q);
        return (uint16_t)(sign | (uint16_t)q);
    }
    frexp(a, &e);
    e -= 1;                         /* a = 1.f * 2^e */
    q = ldexp(a, 10 - e);
    q = rz ? trunc(q) : nearbyint(q);
    if (q >= 2048) {
        q /= 2;
        e++;
    }
    if (e > 15)
        return (uint16_t)(sign | (rz ? 0x7bffu : 0x7c00u));
    return (uint16_t)(sign | (uint16_t)((e + 15) << 10) | (uint16_t)(q - 1024));
}

static uint32_t unorm8(uint8_t b)
{
    return f32_bits((float)b / 255.0f);
}

/* The texel a lane's coordinates name, as four components (F32 bits);
 * oob gives the D3D ld result for the format. */
static void texel_of(int tex, unsigned x, unsigned y, int oob, uint32_t c[4])
{
    for (int i = 0; i < 4; i++)
        c[i] = 0;
    switch (tex) {
    case T_RGBA8:
        if (!oob)
            for (int i = 0; i < 4; i++)
                c[i] = unorm8(rgba8_byte(x, y, i));
        break;
    case T_R32F:
        c[0] = oob ? 0 : r32f_texels[y][x];
        c[3] = 0x3f800000u;         /* no alpha in R32: default 1.0 */
        break;
    case T_RGBA32F:
        if (!oob)
            for (int i = 0; i < 4; i++)
                c[i] = rgba32f_texels[y][x][i];
        break;
    }
}

/* ---- instruction words -------------------------------------------------- */

typedef struct tl {
    int f16, target, wmask, rd1, rd0, ra, rb, tsidx, nodep, pred, pneg;
} tl;

static uint64_t tlds_word(const tl *t)
{
    uint64_t w = 0xd200000000000000ull;
    if (!t->f16)
        w |= 1ull << 59;
    w |= (uint64_t)(t->rd0 & 0xff);
    w |= (uint64_t)(t->ra & 0xff) << 8;
    w |= (uint64_t)(t->pred & 7) << 16;
    w |= (uint64_t)(t->pneg & 1) << 19;
    w |= (uint64_t)(t->rb & 0xff) << 20;
    w |= (uint64_t)(t->rd1 & 0xff) << 28;
    w |= (uint64_t)(t->tsidx & 0x1fff) << 36;
    w |= (uint64_t)(t->nodep & 1) << 49;
    w |= (uint64_t)(t->wmask & 7) << 50;
    w |= (uint64_t)(t->target & 15) << 53;
    return w;
}

static tl tl_2d(int tsidx, int rd1, int rd0, int wmask, int f16)
{
    tl t = {f16, 2, wmask, rd1, rd0, 2, 3, tsidx, 0, 7, 0};
    return t;
}

/* The seed's two write-mask tables, as text. */
static const char *const mask_rz[8] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
static const char *const mask_nrz[5] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};

/* Expected writes of one lane: registers and values in write order. */
typedef struct ew {
    int n;
    int reg[4];
    uint32_t val[4];
} ew;

static void expect_writes(const tl *t, const uint32_t c[4], int rz_round, ew *e)
{
    const char *m = t->rd1 == 255 ? mask_rz[t->wmask] : mask_nrz[t->wmask];
    uint32_t v[4];
    int n = 0;

    for (const char *p = m; *p; p++)
        v[n++] = c[strchr("RGBA", *p) - "RGBA"];
    e->n = 0;
    if (!t->f16) {
        const int dst[4] = {t->rd0, t->rd0 + 1, t->rd1, t->rd1 + 1};
        for (int k = 0; k < n; k++) {
            if (dst[k] >= 255)
                continue;
            e->reg[e->n] = dst[k];
            e->val[e->n++] = v[k];
        }
        return;
    }
    uint32_t h[4] = {0, 0, 0, 0};
    for (int k = 0; k < n; k++)
        h[k] = ref_f16(v[k], rz_round);
    if (t->rd0 != 255) {
        e->reg[e->n] = t->rd0;
        e->val[e->n++] = h[0] | h[1] << 16;
    }
    if (n > 2 && t->rd1 != 255) {
        e->reg[e->n] = t->rd1;
        e->val[e->n++] = h[2] | h[3] << 16;
    }
}

/* ---- running and checking ---------------------------------------------- */

static tx_state *S;
static tx_effects FX;
static uint32_t before[TX_LANES][TX_NREGS];

/* Random register contents, then each lane's coordinates in Ra / Rb. */
static void fill_regs(unsigned seed)
{
    for (int l = 0; l < TX_LANES; l++)
        for (int r = 0; r < TX_RZ; r++) {
            seed = seed * 1103515245u + 12345u;
            S->r[l][r] = seed;
        }
}

static int step(uint64_t word, uint32_t ctrl)
{
    memcpy(before, S->r, sizeof before);
    return tx_step(S, word, ctrl, &FX);
}

/* Check a completed TLDS: every lane in active got exactly its expected
 * writes, in order; every other register of every lane is unchanged. */
static void check_lanes(const char *what, const tl *t, uint32_t active,
                        const uint32_t c[TX_LANES][4])
{
    static uint32_t want[TX_LANES][TX_NREGS];
    int pos = 0, bad = 0;

    memcpy(want, before, sizeof want);
    for (int l = 0; l < TX_LANES; l++) {
        if (!(active >> l & 1))
            continue;
        ew e;
        expect_writes(t, c[l], S->fp16_round == TX_FP16_RZ, &e);
        for (int k = 0; k < e.n; k++, pos++) {
            want[l][e.reg[k]] = e.val[k];
            if (pos >= FX.nregw || FX.regw[pos].lane != l || FX.regw[pos].reg != e.reg[k] ||
                FX.regw[pos].val != e.val[k]) {
                if (bad++ < 4)
                    printf("  %s: write %d: got lane %d R%d=0x%08x, want lane %d R%d=0x%08x\n",
                           what, pos, pos < FX.nregw ? FX.regw[pos].lane : -1,
                           pos < FX.nregw ? FX.regw[pos].reg : -1,
                           pos < FX.nregw ? FX.regw[pos].val : 0, l, e.reg[k], e.val[k]);
            }
        }
    }
    CHECK(bad == 0 && FX.nregw == pos, "%s: %d bad writes, %d written, %d expected", what,
          bad, FX.nregw, pos);
    CHECK(memcmp(want, S->r, sizeof want) == 0, "%s: register file differs", what);
    CHECK(FX.taps.lanes == active, "%s: tap lanes 0x%08x want 0x%08x", what, FX.taps.lanes,
          active);
}

/* Lane l reads texel (l % w, l / w % h). */
static void coords_2d(int ra, int rb, unsigned w, unsigned h)
{
    for (int l = 0; l < TX_LANES; l++) {
        S->r[l][ra] = (uint32_t)l % w;
        S->r[l][rb] = (uint32_t)l / w % h;
    }
}

static void comps_2d(int tex, unsigned w, unsigned h, uint32_t c[TX_LANES][4])
{
    for (int l = 0; l < TX_LANES; l++)
        texel_of(tex, (unsigned)l % w, (unsigned)l / w % h, 0, c[l]);
}

/* ---- tests ---------------------------------------------------------------- */

static uint64_t assemble(const char *text, uint32_t *ctrl)
{
    uint64_t w = 0;
    tx_asm_err err;
    if (tx_asm(text, &w, ctrl, &err) != 0) {
        CHECK(0, "tx_asm \"%s\": col %d: %s", text, err.col, err.msg);
        return 0;
    }
    return w;
}

static void test_seed_examples(void)
{
    uint32_t c[TX_LANES][4], ctrl;
    uint64_t w;

    /* TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA: reads R9 & R11; writes R0, R1,
     * R4 & R5.  Operands are Rd1, Rd0, Ra, Rb. */
    setup(S);
    fill_regs(1);
    for (int l = 0; l < TX_LANES; l++) {
        S->r[l][9] = (uint32_t)l % 8;
        S->r[l][11] = (uint32_t)l / 8;
    }
    w = assemble("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;", &ctrl);
    tl t1 = {0, 2, 4, 0, 4, 9, 11, 7, 0, 7, 0};
    CHECK_EQ_U64(w, tlds_word(&t1), "seed example 1 word");
    CHECK(step(w, ctrl) == TX_ST_OK, "seed example 1 status %d", FX.status);
    comps_2d(T_RGBA8, 8, 4, c);
    check_lanes("seed example 1", &t1, 0xffffffffu, c);
    CHECK(FX.nregw == 128 && FX.regw[0].reg == 4 && FX.regw[1].reg == 5 &&
          FX.regw[2].reg == 0 && FX.regw[3].reg == 1, "seed example 1 write order");
    CHECK(S->r[3][4] == unorm8(rgba8_byte(3, 0, 0)) && S->r[3][1] == unorm8(rgba8_byte(3, 0, 3)),
          "seed example 1 lane 3 R, A");

    /* Taps of one lane: lane 13 reads (5, 1). */
    const tx_taps *tp = &FX.taps;
    CHECK(tp->ntaps == 1, "ntaps %d", tp->ntaps);
    CHECK(tp->gather[13][0] == 5 && tp->gather[13][1] == 0 && tp->gather[13][2] == 1 &&
          tp->gather[13][3] == 0, "gather taps R9, -, R11, -");
    CHECK(tp->level[13] == 0, "level tap");
    CHECK_EQ_U64(tp->addr[13][0], RGBA8_BASE + 64 + 5 * 4, "addr tap");
    CHECK(tp->oob[13][0] == 0, "oob tap");
    uint32_t raw = 0;
    for (int j = 0; j < 4; j++)
        raw |= (uint32_t)rgba8_byte(5, 1, j) << (8 * j);
    CHECK_EQ_U64(tp->texel[13][0][0], raw, "texel tap word 0");
    CHECK(tp->texel[13][0][1] == 0 && tp->texel[13][0][3] == 0, "texel tap upper words 0");
    for (int i = 0; i < 4; i++) {
        CHECK_EQ_U64(tp->fmt[13][0][i], c[13][i], "fmt tap");
        CHECK_EQ_U64(tp->filt[13][i], c[13][i], "filter tap");
    }

    /* TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R: reads R6, R7 & R11; writes R9. */
    setup(S);
    fill_regs(2);
    for (int l = 0; l < TX_LANES; l++) {
        S->r[l][6] = (uint32_t)l % 8;
        S->r[l][7] = (uint32_t)l / 8;
        S->r[l][11] = 0;            /* sample 0 of a one-sample texture */
    }
    S->r[31][11] = 1;               /* sample 1 does not exist: out of bounds */
    w = assemble("TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R;", &ctrl);
    tl t2 = {0, 6, 0, 255, 9, 6, 11, 0, 0, 7, 0};
    CHECK_EQ_U64(w, tlds_word(&t2), "seed example 2 word");
    CHECK(step(w, ctrl) == TX_ST_OK, "seed example 2 status %d", FX.status);
    comps_2d(T_RGBA8, 8, 4, c);
    texel_of(T_RGBA8, 7, 3, 1, c[31]);
    check_lanes("seed example 2", &t2, 0xffffffffu, c);
    CHECK(FX.nregw == 32 && FX.regw[5].reg == 9, "seed example 2 writes only R9");
    CHECK(FX.taps.gather[5][0] == 5 && FX.taps.gather[5][1] == 0 &&
          FX.taps.gather[5][2] == 0 && FX.taps.gather[5][3] == 0, "MS gather taps");
    CHECK(FX.taps.oob[31][0] == 1 && FX.taps.addr[31][0] == 0, "MS sample out of bounds");
}

/* Every write-mask code of both tables, F32 and F16 (both roundings), on
 * the RGBA8 texture and on the RGBA32F texture. */
static void test_wmask_sweep(void)
{
    static const struct { int cb, tex; unsigned w, h; } texs[2] = {
        {CB_SEED0, T_RGBA8, 8, 4}, {CB_RGBA32F, T_RGBA32F, 4, 2}};
    uint32_t c[TX_LANES][4];
    char what[96];

    for (int ti = 0; ti < 2; ti++)
        for (int mode = 0; mode < 3; mode++)   /* F32, F16 RNE, F16 RZ */
            for (int two = 0; two < 2; two++)
                for (int code = 0; code < (two ? 5 : 8); code++) {
                    int f16 = mode != 0;
                    tl t = tl_2d(texs[ti].cb, two ? 20 : 255, 10, code, f16);
                    setup(S);
                    S->fp16_round = mode == 2 ? TX_FP16_RZ : TX_FP16_RNE;
                    fill_regs((unsigned)(ti * 100 + mode * 10 + code + two * 50));
                    coords_2d(2, 3, texs[ti].w, texs[ti].h);
                    comps_2d(texs[ti].tex, texs[ti].w, texs[ti].h, c);
                    snprintf(what, sizeof what, "tex %d %s %s %s", texs[ti].tex,
                             mode == 0 ? "F32" : mode == 1 ? "F16 RNE" : "F16 RZ",
                             two ? "Rd1=R20" : "Rd1=RZ", two ? mask_nrz[code] : mask_rz[code]);
                    CHECK(step(tlds_word(&t), TX_CTRL_DEFAULT) == TX_ST_OK, "%s: status %d",
                          what, FX.status);
                    check_lanes(what, &t, 0xffffffffu, c);
                }

    /* Spot values written out by hand, so the reference itself is checked:
     * RGBA32F texel (1, 0) = 1+2^-11 (tie, even: 1.0), 1+3*2^-11 (tie, odd:
     * up), just below and just above a tie. */
    tl t = tl_2d(CB_RGBA32F, 20, 10, 4, 1);
    setup(S);
    coords_2d(2, 3, 4, 2);
    step(tlds_word(&t), TX_CTRL_DEFAULT);
    CHECK_EQ_U64(S->r[1][10], 0x3c023c00u, "F16 RNE ties to even");
    CHECK_EQ_U64(S->r[1][20], 0x3c013c00u, "F16 RNE below / above a tie");
    /* Texel (2, 0): 65520 -> Inf, 65504+ -> 65504, 65536 -> Inf, -Inf. */
    CHECK_EQ_U64(S->r[2][10], 0x7bff7c00u, "F16 RNE overflow");
    CHECK_EQ_U64(S->r[2][20], 0xfc007c00u, "F16 RNE overflow, -Inf");
    setup(S);
    S->fp16_round = TX_FP16_RZ;
    coords_2d(2, 3, 4, 2);
    step(tlds_word(&t), TX_CTRL_DEFAULT);
    CHECK_EQ_U64(S->r[1][10], 0x3c013c00u, "F16 RZ truncates");
    CHECK_EQ_U64(S->r[2][10], 0x7bff7bffu, "F16 RZ overflow to 65504");
    CHECK_EQ_U64(S->r[2][20], 0xfc007bffu, "F16 RZ keeps -Inf");
}

/* @P / @!P, CTM, and KTM with and without .NODEP (S1.3, S1.4). */
static void test_masks(void)
{
    static const struct { int pred, pneg, nodep; uint32_t p1, ctm, ktm; } cases[] = {
        {1, 0, 0, 0x0000ffffu, 0xffffffffu, 0},
        {1, 1, 0, 0x0000ffffu, 0xffffffffu, 0},
        {1, 0, 0, 0xf0f0f0f0u, 0x3333ffffu, 0x00ff00ffu},
        {1, 0, 1, 0xf0f0f0f0u, 0x3333ffffu, 0x00ff00ffu},
        {7, 0, 1, 0, 0x7fffffffu, 0x80000001u},
        {7, 1, 0, 0, 0xffffffffu, 0},          /* @!PT: nothing */
        {1, 0, 0, 0, 0xffffffffu, 0},
    };
    uint32_t c[TX_LANES][4];

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tl t = tl_2d(CB_SEED0, 20, 10, 4, 0);
        t.pred = cases[i].pred;
        t.pneg = cases[i].pneg;
        t.nodep = cases[i].nodep;
        setup(S);
        fill_regs(77 + (unsigned)i);
        coords_2d(2, 3, 8, 4);
        comps_2d(T_RGBA8, 8, 4, c);
        S->p[1] = cases[i].p1;
        S->ctm = cases[i].ctm;
        S->ktm = cases[i].ktm;
        S->hash = 0;
        uint32_t ipm = cases[i].pred == 7 ? 0xffffffffu : cases[i].p1;
        if (cases[i].pneg)
            ipm = ~ipm;
        uint32_t active = ipm & cases[i].ctm & (cases[i].nodep ? ~cases[i].ktm : 0xffffffffu);
        char what[64];
        snprintf(what, sizeof what, "mask case %zu", i);
        CHECK(step(tlds_word(&t), TX_CTRL_DEFAULT | 1u << 17) == TX_ST_OK, "%s status", what);
        check_lanes(what, &t, active, c);
        CHECK(S->hash == 1, "%s: hash moves even with no lane active", what);
    }
}

/* Results forced to zeros: invalid header index, type mismatch, unusable
 * format, header in an unmapped page (S3.7, S3.10). */
static void test_zeros(void)
{
    static const struct { int cb, status; uint32_t level; const char *what; } cases[] = {
        {CB_INVALID, TX_ST_OK, 0, "header index > max"},
        {CB_3D, TX_ST_OK, 0, "2D form on a 3D texture"},
        {CB_BAD_FMT, TX_ST_OK, 0, "unsupported format"},
        {CB_FAULT, TX_ST_FAULT, 0, "header read faults"},
    };
    uint32_t z[TX_LANES][4];
    memset(z, 0, sizeof z);

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tl t = tl_2d(cases[i].cb, 20, 10, 4, 0);
        setup(S);
        fill_regs(5 + (unsigned)i);
        coords_2d(2, 3, 8, 4);
        CHECK(step(tlds_word(&t), TX_CTRL_DEFAULT) == cases[i].status, "%s: status %d",
              cases[i].what, FX.status);
        check_lanes(cases[i].what, &t, 0xffffffffu, z);
        int taps_ok = 1;
        for (int l = 0; l < TX_LANES; l++) {
            if (FX.taps.addr[l][0] != 0 || FX.taps.oob[l][0] != 1 ||
                FX.taps.level[l] != cases[i].level || FX.taps.gather[l][0] != S->r[l][2] ||
                FX.taps.gather[l][2] != S->r[l][3])
                taps_ok = 0;
            for (int k = 0; k < 4; k++)
                if (FX.taps.texel[l][0][k] || FX.taps.fmt[l][0][k] || FX.taps.filt[l][k])
                    taps_ok = 0;
        }
        CHECK(taps_ok, "%s: taps", cases[i].what);
    }

    /* F16 zeros too, and the .LL level tap of an invalid header is 0. */
    tl t = tl_2d(CB_INVALID, 20, 10, 4, 1);
    t.target = 1;   /* 1D.LL: Ra = x, Rb = lod */
    setup(S);
    fill_regs(9);
    CHECK(step(tlds_word(&t), TX_CTRL_DEFAULT) == TX_ST_OK, "invalid F16 status");
    check_lanes("invalid header F16", &t, 0xffffffffu, z);
    CHECK(FX.taps.level[4] == 0, "invalid header: level tap 0");

    /* Texels in an unmapped page: FAULT, zero bits, format of zero bits. */
    t = tl_2d(CB_TEXFAULT, 20, 10, 4, 0);
    setup(S);
    fill_regs(10);
    coords_2d(2, 3, 8, 4);
    CHECK(step(tlds_word(&t), TX_CTRL_DEFAULT) == TX_ST_FAULT, "texel fault status %d",
          FX.status);
    check_lanes("texel fault", &t, 0xffffffffu, z);
    CHECK_EQ_U64(FX.taps.addr[9][0], TEXFAULT_BASE + 64 + 4, "texel fault keeps the address");
    CHECK(FX.taps.oob[9][0] == 0, "texel fault is not out of bounds");
}

/* Out of bounds: 0 in present components, A = 1.0 when the format has no
 * alpha (S3.6).  Covers x, y, level, negative offsets and array layers. */
static void test_oob(void)
{
    uint32_t c[TX_LANES][4];
    tl t = tl_2d(CB_R32F, 20, 10, 4, 0);

    setup(S);
    fill_regs(11);
    for (int l = 0; l < TX_LANES; l++) {
        unsigned x = (unsigned)l % 8, y = (unsigned)l / 8;   /* x 4..7 is out */
        S->r[l][2] = x;
        S->r[l][3] = y;
        if (l == 0)
            S->r[l][3] = 4;                                 /* y out */
        if (l == 1)
            S->r[l][2] = 0xffffffffu;                       /* huge x */
        int oob = x >= 4 || l == 0 || l == 1;
        texel_of(T_R32F, x, y, oob, c[l]);
    }
    CHECK(step(tlds_word(&t), TX_CTRL_DEFAULT) == TX_ST_OK, "oob status");
    check_lanes("R32F out of bounds", &t, 0xffffffffu, c);
    CHECK(S->r[5][10] == 0 && S->r[5][11] == 0 && S->r[5][20] == 0 &&
          S->r[5][21] == 0x3f800000u, "R32F OOB = (0, 0, 0, 1.0)");
    CHECK(FX.taps.oob[5][0] == 1 && FX.taps.addr[5][0] == 0 && FX.taps.texel[5][0][0] == 0,
          "OOB taps");
    CHECK(S->r[2][21] == 0x3f800000u && S->r[2][11] == 0, "in bounds R32F: G 0, A 1.0");

    /* RGBA8 has alpha: out of bounds is all zero. */
    t = tl_2d(CB_SEED0, 20, 10, 4, 0);
    setup(S);
    coords_2d(2, 3, 8, 4);
    S->r[3][2] = 8;
    step(tlds_word(&t), TX_CTRL_DEFAULT);
    CHECK(S->r[3][10] == 0 && S->r[3][21] == 0, "RGBA8 OOB = 0");

    /* .LL: lod 0 in, lod 1 and a wrapping lod out (a pitch texture has one
     * level).  Form 2D.LL: Ra = x, Ra+1 = y, Rb = lod. */
    tl tll = {0, 5, 0, 255, 10, 2, 4, CB_R32F, 0, 7, 0};
    setup(S);
    fill_regs(12);
    for (int l = 0; l < TX_LANES; l++) {
        S->r[l][2] = (uint32_t)l % 4;
        S->r[l][3] = (uint32_t)l / 4 % 4;
        S->r[l][4] = l < 8 ? 0u : l < 16 ? 1u : 0xffffffffu;
        texel_of(T_R32F, (unsigned)l % 4, (unsigned)l / 4 % 4, l >= 8, c[l]);
    }
    step(tlds_word(&tll), TX_CTRL_DEFAULT);
    check_lanes("2D.LL levels", &tll, 0xffffffffu, c);
    CHECK(FX.taps.level[3] == 0 && FX.taps.level[9] == 1 && FX.taps.level[20] == 0xffffffffu,
          "level taps: min_level + lod modulo 2^32");
    CHECK(FX.taps.gather[9][0] == 1 && FX.taps.gather[9][1] == 2 &&
          FX.taps.gather[9][2] == 1 && FX.taps.gather[9][3] == 0, "2D.LL gather taps");

    /* .AOFFI: u = -1 from x = 0 wraps out of bounds; v = +1 moves down. */
    tl tao = {0, 4, 0, 255, 10, 2, 4, CB_R32F, 0, 7, 0};
    setup(S);
    fill_regs(13);
    for (int l = 0; l < TX_LANES; l++) {
        unsigned x = (unsigned)l % 4, y = (unsigned)l / 4 % 3;
        int du = (l & 4) ? -1 : 1, dv = 1;   /* x 0 - 1 and x 3 + 1 leave */
        S->r[l][2] = x;
        S->r[l][3] = y;
        S->r[l][4] = (uint32_t)(du & 15) | (uint32_t)(dv & 15) << 4 | 0xabc00u;
        unsigned nx = x + (unsigned)du, ny = y + 1;
        texel_of(T_R32F, nx, ny, nx >= 4, c[l]);
    }
    step(tlds_word(&tao), TX_CTRL_DEFAULT);
    check_lanes("2D.LZ.AOFFI", &tao, 0xffffffffu, c);

    /* ARRAY_2D on a non-array 2D texture: layer 0 in, layer 1 out; the
     * array index is Ra[15:0]. Form: Ra = array, Rb = x, Rb+1 = y. */
    tl ta = {0, 8, 0, 255, 10, 3, 4, CB_R32F, 0, 7, 0};
    setup(S);
    fill_regs(14);
    for (int l = 0; l < TX_LANES; l++) {
        S->r[l][3] = l < 16 ? 0x12340000u : 1u;
        S->r[l][4] = (uint32_t)l % 4;
        S->r[l][5] = (uint32_t)l / 4 % 4;
        texel_of(T_R32F, (unsigned)l % 4, (unsigned)l / 4 % 4, l >= 16, c[l]);
    }
    step(tlds_word(&ta), TX_CTRL_DEFAULT);
    check_lanes("ARRAY_2D layers", &ta, 0xffffffffu, c);
    CHECK(FX.taps.gather[6][0] == 0x12340000u && FX.taps.gather[6][1] == 0 &&
          FX.taps.gather[6][2] == 2 && FX.taps.gather[6][3] == 1, "ARRAY_2D gather taps");
}

/* R32 FLOAT returns its bits unchanged, denormals and NaN payloads too. */
static void test_r32f_bits(void)
{
    uint32_t c[TX_LANES][4];
    tl t = tl_2d(CB_R32F, 255, 10, 0, 0);

    setup(S);
    fill_regs(15);
    coords_2d(2, 3, 4, 4);
    comps_2d(T_R32F, 4, 4, c);
    step(tlds_word(&t), TX_CTRL_DEFAULT);
    check_lanes("R32F R", &t, 0xffffffffu, c);
    CHECK_EQ_U64(S->r[0][10], 0x00000001u, "smallest denormal");
    CHECK_EQ_U64(S->r[1][10], 0x807fffffu, "largest negative denormal");
    CHECK_EQ_U64(S->r[6][10], 0x7fc12345u, "NaN payload");
}

/* Illegal encodings and register rules write nothing and keep the hash. */
static void test_illegal(void)
{
    tl base = tl_2d(CB_SEED0, 20, 10, 4, 0);
    tl bad[8];
    int n = 0;

    bad[n] = base; bad[n++].target = 3;                 /* reserved target */
    bad[n] = base; bad[n++].wmask = 5;                  /* 5-7 with Rd1 != RZ */
    bad[n] = base; bad[n++].ra = 255;                   /* Ra = RZ */
    bad[n] = base; bad[n++].rd0 = 11;                   /* odd Rd0 pair */
    bad[n] = base; bad[n++].rd1 = 21;                   /* odd Rd1 pair (RGBA) */
    bad[n] = base; bad[n].target = 0; bad[n++].rb = 3;  /* 1D.LZ needs Rb = RZ */
    bad[n] = base; bad[n].target = 4; bad[n++].ra = 3;  /* odd vec2 Ra */
    for (int i = 0; i < n; i++) {
        setup(S);
        fill_regs(20 + (unsigned)i);
        coords_2d(2, 3, 8, 4);
        S->hash = 0x2b;
        CHECK(step(tlds_word(&bad[i]), TX_CTRL_DEFAULT | 1u << 17) == TX_ST_ILLEGAL,
              "illegal case %d: status %d", i, FX.status);
        CHECK(FX.nregw == 0 && memcmp(before, S->r, sizeof before) == 0,
              "illegal case %d writes nothing", i);
        CHECK(S->hash == 0x2b && FX.hash == 0x2b, "illegal case %d keeps the hash", i);
    }
    /* Phase code 3 in the control field is illegal too. */
    setup(S);
    fill_regs(30);
    S->hash = 5;
    CHECK(step(tlds_word(&base), TX_CTRL_DEFAULT | 3u << 17) == TX_ST_ILLEGAL, "phase 3");
    CHECK(FX.nregw == 0 && S->hash == 5, "phase 3 writes nothing");
    /* A word that is no instruction at all. */
    CHECK(step(0, TX_CTRL_DEFAULT) == TX_ST_ILLEGAL, "zero word is illegal");
}

/* .T / .P (S5.1). */
static void test_hash(void)
{
    static const struct { uint8_t h0; int phase; uint8_t h1; } cases[] = {
        {0x00, 0, 0x00}, {0x00, 1, 0x01}, {0x07, 1, 0x00}, {0x0f, 1, 0x08},
        {0xf9, 1, 0xfa}, {0x0b, 2, 0x10}, {0xff, 2, 0x00}, {0xf0, 2, 0xf8},
    };
    tl t = tl_2d(CB_SEED0, 255, 10, 0, 0);

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        setup(S);
        coords_2d(2, 3, 8, 4);
        S->hash = cases[i].h0;
        step(tlds_word(&t), TX_CTRL_DEFAULT | (uint32_t)cases[i].phase << 17);
        CHECK(S->hash == cases[i].h1 && FX.hash == cases[i].h1,
              "hash 0x%02x phase %d -> 0x%02x, want 0x%02x", cases[i].h0, cases[i].phase,
              S->hash, cases[i].h1);
    }
    /* Guarded off (@!PT) still moves the hash; a fault does too. */
    tl off = t;
    off.pneg = 1;
    setup(S);
    step(tlds_word(&off), TX_CTRL_DEFAULT | 2u << 17);
    CHECK(S->hash == 0x08 && FX.nregw == 0, "guarded-off .P");
    tl fault = tl_2d(CB_FAULT, 255, 10, 0, 0);
    setup(S);
    step(tlds_word(&fault), TX_CTRL_DEFAULT | 1u << 17);
    CHECK(FX.status == TX_ST_FAULT && S->hash == 1, "faulting .T");
}

static void test_names(void)
{
    CHECK_STR(tx_status_name(TX_ST_OK), "OK", "status 0");
    CHECK_STR(tx_status_name(TX_ST_FAULT), "FAULT", "status 2");
    CHECK_STR(tx_status_name(TX_ST_UNIMPL), "UNIMPL", "status 15");
    CHECK_STR(tx_stage_name(TX_TAP_ADDR), "addr", "stage addr");
    CHECK_STR(tx_stage_name(TX_TAP_PACK), "pack", "stage pack");
    CHECK_STR(tx_stage_name(99), "unknown", "stage 99");
}

/* A buffer texel that crosses a 16-byte boundary is read whole, and faults
 * when either part does (docs/semantics.md S3.11); a colour-key header's
 * word 7 is not a view, so level 0 is the first level (S3.4, layouts 1.2). */
static void test_buffer_and_colorkey(void)
{
    const uint64_t buf = 0x600000ull + 13;  /* byte aligned */
    tx_tic t;
    uint8_t b[64];
    uint32_t c[TX_LANES][4];

    setup(S);
    fill_regs(21);
    for (int i = 0; i < 64; i++)
        b[i] = (uint8_t)(0x40 + i * 7);
    tx_mem_write(S->mem, buf, b, sizeof b);
    memset(&t, 0, sizeof t);
    t.components = TX_FMT_R32G32;
    for (int i = 0; i < 4; i++) {
        t.dtype[i] = TX_DT_UINT;
        t.swz[i] = (uint8_t)(TX_SWZ_R + i);
    }
    t.version = TX_TIC_1D_BUFFER;
    t.texture_type = TX_TEX_1D_BUFFER;
    t.address = buf;
    t.width_minus_one = 7;
    t.res_view_min_mip_level = 3;  /* not a buffer field: ignored */
    put_header(S, 12, &t);
    set_cb(S, 10, 12);
    /* 1D.LZ RZ, R10 (RG), R2: texel x at buf + 8x; x = 0 spans bytes
     * 13..20 of the 16-byte slots at 0x600000 and 0x600010. */
    tl t1 = {0, 0, 4, 255, 10, 2, 255, 10, 0, 7, 0};
    for (int l = 0; l < TX_LANES; l++)
        S->r[l][2] = (uint32_t)l % 9;      /* x = 8 is out of bounds */
    CHECK(step(tlds_word(&t1), TX_CTRL_DEFAULT) == TX_ST_OK, "buffer status");
    for (int l = 0; l < TX_LANES; l++) {
        unsigned x = (unsigned)l % 9;
        uint32_t lo = 0, hi = 0;
        for (int j = 0; j < 4 && x < 8; j++) {
            lo |= (uint32_t)b[8 * x + j] << (8 * j);
            hi |= (uint32_t)b[8 * x + 4 + j] << (8 * j);
        }
        c[l][0] = lo;
        c[l][1] = hi;
        CHECK_EQ_U64(S->r[l][10], lo, "buffer texel low word");
        CHECK_EQ_U64(S->r[l][11], hi, "buffer texel high word");
    }
    CHECK_EQ_U64(FX.taps.addr[0][0], buf, "buffer texel 0 address (unaligned)");
    CHECK_EQ_U64(FX.taps.level[0], 0, "buffer level 0 whatever word 7 says");

    /* The same buffer ending just before an unmapped page: the texel that
     * crosses into it faults and reads 0; its address stays (S3.13). */
    t.address = 0x700ffcull;
    t.components = TX_FMT_R32G32;
    tx_mem_write(S->mem, 0x700ff0ull, b, 16);
    put_header(S, 13, &t);
    set_cb(S, 11, 13);
    t1.tsidx = 11;
    CHECK(step(tlds_word(&t1), TX_CTRL_DEFAULT) == TX_ST_FAULT, "straddling fault status");
    CHECK_EQ_U64(S->r[0][10], 0, "straddling fault reads 0");
    CHECK_EQ_U64(FX.taps.addr[0][0], 0x700ffcull, "straddling fault keeps the address");
    CHECK(FX.taps.oob[0][0] == 0, "straddling fault is not out of bounds");

    /* Colour key: word 7 holds the key; RES_VIEW_MIN = 2 there must not
     * move level 0. */
    pitch2d(&t, TX_FMT_A8B8G8R8, TX_DT_UNORM, RGBA8_BASE, 64, 8, 4);
    t.version = TX_TIC_PITCH_COLORKEY;
    t.res_view_min_mip_level = 2;
    t.res_view_max_mip_level = 2;
    put_header(S, 14, &t);
    set_cb(S, 12, 14);
    tl t2 = tl_2d(12, 255, 10, 4, 0);
    coords_2d(2, 3, 8, 4);
    comps_2d(T_RGBA8, 8, 4, c);
    CHECK(step(tlds_word(&t2), TX_CTRL_DEFAULT) == TX_ST_OK, "colour-key status");
    CHECK_EQ_U64(FX.taps.level[5], 0, "colour-key level 0");
    check_lanes("colour-key pitch", &t2, 0xffffffffu, c);
}

int main(void)
{
    S = tx_state_new();
    if (!S)
        return 2;
    CHECK(fegetround() == FE_TONEAREST, "host rounding");
    test_seed_examples();
    test_wmask_sweep();
    test_masks();
    test_zeros();
    test_oob();
    test_r32f_bits();
    test_illegal();
    test_hash();
    test_buffer_and_colorkey();
    test_names();
    tx_state_free(S);
    return check_done("test_tlds");
}
