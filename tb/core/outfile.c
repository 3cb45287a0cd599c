/*
 * outfile.c - output files that never clobber a device, a link or an input.
 *
 * rename() replaces whatever the name was: run as root, `--results
 * /dev/null` would leave a regular file in place of the device for the whole
 * machine, and a symbolic link would be replaced instead of followed.  So the
 * temporary-file-and-rename method is used only where it is right (a new path
 * or a regular file), and everything else is written in place or refused.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700   /* realpath */
#endif
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "outfile.h"

/* ---- temporary files a signal handler must remove ------------------------ */

#define NTRACK 16
static char *volatile tracked[NTRACK];

void outfile_track(const char *path)
{
    for (int i = 0; i < NTRACK; i++)
        if (!tracked[i]) {
            tracked[i] = (char *)path;
            return;
        }
}

void outfile_untrack(const char *path)
{
    for (int i = 0; i < NTRACK; i++)
        if (tracked[i] == path)
            tracked[i] = NULL;
}

void outfile_cleanup_signal(void)
{
    for (int i = 0; i < NTRACK; i++) {
        char *p = tracked[i];
        if (p)
            unlink(p);
    }
}

int outfile_fclose_checked(FILE *f)
{
    int bad = fflush(f) != 0;
    int e = errno;
    bad |= ferror(f) != 0;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        errno = e ? e : EIO;
        return -1;
    }
    return 0;
}

/* ---- what a path is ------------------------------------------------------- */

/* The folder part of a path ("." when there is none); malloc'd. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = 0;
    }
    return d;
}

/* A path resolved as far as it exists: realpath of the file, or of its
 * folder plus the name for a new file.  NULL when the folder is missing. */
static char *canonical(const char *path)
{
    char *r = realpath(path, NULL);
    if (r)
        return r;
    char *d = dir_of(path);
    char *rd = d ? realpath(d, NULL) : NULL;
    free(d);
    if (!rd)
        return NULL;
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t n = strlen(rd) + strlen(base) + 2;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s/%s", rd, base);
    free(rd);
    return out;
}

/* Decide what to do with path.  Returns 1 write through a temporary file,
 * 0 write directly, -1 refused (err).  *target: what to write (malloc'd). */
static int classify(const char *what, const char *path, char **target, char *err, size_t errlen)
{
    struct stat ls, st;
    *target = NULL;
    if (!*path) {
        snprintf(err, errlen, "%s: empty file name", what);
        return -1;
    }
    if (lstat(path, &ls) != 0) {
        if (errno != ENOENT) {
            snprintf(err, errlen, "%s %s: %s", what, path, strerror(errno));
            return -1;
        }
        char *d = dir_of(path);
        struct stat ds;
        int ok = d && stat(d, &ds) == 0 && S_ISDIR(ds.st_mode);
        if (!ok)
            snprintf(err, errlen, "%s %s: the folder %s does not exist", what, path, d ? d : "?");
        free(d);
        if (!ok)
            return -1;
        *target = strdup(path);
        return *target ? 1 : -1;
    }
    if (S_ISLNK(ls.st_mode)) {
        /* Follow the link: its target is what the user means. */
        if (stat(path, &st) != 0) {
            snprintf(err, errlen, "%s %s: a symbolic link to a file that does not exist "
                     "(refused: give the target's name, or remove the link)", what, path);
            return -1;
        }
        *target = realpath(path, NULL);
        if (!*target) {
            snprintf(err, errlen, "%s %s: cannot resolve the link: %s", what, path,
                     strerror(errno));
            return -1;
        }
    } else {
        st = ls;
        *target = strdup(path);
        if (!*target)
            return -1;
    }
    if (S_ISREG(st.st_mode))
        return 1;
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode))
        return 0;
    snprintf(err, errlen, "%s %s: %s, not a file", what, path,
             S_ISDIR(st.st_mode) ? "a folder" : "a socket or special file");
    free(*target);
    *target = NULL;
    return -1;
}

int outfile_check(const char *what, const char *path, char *err, size_t errlen)
{
    char *t;
    int rc = classify(what, path, &t, err, errlen);
    free(t);
    return rc < 0 ? -1 : 0;
}

int outfile_same(const char *a, const char *b)
{
    struct stat sa, sb;
    int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea && eb)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && !S_ISCHR(sa.st_mode);
    if (ea != eb)
        return 0;
    char *ca = canonical(a), *cb = canonical(b);
    int same = ca && cb && !strcmp(ca, cb);
    free(ca);
    free(cb);
    return same;
}

/* ---- writing -------------------------------------------------------------- */

int outfile_open(outfile *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof(*o));
    int how = classify("output", path, &o->target, err, errlen);
    if (how < 0) {
        if (!err[0])
            snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (!(o->path = strdup(path)))
        goto oom;
    if (how == 0) {
        if (!(o->f = fopen(o->target, "w"))) {
            snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
            goto fail;
        }
        return 0;
    }
    size_t n = strlen(o->target) + 32;
    if (!(o->tmp = malloc(n)))
        goto oom;
    snprintf(o->tmp, n, "%s.tmp.%ld", o->target, (long)getpid());
    outfile_track(o->tmp);
    if (!(o->f = fopen(o->tmp, "w"))) {
        snprintf(err, errlen, "cannot create %s: %s", o->tmp, strerror(errno));
        goto fail;
    }
    /* An existing file keeps its permissions. */
    struct stat st;
    if (stat(o->target, &st) == 0)
        (void)chmod(o->tmp, st.st_mode & 07777);
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
fail:
    outfile_abort(o);
    return -1;
}

void outfile_abort(outfile *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp) {
        unlink(o->tmp);
        outfile_untrack(o->tmp);
    }
    free(o->tmp);
    free(o->target);
    free(o->path);
    memset(o, 0, sizeof(*o));
}

int outfile_commit(outfile *o, char *err, size_t errlen)
{
    if (!o->f)
        return 0;
    FILE *f = o->f;
    o->f = NULL;
    if (outfile_fclose_checked(f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", o->path, strerror(errno));
        outfile_abort(o);
        return -1;
    }
    if (o->tmp && rename(o->tmp, o->target) != 0) {
        snprintf(err, errlen, "cannot rename %s to %s: %s", o->tmp, o->target, strerror(errno));
        outfile_abort(o);
        return -1;
    }
    if (o->tmp)
        outfile_untrack(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    outfile_abort(o);   /* frees the names */
    return 0;
}
