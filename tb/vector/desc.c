/*
 * desc.c - texture headers (TIC) and samplers (TSC) of a vector, given as
 * named fields or as the eight raw words (cmodel/tic.h).
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700   /* realpath */
#endif
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <json.h>

#include "bcn.h"
#include "d3d.h"
#include "isa.h"
#include "mem.h"
#include "model.h"
#include "state.h"
#include "tic.h"
#include "vector_int.h"

/* ---------------------------------------------------------------------------
 * Named header (TIC) and sampler (TSC) fields.
 *
 * Each named field maps to a slot (a member of tx_tic / tx_tsc); aliases of
 * the same member share a slot so that giving both is an error.  A field may
 * take a name from a table (lookup) in place of its number.
 */

typedef int (*name_fn)(const char *);

/* Where a field may appear, by header layout. */
enum { L_ALL = 0, L_BL = 1, L_PITCH = 2 };

typedef struct fdesc {
    const char *name;
    int slot;           /* index of the member (aliases share it) */
    int bits;           /* width of the stored field */
    size_t off, size;   /* the member in the struct */
    int where;          /* L_ALL, L_BL, L_PITCH */
    name_fn lookup;     /* names accepted, or NULL */
    int plus_one;       /* value is stored minus one (width, height, depth) */
} fdesc;

#define TIC_F(nm, slot, bits, member, where, lookup, p1) \
    { nm, slot, bits, offsetof(tx_tic, member), sizeof(((tx_tic *)0)->member), where, lookup, p1 }
#define TSC_F(nm, slot, bits, member, lookup) \
    { nm, slot, bits, offsetof(tx_tsc, member), sizeof(((tx_tsc *)0)->member), L_ALL, lookup, 0 }

/* Name tables of sampler enumerations (NVIDIA clb197tex.h TEXSAMP0..7). */
static int lookup_in(const char *const *t, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (t[i] && strcmp(t[i], s) == 0)
            return i;
    return -1;
}
static int tsc_wrap(const char *s)
{
    static const char *const t[] = { "WRAP", "MIRROR", "CLAMP_TO_EDGE", "BORDER", "CLAMP_OGL",
                                     "MIRROR_ONCE_CLAMP_TO_EDGE", "MIRROR_ONCE_BORDER",
                                     "MIRROR_ONCE_CLAMP_OGL" };
    return lookup_in(t, 8, s);
}
static int tsc_func(const char *s)
{
    static const char *const t[] = { "NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER",
                                     "NOTEQUAL", "GEQUAL", "ALWAYS" };
    return lookup_in(t, 8, s);
}
static int tsc_mag(const char *s)
{
    static const char *const t[] = { NULL, "POINT", "LINEAR", "VCAA_4_TAP", "VCAA_8_TAP" };
    return lookup_in(t, 5, s);
}
static int tsc_min(const char *s)
{
    static const char *const t[] = { NULL, "POINT", "LINEAR", "ANISO" };
    return lookup_in(t, 4, s);
}
static int tsc_mip(const char *s)
{
    static const char *const t[] = { NULL, "NONE", "POINT", "LINEAR" };
    return lookup_in(t, 4, s);
}
static int tsc_reduction(const char *s)
{
    static const char *const t[] = { "WEIGHTED_AVERAGE", "MIN", "MAX" };
    return lookup_in(t, 3, s);
}
static int tsc_cube(const char *s)
{
    static const char *const t[] = { "USE_WRAP", "OVERRIDE_WRAP", "AUTO_SPAN_SEAM",
                                     "AUTO_CROSS_SEAM" };
    return lookup_in(t, 4, s);
}

