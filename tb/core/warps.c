/*
 * warps.c - the multi-warp cycle loop (see warps.h).
 *
 * Port timing is the one of run_rtl in lockstep.c: the constant-bank and
 * register-file reads are answered on the next cycle's inputs, from the
 * state of the warp the request named; writes are applied when seen.  The
 * memory server reads a request from the memory image of its warp.
 */
#include <stdlib.h>
#include <string.h>
#include "warps.h"
#include "compare.h"

wp_engine *wp_new(lockstep *ls)
{
    wp_engine *e = calloc(1, sizeof(*e));
    if (!e)
        return NULL;
    e->ls = ls;
    e->sink = calloc(1, sizeof(*e->sink));
    if (!e->sink) {
        free(e);
        return NULL;
    }
    /* Warp 0 uses the lockstep's own states; the others are made on first use. */
    e->pool_model[0] = ls->model;
    e->pool_rtl[0] = ls->rtl;
    return e;
}

void wp_free(wp_engine *e)
{
    if (!e)
        return;
    for (int i = 1; i < WP_MAX; i++) {
        tx_state_free(e->pool_model[i]);
        tx_state_free(e->pool_rtl[i]);
    }
    for (int i = 0; i < WP_MAX; i++)
        free(e->pool_out[i]);
    free(e->sink);
    free(e);
}

int wp_parse_order(const char *s, int *order, uint64_t *seed)
{
    if (!strcmp(s, "rr")) {
        *order = WP_ORDER_RR;
        *seed = 0;
        return 0;
    }
    if (!strncmp(s, "random:", 7) && s[7]) {
        char *end;
        unsigned long long v = strtoull(s + 7, &end, 0);
        if (*end || s[7] == '-')
            return -1;
        *order = WP_ORDER_RANDOM;
        *seed = v;
        return 0;
    }
    return -1;
}

void wp_begin(wp_engine *e, const ls_config *cfg, int k, const tx_vector *const *v,
              const uint64_t *watchdog, int order, uint64_t seed, int *setup, vec_error *err)
{
    lockstep *ls = e->ls;
    e->k = k;
    e->order = order;
    /* The issue order has its own generator, so that it never changes the
     * memory timing of a seed. */
    e->rng = (seed ^ 0x6a09e667f3bcc909ull) | 1;
    e->rr = 0;
    e->offer = -1;
    e->stray = e->issued = e->completed = 0;
    e->stopped = 0;
    e->stop_at = 0;
    e->tagged = sim_has_warp_ports();
    ls_begin(ls, cfg);
    for (int i = 0; i < WP_MAX; i++) {
        wp_warp *w = &e->w[i];
        memset(w, 0, sizeof(*w));
        if (i >= k)
            continue;
        if (!e->pool_model[i])
            e->pool_model[i] = tx_state_new();
        if (!e->pool_rtl[i])
            e->pool_rtl[i] = tx_state_new();
        if (!e->pool_out[i])
            e->pool_out[i] = calloc(1, sizeof(ls_outcome));
        w->v = v[i];
        w->model = e->pool_model[i];
        w->rtl = e->pool_rtl[i];
        w->out = e->pool_out[i];
        w->watchdog = watchdog[i];
        setup[i] = 0;
        if (!w->model || !w->rtl || !w->out) {
            snprintf(err[i].text, sizeof(err[i].text), "out of memory");
            setup[i] = -1;
        } else if (vec_apply(w->v, w->model, &err[i]) < 0 || vec_apply(w->v, w->rtl, &err[i]) < 0) {
            setup[i] = -1;
        }
        w->phase = setup[i] < 0 ? WP_END : WP_READY;
        e->mems[i] = w->rtl ? w->rtl->mem : NULL;
    }
    ms_init(&ls->ms, e->mems[0], ls->cfg.mem_latency, ls->cfg.mem_jitter, ls->cfg.backpressure,
            ls->cfg.seed);
    ms_set_mems(&ls->ms, e->mems, (unsigned)k);
    ls->ms.ooo = ls->cfg.mem_ooo;
}

