/*
 * tic.c - texture header (TIC) and sampler (TSC) packing, and the name tables
 * the vector format and the reports use.
 *
 * Layouts: NVIDIA open-gpu-doc classes/3d/clb197tex.h (TEXHEAD_BL,
 * TEXHEAD_PITCH, TEXHEAD_1D, TEXSAMP0..7); envytools
 * gm200_texture.xml agrees (docs/sources.md).  Bit numbers are
 * absolute over the 256 bits of the 8 words (word w = bits 32w .. 32w+31);
 * no field crosses a word boundary, which the helpers below rely on.
 *
 * Three header layouts share most of their bits and differ in word 1 (the low
 * address bits) and word 3 (bits 111:96):
 *
 *   version 3, 4  block-linear: GOB_DEPTH_OFFSET 38:37, ADDRESS_BITS31TO9
 *                 63:41, block shape 109:96
 *   version 1, 2  pitch: ADDRESS_BITS31TO5 63:37, PITCH_BITS20TO5 111:96
 *   version 0     1D buffer: ADDRESS_BITS31TO0 63:32, and WIDTH_MINUS_ONE is
 *                 32 bits, low half 143:128, high half 111:96
 *
 * A field that a layout does not have is 0 after unpack and is ignored by
 * pack.  The reserved versions 5..7 are treated like the 1D-buffer layout
 * minus its width extension: the whole of word 1 is address, word 3 has no
 * field.  The colour-key variants (1, 4) add COLOR_KEY_OP (bit 192) and
 * COLOR_KEY_VALUE (word 7) in the reference; tx_tic has no members for them,
 * so texcosim reads word 7 with the ordinary field names in every version and
 * treats bit 192 as reserved.
 */
#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include "tic.h"

/* ---------------------------------------------------------------------------
 * Bit helpers over 8 little words.  hi and lo are absolute bit numbers of one
 * field inside a single word.
 */

static uint32_t get_bits(const uint32_t w[8], int hi, int lo)
{
    int word = lo >> 5, sh = lo & 31, n = hi - lo + 1;
    uint32_t mask = n == 32 ? 0xffffffffu : ((1u << n) - 1u);
    return (w[word] >> sh) & mask;
}

static void put_bits(uint32_t w[8], int hi, int lo, uint32_t v)
{
    int word = lo >> 5, sh = lo & 31, n = hi - lo + 1;
    uint32_t mask = n == 32 ? 0xffffffffu : ((1u << n) - 1u);
    w[word] = (w[word] & ~(mask << sh)) | ((v & mask) << sh);
}

/* Layout class of a header version. */
enum { LAY_BUFFER, LAY_PITCH, LAY_BL, LAY_OTHER };

static int layout_of(unsigned version)
{
    switch (version) {
    case TX_TIC_1D_BUFFER: return LAY_BUFFER;
    case TX_TIC_PITCH_COLORKEY:
    case TX_TIC_PITCH: return LAY_PITCH;
    case TX_TIC_BLOCKLINEAR:
    case TX_TIC_BLOCKLINEAR_COLORKEY: return LAY_BL;
    default: return LAY_OTHER;
    }
}

/* ---------------------------------------------------------------------------
 * TIC
 */

