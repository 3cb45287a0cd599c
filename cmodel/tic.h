/*
 * tic.h - texture header (TIC) and sampler (TSC): the real 32-byte layouts of
 * NVIDIA open-gpu-doc classes/3d/clb197tex.h (TEXHEAD_BL / _PITCH / _1D and
 * TEXSAMP0..7); envytools gm200_texture.xml agrees (docs/sources.md).
 * Bit numbers in the comments are absolute over 256 bits.
 *
 * tx_tic_unpack/tx_tic_pack convert between the 8 words and named fields in
 * both directions; pack(unpack(w)) == w for every w whose reserved bits are 0.
 * The RTL's tx_header decodes the same words from memory.
 */
#ifndef TX_TIC_H
#define TX_TIC_H

#include <stdint.h>

/* HEADER_VERSION, bits 87:85 */
enum tx_tic_version { TX_TIC_1D_BUFFER = 0, TX_TIC_PITCH_COLORKEY = 1, TX_TIC_PITCH = 2,
                      TX_TIC_BLOCKLINEAR = 3, TX_TIC_BLOCKLINEAR_COLORKEY = 4 };
/* TEXTURE_TYPE, bits 154:151 */
enum tx_tic_type { TX_TEX_1D = 0, TX_TEX_2D = 1, TX_TEX_3D = 2, TX_TEX_CUBEMAP = 3,
                   TX_TEX_1D_ARRAY = 4, TX_TEX_2D_ARRAY = 5, TX_TEX_1D_BUFFER = 6,
                   TX_TEX_2D_NO_MIPMAP = 7, TX_TEX_CUBEMAP_ARRAY = 8 };
/* R/G/B/A_DATA_TYPE */
enum tx_dtype { TX_DT_SNORM = 1, TX_DT_UNORM = 2, TX_DT_SINT = 3, TX_DT_UINT = 4,
                TX_DT_SNORM_FORCE_FP16 = 5, TX_DT_UNORM_FORCE_FP16 = 6, TX_DT_FLOAT = 7 };
/* X/Y/Z/W_SOURCE */
enum tx_swz { TX_SWZ_ZERO = 0, TX_SWZ_R = 2, TX_SWZ_G = 3, TX_SWZ_B = 4, TX_SWZ_A = 5,
              TX_SWZ_ONE_INT = 6, TX_SWZ_ONE_FLOAT = 7 };

/* COMPONENTS (format) codes used by texcosim, bits 6:0. */
enum tx_fmt {
    TX_FMT_R32G32B32A32 = 0x01, TX_FMT_R16G16B16A16 = 0x03, TX_FMT_R32G32 = 0x04,
    TX_FMT_A8B8G8R8 = 0x08, TX_FMT_A2B10G10R10 = 0x09, TX_FMT_R16G16 = 0x0c,
    TX_FMT_R32 = 0x0f, TX_FMT_A4B4G4R4 = 0x12, TX_FMT_A1B5G5R5 = 0x14,
    TX_FMT_B5G6R5 = 0x15, TX_FMT_G8R8 = 0x18, TX_FMT_R16 = 0x1b, TX_FMT_R8 = 0x1d,
    TX_FMT_E5B9G9R9 = 0x20, TX_FMT_BF10GF11RF11 = 0x21, TX_FMT_Z24S8 = 0x29,
    TX_FMT_ZF32 = 0x2f, TX_FMT_Z16 = 0x3a,
};

