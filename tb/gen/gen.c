/*
 * gen.c - `texcosim gen`: suites of vectors with expectations from the model
 * (see gen.h for the flow).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fxjson.h"
#include "gen.h"
#include "model.h"
#include "vector.h"

static const gen_suite suites[] = {
    {"tlds-directed", "TLDS: every legal form, write mask, F16/F32, formats, lane masks, "
                      "guards, bounds and invalid cases", gen_tlds_directed},
    {"d3d-directed", "Direct3D ld lowered to TLDS: every form and the ld rules of the seed",
     gen_d3d_directed},
    {"tlds-random", "TLDS: constrained-random legal instructions and textures (--seed, --count)",
     gen_tlds_random},
    {"tlds-seed", "TLDS: the seed's two examples, with exactly the reads and writes it states",
     gen_tlds_seed},
    {"tlds-forms", "TLDS: all 9 target codes x every write mask x F32 / F16 (both roundings)",
     gen_tlds_forms},
    {"tlds-formats", "TLDS: every format x data type, sRGB, swizzles, unsupported formats",
     gen_tlds_formats},
    {"tlds-layouts", "TLDS: pitch, block-linear, mips, arrays, 3D, buffers, multisample",
     gen_tlds_layouts},
    {"tlds-errors", "TLDS: bounds, invalid headers, faults, illegal encodings, the hash",
     gen_tlds_errors},
    {"tex-directed", "TEX: forms x dimensions x filters x address modes x classes of format, "
                     "LOD modes, clamps, DC, borders, sRGB, binding, masks, illegal forms",
     gen_tex_directed},
    {"tex-random", "TEX: constrained-random instructions, samplers, textures and quads with "
                   "real derivatives (--seed, --count)", gen_tex_random},
    {"tex-lockstep", "TEX: tex-random restricted to what the RTL executes today (vectors/tex)",
     gen_tex_lockstep},
    {"tex-seed", "TEX: the seed's three examples", gen_tex_seed},
};
#define NSUITES (sizeof(suites) / sizeof(suites[0]))

/* ---- helpers for suites ------------------------------------------------ */

uint64_t gen_rand(gen_ctx *g)
{
    /* splitmix64: a fixed, documented generator so files are reproducible
     * across platforms and C libraries. */
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
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

json_object *gen_vector(gen_ctx *g, const char *id, const char *desc)
{
    json_object *v = json_object_new_object();
    gen_set(v, "texcosim", json_object_new_int(VEC_FORMAT_VERSION));
    gen_set(v, "id", json_object_new_string(id));
    if (desc)
        gen_set(v, "desc", json_object_new_string(desc));
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

/* ---- the flow ----------------------------------------------------------- */

static int write_lines(const char *path, json_object *vectors)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "texcosim gen: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t n = json_object_array_length(vectors);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s\n", json_object_to_json_string_ext(json_object_array_get_idx(vectors, i),
                                                          JSON_C_TO_STRING_PLAIN));
    if (fclose(f) != 0) {
        fprintf(stderr, "texcosim gen: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Read the scratch file back and add each step's model effects. */
static int add_expectations(const char *scratch, json_object *vectors)
{
    vec_error err;
    vec_reader *r = vec_open(scratch, &err);
    tx_state *s = tx_state_new();
    tx_effects *fx = malloc(sizeof(*fx));
    const tx_vector *v;
    int rc, status = 0;
    size_t idx = 0;

    if (!r || !s || !fx) {
        fprintf(stderr, "%s\n", r ? "texcosim gen: out of memory" : err.text);
        status = -1;
        goto out;
    }
    while ((rc = vec_next(r, &v, &err)) == 1) {
        json_object *jv = json_object_array_get_idx(vectors, idx++);
        json_object *steps;
        if (vec_apply(v, s, &err) < 0 || !json_object_object_get_ex(jv, "steps", &steps)) {
            fprintf(stderr, "%s\n", err.text);
            status = -1;
            goto out;
        }
        for (int i = 0; i < v->nsteps; i++) {
            const vec_step *st = &v->steps[i];
            vec_apply_moves(s, st->pre, st->npre);
            tx_step(s, st->word, st->ctrl, fx);
            vec_apply_moves(s, st->post, st->npost);
            if (fx->status == TX_ST_UNIMPL) {
                fprintf(stderr, "texcosim gen: vector '%s' step %d: the model does not "
                                "implement this instruction yet\n", v->id, i);
                status = -1;
                goto out;
            }
            json_object_object_add(json_object_array_get_idx(steps, (size_t)i), "expect",
                                   fx_to_json(fx));
        }
    }
    if (rc < 0) {
        fprintf(stderr, "generated vector rejected: %s\n", err.text);
        status = -1;
    }
out:
    if (r)
        vec_close(r);
    tx_state_free(s);
    free(fx);
    return status;
}

static void gen_usage(FILE *f)
{
    fprintf(f, "usage: texcosim gen --list\n"
               "       texcosim gen --suite NAME [--seed N] [--count N] -o FILE\n");
}

int cmd_gen(int argc, char **argv)
{
    const char *suite = NULL, *outp = NULL;
    uint64_t seed = 1;
    long count = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--list")) {
            for (size_t k = 0; k < NSUITES; k++)
                printf("%-16s %s\n", suites[k].name, suites[k].desc);
            return 0;
        }
        if (i + 1 >= argc) {
            gen_usage(stderr);
            return 2;
        }
        char *end;
        if (!strcmp(argv[i], "--suite"))
            suite = argv[++i];
        else if (!strcmp(argv[i], "-o"))
            outp = argv[++i];
        else if (!strcmp(argv[i], "--seed")) {
            seed = strtoull(argv[++i], &end, 0);
            if (*end || argv[i][0] == '-') {
                fprintf(stderr, "texcosim gen: bad seed '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--count")) {
            count = strtol(argv[++i], &end, 0);
            if (*end || count < 1 || count > 1000000) {
                fprintf(stderr, "texcosim gen: bad count '%s' (1..1000000)\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "texcosim gen: unknown option %s\n", argv[i]);
            gen_usage(stderr);
            return 2;
        }
    }
    if (!suite || !outp) {
        gen_usage(stderr);
        return 2;
    }
    const gen_suite *s = NULL;
    for (size_t k = 0; k < NSUITES; k++)
        if (!strcmp(suites[k].name, suite))
            s = &suites[k];
    if (!s) {
        fprintf(stderr, "texcosim gen: unknown suite '%s' (texcosim gen --list)\n", suite);
        return 2;
    }

    gen_ctx g = {json_object_new_array(), seed, (int)count};
    char *scratch = malloc(strlen(outp) + 16);
    int status = 2;
    if (!scratch)
        return 2;
    sprintf(scratch, "%s.tmp", outp);
    if (s->build(&g) == 0 && write_lines(scratch, g.vectors) == 0 &&
        add_expectations(scratch, g.vectors) == 0 && write_lines(scratch, g.vectors) == 0) {
        if (rename(scratch, outp) == 0) {
            fprintf(stderr, "texcosim gen: %s: %zu vectors\n", outp,
                    json_object_array_length(g.vectors));
            status = 0;
        } else {
            fprintf(stderr, "texcosim gen: cannot rename to %s: %s\n", outp, strerror(errno));
        }
    }
    unlink(scratch);
    free(scratch);
    json_object_put(g.vectors);
    return status;
}
