/*
 * results.c - result records as JSON lines, and the summary table.
 *
 * Records are built and parsed with json-c, which takes care of escaping.
 * Members are written in a fixed order so that two runs of the same vectors
 * give files that differ only in their timings.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <json.h>

#include "results.h"

static const char *const status_names[] = {"pass", "fail", "hang", "error"};

const char *res_status_name(int status)
{
    if (status < 0 || status > RES_ERRORED)
        return "error";
    return status_names[status];
}

void res_clear(res_record *r)
{
    free(r->file);
    free(r->id);
    free(r->kind);
    free(r->message);
    free(r->shard);
    free(r->reproduce);
    free(r->group);
    free(r->report);
    free(r->wave_fst);
    free(r->wave_gtkw);
    for (int i = 0; i < r->nfiles; i++)
        free(r->files[i]);
    free(r->files);
    free(r->host);
    free(r->started);
    free(r->interrupted);
    free(r->signature);
    free(r->symptom);
    free(r->failure);
    free(r->stopped_early);
    memset(r, 0, sizeof(*r));
    r->step = -1;
}

/* strdup that keeps NULL as NULL; *bad is set when memory runs out. */
static char *dup_or_null(const char *s, int *bad)
{
    if (!s)
        return NULL;
    char *d = strdup(s);
    if (!d)
        *bad = 1;
    return d;
}

int res_copy(res_record *dst, const res_record *src)
{
    int bad = 0;
    *dst = *src;
    dst->file = dup_or_null(src->file, &bad);
    dst->id = dup_or_null(src->id, &bad);
    dst->kind = dup_or_null(src->kind, &bad);
    dst->message = dup_or_null(src->message, &bad);
    dst->shard = dup_or_null(src->shard, &bad);
    dst->reproduce = dup_or_null(src->reproduce, &bad);
    dst->group = dup_or_null(src->group, &bad);
    dst->report = dup_or_null(src->report, &bad);
    dst->wave_fst = dup_or_null(src->wave_fst, &bad);
    dst->wave_gtkw = dup_or_null(src->wave_gtkw, &bad);
    dst->host = dup_or_null(src->host, &bad);
    dst->started = dup_or_null(src->started, &bad);
    dst->interrupted = dup_or_null(src->interrupted, &bad);
    dst->signature = dup_or_null(src->signature, &bad);
    dst->symptom = dup_or_null(src->symptom, &bad);
    dst->failure = dup_or_null(src->failure, &bad);
    dst->stopped_early = dup_or_null(src->stopped_early, &bad);
    dst->files = NULL;
    dst->nfiles = 0;
    if (src->nfiles > 0) {
        dst->files = calloc((size_t)src->nfiles, sizeof(char *));
        if (!dst->files)
            bad = 1;
        else
            for (int i = 0; i < src->nfiles; i++, dst->nfiles++)
                dst->files[i] = dup_or_null(src->files[i], &bad);
    }
    return bad ? -1 : 0;
}

/* ---------------------------------------------------------------------------
 * Writing.
 */

static void put_str(json_object *o, const char *key, const char *s)
{
    json_object_object_add(o, key, s ? json_object_new_string(s) : NULL);
}

static void put_int(json_object *o, const char *key, int64_t v)
{
    json_object_object_add(o, key, json_object_new_int64(v));
}

/* Seconds are rounded to microseconds to keep the lines short. */
static void put_secs(json_object *o, const char *key, double v)
{
    char text[48];
    snprintf(text, sizeof(text), "%.6f", v);
    json_object_object_add(o, key, json_object_new_double_s(v, text));
}

/* The report as an array of lines, at most RES_REPORT_LINES of them; a last
 * element says how many lines were left out. */
static json_object *report_lines(const char *text)
{
    json_object *a = json_object_new_array();
    int n = 0;
    const char *p = text;
    while (p && *p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (n == RES_REPORT_LINES) {
            int rest = 0;
            for (const char *q = p; *q; q++)
                rest += *q == '\n';
            char note[64];
            snprintf(note, sizeof(note), "... (%d more lines)", rest ? rest : 1);
            json_object_array_add(a, json_object_new_string(note));
            break;
        }
        json_object_array_add(a, json_object_new_string_len(p, (int)len));
        n++;
        p = nl ? nl + 1 : p + len;
    }
    return a;
}