/* Slots of tx_tic members; dtype and swz are handled apart. */
enum {
    T_COMPONENTS, T_DTYPE, T_SWZ, T_PACK, T_ADDRESS, T_GOB_DEPTH_OFFSET, T_VERSION,
    T_COHERENCY, T_GPB_W, T_GPB_H, T_GPB_D, T_TILE_W, T_GOB3D, T_PITCH, T_LAQ2, T_LAQ,
    T_LIQ, T_ACSM, T_ASS, T_UHOC, T_DEPTH_TEX, T_MAX_MIP, T_WIDTH, T_ASML2, T_SRGB, T_TYPE,
    T_SECTOR, T_BORDER, T_HEIGHT, T_DEPTH, T_NORM, T_TRILIN, T_LOD_BIAS, T_ANISO_BIAS,
    T_AFSF, T_ACSF, T_MAX_ANISO, T_AFSM, T_RV_MIN, T_RV_MAX, T_MSC, T_MIN_LOD, T_NSLOTS
};

static const fdesc tic_fields[] = {
    TIC_F("components", T_COMPONENTS, 7, components, L_ALL, tx_fmt_from_name, 0),
    TIC_F("format", T_COMPONENTS, 7, components, L_ALL, tx_fmt_from_name, 0),
    TIC_F("pack_components", T_PACK, 1, pack_components, L_ALL, NULL, 0),
    TIC_F("address", T_ADDRESS, 48, address, L_ALL, NULL, 0),
    TIC_F("gob_depth_offset", T_GOB_DEPTH_OFFSET, 2, gob_depth_offset, L_BL, NULL, 0),
    TIC_F("version", T_VERSION, 3, version, L_ALL, tx_version_from_name, 0),
    TIC_F("layout", T_VERSION, 3, version, L_ALL, tx_version_from_name, 0),
    TIC_F("coherency_hash", T_COHERENCY, 4, coherency_hash, L_ALL, NULL, 0),
    TIC_F("gobs_per_block_width", T_GPB_W, 3, gobs_per_block_width, L_BL, NULL, 0),
    TIC_F("gobs_per_block_height", T_GPB_H, 3, gobs_per_block_height, L_BL, NULL, 0),
    TIC_F("gobs_per_block_depth", T_GPB_D, 3, gobs_per_block_depth, L_BL, NULL, 0),
    TIC_F("tile_width_in_gobs", T_TILE_W, 3, tile_width_in_gobs, L_BL, NULL, 0),
    TIC_F("gob3d", T_GOB3D, 1, gob3d, L_BL, NULL, 0),
    TIC_F("pitch", T_PITCH, 21, pitch, L_PITCH, NULL, 0),
    TIC_F("lod_aniso_quality2", T_LAQ2, 1, lod_aniso_quality2, L_ALL, NULL, 0),
    TIC_F("lod_aniso_quality", T_LAQ, 1, lod_aniso_quality, L_ALL, NULL, 0),
    TIC_F("lod_iso_quality", T_LIQ, 1, lod_iso_quality, L_ALL, NULL, 0),
    TIC_F("aniso_coarse_spread_modifier", T_ACSM, 2, aniso_coarse_spread_modifier, L_ALL, NULL, 0),
    TIC_F("aniso_spread_scale", T_ASS, 5, aniso_spread_scale, L_ALL, NULL, 0),
    TIC_F("use_header_opt_control", T_UHOC, 1, use_header_opt_control, L_ALL, NULL, 0),
    TIC_F("depth_texture", T_DEPTH_TEX, 1, depth_texture, L_ALL, NULL, 0),
    TIC_F("max_mip_level", T_MAX_MIP, 4, max_mip_level, L_ALL, NULL, 0),
    TIC_F("width_minus_one", T_WIDTH, 32, width_minus_one, L_ALL, NULL, 0),
    TIC_F("width", T_WIDTH, 32, width_minus_one, L_ALL, NULL, 1),
    TIC_F("aniso_spread_max_log2", T_ASML2, 3, aniso_spread_max_log2, L_ALL, NULL, 0),
    TIC_F("srgb", T_SRGB, 1, srgb, L_ALL, NULL, 0),
    TIC_F("texture_type", T_TYPE, 4, texture_type, L_ALL, tx_textype_from_name, 0),
    TIC_F("type", T_TYPE, 4, texture_type, L_ALL, tx_textype_from_name, 0),
    TIC_F("sector_promotion", T_SECTOR, 2, sector_promotion, L_ALL, NULL, 0),
    TIC_F("border_size", T_BORDER, 3, border_size, L_ALL, NULL, 0),
    TIC_F("height_minus_one", T_HEIGHT, 16, height_minus_one, L_ALL, NULL, 0),
    TIC_F("height", T_HEIGHT, 16, height_minus_one, L_ALL, NULL, 1),
    TIC_F("depth_minus_one", T_DEPTH, 14, depth_minus_one, L_ALL, NULL, 0),
    TIC_F("depth", T_DEPTH, 14, depth_minus_one, L_ALL, NULL, 1),
    TIC_F("normalized_coords", T_NORM, 1, normalized_coords, L_ALL, NULL, 0),
    TIC_F("trilin_opt", T_TRILIN, 5, trilin_opt, L_ALL, NULL, 0),
    TIC_F("mip_lod_bias", T_LOD_BIAS, 13, mip_lod_bias, L_ALL, NULL, 0),
    TIC_F("aniso_bias", T_ANISO_BIAS, 4, aniso_bias, L_ALL, NULL, 0),
    TIC_F("aniso_fine_spread_func", T_AFSF, 2, aniso_fine_spread_func, L_ALL, NULL, 0),
    TIC_F("aniso_coarse_spread_func", T_ACSF, 2, aniso_coarse_spread_func, L_ALL, NULL, 0),
    TIC_F("max_anisotropy", T_MAX_ANISO, 3, max_anisotropy, L_ALL, NULL, 0),
    TIC_F("aniso_fine_spread_modifier", T_AFSM, 2, aniso_fine_spread_modifier, L_ALL, NULL, 0),
    TIC_F("res_view_min_mip_level", T_RV_MIN, 4, res_view_min_mip_level, L_ALL, NULL, 0),
    TIC_F("res_view_max_mip_level", T_RV_MAX, 4, res_view_max_mip_level, L_ALL, NULL, 0),
    TIC_F("multi_sample_count", T_MSC, 4, multi_sample_count, L_ALL, NULL, 0),
    TIC_F("min_lod_clamp", T_MIN_LOD, 12, min_lod_clamp, L_ALL, NULL, 0),
    { NULL, 0, 0, 0, 0, 0, NULL, 0 }
};

