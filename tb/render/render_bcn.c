/*
 * render_bcn.c - `texcosim render --bcn --out DIR`: one picture compressed
 * in each block format texcosim decodes, beside the uncompressed original,
 * read back texel by texel with TLDS through the lockstep harness.
 *
 * The picture (64 x 64: colour ramps, discs, a sharp diagonal, an alpha
 * gradient) is compressed here by small encoders that aim for a fair
 * picture, not for the best one: endpoints from the extremes of each block
 * (DXT, DXN), ETC2 individual / differential modes and EAC with a search
 * over the tables.  Each format is loaded as a block-linear texture into
 * both warp states, and one TLDS.LZ per 32 texels reads it on the model and
 * the RTL.  Output in DIR: bcn-model.png and bcn-rtl.png, a row of panels
 * (original, then DXT1, DXT23, DXT45, DXN1, DXN2, ETC2_RGB, ETC2_RGB_PTA,
 * ETC2_RGBA, EAC, EACX2, BC6H_UF16, BC6H_SF16, BC7U; one-component formats
 * in grey, two-component ones in red and green; alpha shown over a checker
 * board), and bcn-diff.png
 * (the model's row dimmed, texels where the RTL returned other bits in red).
 * Exit status 0 when model and RTL agree everywhere, 1 when they differ, 2 on
 * errors.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bcn.h"
#include "layout.h"
#include "lockstep.h"
#include "render.h"
#include "render_png.h"
#include "render_bptc.h"
#include "tic.h"

#define B_TIC_BASE 0x10000ull
#define B_TEX_BASE 0x1000000ull
#define B_HEADER 1
#define N 64
#define GAP 4
#define B_SASS "TLDS.LZ R6, R4, R8, R9, 0x0, 2D, RGBA;"

static const uint8_t bfmts[] = {
    TX_FMT_DXT1, TX_FMT_DXT23, TX_FMT_DXT45, TX_FMT_DXN1, TX_FMT_DXN2, TX_FMT_ETC2_RGB,
    TX_FMT_ETC2_RGB_PTA, TX_FMT_ETC2_RGBA, TX_FMT_EAC, TX_FMT_EACX2,
    TX_FMT_BC6H_UF16, TX_FMT_BC6H_SF16, TX_FMT_BC7U,   /* render_bptc.c */
};
#define NB ((int)sizeof bfmts)

/* The original picture, RGBA8. */
static void picture(uint8_t img[N][N][4])
{
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            double r = 255.0 * x / (N - 1), g = 255.0 * (0.5 + 0.5 * sin(y / 5.0));
            double b = 255.0 * ((x + 2 * y) % 48) / 47.0, a = 255.0 * y / (N - 1);
            double d1 = (x - 18) * (x - 18) + (y - 20) * (y - 20);
            double d2 = (x - 44) * (x - 44) + (y - 42) * (y - 42);
            if (d1 < 100)
                r = 240, g = 40, b = 30;
            if (d2 < 140)
                r = 30, g = 200, b = 90, a = 255;
            if (abs(x - y) < 2)
                r = g = b = 250;
            img[y][x][0] = (uint8_t)lround(r);
            img[y][x][1] = (uint8_t)lround(g);
            img[y][x][2] = (uint8_t)lround(b);
            img[y][x][3] = (uint8_t)lround(a);
        }
}

/* ---- tiny encoders ------------------------------------------------------- */

static int sq(int v) { return v * v; }

/* The decoded substitute texel of blk at texel i. */
static void dec(int fmt, const uint8_t *blk, int i, uint8_t t[16])
{
    tx_bcn_decode(fmt, 0, blk, (unsigned)(i % 4), (unsigned)(i / 4), t);
}

