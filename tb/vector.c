/*
 * vector.c - streaming reader of texcosim vector files (format v1).
 *
 * The file is read line by line through a private buffered reader (so that a
 * NUL byte or an over-long line is reported, not silently cut), each line is
 * parsed with json-c in strict mode, and the parsed tree is checked and
 * converted into a tx_vector.  Everything a vector needs lives in buffers of
 * the vec_reader that are reused from one line to the next; the json-c tree of
 * the current line is kept until the next call, because the strings of the
 * tx_vector (id, desc, SASS text) point into it.
 *
 * Validation is strict: every object is checked for unknown members first,
 * then each member for its type and range.  The first problem ends the file
 * with one message built by fail(), which prefixes the file, the line, the
 * vector id and the path of the member being checked (kept in r->path while
 * the checker descends).
 *
 * Side files are only located and checked here (relative path, inside the
 * vector file's folder, a regular file, size); vec_apply reads them straight
 * into the state's memory.
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
};

struct vec_init {
    unsigned given;
    uint32_t ctm, ktm;
    int pixel;
    int fp16_round, gob_layout;
    uint8_t hash;
    uint64_t tic_base, tsc_base;
    uint32_t tic_max, tsc_max;
    uint32_t preds_given;            /* bit i: Pi set */
    uint32_t preds[TX_NPREDS];

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

struct vec_reader {
    FILE *fp;
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

    id_entry *ids[ID_BUCKETS];
};

#define IBUF_SIZE 65536

/* ---------------------------------------------------------------------------
 * Errors and member paths.
 */

/* Format the error of the current line and make the reader fail. */
static int fail(vec_reader *r, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    size_t n;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);

    memset(&r->err, 0, sizeof r->err);
    snprintf(r->err.file, sizeof r->err.file, "%s", r->fname);
    r->err.line = r->lineno;
    if (r->cur_id)
        snprintf(r->err.id, sizeof r->err.id, "%s", r->cur_id);

    n = (size_t)snprintf(r->err.text, sizeof r->err.text, "%s:%ld: ", r->fname, r->lineno);
    if (n < sizeof r->err.text && r->cur_id)
        n += (size_t)snprintf(r->err.text + n, sizeof r->err.text - n, "vector '%s': ", r->cur_id);
    if (n < sizeof r->err.text && r->plen)
        n += (size_t)snprintf(r->err.text + n, sizeof r->err.text - n, "%s: ", r->path);
    if (n < sizeof r->err.text)
        snprintf(r->err.text + n, sizeof r->err.text - n, "%s", msg);
    r->failed = 1;
    return -1;
}

/* An error with a column of the JSON line (syntax errors). */
static int fail_col(vec_reader *r, int col, const char *fmt, ...)
{
    char msg[384];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);

    memset(&r->err, 0, sizeof r->err);
    snprintf(r->err.file, sizeof r->err.file, "%s", r->fname);
    r->err.line = r->lineno;
    r->err.col = col;
    snprintf(r->err.text, sizeof r->err.text, "%s:%ld:%d: %s", r->fname, r->lineno, col, msg);
    r->failed = 1;
    return -1;
}

/* Descend into member `key`; returns the old length for path_pop. */
static size_t path_key(vec_reader *r, const char *key)
{
    size_t old = r->plen;
    int n = snprintf(r->path + r->plen, sizeof r->path - r->plen, "%s%s",
                     r->plen ? "." : "", key);
    if (n > 0)
        r->plen += (size_t)n;
    if (r->plen >= sizeof r->path)
        r->plen = sizeof r->path - 1;
    return old;
}

/* Descend into element i of an array. */
static size_t path_idx(vec_reader *r, size_t i)
{
    size_t old = r->plen;
    int n = snprintf(r->path + r->plen, sizeof r->path - r->plen, "[%zu]", i);
    if (n > 0)
        r->plen += (size_t)n;
    if (r->plen >= sizeof r->path)
        r->plen = sizeof r->path - 1;
    return old;
}

static void path_pop(vec_reader *r, size_t old)
{
    r->plen = old;
    r->path[old] = '\0';
}

/* A friendly name of a JSON value's type. */
static const char *type_name(json_object *o)
{
    switch (json_object_get_type(o)) {
    case json_type_null: return "null";
    case json_type_boolean: return "a boolean";
    case json_type_double: return "a fractional number";
    case json_type_int: return "an integer";
    case json_type_object: return "an object";
    case json_type_array: return "an array";
    case json_type_string: return "a string";
    }
    return "an unknown value";
}

/* ---------------------------------------------------------------------------
 * Small growable arrays.
 */

/* Make room for `need` elements of `size` bytes in *p (capacity *cap). */
static int grow(vec_reader *r, void **p, int *cap, int need, size_t size)
{
    void *q;
    int n;

    if (need <= *cap)
        return 0;
    n = *cap ? *cap : 8;
    while (n < need)
        n *= 2;
    q = realloc(*p, (size_t)n * size);
    if (!q)
        return fail(r, "out of memory");
    *p = q;
    *cap = n;
    return 0;
}

#define GROW(r, arr, cap, need) grow((r), (void **)&(arr), &(cap), (need), sizeof *(arr))

/* ---------------------------------------------------------------------------
 * Value checkers.  Each reports its own error against the current path.
 */

/* Check that every member of object o is one of the NULL-terminated names. */
static int check_keys(vec_reader *r, json_object *o, const char *const *names)
{
    json_object_object_foreach(o, key, val) {
        int ok = 0;
        (void)val;
        for (int i = 0; names[i]; i++)
            if (strcmp(key, names[i]) == 0) {
                ok = 1;
                break;
            }
        if (!ok) {
            char list[256];
            size_t n = 0;
            list[0] = '\0';
            for (int i = 0; names[i] && n < sizeof list; i++)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", names[i]);
            size_t old = path_key(r, key);
            int rc = fail(r, "unknown field (expected one of: %s)", list);
            path_pop(r, old);
            return rc;
        }
    }
    return 0;
}

static int want_type(vec_reader *r, json_object *o, enum json_type t, const char *what)
{
    if (o && json_object_get_type(o) == t)
        return 0;
    return fail(r, "expected %s, got %s", what, o ? type_name(o) : "null");
}

/* Parse "0x..." (hex digits, '_' allowed between them) into *out. */
static int parse_hex(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    int digits = 0;

    if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
        return -1;
    s += 2;
    for (; *s; s++) {
        int d;
        if (*s == '_' && digits)
            continue;
        if (*s >= '0' && *s <= '9')
            d = *s - '0';
        else if (*s >= 'a' && *s <= 'f')
            d = *s - 'a' + 10;
        else if (*s >= 'A' && *s <= 'F')
            d = *s - 'A' + 10;
        else
            return -1;
        if (v >> 60)
            return -2; /* more than 64 bits */
        v = v << 4 | (uint64_t)d;
        digits++;
    }
    if (!digits || s[-1] == '_')
        return -1;
    *out = v;
    return 0;
}

/* An unsigned value: a JSON integer >= 0 or a hex string, at most max. */
static int get_uint(vec_reader *r, json_object *o, uint64_t max, uint64_t *out)
{
    uint64_t v;

    if (o && json_object_is_type(o, json_type_int)) {
        if (json_object_get_int64(o) < 0)
            return fail(r, "negative value %" PRId64 " not allowed", json_object_get_int64(o));
        v = json_object_get_uint64(o);
    } else if (o && json_object_is_type(o, json_type_string)) {
        const char *s = json_object_get_string(o);
        int rc = parse_hex(s, &v);
        if (rc == -2)
            return fail(r, "hex value '%s' has more than 64 bits", s);
        if (rc < 0)
            return fail(r, "bad hex value '%s' (expected \"0x\" and hex digits)", s);
    } else {
        return fail(r, "expected an integer or a \"0x...\" hex string, got %s",
                    o ? type_name(o) : "null");
    }
    if (v > max)
        return fail(r, "value 0x%" PRIx64 " out of range (maximum 0x%" PRIx64 ")", v, max);
    *out = v;
    return 0;
}

static int get_u32(vec_reader *r, json_object *o, uint32_t *out)
{
    uint64_t v;
    if (get_uint(r, o, 0xffffffffu, &v) < 0)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* get_uint on member key of object o (which must exist). */
static int member_uint(vec_reader *r, json_object *o, const char *key, uint64_t max, uint64_t *out)
{
    json_object *m;
    size_t old = path_key(r, key);
    int rc;

    if (!json_object_object_get_ex(o, key, &m))
        rc = fail(r, "missing");
    else
        rc = get_uint(r, m, max, out);
    if (rc == 0)
        path_pop(r, old);
    return rc;
}

/* A string from a fixed list (exact spelling); returns its position. */
static int get_choice(vec_reader *r, json_object *o, const char *const *names, int *out)
{
    const char *s;
    if (want_type(r, o, json_type_string, "a string") < 0)
        return -1;
    s = json_object_get_string(o);
    for (int i = 0; names[i]; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = i;
            return 0;
        }
    {
        char list[160];
        size_t n = 0;
        list[0] = '\0';
        for (int i = 0; names[i] && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s\"%s\"", i ? ", " : "", names[i]);
        return fail(r, "unknown value \"%s\" (expected %s)", s, list);
    }
}

/* "R<n>" with n in 0..254, no leading zeros; returns n or -1. */
static int reg_number(const char *s)
{
    int n = 0;

    if (s[0] != 'R' || !s[1])
        return -1;
    if (s[1] == '0' && s[2])
        return -1;
    for (const char *p = s + 1; *p; p++) {
        if (*p < '0' || *p > '9' || n > 254)
            return -1;
        n = n * 10 + (*p - '0');
    }
    return n <= 254 ? n : -1;
}

/* "P0".."P6"; returns the number or -1. */
static int pred_number(const char *s)
{
    if (s[0] == 'P' && s[1] >= '0' && s[1] <= '6' && !s[2])
        return s[1] - '0';
    return -1;
}

/* ---------------------------------------------------------------------------
 * Member checkers of the top level.
 */

static int parse_tb(vec_reader *r, json_object *o)
{
    static const char *const keys[] = { "mem_latency", "mem_jitter", "backpressure", "seed",
                                        "watchdog", NULL };
    static const struct { const char *name; uint64_t min, max; size_t off; } f[] = {
        { "mem_latency", 1, 1000000, offsetof(vec_tb, mem_latency) },
        { "mem_jitter", 0, 1000000, offsetof(vec_tb, mem_jitter) },
        { "backpressure", 0, 100, offsetof(vec_tb, backpressure) },
        { "seed", 0, INT64_MAX, offsetof(vec_tb, seed) },
        { "watchdog", 1, INT64_MAX, offsetof(vec_tb, watchdog) },
    };

    if (want_type(r, o, json_type_object, "an object") < 0 || check_keys(r, o, keys) < 0)
        return -1;
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        json_object *m;
        uint64_t v;
        if (!json_object_object_get_ex(o, f[i].name, &m))
            continue;
        size_t old = path_key(r, f[i].name);
        if (get_uint(r, m, f[i].max, &v) < 0)
            return -1;
        if (v < f[i].min)
            return fail(r, "value %" PRIu64 " out of range (minimum %" PRIu64 ")", v, f[i].min);
        path_pop(r, old);
        *(int64_t *)((char *)&r->vec.tb + f[i].off) = (int64_t)v;
    }
    return 0;
}

