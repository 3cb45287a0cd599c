/*
 * gen_d3d.c - the d3d-directed suite: Direct3D shader-model-4 `ld` steps
 * (docs/d3d-ld.md) over every TLDS form the lowering uses, and the `ld`
 * rules of Direct3D's "ld (sm4 - asm)": unsigned coordinates, the mip
 * level in srcAddress.a, offsets (wrapping below zero goes out of bounds),
 * the array index not offset, out-of-bounds zeros with format defaults,
 * unbound resources, 32-bit floats bit for bit, buffers, multisample loads,
 * source swizzles and destination masks, r# and v# registers.
 *
 * Textures are small and filled with a byte pattern, so every texel of
 * every level, layer, slice and sample differs; the expectations come from
 * the model.
 */
#include <stdio.h>
#include <string.h>
#include "gen.h"

#define TIC_BASE 0x10000u
#define TIC_MAX 15
#define TEX_BASE 0x100000u

/* Header indices; the handle of header h sits at constant-bank slot
 * 0x10 + h (word index, i.e. the TLDS #tsPtrIdx). */
enum {
    H_2D = 1,      /* 2D block-linear 8x8 RGBA32F, 4 levels */
    H_1D = 2,      /* 1D block-linear 16 R32F, 3 levels */
    H_BUF = 3,     /* buffer of 8 R32 UINT */
    H_R8 = 4,      /* 2D pitch 4x4 R8 UNORM */
    H_3D = 5,      /* 3D block-linear 4x4x4 R32 UINT */
    H_ARR = 6,     /* 2D array block-linear 4x4, 3 layers, RG32 UINT */
    H_MS = 7,      /* 2D block-linear 4x4, 4 samples, R32 UINT */
    H_F32 = 8,     /* 2D pitch 8x2 R32F with denormals, NaN, -0, Inf */
    H_1DARR = 10,  /* 1D array block-linear 16, 3 layers, 2 levels, R32 UINT (d3d-tld) */
    H_MSARR = 11,  /* 2D array block-linear 4x4, 2 layers, 4 samples, R32 UINT (d3d-tld) */
    H_INVALID = 20 /* above TIC_MAX */
};
#define SLOT(h) (0x10u + (h))
#define B(h) (1u << (h))
#define SLOT_UNBOUND 0x30u  /* holds handle H_INVALID */

/* Fill n bytes at addr with a pattern that differs for every word. */
static void pattern(json_object *v, uint64_t addr, size_t n, uint32_t seed)
{
    uint8_t buf[16384];
    if (n > sizeof buf)
        n = sizeof buf;
    for (size_t i = 0; i + 3 < n; i += 4) {
        uint32_t w = (uint32_t)(i / 4) * 0x01010101u + seed;
        /* keep some words denormal or zero-exponent so raw bits matter */
        if ((i / 4) % 7 == 3)
            w &= 0x807fffffu;
        memcpy(buf + i, &w, 4);   /* little-endian host */
    }
    gen_memory(v, addr, buf, n);
}

static json_object *swz_rgba(void)
{
    json_object *a = json_object_new_array();
    const char *n[] = {"R", "G", "B", "A"};
    for (int i = 0; i < 4; i++)
        json_object_array_add(a, json_object_new_string(n[i]));
    return a;
}

static json_object *fields(const char *version, const char *type, const char *format,
                           const char *dtype, uint64_t addr, int w, int h)
{
    json_object *f = json_object_new_object();
    gen_set(f, "version", json_object_new_string(version));
    gen_set(f, "type", json_object_new_string(type));
    gen_set(f, "format", json_object_new_string(format));
    gen_set(f, "dtype", json_object_new_string(dtype));
    gen_set(f, "swizzle", swz_rgba());
    gen_set(f, "address", gen_hex64(addr));
    gen_set(f, "width", json_object_new_int(w));
    if (h)
        gen_set(f, "height", json_object_new_int(h));
    return f;
}

static void set_int(json_object *f, const char *k, int v)
{
    gen_set(f, k, json_object_new_int(v));
}

