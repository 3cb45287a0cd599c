/*
 * hw_record.c - `texcosim hw plan | answer | merge`: the project's side of
 * recording a GPU's texture answers (hw_record.h, docs/conformance.md,
 * "Recording your own hardware").
 *
 *   plan    writes DIR/<group>.plan for each group (hw_plan.c draws them);
 *   answer  answers a plan with the model, in the recorder's answers format,
 *           so the chain plan -> answers -> merge -> `texcosim hw` can be
 *           checked without a GPU (every answer must then be bit-exact);
 *   merge   joins a plan and its answers into the case format
 *           (docs/hw-case.schema.json), one gzip-compressed JSON line a case.
 *
 * The answers format (written by hw/record.cu):
 *
 *   texcosim-hw-answers 1
 *   device TEXT                  (any number; free text)
 *   ID INDEX W0 W1 W2 W3         (query INDEX of case ID: four 8-digit hex words)
 *   ID error TEXT                (case ID could not be recorded)
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "hw_job.h"
#include "hw_plan.h"
#include "hw_record.h"
#include "outfile.h"
#include "texmodel.h"

static const char *const kind_names[] = {"1d", "2d", "3d", "cube", "1d_layered", "2d_layered",
                                         "cube_layered"};
static const char *const addr_names[] = {"wrap", "mirror", "clamp", "border"};

int hw_record_is_cmd(const char *word)
{
    return !strcmp(word, "plan") || !strcmp(word, "answer") || !strcmp(word, "merge");
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: texcosim hw plan [--seed N] [--groups G,...|all] [--max-queries N] -o DIR\n"
            "       texcosim hw answer PLAN -o ANSWERS\n"
            "       texcosim hw merge PLAN ANSWERS -o FILE.jsonl.gz\n"
            "  Recording a GPU's texture answers (docs/conformance.md):\n"
            "  plan    draws cases (textures, samplers, queries) from a seed and writes\n"
            "          DIR/<group>.plan for each group; hw/record.cu runs a plan on a GPU\n"
            "  answer  answers a plan with the model instead of a GPU (a dry run)\n"
            "  merge   joins a plan and its answers into the case format `texcosim hw` runs\n"
            "  --seed N          the draw (default 1); the same seed gives the same plan\n"
            "  --groups G,...    filter, weights, lod, dims, bc, gather, extra, surface or all\n"
            "                    (default all)\n"
            "  --max-queries N   keep at most N evenly spaced queries a case (default all)\n"
            "  -o PATH           the output: a folder (plan), a file (answer, merge)\n"
            "exit status: 0; 1 merge left a case out (no answers or a recording error);\n"
            "             2 bad input, usage or an output that cannot be written\n");
}

/* Outputs go through outfile.c, as every file texcosim writes: a temporary
 * file renamed into place, removed on failure or on a signal. */
static int open_out(outfile *o, const char *cmd, const char *path)
{
    char err[600];
    if (outfile_open(o, path, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "texcosim hw %s: %s\n", cmd, err);
    return -1;
}

/* Commit when ok, else drop; 0, or -1 after a message. */
static int close_out(outfile *o, const char *cmd, int ok)
{
    char err[600];
    if (!ok) {
        fprintf(stderr, "texcosim hw %s: cannot write %s\n", cmd, o->path);
        outfile_abort(o);
        return -1;
    }
    if (outfile_commit(o, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "texcosim hw %s: %s\n", cmd, err);
    outfile_abort(o);
    return -1;
}

/* The options of `answer` and `merge`: -o FILE and nargs files.  Returns -1
 * to go on, else the exit status. */
static int out_and_files(int argc, char **argv, const char *cmd, int nargs, const char *want,
                         const char **out)
{
    static const struct option lo[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int ch;
    *out = NULL;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":o:h", lo, NULL)) != -1) {
        switch (ch) {
        case 'o': *out = optarg; break;
        case 'h': usage(stdout); return 0;
        case ':':
            fprintf(stderr, "texcosim hw %s: %s needs a value\n", cmd, argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "texcosim hw %s: unknown option %s\n", cmd, argv[optind - 1]);
            return 2;
        }
    }
    if (!*out || argc - optind != nargs) {
        fprintf(stderr, "texcosim hw %s: expected %s\n", cmd, want);
        return 2;
    }
    return -1;
}

