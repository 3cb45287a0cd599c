/*
 * hw_job.c - map a recorded hardware case onto the texture unit
 * (docs/conformance.md, "Mapping").
 *
 * CUDA's texture object becomes a block-linear texture header (TIC) at index
 * 0 and its texture descriptor a sampler (TSC) at index 0; the constant-bank
 * word 0 holds the handle of both.  Each query becomes one lane of a TEX (or,
 * for surface cases, SULD) instruction:
 *
 *   tex1D, tex2D, tex3D, texCubemap, layered forms   TEX.LZ   (a compute kernel
 *                                                    samples level 0)
 *   tex1DLod, tex2DLod, tex3DLod, ...Lod             TEX.LL   (non-pixel threads:
 *                                                    each lane its own LOD)
 *   tex2DGrad                                        TXD: the gradients in Rb
 *                                                    (dPdx.x, dPdy.x, dPdx.y,
 *                                                    dPdy.y as binary32)
 *   tex2Dgather (component c)                        TLD4.c (R, G, B, A), one
 *                                                    warp per component
 *   surf1Dread ... surf2DLayeredread                 SULD.D.BA (byte x)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcn.h"
#include "hw_job.h"
#include "layout.h"
#include "texmodel.h"
#include "tic.h"

/* tex.fmt onto COMPONENTS, data type, channels present (the CUDA driver's
 * swizzle reads R, G, 0, 0 for two channels and R, 0, 0, 0 for one; for the
 * one- and two-channel block formats BC4 and BC5 the recorded alpha is 1:
 * R, 0, 0, 1 and R, G, 0, 1), and whether the answers are integers. */
static const struct fmt_map {
    const char *name;
    uint8_t comps, dtype, channels, integer;
} fmt_maps[] = {
    {"rgba8", TX_FMT_A8B8G8R8, TX_DT_UNORM, 4, 0},
    {"rgba8s", TX_FMT_A8B8G8R8, TX_DT_SNORM, 4, 0},
    {"rgba8ui", TX_FMT_A8B8G8R8, TX_DT_UINT, 4, 1},
    {"rg8", TX_FMT_G8R8, TX_DT_UNORM, 2, 0},
    {"r8", TX_FMT_R8, TX_DT_UNORM, 1, 0},
    {"r16", TX_FMT_R16, TX_DT_UNORM, 1, 0},
    {"rgba16", TX_FMT_R16G16B16A16, TX_DT_UNORM, 4, 0},
    {"rgba16s", TX_FMT_R16G16B16A16, TX_DT_SNORM, 4, 0},
    {"rgba16f", TX_FMT_R16G16B16A16, TX_DT_FLOAT, 4, 0},
    {"rgba32f", TX_FMT_R32G32B32A32, TX_DT_FLOAT, 4, 0},
    {"r32f", TX_FMT_R32, TX_DT_FLOAT, 1, 0},
    {"bc1", TX_FMT_DXT1, TX_DT_UNORM, 4, 0},
    {"bc1srgb", TX_FMT_DXT1, TX_DT_UNORM, 4, 0},
    {"bc2", TX_FMT_DXT23, TX_DT_UNORM, 4, 0},
    {"bc3", TX_FMT_DXT45, TX_DT_UNORM, 4, 0},
    {"bc3srgb", TX_FMT_DXT45, TX_DT_UNORM, 4, 0},
    {"bc4", TX_FMT_DXN1, TX_DT_UNORM, 1, 0},
    {"bc4s", TX_FMT_DXN1, TX_DT_SNORM, 1, 0},
    {"bc5", TX_FMT_DXN2, TX_DT_UNORM, 2, 0},
    {"bc5s", TX_FMT_DXN2, TX_DT_SNORM, 2, 0},
    {"bc6h", TX_FMT_BC6H_UF16, TX_DT_FLOAT, 4, 0},
    {"bc6hs", TX_FMT_BC6H_SF16, TX_DT_FLOAT, 4, 0},
    {"bc7", TX_FMT_BC7U, TX_DT_UNORM, 4, 0},
    {"bc7srgb", TX_FMT_BC7U, TX_DT_UNORM, 4, 0},
};

