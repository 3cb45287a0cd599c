/*
 * gen_random.c - the tlds-random suite: constrained-random TLDS vectors.
 *
 * Every instruction is a legal encoding (all 9 target codes, both write-mask
 * tables, F16 and F32, guards, .NODEP, .phase, scheduling fields); the
 * randomness is in the state around it: textures of every supported format,
 * data type mix, swizzle, sRGB bit, layout (pitch, block-linear with random
 * block sizes under both intra-GOB layouts, 1D buffers, colour-key headers),
 * mip views, arrays, 3D, multisample counts, sizes up to the largest the
 * header can hold, lane masks, predicates, and the memory timing of the RTL
 * side ("tb").
 *
 * Coordinates are biased toward corners: 0, size-1, size, 2^32-1, 2^31,
 * offsets that wrap below zero, levels past the view, samples and layers past
 * the end.  Only the texels that active lanes actually read are written to
 * memory, so a 65536 x 65536 texture costs a few hundred bytes; the
 * generator finds those texels with the model's own layout and address
 * functions.  Texel contents are biased toward NaN, +-0, denormals,
 * infinities and the F16 packing edges.  A few lanes read unwritten
 * (unmapped) or sparse pages, and a few instructions use a header index
 * above the pool's maximum or a header in unmapped memory.
 *
 * Determinism: every choice comes from gen_rand (splitmix64 seeded by
 * --seed) in a fixed order, so the same seed and count give the same file.
 * See docs/generation.md.
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "isa.h"
#include "stages.h"

#define RND_COUNT_DEFAULT 200
#define RND_MAX_STEPS 4
#define RND_MAX_TEX 2

/* Destination registers live in R0..R31 and source groups from R32 on, so
 * no step overwrites the operands of a later one. */
#define SRC_BASE 32

/* ---- small random helpers ------------------------------------------------ */

/* Uniform in [0, n), n >= 1 (the modulo bias is irrelevant here). */
static uint32_t rnd(gen_ctx *g, uint64_t n)
{
    return (uint32_t)(gen_rand(g) % n);
}

static int chance(gen_ctx *g, unsigned pct)
{
    return rnd(g, 100) < pct;
}

/* A texture extent in [1, max]: mostly small, sometimes a power of two,
 * sometimes the largest the field can hold. */
static uint64_t pick_extent(gen_ctx *g, uint64_t max)
{
    uint64_t n;
    uint32_t r = rnd(g, 100);
    if (r < 50)
        n = 1 + rnd(g, 16);
    else if (r < 75)
        n = 17 + rnd(g, 300);
    else if (r < 90)
        n = 1ull << rnd(g, 33);
    else
        n = max;
    return n > max ? max : n;
}

/* A coordinate for an axis of extent n.  In range: 0, n-1 or any value
 * below n.  Corner: the first value out of range and other edges. */
static uint32_t pick_coord(gen_ctx *g, uint32_t n, int corner)
{
    if (!corner) {
        uint32_t r = rnd(g, 100);
        return r < 20 ? 0 : r < 35 ? n - 1 : rnd(g, n);
    }
    switch (rnd(g, 8)) {
    case 0: return n;                        /* first out of bounds */
    case 1: return n + 1 + rnd(g, 4);
    case 2: return 0xffffffffu;              /* 2^32 - 1 */
    case 3: return 0x80000000u;
    case 4: return (uint32_t)gen_rand(g);
    case 5: return 0;
    case 6: return n - 1;
    default: return n * 2;
    }
}

/* ---- textures ------------------------------------------------------------ */

static const uint8_t formats[] = {
    TX_FMT_R32G32B32A32, TX_FMT_R16G16B16A16, TX_FMT_R32G32, TX_FMT_A8B8G8R8,
    TX_FMT_A2B10G10R10, TX_FMT_R16G16, TX_FMT_R32, TX_FMT_A4B4G4R4, TX_FMT_A1B5G5R5,
    TX_FMT_B5G6R5, TX_FMT_G8R8, TX_FMT_R16, TX_FMT_R8, TX_FMT_E5B9G9R9,
    TX_FMT_BF10GF11RF11, TX_FMT_Z24S8, TX_FMT_ZF32, TX_FMT_Z16,
};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

/* COMPONENTS codes texcosim does not decode (the header reads as zeros). */
static const uint8_t bad_formats[] = {0x00, 0x02, 0x05, 0x1e, 0x7f};

/* One texture of a vector and where its handle is. */
typedef struct rtex {
    tx_tic tic;
    tx_layout L;
    int usable;       /* tx_layout_build accepted the header */
    uint32_t index;   /* header index in the pool */
    uint32_t tsidx;   /* constant-bank word holding its handle */
} rtex;

/* A 48-bit address aligned to align (a power of two), usually low in the
 * space, now and then close to its top. */
static uint64_t pick_address(gen_ctx *g, uint64_t align)
{
    uint64_t a;
    uint32_t r = rnd(g, 100);
    if (r < 70)
        a = 0x1000000ull + (gen_rand(g) & 0xffffffffull) * 16;
    else if (r < 95)
        a = gen_rand(g) & 0x7fffffffffffull;
    else
        a = 0xffffffff0000ull + rnd(g, 0x8000);
    return a & ~(align - 1) & TX_ADDR_MASK;
}

