/*
 * render_pixld.c - `texcosim render --pixld --out DIR`: pictures of the
 * sample positions and coverage of each multisample mode, read back through
 * PIXLD on the RTL and the model in lockstep.
 *
 * For each raster (1, 2, 4, 8 and 16 samples with the standard positions,
 * and 4 samples with programmed ones) the warp's 32 lanes are 32 pixels,
 * laid out as the quads are (quad q at column 2*(q%4), row 2*(q/4); lane 0
 * top-left of its quad).  Each lane gets a coverage mask of one of six
 * classes.  PIXLD.COVMASK gives the coverage, PIXLD.OFFSET [s] the position
 * of each sample s and PIXLD.CENTROID_OFFSET the centroid, all from the RTL
 * (the model is checked against it step by step).  Each pixel is drawn 64
 * image pixels wide (4 per 1/16 pixel): covered samples as green dots,
 * uncovered ones as dark red dots, the centroid as a white cross and the
 * pixel centre as a grey dot.  One PNG per raster: ms1.png .. ms16.png,
 * ms4-programmed.png.
 *
 * Exit status: 0 model and RTL agree everywhere, 1 they differ (or the RTL
 * hung), 2 bad options or an error writing the images.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lockstep.h"
#include "pixld.h"
#include "render.h"
#include "render_png.h"

#define CELL 64                 /* image pixels per raster pixel */
#define COLS 8
#define ROWS 4

static void dot(uint8_t *img, int w, int cx, int cy, int r, const uint8_t c[3])
{
    for (int y = cy - r; y <= cy + r; y++)
        for (int x = cx - r; x <= cx + r; x++)
            if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r && x >= 0 && y >= 0 &&
                x < w && y < ROWS * CELL)
                memcpy(img + ((size_t)y * (size_t)w + (size_t)x) * 3, c, 3);
}

static void cross(uint8_t *img, int w, int cx, int cy, int r, const uint8_t c[3])
{
    for (int d = -r; d <= r; d++)
        for (int t = -1; t <= 1; t++) {
            dot(img, w, cx + d, cy + d + t, 0, c);
            dot(img, w, cx + d, cy - d + t, 0, c);
        }
}

/* Offset half of a PIXLD.OFFSET word: s16 at bit pos. */
static int half(uint32_t v, int pos)
{
    return (int16_t)(uint16_t)(v >> pos);
}

/* Value lane wrote to reg in the effects, or 0. */
static uint32_t lane_val(const tx_effects *fx, int lane, int reg)
{
    uint32_t v = 0;
    for (int i = 0; i < fx->nregw; i++)
        if (fx->regw[i].lane == lane && fx->regw[i].reg == reg)
            v = fx->regw[i].val;
    return v;
}

/* Run one PIXLD in lockstep; 0 agree, 1 differ or hang, 2 internal. */
static int run(lockstep *ls, const char *sass, ls_outcome *out)
{
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    if (tx_asm(sass, &w, &c, &e) < 0) {
        fprintf(stderr, "texcosim render: internal: %s: %s\n", sass, e.msg);
        return 2;
    }
    if (ls_step(ls, w, c, out) != 0) {
        fprintf(stderr, "texcosim render: %s: model and RTL differ%s\n", sass,
                out->timed_out ? " (the RTL hung)" : "");
        return 1;
    }
    return 0;
}