int res_write(FILE *f, const res_record *r, int wire)
{
    json_object *o = json_object_new_object();
    if (!o)
        return -1;
    if (r->type == RES_RUN) {
        put_str(o, "type", "run");
        if (wire)
            put_int(o, "seq", r->seq);
        json_object *fa = json_object_new_array();
        for (int i = 0; i < r->nfiles; i++)
            json_object_array_add(fa, json_object_new_string(r->files[i]));
        json_object_object_add(o, "files", fa);
        put_str(o, "shard", r->shard);
        put_int(o, "exit_status", r->exit_status);
        put_int(o, "selected", r->selected);
        if (r->interrupted)
            put_str(o, "interrupted", r->interrupted);
        if (r->stopped_early)
            put_str(o, "stopped_early", r->stopped_early);
        put_str(o, "host", r->host);
        put_str(o, "started", r->started);
        put_secs(o, "seconds", r->wall);
    } else if (r->type == RES_ERROR) {
        put_str(o, "type", "error");
        if (wire)
            put_int(o, "seq", r->seq);
        put_str(o, "file", r->file);
        put_str(o, "id", r->id);
        put_int(o, "line", r->line);
        put_str(o, "status", "error");
        put_str(o, "kind", r->kind);
        put_str(o, "message", r->message);
        put_str(o, "shard", r->shard);
    } else {
        put_str(o, "type", "vector");
        if (wire)
            put_int(o, "seq", r->seq);
        put_str(o, "file", r->file);
        put_str(o, "id", r->id);
        put_int(o, "line", r->line);
        put_int(o, "index", r->index);
        put_str(o, "status", res_status_name(r->status));
        put_str(o, "kind", r->kind);
        put_str(o, "message", r->message ? r->message : "");
        json_object_object_add(o, "step", r->step >= 0 ? json_object_new_int(r->step) : NULL);
        put_int(o, "steps", r->steps);
        put_int(o, "nsteps", r->nsteps);
        put_int(o, "cycles", (int64_t)r->cycles);
        put_int(o, "sim_cycles", (int64_t)r->sim_cycles);
        /* ---- header cache ---- */
        json_object *hc = json_object_new_object();
        put_int(hc, "lookups", (int64_t)r->hc_lookups);
        put_int(hc, "hits", (int64_t)r->hc_hits);
        json_object_object_add(o, "hdr_cache", hc);
        put_secs(o, "seconds", r->seconds);
        json_object *t = json_object_new_object();
        put_secs(t, "rtl", r->rtl_s);
        put_secs(t, "model", r->model_s);
        put_secs(t, "compare", r->compare_s);
        json_object_object_add(o, "time", t);
        json_object *tb = json_object_new_object();
        put_int(tb, "mem_latency", (int64_t)r->latency);
        put_int(tb, "mem_jitter", (int64_t)r->jitter);
        put_int(tb, "backpressure", (int64_t)r->backpressure);
        put_int(tb, "seed", (int64_t)r->seed);
        put_int(tb, "watchdog", (int64_t)r->watchdog);
        json_object_object_add(tb, "rtl_only", json_object_new_boolean(r->rtl_only));
        json_object_object_add(o, "tb", tb);
        put_str(o, "shard", r->shard);
        put_str(o, "reproduce", r->reproduce);
        if (r->group)
            put_str(o, "group", r->group);
        if (r->wave_fst) {
            put_str(o, "wave_fst", r->wave_fst);
            put_str(o, "wave_gtkw", r->wave_gtkw);
        }
        /* Triage: the bucket key, the symptom, the bucket and the structured failure. */
        if (r->signature) {
            put_str(o, "signature", r->signature);
            if (r->symptom && *r->symptom)
                put_str(o, "symptom", r->symptom);
            if (r->bucket > 0)
                put_int(o, "bucket", r->bucket);
        }
        if (r->failure) {
            json_object *fo = json_tokener_parse(r->failure);
            if (fo && json_object_is_type(fo, json_type_object))
                json_object_object_add(o, "failure", fo);
            else
                json_object_put(fo);
        }
        if (wire)
            put_str(o, "report_text", r->report ? r->report : "");
        else
            json_object_object_add(o, "report", report_lines(r->report));
    }
    const char *s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
                                                          JSON_C_TO_STRING_NOSLASHESCAPE);
    int rc = fprintf(f, "%s\n", s) < 0 ? -1 : 0;
    json_object_put(o);
    return rc;
}

/* ---------------------------------------------------------------------------
 * Parsing.
 */

static int get_str(json_object *o, const char *key, char **out, int *bad)
{
    json_object *m;
    if (!json_object_object_get_ex(o, key, &m) || !m)
        return 0;
    if (!json_object_is_type(m, json_type_string))
        return -1;
    *out = strdup(json_object_get_string(m));
    if (!*out)
        *bad = 1;
    return 0;
}