static void random_texture(gen_ctx *g, rtex *t, enum tx_gob_layout gob)
{
    static const uint8_t bl_types[] = {
        TX_TEX_1D, TX_TEX_2D, TX_TEX_2D, TX_TEX_2D, TX_TEX_3D, TX_TEX_3D, TX_TEX_1D_ARRAY,
        TX_TEX_2D_ARRAY, TX_TEX_2D_ARRAY, TX_TEX_2D_NO_MIPMAP};
    static const uint8_t pitch_types[] = {
        TX_TEX_2D, TX_TEX_2D, TX_TEX_2D, TX_TEX_2D_NO_MIPMAP, TX_TEX_1D, TX_TEX_2D_ARRAY};
    tx_tic *h = &t->tic;
    memset(h, 0, sizeof(*h));

    uint32_t r = rnd(g, 100);
    h->version = r < 55 ? TX_TIC_BLOCKLINEAR : r < 80 ? TX_TIC_PITCH : r < 91 ? TX_TIC_1D_BUFFER
               : r < 96 ? TX_TIC_BLOCKLINEAR_COLORKEY : TX_TIC_PITCH_COLORKEY;
    int bl = h->version == TX_TIC_BLOCKLINEAR || h->version == TX_TIC_BLOCKLINEAR_COLORKEY;
    int pitch = h->version == TX_TIC_PITCH || h->version == TX_TIC_PITCH_COLORKEY;
    if (bl)
        h->texture_type = chance(g, 4) ? (chance(g, 50) ? TX_TEX_CUBEMAP : TX_TEX_CUBEMAP_ARRAY)
                                       : bl_types[rnd(g, sizeof(bl_types))];
    else if (pitch)
        h->texture_type = pitch_types[rnd(g, sizeof(pitch_types))];
    else
        h->texture_type = chance(g, 92) ? TX_TEX_1D_BUFFER : TX_TEX_1D;

    /* Format, data types, swizzle, sRGB. */
    h->components = chance(g, 5) ? bad_formats[rnd(g, sizeof(bad_formats))]
                                 : formats[rnd(g, NFORMATS)];
    r = rnd(g, 100);
    for (int c = 0; c < 4; c++) {
        if (r < 75)
            h->dtype[c] = c == 0 ? (uint8_t)(1 + rnd(g, 7)) : h->dtype[0];
        else if (r < 95)
            h->dtype[c] = (uint8_t)(1 + rnd(g, 7));
        else
            h->dtype[c] = (uint8_t)rnd(g, 8);     /* 0: undefined type */
    }
    if (chance(g, 45)) {
        h->swz[0] = TX_SWZ_R, h->swz[1] = TX_SWZ_G, h->swz[2] = TX_SWZ_B, h->swz[3] = TX_SWZ_A;
    } else {
        static const uint8_t src[] = {0, 2, 3, 4, 5, 6, 7};
        for (int c = 0; c < 4; c++)
            h->swz[c] = chance(g, 3) ? 1 : src[rnd(g, sizeof(src))];
    }
    h->srgb = chance(g, 20);

    /* Extents: width for every type, height for 2D-like and 3D, depth for
     * 3D (slices) and arrays (layers). */
    int is1d = h->texture_type == TX_TEX_1D || h->texture_type == TX_TEX_1D_ARRAY ||
               h->texture_type == TX_TEX_1D_BUFFER;
    uint64_t w = pick_extent(g, h->version == TX_TIC_1D_BUFFER ? 0xffffffffull : 65536);
    uint64_t ht = is1d ? 1 : pick_extent(g, 65536);
    uint64_t d = 1;
    if (h->texture_type == TX_TEX_3D || h->texture_type == TX_TEX_1D_ARRAY ||
        h->texture_type == TX_TEX_2D_ARRAY)
        d = pick_extent(g, 16384);
    if (h->texture_type == TX_TEX_CUBEMAP_ARRAY)
        d = 1 + rnd(g, 8);
    h->width_minus_one = (uint32_t)(w - 1);
    h->height_minus_one = (uint16_t)(ht - 1);
    h->depth_minus_one = (uint16_t)(d - 1);

    /* Multisample: only 2D textures, and only .MS reads use the samples. */
    if (!is1d && h->texture_type != TX_TEX_3D && h->version != TX_TIC_1D_BUFFER &&
        chance(g, 35)) {
        /* One sample count at a time (1X1 .. 4X4), then any of its codes. */
        static const uint8_t by_count[5][4] = {
            {0, 7, 12, 15}, {1, 5, 1, 5}, {2, 8, 9, 2}, {3, 4, 10, 11}, {6, 6, 6, 6}};
        h->multi_sample_count = by_count[rnd(g, 5)][rnd(g, 4)];
    }

    /* Mip view (pitch and buffer layouts ignore it). */
    if (h->version != TX_TIC_1D_BUFFER) {
        h->max_mip_level = chance(g, 35) ? 0 : (uint8_t)rnd(g, 16);
        h->res_view_min_mip_level = chance(g, 70) ? 0 : (uint8_t)rnd(g, h->max_mip_level + 2u);
        if (h->res_view_min_mip_level > 15)
            h->res_view_min_mip_level = 15;
        h->res_view_max_mip_level = chance(g, 65) ? h->max_mip_level : (uint8_t)rnd(g, 16);
    }

    int bpp = tx_fmt_bytes(h->components);
    if (bl) {
        h->address = pick_address(g, 512);
        h->gobs_per_block_height = (uint8_t)rnd(g, 8);
        h->gobs_per_block_depth = (uint8_t)rnd(g, 8);
        h->tile_width_in_gobs = chance(g, 80) ? 0 : (uint8_t)rnd(g, 3);
    } else if (pitch) {
        h->address = pick_address(g, 32);
        uint64_t row = (uint64_t)w * 4 * (uint64_t)(bpp ? bpp : 4);   /* room for a 4-wide grid */
        uint64_t p = ((row + 31) & ~31ull) + 32ull * rnd(g, 3);
        if (chance(g, 10))
            p = 32ull * rnd(g, 8);                 /* a pitch narrower than the row */
        h->pitch = (uint32_t)(p >= (1u << 21) ? (1u << 21) - 32 : p);
    } else {
        /* Any byte address: a texel may span two 16-byte memory slots. */
        h->address = pick_address(g, chance(g, 50) ? 1 : 16);
    }
    t->usable = tx_layout_build(h, gob, &t->L) == 0;
}

