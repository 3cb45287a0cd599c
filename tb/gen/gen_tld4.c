/*
 * gen_tld4.c - TLD4 and TLD4S (gather) vector suites (docs/generation.md,
 * "Gather suites").
 *
 *   tld4-directed  every dim (2D, ARRAY_2D, CUBE, ARRAY_CUBE) x class of
 *                  format, and in each vector the forms in turn: the four
 *                  components, .AOFFI, .PTP, .DC, .B, TLD4S (F32, F16, Rd1 = RZ),
 *                  write masks, the sparse predicate, guards, .NDV, .NODEP,
 *                  the phase; coordinates on the 1/256 rounding edges of the
 *                  footprint, every address mode, a view whose first level
 *                  is not 0, sampler filters and LOD clamps that a gather
 *                  ignores
 *   tld4-random    the same space drawn at random (--seed, --count)
 *
 * A vector holds one texture (block-linear, header 3), two samplers and up
 * to 16 steps; step k reads its operands from its own register group (Ra =
 * R16 + 8k, Rb = Ra + 4), packed as tx_tld4_slots_of says, and writes
 * R0..R15.  Every texel of every level and layer is written.
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

/* ---- what a vector holds ---------------------------------------------------- */

typedef struct tex_cfg {
    int dim;             /* TX_DIM_2D, _A2D, _CUBE, _ACUBE */
    int fc;
    int w, h, layers;    /* layers: array layers, or cubes of a cube array */
    int levels, first;   /* levels in memory; the view starts at first */
    int unnormalized;
    int bh;              /* gobs_per_block_height (log2) */
} tex_cfg;

typedef struct step_cfg {
    int s;               /* TLD4S */
    int comp, aoffi, ptp, dc, bindless, ndv, nodep, phase, ps, wmask, f16;
    int rd, rd1;         /* TLD4: Rd; TLD4S: Rd0, Rd1 */
    int smp;
    int bad_handle;      /* .B with a handle above the header pool: zeros */
    int guard, guard_neg;
    int edges;           /* percent of lanes on the rounding edges of the footprint */
    int special;         /* percent of coordinates with special values */
} step_cfg;

static void tic_of(const tex_cfg *c, tx_tic *t)
{
    gen_fclass_tic(t, c->fc, c->dim, TEX_BASE, c->w, c->h, c->layers, c->levels, c->first, c->bh);
    t->normalized_coords = !c->unnormalized;
}

/* The header at HDR_INDEX and every texel of every level and layer. */
static int add_texture(gen_ctx *g, json_object *v, const tex_cfg *c)
{
    tx_tic t;
    tic_of(c, &t);
    return gen_fclass_texture(g, v, HDR_INDEX, &t, c->fc, "gen_tld4");
}

/* A sampler whose filter, LOD and anisotropy settings a gather ignores
 * (S10.2); address modes, border colour, depth function and sRGB count. */
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
    s->reduction_filter = (uint8_t)gen_rn(g, 3);
    s->mip_lod_bias = gen_pct(g, 30) ? (uint16_t)(gen_rn(g, 0x400) - 0x200) & 0x1fff : 0;
    s->min_lod_clamp = gen_pct(g, 30) ? (uint16_t)gen_rn(g, 0x300) : 0;
    s->max_lod_clamp = gen_pct(g, 25) ? (uint16_t)gen_rn(g, 0x600) : 0xfff;
    s->cubemap_interface_filtering = (uint8_t)gen_rn(g, 4);
    gen_tsc_border(g, s, 60);
}

/* ---- steps ------------------------------------------------------------------ */

static const char comp_name[4] = {'R', 'G', 'B', 'A'};

static void step_text(const tex_cfg *t, const step_cfg *s, int k, char *buf, size_t n)
{
    static const char *const dims[8] = {"1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "ARRAY_3D",
                                        "CUBE", "ARRAY_CUBE"};
    static const char *const phases[3] = {"", ".T", ".P"};
    char guard[16] = "", ps[16] = "", rb[16] = "";
    int ra = 16 + 8 * k, rbn = ra + 4;
    if (s->guard != 7)
        snprintf(guard, sizeof guard, "@%sP%d ", s->guard_neg ? "!" : "", s->guard);
    if (s->s) {
        char rd1[8];
        if (s->rd1 == 255)
            snprintf(rd1, sizeof rd1, "RZ");
        else
            snprintf(rd1, sizeof rd1, "R%d", s->rd1);
        snprintf(buf, n, "%sTLD4S.%c%s%s%s%s%s %s, R%d, R%d, R%d, 0x%x", guard,
                 comp_name[s->comp], s->f16 ? ".F16" : "", s->aoffi ? ".AOFFI" : "",
                 s->dc ? ".DC" : "", s->nodep ? ".NODEP" : "", phases[s->phase], rd1, s->rd, ra,
                 rbn, s->smp);
        return;
    }
    if (s->ps != 7)
        snprintf(ps, sizeof ps, "P%d, ", s->ps);
    if (s->bindless || s->aoffi || s->ptp || s->dc)
        snprintf(rb, sizeof rb, "R%d, ", rbn);
    snprintf(buf, n, "%sTLD4.%c%s%s%s%s%s%s %sR%d, R%d, %s0x%x, %s, 0x%x", guard,
             comp_name[s->comp], s->bindless ? ".B" : "",
             s->aoffi ? ".AOFFI" : s->ptp ? ".PTP" : "",
             s->dc ? ".DC" : "", s->ndv ? ".NDV" : "", s->nodep ? ".NODEP" : "",
             phases[s->phase], ps, s->rd, ra, rb, s->bindless ? 0 : s->smp, dims[t->dim],
             s->wmask);
}

