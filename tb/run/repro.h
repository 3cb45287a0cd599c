/*
 * repro.h - what the runner (run.c) and the warps runner (interleave.c)
 * both need to judge a step and to say how to run a vector again: a step's
 * expectation as effects, and the one-line reproduce command.
 */
#ifndef TX_REPRO_H
#define TX_REPRO_H

#include <stddef.h>
#include "lockstep.h"
#include "model.h"
#include "run.h"
#include "vector.h"

/* The expectation of a step as effects; parts it does not give are copied
 * from `model` so that they compare equal. */
void expect_effects(const vec_expect *e, const tx_effects *model, tx_effects *want);

/* Append s to the buffer, quoted for a POSIX shell when it needs it. */
void sh_quote(char *dst, size_t n, const char *s);

/* The one-line command that runs this vector again with the same settings:
 * alone, or (group != NULL, run --warps) with its whole group as the same
 * warps in the same issue order, in one process, cycle for cycle. */
void reproduce_cmd(char *buf, size_t n, const run_opts *o, const char *file, const char *id,
                   const char *group, int nwarps, const ls_config *c);

/* "rr" or "random:SEED", as --issue-order takes it. */
const char *issue_order_text(const run_opts *o, char *buf, size_t n);

#endif