/* The header as the "fields" object of the vector format. */
static json_object *tic_json(const tx_tic *h)
{
    json_object *f = json_object_new_object();
    int bl = h->version == TX_TIC_BLOCKLINEAR || h->version == TX_TIC_BLOCKLINEAR_COLORKEY;
    int pitch = h->version == TX_TIC_PITCH || h->version == TX_TIC_PITCH_COLORKEY;
    const char *fmt = tx_fmt_name(h->components);

    gen_set(f, "version", json_object_new_string(tx_version_name(h->version)));
    gen_set(f, "type", json_object_new_string(tx_textype_name(h->texture_type)));
    if (fmt)
        gen_set(f, "format", json_object_new_string(fmt));
    else
        gen_set(f, "components", json_object_new_int(h->components));
    json_object *dt = json_object_new_array(), *sw = json_object_new_array();
    for (int c = 0; c < 4; c++) {
        const char *n = tx_dtype_name(h->dtype[c]);
        json_object_array_add(dt, n ? json_object_new_string(n) : json_object_new_int(h->dtype[c]));
        n = tx_swz_name(h->swz[c]);
        json_object_array_add(sw, n ? json_object_new_string(n) : json_object_new_int(h->swz[c]));
    }
    gen_set(f, "dtype", dt);
    gen_set(f, "swizzle", sw);
    if (h->srgb)
        gen_set(f, "srgb", json_object_new_int(1));
    gen_set(f, "address", gen_hex64(h->address));
    gen_set(f, "width", json_object_new_int64((int64_t)h->width_minus_one + 1));
    if (h->height_minus_one)
        gen_set(f, "height", json_object_new_int(h->height_minus_one + 1));
    if (h->depth_minus_one)
        gen_set(f, "depth", json_object_new_int(h->depth_minus_one + 1));
    if (pitch)
        gen_set(f, "pitch", json_object_new_int((int32_t)h->pitch));
    if (bl) {
        gen_set(f, "gobs_per_block_height", json_object_new_int(h->gobs_per_block_height));
        gen_set(f, "gobs_per_block_depth", json_object_new_int(h->gobs_per_block_depth));
        if (h->tile_width_in_gobs)
            gen_set(f, "tile_width_in_gobs", json_object_new_int(h->tile_width_in_gobs));
    }
    if (h->max_mip_level)
        gen_set(f, "max_mip_level", json_object_new_int(h->max_mip_level));
    if (h->res_view_min_mip_level)
        gen_set(f, "res_view_min_mip_level", json_object_new_int(h->res_view_min_mip_level));
    if (h->res_view_max_mip_level)
        gen_set(f, "res_view_max_mip_level", json_object_new_int(h->res_view_max_mip_level));
    if (h->multi_sample_count)
        gen_set(f, "multi_sample_count", json_object_new_int(h->multi_sample_count));
    return f;
}

/* ---- texel contents ------------------------------------------------------ */

/* binary32 patterns that stress format decode and F16 packing: zeros,
 * denormals, Inf, NaNs (quiet, signalling, with payload), 1.0, the largest
 * half, the RNE overflow threshold, half-subnormal ties and limits. */
static const uint32_t f32_special[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x7f800000, 0xff800000, 0x7fc00000,
    0x7f800001, 0xffffffff, 0x3f800000, 0xbf800000, 0x477fe000, 0x477ff000, 0x477fefff,
    0x33000000, 0x33000001, 0x33400000, 0x38800000, 0x387fc000, 0x7f7fffff};
/* binary16 patterns: zeros, subnormals, largest, Inf, NaNs, 1.0. */
static const uint16_t f16_special[] = {
    0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe01,
    0x3c00, 0xffff};

static void random_texel(gen_ctx *g, uint8_t comp_fmt, uint8_t *b, int bpp)
{
    uint32_t r = rnd(g, 100);
    if (r < 10) {
        memset(b, 0, (size_t)bpp);
        return;
    }
    if (r < 20) {
        memset(b, 0xff, (size_t)bpp);
        return;
    }
    int w32 = comp_fmt == TX_FMT_R32G32B32A32 || comp_fmt == TX_FMT_R32G32 ||
              comp_fmt == TX_FMT_R32 || comp_fmt == TX_FMT_ZF32;
    int w16 = comp_fmt == TX_FMT_R16G16B16A16 || comp_fmt == TX_FMT_R16G16 ||
              comp_fmt == TX_FMT_R16 || comp_fmt == TX_FMT_Z16;
    for (int i = 0; i < bpp; i++)
        b[i] = (uint8_t)gen_rand(g);
    if (r < 55)
        return;                                    /* plain random bits */
    if (w32) {
        for (int i = 0; i + 4 <= bpp; i += 4) {
            uint32_t v = f32_special[rnd(g, sizeof(f32_special) / 4)];
            for (int k = 0; k < 4; k++)
                b[i + k] = (uint8_t)(v >> (8 * k));
        }
    } else if (w16) {
        for (int i = 0; i + 2 <= bpp; i += 2) {
            uint16_t v = f16_special[rnd(g, sizeof(f16_special) / 2)];
            b[i] = (uint8_t)v, b[i + 1] = (uint8_t)(v >> 8);
        }
    } else {
        static const uint8_t edge[] = {0x00, 0xff, 0x80, 0x7f, 0x01, 0xfe};
        for (int i = 0; i < bpp; i++)
            if (chance(g, 50))
                b[i] = edge[rnd(g, sizeof(edge))];
    }
}

/* ---- instructions -------------------------------------------------------- */

static const char *const wm_rz[] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
static const char *const wm_pair[] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};
static const uint8_t targets[] = {0, 1, 2, 4, 5, 6, 7, 8, 12};

/* The target codes whose coordinate description fits a texture type. */
static uint8_t pick_target(gen_ctx *g, uint8_t type)
{
    static const uint8_t t1d[] = {0, 1}, t2d[] = {2, 4, 5, 6, 8, 12, 2, 5}, t3d[] = {7};
    if (chance(g, 8))
        return targets[rnd(g, sizeof(targets))];   /* possibly a type mismatch */
    switch (type) {
    case TX_TEX_1D: case TX_TEX_1D_ARRAY: case TX_TEX_1D_BUFFER:
        return t1d[rnd(g, sizeof(t1d))];
    case TX_TEX_2D: case TX_TEX_2D_ARRAY: case TX_TEX_2D_NO_MIPMAP:
        return t2d[rnd(g, sizeof(t2d))];
    case TX_TEX_3D:
        return t3d[0];
    default:
        return targets[rnd(g, sizeof(targets))];
    }
}

