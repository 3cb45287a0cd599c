/*
 * render.c - `texcosim render`: a picture of what the texture unit returns.
 *
 * A texture with a recognisable pattern (a red/green gradient, a checker
 * board, a ring and a diagonal) is encoded in the requested format and
 * layout and loaded straight into both warp states of the lockstep harness
 * (tx_mem_write, a packed header, a handle in the constant bank).  Then one
 * TLDS.LZ 2D per 32 pixels reads every texel, lane L reading pixel
 * 32 * n + L, on the RTL and on the model in lockstep (with --insn suld, one
 * SULD.P.2D per 32 pixels reads the same texels as a surface; with --insn
 * tld4, three gathers TLD4S.R, .G and .B per 32 pixels at the corner where
 * texels x, x+1 and y, y+1 meet, the picture made of the fourth texel of
 * each, (i0, j0) = (x, y): the texture again, if the footprint and the
 * texel order are right).  The results become
 * three PNG images in the output folder:
 *
 *   model.png  what the model returned
 *   rtl.png    what the RTL returned
 *   diff.png   the model's picture dimmed, with every pixel where the RTL
 *              returned other bits in bright red
 *
 * Exit status: 0 the two agree, 1 they differ (or the RTL hung), 2 bad
 * options or an error writing the images.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "format.h"
#include "layout.h"
#include "lockstep.h"
#include "render.h"
#include "render_png.h"
#include "tic.h"

#define TIC_BASE 0x10000ull
#define TEX_BASE 0x1000000ull
#define HEADER_INDEX 1
/* Registers: coordinates x in R8 and y in R9; results R4, R5 (R, G) and R6,
 * R7 (B, A) in F32, R4 = R|G and R6 = B|A in F16. */
#define SASS_F32 "TLDS.LZ R6, R4, R8, R9, 0x0, 2D, RGBA;"
#define SASS_F16 "TLDS.F16.LZ R6, R4, R8, R9, 0x0, 2D, RGBA;"
/* --insn suld: the same texels read back as a surface, through the format
 * stage (SULD.P, docs/semantics.md S6.2): x, y in R8, R9; R, G, B, A in
 * R4..R7 as for the F32 TLDS. */
#define SASS_SULD "SULD.P.2D.IGN R4, [R8], 0x0;"
/* --insn tld4: s, t in R8, R9 (binary32, in texels); the four texels in
 * R4..R7 (F32) or R4, R6 (F16) as TLDS writes them; sampler 0 CLAMP_TO_EDGE. */
#define SASS_TLD4 "TLD4S.%c%s R6, R4, R8, R9, 0x0;"
#define TSC_BASE 0x20000ull

/* Bit position and width of R, G, B, A in a texel (docs/formats.md
 * section 2); width 0 = the format has no such component. */
typedef struct rfmt {
    uint8_t code;
    uint8_t lo[4], bits[4];
} rfmt;