/* One texture: its header fields, where it sits and what fills it. */
struct tex_desc {
    int hdr;                    /* header index H_x */
    const char *version, *type, *format, *dtype;
    uint32_t offset;            /* from TEX_BASE */
    int w, h;                   /* h 0: no "height" field */
    int max_mip;                /* > 0: max_mip_level and res_view_max_mip_level */
    int pitch, depth, ms_code;  /* fields set when nonzero */
    size_t bytes;               /* of pattern(); 0: the R32F corner values */
    uint32_t seed;
};

static const struct tex_desc tex_descs[] = {
    /* 2D, 4 levels. */
    {H_2D, "BLOCKLINEAR", "2D", "R32G32B32A32", "FLOAT", 0x0000, 8, 8, 3, 0, 0, 0, 4096,
     0x00010203u},
    /* 1D, 3 levels. */
    {H_1D, "BLOCKLINEAR", "1D", "R32", "FLOAT", 0x2000, 16, 0, 2, 0, 0, 0, 2048, 0x3f000000u},
    /* Buffer of 8 R32 UINT. */
    {H_BUF, "1D_BUFFER", "1D_BUFFER", "R32", "UINT", 0x3000, 8, 0, 0, 0, 0, 0, 64, 0xb0000000u},
    /* R8 UNORM, pitch: G, B missing (0), A missing (1.0). */
    {H_R8, "PITCH", "2D", "R8", "UNORM", 0x3400, 4, 4, 0, 32, 0, 0, 128, 0x80402010u},
    /* 3D 4x4x4. */
    {H_3D, "BLOCKLINEAR", "3D", "R32", "UINT", 0x4000, 4, 4, 0, 0, 4, 0, 4096, 0x30000000u},
    /* 2D array 4x4, 3 layers. */
    {H_ARR, "BLOCKLINEAR", "2D_ARRAY", "R32G32", "UINT", 0x6000, 4, 4, 0, 0, 3, 0, 4096,
     0xa0000000u},
    /* 2D 4x4 with 4 samples (2x2 grid). */
    {H_MS, "BLOCKLINEAR", "2D", "R32", "UINT", 0x8000, 4, 4, 0, 0, 0, 2, 1024, 0x50000000u},
    /* R32F corner values: denormals, -0, Inf, NaN payloads. */
    {H_F32, "PITCH", "2D", "R32", "FLOAT", 0x9000, 8, 2, 0, 32, 0, 0, 0, 0},
    /* 1D array 16 x 3 layers, 2 levels. */
    {H_1DARR, "BLOCKLINEAR", "1D_ARRAY", "R32", "UINT", 0xa000, 16, 0, 1, 0, 3, 0, 4096,
     0x1a000000u},
    /* 2D array 4x4, 2 layers, 4 samples. */
    {H_MSARR, "BLOCKLINEAR", "2D_ARRAY", "R32", "UINT", 0xc000, 4, 4, 0, 0, 2, 2, 4096,
     0x5a000000u},
};

/* The 8x2 R32F image of H_F32, rows 32 bytes apart. */
static void corner_values(json_object *v, uint64_t addr)
{
    static const uint32_t vals[16] = {
        0x00000001, 0x807fffff, 0x00400000, 0x80000000, 0x7f800000, 0xff800000,
        0x7fc00001, 0x7f800001, 0xffffffff, 0x3f800000, 0x00800000, 0x80000001,
        0x7f7fffff, 0x33800000, 0x0000ffff, 0xc0490fdb};
    uint8_t img[64];
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 8; x++)
            memcpy(img + y * 32 + x * 4, &vals[y * 8 + x], 4);
    gen_memory(v, addr, img, sizeof img);
}

/* The textures whose header bit (1 << H_x) is in need, and the handles of
 * all of them (an unused handle costs nothing). */
