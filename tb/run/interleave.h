/*
 * interleave.h - `texcosim run --warps K`: the selected vectors of a worker
 * run K at a time, as the K warps of one simulation (tb/core/warps.h), and
 * every vector still gets its own result record (docs/regression.md,
 * "Warps").
 */
#ifndef TX_INTERLEAVE_H
#define TX_INTERLEAVE_H

#include <signal.h>
#include "lockstep.h"
#include "results.h"
#include "run.h"
#include "vector.h"

typedef struct il_ctx il_ctx;

/* Where finished records go (the runner's deliver), in ordinal order. */
typedef void (*il_deliver_fn)(void *user, res_record *rec, long seq);

il_ctx *il_new(const run_opts *o, lockstep *ls, const char *shard,
               volatile sig_atomic_t *stop, il_deliver_fn fn, void *user);
/* Add a selected vector with its settings and ordinal.  A group runs when
 * it has K vectors, or first when v's memory timing differs from the
 * group's (one memory server serves a group).  Returns -1 on an interrupt
 * (the group's records are then dropped). */
int il_add(il_ctx *c, const tx_vector *v, const ls_config *cfg, long seq);
/* Run what is collected (end of a file, before an error line, at the end). */
int il_flush(il_ctx *c);
void il_free(il_ctx *c);

/* --group ID,ID,...: is id one of them? */
int il_group_has(const char *group, const char *id);

/* From tb/run/run.c. */
void expect_effects(const vec_expect *e, const tx_effects *model, tx_effects *want);
void sh_quote(char *dst, size_t n, const char *s);

#endif
