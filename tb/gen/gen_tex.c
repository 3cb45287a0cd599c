/*
 * gen_tex.c - TEX vector suites (docs/generation.md, "TEX suites").
 *
 *   tex-directed  every form x dimension x filter x address mode x class of
 *                 format, LOD modes, clamps, DC functions, borders, sRGB,
 *                 binding forms, masks, write masks, Ps, phase, offsets,
 *                 illegal forms, special coordinates
 *   tex-random    constrained-random instructions, samplers, textures and
 *                 per-quad coordinates with real derivatives (--seed, --count)
 *   tex-seed      the seed's three examples, with the reads and writes their
 *                 operands imply
 *
 * A vector holds one texture, up to 8 samplers and up to 16 steps; step k
 * reads its operands from its own register group (Ra = R16 + 8k, Rb = Ra +
 * 4), so every step of a vector sees the values generated for it.  Texels
 * are placed with the model's layout functions; every texel of every level
 * and layer is written.  Coordinates are made per quad from a centre and
 * two derivative vectors, so the implicit LOD is real.
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

/* ---- random helpers ----------------------------------------------------- */

/* ---- classes of format ----------------------------------------------------- */

enum { FC_UNORM8, FC_SRGB8, FC_SNORM8, FC_565, FC_F32, FC_F16X4, FC_R11G11B10, FC_UINT32,
       FC_SINT16X4, FC_DEPTH32, FC_Z16, FC_COUNT,
       /* Classes only directed suites name (the random ones draw below FC_COUNT). */
       FC_F32X4 = FC_COUNT, FC_ALL };

static const struct fclass {
    const char *name;
    uint8_t comps, dtype, srgb, depth;
} fclasses[FC_ALL] = {
    {"unorm8", TX_FMT_A8B8G8R8, TX_DT_UNORM, 0, 0},
    {"srgb8", TX_FMT_A8B8G8R8, TX_DT_UNORM, 1, 0},
    {"snorm8", TX_FMT_A8B8G8R8, TX_DT_SNORM, 0, 0},
    {"b5g6r5", TX_FMT_B5G6R5, TX_DT_UNORM, 0, 0},
    {"r32f", TX_FMT_R32, TX_DT_FLOAT, 0, 0},
    {"rgba16f", TX_FMT_R16G16B16A16, TX_DT_FLOAT, 0, 0},
    {"r11g11b10f", TX_FMT_BF10GF11RF11, TX_DT_FLOAT, 0, 0},
    {"r32ui", TX_FMT_R32, TX_DT_UINT, 0, 0},
    {"rgba16i", TX_FMT_R16G16B16A16, TX_DT_SINT, 0, 0},
    {"zf32", TX_FMT_ZF32, TX_DT_FLOAT, 0, 1},
    {"z16", TX_FMT_Z16, TX_DT_UNORM, 0, 1},
    {"rgba32f", TX_FMT_R32G32B32A32, TX_DT_FLOAT, 0, 0},
};

/* ---- what a vector holds ------------------------------------------------------- */

typedef struct tex_cfg {
    int type;            /* enum tx_tic_type */
    int fc;              /* FC_* */
    int w, h, d;         /* d: depth (3D), layers (arrays), cubes (cube arrays) */
    int levels, first;   /* levels in memory; the view starts at first */
    int pitch;           /* pitch layout (2D, one level) */
    int unnormalized;    /* header NORMALIZED_COORDS = 0 */
    int hdr_min_lod, uhoc, hdr_bias;
    int sparse;          /* texel pages are 1 sparse, 2 unmapped */
    int bh;              /* gobs_per_block_height (log2) */
    int hdr_aniso;       /* header MAX_ANISOTROPY (used with uhoc) */
    int specials;        /* float texels: 1 mostly +-Inf, NaN and huge values of both
                          * signs; 2 mostly -0.0, with +0.0 and denormals of both
                          * signs; 3 -0.0 only */
} tex_cfg;

typedef struct step_cfg {
    int bindless, lod, lc, aoffi, dc, ndv, nodep, phase, ps, dim, wmask, rd;
    int smp;             /* sampler index used (handle word = smp) */
    int tidsmp;          /* write the #tid, #smp form */
    int guard, guard_neg;
    int lod_lo, lod_hi;  /* LOD operand range (levels) */
    int deriv_lo, deriv_hi; /* log2 footprint range (texels per pixel) */
    int special;         /* percent of lanes with special coordinates */
    int edges;           /* coordinates on texel edges and [0, 1] ends */
    int stretch;         /* > 0: an anisotropic footprint, major / minor = stretch */
    int mixed_handles;   /* .B: handles differ per lane */
    /* Seamless cube maps (section 15): 1 places each lane on an edge or
     * corner of a face, target seam_base + lane in turn (cube_target); 2
     * does so for a random 70 % of the lanes. */
    int seam, seam_base;
    /* > 0: each lane's LOD operand (.LB/.LL/.LBA/.LLA) is the quad's plus a
     * uniform offset in [-lane_lod, lane_lod] levels, so the lanes of a quad
     * disagree (some magnify, some minify). */
    double lane_lod;
    /* With lane_lod: 0 draws each lane's offset; 1 gives +lane_lod to one
     * lane of each quad (quad q: lane (q + lane_lead_at) mod 4) and
     * -lane_lod to the others, so that every lane leads some quad alone. */
    int lane_lead, lane_lead_at;
} step_cfg;

#define MAX_STEPS 16
#define MAX_SMP 8
#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull
#define TEX_BASE 0x1000000ull
#define HDR_INDEX 3

static const char *const dim_text[8] = {"1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "ARRAY_3D",
                                        "CUBE", "ARRAY_CUBE"};
static const char *const lod_text[8] = {"", ".LZ", ".LB", ".LL", "", "", ".LBA", ".LLA"};

static int type_of_dim(int dim)
{
    static const int t[8] = {TX_TEX_1D, TX_TEX_1D_ARRAY, TX_TEX_2D, TX_TEX_2D_ARRAY, TX_TEX_3D,
                             TX_TEX_3D, TX_TEX_CUBEMAP, TX_TEX_CUBEMAP_ARRAY};
    return t[dim & 7];
}

static void default_tex(tex_cfg *t, int dim, int fc)
{
    memset(t, 0, sizeof *t);
    t->type = type_of_dim(dim);
    t->fc = fc;
    t->w = 8;
    t->h = dim <= TX_DIM_A1D ? 1 : 8;
    t->d = dim == TX_DIM_3D ? 4 : (dim & 1) ? 3 : 1;
    t->levels = 4;
}

static void default_step(step_cfg *s, int dim)
{
    memset(s, 0, sizeof *s);
    s->dim = dim;
    s->wmask = 0xf;
    s->ps = 7;
    s->guard = 7;
    s->lod_lo = -1;
    s->lod_hi = 4;
    s->deriv_lo = -2;
    s->deriv_hi = 4;
}

/* ---- header, sampler, texels ------------------------------------------------- */

/* One texel's bytes for a class of format: random codes, floats mostly in
 * a useful range with a few NaN, Inf and denormal patterns. */
/* A binary32 component of a texture of specials: +-Inf, NaN, the largest
 * finite values and values near them, of either sign, and ordinary ones. */
static uint32_t special_f32(gen_ctx *g, int mode)
{
    /* Signed zeros: a footprint of -0.0 alone must filter to -0.0 (the sum
     * of negative zeros keeps its sign; a denormal is flushed to a zero of
     * its own sign, docs/filtering.md F1). */
    static const uint32_t z[] = {0x80000000u, 0x80000000u, 0x80000000u, 0x80000000u,
                                 0x80000000u, 0x80000000u, 0x00000000u, 0x80000001u,
                                 0x807fffffu, 0x00000001u};
    if (mode >= 2)
        return z[gen_rn(g, mode == 2 ? 10 : 6)];
    static const uint32_t v[] = {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00123u,
                                 0x7f7fffffu, 0xff7fffffu, 0x7f000000u, 0xfeffffffu,
                                 0x7e800000u, 0xf1000000u};
    uint32_t k = gen_rn(g, 14);
    return k < 10 ? v[k] : gen_fbits((float)gen_frnd(g, -4, 4));
}

/* The same for binary16 (65504 is the largest finite half). */
static uint32_t special_f16(gen_ctx *g, int mode)
{
    static const uint16_t z[] = {0x8000u, 0x8000u, 0x8000u, 0x8000u, 0x8000u, 0x8000u,
                                 0x0000u, 0x8001u, 0x83ffu, 0x0001u};
    if (mode >= 2)
        return z[gen_rn(g, mode == 2 ? 10 : 6)];
    static const uint16_t v[] = {0x7c00u, 0xfc00u, 0x7e00u, 0xfe01u, 0x7bffu, 0xfbffu,
                                 0x7800u, 0xf7ffu, 0x7400u, 0xf000u};
    uint32_t k = gen_rn(g, 14);
    return k < 10 ? v[k] : (uint32_t)(0x3c00u + gen_rn(g, 0x400)) | (gen_rn(g, 2) << 15);
}

static void texel_value(gen_ctx *g, int fc, int specials, uint8_t b[16])
{
    uint32_t w[4];
    for (int i = 0; i < 4; i++)
        w[i] = (uint32_t)gen_rand(g);
    if (specials && (fc == FC_F32 || fc == FC_F32X4)) {
        for (int i = 0; i < 4; i++)
            w[i] = special_f32(g, specials);
        memcpy(b, w, 16);
        return;
    }
    if (specials && fc == FC_F16X4) {
        for (int i = 0; i < 4; i++)
            w[i] = special_f16(g, specials) | special_f16(g, specials) << 16;
        memcpy(b, w, 16);
        return;
    }
    switch (fc) {
    case FC_F32:
        if (!gen_pct(g, 6))
            w[0] = gen_fbits((float)gen_frnd(g, -4, 4));
        break;
    case FC_DEPTH32:
        w[0] = gen_pct(g, 4) ? w[0] : gen_fbits((float)gen_frnd(g, 0, 1));
        break;
    case FC_SNORM8:
        /* The code -128 blends unlike -127 (docs/filtering.md B5): bytes
         * 0x82..0x8f become 0x80, so about one byte in 18 holds it (no
         * extra draw: the other vectors keep their random stream). */
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 32; k += 8)
                if (((w[i] >> k) & 0xffu) >= 0x82u && ((w[i] >> k) & 0xffu) <= 0x8fu)
                    w[i] = (w[i] & ~(0xffu << k)) | (0x80u << k);
        break;
    case FC_F16X4:
        for (int i = 0; i < 4; i += 2)
            if (!gen_pct(g, 6)) {
                /* exponent 10..20: values about 2^-5 .. 2^5 */
                uint32_t h0 = (w[i] & 0x83ffu) | (10u + gen_rn(g, 11)) << 10;
                uint32_t h1 = (w[i] & 0x83ff0000u) | (10u + gen_rn(g, 11)) << 26;
                w[i / 2] = h0 | h1;
            }
        break;
    default:
        break;
    }
    memcpy(b, w, 16);
}

