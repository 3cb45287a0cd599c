/*
 * gen_suld.c - SULD suites (docs/semantics.md section 6):
 *
 *   suld-directed  every dim x .D size x .BA x clamp and every .P mask, each
 *                  with coordinates inside, on and past both edges; .P x every
 *                  format TLDS reads; handles, invalid and disabled surfaces,
 *                  faults, sparse pages, lane masks and illegal encodings
 *   suld-random    constrained-random surfaces and SULD forms (--seed, --count)
 *   suld-seed      the seed's two examples
 *
 * The expectations come from the model (gen.c); these functions only build
 * states and instructions.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "gen.h"
#include "layout.h"
#include "tic.h"

#define S_TIC_BASE 0x10000ull
#define S_TIC_MAX 63
#define S_SURF_BASE 0x100000ull
#define S_SAMPLER_BITS 0x5a500000u   /* sampler half of a handle: ignored */

/* Registers: coordinates in R4.. (mixed) and R16.. (all in bounds), results
 * in R8.., the bindless handle in R12. */
enum { R_XY = 4, R_DST = 8, R_RC = 12, R_IN = 16 };

static const char *const dim_names[6] = { "1D", "1D_BUFFER", "1D_ARRAY", "2D", "2D_ARRAY", "3D" };
static const char *const size_names[7] = { "U8", "S8", "U16", "S16", "32", "64", "128" };
static const int size_bytes[7] = { 1, 1, 2, 2, 4, 8, 16 };
static const char *const clamp_names[3] = { "IGN", "NEAR", "TRAP" };
static const char *const cop_names[6] = { "CA", "CG", "CS", "LU", "CV", "CI" };
static const char *const rgba_names[3] = { "R", "RG", "RGBA" };

static const uint8_t all_formats[] = {
    TX_FMT_R32G32B32A32, TX_FMT_R16G16B16A16, TX_FMT_R32G32, TX_FMT_A8B8G8R8,
    TX_FMT_A2B10G10R10, TX_FMT_R16G16, TX_FMT_R32, TX_FMT_A4B4G4R4, TX_FMT_A1B5G5R5,
    TX_FMT_B5G6R5, TX_FMT_G8R8, TX_FMT_R16, TX_FMT_R8, TX_FMT_E5B9G9R9,
    TX_FMT_BF10GF11RF11, TX_FMT_Z24S8, TX_FMT_ZF32, TX_FMT_Z16,
};
#define NFORMATS (sizeof all_formats / sizeof all_formats[0])

/* ---- vectors, memory and headers ---------------------------------------- */

typedef struct sworld {
    json_object *v;
    uint64_t next;   /* where the next surface goes */
} sworld;

static uint32_t mix32(uint64_t a)
{
    a ^= a >> 33;
    a *= 0xff51afd7ed558ccdull;
    a ^= a >> 33;
    a *= 0xc4ceb9fe1a85ec53ull;
    a ^= a >> 33;
    return (uint32_t)a;
}

static void fill(json_object *v, uint64_t addr, uint64_t n)
{
    uint8_t *b = malloc(n ? n : 1);
    if (!b) {
        fprintf(stderr, "texcosim gen: out of memory\n");
        exit(2);
    }
    for (uint64_t i = 0; i < n; i++)
        b[i] = (uint8_t)mix32((addr + i) * 0x9e3779b97f4a7c15ull + 0x51u);
    gen_memory(v, addr, b, (size_t)n);
    free(b);
}

static void mem_kind(json_object *v, uint64_t addr, uint64_t size, const char *kind)
{
    json_object *m, *r = json_object_new_object();
    if (!json_object_object_get_ex(v, "mem", &m)) {
        m = json_object_new_array();
        gen_set(v, "mem", m);
    }
    gen_set(r, "addr", gen_hex64(addr));
    gen_set(r, "size", json_object_new_int64((int64_t)size));
    gen_set(r, "kind", json_object_new_string(kind));
    json_object_array_add(m, r);
}

static json_object *tic_json(const tx_tic *t)
{
    json_object *f = json_object_new_object();
    json_object *dt = json_object_new_array(), *sw = json_object_new_array();
    const char *n = tx_fmt_name(t->components);

    if (n)
        gen_set(f, "format", json_object_new_string(n));
    else
        gen_set(f, "components", json_object_new_int(t->components));
    for (int i = 0; i < 4; i++) {
        json_object_array_add(dt, json_object_new_int(t->dtype[i]));
        json_object_array_add(sw, json_object_new_int(t->swz[i]));
    }
    gen_set(f, "dtype", dt);
    gen_set(f, "swizzle", sw);
    gen_set(f, "version", json_object_new_int(t->version));
    gen_set(f, "texture_type", json_object_new_int(t->texture_type));
    gen_set(f, "address", gen_hex64(t->address));
    if (t->version == TX_TIC_PITCH)
        gen_set(f, "pitch", json_object_new_int((int32_t)t->pitch));
    gen_set(f, "width", json_object_new_int64((int64_t)t->width_minus_one + 1));
    if (t->height_minus_one)
        gen_set(f, "height", json_object_new_int(t->height_minus_one + 1));
    if (t->depth_minus_one)
        gen_set(f, "depth", json_object_new_int(t->depth_minus_one + 1));
    if (t->gobs_per_block_height)
        gen_set(f, "gobs_per_block_height", json_object_new_int(t->gobs_per_block_height));
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
    if (version == TX_TIC_PITCH) {
        uint32_t row = w * (uint32_t)tx_fmt_bytes(fmt);
        t.pitch = (row + 31u + 32u) & ~31u;   /* a spare 32 bytes per row */
    }
    return t;
}

