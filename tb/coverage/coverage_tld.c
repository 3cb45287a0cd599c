/*
 * coverage_tld.c - coverage bins of TLD (docs/semantics.md section 9,
 * docs/coverage.md "TLD"): its forms (dim x .LZ/.LL), modifiers (.AOFFI per
 * dim, .MS, .B, .CL, Ps, .NODEP), write masks, and what the lanes met: a
 * texel in bounds, each out-of-bounds cause (level, coordinate, array
 * index, sample), an offset that wrapped below zero, forced zeros, faults
 * and sparse pages.
 */
#include <stdio.h>
#include <string.h>

#include "coverage_int.h"
#include "layout.h"

static const char *const dim_names[5] = {"1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D"};

enum {
    TB_FORM = 0,                 /* 5 dims x {LZ, LL} */
    TB_AOFFI = 10,               /* per dim */
    TB_MS = 15, TB_MS_ARRAY, TB_B, TB_CL, TB_PS, TB_PS_SPARSE, TB_NODEP,
    TB_IN, TB_OOB_LEVEL, TB_OOB_COORD, TB_OOB_LAYER, TB_OOB_SAMPLE, TB_WRAP, TB_ZERO,
    TB_FAULT, TB_WMASK,          /* 16 write masks */
    TB_COUNT = TB_WMASK + 16
};

static const char *const cond_names[TB_WMASK - TB_MS] = {
    ".MS on 2D", ".MS on ARRAY_2D", ".B (handle from Rb)", ".CL", "Ps given",
    "Ps set: a lane on a sparse page", ".NODEP with killed lanes",
    "lane: texel in bounds", "lane: level past the view", "lane: coordinate out of bounds",
    "lane: array index past the layers (zeros)", "lane: sample index past the samples",
    "lane: offset wrapped below zero", "results forced to zero (header, type)",
    "status FAULT"};

void cov_tld_init(cov *c)
{
    cov_group *g = &c->g[G_TLD];
    char b[64];
    g->name = "tld";
    g->what = "TLD: forms, modifiers, write masks and out-of-bounds causes";
    for (int d = 0; d < 5; d++)
        for (int l = 0; l < 2; l++) {
            snprintf(b, sizeof b, "form: %s.%s", dim_names[d], l ? "LL" : "LZ");
            cov_add_bin(g, b);
        }
    for (int d = 0; d < 5; d++) {
        snprintf(b, sizeof b, ".AOFFI on %s", dim_names[d]);
        cov_add_bin(g, b);
    }
    cov_add_bins(g, cond_names, TB_WMASK - TB_MS);
    for (int m = 0; m < 16; m++) {
        snprintf(b, sizeof b, "write mask 0x%x", m);
        cov_add_bin(g, b);
    }
}

/* One legal TLD step: executed here (s is updated as the runner would). */
void cov_tld_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                  tx_effects *fx)
{
    uint32_t ktm = s->ktm;
    int dim = in->u.tld.dim;
    tx_tex_slots sl;
    uint32_t handle;

    if (dim > TX_DIM_3D)
        return;
    cov_hit(c, G_TLD, TB_FORM + 2 * dim + in->u.tld.ll);
    if (in->u.tld.aoffi)
        cov_hit(c, G_TLD, TB_AOFFI + dim);
    if (in->u.tld.ms)
        cov_hit(c, G_TLD, dim == TX_DIM_2D ? TB_MS : TB_MS_ARRAY);
    if (in->u.tld.bindless)
        cov_hit(c, G_TLD, TB_B);
    if (in->u.tld.cl)
        cov_hit(c, G_TLD, TB_CL);
    if (in->u.tld.ps != TX_PT)
        cov_hit(c, G_TLD, TB_PS);
    if (in->u.tld.nodep && ktm)
        cov_hit(c, G_TLD, TB_NODEP);
    cov_hit(c, G_TLD, TB_WMASK + in->u.tld.wmask);

    /* The header the step will read, before it runs (its registers may be
     * among those it writes). */
    tx_tld_slots_of(in, &sl);
    uint32_t g0[TX_LANES][8];
    for (int lane = 0; lane < TX_LANES; lane++)
        tx_gather_tex(s, in, &sl, lane, g0[lane]);
    tx_tic tic;
    tx_layout L;
    int have_layout = 0;

    int st = tx_step(s, word, ctrl, fx);
    const tx_taps *tp = &fx->taps;
    if (st == TX_ST_FAULT)
        cov_hit(c, G_TLD, TB_FAULT);
    if (!tp->lanes)
        return;
    int first = 0;
    while (!(tp->lanes >> first & 1))
        first++;
    handle = in->u.tld.bindless ? g0[first][sl.handle] : tx_header_handle(s, in->u.tld.tsidx);
    if ((handle & 0xfffffu) <= s->tic_max &&
        !(tx_header_read(s, handle & 0xfffffu, &tic) & TX_MEM_FAULT) &&
        tx_layout_build(&tic, s->gob_layout, &L) == 0 &&
        tx_header_tld_compatible((uint8_t)dim, tic.texture_type))
        have_layout = 1;
    if (!have_layout) {
        cov_hit(c, G_TLD, TB_ZERO);
        return;
    }
    if (in->u.tld.ps != TX_PT && (fx->predw_val[in->u.tld.ps] & tp->lanes))
        cov_hit(c, G_TLD, TB_PS_SPARSE);
    for (int lane = 0; lane < TX_LANES; lane++) {
        if (!(tp->lanes >> lane & 1))
            continue;
        tx_tlds_args a;
        tx_tld_unpack_args(in, &sl, g0[lane], &a);
        uint32_t lvl = L.first_level + (in->u.tld.ll ? a.lod : 0);
        if (in->u.tld.aoffi) {
            int neg = (a.aoffi & 8) && a.x < 8;
            if (dim >= TX_DIM_2D)
                neg |= (a.aoffi & 0x80) && a.y < 8;
            if (neg)
                cov_hit(c, G_TLD, TB_WRAP);
        }
        if (!tp->oob[lane][0]) {
            cov_hit(c, G_TLD, TB_IN);
        } else if ((in->u.tld.ll && a.lod > (uint32_t)(L.last_level - L.first_level)) ||
                   L.first_level > L.last_level) {
            cov_hit(c, G_TLD, TB_OOB_LEVEL);
        } else if ((dim & 1) && a.layer >= L.layers) {
            cov_hit(c, G_TLD, TB_OOB_LAYER);
        } else if (in->u.tld.ms && a.sample >= L.samples) {
            cov_hit(c, G_TLD, TB_OOB_SAMPLE);
        } else if (lvl < TX_MAX_LEVELS) {
            cov_hit(c, G_TLD, TB_OOB_COORD);
        }
    }
}
