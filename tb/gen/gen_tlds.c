/*
 * gen_tlds.c - TLDS vector suites.
 *
 * tlds-directed walks the seed's tables: every write-mask code of both tables
 * in F32 and F16, both rounding modes, the supported formats, lane masks,
 * guard predicates, .NODEP with killed lanes, the .phase hash, out-of-bounds
 * lanes, an invalid header index and illegal encodings.  Texture contents and
 * coordinates are fixed patterns chosen to hit edge values.
 *
 * The area suites go further, one checked-in file each (vectors/tlds/):
 *   tlds-seed     the seed's two examples, exactly as written
 *   tlds-forms    all 9 target codes x every write mask x F32 / F16 (RNE, RZ)
 *   tlds-formats  every format x data type, sRGB, swizzles, unsupported codes
 *   tlds-layouts  pitch, block-linear (both GOB layouts, block heights and
 *                 depths, tile width), mips, arrays, 3D, buffers, multisample
 *   tlds-errors   bounds on every axis, invalid and mismatched headers,
 *                 memory faults, illegal encodings, .NODEP and the hash
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen.h"
#include "isa.h"

#define TIC_BASE 0x10000u
#define TIC_MAX 15
#define TSC_BASE 0x20000u
#define TEX_BASE 0x100000u

/* Constant-bank handle words (word index -> header index). */
#define H_RGBA8 3   /* at tsPtrIdx 0x7 */
#define H_R32F 4    /* at tsPtrIdx 0x8 */
#define H_INVALID 20 /* at tsPtrIdx 0x9: above TIC_MAX */

static const char *const wm_rz[] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
static const char *const wm_nrz[] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};

/* Header `index`: a 16 x 8 2D pitch texture at addr, 64 bytes per row. */
static void pitch_header(json_object *v, int index, uint64_t addr, const char *format,
                         const char *dtype, const char *const swizzle[4])
{
    json_object *f = json_object_new_object();
    json_object *sw = json_object_new_array();
    for (int i = 0; i < 4; i++)
        json_object_array_add(sw, json_object_new_string(swizzle[i]));
    gen_set(f, "version", json_object_new_string("PITCH"));
    gen_set(f, "type", json_object_new_string("2D"));
    gen_set(f, "format", json_object_new_string(format));
    gen_set(f, "dtype", json_object_new_string(dtype));
    gen_set(f, "swizzle", sw);
    gen_set(f, "address", gen_hex64(addr));
    gen_set(f, "pitch", json_object_new_int(64));
    gen_set(f, "width", json_object_new_int(16));
    gen_set(f, "height", json_object_new_int(8));
    gen_header(v, index, f);
}

/* 16 x 8 A8B8G8R8 UNORM, pitch 64 B.  Texel (0,0) is all zeros and (1,0)
 * all ones so the conversion end points are covered. */
static void tex_rgba8(json_object *v, int index, uint64_t addr)
{
    uint8_t img[64 * 8];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 16; x++)
            for (int c = 0; c < 4; c++)
                img[y * 64 + x * 4 + c] = (uint8_t)(x * 37 + y * 101 + c * 59 + 13);
    memset(img, 0x00, 4);
    memset(img + 4, 0xff, 4);
    gen_memory(v, addr, img, sizeof(img));

    pitch_header(v, index, addr, "A8B8G8R8", "UNORM", (const char *[4]){"R", "G", "B", "A"});
}

/* 16 x 8 R32 FLOAT, pitch 64 B.  Row 0 holds values whose F16 packing is a
 * corner case: a binary32 denormal, -0, +Inf, a NaN, the largest half, a
 * value that overflows to Inf only when rounding to nearest, the smallest
 * half subnormal, an exact tie below it, and a value just above that tie. */
static void tex_r32f(json_object *v, int index, uint64_t addr)
{
    static const uint32_t row0[16] = {
        0x00000001, 0x80000000, 0x7f800000, 0x7fc00001, 0x477fe000, 0x477ff000,
        0x33800000, 0x33000000, 0x33400000, 0x3f800000, 0xbf800000, 0x3eaaaaab,
        0x40490fdb, 0xc2f6e979, 0x38800000, 0x387fc000};
    uint8_t img[64 * 8];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 16; x++) {
            uint32_t bits;
            if (y == 0) {
                bits = row0[x];
            } else {
                /* a spread of normal values with varied exponents */
                uint32_t e = 100u + (uint32_t)((x * 7 + y * 13) % 50);
                uint32_t m = (uint32_t)(x * 0x2f3b1 + y * 0x1d35f) & 0x7fffff;
                bits = ((uint32_t)((x + y) & 1) << 31) | e << 23 | m;
            }
            memcpy(img + y * 64 + x * 4, &bits, 4); /* little-endian host */
        }
    gen_memory(v, addr, img, sizeof(img));

    pitch_header(v, index, addr, "R32", "FLOAT",
                 (const char *[4]){"R", "ZERO", "ZERO", "ONE_FLOAT"});
}

/* The common initial state: pools, handles, both textures, and the 2D
 * coordinates in R9 (x) and R11 (y).  Lanes 0..8 read row 0; the others
 * spread over the texture and past its right and bottom edges. */
static json_object *tlds_vector(gen_ctx *g, const char *id, const char *desc)
{
    json_object *v = gen_vector(g, id, desc);
    json_object *tic = json_object_new_object();
    gen_set(tic, "base", gen_hex64(TIC_BASE));
    gen_set(tic, "max", json_object_new_int(TIC_MAX));
    gen_set(v, "tic", tic);
    json_object *tsc = json_object_new_object();
    gen_set(tsc, "base", gen_hex64(TSC_BASE));
    gen_set(tsc, "max", json_object_new_int(TIC_MAX));
    gen_set(v, "tsc", tsc);
    gen_cbank(v, 0x7 * 4, H_RGBA8);
    gen_cbank(v, 0x8 * 4, H_R32F);
    gen_cbank(v, 0x9 * 4, H_INVALID);

    uint32_t x[32], y[32];
    for (int l = 0; l < 32; l++) {
        x[l] = l < 9 ? (uint32_t)l : (uint32_t)(l * 7) % 19;
        y[l] = l < 9 ? 0 : (uint32_t)(l * 3) % 9;
    }
    gen_reg(v, 9, x);
    gen_reg(v, 11, y);
    tex_rgba8(v, H_RGBA8, TEX_BASE);
    tex_r32f(v, H_R32F, TEX_BASE + 0x10000);
    return v;
}

/* Every write-mask code of both tables for one texture and one precision. */
static void masks(gen_ctx *g, const char *fmt_id, unsigned tsidx, int f16, const char *round)
{
    char id[96], sass[128];
    snprintf(id, sizeof(id), "wmask-%s-%s%s%s", fmt_id, f16 ? "f16" : "f32", round ? "-" : "",
             round ? round : "");
    json_object *v = tlds_vector(g, id, "TLDS 2D.LZ: every write-mask code of both tables");
    if (round)
        gen_set(v, "fp16_round", json_object_new_string(round));
    for (int c = 0; c < 8; c++) {
        snprintf(sass, sizeof(sass), "TLDS%s.LZ RZ, R4, R9, R11, 0x%x, 2D, %s;", f16 ? ".F16" : "",
                 tsidx, wm_rz[c]);
        gen_step(v, sass);
    }
    for (int c = 0; c < 5; c++) {
        snprintf(sass, sizeof(sass),
                 "TLDS%s.LZ R0, R4, R9, R11, 0x%x, 2D, %s;", f16 ? ".F16" : "", tsidx, wm_nrz[c]);
        gen_step(v, sass);
    }
}

int gen_tlds_directed(gen_ctx *g)
{
    static const struct { const char *name; unsigned tsidx; } fmts[] = {
        {"rgba8", 0x7}, {"r32f", 0x8}};
    for (int f = 0; f < 2; f++) {
        masks(g, fmts[f].name, fmts[f].tsidx, 0, NULL);
        masks(g, fmts[f].name, fmts[f].tsidx, 1, NULL);
        masks(g, fmts[f].name, fmts[f].tsidx, 1, "rz");
    }

    /* Lane masks: only active lanes fetch and write. */
    static const uint32_t ctms[] = {0x0000ffffu, 0xf0f0f0f0u, 0x00000001u, 0x80000000u, 0};
    for (unsigned i = 0; i < sizeof(ctms) / sizeof(ctms[0]); i++) {
        char id[64];
        snprintf(id, sizeof(id), "ctm-%08x", ctms[i]);
        json_object *v = tlds_vector(g, id, "TLDS with a partial current thread mask");
        gen_set(v, "ctm", gen_hex32(ctms[i]));
        gen_step(v, "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;");
        gen_step(v, "TLDS.F16.LZ RZ, R6, R9, R11, 0x8, 2D, RA;");
    }

    /* Guard predicates. */
    {
        json_object *v = tlds_vector(g, "guard", "TLDS under @P0, @!P1, @PT and @!PT");
        gen_pred(v, 0, 0xaaaaaaaau);
        gen_pred(v, 1, 0x0f0f0f0fu);
        gen_step(v, "@P0 TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;");
        gen_step(v, "@!P1 TLDS.LZ RZ, R6, R9, R11, 0x8, 2D, RG;");
        gen_step(v, "@PT TLDS.F16.LZ RZ, R7, R9, R11, 0x7, 2D, BA;");
        gen_step(v, "@!PT TLDS.LZ RZ, R8, R9, R11, 0x7, 2D, R;");
    }

    /* .NODEP drops killed lanes; without it they still fetch. */
    {
        json_object *v = tlds_vector(g, "nodep-ktm", "TLDS with killed lanes, with and without .NODEP");
        gen_set(v, "ktm", gen_hex32(0x00ff00ffu));
        gen_step(v, "TLDS.LZ.NODEP R0, R4, R9, R11, 0x7, 2D, RGBA;");
        gen_step(v, "TLDS.LZ R2, R6, R9, R11, 0x7, 2D, RGBA;");
    }

    /* The warp texture hash: .T increments the texture part, .P the phase
     * part and clears the texture part. */
    {
        json_object *v = tlds_vector(g, "phase-hash", "TLDS .T and .P update the warp texture hash");
        gen_set(v, "hash", json_object_new_int(0x3e));
        gen_step(v, "TLDS.LZ.T RZ, R4, R9, R11, 0x7, 2D, R;");
        gen_step(v, "TLDS.LZ.T RZ, R4, R9, R11, 0x7, 2D, G;");
        gen_step(v, "TLDS.LZ.P RZ, R4, R9, R11, 0x7, 2D, B;");
        gen_step(v, "TLDS.LZ.T RZ, R4, R9, R11, 0x7, 2D, A;");
        gen_step(v, "TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, R;");
    }

    /* A header index above the pool's maximum returns zeros. */
    {
        json_object *v = tlds_vector(g, "header-invalid", "header pointer above tic max: zeros");
        gen_step(v, "TLDS.LZ R0, R4, R9, R11, 0x9, 2D, RGBA;");
        gen_step(v, "TLDS.F16.LZ R0, R4, R9, R11, 0x9, 2D, RGBA;");
    }

    /* Illegal instructions write nothing and leave the hash alone. */
    {
        json_object *v = tlds_vector(g, "illegal", "illegal encodings raise ILLEGAL and write nothing");
        gen_step(v, "TLDS.LZ RZ, R5, R9, R11, 0x7, 2D, RG;");     /* Rd0 odd for a vec2 */
        gen_step(v, "TLDS.LZ R1, R4, R9, R11, 0x7, 2D, RGBA;");   /* Rd1 odd for a vec2 */
        gen_step(v, "TLDS.LZ.T RZ, R4, RZ, R11, 0x7, 2D, R;");    /* Ra must not be RZ */
        gen_step(v, "TLDS.LZ RZ, R4, R9, RZ, 0x7, 2D, R;");       /* Rb must not be RZ */
        uint64_t w;
        uint32_t ctrl;
        tx_asm_err e;
        if (tx_asm("TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, R;", &w, &ctrl, &e) == 0) {
            gen_step_word(v, (w & ~(0xfull << 53)) | 3ull << 53, ctrl);      /* target 3 */
            gen_step_word(v, (w & ~(0xfull << 53)) | 13ull << 53, ctrl);     /* target 13 */
            gen_step_word(v, (w & ~(0xffull << 28)) | 0ull << 28 | 5ull << 50, ctrl); /* Rd1=R0, mask 5 */
            gen_step_word(v, w, ctrl | 3u << 17);                            /* phase 3 */
        }
    }
    return 0;
}

