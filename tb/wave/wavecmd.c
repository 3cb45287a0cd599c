/*
 * wavecmd.c - `texcosim wave [-n] RESULT`: open captured waves in GTKWave.
 *
 * RESULT may be
 *   - a save file (.gtkw): the trace is the .fst of the same name, else the
 *     save file's [dumpfile];
 *   - a trace (.fst): the save file is the .gtkw of the same name (the trace
 *     alone is opened when there is none);
 *   - a directory: its most recently written .gtkw;
 *   - a results file of `texcosim run` (JSON Lines): the first failing
 *     vector that has waves ("wave_gtkw" / "wave_fst" members, or a "waves"
 *     object with "gtkw" / "fst"); without those members, the files
 *     wave_paths names for the vector in the default wave directory.
 *
 * It then runs `gtkwave -a SAVE DUMP` in place of itself.  $GTKWAVE names
 * another program to run (the tests use a stand-in).  -n prints the command
 * instead.  Exit status 2, with a message, when nothing can be opened, when
 * DISPLAY is not set or when gtkwave cannot be found.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <json.h>
#include "cli.h"
#include "lastrun.h"
#include "rtl_sigs.h"
#include "wave.h"

static int exists(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

/* path with its suffix `from` replaced by `to` (into out). */
static int swap_suffix(const char *path, const char *from, const char *to, char *out)
{
    size_t n = strlen(path) - strlen(from);
    int w = snprintf(out, WAVE_PATH_MAX, "%.*s%s", (int)n, path, to);
    return w < 0 || w >= WAVE_PATH_MAX ? -1 : 0;
}

/* The [dumpfile] of a save file, or "" when it names none. */
static void gtkw_dumpfile(const char *gtkw, char *out)
{
    char line[WAVE_PATH_MAX + 32];
    FILE *f = fopen(gtkw, "r");
    out[0] = '\0';
    if (!f)
        return;
    while (fgets(line, sizeof(line), f)) {
        if (strncmp(line, "[dumpfile] \"", 12) != 0)
            continue;
        char *end = strrchr(line + 12, '"');
        size_t n = end ? (size_t)(end - (line + 12)) : 0;
        if (end && n < WAVE_PATH_MAX) {
            memcpy(out, line + 12, n);
            out[n] = '\0';
        }
        break;
    }
    fclose(f);
}

/* Fill fst from a save file: the .fst beside it, else its [dumpfile]. */
static int from_gtkw(const char *gtkw, char *fst)
{
    if (swap_suffix(gtkw, ".gtkw", ".fst", fst) == 0 && exists(fst))
        return 0;
    gtkw_dumpfile(gtkw, fst);
    if (fst[0] && exists(fst))
        return 0;
    fprintf(stderr, "texcosim wave: no trace found for %s (looked for the .fst beside it%s%s)\n",
            gtkw, fst[0] ? " and " : "", fst);
    return -1;
}

/* The first failure of the last run whose waves went to dir (its
 * last-run.json).  0 and the paths; -1 after a message when the file names
 * none; 1 when dir has no such file (an older folder: the caller falls back
 * to the newest save file). */
static int from_last_run(const char *dir, char *gtkw, char *fst)
{
    char why[1024];
    int rc = lastrun_first(dir, gtkw, fst, WAVE_PATH_MAX, why, sizeof(why));
    if (rc < 0)
        return 1;
    if (rc == 0) {
        fprintf(stderr, "texcosim wave: %s\n", why);
        return -1;
    }
    if (!exists(fst)) {
        fprintf(stderr, "texcosim wave: the first failure of the last run has waves %s, but the "
                        "file is gone\n", fst);
        return -1;
    }
    if (gtkw[0] && !exists(gtkw))
        gtkw[0] = '\0';
    return 0;
}

