/*
 * run.h - `texcosim run`: lockstep runs of vector files on several worker
 * processes, results file, JUnit XML and summary.
 */
#ifndef TX_RUN_H
#define TX_RUN_H

#include <stdint.h>
#include "lockstep.h"
#include "shard.h"

typedef struct run_opts {
    const char *fst;          /* trace the whole run into this FST file (-j 1) */
    const char *only_id;      /* run only the vector with this id */
    int quiet;                /* no PASS lines (failures are always printed) */
    int verbose;              /* PASS lines even on a terminal */
    int progress;             /* -1 auto (a terminal and $CI unset), 0 off, 1 on */
    int rtl_only;             /* benchmark: clock the RTL only, no model */
    int jobs;                 /* worker processes; 0: one per online core */
    int jobs_given;           /* -j was on the command line */
    /* Testbench settings forced from the command line (-1: keep the
     * vector's or the default). */
    int64_t latency, jitter, backpressure, seed, watchdog;
    int64_t rand_reset;       /* --rand-reset SEED (-1: off) */
    const char *results;      /* --results FILE.jsonl */
    const char *junit;        /* --junit FILE.xml */
    const char *rerun;        /* --rerun-failed RESULTS.jsonl */
    shard_spec shard;         /* count 0: not sharded */
    const char *waves_dir;    /* --waves DIR (NULL: $TEXCOSIM_WAVE_DIR or build/waves) */
    int no_waves;             /* --no-waves */
    const char *argv0;        /* for reproduce commands */
    /* --- selection (D3): --vector globs/lists, --tag, -k (select.h) --- */
    const struct selection *sel;   /* NULL: every vector (only_id still applies) */
    /* --- triage (D2): many failures (tb/run/triage.h, docs/regression.md "Triage") --- */
    long max_fail;            /* --max-fail N: stop issuing after N failing vectors (0: never) */
    long waves_max;           /* --waves-max N: wave pairs written in the run */
    int all_reports;          /* --all-reports: every failure in full, not one per bucket */
    long worker_timeout;      /* --worker-timeout S: seconds a worker may take for one
                                 vector before it is killed (0: no bound) */
    /* ---- warps (tb/run/interleave.c, docs/regression.md "Warps") ---- */
    int warps;                /* --warps K: vectors per simulation; 0 or 1: one at a time */
    int issue_order;          /* --issue-order: WP_ORDER_RR or WP_ORDER_RANDOM */
    uint64_t issue_seed;      /* random:SEED */
    const char *group;        /* --group ID,ID,...: only these vectors */
    int mem_ooo;              /* --mem-order ooo: memory responses out of order */
} run_opts;

/* Wave pairs a run writes by default: the first failure of each of the
 * first few buckets. */
#define RUN_WAVES_MAX_DEFAULT 5

/* Wall-clock seconds a worker of a parallel run may spend on one vector (the
 * cycle watchdog bounds the RTL; this bounds a worker that is stopped or
 * stuck outside the simulation). */
#define RUN_WORKER_TIMEOUT_DEFAULT 600

void run_opts_default(run_opts *o);

/* Run every file; returns the exit status: 0 all passed, 1 a mismatch or a
 * hung RTL, 2 bad input or an infrastructure error (results of the vectors
 * that ran are still printed and saved).  With --rerun-failed and no files,
 * the files come from the results file. */
int run_files(const run_opts *o, int nfiles, char **files);

/* `texcosim merge` (tb/run/merge.c). */
int cmd_merge(int argc, char **argv);

#endif
