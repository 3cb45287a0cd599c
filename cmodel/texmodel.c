/*
 * texmodel.c - the public library interface (texmodel.h) over the model's
 * internal state and step function.
 *
 * It only translates: the handle wraps a tx_state and the tx_effects of the
 * last step, and every call checks its lane, register and predicate numbers
 * so that a caller across DPI cannot index outside the state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "isa.h"
#include "model.h"
#include "state.h"
#include "texmodel.h"

#ifndef TEXMODEL_VERSION
#define TEXMODEL_VERSION "1.1.0"
#endif

struct texmodel {
    tx_state *s;
    tx_effects fx;   /* of the last step (tens of kilobytes, mostly taps) */
};

const char *texmodel_version(void)
{
    return TEXMODEL_VERSION;
}

texmodel *texmodel_new(void)
{
    texmodel *m = calloc(1, sizeof(*m));
    if (!m)
        return NULL;
    m->s = tx_state_new();
    if (!m->s) {
        free(m);
        return NULL;
    }
    return m;
}

void texmodel_free(texmodel *m)
{
    if (!m)
        return;
    tx_state_free(m->s);
    free(m);
}

void texmodel_reset(texmodel *m)
{
    tx_state_reset(m->s);
    m->fx.status = 0;
    m->fx.nregw = 0;
    memset(m->fx.predw_mask, 0, sizeof(m->fx.predw_mask));
    memset(m->fx.predw_val, 0, sizeof(m->fx.predw_val));
    m->fx.hash = 0;
    m->fx.taps.lanes = 0;
}

int texmodel_mem_map(texmodel *m, uint64_t addr, uint64_t len, int kind)
{
    if (kind < TEXMODEL_UNMAPPED || kind > TEXMODEL_SPARSE)
        return -1;
    return tx_mem_map(m->s->mem, addr, len, (enum tx_page_kind)kind);
}

int texmodel_mem_write(texmodel *m, uint64_t addr, const void *src, size_t len)
{
    return tx_mem_write(m->s->mem, addr, src, len);
}

int texmodel_mem_read(const texmodel *m, uint64_t addr, void *dst, size_t len)
{
    return tx_mem_read(m->s->mem, addr, dst, len);
}

void texmodel_set_tic_pool(texmodel *m, uint64_t base, uint32_t max_index)
{
    m->s->tic_base = base;
    m->s->tic_max = max_index;
}

void texmodel_set_tsc_pool(texmodel *m, uint64_t base, uint32_t max_index)
{
    m->s->tsc_base = base;
    m->s->tsc_max = max_index;
}

