/*
 * reader.c - the streaming line reader and the public interface of the
 * vector reader (vec_open, vec_next, vec_close): one self-contained vector
 * per line, duplicate ids and repeated members refused.
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

/* The tokenizer's flags; JSON_TOKENER_VALIDATE_UTF8 is added per line. */
#define TOK_FLAGS (JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS)

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

    if (!r->ids && !(r->ids = calloc(ID_BUCKETS, sizeof *r->ids)))
        return -1;
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
        "raster", "steps", "ogl_binding", "allow_illegal", "tags", NULL
    };
    static const char *const rounds[] = { "rne", "rz", NULL };
    static const char *const gobs[] = { "tegra", "desktop", NULL };
    struct vec_init *in = &r->init;
    json_object *m;
    uint64_t v;
    size_t old;
    long first;

    if (!json_object_is_type(root, json_type_object))
        return vr_fail(r, "expected a JSON object (one vector per line), got %s", vr_type_name(root));

    /* The id first, so that later messages can name the vector. */
    if (!json_object_object_get_ex(root, "id", &m)) {
        old = vr_path_key(r, "id");
        return vr_fail(r, "missing");
    }
    old = vr_path_key(r, "id");
    if (vr_want_type(r, m, json_type_string, "a string") < 0)
        return -1;
    {
        const char *id = json_object_get_string(m);
        size_t len = strlen(id);
        if (len != (size_t)json_object_get_string_len(m))
            return vr_fail(r, "contains a NUL character");
        if (len == 0 || len > 100)
            return vr_fail(r, "must be 1 to 100 characters long");
        for (const char *p = id; *p; p++)
            if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
                  (*p >= '0' && *p <= '9') || *p == '_' || *p == '.' || *p == '-'))
                return vr_fail(r, "'%s' has a character outside [A-Za-z0-9_.-]", id);
        vr_path_pop(r, old);
        r->cur_id = id;
        r->vec.id = id;
    }

    /* The format version. */
    old = vr_path_key(r, "texcosim");
    if (!json_object_object_get_ex(root, "texcosim", &m))
        return vr_fail(r, "missing: every vector starts with \"texcosim\": %d", VEC_FORMAT_VERSION);
    if (!json_object_is_type(m, json_type_int))
        return vr_fail(r, "expected the format version as an integer, got %s", vr_type_name(m));
    if (json_object_get_int64(m) != VEC_FORMAT_VERSION)
        return vr_fail(r, "unsupported format version %" PRId64 " (this build reads version %d)",
                    json_object_get_int64(m), VEC_FORMAT_VERSION);
    vr_path_pop(r, old);

    if (vr_check_keys(r, root, keys) < 0)
        return -1;

    first = id_add(r, r->vec.id);
    if (first < 0)
        return vr_fail(r, "out of memory");
    if (first > 0) {
        old = vr_path_key(r, "id");
        return vr_fail(r, "duplicate id (first used on line %ld)", first);
    }

    r->vec.desc = "";
    if (json_object_object_get_ex(root, "desc", &m)) {
        old = vr_path_key(r, "desc");
        if (vr_want_type(r, m, json_type_string, "a string") < 0)
            return -1;
        r->vec.desc = json_object_get_string(m);
        vr_path_pop(r, old);
    }

    if (json_object_object_get_ex(root, "tags", &m)) {
        old = vr_path_key(r, "tags");
        if (vr_parse_tags(r, m) < 0)
            return -1;
        vr_path_pop(r, old);
    }

    /* Lane masks and knobs. */
    if (json_object_object_get_ex(root, "ctm", &m)) {
        old = vr_path_key(r, "ctm");
        if (vr_get_u32(r, m, &in->ctm) < 0)
            return -1;
        in->given |= G_CTM;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "ktm", &m)) {
        old = vr_path_key(r, "ktm");
        if (vr_get_u32(r, m, &in->ktm) < 0)
            return -1;
        in->given |= G_KTM;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "pixel", &m)) {
        old = vr_path_key(r, "pixel");
        if (vr_want_type(r, m, json_type_boolean, "true or false") < 0)
            return -1;
        in->pixel = json_object_get_boolean(m) ? 1 : 0;
        in->given |= G_PIXEL;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "ogl_binding", &m)) {
        old = vr_path_key(r, "ogl_binding");
        if (vr_want_type(r, m, json_type_boolean, "true or false") < 0)
            return -1;
        in->ogl_binding = json_object_get_boolean(m) ? 1 : 0;
        in->given |= G_OGL;
        vr_path_pop(r, old);
    }
    in->allow_illegal = 0;
    if (json_object_object_get_ex(root, "allow_illegal", &m)) {
        old = vr_path_key(r, "allow_illegal");
        if (vr_want_type(r, m, json_type_boolean, "true or false") < 0)
            return -1;
        in->allow_illegal = json_object_get_boolean(m) ? 1 : 0;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "fp16_round", &m)) {
        old = vr_path_key(r, "fp16_round");
        if (vr_get_choice(r, m, rounds, &in->fp16_round) < 0)
            return -1;
        in->given |= G_FP16;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "gob_layout", &m)) {
        old = vr_path_key(r, "gob_layout");
        if (vr_get_choice(r, m, gobs, &in->gob_layout) < 0)
            return -1;
        in->given |= G_GOB;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "hash", &m)) {
        old = vr_path_key(r, "hash");
        if (vr_get_uint(r, m, 255, &v) < 0)
            return -1;
        in->hash = (uint8_t)v;
        in->given |= G_HASH;
        vr_path_pop(r, old);
    }

    /* Pools. */
    if (json_object_object_get_ex(root, "tic", &m)) {
        old = vr_path_key(r, "tic");
        if (vr_parse_pool(r, m, &in->tic_base, &in->tic_max, 0xfffff) < 0)
            return -1;
        in->given |= G_TIC;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "tsc", &m)) {
        old = vr_path_key(r, "tsc");
        if (vr_parse_pool(r, m, &in->tsc_base, &in->tsc_max, 0xfff) < 0)
            return -1;
        in->given |= G_TSC;
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "raster", &m)) {
        old = vr_path_key(r, "raster");
        if (vr_parse_raster(r, m) < 0)
            return -1;
        in->given |= G_RASTER;
        vr_path_pop(r, old);
    }

    /* Registers, predicates, constant bank, memory. */
    static const struct {
        const char *key;
        int (*parse)(vec_reader *, json_object *);
    } state[] = {
        {"regs", vr_parse_regs}, {"preds", vr_parse_preds}, {"cbank", vr_parse_cbank}, {"mem", vr_parse_mem}};
    for (size_t i = 0; i < sizeof state / sizeof state[0]; i++) {
        if (!json_object_object_get_ex(root, state[i].key, &m))
            continue;
        old = vr_path_key(r, state[i].key);
        if (state[i].parse(r, m) < 0)
            return -1;
        vr_path_pop(r, old);
    }

    /* Headers and samplers; each must fit in the address space. */
    if (json_object_object_get_ex(root, "headers", &m)) {
        old = vr_path_key(r, "headers");
        if (vr_parse_descs(r, m, 1, &in->headers, &in->nheaders, &r->headers_cap) < 0)
            return -1;
        for (int i = 0; i < in->nheaders; i++)
            if (in->tic_base + 32ull * in->headers[i].index + 31 > TX_ADDR_MASK)
                return vr_fail(r, "header %u at tic base 0x%" PRIx64 " + 32 * index leaves the "
                            "48-bit address space", in->headers[i].index, in->tic_base);
        vr_path_pop(r, old);
    }
    if (json_object_object_get_ex(root, "samplers", &m)) {
        old = vr_path_key(r, "samplers");
        if (vr_parse_descs(r, m, 0, &in->samplers, &in->nsamplers, &r->samplers_cap) < 0)
            return -1;
        for (int i = 0; i < in->nsamplers; i++)
            if (in->tsc_base + 32ull * in->samplers[i].index + 31 > TX_ADDR_MASK)
                return vr_fail(r, "sampler %u at tsc base 0x%" PRIx64 " + 32 * index leaves the "
                            "48-bit address space", in->samplers[i].index, in->tsc_base);
        vr_path_pop(r, old);
    }

    /* Testbench options. */
    r->vec.tb.mem_latency = r->vec.tb.mem_jitter = r->vec.tb.backpressure = VEC_UNSET;
    r->vec.tb.seed = r->vec.tb.watchdog = VEC_UNSET;
    if (json_object_object_get_ex(root, "tb", &m)) {
        old = vr_path_key(r, "tb");
        if (vr_parse_tb(r, m) < 0)
            return -1;
        vr_path_pop(r, old);
    }

    /* Direct3D resource declarations (after the pools and the constant bank,
     * which an unbound declaration is checked against). */
    if (json_object_object_get_ex(root, "d3d", &m)) {
        old = vr_path_key(r, "d3d");
        if (vr_parse_d3d(r, m) < 0)
            return -1;
        vr_path_pop(r, old);
    }

    /* Steps. */
    old = vr_path_key(r, "steps");
    if (!json_object_object_get_ex(root, "steps", &m))
        return vr_fail(r, "missing: a vector needs at least one step");
    if (vr_parse_steps(r, m) < 0)
        return -1;
    vr_path_pop(r, old);

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
            if (r->ieof || r->mem)
                break;
            if (r->gz) {
                long got = vr_gz_read(r, r->ibuf, IBUF_SIZE);   /* gzin.c */
                if (got < 0)
                    return -1;
                r->ilen = (size_t)got;
            } else {
                r->ilen = fread(r->ibuf, 1, IBUF_SIZE, r->fp);
            }
            r->ipos = 0;
            if (r->ilen == 0) {
                if (!r->gz && ferror(r->fp))
                    return vr_fail(r, "read error: %s", strerror(errno));
                r->ieof = 1;
                break;
            }
        }
        nl = memchr(r->ibuf + r->ipos, '\n', r->ilen - r->ipos);
        take = nl ? (size_t)(nl - (r->ibuf + r->ipos)) : r->ilen - r->ipos;
        if (r->line_len + take + 1 > VEC_MAX_LINE)
            return vr_fail(r, "line longer than %u MiB: put large data in side files",
                        VEC_MAX_LINE >> 20);
        if (r->line_len + take + 1 > r->line_cap) {
            size_t cap = r->line_cap ? r->line_cap : 4096;
            char *q;
            while (cap < r->line_len + take + 1)
                cap *= 2;
            q = realloc(r->line, cap);
            if (!q)
                return vr_fail(r, "out of memory");
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

    /* Almost every line has no ' at all: let memchr say so. */
    if (!memchr(s, '\'', limit))
        return -1;
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
 * as json-c sees them: a name written with escapes ("i\u0064") is decoded
 * first, so it repeats "id" as much as the plain spelling does.
 */
typedef struct key_ref {
    unsigned obj;      /* ordinal of the enclosing object */
    unsigned off;      /* where the name's text starts in the line (for the message) */
    unsigned len;      /* its length as written, quotes excluded */
    const char *txt;   /* the decoded name: in the line, or in `dec` */
    size_t tlen;
    char *dec;         /* decoded copy of a name with escapes, or NULL */
} key_ref;

static int cmp_key(const void *a, const void *b)
{
    const key_ref *x = a, *y = b;
    if (x->obj != y->obj)
        return x->obj < y->obj ? -1 : 1;
    size_t n = x->tlen < y->tlen ? x->tlen : y->tlen;
    int c = memcmp(x->txt, y->txt, n);
    if (c)
        return c;
    if (x->tlen != y->tlen)
        return x->tlen < y->tlen ? -1 : 1;
    return x->off < y->off ? -1 : (x->off > y->off);
}

static unsigned hex4(const char *p)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
}