/* ======================================================================
 * Suites by area: seed examples, forms, formats, layouts, errors.
 *
 * Headers are built as tx_tic structures and written to the vectors as
 * named fields (so a reviewer reads "BLOCKLINEAR", "2D_ARRAY", ...); the
 * memory a texture spans is taken from the model's own layout table and
 * filled with a pattern that is a function of the byte address, so any
 * address error reads different bytes.  Textures are separated by an
 * unmapped page: a stray read faults instead of passing unnoticed.
 * ====================================================================== */

#include "format.h"
#include "layout.h"
#include "tic.h"

#define W_TIC_BASE 0x10000u
#define W_TIC_MAX 63
#define W_TEX_BASE 0x100000u
#define HANDLE_SAMPLER_BITS (0x5a5u << 20) /* ignored by TLDS (S3.9) */

enum pat { PAT_BYTES, PAT_FLOATS };

/* One vector under construction: where the next texture goes. */
typedef struct world {
    json_object *v;
    uint64_t next;
} world;

static uint32_t mix32(uint64_t a)
{
    a ^= a >> 33;
    a *= 0xff51afd7ed558ccdull;
    a ^= a >> 33;
    a *= 0xc4ceb9fe1a85ec53ull;
    a ^= a >> 33;
    return (uint32_t)a;
}

/* The 32-bit word of the fill pattern at a 4-byte aligned address.  The
 * float pattern keeps most exponents near the binary16 range so F16 packing
 * sees normals, subnormals, ties, overflow, Inf and NaN. */
static uint32_t pat_word(uint64_t a, int kind)
{
    uint32_t h = mix32(a * 0x9e3779b97f4a7c15ull + 0x1234567u);
    if (kind == PAT_BYTES)
        return h;
    uint32_t sel = h & 31u, sign = (h >> 5 & 1u) << 31, m = mix32(a + 77u) & 0x7fffffu;
    uint32_t e;
    if (sel == 0)
        e = 0;                         /* zero or binary32 denormal */
    else if (sel == 1)
        e = 255;                       /* Inf or NaN */
    else
        e = 96u + (h >> 8) % 56u;      /* 2^-31 .. 2^24 */
    if ((h >> 20 & 7u) == 0)
        m = (m & ~0x1fffu) | 0x1000u;  /* an exact F16 rounding tie */
    return sign | e << 23 | m;
}

static void fill(json_object *v, uint64_t addr, uint64_t n, int kind)
{
    uint8_t *b = malloc(n ? n : 1);
    if (!b) {
        fprintf(stderr, "texcosim gen: out of memory\n");
        exit(2);
    }
    for (uint64_t i = 0; i < n; i++) {
        uint64_t a = addr + i;
        b[i] = (uint8_t)(pat_word(a & ~3ull, kind) >> (8 * (a & 3)));
    }
    gen_memory(v, addr, b, (size_t)n);
    free(b);
}

static json_object *mem_array(json_object *v)
{
    json_object *m;
    if (!json_object_object_get_ex(v, "mem", &m)) {
        m = json_object_new_array();
        gen_set(v, "mem", m);
    }
    return m;
}

/* A region of pages of one kind ("mapped", "sparse", "unmapped"). */
static void mem_kind(json_object *v, uint64_t addr, uint64_t size, const char *kind)
{
    json_object *r = json_object_new_object();
    gen_set(r, "addr", gen_hex64(addr));
    gen_set(r, "size", json_object_new_int64((int64_t)size));
    gen_set(r, "kind", json_object_new_string(kind));
    json_object_array_add(mem_array(v), r);
}

/* The header as named fields: every field the texture sets. */
static json_object *tic_json(const tx_tic *t)
{
    json_object *f = json_object_new_object();
    const char *n = tx_fmt_name(t->components);
    json_object *dt = json_object_new_array(), *sw = json_object_new_array();

    if (n)
        gen_set(f, "format", json_object_new_string(n));
    else
        gen_set(f, "components", json_object_new_int(t->components));
    for (int i = 0; i < 4; i++) {
        const char *d = tx_dtype_name(t->dtype[i]), *s = tx_swz_name(t->swz[i]);
        json_object_array_add(dt, d ? json_object_new_string(d) : json_object_new_int(t->dtype[i]));
        json_object_array_add(sw, s ? json_object_new_string(s) : json_object_new_int(t->swz[i]));
    }
    gen_set(f, "dtype", dt);
    gen_set(f, "swizzle", sw);
    gen_set(f, "version", json_object_new_string(tx_version_name(t->version)));
    if (tx_textype_name(t->texture_type))
        gen_set(f, "type", json_object_new_string(tx_textype_name(t->texture_type)));
    else
        gen_set(f, "texture_type", json_object_new_int(t->texture_type));
    gen_set(f, "address", gen_hex64(t->address));
    if (t->version == TX_TIC_PITCH || t->version == TX_TIC_PITCH_COLORKEY)
        gen_set(f, "pitch", json_object_new_int((int32_t)t->pitch));
    gen_set(f, "width", json_object_new_int64((int64_t)t->width_minus_one + 1));
    if (t->height_minus_one)
        gen_set(f, "height", json_object_new_int(t->height_minus_one + 1));
    if (t->depth_minus_one)
        gen_set(f, "depth", json_object_new_int(t->depth_minus_one + 1));
    if (t->version == TX_TIC_BLOCKLINEAR || t->version == TX_TIC_BLOCKLINEAR_COLORKEY) {
        if (t->gobs_per_block_height)
            gen_set(f, "gobs_per_block_height", json_object_new_int(t->gobs_per_block_height));
        if (t->gobs_per_block_depth)
            gen_set(f, "gobs_per_block_depth", json_object_new_int(t->gobs_per_block_depth));
        if (t->tile_width_in_gobs)
            gen_set(f, "tile_width_in_gobs", json_object_new_int(t->tile_width_in_gobs));
    }
    if (t->max_mip_level)
        gen_set(f, "max_mip_level", json_object_new_int(t->max_mip_level));
    if (t->res_view_min_mip_level)
        gen_set(f, "res_view_min_mip_level", json_object_new_int(t->res_view_min_mip_level));
    if (t->res_view_max_mip_level)
        gen_set(f, "res_view_max_mip_level", json_object_new_int(t->res_view_max_mip_level));
    if (t->multi_sample_count)
        gen_set(f, "multi_sample_count", json_object_new_int(t->multi_sample_count));
    if (t->srgb)
        gen_set(f, "srgb", json_object_new_int(1));
    return f;
}

/* A texture with default fields: UNORM RGBA identity swizzle, one level. */
static tx_tic tic_new(uint8_t version, uint8_t type, uint8_t fmt, uint32_t w, uint32_t h,
                      uint32_t d)
{
    tx_tic t;
    memset(&t, 0, sizeof t);
    t.version = version;
    t.texture_type = type;
    t.components = fmt;
    for (int i = 0; i < 4; i++) {
        t.dtype[i] = TX_DT_UNORM;
        t.swz[i] = (uint8_t)(TX_SWZ_R + i);
    }
    t.width_minus_one = w - 1;
    t.height_minus_one = (uint16_t)(h - 1);
    t.depth_minus_one = (uint16_t)(d - 1);
    if (version == TX_TIC_PITCH || version == TX_TIC_PITCH_COLORKEY) {
        uint32_t row = w * (uint32_t)tx_fmt_bytes(fmt);
        t.pitch = (row + 31u + 32u) & ~31u; /* one spare 32-byte unit per row */
    }
    return t;
}

static void tic_dtype(tx_tic *t, uint8_t dt)
{
    for (int i = 0; i < 4; i++)
        t->dtype[i] = dt;
}

static void tic_mips(tx_tic *t, int max, int vmin, int vmax)
{
    t->max_mip_level = (uint8_t)max;
    t->res_view_min_mip_level = (uint8_t)vmin;
    t->res_view_max_mip_level = (uint8_t)vmax;
}

/* Write header index (reachable at tsidx == index) without memory. */
static void put_header(world *w, int index, const tx_tic *t)
{
    gen_header(w->v, index, tic_json(t));
    gen_cbank(w->v, (uint32_t)index * 4u, (uint32_t)index | HANDLE_SAMPLER_BITS);
}