/* A coordinate on one axis of extent n: random over [-0.3, 1.3), or (with
 * edge) on a footprint edge: a texel centre (fraction 0), or within a few
 * 2^-9 of one or of a half-texel, where C2's rounding to 1/256 decides the
 * fraction and the indices. */
static double axis_coord(gen_ctx *g, int n, int edge)
{
    if (!edge)
        return ((double)gen_rn(g, 1u << 20) / (1 << 20)) * 1.6 - 0.3;
    int k = (int)gen_rn(g, (uint32_t)n + 2) - 1;
    double d = ((int)gen_rn(g, 9) - 4) / 1024.0 + (gen_pct(g, 30) ? 0.5 : 0.0);
    return (k + 0.5 + d) / n;
}

static const uint32_t special_bits[] = {
    0x7fc00000u, 0xffc00001u, 0x00000001u, 0x807fffffu, 0x7f800000u, 0xff800000u,
    0x5f000000u, 0xdf000000u, 0x80000000u, 0x00000000u, 0x3f800000u, 0x3f000000u,
};

/* Fill step k's register group for every lane, in the slots of its form. */
static int fill_group(gen_ctx *g, uint32_t r[8][32], const tex_cfg *t, const step_cfg *s,
                      int k)
{
    char text[200];
    uint64_t word;
    uint32_t ctrl;
    tx_asm_err e;
    tx_insn in;
    tx_tex_slots sl;
    step_text(t, s, k, text, sizeof text);
    if (tx_asm(text, &word, &ctrl, &e)) {
        fprintf(stderr, "gen_tld4: internal: '%s' does not assemble: %s\n", text, e.msg);
        return -1;
    }
    tx_decode(word, ctrl, &in);
    tx_tld4_slots_of(&in, &sl);
    memset(r, 0, sizeof(uint32_t) * 8 * 32);
    int cube = t->dim >= TX_DIM_CUBE;
    for (int lane = 0; lane < 32; lane++) {
        if (cube) {
            double v[3];
            int major = (int)gen_rn(g, 3);
            for (int a = 0; a < 3; a++)
                v[a] = axis_coord(g, t->w, gen_pct(g, (unsigned)s->edges)) * 2 - 1;
            v[major] = gen_pct(g, 50) ? 1.0 : -1.0;
            if (gen_pct(g, 30))
                v[major] *= 0.5 + (double)gen_rn(g, 1024) / 512.0;
            for (int a = 0; a < 3; a++)
                r[sl.coord[a]][lane] = gen_fbits((float)v[a]);
        } else {
            int edge = gen_pct(g, (unsigned)s->edges);
            for (int a = 0; a < 2; a++) {
                int n = a ? t->h : t->w;
                /* The view's first level is where the footprint lies. */
                n = n >> t->first ? n >> t->first : 1;
                double v = axis_coord(g, n, edge);
                if (t->unnormalized)
                    v *= n;
                r[sl.coord[a]][lane] = gen_fbits((float)v);
            }
        }
        for (int a = 0; a < 3; a++)
            if (sl.coord[a] >= 0 && gen_pct(g, (unsigned)s->special))
                r[sl.coord[a]][lane] = special_bits[gen_rn(g, sizeof special_bits / 4)];
        if (sl.array >= 0)
            r[sl.array][lane] = gen_rn(g, (uint32_t)t->layers + 2) |
                                (gen_pct(g, 20) ? (uint32_t)gen_rand(g) & 0xffff0000u : 0u);
        if (sl.handle >= 0)
            r[sl.handle][lane] = (uint32_t)s->smp << 20 | (s->bad_handle ? 20u : HDR_INDEX);
        if (sl.toff >= 0) {
            /* 6-bit offsets at bits 0 and 8 (.PTP: four pairs in two words,
             * a byte each); the bits around them are ignored, so they hold
             * junk now and then */
            for (int w = 0; w < (s->ptp ? 2 : 1); w++) {
                uint32_t o = gen_rn(g, 64) | gen_rn(g, 64) << 8;
                if (s->ptp)
                    o |= gen_rn(g, 64) << 16 | gen_rn(g, 64) << 24;
                if (gen_pct(g, 30))
                    o |= (uint32_t)gen_rand(g) & (s->ptp ? 0xc0c0c0c0u : 0xffffc0c0u);
                r[sl.toff + w][lane] = o;
            }
        }
        if (sl.dc >= 0)
            r[sl.dc][lane] = gen_fbits((float)((double)gen_rn(g, 1u << 16) / (1 << 16) * 1.2 - 0.1));
    }
    return 0;
}

