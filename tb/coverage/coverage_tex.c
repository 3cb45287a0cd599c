/*
 * coverage_tex.c - the TEX bins of `texcosim coverage` (docs/coverage.md,
 * "TEX"): forms and modifiers, dimensions, filters, address modes per axis,
 * classes of format, LOD paths and clamps, depth-compare functions, border
 * colours, binding, write masks and coordinate corner classes.
 *
 * The encoding bins come from the decoded word; the state bins from the
 * header and sampler the step binds (read as the model reads them); the
 * behaviour bins from the taps of the model's execution (the LOD, the
 * number of taps, border taps, the levels).
 */
#include <stdio.h>
#include <string.h>

#include "coverage_int.h"

enum { F_TEX, F_B, F_LZ, F_LB, F_LL, F_LBA, F_LLA, F_LC, F_AOFFI, F_DC, F_NDV, F_NODEP,
       F_T, F_P, F_PS, F_GUARD, F_COUNT };
static const char *const form_names[F_COUNT] = {
    "TEX (implicit LOD)", ".B bindless", ".LZ", ".LB", ".LL", ".LBA", ".LLA", ".LC", ".AOFFI",
    ".DC", ".NDV", ".NODEP", ".T", ".P", "Ps", "guard predicate"};

static const char *const dim_names[8] = {"1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "ARRAY_3D",
                                         "CUBE", "ARRAY_CUBE"};

enum { FI_POINT1, FI_LINEAR1, FI_POINT2, FI_TRILINEAR, FI_3D_LINEAR, FI_MAG, FI_MIN,
       FI_INTEGER, FI_COUNT };
static const char *const filter_names[FI_COUNT] = {
    "point, one level", "bilinear, one level", "point on two levels", "trilinear",
    "3D linear (8 taps)", "magnification (LOD <= 0)", "minification", "integer format (point)"};

static const char *const addr_names[8] = {"WRAP", "MIRROR", "CLAMP_TO_EDGE", "BORDER",
                                          "CLAMP_OGL", "MIRROR_ONCE_CLAMP_TO_EDGE",
                                          "MIRROR_ONCE_BORDER", "MIRROR_ONCE_CLAMP_OGL"};

enum { K_UNORM8, K_SRGB, K_SNORM, K_UNORM_OTHER, K_F32, K_F16, K_FSMALL, K_UINT, K_SINT,
       K_DEPTH, K_COUNT };
static const char *const class_names[K_COUNT] = {
    "UNORM8", "sRGB", "SNORM", "other UNORM (packed, 16-bit)", "FLOAT 32", "FLOAT 16",
    "small float (11/10-bit, shared exponent)", "UINT", "SINT", "depth texture"};

enum { L_IMPLICIT, L_DIVERGENT, L_NONPIXEL, L_BIAS, L_HDR_BIAS, L_MAXCLAMP, L_MINCLAMP,
       L_HDRMIN, L_LC, L_INTMIN, L_VIEW, L_MIPW, L_LEVEL_GT0, L_LAST, L_AVG, L_COUNT };
static const char *const lod_names[L_COUNT] = {
    "implicit LOD from derivatives", "divergent quad: LOD 0", "non-pixel threads: LOD 0",
    "sampler bias", "header bias (USE_HEADER_OPT_CONTROL)", "clamped by sampler max",
    "clamped by sampler min", "clamped by header min", "clamped by .LC",
    "nearest-mip integer clamp behaviour", "view starts above level 0", "mip weight between levels",
    "level above the view's first", "last level of the view", "quad average (.LBA/.LLA)"};

static const char *const dc_names[10] = {"NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER",
                                         "NOTEQUAL", "GEQUAL", "ALWAYS",
                                         ".DC forced (TEX, .LZ)",
                                         ".DC without sampler compare (.LB/.LL)"};

enum { B_FLOAT, B_INT, B_SRGB, B_DEPTH, B_COUNT };
static const char *const border_names[B_COUNT] = {"border tap, float", "border tap, integer",
                                                  "border tap, sRGB bytes",
                                                  "border tap, depth texture"};

enum { BI_VALID, BI_TSIDX, BI_BINDLESS, BI_HDR_MAX, BI_SMP_MAX, BI_OGL, BI_MISMATCH,
       BI_FAULT, BI_COUNT };