/* A count, line, step or cycle number: a non-negative JSON integer. */
static int get_num(json_object *o, const char *key, int64_t *out)
{
    json_object *m;
    if (!json_object_object_get_ex(o, key, &m) || !m)
        return 0;
    if (!json_object_is_type(m, json_type_int))
        return -1;
    int64_t v = json_object_get_int64(m);
    if (v < 0)
        return -1;
    *out = v;
    return 0;
}

static int get_dbl(json_object *o, const char *key, double *out)
{
    json_object *m;
    if (!json_object_object_get_ex(o, key, &m) || !m)
        return 0;
    if (!json_object_is_type(m, json_type_int) && !json_object_is_type(m, json_type_double))
        return -1;
    *out = json_object_get_double(m);
    return 0;
}

/* Join the "report" array (or take "report_text") into one string. */
static int get_report(json_object *o, res_record *r, int *bad)
{
    json_object *m;
    if (json_object_object_get_ex(o, "report_text", &m) && m)
        return get_str(o, "report_text", &r->report, bad);
    if (!json_object_object_get_ex(o, "report", &m) || !m)
        return 0;
    if (!json_object_is_type(m, json_type_array))
        return -1;
    size_t n = json_object_array_length(m), len = 1;
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(m, i);
        if (!e || !json_object_is_type(e, json_type_string))
            return -1;   /* results files come from other machines: trust nothing */
        len += strlen(json_object_get_string(e)) + 1;
    }
    r->report = malloc(len);
    if (!r->report) {
        *bad = 1;
        return 0;
    }
    r->report[0] = 0;
    for (size_t i = 0; i < n; i++) {
        strcat(r->report, json_object_get_string(json_object_array_get_idx(m, i)));
        strcat(r->report, "\n");
    }
    return 0;
}

