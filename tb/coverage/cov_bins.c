/*
 * cov_bins.c - the bins of the coverage command (types in coverage_int.h):
 * adding bins to a group and counting a hit.  Used by coverage.c and by the
 * per-instruction files (coverage_tex.c, coverage_bcn.c, coverage_bptc.c,
 * coverage_cube.c), which coverage.c calls.
 */
#include <stdlib.h>
#include <string.h>

#include "coverage_int.h"

void cov_add_bin(cov_group *g, const char *name)
{
    g->bin[g->nbins] = strdup(name);
    g->hits[g->nbins] = 0;
    g->nbins++;
}

void cov_add_bins(cov_group *g, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        cov_add_bin(g, names[i]);
}

void cov_hit(cov *c, int group, int bin)
{
    if (bin >= 0 && bin < c->g[group].nbins)
        c->g[group].hits[bin]++;
}
