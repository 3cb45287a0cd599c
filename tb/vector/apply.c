/*
 * apply.c - vec_apply: load a parsed vector into a warp state (registers,
 * predicates, constant bank, memory, side files, headers and samplers).
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

/* Error of vec_apply (not tied to the reader). */
static int apply_fail(const tx_vector *v, vec_error *err, const char *fmt, ...)
{
    char msg[384];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", v->file);
    err->line = v->line;
    snprintf(err->id, sizeof err->id, "%s", v->id);
    snprintf(err->text, sizeof err->text, "%s:%ld: vector '%s': %s", v->file, v->line, v->id, msg);
    return -1;
}

static void words_to_bytes(const uint32_t w[8], uint8_t b[32])
{
    for (int i = 0; i < 8; i++) {
        b[4 * i + 0] = (uint8_t)w[i];
        b[4 * i + 1] = (uint8_t)(w[i] >> 8);
        b[4 * i + 2] = (uint8_t)(w[i] >> 16);
        b[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
}

/* Copy a side file into memory at addr, in chunks. */
static int load_file(const tx_vector *v, const init_region *g, tx_state *s, vec_error *err)
{
    uint8_t buf[65536];
    uint64_t done = 0;
    FILE *f = fopen(g->path, "rb");

    if (!f)
        return apply_fail(v, err, "side file '%s': %s", g->name, strerror(errno));
    while (done < g->size) {
        size_t want = g->size - done < sizeof buf ? (size_t)(g->size - done) : sizeof buf;
        size_t got = fread(buf, 1, want, f);
        if (got == 0)
            break;
        if (tx_mem_write(s->mem, g->addr + done, buf, got) != 0) {
            fclose(f);
            return apply_fail(v, err, "side file '%s': cannot write memory at 0x%" PRIx64,
                              g->name, g->addr + done);
        }
        done += got;
    }
    fclose(f);
    if (done != g->size)
        return apply_fail(v, err, "side file '%s' shrank while being read (%" PRIu64 " of %"
                          PRIu64 " bytes)", g->name, done, g->size);
    return 0;
}

int vec_apply(const tx_vector *v, tx_state *s, vec_error *err)
{
    const struct vec_init *in = v->init;
    uint8_t b[32];

    tx_state_reset(s);

    if (in->given & G_CTM)
        s->ctm = in->ctm;
    if (in->given & G_KTM)
        s->ktm = in->ktm;
    if (in->given & G_PIXEL)
        s->pixel = in->pixel;
    if (in->given & G_FP16)
        s->fp16_round = in->fp16_round ? TX_FP16_RZ : TX_FP16_RNE;
    if (in->given & G_OGL)
        s->ogl_binding = (uint8_t)in->ogl_binding;
    if (in->given & G_GOB)
        s->gob_layout = in->gob_layout ? TX_GOB_DESKTOP : TX_GOB_TEGRA;
    if (in->given & G_HASH)
        s->hash = in->hash;
    if (in->given & G_RASTER)
        s->raster = in->raster;
    if (in->given & G_TIC) {
        s->tic_base = in->tic_base;
        s->tic_max = in->tic_max;
    }
    if (in->given & G_TSC) {
        s->tsc_base = in->tsc_base;
        s->tsc_max = in->tsc_max;
    }

    for (int i = 0; i < in->nregs; i++)
        for (int l = 0; l < TX_LANES; l++)
            s->r[l][in->regs[i].reg] = in->regs[i].val[l];
    for (int p = 0; p < TX_NPREDS; p++)
        if (in->preds_given & (1u << p))
            s->p[p] = in->preds[p];
    for (int i = 0; i < in->ncb; i++) {
        uint32_t off = in->cb[i].off, val = in->cb[i].val;
        s->cbank[off + 0] = (uint8_t)val;
        s->cbank[off + 1] = (uint8_t)(val >> 8);
        s->cbank[off + 2] = (uint8_t)(val >> 16);
        s->cbank[off + 3] = (uint8_t)(val >> 24);
    }

    for (int i = 0; i < in->nregions; i++) {
        const init_region *g = &in->regions[i];
        switch (g->how) {
        case REG_HEX:
            if (tx_mem_write(s->mem, g->addr, in->blob + g->blob_off, (size_t)g->size) != 0)
                return apply_fail(v, err, "mem[%d]: cannot write memory at 0x%" PRIx64, i,
                                  g->addr);
            break;
        case REG_FILE:
            if (load_file(v, g, s, err) < 0)
                return -1;
            break;
        default:
            if (tx_mem_map(s->mem, g->addr, g->size, (enum tx_page_kind)g->kind) != 0)
                return apply_fail(v, err, "mem[%d]: cannot map 0x%" PRIx64 " + 0x%" PRIx64, i,
                                  g->addr, g->size);
            break;
        }
    }

    for (int i = 0; i < in->nheaders; i++) {
        uint64_t a = s->tic_base + 32ull * in->headers[i].index;
        words_to_bytes(in->headers[i].w, b);
        if (tx_mem_write(s->mem, a, b, sizeof b) != 0)
            return apply_fail(v, err, "headers[%d]: cannot write memory at 0x%" PRIx64, i, a);
    }
    for (int i = 0; i < in->nsamplers; i++) {
        uint64_t a = s->tsc_base + 32ull * in->samplers[i].index;
        words_to_bytes(in->samplers[i].w, b);
        if (tx_mem_write(s->mem, a, b, sizeof b) != 0)
            return apply_fail(v, err, "samplers[%d]: cannot write memory at 0x%" PRIx64, i, a);
    }
    return 0;
}

void vec_apply_moves(tx_state *s, const vec_move *mv, int n)
{
    for (int i = 0; i < n; i++) {
        if (mv[i].dst == TX_RZ)
            continue;
        for (int l = 0; l < TX_LANES; l++)
            if (mv[i].lanes >> l & 1)
                s->r[l][mv[i].dst] = mv[i].from_imm ? mv[i].imm
                                 : mv[i].sat16 && tx_reg(s, l, mv[i].src) > 0xffffu ? 0xffffu
                                 : tx_reg(s, l, mv[i].src);
    }
}