void tx_tic_unpack(const uint32_t w[8], tx_tic *t)
{
    int lay;

    memset(t, 0, sizeof *t);

    /* Word 0: format, data types, swizzle. */
    t->components = (uint8_t)get_bits(w, 6, 0);
    for (int i = 0; i < 4; i++) {
        t->dtype[i] = (uint8_t)get_bits(w, 9 + 3 * i, 7 + 3 * i);
        t->swz[i] = (uint8_t)get_bits(w, 21 + 3 * i, 19 + 3 * i);
    }
    t->pack_components = (uint8_t)get_bits(w, 31, 31);

    /* Word 2: address high bits, version, coherency hash. */
    t->version = (uint8_t)get_bits(w, 87, 85);
    t->coherency_hash = (uint8_t)get_bits(w, 92, 89);
    t->address = (uint64_t)get_bits(w, 79, 64) << 32;

    /* Version-dependent parts of words 1 and 3. */
    lay = layout_of(t->version);
    switch (lay) {
    case LAY_BL:
        t->gob_depth_offset = (uint8_t)get_bits(w, 38, 37);
        t->address |= (uint64_t)get_bits(w, 63, 41) << 9;
        t->gobs_per_block_width = (uint8_t)get_bits(w, 98, 96);
        t->gobs_per_block_height = (uint8_t)get_bits(w, 101, 99);
        t->gobs_per_block_depth = (uint8_t)get_bits(w, 104, 102);
        t->tile_width_in_gobs = (uint8_t)get_bits(w, 108, 106);
        t->gob3d = (uint8_t)get_bits(w, 109, 109);
        break;
    case LAY_PITCH:
        t->address |= (uint64_t)get_bits(w, 63, 37) << 5;
        t->pitch = get_bits(w, 111, 96) << 5;
        break;
    default: /* LAY_BUFFER, LAY_OTHER */
        t->address |= get_bits(w, 63, 32);
        break;
    }

    /* Word 3 (common part): LOD quality, anisotropy, flags, mip count. */
    t->lod_aniso_quality2 = (uint8_t)get_bits(w, 112, 112);
    t->lod_aniso_quality = (uint8_t)get_bits(w, 113, 113);
    t->lod_iso_quality = (uint8_t)get_bits(w, 114, 114);
    t->aniso_coarse_spread_modifier = (uint8_t)get_bits(w, 116, 115);
    t->aniso_spread_scale = (uint8_t)get_bits(w, 121, 117);
    t->use_header_opt_control = (uint8_t)get_bits(w, 122, 122);
    t->depth_texture = (uint8_t)get_bits(w, 123, 123);
    t->max_mip_level = (uint8_t)get_bits(w, 127, 124);

    /* Word 4: width, type. */
    t->width_minus_one = get_bits(w, 143, 128);
    if (lay == LAY_BUFFER)
        t->width_minus_one |= get_bits(w, 111, 96) << 16;
    t->aniso_spread_max_log2 = (uint8_t)get_bits(w, 149, 147);
    t->srgb = (uint8_t)get_bits(w, 150, 150);
    t->texture_type = (uint8_t)get_bits(w, 154, 151);
    t->sector_promotion = (uint8_t)get_bits(w, 156, 155);
    t->border_size = (uint8_t)get_bits(w, 159, 157);

    /* Word 5: height, depth, normalization. */
    t->height_minus_one = (uint16_t)get_bits(w, 175, 160);
    t->depth_minus_one = (uint16_t)get_bits(w, 189, 176);
    t->normalized_coords = (uint8_t)get_bits(w, 191, 191);

    /* Word 6: header-side LOD and anisotropy controls. */
    t->trilin_opt = (uint8_t)get_bits(w, 197, 193);
    t->mip_lod_bias = (uint16_t)get_bits(w, 210, 198);
    t->aniso_bias = (uint8_t)get_bits(w, 214, 211);
    t->aniso_fine_spread_func = (uint8_t)get_bits(w, 216, 215);
    t->aniso_coarse_spread_func = (uint8_t)get_bits(w, 218, 217);
    t->max_anisotropy = (uint8_t)get_bits(w, 221, 219);
    t->aniso_fine_spread_modifier = (uint8_t)get_bits(w, 223, 222);

    /* Word 7: resource view, multisampling, min LOD clamp. */
    t->res_view_min_mip_level = (uint8_t)get_bits(w, 227, 224);
    t->res_view_max_mip_level = (uint8_t)get_bits(w, 231, 228);
    t->multi_sample_count = (uint8_t)get_bits(w, 235, 232);
    t->min_lod_clamp = (uint16_t)get_bits(w, 247, 236);
}