int res_parse(const char *line, res_record *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof(*r));
    r->step = -1;
    json_tokener *tok = json_tokener_new();
    if (!tok) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    json_object *o = json_tokener_parse_ex(tok, line, (int)strlen(line));
    enum json_tokener_error je = json_tokener_get_error(tok);
    json_tokener_free(tok);
    if (!o || je != json_tokener_success || !json_object_is_type(o, json_type_object)) {
        snprintf(err, errlen, "not a JSON object%s%s", o ? "" : ": ",
                 o ? "" : json_tokener_error_desc(je));
        json_object_put(o);
        return -1;
    }
    int bad = 0, wrong = 0;
    char *type = NULL, *status = NULL;
    int64_t n;
    json_object *m;

    wrong |= get_str(o, "type", &type, &bad);
    if (!type || !strcmp(type, "vector"))
        r->type = RES_VECTOR;
    else if (!strcmp(type, "error"))
        r->type = RES_ERROR;
    else if (!strcmp(type, "run"))
        r->type = RES_RUN;
    else {
        snprintf(err, errlen, "unknown record type '%s'", type);
        free(type);
        json_object_put(o);
        return -1;
    }
    free(type);

    wrong |= get_str(o, "file", &r->file, &bad);
    wrong |= get_str(o, "id", &r->id, &bad);
    n = 0, wrong |= get_num(o, "line", &n), r->line = (long)n;
    n = 0, wrong |= get_num(o, "index", &n), r->index = (long)n;
    n = 0, wrong |= get_num(o, "seq", &n), r->seq = (long)n;
    wrong |= get_str(o, "kind", &r->kind, &bad);
    wrong |= get_str(o, "message", &r->message, &bad);
    n = -1, wrong |= get_num(o, "step", &n), r->step = (int)n;
    n = 0, wrong |= get_num(o, "steps", &n), r->steps = (long)n;
    n = 0, wrong |= get_num(o, "nsteps", &n), r->nsteps = (long)n;
    n = 0, wrong |= get_num(o, "cycles", &n), r->cycles = (uint64_t)n;
    n = 0, wrong |= get_num(o, "sim_cycles", &n), r->sim_cycles = (uint64_t)n;
    if (json_object_object_get_ex(o, "hdr_cache", &m) && m && json_object_is_type(m, json_type_object)) {
        n = 0, wrong |= get_num(m, "lookups", &n), r->hc_lookups = (uint64_t)n;
        n = 0, wrong |= get_num(m, "hits", &n), r->hc_hits = (uint64_t)n;
    }
    wrong |= get_dbl(o, "seconds", r->type == RES_RUN ? &r->wall : &r->seconds);
    if (json_object_object_get_ex(o, "time", &m) && m && json_object_is_type(m, json_type_object)) {
        wrong |= get_dbl(m, "rtl", &r->rtl_s);
        wrong |= get_dbl(m, "model", &r->model_s);
        wrong |= get_dbl(m, "compare", &r->compare_s);
    }
    if (json_object_object_get_ex(o, "tb", &m) && m && json_object_is_type(m, json_type_object)) {
        json_object *b;
        n = 0, wrong |= get_num(m, "mem_latency", &n), r->latency = (uint64_t)n;
        n = 0, wrong |= get_num(m, "mem_jitter", &n), r->jitter = (uint64_t)n;
        n = 0, wrong |= get_num(m, "backpressure", &n), r->backpressure = (uint64_t)n;
        n = 0, wrong |= get_num(m, "seed", &n), r->seed = (uint64_t)n;
        n = 0, wrong |= get_num(m, "watchdog", &n), r->watchdog = (uint64_t)n;
        if (json_object_object_get_ex(m, "rtl_only", &b) && b)
            r->rtl_only = json_object_get_boolean(b);
    }
    wrong |= get_str(o, "shard", &r->shard, &bad);
    wrong |= get_str(o, "reproduce", &r->reproduce, &bad);
    wrong |= get_str(o, "group", &r->group, &bad);
    wrong |= get_str(o, "wave_fst", &r->wave_fst, &bad);
    wrong |= get_str(o, "wave_gtkw", &r->wave_gtkw, &bad);
    wrong |= get_report(o, r, &bad);
    wrong |= get_str(o, "host", &r->host, &bad);
    wrong |= get_str(o, "started", &r->started, &bad);
    n = 0, wrong |= get_num(o, "exit_status", &n), r->exit_status = (int)n;
    n = 0, wrong |= get_num(o, "selected", &n), r->selected = (long)n;
    wrong |= get_str(o, "interrupted", &r->interrupted, &bad);
    wrong |= get_str(o, "stopped_early", &r->stopped_early, &bad);
    /* Triage members: kept as they are (merge passes them on). */
    wrong |= get_str(o, "signature", &r->signature, &bad);
    wrong |= get_str(o, "symptom", &r->symptom, &bad);
    n = 0, wrong |= get_num(o, "bucket", &n), r->bucket = (int)n;
    if (json_object_object_get_ex(o, "failure", &m) && m) {
        if (!json_object_is_type(m, json_type_object))
            wrong = 1;
        else if (!(r->failure = strdup(json_object_to_json_string_ext(m, JSON_C_TO_STRING_PLAIN))))
            bad = 1;
    }

    wrong |= get_str(o, "status", &status, &bad);
    r->status = RES_ERRORED;
    if (r->type == RES_VECTOR) {
        int known = 0;
        for (int i = 0; status && i <= RES_ERRORED; i++)
            if (!strcmp(status, status_names[i]))
                r->status = i, known = 1;
        if (!status || !r->file || !r->id) {
            snprintf(err, errlen, "a vector record needs file, id and status");
            wrong = 1;
        } else if (!known) {
            snprintf(err, errlen, "unknown status '%.40s' (pass, fail, hang or error)", status);
            wrong = 1;
        }
    }
    free(status);

    if (r->type == RES_RUN && json_object_object_get_ex(o, "files", &m) && m &&
        json_object_is_type(m, json_type_array)) {
        size_t nf = json_object_array_length(m);
        r->files = calloc(nf ? nf : 1, sizeof(char *));
        if (!r->files)
            bad = 1;
        for (size_t i = 0; r->files && i < nf; i++) {
            r->files[i] = strdup(json_object_get_string(json_object_array_get_idx(m, i)));
            r->nfiles++;
        }
    }
    json_object_put(o);
    if (bad) {
        snprintf(err, errlen, "out of memory");
        res_clear(r);
        return -1;
    }
    if (wrong) {
        if (!strstr(err, "needs") && !strstr(err, "unknown status"))
            snprintf(err, errlen, "a member has the wrong type or a negative number");
        res_clear(r);
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------------------
 * Reading a file.
 */

struct res_reader {
    FILE *f;
    char *path;
    char *buf;
    size_t cap;
    long lineno;
    res_record rec;
};

res_reader *res_open(const char *path, char *err, size_t errlen)
{
    res_reader *rd = calloc(1, sizeof(*rd));
    if (!rd) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    rd->f = fopen(path, "r");
    rd->path = strdup(path);
    if (!rd->f || !rd->path) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        res_close(rd);
        return NULL;
    }
    return rd;
}

