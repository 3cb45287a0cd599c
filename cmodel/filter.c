/*
 * filter.c - filter stage (twin of rtl/tx_filter.sv).
 *
 * TLDS overrides the sampler with point filtering (seed, "Texture Header
 * State Overrides"), so its one tap passes through bit for bit.  Bilinear
 * filtering for TEX comes here with the fixed-point weights of docs/.
 */
#include "stages.h"

void tx_filter_point(const uint32_t in[4], uint32_t out[4])
{
    for (int i = 0; i < 4; i++)
        out[i] = in[i];
}
