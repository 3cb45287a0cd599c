/*
 * hw_plan.c - seeded plans of texture-hardware cases (hw_plan.h): the
 * textures, samplers and queries of the groups the recorded data has, drawn
 * afresh from a seed, and the line-oriented plan format hw/record.cu reads.
 *
 * A group here exercises what the recorded group of the same name does
 * (docs/conformance.md), with its own texels, extents, address modes and
 * query positions, so that a recording of a plan checks the model's rules on
 * inputs they were not calibrated on.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "hw_plan.h"

const char *const hw_plan_groups[] = {"filter", "weights", "lod", "dims", "bc",
                                      "gather", "extra", "surface"};
const int hw_plan_ngroups = (int)(sizeof hw_plan_groups / sizeof hw_plan_groups[0]);

static const char *const kind_names[] = {"1d", "2d", "3d", "cube", "1d_layered", "2d_layered",
                                         "cube_layered"};
static const char *const addr_names[] = {"wrap", "mirror", "clamp", "border"};
static const char *const filter_names[] = {"point", "linear"};
static const char *const mip_names[] = {"none", "point", "linear"};

/* ---- building cases ----------------------------------------------------- */

typedef struct plan {
    hw_case *c;
    long n, cap;
    size_t qcap;        /* queries allocated in the case being built */
    uint64_t s;         /* xorshift64* state */
    size_t max_q;
    int oom;
} plan;

static uint32_t rnd(plan *p)
{
    p->s ^= p->s >> 12;
    p->s ^= p->s << 25;
    p->s ^= p->s >> 27;
    return (uint32_t)((p->s * 0x2545F4914F6CDD1Dull) >> 32);
}

/* Uniform in 0 .. n-1. */
static uint32_t below(plan *p, uint32_t n)
{
    return (uint32_t)(((uint64_t)rnd(p) * n) >> 32);
}

