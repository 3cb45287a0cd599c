/*
 * triage.h - many failures at once: each failure described in structured
 * form (what differs, where, in which lane and stage), a signature that
 * groups failures that probably share one cause (the bucket key), a symptom
 * that says which fields differ (a detail inside the bucket), and the
 * buckets of a run or a merge (docs/regression.md, "Triage").
 *
 * The process that ran a vector builds its tri_failure (tri_begin,
 * tri_diff) and stores the signature, the symptom and the JSON text of the
 * failure in the result record.  The runner (or `texcosim merge`) then sorts records
 * into buckets by signature, prints the first failure of each bucket in
 * full and the others in one line, and ends with a table of the buckets.
 *
 * Warps: a failure names the warp it happened in.  Until `run --warps`
 * exists there is one warp in flight and `warp` is -1 (null in JSON).
 */
#ifndef TX_TRIAGE_H
#define TX_TRIAGE_H

#include <stdint.h>
#include <stdio.h>
#include "model.h"
#include "results.h"

/* Differences kept per failure (the count of all of them is kept too). */
#define TRI_MAX_MISMATCHES 64

typedef struct tri_mismatch {
    const char *what;        /* "reg", "pred", "status", "hash" */
    int warp;                /* -1: not known (one warp in flight) */
    int lane;                /* -1: not a per-lane difference */
    int stage;               /* first stage where this lane differs (TX_TAP_*), -1 */
    char reg[8];             /* "R4", "P0"; "" for status and hash */
    char expected[16];       /* "" when not written (JSON null) */
    char actual[16];
} tri_mismatch;

typedef struct tri_failure {
    const char *kind;        /* "rtl-mismatch", "expect-mismatch", "hang" */
    const char *want_side;   /* "model" or "expected" */
    const char *got_side;    /* "rtl" or "model" */
    char op[16];             /* the instruction's opcode name */
    int step;
    int warp;                /* -1 until run --warps */
    int stage, lane;         /* first diverging stage and its lane, -1 unknown */
    int64_t issue_cycle;     /* cycles counted from the vector's first reset */
    int64_t done_cycle;      /* cycle, -1 for a hang (no completion) */
    int count;               /* differences in all */
    int n;                   /* differences kept in mis[] */
    tri_mismatch mis[TRI_MAX_MISMATCHES];
    /* For the signature: which fields differ, whatever was kept. */
    uint64_t dst_ranks;      /* bit k: the k-th destination register differs */
    uint32_t preds;          /* bit p: predicate Pp differs */
    int status_want, status_got;   /* differ when not equal */
    int hash_differs;
} tri_failure;

/* Start a failure: the kind, the instruction of the failing step. */
void tri_begin(tri_failure *f, const char *kind, uint64_t word, uint32_t ctrl, int step);

/* Collect the differences between `want` and `got` (what the report's
 * fx_diff_print shows).  wt/gt are both sides' taps when they were captured
 * (each register difference then names the first stage where its lane
 * diverged), or NULL. */
void tri_diff(tri_failure *f, const tx_effects *want, const tx_effects *got, const tx_taps *wt,
              const tx_taps *gt);

/* The bucket key, the cause: "KIND OP [stage=S]".  What differs is left
 * out: one arithmetic bug in a stage changes one register in some vectors
 * and four in others, a status in a third kind, and is still one bug
 * (docs/regression.md, "Triage"). */
void tri_signature(const tri_failure *f, char *buf, size_t n);

/* The symptom, what differs: "[status=A->B] [hash] [preds=P0,..]
 * [regs=d0,d1,..]" where dK is the K-th lowest register the step writes on
 * either side (so vectors using other registers read alike); "" when
 * nothing does (a hang).  Counted per bucket. */
void tri_symptom(const tri_failure *f, char *buf, size_t n);

/* The failure as the JSON object text of the results file's "failure"
 * member (malloc'd; NULL when memory runs out). */
char *tri_json(const tri_failure *f);

/* ---------------------------------------------------------------------------
 * Buckets of a run or a merge.
 */

/* One symptom of a bucket and how many of its failures show it. */
typedef struct tri_symptom_count {
    char *symptom;
    long count;
} tri_symptom_count;

typedef struct tri_bucket {
    char *signature;
    long count;
    tri_symptom_count *sym;  /* in order of first appearance */
    int nsym, symcap;
    char *file, *id;         /* the first failure of the bucket */
    int step;
    char *waves;             /* its save file, or NULL */
    long listed;             /* one-line entries printed so far */
} tri_bucket;

typedef struct tri_buckets {
    tri_bucket *v;
    int n, cap;
    long failures;
    int all_reports;         /* print every failure in full (--all-reports) */
    int list_max;            /* one-line entries printed per bucket */
} tri_buckets;

void tri_buckets_init(tri_buckets *b, int all_reports);
void tri_buckets_free(tri_buckets *b);

/* Put a failed or hung record into its bucket; returns the bucket number
 * (1-based) and sets *first when the record opens it.  Returns 0 when
 * memory runs out. */
int tri_add(tri_buckets *b, const res_record *r, int *first);

/* Remember the waves of a bucket's first failure, for the table. */
void tri_set_waves(tri_buckets *b, int bucket, const char *gtkw);

/* Print a failed record: in full (FAIL line and report) when it opens its
 * bucket or with all_reports, else one line while the bucket has printed
 * fewer than list_max.  Returns 1 when it was printed in full. */
int tri_print(FILE *f, tri_buckets *b, const res_record *r, int bucket, int first);

/* Whether tri_print prints this record in full. */
int tri_full(const tri_buckets *b, int first);

/* The table of buckets, before the summary (nothing when no failure). */
void tri_print_table(FILE *f, const tri_buckets *b);

#endif