/* "tic" / "tsc": {"base", "max"}. */
static int parse_pool(vec_reader *r, json_object *o, uint64_t *base, uint32_t *max, uint64_t maxmax)
{
    static const char *const keys[] = { "base", "max", NULL };
    uint64_t b, m;

    if (want_type(r, o, json_type_object, "an object") < 0 || check_keys(r, o, keys) < 0)
        return -1;
    if (member_uint(r, o, "base", TX_ADDR_MASK, &b) < 0)
        return -1;
    if (member_uint(r, o, "max", maxmax, &m) < 0)
        return -1;
    *base = b;
    *max = (uint32_t)m;
    return 0;
}

/* One value for every lane, or an array of 32. */
static int get_lanes(vec_reader *r, json_object *o, uint32_t val[TX_LANES])
{
    if (o && json_object_is_type(o, json_type_array)) {
        if (json_object_array_length(o) != TX_LANES)
            return fail(r, "expected one value or an array of %d lane values, got %zu values",
                        TX_LANES, json_object_array_length(o));
        for (int l = 0; l < TX_LANES; l++) {
            size_t old = path_idx(r, (size_t)l);
            if (get_u32(r, json_object_array_get_idx(o, (size_t)l), &val[l]) < 0)
                return -1;
            path_pop(r, old);
        }
        return 0;
    }
    if (get_u32(r, o, &val[0]) < 0)
        return -1;
    for (int l = 1; l < TX_LANES; l++)
        val[l] = val[0];
    return 0;
}

static int parse_regs(vec_reader *r, json_object *o)
{
    struct vec_init *in = &r->init;

    if (want_type(r, o, json_type_object, "an object") < 0)
        return -1;
    json_object_object_foreach(o, key, val) {
        size_t old = path_key(r, key);
        int n = reg_number(key);
        if (n < 0)
            return fail(r, strcmp(key, "RZ") == 0 ? "RZ always reads 0 and cannot be set"
                                                  : "not a register name (R0..R254)");
        if (GROW(r, in->regs, r->regs_cap, in->nregs + 1) < 0)
            return -1;
        in->regs[in->nregs].reg = (uint8_t)n;
        if (get_lanes(r, val, in->regs[in->nregs].val) < 0)
            return -1;
        in->nregs++;
        path_pop(r, old);
    }
    return 0;
}

static int parse_preds(vec_reader *r, json_object *o)
{
    struct vec_init *in = &r->init;

    if (want_type(r, o, json_type_object, "an object") < 0)
        return -1;
    json_object_object_foreach(o, key, val) {
        size_t old = path_key(r, key);
        int n = pred_number(key);
        if (n < 0)
            return fail(r, strcmp(key, "PT") == 0 ? "PT is always true and cannot be set"
                                                  : "not a predicate name (P0..P6)");
        if (get_u32(r, val, &in->preds[n]) < 0)
            return -1;
        in->preds_given |= 1u << n;
        path_pop(r, old);
    }
    return 0;
}

/* "cbank": {"<byte offset>": word | [words...]}; offsets decimal or 0x hex. */
static int parse_cbank(vec_reader *r, json_object *o)
{
    struct vec_init *in = &r->init;

    if (want_type(r, o, json_type_object, "an object") < 0)
        return -1;
    json_object_object_foreach(o, key, val) {
        size_t old = path_key(r, key);
        uint64_t off = 0;
        int ok = 1;

        if (key[0] == '0' && (key[1] == 'x' || key[1] == 'X')) {
            ok = parse_hex(key, &off) == 0;
        } else if (key[0] >= '0' && key[0] <= '9' && strlen(key) <= 10) {
            for (const char *p = key; *p && ok; p++)
                ok = *p >= '0' && *p <= '9';
            if (ok)
                off = strtoull(key, NULL, 10);
        } else {
            ok = 0;
        }
        if (!ok)
            return fail(r, "not a byte offset (decimal or \"0x\" hex)");
        if (off & 3)
            return fail(r, "offset 0x%" PRIx64 " is not a multiple of 4", off);

        if (val && json_object_is_type(val, json_type_array)) {
            size_t n = json_object_array_length(val);
            if (n == 0)
                return fail(r, "empty array");
            if (off + 4 * n > TX_CBANK_BYTES)
                return fail(r, "%zu words at 0x%" PRIx64 " run past the end of the 64 KiB bank",
                            n, off);
            for (size_t i = 0; i < n; i++) {
                size_t o2 = path_idx(r, i);
                if (GROW(r, in->cb, r->cb_cap, in->ncb + 1) < 0)
                    return -1;
                in->cb[in->ncb].off = (uint32_t)(off + 4 * i);
                if (get_u32(r, json_object_array_get_idx(val, i), &in->cb[in->ncb].val) < 0)
                    return -1;
                in->ncb++;
                path_pop(r, o2);
            }
        } else {
            if (off + 4 > TX_CBANK_BYTES)
                return fail(r, "offset 0x%" PRIx64 " is past the end of the 64 KiB bank", off);
            if (GROW(r, in->cb, r->cb_cap, in->ncb + 1) < 0)
                return -1;
            in->cb[in->ncb].off = (uint32_t)off;
            if (get_u32(r, val, &in->cb[in->ncb].val) < 0)
                return -1;
            in->ncb++;
        }
        path_pop(r, old);
    }
    return 0;
}

/* Decode the "hex" string of a region into r->blob; returns the byte count. */
static int parse_blob(vec_reader *r, json_object *o, size_t *off, uint64_t *len)
{
    const char *s;
    size_t n, nib = 0;
    int hi = -1;

    if (want_type(r, o, json_type_string, "a string of hex digits") < 0)
        return -1;
    s = json_object_get_string(o);
    n = (size_t)json_object_get_string_len(o);
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return fail(r, "bad hex: give bytes in address order without \"0x\" (\"00ff10...\")");
    /* Worst case one byte per two characters. */
    if (r->blob_len + n / 2 + 1 > r->blob_cap) {
        size_t cap = r->blob_cap ? r->blob_cap : 4096;
        uint8_t *q;
        while (cap < r->blob_len + n / 2 + 1)
            cap *= 2;
        q = realloc(r->blob, cap);
        if (!q)
            return fail(r, "out of memory");
        r->blob = q;
        r->blob_cap = cap;
    }
    *off = r->blob_len;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i], d;
        if (c == ' ' || c == '\t' || c == '_')
            continue;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return fail(r, "bad hex: character '%c' at offset %zu", c >= 32 && c < 127 ? c : '?', i);
        if (hi < 0) {
            hi = d;
        } else {
            r->blob[r->blob_len++] = (uint8_t)(hi << 4 | d);
            hi = -1;
        }
        nib++;
    }
    if (hi >= 0)
        return fail(r, "bad hex: odd number of digits (%zu)", nib);
    if (nib == 0)
        return fail(r, "bad hex: no bytes");
    *len = r->blob_len - *off;
    return 0;
}

/*
 * Locate a side file named relative to the vector file's folder.  The name
 * must be relative, without "." or ".." components, and its real path
 * (symbolic links resolved) must stay inside the folder.
 */
static int locate_file(vec_reader *r, json_object *o, init_region *g)
{
    const char *name;
    char *joined, *real;
    size_t dl, rl;
    struct stat st;

    if (want_type(r, o, json_type_string, "a string") < 0)
        return -1;
    name = json_object_get_string(o);
    g->name = name;
    if (!name[0])
        return fail(r, "empty file name");
    if (name[0] == '/')
        return fail(r, "absolute path '%s' not allowed: side files are named relative to "
                    "the vector file's folder", name);
    for (const char *p = name; *p;) {
        const char *e = strchr(p, '/');
        size_t cl = e ? (size_t)(e - p) : strlen(p);
        if ((cl == 2 && p[0] == '.' && p[1] == '.'))
            return fail(r, "path '%s' contains '..': side files must stay inside the vector "
                        "file's folder", name);
        if (cl == 0 || (cl == 1 && p[0] == '.'))
            return fail(r, "path '%s' has an empty or '.' component", name);
        p += cl;
        if (*p == '/')
            p++;
    }
    if (strchr(name, '\\'))
        return fail(r, "path '%s' contains a backslash", name);

    dl = strlen(r->dir_real);
    joined = malloc(dl + strlen(name) + 2);
    if (!joined)
        return fail(r, "out of memory");
    sprintf(joined, "%s/%s", r->dir_real, name);
    real = realpath(joined, NULL);
    free(joined);
    if (!real)
        return fail(r, "side file '%s': %s", name, strerror(errno));
    rl = strlen(real);
    if (rl <= dl || strncmp(real, r->dir_real, dl) != 0 ||
        (real[dl] != '/' && !(dl == 1 && r->dir_real[0] == '/'))) {
        fail(r, "side file '%s' resolves to '%s', outside the vector file's folder", name, real);
        free(real);
        return -1;
    }
    if (stat(real, &st) != 0 || !S_ISREG(st.st_mode)) {
        fail(r, "side file '%s' is not a regular file", name);
        free(real);
        return -1;
    }
    if (st.st_size == 0) {
        fail(r, "side file '%s' is empty", name);
        free(real);
        return -1;
    }
    g->path = real;
    g->size = (uint64_t)st.st_size;
    return 0;
}