/* Uniform in [a, b) on a grid of 2^-24 of the span. */
static float uni(plan *p, float a, float b)
{
    return a + (b - a) * (float)(rnd(p) >> 8) * (1.0f / 16777216.0f);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* A new case with the sampler CUDA code most often sets: clamp, linear,
 * normalised coordinates, trilinear optimisation off.  The texture is a 2D
 * rgba8 of 16x16 until tex_shape says otherwise. */
static hw_case *new_case(plan *p, const char *group, const char *fmt, ...)
{
    if (p->n == p->cap) {
        long ncap = p->cap ? 2 * p->cap : 32;
        hw_case *nc = realloc(p->c, (size_t)ncap * sizeof *nc);
        if (!nc) {
            p->oom = 1;
            return NULL;
        }
        p->c = nc;
        p->cap = ncap;
    }
    hw_case *c = &p->c[p->n++];
    memset(c, 0, sizeof *c);
    char id[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(id, sizeof id, fmt, ap);
    va_end(ap);
    c->id = strdup(id);
    c->group = strdup(group);
    if (!c->id || !c->group)
        p->oom = 1;
    c->kind = HW_2D;
    snprintf(c->fmt, sizeof c->fmt, "rgba8");
    c->w = c->h = 16;
    c->d = c->layers = c->levels = 1;
    for (int i = 0; i < 3; i++)
        c->addr[i] = HW_CLAMP;
    c->linear = 1;
    c->norm = 1;
    c->trilin_opt_off = 1;
    p->qcap = 0;
    return c;
}

/* Levels of a full chain down to 1x1(x1). */
static uint32_t full_chain(uint32_t w, uint32_t h, uint32_t d)
{
    uint32_t m = w > h ? w : h, l = 1;
    m = m > d ? m : d;
    while (m >>= 1)
        l++;
    return l;
}

static void tex_shape(hw_case *c, int kind, const char *fmt, uint32_t w, uint32_t h, uint32_t d,
                      uint32_t layers, uint32_t levels)
{
    c->kind = kind;
    snprintf(c->fmt, sizeof c->fmt, "%s", fmt);
    c->w = w;
    c->h = kind == HW_1D || kind == HW_1D_LAYERED ? 1 : kind == HW_CUBE || kind == HW_CUBE_LAYERED ? w : h;
    c->d = kind == HW_3D ? d : 1;
    c->layers = kind == HW_1D_LAYERED || kind == HW_2D_LAYERED || kind == HW_CUBE_LAYERED ? layers : 1;
    c->levels = levels;
    if (levels > 1) {
        c->mip = 1;                        /* point, unless the case says linear */
        c->maxclamp = fbits(16.0f);        /* every level reachable */
    }
}

/* Units (texels, or 4x4 blocks) per row, rows and slices of level l, as the
 * case format stores them (hw_case.h). */
static void level_units(const hw_case *c, uint32_t l, int blk, uint32_t *cols, uint32_t *rows,
                        uint32_t *slices)
{
    uint32_t w = c->w >> l ? c->w >> l : 1, h = c->h >> l ? c->h >> l : 1;
    uint32_t d = c->kind == HW_3D ? (c->d >> l ? c->d >> l : 1) : 1;
    uint32_t n = c->kind == HW_CUBE ? 6 : c->kind == HW_CUBE_LAYERED ? 6 * c->layers
               : (c->kind == HW_1D_LAYERED || c->kind == HW_2D_LAYERED) ? c->layers : 1;
    if (c->kind == HW_1D || c->kind == HW_1D_LAYERED)
        h = 1;
    *cols = blk ? (w + 3) / 4 : w;
    *rows = blk ? (h + 3) / 4 : h;
    *slices = c->kind == HW_3D ? d : n;
}

/* A texel (or block) generator: level l, column x; writes `bytes` bytes. */
typedef void texel_fn(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *out);

/* Every level's bytes, unit by unit from fn. */
static void fill(plan *p, hw_case *c, texel_fn *fn)
{
    int blk = 0;
    uint32_t bytes = hw_fmt_bytes(c->fmt, &blk);
    c->data = calloc(c->levels, sizeof *c->data);
    c->data_len = calloc(c->levels, sizeof *c->data_len);
    if (!c->data || !c->data_len) {
        p->oom = 1;
        return;
    }
    for (uint32_t l = 0; l < c->levels; l++) {
        uint32_t cols, rows, slices;
        level_units(c, l, blk, &cols, &rows, &slices);
        size_t n = (size_t)cols * rows * slices * bytes;
        uint8_t *b = malloc(n ? n : 1);
        if (!b) {
            p->oom = 1;
            return;
        }
        c->data[l] = b;
        c->data_len[l] = n;
        for (size_t u = 0; u < n / bytes; u++)
            fn(p, c, l, (uint32_t)(u % cols), b + u * bytes);
    }
}

static void put_f32(uint8_t *o, float v)
{
    memcpy(o, &v, 4);
}

/* Random bytes: any code of an integer format, any BC1-BC5 block. */
static void t_bytes(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    (void)l;
    (void)x;
    uint32_t n = hw_fmt_bytes(c->fmt, NULL);
    for (uint32_t i = 0; i < n; i++)
        o[i] = (uint8_t)rnd(p);
}

/* binary32 texels in [-2, 2) (rgba32f or r32f). */
static void t_float(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    (void)l;
    (void)x;
    uint32_t n = hw_fmt_bytes(c->fmt, NULL) / 4;
    for (uint32_t i = 0; i < n; i++)
        put_f32(o + 4 * i, uni(p, -2.0f, 2.0f));
}

/* binary32 texels with special values: denormals, NaNs with payloads, both
 * infinities, -0 and values near the largest finite. */
static void t_float_special(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    (void)l;
    (void)x;
    uint32_t n = hw_fmt_bytes(c->fmt, NULL) / 4;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b;
        switch (below(p, 12)) {
        case 0: b = 1 + below(p, 0x7fffff); break;                   /* denormal */
        case 1: b = 0x7f800001u + below(p, 0x7fffff); break;         /* NaN */
        case 2: b = 0x7f800000u | (rnd(p) & 0x80000000u); break;     /* +-Inf */
        case 3: b = 0x80000000u; break;                              /* -0 */
        case 4: b = 0x7f000000u + below(p, 0x7fffff); break;         /* huge */
        case 5: b = 0x80000001u + below(p, 0x7fffff); break;         /* negative denormal */
        default: b = fbits(uni(p, -4.0f, 4.0f)); break;
        }
        memcpy(o + 4 * i, &b, 4);
    }
}

/* binary16 texels: finite values of both signs, and (special) now and then
 * an infinity, a NaN or a denormal. */
static void t_half(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o, int special)
{
    (void)c;
    (void)l;
    (void)x;
    for (int i = 0; i < 4; i++) {
        uint16_t h = (uint16_t)(rnd(p) & 0xffff);
        if ((h & 0x7c00) == 0x7c00)
            h &= 0xfbff;                   /* finite */
        if (special)
            switch (below(p, 10)) {
            case 0: h = (uint16_t)(0x7c00 | (rnd(p) & 0x8000)); break;
            case 1: h = (uint16_t)(0x7c01 + below(p, 0x3ff)); break;
            case 2: h = (uint16_t)((rnd(p) & 0x8000) | (1 + below(p, 0x3ff))); break;
            default: break;
            }
        memcpy(o + 2 * i, &h, 2);
    }
}

static void t_half_plain(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    t_half(p, c, l, x, o, 0);
}

static void t_half_special(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    t_half(p, c, l, x, o, 1);
}

/* Weight ramp: odd texels 1, even 0, in four scales (R 1, G 1 - that,
 * B 2^20, A 1 + 2^-23), so one query shows the weight at several
 * magnitudes. */
static void t_ramp(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    (void)p;
    (void)c;
    (void)l;
    float one = (float)(x & 1);
    put_f32(o, one);
    put_f32(o + 4, 1.0f - one);
    put_f32(o + 8, one * 1048576.0f);
    put_f32(o + 12, one * bitsf(0x3f800001u));
}

/* Every texel of level l holds (l, l / 4, 100 + l, 1): the answer names the
 * levels a query blends and their weights. */
static void t_level(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    (void)p;
    (void)c;
    (void)x;
    put_f32(o, (float)l);
    put_f32(o + 4, (float)l * 0.25f);
    put_f32(o + 8, 100.0f + (float)l);
    put_f32(o + 12, 1.0f);
}

/* BC6H: random bits under a defined mode (2-bit modes 00, 01; 5-bit modes
 * except the four reserved ones), one block in 16 left wholly random. */
static void t_bc6h(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    static const uint8_t modes[14] = {0x00, 0x01, 0x02, 0x06, 0x0a, 0x0e, 0x12,
                                      0x16, 0x1a, 0x1e, 0x03, 0x07, 0x0b, 0x0f};
    t_bytes(p, c, l, x, o);
    if (below(p, 16)) {
        uint8_t m = modes[below(p, 14)];
        uint8_t bits = m < 2 ? 2 : 5;
        o[0] = (uint8_t)((o[0] & ~((1u << bits) - 1)) | m);
    }
}

/* BC7: random bits under mode 0-7 (the mode is the lowest set bit), one
 * block in 16 left wholly random (mode 8: a reserved block). */
static void t_bc7(plan *p, const hw_case *c, uint32_t l, uint32_t x, uint8_t *o)
{
    t_bytes(p, c, l, x, o);
    if (below(p, 16)) {
        uint32_t m = below(p, 8);
        o[0] = (uint8_t)((o[0] & ~((2u << m) - 1)) | (1u << m));
    }
}

/* Add a query; coordinates and LOD as floats. */
static hw_query_rec *addq(plan *p, hw_case *c, int kind, int layer, float x, float y, float z,
                          float lod)
{
    if (c->nq == p->qcap) {
        size_t ncap = p->qcap ? 2 * p->qcap : 1024;
        hw_query_rec *nq = realloc(c->q, ncap * sizeof *nq);
        if (!nq) {
            p->oom = 1;
            return NULL;
        }
        c->q = nq;
        p->qcap = ncap;
    }
    hw_query_rec *q = &c->q[c->nq++];
    memset(q, 0, sizeof *q);
    q->kind = kind;
    q->layer = layer;
    q->c[0] = fbits(x);
    q->c[1] = fbits(y);
    q->c[2] = fbits(z);
    q->c[3] = fbits(lod);
    return q;
}

/* A surface load: x in bytes, y, z and the layer as integers. */
static void addq_surf(plan *p, hw_case *c, int dim, int32_t x, int32_t y, int32_t z,
                      int32_t layer)
{
    hw_query_rec *q = addq(p, c, HW_Q_SURF + dim, layer, 0, 0, 0, 0);
    if (q) {
        q->c[0] = (uint32_t)x;
        q->c[1] = (uint32_t)y;
        q->c[2] = (uint32_t)z;
        q->c[3] = 0;
    }
}

static void grad(hw_query_rec *q, float dxx, float dxy, float dyx, float dyy)
{
    if (!q)
        return;
    q->c[4] = fbits(dxx);
    q->c[5] = fbits(dxy);
    q->c[6] = fbits(dyx);
    q->c[7] = fbits(dyy);
}

/* A normalised coordinate on an axis of n texels: uniform over the texture
 * and a margin, at or near texel edges and centres, or on a grid of 1/256
 * texel (the weights' resolution). */
static float coord(plan *p, uint32_t n)
{
    switch (below(p, 10)) {
    case 0: case 1: case 2: case 3:
        return uni(p, -0.3f, 1.3f);
    case 4: case 5: case 6: {
        int k = (int)below(p, 2 * n + 3) - 1;
        return ((float)k * 0.5f + uni(p, -2e-3f, 2e-3f)) / (float)n;
    }
    default:
        return ((float)below(p, 384 * n) - 64.0f * (float)n) / (256.0f * (float)n);
    }
}

/* Cut the queries to at most p->max_q, evenly spaced, and give the case its
 * (empty) answers. */
static void finish(plan *p, hw_case *c)
{
    if (p->max_q && c->nq > p->max_q) {
        for (size_t i = 0; i < p->max_q; i++)
            c->q[i] = c->q[i * c->nq / p->max_q];
        c->nq = p->max_q;
    }
    c->r = calloc(c->nq ? c->nq : 1, sizeof *c->r);
    if (!c->r || (!c->q && c->nq))
        p->oom = 1;
}

/* ---- groups -------------------------------------------------------------- */

/* A border colour a format can hold (UNORM k / 255, SNORM k / 127, float
 * anything). */
static void border_for(plan *p, hw_case *c)
{
    int fl = !strcmp(c->fmt, "rgba16f") || !strcmp(c->fmt, "rgba32f") || !strcmp(c->fmt, "r32f");
    int sn = !strcmp(c->fmt, "rgba8s") || !strcmp(c->fmt, "rgba16s");
    for (int i = 0; i < 4; i++)
        c->border[i] = fbits(fl ? uni(p, -2.0f, 2.0f)
                             : sn ? (float)((int)below(p, 255) - 127) / 127.0f
                                  : (float)below(p, 256) / 255.0f);
}

static int any_border(const hw_case *c)
{
    return c->addr[0] == HW_BORDER || c->addr[1] == HW_BORDER || c->addr[2] == HW_BORDER;
}

/* filter: 2D, one level; every format point and linear, address modes
 * drawn per axis, sRGB, unnormalised coordinates, borders, special floats. */
static void g_filter(plan *p)
{
    static const char *const fmts[] = {"rgba8", "rgba8s", "rgba8ui", "rg8", "r8", "r16",
                                       "rgba16", "rgba16s", "rgba16f", "rgba32f", "r32f"};
    /* 0-21 every format twice (point, linear); 22, 23 sRGB point and
     * linear; 24, 25 unnormalised rgba8 linear and point (25 with borders);
     * 26 border rgba32f; 27, 28 special rgba32f point and linear; 29 special
     * rgba16f linear. */
    int ncases = 2 * 11 + 8;
    for (int i = 0; i < ncases; i++) {
        const char *fmt = i < 22 ? fmts[i / 2] : i < 26 ? "rgba8" : i == 26 ? "rgba32f"
                        : i == 29 ? "rgba16f" : "rgba32f";
        int ui = !strcmp(fmt, "rgba8ui");
        static const int extra_linear[8] = {0, 1, 1, 0, 1, 0, 1, 1};   /* cases 22..29 */
        int linear = i < 22 ? (i & 1) && !ui : extra_linear[i - 22];
        int srgb = i == 22 || i == 23;
        int norm = i == 24 || i == 25 ? 0 : below(p, 5) != 0;
        uint32_t w = below(p, 3) ? 2 + below(p, 23) : 1u << (1 + below(p, 5));
        uint32_t h = below(p, 3) ? 2 + below(p, 15) : 1u << (1 + below(p, 4));
        int addr[3];
        for (int a = 0; a < 3; a++)
            addr[a] = (int)below(p, 4);
        addr[0] = i % 4;                               /* every mode on U */
        if (i == 25 || i == 26)
            addr[0] = addr[1] = HW_BORDER;
        if (ui)                                        /* no border colour for integers */
            for (int a = 0; a < 3; a++)
                if (addr[a] == HW_BORDER)
                    addr[a] = HW_CLAMP;
        int special = i >= 27;
        char name[96];
        snprintf(name, sizeof name, "%s-%ux%u-%s-%s-%s%s%s%s", fmt, w, h, addr_names[addr[0]],
                 addr_names[addr[1]], linear ? "lin" : "pt", srgb ? "-srgb" : "",
                 norm ? "" : "-unnorm", special ? "-special" : "");
        hw_case *c = new_case(p, "filter", "rf%02d-%s", i, name);
        if (!c)
            return;
        tex_shape(c, HW_2D, fmt, w, h, 1, 1, 1);
        memcpy(c->addr, addr, sizeof addr);
        c->linear = linear;
        c->srgb = srgb;
        c->norm = norm;
        if (any_border(c))
            border_for(p, c);
        if (!strcmp(fmt, "rgba32f") || !strcmp(fmt, "r32f"))
            fill(p, c, special ? t_float_special : t_float);
        else if (!strcmp(fmt, "rgba16f"))
            fill(p, c, special ? t_half_special : t_half_plain);
        else
            fill(p, c, t_bytes);
        for (int k = 0; k < 2048; k++) {
            float x = coord(p, w), y = coord(p, h);
            if (!norm) {
                x *= (float)w;
                y *= (float)h;
            }
            addq(p, c, ui ? HW_Q_2D_UINT : HW_Q_2D, 0, x, y, 0, 0);
        }
        finish(p, c);
    }
}

/* weights: 1D ramps of 0 and 1, swept in 1/4096 texel over two texels from
 * a drawn start, and at full-mantissa positions; sizes 2, 3, 5, 7, 16, 1000
 * and two drawn ones, normalised and not. */
static void g_weights(plan *p)
{
    uint32_t sizes[8] = {2, 3, 5, 7, 16, 1000, 0, 0};
    sizes[6] = 9 + below(p, 50);
    sizes[7] = 100 + below(p, 3900);
    for (int s = 0; s < 8; s++)
        for (int norm = 0; norm < 2; norm++) {
            uint32_t n = sizes[s];
            int addr = s < 6 ? HW_CLAMP : (int)below(p, 3);   /* wrap, mirror or clamp */
            hw_case *c = new_case(p, "weights", "rw-n%u-%s-%s", n, norm ? "norm" : "unnorm",
                                  addr_names[addr]);
            if (!c)
                return;
            tex_shape(c, HW_1D, "rgba32f", n, 1, 1, 1, 1);
            c->addr[0] = c->addr[1] = c->addr[2] = addr;
            c->norm = norm;
            fill(p, c, t_ramp);
            float span = n > 2 ? 2.0f : 1.0f;
            float start = 0.5f + (float)(n > 3 ? below(p, n - 2) : 0);
            for (int k = 0; k < 4096; k++) {
                float xt = start + (float)k / 4096.0f * span;
                if (k % 5 == 2)                     /* off the grid */
                    xt += uni(p, -1e-4f, 1e-4f);
                addq(p, c, HW_Q_1D, 0, norm ? xt / (float)n : xt, 0, 0, 0);
            }
            for (int k = 0; k < 1024; k++) {
                float xt = uni(p, 0.0f, (float)n);
                addq(p, c, HW_Q_1D, 0, norm ? xt / (float)n : xt, 0, 0, 0);
            }
            finish(p, c);
        }
}

/* Gradient queries of a 2D case: isotropic footprints of drawn size and
 * angle, axis-aligned ones, anisotropic ones (ratio up to 2^4.5). */
static void grad_queries(plan *p, hw_case *c, int n, float lo, float hi, int random_pos)
{
    for (int k = 0; k < n; k++) {
        float g = exp2f(uni(p, lo, hi)), th = uni(p, 0.0f, 6.2831853f), ratio = 1.0f;
        int m = k % 4;
        if (m == 1 || m == 3)
            th = 0.0f;
        if (m >= 2)
            ratio = exp2f(uni(p, 0.0f, 4.5f));
        float x = random_pos ? coord(p, c->w) : uni(p, 0.2f, 0.8f);
        float y = random_pos ? coord(p, c->h) : uni(p, 0.2f, 0.8f);
        hw_query_rec *q = addq(p, c, HW_Q_2D_GRAD, 0, x, y, 0, 0);
        grad(q, g * cosf(th), g * sinf(th), -g * ratio * sinf(th), g * ratio * cosf(th));
    }
}

/* lod: mip chains whose levels hold their number (explicit LOD sweeps in
 * 1/256 steps and gradients), point and linear mips, the trilinear
 * optimisation, bias and clamps, anisotropy; two random RGBA8 chains. */
static void g_lod(plan *p)
{
    static const char *const names[] = {"mip-point", "mip-linear", "mip-linear-trilinopt",
                                        "bias-clamps", "aniso16", "aniso4", "aniso-drawn"};
    for (int v = 0; v < 7; v++) {
        uint32_t w = 1u << (5 + below(p, 3)), h = below(p, 2) ? w : w >> (1 + below(p, 2));
        hw_case *c = new_case(p, "lod", "rl%d-%s-%ux%u", v, names[v], w, h);
        if (!c)
            return;
        tex_shape(c, HW_2D, "rgba32f", w, h, 1, 1, full_chain(w, h, 1));
        c->addr[0] = c->addr[1] = (int)below(p, 3);
        c->mip = v == 0 ? 1 : 2;
        c->trilin_opt_off = v != 2;
        if (v == 3) {
            /* multiples of 1/256: the sampler's fields hold them exactly */
            c->bias = fbits((float)((int)below(p, 1025) - 512) / 256.0f);
            float mn = (float)below(p, 513) / 256.0f;
            c->minclamp = fbits(mn);
            c->maxclamp = fbits(mn + (float)below(p, 256 * (c->levels - 1)) / 256.0f);
        }
        c->aniso = v == 4 ? 16 : v == 5 ? 4 : v == 6 ? 2 + below(p, 15) : 0;
        fill(p, c, t_level);
        if (v < 4) {
            float x = uni(p, 0.1f, 0.9f), y = uni(p, 0.1f, 0.9f);
            int nsweep = (int)(256 * (c->levels + 2));
            for (int k = 0; k < nsweep; k++)
                addq(p, c, HW_Q_2D_LOD, 0, x, y, 0, -1.5f + (float)k / 256.0f);
            for (int k = 0; k < 512; k++)
                addq(p, c, HW_Q_2D_LOD, 0, coord(p, w), coord(p, h), 0,
                     uni(p, -2.0f, (float)c->levels + 1.0f));
        }
        grad_queries(p, c, 1536, -9.0f, 1.0f, 0);
        finish(p, c);
    }
    for (int v = 0; v < 2; v++) {
        uint32_t w = 5 + below(p, 40), h = 3 + below(p, 30);
        hw_case *c = new_case(p, "lod", "rl%d-rgba8-%ux%u-trilinear", 7 + v, w, h);
        if (!c)
            return;
        tex_shape(c, HW_2D, "rgba8", w, h, 1, 1, full_chain(w, h, 1));
        c->addr[0] = c->addr[1] = (int)below(p, 3);
        c->mip = 2;
        fill(p, c, t_bytes);
        for (int k = 0; k < 1024; k++)
            addq(p, c, HW_Q_2D_LOD, 0, coord(p, w), coord(p, h), 0,
                 uni(p, -1.0f, (float)c->levels));
        grad_queries(p, c, 1024, -8.0f, 0.5f, 1);
        finish(p, c);
    }
}

/* A direction for a cube query: drawn over the cube, or (one in three) near
 * an edge or corner between faces. */
static void cube_dir(plan *p, float v[3])
{
    for (int i = 0; i < 3; i++)
        v[i] = uni(p, -1.0f, 1.0f);
    if (below(p, 3) == 0) {
        int a = (int)below(p, 3), b = (a + 1 + (int)below(p, 2)) % 3;
        float m = uni(p, 0.5f, 2.0f);
        v[a] = v[a] < 0 ? -m : m;
        v[b] = (v[b] < 0 ? -m : m) * uni(p, 0.9f, 1.0f);
    }
}

/* dims: 1D, 3D, 1D and 2D layered, cube maps (seamless or not), cube arrays,
 * a cube mip chain. */
static void g_dims(plan *p)
{
    struct { const char *name; int kind; const char *fmt; int seamless; } D[] = {
        {"1d-rgba32f", HW_1D, "rgba32f", 0},           {"3d-rgba8", HW_3D, "rgba8", 0},
        {"3d-rgba32f", HW_3D, "rgba32f", 0},           {"2dlayered-rgba8", HW_2D_LAYERED, "rgba8", 0},
        {"1dlayered-rgba8", HW_1D_LAYERED, "rgba8", 0}, {"cube-rgba32f", HW_CUBE, "rgba32f", 0},
        {"cube-rgba32f-seamless", HW_CUBE, "rgba32f", 1},
        {"cube-rgba8-seamless", HW_CUBE, "rgba8", 1},
        {"cubelayered-rgba8", HW_CUBE_LAYERED, "rgba8", 0},
        {"cube-rgba32f-mips-seamless", HW_CUBE, "rgba32f", 1},
    };
    for (int i = 0; i < (int)(sizeof D / sizeof D[0]); i++) {
        int kind = D[i].kind, mips = i == 9;
        uint32_t w = mips ? 1u << (3 + below(p, 2)) : 2 + below(p, kind == HW_1D ? 60 : 12);
        uint32_t h = 2 + below(p, 12), d = 2 + below(p, 7), layers = 2 + below(p, 4);
        hw_case *c = new_case(p, "dims", "rd%d-%s-%u", i, D[i].name, w);
        if (!c)
            return;
        tex_shape(c, kind, D[i].fmt, w, h, d, layers, mips ? full_chain(w, w, 1) : 1);
        for (int a = 0; a < 3; a++)
            c->addr[a] = kind == HW_CUBE || kind == HW_CUBE_LAYERED ? HW_CLAMP : (int)below(p, 3);
        c->linear = below(p, 5) != 0;
        c->seamless = D[i].seamless;
        c->mip = 2;
        c->maxclamp = fbits(16.0f);
        fill(p, c, strcmp(D[i].fmt, "rgba32f") ? t_bytes : t_float);
        for (int k = 0; k < 2048; k++) {
            float x = coord(p, c->w), y = coord(p, c->h), z = coord(p, c->d), v[3];
            int layer = (int)below(p, c->layers + 1);     /* one past the end: clamped */
            switch (kind) {
            case HW_1D: addq(p, c, HW_Q_1D, 0, x, 0, 0, 0); break;
            case HW_3D: addq(p, c, HW_Q_3D, 0, x, y, z, 0); break;
            case HW_2D_LAYERED: addq(p, c, HW_Q_2D_LAYERED, layer, x, y, 0, 0); break;
            case HW_1D_LAYERED: addq(p, c, HW_Q_1D_LAYERED, layer, x, 0, 0, 0); break;
            default:
                cube_dir(p, v);
                if (kind == HW_CUBE_LAYERED)
                    addq(p, c, HW_Q_CUBE_LAYERED, layer, v[0], v[1], v[2], 0);
                else if (mips)
                    addq(p, c, HW_Q_CUBE_LOD, 0, v[0], v[1], v[2],
                         uni(p, -0.5f, (float)c->levels - 0.5f));
                else
                    addq(p, c, HW_Q_CUBE, 0, v[0], v[1], v[2], 0);
            }
        }
        finish(p, c);
    }
}

/* bc: every BC format, every texel centre with point sampling and random
 * positions with linear filtering. */
static void g_bc(plan *p)
{
    static const char *const fmts[] = {"bc1", "bc1srgb", "bc2", "bc3", "bc3srgb", "bc4", "bc4s",
                                       "bc5", "bc5s", "bc6h", "bc6hs", "bc7", "bc7srgb"};
    for (int f = 0; f < 13; f++)
        for (int lin = 0; lin < 2; lin++) {
            uint32_t w = 4 * (2 + below(p, 7)), h = 4 * (2 + below(p, 5));
            hw_case *c = new_case(p, "bc", "rb-%s-%ux%u-%s", fmts[f], w, h, lin ? "lin" : "pt");
            if (!c)
                return;
            tex_shape(c, HW_2D, fmts[f], w, h, 1, 1, 1);
            c->addr[0] = c->addr[1] = (int)below(p, 3);
            c->linear = lin;
            c->srgb = strstr(fmts[f], "srgb") != NULL;
            fill(p, c, !strncmp(fmts[f], "bc7", 3) ? t_bc7 : !strncmp(fmts[f], "bc6h", 4) ? t_bc6h
                       : t_bytes);
            if (!lin)
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++)
                        addq(p, c, HW_Q_2D, 0, ((float)x + 0.5f) / (float)w,
                             ((float)y + 0.5f) / (float)h, 0, 0);
            else
                for (int k = 0; k < 1024; k++)
                    addq(p, c, HW_Q_2D, 0, coord(p, w), coord(p, h), 0, 0);
            finish(p, c);
        }
}