static const char *const bind_names[BI_COUNT] = {
    "valid texture", "#tsPtrIdx / #tid,#smp handle", ".B handle from Rb",
    "header index above max", "sampler index above max", "OGL binding",
    "paramA does not fit the texture type", "header or sampler read faults"};

enum { CO_NAN, CO_INF, CO_DENORM, CO_HUGE, CO_NEG0, CO_FACE0, CO_ARRAY_CLAMP = CO_FACE0 + 6,
       CO_SPARSE, CO_TEXFAULT, CO_UNNORM, CO_COUNT };
static const char *const corner_names[CO_COUNT] = {
    "NaN coordinate", "infinite coordinate", "denormal coordinate",
    "huge coordinate (saturates)", "-0 coordinate", "cube face +X", "cube face -X",
    "cube face +Y", "cube face -Y", "cube face +Z", "cube face -Z", "array index clamped",
    "Ps set (sparse page)", "texel read faults", "unnormalised coordinates"};

/* ---- Anisotropic filtering and min/max reduction (docs/filtering.md 13, 14) ---- */

enum { AF_N1, AF_N2, AF_N4, AF_N8, AF_N16, AF_TRILIN, AF_NODERIV, AF_OTHERDIM, AF_HDRMAX,
       AF_ROUNDED, AF_MIN_POINT, AF_MAX_POINT = AF_MIN_POINT + 5, AF_RED_DC = AF_MAX_POINT + 5,
       AF_COUNT };
static const char *const feat_names[AF_COUNT] = {
    "ANISO: 1 probe (round footprint, or magnifying)", "ANISO: 2 probes", "ANISO: 4 probes",
    "ANISO: 8 probes", "ANISO: 16 probes", "ANISO: trilinear probes (mip LINEAR)",
    "ANISO as LINEAR: explicit LOD or divergent quad", "ANISO as LINEAR: 1D, 3D or cube",
    "ANISO: the header's MAX_ANISOTROPY (USE_HEADER_OPT_CONTROL)",
    "ANISO: maximum rounded down (6:1, 10:1, 12:1)",
    "MIN: point", "MIN: bilinear", "MIN: two levels", "MIN: 3D linear", "MIN: anisotropic",
    "MAX: point", "MAX: bilinear", "MAX: two levels", "MAX: 3D linear", "MAX: anisotropic",
    "MIN/MAX of depth-compare results"};

/* Lanes of one quad that disagree under ANISO (docs/filtering.md N5, N9:
 * the quad runs the passes of its widest lane). */
enum { AL_MIXED, AL_MAX_L0, AL_MAG_BESIDE = AL_MAX_L0 + 4, AL_PARTIAL, AL_LB_DIFF, AL_LL_DIFF,
       AL_LEVELS, AL_COUNT };
static const char *const lanes_names[AL_COUNT] = {
    "lanes of a quad with different probe counts", "the most probes in lane 0 alone",
    "the most probes in lane 1 alone", "the most probes in lane 2 alone",
    "the most probes in lane 3 alone", "a magnifying lane beside lanes with probes",
    "a partial quad (.NDV) with probes", "different .LB/.LBA operands in a quad",
    "different .LL/.LLA operands in a quad (ANISO as LINEAR)",
    "two-level and one-level probes in a quad"};

/* Float texels that do not add up (docs/filtering.md B3, N7): per lane and
 * component, the footprint's taps hold +Inf and -Inf, an Inf and a finite
 * value of the other sign at least 2^14 (the largest halves included), or
 * a NaN beside finite values; for one level, two levels and ANISO. */
enum { FS_BOTH_INF, FS_INF_HUGE = 3, FS_NAN = 6, FS_RES_NAN = 9, FS_RES_INF, FS_COUNT };
static const char *const fspec_names[FS_COUNT] = {
    "+Inf and -Inf: bilinear", "+Inf and -Inf: two levels", "+Inf and -Inf: ANISO",
    "Inf beside a huge finite of the other sign: bilinear",
    "Inf beside a huge finite of the other sign: two levels",
    "Inf beside a huge finite of the other sign: ANISO", "NaN beside finite texels: bilinear",
    "NaN beside finite texels: two levels", "NaN beside finite texels: ANISO",
    "filtered result NaN with no NaN texel", "filtered result Inf"};

