/*
 * coverage_txq.c - TXQ bins (docs/coverage.md "TXQ"): the forms (query x
 * binding, modifiers, masks), what DIMENSION read (texture type x level in
 * or past the view), and the header cases (usable, no header, faulting,
 * unusable, multisample).  Hit from the decoded word and the execution
 * (tx_step) of each TXQ step.
 */
#include <stdio.h>
#include <string.h>

#include "coverage_int.h"
#include "txq.h"

static const char *const qn[3] = { "DIMENSION", "TEXTURE_TYPE", "SAMPLER_POS" };
static const char *const tn[9] = { "1D", "2D", "3D", "CUBEMAP", "1D_ARRAY", "2D_ARRAY",
                                   "1D_BUFFER", "2D_NO_MIPMAP", "CUBEMAP_ARRAY" };

enum { F_NODEP, F_PHASE_T, F_PHASE_P, F_GUARD, F_RD_RZ, F_RA_RZ, F_MASK0, F_MASK_PART,
       F_MASK_ALL, F_RD_RA, F_PARTIAL, F_HANDLES_DIFFER, F_COUNT };
static const char *const fnames[F_COUNT] = {
    ".NODEP", ".T", ".P", "guard predicate", "Rd = RZ", "Ra = RZ", "write mask 0",
    "partial write mask", "write mask 0xf", "Rd = Ra", "partial lane mask",
    "TXQ.B: lanes' handles differ" };

enum { H_USABLE, H_PAST_POOL, H_FAULT, H_UNUSABLE, H_MS, H_PITCH, H_LEVEL_IN, H_LEVEL_LAST,
       H_LEVEL_PAST, H_LEVEL_HUGE, H_VIEW_OFFSET, H_COUNT };
static const char *const hnames[H_COUNT] = {
    "usable header", "header index above tic max", "header read faults",
    "unusable header (no layout)", "multisample header", "pitch header",
    "DIMENSION: level inside the view (a lane)", "DIMENSION: the view's last level (a lane)",
    "DIMENSION: level past the view (a lane)", "DIMENSION: level >= 2^31 (a lane)",
    "DIMENSION: view starting above level 0" };

/* Bin layout: 3 x 2 query x binding, then F_COUNT, then 9 types, then
 * H_COUNT. */
#define B_FORMS 6
#define B_FLAGS (B_FORMS)
#define B_TYPES (B_FLAGS + F_COUNT)
#define B_HDR (B_TYPES + 9)

void cov_txq_init(cov *c)
{
    cov_group *g = &c->g[G_TXQ];
    char b[64];
    g->name = "txq";
    g->what = "TXQ forms, DIMENSION by texture type, header and level cases";
    for (int q = 0; q < 3; q++)
        for (int bl = 0; bl < 2; bl++) {
            snprintf(b, sizeof b, "%s %s", bl ? "TXQ.B" : "TXQ", qn[q]);
            cov_add_bin(g, b);
        }
    cov_add_bins(g, fnames, F_COUNT);
    for (int t = 0; t < 9; t++) {
        snprintf(b, sizeof b, "DIMENSION of a %s", tn[t]);
        cov_add_bin(g, b);
    }
    cov_add_bins(g, hnames, H_COUNT);
}

static int qindex(unsigned q)
{
    return q == TX_TXQ_DIMENSION ? 0 : q == TX_TXQ_TEXTURE_TYPE ? 1 : q == TX_TXQ_SAMPLER_POS ? 2 : -1;
}

