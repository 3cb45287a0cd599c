/*
 * gen_texs.c - TEXS vector suites (docs/generation.md, "TEXS suites").
 *
 *   texs-directed  every target code (14) x F32/F16 on a texture of the
 *                  target's dim; in each vector the 13 write masks of the
 *                  two tables (Rd1 != RZ: RGB RGA RBA GBA RGBA; Rd1 = RZ: R
 *                  G B A RG RA GA BA), then Rd0 = RZ, .NODEP with killed
 *                  lanes and a guard, and a target of another dim on the
 *                  same texture (zeros); the classes of format in turn;
 *                  and one vector of illegal words
 *   texs-random    the same space drawn at random (--seed, --count)
 *
 * A vector holds one texture (block-linear, header 3), two samplers
 * (handles at constant-bank words 0 and 1) and up to 16 steps; step k
 * reads Ra = R16 + 8k and Rb = Ra + 4, filled by the target's table
 * (reference facts section 4), and writes its pairs among R0..R15.  The
 * four lanes of a quad get neighbouring coordinates, so the implicit LOD
 * of the 2D, ARRAY_2D, 3D and CUBE forms spans magnification to a few
 * levels of minification.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "isa.h"
#include "layout.h"
#include "stages.h"
#include "tic.h"

#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull
#define TEX_BASE 0x1000000ull
#define HDR_INDEX 3
#define NSMP 2
#define MAX_STEPS 16

/* ---- the target table --------------------------------------------------- */

/* What each of Ra, Ra+1, Rb, Rb+1 holds (yuzu texture_fetch_swizzled.cpp;
 * docs/semantics.md S14.2). */
enum { O_NONE, O_X, O_Y, O_Z, O_ARR, O_LOD, O_DREF };

static const struct texs_target {
    const char *mods, *dim;
    int tdim;               /* enum tx_tex_dim */
    uint8_t op[4];
} targets[14] = {
    { ".LZ",    "1D",       TX_DIM_1D,   {O_X, O_NONE, O_NONE, O_NONE} },
    { "",       "2D",       TX_DIM_2D,   {O_X, O_NONE, O_Y, O_NONE} },
    { ".LZ",    "2D",       TX_DIM_2D,   {O_X, O_NONE, O_Y, O_NONE} },
    { ".LL",    "2D",       TX_DIM_2D,   {O_X, O_Y, O_LOD, O_NONE} },
    { ".DC",    "2D",       TX_DIM_2D,   {O_X, O_Y, O_DREF, O_NONE} },
    { ".LL.DC", "2D",       TX_DIM_2D,   {O_X, O_Y, O_LOD, O_DREF} },
    { ".LZ.DC", "2D",       TX_DIM_2D,   {O_X, O_Y, O_DREF, O_NONE} },
    { "",       "ARRAY_2D", TX_DIM_A2D,  {O_ARR, O_X, O_Y, O_NONE} },
    { ".LZ",    "ARRAY_2D", TX_DIM_A2D,  {O_ARR, O_X, O_Y, O_NONE} },
    { ".LZ.DC", "ARRAY_2D", TX_DIM_A2D,  {O_ARR, O_X, O_Y, O_DREF} },
    { "",       "3D",       TX_DIM_3D,   {O_X, O_Y, O_Z, O_NONE} },
    { ".LZ",    "3D",       TX_DIM_3D,   {O_X, O_Y, O_Z, O_NONE} },
    { "",       "CUBE",     TX_DIM_CUBE, {O_X, O_Y, O_Z, O_NONE} },
    { ".LL",    "CUBE",     TX_DIM_CUBE, {O_X, O_Y, O_Z, O_LOD} },
};

static const char *const mask_rz[8] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
static const char *const mask_nrz[5] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};

/* ---- what a vector holds ---------------------------------------------------- */

typedef struct tex_cfg {
    int dim;             /* TX_DIM_1D, _2D, _A2D, _3D, _CUBE */
    int fc;
    int w, h, d, layers;
    int levels, first;   /* levels in memory; the view starts at first */
    int bh;              /* gobs_per_block_height (log2) */
} tex_cfg;

typedef struct step_cfg {
    int target, wm, rz, f16;
    int rd0, rd1;        /* Rd1 = 255 with rz */
    int nodep, phase, guard, guard_neg, smp;
    int special;         /* percent of coordinates with special values */
} step_cfg;

