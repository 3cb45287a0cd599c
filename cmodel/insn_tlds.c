/*
 * insn_tlds.c - TLDS, texel load with scalar sources and destinations
 * (TLDS seed; decisions in docs/semantics.md sections 1-4).
 *
 * The instruction runs down the stages in the RTL's order for every active
 * lane: gather, header (once), lod, addr, fetch, format, filter, pack, and
 * records each stage's output in the taps.  Lanes are independent and each
 * lane reads its operands before it writes, so one pass per lane gives the
 * same result as the RTL's quad-at-a-time pipeline.
 */
#include <string.h>

#include "stages.h"

/* Lanes that execute (S1.3, S1.4): TLDS has .NODEP, which also drops the
 * killed threads. */
static uint32_t active_lanes(const tx_state *s, const tx_insn *in)
{
    uint32_t m = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (in->u.tlds.nodep)
        m &= ~s->ktm;
    return m;
}

/* 4-bit two's complement offset field at bit pos of the packed aoffi. */
static uint32_t offset4(uint32_t aoffi, int pos)
{
    uint32_t v = (aoffi >> pos) & 0xfu;
    return (v ^ 8u) - 8u;       /* sign-extend; arithmetic is modulo 2^32 */
}

int tx_insn_tlds(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    const uint8_t target = in->u.tlds.target;
    uint8_t comp[4];
    tx_taps *tp = &fx->taps;
    int status = TX_ST_OK;
    int ll, aoffi;

    /* Decode rejects these; check again so a decode gap can never become a
     * partial write. */
    if (!tx_pack_tlds_components(in->u.tlds.rd1 == TX_RZ, in->u.tlds.wmask, comp) ||
        !tx_tlds_target(target, &ll, &aoffi, NULL))
        return TX_ST_ILLEGAL;

    uint32_t active = active_lanes(s, in);
    tp->lanes = active;
    tp->ntaps = 1;
    if (!active)
        return TX_ST_OK;   /* nothing goes down the pipe, not even the header */

    /* Header stage, once per instruction.  usable says whether the lanes
     * fetch texels; otherwise every written component is 0 (S3.7, S3.10).
     * The level view comes from the layout when one could be built, else
     * from the header fields, so the lod tap is defined in every case. */
    tx_tic tic;
    tx_layout L;
    tx_fmt_desc desc;
    int have_view = 0, usable = 0;
    uint32_t first = 0, last = 0;
    uint32_t index = tx_header_handle(s, in->u.tlds.tsidx) & 0xfffffu;
    if (index <= s->tic_max) {
        int built;
        have_view = 1;
        if (tx_header_load_view(s, index, &tic, &L, &built, &first, &last))
            status = TX_ST_FAULT;
        usable = built && tx_header_tlds_compatible(target, tic.texture_type);
        if (usable)
            tx_fmt_desc_from_tic(&tic, &desc);
    }

    for (int lane = 0; lane < TX_LANES; lane++) {
        if (!(active >> lane & 1))
            continue;

        tx_tlds_args a;
        uint32_t level = 0;
        uint64_t addr = 0;
        int oob = 1;
        uint8_t raw[16];
        uint32_t *fmt = tp->fmt[lane][0];

        /* TLDS reads four slots; the TEX-only taps are 0 (filtering.md 11). */
        memset(tp->gather[lane], 0, sizeof tp->gather[lane]);
        memset(tp->ufx[lane], 0, sizeof tp->ufx[lane]);
        memset(tp->wt[lane], 0, sizeof tp->wt[lane]);
        tp->lod[lane] = 0;
        tp->mipw[lane] = 0;
        tx_gather_tlds(s, in, lane, tp->gather[lane]);
        tx_tlds_unpack_args(target, tp->gather[lane], &a);
        if (have_view)
            oob = tx_lod_tlds(first, last, ll, a.lod, &level);

        if (usable) {
            if (aoffi) {
                a.x += offset4(a.aoffi, 0);
                a.y += offset4(a.aoffi, 4);
            }
            if (!oob)
                oob = tx_addr_texel(&L, level, a.x, a.y, a.z, a.layer, a.sample, &addr);
            if (oob)
                addr = 0;
            if (tx_fetch_texel(s->mem, addr, L.bpp, oob, raw) & TX_MEM_FAULT)
                status = TX_ST_FAULT;
            tx_fetch_words(raw, tp->texel[lane][0]);
            tx_format_decode_at(&desc, raw, a.x & 3u, a.y & 3u, !oob, fmt, NULL);
        } else {
            oob = 1;
            memset(tp->texel[lane][0], 0, sizeof tp->texel[lane][0]);
            memset(fmt, 0, 4 * sizeof *fmt);
        }
        tp->level[lane] = level;
        tp->level1[lane] = level;
        tp->addr[lane][0] = addr;
        tp->oob[lane][0] = (uint8_t)oob;
        tx_filter_point(fmt, tp->filt[lane]);
        tx_pack_tlds(s, in, lane, tp->filt[lane], fx);
    }
    return status;
}
