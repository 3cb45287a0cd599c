/*
 * run.c - the regression runner behind `texcosim run`.
 *
 * For each vector: reset the RTL, load the same initial state into the model
 * and the RTL side, then step every instruction in lockstep.  The first
 * difference ends the vector; the runner then replays it with the RTL tap
 * port recorded (the memory timing is seeded, so the replay is cycle exact)
 * to name the first pipeline stage that diverged.
 *
 * Parallel runs (-j N, N > 1).  The runner forks N worker processes at the
 * start.  Each worker has its own copy of the Verilator model (models are
 * never shared between processes) and streams every vector file itself with
 * vec_open/vec_next, so memory stays bounded by the longest line whatever
 * the size of the files.  The selected vectors (--vector, --shard,
 * --rerun-failed) are numbered in file order, then vector order; worker w
 * runs those whose number is w modulo N and sends one result record per
 * vector, a JSON line, over its pipe.  The runner takes the records back in
 * number order (vector s from worker s % N), so the output, the results file
 * and the JUnit XML are the same whatever N is and however the workers
 * interleave; only timings differ.  A worker that runs ahead blocks on its
 * full pipe, so the runner holds at most one record per worker.
 *
 * The price of this split is that every worker parses every vector (about a
 * tenth of the time of running a small vector); the gain is that a worker
 * is forked once, not once per vector (a fork costs several times the parse
 * because the child copies the simulator state it touches).  Bad input is
 * met by every worker at the same place: each sends the same error line at
 * the same number and the runner keeps one.
 *
 * With -j 1 the runner reads and runs the vectors itself, which is also what
 * --fst needs to trace the whole run into one file.
 */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "compare.h"
#include "outfile.h"
#include "resout.h"
#include "results.h"
#include "run.h"
#include "select.h"
#include "triage.h"
#include "vector.h"
#include "wave.h"
#include "lastrun.h"
#include "interleave.h"   /* warps */
#include "repro.h"
#include "vec_clone.h"
#include "warps.h"

/* ---------------------------------------------------------------------------
 * Interrupts (SIGINT, SIGTERM, SIGHUP).  The first one sets `stop_sig`: the
 * runner stops issuing vectors, abandons the ones in flight (its workers are
 * killed), and writes the summary, the results file and the JUnit XML of
 * what ran, marked as interrupted; it exits 128 + the signal.  A second one
 * ends the process at once: workers killed, temporary files removed, exit
 * 128 + signal, nothing written.
 */
static volatile sig_atomic_t stop_sig;
static pid_t *live_pids;            /* the workers, for the handler */
static volatile sig_atomic_t nlive_pids;

static void on_signal(int sig)
{
    if (!stop_sig) {
        stop_sig = sig;
        return;
    }
    for (int i = 0; i < nlive_pids; i++)
        if (live_pids[i] > 0)
            kill(live_pids[i], SIGKILL);
    outfile_cleanup_signal();
    _exit(128 + sig);
}

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* ---------------------------------------------------------------------------
 * The whole-run trace (--fst) on a full disk.  The FST writer keeps parts of
 * the trace in memory-mapped files and stores into them; when the file
 * system is full the store raises SIGBUS.  While the trace is open, SIGBUS
 * at a mapped address puts a private zero page over the faulting one and
 * notes the failure: the writer goes on into memory that no file backs, the
 * run finishes, and the trace is then reported unwritable and removed (exit
 * status 2), with the results and the JUnit of the run kept.
 */
static volatile sig_atomic_t trace_bus_error;
static uintptr_t page_mask;

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    void *page = (void *)((uintptr_t)si->si_addr & page_mask);
    if (si->si_code != BUS_ADRERR || !page ||
        mmap(page, ~page_mask + 1, PROT_READ | PROT_WRITE,
             MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED) {
        signal(sig, SIG_DFL);   /* not a store into a file past its space */
        raise(sig);
        return;
    }
    trace_bus_error = 1;
}

static void catch_sigbus(int on)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sigemptyset(&sa.sa_mask);
    if (on) {
        page_mask = ~((uintptr_t)sysconf(_SC_PAGESIZE) - 1);
        sa.sa_sigaction = on_sigbus;
        sa.sa_flags = SA_SIGINFO;
    } else {
        sa.sa_handler = SIG_DFL;
    }
    sigaction(SIGBUS, &sa, NULL);
}


static void catch_signals(int on)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on ? on_signal : SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;   /* no SA_RESTART: a blocking poll or read returns EINTR */
    for (size_t i = 0; i < sizeof(stop_signals) / sizeof(stop_signals[0]); i++)
        sigaction(stop_signals[i], &sa, NULL);
}

void run_opts_default(run_opts *o)
{
    memset(o, 0, sizeof(*o));
    o->latency = o->jitter = o->backpressure = o->seed = o->watchdog = o->rand_reset = -1;
    o->progress = -1;
    o->argv0 = "texcosim";
    o->waves_max = RUN_WAVES_MAX_DEFAULT;
    o->worker_timeout = RUN_WORKER_TIMEOUT_DEFAULT;
}

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A vector to run again (--rerun-failed), with the settings it ran with. */
typedef struct rerun_entry {
    char *file, *id;
    uint64_t latency, jitter, backpressure, seed, watchdog;
    int rtl_only;
    int matched;              /* found again in its file */
} rerun_entry;

/* Settings of one vector: default, then the vector's "tb", then the
 * settings recorded in a results file (--rerun-failed), then the command
 * line. */
static void vector_config(const run_opts *o, const tx_vector *v, const rerun_entry *re,
                          ls_config *c)
{
    ls_config_default(c);
#define PICK(field, vfield, ofield)                                          \
    do {                                                                     \
        if (v->tb.vfield != VEC_UNSET)                                       \
            c->field = (uint64_t)v->tb.vfield;                               \
        if (re)                                                              \
            c->field = re->ofield;                                           \
        if (o->ofield >= 0)                                                  \
            c->field = (uint64_t)o->ofield;                                  \
    } while (0)
    PICK(mem_latency, mem_latency, latency);
    PICK(mem_jitter, mem_jitter, jitter);
    PICK(backpressure, backpressure, backpressure);
    PICK(seed, seed, seed);
    PICK(watchdog, watchdog, watchdog);
#undef PICK
    c->rtl_only = o->rtl_only || (re && re->rtl_only);
    c->mem_ooo = o->mem_ooo;   /* warps: --mem-order ooo */
    if (o->rand_reset >= 0) {
        /* One seed per vector, from SEED and the vector alone: the same
         * with any -j, shard or file order, and in the reproduce command. */
        uint64_t h = shard_hash(v->file, v->id) ^ ((uint64_t)o->rand_reset * 0x9e3779b97f4a7c15ull);
        c->rand_reset = o->rand_reset;
        c->rand_seed = (uint32_t)(h ^ (h >> 32));
    }
}

/* What went wrong in a vector, for the report. */
enum fail_kind { FAIL_NONE, FAIL_RTL, FAIL_EXPECT, FAIL_HANG, FAIL_SETUP, FAIL_UNIMPL,
                 FAIL_STOPPED };

typedef struct vec_result {
    enum fail_kind kind;
    int step;
    long steps_run;
    uint64_t cycles;
    uint64_t cycle0;          /* lockstep cycle count at the vector's first reset */
} vec_result;

static int load_states(lockstep *ls, const tx_vector *v, vec_error *err)
{
    if (vec_apply(v, ls->model, err) < 0 || vec_apply(v, ls->rtl, err) < 0)
        return -1;
    ls_ready(ls);
    return 0;
}