static void tic_of(const tex_cfg *c, tx_tic *t)
{
    gen_fclass_tic(t, c->fc, c->dim, TEX_BASE, c->w, c->h, c->dim == TX_DIM_3D ? c->d : c->layers, c->levels, c->first, c->bh);
}

/* The header at HDR_INDEX and every texel of every level, layer and slice. */
static int add_texture(gen_ctx *g, json_object *v, const tex_cfg *c)
{
    tx_tic t;
    tic_of(c, &t);
    return gen_fclass_texture(g, v, HDR_INDEX, &t, c->fc, "gen_texs");
}

/* A sampler for TEX: every filter, mip filter, LOD bias and clamp, ANISO,
 * the depth function, address modes and border colour. */
static void random_tsc(gen_ctx *g, tx_tsc *s)
{
    memset(s, 0, sizeof *s);
    gen_tsc_address(g, s);
    s->mag_filter = (uint8_t)(1 + gen_rn(g, 2));
    s->min_filter = (uint8_t)(1 + gen_rn(g, 3));
    s->mip_filter = (uint8_t)(1 + gen_rn(g, 3));
    s->max_anisotropy = (uint8_t)gen_rn(g, 8);
    s->depth_compare = (uint8_t)gen_rn(g, 2);
    s->depth_compare_func = (uint8_t)gen_rn(g, 8);
    s->mip_lod_bias = gen_pct(g, 30) ? (uint16_t)(gen_rn(g, 0x400) - 0x200) & 0x1fff : 0;
    s->min_lod_clamp = gen_pct(g, 30) ? (uint16_t)gen_rn(g, 0x300) : 0;
    s->max_lod_clamp = gen_pct(g, 25) ? (uint16_t)gen_rn(g, 0x600) : 0xfff;
    s->cubemap_interface_filtering = (uint8_t)gen_rn(g, 4);
    gen_tsc_border(g, s, 60);
}

/* ---- steps ------------------------------------------------------------------ */

static void step_text(const step_cfg *s, int k, char *buf, size_t n)
{
    static const char *const phases[3] = {"", ".T", ".P"};
    const struct texs_target *t = &targets[s->target];
    char guard[16] = "", rd0[8], rd1[8], rb[16] = "";
    int ra = 16 + 8 * k;
    if (s->guard != 7)
        snprintf(guard, sizeof guard, "@%sP%d ", s->guard_neg ? "!" : "", s->guard);
    snprintf(rd0, sizeof rd0, s->rd0 == 255 ? "RZ" : "R%d", s->rd0);
    snprintf(rd1, sizeof rd1, s->rz ? "RZ" : "R%d", s->rd1);
    if (t->op[2] != O_NONE)
        snprintf(rb, sizeof rb, ", R%d", ra + 4);
    snprintf(buf, n, "%sTEXS%s%s%s%s %s, %s, R%d%s, 0x%x, %s, %s", guard, s->f16 ? ".F16" : "",
             t->mods, s->nodep ? ".NODEP" : "", phases[s->phase], rd1, rd0, ra, rb, s->smp,
             t->dim, s->rz ? mask_rz[s->wm] : mask_nrz[s->wm]);
}

static const uint32_t special_bits[] = {
    0x7fc00000u, 0xffc00001u, 0x00000001u, 0x807fffffu, 0x7f800000u, 0xff800000u,
    0x5f000000u, 0xdf000000u, 0x80000000u, 0x00000000u, 0x3f800000u, 0x3f000000u,
};

/* Fill step k's registers (Ra, Ra+1 at r[0], r[1]; Rb, Rb+1 at r[4],
 * r[5]) for every lane.  A quad shares a base point; its lanes step by a
 * footprint of 2^-2 .. 2^4 texels per lane along u and v. */
