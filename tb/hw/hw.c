/*
 * hw.c - `texcosim hw`: run every recorded hardware case on the model and
 * report how many answers are bit-exact (docs/conformance.md).
 *
 *   texcosim hw [--group G,...] [--case PREFIX,...] [--mismatches N]
 *               [--min FILE] [--write-min FILE] [--json FILE] [--vectors DIR]
 *               [-q] [FILE...]
 *
 * Without files it reads every hw/h200/<group>.jsonl.gz.  Each case is mapped onto a
 * texture header, a sampler and block-linear memory (hw_job.c), its queries
 * run as warps of TEX or SULD on the model, and every lane's four result
 * words are compared with the hardware's.  The table gives per case and per
 * group the queries run, the bit-exact count and the worst difference in
 * units in the last place; --min checks the fractions against thresholds.
 * --vectors writes the same warps as lockstep vector files (hw_vec.c).
 *
 * Exit status: 0, 1 when a threshold is not met, 2 bad input or usage.
 */
#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cli.h"
#include "hw.h"
#include "hw_job.h"
#include "hw_vec.h"
#include "outfile.h"

#define MAX_NAMES 64

typedef struct stats {
    char name[64];
    char group[32];
    uint64_t queries, run, exact, skipped;
    uint64_t worst;          /* worst ulp over the components */
} stats;

typedef struct hw_opts {
    const char *groups[MAX_NAMES];
    int ngroups;
    const char *cases[MAX_NAMES];
    int ncases;
    long mismatches;         /* mismatches left to print */
    const char *min_file, *json_file, *vec_dir, *write_min;
    int quiet;
} hw_opts;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: texcosim hw [--group G,...] [--case PREFIX,...] [--mismatches N]\n"
            "                   [--min FILE] [--write-min FILE] [--json FILE] [--vectors DIR]\n"
            "                   [-q] [FILE...]\n"
            "  Runs recorded texture-hardware cases (default hw/h200/*.jsonl.gz) on the model\n"
            "  and prints, per case and group, the queries that return the hardware's bits.\n"
            "  --group G,...      only these groups (filter, weights, lod, dims, bc, ...)\n"
            "  --case PREFIX,...  only cases whose id starts with one of the prefixes\n"
            "  --mismatches N     print the first N mismatching queries\n"
            "  --min FILE         thresholds: lines 'NAME FRACTION' (a case id, a group,\n"
            "                     or 'total'); exit 1 when one is not met\n"
            "  --write-min FILE   write this run's fractions as thresholds (groups, total,\n"
            "                     and every case that is bit-exact), to ratchet --min\n"
            "  --json FILE        the table as JSON\n"
            "  --vectors DIR      also write the warps as lockstep vectors, one file a case\n"
            "  -q                 the group table only\n"
            "exit status: 0, 1 a threshold not met, 2 bad input or usage\n");
}

static int split_names(char *arg, const char **out, int *n)
{
    for (char *tok = strtok(arg, ","); tok; tok = strtok(NULL, ",")) {
        if (*n >= MAX_NAMES)
            return -1;
        out[(*n)++] = tok;
    }
    return 0;
}

static int selected(const hw_opts *o, const hw_case *c)
{
    int ok = o->ngroups == 0;
    for (int i = 0; i < o->ngroups && !ok; i++)
        ok = !strcmp(o->groups[i], c->group);
    if (!ok)
        return 0;
    if (o->ncases == 0)
        return 1;
    for (int i = 0; i < o->ncases; i++)
        if (!strncmp(o->cases[i], c->id, strlen(o->cases[i])))
            return 1;
    return 0;
}