/* The header of cfg as a tx_tic. */
static void tic_of(const tex_cfg *c, tx_tic *t)
{
    const struct fclass *f = &fclasses[c->fc];
    memset(t, 0, sizeof *t);
    t->components = f->comps;
    for (int i = 0; i < 4; i++)
        t->dtype[i] = f->dtype;
    t->swz[0] = TX_SWZ_R;
    t->swz[1] = TX_SWZ_G;
    t->swz[2] = TX_SWZ_B;
    t->swz[3] = TX_SWZ_A;
    t->srgb = f->srgb;
    t->depth_texture = f->depth;
    t->address = TEX_BASE;
    t->version = c->pitch ? TX_TIC_PITCH : TX_TIC_BLOCKLINEAR;
    if (c->pitch)
        t->pitch = (uint32_t)((c->w * tx_fmt_bytes(f->comps) + 31) & ~31);
    else
        t->gobs_per_block_height = (uint8_t)c->bh;
    t->width_minus_one = (uint32_t)c->w - 1;
    t->height_minus_one = (uint16_t)(c->h - 1);
    if (c->type == TX_TEX_3D || c->type == TX_TEX_2D_ARRAY || c->type == TX_TEX_1D_ARRAY ||
        c->type == TX_TEX_CUBEMAP_ARRAY)
        t->depth_minus_one = (uint16_t)(c->d - 1);
    t->texture_type = (uint8_t)c->type;
    t->normalized_coords = !c->unnormalized;
    t->max_mip_level = (uint8_t)(c->levels - 1);
    t->res_view_min_mip_level = (uint8_t)c->first;
    t->res_view_max_mip_level = (uint8_t)(c->levels - 1);
    t->min_lod_clamp = (uint16_t)c->hdr_min_lod;
    t->use_header_opt_control = (uint8_t)c->uhoc;
    t->mip_lod_bias = (uint16_t)(c->hdr_bias & 0x1fff);
    t->max_anisotropy = (uint8_t)c->hdr_aniso;
}

/* Write the header at HDR_INDEX and every texel of the texture. */
static int add_texture(gen_ctx *g, json_object *v, const tex_cfg *c)
{
    tx_tic t;
    tx_layout L;
    tic_of(c, &t);
    if (gen_texture_header(v, HDR_INDEX, &t, &L, "gen_tex") != 0)
        return -1;
    uint64_t end = 0;
    for (unsigned l = L.first_level; l <= L.last_level; l++)
        for (uint32_t la = 0; la < L.layers; la++) {
            const tx_level *lv = &L.lv[l];
            uint64_t a;
            if (tx_addr_texel(&L, l, lv->w - 1, lv->h - 1, lv->d - 1, la, 0, &a) == 0 &&
                a + 512 > end)
                end = a + 512;
            if (tx_addr_texel(&L, l, 0, 0, 0, la, 0, &a) == 0 && a + 512 > end)
                end = a + 512;
        }
    /* The farthest texel is not always a corner under block-linear; scan. */
    for (unsigned l = L.first_level; l <= L.last_level; l++)
        for (uint32_t la = 0; la < L.layers; la++)
            for (uint32_t z = 0; z < L.lv[l].d; z++)
                for (uint32_t y = 0; y < L.lv[l].h; y++)
                    for (uint32_t x = 0; x < L.lv[l].w; x++) {
                        uint64_t a;
                        if (tx_addr_texel(&L, l, x, y, z, la, 0, &a) == 0 && a + L.bpp > end)
                            end = a + L.bpp;
                    }
    size_t n = (size_t)(end - L.base);
    uint8_t *buf = calloc(n ? n : 1, 1);
    if (!buf)
        return -1;
    for (unsigned l = L.first_level; l <= L.last_level; l++)
        for (uint32_t la = 0; la < L.layers; la++)
            for (uint32_t z = 0; z < L.lv[l].d; z++)
                for (uint32_t y = 0; y < L.lv[l].h; y++)
                    for (uint32_t x = 0; x < L.lv[l].w; x++) {
                        uint64_t a;
                        uint8_t b[16];
                        texel_value(g, c->fc, c->specials, b);
                        if (tx_addr_texel(&L, l, x, y, z, la, 0, &a) == 0)
                            memcpy(buf + (a - L.base), b, L.bpp);
                    }
    gen_memory_runs(v, L.base, buf, n);
    free(buf);
    if (c->sparse) {
        json_object *arr, *m = json_object_new_object();
        json_object_object_get_ex(v, "mem", &arr);
        gen_set(m, "addr", gen_hex64(L.base & ~0xffffull));
        gen_set(m, "size", gen_hex64(0x10000));
        gen_set(m, "kind", json_object_new_string(c->sparse == 2 ? "unmapped" : "sparse"));
        json_object_array_add(arr, m);
    }
    return 0;
}

/* A random sampler; the caller overrides what a directed vector tests. */
static void random_tsc(gen_ctx *g, tx_tsc *s)
{
    memset(s, 0, sizeof *s);
    gen_tsc_address(g, s);
    s->mag_filter = (uint8_t)(1 + gen_rn(g, 2));
    s->min_filter = (uint8_t)(1 + gen_rn(g, 2));
    s->mip_filter = (uint8_t)(1 + gen_rn(g, 3));
    s->depth_compare = (uint8_t)gen_rn(g, 2);
    s->depth_compare_func = (uint8_t)gen_rn(g, 8);
    s->mip_lod_bias = gen_pct(g, 30) ? (uint16_t)(gen_rn(g, 0x400) - 0x200) & 0x1fff : 0;
    s->min_lod_clamp = gen_pct(g, 25) ? (uint16_t)gen_rn(g, 0x200) : 0;
    s->max_lod_clamp = gen_pct(g, 25) ? (uint16_t)gen_rn(g, 0x600) : 0xfff;
    s->min_lod_clamp_behavior = (uint8_t)gen_rn(g, 2);
    s->float_coord_normalization = gen_pct(g, 8);
    s->trilin_opt = (uint8_t)gen_rn(g, 32);
    gen_tsc_border(g, s, 50);
}

static void add_sampler(json_object *v, int index, const tx_tsc *s)
{
    uint32_t w[8];
    tx_tsc_pack(s, w);
    gen_desc_words(v, "samplers", index, w);
}

/* ---- operands ------------------------------------------------------------------- */

static const uint32_t special_bits[] = {
    0x7fc00000u, 0xffc00001u, 0x00000001u, 0x807fffffu, 0x7f800000u, 0xff800000u,
    0x5f000000u, 0xdf000000u, 0x4b000000u, 0x80000000u, 0x00000000u, 0x3f800000u,
};

static int cube_lane(gen_ctx *g, const tex_cfg *t, const step_cfg *s, int lane, double v[3],
                     double *lod);

/* Fill the register group of step k (Ra = 16 + 8k, Rb = Ra + 4) for all
 * lanes, with the packing of the seed (tx_tex_slots_of). */
static void fill_group(gen_ctx *g, uint32_t r[8][32], const tex_cfg *t, const step_cfg *s,
                       uint32_t handle)
{
    tx_insn in;
    memset(&in, 0, sizeof in);
    in.u.tex.bindless = (uint8_t)s->bindless;
    in.u.tex.lod = (uint8_t)s->lod;
    in.u.tex.lc = (uint8_t)s->lc;
    in.u.tex.aoffi = (uint8_t)s->aoffi;
    in.u.tex.dc = (uint8_t)s->dc;
    in.u.tex.dim = (uint8_t)s->dim;
    tx_tex_slots sl;
    tx_tex_slots_of(&in, &sl);
    for (int i = 0; i < 8; i++)
        for (int l = 0; l < 32; l++)
            r[i][l] = 0;

    int cube = (s->dim >> 1) == 3;
    int nc = cube ? 3 : (s->dim >> 1) + 1;
    double size[3] = {t->w, t->h, t->type == TX_TEX_3D ? t->d : 1};
    for (int q = 0; q < 8; q++) {
        double c[3], dx[3], dy[3];
        double e = ldexp(1.0, s->deriv_lo + (int)gen_rn(g, (uint32_t)(s->deriv_hi - s->deriv_lo + 1)));
        double lod = gen_frnd(g, s->lod_lo, s->lod_hi);
        if (cube) {
            int major = (int)gen_rn(g, 3);
            for (int a = 0; a < 3; a++) {
                c[a] = gen_frnd(g, -1, 1);
                dx[a] = gen_frnd(g, -1, 1) * e / t->w;
                dy[a] = gen_frnd(g, -1, 1) * e / t->w;
            }
            c[major] = gen_pct(g, 50) ? gen_frnd(g, 0.5, 2) : -gen_frnd(g, 0.5, 2);
            if (s->edges)
                c[(major + 1) % 3] = c[major] * (gen_pct(g, 50) ? 1 : -1);
        } else {
            for (int a = 0; a < 3; a++) {
                c[a] = gen_frnd(g, -0.3, 1.3);
                if (s->edges)
                    c[a] = (gen_rn(g, 9) - 2) * 0.25 + gen_rn(g, 3) * 0.5 / size[a];
                dx[a] = gen_frnd(g, -1, 1) * e / size[a];
                dy[a] = gen_frnd(g, -1, 1) * e / size[a];
            }
            if (s->stretch > 0) {
                /* An anisotropic footprint (filtering.md 14): two axes at
                 * right angles in texel space, one stretch times the other. */
                double ang = gen_frnd(g, 0, 6.2831853), ca = cos(ang), sa = sin(ang);
                double m = e, n = e / s->stretch;
                int swap = gen_pct(g, 50);
                double *maj = swap ? dy : dx, *mnr = swap ? dx : dy;
                maj[0] = ca * m / size[0];
                maj[1] = sa * m / size[1];
                mnr[0] = -sa * n / size[0];
                mnr[1] = ca * n / size[1];
            }
        }
        for (int l = 0; l < 4; l++) {
            int lane = 4 * q + l;
            double sv[3], slod = lod;
            int seam = cube && s->seam && cube_lane(g, t, s, lane, sv, &slod);
            for (int a = 0; a < nc; a++) {
                double v = seam ? sv[a] : c[a] + ((l & 1) ? dx[a] : 0) + ((l & 2) ? dy[a] : 0);
                if (t->unnormalized && !cube)
                    v *= size[a];
                uint32_t b = gen_fbits((float)v);
                if (gen_pct(g, (unsigned)s->special))
                    b = special_bits[gen_rn(g, sizeof special_bits / sizeof *special_bits)];
                r[sl.coord[a]][lane] = b;
            }
            if (sl.array >= 0) {
                uint32_t layers = (uint32_t)t->d + 1;
                r[sl.array][lane] = gen_rn(g, layers + 1) | (s->lc ? gen_rn(g, 0x500) << 16 : 0);
            }
            if (sl.handle >= 0)
                r[sl.handle][lane] = s->mixed_handles && gen_pct(g, 50) ? (uint32_t)gen_rand(g)
                                                                     : handle;
            if (s->lane_lod > 0 && s->lane_lead)
                slod += ((q + s->lane_lead_at) & 3) == l ? s->lane_lod : -s->lane_lod;
            else if (s->lane_lod > 0)
                slod += gen_frnd(g, -s->lane_lod, s->lane_lod);
            if (sl.lod >= 0)
                r[sl.lod][lane] = gen_fbits((float)(s->lod == TX_LOD_LB || s->lod == TX_LOD_LBA
                                                ? slod - 2 : slod));
            if (sl.toff >= 0)
                r[sl.toff][lane] = gen_rn(g, 1u << 12);
            if (sl.dc >= 0)
                r[sl.dc][lane] = gen_fbits((float)gen_frnd(g, -0.1, 1.1));
        }
    }
}

