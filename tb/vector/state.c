/*
 * state.c - the members of a vector that set its initial state: testbench
 * knobs, pools, registers, predicates, constant bank and memory regions
 * (hex blobs and side files, which must stay inside the vector's folder).
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
 * Member checkers of the top level.
 */

int vr_parse_tb(vec_reader *r, json_object *o)
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

    if (vr_want_type(r, o, json_type_object, "an object") < 0 || vr_check_keys(r, o, keys) < 0)
        return -1;
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        json_object *m;
        uint64_t v;
        if (!json_object_object_get_ex(o, f[i].name, &m))
            continue;
        size_t old = vr_path_key(r, f[i].name);
        if (vr_get_uint(r, m, f[i].max, &v) < 0)
            return -1;
        if (v < f[i].min)
            return vr_fail(r, "value %" PRIu64 " out of range (minimum %" PRIu64 ")", v, f[i].min);
        vr_path_pop(r, old);
        *(int64_t *)((char *)&r->vec.tb + f[i].off) = (int64_t)v;
    }
    return 0;
}

/* "tic" / "tsc": {"base", "max"}. */
int vr_parse_pool(vec_reader *r, json_object *o, uint64_t *base, uint32_t *max, uint64_t maxmax)
{
    static const char *const keys[] = { "base", "max", NULL };
    uint64_t b, m;

    if (vr_want_type(r, o, json_type_object, "an object") < 0 || vr_check_keys(r, o, keys) < 0)
        return -1;
    if (vr_member_uint(r, o, "base", TX_ADDR_MASK, &b) < 0)
        return -1;
    if (vr_member_uint(r, o, "max", maxmax, &m) < 0)
        return -1;
    *base = b;
    *max = (uint32_t)m;
    return 0;
}

/* One value for every lane, or an array of 32. */
int vr_get_lanes(vec_reader *r, json_object *o, uint32_t val[TX_LANES])
{
    if (o && json_object_is_type(o, json_type_array)) {
        if (json_object_array_length(o) != TX_LANES)
            return vr_fail(r, "expected one value or an array of %d lane values, got %zu values",
                        TX_LANES, json_object_array_length(o));
        for (int l = 0; l < TX_LANES; l++) {
            size_t old = vr_path_idx(r, (size_t)l);
            if (vr_get_u32(r, json_object_array_get_idx(o, (size_t)l), &val[l]) < 0)
                return -1;
            vr_path_pop(r, old);
        }
        return 0;
    }
    if (vr_get_u32(r, o, &val[0]) < 0)
        return -1;
    for (int l = 1; l < TX_LANES; l++)
        val[l] = val[0];
    return 0;
}

int vr_parse_regs(vec_reader *r, json_object *o)
{
    struct vec_init *in = &r->init;

    if (vr_want_type(r, o, json_type_object, "an object") < 0)
        return -1;
    json_object_object_foreach(o, key, val) {
        size_t old = vr_path_key(r, key);
        int n = vr_reg_number(key);
        if (n < 0)
            return vr_fail(r, strcmp(key, "RZ") == 0 ? "RZ always reads 0 and cannot be set"
                                                  : "not a register name (R0..R254)");
        if (GROW(r, in->regs, r->regs_cap, in->nregs + 1) < 0)
            return -1;
        in->regs[in->nregs].reg = (uint8_t)n;
        if (vr_get_lanes(r, val, in->regs[in->nregs].val) < 0)
            return -1;
        in->nregs++;
        vr_path_pop(r, old);
    }
    return 0;
}

int vr_parse_preds(vec_reader *r, json_object *o)
{
    struct vec_init *in = &r->init;

    if (vr_want_type(r, o, json_type_object, "an object") < 0)
        return -1;
    json_object_object_foreach(o, key, val) {
        size_t old = vr_path_key(r, key);
        int n = vr_pred_number(key);
        if (n < 0)
            return vr_fail(r, strcmp(key, "PT") == 0 ? "PT is always true and cannot be set"
                                                  : "not a predicate name (P0..P6)");
        if (vr_get_u32(r, val, &in->preds[n]) < 0)
            return -1;
        in->preds_given |= 1u << n;
        vr_path_pop(r, old);
    }
    return 0;
}