static int parse_mem(vec_reader *r, json_object *o)
{
    static const char *const keys[] = { "addr", "hex", "file", "size", "kind", NULL };
    static const char *const kinds[] = { "unmapped", "mapped", "sparse", NULL };
    struct vec_init *in = &r->init;
    size_t n;

    if (want_type(r, o, json_type_array, "an array of regions") < 0)
        return -1;
    n = json_object_array_length(o);
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(o, i), *m;
        size_t old = path_idx(r, i), o2;
        init_region *g;
        int has_hex, has_file, has_kind, has_size;

        if (want_type(r, e, json_type_object, "an object") < 0 || check_keys(r, e, keys) < 0)
            return -1;
        if (GROW(r, in->regions, r->regions_cap, in->nregions + 1) < 0)
            return -1;
        g = &in->regions[in->nregions];
        memset(g, 0, sizeof *g);
        in->nregions++;     /* counted now so that a path is freed on error */

        has_hex = json_object_object_get_ex(e, "hex", NULL);
        has_file = json_object_object_get_ex(e, "file", NULL);
        has_kind = json_object_object_get_ex(e, "kind", NULL);
        has_size = json_object_object_get_ex(e, "size", NULL);
        if (has_hex + has_file + has_kind != 1)
            return fail(r, "give exactly one of \"hex\", \"file\" or \"kind\"");
        if (has_size && !has_kind)
            return fail(r, "\"size\" goes with \"kind\" only (the data gives the size)");
        if (has_kind && !has_size)
            return fail(r, "\"kind\" needs a \"size\"");
        if (member_uint(r, e, "addr", TX_ADDR_MASK, &g->addr) < 0)
            return -1;

        if (has_hex) {
            json_object_object_get_ex(e, "hex", &m);
            o2 = path_key(r, "hex");
            g->how = REG_HEX;
            if (parse_blob(r, m, &g->blob_off, &g->size) < 0)
                return -1;
            path_pop(r, o2);
        } else if (has_file) {
            json_object_object_get_ex(e, "file", &m);
            o2 = path_key(r, "file");
            g->how = REG_FILE;
            if (locate_file(r, m, g) < 0)
                return -1;
            path_pop(r, o2);
        } else {
            json_object_object_get_ex(e, "kind", &m);
            o2 = path_key(r, "kind");
            g->how = REG_KIND;
            if (get_choice(r, m, kinds, &g->kind) < 0)
                return -1;
            path_pop(r, o2);
            if (member_uint(r, e, "size", TX_ADDR_MASK + 1, &g->size) < 0)
                return -1;
            if (g->size == 0) {
                o2 = path_key(r, "size");
                return fail(r, "size must be at least 1");
            }
        }
        if (g->addr + g->size - 1 > TX_ADDR_MASK)
            return fail(r, "region 0x%" PRIx64 " + 0x%" PRIx64 " bytes leaves the 48-bit "
                        "address space", g->addr, g->size);
        path_pop(r, old);
    }
    return 0;
}

/* ---------------------------------------------------------------------------
 * Named header (TIC) and sampler (TSC) fields.
 *
 * Each named field maps to a slot (a member of tx_tic / tx_tsc); aliases of
 * the same member share a slot so that giving both is an error.  A field may
 * take a name from a table (lookup) in place of its number.
 */

typedef int (*name_fn)(const char *);

/* Where a field may appear, by header layout. */
enum { L_ALL = 0, L_BL = 1, L_PITCH = 2 };

typedef struct fdesc {
    const char *name;
    int slot;           /* index of the member (aliases share it) */
    int bits;           /* width of the stored field */
    size_t off, size;   /* the member in the struct */
    int where;          /* L_ALL, L_BL, L_PITCH */
    name_fn lookup;     /* names accepted, or NULL */
    int plus_one;       /* value is stored minus one (width, height, depth) */
} fdesc;

#define TIC_F(nm, slot, bits, member, where, lookup, p1) \
    { nm, slot, bits, offsetof(tx_tic, member), sizeof(((tx_tic *)0)->member), where, lookup, p1 }
#define TSC_F(nm, slot, bits, member, lookup) \
    { nm, slot, bits, offsetof(tx_tsc, member), sizeof(((tx_tsc *)0)->member), L_ALL, lookup, 0 }

/* Name tables of sampler enumerations (maxwell-isa-facts section 9). */
static int lookup_in(const char *const *t, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (t[i] && strcmp(t[i], s) == 0)
            return i;
    return -1;
}
static int tsc_wrap(const char *s)
{
    static const char *const t[] = { "WRAP", "MIRROR", "CLAMP_TO_EDGE", "BORDER", "CLAMP_OGL",
                                     "MIRROR_ONCE_CLAMP_TO_EDGE", "MIRROR_ONCE_BORDER",
                                     "MIRROR_ONCE_CLAMP_OGL" };
    return lookup_in(t, 8, s);
}
static int tsc_func(const char *s)
{
    static const char *const t[] = { "NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER",
                                     "NOTEQUAL", "GEQUAL", "ALWAYS" };
    return lookup_in(t, 8, s);
}
static int tsc_mag(const char *s)
{
    static const char *const t[] = { NULL, "POINT", "LINEAR", "VCAA_4_TAP", "VCAA_8_TAP" };
    return lookup_in(t, 5, s);
}
static int tsc_min(const char *s)
{
    static const char *const t[] = { NULL, "POINT", "LINEAR", "ANISO" };
    return lookup_in(t, 4, s);
}
static int tsc_mip(const char *s)
{
    static const char *const t[] = { NULL, "NONE", "POINT", "LINEAR" };
    return lookup_in(t, 4, s);
}
static int tsc_reduction(const char *s)
{
    static const char *const t[] = { "WEIGHTED_AVERAGE", "MIN", "MAX" };
    return lookup_in(t, 3, s);
}
static int tsc_cube(const char *s)
{
    static const char *const t[] = { "USE_WRAP", "OVERRIDE_WRAP", "AUTO_SPAN_SEAM",
                                     "AUTO_CROSS_SEAM" };
    return lookup_in(t, 4, s);
}

/* Slots of tx_tic members; dtype and swz are handled apart. */
enum {
    T_COMPONENTS, T_DTYPE, T_SWZ, T_PACK, T_ADDRESS, T_GOB_DEPTH_OFFSET, T_VERSION,
    T_COHERENCY, T_GPB_W, T_GPB_H, T_GPB_D, T_TILE_W, T_GOB3D, T_PITCH, T_LAQ2, T_LAQ,
    T_LIQ, T_ACSM, T_ASS, T_UHOC, T_DEPTH_TEX, T_MAX_MIP, T_WIDTH, T_ASML2, T_SRGB, T_TYPE,
    T_SECTOR, T_BORDER, T_HEIGHT, T_DEPTH, T_NORM, T_TRILIN, T_LOD_BIAS, T_ANISO_BIAS,
    T_AFSF, T_ACSF, T_MAX_ANISO, T_AFSM, T_RV_MIN, T_RV_MAX, T_MSC, T_MIN_LOD, T_NSLOTS
};

static const fdesc tic_fields[] = {
    TIC_F("components", T_COMPONENTS, 7, components, L_ALL, tx_fmt_from_name, 0),
    TIC_F("format", T_COMPONENTS, 7, components, L_ALL, tx_fmt_from_name, 0),
    TIC_F("pack_components", T_PACK, 1, pack_components, L_ALL, NULL, 0),
    TIC_F("address", T_ADDRESS, 48, address, L_ALL, NULL, 0),
    TIC_F("gob_depth_offset", T_GOB_DEPTH_OFFSET, 2, gob_depth_offset, L_BL, NULL, 0),
    TIC_F("version", T_VERSION, 3, version, L_ALL, tx_version_from_name, 0),
    TIC_F("layout", T_VERSION, 3, version, L_ALL, tx_version_from_name, 0),
    TIC_F("coherency_hash", T_COHERENCY, 4, coherency_hash, L_ALL, NULL, 0),
    TIC_F("gobs_per_block_width", T_GPB_W, 3, gobs_per_block_width, L_BL, NULL, 0),
    TIC_F("gobs_per_block_height", T_GPB_H, 3, gobs_per_block_height, L_BL, NULL, 0),
    TIC_F("gobs_per_block_depth", T_GPB_D, 3, gobs_per_block_depth, L_BL, NULL, 0),
    TIC_F("tile_width_in_gobs", T_TILE_W, 3, tile_width_in_gobs, L_BL, NULL, 0),
    TIC_F("gob3d", T_GOB3D, 1, gob3d, L_BL, NULL, 0),
    TIC_F("pitch", T_PITCH, 21, pitch, L_PITCH, NULL, 0),
    TIC_F("lod_aniso_quality2", T_LAQ2, 1, lod_aniso_quality2, L_ALL, NULL, 0),
    TIC_F("lod_aniso_quality", T_LAQ, 1, lod_aniso_quality, L_ALL, NULL, 0),
    TIC_F("lod_iso_quality", T_LIQ, 1, lod_iso_quality, L_ALL, NULL, 0),
    TIC_F("aniso_coarse_spread_modifier", T_ACSM, 2, aniso_coarse_spread_modifier, L_ALL, NULL, 0),
    TIC_F("aniso_spread_scale", T_ASS, 5, aniso_spread_scale, L_ALL, NULL, 0),
    TIC_F("use_header_opt_control", T_UHOC, 1, use_header_opt_control, L_ALL, NULL, 0),
    TIC_F("depth_texture", T_DEPTH_TEX, 1, depth_texture, L_ALL, NULL, 0),
    TIC_F("max_mip_level", T_MAX_MIP, 4, max_mip_level, L_ALL, NULL, 0),
    TIC_F("width_minus_one", T_WIDTH, 32, width_minus_one, L_ALL, NULL, 0),
    TIC_F("width", T_WIDTH, 32, width_minus_one, L_ALL, NULL, 1),
    TIC_F("aniso_spread_max_log2", T_ASML2, 3, aniso_spread_max_log2, L_ALL, NULL, 0),
    TIC_F("srgb", T_SRGB, 1, srgb, L_ALL, NULL, 0),
    TIC_F("texture_type", T_TYPE, 4, texture_type, L_ALL, tx_textype_from_name, 0),
    TIC_F("type", T_TYPE, 4, texture_type, L_ALL, tx_textype_from_name, 0),
    TIC_F("sector_promotion", T_SECTOR, 2, sector_promotion, L_ALL, NULL, 0),
    TIC_F("border_size", T_BORDER, 3, border_size, L_ALL, NULL, 0),
    TIC_F("height_minus_one", T_HEIGHT, 16, height_minus_one, L_ALL, NULL, 0),
    TIC_F("height", T_HEIGHT, 16, height_minus_one, L_ALL, NULL, 1),
    TIC_F("depth_minus_one", T_DEPTH, 14, depth_minus_one, L_ALL, NULL, 0),
    TIC_F("depth", T_DEPTH, 14, depth_minus_one, L_ALL, NULL, 1),
    TIC_F("normalized_coords", T_NORM, 1, normalized_coords, L_ALL, NULL, 0),
    TIC_F("trilin_opt", T_TRILIN, 5, trilin_opt, L_ALL, NULL, 0),
    TIC_F("mip_lod_bias", T_LOD_BIAS, 13, mip_lod_bias, L_ALL, NULL, 0),
    TIC_F("aniso_bias", T_ANISO_BIAS, 4, aniso_bias, L_ALL, NULL, 0),
    TIC_F("aniso_fine_spread_func", T_AFSF, 2, aniso_fine_spread_func, L_ALL, NULL, 0),
    TIC_F("aniso_coarse_spread_func", T_ACSF, 2, aniso_coarse_spread_func, L_ALL, NULL, 0),
    TIC_F("max_anisotropy", T_MAX_ANISO, 3, max_anisotropy, L_ALL, NULL, 0),
    TIC_F("aniso_fine_spread_modifier", T_AFSM, 2, aniso_fine_spread_modifier, L_ALL, NULL, 0),
    TIC_F("res_view_min_mip_level", T_RV_MIN, 4, res_view_min_mip_level, L_ALL, NULL, 0),
    TIC_F("res_view_max_mip_level", T_RV_MAX, 4, res_view_max_mip_level, L_ALL, NULL, 0),
    TIC_F("multi_sample_count", T_MSC, 4, multi_sample_count, L_ALL, NULL, 0),
    TIC_F("min_lod_clamp", T_MIN_LOD, 12, min_lod_clamp, L_ALL, NULL, 0),
    { NULL, 0, 0, 0, 0, 0, NULL, 0 }
};

