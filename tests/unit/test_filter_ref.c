/*
 * test_filter_ref.c - an independent double-precision TEX sampler that checks
 * the model within the D3D11.3 tolerances (docs/filtering.md section 12).
 *
 * Nothing here calls the model's sampling code: texel decode (UNORM8, sRGB
 * by the D3D11 formula, binary32, binary16, UINT), coordinate scaling,
 * address modes, cube faces, LOD, mip selection, depth compare and the
 * filter are written again in double precision from the D3D11.3 functional
 * spec (7.18) and the sampler field meanings.  The model is driven only
 * through tx_step with assembled instructions, real headers and samplers in
 * memory.  Texel *placement* in memory uses the layout stage
 * (tx_layout_build / tx_addr_texel), which TLDS already checks against the
 * RTL and docs/layouts.md; it decides where bytes live, not what a sample
 * returns.
 *
 * Tolerances.  The model quantises coordinates to 1/256 texel and the LOD
 * to 1/256 (D3D11 7.18.16.1: at least 8 sub-texel and 8 LOD fraction bits).
 * The reference therefore evaluates every coordinate on the box
 * [u - 1/256, u + 1/256] (per axis) and the LOD on [lod - d, lod + d], with
 * d = 2/256 plus the effect of 1/256 derivative quantisation, taking the
 * box's corners and every breakpoint inside it (texel edges, mip switches).
 * Between breakpoints a sample is multilinear in the box coordinates, so its
 * extremes are at those points: the model's value must lie in
 * [min - eps, max + eps] per component, eps = 2^-18 of the largest texel
 * magnitude (the float blend's rounding).  Point and integer results must
 * equal one candidate exactly.  Over 100,000 random lanes run, plus corner
 * classes: wrap seams, borders, mip boundaries, cube edges and ties, and
 * denormal, NaN, infinite and huge coordinates.  TXD (explicit gradients)
 * is checked the same way with each lane's own gradients (run_txd).
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "isa.h"
#include "layout.h"
#include "model.h"
#include "stages.h"
#include "state.h"
#include "tic.h"

/* ---- random ----------------------------------------------------------- */

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return (uint32_t)(rs >> 11);
}
static double frand(void) { return (rnd() & 0xffffff) / 16777216.0; }

static float asf(uint32_t b) { return bits_f32(b); }

/* ---- textures ----------------------------------------------------------- */

enum { F_RGBA8, F_SRGB8, F_R32F, F_RGBA16F, F_R32UI, NFMT };
enum { D_1D, D_2D, D_A2D, D_3D, D_CUBE, D_ACUBE, NDIM };

#define NTEX 12
#define MAXL 6

typedef struct rtex {
    int fmt, dim;
    int w, h, d, layers, levels;   /* level-0 extent; layers incl. 6 faces */
    int bpp;
    tx_tic tic;
    tx_layout L;
    uint32_t index;
} rtex;

static rtex texs[NTEX];
static tx_state *S;

#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull

static int imax(int a, int b) { return a > b ? a : b; }
static int lev_ext(int n, int l) { return imax(1, n >> l); }

/* The texel bytes: a hash of the position, fixed per texture.  Float
 * formats get finite values in a moderate range (plus exact zeros). */
static uint32_t hash5(int t, int l, int layer, int x, int y, int z)
{
    uint32_t h = (uint32_t)t * 73856093u ^ (uint32_t)l * 19349663u ^
                 (uint32_t)layer * 83492791u ^ (uint32_t)x * 2654435761u ^
                 ((uint32_t)y * 40503u + 7u) ^ ((uint32_t)z * 97u + 3u);
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    h *= 0x297a2d39u;
    h ^= h >> 15;
    return h;
}

static uint16_t f16_of(double v)
{
    /* Small exact conversion for moderate values: v = k / 64, |k| < 2^10. */
    int k = (int)lrint(v * 64);
    if (k == 0)
        return 0;
    uint16_t s = k < 0 ? 0x8000 : 0;
    unsigned m = (unsigned)(k < 0 ? -k : k);
    int e = 0;
    while (m >= 2048) { m >>= 1; e++; }
    while (m < 1024) { m <<= 1; e--; }
    /* value = m * 2^(e) / 64 = m * 2^(e-6); f16: (1024+f) * 2^(E-25) */
    int E = e - 6 + 25;
    return (uint16_t)(s | E << 10 | (m & 1023));
}

static void texel_bytes(const rtex *t, int ti, int l, int layer, int x, int y, int z,
                        uint8_t b[16])
{
    uint32_t h = hash5(ti, l, layer, x, y, z);
    memset(b, 0, 16);
    switch (t->fmt) {
    case F_RGBA8:
    case F_SRGB8:
        for (int i = 0; i < 4; i++)
            b[i] = (uint8_t)(hash5(ti + i, l, layer, x, y, z) >> 8);
        break;
    case F_R32F: {
        float f = (h & 15) == 0 ? 0.0f : (float)(((int)(h >> 8 & 0xffff) - 32768) / 4096.0);
        uint32_t v = f32_bits(f);
        memcpy(b, &v, 4);
        break;
    }
    case F_RGBA16F:
        for (int i = 0; i < 4; i++) {
            uint32_t q = hash5(ti + 7 * i, l, layer, x, y, z);
            uint16_t v = f16_of(((int)(q >> 8 & 1023) - 512) / 64.0);
            memcpy(b + 2 * i, &v, 2);
        }
        break;
    default: /* R32UI */
        memcpy(b, &h, 4);
        break;
    }
}

/* The reference decode of a texel: its own code, D3D11 3.2.3. */
static double srgb_lin(int c)
{
    double x = c / 255.0;
    return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
}

static double half_val(uint16_t h)
{
    int e = h >> 10 & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : ldexp(1024 + m, e - 25);
    return (h & 0x8000) ? -v : v;
}

static void decode(const rtex *t, const uint8_t b[16], double out[4], uint32_t raw[4])
{
    switch (t->fmt) {
    case F_RGBA8:
        for (int i = 0; i < 4; i++)
            out[i] = b[i] / 255.0;
        break;
    case F_SRGB8:
        for (int i = 0; i < 3; i++)
            out[i] = srgb_lin(b[i]);
        out[3] = b[3] / 255.0;
        break;
    case F_R32F: {
        uint32_t v;
        memcpy(&v, b, 4);
        out[0] = asf(v);
        out[1] = out[2] = 0;
        out[3] = 1;
        break;
    }
    case F_RGBA16F:
        for (int i = 0; i < 4; i++) {
            uint16_t v;
            memcpy(&v, b + 2 * i, 2);
            out[i] = half_val(v);
        }
        break;
    default: {
        uint32_t v;
        memcpy(&v, b, 4);
        raw[0] = v;
        raw[1] = raw[2] = 0;
        raw[3] = 1;
        for (int i = 0; i < 4; i++)
            out[i] = raw[i];
        break;
    }
    }
}

static void put_words(uint64_t a, const uint32_t w[8])
{
    uint8_t b[32];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(S->mem, a, b, 32);
}

static void make_tex(int ti, int fmt, int dim, int w, int h, int d, int layers, int levels,
                     uint64_t addr)
{
    rtex *t = &texs[ti];
    tx_tic *c = &t->tic;
    static const uint8_t comps[NFMT] = {TX_FMT_A8B8G8R8, TX_FMT_A8B8G8R8, TX_FMT_R32,
                                        TX_FMT_R16G16B16A16, TX_FMT_R32};
    static const uint8_t dts[NFMT] = {TX_DT_UNORM, TX_DT_UNORM, TX_DT_FLOAT, TX_DT_FLOAT,
                                      TX_DT_UINT};
    static const uint8_t types[NDIM] = {TX_TEX_1D, TX_TEX_2D, TX_TEX_2D_ARRAY, TX_TEX_3D,
                                        TX_TEX_CUBEMAP, TX_TEX_CUBEMAP_ARRAY};
    memset(t, 0, sizeof *t);
    t->fmt = fmt;
    t->dim = dim;
    t->w = w;
    t->h = dim == D_1D ? 1 : h;
    t->d = dim == D_3D ? d : 1;
    t->levels = levels;
    t->index = (uint32_t)ti;
    c->components = comps[fmt];
    for (int i = 0; i < 4; i++)
        c->dtype[i] = dts[fmt];
    c->swz[0] = TX_SWZ_R; c->swz[1] = TX_SWZ_G; c->swz[2] = TX_SWZ_B; c->swz[3] = TX_SWZ_A;
    c->srgb = fmt == F_SRGB8;
    c->address = addr;
    c->version = TX_TIC_BLOCKLINEAR;
    c->width_minus_one = (uint32_t)w - 1;
    c->height_minus_one = (uint16_t)(t->h - 1);
    c->texture_type = types[dim];
    c->normalized_coords = 1;
    c->max_mip_level = (uint8_t)(levels - 1);
    c->res_view_max_mip_level = (uint8_t)(levels - 1);
    if (dim == D_3D)
        c->depth_minus_one = (uint16_t)(d - 1);
    else if (dim == D_A2D || dim == D_ACUBE)
        c->depth_minus_one = (uint16_t)(layers - 1);
    uint32_t words[8];
    tx_tic_pack(c, words);
    put_words(TIC_BASE + 32ull * ti, words);
    if (tx_layout_build(c, TX_GOB_TEGRA, &t->L) != 0) {
        CHECK(0, "texture %d: no layout", ti);
        return;
    }
    t->layers = (int)t->L.layers;
    t->bpp = (int)t->L.bpp;
    for (int l = 0; l < levels; l++)
        for (int la = 0; la < t->layers; la++)
            for (int z = 0; z < lev_ext(t->d, l); z++)
                for (int y = 0; y < lev_ext(t->h, l); y++)
                    for (int x = 0; x < lev_ext(t->w, l); x++) {
                        uint8_t b[16];
                        uint64_t a;
                        texel_bytes(t, ti, l, la, x, y, z, b);
                        if (tx_addr_texel(&t->L, (uint32_t)l, (uint32_t)x, (uint32_t)y,
                                          (uint32_t)z, (uint32_t)la, 0, &a) == 0)
                            tx_mem_write(S->mem, a, b, (size_t)t->bpp);
                    }
}

