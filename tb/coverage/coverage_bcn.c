/*
 * coverage_bcn.c - coverage bins of the BC1-BC5, ETC2 and EAC decoders
 * (docs/formats.md section 9): every format x signedness x instruction, and
 * the block modes and corners the vectors feed the decoders, from the blocks
 * the fetch stage delivered (the fetch taps of the model's execution); and
 * every family of block formats on every texture type.
 */
#include <stdio.h>

#include "bcn.h"
#include "coverage_int.h"
#include "layout.h"

enum {
    BN_FMT = 0,                         /* 14 format rows x {TLDS, TEX} */
    BN_BC1_4 = BN_FMT + 28, BN_BC1_3, BN_BC1_TRANSP, BN_BC3_8, BN_BC3_6, BN_DXN_S_MIN,
    BN_ETC_IND, BN_ETC_DIFF, BN_ETC_T, BN_ETC_H, BN_ETC_PLANAR, BN_PTA_TRANSP, BN_EAC_MUL0,
    BN_EAC_S_MIN, BN_SRGB, BN_OOB, BN_SPAN, BN_PARTIAL, BN_COUNT
};

/* Rows: format and signedness. */
static const struct { uint8_t code, sign; const char *name; } rows[14] = {
    {TX_FMT_DXT1, 0, "DXT1"}, {TX_FMT_DXT23, 0, "DXT23"}, {TX_FMT_DXT45, 0, "DXT45"},
    {TX_FMT_DXN1, 0, "DXN1 UNORM"}, {TX_FMT_DXN1, 1, "DXN1 SNORM"},
    {TX_FMT_DXN2, 0, "DXN2 UNORM"}, {TX_FMT_DXN2, 1, "DXN2 SNORM"},
    {TX_FMT_ETC2_RGB, 0, "ETC2_RGB"}, {TX_FMT_ETC2_RGB_PTA, 0, "ETC2_RGB_PTA"},
    {TX_FMT_ETC2_RGBA, 0, "ETC2_RGBA"}, {TX_FMT_EAC, 0, "EAC UNORM"}, {TX_FMT_EAC, 1, "EAC SNORM"},
    {TX_FMT_EACX2, 0, "EACX2 UNORM"}, {TX_FMT_EACX2, 1, "EACX2 SNORM"},
};

void cov_bcn_init(cov *c)
{
    static const char *const extra[] = {
        "BC1 four-colour block", "BC1 three-colour block", "BC1 transparent texel",
        "DXT45/DXN eight-value block", "DXT45/DXN six-value block",
        "DXN/EAC signed endpoint -128", "ETC2 individual mode", "ETC2 differential mode",
        "ETC2 T mode", "ETC2 H mode", "ETC2 planar mode", "ETC2 punch-through transparent texel",
        "EAC multiplier 0", "EAC signed base -128", "block format with sRGB",
        "tap out of bounds (block not fetched)", "TEX footprint over two or more blocks",
        "level not a multiple of 4 texels",
    };
    cov_group *g = &c->g[G_BCN];
    char b[64];
    g->name = "format.bcn";
    g->what = "BC1-BC5, ETC2 and EAC: formats x instruction, block modes, corners";
    for (int r = 0; r < 14; r++)
        for (int k = 0; k < 2; k++) {
            snprintf(b, sizeof b, "%s %s", rows[r].name, k ? "TEX" : "TLDS");
            cov_add_bin(g, b);
        }
    for (unsigned i = 0; i < sizeof extra / sizeof extra[0]; i++)
        cov_add_bin(g, extra[i]);
}

static uint64_t be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* ETC2 RGB block modes (docs/formats.md 9.6). */
static void etc_modes(cov *c, const uint8_t *b, int pta, unsigned i)
{
    uint64_t w = be64(b);
    if (!pta && !(w >> 33 & 1)) {
        cov_hit(c, G_BCN, BN_ETC_IND);
        return;
    }
    int s[3];
    for (int k = 0; k < 3; k++) {
        int d = (int)(w >> (56 - 8 * k) & 7);
        s[k] = (int)(w >> (59 - 8 * k) & 31) + (d >= 4 ? d - 8 : d);
    }
    int m = (s[0] < 0 || s[0] > 31) ? BN_ETC_T : (s[1] < 0 || s[1] > 31) ? BN_ETC_H
          : (s[2] < 0 || s[2] > 31) ? BN_ETC_PLANAR : BN_ETC_DIFF;
    cov_hit(c, G_BCN, m);
    unsigned n = 4 * (i % 4) + i / 4;
    unsigned idx = (unsigned)(w >> (16 + n) & 1) << 1 | (unsigned)(w >> n & 1);
    if (pta && !(w >> 33 & 1) && m != BN_ETC_PLANAR && idx == 2)
        cov_hit(c, G_BCN, BN_PTA_TRANSP);
}

