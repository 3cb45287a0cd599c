/*
 * stdin.c - "-" as a vector file: standard input.
 *
 * Standard input can be read once, but a run reads its files more than
 * once: each worker process reads every file (and takes its share), and the
 * runner reads a failing vector again for its waves.  So the bytes of
 * standard input are first copied into a temporary file (the spool), and
 * vec_open("-") opens that copy while messages and results still say "-".
 * A spool that starts with the gzip magic is read as gzip, whatever its
 * name (gzin.c).  The spool is removed when the process that made it exits,
 * and by the signal handlers that remove output temporaries (outfile.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "vector.h"

static char spool[4096];
static pid_t spool_owner;

static void spool_remove(void)
{
    /* Forked workers inherit the handler; only the maker removes the file. */
    if (spool[0] && getpid() == spool_owner) {
        unlink(spool);
        outfile_untrack(spool);
        spool[0] = 0;
    }
}

const char *vec_stdin_path(void)
{
    return spool[0] ? spool : NULL;
}

int vec_stdin_spool(char *err, size_t errlen)
{
    if (spool[0])
        return 0;
    const char *tmp = getenv("TMPDIR");
    char path[sizeof(spool)];
    snprintf(path, sizeof(path), "%s/texcosim-stdin.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        snprintf(err, errlen, "-: cannot make a temporary copy of standard input in %s: %s",
                 tmp && *tmp ? tmp : "/tmp", strerror(errno));
        return -1;
    }
    memcpy(spool, path, sizeof(spool));
    spool_owner = getpid();
    outfile_track(spool);
    static int registered;
    if (!registered++)
        atexit(spool_remove);

    FILE *out = fdopen(fd, "wb");
    if (!out) {
        snprintf(err, errlen, "-: cannot copy standard input: %s", strerror(errno));
        close(fd);
        spool_remove();
        return -1;
    }
    char buf[65536];
    size_t got;
    int wbad = 0;
    while (!wbad && (got = fread(buf, 1, sizeof(buf), stdin)) > 0)
        wbad = fwrite(buf, 1, got, out) != got;
    int rbad = ferror(stdin), e = errno;
    if (outfile_fclose_checked(out) != 0)
        wbad = 1, e = errno;
    if (rbad || wbad) {
        snprintf(err, errlen, rbad ? "-: cannot read standard input: %s"
                                   : "-: cannot copy standard input to a temporary file: %s",
                 strerror(e));
        spool_remove();
        return -1;
    }
    return 0;
}