/* ---- the reference sampler -------------------------------------------- */

typedef struct rsmp {
    int au[3];            /* address modes u, v, p */
    int mag, min, mip;    /* 1 POINT 2 LINEAR; mip 1 NONE 2 POINT 3 LINEAR */
    int dc, func;         /* compare on, function */
    double bias, minl, maxl;
    uint32_t border[4];
    uint8_t srgb_border[3];
    int red;              /* reduction: 0 average, 1 MIN, 2 MAX (filtering.md 13) */
    int seam;             /* seamless cube faces (filtering.md 15) */
} rsmp;

/* A texel index after the address mode; returns -1 for a border tap. */
static int ref_wrap(int i, int n, int mode)
{
    switch (mode) {
    case 0: { int r = i % n; return r < 0 ? r + n : r; }
    case 1: {
        int p = 2 * n, r = i % p;
        if (r < 0) r += p;
        return r >= n ? p - 1 - r : r;
    }
    case 2: return i < 0 ? 0 : (i > n - 1 ? n - 1 : i);
    case 5: { int m = i >= 0 ? i : -1 - i; return m > n - 1 ? n - 1 : m; }
    case 6: { int m = i >= 0 ? i : -1 - i; return m >= n ? -1 : m; }
    default: return (i < 0 || i >= n) ? -1 : i;   /* 3, 4, 7 */
    }
}

typedef struct rq {          /* one query of the reference */
    const rtex *t;
    int ti;
    const rsmp *s;
    int integer;
    double c[3];             /* texel-space coordinate at level 0 per axis: s * w0 etc.
                                (cube: face coordinate in [0,1]) */
    int normalized;
    int layer;
    int off[3];
    double ref;              /* DC reference */
    double po[3];            /* anisotropic probe offset, texels of level 0 (filtering.md 14) */
    int face;                /* cube face of the lane */
} rq;

/* Half-width of the coordinate box (texels); anisotropic probes widen it. */
static double box_d = 1.0 / 256;

static const int ncoord_of[NDIM] = {1, 2, 2, 3, 2, 2};

/* One tap: the value of texel (x, y, z) of level l with the border rule. */
/* The largest finite tap magnitude of the lane being checked (the bound of
 * the 8-bit weights' rounding, check_lane). */
static double tap_mag;
/* The sample blends two levels (a border tap is then filtered, tap()). */
static int two_levels;

static void tap(const rq *q, int l, const int idx[3], const int border, double v[4])
{
    const rtex *t = q->t;
    uint32_t raw[4] = {0, 0, 0, 0};
    if (border) {
        for (int i = 0; i < 4; i++)
            v[i] = q->integer ? (double)q->s->border[i] : (double)asf(q->s->border[i]);
        /* D3D11 7.18.9.1: the border colour is clamped to the format's
         * range (UNORM: [0, 1]) when it is filtered (border 2). */
        if ((t->fmt == F_RGBA8 || t->fmt == F_SRGB8) && !q->s->dc && !q->s->red && border == 2)
            for (int i = 0; i < 4; i++)
                v[i] = v[i] < 0 ? 0 : v[i] > 1 ? 1 : v[i];
        if (t->fmt == F_SRGB8)    /* S6.10: the sampler's sRGB border bytes */
            for (int i = 0; i < 3; i++)
                v[i] = srgb_lin(q->s->srgb_border[i]);
    } else {
        uint8_t b[16];
        texel_bytes(t, q->ti, l, q->layer, idx[0], idx[1], idx[2], b);
        decode(t, b, v, raw);
    }
    if (q->s->dc) {
        double d = v[0];
        double r = q->ref;
        int pass;
        switch (q->s->func) {
        case 0: pass = 0; break;
        case 1: pass = r < d; break;
        case 2: pass = r == d; break;
        case 3: pass = r <= d; break;
        case 4: pass = r > d; break;
        case 5: pass = r != d; break;
        case 6: pass = r >= d; break;
        default: pass = 1; break;
        }
        v[0] = v[1] = v[2] = v[3] = pass ? 1.0 : 0.0;
    }
}

/* The reference face table (OpenGL, D3D11 7.18.7): direction -> face, s, t
 * in [-1, 1], written from the direction, not from the model's lattice. */
static int seam_face(const double d[3], double *s, double *t)
{
    double ax = fabs(d[0]), ay = fabs(d[1]), az = fabs(d[2]);
    if (az >= ay && az >= ax) {
        *s = (d[2] >= 0 ? d[0] : -d[0]) / az;
        *t = -d[1] / az;
        return d[2] >= 0 ? 4 : 5;
    }
    if (ay >= ax) {
        *s = d[0] / ay;
        *t = (d[1] >= 0 ? d[2] : -d[2]) / ay;
        return d[1] >= 0 ? 2 : 3;
    }
    *s = (d[0] >= 0 ? -d[2] : d[2]) / ax;
    *t = -d[1] / ax;
    return d[0] >= 0 ? 0 : 1;
}

/* The direction of face f's point (s, t), the inverse of seam_face. */
static void seam_dir(int f, double s, double t, double d[3])
{
    switch (f) {
    case 0: d[0] = 1; d[1] = -t; d[2] = -s; break;
    case 1: d[0] = -1; d[1] = -t; d[2] = s; break;
    case 2: d[0] = s; d[1] = 1; d[2] = t; break;
    case 3: d[0] = s; d[1] = -1; d[2] = -t; break;
    case 4: d[0] = s; d[1] = -t; d[2] = 1; break;
    default: d[0] = -s; d[1] = -t; d[2] = -1; break;
    }
}


/* Seamless cubes (filtering.md 15), from the geometry: the value of face
 * texel (i, j) of level l (face size n) where i or j may be one step
 * outside.  An edge texel is the one the direction of its centre projects
 * into; a corner is the mean (min, max) of the corner texels of the three
 * faces that meet at that cube corner. */
static void seam_tap(const rq *q, int l, int n, int i, int j, double v[4])
{
    rq r = *q;
    int base = q->layer - q->face;
    int oi = i < 0 || i >= n, oj = j < 0 || j >= n;
    int idx[3] = {i, j, 0};
    if (!oi && !oj) {
        tap(q, l, idx, 0, v);
        return;
    }
    if (!(oi && oj)) {
        double d[3], rs, rt;
        seam_dir(q->face, (2.0 * i + 1) / n - 1, (2.0 * j + 1) / n - 1, d);
        int g = seam_face(d, &rs, &rt);
        idx[0] = (int)floor((rs + 1) / 2 * n);
        idx[1] = (int)floor((rt + 1) / 2 * n);
        idx[0] = idx[0] < 0 ? 0 : idx[0] >= n ? n - 1 : idx[0];
        idx[1] = idx[1] < 0 ? 0 : idx[1] >= n ? n - 1 : idx[1];
        r.layer = base + g;
        tap(&r, l, idx, 0, v);
        return;
    }
    double d[3], sg[3];
    seam_dir(q->face, i < 0 ? -1 : 1, j < 0 ? -1 : 1, d);
    for (int a = 0; a < 3; a++)
        sg[a] = d[a] < 0 ? -1 : 1;
    for (int c = 0; c < 4; c++)
        v[c] = q->s->red == 1 ? INFINITY : q->s->red == 2 ? -INFINITY : 0;
    for (int g = 0; g < 6; g++) {
        int a = g >> 1;
        if ((g & 1 ? -1.0 : 1.0) != sg[a])
            continue;
        double dd[3] = {sg[0], sg[1], sg[2]}, rs, rt, w[4];
        dd[a] *= 1.0 + 1e-9;
        seam_face(dd, &rs, &rt);
        idx[0] = rs > 0 ? n - 1 : 0;
        idx[1] = rt > 0 ? n - 1 : 0;
        r.layer = base + g;
        tap(&r, l, idx, 0, w);
        for (int c = 0; c < 4; c++)
            v[c] = q->s->red == 1 ? fmin(v[c], w[c]) : q->s->red == 2 ? fmax(v[c], w[c])
                                                                      : v[c] + w[c] / 3;
    }
}

