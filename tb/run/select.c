/*
 * select.c - vector selection for `texcosim run` (select.h).
 *
 * The -k expression is parsed once, when the options are read, into a small
 * array of nodes; a syntax error is a usage error before anything runs.
 * Grammar (pytest's -k, without its function-call forms):
 *
 *     expr := and ("or" and)*
 *     and  := not ("and" not)*
 *     not  := "not" not | "(" expr ")" | WORD
 *
 * A WORD is a run of characters other than blanks and parentheses; it is
 * true when it is a substring of the id or of one of the tags, compared
 * without regard to case.
 */
#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"

enum { N_WORD, N_NOT, N_AND, N_OR };

typedef struct node {
    int op;
    int a, b;          /* operand nodes */
    char *word;        /* N_WORD, lower case */
} node;

struct selection {
    char **pats;       /* --vector ids and globs */
    int npats;
    char **tags;       /* --tag */
    int ntags;
    node *nodes;       /* -k */
    int nnodes, root;
    char *text;        /* for messages */
};

selection *sel_new(void)
{
    selection *s = calloc(1, sizeof(*s));
    if (s)
        s->root = -1;
    return s;
}

void sel_free(selection *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->npats; i++)
        free(s->pats[i]);
    for (int i = 0; i < s->ntags; i++)
        free(s->tags[i]);
    for (int i = 0; i < s->nnodes; i++)
        free(s->nodes[i].word);
    free(s->pats);
    free(s->tags);
    free(s->nodes);
    free(s->text);
    free(s);
}

/* Append "what arg" to the text the messages quote. */
static int note(selection *s, const char *what, const char *arg)
{
    size_t old = s->text ? strlen(s->text) : 0;
    size_t n = old + strlen(what) + strlen(arg) + 4;
    char *t = realloc(s->text, n);
    if (!t)
        return -1;
    snprintf(t + old, n - old, "%s%s %s", old ? " " : "", what, arg);
    s->text = t;
    return 0;
}