void cov_txq_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                  tx_effects *fx)
{
    const int bl = in->u.txq.bindless;
    int qi = qindex(in->u.txq.query);
    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    uint32_t handle = 0, lvl[TX_LANES];
    int first = -1;

    if (in->u.txq.nodep)
        active &= ~s->ktm;
    for (int l = 0; l < TX_LANES; l++) {
        lvl[l] = tx_reg_ext(s, l, bl ? in->ra + 1 : in->ra);
        if ((active >> l & 1) && first < 0)
            first = l;
    }
    if (first >= 0)
        handle = bl ? tx_reg_ext(s, first, in->ra) : tx_header_handle(s, in->u.txq.tsidx);
    for (int l = 0; bl && l < TX_LANES; l++)
        if ((active >> l & 1) && tx_reg_ext(s, l, in->ra) != handle) {
            cov_hit(c, G_TXQ, B_FLAGS + F_HANDLES_DIFFER);
            break;
        }

    /* The header as the instruction sees it, before it runs. */
    tx_tic t;
    tx_layout L;
    int have = 0, fault = 0, usable = 0;
    uint32_t index = handle & 0xfffffu;
    if (first >= 0 && index <= s->tic_max) {
        have = 1;
        fault = (tx_header_read(s, index, &t) & TX_MEM_FAULT) != 0;
        usable = !fault && tx_layout_build(&t, s->gob_layout, &L) == 0;
    }

    /* Sampler queries answer UNIMPL, which no vector may hold: no bin. */
    if (qi >= 0)
        cov_hit(c, G_TXQ, qi * 2 + bl);
    if (in->u.txq.nodep)
        cov_hit(c, G_TXQ, B_FLAGS + F_NODEP);
    if (in->phase == TX_PHASE_T)
        cov_hit(c, G_TXQ, B_FLAGS + F_PHASE_T);
    if (in->phase == TX_PHASE_P)
        cov_hit(c, G_TXQ, B_FLAGS + F_PHASE_P);
    if (in->pred != TX_PT || in->pred_neg)
        cov_hit(c, G_TXQ, B_FLAGS + F_GUARD);
    if (in->rd == TX_RZ)
        cov_hit(c, G_TXQ, B_FLAGS + F_RD_RZ);
    if (in->ra == TX_RZ)
        cov_hit(c, G_TXQ, B_FLAGS + F_RA_RZ);
    if (in->rd == in->ra && in->rd != TX_RZ)
        cov_hit(c, G_TXQ, B_FLAGS + F_RD_RA);
    cov_hit(c, G_TXQ, B_FLAGS + (in->u.txq.wmask == 0 ? F_MASK0
                                 : in->u.txq.wmask == 0xf ? F_MASK_ALL : F_MASK_PART));
    if (active && active != 0xffffffffu)
        cov_hit(c, G_TXQ, B_FLAGS + F_PARTIAL);

    if (have && !fault && !usable)
        cov_hit(c, G_TXQ, B_HDR + H_UNUSABLE);
    if (first >= 0 && !have)
        cov_hit(c, G_TXQ, B_HDR + H_PAST_POOL);
    if (fault)
        cov_hit(c, G_TXQ, B_HDR + H_FAULT);
    if (usable && qi >= 0) {
        tx_txq_view v;
        tx_txq_view_of(&t, &L, &v);
        cov_hit(c, G_TXQ, B_HDR + H_USABLE);
        if (v.samples > 1)
            cov_hit(c, G_TXQ, B_HDR + H_MS);
        if (L.kind == TX_LAYOUT_PITCH)
            cov_hit(c, G_TXQ, B_HDR + H_PITCH);
        if (qi == 0) {
            uint32_t nlev = v.last >= v.first ? (uint32_t)(v.last - v.first) + 1 : 0;
            if (v.type < 9)
                cov_hit(c, G_TXQ, B_TYPES + v.type);
            if (v.first > 0)
                cov_hit(c, G_TXQ, B_HDR + H_VIEW_OFFSET);
            for (int l = 0; l < TX_LANES; l++) {
                if (!(active >> l & 1))
                    continue;
                if (nlev && lvl[l] == nlev - 1)
                    cov_hit(c, G_TXQ, B_HDR + H_LEVEL_LAST);
                else if (lvl[l] < nlev)
                    cov_hit(c, G_TXQ, B_HDR + H_LEVEL_IN);
                else if (lvl[l] >= 0x80000000u)
                    cov_hit(c, G_TXQ, B_HDR + H_LEVEL_HUGE);
                else
                    cov_hit(c, G_TXQ, B_HDR + H_LEVEL_PAST);
            }
        }
    }
    tx_step(s, word, ctrl, fx);
}

/* ---- TMML --------------------------------------------------------------- */

static const char *const mdims[8] = { "1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "", "CUBE",
                                      "ARRAY_CUBE" };
enum { M_NDV, M_DIVERGENT, M_NODEP, M_GUARD, M_BIAS, M_HDR_BIAS, M_MIP_NONE, M_MIP_POINT,
       M_MIP_LINEAR, M_ANISO, M_MAG, M_MIN_CLAMP, M_MAX_CLAMP, M_PAST_LAST, M_R_ONLY, M_G_ONLY,
       M_BA, M_INVALID, M_COUNT };
static const char *const mnames[M_COUNT] = {
    ".NDV", "divergent quad (no .NDV)", ".NODEP", "guard predicate", "sampler bias",
    "header bias (USE_HEADER_OPT_CONTROL)", "mip NONE", "mip POINT", "mip LINEAR",
    "ANISO sampler", "a lane magnifies (R < 0)", "min clamp raises G above R (a lane)",
    "G below R, between levels (max clamp; a lane)",
    "G below R at a whole level (last level or clamp; a lane)",
    "mask R only", "mask G only", "mask with B or A", "invalid texture: zeros" };

