/*
 * test_layout.c - layout and address stages (cmodel/layout.c, cmodel/addr.c).
 *
 * Pitch and buffer addresses are checked against hand-computed values.
 * Block-linear textures are checked against a reference that lays the
 * texture out in memory order: it walks slices of blocks, rows of blocks,
 * blocks, GOBs and the 16-byte pieces of each GOB, numbering the bytes as it
 * goes, and records which texel byte lands at which address.  The reference
 * shares no code with the model: its GOB description is by pieces, its block
 * sizes come from a closed form, and it never uses tx_gob_offset.
 */
#include <stdlib.h>

#include "check.h"
#include "format.h"
#include "layout.h"

/* ------------------------------------------------------------------------ */
/* Headers                                                                  */
/* ------------------------------------------------------------------------ */

static tx_tic mk_tic(int version, int type, int fmt, uint32_t w, uint32_t h, uint32_t d)
{
    tx_tic t;
    memset(&t, 0, sizeof t);
    t.version = (uint8_t)version;
    t.texture_type = (uint8_t)type;
    t.components = (uint8_t)fmt;
    t.width_minus_one = w - 1;
    t.height_minus_one = (uint16_t)(h - 1);
    t.depth_minus_one = (uint16_t)(d - 1);
    t.res_view_max_mip_level = 15;
    return t;
}

static uint64_t addr_of(const tx_layout *L, uint32_t lvl, uint32_t x, uint32_t y, uint32_t z,
                        uint32_t layer, uint32_t s)
{
    uint64_t a = 0xdead;
    int r = tx_addr_texel(L, lvl, x, y, z, layer, s, &a);
    return r ? ~0ull : a;
}

/* ------------------------------------------------------------------------ */
/* GOB                                                                      */
/* ------------------------------------------------------------------------ */

static void test_gob(void)
{
    for (int g = 0; g < 2; g++) {
        int seen[512] = {0}, bad = 0;
        for (uint32_t y = 0; y < 8; y++)
            for (uint32_t xb = 0; xb < 64; xb++) {
                uint32_t o = tx_gob_offset((enum tx_gob_layout)g, xb, y);
                if (o >= 512 || seen[o]++)
                    bad++;
                /* bytes stay in 16-byte runs */
                if ((o & 15) != (xb & 15))
                    bad++;
            }
        CHECK(bad == 0, "GOB layout %d is not a bijection onto 0..511 (%d bad)", g, bad);
    }
    /* Tegra X1: x5 y2 y1 x4 y0 x3..x0 */
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 0, 0), 0, "tegra (0,0)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 15, 0), 15, "tegra (15,0)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 0, 1), 0x10, "tegra (0,1)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 16, 0), 0x20, "tegra (16,0)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 0, 2), 0x40, "tegra (0,2)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 0, 4), 0x80, "tegra (0,4)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 32, 0), 0x100, "tegra (32,0)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 63, 7), 0x1ff, "tegra (63,7)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_TEGRA, 21, 3), 0x40 | 0x20 | 0x10 | 5, "tegra (21,3)");
    /* Desktop: x5 y2 x4 y1 y0 x3..x0 (Mesa NIL walk: 0x10 (0,1), 0x40 (16,0), 0x80 (0,4)) */
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_DESKTOP, 0, 1), 0x10, "desktop (0,1)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_DESKTOP, 0, 2), 0x20, "desktop (0,2)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_DESKTOP, 0, 3), 0x30, "desktop (0,3)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_DESKTOP, 16, 0), 0x40, "desktop (16,0)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_DESKTOP, 0, 4), 0x80, "desktop (0,4)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_DESKTOP, 32, 0), 0x100, "desktop (32,0)");
    CHECK_EQ_U64(tx_gob_offset(TX_GOB_DESKTOP, 63, 7), 0x1ff, "desktop (63,7)");
}

