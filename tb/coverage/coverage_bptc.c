/*
 * coverage_bptc.c - coverage bins of the BC6H and BC7 decoders: which block
 * modes the vectors feed them (docs/formats.md section 10), from the blocks
 * the fetch stage delivered (the fetch taps of the model's execution), for
 * TLDS and TEX alike; and which partitions and anchors they reach.
 */
#include <stdio.h>

#include "bptc.h"
#include "coverage_int.h"

/* COMPONENTS codes (NVIDIA clb197tex.h). */
enum { BPTC_SF16 = 0x10, BPTC_UF16 = 0x11, BPTC_BC7U = 0x17 };

/* Bins: BC7 modes 0-7 and the reserved mode, two details of modes 4/5, the
 * sRGB decode; BC6H mode numbers (14 + reserved) for each of UF16 and SF16. */
enum { BP_BC7 = 0, BP_BC7_RSV = 8, BP_BC7_ROT, BP_BC7_ISEL, BP_BC7_SRGB, BP_UF16,
       BP_UF16_RSV = BP_UF16 + 14, BP_SF16, BP_SF16_RSV = BP_SF16 + 14, BP_COUNT };

static const unsigned bc6_numbers[14] = {0, 1, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15};

void cov_bptc_init(cov *c)
{
    cov_group *g = &c->g[G_BPTC];
    char b[64];
    g->name = "format.bptc";
    g->what = "BC6H and BC7 block modes decoded (fetched blocks of TLDS and TEX)";
    for (int m = 0; m < 8; m++) {
        snprintf(b, sizeof b, "BC7 mode %d", m);
        cov_add_bin(g, b);
    }
    cov_add_bin(g, "BC7 reserved mode (byte 0 = 0)");
    cov_add_bin(g, "BC7 rotation 1-3 (modes 4, 5)");
    cov_add_bin(g, "BC7 index selection 1 (mode 4)");
    cov_add_bin(g, "BC7 with sRGB");
    for (int s = 0; s < 2; s++) {
        for (int m = 0; m < 14; m++) {
            snprintf(b, sizeof b, "BC6H_%s mode %u", s ? "SF16" : "UF16", bc6_numbers[m]);
            cov_add_bin(g, b);
        }
        snprintf(b, sizeof b, "BC6H_%s reserved mode (19, 23, 27, 31)", s ? "SF16" : "UF16");
        cov_add_bin(g, b);
    }
}

/* ---- Partitions and anchors ---------------------------------------------
 *
 * format.bptc-partition: BC7 mode 0 x its 16 partitions, modes 1, 2, 3 and 7
 * x 64, and the 32 partitions of the two-region BC6H modes (both
 * signednesses together); format.bptc-anchor: each texel that anchors the
 * second subset of a 2-subset partition, or the second or third subset of
 * a 3-subset partition, in some decoded block (the anchor's index has one
 * bit less, docs/formats.md section 10).  A table entry that changes is
 * seen only by a block of that partition, so these bins say whether every
 * entry was exercised. */

/* Partition field of the partitioned BC7 modes: mode, first bit, width,
 * subsets, first bin. */
static const struct { int mode, at, bits, ns, bin; } bc7_part[5] = {
    {0, 1, 4, 3, 0}, {1, 2, 6, 2, 16}, {2, 3, 6, 3, 80}, {3, 4, 6, 2, 144}, {7, 8, 6, 2, 208}};
enum { PT_BC6 = 272, PT_COUNT = PT_BC6 + 32 };

/* Anchor bins: 2-subset second anchors, then 3-subset second and third, at
 * texels 1..15 (only those the tables use are bins). */
static int anchor_bin[3][16];