static void gather_case(plan *p, const char *group, const char *id, const char *fmt, int addr)
{
    uint32_t w = 3 + below(p, 14), h = 3 + below(p, 14);
    if (!strncmp(fmt, "bc", 2)) {
        w = 4 * (1 + w / 4);
        h = 4 * (1 + h / 4);
    }
    hw_case *c = new_case(p, group, "%s-%s-%ux%u-%s", id, fmt, w, h, addr_names[addr]);
    if (!c)
        return;
    tex_shape(c, HW_2D, fmt, w, h, 1, 1, 1);
    c->addr[0] = c->addr[1] = addr;
    if (any_border(c))
        border_for(p, c);
    fill(p, c, strcmp(fmt, "rgba32f") ? t_bytes : t_float);
    for (int k = 0; k < 1024; k++)
        addq(p, c, HW_Q_2D_GATHER, k % 4, coord(p, w), coord(p, h), 0, 0);
    finish(p, c);
}

/* gather: tex2Dgather of each component. */
static void g_gather(plan *p)
{
    gather_case(p, "gather", "rg0", "rgba8", HW_WRAP);
    gather_case(p, "gather", "rg1", "rgba8", HW_CLAMP);
}

/* extra: mip LINEAR on 3D, 2D layered and 1D chains (the Lod forms); more
 * gathers. */