/* ------------------------------------------------------------------------ */
/* Pitch and buffer                                                         */
/* ------------------------------------------------------------------------ */

static void test_pitch(void)
{
    tx_tic t = mk_tic(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_A8B8G8R8, 100, 50, 1);
    tx_layout L;

    t.address = 0x12345600ull;
    t.pitch = 512;
    t.max_mip_level = 3; /* ignored: pitch textures have one level */
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "pitch build");
    CHECK_EQ_U64(L.kind, TX_LAYOUT_PITCH, "pitch kind");
    CHECK_EQ_U64(L.bpp, 4, "pitch bpp");
    CHECK_EQ_U64(L.lv[0].w, 100, "pitch w");
    CHECK_EQ_U64(L.lv[0].h, 50, "pitch h");
    CHECK_EQ_U64(L.lv[0].d, 1, "pitch d");
    CHECK_EQ_U64(L.layers, 1, "pitch layers");
    CHECK_EQ_U64(L.samples, 1, "pitch samples");
    CHECK_EQ_U64(L.last_level, 0, "pitch last level");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 0, 0, 0), 0x12345600, "pitch (0,0)");
    CHECK_EQ_U64(addr_of(&L, 0, 1, 0, 0, 0, 0), 0x12345604, "pitch (1,0)");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 1, 0, 0, 0), 0x12345800, "pitch (0,1)");
    CHECK_EQ_U64(addr_of(&L, 0, 99, 49, 0, 0, 0), 0x12345600 + 49 * 512 + 99 * 4, "pitch (99,49)");
    CHECK_EQ_U64(addr_of(&L, 0, 100, 0, 0, 0, 0), ~0ull, "pitch x = w");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 50, 0, 0, 0), ~0ull, "pitch y = h");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 1, 0, 0), ~0ull, "pitch z = 1");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 0, 1, 0), ~0ull, "pitch layer = 1");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 0, 0, 1), ~0ull, "pitch sample = 1");
    CHECK_EQ_U64(addr_of(&L, 1, 0, 0, 0, 0, 0), ~0ull, "pitch level 1");
    {
        uint64_t a = 5;
        CHECK(tx_addr_texel(&L, 0, 0xffffffffu, 0, 0, 0, 0, &a) == 1 && a == 0,
              "oob gives addr 0");
    }

    /* Low address bits a pitch header cannot hold are dropped; 48-bit wrap. */
    t.address = 0xffffffffff00ull | 0x1f;
    t.pitch = 0x1fffe0;
    t.width_minus_one = 0xffff;
    t.height_minus_one = 0xffff;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "pitch build 2");
    CHECK_EQ_U64(L.base, 0xffffffffff00ull, "pitch base alignment");
    CHECK_EQ_U64(addr_of(&L, 0, 0x40, 0, 0, 0, 0), 0, "48-bit wrap");
    CHECK_EQ_U64(addr_of(&L, 0, 0xffff, 0xffff, 0, 0, 0),
                 (0xffffffffff00ull + 0xffffull * 0x1fffe0 + 0xffffull * 4) & TX_ADDR_MASK,
                 "pitch max corner");

    /* 1D on a pitch header: height 1. */
    t = mk_tic(TX_TIC_PITCH_COLORKEY, TX_TEX_1D, TX_FMT_R16, 10, 7, 1);
    t.address = 0x1000;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "pitch 1D build");
    CHECK_EQ_U64(L.lv[0].h, 1, "pitch 1D h");
    CHECK_EQ_U64(addr_of(&L, 0, 9, 0, 0, 0, 0), 0x1000 + 18, "pitch 1D x = 9");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 1, 0, 0, 0), ~0ull, "pitch 1D y = 1");

    /* res_view_min_mip_level > 0 on a pitch texture: nothing is in bounds. */
    t = mk_tic(TX_TIC_PITCH, TX_TEX_2D, TX_FMT_R8, 4, 4, 1);
    t.res_view_min_mip_level = 1;
    t.max_mip_level = 2;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "pitch min level build");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 0, 0, 0), ~0ull, "pitch min level 1, level 0");
    CHECK_EQ_U64(addr_of(&L, 1, 0, 0, 0, 0, 0), ~0ull, "pitch min level 1, level 1");
}

