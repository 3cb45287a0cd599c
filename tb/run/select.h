/*
 * select.h - which vectors a run takes: `--vector` (ids and fnmatch globs,
 * repeatable and comma separated), `--tag` (any of the tags) and `-k` (a
 * pytest-like expression of substrings with and, or, not and parentheses,
 * matched without regard to case against the id and the tags).  A vector is
 * selected when every given kind of selector selects it.
 */
#ifndef TX_SELECT_H
#define TX_SELECT_H

#include <stddef.h>

typedef struct selection selection;

selection *sel_new(void);
void sel_free(selection *s);

/* Each returns 0, or -1 with a message in err (a usage error, status 2). */
int sel_add_vectors(selection *s, const char *arg, char *err, size_t errlen);
int sel_add_tags(selection *s, const char *arg, char *err, size_t errlen);
int sel_set_expr(selection *s, const char *expr, char *err, size_t errlen);

/* The one id when the selection is exactly one plain --vector id (no glob,
 * no tag, no -k), else NULL: such a run keeps its old messages. */
const char *sel_single_id(const selection *s);

int sel_match(const selection *s, const char *id, const char *const *tags, int ntags);

/* The selection as the user wrote it, for "no vector selected" messages. */
const char *sel_text(const selection *s);

#endif
