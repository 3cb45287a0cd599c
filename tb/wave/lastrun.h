/*
 * lastrun.h - the record of the last run in a wave folder
 * (<wave dir>/last-run.json), so that `texcosim wave` without an argument
 * opens the first failure of the last run, not whatever file is newest.
 *
 * `texcosim run` collects its failures in run order (lastrun_add) and writes
 * the file at its end (lastrun_write), whether it failed or passed, into
 * the folder its waves go to.  The file is JSON:
 *
 *   {"texcosim": "last-run", "started": "2026-...Z", "exit_status": 1,
 *    "cwd": "/work/x", "results": "/work/x/build/regress.jsonl" or null,
 *    "failures": 218,
 *    "first_failure": {"file": ..., "id": ..., "bucket": 1} or null,
 *    "waves": [{"file": ..., "id": ..., "bucket": 1, "fst": ..., "gtkw": ...}, ...]}
 *
 * "waves" lists every failure of the run that got waves, in run order.
 */
#ifndef TX_LASTRUN_H
#define TX_LASTRUN_H

#include <stddef.h>

#define LASTRUN_NAME "last-run.json"

typedef struct lastrun lastrun;

lastrun *lastrun_new(void);
void lastrun_free(lastrun *l);

/* A failure of the run, in run order; fst/gtkw NULL when it has no waves. */
void lastrun_add(lastrun *l, const char *file, const char *id, int bucket, const char *fst,
                 const char *gtkw);

/* Write DIR/last-run.json (temporary file, then rename).  Nothing is written
 * when DIR does not exist and no failure has waves (a passing run does not
 * create the folder).  Returns 0, or -1 with a message in err. */
int lastrun_write(const lastrun *l, const char *dir, const char *results, const char *started,
                  int exit_status, char *err, size_t errlen);

/* The first failure with waves in DIR/last-run.json.  Returns 1 with the
 * paths (gtkw may be ""), 0 when the file names none (a message in why),
 * -1 when there is no such file or it cannot be read. */
int lastrun_first(const char *dir, char *gtkw, char *fst, size_t pathlen, char *why,
                  size_t whylen);

#endif
