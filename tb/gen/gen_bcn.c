/*
 * gen_bcn.c - vector suites of the block-compressed formats (docs/formats.md
 * section 9): TLDS and TEX on DXT1/23/45, DXN1/2 (UNORM, SNORM), ETC2 RGB,
 * PTA, RGBA and EAC/EACX2 (UNORM, SNORM), with and without sRGB.
 *
 * bcn-directed: per format one vector whose TLDS steps read every texel of
 * every level (so every texel position of every block), then TEX point,
 * bilinear and trilinear steps whose footprints straddle block edges, wrap
 * and border.  bcn-random: random formats, sizes (not multiples of 4),
 * layouts, samplers and instructions.  bcn-cube: seamless cube maps
 * (docs/filtering.md section 15) on block formats, every lane on an edge or
 * a corner of a face.  Block contents are random bytes, which reach every
 * mode of every format (BC1 three- and four-colour, ETC2 individual,
 * differential, T, H and planar, punch-through).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcn.h"
#include "gen.h"
#include "layout.h"
#include "stages.h"

#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull
#define TEX_BASE 0x1000000ull
#define HDR 1
#define NSMP 4
#define MAX_STEPS 28

/* A block format with its signedness and sRGB choice. */
typedef struct bcn_fmt {
    const char *name;
    uint8_t comps, sign, srgb;
} bcn_fmt;

static const bcn_fmt fmts[] = {
    {"dxt1", TX_FMT_DXT1, 0, 0},          {"dxt1-srgb", TX_FMT_DXT1, 0, 1},
    {"dxt23", TX_FMT_DXT23, 0, 0},        {"dxt45", TX_FMT_DXT45, 0, 0},
    {"dxt45-srgb", TX_FMT_DXT45, 0, 1},   {"dxn1-unorm", TX_FMT_DXN1, 0, 0},
    {"dxn1-snorm", TX_FMT_DXN1, 1, 0},    {"dxn2-unorm", TX_FMT_DXN2, 0, 0},
    {"dxn2-snorm", TX_FMT_DXN2, 1, 0},    {"etc2-rgb", TX_FMT_ETC2_RGB, 0, 0},
    {"etc2-rgb-pta", TX_FMT_ETC2_RGB_PTA, 0, 0}, {"etc2-rgba", TX_FMT_ETC2_RGBA, 0, 0},
    {"etc2-rgba-srgb", TX_FMT_ETC2_RGBA, 0, 1},  {"eac-unorm", TX_FMT_EAC, 0, 0},
    {"eac-snorm", TX_FMT_EAC, 1, 0},      {"eacx2-unorm", TX_FMT_EACX2, 0, 0},
    {"eacx2-snorm", TX_FMT_EACX2, 1, 0},
};
#define NFMT ((int)(sizeof fmts / sizeof fmts[0]))

typedef struct tex_cfg {
    int fmt;             /* index into fmts */
    int w, h, levels;
    int pitch;           /* pitch layout (one level) */
    int bh;              /* gobs_per_block_height */
    int cube;            /* a cube map: six w x w faces */
} tex_cfg;

static void tic_of(const tex_cfg *c, tx_tic *t)
{
    const bcn_fmt *f = &fmts[c->fmt];
    memset(t, 0, sizeof *t);
    t->components = f->comps;
    for (int i = 0; i < 4; i++)
        t->dtype[i] = f->sign ? TX_DT_SNORM : TX_DT_UNORM;
    t->swz[0] = TX_SWZ_R;
    t->swz[1] = TX_SWZ_G;
    t->swz[2] = TX_SWZ_B;
    t->swz[3] = TX_SWZ_A;
    t->srgb = f->srgb;
    t->address = TEX_BASE;
    t->version = c->pitch ? TX_TIC_PITCH : TX_TIC_BLOCKLINEAR;
    if (c->pitch)
        t->pitch = (uint32_t)((((c->w + 3) / 4) * tx_fmt_bytes(f->comps) + 31) & ~31);
    else
        t->gobs_per_block_height = (uint8_t)c->bh;
    t->width_minus_one = (uint32_t)c->w - 1;
    t->height_minus_one = (uint16_t)(c->h - 1);
    t->texture_type = c->cube ? TX_TEX_CUBEMAP : TX_TEX_2D;
    t->normalized_coords = 1;
    t->max_mip_level = (uint8_t)(c->levels - 1);
    t->res_view_max_mip_level = (uint8_t)(c->levels - 1);
}

/* Header HDR and one random block per block position of every level (and
 * face). */