static float f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static void print_mismatch(const hw_case *c, size_t qi, const uint32_t model[4], int is_float)
{
    const hw_query_rec *q = &c->q[qi];
    printf("  %s q[%zu] kind %d layer %d:", c->id, qi, q->kind, q->layer);
    int nc = q->kind == HW_Q_2D_GRAD ? 8 : q->kind >= HW_Q_SURF ? 3 : 4;
    for (int i = 0; i < nc; i++)
        if (q->kind >= HW_Q_SURF)
            printf(" %d", (int32_t)q->c[i]);
        else
            printf(" %08x (%.9g)", q->c[i], (double)f32(q->c[i]));
    printf("\n    hw:    ");
    for (int i = 0; i < 4; i++)
        printf(" %08x", c->r[qi][i]);
    if (is_float)
        for (int i = 0; i < 4; i++)
            printf(" %.9g", (double)f32(c->r[qi][i]));
    printf("\n    model: ");
    for (int i = 0; i < 4; i++)
        printf(" %08x", model[i]);
    if (is_float)
        for (int i = 0; i < 4; i++)
            printf(" %.9g", (double)f32(model[i]));
    printf("\n");
}

/* Scoring of one case: each lane's words against the hardware's, and the
 * warp into the vector file when one is written. */
typedef struct case_run {
    const hw_case *c;
    hw_opts *o;
    stats *st;
    hw_vec_writer *vw;
    int is_float;
} case_run;

static int score_warp(void *ctx, const hw_warp *w, const uint32_t got[32][4], char *err,
                      size_t errlen)
{
    case_run *cr = ctx;
    if (cr->vw && hw_vec_warp(cr->vw, w, err, errlen))
        return -1;
    for (int l = 0; l < 32; l++) {
        if (w->q[l] < 0)
            continue;
        size_t qi = (size_t)w->q[l];
        uint64_t worst = 0;
        for (int k = 0; k < 4; k++) {
            uint64_t u = hw_ulp(got[l][k], cr->c->r[qi][k], cr->is_float);
            if (u > worst)
                worst = u;
        }
        cr->st->run++;
        if (worst == 0) {
            cr->st->exact++;
            continue;
        }
        if (worst > cr->st->worst)
            cr->st->worst = worst;
        if (cr->o->mismatches > 0) {
            cr->o->mismatches--;
            print_mismatch(cr->c, qi, got[l], cr->is_float);
        }
    }
    return 0;
}

/* Run one case's warps on a fresh model. */
static int run_case(const hw_case *c, hw_opts *o, stats *st, char *err, size_t errlen)
{
    hw_job j;
    if (hw_job_init(&j, c, err, errlen))
        return -1;
    case_run cr = {c, o, st, NULL, hw_job_float(&j)};
    if (o->vec_dir && hw_vec_open(&cr.vw, o->vec_dir, c, &j, err, errlen)) {
        hw_job_free(&j);
        return -1;
    }
    size_t skipped = 0;
    int rc = hw_job_run_model(&j, score_warp, &cr, &skipped, err, errlen);
    st->skipped += skipped;
    if (cr.vw && hw_vec_close(cr.vw, rc == 0, err, errlen))
        rc = -1;
    hw_job_free(&j);
    return rc;
}

/* Read one line of any length from a gzip stream; 1, 0 at the end, -1 on a
 * read error. */
static int gz_line(gzFile gz, char **buf, size_t *cap, size_t *len)
{
    *len = 0;
    for (;;) {
        if (*cap - *len < 2) {
            size_t ncap = *cap ? *cap * 2 : 1 << 20;
            char *nb = realloc(*buf, ncap);
            if (!nb)
                return -1;
            *buf = nb;
            *cap = ncap;
        }
        if (!gzgets(gz, *buf + *len, (int)(*cap - *len > 1u << 30 ? 1u << 30 : *cap - *len))) {
            int e;
            gzerror(gz, &e);
            if (e != Z_OK && e != Z_STREAM_END)
                return -1;
            return *len > 0;
        }
        *len += strlen(*buf + *len);
        if (*len > 0 && (*buf)[*len - 1] == '\n')
            return 1;
    }
}

static void add_to(stats *g, const stats *s)
{
    g->queries += s->queries;
    g->run += s->run;
    g->exact += s->exact;
    g->skipped += s->skipped;
    if (s->worst > g->worst)
        g->worst = s->worst;
}