enum {
    S_AU, S_AV, S_AP, S_DC, S_DCF, S_SRGB, S_FFW, S_FFH, S_MAXA, S_MAG, S_MLCB, S_MIN, S_MIP,
    S_CUBE, S_RED, S_BIAS, S_FCN, S_TRILIN, S_MINLOD, S_MAXLOD, S_BR, S_BG, S_BB, S_BORDER,
    S_NSLOTS
};

static const fdesc tsc_fields[] = {
    TSC_F("address_u", S_AU, 3, address_u, tsc_wrap),
    TSC_F("address_v", S_AV, 3, address_v, tsc_wrap),
    TSC_F("address_p", S_AP, 3, address_p, tsc_wrap),
    TSC_F("depth_compare", S_DC, 1, depth_compare, NULL),
    TSC_F("depth_compare_func", S_DCF, 3, depth_compare_func, tsc_func),
    TSC_F("srgb_conversion", S_SRGB, 1, srgb_conversion, NULL),
    TSC_F("font_filter_width", S_FFW, 3, font_filter_width, NULL),
    TSC_F("font_filter_height", S_FFH, 3, font_filter_height, NULL),
    TSC_F("max_anisotropy", S_MAXA, 3, max_anisotropy, NULL),
    TSC_F("mag_filter", S_MAG, 3, mag_filter, tsc_mag),
    TSC_F("min_lod_clamp_behavior", S_MLCB, 1, min_lod_clamp_behavior, NULL),
    TSC_F("min_filter", S_MIN, 2, min_filter, tsc_min),
    TSC_F("mip_filter", S_MIP, 2, mip_filter, tsc_mip),
    TSC_F("cubemap_interface_filtering", S_CUBE, 2, cubemap_interface_filtering, tsc_cube),
    TSC_F("reduction_filter", S_RED, 2, reduction_filter, tsc_reduction),
    TSC_F("mip_lod_bias", S_BIAS, 13, mip_lod_bias, NULL),
    TSC_F("float_coord_normalization", S_FCN, 1, float_coord_normalization, NULL),
    TSC_F("trilin_opt", S_TRILIN, 5, trilin_opt, NULL),
    TSC_F("min_lod_clamp", S_MINLOD, 12, min_lod_clamp, NULL),
    TSC_F("max_lod_clamp", S_MAXLOD, 12, max_lod_clamp, NULL),
    TSC_F("srgb_border_r", S_BR, 8, srgb_border_r, NULL),
    TSC_F("srgb_border_g", S_BG, 8, srgb_border_g, NULL),
    TSC_F("srgb_border_b", S_BB, 8, srgb_border_b, NULL),
    { NULL, 0, 0, 0, 0, 0, NULL, 0 }
};