static void g_extra(plan *p)
{
    struct { const char *name; int kind; const char *fmt; } M[] = {
        {"3d-rgba32f-mips", HW_3D, "rgba32f"},
        {"2dlayered-rgba8-mips", HW_2D_LAYERED, "rgba8"},
        {"1d-rgba32f-mips", HW_1D, "rgba32f"},
    };
    for (int i = 0; i < 3; i++) {
        int kind = M[i].kind;
        uint32_t w = kind == HW_1D ? 1u << (5 + below(p, 3)) : 1u << (3 + below(p, 2));
        uint32_t h = w, d = w, layers = 2 + below(p, 3);
        hw_case *c = new_case(p, "extra", "rx%d-%s-%u", i, M[i].name, w);
        if (!c)
            return;
        tex_shape(c, kind, M[i].fmt, w, h, d, layers, full_chain(w, kind == HW_1D ? 1 : h,
                                                                kind == HW_3D ? d : 1));
        c->mip = 2;
        for (int a = 0; a < 3; a++)
            c->addr[a] = (int)below(p, 3);
        fill(p, c, strcmp(M[i].fmt, "rgba32f") ? t_bytes : t_float);
        for (int k = 0; k < 2048; k++) {
            float lod = uni(p, -0.5f, (float)c->levels - 0.5f);
            float x = coord(p, c->w), y = coord(p, c->h), z = coord(p, c->d);
            if (kind == HW_3D)
                addq(p, c, HW_Q_3D_LOD, 0, x, y, z, lod);
            else if (kind == HW_2D_LAYERED)
                addq(p, c, HW_Q_2D_LAYERED_LOD, (int)below(p, c->layers), x, y, 0, lod);
            else
                addq(p, c, HW_Q_1D_LOD, 0, x, 0, 0, lod);
        }
        finish(p, c);
    }
    gather_case(p, "extra", "rx3-gather", "rgba32f", HW_WRAP);
    gather_case(p, "extra", "rx4-gather", "rgba8", HW_BORDER);
    gather_case(p, "extra", "rx5-gather", "bc1", HW_CLAMP);
    gather_case(p, "extra", "rx6-gather", "r8", HW_MIRROR);
}