static void put_header(sworld *w, int index, const tx_tic *t)
{
    gen_header(w->v, index, tic_json(t));
    gen_cbank(w->v, (uint32_t)index * 4u, (uint32_t)index | S_SAMPLER_BITS);
}

/* Place a surface, fill its bytes, write its header.  Buffers get an address
 * that is not 16-byte aligned so elements cross memory slots. */
static uint64_t add_surf(sworld *w, int index, tx_tic *t)
{
    uint64_t span = gen_tic_span(t);
    t->address = w->next;
    if (t->version == TX_TIC_1D_BUFFER)
        t->address += (uint64_t)(4 + index * 4 % 12);
    fill(w->v, t->address, span);
    put_header(w, index, t);
    w->next = (t->address + span + 0x1fffu) & ~0xfffull;   /* an unmapped page between */
    return t->address;
}

static sworld world_new(gen_ctx *g, const char *id, const char *desc)
{
    sworld w = { gen_vector(g, id, desc), S_SURF_BASE };
    json_object *tic = json_object_new_object();
    gen_set(tic, "base", gen_hex64(S_TIC_BASE));
    gen_set(tic, "max", json_object_new_int(S_TIC_MAX));
    gen_set(w.v, "tic", tic);
    return w;
}

/* ---- surfaces per dim ----------------------------------------------------- */

/* The surface a dim reads in the directed suite: small, with every axis
 * short enough that the lanes reach both edges. */
static tx_tic dim_surface(int dim, uint8_t fmt)
{
    switch (dim) {
    case 0:  return tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_1D, fmt, 8, 1, 1);
    case 1:  return tic_new(TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, fmt, 12, 1, 1);
    case 2:  return tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_1D_ARRAY, fmt, 8, 1, 3);
    case 3:  return tic_new(TX_TIC_PITCH, TX_TEX_2D, fmt, 8, 4, 1);
    case 4:  return tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D_ARRAY, fmt, 4, 4, 3);
    default: return tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_3D, fmt, 4, 4, 3);
    }
}

/* Extents of the surface as SULD's axes see them: elements in a row, then
 * height, depth and layers. */
struct extent {
    uint32_t n, h, d, layers;
};

static struct extent extent_of(const tx_tic *t, int d_mode, int size)
{
    struct extent e = { 1, 1, 1, 1 };
    tx_layout L;
    if (tx_layout_build(t, TX_GOB_TEGRA, &L) < 0)
        return e;
    uint64_t row = (uint64_t)L.lv[0].w * L.bpp;
    e.n = d_mode ? (uint32_t)(row / (uint64_t)size_bytes[size]) : L.lv[0].w;
    e.h = L.lv[0].h;
    e.d = L.lv[0].d;
    e.layers = L.layers;
    return e;
}

/* Lane coordinates for a dim: mixed (inside, on both edges, past both
 * edges, S32 extremes) or all inside.  x is in elements, or in bytes for
 * .BA (odd lanes one byte off the alignment when the size allows). */
static void coords(json_object *v, int base_reg, int dim, struct extent e, int ba_bytes,
                   int inside, uint32_t salt)
{
    uint32_t x[32], y[32], z[32], a[32];
    for (int l = 0; l < 32; l++) {
        uint32_t r = mix32((uint64_t)salt << 8 | (uint64_t)l);
        int64_t ex, ey, ez, el;
        if (inside) {
            ex = e.n ? r % e.n : 0;
            ey = (r >> 8) % e.h;
            ez = (r >> 16) % e.d;
            el = (r >> 24) % e.layers;
        } else {
            ex = (int64_t)(l % ((int)e.n + 3)) - 1;
            ey = (int64_t)((l / 3) % ((int)e.h + 2)) - 1;
            ez = (int64_t)((l / 5) % ((int)e.d + 2)) - 1;
            el = (int64_t)((l / 2) % ((int)e.layers + 2));
        }
        if (ba_bytes) {
            ex = ex * ba_bytes;
            if (ba_bytes > 1 && (l & 1))
                ex += 1 + (int64_t)(r % (uint32_t)(ba_bytes - 1));
        }
        x[l] = (uint32_t)ex;
        y[l] = (uint32_t)ey;
        z[l] = (uint32_t)ez;
        a[l] = (uint32_t)el | (inside ? 0u : (r & 0xffff0000u));   /* only 16 LSBs count */
    }
    if (!inside) {
        x[30] = 0x7fffffffu;
        x[31] = 0x80000000u;
        y[29] = 0x80000001u;
    }
    gen_reg(v, base_reg, x);
    switch (dim) {
    case 2:
        gen_reg(v, base_reg + 1, a);
        break;
    case 3:
        gen_reg(v, base_reg + 1, y);
        break;
    case 4:
        gen_reg(v, base_reg + 1, y);
        gen_reg(v, base_reg + 2, a);
        break;
    case 5:
        gen_reg(v, base_reg + 1, y);
        gen_reg(v, base_reg + 2, z);
        break;
    default:
        break;
    }
}