static void test_buffer(void)
{
    tx_tic t = mk_tic(TX_TIC_1D_BUFFER, TX_TEX_1D_BUFFER, TX_FMT_R32G32B32A32, 1, 1, 1);
    tx_layout L;

    t.width_minus_one = 0x00123456; /* 32-bit width */
    t.address = 0x7f00000004ull;    /* byte aligned */
    t.height_minus_one = 9;         /* ignored */
    t.depth_minus_one = 9;          /* ignored */
    t.max_mip_level = 5;            /* ignored */
    t.multi_sample_count = 2;       /* ignored */
    CHECK(tx_layout_build(&t, TX_GOB_DESKTOP, &L) == 0, "buffer build");
    CHECK_EQ_U64(L.kind, TX_LAYOUT_BUFFER, "buffer kind");
    CHECK_EQ_U64(L.lv[0].w, 0x123457, "buffer width");
    CHECK_EQ_U64(L.lv[0].h, 1, "buffer h");
    CHECK_EQ_U64(L.layers, 1, "buffer layers");
    CHECK_EQ_U64(L.samples, 1, "buffer samples");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 0, 0, 0), 0x7f00000004ull, "buffer x = 0");
    CHECK_EQ_U64(addr_of(&L, 0, 0x123456, 0, 0, 0, 0), 0x7f00000004ull + 0x1234560ull,
                 "buffer last");
    CHECK_EQ_U64(addr_of(&L, 0, 0x123457, 0, 0, 0, 0), ~0ull, "buffer x = w");
    CHECK_EQ_U64(addr_of(&L, 1, 0, 0, 0, 0, 0), ~0ull, "buffer level 1");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 1, 0, 0, 0), ~0ull, "buffer y = 1");

    t.width_minus_one = 0xffffffffu; /* saturates */
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "buffer build max");
    CHECK_EQ_U64(L.lv[0].w, 0xffffffffu, "buffer width saturates");
    CHECK_EQ_U64(addr_of(&L, 0, 0xfffffffeu, 0, 0, 0, 0),
                 (0x7f00000004ull + 0xfffffffeull * 16) & TX_ADDR_MASK, "buffer huge x");
}

static void test_unusable(void)
{
    tx_tic t = mk_tic(TX_TIC_BLOCKLINEAR, TX_TEX_2D, 0x40 /* ASTC 4x4: not supported */, 4, 4, 1);
    tx_layout L;

    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == -1, "unsupported format");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 0, 0, 0), ~0ull, "unusable: every texel oob");
    t.components = TX_FMT_R8;
    t.version = 5;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == -1, "unknown version 5");
    t.version = 7;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == -1, "unknown version 7");
    t.version = TX_TIC_BLOCKLINEAR;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "R8 block-linear is usable");
}

/* ------------------------------------------------------------------------ */
/* Block-linear reference                                                   */
/* ------------------------------------------------------------------------ */

static uint32_t ceil_log2(uint64_t v)
{
    uint32_t r = 0;
    while ((1ull << r) < v)
        r++;
    return r;
}

/* Byte column and row of piece p (16 bytes wide, 1 row) of a GOB. */
static void gob_piece(int desktop, uint32_t p, uint32_t *col, uint32_t *row)
{
    if (desktop) {
        /* pieces run down 4 rows, then the next 16-byte column, then the
         * lower 4 rows, then the right 32-byte half */
        static const uint8_t order_col[8] = {0, 1, 0, 1, 2, 3, 2, 3};
        static const uint8_t order_row[8] = {0, 0, 4, 4, 0, 0, 4, 4};
        uint32_t quad = p / 4;
        *col = order_col[quad] * 16;
        *row = order_row[quad] + p % 4;
    } else {
        /* 32-byte sectors of 16 bytes x 2 rows: sectors run left/right
         * column pair first, then down in pairs of rows, then the right half */
        uint32_t sector = p / 2, half = sector >= 8;
        uint32_t in_half = sector % 8;
        *col = half * 32 + (in_half % 2) * 16;
        *row = (in_half / 2) * 2 + p % 2;
    }
}

