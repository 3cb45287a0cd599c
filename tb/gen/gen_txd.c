/*
 * gen_txd.c - TXD and TXD.B (explicit gradients) vector suites
 * (docs/generation.md, "Gradient suites").
 *
 *   txd-directed  every dim (1D, ARRAY_1D, 2D, ARRAY_2D) x class of format,
 *                 and in each vector the forms in turn: .B, .LC, .AOFFI,
 *                 the sparse predicate, write masks, guards, .NODEP, the
 *                 phase; per lane footprints from 1/8 to 64 texels per
 *                 pixel, stretched ones under an ANISO sampler, zero and
 *                 special gradients, quads whose lanes differ; samplers
 *                 with every mip filter, bias, clamps, reduction; a view
 *                 whose first level is not 0 and the header's LOD fields
 *   txd-random    the same space drawn at random (--seed, --count)
 *
 * A vector holds one texture (block-linear, header 3), two samplers and up
 * to 16 steps; step k reads its operands from its own register group (Ra =
 * R16 + 8k, Rb = Ra + 4), packed as tx_txd_slots_of says (Ra: [handle],
 * coordinates, [word]; Rb: dP/dx, dP/dy per axis), and writes R0..R15.
 * Every texel of every level and layer is written.
 */
#include <math.h>
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
#define PI 3.14159265358979323846

/* ---- what a vector holds ---------------------------------------------------- */

typedef struct tex_cfg {
    int dim;             /* TX_DIM_1D, _A1D, _2D, _A2D */
    int fc;
    int w, h, layers;    /* layers: array layers, or cubes of a cube array */
    int levels, first;   /* levels in memory; the view starts at first */
    int unnormalized;
    int bh;              /* gobs_per_block_height (log2) */
    int hdr_min_lod, uhoc, hdr_bias, hdr_aniso;   /* header LOD fields */
} tex_cfg;

typedef struct step_cfg {
    int bindless, lc, aoffi, nodep, phase, ps, wmask;
    int rd, smp;
    int bad_handle;      /* .B with a handle above the header pool: zeros */
    int guard, guard_neg;
    int lod_lo, lod_hi;  /* log2 of the footprint, texels per pixel, drawn in [lo, hi) */
    int aniso;           /* percent of lanes with a stretched footprint */
    int quad_same;       /* percent of quads whose four lanes share one gradient pair */
    int special;         /* percent of gradients and coordinates with special values */
    int zero;            /* percent of lanes with a zero footprint */
} step_cfg;

static void tic_of(const tex_cfg *c, tx_tic *t)
{
    gen_fclass_tic(t, c->fc, c->dim, TEX_BASE, c->w, c->h, c->layers, c->levels, c->first, c->bh);
    t->normalized_coords = !c->unnormalized;
    t->min_lod_clamp = (uint16_t)c->hdr_min_lod;
    t->use_header_opt_control = (uint8_t)c->uhoc;
    t->mip_lod_bias = (uint16_t)(c->hdr_bias & 0x1fff);
    t->max_anisotropy = (uint8_t)c->hdr_aniso;
}

/* The header at HDR_INDEX and every texel of every level and layer. */
static int add_texture(gen_ctx *g, json_object *v, const tex_cfg *c)
{
    tx_tic t;
    tic_of(c, &t);
    return gen_fclass_texture(g, v, HDR_INDEX, &t, c->fc, "gen_txd");
}

/* A sampler: every filter (ANISO included), mip filter, bias and clamp
 * the LOD unit reads, address modes, border colour, reduction. */
static void random_tsc(gen_ctx *g, tx_tsc *s)
{
    memset(s, 0, sizeof *s);
    gen_tsc_address(g, s);
    s->mag_filter = (uint8_t)(1 + gen_rn(g, 2));
    s->min_filter = (uint8_t)(1 + gen_rn(g, 3));
    s->mip_filter = (uint8_t)(1 + gen_rn(g, 3));
    s->max_anisotropy = (uint8_t)gen_rn(g, 8);
    s->reduction_filter = gen_pct(g, 25) ? (uint8_t)(1 + gen_rn(g, 2)) : 0;
    s->mip_lod_bias = gen_pct(g, 30) ? (uint16_t)(gen_rn(g, 0x400) - 0x200) & 0x1fff : 0;
    s->min_lod_clamp = gen_pct(g, 25) ? (uint16_t)gen_rn(g, 0x300) : 0;
    s->max_lod_clamp = gen_pct(g, 25) ? (uint16_t)gen_rn(g, 0x600) : 0xfff;
    s->min_lod_clamp_behavior = (uint8_t)gen_rn(g, 2);
    s->float_coord_normalization = gen_pct(g, 5);
    gen_tsc_border(g, s, 60);
}