/* Run one vector; *res says how it ended.  `want` is scratch space. */
static int run_vector(lockstep *ls, const ls_config *cfg, const tx_vector *v, ls_outcome *out,
                      tx_effects *want, vec_result *res, vec_error *err)
{
    memset(res, 0, sizeof(*res));
    res->step = -1;
    res->cycle0 = ls->total_cycles;   /* cycles are reported from here (docs/regression.md) */
    ls_begin(ls, cfg);
    if (load_states(ls, v, err) < 0) {
        res->kind = FAIL_SETUP;
        return -1;
    }
    for (int i = 0; i < v->nsteps; i++) {
        const vec_step *st = &v->steps[i];
        if (stop_sig) {
            res->kind = FAIL_STOPPED;   /* interrupted: the vector is abandoned */
            return -1;
        }
        ls_moves(ls, st->pre, st->npre);
        int nd = ls_step(ls, st->word, st->ctrl, out);
        ls_moves(ls, st->post, st->npost);
        res->steps_run++;
        res->cycles += out->cycles;
        if (out->timed_out) {
            res->kind = FAIL_HANG;
            res->step = i;
            return 1;
        }
        if (nd) {
            res->kind = FAIL_RTL;
            res->step = i;
            return 1;
        }
        if (!cfg->rtl_only && out->model.status == TX_ST_UNIMPL) {
            /* Both sides agree on UNIMPL (a hang or a disagreement was
             * caught above), but a pass would be a lie: the vector needs
             * an instruction texcosim does not model yet. */
            char text[256];
            tx_insn in;
            tx_decode(st->word, st->ctrl, &in);
            tx_disasm(st->word, st->ctrl, text, sizeof(text));
            snprintf(err->text, sizeof(err->text),
                     "%s:%ld: vector '%s': steps[%d]: %s is not implemented by texcosim yet (%s)",
                     v->file, v->line, v->id, i, tx_op_name(in.op), text);
            res->kind = FAIL_UNIMPL;
            res->step = i;
            return -1;
        }
        if (st->has_expect && !cfg->rtl_only) {
            expect_effects(&st->expect, &out->model, want);
            if (fx_diff_count(want, &out->model)) {
                res->kind = FAIL_EXPECT;
                res->step = i;
                return 1;
            }
        }
    }
    return 0;
}

static void print_step_header(FILE *f, const tx_vector *v, int step)
{
    const vec_step *st = &v->steps[step];
    char text[256];
    tx_disasm(st->word, st->ctrl, text, sizeof(text));
    fprintf(f, "  step %d: %s\n", step, st->text ? st->text : text);
    fprintf(f, "  word 0x%016" PRIx64 "  ctrl 0x%06" PRIx32 "  (%s)\n", st->word, st->ctrl, text);
}

/* Replay the failing vector with taps on and report the first stage whose
 * per-lane values differ from the model's. */
static int report_stage(FILE *f, lockstep *ls, const ls_config *cfg, const tx_vector *v,
                        int fail_step, ls_outcome *out, int *div_lane)
{
    ls_config c = *cfg;
    vec_error err;
    c.capture_taps = 1;
    *div_lane = -1;
    ls_begin(ls, &c);
    if (load_states(ls, v, &err) < 0)
        return -2;
    for (int i = 0; i <= fail_step; i++) {
        ls_moves(ls, v->steps[i].pre, v->steps[i].npre);
        ls_step(ls, v->steps[i].word, v->steps[i].ctrl, out);
        ls_moves(ls, v->steps[i].post, v->steps[i].npost);
    }
    int lane;
    int st = taps_first_divergence(&out->model.taps, &out->rtl.taps, &lane);
    if (st < 0) {
        fprintf(f, "  stages: every tap (gather..filter) agrees; the difference is in %s\n",
                tx_stage_name(TX_TAP_PACK));
        return -1;
    }
    fprintf(f, "  first diverging stage: %s (lane %d)\n", tx_stage_name(st), lane);
    taps_print(f, st, lane, &out->model.taps, &out->rtl.taps);
    *div_lane = lane;
    return st;
}

static void print_reproduce(FILE *f, const run_opts *o, const tx_vector *v, const ls_config *c)
{
    char cmd[1024];
    reproduce_cmd(cmd, sizeof(cmd), o, v->file, v->id, NULL, 1, c);
    fprintf(f, "  reproduce: %s\n", cmd);
}

static const char *fail_what(enum fail_kind k)
{
    return k == FAIL_RTL    ? "MISMATCH (rtl vs model)"
           : k == FAIL_HANG ? "HANG (rtl never completed)"
                            : "MISMATCH (model vs expected results in the vector)";
}

/*
 * The failure report of one vector: where, what, the differences, the first
 * diverging stage and the reproduce command.  This is the one place a
 * failure is reported; it runs in the process that ran the vector (a worker,
 * or the runner itself with -j 1), writing into `f`, and the runner prints
 * the text and stores it in the results file and the JUnit XML.
 */
static char *xstrdup(const char *s);

static void report_failure(FILE *f, const run_opts *o, lockstep *ls, const ls_config *cfg,
                           const tx_vector *v, const vec_result *res, ls_outcome *out,
                           tx_effects *want, res_record *rec)
{
    const char *what = fail_what(res->kind);
    const vec_step *st = &v->steps[res->step];
    static tri_failure tf;   /* large; one failure is described at a time */
    char sig[256];
    /* Cycles count from the vector's first reset cycle (cycle 0; the first
     * issue is cycle 2), as in its wave trace (t = 2N): the same whatever
     * ran before it in this process (-j, shards, file order). */
    uint64_t issue = out->issue_cycle - res->cycle0;
    fprintf(f, "%s:%ld: vector '%s': %s\n", v->file, v->line, v->id, what);
    print_step_header(f, v, res->step);
    if (res->kind == FAIL_HANG) {
        tri_begin(&tf, "hang", st->word, st->ctrl, res->step);
        tf.issue_cycle = (int64_t)issue;
        fprintf(f, "  the watchdog fired after %" PRIu64 " cycles without done_valid_o\n",
                cfg->watchdog);
        fprintf(f, "  cycles %" PRIu64 " .. %" PRIu64 " (no done_valid_o)\n", issue,
                issue + cfg->watchdog - 1);
    } else if (res->kind == FAIL_RTL) {
        int lane;
        tri_begin(&tf, "rtl-mismatch", st->word, st->ctrl, res->step);
        tf.issue_cycle = (int64_t)issue;
        tf.done_cycle = (int64_t)(out->done_cycle - res->cycle0);
        fprintf(f, "  cycles %" PRIu64 " .. %" PRId64 "\n", issue, tf.done_cycle);
        fx_diff_print(f, &out->model, &out->rtl, "model", "rtl", 8);
        int stage = report_stage(f, ls, cfg, v, res->step, out, &lane);
        if (stage >= -1) {
            /* The replay captured both sides' taps (its effects are the
             * run's: the memory timing is seeded). */
            tf.stage = stage >= 0 ? stage : TX_TAP_PACK;
            tf.lane = lane;
            tri_diff(&tf, &out->model, &out->rtl, &out->model.taps, &out->rtl.taps);
            if (tf.lane < 0)   /* pack: the first lane whose registers differ */
                for (int i = 0; i < tf.n && tf.lane < 0; i++)
                    tf.lane = tf.mis[i].lane;
        } else {
            tri_diff(&tf, &out->model, &out->rtl, NULL, NULL);
        }
    } else {
        tri_begin(&tf, "expect-mismatch", st->word, st->ctrl, res->step);
        tf.want_side = "expected";
        tf.got_side = "model";
        tf.issue_cycle = (int64_t)issue;
        tf.done_cycle = (int64_t)(out->done_cycle - res->cycle0);
        expect_effects(&v->steps[res->step].expect, &out->model, want);
        fx_diff_print(f, want, &out->model, "expected", "model", 8);
        tri_diff(&tf, want, &out->model, NULL, NULL);
    }
    /* Waves are the runner's to write (run_waves): it knows the buckets. */
    print_reproduce(f, o, v, cfg);
    tri_signature(&tf, sig, sizeof(sig));
    rec->signature = xstrdup(sig);
    tri_symptom(&tf, sig, sizeof(sig));
    rec->symptom = sig[0] ? xstrdup(sig) : NULL;
    rec->failure = tri_json(&tf);
}