/* surface: loads from 1D, 2D, 3D, 1D and 2D layered surfaces, elements of 1
 * to 16 bytes, boundary zero and clamp; coordinates in range, up to two
 * elements outside, and far outside (aligned: a misaligned byte address
 * fails the whole kernel on the recorded hardware). */
static void g_surface(plan *p)
{
    static const char *const kn[5] = {"1d", "2d", "3d", "1d_layered", "2d_layered"};
    static const int kinds[5] = {HW_1D, HW_2D, HW_3D, HW_1D_LAYERED, HW_2D_LAYERED};
    static const uint32_t sizes[5] = {1, 2, 4, 8, 16};
    static const char *const sfmt[5] = {"r8", "r16", "rgba8", "rgba16", "rgba32f"};
    for (int k = 0; k < 5; k++)
        for (int s = 0; s < 5; s++)
            for (int clamp = 0; clamp < 2; clamp++) {
                uint32_t size = sizes[s];
                hw_case *c = new_case(p, "surface", "rs-%s-%uB-%s", kn[k], size,
                                      clamp ? "clamp" : "zero");
                if (!c)
                    return;
                tex_shape(c, kinds[k], sfmt[s], 3 + below(p, 18), 2 + below(p, 9),
                          2 + below(p, 5), 2 + below(p, 3), 1);
                c->surface = 1;
                c->surf_size = size;
                c->surf_clamp = clamp;
                fill(p, c, t_bytes);
                for (int q = 0; q < 1024; q++) {
                    int32_t x = ((int32_t)below(p, c->w + 4) - 2) * (int32_t)size;
                    int32_t y = (int32_t)below(p, c->h + 4) - 2;
                    int32_t z = (int32_t)below(p, c->d + 4) - 2;
                    int32_t layer = (int32_t)below(p, c->layers + 2);
                    if (q % 7 == 0)
                        x = (int32_t)(rnd(p) & ~(size - 1));
                    if (kinds[k] == HW_1D || kinds[k] == HW_1D_LAYERED)
                        y = 0;
                    if (kinds[k] != HW_3D)
                        z = 0;
                    if (kinds[k] != HW_1D_LAYERED && kinds[k] != HW_2D_LAYERED)
                        layer = 0;
                    addq_surf(p, c, k, x, y, z, layer);
                }
                finish(p, c);
            }
}

