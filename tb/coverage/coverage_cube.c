/*
 * coverage_cube.c - coverage bins of seamless cube maps (docs/filtering.md
 * section 15, docs/coverage.md "Seamless cube maps"): which face edges and
 * corners the linear taps of TEX leave by, under which filters, reductions
 * and depth compare, and which sampler codes ask for it.
 *
 * The taps do not say that a tap crossed a face, so each lane's raw
 * indices are recomputed from its recorded coordinates (the ufx taps, s.8)
 * as the model resolves them (S2): i0 = (u - 128) >> 8, i1 = i0 + 1 on a
 * face of n = the level's width texels.
 */
#include <stdio.h>

#include "coverage_int.h"
#include "layout.h"

static const char *const face_names[6] = {"+X", "-X", "+Y", "-Y", "+Z", "-Z"};

/* Bins: per face the four edges (i low, i high, j low, j high) and the four
 * corners (i low/high x j low/high), then the conditions below. */
enum { CB_EDGE = 0, CB_CORNER = 24, CB_CODE2 = 48, CB_CODE3, CB_CLAMP_CTRL, CB_BILINEAR,
       CB_TRILINEAR, CB_LEVEL1, CB_AVG, CB_MIN, CB_MAX, CB_DC, CB_N1, CB_ARRAY, CB_POINT,
       CB_COUNT };

static const char *const cond_names[CB_COUNT - CB_CODE2] = {
    "AUTO_SPAN_SEAM (2) step", "AUTO_CROSS_SEAM (3) step",
    "USE_WRAP / OVERRIDE_WRAP (0, 1) on a cube: faces clamp",
    "crossing: bilinear, one level", "crossing: trilinear", "crossing on the second level",
    "corner: average of three", "corner: MIN of three", "corner: MAX of three",
    "corner: depth-compare results averaged or reduced", "crossing on a 1x1 face",
    "crossing in a cube array (layer 6a + face')", "seamless sampler, point taps (no crossing)"};

void cov_cube_init(cov *c)
{
    cov_group *g = &c->g[G_CUBE];
    char b[64];
    g->name = "sample.cube-seam";
    g->what = "seamless cube maps: face edges and corners crossed, and how";
    for (int f = 0; f < 6; f++)
        for (int e = 0; e < 4; e++) {
            snprintf(b, sizeof b, "edge: face %s, %s %s", face_names[f], e < 2 ? "i" : "j",
                     e & 1 ? "= n" : "= -1");
            cov_add_bin(g, b);
        }
    for (int f = 0; f < 6; f++)
        for (int k = 0; k < 4; k++) {
            snprintf(b, sizeof b, "corner: face %s, i %s, j %s", face_names[f],
                     k & 1 ? "= n" : "= -1", k & 2 ? "= n" : "= -1");
            cov_add_bin(g, b);
        }
    cov_add_bins(g, cond_names, CB_COUNT - CB_CODE2);
}

void cov_cube_step(cov *c, const tx_state *s, const tx_insn *in, const tx_tic *tic,
                   const tx_tsc *tsc, uint32_t coords[][3], const tx_taps *tp)
{
    int dim = in->u.tex.dim;
    tx_layout L;
    if ((dim >> 1) != 3 || tx_layout_build(tic, s->gob_layout, &L) != 0)
        return;
    unsigned code = tsc->cubemap_interface_filtering & 3u;
    if (code < 2) {
        cov_hit(c, G_CUBE, CB_CLAMP_CTRL);
        return;
    }
    cov_hit(c, G_CUBE, code == 2 ? CB_CODE2 : CB_CODE3);
    int integer = tic->dtype[0] == TX_DT_SINT || tic->dtype[0] == TX_DT_UINT;
    int red = tsc->reduction_filter == 1 || tsc->reduction_filter == 2;
    int dc = in->u.tex.dc && (in->u.tex.lod == TX_LOD_NONE || in->u.tex.lod == TX_LOD_LZ ||
                              tsc->depth_compare);
    for (int l = 0; l < TX_LANES; l++) {
        if (!(tp->lanes >> l & 1))
            continue;
        int32_t lod = tp->lod[l];
        unsigned ff = lod <= 0 ? tsc->mag_filter : tsc->min_filter;
        int linear = (ff == 2 || (lod > 0 && ff == 3)) && !integer;
        if (!linear) {
            cov_hit(c, G_CUBE, CB_POINT);
            continue;
        }
        int32_t rs, rt;
        int face = tx_cube_face(coords[l][0], coords[l][1], coords[l][2], &rs, &rt);
        int two = tp->level1[l] != tp->level[l];
        for (int k = 0; k < 1 + two; k++) {
            uint32_t lev = k ? tp->level1[l] : tp->level[l];
            if (lev >= TX_MAX_LEVELS)
                continue;
            uint32_t n = L.lv[lev].w;
            if (n == 0 || n != L.lv[lev].h)
                continue;
            int32_t i0 = (tp->ufx[l][k][0] - 128) >> 8, j0 = (tp->ufx[l][k][1] - 128) >> 8;
            int oi = i0 < 0 ? 0 : i0 + 1 >= (int32_t)n ? 1 : -1;
            int oj = j0 < 0 ? 0 : j0 + 1 >= (int32_t)n ? 1 : -1;
            if (oi < 0 && oj < 0)
                continue;
            cov_hit(c, G_CUBE, two ? CB_TRILINEAR : CB_BILINEAR);
            if (k)
                cov_hit(c, G_CUBE, CB_LEVEL1);
            if (n == 1)
                cov_hit(c, G_CUBE, CB_N1);
            if (dim & 1)
                cov_hit(c, G_CUBE, CB_ARRAY);
            if (oi >= 0 && oj >= 0) {
                cov_hit(c, G_CUBE, CB_CORNER + 4 * face + oi + 2 * oj);
                cov_hit(c, G_CUBE, !red ? CB_AVG : tsc->reduction_filter == 1 ? CB_MIN : CB_MAX);
                if (dc)
                    cov_hit(c, G_CUBE, CB_DC);
            } else {
                cov_hit(c, G_CUBE, CB_EDGE + 4 * face + (oi >= 0 ? oi : 2 + oj));
            }
        }
    }
}