/* The handle operand: a bound index or Rc, which holds the handle in the
 * lowest active lane and an invalid one elsewhere (S6.9). */
static void handle_operand(json_object *v, int bindless, int index, char *op, size_t n)
{
    if (!bindless) {
        snprintf(op, n, "0x%x", index);
        return;
    }
    uint32_t h[32];
    for (int l = 0; l < 32; l++)
        h[l] = (l == 0 ? (uint32_t)index : 0xfffffu) | S_SAMPLER_BITS;
    gen_reg(v, R_RC, h);
    snprintf(op, n, "R%d", R_RC);
}

/* ---- suld-directed --------------------------------------------------------- */

/* One form on one dim: IGN, NEAR and TRAP on mixed coordinates, and TRAP on
 * coordinates that are all inside. */
static void directed_form(gen_ctx *g, int dim, int d_mode, int size, int ba, int rgba, int k)
{
    char id[96], mods[64], op[16], ps[8] = "";
    sworld w;
    tx_tic t = dim_surface(dim, TX_FMT_A8B8G8R8);
    int bindless = k % 3 == 1;
    const char *cop = (k % 4 == 0) ? "" : cop_names[k % 6];

    if (d_mode)
        snprintf(mods, sizeof mods, "D%s.%s%s%s.%s", ba ? ".BA" : "", dim_names[dim],
                 *cop ? "." : "", cop, size_names[size]);
    else
        snprintf(mods, sizeof mods, "P.%s%s%s.%s", dim_names[dim], *cop ? "." : "", cop,
                 rgba_names[rgba]);
    snprintf(id, sizeof id, "suld.%s", mods);
    w = world_new(g, id, "SULD form on IGN, NEAR, TRAP (mixed coordinates) and TRAP (inside)");
    add_surf(&w, 3, &t);
    struct extent e = extent_of(&t, d_mode, size);
    coords(w.v, R_XY, dim, e, d_mode && ba ? size_bytes[size] : 0, 0, (uint32_t)k * 7u + 1u);
    coords(w.v, R_IN, dim, e, d_mode && ba ? size_bytes[size] : 0, 1, (uint32_t)k * 7u + 2u);
    handle_operand(w.v, bindless, 3, op, sizeof op);
    if (k % 5 == 2) {
        snprintf(ps, sizeof ps, "P%d, ", k % 7);
        gen_pred(w.v, k % 7, 0xa5a5a5a5u);
    }
    for (int c = 0; c < 3; c++)
        gen_stepf(w.v, "SULD.%s.%s %sR%d, [R%d], %s", mods, clamp_names[c], ps, R_DST, R_XY, op);
    gen_stepf(w.v, "SULD.%s.TRAP %sR%d, [R%d], %s", mods, ps, R_DST, R_IN, op);
}

/* .P through every format TLDS reads, with a few data types. */
static void directed_formats(gen_ctx *g)
{
    static const struct { const char *what; uint8_t dt[4]; uint8_t srgb; } dts[] = {
        { "unorm", { 2, 2, 2, 2 }, 0 }, { "sint", { 3, 3, 3, 3 }, 0 },
        { "float", { 7, 7, 7, 7 }, 0 }, { "srgb", { 2, 2, 2, 2 }, 1 },
    };
    char id[96];
    for (size_t f = 0; f < NFORMATS; f++)
        for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++) {
            tx_tic t = tic_new(TX_TIC_PITCH, TX_TEX_2D, all_formats[f], 8, 4, 1);
            memcpy(t.dtype, dts[d].dt, 4);
            t.srgb = dts[d].srgb;
            if (d == 1) {   /* a swizzle, which the shared format stage applies */
                t.swz[0] = TX_SWZ_A;
                t.swz[1] = TX_SWZ_ONE_INT;
                t.swz[3] = TX_SWZ_R;
            }
            snprintf(id, sizeof id, "suld.P.formats.%s.%s", tx_fmt_name(all_formats[f]),
                     dts[d].what);
            sworld w = world_new(g, id, ".P through the format stage shared with TLDS");
            add_surf(&w, 5, &t);
            struct extent e = extent_of(&t, 0, 0);
            coords(w.v, R_XY, 3, e, 0, 0, (uint32_t)(f * 4 + d));
            coords(w.v, R_IN, 3, e, 0, 1, (uint32_t)(f * 4 + d) + 100u);
            gen_stepf(w.v, "SULD.P.2D.IGN R%d, [R%d], 0x5", R_DST, R_XY);
            gen_stepf(w.v, "SULD.P.2D.RG R%d, [R%d], 0x5", R_DST, R_XY);
            gen_stepf(w.v, "SULD.P.2D.R.TRAP R%d, [R%d], 0x5", R_DST, R_IN);
        }
}