static void cov_tex_feat_init(cov *c)
{
    cov_add_bins(&c->g[G_S_FEAT], feat_names, AF_COUNT);
    c->g[G_S_LANES].name = "sample.aniso-lanes";
    c->g[G_S_LANES].what = "ANISO quads whose lanes disagree (probe counts, LOD operands)";
    cov_add_bins(&c->g[G_S_LANES], lanes_names, AL_COUNT);
    c->g[G_S_FSPEC].name = "sample.float-special";
    c->g[G_S_FSPEC].what = "Inf, NaN and huge float texels side by side under filtering";
    cov_add_bins(&c->g[G_S_FSPEC], fspec_names, FS_COUNT);
}

/* The lanes of quad q: which disagree (nl[i] = probes' log2 of lane i,
 * -1 for a lane without derivatives or not active). */
static void cov_tex_lanes_quad(cov *c, const tx_insn *in, const tx_taps *tp, int q,
                               const int nl[4], int aniso2d)
{
    int mx = -1, mn = 99, at = -1, ties = 0, live = 0, pos = 0, zero = 0;
    for (int i = 0; i < 4; i++) {
        if (nl[i] < 0)
            continue;
        live++;
        if (nl[i] > mx) {
            mx = nl[i];
            at = i;
            ties = 0;
        } else if (nl[i] == mx) {
            ties++;
        }
        if (nl[i] < mn)
            mn = nl[i];
        pos += nl[i] > 0;
        zero += nl[i] == 0;
    }
    if (live >= 2 && mn != mx) {
        cov_hit(c, G_S_LANES, AL_MIXED);
        if (!ties)
            cov_hit(c, G_S_LANES, AL_MAX_L0 + at);
    }
    if (pos && zero)
        cov_hit(c, G_S_LANES, AL_MAG_BESIDE);
    if (pos && ((tp->lanes >> (4 * q)) & 0xfu) != 0xfu)
        cov_hit(c, G_S_LANES, AL_PARTIAL);
    int one = 0, two = 0;
    for (int i = 0; i < 4; i++)
        if (nl[i] > 0) {
            int l = 4 * q + i;
            if (tp->level1[l] != tp->level[l])
                two = 1;
            else
                one = 1;
        }
    if (one && two)
        cov_hit(c, G_S_LANES, AL_LEVELS);
    /* The LOD operands of the quad's active lanes. */
    if (!aniso2d || in->u.tex.lod < TX_LOD_LB)
        return;
    tx_tex_slots sl;
    tx_tex_slots_of(in, &sl);
    if (sl.lod < 0)
        return;
    int first = -1, differ = 0;
    for (int i = 0; i < 4; i++) {
        int l = 4 * q + i;
        if (!(tp->lanes >> l & 1))
            continue;
        if (first < 0)
            first = l;
        else if (tp->gather[l][sl.lod] != tp->gather[first][sl.lod])
            differ = 1;
    }
    if (differ)
        cov_hit(c, G_S_LANES, in->u.tex.lod == TX_LOD_LB || in->u.tex.lod == TX_LOD_LBA ?
                              AL_LB_DIFF : AL_LL_DIFF);
}