/* ---- plan ---------------------------------------------------------------- */

static int cmd_plan(int argc, char **argv)
{
    static const struct option lo[] = {
        {"seed", required_argument, 0, 's'}, {"groups", required_argument, 0, 'g'},
        {"max-queries", required_argument, 0, 'm'}, {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    uint64_t seed = 1;
    unsigned long long maxq = 0;
    const char *out = NULL;
    char *groups = NULL;
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "+:o:h", lo, NULL)) != -1) {
        char *end;
        switch (ch) {
        case 's':
            errno = 0;
            seed = strtoull(optarg, &end, 0);
            if (errno || *end || !*optarg || *optarg == '-') {
                fprintf(stderr, "texcosim hw plan: --seed: expected a number, got '%s'\n", optarg);
                return 2;
            }
            break;
        case 'm':
            errno = 0;
            maxq = strtoull(optarg, &end, 10);
            if (errno || *end || !*optarg || *optarg == '-') {
                fprintf(stderr, "texcosim hw plan: --max-queries: expected a count, got '%s'\n",
                        optarg);
                return 2;
            }
            break;
        case 'g': groups = optarg; break;
        case 'o': out = optarg; break;
        case 'h': usage(stdout); return 0;
        case ':':
            fprintf(stderr, "texcosim hw plan: %s needs a value\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "texcosim hw plan: unknown option %s\n", argv[optind - 1]);
            return 2;
        }
    }
    if (!out || optind != argc) {
        fprintf(stderr, "texcosim hw plan: %s\n", out ? "unexpected arguments" : "no -o DIR");
        usage(stderr);
        return 2;
    }
    /* The groups, checked before anything is written. */
    const char *sel[16];
    int nsel = 0;
    if (!groups || !strcmp(groups, "all")) {
        for (int g = 0; g < hw_plan_ngroups; g++)
            sel[nsel++] = hw_plan_groups[g];
    } else {
        for (char *t = strtok(groups, ","); t; t = strtok(NULL, ",")) {
            int known = 0;
            for (int g = 0; g < hw_plan_ngroups; g++)
                known |= !strcmp(t, hw_plan_groups[g]);
            if (!known || nsel == 16) {
                fprintf(stderr, "texcosim hw plan: --groups: unknown group '%s' (", t);
                for (int g = 0; g < hw_plan_ngroups; g++)
                    fprintf(stderr, "%s%s", g ? ", " : "", hw_plan_groups[g]);
                fprintf(stderr, ")\n");
                return 2;
            }
            sel[nsel++] = t;
        }
    }
    if (mkdir(out, 0777) < 0 && errno != EEXIST) {
        fprintf(stderr, "texcosim hw plan: %s: %s\n", out, strerror(errno));
        return 2;
    }
    for (int g = 0; g < nsel; g++) {
        hw_case *cs;
        long n = hw_plan_group(sel[g], seed, (size_t)maxq, &cs);
        if (n < 0) {
            fprintf(stderr, "texcosim hw plan: %s: out of memory\n", sel[g]);
            return 2;
        }
        char path[4096];
        outfile of;
        snprintf(path, sizeof path, "%s/%s.plan", out, sel[g]);
        if (open_out(&of, "plan", path)) {
            hw_plan_free(cs, n);
            return 2;
        }
        FILE *f = of.f;
        int ok = hw_plan_write_header(f) == 0;
        size_t nq = 0;
        for (long i = 0; i < n && ok; i++) {
            ok = hw_plan_write_case(f, &cs[i]) == 0;
            nq += cs[i].nq;
        }
        hw_plan_free(cs, n);
        if (close_out(&of, "plan", ok))
            return 2;
        printf("%s: %ld cases, %zu queries\n", path, n, nq);
    }
    return 0;
}

/* ---- answer: the model in the GPU's place -------------------------------- */

/* The model's four words for every query of a case, as `texcosim hw` reads
 * them from the registers (hw.c): queries of a kind the unit cannot run yet
 * (gathers) are answered 0. */
static int store_answers(void *ctx, const hw_warp *w, const uint32_t got[32][4], char *err,
                         size_t errlen)
{
    const hw_case *c = ctx;
    (void)err;
    (void)errlen;
    for (int l = 0; l < 32; l++)
        if (w->q[l] >= 0)
            memcpy(c->r[w->q[l]], got[l], sizeof c->r[0]);
    return 0;
}