void cov_tmml_init(cov *c)
{
    cov_group *g = &c->g[G_TMML];
    char b[64];
    g->name = "tmml";
    g->what = "TMML dims and binding, LOD unit cases, masks";
    for (int d = 0; d < 8; d++)
        for (int bl = 0; bl < 2 && d != 5; bl++) {
            snprintf(b, sizeof b, "%s %s", bl ? "TMML.B" : "TMML", mdims[d]);
            cov_add_bin(g, b);
        }
    cov_add_bins(g, mnames, M_COUNT);
}

void cov_tmml_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                   tx_effects *fx)
{
    unsigned d = in->u.tmml.dim, m = in->u.tmml.wmask;
    int base = 14;   /* 7 dims x 2 forms */
    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (in->u.tmml.nodep)
        active &= ~s->ktm;
    if (d != 5)
        cov_hit(c, G_TMML, (int)(d < 5 ? d : d - 1) * 2 + in->u.tmml.bindless);
    if (in->u.tmml.ndv)
        cov_hit(c, G_TMML, base + M_NDV);
    if (in->u.tmml.nodep)
        cov_hit(c, G_TMML, base + M_NODEP);
    if (in->pred != TX_PT || in->pred_neg)
        cov_hit(c, G_TMML, base + M_GUARD);
    if (m == 1)
        cov_hit(c, G_TMML, base + M_R_ONLY);
    if (m == 2)
        cov_hit(c, G_TMML, base + M_G_ONLY);
    if (m & 0xc)
        cov_hit(c, G_TMML, base + M_BA);
    if (!in->u.tmml.ndv && s->pixel)
        for (int q = 0; q < TX_QUADS; q++) {
            uint32_t qm = (s->ctm >> (4 * q)) & 0xfu;
            if ((active >> (4 * q) & 0xfu) && qm != 0xfu)
                cov_hit(c, G_TMML, base + M_DIVERGENT);
        }

    /* The sampler and header the instruction reads. */
    int first = -1;
    for (int l = 0; l < TX_LANES && first < 0; l++)
        if (active >> l & 1)
            first = l;
    if (first >= 0) {
        uint32_t handle = in->u.tmml.bindless ? tx_reg_ext(s, first, in->rb)
                                              : tx_header_handle(s, in->u.tmml.tsidx);
        uint32_t hidx = handle & 0xfffffu, sidx = s->ogl_binding ? hidx : handle >> 20;
        tx_tic t;
        tx_tsc k;
        if (hidx <= s->tic_max && sidx <= s->tsc_max &&
            !(tx_header_read(s, hidx, &t) & TX_MEM_FAULT) &&
            !(tx_sampler_read(s, sidx, &k) & TX_MEM_FAULT)) {
            if (t.use_header_opt_control ? t.mip_lod_bias : k.mip_lod_bias)
                cov_hit(c, G_TMML, base + (t.use_header_opt_control ? M_HDR_BIAS : M_BIAS));
            cov_hit(c, G_TMML, base + (k.mip_filter == 3 ? M_MIP_LINEAR
                                       : k.mip_filter == 2 ? M_MIP_POINT : M_MIP_NONE));
            if (k.min_filter == 3)
                cov_hit(c, G_TMML, base + M_ANISO);
        }
    }

    int st = tx_step(s, word, ctrl, fx);
    if (st != TX_ST_OK)
        return;
    int any = 0;
    for (int l = 0; l < TX_LANES; l++) {
        if (!(active >> l & 1))
            continue;
        int32_t r = (int32_t)fx->taps.filt[l][0];
        int32_t gg = (int32_t)fx->taps.filt[l][1];
        any |= r != 0 || gg != 0;
        if (r < 0)
            cov_hit(c, G_TMML, base + M_MAG);
        if (gg > r && r >= 0)
            cov_hit(c, G_TMML, base + M_MIN_CLAMP);
        if (gg < r && gg > 0 && (gg & 0xff))
            cov_hit(c, G_TMML, base + M_MAX_CLAMP);
        if (gg < r && gg > 0 && !(gg & 0xff))
            cov_hit(c, G_TMML, base + M_PAST_LAST);
    }
    if (active && !any)
        cov_hit(c, G_TMML, base + M_INVALID);
}
