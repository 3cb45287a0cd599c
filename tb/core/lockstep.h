/*
 * lockstep.h - run one instruction in the RTL, then in the model, and compare
 * every architectural effect (the Ibex co-simulation pattern: the DUT retires,
 * the reference steps, the checker collects differences without aborting).
 */
#ifndef TX_LOCKSTEP_H
#define TX_LOCKSTEP_H

#include <stdint.h>
#include "model.h"
#include "sim.h"
#include "state.h"
#include "memserver.h"

typedef struct ls_config {
    uint32_t mem_latency;     /* cycles, >= 1 */
    uint32_t mem_jitter;      /* extra random cycles per request */
    uint32_t backpressure;    /* percent of cycles the request port stalls */
    uint64_t seed;            /* stimulus timing seed */
    uint64_t watchdog;        /* cycles an instruction may take */
    int capture_taps;         /* record the RTL tap port (slower) */
    int rtl_only;             /* benchmark mode: clock the RTL, skip the model */
    int64_t rand_reset;       /* --rand-reset SEED, -1: off (zero initial state) */
    uint32_t rand_seed;       /* this vector's seed for the RTL's initial state */
    int mem_ooo;              /* warps: memory responses out of order (--mem-order ooo) */
} ls_config;

void ls_config_default(ls_config *c);

/* The outcome of one step. */
typedef struct ls_outcome {
    int timed_out;            /* the RTL never signalled completion */
    uint64_t cycles;          /* RTL cycles from issue to completion */
    uint64_t done_cycle;      /* absolute cycle of completion (trace marker) */
    uint64_t issue_cycle;
    tx_effects rtl;           /* what the RTL did (taps only if captured) */
    tx_effects model;         /* what the model did */
    int ndiff;                /* architectural differences found */
} ls_outcome;

typedef struct lockstep {
    sim_t *sim;
    tx_state *model;          /* the model's warp state */
    tx_state *rtl;            /* the RTL-side warp state the TB serves */
    memserver ms;
    ls_config cfg;
    uint64_t cycle;           /* cycles since the last reset */
    uint64_t total_cycles;    /* since sim_new */
    uint64_t insns;
    /* Wall time split (nanoseconds), for the harness-overhead benchmark. */
    uint64_t ns_rtl;          /* clocking the RTL and serving its ports */
    uint64_t ns_model;        /* tx_step */
    uint64_t ns_compare;      /* comparing effects */
    /* Optional per-cycle observer (NULL: none); see ls_set_observer. */
    void (*observer)(void *user, struct lockstep *ls, const sim_out_t *o, const sim_taps_t *t,
                     const sim_taps_t *su);
    void *observer_user;
} lockstep;

uint64_t ls_now_ns(void);

lockstep *ls_new(void);
void ls_free(lockstep *ls);

/* Start a vector: reset the RTL.  The caller then loads ls->model and
 * ls->rtl with the same initial state; vec_apply empties a state before it
 * loads it, so the states are not emptied twice here (it showed in profiles). */
void ls_begin(lockstep *ls, const ls_config *cfg);
/* Start serving memory from ls->rtl (call after loading the states). */
void ls_ready(lockstep *ls);

/* Apply register moves to both warp states (all 32 lanes), in order. */
struct vec_move;
void ls_moves(lockstep *ls, const struct vec_move *mv, int n);

/* Run one instruction on both sides and compare.  Returns the number of
 * differences (0 = match); out->timed_out reports a hung RTL. */
int ls_step(lockstep *ls, uint64_t word, uint32_t ctrl, ls_outcome *out);
/* Reset the parts of `out` that an instruction fills as it runs (ls_step
 * and the warp engine call it before each instruction). */
void ls_outcome_clear(const lockstep *ls, ls_outcome *out);

/*
 * Per-cycle observer, for the waveform replay (tb/wave/wave.c).  Once per RTL
 * cycle, inside ls_step and ls_idle, after the inputs of the cycle are
 * applied and the outputs have settled and before the clock edge, fn is
 * called with the outputs and, when cfg.capture_taps is set, the tap port
 * of the quad pipe (t) and tx_suld's (su, NULL when none of its taps is
 * valid; both NULL without capture_taps).  ls->total_cycles is then the number of the cycle being
 * evaluated and sim_time(ls->sim) is 2 * that number.  fn may open or close
 * the FST trace.  NULL removes the observer.
 */
void ls_set_observer(lockstep *ls,
                     void (*fn)(void *user, lockstep *ls, const sim_out_t *o, const sim_taps_t *t,
                                const sim_taps_t *su),
                     void *user);

/* Clock the RTL for n cycles with no instruction issued (issue_valid low, the
 * issue ports held at word/ctrl), serving its ports as ls_step does.  Used to
 * trace a few cycles after an instruction completes. */
void ls_idle(lockstep *ls, uint64_t word, uint32_t ctrl, uint64_t n);

/* ---- pieces of the cycle loop shared with the warps engine (warps.c) ---- */
/* The per-instruction inputs from a warp state (everything else 0). */
void ls_static_inputs(const tx_state *st, uint64_t word, uint32_t ctrl, sim_in_t *in);
/* Apply a register / predicate write of the outputs to `rtl`, recording it in fx. */
void ls_rtl_write_regs(tx_state *rtl, const sim_out_t *o, tx_effects *fx);
void ls_rtl_write_preds(tx_state *rtl, const sim_out_t *o, tx_effects *fx);
/* Record one cycle of the tap port into per-lane arrays. */
void ls_capture_taps(const sim_taps_t *t, tx_taps *tp);
/* Read this cycle's tap ports: the quad pipe's into *t and tx_suld's into
 * *su; returns su, or NULL when none of tx_suld's taps is valid. */
const sim_taps_t *ls_read_taps(lockstep *ls, sim_taps_t *t, sim_taps_t *su);

#endif