/* Sample one level at texel-space offsets du (per axis, texels of the level). */
static void sample_level(const rq *q, int l, int linear, const double du[3], double out[4])
{
    const rtex *t = q->t;
    int n[3] = {lev_ext(t->w, l), lev_ext(t->h, l), lev_ext(t->d, l)};
    int nc = ncoord_of[t->dim];
    int cube = t->dim == D_CUBE || t->dim == D_ACUBE;
    int seam = cube && q->s->seam && linear && n[0] == n[1];
    int i0[3] = {0, 0, 0}, i1[3] = {0, 0, 0};
    double f[3] = {0, 0, 0};

    for (int a = 0; a < nc; a++) {
        double u = q->normalized ? q->c[a] * n[a] : q->c[a];
        if (u > 262144.0) u = 262144.0;       /* the documented range, 2^18 texels */
        if (u < -262144.0) u = -262144.0;
        u += q->off[a] + du[a] + ldexp(q->po[a], -l);
        int mode = cube ? 2 : q->s->au[a];
        int lin = linear;
        if (mode == 4 || mode == 7) {
            if (mode == 7) u = fabs(u);
            u = u < 0 ? 0 : u > n[a] ? n[a] : u;
            if (!lin) mode = 2;
        }
        if (lin) {
            double x = u - 0.5;
            double fl = floor(x);
            f[a] = x - fl;
            i0[a] = (int)fl;
            i1[a] = i0[a] + 1;
        } else {
            i0[a] = i1[a] = (int)floor(u);
        }
        if (seam)
            continue;   /* raw indices, resolved per tap by seam_tap */
        /* store the mode decision in the index sign: border -> INT_MIN */
        int w0 = ref_wrap(i0[a], n[a], mode), w1 = ref_wrap(i1[a], n[a], mode);
        i0[a] = w0 < 0 ? -1000000 : w0;
        i1[a] = w1 < 0 ? -1000000 : w1;
    }
    for (int c = 0; c < 4; c++)
        out[c] = q->s->red == 1 ? INFINITY : q->s->red == 2 ? -INFINITY : 0;
    int span[3] = {nc > 0 ? 2 : 1, nc > 1 ? 2 : 1, nc > 2 ? 2 : 1};
    for (int k = 0; k < span[2]; k++)
        for (int j = 0; j < span[1]; j++)
            for (int i = 0; i < span[0]; i++) {
                double w = (i ? f[0] : 1 - f[0]) * (j ? f[1] : 1 - f[1]) *
                           (k ? f[2] : 1 - f[2]);
                if (!linear && (i || j || k))
                    continue;
                if (!linear)
                    w = 1;
                if (w == 0)
                    continue;
                int idx[3] = {i ? i1[0] : i0[0], j ? i1[1] : i0[1], k ? i1[2] : i0[2]};
                int border = idx[0] < 0 || idx[1] < 0 || idx[2] < 0;
                double v[4];
                if (seam)
                    seam_tap(q, l, n[0], idx[0], idx[1], v);
                else
                    tap(q, l, idx, border ? 1 + (linear || two_levels) : 0, v);
                for (int c = 0; c < 4; c++)
                    if (isfinite(v[c]) && fabs(v[c]) > tap_mag)
                        tap_mag = fabs(v[c]);
                for (int c = 0; c < 4; c++) {
                    if (q->s->red == 1 && linear)
                        out[c] = v[c] < out[c] ? v[c] : out[c];
                    else if (q->s->red == 2 && linear)
                        out[c] = v[c] > out[c] ? v[c] : out[c];
                    else
                        out[c] += w * v[c];
                }
            }
}

/* Candidate offsets in [-d, d] texels of level l for one axis: the ends,
 * 0, and both sides of every breakpoint inside (where u or u - 0.5 crosses
 * an integer). */
static int axis_candidates(const rq *q, int l, int a, double out[10])
{
    const double d = box_d;
    int sz[3] = {lev_ext(q->t->w, l), lev_ext(q->t->h, l), lev_ext(q->t->d, l)};
    int n = 0;
    double u = q->normalized ? q->c[a] * sz[a] : q->c[a];
    if (u > 262144.0) u = 262144.0;
    if (u < -262144.0) u = -262144.0;
    u += q->off[a] + ldexp(q->po[a], -l);
    out[n++] = -d;
    out[n++] = d;
    out[n++] = 0;
    for (int h = 0; h < 2; h++) {
        double x = u - 0.5 * h;
        double b = floor(x + d);
        if (b > x - d && b <= x + d) {
            out[n++] = (b - x) - 1e-7;
            out[n++] = b - x;
            out[n++] = (b - x) + 1e-7;
        }
    }
    return n;
}

/* Range of one level over its coordinate box: per component min/max, and
 * whether some candidate equals v exactly (point results). */
static void level_range(const rq *q, int l, int linear, double mn[4], double mx[4],
                        const uint32_t v[4], int *exact, double *big)
{
    double cu[3][10];
    int nu[3] = {1, 1, 1};
    int nc = ncoord_of[q->t->dim];
    for (int a = 0; a < 3; a++)
        cu[a][0] = 0;
    for (int a = 0; a < nc; a++)
        nu[a] = axis_candidates(q, l, a, cu[a]);
    for (int c = 0; c < 4; c++) {
        mn[c] = INFINITY;
        mx[c] = -INFINITY;
    }
    for (int i = 0; i < nu[0]; i++)
        for (int j = 0; j < nu[1]; j++)
            for (int k = 0; k < nu[2]; k++) {
                double du[3] = {cu[0][i], cu[1][j], cu[2][k]}, o[4];
                sample_level(q, l, linear, du, o);
                int same = 1;
                for (int c = 0; c < 4; c++) {
                    if (o[c] < mn[c]) mn[c] = o[c];
                    if (o[c] > mx[c]) mx[c] = o[c];
                    if (fabs(o[c]) > *big) *big = fabs(o[c]);
                    /* exact, but for the sRGB table's rounding (8 significant
                     * bits, steps of at least 2^-14: within D3D11 3.2.3's half
                     * code, which test_format checks) */
                    double m = q->integer ? (double)v[c] : (double)asf(v[c]);
                    double tol = q->t->fmt == F_SRGB8 && c < 3 ? fabs(o[c]) * 0x1p-6 + 0x1p-14
                                                                : fabs(o[c]) * 0x1p-23;
                    if (m != o[c] && !(!q->integer && fabs(m - o[c]) <= tol))
                        same = 0;
                }
                *exact |= same;
            }
}

/* The range of the full sample at LOD lod: the level(s) of the mip rule,
 * each over its own coordinate box (the model rounds each level's
 * coordinates on its own), blended by the mip weight.  *point is 1 when the
 * result is a single unblended texel. */
static void sample_range(const rq *q, double lod, const uint32_t v[4], double mn[4],
                         double mx[4], int *exact, int *point, double *big)
{
    const rsmp *s = q->s;
    int nlev = q->t->levels - 1;
    int linear = ((lod <= 0 ? s->mag : s->min) == 2 || (lod > 0 && s->min == 3)) && !q->integer;
    int mip = s->mip;
    int r0 = 0, r1 = -1;
    double fm = 0;
    if (mip == 3 && q->integer)
        mip = 2;
    if (mip == 2) {
        r0 = (int)floor(lod + 0.5);
        r0 = r0 < 0 ? 0 : r0 > nlev ? nlev : r0;
    } else if (mip == 3) {
        double c = lod < 0 ? 0 : lod > nlev ? nlev : lod;
        r0 = (int)floor(c);
        fm = c - r0;
        if (fm > 0 && r0 < nlev)
            r1 = r0 + 1;
    }
    int ex = 0;
    two_levels = r1 >= 0;
    level_range(q, r0, linear, mn, mx, v, &ex, big);
    *point = !linear && r1 < 0;
    *exact |= ex && *point;
    if (r1 >= 0) {
        double a[4], b[4];
        level_range(q, r1, linear, a, b, v, &ex, big);
        for (int c = 0; c < 4; c++) {
            if (s->red == 1) {          /* the minimum over both levels' taps */
                mn[c] = fmin(mn[c], a[c]);
                mx[c] = fmin(mx[c], b[c]);
            } else if (s->red == 2) {
                mn[c] = fmax(mn[c], a[c]);
                mx[c] = fmax(mx[c], b[c]);
            } else {
                mn[c] = mn[c] * (1 - fm) + a[c] * fm;
                mx[c] = mx[c] * (1 - fm) + b[c] * fm;
            }
        }
    }
}

/* Section 14: with aniso_n > 1 a minifying sample is aniso_n probes along
 * aniso_maj (texels of level 0) at (2k + 1 - N) / 2N; the range of their
 * average (or minimum, maximum) combines the ranges of the probes, each
 * over its own box. */
static int aniso_n = 1;
static double aniso_maj[2];