/* Surface cases: a format of the element's size (the bytes are raw). */
static uint8_t surf_comps(uint32_t size)
{
    switch (size) {
    case 1: return TX_FMT_R8;
    case 2: return TX_FMT_R16;
    case 4: return TX_FMT_R32;
    case 8: return TX_FMT_R32G32;
    default: return TX_FMT_R32G32B32A32;
    }
}

static const struct fmt_map *fmt_of(const char *name)
{
    for (size_t i = 0; i < sizeof fmt_maps / sizeof fmt_maps[0]; i++)
        if (!strcmp(name, fmt_maps[i].name))
            return &fmt_maps[i];
    return NULL;
}

static const uint8_t tex_type[7] = {TX_TEX_1D, TX_TEX_2D, TX_TEX_3D, TX_TEX_CUBEMAP,
                                    TX_TEX_1D_ARRAY, TX_TEX_2D_ARRAY, TX_TEX_CUBEMAP_ARRAY};

static int alpha_one(const struct fmt_map *f)
{
    return f->channels < 4 && (f->comps == TX_FMT_DXN1 || f->comps == TX_FMT_DXN2);
}

/* A binary32 value as a fixed-point field with 8 fraction bits, clamped to
 * [lo, hi] (the sampler's bias and LOD clamps; the recorder chose multiples
 * of 1/256, so the conversion is exact). */
static int32_t fx8(uint32_t bits, int32_t lo, int32_t hi)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    double v = (double)f * 256.0;
    if (v != v)
        return 0;
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return (int32_t)(v < 0 ? -(long long)(-v + 0.5) : (long long)(v + 0.5));
}

/* MAX_ANISOTROPY code of a CUDA maxAnisotropy (1, 2, 4, 6, 8, 10, 12, 16:1;
 * a value between two codes takes the lower). */
static uint8_t aniso_code(uint32_t a)
{
    static const uint8_t ratio[8] = {1, 2, 4, 6, 8, 10, 12, 16};
    uint8_t code = 0;
    for (uint8_t i = 0; i < 8; i++)
        if (a >= ratio[i])
            code = i;
    return code;
}

static void make_tic(const hw_case *c, const struct fmt_map *f, tx_tic *t)
{
    memset(t, 0, sizeof *t);
    t->components = c->surface ? surf_comps(c->surf_size) : f->comps;
    for (int i = 0; i < 4; i++) {
        t->dtype[i] = c->surface ? TX_DT_UINT : f->dtype;
        t->swz[i] = (uint8_t)(c->surface || i < f->channels ? TX_SWZ_R + i
                              : i == 3 && alpha_one(f) ? TX_SWZ_ONE_FLOAT : TX_SWZ_ZERO);
    }
    t->srgb = (uint8_t)(!c->surface && c->srgb);
    t->address = HW_TEX_BASE;
    t->version = TX_TIC_BLOCKLINEAR;
    t->gobs_per_block_height = 4;   /* auto-sized down per level */
    t->gobs_per_block_depth = c->kind == HW_3D ? 4 : 0;
    t->width_minus_one = c->w - 1;
    t->height_minus_one = (uint16_t)(c->h - 1);
    if (c->kind == HW_3D)
        t->depth_minus_one = (uint16_t)(c->d - 1);
    else if (c->kind == HW_1D_LAYERED || c->kind == HW_2D_LAYERED || c->kind == HW_CUBE_LAYERED)
        t->depth_minus_one = (uint16_t)(c->layers - 1);
    t->texture_type = tex_type[c->kind];
    t->normalized_coords = (uint8_t)(c->surface ? 0 : c->norm);
    t->max_mip_level = (uint8_t)(c->levels - 1);
    t->res_view_max_mip_level = (uint8_t)(c->levels - 1);
}

