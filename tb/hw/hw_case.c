/*
 * hw_case.c - parse one recorded hardware case (one JSON line of
 * hw/h200/<group>.jsonl.gz; docs/hw-case.schema.json).
 *
 * Every field is checked for type and range so that a damaged or foreign
 * file gives a message naming the field instead of a wrong table.
 */
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw_case.h"

typedef struct perr {
    char *buf;
    size_t len;
} perr;

static int fail(perr *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->buf, e->len, fmt, ap);
    va_end(ap);
    return -1;
}

static json_object *member(json_object *o, const char *key)
{
    json_object *v = NULL;
    return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static int get_obj(perr *e, json_object *o, const char *key, json_object **out)
{
    json_object *v = member(o, key);
    if (!v || !json_object_is_type(v, json_type_object))
        return fail(e, "%s: expected an object", key);
    *out = v;
    return 0;
}

static int get_str(perr *e, json_object *o, const char *path, const char *key, const char **out)
{
    json_object *v = member(o, key);
    if (!v || !json_object_is_type(v, json_type_string))
        return fail(e, "%s%s: expected a string", path, key);
    *out = json_object_get_string(v);
    return 0;
}

static int get_int(perr *e, json_object *o, const char *path, const char *key, int64_t lo,
                   int64_t hi, int64_t *out)
{
    json_object *v = member(o, key);
    if (!v || !json_object_is_type(v, json_type_int))
        return fail(e, "%s%s: expected an integer", path, key);
    int64_t x = json_object_get_int64(v);
    if (x < lo || x > hi)
        return fail(e, "%s%s: %lld out of range (%lld..%lld)", path, key, (long long)x,
                    (long long)lo, (long long)hi);
    *out = x;
    return 0;
}

/* An 8-hex-digit bit pattern. */
static int hex32(const char *s, uint32_t *out)
{
    if (strlen(s) != 8)
        return -1;
    uint32_t v = 0;
    for (int i = 0; i < 8; i++) {
        char ch = s[i];
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
              : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v << 4 | (uint32_t)d;
    }
    *out = v;
    return 0;
}

static int get_hex32(perr *e, json_object *o, const char *path, const char *key, uint32_t *out)
{
    const char *s;
    if (get_str(e, o, path, key, &s) || hex32(s, out))
        return fail(e, "%s%s: expected 8 hex digits", path, key);
    return 0;
}

static int lookup(const char *s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(s, names[i]))
            return i;
    return -1;
}

static const char *const kind_names[] = {"1d", "2d", "3d", "cube", "1d_layered", "2d_layered",
                                         "cube_layered"};
static const char *const addr_names[] = {"wrap", "mirror", "clamp", "border"};

static const struct {
    const char *name;
    uint8_t bytes, blk;
} fmts[] = {
    {"rgba8", 4, 0},   {"rgba8s", 4, 0},  {"rgba8ui", 4, 0},  {"rg8", 2, 0},
    {"r8", 1, 0},      {"r16", 2, 0},     {"rgba16", 8, 0},   {"rgba16s", 8, 0},
    {"rgba16f", 8, 0}, {"rgba32f", 16, 0}, {"r32f", 4, 0},    {"bc1", 8, 1},
    {"bc1srgb", 8, 1}, {"bc2", 16, 1},    {"bc3", 16, 1},     {"bc3srgb", 16, 1},
    {"bc4", 8, 1},     {"bc4s", 8, 1},    {"bc5", 16, 1},     {"bc5s", 16, 1},
    {"bc6h", 16, 1},   {"bc6hs", 16, 1},  {"bc7", 16, 1},     {"bc7srgb", 16, 1},
    /* Surface cases name a format only for its element size. */
    {"r32ui", 4, 0},   {"rg32ui", 8, 0},  {"rgba32ui", 16, 0}, {"r16ui", 2, 0},
    {"r8ui", 1, 0},
};

uint32_t hw_fmt_bytes(const char *fmt, int *blk)
{
    for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
        if (!strcmp(fmt, fmts[i].name)) {
            if (blk)
                *blk = fmts[i].blk;
            return fmts[i].bytes;
        }
    return 0;
}