static int add_texture(gen_ctx *g, json_object *v, const tex_cfg *c)
{
    tx_tic t;
    tx_layout L;
    tic_of(c, &t);
    if (gen_texture_header(v, HDR, &t, &L, "gen_bcn") != 0)
        return -1;
    uint64_t end = 0;
    for (unsigned l = 0; l <= L.last_level; l++)
        for (uint32_t la = 0; la < L.layers; la++)
            for (uint32_t y = 0; y < L.lv[l].h; y += 4)
                for (uint32_t x = 0; x < L.lv[l].w; x += 4) {
                    uint64_t a;
                    if (tx_addr_texel(&L, l, x, y, 0, la, 0, &a) == 0 && a + L.bpp > end)
                        end = a + L.bpp;
                }
    size_t n = (size_t)(end - L.base);
    uint8_t *buf = calloc(n ? n : 1, 1);
    if (!buf)
        return -1;
    for (unsigned l = 0; l <= L.last_level; l++)
        for (uint32_t la = 0; la < L.layers; la++)
            for (uint32_t y = 0; y < L.lv[l].h; y += 4)
                for (uint32_t x = 0; x < L.lv[l].w; x += 4) {
                    uint64_t a;
                    if (tx_addr_texel(&L, l, x, y, 0, la, 0, &a) == 0)
                        for (uint32_t b = 0; b < L.bpp; b++)
                            buf[a - L.base + b] = (uint8_t)gen_rand(g);
                }
    gen_memory_runs(v, L.base, buf, n);
    free(buf);
    return 0;
}

/* Sampler k: 0 point, 1 bilinear, 2 trilinear, 3 bilinear with borders. */
static void sampler(gen_ctx *g, int k, int random, tx_tsc *s)
{
    memset(s, 0, sizeof *s);
    int filt = k == 3 ? 1 : k;
    s->mag_filter = s->min_filter = filt ? 2 : 1;
    s->mip_filter = filt == 2 ? 3 : filt == 1 ? 2 : 1;
    s->max_lod_clamp = 0xfff;
    s->srgb_conversion = 1;
    s->address_u = s->address_v = k == 3 ? 3 : 0;   /* BORDER or WRAP */
    if (random) {
        s->address_u = (uint8_t)gen_rn(g, 8);
        s->address_v = (uint8_t)gen_rn(g, 8);
    }
    s->srgb_border_r = (uint8_t)gen_rn(g, 256);
    s->srgb_border_g = (uint8_t)gen_rn(g, 256);
    s->srgb_border_b = (uint8_t)gen_rn(g, 256);
    for (int i = 0; i < 4; i++)
        s->border[i] = gen_fbits((float)(gen_rn(g, 9) / 8.0));
}

/* Sampler k of a cube map (bcn-cube): 0 bilinear and 1 trilinear with
 * CUBEMAP_INTERFACE_FILTERING AUTO_SPAN_SEAM (2), 2 bilinear with
 * AUTO_CROSS_SEAM (3) and MIN reduction, 3 bilinear with USE_WRAP (0), the
 * control: its faces clamp. */
static void cube_sampler(gen_ctx *g, int k, tx_tsc *s)
{
    sampler(g, k == 1 ? 2 : 1, 0, s);
    s->address_u = s->address_v = s->address_p = 2;     /* CLAMP_TO_EDGE */
    s->cubemap_interface_filtering = (uint8_t)(k == 3 ? 0 : k == 2 ? 3 : 2);
    s->reduction_filter = (uint8_t)(k == 2 ? 1 : 0);
}

/* A step: TLDS.LL (kind 0) or TEX (2D, or CUBE when cube) with sampler smp
 * and LOD mode lod. */
typedef struct step {
    int tlds, smp, lod, cube;
    uint32_t a[8][32];   /* Ra group slots 0-3, Rb group 4-7 */
} step;

static void tlds_step(step *s, const uint32_t x[32], const uint32_t y[32], uint32_t lod)
{
    memset(s, 0, sizeof *s);
    s->tlds = 1;
    for (int l = 0; l < 32; l++) {
        s->a[0][l] = x[l];
        s->a[1][l] = y[l];
        s->a[4][l] = lod;
    }
}

/* TEX 2D (r == NULL) or CUBE: the coordinates and the .LL operand of each
 * lane in the slots of the form (tx_tex_slots_of). */