void cov_bptc_part_init(cov *c)
{
    cov_group *g = &c->g[G_BPTC_PART];
    char b[64];
    g->name = "format.bptc-partition";
    g->what = "BC7 mode x partition and BC6H two-region partitions decoded";
    for (int m = 0; m < 5; m++)
        for (int p = 0; p < 1 << bc7_part[m].bits; p++) {
            snprintf(b, sizeof b, "BC7 mode %d partition %d", bc7_part[m].mode, p);
            cov_add_bin(g, b);
        }
    for (int p = 0; p < 32; p++) {
        snprintf(b, sizeof b, "BC6H two regions partition %d", p);
        cov_add_bin(g, b);
    }
    g = &c->g[G_BPTC_ANCHOR];
    g->name = "format.bptc-anchor";
    g->what = "anchor texels of the second and third subsets, per texel index";
    static const char *const what[3] = {"2 subsets: subset 1", "3 subsets: subset 1",
                                        "3 subsets: subset 2"};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 16; i++) {
            anchor_bin[k][i] = -1;
            for (int p = 0; p < 64; p++) {
                int a = k == 0 ? tx_bptc_anchor2[p] : k == 1 ? tx_bptc_anchor3a[p]
                                                             : tx_bptc_anchor3b[p];
                if (a == i) {
                    anchor_bin[k][i] = g->nbins;
                    snprintf(b, sizeof b, "%s anchored at texel %d", what[k], i);
                    cov_add_bin(g, b);
                    break;
                }
            }
        }
}

static void hit_anchors(cov *c, int ns, unsigned p)
{
    if (ns == 2) {
        cov_hit(c, G_BPTC_ANCHOR, anchor_bin[0][tx_bptc_anchor2[p & 63] & 15]);
    } else {
        cov_hit(c, G_BPTC_ANCHOR, anchor_bin[1][tx_bptc_anchor3a[p & 63] & 15]);
        cov_hit(c, G_BPTC_ANCHOR, anchor_bin[2][tx_bptc_anchor3b[p & 63] & 15]);
    }
}

/* One fetched block (comp: COMPONENTS code). */
static void part_block(cov *c, int comp, const uint8_t blk[16])
{
    if (comp == BPTC_BC7U) {
        int m = 0;
        while (m < 8 && !(blk[0] >> m & 1))
            m++;
        for (int k = 0; k < 5; k++)
            if (bc7_part[k].mode == m) {
                unsigned p = tx_bptc_bits(blk, (unsigned)bc7_part[k].at,
                                          (unsigned)bc7_part[k].bits);
                cov_hit(c, G_BPTC_PART, bc7_part[k].bin + (int)p);
                hit_anchors(c, bc7_part[k].ns, p);
            }
    } else {
        int mi = tx_bc6_mode_index(blk);
        if (mi >= 0 && mi < 10) {     /* the ten two-region modes come first */
            unsigned p = tx_bptc_bits(blk, 77, 5);
            cov_hit(c, G_BPTC_PART, PT_BC6 + (int)p);
            hit_anchors(c, 2, p);
        }
    }
}

void cov_bptc_step(cov *c, const tx_tic *tic, const tx_taps *tp)
{
    int comp = tic->components;
    if (comp != BPTC_BC7U && comp != BPTC_UF16 && comp != BPTC_SF16)
        return;
    int ntaps = tp->ntaps ? tp->ntaps : 1;
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        for (int t = 0; t < ntaps && t < TX_TAPS_PER_LANE; t++) {
            if (tp->oob[l][t])
                continue;
            uint8_t blk[16];
            for (int i = 0; i < 16; i++)
                blk[i] = (uint8_t)(tp->texel[l][t][i / 4] >> (8 * (i % 4)));
            part_block(c, comp, blk);
            if (comp == BPTC_BC7U) {
                int m = 0;
                while (m < 8 && !(blk[0] >> m & 1))
                    m++;
                cov_hit(c, G_BPTC, BP_BC7 + m);
                unsigned rot = (m == 4 || m == 5) ? (unsigned)(blk[0] >> (m + 1)) & 3u : 0u;
                if (rot)
                    cov_hit(c, G_BPTC, BP_BC7_ROT);
                if (m == 4 && (blk[0] >> 7 & 1))
                    cov_hit(c, G_BPTC, BP_BC7_ISEL);
                if (tic->srgb)
                    cov_hit(c, G_BPTC, BP_BC7_SRGB);
            } else {
                int mi = tx_bc6_mode_index(blk);
                int base = comp == BPTC_SF16 ? BP_SF16 : BP_UF16;
                cov_hit(c, G_BPTC, mi < 0 ? base + 14 : base + mi);
            }
        }
    }
}
