/*
 * steps.c - the steps of a vector and their expectations, and the Direct3D
 * `ld` steps lowered to TLDS (docs/d3d-ld.md).
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700   /* realpath */
#endif
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <json.h>

#include "d3d.h"
#include "isa.h"
#include "mem.h"
#include "model.h"
#include "state.h"
#include "tic.h"
#include "vector_int.h"

/* ---------------------------------------------------------------------------
 * Steps and expectations.
 */

static int cmp_rx(const void *a, const void *b)
{
    const vec_reg_expect *x = a, *y = b;
    return (int)x->reg - (int)y->reg;
}

static int parse_expect(vec_reader *r, json_object *o, vec_step *st, int si)
{
    static const char *const keys[] = { "status", "regs", "preds", "hash", NULL };
    static const char *const stnames[] = { "ok", "illegal", "fault", "trap", NULL };
    vec_expect *x = &st->expect;
    json_object *m;

    if (vr_want_type(r, o, json_type_object, "an object") < 0 || vr_check_keys(r, o, keys) < 0)
        return -1;
    memset(x, 0, sizeof *x);
    x->status = VEC_STATUS_ANY;
    r->step_rx[si] = r->nrx;

    if (json_object_object_get_ex(o, "status", &m)) {
        size_t old = vr_path_key(r, "status");
        if (vr_get_choice(r, m, stnames, &x->status) < 0)
            return -1;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(o, "regs", &m)) {
        size_t old = vr_path_key(r, "regs");
        if (vr_want_type(r, m, json_type_object, "an object") < 0)
            return -1;
        x->has_regs = 1;
        json_object_object_foreach(m, key, val) {
            size_t o2 = vr_path_key(r, key);
            int n = vr_reg_number(key);
            vec_reg_expect *e;
            if (n < 0)
                return vr_fail(r, strcmp(key, "RZ") == 0 ? "RZ is never written"
                                                      : "not a register name (R0..R254)");
            if (GROW(r, r->rx, r->rx_cap, r->nrx + 1) < 0)
                return -1;
            e = &r->rx[r->nrx];
            memset(e, 0, sizeof *e);
            e->reg = (uint8_t)n;
            if (val && json_object_is_type(val, json_type_array)) {
                if (json_object_array_length(val) != TX_LANES)
                    return vr_fail(r, "expected one value or an array of %d entries (value or null),"
                                " got %zu", TX_LANES, json_object_array_length(val));
                for (int l = 0; l < TX_LANES; l++) {
                    json_object *lv = json_object_array_get_idx(val, (size_t)l);
                    size_t o3 = vr_path_idx(r, (size_t)l);
                    if (lv) {
                        if (vr_get_u32(r, lv, &e->val[l]) < 0)
                            return -1;
                        e->written |= 1u << l;
                    }
                    vr_path_pop(r, o3);
                }
            } else {
                if (vr_get_lanes(r, val, e->val) < 0)
                    return -1;
                e->written = 0xffffffffu;
            }
            r->nrx++;
            x->nregs++;
            vr_path_pop(r, o2);
        }
        if (x->nregs > 1)   /* "regs": {} leaves rx NULL: no qsort(NULL, 0) */
            qsort(r->rx + r->step_rx[si], (size_t)x->nregs, sizeof *r->rx, cmp_rx);
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(o, "preds", &m)) {
        static const char *const pkeys[] = { "mask", "value", NULL };
        size_t old = vr_path_key(r, "preds");
        uint32_t seen = 0;
        if (vr_want_type(r, m, json_type_object, "an object") < 0)
            return -1;
        x->has_preds = 1;
        json_object_object_foreach(m, key, val) {
            size_t o2 = vr_path_key(r, key);
            int n = vr_pred_number(key);
            uint64_t mask, value;
            if (n < 0)
                return vr_fail(r, strcmp(key, "PT") == 0 ? "PT is never written"
                                                      : "not a predicate name (P0..P6)");
            if (vr_want_type(r, val, json_type_object, "an object {\"mask\", \"value\"}") < 0 ||
                vr_check_keys(r, val, pkeys) < 0)
                return -1;
            if (vr_member_uint(r, val, "mask", 0xffffffffu, &mask) < 0 ||
                vr_member_uint(r, val, "value", 0xffffffffu, &value) < 0)
                return -1;
            if (value & ~mask)
                return vr_fail(r, "value 0x%08" PRIx64 " has bits outside mask 0x%08" PRIx64,
                            value, mask);
            seen |= 1u << n;
            x->preds[x->npreds].pred = (uint8_t)n;
            x->preds[x->npreds].mask = (uint32_t)mask;
            x->preds[x->npreds].value = (uint32_t)value;
            x->npreds++;
            vr_path_pop(r, o2);
        }
        /* Sort by predicate (at most 7 entries). */
        for (int i = 1; i < x->npreds; i++)
            for (int j = i; j > 0 && x->preds[j - 1].pred > x->preds[j].pred; j--) {
                vec_pred_expect t = x->preds[j];
                x->preds[j] = x->preds[j - 1];
                x->preds[j - 1] = t;
            }
        (void)seen;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(o, "hash", &m)) {
        uint64_t h;
        size_t old = vr_path_key(r, "hash");
        if (vr_get_uint(r, m, 255, &h) < 0)
            return -1;
        x->has_hash = 1;
        x->hash = (uint8_t)h;
        vr_path_pop(r, old);
    }
    return 0;
}