/* Place a texture at the next free address, fill its memory and write its
 * header.  Returns the address. */
static uint64_t add_tex(world *w, int index, tx_tic *t, int kind)
{
    uint64_t span = gen_tic_span(t);
    t->address = w->next;
    if (t->version == TX_TIC_1D_BUFFER)
        t->address += (uint64_t)(index * 13 % 64); /* buffers are byte aligned */
    fill(w->v, t->address, span, kind);
    put_header(w, index, t);
    /* Leave an unmapped page after every texture. */
    w->next = (t->address + span + 0x1fffu) & ~0xfffull;
    return t->address;
}

/* A header that shares the memory of one already placed. */
static void alias_tex(world *w, int index, tx_tic *t, uint64_t addr)
{
    t->address = addr;
    put_header(w, index, t);
}

static world world_new(gen_ctx *g, const char *id, const char *desc)
{
    world w = {gen_vector(g, id, desc), W_TEX_BASE};
    json_object *tic = json_object_new_object();
    gen_set(tic, "base", gen_hex64(W_TIC_BASE));
    gen_set(tic, "max", json_object_new_int(W_TIC_MAX));
    gen_set(w.v, "tic", tic);
    return w;
}

/* ---- lane values ------------------------------------------------------ */

static uint32_t lane_rand(uint32_t salt, int lane)
{
    return mix32((uint64_t)salt << 8 | (uint64_t)lane);
}

/* Coordinates on an axis of n texels: most lanes inside, some on the edges,
 * and the listed lanes just past the edge or far out. */
static void axis(uint32_t out[32], uint32_t n, uint32_t salt, int oob_lane)
{
    for (int l = 0; l < 32; l++)
        out[l] = lane_rand(salt, l) % n;
    out[1] = 0;
    out[2] = n - 1;
    if (oob_lane >= 0) {
        out[oob_lane] = n;
        out[(oob_lane + 1) & 31] = 0x80000000u | lane_rand(salt, 99);
    }
}

static void set_reg(json_object *v, int r, const uint32_t val[32])
{
    gen_reg(v, r, val);
}

/* ---- seed examples ----------------------------------------------------- */

int gen_tlds_seed(gen_ctx *g)
{
    uint32_t x[32], y[32], s[32];

    /* TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA: reads R9 and R11, writes R0,
     * R1 (B, A) and R4, R5 (R, G). */
    {
        world w = world_new(g, "seed-example-1",
                            "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA: reads R9, R11; writes R0, R1, R4, R5");
        tx_tic t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_R32G32B32A32, 8, 4, 1);
        tic_dtype(&t, TX_DT_FLOAT);
        t.address = w.next;
        fill(w.v, t.address, gen_tic_span(&t), PAT_FLOATS);
        gen_header(w.v, 3, tic_json(&t));
        gen_cbank(w.v, 0x7 * 4, 3);
        axis(x, 8, 1, 30);
        axis(y, 4, 2, 28);
        set_reg(w.v, 9, x);
        set_reg(w.v, 11, y);
        /* Neighbours that must be neither read nor written. */
        for (int l = 0; l < 32; l++)
            s[l] = 0xdead0000u | (uint32_t)l;
        set_reg(w.v, 8, s);
        set_reg(w.v, 10, s);
        set_reg(w.v, 12, s);
        set_reg(w.v, 2, s);
        set_reg(w.v, 3, s);
        set_reg(w.v, 6, s);
        gen_step(w.v, "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;");
    }
    /* TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R: reads R6, R7 (s, t) and R11
     * (sample), writes R9. */
    {
        world w = world_new(g, "seed-example-2",
                            "TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R: reads R6, R7, R11; writes R9");
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R32, 8, 4, 1);
        tic_dtype(&t, TX_DT_FLOAT);
        t.multi_sample_count = 2; /* 2X2: 4 samples */
        t.address = w.next;
        fill(w.v, t.address, gen_tic_span(&t), PAT_FLOATS);
        gen_header(w.v, 5, tic_json(&t));
        gen_cbank(w.v, 0, 5);
        axis(x, 8, 3, 30);
        axis(y, 4, 4, -1);
        for (int l = 0; l < 32; l++)
            s[l] = (uint32_t)l % 5; /* sample 4 is out of range */
        set_reg(w.v, 6, x);
        set_reg(w.v, 7, y);
        set_reg(w.v, 11, s);
        for (int l = 0; l < 32; l++)
            s[l] = 0xbeef0000u | (uint32_t)l;
        set_reg(w.v, 8, s);
        set_reg(w.v, 10, s);
        set_reg(w.v, 12, s);
        gen_step(w.v, "TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R;");
    }
    return 0;
}

/* ---- every form x every write mask x precision -------------------------- */

/* Register groups of the forms suite: Ra = R10 (R11), Rb = R12 (R13);
 * results go to Rd0 = R4 (R5) and Rd1 = R6 (R7). */
struct form {
    uint8_t code;
    const char *name;     /* for ids */
    const char *mods;     /* .lod and modifiers after TLDS{.F16} */
    const char *param;    /* #paramA */
    int rb_rz;            /* Rb must be RZ */
};

static const struct form forms[9] = {
    {0, "1d-lz", ".LZ", "1D", 1},
    {1, "1d-ll", ".LL", "1D", 0},
    {2, "2d-lz", ".LZ", "2D", 0},
    {4, "2d-lz-aoffi", ".LZ.AOFFI", "2D", 0},
    {5, "2d-ll", ".LL", "2D", 0},
    {6, "2d-lz-ms", ".LZ.MS", "2D", 0},
    {7, "3d-lz", ".LZ", "3D", 0},
    {8, "array2d-lz", ".LZ", "ARRAY_2D", 0},
    {12, "2d-ll-aoffi", ".LL.AOFFI", "2D", 0},
};

/* Offsets: u, v in -8..7 with the corners of the range. */
static void aoffi_lanes(uint32_t out[32], uint32_t salt)
{
    for (int l = 0; l < 32; l++)
        out[l] = lane_rand(salt, l) & 0xfffu;
    out[0] = 0;
    out[1] = 0x0ff;   /* u = -1, v = -1 from the corner: wraps below zero */
    out[2] = 0x077;   /* +7, +7 from the far edge: out of bounds */
    out[3] = 0x888;   /* -8, -8 */
    out[4] = 0xf01;   /* w ignored */
}

/* The texture and the lane operands of one form. */
static void form_world(world *w, const struct form *f, int tsidx)
{
    uint32_t a0[32], a1[32], b0[32], b1[32], lod[32];
    tx_tic t;
    int levels = 1;

    memset(b0, 0, sizeof b0);
    memset(b1, 0, sizeof b1);
    switch (f->code) {
    case 0:
    case 1:
        t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_1D, TX_FMT_R32G32B32A32, 64, 1, 1);
        levels = 7;
        break;
    case 6:
        t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R32G32B32A32, 8, 4, 1);
        t.multi_sample_count = 3; /* 4X2: 8 samples */
        break;
    case 7:
        t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_3D, TX_FMT_R32G32B32A32, 8, 8, 4);
        t.gobs_per_block_height = 1;
        t.gobs_per_block_depth = 2;
        break;
    case 8:
        t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D_ARRAY, TX_FMT_R32G32B32A32, 8, 8, 3);
        t.gobs_per_block_height = 1;
        break;
    default:
        t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R32G32B32A32, 16, 8, 1);
        t.gobs_per_block_height = 1;
        levels = 5;
        break;
    }
    tic_dtype(&t, TX_DT_FLOAT);
    tic_mips(&t, levels - 1, 0, levels - 1);
    add_tex(w, tsidx, &t, PAT_FLOATS);

    uint32_t W = t.width_minus_one + 1, H = t.height_minus_one + 1u;
    for (int l = 0; l < 32; l++)
        lod[l] = (uint32_t)l % (uint32_t)(levels + 1); /* the last one is out of range */
    lod[31] = 0xffffffffu;
    axis(a0, W, 10 + f->code, 29);
    axis(a1, H, 20 + f->code, 27);
    switch (f->code) {
    case 0:
        break;
    case 1:
        for (int l = 0; l < 32; l++)
            a0[l] %= (W >> (lod[l] & 7)) ? (W >> (lod[l] & 7)) + 1 : 1;
        memcpy(b0, lod, sizeof b0);
        break;
    case 2:
        memcpy(b0, a1, sizeof b0);
        break;
    case 4:
        aoffi_lanes(b0, 40);
        a0[1] = a1[1] = 0;
        a0[2] = W - 1;
        a1[2] = H - 1;
        break;
    case 5:
        for (int l = 0; l < 32; l++) {
            uint32_t s = lod[l] & 7;
            a0[l] %= (W >> s) ? (W >> s) + 1 : 1;
            a1[l] %= (H >> s) ? (H >> s) + 1 : 1;
        }
        memcpy(b0, lod, sizeof b0);
        break;
    case 6:
        for (int l = 0; l < 32; l++)
            b0[l] = (uint32_t)l % 10; /* 8 and 9 out of range */
        b0[31] = 0xffffffffu;
        break;
    case 7:
        for (int l = 0; l < 32; l++)
            b0[l] = (uint32_t)l % 5; /* 4 out of range */
        break;
    case 8:
        for (int l = 0; l < 32; l++)
            b0[l] = a0[l], b1[l] = a1[l];
        for (int l = 0; l < 32; l++)    /* layer 3 is out of range; Ra[31:16] ignored */
            a0[l] = ((uint32_t)l % 4) | (l & 4 ? 0xabcd0000u : 0);
        break;
    case 12:
        for (int l = 0; l < 32; l++) {
            uint32_t s = lod[l] & 7;
            a0[l] %= (W >> s) ? (W >> s) + 1 : 1;
            a1[l] %= (H >> s) ? (H >> s) + 1 : 1;
        }
        memcpy(b0, lod, sizeof b0);
        aoffi_lanes(b1, 41);
        break;
    }
    set_reg(w->v, 10, a0);
    set_reg(w->v, 11, a1);
    set_reg(w->v, 12, b0);
    set_reg(w->v, 13, b1);
}

