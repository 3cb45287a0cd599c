/*
 * coverage_tld4.c - functional coverage of TLD4 and TLD4S (gather;
 * docs/semantics.md section 10): the forms, the component, offsets (AOFFI,
 * per-texel), depth
 * compare, the dims, the classes of format gathered and the footprint cases
 * (a texel fraction of 0 on an axis, a border texel, both indices clamped to
 * one texel).
 */
#include <string.h>

#include "coverage_int.h"
#include "tic.h"

enum {
    T_TLD4, T_TLD4B, T_TLD4S, T_R, T_G, T_B, T_A, T_AOFFI, T_PTP, T_DC, T_TLD4S_AOFFI, T_TLD4S_DC,
    T_F16, T_RD1_RZ, T_PS, T_NDV, T_NODEP, T_GUARD, T_PHASE_T, T_PHASE_P, T_WMASK_PART,
    T_2D, T_A2D, T_CUBE, T_ACUBE,
    T_K_UNORM8, T_K_SRGB, T_K_SNORM, T_K_F32, T_K_F16, T_K_UINT, T_K_SINT, T_K_DEPTH, T_K_OTHER,
    T_FU0, T_FV0, T_BORDER, T_SAME_TEXEL, T_FIRST_LEVEL, T_INVALID,
    T_COUNT
};

static const char *const names[T_COUNT] = {
    "TLD4", "TLD4.B", "TLD4S", "component R", "component G", "component B", "component A",
    "TLD4 .AOFFI", "TLD4 .PTP", "TLD4 .DC", "TLD4S .AOFFI", "TLD4S .DC", "TLD4S .F16", "TLD4S Rd1 = RZ",
    "TLD4 Ps", "TLD4 .NDV", ".NODEP", "guard predicate", ".T", ".P", "TLD4 write mask not 0xf",
    "dim 2D", "dim ARRAY_2D", "dim CUBE", "dim ARRAY_CUBE",
    "class unorm8", "class srgb", "class snorm", "class float32", "class float16",
    "class uint", "class sint", "class depth", "class other",
    "lane with u fraction 0", "lane with v fraction 0", "border texel gathered",
    "two taps on one texel (clamped)", "view's first level above 0", "invalid texture (zeros)",
};

void cov_tld4_init(cov *c)
{
    c->g[G_TLD4].name = "gather";
    c->g[G_TLD4].what = "TLD4 and TLD4S forms, dims, classes of format, footprint cases";
    cov_add_bins(&c->g[G_TLD4], names, T_COUNT);
}

static int class_bin(const tx_tic *t)
{
    unsigned dt = t->dtype[0];
    if (t->depth_texture)
        return T_K_DEPTH;
    if (dt == TX_DT_UINT)
        return T_K_UINT;
    if (dt == TX_DT_SINT)
        return T_K_SINT;
    if (dt == TX_DT_SNORM)
        return T_K_SNORM;
    if (dt == TX_DT_FLOAT)
        return t->components == TX_FMT_R32 || t->components == TX_FMT_R32G32B32A32
               ? T_K_F32 : t->components == TX_FMT_R16G16B16A16 ? T_K_F16 : T_K_OTHER;
    if (t->components == TX_FMT_A8B8G8R8)
        return t->srgb ? T_K_SRGB : T_K_UNORM8;
    return T_K_OTHER;
}

void cov_tld4_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                   tx_effects *fx)
{
    const int S = in->op == TX_OP_TLD4S;
    cov_hit(c, G_TLD4, S ? T_TLD4S : in->u.tld4.bindless ? T_TLD4B : T_TLD4);
    cov_hit(c, G_TLD4, T_R + (in->u.tld4.comp & 3));
    if (in->u.tld4.offs == TX_TLD4_AOFFI)
        cov_hit(c, G_TLD4, S ? T_TLD4S_AOFFI : T_AOFFI);
    if (in->u.tld4.offs == TX_TLD4_PTP)
        cov_hit(c, G_TLD4, T_PTP);
    if (in->u.tld4.dc)
        cov_hit(c, G_TLD4, S ? T_TLD4S_DC : T_DC);
    if (S && in->u.tld4.f16)
        cov_hit(c, G_TLD4, T_F16);
    if (S && in->u.tld4.rd1 == 255)
        cov_hit(c, G_TLD4, T_RD1_RZ);
    if (!S && in->u.tld4.ps != 7)
        cov_hit(c, G_TLD4, T_PS);
    if (in->u.tld4.ndv)
        cov_hit(c, G_TLD4, T_NDV);
    if (in->u.tld4.nodep)
        cov_hit(c, G_TLD4, T_NODEP);
    if (in->pred != 7 || in->pred_neg)
        cov_hit(c, G_TLD4, T_GUARD);
    if (in->phase == TX_PHASE_T)
        cov_hit(c, G_TLD4, T_PHASE_T);
    if (in->phase == TX_PHASE_P)
        cov_hit(c, G_TLD4, T_PHASE_P);
    if (!S && in->u.tld4.wmask != 0xf)
        cov_hit(c, G_TLD4, T_WMASK_PART);
    switch (in->u.tld4.dim) {
    case TX_DIM_A2D: cov_hit(c, G_TLD4, T_A2D); break;
    case TX_DIM_CUBE: cov_hit(c, G_TLD4, T_CUBE); break;
    case TX_DIM_ACUBE: cov_hit(c, G_TLD4, T_ACUBE); break;
    default: cov_hit(c, G_TLD4, T_2D); break;
    }

    /* The texture as the step will read it (the lowest active lane's
     * handle with .B). */
    tx_tex_slots sl;
    tx_tld4_slots_of(in, &sl);
    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (in->u.tld4.nodep)
        active &= ~s->ktm;
    int lane0 = 0;
    while (lane0 < TX_LANES && !(active >> lane0 & 1))
        lane0++;
    int usable = 0;
    tx_tic tic;
    memset(&tic, 0, sizeof tic);
    if (lane0 < TX_LANES) {
        uint32_t h = in->u.tld4.bindless ? tx_reg_ext(s, lane0, in->rb + sl.handle - 4)
                                         : tx_header_handle(s, in->u.tld4.tsidx);
        uint32_t hi = h & 0xfffffu, si = s->ogl_binding ? hi : h >> 20;
        if (hi <= s->tic_max && si <= s->tsc_max && !(tx_header_read(s, hi, &tic) & TX_MEM_FAULT))
            usable = 1;
    }
    if (usable) {
        cov_hit(c, G_TLD4, class_bin(&tic));
        if (tic.res_view_min_mip_level > 0)
            cov_hit(c, G_TLD4, T_FIRST_LEVEL);
    }

    tx_step(s, word, ctrl, fx);
    if (fx->status != TX_ST_OK || !fx->taps.lanes)
        return;
    const tx_taps *tp = &fx->taps;
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        if (!usable || (tp->oob[l][0] && !tp->addr[l][0] && tp->ntaps == 1)) {
            cov_hit(c, G_TLD4, T_INVALID);
            continue;
        }
        if (tp->wt[l][0][0] == 0)
            cov_hit(c, G_TLD4, T_FU0);
        if (tp->wt[l][0][1] == 0)
            cov_hit(c, G_TLD4, T_FV0);
        for (int t = 0; t < 4; t++)
            if (tp->oob[l][t])
                cov_hit(c, G_TLD4, T_BORDER);
        if (tp->addr[l][0] && tp->addr[l][0] == tp->addr[l][1])
            cov_hit(c, G_TLD4, T_SAME_TEXEL);
    }
}
