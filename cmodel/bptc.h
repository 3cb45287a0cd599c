/*
 * bptc.h - the BC6H and BC7 block decoders (BPTC in Khronos' naming).
 * Twins of rtl/tx_bc6_pkg.sv and rtl/tx_bc7_pkg.sv; docs/formats.md section 10
 * gives every rule with its public source.
 *
 * Both have the shape of the other block decoders (bcn.h): they transcode
 * texel (sx, sy) of a 16-byte block into one texel of an ordinary format,
 * whose COMPONENTS code they return, and the format stage converts that
 * texel as usual.
 */
#ifndef TX_BPTC_H
#define TX_BPTC_H

#include <stdint.h>

/* BC6H_SF16 (0x10, signed) or BC6H_UF16 (0x11): texel = R, G, B as binary16
 * in bytes 0-1, 2-3, 4-5 and A = 1.0 (0x3c00) in bytes 6-7, the rest 0;
 * returns R16G16B16A16 (0x03).  A reserved mode gives R = G = B = 0.  sign
 * is not used: the signedness is the format's. */
int tx_bc6_decode(int components, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                  uint8_t texel[16]);

/* Mode index 0..13 of a BC6H block (the order of tx_bc6_pos), -1 when
 * reserved. */
int tx_bc6_mode_index(const uint8_t blk[16]);

/* BC7U (0x17): texel = R, G, B, A bytes; returns A8B8G8R8 (0x08).  The
 * reserved mode (low byte 0) gives 0, 0, 0, 0.  sign is not used. */
int tx_bc7_decode(int components, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                  uint8_t texel[16]);

/* Pieces shared by the two decoders and the unit tests (cmodel/bptc.c). */
extern const uint16_t tx_bptc_part2[64];
extern const uint32_t tx_bptc_part3[64];
extern const uint8_t tx_bptc_anchor2[64], tx_bptc_anchor3a[64], tx_bptc_anchor3b[64];
extern const uint8_t tx_bc6_pos[14][12][16];

/* Bits [at, at + n) of the little-endian 128-bit block, n <= 32. */
uint32_t tx_bptc_bits(const uint8_t blk[16], unsigned at, unsigned n);
/* Subset of texel i (0..15) in partition p of a block with ns subsets. */
unsigned tx_bptc_subset(unsigned ns, unsigned p, unsigned i);
/* 1 when texel i is the anchor of its subset (its index has one bit less). */
int tx_bptc_is_anchor(unsigned ns, unsigned p, unsigned i);
/* The 6-bit interpolation weight of index idx of an nbits-bit index. */
unsigned tx_bptc_weight(unsigned nbits, unsigned idx);

#endif