/* 2-bit colour indices (DXT colour block at blk + off) by trying each. */
static void colour_block(int fmt, uint8_t *blk, int off, uint8_t px[16][4])
{
    int lo = 0, hi = 0, ll = 1 << 30, lh = -1;
    for (int i = 0; i < 16; i++) {
        int l = 2 * px[i][0] + 4 * px[i][1] + px[i][2];
        if (l < ll) { ll = l; lo = i; }
        if (l > lh) { lh = l; hi = i; }
    }
    unsigned c[2];
    for (int k = 0; k < 2; k++) {
        const uint8_t *p = px[k ? lo : hi];
        c[k] = (unsigned)(p[0] >> 3) << 11 | (unsigned)(p[1] >> 2) << 5 | (unsigned)(p[2] >> 3);
    }
    if (c[0] < c[1]) {
        unsigned s = c[0]; c[0] = c[1]; c[1] = s;
    }
    blk[off] = (uint8_t)c[0]; blk[off + 1] = (uint8_t)(c[0] >> 8);
    blk[off + 2] = (uint8_t)c[1]; blk[off + 3] = (uint8_t)(c[1] >> 8);
    uint32_t idx = 0;
    for (int i = 0; i < 16; i++) {
        int best = 0, be = 1 << 30;
        for (int k = 0; k < 4; k++) {
            uint8_t t[16];
            uint32_t w = 0;
            for (int j = 0; j < 16; j++)
                w |= (uint32_t)k << (2 * j);
            memcpy(blk + off + 4, &w, 4);
            dec(fmt, blk, i, t);
            int e = sq(t[0] - px[i][0]) + sq(t[1] - px[i][1]) + sq(t[2] - px[i][2]);
            if (e < be) { be = e; best = k; }
        }
        idx |= (uint32_t)best << (2 * i);
    }
    for (int k = 0; k < 4; k++)
        blk[off + 4 + k] = (uint8_t)(idx >> (8 * k));
}

/* Channel block (DXT45 alpha, DXN): endpoints max, min; nearest index. */
static void channel_block(uint8_t *b, const uint8_t v[16])
{
    uint8_t mn = 255, mx = 0;
    for (int i = 0; i < 16; i++) {
        mn = v[i] < mn ? v[i] : mn;
        mx = v[i] > mx ? v[i] : mx;
    }
    b[0] = mx;
    b[1] = mn;
    uint64_t bits = 0;
    for (int i = 0; i < 16; i++) {
        int best = 0, be = 1 << 30;
        for (int k = 0; k < 8; k++) {
            int p = k == 0 ? mx : k == 1 ? mn
                  : mx > mn ? ((8 - k) * mx + (k - 1) * mn + 3) / 7
                  : mx;
            if (abs(p - v[i]) < be) { be = abs(p - v[i]); best = k; }
        }
        bits |= (uint64_t)best << (3 * i);
    }
    for (int k = 0; k < 6; k++)
        b[2 + k] = (uint8_t)(bits >> (8 * k));
}

static void putbe(uint8_t *b, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(w >> (56 - 8 * i));
}

/* ETC2 RGB (individual mode, flip 0) or punch-through (differential, opaque):
 * per half the average colour, then the table with the least error. */
static void etc2_block(int fmt, uint8_t *b, uint8_t px[16][4])
{
    int avg[2][3] = {{0}};
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 3; c++)
            avg[(i % 4) >= 2][c] += px[i][c];
    uint64_t w = 0;
    if (fmt == TX_FMT_ETC2_RGB_PTA) {
        for (int c = 0; c < 3; c++) {
            int b0 = (avg[0][c] / 8) >> 3, b1 = (avg[1][c] / 8) >> 3, d = b1 - b0;
            d = d < -4 ? -4 : d > 3 ? 3 : d;
            w |= (uint64_t)b0 << (59 - 8 * c) | (uint64_t)(d & 7) << (56 - 8 * c);
        }
        w |= 1ull << 33;
    } else {
        for (int c = 0; c < 3; c++)
            w |= (uint64_t)((avg[0][c] / 8) >> 4) << (60 - 8 * c) |
                 (uint64_t)((avg[1][c] / 8) >> 4) << (56 - 8 * c);
    }
    uint64_t bestw = w;
    long beste = -1;
    for (int t0 = 0; t0 < 8; t0++) {
        uint64_t tw = w | (uint64_t)t0 << 37 | (uint64_t)t0 << 34;
        long e = 0;
        for (int i = 0; i < 16; i++) {
            int x = i % 4, y = i / 4, n = 4 * x + y, bk = 0, bke = 1 << 30;
            for (int k = 0; k < 4; k++) {
                uint8_t t[16], blk[16] = {0};
                uint64_t kw = tw | (uint64_t)(k >> 1) << (16 + n) | (uint64_t)(k & 1) << n;
                putbe(blk, kw);
                dec(fmt, blk, i, t);
                int ee = sq(t[0] - px[i][0]) + sq(t[1] - px[i][1]) + sq(t[2] - px[i][2]);
                if (ee < bke) { bke = ee; bk = k; }
            }
            tw |= (uint64_t)(bk >> 1) << (16 + n) | (uint64_t)(bk & 1) << n;
            e += bke;
        }
        if (beste < 0 || e < beste) { beste = e; bestw = tw; }
    }
    putbe(b, bestw);
}

