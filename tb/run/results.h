/*
 * results.h - per-vector result records, the results file (JSON Lines) and
 * the summary table.
 *
 * A results file has one JSON object per line.  Three kinds of line exist,
 * told apart by their "type" member (docs/regression.md has the full list of
 * members):
 *
 *   "vector"  the outcome of one vector: file, id, status, failing step,
 *             steps, cycles, seconds, testbench settings, shard, the
 *             reproduce command and the first lines of the failure report;
 *   "error"   bad input or an infrastructure problem that is not tied to one
 *             vector that ran (a file that cannot be opened, a malformed
 *             line, a vector named by --rerun-failed that no longer exists);
 *   "run"     the last line of a complete file: the files of the run, the
 *             shard, the exit status, host and start time.
 *
 * The same records travel from a worker process to the runner over a pipe,
 * one JSON line per vector, with the complete report text attached.
 */
#ifndef TX_RESULTS_H
#define TX_RESULTS_H

#include <stdint.h>
#include <stdio.h>

/* Kinds of line. */
enum res_type { RES_VECTOR, RES_ERROR, RES_RUN };

/* Outcome of a vector.  FAIL and HANG make the exit status 1, ERROR 2. */
enum res_status { RES_PASS, RES_FAIL, RES_HANG, RES_ERRORED };

/* Longest report kept in a results file, in lines. */
#define RES_REPORT_LINES 60

typedef struct res_record {
    int type;              /* enum res_type */
    char *file;            /* vector file as given on the command line */
    char *id;              /* vector id (NULL for most error lines) */
    long line;             /* 1-based line in the file (0: unknown) */
    long index;            /* 0-based ordinal of the vector in its file */
    int status;            /* enum res_status */
    char *kind;            /* finer cause: "rtl-mismatch", "expect-mismatch",
                              "hang", "setup", "crash", "input", ... */
    char *message;         /* one line: what went wrong ("" for a pass) */
    int step;              /* failing step, -1 when none */
    long steps;            /* steps executed */
    long nsteps;           /* steps in the vector */
    uint64_t cycles;       /* RTL cycles of the instructions (issue..done) */
    uint64_t sim_cycles;   /* every clocked cycle, resets included */
    /* ---- header cache: lookups and hits during the vector (a group of
     * warps: all on its first vector) ---- */
    uint64_t hc_lookups, hc_hits;
    double seconds;        /* wall time of the vector */
    double rtl_s, model_s, compare_s; /* the time split of the vector */
    /* Testbench settings the vector ran with (after defaults, the
     * vector's "tb" member and the command line). */
    uint64_t latency, jitter, backpressure, seed, watchdog;
    int rtl_only;
    char *shard;           /* "I/N" or NULL when the run was not sharded */
    char *reproduce;       /* one copy-pasteable command line */
    char *group;           /* run --warps: the ids of the vector's group in
                              warp order, comma-separated; NULL when alone */
    char *report;          /* the failure report, lines ended by '\n' */
    char *wave_fst;        /* waves of the failure (docs/waves.md), NULL: none */
    char *wave_gtkw;
    long seq;              /* worker-to-runner pipe only: ordinal of the
                              vector among the selected ones of the run */

    /* Triage (tb/run/triage.h), vector lines of failures only. */
    char *signature;       /* bucket key (the cause), NULL for a pass */
    char *symptom;         /* which fields differ, "" or NULL when none */
    char *failure;         /* JSON object text: stage, lane, cycles, mismatches */
    int bucket;            /* 1-based bucket of the run or merge, 0: none */

    /* RES_RUN lines only. */
    int nfiles;
    char **files;          /* every file of the run, in command-line order */
    int exit_status;       /* 0, 1, 2, 4 (nothing selected) or 128 + signal */
    long selected;         /* vectors the selection matched, before --shard */
    char *interrupted;     /* "SIGINT", "SIGTERM", "SIGHUP", or NULL */
    char *stopped_early;   /* "max-fail" when --max-fail ended the run, or NULL */
    char *host;
    char *started;         /* ISO 8601 UTC */
    double wall;           /* wall time of the whole run */
} res_record;

const char *res_status_name(int status);

/* Free the strings of r and zero it. */
void res_clear(res_record *r);

/* Deep copy of src into dst (dst is overwritten, not freed). Returns -1 when
 * memory runs out. */
int res_copy(res_record *dst, const res_record *src);

/* Write r as one JSON line.  With `wire` set the complete report is written
 * as one string (the worker-to-runner pipe); without it the report is an
 * array of at most RES_REPORT_LINES lines (the results file).  Returns 0 or
 * -1 on a write error. */
int res_write(FILE *f, const res_record *r, int wire);

/* Parse one JSON line into *r (which is cleared first).  Returns 0, or -1
 * with a message in err[errlen]. */
int res_parse(const char *line, res_record *r, char *err, size_t errlen);

/*
 * Reading a results file line by line.  res_next returns 1 and a record
 * (valid until the next call), 0 at the end, -1 with a message naming the
 * file and the line.
 */
typedef struct res_reader res_reader;
res_reader *res_open(const char *path, char *err, size_t errlen);
int res_next(res_reader *rd, const res_record **r, char *err, size_t errlen);
void res_close(res_reader *rd);

/* ---------------------------------------------------------------------------
 * The summary table: one row per vector file, then the totals.
 */
typedef struct res_suite {
    char *file;
    long vectors, steps, passed, failed, errors;
    double seconds;        /* sum of the vectors' wall times */
} res_suite;

typedef struct res_summary {
    int nsuites, cap;
    res_suite *suites;
    long errors_other;     /* "error" lines (bad input, missing vectors) */
    uint64_t cycles;       /* sim_cycles of every vector */
    double rtl_s, model_s, compare_s, vec_s;
    double parse_s;        /* reading and checking vectors in the runner */
} res_summary;

void res_summary_init(res_summary *s);
void res_summary_free(res_summary *s);
/* Add a suite row (keeps the first position of a name); returns its index. */
int res_summary_suite(res_summary *s, const char *file);
/* Count one "vector" or "error" line. */
void res_summary_add(res_summary *s, const res_record *r);
/* Print the table, the totals, the throughput and the time split.  `wall`
 * is the wall time of the run (or the longest shard for a merge); `note`
 * ends the time-split line (may be ""). */
void res_summary_print(FILE *f, const res_summary *s, double wall, const char *note);

#endif
