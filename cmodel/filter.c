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

/* B4 of docs/filtering.md.  ntaps 1: slot 0 unchanged; 4: bilinear on slots
 * 0..3; 8: both groups, then the lerp between them by fg. */
void tx_filter_tex(uint32_t t[8][4], int ntaps, const uint8_t fu[2], const uint8_t fv[2],
                   unsigned fg, uint32_t out[4])
{
    for (int c = 0; c < 4; c++) {
        if (ntaps <= 1) {
            out[c] = t[0][c];
            continue;
        }
        uint32_t r0 = tx_lerp(t[0][c], t[1][c], fu[0]);
        uint32_t r1 = tx_lerp(t[2][c], t[3][c], fu[0]);
        uint32_t g0 = tx_lerp(r0, r1, fv[0]);
        if (ntaps < 8) {
            out[c] = g0;
            continue;
        }
        uint32_t r2 = tx_lerp(t[4][c], t[5][c], fu[1]);
        uint32_t r3 = tx_lerp(t[6][c], t[7][c], fu[1]);
        uint32_t g1 = tx_lerp(r2, r3, fv[1]);
        out[c] = tx_lerp(g0, g1, fg);
    }
}