static void textures(json_object *v, unsigned need)
{
    for (size_t i = 0; i < sizeof tex_descs / sizeof tex_descs[0]; i++) {
        const struct tex_desc *t = &tex_descs[i];
        uint64_t a = TEX_BASE + t->offset;
        json_object *f;

        if (!(need & (1u << t->hdr)))
            continue;
        f = fields(t->version, t->type, t->format, t->dtype, a, t->w, t->h);
        if (t->max_mip) {
            set_int(f, "max_mip_level", t->max_mip);
            set_int(f, "res_view_max_mip_level", t->max_mip);
        }
        if (t->pitch)
            set_int(f, "pitch", t->pitch);
        if (t->depth)
            set_int(f, "depth", t->depth);
        if (t->ms_code)
            set_int(f, "multi_sample_count", t->ms_code);
        gen_header(v, t->hdr, f);
        if (t->bytes)
            pattern(v, a, t->bytes, t->seed);
        else
            corner_values(v, a);
    }

    for (int h = H_2D; h <= H_F32; h++)
        gen_cbank(v, SLOT(h) * 4, (uint32_t)h);
    gen_cbank(v, SLOT_UNBOUND * 4, H_INVALID);
    gen_cbank(v, SLOT(9) * 4, H_INVALID);   /* t9: bound, handle above max */
}

/* Add "tN": {"dim", "slot"[, "bound": false]} to the vector's declarations. */
static void declare(json_object *v, int t, const char *dim, unsigned slot, int bound)
{
    json_object *d, *r = json_object_new_object();
    char key[8];
    if (!json_object_object_get_ex(v, "d3d", &d)) {
        d = json_object_new_object();
        gen_set(v, "d3d", d);
    }
    gen_set(r, "dim", json_object_new_string(dim));
    gen_set(r, "slot", json_object_new_int((int)slot));
    if (!bound)
        gen_set(r, "bound", json_object_new_boolean(0));
    snprintf(key, sizeof key, "t%d", t);
    gen_set(d, key, r);
}

/* The common vector: pools, the textures in need, declarations t0..t9. */
static json_object *d3d_vector(gen_ctx *g, const char *id, const char *desc, unsigned need)
{
    json_object *v = gen_vector(g, id, desc);
    json_object *tic = json_object_new_object();
    gen_set(tic, "base", gen_hex64(TIC_BASE));
    gen_set(tic, "max", json_object_new_int(TIC_MAX));
    gen_set(v, "tic", tic);
    textures(v, need);
    declare(v, 0, "texture2d", SLOT(H_2D), 1);
    declare(v, 1, "texture1d", SLOT(H_1D), 1);
    declare(v, 2, "buffer", SLOT(H_BUF), 1);
    declare(v, 3, "texture2d", SLOT(H_R8), 1);
    declare(v, 4, "texture3d", SLOT(H_3D), 1);
    declare(v, 5, "texture2darray", SLOT(H_ARR), 1);
    declare(v, 6, "texture2dms", SLOT(H_MS), 1);
    declare(v, 7, "texture2d", SLOT(H_F32), 1);
    declare(v, 8, "texture2d", SLOT_UNBOUND, 0);
    declare(v, 9, "texture2d", SLOT(9), 1);
    return v;
}

/* D3D register rN.c / vN.c as a SASS register number (docs/d3d-ld.md). */
static int rreg(int n, int c) { return 4 * n + c; }
static int vreg(int n, int c) { return 192 + 4 * n + c; }

static void step(json_object *v, const char *text)
{
    json_object *s = json_object_new_object();
    json_object *steps;
    gen_set(s, "d3d", json_object_new_string(text));
    if (!json_object_object_get_ex(v, "steps", &steps)) {
        steps = json_object_new_array();
        gen_set(v, "steps", steps);
    }
    json_object_array_add(steps, s);
}

/* Set a D3D register's four components from per-lane functions. */
typedef uint32_t (*lane_fn)(int lane, int comp);
static void set_d3d(json_object *v, int sass_base, lane_fn f)
{
    uint32_t val[32];
    for (int c = 0; c < 4; c++) {
        for (int l = 0; l < 32; l++)
            val[l] = f(l, c);
        gen_reg(v, sass_base + c, val);
    }
}

/* 2D coordinates walking inside, on the edges and outside of an 8x8 level,
 * with the mip level .w = lane % 5 (4 is past the last level). */
