/*
 * coverage_bptc.c - coverage bins of the BC6H and BC7 decoders: which block
 * modes the vectors feed them (docs/formats.md section 10), from the blocks
 * the fetch stage delivered (the fetch taps of the model's execution), for
 * TLDS and TEX alike.
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
