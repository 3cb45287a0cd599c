/*
 * color.c - ANSI colour on a terminal, never in a file or a pipe, and never
 * when $NO_COLOR is set to anything but the empty string (no-color.org).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static int mode = -1;   /* -1 auto, 0 never, 1 always */

int cli_color_set(const char *m)
{
    if (!strcmp(m, "auto"))
        mode = -1;
    else if (!strcmp(m, "always") || !strcmp(m, "yes") || !strcmp(m, "force"))
        mode = 1;
    else if (!strcmp(m, "never") || !strcmp(m, "no") || !strcmp(m, "none"))
        mode = 0;
    else
        return -1;
    return 0;
}

int cli_color(FILE *f)
{
    if (mode >= 0)
        return mode;
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc)
        return 0;
    const char *term = getenv("TERM");
    if (term && !strcmp(term, "dumb"))
        return 0;
    return isatty(fileno(f));
}

const char *cli_sgr(FILE *f, const char *code)
{
    static char buf[4][16];
    static int k;
    if (!cli_color(f))
        return "";
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "\033[%sm", code);
    return buf[k];
}