static void sample_any(const rq *q, double lod, const uint32_t v[4], double mn[4], double mx[4],
                       int *exact, int *point, double *big)
{
    if (aniso_n <= 1 || lod <= 0) {
        sample_range(q, lod, v, mn, mx, exact, point, big);
        return;
    }
    rq p = *q;
    int red = q->s->red;
    for (int k = 0; k < aniso_n; k++) {
        double f = (2.0 * k + 1 - aniso_n) / (2.0 * aniso_n), a[4], b[4];
        int ex = 0, pt;
        p.po[0] = f * aniso_maj[0];
        p.po[1] = f * aniso_maj[1];
        sample_range(&p, lod, v, a, b, &ex, &pt, big);
        for (int c = 0; c < 4; c++) {
            if (k == 0 && red) {
                mn[c] = a[c];
                mx[c] = b[c];
            } else if (red == 1) {
                mn[c] = fmin(mn[c], a[c]);
                mx[c] = fmin(mx[c], b[c]);
            } else if (red == 2) {
                mn[c] = fmax(mn[c], a[c]);
                mx[c] = fmax(mx[c], b[c]);
            } else {
                mn[c] = (k ? mn[c] : 0) + a[c] / aniso_n;
                mx[c] = (k ? mx[c] : 0) + b[c] / aniso_n;
            }
        }
    }
    *point = 0;
}

static int nsamples, nchecked;

/* Check one model lane result v (4 words) for query q with the LOD in
 * [lo, hi]: the candidates are the ends, the middle and both sides of every
 * half-integer inside (mip rounding, level switches, mag/min at 0). */
static void check_lane(const rq *q, double lo, double hi, const uint32_t v[4], const char *what)
{
    double lods[24];
    int nl = 0;
    lods[nl++] = lo;
    lods[nl++] = hi;
    lods[nl++] = (lo + hi) / 2;
    /* Both sides of every half-integer (mip POINT switches levels there),
     * and every integer itself (mip LINEAR samples one level there). */
    for (double b = ceil(lo * 2) / 2; b <= hi && nl < 21; b += 0.5) {
        lods[nl++] = b - 1e-7;
        lods[nl++] = b + 1e-7;
        if (b == floor(b))
            lods[nl++] = b;
    }
    double mn[4], mx[4], big = 1e-30;
    int exact = 0, allpoint = 1;
    tap_mag = 0;
    for (int c = 0; c < 4; c++) {
        mn[c] = INFINITY;
        mx[c] = -INFINITY;
    }
    for (int il = 0; il < nl; il++) {
        double a[4], b[4];
        int point;
        sample_any(q, lods[il], v, a, b, &exact, &point, &big);
        allpoint &= point;
        for (int c = 0; c < 4; c++) {
            if (a[c] < mn[c]) mn[c] = a[c];
            if (b[c] > mx[c]) mx[c] = b[c];
        }
    }
    nchecked++;
    if (exact)
        return;
    if (allpoint || q->integer) {
        CHECK(0, "%s: point/integer result %08x %08x %08x %08x is no candidate "
              "(R range %g..%g)", what, v[0], v[1], v[2], v[3], mn[0], mx[0]);
        return;
    }
    /* The blend's own precision (docs/filtering.md B5), inside D3D11
     * 7.18.16.2 ("at least as much precision as the format"): UNORM8 blends
     * 16-bit codes; sRGB holds taps at 8 significant bits and rounds to
     * binary16; binary16 rounds to binary16; binary32 to binary32. */
    double rel = q->s->dc ? 0x1p-18
               : q->t->fmt == F_SRGB8 ? 0x1p-6
               : q->t->fmt == F_RGBA16F ? 0x1p-10
               : q->t->fmt == F_RGBA8 ? 0x1p-15 : 0x1p-18;
    /* The weights are 8-bit (D3D11 7.18.16.1): w11 = fu * fv rounded to
     * 1/256 and the others what is left, so each weight may differ from the
     * product of the fractions by up to 1/512 (two groups: a little more),
     * within 2/256 of the largest texel in all. */
    double eps = big * rel + (big > tap_mag ? big : tap_mag) * 0x1p-7;
    for (int c = 0; c < 4; c++) {
        double m = asf(v[c]);
        if (!(m >= mn[c] - eps && m <= mx[c] + eps)) {
            CHECK(0, "%s: component %d = %.9g outside [%.9g, %.9g] (lod %g..%g)", what, c, m,
                  mn[c], mx[c], lo, hi);
            return;
        }
    }
}

/* ---- driving the model ------------------------------------------------- */

static const char *const dim_names[NDIM] = {"1D", "2D", "ARRAY_2D", "3D", "CUBE", "ARRAY_CUBE"};

/* A coordinate: mostly in a range, sometimes a corner class. */
static float coord_value(double base, int special)
{
    static const uint32_t sp[] = {0x7fc00000u, 0xffc00000u, 0x00000003u, 0x807fffffu,
                                  0x7f800000u, 0xff800000u, 0x5f000000u, 0xdf000000u,
                                  0x4b000000u, 0x3f800000u, 0x00000000u, 0x80000000u,
                                  0x58800000u, 0xd3000000u};
    if (special)
        return asf(sp[rnd() % (sizeof sp / sizeof *sp)]);
    return (float)base;
}

static double ref_coord_of(float f)
{
    if (isnan(f) || (f != 0 && fabs(f) < 1.17549435e-38))
        return 0;
    if (isinf(f))
        return f > 0 ? 1e30 : -1e30;
    return f;
}

/* Cube: the reference face choice and face coordinates (D3D11 7.18.7 tie
 * order Z, Y, X; OpenGL face table). */
static int ref_cube(double x, double y, double z, int negz, double *s, double *t)
{
    double ax = fabs(x), ay = fabs(y), az = fabs(z), ma, sc, tc;
    int face;
    if (az >= ay && az >= ax) {
        face = (z < 0 || (z == 0 && negz)) ? 5 : 4;
        ma = az; sc = face == 4 ? x : -x; tc = -y;
    } else if (ay >= ax) {
        face = y < 0 ? 3 : 2;
        ma = ay; sc = x; tc = face == 2 ? z : -z;
    } else {
        face = x < 0 ? 1 : 0;
        ma = ax; sc = face == 0 ? -z : z; tc = -y;
    }
    if (ma == 0) {
        *s = *t = 0.5;
    } else {
        *s = (sc / ma + 1) / 2;
        *t = (tc / ma + 1) / 2;
    }
    return face;
}

