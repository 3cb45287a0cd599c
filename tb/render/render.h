/*
 * render.h - `texcosim render`: sample a generated texture through the
 * lockstep harness, one TLDS per 32 pixels, and write what the model and the
 * RTL returned as PNG images (model.png, rtl.png, diff.png).
 */
#ifndef TX_RENDER_H
#define TX_RENDER_H

#include <stdint.h>

#include "lockstep.h"

int cmd_render(int argc, char **argv);
/* render_tex.c: the TEX ground plane (`texcosim render --ground`). */
int render_ground(const ls_config *cfg, uint32_t w, uint32_t h, const char *out);
/* `texcosim render --pixld --out DIR` (render_pixld.c); DIR exists. */
int render_pixld(const char *dir);
/* Make and check the output folder before a render runs; 0 or -1. */
int render_outdir(const char *dir);
/* render_bcn.c: the block-compressed formats (`texcosim render --bcn`). */
int render_bcn(const ls_config *cfg, const char *out);

#endif