/* ---------------------------------------------------------------------------
 * Running one vector into a result record.
 */

static char *xstrdup(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* A worker process of a parallel run and what it has sent so far. */
typedef struct worker {
    pid_t pid;
    int fd;                   /* read end of its pipe */
    char *buf;                /* bytes received, not yet taken as lines */
    size_t len, cap;
    int eof;
    res_record rec;           /* the last record taken */
} worker;

/* The runner: options, the simulator, the workers and the outputs. */
typedef struct runner {
    const run_opts *o;
    lockstep *ls;
    ls_outcome *out;
    tx_effects *want;
    int jobs;
    worker *w;
    res_summary sum;
    res_out files;
    int out_failed;           /* the results file could not be written */
    int status;               /* exit status so far */
    int pass_lines, progress, drawn;
    long done, total, nfail, nerr;
    double t0, last_draw;
    char shard[32];           /* "I/N" or "" */
    rerun_entry *rr;          /* sorted by (file, id) */
    int nrr;
    long selected;            /* vectors the selection matched (before --shard) */
    /* --- triage (D2): buckets, --max-fail, --waves-max, the last-run file --- */
    tri_buckets tri;
    long waves_written;
    int waves_failed;         /* a wave file could not be written: no more are
                                 tried, and the run ends with status 2 */
    int stop_early;           /* --max-fail reached: nothing more is issued */
    const tx_vector *cur_v;   /* -j 1: the vector of the record being emitted */
    lastrun *last;            /* failures and their waves, for `texcosim wave` */
} runner;

static void fill_identity(runner *R, const tx_vector *v, const ls_config *cfg, res_record *rec)
{
    char cmd[1024];
    memset(rec, 0, sizeof(*rec));
    rec->type = RES_VECTOR;
    rec->file = xstrdup(v->file);
    rec->id = xstrdup(v->id);
    rec->line = v->line;
    rec->index = v->index;
    rec->step = -1;
    rec->nsteps = v->nsteps;
    rec->latency = cfg->mem_latency;
    rec->jitter = cfg->mem_jitter;
    rec->backpressure = cfg->backpressure;
    rec->seed = cfg->seed;
    rec->watchdog = cfg->watchdog;
    rec->rtl_only = cfg->rtl_only;
    rec->shard = R->shard[0] ? xstrdup(R->shard) : NULL;
    reproduce_cmd(cmd, sizeof(cmd), R->o, v->file, v->id, NULL, 1, cfg);
    rec->reproduce = xstrdup(cmd);
}

/* Run v in this process and describe the outcome in *rec.  Returns 0, or -1
 * when an interrupt abandoned the vector (*rec is then empty). */
static int run_one(runner *R, const tx_vector *v, const ls_config *cfg, res_record *rec)
{
    lockstep *ls = R->ls;
    vec_result res;
    vec_error err;
    uint64_t c0 = ls->total_cycles, r0 = ls->ns_rtl, m0 = ls->ns_model, k0 = ls->ns_compare;
    uint64_t hl0, hh0, hl1, hh1;
    sim_hcache(ls->sim, &hl0, &hh0);
    double t0 = now_sec();
    char msg[768];

    fill_identity(R, v, cfg, rec);
    int vr = run_vector(ls, cfg, v, R->out, R->want, &res, &err);
    rec->steps = res.steps_run;
    rec->cycles = res.cycles;
    if (vr < 0 && res.kind == FAIL_STOPPED) {
        res_clear(rec);
        return -1;
    }
    if (vr < 0) {
        rec->status = RES_ERRORED;
        rec->kind = xstrdup(res.kind == FAIL_UNIMPL ? "unimplemented" : "setup");
        rec->message = xstrdup(err.text);
        rec->step = -1;
    } else if (vr == 0) {
        rec->status = RES_PASS;
        rec->kind = xstrdup("pass");
        rec->message = xstrdup("");
    } else {
        const vec_step *st = &v->steps[res.step];
        char text[256];
        char *buf = NULL;
        size_t len = 0;
        FILE *mf = open_memstream(&buf, &len);
        rec->status = res.kind == FAIL_HANG ? RES_HANG : RES_FAIL;
        rec->kind = xstrdup(res.kind == FAIL_RTL ? "rtl-mismatch"
                            : res.kind == FAIL_HANG ? "hang" : "expect-mismatch");
        rec->step = res.step;
        tx_disasm(st->word, st->ctrl, text, sizeof(text));
        snprintf(msg, sizeof(msg), "%s at step %d: %s", fail_what(res.kind), res.step,
                 st->text ? st->text : text);
        rec->message = xstrdup(msg);
        if (mf) {
            report_failure(mf, R->o, ls, cfg, v, &res, R->out, R->want, rec);
            fclose(mf);
            rec->report = buf;
        }
    }
    rec->sim_cycles = ls->total_cycles - c0;
    sim_hcache(ls->sim, &hl1, &hh1);
    rec->hc_lookups = hl1 - hl0;
    rec->hc_hits = hh1 - hh0;
    rec->rtl_s = (ls->ns_rtl - r0) * 1e-9;
    rec->model_s = (ls->ns_model - m0) * 1e-9;
    rec->compare_s = (ls->ns_compare - k0) * 1e-9;
    rec->seconds = now_sec() - t0;
    return 0;
}

/* ---------------------------------------------------------------------------
 * Output of records, in order.
 */

static void progress_clear(runner *R)
{
    if (R->drawn) {
        fputs("\r\033[K", stdout);
        R->drawn = 0;
    }
}

static void progress_draw(runner *R, int force)
{
    if (!R->progress)
        return;
    double now = now_sec();
    if (!force && now - R->last_draw < 0.1)
        return;
    R->last_draw = now;
    long el = (long)(now - R->t0);
    char total[32] = "";
    if (R->total > 0)
        snprintf(total, sizeof(total), "/%s%ld", R->o->shard.count > 1 ? "~" : "", R->total);
    printf("\r[%ld%s] %ld failed, %ld errors, %ld:%02ld elapsed, %d worker%s\033[K", R->done,
           total, R->nfail, R->nerr, el / 60, el % 60, R->jobs, R->jobs > 1 ? "s" : "");
    fflush(stdout);
    R->drawn = 1;
}

/* ---------------------------------------------------------------------------
 * Triage of a failing record, in the runner and in run order (so the same
 * for any -j): its bucket, and waves for the failures printed in full
 * (each bucket's first, or every one with --all-reports) until --waves-max
 * pairs are written.  The runner writes the waves itself: a worker cannot
 * know whether its failure opens a bucket.  It reads the vector again from
 * its file (with -j 1 it has it at hand) and replays it on a simulator of
 * its own (wave_capture).
 */
static rerun_entry *rr_find(runner *R, const char *file, const char *id);

/* Put `lines` into the report before its "  reproduce:" line. */
static void report_insert(res_record *r, const char *lines)
{
    const char *rep = r->report ? strstr(r->report, "  reproduce: ") : NULL;
    size_t at = rep ? (size_t)(rep - r->report) : (r->report ? strlen(r->report) : 0);
    size_t a = r->report ? strlen(r->report) : 0, b = strlen(lines);
    char *n = malloc(a + b + 1);
    if (!n)
        return;
    memcpy(n, r->report ? r->report : "", at);
    memcpy(n + at, lines, b);
    memcpy(n + at + b, r->report ? r->report + at : "", a - at + 1);
    free(r->report);
    r->report = n;
}

/* The vector of record r, read again from its file (the same line). */
static const tx_vector *refetch(const res_record *r, vec_reader **rdp, char *err, size_t n)
{
    vec_error e;
    const tx_vector *v;
    vec_reader *rd = vec_open(r->file, &e);
    *rdp = NULL;
    if (!rd) {
        snprintf(err, n, "%s", e.text);
        return NULL;
    }
    while (vec_next(rd, &v, &e) == 1)
        if (v->line == r->line && !strcmp(v->id, r->id)) {
            *rdp = rd;
            return v;
        }
    vec_close(rd);
    snprintf(err, n, "vector '%s' is no longer at %s:%ld", r->id, r->file, r->line);
    return NULL;
}

/* run --warps: the waves of r's failure come from its whole group (a solo
 * replay of the vector may not fail), read again from r's file in warp
 * order and run by interleave.c. */
/* Close the whole-run trace; 0, or -1 (message printed, file removed) when
 * it could not be written completely. */
static int close_run_trace(runner *R)
{
    const char *path = R->o->fst;
    char hier[4096];
    sim_trace_close(R->ls->sim);
    catch_sigbus(0);
    if (!trace_bus_error && wave_trace_readable(path))
        return 0;
    fprintf(stderr, "texcosim: cannot write the trace %s%s\n", path,
            trace_bus_error ? ": No space left on device (or a file-size limit)"
                            : " completely (it cannot be read back)");
    remove(path);
    snprintf(hier, sizeof(hier), "%s.hier", path);
    remove(hier);
    return -1;
}

static void waves_write_failed(runner *R, const char *why);

static void group_waves(runner *R, res_record *r, FILE *f)
{
    const run_opts *o = R->o;
    tx_vector *g[WP_MAX] = {NULL};
    ls_config cfg[WP_MAX];
    int n = 0, target = il_group_index(r->group, r->id);
    vec_error e;
    const tx_vector *v;
    vec_reader *rd = vec_open(r->file, &e);

    for (const char *p = r->group; *p; p++)
        n += *p == ',';
    n++;
    if (!rd) {
        fprintf(f, "  waves: not written: %s\n", e.text);
        return;
    }
    if (target < 0 || n > WP_MAX) {
        fprintf(f, "  waves: not written: bad group '%s'\n", r->group);
        vec_close(rd);
        return;
    }
    while (vec_next(rd, &v, &e) == 1) {
        int k = il_group_index(r->group, v->id);
        if (k < 0 || g[k])
            continue;
        if (!(g[k] = vec_clone(v)))
            break;
        vector_config(o, g[k], o->rerun ? rr_find(R, v->file, v->id) : NULL, &cfg[k]);
    }
    vec_close(rd);
    int whole = 1;
    for (int i = 0; i < n; i++)
        whole &= g[i] != NULL;
    if (!whole) {
        fprintf(f, "  waves: not written: the group's vectors are no longer all in %s\n",
                r->file);
    } else {
        /* It leaves both names NULL when it writes nothing. */
        if (il_waves(o, &stop_sig, n, g, cfg, target, f, &r->wave_fst, &r->wave_gtkw) == -2)
            waves_write_failed(R, "the waves of a warp group could not be written");
    }
    for (int i = 0; i < n; i++)
        vec_clone_free(g[i]);
}

/* A wave file could not be written (a full disk, a file-size limit): an
 * output error like a results file that cannot be written.  Said once on
 * standard error; the run goes on without waves, keeps its results and
 * JUnit, and exits 2. */
static void waves_write_failed(runner *R, const char *why)
{
    if (R->waves_failed)
        return;
    R->waves_failed = 1;
    fprintf(stderr, "texcosim: %s; no more waves are written and the run will exit with "
            "status 2\n", why);
}

static void run_waves(runner *R, res_record *r)
{
    const run_opts *o = R->o;
    vec_reader *rd = NULL;
    const tx_vector *v = R->cur_v;
    char err[512] = "", *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    if (r->group) {
        group_waves(R, r, f);
        v = NULL;
    } else if (!v || strcmp(v->id, r->id) || strcmp(v->file, r->file))
        v = refetch(r, &rd, err, sizeof(err));
    if (r->group) {
        /* written above */
    } else if (v && r->step >= 0 && r->step < v->nsteps) {
        ls_config cfg;
        wave_opts wo;
        wave_info wi;
        vector_config(o, v, o->rerun ? rr_find(R, v->file, v->id) : NULL, &cfg);
        wave_opts_default(&wo);
        wo.out_dir = o->waves_dir;
        if (wave_capture(&cfg, v, r->step, &wo, &wi, err, sizeof(err)) == 0) {
            wave_print(f, &wi, o->argv0);
            free(r->wave_fst);
            free(r->wave_gtkw);
            r->wave_fst = xstrdup(wi.fst);
            r->wave_gtkw = xstrdup(wi.gtkw);
        } else {
            fprintf(f, "  waves: not written: %s\n", err);
            if (wi.write_failed)
                waves_write_failed(R, err);
        }
    } else {
        fprintf(f, "  waves: not written: %s\n", err[0] ? err : "no failing step");
    }
    if (rd)
        vec_close(rd);
    if (fclose(f) == 0 && text)
        report_insert(r, text);
    free(text);
}

/* Bucket r; write its waves when it is printed in full and the budget
 * allows.  Returns whether r opens its bucket. */
static int triage_record(runner *R, res_record *r)
{
    const run_opts *o = R->o;
    int first = 0;
    r->bucket = tri_add(&R->tri, r, &first);
    int rtl = r->status == RES_HANG || (r->kind && !strcmp(r->kind, "rtl-mismatch"));
    if (rtl && !o->no_waves && tri_full(&R->tri, first)) {
        if (R->waves_failed) {
            report_insert(r, "  waves: not written (an earlier wave file could not be "
                             "written; the reproduce command writes them)\n");
        } else if (R->waves_written < o->waves_max) {
            run_waves(R, r);
            if (r->wave_gtkw) {
                R->waves_written++;
                tri_set_waves(&R->tri, r->bucket, r->wave_gtkw);
            }
        } else {
            char line[200];
            snprintf(line, sizeof(line), "  waves: not written (--waves-max %ld reached; the "
                     "reproduce command writes them)\n", o->waves_max);
            report_insert(r, line);
        }
    }
    lastrun_add(R->last, r->file, r->id, r->bucket, r->wave_fst, r->wave_gtkw);
    if (o->max_fail > 0 && R->nfail + 1 >= o->max_fail)
        R->stop_early = 1;   /* this is the last failure the run takes */
    return first;
}

static void emit(runner *R, res_record *r)
{
    char err[512];
    int first = 0;
    if (r->type == RES_VECTOR && (r->status == RES_FAIL || r->status == RES_HANG))
        first = triage_record(R, r);
    res_summary_add(&R->sum, r);
    if (!R->out_failed && res_out_write(&R->files, r, err, sizeof(err)) < 0) {
        fprintf(stderr, "texcosim: %s\n", err);
        R->out_failed = 1;
        R->status = 2;
    }
    progress_clear(R);
    if (r->type == RES_ERROR) {
        R->nerr++;
        R->status = 2;
        fflush(stdout);
        fprintf(stderr, "%s\n", r->message ? r->message : "error");
    } else {
        R->done++;
        if (r->status == RES_PASS) {
            if (R->pass_lines)
                printf("%sPASS%s %s %s (%ld steps, %" PRIu64 " cycles)\n",
                       cli_sgr(stdout, CLI_GREEN), cli_sgr(stdout, CLI_RESET), r->file, r->id,
                       r->nsteps, r->cycles);
        } else if (r->status == RES_ERRORED) {
            R->nerr++;
            R->status = 2;
            printf("%sERROR%s %s %s\n", cli_sgr(stdout, CLI_RED), cli_sgr(stdout, CLI_RESET),
                   r->file, r->id);
            fflush(stdout);
            fprintf(stderr, "%s\n", r->message ? r->message : "error");
        } else {
            R->nfail++;
            if (R->status == 0)
                R->status = 1;
            tri_print(stdout, &R->tri, r, r->bucket, first);   /* FAIL line, report */
        }
    }
    progress_draw(R, 0);
}

/* ---------------------------------------------------------------------------
 * --rerun-failed: the vectors to run again.
 */

static int rr_cmp(const void *a, const void *b)
{
    const rerun_entry *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : strcmp(x->id, y->id);
}

static rerun_entry *rr_find(runner *R, const char *file, const char *id)
{
    rerun_entry key;
    key.file = (char *)file;
    key.id = (char *)id;
    return R->nrr ? bsearch(&key, R->rr, (size_t)R->nrr, sizeof(key), rr_cmp) : NULL;
}

static int add_name(char ***list, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp((*list)[i], name))
            return 0;
    char **l = realloc(*list, (size_t)(*n + 1) * sizeof(char *));
    if (!l)
        return -1;
    *list = l;
    if (!(l[*n] = strdup(name)))
        return -1;
    (*n)++;
    return 0;
}

