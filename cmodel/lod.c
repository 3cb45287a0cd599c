/*
 * lod.c - level selection (twin of rtl/tx_lod.sv).
 *
 * TLDS has no derivatives: .LZ selects the view's first level and .LL adds
 * an unsigned level to it (docs/semantics.md S3.4).  The bounds test is made
 * on the relative lod, not on the sum, so a huge lod that wraps the 32-bit
 * sum back into range is still out of bounds.
 */
#include "stages.h"

void tx_lod_view_of_tic(const tx_tic *t, uint32_t *first, uint32_t *last)
{
    *first = t->res_view_min_mip_level & 15u;
    *last = t->res_view_max_mip_level & 15u;
    if ((t->max_mip_level & 15u) < *last)
        *last = t->max_mip_level & 15u;
}

int tx_lod_tlds(uint32_t first, uint32_t last, int ll, uint32_t lod, uint32_t *level)
{
    if (!ll)
        lod = 0;
    *level = first + lod;
    return first > last || lod > last - first;
}
