/*
 * insn_suld.c - SULD, surface load (SULD seed; decisions in
 * docs/semantics.md section 6).
 *
 * Stages, in the RTL's order (rtl/tx_suld.sv): gather (Ra.. and Rc), header
 * (once: handle, TIC, layout), addr (tx_suld_addr: clamp mode and byte
 * address), fetch (the element's bytes), format (tx_suld_data: raw words or
 * the shared format stage), filter (pass-through) and pack (Rd.. and Ps).
 * With .TRAP the bounds of every active lane are checked first: one lane out
 * of bounds makes the whole instruction trap with no writes (S6.5), which is
 * what the RTL's checking pass does before it loads anything.
 */
#include <string.h>

#include "stages.h"

int tx_suld_compatible(unsigned dim, const tx_layout *L, uint8_t type)
{
    /* Multisample surfaces have no sample coordinate in SULD (S6.8). */
    if (L->samples != 1)
        return 0;
    /* Nor block-compressed ones: SULD addresses bytes of texels, and a
     * block format has no texel bytes (docs/semantics.md S6.8). */
    if (L->blk)
        return 0;
    switch (dim) {
    case TX_SU_1D:
    case TX_SU_1D_ARRAY:
        return type == TX_TEX_1D || type == TX_TEX_1D_ARRAY;
    case TX_SU_1D_BUFFER:
        return type == TX_TEX_1D_BUFFER;
    case TX_SU_2D:
    case TX_SU_2D_ARRAY:
        return type == TX_TEX_2D || type == TX_TEX_2D_NO_MIPMAP || type == TX_TEX_2D_ARRAY ||
               type == TX_TEX_CUBEMAP || type == TX_TEX_CUBEMAP_ARRAY;
    case TX_SU_3D:
        return type == TX_TEX_3D;
    default:
        return 0;
    }
}

/* Ra, Ra+1, Ra+2 as far as the dimension reads them, and Rc (bindless). */
static void gather(const tx_state *s, const tx_insn *in, int lane, uint32_t g[4])
{
    int n = 0;
    tx_src_counts(in, &n, NULL);
    for (int i = 0; i < 3; i++)
        g[i] = i < n ? tx_reg_ext(s, lane, in->ra + i) : 0u;
    g[3] = in->u.suld.bound ? 0u : tx_reg(s, lane, in->u.suld.rc);
}

int tx_insn_suld(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    tx_taps *tp = &fx->taps;
    int status = TX_ST_OK;

    if (in->u.suld.dim > TX_SU_3D || (in->u.suld.d && in->u.suld.size > TX_SU_128))
        return TX_ST_ILLEGAL;

    /* SULD has no .NODEP: killed threads are not dropped (S1.4). */
    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    tp->lanes = active;
    tp->ntaps = 1;
    if (!active)
        return TX_ST_OK;   /* nothing goes down the pipe (S3.12) */

    /* Header stage.  The bindless handle is Rc of the lowest active lane
     * (S6.9); the sampler part of the handle is ignored (seed). */
    int lowest = 0;
    while (!(active >> lowest & 1))
        lowest++;
    uint32_t handle = in->u.suld.bound ? tx_header_handle(s, in->u.suld.tsidx)
                                       : tx_reg(s, lowest, in->u.suld.rc);
    uint32_t index = handle & 0xfffffu;
    tx_tic tic;
    tx_layout L, V;
    tx_fmt_desc desc;
    int usable = 0;
    if (index <= s->tic_max) {
        if (tx_header_read(s, index, &tic) & TX_MEM_FAULT)
            status = TX_ST_FAULT;
        else if (tx_layout_build(&tic, s->gob_layout, &L) == 0 &&
                 tx_suld_compatible(in->u.suld.dim, &L, tic.texture_type))
            usable = 1;
    }
    uint32_t bytes = 0;
    if (usable) {
        tx_fmt_desc_from_tic(&tic, &desc);
        tx_suld_byte_view(&L, &V);
        bytes = tx_suld_bytes(in, L.bpp);
    }

    /* .TRAP: the checking pass.  A disabled or invalid surface never traps:
     * it silently returns zeros (seed). */
    if (usable && in->u.suld.clamp == TX_SU_TRAP) {
        for (int lane = 0; lane < TX_LANES; lane++) {
            uint32_t g[4];
            uint64_t a;
            if (!(active >> lane & 1))
                continue;
            gather(s, in, lane, g);
            if (tx_suld_addr(&L, &V, in, g, &a)) {
                tp->lanes = 0;
                tp->ntaps = 0;
                return TX_ST_TRAP;
            }
        }
    }

    const int nregs = tx_suld_rd_count(in);
    const int ps = in->u.suld.ps;
    for (int lane = 0; lane < TX_LANES; lane++) {
        if (!(active >> lane & 1))
            continue;

        uint32_t *g = tp->gather[lane];
        uint32_t *out = tp->fmt[lane][0];
        uint64_t addr = 0;
        uint8_t raw[16];
        int oob = 1, sparse = 0;

        gather(s, in, lane, g);
        if (usable)
            oob = tx_suld_addr(&L, &V, in, g, &addr);
        int flags = tx_fetch_texel(s->mem, addr, bytes, oob || !usable, raw);
        if (flags & TX_MEM_FAULT)
            status = TX_ST_FAULT;
        sparse = (flags & TX_MEM_SPARSE) != 0;
        /* The RTL sees one sparse flag per 16-byte slot and drops the whole
         * element, as for a fault (S6.10). */
        if (flags)
            memset(raw, 0, sizeof raw);
        tx_fetch_words(raw, tp->texel[lane][0]);
        /* A lane with no data (out of bounds, no usable surface, a faulted
         * or sparse page) writes zeros (S6.5, S6.10). */
        if (oob || flags)
            memset(out, 0, 4 * sizeof *out);
        else
            tx_suld_data(in, &desc, raw, out);

        tp->level[lane] = usable ? L.first_level : 0u;
        tp->addr[lane][0] = addr;
        tp->oob[lane][0] = (uint8_t)oob;
        tx_filter_point(out, tp->filt[lane]);

        /* Pack: Rd, Rd+1, ... (the decoder checked the alignment); writes
         * to RZ are dropped. */
        for (int k = 0; k < nregs; k++) {
            int reg = in->rd + k;
            if (in->rd == TX_RZ || reg >= TX_RZ)
                break;
            s->r[lane][reg] = tp->filt[lane][k];
            tx_regw *w = &fx->regw[fx->nregw++];
            w->lane = (uint8_t)lane;
            w->reg = (uint8_t)reg;
            w->val = tp->filt[lane][k];
        }
        if (ps != TX_PT) {
            uint32_t bit = 1u << lane;
            fx->predw_mask[ps] |= bit;
            if (sparse) {
                fx->predw_val[ps] |= bit;
                s->p[ps] |= bit;
            } else {
                s->p[ps] &= ~bit;
            }
        }
    }
    return status;
}
