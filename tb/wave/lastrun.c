/*
 * lastrun.c - <wave dir>/last-run.json; see lastrun.h.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700   /* realpath */
#endif
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <json.h>

#include "lastrun.h"
#include "outfile.h"

struct lastrun {
    long failures;
    json_object *first;      /* the first failure, or NULL */
    json_object *waves;      /* array of the failures with waves */
};

lastrun *lastrun_new(void)
{
    lastrun *l = calloc(1, sizeof(*l));
    if (l && !(l->waves = json_object_new_array())) {
        free(l);
        return NULL;
    }
    return l;
}

void lastrun_free(lastrun *l)
{
    if (!l)
        return;
    json_object_put(l->first);
    json_object_put(l->waves);
    free(l);
}

static json_object *str_or_null(const char *s)
{
    return s ? json_object_new_string(s) : NULL;
}

void lastrun_add(lastrun *l, const char *file, const char *id, int bucket, const char *fst,
                 const char *gtkw)
{
    if (!l)
        return;
    l->failures++;
    if (!l->first) {
        l->first = json_object_new_object();
        json_object_object_add(l->first, "file", str_or_null(file));
        json_object_object_add(l->first, "id", str_or_null(id));
        json_object_object_add(l->first, "bucket", json_object_new_int(bucket));
    }
    if (!fst)
        return;
    json_object *e = json_object_new_object();
    json_object_object_add(e, "file", str_or_null(file));
    json_object_object_add(e, "id", str_or_null(id));
    json_object_object_add(e, "bucket", json_object_new_int(bucket));
    json_object_object_add(e, "fst", str_or_null(fst));
    json_object_object_add(e, "gtkw", str_or_null(gtkw));
    json_object_array_add(l->waves, e);
}

int lastrun_write(const lastrun *l, const char *dir, const char *results, const char *started,
                  int exit_status, char *err, size_t errlen)
{
    struct stat st;
    char path[PATH_MAX], cwd[PATH_MAX], res[PATH_MAX];
    if (!l)
        return 0;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        if (json_object_array_length(l->waves) == 0)
            return 0;   /* a run without waves does not create the folder */
        snprintf(err, errlen, "%s: not a folder, %s not written", dir, LASTRUN_NAME);
        return -1;
    }
    if (snprintf(path, sizeof(path), "%s/%s", dir, LASTRUN_NAME) >= (int)sizeof(path)) {
        snprintf(err, errlen, "%s: path too long", dir);
        return -1;
    }
    if (!getcwd(cwd, sizeof(cwd)))
        cwd[0] = 0;
    res[0] = 0;
    if (results && !realpath(results, res))
        snprintf(res, sizeof(res), "%s", results);   /* a device or a FIFO that is gone */
    json_object *o = json_object_new_object();
    json_object_object_add(o, "texcosim", json_object_new_string("last-run"));
    json_object_object_add(o, "started", str_or_null(started));
    json_object_object_add(o, "exit_status", json_object_new_int(exit_status));
    json_object_object_add(o, "cwd", str_or_null(cwd[0] ? cwd : NULL));
    json_object_object_add(o, "results", str_or_null(res[0] ? res : NULL));
    json_object_object_add(o, "failures", json_object_new_int64(l->failures));
    json_object_object_add(o, "first_failure", json_object_get(l->first));
    json_object_object_add(o, "waves", json_object_get(l->waves));
    const char *text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
                                                             JSON_C_TO_STRING_NOSLASHESCAPE);
    outfile of;
    int rc = -1;
    if (outfile_open(&of, path, err, errlen) == 0) {
        if (fprintf(of.f, "%s\n", text) < 0) {
            snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
            outfile_abort(&of);
        } else {
            rc = outfile_commit(&of, err, errlen);
        }
    }
    json_object_put(o);
    return rc;
}

int lastrun_first(const char *dir, char *gtkw, char *fst, size_t pathlen, char *why,
                  size_t whylen)
{
    char path[PATH_MAX];
    snprintf(path, sizeof(path), "%s/%s", dir, LASTRUN_NAME);
    json_object *o = json_object_from_file(path), *w, *m;
    if (!o)
        return -1;
    int rc = -1;
    if (!json_object_is_type(o, json_type_object))
        goto out;
    rc = 0;
    if (json_object_object_get_ex(o, "waves", &w) && json_object_is_type(w, json_type_array) &&
        json_object_array_length(w) > 0) {
        json_object *e = json_object_array_get_idx(w, 0);
        const char *f = json_object_object_get_ex(e, "fst", &m) ? json_object_get_string(m) : NULL;
        const char *g = json_object_object_get_ex(e, "gtkw", &m) ? json_object_get_string(m) : NULL;
        if (f && *f) {
            snprintf(fst, pathlen, "%s", f);
            snprintf(gtkw, pathlen, "%s", g ? g : "");
            rc = 1;
            goto out;
        }
    }
    {
        long n = json_object_object_get_ex(o, "failures", &m) ? (long)json_object_get_int64(m) : 0;
        const char *started = json_object_object_get_ex(o, "started", &m) ? json_object_get_string(m)
                                                                          : NULL;
        if (n == 0)
            snprintf(why, whylen, "the last run (%s, %s) had no failures",
                     started ? started : "time unknown", path);
        else
            snprintf(why, whylen, "none of the %ld failures of the last run (%s, %s) has waves "
                     "(--no-waves, --waves-max 0, or no RTL involved); run its reproduce command",
                     n, started ? started : "time unknown", path);
    }
out:
    json_object_put(o);
    return rc;
}