static uint32_t addr_2d_mips(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l * 3) % 10;                 /* 0..9: 8, 9 outside */
    case 1: return l == 31 ? 0xffffffffu : (uint32_t)(l % 9);
    case 2: return 0xdeadbeefu;                            /* ignored for 2D */
    default: return (uint32_t)(l % 5);
    }
}

/* Same x, y with mip level 0 everywhere. */
static uint32_t addr_2d_lz(int l, int c)
{
    return c == 3 ? 0 : addr_2d_mips(l, c);
}

/* Small coordinates 0..3 plus an edge walk; .b and .a chosen per use. */
static uint32_t addr_small(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l % 5);                      /* 4 is outside a 4-wide level */
    case 1: return (uint32_t)((l / 5) % 5);
    case 2: return (uint32_t)(l % 4);
    default: return 0;
    }
}

static uint32_t addr_array(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l % 4);
    case 1: return (uint32_t)((l / 4) % 4);
    case 2: return l == 30 ? 0xffffu : (uint32_t)(l % 5);  /* 3, 4, 0xffff outside */
    default: return 0;
    }
}

static uint32_t addr_ms(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l % 4);
    case 1: return l == 31 ? 4u : (uint32_t)((l / 8) % 4);
    case 2: return (uint32_t)(l % 5);                      /* sample 4 is outside */
    default: return 0x12345678u;                           /* ignored for 2dms */
    }
}

static uint32_t addr_1d(int l, int c)
{
    switch (c) {
    case 0: return l == 31 ? 0x80000000u : (uint32_t)(l % 18);  /* 16, 17 outside */
    case 1: return 7;                                      /* ignored for 1D */
    case 2: return 9;                                      /* ignored for 1D */
    default: return (uint32_t)(l % 4);                     /* level 3 outside */
    }
}

static uint32_t addr_buf(int l, int c)
{
    return c == 0 ? (l == 31 ? 0xffffffffu : (uint32_t)(l % 10)) : 0x55555555u;
}

static uint32_t addr_f32(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l % 8);
    case 1: return (uint32_t)((l / 8) % 3);                /* row 2 outside */
    default: return 0;
    }
}

static uint32_t old_dest(int l, int c)
{
    return 0xd0000000u | (uint32_t)(c << 8) | (uint32_t)l;
}