/* The newest .gtkw in dir. */
static int newest_in(const char *dir, char *gtkw)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    struct timespec best = {0, 0};
    int found = 0;
    if (!d) {
        fprintf(stderr, "texcosim wave: cannot read directory %s: %s\n", dir, strerror(errno));
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        char p[WAVE_PATH_MAX];
        struct stat st;
        if (!has_suffix(e->d_name, ".gtkw"))
            continue;
        if (snprintf(p, sizeof(p), "%s/%s", dir, e->d_name) >= (int)sizeof(p))
            continue;
        if (stat(p, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (!found || st.st_mtim.tv_sec > best.tv_sec ||
            (st.st_mtim.tv_sec == best.tv_sec && st.st_mtim.tv_nsec > best.tv_nsec)) {
            best = st.st_mtim;
            snprintf(gtkw, WAVE_PATH_MAX, "%s", p);
            found = 1;
        }
    }
    closedir(d);
    if (!found) {
        fprintf(stderr, "texcosim wave: no .gtkw files in %s (waves are written when a vector "
                        "fails)\n", dir);
        return -1;
    }
    return 0;
}

static const char *jstr(json_object *o, const char *key)
{
    json_object *m;
    if (!o || !json_object_object_get_ex(o, key, &m) || !json_object_is_type(m, json_type_string))
        return NULL;
    return json_object_get_string(m);
}

/* A path from a results file, tried as written and then relative to the
 * directory of the results file. */
static int locate(const char *results, const char *p, char *out)
{
    if (!p || !*p)
        return -1;
    if (exists(p)) {
        snprintf(out, WAVE_PATH_MAX, "%s", p);
        return 0;
    }
    const char *slash = strrchr(results, '/');
    if (p[0] != '/' && slash) {
        int w = snprintf(out, WAVE_PATH_MAX, "%.*s/%s", (int)(slash - results), results, p);
        if (w > 0 && w < WAVE_PATH_MAX && exists(out))
            return 0;
    }
    return -1;
}

/* The first failing vector of a results file that has waves. */
static int from_results(const char *results, char *gtkw, char *fst)
{
    FILE *f = fopen(results, "r");
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int failures = 0, rc = -1;
    if (!f) {
        fprintf(stderr, "texcosim wave: cannot open %s: %s\n", results, strerror(errno));
        return -1;
    }
    while (rc < 0 && getline(&line, &cap, f) > 0) {
        lineno++;
        json_object *o = json_tokener_parse(line);
        if (!o)
            continue;
        const char *type = jstr(o, "type"), *status = jstr(o, "status");
        if (type && !strcmp(type, "vector") && status &&
            (!strcmp(status, "fail") || !strcmp(status, "hang"))) {
            json_object *w = NULL;
            const char *g = jstr(o, "wave_gtkw"), *t = jstr(o, "wave_fst");
            if (json_object_object_get_ex(o, "waves", &w)) {
                g = g ? g : jstr(w, "gtkw");
                t = t ? t : jstr(w, "fst");
            }
            failures++;
            char pg[WAVE_PATH_MAX], pf[WAVE_PATH_MAX];
            int have_g = locate(results, g, gtkw) == 0;
            int have_f = locate(results, t, fst) == 0;
            if (!have_g && !have_f && wave_paths(wave_default_dir(), jstr(o, "file"),
                                                 jstr(o, "id"), pf, pg) == 0) {
                /* No members: the names the capture would have used. */
                have_g = locate(results, pg, gtkw) == 0;
                have_f = locate(results, pf, fst) == 0;
            }
            if (have_g && !have_f)
                have_f = from_gtkw(gtkw, fst) == 0;
            if (have_f && !have_g && swap_suffix(fst, ".fst", ".gtkw", gtkw) == 0 && !exists(gtkw))
                gtkw[0] = '\0';
            if (have_f)
                rc = 0;
        }
        json_object_put(o);
    }
    free(line);
    fclose(f);
    if (rc < 0)
        fprintf(stderr, "texcosim wave: %s: %s\n", results,
                failures ? "no failing vector in it has waves on disk"
                         : "no failing vector in this results file");
    return rc;
}

/* Is prog runnable: a path with '/', or found in $PATH? */
static int runnable(const char *prog)
{
    if (strchr(prog, '/'))
        return access(prog, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        char p[WAVE_PATH_MAX];
        if (snprintf(p, sizeof(p), "%.*s/%s", (int)n, n ? path : ".", prog) < (int)sizeof(p) &&
            access(p, X_OK) == 0)
            return 1;
        path += n;
        if (*path == ':')
            path++;
    }
    return 0;
}

/* True when name (relative to tx_top) is the view's pattern pat: "[*]" and
 * "[T]" in pat stand for any decimal index. */
static int view_match(const char *pat, const char *name)
{
    while (*pat) {
        if (!strncmp(pat, "[*]", 3) || !strncmp(pat, "[T]", 3)) {
            if (*name != '[' || name[1] < '0' || name[1] > '9')
                return 0;
            name++;
            while (*name >= '0' && *name <= '9')
                name++;
            if (*name++ != ']')
                return 0;
            pat += 3;
        } else if (*pat++ != *name++) {
            return 0;
        }
    }
    return *name == '\0';
}

/* texcosim wave --signals: every signal of the view, with the RTL signals
 * of the generated table (the Verilated model's trace declarations) it
 * names: "group<TAB>pattern<TAB>count<TAB>first match".  A pattern that
 * names nothing is printed with count 0 and "MISSING", and makes the
 * status 1: the view has fallen behind the RTL's hierarchy. */
static int list_signals(void)
{
    int missing = 0;
    for (size_t i = 0; i < wave_view_count(); i++) {
        int group;
        const char *pat = wave_view_signal(i, &group);
        size_t n = 0;
        const char *first = NULL;
        for (size_t k = 0; k < rtl_nsigs; k++)
            if (view_match(pat, rtl_sigs[k].name)) {
                if (!n)
                    first = rtl_sigs[k].name;
                n++;
            }
        printf("%d\t%s\t%zu\t%s\n", group + 1, pat, n, n ? first : "MISSING");
        if (!n) {
            fprintf(stderr, "texcosim wave: %s is not a signal of the RTL\n", pat);
            missing++;
        }
    }
    return missing ? 1 : 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: texcosim wave [-n] [RESULT]\n"
            "       texcosim wave --signals\n"
            "  RESULT: a .gtkw save file, a .fst trace, a results file of `texcosim run`\n"
            "          (its first failure with waves), or a wave folder (the first failure\n"
            "          of the last run that wrote there, from its last-run.json)\n"
            "  without RESULT: the wave folder $TEXCOSIM_WAVE_DIR, else build/waves\n"
            "  -n, --dry-run  print the gtkwave command instead of running it\n"
            "  --signals      list the signals of the wave view with the RTL signals each\n"
            "                 names (from the build's signal table); status 1 when one\n"
            "                 names none\n"
            "  -h, --help, --version\n"
            "  runs `gtkwave -a SAVE DUMP` ($GTKWAVE overrides the program); needs DISPLAY\n");
}