/* Float footprints with infinities and NaNs (FS_* bins). */
static void cov_tex_fspec_step(cov *c, const tx_tic *tic, const tx_tsc *tsc, const tx_insn *in,
                               const tx_taps *tp)
{
    if (tic->dtype[0] != TX_DT_FLOAT || tp->ntaps < 4)
        return;
    int d2 = in->u.tex.dim == TX_DIM_2D || in->u.tex.dim == TX_DIM_A2D;
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        int kind = tsc->min_filter == 3 && d2 && tp->lod[l] > 0 ? 2
                 : tp->level1[l] != tp->level[l] ? 1 : 0;
        for (int ch = 0; ch < 4; ch++) {
            int pinf = 0, ninf = 0, nan = 0, fin = 0, phuge = 0, nhuge = 0;
            for (int t = 0; t < tp->ntaps && t < TX_TAPS_PER_LANE; t++) {
                if (tp->oob[l][t])
                    continue;
                uint32_t b = tp->fmt[l][t][ch], e = b >> 23 & 0xff;
                if (e == 0xff && (b & 0x7fffff))
                    nan = 1;
                else if (e == 0xff && (b >> 31))
                    ninf = 1;
                else if (e == 0xff)
                    pinf = 1;
                else {
                    fin = 1;
                    if (e >= 127 + 14 && (b >> 31))
                        nhuge = 1;
                    else if (e >= 127 + 14)
                        phuge = 1;
                }
            }
            if (pinf && ninf)
                cov_hit(c, G_S_FSPEC, FS_BOTH_INF + kind);
            if ((pinf && nhuge) || (ninf && phuge))
                cov_hit(c, G_S_FSPEC, FS_INF_HUGE + kind);
            if (nan && fin)
                cov_hit(c, G_S_FSPEC, FS_NAN + kind);
            uint32_t r = tp->filt[l][ch];
            if ((r >> 23 & 0xff) == 0xff) {
                if (!(r & 0x7fffff))
                    cov_hit(c, G_S_FSPEC, FS_RES_INF);
                else if (!nan)
                    cov_hit(c, G_S_FSPEC, FS_RES_NAN);
            }
        }
    }
}

/* The probe count of each lane, recomputed from the quad's coordinates as
 * the model does (the taps do not carry it), and the shape of each reducing
 * lane's footprint. */
static void cov_tex_feat_step(cov *c, const tx_state *s, const tx_insn *in, const tx_tic *tic,
                              const tx_tsc *tsc, uint32_t coords[][3], const tx_taps *tp)
{
    int dim = in->u.tex.dim;
    int integer = tic->dtype[0] == TX_DT_SINT || tic->dtype[0] == TX_DT_UINT;
    int red = tsc->reduction_filter == 1 || tsc->reduction_filter == 2;
    int aniso = tsc->min_filter == 3 && !integer;
    unsigned code = tic->use_header_opt_control ? tic->max_anisotropy : tsc->max_anisotropy;
    int d2 = dim == TX_DIM_2D || dim == TX_DIM_A2D;
    int needs = in->u.tex.lod == TX_LOD_NONE || in->u.tex.lod == TX_LOD_LB ||
                in->u.tex.lod == TX_LOD_LBA;
    int dc = in->u.tex.dc && (in->u.tex.lod == TX_LOD_NONE || in->u.tex.lod == TX_LOD_LZ ||
                              tsc->depth_compare);
    tx_layout L;

    if (!aniso && !red)
        return;
    if (aniso && tic->use_header_opt_control)
        cov_hit(c, G_S_FEAT, AF_HDRMAX);
    if (aniso && (code == 3 || code == 5 || code == 6))
        cov_hit(c, G_S_FEAT, AF_ROUNDED);
    if (tx_layout_build(tic, s->gob_layout, &L) != 0)
        return;
    int norm = tic->normalized_coords && !tsc->float_coord_normalization;
    const tx_level *lv = &L.lv[L.first_level];
    for (int q = 0; q < TX_QUADS; q++) {
        if (!((tp->lanes >> (4 * q)) & 0xfu))
            continue;
        int div = !in->u.tex.ndv && (!s->pixel || ((s->ctm >> (4 * q)) & 0xfu) != 0xfu);
        unsigned nlog = 0;
        if (aniso && d2 && needs && !div) {
            int64_t u[3][2], u2[3][2];
            uint32_t n[2] = {norm ? lv->w : 1u, norm ? lv->h : 1u};
            for (int l = 0; l < 3; l++)
                for (int a = 0; a < 2; a++) {
                    u[l][a] = tx_coord_fx32(coords[4 * q + l][a], n[a]);
                    u2[l][a] = tx_coord_fx32(coords[4 * q + l][a], tx_lod_pow2(n[a]));
                }
            int64_t d[4] = {u[1][0] - u[0][0], u[1][1] - u[0][1], u[2][0] - u[0][0],
                            u[2][1] - u[0][1]};
            int64_t ld[4];
            for (int k = 0; k < 4; k++)
                ld[k] = tx_lod_deriv(u2[1 + (k >> 1)][k & 1] - u2[0][k & 1], n[k & 1]);
            tx_aniso an;
            tx_aniso_footprint(d, ld, tx_aniso_max_log2(code), &an);
            nlog = an.nlog;
        }
        int nl[4] = {-1, -1, -1, -1};
        for (int l = 4 * q; l < 4 * q + 4; l++) {
            if (!(tp->lanes >> l & 1))
                continue;
            unsigned n = tp->lod[l] > 0 ? nlog : 0;
            if (aniso && d2 && needs && !div)
                nl[l - 4 * q] = (int)n;
            if (aniso) {
                if (!d2)
                    cov_hit(c, G_S_FEAT, AF_OTHERDIM);
                else if (!needs || div)
                    cov_hit(c, G_S_FEAT, AF_NODERIV);
                else
                    cov_hit(c, G_S_FEAT, AF_N1 + (int)n);
                if (n && tp->mipw[l])
                    cov_hit(c, G_S_FEAT, AF_TRILIN);
            }
            if (red && !integer) {
                int two = tp->level1[l] != tp->level[l];
                int lin = tp->wt[l][0][0] || tp->wt[l][0][1] || tp->wt[l][0][2];
                int shape = aniso && n ? 4 : two ? 2
                          : ((dim >> 1) == 2 && tp->ntaps == 8 && lin) ? 3 : lin ? 1 : 0;
                cov_hit(c, G_S_FEAT, (tsc->reduction_filter == 1 ? AF_MIN_POINT : AF_MAX_POINT) +
                                     shape);
                if (dc)
                    cov_hit(c, G_S_FEAT, AF_RED_DC);
            }
        }
        if (aniso)
            cov_tex_lanes_quad(c, in, tp, q, nl, d2);
    }
}