/* The SASS text of a step. */
static void step_text(const step_cfg *s, int k, char *buf, size_t n)
{
    tx_insn in;
    memset(&in, 0, sizeof in);
    in.u.tex.bindless = (uint8_t)s->bindless;
    in.u.tex.lod = (uint8_t)s->lod;
    in.u.tex.lc = (uint8_t)s->lc;
    in.u.tex.aoffi = (uint8_t)s->aoffi;
    in.u.tex.dc = (uint8_t)s->dc;
    in.u.tex.dim = (uint8_t)s->dim;
    tx_tex_slots sl;
    tx_tex_slots_of(&in, &sl);
    char guard[8] = "", ps[8] = "", rb[16] = "", idx[24];
    if (s->guard != 7)
        snprintf(guard, sizeof guard, "@%sP%d ", s->guard_neg ? "!" : "", s->guard);
    if (s->ps != 7)
        snprintf(ps, sizeof ps, "P%d, ", s->ps);
    if (sl.rb_n > 0)
        snprintf(rb, sizeof rb, "R%d, ", 20 + 8 * k);
    if (s->tidsmp)
        snprintf(idx, sizeof idx, "0x%x, 0x%x", s->smp & 0xff, (s->smp >> 8) & 0x1f);
    else
        snprintf(idx, sizeof idx, "0x%x", s->smp);
    snprintf(buf, n, "%sTEX%s%s%s%s%s%s%s%s %sR%d, R%d, %s%s, %s, 0x%x", guard,
             s->bindless ? ".B" : "", lod_text[s->lod & 7], s->lc ? ".LC" : "",
             s->aoffi ? ".AOFFI" : "", s->dc ? ".DC" : "", s->ndv ? ".NDV" : "",
             s->nodep ? ".NODEP" : "", s->phase == 1 ? ".T" : s->phase == 2 ? ".P" : "", ps,
             s->rd, 16 + 8 * k, rb, idx, dim_text[s->dim & 7], s->wmask);
}

/* Emit one vector: the texture, samplers 0..nsmp-1, one handle word per
 * sampler (cbank word i = sampler i | header), the steps. */
static int emit(gen_ctx *g, const char *id, const char *desc, const tex_cfg *t,
                const tx_tsc *smp, int nsmp, const step_cfg *st, int nsteps, json_object **out)
{
    json_object *v = gen_vector(g, id, desc);
    json_object *o;
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(TIC_BASE));
    gen_set(o, "max", json_object_new_int(15));
    gen_set(v, "tic", o);
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(TSC_BASE));
    gen_set(o, "max", json_object_new_int(MAX_SMP - 1));
    gen_set(v, "tsc", o);
    if (add_texture(g, v, t) < 0)
        return -1;
    for (int i = 0; i < nsmp; i++) {
        add_sampler(v, i, &smp[i]);
        gen_cbank(v, 4u * (uint32_t)i, (uint32_t)i << 20 | HDR_INDEX);
    }
    for (int k = 0; k < nsteps; k++) {
        uint32_t r[8][32];
        fill_group(g, r, t, &st[k], (uint32_t)st[k].smp << 20 | HDR_INDEX);
        for (int i = 0; i < 8; i++)
            gen_reg(v, 16 + 8 * k + i, r[i]);
    }
    for (int k = 0; k < nsteps; k++) {
        char text[200];
        step_text(&st[k], k, text, sizeof text);
        gen_step(v, text);
    }
    if (out)
        *out = v;
    return 0;
}

/* ---- suites ------------------------------------------------------------------------- */

static void sampler_filter(tx_tsc *s, int filt)
{
    /* 0 point, 1 bilinear, 2 trilinear */
    s->mag_filter = s->min_filter = filt ? 2 : 1;
    s->mip_filter = filt == 2 ? 3 : filt == 1 ? 2 : 1;
}