/* EAC / ETC2 alpha block for 8-bit values v (eac: unsigned R11 from v). */
static void eac_block(int fmt, uint8_t *b, const uint8_t v[16])
{
    int sum = 0;
    for (int i = 0; i < 16; i++)
        sum += v[i];
    uint64_t best = 0;
    long beste = -1;
    for (int tab = 0; tab < 16; tab++)
        for (int mul = 1; mul < 16; mul += 2) {
            uint64_t w = (uint64_t)(sum / 16) << 56 | (uint64_t)mul << 52 | (uint64_t)tab << 48;
            long e = 0;
            for (int i = 0; i < 16; i++) {
                int n = 4 * (i % 4) + i / 4, bk = 0, bke = 1 << 30;
                for (int k = 0; k < 8; k++) {
                    uint8_t t[16], blk[16] = {0};
                    putbe(blk, w | (uint64_t)k << (45 - 3 * n));
                    dec(fmt, blk, i, t);
                    int got = fmt == TX_FMT_EAC ? t[1] : t[3];
                    if (abs(got - v[i]) < bke) { bke = abs(got - v[i]); bk = k; }
                }
                w |= (uint64_t)bk << (45 - 3 * n);
                e += bke;
            }
            if (beste < 0 || e < beste) { beste = e; best = w; }
        }
    putbe(b, best);
}

static void encode_block(int fmt, uint8_t px[16][4], uint8_t b[16])
{
    uint8_t ch[4][16];
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 4; c++)
            ch[c][i] = px[i][c];
    memset(b, 0, 16);
    switch (fmt) {
    case TX_FMT_DXT1: colour_block(fmt, b, 0, px); break;
    case TX_FMT_DXT23:
        for (int i = 0; i < 16; i++)
            b[i / 2] |= (uint8_t)(((ch[3][i] * 15 + 127) / 255) << (4 * (i & 1)));
        colour_block(fmt, b, 8, px);
        break;
    case TX_FMT_DXT45: channel_block(b, ch[3]); colour_block(fmt, b, 8, px); break;
    case TX_FMT_DXN1: channel_block(b, ch[0]); break;
    case TX_FMT_DXN2: channel_block(b, ch[0]); channel_block(b + 8, ch[1]); break;
    case TX_FMT_ETC2_RGB: case TX_FMT_ETC2_RGB_PTA: etc2_block(fmt, b, px); break;
    case TX_FMT_ETC2_RGBA:
        etc2_block(TX_FMT_ETC2_RGB, b + 8, px);
        eac_block(TX_FMT_ETC2_RGBA, b, ch[3]);
        break;
    case TX_FMT_EAC: eac_block(TX_FMT_EAC, b, ch[0]); break;
    case TX_FMT_BC7U: render_bc7_block(px, b); break;
    case TX_FMT_BC6H_UF16: case TX_FMT_BC6H_SF16: render_bc6_block(fmt, px, b); break;
    case TX_FMT_EACX2: {
        uint8_t t[16];
        eac_block(TX_FMT_EAC, t, ch[1]);
        eac_block(TX_FMT_EAC, b, ch[0]);
        memcpy(b + 8, t, 8);
        break;
    }
    default: break;
    }
}

/* ---- the run --------------------------------------------------------------- */