typedef struct ref_level {
    uint32_t w, h, d;
    uint64_t offset, size;
    uint64_t *at; /* address of byte (xbyte, y, z) of the sample image */
    uint32_t wb, hs;
} ref_level;

/* Lay out one layer of a block-linear texture in memory order. */
static void ref_layer(const tx_tic *t, int desktop, uint32_t bpp, uint32_t gxl, uint32_t gyl,
                      ref_level *rl, int nlev, uint64_t *stride)
{
    uint32_t w0 = (t->width_minus_one & 0xffff) + 1, h0 = (uint32_t)t->height_minus_one + 1;
    uint32_t d0 = t->texture_type == TX_TEX_3D ? (uint32_t)t->depth_minus_one + 1 : 1;
    uint32_t tile = 1u << t->tile_width_in_gobs;
    uint64_t pos = 0, unit = 0;

    if (t->texture_type == TX_TEX_1D || t->texture_type == TX_TEX_1D_ARRAY)
        h0 = 1;
    for (int n = 0; n < nlev; n++) {
        ref_level *r = &rl[n];
        uint32_t bh, bd, gw, brows, bslices;

        r->w = w0 >> n ? w0 >> n : 1;
        r->h = h0 >> n ? h0 >> n : 1;
        r->d = d0 >> n ? d0 >> n : 1;
        r->wb = (r->w << gxl) * bpp;
        r->hs = r->h << gyl;
        bh = ceil_log2((r->hs + 7) / 8);
        if (bh > t->gobs_per_block_height)
            bh = t->gobs_per_block_height;
        bd = ceil_log2(r->d);
        if (bd > t->gobs_per_block_depth)
            bd = t->gobs_per_block_depth;
        gw = (r->wb + 63) / 64;
        if (gw > 1 && gw % tile)
            gw += tile - gw % tile;
        brows = (r->hs + (8u << bh) - 1) / (8u << bh);
        bslices = (r->d + (1u << bd) - 1) / (1u << bd);
        if (n == 0)
            unit = (512ull << (bh + bd)) * tile;

        r->offset = pos;
        r->at = malloc(sizeof(uint64_t) * r->wb * r->hs * r->d);
        for (uint32_t bz = 0; bz < bslices; bz++)
            for (uint32_t by = 0; by < brows; by++)
                for (uint32_t bx = 0; bx < gw; bx++)
                    for (uint32_t gz = 0; gz < (1u << bd); gz++)
                        for (uint32_t gy = 0; gy < (1u << bh); gy++)
                            for (uint32_t p = 0; p < 32; p++) {
                                uint32_t col, row;
                                gob_piece(desktop, p, &col, &row);
                                for (uint32_t i = 0; i < 16; i++, pos++) {
                                    uint32_t xb = bx * 64 + col + i;
                                    uint32_t y = (by << bh | gy) * 8 + row;
                                    uint32_t z = bz << bd | gz;
                                    if (xb < r->wb && y < r->hs && z < r->d)
                                        r->at[((uint64_t)z * r->hs + y) * r->wb + xb] = pos;
                                }
                            }
        r->size = pos - r->offset;
    }
    *stride = (pos + unit - 1) / unit * unit;
}