/* Decode the JSON escapes of a member name json-c has accepted (so every
 * escape is well formed) into UTF-8; NULL when out of memory. */
static char *decode_name(const char *p, size_t n, size_t *out_len)
{
    char *d = malloc(n + 1), *o = d;   /* decoding never lengthens */
    if (!d)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (p[i] != '\\' || i + 1 >= n) {
            *o++ = p[i];
            continue;
        }
        char e = p[++i];
        if (e != 'u' || i + 4 >= n) {
            *o++ = e == 'b' ? '\b' : e == 'f' ? '\f' : e == 'n' ? '\n' : e == 'r' ? '\r' :
                   e == 't' ? '\t' : e;
            continue;
        }
        unsigned cp = hex4(p + i + 1);
        i += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && i + 6 < n && p[i + 1] == '\\' && p[i + 2] == 'u') {
            unsigned lo = hex4(p + i + 3);
            if (lo >= 0xdc00 && lo < 0xe000) {
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                i += 6;
            }
        }
        if (cp < 0x80) {
            *o++ = (char)cp;
        } else if (cp < 0x800) {
            *o++ = (char)(0xc0 | cp >> 6);
            *o++ = (char)(0x80 | (cp & 0x3f));
        } else if (cp < 0x10000) {
            *o++ = (char)(0xe0 | cp >> 12);
            *o++ = (char)(0x80 | (cp >> 6 & 0x3f));
            *o++ = (char)(0x80 | (cp & 0x3f));
        } else {
            *o++ = (char)(0xf0 | cp >> 18);
            *o++ = (char)(0x80 | (cp >> 12 & 0x3f));
            *o++ = (char)(0x80 | (cp >> 6 & 0x3f));
            *o++ = (char)(0x80 | (cp & 0x3f));
        }
    }
    *out_len = (size_t)(o - d);
    return d;
}