static const char *target_text(uint8_t t)
{
    switch (t) {
    case 0: return ".LZ|1D";
    case 1: return ".LL|1D";
    case 2: return ".LZ|2D";
    case 4: return ".LZ.AOFFI|2D";
    case 5: return ".LL|2D";
    case 6: return ".LZ.MS|2D";
    case 7: return ".LZ|3D";
    case 8: return ".LZ|ARRAY_2D";
    default: return ".LL.AOFFI|2D";
    }
}

static void reg_name(char *b, size_t n, int r)
{
    if (r == TX_RZ)
        snprintf(b, n, "RZ");
    else
        snprintf(b, n, "R%d", r);
}

/* Per-vector generation state. */
typedef struct rvec {
    tx_state *s;             /* scratch registers (the vector's initial values) */
    uint8_t reg_set[256];    /* registers given an initial value */
    int used_r254;           /* R254 already holds a source of some step */
    rtex tex[RND_MAX_TEX];
    int ntex;
    uint32_t tsidx_invalid;  /* handle word naming a header above tic max */
    uint32_t tsidx_fault;    /* handle word naming a header in unmapped memory */
    int have_fault_handle;
    json_object *sparse;     /* page addresses to turn sparse at the end */
    int tld;                 /* tld-random: TLD steps instead of TLDS */
} rvec;

static void set_reg(rvec *rv, int lane, int reg, uint32_t val)
{
    if (reg >= TX_RZ)
        return;                 /* past R254: the group element reads RZ */
    rv->s->r[lane][reg] = val;
    rv->reg_set[reg] = 1;
}

/* Write the texel of every active lane that reads one (the model's own
 * gather, lod and address functions say where), so that in-bounds lanes see
 * chosen data.  A few lanes are left unmapped (fault) on purpose. */
static void write_texels(gen_ctx *g, json_object *v, rvec *rv, const rtex *t,
                         const tx_insn *in, uint32_t active)
{
    const uint8_t target = in->u.tlds.target;
    const int ll = target == 1 || target == 5 || target == 12;
    const int aoffi = target == 4 || target == 12;
    uint8_t texel[16];

    for (int lane = 0; lane < TX_LANES; lane++) {
        if (!(active >> lane & 1))
            continue;
        uint32_t gv[4], level;
        uint64_t addr;
        tx_tlds_args a;
        tx_gather_tlds(rv->s, in, lane, gv);
        tx_tlds_unpack_args(target, gv, &a);
        if (tx_lod_tlds(t->L.first_level, t->L.last_level, ll, a.lod, &level))
            continue;
        if (aoffi) {
            a.x += (((a.aoffi & 0xfu) ^ 8u) - 8u);
            a.y += ((((a.aoffi >> 4) & 0xfu) ^ 8u) - 8u);
        }
        if (tx_addr_texel(&t->L, level, a.x, a.y, a.z, a.layer, a.sample, &addr))
            continue;
        random_texel(g, t->tic.components, texel, (int)t->L.bpp);
        if (chance(g, 3) || addr + t->L.bpp > TX_ADDR_MASK + 1)
            continue;           /* unmapped: the read faults */
        gen_memory(v, addr, texel, t->L.bpp);
        if (chance(g, 2))
            json_object_array_add(rv->sparse, json_object_new_int64((int64_t)(addr & ~0xfffull)));
    }
}

/* Coordinates of every lane for one step, in the registers of its form. */
static void lane_operands(gen_ctx *g, rvec *rv, const rtex *t, uint8_t target, int ra, int rb)
{
    const tx_layout *L = &t->L;
    for (int lane = 0; lane < TX_LANES; lane++) {
        int corner = chance(g, 35);
        /* Level first: the extents of the others depend on it. */
        uint32_t span = L->last_level >= L->first_level ? L->last_level - L->first_level : 0;
        uint32_t lod, r = rnd(g, 100);
        lod = r < 45 ? rnd(g, span + 1) : r < 65 ? 0 : r < 80 ? span + 1
            : r < 88 ? 0xffffffffu : r < 94 ? rnd(g, 16) : (uint32_t)gen_rand(g);
        uint32_t level = L->first_level + ((target == 1 || target == 5 || target == 12) ? lod : 0);
        const tx_level *lv = &L->lv[level < TX_MAX_LEVELS ? level : L->first_level];
        uint32_t w = t->usable && lv->w ? lv->w : 16, h = t->usable && lv->h ? lv->h : 16;
        uint32_t d = t->usable && lv->d ? lv->d : 4;
        uint32_t layers = t->usable && L->layers ? L->layers : 4;
        uint32_t samples = t->usable && L->samples ? L->samples : 4;

        uint32_t x = pick_coord(g, w, corner && chance(g, 50));
        uint32_t y = pick_coord(g, h, corner && chance(g, 50));
        uint32_t z = pick_coord(g, d, corner && chance(g, 50));
        uint32_t layer = pick_coord(g, layers, corner && chance(g, 50)) & 0xffffu;
        uint32_t sample = pick_coord(g, samples, corner && chance(g, 50));
        uint32_t aoff = rnd(g, 256);
        if (chance(g, 30))
            aoff |= (uint32_t)gen_rand(g) & 0xffffff00u;    /* unused upper bits */
        if ((x == 0 || y == 0) && chance(g, 50))
            aoff |= 0x88u;                                  /* negative: wraps */
        if (target == TX_TLDS_A2D_LZ && chance(g, 40))
            layer |= (uint32_t)gen_rand(g) & 0xffff0000u;   /* only Ra[15:0] counts */

        switch (target) {
        case 0: set_reg(rv, lane, ra, x); break;
        case 1: set_reg(rv, lane, ra, x); set_reg(rv, lane, rb, lod); break;
        case 2: set_reg(rv, lane, ra, x); set_reg(rv, lane, rb, y); break;
        case 4: set_reg(rv, lane, ra, x); set_reg(rv, lane, ra + 1, y);
                set_reg(rv, lane, rb, aoff); break;
        case 5: set_reg(rv, lane, ra, x); set_reg(rv, lane, ra + 1, y);
                set_reg(rv, lane, rb, lod); break;
        case 6: set_reg(rv, lane, ra, x); set_reg(rv, lane, ra + 1, y);
                set_reg(rv, lane, rb, sample); break;
        case 7: set_reg(rv, lane, ra, x); set_reg(rv, lane, ra + 1, y);
                set_reg(rv, lane, rb, z); break;
        case 8: set_reg(rv, lane, ra, layer); set_reg(rv, lane, rb, x);
                set_reg(rv, lane, rb + 1, y); break;
        default: set_reg(rv, lane, ra, x); set_reg(rv, lane, ra + 1, y);
                 set_reg(rv, lane, rb, lod); set_reg(rv, lane, rb + 1, aoff); break;
        }
    }
}

