/*
 * txq.h - the header-query stage of TXQ (twin of rtl/tx_txq_pkg.sv,
 * called by tx_format_quad): what a query returns for one lane, from the
 * texture's layout (docs/semantics.md section 11).
 */
#ifndef TX_TXQ_H
#define TX_TXQ_H

#include <stdint.h>

#include "layout.h"
#include "tic.h"

/* What the query reads of a usable texture: its TEXTURE_TYPE and the
 * layout's level-0 extent, layers, samples and view levels. */
typedef struct tx_txq_view {
    uint8_t type;              /* enum tx_tic_type */
    uint32_t w, h, d;          /* level 0 (tx_layout lv[0]) */
    uint16_t layers;
    uint8_t samples;
    uint8_t first, last;       /* view levels */
} tx_txq_view;

void tx_txq_view_of(const tx_tic *t, const tx_layout *L, tx_txq_view *v);

/* The four components of query (enum tx_txq_query: DIMENSION,
 * TEXTURE_TYPE or SAMPLER_POS) for a lane whose level operand is level. */
void tx_txq_result(unsigned query, uint32_t level, const tx_txq_view *v, uint32_t out[4]);

#endif