void cov_tex_init(cov *c)
{
    static const struct { const char *name, *what; } gi[G_COUNT - G_S_FIRST] = {
        {"sample.form", "TEX forms and modifiers"},
        {"sample.dim", "TEX #paramA"},
        {"sample.filter", "filters used by lanes"},
        {"sample.address", "address modes on an axis the dimension uses"},
        {"sample.class", "classes of format sampled"},
        {"sample.lod", "LOD paths, biases and clamps"},
        {"sample.dc", "depth-compare functions and forcing"},
        {"sample.border", "border colours taken"},
        {"sample.binding", "binding and invalid textures"},
        {"sample.wmask", "TEX write masks"},
        {"sample.corner", "coordinate and memory corner classes"},
        {"sample.aniso-reduction", "anisotropic probes and min/max reduction"},
    };
    for (int i = G_S_FIRST; i < G_COUNT; i++) {
        c->g[i].name = gi[i - G_S_FIRST].name;
        c->g[i].what = gi[i - G_S_FIRST].what;
    }
    cov_add_bins(&c->g[G_S_FORM], form_names, F_COUNT);
    for (int d = 0; d < 8; d++)
        if (d != TX_DIM_A3D)
            cov_add_bin(&c->g[G_S_DIM], dim_names[d]);
    cov_add_bins(&c->g[G_S_FILTER], filter_names, FI_COUNT);
    for (int a = 0; a < 3; a++)
        for (int m = 0; m < 8; m++) {
            char b[64];
            snprintf(b, sizeof b, "%c: %s", "uvp"[a], addr_names[m]);
            cov_add_bin(&c->g[G_S_ADDR], b);
        }
    cov_add_bins(&c->g[G_S_CLASS], class_names, K_COUNT);
    cov_add_bins(&c->g[G_S_LOD], lod_names, L_COUNT);
    cov_add_bins(&c->g[G_S_DC], dc_names, 10);
    cov_add_bins(&c->g[G_S_BORDER], border_names, B_COUNT);
    cov_add_bins(&c->g[G_S_BIND], bind_names, BI_COUNT);
    for (int m = 0; m < 16; m++) {
        char b[16];
        snprintf(b, sizeof b, "0x%x", m);
        cov_add_bin(&c->g[G_S_WMASK], b);
    }
    cov_add_bins(&c->g[G_S_CORNER], corner_names, CO_COUNT);
    cov_tex_feat_init(c);
}

