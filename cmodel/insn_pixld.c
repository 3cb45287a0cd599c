/*
 * insn_pixld.c - PIXLD, pixel load: the raster's sample count, coverage,
 * sample positions and sample index (PIXLD seed; decisions
 * in docs/semantics.md section 7).
 *
 * Each active lane reads Ra when its mode takes an address, forms the
 * sample index, asks the pixld stage (pixld.c) for its result and writes Rd
 * and, for .COVERED and .MY_INDEX with a Pd other than PT, Pd.  Lanes are
 * independent and read before they write, so one pass over the lanes gives
 * the RTL's quad-at-a-time result.
 */
#include "pixld.h"
#include "stages.h"

/* Only .COVERED and .OFFSET read the sample-index address (seed); the
 * other modes ignore it (S7.7). */
static int mode_takes_address(unsigned mode)
{
    return mode == TX_PIX_COVERED || mode == TX_PIX_OFFSET;
}

/* "No predicate write is ever performed for any PIXLD mode other than
 * .COVERED and .MY_INDEX" (seed); P7 suppresses it too. */
static int writes_pd(const tx_insn *in)
{
    unsigned m = in->u.pixld.mode;
    return in->u.pixld.pd != TX_PT && (m == TX_PIX_COVERED || m == TX_PIX_MY_INDEX);
}

int tx_insn_pixld(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    const unsigned mode = in->u.pixld.mode;
    const int addr = mode_takes_address(mode);
    const int pd = in->u.pixld.pd;
    tx_taps *tp = &fx->taps;

    if (mode > TX_PIX_MY_INDEX)
        return TX_ST_ILLEGAL;   /* decode rejects modes 6, 7 already */

    /* S1.3, S1.4: PIXLD has no .NODEP, so killed lanes still execute. */
    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    tp->lanes = active;
    tp->ntaps = 1;
    tp->stages = 1u << TX_TAP_PIXLD;
    tp->pix_pred = 0;

    for (int lane = 0; lane < TX_LANES; lane++) {
        if (!(active >> lane & 1))
            continue;
        uint32_t bit = 1u << lane;
        uint32_t ra = addr ? tx_reg(s, lane, in->ra) : 0;
        uint32_t index = addr ? tx_pixld_index(in->ra, ra, in->u.pixld.imm) : 0;
        uint32_t val;
        int pred;

        tx_pixld_lane(&s->raster, mode, lane, index, &val, &pred);
        tp->pix_ra[lane] = ra;
        tp->pix_index[lane] = index;
        tp->pix_val[lane] = val;
        if (pred)
            tp->pix_pred |= bit;

        if (in->rd != TX_RZ) {
            s->r[lane][in->rd] = val;
            tx_regw *w = &fx->regw[fx->nregw++];
            w->lane = (uint8_t)lane;
            w->reg = in->rd;
            w->val = val;
        }
        if (writes_pd(in)) {
            fx->predw_mask[pd] |= bit;
            if (pred) {
                fx->predw_val[pd] |= bit;
                s->p[pd] |= bit;
            } else {
                s->p[pd] &= ~bit;
            }
        }
    }
    return TX_ST_OK;
}