static uint64_t wp_rand(wp_engine *e)
{
    uint64_t x = e->rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    e->rng = x;
    return x * 0x2545f4914f6cdd1dull;
}

/* The next warp to offer, -1 when none may be. */
static int pick(wp_engine *e, int in_flight)
{
    /* A design without tags takes one instruction at a time, and it reads the
     * per-instruction inputs while the instruction runs. */
    if (!e->tagged && in_flight)
        return -1;
    int ready[WP_MAX], n = 0;
    for (int j = 0; j < e->k; j++) {
        int i = (e->rr + j) % e->k;
        if (e->w[i].phase == WP_READY)
            ready[n++] = i;
    }
    if (!n)
        return -1;
    int i = e->order == WP_ORDER_RANDOM ? ready[wp_rand(e) % (uint64_t)n] : ready[0];
    e->rr = (i + 1) % e->k;
    return i;
}

/* Put warp i's next instruction on the issue port. */
static void offer(wp_engine *e, int i, sim_in_t *in)
{
    lockstep *ls = e->ls;
    wp_warp *w = &e->w[i];
    const vec_step *st = &w->v->steps[w->step];
    ls_outcome *out = w->out;

    vec_apply_moves(w->model, st->pre, st->npre);
    vec_apply_moves(w->rtl, st->pre, st->npre);
    ls_outcome_clear(ls, out);
    out->issue_cycle = ls->total_cycles;

    /* The per-cycle fields of *in are set by the loop; keep them. */
    sim_in_t st_in;
    ls_static_inputs(w->rtl, st->word, st->ctrl, &st_in);
    sim_set_static(ls->sim, &st_in);
    in->issue_warp = (uint8_t)i;
    w->phase = WP_OFFERED;
    w->start = ls->total_cycles;
    e->offer = i;
}

/* Route one cycle's taps to the warps their tags name. */
static void route_taps(wp_engine *e, const sim_taps_t *t, int cur)
{
    sim_taps_t one;
#define TAGOF(f) (e->tagged ? t->f : cur)
    int tags[7] = {TAGOF(gather_tag), TAGOF(lod_tag), TAGOF(addr_tag), TAGOF(fetch_tag),
                   TAGOF(format_tag), TAGOF(filter_tag), TAGOF(pixld_tag)};
#undef TAGOF
    for (int i = 0; i < e->k; i++) {
        wp_warp *w = &e->w[i];
        if (w->phase != WP_FLIGHT)
            continue;
        one = *t;
        one.gather_valid &= tags[0] == i;
        one.lod_valid &= tags[1] == i;
        one.addr_valid &= tags[2] == i;
        one.fetch_valid &= tags[3] == i;
        one.format_valid &= tags[4] == i;
        one.filter_valid &= tags[5] == i;
        one.pixld_valid &= tags[6] == i;
        ls_capture_taps(&one, &w->out->rtl.taps);
    }
}

/* The warp a write names, or NULL (counted as stray) when it has nothing
 * in flight: its effects still land in that warp's RTL-side state, so that
 * a misrouted write also shows in the warp it hit. */
static wp_warp *write_target(wp_engine *e, int wi, tx_effects **fx, tx_effects *sink)
{
    if (wi < 0 || wi >= e->k) {
        e->stray++;
        return NULL;
    }
    wp_warp *w = &e->w[wi];
    if (w->phase == WP_FLIGHT) {
        *fx = &w->out->rtl;
    } else {
        e->stray++;
        *fx = sink;
    }
    return w;
}