/* Surfaces that return zeros, faults, sparse pages, the no-lane cases. */
static void directed_special(gen_ctx *g)
{
    sworld w;
    tx_tic t;

    /* Header index above tic_max, a disabled (all-zero) header, an unknown
     * format, and every dim on a surface type it does not fit. */
    w = world_new(g, "suld.invalid", "invalid, disabled, incompatible and multisample "
                                      "surfaces read 0 and never trap (S6.6-S6.8)");
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 4, 1);
    uint64_t a = add_surf(&w, 1, &t);
    gen_cbank(w.v, 0x40, 64 | S_SAMPLER_BITS);           /* index 64 > max 63 */
    gen_cbank(w.v, 0x44, 0xfffffu);
    memset(&t, 0, sizeof t);
    put_header(&w, 2, &t);                                /* all zero: disabled */
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, 0x7f, 8, 4, 1);  /* unknown format */
    t.address = a;
    put_header(&w, 4, &t);
    t = tic_new(TX_TIC_PITCH, TX_TEX_3D, TX_FMT_A8B8G8R8, 8, 4, 1);
    t.address = a;
    put_header(&w, 5, &t);
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 4, 2, 1);
    t.address = a;
    t.multi_sample_count = 2;                             /* 2x2 */
    put_header(&w, 6, &t);
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 4, 1);
    t.address = a;
    t.texture_type = TX_TEX_CUBEMAP;                      /* faces are layers: allowed */
    put_header(&w, 7, &t);
    uint32_t x[32], y[32], z[32];
    for (int l = 0; l < 32; l++) {
        x[l] = (uint32_t)l % 9;
        y[l] = (uint32_t)l / 9;
        z[l] = 0;
    }
    gen_reg(w.v, 4, x);
    gen_reg(w.v, 5, y);
    gen_reg(w.v, 6, z);
    gen_stepf(w.v, "SULD.D.2D.TRAP R8, [R4], 0x10");          /* handle index 64 */
    gen_stepf(w.v, "SULD.D.2D.TRAP R8, [R4], 0x11");
    gen_stepf(w.v, "SULD.P.2D.TRAP R8, [R4], 0x2");
    gen_stepf(w.v, "SULD.P.2D.TRAP R8, [R4], 0x4");
    gen_stepf(w.v, "SULD.D.2D.TRAP R8, [R4], 0x5");
    gen_stepf(w.v, "SULD.D.2D.TRAP R8, [R4], 0x6");
    gen_stepf(w.v, "SULD.D.2D.IGN R8, [R4], 0x7");
    gen_stepf(w.v, "SULD.D.2D_ARRAY.IGN R8, [R4], 0x7");
    for (int d = 0; d < 6; d++)
        gen_stepf(w.v, "SULD.D.%s.IGN R8, [R4], 0x1", dim_names[d]);

    /* Faults: a header in an unmapped page, a surface partly unmapped. */
    w = world_new(g, "suld.faults", "unmapped header and texels: zeros and FAULT (S6.6)");
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 4, 1);
    t.pitch = 4096;
    t.address = w.next;
    fill(w.v, t.address, 32);                  /* row 0 mapped, rows 1-3 unmapped */
    put_header(&w, 1, &t);
    gen_reg(w.v, 4, x);
    gen_reg(w.v, 5, y);
    gen_stepf(w.v, "SULD.D.2D.IGN R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.P.2D.IGN R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.D.2D.TRAP R8, [R4], 0x1");

    /* No header written at all: the pool's page is unmapped. */
    w = world_new(g, "suld.header-fault", "a header in an unmapped page: zeros and FAULT");
    gen_cbank(w.v, 0x4, 1);
    gen_reg(w.v, 4, x);
    gen_reg(w.v, 5, y);
    gen_stepf(w.v, "SULD.D.2D.IGN R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.P.2D.TRAP R8, [R4], 0x1");

    /* Sparse pages and Ps; a buffer whose .128 elements straddle a mapped
     * and a sparse page, and 16-byte slots. */
    w = world_new(g, "suld.sparse", "Ps on sparse pages, zeros, no fault (S6.10)");
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 4, 1);
    t.pitch = 4096;
    t.address = w.next;
    fill(w.v, t.address, 32);                                /* row 0 */
    mem_kind(w.v, t.address + 4096, 4096, "mapped");         /* row 1 */
    mem_kind(w.v, t.address + 8192, 4096, "sparse");         /* row 2; row 3 unmapped */
    put_header(&w, 1, &t);
    t = tic_new(TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, TX_FMT_A8B8G8R8, 16, 1, 1);
    t.address = w.next + 0x10000 - 36;
    fill(w.v, t.address, 36);
    mem_kind(w.v, w.next + 0x10000, 4096, "sparse");
    put_header(&w, 2, &t);
    gen_reg(w.v, 4, x);
    gen_reg(w.v, 5, y);
    for (int l = 0; l < 32; l++)
        z[l] = (uint32_t)l * 3u;
    gen_reg(w.v, 6, z);
    gen_pred(w.v, 3, 0x0f0f0f0fu);
    gen_stepf(w.v, "SULD.D.2D.IGN P3, R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.P.2D.RG P0, R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.D.2D.128 P6, R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.D.BA.1D_BUFFER.128.IGN P2, R8, [R6], 0x2");
    gen_stepf(w.v, "SULD.D.BA.1D_BUFFER.32.IGN P2, R8, [R6], 0x2");
    gen_stepf(w.v, "SULD.D.1D_BUFFER.U16 P2, R8, [R6], 0x2");

    /* A buffer of more than 2^31 texels: its x is unsigned outside .NEAR
     * (S6.3), so texels at 2^31 and above are inside; only the page they
     * lie in is mapped.  The lanes' x run from 2^31 - 8 (unmapped: FAULT
     * under IGN and TRAP) across 2^31 to the last texel and one past it. */
    w = world_new(g, "suld.buffer-2g", "a 1D_BUFFER wider than 2^31 texels: x is unsigned");
    t = tic_new(TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, TX_FMT_R8, 0x80000100u, 1, 1);
    t.address = w.next;
    fill(w.v, t.address + 0x80000000ull, 0x100);
    put_header(&w, 1, &t);
    for (int l = 0; l < 32; l++)
        z[l] = l == 0 ? 0x7ffffff8u : l == 31 ? 0x80000100u : 0x80000000u + (uint32_t)l * 8u;
    gen_reg(w.v, 6, z);
    gen_stepf(w.v, "SULD.D.1D_BUFFER.U8.IGN R8, [R6], 0x1");
    gen_stepf(w.v, "SULD.D.1D_BUFFER.U8.TRAP R8, [R6], 0x1");
    gen_stepf(w.v, "SULD.P.1D_BUFFER.R.NEAR R8, [R6], 0x1");
    for (int l = 0; l < 32; l++)
        z[l] = 0x80000000u + (uint32_t)l * 8u;
    gen_reg(w.v, 7, z);
    gen_stepf(w.v, "SULD.D.1D_BUFFER.U8.TRAP R8, [R7], 0x1");

    /* Lane masks: guard predicates, CTM, killed threads (SULD has no
     * .NODEP: they still load), no active lane. */
    w = world_new(g, "suld.lanes", "guards, CTM, KTM and no active lane (S6.12)");
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 4, 1);
    add_surf(&w, 1, &t);
    gen_set(w.v, "ctm", gen_hex32(0xfff0ff00u));
    gen_set(w.v, "ktm", gen_hex32(0x0000ffffu));
    gen_pred(w.v, 1, 0x3c3c3c3cu);
    gen_reg(w.v, 4, x);
    gen_reg(w.v, 5, y);
    uint32_t h[32];
    for (int l = 0; l < 32; l++)
        h[l] = (l == 8 ? 1u : 0x3fu) | S_SAMPLER_BITS;    /* lane 8: lowest active */
    gen_reg(w.v, 12, h);
    gen_stepf(w.v, "@P1 SULD.D.2D.IGN R8, [R4], 0x1");
    gen_stepf(w.v, "@!P1 SULD.D.2D.TRAP R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.D.2D.64 R8, [R4], R12");
    gen_stepf(w.v, "SULD.D.2D.128 R252, [R4], R12");          /* R252..R254; the 4th is RZ */
    gen_stepf(w.v, "@P2 SULD.D.2D.TRAP R8, [R4], 0x1");      /* P2 = 0: no lane */
    gen_stepf(w.v, "@!PT SULD.D.2D R8, [R4], 0x1");

    /* Block-linear with the desktop GOB layout and taller blocks. */
    w = world_new(g, "suld.blocklinear", "block-linear 2D, desktop GOBs, 16-row blocks");
    gen_set(w.v, "gob_layout", json_object_new_string("desktop"));
    t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R32G32, 24, 20, 1);
    t.gobs_per_block_height = 1;
    add_surf(&w, 1, &t);
    struct extent e = extent_of(&t, 1, 4);
    coords(w.v, 4, 3, e, 0, 0, 77);
    coords(w.v, 16, 3, e, 4, 1, 78);
    gen_stepf(w.v, "SULD.D.2D.IGN R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.D.2D.128 R8, [R4], 0x1");
    gen_stepf(w.v, "SULD.D.BA.2D.IGN R8, [R16], 0x1");
    gen_stepf(w.v, "SULD.P.2D.RGBA R8, [R4], 0x1");

    /* Illegal encodings: nothing written, hash unchanged. */
    w = world_new(g, "suld.illegal", "illegal SULD encodings write nothing (S6.1)");
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 8, 4, 1);
    add_surf(&w, 1, &t);
    gen_set(w.v, "hash", json_object_new_int(0x2b));
    gen_stepf(w.v, "SULD.D.2D R8, [RZ], 0x1");
    gen_stepf(w.v, "SULD.D.2D R8, [R4], RZ");
    gen_stepf(w.v, "SULD.D.2D R8, [R5], 0x1");
    gen_stepf(w.v, "SULD.D.3D R8, [R6], 0x1");
    gen_stepf(w.v, "SULD.D.2D.64 R9, [R4], 0x1");
    gen_stepf(w.v, "SULD.D.2D.128 R10, [R4], 0x1");
    gen_stepf(w.v, "SULD.P.2D.RG R9, [R4], 0x1");
    gen_stepf(w.v, "SULD.P.2D.RGBA R6, [R4], 0x1");
    /* Reserved codes have no text: the words of SULD.D.2D.IGN R8, [R4],
     * 0x1 (0xeb18001600470408) and SULD.P.2D R8, [R4], 0x1 with one field
     * changed. */
    gen_step_word(w.v, 0xeb1e001600470408ull, 0x7e0);    /* clamp 3 */
    gen_step_word(w.v, 0xeb18001c00470408ull, 0x7e0);    /* dim 6 */
    gen_step_word(w.v, 0xeb18001600770408ull, 0x7e0);    /* .D size 7 */
    gen_step_word(w.v, 0xeb0a001600e70408ull, 0x7e0);    /* .P mask GBA */
    gen_step_word(w.v, 0xeb1a00260c470408ull, 0x7e0);    /* reserved bits [29:26] */
    gen_step_word(w.v, 0xeb12037600470408ull, 0x7e0);    /* Rc form, index bits set */
    gen_step_word(w.v, 0xeb1a002600470408ull, 0x207e0);  /* .phase */
    gen_stepf(w.v, "SULD.D.2D RZ, [R4], 0x1");               /* legal: writes nothing */
}