static void fill_group(gen_ctx *g, uint32_t r[8][32], const tex_cfg *t, const step_cfg *s)
{
    const struct texs_target *tg = &targets[s->target];
    int n[3] = {t->w, t->h, t->d};
    memset(r, 0, sizeof(uint32_t) * 8 * 32);
    for (int q = 0; q < 8; q++) {
        double base[3], du[3], dv[3];
        int cube = tg->tdim == TX_DIM_CUBE;
        int major = (int)gen_rn(g, 3);
        for (int a = 0; a < 3; a++) {
            double step = (double)(1u << gen_rn(g, 7)) / 4.0 / (n[a] > 0 ? n[a] : 1);
            base[a] = cube ? gen_frnd(g, -1.0, 1.0) : gen_frnd(g, -0.2, 1.2);
            du[a] = gen_pct(g, 50) ? step : 0.0;
            dv[a] = gen_pct(g, 50) ? step : -step / 2;
        }
        if (cube) {
            base[major] = (gen_pct(g, 50) ? 1.0 : -1.0) * gen_frnd(g, 0.5, 2.0);
            du[major] = dv[major] = 0.0;
        }
        int layer = (int)gen_rn(g, (uint32_t)t->layers + 2);
        double lod = gen_frnd(g, -1.0, 4.0), ref = gen_frnd(g, -0.1, 1.1);
        for (int l = 0; l < 4; l++) {
            int lane = 4 * q + l;
            double c[3];
            for (int a = 0; a < 3; a++)
                c[a] = base[a] + (l & 1) * du[a] + (l >> 1) * dv[a];
            for (int i = 0; i < 4; i++) {
                uint32_t val = 0;
                switch (tg->op[i]) {
                case O_X: val = gen_fbits((float)c[0]); break;
                case O_Y: val = gen_fbits((float)c[1]); break;
                case O_Z: val = gen_fbits((float)c[2]); break;
                case O_ARR:
                    val = (uint32_t)layer | (gen_pct(g, 20) ? (uint32_t)gen_rand(g) & 0xffff0000u : 0u);
                    break;
                case O_LOD: val = gen_fbits((float)(lod + (gen_pct(g, 30) ? gen_frnd(g, 0, 1) : 0))); break;
                case O_DREF: val = gen_fbits((float)(ref + l * 0.05)); break;
                default: continue;
                }
                if (tg->op[i] >= O_X && tg->op[i] <= O_Z && gen_pct(g, (unsigned)s->special))
                    val = special_bits[gen_rn(g, sizeof special_bits / 4)];
                r[i < 2 ? i : i + 2][lane] = val;
            }
        }
    }
}

/* Destinations: Rd0 and Rd1 on even registers (the F32 pairs), Rd1 in
 * R8..R14 apart from Rd0 in R0..R6. */
static void place_dest(gen_ctx *g, step_cfg *s)
{
    s->rd0 = 2 * (int)gen_rn(g, 4);
    s->rd1 = s->rz ? 255 : 8 + 2 * (int)gen_rn(g, 4);
}

static int emit(gen_ctx *g, const char *id, const char *desc, const tex_cfg *t,
                const tx_tsc smp[NSMP], const step_cfg *st, int nsteps, uint32_t preds[7],
                uint32_t ktm)
{
    json_object *v = gen_vector(g, id, desc), *o;
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(TIC_BASE));
    gen_set(o, "max", json_object_new_int(15));
    gen_set(v, "tic", o);
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(TSC_BASE));
    gen_set(o, "max", json_object_new_int(NSMP - 1));
    gen_set(v, "tsc", o);
    if (ktm)
        gen_set(v, "ktm", gen_hex32(ktm));
    if (add_texture(g, v, t) < 0)
        return -1;
    for (int i = 0; i < NSMP; i++) {
        uint32_t w[8];
        tx_tsc_pack(&smp[i], w);
        gen_desc_words(v, "samplers", i, w);
        gen_cbank(v, 4u * (uint32_t)i, (uint32_t)i << 20 | HDR_INDEX);
    }
    for (int p = 0; p < 7; p++)
        if (preds[p])
            gen_pred(v, p, preds[p]);
    for (int k = 0; k < nsteps; k++) {
        uint32_t r[8][32];
        fill_group(g, r, t, &st[k]);
        for (int i = 0; i < 8; i++)
            if (i == 0 || i == 1 || i == 4 || i == 5)
                gen_reg(v, 16 + 8 * k + i, r[i]);
    }
    for (int k = 0; k < nsteps; k++) {
        char text[200];
        step_text(&st[k], k, text, sizeof text);
        gen_step(v, text);
    }
    return gen_flush(g);
}

static void random_tex(gen_ctx *g, tex_cfg *t, int dim, int fc)
{
    static const int sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16};
    memset(t, 0, sizeof *t);
    t->dim = dim;
    t->fc = fc;
    t->w = sizes[gen_rn(g, sizeof sizes / sizeof sizes[0])];
    t->h = dim == TX_DIM_1D ? 1 : dim == TX_DIM_CUBE ? t->w
                             : sizes[gen_rn(g, sizeof sizes / sizeof sizes[0])];
    t->d = dim == TX_DIM_3D ? 1 + (int)gen_rn(g, 4) : 1;
    t->layers = dim == TX_DIM_A2D ? 1 + (int)gen_rn(g, 3) : 1;
    t->levels = 1 + (int)gen_rn(g, 4);
    t->first = gen_pct(g, 25) ? (int)gen_rn(g, (uint32_t)t->levels) : 0;
    t->bh = (int)gen_rn(g, 3);
}

