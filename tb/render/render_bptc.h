/*
 * render_bptc.h - small BC6H and BC7 encoders for `texcosim render --bcn`
 * (render_bptc.c): a fair picture, not the best one.
 */
#ifndef TX_RENDER_BPTC_H
#define TX_RENDER_BPTC_H

#include <stdint.h>

/* BC7 mode 6 block of 16 RGBA8 texels (texel i = x + 4y). */
void render_bc7_block(const uint8_t px[16][4], uint8_t b[16]);
/* BC6H mode 3 block (BC6H_UF16 0x11 or BC6H_SF16 0x10) of 16 RGBA8 texels
 * taken as UNORM values 0 .. 1 (alpha ignored). */
void render_bc6_block(int components, const uint8_t px[16][4], uint8_t b[16]);

#endif