enum {
    S_AU, S_AV, S_AP, S_DC, S_DCF, S_SRGB, S_FFW, S_FFH, S_MAXA, S_MAG, S_MLCB, S_MIN, S_MIP,
    S_CUBE, S_RED, S_BIAS, S_FCN, S_TRILIN, S_MINLOD, S_MAXLOD, S_BR, S_BG, S_BB, S_BORDER,
    S_NSLOTS
};

static const fdesc tsc_fields[] = {
    TSC_F("address_u", S_AU, 3, address_u, tsc_wrap),
    TSC_F("address_v", S_AV, 3, address_v, tsc_wrap),
    TSC_F("address_p", S_AP, 3, address_p, tsc_wrap),
    TSC_F("depth_compare", S_DC, 1, depth_compare, NULL),
    TSC_F("depth_compare_func", S_DCF, 3, depth_compare_func, tsc_func),
    TSC_F("srgb_conversion", S_SRGB, 1, srgb_conversion, NULL),
    TSC_F("font_filter_width", S_FFW, 3, font_filter_width, NULL),
    TSC_F("font_filter_height", S_FFH, 3, font_filter_height, NULL),
    TSC_F("max_anisotropy", S_MAXA, 3, max_anisotropy, NULL),
    TSC_F("mag_filter", S_MAG, 3, mag_filter, tsc_mag),
    TSC_F("min_lod_clamp_behavior", S_MLCB, 1, min_lod_clamp_behavior, NULL),
    TSC_F("min_filter", S_MIN, 2, min_filter, tsc_min),
    TSC_F("mip_filter", S_MIP, 2, mip_filter, tsc_mip),
    TSC_F("cubemap_interface_filtering", S_CUBE, 2, cubemap_interface_filtering, tsc_cube),
    TSC_F("reduction_filter", S_RED, 2, reduction_filter, tsc_reduction),
    TSC_F("mip_lod_bias", S_BIAS, 13, mip_lod_bias, NULL),
    TSC_F("float_coord_normalization", S_FCN, 1, float_coord_normalization, NULL),
    TSC_F("trilin_opt", S_TRILIN, 5, trilin_opt, NULL),
    TSC_F("min_lod_clamp", S_MINLOD, 12, min_lod_clamp, NULL),
    TSC_F("max_lod_clamp", S_MAXLOD, 12, max_lod_clamp, NULL),
    TSC_F("srgb_border_r", S_BR, 8, srgb_border_r, NULL),
    TSC_F("srgb_border_g", S_BG, 8, srgb_border_g, NULL),
    TSC_F("srgb_border_b", S_BB, 8, srgb_border_b, NULL),
    { NULL, 0, 0, 0, 0, 0, NULL, 0 }
};