/* Descriptors are 8 little-endian words, 32 bytes apart (header.c). */
static int write_desc(texmodel *m, uint64_t base, uint32_t index, const uint32_t w[8])
{
    uint8_t b[32];
    for (int i = 0; i < 8; i++) {
        b[4 * i] = (uint8_t)w[i];
        b[4 * i + 1] = (uint8_t)(w[i] >> 8);
        b[4 * i + 2] = (uint8_t)(w[i] >> 16);
        b[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    return tx_mem_write(m->s->mem, base + 32ull * index, b, sizeof(b));
}

int texmodel_write_tic(texmodel *m, uint32_t index, const uint32_t words[8])
{
    return write_desc(m, m->s->tic_base, index, words);
}

int texmodel_write_tsc(texmodel *m, uint32_t index, const uint32_t words[8])
{
    return write_desc(m, m->s->tsc_base, index, words);
}

int texmodel_cbank_write(texmodel *m, uint32_t offset, const void *src, size_t len)
{
    if (offset > TX_CBANK_BYTES || len > TX_CBANK_BYTES - offset)
        return -1;
    memcpy(m->s->cbank + offset, src, len);
    return 0;
}

int texmodel_set_reg(texmodel *m, int lane, int reg, uint32_t value)
{
    if (lane < 0 || lane >= TX_LANES || reg < 0 || reg >= TX_NREGS)
        return -1;
    if (reg != TX_RZ)
        m->s->r[lane][reg] = value;
    return 0;
}

uint32_t texmodel_reg(const texmodel *m, int lane, int reg)
{
    if (lane < 0 || lane >= TX_LANES || reg < 0 || reg >= TX_NREGS)
        return 0;
    return m->s->r[lane][reg];
}

int texmodel_set_pred(texmodel *m, int pred, uint32_t lanes)
{
    if (pred < 0 || pred >= TX_NPREDS)
        return -1;
    m->s->p[pred] = lanes;
    return 0;
}

uint32_t texmodel_pred(const texmodel *m, int pred)
{
    if (pred == TX_PT)
        return 0xffffffffu;
    return pred >= 0 && pred < TX_NPREDS ? m->s->p[pred] : 0;
}

int texmodel_set(texmodel *m, int knob, uint32_t v)
{
    tx_state *s = m->s;
    switch (knob) {
    case TEXMODEL_CTM: s->ctm = v; return 0;
    case TEXMODEL_KTM: s->ktm = v; return 0;
    case TEXMODEL_PIXEL: s->pixel = v != 0; return 0;
    case TEXMODEL_HASH: s->hash = (uint8_t)v; return 0;
    case TEXMODEL_FP16_RZ: s->fp16_round = v ? TX_FP16_RZ : TX_FP16_RNE; return 0;
    case TEXMODEL_GOB_DESKTOP: s->gob_layout = v ? TX_GOB_DESKTOP : TX_GOB_TEGRA; return 0;
    case TEXMODEL_OGL_BINDING: s->ogl_binding = v != 0; return 0;
    default: return -1;
    }
}

uint32_t texmodel_get(const texmodel *m, int knob)
{
    const tx_state *s = m->s;
    switch (knob) {
    case TEXMODEL_CTM: return s->ctm;
    case TEXMODEL_KTM: return s->ktm;
    case TEXMODEL_PIXEL: return (uint32_t)s->pixel;
    case TEXMODEL_HASH: return s->hash;
    case TEXMODEL_FP16_RZ: return s->fp16_round == TX_FP16_RZ;
    case TEXMODEL_GOB_DESKTOP: return s->gob_layout == TX_GOB_DESKTOP;
    case TEXMODEL_OGL_BINDING: return s->ogl_binding;
    default: return 0;
    }
}

int texmodel_cbank_read(const texmodel *m, uint32_t offset, void *dst, size_t len)
{
    if (offset > TX_CBANK_BYTES || len > TX_CBANK_BYTES - offset)
        return -1;
    memcpy(dst, m->s->cbank + offset, len);
    return 0;
}

uint64_t texmodel_tic_base(const texmodel *m) { return m->s->tic_base; }
uint32_t texmodel_tic_max(const texmodel *m) { return m->s->tic_max; }
uint64_t texmodel_tsc_base(const texmodel *m) { return m->s->tsc_base; }
uint32_t texmodel_tsc_max(const texmodel *m) { return m->s->tsc_max; }

int texmodel_step(texmodel *m, uint64_t word, uint32_t ctrl)
{
    return tx_step(m->s, word, ctrl, &m->fx);
}

int texmodel_status(const texmodel *m)
{
    return m->fx.status;
}

const char *texmodel_status_name(int status)
{
    return tx_status_name(status);
}

int texmodel_nregw(const texmodel *m)
{
    return m->fx.nregw;
}

int texmodel_regw(const texmodel *m, int i, int *lane, int *reg, uint32_t *value)
{
    if (i < 0 || i >= m->fx.nregw)
        return -1;
    if (lane)
        *lane = m->fx.regw[i].lane;
    if (reg)
        *reg = m->fx.regw[i].reg;
    if (value)
        *value = m->fx.regw[i].val;
    return 0;
}

uint32_t texmodel_predw_mask(const texmodel *m, int pred)
{
    return pred >= 0 && pred < TX_NPREDS ? m->fx.predw_mask[pred] : 0;
}

uint32_t texmodel_predw_value(const texmodel *m, int pred)
{
    return pred >= 0 && pred < TX_NPREDS ? m->fx.predw_val[pred] : 0;
}

uint32_t texmodel_hash(const texmodel *m)
{
    return m->fx.hash;
}

int texmodel_tap_filter(const texmodel *m, int lane, uint32_t comp[4])
{
    const tx_taps *t = &m->fx.taps;
    if (lane < 0 || lane >= TX_LANES || !(t->lanes >> lane & 1))
        return -1;
    /* Instructions outside the texture stages (PIXLD) fill no filter tap. */
    if (t->stages && !(t->stages >> TX_TAP_FILTER & 1))
        return -1;
    memcpy(comp, t->filt[lane], 4 * sizeof(uint32_t));
    return 0;
}

int texmodel_asm(const char *sass, uint64_t *word, uint32_t *ctrl, char *err, size_t errlen)
{
    tx_asm_err e;
    if (tx_asm(sass, word, ctrl, &e) == 0)
        return 0;
    if (err && errlen)
        snprintf(err, errlen, "column %d: %s", e.col, e.msg);
    return -1;
}

int texmodel_disasm(uint64_t word, uint32_t ctrl, char *buf, size_t n)
{
    return tx_disasm(word, ctrl, buf, n);
}