static void run_one(int round)
{
    int ti = (int)(rnd() % NTEX);
    const rtex *t = &texs[ti];
    rsmp sm;
    tx_tsc tsc;
    memset(&sm, 0, sizeof sm);
    memset(&tsc, 0, sizeof tsc);
    for (int a = 0; a < 3; a++)
        sm.au[a] = (int)(rnd() % 8);
    sm.mag = 1 + (int)(rnd() % 2);
    sm.min = 1 + (int)(rnd() % 2);
    sm.mip = 1 + (int)(rnd() % 3);
    int corner = round % 5 == 0;
    int lodmode = (int)(rnd() % 4);   /* 0 none, 1 LZ, 2 LB, 3 LL */
    int cube = t->dim == D_CUBE || t->dim == D_ACUBE;
    int dc = t->dim != D_3D && t->fmt == F_R32F && rnd() % 3 == 0;
    int aoffi = !cube && rnd() % 4 == 0;
    int bias = (int)(rnd() % 7) - 3;         /* quarter levels, via s5.8 */
    int minl = (int)(rnd() % 3) * 96, maxl = 0x180 + (int)(rnd() % 4) * 0x100;
    if (rnd() % 4 == 0)
        maxl = 0xfff;
    sm.dc = dc;
    sm.func = (int)(rnd() % 8);
    sm.bias = bias * 0.25;
    sm.minl = minl / 256.0;
    sm.maxl = maxl / 256.0;
    for (int i = 0; i < 4; i++) {
        uint32_t b = t->fmt == F_R32UI ? rnd() : f32_bits((float)((int)(rnd() % 9) - 4) / 4);
        sm.border[i] = b;
        tsc.border[i] = b;
    }
    for (int i = 0; i < 3; i++)
        sm.srgb_border[i] = (uint8_t)rnd();
    tsc.srgb_border_r = sm.srgb_border[0];
    tsc.srgb_border_g = sm.srgb_border[1];
    tsc.srgb_border_b = sm.srgb_border[2];
    tsc.address_u = (uint8_t)sm.au[0];
    tsc.address_v = (uint8_t)sm.au[1];
    tsc.address_p = (uint8_t)sm.au[2];
    /* CUBEMAP_INTERFACE_FILTERING: 2 and 3 seamless, 0 and 1 clamp. */
    tsc.cubemap_interface_filtering = (uint8_t)(rnd() % 4);
    sm.seam = tsc.cubemap_interface_filtering >= 2;
    tsc.mag_filter = (uint8_t)sm.mag;
    tsc.min_filter = (uint8_t)sm.min;
    tsc.mip_filter = (uint8_t)sm.mip;
    tsc.depth_compare = (uint8_t)dc;
    tsc.depth_compare_func = (uint8_t)sm.func;
    tsc.mip_lod_bias = (uint16_t)(bias * 64) & 0x1fff;
    tsc.min_lod_clamp = (uint16_t)minl;
    tsc.max_lod_clamp = (uint16_t)maxl;
    uint32_t w[8];
    tx_tsc_pack(&tsc, w);
    put_words(TSC_BASE, w);   /* sampler 0 */
    uint32_t handle = t->index;
    memcpy(&S->cbank[0], &handle, 4);

    /* Instruction: Ra group at R8.., Rb group at R16.. */
    char sass[160];
    static const char *const lm[4] = {"", ".LZ", ".LB", ".LL"};
    snprintf(sass, sizeof sass, "TEX%s%s%s R0, R8, %s, 0x0, %s, 0xf", lm[lodmode],
             aoffi ? ".AOFFI" : "", dc ? ".DC" : "",
             (lodmode >= 2 || aoffi || dc) ? "R16" : "RZ", dim_names[t->dim]);
    uint64_t word;
    uint32_t ctrl;
    tx_asm_err e;
    if (tx_asm(sass, &word, &ctrl, &e) != 0) {
        CHECK(0, "asm %s: %s", sass, e.msg);
        return;
    }
    int is_array = t->dim == D_A2D || t->dim == D_ACUBE;
    int nco = cube ? 3 : ncoord_of[t->dim];
    int ra = is_array;
    int rb_lod = 16, rb_off = 16 + (lodmode >= 2), rb_dc = rb_off + aoffi;

    /* Per quad: a centre, a footprint (real derivatives). */
    double lodop[32];
    float cs[32][3];
    int layer_in[32];
    for (int qd = 0; qd < 8; qd++) {
        double c0[3], dx[3], dy[3];
        double scale = ldexp(1.0, (int)(rnd() % 8) - 6) / (cube ? 1 : t->w);
        for (int a = 0; a < 3; a++) {
            c0[a] = cube ? frand() * 2 - 1 : frand() * 3 - 1;
            dx[a] = (frand() * 2 - 1) * scale;
            dy[a] = (frand() * 2 - 1) * scale;
        }
        if (corner && rnd() % 2) {
            /* seams and edges: exactly on texel edges or the [0,1] ends */
            for (int a = 0; a < 3; a++)
                c0[a] = (int)(rnd() % 5) * 0.25 - 0.25 + ((rnd() % 2) ? 0 : 1.0 / t->w);
            if (cube) {
                c0[rnd() % 3] = (rnd() % 2) ? 1.0 : -1.0;
                c0[rnd() % 3] = (rnd() % 2) ? 1.0 : -1.0;
            }
        }
        double ll = (int)(rnd() % 25) * 0.25 - 1;   /* mip boundaries: quarters */
        if (!corner)
            ll = frand() * 6 - 1;
        for (int l = 0; l < 4; l++) {
            int lane = 4 * qd + l;
            for (int a = 0; a < 3; a++) {
                double v = c0[a] + (l & 1 ? dx[a] : 0) + (l & 2 ? dy[a] : 0);
                cs[lane][a] = coord_value(v, corner && rnd() % 16 == 0);
            }
            lodop[lane] = lodmode == 2 ? ll - 2 : ll;
            layer_in[lane] = (int)(rnd() % 5);
            for (int a = 0; a < nco; a++)
                S->r[lane][8 + ra + a] = f32_bits(cs[lane][a]);
            if (is_array)
                S->r[lane][8] = (uint32_t)layer_in[lane];
            if (lodmode >= 2)
                S->r[lane][rb_lod] = f32_bits((float)lodop[lane]);
            if (aoffi)
                S->r[lane][rb_off] = rnd() & 0xfff;
            if (dc)
                S->r[lane][rb_dc] = f32_bits((float)(frand() * 16 - 8));
        }
    }

    static tx_effects fx;
    tx_step(S, word, ctrl, &fx);
    if (fx.status != TX_ST_OK) {
        CHECK(0, "%s: status %d", sass, fx.status);
        return;
    }

    for (int lane = 0; lane < 32; lane++) {
        rq q;
        memset(&q, 0, sizeof q);
        q.t = t;
        q.ti = ti;
        q.s = &sm;
        q.integer = t->fmt == F_R32UI;
        q.normalized = 1;
        double co[3] = {0, 0, 0};
        int face = 0;
        if (cube) {
            double x = ref_coord_of(cs[lane][0]), y = ref_coord_of(cs[lane][1]),
                   z = ref_coord_of(cs[lane][2]);
            int negz = signbit(cs[lane][2]) && !isnan(cs[lane][2]);
            face = ref_cube(x, y, z, negz, &co[0], &co[1]);
        } else {
            for (int a = 0; a < nco; a++)
                co[a] = ref_coord_of(cs[lane][a]);
        }
        for (int a = 0; a < 3; a++)
            q.c[a] = co[a];
        int layers = cube ? t->layers / 6 : t->layers;
        int la = is_array ? (layer_in[lane] > layers - 1 ? layers - 1 : layer_in[lane]) : 0;
        q.layer = cube ? 6 * la + face : la;
        q.face = face;
        if (aoffi)
            for (int a = 0; a < nco; a++) {
                int o = (int)(S->r[lane][rb_off] >> (4 * a) & 15);
                q.off[a] = o >= 8 ? o - 16 : o;
            }
        q.ref = dc ? asf(S->r[lane][rb_dc]) : 0;

        /* LOD interval. */
        double lo, hi;
        int qd = lane & ~3;
        /* The footprint length of L2 lies between the largest derivative
         * component (lo) and sqrt(2) times the largest 1-norm of X, Y and
         * 11/16 (X +- Y) (hi): the Vulkan bounds on a norm approximation,
         * taken over the two screen axes and the two diagonals. */
        double rho = 0, rhi = 0, rl, rh;
        double dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0};
        int bad = 0;
        for (int l = 1; l <= 2; l++)
            for (int a = 0; a < nco && !cube; a++) {
                double u0 = ref_coord_of(cs[qd][a]), u1 = ref_coord_of(cs[qd + l][a]);
                double n = a == 0 ? t->w : a == 1 ? t->h : t->d;
                double dd = fabs(u1 * n - u0 * n);
                if (fabs(u0 * n) > 200000 || fabs(u1 * n) > 200000)
                    bad = 1;
                if (dd > rho)
                    rho = dd;
                (l == 1 ? dx : dy)[a] = u1 * n - u0 * n;
            }
        if (cube) {
            double fc[4][2];
            for (int l = 0; l < 3; l++) {
                double x = ref_coord_of(cs[qd + l][0]), y = ref_coord_of(cs[qd + l][1]),
                       z = ref_coord_of(cs[qd + l][2]);
                ref_cube(x, y, z, signbit(cs[qd + l][2]) && !isnan(cs[qd + l][2]), &fc[l][0],
                         &fc[l][1]);
            }
            for (int l = 1; l <= 2; l++)
                for (int a = 0; a < 2; a++) {
                    double dd = fabs(fc[l][a] - fc[0][a]) * t->w;
                    if (dd > rho)
                        rho = dd;
                    (l == 1 ? dx : dy)[a] = (fc[l][a] - fc[0][a]) * t->w;
                }
        }
        {
            double n1[4] = {0, 0, 0, 0};
            for (int a = 0; a < 3; a++) {
                n1[0] += fabs(dx[a]);
                n1[1] += fabs(dy[a]);
                n1[2] += 11.0 / 16 * fabs(dx[a] + dy[a]);
                n1[3] += 11.0 / 16 * fabs(dx[a] - dy[a]);
            }
            for (int k = 0; k < 4; k++)
                if (sqrt(2.0) * n1[k] > rhi)
                    rhi = sqrt(2.0) * n1[k];
        }
        rl = rho - 1.0 / 256;
        rh = rhi + 1.0 / 256;
        double lamlo = rl <= 1.0 / 256 ? -32 : log2(rl), lamhi = rh <= 1.0 / 256 ? -32 : log2(rh);
        if (rho < 1.0 / 256)
            lamhi = -8;
        double op = lodop[lane];
        switch (lodmode) {
        case 1: lo = hi = 0; break;
        case 2: lo = lamlo + op + sm.bias; hi = lamhi + op + sm.bias; break;
        case 3: lo = hi = op + sm.bias; break;
        default: lo = lamlo + sm.bias; hi = lamhi + sm.bias; break;
        }
        lo -= 3.0 / 256;
        hi += 3.0 / 256;
        double clo = lo > sm.maxl ? sm.maxl : lo, chi = hi > sm.maxl ? sm.maxl : hi;
        if (clo < sm.minl) clo = sm.minl;
        if (chi < sm.minl) chi = sm.minl;
        if (lodmode == 1)
            clo = chi = sm.minl > 0 ? sm.minl : 0;
        /* Saturated coordinates leave no meaningful derivative: then only
         * the explicit-LOD forms are checked. */
        if (bad && (lodmode == 0 || lodmode == 2))
            continue;
        double mlod = fx.taps.lod[lane] / 256.0;
        CHECK(mlod >= clo - 1e-9 && mlod <= chi + 1e-9, "lane %d %s: LOD %g outside [%g, %g]",
              lane, sass, mlod, clo, chi);
        uint32_t v[4] = {S->r[lane][0], S->r[lane][1], S->r[lane][2], S->r[lane][3]};
        char what[400];
        snprintf(what, sizeof what, "round %d lane %d tex %d %s (au %d %d %d mag %d min %d mip %d)",
                 round, lane, ti, sass, sm.au[0], sm.au[1], sm.au[2], sm.mag, sm.min, sm.mip);
        check_lane(&q, clo, chi, v, what);
        nsamples++;
    }
}

