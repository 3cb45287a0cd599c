/*
 * coverage_regs.c - coverage bins of the destination registers of TEX, TLDS
 * and SULD against the alignment rule (docs/isa.md section 5): a group of
 * n registers needs an even register for n = 2 and a multiple of 4 for
 * n = 3 or 4; one register may be any.  Each bin is a register count at an
 * offset modulo 4, hit from the decoded word whether the form is legal or
 * not (the illegal ones are the misaligned pairs and quads), so the report
 * shows both sides of the rule.
 */
#include <stdio.h>

#include "coverage_int.h"
#include "isa.h"

/* Bins: TEX 1-4 registers x Rd mod 4 (16); TLDS F32 Rd0 and Rd1 receiving
 * 1 or 2 components x even / odd (8), F16 Rd0 / Rd1 odd (2); SULD 1, 2 or
 * 4 registers x Rd mod 4 (12). */
enum { RG_TEX = 0, RG_TLDS = 16, RG_TLDS_F16 = RG_TLDS + 8, RG_SULD = RG_TLDS_F16 + 2,
       RG_COUNT = RG_SULD + 12 };

void cov_regs_init(cov *c)
{
    cov_group *g = &c->g[G_REGS_RD];
    char b[64];
    g->name = "regs.destination";
    g->what = "TEX, TLDS, SULD destinations: register count x offset mod 4 (legal and illegal)";
    for (int n = 1; n <= 4; n++)
        for (int o = 0; o < 4; o++) {
            snprintf(b, sizeof b, "TEX %d register%s at Rd = %d mod 4%s", n, n > 1 ? "s" : "", o,
                     (n == 2 && o & 1) || (n > 2 && o) ? " (illegal)" : "");
            cov_add_bin(g, b);
        }
    for (int r = 0; r < 2; r++)
        for (int n = 1; n <= 2; n++)
            for (int odd = 0; odd < 2; odd++) {
                snprintf(b, sizeof b, "TLDS F32 Rd%d receives %d at an %s register%s", r, n,
                         odd ? "odd" : "even", n == 2 && odd ? " (illegal)" : "");
                cov_add_bin(g, b);
            }
    cov_add_bin(g, "TLDS F16 Rd0 at an odd register");
    cov_add_bin(g, "TLDS F16 Rd1 at an odd register");
    static const int sn[3] = {1, 2, 4};
    for (int k = 0; k < 3; k++)
        for (int o = 0; o < 4; o++) {
            snprintf(b, sizeof b, "SULD %d register%s at Rd = %d mod 4%s", sn[k],
                     sn[k] > 1 ? "s" : "", o,
                     (sn[k] == 2 && o & 1) || (sn[k] == 4 && o) ? " (illegal)" : "");
            cov_add_bin(g, b);
        }
}

static int popcount4(unsigned m)
{
    return (int)((m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1));
}

void cov_regs_step(cov *c, const tx_insn *in)
{
    if (in->op == TX_OP_TEX) {
        int n = popcount4(in->u.tex.wmask);
        if (n && in->rd != TX_RZ)
            cov_hit(c, G_REGS_RD, RG_TEX + 4 * (n - 1) + (in->rd & 3));
    } else if (in->op == TX_OP_TLDS) {
        int rd1_rz = in->u.tlds.rd1 == TX_RZ;
        unsigned comps = tx_tlds_comp_mask(in->u.tlds.wmask, rd1_rz);
        if (!comps)
            return;
        /* S3.3: Rd0 receives two components when Rd1 != RZ or the mask
         * names two; Rd1 receives two for RGBA. */
        int n0 = !rd1_rz || popcount4(comps) == 2 ? 2 : 1;
        int n1 = rd1_rz ? 0 : comps == 0xf ? 2 : 1;
        if (in->u.tlds.f16) {
            if (in->rd != TX_RZ && (in->rd & 1))
                cov_hit(c, G_REGS_RD, RG_TLDS_F16);
            if (n1 && (in->u.tlds.rd1 & 1))
                cov_hit(c, G_REGS_RD, RG_TLDS_F16 + 1);
            return;
        }
        if (in->rd != TX_RZ)
            cov_hit(c, G_REGS_RD, RG_TLDS + 2 * (n0 - 1) + (in->rd & 1));
        if (n1)
            cov_hit(c, G_REGS_RD, RG_TLDS + 4 + 2 * (n1 - 1) + (in->u.tlds.rd1 & 1));
    } else if (in->op == TX_OP_SULD) {
        int n = in->u.suld.d ? (in->u.suld.size == 5 ? 2 : in->u.suld.size == 6 ? 4 : 1)
                             : popcount4(in->u.suld.rgba);
        int k = n == 1 ? 0 : n == 2 ? 1 : n == 4 ? 2 : -1;
        if (k >= 0 && in->rd != TX_RZ)
            cov_hit(c, G_REGS_RD, RG_SULD + 4 * k + (in->rd & 3));
    }
}