/* Store v into a member of `size` bytes. */
static void put_member(void *base, size_t off, size_t size, uint64_t v)
{
    char *p = (char *)base + off;
    switch (size) {
    case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

/* A value of a named field: a number, or a name from the field's table. */
static int field_value(vec_reader *r, const fdesc *f, json_object *m, uint64_t *v,
                       const char *what)
{
    uint64_t max = f->bits >= 64 ? UINT64_MAX : (1ull << f->bits) - 1;

    if (f->lookup && m && json_object_is_type(m, json_type_string) &&
        strncmp(json_object_get_string(m), "0x", 2) != 0) {
        int c = f->lookup(json_object_get_string(m));
        if (c < 0)
            return fail(r, "unknown %s name '%s'", what, json_object_get_string(m));
        *v = (uint64_t)c;
        return 0;
    }
    if (f->plus_one) {
        if (get_uint(r, m, max + 1, v) < 0)
            return -1;
        if (*v == 0)
            return fail(r, "must be at least 1 (the header stores the size minus one)");
        (*v)--;
        return 0;
    }
    return get_uint(r, m, max, v);
}

/* One name, or an array of 4 names/numbers (dtype, swizzle). */
static int four_codes(vec_reader *r, json_object *m, name_fn lookup, int bits, int allow_one,
                      const char *what, uint8_t out[4])
{
    fdesc f = { what, 0, bits, 0, 0, L_ALL, lookup, 0 };
    uint64_t v;

    if (m && json_object_is_type(m, json_type_array)) {
        if (json_object_array_length(m) != 4)
            return fail(r, "expected 4 entries (R, G, B, A order / X, Y, Z, W), got %zu",
                        json_object_array_length(m));
        for (size_t i = 0; i < 4; i++) {
            size_t old = path_idx(r, i);
            if (field_value(r, &f, json_object_array_get_idx(m, i), &v, what) < 0)
                return -1;
            out[i] = (uint8_t)v;
            path_pop(r, old);
        }
        return 0;
    }
    if (!allow_one)
        return fail(r, "expected an array of 4 %s names", what);
    if (field_value(r, &f, m, &v, what) < 0)
        return -1;
    for (int i = 0; i < 4; i++)
        out[i] = (uint8_t)v;
    return 0;
}

static int parse_tic_fields(vec_reader *r, json_object *o, uint32_t w[8])
{
    const char *slot_name_given[T_NSLOTS] = { 0 };   /* the name each member was given by */
    tx_tic t;
    int lay;

    memset(&t, 0, sizeof t);
    if (want_type(r, o, json_type_object, "an object of named header fields") < 0)
        return -1;

    json_object_object_foreach(o, key, m) {
        size_t old = path_key(r, key);
        const fdesc *f = NULL;
        int slot;

        if (strcmp(key, "dtype") == 0) {
            slot = T_DTYPE;
        } else if (strcmp(key, "swizzle") == 0 || strcmp(key, "swz") == 0) {
            slot = T_SWZ;
        } else {
            for (f = tic_fields; f->name; f++)
                if (strcmp(f->name, key) == 0)
                    break;
            if (!f->name)
                return fail(r, "unknown header field name '%s' (see docs/vector-format.md)", key);
            slot = f->slot;
        }
        if (slot_name_given[slot])
            return fail(r, "given twice (also as '%s')", slot_name_given[slot]);
        slot_name_given[slot] = key;

        if (slot == T_DTYPE) {
            if (four_codes(r, m, tx_dtype_from_name, 3, 1, "data type", t.dtype) < 0)
                return -1;
        } else if (slot == T_SWZ) {
            if (four_codes(r, m, tx_swz_from_name, 3, 0, "swizzle source", t.swz) < 0)
                return -1;
        } else {
            uint64_t v;
            const char *what = f->lookup == tx_fmt_from_name ? "format"
                             : f->lookup == tx_version_from_name ? "header version"
                             : "texture type";
            if (field_value(r, f, m, &v, what) < 0)
                return -1;
            put_member(&t, f->off, f->size, v);
        }
        path_pop(r, old);
    }

    /* Checks that depend on the header version. */
    if (t.version > TX_TIC_BLOCKLINEAR_COLORKEY) {
        size_t old = path_key(r, slot_name_given[T_VERSION]);
        int rc = fail(r, "header version %u is reserved", t.version);
        path_pop(r, old);
        return rc;
    }
    lay = t.version == TX_TIC_BLOCKLINEAR || t.version == TX_TIC_BLOCKLINEAR_COLORKEY ? L_BL
        : t.version == TX_TIC_PITCH || t.version == TX_TIC_PITCH_COLORKEY ? L_PITCH : L_ALL;
    for (const fdesc *f = tic_fields; f->name; f++) {
        if (f->where == L_ALL || f->where == lay || !slot_name_given[f->slot] ||
            strcmp(slot_name_given[f->slot], f->name) != 0)
            continue;
        size_t old = path_key(r, f->name);
        int rc = fail(r, "field exists only in %s headers (this header's version is %s)",
                      f->where == L_BL ? "block-linear" : "pitch", tx_version_name(t.version));
        path_pop(r, old);
        return rc;
    }
    if (slot_name_given[T_ADDRESS]) {
        uint64_t align = lay == L_BL ? 512 : lay == L_PITCH ? 32 : 1;
        if (t.address % align) {
            size_t old = path_key(r, slot_name_given[T_ADDRESS]);
            int rc = fail(r, "address 0x%" PRIx64 " is not %" PRIu64 "-byte aligned (%s headers "
                          "hold address bits 47:%d)", t.address, align,
                          lay == L_BL ? "block-linear" : "pitch", lay == L_BL ? 9 : 5);
            path_pop(r, old);
            return rc;
        }
    }
    if (slot_name_given[T_PITCH] && (t.pitch & 31)) {
        size_t old = path_key(r, "pitch");
        int rc = fail(r, "pitch %u is not a multiple of 32 (the header holds bits 20:5)", t.pitch);
        path_pop(r, old);
        return rc;
    }
    if (slot_name_given[T_WIDTH] && t.version != TX_TIC_1D_BUFFER && t.width_minus_one > 0xffff) {
        size_t old = path_key(r, slot_name_given[T_WIDTH]);
        int rc = fail(r, "width %" PRIu64 " too large: only 1D-buffer headers hold more than "
                      "65536", (uint64_t)t.width_minus_one + 1);
        path_pop(r, old);
        return rc;
    }
    tx_tic_pack(&t, w);
    return 0;
}

static int parse_tsc_fields(vec_reader *r, json_object *o, uint32_t w[8])
{
    tx_tsc t;

    memset(&t, 0, sizeof t);
    if (want_type(r, o, json_type_object, "an object of named sampler fields") < 0)
        return -1;

    json_object_object_foreach(o, key, m) {
        size_t old = path_key(r, key);
        const fdesc *f;

        if (strcmp(key, "border") == 0) {
            if (want_type(r, m, json_type_array, "an array of 4 border values (R, G, B, A)") < 0)
                return -1;
            if (json_object_array_length(m) != 4)
                return fail(r, "expected 4 border values (R, G, B, A), got %zu",
                            json_object_array_length(m));
            for (size_t i = 0; i < 4; i++) {
                size_t o2 = path_idx(r, i);
                if (get_u32(r, json_object_array_get_idx(m, i), &t.border[i]) < 0)
                    return -1;
                path_pop(r, o2);
            }
            path_pop(r, old);
            continue;
        }
        for (f = tsc_fields; f->name; f++)
            if (strcmp(f->name, key) == 0)
                break;
        if (!f->name)
            return fail(r, "unknown sampler field name '%s' (see docs/vector-format.md)", key);
        uint64_t v;
        if (field_value(r, f, m, &v, key) < 0)
            return -1;
        put_member(&t, f->off, f->size, v);
        path_pop(r, old);
    }
    tx_tsc_pack(&t, w);
    return 0;
}

/* "headers" / "samplers": [{"index": N, "fields": {...}} | {"index": N, "words": [8]}]. */
static int parse_descs(vec_reader *r, json_object *o, int is_tic, init_desc **arr, int *n,
                       int *cap)
{
    static const char *const keys[] = { "index", "fields", "words", NULL };
    uint64_t maxidx = is_tic ? 0xfffff : 0xfff;
    size_t len;

    if (want_type(r, o, json_type_array, "an array") < 0)
        return -1;
    len = json_object_array_length(o);
    for (size_t i = 0; i < len; i++) {
        json_object *e = json_object_array_get_idx(o, i), *m;
        size_t old = path_idx(r, i), o2;
        uint64_t idx;
        init_desc *d;
        int hf, hw;

        if (want_type(r, e, json_type_object, "an object") < 0 || check_keys(r, e, keys) < 0)
            return -1;
        if (member_uint(r, e, "index", maxidx, &idx) < 0)
            return -1;
        for (int k = 0; k < *n; k++)
            if ((*arr)[k].index == idx)
                return fail(r, "%s index %" PRIu64 " given twice", is_tic ? "header" : "sampler",
                            idx);
        hf = json_object_object_get_ex(e, "fields", NULL);
        hw = json_object_object_get_ex(e, "words", NULL);
        if (hf + hw != 1)
            return fail(r, "give exactly one of \"fields\" or \"words\"");
        if (grow(r, (void **)arr, cap, *n + 1, sizeof **arr) < 0)
            return -1;
        d = &(*arr)[*n];
        d->index = (uint32_t)idx;
        if (hw) {
            json_object_object_get_ex(e, "words", &m);
            o2 = path_key(r, "words");
            if (want_type(r, m, json_type_array, "an array of 8 words") < 0)
                return -1;
            if (json_object_array_length(m) != 8)
                return fail(r, "expected 8 words, got %zu", json_object_array_length(m));
            for (size_t k = 0; k < 8; k++) {
                size_t o3 = path_idx(r, k);
                if (get_u32(r, json_object_array_get_idx(m, k), &d->w[k]) < 0)
                    return -1;
                path_pop(r, o3);
            }
        } else {
            json_object_object_get_ex(e, "fields", &m);
            o2 = path_key(r, "fields");
            if ((is_tic ? parse_tic_fields(r, m, d->w) : parse_tsc_fields(r, m, d->w)) < 0)
                return -1;
        }
        path_pop(r, o2);
        (*n)++;
        path_pop(r, old);
    }
    return 0;
}

/* ---------------------------------------------------------------------------
 * Steps and expectations.
 */

static int cmp_rx(const void *a, const void *b)
{
    const vec_reg_expect *x = a, *y = b;
    return (int)x->reg - (int)y->reg;
}

static int parse_expect(vec_reader *r, json_object *o, vec_step *st, int si)
{
    static const char *const keys[] = { "status", "regs", "preds", "hash", NULL };
    static const char *const stnames[] = { "ok", "illegal", "fault", "trap", NULL };
    vec_expect *x = &st->expect;
    json_object *m;

    if (want_type(r, o, json_type_object, "an object") < 0 || check_keys(r, o, keys) < 0)
        return -1;
    memset(x, 0, sizeof *x);
    x->status = VEC_STATUS_ANY;
    r->step_rx[si] = r->nrx;

    if (json_object_object_get_ex(o, "status", &m)) {
        size_t old = path_key(r, "status");
        if (get_choice(r, m, stnames, &x->status) < 0)
            return -1;
        path_pop(r, old);
    }
    if (json_object_object_get_ex(o, "regs", &m)) {
        size_t old = path_key(r, "regs");
        if (want_type(r, m, json_type_object, "an object") < 0)
            return -1;
        x->has_regs = 1;
        json_object_object_foreach(m, key, val) {
            size_t o2 = path_key(r, key);
            int n = reg_number(key);
            vec_reg_expect *e;
            if (n < 0)
                return fail(r, strcmp(key, "RZ") == 0 ? "RZ is never written"
                                                      : "not a register name (R0..R254)");
            if (GROW(r, r->rx, r->rx_cap, r->nrx + 1) < 0)
                return -1;
            e = &r->rx[r->nrx];
            memset(e, 0, sizeof *e);
            e->reg = (uint8_t)n;
            if (val && json_object_is_type(val, json_type_array)) {
                if (json_object_array_length(val) != TX_LANES)
                    return fail(r, "expected one value or an array of %d entries (value or null),"
                                " got %zu", TX_LANES, json_object_array_length(val));
                for (int l = 0; l < TX_LANES; l++) {
                    json_object *lv = json_object_array_get_idx(val, (size_t)l);
                    size_t o3 = path_idx(r, (size_t)l);
                    if (lv) {
                        if (get_u32(r, lv, &e->val[l]) < 0)
                            return -1;
                        e->written |= 1u << l;
                    }
                    path_pop(r, o3);
                }
            } else {
                if (get_lanes(r, val, e->val) < 0)
                    return -1;
                e->written = 0xffffffffu;
            }
            r->nrx++;
            x->nregs++;
            path_pop(r, o2);
        }
        if (x->nregs > 1)   /* "regs": {} leaves rx NULL: no qsort(NULL, 0) */
            qsort(r->rx + r->step_rx[si], (size_t)x->nregs, sizeof *r->rx, cmp_rx);
        path_pop(r, old);
    }
    if (json_object_object_get_ex(o, "preds", &m)) {
        static const char *const pkeys[] = { "mask", "value", NULL };
        size_t old = path_key(r, "preds");
        uint32_t seen = 0;
        if (want_type(r, m, json_type_object, "an object") < 0)
            return -1;
        x->has_preds = 1;
        json_object_object_foreach(m, key, val) {
            size_t o2 = path_key(r, key);
            int n = pred_number(key);
            uint64_t mask, value;
            if (n < 0)
                return fail(r, strcmp(key, "PT") == 0 ? "PT is never written"
                                                      : "not a predicate name (P0..P6)");
            if (want_type(r, val, json_type_object, "an object {\"mask\", \"value\"}") < 0 ||
                check_keys(r, val, pkeys) < 0)
                return -1;
            if (member_uint(r, val, "mask", 0xffffffffu, &mask) < 0 ||
                member_uint(r, val, "value", 0xffffffffu, &value) < 0)
                return -1;
            if (value & ~mask)
                return fail(r, "value 0x%08" PRIx64 " has bits outside mask 0x%08" PRIx64,
                            value, mask);
            seen |= 1u << n;
            x->preds[x->npreds].pred = (uint8_t)n;
            x->preds[x->npreds].mask = (uint32_t)mask;
            x->preds[x->npreds].value = (uint32_t)value;
            x->npreds++;
            path_pop(r, o2);
        }
        /* Sort by predicate (at most 7 entries). */
        for (int i = 1; i < x->npreds; i++)
            for (int j = i; j > 0 && x->preds[j - 1].pred > x->preds[j].pred; j--) {
                vec_pred_expect t = x->preds[j];
                x->preds[j] = x->preds[j - 1];
                x->preds[j - 1] = t;
            }
        (void)seen;
        path_pop(r, old);
    }
    if (json_object_object_get_ex(o, "hash", &m)) {
        uint64_t h;
        size_t old = path_key(r, "hash");
        if (get_uint(r, m, 255, &h) < 0)
            return -1;
        x->has_hash = 1;
        x->hash = (uint8_t)h;
        path_pop(r, old);
    }
    return 0;
}


/* ---------------------------------------------------------------------------
 * Direct3D resources and steps (docs/d3d-ld.md).
 */

/* The constant-bank word at byte offset off as the vector sets it (the last
 * entry for an offset wins, as in vec_apply); 0 when not set. */
static uint32_t init_cbank_word(const struct vec_init *in, uint32_t off)
{
    uint32_t v = 0;
    for (int i = 0; i < in->ncb; i++)
        if (in->cb[i].off == off)
            v = in->cb[i].val;
    return v;
}

/* "d3d": {"t<n>": {"dim": name, "slot": word index, "bound": bool}}. */
static int parse_d3d(vec_reader *r, json_object *o)
{
    static const char *const keys[] = { "dim", "slot", "bound", NULL };
    struct vec_init *in = &r->init;

    if (want_type(r, o, json_type_object, "an object") < 0)
        return -1;
    json_object_object_foreach(o, key, val) {
        size_t old = path_key(r, key);
        json_object *m;
        uint64_t slot;
        long t = -1;
        tx_d3d_res *res;

        /* "t0".."t127", no leading zeros. */
        if (key[0] == 't' && key[1] >= '0' && key[1] <= '9' && strlen(key) <= 4 &&
            !(key[1] == '0' && key[2])) {
            char *end;
            t = strtol(key + 1, &end, 10);
            if (*end)
                t = -1;
        }
        if (t < 0 || t >= TX_D3D_NRES)
            return fail(r, "not a resource register name (t0..t%d)", TX_D3D_NRES - 1);
        res = &r->d3dres[t];
        if (want_type(r, val, json_type_object, "an object {\"dim\", \"slot\", \"bound\"}") < 0 ||
            check_keys(r, val, keys) < 0)
            return -1;

        size_t o2 = path_key(r, "dim");
        if (!json_object_object_get_ex(val, "dim", &m))
            return fail(r, "missing (one of: buffer, texture1d, texture1darray, texture2d, "
                           "texture2darray, texture2dms, texture2dmsarray, texture3d, "
                           "texturecube, texturecubearray)");
        if (want_type(r, m, json_type_string, "a string") < 0)
            return -1;
        int dim = tx_d3d_dim_from_name(json_object_get_string(m));
        if (dim < 0)
            return fail(r, "unknown resource dimension '%s' (one of: buffer, texture1d, "
                           "texture1darray, texture2d, texture2darray, texture2dms, "
                           "texture2dmsarray, texture3d, texturecube, texturecubearray)",
                        json_object_get_string(m));
        path_pop(r, o2);

        o2 = path_key(r, "slot");
        if (!json_object_object_get_ex(val, "slot", &m))
            return fail(r, "missing: the constant-bank word index of the texture handle "
                           "(the TLDS #tsPtrIdx)");
        path_pop(r, o2);
        if (member_uint(r, val, "slot", 0x1fff, &slot) < 0)
            return -1;

        res->declared = 1;
        res->dim = (uint8_t)dim;
        res->slot = (uint16_t)slot;
        res->bound = 1;
        if (json_object_object_get_ex(val, "bound", &m)) {
            o2 = path_key(r, "bound");
            if (want_type(r, m, json_type_boolean, "true or false") < 0)
                return -1;
            res->bound = json_object_get_boolean(m) ? 1 : 0;
            path_pop(r, o2);
        }

        /* An unbound t# must return zeros: its handle has to name a header
         * above the pool's maximum (TLDS seed, #tsPtrIdxU13). */
        if (!res->bound) {
            uint32_t tic_max = (in->given & G_TIC) ? in->tic_max : 0;
            uint32_t handle = init_cbank_word(in, (uint32_t)slot * 4u);
            if ((handle & 0xfffffu) <= tic_max)
                return fail(r, "declared unbound, but the handle at slot 0x%x (cbank 0x%x = "
                               "0x%08" PRIx32 ") names header %" PRIu32 ", which is not above "
                               "tic.max %" PRIu32 ": set a handle above the pool's maximum",
                            (unsigned)slot, (unsigned)slot * 4u, handle, handle & 0xfffffu,
                            tic_max);
        }
        path_pop(r, old);
    }
    return 0;
}

/* Lowering callback: the lane values of a register when the vector is read,
 * if no earlier step may have written it. */
static int d3d_reg_value(void *user, int reg, uint32_t val[32])
{
    vec_reader *r = user;
    const struct vec_init *in = &r->init;

    if (reg < 0 || reg >= TX_RZ || r->reg_written[reg])
        return 0;
    memset(val, 0, 32 * sizeof *val);
    for (int i = 0; i < in->nregs; i++)
        if (in->regs[i].reg == reg)
            memcpy(val, in->regs[i].val, 32 * sizeof *val);
    return 1;
}

/* Lower step si's Direct3D text into st (word, moves). */
static int parse_d3d_step(vec_reader *r, json_object *m, vec_step *st, int si)
{
    const struct vec_init *in = &r->init;
    tx_d3d_env env;
    tx_d3d_lowered lw;
    tx_d3d_err de;

    if (want_type(r, m, json_type_string, "a string of Direct3D ld text") < 0)
        return -1;
    st->text = json_object_get_string(m);
    if (strlen(st->text) != (size_t)json_object_get_string_len(m))
        return fail(r, "the text holds a \\u0000 (NUL) character");
    st->d3d = 1;
    env.res = r->d3dres;
    env.pixel = (in->given & G_PIXEL) ? in->pixel : 1;
    env.ctm = (in->given & G_CTM) ? in->ctm : 0xffffffffu;
    env.reg_value = d3d_reg_value;
    env.user = r;
    if (tx_d3d_compile(st->text, &env, &lw, &de) != 0)
        return de.col ? fail(r, "column %d: %s", de.col, de.msg) : fail(r, "%s", de.msg);
    st->word = lw.word;
    st->ctrl = lw.ctrl;
    if (GROW(r, r->mv, r->mv_cap, r->nmv + lw.npre + lw.npost) < 0)
        return -1;
    r->step_mv[si] = r->nmv;
    for (int i = 0; i < lw.npre + lw.npost; i++) {
        const tx_d3d_move *d = i < lw.npre ? &lw.pre[i] : &lw.post[i - lw.npre];
        vec_move *v = &r->mv[r->nmv++];
        v->dst = d->dst;
        v->from_imm = d->from_imm;
        v->src = d->src;
        v->imm = d->imm;
    }
    st->npre = lw.npre;
    st->npost = lw.npost;
    return 0;
}

/* After step st: mark every register it may write (for d3d_reg_value). */
static void note_writes(vec_reader *r, const vec_step *st)
{
    tx_insn d;

    for (int i = 0; i < st->npre + st->npost; i++)
        r->reg_written[r->mv[r->step_mv[st - r->steps] + i].dst] = 1;
    tx_decode(st->word, st->ctrl, &d);
    if (d.op == TX_OP_TLDS) {
        /* At most Rd0, Rd0+1, Rd1, Rd1+1, whatever the mask. */
        const int rd[4] = { d.rd, d.rd + 1, d.u.tlds.rd1, d.u.tlds.rd1 + 1 };
        for (int k = 0; k < 4; k++)
            if (rd[k] < TX_RZ && !(k % 2 == 1 && rd[k - 1] == TX_RZ))
                r->reg_written[rd[k]] = 1;
    } else {
        /* Another instruction: assume it may write anything. */
        memset(r->reg_written, 1, sizeof r->reg_written);
    }
}

static int parse_steps(vec_reader *r, json_object *o)
{
    static const char *const keys[] = { "sass", "word", "ctrl", "d3d", "expect", NULL };
    size_t n;

    if (want_type(r, o, json_type_array, "an array of steps") < 0)
        return -1;
    n = json_object_array_length(o);
    if (n == 0)
        return fail(r, "empty: a vector needs at least one step");
    if (n > 1000000)
        return fail(r, "%zu steps: at most 1000000 per vector", n);
    if (GROW(r, r->steps, r->steps_cap, (int)n) < 0)
        return -1;
    {
        int cap = r->steps_cap;
        void *q = realloc(r->step_rx, (size_t)cap * sizeof *r->step_rx);
        if (!q)
            return fail(r, "out of memory");
        r->step_rx = q;
        q = realloc(r->step_mv, (size_t)cap * sizeof *r->step_mv);
        if (!q)
            return fail(r, "out of memory");
        r->step_mv = q;
    }
    r->nrx = 0;
    r->nmv = 0;
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(o, i), *m;
        vec_step *st = &r->steps[i];
        size_t old = path_idx(r, i);
        int hs, hw, hd;

        memset(st, 0, sizeof *st);
        r->step_rx[i] = 0;
        r->step_mv[i] = r->nmv;
        if (want_type(r, e, json_type_object, "an object") < 0 || check_keys(r, e, keys) < 0)
            return -1;
        hs = json_object_object_get_ex(e, "sass", NULL);
        hw = json_object_object_get_ex(e, "word", NULL);
        hd = json_object_object_get_ex(e, "d3d", NULL);
        if (hd && hs + hw + hd != 1)
            return fail(r, "give exactly one of \"sass\", \"word\" or \"d3d\"");
        if (hs + hw + hd != 1)
            return fail(r, "give exactly one of \"sass\" or \"word\"");
        if (hd && json_object_object_get_ex(e, "ctrl", NULL))
            return fail(r, "\"ctrl\" goes with \"word\" only (a d3d step is lowered to a TLDS "
                        "with the default control field)");
        if (hd) {
            size_t o2 = path_key(r, "d3d");
            json_object_object_get_ex(e, "d3d", &m);
            if (parse_d3d_step(r, m, st, (int)i) < 0)
                return -1;
            path_pop(r, o2);
        } else if (hs && json_object_object_get_ex(e, "ctrl", NULL)) {
            return fail(r, "\"ctrl\" goes with \"word\" only (SASS text carries its own "
                        "scheduling fields)");
        } else if (hs) {
            tx_asm_err ae;
            size_t o2 = path_key(r, "sass");
            json_object_object_get_ex(e, "sass", &m);
            if (want_type(r, m, json_type_string, "a string of SASS text") < 0)
                return -1;
            st->text = json_object_get_string(m);
            if (strlen(st->text) != (size_t)json_object_get_string_len(m))
                return fail(r, "the text holds a \\u0000 (NUL) character");
            memset(&ae, 0, sizeof ae);
            if (tx_asm(st->text, &st->word, &st->ctrl, &ae) != 0)
                return fail(r, "column %d: %s", ae.col, ae.msg[0] ? ae.msg : "cannot assemble");
            path_pop(r, o2);
        } else {
            uint64_t v;
            if (member_uint(r, e, "word", UINT64_MAX, &st->word) < 0)
                return -1;
            st->ctrl = TX_CTRL_DEFAULT;
            if (json_object_object_get_ex(e, "ctrl", NULL)) {
                if (member_uint(r, e, "ctrl", 0x1fffff, &v) < 0)
                    return -1;
                st->ctrl = (uint32_t)v;
            }
        }
        if (json_object_object_get_ex(e, "expect", &m)) {
            size_t o2 = path_key(r, "expect");
            st->has_expect = 1;
            if (parse_expect(r, m, st, (int)i) < 0)
                return -1;
            path_pop(r, o2);
        }
        note_writes(r, st);
        path_pop(r, old);
    }
    /* Point the expectations at the final location of rx[]. */
    for (size_t i = 0; i < n; i++)
        r->steps[i].expect.regs = r->steps[i].expect.nregs ? r->rx + r->step_rx[i] : NULL;
    /* The same for the moves. */
    for (size_t i = 0; i < n; i++) {
        vec_step *st = &r->steps[i];
        st->pre = st->npre ? r->mv + r->step_mv[i] : NULL;
        st->post = st->npost ? r->mv + r->step_mv[i] + st->npre : NULL;
    }
    r->vec.nsteps = (int)n;
    r->vec.steps = r->steps;
    return 0;
}

/* ---------------------------------------------------------------------------
 * Ids seen (duplicate check).
 */

static unsigned id_hash(const char *s)
{
    unsigned h = 2166136261u;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h % ID_BUCKETS;
}

/* Record id; returns the line of an earlier use, 0 if new, -1 on no memory. */
static long id_add(vec_reader *r, const char *id)
{
    unsigned h = id_hash(id);
    id_entry *e;

    for (e = r->ids[h]; e; e = e->next)
        if (strcmp(e->id, id) == 0)
            return e->line;
    e = malloc(sizeof *e + strlen(id) + 1);
    if (!e)
        return -1;
    strcpy(e->id, id);
    e->line = r->lineno;
    e->next = r->ids[h];
    r->ids[h] = e;
    return 0;
}

/* ---------------------------------------------------------------------------
 * One vector.
 */

static void clear_vector(vec_reader *r)
{
    struct vec_init *in = &r->init;

    for (int i = 0; i < in->nregions; i++)
        free(in->regions[i].path);
    in->nregions = 0;
    in->nregs = in->ncb = in->nheaders = in->nsamplers = 0;
    in->given = 0;
    in->preds_given = 0;
    r->blob_len = 0;
    r->nrx = 0;
    r->nmv = 0;
    memset(r->d3dres, 0, sizeof r->d3dres);
    memset(r->reg_written, 0, sizeof r->reg_written);
    memset(&r->vec, 0, sizeof r->vec);
    r->cur_id = NULL;
    r->plen = 0;
    r->path[0] = '\0';
}

static int parse_vector(vec_reader *r, json_object *root)
{
    static const char *const keys[] = {
        "texcosim", "id", "desc", "ctm", "ktm", "pixel", "fp16_round", "gob_layout", "hash",
        "tic", "tsc", "regs", "preds", "cbank", "mem", "headers", "samplers", "tb", "d3d",
        "steps", NULL
    };
    static const char *const rounds[] = { "rne", "rz", NULL };
    static const char *const gobs[] = { "tegra", "desktop", NULL };
    struct vec_init *in = &r->init;
    json_object *m;
    uint64_t v;
    size_t old;
    long first;

    if (!json_object_is_type(root, json_type_object))
        return fail(r, "expected a JSON object (one vector per line), got %s", type_name(root));

    /* The id first, so that later messages can name the vector. */
    if (!json_object_object_get_ex(root, "id", &m)) {
        old = path_key(r, "id");
        return fail(r, "missing");
    }
    old = path_key(r, "id");
    if (want_type(r, m, json_type_string, "a string") < 0)
        return -1;
    {
        const char *id = json_object_get_string(m);
        size_t len = strlen(id);
        if (len != (size_t)json_object_get_string_len(m))
            return fail(r, "contains a NUL character");
        if (len == 0 || len > 100)
            return fail(r, "must be 1 to 100 characters long");
        for (const char *p = id; *p; p++)
            if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
                  (*p >= '0' && *p <= '9') || *p == '_' || *p == '.' || *p == '-'))
                return fail(r, "'%s' has a character outside [A-Za-z0-9_.-]", id);
        path_pop(r, old);
        r->cur_id = id;
        r->vec.id = id;
    }

    /* The format version. */
    old = path_key(r, "texcosim");
    if (!json_object_object_get_ex(root, "texcosim", &m))
        return fail(r, "missing: every vector starts with \"texcosim\": %d", VEC_FORMAT_VERSION);
    if (!json_object_is_type(m, json_type_int))
        return fail(r, "expected the format version as an integer, got %s", type_name(m));
    if (json_object_get_int64(m) != VEC_FORMAT_VERSION)
        return fail(r, "unsupported format version %" PRId64 " (this build reads version %d)",
                    json_object_get_int64(m), VEC_FORMAT_VERSION);
    path_pop(r, old);

    if (check_keys(r, root, keys) < 0)
        return -1;

    first = id_add(r, r->vec.id);
    if (first < 0)
        return fail(r, "out of memory");
    if (first > 0) {
        old = path_key(r, "id");
        return fail(r, "duplicate id (first used on line %ld)", first);
    }

    r->vec.desc = "";
    if (json_object_object_get_ex(root, "desc", &m)) {
        old = path_key(r, "desc");
        if (want_type(r, m, json_type_string, "a string") < 0)
            return -1;
        r->vec.desc = json_object_get_string(m);
        path_pop(r, old);
    }

    /* Lane masks and knobs. */
    if (json_object_object_get_ex(root, "ctm", &m)) {
        old = path_key(r, "ctm");
        if (get_u32(r, m, &in->ctm) < 0)
            return -1;
        in->given |= G_CTM;
        path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "ktm", &m)) {
        old = path_key(r, "ktm");
        if (get_u32(r, m, &in->ktm) < 0)
            return -1;
        in->given |= G_KTM;
        path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "pixel", &m)) {
        old = path_key(r, "pixel");
        if (want_type(r, m, json_type_boolean, "true or false") < 0)
            return -1;
        in->pixel = json_object_get_boolean(m) ? 1 : 0;
        in->given |= G_PIXEL;
        path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "fp16_round", &m)) {
        old = path_key(r, "fp16_round");
        if (get_choice(r, m, rounds, &in->fp16_round) < 0)
            return -1;
        in->given |= G_FP16;
        path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "gob_layout", &m)) {
        old = path_key(r, "gob_layout");
        if (get_choice(r, m, gobs, &in->gob_layout) < 0)
            return -1;
        in->given |= G_GOB;
        path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "hash", &m)) {
        old = path_key(r, "hash");
        if (get_uint(r, m, 255, &v) < 0)
            return -1;
        in->hash = (uint8_t)v;
        in->given |= G_HASH;
        path_pop(r, old);
    }

    /* Pools. */
    if (json_object_object_get_ex(root, "tic", &m)) {
        old = path_key(r, "tic");
        if (parse_pool(r, m, &in->tic_base, &in->tic_max, 0xfffff) < 0)
            return -1;
        in->given |= G_TIC;
        path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "tsc", &m)) {
        old = path_key(r, "tsc");
        if (parse_pool(r, m, &in->tsc_base, &in->tsc_max, 0xfff) < 0)
            return -1;
        in->given |= G_TSC;
        path_pop(r, old);
    }

    /* Registers, predicates, constant bank, memory. */
    static const struct {
        const char *key;
        int (*parse)(vec_reader *, json_object *);
    } state[] = {
        {"regs", parse_regs}, {"preds", parse_preds}, {"cbank", parse_cbank}, {"mem", parse_mem}};
    for (size_t i = 0; i < sizeof state / sizeof state[0]; i++) {
        if (!json_object_object_get_ex(root, state[i].key, &m))
            continue;
        old = path_key(r, state[i].key);
        if (state[i].parse(r, m) < 0)
            return -1;
        path_pop(r, old);
    }

    /* Headers and samplers; each must fit in the address space. */
    if (json_object_object_get_ex(root, "headers", &m)) {
        old = path_key(r, "headers");
        if (parse_descs(r, m, 1, &in->headers, &in->nheaders, &r->headers_cap) < 0)
            return -1;
        for (int i = 0; i < in->nheaders; i++)
            if (in->tic_base + 32ull * in->headers[i].index + 31 > TX_ADDR_MASK)
                return fail(r, "header %u at tic base 0x%" PRIx64 " + 32 * index leaves the "
                            "48-bit address space", in->headers[i].index, in->tic_base);
        path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "samplers", &m)) {
        old = path_key(r, "samplers");
        if (parse_descs(r, m, 0, &in->samplers, &in->nsamplers, &r->samplers_cap) < 0)
            return -1;
        for (int i = 0; i < in->nsamplers; i++)
            if (in->tsc_base + 32ull * in->samplers[i].index + 31 > TX_ADDR_MASK)
                return fail(r, "sampler %u at tsc base 0x%" PRIx64 " + 32 * index leaves the "
                            "48-bit address space", in->samplers[i].index, in->tsc_base);
        path_pop(r, old);
    }

    /* Testbench options. */
    r->vec.tb.mem_latency = r->vec.tb.mem_jitter = r->vec.tb.backpressure = VEC_UNSET;
    r->vec.tb.seed = r->vec.tb.watchdog = VEC_UNSET;
    if (json_object_object_get_ex(root, "tb", &m)) {
        old = path_key(r, "tb");
        if (parse_tb(r, m) < 0)
            return -1;
        path_pop(r, old);
    }

    /* Direct3D resource declarations (after the pools and the constant bank,
     * which an unbound declaration is checked against). */
    if (json_object_object_get_ex(root, "d3d", &m)) {
        old = path_key(r, "d3d");
        if (parse_d3d(r, m) < 0)
            return -1;
        path_pop(r, old);
    }

    /* Steps. */
    old = path_key(r, "steps");
    if (!json_object_object_get_ex(root, "steps", &m))
        return fail(r, "missing: a vector needs at least one step");
    if (parse_steps(r, m) < 0)
        return -1;
    path_pop(r, old);

    in->blob = r->blob;
    r->vec.file = r->fname;
    r->vec.line = r->lineno;
    r->vec.index = r->nvec;
    r->vec.init = in;
    return 0;
}

