/*
 * interleave.c - `texcosim run --warps K` (see interleave.h).
 *
 * A group is up to K consecutive selected vectors of one worker and one
 * file that share their memory timing (latency, jitter, back-pressure,
 * seed): one memory server serves the whole simulation.  Vector i of the
 * group is warp i.  The group runs once; every vector that failed is then
 * replayed, with the same group and the same issue order, for its stage
 * report.  The reproduce line names the group (`--group`), so it runs the
 * same vectors as the same warps in the same order, cycle for cycle.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interleave.h"
#include "repro.h"
#include "compare.h"
#include "vec_clone.h"
#include "warps.h"
#include "wave.h"

enum { IL_RUN, IL_PASS, IL_RTL, IL_EXPECT, IL_HANG, IL_SETUP, IL_UNIMPL };

typedef struct il_vec {
    tx_vector *v;             /* a copy (vec_clone) */
    ls_config cfg;
    long seq;
    int kind;                 /* IL_* */
    int step;                 /* failing step, -1 */
    long steps_run;
    uint64_t cycles;
    ls_outcome *saved;        /* the failing step's outcome */
    char msg[sizeof(((vec_error *)0)->text)];   /* setup / unimplemented message */
} il_vec;

struct il_ctx {
    const run_opts *o;
    lockstep *ls;
    wp_engine *e;
    const char *shard;
    volatile sig_atomic_t *stop;
    il_deliver_fn deliver;
    void *user;
    int n;
    il_vec g[WP_MAX];
    tx_effects *want;
    /* replay of one failing warp */
    int target, target_step;
    int replaying;
};

static char *xstrdup(const char *s)
{
    return s ? strdup(s) : NULL;
}

int il_group_index(const char *group, const char *id)
{
    size_t n = strlen(id);
    int k = 0;
    for (const char *p = group; *p; k++) {
        const char *q = strchr(p, ',');
        size_t len = q ? (size_t)(q - p) : strlen(p);
        if (len == n && !memcmp(p, id, n))
            return k;
        if (!q)
            break;
        p = q + 1;
    }
    return -1;
}

il_ctx *il_new(const run_opts *o, lockstep *ls, const char *shard, volatile sig_atomic_t *stop,
               il_deliver_fn fn, void *user)
{
    il_ctx *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->o = o;
    c->ls = ls;
    c->shard = shard;
    c->stop = stop;
    c->deliver = fn;
    c->user = user;
    c->e = wp_new(ls);
    c->want = malloc(sizeof(*c->want));
    if (!c->e || !c->want) {
        il_free(c);
        return NULL;
    }
    return c;
}

static void drop(il_ctx *c)
{
    for (int i = 0; i < c->n; i++) {
        vec_clone_free(c->g[i].v);
        free(c->g[i].saved);
    }
    memset(c->g, 0, sizeof(c->g));
    c->n = 0;
}

void il_free(il_ctx *c)
{
    if (!c)
        return;
    drop(c);
    wp_free(c->e);
    free(c->want);
    free(c);
}

static int same_timing(const ls_config *a, const ls_config *b)
{
    return a->mem_latency == b->mem_latency && a->mem_jitter == b->mem_jitter &&
           a->backpressure == b->backpressure && a->seed == b->seed &&
           a->rtl_only == b->rtl_only;
}

/* Completion of a step in the group run: the checks of run_vector. */
static int on_done(void *user, int w, int step, ls_outcome *out)
{
    il_ctx *c = user;
    il_vec *x = &c->g[w];
    const vec_step *st = &x->v->steps[step];
    int kind = IL_RUN;

    if (c->replaying) {
        if (w == c->target && step == c->target_step)
            return 2;
        return step == x->step ? 1 : 0;
    }
    if (*c->stop)
        return 2;
    x->steps_run++;
    x->cycles += out->cycles;
    if (out->timed_out) {
        kind = IL_HANG;
    } else if (out->ndiff) {
        kind = IL_RTL;
    } else if (!x->cfg.rtl_only && out->model.status == TX_ST_UNIMPL) {
        char text[256];
        tx_insn in;
        tx_decode(st->word, st->ctrl, &in);
        tx_disasm(st->word, st->ctrl, text, sizeof(text));
        snprintf(x->msg, sizeof(x->msg),
                 "%s:%ld: vector '%s': steps[%d]: %s is not implemented by texcosim yet (%s)",
                 x->v->file, x->v->line, x->v->id, step, tx_op_name(in.op), text);
        kind = IL_UNIMPL;
    } else if (st->has_expect && !x->cfg.rtl_only) {
        expect_effects(&st->expect, &out->model, c->want);
        if (fx_diff_count(c->want, &out->model))
            kind = IL_EXPECT;
    }
    if (kind == IL_RUN)
        return 0;
    x->kind = kind;
    x->step = step;
    if (kind != IL_UNIMPL && (x->saved = malloc(sizeof(*x->saved))) != NULL)
        memcpy(x->saved, out, sizeof(*out));
    return 1;
}

