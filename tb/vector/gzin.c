/*
 * gzin.c - the vector reader's two small extensions: gzip-compressed input
 * and the "tags" member.
 *
 * gzip: a file whose name ends in ".gz" is inflated here, block by block
 * into the same line buffer as a plain file, so memory stays bounded by one
 * line.  The stream is inflated with zlib's inflate rather than gzread,
 * because gzread passes non-gzip bytes through unchanged, ignores whatever
 * follows the last gzip member and names a stream opened on a descriptor
 * "<fd:N>" in its messages.  Rules (docs/vector-format.md, "Compressed"):
 *   - the file must start with a gzip member; several members in a row are
 *     one stream (what `cat a.gz b.gz` makes, as gzip(1) reads it);
 *   - anything after the last member that is not a further member (the
 *     gzip magic 1f 8b) is "trailing garbage": an input error;
 *   - a member cut short or failing zlib's checks is "corrupt gzip data".
 * Every such error is an input error (exit status 2) naming the file.
 * Standard input ("-", stdin.c) is gzip when it starts with the magic.
 * The compressed bytes come from the file or, for vec_open_mem_gz (the fuzz
 * harness), from memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "vector_int.h"

#define ZBUF_SIZE 65536

typedef struct gz_in {
    z_stream zs;
    int zinit;                  /* inflateInit2 done */
    FILE *fp;                   /* the compressed bytes: a file, */
    const unsigned char *mem;   /* or memory (fp == NULL) */
    size_t memlen;
    unsigned char *zbuf;        /* file input block */
    int eof;                    /* every compressed byte is in zs */
    int in_member;              /* inside a gzip member */
    int members;                /* members finished */
    char pending[160];          /* an error found after inflating some bytes */
    unsigned long long pos;     /* compressed bytes read before zs.next_in's block */
} gz_in;

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* Offset in the file of the next compressed byte zlib will read. */
static unsigned long long gz_offset(const gz_in *g)
{
    return g->pos - g->zs.avail_in;
}

/* Read more compressed bytes after the zs.avail_in still unread (moved to
 * the front of the block).  0, or -1 with errno on a read error. */
static int gz_refill(gz_in *g)
{
    if (g->eof)
        return 0;
    if (!g->fp) {
        g->zs.next_in = (unsigned char *)g->mem;
        g->zs.avail_in = (uInt)g->memlen;
        g->pos = g->memlen;
        g->eof = 1;
        return 0;
    }
    if (g->zs.avail_in && g->zs.next_in != g->zbuf)
        memmove(g->zbuf, g->zs.next_in, g->zs.avail_in);
    size_t got = fread(g->zbuf + g->zs.avail_in, 1, ZBUF_SIZE - g->zs.avail_in, g->fp);
    if (got == 0) {
        if (ferror(g->fp))
            return -1;
        g->eof = 1;
    }
    g->zs.next_in = g->zbuf;
    g->zs.avail_in += (uInt)got;
    g->pos += got;
    return 0;
}

static int gz_setup(vec_reader *r, gz_in *g, char *msg, size_t msglen)
{
    const char *path = r->fname;
    if (g->fp && !(g->zbuf = malloc(ZBUF_SIZE))) {
        snprintf(msg, msglen, "%s: out of memory", path);
        return -1;
    }
    /* 16 + MAX_WBITS: a gzip wrapper, the largest window. */
    if (inflateInit2(&g->zs, 16 + MAX_WBITS) != Z_OK) {
        snprintf(msg, msglen, "%s: out of memory", path);
        return -1;
    }
    g->zinit = 1;
    if (gz_refill(g) < 0) {
        snprintf(msg, msglen, "%s: read error: %s", path, strerror(errno));
        return -1;
    }
    /* Check the gzip magic first, for a message that says what is wrong. */
    if (g->zs.avail_in < 2 || g->zs.next_in[0] != 0x1f || g->zs.next_in[1] != 0x8b) {
        snprintf(msg, msglen, "%s: not gzip data (the name ends in .gz)", path);
        return -1;
    }
    g->in_member = 1;
    r->gz = g;
    return 0;
}

static void gz_free(gz_in *g)
{
    if (!g)
        return;
    if (g->zinit)
        inflateEnd(&g->zs);
    free(g->zbuf);
    free(g);
}

int vr_gz_open(vec_reader *r, const char *path, char *msg, size_t msglen)
{
    if (!strcmp(path, "-")) {
        /* Standard input (stdin.c): gzip when it starts like gzip. */
        int c0 = getc(r->fp), c1 = getc(r->fp);
        rewind(r->fp);
        if (c0 != 0x1f || c1 != 0x8b)
            return 0;
    } else if (!ends_with(path, ".gz")) {
        return 0;
    }
    gz_in *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(msg, msglen, "%s: out of memory", path);
        return -1;
    }
    g->fp = r->fp;
    if (gz_setup(r, g, msg, msglen) < 0) {
        gz_free(g);
        return -1;
    }
    return 0;
}

int vr_gz_open_mem(vec_reader *r, const void *data, size_t len, char *msg, size_t msglen)
{
    gz_in *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(msg, msglen, "%s: out of memory", r->fname);
        return -1;
    }
    g->mem = data;
    g->memlen = len;
    if (gz_setup(r, g, msg, msglen) < 0) {
        gz_free(g);
        return -1;
    }
    return 0;
}

/*
 * An error of the stream, "<what>[: <why>]".  When some bytes were inflated
 * before it, it is kept and those bytes are returned: they are read as lines
 * (the vectors before the damage still run) and the next vr_gz_read reports
 * the error.  Returns what vr_gz_read returns.
 */
