/*
 * vector.h - streaming reader of texcosim vector files (format v1).
 *
 * A vector file is JSON Lines: one self-contained vector per line (the format
 * is specified in docs/vector-format.md, with a JSON Schema in
 * docs/vector.schema.json).  The reader holds one vector at a time, so memory
 * stays bounded by the largest line whatever the size of the file; the only
 * thing kept across lines is the set of ids seen (for the duplicate check).
 *
 * Typical use (the testbench main loop):
 *
 *     vec_error err;
 *     vec_reader *r = vec_open(path, &err);
 *     if (!r) { fprintf(stderr, "%s\n", err.text); exit(2); }
 *     const tx_vector *v;
 *     int rc;
 *     while ((rc = vec_next(r, &v, &err)) == 1) {
 *         vec_apply(v, model_state, &err);   (and again for the RTL side)
 *         ... run v->steps[0 .. v->nsteps-1] ...
 *     }
 *     if (rc < 0) { fprintf(stderr, "%s\n", err.text); status = 2; }
 *     vec_close(r);
 *
 * vec_next validates the whole line before it returns it (JSON syntax, field
 * names and types, ranges, SASS text, header and sampler fields, side-file
 * paths), so a vector never fails half-way through for a reason that was
 * visible in the file.  An error ends the file: vectors returned before it
 * stay valid results for the caller to keep.
 *
 * Every error message names the file and the line, then the column (JSON
 * syntax errors), the vector id and the field path when known, e.g.
 *
 *     vectors/tlds/a.jsonl:7: vector 'wm4_f16': steps[2].sass: column 14: expected a register
 */
#ifndef TX_VECTOR_H
#define TX_VECTOR_H

#include <stdint.h>
#include "state.h"

/* The format version this reader understands (the "texcosim" member). */
#define VEC_FORMAT_VERSION 1

/* Longest accepted line: large texel data belongs in side files. */
#define VEC_MAX_LINE (32u << 20)

/* Largest parse tree a line may need (estimated before parsing, see
 * tree_cost in vector.c): with VEC_MAX_LINE it bounds the reader's memory,
 * whatever the input (docs/regression.md, "Memory"). */
#define VEC_MAX_TREE (256u << 20)
/* Steps per vector: what a vector of bare steps reaches within the two bounds
 * above (docs/vector-format.md). */
#define VEC_MAX_STEPS 200000
/* Blank lines in a row, in bytes (newlines included): without a bound a
 * small .gz of nothing but newlines (4 GiB inflate from 4 MiB) would keep a
 * run busy for minutes (docs/vector-format.md, "Streaming"). */
#define VEC_MAX_BLANK (1u << 20)

/* One error, formatted for the user.  The other fields repeat parts of the
 * text for callers that want them separately (JUnit, summaries). */
typedef struct vec_error {
    char text[512];   /* "file:line[:col]: [vector 'id': ][path: ]message" */
    char file[256];   /* the vector file as given to vec_open ("" if none) */
    long line;        /* 1-based line, 0 when the error is not about a line */
    int col;          /* 1-based column in the JSON line, 0 when unknown */
    char id[128];     /* vector id, "" when unknown */
} vec_error;

/* Testbench options of a vector ("tb" member).  A field is VEC_UNSET when
 * the vector does not give it: the testbench uses its own default. */
#define VEC_UNSET (-1)
typedef struct vec_tb {
    int64_t mem_latency;   /* cycles, 1 .. 1000000 */
    int64_t mem_jitter;    /* extra random cycles, 0 .. 1000000 */
    int64_t backpressure;  /* percent of stalled request cycles, 0 .. 100 */
    int64_t seed;          /* 0 .. 2^63-1 */
    int64_t watchdog;      /* cycles per instruction, 1 .. 2^63-1 */
} vec_tb;

/* Expected status of a step: enum tx_status (cmodel/model.h), or this. */
#define VEC_STATUS_ANY (-1)

/* Expected values of one register over the 32 lanes. */
typedef struct vec_reg_expect {
    uint8_t reg;             /* 0 .. 254 */
    uint32_t written;        /* bit L: lane L must write the register */
    uint32_t val[TX_LANES];  /* the value of each written lane */
} vec_reg_expect;

/* Expected writes of one predicate. */
typedef struct vec_pred_expect {
    uint8_t pred;            /* 0 .. 6 */
    uint32_t mask;           /* lanes that write the predicate */
    uint32_t value;          /* values written (bits outside mask are 0) */
} vec_pred_expect;

/*
 * The expectation of one step ("expect" member).  It is complete for the
 * parts it gives: with has_regs, the registers listed are every register the
 * step writes (a register not listed must not be written, and a lane given as
 * null must not write); with has_preds likewise for predicates.
 */