int gen_tlds_forms(gen_ctx *g)
{
    static const char *const prec[3] = {"f32", "f16-rne", "f16-rz"};
    char id[96], rb[8];
    for (int fi = 0; fi < 9; fi++) {
        const struct form *f = &forms[fi];
        snprintf(rb, sizeof rb, "%s", f->rb_rz ? "RZ" : "R12");
        for (int p = 0; p < 3; p++) {
            snprintf(id, sizeof id, "form-%s-%s", f->name, prec[p]);
            world w = world_new(g, id, "one TLDS form: every write mask of both tables");
            const char *f16 = p ? ".F16" : "";
            if (p == 2)
                gen_set(w.v, "fp16_round", json_object_new_string("rz"));
            if (fi == 3 || fi == 7)
                gen_tb_timing(w.v, 4, 5, 30, 11 + fi * 3 + p);
            form_world(&w, f, 7);
            for (int c = 0; c < 8; c++)
                gen_stepf(w.v, "TLDS%s%s RZ, R4, R10, %s, 0x7, %s, %s;", f16, f->mods, rb, f->param,
                      wm_rz[c]);
            for (int c = 0; c < 5; c++)
                gen_stepf(w.v, "TLDS%s%s R6, R4, R10, %s, 0x7, %s, %s;", f16, f->mods, rb, f->param,
                      wm_nrz[c]);
            /* .NODEP with killed lanes, under a guard. */
            gen_stepf(w.v, "TLDS%s%s.NODEP R6, R4, R10, %s, 0x7, %s, RGBA;", f16, f->mods, rb,
                  f->param);
        }
    }
    /* The form's .NODEP step has killed lanes to drop. */
    json_object *all = g->vectors;
    for (size_t i = 0; i < json_object_array_length(all); i++) {
        json_object *v = json_object_array_get_idx(all, i);
        json_object *idv;
        if (json_object_object_get_ex(v, "id", &idv) &&
            !strncmp(json_object_get_string(idv), "form-", 5))
            gen_set(v, "ktm", gen_hex32(0x0ff000f1u));
    }
    return 0;
}

/* ---- every format x data type x swizzle --------------------------------- */

static const uint8_t all_formats[] = {
    TX_FMT_R32G32B32A32, TX_FMT_R16G16B16A16, TX_FMT_R32G32, TX_FMT_A8B8G8R8,
    TX_FMT_A2B10G10R10, TX_FMT_R16G16, TX_FMT_R32, TX_FMT_A4B4G4R4, TX_FMT_A1B5G5R5,
    TX_FMT_B5G6R5, TX_FMT_G8R8, TX_FMT_R16, TX_FMT_R8, TX_FMT_E5B9G9R9,
    TX_FMT_BF10GF11RF11, TX_FMT_Z24S8, TX_FMT_ZF32, TX_FMT_Z16,
};

struct dtcfg {
    const char *what;
    uint8_t dt[4];
    uint8_t swz[4];
    uint8_t srgb;
    uint8_t f16;   /* also load it as packed F16 */
};

#define ID4 {TX_SWZ_R, TX_SWZ_G, TX_SWZ_B, TX_SWZ_A}
static const struct dtcfg dtcfgs[] = {
    {"unorm", {2, 2, 2, 2}, ID4, 0, 1},
    {"snorm", {1, 1, 1, 1}, ID4, 0, 0},
    {"uint", {4, 4, 4, 4}, ID4, 0, 1},
    {"sint", {3, 3, 3, 3}, ID4, 0, 0},
    {"float", {7, 7, 7, 7}, ID4, 0, 1},
    {"unorm-force-fp16", {6, 6, 6, 6}, ID4, 0, 0},
    {"snorm-force-fp16", {5, 5, 5, 5}, ID4, 0, 0},
    {"mixed-unorm-snorm-uint-sint", {2, 1, 4, 3}, ID4, 0, 0},
    {"mixed-float-unorm-sint-snorm", {7, 2, 3, 1}, ID4, 0, 0},
    {"depth-stencil-unorm-uint", {2, 4, 4, 4}, {TX_SWZ_R, TX_SWZ_G, TX_SWZ_R, TX_SWZ_G}, 0, 0},
    {"undefined-dtype", {0, 0, 0, 0}, ID4, 0, 0},
    {"srgb-unorm", {2, 2, 2, 2}, ID4, 1, 1},
    {"srgb-unorm-force-fp16", {6, 6, 6, 6}, ID4, 1, 0},
    {"srgb-mixed", {2, 1, 2, 2}, ID4, 1, 0},
    {"swz-zero-one", {2, 2, 2, 2}, {TX_SWZ_ZERO, TX_SWZ_ONE_INT, TX_SWZ_ONE_FLOAT, TX_SWZ_R}, 0, 1},
    {"swz-abgr", {2, 2, 2, 2}, {TX_SWZ_A, TX_SWZ_B, TX_SWZ_G, TX_SWZ_R}, 0, 0},
    {"swz-code1-uint", {4, 4, 4, 4}, {1, TX_SWZ_ONE_INT, TX_SWZ_A, TX_SWZ_ONE_FLOAT}, 0, 0},
    {"swz-sint-defaults", {3, 3, 3, 3}, {TX_SWZ_B, TX_SWZ_A, TX_SWZ_ZERO, TX_SWZ_G}, 0, 0},
};
#define NDTCFG (sizeof dtcfgs / sizeof dtcfgs[0])

int gen_tlds_formats(gen_ctx *g)
{
    char id[96];
    uint32_t x[32], y[32];

    /* Lanes 0..27 read distinct texels of the 8 x 4 texture; 28..31 are out
     * of bounds, which shows the missing-component defaults. */
    for (int l = 0; l < 32; l++) {
        x[l] = (uint32_t)l % 8;
        y[l] = (uint32_t)l / 8;
    }
    x[28] = 8;
    y[29] = 4;
    x[30] = 0xffffffffu;
    y[31] = 0x7fffffffu;

    for (size_t fi = 0; fi < sizeof all_formats; fi++) {
        uint8_t fmt = all_formats[fi];
        int bpp = tx_fmt_bytes(fmt);
        snprintf(id, sizeof id, "format-%s", tx_fmt_name(fmt));
        world w = world_new(g, id, "one format: every data type, sRGB, swizzles incl. ZERO/ONE");
        if (fi == 5)
            gen_tb_timing(w.v, 3, 7, 25, 1234);
        tx_tic base = tic_new(TX_TIC_PITCH, TX_TEX_2D, fmt, 8, 4, 1);
        int floaty = bpp >= 4 && (fmt == TX_FMT_R32G32B32A32 || fmt == TX_FMT_R32G32 ||
                                  fmt == TX_FMT_R32 || fmt == TX_FMT_ZF32);
        uint64_t addr = add_tex(&w, 1, &base, floaty ? PAT_FLOATS : PAT_BYTES);
        set_reg(w.v, 10, x);
        set_reg(w.v, 12, y);
        for (size_t c = 0; c < NDTCFG; c++) {
            const struct dtcfg *d = &dtcfgs[c];
            tx_tic t = base;
            int idx = 2 + (int)c;
            memcpy(t.dtype, d->dt, 4);
            memcpy(t.swz, d->swz, 4);
            t.srgb = d->srgb;
            alias_tex(&w, idx, &t, addr);
            gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x%x, 2D, RGBA;", idx);
            if (d->f16)
                gen_stepf(w.v, "TLDS.F16.LZ R7, R5, R10, R12, 0x%x, 2D, RGBA;", idx);
        }
    }

    /* Formats texcosim does not decode, and unusable header versions: every
     * written component is 0 (S3.7; docs/formats.md section 2). */
    {
        world w = world_new(g, "format-unsupported", "unsupported COMPONENTS codes and header versions: zeros");
        tx_tic base = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 4, 1);
        uint64_t addr = add_tex(&w, 1, &base, PAT_BYTES);
        static const uint8_t bad[] = {0x00, 0x02, 0x05, 0x07, 0x0d, 0x1e, 0x30, 0x7f};
        set_reg(w.v, 10, x);
        set_reg(w.v, 12, y);
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x1, 2D, RGBA;");
        for (size_t i = 0; i < sizeof bad; i++) {
            tx_tic t = base;
            t.components = bad[i];
            alias_tex(&w, 2 + (int)i, &t, addr);
            gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x%x, 2D, RGBA;", 2 + (int)i);
        }
        /* Header versions 5..7 only exist as raw words. */
        for (int ver = 5; ver <= 7; ver++) {
            uint32_t wd[8];
            tx_tic t = base;
            t.address = addr;
            tx_tic_pack(&t, wd);
            wd[2] = (wd[2] & ~(7u << 21)) | (uint32_t)ver << 21;
            json_object *h = json_object_new_object(), *arr = json_object_new_array();
            for (int i = 0; i < 8; i++)
                json_object_array_add(arr, gen_hex32(wd[i]));
            gen_set(h, "index", json_object_new_int(20 + ver));
            gen_set(h, "words", arr);
            json_object *hs;
            json_object_object_get_ex(w.v, "headers", &hs);
            json_object_array_add(hs, h);
            gen_cbank(w.v, (uint32_t)(20 + ver) * 4u, (uint32_t)(20 + ver));
            gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x%x, 2D, RGBA;", 20 + ver);
        }
    }
    return 0;
}

/* ---- memory layouts ---------------------------------------------------- */

/* 2D coordinates inside level `lvl` of a w x h texture (one lane out on
 * each axis). */
static void coords_level(json_object *v, int rx, int ry, uint32_t W, uint32_t H, int lvl,
                         uint32_t salt)
{
    uint32_t x[32], y[32];
    uint32_t w = W >> lvl ? W >> lvl : 1, h = H >> lvl ? H >> lvl : 1;
    axis(x, w, salt, 30);
    axis(y, h, salt + 1, 28);
    set_reg(v, rx, x);
    set_reg(v, ry, y);
}