/* Split a comma list into *arr; empty items are refused. */
static int add_list(char ***arr, int *n, const char *arg, const char *opt, char *err,
                    size_t errlen)
{
    const char *p = arg;
    if (!*arg) {
        snprintf(err, errlen, "%s: empty value", opt);
        return -1;
    }
    for (;;) {
        const char *c = strchr(p, ',');
        size_t len = c ? (size_t)(c - p) : strlen(p);
        if (len == 0) {
            snprintf(err, errlen, "%s '%s': empty item in the list", opt, arg);
            return -1;
        }
        char **a = realloc(*arr, (size_t)(*n + 1) * sizeof(char *));
        if (!a || !(a[*n] = strndup(p, len))) {
            if (a)
                *arr = a;
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        *arr = a;
        (*n)++;
        if (!c)
            break;
        p = c + 1;
    }
    return 0;
}

int sel_add_vectors(selection *s, const char *arg, char *err, size_t errlen)
{
    if (add_list(&s->pats, &s->npats, arg, "--vector", err, errlen) < 0)
        return -1;
    return note(s, "--vector", arg);
}

int sel_add_tags(selection *s, const char *arg, char *err, size_t errlen)
{
    if (add_list(&s->tags, &s->ntags, arg, "--tag", err, errlen) < 0)
        return -1;
    return note(s, "--tag", arg);
}

/* ---- -k expressions ------------------------------------------------------- */

typedef struct parser {
    selection *s;
    const char *p;       /* next character */
    const char *start;
    char tok[256];       /* current token; "" at the end */
    int tokpos;          /* its column (0-based) */
    char *err;
    size_t errlen;
    int depth;
} parser;

static void next_tok(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t')
        ps->p++;
    ps->tokpos = (int)(ps->p - ps->start);
    if (*ps->p == '(' || *ps->p == ')') {
        ps->tok[0] = *ps->p++;
        ps->tok[1] = 0;
        return;
    }
    size_t n = 0;
    while (*ps->p && *ps->p != ' ' && *ps->p != '\t' && *ps->p != '(' && *ps->p != ')') {
        if (n + 1 < sizeof(ps->tok))
            ps->tok[n++] = *ps->p;
        ps->p++;
    }
    ps->tok[n] = 0;
}

static int is_kw(const parser *ps, const char *kw)
{
    return !strcmp(ps->tok, kw);
}

static int fail(parser *ps, const char *what)
{
    /* A long expression is quoted in part, so that the reason always fits. */
    snprintf(ps->err, ps->errlen, "-k '%.60s%s': column %d: %s", ps->start,
             strlen(ps->start) > 60 ? "..." : "", ps->tokpos + 1, what);
    return -1;
}

static int add_node(parser *ps, int op, int a, int b, const char *word)
{
    selection *s = ps->s;
    node *n = realloc(s->nodes, (size_t)(s->nnodes + 1) * sizeof(node));
    if (!n)
        return fail(ps, "out of memory");
    s->nodes = n;
    n[s->nnodes].op = op, n[s->nnodes].a = a, n[s->nnodes].b = b, n[s->nnodes].word = NULL;
    if (word) {
        char *w = strdup(word);
        if (!w)
            return fail(ps, "out of memory");
        for (char *q = w; *q; q++)
            *q = (char)tolower((unsigned char)*q);
        n[s->nnodes].word = w;
    }
    return s->nnodes++;
}

static int p_or(parser *ps);

static int p_not(parser *ps)
{
    if (++ps->depth > 100)
        return fail(ps, "expression nested too deeply");
    int r;
    if (is_kw(ps, "not")) {
        next_tok(ps);
        int a = p_not(ps);
        r = a < 0 ? -1 : add_node(ps, N_NOT, a, -1, NULL);
    } else if (is_kw(ps, "(")) {
        next_tok(ps);
        r = p_or(ps);
        if (r >= 0) {
            if (!is_kw(ps, ")"))
                r = fail(ps, "expected ')'");
            else
                next_tok(ps);
        }
    } else if (!ps->tok[0]) {
        r = fail(ps, "expected a word, 'not' or '(' at the end of the expression");
    } else if (is_kw(ps, ")") || is_kw(ps, "and") || is_kw(ps, "or")) {
        char m[300];
        snprintf(m, sizeof(m), "expected a word, 'not' or '(', got '%s'", ps->tok);
        r = fail(ps, m);
    } else {
        r = add_node(ps, N_WORD, -1, -1, ps->tok);
        next_tok(ps);
    }
    ps->depth--;
    return r;
}

static int p_and(parser *ps)
{
    int a = p_not(ps);
    while (a >= 0 && is_kw(ps, "and")) {
        next_tok(ps);
        int b = p_not(ps);
        a = b < 0 ? -1 : add_node(ps, N_AND, a, b, NULL);
    }
    return a;
}

static int p_or(parser *ps)
{
    int a = p_and(ps);
    while (a >= 0 && is_kw(ps, "or")) {
        next_tok(ps);
        int b = p_and(ps);
        a = b < 0 ? -1 : add_node(ps, N_OR, a, b, NULL);
    }
    return a;
}

int sel_set_expr(selection *s, const char *expr, char *err, size_t errlen)
{
    parser ps = {s, expr, expr, "", 0, err, errlen, 0};
    if (s->root >= 0) {
        snprintf(err, errlen, "-k given twice: combine the expressions with 'and' or 'or'");
        return -1;
    }
    next_tok(&ps);
    if (!ps.tok[0]) {
        snprintf(err, errlen, "-k: empty expression");
        return -1;
    }
    int r = p_or(&ps);
    if (r < 0)
        return -1;
    if (ps.tok[0]) {
        char m[300];
        snprintf(m, sizeof(m), "unexpected '%s' (join words with 'and' or 'or')", ps.tok);
        return fail(&ps, m);
    }
    s->root = r;
    return note(s, "-k", expr);
}

/* Case-insensitive substring test; w is lower case already. */
static int contains(const char *hay, const char *w)
{
    size_t n = strlen(w);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && tolower((unsigned char)hay[i]) == w[i])
            i++;
        if (i == n)
            return 1;
    }
    return n == 0;
}

static int eval(const selection *s, int k, const char *id, const char *const *tags, int ntags)
{
    const node *n = &s->nodes[k];
    switch (n->op) {
    case N_NOT: return !eval(s, n->a, id, tags, ntags);
    case N_AND: return eval(s, n->a, id, tags, ntags) && eval(s, n->b, id, tags, ntags);
    case N_OR: return eval(s, n->a, id, tags, ntags) || eval(s, n->b, id, tags, ntags);
    default:
        if (contains(id, n->word))
            return 1;
        for (int i = 0; i < ntags; i++)
            if (contains(tags[i], n->word))
                return 1;
        return 0;
    }
}

int sel_match(const selection *s, const char *id, const char *const *tags, int ntags)
{
    if (!s)
        return 1;
    if (s->npats) {
        int hit = 0;
        for (int i = 0; i < s->npats && !hit; i++)
            hit = !strcmp(s->pats[i], id) || fnmatch(s->pats[i], id, 0) == 0;
        if (!hit)
            return 0;
    }
    if (s->ntags) {
        int hit = 0;
        for (int i = 0; i < s->ntags && !hit; i++)
            for (int t = 0; t < ntags && !hit; t++)
                hit = !strcmp(s->tags[i], tags[t]);
        if (!hit)
            return 0;
    }
    if (s->root >= 0 && !eval(s, s->root, id, tags, ntags))
        return 0;
    return 1;
}

const char *sel_single_id(const selection *s)
{
    if (!s || s->npats != 1 || s->ntags || s->root >= 0 || strpbrk(s->pats[0], "*?[\\"))
        return NULL;
    return s->pats[0];
}

const char *sel_text(const selection *s)
{
    return s && s->text ? s->text : "";
}