static void make_tsc(const hw_case *c, tx_tsc *s)
{
    static const uint8_t mode[4] = {0 /* WRAP */, 1 /* MIRROR */, 2 /* CLAMP_TO_EDGE */,
                                    3 /* BORDER */};
    memset(s, 0, sizeof *s);
    if (c->surface)
        return;
    s->address_u = mode[c->addr[0]];
    s->address_v = mode[c->addr[1]];
    s->address_p = mode[c->addr[2]];
    s->mag_filter = c->linear ? 2 : 1;
    s->min_filter = c->aniso > 1 ? 3 : c->linear ? 2 : 1;
    s->mip_filter = c->levels <= 1 ? 1 : (uint8_t)(c->mip + 1);   /* NONE, POINT, LINEAR */
    s->max_anisotropy = aniso_code(c->aniso);
    s->cubemap_interface_filtering = c->seamless ? 2 : 0;   /* AUTO_SPAN_SEAM : USE_WRAP */
    s->mip_lod_bias = (uint16_t)(fx8(c->bias, -4096, 4095) & 0x1fff);
    s->min_lod_clamp = (uint16_t)fx8(c->minclamp, 0, 0xfff);
    s->max_lod_clamp = (uint16_t)fx8(c->maxclamp, 0, 0xfff);
    for (int i = 0; i < 4; i++)
        s->border[i] = c->border[i];
}

/* Copy the case's texels into their block-linear places. */
static int place_texels(hw_job *j, const tx_tic *t, int blk, uint32_t bytes, char *err,
                        size_t errlen)
{
    const hw_case *c = j->c;
    tx_layout L;
    if (tx_layout_build(t, TX_GOB_TEGRA, &L) != 0) {
        snprintf(err, errlen, "tex: no block-linear layout for this texture");
        return -1;
    }
    j->image_len = (size_t)(L.layer_stride * L.layers);
    j->image = calloc(j->image_len ? j->image_len : 1, 1);
    if (!j->image) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (uint32_t l = 0; l < c->levels; l++) {
        const tx_level *lv = &L.lv[l];
        uint32_t w = blk ? (lv->w + 3) / 4 : lv->w, h = blk ? (lv->h + 3) / 4 : lv->h;
        uint32_t slices = c->kind == HW_3D ? lv->d : L.layers;
        const uint8_t *src = c->data[l];
        for (uint32_t s = 0; s < slices; s++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    uint64_t a;
                    uint32_t z = c->kind == HW_3D ? s : 0, layer = c->kind == HW_3D ? 0 : s;
                    if (src + bytes > c->data[l] + c->data_len[l] ||
                        tx_addr_texel(&L, l, blk ? 4 * x : x, blk ? 4 * y : y, z, layer, 0,
                                      &a) != 0 ||
                        a < HW_TEX_BASE || a - HW_TEX_BASE + bytes > j->image_len) {
                        snprintf(err, errlen, "tex.data[%u]: texel (%u, %u, %u) has no place",
                                 l, x, y, s);
                        return -1;
                    }
                    memcpy(j->image + (a - HW_TEX_BASE), src, bytes);
                    src += bytes;
                }
    }
    return 0;
}

int hw_job_init(hw_job *j, const hw_case *c, char *err, size_t errlen)
{
    memset(j, 0, sizeof *j);
    j->c = c;
    const struct fmt_map *f = fmt_of(c->fmt);
    if (!c->surface && !f) {
        snprintf(err, errlen, "tex.fmt: '%s' has no texture format", c->fmt);
        return -1;
    }
    if (c->surface && (c->surf_size & (c->surf_size - 1))) {
        snprintf(err, errlen, "surf.size: %u is not 1, 2, 4, 8 or 16", c->surf_size);
        return -1;
    }
    int blk = 0;
    uint32_t bytes = hw_fmt_bytes(c->fmt, &blk);
    if (c->surface && bytes != c->surf_size) {
        snprintf(err, errlen, "surf.size: %u, but tex.fmt '%s' has %u bytes", c->surf_size,
                 c->fmt, bytes);
        return -1;
    }
    tx_tic t;
    tx_tsc s;
    make_tic(c, f, &t);
    make_tsc(c, &s);
    tx_tic_pack(&t, j->tic);
    tx_tsc_pack(&s, j->tsc);
    return place_texels(j, &t, blk, bytes, err, errlen);
}