/* Warp i's step completed (or hung): compare and let the caller decide. */
static void finish_step(wp_engine *e, int i)
{
    lockstep *ls = e->ls;
    wp_warp *w = &e->w[i];
    const vec_step *st = &w->v->steps[w->step];
    ls_outcome *out = w->out;
    uint64_t t1 = ls_now_ns();

    ls->insns++;
    e->completed++;
    if (!out->timed_out && !ls->cfg.rtl_only) {
        tx_step(w->model, st->word, st->ctrl, &out->model);
        uint64_t t2 = ls_now_ns();
        ls->ns_model += t2 - t1;
        out->ndiff = fx_diff_count(&out->model, &out->rtl);
        ls->ns_compare += ls_now_ns() - t2;
    } else if (out->timed_out) {
        out->ndiff = 1;
    }
    vec_apply_moves(w->model, st->post, st->npost);
    vec_apply_moves(w->rtl, st->post, st->npost);
    int r = e->on_done ? e->on_done(e->user, i, w->step, out) : (out->ndiff != 0);
    if (out->timed_out) {
        w->phase = e->tagged ? WP_DEAD : WP_END;
        return;
    }
    w->step++;
    if (r == 2)
        e->stopped = 1;
    w->phase = (r || w->step >= w->v->nsteps) ? WP_END : WP_READY;
}