int gen_suld_directed(gen_ctx *g)
{
    int k = 0;
    for (int dim = 0; dim < 6; dim++) {
        for (int size = 0; size < 7; size++)
            for (int ba = 0; ba < 2; ba++)
                directed_form(g, dim, 1, size, ba, 0, k++);
        for (int rgba = 0; rgba < 3; rgba++)
            directed_form(g, dim, 0, 0, 0, rgba, k++);
    }
    directed_formats(g);
    directed_special(g);
    return 0;
}

/* ---- suld-random ------------------------------------------------------------ */

int gen_suld_random(gen_ctx *g)
{
    int count = gen_count(g, 100);
    char id[64], text[160], op[16];

    for (int i = 0; i < count; i++) {
        int dim = (int)(gen_rand(g) % 6);
        uint8_t fmt = all_formats[gen_rand(g) % NFORMATS];
        uint32_t wd = 1 + (uint32_t)(gen_rand(g) % 12), ht = 1 + (uint32_t)(gen_rand(g) % 6);
        uint32_t dp = 1 + (uint32_t)(gen_rand(g) % 4);
        tx_tic t;
        uint8_t type;

        switch (dim) {
        case 0: case 2:
            type = gen_rand(g) & 1 ? TX_TEX_1D : TX_TEX_1D_ARRAY;
            t = tic_new(TX_TIC_BLOCKLINEAR, type, fmt, wd, 1, dim == 2 ? dp : 1);
            break;
        case 1:
            t = tic_new(TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, fmt, wd * 3, 1, 1);
            break;
        case 3: case 4: {
            static const uint8_t types[4] = { TX_TEX_2D, TX_TEX_2D_ARRAY, TX_TEX_2D_NO_MIPMAP,
                                              TX_TEX_CUBEMAP };
            type = types[gen_rand(g) % 4];
            if (type == TX_TEX_2D && gen_rand(g) % 2)
                t = tic_new(TX_TIC_PITCH, type, fmt, wd, ht, 1);
            else
                t = tic_new(TX_TIC_BLOCKLINEAR, type, fmt, wd, ht, type == TX_TEX_2D_ARRAY ? dp : 1);
            break;
        }
        default:
            t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_3D, fmt, wd, ht, dp);
            break;
        }
        for (int c = 0; c < 4; c++)
            t.dtype[c] = (uint8_t)(1 + gen_rand(g) % 7);
        if (t.version == TX_TIC_BLOCKLINEAR)
            t.gobs_per_block_height = (uint8_t)(gen_rand(g) % 3);

        snprintf(id, sizeof id, "suld.random.%d", i);
        sworld w = world_new(g, id, "constrained-random SULD");
        if (gen_rand(g) % 4 == 0)
            gen_set(w.v, "gob_layout", json_object_new_string("desktop"));
        if (gen_rand(g) % 3 == 0)
            gen_set(w.v, "ctm", gen_hex32((uint32_t)gen_rand(g) | 1u));
        if (gen_rand(g) % 2)
            gen_tb_timing(w.v, 1 + (int)(gen_rand(g) % 6), (int)(gen_rand(g) % 4),
                      (int)(gen_rand(g) % 40), (int)(gen_rand(g) % 1000));
        add_surf(&w, 9, &t);

        for (int s = 0; s < 4; s++) {
            int d_mode = gen_rand(g) % 3 != 0;
            int size = (int)(gen_rand(g) % 7), ba = d_mode && gen_rand(g) % 2;
            int rgba = (int)(gen_rand(g) % 3), clamp = (int)(gen_rand(g) % 3);
            int bindless = gen_rand(g) % 4 == 0, base = s % 2 ? R_IN : R_XY;
            int ps = (int)(gen_rand(g) % 9);
            struct extent e = extent_of(&t, d_mode, size);
            const char *cop = gen_rand(g) % 2 ? cop_names[gen_rand(g) % 6] : "";
            char psop[8] = "";

            /* Each step gets its own coordinates; odd steps all inside. */
            coords(w.v, base, dim, e, ba ? size_bytes[size] : 0, s % 2,
                   (uint32_t)gen_rand(g));
            handle_operand(w.v, bindless, 9, op, sizeof op);
            if (ps < 7)
                snprintf(psop, sizeof psop, "P%d, ", ps);
            if (d_mode)
                snprintf(text, sizeof text, "SULD.D%s.%s%s%s.%s.%s %sR%d, [R%d], %s",
                         ba ? ".BA" : "", dim_names[dim], *cop ? "." : "", cop,
                         size_names[size], clamp_names[clamp], psop, R_DST, base, op);
            else
                snprintf(text, sizeof text, "SULD.P.%s%s%s.%s.%s %sR%d, [R%d], %s",
                         dim_names[dim], *cop ? "." : "", cop, rgba_names[rgba],
                         clamp_names[clamp], psop, R_DST, base, op);
            gen_step(w.v, text);
        }
        if (gen_flush(g) < 0)   /* streamed: one vector at a time */
            return -1;
    }
    return 0;
}