int gen_tex_directed(gen_ctx *g)
{
    char id[64], desc[200];
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    static const int dims[7] = {TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_3D,
                                TX_DIM_CUBE, TX_DIM_ACUBE};
    static const char *const filt_name[3] = {"point", "bilinear", "trilinear"};
    int n = 0;

    /* 1. dimension x filter x the 8 address modes (one sampler each), the
     * class of format turning with the vector. */
    for (int di = 0; di < 7; di++)
        for (int f = 0; f < 3; f++) {
            int dim = dims[di], fc = (di * 3 + f) % FC_COUNT;
            default_tex(&t, dim, fc);
            for (int m = 0; m < 8; m++) {
                random_tsc(g, &smp[m]);
                smp[m].address_u = smp[m].address_v = smp[m].address_p = (uint8_t)m;
                sampler_filter(&smp[m], f);
                smp[m].depth_compare = 0;
                default_step(&st[m], dim);
                st[m].smp = m;
                st[m].rd = 4 * (m & 1);
            }
            snprintf(id, sizeof id, "dim-%s-%s-%s", dim_text[dim], filt_name[f],
                     fclasses[fc].name);
            snprintf(desc, sizeof desc, "%s %s, %s texture: the 8 address modes on u, v, p",
                     dim_text[dim], filt_name[f], fclasses[fc].name);
            if (emit(g, id, desc, &t, smp, 8, st, 8, NULL) < 0)
                return -1;
            n++;
        }

    /* 2. every class of format x filter, all LOD forms. */
    for (int fc = 0; fc < FC_COUNT; fc++)
        for (int f = 0; f < 3; f++) {
            default_tex(&t, TX_DIM_2D, fc);
            t.w = 13;
            t.h = 9;
            for (int k = 0; k < 6; k++) {
                random_tsc(g, &smp[k]);
                sampler_filter(&smp[k], f);
                smp[k].depth_compare = 0;
                default_step(&st[k], TX_DIM_2D);
                st[k].smp = k;
                static const int modes[6] = {TX_LOD_NONE, TX_LOD_LZ, TX_LOD_LB, TX_LOD_LL,
                                             TX_LOD_LBA, TX_LOD_LLA};
                st[k].lod = modes[k];
            }
            snprintf(id, sizeof id, "format-%s-%s", fclasses[fc].name, filt_name[f]);
            snprintf(desc, sizeof desc, "2D %s texture, %s, TEX .LZ .LB .LL .LBA .LLA",
                     fclasses[fc].name, filt_name[f]);
            if (emit(g, id, desc, &t, smp, 6, st, 6, NULL) < 0)
                return -1;
        }

    /* 3. LOD modes x dimensions with divergence and thread types. */
    static const int lodm[6] = {TX_LOD_NONE, TX_LOD_LZ, TX_LOD_LB, TX_LOD_LL, TX_LOD_LBA,
                                TX_LOD_LLA};
    for (int di = 0; di < 7; di++)
        for (int variant = 0; variant < 3; variant++) {
            int dim = dims[di];
            default_tex(&t, dim, FC_UNORM8);
            t.levels = 4;
            for (int k = 0; k < 6; k++) {
                random_tsc(g, &smp[k]);
                sampler_filter(&smp[k], 2);
                smp[k].mip_lod_bias = 0;
                smp[k].min_lod_clamp = 0;
                smp[k].max_lod_clamp = 0xfff;
                default_step(&st[k], dim);
                st[k].smp = k;
                st[k].lod = lodm[k];
                st[k].ndv = variant == 2 && (k & 1);
            }
            json_object *v;
            snprintf(id, sizeof id, "lod-%s-%s", dim_text[dim],
                     variant == 0 ? "uniform" : variant == 1 ? "divergent" : "non-pixel-ndv");
            snprintf(desc, sizeof desc, "%s trilinear: implicit, .LZ, .LB, .LL, .LBA, .LLA; %s",
                     dim_text[dim], variant == 0 ? "all quads full" :
                     variant == 1 ? "quads 1, 3, 5 divergent (CTM)" :
                     "non-pixel threads, .NDV on odd steps");
            if (emit(g, id, desc, &t, smp, 6, st, 6, &v) < 0)
                return -1;
            if (variant == 1)
                gen_set(v, "ctm", gen_hex32(0xf0f7f3f1u));
            if (variant == 2)
                gen_set(v, "pixel", json_object_new_boolean(0));
        }

    /* 4. clamps: bias, min/max, header min and bias, .LC, the nearest-mip
     * behaviour, views starting above level 0. */
    for (int c = 0; c < 8; c++) {
        default_tex(&t, c < 4 ? TX_DIM_2D : TX_DIM_A2D, FC_F32);
        t.levels = 5;
        t.w = t.h = 16;
        t.first = c == 3 || c == 7 ? 1 : 0;
        t.hdr_min_lod = c == 2 ? 0x140 : 0;
        t.uhoc = c == 5;
        t.hdr_bias = c == 5 ? 0x1f80 : 0;
        for (int k = 0; k < 8; k++) {
            random_tsc(g, &smp[k]);
            sampler_filter(&smp[k], k & 1 ? 2 : 0);
            smp[k].mip_filter = (uint8_t)(k & 1 ? 3 : 2);
            smp[k].min_lod_clamp_behavior = (uint8_t)(k >> 2 & 1);
            smp[k].mip_lod_bias = (uint16_t)((int)(k * 0x60) - 0x140) & 0x1fff;
            smp[k].min_lod_clamp = (uint16_t)(k * 0x38);
            smp[k].max_lod_clamp = (uint16_t)(0x400 - k * 0x70);
            smp[k].depth_compare = 0;
            default_step(&st[k], c < 4 ? TX_DIM_2D : TX_DIM_A2D);
            st[k].smp = k;
            st[k].lod = (int[]){TX_LOD_NONE, TX_LOD_LB, TX_LOD_LL, TX_LOD_LZ}[k & 3];
            st[k].lc = c >= 4 && (k & 2);
            st[k].lod_lo = -3;
            st[k].lod_hi = 7;
        }
        snprintf(id, sizeof id, "clamps-%d", c);
        snprintf(desc, sizeof desc, "LOD bias and clamps (sampler, header%s%s%s), nearest-mip "
                 "clamp behaviour", c == 2 ? " min clamp 1.25" : "", c == 5 ? ", header bias" : "",
                 c >= 4 ? ", .LC" : "");
        if (emit(g, id, desc, &t, smp, 8, st, 8, NULL) < 0)
            return -1;
    }

    /* 5. depth compare: 8 functions x forced / sampler-dependent forms. */
    for (int fc = FC_DEPTH32; fc <= FC_Z16; fc++)
        for (int f = 0; f < 8; f++) {
            default_tex(&t, TX_DIM_2D, fc);
            for (int k = 0; k < 6; k++) {
                random_tsc(g, &smp[k]);
                sampler_filter(&smp[k], k % 3);
                smp[k].depth_compare_func = (uint8_t)f;
                smp[k].depth_compare = (uint8_t)(k < 3);
                smp[k].address_u = smp[k].address_v = (uint8_t)(k == 5 ? 3 : 2);
                default_step(&st[k], k == 4 ? TX_DIM_CUBE : TX_DIM_2D);
                if (k == 4)
                    st[k].dim = TX_DIM_2D;
                st[k].smp = k;
                st[k].dc = 1;
                st[k].lod = (int[]){TX_LOD_NONE, TX_LOD_LZ, TX_LOD_LB, TX_LOD_LL, TX_LOD_LZ,
                                    TX_LOD_LB}[k];
            }
            snprintf(id, sizeof id, "dc-%s-func%d", fclasses[fc].name, f);
            snprintf(desc, sizeof desc, "depth compare function %d on %s: forced for TEX/.LZ, "
                     "from the sampler for .LB/.LL, point/bilinear/trilinear, border", f,
                     fclasses[fc].name);
            if (emit(g, id, desc, &t, smp, 6, st, 6, NULL) < 0)
                return -1;
        }

    /* 6. borders and sRGB: border modes x classes. */
    static const int bfc[6] = {FC_UNORM8, FC_SRGB8, FC_F32, FC_UINT32, FC_SINT16X4, FC_DEPTH32};
    for (int i = 0; i < 6; i++) {
        default_tex(&t, TX_DIM_2D, bfc[i]);
        for (int k = 0; k < 8; k++) {
            random_tsc(g, &smp[k]);
            static const int bm[4] = {3, 4, 6, 7};
            smp[k].address_u = smp[k].address_v = (uint8_t)bm[k & 3];
            sampler_filter(&smp[k], k >> 2);
            smp[k].depth_compare = 0;
            default_step(&st[k], TX_DIM_2D);
            st[k].smp = k;
            st[k].lod = TX_LOD_LZ;
            st[k].edges = 1;
        }
        snprintf(id, sizeof id, "border-%s", fclasses[bfc[i]].name);
        snprintf(desc, sizeof desc, "border colour on %s: BORDER, CLAMP_OGL, MIRROR_ONCE_BORDER, "
                 "MIRROR_ONCE_CLAMP_OGL; point and linear", fclasses[bfc[i]].name);
        if (emit(g, id, desc, &t, smp, 8, st, 8, NULL) < 0)
            return -1;
    }

    /* 7. binding forms, masks, write masks, Ps, phase, offsets. */
    {
        default_tex(&t, TX_DIM_2D, FC_UNORM8);
        for (int k = 0; k < 8; k++) {
            random_tsc(g, &smp[k]);
            smp[k].depth_compare = 0;
        }
        for (int k = 0; k < 16; k++) {
            default_step(&st[k], TX_DIM_2D);
            st[k].smp = k & 7;
            st[k].wmask = k;
            st[k].rd = (int[]){0, 0, 1, 0, 2, 0, 2, 0, 3, 0, 2, 0, 2, 0, 4, 0}[k] * 4;
            st[k].tidsmp = k & 1;
            st[k].bindless = k >= 12;
            st[k].mixed_handles = k >= 14;
        }
        if (emit(g, "bind-wmask", "#tsPtrIdx and #tid,#smp forms, .B (uniform and per-lane "
                 "handles), all 16 write masks", &t, smp, 8, st, 16, NULL) < 0)
            return -1;
        json_object *v;
        for (int k = 0; k < 8; k++) {
            default_step(&st[k], TX_DIM_2D);
            st[k].smp = k;
            st[k].nodep = k & 1;
            st[k].ndv = (k >> 1) & 1;
            st[k].guard = k < 4 ? 1 : 7;
            st[k].guard_neg = k & 1;
            st[k].phase = k % 3;
            st[k].ps = k >= 4 ? 2 : 7;
            st[k].aoffi = k >= 6;
        }
        if (emit(g, "masks-phase", ".NODEP with killed threads, .NDV, guards, inactive lanes, "
                 ".T/.P, Ps, .AOFFI", &t, smp, 8, st, 8, &v) < 0)
            return -1;
        gen_set(v, "ctm", gen_hex32(0xff7fff0fu));
        gen_set(v, "ktm", gen_hex32(0x0f00f0f3u));
        gen_pred(v, 1, 0x5a5aa5a5u);
        gen_pred(v, 2, 0xffff0000u);
        gen_set(v, "hash", json_object_new_int(0x5b));

        /* Ps on a sparse texture. */
        t.sparse = 1;
        for (int k = 0; k < 2; k++) {
            default_step(&st[k], TX_DIM_2D);
            st[k].smp = k;
            st[k].ps = 3;
        }
        if (emit(g, "sparse", "Ps on a texture whose pages are sparse: data 0, Ps = 1", &t, smp,
                 2, st, 2, NULL) < 0)
            return -1;
        t.sparse = 2;
        if (emit(g, "texel-fault", "a texture in unmapped memory: status FAULT, data 0", &t,
                 smp, 2, st, 2, NULL) < 0)
            return -1;
        t.sparse = 0;

        /* Invalid and unusable textures; the OGL knob. */
        for (int k = 0; k < 4; k++) {
            default_step(&st[k], k == 3 ? TX_DIM_3D : TX_DIM_2D);
            st[k].smp = k;
        }
        if (emit(g, "invalid-sampler", "sampler pointer above the sampler pool maximum: zeros",
                 &t, smp, 4, st, 4, &v) < 0)
            return -1;
        gen_set(v, "tsc", json_object_new_object());
        json_object *o = json_object_new_object();
        gen_set(o, "base", gen_hex64(TSC_BASE));
        gen_set(o, "max", json_object_new_int(1));
        gen_set(v, "tsc", o);
        if (emit(g, "invalid-header", "header pointer above the header pool maximum: zeros; a "
                 "3D specifier on a 2D texture: zeros", &t, smp, 4, st, 4, &v) < 0)
            return -1;
        o = json_object_new_object();
        gen_set(o, "base", gen_hex64(TIC_BASE));
        gen_set(o, "max", json_object_new_int(2));
        gen_set(v, "tic", o);
        if (emit(g, "ogl-binding", "SetSamplerBinding.ViaHeaderBinding: the header index 3 is "
                 "the sampler index", &t, smp, 4, st, 4, &v) < 0)
            return -1;
        gen_set(v, "ogl_binding", json_object_new_boolean(1));

        /* Offsets on every dimension that takes them. */
        for (int di = 0; di < 5; di++) {
            default_tex(&t, dims[di], FC_F16X4);
            for (int k = 0; k < 4; k++) {
                random_tsc(g, &smp[k]);
                sampler_filter(&smp[k], k % 3);
                smp[k].depth_compare = 0;
                default_step(&st[k], dims[di]);
                st[k].smp = k;
                st[k].aoffi = 1;
                st[k].lod = k == 3 ? TX_LOD_LL : TX_LOD_NONE;
            }
            snprintf(id, sizeof id, "aoffi-%s", dim_text[dims[di]]);
            if (emit(g, id, ".AOFFI offsets -8..7 per axis", &t, smp, 4, st, 4, NULL) < 0)
                return -1;
        }

        /* Special coordinates and unnormalised coordinates. */
        for (int di = 0; di < 7; di++) {
            default_tex(&t, dims[di], FC_F32);
            t.unnormalized = di == 2;
            for (int k = 0; k < 4; k++) {
                random_tsc(g, &smp[k]);
                sampler_filter(&smp[k], k % 3);
                smp[k].depth_compare = 0;
                smp[k].float_coord_normalization = k == 3;
                default_step(&st[k], dims[di]);
                st[k].smp = k;
                st[k].special = 30;
                st[k].edges = k == 1;
            }
            snprintf(id, sizeof id, "coords-%s", dim_text[dims[di]]);
            if (emit(g, id, "NaN, Inf, denormal, huge and signed-zero coordinates, texel edges, "
                     "unnormalised coordinates", &t, smp, 4, st, 4, NULL) < 0)
                return -1;
        }
    }

    /* 8. the seed's illegal forms, assembled on purpose. */
    {
        json_object *v = gen_vector(g, "illegal-forms", "AOFFI with CUBE, DC with 3D, RZ Ra, "
                                    "RZ Rb when packed, misaligned Ra/Rb/Rd: ILLEGAL, nothing "
                                    "written");
        gen_set(v, "allow_illegal", json_object_new_boolean(1));
        static const char *const bad[] = {
            "TEX.AOFFI R0, R16, R20, 0x0, CUBE, 0xf",
            "TEX.AOFFI R0, R16, R20, 0x0, ARRAY_CUBE, 0xf",
            "TEX.DC R0, R16, R20, 0x0, 3D, 0xf",
            "TEX R0, RZ, 0x0, 2D, 0xf",
            "TEX.LB R0, R16, RZ, 0x0, 2D, 0xf",
            "TEX R0, R17, 0x0, 2D, 0xf",
            "TEX R0, R18, 0x0, 3D, 0xf",
            "TEX R1, R16, 0x0, 2D, 0x3",
            "TEX R2, R16, 0x0, 2D, 0x7",
            "TEX.LB.AOFFI R0, R16, R21, 0x0, 2D, 0xf",
        };
        for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
            gen_step(v, bad[i]);
        gen_step(v, "TEX R0, R16, R21, 0x0, 2D, 0xf");   /* legal: an unread Rb */
    }
    (void)n;
    return 0;
}

