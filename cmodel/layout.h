/*
 * layout.h - where texels live: the per-level table of a texture (layout
 * stage, twin of rtl/tx_layout.sv) and the per-texel byte address (address
 * stage, twin of rtl/tx_addr_pkg.sv).  Pitch-linear, block-linear (64 B x 8 row
 * GOBs, block height/depth per level with auto-sizing, Tegra X1 or desktop
 * intra-GOB layout), 1D buffers, mip chains, array layers and 3D slices.
 * The arithmetic is specified in docs/layouts.md with its sources.
 */
#ifndef TX_LAYOUT_H
#define TX_LAYOUT_H

#include <stdint.h>
#include "state.h"
#include "tic.h"

#define TX_MAX_LEVELS 16

enum tx_layout_kind { TX_LAYOUT_PITCH = 0, TX_LAYOUT_BLOCKLINEAR = 1, TX_LAYOUT_BUFFER = 2 };

typedef struct tx_level {
    uint32_t w, h, d;   /* texels; h = 1 for 1D, d = 1 unless 3D */
    uint64_t offset;    /* byte offset of the level inside one layer */
    uint8_t bh, bd;     /* log2 GOBs per block in Y / Z after auto-sizing */
    uint32_t gw;        /* width in GOBs (block-linear) */
} tx_level;

typedef struct tx_layout {
    uint8_t kind;            /* enum tx_layout_kind */
    uint8_t gob_layout;      /* enum tx_gob_layout */
    uint64_t base;           /* TIC address */
    uint32_t pitch;          /* pitch layout: bytes per row */
    uint32_t bpp;            /* bytes per texel (tx_fmt_bytes) */
    uint32_t layers;         /* array layers (1 unless an array type) */
    uint64_t layer_stride;   /* bytes between layers */
    uint32_t samples;        /* samples per pixel (multisample textures) */
    uint8_t first_level;     /* res_view_min_mip_level */
    uint8_t last_level;      /* min(res_view_max_mip_level, max_mip_level) */
    uint8_t blk;             /* block-compressed: bpp is per 4x4 block, and
                                x, y address blocks (docs/layouts.md 9) */
    tx_level lv[TX_MAX_LEVELS]; /* indexed by absolute level 0..15 */
} tx_layout;

/* Build the table from a header.  Returns 0, or -1 when the header cannot be
 * used (unsupported format or version): the caller then returns zeros. */
int tx_layout_build(const tx_tic *t, enum tx_gob_layout gob, tx_layout *L);

/* Byte address of a texel.  level is absolute (0..15); x, y, z, layer and
 * sample are unsigned.  Returns 0 and *addr, or 1 when any of them is out of
 * bounds (then *addr is 0). */
int tx_addr_texel(const tx_layout *L, uint32_t level, uint32_t x, uint32_t y,
                  uint32_t z, uint32_t layer, uint32_t sample, uint64_t *addr);

/* Intra-GOB byte offset of byte column xb (0..63) and row y (0..7). */
uint32_t tx_gob_offset(enum tx_gob_layout gob, uint32_t xb, uint32_t y);

#endif
