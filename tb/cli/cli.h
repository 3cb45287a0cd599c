/*
 * cli.h - what every texcosim subcommand shares on its command line: the
 * version string, `--version`, and colour on a terminal.
 */
#ifndef TX_CLI_H
#define TX_CLI_H

#include <stdio.h>

/* The version: `git describe` at build time, else the VERSION file (a
 * tarball without .git); set by the Makefile (tb/cli/version.c). */
const char *texcosim_version(void);

/* Print "texcosim[ CMD] VERSION" on stdout (the answer to --version). */
int cli_version(const char *cmd);

/*
 * Colour.  Mode "auto" (the default) colours only a terminal and only when
 * $NO_COLOR is unset or empty (no-color.org); "always" and "never" force it.
 * Files and pipes never get colour in auto mode.  cli_color_set returns -1 on
 * an unknown mode.
 */
int cli_color_set(const char *mode);
int cli_color(FILE *f);            /* 1 when f is to be coloured */
const char *cli_sgr(FILE *f, const char *code);   /* "\033[<code>m" or "" */
#define CLI_RED "31"
#define CLI_GREEN "32"
#define CLI_YELLOW "33"
#define CLI_BOLD "1"
#define CLI_RESET "0"

#endif
