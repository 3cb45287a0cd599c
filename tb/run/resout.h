/*
 * resout.h - the output files of a run or a merge: the results file and the
 * JUnit XML made from it.  Built on results.h (the records) and junit.h
 * (the XML); neither of those knows about this one.
 */
#ifndef RESOUT_H
#define RESOUT_H

#include <stddef.h>
#include "outfile.h"
#include "results.h"

/*
 * Output of a run or a merge: the results file and the JUnit XML.  Records
 * are streamed to the results file's temporary file (tb/outfile.h: renamed
 * when the run ends, so a file with that name is always complete) or, when
 * there is no such file (only --junit, or a results file that is a device or
 * a FIFO), to a scratch file in $TMPDIR.  The JUnit XML is made from the
 * records at the end.  Every write is checked; on failure nothing is left
 * behind.
 */
typedef struct res_out {
    const char *results;   /* final name, or NULL */
    const char *junit;     /* final name, or NULL */
    outfile rf;            /* the results file */
    char *scratch;         /* the scratch file, or NULL */
    char *path;            /* where the records are: rf.tmp or scratch */
    FILE *f;
} res_out;

/* Returns 0 (nothing to do when both names are NULL) or -1 with err. */
int res_out_open(res_out *o, const char *results, const char *junit, char *err, size_t errlen);
/* Append a record (a no-op without output).  Returns 0 or -1 with err. */
int res_out_write(res_out *o, const res_record *r, char *err, size_t errlen);
/* Close, rename, write the JUnit XML.  Returns 0 or -1 with err; the
 * temporary and scratch files are gone either way. */
int res_out_close(res_out *o, char *err, size_t errlen);
/* Give up: remove every temporary file, write nothing. */
void res_out_abort(res_out *o);

#endif