static void layouts_pitch(gen_ctx *g)
{
    world w = world_new(g, "layout-pitch", "pitch-linear 2D textures of several texel sizes");
    static const struct { uint8_t fmt; uint32_t w, h, extra; } p[] = {
        {TX_FMT_R8, 37, 5, 0}, {TX_FMT_A8B8G8R8, 20, 6, 64},
        {TX_FMT_R32G32B32A32, 6, 3, 32}, {TX_FMT_R16, 33, 4, 0}};
    for (int i = 0; i < 4; i++) {
        tx_tic t = tic_new(TX_TIC_PITCH, TX_TEX_2D, p[i].fmt, p[i].w, p[i].h, 1);
        t.pitch += p[i].extra;
        /* Mip and array fields mean nothing for pitch textures. */
        tic_mips(&t, 3, 0, 3);
        t.depth_minus_one = 3;
        add_tex(&w, 1 + i, &t, PAT_BYTES);
        coords_level(w.v, 10, 11, p[i].w, p[i].h, 0, 300 + (uint32_t)i);
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x%x, 2D, RGBA;", 1 + i);
        uint32_t lod[32];
        for (int l = 0; l < 32; l++)
            lod[l] = (uint32_t)l & 1; /* level 1 does not exist */
        set_reg(w.v, 12, lod);
        gen_stepf(w.v, "TLDS.LL R6, R4, R10, R12, 0x%x, 2D, RGBA;", 1 + i);
    }
    /* A pitch view that starts at level 1 is empty. */
    {
        tx_tic t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 8, 1);
        tic_mips(&t, 2, 1, 2);
        add_tex(&w, 9, &t, PAT_BYTES);
        coords_level(w.v, 10, 11, 8, 8, 0, 310);
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x9, 2D, RGBA;");
    }
    /* Colour-key versions: word 7 is the key, so the view is the whole chain. */
    {
        world k = world_new(g, "layout-colorkey", "colour-key header versions ignore the view fields");
        tx_tic t = tic_new(TX_TIC_PITCH_COLORKEY, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 8, 1);
        tic_mips(&t, 0, 3, 5);
        add_tex(&k, 1, &t, PAT_BYTES);
        tx_tic b = tic_new(TX_TIC_BLOCKLINEAR_COLORKEY, TX_TEX_2D, TX_FMT_A8B8G8R8, 16, 16, 1);
        tic_mips(&b, 3, 2, 2);
        b.multi_sample_count = 2;
        b.gobs_per_block_height = 1;
        add_tex(&k, 2, &b, PAT_BYTES);
        uint32_t lod[32];
        for (int l = 0; l < 32; l++)
            lod[l] = (uint32_t)l % 5;
        coords_level(k.v, 10, 11, 8, 8, 0, 320);
        set_reg(k.v, 12, lod);
        gen_stepf(k.v, "TLDS.LZ R6, R4, R10, R11, 0x1, 2D, RGBA;");
        gen_stepf(k.v, "TLDS.LL R6, R4, R10, R12, 0x1, 2D, RGBA;");
        gen_stepf(k.v, "TLDS.LZ R6, R4, R10, R11, 0x2, 2D, RGBA;");
        gen_stepf(k.v, "TLDS.LL R6, R4, R10, R12, 0x2, 2D, RGBA;");
        coords_level(k.v, 10, 11, 4, 4, 0, 321);
        for (int l = 0; l < 32; l++)
            lod[l] = (uint32_t)l % 3;
        set_reg(k.v, 12, lod);
        gen_stepf(k.v, "TLDS.LL R6, R4, R10, R12, 0x2, 2D, RGBA;");
        gen_stepf(k.v, "TLDS.LZ.MS RZ, R4, R10, R12, 0x2, 2D, RG;");
    }
}

/* Block-linear 2D: every block height, both intra-GOB layouts, tile width. */
static void layouts_bl2d(gen_ctx *g, int desktop)
{
    world w = world_new(g, desktop ? "layout-bl2d-desktop" : "layout-bl2d-tegra",
                        "block-linear 2D: block heights 0..5 (auto-sized), bpp 1..16, tile width");
    if (desktop)
        gen_set(w.v, "gob_layout", json_object_new_string("desktop"));
    else
        gen_tb_timing(w.v, 2, 9, 40, 77);
    for (int bh = 0; bh <= 5; bh++) {
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R8, 100, 40, 1);
        t.gobs_per_block_height = (uint8_t)bh;
        add_tex(&w, 1 + bh, &t, PAT_BYTES);
        coords_level(w.v, 10, 11, 100, 40, 0, 400 + (uint32_t)bh);
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, R11, 0x%x, 2D, R;", 1 + bh);
    }
    /* Header value 7 reads as 5. */
    {
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_A8B8G8R8, 20, 70, 1);
        t.gobs_per_block_height = 7;
        add_tex(&w, 8, &t, PAT_BYTES);
        coords_level(w.v, 10, 11, 20, 70, 0, 410);
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x8, 2D, RGBA;");
    }
    {
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R32G32B32A32, 9, 20, 1);
        tic_dtype(&t, TX_DT_UINT);
        t.gobs_per_block_height = 2;
        add_tex(&w, 9, &t, PAT_BYTES);
        coords_level(w.v, 10, 11, 9, 20, 0, 411);
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x9, 2D, RGBA;");
    }
    {
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R16G16, 40, 12, 1);
        t.gobs_per_block_height = 1;
        t.tile_width_in_gobs = 1;   /* 3 GOBs wide -> 4 */
        add_tex(&w, 10, &t, PAT_BYTES);
        coords_level(w.v, 10, 11, 40, 12, 0, 412);
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, R11, 0xa, 2D, RG;");
    }
    /* 2D_NO_MIPMAP is laid out as 2D. */
    {
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D_NO_MIPMAP, TX_FMT_G8R8, 30, 9, 1);
        t.gobs_per_block_height = 3;
        add_tex(&w, 11, &t, PAT_BYTES);
        coords_level(w.v, 10, 11, 30, 9, 0, 413);
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, R11, 0xb, 2D, RG;");
    }
}

/* Mip chains: .LL levels, the view's first level as level 0, levels out of
 * range, empty views. */
static void layouts_mips(gen_ctx *g)
{
    world w = world_new(g, "layout-mips", "mip chains: .LL, resViewMinMapLevel as level 0, levels out of range");
    uint32_t x[32], y[32], lod[32];
    tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_A8B8G8R8, 64, 32, 1);
    t.gobs_per_block_height = 4;
    tic_mips(&t, 6, 0, 6);
    uint64_t addr = add_tex(&w, 1, &t, PAT_BYTES);

    /* Each lane picks a level and a texel inside it (a few just outside). */
    for (int l = 0; l < 32; l++) {
        lod[l] = (uint32_t)l % 8;
        uint32_t s = lod[l] > 6 ? 6 : lod[l];
        x[l] = lane_rand(500, l) % ((64u >> s) + (l % 7 == 3));
        y[l] = lane_rand(501, l) % ((32u >> s ? 32u >> s : 1) + (l % 9 == 4));
    }
    lod[30] = 0xffffffffu;
    lod[31] = 0x80000000u;
    set_reg(w.v, 10, x);
    set_reg(w.v, 11, y);
    set_reg(w.v, 12, lod);
    gen_stepf(w.v, "TLDS.LL R6, R4, R10, R12, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.F16.LL R7, R5, R10, R12, 0x1, 2D, RGBA;");

    /* View 2..4: .LZ reads level 2; .LL lod 0..2 reads levels 2..4. */
    tx_tic v2 = t;
    tic_mips(&v2, 6, 2, 4);
    alias_tex(&w, 2, &v2, addr);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x2, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LL R6, R4, R10, R12, 0x2, 2D, RGBA;");
    /* The view's last level is capped by MAX_MIP_LEVEL. */
    tx_tic v3 = t;
    tic_mips(&v3, 6, 1, 9);
    alias_tex(&w, 3, &v3, addr);
    gen_stepf(w.v, "TLDS.LL R6, R4, R10, R12, 0x3, 2D, RGBA;");
    /* An empty view (min > max): nothing in range. */
    tx_tic v4 = t;
    tic_mips(&v4, 6, 5, 3);
    alias_tex(&w, 4, &v4, addr);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x4, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LL R6, R4, R10, R12, 0x4, 2D, RGBA;");
    /* A smaller MAX_MIP_LEVEL: same memory, shorter chain. */
    tx_tic v5 = t;
    tic_mips(&v5, 2, 0, 15);
    alias_tex(&w, 5, &v5, addr);
    gen_stepf(w.v, "TLDS.LL R6, R4, R10, R12, 0x5, 2D, RGBA;");

    /* .LL with .AOFFI: offsets on top of the selected level. */
    {
        uint32_t pk[32], ll[32];
        for (int l = 0; l < 32; l++) {
            ll[l] = (uint32_t)l % 4;
            uint32_t s = ll[l];
            x[l] = lane_rand(510, l) % (64u >> s);
            y[l] = lane_rand(511, l) % (32u >> s);
            pk[l] = lane_rand(512, l) & 0xfffu;
        }
        x[0] = y[0] = 0;
        pk[0] = 0x0f0;  /* v = -1 at y = 0 */
        x[1] = 63;
        pk[1] = 0x001;  /* u = +1 at the last column */
        set_reg(w.v, 14, x);
        set_reg(w.v, 15, y);
        set_reg(w.v, 16, ll);
        set_reg(w.v, 17, pk);
        gen_stepf(w.v, "TLDS.LL.AOFFI R6, R4, R14, R16, 0x1, 2D, RGBA;");
        gen_stepf(w.v, "TLDS.LL.AOFFI R6, R4, R14, R16, 0x2, 2D, RGBA;");
    }

    /* A 1D chain. */
    {
        tx_tic d = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_1D, TX_FMT_R16G16B16A16, 100, 1, 1);
        tic_dtype(&d, TX_DT_FLOAT);
        tic_mips(&d, 6, 1, 6);
        add_tex(&w, 6, &d, PAT_BYTES);
        for (int l = 0; l < 32; l++) {
            lod[l] = (uint32_t)l % 7;
            x[l] = lane_rand(520, l) % ((50u >> lod[l]) + 1);
        }
        set_reg(w.v, 20, x);
        set_reg(w.v, 21, lod);
        gen_stepf(w.v, "TLDS.LL R6, R4, R20, R21, 0x6, 1D, RGBA;");
        gen_stepf(w.v, "TLDS.LZ R6, R4, R20, RZ, 0x6, 1D, RGBA;");
    }
}

/* Arrays: ARRAY_2D layers, layer out of range, array / non-array
 * specifiers interchanged (seed #paramA). */
