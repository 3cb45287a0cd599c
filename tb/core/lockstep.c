/*
 * lockstep.c - the per-cycle loop that drives the RTL's ports from the
 * RTL-side warp state, and the step-and-compare around it.
 *
 * Port timing (docs/architecture.md): the constant-bank and register-file
 * read ports have a fixed latency of one cycle, so a request seen after
 * eval() in cycle N is answered on the inputs of cycle N+1.  Writes are
 * applied when seen (they take effect at the clock edge ending the cycle).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lockstep.h"
#include "compare.h"
#include "vector.h"

uint64_t ls_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void ls_config_default(ls_config *c)
{
    memset(c, 0, sizeof(*c));
    c->mem_latency = 1;
    c->watchdog = 20000;
    c->seed = 1;
    c->rand_reset = -1;
}

lockstep *ls_new(void)
{
    lockstep *ls = calloc(1, sizeof(*ls));
    if (!ls)
        return NULL;
    ls->sim = sim_new();
    ls->model = tx_state_new();
    ls->rtl = tx_state_new();
    if (!ls->sim || !ls->model || !ls->rtl) {
        ls_free(ls);
        return NULL;
    }
    ls_config_default(&ls->cfg);
    return ls;
}

void ls_free(lockstep *ls)
{
    if (!ls)
        return;
    if (ls->sim)
        sim_free(ls->sim);
    tx_state_free(ls->model);
    tx_state_free(ls->rtl);
    free(ls);
}

void ls_begin(lockstep *ls, const ls_config *cfg)
{
    ls->cfg = *cfg;
    if (ls->cfg.mem_latency == 0)
        ls->cfg.mem_latency = 1;
    /* Random reset: a fresh RTL model whose every register starts at a
     * random value (docs/regression.md, "--rand-reset"). */
    if (cfg->rand_reset >= 0)
        sim_rand_reset(ls->sim, cfg->rand_seed);
    sim_reset(ls->sim, 2);
    ls->total_cycles += 2;
    ls->cycle = 0;
}

void ls_ready(lockstep *ls)
{
    ms_init(&ls->ms, ls->rtl->mem, ls->cfg.mem_latency, ls->cfg.mem_jitter,
            ls->cfg.backpressure, ls->cfg.seed);
    ls->ms.ooo = ls->cfg.mem_ooo;
}

/* Record the RTL's tap port into per-lane arrays shaped like the model's
 * (docs/filtering.md section 11).  A pass carries four tap slots of a lane:
 * pass p slots 4p .. 4p+3 (p = 1 the second tap group; 2, 3 the second
 * level of a lane of four groups).  Pass 0 also stands for the second
 * group's coordinates, which equal the first's when a lane has one group;
 * a later pass shows the coordinates of its level. */