/* ---- steps ------------------------------------------------------------------ */

static const char *const dim_names[4] = {"1D", "ARRAY_1D", "2D", "ARRAY_2D"};

static void step_text(const tex_cfg *t, const step_cfg *s, int k, char *buf, size_t n)
{
    static const char *const phases[3] = {"", ".T", ".P"};
    char guard[16] = "", ps[16] = "";
    int ra = 16 + 8 * k, rb = ra + 4;
    if (s->guard != 7)
        snprintf(guard, sizeof guard, "@%sP%d ", s->guard_neg ? "!" : "", s->guard);
    if (s->ps != 7)
        snprintf(ps, sizeof ps, "P%d, ", s->ps);
    snprintf(buf, n, "%sTXD%s%s%s%s%s %sR%d, R%d, R%d, 0x%x, %s, 0x%x", guard,
             s->bindless ? ".B" : "", s->lc ? ".LC" : "", s->aoffi ? ".AOFFI" : "",
             s->nodep ? ".NODEP" : "", phases[s->phase], ps, s->rd, ra, rb,
             s->bindless ? 0 : s->smp, dim_names[t->dim], s->wmask);
}

static const uint32_t special_bits[] = {
    0x7fc00000u, 0xffc00001u, 0x00000001u, 0x807fffffu, 0x7f800000u, 0xff800000u,
    0x5f000000u, 0xdf000000u, 0x80000000u, 0x00000000u, 0x3f800000u, 0x3f000000u,
};

/* A footprint in texels per pixel at the view's first level: X and Y of
 * length 2^e, e in [lo, hi) with 1/64 steps, at a random angle; with
 * stretch, Y is shorter by up to 20 times (the anisotropic ratio). */
static void footprint(gen_ctx *g, const step_cfg *s, int stretch, double X[2], double Y[2])
{
    double e = s->lod_lo + (double)gen_rn(g, (uint32_t)(64 * (s->lod_hi - s->lod_lo))) / 64.0;
    double len = pow(2.0, e), ang = (double)gen_rn(g, 3600) * PI / 1800.0;
    double minor = stretch ? len / (1.0 + (double)gen_rn(g, 1900) / 100.0) : len;
    if (gen_pct(g, 30))
        ang = (double)gen_rn(g, 4) * PI / 2.0;     /* axis-aligned */
    X[0] = len * cos(ang);
    X[1] = len * sin(ang);
    Y[0] = -minor * sin(ang);
    Y[1] = minor * cos(ang);
    if (gen_pct(g, 20)) {                            /* skewed: not at right angles */
        Y[0] += X[0] * ((double)gen_rn(g, 200) / 100.0 - 1.0);
        Y[1] += X[1] * ((double)gen_rn(g, 200) / 100.0 - 1.0);
    }
}

