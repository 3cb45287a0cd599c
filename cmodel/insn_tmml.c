/*
 * insn_tmml.c - TMML and TMML.B, the LOD query (docs/semantics.md section
 * 10).
 *
 * TMML is a TEX with implicit LOD that returns the LOD instead of a
 * sample: the same operands (Ra = [array] + coordinates, TMML.B's handle
 * in Rb), the same header and sampler, the same LOD unit (quad
 * derivatives, bias, clamps: docs/filtering.md L1-L6), no fetch.  It runs
 * as the TEX form of the same fields (tx_tex_lod_query, insn_tex.c).
 */
#include "stages.h"

int tx_insn_tmml(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    tx_insn t = *in;

    if (in->u.tmml.dim == TX_DIM_A3D)
        return TX_ST_ILLEGAL;   /* decode rejects it already */
    t.op = TX_OP_TEX;
    t.u.tex.bindless = in->u.tmml.bindless;
    t.u.tex.dim = in->u.tmml.dim;
    t.u.tex.wmask = in->u.tmml.wmask;
    t.u.tex.ndv = in->u.tmml.ndv;
    t.u.tex.nodep = in->u.tmml.nodep;
    t.u.tex.tsidx = in->u.tmml.tsidx;
    t.u.tex.lod = TX_LOD_NONE;
    t.u.tex.lc = t.u.tex.aoffi = t.u.tex.dc = 0;
    t.u.tex.ps = TX_PT;
    t.u.tex.rb_last = 0;
    return tx_tex_lod_query(s, &t, fx);
}
