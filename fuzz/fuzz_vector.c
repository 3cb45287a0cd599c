/*
 * fuzz_vector.c - the vector file reader on arbitrary bytes.
 *
 * The input is read from memory (vec_open_mem) as a file v.jsonl of a
 * private temporary folder that holds a few side files (tex/a.bin,
 * tex/rg64.bin, tex/level0.bin, a sub-folder and an empty file), with
 * vec_next until the
 * end or the first error, applying every vector to a warp state with
 * vec_apply.  It must not crash, leak or hang; every error must name the
 * file; an error ends the file for good.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700   /* realpath */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fuzz.h"
#include "state.h"
#include "vector.h"

static char dir[256], path[300];
static char *dir_real;
static tx_state *st;

static void put_file(const char *name, size_t len)
{
    char p[400];
    snprintf(p, sizeof(p), "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    if (!f)
        abort();
    for (size_t i = 0; i < len; i++)
        fputc((int)(i * 37u + 11u) & 0xff, f);
    fclose(f);
}

static void cleanup(void)
{
    static const char *names[] = {"v.jsonl", "tex/a.bin", "tex/rg64.bin", "tex/level0.bin",
                                  "tex/empty.bin", "tex"};
    char p[400];
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        snprintf(p, sizeof(p), "%s/%s", dir, names[i]);
        remove(p);
    }
    remove(dir);
    tx_state_free(st);
    free(dir_real);
}

static void setup(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof(dir), "%s/txfuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        abort();
    char p[400];
    snprintf(p, sizeof(p), "%s/tex", dir);
    mkdir(p, 0700);
    put_file("tex/a.bin", 64);
    put_file("tex/rg64.bin", 64 * 64 * 2);
    put_file("tex/level0.bin", 4096);
    put_file("tex/empty.bin", 0);
    snprintf(path, sizeof(path), "%s/v.jsonl", dir);
    st = tx_state_new();
    dir_real = realpath(dir, NULL);
    if (!st || !dir_real)
        abort();
    atexit(cleanup);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!st)
        setup();
    /* Read from memory: writing the input to a file cost more than the
     * reader itself (ext4 flushes a truncated-and-rewritten file on close).
     * The file path of vec_open is the same code after the first block. */
    vec_error err;
    memset(&err, 0, sizeof(err));
    vec_reader *r = vec_open_mem(path, (const char *)data, size, dir_real, &err);
    FUZZ_CHECK(r != NULL, "vec_open failed on a readable file: %s", err.text);
    const tx_vector *v;
    int rc, n = 0;
    while ((rc = vec_next(r, &v, &err)) == 1) {
        FUZZ_CHECK(v->id && v->nsteps >= 1 && v->steps, "vector without id or steps");
        FUZZ_CHECK(v->line >= 1 && v->index == n, "vector %d at line %ld index %ld", n, v->line,
                   v->index);
        n++;
        vec_error e2;
        if (vec_apply(v, st, &e2) < 0)
            FUZZ_CHECK(e2.text[0], "vec_apply failed without a message");
    }
    if (rc < 0) {
        FUZZ_CHECK(memchr(err.text, 0, sizeof(err.text)) && strstr(err.text, path),
                   "error does not name the file: %s", err.text);
        vec_error again;
        FUZZ_CHECK(vec_next(r, &v, &again) == -1 && !strcmp(again.text, err.text),
                   "the error did not stick: '%s' then '%s'", err.text, again.text);
    }
    vec_close(r);
    return 0;
}
