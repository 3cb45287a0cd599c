/*
 * insn_txd.c - TXD and TXD.B: texture fetch with explicit gradients
 * (docs/semantics.md section 13).
 *
 * TXD is a TEX with implicit LOD whose derivatives come from registers
 * instead of the quad's coordinate differences: each lane gives dP/dx and
 * dP/dy of every coordinate, and the same LOD unit (docs/filtering.md L1,
 * L2, N3-N5) turns that lane's own pair into its LOD.  The instruction is
 * restated as the TEX form of its fields (no LOD modifier, its dim, .B,
 * .LC, .AOFFI, NODEP, sparse predicate) and run down TEX's stages
 * (tx_tex_grad_run) with its own operand slots.
 *
 * Operands (yuzu texture_gradient.cpp, Ryujinx InstTxd, Mesa nvc0
 * handleTXD): Ra = [handle (.B)] + coordinates + [one word: array index
 * [15:0], offsets from bit 16; with .LC the index is [11:0], the offsets
 * from bit 12 and the minimum LOD (u4.8) [31:20]] when the form has an
 * array, .AOFFI or .LC; Rb = dP/dx and dP/dy of each coordinate,
 * interleaved (s: Rb, Rb+1; t: Rb+2, Rb+3).
 */
#include <string.h>

#include "stages.h"

void tx_txd_slots_of(const tx_insn *in, tx_tex_grad *gd)
{
    int ncoord = (in->u.txd.dim >> 1) + 1;   /* decode allows 1D and 2D only */
    int a = 0;
    tx_tex_slots *sl = &gd->sl;

    memset(gd, 0, sizeof *gd);
    sl->array = sl->handle = sl->lod = sl->toff = sl->dc = sl->ms = -1;
    sl->coord[0] = sl->coord[1] = sl->coord[2] = -1;
    gd->word = -1;
    if (in->u.txd.bindless)
        sl->handle = a++;
    for (int i = 0; i < ncoord; i++)
        sl->coord[i] = a++;
    if ((in->u.txd.dim & 1) || in->u.txd.aoffi || in->u.txd.lc)
        gd->word = a++;
    if (in->u.txd.dim & 1)
        sl->array = gd->word;
    if (in->u.txd.aoffi)
        sl->toff = gd->word;
    for (int i = 0; i < 3; i++) {
        gd->dx[i] = i < ncoord ? 4 + 2 * i : -1;
        gd->dy[i] = i < ncoord ? 5 + 2 * i : -1;
    }
    gd->lc = in->u.txd.lc;
    sl->ra_n = a;
    sl->rb_n = 2 * ncoord;
}

int tx_insn_txd(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    tx_insn t;
    tx_tex_grad gd;

    if (in->u.txd.dim >= TX_DIM_3D)
        return TX_ST_ILLEGAL;   /* decode rejects it already */
    tx_tex_form(in, &t);
    t.u.tex.bindless = in->u.txd.bindless;
    t.u.tex.lod = TX_LOD_NONE;
    t.u.tex.lc = in->u.txd.lc;
    t.u.tex.aoffi = in->u.txd.aoffi;
    t.u.tex.ndv = 1;            /* no quad: never divergent (S13.3) */
    t.u.tex.nodep = in->u.txd.nodep;
    t.u.tex.ps = in->u.txd.ps;
    t.u.tex.dim = in->u.txd.dim;
    t.u.tex.wmask = in->u.txd.wmask;
    t.u.tex.tsidx = in->u.txd.tsidx;
    tx_txd_slots_of(in, &gd);
    return tx_tex_grad_run(s, &t, &gd, fx);
}