/* Fill step k's register group for every lane, in the slots of its form. */
static int fill_group(gen_ctx *g, uint32_t r[8][32], const tex_cfg *t, const step_cfg *s,
                      int k)
{
    char text[200];
    uint64_t word;
    uint32_t ctrl;
    tx_asm_err e;
    tx_insn in;
    tx_tex_grad gd;
    step_text(t, s, k, text, sizeof text);
    if (tx_asm(text, &word, &ctrl, &e)) {
        fprintf(stderr, "gen_txd: internal: '%s' does not assemble: %s\n", text, e.msg);
        return -1;
    }
    tx_decode(word, ctrl, &in);
    tx_txd_slots_of(&in, &gd);
    memset(r, 0, sizeof(uint32_t) * 8 * 32);
    int two_d = t->dim >= TX_DIM_2D;
    int n[2] = {t->w >> t->first ? t->w >> t->first : 1, t->h >> t->first ? t->h >> t->first : 1};
    double X[2] = {0, 0}, Y[2] = {0, 0};
    for (int lane = 0; lane < 32; lane++) {
        /* A quad shares one footprint, or each lane draws its own. */
        if ((lane & 3) == 0 || !gen_pct(g, (unsigned)s->quad_same)) {
            footprint(g, s, gen_pct(g, (unsigned)s->aniso), X, Y);
            if (gen_pct(g, (unsigned)s->zero))
                X[0] = X[1] = Y[0] = Y[1] = 0.0;
        }
        for (int a = 0; a < 1 + two_d; a++) {
            double c = ((double)gen_rn(g, 1u << 20) / (1 << 20)) * 1.4 - 0.2;
            double sc = t->unnormalized ? 1.0 : 1.0 / n[a];
            r[gd.sl.coord[a]][lane] = gen_fbits((float)(t->unnormalized ? c * n[a] : c));
            r[gd.dx[a]][lane] = gen_fbits((float)(X[a] * sc));
            r[gd.dy[a]][lane] = gen_fbits((float)(Y[a] * sc));
            if (gen_pct(g, (unsigned)s->special))
                r[gd.sl.coord[a]][lane] = special_bits[gen_rn(g, sizeof special_bits / 4)];
            if (gen_pct(g, (unsigned)s->special))
                r[gd.dx[a]][lane] = special_bits[gen_rn(g, sizeof special_bits / 4)];
            if (gen_pct(g, (unsigned)s->special))
                r[gd.dy[a]][lane] = special_bits[gen_rn(g, sizeof special_bits / 4)];
        }
        if (gd.word >= 0) {
            /* The array index ([15:0], [11:0] with .LC), offsets at bit 16
             * (bit 12 with .LC), the minimum LOD [31:20] with .LC; the
             * bits a form does not read hold junk now and then. */
            uint32_t w = gen_pct(g, 40) ? (uint32_t)gen_rand(g) : 0;
            uint32_t layer = gen_rn(g, (uint32_t)t->layers + 2), off = gen_rn(g, 256);
            if (s->lc) {
                w = (w & 0xfffu) | gen_rn(g, 0x500) << 20;
                w = (w & ~0xfffu) | (t->dim & 1 ? layer : w & 0xfffu);
                if (s->aoffi)
                    w = (w & ~0xff000u) | off << 12;
            } else {
                if (t->dim & 1)
                    w = (w & ~0xffffu) | layer;
                if (s->aoffi)
                    w = (w & ~0xff0000u) | off << 16;
            }
            r[gd.word][lane] = w;
        }
        if (gd.sl.handle >= 0)
            r[gd.sl.handle][lane] = (uint32_t)s->smp << 20 | (s->bad_handle ? 20u : HDR_INDEX);
    }
    return 0;
}

/* A legal destination: a multiple of the write count's group size. */
static void place_dest(gen_ctx *g, step_cfg *s)
{
    int nc = (s->wmask & 1) + (s->wmask >> 1 & 1) + (s->wmask >> 2 & 1) + (s->wmask >> 3 & 1);
    int al = nc <= 1 ? 1 : nc == 2 ? 2 : 4;
    s->rd = (int)gen_rn(g, 16) / al * al;
}

static int emit(gen_ctx *g, const char *id, const char *desc, const tex_cfg *t,
                const tx_tsc smp[NSMP], const step_cfg *st, int nsteps, uint32_t preds[7],
                uint32_t ctm, uint32_t ktm)
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
    if (add_texture(g, v, t) < 0)
        return -1;
    for (int i = 0; i < NSMP; i++) {
        uint32_t w[8];
        tx_tsc_pack(&smp[i], w);
        gen_desc_words(v, "samplers", i, w);
        gen_cbank(v, 4u * (uint32_t)i, (uint32_t)i << 20 | HDR_INDEX);
    }
    if (ctm != 0xffffffffu)
        gen_set(v, "ctm", gen_hex32(ctm));
    if (ktm)
        gen_set(v, "ktm", gen_hex32(ktm));
    for (int p = 0; p < 7; p++)
        if (preds[p])
            gen_pred(v, p, preds[p]);
    for (int k = 0; k < nsteps; k++) {
        uint32_t r[8][32];
        if (fill_group(g, r, t, &st[k], k) < 0)
            return -1;
        for (int i = 0; i < 8; i++)
            gen_reg(v, 16 + 8 * k + i, r[i]);
    }
    for (int k = 0; k < nsteps; k++) {
        char text[200];
        step_text(t, &st[k], k, text, sizeof text);
        gen_step(v, text);
    }
    return gen_flush(g);
}