/* ---------------------------------------------------------------------------
 * Lines.
 */

/*
 * Read the next line into r->line (without its '\n' or "\r\n").  Returns 1
 * with *had_nl telling whether the line ended with a newline, 0 at the end of
 * the file, -1 on an error.
 */
static int read_line(vec_reader *r, int *had_nl)
{
    r->line_len = 0;
    *had_nl = 0;
    for (;;) {
        char *nl;
        size_t take;

        if (r->ipos == r->ilen) {
            if (r->ieof)
                break;
            r->ilen = fread(r->ibuf, 1, IBUF_SIZE, r->fp);
            r->ipos = 0;
            if (r->ilen == 0) {
                if (ferror(r->fp))
                    return fail(r, "read error: %s", strerror(errno));
                r->ieof = 1;
                break;
            }
        }
        nl = memchr(r->ibuf + r->ipos, '\n', r->ilen - r->ipos);
        take = nl ? (size_t)(nl - (r->ibuf + r->ipos)) : r->ilen - r->ipos;
        if (r->line_len + take + 1 > VEC_MAX_LINE)
            return fail(r, "line longer than %u MiB: put large data in side files",
                        VEC_MAX_LINE >> 20);
        if (r->line_len + take + 1 > r->line_cap) {
            size_t cap = r->line_cap ? r->line_cap : 4096;
            char *q;
            while (cap < r->line_len + take + 1)
                cap *= 2;
            q = realloc(r->line, cap);
            if (!q)
                return fail(r, "out of memory");
            r->line = q;
            r->line_cap = cap;
        }
        memcpy(r->line + r->line_len, r->ibuf + r->ipos, take);
        r->line_len += take;
        r->ipos += take;
        if (nl) {
            r->ipos++;
            *had_nl = 1;
            break;
        }
    }
    if (!*had_nl && r->line_len == 0)
        return 0;
    if (r->line_len && r->line[r->line_len - 1] == '\r')
        r->line_len--;
    r->line[r->line_len] = '\0';
    return 1;
}