/* ---- explicit gradients (TXD, docs/semantics.md section 13) ------------- */

/* One TXD on a 1D, 2D or ARRAY_2D texture: every lane its own coordinates
 * and its own gradients dP/dx, dP/dy (normalised, so that the footprint is
 * 1/64 to 2 texels per pixel and more), some of them stretched or zero, with
 * .AOFFI now and then.  The reference takes the gradients times the extent
 * in double precision as the derivative vectors X and Y of the lane (no
 * quad) and bounds the LOD as for TEX's implicit LOD: between log2 of the
 * largest component and log2 of sqrt(2) times the largest 1-norm of X, Y
 * and 11/16 (X +- Y), widened by the 1/256 quantisation of the derivatives
 * and the 3/256 of L2 and the floor. */
static int ntxd;

static void run_txd(int round)
{
    static const int cand[6] = {0, 1, 2, 3, 8, 9};   /* 2D, 2D, 2D, ARRAY_2D, 1D, ARRAY_2D */
    int ti = cand[rnd() % 6];
    const rtex *t = &texs[ti];
    rsmp sm;
    tx_tsc tsc;
    memset(&sm, 0, sizeof sm);
    memset(&tsc, 0, sizeof tsc);
    for (int a = 0; a < 3; a++)
        sm.au[a] = (int)(rnd() % 8);
    sm.mag = 1 + (int)(rnd() % 2);
    sm.min = 1 + (int)(rnd() % 2);
    sm.mip = 1 + (int)(rnd() % 3);
    int aoffi = rnd() % 3 == 0;
    int bias = (int)(rnd() % 7) - 3;
    int minl = (int)(rnd() % 3) * 96, maxl = rnd() % 3 == 0 ? 0xfff : 0x180 + (int)(rnd() % 4) * 0x100;
    sm.bias = bias * 0.25;
    sm.minl = minl / 256.0;
    sm.maxl = maxl / 256.0;
    for (int i = 0; i < 4; i++) {
        uint32_t b = t->fmt == F_R32UI ? rnd() : f32_bits((float)((int)(rnd() % 9) - 4) / 4);
        sm.border[i] = b;
        tsc.border[i] = b;
    }
    for (int i = 0; i < 3; i++)
        sm.srgb_border[i] = (uint8_t)rnd();
    tsc.srgb_border_r = sm.srgb_border[0];
    tsc.srgb_border_g = sm.srgb_border[1];
    tsc.srgb_border_b = sm.srgb_border[2];
    tsc.address_u = (uint8_t)sm.au[0];
    tsc.address_v = (uint8_t)sm.au[1];
    tsc.address_p = (uint8_t)sm.au[2];
    tsc.mag_filter = (uint8_t)sm.mag;
    tsc.min_filter = (uint8_t)sm.min;
    tsc.mip_filter = (uint8_t)sm.mip;
    tsc.mip_lod_bias = (uint16_t)(bias * 64) & 0x1fff;
    tsc.min_lod_clamp = (uint16_t)minl;
    tsc.max_lod_clamp = (uint16_t)maxl;
    uint32_t w[8];
    tx_tsc_pack(&tsc, w);
    put_words(TSC_BASE, w);
    uint32_t handle = t->index;
    memcpy(&S->cbank[0], &handle, 4);

    /* Ra = s [, t] [, word] at R8; Rb = dPdx.s, dPdy.s [, dPdx.t, dPdy.t]
     * at R16. */
    int is_array = t->dim == D_A2D, nco = ncoord_of[t->dim];
    char sass[160];
    snprintf(sass, sizeof sass, "TXD%s R0, R8, R16, 0x0, %s, 0xf", aoffi ? ".AOFFI" : "",
             dim_names[t->dim]);
    uint64_t word;
    uint32_t ctrl;
    tx_asm_err e;
    if (tx_asm(sass, &word, &ctrl, &e) != 0) {
        CHECK(0, "asm %s: %s", sass, e.msg);
        return;
    }
    float cs[32][2], gx[32][2], gy[32][2];
    for (int lane = 0; lane < 32; lane++) {
        double scale = ldexp(1.0, (int)(rnd() % 8) - 6);
        double stretch = rnd() % 3 == 0 ? 1.0 / (1 + rnd() % 12) : 1.0;
        for (int a = 0; a < 2; a++) {
            double n = a == 0 ? t->w : t->h;
            cs[lane][a] = (float)(frand() * 3 - 1);
            gx[lane][a] = (float)((frand() * 2 - 1) * scale / n);
            gy[lane][a] = (float)((frand() * 2 - 1) * scale * stretch / n);
            if (rnd() % 32 == 0)
                gx[lane][a] = gy[lane][a] = 0;
        }
        for (int a = 0; a < nco; a++) {
            S->r[lane][8 + a] = f32_bits(cs[lane][a]);
            S->r[lane][16 + 2 * a] = f32_bits(gx[lane][a]);
            S->r[lane][17 + 2 * a] = f32_bits(gy[lane][a]);
        }
        S->r[lane][8 + nco] = (rnd() % 5) | (rnd() & 0xff) << 16 | (rnd() & 0xff000000u);
    }

    static tx_effects fx;
    tx_step(S, word, ctrl, &fx);
    if (fx.status != TX_ST_OK) {
        CHECK(0, "%s: status %d", sass, fx.status);
        return;
    }
    for (int lane = 0; lane < 32; lane++) {
        rq q;
        memset(&q, 0, sizeof q);
        q.t = t;
        q.ti = ti;
        q.s = &sm;
        q.integer = t->fmt == F_R32UI;
        q.normalized = 1;
        uint32_t wd = S->r[lane][8 + nco];
        for (int a = 0; a < nco; a++)
            q.c[a] = ref_coord_of(cs[lane][a]);
        int la = (int)(wd & 0xffff);
        q.layer = is_array ? (la > t->layers - 1 ? t->layers - 1 : la) : 0;
        if (aoffi)
            for (int a = 0; a < nco; a++) {
                int o = (int)(wd >> (16 + 4 * a) & 15);
                q.off[a] = o >= 8 ? o - 16 : o;
            }
        double dx[2] = {0, 0}, dy[2] = {0, 0}, rho = 0, rhi = 0, n1[4] = {0, 0, 0, 0};
        for (int a = 0; a < nco; a++) {
            double n = a == 0 ? t->w : t->h;
            dx[a] = (double)gx[lane][a] * n;
            dy[a] = (double)gy[lane][a] * n;
            rho = fmax(rho, fmax(fabs(dx[a]), fabs(dy[a])));
            n1[0] += fabs(dx[a]);
            n1[1] += fabs(dy[a]);
            n1[2] += 11.0 / 16 * fabs(dx[a] + dy[a]);
            n1[3] += 11.0 / 16 * fabs(dx[a] - dy[a]);
        }
        for (int k = 0; k < 4; k++)
            rhi = fmax(rhi, sqrt(2.0) * n1[k]);
        double rl = rho - 1.0 / 256, rh = rhi + 1.0 / 256;
        double lo = (rl <= 1.0 / 256 ? -32 : log2(rl)) + sm.bias - 3.0 / 256;
        double hi = (rh <= 1.0 / 256 ? -32 : log2(rh)) + sm.bias + 3.0 / 256;
        if (rho < 1.0 / 256)
            hi = -8 + sm.bias;
        double clo = lo > sm.maxl ? sm.maxl : lo, chi = hi > sm.maxl ? sm.maxl : hi;
        if (clo < sm.minl) clo = sm.minl;
        if (chi < sm.minl) chi = sm.minl;
        double mlod = fx.taps.lod[lane] / 256.0;
        CHECK(mlod >= clo - 1e-9 && mlod <= chi + 1e-9, "TXD lane %d %s: LOD %g outside [%g, %g]",
              lane, sass, mlod, clo, chi);
        uint32_t v[4] = {S->r[lane][0], S->r[lane][1], S->r[lane][2], S->r[lane][3]};
        char what[400];
        snprintf(what, sizeof what, "TXD round %d lane %d tex %d %s (au %d %d %d mag %d min %d mip %d)",
                 round, lane, ti, sass, sm.au[0], sm.au[1], sm.au[2], sm.mag, sm.min, sm.mip);
        check_lane(&q, clo, chi, v, what);
        ntxd++;
    }
}

/* ---- anisotropic filtering (docs/filtering.md section 14) -------------- */