static void tex_step_dim(step *s, int smp, int lod, const float *u, const float *v,
                         const float *r, const float *ll)
{
    tx_insn in;
    tx_tex_slots sl;
    memset(s, 0, sizeof *s);
    memset(&in, 0, sizeof in);
    s->smp = smp;
    s->lod = lod;
    s->cube = r != NULL;
    in.u.tex.lod = (uint8_t)lod;
    in.u.tex.dim = r ? TX_DIM_CUBE : TX_DIM_2D;
    tx_tex_slots_of(&in, &sl);
    for (int l = 0; l < 32; l++) {
        s->a[sl.coord[0]][l] = gen_fbits(u[l]);
        s->a[sl.coord[1]][l] = gen_fbits(v[l]);
        if (r)
            s->a[sl.coord[2]][l] = gen_fbits(r[l]);
        if (sl.lod >= 0)
            s->a[sl.lod][l] = gen_fbits(ll[l]);
    }
}

/* TEX 2D: s, t per lane; one .LL operand for every lane. */
static void tex_step(step *s, int smp, int lod, const float *u, const float *v, float ll)
{
    float lls[32];
    for (int l = 0; l < 32; l++)
        lls[l] = ll;
    tex_step_dim(s, smp, lod, u, v, NULL, lls);
}

static void emit_steps(json_object *v, const step *st, int n)
{
    for (int k = 0; k < n; k++)
        for (int i = 0; i < 8; i++)
            gen_reg(v, 16 + 8 * k + i, st[k].a[i]);
    for (int k = 0; k < n; k++) {
        const step *s = &st[k];
        const char *dim = s->cube ? "CUBE" : "2D";
        if (s->tlds)
            gen_stepf(v, "TLDS.LL R0, R2, R%d, R%d, 0x0, 2D, RGBA", 16 + 8 * k, 20 + 8 * k);
        else if (s->lod == TX_LOD_LL)
            gen_stepf(v, "TEX.LL R0, R%d, R%d, 0x%x, %s, 0xf", 16 + 8 * k, 20 + 8 * k, s->smp,
                      dim);
        else if (s->lod == TX_LOD_LZ)
            gen_stepf(v, "TEX.LZ R0, R%d, 0x%x, %s, 0xf", 16 + 8 * k, s->smp, dim);
        else
            gen_stepf(v, "TEX R0, R%d, 0x%x, %s, 0xf", 16 + 8 * k, s->smp, dim);
    }
}

static json_object *new_vector(gen_ctx *g, const char *id, const char *desc, const tex_cfg *c,
                               int random_smp)
{
    json_object *v = gen_vector(g, id, desc), *o;
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(TIC_BASE));
    gen_set(o, "max", json_object_new_int(HDR));
    gen_set(v, "tic", o);
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(TSC_BASE));
    gen_set(o, "max", json_object_new_int(NSMP - 1));
    gen_set(v, "tsc", o);
    if (add_texture(g, v, c) < 0)
        return NULL;
    for (int k = 0; k < NSMP; k++) {
        tx_tsc s;
        uint32_t w[8];
        if (c->cube)
            cube_sampler(g, k, &s);
        else
            sampler(g, k, random_smp, &s);
        tx_tsc_pack(&s, w);
        gen_desc_words(v, "samplers", k, w);
        gen_cbank(v, 4u * (uint32_t)k, (uint32_t)k << 20 | HDR);
    }
    return v;
}

/* Quad footprints: each quad a centre (in texels of level 0) and a pixel
 * step of 2^scale texels, so the implicit LOD takes every level. */
static void quad_coords(gen_ctx *g, const tex_cfg *c, double lo, double hi, int scale_lo,
                        int scale_hi, float u[32], float v[32])
{
    for (int q = 0; q < 8; q++) {
        double cu = gen_frnd(g, lo, hi), cv = gen_frnd(g, lo, hi);
        double d = ldexp(1.0, scale_lo + (int)gen_rn(g, (uint32_t)(scale_hi - scale_lo + 1)));
        d *= gen_frnd(g, 0.6, 1.4);
        for (int l = 0; l < 4; l++) {
            u[4 * q + l] = (float)((cu * c->w + (l & 1) * d) / c->w);
            v[4 * q + l] = (float)((cv * c->h + (l >> 1) * d) / c->h);
        }
    }
}