static double frac(const stats *s)
{
    return s->run ? (double)s->exact / (double)s->run : 1.0;
}

static void print_row(const stats *s)
{
    if (!s->run) {   /* nothing run (gathers): no fraction to show */
        printf("%-36s %8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %9s %10s\n", s->name, s->run,
               s->exact, s->skipped, "-", "-");
        return;
    }
    printf("%-36s %8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %9.4f %10" PRIu64 "\n", s->name,
           s->run, s->exact, s->skipped, 100.0 * frac(s), s->worst);
}

static void print_header(const char *what)
{
    printf("%-36s %8s %8s %8s %9s %10s\n", what, "queries", "exact", "skipped", "exact%",
           "worst-ulp");
}

static stats *find_group(stats *g, int *ng, int cap, const char *name)
{
    for (int i = 0; i < *ng; i++)
        if (!strcmp(g[i].name, name))
            return &g[i];
    if (*ng >= cap)
        return NULL;
    memset(&g[*ng], 0, sizeof g[*ng]);
    snprintf(g[*ng].name, sizeof g[*ng].name, "%s", name);
    return &g[(*ng)++];
}

/* Thresholds: 'NAME FRACTION' per line, # comments.  Returns the number not
 * met, or -1 on a malformed file. */
static int check_min(const char *path, const stats *cs, int nc, const stats *gs, int ng,
                     const stats *total)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "texcosim hw: %s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[256];
    int lineno = 0, failed = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char name[128];
        double min;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        if (sscanf(line, " %127s", name) != 1)
            continue;
        if (sscanf(line, " %127s %lf", name, &min) != 2 || min < 0 || min > 1) {
            fprintf(stderr, "texcosim hw: %s:%d: expected 'NAME FRACTION' (0..1)\n", path,
                    lineno);
            fclose(f);
            return -1;
        }
        const stats *s = !strcmp(name, "total") ? total : NULL;
        for (int i = 0; !s && i < ng; i++)
            if (!strcmp(gs[i].name, name))
                s = &gs[i];
        for (int i = 0; !s && i < nc; i++)
            if (!strcmp(cs[i].name, name))
                s = &cs[i];
        if (!s)
            continue;   /* not selected in this run */
        if (frac(s) + 1e-12 < min) {
            fprintf(stderr, "texcosim hw: %s: %.4f%% bit-exact, below the threshold %.4f%% (%s:%d)\n",
                    name, 100.0 * frac(s), 100.0 * min, path, lineno);
            failed++;
        }
    }
    fclose(f);
    return failed;
}

static int write_json(const char *path, const stats *cs, int nc, const stats *gs, int ng,
                      const stats *total)
{
    outfile of;
    char err[600];
    if (outfile_open(&of, path, err, sizeof err)) {
        fprintf(stderr, "texcosim hw: %s\n", err);
        return -1;
    }
    FILE *f = of.f;
    const stats *sets[3] = {cs, gs, total};
    const int counts[3] = {nc, ng, 1};
    const char *keys[3] = {"cases", "groups", "total"};
    fprintf(f, "{");
    for (int k = 0; k < 3; k++) {
        fprintf(f, "%s\"%s\": %s", k ? ", " : "", keys[k], k < 2 ? "[" : "");
        for (int i = 0; i < counts[k]; i++) {
            const stats *s = &sets[k][i];
            fprintf(f,
                    "%s{\"name\": \"%s\", \"group\": \"%s\", \"queries\": %" PRIu64
                    ", \"exact\": %" PRIu64 ", \"skipped\": %" PRIu64
                    ", \"fraction\": %.6f, \"worst_ulp\": %" PRIu64 "}",
                    i ? ", " : "", s->name, s->group, s->run, s->exact, s->skipped, frac(s),
                    s->worst);
        }
        fprintf(f, "%s", k < 2 ? "]" : "");
    }
    fprintf(f, "}\n");
    if (outfile_commit(&of, err, sizeof err)) {
        fprintf(stderr, "texcosim hw: %s\n", err);
        outfile_abort(&of);
        return -1;
    }
    return 0;
}