void tx_tic_pack(const tx_tic *t, uint32_t w[8])
{
    int lay = layout_of(t->version & 7u);

    memset(w, 0, 8 * sizeof w[0]);

    put_bits(w, 6, 0, t->components);
    for (int i = 0; i < 4; i++) {
        put_bits(w, 9 + 3 * i, 7 + 3 * i, t->dtype[i]);
        put_bits(w, 21 + 3 * i, 19 + 3 * i, t->swz[i]);
    }
    put_bits(w, 31, 31, t->pack_components);

    put_bits(w, 79, 64, (uint32_t)(t->address >> 32));
    put_bits(w, 87, 85, t->version);
    put_bits(w, 92, 89, t->coherency_hash);

    switch (lay) {
    case LAY_BL:
        put_bits(w, 38, 37, t->gob_depth_offset);
        put_bits(w, 63, 41, (uint32_t)(t->address >> 9));
        put_bits(w, 98, 96, t->gobs_per_block_width);
        put_bits(w, 101, 99, t->gobs_per_block_height);
        put_bits(w, 104, 102, t->gobs_per_block_depth);
        put_bits(w, 108, 106, t->tile_width_in_gobs);
        put_bits(w, 109, 109, t->gob3d);
        break;
    case LAY_PITCH:
        put_bits(w, 63, 37, (uint32_t)(t->address >> 5));
        put_bits(w, 111, 96, t->pitch >> 5);
        break;
    case LAY_BUFFER:
        put_bits(w, 63, 32, (uint32_t)t->address);
        put_bits(w, 111, 96, t->width_minus_one >> 16);
        break;
    default:
        put_bits(w, 63, 32, (uint32_t)t->address);
        break;
    }

    put_bits(w, 112, 112, t->lod_aniso_quality2);
    put_bits(w, 113, 113, t->lod_aniso_quality);
    put_bits(w, 114, 114, t->lod_iso_quality);
    put_bits(w, 116, 115, t->aniso_coarse_spread_modifier);
    put_bits(w, 121, 117, t->aniso_spread_scale);
    put_bits(w, 122, 122, t->use_header_opt_control);
    put_bits(w, 123, 123, t->depth_texture);
    put_bits(w, 127, 124, t->max_mip_level);

    put_bits(w, 143, 128, t->width_minus_one);
    put_bits(w, 149, 147, t->aniso_spread_max_log2);
    put_bits(w, 150, 150, t->srgb);
    put_bits(w, 154, 151, t->texture_type);
    put_bits(w, 156, 155, t->sector_promotion);
    put_bits(w, 159, 157, t->border_size);

    put_bits(w, 175, 160, t->height_minus_one);
    put_bits(w, 189, 176, t->depth_minus_one);
    put_bits(w, 191, 191, t->normalized_coords);

    put_bits(w, 197, 193, t->trilin_opt);
    put_bits(w, 210, 198, t->mip_lod_bias);
    put_bits(w, 214, 211, t->aniso_bias);
    put_bits(w, 216, 215, t->aniso_fine_spread_func);
    put_bits(w, 218, 217, t->aniso_coarse_spread_func);
    put_bits(w, 221, 219, t->max_anisotropy);
    put_bits(w, 223, 222, t->aniso_fine_spread_modifier);

    put_bits(w, 227, 224, t->res_view_min_mip_level);
    put_bits(w, 231, 228, t->res_view_max_mip_level);
    put_bits(w, 235, 232, t->multi_sample_count);
    put_bits(w, 247, 236, t->min_lod_clamp);
}

/* ---------------------------------------------------------------------------
 * TSC.  Bits here are relative to their word, as in the reference table;
 * word w bit b is absolute bit 32w + b.
 */
#define TSC_BITS(word, hi, lo) (32 * (word) + (hi)), (32 * (word) + (lo))

void tx_tsc_unpack(const uint32_t w[8], tx_tsc *t)
{
    memset(t, 0, sizeof *t);
    t->address_u = (uint8_t)get_bits(w, TSC_BITS(0, 2, 0));
    t->address_v = (uint8_t)get_bits(w, TSC_BITS(0, 5, 3));
    t->address_p = (uint8_t)get_bits(w, TSC_BITS(0, 8, 6));
    t->depth_compare = (uint8_t)get_bits(w, TSC_BITS(0, 9, 9));
    t->depth_compare_func = (uint8_t)get_bits(w, TSC_BITS(0, 12, 10));
    t->srgb_conversion = (uint8_t)get_bits(w, TSC_BITS(0, 13, 13));
    t->font_filter_width = (uint8_t)get_bits(w, TSC_BITS(0, 16, 14));
    t->font_filter_height = (uint8_t)get_bits(w, TSC_BITS(0, 19, 17));
    t->max_anisotropy = (uint8_t)get_bits(w, TSC_BITS(0, 22, 20));

    t->mag_filter = (uint8_t)get_bits(w, TSC_BITS(1, 2, 0));
    t->min_lod_clamp_behavior = (uint8_t)get_bits(w, TSC_BITS(1, 3, 3));
    t->min_filter = (uint8_t)get_bits(w, TSC_BITS(1, 5, 4));
    t->mip_filter = (uint8_t)get_bits(w, TSC_BITS(1, 7, 6));
    t->cubemap_interface_filtering = (uint8_t)get_bits(w, TSC_BITS(1, 9, 8));
    t->reduction_filter = (uint8_t)get_bits(w, TSC_BITS(1, 11, 10));
    t->mip_lod_bias = (uint16_t)get_bits(w, TSC_BITS(1, 24, 12));
    t->float_coord_normalization = (uint8_t)get_bits(w, TSC_BITS(1, 25, 25));
    t->trilin_opt = (uint8_t)get_bits(w, TSC_BITS(1, 30, 26));

    t->min_lod_clamp = (uint16_t)get_bits(w, TSC_BITS(2, 11, 0));
    t->max_lod_clamp = (uint16_t)get_bits(w, TSC_BITS(2, 23, 12));
    t->srgb_border_r = (uint8_t)get_bits(w, TSC_BITS(2, 31, 24));
    t->srgb_border_g = (uint8_t)get_bits(w, TSC_BITS(3, 19, 12));
    t->srgb_border_b = (uint8_t)get_bits(w, TSC_BITS(3, 27, 20));

    for (int i = 0; i < 4; i++)
        t->border[i] = w[4 + i];
}

