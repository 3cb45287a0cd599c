/*
 * vector_int.h - private to the vector reader (the files of tb/vector/): the parsed
 * initial state of a vector, the reader's own state, and the helpers the
 * reader's files share.  The public interface is vector.h.
 *
 * The reader works line by line through a private buffered reader (so that
 * a NUL byte or an over-long line is reported, not silently cut); each line
 * is parsed with json-c in strict mode, and the tree is checked and
 * converted into a tx_vector.  Everything a vector needs lives in buffers of
 * the vec_reader reused from one line to the next; the json-c tree of the
 * current line is kept until the next call, because the strings of the
 * tx_vector (id, desc, SASS text) point into it.
 *
 * Validation is strict: every object is checked for unknown members first,
 * then each member for its type and range.  The first problem ends the file
 * with one message built by vr_fail(), which prefixes the file, the line, the
 * vector id and the path of the member being checked (kept in r->path while
 * the checker descends).
 *
 * Side files are only located and checked while reading (relative path,
 * inside the vector file's folder, a regular file, size); vec_apply reads
 * them straight into the state's memory.
 */
#ifndef TX_VECTOR_INT_H
#define TX_VECTOR_INT_H

#include <stddef.h>
#include <stdint.h>
#include <json.h>

#include "d3d.h"
#include "state.h"
#include "vector.h"


/* ---------------------------------------------------------------------------
 * The initial state of a vector, as parsed.
 */

typedef struct init_reg {
    uint8_t reg;
    uint32_t val[TX_LANES];
} init_reg;

typedef struct init_cb {
    uint32_t off;   /* byte offset, word aligned */
    uint32_t val;
} init_cb;

enum { REG_HEX, REG_FILE, REG_KIND };

typedef struct init_region {
    int how;              /* REG_HEX, REG_FILE or REG_KIND */
    uint64_t addr;
    uint64_t size;        /* bytes */
    size_t blob_off;      /* REG_HEX: where the bytes are in r->blob */
    char *path;           /* REG_FILE: resolved path (malloc'd) */
    const char *name;     /* REG_FILE: the name as written */
    int kind;             /* REG_KIND: enum tx_page_kind */
} init_region;

typedef struct init_desc {
    uint32_t index;
    uint32_t w[8];
} init_desc;

/* Bits of vec_init.given: which optional state members the vector sets. */
enum {
    G_CTM = 1 << 0, G_KTM = 1 << 1, G_PIXEL = 1 << 2, G_FP16 = 1 << 3,
    G_GOB = 1 << 4, G_HASH = 1 << 5, G_TIC = 1 << 6, G_TSC = 1 << 7,
    G_RASTER = 1 << 8, G_OGL = 1 << 9,
};

struct vec_init {
    unsigned given;
    uint32_t ctm, ktm;
    int pixel;
    int fp16_round, gob_layout;
    int ogl_binding;        /* SetSamplerBinding.ViaHeaderBinding (S6.2) */
    int allow_illegal;      /* assemble the TEX forms the seed calls illegal */
    uint8_t hash;
    uint64_t tic_base, tsc_base;
    uint32_t tic_max, tsc_max;
    uint32_t preds_given;            /* bit i: Pi set */
    uint32_t preds[TX_NPREDS];
    tx_raster raster;                /* PIXLD raster state (raster.c) */

    int nregs;
    init_reg *regs;
    int ncb;
    init_cb *cb;
    int nregions;
    init_region *regions;
    const uint8_t *blob;             /* r->blob, for REG_HEX regions */
    int nheaders;
    init_desc *headers;
    int nsamplers;
    init_desc *samplers;
};

/* ---------------------------------------------------------------------------
 * The reader.
 */

/* One id seen earlier in the file (open hashing, for the duplicate check). */
typedef struct id_entry {
    struct id_entry *next;
    long line;
    char id[];
} id_entry;

#define ID_BUCKETS 4096

/* Vector tags (docs/vector-format.md, "tags"); gz input (gzin.c). */
#define VEC_MAX_TAGS 64
int vr_parse_tags(vec_reader *r, json_object *m);
int vr_gz_open(vec_reader *r, const char *path, char *msg, size_t msglen);
int vr_gz_open_mem(vec_reader *r, const void *data, size_t len, char *msg, size_t msglen);
long vr_gz_read(vec_reader *r, char *buf, size_t len);
int vr_gz_drain(vec_reader *r);
void vr_gz_close(vec_reader *r);