void hw_job_free(hw_job *j)
{
    free(j->image);
    memset(j, 0, sizeof *j);
}

int hw_job_float(const hw_job *j)
{
    const struct fmt_map *f = fmt_of(j->c->fmt);
    return !j->c->surface && f && !f->integer;
}

/* ---- queries onto lanes ------------------------------------------------- */

/* TEX form of a query kind: dimension, LOD mode, coordinate count. */
static const struct qform {
    const char *dim;
    const char *lod;     /* "LZ", "LL" or "" (implicit) */
    uint8_t ncoord, array, runs;
} qforms[HW_NQUERY_KINDS] = {
    [HW_Q_1D] = {"1D", "LZ", 1, 0, 1},           [HW_Q_1D_LOD] = {"1D", "LL", 1, 0, 1},
    [HW_Q_2D] = {"2D", "LZ", 2, 0, 1},           [HW_Q_2D_LOD] = {"2D", "LL", 2, 0, 1},
    [HW_Q_2D_GRAD] = {"2D", "", 2, 0, 1},        [HW_Q_3D] = {"3D", "LZ", 3, 0, 1},
    [HW_Q_3D_LOD] = {"3D", "LL", 3, 0, 1},       [HW_Q_CUBE] = {"CUBE", "LZ", 3, 0, 1},
    [HW_Q_CUBE_LOD] = {"CUBE", "LL", 3, 0, 1},   [HW_Q_1D_LAYERED] = {"ARRAY_1D", "LZ", 1, 1, 1},
    [HW_Q_2D_LAYERED] = {"ARRAY_2D", "LZ", 2, 1, 1},
    [HW_Q_2D_LAYERED_LOD] = {"ARRAY_2D", "LL", 2, 1, 1},
    [HW_Q_CUBE_LAYERED] = {"ARRAY_CUBE", "LZ", 3, 1, 1},
    [HW_Q_2D_GATHER] = {"2D", "", 2, 0, 1},      /* TLD4, hw_job_next_warp */
    [HW_Q_2D_UINT] = {"2D", "LZ", 2, 0, 1},      [HW_Q_2D_INT] = {"2D", "LZ", 2, 0, 1},
};

static int runnable(int kind)
{
    return kind >= HW_Q_SURF || (kind >= 0 && kind < HW_NQUERY_KINDS && qforms[kind].runs);
}

/* Coordinates of a query into a lane's Ra group (array first). */
static void tex_lane(const struct qform *f, const hw_query_rec *q, uint32_t *ra, const uint32_t xyz[3])
{
    int k = 0;
    if (f->array)
        ra[k++] = (uint32_t)q->layer;
    for (int i = 0; i < f->ncoord; i++)
        ra[k++] = xyz[i];
}

static void surf_warp(const hw_job *j, int kind, hw_warp *w)
{
    static const char *const dims[5] = {"1D", "2D", "3D", "1D_ARRAY", "2D_ARRAY"};
    const char *size = j->c->surf_size == 1 ? "U8" : j->c->surf_size == 2 ? "U16"
                     : j->c->surf_size == 4 ? "32" : j->c->surf_size == 8 ? "64" : "128";
    snprintf(w->op, sizeof w->op, "SULD.D.BA.%s.%s.%s", dims[kind], size,
             j->c->surf_clamp ? "NEAR" : "IGN");
    snprintf(w->tail, sizeof w->tail, "0x0");
    w->surf = 1;
    hw_warp_text(w, HW_RA, HW_RB, w->sass, sizeof w->sass);
    w->ncomp = j->c->surf_size <= 4 ? 1 : (int)(j->c->surf_size / 4);
}

/* Ra registers of a surface query: x (bytes), then y, z or the layer. */
static void surf_lane(int kind, const hw_query_rec *q, uint32_t *ra)
{
    ra[0] = q->c[0];
    switch (kind) {
    case 1: ra[1] = q->c[1]; break;                      /* 2D */
    case 2: ra[1] = q->c[1]; ra[2] = q->c[2]; break;     /* 3D */
    case 3: ra[1] = (uint32_t)q->layer; break;           /* 1D layered */
    case 4: ra[1] = q->c[1]; ra[2] = (uint32_t)q->layer; break;
    default: break;
    }
}

