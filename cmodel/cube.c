/*
 * cube.c - seamless cube maps: a bilinear tap that leaves a face reads the
 * neighbouring face (docs/filtering.md section 15, CUBEMAP_INTERFACE_FILTERING
 * AUTO_SPAN_SEAM and AUTO_CROSS_SEAM).
 *
 * The face texel (i, j) of an n x n face is placed on an integer lattice
 * around the cube: its centre is n along the face's major axis and
 * 2i+1-n, 2j+1-n along the sc and tc axes of the face table Q2.  A tap one
 * texel outside the face has one in-face component of magnitude n+1; that
 * axis is the neighbouring face's major axis, and the old major component
 * (n) becomes n-1, the row of texels along the shared edge.  Projecting
 * back through Q2 gives the neighbour's (i, j) with the right orientation
 * for every one of the 24 edge crossings without a table of them.
 */
#include "stages.h"

/* Q2 as signed axes: 1 = +x, -1 = -x, 2 = +y, ... for the major, sc, tc. */
static const int8_t q_ma[6] = {1, -1, 2, -2, 3, -3};
static const int8_t q_sc[6] = {-3, 3, 1, 1, 1, -1};
static const int8_t q_tc[6] = {-2, -2, 3, -3, -2, -2};

static void put(int64_t p[3], int ax, int64_t v)
{
    p[(ax < 0 ? -ax : ax) - 1] = ax < 0 ? -v : v;
}

static int64_t get(const int64_t p[3], int ax)
{
    int64_t v = p[(ax < 0 ? -ax : ax) - 1];
    return ax < 0 ? -v : v;
}

int tx_cube_seam(int f, int32_t i, int32_t j, uint32_t n, int *fo, int32_t *io, int32_t *jo)
{
    int out_i = i < 0 || i >= (int32_t)n, out_j = j < 0 || j >= (int32_t)n;
    if (out_i && out_j)
        return 2;
    *fo = f;
    *io = i;
    *jo = j;
    if (!out_i && !out_j)
        return 0;

    int64_t nn = n, p[3];
    put(p, q_ma[f], nn);
    put(p, q_sc[f], 2 * (int64_t)i + 1 - nn);
    put(p, q_tc[f], 2 * (int64_t)j + 1 - nn);
    int ax = (out_i ? q_sc[f] : q_tc[f]);
    int a = (ax < 0 ? -ax : ax) - 1;          /* the axis that left the face */
    int m = (q_ma[f] < 0 ? -q_ma[f] : q_ma[f]) - 1;
    int neg = p[a] < 0;
    p[a] = neg ? -nn : nn;
    p[m] = p[m] < 0 ? -(nn - 1) : nn - 1;
    int g = 2 * a + neg;                      /* face number of that axis */
    *fo = g;
    *io = (int32_t)((get(p, q_sc[g]) + nn - 1) / 2);
    *jo = (int32_t)((get(p, q_tc[g]) + nn - 1) / 2);
    return 1;
}

/* S4: a corner tap's weight wc goes to the three texels that meet there,
 * the other taps of its group: (wc + 1) / 3 (wc / 3 rounded to nearest)
 * each to the two edge texels B (slot t ^ 2) and C (slot t ^ 1), the rest
 * wc - 2 * ((wc + 1) / 3) to the face's own corner texel A (slot t ^ 3).
 * The sum stays 256. */
void tx_cube_corner_weights(unsigned w[8], unsigned corners)
{
    for (int t = 0; t < 8; t++) {
        if (!(corners >> t & 1))
            continue;
        unsigned wc = w[t], s = (wc + 1u) / 3u;
        w[t ^ 2] += s;
        w[t ^ 1] += s;
        w[t ^ 3] += wc - 2u * s;
        w[t] = 0;
    }
}
