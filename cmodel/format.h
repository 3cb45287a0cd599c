/*
 * format.h - format stage: raw texel bits -> four 32-bit component values,
 * then the header's component swizzle.  Twin of rtl/tx_format.sv; both follow
 * docs/formats.md bit for bit.
 *
 * Values are 32-bit patterns: IEEE binary32 for UNORM, SNORM, FLOAT (and the
 * FORCE_FP16 variants), two's-complement / unsigned integers for SINT / UINT.
 * Components the format lacks read as 0, except A, which reads as 1 in the
 * type of the R component (1.0f, or integer 1 for SINT/UINT) - D3D11
 * section 19.1.3.3 defaults.  A texel that is out of bounds is decoded from
 * raw bits 0, which gives D3D's "0 in present components, default in missing".
 */
#ifndef TX_FORMAT_H
#define TX_FORMAT_H

#include <stdint.h>
#include "tic.h"

/* Bytes per texel of a COMPONENTS code (1..16), 0 if texcosim does not
 * support the format. */
int tx_fmt_bytes(int components);

/* The fields of the header that the format stage uses. */
typedef struct tx_fmt_desc {
    uint8_t components;  /* enum tx_fmt */
    uint8_t dtype[4];    /* enum tx_dtype, R G B A */
    uint8_t swz[4];      /* enum tx_swz, X Y Z W */
    uint8_t srgb;        /* TIC S_R_G_B_CONVERSION */
} tx_fmt_desc;

void tx_fmt_desc_from_tic(const tx_tic *t, tx_fmt_desc *d);

/* Decode before swizzle: raw[0..15] little-endian, the texel at byte 0.
 * out[0..3] = R, G, B, A. */
void tx_format_unpack(const tx_fmt_desc *d, const uint8_t raw[16], uint32_t out[4]);

/* Swizzle: out[i] = source swz[i] of rgba (ZERO 0, ONE_INT 1, ONE_FLOAT
 * 0x3f800000, an undefined code 0). */
void tx_format_swizzle(const tx_fmt_desc *d, const uint32_t rgba[4], uint32_t out[4]);

/* Both steps. */
void tx_format_decode(const tx_fmt_desc *d, const uint8_t raw[16], uint32_t out[4]);

/* Block-compressed formats (docs/formats.md section 9): raw is the whole
 * 8- or 16-byte block, (sx, sy) the texel's place in it, fetched 0 for a
 * block that was not read (out of bounds: the texel reads as zeros).  Other
 * formats: tx_format_decode of raw.  smin (may be NULL) receives, bit i for
 * the swizzled component i, the components that are 8-bit SNORM fields
 * holding the code -128: they decode to -1.0 like -127, but the filter's
 * SNORM8 class blends the code itself (docs/filtering.md B5). */
void tx_format_decode_at(const tx_fmt_desc *d, const uint8_t raw[16], unsigned sx, unsigned sy,
                         int fetched, uint32_t out[4], uint8_t *smin);

/* 1 when the header's sRGB bit applies to this format (docs/formats.md
 * section 5); the TEX border colour then comes from the sampler's sRGB
 * bytes. */
int tx_fmt_srgb_active(const tx_fmt_desc *d);
/* The sRGB table entry of an 8-bit code (binary32 linear value). */
uint32_t tx_srgb_to_f32(uint8_t c);

/* The smallest entry of the 8-code segment that crosses 2^(k-6), k = 0..6
 * (0x7f800000 when none does): docs/filtering.md B5. */
uint32_t tx_srgb_seg_start(unsigned k);

/* Blend classes (docs/filtering.md B5): how the filter weighs a component. */
enum tx_blend_class {
    TX_BL_F32 = 0,    /* binary32, aligned sum, one rounding */
    TX_BL_F16 = 1,    /* binary16 taps and result */
    TX_BL_UNORM = 2,  /* 16-bit UNORM codes */
    TX_BL_SNORM = 3,  /* 16-bit SNORM codes */
    TX_BL_SNORM8 = 4, /* 8-bit SNORM codes */
    TX_BL_SRGB = 5    /* sRGB-decoded 8-bit codes */
};
/* The class of each swizzled component X, Y, Z, W of a format (constants
 * and integer formats: TX_BL_F32). */
void tx_fmt_blend_classes(const tx_fmt_desc *d, uint8_t cls[4]);
/* The UNORM16 / SNORM16 code -> binary32 conversions of the format stage. */
uint32_t tx_unorm16_to_f32(uint32_t c);
uint32_t tx_snorm16_to_f32(int32_t c);

/* Conversions shared with other stages (pack uses tx_f32_to_f16). */
uint16_t tx_f32_to_f16(uint32_t f, int round_toward_zero);
uint32_t tx_f16_to_f32(uint16_t h);

#endif