static void random_preds(gen_ctx *g, uint32_t preds[7])
{
    for (int p = 0; p < 7; p++)
        preds[p] = (uint32_t)gen_rand(g);
}

/* A random target of dim (a target of another dim now and then: zeros). */
static int target_of(gen_ctx *g, int dim)
{
    int c[14], n = 0;
    for (int i = 0; i < 14; i++)
        if (targets[i].tdim == dim)
            c[n++] = i;
    return gen_pct(g, 5) ? (int)gen_rn(g, 14) : c[gen_rn(g, (uint32_t)n)];
}

/* ---- suites ------------------------------------------------------------------ */

/* Illegal TEXS words (docs/semantics.md S14.1, S14.2, S14.4; S2.2):
 * ILLEGAL and nothing written, in the model and the RTL alike.  Each is a
 * legal word with one field changed. */
static int illegal_vector(gen_ctx *g)
{
    static const char *const base[] = {
        "TEXS.LZ R4, R0, R8, R12, 0x0, 2D, RGBA",   /* [56:53] = 14, 15 */
        "TEXS.LZ R4, R0, R8, R12, 0x0, 2D, RGBA",
        "TEXS.LZ R4, R0, R8, R12, 0x0, 2D, RGBA",   /* mask code 5-7, Rd1 != RZ */
        "TEXS.LL R4, R0, R8, R12, 0x0, 2D, RGBA",   /* Ra pair odd */
        "TEXS.LL.DC R4, R0, R8, R12, 0x0, 2D, RGBA",/* Rb pair odd */
        "TEXS.LZ R4, R0, R8, R12, 0x0, 2D, RGBA",   /* F32 Rd0 pair odd */
        "TEXS.LZ R4, R0, R8, R12, 0x0, 2D, RGBA",   /* F32 Rd1 pair odd */
        "TEXS.LZ R4, R0, R8, R12, 0x0, 2D, RGBA",   /* Rb = RZ, read */
        "TEXS.LZ R4, R0, R8, R12, 0x0, 2D, RGBA",   /* Ra = RZ */
        "TEXS.LZ RZ, R0, R8, RZ, 0x0, 1D, R",       /* legal: 1D.LZ reads no Rb */
    };
    static const uint64_t set[] = {
        14ull << 53, 15ull << 53, 5ull << 50, 1ull << 8, 1ull << 20, 1ull << 0, 1ull << 28,
        0xffull << 20, 0xffull << 8, 0,
    };
    static const uint64_t clear[] = {
        0xfull << 53, 0xfull << 53, 7ull << 50, 0, 0, 0, 0, 0xffull << 20, 0xffull << 8, 0,
    };
    json_object *v = gen_vector(g, "texs-illegal", "TEXS: reserved targets and mask codes, "
                                "misaligned pairs, RZ operands: ILLEGAL, nothing written");
    uint32_t r[32];
    for (int l = 0; l < 32; l++)
        r[l] = gen_fbits(0.25f + l / 64.0f);
    gen_reg(v, 8, r);
    gen_reg(v, 12, r);
    for (unsigned i = 0; i < sizeof set / sizeof set[0]; i++) {
        uint64_t w;
        uint32_t ctrl;
        tx_asm_err e;
        if (tx_asm(base[i], &w, &ctrl, &e)) {
            fprintf(stderr, "gen_texs: internal: '%s': %s\n", base[i], e.msg);
            return -1;
        }
        gen_step_word(v, (w & ~clear[i]) | set[i], ctrl);
    }
    return gen_flush(g);
}

