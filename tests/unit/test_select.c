/*
 * test_select.c - vector selection (tb/run/select.c: --vector ids and globs,
 * --tag, -k expressions) and the reader's "tags" member and gzip input
 * (tb/vector/gzin.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "check.h"
#include "select.h"
#include "vector.h"

static int m(const selection *s, const char *id, int ntags, ...)
{
    const char *tags[8];
    va_list ap;
    va_start(ap, ntags);
    for (int i = 0; i < ntags; i++)
        tags[i] = va_arg(ap, const char *);
    va_end(ap);
    return sel_match(s, id, tags, ntags);
}

static selection *expr(const char *e)
{
    char err[300];
    selection *s = sel_new();
    if (sel_set_expr(s, e, err, sizeof(err)) < 0) {
        printf("FAIL parse '%s': %s\n", e, err);
        check_fail++;
    }
    return s;
}

static void bad_expr(const char *e, const char *want)
{
    char err[300] = "";
    selection *s = sel_new();
    CHECK(sel_set_expr(s, e, err, sizeof(err)) < 0 && strstr(err, want),
          "-k '%s' should fail with '%s', got '%s'", e, want, err);
    sel_free(s);
}

static const char line1[] =
    "{\"texcosim\": 1, \"id\": \"a1\", \"tags\": [\"tex\", \"seed\"], \"steps\": "
    "[{\"sass\": \"TLDS.LZ RZ, R4, R2, R3, 0x2, 2D, RG\"}]}\n"
    "{\"texcosim\": 1, \"id\": \"b2\", \"steps\": [{\"sass\": \"TLDS.LZ RZ, R4, R2, R3, 0x2, 2D, RG\"}]}\n";

int main(void)
{
    char err[300];
    selection *s;

    /* --vector: ids, comma lists, globs, repeats. */
    s = sel_new();
    CHECK(sel_add_vectors(s, "t2d-*,cube", err, sizeof(err)) == 0, "%s", err);
    CHECK(sel_add_vectors(s, "x?", err, sizeof(err)) == 0, "%s", err);
    CHECK(m(s, "t2d-mip", 0) && m(s, "cube", 0) && m(s, "x1", 0), "ids and globs match");
    CHECK(!m(s, "cube2", 0) && !m(s, "t1d", 0) && !m(s, "x12", 0), "others do not");
    CHECK(sel_single_id(s) == NULL, "globs are not a single id");
    CHECK(strstr(sel_text(s), "--vector t2d-*,cube") != NULL, "text: %s", sel_text(s));
    sel_free(s);
    s = sel_new();
    sel_add_vectors(s, "only", err, sizeof(err));
    CHECK(sel_single_id(s) && !strcmp(sel_single_id(s), "only"), "single id");
    CHECK(sel_add_vectors(s, "a,,b", err, sizeof(err)) < 0 && strstr(err, "empty item"), "%s", err);
    CHECK(sel_add_vectors(s, "", err, sizeof(err)) < 0, "empty value refused");
    sel_free(s);

    /* --tag: any of the tags, exact. */
    s = sel_new();
    sel_add_tags(s, "smoke,tex", err, sizeof(err));
    CHECK(m(s, "v", 2, "seed", "tex") && m(s, "v", 1, "smoke"), "tag hit");
    CHECK(!m(s, "v", 1, "texture") && !m(s, "smoke", 0), "tags are exact and not ids");
    sel_free(s);

    /* -k: precedence not > and > or, parentheses, case, tags. */
    s = expr("t2d and not mip");
    CHECK(m(s, "T2D-lod", 0) && !m(s, "t2d-mip", 0) && !m(s, "t1d", 0), "and not");
    sel_free(s);
    s = expr("a or b and c");
    CHECK(m(s, "a", 0) && !m(s, "b", 0) && m(s, "bc", 0), "and binds tighter than or");
    sel_free(s);
    s = expr("(a or b) and c");
    CHECK(!m(s, "a", 0) && m(s, "ac", 0) && m(s, "bc", 0), "parentheses");
    sel_free(s);
    s = expr("not not seed");
    CHECK(m(s, "x", 1, "seed") && !m(s, "x", 1, "smoke"), "words match tags");
    sel_free(s);
    s = expr("  ((cube))  ");
    CHECK(m(s, "tex-CUBE-1", 0), "nested parentheses, blanks");
    sel_free(s);
    bad_expr("a and", "at the end");
    bad_expr("a b", "unexpected 'b'");
    bad_expr("(a or b", "expected ')'");
    bad_expr("or a", "got 'or'");
    bad_expr("a )", "unexpected ')'");
    bad_expr("", "empty");
    {
        char deep[400];
        memset(deep, '(', 300);
        strcpy(deep + 300, "a");
        bad_expr(deep, "nested too deeply");
    }
    s = expr("a");
    CHECK(sel_set_expr(s, "b", err, sizeof(err)) < 0 && strstr(err, "twice"), "-k twice");
    /* All kinds at once: and of the kinds. */
    sel_add_tags(s, "seed", err, sizeof(err));
    CHECK(m(s, "a1", 1, "seed") && !m(s, "a1", 0) && !m(s, "b1", 1, "seed"), "kinds combine");
    sel_free(s);
    CHECK(sel_match(NULL, "x", NULL, 0), "no selection: everything");

    /* Tags and gzip through the reader. */
    char dir[] = "/tmp/test_select.XXXXXX";
    if (!mkdtemp(dir)) {
        printf("FAIL mkdtemp\n");
        return 1;
    }
    char path[300], plain[300];
    snprintf(path, sizeof(path), "%s/v.jsonl.gz", dir);
    snprintf(plain, sizeof(plain), "%s/p.jsonl.gz", dir);
    gzFile gz = gzopen(path, "wb");
    gzwrite(gz, line1, (unsigned)strlen(line1));
    gzclose(gz);
    vec_error verr;
    const tx_vector *v;
    vec_reader *r = vec_open(path, &verr);
    CHECK(r != NULL, "open gz: %s", verr.text);
    if (r) {
        CHECK(vec_next(r, &v, &verr) == 1 && !strcmp(v->id, "a1") && v->ntags == 2 &&
              !strcmp(v->tags[0], "tex") && !strcmp(v->tags[1], "seed"), "gz vector 1 tags");
        CHECK(vec_next(r, &v, &verr) == 1 && !strcmp(v->id, "b2") && v->ntags == 0,
              "gz vector 2 without tags");
        CHECK(vec_next(r, &v, &verr) == 0, "end of gz file");
        vec_close(r);
    }
    /* Cut short: an error, not a short file. */
    FILE *f = fopen(path, "rb");
    unsigned char buf[4096];
    size_t n = fread(buf, 1, sizeof(buf), f);
    fclose(f);
    f = fopen(path, "wb");
    fwrite(buf, 1, n - 12, f);
    fclose(f);
    r = vec_open(path, &verr);
    int rc = 1;
    while (r && (rc = vec_next(r, &v, &verr)) == 1)
        ;
    CHECK(rc < 0 && strstr(verr.text, "gzip"), "truncated gzip: rc %d '%s'", rc, verr.text);
    vec_close(r);
    /* Not gzip at all. */
    f = fopen(plain, "wb");
    fputs(line1, f);
    fclose(f);
    r = vec_open(plain, &verr);
    CHECK(r == NULL && strstr(verr.text, "not gzip"), "plain .gz: '%s'", verr.text);
    vec_close(r);
    unlink(path);
    unlink(plain);
    rmdir(dir);

    printf("test_select: %d passed, %d failed\n", check_pass, check_fail);
    return check_fail != 0;
}
