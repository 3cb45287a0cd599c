/*
 * render_tex.c - `texcosim render --ground`: a textured ground plane in
 * perspective, receding to the horizon, sampled with TEX through the
 * lockstep harness (model and RTL), so that a person sees the filtering at
 * a glance.
 *
 * The texture is a 64 x 64 checker board (8 x 8 squares) with all 7 mip
 * levels, each level tinted with its own colour (level 0 grey, 1 red,
 * 2 green, 3 blue, 4 yellow, 5 magenta, 6 cyan), so the level the LOD picks
 * shows as colour bands and trilinear filtering as smooth blends between
 * them.  Each warp covers 16 x 2 pixels as 8 quads (lanes 0 TL, 1 TR, 2 BL,
 * 3 BR), so the implicit LOD comes from real screen-space derivatives.
 * Three samplers: point (mag/min POINT, mip POINT), bilinear (LINEAR, mip
 * POINT) and trilinear (LINEAR, mip LINEAR), all WRAP.
 *
 * Output in DIR: point-model.png, point-rtl.png, point-diff.png and the same
 * for bilinear and trilinear.  diff: the model's picture dimmed, every
 * pixel where the RTL returned other bits in bright red.  Exit status 0
 * when model and RTL agree everywhere, 1 when they differ, 2 on errors.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "layout.h"
#include "lockstep.h"
#include "render.h"
#include "render_png.h"
#include "tic.h"

#define G_TIC_BASE 0x10000ull
#define G_TSC_BASE 0x20000ull
#define G_TEX_BASE 0x1000000ull
#define G_HEADER 1
#define G_SIZE 64
#define G_LEVELS 7
#define G_SASS "TEX R4, R8, 0x%x, 2D, 0xf;"

static const float tints[G_LEVELS][3] = {
    {1, 1, 1}, {1, 0.25f, 0.25f}, {0.25f, 1, 0.25f}, {0.3f, 0.45f, 1},
    {1, 1, 0.2f}, {1, 0.25f, 1}, {0.2f, 1, 1},
};

static int ground_load(tx_state *s)
{
    tx_tic t;
    tx_layout L;
    uint32_t w[8];
    memset(&t, 0, sizeof t);
    t.components = TX_FMT_A8B8G8R8;
    for (int i = 0; i < 4; i++)
        t.dtype[i] = TX_DT_UNORM;
    t.swz[0] = TX_SWZ_R;
    t.swz[1] = TX_SWZ_G;
    t.swz[2] = TX_SWZ_B;
    t.swz[3] = TX_SWZ_A;
    t.address = G_TEX_BASE;
    t.version = TX_TIC_BLOCKLINEAR;
    t.width_minus_one = G_SIZE - 1;
    t.height_minus_one = G_SIZE - 1;
    t.texture_type = TX_TEX_2D;
    t.normalized_coords = 1;
    t.max_mip_level = G_LEVELS - 1;
    t.res_view_max_mip_level = G_LEVELS - 1;
    if (tx_layout_build(&t, s->gob_layout, &L) != 0)
        return -1;
    for (unsigned l = 0; l < G_LEVELS; l++) {
        uint32_t n = L.lv[l].w, sq = n >= 8 ? n / 8 : 1;
        for (uint32_t y = 0; y < n; y++)
            for (uint32_t x = 0; x < n; x++) {
                int light = ((x / sq) + (y / sq)) & 1;
                uint8_t b[4];
                uint64_t a;
                for (int c = 0; c < 3; c++)
                    b[c] = (uint8_t)lroundf(tints[l][c] * (light ? 230.0f : 70.0f));
                b[3] = 255;
                if (tx_addr_texel(&L, l, x, y, 0, 0, 0, &a) != 0 ||
                    tx_mem_write(s->mem, a, b, 4) < 0)
                    return -1;
            }
    }
    s->tic_base = G_TIC_BASE;
    s->tic_max = 15;
    s->tsc_base = G_TSC_BASE;
    s->tsc_max = 7;
    tx_tic_pack(&t, w);
    tx_mem_write(s->mem, G_TIC_BASE + 32ull * G_HEADER, w, 32);
    for (int f = 0; f < 3; f++) {
        tx_tsc smp;
        memset(&smp, 0, sizeof smp);
        smp.mag_filter = smp.min_filter = f ? 2 : 1;
        smp.mip_filter = f == 2 ? 3 : 2;
        smp.max_lod_clamp = 0xfff;
        tx_tsc_pack(&smp, w);
        tx_mem_write(s->mem, G_TSC_BASE + 32ull * (uint64_t)f, w, 32);
        uint32_t h = (uint32_t)f << 20 | G_HEADER;
        memcpy(&s->cbank[4 * f], &h, 4);
    }
    return 0;
}

static uint8_t to8f(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, 4);
    if (!(f > 0.0f))
        return 0;
    return f >= 1.0f ? 255 : (uint8_t)lroundf(f * 255.0f);
}

/* Ground coordinates of pixel (x, y) of a w x h picture whose horizon is
 * row hz: the camera is 1 unit above the plane, focal length w/2. */
static void ground_st(uint32_t x, uint32_t y, uint32_t w, uint32_t hz, float *s, float *t)
{
    double f = w / 2.0;
    double z = f / ((double)y - hz + 0.5);          /* depth along the view */
    double wx = ((double)x - w / 2.0 + 0.5) * z / f;
    *s = (float)(wx / 4.0);
    *t = (float)(z / 4.0);
}