int gen_bcn_directed(gen_ctx *g)
{
    static const int sizes[][2] = {{22, 14}, {13, 10}, {16, 8}, {9, 17}};
    for (int f = 0; f < NFMT; f++) {
        tex_cfg c = {f, sizes[f % 4][0], sizes[f % 4][1], 3, 0, 1, 0};
        if (f % 5 == 4) {       /* some pitch textures (one level) */
            c.pitch = 1;
            c.levels = 1;
        }
        char id[64], desc[200];
        snprintf(id, sizeof id, "bcn-%s", fmts[f].name);
        snprintf(desc, sizeof desc, "%s %dx%d %s, %d level(s): TLDS of every texel, TEX point, "
                 "bilinear across block edges, trilinear, borders", fmts[f].name, c.w, c.h,
                 c.pitch ? "pitch" : "block-linear", c.levels);
        json_object *v = new_vector(g, id, desc, &c, 0);
        if (!v)
            return -1;

        step st[MAX_STEPS];
        int n = 0;
        /* TLDS: every texel of every level, 32 at a time, plus a few out
         * of bounds (x = w, y = h) at the end. */
        for (int l = 0; l < c.levels; l++) {
            uint32_t w = (uint32_t)c.w >> l ? (uint32_t)c.w >> l : 1;
            uint32_t h = (uint32_t)c.h >> l ? (uint32_t)c.h >> l : 1;
            uint32_t total = w * h + 2;
            for (uint32_t base = 0; base < total && n < MAX_STEPS - 8; base += 32) {
                uint32_t x[32], y[32];
                for (uint32_t k = 0; k < 32; k++) {
                    uint32_t i = (base + k) % total;
                    x[k] = i < w * h ? i % w : (i == w * h ? w : 0);
                    y[k] = i < w * h ? i / w : (i == w * h ? 0 : h);
                }
                tlds_step(&st[n++], x, y, (uint32_t)l);
            }
        }
        /* TEX: point and bilinear at level 0 on block edges (coordinates
         * around multiples of 4 texels), bilinear with borders, trilinear
         * with implicit LOD, .LL bilinear at level 1. */
        float u[32], vv[32];
        for (int k = 0; k < 2; k++) {
            for (int l = 0; l < 32; l++) {
                int bx = (int)gen_rn(g, (uint32_t)(c.w / 4 + 2)), by = (int)gen_rn(g, (uint32_t)(c.h / 4 + 2));
                u[l] = (float)((4.0 * bx + gen_frnd(g, -1.0, 1.0)) / c.w);
                vv[l] = (float)((4.0 * by + gen_frnd(g, -1.0, 1.0)) / c.h);
            }
            tex_step(&st[n++], k, TX_LOD_LZ, u, vv, 0);
        }
        for (int l = 0; l < 32; l++) {
            u[l] = (float)gen_frnd(g, -0.2, 1.2);
            vv[l] = (float)gen_frnd(g, -0.2, 1.2);
        }
        tex_step(&st[n++], 3, TX_LOD_LZ, u, vv, 0);
        tex_step(&st[n++], 1, TX_LOD_LZ, u, vv, 0);
        for (int k = 0; k < 2; k++) {
            quad_coords(g, &c, 0.0, 1.0, -1, 2, u, vv);
            tex_step(&st[n++], 2, TX_LOD_NONE, u, vv, 0);
        }
        quad_coords(g, &c, 0.0, 1.0, -1, 1, u, vv);
        tex_step(&st[n++], 1, TX_LOD_LL, u, vv, 1.0f);
        emit_steps(v, st, n);
    }
    return 0;
}

int gen_bcn_random(gen_ctx *g)
{
    int count = gen_count(g, 30);
    for (int i = 0; i < count; i++) {
        tex_cfg c = {0};
        c.fmt = (int)gen_rn(g, NFMT);
        c.w = 1 + (int)gen_rn(g, 40);
        c.h = 1 + (int)gen_rn(g, 24);
        c.pitch = gen_pct(g, 25);
        c.levels = c.pitch ? 1 : 1 + (int)gen_rn(g, 4);
        c.bh = (int)gen_rn(g, 4);
        char id[64], desc[200];
        snprintf(id, sizeof id, "bcn-random-%d", i);
        snprintf(desc, sizeof desc, "random %s %dx%d %s, %d level(s), random samplers and steps",
                 fmts[c.fmt].name, c.w, c.h, c.pitch ? "pitch" : "block-linear", c.levels);
        json_object *v = new_vector(g, id, desc, &c, 1);
        if (!v)
            return -1;
        step st[MAX_STEPS];
        int n = 12 + (int)gen_rn(g, 8);
        for (int k = 0; k < n; k++) {
            if (gen_pct(g, 30)) {
                uint32_t x[32], y[32];
                for (int l = 0; l < 32; l++) {
                    x[l] = gen_rn(g, (uint32_t)c.w + 2);
                    y[l] = gen_rn(g, (uint32_t)c.h + 2);
                }
                tlds_step(&st[k], x, y, gen_rn(g, (uint32_t)c.levels + 1));
            } else {
                float u[32], vv[32];
                static const int lods[3] = {TX_LOD_NONE, TX_LOD_LZ, TX_LOD_LL};
                quad_coords(g, &c, -0.3, 1.3, -2, 3, u, vv);
                tex_step(&st[k], (int)gen_rn(g, NSMP), lods[gen_rn(g, 3)], u, vv,
                         (float)gen_frnd(g, -0.5, c.levels));
            }
        }
        emit_steps(v, st, n);
        if (gen_flush(g) < 0)
            return -1;
    }
    return 0;
}