/* One random legal TLDS step.  Returns -1 if the text did not assemble (a
 * bug of this generator). */
static int random_step(gen_ctx *g, json_object *v, rvec *rv, int step, uint32_t ctm,
                       uint32_t ktm, const uint32_t preds[7], const char *id)
{
    int ti = (int)rnd(g, (uint64_t)rv->ntex);
    const rtex *t = &rv->tex[ti];
    uint8_t target = pick_target(g, t->tic.texture_type);
    int f16 = chance(g, 40);
    int ra_n, rb_n;
    int vec_ra = (target & 4) != 0, vec_rb = (target & 8) != 0;
    ra_n = vec_ra ? 2 : 1;
    rb_n = target == 0 ? 0 : vec_rb ? 2 : 1;

    /* Sources: a fresh block per step; scalar groups may start odd; one step
     * of the vector may put a group at R254 so its second element is RZ. */
    int base = SRC_BASE + 8 * step;
    int ra = base + (ra_n == 1 && chance(g, 30) ? 1 : 0);
    int rb = rb_n == 0 ? TX_RZ : base + 4 + (rb_n == 1 && chance(g, 30) ? 1 : 0);
    if (!rv->used_r254 && chance(g, 6)) {
        rv->used_r254 = 1;
        if (rb_n && chance(g, 50))
            rb = 254;
        else
            ra = 254;
    }

    /* Destinations. */
    int pair_table = chance(g, 50);
    int code = pair_table ? (int)rnd(g, 5) : (int)rnd(g, 8);
    int ncomp = pair_table ? (code == 4 ? 4 : 3) : (code >= 4 ? 2 : 1);
    int rd0_pair = !f16 && ncomp >= 2, rd1_pair = !f16 && ncomp == 4;
    int rd0 = chance(g, 6) ? TX_RZ : (int)(rnd(g, 8) * 2);
    if (rd0 != TX_RZ && !rd0_pair && chance(g, 30))
        rd0 += 1;
    int rd1 = TX_RZ;
    if (pair_table) {
        rd1 = 16 + (int)(rnd(g, 8) * 2);
        if (!rd1_pair && chance(g, 30))
            rd1 += 1;
        if (chance(g, 3))
            rd1 = rd1_pair ? 254 : rd0 == TX_RZ ? 3 : rd0;   /* overlapping or past R254 */
    }

    /* Guard, handle, modifiers. */
    char guard[8] = "";
    uint32_t r = rnd(g, 100), ipm = 0xffffffffu;
    int gp = (int)rnd(g, 7);
    if (r < 20)
        snprintf(guard, sizeof(guard), "@P%d ", gp), ipm = preds[gp];
    else if (r < 35)
        snprintf(guard, sizeof(guard), "@!P%d ", gp), ipm = ~preds[gp];
    else if (r < 40)
        snprintf(guard, sizeof(guard), "@!PT "), ipm = 0;
    else if (r < 45)
        snprintf(guard, sizeof(guard), "@PT ");
    uint32_t tsidx = t->tsidx;
    int handle_ok = 1;
    r = rnd(g, 100);
    if (r < 6)
        tsidx = rv->tsidx_invalid, handle_ok = 0;
    else if (r < 10 && rv->have_fault_handle)
        tsidx = rv->tsidx_fault, handle_ok = 0;
    int nodep = chance(g, 35);
    r = rnd(g, 100);
    const char *phase = r < 60 ? "" : r < 80 ? ".T" : ".P";

    char sched[64] = "";
    if (chance(g, 12)) {
        size_t n = 0;
        unsigned req = rnd(g, 64);
        if (req) {
            n += (size_t)snprintf(sched + n, sizeof(sched) - n, " &req={");
            for (int b = 0, first = 1; b < 6; b++)
                if (req >> b & 1) {
                    n += (size_t)snprintf(sched + n, sizeof(sched) - n, "%s%d", first ? "" : ",", b);
                    first = 0;
                }
            n += (size_t)snprintf(sched + n, sizeof(sched) - n, "}");
        }
        if (chance(g, 50))
            n += (size_t)snprintf(sched + n, sizeof(sched) - n, " &rd=%u", rnd(g, 8));
        if (chance(g, 50))
            n += (size_t)snprintf(sched + n, sizeof(sched) - n, " &wr=%u", rnd(g, 8));
        if (chance(g, 50))
            snprintf(sched + n, sizeof(sched) - n, " ?S%u%s", rnd(g, 16), chance(g, 50) ? "Y" : "");
    }

    char sra[8], srb[8], srd0[8], srd1[8], text[256], mods[32];
    const char *tt = target_text(target);
    const char *bar = strchr(tt, '|');
    snprintf(mods, sizeof(mods), "%.*s", (int)(bar - tt), tt);
    reg_name(sra, sizeof(sra), ra);
    reg_name(srb, sizeof(srb), rb);
    reg_name(srd0, sizeof(srd0), rd0);
    reg_name(srd1, sizeof(srd1), rd1);
    const char *mask = pair_table ? wm_pair[code] : wm_rz[code];
    int show_mask = !(pair_table && code == 4 && chance(g, 30));  /* RGBA is the default */
    int show_rb = rb_n > 0 || chance(g, 50);
    snprintf(text, sizeof(text), "%sTLDS%s%s%s%s %s, %s, %s%s%s, 0x%x, %s%s%s%s;", guard,
             f16 ? ".F16" : "", mods, nodep ? ".NODEP" : "", phase, srd1, srd0, sra,
             show_rb ? ", " : "", show_rb ? srb : "", tsidx, bar + 1, show_mask ? ", " : "",
             show_mask ? mask : "", sched);

    uint64_t word;
    uint32_t ctrl;
    tx_asm_err e;
    if (tx_asm(text, &word, &ctrl, &e) < 0) {
        fprintf(stderr, "texcosim gen: tlds-random: vector %s: '%s' does not assemble: "
                        "column %d: %s\n", id, text, e.col, e.msg);
        return -1;
    }
    tx_insn in;
    tx_decode(word, ctrl, &in);
    if (in.illegal) {
        fprintf(stderr, "texcosim gen: tlds-random: vector %s: '%s' is illegal: %s\n", id,
                text, in.why);
        return -1;
    }
    gen_step(v, text);

    lane_operands(g, rv, t, target, ra, rb);
    uint32_t active = ipm & ctm & (nodep ? ~ktm : 0xffffffffu);
    if (handle_ok && t->usable && tx_header_tlds_compatible(target, t->tic.texture_type))
        write_texels(g, v, rv, t, &in, active);
    return 0;
}