static long gz_fail(vec_reader *r, size_t produced, const char *what, const char *why)
{
    gz_in *g = r->gz;
    snprintf(g->pending, sizeof g->pending, "%s%s%s", what, why ? ": " : "", why ? why : "");
    if (produced)
        return (long)produced;
    r->gz_done = 1;   /* the stream's state is known: no drain (vr_gz_drain) */
    return vr_fail(r, "%s", g->pending);
}

long vr_gz_read(vec_reader *r, char *buf, size_t len)
{
    gz_in *g = r->gz;
    if (g->pending[0]) {
        r->gz_done = 1;
        return vr_fail(r, "%s", g->pending);
    }
    if (len > ZBUF_SIZE * 16u)
        len = ZBUF_SIZE * 16u;
    g->zs.next_out = (unsigned char *)buf;
    g->zs.avail_out = (uInt)len;
/* The bytes inflated by this call so far. */
#define DONE (len - g->zs.avail_out)
    while (g->zs.avail_out > 0) {
        /* A new member needs its two magic bytes in the block. */
        if ((g->zs.avail_in == 0 || (!g->in_member && g->zs.avail_in < 2)) && !g->eof &&
            gz_refill(g) < 0)
            return gz_fail(r, DONE, "read error", strerror(errno));
        if (!g->in_member) {
            if (g->zs.avail_in == 0)
                break;   /* the end, after a whole member */
            if (g->zs.avail_in < 2 || g->zs.next_in[0] != 0x1f || g->zs.next_in[1] != 0x8b) {
                char at[96];
                snprintf(at, sizeof at, "trailing garbage after the gzip data (at byte %llu)",
                         gz_offset(g));
                return gz_fail(r, DONE, at, NULL);
            }
            if (inflateReset(&g->zs) != Z_OK)
                return gz_fail(r, DONE, "corrupt gzip data", "cannot restart the stream");
            g->in_member = 1;
        }
        size_t before = g->zs.avail_in;
        int z = inflate(&g->zs, Z_NO_FLUSH);
        switch (z) {
        case Z_STREAM_END:
            g->in_member = 0;
            g->members++;
            break;
        case Z_OK:
            break;
        case Z_BUF_ERROR:
            /* No progress: zlib wants more input than there is. */
            if (g->eof && g->zs.avail_in == before)
                return gz_fail(r, DONE, "corrupt gzip data", "unexpected end of file");
            break;
        case Z_MEM_ERROR:
            return gz_fail(r, DONE, "out of memory", NULL);
        default:   /* Z_DATA_ERROR, Z_NEED_DICT, Z_STREAM_ERROR */
            return gz_fail(r, DONE, "corrupt gzip data", g->zs.msg ? g->zs.msg : "bad stream");
        }
    }
    return (long)DONE;
#undef DONE
}

/*
 * After an error in the text of a .gz file, inflate the rest of the stream:
 * damage in the middle of a member inflates into garbage text that fails as
 * JSON long before zlib reaches the member's check value at its end.  When
 * the rest of the stream is corrupt, that is the error to report (r->err is
 * replaced).  Not done after gzip's own errors.  Returns 0, or -1 when the
 * error was replaced.
 */
int vr_gz_drain(vec_reader *r)
{
    if (!r->gz || r->gz_done)
        return 0;
    r->gz_done = 1;
    vec_error saved = r->err;
    /* A gzip error is about the file, not the vector or member being read. */
    r->cur_id = NULL;
    r->plen = 0;
    long got;
    char *scratch = malloc(ZBUF_SIZE);
    if (!scratch)
        return 0;
    while ((got = vr_gz_read(r, scratch, ZBUF_SIZE)) > 0)
        ;
    free(scratch);
    if (got < 0)
        return -1;
    r->err = saved;
    return 0;
}

void vr_gz_close(vec_reader *r)
{
    gz_free(r->gz);
    r->gz = NULL;
}

/*
 * "tags": an array of at most VEC_MAX_TAGS strings of 1 to 64 characters
 * from [A-Za-z0-9_.:/-].  The character set keeps tags usable as words of a
 * `-k` expression and on a command line without quoting.
 */
int vr_parse_tags(vec_reader *r, json_object *m)
{
    if (vr_want_type(r, m, json_type_array, "an array of strings") < 0)
        return -1;
    size_t n = json_object_array_length(m);
    if (n > VEC_MAX_TAGS)
        return vr_fail(r, "%zu tags (at most %d)", n, VEC_MAX_TAGS);
    for (size_t i = 0; i < n; i++) {
        json_object *t = json_object_array_get_idx(m, i);
        size_t old = vr_path_idx(r, i);
        if (!json_object_is_type(t, json_type_string))
            return vr_fail(r, "expected a tag string, got %s", vr_type_name(t));
        const char *s = json_object_get_string(t);
        size_t len = strlen(s);
        if (len != (size_t)json_object_get_string_len(t))
            return vr_fail(r, "contains a NUL character");
        if (len == 0 || len > 64)
            return vr_fail(r, "a tag must be 1 to 64 characters long");
        for (const char *p = s; *p; p++)
            if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
                  (*p >= '0' && *p <= '9') || strchr("_.:/-", *p)))
                return vr_fail(r, "tag '%s' has a character outside [A-Za-z0-9_.:/-]", s);
        for (size_t k = 0; k < i; k++)
            if (!strcmp(r->tagv[k], s))
                return vr_fail(r, "duplicate tag '%s'", s);
        r->tagv[i] = s;
        vr_path_pop(r, old);
    }
    r->vec.ntags = (int)n;
    r->vec.tags = r->tagv;
    return 0;
}
