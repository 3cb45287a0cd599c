/*
 * isa_int.h - private to the decoder, the assembler and the disassembler:
 * opcode patterns, bit-field helpers and the name tables that text and words
 * share.  Bit positions: docs/sources.md (YUZU, ENVY,
 * MESA-EMIT); the field tables with their sources are in docs/isa.md.
 */
#ifndef TX_ISA_INT_H
#define TX_ISA_INT_H

#include "isa.h"

#define TX_RZ 255u /* register 255 reads 0, writes are dropped */
#define TX_PT 7u   /* predicate 7 is always true */

/* Opcode patterns: (word & MASK) == BITS.  The patterns do not overlap
 * (tests/unit/test_isa.c checks it). */
#define TX_TLDS_MASK  0xf600000000000000ull /* [63:60]=1101, [58:57]=01 */
#define TX_TLDS_BITS  0xd200000000000000ull
#define TX_TEX_MASK   0xf800000000000000ull /* [63:59]=11000 */
#define TX_TEX_BITS   0xc000000000000000ull
#define TX_TEXB_MASK  0xffc0000000000000ull /* [63:54]=1101111010 */
#define TX_TEXB_BITS  0xde80000000000000ull
#define TX_SULD_MASK  0xffe0000000000000ull /* [63:53]=11101011000 */
#define TX_SULD_BITS  0xeb00000000000000ull
#define TX_PIXLD_MASK 0xfff8000000000000ull /* [63:51]=1110111111101 */
#define TX_PIXLD_BITS 0xefe8000000000000ull
/* TLD [63:56] = 0xdc, TLD.B 0xdd (Ryujinx InstTable "11011100"/"11011101";
 * envydis 0xdc38/0xdd38, which also pins the sparse predicate to PT). */
#define TX_TLD_MASK   0xff00000000000000ull
#define TX_TLD_BITS   0xdc00000000000000ull
#define TX_TLDB_BITS  0xdd00000000000000ull
/* TXD [63:54] = 1101111000, TXD.B 1101111001 (Ryujinx "110111100x" and
 * "1101111001"; envydis 0xde38/0xde78 mask 0xfffc). */
#define TX_TXD_MASK   0xffc0000000000000ull
#define TX_TXD_BITS   0xde00000000000000ull
#define TX_TXDB_BITS  0xde40000000000000ull
/* TEXS [63:60] = 1101, [58:57] = 00 (Ryujinx "1101100"/"1101000"; envydis
 * 0xd000 mask 0xf600). */
#define TX_TEXS_MASK  0xf600000000000000ull
#define TX_TEXS_BITS  0xd000000000000000ull
/* SUST [63:53] = 11101011001, SURED 11101011010 (yuzu maxwell.inc; envydis
 * 0xeb20 / 0xeb40 mask 0xffe0). */
#define TX_SUST_MASK  0xffe0000000000000ull
#define TX_SUST_BITS  0xeb20000000000000ull
#define TX_SURED_BITS 0xeb40000000000000ull
#define TX_TLD4_MASK  0xfc00000000000000ull /* [63:58]=110010 */
#define TX_TLD4_BITS  0xc800000000000000ull
#define TX_TLD4B_MASK 0xffc0000000000000ull /* [63:54]=1101111011 */
#define TX_TLD4B_BITS 0xdec0000000000000ull
#define TX_TLD4S_MASK 0xff40000000000000ull /* [63:56]=0xdf, [54]=0 */
#define TX_TLD4S_BITS 0xdf00000000000000ull
#define TX_TXQ_MASK   0xfff8000000000000ull /* [63:51]: 0xdf48 TXQ, 0xdf50 TXQ.B */
#define TX_TXQ_BITS   0xdf48000000000000ull
#define TX_TXQB_BITS  0xdf50000000000000ull
#define TX_TMML_BITS  0xdf58000000000000ull /* 0xdf58 TMML, 0xdf60 TMML.B */
#define TX_TMMLB_BITS 0xdf60000000000000ull

/* Control-field layout (isa.h, docs/semantics.md S2.1). */
#define TX_CTRL_STALL(c) ((c) & 0xfu)
#define TX_CTRL_YIELD(c) (((c) >> 4) & 1u)
#define TX_CTRL_WR(c)    (((c) >> 5) & 7u)
#define TX_CTRL_RD(c)    (((c) >> 8) & 7u)
#define TX_CTRL_REQ(c)   (((c) >> 11) & 0x3fu)

/* n bits of w starting at bit lo. */
static inline uint32_t tx_bits(uint64_t w, unsigned lo, unsigned n)
{
    return (uint32_t)((w >> lo) & ((1ull << n) - 1));
}

/* w with n bits at lo replaced by v (v is masked to n bits). */
static inline uint64_t tx_put(uint64_t w, unsigned lo, unsigned n, uint64_t v)
{
    uint64_t m = ((1ull << n) - 1) << lo;
    return (w & ~m) | ((v << lo) & m);
}

/* One row of the TLDS target table (seed "Legal modifier table";
 * docs/semantics.md S3.2).  paramA uses enum tx_tex_dim values. */
struct tx_tlds_form {
    uint8_t valid;
    uint8_t dim;         /* TX_DIM_1D, _2D, _3D or _A2D */
    uint8_t ll;          /* 0 .LZ, 1 .LL */
    uint8_t aoffi, ms;
    uint8_t ra_n, rb_n;  /* registers read from Ra and from Rb */
    const char *rb_odd;  /* reason when a vec2 Rb is odd */
};
extern const struct tx_tlds_form tx_tlds_forms[16];

/* One row of the TEXS target table (envydis tabd000_0/1, Ryujinx
 * TexsTarget, Mesa getTEXSTarget); register packing from yuzu
 * texture_fetch_swizzled.cpp (facts section 4). */
struct tx_texs_form {
    uint8_t valid;
    uint8_t dim;         /* TX_DIM_1D, _2D, _A2D, _3D or _CUBE */
    uint8_t lod;         /* TX_LOD_NONE, _LZ or _LL */
    uint8_t dc;
    uint8_t ra_n, rb_n;  /* registers read from Ra and from Rb */
};
extern const struct tx_texs_form tx_texs_forms[16];

extern const char *const tx_tlds_mask_rz[8];  /* Rd1 == RZ, codes 0..7 */
extern const char *const tx_tlds_mask_nrz[5]; /* Rd1 != RZ, codes 0..4 */
extern const char *const tx_dim_names[8];     /* paramA, enum tx_tex_dim */
extern const char *const tx_lod_names[8];     /* TEX LOD mode, NULL = reserved */
extern const char *const tx_su_dim_names[6];
extern const uint8_t tx_su_dim_coords[6];
extern const char *const tx_su_cop_names[4];
extern const char *const tx_su_size_names[7];
extern const uint8_t tx_su_size_regs[7];
extern const char *const tx_su_clamp_names[3];
extern const char *const tx_pix_mode_names[6];
extern const char *const tx_su_stcop_names[4];   /* SUST cache op */
extern const char *const tx_su_redop_names[8];   /* SURED operation */
extern const char *const tx_su_redtype_names[8]; /* SURED type, as nvdisasm spells it */
extern const uint8_t tx_su_redtype_regs[8];      /* SURED data registers per type */
extern const char *const tx_tld4_comp_names[4]; /* R G B A */

/* The reserved bits (docs/isa.md) that are set in word; 0 for unknown
 * opcodes.  decode.c. */
uint64_t tx_reserved_set(uint64_t word);

/* Number of set bits of a 4-bit mask. */
static inline int tx_popcount4(unsigned m)
{
    return (int)((m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1));
}

#endif