/* ---- TLD ------------------------------------------------------------------ */

/* A TLD dim whose family fits the texture type (now and then any). */
static uint8_t pick_tld_dim(gen_ctx *g, uint8_t type)
{
    static const uint8_t any[] = {TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_3D};
    if (chance(g, 8))
        return any[rnd(g, sizeof(any))];
    switch (type) {
    case TX_TEX_1D: case TX_TEX_1D_ARRAY: case TX_TEX_1D_BUFFER:
        return chance(g, 50) ? TX_DIM_1D : TX_DIM_A1D;
    case TX_TEX_2D: case TX_TEX_2D_ARRAY: case TX_TEX_2D_NO_MIPMAP:
        return chance(g, 50) ? TX_DIM_2D : TX_DIM_A2D;
    case TX_TEX_3D:
        return TX_DIM_3D;
    default:
        return any[rnd(g, sizeof(any))];
    }
}

/* Write the texel of every active lane that reads one (the model's own TLD
 * gather, lod and address functions say where). */
static void write_texels_tld(gen_ctx *g, json_object *v, rvec *rv, const rtex *t,
                             const tx_insn *in, uint32_t active)
{
    tx_tex_slots sl;
    uint8_t texel[16];

    tx_tld_slots_of(in, &sl);
    for (int lane = 0; lane < TX_LANES; lane++) {
        if (!(active >> lane & 1))
            continue;
        uint32_t gv[8], level;
        uint64_t addr;
        tx_tlds_args a;
        tx_gather_tex(rv->s, in, &sl, lane, gv);
        tx_tld_unpack_args(in, &sl, gv, &a);
        if (tx_lod_tlds(t->L.first_level, t->L.last_level, in->u.tld.ll, a.lod, &level))
            continue;
        if (in->u.tld.aoffi) {
            unsigned axes = (in->u.tld.dim >> 1) + 1u;
            a.x += (((a.aoffi & 0xfu) ^ 8u) - 8u);
            if (axes > 1)
                a.y += ((((a.aoffi >> 4) & 0xfu) ^ 8u) - 8u);
            if (axes > 2)
                a.z += ((((a.aoffi >> 8) & 0xfu) ^ 8u) - 8u);
        }
        if (tx_addr_texel(&t->L, level, a.x, a.y, a.z, a.layer, a.sample, &addr))
            continue;
        random_texel(g, t->tic.components, texel, (int)t->L.bpp);
        if (chance(g, 3) || addr + t->L.bpp > TX_ADDR_MASK + 1)
            continue;           /* unmapped: the read faults */
        gen_memory(v, addr, texel, t->L.bpp);
        if (chance(g, 2))
            json_object_array_add(rv->sparse, json_object_new_int64((int64_t)(addr & ~0xfffull)));
    }
}

/* One random legal TLD step (every dim but the cubes, .LZ/.LL, .AOFFI, .MS,
 * .CL, .B, Ps, write masks, guards, .NODEP, .phase).  Returns -1 if the text
 * did not assemble (a bug of this generator). */