/* Gathers: TLD4 takes its component from the instruction, so a block of
 * consecutive gather queries (at most 32 of each component) goes out as up
 * to four warps, component R first.  While a block is under way, *pos is
 * start + comp * (nq + 1), comp the component of the next warp. */
static int gather_warp(const hw_job *j, size_t *pos, hw_warp *w)
{
    const hw_case *c = j->c;
    size_t span = c->nq + 1, i = *pos % span, e = i;
    int comp = (int)(*pos / span), count[4] = {0, 0, 0, 0};
    const struct qform *f = &qforms[HW_Q_2D_GATHER];

    while (e < c->nq && c->q[e].kind == HW_Q_2D_GATHER && count[c->q[e].layer & 3] < 32)
        count[c->q[e++].layer & 3]++;
    while (comp < 4 && count[comp] == 0)
        comp++;
    if (comp == 4) {
        *pos = e;
        return 0;
    }
    memset(w, 0, sizeof *w);
    for (int l = 0; l < 32; l++)
        w->q[l] = -1;
    snprintf(w->op, sizeof w->op, "TLD4.%c", "RGBA"[comp]);
    snprintf(w->tail, sizeof w->tail, "0x0, %s, 0xf", f->dim);
    hw_warp_text(w, HW_RA, HW_RB, w->sass, sizeof w->sass);
    w->ncomp = 4;
    for (size_t k = i, l = 0; k < e; k++)
        if ((c->q[k].layer & 3) == comp) {
            tex_lane(f, &c->q[k], &w->regs[l][HW_RA], c->q[k].c);
            w->q[l++] = (long)k;
        }
    int next = comp + 1;
    while (next < 4 && count[next] == 0)
        next++;
    *pos = next < 4 ? i + (size_t)next * span : e;
    return 1;
}

int hw_job_next_warp(const hw_job *j, size_t *pos, hw_warp *w, size_t *skipped)
{
    const hw_case *c = j->c;
    if (*pos > c->nq || (*pos < c->nq && c->q[*pos].kind == HW_Q_2D_GATHER))
        if (gather_warp(j, pos, w))
            return 1;
    size_t i = *pos;
    while (i < c->nq && !runnable(c->q[i].kind)) {
        i++;
        (*skipped)++;
    }
    if (i >= c->nq) {
        *pos = i;
        return 0;
    }
    memset(w, 0, sizeof *w);
    for (int l = 0; l < 32; l++)
        w->q[l] = -1;
    int kind = c->q[i].kind;
    if (kind == HW_Q_2D_GATHER) {
        *pos = i;
        return hw_job_next_warp(j, pos, w, skipped);
    }
    if (kind >= HW_Q_SURF) {
        surf_warp(j, kind - HW_Q_SURF, w);
        for (int l = 0; l < 32 && i < c->nq && c->q[i].kind == kind; l++, i++) {
            surf_lane(kind - HW_Q_SURF, &c->q[i], &w->regs[l][HW_RA]);
            w->q[l] = (long)i;
        }
        *pos = i;
        return 1;
    }
    const struct qform *f = &qforms[kind];
    int ll = !strcmp(f->lod, "LL");
    snprintf(w->op, sizeof w->op, "TEX%s%s", *f->lod ? "." : "", f->lod);
    snprintf(w->tail, sizeof w->tail, "0x0, %s, 0xf", f->dim);
    w->rb = ll;
    hw_warp_text(w, HW_RA, HW_RB, w->sass, sizeof w->sass);
    w->ncomp = 4;
    if (kind == HW_Q_2D_GRAD) {
        /* One query per lane: TXD with the coordinates in Ra and the
         * hardware's gradients in Rb, interleaved per axis as TXD reads them
         * (docs/semantics.md S13.2). */
        snprintf(w->op, sizeof w->op, "TXD");
        w->rb = 1;
        hw_warp_text(w, HW_RA, HW_RB, w->sass, sizeof w->sass);
        for (int l = 0; l < 32 && i < c->nq && c->q[i].kind == kind; l++, i++) {
            const uint32_t *v = c->q[i].c;
            tex_lane(f, &c->q[i], &w->regs[l][HW_RA], v);
            w->regs[l][HW_RB + 0] = v[4];
            w->regs[l][HW_RB + 1] = v[6];
            w->regs[l][HW_RB + 2] = v[5];
            w->regs[l][HW_RB + 3] = v[7];
            w->q[l] = (long)i;
        }
        *pos = i;
        return 1;
    }
    for (int l = 0; l < 32 && i < c->nq && c->q[i].kind == kind; l++, i++) {
        tex_lane(f, &c->q[i], &w->regs[l][HW_RA], c->q[i].c);
        if (ll)
            w->regs[l][HW_RB] = c->q[i].c[3];
        w->q[l] = (long)i;
    }
    *pos = i;
    return 1;
}

