/*
 * insn_txq.c - TXQ and TXQ.B, the header query (docs/semantics.md section
 * 9).
 *
 * TXQ runs down the texture pipe like a TEX that fetches nothing: gather
 * (the level operand, and with .B the handle), the header stage (the
 * texture header alone: no sampler, any texture type), then the query
 * stage (txq.c) in place of the format stage's texel decode, a point
 * filter, and the pack stage's write-mask compaction.  The taps compared
 * are gather, format (slot 0: the query's result) and filter.
 */
#include <string.h>

#include "stages.h"
#include "txq.h"

/* Sampler queries read the TSC, whose answer no public source gives. */
static int sampler_query(unsigned q)
{
    return q == TX_TXQ_SAMPLER_FILTER || q == TX_TXQ_SAMPLER_LOD ||
           q == TX_TXQ_SAMPLER_WRAP || q == TX_TXQ_SAMPLER_BORDER;
}

int tx_insn_txq(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    const unsigned q = in->u.txq.query;
    const int bl = in->u.txq.bindless;
    tx_taps *tp = &fx->taps;
    int status = TX_ST_OK;

    if (!tx_txq_query_name(q))
        return TX_ST_ILLEGAL;   /* decode rejects these already */
    if (sampler_query(q))
        return TX_ST_UNIMPL;    /* S11.6 */

    /* S11.1: lanes as TEX (IPM & CTM, and ~KTM with .NODEP). */
    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (in->u.txq.nodep)
        active &= ~s->ktm;
    tp->lanes = active;
    tp->ntaps = 1;
    tp->stages = (1u << TX_TAP_GATHER) | (1u << TX_TAP_FORMAT) | (1u << TX_TAP_FILTER);
    if (!active)
        return TX_ST_OK;

    /* S11.2: the level operand in the first coordinate slot, the handle of
     * TXQ.B in the handle slot (slot 4, as TEX.B's). */
    int first_lane = 0;
    while (!(active >> first_lane & 1))
        first_lane++;
    uint32_t g[TX_LANES][TX_GATHER_WORDS];
    memset(g, 0, sizeof g);
    for (int lane = 0; lane < TX_LANES; lane++) {
        g[lane][0] = tx_reg_ext(s, lane, bl ? in->ra + 1 : in->ra);
        if (bl)
            g[lane][4] = tx_reg_ext(s, lane, in->ra);
    }

    /* Header stage: TXQ.B's handle is the lowest active lane's (S8.1). */
    uint32_t handle = bl ? g[first_lane][4] : tx_header_handle(s, in->u.txq.tsidx);
    uint32_t index = handle & 0xfffffu;
    tx_tic tic;
    tx_layout L;
    tx_txq_view v;
    int usable = 0;
    if (index <= s->tic_max) {
        if (tx_header_read(s, index, &tic) & TX_MEM_FAULT)
            status = TX_ST_FAULT;
        else if (tx_layout_build(&tic, s->gob_layout, &L) == 0)
            usable = 1;
    }
    if (usable)
        tx_txq_view_of(&tic, &L, &v);

    for (int lane = 0; lane < TX_LANES; lane++) {
        if (!(active >> lane & 1))
            continue;
        uint32_t r[4] = { 0, 0, 0, 0 };
        memcpy(tp->gather[lane], g[lane], sizeof g[lane]);
        if (usable)
            tx_txq_result(q, g[lane][0], &v, r);
        memcpy(tp->fmt[lane][0], r, sizeof r);
        memset(tp->wt[lane], 0, sizeof tp->wt[lane]);
        memcpy(tp->filt[lane], r, sizeof r);
        tx_pack_mask(s, in->rd, in->u.txq.wmask, lane, r, fx);
    }
    return status;
}