/* Load the failed, hung and errored vectors of a results file; *files gets
 * the vector files they come from (and files with input errors), in order. */
static int rr_load(runner *R, const char *path, char ***files, int *nfiles)
{
    char err[600];
    const res_record *r;
    int n, cap = 0;
    res_reader *rd = res_open(path, err, sizeof(err));
    if (!rd) {
        fprintf(stderr, "texcosim: --rerun-failed: %s\n", err);
        return -1;
    }
    while ((n = res_next(rd, &r, err, sizeof(err))) == 1) {
        if (r->type == RES_RUN || !r->file)
            continue;
        if (r->type == RES_VECTOR && r->status == RES_PASS)
            continue;
        if (add_name(files, nfiles, r->file) < 0)
            goto oom;
        if (r->type != RES_VECTOR)
            continue;   /* an input error: the file is read again, that is all */
        if (R->nrr == cap) {
            cap = cap ? 2 * cap : 64;
            rerun_entry *e = realloc(R->rr, (size_t)cap * sizeof(*e));
            if (!e)
                goto oom;
            R->rr = e;
        }
        rerun_entry *e = &R->rr[R->nrr];
        memset(e, 0, sizeof(*e));
        e->file = strdup(r->file);
        e->id = strdup(r->id);
        if (!e->file || !e->id)
            goto oom;
        e->latency = r->latency ? r->latency : 1;
        e->jitter = r->jitter;
        e->backpressure = r->backpressure;
        e->seed = r->seed;
        e->watchdog = r->watchdog ? r->watchdog : 20000;
        e->rtl_only = r->rtl_only;
        R->nrr++;
    }
    res_close(rd);
    if (n < 0) {
        fprintf(stderr, "texcosim: --rerun-failed: %s\n", err);
        return -1;
    }
    if (R->nrr > 1)
        qsort(R->rr, (size_t)R->nrr, sizeof(R->rr[0]), rr_cmp);
    return 0;
oom:
    res_close(rd);
    fprintf(stderr, "texcosim: --rerun-failed: out of memory\n");
    return -1;
}