static const rfmt rfmts[] = {
    {TX_FMT_R32G32B32A32, {0, 32, 64, 96}, {32, 32, 32, 32}},
    {TX_FMT_R16G16B16A16, {0, 16, 32, 48}, {16, 16, 16, 16}},
    {TX_FMT_R32G32, {0, 32, 0, 0}, {32, 32, 0, 0}},
    {TX_FMT_A8B8G8R8, {0, 8, 16, 24}, {8, 8, 8, 8}},
    {TX_FMT_A2B10G10R10, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {TX_FMT_R16G16, {0, 16, 0, 0}, {16, 16, 0, 0}},
    {TX_FMT_R32, {0, 0, 0, 0}, {32, 0, 0, 0}},
    {TX_FMT_A4B4G4R4, {0, 4, 8, 12}, {4, 4, 4, 4}},
    {TX_FMT_A1B5G5R5, {0, 5, 10, 15}, {5, 5, 5, 1}},
    {TX_FMT_B5G6R5, {0, 5, 11, 0}, {5, 6, 5, 0}},
    {TX_FMT_G8R8, {0, 8, 0, 0}, {8, 8, 0, 0}},
    {TX_FMT_R16, {0, 0, 0, 0}, {16, 0, 0, 0}},
    {TX_FMT_R8, {0, 0, 0, 0}, {8, 0, 0, 0}},
};
#define NRFMTS (sizeof(rfmts) / sizeof(rfmts[0]))

typedef struct ropts {
    const rfmt *fmt;
    int dtype;                /* TX_DT_UNORM or TX_DT_FLOAT */
    int blocklinear;
    enum tx_gob_layout gob;
    int block_height;         /* log2 GOBs, header field */
    uint32_t w, h;
    int f16;
    int suld;                 /* --insn suld */
    int tld4;                 /* --insn tld4 */
    const char *out;
    ls_config cfg;
    int ground;               /* --ground: the TEX ground plane (render_tex.c) */
    int bcn;                  /* --bcn: the block-compressed formats (render_bcn.c) */
    int size_given;
    int pixld;                /* --pixld (render_pixld.c) */
    int texture_opts;         /* options --pixld does not take */
} ropts;

/* ---- the pattern --------------------------------------------------------- */

/* Colour of pixel (x, y) of a w x h picture, components in [0, 1]. */
static void pattern(uint32_t x, uint32_t y, uint32_t w, uint32_t h, float rgba[4])
{
    float u = w > 1 ? (float)x / (float)(w - 1) : 0.0f;
    float v = h > 1 ? (float)y / (float)(h - 1) : 0.0f;
    rgba[0] = u;
    rgba[1] = v;
    rgba[2] = 0.25f + 0.5f * (1.0f - u);
    rgba[3] = 1.0f;
    uint32_t cell = (w < h ? w : h) / 8 ? (w < h ? w : h) / 8 : 1;
    if (((x / cell) + (y / cell)) & 1)
        for (int c = 0; c < 3; c++)
            rgba[c] *= 0.55f;
    float dx = (float)x - 0.5f * (float)w, dy = (float)y - 0.5f * (float)h;
    float r = sqrtf(dx * dx + dy * dy), r0 = 0.33f * (float)(w < h ? w : h);
    if (fabsf(r - r0) < 1.5f)
        rgba[0] = rgba[1] = rgba[2] = 1.0f;            /* white ring */
    if (x == y || x + 1 == y)
        rgba[0] = rgba[1] = rgba[2] = 0.0f;            /* black diagonal */
}

static uint32_t f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float bits_f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* Put a field of n bits at bit lo of a little-endian texel. */
static void put_bits(uint8_t *t, unsigned lo, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++)
        if (v >> i & 1)
            t[(lo + i) / 8] |= (uint8_t)(1u << ((lo + i) % 8));
}

static void encode_texel(const ropts *o, const float rgba[4], uint8_t t[16])
{
    memset(t, 0, 16);
    for (int c = 0; c < 4; c++) {
        unsigned n = o->fmt->bits[c];
        uint32_t code;
        if (!n)
            continue;
        if (o->dtype == TX_DT_FLOAT)
            code = n == 32 ? f32_bits(rgba[c]) : tx_f32_to_f16(f32_bits(rgba[c]), 0);
        else
            code = (uint32_t)lround((double)rgba[c] * (double)(n == 32 ? 4294967295.0
                                                                       : (double)((1u << n) - 1)));
        put_bits(t, o->fmt->lo[c], n, code);
    }
}

/* ---- loading the texture ------------------------------------------------- */