static void channel_modes(cov *c, const uint8_t *b, int sign)
{
    int r0 = sign ? (int8_t)b[0] : b[0], r1 = sign ? (int8_t)b[1] : b[1];
    cov_hit(c, G_BCN, r0 > r1 ? BN_BC3_8 : BN_BC3_6);
    if (sign && (b[0] == 0x80 || b[1] == 0x80))
        cov_hit(c, G_BCN, BN_DXN_S_MIN);
}

static void eac_modes(cov *c, const uint8_t *b, int sign)
{
    if (!(b[1] >> 4))
        cov_hit(c, G_BCN, BN_EAC_MUL0);
    if (sign && b[0] == 0x80)
        cov_hit(c, G_BCN, BN_EAC_S_MIN);
}

void cov_bcn_step(cov *c, const tx_tic *tic, const tx_taps *tp, int tex)
{
    int comp = tic->components, row = -1;
    int dt = tic->dtype[0];
    int sign = dt == TX_DT_SNORM || dt == TX_DT_SNORM_FORCE_FP16 || dt == TX_DT_SINT;
    int has_sign = comp == TX_FMT_DXN1 || comp == TX_FMT_DXN2 || comp == TX_FMT_EAC ||
                   comp == TX_FMT_EACX2;
    for (int r = 0; r < 14 && row < 0; r++)
        if (rows[r].code == comp && rows[r].sign == (has_sign && sign))
            row = r;
    if (row < 0)
        return;
    cov_hit(c, G_BCN, BN_FMT + 2 * row + (tex ? 1 : 0));
    if (tic->srgb)
        cov_hit(c, G_BCN, BN_SRGB);
    if (((tic->width_minus_one + 1) & 3) || ((tic->height_minus_one + 1) & 3))
        cov_hit(c, G_BCN, BN_PARTIAL);
    int ntaps = tp->ntaps ? tp->ntaps : 1;
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        uint64_t first = 0;
        int span = 0, have = 0;
        for (int t = 0; t < ntaps && t < TX_TAPS_PER_LANE; t++) {
            if (tp->oob[l][t]) {
                cov_hit(c, G_BCN, BN_OOB);
                continue;
            }
            if (have && tp->addr[l][t] != first)
                span = 1;
            if (!have)
                first = tp->addr[l][t], have = 1;
            uint8_t blk[16];
            for (int i = 0; i < 16; i++)
                blk[i] = (uint8_t)(tp->texel[l][t][i / 4] >> (8 * (i % 4)));
            unsigned i = (unsigned)t;   /* a texel position for the PTA bin */
            switch (comp) {
            case TX_FMT_DXT1: {
                unsigned c0 = blk[0] | blk[1] << 8, c1 = blk[2] | blk[3] << 8;
                cov_hit(c, G_BCN, c0 > c1 ? BN_BC1_4 : BN_BC1_3);
                if (c0 <= c1)
                    for (int k = 0; k < 16; k++)
                        if ((blk[4 + k / 4] >> (2 * (k % 4)) & 3) == 3)
                            cov_hit(c, G_BCN, BN_BC1_TRANSP);
                break;
            }
            case TX_FMT_DXT45: channel_modes(c, blk, 0); break;
            case TX_FMT_DXN1: channel_modes(c, blk, sign); break;
            case TX_FMT_DXN2: channel_modes(c, blk, sign); channel_modes(c, blk + 8, sign); break;
            case TX_FMT_ETC2_RGB: etc_modes(c, blk, 0, i); break;
            case TX_FMT_ETC2_RGB_PTA:
                for (unsigned k = 0; k < 16; k++)
                    etc_modes(c, blk, 1, k);
                break;
            case TX_FMT_ETC2_RGBA: etc_modes(c, blk + 8, 0, i); break;
            case TX_FMT_EAC: eac_modes(c, blk, sign); break;
            case TX_FMT_EACX2: eac_modes(c, blk, sign); eac_modes(c, blk + 8, sign); break;
            default: break;
            }
        }
        if (tex && span)
            cov_hit(c, G_BCN, BN_SPAN);
    }
}