/* ---------------------------------------------------------------------------
 * Direct3D resources and steps (docs/d3d-ld.md).
 */

/* The constant-bank word at byte offset off as the vector sets it (the last
 * entry for an offset wins, as in vec_apply); 0 when not set. */
static uint32_t init_cbank_word(const struct vec_init *in, uint32_t off)
{
    uint32_t v = 0;
    for (int i = 0; i < in->ncb; i++)
        if (in->cb[i].off == off)
            v = in->cb[i].val;
    return v;
}

/* "d3d": {"t<n>": {"dim": name, "slot": word index, "bound": bool}}. */
int vr_parse_d3d(vec_reader *r, json_object *o)
{
    static const char *const keys[] = { "dim", "slot", "bound", NULL };
    struct vec_init *in = &r->init;

    if (vr_want_type(r, o, json_type_object, "an object") < 0)
        return -1;
    json_object_object_foreach(o, key, val) {
        size_t old = vr_path_key(r, key);
        json_object *m;
        uint64_t slot;
        long t = -1;
        tx_d3d_res *res;

        /* "t0".."t127", no leading zeros. */
        if (key[0] == 't' && key[1] >= '0' && key[1] <= '9' && strlen(key) <= 4 &&
            !(key[1] == '0' && key[2])) {
            char *end;
            t = strtol(key + 1, &end, 10);
            if (*end)
                t = -1;
        }
        if (t < 0 || t >= TX_D3D_NRES)
            return vr_fail(r, "not a resource register name (t0..t%d)", TX_D3D_NRES - 1);
        res = &r->d3dres[t];
        if (vr_want_type(r, val, json_type_object, "an object {\"dim\", \"slot\", \"bound\"}") < 0 ||
            vr_check_keys(r, val, keys) < 0)
            return -1;

        size_t o2 = vr_path_key(r, "dim");
        if (!json_object_object_get_ex(val, "dim", &m))
            return vr_fail(r, "missing (one of: buffer, texture1d, texture1darray, texture2d, "
                           "texture2darray, texture2dms, texture2dmsarray, texture3d, "
                           "texturecube, texturecubearray)");
        if (vr_want_type(r, m, json_type_string, "a string") < 0)
            return -1;
        int dim = tx_d3d_dim_from_name(json_object_get_string(m));
        if (dim < 0)
            return vr_fail(r, "unknown resource dimension '%s' (one of: buffer, texture1d, "
                           "texture1darray, texture2d, texture2darray, texture2dms, "
                           "texture2dmsarray, texture3d, texturecube, texturecubearray)",
                        json_object_get_string(m));
        vr_path_pop(r, o2);

        o2 = vr_path_key(r, "slot");
        if (!json_object_object_get_ex(val, "slot", &m))
            return vr_fail(r, "missing: the constant-bank word index of the texture handle "
                           "(the TLDS #tsPtrIdx)");
        vr_path_pop(r, o2);
        if (vr_member_uint(r, val, "slot", 0x1fff, &slot) < 0)
            return -1;

        res->declared = 1;
        res->dim = (uint8_t)dim;
        res->slot = (uint16_t)slot;
        res->bound = 1;
        if (json_object_object_get_ex(val, "bound", &m)) {
            o2 = vr_path_key(r, "bound");
            if (vr_want_type(r, m, json_type_boolean, "true or false") < 0)
                return -1;
            res->bound = json_object_get_boolean(m) ? 1 : 0;
            vr_path_pop(r, o2);
        }

        /* An unbound t# must return zeros: its handle has to name a header
         * above the pool's maximum (TLDS seed, #tsPtrIdxU13). */
        if (!res->bound) {
            uint32_t tic_max = (in->given & G_TIC) ? in->tic_max : 0;
            uint32_t handle = init_cbank_word(in, (uint32_t)slot * 4u);
            if ((handle & 0xfffffu) <= tic_max)
                return vr_fail(r, "declared unbound, but the handle at slot 0x%x (cbank 0x%x = "
                               "0x%08" PRIx32 ") names header %" PRIu32 ", which is not above "
                               "tic.max %" PRIu32 ": set a handle above the pool's maximum",
                            (unsigned)slot, (unsigned)slot * 4u, handle, handle & 0xfffffu,
                            tic_max);
        }
        vr_path_pop(r, old);
    }
    return 0;
}

