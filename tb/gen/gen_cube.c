/*
 * gen_cube.c - where a generated cube-map lane looks: a direction onto an
 * edge or a corner of a face, shared by the seamless suites of the
 * uncompressed (gen_tex.c) and the block-compressed (gen_bcn.c) formats.
 *
 * The face table is the public OpenGL / Direct3D cube table (OpenGL 4.6
 * section 8.13, "Cube Map Texture Selection"): for each face the major axis
 * and the axes that grow with sc and tc, written as signed axes (1 = +x,
 * -1 = -x, 2 = +y, ...).  docs/filtering.md section 15 has the rest.
 */
#include <stdlib.h>

#include "gen.h"

static const signed char cq_ma[6] = {1, -1, 2, -2, 3, -3};
static const signed char cq_sc[6] = {-3, 3, 1, 1, 1, -1};
static const signed char cq_tc[6] = {-2, -2, 3, -3, -2, -2};

static void cube_put(double v[3], int ax, double x)
{
    v[abs(ax) - 1] = ax < 0 ? -x : x;
}

/* Face coordinate (-1 .. 1) near the low (side 0) or high (side 1) edge of
 * an n-texel face: within half a texel of it, so that a linear tap leaves
 * the face; side 2: anywhere well inside. */
static double cube_side(gen_ctx *g, int side, int n)
{
    double r = gen_frnd(g, 0.04, 0.96) / n;
    return side == 0 ? -1 + r : side == 1 ? 1 - r : gen_frnd(g, -0.9, 0.9);
}

void gen_cube_target(gen_ctx *g, int tgt, int n, double v[3])
{
    static const int ks[8] = {0, 1, 2, 2, 0, 1, 0, 1}, kt[8] = {2, 2, 0, 1, 0, 0, 1, 1};
    int face = (tgt / 8) % 6, kind = tgt % 8;
    if (n < 1)
        n = 1;
    double sc = cube_side(g, ks[kind], n), tc = cube_side(g, kt[kind], n);
    double m = gen_frnd(g, 0.5, 2);
    cube_put(v, cq_ma[face], m);
    cube_put(v, cq_sc[face], sc * m);
    cube_put(v, cq_tc[face], tc * m);
}
