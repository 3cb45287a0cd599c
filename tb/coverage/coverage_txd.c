/*
 * coverage_txd.c - functional coverage of TXD and TXD.B (explicit
 * gradients; docs/semantics.md section 13): the forms (.B, .LC, .AOFFI and
 * their combinations, Ps, .NODEP, guards, phases, masks), the dims, and
 * what the gradients make of each lane's LOD: magnification and
 * minification, zero and stretched footprints, two levels blended, the
 * .LC minimum taking effect, lanes of one quad with different LODs.
 */
#include <math.h>
#include <string.h>

#include "coverage_int.h"
#include "layout.h"
#include "stages.h"
#include "tic.h"

static float f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

enum {
    X_TXD, X_TXDB, X_LC, X_AOFFI, X_LC_AOFFI, X_B_LC_AOFFI, X_PS, X_NODEP, X_GUARD, X_PHASE_T,
    X_PHASE_P, X_WMASK_PART,
    X_1D, X_A1D, X_2D, X_A2D,
    X_MAG, X_MIN, X_ZERO, X_TWO_LEVELS, X_STRETCH, X_LC_CLAMPS, X_QUAD_DIFFERS, X_TOP_LEVEL,
    X_INVALID, X_ANISO_1, X_ANISO_N, X_ANISO_16, X_ANISO_QUAD,
    X_COUNT
};

static const char *const names[X_COUNT] = {
    "TXD", "TXD.B", ".LC", ".AOFFI", ".LC.AOFFI", ".B.LC.AOFFI", "Ps", ".NODEP",
    "guard predicate", ".T", ".P", "write mask not 0xf",
    "dim 1D", "dim ARRAY_1D", "dim 2D", "dim ARRAY_2D",
    "lane magnifies (LOD <= 0)", "lane minifies (LOD > 0)", "zero gradients (a footprint of 0)",
    "two levels blended", "stretched footprint (|dP/dx| >= 2 |dP/dy| or the reverse)",
    ".LC minimum is the LOD",
    "lanes of one quad at different LODs", "LOD past the view's last level",
    "invalid texture (zeros)", "ANISO: a minifying lane with 1 probe",
    "ANISO: a lane with 2 to 8 probes", "ANISO: a lane with 16 probes",
    "ANISO: lanes of one quad with different probe counts",
};

void cov_txd_init(cov *c)
{
    c->g[G_TXD].name = "txd";
    c->g[G_TXD].what = "TXD forms, dims and what each lane's gradients make of its LOD";
    cov_add_bins(&c->g[G_TXD], names, X_COUNT);
}