/* ---- suld-seed -------------------------------------------------------------- */

int gen_suld_seed(gen_ctx *g)
{
    sworld w;
    tx_tic t;
    uint32_t x[32], y[32], z[32], h[32];

    /* SULD.D.2D R2, [R4], R6: .32, .NEAR, bindless; reads R4, R5, R6,
     * writes R2. */
    w = world_new(g, "suld-seed-example-1", "SULD.D.2D R2, [R4], R6: bindless handle in R6, "
                                             "x in R4, y in R5, .32 into R2, .NEAR");
    t = tic_new(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_R32, 16, 8, 1);
    add_surf(&w, 7, &t);
    for (int l = 0; l < 32; l++) {
        x[l] = (uint32_t)(l % 18) - 1u;    /* -1 .. 16: clamped at both edges */
        y[l] = (uint32_t)(l / 4);          /* 0 .. 7 */
        h[l] = 7u | S_SAMPLER_BITS;
    }
    gen_reg(w.v, 4, x);
    gen_reg(w.v, 5, y);
    gen_reg(w.v, 6, h);
    gen_step(w.v, "SULD.D.2D R2, [R4], R6");

    /* SULD.P.3D.R.IGN R2, [R4], 0x100: handle at c[bank][0x400]; x, y, z in
     * R4, R5, R6; R only, into R2; out of bounds reads 0. */
    w = world_new(g, "suld-seed-example-2", "SULD.P.3D.R.IGN R2, [R4], 0x100: handle from "
                                             "c[bank][0x400]; x, y, z in R4..R6; R into R2");
    t = tic_new(TX_TIC_BLOCKLINEAR, TX_TEX_3D, TX_FMT_R32G32B32A32, 4, 4, 4);
    for (int c = 0; c < 4; c++)
        t.dtype[c] = TX_DT_FLOAT;
    add_surf(&w, 21, &t);
    gen_cbank(w.v, 0x400, 21u | S_SAMPLER_BITS);
    for (int l = 0; l < 32; l++) {
        x[l] = (uint32_t)(l % 5);          /* 4 is past the edge */
        y[l] = (uint32_t)(l / 8);
        z[l] = (uint32_t)(l % 3) - (l == 31 ? 5u : 0u);
    }
    gen_reg(w.v, 4, x);
    gen_reg(w.v, 5, y);
    gen_reg(w.v, 6, z);
    gen_step(w.v, "SULD.P.3D.R.IGN R2, [R4], 0x100");
    return 0;
}