/* ---------------------------------------------------------------------------
 * The run.
 */

/* Non-blank lines of a file: the number of vectors, for the progress line. */
static long count_lines(const char *path)
{
    FILE *f = fopen(strcmp(path, "-") || !vec_stdin_path() ? path : vec_stdin_path(), "r");
    char buf[65536];
    long n = 0;
    int seen = 0;
    size_t got;
    if (!f)
        return 0;
    while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
        for (size_t i = 0; i < got; i++) {
            if (buf[i] == '\n') {
                n += seen;
                seen = 0;
            } else if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') {
                seen = 1;
            }
        }
    fclose(f);
    return n + seen;
}

static int online_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/*
 * Hand a record over: a worker sends it to the runner (`wire`), the runner
 * itself (-j 1) prints and saves it.  Either way the record is consumed.
 */
static void deliver(runner *R, FILE *wire, res_record *rec, long seq)
{
    if (wire) {
        rec->seq = seq;
        if (res_write(wire, rec, 1) < 0 || fflush(wire) != 0)
            _exit(3);   /* the runner is gone */
    } else {
        emit(R, rec);
    }
    res_clear(rec);
}

static void deliver_error(runner *R, FILE *wire, long seq, const char *kind, const char *file,
                          const char *id, long line, const char *message)
{
    res_record rec;
    memset(&rec, 0, sizeof(rec));
    rec.type = RES_ERROR;
    rec.status = RES_ERRORED;
    rec.step = -1;
    rec.kind = xstrdup(kind);
    rec.file = xstrdup(file);
    rec.id = id && *id ? xstrdup(id) : NULL;
    rec.line = line;
    rec.message = xstrdup(message);
    rec.shard = R->shard[0] ? xstrdup(R->shard) : NULL;
    deliver(R, wire, &rec, seq);
}

/* ---- warps: interleave.c hands its records over through deliver() ---- */
typedef struct il_wire {
    runner *R;
    FILE *wire;
} il_wire;

static void il_deliver(void *user, res_record *rec, long seq)
{
    il_wire *w = user;
    deliver(w->R, w->wire, rec, seq);
}
/* ---- end of warps ---- */

/*
 * Read every file and run the selected vectors whose ordinal (among the
 * selected vectors of the whole run) is `me` modulo `k`.  The runner itself
 * calls it with k = 1; worker `me` of k calls it with its pipe as `wire`.
 * Input errors are delivered by every worker, at the same ordinal, so that
 * the runner can put them in place and take one copy.  A worker ends with
 * a "run" line carrying the time it spent reading vectors.
 */