/* The ids of the group, comma-separated in warp order (--group). */
static void group_ids(il_ctx *c, char *buf, size_t n)
{
    buf[0] = 0;
    for (int i = 0; i < c->n; i++) {
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, "%s%s", i ? "," : "", c->g[i].v->id);
    }
}

static void start_group(il_ctx *c, int capture_taps)
{
    const tx_vector *v[WP_MAX];
    uint64_t wd[WP_MAX];
    int setup[WP_MAX];
    vec_error err[WP_MAX];
    ls_config cfg = c->g[0].cfg;
    cfg.capture_taps = capture_taps;
    for (int i = 0; i < c->n; i++) {
        v[i] = c->g[i].v;
        wd[i] = c->g[i].cfg.watchdog;
    }
    wp_begin(c->e, &cfg, c->n, v, wd, c->o->issue_order, c->o->issue_seed, setup, err);
    for (int i = 0; i < c->n; i++)
        if (setup[i] < 0 && !c->replaying) {
            c->g[i].kind = IL_SETUP;
            memcpy(c->g[i].msg, err[i].text, sizeof(c->g[i].msg));
        }
}

/* Replay the group with taps up to warp t's failing step and name the first
 * stage that differs (run.c's report_stage for a group). */
static void report_stage(il_ctx *c, FILE *f, int t)
{
    il_vec *x = &c->g[t];
    c->replaying = 1;
    c->target = t;
    c->target_step = x->step;
    start_group(c, 1);
    wp_run(c->e, on_done, c);
    c->replaying = 0;
    const ls_outcome *out = c->e->w[t].out;
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

/* ---- waves of a warp's failure: wave_capture replays the whole group ---- */
typedef struct il_wave {
    il_ctx *c;
    wp_engine *e;
    int target, step;
    ls_outcome *out;
    uint64_t post;
    int *in_fail;
    wave_obs_fn obs;
    void *obs_user;
} il_wave;

static int wave_done(void *user, int w, int step, ls_outcome *out)
{
    il_wave *W = user;
    if (w == W->target && step == W->step) {
        memcpy(W->out, out, sizeof(*out));
        W->e->stop_at = W->e->ls->total_cycles + (out->timed_out ? 0 : W->post);
        return 1;
    }
    return step == W->c->g[w].step ? 1 : 0;
}

/* t with the taps of warps other than target removed. */
static const sim_taps_t *target_taps(const sim_taps_t *t, int target, sim_taps_t *one)
{
    if (!t)
        return NULL;
    *one = *t;
    one->gather_valid &= t->gather_tag == target;
    one->lod_valid &= t->lod_tag == target;
    one->addr_valid &= t->addr_tag == target;
    one->fetch_valid &= t->fetch_tag == target;
    one->format_valid &= t->format_tag == target;
    one->filter_valid &= t->filter_tag == target;
    one->pixld_valid &= t->pixld_tag == target;
    return one;
}

static void wave_observe(void *user, lockstep *ls, const sim_out_t *o, const sim_taps_t *t,
                         const sim_taps_t *su)
{
    il_wave *W = user;
    const wp_warp *w = &W->e->w[W->target];
    sim_taps_t one, su_one;
    *W->in_fail = (w->phase == WP_OFFERED || w->phase == WP_FLIGHT) && w->step == W->step;
    if (W->e->tagged) {
        /* Only the failing warp's quads place the stage markers. */
        t = target_taps(t, W->target, &one);
        su = target_taps(su, W->target, &su_one);
    }
    W->obs(W->obs_user, ls, o, t, su);
}

static int wave_replay(void *user, lockstep *ls, const ls_config *cfg, int fail_step,
                       ls_outcome *out, uint64_t post, int *in_fail, wave_obs_fn obs,
                       void *obs_user)
{
    il_ctx *c = user;
    il_wave W = {c, wp_new(ls), c->target, fail_step, out, post, in_fail, obs, obs_user};
    const tx_vector *v[WP_MAX];
    uint64_t wd[WP_MAX];
    int setup[WP_MAX];
    vec_error err[WP_MAX];
    if (!W.e)
        return -1;
    for (int i = 0; i < c->n; i++) {
        v[i] = c->g[i].v;
        wd[i] = c->g[i].cfg.watchdog;
    }
    memset(out, 0, sizeof(*out));
    wp_begin(W.e, cfg, c->n, v, wd, c->o->issue_order, c->o->issue_seed, setup, err);
    ls_set_observer(ls, wave_observe, &W);
    wp_run(W.e, wave_done, &W);
    wp_free(W.e);
    return 0;
}

/* The group runs once as the run ran it, which gives every warp's failing
 * step (a failed warp issues no more, so they shape the interleaving); then
 * wave_capture replays it with the trace open (wave_replay). */
int il_waves(const run_opts *o, volatile sig_atomic_t *stop, int n, tx_vector *const *v,
             const ls_config *cfg, int target, FILE *f, char **fst, char **gtkw)
{
    lockstep *ls = ls_new();
    il_ctx *c = ls ? il_new(o, ls, NULL, stop, NULL, NULL) : NULL;
    wave_opts wo;
    wave_info wi;
    char err[512] = "";
    int rc = -1;

    *fst = *gtkw = NULL;
    if (!c || n < 1 || n > WP_MAX || target < 0 || target >= n) {
        fprintf(f, "  waves: not written: %s\n", c ? "bad group" : "out of memory");
        goto out;
    }
    for (int i = 0; i < n; i++) {
        c->g[i].v = vec_clone(v[i]);
        c->g[i].cfg = cfg[i];
        c->g[i].kind = IL_RUN;
        c->g[i].step = -1;
        c->n = i + 1;
        if (!c->g[i].v) {
            fprintf(f, "  waves: not written: out of memory\n");
            goto out;
        }
    }
    start_group(c, 0);
    wp_run(c->e, on_done, c);
    il_vec *x = &c->g[target];
    if (*stop)
        goto out;
    if (x->kind != IL_RTL && x->kind != IL_HANG) {
        fprintf(f, "  waves: not written: the group did not fail again when run for them\n");
        goto out;
    }
    wave_opts_default(&wo);
    wo.out_dir = o->waves_dir;
    c->target = target;
    wave_set_group(wave_replay, c);
    rc = wave_capture(&x->cfg, x->v, x->step, &wo, &wi, err, sizeof(err));
    wave_set_group(NULL, NULL);
    if (rc < 0) {
        fprintf(f, "  waves: not written: %s\n", err);
        if (wi.write_failed)
            rc = -2;
        goto out;
    }
    wave_print(f, &wi, o->argv0);
    *fst = xstrdup(wi.fst);
    *gtkw = xstrdup(wi.gtkw);
out:
    il_free(c);
    if (ls)
        ls_free(ls);
    return rc;
}
/* ---- end of waves ---- */

static const char *what(int kind)
{
    return kind == IL_RTL    ? "MISMATCH (rtl vs model)"
           : kind == IL_HANG ? "HANG (rtl never completed)"
                             : "MISMATCH (model vs expected results in the vector)";
}

static void report(il_ctx *c, FILE *f, int i, const char *repro)
{
    il_vec *x = &c->g[i];
    const vec_step *st = &x->v->steps[x->step];
    char text[256], ord[64];
    fprintf(f, "%s:%ld: vector '%s': %s\n", x->v->file, x->v->line, x->v->id, what(x->kind));
    fprintf(f, "  warp %d of %d (issue order %s), with:", i, c->n,
            issue_order_text(c->o, ord, sizeof(ord)));
    for (int j = 0; j < c->n; j++)
        if (j != i)
            fprintf(f, " %d:%s", j, c->g[j].v->id);
    fprintf(f, "\n");
    tx_disasm(st->word, st->ctrl, text, sizeof(text));
    fprintf(f, "  step %d: %s\n", x->step, st->text ? st->text : text);
    fprintf(f, "  word 0x%016" PRIx64 "  ctrl 0x%06" PRIx32 "  (%s)\n", st->word, st->ctrl, text);
    if (!x->saved) {
        fprintf(f, "  (no details: out of memory)\n");
    } else if (x->kind == IL_HANG) {
        fprintf(f, "  the watchdog fired after %" PRIu64 " cycles without done_valid_o for warp %d\n",
                x->cfg.watchdog, i);
    } else if (x->kind == IL_RTL) {
        fprintf(f, "  cycles %" PRIu64 " .. %" PRIu64 "\n", x->saved->issue_cycle,
                x->saved->done_cycle);
        fx_diff_print(f, &x->saved->model, &x->saved->rtl, "model", "rtl", 8);
        report_stage(c, f, i);
    } else {
        expect_effects(&st->expect, &x->saved->model, c->want);
        fx_diff_print(f, c->want, &x->saved->model, "expected", "model", 8);
    }
    /* Waves are the runner's to write (run.c run_waves, with il_waves): it
     * knows the buckets and the --waves-max budget. */
    fprintf(f, "  reproduce: %s\n", repro);
}

int il_flush(il_ctx *c)
{
    if (!c->n)
        return 0;
    lockstep *ls = c->ls;
    uint64_t c0 = ls->total_cycles, r0 = ls->ns_rtl, m0 = ls->ns_model, k0 = ls->ns_compare;
    uint64_t hl0, hh0, hl1, hh1;
    sim_hcache(ls->sim, &hl0, &hh0);
    double t0 = (double)ls_now_ns();
    char repro[4096], ids[2048];

    for (int i = 0; i < c->n; i++) {
        c->g[i].kind = IL_RUN;
        c->g[i].step = -1;
    }
    start_group(c, 0);
    wp_run(c->e, on_done, c);
    if (c->e->stopped || *c->stop) {
        drop(c);
        return -1;
    }
    double share = 1.0 / c->n;
    uint64_t cyc = ls->total_cycles - c0;
    sim_hcache(ls->sim, &hl1, &hh1);
    double rtl_s = (ls->ns_rtl - r0) * 1e-9, model_s = (ls->ns_model - m0) * 1e-9,
           cmp_s = (ls->ns_compare - k0) * 1e-9;
    group_ids(c, ids, sizeof(ids));
    reproduce_cmd(repro, sizeof(repro), c->o, c->g[0].v->file, NULL, ids, c->n, &c->g[0].cfg);
    for (int i = 0; i < c->n; i++) {
        il_vec *x = &c->g[i];
        res_record rec;
        char msg[768];
        memset(&rec, 0, sizeof(rec));
        rec.type = RES_VECTOR;
        rec.file = xstrdup(x->v->file);
        rec.id = xstrdup(x->v->id);
        rec.line = x->v->line;
        rec.index = x->v->index;
        rec.step = -1;
        rec.nsteps = x->v->nsteps;
        rec.latency = x->cfg.mem_latency;
        rec.jitter = x->cfg.mem_jitter;
        rec.backpressure = x->cfg.backpressure;
        rec.seed = x->cfg.seed;
        rec.watchdog = x->cfg.watchdog;
        rec.rtl_only = x->cfg.rtl_only;
        rec.shard = c->shard && c->shard[0] ? xstrdup(c->shard) : NULL;
        rec.reproduce = xstrdup(repro);
        rec.group = xstrdup(ids);
        rec.steps = x->steps_run;
        rec.cycles = x->cycles;
        if (x->kind == IL_SETUP || x->kind == IL_UNIMPL) {
            rec.status = RES_ERRORED;
            rec.kind = xstrdup(x->kind == IL_UNIMPL ? "unimplemented" : "setup");
            rec.message = xstrdup(x->msg);
        } else if (x->kind == IL_RUN) {
            rec.status = RES_PASS;
            rec.kind = xstrdup("pass");
            rec.message = xstrdup("");
        } else {
            const vec_step *st = &x->v->steps[x->step];
            char text[256];
            char *buf = NULL;
            size_t len = 0;
            rec.status = x->kind == IL_HANG ? RES_HANG : RES_FAIL;
            rec.kind = xstrdup(x->kind == IL_RTL ? "rtl-mismatch"
                               : x->kind == IL_HANG ? "hang" : "expect-mismatch");
            rec.step = x->step;
            tx_disasm(st->word, st->ctrl, text, sizeof(text));
            snprintf(msg, sizeof(msg), "%s at step %d (warp %d of %d): %s", what(x->kind),
                     x->step, i, c->n, st->text ? st->text : text);
            rec.message = xstrdup(msg);
            FILE *mf = open_memstream(&buf, &len);
            if (mf) {
                report(c, mf, i, repro);
                fclose(mf);
                rec.report = buf;
            }
        }
        /* The group's cycles and time, shared out evenly. */
        rec.sim_cycles = cyc / (uint64_t)c->n + (i == 0 ? cyc % (uint64_t)c->n : 0);
        /* ---- header cache: the group's counts on its first vector ---- */
        rec.hc_lookups = i == 0 ? hl1 - hl0 : 0;
        rec.hc_hits = i == 0 ? hh1 - hh0 : 0;
        rec.rtl_s = rtl_s * share;
        rec.model_s = model_s * share;
        rec.compare_s = cmp_s * share;
        rec.seconds = ((double)ls_now_ns() - t0) * 1e-9 * share;
        c->deliver(c->user, &rec, x->seq);
    }
    drop(c);
    return 0;
}

int il_add(il_ctx *c, const tx_vector *v, const ls_config *cfg, long seq)
{
    if (c->n && !same_timing(&c->g[0].cfg, cfg) && il_flush(c) < 0)
        return -1;
    il_vec *x = &c->g[c->n];
    memset(x, 0, sizeof(*x));
    x->v = vec_clone(v);
    if (!x->v) {
        fprintf(stderr, "texcosim: out of memory\n");
        return -1;
    }
    x->cfg = *cfg;
    x->seq = seq;
    c->n++;
    if (c->n >= c->o->warps)
        return il_flush(c);
    return 0;
}