/* Compare every texel (every sample) of every level and two layers. */
static void check_bl(const char *what, tx_tic t, int desktop)
{
    tx_layout L;
    ref_level rl[TX_MAX_LEVELS];
    uint64_t stride;
    int nlev = t.max_mip_level + 1, bad = 0;
    uint32_t bpp = (uint32_t)tx_fmt_bytes(t.components), layers = 1, samples, gxl, gyl;
    static const uint32_t ms[16] = {1, 2, 4, 8, 8, 2, 16, 1, 4, 4, 8, 8, 1, 1, 1, 1};

    t.address = 0x4000000000ull;
    CHECK(tx_layout_build(&t, desktop ? TX_GOB_DESKTOP : TX_GOB_TEGRA, &L) == 0, "%s build",
          what);
    samples = ms[t.multi_sample_count & 15];
    gxl = samples >= 8 ? 2 : samples >= 2 ? 1 : 0;
    gyl = samples == 16 ? 2 : samples >= 4 ? 1 : 0;
    if (t.texture_type == TX_TEX_1D_ARRAY || t.texture_type == TX_TEX_2D_ARRAY)
        layers = (uint32_t)t.depth_minus_one + 1;
    CHECK_EQ_U64(L.samples, samples, what);
    CHECK_EQ_U64(L.layers, layers, what);
    ref_layer(&t, desktop, bpp, gxl, gyl, rl, nlev, &stride);
    if (layers > 1)
        CHECK_EQ_U64(L.layer_stride, stride, what);
    for (int n = 0; n < nlev; n++) {
        ref_level *r = &rl[n];
        CHECK_EQ_U64(L.lv[n].offset, r->offset, what);
        for (uint32_t ly = 0; ly < (layers > 1 ? 2u : 1u); ly++)
            for (uint32_t z = 0; z < r->d; z++)
                for (uint32_t y = 0; y < r->h; y++)
                    for (uint32_t x = 0; x < r->w; x++)
                        for (uint32_t s = 0; s < samples; s++) {
                            uint32_t xs = x << gxl | (s & ((1u << gxl) - 1));
                            uint32_t ys = y << gyl | s >> gxl;
                            uint64_t want = 0x4000000000ull + ly * stride +
                                            r->at[((uint64_t)z * r->hs + ys) * r->wb + xs * bpp];
                            uint64_t got = addr_of(&L, (uint32_t)n, x, y, z, ly, s);
                            if (got != want && bad++ < 5)
                                printf("  %s: level %d (%u,%u,%u) layer %u sample %u: "
                                       "0x%" PRIx64 " want 0x%" PRIx64 "\n",
                                       what, n, x, y, z, ly, s, got, want);
                        }
        /* one past each edge */
        if (addr_of(&L, (uint32_t)n, r->w, 0, 0, 0, 0) != ~0ull ||
            addr_of(&L, (uint32_t)n, 0, r->h, 0, 0, 0) != ~0ull ||
            addr_of(&L, (uint32_t)n, 0, 0, r->d, 0, 0) != ~0ull)
            bad++;
    }
    CHECK(addr_of(&L, (uint32_t)nlev, 0, 0, 0, 0, 0) == ~0ull || nlev == 16,
          "%s: level past max_mip_level", what);
    CHECK(addr_of(&L, 0, 0, 0, 0, layers, 0) == ~0ull, "%s: layer = layers", what);
    CHECK(addr_of(&L, 0, 0, 0, 0, 0, samples) == ~0ull, "%s: sample = samples", what);
    CHECK(bad == 0, "%s: %d texel addresses differ from the reference", what, bad);
    for (int n = 0; n < nlev; n++)
        free(rl[n].at);
}

