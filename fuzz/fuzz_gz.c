/*
 * fuzz_gz.c - the gzip layer of the vector reader (tb/vector/gzin.c) on
 * arbitrary bytes.
 *
 * Two readings of each input, both from memory as the file v.jsonl.gz of an
 * empty private folder:
 *   1. the input as gzip data (vec_open_mem_gz): damaged headers, members,
 *      check values, lengths and trailing bytes must end in an error naming
 *      the file, never in a crash, leak or hang, and an error sticks;
 *   2. the input as text, gzip-compressed here in two members (its first half
 *      and the rest): the gzip reading must give exactly what the plain
 *      reading of the same text gives (vec_open_mem): the same number of
 *      vectors, with the same ids and lines, and the same error text.
 * The second reading is the transparency property: the text of a .gz file
 * means what it means in a .jsonl file.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700   /* realpath */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "fuzz.h"
#include "vector.h"

static char dir[256], path[300];
static char *dir_real;

static void cleanup(void)
{
    rmdir(dir);
    free(dir_real);
}

static void setup(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof(dir), "%s/txfuzzgz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        abort();
    snprintf(path, sizeof(path), "%s/v.jsonl.gz", dir);
    dir_real = realpath(dir, NULL);
    if (!dir_real)
        abort();
    atexit(cleanup);
}

/* The outcome of reading a file to its end or its first error. */
typedef struct outcome {
    int rc;               /* 0 at the end, -1 on an error */
    int nvec;
    unsigned long ids;    /* a hash of the ids and lines of the vectors read */
    char err[512];
} outcome;

static void read_all(vec_reader *r, outcome *o)
{
    const tx_vector *v;
    vec_error err;
    memset(o, 0, sizeof(*o));
    while ((o->rc = vec_next(r, &v, &err)) == 1) {
        FUZZ_CHECK(v->id && v->nsteps >= 1 && v->line >= 1, "vector without id, steps or line");
        for (const char *p = v->id; *p; p++)
            o->ids = o->ids * 31u + (unsigned char)*p;
        o->ids = o->ids * 31u + (unsigned long)v->line;
        o->nvec++;
    }
    if (o->rc < 0) {
        FUZZ_CHECK(memchr(err.text, 0, sizeof(err.text)) && strstr(err.text, path),
                   "error does not name the file: %s", err.text);
        snprintf(o->err, sizeof(o->err), "%s", err.text);
        vec_error again;
        FUZZ_CHECK(vec_next(r, &v, &again) == -1 && !strcmp(again.text, err.text),
                   "the error did not stick: '%s' then '%s'", err.text, again.text);
    }
}

/* Append to out a gzip member of n bytes of data; returns its length. */
static size_t gzip_member(const uint8_t *data, size_t n, uint8_t *out, size_t room)
{
    z_stream zs;
    memset(&zs, 0, sizeof(zs));
    if (deflateInit2(&zs, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        abort();
    zs.next_in = (unsigned char *)data;
    zs.avail_in = (uInt)n;
    zs.next_out = out;
    zs.avail_out = (uInt)room;
    FUZZ_CHECK(deflate(&zs, Z_FINISH) == Z_STREAM_END, "deflate did not finish");
    size_t len = room - zs.avail_out;
    deflateEnd(&zs);
    return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir_real)
        setup();
    vec_error err;
    outcome a, b;

    /* 1. The bytes as gzip data. */
    memset(&err, 0, sizeof(err));
    vec_reader *r = vec_open_mem_gz(path, data, size, dir_real, &err);
    if (!r) {
        FUZZ_CHECK(strstr(err.text, path), "open error does not name the file: %s", err.text);
    } else {
        read_all(r, &a);
        vec_close(r);
    }

    /* 2. The bytes as text: plain, and gzip-compressed in two members. */
    size_t half = size / 2;
    size_t room = 2 * (size_t)compressBound((uLong)size) + 64;
    uint8_t *gz = malloc(room);
    if (!gz)
        abort();
    size_t n = gzip_member(data, half, gz, room);
    n += gzip_member(data + half, size - half, gz + n, room - n);
    r = vec_open_mem(path, (const char *)data, size, dir_real, &err);
    FUZZ_CHECK(r != NULL, "vec_open_mem failed: %s", err.text);
    read_all(r, &a);
    vec_close(r);
    r = vec_open_mem_gz(path, gz, n, dir_real, &err);
    FUZZ_CHECK(r != NULL, "vec_open_mem_gz failed on gzip data made here: %s", err.text);
    read_all(r, &b);
    vec_close(r);
    free(gz);
    FUZZ_CHECK(a.rc == b.rc && a.nvec == b.nvec && a.ids == b.ids && !strcmp(a.err, b.err),
               "plain and gzip readings differ: %d %d vectors, '%s' vs %d %d vectors, '%s'",
               a.rc, a.nvec, a.err, b.rc, b.nvec, b.err);
    return 0;
}