/* A random step (legal by construction). */
static void random_step(gen_ctx *g, step_cfg *s)
{
    static const int masks[] = {0xf, 0xf, 0xf, 0x1, 0x3, 0x5, 0x8, 0xc, 0x7, 0xe, 0x2};
    memset(s, 0, sizeof *s);
    s->bindless = gen_pct(g, 30);
    s->bad_handle = s->bindless && gen_pct(g, 5);
    s->lc = gen_pct(g, 25);
    s->aoffi = gen_pct(g, 35);
    s->smp = (int)gen_rn(g, NSMP);
    s->phase = (int)gen_rn(g, 3);
    s->nodep = gen_pct(g, 15);
    s->guard = gen_pct(g, 20) ? (int)gen_rn(g, 7) : 7;
    s->guard_neg = gen_pct(g, 50);
    s->ps = gen_pct(g, 25) ? (int)gen_rn(g, 7) : 7;
    s->wmask = masks[gen_rn(g, sizeof masks / sizeof masks[0])];
    s->lod_lo = -3;
    s->lod_hi = 7;
    s->aniso = gen_pct(g, 50) ? 60 : 10;
    s->quad_same = (int)gen_rn(g, 101);
    s->special = gen_pct(g, 15) ? 8 : 0;
    s->zero = gen_pct(g, 10) ? 20 : 0;
    place_dest(g, s);
}

static void random_tex(gen_ctx *g, tex_cfg *t, int dim, int fc)
{
    static const int sizes[] = {1, 2, 3, 5, 8, 13, 16, 23, 32, 64, 100};
    memset(t, 0, sizeof *t);
    t->dim = dim;
    t->fc = fc;
    t->w = sizes[gen_rn(g, sizeof sizes / sizeof sizes[0])];
    t->h = dim >= TX_DIM_2D ? sizes[gen_rn(g, sizeof sizes / sizeof sizes[0])] : 1;
    if (t->w * t->h > 2048)
        t->h = 2048 / t->w;
    t->layers = (dim & 1) ? 1 + (int)gen_rn(g, 3) : 1;
    int maxl = 1;
    while ((t->w >> maxl) || (t->h >> maxl))
        maxl++;
    t->levels = 1 + (int)gen_rn(g, (uint32_t)maxl);
    t->first = gen_pct(g, 20) ? (int)gen_rn(g, (uint32_t)t->levels) : 0;
    t->unnormalized = gen_pct(g, 8);
    t->bh = (int)gen_rn(g, 3);
    t->hdr_min_lod = gen_pct(g, 10) ? (int)gen_rn(g, 0x300) : 0;
    t->uhoc = gen_pct(g, 10);
    t->hdr_bias = t->uhoc ? (int)gen_rn(g, 0x400) - 0x200 : 0;
    t->hdr_aniso = t->uhoc ? (int)gen_rn(g, 8) : 0;
}

static void random_preds(gen_ctx *g, uint32_t preds[7])
{
    for (int p = 0; p < 7; p++)
        preds[p] = (uint32_t)gen_rand(g);
}

/* ---- suites ------------------------------------------------------------------ */

