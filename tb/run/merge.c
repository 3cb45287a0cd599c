/*
 * merge.c - `texcosim merge`: the results files of several shards (or
 * several runs) become one summary, one results file and one JUnit XML, as
 * if everything had run at once.
 *
 * Records are put back in the order an unsharded run would give them: the
 * vector files in the order of the first run line that names them, then the
 * vectors by line.  Checks, each making the exit status 2:
 *
 *   - a vector (file and id) present in more than one input: the shards
 *     overlap, or a file was given twice;
 *   - an input without its final "run" line: that shard did not finish;
 *   - sharded inputs that disagree on the number of shards, give the same
 *     shard twice, or leave a shard out.
 *
 * The same input error (a bad line) reported by every shard is kept once.
 * Merging holds the records in memory (about the size of the inputs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>

#include "cli.h"
#include "outfile.h"
#include "resout.h"
#include "results.h"
#include "run.h"
#include "triage.h"

typedef struct mrec {
    res_record r;
    int src;          /* input it came from */
    long seq;         /* position in that input (keeps the sort stable) */
    int filepos;      /* rank of r.file in the merged file order */
} mrec;

typedef struct merger {
    mrec *v;
    long n, cap;
    char **files;     /* merged order of vector files */
    int nfiles;
    int status;
    double wall;
    char started[40];
    char hosts[256];
    res_record *problems;   /* merge-level errors, as "error" records */
    int nproblems;
} merger;

static int file_rank(merger *m, const char *file, int add)
{
    for (int i = 0; i < m->nfiles; i++)
        if (!strcmp(m->files[i], file))
            return i;
    if (!add)
        return -1;
    char **f = realloc(m->files, (size_t)(m->nfiles + 1) * sizeof(char *));
    if (!f)
        return -1;
    m->files = f;
    if (!(f[m->nfiles] = strdup(file)))
        return -1;
    return m->nfiles++;
}

/* Record a merge-level problem: printed, counted, and kept as an error
 * record so that the JUnit XML shows it too. */
static void problem(merger *m, const char *fmt, const char *a, const char *b, const char *c)
{
    char msg[1024];
    snprintf(msg, sizeof(msg), fmt, a, b, c);
    fprintf(stderr, "texcosim merge: %s\n", msg);
    m->status = 2;
    res_record *p = realloc(m->problems, (size_t)(m->nproblems + 1) * sizeof(*p));
    if (!p)
        return;
    m->problems = p;
    p = &p[m->nproblems++];
    memset(p, 0, sizeof(*p));
    p->type = RES_ERROR;
    p->status = RES_ERRORED;
    p->step = -1;
    p->kind = strdup("merge");
    p->message = strdup(msg);
}

static int mrec_cmp(const void *pa, const void *pb)
{
    const mrec *a = pa, *b = pb;
    if (a->filepos != b->filepos)
        return a->filepos < b->filepos ? -1 : 1;
    if (a->r.line != b->r.line)
        return a->r.line < b->r.line ? -1 : 1;
    if (a->r.type != b->r.type)
        return a->r.type < b->r.type ? -1 : 1;
    int c = strcmp(a->r.id ? a->r.id : "", b->r.id ? b->r.id : "");
    if (c)
        return c;
    if (a->src != b->src)
        return a->src < b->src ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && !strcmp(a, b));
}

/* Read one input. */
static void load(merger *m, int src, const char *path, char **shard_of)
{
    char err[600];
    const res_record *r;
    int n, last_type = -1;
    long seq = 0;
    res_reader *rd = res_open(path, err, sizeof(err));
    if (!rd) {
        problem(m, "%s", err, "", "");
        return;
    }
    while ((n = res_next(rd, &r, err, sizeof(err))) == 1) {
        last_type = r->type;
        if (r->type == RES_RUN) {
            for (int i = 0; i < r->nfiles; i++)
                file_rank(m, r->files[i], 1);
            if (r->shard && !*shard_of)
                *shard_of = strdup(r->shard);
            if (r->exit_status == 2)
                m->status = 2;
            if (r->interrupted)   /* its "interrupted" error line is kept too */
                m->status = 2;
            if (r->wall > m->wall)
                m->wall = r->wall;
            if (r->started && (!m->started[0] || strcmp(r->started, m->started) < 0))
                snprintf(m->started, sizeof(m->started), "%s", r->started);
            if (r->host && !strstr(m->hosts, r->host) &&
                strlen(m->hosts) + strlen(r->host) + 2 < sizeof(m->hosts))
                snprintf(m->hosts + strlen(m->hosts), sizeof(m->hosts) - strlen(m->hosts), "%s%s",
                         m->hosts[0] ? "," : "", r->host);
            continue;
        }
        if (m->n == m->cap) {
            long cap = m->cap ? 2 * m->cap : 256;
            mrec *v = realloc(m->v, (size_t)cap * sizeof(*v));
            if (!v) {
                problem(m, "out of memory reading %s", path, "", "");
                break;
            }
            m->v = v;
            m->cap = cap;
        }
        mrec *x = &m->v[m->n];
        if (res_copy(&x->r, r) < 0) {
            res_clear(&x->r);
            problem(m, "out of memory reading %s", path, "", "");
            break;
        }
        x->src = src;
        x->seq = seq++;
        m->n++;
    }
    if (n < 0)
        problem(m, "%s", err, "", "");
    else if (last_type != RES_RUN)
        problem(m, "%s: no closing \"run\" line: that run did not finish (killed, out of time?)",
                path, "", "");
    res_close(rd);
}