static int class_of(const tx_tic *t)
{
    unsigned dt = t->dtype[0];
    if (t->depth_texture)
        return K_DEPTH;
    if (dt == TX_DT_UINT)
        return K_UINT;
    if (dt == TX_DT_SINT)
        return K_SINT;
    if (dt == TX_DT_SNORM || dt == TX_DT_SNORM_FORCE_FP16)
        return K_SNORM;
    if (dt == TX_DT_FLOAT) {
        if (t->components == TX_FMT_R32 || t->components == TX_FMT_R32G32 ||
            t->components == TX_FMT_R32G32B32A32 || t->components == TX_FMT_ZF32)
            return K_F32;
        if (t->components == TX_FMT_R16 || t->components == TX_FMT_R16G16 ||
            t->components == TX_FMT_R16G16B16A16)
            return K_F16;
        return K_FSMALL;
    }
    if (t->components == TX_FMT_A8B8G8R8 || t->components == TX_FMT_G8R8 ||
        t->components == TX_FMT_R8)
        return t->srgb ? K_SRGB : K_UNORM8;
    return K_UNORM_OTHER;
}

static void coord_corner(cov *c, uint32_t x)
{
    unsigned e = (x >> 23) & 0xffu;
    if (e == 0xff)
        cov_hit(c, G_S_CORNER, (x & 0x7fffffu) ? CO_NAN : CO_INF);
    else if (e == 0 && (x & 0x7fffffu))
        cov_hit(c, G_S_CORNER, CO_DENORM);
    else if (x == 0x80000000u)
        cov_hit(c, G_S_CORNER, CO_NEG0);
    else if (e >= 127 + 18)
        cov_hit(c, G_S_CORNER, CO_HUGE);
}

