/*
 * junit.c - JUnit XML from a results file.
 *
 * The results file is read twice: once to count each suite (the counts are
 * attributes of the <testsuite> start tag) and once to write the testcases.
 * Memory stays bounded by the number of vector files, not of vectors.  A
 * results file written by `run` or `merge` has the records of each vector
 * file together; should the records of one file be scattered (a hand-made
 * file), the file is read once more per suite instead.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "junit.h"
#include "cli.h"
#include "outfile.h"
#include "results.h"

/* Write s with the five XML special characters escaped.  Control characters
 * that XML 1.0 does not allow become '?'. */
static void xml_put(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
                fputc('?', f);
            else
                fputc(c, f);
        }
    }
}

static void xml_attr(FILE *f, const char *name, const char *value)
{
    fprintf(f, " %s=\"", name);
    xml_put(f, value ? value : "");
    fputc('"', f);
}

static void property(FILE *f, const char *name, const char *value)
{
    fputs("        <property", f);
    xml_attr(f, "name", name);
    xml_attr(f, "value", value);
    fputs("/>\n", f);
}

/* One "name: value" line of a testcase's <system-out>. */
static void sysout(FILE *f, const char *name, const char *value)
{
    xml_put(f, name);
    fputs(": ", f);
    xml_put(f, value);
    fputc('\n', f);
}

static void sysout_u64(FILE *f, const char *name, uint64_t v)
{
    char b[32];
    snprintf(b, sizeof(b), "%" PRIu64, v);
    sysout(f, name, b);
}

/* One <testcase>. */
static void testcase(FILE *f, const res_record *r)
{
    char name[160];
    const char *cls = r->file ? r->file : "texcosim";
    if (r->id)
        snprintf(name, sizeof(name), "%s", r->id);
    else if (r->line > 0)
        snprintf(name, sizeof(name), "line %ld", r->line);
    else if (r->kind && !strcmp(r->kind, "interrupted"))
        snprintf(name, sizeof(name), "(interrupted)");
    else
        snprintf(name, sizeof(name), "(file)");

    fputs("    <testcase", f);
    xml_attr(f, "classname", cls);
    xml_attr(f, "name", name);
    fprintf(f, " time=\"%.6f\">\n", r->type == RES_VECTOR ? r->seconds : 0.0);


    int is_error = r->type == RES_ERROR || r->status == RES_ERRORED;
    if (is_error || r->status == RES_FAIL || r->status == RES_HANG) {
        const char *tag = is_error ? "error" : "failure";
        fprintf(f, "      <%s", tag);
        xml_attr(f, "message", r->message);
        xml_attr(f, "type", r->kind ? r->kind : res_status_name(r->status));
        fputs(">", f);
        xml_put(f, r->report && *r->report ? r->report : r->message);
        fprintf(f, "</%s>\n", tag);
    }
    /* junit-10.xsd allows <properties> only in a <testsuite>, so what belongs
     * to one vector (line, settings, steps, cycles) goes to its system-out as
     * "name: value" lines; the reproduce line stays the last.  Only failures
     * and errors get one: it is what reproduces them, and for a passing
     * vector it only made the file large (700 KB for 1,593 vectors); the
     * results file has every vector's settings. */
    if (!is_error && r->status != RES_FAIL && r->status != RES_HANG) {
        fputs("    </testcase>\n", f);
        return;
    }
    fputs("      <system-out>", f);
    if (r->file)
        sysout(f, "file", r->file);
    sysout_u64(f, "line", (uint64_t)(r->line > 0 ? r->line : 0));
    if (r->type == RES_VECTOR) {
        sysout_u64(f, "random_seed", r->seed);
        sysout_u64(f, "mem_latency", r->latency);
        sysout_u64(f, "mem_jitter", r->jitter);
        sysout_u64(f, "backpressure", r->backpressure);
        sysout_u64(f, "watchdog", r->watchdog);
        if (r->rtl_only)
            sysout(f, "rtl_only", "true");
        sysout_u64(f, "steps", (uint64_t)r->steps);
        sysout_u64(f, "cycles", r->cycles);
    }
    if (r->shard)
        sysout(f, "shard", r->shard);
    if (r->reproduce)
        sysout(f, "reproduce", r->reproduce);
    fputs("</system-out>\n", f);
    fputs("    </testcase>\n", f);
}

/* Per-suite counts for the start tags. */
typedef struct suite_count {
    long tests, failures, errors;
    double time;
} suite_count;