static void test_blocklinear_reference(void)
{
    static const struct {
        const char *name;
        int type, fmt;
        uint32_t w, h, d, bh, bd, mips, tile, msc;
    } c[] = {
        {"2D RGBA8 37x23 bh4 mips", TX_TEX_2D, TX_FMT_A8B8G8R8, 37, 23, 1, 4, 0, 5, 0, 0},
        {"2D R8 200x70 bh2", TX_TEX_2D, TX_FMT_R8, 200, 70, 1, 2, 0, 7, 0, 0},
        {"2D RGBA32F 33x130 bh5", TX_TEX_2D, TX_FMT_R32G32B32A32, 33, 130, 1, 5, 0, 8, 0, 0},
        {"2D R16 64x64 bh3 full chain", TX_TEX_2D, TX_FMT_R16, 64, 64, 1, 3, 0, 15, 0, 0},
        {"2D_ARRAY RG8 45x17x3 bh1", TX_TEX_2D_ARRAY, TX_FMT_G8R8, 45, 17, 3, 1, 0, 4, 0, 0},
        {"1D_ARRAY RGBA16 300x1x4", TX_TEX_1D_ARRAY, TX_FMT_R16G16B16A16, 300, 1, 4, 3, 0, 6, 0, 0},
        {"3D RGBA8 19x21x13 bh2 bd2", TX_TEX_3D, TX_FMT_A8B8G8R8, 19, 21, 13, 2, 2, 4, 0, 0},
        {"3D R8 70x9x33 bh1 bd5", TX_TEX_3D, TX_FMT_R8, 70, 9, 33, 1, 5, 6, 0, 0},
        {"3D R32 5x5x2 bh0 bd1", TX_TEX_3D, TX_FMT_R32, 5, 5, 2, 0, 1, 2, 0, 0},
        {"2D tile width 4 GOBs", TX_TEX_2D, TX_FMT_A8B8G8R8, 150, 40, 1, 2, 0, 5, 2, 0},
        {"2D_ARRAY tile width 2 GOBs", TX_TEX_2D_ARRAY, TX_FMT_R8, 90, 30, 2, 3, 0, 3, 1, 0},
        {"2D MS 2x1", TX_TEX_2D, TX_FMT_A8B8G8R8, 21, 13, 1, 1, 0, 0, 0, 1},
        {"2D MS 2x2", TX_TEX_2D, TX_FMT_R16, 30, 19, 1, 2, 0, 0, 0, 2},
        {"2D MS 4x2", TX_TEX_2D, TX_FMT_R32, 17, 9, 1, 4, 0, 0, 0, 3},
        {"2D MS 4x4", TX_TEX_2D, TX_FMT_R8, 40, 11, 1, 2, 0, 0, 0, 6},
        {"2D_ARRAY MS 4x2_VC8", TX_TEX_2D_ARRAY, TX_FMT_A8B8G8R8, 9, 7, 3, 1, 0, 0, 0, 10},
    };
    char name[128];

    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int desktop = 0; desktop < 2; desktop++) {
            tx_tic t = mk_tic(TX_TIC_BLOCKLINEAR, c[i].type, c[i].fmt, c[i].w, c[i].h, c[i].d);
            t.gobs_per_block_height = (uint8_t)c[i].bh;
            t.gobs_per_block_depth = (uint8_t)c[i].bd;
            t.max_mip_level = (uint8_t)c[i].mips;
            t.tile_width_in_gobs = (uint8_t)c[i].tile;
            t.multi_sample_count = (uint8_t)c[i].msc;
            snprintf(name, sizeof name, "%s (%s)", c[i].name, desktop ? "desktop" : "tegra");
            check_bl(name, t, desktop);
        }
}

/* ------------------------------------------------------------------------ */
/* Hand-computed block-linear cases                                         */
/* ------------------------------------------------------------------------ */