void cov_tex_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                  tx_effects *fx)
{
    const int dim = in->u.tex.dim;
    (void)word;
    (void)ctrl;

    /* Encoding. */
    cov_hit(c, G_S_FORM, in->u.tex.lod == TX_LOD_NONE ? F_TEX :
                         in->u.tex.lod == TX_LOD_LZ ? F_LZ : in->u.tex.lod == TX_LOD_LB ? F_LB :
                         in->u.tex.lod == TX_LOD_LL ? F_LL : in->u.tex.lod == TX_LOD_LBA ? F_LBA
                                                                                          : F_LLA);
    if (in->u.tex.bindless) cov_hit(c, G_S_FORM, F_B);
    if (in->u.tex.lc) cov_hit(c, G_S_FORM, F_LC);
    if (in->u.tex.aoffi) cov_hit(c, G_S_FORM, F_AOFFI);
    if (in->u.tex.dc) cov_hit(c, G_S_FORM, F_DC);
    if (in->u.tex.ndv) cov_hit(c, G_S_FORM, F_NDV);
    if (in->u.tex.nodep) cov_hit(c, G_S_FORM, F_NODEP);
    if (in->phase == TX_PHASE_T) cov_hit(c, G_S_FORM, F_T);
    if (in->phase == TX_PHASE_P) cov_hit(c, G_S_FORM, F_P);
    if (in->u.tex.ps != TX_PT) cov_hit(c, G_S_FORM, F_PS);
    if (in->pred != TX_PT) cov_hit(c, G_S_FORM, F_GUARD);
    cov_hit(c, G_S_DIM, dim > TX_DIM_A3D ? dim - 1 : dim);
    cov_hit(c, G_S_WMASK, in->u.tex.wmask);

    /* The bound state, as the model will read it (before the step writes). */
    tx_tex_slots sl;
    tx_tex_slots_of(in, &sl);
    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (in->u.tex.nodep)
        active &= ~s->ktm;
    int lane0 = 0;
    while (lane0 < TX_LANES && !(active >> lane0 & 1))
        lane0++;
    tx_tic tic;
    tx_tsc tsc;
    int usable = 0, cube = (dim >> 1) == 3;
    memset(&tic, 0, sizeof tic);
    memset(&tsc, 0, sizeof tsc);
    uint32_t coords[TX_LANES][3];
    uint32_t layer_word[TX_LANES];
    for (int l = 0; l < TX_LANES; l++) {
        for (int a = 0; a < 3; a++)
            coords[l][a] = sl.coord[a] >= 0 ? tx_reg_ext(s, l, in->ra + sl.coord[a]) : 0;
        layer_word[l] = sl.array >= 0 ? tx_reg_ext(s, l, in->ra + sl.array) : 0;
    }
    if (lane0 < TX_LANES) {
        uint32_t h = in->u.tex.bindless ? tx_reg_ext(s, lane0, in->rb + sl.handle - 4)
                                        : tx_header_handle(s, in->u.tex.tsidx);
        uint32_t hi = h & 0xfffffu, si = s->ogl_binding ? hi : h >> 20;
        cov_hit(c, G_S_BIND, in->u.tex.bindless ? BI_BINDLESS : BI_TSIDX);
        if (s->ogl_binding)
            cov_hit(c, G_S_BIND, BI_OGL);
        if (hi > s->tic_max) {
            cov_hit(c, G_S_BIND, BI_HDR_MAX);
        } else if (si > s->tsc_max) {
            cov_hit(c, G_S_BIND, BI_SMP_MAX);
        } else {
            tx_layout L;
            int f = tx_header_read(s, hi, &tic) | tx_sampler_read(s, si, &tsc);
            if (f & TX_MEM_FAULT)
                cov_hit(c, G_S_BIND, BI_FAULT);
            else if (tx_layout_build(&tic, s->gob_layout, &L) == 0 &&
                     tx_header_tex_compatible((uint8_t)dim, tic.texture_type))
                usable = 1;
            else
                cov_hit(c, G_S_BIND, BI_MISMATCH);
            if (usable) {
                cov_hit(c, G_S_BIND, BI_VALID);
                cov_hit(c, G_S_CLASS, class_of(&tic));
                int naxes = cube ? 2 : (dim >> 1) + 1;
                const uint8_t modes[3] = {tsc.address_u, tsc.address_v, tsc.address_p};
                if (!cube)
                    for (int a = 0; a < naxes; a++)
                        cov_hit(c, G_S_ADDR, 8 * a + (modes[a] & 7));
                if (!tic.normalized_coords || tsc.float_coord_normalization)
                    cov_hit(c, G_S_CORNER, CO_UNNORM);
                if (tsc.mip_lod_bias && !tic.use_header_opt_control &&
                    in->u.tex.lod != TX_LOD_LZ)
                    cov_hit(c, G_S_LOD, L_BIAS);
                if (tic.use_header_opt_control && tic.mip_lod_bias)
                    cov_hit(c, G_S_LOD, L_HDR_BIAS);
                if (L.first_level > 0)
                    cov_hit(c, G_S_LOD, L_VIEW);
                if (tsc.min_lod_clamp_behavior && tsc.mip_filter == 2)
                    cov_hit(c, G_S_LOD, L_INTMIN);
                if (in->u.tex.dc) {
                    int forced = in->u.tex.lod == TX_LOD_NONE || in->u.tex.lod == TX_LOD_LZ;
                    if (forced || tsc.depth_compare)
                        cov_hit(c, G_S_DC, tsc.depth_compare_func & 7);
                    cov_hit(c, G_S_DC, forced ? 8 : tsc.depth_compare ? -1 : 9);
                }
                for (int l = 0; l < TX_LANES; l++) {
                    if (!(active >> l & 1))
                        continue;
                    for (int a = 0; a < (cube ? 3 : naxes); a++)
                        coord_corner(c, coords[l][a]);
                    if (dim & 1) {
                        uint32_t n = cube ? L.layers / 6 : L.layers;
                        if ((layer_word[l] & 0xffffu) >= n)
                            cov_hit(c, G_S_CORNER, CO_ARRAY_CLAMP);
                    }
                    if (cube) {
                        int32_t rs, rt;
                        cov_hit(c, G_S_CORNER, CO_FACE0 + tx_cube_face(coords[l][0],
                                coords[l][1], coords[l][2], &rs, &rt));
                    }
                }
                /* The quads' LOD path. */
                int needs = in->u.tex.lod == TX_LOD_NONE || in->u.tex.lod == TX_LOD_LB ||
                            in->u.tex.lod == TX_LOD_LBA;
                for (int q = 0; q < TX_QUADS; q++) {
                    if (!((active >> (4 * q)) & 0xfu))
                        continue;
                    int div = !in->u.tex.ndv && (!s->pixel || ((s->ctm >> (4 * q)) & 0xfu) != 0xfu);
                    if (needs)
                        cov_hit(c, G_S_LOD, div ? (s->pixel ? L_DIVERGENT : L_NONPIXEL)
                                                : L_IMPLICIT);
                    if (!div && (in->u.tex.lod == TX_LOD_LBA || in->u.tex.lod == TX_LOD_LLA))
                        cov_hit(c, G_S_LOD, L_AVG);
                }
            }
        }
    }

    /* Behaviour, from the taps. */
    tx_step(s, in->word, in->ctrl, fx);
    if (fx->status == TX_ST_FAULT && usable)
        cov_hit(c, G_S_CORNER, CO_TEXFAULT);
    if (in->u.tex.ps != TX_PT && (fx->predw_val[in->u.tex.ps] & fx->predw_mask[in->u.tex.ps]))
        cov_hit(c, G_S_CORNER, CO_SPARSE);
    if (!usable || fx->status == TX_ST_ILLEGAL)
        return;
    const tx_taps *tp = &fx->taps;
    cov_tex_feat_step(c, s, in, &tic, &tsc, coords, tp);
    cov_tex_fspec_step(c, &tic, &tsc, in, tp);
    cov_bcn_type_step(c, &tic, s->gob_layout, tp);
    cov_bptc_step(c, &tic, tp);
    cov_bcn_step(c, &tic, tp, 1);
    cov_cube_step(c, s, in, &tic, &tsc, coords, tp);
    int integer = tic.dtype[0] == TX_DT_SINT || tic.dtype[0] == TX_DT_UINT;
    int mn = tsc.min_lod_clamp & 0xfff, mx = tsc.max_lod_clamp & 0xfff;
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        int two = tp->level1[l] != tp->level[l];
        int lin = tp->wt[l][0][0] || tp->wt[l][0][1] || tp->wt[l][0][2];
        int32_t lod = tp->lod[l];
        /* How many taps this lane used: its slots past its own count are 0
         * with oob 0, so count the used ones from the weights and levels. */
        if (integer)
            cov_hit(c, G_S_FILTER, FI_INTEGER);
        else if (two)
            cov_hit(c, G_S_FILTER, lin ? FI_TRILINEAR : FI_POINT2);
        else if (((dim >> 1) == 2) && tp->ntaps == 8 && lin)
            cov_hit(c, G_S_FILTER, FI_3D_LINEAR);
        else
            cov_hit(c, G_S_FILTER, lin ? FI_LINEAR1 : FI_POINT1);
        cov_hit(c, G_S_FILTER, lod <= 0 ? FI_MAG : FI_MIN);
        if (lod == mx && mx >= mn)
            cov_hit(c, G_S_LOD, L_MAXCLAMP);
        if (lod == mn && mn > 0)
            cov_hit(c, G_S_LOD, L_MINCLAMP);
        if (tic.min_lod_clamp && lod == (tic.min_lod_clamp & 0xfff))
            cov_hit(c, G_S_LOD, L_HDRMIN);
        if (in->u.tex.lc && lod == (int32_t)((layer_word[l] >> 16) & 0xfffu) && lod > 0)
            cov_hit(c, G_S_LOD, L_LC);
        if (tp->mipw[l])
            cov_hit(c, G_S_LOD, L_MIPW);
        if (tp->level[l] > tic.res_view_min_mip_level)
            cov_hit(c, G_S_LOD, L_LEVEL_GT0);
        if (tp->level1[l] == tic.max_mip_level && tic.max_mip_level > 0)
            cov_hit(c, G_S_LOD, L_LAST);
        for (int t = 0; t < tp->ntaps; t++)
            if (tp->oob[l][t] && !tp->addr[l][t]) {
                if (tic.depth_texture)
                    cov_hit(c, G_S_BORDER, B_DEPTH);
                else if (integer)
                    cov_hit(c, G_S_BORDER, B_INT);
                else if (tic.srgb && class_of(&tic) == K_SRGB)
                    cov_hit(c, G_S_BORDER, B_SRGB);
                else
                    cov_hit(c, G_S_BORDER, B_FLOAT);
                break;
            }
    }
}
