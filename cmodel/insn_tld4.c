/*
 * insn_tld4.c - TLD4, TLD4.B and TLD4S: gather, the four texels of a
 * bilinear footprint, one component of each (docs/semantics.md section 10).
 *
 * A gather is a TEX.LZ whose filter stage selects instead of blending: the
 * instruction is restated as the TEX form with the same operands (its dim,
 * .B, .DC, .NDV, .NODEP, sparse predicate) and run down TEX's stages
 * (tx_tex_run) with the overrides of tx_tex_gather.  TLD4S, the scalar
 * short form, has its own operand slots and writes its results as TLDS
 * does with the RGBA mask: Rd0, Rd0+1, Rd1, Rd1+1 (binary16 pairs with
 * .F16).
 */
#include <string.h>

#include "stages.h"

/* The operand slots (g[0..3] from Ra, g[4..7] from Rb; yuzu
 * texture_gather.cpp and texture_gather_swizzled.cpp). */
void tx_tld4_slots_of(const tx_insn *in, tx_tex_slots *sl)
{
    int a = 0, b = 4;

    sl->array = sl->handle = sl->lod = sl->toff = sl->dc = -1;
    sl->coord[0] = sl->coord[1] = sl->coord[2] = -1;
    if (in->op == TX_OP_TLD4S) {
        /* s, t in Ra, Rb; with .AOFFI or .DC both in Ra, Ra+1 and Rb holds
         * the offsets, then the reference. */
        sl->coord[0] = a++;
        if (in->u.tld4.offs || in->u.tld4.dc) {
            sl->coord[1] = a++;
        } else {
            sl->coord[1] = b++;
        }
        if (in->u.tld4.offs)
            sl->toff = b++;
        if (in->u.tld4.dc)
            sl->dc = b++;
    } else {
        int ncoord = in->u.tld4.dim >= TX_DIM_CUBE ? 3 : 2;
        if (in->u.tld4.dim & 1)
            sl->array = a++;
        for (int i = 0; i < ncoord; i++)
            sl->coord[i] = a++;
        if (in->u.tld4.bindless)
            sl->handle = b++;
        if (in->u.tld4.offs == TX_TLD4_AOFFI)
            sl->toff = b++;
        else if (in->u.tld4.offs == TX_TLD4_PTP) {
            sl->toff = b;   /* the per-texel offsets, two words (S10.4) */
            b += 2;
        }
        if (in->u.tld4.dc)
            sl->dc = b++;
    }
    sl->ra_n = a;
    sl->rb_n = b - 4;
}

int tx_insn_tld4(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    tx_insn t, p;
    tx_tex_gather ga;

    /* The TEX form: .LZ, no .LC, AOFFI as the operand slots say. */
    tx_tex_form(in, &t);
    t.u.tex.bindless = in->u.tld4.bindless;
    t.u.tex.lod = TX_LOD_LZ;
    t.u.tex.aoffi = in->u.tld4.offs == TX_TLD4_AOFFI;
    t.u.tex.dc = in->u.tld4.dc;
    t.u.tex.ndv = in->u.tld4.ndv;
    t.u.tex.nodep = in->u.tld4.nodep;
    t.u.tex.ps = in->u.tld4.ps;
    t.u.tex.dim = in->u.tld4.dim;
    t.u.tex.wmask = in->u.tld4.wmask;
    t.u.tex.tsidx = in->u.tld4.tsidx;

    memset(&ga, 0, sizeof ga);
    tx_tld4_slots_of(in, &ga.sl);
    ga.comp = in->u.tld4.comp;
    ga.ptp = in->u.tld4.offs == TX_TLD4_PTP;
    if (in->op == TX_OP_TLD4S) {
        /* TLDS's packing with the RGBA code (4): Rd0, Rd0+1, Rd1, Rd1+1;
         * with Rd1 = RZ the same code reads RG, the two writes that are
         * left. */
        p = t;
        p.op = TX_OP_TLDS;
        memset(&p.u, 0, sizeof p.u);
        p.u.tlds.rd1 = in->u.tld4.rd1;
        p.u.tlds.wmask = 4;
        p.u.tlds.f16 = in->u.tld4.f16;
        ga.orig = &p;
        ga.pack = tx_pack_tlds;
    } else {
        ga.orig = &t;
        ga.pack = tx_pack_tex;
    }
    return tx_tex_run(s, &t, &ga, fx);
}