typedef struct tx_tic {
    uint8_t components;       /* 6:0    enum tx_fmt */
    uint8_t dtype[4];         /* 9:7, 12:10, 15:13, 18:16  R,G,B,A data types */
    uint8_t swz[4];           /* 21:19, 24:22, 27:25, 30:28  X,Y,Z,W sources */
    uint8_t pack_components;  /* 31 */
    uint64_t address;         /* 48-bit byte address; low bits that the version
                                 cannot hold must be 0 (BL 512 B, pitch 32 B) */
    uint8_t gob_depth_offset; /* 38:37 (block-linear) */
    uint8_t version;          /* 87:85  enum tx_tic_version */
    uint8_t coherency_hash;   /* 92:89 */
    uint8_t gobs_per_block_width;  /* 98:96  (BL) */
    uint8_t gobs_per_block_height; /* 101:99 log2 (BL) */
    uint8_t gobs_per_block_depth;  /* 104:102 log2 (BL) */
    uint8_t tile_width_in_gobs;    /* 108:106 log2 (BL) */
    uint8_t gob3d;                 /* 109 (BL) */
    uint32_t pitch;           /* pitch header: bytes, 111:96 hold bits 20:5 */
    uint8_t lod_aniso_quality2, lod_aniso_quality, lod_iso_quality; /* 112,113,114 */
    uint8_t aniso_coarse_spread_modifier; /* 116:115 */
    uint8_t aniso_spread_scale;           /* 121:117 */
    uint8_t use_header_opt_control;       /* 122 */
    uint8_t depth_texture;                /* 123 */
    uint8_t max_mip_level;                /* 127:124 */
    uint32_t width_minus_one;  /* 143:128; 1D buffer: 32 bits (hi half 111:96) */
    uint8_t aniso_spread_max_log2;        /* 149:147 */
    uint8_t srgb;                         /* 150 S_R_G_B_CONVERSION */
    uint8_t texture_type;                 /* 154:151 enum tx_tic_type */
    uint8_t sector_promotion;             /* 156:155 */
    uint8_t border_size;                  /* 159:157 */
    uint16_t height_minus_one;            /* 175:160 */
    uint16_t depth_minus_one;             /* 189:176 (14 bits): depth or layers */
    uint8_t normalized_coords;            /* 191 */
    uint8_t trilin_opt;                   /* 197:193 */
    uint16_t mip_lod_bias;                /* 210:198 s5.8, raw 13 bits */
    uint8_t aniso_bias;                   /* 214:211 */
    uint8_t aniso_fine_spread_func;       /* 216:215 */
    uint8_t aniso_coarse_spread_func;     /* 218:217 */
    uint8_t max_anisotropy;               /* 221:219 */
    uint8_t aniso_fine_spread_modifier;   /* 223:222 */
    uint8_t res_view_min_mip_level;       /* 227:224 */
    uint8_t res_view_max_mip_level;       /* 231:228 */
    uint8_t multi_sample_count;           /* 235:232 */
    uint16_t min_lod_clamp;               /* 247:236 u4.8 */
} tx_tic;

typedef struct tx_tsc {
    uint8_t address_u, address_v, address_p; /* w0 2:0, 5:3, 8:6 */
    uint8_t depth_compare;                   /* w0 9 */
    uint8_t depth_compare_func;              /* w0 12:10 */
    uint8_t srgb_conversion;                 /* w0 13 */
    uint8_t font_filter_width, font_filter_height; /* w0 16:14, 19:17 */
    uint8_t max_anisotropy;                  /* w0 22:20 */
    uint8_t mag_filter;                      /* w1 2:0 */
    uint8_t min_lod_clamp_behavior;          /* w1 3 */
    uint8_t min_filter;                      /* w1 5:4 */
    uint8_t mip_filter;                      /* w1 7:6 */
    uint8_t cubemap_interface_filtering;     /* w1 9:8 */
    uint8_t reduction_filter;                /* w1 11:10 */
    uint16_t mip_lod_bias;                   /* w1 24:12 s5.8 raw 13 bits */
    uint8_t float_coord_normalization;       /* w1 25 */
    uint8_t trilin_opt;                      /* w1 30:26 */
    uint16_t min_lod_clamp;                  /* w2 11:0 u4.8 */
    uint16_t max_lod_clamp;                  /* w2 23:12 u4.8 */
    uint8_t srgb_border_r;                   /* w2 31:24 */
    uint8_t srgb_border_g, srgb_border_b;    /* w3 19:12, 27:20 */
    uint32_t border[4];                      /* w4..w7 R,G,B,A bit patterns */
} tx_tsc;

void tx_tic_unpack(const uint32_t w[8], tx_tic *t);
void tx_tic_pack(const tx_tic *t, uint32_t w[8]);
void tx_tsc_unpack(const uint32_t w[8], tx_tsc *t);
void tx_tsc_pack(const tx_tsc *t, uint32_t w[8]);

/* Name tables for the vector format and reports: name -> code, code -> name.
 * Lookups are case-insensitive; unknown names return -1 / NULL. */
int tx_fmt_from_name(const char *name);
const char *tx_fmt_name(int code);
int tx_dtype_from_name(const char *name);
const char *tx_dtype_name(int code);
int tx_swz_from_name(const char *name);
const char *tx_swz_name(int code);
int tx_textype_from_name(const char *name);
const char *tx_textype_name(int code);
int tx_version_from_name(const char *name);
const char *tx_version_name(int code);

#endif