/* Shards: one N for all, every index 1..N exactly once. */
static void check_shards(merger *m, int ninputs, char **inputs, char **shard_of)
{
    int count = 0, any = 0;
    int *seen = NULL;
    for (int i = 0; i < ninputs; i++) {
        int idx, cnt;
        if (!shard_of[i])
            continue;
        any = 1;
        if (sscanf(shard_of[i], "%d/%d", &idx, &cnt) != 2 || cnt < 1 || idx < 1 || idx > cnt) {
            problem(m, "%s: bad shard '%s'", inputs[i], shard_of[i], "");
            continue;
        }
        if (!count) {
            count = cnt;
            seen = calloc((size_t)cnt + 1, sizeof(int));
            if (!seen)
                return;
            for (int k = 0; k <= cnt; k++)
                seen[k] = -1;
        } else if (cnt != count) {
            problem(m, "%s is shard %s but another input has a different number of shards (%s)",
                    inputs[i], shard_of[i], "mixed runs?");
            continue;
        }
        if (seen[idx] >= 0)
            problem(m, "shard %s is in both %s and %s", shard_of[i], inputs[seen[idx]], inputs[i]);
        else
            seen[idx] = i;
    }
    if (any && seen) {
        char missing[512] = "";
        for (int k = 1; k <= count; k++)
            if (seen[k] < 0 && strlen(missing) + 24 < sizeof(missing))
                snprintf(missing + strlen(missing), sizeof(missing) - strlen(missing), "%s%d/%d",
                         missing[0] ? ", " : "", k, count);
        if (missing[0])
            problem(m, "missing shard results: %s", missing, "", "");
    }
    free(seen);
}