void ls_capture_taps(const sim_taps_t *t, tx_taps *tp)
{
    if (t->gather_valid)
        for (int l = 0; l < 4; l++)
            if (t->gather_lanes >> l & 1) {
                int lane = t->gather_quad * 4 + l;
                tp->lanes |= 1u << lane;
                for (int o = 0; o < TX_GATHER_WORDS && o < SIM_RD_SLOTS; o++)
                    tp->gather[lane][o] = t->gather[l][o];
            }
    if (t->lod_valid)
        for (int l = 0; l < 4; l++)
            if (t->lod_lanes >> l & 1) {
                int lane = t->lod_quad * 4 + l;
                tp->level[lane] = t->level[l];
                tp->level1[lane] = t->level1[l];
                tp->lod[lane] = t->lod[l];
                tp->mipw[lane] = t->mipw[l];
            }
    if (t->addr_valid)
        for (int l = 0; l < 4; l++)
            if (t->addr_lanes >> l & 1) {
                int lane = t->addr_quad * 4 + l, base = 4 * (t->addr_pass & 3);
                for (int a = 0; a < 3; a++) {
                    if (!t->addr_pass)
                        tp->ufx[lane][0][a] = t->ufx[l][a];
                    tp->ufx[lane][1][a] = t->ufx[l][a];
                }
                for (int k = 0; k < 4; k++) {
                    tp->addr[lane][base + k] = t->addr[l][k];
                    tp->oob[lane][base + k] = t->oob[l] >> k & 1;
                }
            }
    if (t->fetch_valid)
        for (int l = 0; l < 4; l++)
            if (t->fetch_lanes >> l & 1)
                memcpy(tp->texel[t->fetch_quad * 4 + l][4 * (t->fetch_pass & 3)], t->texel[l],
                       sizeof(t->texel[l]));
    if (t->format_valid)
        for (int l = 0; l < 4; l++)
            if (t->format_lanes >> l & 1)
                memcpy(tp->fmt[t->format_quad * 4 + l][4 * (t->format_pass & 3)], t->fmt[l],
                       sizeof(t->fmt[l]));
    if (t->filter_valid)
        for (int l = 0; l < 4; l++)
            if (t->filter_lanes >> l & 1) {
                int lane = t->filter_quad * 4 + l;
                memcpy(tp->filt[lane], t->filt[l], sizeof(tp->filt[0]));
                for (int a = 0; a < 3; a++) {
                    tp->wt[lane][0][a] = t->wt[l][a];
                    tp->wt[lane][1][a] = t->wt[l][3 + a];
                }
            }
    if (t->pixld_valid) {
        tp->stages |= 1u << TX_TAP_PIXLD;
        for (int l = 0; l < 4; l++)
            if (t->pixld_lanes >> l & 1) {
                int lane = t->pixld_quad * 4 + l;
                uint32_t bit = 1u << lane;
                tp->lanes |= bit;
                tp->pix_ra[lane] = t->pix_ra[l];
                tp->pix_index[lane] = t->pix_index[l];
                tp->pix_val[lane] = t->pix_val[l];
                tp->pix_pred = (t->pix_pred >> l & 1) ? tp->pix_pred | bit : tp->pix_pred & ~bit;
            }
    }
}

const sim_taps_t *ls_read_taps(lockstep *ls, sim_taps_t *t, sim_taps_t *su)
{
    sim_get_taps(ls->sim, t);
    return sim_get_suld_taps(ls->sim, su) ? su : NULL;
}

void ls_rtl_write_regs(tx_state *rtl, const sim_out_t *o, tx_effects *fx)
{
    for (int l = 0; l < 4; l++) {
        if (!(o->rf_wr_lanes >> l & 1))
            continue;
        int lane = o->rf_wr_quad * 4 + l;
        for (int s = 0; s < 4; s++) {
            int reg = o->rf_wr_reg[s];
            if (!(o->rf_wr_slots >> s & 1))
                continue;
            /* The port drops slots that name RZ (docs/rtl.md, register writes); one
             * that does not is reported as a write to RZ, which the model
             * never makes, instead of being dropped here unseen. */
            if (reg != TX_RZ)
                rtl->r[lane][reg] = o->rf_wr_data[s][l];
            if (fx->nregw < TX_MAX_REGW) {
                tx_regw *w = &fx->regw[fx->nregw++];
                w->lane = (uint8_t)lane;
                w->reg = (uint8_t)reg;
                w->val = o->rf_wr_data[s][l];
            }
        }
    }
}

void ls_rtl_write_preds(tx_state *rtl, const sim_out_t *o, tx_effects *fx)
{
    int p = o->pr_wr_pred;
    if (p >= TX_NPREDS)
        return;  /* PT: the write is suppressed */
    for (int l = 0; l < 4; l++) {
        if (!(o->pr_wr_lanes >> l & 1))
            continue;
        uint32_t bit = 1u << (o->pr_wr_quad * 4 + l);
        fx->predw_mask[p] |= bit;
        if (o->pr_wr_data >> l & 1) {
            fx->predw_val[p] |= bit;
            rtl->p[p] |= bit;
        } else {
            fx->predw_val[p] &= ~bit;
            rtl->p[p] &= ~bit;
        }
    }
}

/* The inputs that stay put while an instruction runs: the instruction, the
 * warp context from the RTL-side state and the knobs.  Everything else 0. */