/* Thresholds at this run's fractions, rounded down to 1e-4 so that the same
 * run passes them: every group, the total, and each case that is exact. */
static int write_min(const char *path, const stats *cs, int nc, const stats *gs, int ng,
                     const stats *total)
{
    outfile of;
    char err[600];
    if (outfile_open(&of, path, err, sizeof err)) {
        fprintf(stderr, "texcosim hw: %s\n", err);
        return -1;
    }
    FILE *f = of.f;
    fprintf(f, "# Bit-exact fractions that `make hw` (texcosim hw --min) holds the model to.\n"
               "# NAME is a group, a case id or 'total'; written by texcosim hw --write-min.\n");
    for (int i = 0; i < ng; i++)
        if (gs[i].run)
            fprintf(f, "%-36s %.4f\n", gs[i].name, (double)(uint64_t)(frac(&gs[i]) * 1e4) / 1e4);
    fprintf(f, "%-36s %.4f\n", "total", (double)(uint64_t)(frac(total) * 1e4) / 1e4);
    for (int i = 0; i < nc; i++)
        if (cs[i].run && cs[i].exact == cs[i].run)
            fprintf(f, "%-36s 1\n", cs[i].name);
    if (outfile_commit(&of, err, sizeof err)) {
        fprintf(stderr, "texcosim hw: %s\n", err);
        outfile_abort(&of);
        return -1;
    }
    return 0;
}