static int load_state(const ropts *o, tx_state *s, tx_tic *tic)
{
    tx_layout L;
    uint32_t words[8];
    uint8_t texel[16];

    s->tic_base = TIC_BASE;
    s->tic_max = 15;
    s->gob_layout = o->gob;
    s->cbank[0] = HEADER_INDEX;       /* handle word 0 -> header 1, sampler 0 */
    if (o->tld4) {
        tx_tsc smp;
        memset(&smp, 0, sizeof smp);
        smp.address_u = smp.address_v = smp.address_p = 2;   /* CLAMP_TO_EDGE */
        smp.mag_filter = smp.min_filter = 2;
        smp.mip_filter = 1;
        smp.max_lod_clamp = 0xfff;
        tx_tsc_pack(&smp, words);
        for (int i = 0; i < 8; i++) {
            uint8_t b[4] = {(uint8_t)words[i], (uint8_t)(words[i] >> 8),
                            (uint8_t)(words[i] >> 16), (uint8_t)(words[i] >> 24)};
            tx_mem_write(s->mem, TSC_BASE + 4ull * (uint64_t)i, b, 4);
        }
        s->tsc_base = TSC_BASE;
        s->tsc_max = 0;
    }
    if (tx_layout_build(tic, o->gob, &L) != 0) {
        fprintf(stderr, "texcosim render: the header cannot be laid out\n");
        return -1;
    }
    for (uint32_t y = 0; y < o->h; y++)
        for (uint32_t x = 0; x < o->w; x++) {
            float rgba[4];
            uint64_t addr;
            pattern(x, y, o->w, o->h, rgba);
            encode_texel(o, rgba, texel);
            if (tx_addr_texel(&L, 0, x, y, 0, 0, 0, &addr) ||
                tx_mem_write(s->mem, addr, texel, L.bpp) < 0) {
                fprintf(stderr, "texcosim render: texel (%u, %u) has no address\n", x, y);
                return -1;
            }
        }
    tx_tic_pack(tic, words);
    for (int i = 0; i < 8; i++) {
        uint8_t b[4] = {(uint8_t)words[i], (uint8_t)(words[i] >> 8), (uint8_t)(words[i] >> 16),
                        (uint8_t)(words[i] >> 24)};
        tx_mem_write(s->mem, TIC_BASE + 32ull * HEADER_INDEX + 4ull * (uint64_t)i, b, 4);
    }
    return 0;
}

static void make_header(const ropts *o, tx_tic *t)
{
    int bpp = tx_fmt_bytes(o->fmt->code);
    memset(t, 0, sizeof(*t));
    t->components = o->fmt->code;
    for (int c = 0; c < 4; c++)
        t->dtype[c] = (uint8_t)o->dtype;
    t->swz[0] = TX_SWZ_R, t->swz[1] = TX_SWZ_G, t->swz[2] = TX_SWZ_B, t->swz[3] = TX_SWZ_A;
    t->texture_type = TX_TEX_2D;
    t->address = TEX_BASE;
    t->width_minus_one = o->w - 1;
    t->height_minus_one = (uint16_t)(o->h - 1);
    if (o->blocklinear) {
        t->version = TX_TIC_BLOCKLINEAR;
        t->gobs_per_block_height = (uint8_t)o->block_height;
    } else {
        t->version = TX_TIC_PITCH;
        t->pitch = (o->w * (uint32_t)bpp + 31u) & ~31u;
    }
}

/* ---- results -> pixels --------------------------------------------------- */

/* The four 32-bit components of each lane from the register writes. */
static void lane_components(const tx_effects *fx, int f16, uint32_t comp[32][4], uint32_t *seen)
{
    memset(comp, 0, 32 * 4 * sizeof(uint32_t));
    *seen = 0;
    for (int i = 0; i < fx->nregw; i++) {
        const tx_regw *w = &fx->regw[i];
        *seen |= 1u << w->lane;
        if (!f16) {
            int k = w->reg == 4 ? 0 : w->reg == 5 ? 1 : w->reg == 6 ? 2 : w->reg == 7 ? 3 : -1;
            if (k >= 0)
                comp[w->lane][k] = w->val;
        } else if (w->reg == 4 || w->reg == 6) {
            int k = w->reg == 4 ? 0 : 2;
            comp[w->lane][k] = tx_f16_to_f32((uint16_t)w->val);
            comp[w->lane][k + 1] = tx_f16_to_f32((uint16_t)(w->val >> 16));
        }
    }
}

static uint8_t to8(uint32_t bits)
{
    float f = bits_f32(bits);
    if (!(f > 0.0f))
        return 0;               /* also NaN */
    if (f >= 1.0f)
        return 255;
    return (uint8_t)lroundf(f * 255.0f);
}

/* ---- command line -------------------------------------------------------- */