/* ---- suld-types ---------------------------------------------------------------
 *
 * Every texture type a surface can have (S6.8): 1D, 1D_ARRAY, 1D_BUFFER, 2D
 * (pitch and block-linear), 2D_NO_MIPMAP, 2D_ARRAY, CUBEMAP, CUBEMAP_ARRAY
 * and 3D, each read by every dim the table allows and by one it does not.
 * The steps walk the destination register through the alignment rule
 * (S6.1): one register at an odd Rd, two at Rd = 2 mod 4 (legal) and at an
 * odd Rd (illegal), four at a multiple of 4 and at Rd = 2 mod 4 (illegal),
 * for .D and .P, on mixed coordinates and on coordinates all inside. */

static const struct { uint8_t type, version; uint32_t w, h, d; int dims[3]; } su_types[] = {
    {TX_TEX_1D, TX_TIC_BLOCKLINEAR, 9, 1, 1, {0, 2, 3}},
    {TX_TEX_1D_ARRAY, TX_TIC_BLOCKLINEAR, 7, 1, 4, {2, 0, 5}},
    {TX_TEX_1D_BUFFER, TX_TIC_1D_BUFFER, 21, 1, 1, {1, 0, -1}},
    {TX_TEX_2D, TX_TIC_PITCH, 6, 5, 1, {3, 4, 5}},
    {TX_TEX_2D, TX_TIC_BLOCKLINEAR, 5, 7, 1, {3, 4, 0}},
    {TX_TEX_2D_NO_MIPMAP, TX_TIC_BLOCKLINEAR, 6, 3, 1, {3, 4, 2}},
    {TX_TEX_2D_ARRAY, TX_TIC_BLOCKLINEAR, 4, 5, 3, {4, 3, 5}},
    {TX_TEX_CUBEMAP, TX_TIC_BLOCKLINEAR, 4, 4, 1, {4, 3, 1}},
    {TX_TEX_CUBEMAP_ARRAY, TX_TIC_BLOCKLINEAR, 3, 3, 2, {4, 3, 5}},
    {TX_TEX_3D, TX_TIC_BLOCKLINEAR, 5, 3, 4, {5, 4, -1}},
};

