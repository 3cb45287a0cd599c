/*
 * shard.h - splitting a regression into N disjoint shards.
 *
 * A vector belongs to shard k (0-based) of N when
 *
 *     mix64(fnv1a64(file "\0" id)) % N == k
 *
 * where `file` is the vector file as given on the command line with any
 * leading "./" removed.  The assignment depends only on the file name and
 * the vector id: not on -j, not on the other files of the command line, not
 * on the machine, and a vector keeps its shard when vectors are added or
 * removed elsewhere.  Every shard of one regression must be given the same
 * file names (the same spelling of the paths).
 *
 * The command line is 1-based like Playwright's (`--shard 1/4` .. `4/4`);
 * `--shard auto` reads a scheduler's array variables (docs/regression.md).
 */
#ifndef TX_SHARD_H
#define TX_SHARD_H

#include <stddef.h>
#include <stdint.h>

typedef struct shard_spec {
    int index;          /* 0-based */
    int count;          /* number of shards; 0 = not sharded */
    char source[200];   /* where the numbers came from, for the log */
} shard_spec;

/*
 * Fill *s from the argument of --shard: "I/N" (1 <= I <= N) or "auto".
 * `count_opt` is the value of --shard-count (0 when not given); it supplies
 * or checks the number of shards for `auto`.  Returns 0, or -1 with a message
 * in err.
 */
int shard_parse(const char *arg, long count_opt, shard_spec *s, char *err, size_t errlen);

/* The stable hash of a vector (exposed for tests and documentation). */
uint64_t shard_hash(const char *file, const char *id);

/* 1 when the vector belongs to this shard (always 1 when not sharded). */
int shard_selects(const shard_spec *s, const char *file, const char *id);

#endif