/* bcn-cube: per format one cube map whose lanes all lie on an edge or a
 * corner of a face, so that every bilinear footprint crosses onto a
 * neighbouring face (docs/filtering.md section 15), with the samplers of
 * cube_sampler.  Eight steps walk the 48
 * targets (4 edges and 4 corners of each face) with 32 lanes each, at level
 * 0 (.LZ) or at a random level (.LL, the face size of that level decides
 * how close to the edge the lane lies). */
int gen_bcn_cube(gen_ctx *g)
{
    static const int fmt_of[] = {0, 4, 8, 11, 14, 10};   /* indices into fmts */
    static const int sizes[] = {4, 5, 8, 6, 3, 12};
    for (int i = 0; i < (int)(sizeof fmt_of / sizeof fmt_of[0]); i++) {
        tex_cfg c = {fmt_of[i], sizes[i], sizes[i], 1, 0, i % 3, 1};
        while ((c.w >> c.levels) && c.levels < 3)
            c.levels++;
        char id[64], desc[200];
        snprintf(id, sizeof id, "bcn-cube-%s", fmts[c.fmt].name);
        snprintf(desc, sizeof desc, "%s cube map, %dx%d faces, %d level(s): every edge and corner "
                 "of every face, seamless codes 2 and 3 (with MIN reduction) and 0",
                 fmts[c.fmt].name, c.w, c.w, c.levels);
        json_object *v = new_vector(g, id, desc, &c, 0);
        if (!v)
            return -1;
        step st[8];
        for (int k = 0; k < 8; k++) {
            int smp = k < 2 ? 0 : k < 4 ? 1 : k < 6 ? 2 : k == 6 ? 0 : 3;
            int lod = k % 2 ? TX_LOD_LL : TX_LOD_LZ;
            float x[32], y[32], z[32], ll[32];
            for (int l = 0; l < 32; l++) {
                int lvl = lod == TX_LOD_LZ ? 0 : (int)gen_rn(g, (uint32_t)c.levels);
                double d[3];
                gen_cube_target(g, (32 * k + l) % 48, c.w >> lvl, d);
                x[l] = (float)d[0];
                y[l] = (float)d[1];
                z[l] = (float)d[2];
                ll[l] = (float)(lvl + gen_frnd(g, 0, 0.98));
            }
            tex_step_dim(&st[k], smp, lod, x, y, z, ll);
        }
        emit_steps(v, st, 8);
        if (gen_flush(g) < 0)
            return -1;
    }
    return 0;
}

/* ---- bcn-types: block formats on every texture type ---------------------
 *
 * Every block format (the 17 rows of fmts, BC6H UF16 and SF16, BC7) on 1D,
 * 1D_ARRAY, 2D_ARRAY, 3D and CUBEMAP_ARRAY textures, block-linear, and some
 * of them (every BPTC one) on 2D_NO_MIPMAP and CUBEMAP.  The 3D
 * textures have a GOB block of one or two slices in depth and a height that
 * is not a multiple of 4, so that a slice past the first block in depth is
 * addressed across whole rows of partial blocks (docs/layouts.md section
 * 9).  Per vector: TLDS of every texel of level 0 where a TLDS form exists
 * (1D.LL, 2D.LL, 3D.LZ, ARRAY_2D.LZ), then TEX point, bilinear across block edges
 * and trilinear with implicit LOD in the texture's own dimension. */

/* The formats: fmts rows, then the BPTC ones (COMPONENTS codes of
 * clb197tex.h; BC6H reads FLOAT halves). */
typedef struct any_fmt {
    const char *name;
    uint8_t comps, dtype, srgb;
} any_fmt;

static int any_fmt_of(int i, any_fmt *f)
{
    static const any_fmt bptc[3] = {{"bc6h-uf16", 0x11, TX_DT_FLOAT, 0},
                                    {"bc6h-sf16", 0x10, TX_DT_FLOAT, 0},
                                    {"bc7", 0x17, TX_DT_UNORM, 0}};
    if (i < NFMT) {
        f->name = fmts[i].name;
        f->comps = fmts[i].comps;
        f->dtype = fmts[i].sign ? TX_DT_SNORM : TX_DT_UNORM;
        f->srgb = fmts[i].srgb;
        return 0;
    }
    if (i < NFMT + 3) {
        *f = bptc[i - NFMT];
        return 0;
    }
    return -1;
}