/* A random Rd for the components wmask writes: R0, R4, R8 or R12, aligned
 * to the register group of the write count (1, 2 or 4 registers). */
static int random_rd(gen_ctx *g, int wmask)
{
    int ncomp = (wmask & 1) + (wmask >> 1 & 1) + (wmask >> 2 & 1) + (wmask >> 3 & 1);
    int al = ncomp <= 1 ? 1 : ncomp == 2 ? 2 : 4;
    /* Any register of R0..R15 the alignment rule allows (docs/isa.md 5): a
     * single component may go to an odd register, two to R2 mod 4. */
    return (int)gen_rn(g, 16) / al * al;
}

/* One random vector. */
static int random_vector(gen_ctx *g, int idx)
{
    static const int dims[7] = {TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_3D,
                                TX_DIM_CUBE, TX_DIM_ACUBE};
    static const int lm[6] = {TX_LOD_NONE, TX_LOD_LZ, TX_LOD_LB, TX_LOD_LL, TX_LOD_LBA,
                              TX_LOD_LLA};
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    int nsmp = 1 + (int)gen_rn(g, MAX_SMP), nsteps = 8 + (int)gen_rn(g, 5);
    int dim = dims[gen_rn(g, 7)];
    default_tex(&t, dim, (int)gen_rn(g, FC_COUNT));
    t.w = 1 + (int)gen_rn(g, 24);
    t.h = dim <= TX_DIM_A1D ? 1 : (dim >> 1) == 3 ? t.w : 1 + (int)gen_rn(g, 24);
    t.d = dim == TX_DIM_3D ? 1 + (int)gen_rn(g, 6) : (dim & 1) ? 1 + (int)gen_rn(g, 4) : 1;
    int maxl = 1;
    while ((t.w >> maxl) || (t.h >> maxl))
        maxl++;
    t.levels = 1 + (int)gen_rn(g, (uint32_t)(maxl < 6 ? maxl : 6));
    t.first = gen_pct(g, 15) ? (int)gen_rn(g, (uint32_t)t.levels) : 0;
    t.bh = (int)gen_rn(g, 3);
    t.unnormalized = gen_pct(g, 5);
    t.hdr_min_lod = gen_pct(g, 10) ? (int)gen_rn(g, 0x300) : 0;
    t.uhoc = gen_pct(g, 10);
    t.hdr_bias = t.uhoc ? (int)gen_rn(g, 0x400) - 0x200 : 0;
    for (int i = 0; i < nsmp; i++)
        random_tsc(g, &smp[i]);
    for (int k = 0; k < nsteps; k++) {
        step_cfg *s = &st[k];
        default_step(s, dim);
        if (gen_pct(g, 5))
            s->dim = dims[gen_rn(g, 7)];     /* a mismatching specifier: zeros */
        s->smp = (int)gen_rn(g, (uint32_t)nsmp);
        s->lod = lm[gen_rn(g, 6)];
        s->lc = gen_pct(g, 15);
        int cube = (s->dim >> 1) == 3;
        s->aoffi = !cube && gen_pct(g, 20);
        s->dc = s->dim != TX_DIM_3D && gen_pct(g, 20);
        s->ndv = gen_pct(g, 10);
        s->nodep = gen_pct(g, 20);
        s->phase = (int)gen_rn(g, 3);
        s->ps = gen_pct(g, 15) ? (int)gen_rn(g, 7) : 7;
        s->bindless = gen_pct(g, 15);
        s->mixed_handles = s->bindless && gen_pct(g, 20);
        s->tidsmp = gen_pct(g, 20);
        s->wmask = gen_pct(g, 70) ? 0xf : (int)gen_rn(g, 16);
        s->rd = random_rd(g, s->wmask);
        if (gen_pct(g, 15)) {
            s->guard = (int)gen_rn(g, 7);
            s->guard_neg = (int)gen_rn(g, 2);
        }
        s->special = gen_pct(g, 15) ? 10 : 0;
        s->edges = gen_pct(g, 15);
        s->deriv_lo = -3;
        s->deriv_hi = 6;
    }
    char id[48];
    snprintf(id, sizeof id, "tex-random-%d", idx);
    json_object *v;
    if (emit(g, id, NULL, &t, smp, nsmp, st, nsteps, &v) < 0)
        return -1;
    if (gen_pct(g, 20))
        gen_set(v, "ctm", gen_hex32((uint32_t)gen_rand(g) | 0x0000ffffu));
    if (gen_pct(g, 20))
        gen_set(v, "ktm", gen_hex32((uint32_t)gen_rand(g)));
    if (gen_pct(g, 10))
        gen_set(v, "pixel", json_object_new_boolean(0));
    for (int q = 0; q < 7; q++)
        if (gen_pct(g, 30))
            gen_pred(v, q, (uint32_t)gen_rand(g));
    return 0;
}

int gen_tex_random(gen_ctx *g)
{
    int count = gen_count(g, 100);
    for (int i = 0; i < count; i++)
        if (random_vector(g, i) < 0)
            return -1;
    return 0;
}

/* The seed's three examples, with a texture and handle at cbank word 5. */
int gen_tex_seed(gen_ctx *g)
{
    tex_cfg t;
    tx_tsc smp;
    json_object *v;
    uint32_t r[32];

    /* TEX R0, R2, 5, 2D, 0xf: s, t from R2, R3; R0..R3 written. */
    default_tex(&t, TX_DIM_2D, FC_UNORM8);
    for (int ex = 0; ex < 3; ex++) {
        if (ex == 2)
            default_tex(&t, TX_DIM_1D, FC_DEPTH32);
        static const char *const ids[3] = {"seed-example-1", "seed-example-2",
                                           "seed-example-3"};
        static const char *const sass[3] = {"TEX R0, R2, 0x5, 2D, 0xf",
                                            "TEX.LB R0, R2, R4, 0x5, 2D, 0xf",
                                            "TEX.B.DC R4, R0, R8, 0x5, 1D, 0xf"};
        static const char *const descs[3] = {
            "TEX R0,R2,5,2D,0xf: reads R2 (s), R3 (t) and cbank word 5; writes R0..R3",
            "TEX.LB R0,R2,R4,5,2D,0xf: adds the bias in R4 to the implicit LOD",
            "TEX.B.DC R4,R0,R8,5,1D,0xf: handle from R8, s from R0, reference from R9; "
            "forced depth compare; writes R4..R7"};
        v = gen_vector(g, ids[ex], descs[ex]);
        json_object *o = json_object_new_object();
        gen_set(o, "base", gen_hex64(TIC_BASE));
        gen_set(o, "max", json_object_new_int(15));
        gen_set(v, "tic", o);
        o = json_object_new_object();
        gen_set(o, "base", gen_hex64(TSC_BASE));
        gen_set(o, "max", json_object_new_int(7));
        gen_set(v, "tsc", o);
        if (add_texture(g, v, &t) < 0)
            return -1;
        random_tsc(g, &smp);
        smp.depth_compare_func = 3;
        smp.depth_compare = 0;
        add_sampler(v, 2, &smp);
        gen_cbank(v, 5 * 4, 2u << 20 | HDR_INDEX);
        for (int q = 0; q < 8; q++) {
            double c0 = gen_frnd(g, 0, 1), c1 = gen_frnd(g, 0, 1), d = ldexp(1.0, (int)gen_rn(g, 5)) / 8;
            for (int l = 0; l < 4; l++) {
                r[4 * q + l] = gen_fbits((float)(c0 + (l & 1) * d));
                if (ex < 2)
                    gen_rand(g);
            }
            (void)c1;
        }
        if (ex < 2) {
            uint32_t tt[32];
            for (int q = 0; q < 8; q++) {
                double c1 = gen_frnd(g, 0, 1), d = ldexp(1.0, (int)gen_rn(g, 5)) / 8;
                for (int l = 0; l < 4; l++)
                    tt[4 * q + l] = gen_fbits((float)(c1 + (l >> 1) * d));
            }
            gen_reg(v, 2, r);
            gen_reg(v, 3, tt);
            if (ex == 1) {
                for (int l = 0; l < 32; l++)
                    tt[l] = gen_fbits((float)(l / 4 - 2) * 0.5f);
                gen_reg(v, 4, tt);
            }
        } else {
            uint32_t h[32], ref[32];
            for (int l = 0; l < 32; l++) {
                h[l] = 2u << 20 | HDR_INDEX;
                ref[l] = gen_fbits((float)gen_frnd(g, 0, 1));
            }
            gen_reg(v, 0, r);
            gen_reg(v, 8, h);
            gen_reg(v, 9, ref);
        }
        gen_step(v, sass[ex]);
    }
    return 0;
}

/* ---- Min/max reduction suites (docs/filtering.md section 13) -------------------------- */

/*
 * tex-reduction-directed  every dimension x point / bilinear / trilinear x
 *                         MIN / MAX, float and UNORM classes of format, the
 *                         8 address modes turning with the step
 * tex-reduction-random    constrained-random vectors whose samplers reduce
 *                         (MIN, MAX, and now and then 0 or the unused 3)
 */
