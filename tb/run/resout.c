/*
 * resout.c - the output files of a run or a merge (resout.h): records
 * streamed to the results file's temporary file or a scratch file, renamed
 * or copied at the end, and the JUnit XML made from them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "junit.h"
#include "outfile.h"
#include "resout.h"

/* A private scratch file for the records when they cannot be written
 * straight into a temporary results file (only --junit, or a results file
 * that is a device or a FIFO): in $TMPDIR, removed at the end. */
static int open_scratch(res_out *o, char *err, size_t errlen)
{
    const char *t = getenv("TMPDIR");
    size_t n = (t && *t ? strlen(t) : 4) + 32;
    if (!(o->scratch = malloc(n))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(o->scratch, n, "%s/texcosim-results.XXXXXX", t && *t ? t : "/tmp");
    int fd = mkstemp(o->scratch);
    if (fd < 0 || !(o->f = fdopen(fd, "w+"))) {
        snprintf(err, errlen, "cannot create a scratch file in %s: %s", t && *t ? t : "/tmp",
                 strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->scratch);
        }
        free(o->scratch);
        o->scratch = NULL;
        return -1;
    }
    outfile_track(o->scratch);
    o->path = o->scratch;
    return 0;
}

int res_out_open(res_out *o, const char *results, const char *junit, char *err, size_t errlen)
{
    memset(o, 0, sizeof(*o));
    o->results = results;
    o->junit = junit;
    if (!results && !junit)
        return 0;
    if (results) {
        if (outfile_open(&o->rf, results, err, errlen) < 0)
            return -1;
        if (o->rf.tmp) {
            o->f = o->rf.f;
            o->path = o->rf.tmp;
            return 0;
        }
    }
    if (open_scratch(o, err, errlen) < 0) {
        outfile_abort(&o->rf);
        return -1;
    }
    return 0;
}

int res_out_write(res_out *o, const res_record *r, char *err, size_t errlen)
{
    if (!o->f)
        return 0;
    if (res_write(o->f, r, 0) < 0 || fflush(o->f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", o->results ? o->results : o->path,
                 strerror(errno));
        return -1;
    }
    return 0;
}

void res_out_abort(res_out *o)
{
    if (o->scratch) {
        if (o->f)
            fclose(o->f);
        unlink(o->scratch);
        outfile_untrack(o->scratch);
        free(o->scratch);
    }
    outfile_abort(&o->rf);   /* closes o->f when it is the results file */
    memset(o, 0, sizeof(*o));
}

/* Copy the scratch records into the results device or FIFO. */
static int copy_scratch(res_out *o, char *err, size_t errlen)
{
    char buf[65536];
    size_t got;
    rewind(o->f);
    while ((got = fread(buf, 1, sizeof(buf), o->f)) > 0)
        if (fwrite(buf, 1, got, o->rf.f) != got)
            break;
    if (ferror(o->f) || ferror(o->rf.f)) {
        snprintf(err, errlen, "cannot write %s: %s", o->results, strerror(errno));
        return -1;
    }
    return 0;
}

int res_out_close(res_out *o, char *err, size_t errlen)
{
    int rc = 0;
    if (!o->f)
        return 0;
    if (fflush(o->f) != 0 || ferror(o->f)) {
        snprintf(err, errlen, "cannot write %s: %s", o->results ? o->results : o->path,
                 strerror(errno));
        res_out_abort(o);
        return -1;
    }
    if (o->junit && junit_write(o->junit, o->path, err, errlen) < 0)
        rc = -1;
    if (o->results) {
        char e2[512];
        if (o->scratch && copy_scratch(o, e2, sizeof(e2)) < 0) {
            if (rc == 0)
                snprintf(err, errlen, "%s", e2);
            rc = -1;
        } else {
            if (!o->scratch)
                o->f = NULL;   /* outfile_commit closes it */
            if (outfile_commit(&o->rf, e2, sizeof(e2)) < 0) {
                if (rc == 0)
                    snprintf(err, errlen, "%s", e2);
                rc = -1;
            }
        }
    }
    res_out_abort(o);   /* the scratch file, and anything left on failure */
    return rc;
}
