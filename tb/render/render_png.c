/*
 * render_png.c - the PNG writer of `texcosim render` (render_png.h), shared
 * by render.c and the per-instruction renders (render_tex.c, render_bcn.c,
 * render_pixld.c).
 */
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "render_png.h"

/* --scale N: every PNG is written N times larger, nearest neighbour (each
 * pixel becomes an N x N block), so small renders can be inspected. */
static uint32_t render_scale = 1;

void render_png_scale(uint32_t n)
{
    render_scale = n;
}

int render_write_png(const char *dir, const char *name, const uint8_t *rgb, uint32_t w,
                     uint32_t h)
{
    char path[4096];
    uint32_t sc = render_scale;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    /* Set before setjmp and not changed after it (no clobbered locals). */
    uint8_t *const row = sc > 1 ? malloc((size_t)w * sc * 3) : NULL;
    if (sc > 1 && !row) {
        fprintf(stderr, "texcosim render: out of memory writing %s\n", path);
        return -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "texcosim render: cannot write %s: %s\n", path, strerror(errno));
        free(row);
        return -1;
    }
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    if (!p || !info || setjmp(png_jmpbuf(p))) {
        fprintf(stderr, "texcosim render: libpng failed writing %s\n", path);
        png_destroy_write_struct(&p, &info);
        fclose(f);
        free(row);
        return -1;
    }
    png_init_io(p, f);
    png_set_IHDR(p, info, w * sc, h * sc, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(p, info);
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *src = rgb + (size_t)y * w * 3;
        if (sc == 1) {
            png_write_row(p, (png_const_bytep)src);
            continue;
        }
        for (uint32_t x = 0; x < w * sc; x++)
            memcpy(row + (size_t)x * 3, src + (size_t)(x / sc) * 3, 3);
        for (uint32_t k = 0; k < sc; k++)
            png_write_row(p, (png_const_bytep)row);
    }
    png_write_end(p, NULL);
    png_destroy_write_struct(&p, &info);
    free(row);
    if (fclose(f) != 0) {
        fprintf(stderr, "texcosim render: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}