static void layouts_arrays(gen_ctx *g)
{
    world w = world_new(g, "layout-arrays", "2D and 1D arrays, layers out of range, array/non-array interchange");
    uint32_t layer[32], x[32], y[32], lod[32];
    tx_tic a = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D_ARRAY, TX_FMT_A8B8G8R8, 16, 8, 5);
    a.gobs_per_block_height = 2;
    tic_mips(&a, 3, 0, 3);
    uint64_t addr = add_tex(&w, 1, &a, PAT_BYTES);
    gen_tb_timing(w.v, 6, 3, 20, 5);

    for (int l = 0; l < 32; l++)
        layer[l] = ((uint32_t)l % 7) | ((l & 8) ? 0xffff0000u : 0);
    layer[31] = 0x0000ffffu;
    axis(x, 16, 600, 29);
    axis(y, 8, 601, 27);
    set_reg(w.v, 10, layer);
    set_reg(w.v, 12, x);
    set_reg(w.v, 13, y);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x1, ARRAY_2D, RGBA;");
    /* The view starts at level 1: .LZ reads level 1 of every layer. */
    tx_tic a1 = a;
    tic_mips(&a1, 3, 1, 3);
    alias_tex(&w, 2, &a1, addr);
    axis(x, 8, 602, 29);
    axis(y, 4, 603, 27);
    set_reg(w.v, 14, x);
    set_reg(w.v, 15, y);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R14, 0x2, ARRAY_2D, RGBA;");
    /* 2D forms on the array read layer 0. */
    for (int l = 0; l < 32; l++)
        lod[l] = (uint32_t)l % 5;
    set_reg(w.v, 16, lod);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R12, R13, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LL R6, R4, R12, R16, 0x1, 2D, RGBA;");

    /* ARRAY_2D on a plain 2D texture: layer 0 only. */
    tx_tic p = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_A8B8G8R8, 16, 8, 1);
    p.gobs_per_block_height = 1;
    add_tex(&w, 3, &p, PAT_BYTES);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x3, ARRAY_2D, RGBA;");
    tx_tic nm = p;
    nm.texture_type = TX_TEX_2D_NO_MIPMAP;
    alias_tex(&w, 4, &nm, p.address);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x4, ARRAY_2D, RGBA;");

    /* A 1D array read with the 1D forms (layer 0). */
    tx_tic b = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_1D_ARRAY, TX_FMT_R32G32, 40, 1, 4);
    tic_dtype(&b, TX_DT_UINT);
    tic_mips(&b, 2, 0, 2);
    add_tex(&w, 5, &b, PAT_BYTES);
    axis(x, 40, 604, 30);
    set_reg(w.v, 18, x);
    gen_stepf(w.v, "TLDS.LZ RZ, R4, R18, RZ, 0x5, 1D, RG;");
    gen_stepf(w.v, "TLDS.LL RZ, R4, R18, R16, 0x5, 1D, RG;");

    /* A multisampled 2D array with the .MS form (layer 0). */
    tx_tic m = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D_ARRAY, TX_FMT_R32, 8, 4, 3);
    tic_dtype(&m, TX_DT_FLOAT);
    m.multi_sample_count = 1;
    add_tex(&w, 6, &m, PAT_FLOATS);
    uint32_t smp[32];
    axis(x, 8, 605, 30);
    axis(y, 4, 606, -1);
    for (int l = 0; l < 32; l++)
        smp[l] = (uint32_t)l % 3;
    set_reg(w.v, 20, x);
    set_reg(w.v, 21, y);
    set_reg(w.v, 22, smp);
    gen_stepf(w.v, "TLDS.LZ.MS RZ, R4, R20, R22, 0x6, 2D, R;");
    /* A cube map has 6 layers but TLDS has no cube form: zeros. */
    tx_tic c = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_CUBEMAP, TX_FMT_R8, 8, 8, 1);
    add_tex(&w, 7, &c, PAT_BYTES);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x7, ARRAY_2D, RGBA;");
}

/* 3D: slices with block depth, auto-sized blocks, levels. */
static void layouts_3d(gen_ctx *g)
{
    world w = world_new(g, "layout-3d", "3D textures: block depth 0..5, slices, levels");
    uint32_t x[32], y[32], z[32];
    static const struct { uint8_t fmt; uint32_t w, h, d; uint8_t bh, bd, maxmip, vmin; } p[] = {
        {TX_FMT_R8, 8, 8, 8, 0, 0, 0, 0},    {TX_FMT_R8, 8, 8, 8, 1, 3, 0, 0},
        {TX_FMT_R8, 8, 8, 8, 0, 5, 3, 1},    {TX_FMT_A8B8G8R8, 20, 12, 3, 1, 1, 1, 0},
        {TX_FMT_R16, 40, 9, 6, 1, 2, 0, 0},  {TX_FMT_R32G32B32A32, 4, 4, 5, 0, 4, 2, 0},
    };
    for (int i = 0; i < 6; i++) {
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_3D, p[i].fmt, p[i].w, p[i].h, p[i].d);
        t.gobs_per_block_height = p[i].bh;
        t.gobs_per_block_depth = p[i].bd;
        tic_mips(&t, p[i].maxmip, p[i].vmin, p[i].maxmip);
        if (p[i].fmt == TX_FMT_R32G32B32A32)
            tic_dtype(&t, TX_DT_SINT);
        add_tex(&w, 1 + i, &t, PAT_BYTES);
        uint32_t s = p[i].vmin;
        uint32_t lw = p[i].w >> s ? p[i].w >> s : 1, lh = p[i].h >> s ? p[i].h >> s : 1,
                 ld = p[i].d >> s ? p[i].d >> s : 1;
        axis(x, lw, 700 + (uint32_t)i, 30);
        axis(y, lh, 710 + (uint32_t)i, 28);
        axis(z, ld, 720 + (uint32_t)i, 26);
        set_reg(w.v, 10, x);
        set_reg(w.v, 11, y);
        set_reg(w.v, 12, z);
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x%x, 3D, RGBA;", 1 + i);
    }
}

/* 1D buffers: byte-aligned addresses, widths above 65536. */
static void layouts_buffer(gen_ctx *g)
{
    world w = world_new(g, "layout-buffer", "1D buffers (1D.LZ on a 1D_BUFFER header)");
    uint32_t x[32], lod[32];
    static const struct { uint8_t fmt; uint32_t w; } p[] = {
        {TX_FMT_R32G32, 300}, {TX_FMT_R8, 1000}, {TX_FMT_A8B8G8R8, 77},
        {TX_FMT_R32G32B32A32, 20}, {TX_FMT_R16, 129}};
    for (int i = 0; i < 5; i++) {
        tx_tic t = tic_new(TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, p[i].fmt, p[i].w, 1, 1);
        tic_dtype(&t, i == 0 ? TX_DT_FLOAT : TX_DT_UNORM);
        /* View and sample fields mean nothing in a buffer header. */
        if (i == 2) {
            tic_mips(&t, 3, 2, 3);
            t.multi_sample_count = 6;
        }
        add_tex(&w, 1 + i, &t, i == 0 ? PAT_FLOATS : PAT_BYTES);
        axis(x, p[i].w, 800 + (uint32_t)i, 29);
        set_reg(w.v, 10, x);
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, RZ, 0x%x, 1D, RGBA;", 1 + i);
    }
    for (int l = 0; l < 32; l++)
        lod[l] = (uint32_t)l & 1;
    set_reg(w.v, 12, lod);
    gen_stepf(w.v, "TLDS.LL R6, R4, R10, R12, 0x5, 1D, RGBA;");
    /* A 1D texture type with a buffer layout, and a 2D form on a buffer. */
    {
        tx_tic t = tic_new(TX_TIC_1D_BUFFER, TX_TEX_1D, TX_FMT_R32, 64, 1, 1);
        add_tex(&w, 6, &t, PAT_BYTES);
        axis(x, 64, 810, 29);
        set_reg(w.v, 10, x);
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, RZ, 0x6, 1D, R;");
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, R10, 0x6, 2D, R;");
    }
    /* A buffer wider than 65536: only its first and last pages are mapped
     * and read. */
    {
        uint32_t W = 70000;
        tx_tic t = tic_new(TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, TX_FMT_R8, W, 1, 1);
        tic_dtype(&t, TX_DT_UINT);
        t.address = w.next;
        fill(w.v, t.address, 4096, PAT_BYTES);
        uint64_t last = (t.address + W - 1) & ~0xfffull;
        fill(w.v, last, 4096, PAT_BYTES);
        put_header(&w, 7, &t);
        for (int l = 0; l < 32; l++)
            x[l] = l < 16 ? lane_rand(820, l) % 4096 : W - 1 - lane_rand(821, l) % (uint32_t)((t.address + W) - last);
        x[15] = W;
        x[14] = 0xffffffffu;
        set_reg(w.v, 10, x);
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, RZ, 0x7, 1D, R;");
        w.next = (last + 0x2000u) & ~0xfffull;
    }
}

/* Multisample textures: every MULTI_SAMPLE_COUNT code, sample index out of
 * range, pitch and block-linear. */
static void layouts_ms(gen_ctx *g)
{
    world w = world_new(g, "layout-multisample", "2D.LZ.MS on every sample count; sample index out of range");
    uint32_t x[32], y[32], s[32];
    gen_tb_timing(w.v, 1, 4, 15, 99);
    axis(x, 6, 900, 30);
    axis(y, 5, 901, 28);
    for (int l = 0; l < 32; l++)
        s[l] = (uint32_t)l % 18;
    s[27] = 0xffffffffu;
    set_reg(w.v, 10, x);
    set_reg(w.v, 11, y);
    set_reg(w.v, 12, s);
    for (int code = 0; code < 16; code++) {
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_A8B8G8R8, 6, 5, 1);
        t.multi_sample_count = (uint8_t)code;
        t.gobs_per_block_height = 2;
        add_tex(&w, 1 + code, &t, PAT_BYTES);
        gen_stepf(w.v, "TLDS.LZ.MS R6, R4, R10, R12, 0x%x, 2D, RGBA;", 1 + code);
    }
    /* Pitch multisample. */
    tx_tic p = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_R16G16, 6, 5, 1);
    p.multi_sample_count = 3;
    p.pitch = 128;
    add_tex(&w, 20, &p, PAT_BYTES);
    gen_stepf(w.v, "TLDS.LZ.MS RZ, R4, R10, R12, 0x14, 2D, RG;");
    /* Other 2D forms on a multisampled texture read sample 0. */
    gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, R11, 0x3, 2D, RG;");
}