int hw_job_run_model(const hw_job *j, hw_warp_fn fn, void *ctx, size_t *skipped, char *err,
                     size_t errlen)
{
    const hw_case *c = j->c;
    texmodel *m = texmodel_new();
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    texmodel_set_tic_pool(m, HW_TIC_BASE, 0);
    texmodel_set_tsc_pool(m, HW_TSC_BASE, 0);
    texmodel_write_tic(m, 0, j->tic);
    texmodel_write_tsc(m, 0, j->tsc);
    texmodel_mem_write(m, HW_TEX_BASE, j->image, j->image_len);

    size_t pos = 0;
    hw_warp w;
    char last[96] = "";
    uint64_t word = 0;
    uint32_t ctrl = 0;
    int rc = 0;
    while (rc == 0 && hw_job_next_warp(j, &pos, &w, skipped)) {
        /* Consecutive warps of a case are mostly the same instruction. */
        if (strcmp(last, w.sass)) {
            char msg[96];
            if (texmodel_asm(w.sass, &word, &ctrl, msg, sizeof msg)) {
                snprintf(err, errlen, "internal: '%s' does not assemble: %s", w.sass, msg);
                rc = -1;
                break;
            }
            snprintf(last, sizeof last, "%s", w.sass);
        }
        texmodel_set(m, TEXMODEL_PIXEL, (uint32_t)w.pixel);
        for (int l = 0; l < 32; l++)
            for (int r = 0; r < HW_NREGS; r++)
                texmodel_set_reg(m, l, r, w.regs[l][r]);
        int status = texmodel_step(m, word, ctrl);
        uint32_t got[32][4];
        memset(got, 0, sizeof got);
        for (int l = 0; l < 32; l++) {
            if (w.q[l] < 0)
                continue;
            for (int k = 0; k < w.ncomp && status == TEXMODEL_OK; k++)
                got[l][k] = texmodel_reg(m, l, HW_RD + k);
            if (c->surface && c->surf_size < 4)   /* U8/U16 zero-extend the bytes */
                got[l][0] &= c->surf_size == 1 ? 0xffu : 0xffffu;
        }
        rc = fn(ctx, &w, (const uint32_t(*)[4])got, err, errlen);
    }
    texmodel_free(m);
    return rc;
}

void hw_warp_text(const hw_warp *w, int ra, int rb, char *buf, size_t n)
{
    char rbs[8] = "";
    if (w->rb)
        snprintf(rbs, sizeof rbs, "R%d, ", rb);
    snprintf(buf, n, w->surf ? "%s R%d, [R%d], %s%s" : "%s R%d, R%d, %s%s", w->op, HW_RD, ra, rbs,
             w->tail);
}

uint64_t hw_ulp(uint32_t a, uint32_t b, int is_float)
{
    if (a == b)
        return 0;
    if (!is_float)
        return a > b ? (uint64_t)a - b : (uint64_t)b - a;
    /* binary32 bits onto a monotonic integer line (-0 and +0 adjacent). */
    int64_t x = (a >> 31) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
    int64_t y = (b >> 31) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
    return x > y ? (uint64_t)(x - y) : (uint64_t)(y - x);
}