/* Lowering callback: the lane values of a register when the vector is read,
 * if no earlier step may have written it. */
static int d3d_reg_value(void *user, int reg, uint32_t val[32])
{
    vec_reader *r = user;
    const struct vec_init *in = &r->init;

    if (reg < 0 || reg >= TX_RZ || r->reg_written[reg])
        return 0;
    memset(val, 0, 32 * sizeof *val);
    for (int i = 0; i < in->nregs; i++)
        if (in->regs[i].reg == reg)
            memcpy(val, in->regs[i].val, 32 * sizeof *val);
    return 1;
}

/* Lower step si's Direct3D text into st (word, moves). */
static int parse_d3d_step(vec_reader *r, json_object *m, vec_step *st, int si)
{
    const struct vec_init *in = &r->init;
    tx_d3d_env env;
    tx_d3d_lowered lw;
    tx_d3d_err de;

    if (vr_want_type(r, m, json_type_string, "a string of Direct3D ld text") < 0)
        return -1;
    st->text = json_object_get_string(m);
    if (strlen(st->text) != (size_t)json_object_get_string_len(m))
        return vr_fail(r, "the text holds a \\u0000 (NUL) character");
    st->d3d = 1;
    env.res = r->d3dres;
    env.pixel = (in->given & G_PIXEL) ? in->pixel : 1;
    env.ctm = (in->given & G_CTM) ? in->ctm : 0xffffffffu;
    env.reg_value = d3d_reg_value;
    env.user = r;
    if (tx_d3d_compile(st->text, &env, &lw, &de) != 0)
        return de.col ? vr_fail(r, "column %d: %s", de.col, de.msg) : vr_fail(r, "%s", de.msg);
    st->word = lw.word;
    st->ctrl = lw.ctrl;
    if (GROW(r, r->mv, r->mv_cap, r->nmv + lw.npre + lw.npost) < 0)
        return -1;
    r->step_mv[si] = r->nmv;
    for (int i = 0; i < lw.npre + lw.npost; i++) {
        const tx_d3d_move *d = i < lw.npre ? &lw.pre[i] : &lw.post[i - lw.npre];
        vec_move *v = &r->mv[r->nmv++];
        v->dst = d->dst;
        v->from_imm = d->from_imm;
        v->src = d->src;
        v->sat16 = d->sat16;
        v->imm = d->imm;
        v->lanes = d->lanes;
    }
    st->npre = lw.npre;
    st->npost = lw.npost;
    return 0;
}

/* After step st: mark every register it may write (for d3d_reg_value). */
static void note_writes(vec_reader *r, const vec_step *st)
{
    tx_insn d;

    for (int i = 0; i < st->npre + st->npost; i++)
        r->reg_written[r->mv[r->step_mv[st - r->steps] + i].dst] = 1;
    tx_decode(st->word, st->ctrl, &d);
    if (d.op == TX_OP_TLDS) {
        /* At most Rd0, Rd0+1, Rd1, Rd1+1, whatever the mask. */
        const int rd[4] = { d.rd, d.rd + 1, d.u.tlds.rd1, d.u.tlds.rd1 + 1 };
        for (int k = 0; k < 4; k++)
            if (rd[k] < TX_RZ && !(k % 2 == 1 && rd[k - 1] == TX_RZ))
                r->reg_written[rd[k]] = 1;
    } else if (d.op == TX_OP_TLD) {
        /* At most Rd..Rd+3, one register per written component. */
        for (int k = 0; k < 4; k++)
            if (d.rd + k < TX_RZ)
                r->reg_written[d.rd + k] = 1;
    } else {
        /* Another instruction: assume it may write anything. */
        memset(r->reg_written, 1, sizeof r->reg_written);
    }
}

