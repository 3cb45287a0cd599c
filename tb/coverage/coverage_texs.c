/*
 * coverage_texs.c - functional coverage of TEXS (docs/semantics.md section
 * 14): the fourteen target codes, the thirteen write masks of the two
 * tables, F32 and F16 (with an odd component count: half a pair), RZ
 * destinations, .NODEP, guards and phases, and what the TEX form did: a
 * texture of another type (zeros), the LOD (magnified, minified, between
 * two levels) and a depth compare.
 */
#include <string.h>

#include "coverage_int.h"
#include "tic.h"

enum {
    X_TARGET0,                                      /* 14 target codes */
    X_MASK_NRZ0 = X_TARGET0 + 14,                   /* Rd1 != RZ: 5 codes */
    X_MASK_RZ0 = X_MASK_NRZ0 + 5,                   /* Rd1 = RZ: 8 codes */
    X_F32 = X_MASK_RZ0 + 8, X_F16, X_F16_HALF, X_RD0_RZ, X_NODEP, X_GUARD, X_PHASE_T,
    X_PHASE_P, X_RB_LAST, X_INVALID, X_MAG, X_MIN, X_TWO_LEVELS, X_DC_ON, X_DC_OFF,
    X_COUNT
};

static const char *const names[X_COUNT] = {
    "1D.LZ", "2D", "2D.LZ", "2D.LL", "2D.DC", "2D.LL.DC", "2D.LZ.DC", "ARRAY_2D",
    "ARRAY_2D.LZ", "ARRAY_2D.LZ.DC", "3D", "3D.LZ", "CUBE", "CUBE.LL",
    "mask RGB", "mask RGA", "mask RBA", "mask GBA", "mask RGBA",
    "mask R (Rd1 = RZ)", "mask G (Rd1 = RZ)", "mask B (Rd1 = RZ)", "mask A (Rd1 = RZ)",
    "mask RG (Rd1 = RZ)", "mask RA (Rd1 = RZ)", "mask GA (Rd1 = RZ)", "mask BA (Rd1 = RZ)",
    "F32", "F16", "F16 with an odd component count", "Rd0 = RZ", ".NODEP",
    "guard predicate", ".T", ".P", "last coordinate read from Rb",
    "texture of another type (zeros)", "lane magnified (LOD <= 0)", "lane minified (LOD > 0)",
    "lane between two levels", "depth compare applied", ".DC form, compare off (.LL)",
};

void cov_texs_init(cov *c)
{
    c->g[G_TEXS].name = "texs";
    c->g[G_TEXS].what = "TEXS targets, write masks, precisions, destinations, LOD cases";
    cov_add_bins(&c->g[G_TEXS], names, X_COUNT);
}

void cov_texs_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                   tx_effects *fx)
{
    int dim = 0, lod = 0, dc = 0, ra_n = 0;
    int rz = in->u.texs.rd1 == 255;
    unsigned comps = tx_tlds_comp_mask(in->u.texs.wmask, rz);
    int n = 0;

    tx_texs_target(in->u.texs.target, &dim, &lod, &dc);
    tx_src_counts(in, &ra_n, NULL);
    for (int i = 0; i < 4; i++)
        n += comps >> i & 1;
    cov_hit(c, G_TEXS, X_TARGET0 + (in->u.texs.target & 15));
    cov_hit(c, G_TEXS, (rz ? X_MASK_RZ0 : X_MASK_NRZ0) + in->u.texs.wmask);
    cov_hit(c, G_TEXS, in->u.texs.f16 ? X_F16 : X_F32);
    if (in->u.texs.f16 && (n & 1))
        cov_hit(c, G_TEXS, X_F16_HALF);
    if (in->rd == 255)
        cov_hit(c, G_TEXS, X_RD0_RZ);
    if (in->u.texs.nodep)
        cov_hit(c, G_TEXS, X_NODEP);
    if (in->pred != 7 || in->pred_neg)
        cov_hit(c, G_TEXS, X_GUARD);
    if (in->phase == TX_PHASE_T)
        cov_hit(c, G_TEXS, X_PHASE_T);
    if (in->phase == TX_PHASE_P)
        cov_hit(c, G_TEXS, X_PHASE_P);
    /* TEX's Ra group: [array] + coordinates (1D 1, 2D 2, 3D and CUBE 3). */
    if ((dim & 1) + ((dim >> 1) >= 2 ? 3 : (dim >> 1) + 1) > ra_n)
        cov_hit(c, G_TEXS, X_RB_LAST);

    /* The texture the step reads, and the sampler's DEPTH_COMPARE. */
    uint32_t h = tx_header_handle(s, in->u.texs.tsidx);
    uint32_t hi = h & 0xfffffu, si = s->ogl_binding ? hi : h >> 20;
    tx_tic tic;
    tx_tsc tsc;
    int usable = 0;
    memset(&tic, 0, sizeof tic);
    memset(&tsc, 0, sizeof tsc);
    if (hi <= s->tic_max && si <= s->tsc_max &&
        !((tx_header_read(s, hi, &tic) | tx_sampler_read(s, si, &tsc)) & TX_MEM_FAULT))
        usable = tx_header_tex_compatible((uint8_t)dim, tic.texture_type);
    if (dc)
        cov_hit(c, G_TEXS, lod != TX_LOD_LL || tsc.depth_compare ? X_DC_ON : X_DC_OFF);

    tx_step(s, word, ctrl, fx);
    if (fx->status != TX_ST_OK || !fx->taps.lanes)
        return;
    if (!usable) {
        cov_hit(c, G_TEXS, X_INVALID);
        return;
    }
    const tx_taps *tp = &fx->taps;
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        cov_hit(c, G_TEXS, tp->lod[l] > 0 ? X_MIN : X_MAG);
        if (tp->mipw[l])
            cov_hit(c, G_TEXS, X_TWO_LEVELS);
    }
}