static void free_keys(key_ref *keys, size_t n)
{
    for (size_t k = 0; k < n; k++)
        free(keys[k].dec);
    free(keys);
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
        /* Jump to the next character that matters (strpbrk and memchr:
         * byte loops are slow under the fuzzer's instrumentation).  The
         * line has no NUL (refused earlier) and json-c accepted it. */
        const char *q = strpbrk(s + i, "\"{}[],");
        if (!q || q >= s + n)
            break;
        i = (size_t)(q - s);
        char c = s[i];
        if (c == '"') {
            size_t start = ++i;
            for (;;) {
                const char *e = memchr(s + i, '"', n - i);
                if (!e) {
                    i = n;
                    break;
                }
                size_t nb = 0;   /* backslashes just before it */
                while (e - nb > s + start && e[-(long)nb - 1] == '\\')
                    nb++;
                i = (size_t)(e - s);
                if (nb % 2 == 0)
                    break;
                i++;
            }
            if (depth > 0 && obj[depth - 1] != ~0u && want_key[depth - 1]) {
                if (nkeys == cap) {
                    size_t nc = cap ? 2 * cap : 64;
                    key_ref *k = realloc(keys, nc * sizeof *k);
                    if (!k) {
                        free_keys(keys, nkeys);
                        return -2;
                    }
                    keys = k, cap = nc;
                }
                key_ref *kr = &keys[nkeys];
                kr->obj = obj[depth - 1];
                kr->off = (unsigned)start;
                kr->len = (unsigned)(i - start);
                kr->txt = s + start;
                kr->tlen = kr->len;
                kr->dec = NULL;
                if (memchr(s + start, '\\', kr->len)) {
                    if (!(kr->dec = decode_name(s + start, kr->len, &kr->tlen))) {
                        free_keys(keys, nkeys);
                        return -2;
                    }
                    kr->txt = kr->dec;
                }
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
    if (nkeys < 2) {           /* also: qsort(NULL, 0) is undefined */
        free_keys(keys, nkeys);
        return -1;
    }
    qsort(keys, nkeys, sizeof *keys, cmp_key);
    for (size_t k = 1; k < nkeys; k++) {
        const key_ref *a = &keys[k - 1], *b = &keys[k];
        if (a->obj == b->obj && a->tlen == b->tlen && !memcmp(a->txt, b->txt, a->tlen) &&
            (found < 0 || (long)b->off < found)) {
            found = (long)b->off;
            *name_off = b->off;
            *name_len = b->len;
        }
    }
    free_keys(keys, nkeys);
    return found;
}

/*
 * What json-c will allocate for a line, estimated before it parses it.
 * json-c spends far more than the text on small values: an empty object
 * costs about 780 bytes (its hash table), an array about 150, any other
 * value about 75, measured with json-c 0.16 on x86-64 (docs/regression.md,
 * "Memory").  A line of 3 MB of `{},` would take 780 MB; lines whose tree
 * would pass VEC_MAX_TREE are refused, so the reader's memory is bounded
 * whatever the input.  Only text outside strings is counted; string bytes
 * count once.  memchr/strpbrk do the scanning (fast even in fuzz builds).
 */
#define COST_OBJECT 800u
#define COST_ARRAY 160u
#define COST_VALUE 96u

static uint64_t tree_cost(const char *s, size_t n)
{
    uint64_t cost = 2ull * n;
    const char *p = s, *end = s + n;
    while (p < end) {
        const char *q = strpbrk(p, "{[,:\"");
        if (!q || q >= end)
            break;
        switch (*q) {
        case '{': cost += COST_OBJECT; break;
        case '[': cost += COST_ARRAY; break;
        case '"': {
            /* Skip the string: find its closing quote (one not escaped). */
            const char *c = q + 1;
            for (;;) {
                c = memchr(c, '"', (size_t)(end - c));
                if (!c)
                    return cost + COST_VALUE;
                const char *b = c;
                while (b > q + 1 && b[-1] == '\\')
                    b--;
                if ((c - b) % 2 == 0)
                    break;
                c++;
            }
            cost += COST_VALUE;
            q = c;
            break;
        }
        default: cost += COST_VALUE; break;   /* , or : : one more value */
        }
        p = q + 1;
    }
    return cost;
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

typedef struct mem_input {
    const char *data;
    size_t len;
    const char *dir;
    int gz;                     /* data is gzip-compressed */
} mem_input;

static vec_reader *open_any(const char *path, const mem_input *mem, vec_error *err)
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
    r->ibuf = mem && !mem->gz ? NULL : malloc(IBUF_SIZE);
    r->tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH);
    if (!r->fname || (!(mem && !mem->gz) && !r->ibuf) || !r->tok) {
        snprintf(err->text, sizeof err->text, "%s: out of memory", path);
        vec_close(r);
        return NULL;
    }
    json_tokener_set_flags(r->tok, TOK_FLAGS | JSON_TOKENER_VALIDATE_UTF8);

    if (mem && mem->gz) {
        /* Inflated into ibuf like a .gz file (gzin.c). */
        if (vr_gz_open_mem(r, mem->data, mem->len, err->text, sizeof err->text) < 0 ||
            !(r->dir_real = strdup(mem->dir))) {
            if (!err->text[0])
                snprintf(err->text, sizeof err->text, "%s: out of memory", path);
            vec_close(r);
            return NULL;
        }
        return r;
    }
    if (mem) {
        /* The caller's bytes are the input block, read to the end. */
        r->mem = 1;
        r->ibuf = (char *)mem->data;
        r->ilen = mem->len;
        r->ieof = 1;
        if (!(r->dir_real = strdup(mem->dir))) {
            snprintf(err->text, sizeof err->text, "%s: out of memory", path);
            vec_close(r);
            return NULL;
        }
        return r;
    }
    if (!strcmp(path, "-") && vec_stdin_spool(err->text, sizeof err->text) < 0) {
        vec_close(r);
        return NULL;
    }
    r->fp = fopen(strcmp(path, "-") ? path : vec_stdin_path(), "rb");
    if (!r->fp) {
        snprintf(err->text, sizeof err->text, "%s: cannot open: %s", path, strerror(errno));
        vec_close(r);
        return NULL;
    }
    /* A .jsonl.gz is read through zlib (gzin.c). */
    if (vr_gz_open(r, path, err->text, sizeof err->text) < 0) {
        vec_close(r);
        return NULL;
    }

    /* The folder side files are named relative to ("-": the current one). */
    slash = strcmp(path, "-") ? strrchr(path, '/') : NULL;
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

vec_reader *vec_open(const char *path, vec_error *err)
{
    return open_any(path, NULL, err);
}

vec_reader *vec_open_mem(const char *name, const char *data, size_t len, const char *dir,
                         vec_error *err)
{
    mem_input m = {data, len, dir, 0};
    return open_any(name, &m, err);
}

vec_reader *vec_open_mem_gz(const char *name, const void *data, size_t len, const char *dir,
                            vec_error *err)
{
    mem_input m = {data, len, dir, 1};
    return open_any(name, &m, err);
}

void vec_feed(vec_reader *r, const char *data, size_t len)
{
    r->ibuf = (char *)data;
    r->ipos = 0;
    r->ilen = data ? len : 0;
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
    vr_gz_close(r);
    if (r->fp)
        fclose(r->fp);
    for (int i = 0; r->ids && i < ID_BUCKETS; i++) {
        id_entry *e = r->ids[i], *n;
        for (; e; e = n) {
            n = e->next;
            free(e);
        }
    }
    free(r->ids);
    if (r->mem)
        r->ibuf = NULL;   /* the caller's */
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

static int next_vector(vec_reader *r, const tx_vector **v, vec_error *err);

/* Whether s[0..n) has no byte of 0x80 or more (eight bytes at a time). */
static int ascii_only(const char *s, size_t n)
{
    uint64_t acc = 0, w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, s + i, 8);
        acc |= w;
    }
    for (; i < n; i++)
        acc |= (unsigned char)s[i];
    return (acc & 0x8080808080808080ull) == 0;
}

int vec_next(vec_reader *r, const tx_vector **v, vec_error *err)
{
    int was_failed = r->failed;
    int rc = next_vector(r, v, err);
    /* The first error in a .gz file: damage to the compressed stream shows
     * first as bad text, so look at the rest of the stream (gzin.c). */
    if (rc < 0 && !was_failed && vr_gz_drain(r) < 0)
        *err = r->err;
    return rc;
}

static int next_vector(vec_reader *r, const tx_vector **v, vec_error *err)
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
        r->blank_run += r->line_len + (size_t)had_nl;
        if (r->blank_run > VEC_MAX_BLANK) {
            r->gz_done = 1;   /* no need to inflate the rest (gzin.c) */
            vr_fail(r, "more than %u MiB of blank lines in a row: not a vector file?",
                    VEC_MAX_BLANK >> 20);
            *err = r->err;
            return -1;
        }
    }
    r->blank_run = 0;
    if (memchr(r->line, '\0', r->line_len)) {
        vr_fail_col(r, (int)((char *)memchr(r->line, '\0', r->line_len) - r->line) + 1,
                 "malformed JSON: NUL byte in the line");
        *err = r->err;
        return -1;
    }

    /* Bounded memory: refuse a line whose parse tree would be too big. */
    {
        uint64_t cost = tree_cost(r->line, r->line_len);
        if (cost > VEC_MAX_TREE) {
            vr_fail(r, "line too complex: reading it would take about %" PRIu64 " MiB (limit %u "
                 "MiB); split the vector or put large data in side files",
                 cost >> 20, VEC_MAX_TREE >> 20);
            *err = r->err;
            return -1;
        }
    }

    /* Parse the line as one JSON value.  json-c checks UTF-8 byte by byte,
     * which costs about a seventh of its parse; a line of ASCII bytes only
     * (nearly every line) is valid UTF-8 as it stands, so the check is on
     * only for a line with a byte of 0x80 or more. */
    json_tokener_reset(r->tok);
    json_tokener_set_flags(r->tok, TOK_FLAGS | (ascii_only(r->line, r->line_len)
                                                ? 0 : JSON_TOKENER_VALIDATE_UTF8));
    r->root = json_tokener_parse_ex(r->tok, r->line, (int)r->line_len);
    {
        enum json_tokener_error je = json_tokener_get_error(r->tok);
        size_t end = json_tokener_get_parse_end(r->tok);
        int q;

        if (je == json_tokener_continue) {
            if (!had_nl)
                vr_fail_col(r, (int)r->line_len + 1, "truncated: the file ends in the middle of "
                         "a JSON object (last line cut short?)");
            else
                vr_fail_col(r, (int)r->line_len + 1, "malformed JSON: the line ends before the "
                         "JSON object is complete (one vector per line)");
            *err = r->err;
            return -1;
        }
        if (je != json_tokener_success && (q = first_squote(r->line, end + 1)) >= 0) {
            vr_fail_col(r, q + 1, "malformed JSON: single-quoted string (JSON strings use "
                     "double quotes)");
            *err = r->err;
            return -1;
        }
        if (je != json_tokener_success) {
            vr_fail_col(r, (int)end + 1, "malformed JSON: %s", json_tokener_error_desc(je));
            *err = r->err;
            return -1;
        }
        if ((q = first_squote(r->line, end)) >= 0) {
            vr_fail_col(r, q + 1, "malformed JSON: single-quoted string (JSON strings use "
                     "double quotes)");
            *err = r->err;
            return -1;
        }
        if (!blank(r->line + end, r->line_len - end)) {
            vr_fail_col(r, (int)end + 1, "malformed JSON: unexpected text after the JSON object "
                     "(one vector per line)");
            *err = r->err;
            return -1;
        }
        unsigned koff = 0, klen = 0;
        long dup = repeated_member(r->line, end, &koff, &klen);
        if (dup == -2) {
            vr_fail_col(r, 1, "out of memory");
            *err = r->err;
            return -1;
        }
        if (dup >= 0) {
            vr_fail_col(r, (int)dup, "malformed JSON: member \"%.*s\" given twice in one object "
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