static int model_answers(const hw_case *c, char *err, size_t errlen)
{
    hw_job j;
    if (hw_job_init(&j, c, err, errlen))
        return -1;
    memset(c->r, 0, c->nq * sizeof *c->r);
    size_t skipped = 0;
    int rc = hw_job_run_model(&j, store_answers, (void *)c, &skipped, err, errlen);
    hw_job_free(&j);
    return rc;
}

static int cmd_answer(int argc, char **argv)
{
    const char *out;
    int rc = out_and_files(argc, argv, "answer", 1, "PLAN -o ANSWERS", &out);
    if (rc >= 0)
        return rc;
    char err[512];
    hw_case *cs;
    long n = hw_plan_read(argv[optind], &cs, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "texcosim hw answer: %s\n", err);
        return 2;
    }
    outfile of;
    if (open_out(&of, "answer", out)) {
        hw_plan_free(cs, n);
        return 2;
    }
    FILE *f = of.f;
    fprintf(f, "texcosim-hw-answers 1\ndevice texcosim model %s\n", texmodel_version());
    int status = 0;
    for (long i = 0; i < n && !status; i++) {
        if (model_answers(&cs[i], err, sizeof err)) {
            fprintf(stderr, "texcosim hw answer: case '%s': %s\n", cs[i].id, err);
            status = 2;
            break;
        }
        for (size_t q = 0; q < cs[i].nq; q++)
            fprintf(f, "%s %zu %08x %08x %08x %08x\n", cs[i].id, q, cs[i].r[q][0],
                    cs[i].r[q][1], cs[i].r[q][2], cs[i].r[q][3]);
    }
    hw_plan_free(cs, n);
    if (status) {
        outfile_abort(&of);
        return status;
    }
    return close_out(&of, "answer", !ferror(f)) ? 2 : 0;
}

/* ---- merge ----------------------------------------------------------------- */

static int gzs(gzFile gz, const char *s)
{
    size_t n = strlen(s);
    return n && gzwrite(gz, s, (unsigned)n) != (int)n ? -1 : 0;
}

