/*
 * run.h - `texcosim run`: lockstep runs of vector files, results and summary.
 */
#ifndef TX_RUN_H
#define TX_RUN_H

#include <stdint.h>
#include "lockstep.h"

typedef struct run_opts {
    const char *fst;          /* trace the whole run into this FST file */
    const char *only_id;      /* run only the vector with this id */
    int quiet;                /* no per-vector lines */
    int rtl_only;             /* benchmark: clock the RTL only, no model */
    /* Testbench settings forced from the command line (-1: keep the
     * vector's or the default). */
    int64_t latency, jitter, backpressure, seed, watchdog;
    const char *argv0;        /* for reproduce commands */
} run_opts;

void run_opts_default(run_opts *o);

/* Run every file; returns the exit status: 0 all passed, 1 a mismatch or a
 * hung RTL, 2 bad input or an infrastructure error (results of the vectors
 * that ran are still printed). */
int run_files(const run_opts *o, int nfiles, char **files);

#endif