int cmd_merge(int argc, char **argv)
{
    const char *results = NULL, *junit = NULL;
    int quiet = 0, ninputs = 0;
    char **inputs = calloc((size_t)argc, sizeof(char *));
    merger m;
    memset(&m, 0, sizeof(m));
    if (!inputs)
        return 2;
    static const struct option longopts[] = {
        {"results", required_argument, NULL, 'r'}, {"junit", required_argument, NULL, 'x'},
        {"quiet", no_argument, NULL, 'q'},         {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    static const char usage[] = "usage: texcosim merge RESULTS.jsonl... [--results FILE.jsonl] "
                                "[--junit FILE.xml] [-q]\n";
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc - 1, argv + 1, ":qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'r': results = optarg; break;
        case 'x': junit = optarg; break;
        case 'q': quiet = 1; break;
        case 'h':
            fputs(usage, stdout);
            free(inputs);
            return 0;
        case 'V':
            free(inputs);
            return cli_version("merge");
        default:
            fprintf(stderr, "texcosim merge: %s %s\n", c == ':' ? "missing value for" :
                    "unknown option", argv[optind]);
            fputs(usage, stderr);
            free(inputs);
            return 2;
        }
    }
    for (int i = optind + 1; i < argc; i++)
        inputs[ninputs++] = argv[i];
    /* Outputs are checked before anything is read or written. */
    {
        const char *outs[2] = {results, junit}, *names[2] = {"--results", "--junit"};
        char cerr[600];
        for (int o = 0; o < 2; o++) {
            if (!outs[o])
                continue;
            int bad = outfile_check(names[o], outs[o], cerr, sizeof(cerr)) < 0;
            if (!bad && o == 1 && results && outfile_same(results, junit)) {
                snprintf(cerr, sizeof(cerr), "--results and --junit name the same file (%s)",
                         junit);
                bad = 1;
            }
            for (int i = 0; !bad && i < ninputs; i++)
                if (outfile_same(outs[o], inputs[i])) {
                    snprintf(cerr, sizeof(cerr), "%s %s is also an input: refused (it would be "
                             "overwritten)", names[o], outs[o]);
                    bad = 1;
                }
            if (bad) {
                fprintf(stderr, "texcosim merge: %s\n", cerr);
                free(inputs);
                return 2;
            }
        }
    }
    if (ninputs == 0) {
        fprintf(stderr, "texcosim merge: no results files given\n");
        free(inputs);
        return 2;
    }

    char **shard_of = calloc((size_t)ninputs, sizeof(char *));
    if (!shard_of) {
        free(inputs);
        return 2;
    }
    for (int i = 0; i < ninputs; i++)
        load(&m, i, inputs[i], &shard_of[i]);
    check_shards(&m, ninputs, inputs, shard_of);

    /* Canonical order, then duplicates. */
    for (long k = 0; k < m.n; k++)
        m.v[k].filepos = m.v[k].r.file ? file_rank(&m, m.v[k].r.file, 1) : m.nfiles + 1;
    for (long k = 0; k < m.n; k++)
        if (!m.v[k].r.file)
            m.v[k].filepos = m.nfiles;   /* file-less errors after every file */
    qsort(m.v, (size_t)m.n, sizeof(*m.v), mrec_cmp);

    res_summary sum;
    res_out out;
    char err[600];
    long kept = 0;
    res_summary_init(&sum);
    for (int i = 0; i < m.nfiles; i++)
        res_summary_suite(&sum, m.files[i]);
    int out_failed = 0;
    int rc_out = res_out_open(&out, results, junit, err, sizeof(err));
    if (rc_out < 0) {
        fprintf(stderr, "texcosim merge: %s\n", err);
        m.status = 2;
    }
    int any_fail = 0;
    tri_buckets tri;   /* buckets again, in the merged order (triage.c) */
    tri_buckets_init(&tri, 0);
    for (long k = 0; k < m.n; k++) {
        mrec *x = &m.v[k];
        if (kept > 0) {
            mrec *p = &m.v[kept - 1];
            if (x->r.type == RES_VECTOR && p->r.type == RES_VECTOR &&
                !strcmp(x->r.file, p->r.file) && !strcmp(x->r.id, p->r.id)) {
                problem(&m, "vector %s is in both %s and %s (overlapping shards?)", x->r.id,
                        inputs[p->src], inputs[x->src]);
                res_clear(&x->r);
                continue;
            }
            if (x->r.type == RES_ERROR && p->r.type == RES_ERROR && p->src != x->src &&
                same_str(x->r.file, p->r.file) && x->r.line == p->r.line &&
                same_str(x->r.message, p->r.message)) {
                res_clear(&x->r);   /* every shard met the same bad line */
                continue;
            }
        }
        if (kept != k)
            m.v[kept] = *x;
        kept++;
    }
    m.n = kept;

    for (long k = 0; k < m.n; k++) {
        res_record *r = &m.v[k].r;
        res_summary_add(&sum, r);
        if (r->type == RES_ERROR || r->status == RES_ERRORED) {
            m.status = 2;
            fprintf(stderr, "%s\n", r->message ? r->message : "error");
        } else if (r->status != RES_PASS) {
            int first;
            any_fail = 1;
            r->bucket = tri_add(&tri, r, &first);
            if (!quiet)
                tri_print(stdout, &tri, r, r->bucket, first);
        }
        /* After the first write error nothing more is written: one message,
         * and the temporary file is removed at the end. */
        if (!out_failed && res_out_write(&out, r, err, sizeof(err)) < 0) {
            fprintf(stderr, "texcosim merge: %s\n", err);
            m.status = 2;
            out_failed = 1;
        }
    }
    for (int k = 0; k < m.nproblems; k++) {
        res_summary_add(&sum, &m.problems[k]);
        if (!out_failed && res_out_write(&out, &m.problems[k], err, sizeof(err)) < 0) {
            fprintf(stderr, "texcosim merge: %s\n", err);
            m.status = 2;
            out_failed = 1;
        }
    }
    if (m.status == 0 && any_fail)
        m.status = 1;

    char note[64];
    snprintf(note, sizeof(note), " (merged from %d results files)", ninputs);
    tri_print_table(stdout, &tri);
    tri_buckets_free(&tri);
    res_summary_print(stdout, &sum, m.wall, note);

    res_record run;
    memset(&run, 0, sizeof(run));
    run.type = RES_RUN;
    run.nfiles = m.nfiles;
    run.files = m.files;
    run.exit_status = m.status;
    run.host = m.hosts[0] ? m.hosts : NULL;
    run.started = m.started[0] ? m.started : NULL;
    run.wall = m.wall;
    if (out_failed) {
        res_out_abort(&out);   /* never leave a half-written file */
    } else if (res_out_write(&out, &run, err, sizeof(err)) < 0 ||
               res_out_close(&out, err, sizeof(err)) < 0) {
        fprintf(stderr, "texcosim merge: %s\n", err);
        res_out_abort(&out);
        m.status = 2;
    }
    fflush(stdout);

    int status = m.status;
    for (long k = 0; k < m.n; k++)
        res_clear(&m.v[k].r);
    free(m.v);
    for (int i = 0; i < m.nfiles; i++)
        free(m.files[i]);
    free(m.files);
    for (int k = 0; k < m.nproblems; k++)
        res_clear(&m.problems[k]);
    free(m.problems);
    for (int i = 0; i < ninputs; i++)
        free(shard_of[i]);
    free(shard_of);
    free(inputs);
    res_summary_free(&sum);
    return status;
}