void tx_tsc_pack(const tx_tsc *t, uint32_t w[8])
{
    memset(w, 0, 8 * sizeof w[0]);
    put_bits(w, TSC_BITS(0, 2, 0), t->address_u);
    put_bits(w, TSC_BITS(0, 5, 3), t->address_v);
    put_bits(w, TSC_BITS(0, 8, 6), t->address_p);
    put_bits(w, TSC_BITS(0, 9, 9), t->depth_compare);
    put_bits(w, TSC_BITS(0, 12, 10), t->depth_compare_func);
    put_bits(w, TSC_BITS(0, 13, 13), t->srgb_conversion);
    put_bits(w, TSC_BITS(0, 16, 14), t->font_filter_width);
    put_bits(w, TSC_BITS(0, 19, 17), t->font_filter_height);
    put_bits(w, TSC_BITS(0, 22, 20), t->max_anisotropy);

    put_bits(w, TSC_BITS(1, 2, 0), t->mag_filter);
    put_bits(w, TSC_BITS(1, 3, 3), t->min_lod_clamp_behavior);
    put_bits(w, TSC_BITS(1, 5, 4), t->min_filter);
    put_bits(w, TSC_BITS(1, 7, 6), t->mip_filter);
    put_bits(w, TSC_BITS(1, 9, 8), t->cubemap_interface_filtering);
    put_bits(w, TSC_BITS(1, 11, 10), t->reduction_filter);
    put_bits(w, TSC_BITS(1, 24, 12), t->mip_lod_bias);
    put_bits(w, TSC_BITS(1, 25, 25), t->float_coord_normalization);
    put_bits(w, TSC_BITS(1, 30, 26), t->trilin_opt);

    put_bits(w, TSC_BITS(2, 11, 0), t->min_lod_clamp);
    put_bits(w, TSC_BITS(2, 23, 12), t->max_lod_clamp);
    put_bits(w, TSC_BITS(2, 31, 24), t->srgb_border_r);
    put_bits(w, TSC_BITS(3, 19, 12), t->srgb_border_g);
    put_bits(w, TSC_BITS(3, 27, 20), t->srgb_border_b);

    for (int i = 0; i < 4; i++)
        w[4 + i] = t->border[i];
}

/* ---------------------------------------------------------------------------
 * Name tables.  Each is a list of (code, name) pairs; lookups by name ignore
 * case.
 */

typedef struct name_entry {
    int code;
    const char *name;
} name_entry;

static int name_eq(const char *a, const char *b)
{
    while (*a && *b) {
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
        a++, b++;
    }
    return *a == *b;
}

static int table_code(const name_entry *t, size_t n, const char *name)
{
    if (!name)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (name_eq(t[i].name, name))
            return t[i].code;
    return -1;
}