typedef struct type_cfg {
    int type, dim;          /* enum tx_tic_type, TEX #paramA */
    int w, h, d;            /* d: depth (3D), layers (arrays), cubes (cube arrays) */
    int levels, bh, bd;
} type_cfg;

/* Header and every block of every level, layer and slice (random bytes). */
static int add_typed_texture(gen_ctx *g, json_object *v, const any_fmt *f, const type_cfg *c,
                             tx_layout *L)
{
    tx_tic t;
    memset(&t, 0, sizeof t);
    t.components = f->comps;
    for (int i = 0; i < 4; i++)
        t.dtype[i] = f->dtype;
    t.swz[0] = TX_SWZ_R;
    t.swz[1] = TX_SWZ_G;
    t.swz[2] = TX_SWZ_B;
    t.swz[3] = TX_SWZ_A;
    t.srgb = f->srgb;
    t.address = TEX_BASE;
    t.version = TX_TIC_BLOCKLINEAR;
    t.gobs_per_block_height = (uint8_t)c->bh;
    t.gobs_per_block_depth = (uint8_t)c->bd;
    t.width_minus_one = (uint32_t)c->w - 1;
    t.height_minus_one = (uint16_t)(c->h - 1);
    t.depth_minus_one = (uint16_t)(c->d - 1);
    t.texture_type = (uint8_t)c->type;
    t.normalized_coords = 1;
    t.max_mip_level = (uint8_t)(c->levels - 1);
    t.res_view_max_mip_level = (uint8_t)(c->levels - 1);
    if (gen_texture_header(v, HDR, &t, L, "gen_bcn") != 0)
        return -1;
    uint64_t end = 0;
    for (int pass = 0; pass < 2; pass++) {
        uint8_t *buf = NULL;
        size_t n = (size_t)(end - L->base);
        if (pass == 1 && !(buf = calloc(n ? n : 1, 1)))
            return -1;
        for (unsigned l = 0; l <= L->last_level; l++)
            for (uint32_t la = 0; la < L->layers; la++)
                for (uint32_t z = 0; z < L->lv[l].d; z++)
                    for (uint32_t y = 0; y < L->lv[l].h; y += 4)
                        for (uint32_t x = 0; x < L->lv[l].w; x += 4) {
                            uint64_t a;
                            if (tx_addr_texel(L, l, x, y, z, la, 0, &a) != 0)
                                continue;
                            if (pass == 0 && a + L->bpp > end)
                                end = a + L->bpp;
                            for (uint32_t b = 0; pass == 1 && b < L->bpp; b++)
                                buf[a - L->base + b] = (uint8_t)gen_rand(g);
                        }
        if (pass == 1) {
            gen_memory_runs(v, L->base, buf, n);
            free(buf);
        }
    }
    return 0;
}

/* A TEX step in dimension dim: per lane coordinates c[0..2] (normalised, or
 * a direction for cubes), array index, .LL operand. */
static void typed_tex(json_object *v, int k, int dim, int smp, int lod, float c[3][32],
                      const uint32_t *layer, float ll)
{
    static const char *const dn[8] = {"1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "ARRAY_3D",
                                      "CUBE", "ARRAY_CUBE"};
    tx_insn in;
    tx_tex_slots sl;
    uint32_t a[8][32];
    memset(&in, 0, sizeof in);
    memset(a, 0, sizeof a);
    in.u.tex.lod = (uint8_t)lod;
    in.u.tex.dim = (uint8_t)dim;
    tx_tex_slots_of(&in, &sl);
    int nc = (dim >> 1) == 3 ? 3 : (dim >> 1) + 1;
    for (int l = 0; l < 32; l++) {
        for (int i = 0; i < nc; i++)
            a[sl.coord[i]][l] = gen_fbits(c[i][l]);
        if (sl.array >= 0)
            a[sl.array][l] = layer[l];
        if (sl.lod >= 0)
            a[sl.lod][l] = gen_fbits(ll);
    }
    int r = 16 + 8 * k;
    for (int i = 0; i < 8; i++)
        gen_reg(v, r + i, a[i]);
    if (lod == TX_LOD_LL)
        gen_stepf(v, "TEX.LL R0, R%d, R%d, 0x%x, %s, 0xf", r, r + 4, smp, dn[dim]);
    else if (lod == TX_LOD_LZ)
        gen_stepf(v, "TEX.LZ R0, R%d, 0x%x, %s, 0xf", r, smp, dn[dim]);
    else
        gen_stepf(v, "TEX R0, R%d, 0x%x, %s, 0xf", r, smp, dn[dim]);
}