void cov_txd_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                  tx_effects *fx)
{
    const int g = G_TXD;
    cov_hit(c, g, in->u.txd.bindless ? X_TXDB : X_TXD);
    if (in->u.txd.lc && in->u.txd.aoffi)
        cov_hit(c, g, in->u.txd.bindless ? X_B_LC_AOFFI : X_LC_AOFFI);
    if (in->u.txd.lc)
        cov_hit(c, g, X_LC);
    if (in->u.txd.aoffi)
        cov_hit(c, g, X_AOFFI);
    if (in->u.txd.ps != 7)
        cov_hit(c, g, X_PS);
    if (in->u.txd.nodep)
        cov_hit(c, g, X_NODEP);
    if (in->pred != 7 || in->pred_neg)
        cov_hit(c, g, X_GUARD);
    if (in->phase == TX_PHASE_T)
        cov_hit(c, g, X_PHASE_T);
    if (in->phase == TX_PHASE_P)
        cov_hit(c, g, X_PHASE_P);
    if (in->u.txd.wmask != 0xf)
        cov_hit(c, g, X_WMASK_PART);
    if (in->u.txd.dim <= TX_DIM_A2D)
        cov_hit(c, g, X_1D + in->u.txd.dim);

    /* The header and sampler the step reads (lowest active lane's handle
     * with .B), for the anisotropic bins: N1's conditions and the lane's
     * probe count from its gradients (tx_aniso_footprint, as the model). */
    tx_tex_grad gd;
    tx_txd_slots_of(in, &gd);
    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (in->u.txd.nodep)
        active &= ~s->ktm;
    int lane0 = 0, aniso = 0;
    while (lane0 < TX_LANES && !(active >> lane0 & 1))
        lane0++;
    tx_tic tic;
    tx_tsc tsc;
    tx_layout L;
    memset(&L, 0, sizeof L);
    if (lane0 < TX_LANES && (in->u.txd.dim == TX_DIM_2D || in->u.txd.dim == TX_DIM_A2D)) {
        uint32_t h = in->u.txd.bindless ? tx_reg_ext(s, lane0, in->ra + gd.sl.handle)
                                        : tx_header_handle(s, in->u.txd.tsidx);
        uint32_t hi = h & 0xfffffu, si = s->ogl_binding ? hi : h >> 20;
        if (hi <= s->tic_max && si <= s->tsc_max && !(tx_header_read(s, hi, &tic) & TX_MEM_FAULT) &&
            !(tx_sampler_read(s, si, &tsc) & TX_MEM_FAULT) &&
            tx_layout_build(&tic, s->gob_layout, &L) == 0 && tsc.min_filter == 3 &&
            tic.dtype[0] != TX_DT_SINT && tic.dtype[0] != TX_DT_UINT)
            aniso = 1;
    }
    unsigned amax = aniso ? tx_aniso_max_log2(tic.use_header_opt_control ? tic.max_anisotropy
                                                                         : tsc.max_anisotropy) : 0;
    int norm = aniso && tic.normalized_coords && !tsc.float_coord_normalization;

    tx_step(s, word, ctrl, fx);
    if (fx->status != TX_ST_OK || !fx->taps.lanes)
        return;
    const tx_taps *tp = &fx->taps;
    int qn_probe[TX_QUADS];
    for (int q = 0; q < TX_QUADS; q++)
        qn_probe[q] = -1;
    int32_t qlod[TX_QUADS][2];
    uint8_t qn[TX_QUADS];
    memset(qn, 0, sizeof qn);
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        /* An unusable texture writes zeros and records no fetch. */
        if (tp->ntaps == 1 && tp->oob[l][0] && !tp->addr[l][0] && tp->lod[l] == 0 &&
            tp->level[l] == 0 && !tp->texel[l][0][0]) {
            cov_hit(c, g, X_INVALID);
            continue;
        }
        cov_hit(c, g, tp->lod[l] <= 0 ? X_MAG : X_MIN);
        if (tp->mipw[l])
            cov_hit(c, g, X_TWO_LEVELS);
        if (tp->level[l] > 0 && tp->lod[l] >= 256 * 15)
            cov_hit(c, g, X_TOP_LEVEL);
        /* The footprint's two vectors, as the lane gave them. */
        double x = 0, y = 0;
        for (int a = 0; a < 2 && gd.dx[a] >= 0; a++) {
            x += (double)f32(tp->gather[l][gd.dx[a]]) * f32(tp->gather[l][gd.dx[a]]);
            y += (double)f32(tp->gather[l][gd.dy[a]]) * f32(tp->gather[l][gd.dy[a]]);
        }
        if (isfinite(x) && isfinite(y) && (x >= 4 * y || y >= 4 * x) && x + y > 0)
            cov_hit(c, g, X_STRETCH);
        if (x + y == 0)
            cov_hit(c, g, X_ZERO);
        if (in->u.txd.lc && gd.word >= 0) {
            int32_t lc = (int32_t)((tp->gather[l][gd.word] >> 20) & 0xfffu);
            if (lc > 0 && tp->lod[l] == lc)
                cov_hit(c, g, X_LC_CLAMPS);
        }
        int q = l / 4;
        if (aniso && tp->lod[l] > 0) {
            const tx_level *lv = &L.lv[L.first_level];
            uint32_t n[2] = {norm ? lv->w : 1u, norm ? lv->h : 1u};
            uint32_t gw[4] = {tp->gather[l][gd.dx[0]], tp->gather[l][gd.dx[1]],
                              tp->gather[l][gd.dy[0]], tp->gather[l][gd.dy[1]]};
            int64_t d[4], ld[4];
            for (int k = 0; k < 4; k++) {
                d[k] = tx_coord_fx32(gw[k], n[k & 1]);
                ld[k] = tx_lod_deriv(tx_coord_fx32(gw[k], tx_lod_pow2(n[k & 1])), n[k & 1]);
            }
            tx_aniso an;
            tx_aniso_footprint(d, ld, amax, &an);
            cov_hit(c, g, an.nlog == 0 ? X_ANISO_1 : an.nlog == 4 ? X_ANISO_16 : X_ANISO_N);
            if (qn_probe[q] >= 0 && qn_probe[q] != (int)an.nlog)
                cov_hit(c, g, X_ANISO_QUAD);
            qn_probe[q] = (int)an.nlog;
        }
        if (qn[q] < 2)
            qlod[q][qn[q]++] = tp->lod[l];
        else
            qlod[q][1] = tp->lod[l];
        if (qn[q] == 2 && qlod[q][0] != qlod[q][1])
            cov_hit(c, g, X_QUAD_DIFFERS);
    }
}