static int random_tld_step(gen_ctx *g, json_object *v, rvec *rv, int step, uint32_t ctm,
                           uint32_t ktm, const uint32_t preds[7], const char *id)
{
    static const char *const dim_name[] = {"1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D"};
    int ti = (int)rnd(g, (uint64_t)rv->ntex);
    const rtex *t = &rv->tex[ti];
    uint8_t dim = pick_tld_dim(g, t->tic.texture_type);
    int b = chance(g, 25), ll = chance(g, 50), aoffi = chance(g, 35), cl = chance(g, 10);
    int ms = (dim == TX_DIM_2D || dim == TX_DIM_A2D) && chance(g, 25);
    int ncoord = (dim >> 1) + 1;
    int ra_n = (dim & 1) + ncoord, rb_n = b + ll + aoffi + ms;
    int base = SRC_BASE + 8 * step;
    int ra = base, rb = rb_n ? base + 4 : TX_RZ;
    if (ra_n == 1 && chance(g, 30))
        ra += 1 + (int)rnd(g, 3);
    if (rb_n == 1 && chance(g, 30))
        rb += 1 + (int)rnd(g, 3);

    /* Destinations: aligned to the number of written components. */
    unsigned wmask = chance(g, 4) ? 0 : 1 + rnd(g, 15);
    int nc = (int)((wmask & 1) + (wmask >> 1 & 1) + (wmask >> 2 & 1) + (wmask >> 3 & 1));
    int rd = nc <= 1 ? (int)rnd(g, 32) : nc == 2 ? (int)rnd(g, 16) * 2 : (int)rnd(g, 8) * 4;
    if (chance(g, 4))
        rd = TX_RZ;

    char guard[8] = "";
    uint32_t r = rnd(g, 100), ipm = 0xffffffffu;
    int gp = (int)rnd(g, 7);
    if (r < 20)
        snprintf(guard, sizeof(guard), "@P%d ", gp), ipm = preds[gp];
    else if (r < 35)
        snprintf(guard, sizeof(guard), "@!P%d ", gp), ipm = ~preds[gp];
    else if (r < 38)
        snprintf(guard, sizeof(guard), "@!PT "), ipm = 0;
    int ps = chance(g, 30) ? (int)rnd(g, 7) : (int)TX_PT;
    char sps[8] = "";
    if (ps != (int)TX_PT)
        snprintf(sps, sizeof(sps), "P%d, ", ps);
    uint32_t tsidx = t->tsidx;
    int handle_ok = 1;
    r = rnd(g, 100);
    if (r < 6)
        tsidx = rv->tsidx_invalid, handle_ok = 0;
    else if (r < 10 && rv->have_fault_handle)
        tsidx = rv->tsidx_fault, handle_ok = 0;
    int nodep = chance(g, 35);
    r = rnd(g, 100);
    const char *phase = r < 60 ? "" : r < 80 ? ".T" : ".P";

    char sra[8], srb[8], srd[8], text[256];
    reg_name(sra, sizeof(sra), ra);
    reg_name(srb, sizeof(srb), rb);
    reg_name(srd, sizeof(srd), rd);
    snprintf(text, sizeof(text), "%sTLD%s%s%s%s%s%s%s %s%s, %s%s%s, 0x%x, %s, 0x%x;", guard,
             b ? ".B" : "", ll ? ".LL" : ".LZ", aoffi ? ".AOFFI" : "", ms ? ".MS" : "",
             cl ? ".CL" : "", nodep ? ".NODEP" : "", phase, sps, srd, sra,
             rb_n ? ", " : "", rb_n ? srb : "", b ? 0 : tsidx, dim_name[dim], wmask);

    uint64_t word;
    uint32_t ctrl;
    tx_asm_err e;
    if (tx_asm(text, &word, &ctrl, &e) < 0) {
        fprintf(stderr, "texcosim gen: tld-random: vector %s: '%s' does not assemble: "
                        "column %d: %s\n", id, text, e.col, e.msg);
        return -1;
    }
    tx_insn in;
    tx_decode(word, ctrl, &in);
    gen_step(v, text);

    /* Operands of every lane: [array] coords | [handle] [lod] [offsets]
     * [sample], biased toward the edges as for TLDS. */
    const tx_layout *L = &t->L;
    uint32_t span = L->last_level >= L->first_level ? L->last_level - L->first_level : 0;
    uint32_t cb = chance(g, 40) ? (uint32_t)gen_rand(g) & 0xfff00000u : 0;
    uint32_t handle = handle_ok ? (cb | t->index) : (cb | 0xffffu);
    for (int lane = 0; lane < TX_LANES; lane++) {
        int corner = chance(g, 35);
        uint32_t lod = 0, q = rnd(g, 100);
        if (ll)
            lod = q < 50 ? rnd(g, span + 1) : q < 65 ? 0 : q < 80 ? span + 1
                : q < 90 ? 0xffffffffu : (uint32_t)gen_rand(g);
        uint32_t level = L->first_level + lod;
        const tx_level *lv = &L->lv[level < TX_MAX_LEVELS ? level : L->first_level];
        uint32_t w = t->usable && lv->w ? lv->w : 16, h = t->usable && lv->h ? lv->h : 16;
        uint32_t d = t->usable && lv->d ? lv->d : 4;
        uint32_t layers = t->usable && L->layers ? L->layers : 4;
        uint32_t samples = t->usable && L->samples ? L->samples : 4;
        uint32_t c[3] = {pick_coord(g, w, corner && chance(g, 50)),
                         pick_coord(g, h, corner && chance(g, 50)),
                         pick_coord(g, d, corner && chance(g, 50))};
        uint32_t layer = pick_coord(g, layers, corner && chance(g, 50)) & 0xffffu;
        if (chance(g, 30))
            layer |= (uint32_t)gen_rand(g) & 0xffff0000u;   /* only [15:0] counts */
        uint32_t aoff = rnd(g, 4096);
        if (chance(g, 30))
            aoff |= (uint32_t)gen_rand(g) & 0xfffff000u;
        int k = 0, j = 0;
        if (dim & 1)
            set_reg(rv, lane, ra + k++, layer);
        for (int i = 0; i < ncoord; i++)
            set_reg(rv, lane, ra + k++, c[i]);
        if (b)
            set_reg(rv, lane, rb + j++, handle);
        if (ll)
            set_reg(rv, lane, rb + j++, lod);
        if (aoffi)
            set_reg(rv, lane, rb + j++, aoff);
        if (ms)
            set_reg(rv, lane, rb + j++, pick_coord(g, samples, corner && chance(g, 50)));
    }
    uint32_t active = ipm & ctm & (nodep ? ~ktm : 0xffffffffu);
    if (handle_ok && t->usable && tx_header_tld_compatible(dim, t->tic.texture_type))
        write_texels_tld(g, v, rv, t, &in, active);
    return 0;
}