static int load(tx_state *s, int fmt, uint8_t img[N][N][4])
{
    tx_tic t;
    tx_layout L;
    uint32_t w[8];
    memset(&t, 0, sizeof t);
    t.components = (uint8_t)fmt;
    for (int i = 0; i < 4; i++)     /* BC6H returns binary16 halves: FLOAT */
        t.dtype[i] = fmt == TX_FMT_BC6H_UF16 || fmt == TX_FMT_BC6H_SF16 ? TX_DT_FLOAT : TX_DT_UNORM;
    t.swz[0] = TX_SWZ_R, t.swz[1] = TX_SWZ_G, t.swz[2] = TX_SWZ_B, t.swz[3] = TX_SWZ_A;
    t.address = B_TEX_BASE;
    t.version = TX_TIC_BLOCKLINEAR;
    t.gobs_per_block_height = 2;
    t.width_minus_one = N - 1;
    t.height_minus_one = N - 1;
    t.texture_type = TX_TEX_2D;
    t.normalized_coords = 1;
    s->tic_base = B_TIC_BASE;
    s->tic_max = 15;
    s->cbank[0] = B_HEADER;
    if (tx_layout_build(&t, s->gob_layout, &L) != 0)
        return -1;
    for (int by = 0; by < N; by += 4)
        for (int bx = 0; bx < N; bx += 4) {
            uint8_t px[16][4], blk[16];
            uint64_t a;
            for (int i = 0; i < 16; i++)
                memcpy(px[i], img[by + i / 4][bx + i % 4], 4);
            encode_block(fmt, px, blk);
            if (tx_addr_texel(&L, 0, (uint32_t)bx, (uint32_t)by, 0, 0, 0, &a) != 0 ||
                tx_mem_write(s->mem, a, blk, L.bpp) < 0)
                return -1;
        }
    tx_tic_pack(&t, w);
    for (int i = 0; i < 8; i++) {
        uint8_t b[4] = {(uint8_t)w[i], (uint8_t)(w[i] >> 8), (uint8_t)(w[i] >> 16),
                        (uint8_t)(w[i] >> 24)};
        tx_mem_write(s->mem, B_TIC_BASE + 32ull * B_HEADER + 4ull * (uint64_t)i, b, 4);
    }
    return 0;
}

static uint8_t to8(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, 4);
    if (!(f > 0.0f))
        return 0;
    return f >= 1.0f ? 255 : (uint8_t)lroundf(f * 255.0f);
}

/* RGB of a pixel: colour over a grey checker by alpha; one- and
 * two-component formats as grey / red-green. */
static void shade(int ncomp, const uint32_t c[4], int x, int y, uint8_t rgb[3])
{
    int bg = ((x / 8 + y / 8) & 1) ? 200 : 120;
    uint8_t v[4];
    for (int i = 0; i < 4; i++)
        v[i] = to8(c[i]);
    if (ncomp == 1) {
        rgb[0] = rgb[1] = rgb[2] = v[0];
        return;
    }
    if (ncomp == 2) {
        rgb[0] = v[0], rgb[1] = v[1], rgb[2] = 0;
        return;
    }
    for (int i = 0; i < 3; i++)
        rgb[i] = (uint8_t)((v[i] * v[3] + bg * (255 - v[3]) + 127) / 255);
}

static int ncomp_of(int fmt)
{
    return fmt == TX_FMT_DXN1 || fmt == TX_FMT_EAC ? 1
         : fmt == TX_FMT_DXN2 || fmt == TX_FMT_EACX2 ? 2 : 4;
}

