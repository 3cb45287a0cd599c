/*
 * gen_lib.c - what the suites of `texcosim gen` build vectors with (gen.h):
 * random numbers, JSON helpers, the vector's state, and the flow that runs
 * each vector on the model, adds its expectations and writes it.  Used by
 * gen.c (the command) and every gen_*.c suite, and by tb/hw.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700   /* realpath */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "fxjson.h"
#include "gen.h"
#include "layout.h"
#include "model.h"
#include "outfile.h"
#include "vector.h"

/* ---- helpers for suites ------------------------------------------------ */

uint64_t gen_rand(gen_ctx *g)
{
    /* splitmix64: a fixed, documented generator so files are reproducible
     * across platforms and C libraries. */
    g->draws++;
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int gen_count(gen_ctx *g, int def)
{
    g->count_read = 1;
    return g->count > 0 ? g->count : def;
}

json_object *gen_hex32(uint32_t v)
{
    char b[16];
    snprintf(b, sizeof(b), "0x%08x", v);
    return json_object_new_string(b);
}

json_object *gen_hex64(uint64_t v)
{
    char b[24];
    snprintf(b, sizeof(b), "0x%llx", (unsigned long long)v);
    return json_object_new_string(b);
}

void gen_set(json_object *o, const char *key, json_object *val)
{
    json_object_object_add(o, key, val);
}

static json_object *child(json_object *o, const char *key, int array)
{
    json_object *c;
    if (!json_object_object_get_ex(o, key, &c)) {
        c = array ? json_object_new_array() : json_object_new_object();
        json_object_object_add(o, key, c);
    }
    return c;
}

/* The suite being generated: the seed-example suites tag their vectors
 * with the instruction and "seed" (`run --tag seed`, `run -k tex`). */
static const char *cur_suite = "";

void gen_suite_tag(const char *name)
{
    cur_suite = name;
}

json_object *gen_vector(gen_ctx *g, const char *id, const char *desc)
{
    json_object *v = json_object_new_object();
    size_t n = strlen(cur_suite);
    gen_set(v, "texcosim", json_object_new_int(VEC_FORMAT_VERSION));
    gen_set(v, "id", json_object_new_string(id));
    if (desc)
        gen_set(v, "desc", json_object_new_string(desc));
    if (n > 5 && !strcmp(cur_suite + n - 5, "-seed")) {
        json_object *tags = json_object_new_array();
        json_object_array_add(tags, json_object_new_string_len(cur_suite, (int)(n - 5)));
        json_object_array_add(tags, json_object_new_string("seed"));
        gen_set(v, "tags", tags);
    }
    json_object_array_add(g->vectors, v);
    return v;
}

void gen_reg(json_object *v, int reg, const uint32_t val[32])
{
    char name[8];
    int same = 1;
    for (int l = 1; l < 32; l++)
        same &= val[l] == val[0];
    snprintf(name, sizeof(name), "R%d", reg);
    json_object *regs = child(v, "regs", 0);
    if (same) {
        json_object_object_add(regs, name, gen_hex32(val[0]));
        return;
    }
    json_object *a = json_object_new_array();
    for (int l = 0; l < 32; l++)
        json_object_array_add(a, gen_hex32(val[l]));
    json_object_object_add(regs, name, a);
}

void gen_pred(json_object *v, int pred, uint32_t lanes)
{
    char name[4];
    snprintf(name, sizeof(name), "P%d", pred);
    json_object_object_add(child(v, "preds", 0), name, gen_hex32(lanes));
}

void gen_cbank(json_object *v, uint32_t off, uint32_t word)
{
    char key[16];
    snprintf(key, sizeof(key), "0x%x", off);
    json_object_object_add(child(v, "cbank", 0), key, gen_hex32(word));
}

void gen_memory(json_object *v, uint64_t addr, const uint8_t *bytes, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char *hex = malloc(2 * n + 1);
    if (!hex) {
        fprintf(stderr, "texcosim gen: out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < n; i++) {
        hex[2 * i] = digits[bytes[i] >> 4];
        hex[2 * i + 1] = digits[bytes[i] & 15];
    }
    hex[2 * n] = 0;
    json_object *m = json_object_new_object();
    gen_set(m, "addr", gen_hex64(addr));
    gen_set(m, "hex", json_object_new_string(hex));
    free(hex);
    json_object_array_add(child(v, "mem", 1), m);
}

void gen_memory_runs(json_object *v, uint64_t addr, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n;) {
        while (i < n && !bytes[i])
            i++;
        size_t j = i, zeros = 0;
        while (j < n && zeros < 256) {
            zeros = bytes[j] ? 0 : zeros + 1;
            j++;
        }
        size_t e = j - zeros;
        if (e > i)
            gen_memory(v, addr + i, bytes + i, e - i);
        i = j;
    }
}

/* ---- random draws shared by the suites -------------------------------- */

uint32_t gen_rn(gen_ctx *g, uint32_t n)
{
    return n ? (uint32_t)(gen_rand(g) % n) : 0;
}

int gen_pct(gen_ctx *g, unsigned p)
{
    return gen_rn(g, 100) < p;
}

/* 24 random bits scaled: deterministic for a seed, whatever the libm. */
double gen_frnd(gen_ctx *g, double lo, double hi)
{
    return lo + (hi - lo) * (double)gen_rn(g, 1u << 24) / 16777216.0;
}

uint32_t gen_fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

void gen_tsc_address(gen_ctx *g, tx_tsc *s)
{
    s->address_u = (uint8_t)gen_rn(g, 8);
    s->address_v = (uint8_t)gen_rn(g, 8);
    s->address_p = (uint8_t)gen_rn(g, 8);
}

void gen_tsc_border(gen_ctx *g, tx_tsc *s, unsigned pct_eighths)
{
    s->srgb_conversion = 1;
    s->srgb_border_r = (uint8_t)gen_rn(g, 256);
    s->srgb_border_g = (uint8_t)gen_rn(g, 256);
    s->srgb_border_b = (uint8_t)gen_rn(g, 256);
    for (int i = 0; i < 4; i++)
        s->border[i] = gen_pct(g, pct_eighths) ? gen_fbits((float)(gen_rn(g, 9) / 8.0))
                                               : (uint32_t)gen_rand(g);
}

/* One raw 8-word descriptor at `index` of the vector's `key` array
 * ("headers" or "samplers"), the form the packed tx_tic/tx_tsc give. */
void gen_desc_words(json_object *v, const char *key, int index, const uint32_t w[8])
{
    json_object *e = json_object_new_object(), *ws = json_object_new_array();
    for (int i = 0; i < 8; i++)
        json_object_array_add(ws, gen_hex32(w[i]));
    gen_set(e, "index", json_object_new_int(index));
    gen_set(e, "words", ws);
    json_object_array_add(child(v, key, 1), e);
}

void gen_header(json_object *v, int index, json_object *fields)
{
    json_object *h = json_object_new_object();
    gen_set(h, "index", json_object_new_int(index));
    gen_set(h, "fields", fields);
    json_object_array_add(child(v, "headers", 1), h);
}

void gen_step(json_object *v, const char *sass)
{
    json_object *s = json_object_new_object();
    gen_set(s, "sass", json_object_new_string(sass));
    json_object_array_add(child(v, "steps", 1), s);
}

void gen_stepf(json_object *v, const char *fmt, ...)
{
    char b[192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    gen_step(v, b);
}

/* The texture header t at `index`, packed, and its layout by the model (the
 * one the generator fills texels into); -1 with a message naming `who` when
 * the model has no layout for it. */
int gen_texture_header(json_object *v, int index, const tx_tic *t, tx_layout *L,
                       const char *who)
{
    uint32_t w[8];
    tx_tic_pack(t, w);
    gen_desc_words(v, "headers", index, w);
    if (tx_layout_build(t, TX_GOB_TEGRA, L) != 0) {
        fprintf(stderr, "%s: no layout for a generated header\n", who);
        return -1;
    }
    return 0;
}

/* Bytes a texture or surface spans from its address (every level, layer and
 * sample), by the model's layout: what a generator must fill or keep free. */
uint64_t gen_tic_span(const tx_tic *t)
{
    tx_layout L;
    if (tx_layout_build(t, TX_GOB_TEGRA, &L) < 0)
        return 512;
    switch (L.kind) {
    case TX_LAYOUT_BLOCKLINEAR:
        return L.layer_stride * L.layers;
    case TX_LAYOUT_PITCH: {
        uint32_t gyl = L.samples >= 16 ? 2 : L.samples >= 4 ? 1 : 0;
        return (uint64_t)L.pitch * ((uint64_t)L.lv[0].h << gyl);
    }
    default:
        return (uint64_t)L.lv[0].w * L.bpp;
    }
}

void gen_tb_timing(json_object *v, int latency, int jitter, int bp, int seed)
{
    json_object *tb = json_object_new_object();
    gen_set(tb, "mem_latency", json_object_new_int(latency));
    gen_set(tb, "mem_jitter", json_object_new_int(jitter));
    gen_set(tb, "backpressure", json_object_new_int(bp));
    gen_set(tb, "seed", json_object_new_int(seed));
    gen_set(v, "tb", tb);
}

void gen_step_word(json_object *v, uint64_t word, uint32_t ctrl)
{
    char b[24];
    json_object *s = json_object_new_object();
    snprintf(b, sizeof(b), "0x%016llx", (unsigned long long)word);
    gen_set(s, "word", json_object_new_string(b));
    snprintf(b, sizeof(b), "0x%06x", ctrl);
    gen_set(s, "ctrl", json_object_new_string(b));
    json_object_array_add(child(v, "steps", 1), s);
}

/* ---- the flow -----------------------------------------------------------
 *
 * Streaming: suites call gen_flush() whenever the vectors built so far are
 * complete (tlds-random after each vector), and cmd_gen once at the end.
 * gen_flush turns the pending vectors into text, reads that text back with
 * the vector reader (one reader for the whole file, fed batch by batch, so
 * ids are checked across the file and line numbers run on), runs each on
 * the model, adds each step's "expect" and writes the final lines.  Memory
 * is then bounded by one batch, not by --count.
 *
 * Output: `-o -` is standard output; a name ending in ".gz" is written
 * gzip-compressed (zlib's gz writer: no name and no time in the header, so
 * the same suite gives the same bytes).
 */

typedef struct gen_sink {
    outfile of;
    gzFile gz;            /* a .gz output, written through of.f's descriptor */
    vec_reader *rd;
    tx_state *s;
    tx_effects *fx;
    char *dir;            /* resolved folder of the output (side files) */
    long written;
} gen_sink;

int gen_flush(gen_ctx *g)
{
    gen_sink *k = g->sink;
    size_t n = json_object_array_length(g->vectors);
    char *buf = NULL;
    size_t len = 0;
    vec_error err;
    const tx_vector *v;
    int rc, status = 0;
    size_t idx = 0;

    if (n == 0)
        return 0;
    FILE *mf = open_memstream(&buf, &len);
    if (!mf) {
        fprintf(stderr, "texcosim gen: out of memory\n");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        fprintf(mf, "%s\n", json_object_to_json_string_ext(json_object_array_get_idx(g->vectors, i),
                                                           JSON_C_TO_STRING_PLAIN));
    if (fclose(mf) != 0 || !buf) {
        fprintf(stderr, "texcosim gen: out of memory\n");
        free(buf);
        return -1;
    }
    vec_feed(k->rd, buf, len);
    while ((rc = vec_next(k->rd, &v, &err)) == 1) {
        json_object *jv = json_object_array_get_idx(g->vectors, idx++);
        json_object *steps;
        if (vec_apply(v, k->s, &err) < 0 || !json_object_object_get_ex(jv, "steps", &steps)) {
            fprintf(stderr, "%s\n", err.text);
            status = -1;
            goto out;
        }
        for (int i = 0; i < v->nsteps; i++) {
            const vec_step *st = &v->steps[i];
            vec_apply_moves(k->s, st->pre, st->npre);
            tx_step(k->s, st->word, st->ctrl, k->fx);
            vec_apply_moves(k->s, st->post, st->npost);
            if (k->fx->status == TX_ST_UNIMPL) {
                fprintf(stderr, "texcosim gen: vector '%s' step %d: the model does not "
                                "implement this instruction yet\n", v->id, i);
                status = -1;
                goto out;
            }
            json_object_object_add(json_object_array_get_idx(steps, (size_t)i), "expect",
                                   fx_to_json(k->fx));
        }
        const char *text = json_object_to_json_string_ext(jv, JSON_C_TO_STRING_PLAIN);
        if (k->gz ? gzputs(k->gz, text) < 0 || gzputc(k->gz, '\n') < 0
                  : fprintf(k->of.f, "%s\n", text) < 0) {
            int e;
            const char *why = k->gz ? gzerror(k->gz, &e) : NULL;
            fprintf(stderr, "texcosim gen: cannot write %s: %s\n", k->of.path,
                    why && e != Z_ERRNO ? why : strerror(errno));
            status = -1;
            goto out;
        }
        k->written++;
    }
    if (rc < 0) {
        fprintf(stderr, "generated vector rejected: %s\n", err.text);
        status = -1;
    }
out:
    vec_feed(k->rd, NULL, 0);
    free(buf);
    json_object_put(g->vectors);
    g->vectors = json_object_new_array();
    return status;
}

int gen_open(gen_ctx *g, const char *path, uint64_t seed, int count)
{
    gen_sink *k = calloc(1, sizeof *k);
    char err[600];
    vec_error verr;

    memset(g, 0, sizeof *g);
    if (!k) {
        fprintf(stderr, "texcosim: out of memory\n");
        return -1;
    }
    if (!strcmp(path, "-")) {
        /* Standard output, written in place. */
        k->of.f = stdout;
        k->of.path = strdup("-");
        k->of.target = strdup("./-");
        if (!k->of.path || !k->of.target) {
            fprintf(stderr, "texcosim: out of memory\n");
            free(k->of.path);
            free(k->of.target);
            free(k);
            return -1;
        }
    } else if (outfile_open(&k->of, path, err, sizeof(err)) < 0) {
        fprintf(stderr, "texcosim: %s\n", err);
        free(k);
        return -1;
    }
    {
        size_t n = strlen(path);
        if (n > 3 && !strcmp(path + n - 3, ".gz")) {
            int fd = dup(fileno(k->of.f));
            if (fd < 0 || !(k->gz = gzdopen(fd, "wb"))) {
                fprintf(stderr, "texcosim: cannot write %s: %s\n", path, strerror(errno));
                if (fd >= 0)
                    close(fd);
                outfile_abort(&k->of);
                free(k);
                return -1;
            }
        }
    }
    {
        /* Side files of generated vectors are named relative to the output. */
        const char *slash = strrchr(k->of.target, '/');
        char *d = slash ? strndup(k->of.target, slash == k->of.target ? 1 : (size_t)(slash - k->of.target))
                        : strdup(".");
        k->dir = d ? realpath(d, NULL) : NULL;
        free(d);
    }
    k->rd = k->dir ? vec_open_mem(path, NULL, 0, k->dir, &verr) : NULL;
    k->s = tx_state_new();
    k->fx = malloc(sizeof(*k->fx));
    g->vectors = json_object_new_array();
    g->rng = seed;
    g->count = count;
    g->sink = k;
    if (!k->rd || !k->s || !k->fx || !g->vectors) {
        fprintf(stderr, "texcosim: out of memory\n");
        gen_close(g, 0);
        return -1;
    }
    return 0;
}

int gen_close(gen_ctx *g, int commit)
{
    gen_sink *k = g->sink;
    char err[600];
    int status = -1;

    if (!k)
        return -1;
    /* The gzip stream ends (and is flushed to the file) before the file is
     * committed. */
    if (commit && gen_flush(g) == 0) {
        int zr = k->gz ? gzclose(k->gz) : Z_OK;
        k->gz = NULL;
        if (zr != Z_OK)
            fprintf(stderr, "texcosim: cannot write %s: %s\n", k->of.path,
                    zr == Z_ERRNO ? strerror(errno) : "gzip stream error");
        else if (outfile_commit(&k->of, err, sizeof(err)) < 0)
            fprintf(stderr, "texcosim: %s\n", err);
        else
            status = 0;
    }
    if (k->gz)
        gzclose(k->gz);
    if (k->of.f == stdout && !k->of.tmp) {
        /* -o -: standard output stays open (and flushed) whatever happened. */
        fflush(stdout);
        k->of.f = NULL;
    }
    outfile_abort(&k->of);
    if (k->rd)
        vec_close(k->rd);
    tx_state_free(k->s);
    free(k->fx);
    free(k->dir);
    free(k);
    json_object_put(g->vectors);
    memset(g, 0, sizeof *g);
    return status;
}

long gen_written(const gen_ctx *g)
{
    return ((const gen_sink *)g->sink)->written;
}