/* Store v into a member of `size` bytes. */
static void put_member(void *base, size_t off, size_t size, uint64_t v)
{
    char *p = (char *)base + off;
    switch (size) {
    case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

/* A value of a named field: a number, or a name from the field's table. */
static int field_value(vec_reader *r, const fdesc *f, json_object *m, uint64_t *v,
                       const char *what)
{
    uint64_t max = f->bits >= 64 ? UINT64_MAX : (1ull << f->bits) - 1;

    if (f->lookup && m && json_object_is_type(m, json_type_string) &&
        strncmp(json_object_get_string(m), "0x", 2) != 0) {
        int c = f->lookup(json_object_get_string(m));
        if (c < 0)
            return vr_fail(r, "unknown %s name '%s'", what, json_object_get_string(m));
        *v = (uint64_t)c;
        return 0;
    }
    if (f->plus_one) {
        if (vr_get_uint(r, m, max + 1, v) < 0)
            return -1;
        if (*v == 0)
            return vr_fail(r, "must be at least 1 (the header stores the size minus one)");
        (*v)--;
        return 0;
    }
    return vr_get_uint(r, m, max, v);
}

/* One name, or an array of 4 names/numbers (dtype, swizzle). */
static int four_codes(vec_reader *r, json_object *m, name_fn lookup, int bits, int allow_one,
                      const char *what, uint8_t out[4])
{
    fdesc f = { what, 0, bits, 0, 0, L_ALL, lookup, 0 };
    uint64_t v;

    if (m && json_object_is_type(m, json_type_array)) {
        if (json_object_array_length(m) != 4)
            return vr_fail(r, "expected 4 entries (R, G, B, A order / X, Y, Z, W), got %zu",
                        json_object_array_length(m));
        for (size_t i = 0; i < 4; i++) {
            size_t old = vr_path_idx(r, i);
            if (field_value(r, &f, json_object_array_get_idx(m, i), &v, what) < 0)
                return -1;
            out[i] = (uint8_t)v;
            vr_path_pop(r, old);
        }
        return 0;
    }
    if (!allow_one)
        return vr_fail(r, "expected an array of 4 %s names", what);
    if (field_value(r, &f, m, &v, what) < 0)
        return -1;
    for (int i = 0; i < 4; i++)
        out[i] = (uint8_t)v;
    return 0;
}

static int parse_tic_fields(vec_reader *r, json_object *o, uint32_t w[8])
{
    const char *slot_name_given[T_NSLOTS] = { 0 };   /* the name each member was given by */
    tx_tic t;
    int lay;

    memset(&t, 0, sizeof t);
    if (vr_want_type(r, o, json_type_object, "an object of named header fields") < 0)
        return -1;

    json_object_object_foreach(o, key, m) {
        size_t old = vr_path_key(r, key);
        const fdesc *f = NULL;
        int slot;

        if (strcmp(key, "dtype") == 0) {
            slot = T_DTYPE;
        } else if (strcmp(key, "swizzle") == 0 || strcmp(key, "swz") == 0) {
            slot = T_SWZ;
        } else {
            for (f = tic_fields; f->name; f++)
                if (strcmp(f->name, key) == 0)
                    break;
            if (!f->name)
                return vr_fail(r, "unknown header field name '%s' (see docs/vector-format.md)", key);
            slot = f->slot;
        }
        if (slot_name_given[slot])
            return vr_fail(r, "given twice (also as '%s')", slot_name_given[slot]);
        slot_name_given[slot] = key;

        if (slot == T_DTYPE) {
            if (four_codes(r, m, tx_dtype_from_name, 3, 1, "data type", t.dtype) < 0)
                return -1;
        } else if (slot == T_SWZ) {
            if (four_codes(r, m, tx_swz_from_name, 3, 0, "swizzle source", t.swz) < 0)
                return -1;
        } else {
            uint64_t v;
            const char *what = f->lookup == tx_fmt_from_name ? "format"
                             : f->lookup == tx_version_from_name ? "header version"
                             : "texture type";
            if (field_value(r, f, m, &v, what) < 0)
                return -1;
            put_member(&t, f->off, f->size, v);
        }
        vr_path_pop(r, old);
    }

    /* Checks that depend on the header version. */
    if (t.version > TX_TIC_BLOCKLINEAR_COLORKEY) {
        size_t old = vr_path_key(r, slot_name_given[T_VERSION]);
        int rc = vr_fail(r, "header version %u is reserved", t.version);
        vr_path_pop(r, old);
        return rc;
    }
    lay = t.version == TX_TIC_BLOCKLINEAR || t.version == TX_TIC_BLOCKLINEAR_COLORKEY ? L_BL
        : t.version == TX_TIC_PITCH || t.version == TX_TIC_PITCH_COLORKEY ? L_PITCH : L_ALL;
    for (const fdesc *f = tic_fields; f->name; f++) {
        if (f->where == L_ALL || f->where == lay || !slot_name_given[f->slot] ||
            strcmp(slot_name_given[f->slot], f->name) != 0)
            continue;
        size_t old = vr_path_key(r, f->name);
        int rc = vr_fail(r, "field exists only in %s headers (this header's version is %s)",
                      f->where == L_BL ? "block-linear" : "pitch", tx_version_name(t.version));
        vr_path_pop(r, old);
        return rc;
    }
    if (slot_name_given[T_ADDRESS]) {
        uint64_t align = lay == L_BL ? 512 : lay == L_PITCH ? 32 : 1;
        if (t.address % align) {
            size_t old = vr_path_key(r, slot_name_given[T_ADDRESS]);
            int rc = vr_fail(r, "address 0x%" PRIx64 " is not %" PRIu64 "-byte aligned (%s headers "
                          "hold address bits 47:%d)", t.address, align,
                          lay == L_BL ? "block-linear" : "pitch", lay == L_BL ? 9 : 5);
            vr_path_pop(r, old);
            return rc;
        }
    }
    if (slot_name_given[T_PITCH] && (t.pitch & 31)) {
        size_t old = vr_path_key(r, "pitch");
        int rc = vr_fail(r, "pitch %u is not a multiple of 32 (the header holds bits 20:5)", t.pitch);
        vr_path_pop(r, old);
        return rc;
    }
    if (slot_name_given[T_WIDTH] && t.version != TX_TIC_1D_BUFFER && t.width_minus_one > 0xffff) {
        size_t old = vr_path_key(r, slot_name_given[T_WIDTH]);
        int rc = vr_fail(r, "width %" PRIu64 " too large: only 1D-buffer headers hold more than "
                      "65536", (uint64_t)t.width_minus_one + 1);
        vr_path_pop(r, old);
        return rc;
    }
    tx_tic_pack(&t, w);
    return 0;
}

static int parse_tsc_fields(vec_reader *r, json_object *o, uint32_t w[8])
{
    tx_tsc t;

    memset(&t, 0, sizeof t);
    if (vr_want_type(r, o, json_type_object, "an object of named sampler fields") < 0)
        return -1;

    json_object_object_foreach(o, key, m) {
        size_t old = vr_path_key(r, key);
        const fdesc *f;

        if (strcmp(key, "border") == 0) {
            if (vr_want_type(r, m, json_type_array, "an array of 4 border values (R, G, B, A)") < 0)
                return -1;
            if (json_object_array_length(m) != 4)
                return vr_fail(r, "expected 4 border values (R, G, B, A), got %zu",
                            json_object_array_length(m));
            for (size_t i = 0; i < 4; i++) {
                size_t o2 = vr_path_idx(r, i);
                if (vr_get_u32(r, json_object_array_get_idx(m, i), &t.border[i]) < 0)
                    return -1;
                vr_path_pop(r, o2);
            }
            vr_path_pop(r, old);
            continue;
        }
        for (f = tsc_fields; f->name; f++)
            if (strcmp(f->name, key) == 0)
                break;
        if (!f->name)
            return vr_fail(r, "unknown sampler field name '%s' (see docs/vector-format.md)", key);
        uint64_t v;
        if (field_value(r, f, m, &v, key) < 0)
            return -1;
        put_member(&t, f->off, f->size, v);
        vr_path_pop(r, old);
    }
    tx_tsc_pack(&t, w);
    return 0;
}

/* "headers" / "samplers": [{"index": N, "fields": {...}} | {"index": N, "words": [8]}]. */
int vr_parse_descs(vec_reader *r, json_object *o, int is_tic, init_desc **arr, int *n,
                       int *cap)
{
    static const char *const keys[] = { "index", "fields", "words", NULL };
    uint64_t maxidx = is_tic ? 0xfffff : 0xfff;
    size_t len;

    if (vr_want_type(r, o, json_type_array, "an array") < 0)
        return -1;
    len = json_object_array_length(o);
    for (size_t i = 0; i < len; i++) {
        json_object *e = json_object_array_get_idx(o, i), *m;
        size_t old = vr_path_idx(r, i), o2;
        uint64_t idx;
        init_desc *d;
        int hf, hw;

        if (vr_want_type(r, e, json_type_object, "an object") < 0 || vr_check_keys(r, e, keys) < 0)
            return -1;
        if (vr_member_uint(r, e, "index", maxidx, &idx) < 0)
            return -1;
        for (int k = 0; k < *n; k++)
            if ((*arr)[k].index == idx)
                return vr_fail(r, "%s index %" PRIu64 " given twice", is_tic ? "header" : "sampler",
                            idx);
        hf = json_object_object_get_ex(e, "fields", NULL);
        hw = json_object_object_get_ex(e, "words", NULL);
        if (hf + hw != 1)
            return vr_fail(r, "give exactly one of \"fields\" or \"words\"");
        if (vr_grow(r, (void **)arr, cap, *n + 1, sizeof **arr) < 0)
            return -1;
        d = &(*arr)[*n];
        d->index = (uint32_t)idx;
        if (hw) {
            json_object_object_get_ex(e, "words", &m);
            o2 = vr_path_key(r, "words");
            if (vr_want_type(r, m, json_type_array, "an array of 8 words") < 0)
                return -1;
            if (json_object_array_length(m) != 8)
                return vr_fail(r, "expected 8 words, got %zu", json_object_array_length(m));
            for (size_t k = 0; k < 8; k++) {
                size_t o3 = vr_path_idx(r, k);
                if (vr_get_u32(r, json_object_array_get_idx(m, k), &d->w[k]) < 0)
                    return -1;
                vr_path_pop(r, o3);
            }
        } else {
            json_object_object_get_ex(e, "fields", &m);
            o2 = vr_path_key(r, "fields");
            if ((is_tic ? parse_tic_fields(r, m, d->w) : parse_tsc_fields(r, m, d->w)) < 0)
                return -1;
        }
        /* ASTC is not decoded yet: refuse the header rather than misread it
         * (docs/formats.md section 9.9). */
        if (is_tic && tx_fmt_is_astc((int)(d->w[0] & 0x7fu)))
            return vr_fail(r, "COMPONENTS 0x%02x is an ASTC format, which texcosim does not "
                           "decode yet", d->w[0] & 0x7fu);
        vr_path_pop(r, o2);
        (*n)++;
        vr_path_pop(r, old);
    }
    return 0;
}