static void test_blocklinear_hand(void)
{
    /* 256x256 RGBA8, 16 GOBs per block (bh = 4), 9 levels. */
    static const uint64_t off[10] = {0, 262144, 327680, 344064, 348160, 349184,
                                     349696, 350208, 350720, 351232};
    static const uint8_t bh[9] = {4, 4, 3, 2, 1, 0, 0, 0, 0};
    static const uint32_t gw[9] = {16, 8, 4, 2, 1, 1, 1, 1, 1};
    tx_tic t = mk_tic(TX_TIC_BLOCKLINEAR, TX_TEX_2D_ARRAY, TX_FMT_A8B8G8R8, 256, 256, 6);
    tx_layout L;
    char what[64];

    t.gobs_per_block_height = 4;
    t.max_mip_level = 8;
    t.address = 0x100000;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "256x256 build");
    for (int n = 0; n < 9; n++) {
        snprintf(what, sizeof what, "256x256 level %d offset", n);
        CHECK_EQ_U64(L.lv[n].offset, off[n], what);
        snprintf(what, sizeof what, "256x256 level %d bh", n);
        CHECK_EQ_U64(L.lv[n].bh, bh[n], what);
        snprintf(what, sizeof what, "256x256 level %d gw", n);
        CHECK_EQ_U64(L.lv[n].gw, gw[n], what);
        snprintf(what, sizeof what, "256x256 level %d w", n);
        CHECK_EQ_U64(L.lv[n].w, 256u >> n, what);
    }
    CHECK_EQ_U64(L.lv[9].offset, off[9], "256x256 chain end");
    /* chain 351232 B aligned to the 8 KiB level-0 block */
    CHECK_EQ_U64(L.layer_stride, 352256, "256x256 layer stride");
    CHECK_EQ_U64(L.layers, 6, "256x256 layers");
    /* texel (17, 130) of level 0, layer 2:
     * GOB row 16 -> block row 1, GOB 0 in the block; x byte 68 -> block 1,
     * GOB column byte 4; row 2 in the GOB -> Tegra offset 0x40 | 4 */
    CHECK_EQ_U64(addr_of(&L, 0, 17, 130, 0, 2, 0),
                 0x100000 + 2 * 352256 + 1 * (16 * 8192) + 1 * 8192 + 0x44, "256x256 texel");
    /* level 4 (16x16, gw 1, bh 1): texel (15, 9) -> GOB 1, byte 60, row 1:
     * Tegra x5 y2 y1 x4 y0 = 1 0 0 1 1 -> 0x100 + 0x20 + 0x10 + 12 */
    CHECK_EQ_U64(addr_of(&L, 4, 15, 9, 0, 0, 0), 0x100000 + 348160 + 512 + 0x13c,
                 "256x256 level 4 texel");
    CHECK_EQ_U64(addr_of(&L, 9, 0, 0, 0, 0, 0), ~0ull, "256x256 level 9 oob");

    /* View levels: min 2, max 5 (header max 8). */
    t.res_view_min_mip_level = 2;
    t.res_view_max_mip_level = 5;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "view build");
    CHECK_EQ_U64(L.first_level, 2, "first level");
    CHECK_EQ_U64(L.last_level, 5, "last level");
    CHECK_EQ_U64(addr_of(&L, 1, 0, 0, 0, 0, 0), ~0ull, "level below view");
    CHECK_EQ_U64(addr_of(&L, 2, 0, 0, 0, 0, 0), 0x100000 + 327680, "first view level");
    CHECK_EQ_U64(addr_of(&L, 6, 0, 0, 0, 0, 0), ~0ull, "level above view");
    t.res_view_max_mip_level = 12; /* max_mip_level 8 wins */
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "view build 2");
    CHECK_EQ_U64(L.last_level, 8, "last level = max_mip_level");

    /* Colour-key header: word 7 is the key, so the whole chain is in view. */
    t.version = TX_TIC_BLOCKLINEAR_COLORKEY;
    t.res_view_min_mip_level = 3;
    t.multi_sample_count = 6;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "colour key build");
    CHECK_EQ_U64(L.first_level, 0, "colour key first level");
    CHECK_EQ_U64(L.last_level, 8, "colour key last level");
    CHECK_EQ_U64(L.samples, 1, "colour key samples");

    /* 3D 16x16x16 R8 bh 1, bd 2: level 0 block 2 GOBs high x 4 deep;
     * texel (0, 8, 5): GOB row 1 (in block), z 5 -> slab 1, z-in-block 1. */
    t = mk_tic(TX_TIC_BLOCKLINEAR, TX_TEX_3D, TX_FMT_R8, 16, 16, 16);
    t.gobs_per_block_height = 1;
    t.gobs_per_block_depth = 2;
    CHECK(tx_layout_build(&t, TX_GOB_DESKTOP, &L) == 0, "3D build");
    CHECK_EQ_U64(L.lv[0].bd, 2, "3D bd");
    CHECK_EQ_U64(L.lv[0].d, 16, "3D d");
    CHECK_EQ_U64(L.layers, 1, "3D layers");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 8, 5, 0, 0), 1 * 4096 + 1 * 512 + 1 * 1024, "3D texel");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 16, 0, 0), ~0ull, "3D z = d");

    /* Cube maps: 6 layers; cube arrays 6 per cube, saturating. */
    t = mk_tic(TX_TIC_BLOCKLINEAR, TX_TEX_CUBEMAP, TX_FMT_R8, 8, 8, 1);
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0 && L.layers == 6, "cube layers");
    t = mk_tic(TX_TIC_BLOCKLINEAR, TX_TEX_CUBEMAP_ARRAY, TX_FMT_R8, 8, 8, 3);
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0 && L.layers == 18, "cube array layers");
    t.depth_minus_one = 0x3fff;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0 && L.layers == 0xffff,
          "cube array layers saturate");

    /* Header block sizes above 32 GOBs are read as 32. */
    t = mk_tic(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R8, 64, 4096, 1);
    t.gobs_per_block_height = 7;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0 && L.lv[0].bh == 5, "bh 7 -> 5");
}

