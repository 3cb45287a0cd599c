/*
 * clone.c - a deep copy of a tx_vector that outlives its reader.
 *
 * vec_next hands out a vector that lives only until the next call, because
 * every part of it sits in buffers the reader reuses.  `run --warps K` runs K
 * vectors at once (tb/run/interleave.c), and replays them for the stage
 * report and the waves, so it keeps copies.  A copy is one allocation per
 * part, freed by vec_clone_free; vec_apply takes it like any vector.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vector_int.h"

/* The copy: the public vector first, so that a tx_vector * is the block. */
typedef struct vec_clone_blk {
    tx_vector v;
    struct vec_init init;
    char *strs;            /* id, desc, file and step texts, back to back */
    vec_step *steps;
    vec_reg_expect *rx;    /* expected registers of every step */
    vec_move *mv;          /* moves of every step */
    uint8_t *blob;         /* bytes of the REG_HEX regions, re-packed */
} vec_clone_blk;

static void *dup_mem(const void *p, size_t n)
{
    if (!n)
        return NULL;
    void *q = malloc(n);
    if (q)
        memcpy(q, p, n);
    return q;
}

static char *put_str(char **at, const char *s)
{
    char *d = *at;
    size_t n = strlen(s) + 1;
    memcpy(d, s, n);
    *at += n;
    return d;
}

void vec_clone_free(tx_vector *v)
{
    vec_clone_blk *b = (vec_clone_blk *)v;
    if (!b)
        return;
    for (int i = 0; i < b->init.nregions; i++) {
        free(b->init.regions[i].path);
        free((char *)b->init.regions[i].name);
    }
    free(b->init.regs);
    free(b->init.cb);
    free(b->init.regions);
    free(b->init.headers);
    free(b->init.samplers);
    free(b->strs);
    free(b->steps);
    free(b->rx);
    free(b->mv);
    free(b->blob);
    free(b);
}

tx_vector *vec_clone(const tx_vector *src)
{
    vec_clone_blk *b = calloc(1, sizeof(*b));
    if (!b)
        return NULL;
    const struct vec_init *si = src->init;
    struct vec_init *di = &b->init;
    int ok = 1;

    /* Strings. */
    size_t sn = strlen(src->id) + strlen(src->desc ? src->desc : "") + strlen(src->file) + 3;
    size_t nrx = 0, nmv = 0;
    for (int i = 0; i < src->nsteps; i++) {
        const vec_step *st = &src->steps[i];
        if (st->text)
            sn += strlen(st->text) + 1;
        if (st->has_expect && st->expect.has_regs)
            nrx += (size_t)st->expect.nregs;
        nmv += (size_t)(st->npre + st->npost);
    }
    b->strs = malloc(sn);
    b->steps = calloc((size_t)src->nsteps, sizeof(vec_step));
    b->rx = nrx ? malloc(nrx * sizeof(vec_reg_expect)) : NULL;
    b->mv = nmv ? malloc(nmv * sizeof(vec_move)) : NULL;
    if (!b->strs || !b->steps || (nrx && !b->rx) || (nmv && !b->mv)) {
        vec_clone_free(&b->v);
        return NULL;
    }
    char *at = b->strs;
    b->v = *src;
    b->v.id = put_str(&at, src->id);
    b->v.desc = put_str(&at, src->desc ? src->desc : "");
    b->v.file = put_str(&at, src->file);
    b->v.steps = b->steps;
    b->v.init = di;

    /* Steps: the expected registers and the moves point into one array each. */
    size_t rxi = 0, mvi = 0;
    for (int i = 0; i < src->nsteps; i++) {
        const vec_step *st = &src->steps[i];
        vec_step *d = &b->steps[i];
        *d = *st;
        d->text = st->text ? put_str(&at, st->text) : NULL;
        if (st->has_expect && st->expect.has_regs && st->expect.nregs) {
            memcpy(b->rx + rxi, st->expect.regs, (size_t)st->expect.nregs * sizeof(vec_reg_expect));
            d->expect.regs = b->rx + rxi;
            rxi += (size_t)st->expect.nregs;
        }
        if (st->npre) {
            memcpy(b->mv + mvi, st->pre, (size_t)st->npre * sizeof(vec_move));
            d->pre = b->mv + mvi;
            mvi += (size_t)st->npre;
        }
        if (st->npost) {
            memcpy(b->mv + mvi, st->post, (size_t)st->npost * sizeof(vec_move));
            d->post = b->mv + mvi;
            mvi += (size_t)st->npost;
        }
    }

    /* The initial state. */
    *di = *si;
    di->regs = dup_mem(si->regs, (size_t)si->nregs * sizeof(init_reg));
    di->cb = dup_mem(si->cb, (size_t)si->ncb * sizeof(init_cb));
    di->headers = dup_mem(si->headers, (size_t)si->nheaders * sizeof(init_desc));
    di->samplers = dup_mem(si->samplers, (size_t)si->nsamplers * sizeof(init_desc));
    di->regions = si->nregions ? calloc((size_t)si->nregions, sizeof(init_region)) : NULL;
    di->blob = NULL;
    ok = (!si->nregs || di->regs) && (!si->ncb || di->cb) && (!si->nheaders || di->headers) &&
         (!si->nsamplers || di->samplers) && (!si->nregions || di->regions);
    if (!ok) {
        di->nregions = 0;
        vec_clone_free(&b->v);
        return NULL;
    }
    size_t blob_len = 0;
    for (int i = 0; i < si->nregions; i++)
        if (si->regions[i].how == REG_HEX)
            blob_len += (size_t)si->regions[i].size;
    if (blob_len && !(b->blob = malloc(blob_len)))
        ok = 0;
    size_t boff = 0;
    for (int i = 0; i < si->nregions && ok; i++) {
        const init_region *g = &si->regions[i];
        init_region *d = &di->regions[i];
        *d = *g;
        d->path = NULL;
        d->name = NULL;
        if (g->how == REG_HEX) {
            memcpy(b->blob + boff, si->blob + g->blob_off, (size_t)g->size);
            d->blob_off = boff;
            boff += (size_t)g->size;
        } else if (g->how == REG_FILE) {
            d->path = g->path ? strdup(g->path) : NULL;
            d->name = g->name ? strdup(g->name) : NULL;
            if ((g->path && !d->path) || (g->name && !d->name))
                ok = 0;
        }
    }
    di->blob = b->blob;
    if (!ok) {
        vec_clone_free(&b->v);
        return NULL;
    }
    return &b->v;
}