long hw_plan_group(const char *group, uint64_t seed, size_t max_q, hw_case **out)
{
    static void (*const gens[])(plan *) = {g_filter, g_weights, g_lod, g_dims, g_bc,
                                           g_gather, g_extra, g_surface};
    *out = NULL;
    for (int g = 0; g < hw_plan_ngroups; g++) {
        if (strcmp(group, hw_plan_groups[g]))
            continue;
        plan p;
        memset(&p, 0, sizeof p);
        /* Each group draws from its own stream: a group's cases do not
         * depend on which other groups are planned with it. */
        p.s = (seed + 1) * 0x9E3779B97F4A7C15ull ^ (uint64_t)(g + 1) * 0xD1B54A32D192ED03ull;
        if (!p.s)
            p.s = 1;
        for (int i = 0; i < 8; i++)
            rnd(&p);
        p.max_q = max_q;
        gens[g](&p);
        if (p.oom) {
            hw_plan_free(p.c, p.n);
            return -1;
        }
        *out = p.c;
        return p.n;
    }
    return -1;
}

void hw_plan_free(hw_case *cs, long n)
{
    for (long i = 0; i < n; i++)
        hw_case_free(&cs[i]);
    free(cs);
}

/* ---- writing ------------------------------------------------------------- */

int hw_plan_write_header(FILE *f)
{
    return fprintf(f, "texcosim-hw-plan 1\n") < 0 ? -1 : 0;
}