/* A legal destination for a step: TLD4 Rd a multiple of 4 (R0, R4, R8,
 * R12) or, with fewer components, of its group size; TLD4S pairs. */
static void place_dest(gen_ctx *g, step_cfg *s)
{
    if (s->s) {
        s->rd = 2 * (int)gen_rn(g, 4);
        s->rd1 = gen_pct(g, 15) ? 255 : 8 + 2 * (int)gen_rn(g, 4);
        return;
    }
    s->rd = 4 * (int)gen_rn(g, 4);
}

static int emit(gen_ctx *g, const char *id, const char *desc, const tex_cfg *t,
                const tx_tsc smp[NSMP], const step_cfg *st, int nsteps, uint32_t preds[7])
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

/* A random step for texture t (legal by construction). */
static void random_step(gen_ctx *g, const tex_cfg *t, step_cfg *s)
{
    int cube = t->dim >= TX_DIM_CUBE;
    memset(s, 0, sizeof *s);
    s->s = t->dim == TX_DIM_2D && gen_pct(g, 50);
    s->comp = (int)gen_rn(g, 4);
    s->aoffi = !cube && gen_pct(g, 40);
    s->dc = gen_pct(g, 30);
    s->smp = (int)gen_rn(g, NSMP);
    s->phase = (int)gen_rn(g, 3);
    s->nodep = gen_pct(g, 15);
    s->guard = gen_pct(g, 25) ? (int)gen_rn(g, 7) : 7;
    s->guard_neg = gen_pct(g, 50);
    s->edges = 40;
    s->special = gen_pct(g, 20) ? 8 : 0;
    if (s->s) {
        s->f16 = gen_pct(g, 35);
    } else {
        static const int masks[] = {0xf, 0xf, 0xf, 0x1, 0x3, 0x5, 0x8, 0xc, 0x7, 0xe};
        s->bindless = gen_pct(g, 35);
        s->ptp = !cube && !s->aoffi && gen_pct(g, 25);
        s->ndv = gen_pct(g, 15);
        s->ps = gen_pct(g, 25) ? (int)gen_rn(g, 7) : 7;
        s->wmask = masks[gen_rn(g, sizeof masks / sizeof masks[0])];
    }
    s->ps = s->s ? 7 : s->ps;
    place_dest(g, s);
}

static void random_tex(gen_ctx *g, tex_cfg *t, int dim, int fc)
{
    static const int sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16};
    memset(t, 0, sizeof *t);
    t->dim = dim;
    t->fc = fc;
    t->w = sizes[gen_rn(g, sizeof sizes / sizeof sizes[0])];
    t->h = dim >= TX_DIM_CUBE ? t->w : sizes[gen_rn(g, sizeof sizes / sizeof sizes[0])];
    t->layers = (dim & 1) ? 1 + (int)gen_rn(g, 3) : 1;
    t->levels = 1 + (int)gen_rn(g, 3);
    t->first = gen_pct(g, 30) ? (int)gen_rn(g, (uint32_t)t->levels) : 0;
    t->unnormalized = dim == TX_DIM_2D && gen_pct(g, 10);
    t->bh = (int)gen_rn(g, 3);
}

static void random_preds(gen_ctx *g, uint32_t preds[7])
{
    for (int p = 0; p < 7; p++)
        preds[p] = (uint32_t)gen_rand(g);
}

/* ---- suites ------------------------------------------------------------------ */