/*
 * json-c accepts 'single-quoted' member names even in strict mode; JSON does
 * not.  Outside double-quoted strings a ' is never valid: return the position
 * of the first one before limit, or -1.
 */
static int first_squote(const char *s, size_t limit)
{
    int in_str = 0;

    for (size_t i = 0; i < limit && s[i]; i++) {
        if (in_str) {
            if (s[i] == '\\')
                i++;
            else if (s[i] == '"')
                in_str = 0;
        } else if (s[i] == '"') {
            in_str = 1;
        } else if (s[i] == '\'') {
            return (int)i;
        }
    }
    return -1;
}

/*
 * json-c keeps the last of two members with the same name, silently, so a
 * file could test something other than what its reader sees.  This scan of a
 * line that json-c has already accepted records every member name with the
 * object it belongs to, sorts them, and returns the offset of the later of
 * the first repeated pair (-1: none; -2: out of memory).  Names are compared
 * as written, escapes included.
 */
typedef struct key_ref {
    unsigned obj;      /* ordinal of the enclosing object */
    unsigned off, len; /* the name's text, quotes excluded */
} key_ref;

static const char *key_line;   /* for the qsort comparator */

static int cmp_key(const void *a, const void *b)
{
    const key_ref *x = a, *y = b;
    if (x->obj != y->obj)
        return x->obj < y->obj ? -1 : 1;
    unsigned n = x->len < y->len ? x->len : y->len;
    int c = memcmp(key_line + x->off, key_line + y->off, n);
    if (c)
        return c;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return x->off < y->off ? -1 : (x->off > y->off);
}

