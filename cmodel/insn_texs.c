/*
 * insn_texs.c - TEXS, the scalar short form of TEX (docs/semantics.md
 * section 14).
 *
 * TEXS samples as TEX does; only its encoding is shorter.  The target code
 * names a dim, a LOD mode (implicit, .LZ or .LL) and .DC; Ra and Rb hold at
 * most two registers each; the results go to two register pairs as TLDS
 * writes them.  The instruction is restated as its TEX form (same dim, LOD
 * mode, .DC, .NODEP, #tsPtrIdx; no .B, .AOFFI, .LC, .NDV or sparse
 * predicate; the write mask of its mask code) and run down TEX's stages
 * (tx_tex_run_scalar) with TLDS's packing stage.  Where the TEX form has
 * one register more in its Ra group than the TEXS form reads from Ra (the
 * 2D, ARRAY_2D, 3D and CUBE forms with y or z in Rb), that last coordinate
 * is read from Rb and the rest of the Rb group from Rb+1 (rb_last; the
 * gather stage, cmodel/gather.c, and rtl/tx_gather.sv).
 */
#include <string.h>

#include "stages.h"

int tx_insn_texs(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    static const int ncoord[4] = {1, 2, 3, 3};   /* dim >> 1: 1D 2D 3D CUBE */
    tx_insn t, p;
    int dim, lod, dc, ra_n;
    unsigned comps = tx_tlds_comp_mask(in->u.texs.wmask, in->u.texs.rd1 == TX_RZ);

    /* Decode rejects these; check again so a decode gap can never become a
     * partial write. */
    if (!tx_texs_target(in->u.texs.target, &dim, &lod, &dc) || !comps)
        return TX_ST_ILLEGAL;

    tx_tex_form(in, &t);
    t.u.tex.dim = (uint8_t)dim;
    t.u.tex.lod = (uint8_t)lod;
    t.u.tex.dc = (uint8_t)dc;
    t.u.tex.nodep = in->u.texs.nodep;
    t.u.tex.ps = TX_PT;
    t.u.tex.wmask = (uint8_t)comps;
    t.u.tex.tsidx = in->u.texs.tsidx;
    /* TEX's Ra group is [array] + the coordinates; the TEXS form reads one
     * register fewer from Ra when its last coordinate sits in Rb. */
    tx_src_counts(in, &ra_n, NULL);
    t.u.tex.rb_last = (uint8_t)(((dim & 1) + ncoord[(dim >> 1) & 3]) > ra_n);

    /* The packing stage of TLDS: Rd0, Rd0+1, Rd1, Rd1+1, or binary16 pairs
     * with .F16 (S14.4). */
    memset(&p, 0, sizeof p);
    p.op = TX_OP_TLDS;
    p.rd = in->rd;
    p.u.tlds.rd1 = in->u.texs.rd1;
    p.u.tlds.wmask = in->u.texs.wmask;
    p.u.tlds.f16 = in->u.texs.f16;
    return tx_tex_run_scalar(s, &t, &p, fx);
}
