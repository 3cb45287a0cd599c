/*
 * repro.c - a step's expectation as effects, and the reproduce command
 * (repro.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "repro.h"
#include "warps.h"

/* The expectation of a step as effects; parts it does not give are copied
 * from `model` so that they compare equal. */
void expect_effects(const vec_expect *e, const tx_effects *model, tx_effects *want)
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

/* Append s to the buffer, quoted for a POSIX shell when it needs it. */
void sh_quote(char *dst, size_t n, const char *s)
{
    size_t len = strlen(dst);
    int plain = *s != 0;
    for (const char *p = s; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+=:,@%", *p))
            plain = 0;
    if (plain) {
        snprintf(dst + len, n - len, "%s", s);
        return;
    }
    if (len + 1 < n)
        dst[len++] = '\'';
    for (const char *p = s; *p && len + 5 < n; p++) {
        if (*p == '\'') {
            memcpy(dst + len, "'\\''", 4);
            len += 4;
        } else {
            dst[len++] = *p;
        }
    }
    if (len + 1 < n)
        dst[len++] = '\'';
    dst[len < n ? len : n - 1] = 0;
}

/* The one-line command that runs this vector again with the same settings:
 * alone, or (group != NULL, run --warps) with its whole group as the same
 * warps in the same issue order, in one process, cycle for cycle. */
void reproduce_cmd(char *buf, size_t n, const run_opts *o, const char *file, const char *id,
                   const char *group, int nwarps, const ls_config *c)
{
    ls_config d;
    size_t len;
    char ord[64];
    ls_config_default(&d);
    buf[0] = 0;
    sh_quote(buf, n, o->argv0);
    len = strlen(buf);
    if (group) {
        snprintf(buf + len, n - len, " run -j 1 --warps %d --issue-order %s --group ", nwarps,
                 issue_order_text(o, ord, sizeof(ord)));
        sh_quote(buf, n, group);
    } else {
        snprintf(buf + len, n - len, " run --vector ");
        sh_quote(buf, n, id);
    }
    len = strlen(buf);
    snprintf(buf + len, n - len,
             " --seed %" PRIu64 " --latency %" PRIu32 " --jitter %" PRIu32 " --backpressure %" PRIu32,
             c->seed, c->mem_latency, c->mem_jitter, c->backpressure);
    len = strlen(buf);
    /* A group's vectors may each have a watchdog of their own ("tb"), which
     * applies again; only a command-line watchdog is repeated for them. */
    if (group && o->watchdog >= 0)
        snprintf(buf + len, n - len, " --watchdog %" PRId64, o->watchdog);
    else if (!group && c->watchdog != d.watchdog)
        snprintf(buf + len, n - len, " --watchdog %" PRIu64, c->watchdog);
    len = strlen(buf);
    if (o->mem_ooo)
        snprintf(buf + len, n - len, " --mem-order ooo");
    len = strlen(buf);
    if (c->rtl_only)
        snprintf(buf + len, n - len, " --rtl-only");
    len = strlen(buf);
    if (c->rand_reset >= 0)
        snprintf(buf + len, n - len, " --rand-reset %" PRId64, c->rand_reset);
    len = strlen(buf);
    snprintf(buf + len, n - len, " ");
    sh_quote(buf, n, file);
}

const char *issue_order_text(const run_opts *o, char *buf, size_t n)
{
    if (o->issue_order == WP_ORDER_RANDOM)
        snprintf(buf, n, "random:%" PRIu64, o->issue_seed);
    else
        snprintf(buf, n, "rr");
    return buf;
}