static long repeated_member(const char *s, size_t n, unsigned *name_off, unsigned *name_len)
{
    enum { MAXD = 64 };             /* json-c refuses deeper nesting anyway */
    unsigned obj[MAXD];             /* object ordinal, or ~0u for an array */
    int want_key[MAXD];
    int depth = 0;
    unsigned nobj = 0;
    key_ref *keys = NULL;
    size_t nkeys = 0, cap = 0;
    long found = -1;

    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '"') {
            size_t start = ++i;
            while (i < n && s[i] != '"')
                i += s[i] == '\\' ? 2 : 1;
            if (depth > 0 && obj[depth - 1] != ~0u && want_key[depth - 1]) {
                if (nkeys == cap) {
                    size_t nc = cap ? 2 * cap : 64;
                    key_ref *k = realloc(keys, nc * sizeof *k);
                    if (!k) {
                        free(keys);
                        return -2;
                    }
                    keys = k, cap = nc;
                }
                keys[nkeys].obj = obj[depth - 1];
                keys[nkeys].off = (unsigned)start;
                keys[nkeys].len = (unsigned)(i - start);
                nkeys++;
                want_key[depth - 1] = 0;
            }
        } else if ((c == '{' || c == '[') && depth < MAXD) {
            obj[depth] = c == '{' ? nobj++ : ~0u;
            want_key[depth] = c == '{';
            depth++;
        } else if ((c == '}' || c == ']') && depth > 0) {
            depth--;
        } else if (c == ',' && depth > 0 && obj[depth - 1] != ~0u) {
            want_key[depth - 1] = 1;
        }
    }
    key_line = s;
    qsort(keys, nkeys, sizeof *keys, cmp_key);
    for (size_t k = 1; k < nkeys; k++) {
        const key_ref *a = &keys[k - 1], *b = &keys[k];
        if (a->obj == b->obj && a->len == b->len && !memcmp(s + a->off, s + b->off, a->len) &&
            (found < 0 || (long)b->off < found)) {
            found = (long)b->off;
            *name_off = b->off;
            *name_len = b->len;
        }
    }
    free(keys);
    return found;
}

static int blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return 0;
    return 1;
}

/* ---------------------------------------------------------------------------
 * Public interface.
 */

vec_reader *vec_open(const char *path, vec_error *err)
{
    vec_reader *r = calloc(1, sizeof *r);
    char *dir;
    const char *slash;

    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    if (!r) {
        snprintf(err->text, sizeof err->text, "%s: out of memory", path);
        return NULL;
    }
    r->fname = strdup(path);
    r->ibuf = malloc(IBUF_SIZE);
    r->tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH);
    if (!r->fname || !r->ibuf || !r->tok) {
        snprintf(err->text, sizeof err->text, "%s: out of memory", path);
        vec_close(r);
        return NULL;
    }
    json_tokener_set_flags(r->tok, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS |
                                      JSON_TOKENER_VALIDATE_UTF8);

    r->fp = fopen(path, "rb");
    if (!r->fp) {
        snprintf(err->text, sizeof err->text, "%s: cannot open: %s", path, strerror(errno));
        vec_close(r);
        return NULL;
    }

    /* The folder side files are named relative to. */
    slash = strrchr(path, '/');
    if (slash) {
        size_t n = slash == path ? 1 : (size_t)(slash - path);
        dir = malloc(n + 1);
        if (dir) {
            memcpy(dir, path, n);
            dir[n] = '\0';
        }
    } else {
        dir = strdup(".");
    }
    r->dir_real = dir ? realpath(dir, NULL) : NULL;
    free(dir);
    if (!r->dir_real) {
        snprintf(err->text, sizeof err->text, "%s: cannot resolve its folder: %s", path,
                 strerror(errno));
        vec_close(r);
        return NULL;
    }
    return r;
}

void vec_close(vec_reader *r)
{
    if (!r)
        return;
    clear_vector(r);
    if (r->root)
        json_object_put(r->root);
    if (r->tok)
        json_tokener_free(r->tok);
    if (r->fp)
        fclose(r->fp);
    for (int i = 0; i < ID_BUCKETS; i++) {
        id_entry *e = r->ids[i], *n;
        for (; e; e = n) {
            n = e->next;
            free(e);
        }
    }
    free(r->init.regs);
    free(r->init.cb);
    free(r->init.regions);
    free(r->init.headers);
    free(r->init.samplers);
    free(r->steps);
    free(r->step_rx);
    free(r->rx);
    free(r->mv);
    free(r->step_mv);
    free(r->blob);
    free(r->line);
    free(r->ibuf);
    free(r->dir_real);
    free(r->fname);
    free(r);
}

int vec_next(vec_reader *r, const tx_vector **v, vec_error *err)
{
    int had_nl, rc;

    *v = NULL;
    if (r->failed) {
        *err = r->err;
        return -1;
    }
    clear_vector(r);
    if (r->root) {
        json_object_put(r->root);
        r->root = NULL;
    }

    /* Skip blank lines. */
    for (;;) {
        r->lineno++;
        rc = read_line(r, &had_nl);
        if (rc < 0) {
            *err = r->err;
            return -1;
        }
        if (rc == 0) {
            r->lineno--;
            return 0;
        }
        if (r->lineno == 1 && r->line_len >= 3 && memcmp(r->line, "\xef\xbb\xbf", 3) == 0) {
            memmove(r->line, r->line + 3, r->line_len - 2);
            r->line_len -= 3;
        }
        if (!blank(r->line, r->line_len))
            break;
    }
    if (memchr(r->line, '\0', r->line_len)) {
        fail_col(r, (int)((char *)memchr(r->line, '\0', r->line_len) - r->line) + 1,
                 "malformed JSON: NUL byte in the line");
        *err = r->err;
        return -1;
    }

    /* Parse the line as one JSON value. */
    json_tokener_reset(r->tok);
    r->root = json_tokener_parse_ex(r->tok, r->line, (int)r->line_len);
    {
        enum json_tokener_error je = json_tokener_get_error(r->tok);
        size_t end = json_tokener_get_parse_end(r->tok);
        int q;

        if (je == json_tokener_continue) {
            if (!had_nl)
                fail_col(r, (int)r->line_len + 1, "truncated: the file ends in the middle of "
                         "a JSON object (last line cut short?)");
            else
                fail_col(r, (int)r->line_len + 1, "malformed JSON: the line ends before the "
                         "JSON object is complete (one vector per line)");
            *err = r->err;
            return -1;
        }
        if (je != json_tokener_success && (q = first_squote(r->line, end + 1)) >= 0) {
            fail_col(r, q + 1, "malformed JSON: single-quoted string (JSON strings use "
                     "double quotes)");
            *err = r->err;
            return -1;
        }
        if (je != json_tokener_success) {
            fail_col(r, (int)end + 1, "malformed JSON: %s", json_tokener_error_desc(je));
            *err = r->err;
            return -1;
        }
        if ((q = first_squote(r->line, end)) >= 0) {
            fail_col(r, q + 1, "malformed JSON: single-quoted string (JSON strings use "
                     "double quotes)");
            *err = r->err;
            return -1;
        }
        if (!blank(r->line + end, r->line_len - end)) {
            fail_col(r, (int)end + 1, "malformed JSON: unexpected text after the JSON object "
                     "(one vector per line)");
            *err = r->err;
            return -1;
        }
        unsigned koff = 0, klen = 0;
        long dup = repeated_member(r->line, end, &koff, &klen);
        if (dup == -2) {
            fail_col(r, 1, "out of memory");
            *err = r->err;
            return -1;
        }
        if (dup >= 0) {
            fail_col(r, (int)dup, "malformed JSON: member \"%.*s\" given twice in one object "
                     "(JSON readers disagree on which one counts)", (int)(klen > 60 ? 60 : klen),
                     r->line + koff);
            *err = r->err;
            return -1;
        }
    }

    if (parse_vector(r, r->root) < 0) {
        *err = r->err;
        return -1;
    }
    r->nvec++;
    *v = &r->vec;
    return 1;
}

const char *vec_status_name(int status)
{
    switch (status) {
    case TX_ST_OK: return "ok";
    case TX_ST_ILLEGAL: return "illegal";
    case TX_ST_FAULT: return "fault";
    case TX_ST_TRAP: return "trap";
    default: return NULL;
    }
}

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
    if (in->given & G_GOB)
        s->gob_layout = in->gob_layout ? TX_GOB_DESKTOP : TX_GOB_TEGRA;
    if (in->given & G_HASH)
        s->hash = in->hash;
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
            s->r[l][mv[i].dst] = mv[i].from_imm ? mv[i].imm : tx_reg(s, l, mv[i].src);
    }
}