int gen_tex_reduction_directed(gen_ctx *g)
{
    char id[64], desc[200];
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    static const int dims[7] = {TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_3D,
                                TX_DIM_CUBE, TX_DIM_ACUBE};
    static const char *const filt_name[3] = {"point", "bilinear", "trilinear"};
    static const int fcs[4] = {FC_F32, FC_UNORM8, FC_F16X4, FC_DEPTH32};

    for (int di = 0; di < 7; di++)
        for (int f = 0; f < 3; f++) {
            int dim = dims[di], fc = fcs[(di + f) % 4];
            default_tex(&t, dim, fc);
            t.w = 7 + di;
            if (dim > TX_DIM_A1D)
                t.h = (dim >> 1) == 3 ? t.w : 5 + f;
            for (int m = 0; m < 8; m++) {
                random_tsc(g, &smp[m]);
                smp[m].address_u = smp[m].address_v = smp[m].address_p = (uint8_t)m;
                sampler_filter(&smp[m], f);
                smp[m].reduction_filter = (uint8_t)(1 + (m & 1));
                smp[m].depth_compare = 0;
                default_step(&st[m], dim);
                st[m].smp = m;
                st[m].rd = 4 * (m & 1);
                st[m].dc = fc == FC_DEPTH32 && dim != TX_DIM_3D && (m & 2);
                st[m].edges = (m >> 2) & 1;
            }
            snprintf(id, sizeof id, "red-%s-%s-%s", dim_text[dim], filt_name[f],
                     fclasses[fc].name);
            snprintf(desc, sizeof desc, "%s %s, %s texture: MIN and MAX reduction, the 8 "
                     "address modes", dim_text[dim], filt_name[f], fclasses[fc].name);
            if (emit(g, id, desc, &t, smp, 8, st, 8, NULL) < 0)
                return -1;
        }
    return 0;
}

static int reduction_random_vector(gen_ctx *g, int idx)
{
    static const int dims[7] = {TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_3D,
                                TX_DIM_CUBE, TX_DIM_ACUBE};
    static const int lm[6] = {TX_LOD_NONE, TX_LOD_LZ, TX_LOD_LB, TX_LOD_LL, TX_LOD_LBA,
                              TX_LOD_LLA};
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    int nsmp = 2 + (int)gen_rn(g, MAX_SMP - 1), nsteps = MAX_STEPS;
    int dim = dims[gen_rn(g, 7)];
    default_tex(&t, dim, (int)gen_rn(g, FC_COUNT));
    t.w = 1 + (int)gen_rn(g, 20);
    t.h = dim <= TX_DIM_A1D ? 1 : (dim >> 1) == 3 ? t.w : 1 + (int)gen_rn(g, 20);
    t.d = dim == TX_DIM_3D ? 1 + (int)gen_rn(g, 6) : (dim & 1) ? 1 + (int)gen_rn(g, 4) : 1;
    int maxl = 1;
    while ((t.w >> maxl) || (t.h >> maxl))
        maxl++;
    t.levels = 1 + (int)gen_rn(g, (uint32_t)(maxl < 6 ? maxl : 6));
    t.bh = (int)gen_rn(g, 3);
    for (int i = 0; i < nsmp; i++) {
        random_tsc(g, &smp[i]);
        smp[i].reduction_filter = (uint8_t)(gen_pct(g, 10) ? 3 * gen_rn(g, 2) : 1 + gen_rn(g, 2));
    }
    for (int k = 0; k < nsteps; k++) {
        step_cfg *s = &st[k];
        default_step(s, dim);
        s->smp = (int)gen_rn(g, (uint32_t)nsmp);
        s->lod = lm[gen_rn(g, 6)];
        int cube = (s->dim >> 1) == 3;
        s->aoffi = !cube && gen_pct(g, 20);
        s->dc = s->dim != TX_DIM_3D && gen_pct(g, 20);
        s->nodep = gen_pct(g, 20);
        s->wmask = gen_pct(g, 70) ? 0xf : (int)gen_rn(g, 16);
        s->rd = random_rd(g, s->wmask);
        s->special = gen_pct(g, 15) ? 10 : 0;
        s->edges = gen_pct(g, 25);
        s->deriv_lo = -3;
        s->deriv_hi = 5;
    }
    char id[48];
    snprintf(id, sizeof id, "tex-reduction-random-%d", idx);
    if (emit(g, id, NULL, &t, smp, nsmp, st, nsteps, NULL) < 0)
        return -1;
    return gen_flush(g);
}

int gen_tex_reduction_random(gen_ctx *g)
{
    int count = gen_count(g, 30);
    for (int i = 0; i < count; i++)
        if (reduction_random_vector(g, i) < 0)
            return -1;
    return 0;
}

/* ---- Anisotropic filtering suites (docs/filtering.md section 14) --------------------- */

/*
 * tex-aniso-directed  MIN_FILTER ANISO with every MAX_ANISOTROPY code on
 *                     footprints stretched 1 to 32 times, mip NONE / POINT /
 *                     LINEAR, float, UNORM and half textures, the LOD forms,
 *                     the header's MAX_ANISOTROPY, MIN / MAX reduction,
 *                     arrays, the dimensions where ANISO is LINEAR, divergent
 *                     quads and depth compare
 * tex-aniso-random    constrained-random anisotropic vectors
 */
static void aniso_sampler(gen_ctx *g, tx_tsc *s, int max_aniso, int mip, int red)
{
    random_tsc(g, s);
    s->min_filter = 3;
    s->mag_filter = 2;
    s->mip_filter = (uint8_t)mip;
    s->max_anisotropy = (uint8_t)max_aniso;
    s->reduction_filter = (uint8_t)red;
    s->depth_compare = 0;
}

int gen_tex_aniso_directed(gen_ctx *g)
{
    char id[64], desc[200];
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    static const int stretch[16] = {1, 2, 3, 4, 5, 6, 8, 11, 12, 16, 20, 24, 32, 2, 7, 64};
    static const char *const mip_name[4] = {"", "none", "point", "linear"};
    static const int fcs[3] = {FC_F32, FC_UNORM8, FC_F16X4};
    static const int lm[8] = {TX_LOD_NONE, TX_LOD_NONE, TX_LOD_LB, TX_LOD_NONE, TX_LOD_LBA,
                              TX_LOD_LZ, TX_LOD_NONE, TX_LOD_LL};

    /* 1. every MAX_ANISOTROPY code x stretch, per mip filter and class of
     * format; reduction 0, then MIN and MAX. */
    for (int mip = 1; mip <= 3; mip++)
        for (int red = 0; red < 3; red++) {
            int fc = fcs[(mip + red) % 3];
            default_tex(&t, TX_DIM_2D, fc);
            t.w = 32;
            t.h = 16 + 8 * red;
            t.levels = 6;
            for (int m = 0; m < 8; m++)
                aniso_sampler(g, &smp[m], m, mip, red);
            for (int k = 0; k < MAX_STEPS; k++) {
                default_step(&st[k], TX_DIM_2D);
                st[k].smp = k & 7;
                st[k].stretch = stretch[k];
                st[k].lod = lm[k & 7];
                st[k].deriv_lo = 0;
                st[k].deriv_hi = 4;
                st[k].rd = 4 * (k & 1);
            }
            snprintf(id, sizeof id, "aniso-mip-%s-%s-%s", mip_name[mip],
                     red == 0 ? "average" : red == 1 ? "min" : "max", fclasses[fc].name);
            snprintf(desc, sizeof desc, "ANISO, mip %s, reduction %d, %s: MAX_ANISOTROPY 0..7 on "
                     "footprints stretched 1..64, LOD forms", mip_name[mip], red,
                     fclasses[fc].name);
            if (emit(g, id, desc, &t, smp, 8, st, MAX_STEPS, NULL) < 0)
                return -1;
        }

    /* 2. the header's MAX_ANISOTROPY with USE_HEADER_OPT_CONTROL, an array,
     * depth compare, wrap / border address modes. */
    for (int v = 0; v < 3; v++) {
        int dim = v == 1 ? TX_DIM_A2D : TX_DIM_2D;
        default_tex(&t, dim, v == 2 ? FC_DEPTH32 : FC_SRGB8);
        t.w = 24;
        t.h = 20;
        t.levels = 5;
        t.uhoc = v == 0;
        t.hdr_aniso = v == 0 ? 7 : 0;
        for (int m = 0; m < 8; m++) {
            aniso_sampler(g, &smp[m], v == 0 ? 1 : 7 - m, 3 - (m & 1), 0);
            smp[m].address_u = smp[m].address_v = (uint8_t)m;
            smp[m].mip_lod_bias = 0;
        }
        for (int k = 0; k < MAX_STEPS; k++) {
            default_step(&st[k], dim);
            st[k].smp = k & 7;
            st[k].stretch = stretch[15 - k];
            st[k].dc = v == 2 && (k & 1);
            st[k].edges = (k & 3) == 3;
            st[k].deriv_lo = -1;
            st[k].deriv_hi = 4;
        }
        static const char *const vn[3] = {"header-max", "array", "depth-compare"};
        snprintf(id, sizeof id, "aniso-%s", vn[v]);
        snprintf(desc, sizeof desc, "ANISO: %s", v == 0 ? "the header's MAX_ANISOTROPY 16:1 "
                 "(USE_HEADER_OPT_CONTROL) over the sampler's 2:1" : v == 1 ? "ARRAY_2D, "
                 "address modes" : "depth compare before the probes");
        json_object *vo;
        if (emit(g, id, desc, &t, smp, 8, st, MAX_STEPS, &vo) < 0)
            return -1;
        if (v == 1)   /* a quad of three lanes is divergent: one probe */
            gen_set(vo, "ctm", gen_hex32(0xfffff7ffu));
    }

    /* 3. where ANISO is LINEAR with one probe: 1D, 3D, cubes. */
    static const int odims[4] = {TX_DIM_1D, TX_DIM_3D, TX_DIM_CUBE, TX_DIM_ACUBE};
    for (int di = 0; di < 4; di++) {
        default_tex(&t, odims[di], FC_F32);
        for (int m = 0; m < 4; m++)
            aniso_sampler(g, &smp[m], 7, 1 + m % 3, m == 3 ? 2 : 0);
        for (int k = 0; k < 8; k++) {
            default_step(&st[k], odims[di]);
            st[k].smp = k & 3;
            st[k].deriv_lo = -1;
        }
        snprintf(id, sizeof id, "aniso-linear-%s", dim_text[odims[di]]);
        snprintf(desc, sizeof desc, "ANISO on %s: LINEAR, one probe", dim_text[odims[di]]);
        if (emit(g, id, desc, &t, smp, 4, st, 8, NULL) < 0)
            return -1;
    }
    return 0;
}

