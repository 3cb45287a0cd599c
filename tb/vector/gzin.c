/*
 * gzin.c - the vector reader's two small extensions: gzip-compressed input
 * and the "tags" member.
 *
 * gzip: a file whose name ends in ".gz" is read through zlib, block by block
 * into the same line buffer as a plain file, so memory stays bounded by one
 * line.  A ".gz" file that is not gzip data, or whose compressed stream is
 * damaged or cut short, is an input error (exit status 2) naming zlib's
 * reason; zlib would otherwise pass non-gzip bytes through unchanged.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "vector_int.h"

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

int vr_gz_open(vec_reader *r, const char *path, char *msg, size_t msglen)
{
    unsigned char magic[2];
    if (!ends_with(path, ".gz"))
        return 0;
    /* Check the gzip magic first: gzdopen reads anything else "transparently". */
    if (fread(magic, 1, 2, r->fp) != 2 || magic[0] != 0x1f || magic[1] != 0x8b) {
        snprintf(msg, msglen, "%s: not gzip data (the name ends in .gz)", path);
        return -1;
    }
    rewind(r->fp);
    int fd = dup(fileno(r->fp));
    gzFile gz = fd < 0 ? NULL : gzdopen(fd, "rb");
    if (!gz) {
        if (fd >= 0)
            close(fd);
        snprintf(msg, msglen, "%s: cannot open the gzip stream: %s", path, strerror(errno));
        return -1;
    }
    gzbuffer(gz, 128 * 1024);
    r->gz = gz;
    return 0;
}

long vr_gz_read(vec_reader *r, char *buf, size_t len)
{
    int e;
    int got = gzread((gzFile)r->gz, buf, (unsigned)len);
    const char *why = gzerror((gzFile)r->gz, &e);
    /* zlib prefixes its message with the stream's name, which for a stream
     * opened on a descriptor is "<fd:N>": the file name is already in ours. */
    if (why && !strncmp(why, "<fd:", 4) && strstr(why, ">: "))
        why = strstr(why, ">: ") + 3;
    if (got < 0 || (e != Z_OK && e != Z_STREAM_END))
        return vr_fail(r, "corrupt gzip data: %s",
                       e == Z_ERRNO ? strerror(errno) : (why && *why ? why : "read error"));
    return got;
}

void vr_gz_close(vec_reader *r)
{
    if (r->gz)
        gzclose((gzFile)r->gz);
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