int gen_txd_directed(gen_ctx *g)
{
    static const int dims[4] = {TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D};
    static const int masks[4] = {0xf, 0x5, 0x8, 0xe};
    char id[64], desc[200];
    int idx = 0;
    gen_suite_tag("txd");
    for (int di = 0; di < 4; di++)
        for (int fc = 0; fc < GEN_FC_COUNT; fc++) {
            tex_cfg t;
            tx_tsc smp[NSMP];
            step_cfg st[MAX_STEPS];
            uint32_t preds[7];
            int dim = dims[di];
            memset(&t, 0, sizeof t);
            t.dim = dim;
            t.fc = fc;
            t.w = 40 + 3 * fc;
            t.h = dim >= TX_DIM_2D ? 24 + 5 * (fc % 3) : 1;
            t.layers = (dim & 1) ? 3 : 1;
            t.levels = 6;
            t.first = fc % 4 == 1;          /* a view that starts at level 1 */
            t.bh = fc % 3;
            t.hdr_min_lod = fc % 5 == 2 ? 0x80 : 0;
            t.uhoc = fc % 5 == 3;
            t.hdr_bias = t.uhoc ? -0x40 : 0;
            t.hdr_aniso = t.uhoc ? 2 : 0;
            for (int i = 0; i < NSMP; i++) {
                random_tsc(g, &smp[i]);
                smp[i].address_u = (uint8_t)((idx + 3 * i) & 7);
                smp[i].address_v = (uint8_t)((idx + 5 * i + 1) & 7);
                /* Sampler 0 trilinear (ANISO on every other vector),
                 * sampler 1 the rest: mip filters in turn, reduction. */
                smp[i].mip_filter = (uint8_t)(i == 0 ? 3 : 1 + (idx % 3));
                smp[i].min_filter = (uint8_t)(i == 0 && (idx & 1) ? 3 : 2);
                smp[i].mag_filter = 2;
                smp[i].max_anisotropy = (uint8_t)(idx % 8);
                smp[i].reduction_filter = (uint8_t)(i == 1 ? idx % 3 : 0);
            }
            random_preds(g, preds);
            /* Step k: .B, .LC, .AOFFI by the bits of k; footprints from
             * 1/8 to 64 texels; stretched footprints, zero ones and lanes
             * of a quad that differ spread over the steps. */
            for (int k = 0; k < MAX_STEPS; k++) {
                step_cfg *s = &st[k];
                memset(s, 0, sizeof *s);
                s->bindless = k & 1;
                s->lc = (k >> 1) & 1;
                s->aoffi = (k >> 2) & 1;
                s->bad_handle = k == 9 && (fc & 1);
                s->smp = (k >> 3) & 1;
                s->phase = k % 3;
                s->guard = k == 5 ? 2 : 7;
                s->guard_neg = k == 5 && (fc & 1);
                s->nodep = k == 6;
                s->ps = k == 11 ? 4 : 7;
                s->wmask = masks[(k >> 2) & 3];
                s->lod_lo = -3 + (k % 4);
                s->lod_hi = s->lod_lo + 4 + (k % 3);
                s->aniso = k % 2 ? 80 : 20;
                s->quad_same = k % 3 == 0 ? 100 : 30;
                s->special = k == 13 ? 20 : 0;
                s->zero = k == 14 ? 30 : 0;
                place_dest(g, s);
            }
            snprintf(id, sizeof id, "txd-dir-%d", idx++);
            snprintf(desc, sizeof desc, "TXD on %s %dx%d %s, view from level %d: .B, .LC, "
                     ".AOFFI, masks, per-lane and stretched footprints", dim_names[dim], t.w,
                     t.h, gen_fclasses[fc].name, t.first);
            if (emit(g, id, desc, &t, smp, st, MAX_STEPS, preds,
                     fc % 4 == 3 ? 0xff7fff0fu : 0xffffffffu, fc % 5 == 4 ? 0x00f000f1u : 0u) < 0)
                return -1;
        }
    /* Words that break a rule: illegal, nothing executes. */
    {
        tex_cfg t;
        tx_tsc smp[NSMP];
        memset(&t, 0, sizeof t);
        t.dim = TX_DIM_2D;
        t.w = t.h = 8;
        t.layers = 1;
        t.levels = 1;
        for (int i = 0; i < NSMP; i++)
            random_tsc(g, &smp[i]);
        json_object *v = gen_vector(g, "txd-words", "TXD: words that break a register rule or "
                                                "a dim rule (ILLEGAL), base words with fields "
                                                "changed at random");
        gen_set(v, "allow_illegal", json_object_new_boolean(1));
        json_object *o = json_object_new_object();
        gen_set(o, "base", gen_hex64(TIC_BASE));
        gen_set(o, "max", json_object_new_int(15));
        gen_set(v, "tic", o);
        o = json_object_new_object();
        gen_set(o, "base", gen_hex64(TSC_BASE));
        gen_set(o, "max", json_object_new_int(NSMP - 1));
        gen_set(v, "tsc", o);
        if (add_texture(g, v, &t) < 0)
            return -1;
        for (int i = 0; i < NSMP; i++) {
            uint32_t w[8];
            tx_tsc_pack(&smp[i], w);
            gen_desc_words(v, "samplers", i, w);
        }
        gen_cbank(v, 0, HDR_INDEX);
        gen_step(v, "TXD R0, R17, R20, 0x0, 2D, 0xf");        /* Ra of 2 misaligned */
        gen_step(v, "TXD R0, R16, R22, 0x0, 2D, 0xf");        /* Rb of 4 misaligned */
        gen_step(v, "TXD R0, RZ, R20, 0x0, 2D, 0xf");         /* Ra = RZ */
        gen_step(v, "TXD R0, R16, RZ, 0x0, 2D, 0xf");         /* Rb = RZ */
        gen_step(v, "TXD R2, R16, R20, 0x0, 2D, 0xf");        /* Rd of 4 misaligned */
        gen_step(v, "TXD R0, R16, R20, 0x0, 3D, 0xf");        /* no 3D */
        gen_step(v, "TXD R0, R16, R20, 0x0, CUBE, 0xf");      /* no cube */
        gen_step(v, "TXD.B.AOFFI R0, R17, R20, 0x0, 2D, 0xf"); /* Ra of 4 misaligned */
        gen_step(v, "TXD R0, R16, R21, 0x0, 1D, 0xf");        /* Rb of 2 misaligned */
        gen_step(v, "TXD R0, R16, R20, 0x0, 2D, 0xf");        /* legal */
        /* Words around the forms: each base word with fields changed at
         * random (the dim code, .AOFFI, .NODEP, .LC, .B, Ra, Rb, Rd, the
         * index bits, the mask, the phase), legal or not, so that decode's
         * rules meet the RTL's on words the assembler would not write. */
        static const char *const base[] = {
            "TXD R0, R16, R20, 0x0, 2D, 0xf", "TXD.B.AOFFI R4, R16, R20, 0x0, ARRAY_2D, 0x3",
            "TXD.LC P1, R8, R16, R20, 0x0, 1D, 0x1", "TXD.B.LC.AOFFI.NODEP R0, R16, R22, 0x0, ARRAY_1D, 0xf",
        };
        for (size_t b = 0; b < sizeof base / sizeof base[0]; b++) {
            uint64_t w0;
            uint32_t c0;
            tx_asm_err e;
            if (tx_asm(base[b], &w0, &c0, &e)) {
                fprintf(stderr, "gen_txd: internal: '%s' does not assemble: %s\n", base[b], e.msg);
                return -1;
            }
            for (int k = 0; k < 16; k++) {
                static const unsigned regs[8] = {0, 1, 2, 3, 16, 17, 20, 255};
                uint64_t w = w0;
                uint32_t c = (c0 & ~(3u << 17)) | gen_rn(g, 3) << 17;
                switch (gen_rn(g, 6)) {
                case 0: w = (w & ~(7ull << 28)) | (uint64_t)gen_rn(g, 8) << 28; break;
                case 1: w ^= 1ull << (35 + 7 * gen_rn(g, 3)); break;   /* bits 35, 42, 49 */
                case 2: w ^= 1ull << (50 + 4 * gen_rn(g, 2)); break;   /* .LC, .B */
                case 3: w = (w & ~(0xffull << 8)) | (uint64_t)regs[gen_rn(g, 8)] << 8; break;
                case 4: w = (w & ~(0xffull << 20)) | (uint64_t)regs[gen_rn(g, 8)] << 20; break;
                default: w = (w & ~0xffull) | regs[gen_rn(g, 8)]; break;
                }
                if (gen_pct(g, 30))
                    w = (w & ~(0xfull << 31)) | (uint64_t)gen_rn(g, 16) << 31;
                gen_step_word(v, w, c);
            }
        }
        if (gen_flush(g))
            return -1;
    }
    return 0;
}