static int aniso_random_vector(gen_ctx *g, int idx)
{
    static const int dims[7] = {TX_DIM_2D, TX_DIM_A2D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_2D,
                                TX_DIM_1D, TX_DIM_CUBE};
    static const int lm[6] = {TX_LOD_NONE, TX_LOD_NONE, TX_LOD_LB, TX_LOD_LBA, TX_LOD_LL,
                              TX_LOD_LZ};
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    int nsmp = 2 + (int)gen_rn(g, MAX_SMP - 1);
    int dim = dims[gen_rn(g, 7)];
    default_tex(&t, dim, (int)gen_rn(g, FC_COUNT));
    t.w = 2 + (int)gen_rn(g, 40);
    t.h = dim <= TX_DIM_A1D ? 1 : (dim >> 1) == 3 ? t.w : 2 + (int)gen_rn(g, 40);
    t.d = (dim & 1) ? 1 + (int)gen_rn(g, 4) : 1;
    int maxl = 1;
    while ((t.w >> maxl) || (t.h >> maxl))
        maxl++;
    t.levels = 1 + (int)gen_rn(g, (uint32_t)(maxl < 7 ? maxl : 7));
    t.first = gen_pct(g, 15) ? (int)gen_rn(g, (uint32_t)t.levels) : 0;
    t.bh = (int)gen_rn(g, 3);
    t.uhoc = gen_pct(g, 15);
    t.hdr_aniso = (int)gen_rn(g, 8);
    t.hdr_bias = t.uhoc ? (int)gen_rn(g, 0x300) - 0x100 : 0;
    for (int i = 0; i < nsmp; i++) {
        aniso_sampler(g, &smp[i], (int)gen_rn(g, 8), 1 + (int)gen_rn(g, 3),
                      gen_pct(g, 25) ? 1 + (int)gen_rn(g, 2) : 0);
        smp[i].depth_compare = (uint8_t)gen_rn(g, 2);
        if (gen_pct(g, 15))
            smp[i].min_filter = (uint8_t)(1 + gen_rn(g, 2));
    }
    for (int k = 0; k < MAX_STEPS; k++) {
        step_cfg *s = &st[k];
        default_step(s, dim);
        s->smp = (int)gen_rn(g, (uint32_t)nsmp);
        s->lod = lm[gen_rn(g, 6)];
        s->stretch = gen_pct(g, 85) ? 1 + (int)gen_rn(g, 40) : 0;
        s->aoffi = (s->dim >> 1) != 3 && gen_pct(g, 15);
        s->dc = gen_pct(g, 15);
        s->ndv = gen_pct(g, 10);
        s->nodep = gen_pct(g, 15);
        s->wmask = gen_pct(g, 70) ? 0xf : 1 + (int)gen_rn(g, 15);
        s->rd = random_rd(g, s->wmask);
        s->special = gen_pct(g, 10) ? 10 : 0;
        s->edges = gen_pct(g, 15);
        s->deriv_lo = -2;
        s->deriv_hi = 5;
    }
    char id[48];
    snprintf(id, sizeof id, "tex-aniso-random-%d", idx);
    json_object *v;
    if (emit(g, id, NULL, &t, smp, nsmp, st, MAX_STEPS, &v) < 0)
        return -1;
    if (gen_pct(g, 20))
        gen_set(v, "ctm", gen_hex32((uint32_t)gen_rand(g) | 0x0000ffffu));
    return gen_flush(g);
}

int gen_tex_aniso_random(gen_ctx *g)
{
    int count = gen_count(g, 20);
    for (int i = 0; i < count; i++)
        if (aniso_random_vector(g, i) < 0)
            return -1;
    return 0;
}

/* ---- Seamless cube map suites (docs/filtering.md section 15) ------------------------- */

/*
 * tex-cube-directed  CUBE and ARRAY_CUBE x bilinear / trilinear x average,
 *                    MIN and MAX reduction, face sizes 1 to 16: every lane on
 *                    one of the 48 targets (4 edges and 4 corners of each of
 *                    the 6 faces) in turn, so that each vector visits every
 *                    target about five times; samplers with
 *                    CUBEMAP_INTERFACE_FILTERING 2 and 3, and one with 0 (the
 *                    faces clamp) as control; .LZ and .LL (.LLA) levels;
 *                    depth compare on the zf32 vectors
 * tex-cube-random    constrained-random cube vectors: random sizes, levels,
 *                    formats, filters, reduction, LOD forms and interface
 *                    codes 0 to 3; 70 % of the lanes on a random target
 */

/* Place a lane of a seamless step: target tgt = face * 8 + kind, kind 0-3
 * the edges sc low, sc high, tc low, tc high, 4-7 the corners.  The lane's
 * level is picked at random (an explicit LOD operand selects it; the face
 * size of that level decides how close to the edge the lane lies).
 * Returns 0 to leave the lane to the usual coordinates. */
static int cube_lane(gen_ctx *g, const tex_cfg *t, const step_cfg *s, int lane, double v[3],
                     double *lod)
{
    if (s->seam == 2 && !gen_pct(g, 70))
        return 0;
    int tgt = s->seam == 1 ? s->seam_base + lane : (int)gen_rn(g, 48);
    int lvl = s->lod == TX_LOD_LZ ? 0 : (int)gen_rn(g, (uint32_t)t->levels);
    gen_cube_target(g, tgt, t->w >> (t->first + lvl), v);
    /* Level lvl, and for trilinear lvl + 1 with a random weight. */
    *lod = lvl + gen_frnd(g, 0, 0.98);
    if (s->lod == TX_LOD_LB || s->lod == TX_LOD_LBA)
        *lod += gen_frnd(g, -1, 1);
    return 1;
}

int gen_tex_cube_directed(gen_ctx *g)
{
    char id[64], desc[200];
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    static const int dims[2] = {TX_DIM_CUBE, TX_DIM_ACUBE};
    static const char *const filt_name[3] = {"point", "bilinear", "trilinear"};
    static const char *const red_name[3] = {"average", "min", "max"};
    static const int fcs[4] = {FC_F32, FC_UNORM8, FC_F16X4, FC_DEPTH32};
    static const int sizes[6] = {8, 4, 5, 16, 2, 3};
    int vi = 0;

    for (int di = 0; di < 2; di++)
        for (int f = 1; f < 3; f++)
            for (int red = 0; red < 3; red++, vi++) {
                int dim = dims[di], fc = fcs[vi % 4];
                default_tex(&t, dim, fc);
                t.w = t.h = sizes[vi % 6];
                int maxl = 1;
                while (t.w >> maxl)
                    maxl++;
                t.levels = maxl < 4 ? maxl : 4;
                for (int m = 0; m < 8; m++) {
                    random_tsc(g, &smp[m]);
                    sampler_filter(&smp[m], f);
                    smp[m].reduction_filter = (uint8_t)red;
                    smp[m].cubemap_interface_filtering = (uint8_t)(m == 7 ? 0 : 2 + (m & 1));
                    smp[m].depth_compare = 0;
                    default_step(&st[m], dim);
                    st[m].smp = m;
                    st[m].rd = 4 * (m & 1);
                    st[m].lod = (m % 3) == 0 ? TX_LOD_LZ : dim == TX_DIM_ACUBE ? TX_LOD_LLA
                                                                              : TX_LOD_LL;
                    st[m].dc = fc == FC_DEPTH32 && (m & 2);
                    st[m].seam = 1;
                    st[m].seam_base = 32 * m;
                }
                snprintf(id, sizeof id, "cube-%s-%s-%s-%s", dim_text[dim], filt_name[f],
                         red_name[red], fclasses[fc].name);
                snprintf(desc, sizeof desc, "%s %s %s, %dx%d faces, %s texture: every edge and "
                         "corner of every face, seamless codes 2 and 3 and 0", dim_text[dim],
                         filt_name[f], red_name[red], t.w, t.w, fclasses[fc].name);
                if (emit(g, id, desc, &t, smp, 8, st, 8, NULL) < 0)
                    return -1;
            }
    return 0;
}

static int cube_random_vector(gen_ctx *g, int idx)
{
    static const int lm[6] = {TX_LOD_NONE, TX_LOD_LZ, TX_LOD_LB, TX_LOD_LL, TX_LOD_LBA,
                              TX_LOD_LLA};
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    int nsmp = 2 + (int)gen_rn(g, MAX_SMP - 1), nsteps = 8;
    int dim = gen_pct(g, 50) ? TX_DIM_CUBE : TX_DIM_ACUBE;
    default_tex(&t, dim, (int)gen_rn(g, FC_COUNT));
    t.w = t.h = 1 + (int)gen_rn(g, 20);
    t.d = dim == TX_DIM_ACUBE ? 1 + (int)gen_rn(g, 3) : 1;
    int maxl = 1;
    while (t.w >> maxl)
        maxl++;
    t.levels = 1 + (int)gen_rn(g, (uint32_t)(maxl < 6 ? maxl : 6));
    t.bh = (int)gen_rn(g, 3);
    for (int i = 0; i < nsmp; i++) {
        random_tsc(g, &smp[i]);
        smp[i].cubemap_interface_filtering = (uint8_t)(gen_pct(g, 80) ? 2 + gen_rn(g, 2) : gen_rn(g, 2));
        smp[i].reduction_filter = (uint8_t)(gen_pct(g, 50) ? 0 : gen_rn(g, 4));
        if (gen_pct(g, 60))
            smp[i].mag_filter = smp[i].min_filter = 2;
        if (gen_pct(g, 10)) {
            smp[i].min_filter = 3;
            smp[i].max_anisotropy = (uint8_t)gen_rn(g, 8);
        }
    }
    for (int k = 0; k < nsteps; k++) {
        step_cfg *s = &st[k];
        default_step(s, dim);
        s->smp = (int)gen_rn(g, (uint32_t)nsmp);
        s->lod = lm[gen_rn(g, 6)];
        s->dc = gen_pct(g, 20);
        s->nodep = gen_pct(g, 20);
        s->wmask = gen_pct(g, 70) ? 0xf : (int)gen_rn(g, 16);
        s->rd = random_rd(g, s->wmask);
        s->special = gen_pct(g, 10) ? 5 : 0;
        s->seam = 2;
        s->deriv_lo = -3;
        s->deriv_hi = 3;
    }
    char id[48];
    snprintf(id, sizeof id, "tex-cube-random-%d", idx);
    if (emit(g, id, NULL, &t, smp, nsmp, st, nsteps, NULL) < 0)
        return -1;
    return gen_flush(g);
}