void wp_run(wp_engine *e, wp_done_fn fn, void *user)
{
    lockstep *ls = e->ls;
    sim_in_t in;
    sim_out_t o;
    sim_taps_t taps, su_taps;
    tx_effects *sink = e->sink;
    int cb_pending = 0, cb_warp = 0, rf_pending = 0, rf_was_pending = 0, rf_warp = 0, rf_quad = 0;
    uint32_t cb_addr = 0;
    uint8_t rf_reg[SIM_RD_SLOTS] = {0};
    int cur = -1;              /* without tags: the warp in flight */
    int nflight = 0;
    uint64_t t0 = ls_now_ns(), model_ns0 = ls->ns_model + ls->ns_compare;

    e->on_done = fn;
    e->user = user;
    memset(&in, 0, sizeof(in));
    memset(&o, 0, sizeof(o));
    for (;;) {
        if (e->stopped || (e->stop_at && ls->total_cycles >= e->stop_at))
            break;
        int live = 0;
        for (int i = 0; i < e->k; i++)
            live += e->w[i].phase == WP_READY || e->w[i].phase == WP_OFFERED ||
                    e->w[i].phase == WP_FLIGHT;
        if (!live && !e->stop_at)
            break;

        /* 1. Inputs. */
        if (e->offer < 0) {
            int i = pick(e, nflight);
            if (i >= 0)
                offer(e, i, &in);
        }
        in.issue_valid = e->offer >= 0;
        in.cb_rd_data = 0;
        if (cb_pending) {
            const tx_state *st = e->w[cb_warp].rtl;
            uint32_t a = cb_addr & (TX_CBANK_BYTES - 4);
            in.cb_rd_data = (uint32_t)st->cbank[a] | (uint32_t)st->cbank[a + 1] << 8 |
                            (uint32_t)st->cbank[a + 2] << 16 | (uint32_t)st->cbank[a + 3] << 24;
        }
        if (rf_pending) {
            const tx_state *st = e->w[rf_warp].rtl;
            for (int s = 0; s < SIM_RD_SLOTS; s++)
                for (int l = 0; l < 4; l++)
                    in.rf_rd_data[s][l] = tx_reg(st, rf_quad * 4 + l, rf_reg[s]);
        } else if (rf_was_pending) {
            memset(in.rf_rd_data, 0, sizeof(in.rf_rd_data));
        }
        rf_was_pending = rf_pending;
        ms_drive(&ls->ms, ls->cycle, &in);

        /* 2. Evaluate. */
        sim_set_inputs(ls->sim, &in);
        sim_eval(ls->sim);
        sim_get_outputs(ls->sim, &o);

        /* 3. The issue handshake, then every port by its warp. */
        if (e->offer >= 0 && o.issue_ready) {
            wp_warp *w = &e->w[e->offer];
            w->phase = WP_FLIGHT;
            w->out->issue_cycle = ls->total_cycles;
            cur = e->offer;
            e->offer = -1;
            e->issued++;
            nflight++;
        }
        if (!e->tagged) {
            int c = cur < 0 ? 0 : cur;
            o.cb_rd_warp = o.rf_rd_warp = o.rf_wr_warp = o.pr_wr_warp = o.mem_req_warp = o.done_tag =
                (uint8_t)c;
        }
        cb_pending = o.cb_rd_valid && o.cb_rd_warp < e->k;
        cb_warp = o.cb_rd_warp;
        cb_addr = o.cb_rd_addr;
        rf_pending = o.rf_rd_valid && o.rf_rd_warp < e->k;
        rf_warp = o.rf_rd_warp;
        rf_quad = o.rf_rd_quad;
        memcpy(rf_reg, o.rf_rd_reg, sizeof(rf_reg));
        if (o.rf_wr_valid) {
            tx_effects *fx;
            wp_warp *w = write_target(e, o.rf_wr_warp, &fx, sink);
            if (w) {
                sink->nregw = 0;
                ls_rtl_write_regs(w->rtl, &o, fx);
            }
        }
        if (o.pr_wr_valid) {
            tx_effects *fx;
            wp_warp *w = write_target(e, o.pr_wr_warp, &fx, sink);
            if (w)
                ls_rtl_write_preds(w->rtl, &o, fx);
        }
        ms_observe(&ls->ms, ls->cycle, &in, &o);
        const sim_taps_t *su = NULL;
        if (ls->cfg.capture_taps) {
            su = ls_read_taps(ls, &taps, &su_taps);
            route_taps(e, &taps, cur);
            if (su)
                route_taps(e, su, cur);
        }
        if (ls->observer)
            ls->observer(ls->observer_user, ls, &o, ls->cfg.capture_taps ? &taps : NULL, su);
        int done = -1;
        if (o.done_valid && o.done_tag < e->k && e->w[o.done_tag].phase == WP_FLIGHT) {
            wp_warp *w = &e->w[o.done_tag];
            done = o.done_tag;
            w->out->rtl.status = o.done_status;
            w->out->rtl.hash = o.done_hash;
            w->rtl->hash = o.done_hash;
        } else if (o.done_valid) {
            e->stray++;
        }
        sim_tick(ls->sim);
        ls->cycle++;
        ls->total_cycles++;

        /* 4. Completion, then the watchdog of every warp still waiting. */
        if (done >= 0) {
            wp_warp *w = &e->w[done];
            w->out->cycles = ls->total_cycles - w->start;
            w->out->done_cycle = ls->total_cycles - 1;
            nflight--;
            if (cur == done)
                cur = -1;
            ls->ns_rtl += ls_now_ns() - t0 - (ls->ns_model + ls->ns_compare - model_ns0);
            finish_step(e, done);
            t0 = ls_now_ns();
            model_ns0 = ls->ns_model + ls->ns_compare;
        }
        for (int i = 0; i < e->k; i++) {
            wp_warp *w = &e->w[i];
            if ((w->phase != WP_OFFERED && w->phase != WP_FLIGHT) ||
                ls->total_cycles - w->start < w->watchdog)
                continue;
            w->out->timed_out = 1;
            w->out->cycles = ls->total_cycles - w->start;
            if (w->phase == WP_FLIGHT)
                nflight--;
            if (e->offer == i)
                e->offer = -1;
            if (!e->tagged) {
                /* One instruction at a time: reset the hung RTL (as ls_step
                 * does) and drop what the memory server still holds for it. */
                sim_reset(ls->sim, 2);
                ls->total_cycles += 2;
                ls->ms.count = 0;
                ls->ms.head = 0;
                ls->ms.last_due = 0;
                cb_pending = rf_pending = 0;
                cur = -1;
                nflight = 0;
            }
            finish_step(e, i);
        }
    }
    ls->ns_rtl += ls_now_ns() - t0 - (ls->ns_model + ls->ns_compare - model_ns0);
}