/* "cbank": {"<byte offset>": word | [words...]}; offsets decimal or 0x hex. */
int vr_parse_cbank(vec_reader *r, json_object *o)
{
    struct vec_init *in = &r->init;

    if (vr_want_type(r, o, json_type_object, "an object") < 0)
        return -1;
    json_object_object_foreach(o, key, val) {
        size_t old = vr_path_key(r, key);
        uint64_t off = 0;
        int ok = 1;

        if (key[0] == '0' && (key[1] == 'x' || key[1] == 'X')) {
            ok = vr_parse_hex(key, &off) == 0;
        } else if (key[0] >= '0' && key[0] <= '9' && strlen(key) <= 10) {
            for (const char *p = key; *p && ok; p++)
                ok = *p >= '0' && *p <= '9';
            if (ok)
                off = strtoull(key, NULL, 10);
        } else {
            ok = 0;
        }
        if (!ok)
            return vr_fail(r, "not a byte offset (decimal or \"0x\" hex)");
        if (off & 3)
            return vr_fail(r, "offset 0x%" PRIx64 " is not a multiple of 4", off);

        if (val && json_object_is_type(val, json_type_array)) {
            size_t n = json_object_array_length(val);
            if (n == 0)
                return vr_fail(r, "empty array");
            if (off + 4 * n > TX_CBANK_BYTES)
                return vr_fail(r, "%zu words at 0x%" PRIx64 " run past the end of the 64 KiB bank",
                            n, off);
            for (size_t i = 0; i < n; i++) {
                size_t o2 = vr_path_idx(r, i);
                if (GROW(r, in->cb, r->cb_cap, in->ncb + 1) < 0)
                    return -1;
                in->cb[in->ncb].off = (uint32_t)(off + 4 * i);
                if (vr_get_u32(r, json_object_array_get_idx(val, i), &in->cb[in->ncb].val) < 0)
                    return -1;
                in->ncb++;
                vr_path_pop(r, o2);
            }
        } else {
            if (off + 4 > TX_CBANK_BYTES)
                return vr_fail(r, "offset 0x%" PRIx64 " is past the end of the 64 KiB bank", off);
            if (GROW(r, in->cb, r->cb_cap, in->ncb + 1) < 0)
                return -1;
            in->cb[in->ncb].off = (uint32_t)off;
            if (vr_get_u32(r, val, &in->cb[in->ncb].val) < 0)
                return -1;
            in->ncb++;
        }
        vr_path_pop(r, old);
    }
    return 0;
}

/* Decode the "hex" string of a region into r->blob; returns the byte count. */
/* What each byte of a "hex" string is: 0 anything else, 1 + its value for a
 * digit, HEX_SEP for a separator (space, tab, '_').  One load per character:
 * a texture's hex is most of what a vector file holds. */
enum { HEX_SEP = 17 };
static const unsigned char hex_class[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8,
    ['8'] = 9, ['9'] = 10,
    ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
    [' '] = HEX_SEP, ['\t'] = HEX_SEP, ['_'] = HEX_SEP,
};

