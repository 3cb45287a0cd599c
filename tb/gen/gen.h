/*
 * gen.h - vector generation from the C model (`texcosim gen`).
 *
 * A suite builds vectors as JSON objects with the helpers below, without
 * expectations.  gen_flush then turns them into text, reads it back through
 * the vector reader (so a generated file is exactly what the runner
 * accepts), runs each on the model and writes the final lines with every
 * step's "expect" filled in, streaming (memory does not grow with --count).  The same suite, count and seed give a
 * byte-identical file.
 */
#ifndef TX_GEN_H
#define TX_GEN_H

#include <stdint.h>
#include <json-c/json.h>

#include "tic.h"

typedef struct gen_ctx {
    json_object *vectors;   /* array of vector objects, in file order */
    uint64_t rng;
    int count;              /* requested count (random suites), 0 = default: read it
                               with gen_count */
    void *sink;             /* where gen_flush writes (gen.c) */
    /* Whether the suite used --seed (drew a random number) and --count, so
     * that `gen` can say when one was given to a suite that ignores it. */
    long draws;
    int count_read;
} gen_ctx;

/* The requested --count, or def when none was given. */
int gen_count(gen_ctx *g, int def);

typedef struct gen_suite {
    const char *name;
    const char *desc;
    int (*build)(gen_ctx *g);   /* 0, or -1 with a message on stderr */
} gen_suite;

int cmd_gen(int argc, char **argv);

/* gen_lib.c: the suite whose name tags the vectors built next (a "-seed"
 * suite tags them with the instruction's name), and the vectors written so
 * far by g. */
void gen_suite_tag(const char *name);
long gen_written(const gen_ctx *g);

/* Finish, write and forget every vector built so far (they must be
 * complete).  Suites whose size grows with --count call it after each
 * vector, so that memory does not grow with the count.  0, or -1 with a
 * message on stderr. */
int gen_flush(gen_ctx *g);

/* A generator writing to path (as `gen -o`: a temporary file renamed on
 * commit): 0, or -1 with a message on stderr.  gen_close flushes, commits
 * when commit is set and no step failed, and frees; 0, or -1. */
int gen_open(gen_ctx *g, const char *path, uint64_t seed, int count);
int gen_close(gen_ctx *g, int commit);

/* Helpers for suites. */
uint64_t gen_rand(gen_ctx *g);
/* Draws from the suite's generator: uniform in [0, n) (0 when n is 0), true
 * with p percent, a double in [lo, hi) from 24 bits; a float's bits. */
uint32_t gen_rn(gen_ctx *g, uint32_t n);
int gen_pct(gen_ctx *g, unsigned p);
double gen_frnd(gen_ctx *g, double lo, double hi);
uint32_t gen_fbits(float f);
/* The parts of a random TEX sampler that the suites draw alike, in this
 * order of draws (a suite's vectors depend on it): the three address modes;
 * and sRGB conversion on, the sRGB border's three bytes and the four border
 * words, each a multiple of 1/8 in [0, 1] with pct_eighths percent, else
 * random bits. */
void gen_tsc_address(gen_ctx *g, tx_tsc *s);
void gen_tsc_border(gen_ctx *g, tx_tsc *s, unsigned pct_eighths);
json_object *gen_vector(gen_ctx *g, const char *id, const char *desc);
json_object *gen_hex32(uint32_t v);
json_object *gen_hex64(uint64_t v);
void gen_set(json_object *o, const char *key, json_object *val);
/* Per-lane register values (all lanes equal collapses to one value). */
void gen_reg(json_object *v, int reg, const uint32_t val[32]);
void gen_pred(json_object *v, int pred, uint32_t lanes);
void gen_cbank(json_object *v, uint32_t byte_off, uint32_t word);
void gen_memory(json_object *v, uint64_t addr, const uint8_t *bytes, size_t n);
/* gen_memory of the runs of bytes between gaps of 256 or more zeros: the
 * padding of a block-linear texture holds no texel, so its pages need not be
 * written (they may stay unmapped). */
void gen_memory_runs(json_object *v, uint64_t addr, const uint8_t *bytes, size_t n);
void gen_header(json_object *v, int index, json_object *fields);
/* A descriptor given as its 8 packed words, in the `key` array ("headers",
 * "samplers"). */