int vr_parse_steps(vec_reader *r, json_object *o)
{
    static const char *const keys[] = { "sass", "word", "ctrl", "d3d", "expect", NULL };
    size_t n;

    if (vr_want_type(r, o, json_type_array, "an array of steps") < 0)
        return -1;
    n = json_object_array_length(o);
    if (n == 0)
        return vr_fail(r, "empty: a vector needs at least one step");
    /* The most steps a vector of bare steps can have within the reader's
     * bounds on a line (32 MiB of text, 256 MiB of JSON tree: about 1.2 KB
     * per step object in json-c), so the number is one a file can reach. */
    if (n > VEC_MAX_STEPS)
        return vr_fail(r, "%zu steps: at most %d per vector", n, VEC_MAX_STEPS);
    if (GROW(r, r->steps, r->steps_cap, (int)n) < 0)
        return -1;
    {
        int cap = r->steps_cap;
        void *q = realloc(r->step_rx, (size_t)cap * sizeof *r->step_rx);
        if (!q)
            return vr_fail(r, "out of memory");
        r->step_rx = q;
        q = realloc(r->step_mv, (size_t)cap * sizeof *r->step_mv);
        if (!q)
            return vr_fail(r, "out of memory");
        r->step_mv = q;
    }
    r->nrx = 0;
    r->nmv = 0;
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(o, i), *m;
        vec_step *st = &r->steps[i];
        size_t old = vr_path_idx(r, i);
        int hs, hw, hd;

        memset(st, 0, sizeof *st);
        r->step_rx[i] = 0;
        r->step_mv[i] = r->nmv;
        if (vr_want_type(r, e, json_type_object, "an object") < 0 || vr_check_keys(r, e, keys) < 0)
            return -1;
        hs = json_object_object_get_ex(e, "sass", NULL);
        hw = json_object_object_get_ex(e, "word", NULL);
        hd = json_object_object_get_ex(e, "d3d", NULL);
        if (hd && hs + hw + hd != 1)
            return vr_fail(r, "give exactly one of \"sass\", \"word\" or \"d3d\"");
        if (hs + hw + hd != 1)
            return vr_fail(r, "give exactly one of \"sass\" or \"word\"");
        if (hd && json_object_object_get_ex(e, "ctrl", NULL))
            return vr_fail(r, "\"ctrl\" goes with \"word\" only (a d3d step is lowered to a TLDS "
                        "with the default control field)");
        if (hd) {
            size_t o2 = vr_path_key(r, "d3d");
            json_object_object_get_ex(e, "d3d", &m);
            if (parse_d3d_step(r, m, st, (int)i) < 0)
                return -1;
            vr_path_pop(r, o2);
        } else if (hs && json_object_object_get_ex(e, "ctrl", NULL)) {
            return vr_fail(r, "\"ctrl\" goes with \"word\" only (SASS text carries its own "
                        "scheduling fields)");
        } else if (hs) {
            tx_asm_err ae;
            size_t o2 = vr_path_key(r, "sass");
            json_object_object_get_ex(e, "sass", &m);
            if (vr_want_type(r, m, json_type_string, "a string of SASS text") < 0)
                return -1;
            st->text = json_object_get_string(m);
            if (strlen(st->text) != (size_t)json_object_get_string_len(m))
                return vr_fail(r, "the text holds a \\u0000 (NUL) character");
            memset(&ae, 0, sizeof ae);
            if (tx_asm_opt(st->text, r->init.allow_illegal, &st->word, &st->ctrl, &ae) != 0)
                return vr_fail(r, "column %d: %s", ae.col, ae.msg[0] ? ae.msg : "cannot assemble");
            vr_path_pop(r, o2);
        } else {
            uint64_t v;
            if (vr_member_uint(r, e, "word", UINT64_MAX, &st->word) < 0)
                return -1;
            st->ctrl = TX_CTRL_DEFAULT;
            if (json_object_object_get_ex(e, "ctrl", NULL)) {
                if (vr_member_uint(r, e, "ctrl", 0x1fffff, &v) < 0)
                    return -1;
                st->ctrl = (uint32_t)v;
            }
        }
        if (json_object_object_get_ex(e, "expect", &m)) {
            size_t o2 = vr_path_key(r, "expect");
            st->has_expect = 1;
            if (parse_expect(r, m, st, (int)i) < 0)
                return -1;
            vr_path_pop(r, o2);
        }
        note_writes(r, st);
        vr_path_pop(r, old);
    }
    /* Point the expectations at the final location of rx[]. */
    for (size_t i = 0; i < n; i++)
        r->steps[i].expect.regs = r->steps[i].expect.nregs ? r->rx + r->step_rx[i] : NULL;
    /* The same for the moves. */
    for (size_t i = 0; i < n; i++) {
        vec_step *st = &r->steps[i];
        st->pre = st->npre ? r->mv + r->step_mv[i] : NULL;
        st->post = st->npost ? r->mv + r->step_mv[i] + st->npre : NULL;
    }
    r->vec.nsteps = (int)n;
    r->vec.steps = r->steps;
    return 0;
}