int gen_texs_directed(gen_ctx *g)
{
    char id[64], desc[200];
    int idx = 0;
    for (int code = 0; code < 14; code++)
        for (int f16 = 0; f16 < 2; f16++) {
            const struct texs_target *tg = &targets[code];
            tex_cfg t;
            tx_tsc smp[NSMP];
            step_cfg st[MAX_STEPS];
            uint32_t preds[7];
            int fc = idx % GEN_FC_COUNT;
            memset(&t, 0, sizeof t);
            t.dim = tg->tdim;
            t.fc = fc;
            t.w = 5 + (idx & 3);
            t.h = t.dim == TX_DIM_1D ? 1 : t.dim == TX_DIM_CUBE ? t.w : 4 + (idx % 3);
            t.d = t.dim == TX_DIM_3D ? 3 : 1;
            t.layers = t.dim == TX_DIM_A2D ? 3 : 1;
            t.levels = 3;
            t.first = idx % 4 == 3;          /* a view that starts at level 1 */
            t.bh = idx % 3;
            for (int i = 0; i < NSMP; i++) {
                random_tsc(g, &smp[i]);
                smp[i].address_u = (uint8_t)((idx + 3 * i) & 7);
                smp[i].address_v = (uint8_t)((idx + 5 * i + 1) & 7);
            }
            random_preds(g, preds);
            /* Steps 0-12: the 13 masks; 13: Rd0 = RZ (RGBA); 14: .NODEP
             * with the killed lanes of the vector, and a guard; 15: a
             * target of another dim on this texture. */
            for (int k = 0; k < MAX_STEPS; k++) {
                step_cfg *s = &st[k];
                memset(s, 0, sizeof *s);
                s->target = code;
                s->f16 = f16;
                s->rz = k >= 5 && k < 13;
                s->wm = k < 5 ? k : k < 13 ? k - 5 : 4;
                s->smp = k & 1;
                s->phase = k % 3;
                s->guard = 7;
                s->special = k == 12 ? 20 : 0;
                place_dest(g, s);
                if (k == 13)
                    s->rd0 = 255;
                if (k == 14) {
                    s->nodep = 1;
                    s->guard = 3;
                    s->guard_neg = idx & 1;
                }
                if (k == 15)
                    s->target = (code + 7) % 14;
            }
            snprintf(id, sizeof id, "texs-dir-%d", idx++);
            snprintf(desc, sizeof desc, "TEXS%s%s %s on %dx%dx%d %s, view from level %d: "
                     "every mask, Rd0 = RZ, NODEP, another target", f16 ? ".F16" : "",
                     tg->mods, tg->dim, t.w, t.h, t.dim == TX_DIM_3D ? t.d : t.layers,
                     gen_fclasses[fc].name, t.first);
            if (emit(g, id, desc, &t, smp, st, MAX_STEPS, preds, 0x0000f00fu) < 0)
                return -1;
        }
    return illegal_vector(g);
}

int gen_texs_random(gen_ctx *g)
{
    static const int dims[5] = {TX_DIM_1D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_3D, TX_DIM_CUBE};
    int n = gen_count(g, 40);
    char id[64];
    for (int i = 0; i < n; i++) {
        tex_cfg t;
        tx_tsc smp[NSMP];
        step_cfg st[MAX_STEPS];
        uint32_t preds[7];
        /* 2D twice as often: seven of the fourteen targets are 2D */
        int dim = dims[gen_rn(g, 7) % 5];
        if (gen_rn(g, 7) >= 5)
            dim = TX_DIM_2D;
        random_tex(g, &t, dim, (int)gen_rn(g, GEN_FC_COUNT));
        for (int k = 0; k < NSMP; k++)
            random_tsc(g, &smp[k]);
        random_preds(g, preds);
        int nsteps = 8 + (int)gen_rn(g, MAX_STEPS - 7);
        for (int k = 0; k < nsteps; k++) {
            step_cfg *s = &st[k];
            memset(s, 0, sizeof *s);
            s->target = target_of(g, dim);
            s->rz = gen_pct(g, 45);
            s->wm = (int)gen_rn(g, s->rz ? 8 : 5);
            s->f16 = gen_pct(g, 40);
            s->smp = (int)gen_rn(g, NSMP);
            s->phase = (int)gen_rn(g, 3);
            s->nodep = gen_pct(g, 15);
            s->guard = gen_pct(g, 25) ? (int)gen_rn(g, 7) : 7;
            s->guard_neg = gen_pct(g, 50);
            s->special = gen_pct(g, 15) ? 8 : 0;
            place_dest(g, s);
            if (gen_pct(g, 8))
                s->rd0 = 255;
        }
        snprintf(id, sizeof id, "texs-rand-%d", i);
        if (emit(g, id, "TEXS: constrained-random texture, samplers and forms", &t, smp, st,
                 nsteps, preds, gen_pct(g, 30) ? (uint32_t)gen_rand(g) : 0u) < 0)
            return -1;
    }
    return 0;
}