/* One instruction with MIN_FILTER ANISO on a 2D texture of another than
 * integer format: each quad gets a footprint of two axes at right angles,
 * one stretched 1 to 24 times the other, at a random angle.  The reference
 * takes the Euclidean lengths Px, Py of the two derivative vectors in
 * double precision; their quantisation (coordinates to 1/256 texel, the
 * log2 table) leaves an interval for log2(major) and for the ratio, so
 * every probe count N = min(2^ceil(log2 ratio), the maximum rounded down to
 * a power of two) of that interval is a candidate.  The model's LOD must be
 * log2(major / N) of one candidate (within the interval); the colour must
 * lie in the range of that candidate's N probes, each over a box of
 * +-4/256 texel (coordinate, axis and spacing quantisation). */
static int aniso_checked;

static void run_aniso(int round)
{
    static const int tex2d[6] = {0, 1, 2, 3, 9, 11};
    static const int maxlog[8] = {0, 1, 2, 2, 3, 3, 3, 4};
    int ti = tex2d[rnd() % 6];
    const rtex *t = &texs[ti];
    rsmp sm;
    tx_tsc tsc;
    memset(&sm, 0, sizeof sm);
    memset(&tsc, 0, sizeof tsc);
    for (int a = 0; a < 3; a++)
        sm.au[a] = (int)(rnd() % 8);
    sm.mag = 2;
    sm.min = 3;
    sm.mip = 1 + (int)(rnd() % 3);
    sm.red = rnd() % 4 == 0 ? 1 + (int)(rnd() % 2) : 0;
    sm.maxl = 15.0;
    int code = (int)(rnd() % 8);
    for (int i = 0; i < 4; i++) {
        sm.border[i] = f32_bits((float)((int)(rnd() % 9) - 4) / 4);
        tsc.border[i] = sm.border[i];
    }
    tsc.address_u = (uint8_t)sm.au[0];
    tsc.address_v = (uint8_t)sm.au[1];
    tsc.address_p = (uint8_t)sm.au[2];
    tsc.mag_filter = 2;
    tsc.min_filter = 3;
    tsc.mip_filter = (uint8_t)sm.mip;
    tsc.max_anisotropy = (uint8_t)code;
    tsc.reduction_filter = (uint8_t)sm.red;
    tsc.max_lod_clamp = 0xf00;
    uint32_t w[8];
    tx_tsc_pack(&tsc, w);
    put_words(TSC_BASE, w);
    uint32_t handle = t->index;
    memcpy(&S->cbank[0], &handle, 4);

    int is_array = t->dim == D_A2D;
    char sass[96];
    snprintf(sass, sizeof sass, "TEX R0, R8, RZ, 0x0, %s, 0xf", dim_names[t->dim]);
    uint64_t word;
    uint32_t ctrl;
    tx_asm_err e;
    if (tx_asm(sass, &word, &ctrl, &e) != 0) {
        CHECK(0, "asm %s: %s", sass, e.msg);
        return;
    }
    float cs[32][2];
    int layer_in[32];
    for (int qd = 0; qd < 8; qd++) {
        double ang = frand() * 6.2831853, len = ldexp(1.0, (int)(rnd() % 6) - 1) * (1 + frand());
        double stretch = 1 + frand() * 23, c0[2] = {frand() * 1.4 - 0.2, frand() * 1.4 - 0.2};
        double X[2] = {cos(ang) * len, sin(ang) * len};
        double Y[2] = {-sin(ang) * len / stretch, cos(ang) * len / stretch};
        if (rnd() % 2) {
            double tmp[2] = {X[0], X[1]};
            X[0] = Y[0]; X[1] = Y[1]; Y[0] = tmp[0]; Y[1] = tmp[1];
        }
        for (int l = 0; l < 4; l++) {
            int lane = 4 * qd + l;
            double u = c0[0] * t->w + (l & 1 ? X[0] : 0) + (l & 2 ? Y[0] : 0);
            double v = c0[1] * t->h + (l & 1 ? X[1] : 0) + (l & 2 ? Y[1] : 0);
            cs[lane][0] = (float)(u / t->w);
            cs[lane][1] = (float)(v / t->h);
            layer_in[lane] = (int)(rnd() % 3);
            S->r[lane][8 + is_array] = f32_bits(cs[lane][0]);
            S->r[lane][9 + is_array] = f32_bits(cs[lane][1]);
            if (is_array)
                S->r[lane][8] = (uint32_t)layer_in[lane];
        }
    }
    static tx_effects fx;
    tx_step(S, word, ctrl, &fx);
    if (fx.status != TX_ST_OK) {
        CHECK(0, "%s: status %d", sass, fx.status);
        return;
    }
    const double qe = 1.5 / 256;   /* length error from 1/256 coordinates */
    for (int lane = 0; lane < 32; lane += 1 + (int)(rnd() % 3)) {
        int qd = lane & ~3;
        double d[2][2];
        for (int a = 0; a < 2; a++) {
            double n = a == 0 ? t->w : t->h;
            double u0 = (double)cs[qd][a] * n;
            d[0][a] = (double)cs[qd + 1][a] * n - u0;
            d[1][a] = (double)cs[qd + 2][a] * n - u0;
        }
        double px = hypot(d[0][0], d[0][1]), py = hypot(d[1][0], d[1][1]);
        double pmaj = fmax(px, py), pmin = fmin(px, py);
        if (pmin < 4 * qe)
            continue;              /* a degenerate footprint: no useful ratio */
        /* N3-N5: the length of L2 lies between the largest component and
         * sqrt(2) times the largest 1-norm of X, Y and 11/16 (X +- Y); the
         * LOD is log2(area / length), kept within nmax octaves below
         * log2(length) and not above it; N = 2^ceil(log2(length) - LOD).
         * The area carries the 10-bit truncation of each component. */
        double cmax = fmax(fmax(fabs(d[0][0]), fabs(d[0][1])), fmax(fabs(d[1][0]), fabs(d[1][1])));
        double n1 = fmax(fabs(d[0][0]) + fabs(d[0][1]), fabs(d[1][0]) + fabs(d[1][1]));
        n1 = fmax(n1, 11.0 / 16 * (fabs(d[0][0] + d[1][0]) + fabs(d[0][1] + d[1][1])));
        n1 = fmax(n1, 11.0 / 16 * (fabs(d[0][0] - d[1][0]) + fabs(d[0][1] - d[1][1])));
        double llo = log2(cmax - qe) - 3.0 / 256, lhi = log2(sqrt(2.0) * n1 + qe) + 3.0 / 256;
        double area = fabs(d[0][0] * d[1][1] - d[0][1] * d[1][0]);
        double aerr = qe * (px + py) + 1.0 / 256 * (fabs(d[0][0] * d[1][1]) + fabs(d[0][1] * d[1][0]));
        int nmax = maxlog[code];
        double alo = area - aerr > 1e-30 ? log2(area - aerr) - 3.0 / 256 : -1e9;
        double ahi = log2(area + aerr) + 3.0 / 256;
        /* min(max(log2 area - iso, iso - nmax), iso) over iso in [llo, lhi]. */
        double lodlo = fmin(fmax(alo - lhi, llo - nmax), llo);
        double lodhi = fmin(fmax(ahi - llo, lhi - nmax), lhi);
        double mlod = fx.taps.lod[lane] / 256.0;
        rq q;
        memset(&q, 0, sizeof q);
        q.t = t;
        q.ti = ti;
        q.s = &sm;
        q.normalized = 1;
        q.c[0] = ref_coord_of(cs[lane][0]);
        q.c[1] = ref_coord_of(cs[lane][1]);
        int layers = t->layers;
        q.layer = is_array ? (layer_in[lane] > layers - 1 ? layers - 1 : layer_in[lane]) : 0;
        uint32_t v[4] = {S->r[lane][0], S->r[lane][1], S->r[lane][2], S->r[lane][3]};
        double clo = lodlo > sm.maxl ? sm.maxl : lodlo, chi = lodhi > sm.maxl ? sm.maxl : lodhi;
        if (clo < 0) clo = 0;     /* the sampler's minimum clamp, 0 */
        if (chi < 0) chi = 0;
        int found = 0;
        int nlo = (int)ceil(fmax(llo - mlod, 0) - 1e-9), nhi = (int)ceil(fmax(lhi - mlod, 0));
        if (nlo > nmax) nlo = nmax;
        if (nhi > nmax) nhi = nmax;
        if (!(mlod >= clo - 1e-9 && mlod <= chi + 1e-9))
            nhi = nlo - 1;        /* no probe count explains the LOD */
        for (int n = nlo; n <= nhi && !found; n++) {
            int before_n = check_fail;
            found = 1;
            /* Both axes are candidates for the major one when they are close. */
            for (int m = 0; m < 2; m++) {
                const double *ax = m == 0 ? (px >= py ? d[0] : d[1]) : (px >= py ? d[1] : d[0]);
                if (m == 1 && fabs(px - py) > 0.12 * pmaj + 2 * qe)
                    break;
                int before = check_fail;
                char what[300];
                snprintf(what, sizeof what, "aniso round %d lane %d tex %d N %d (code %d mip %d "
                         "red %d, au %d %d, stretch %.2f)", round, lane, ti, 1 << n, code,
                         sm.mip, sm.red, sm.au[0], sm.au[1], pmaj / pmin);
                aniso_n = 1 << n;
                aniso_maj[0] = ax[0];
                aniso_maj[1] = ax[1];
                box_d = 4.0 / 256;
                check_lane(&q, clo, chi, v, what);
                box_d = 1.0 / 256;
                aniso_n = 1;
                /* A second major-axis candidate may excuse the first. */
                if (check_fail > before && m == 0 && fabs(px - py) <= 0.12 * pmaj + 2 * qe) {
                    check_fail = before;
                    continue;
                }
                break;
            }
            /* A larger probe count may excuse a smaller one. */
            if (check_fail > before_n && n < nhi) {
                check_fail = before_n;
                found = 0;
            }
        }
        CHECK(found, "aniso round %d lane %d: LOD %g outside [%g, %g] or no probe count "
              "(log2 length %g..%g)", round, lane, mlod, clo, chi, llo, lhi);
        aniso_checked++;
    }
}