/* ---- Block formats x texture types (format.block-type) ------------------
 *
 * Every family of block formats (BC1-BC5, ETC2/EAC, BC6H, BC7) on every
 * texture type that can hold it, counted when a lane fetches a block; and a
 * 3D block texture read past its first GOB block in depth while its level's
 * height is not a multiple of 4 (the slab of a GOB block then ends in a
 * partial block row, docs/layouts.md section 9). */

static const char *const fam_names[4] = {"BC1-BC5", "ETC2/EAC", "BC6H", "BC7"};
static const char *const type_names[9] = {"1D", "2D", "3D", "CUBEMAP", "1D_ARRAY", "2D_ARRAY",
                                          "1D_BUFFER", "2D_NO_MIPMAP", "CUBEMAP_ARRAY"};
/* Texture types a block format can have (not buffers); bin order. */
static const int blk_types[8] = {0, 4, 1, 7, 5, 2, 3, 8};
enum { BT_SLAB = 32, BT_COUNT };

void cov_bcn_type_init(cov *c)
{
    cov_group *g = &c->g[G_BLK_TYPE];
    char b[64];
    g->name = "format.block-type";
    g->what = "block formats x texture type, 3D slabs past the first GOB block";
    for (int f = 0; f < 4; f++)
        for (int t = 0; t < 8; t++) {
            snprintf(b, sizeof b, "%s on %s", fam_names[f], type_names[blk_types[t]]);
            cov_add_bin(g, b);
        }
    cov_add_bin(g, "3D block texture past the first GOB block in depth, height not x4");
}

static int family_of(int comps)
{
    switch (comps) {
    case TX_FMT_DXT1: case TX_FMT_DXT23: case TX_FMT_DXT45: case TX_FMT_DXN1: case TX_FMT_DXN2:
        return 0;
    case TX_FMT_ETC2_RGB: case TX_FMT_ETC2_RGB_PTA: case TX_FMT_ETC2_RGBA: case TX_FMT_EAC:
    case TX_FMT_EACX2:
        return 1;
    case 0x10: case 0x11:
        return 2;
    case 0x17:
        return 3;
    default:
        return -1;
    }
}

void cov_bcn_type_step(cov *c, const tx_tic *tic, int gob, const tx_taps *tp)
{
    int f = family_of(tic->components & 0x7f);
    if (f < 0)
        return;
    int bin = -1;
    for (int t = 0; t < 8; t++)
        if (blk_types[t] == tic->texture_type)
            bin = 8 * f + t;
    tx_layout L;
    int have = tic->texture_type == TX_TEX_3D && tx_layout_build(tic, gob, &L) == 0 &&
               L.kind == TX_LAYOUT_BLOCKLINEAR;
    int ntaps = tp->ntaps ? tp->ntaps : 1;
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        for (int t = 0; t < ntaps && t < TX_TAPS_PER_LANE; t++) {
            if (tp->oob[l][t])
                continue;
            cov_hit(c, G_BLK_TYPE, bin);
            /* The slab of one GOB block in depth: whole block rows of the
             * level (docs/layouts.md 9); a tap beyond it is on a later slab. */
            int two = tp->level1[l] != tp->level[l];
            int sel = !two ? 0 : ntaps == 16 ? (t >> 3) & 1 : (t >> 2) & 1;
            uint32_t lvl = sel ? tp->level1[l] : tp->level[l];
            if (!have || lvl > L.last_level || !(L.lv[lvl].h & 3))
                continue;
            const tx_level *lv = &L.lv[lvl];
            uint64_t rows = ((((uint64_t)lv->h + 3) >> 2) + (8ull << lv->bh) - 1) >> (3 + lv->bh);
            uint64_t slab = rows * lv->gw * (512ull << (lv->bh + lv->bd));
            if (tp->addr[l][t] >= L.base + lv->offset + slab)
                cov_hit(c, G_BLK_TYPE, BT_SLAB);
        }
    }
}
