/*
 * version.c - the version string, in one place.  The Makefile defines
 * TEXCOSIM_VERSION from `git describe` with the VERSION file as fallback and
 * rebuilds this file alone when it changes.
 */
#include "cli.h"

#ifndef TEXCOSIM_VERSION
#define TEXCOSIM_VERSION "unknown"
#endif

const char *texcosim_version(void)
{
    return TEXCOSIM_VERSION;
}

int cli_version(const char *cmd)
{
    if (cmd)
        printf("texcosim %s %s\n", cmd, TEXCOSIM_VERSION);
    else
        printf("texcosim %s\n", TEXCOSIM_VERSION);
    return 0;
}
