/*
 * check.c - errors, member paths, growable arrays and value checkers of the
 * vector reader: each checker reports its own error against the current
 * member path (docs/vector-format.md, "Errors").
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

/* ---------------------------------------------------------------------------
 * Errors and member paths.
 */

/* Format the error of the current line and make the reader fail. */
int vr_fail(vec_reader *r, const char *fmt, ...)
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
int vr_fail_col(vec_reader *r, int col, const char *fmt, ...)
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

/* The member path is kept up to date for every value checked, so that an
 * error can name it; it is built with plain copies (snprintf here took
 * about a tenth of a lockstep run: one call per lane value). */

/* Append n bytes of s to the path, cut at its end. */
static void path_put(vec_reader *r, const char *s, size_t n)
{
    size_t room = sizeof r->path - 1 - r->plen;
    if (n > room)
        n = room;
    memcpy(r->path + r->plen, s, n);
    r->plen += n;
    r->path[r->plen] = '\0';
}

/* Descend into member `key`; returns the old length for path_pop. */
size_t vr_path_key(vec_reader *r, const char *key)
{
    size_t old = r->plen;
    if (r->plen)
        path_put(r, ".", 1);
    path_put(r, key, strlen(key));
    return old;
}

/* Descend into element i of an array. */
size_t vr_path_idx(vec_reader *r, size_t i)
{
    size_t old = r->plen;
    char b[24], *e = b + sizeof b, *p = e;
    *--p = ']';
    do
        *--p = (char)('0' + i % 10);
    while ((i /= 10) != 0);
    *--p = '[';
    path_put(r, p, (size_t)(e - p));
    return old;
}

void vr_path_pop(vec_reader *r, size_t old)
{
    r->plen = old;
    r->path[old] = '\0';
}

/* A friendly name of a JSON value's type. */
const char *vr_type_name(json_object *o)
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
int vr_grow(vec_reader *r, void **p, int *cap, int need, size_t size)
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
        return vr_fail(r, "out of memory");
    *p = q;
    *cap = n;
    return 0;
}


/* ---------------------------------------------------------------------------
 * Value checkers.  Each reports its own error against the current path.
 */

/* Check that every member of object o is one of the NULL-terminated names. */
int vr_check_keys(vec_reader *r, json_object *o, const char *const *names)
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
            size_t old = vr_path_key(r, key);
            int rc = vr_fail(r, "unknown field (expected one of: %s)", list);
            vr_path_pop(r, old);
            return rc;
        }
    }
    return 0;
}

int vr_want_type(vec_reader *r, json_object *o, enum json_type t, const char *what)
{
    if (o && json_object_get_type(o) == t)
        return 0;
    return vr_fail(r, "expected %s, got %s", what, o ? vr_type_name(o) : "null");
}

/* Parse "0x..." (hex digits, '_' allowed between them) into *out. */
int vr_parse_hex(const char *s, uint64_t *out)
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
int vr_get_uint(vec_reader *r, json_object *o, uint64_t max, uint64_t *out)
{
    uint64_t v;

    if (o && json_object_is_type(o, json_type_int)) {
        if (json_object_get_int64(o) < 0)
            return vr_fail(r, "negative value %" PRId64 " not allowed", json_object_get_int64(o));
        v = json_object_get_uint64(o);
    } else if (o && json_object_is_type(o, json_type_string)) {
        const char *s = json_object_get_string(o);
        int rc = vr_parse_hex(s, &v);
        if (rc == -2)
            return vr_fail(r, "hex value '%s' has more than 64 bits", s);
        if (rc < 0)
            return vr_fail(r, "bad hex value '%s' (expected \"0x\" and hex digits)", s);
    } else {
        return vr_fail(r, "expected an integer or a \"0x...\" hex string, got %s",
                    o ? vr_type_name(o) : "null");
    }
    if (v > max)
        return vr_fail(r, "value 0x%" PRIx64 " out of range (maximum 0x%" PRIx64 ")", v, max);
    *out = v;
    return 0;
}

int vr_get_u32(vec_reader *r, json_object *o, uint32_t *out)
{
    uint64_t v;
    if (vr_get_uint(r, o, 0xffffffffu, &v) < 0)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* get_uint on member key of object o (which must exist). */
int vr_member_uint(vec_reader *r, json_object *o, const char *key, uint64_t max, uint64_t *out)
{
    json_object *m;
    size_t old = vr_path_key(r, key);
    int rc;

    if (!json_object_object_get_ex(o, key, &m))
        rc = vr_fail(r, "missing");
    else
        rc = vr_get_uint(r, m, max, out);
    if (rc == 0)
        vr_path_pop(r, old);
    return rc;
}

/* A string from a fixed list (exact spelling); returns its position. */
int vr_get_choice(vec_reader *r, json_object *o, const char *const *names, int *out)
{
    const char *s;
    if (vr_want_type(r, o, json_type_string, "a string") < 0)
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
        return vr_fail(r, "unknown value \"%s\" (expected %s)", s, list);
    }
}

/* "R<n>" with n in 0..254, no leading zeros; returns n or -1. */
int vr_reg_number(const char *s)
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
int vr_pred_number(const char *s)
{
    if (s[0] == 'P' && s[1] >= '0' && s[1] <= '6' && !s[2])
        return s[1] - '0';
    return -1;
}