int gen_tlds_layouts(gen_ctx *g)
{
    layouts_pitch(g);
    layouts_bl2d(g, 0);
    layouts_bl2d(g, 1);
    layouts_mips(g);
    layouts_arrays(g);
    layouts_3d(g);
    layouts_buffer(g);
    layouts_ms(g);
    return 0;
}

/* ---- bounds, invalid headers, faults, illegal encodings ------------------ */

static void errors_bounds(gen_ctx *g)
{
    world w = world_new(g, "bounds-every-axis",
                        "out of bounds on x, y, z, layer, sample, level: 0 in present components, A = 1 in missing");
    uint32_t v0[32], v1[32], v2[32], v3[32];
    /* R32 FLOAT (A missing -> 1.0), R8 UINT (A missing -> integer 1). */
    tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R32, 8, 8, 1);
    tic_dtype(&t, TX_DT_FLOAT);
    tic_mips(&t, 2, 0, 2);
    add_tex(&w, 1, &t, PAT_FLOATS);
    tx_tic u = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_3D, TX_FMT_R8, 4, 4, 4);
    tic_dtype(&u, TX_DT_UINT);
    add_tex(&w, 2, &u, PAT_BYTES);
    tx_tic a = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D_ARRAY, TX_FMT_G8R8, 4, 4, 2);
    tic_dtype(&a, TX_DT_SNORM);
    add_tex(&w, 3, &a, PAT_BYTES);
    tx_tic m = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R16, 4, 4, 1);
    tic_dtype(&m, TX_DT_SINT);
    m.multi_sample_count = 1;
    add_tex(&w, 4, &m, PAT_BYTES);

    /* Half the lanes in bounds, the other half just or far out. */
    for (int l = 0; l < 32; l++) {
        uint32_t far = (l & 2) ? 0xffffffffu : (l & 4) ? 0x80000000u : 0;
        v0[l] = (l & 1) ? (far ? far : 8u + (uint32_t)l % 3) : (uint32_t)l % 8;
        v1[l] = (uint32_t)l % 4;
        v2[l] = (uint32_t)(l * 5) % 8;
        v3[l] = (l & 1) ? (far ? far : 4u) : (uint32_t)l % 4;
    }
    set_reg(w.v, 10, v0);     /* x out */
    set_reg(w.v, 11, v2);
    set_reg(w.v, 12, v2);
    set_reg(w.v, 13, v0);     /* y out */
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LZ R6, R4, R12, R13, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.F16.LZ R7, R5, R12, R13, 0x1, 2D, RGBA;");
    /* level out: lod 3 > last */
    for (int l = 0; l < 32; l++)
        v2[l] = (uint32_t)l % 4, v3[l] = (uint32_t)l % 2;
    set_reg(w.v, 14, v2);
    set_reg(w.v, 15, v3);
    set_reg(w.v, 16, v0);
    for (int l = 0; l < 32; l++)
        v0[l] = (l & 1) ? 3u + (uint32_t)l : 0;
    set_reg(w.v, 17, v0);
    gen_stepf(w.v, "TLDS.LL R6, R4, R14, R17, 0x1, 2D, RGBA;");
    /* z out (3D), UINT defaults */
    for (int l = 0; l < 32; l++)
        v0[l] = (l & 1) ? ((l & 2) ? 0xfffffffcu : 4u) : (uint32_t)l % 4;
    set_reg(w.v, 18, v0);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R14, R18, 0x2, 3D, RGBA;");
    /* layer out (array), SNORM defaults */
    for (int l = 0; l < 32; l++)
        v0[l] = (l & 1) ? 2u + (uint32_t)(l % 5) : (uint32_t)l % 2;
    set_reg(w.v, 19, v0);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R19, R14, 0x3, ARRAY_2D, RGBA;");
    /* sample out (2 samples), SINT defaults */
    for (int l = 0; l < 32; l++)
        v0[l] = (l & 1) ? 2u + (uint32_t)(l % 3) : (uint32_t)l % 2;
    set_reg(w.v, 20, v0);
    gen_stepf(w.v, "TLDS.LZ.MS R6, R4, R14, R20, 0x4, 2D, RGBA;");
    /* .AOFFI below zero on both axes */
    for (int l = 0; l < 32; l++) {
        v0[l] = (uint32_t)l % 3;
        v1[l] = (uint32_t)(l / 3) % 3;
        v2[l] = lane_rand(950, l) & 0xffu;
    }
    set_reg(w.v, 22, v0);
    set_reg(w.v, 23, v1);
    set_reg(w.v, 24, v2);
    gen_stepf(w.v, "TLDS.LZ.AOFFI R6, R4, R22, R24, 0x1, 2D, RGBA;");
}

static void errors_headers(gen_ctx *g)
{
    world w = world_new(g, "header-invalid-and-mismatch",
                        "header pointer above the maximum, texture type mismatches, unmapped header: zeros");
    uint32_t x[32], y[32];
    /* One texture per type; every form against every type. */
    static const uint8_t types[] = {TX_TEX_1D, TX_TEX_2D, TX_TEX_3D, TX_TEX_CUBEMAP,
                                    TX_TEX_1D_ARRAY, TX_TEX_2D_ARRAY, TX_TEX_1D_BUFFER,
                                    TX_TEX_2D_NO_MIPMAP, TX_TEX_CUBEMAP_ARRAY, 9, 15};
    for (size_t i = 0; i < sizeof types; i++) {
        uint8_t ty = types[i];
        int one_d = ty == TX_TEX_1D || ty == TX_TEX_1D_ARRAY || ty == TX_TEX_1D_BUFFER;
        tx_tic t = tic_new(TX_TIC_BLOCKLINEAR, ty, TX_FMT_A8B8G8R8, 4, one_d ? 1 : 4,
                           ty == TX_TEX_2D_ARRAY || ty == TX_TEX_1D_ARRAY || ty == TX_TEX_3D ||
                                   ty == TX_TEX_CUBEMAP_ARRAY ? 2 : 1);
        add_tex(&w, 1 + (int)i, &t, PAT_BYTES);
    }
    for (int l = 0; l < 32; l++) {
        x[l] = (uint32_t)l % 4;
        y[l] = (uint32_t)(l / 4) % 2;
    }
    set_reg(w.v, 10, x);
    set_reg(w.v, 11, y);
    set_reg(w.v, 12, y);
    set_reg(w.v, 13, y);
    for (size_t i = 0; i < sizeof types; i++) {
        int ix = 1 + (int)i;
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, RZ, 0x%x, 1D, RG;", ix);
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, R12, 0x%x, 2D, RG;", ix);
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, R12, 0x%x, 3D, RG;", ix);
        gen_stepf(w.v, "TLDS.LZ RZ, R4, R11, R12, 0x%x, ARRAY_2D, RG;", ix);
        gen_stepf(w.v, "TLDS.LZ.MS RZ, R4, R10, R12, 0x%x, 2D, RG;", ix);
    }

    /* Header index: equal to the maximum is valid, above it returns zeros,
     * the handle's sampler bits are ignored. */
    {
        tx_tic t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_R32G32B32A32, 4, 4, 1);
        tic_dtype(&t, TX_DT_FLOAT);
        uint64_t addr = add_tex(&w, W_TIC_MAX, &t, PAT_FLOATS);
        alias_tex(&w, W_TIC_MAX + 1, &t, addr);
        gen_cbank(w.v, 0x1000, 0xfff00000u | W_TIC_MAX);           /* sampler bits set */
        gen_cbank(w.v, 0x1004, (uint32_t)W_TIC_MAX + 1);
        gen_cbank(w.v, 0x1008, 0x000fffffu);
        gen_cbank(w.v, 0x7ffc, 0x00100000u | W_TIC_MAX);           /* the last bank word */
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x%x, 2D, RGBA;", W_TIC_MAX);
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x400, 2D, RGBA;");
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x401, 2D, RGBA;");
        gen_stepf(w.v, "TLDS.F16.LZ R6, R4, R10, R12, 0x401, 2D, RGBA;");
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x402, 2D, RGBA;");
        gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x1fff, 2D, RGBA;");
    }
}