static void render_usage(FILE *f)
{
    fprintf(f,
            "usage: texcosim render [--format NAME] [--dtype UNORM|FLOAT]\n"
            "                       [--layout pitch|blocklinear] [--gob tegra|desktop]\n"
            "                       [--block-height 0..5] [--size WxH] [--f16]\n"
            "                       [--insn tlds|suld|tld4]  (suld: read back by SULD.P.2D;\n"
            "                       tld4: rebuilt from the gathers TLD4S.R, .G, .B)\n"
            "                       [--latency N] [--jitter N] [--backpressure PCT] [--seed N]\n"
            "                       [--scale N]  (PNGs N times larger, nearest neighbour, 1..16)\n"
            "                       --out DIR\n"
            "formats: R32G32B32A32 R16G16B16A16 R32G32 A8B8G8R8 A2B10G10R10 R16G16 R32\n"
            "         A4B4G4R4 A1B5G5R5 B5G6R5 G8R8 R16 R8 (FLOAT: the 16- and 32-bit ones)\n"
            "writes DIR/model.png, DIR/rtl.png, DIR/diff.png; exit 0 same, 1 different, 2 error\n"
            "       texcosim render --ground [--size WxH] [--latency N] ... --out DIR\n"
            "the TEX ground plane (default 256x160): DIR/{point,bilinear,trilinear}-{model,rtl,diff}.png\n"
            "       texcosim render --pixld [--scale N] --out DIR\n"
            "PIXLD sample positions and coverage for 1 to 16 samples\n"
            "       texcosim render --bcn [--scale N] [--latency N] ... --out DIR\n"
            "one picture in every block-compressed format beside the original:\n"
            "DIR/bcn-{model,rtl,diff}.png\n"
            "       texcosim render --help | --version\n");
}

static int parse_num(const char *s, unsigned long max, unsigned long *v)
{
    char *end;
    if (!s || !*s || *s == '-')
        return -1;
    errno = 0;
    *v = strtoul(s, &end, 0);
    return errno || *end || *v > max ? -1 : 0;
}

enum { R_F16 = 256, R_GROUND, R_PIXLD, R_BCN, R_FORMAT, R_DTYPE, R_LAYOUT, R_GOB, R_BLOCK_HEIGHT,
       R_SIZE, R_INSN, R_OUT, R_LATENCY, R_JITTER, R_BACKPRESSURE, R_SEED, R_SCALE, R_VERSION };