static const char *table_name(const name_entry *t, size_t n, int code)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].code == code)
            return t[i].name;
    return NULL;
}

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* COMPONENTS codes texcosim supports (enum tx_fmt). */
static const name_entry fmt_names[] = {
    { TX_FMT_R32G32B32A32, "R32G32B32A32" },
    { TX_FMT_R16G16B16A16, "R16G16B16A16" },
    { TX_FMT_R32G32, "R32G32" },
    { TX_FMT_A8B8G8R8, "A8B8G8R8" },
    { TX_FMT_A2B10G10R10, "A2B10G10R10" },
    { TX_FMT_R16G16, "R16G16" },
    { TX_FMT_R32, "R32" },
    { TX_FMT_A4B4G4R4, "A4B4G4R4" },
    { TX_FMT_A1B5G5R5, "A1B5G5R5" },
    { TX_FMT_B5G6R5, "B5G6R5" },
    { TX_FMT_G8R8, "G8R8" },
    { TX_FMT_R16, "R16" },
    { TX_FMT_R8, "R8" },
    { TX_FMT_E5B9G9R9, "E5B9G9R9" },
    { TX_FMT_BF10GF11RF11, "BF10GF11RF11" },
    { TX_FMT_Z24S8, "Z24S8" },
    { TX_FMT_ZF32, "ZF32" },
    { TX_FMT_Z16, "Z16" },
    /* Block-compressed formats (cmodel/bcn.h, docs/formats.md section 9). */
    { 0x06, "ETC2_RGB" },
    { 0x0a, "ETC2_RGB_PTA" },
    { 0x0b, "ETC2_RGBA" },
    { 0x19, "EAC" },
    { 0x1a, "EACX2" },
    { 0x24, "DXT1" },
    { 0x25, "DXT23" },
    { 0x26, "DXT45" },
    { 0x27, "DXN1" },
    { 0x28, "DXN2" },
};

static const name_entry dtype_names[] = {
    { TX_DT_SNORM, "SNORM" },
    { TX_DT_UNORM, "UNORM" },
    { TX_DT_SINT, "SINT" },
    { TX_DT_UINT, "UINT" },
    { TX_DT_SNORM_FORCE_FP16, "SNORM_FORCE_FP16" },
    { TX_DT_UNORM_FORCE_FP16, "UNORM_FORCE_FP16" },
    { TX_DT_FLOAT, "FLOAT" },
};

static const name_entry swz_names[] = {
    { TX_SWZ_ZERO, "ZERO" },
    { TX_SWZ_R, "R" },
    { TX_SWZ_G, "G" },
    { TX_SWZ_B, "B" },
    { TX_SWZ_A, "A" },
    { TX_SWZ_ONE_INT, "ONE_INT" },
    { TX_SWZ_ONE_FLOAT, "ONE_FLOAT" },
};

static const name_entry textype_names[] = {
    { TX_TEX_1D, "1D" },
    { TX_TEX_2D, "2D" },
    { TX_TEX_3D, "3D" },
    { TX_TEX_CUBEMAP, "CUBEMAP" },
    { TX_TEX_1D_ARRAY, "1D_ARRAY" },
    { TX_TEX_2D_ARRAY, "2D_ARRAY" },
    { TX_TEX_1D_BUFFER, "1D_BUFFER" },
    { TX_TEX_2D_NO_MIPMAP, "2D_NO_MIPMAP" },
    { TX_TEX_CUBEMAP_ARRAY, "CUBEMAP_ARRAY" },
};

static const name_entry version_names[] = {
    { TX_TIC_1D_BUFFER, "1D_BUFFER" },
    { TX_TIC_PITCH_COLORKEY, "PITCH_COLOR_KEY" },
    { TX_TIC_PITCH, "PITCH" },
    { TX_TIC_BLOCKLINEAR, "BLOCKLINEAR" },
    { TX_TIC_BLOCKLINEAR_COLORKEY, "BLOCKLINEAR_COLOR_KEY" },
};

int tx_fmt_from_name(const char *name) { return table_code(fmt_names, NELEM(fmt_names), name); }
const char *tx_fmt_name(int code) { return table_name(fmt_names, NELEM(fmt_names), code); }
int tx_dtype_from_name(const char *name) { return table_code(dtype_names, NELEM(dtype_names), name); }
const char *tx_dtype_name(int code) { return table_name(dtype_names, NELEM(dtype_names), code); }
int tx_swz_from_name(const char *name) { return table_code(swz_names, NELEM(swz_names), name); }
const char *tx_swz_name(int code) { return table_name(swz_names, NELEM(swz_names), code); }
int tx_textype_from_name(const char *name) { return table_code(textype_names, NELEM(textype_names), name); }
const char *tx_textype_name(int code) { return table_name(textype_names, NELEM(textype_names), code); }
int tx_version_from_name(const char *name) { return table_code(version_names, NELEM(version_names), name); }
const char *tx_version_name(int code) { return table_name(version_names, NELEM(version_names), code); }