static void errors_faults(gen_ctx *g)
{
    world w = world_new(g, "memory-faults",
                        "unmapped texel and header pages: FAULT; sparse pages read 0");
    uint32_t x[32], y[32];
    /* A 2D texture whose rows 2..3 sit on an unmapped page: pitch 4096. */
    tx_tic t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 4, 1);
    t.pitch = 4096;
    t.address = w.next;
    fill(w.v, t.address, 64, PAT_BYTES);          /* row 0 */
    fill(w.v, t.address + 4096, 64, PAT_BYTES);   /* row 1 */
    mem_kind(w.v, t.address + 8192, 4096, "sparse");   /* row 2 */
    /* row 3 is unmapped */
    put_header(&w, 1, &t);
    w.next += 0x6000;
    for (int l = 0; l < 32; l++) {
        x[l] = (uint32_t)l % 8;
        y[l] = (uint32_t)l / 8;
    }
    set_reg(w.v, 10, x);
    set_reg(w.v, 11, y);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R11, 0x1, 2D, RGBA;");
    /* Only rows 0..2: no fault. */
    for (int l = 0; l < 32; l++)
        y[l] = (uint32_t)l / 8 % 3;
    set_reg(w.v, 12, y);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x1, 2D, RGBA;");
    /* The faulting lanes inactive: no fault. */
    gen_stepf(w.v, "@P0 TLDS.LZ R6, R4, R10, R11, 0x1, 2D, RGBA;");
    gen_pred(w.v, 0, 0x00ffffffu);
    /* A header on an unmapped page: index 600 is inside this vector's pool
     * (max 1023), and its page holds no header. */
    {
        json_object *tic;
        json_object_object_get_ex(w.v, "tic", &tic);
        gen_set(tic, "max", json_object_new_int(1023));
    }
    gen_cbank(w.v, 40 * 4, 600);
    gen_stepf(w.v, "TLDS.LZ.T R6, R4, R10, R12, 0x28, 2D, RGBA;");
    /* The same header again: a faulted read leaves nothing in the header
     * cache, so the second read goes to memory and faults as well. */
    gen_stepf(w.v, "TLDS.LZ R6, R4, R10, R12, 0x28, 2D, RGBA;");
    /* Out-of-bounds lanes of a faulting texture touch no memory. */
    for (int l = 0; l < 32; l++)
        x[l] = 8u + (uint32_t)l;
    set_reg(w.v, 13, x);
    gen_stepf(w.v, "TLDS.LZ R6, R4, R13, R11, 0x1, 2D, RGBA;");

    /* A buffer texel that crosses from a mapped page into an unmapped one
     * faults as a whole (S3.11); its neighbours read normally. */
    {
        world b = world_new(g, "memory-fault-buffer-straddle",
                            "a buffer texel across a 16-byte slot and a page end: FAULT");
        tx_tic t = tic_new(TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, TX_FMT_R32G32, 8, 1, 1);
        tic_dtype(&t, TX_DT_UINT);
        t.address = b.next + 0x1000 - 4 - 8 * 7;    /* texel 7 crosses the page end */
        fill(b.v, t.address, 8 * 7 + 4, PAT_BYTES);
        put_header(&b, 1, &t);
        uint32_t bx[32];
        for (int l = 0; l < 32; l++)
            bx[l] = (uint32_t)l % 9;
        set_reg(b.v, 10, bx);
        gen_stepf(b.v, "TLDS.LZ RZ, R4, R10, RZ, 0x1, 1D, RG;");
        gen_stepf(b.v, "@P1 TLDS.LZ RZ, R4, R10, RZ, 0x1, 1D, RG;");
        gen_pred(b.v, 1, 0xfdfeff7fu);   /* lanes 7, 16, 25 (x = 7) off: no fault */
    }

    world s = world_new(g, "memory-header-sparse", "a header on a sparse page, a pool on unmapped memory");
    gen_set(s.v, "tic", json_object_new_object());
    json_object *tic;
    json_object_object_get_ex(s.v, "tic", &tic);
    gen_set(tic, "base", gen_hex64(0x700000));
    gen_set(tic, "max", json_object_new_int(1000));
    mem_kind(s.v, 0x700000, 0x1000, "sparse");
    gen_cbank(s.v, 0, 3);
    gen_cbank(s.v, 4, 500);
    set_reg(s.v, 10, x);
    set_reg(s.v, 11, y);
    gen_stepf(s.v, "TLDS.LZ R6, R4, R10, R11, 0x0, 2D, RGBA;");
    gen_stepf(s.v, "TLDS.LZ.P R6, R4, R10, R11, 0x1, 2D, RGBA;");
}

/* Every class of illegal instruction: status ILLEGAL, no write, no hash. */
static void errors_illegal(gen_ctx *g)
{
    world w = world_new(g, "illegal-encodings",
                        "reserved targets, alignment, RZ rules, Rd1 with mask 5-7, reserved ctrl bits");
    gen_set(w.v, "hash", json_object_new_int(0x5b));
    tx_tic t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 8, 1);
    add_tex(&w, 7, &t, PAT_BYTES);
    uint32_t x[32];
    for (int l = 0; l < 32; l++)
        x[l] = (uint32_t)l % 8;
    for (int r = 10; r <= 15; r++)
        set_reg(w.v, r, x);

    uint64_t wd;
    uint32_t ctrl;
    tx_asm_err e;
    if (tx_asm("TLDS.LZ.T RZ, R4, R10, R12, 0x7, 2D, R;", &wd, &ctrl, &e) != 0) {
        fprintf(stderr, "texcosim gen: %s\n", e.msg);
        return;
    }
    /* Reserved target codes, each with Ra/Rb aligned for any reading. */
    for (int c = 0; c < 16; c++)
        if (c == 3 || (c >= 9 && c <= 11) || c >= 13)
            gen_step_word(w.v, (wd & ~(0xfull << 53)) | (uint64_t)c << 53, ctrl);
    /* Ra of a vec2 group odd: codes 4, 5, 6, 7, 12. */
    gen_stepf(w.v, "TLDS.LZ.AOFFI RZ, R4, R11, R12, 0x7, 2D, R;");
    gen_stepf(w.v, "TLDS.LL RZ, R4, R11, R12, 0x7, 2D, R;");
    gen_stepf(w.v, "TLDS.LZ.MS RZ, R4, R11, R12, 0x7, 2D, R;");
    gen_stepf(w.v, "TLDS.LZ RZ, R4, R11, R12, 0x7, 3D, R;");
    gen_stepf(w.v, "TLDS.LL.AOFFI RZ, R4, R11, R12, 0x7, 2D, R;");
    /* Rb of a vec2 group odd: codes 8, 12. */
    gen_stepf(w.v, "TLDS.LZ RZ, R4, R10, R13, 0x7, ARRAY_2D, R;");
    gen_stepf(w.v, "TLDS.LL.AOFFI RZ, R4, R10, R13, 0x7, 2D, R;");
    /* Destinations: Rd0 odd for two F32 components (each pair mask), Rd0
     * odd with Rd1, Rd1 odd for RGBA. */
    gen_stepf(w.v, "TLDS.LZ RZ, R5, R10, R12, 0x7, 2D, RG;");
    gen_stepf(w.v, "TLDS.LZ RZ, R5, R10, R12, 0x7, 2D, RA;");
    gen_stepf(w.v, "TLDS.LZ RZ, R5, R10, R12, 0x7, 2D, GA;");
    gen_stepf(w.v, "TLDS.LZ RZ, R5, R10, R12, 0x7, 2D, BA;");
    gen_stepf(w.v, "TLDS.LZ R6, R5, R10, R12, 0x7, 2D, RGB;");
    gen_stepf(w.v, "TLDS.LZ R7, R4, R10, R12, 0x7, 2D, RGBA;");
    /* Must be RZ: Rb of 1D.LZ.  Must not be RZ: Ra; Rb of every other form. */
    gen_step_word(w.v, (wd & ~(0xfull << 53) & ~(0xffull << 20)) | 0ull << 53 | 12ull << 20, ctrl);
    gen_stepf(w.v, "TLDS.LZ RZ, R4, RZ, RZ, 0x7, 1D, R;");
    gen_stepf(w.v, "TLDS.LZ RZ, R4, RZ, R12, 0x7, 2D, R;");
    for (size_t f = 1; f < 9; f++)
        gen_step_word(w.v, (wd & ~(0xfull << 53)) | (uint64_t)forms[f].code << 53 | 0xffull << 20,
                      ctrl);
    /* Rd1 != RZ with mask codes 5..7. */
    for (uint64_t m = 5; m <= 7; m++)
        gen_step_word(w.v, (wd & ~(0xffull << 28) & ~(7ull << 50)) | 6ull << 28 | m << 50, ctrl);
    /* Reserved control bits: phase 3, bits 20:19. */
    gen_step_word(w.v, wd, (ctrl & ~(3u << 17)) | 3u << 17);
    gen_step_word(w.v, wd, ctrl | 1u << 19);
    gen_step_word(w.v, wd, ctrl | 1u << 20);
    /* Legal neighbours: F16 destinations need no alignment; Rd0 = RZ. */
    gen_stepf(w.v, "TLDS.F16.LZ R7, R5, R10, R12, 0x7, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LZ R6, RZ, R10, R12, 0x7, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LZ RZ, R5, R10, R12, 0x7, 2D, B;");
    /* A vec2 group that runs past R254 reads / writes RZ for its second
     * register (S1.2). */
    gen_stepf(w.v, "TLDS.LZ RZ, R254, R10, R12, 0x7, 2D, RG;");
    gen_stepf(w.v, "TLDS.LZ R254, R4, R10, R12, 0x7, 2D, RGBA;");
}

/* .NODEP, lane masks and the .phase hash through every kind of outcome. */
static void errors_hash(gen_ctx *g)
{
    world w = world_new(g, "phase-hash-outcomes",
                        ".T/.P on ok, fault, zeros, guarded-off, inactive and illegal instructions; .NODEP");
    gen_set(w.v, "hash", json_object_new_int(0xf6));
    gen_set(w.v, "ktm", gen_hex32(0x3c3c00ffu));
    gen_set(w.v, "ctm", gen_hex32(0xfffff0ffu));
    tx_tic t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 8, 1);
    add_tex(&w, 1, &t, PAT_BYTES);
    uint32_t x[32];
    for (int l = 0; l < 32; l++)
        x[l] = (uint32_t)(l * 3) % 8;
    set_reg(w.v, 10, x);
    set_reg(w.v, 11, x);
    gen_pred(w.v, 2, 0x0000ffffu);
    gen_cbank(w.v, 0x30 * 4, 1000);
    {
        json_object *tic;
        json_object_object_get_ex(w.v, "tic", &tic);
        gen_set(tic, "max", json_object_new_int(999));
    }
    gen_stepf(w.v, "TLDS.LZ.T R6, R4, R10, R11, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LZ.NODEP.T R6, R4, R10, R11, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LZ.P R6, R4, R10, R11, 0x30, 2D, RGBA;");        /* no header */
    gen_stepf(w.v, "@!PT TLDS.LZ.T R6, R4, R10, R11, 0x1, 2D, RGBA;");    /* guarded off */
    gen_stepf(w.v, "@P2 TLDS.LZ.NODEP.T R6, R4, R10, R11, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "@!P2 TLDS.F16.LZ.NODEP.P R6, R4, R10, R11, 0x1, 2D, RGBA;");
    gen_stepf(w.v, "TLDS.LZ.T R7, R4, R10, R11, 0x1, 2D, RGBA;");        /* illegal */
    gen_stepf(w.v, "TLDS.LZ.T R6, R4, R10, R11, 0x2, 2D, RGBA;");        /* all-zero header */
    gen_stepf(w.v, "TLDS.LZ.T R6, R4, R10, R11, 0x3, 2D, RGBA;");        /* unmapped header */
    for (int i = 0; i < 9; i++)
        gen_stepf(w.v, "TLDS.LZ.T RZ, R4, R10, R11, 0x1, 2D, R;");       /* texture part wraps */
    for (int i = 0; i < 3; i++)
        gen_stepf(w.v, "TLDS.LZ.P RZ, R4, R10, R11, 0x1, 2D, R;");       /* phase part wraps */
    gen_cbank(w.v, 0x2 * 4, 2);
    gen_cbank(w.v, 0x3 * 4, 900);
}

int gen_tlds_errors(gen_ctx *g)
{
    errors_bounds(g);
    errors_headers(g);
    errors_faults(g);
    errors_illegal(g);
    errors_hash(g);
    return 0;
}