int hw_plan_write_case(FILE *f, const hw_case *c)
{
    static const char hx[] = "0123456789abcdef";
    fprintf(f, "case %s %s\n", c->id, c->group);
    fprintf(f, "tex %s %s %u %u %u %u %u\n", kind_names[c->kind], c->fmt, c->w, c->h, c->d,
            c->layers, c->levels);
    if (c->surface)
        fprintf(f, "surf %u %s\n", c->surf_size, c->surf_clamp ? "clamp" : "zero");
    else
        fprintf(f, "samp %s %s %s %s %s %d %d %d %d %u %08x %08x %08x %08x %08x %08x %08x\n",
                addr_names[c->addr[0]], addr_names[c->addr[1]], addr_names[c->addr[2]],
                filter_names[c->linear], mip_names[c->mip], c->srgb, c->norm, c->seamless,
                c->trilin_opt_off, c->aniso, c->border[0], c->border[1], c->border[2],
                c->border[3], c->bias, c->minclamp, c->maxclamp);
    for (uint32_t l = 0; l < c->levels; l++) {
        fprintf(f, "level %u %zu\n", l, c->data_len[l]);
        char line[129];
        for (size_t i = 0; i < c->data_len[l]; i += 64) {
            size_t n = c->data_len[l] - i < 64 ? c->data_len[l] - i : 64;
            for (size_t k = 0; k < n; k++) {
                line[2 * k] = hx[c->data[l][i + k] >> 4];
                line[2 * k + 1] = hx[c->data[l][i + k] & 15];
            }
            line[2 * n] = 0;
            fprintf(f, "%s\n", line);
        }
    }
    fprintf(f, "queries %zu\n", c->nq);
    for (size_t i = 0; i < c->nq; i++) {
        const hw_query_rec *q = &c->q[i];
        fprintf(f, "%d %d", q->kind, q->layer);
        for (int k = 0; k < 8; k++)
            fprintf(f, " %08x", q->c[k]);
        fputc('\n', f);
    }
    return fprintf(f, "end\n") < 0 || ferror(f) ? -1 : 0;
}

/* ---- reading ------------------------------------------------------------- */

typedef struct rd {
    gzFile gz;
    const char *path;
    int line;
    char *err;
    size_t errlen;
} rd;

static int rfail(rd *r, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errlen, "%s:%d: %s", r->path, r->line, msg);
    return -1;
}

/* The next whitespace-separated word; 0, or -1 at the end of the file or for
 * a word longer than n - 1. */