static int hexval(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* Bytes a level must hold: extent per axis, layers (faces), blocks. */
static size_t level_bytes(const hw_case *c, uint32_t l, uint32_t bytes, int blk)
{
    uint64_t w = c->w >> l ? c->w >> l : 1, h = c->h >> l ? c->h >> l : 1;
    uint64_t d = c->kind == HW_3D ? (c->d >> l ? c->d >> l : 1) : 1;
    uint64_t n = c->kind == HW_CUBE ? 6 : c->kind == HW_CUBE_LAYERED ? 6ull * c->layers
               : (c->kind == HW_1D_LAYERED || c->kind == HW_2D_LAYERED) ? c->layers : 1;
    if (blk) {
        w = (w + 3) / 4;
        h = (h + 3) / 4;
    }
    return (size_t)(w * h * d * n * bytes);
}

static int parse_tex(perr *e, json_object *t, hw_case *c)
{
    const char *s;
    int64_t v;
    if (get_str(e, t, "tex.", "kind", &s))
        return -1;
    if ((c->kind = lookup(s, kind_names, 7)) < 0)
        return fail(e, "tex.kind: unknown kind '%s'", s);
    if (get_str(e, t, "tex.", "fmt", &s))
        return -1;
    int blk = 0;
    uint32_t bytes = hw_fmt_bytes(s, &blk);
    if (!bytes)
        return fail(e, "tex.fmt: unknown format '%s'", s);
    snprintf(c->fmt, sizeof c->fmt, "%s", s);
    if (get_int(e, t, "tex.", "w", 1, 65536, &v))
        return -1;
    c->w = (uint32_t)v;
    if (get_int(e, t, "tex.", "h", 1, 65536, &v))
        return -1;
    c->h = (uint32_t)v;
    if (get_int(e, t, "tex.", "d", 1, 2048, &v))
        return -1;
    c->d = (uint32_t)v;
    if (get_int(e, t, "tex.", "layers", 1, 2048, &v))
        return -1;
    c->layers = (uint32_t)v;
    if (get_int(e, t, "tex.", "levels", 1, 16, &v))
        return -1;
    c->levels = (uint32_t)v;
    if (c->kind == HW_1D || c->kind == HW_1D_LAYERED)
        c->h = 1;
    if (c->kind != HW_3D)
        c->d = 1;
    if ((c->kind == HW_CUBE || c->kind == HW_CUBE_LAYERED) && c->w != c->h)
        return fail(e, "tex: a cube needs w == h (%u, %u)", c->w, c->h);
    if ((uint64_t)c->w * c->h * c->d * c->layers > (1u << 26))
        return fail(e, "tex: more than 2^26 texels");

    json_object *data = member(t, "data");
    if (!data || !json_object_is_type(data, json_type_array) ||
        json_object_array_length(data) != c->levels)
        return fail(e, "tex.data: expected an array of %u hex strings (one per level)",
                    c->levels);
    c->data = calloc(c->levels, sizeof *c->data);
    c->data_len = calloc(c->levels, sizeof *c->data_len);
    if (!c->data || !c->data_len)
        return fail(e, "out of memory");
    for (uint32_t l = 0; l < c->levels; l++) {
        json_object *x = json_object_array_get_idx(data, l);
        if (!json_object_is_type(x, json_type_string))
            return fail(e, "tex.data[%u]: expected a hex string", l);
        const char *hx = json_object_get_string(x);
        size_t n = (size_t)json_object_get_string_len(x);
        size_t want = level_bytes(c, l, bytes, blk);
        if (n != 2 * want)
            return fail(e, "tex.data[%u]: %zu hex digits, the extent needs %zu", l, n, 2 * want);
        uint8_t *b = malloc(want ? want : 1);
        if (!b)
            return fail(e, "out of memory");
        c->data[l] = b;
        c->data_len[l] = want;
        for (size_t i = 0; i < want; i++) {
            int hi = hexval(hx[2 * i]), lo = hexval(hx[2 * i + 1]);
            if (hi < 0 || lo < 0)
                return fail(e, "tex.data[%u]: not a hex digit at %zu", l, 2 * i);
            b[i] = (uint8_t)(hi << 4 | lo);
        }
    }
    return 0;
}

static int parse_samp(perr *e, json_object *s, hw_case *c)
{
    json_object *a = member(s, "addr");
    if (!a || !json_object_is_type(a, json_type_array) || json_object_array_length(a) != 3)
        return fail(e, "samp.addr: expected an array of 3 address modes");
    for (int i = 0; i < 3; i++) {
        json_object *x = json_object_array_get_idx(a, (size_t)i);
        const char *m = json_object_is_type(x, json_type_string) ? json_object_get_string(x) : "";
        if ((c->addr[i] = lookup(m, addr_names, 4)) < 0)
            return fail(e, "samp.addr[%d]: expected wrap, mirror, clamp or border", i);
    }
    static const char *const filt[] = {"point", "linear"};
    static const char *const mips[] = {"none", "point", "linear"};
    const char *f;
    if (get_str(e, s, "samp.", "filter", &f))
        return -1;
    if ((c->linear = lookup(f, filt, 2)) < 0)
        return fail(e, "samp.filter: expected point or linear");
    if (get_str(e, s, "samp.", "mip", &f))
        return -1;
    if ((c->mip = lookup(f, mips, 3)) < 0)
        return fail(e, "samp.mip: expected none, point or linear");
    int64_t v;
    if (get_int(e, s, "samp.", "srgb", 0, 1, &v))
        return -1;
    c->srgb = (int)v;
    if (get_int(e, s, "samp.", "norm", 0, 1, &v))
        return -1;
    c->norm = (int)v;
    if (get_int(e, s, "samp.", "seamless", 0, 1, &v))
        return -1;
    c->seamless = (int)v;
    if (get_int(e, s, "samp.", "trilin_opt_off", 0, 1, &v))
        return -1;
    c->trilin_opt_off = (int)v;
    if (get_int(e, s, "samp.", "aniso", 0, 16, &v))
        return -1;
    c->aniso = (uint32_t)v;
    json_object *b = member(s, "border");
    if (!b || !json_object_is_type(b, json_type_array) || json_object_array_length(b) != 4)
        return fail(e, "samp.border: expected 4 hex words");
    for (int i = 0; i < 4; i++) {
        json_object *x = json_object_array_get_idx(b, (size_t)i);
        if (!json_object_is_type(x, json_type_string) ||
            hex32(json_object_get_string(x), &c->border[i]))
            return fail(e, "samp.border[%d]: expected 8 hex digits", i);
    }
    if (get_hex32(e, s, "samp.", "bias", &c->bias) ||
        get_hex32(e, s, "samp.", "minclamp", &c->minclamp) ||
        get_hex32(e, s, "samp.", "maxclamp", &c->maxclamp))
        return -1;
    return 0;
}

static int parse_queries(perr *e, json_object *o, hw_case *c)
{
    json_object *q = member(o, "q"), *r = member(o, "r");
    if (!q || !json_object_is_type(q, json_type_array))
        return fail(e, "q: expected an array of queries");
    if (!r || !json_object_is_type(r, json_type_array))
        return fail(e, "r: expected an array of answers");
    size_t n = json_object_array_length(q);
    if (json_object_array_length(r) != n)
        return fail(e, "r: %zu answers for %zu queries", json_object_array_length(r), n);
    c->nq = n;
    c->q = calloc(n ? n : 1, sizeof *c->q);
    c->r = calloc(n ? n : 1, sizeof *c->r);
    if (!c->q || !c->r)
        return fail(e, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_object *x = json_object_array_get_idx(q, i);
        size_t k = json_object_is_type(x, json_type_array) ? json_object_array_length(x) : 0;
        if (k < 3 || k > 10)
            return fail(e, "q[%zu]: expected [kind, layer, c0, ...]", i);
        json_object *kind = json_object_array_get_idx(x, 0);
        json_object *layer = json_object_array_get_idx(x, 1);
        if (!json_object_is_type(kind, json_type_int) || !json_object_is_type(layer, json_type_int))
            return fail(e, "q[%zu]: kind and layer must be integers", i);
        int64_t kv = json_object_get_int64(kind);
        if (!((kv >= 0 && kv < HW_NQUERY_KINDS) || (kv >= HW_Q_SURF && kv <= HW_Q_SURF + 4)))
            return fail(e, "q[%zu]: unknown query kind %lld", i, (long long)kv);
        c->q[i].kind = (int)kv;
        c->q[i].layer = (int32_t)json_object_get_int64(layer);
        for (size_t j = 2; j < k; j++) {
            json_object *y = json_object_array_get_idx(x, j);
            if (!json_object_is_type(y, json_type_string) ||
                hex32(json_object_get_string(y), &c->q[i].c[j - 2]))
                return fail(e, "q[%zu][%zu]: expected 8 hex digits", i, j);
        }
        json_object *a = json_object_array_get_idx(r, i);
        if (!json_object_is_type(a, json_type_array) || json_object_array_length(a) != 4)
            return fail(e, "r[%zu]: expected 4 hex words", i);
        for (int j = 0; j < 4; j++) {
            json_object *y = json_object_array_get_idx(a, (size_t)j);
            if (!json_object_is_type(y, json_type_string) ||
                hex32(json_object_get_string(y), &c->r[i][j]))
                return fail(e, "r[%zu][%d]: expected 8 hex digits", i, j);
        }
    }
    return 0;
}

int hw_case_parse(const char *line, size_t len, hw_case *c, char *err, size_t errlen)
{
    perr e = {err, errlen};
    memset(c, 0, sizeof *c);
    json_tokener *tok = json_tokener_new_ex(64);
    if (!tok)
        return fail(&e, "out of memory");
    json_object *o = json_tokener_parse_ex(tok, line, (int)len);
    enum json_tokener_error je = json_tokener_get_error(tok);
    size_t used = (size_t)json_tokener_get_parse_end(tok);
    json_tokener_free(tok);
    if (!o || je != json_tokener_success) {
        json_object_put(o);
        return fail(&e, "malformed JSON: %s", json_tokener_error_desc(je));
    }
    int rc = -1;
    for (size_t i = used; i < len; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != '\n') {
            fail(&e, "text after the JSON object");
            goto out;
        }
    if (!json_object_is_type(o, json_type_object)) {
        fail(&e, "expected a JSON object");
        goto out;
    }
    const char *s;
    if (get_str(&e, o, "", "id", &s))
        goto out;
    c->id = strdup(s);
    if (get_str(&e, o, "", "group", &s))
        goto out;
    c->group = strdup(s);
    if (!c->id || !c->group) {
        fail(&e, "out of memory");
        goto out;
    }
    json_object *t = NULL, *sm = NULL;
    if (get_obj(&e, o, "tex", &t) || parse_tex(&e, t, c))
        goto out;
    json_object *sf = member(o, "surf");
    if (sf) {
        int64_t v;
        const char *b;
        if (!json_object_is_type(sf, json_type_object)) {
            fail(&e, "surf: expected an object");
            goto out;
        }
        if (get_int(&e, sf, "surf.", "size", 1, 16, &v))
            goto out;
        c->surface = 1;
        c->surf_size = (uint32_t)v;
        if (get_str(&e, sf, "surf.", "boundary", &b))
            goto out;
        if (strcmp(b, "zero") && strcmp(b, "clamp")) {
            fail(&e, "surf.boundary: expected zero or clamp");
            goto out;
        }
        c->surf_clamp = !strcmp(b, "clamp");
    }
    /* Surface cases have no sampler. */
    if (!c->surface && (get_obj(&e, o, "samp", &sm) || parse_samp(&e, sm, c)))
        goto out;
    json_object *st = member(o, "status");
    if (st && (!json_object_is_type(st, json_type_string) ||
               strcmp(json_object_get_string(st), "ok"))) {
        fail(&e, "status: only \"ok\" cases can be compared");
        goto out;
    }
    if (parse_queries(&e, o, c))
        goto out;
    rc = 0;
out:
    json_object_put(o);
    return rc;
}

void hw_case_free(hw_case *c)
{
    free(c->id);
    free(c->group);
    for (uint32_t l = 0; c->data && l < c->levels; l++)
        free(c->data[l]);
    free(c->data);
    free(c->data_len);
    free(c->q);
    free(c->r);
    memset(c, 0, sizeof *c);
}
