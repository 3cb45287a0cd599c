/*
 * bcn.h - block-compressed formats (twin of rtl/tx_bcn_pkg.sv and its per-family
 * leaves rtl/tx_bc1_pkg.sv ...).  docs/formats.md section 9 gives every rule.
 *
 * A 4x4 block is the "texel" of the layout and fetch stages: they address and
 * fetch whole blocks of 8 or 16 bytes.  The format stage then *transcodes*:
 * from the block and the texel's position (sx, sy) inside it, a decoder
 * builds one texel of an ordinary uncompressed format (the "substitute"
 * format, e.g. A8B8G8R8 for BC1), which the usual format rules (data types,
 * sRGB, defaults, swizzle) convert.  So each decoder only produces bits, and
 * model and RTL share the conversion code they already had.
 */
#ifndef TX_BCN_H
#define TX_BCN_H

#include <stdint.h>

/* COMPONENTS codes of the block-compressed formats (maxwell-isa-facts 8,
 * NVIDIA clb197tex.h). */
enum tx_fmt_bcn {
    TX_FMT_ETC2_RGB = 0x06, TX_FMT_ETC2_RGB_PTA = 0x0a, TX_FMT_ETC2_RGBA = 0x0b,
    TX_FMT_BC6H_SF16 = 0x10, TX_FMT_BC6H_UF16 = 0x11, TX_FMT_BC7U = 0x17,
    TX_FMT_EAC = 0x19, TX_FMT_EACX2 = 0x1a,
    TX_FMT_DXT1 = 0x24, TX_FMT_DXT23 = 0x25, TX_FMT_DXT45 = 0x26,
    TX_FMT_DXN1 = 0x27, TX_FMT_DXN2 = 0x28,
};

/* 1 for the ASTC codes (0x40..0x57), which texcosim refuses (docs/formats.md
 * section 9.9). */
int tx_fmt_is_astc(int components);

/* Bytes of one block (8 or 16) of a block-compressed format texcosim decodes;
 * 0 for any other code. */
int tx_bcn_block_bytes(int components);

/* The substitute format a block format transcodes to; 0 for other codes. */
int tx_bcn_subst(int components);

/* Transcode texel (sx, sy) (0..3 each) of block blk into texel[16] (the
 * substitute format's bits, little-endian, upper bytes 0).  sign selects the
 * signed variant of DXN1/DXN2/EAC/EACX2 (the header's R data type is SNORM,
 * SNORM_FORCE_FP16 or SINT).  Returns the substitute code, 0 (texel all 0)
 * for a code that is not a block format. */
int tx_bcn_decode(int components, int sign, const uint8_t blk[16], unsigned sx, unsigned sy,
                  uint8_t texel[16]);

/* The per-family decoders, all of one shape: block, position, signedness ->
 * texel bits of the family's substitute format (returned). */
int tx_bc1_decode(int components, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                  uint8_t texel[16]);   /* DXT1, DXT23, DXT45, DXN1, DXN2 */
int tx_etc2_decode(int components, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                   uint8_t texel[16]);  /* ETC2_RGB, _PTA, _RGBA, EAC, EACX2 */

#endif