int gen_tex_cube_random(gen_ctx *g)
{
    int count = gen_count(g, 20);
    for (int i = 0; i < count; i++)
        if (cube_random_vector(g, i) < 0)
            return -1;
    return 0;
}

/* ---- Destination registers, lanes that disagree, infinite texels ----------------- */

/*
 * tex-regs           TEX and TLDS destinations at every register offset
 *                    modulo 4 for every write mask (TEX) and write-mask code
 *                    x F32 / F16 (TLDS), legal and illegal by the alignment
 *                    rule of docs/isa.md section 5
 * tex-aniso-lanes    ANISO with a different LOD operand in every lane of a
 *                    quad (.LB, .LBA, .LL, .LLA): drawn per lane, or one lane
 *                    of each quad above the others (each lane in turn), and
 *                    partial quads under .NDV, so that the lanes of a quad
 *                    take different probe counts and levels
 * tex-float-special  RGBA32F, R32F and RGBA16F textures of +-Inf, NaN and the
 *                    largest finite values of both signs, next to each other,
 *                    and of mostly -0.0 beside +0.0 and denormals of both
 *                    signs, under bilinear, trilinear and anisotropic filtering
 */

/* TEX: write mask m (1..15) to Rd = base + o for o = 0..7: 120 steps, 15 per
 * vector (rd offsets across the vector), illegal ones allowed. */
int gen_tex_regs(gen_ctx *g)
{
    tex_cfg t;
    tx_tsc smp[2];
    step_cfg st[MAX_STEPS];
    char id[64], desc[200];
    int n = 0;
    for (int v = 0; v < 8; v++) {
        int dim = v & 1 ? TX_DIM_A2D : TX_DIM_2D;
        default_tex(&t, dim, v & 2 ? FC_F16X4 : FC_UNORM8);
        t.w = 8;
        t.h = 6;
        t.levels = 3;
        for (int i = 0; i < 2; i++) {
            random_tsc(g, &smp[i]);
            sampler_filter(&smp[i], 1 + i);
            smp[i].depth_compare = 0;
        }
        for (int k = 0; k < 15; k++) {
            default_step(&st[k], dim);
            st[k].wmask = 1 + k;
            st[k].rd = (v + k) & 7;
            st[k].smp = k & 1;
            st[k].lod = k & 2 ? TX_LOD_LZ : TX_LOD_NONE;
        }
        snprintf(id, sizeof id, "tex-regs-%d", n++);
        snprintf(desc, sizeof desc, "TEX %s: write masks 0x1..0xf to Rd = R%d.. (mod 8 turning): "
                 "aligned, odd and R2 mod 4 destinations, illegal ones write nothing",
                 dim_text[dim], v);
        json_object *vo;
        if (emit(g, id, desc, &t, smp, 2, st, 15, &vo) < 0)
            return -1;
        gen_set(vo, "allow_illegal", json_object_new_boolean(1));
    }

    /* TLDS.LL 2D: every write-mask code of both tables, Rd0 = R0..R3 and
     * Rd1 = R4..R7, F32 and F16; Ra = R16 + 2k (s, t), Rb = R8 (level). */
    static const char *const m1[8] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
    static const char *const m2[5] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};
    for (int f16 = 0; f16 < 2; f16++) {
        default_tex(&t, TX_DIM_2D, FC_F32X4);
        t.w = 6;
        t.h = 5;
        t.levels = 2;
        random_tsc(g, &smp[0]);
        snprintf(id, sizeof id, "tlds-regs-%s", f16 ? "f16" : "f32");
        snprintf(desc, sizeof desc, "TLDS.LL 2D %s: every write-mask code, Rd0 at R0..R3, Rd1 "
                 "at R4..R7: pairs on odd registers are illegal", f16 ? "F16" : "F32");
        json_object *vo;
        if (emit(g, id, desc, &t, smp, 1, st, 0, &vo) < 0)
            return -1;
        uint32_t zero[32] = {0}, x[32], y[32];
        gen_reg(vo, 8, zero);
        int k = 0;
        for (int c = 0; c < 8 + 5 * 4; c++)
            for (int r0 = 0; r0 < 4; r0++) {
                for (int l = 0; l < 32; l++) {
                    x[l] = gen_rn(g, 7);
                    y[l] = gen_rn(g, 6);
                }
                gen_reg(vo, 16 + 2 * k, x);
                gen_reg(vo, 17 + 2 * k, y);
                char rd1[8];
                const char *mask;
                if (c < 8) {
                    snprintf(rd1, sizeof rd1, "RZ");
                    mask = m1[c];
                } else {
                    snprintf(rd1, sizeof rd1, "R%d", 4 + (c - 8) % 4);
                    mask = m2[(c - 8) / 4];
                }
                /* The text names Rd1 first (docs/isa.md 4.1). */
                gen_stepf(vo, "TLDS.LL%s %s, R%d, R%d, R8, 0x0, 2D, %s", f16 ? ".F16" : "", rd1,
                          r0, 16 + 2 * k, mask);
                k++;
            }
        if (gen_flush(g) < 0)
            return -1;
    }
    return gen_flush(g);
}

int gen_tex_aniso_lanes(gen_ctx *g)
{
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    char id[64], desc[200];
    static const int lm[4] = {TX_LOD_LB, TX_LOD_LBA, TX_LOD_LL, TX_LOD_LLA};
    static const int fcs[4] = {FC_F32, FC_UNORM8, FC_F16X4, FC_SRGB8};
    for (int v = 0; v < 8; v++) {
        int dim = v & 1 ? TX_DIM_A2D : TX_DIM_2D;
        default_tex(&t, dim, fcs[v & 3]);
        t.w = 32 - 4 * (v & 2);
        t.h = 16 + 4 * (v & 4);
        t.levels = v & 1 ? 6 : 3;    /* lanes past the last level keep one level */
        for (int m = 0; m < 8; m++) {
            aniso_sampler(g, &smp[m], 4 + (m & 3), 1 + (m + v) % 3, v >= 6 ? 1 + (m & 1) : 0);
            smp[m].mip_lod_bias = 0;
            smp[m].min_lod_clamp = 0;
            smp[m].max_lod_clamp = 0xfff;
        }
        for (int k = 0; k < MAX_STEPS; k++) {
            default_step(&st[k], dim);
            st[k].smp = k & 7;
            st[k].lod = lm[k & 3];
            st[k].stretch = 2 + (int)gen_rn(g, 15);
            st[k].deriv_lo = 0;
            st[k].deriv_hi = 3;
            st[k].lod_lo = 0;       /* .LB bias -2 .. 2, .LL 0 .. 4 */
            st[k].lod_hi = 4;
            st[k].lane_lod = 1.0 + (k & 3) * 0.75;
            st[k].lane_lead = (k >> 3) & 1;
            st[k].lane_lead_at = k + v;
            st[k].ndv = (k >> 2) & 1;
            st[k].rd = 4 * (k & 3);
        }
        snprintf(id, sizeof id, "aniso-lanes-%d", v);
        snprintf(desc, sizeof desc, "ANISO %s %s: each lane of a quad with its own .LB/.LBA/.LL/"
                 ".LLA operand (spread 1..3.25 levels), so that lanes magnify or minify and take "
                 "different probe counts; partial quads under .NDV", dim_text[dim],
                 fclasses[fcs[v & 3]].name);
        json_object *vo;
        if (emit(g, id, desc, &t, smp, 8, st, MAX_STEPS, &vo) < 0)
            return -1;
        /* A quad missing one lane (each lane in turn), one missing two; the
         * .NDV steps keep them non-divergent, the others make them so. */
        gen_set(vo, "ctm", gen_hex32(0xff3fe7dbu ^ (uint32_t)(v << 8)));
    }
    return 0;
}

int gen_tex_float_special(gen_ctx *g)
{
    tex_cfg t;
    tx_tsc smp[MAX_SMP];
    step_cfg st[MAX_STEPS];
    char id[64], desc[200];
    static const int fcs[3] = {FC_F32X4, FC_F16X4, FC_F32};
    static const char *const sname[6] = {"bilinear", "trilinear", "aniso 16:1", "aniso 4:1",
                                         "bilinear MIN", "trilinear MAX"};
    for (int v = 0; v < 12; v++) {
        int fc = fcs[v % 3], dim = v >= 3 && v < 6 ? TX_DIM_A2D : TX_DIM_2D;
        default_tex(&t, dim, fc);
        t.w = 8 + 2 * (v % 6);
        t.h = 6 + v % 6;
        t.levels = 4;
        t.specials = v < 6 ? 1 : v < 9 ? 2 : 3;
        for (int m = 0; m < 6; m++) {
            random_tsc(g, &smp[m]);
            smp[m].depth_compare = 0;
            smp[m].mip_lod_bias = 0;
            smp[m].min_lod_clamp = 0;
            smp[m].max_lod_clamp = 0xfff;
            sampler_filter(&smp[m], m == 1 || m == 5 ? 2 : 1);
            if (m == 2 || m == 3) {
                smp[m].min_filter = 3;
                smp[m].mip_filter = 3;
                smp[m].max_anisotropy = (uint8_t)(m == 2 ? 7 : 2);
            }
            smp[m].reduction_filter = (uint8_t)(m == 4 ? 1 : m == 5 ? 2 : 0);
        }
        for (int k = 0; k < MAX_STEPS; k++) {
            default_step(&st[k], dim);
            st[k].smp = k % 6;
            st[k].lod = k & 8 ? TX_LOD_LL : TX_LOD_NONE;
            st[k].stretch = st[k].smp == 2 || st[k].smp == 3 ? 1 + (int)gen_rn(g, 12) : 0;
            st[k].edges = k & 1;
            st[k].deriv_lo = -1;
            st[k].deriv_hi = 3;
            st[k].lod_lo = 0;
            st[k].lod_hi = 3;
            st[k].rd = 4 * (k & 3);
        }
        snprintf(id, sizeof id, "float-special-%d", v);
        snprintf(desc, sizeof desc, "%s %s of %s side by side: bilinear, trilinear, ANISO 16:1 "
                 "and 4:1, MIN, MAX (%s first)", dim_text[dim], fclasses[fc].name,
                 v < 6 ? "+-Inf, NaN and huge values of both signs"
                 : v < 9 ? "mostly -0.0, with +0.0 and denormals of both signs" : "-0.0",
                 sname[v % 6]);
        if (emit(g, id, desc, &t, smp, 6, st, MAX_STEPS, NULL) < 0)
            return -1;
    }
    return 0;
}