static int word(rd *r, char *buf, size_t n)
{
    int ch;
    while ((ch = gzgetc(r->gz)) != -1 && (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'))
        if (ch == '\n')
            r->line++;
    if (ch == -1)
        return -1;
    size_t k = 0;
    do {
        if (k + 1 >= n)
            return -1;
        buf[k++] = (char)ch;
    } while ((ch = gzgetc(r->gz)) != -1 && ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n');
    if (ch == '\n')
        gzungetc(ch, r->gz);
    buf[k] = 0;
    return 0;
}

static int expect(rd *r, const char *kw)
{
    char w[32];
    if (word(r, w, sizeof w) || strcmp(w, kw))
        return rfail(r, "expected '%s'", kw);
    return 0;
}

static int num(rd *r, const char *what, long lo, long hi, long *out)
{
    char w[32], *end;
    if (word(r, w, sizeof w))
        return rfail(r, "%s: expected a number", what);
    long v = strtol(w, &end, 10);
    if (*end || v < lo || v > hi)
        return rfail(r, "%s: '%s' is not a number in %ld..%ld", what, w, lo, hi);
    *out = v;
    return 0;
}

static int hexword(rd *r, const char *what, uint32_t *out)
{
    char w[32], *end;
    if (word(r, w, sizeof w) || strlen(w) != 8)
        return rfail(r, "%s: expected 8 hex digits", what);
    unsigned long v = strtoul(w, &end, 16);
    if (*end)
        return rfail(r, "%s: expected 8 hex digits", what);
    *out = (uint32_t)v;
    return 0;
}

static int name_of(rd *r, const char *what, const char *const *names, int n, int *out)
{
    char w[32];
    if (word(r, w, sizeof w))
        return rfail(r, "%s: expected a name", what);
    for (int i = 0; i < n; i++)
        if (!strcmp(w, names[i])) {
            *out = i;
            return 0;
        }
    return rfail(r, "%s: unknown '%s'", what, w);
}

/* An id or group: letters, digits, '.', '_', '-' (they go into JSON and file
 * names unescaped). */
static int token(rd *r, const char *what, char **out)
{
    char w[128];
    if (word(r, w, sizeof w))
        return rfail(r, "%s: expected a name of at most 127 characters", what);
    for (const char *s = w; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '.' || *s == '_' || *s == '-'))
            return rfail(r, "%s: '%s' has a character other than letters, digits, . _ -", what, w);
    *out = strdup(w);
    return *out ? 0 : rfail(r, "out of memory");
}

static int hexdig(int ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

static int read_case(rd *r, hw_case *c)
{
    long v;
    int x;
    if (token(r, "case id", &c->id) || token(r, "case group", &c->group) || expect(r, "tex"))
        return -1;
    if (name_of(r, "tex kind", kind_names, 7, &c->kind))
        return -1;
    char fmt[sizeof c->fmt];
    if (word(r, fmt, sizeof fmt) || !hw_fmt_bytes(fmt, NULL))
        return rfail(r, "tex format: unknown");
    snprintf(c->fmt, sizeof c->fmt, "%s", fmt);
    long w, h, d, layers, levels;
    if (num(r, "tex w", 1, 65536, &w) || num(r, "tex h", 1, 65536, &h) ||
        num(r, "tex d", 1, 2048, &d) || num(r, "tex layers", 1, 2048, &layers) ||
        num(r, "tex levels", 1, 16, &levels))
        return -1;
    tex_shape(c, c->kind, fmt, (uint32_t)w, (uint32_t)h, (uint32_t)d, (uint32_t)layers,
              (uint32_t)levels);
    if ((uint32_t)h != c->h && c->kind != HW_1D && c->kind != HW_1D_LAYERED)
        return rfail(r, "tex: a cube needs w == h");
    if ((uint64_t)c->w * c->h * c->d * c->layers > (1u << 26))
        return rfail(r, "tex: more than 2^26 texels");
    c->mip = 0;
    c->maxclamp = 0;
    char kw[32];
    if (word(r, kw, sizeof kw))
        return rfail(r, "expected 'samp' or 'surf'");
    if (!strcmp(kw, "surf")) {
        long size;
        if (num(r, "surf size", 1, 16, &size) || (size & (size - 1)))
            return rfail(r, "surf size: expected 1, 2, 4, 8 or 16");
        static const char *const bnd[] = {"zero", "clamp"};
        if (name_of(r, "surf boundary", bnd, 2, &c->surf_clamp))
            return -1;
        c->surface = 1;
        c->surf_size = (uint32_t)size;
    } else if (!strcmp(kw, "samp")) {
        for (int i = 0; i < 3; i++)
            if (name_of(r, "samp address mode", addr_names, 4, &c->addr[i]))
                return -1;
        if (name_of(r, "samp filter", filter_names, 2, &c->linear) ||
            name_of(r, "samp mip", mip_names, 3, &c->mip))
            return -1;
        int *flags[4] = {&c->srgb, &c->norm, &c->seamless, &c->trilin_opt_off};
        static const char *const fn[4] = {"samp srgb", "samp norm", "samp seamless",
                                          "samp trilin_opt_off"};
        for (int i = 0; i < 4; i++) {
            if (num(r, fn[i], 0, 1, &v))
                return -1;
            *flags[i] = (int)v;
        }
        if (num(r, "samp aniso", 0, 16, &v))
            return -1;
        c->aniso = (uint32_t)v;
        for (int i = 0; i < 4; i++)
            if (hexword(r, "samp border", &c->border[i]))
                return -1;
        if (hexword(r, "samp bias", &c->bias) || hexword(r, "samp minclamp", &c->minclamp) ||
            hexword(r, "samp maxclamp", &c->maxclamp))
            return -1;
    } else {
        return rfail(r, "expected 'samp' or 'surf', got '%s'", kw);
    }
    int blk = 0;
    uint32_t bytes = hw_fmt_bytes(c->fmt, &blk);
    c->data = calloc(c->levels, sizeof *c->data);
    c->data_len = calloc(c->levels, sizeof *c->data_len);
    if (!c->data || !c->data_len)
        return rfail(r, "out of memory");
    for (uint32_t l = 0; l < c->levels; l++) {
        uint32_t cols, rows, slices;
        level_units(c, l, blk, &cols, &rows, &slices);
        size_t want = (size_t)cols * rows * slices * bytes;
        if (expect(r, "level") || num(r, "level index", l, l, &v) ||
            num(r, "level bytes", 0, 1L << 30, &v))
            return -1;
        if ((size_t)v != want)
            return rfail(r, "level %u: %ld bytes, the extent needs %zu", l, v, want);
        uint8_t *b = malloc(want ? want : 1);
        if (!b)
            return rfail(r, "out of memory");
        c->data[l] = b;
        c->data_len[l] = want;
        for (size_t i = 0; i < 2 * want;) {
            int ch = gzgetc(r->gz);
            if (ch == '\n')
                r->line++;
            if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
                continue;
            if ((x = hexdig(ch)) < 0)
                return rfail(r, "level %u: expected %zu hex digits", l, 2 * want);
            b[i / 2] = (uint8_t)(i & 1 ? b[i / 2] | x : x << 4);
            i++;
        }
    }
    long nq;
    if (expect(r, "queries") || num(r, "queries", 0, 1L << 24, &nq))
        return -1;
    c->nq = (size_t)nq;
    c->q = calloc(c->nq ? c->nq : 1, sizeof *c->q);
    c->r = calloc(c->nq ? c->nq : 1, sizeof *c->r);
    if (!c->q || !c->r)
        return rfail(r, "out of memory");
    for (size_t i = 0; i < c->nq; i++) {
        hw_query_rec *q = &c->q[i];
        long kind, layer;
        if (num(r, "query kind", 0, HW_Q_SURF + 4, &kind) ||
            num(r, "query layer", -2147483647L - 1, 2147483647L, &layer))
            return -1;
        int surf = kind >= HW_Q_SURF;
        if (!surf && kind >= HW_NQUERY_KINDS)
            return rfail(r, "query kind %ld: unknown", kind);
        if (surf != c->surface)
            return rfail(r, "query kind %ld in a %s case", kind, c->surface ? "surface" : "texture");
        q->kind = (int)kind;
        q->layer = (int32_t)layer;
        for (int k = 0; k < 8; k++)
            if (hexword(r, "query word", &q->c[k]))
                return -1;
    }
    return expect(r, "end");
}

long hw_plan_read(const char *path, hw_case **out, char *err, size_t errlen)
{
    rd r = {gzopen(path, "rb"), path, 1, err, errlen};
    *out = NULL;
    if (!r.gz) {
        snprintf(err, errlen, "%s: cannot open", path);
        return -1;
    }
    long n = 0, cap = 0;
    hw_case *cs = NULL;
    char w[32];
    long ver;
    if (expect(&r, "texcosim-hw-plan") || num(&r, "plan version", 1, 1, &ver))
        goto bad;
    while (word(&r, w, sizeof w) == 0) {
        if (strcmp(w, "case")) {
            rfail(&r, "expected 'case', got '%s'", w);
            goto bad;
        }
        if (n == cap) {
            long ncap = cap ? 2 * cap : 32;
            hw_case *nc = realloc(cs, (size_t)ncap * sizeof *nc);
            if (!nc) {
                rfail(&r, "out of memory");
                goto bad;
            }
            cs = nc;
            cap = ncap;
        }
        memset(&cs[n], 0, sizeof cs[n]);
        n++;
        if (read_case(&r, &cs[n - 1]))
            goto bad;
        for (long i = 0; i < n - 1; i++)
            if (!strcmp(cs[i].id, cs[n - 1].id)) {
                rfail(&r, "case id '%s' appears twice", cs[i].id);
                goto bad;
            }
    }
    int e;
    gzerror(r.gz, &e);
    if (e != Z_OK && e != Z_STREAM_END) {
        rfail(&r, "cannot read");
        goto bad;
    }
    gzclose(r.gz);
    *out = cs;
    return n;
bad:
    gzclose(r.gz);
    hw_plan_free(cs, n);
    return -1;
}
