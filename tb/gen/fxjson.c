/*
 * fxjson.c - effects -> "expect" JSON (see fxjson.h).
 */
#include <stdio.h>
#include "fxjson.h"
#include "vector.h"

static json_object *hex32(uint32_t v)
{
    char buf[16];
    snprintf(buf, sizeof(buf), "0x%08x", v);
    return json_object_new_string(buf);
}

json_object *fx_to_json(const tx_effects *fx)
{
    json_object *o = json_object_new_object();
    const char *st = vec_status_name(fx->status);
    json_object_object_add(o, "status", json_object_new_string(st ? st : "unimplemented"));

    /* Registers in ascending order, each with its 32 lanes (null = no write).
     * The last write of a (lane, register) pair wins. */
    static uint32_t val[TX_NREGS][TX_LANES];
    static uint32_t written[TX_NREGS];
    for (int r = 0; r < TX_NREGS; r++)
        written[r] = 0;
    for (int i = 0; i < fx->nregw; i++) {
        const tx_regw *w = &fx->regw[i];
        written[w->reg] |= 1u << w->lane;
        val[w->reg][w->lane] = w->val;
    }
    json_object *regs = json_object_new_object();
    for (int r = 0; r < TX_NREGS; r++) {
        if (!written[r])
            continue;
        /* One value when every lane wrote the same thing, else 32 entries. */
        int same = written[r] == 0xffffffffu;
        for (int l = 1; same && l < TX_LANES; l++)
            same = val[r][l] == val[r][0];
        json_object *a;
        if (same) {
            a = hex32(val[r][0]);
        } else {
            a = json_object_new_array();
            for (int l = 0; l < TX_LANES; l++)
                json_object_array_add(a, (written[r] >> l & 1) ? hex32(val[r][l]) : NULL);
        }
        char name[8];
        snprintf(name, sizeof(name), "R%d", r);
        json_object_object_add(regs, name, a);
    }
    json_object_object_add(o, "regs", regs);

    json_object *preds = json_object_new_object();
    for (int p = 0; p < TX_NPREDS; p++) {
        if (!fx->predw_mask[p])
            continue;
        json_object *e = json_object_new_object();
        json_object_object_add(e, "mask", hex32(fx->predw_mask[p]));
        json_object_object_add(e, "value", hex32(fx->predw_val[p] & fx->predw_mask[p]));
        char name[4];
        snprintf(name, sizeof(name), "P%d", p);
        json_object_object_add(preds, name, e);
    }
    json_object_object_add(o, "preds", preds);
    json_object_object_add(o, "hash", json_object_new_int(fx->hash));
    return o;
}
