/*
 * state.c - allocation and reset of a warp's architectural state (state.h).
 */
#include <stdlib.h>
#include <string.h>

#include "state.h"

/* Everything but the memory back to the documented power-on contents. */
static void clear_fields(tx_state *s)
{
    tx_mem *mem = s->mem;
    memset(s, 0, sizeof *s);
    s->mem = mem;
    s->ctm = 0xffffffffu;   /* every lane present: the common test case */
    s->pixel = 1;
    s->fp16_round = TX_FP16_RNE;
    s->gob_layout = TX_GOB_TEGRA;
    /* Single-sample raster, every pixel covered (docs/semantics.md S7.1). */
    s->raster.samples = 1;
    for (int l = 0; l < TX_LANES; l++)
        s->raster.cov[l] = 1;
}

tx_state *tx_state_new(void)
{
    tx_state *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    s->mem = tx_mem_new();
    if (!s->mem) {
        free(s);
        return NULL;
    }
    clear_fields(s);
    return s;
}

void tx_state_free(tx_state *s)
{
    if (!s)
        return;
    tx_mem_free(s->mem);
    free(s);
}

void tx_state_reset(tx_state *s)
{
    clear_fields(s);
    tx_mem_reset(s->mem);
}