static void scan(runner *R, int nfiles, char **files, int k, int me, FILE *wire)
{
    const run_opts *o = R->o;
    long seq = 0, selected = 0;
    double parse = 0;
    /* ---- warps: run --warps K groups the vectors (tb/run/interleave.c) ---- */
    il_wire W = {R, wire};
    il_ctx *il = o->warps > 1 ? il_new(o, R->ls, R->shard, &stop_sig, il_deliver, &W) : NULL;
    /* --group: which of its ids some vector has (each process scans every
     * vector, so worker 0, or the runner with -j 1, can name the others). */
    unsigned char gseen[256] = {0};
    if (o->warps > 1 && !il)
        fprintf(stderr, "texcosim: out of memory for --warps: one vector at a time\n");
    for (int fi = 0; fi < nfiles && !stop_sig && !R->stop_early; fi++) {
        const char *path = files[fi];
        vec_error err;
        double t = now_sec();
        vec_reader *r = vec_open(path, &err);
        parse += now_sec() - t;
        if (!r) {
            deliver_error(R, wire, seq, "input", path, NULL, 0, err.text);
            continue;
        }
        const tx_vector *v;
        int rc;
        for (;;) {
            if (stop_sig || R->stop_early) {
                rc = 2;   /* interrupted, or --max-fail reached: stop reading */
                break;
            }
            t = now_sec();
            rc = vec_next(r, &v, &err);
            parse += now_sec() - t;
            if (rc != 1)
                break;
            if (o->only_id && strcmp(o->only_id, v->id) != 0)
                continue;
            if (o->sel && !sel_match(o->sel, v->id, v->tags, v->ntags))
                continue;   /* --vector globs, --tag, -k (select.c) */
            if (o->group) {   /* warps: --group */
                int gi = il_group_index(o->group, v->id);
                if (gi < 0)
                    continue;
                if (gi < (int)sizeof(gseen))
                    gseen[gi] = 1;
            }
            rerun_entry *re = NULL;
            if (o->rerun && !(re = rr_find(R, v->file, v->id)))
                continue;
            selected++;
            if (!shard_selects(&o->shard, v->file, v->id))
                continue;
            if (re)
                re->matched = 1;
            if (seq++ % k != me)
                continue;
            ls_config cfg;
            res_record rec;
            vector_config(o, v, re, &cfg);
            if (il) {   /* warps: K vectors per simulation (tb/run/interleave.c) */
                il_add(il, v, &cfg, seq - 1);
                continue;
            }
            if (run_one(R, v, &cfg, &rec) < 0)
                continue;   /* abandoned; the loop ends above */
            R->cur_v = wire ? NULL : v;   /* the runner's waves replay it (run_waves) */
            deliver(R, wire, &rec, seq - 1);
            R->cur_v = NULL;
        }
        if (il)
            il_flush(il);   /* warps: groups never span files or error lines */
        if (rc < 0)
            deliver_error(R, wire, seq, "input", path, err.id, err.line, err.text);
        vec_close(r);
        if (rc == 0 && o->rerun)
            for (int i = 0; i < R->nrr; i++)
                if (!R->rr[i].matched && !strcmp(R->rr[i].file, path) &&
                    shard_selects(&o->shard, path, R->rr[i].id)) {
                    char msg[700];
                    snprintf(msg, sizeof(msg),
                             "%s: vector '%s' (listed in %s) is no longer in the file", path,
                             R->rr[i].id, o->rerun);
                    deliver_error(R, wire, seq, "rerun", path, R->rr[i].id, 0, msg);
                }
    }
    il_free(il);
    if (o->group && me == 0 && !stop_sig && !R->stop_early) {
        /* An id of --group that no vector has would silently shrink the
         * group: say so (the run goes on with the others). */
        int gi = 0;
        for (const char *p = o->group; *p && gi < (int)sizeof(gseen); gi++) {
            const char *q = strchr(p, ',');
            int len = q ? (int)(q - p) : (int)strlen(p);
            if (!gseen[gi])
                fprintf(stderr, "texcosim run: warning: --group: no vector of the given files "
                        "has the id '%.*s'\n", len, p);
            if (!q)
                break;
            p = q + 1;
        }
    }
    if (wire) {
        res_record end;
        memset(&end, 0, sizeof(end));
        end.type = RES_RUN;
        end.wall = parse;
        end.selected = selected;
        deliver(R, wire, &end, seq);
    } else {
        R->sum.parse_s += parse;
        R->selected = selected;
    }
}

/* ---------------------------------------------------------------------------
 * The runner side of a parallel run.
 */

/* Take the next record of worker w into w->rec: 1, 0 when the worker has
 * ended (closed its pipe) without sending one, -1 on an interrupt, -2 when
 * it sent nothing for --worker-timeout seconds. */
static int next_record(runner *R, worker *w)
{
    double t0 = now_sec(), limit = (double)R->o->worker_timeout;
    for (;;) {
        if (stop_sig)
            return -1;
        char *nl = w->len ? memchr(w->buf, '\n', w->len) : NULL;
        if (nl) {
            char why[256];
            *nl = 0;
            res_clear(&w->rec);
            int ok = res_parse(w->buf, &w->rec, why, sizeof(why)) == 0;
            size_t used = (size_t)(nl + 1 - w->buf);
            memmove(w->buf, nl + 1, w->len - used);
            w->len -= used;
            if (ok)
                return 1;
            fprintf(stderr, "texcosim: unreadable result from worker %ld: %s\n", (long)w->pid, why);
            continue;
        }
        if (w->eof)
            return 0;
        if (w->cap - w->len < 4096) {
            size_t cap = w->cap ? 2 * w->cap : 65536;
            char *b = realloc(w->buf, cap);
            if (!b)
                return 0;
            w->buf = b;
            w->cap = cap;
        }
        struct pollfd pf = {.fd = w->fd, .events = POLLIN, .revents = 0};
        int wait_ms = R->progress ? 250 : -1;
        if (limit > 0) {
            double left = t0 + limit - now_sec();
            if (left <= 0)
                return -2;
            if (wait_ms < 0 || left * 1000 < wait_ms)
                wait_ms = (int)(left * 1000) + 1;
        }
        int pr = poll(&pf, 1, wait_ms);
        if (pr == 0) {
            progress_draw(R, 0);
            continue;
        }
        if (pr < 0)
            continue;   /* EINTR: a signal; stop_sig is checked above */
        ssize_t got = read(w->fd, w->buf + w->len, w->cap - w->len);
        if (got > 0)
            w->len += (size_t)got;
        else if (got == 0 || (errno != EINTR && errno != EAGAIN))
            w->eof = 1;
    }
}