int gen_bcn_types(gen_ctx *g)
{
    static const type_cfg types[7] = {
        {TX_TEX_1D, TX_DIM_1D, 22, 1, 1, 3, 0, 0},
        {TX_TEX_1D_ARRAY, TX_DIM_A1D, 13, 1, 3, 2, 0, 0},
        {TX_TEX_2D_ARRAY, TX_DIM_A2D, 10, 7, 3, 2, 1, 0},
        {TX_TEX_3D, TX_DIM_3D, 9, 10, 5, 2, 0, 0},
        {TX_TEX_CUBEMAP_ARRAY, TX_DIM_ACUBE, 6, 6, 2, 2, 0, 0},
        {TX_TEX_2D_NO_MIPMAP, TX_DIM_2D, 11, 9, 1, 1, 1, 0},
        {TX_TEX_CUBEMAP, TX_DIM_CUBE, 5, 5, 1, 2, 0, 0},
    };
    static const char *const tn[7] = {"1d", "1d-array", "2d-array", "3d", "cube-array",
                                      "2d-no-mipmap", "cube"};
    any_fmt f;
    for (int ti = 0; ti < 7; ti++)
        for (int fi = 0; any_fmt_of(fi, &f) == 0; fi++) {
            type_cfg c = types[ti];
            /* 2D_NO_MIPMAP and CUBEMAP (which bcn-directed and bcn-cube
             * read for the BC1-BC5 and ETC2 rows): five of those rows and
             * the BPTC formats. */
            if (ti >= 5 && fi < NFMT && fi % 4)
                continue;
            /* Sizes and GOB blocks turn with the format: 3D heights 10, 7,
             * 5 and 6, none a multiple of 4 (the last block row holds 2, 3,
             * 1 and 2 texel rows), with one or two slices per GOB block. */
            if (c.type == TX_TEX_3D) {
                static const int hs[4] = {10, 7, 5, 6};
                c.h = hs[fi % 4];
                c.w = 5 + fi % 7;
                c.d = 3 + fi % 3;
                c.bd = fi % 2;
                c.bh = (fi / 2) % 2;
            } else if (c.type == TX_TEX_2D_ARRAY) {
                c.w = 6 + fi % 9;
                c.h = 3 + fi % 8;
                c.bh = fi % 3;
            } else if (c.type == TX_TEX_CUBEMAP_ARRAY) {
                c.w = c.h = 3 + fi % 6;
            } else {
                c.w = 5 + (fi * 7) % 23;
            }
            char id[64], desc[240];
            snprintf(id, sizeof id, "bcn-%s-%s", tn[ti], f.name);
            snprintf(desc, sizeof desc, "%s %s %dx%dx%d block-linear (GOB block height %d, depth "
                     "%d): TLDS of every texel of level 0 where a TLDS form exists, TEX point, "
                     "bilinear across block edges, trilinear", f.name, tn[ti], c.w, c.h, c.d,
                     1 << c.bh, 1 << c.bd);
            json_object *v = gen_vector(g, id, desc), *o;
            o = json_object_new_object();
            gen_set(o, "base", gen_hex64(TIC_BASE));
            gen_set(o, "max", json_object_new_int(HDR));
            gen_set(v, "tic", o);
            o = json_object_new_object();
            gen_set(o, "base", gen_hex64(TSC_BASE));
            gen_set(o, "max", json_object_new_int(NSMP - 1));
            gen_set(v, "tsc", o);
            tx_layout L;
            if (add_typed_texture(g, v, &f, &c, &L) < 0)
                return -1;
            for (int k = 0; k < NSMP; k++) {
                tx_tsc s;
                uint32_t w[8];
                sampler(g, k, 0, &s);
                if (k == 3)
                    sampler(g, 1, 1, &s);    /* bilinear, random address modes */
                s.address_p = s.address_u;
                tx_tsc_pack(&s, w);
                gen_desc_words(v, "samplers", k, w);
                gen_cbank(v, 4u * (uint32_t)k, (uint32_t)k << 20 | HDR);
            }
            int k = 0;
            /* TLDS of every texel of level 0 (all slices, all layers up to
             * 3), and a few one past the edge. */
            uint32_t zero[32] = {0};
            gen_reg(v, 8, zero);
            if (c.type == TX_TEX_1D || c.type == TX_TEX_3D || c.type == TX_TEX_2D_ARRAY ||
                c.type == TX_TEX_2D_NO_MIPMAP) {
                uint32_t nz = c.type == TX_TEX_3D || c.type == TX_TEX_2D_ARRAY ? (uint32_t)c.d : 1;
                uint32_t total = (uint32_t)(c.w * c.h) * nz;
                for (uint32_t base = 0; base < total; base += 32) {
                    uint32_t x[32], y[32], z[32];
                    for (uint32_t l = 0; l < 32; l++) {
                        uint32_t i = (base + l) % (total + 1);
                        if (i == total) {           /* one past the edge */
                            x[l] = (uint32_t)c.w;
                            y[l] = 0;
                            z[l] = 0;
                            continue;
                        }
                        x[l] = i % (uint32_t)c.w;
                        y[l] = i / (uint32_t)c.w % (uint32_t)c.h;
                        z[l] = i / (uint32_t)(c.w * c.h);
                    }
                    int r = 16 + 8 * k++;
                    if (c.type == TX_TEX_1D) {
                        gen_reg(v, r, x);
                        gen_stepf(v, "TLDS.LL R0, R2, R%d, R8, 0x0, 1D, RGBA", r);
                    } else if (c.type == TX_TEX_2D_NO_MIPMAP) {
                        gen_reg(v, r, x);
                        gen_reg(v, r + 1, y);
                        gen_stepf(v, "TLDS.LL R0, R2, R%d, R8, 0x0, 2D, RGBA", r);
                    } else if (c.type == TX_TEX_3D) {
                        gen_reg(v, r, x);
                        gen_reg(v, r + 1, y);
                        gen_reg(v, r + 4, z);
                        gen_stepf(v, "TLDS.LZ R0, R2, R%d, R%d, 0x0, 3D, RGBA", r, r + 4);
                    } else {
                        gen_reg(v, r, z);
                        gen_reg(v, r + 4, x);
                        gen_reg(v, r + 5, y);
                        gen_stepf(v, "TLDS.LZ R0, R2, R%d, R%d, 0x0, ARRAY_2D, RGBA", r, r + 4);
                    }
                }
            }
            /* TEX: point and bilinear on block edges at level 0, bilinear
             * with random address modes, trilinear from real quads. */
            int cube = c.dim == TX_DIM_ACUBE || c.dim == TX_DIM_CUBE;
            uint32_t layers = cube ? (uint32_t)c.d : (uint32_t)c.d + 1;
            for (int s = 0; s < 5; s++) {
                float co[3][32];
                uint32_t layer[32];
                int smp = s < 2 ? s : s == 2 ? 3 : 2;
                for (int q = 0; q < 8; q++) {
                    double d = s < 3 ? 0 : ldexp(gen_frnd(g, 0.7, 1.3), (int)gen_rn(g, 4) - 1);
                    double ce[3];
                    for (int a = 0; a < 3; a++) {
                        double n = a == 0 ? c.w : a == 1 ? c.h : c.d;
                        ce[a] = s < 2 ? (4.0 * gen_rn(g, (uint32_t)(n / 4 + 2)) + gen_frnd(g, -1, 1)) / n
                                      : gen_frnd(g, -0.2, 1.2);
                        if (a == 2 && c.type == TX_TEX_3D && s < 3)
                            ce[a] = (gen_rn(g, (uint32_t)c.d) + gen_frnd(g, 0.2, 0.8)) / n;
                    }
                    uint32_t la = gen_rn(g, layers);
                    for (int l = 0; l < 4; l++) {
                        int lane = 4 * q + l;
                        for (int a = 0; a < 3; a++) {
                            double n = a == 0 ? c.w : a == 1 ? c.h : c.d;
                            double x = ce[a] + ((a == 0 && (l & 1)) || (a == 1 && (l & 2)) ?
                                                d / n : 0);
                            co[a][lane] = (float)x;
                        }
                        if (cube) {      /* a direction on a random face */
                            int maj = (int)gen_rn(g, 3);
                            for (int a = 0; a < 3; a++)
                                co[a][lane] = (float)(2 * co[a][lane] - 1);
                            co[maj][lane] = gen_rn(g, 2) ? 1.0f : -1.0f;
                        }
                        layer[lane] = s < 2 ? la : gen_rn(g, layers);
                    }
                }
                typed_tex(v, k++, c.dim, smp, s < 3 ? TX_LOD_LZ : s == 3 ? TX_LOD_NONE
                                                      : TX_LOD_LL, co, layer, 0.6f);
            }
            if (gen_flush(g) < 0)
                return -1;
        }
    return 0;
}
