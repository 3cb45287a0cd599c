/*
 * run.c - the regression runner behind `texcosim run`.
 *
 * For each vector: reset the RTL, load the same initial state into the model
 * and the RTL side, then step every instruction in lockstep.  The first
 * difference ends the vector; the runner then replays it with the RTL tap
 * port recorded (the memory timing is seeded, so the replay is cycle exact)
 * to name the first pipeline stage that diverged.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "compare.h"
#include "run.h"
#include "vector.h"

void run_opts_default(run_opts *o)
{
    memset(o, 0, sizeof(*o));
    o->latency = o->jitter = o->backpressure = o->seed = o->watchdog = -1;
    o->argv0 = "texcosim";
}

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Settings of one vector: default, then the vector's "tb", then the
 * command line. */
static void vector_config(const run_opts *o, const tx_vector *v, ls_config *c)
{
    ls_config_default(c);
#define PICK(field, vfield, ofield)                                          \
    do {                                                                     \
        if (v->tb.vfield != VEC_UNSET)                                       \
            c->field = (uint64_t)v->tb.vfield;                               \
        if (o->ofield >= 0)                                                  \
            c->field = (uint64_t)o->ofield;                                  \
    } while (0)
    PICK(mem_latency, mem_latency, latency);
    PICK(mem_jitter, mem_jitter, jitter);
    PICK(backpressure, backpressure, backpressure);
    PICK(seed, seed, seed);
    PICK(watchdog, watchdog, watchdog);
#undef PICK
    c->rtl_only = o->rtl_only;
}

/* The expectation of a step as effects; parts it does not give are copied
 * from `model` so that they compare equal. */
static void expect_effects(const vec_expect *e, const tx_effects *model, tx_effects *want)
{
    want->status = e->status == VEC_STATUS_ANY ? model->status : e->status;
    want->hash = e->has_hash ? e->hash : model->hash;
    if (e->has_preds) {
        memset(want->predw_mask, 0, sizeof(want->predw_mask));
        memset(want->predw_val, 0, sizeof(want->predw_val));
        for (int i = 0; i < e->npreds; i++) {
            want->predw_mask[e->preds[i].pred] = e->preds[i].mask;
            want->predw_val[e->preds[i].pred] = e->preds[i].value;
        }
    } else {
        memcpy(want->predw_mask, model->predw_mask, sizeof(want->predw_mask));
        memcpy(want->predw_val, model->predw_val, sizeof(want->predw_val));
    }
    if (e->has_regs) {
        want->nregw = 0;
        for (int i = 0; i < e->nregs; i++)
            for (int l = 0; l < TX_LANES; l++)
                if ((e->regs[i].written >> l & 1) && want->nregw < TX_MAX_REGW) {
                    tx_regw *w = &want->regw[want->nregw++];
                    w->lane = (uint8_t)l;
                    w->reg = e->regs[i].reg;
                    w->val = e->regs[i].val[l];
                }
    } else {
        want->nregw = model->nregw;
        memcpy(want->regw, model->regw, sizeof(want->regw[0]) * (size_t)model->nregw);
    }
}

typedef struct file_stats {
    int vectors, passed, failed;
    long steps;
    double secs;
} file_stats;

/* What went wrong in a vector, for the report. */
enum fail_kind { FAIL_NONE, FAIL_RTL, FAIL_EXPECT, FAIL_HANG, FAIL_SETUP };