struct vec_reader {
    FILE *fp;
    void *gz;                   /* the inflate state of a .gz input (gzin.c), else NULL */
    int gz_done;                /* the gzip stream failed, or needs no drain (gzin.c) */
    size_t blank_run;           /* bytes of blank lines since the last vector line */
    const char *tagv[VEC_MAX_TAGS];   /* the vector's tags (point into the JSON tree) */
    char *fname;                /* as given to vec_open */
    char *dir_real;             /* realpath of the file's folder */

    /* Buffered line reader. */
    char *ibuf;                 /* raw input block */
    size_t ipos, ilen;
    int ieof;
    char *line;                 /* the current line, NUL-terminated */
    size_t line_len, line_cap;
    long lineno;                /* 1-based number of the current line */
    long nvec;                  /* vectors returned so far */

    struct json_tokener *tok;
    json_object *root;          /* tree of the current line */

    /* Error state: once failed, always failed. */
    int failed;
    vec_error err;
    const char *cur_id;         /* id of the vector being checked */
    char path[256];             /* member path being checked */
    size_t plen;

    /* The current vector and its reused buffers. */
    tx_vector vec;
    struct vec_init init;
    vec_step *steps;
    int steps_cap;
    int *step_rx;               /* per step: first entry in rx[] */
    vec_reg_expect *rx;         /* expected registers of every step */
    int nrx, rx_cap;
    int regs_cap, cb_cap, regions_cap, headers_cap, samplers_cap;
    uint8_t *blob;              /* bytes of "hex" memory regions */
    size_t blob_len, blob_cap;

    /* Direct3D steps (docs/d3d-ld.md): the t# declarations of the current
     * vector, the register moves of every step (step_mv[i] = first move of
     * step i, its pre-moves then its post-moves), and which registers an
     * earlier step may have written (their values are then not known when
     * the vector is read). */
    tx_d3d_res d3dres[TX_D3D_NRES];
    vec_move *mv;
    int nmv, mv_cap;
    int *step_mv;
    uint8_t reg_written[TX_NREGS];

    /* Ids seen, hashed; allocated with the first vector (a reader that
     * fails on its first line, the common case when fuzzing, never pays
     * for the table). */
    id_entry **ids;
    int mem;                    /* vec_open_mem: ibuf is the caller's data */
};

#define IBUF_SIZE 65536

/* Helpers shared by the reader's files (vr_ = vector reader). */
/* check.c */
int vr_fail(vec_reader *r, const char *fmt, ...);
int vr_fail_col(vec_reader *r, int col, const char *fmt, ...);
size_t vr_path_key(vec_reader *r, const char *key);
size_t vr_path_idx(vec_reader *r, size_t i);
void vr_path_pop(vec_reader *r, size_t old);
const char *vr_type_name(json_object *o);
int vr_grow(vec_reader *r, void **p, int *cap, int need, size_t size);
int vr_check_keys(vec_reader *r, json_object *o, const char *const *names);
int vr_want_type(vec_reader *r, json_object *o, enum json_type t, const char *what);
int vr_parse_hex(const char *s, uint64_t *out);
int vr_get_uint(vec_reader *r, json_object *o, uint64_t max, uint64_t *out);
int vr_get_u32(vec_reader *r, json_object *o, uint32_t *out);
int vr_member_uint(vec_reader *r, json_object *o, const char *key, uint64_t max, uint64_t *out);
int vr_get_choice(vec_reader *r, json_object *o, const char *const *names, int *out);
int vr_reg_number(const char *s);
int vr_pred_number(const char *s);
/* state.c */
int vr_parse_tb(vec_reader *r, json_object *o);
int vr_parse_pool(vec_reader *r, json_object *o, uint64_t *base, uint32_t *max, uint64_t maxmax);
int vr_get_lanes(vec_reader *r, json_object *o, uint32_t val[TX_LANES]);
int vr_parse_regs(vec_reader *r, json_object *o);
int vr_parse_preds(vec_reader *r, json_object *o);
int vr_parse_cbank(vec_reader *r, json_object *o);
int vr_parse_mem(vec_reader *r, json_object *o);
/* desc.c */
int vr_parse_descs(vec_reader *r, json_object *o, int is_tic, init_desc **arr, int *n,
                   int *cap);
/* raster.c */
int vr_parse_raster(vec_reader *r, json_object *o);
/* steps.c */
int vr_parse_d3d(vec_reader *r, json_object *o);
int vr_parse_steps(vec_reader *r, json_object *o);

/* Grow arr (with capacity cap) to hold need elements. */
#define GROW(r, arr, cap, need) vr_grow((r), (void **)&(arr), &(cap), (need), sizeof *(arr))

#endif