int cmd_wave(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"dry-run", no_argument, NULL, 'n'}, {"help", no_argument, NULL, 'h'},
        {"signals", no_argument, NULL, 'S'},
        {"version", no_argument, NULL, 'V'}, {NULL, 0, NULL, 0},
    };
    int dry = 0, c, i;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc - 1, argv + 1, ":nh", longopts, NULL)) != -1) {
        switch (c) {
        case 'n': dry = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': return cli_version("wave");
        case 'S': return list_signals();
        default:
            fprintf(stderr, "texcosim wave: unknown option %s\n", argv[optind]);
            usage(stderr);
            return 2;
        }
    }
    i = optind + 1;
    if (argc - i > 1) {
        fprintf(stderr, "texcosim wave: one RESULT only\n");
        usage(stderr);
        return 2;
    }
    /* No argument: the last run's folder (docs/waves.md, "Opening waves"). */
    const char *arg = argc - i == 1 ? argv[i] : wave_default_dir();
    char gtkw[WAVE_PATH_MAX] = "", fst[WAVE_PATH_MAX] = "";
    struct stat st;
    if (stat(arg, &st) != 0) {
        fprintf(stderr, "texcosim wave: %s: %s\n", arg, strerror(errno));
        return 2;
    }
    if (S_ISDIR(st.st_mode)) {
        int lr = from_last_run(arg, gtkw, fst);
        if (lr < 0)
            return 2;
        if (lr > 0) {
            /* A folder no run has recorded itself in: its newest save file. */
            fprintf(stderr, "texcosim wave: note: no %s in %s; opening its newest save file\n",
                    LASTRUN_NAME, arg);
            if (newest_in(arg, gtkw) < 0 || from_gtkw(gtkw, fst) < 0)
                return 2;
        }
    } else if (has_suffix(arg, ".gtkw")) {
        snprintf(gtkw, sizeof(gtkw), "%s", arg);
        if (from_gtkw(gtkw, fst) < 0)
            return 2;
    } else if (has_suffix(arg, ".fst")) {
        snprintf(fst, sizeof(fst), "%s", arg);
        if (swap_suffix(fst, ".fst", ".gtkw", gtkw) < 0 || !exists(gtkw)) {
            fprintf(stderr, "texcosim wave: note: no save file beside %s; opening the trace "
                            "alone\n", fst);
            gtkw[0] = '\0';
        }
    } else if (from_results(arg, gtkw, fst) < 0) {
        return 2;
    }

    const char *prog = getenv("GTKWAVE");
    if (!prog || !*prog)
        prog = "gtkwave";
    char *args[5];
    int n = 0;
    args[n++] = (char *)prog;
    if (gtkw[0]) {
        args[n++] = "-a";
        args[n++] = gtkw;
    }
    args[n++] = fst;
    args[n] = NULL;

    if (dry) {
        for (int k = 0; k < n; k++)
            printf("%s%s", k ? " " : "", args[k]);
        printf("\n");
        return 0;
    }
    const char *display = getenv("DISPLAY");
    if (!display || !*display) {
        fprintf(stderr, "texcosim wave: DISPLAY is not set: GTKWave needs an X display (for a "
                        "scripted check use xvfb-run, see docs/waves.md)\n");
        return 2;
    }
    if (!runnable(prog)) {
        fprintf(stderr, "texcosim wave: %s not found (install gtkwave with scripts/install-deps, "
                        "or set GTKWAVE)\n", prog);
        return 2;
    }
    fflush(stdout);
    execvp(prog, args);
    fprintf(stderr, "texcosim wave: cannot run %s: %s\n", prog, strerror(errno));
    return 2;
}