typedef struct vec_expect {
    int status;              /* enum tx_status or VEC_STATUS_ANY */
    int has_regs;
    int nregs;               /* entries of regs[], sorted by register */
    const vec_reg_expect *regs;
    int has_preds;
    int npreds;              /* entries of preds[], sorted by predicate */
    vec_pred_expect preds[TX_NPREDS];
    int has_hash;
    uint8_t hash;            /* warp texture hash after the step */
} vec_expect;

/* A register move the testbench applies to both warp states (model and
 * RTL side) around a step, outside the RTL: the Direct3D `ld` lowering uses
 * them to gather swizzled source components into the registers TLDS reads
 * and to scatter results to a masked destination (docs/d3d-ld.md). */
typedef struct vec_move {
    uint8_t dst;             /* register 0..254 */
    uint8_t from_imm;        /* 1: dst = imm in every lane; 0: dst = src */
    uint8_t src;
    uint8_t sat16;           /* with from_imm 0: dst = min(src, 0xffff) */
    uint32_t imm;
    uint32_t lanes;          /* lanes written (bit = lane): all, or the vector's ctm */
} vec_move;

/* One instruction of a vector. */
typedef struct vec_step {
    const char *text;        /* the text as written (SASS, or Direct3D when d3d),
                                NULL for a raw word */
    int d3d;                 /* text is Direct3D `ld`, lowered to word + moves */
    uint64_t word;           /* the 64-bit instruction word */
    uint32_t ctrl;           /* the 21-bit control field */
    int has_expect;
    vec_expect expect;       /* effects of the instruction itself */
    int npre, npost;         /* moves before / after the instruction */
    const vec_move *pre, *post;
} vec_step;

struct vec_init;             /* the initial state, applied by vec_apply */

typedef struct tx_vector {
    const char *id;
    const char *desc;        /* "" when absent */
    const char *file;        /* the path given to vec_open */
    long line;               /* 1-based line of the vector in the file */
    long index;              /* 0-based ordinal of the vector in the file */
    vec_tb tb;
    int nsteps;              /* >= 1 */
    const vec_step *steps;
    const struct vec_init *init;
    /* Optional "tags" (strings matched by `run --tag` and `-k`). */
    int ntags;
    const char *const *tags;
} tx_vector;

typedef struct vec_reader vec_reader;

/* Open a vector file.  Returns NULL and *err if it cannot be read.  The
 * path "-" is standard input, through a temporary copy (stdin.c) that
 * vec_stdin_spool makes; vec_open makes it on first use. */
vec_reader *vec_open(const char *path, vec_error *err);

/* Copy standard input into a temporary file, once per process, before
 * processes that read "-" are forked.  Returns 0, or -1 with a message. */
int vec_stdin_spool(char *err, size_t errlen);
/* The copy's path, or NULL when there is none yet. */
const char *vec_stdin_path(void);
void vec_close(vec_reader *r);

/* The same reader over bytes in memory (the fuzz harness: no file system
 * work per input).  `name` is used in messages, `dir` is the resolved
 * folder that side files are relative to; data must outlive the reader. */
vec_reader *vec_open_mem(const char *name, const char *data, size_t len, const char *dir,
                         vec_error *err);

/* The same over gzip-compressed bytes in memory, read as a .gz file is
 * (the gzip fuzz harness). */
vec_reader *vec_open_mem_gz(const char *name, const void *data, size_t len, const char *dir,
                            vec_error *err);

/* A reader made by vec_open_mem goes on with new bytes (whole lines): line
 * numbers, vector ordinals and the duplicate-id check carry over (`gen`
 * streams its vectors through one reader this way). */
void vec_feed(vec_reader *r, const char *data, size_t len);

/*
 * Read and validate the next vector.  Returns 1 and *v (valid until the next
 * vec_next or vec_close), 0 at the end of the file, -1 and *err on an error.
 * After an error every further call returns -1 with the same error.
 */
int vec_next(vec_reader *r, const tx_vector **v, vec_error *err);

/*
 * Load the initial state of v into s: tx_state_reset(s) first, then lane
 * masks, knobs, pools, registers, predicates, constant bank, memory regions
 * (in file order; side files are read straight into memory here), then
 * texture headers and samplers (packed and written at base + 32 * index).
 * Returns 0, or -1 and *err (a side file that vanished or cannot be read,
 * memory exhausted).
 */
int vec_apply(const tx_vector *v, tx_state *s, vec_error *err);

/* Apply register moves to a warp state (all 32 lanes), in order.  The runner
 * applies a step's pre moves before the instruction and its post moves after
 * it, to both warp states; `texcosim model` and `gen` do the same. */
void vec_apply_moves(tx_state *s, const vec_move *mv, int n);

/* Names of enum tx_status as the format spells them ("ok", "illegal",
 * "fault", "trap"); NULL for other codes. */
const char *vec_status_name(int status);

#endif
