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

/* --group ID,ID,...: the position of id in it (its warp), or -1. */
int il_group_index(const char *group, const char *id);
#define il_group_has(group, id) (il_group_index((group), (id)) >= 0)

/* The waves of warp `target`'s failure in the group v[0..n-1] (settings
 * cfg[i]), for the runner: runs the group again as the run did and replays
 * it with the trace open (wave_capture).  Writes the waves lines, or why
 * there are none, to f; *fst and *gtkw get the file names (malloc'd) or
 * NULL.  Returns 0, -1 when no waves were written, or -2 when they could
 * not be written (full disk, file-size limit: an output error). */
int il_waves(const run_opts *o, volatile sig_atomic_t *stop, int n, tx_vector *const *v,
             const ls_config *cfg, int target, FILE *f, char **fst, char **gtkw);

#endif