int render_ground(const ls_config *cfg, uint32_t w, uint32_t h, const char *out)
{
    static const char *const names[3] = {"point", "bilinear", "trilinear"};
    uint32_t hz = (h / 4) & ~1u;
    size_t npix = (size_t)w * h;
    int status = 0;
    size_t bad_total = 0;

    if (w % 16 || h % 2) {
        fprintf(stderr, "texcosim render: --ground needs a width that is a multiple of 16 and "
                        "an even height\n");
        return 2;
    }
    if (mkdir(out, 0777) < 0 && errno != EEXIST) {
        fprintf(stderr, "texcosim render: cannot create %s: %s\n", out, strerror(errno));
        return 2;
    }
    uint8_t *img[3];
    for (int i = 0; i < 3; i++)
        img[i] = malloc(npix * 3);
    ls_outcome *o = malloc(sizeof *o);
    lockstep *ls = ls_new();
    if (!img[0] || !img[1] || !img[2] || !o || !ls) {
        fprintf(stderr, "texcosim render: out of memory\n");
        return 2;
    }
    for (int f = 0; f < 3 && status != 2; f++) {
        char sass[64];
        uint64_t word;
        uint32_t ctrl;
        tx_asm_err e;
        snprintf(sass, sizeof sass, G_SASS, f);
        if (tx_asm(sass, &word, &ctrl, &e) < 0) {
            fprintf(stderr, "texcosim render: internal: %s\n", e.msg);
            status = 2;
            break;
        }
        ls_begin(ls, cfg);
        if (ground_load(ls->model) < 0 || ground_load(ls->rtl) < 0) {
            fprintf(stderr, "texcosim render: the ground texture cannot be laid out\n");
            status = 2;
            break;
        }
        ls_ready(ls);
        /* Sky above the horizon. */
        for (size_t p = 0; p < npix; p++)
            for (int i = 0; i < 3; i++) {
                static const uint8_t sky[3] = {150, 190, 235};
                img[i][3 * p + 0] = sky[0];
                img[i][3 * p + 1] = sky[1];
                img[i][3 * p + 2] = sky[2];
            }
        size_t bad = 0, hung = 0;
        for (uint32_t y0 = hz; y0 < h && !hung; y0 += 2)
            for (uint32_t x0 = 0; x0 < w && !hung; x0 += 16) {
                uint32_t px[32], py[32];
                for (int l = 0; l < 32; l++) {
                    px[l] = x0 + 2 * (uint32_t)(l / 4) + (uint32_t)(l & 1);
                    py[l] = y0 + (uint32_t)((l >> 1) & 1);
                    float s, t;
                    ground_st(px[l], py[l], w, hz, &s, &t);
                    uint32_t sb, tb;
                    memcpy(&sb, &s, 4);
                    memcpy(&tb, &t, 4);
                    ls->model->r[l][8] = ls->rtl->r[l][8] = sb;
                    ls->model->r[l][9] = ls->rtl->r[l][9] = tb;
                }
                ls_step(ls, word, ctrl, o);
                if (o->timed_out) {
                    hung = 1;
                    break;
                }
                for (int l = 0; l < 32; l++) {
                    size_t p = (size_t)py[l] * w + px[l];
                    uint32_t m[4] = {0, 0, 0, 0}, r[4] = {0, 0, 0, 0};
                    for (int i = 0; i < o->model.nregw; i++)
                        if (o->model.regw[i].lane == l && o->model.regw[i].reg >= 4 &&
                            o->model.regw[i].reg < 8)
                            m[o->model.regw[i].reg - 4] = o->model.regw[i].val;
                    for (int i = 0; i < o->rtl.nregw; i++)
                        if (o->rtl.regw[i].lane == l && o->rtl.regw[i].reg >= 4 &&
                            o->rtl.regw[i].reg < 8)
                            r[o->rtl.regw[i].reg - 4] = o->rtl.regw[i].val;
                    int same = !memcmp(m, r, sizeof m) && o->model.status == o->rtl.status;
                    for (int c = 0; c < 3; c++) {
                        img[0][3 * p + (size_t)c] = to8f(m[c]);
                        img[1][3 * p + (size_t)c] = to8f(r[c]);
                        img[2][3 * p + (size_t)c] = same ? to8f(m[c]) / 4 : (c ? 0 : 255);
                    }
                    bad += !same;
                }
            }
        char name[64];
        const char *kinds[3] = {"model", "rtl", "diff"};
        for (int i = 0; i < 3 && status != 2; i++) {
            snprintf(name, sizeof name, "%s-%s.png", names[f], kinds[i]);
            if (render_write_png(out, name, img[i], w, h) < 0)
                status = 2;
        }
        printf("render: ground %ux%u %s: %s\n", w, h, names[f],
               hung ? "the RTL hung" : bad ? "model and RTL DIFFER" : "model and RTL agree");
        if (bad)
            printf("render: %zu of %zu ground pixels differ\n", bad,
                   (size_t)w * (h - hz));
        bad_total += bad + hung;
    }
    if (status == 0)
        printf("render: wrote %s/{point,bilinear,trilinear}-{model,rtl,diff}.png\n", out);
    ls_free(ls);
    for (int i = 0; i < 3; i++)
        free(img[i]);
    free(o);
    if (status == 0 && bad_total)
        status = 1;
    return status;
}