int gen_d3d_directed(gen_ctx *g)
{
    json_object *v;

    /* Texture2D with a mip level from a register: 2D.LL, levels 0..3 and 4
     * (out of bounds), coordinates past the edge of each level. */
    v = d3d_vector(g, "t2d-mip", "texture2d ld with per-lane mip levels (2D.LL)",
                   B(H_2D));
    set_d3d(v, rreg(0, 0), addr_2d_mips);
    step(v, "ld r1.xyzw, r0.xyzw, t0.xyzw");
    step(v, "ld r2, r0, t0");

    /* Mip level known to be 0: 2D.LZ. */
    v = d3d_vector(g, "t2d-lz", "texture2d ld with mip level 0 (2D.LZ)",
                   B(H_2D));
    set_d3d(v, rreg(0, 0), addr_2d_lz);
    step(v, "ld r1, r0, t0");

    /* Offsets, both LOD forms; u = -1 at x = 0 wraps to a huge coordinate
     * and is out of bounds; w is ignored for 2D. */
    v = d3d_vector(g, "t2d-aoffi", "texture2d ld_aoffimmi: 2D.LZ.AOFFI and 2D.LL.AOFFI, "
                                   "negative offsets wrap out of bounds",
                   B(H_2D));
    set_d3d(v, rreg(0, 0), addr_2d_lz);
    set_d3d(v, rreg(1, 0), addr_2d_mips);
    step(v, "ld_aoffimmi(1,2,0) r2, r0, t0");
    step(v, "ld_aoffimmi(-1,-8,7) r3, r0, t0");
    step(v, "ld_aoffimmi(-2,1,-8) r4, r1, t0");
    step(v, "ld_aoffimmi(7,0,3) r5.xw, r1.xyzw, t0.wzyx");

    /* Source swizzles, destination masks, resource swizzles; every write
     * mask code is reached (RB and GB through a wider mask). */
    v = d3d_vector(g, "swizzle-mask", "srcAddress swizzle, srcResource swizzle and dest mask",
                   B(H_2D));
    set_d3d(v, rreg(0, 0), addr_2d_lz);
    set_d3d(v, rreg(5, 0), old_dest);
    {
        static const char *const s[] = {
            "ld r5.x, r0, t0",          "ld r5.y, r0, t0.y",       "ld r5.z, r0, t0.zzzz",
            "ld r5.w, r0, t0.w",        "ld r5.xy, r0, t0",        "ld r5.xw, r0, t0",
            "ld r5.yw, r0, t0",         "ld r5.zw, r0, t0",        "ld r5.xyz, r0, t0",
            "ld r5.xyw, r0, t0",        "ld r5.xzw, r0, t0",       "ld r5.yzw, r0, t0",
            "ld r5.xz, r0, t0",         "ld r5.yz, r0, t0",        "ld r6.xz, r0.yxzw, t0.wzyx",
            "ld r6.rgba, r0.xyww, t0.abgr", "ld r7.yw, r0.yxzw, t0.xxyy", "ld r8, r0, t0.x",
            "ld r9.zw, r0.xyzw, t0.yyxy",
        };
        for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
            step(v, s[i]);
    }

    /* Input registers v# as the address, and the same D3D register as
     * address and destination. */
    v = d3d_vector(g, "v-registers", "srcAddress from v# registers (R192 + 4N + c)",
                   B(H_2D));
    set_d3d(v, vreg(0, 0), addr_2d_lz);
    set_d3d(v, vreg(11, 0), addr_2d_mips);
    set_d3d(v, rreg(47, 0), addr_2d_mips);
    step(v, "ld r0, v0, t0");
    step(v, "ld r1.yz, v11.wzyx, t0.xyzw");
    step(v, "ld r47, r47, t0");

    /* Format defaults: R8 UNORM gives (r, 0, 0, 1) and, out of bounds,
     * (0, 0, 0, 1). */
    v = d3d_vector(g, "r8-defaults", "R8 UNORM: missing components 0,0,1; out of bounds "
                                     "0 in R, defaults in G, B, A",
                   B(H_R8));
    set_d3d(v, rreg(0, 0), addr_small);
    step(v, "ld r1, r0, t3");
    step(v, "ld r2.yw, r0, t3.wwxx");

    /* 32-bit floats bit for bit. */
    v = d3d_vector(g, "f32-bits", "R32 FLOAT: denormals, -0, Inf and NaN payloads unchanged",
                   B(H_F32));
    set_d3d(v, rreg(0, 0), addr_f32);
    step(v, "ld r1, r0, t7");
    step(v, "ld r2.x, r0, t7.x");

    /* Texture1D: .gb ignored, mip in .a (1D.LL), 1D.LZ when the level is
     * known to be 0, and offsets whose u is 0 (v, w ignored for 1D). */
    v = d3d_vector(g, "t1d", "texture1d ld: 1D.LL, 1D.LZ, v and w offsets ignored",
                   B(H_1D));
    set_d3d(v, rreg(0, 0), addr_1d);
    set_d3d(v, rreg(1, 0), addr_small);
    step(v, "ld r2, r0, t1");
    step(v, "ld r3, r1.xyzw, t1");
    step(v, "ld_aoffimmi(0,3,-2) r4.xy, r1, t1.xxxw");

    /* Buffers: .gba ignored (no mip level), x past the end reads zeros with
     * the integer default A = 1. */
    v = d3d_vector(g, "buffer", "buffer ld (1D.LZ on a buffer header)",
                   B(H_BUF));
    set_d3d(v, rreg(0, 0), addr_buf);
    step(v, "ld r1, r0, t2");
    step(v, "ld r2.xw, r0.x, t2");

    /* Texture3D with the level known to be 0 (3D.LZ); zero offsets are
     * accepted. */
    v = d3d_vector(g, "t3d", "texture3d ld with mip level 0 (3D.LZ)",
                   B(H_3D));
    set_d3d(v, rreg(0, 0), addr_small);
    step(v, "ld r1, r0, t4");
    step(v, "ld_aoffimmi(0,0,0) r2.x, r0.zyxw, t4");

    /* Texture2DArray: the array index in .b, out of bounds past the last
     * layer (3, 4, 0xffff); w offsets do not move the array index. */
    v = d3d_vector(g, "t2darray", "texture2darray ld (ARRAY_2D.LZ): array index bounds, "
                                   "array index not offset",
                   B(H_ARR));
    set_d3d(v, rreg(0, 0), addr_array);
    step(v, "ld r1, r0, t5");
    step(v, "ld_aoffimmi(0,0,5) r2, r0, t5");
    step(v, "ld r3.xy, r0.xyzw, t5.yxxx");

    /* Texture2DMS: the sample index in .b (4 is outside), .a ignored. */
    v = d3d_vector(g, "t2dms", "texture2dms ld (2D.LZ.MS), sample index from srcAddress.b",
                   B(H_MS));
    set_d3d(v, rreg(0, 0), addr_ms);
    step(v, "ld r1, r0, t6");
    step(v, "ld r2.x, r0.xyzz, t6");

    /* Unbound t#, and a bound t# whose handle is above the pool maximum:
     * zeros in every component, A included. */
    v = d3d_vector(g, "unbound", "unbound t# and a handle above tic.max return 0 everywhere",
                   0);
    set_d3d(v, rreg(0, 0), addr_2d_lz);
    step(v, "ld r1, r0, t8");
    step(v, "ld r2.xw, r0, t9.wzyx");

    /* Lanes off in ctm keep their destination: the result scratch is
     * seeded with the old destination values; a returned component that
     * two destination components take is moved to the second one in the
     * lanes of ctm only. */
    v = d3d_vector(g, "partial-ctm", "lanes off in ctm keep their destination registers",
                   B(H_2D));
    gen_set(v, "ctm", gen_hex32(0x0f0f33ccu));
    set_d3d(v, rreg(0, 0), addr_2d_mips);
    set_d3d(v, rreg(1, 0), old_dest);
    set_d3d(v, rreg(2, 0), old_dest);
    step(v, "ld r1, r0, t0");
    step(v, "ld r1.xz, r0, t0.yxwz");
    step(v, "ld r2.xyw, r0, t0.yyzy");

    /* A destination written by one ld and used as the address of the next:
     * the level is then unknown at read time, so the lowering uses 2D.LL. */
    v = d3d_vector(g, "chained", "an ld result used as the next ld's address",
                   B(H_BUF) | B(H_R8) | B(H_2D));
    set_d3d(v, rreg(0, 0), addr_array);
    step(v, "ld r1, r0, t2");
    step(v, "ld r2, r1.xxxy, t3");
    step(v, "ld r3.x, r0.xywz, t0");
    return 0;
}