void ls_static_inputs(const tx_state *st, uint64_t word, uint32_t ctrl, sim_in_t *in)
{
    memset(in, 0, sizeof(*in));
    in->issue_insn = word;
    in->issue_ctrl = ctrl;
    in->issue_ctm = st->ctm;
    in->issue_ktm = st->ktm;
    in->issue_pixel = (uint8_t)(st->pixel != 0);
    memcpy(in->issue_pred, st->p, sizeof(in->issue_pred));
    in->issue_hash = st->hash;
    in->cfg_tic_base = st->tic_base;
    in->cfg_tsc_base = st->tsc_base;
    in->cfg_tic_max = st->tic_max;
    in->cfg_tsc_max = st->tsc_max;
    in->cfg_fp16_rz = st->fp16_round == TX_FP16_RZ;
    in->cfg_gob_desktop = st->gob_layout == TX_GOB_DESKTOP;
    in->cfg_tsc_via_hdr = st->ogl_binding != 0;
    /* PIXLD raster state (docs/semantics.md S7.1). */
    in->raster_samples = st->raster.samples;
    in->raster_ssaa = st->raster.ssaa != 0;
    in->raster_programmed = st->raster.programmed != 0;
    for (int s = 0; s < TX_MAX_SAMPLES; s++)
        in->raster_pos[s] = (uint8_t)((st->raster.pos[s][0] & 15) | (st->raster.pos[s][1] & 15) << 4);
    for (int l = 0; l < TX_LANES; l++) {
        in->raster_cov[l] = st->raster.cov[l];
        in->raster_sample[l] = st->raster.sample[l];
    }
}

/* Run the RTL until it completes the instruction or the watchdog fires. */
static void run_rtl(lockstep *ls, uint64_t word, uint32_t ctrl, ls_outcome *out)
{
    const tx_state *st = ls->rtl;
    tx_effects *fx = &out->rtl;
    sim_in_t in;
    sim_out_t o;
    sim_taps_t taps, su_taps;
    int issued = 0;
    uint32_t cb_pending = 0, cb_addr = 0;
    int rf_pending = 0, rf_was_pending = 0, rf_quad = 0;
    uint8_t rf_reg[SIM_RD_SLOTS] = {0};

    ls_static_inputs(st, word, ctrl, &in);
    sim_set_static(ls->sim, &in);

    out->issue_cycle = ls->total_cycles;
    for (uint64_t n = 0;; n++) {
        if (n >= ls->cfg.watchdog) {
            out->timed_out = 1;
            break;
        }
        in.issue_valid = !issued;
        in.cb_rd_data = 0;
        if (cb_pending) {
            uint32_t a = cb_addr & (TX_CBANK_BYTES - 4);
            in.cb_rd_data = (uint32_t)st->cbank[a] | (uint32_t)st->cbank[a + 1] << 8 |
                            (uint32_t)st->cbank[a + 2] << 16 | (uint32_t)st->cbank[a + 3] << 24;
        }
        /* Read data answers last cycle's request; otherwise 0, so traces
         * show no stale operands. */
        if (rf_pending)
            for (int s = 0; s < SIM_RD_SLOTS; s++)
                for (int l = 0; l < 4; l++)
                    in.rf_rd_data[s][l] = tx_reg(st, rf_quad * 4 + l, rf_reg[s]);
        else if (rf_was_pending)
            memset(in.rf_rd_data, 0, sizeof(in.rf_rd_data));
        rf_was_pending = rf_pending;
        ms_drive(&ls->ms, ls->cycle, &in);

        sim_set_inputs(ls->sim, &in);
        sim_eval(ls->sim);
        sim_get_outputs(ls->sim, &o);

        if (!issued && o.issue_ready)
            issued = 1;
        cb_pending = o.cb_rd_valid;
        cb_addr = o.cb_rd_addr;
        rf_pending = o.rf_rd_valid;
        rf_quad = o.rf_rd_quad;
        memcpy(rf_reg, o.rf_rd_reg, sizeof(rf_reg));
        /* One warp (tag 0) is served: a write or a completion that names
         * another warp belongs to no state here (warps.c does the same), so
         * a tag fault shows as missing writes or a hang. */
        if (o.rf_wr_valid && o.rf_wr_warp == 0)
            ls_rtl_write_regs(ls->rtl, &o, fx);
        if (o.pr_wr_valid && o.pr_wr_warp == 0)
            ls_rtl_write_preds(ls->rtl, &o, fx);
        ms_observe(&ls->ms, ls->cycle, &in, &o);
        const sim_taps_t *su = NULL;
        if (ls->cfg.capture_taps) {
            su = ls_read_taps(ls, &taps, &su_taps);
            ls_capture_taps(&taps, &fx->taps);
            if (su)
                ls_capture_taps(su, &fx->taps);
        }
        if (ls->observer)
            ls->observer(ls->observer_user, ls, &o, ls->cfg.capture_taps ? &taps : NULL, su);
        int done = issued && o.done_valid && o.done_tag == 0;
        if (done) {
            fx->status = o.done_status;
            fx->hash = o.done_hash;
            ls->rtl->hash = o.done_hash;
        }
        sim_tick(ls->sim);
        ls->cycle++;
        ls->total_cycles++;
        if (done) {
            out->cycles = n + 1;
            out->done_cycle = ls->total_cycles - 1;
            break;
        }
    }
}