int cmd_hw(int argc, char **argv)
{
    static const struct option lo[] = {
        {"group", required_argument, 0, 'g'}, {"case", required_argument, 0, 'c'},
        {"mismatches", required_argument, 0, 'm'}, {"min", required_argument, 0, 'n'},
        {"json", required_argument, 0, 'J'}, {"write-min", required_argument, 0, 'W'}, {"vectors", required_argument, 0, 'V'},
        {"help", no_argument, 0, 'h'}, {"version", no_argument, 0, 'v'}, {0, 0, 0, 0}};
    hw_opts o;
    memset(&o, 0, sizeof o);
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":qh", lo, NULL)) != -1) {
        char *end;
        switch (ch) {
        case 'g':
            if (split_names(optarg, o.groups, &o.ngroups)) {
                fprintf(stderr, "texcosim hw: --group: at most %d names\n", MAX_NAMES);
                return 2;
            }
            break;
        case 'c':
            if (split_names(optarg, o.cases, &o.ncases)) {
                fprintf(stderr, "texcosim hw: --case: at most %d prefixes\n", MAX_NAMES);
                return 2;
            }
            break;
        case 'm':
            errno = 0;
            o.mismatches = strtol(optarg, &end, 10);
            if (errno || *end || o.mismatches < 0) {
                fprintf(stderr, "texcosim hw: --mismatches: expected a count, got '%s'\n", optarg);
                return 2;
            }
            break;
        case 'n': o.min_file = optarg; break;
        case 'J': o.json_file = optarg; break;
        case 'W': o.write_min = optarg; break;
        case 'V': o.vec_dir = optarg; break;
        case 'q': o.quiet = 1; break;
        case 'h': usage(stdout); return 0;
        case 'v': return cli_version("hw");
        case ':':
            fprintf(stderr, "texcosim hw: %s needs a value\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "texcosim hw: unknown option %s\n", argv[optind - 1]);
            usage(stderr);
            return 2;
        }
    }
    /* Outputs are checked before the run, not after it. */
    const char *outs[2][2] = {{"--json", o.json_file}, {"--write-min", o.write_min}};
    for (int i = 0; i < 2; i++) {
        char err[600];
        if (outs[i][1] && outfile_check(outs[i][0], outs[i][1], err, sizeof err)) {
            fprintf(stderr, "texcosim hw: %s\n", err);
            return 2;
        }
    }
    glob_t gl;
    memset(&gl, 0, sizeof gl);
    char **files = argv + optind;
    int nfiles = argc - optind;
    if (nfiles == 0) {
        if (glob("hw/h200/*.jsonl.gz", 0, NULL, &gl) != 0 || gl.gl_pathc == 0) {
            fprintf(stderr, "texcosim hw: no files given and no hw/h200/*.jsonl.gz here "
                            "(run it from the project folder, or name the files)\n");
            globfree(&gl);
            return 2;
        }
        files = gl.gl_pathv;
        nfiles = (int)gl.gl_pathc;
    }

    int cap_cases = 1024, nc = 0, ng = 0, status = 0;
    stats *cs = calloc((size_t)cap_cases, sizeof *cs), gs[64], total;
    memset(&total, 0, sizeof total);
    snprintf(total.name, sizeof total.name, "total");
    char *buf = NULL;
    size_t cap = 0, len;
    if (!cs) {
        fprintf(stderr, "texcosim hw: out of memory\n");
        globfree(&gl);
        return 2;
    }
    int header = 0;
    for (int fi = 0; fi < nfiles && status == 0; fi++) {
        gzFile gz = gzopen(files[fi], "rb");
        if (!gz) {
            fprintf(stderr, "texcosim hw: %s: %s\n", files[fi], strerror(errno));
            status = 2;
            break;
        }
        int lineno = 0, r;
        while ((r = gz_line(gz, &buf, &cap, &len)) == 1) {
            lineno++;
            if (len <= 1)
                continue;
            hw_case c;
            char err[256];
            if (hw_case_parse(buf, len, &c, err, sizeof err)) {
                fprintf(stderr, "texcosim hw: %s:%d: %s\n", files[fi], lineno, err);
                hw_case_free(&c);
                status = 2;
                break;
            }
            if (!selected(&o, &c)) {
                hw_case_free(&c);
                continue;
            }
            if (nc == cap_cases) {
                stats *n2 = realloc(cs, 2 * (size_t)cap_cases * sizeof *cs);
                if (!n2) {
                    hw_case_free(&c);
                    status = 2;
                    break;
                }
                cs = n2;
                cap_cases *= 2;
            }
            stats *s = &cs[nc++];
            memset(s, 0, sizeof *s);
            snprintf(s->name, sizeof s->name, "%s", c.id);
            snprintf(s->group, sizeof s->group, "%s", c.group);
            s->queries = c.nq;
            if (run_case(&c, &o, s, err, sizeof err)) {
                fprintf(stderr, "texcosim hw: %s:%d: case '%s': %s\n", files[fi], lineno, c.id,
                        err);
                hw_case_free(&c);
                status = 2;
                break;
            }
            hw_case_free(&c);
            if (!o.quiet) {
                if (!header++)
                    print_header("case");
                print_row(s);
            }
            stats *g = find_group(gs, &ng, 64, s->group);
            if (g)
                add_to(g, s);
            add_to(&total, s);
        }
        if (r < 0 && status == 0) {
            int e;
            const char *why = gzerror(gz, &e);
            fprintf(stderr, "texcosim hw: %s:%d: cannot read: %s\n", files[fi], lineno + 1,
                    e == Z_ERRNO ? strerror(errno) : why);
            status = 2;
        }
        gzclose(gz);
    }
    free(buf);
    globfree(&gl);
    if (status == 0) {
        if (nc == 0) {
            fprintf(stderr, "texcosim hw: no case matches the selection\n");
            free(cs);
            return 4;
        }
        printf("\n");
        print_header("group");
        for (int i = 0; i < ng; i++)
            print_row(&gs[i]);
        print_row(&total);
        if (o.json_file && write_json(o.json_file, cs, nc, gs, ng, &total))
            status = 2;
        if (status == 0 && o.write_min && write_min(o.write_min, cs, nc, gs, ng, &total))
            status = 2;
        if (status == 0 && o.min_file) {
            int failed = check_min(o.min_file, cs, nc, gs, ng, &total);
            status = failed < 0 ? 2 : failed > 0 ? 1 : 0;
        }
    }
    free(cs);
    return status;
}