int gen_tld4_directed(gen_ctx *g)
{
    static const int dims[4] = {TX_DIM_2D, TX_DIM_A2D, TX_DIM_CUBE, TX_DIM_ACUBE};
    char id[64], desc[200];
    int idx = 0;
    for (int di = 0; di < 4; di++)
        for (int fc = 0; fc < GEN_FC_COUNT; fc++) {
            tex_cfg t;
            tx_tsc smp[NSMP];
            step_cfg st[MAX_STEPS];
            uint32_t preds[7];
            int dim = dims[di], cube = dim >= TX_DIM_CUBE;
            memset(&t, 0, sizeof t);
            t.dim = dim;
            t.fc = fc;
            t.w = cube ? 5 + 3 * (fc & 1) : 7 + (fc & 3);
            t.h = cube ? t.w : 5 + (fc % 3);
            t.layers = (dim & 1) ? 3 : 1;
            t.levels = 3;
            t.first = fc % 3 == 1;          /* a view that starts at level 1 */
            t.bh = fc % 3;
            for (int i = 0; i < NSMP; i++) {
                random_tsc(g, &smp[i]);
                /* every address mode on both axes over the suite */
                smp[i].address_u = (uint8_t)((idx + 3 * i) & 7);
                smp[i].address_v = (uint8_t)((idx + 5 * i + 1) & 7);
            }
            random_preds(g, preds);
            /* Step k: component k & 3; .AOFFI (not on cubes) and .DC by
             * the bits of k; TLD4S on 2D for the odd steps of the second
             * half; .B, masks, Ps, guards, phases and .NDV/.NODEP spread
             * over the steps. */
            for (int k = 0; k < MAX_STEPS; k++) {
                step_cfg *s = &st[k];
                memset(s, 0, sizeof *s);
                s->comp = k & 3;
                s->aoffi = !cube && ((k >> 2) & 1);
                s->dc = (k >> 3) & 1;
                s->s = dim == TX_DIM_2D && ((k & 1) || k >= 12) && k != 10;
                s->smp = k & 1;
                s->phase = k % 3;
                s->guard = k == 5 ? 2 : 7;
                s->guard_neg = k == 5 && (fc & 1);
                s->edges = k < 12 ? 60 : 0;
                s->special = k == 13 ? 25 : 0;
                s->nodep = k == 6;
                if (s->s) {
                    s->f16 = (k >> 1) & 1;
                } else {
                    static const int masks[4] = {0xf, 0x5, 0x8, 0xe};
                    s->bindless = (k % 5) == 2 || k == 10;
                    s->bad_handle = k == 10 && (fc & 1);
                    s->ndv = k == 7;
                    s->ps = k == 9 ? 4 : 7;
                    s->wmask = masks[(k >> 2) & 3];
                }
                s->ps = s->s ? 7 : s->ps;
                if (!s->s && !cube && (k == 4 || k == 5 || k == 13)) {
                    s->ptp = 1;       /* per-texel offsets instead of AOFFI */
                    s->aoffi = 0;
                }
                place_dest(g, s);
                if (s->s && k == 15)
                    s->rd1 = 255;
            }
            snprintf(id, sizeof id, "tld4-dir-%d", idx++);
            snprintf(desc, sizeof desc, "TLD4/TLD4S on %s %dx%d %s, view from level %d: "
                     "components, AOFFI, DC, B, TLD4S, masks, edges",
                     dim == TX_DIM_2D ? "2D" : dim == TX_DIM_A2D ? "ARRAY_2D"
                     : dim == TX_DIM_CUBE ? "CUBE" : "ARRAY_CUBE",
                     t.w, t.h, gen_fclasses[fc].name, t.first);
            if (emit(g, id, desc, &t, smp, st, MAX_STEPS, preds) < 0)
                return -1;
        }
    return 0;
}

int gen_tld4_random(gen_ctx *g)
{
    static const int dims[4] = {TX_DIM_2D, TX_DIM_A2D, TX_DIM_CUBE, TX_DIM_ACUBE};
    int n = gen_count(g, 40);
    char id[64];
    for (int i = 0; i < n; i++) {
        tex_cfg t;
        tx_tsc smp[NSMP];
        step_cfg st[MAX_STEPS];
        uint32_t preds[7];
        /* 2D twice as often: TLD4S is 2D only */
        int dim = dims[gen_rn(g, 6) % 4];
        random_tex(g, &t, dim, (int)gen_rn(g, GEN_FC_COUNT));
        for (int k = 0; k < NSMP; k++)
            random_tsc(g, &smp[k]);
        random_preds(g, preds);
        int nsteps = 8 + (int)gen_rn(g, MAX_STEPS - 7);
        for (int k = 0; k < nsteps; k++)
            random_step(g, &t, &st[k]);
        snprintf(id, sizeof id, "tld4-rand-%d", i);
        if (emit(g, id, "TLD4/TLD4S: constrained-random texture, samplers and forms", &t, smp,
                 st, nsteps, preds) < 0)
            return -1;
    }
    return 0;
}