int gen_txd_random(gen_ctx *g)
{
    static const int dims[4] = {TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D};
    int n = gen_count(g, 40);
    char id[64];
    gen_suite_tag("txd");
    for (int i = 0; i < n; i++) {
        tex_cfg t;
        tx_tsc smp[NSMP];
        step_cfg st[MAX_STEPS];
        uint32_t preds[7];
        int dim = dims[gen_rn(g, 4)];
        random_tex(g, &t, dim, (int)gen_rn(g, GEN_FC_COUNT));
        for (int k = 0; k < NSMP; k++)
            random_tsc(g, &smp[k]);
        random_preds(g, preds);
        int nsteps = 8 + (int)gen_rn(g, MAX_STEPS - 7);
        for (int k = 0; k < nsteps; k++)
            random_step(g, &st[k]);
        snprintf(id, sizeof id, "txd-rand-%d", i);
        uint32_t ctm = gen_pct(g, 20) ? (uint32_t)gen_rand(g) | 0x0000ffffu : 0xffffffffu;
        uint32_t ktm = gen_pct(g, 15) ? (uint32_t)gen_rand(g) : 0u;
        if (emit(g, id, "TXD: constrained-random texture, samplers, footprints and forms", &t,
                 smp, st, nsteps, preds, ctm, ktm) < 0)
            return -1;
    }
    return 0;
}