/* ---------------------------------------------------------------------------
 * d3d-tld: the `ld` forms TLDS cannot express, lowered to TLD
 * (docs/d3d-ld.md 4.3).
 */

/* 3D coordinates 0..4 (4 outside) with the level .a = lane % 3 (levels 1
 * and 2 are past the single level of H_3D). */
static uint32_t addr_3d_mips(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l % 5);
    case 1: return (uint32_t)((l / 5) % 5);
    case 2: return (uint32_t)(l % 4);
    default: return (uint32_t)(l % 3) == 2 ? 0 : (uint32_t)(l % 3);
    }
}

/* 2D array coordinates with a level per lane and array indices of 2^16 and
 * above in some lanes (they saturate to 0xffff: out of bounds). */
static uint32_t addr_array_big(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l % 4);
    case 1: return (uint32_t)((l / 4) % 4);
    case 2: return l == 29 ? 0x10000u : l == 30 ? 0x10002u : l == 31 ? 0xffffffffu
                                                                      : (uint32_t)(l % 4);
    default: return (uint32_t)(l % 7 == 6);
    }
}

/* 1D array: x 0..17 (16, 17 outside), the index .g 0..3 (3 outside), the
 * level .a 0..2 (2 outside). */
static uint32_t addr_1darray(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l % 18);
    case 1: return l == 31 ? 0x20001u : (uint32_t)(l % 4);
    case 2: return 0xdeadbeefu;                            /* ignored */
    default: return (uint32_t)(l % 3);
    }
}