static int gzfmt(gzFile gz, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int gzfmt(gzFile gz, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return gzs(gz, buf);
}

/* One case as a line of the case format (docs/hw-case.schema.json). */
static int write_case_json(gzFile gz, const hw_case *c)
{
    static const char hx[] = "0123456789abcdef";
    int bad = 0;
    bad |= gzfmt(gz, "{\"id\": \"%s\", \"group\": \"%s\", \"tex\": {\"kind\": \"%s\", "
                     "\"fmt\": \"%s\", \"w\": %u, \"h\": %u, \"d\": %u, \"layers\": %u, "
                     "\"levels\": %u, \"data\": [",
                 c->id, c->group, kind_names[c->kind], c->fmt, c->w, c->h, c->d, c->layers,
                 c->levels);
    char chunk[1025];
    for (uint32_t l = 0; l < c->levels; l++) {
        bad |= gzs(gz, l ? ", \"" : "\"");
        for (size_t i = 0; i < c->data_len[l]; i += 512) {
            size_t n = c->data_len[l] - i < 512 ? c->data_len[l] - i : 512;
            for (size_t k = 0; k < n; k++) {
                chunk[2 * k] = hx[c->data[l][i + k] >> 4];
                chunk[2 * k + 1] = hx[c->data[l][i + k] & 15];
            }
            chunk[2 * n] = 0;
            bad |= gzs(gz, chunk);
        }
        bad |= gzs(gz, "\"");
    }
    bad |= gzs(gz, "]}, ");
    if (c->surface) {
        bad |= gzfmt(gz, "\"surf\": {\"size\": %u, \"boundary\": \"%s\"}, \"status\": \"ok\", ",
                     c->surf_size, c->surf_clamp ? "clamp" : "zero");
    } else {
        static const char *const mips[] = {"none", "point", "linear"};
        bad |= gzfmt(gz, "\"samp\": {\"addr\": [\"%s\", \"%s\", \"%s\"], \"filter\": \"%s\", "
                         "\"mip\": \"%s\", \"srgb\": %d, \"norm\": %d, \"seamless\": %d, "
                         "\"trilin_opt_off\": %d, ",
                     addr_names[c->addr[0]], addr_names[c->addr[1]], addr_names[c->addr[2]],
                     c->linear ? "linear" : "point", mips[c->mip], c->srgb, c->norm,
                     c->seamless, c->trilin_opt_off);
        bad |= gzfmt(gz, "\"border\": [\"%08x\", \"%08x\", \"%08x\", \"%08x\"], \"aniso\": %u, "
                         "\"bias\": \"%08x\", \"minclamp\": \"%08x\", \"maxclamp\": \"%08x\"}, ",
                     c->border[0], c->border[1], c->border[2], c->border[3], c->aniso, c->bias,
                     c->minclamp, c->maxclamp);
    }
    bad |= gzs(gz, "\"q\": [");
    for (size_t i = 0; i < c->nq && !bad; i++) {
        const hw_query_rec *q = &c->q[i];
        /* A surface query keeps x, y, z; a texture query all eight words. */
        int nw = q->kind >= HW_Q_SURF ? 3 : 8;
        char buf[160];
        int k = snprintf(buf, sizeof buf, "%s[%d, %d", i ? ", " : "", q->kind, (int)q->layer);
        for (int j = 0; j < nw; j++)
            k += snprintf(buf + k, sizeof buf - (size_t)k, ", \"%08x\"", q->c[j]);
        snprintf(buf + k, sizeof buf - (size_t)k, "]");
        bad |= gzs(gz, buf);
    }
    bad |= gzs(gz, "], \"r\": [");
    for (size_t i = 0; i < c->nq && !bad; i++)
        bad |= gzfmt(gz, "%s[\"%08x\", \"%08x\", \"%08x\", \"%08x\"]", i ? ", " : "", c->r[i][0],
                     c->r[i][1], c->r[i][2], c->r[i][3]);
    bad |= gzs(gz, "]}\n");
    return bad ? -1 : 0;
}

/* Per case of the plan: which queries have an answer, and whether the
 * recorder reported an error. */
typedef struct merge_state {
    uint8_t *have;       /* one byte a query */
    size_t answered;
    char *error;
} merge_state;

static int is_hex8(const char *s, uint32_t *v)
{
    if (strlen(s) != 8 || strspn(s, "0123456789abcdefABCDEF") != 8)
        return 0;
    *v = (uint32_t)strtoul(s, NULL, 16);
    return 1;
}

/* Read the answers into the plan's cases.  0, or -1 with a message. */
static int read_answers(const char *path, hw_case *cs, long n, merge_state *ms, char *err,
                        size_t errlen)
{
    gzFile gz = gzopen(path, "rb");
    if (!gz) {
        snprintf(err, errlen, "%s: cannot open", path);
        return -1;
    }
    char line[4096];
    int lineno = 0, rc = -1;
    long last = 0;
    while (gzgets(gz, line, sizeof line)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            snprintf(err, errlen, "%s:%d: line longer than %zu characters", path, lineno,
                     sizeof line - 2);
            goto out;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (lineno == 1) {
            if (strcmp(line, "texcosim-hw-answers 1")) {
                snprintf(err, errlen, "%s:1: expected 'texcosim-hw-answers 1'", path);
                goto out;
            }
            continue;
        }
        if (!len || line[0] == '#')
            continue;
        if (!strncmp(line, "device ", 7)) {
            fprintf(stderr, "%s: %s\n", path, line);
            continue;
        }
        char *id = strtok(line, " \t"), *what = strtok(NULL, " \t");
        if (!id || !what) {
            snprintf(err, errlen, "%s:%d: expected 'ID INDEX W0 W1 W2 W3' or 'ID error TEXT'",
                     path, lineno);
            goto out;
        }
        /* Answers come in plan order: look from the last case first. */
        long ci = -1;
        for (long k = 0; k < n && ci < 0; k++)
            if (!strcmp(cs[(last + k) % n].id, id))
                ci = (last + k) % n;
        if (ci < 0) {
            snprintf(err, errlen, "%s:%d: case '%s' is not in the plan", path, lineno, id);
            goto out;
        }
        last = ci;
        hw_case *c = &cs[ci];
        if (!strcmp(what, "error")) {
            char *text = strtok(NULL, "");
            free(ms[ci].error);
            ms[ci].error = strdup(text ? text : "(no message)");
            continue;
        }
        char *end;
        errno = 0;
        unsigned long long qi = strtoull(what, &end, 10);
        uint32_t wv[4];
        int ok = !errno && !*end && *what != '-';
        for (int k = 0; k < 4 && ok; k++) {
            char *t = strtok(NULL, " \t");
            ok = t && is_hex8(t, &wv[k]);
        }
        if (!ok || strtok(NULL, " \t")) {
            snprintf(err, errlen, "%s:%d: expected 'ID INDEX W0 W1 W2 W3' (hex words)", path,
                     lineno);
            goto out;
        }
        if (qi >= c->nq) {
            snprintf(err, errlen, "%s:%d: case '%s' has %zu queries, no query %llu", path, lineno,
                     id, c->nq, qi);
            goto out;
        }
        if (ms[ci].have[qi]) {
            snprintf(err, errlen, "%s:%d: a second answer to query %llu of case '%s'", path,
                     lineno, qi, id);
            goto out;
        }
        ms[ci].have[qi] = 1;
        ms[ci].answered++;
        memcpy(c->r[qi], wv, sizeof wv);
    }
    int e;
    const char *why = gzerror(gz, &e);
    if (e != Z_OK && e != Z_STREAM_END) {
        snprintf(err, errlen, "%s: cannot read: %s", path, why);
        goto out;
    }
    if (lineno == 0) {
        snprintf(err, errlen, "%s: empty (expected 'texcosim-hw-answers 1')", path);
        goto out;
    }
    rc = 0;
out:
    gzclose(gz);
    return rc;
}

static int cmd_merge(int argc, char **argv)
{
    const char *out;
    int rc = out_and_files(argc, argv, "merge", 2, "PLAN ANSWERS -o FILE.jsonl.gz", &out);
    if (rc >= 0)
        return rc;
    char err[600];
    hw_case *cs;
    long n = hw_plan_read(argv[optind], &cs, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "texcosim hw merge: %s\n", err);
        return 2;
    }
    merge_state *ms = calloc((size_t)(n ? n : 1), sizeof *ms);
    int status = ms ? 0 : 2;
    for (long i = 0; i < n && !status; i++)
        if (!(ms[i].have = calloc(cs[i].nq ? cs[i].nq : 1, 1)))
            status = 2;
    if (status) {
        fprintf(stderr, "texcosim hw merge: out of memory\n");
    } else if (read_answers(argv[optind + 1], cs, n, ms, err, sizeof err)) {
        fprintf(stderr, "texcosim hw merge: %s\n", err);
        status = 2;
    }
    if (status == 0) {
        outfile of;
        gzFile gz = NULL;
        if (open_out(&of, "merge", out)) {
            status = 2;
        } else {
            int fd = dup(fileno(of.f));
            if (fd < 0 || !(gz = gzdopen(fd, "wb"))) {
                if (fd >= 0)
                    close(fd);
                outfile_abort(&of);
                fprintf(stderr, "texcosim hw merge: %s: %s\n", out, strerror(errno));
                status = 2;
            }
        }
        if (gz) {
            int bad = 0;
            long merged = 0;
            size_t nq = 0;
            for (long i = 0; i < n && !bad; i++) {
                if (ms[i].error) {
                    fprintf(stderr, "texcosim hw merge: case '%s' left out: the recorder "
                                    "reported: %s\n", cs[i].id, ms[i].error);
                    status = 1;
                } else if (ms[i].answered != cs[i].nq) {
                    fprintf(stderr, "texcosim hw merge: case '%s' left out: %zu of %zu "
                                    "queries answered\n", cs[i].id, ms[i].answered, cs[i].nq);
                    status = 1;
                } else {
                    bad = write_case_json(gz, &cs[i]);
                    merged++;
                    nq += cs[i].nq;
                }
            }
            bad |= gzclose(gz) != Z_OK;
            if (close_out(&of, "merge", !bad))
                status = 2;
            else
                printf("%s: %ld of %ld cases, %zu queries\n", out, merged, n, nq);
        }
    }
    for (long i = 0; ms && i < n; i++) {
        free(ms[i].have);
        free(ms[i].error);
    }
    free(ms);
    hw_plan_free(cs, n);
    return status;
}

int cmd_hw_record(int argc, char **argv)
{
    if (!strcmp(argv[0], "plan"))
        return cmd_plan(argc, argv);
    if (!strcmp(argv[0], "answer"))
        return cmd_answer(argc, argv);
    return cmd_merge(argc, argv);
}
