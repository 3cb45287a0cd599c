/*
 * outfile.h - writing an output file without clobbering anything.
 *
 * Every file texcosim writes on request (--results, --junit, gen -o) goes
 * through here.  What is done depends on what the path is now:
 *
 *   a new path or a regular file   written to PATH.tmp.PID in the same
 *                                  folder, then renamed over PATH, so that a
 *                                  file with the final name is complete;
 *   a symbolic link                resolved; its target is treated by the
 *                                  rules here (a link to nothing is refused);
 *   a character or block device,   written directly (renaming over /dev/null
 *   a FIFO                         would turn it into a regular file);
 *   anything else (a folder, a     refused with a message.
 *   socket)
 *
 * Every write, fflush and fclose is checked.  A temporary file is removed
 * on failure, and by outfile_cleanup_signal() from a signal handler.
 */
#ifndef TX_OUTFILE_H
#define TX_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct outfile {
    char *path;      /* as given */
    char *target;    /* what is written: path, or a symlink's target */
    char *tmp;       /* the temporary file (NULL when written directly) */
    FILE *f;
} outfile;

/*
 * Check an output path before any work: refused when it is a folder, a
 * socket, a symbolic link to nothing, or a folder that does not exist.
 * `what` names the option for the message ("--results").  Returns 0, or -1
 * with a message in err.
 */
int outfile_check(const char *what, const char *path, char *err, size_t errlen);

/*
 * 1 when a and b name the same file: the same (device, inode) when both
 * exist, else the same resolved folder and name.  Character devices never
 * count as the same (two outputs to /dev/null are fine).
 */
int outfile_same(const char *a, const char *b);

/* Open for writing.  Returns 0, or -1 with err (nothing left behind). */
int outfile_open(outfile *o, const char *path, char *err, size_t errlen);

/* Flush, close and rename into place.  Returns 0, or -1 with err; on
 * failure the temporary file is removed and the old file is untouched. */
int outfile_commit(outfile *o, char *err, size_t errlen);

/* Give up: close and remove the temporary file. */
void outfile_abort(outfile *o);

/* Remember a temporary path (a scratch file) so that a signal handler can
 * remove it; outfile_untrack forgets it.  outfile_open tracks its own. */
void outfile_track(const char *path);
void outfile_untrack(const char *path);

/* From a signal handler: unlink every tracked temporary file
 * (async-signal-safe: unlink only). */
void outfile_cleanup_signal(void);

/* Checked fflush + ferror + fclose of a stream; returns 0 or -1 (errno). */
int outfile_fclose_checked(FILE *f);

#endif