/* ---- seamless cube edges and corners (filtering.md section 15) -------- */

/* Every texel one step outside every edge of every face (12 edges, both
 * directions, every position along the edge) lands on the neighbour's texel
 * that the direction of its centre projects into; every corner of every
 * face (8 corners x 3 faces) is reported as a corner, and the three texels
 * averaged there are the three corner texels of the faces meeting at that
 * cube corner.  Face sizes 1..9. */
static void run_seams(void)
{
    int edges = 0, corners = 0;
    for (uint32_t n = 1; n <= 9; n++)
        for (int f = 0; f < 6; f++)
            for (int32_t i = -1; i <= (int32_t)n; i++)
                for (int32_t j = -1; j <= (int32_t)n; j++) {
                    int oi = i < 0 || i >= (int32_t)n, oj = j < 0 || j >= (int32_t)n;
                    int fo = -1;
                    int32_t io = -9, jo = -9;
                    int k = tx_cube_seam(f, i, j, n, &fo, &io, &jo);
                    if (!oi && !oj) {
                        CHECK(k == 0 && fo == f && io == i && jo == j, "n %u face %d (%d,%d) moved",
                              n, f, i, j);
                        continue;
                    }
                    if (oi && oj) {
                        CHECK(k == 2, "n %u face %d (%d,%d) not a corner", n, f, i, j);
                        /* The cube corner: the sign of each component. */
                        double d[3], sg[3];
                        seam_dir(f, i < 0 ? -1 : 1, j < 0 ? -1 : 1, d);
                        for (int a = 0; a < 3; a++)
                            sg[a] = d[a] < 0 ? -1 : 1;
                        /* The model's three texels, as insn_tex.c takes them. */
                        int32_t xc = i < 0 ? 0 : (int32_t)n - 1, yc = j < 0 ? 0 : (int32_t)n - 1;
                        int mf[3] = {f, -1, -1};
                        int32_t mi[3] = {xc, 0, 0}, mj[3] = {yc, 0, 0};
                        CHECK(tx_cube_seam(f, i, yc, n, &mf[1], &mi[1], &mj[1]) == 1, "edge");
                        CHECK(tx_cube_seam(f, xc, j, n, &mf[2], &mi[2], &mj[2]) == 1, "edge");
                        /* Reference: on each face g whose major axis sign matches
                         * the corner, the texel nearest the corner direction. */
                        int seen = 0;
                        for (int g = 0; g < 6; g++) {
                            int a = g >> 1;
                            if ((g & 1 ? -1.0 : 1.0) != sg[a])
                                continue;
                            double s, t;
                            CHECK(seam_face(sg, &s, &t) >= 0, "face");
                            double dd[3] = {sg[0], sg[1], sg[2]};
                            dd[a] *= 1.0 + 1e-9;    /* make g the major axis */
                            seam_face(dd, &s, &t);
                            int32_t ri = s > 0 ? (int32_t)n - 1 : 0, rj = t > 0 ? (int32_t)n - 1 : 0;
                            for (int q = 0; q < 3; q++)
                                if (mf[q] == g && mi[q] == ri && mj[q] == rj)
                                    seen |= 1 << q;
                        }
                        CHECK(seen == 7, "n %u face %d corner (%d,%d): texels %d(%d,%d) %d(%d,%d) "
                              "%d(%d,%d) are not the three at the cube corner", n, f, i, j, mf[0],
                              mi[0], mj[0], mf[1], mi[1], mj[1], mf[2], mi[2], mj[2]);
                        corners++;
                        continue;
                    }
                    /* Edge: the centre of the outside texel, projected. */
                    double s = (2.0 * i + 1) / n - 1, t = (2.0 * j + 1) / n - 1, d[3], rs, rt;
                    seam_dir(f, s, t, d);
                    int g = seam_face(d, &rs, &rt);
                    int32_t ri = (int32_t)floor((rs + 1) / 2 * n), rj = (int32_t)floor((rt + 1) / 2 * n);
                    ri = ri < 0 ? 0 : ri >= (int32_t)n ? (int32_t)n - 1 : ri;
                    rj = rj < 0 ? 0 : rj >= (int32_t)n ? (int32_t)n - 1 : rj;
                    CHECK(k == 1 && fo == g && io == ri && jo == rj,
                          "n %u face %d (%d,%d): model face %d (%d,%d), reference face %d (%d,%d)",
                          n, f, i, j, fo, io, jo, g, ri, rj);
                    edges++;
                }
    /* 4 edges x 2 directions... every face's 4 edges, n texels each. */
    CHECK(edges == 6 * 4 * 45, "%d edge texels", edges);
    CHECK(corners == 6 * 4 * 9, "%d corner taps", corners);

    /* S4's share of a corner weight: for every corner slot and weight, the
     * two edge texels take wc/3 rounded to nearest, the own corner texel the
     * rest (never more than one off wc/3), the other group untouched, the
     * sum unchanged. */
    for (int t = 0; t < 8; t++)
        for (unsigned wc = 0; wc <= 64; wc++) {
            unsigned w[8];
            for (int k = 0; k < 8; k++)
                w[k] = 10u + (unsigned)k;
            w[t] = wc;
            tx_cube_corner_weights(w, 1u << t);
            unsigned sum = 0, s = (unsigned)floor(wc / 3.0 + 0.5);
            for (int k = 0; k < 8; k++)
                sum += w[k];
            CHECK(w[t] == 0 && w[t ^ 1] == 10u + (unsigned)(t ^ 1) + s &&
                      w[t ^ 2] == 10u + (unsigned)(t ^ 2) + s &&
                      fabs((double)w[t ^ 3] - 10 - (t ^ 3) - wc / 3.0) <= 1.0 &&
                      w[t ^ 4] == 10u + (unsigned)(t ^ 4) && sum == wc + 28u + 10u * 7u - (unsigned)t,
                  "corner slot %d weight %u: %u %u %u %u", t, wc, w[t], w[t ^ 1], w[t ^ 2], w[t ^ 3]);
        }
    printf("reference: %d edge and %d corner taps of seamless cubes checked\n", edges, corners);
}

int main(void)
{
    S = tx_state_new();
    S->tic_base = TIC_BASE;
    S->tic_max = NTEX - 1;
    S->tsc_base = TSC_BASE;
    S->tsc_max = 0;
    make_tex(0, F_RGBA8, D_2D, 16, 8, 1, 1, 5, 0x1000000);
    make_tex(1, F_SRGB8, D_2D, 13, 7, 1, 1, 4, 0x1100000);
    make_tex(2, F_R32F, D_2D, 8, 8, 1, 1, 4, 0x1200000);
    make_tex(3, F_RGBA16F, D_A2D, 8, 4, 1, 3, 3, 0x1300000);
    make_tex(4, F_R32UI, D_2D, 8, 8, 1, 1, 4, 0x1400000);
    make_tex(5, F_RGBA8, D_3D, 8, 4, 4, 1, 3, 0x1500000);
    make_tex(6, F_RGBA8, D_CUBE, 8, 8, 1, 6, 4, 0x1600000);
    make_tex(7, F_R32F, D_ACUBE, 4, 4, 1, 2, 3, 0x1700000);
    make_tex(8, F_RGBA8, D_1D, 16, 1, 1, 1, 5, 0x1800000);
    make_tex(9, F_R32F, D_A2D, 5, 3, 1, 2, 2, 0x1900000);
    make_tex(10, F_SRGB8, D_CUBE, 4, 4, 1, 6, 3, 0x1a00000);
    make_tex(11, F_RGBA16F, D_2D, 32, 32, 1, 1, 6, 0x1b00000);

    int rounds = 3200;
    for (int r = 0; r < rounds; r++)
        run_one(r);
    CHECK(nsamples >= 100000, "only %d samples checked", nsamples);
    for (int r = 0; r < 200; r++)
        run_aniso(r);
    CHECK(aniso_checked >= 2000, "only %d anisotropic lanes checked", aniso_checked);
    printf("reference: %d anisotropic lanes checked\n", aniso_checked);
    for (int r = 0; r < 400; r++)
        run_txd(r);
    CHECK(ntxd >= 12000, "only %d TXD lanes checked", ntxd);
    printf("reference: %d TXD lanes checked\n", ntxd);
    run_seams();
    printf("reference: %d lanes sampled and checked\n", nsamples);
    tx_state_free(S);
    return check_done("test_filter_ref");
}