/* Why worker w ended early, for the message. */
static void worker_death(worker *w, char *buf, size_t n)
{
    int st = 0;
    if (w->pid > 0 && waitpid(w->pid, &st, 0) == w->pid) {
        w->pid = 0;
        if (WIFSIGNALED(st)) {
            snprintf(buf, n, "died of signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
            return;
        }
        if (WIFEXITED(st) && WEXITSTATUS(st) != 0) {
            snprintf(buf, n, "exited with status %d", WEXITSTATUS(st));
            return;
        }
    }
    snprintf(buf, n, "ended without sending its results");
}

/*
 * Start k workers and put their records back in order: the vector of
 * ordinal s comes from worker s % k, and every worker sends the same error
 * lines at the same place.  The pipes hold what a worker runs ahead, so the
 * runner keeps at most one record per worker.
 */
static void run_parallel(runner *R, int nfiles, char **files)
{
    int k = R->jobs;
    sigset_t block, old;
    fflush(stdout);
    fflush(stderr);
    /* A worker must never run the runner's handler (it would remove the
     * runner's temporary files): signals stay blocked from fork() until
     * the worker has set them to ignored. */
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    live_pids = calloc((size_t)k, sizeof(pid_t));
    if (!live_pids) {
        fprintf(stderr, "texcosim: out of memory\n");
        R->status = 2;
        return;
    }
    for (int i = 0; i < k; i++) {
        int p[2];
        if (pipe(p) != 0) {
            fprintf(stderr, "texcosim: pipe: %s\n", strerror(errno));
            R->status = 2;
            k = i;
            break;
        }
        sigprocmask(SIG_BLOCK, &block, &old);
        pid_t pid = fork();
        if (pid != 0)
            sigprocmask(SIG_SETMASK, &old, NULL);
        if (pid < 0) {
            fprintf(stderr, "texcosim: fork: %s\n", strerror(errno));
            close(p[0]);
            close(p[1]);
            R->status = 2;
            k = i;
            break;
        }
        if (pid == 0) {
            /* Worker i: its own copy of the simulator, its own readers. */
            close(p[0]);
            for (int j = 0; j < i; j++)
                close(R->w[j].fd);
            signal(SIGPIPE, SIG_DFL);
            /* Interrupts are the runner's to handle: it stops the workers
             * (SIGKILL) when it has decided what to keep.  A worker whose
             * runner is gone dies of SIGPIPE at its next record. */
            signal(SIGINT, SIG_IGN);
            signal(SIGTERM, SIG_IGN);
            signal(SIGHUP, SIG_IGN);
            sigprocmask(SIG_SETMASK, &old, NULL);
            nlive_pids = 0;
            FILE *wire = fdopen(p[1], "w");
            R->ls = ls_new();
            if (!wire || !R->ls)
                _exit(3);
            scan(R, nfiles, files, R->jobs, i, wire);
            fclose(wire);
            ls_free(R->ls);   /* final(): coverage counters are written here */
            _exit(0);
        }
        close(p[1]);
        R->w[i].pid = pid;
        R->w[i].fd = p[0];
        live_pids[i] = pid;
        nlive_pids = i + 1;
    }
    if (k < R->jobs) {
        /* Not every worker started: the ordinals would have holes. */
        for (int i = 0; i < k; i++)
            kill(R->w[i].pid, SIGKILL);
        goto reap;
    }

    for (long seq = 0;;) {
        worker *w = &R->w[seq % k];
        int got = next_record(R, w);
        if (got == -1) {
            /* Interrupted: the vectors in flight are abandoned. */
            for (int i = 0; i < k; i++)
                if (R->w[i].pid > 0)
                    kill(R->w[i].pid, SIGKILL);
            break;
        }
        if (got == -2) {
            /* A worker stopped (SIGSTOP, a debugger) or stuck outside the
             * simulation, where the cycle watchdog cannot see it. */
            char msg[400];
            snprintf(msg, sizeof(msg),
                     "texcosim: worker %ld sent no result for %ld s (--worker-timeout) while "
                     "running the vector of ordinal %ld: HANG; it was killed and the run stops "
                     "here (run again with -j 1 to find the vector)",
                     (long)(seq % k), R->o->worker_timeout, seq);
            deliver_error(R, NULL, seq, "timeout", NULL, NULL, 0, msg);
            for (int i = 0; i < k; i++)
                if (R->w[i].pid > 0)
                    kill(R->w[i].pid, SIGKILL);
            break;
        }
        if (!got) {
            char why[200], msg[400];
            worker_death(w, why, sizeof(why));
            snprintf(msg, sizeof(msg),
                     "texcosim: worker %ld %s while running the vector of ordinal %ld; the run "
                     "stops here (run again with -j 1 to find the vector)",
                     (long)(seq % k), why, seq);
            deliver_error(R, NULL, seq, "crash", NULL, NULL, 0, msg);
            for (int i = 0; i < k; i++)
                if (R->w[i].pid > 0)
                    kill(R->w[i].pid, SIGKILL);
            break;
        }
        if (w->rec.type == RES_VECTOR) {
            emit(R, &w->rec);
            seq++;
            if (R->stop_early) {
                /* --max-fail: the vectors in flight are abandoned. */
                for (int i = 0; i < k; i++)
                    if (R->w[i].pid > 0)
                        kill(R->w[i].pid, SIGKILL);
                break;
            }
            continue;
        }
        /* An error line or the end: the other workers sent the same. */
        int end = w->rec.type == RES_RUN;
        if (end) {
            R->sum.parse_s += w->rec.wall;
            R->selected = w->rec.selected;
        } else {
            emit(R, &w->rec);
        }
        int late = -1;   /* a worker that timed out before its end record */
        for (int i = 0; i < k; i++) {
            if (&R->w[i] == w)
                continue;
            int g = next_record(R, &R->w[i]);
            if (g > 0 && end)
                R->sum.parse_s += R->w[i].rec.wall;
            else if (g == -2 && late < 0)
                late = i;
        }
        if (late >= 0) {
            char msg[400];
            snprintf(msg, sizeof(msg),
                     "texcosim: worker %d sent no result for %ld s (--worker-timeout) after "
                     "the vector of ordinal %ld: HANG; it was killed", late,
                     R->o->worker_timeout, seq);
            deliver_error(R, NULL, seq, "timeout", NULL, NULL, 0, msg);
            for (int i = 0; i < k; i++)
                if (R->w[i].pid > 0)
                    kill(R->w[i].pid, SIGKILL);
            break;
        }
        if (end)
            break;
    }
reap:
    for (int i = 0; i < k; i++) {
        int st;
        close(R->w[i].fd);
        if (R->w[i].pid > 0)
            while (waitpid(R->w[i].pid, &st, 0) < 0 && errno == EINTR)
                ;
        R->w[i].pid = 0;
    }
    nlive_pids = 0;
    free(live_pids);
    live_pids = NULL;
    /* The time split of the workers is summed; the parse time too. */
}

/*
 * Output paths are checked before anything runs: a folder, a socket or a
 * link to nothing is refused, and so is an output that is one of the inputs
 * (compared by device and inode, not by name) or both --results and --junit
 * naming one file.  Returns 0, or -1 after a message.
 */
static int check_outputs(const run_opts *o, int nfiles, char **files)
{
    const char *outs[3] = {o->results, o->junit, o->fst};
    const char *names[3] = {"--results", "--junit", "--fst"};
    char err[600];
    for (int i = 0; i < 3; i++) {
        if (!outs[i])
            continue;
        if (i < 2 && outfile_check(names[i], outs[i], err, sizeof(err)) < 0) {
            fprintf(stderr, "texcosim run: %s\n", err);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (outs[j] && outfile_same(outs[i], outs[j])) {
                fprintf(stderr, "texcosim run: %s and %s name the same file (%s)\n", names[j],
                        names[i], outs[i]);
                return -1;
            }
        for (int f = 0; f <= nfiles; f++) {
            const char *in = f < nfiles ? files[f] : o->rerun;
            if (in && outfile_same(outs[i], in)) {
                fprintf(stderr, "texcosim run: %s %s is also an input: refused (it would be "
                        "overwritten)\n", names[i], outs[i]);
                return -1;
            }
        }
    }
    return 0;
}

static const char *signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "signal";
}

int run_files(const run_opts *o, int nfiles, char **files)
{
    runner R0, *R = &R0;
    char **rr_files = NULL, err[600];
    int nrr_files = 0;
    time_t start = time(NULL);
    char host[256] = "", started[32];

    memset(R, 0, sizeof(*R));
    R->o = o;
    R->status = 0;
    res_summary_init(&R->sum);
    tri_buckets_init(&R->tri, o->all_reports);
    if (check_outputs(o, nfiles, files) < 0)
        return 2;
    /* "-": standard input, copied once before any worker is forked (stdin.c). */
    for (int i = 0; i < nfiles; i++)
        if (!strcmp(files[i], "-") && vec_stdin_spool(err, sizeof(err)) < 0) {
            fprintf(stderr, "texcosim run: %s\n", err);
            return 2;
        }
    R->last = lastrun_new();
    stop_sig = 0;
    catch_signals(1);
    if (o->shard.count > 0)
        snprintf(R->shard, sizeof(R->shard), "%d/%d", o->shard.index + 1, o->shard.count);

    if (o->rerun) {
        if (rr_load(R, o->rerun, &rr_files, &nrr_files) < 0) {
            R->status = 2;
            goto done;
        }
        if (nfiles == 0) {
            files = rr_files;
            nfiles = nrr_files;
        }
    }

    R->jobs = o->jobs > 0 ? o->jobs : online_cores();
    if (o->fst && R->jobs > 1) {
        if (o->jobs_given)
            fprintf(stderr, "texcosim: --fst traces one process: running with -j 1\n");
        R->jobs = 1;
    }
    const char *ci = getenv("CI");
    R->progress = o->progress >= 0 ? o->progress
                                   : (!o->quiet && isatty(STDOUT_FILENO) && !(ci && *ci));
    R->pass_lines = o->verbose || (!o->quiet && !R->progress);

    /* With -j 1 the runner simulates itself.  Parallel workers build their
     * own simulator after fork(): forking a process that already holds a
     * Verilator model (and the sanitizers' allocator state) is not safe. */
    R->ls = R->jobs == 1 ? ls_new() : NULL;
    R->out = malloc(sizeof(*R->out));
    R->want = malloc(sizeof(*R->want));
    R->w = calloc((size_t)R->jobs, sizeof(*R->w));
    if ((R->jobs == 1 && !R->ls) || !R->out || !R->want || !R->w) {
        fprintf(stderr, "texcosim: cannot create the simulator (out of memory)\n");
        R->status = 2;
        goto done;
    }
    {
        /* A memory slower than the watchdog hangs every instruction. */
        ls_config d;
        ls_config_default(&d);
        uint64_t lat = o->latency >= 0 ? (uint64_t)o->latency : d.mem_latency;
        uint64_t jit = o->jitter >= 0 ? (uint64_t)o->jitter : d.mem_jitter;
        uint64_t wd = o->watchdog >= 0 ? (uint64_t)o->watchdog : d.watchdog;
        if ((o->latency >= 0 || o->jitter >= 0 || o->watchdog >= 0) && lat + jit >= wd)
            fprintf(stderr, "texcosim run: warning: memory latency %" PRIu64 " + jitter %" PRIu64
                    " reaches the watchdog (%" PRIu64 " cycles): every instruction that reads "
                    "memory will be reported as a HANG; raise --watchdog\n", lat, jit, wd);
    }
    trace_bus_error = 0;
    if (o->fst)
        catch_sigbus(1);
    if (o->fst && sim_trace_open(R->ls->sim, o->fst) != 0) {
        fprintf(stderr, "texcosim: cannot open trace %s\n", o->fst);
        R->status = 2;
        goto done;
    }
    if (res_out_open(&R->files, o->results, o->junit, err, sizeof(err)) < 0) {
        fprintf(stderr, "texcosim: %s\n", err);
        R->status = 2;
        goto done;
    }
    if (o->shard.count > 0) {
        const char *sf = getenv("TEST_SHARD_STATUS_FILE");
        printf("shard %s (%s)\n", R->shard, o->shard.source);
        if (sf && *sf) {
            FILE *f = fopen(sf, "a");
            if (f)
                fclose(f);
        }
    }
    /* Rows in command-line order, even for files that select nothing. */
    for (int i = 0; i < nfiles; i++)
        res_summary_suite(&R->sum, files[i]);
    if (R->progress) {
        if (o->rerun)
            R->total = R->nrr;
        else if (!o->only_id && !o->sel)
            for (int i = 0; i < nfiles; i++)
                R->total += count_lines(files[i]);
        if (o->shard.count > 1)
            R->total = (R->total + o->shard.count - 1) / o->shard.count;
    }
    signal(SIGPIPE, SIG_IGN);   /* a worker that dies must not take the runner along */

    R->t0 = now_sec();
    progress_draw(R, 1);
    if (R->jobs > 1)
        run_parallel(R, nfiles, files);
    else
        scan(R, nfiles, files, 1, 0, NULL);
    progress_clear(R);

    /* The trace is closed before the run is summed up: a trace that cannot
     * be written is an output error, and the results say so. */
    if (o->fst && R->ls && sim_tracing(R->ls->sim) && close_run_trace(R) < 0 && R->status < 2)
        R->status = 2;

    int sig = stop_sig;
    if (sig) {
        char msg[256];
        snprintf(msg, sizeof(msg), "texcosim: interrupted by %s after %ld vectors; the vectors in "
                 "flight and the rest did not run", signal_name(sig), R->done);
        deliver_error(R, NULL, 0, "interrupted", NULL, NULL, 0, msg);
    } else if (R->selected == 0 && R->status == 0) {
        if (o->only_id)
            fprintf(stderr, "texcosim run: no vector selected: no vector has the id '%s'\n",
                    o->only_id);
        else if (o->sel)
            fprintf(stderr, "texcosim run: no vector selected: no vector matches %s\n",
                    sel_text(o->sel));
        else if (o->rerun)
            fprintf(stderr, "texcosim run: no vector selected: %s lists no failed vector in "
                    "these files\n", o->rerun);
        else
            fprintf(stderr, "texcosim run: no vector selected: the files hold no vectors\n");
        R->status = 4;
    }

    double wall = now_sec() - R->t0;
    char note[64] = "";
    if (o->rtl_only)
        snprintf(note, sizeof(note), " (rtl only)");
    if (R->jobs > 1)
        snprintf(note + strlen(note), sizeof(note) - strlen(note), " (summed over %d workers)",
                 R->jobs);
    tri_print_table(stdout, &R->tri);   /* failures by signature (triage.c) */
    res_summary_print(stdout, &R->sum, wall, note);

    if (R->waves_failed && R->status < 2)
        R->status = 2;   /* an output error, like --results on a full disk */

    /* The last line of the results file describes the run. */
    {
        res_record run;
        struct tm tm;
        memset(&run, 0, sizeof(run));
        gmtime_r(&start, &tm);
        strftime(started, sizeof(started), "%Y-%m-%dT%H:%M:%SZ", &tm);
        if (gethostname(host, sizeof(host) - 1) != 0)
            snprintf(host, sizeof(host), "localhost");
        run.type = RES_RUN;
        run.nfiles = nfiles;
        run.files = files;
        run.shard = R->shard[0] ? R->shard : NULL;
        run.exit_status = sig ? 128 + sig : R->status;
        run.selected = R->selected;
        run.interrupted = sig ? (char *)signal_name(sig) : NULL;
        run.stopped_early = R->stop_early && !sig ? "max-fail" : NULL;
        run.host = host;
        run.started = started;
        run.wall = wall;
        if (!R->out_failed && res_out_write(&R->files, &run, err, sizeof(err)) < 0) {
            fprintf(stderr, "texcosim: %s\n", err);
            R->status = 2;
        }
    }
    if (R->out_failed) {
        res_out_abort(&R->files);   /* never leave a half-written file */
    } else if (res_out_close(&R->files, err, sizeof(err)) < 0) {
        fprintf(stderr, "texcosim: %s\n", err);
        R->status = 2;
    }
    if (sig) {
        R->status = 128 + sig;
        printf("interrupted by %s: %ld vectors ran\n", signal_name(sig), R->done);
    } else if (R->stop_early) {
        printf("stopped early: %ld failing vectors reached --max-fail %ld; %ld vectors ran, "
               "the rest of the selection did not run\n", R->nfail, o->max_fail, R->done);
    }
    /* What `texcosim wave` opens without an argument: this run's failures. */
    if (lastrun_write(R->last, o->waves_dir ? o->waves_dir : wave_default_dir(), o->results,
                      started, R->status, err, sizeof(err)) < 0)
        fprintf(stderr, "texcosim: warning: %s\n", err);
    fflush(stdout);

done:
    res_out_abort(&R->files);   /* anything not committed */
    if (o->fst && R->ls)
        sim_trace_close(R->ls->sim);
    catch_sigbus(0);
    ls_free(R->ls);
    free(R->out);
    free(R->want);
    if (R->w)
        for (int i = 0; i < R->jobs; i++) {
            free(R->w[i].buf);
            res_clear(&R->w[i].rec);
        }
    free(R->w);
    for (int i = 0; i < R->nrr; i++) {
        free(R->rr[i].file);
        free(R->rr[i].id);
    }
    free(R->rr);
    for (int i = 0; i < nrr_files; i++)
        free(rr_files[i]);
    free(rr_files);
    res_summary_free(&R->sum);
    tri_buckets_free(&R->tri);
    lastrun_free(R->last);
    catch_signals(0);
    if (stop_sig && R->status < 128)
        R->status = 128 + stop_sig;
    return R->status;
}
