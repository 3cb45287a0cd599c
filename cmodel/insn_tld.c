/*
 * insn_tld.c - TLD and TLD.B, the texel load that TLDS is the scalar short
 * form of (decisions in docs/semantics.md section 9).
 *
 * The TLDS datapath with TEX's operand groups: the gather reads TEX's eight
 * slots (Ra group: [array] + coordinates; Rb group: [handle] + [lod] +
 * [offsets] + [sample]), the header stage takes a TLD.B handle as TEX.B
 * does, and every active lane then runs TLDS's lod, addr, fetch, format and
 * point filter; the results are packed as TEX packs them (the k-th written
 * component to Rd + k), and Ps, when given, says which lanes touched a
 * sparse page (which reads zeros, as for TLDS).
 */
#include <string.h>

#include "stages.h"

/* Lanes that execute (S1.3, S1.4): TLD has .NODEP, which also drops the
 * killed threads. */
static uint32_t active_lanes(const tx_state *s, const tx_insn *in)
{
    uint32_t m = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (in->u.tld.nodep)
        m &= ~s->ktm;
    return m;
}

/* 4-bit two's complement offset field at bit pos of the packed offsets. */
static uint32_t offset4(uint32_t aoffi, int pos)
{
    uint32_t v = (aoffi >> pos) & 0xfu;
    return (v ^ 8u) - 8u;
}

int tx_insn_tld(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    tx_taps *tp = &fx->taps;
    tx_tex_slots sl;
    int status = TX_ST_OK;
    uint32_t spmask = 0;

    tx_tld_slots_of(in, &sl);
    uint32_t active = active_lanes(s, in);
    tp->lanes = active;
    tp->ntaps = 1;
    if (!active)
        return TX_ST_OK;   /* nothing goes down the pipe, not even the header */

    uint32_t g[TX_LANES][8];
    for (int lane = 0; lane < TX_LANES; lane++)
        tx_gather_tex(s, in, &sl, lane, g[lane]);

    /* Header stage, once (S9.2): the handle from the constant bank, or
     * with .B from Rb of the lowest active lane, as TEX.B. */
    int first_lane = 0;
    while (!(active >> first_lane & 1))
        first_lane++;
    uint32_t handle = in->u.tld.bindless ? g[first_lane][sl.handle]
                                         : tx_header_handle(s, in->u.tld.tsidx);
    uint32_t index = handle & 0xfffffu;
    tx_tic tic;
    tx_layout L;
    tx_fmt_desc desc;
    int have_view = 0, usable = 0;
    uint32_t first = 0, last = 0;
    if (index <= s->tic_max) {
        int built;
        have_view = 1;
        if (tx_header_load_view(s, index, &tic, &L, &built, &first, &last))
            status = TX_ST_FAULT;
        usable = built && tx_header_tld_compatible(in->u.tld.dim, tic.texture_type);
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

        memcpy(tp->gather[lane], g[lane], sizeof g[lane]);
        memset(tp->ufx[lane], 0, sizeof tp->ufx[lane]);
        memset(tp->wt[lane], 0, sizeof tp->wt[lane]);
        tp->lod[lane] = 0;
        tp->mipw[lane] = 0;
        tx_tld_unpack_args(in, &sl, g[lane], &a);
        if (have_view)
            oob = tx_lod_tlds(first, last, in->u.tld.ll, a.lod, &level);

        if (usable) {
            /* .AOFFI: 4-bit offsets x [3:0], y [7:4], z [11:8] on the axes
             * the dim has (yuzu texture_load.cpp MakeOffset). */
            if (in->u.tld.aoffi) {
                unsigned axes = (in->u.tld.dim >> 1) + 1;
                a.x += offset4(a.aoffi, 0);
                if (axes > 1)
                    a.y += offset4(a.aoffi, 4);
                if (axes > 2)
                    a.z += offset4(a.aoffi, 8);
            }
            if (!oob)
                oob = tx_addr_texel(&L, level, a.x, a.y, a.z, a.layer, a.sample, &addr);
            if (oob)
                addr = 0;
            int fl = tx_fetch_texel(s->mem, addr, L.bpp, oob, raw);
            if (fl & TX_MEM_FAULT)
                status = TX_ST_FAULT;
            if (fl & TX_MEM_SPARSE)
                spmask |= 1u << lane;
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
        tx_pack_tld(s, in, lane, tp->filt[lane], fx);
    }
    if (in->u.tld.ps != TX_PT) {
        int p = in->u.tld.ps;
        fx->predw_mask[p] |= active;
        fx->predw_val[p] = (fx->predw_val[p] & ~active) | spmask;
        s->p[p] = (s->p[p] & ~active) | spmask;
    }
    return status;
}