/* Returns 0, -1 on a usage error, or 1 when --help/--version answered. */
static int parse_args(int argc, char **argv, ropts *o)
{
    static const struct option longopts[] = {
        {"f16", no_argument, NULL, R_F16},           {"ground", no_argument, NULL, R_GROUND},
        {"bcn", no_argument, NULL, R_BCN},
        {"pixld", no_argument, NULL, R_PIXLD},       {"format", required_argument, NULL, R_FORMAT},
        {"dtype", required_argument, NULL, R_DTYPE}, {"layout", required_argument, NULL, R_LAYOUT},
        {"gob", required_argument, NULL, R_GOB},
        {"block-height", required_argument, NULL, R_BLOCK_HEIGHT},
        {"size", required_argument, NULL, R_SIZE},   {"insn", required_argument, NULL, R_INSN},
        {"out", required_argument, NULL, R_OUT},     {"latency", required_argument, NULL, R_LATENCY},
        {"jitter", required_argument, NULL, R_JITTER},
        {"backpressure", required_argument, NULL, R_BACKPRESSURE},
        {"seed", required_argument, NULL, R_SEED},   {"scale", required_argument, NULL, R_SCALE},
        {"help", no_argument, NULL, 'h'},            {"version", no_argument, NULL, R_VERSION},
        {NULL, 0, NULL, 0},
    };
    int c;
    memset(o, 0, sizeof(*o));
    o->fmt = &rfmts[3];                 /* A8B8G8R8 */
    o->dtype = TX_DT_UNORM;
    o->blocklinear = 1;
    o->block_height = 4;
    o->w = o->h = 64;
    ls_config_default(&o->cfg);
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc - 1, argv + 1, ":h", longopts, NULL)) != -1) {
        const char *val = optarg, *a = argv[optind];
        unsigned long v;
        if (c != 'h' && c != R_VERSION && c != R_PIXLD && c != R_OUT && c != R_SCALE &&
            c != ':' && c != '?')
            o->texture_opts++;
        switch (c) {
        case 'h':
            render_usage(stdout);
            return 1;
        case R_VERSION:
            cli_version("render");
            return 1;
        case ':':
            fprintf(stderr, "texcosim render: %s needs a value\n", a);
            return -1;
        case '?':
            fprintf(stderr, "texcosim render: unknown option %s\n", a);
            return -1;
        case R_F16: o->f16 = 1; break;
        case R_GROUND: o->ground = 1; break;
        case R_BCN: o->bcn = 1; break;
        case R_PIXLD: o->pixld = 1; break;
        case R_FORMAT: {
            int code = tx_fmt_from_name(val);
            o->fmt = NULL;
            for (size_t k = 0; k < NRFMTS; k++)
                if (rfmts[k].code == code)
                    o->fmt = &rfmts[k];
            if (!o->fmt) {
                fprintf(stderr, "texcosim render: format '%s' cannot be rendered\n", val);
                return -1;
            }
            break;
        }
        case R_DTYPE:
            o->dtype = tx_dtype_from_name(val);
            if (o->dtype != TX_DT_UNORM && o->dtype != TX_DT_FLOAT) {
                fprintf(stderr, "texcosim render: --dtype must be UNORM or FLOAT\n");
                return -1;
            }
            break;
        case R_LAYOUT:
            if (strcmp(val, "pitch") && strcmp(val, "blocklinear")) {
                fprintf(stderr, "texcosim render: --layout must be pitch or blocklinear\n");
                return -1;
            }
            o->blocklinear = !strcmp(val, "blocklinear");
            break;
        case R_GOB:
            if (strcmp(val, "tegra") && strcmp(val, "desktop")) {
                fprintf(stderr, "texcosim render: --gob must be tegra or desktop\n");
                return -1;
            }
            o->gob = !strcmp(val, "desktop") ? TX_GOB_DESKTOP : TX_GOB_TEGRA;
            break;
        case R_BLOCK_HEIGHT:
            if (parse_num(val, 5, &v) < 0) {
                fprintf(stderr, "texcosim render: bad --block-height '%s' (0..5)\n", val);
                return -1;
            }
            o->block_height = (int)v;
            break;
        case R_SIZE: {
            o->size_given = 1;
            unsigned w, h;
            char extra;
            if (sscanf(val, "%ux%u%c", &w, &h, &extra) != 2 || w < 1 || h < 1 || w > 4096 ||
                h > 4096) {
                fprintf(stderr, "texcosim render: bad --size '%s' (WxH, 1..4096 each)\n", val);
                return -1;
            }
            o->w = w, o->h = h;
            break;
        }
        case R_INSN:
            if (strcmp(val, "tlds") && strcmp(val, "suld") && strcmp(val, "tld4")) {
                fprintf(stderr, "texcosim render: --insn must be tlds, suld or tld4\n");
                return -1;
            }
            o->suld = !strcmp(val, "suld");
            o->tld4 = !strcmp(val, "tld4");
            break;
        case R_OUT: o->out = val; break;
        case R_SCALE:
            if (parse_num(val, 16, &v) < 0 || v < 1) {
                fprintf(stderr, "texcosim render: bad --scale '%s' (1..16)\n", val);
                return -1;
            }
            render_png_scale((uint32_t)v);
            break;
        default: {   /* --latency, --jitter, --backpressure, --seed */
            unsigned long max = c == R_BACKPRESSURE ? 100 : c == R_SEED ? 0xffffffffUL : 1000000;
            const char *name = c == R_LATENCY ? "--latency" : c == R_JITTER ? "--jitter"
                             : c == R_BACKPRESSURE ? "--backpressure" : "--seed";
            if (parse_num(val, max, &v) < 0 || (c == R_LATENCY && v == 0)) {
                fprintf(stderr, "texcosim render: bad value '%s' for %s\n", val, name);
                return -1;
            }
            if (c == R_LATENCY)
                o->cfg.mem_latency = (uint32_t)v;
            else if (c == R_JITTER)
                o->cfg.mem_jitter = (uint32_t)v;
            else if (c == R_BACKPRESSURE)
                o->cfg.backpressure = (uint32_t)v;
            else
                o->cfg.seed = v;
        }
        }
    }
    if (optind < argc - 1) {
        fprintf(stderr, "texcosim render: unexpected argument '%s'\n", argv[optind + 1]);
        return -1;
    }
    if (!o->out) {
        fprintf(stderr, "texcosim render: --out DIR is required\n");
        return -1;
    }
    if (o->suld && o->f16) {
        fprintf(stderr, "texcosim render: --f16 is a TLDS option (SULD.P writes F32)\n");
        return -1;
    }
    if (o->dtype == TX_DT_FLOAT && o->fmt->bits[0] != 16 && o->fmt->bits[0] != 32) {
        fprintf(stderr, "texcosim render: FLOAT needs a format with 16- or 32-bit components\n");
        return -1;
    }
    if (o->pixld && (o->texture_opts || o->ground)) {
        fprintf(stderr, "texcosim render: --pixld takes only --out and --scale\n");
        return -1;
    }
    return 0;
}