static int parse_blob(vec_reader *r, json_object *o, size_t *off, uint64_t *len)
{
    const char *s;
    size_t n, nib = 0;
    int hi = -1;

    if (vr_want_type(r, o, json_type_string, "a string of hex digits") < 0)
        return -1;
    s = json_object_get_string(o);
    n = (size_t)json_object_get_string_len(o);
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return vr_fail(r, "bad hex: give bytes in address order without \"0x\" (\"00ff10...\")");
    /* Worst case one byte per two characters. */
    if (r->blob_len + n / 2 + 1 > r->blob_cap) {
        size_t cap = r->blob_cap ? r->blob_cap : 4096;
        uint8_t *q;
        while (cap < r->blob_len + n / 2 + 1)
            cap *= 2;
        q = realloc(r->blob, cap);
        if (!q)
            return vr_fail(r, "out of memory");
        r->blob = q;
        r->blob_cap = cap;
    }
    *off = r->blob_len;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i], d = hex_class[c] - 1;
        if (d == HEX_SEP - 1)
            continue;
        if (d < 0)
            return vr_fail(r, "bad hex: character '%c' at offset %zu", c >= 32 && c < 127 ? c : '?', i);
        if (hi < 0) {
            hi = d;
        } else {
            r->blob[r->blob_len++] = (uint8_t)(hi << 4 | d);
            hi = -1;
        }
        nib++;
    }
    if (hi >= 0)
        return vr_fail(r, "bad hex: odd number of digits (%zu)", nib);
    if (nib == 0)
        return vr_fail(r, "bad hex: no bytes");
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

    if (vr_want_type(r, o, json_type_string, "a string") < 0)
        return -1;
    name = json_object_get_string(o);
    g->name = name;
    if (!name[0])
        return vr_fail(r, "empty file name");
    if (name[0] == '/')
        return vr_fail(r, "absolute path '%s' not allowed: side files are named relative to "
                    "the vector file's folder", name);
    for (const char *p = name; *p;) {
        const char *e = strchr(p, '/');
        size_t cl = e ? (size_t)(e - p) : strlen(p);
        if ((cl == 2 && p[0] == '.' && p[1] == '.'))
            return vr_fail(r, "path '%s' contains '..': side files must stay inside the vector "
                        "file's folder", name);
        if (cl == 0 || (cl == 1 && p[0] == '.'))
            return vr_fail(r, "path '%s' has an empty or '.' component", name);
        p += cl;
        if (*p == '/')
            p++;
    }
    if (strchr(name, '\\'))
        return vr_fail(r, "path '%s' contains a backslash", name);

    dl = strlen(r->dir_real);
    joined = malloc(dl + strlen(name) + 2);
    if (!joined)
        return vr_fail(r, "out of memory");
    sprintf(joined, "%s/%s", r->dir_real, name);
    real = realpath(joined, NULL);
    free(joined);
    if (!real)
        return vr_fail(r, "side file '%s': %s", name, strerror(errno));
    rl = strlen(real);
    if (rl <= dl || strncmp(real, r->dir_real, dl) != 0 ||
        (real[dl] != '/' && !(dl == 1 && r->dir_real[0] == '/'))) {
        vr_fail(r, "side file '%s' resolves to '%s', outside the vector file's folder", name, real);
        free(real);
        return -1;
    }
    if (stat(real, &st) != 0 || !S_ISREG(st.st_mode)) {
        vr_fail(r, "side file '%s' is not a regular file", name);
        free(real);
        return -1;
    }
    if (st.st_size == 0) {
        vr_fail(r, "side file '%s' is empty", name);
        free(real);
        return -1;
    }
    g->path = real;
    g->size = (uint64_t)st.st_size;
    return 0;
}

int vr_parse_mem(vec_reader *r, json_object *o)
{
    static const char *const keys[] = { "addr", "hex", "file", "size", "kind", NULL };
    static const char *const kinds[] = { "unmapped", "mapped", "sparse", NULL };
    struct vec_init *in = &r->init;
    size_t n;

    if (vr_want_type(r, o, json_type_array, "an array of regions") < 0)
        return -1;
    n = json_object_array_length(o);
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(o, i), *m;
        size_t old = vr_path_idx(r, i), o2;
        init_region *g;
        int has_hex, has_file, has_kind, has_size;

        if (vr_want_type(r, e, json_type_object, "an object") < 0 || vr_check_keys(r, e, keys) < 0)
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
            return vr_fail(r, "give exactly one of \"hex\", \"file\" or \"kind\"");
        if (has_size && !has_kind)
            return vr_fail(r, "\"size\" goes with \"kind\" only (the data gives the size)");
        if (has_kind && !has_size)
            return vr_fail(r, "\"kind\" needs a \"size\"");
        if (vr_member_uint(r, e, "addr", TX_ADDR_MASK, &g->addr) < 0)
            return -1;

        if (has_hex) {
            json_object_object_get_ex(e, "hex", &m);
            o2 = vr_path_key(r, "hex");
            g->how = REG_HEX;
            if (parse_blob(r, m, &g->blob_off, &g->size) < 0)
                return -1;
            vr_path_pop(r, o2);
        } else if (has_file) {
            json_object_object_get_ex(e, "file", &m);
            o2 = vr_path_key(r, "file");
            g->how = REG_FILE;
            if (locate_file(r, m, g) < 0)
                return -1;
            vr_path_pop(r, o2);
        } else {
            json_object_object_get_ex(e, "kind", &m);
            o2 = vr_path_key(r, "kind");
            g->how = REG_KIND;
            if (vr_get_choice(r, m, kinds, &g->kind) < 0)
                return -1;
            vr_path_pop(r, o2);
            if (vr_member_uint(r, e, "size", TX_ADDR_MASK + 1, &g->size) < 0)
                return -1;
            if (g->size == 0) {
                o2 = vr_path_key(r, "size");
                return vr_fail(r, "size must be at least 1");
            }
        }
        if (g->addr + g->size - 1 > TX_ADDR_MASK)
            return vr_fail(r, "region 0x%" PRIx64 " + 0x%" PRIx64 " bytes leaves the 48-bit "
                        "address space", g->addr, g->size);
        vr_path_pop(r, old);
    }
    return 0;
}