/* Multisample array: x, y, the index .b (2 outside), the sample .a (4
 * outside). */
static uint32_t addr_msarray(int l, int c)
{
    switch (c) {
    case 0: return (uint32_t)(l % 4);
    case 1: return l == 31 ? 4u : (uint32_t)((l / 8) % 4);
    case 2: return (uint32_t)(l % 3);
    default: return (uint32_t)(l % 5);
    }
}

int gen_d3d_tld(gen_ctx *g)
{
    json_object *v;

    /* Texture3D with a level from a register (3D.LL) and with offsets
     * (3D .AOFFI, both level forms: LL with offsets reads five source
     * registers, Rb at R248). */
    v = d3d_vector(g, "tld-t3d", "texture3d ld through TLD: .LL, .AOFFI on x, y and z",
                   B(H_3D));
    set_d3d(v, rreg(0, 0), addr_3d_mips);
    set_d3d(v, rreg(1, 0), addr_small);
    step(v, "ld r2, r0, t4");
    step(v, "ld_aoffimmi(1,-1,1) r3, r0, t4");
    step(v, "ld_aoffimmi(0,0,-1) r4.xz, r1, t4.xxxx");

    /* Texture2DArray: a level per lane, array indices of 2^16 and above
     * (out of bounds, not wrapped), offsets on u and v. */
    v = d3d_vector(g, "tld-t2darray", "texture2darray ld through TLD: .LL, indices of 2^16 and "
                                      "above, .AOFFI", B(H_ARR));
    set_d3d(v, rreg(0, 0), addr_array_big);
    set_d3d(v, rreg(1, 0), addr_array);
    step(v, "ld r2, r0, t5");
    step(v, "ld_aoffimmi(-1,1,3) r3.yw, r0, t5.xyxy");
    step(v, "ld_aoffimmi(1,0,0) r4, r1, t5");

    /* Texture1DArray and Texture2DMSArray, which TLDS has no form for, and
     * a texture2dms with offsets. */
    v = d3d_vector(g, "tld-arrays", "texture1darray and texture2dmsarray ld through TLD; "
                                    "texture2dms with offsets", B(H_1DARR) | B(H_MSARR) | B(H_MS));
    declare(v, 10, "texture1darray", SLOT(H_1DARR), 1);
    declare(v, 11, "texture2dmsarray", SLOT(H_MSARR), 1);
    gen_cbank(v, SLOT(H_1DARR) * 4, H_1DARR);
    gen_cbank(v, SLOT(H_MSARR) * 4, H_MSARR);
    set_d3d(v, rreg(0, 0), addr_1darray);
    set_d3d(v, rreg(1, 0), addr_msarray);
    set_d3d(v, rreg(2, 0), addr_ms);
    step(v, "ld r3, r0, t10");
    step(v, "ld_aoffimmi(-1,5,5) r4.xw, r0.xyzw, t10.wzyx");
    step(v, "ld r5, r1, t11");
    step(v, "ld_aoffimmi(1,-1,0) r6, r1, t11");
    step(v, "ld_aoffimmi(0,1,0) r7.x, r2, t6");

    /* Lanes off in ctm keep their destination through TLD as through TLDS. */
    v = d3d_vector(g, "tld-partial-ctm", "lanes off in ctm keep their destination (TLD)",
                   B(H_3D));
    gen_set(v, "ctm", gen_hex32(0x33cc0ff0u));
    set_d3d(v, rreg(0, 0), addr_3d_mips);
    set_d3d(v, rreg(1, 0), old_dest);
    step(v, "ld r1, r0, t4");
    step(v, "ld r1.yz, r0, t4.wxyz");
    return 0;
}