/* Destination forms: .D size (-1: .P with mask rgba) at Rd = R_DST + off. */
static const struct { int size, rgba, off; } su_rd[] = {
    {4, 0, 1}, {5, 0, 2}, {5, 0, 1}, {6, 0, 0}, {6, 0, 2}, {0, 0, 3}, {3, 0, 1},
    {-1, 0, 3}, {-1, 1, 2}, {-1, 1, 1}, {-1, 2, 0}, {-1, 2, 2}, {5, 0, 3}, {6, 0, 1},
    {-1, 2, 3}, {2, 0, 2},
};

int gen_suld_types(gen_ctx *g)
{
    char id[96], text[160];
    int n = 0;
    for (size_t ti = 0; ti < sizeof su_types / sizeof su_types[0]; ti++)
        for (int di = 0; di < 3; di++) {
            int dim = su_types[ti].dims[di];
            if (dim < 0)
                continue;
            uint8_t fmt = all_formats[(ti * 3 + (size_t)di) % NFORMATS];
            if (fmt == TX_FMT_Z24S8 || fmt == TX_FMT_ZF32 || fmt == TX_FMT_Z16)
                fmt = TX_FMT_R16G16B16A16;
            tx_tic t = tic_new(su_types[ti].version, su_types[ti].type, fmt, su_types[ti].w,
                               su_types[ti].h, su_types[ti].d);
            if (t.version == TX_TIC_BLOCKLINEAR)
                t.gobs_per_block_height = (uint8_t)(ti % 2);
            snprintf(id, sizeof id, "suld.type.%d.%s.%s", (int)su_types[ti].type,
                     t.version == TX_TIC_PITCH ? "pitch" : "bl", dim_names[dim]);
            sworld w = world_new(g, id, di == 2 ?
                                 "SULD on a surface type: a dim the type does not fit "
                                 "(reads 0), destinations by the alignment rule" :
                                 "SULD on a surface type through a dim that fits it, "
                                 "destinations at every offset by the alignment rule");
            add_surf(&w, 5, &t);
            int k = 0;
            for (size_t f = 0; f < sizeof su_rd / sizeof su_rd[0]; f++, k++) {
                int d_mode = su_rd[f].size >= 0, size = d_mode ? su_rd[f].size : 4;
                int inside = k & 1, base = inside ? R_IN : R_XY;
                struct extent e = extent_of(&t, d_mode, size);
                coords(w.v, base, dim, e, 0, inside, (uint32_t)(n * 31 + k));
                int clamp = inside ? 2 : (k / 2) % 2;   /* TRAP only when all inside */
                if (d_mode)
                    snprintf(text, sizeof text, "SULD.D.%s.%s.%s R%d, [R%d], 0x5",
                             dim_names[dim], size_names[size], clamp_names[clamp],
                             R_DST + su_rd[f].off, base);
                else
                    snprintf(text, sizeof text, "SULD.P.%s.%s.%s R%d, [R%d], 0x5",
                             dim_names[dim], rgba_names[su_rd[f].rgba], clamp_names[clamp],
                             R_DST + su_rd[f].off, base);
                gen_step(w.v, text);
            }
            n++;
            if (gen_flush(g) < 0)
                return -1;
        }
    return 0;
}