int junit_write(const char *xml, const char *results, char *err, size_t errlen)
{
    res_summary sum;
    suite_count *cnt = NULL;
    int ncnt = 0, scattered = 0, last = -1, rc = -1;
    long tot_tests = 0, tot_fail = 0, tot_err = 0;
    double tot_time = 0;
    char started[64] = "", hosts[256] = "";
    const res_record *r;
    res_reader *rd;
    FILE *f = NULL;
    outfile of;
    int n;

    memset(&of, 0, sizeof(of));

    res_summary_init(&sum);

    /* Pass 1: suites in order of first appearance, counts, run data. */
    if (!(rd = res_open(results, err, errlen)))
        goto out;
    while ((n = res_next(rd, &r, err, errlen)) == 1) {
        if (r->type == RES_RUN) {
            if (r->started && (!started[0] || strcmp(r->started, started) < 0))
                snprintf(started, sizeof(started), "%s", r->started);
            if (r->host && !strstr(hosts, r->host) &&
                strlen(hosts) + strlen(r->host) + 2 < sizeof(hosts))
                snprintf(hosts + strlen(hosts), sizeof(hosts) - strlen(hosts), "%s%s",
                         hosts[0] ? "," : "", r->host);
            continue;
        }
        int i = res_summary_suite(&sum, r->file ? r->file : "texcosim");
        if (i < 0)
            goto oom;
        if (i >= ncnt) {
            suite_count *c = realloc(cnt, (size_t)(i + 1) * sizeof(*c));
            if (!c)
                goto oom;
            cnt = c;
            memset(&cnt[ncnt], 0, (size_t)(i + 1 - ncnt) * sizeof(*c));
            ncnt = i + 1;
        }
        if (i != last && i < sum.nsuites - 1)
            scattered = 1;   /* an earlier suite came back */
        last = i;
        cnt[i].tests++;
        if (r->type == RES_ERROR || r->status == RES_ERRORED)
            cnt[i].errors++;
        else if (r->status != RES_PASS)
            cnt[i].failures++;
        if (r->type == RES_VECTOR)
            cnt[i].time += r->seconds;
    }
    res_close(rd);
    rd = NULL;
    if (n < 0)
        goto out;
    for (int i = 0; i < ncnt; i++) {
        tot_tests += cnt[i].tests, tot_fail += cnt[i].failures, tot_err += cnt[i].errors;
        tot_time += cnt[i].time;
    }
    /* JUnit timestamps carry no time zone: drop the "Z" of UTC. */
    if (started[0] && started[strlen(started) - 1] == 'Z')
        started[strlen(started) - 1] = 0;
    if (!hosts[0]) {
        if (gethostname(hosts, sizeof(hosts) - 1) != 0)
            snprintf(hosts, sizeof(hosts), "localhost");
        hosts[sizeof(hosts) - 1] = 0;
    }

    if (outfile_open(&of, xml, err, errlen) < 0)
        goto out;
    f = of.f;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"texcosim\" tests=\"%ld\" failures=\"%ld\" errors=\"%ld\" "
               "time=\"%.6f\">\n", tot_tests, tot_fail, tot_err, tot_time);

    /* Pass 2 (once, or once per suite when the records are scattered). */
    for (int s = 0; s < (scattered ? sum.nsuites : 1); s++) {
        int open_suite = -1;
        if (!(rd = res_open(results, err, errlen)))
            goto out;
        while ((n = res_next(rd, &r, err, errlen)) == 1) {
            if (r->type == RES_RUN)
                continue;
            int i = res_summary_suite(&sum, r->file ? r->file : "texcosim");
            if (scattered && i != s)
                continue;
            if (i != open_suite) {
                if (open_suite >= 0)
                    fputs("  </testsuite>\n", f);
                open_suite = i;
                fputs("  <testsuite", f);
                xml_attr(f, "name", sum.suites[i].file);
                fprintf(f, " tests=\"%ld\" failures=\"%ld\" errors=\"%ld\" skipped=\"0\" "
                           "time=\"%.6f\"", cnt[i].tests, cnt[i].failures, cnt[i].errors,
                        cnt[i].time);
                xml_attr(f, "timestamp", started[0] ? started : "1970-01-01T00:00:00");
                xml_attr(f, "hostname", hosts);
                fputs(">\n", f);
                /* Run-level properties, where the schema allows them. */
                fputs("    <properties>\n", f);
                property(f, "texcosim_version", texcosim_version());
                property(f, "file", sum.suites[i].file);
                property(f, "started", started[0] ? started : "");
                property(f, "hostname", hosts);
                fputs("    </properties>\n", f);
            }
            testcase(f, r);
        }
        res_close(rd);
        rd = NULL;
        if (n < 0)
            goto out;
        if (open_suite >= 0)
            fputs("  </testsuite>\n", f);
    }
    fputs("</testsuites>\n", f);
    f = NULL;
    if (outfile_commit(&of, err, errlen) < 0)
        goto out;
    rc = 0;
    goto out;
oom:
    snprintf(err, errlen, "out of memory writing %s", xml);
out:
    if (rd)
        res_close(rd);
    outfile_abort(&of);
    free(cnt);
    res_summary_free(&sum);
    return rc;
}
