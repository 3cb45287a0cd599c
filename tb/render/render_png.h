/*
 * render_png.h - the PNG writer of `texcosim render`.
 */
#ifndef TX_RENDER_PNG_H
#define TX_RENDER_PNG_H

#include <stdint.h>

/* Write an 8-bit RGB image to DIR/NAME; 0, or -1 with a message. */
int render_write_png(const char *dir, const char *name, const uint8_t *rgb, uint32_t w,
                     uint32_t h);
/* --scale N: every PNG is written N times larger, nearest neighbour (each
 * pixel becomes an N x N block), so small renders can be inspected. */
void render_png_scale(uint32_t n);

#endif
