/*
 * warps.h - lockstep of several vectors at once, as warps of one simulation
 * (`texcosim run --warps K`, docs/architecture.md "Warps and tags").
 *
 * Warp k runs vector k of a group.  Each warp has its own model-side and
 * RTL-side state (registers, predicates, constant bank, memory image); the
 * testbench serves the RTL's ports from the state of the warp that the port's
 * warp field names.  Each warp has at most one instruction in flight; the
 * engine offers the next instruction of a ready warp, round-robin or in a
 * seeded random order, whenever the RTL is ready.  When an instruction
 * completes (done_valid_o with its tag) the model executes the same word on
 * that warp's model state and the effects are compared, exactly as ls_step
 * does for one vector.
 *
 * A design without the warp ports (sim_has_warp_ports() == 0) takes one
 * instruction at a time; the engine then offers an instruction only when
 * nothing is in flight and attributes every port to the warp in flight.
 */
#ifndef TX_WARPS_H
#define TX_WARPS_H

#include <stdint.h>
#include "lockstep.h"
#include "vector.h"

#define WP_MAX 128     /* the most warps the testbench holds; the design's own
                          limit (tx_pkg::TxWarps) is sim_max_warps() */

enum wp_order { WP_ORDER_RR, WP_ORDER_RANDOM };

enum wp_phase {
    WP_EMPTY,          /* no vector */
    WP_READY,          /* its next instruction may be offered */
    WP_OFFERED,        /* on the issue port, not yet accepted */
    WP_FLIGHT,         /* accepted, not yet done */
    WP_END,            /* finished: passed, failed or set up wrongly */
    WP_DEAD            /* hung: its tag is never used again in this group */
};

typedef struct wp_warp {
    const tx_vector *v;
    tx_state *model, *rtl;
    uint64_t watchdog;
    int phase;
    int step;                 /* the step offered or in flight, else the next */
    uint64_t start;           /* cycle the step was first offered */
    ls_outcome *out;          /* outcome of the current step */
} wp_warp;

/* Called when warp w's step completed (out->timed_out: the watchdog fired)
 * and was compared.  Return 0 to go on with the warp's next step, 1 to end
 * the warp, 2 to stop the whole group (an interrupt). */
typedef int (*wp_done_fn)(void *user, int w, int step, ls_outcome *out);

typedef struct wp_engine {
    lockstep *ls;             /* the simulator, the memory server, cycles, timers */
    int k;
    wp_warp w[WP_MAX];
    tx_state *pool_model[WP_MAX], *pool_rtl[WP_MAX];
    ls_outcome *pool_out[WP_MAX];
    const tx_mem *mems[WP_MAX];
    int order;
    uint64_t rng;
    int rr;                   /* round-robin: the warp looked at first */
    int tagged;               /* the design has the warp ports */
    int offer;                /* warp on the issue port, -1 none */
    uint64_t stray;           /* writes that named a warp with nothing in flight */
    uint64_t issued, completed;
    int stopped;              /* on_done returned 2 */
    wp_done_fn on_done;
    void *user;
    tx_effects *sink;         /* effects of stray writes */
    uint64_t stop_at;         /* nonzero: stop when total_cycles reaches it */
} wp_engine;

wp_engine *wp_new(lockstep *ls);
void wp_free(wp_engine *e);

/*
 * Start a group of k vectors (1 <= k <= WP_MAX): reset the RTL with cfg
 * (the memory timing of the whole group), load every warp's states, and set
 * the issue order (seed: RANDOM only).  watchdog[i] bounds each instruction
 * of warp i.  A vector whose state cannot be loaded ends at once: its phase
 * is WP_END and its message is in err[i] (setup[i] = -1); the others run.
 */
void wp_begin(wp_engine *e, const ls_config *cfg, int k, const tx_vector *const *v,
              const uint64_t *watchdog, int order, uint64_t seed, int *setup, vec_error *err);

/* Run the group until every warp has ended (or on_done asked to stop). */
void wp_run(wp_engine *e, wp_done_fn fn, void *user);

/* Parse "rr" or "random:SEED"; 0, or -1 when it is neither. */
int wp_parse_order(const char *s, int *order, uint64_t *seed);

#endif