void ls_moves(lockstep *ls, const vec_move *mv, int n)
{
    vec_apply_moves(ls->model, mv, n);
    vec_apply_moves(ls->rtl, mv, n);
}

/* Clear only the parts of the outcome that are filled incrementally; the
 * tap arrays are large and only meaningful when captured. */
void ls_outcome_clear(const lockstep *ls, ls_outcome *out)
{
    out->timed_out = 0;
    out->cycles = 0;
    out->ndiff = 0;
    out->rtl.status = 0;
    out->rtl.nregw = 0;
    out->rtl.hash = 0;
    memset(out->rtl.predw_mask, 0, sizeof(out->rtl.predw_mask));
    memset(out->rtl.predw_val, 0, sizeof(out->rtl.predw_val));
    if (ls->cfg.capture_taps)
        memset(&out->rtl.taps, 0, sizeof(out->rtl.taps));
}

int ls_step(lockstep *ls, uint64_t word, uint32_t ctrl, ls_outcome *out)
{
    ls_outcome_clear(ls, out);

    uint64_t t0 = ls_now_ns();
    run_rtl(ls, word, ctrl, out);
    uint64_t t1 = ls_now_ns();
    ls->ns_rtl += t1 - t0;
    ls->insns++;
    if (out->timed_out) {
        /* A hung RTL is left in an unknown state: reset it for the next step. */
        sim_reset(ls->sim, 2);
        ls->total_cycles += 2;
        out->ndiff = 1;
        return 1;
    }
    if (ls->cfg.rtl_only)
        return 0;
    tx_step(ls->model, word, ctrl, &out->model);
    uint64_t t2 = ls_now_ns();
    ls->ns_model += t2 - t1;
    out->ndiff = fx_diff_count(&out->model, &out->rtl);
    ls->ns_compare += ls_now_ns() - t2;
    return out->ndiff;
}

void ls_set_observer(lockstep *ls,
                     void (*fn)(void *user, lockstep *ls, const sim_out_t *o, const sim_taps_t *t,
                                const sim_taps_t *su),
                     void *user)
{
    ls->observer = fn;
    ls->observer_user = user;
}

void ls_idle(lockstep *ls, uint64_t word, uint32_t ctrl, uint64_t n)
{
    const tx_state *st = ls->rtl;
    sim_in_t in;
    sim_out_t o;
    sim_taps_t taps, su_taps;

    /* The same static inputs run_rtl drives, with no instruction offered.
     * Nothing is in flight after a completed instruction, so the constant
     * bank and register-file read data stay 0. */
    ls_static_inputs(st, word, ctrl, &in);
    sim_set_static(ls->sim, &in);

    for (uint64_t i = 0; i < n; i++) {
        ms_drive(&ls->ms, ls->cycle, &in);
        sim_set_inputs(ls->sim, &in);
        sim_eval(ls->sim);
        sim_get_outputs(ls->sim, &o);
        ms_observe(&ls->ms, ls->cycle, &in, &o);
        const sim_taps_t *su = NULL;
        if (ls->cfg.capture_taps)
            su = ls_read_taps(ls, &taps, &su_taps);
        if (ls->observer)
            ls->observer(ls->observer_user, ls, &o, ls->cfg.capture_taps ? &taps : NULL, su);
        sim_tick(ls->sim);
        ls->cycle++;
        ls->total_cycles++;
    }
}