/* The output folder, checked (and made) before anything runs: an existing
 * path that is not a folder is refused. */
int render_outdir(const char *dir)
{
    struct stat st;
    if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
        fprintf(stderr, "texcosim render: cannot create %s: %s\n", dir, strerror(errno));
        return -1;
    }
    if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "texcosim render: --out %s: not a folder\n", dir);
        return -1;
    }
    if (access(dir, W_OK) < 0) {
        fprintf(stderr, "texcosim render: --out %s: %s\n", dir, strerror(errno));
        return -1;
    }
    return 0;
}

int cmd_render(int argc, char **argv)
{
    ropts o;
    int prc = parse_args(argc, argv, &o);
    if (prc > 0)
        return 0;
    if (prc < 0) {
        render_usage(stderr);
        return 2;
    }
    if (render_outdir(o.out) < 0)
        return 2;
    /* PIXLD sample positions and coverage: render_pixld.c. */
    if (o.pixld)
        return render_pixld(o.out);
    if (o.bcn)
        return render_bcn(&o.cfg, o.out);
    if (o.ground)
        return render_ground(&o.cfg, o.size_given ? o.w : 256, o.size_given ? o.h : 160, o.out);

    /* One instruction per 32 pixels, or three gathers (R, G, B). */
    uint64_t words[3];
    uint32_t ctrls[3];
    int npass = o.tld4 ? 3 : 1;
    for (int k = 0; k < npass; k++) {
        char text[64];
        tx_asm_err e;
        if (o.tld4)
            snprintf(text, sizeof text, SASS_TLD4, "RGB"[k], o.f16 ? ".F16" : "");
        else
            snprintf(text, sizeof text, "%s", o.suld ? SASS_SULD : o.f16 ? SASS_F16 : SASS_F32);
        if (tx_asm(text, &words[k], &ctrls[k], &e) < 0) {
            fprintf(stderr, "texcosim render: internal: %s\n", e.msg);
            return 2;
        }
    }

    size_t npix = (size_t)o.w * o.h;
    uint8_t *img[3];
    uint32_t(*mcomp)[4] = malloc(32 * sizeof(*mcomp)), (*rcomp)[4] = malloc(32 * sizeof(*rcomp));
    ls_outcome *out = malloc(sizeof(*out));
    lockstep *ls = ls_new();
    for (int i = 0; i < 3; i++)
        img[i] = calloc(npix, 3);
    if (!img[0] || !img[1] || !img[2] || !mcomp || !rcomp || !out || !ls) {
        fprintf(stderr, "texcosim render: out of memory\n");
        return 2;
    }

    tx_tic tic;
    make_header(&o, &tic);
    ls_begin(ls, &o.cfg);
    int status = 0;
    if (load_state(&o, ls->model, &tic) < 0 || load_state(&o, ls->rtl, &tic) < 0)
        status = 2;
    else
        ls_ready(ls);

    size_t bad_pixels = 0, bad_steps = 0, hung = 0;
    for (size_t first = 0; first < npix && status == 0; first += 32) {
        uint32_t ctm = npix - first >= 32 ? 0xffffffffu : (1u << (npix - first)) - 1;
        ls->model->ctm = ls->rtl->ctm = ctm;
        for (int l = 0; l < 32; l++) {
            size_t p = first + (size_t)l < npix ? first + (size_t)l : 0;
            uint32_t x = (uint32_t)(p % o.w), y = (uint32_t)(p / o.w);
            if (o.tld4) {
                /* the corner of texels (x, y) and (x + 1, y + 1); the header
                 * has unnormalised coordinates, in texels */
                x = f32_bits((float)(x + 1));
                y = f32_bits((float)(y + 1));
            }
            ls->model->r[l][8] = ls->rtl->r[l][8] = x;
            ls->model->r[l][9] = ls->rtl->r[l][9] = y;
        }
        uint32_t mseen = 0, rseen = 0;
        for (int k = 0; k < npass; k++) {
            uint32_t ms, rs, (*mc)[4] = mcomp, (*rc)[4] = rcomp;
            uint32_t gm[32][4], gr[32][4];
            ls_step(ls, words[k], ctrls[k], out);
            if (out->timed_out)
                break;
            if (out->ndiff)
                bad_steps++;
            if (o.tld4)
                mc = gm, rc = gr;
            lane_components(&out->model, o.f16, mc, &ms);
            lane_components(&out->rtl, o.f16, rc, &rs);
            mseen |= ms;
            rseen |= rs;
            if (o.tld4) {
                /* component k of the pixel: the gather's fourth texel, (i0, j0) */
                for (int l = 0; l < 32; l++) {
                    mcomp[l][k] = gm[l][3];
                    rcomp[l][k] = gr[l][3];
                    mcomp[l][3] = rcomp[l][3] = 0;
                }
            }
        }
        if (out->timed_out) {
            hung++;
            fprintf(stderr, "texcosim render: the RTL did not complete the instruction for "
                            "pixels %zu..%zu\n", first, first + 31);
            break;
        }
        for (int l = 0; l < 32; l++) {
            if (!(ctm >> l & 1))
                continue;
            size_t p = first + (size_t)l;
            uint8_t *m = img[0] + 3 * p, *r = img[1] + 3 * p, *d = img[2] + 3 * p;
            for (int c = 0; c < 3; c++) {
                m[c] = to8(mcomp[l][c]);
                r[c] = to8(rcomp[l][c]);
            }
            int same = ((mseen ^ rseen) >> l & 1) == 0 &&
                       memcmp(mcomp[l], rcomp[l], sizeof(mcomp[l])) == 0;
            if (same) {
                for (int c = 0; c < 3; c++)
                    d[c] = (uint8_t)(m[c] / 4);
            } else {
                bad_pixels++;
                d[0] = 255, d[1] = 0, d[2] = 0;
            }
        }
    }

    if (status == 0 && (render_write_png(o.out, "model.png", img[0], o.w, o.h) < 0 ||
                        render_write_png(o.out, "rtl.png", img[1], o.w, o.h) < 0 ||
                        render_write_png(o.out, "diff.png", img[2], o.w, o.h) < 0))
        status = 2;
    if (status == 0) {
        printf("render: %ux%u %s %s%s%s%s, %zu instructions, %llu cycles: %s\n", o.w, o.h,
               tx_fmt_name(o.fmt->code), tx_dtype_name(o.dtype),
               o.blocklinear ? " block-linear " : " pitch", o.blocklinear ?
               (o.gob == TX_GOB_DESKTOP ? "desktop" : "tegra") : "",
               o.suld ? " SULD.P" : o.tld4 ? (o.f16 ? " TLD4S.F16" : " TLD4S") : o.f16 ? " F16" : " F32",
               (npix + 31) / 32 * (size_t)npass, (unsigned long long)ls->total_cycles,
               hung ? "the RTL hung" : bad_pixels || bad_steps ? "model and RTL DIFFER"
                                                               : "model and RTL agree");
        if (bad_pixels || bad_steps)
            printf("render: %zu of %zu pixels differ, %zu instructions with differences\n",
                   bad_pixels, npix, bad_steps);
        printf("render: wrote %s/model.png, %s/rtl.png, %s/diff.png\n", o.out, o.out, o.out);
        if (hung || bad_pixels || bad_steps)
            status = 1;
    }
    ls_free(ls);
    for (int i = 0; i < 3; i++)
        free(img[i]);
    free(mcomp);
    free(rcomp);
    free(out);
    return status;
}
