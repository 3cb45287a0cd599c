/*
 * pack.c - result packing stage (twin of rtl/tx_pack.sv).
 *
 * The write-mask code picks components from one of the seed's two tables,
 * chosen by whether Rd1 is RZ (reference facts 5.4).  F32 results put the
 * k-th selected component in Rd0, Rd0+1, Rd1, Rd1+1; F16 results pack pairs
 * as {c1, c0} in Rd0 and {c3, c2} in Rd1, a missing partner half being 0
 * (reference facts 5.5; docs/semantics.md S3.3, S4.1).
 */
#include "stages.h"

/* Component lists, R=0 G=1 B=2 A=3, with their counts. */
static const uint8_t one_reg[8][2] = {
    {0}, {1}, {2}, {3}, {0, 1}, {0, 3}, {1, 3}, {2, 3},
};
static const uint8_t one_reg_n[8] = {1, 1, 1, 1, 2, 2, 2, 2};
static const uint8_t two_reg[5][4] = {
    {0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}, {0, 1, 2, 3},
};
static const uint8_t two_reg_n[5] = {3, 3, 3, 3, 4};

int tx_pack_tlds_components(int rd1_is_rz, int wmask, uint8_t comp[4])
{
    int n;

    if (wmask < 0 || wmask > 7)
        return 0;
    if (rd1_is_rz) {
        n = one_reg_n[wmask];
        for (int k = 0; k < n; k++)
            comp[k] = one_reg[wmask][k];
    } else {
        if (wmask > 4)
            return 0;
        n = two_reg_n[wmask];
        for (int k = 0; k < n; k++)
            comp[k] = two_reg[wmask][k];
    }
    return n;
}

/* One register write: dropped for RZ (and for the numbers past it that a
 * vector group ending at R254 would name, S1.2). */
static void put(tx_state *s, tx_effects *fx, int lane, int reg, uint32_t v)
{
    if (reg >= TX_RZ)
        return;
    s->r[lane][reg] = v;
    tx_regw *w = &fx->regw[fx->nregw++];
    w->lane = (uint8_t)lane;
    w->reg = (uint8_t)reg;
    w->val = v;
}

void tx_pack_tlds(tx_state *s, const tx_insn *in, int lane, const uint32_t c[4],
                  tx_effects *fx)
{
    uint8_t comp[4];
    int rd0 = in->rd, rd1 = in->u.tlds.rd1;
    int n = tx_pack_tlds_components(rd1 == TX_RZ, in->u.tlds.wmask, comp);

    if (!in->u.tlds.f16) {
        const int dst[4] = {rd0, rd0 + 1, rd1, rd1 + 1};
        for (int k = 0; k < n; k++)
            put(s, fx, lane, dst[k], c[comp[k]]);
        return;
    }

    int rz = s->fp16_round == TX_FP16_RZ;
    uint32_t h[4] = {0, 0, 0, 0};
    for (int k = 0; k < n; k++)
        h[k] = tx_f32_to_f16(c[comp[k]], rz);
    put(s, fx, lane, rd0, h[0] | h[1] << 16);
    if (n > 2)
        put(s, fx, lane, rd1, h[2] | h[3] << 16);
}

void tx_pack_mask(tx_state *s, int rd, unsigned wmask, int lane, const uint32_t c[4],
                  tx_effects *fx)
{
    /* "decimated contiguous writes": the k-th enabled component goes to
     * Rd + k (docs/semantics.md S8.4). */
    int k = 0;
    for (int i = 0; i < 4; i++)
        if (wmask >> i & 1)
            put(s, fx, lane, rd + k++, c[i]);
}

void tx_pack_tex(tx_state *s, const tx_insn *in, int lane, const uint32_t c[4],
                 tx_effects *fx)
{
    tx_pack_mask(s, in->rd, in->u.tex.wmask, lane, c, fx);
}

/* TLD packs as TEX: the k-th written component to Rd + k (S9.4). */
void tx_pack_tld(tx_state *s, const tx_insn *in, int lane, const uint32_t c[4],
                 tx_effects *fx)
{
    int k = 0;
    for (int i = 0; i < 4; i++)
        if (in->u.tld.wmask >> i & 1)
            put(s, fx, lane, in->rd + k++, c[i]);
}