typedef struct vec_result {
    enum fail_kind kind;
    int step;
    long steps_run;
    uint64_t cycles;
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
    ls_begin(ls, cfg);
    if (load_states(ls, v, err) < 0) {
        res->kind = FAIL_SETUP;
        return -1;
    }
    for (int i = 0; i < v->nsteps; i++) {
        const vec_step *st = &v->steps[i];
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
static void report_stage(FILE *f, lockstep *ls, const ls_config *cfg, const tx_vector *v,
                         int fail_step, ls_outcome *out)
{
    ls_config c = *cfg;
    vec_error err;
    c.capture_taps = 1;
    ls_begin(ls, &c);
    if (load_states(ls, v, &err) < 0)
        return;
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
        return;
    }
    fprintf(f, "  first diverging stage: %s (lane %d)\n", tx_stage_name(st), lane);
    taps_print(f, st, lane, &out->model.taps, &out->rtl.taps);
}

static void print_reproduce(FILE *f, const run_opts *o, const tx_vector *v, const ls_config *c)
{
    fprintf(f, "  reproduce: %s run --vector %s --seed %" PRIu64 " --latency %" PRIu32
               " --jitter %" PRIu32 " --backpressure %" PRIu32 " %s\n",
            o->argv0, v->id, c->seed, c->mem_latency, c->mem_jitter, c->backpressure, v->file);
}

static void report_failure(FILE *f, const run_opts *o, lockstep *ls, const ls_config *cfg,
                           const tx_vector *v, const vec_result *res, ls_outcome *out,
                           tx_effects *want)
{
    const char *what = res->kind == FAIL_RTL    ? "MISMATCH (rtl vs model)"
                       : res->kind == FAIL_HANG ? "HANG (rtl never completed)"
                                                : "MISMATCH (model vs expected results in the vector)";
    fprintf(f, "%s:%ld: vector '%s': %s\n", v->file, v->line, v->id, what);
    print_step_header(f, v, res->step);
    if (res->kind == FAIL_HANG) {
        fprintf(f, "  the watchdog fired after %" PRIu64 " cycles without done_valid_o\n",
                cfg->watchdog);
    } else if (res->kind == FAIL_RTL) {
        fprintf(f, "  cycles %" PRIu64 " .. %" PRIu64 "\n", out->issue_cycle, out->done_cycle);
        fx_diff_print(f, &out->model, &out->rtl, "model", "rtl", 8);
        report_stage(f, ls, cfg, v, res->step, out);
    } else {
        expect_effects(&v->steps[res->step].expect, &out->model, want);
        fx_diff_print(f, want, &out->model, "expected", "model", 8);
    }
    print_reproduce(f, o, v, cfg);
}

int run_files(const run_opts *o, int nfiles, char **files)
{
    lockstep *ls = ls_new();
    ls_outcome *out = malloc(sizeof(*out));
    tx_effects *want = malloc(sizeof(*want));
    file_stats *fs = calloc((size_t)nfiles, sizeof(*fs));
    int status = 0;
    double t_all = now_sec();
    uint64_t cycles0;

    if (!ls || !out || !want || !fs) {
        fprintf(stderr, "texcosim: cannot create the simulator (out of memory)\n");
        ls_free(ls);
        free(out), free(want), free(fs);
        return 2;
    }
    if (o->fst && sim_trace_open(ls->sim, o->fst) != 0) {
        fprintf(stderr, "texcosim: cannot open trace %s\n", o->fst);
        status = 2;
        goto done;
    }
    cycles0 = ls->total_cycles;

    for (int fi = 0; fi < nfiles; fi++) {
        vec_error err;
        double t0 = now_sec();
        vec_reader *r = vec_open(files[fi], &err);
        if (!r) {
            fprintf(stderr, "%s\n", err.text);
            status = 2;
            continue;
        }
        const tx_vector *v;
        int rc;
        while ((rc = vec_next(r, &v, &err)) == 1) {
            if (o->only_id && strcmp(o->only_id, v->id) != 0)
                continue;
            ls_config cfg;
            vec_result res;
            vector_config(o, v, &cfg);
            fs[fi].vectors++;
            int vr = run_vector(ls, &cfg, v, out, want, &res, &err);
            fs[fi].steps += res.steps_run;
            if (vr < 0) {
                fprintf(stderr, "%s\n", err.text);
                fs[fi].failed++;
                status = 2;
                continue;
            }
            if (vr == 0) {
                fs[fi].passed++;
                if (!o->quiet)
                    printf("PASS %s %s (%d steps, %" PRIu64 " cycles)\n", v->file, v->id,
                           v->nsteps, res.cycles);
                continue;
            }
            fs[fi].failed++;
            if (status == 0)
                status = 1;
            printf("FAIL %s %s\n", v->file, v->id);
            report_failure(stdout, o, ls, &cfg, v, &res, out, want);
        }
        if (rc < 0) {
            fprintf(stderr, "%s\n", err.text);
            status = 2;
        }
        vec_close(r);
        fs[fi].secs = now_sec() - t0;
    }

    /* Summary table, one row per file. */
    {
        int tv = 0, tp = 0, tf = 0;
        long ts = 0;
        double secs = now_sec() - t_all;
        uint64_t cyc = ls->total_cycles - cycles0;
        printf("\n%-48s %8s %8s %8s %8s %9s\n", "suite", "vectors", "steps", "passed", "failed",
               "time(s)");
        for (int fi = 0; fi < nfiles; fi++) {
            printf("%-48s %8d %8ld %8d %8d %9.2f\n", files[fi], fs[fi].vectors, fs[fi].steps,
                   fs[fi].passed, fs[fi].failed, fs[fi].secs);
            tv += fs[fi].vectors, tp += fs[fi].passed, tf += fs[fi].failed, ts += fs[fi].steps;
        }
        printf("%-48s %8d %8ld %8d %8d %9.2f\n", "total", tv, ts, tp, tf, secs);
        printf("%ld instructions, %" PRIu64 " cycles in %.2f s: %.0f instructions/s, %.0f cycles/s\n",
               ts, cyc, secs, secs > 0 ? ts / secs : 0.0, secs > 0 ? cyc / secs : 0.0);
        double rtl = ls->ns_rtl * 1e-9, mod = ls->ns_model * 1e-9, cmp = ls->ns_compare * 1e-9;
        printf("time: rtl %.3f s, model %.3f s, compare %.3f s, parse and setup %.3f s%s\n", rtl,
               mod, cmp, secs - rtl - mod - cmp, o->rtl_only ? " (rtl only)" : "");
    }
done:
    if (o->fst)
        sim_trace_close(ls->sim);
    ls_free(ls);
    free(out);
    free(want);
    free(fs);
    return status;
}