int render_bcn(const ls_config *cfg, const char *out)
{
    static uint8_t img[N][N][4];
    const uint32_t W = (uint32_t)((NB + 1) * (N + GAP) - GAP), H = N;
    uint8_t *pic[3];
    uint64_t word;
    uint32_t ctrl;
    tx_asm_err e;
    int status = 0;
    size_t bad = 0;

    if (mkdir(out, 0777) < 0 && errno != EEXIST) {
        fprintf(stderr, "texcosim render: cannot create %s: %s\n", out, strerror(errno));
        return 2;
    }
    if (tx_asm(B_SASS, &word, &ctrl, &e) < 0) {
        fprintf(stderr, "texcosim render: internal: %s\n", e.msg);
        return 2;
    }
    picture(img);
    for (int i = 0; i < 3; i++) {
        pic[i] = calloc((size_t)W * H, 3);
        if (!pic[i]) {
            fprintf(stderr, "texcosim render: out of memory\n");
            return 2;
        }
        memset(pic[i], 32, (size_t)W * H * 3);
    }
    /* Panel 0: the original. */
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            uint32_t c[4];
            for (int k = 0; k < 4; k++) {
                float f = img[y][x][k] / 255.0f;
                memcpy(&c[k], &f, 4);
            }
            for (int i = 0; i < 3; i++)
                shade(4, c, x, y, pic[i] + 3 * ((size_t)y * W + (size_t)x));
        }
    ls_outcome *o = malloc(sizeof *o);
    lockstep *ls = ls_new();
    if (!o || !ls) {
        fprintf(stderr, "texcosim render: out of memory\n");
        return 2;
    }
    for (int f = 0; f < NB && status == 0; f++) {
        ls_begin(ls, cfg);
        if (load(ls->model, bfmts[f], img) < 0 || load(ls->rtl, bfmts[f], img) < 0) {
            fprintf(stderr, "texcosim render: cannot load the %s texture\n", tx_fmt_name(bfmts[f]));
            status = 2;
            break;
        }
        ls_ready(ls);
        size_t x0 = (size_t)(f + 1) * (N + GAP);
        for (int first = 0; first < N * N; first += 32) {
            for (int l = 0; l < 32; l++) {
                ls->model->r[l][8] = ls->rtl->r[l][8] = (uint32_t)((first + l) % N);
                ls->model->r[l][9] = ls->rtl->r[l][9] = (uint32_t)((first + l) / N);
            }
            ls_step(ls, word, ctrl, o);
            if (o->timed_out) {
                fprintf(stderr, "texcosim render: the RTL hung on %s\n", tx_fmt_name(bfmts[f]));
                status = 1;
                break;
            }
            uint32_t mc[32][4] = {{0}}, rc[32][4] = {{0}};
            for (int i = 0; i < o->model.nregw; i++) {
                const tx_regw *w = &o->model.regw[i];
                if (w->reg >= 4 && w->reg <= 7)
                    mc[w->lane][w->reg - 4] = w->val;
            }
            for (int i = 0; i < o->rtl.nregw; i++) {
                const tx_regw *w = &o->rtl.regw[i];
                if (w->reg >= 4 && w->reg <= 7)
                    rc[w->lane][w->reg - 4] = w->val;
            }
            for (int l = 0; l < 32; l++) {
                int x = (first + l) % N, y = (first + l) / N;
                size_t p = 3 * ((size_t)y * W + x0 + (size_t)x);
                shade(ncomp_of(bfmts[f]), mc[l], x, y, pic[0] + p);
                shade(ncomp_of(bfmts[f]), rc[l], x, y, pic[1] + p);
                if (memcmp(mc[l], rc[l], sizeof mc[l]) || o->ndiff) {
                    pic[2][p] = 255, pic[2][p + 1] = 0, pic[2][p + 2] = 0;
                    bad++;
                } else {
                    for (int c = 0; c < 3; c++)
                        pic[2][p + c] = (uint8_t)(pic[0][p + c] / 4);
                }
            }
        }
    }
    if (status == 0 && (render_write_png(out, "bcn-model.png", pic[0], W, H) < 0 ||
                        render_write_png(out, "bcn-rtl.png", pic[1], W, H) < 0 ||
                        render_write_png(out, "bcn-diff.png", pic[2], W, H) < 0))
        status = 2;
    if (status == 0) {
        printf("render: %dx%d original + %d block formats, %d TLDS each: %s\n", N, N, NB,
               N * N / 32, bad ? "model and RTL DIFFER" : "model and RTL agree");
        printf("render: wrote %s/bcn-model.png, %s/bcn-rtl.png, %s/bcn-diff.png\n", out, out, out);
        if (bad)
            status = 1;
    }
    ls_free(ls);
    free(o);
    for (int i = 0; i < 3; i++)
        free(pic[i]);
    return status;
}