static int random_vector(gen_ctx *g, int n, int tld)
{
    char id[32], desc[160];
    rvec rv;
    memset(&rv, 0, sizeof(rv));
    rv.s = tx_state_new();
    if (!rv.s) {
        fprintf(stderr, "texcosim gen: out of memory\n");
        return -1;
    }
    rv.sparse = json_object_new_array();
    rv.tld = tld;
    snprintf(id, sizeof(id), tld ? "tld-rnd-%05d" : "rnd-%05d", n);

    /* Warp state knobs. */
    enum tx_gob_layout gob = chance(g, 50) ? TX_GOB_DESKTOP : TX_GOB_TEGRA;
    uint32_t r = rnd(g, 100);
    uint32_t ctm = r < 70 ? 0xffffffffu : r < 88 ? (uint32_t)gen_rand(g)
                 : r < 95 ? 1u << rnd(g, 32) : 0;
    uint32_t ktm = chance(g, 50) ? 0 : (uint32_t)gen_rand(g);
    uint32_t preds[7];
    for (int p = 0; p < 7; p++)
        preds[p] = chance(g, 15) ? (chance(g, 50) ? 0 : 0xffffffffu) : (uint32_t)gen_rand(g);

    /* Textures and the header pool.  Headers sit at indices 0..15; the pool
     * maximum is usually larger, so a handle naming index tic_max reads a
     * header from an unwritten page (fault) and tic_max + k is invalid. */
    rv.ntex = 1 + (int)rnd(g, RND_MAX_TEX);
    uint64_t tic_base = 0x10000ull + 32ull * rnd(g, 0x10000);
    uint32_t tic_max = chance(g, 30) ? 15 + rnd(g, 16) : 0x400 + rnd(g, 0xfe000);
    uint32_t used_idx = 0;
    for (int i = 0; i < rv.ntex; i++) {
        random_texture(g, &rv.tex[i], gob);
        do
            rv.tex[i].index = rnd(g, 16);
        while (used_idx >> rv.tex[i].index & 1);
        used_idx |= 1u << rv.tex[i].index;
        rv.tex[i].tsidx = (uint32_t)(i * 0x400 + rnd(g, 0x400));
    }
    rv.tsidx_invalid = 0x1c00 + rnd(g, 0x200);
    rv.tsidx_fault = 0x1e00 + rnd(g, 0x200);
    rv.have_fault_handle = tic_max >= 0x400;

    snprintf(desc, sizeof(desc), "random %s: %d texture(s), first %s %s %s %ux%ux%u",
             tld ? "TLD" : "TLDS",
             rv.ntex, tx_version_name(rv.tex[0].tic.version),
             tx_textype_name(rv.tex[0].tic.texture_type),
             tx_fmt_name(rv.tex[0].tic.components) ? tx_fmt_name(rv.tex[0].tic.components)
                                                   : "unsupported-format",
             rv.tex[0].tic.width_minus_one + 1u, rv.tex[0].tic.height_minus_one + 1u,
             rv.tex[0].tic.depth_minus_one + 1u);
    json_object *v = gen_vector(g, id, desc);

    json_object *tic = json_object_new_object();
    gen_set(tic, "base", gen_hex64(tic_base));
    gen_set(tic, "max", json_object_new_int((int32_t)tic_max));
    gen_set(v, "tic", tic);
    gen_set(v, "ctm", gen_hex32(ctm));
    if (ktm)
        gen_set(v, "ktm", gen_hex32(ktm));
    if (chance(g, 50))
        gen_set(v, "pixel", json_object_new_boolean(0));
    if (chance(g, 50))
        gen_set(v, "fp16_round", json_object_new_string("rz"));
    if (gob == TX_GOB_DESKTOP)
        gen_set(v, "gob_layout", json_object_new_string("desktop"));
    gen_set(v, "hash", json_object_new_int((int32_t)rnd(g, 256)));

    /* Memory timing of the RTL side: never changes a result. */
    json_object *tb = json_object_new_object();
    gen_set(tb, "mem_latency", json_object_new_int(1 + (int32_t)(chance(g, 50) ? 0 : rnd(g, 40))));
    gen_set(tb, "mem_jitter", json_object_new_int((int32_t)(chance(g, 50) ? 0 : rnd(g, 12))));
    gen_set(tb, "backpressure", json_object_new_int((int32_t)(chance(g, 50) ? 0 : rnd(g, 70))));
    gen_set(tb, "seed", json_object_new_int64((int64_t)(gen_rand(g) >> 1)));
    gen_set(v, "tb", tb);

    int nsteps = 1 + (int)rnd(g, RND_MAX_STEPS);
    int rc = 0;
    for (int i = 0; i < nsteps && rc == 0; i++)
        rc = tld ? random_tld_step(g, v, &rv, i, ctm, ktm, preds, id)
                 : random_step(g, v, &rv, i, ctm, ktm, preds, id);

    /* Registers, predicates, handles and headers (members in a fixed order). */
    for (int reg = 0; reg < TX_RZ; reg++)
        if (rv.reg_set[reg]) {
            uint32_t vals[TX_LANES];
            for (int l = 0; l < TX_LANES; l++)
                vals[l] = rv.s->r[l][reg];
            gen_reg(v, reg, vals);
        }
    for (int p = 0; p < 7; p++)
        gen_pred(v, p, preds[p]);
    for (int i = 0; i < rv.ntex; i++) {
        /* Handle: header index in [19:0]; the upper bits carry noise the
         * instruction must ignore (S3.9). */
        uint32_t hi = chance(g, 40) ? (uint32_t)gen_rand(g) & 0xfff00000u : 0;
        gen_cbank(v, 4 * rv.tex[i].tsidx, hi | rv.tex[i].index);
        gen_header(v, (int)rv.tex[i].index, tic_json(&rv.tex[i].tic));
    }
    uint32_t hi = chance(g, 40) ? (uint32_t)gen_rand(g) & 0xfff00000u : 0;
    gen_cbank(v, 4 * rv.tsidx_invalid, hi | (tic_max + 1 + rnd(g, 0xfffffu - tic_max)));
    if (rv.have_fault_handle)
        gen_cbank(v, 4 * rv.tsidx_fault, tic_max);

    /* Sparse pages last, so they override the texel writes on them. */
    json_object *mem;
    size_t nsp = json_object_array_length(rv.sparse);
    if (nsp && json_object_object_get_ex(v, "mem", &mem))
        for (size_t i = 0; i < nsp; i++) {
            json_object *m = json_object_new_object();
            gen_set(m, "addr", gen_hex64((uint64_t)json_object_get_int64(
                                   json_object_array_get_idx(rv.sparse, i))));
            gen_set(m, "size", json_object_new_int(TX_PAGE_SIZE));
            gen_set(m, "kind", json_object_new_string("sparse"));
            json_object_array_add(mem, m);
        }
    json_object_put(rv.sparse);
    tx_state_free(rv.s);
    return rc;
}

/* Weak only while tb/gen/gen_tlds.c still holds a placeholder of the same name:
 * the linker then keeps the placeholder; once it is gone this definition is
 * the only one and the attribute has no effect. */
int gen_tlds_random(gen_ctx *g)
{
    int count = gen_count(g, RND_COUNT_DEFAULT);
    for (int n = 0; n < count; n++)
        if (random_vector(g, n, 0) < 0 || gen_flush(g) < 0)   /* streamed: one vector at a time */
            return -1;
    return 0;
}

/* tld-random: the same vectors around TLD steps (docs/semantics.md S9). */
int gen_tld_random(gen_ctx *g)
{
    int count = gen_count(g, RND_COUNT_DEFAULT);
    for (int n = 0; n < count; n++)
        if (random_vector(g, n, 1) < 0 || gen_flush(g) < 0)
            return -1;
    return 0;
}