void gen_desc_words(json_object *v, const char *key, int index, const uint32_t w[8]);
void gen_step(json_object *v, const char *sass);
/* gen_step of printf-formatted SASS text (at most 191 characters). */
void gen_stepf(json_object *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Bytes a texture spans from its address, by the model's layout. */
uint64_t gen_tic_span(const tx_tic *t);
/* Header `index` from t's packed words and t's layout into *L; -1 (and a
 * message naming `who`) when the model has none. */
struct tx_layout;
int gen_texture_header(json_object *v, int index, const tx_tic *t, struct tx_layout *L,
                       const char *who);
/* The vector's memory timing for the RTL side (its "tb" member). */
void gen_tb_timing(json_object *v, int latency, int jitter, int bp, int seed);
void gen_step_word(json_object *v, uint64_t word, uint32_t ctrl);

/* Suites (gen_tlds.c, ...). */
int gen_tlds_directed(gen_ctx *g);
int gen_d3d_tld(gen_ctx *g);
int gen_tld_random(gen_ctx *g);
int gen_tlds_random(gen_ctx *g);
int gen_d3d_directed(gen_ctx *g);
int gen_tlds_seed(gen_ctx *g);
int gen_tlds_forms(gen_ctx *g);
int gen_tlds_formats(gen_ctx *g);
int gen_tlds_layouts(gen_ctx *g);
int gen_tlds_errors(gen_ctx *g);
int gen_tex_directed(gen_ctx *g);
int gen_tex_random(gen_ctx *g);
int gen_tex_seed(gen_ctx *g);
/* Min/max reduction and anisotropic filtering (gen_tex.c). */
int gen_tex_reduction_directed(gen_ctx *g);
int gen_tex_reduction_random(gen_ctx *g);
int gen_tex_aniso_directed(gen_ctx *g);
int gen_tex_aniso_random(gen_ctx *g);
/* Destination registers, ANISO lanes that disagree, infinite texels (gen_tex.c). */
int gen_tex_regs(gen_ctx *g);
int gen_tex_aniso_lanes(gen_ctx *g);
int gen_tex_float_special(gen_ctx *g);
/* Seamless cube maps (gen_tex.c). */
/* Cube-map lanes (gen_cube.c): a uniform double in [lo, hi) from the
 * suite's generator, and a direction onto target tgt = face * 8 + kind of an
 * n-texel face (kind 0-3: the edges sc low, sc high, tc low, tc high; 4-7:
 * the corners), within half a texel of the edge, at a random distance. */
void gen_cube_target(gen_ctx *g, int tgt, int n, double v[3]);
int gen_tex_cube_directed(gen_ctx *g);
int gen_tex_cube_random(gen_ctx *g);
/* Block-compressed formats (gen_bcn.c). */
int gen_bcn_directed(gen_ctx *g);
int gen_bcn_random(gen_ctx *g);
int gen_bcn_cube(gen_ctx *g);
int gen_bcn_types(gen_ctx *g);
/* BC6H and BC7 (gen_bptc.c). */
int gen_bptc_directed(gen_ctx *g);
int gen_bptc_random(gen_ctx *g);
int gen_bptc_partitions(gen_ctx *g);
int gen_suld_directed(gen_ctx *g);
int gen_suld_random(gen_ctx *g);
int gen_suld_seed(gen_ctx *g);
int gen_suld_types(gen_ctx *g);
int gen_pixld_directed(gen_ctx *g);
int gen_pixld_random(gen_ctx *g);
int gen_pixld_seed(gen_ctx *g);
/* Gather (gen_tld4.c). */
int gen_tld4_directed(gen_ctx *g);
int gen_tld4_random(gen_ctx *g);
/* TEXS (gen_texs.c). */
int gen_texs_directed(gen_ctx *g);
int gen_texs_random(gen_ctx *g);
/* TXQ (gen_txq.c). */
int gen_txq_directed(gen_ctx *g);
int gen_txq_random(gen_ctx *g);
/* gen_txd.c: TXD and TXD.B (explicit gradients). */
int gen_txd_directed(gen_ctx *g);
int gen_txd_random(gen_ctx *g);
int gen_tmml_directed(gen_ctx *g);
int gen_tmml_random(gen_ctx *g);

/* Classes of format of the gather, gradient and TEXS suites (gen_fclass.c):
 * the header fields of each, a random texel of a class, and every texel of
 * a texture (L) drawn from one class, as memory runs. */
enum { GEN_FC_UNORM8, GEN_FC_SRGB8, GEN_FC_SNORM8, GEN_FC_565, GEN_FC_R32F, GEN_FC_F16X4,
       GEN_FC_R32UI, GEN_FC_S16X4, GEN_FC_ZF32, GEN_FC_Z16, GEN_FC_COUNT };
typedef struct gen_fclass {
    const char *name;
    uint8_t comps, dtype, srgb, depth;
} gen_fclass;
extern const gen_fclass gen_fclasses[GEN_FC_COUNT];
void gen_fclass_texel(gen_ctx *g, int fc, uint8_t b[16]);
/* A block-linear header of class fc at addr for a TEX dim code: w x h,
 * depth (3D) or layers (arrays; cubes of a cube array), levels from 0 with
 * the view from `first`, GOBs per block height 2^bh, normalised. */
void gen_fclass_tic(tx_tic *t, int fc, int dim, uint64_t addr, int w, int h, int depth,
                    int levels, int first, int bh);
int gen_fill_texels(gen_ctx *g, json_object *v, const struct tx_layout *L, int fc);
/* Header `index` from t and every texel of its layout drawn from class fc
 * (gen_texture_header, then gen_fill_texels); -1 when either fails. */
int gen_fclass_texture(gen_ctx *g, json_object *v, int index, const tx_tic *t, int fc,
                       const char *who);

#endif
