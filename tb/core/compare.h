/*
 * compare.h - differences between two sets of architectural effects (model
 * vs RTL, or model vs a vector's expectation), and the stage taps.
 */
#ifndef TX_COMPARE_H
#define TX_COMPARE_H

#include <stdio.h>
#include "model.h"

/* Number of differences: status, hash, each (lane, register) whose final
 * written value differs or is written by one side only, each predicate. */
int fx_diff_count(const tx_effects *want, const tx_effects *got);

/* Print up to max differences, one per line, indented; `want_name` and
 * `got_name` label the two sides ("model", "rtl", "expected"). */
void fx_diff_print(FILE *f, const tx_effects *want, const tx_effects *got,
                   const char *want_name, const char *got_name, int max);

/* The first pipeline stage whose taps differ, or -1.  *lane is the first
 * lane that differs there.  Both sides must have captured taps. */
int taps_first_divergence(const tx_taps *want, const tx_taps *got, int *lane);

/* The first stage where one lane differs, or -1 (that lane's taps agree, or
 * neither side processed it). */
int taps_lane_divergence(const tx_taps *want, const tx_taps *got, int lane);

/* Print both sides' values of one stage for one lane. */
void taps_print(FILE *f, int stage, int lane, const tx_taps *want, const tx_taps *got);

#endif