static void test_samples(void)
{
    /* MULTI_SAMPLE_COUNT: 1X1 2X1 2X2 4X2 4X2_D3D 2X1_D3D 4X4 (7) 2X2_VC4 2X2_VC12 4X2_VC8
     * 4X2_VC24, then undefined codes */
    static const uint32_t want[16] = {1, 2, 4, 8, 8, 2, 16, 1, 4, 4, 8, 8, 1, 1, 1, 1};
    tx_tic t = mk_tic(TX_TIC_BLOCKLINEAR, TX_TEX_2D, TX_FMT_R8, 8, 8, 1);
    tx_layout L;
    char what[48];

    for (uint32_t c = 0; c < 16; c++) {
        t.multi_sample_count = (uint8_t)c;
        snprintf(what, sizeof what, "multi_sample_count %u", c);
        CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0 && L.samples == want[c], "%s", what);
    }
    /* 2x2 R8 8x8: sample 3 of pixel (1, 1) is texel (3, 3) of the 16x16 sample image */
    t.multi_sample_count = 2;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0, "2x2 build");
    CHECK_EQ_U64(L.lv[0].gw, 1, "2x2 gw");
    CHECK_EQ_U64(L.lv[0].bh, 0, "2x2 bh (16 rows, header 0)");
    CHECK_EQ_U64(addr_of(&L, 0, 1, 1, 0, 0, 3), tx_gob_offset(TX_GOB_TEGRA, 3, 3), "2x2 s3");
    CHECK_EQ_U64(addr_of(&L, 0, 7, 7, 0, 0, 0), 512 + tx_gob_offset(TX_GOB_TEGRA, 14, 6),
                 "2x2 (7,7) s0");
    CHECK_EQ_U64(addr_of(&L, 0, 8, 0, 0, 0, 0), ~0ull, "2x2 x = w (pixels)");
    CHECK_EQ_U64(addr_of(&L, 0, 0, 0, 0, 0, 4), ~0ull, "2x2 sample 4");
}

int main(void)
{
    test_samples();
    test_gob();
    test_pitch();
    test_buffer();
    test_unusable();
    test_blocklinear_hand();
    test_blocklinear_reference();
    return check_done("test_layout");
}