int res_next(res_reader *rd, const res_record **r, char *err, size_t errlen)
{
    for (;;) {
        ssize_t n = getline(&rd->buf, &rd->cap, rd->f);
        if (n < 0)
            return 0;
        rd->lineno++;
        while (n > 0 && (rd->buf[n - 1] == '\n' || rd->buf[n - 1] == '\r'))
            rd->buf[--n] = 0;
        if (n == 0)
            continue;
        char why[256] = "";
        res_clear(&rd->rec);
        if (res_parse(rd->buf, &rd->rec, why, sizeof(why)) < 0) {
            snprintf(err, errlen, "%s:%ld: %s", rd->path, rd->lineno, why);
            return -1;
        }
        *r = &rd->rec;
        return 1;
    }
}

void res_close(res_reader *rd)
{
    if (!rd)
        return;
    if (rd->f)
        fclose(rd->f);
    res_clear(&rd->rec);
    free(rd->buf);
    free(rd->path);
    free(rd);
}

/* ---------------------------------------------------------------------------
 * Summary table.
 */

void res_summary_init(res_summary *s)
{
    memset(s, 0, sizeof(*s));
}

void res_summary_free(res_summary *s)
{
    for (int i = 0; i < s->nsuites; i++)
        free(s->suites[i].file);
    free(s->suites);
    memset(s, 0, sizeof(*s));
}

int res_summary_suite(res_summary *s, const char *file)
{
    /* Searched from the end: records of one file arrive together. */
    for (int i = s->nsuites - 1; i >= 0; i--)
        if (!strcmp(s->suites[i].file, file))
            return i;
    if (s->nsuites == s->cap) {
        int cap = s->cap ? 2 * s->cap : 16;
        res_suite *n = realloc(s->suites, (size_t)cap * sizeof(*n));
        if (!n)
            return -1;
        s->suites = n;
        s->cap = cap;
    }
    res_suite *t = &s->suites[s->nsuites];
    memset(t, 0, sizeof(*t));
    t->file = strdup(file);
    if (!t->file)
        return -1;
    return s->nsuites++;
}

void res_summary_add(res_summary *s, const res_record *r)
{
    if (r->type == RES_RUN)
        return;
    int i = r->file ? res_summary_suite(s, r->file) : -1;
    if (r->type == RES_ERROR) {
        if (i >= 0)
            s->suites[i].errors++;
        else
            s->errors_other++;
        return;
    }
    if (i < 0)
        return;
    res_suite *t = &s->suites[i];
    t->vectors++;
    t->steps += r->steps;
    t->seconds += r->seconds;
    if (r->status == RES_PASS)
        t->passed++;
    else if (r->status == RES_ERRORED)
        t->errors++;
    else
        t->failed++;
    s->cycles += r->sim_cycles;
    s->rtl_s += r->rtl_s;
    s->model_s += r->model_s;
    s->compare_s += r->compare_s;
    s->vec_s += r->seconds;
}

void res_summary_print(FILE *f, const res_summary *s, double wall, const char *note)
{
    long tv = 0, ts = 0, tp = 0, tf = 0, te = s->errors_other;
    fprintf(f, "\n%-48s %8s %8s %8s %8s %7s %9s\n", "suite", "vectors", "steps", "passed",
            "failed", "errors", "time(s)");
    for (int i = 0; i < s->nsuites; i++) {
        const res_suite *t = &s->suites[i];
        fprintf(f, "%-48s %8ld %8ld %8ld %8ld %7ld %9.2f\n", t->file, t->vectors, t->steps,
                t->passed, t->failed, t->errors, t->seconds);
        tv += t->vectors, ts += t->steps, tp += t->passed, tf += t->failed, te += t->errors;
    }
    fprintf(f, "%-48s %8ld %8ld %8ld %8ld %7ld %9.2f\n", "total", tv, ts, tp, tf, te, s->vec_s);
    fprintf(f, "%ld instructions, %" PRIu64 " cycles in %.2f s: %.0f instructions/s, %.0f cycles/s\n",
            ts, s->cycles, wall, wall > 0 ? ts / wall : 0.0, wall > 0 ? s->cycles / wall : 0.0);
    double setup = s->vec_s - s->rtl_s - s->model_s - s->compare_s;
    setup = (setup > 0 ? setup : 0.0) + s->parse_s;
    fprintf(f, "time: rtl %.3f s, model %.3f s, compare %.3f s, parse and setup %.3f s%s\n",
            s->rtl_s, s->model_s, s->compare_s, setup, note);
}
