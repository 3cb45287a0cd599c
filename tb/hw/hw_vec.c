/*
 * hw_vec.c - the warps of a hardware case as lockstep vector files.
 *
 * A vector carries the case's texture, header, sampler and handle, and up to
 * HW_VEC_WARPS warps as steps: warp k reads its coordinates from
 * R(4 + 8k).. and its LOD from R(8 + 8k), and writes R0..R3.  The model fills
 * in each step's expectation (gen_flush), so the run compares the RTL with
 * the model on exactly the queries the conformance table scores against the
 * hardware.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "hw_vec.h"

#define HW_VEC_WARPS 30   /* R4 + 8 * 29 + 7 = R243 */

struct hw_vec_writer {
    gen_ctx g;
    const hw_case *c;
    const hw_job *j;
    json_object *v;       /* the vector being filled */
    int nwarps, pixel, nvec;
};

static void put_words(json_object *v, const char *key, const uint32_t w[8])
{
    json_object *arr = json_object_new_array(), *e = json_object_new_object();
    json_object *ws = json_object_new_array();
    for (int i = 0; i < 8; i++)
        json_object_array_add(ws, gen_hex32(w[i]));
    gen_set(e, "index", json_object_new_int(0));
    gen_set(e, "words", ws);
    json_object_array_add(arr, e);
    gen_set(v, key, arr);
}

/* A new vector with the case's state. */
static void begin_vector(hw_vec_writer *w, int pixel)
{
    char id[96], desc[160];
    snprintf(id, sizeof id, "%s-%d", w->c->id, w->nvec++);
    snprintf(desc, sizeof desc, "recorded hardware case %s (group %s), warps of its queries",
             w->c->id, w->c->group);
    json_object *v = gen_vector(&w->g, id, desc), *o = json_object_new_object();
    gen_set(o, "base", gen_hex64(HW_TIC_BASE));
    gen_set(o, "max", json_object_new_int(0));
    gen_set(v, "tic", o);
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(HW_TSC_BASE));
    gen_set(o, "max", json_object_new_int(0));
    gen_set(v, "tsc", o);
    gen_set(v, "pixel", json_object_new_boolean(pixel));
    put_words(v, "headers", w->j->tic);
    put_words(v, "samplers", w->j->tsc);
    gen_cbank(v, 0, 0);
    gen_memory_runs(v, HW_TEX_BASE, w->j->image, w->j->image_len);
    w->v = v;
    w->nwarps = 0;
    w->pixel = pixel;
}

int hw_vec_open(hw_vec_writer **out, const char *dir, const hw_case *c, const hw_job *j,
                char *err, size_t errlen)
{
    hw_vec_writer *w = calloc(1, sizeof *w);
    char path[4096];
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s.jsonl", dir, c->id);
    if (gen_open(&w->g, path, 1, 0) < 0) {
        free(w);
        snprintf(err, errlen, "cannot write %s", path);
        return -1;
    }
    w->c = c;
    w->j = j;
    *out = w;
    return 0;
}

int hw_vec_warp(hw_vec_writer *w, const hw_warp *wp, char *err, size_t errlen)
{
    if (!w->v || w->nwarps == HW_VEC_WARPS || w->pixel != wp->pixel) {
        if (w->v && gen_flush(&w->g) < 0) {
            snprintf(err, errlen, "a generated vector was refused (message above)");
            return -1;
        }
        begin_vector(w, wp->pixel);
    }
    int ra = HW_RA + 8 * w->nwarps, rb = ra + 4;
    for (int r = 0; r < 4; r++) {
        uint32_t val[32];
        for (int l = 0; l < 32; l++)
            val[l] = wp->regs[l][HW_RA + r];
        gen_reg(w->v, ra + r, val);
    }
    if (wp->rb) {
        uint32_t val[32];
        for (int l = 0; l < 32; l++)
            val[l] = wp->regs[l][HW_RB];
        gen_reg(w->v, rb, val);
    }
    char text[128];
    hw_warp_text(wp, ra, rb, text, sizeof text);
    gen_step(w->v, text);
    w->nwarps++;
    return 0;
}

int hw_vec_close(hw_vec_writer *w, int commit, char *err, size_t errlen)
{
    /* A case with no warp (no query the unit can run) writes no file. */
    commit = commit && w->nvec > 0;
    int rc = gen_close(&w->g, commit);
    free(w);
    if (commit && rc < 0) {
        snprintf(err, errlen, "the vector file was not written (message above)");
        return -1;
    }
    return 0;
}