static int draw(lockstep *ls, unsigned n, int prog, const char *dir, ls_outcome *out)
{
    static const uint8_t bg[3] = {40, 40, 48}, grid[3] = {90, 90, 100}, green[3] = {60, 220, 90},
                         red[3] = {150, 30, 30}, white[3] = {255, 255, 255},
                         grey[3] = {130, 130, 130};
    const int w = COLS * CELL, h = ROWS * CELL;
    tx_raster ra;
    uint32_t pos[16][32], cov[32], cen[32];
    char sass[64], name[64];
    int rc = 0;

    memset(&ra, 0, sizeof ra);
    ra.samples = (uint8_t)n;
    ra.programmed = (uint8_t)prog;
    for (unsigned s = 0; s < n; s++) {
        ra.pos[s][0] = (int8_t)((int)((s * 5 + 3) % 16) - 8);
        ra.pos[s][1] = (int8_t)((int)((s * 9 + 6) % 16) - 8);
    }
    for (int l = 0; l < 32; l++) {
        uint32_t all = (1u << n) - 1u;
        static const uint32_t cls[6] = {0xffffu, 0, 1, 0xfffeu, 0xaaaau, 0x5a3cu};
        uint32_t m = l % 6 == 2 ? 1u << ((unsigned)l % n) : cls[l % 6];
        ra.cov[l] = (uint16_t)(m & all);
    }
    ls->model->raster = ra;
    ls->rtl->raster = ra;

    if ((rc = run(ls, "PIXLD.COVMASK R1;", out)) != 0)
        return rc;
    for (int l = 0; l < 32; l++)
        cov[l] = lane_val(&out->rtl, l, 1);
    for (unsigned s = 0; s < n; s++) {
        snprintf(sass, sizeof sass, "PIXLD.OFFSET R2, [0x%x];", s);
        if ((rc = run(ls, sass, out)) != 0)
            return rc;
        for (int l = 0; l < 32; l++)
            pos[s][l] = lane_val(&out->rtl, l, 2);
    }
    if ((rc = run(ls, "PIXLD.CENTROID_OFFSET R3;", out)) != 0)
        return rc;
    for (int l = 0; l < 32; l++)
        cen[l] = lane_val(&out->rtl, l, 3);

    uint8_t *img = malloc((size_t)w * h * 3);
    if (!img) {
        fprintf(stderr, "texcosim render: out of memory\n");
        return 2;
    }
    for (size_t i = 0; i < (size_t)w * h; i++)
        memcpy(img + i * 3, bg, 3);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (x % CELL == 0 || y % CELL == 0)
                memcpy(img + ((size_t)y * w + x) * 3, grid, 3);
    for (int l = 0; l < 32; l++) {
        int q = l / 4, px = 2 * (q % 4) + (l & 1), py = 2 * (q / 4) + ((l >> 1) & 1);
        int cx = px * CELL + CELL / 2, cy = py * CELL + CELL / 2;
        dot(img, w, cx, cy, 2, grey);
        for (unsigned s = 0; s < n; s++) {
            int sx = cx + half(pos[s][l], 0) * (CELL / 16), sy = cy + half(pos[s][l], 16) * (CELL / 16);
            dot(img, w, sx, sy, 4, (cov[l] >> s & 1) ? green : red);
        }
        cross(img, w, cx + half(cen[l], 0) * (CELL / 16), cy + half(cen[l], 16) * (CELL / 16), 5,
              white);
    }
    snprintf(name, sizeof name, "ms%u%s.png", n, prog ? "-programmed" : "");
    rc = render_write_png(dir, name, img, (uint32_t)w, (uint32_t)h) < 0 ? 2 : 0;
    free(img);
    if (rc == 0)
        printf("texcosim render: %s/%s (%u samples, %s positions)\n", dir, name, n,
               prog ? "programmed" : "standard");
    return rc;
}

int render_pixld(const char *dir)
{
    static const unsigned counts[5] = {1, 2, 4, 8, 16};
    lockstep *ls = ls_new();
    ls_outcome *out = malloc(sizeof *out);
    ls_config cfg;
    int rc = 0;
    if (!ls || !out) {
        fprintf(stderr, "texcosim render: out of memory\n");
        ls_free(ls);
        free(out);
        return 2;
    }
    ls_config_default(&cfg);
    ls_begin(ls, &cfg);
    ls_ready(ls);
    for (int k = 0; k < 6 && rc == 0; k++)
        rc = draw(ls, k < 5 ? counts[k] : 4, k == 5, dir, out);
    ls_free(ls);
    free(out);
    return rc;
}
