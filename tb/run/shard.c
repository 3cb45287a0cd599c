/*
 * shard.c - shard numbers from the command line or a scheduler's job-array
 * variables, and the stable vector-to-shard hash.
 *
 * Variables read by `--shard auto`, in this order (the first family present
 * wins; docs/regression.md explains each):
 *
 *   TEST_SHARD_INDEX, TEST_TOTAL_SHARDS          Bazel-style, 0-based
 *   SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_MIN, _MAX, _STEP, _COUNT
 *   LSB_JOBINDEX with LSB_JOBINDEX_END, LSB_JOBINDEX_STEP   (array [1-N])
 *   JOB_COMPLETION_INDEX with --shard-count or TEXCOSIM_SHARD_COUNT
 *                                                (Kubernetes Indexed Job)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shard.h"

/* Largest shard count accepted; far above any real array. */
#define SHARD_MAX 1000000L

/* Parse a whole decimal number in [lo, hi].  Returns 0 or -1. */
static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    if (!s || !*s)
        return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* An environment variable as a number: 1 found, 0 absent, -1 not a number
 * (message in err). */
static int env_long(const char *name, long lo, long hi, long *out, char *err, size_t errlen)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return 0;
    if (parse_long(v, lo, hi, out) < 0) {
        snprintf(err, errlen, "--shard auto: %s='%s' is not a number in %ld..%ld", name, v, lo, hi);
        return -1;
    }
    return 1;
}

/* Common end of every source: check and store. */
static int shard_set(shard_spec *s, long index, long count, long count_opt, char *err,
                     size_t errlen)
{
    if (count_opt > 0 && count_opt != count) {
        snprintf(err, errlen,
                 "--shard auto: %s gives %ld shards but --shard-count says %ld",
                 s->source, count, count_opt);
        return -1;
    }
    if (count < 1 || count > SHARD_MAX || index < 0 || index >= count) {
        snprintf(err, errlen, "--shard auto: %s: shard index %ld is outside 0..%ld", s->source,
                 index, count - 1);
        return -1;
    }
    s->index = (int)index;
    s->count = (int)count;
    return 0;
}

static int from_bazel(shard_spec *s, long count_opt, char *err, size_t errlen)
{
    long idx, total;
    int a = env_long("TEST_SHARD_INDEX", 0, SHARD_MAX, &idx, err, errlen);
    int b = env_long("TEST_TOTAL_SHARDS", 1, SHARD_MAX, &total, err, errlen);
    if (a < 0 || b < 0)
        return -1;
    if (!b) {
        snprintf(err, errlen, "--shard auto: TEST_SHARD_INDEX is set but TEST_TOTAL_SHARDS is not");
        return -1;
    }
    snprintf(s->source, sizeof(s->source), "TEST_SHARD_INDEX=%ld TEST_TOTAL_SHARDS=%ld", idx, total);
    return shard_set(s, idx, total, count_opt, err, errlen);
}

/*
 * Slurm: any evenly stepped range works (--array=0-7, --array=1-8,
 * --array=0-14:2); an index list with gaps (--array=1,2,5) does not, because
 * the shard number could not be derived from the task id alone.
 */
static int from_slurm(shard_spec *s, long count_opt, char *err, size_t errlen)
{
    long id, min = 0, max = -1, step = 1, count = 0;
    int hmin, hmax, hstep, hcount;
    if (env_long("SLURM_ARRAY_TASK_ID", 0, 1L << 40, &id, err, errlen) < 0 ||
        (hmin = env_long("SLURM_ARRAY_TASK_MIN", 0, 1L << 40, &min, err, errlen)) < 0 ||
        (hmax = env_long("SLURM_ARRAY_TASK_MAX", 0, 1L << 40, &max, err, errlen)) < 0 ||
        (hstep = env_long("SLURM_ARRAY_TASK_STEP", 1, 1L << 40, &step, err, errlen)) < 0 ||
        (hcount = env_long("SLURM_ARRAY_TASK_COUNT", 1, SHARD_MAX, &count, err, errlen)) < 0)
        return -1;
    (void)hstep;
    snprintf(s->source, sizeof(s->source), "SLURM_ARRAY_TASK_ID=%ld (min %ld, step %ld)", id, min,
             step);
    if (!hmin && hmax) {
        snprintf(err, errlen, "--shard auto: SLURM_ARRAY_TASK_MAX is set without SLURM_ARRAY_TASK_MIN");
        return -1;
    }
    if (hmax) {
        if (max < min) {
            snprintf(err, errlen, "--shard auto: SLURM_ARRAY_TASK_MAX=%ld is below SLURM_ARRAY_TASK_MIN=%ld",
                     max, min);
            return -1;
        }
        long span = (max - min) / step + 1;
        if (hcount && span != count) {
            snprintf(err, errlen,
                     "--shard auto: the Slurm array is not one evenly stepped range "
                     "(min %ld, max %ld, step %ld, but %ld tasks); submit --array=0-%ld",
                     min, max, step, count, count - 1);
            return -1;
        }
        count = span;
    } else if (!hcount) {
        if (count_opt <= 0) {
            snprintf(err, errlen,
                     "--shard auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT "
                     "nor SLURM_ARRAY_TASK_MAX is; give --shard-count N");
            return -1;
        }
        count = count_opt;
    }
    if (id < min || (id - min) % step) {
        snprintf(err, errlen,
                 "--shard auto: SLURM_ARRAY_TASK_ID=%ld is not in the range that starts at %ld "
                 "with step %ld", id, min, step);
        return -1;
    }
    return shard_set(s, (id - min) / step, count, count_opt, err, errlen);
}

/*
 * LSF: LSB_JOBINDEX is 0 for a job that is not part of an array.  LSF has no
 * variable for the first index of the array, so the array must start at 1:
 * bsub -J "name[1-N]".
 */
static int from_lsf(shard_spec *s, long count_opt, char *err, size_t errlen)
{
    long idx, end = 0, step = 1, count;
    int hend;
    if (env_long("LSB_JOBINDEX", 0, 1L << 40, &idx, err, errlen) < 0 ||
        (hend = env_long("LSB_JOBINDEX_END", 1, 1L << 40, &end, err, errlen)) < 0 ||
        env_long("LSB_JOBINDEX_STEP", 1, 1L << 40, &step, err, errlen) < 0)
        return -1;
    snprintf(s->source, sizeof(s->source), "LSB_JOBINDEX=%ld (end %ld, step %ld)", idx, end, step);
    if (idx == 0) {
        snprintf(err, errlen,
                 "--shard auto: LSB_JOBINDEX=0: this LSF job is not part of a job array "
                 "(submit with bsub -J \"name[1-N]\")");
        return -1;
    }
    if (hend)
        count = (end - 1) / step + 1;
    else if (count_opt > 0)
        count = count_opt;
    else {
        snprintf(err, errlen, "--shard auto: LSB_JOBINDEX is set but LSB_JOBINDEX_END is not; "
                              "give --shard-count N");
        return -1;
    }
    if ((idx - 1) % step) {
        snprintf(err, errlen,
                 "--shard auto: LSB_JOBINDEX=%ld is not in an array [1-N:%ld] (the array must "
                 "start at 1)", idx, step);
        return -1;
    }
    return shard_set(s, (idx - 1) / step, count, count_opt, err, errlen);
}

static int from_k8s(shard_spec *s, long count_opt, char *err, size_t errlen)
{
    long idx, count = count_opt;
    if (env_long("JOB_COMPLETION_INDEX", 0, SHARD_MAX, &idx, err, errlen) < 0)
        return -1;
    if (count <= 0) {
        int h = env_long("TEXCOSIM_SHARD_COUNT", 1, SHARD_MAX, &count, err, errlen);
        if (h < 0)
            return -1;
        if (!h) {
            snprintf(err, errlen,
                     "--shard auto: JOB_COMPLETION_INDEX=%ld is set but the number of shards is "
                     "not known; give --shard-count N or set TEXCOSIM_SHARD_COUNT "
                     "(= spec.completions)", idx);
            return -1;
        }
        count_opt = 0;   /* it came from the environment: nothing to check */
    }
    snprintf(s->source, sizeof(s->source), "JOB_COMPLETION_INDEX=%ld", idx);
    return shard_set(s, idx, count, count_opt, err, errlen);
}

int shard_parse(const char *arg, long count_opt, shard_spec *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof(*s));
    if (strcmp(arg, "auto") != 0) {
        const char *slash = strchr(arg, '/');
        long i, n;
        char left[32];
        size_t len = slash ? (size_t)(slash - arg) : 0;
        if (!slash || len == 0 || len >= sizeof(left)) {
            snprintf(err, errlen, "--shard '%s': expected I/N (1-based, e.g. 2/4) or auto", arg);
            return -1;
        }
        memcpy(left, arg, len);
        left[len] = 0;
        if (parse_long(slash + 1, 1, SHARD_MAX, &n) < 0 || parse_long(left, 1, n, &i) < 0) {
            snprintf(err, errlen, "--shard '%s': expected I/N with 1 <= I <= N (1-based, e.g. 2/4)",
                     arg);
            return -1;
        }
        if (count_opt > 0 && count_opt != n) {
            snprintf(err, errlen, "--shard %s disagrees with --shard-count %ld", arg, count_opt);
            return -1;
        }
        s->index = (int)(i - 1);
        s->count = (int)n;
        snprintf(s->source, sizeof(s->source), "--shard %s", arg);
        return 0;
    }
    if (getenv("TEST_SHARD_INDEX") && *getenv("TEST_SHARD_INDEX"))
        return from_bazel(s, count_opt, err, errlen);
    if (getenv("SLURM_ARRAY_TASK_ID") && *getenv("SLURM_ARRAY_TASK_ID"))
        return from_slurm(s, count_opt, err, errlen);
    if (getenv("LSB_JOBINDEX") && *getenv("LSB_JOBINDEX"))
        return from_lsf(s, count_opt, err, errlen);
    if (getenv("JOB_COMPLETION_INDEX") && *getenv("JOB_COMPLETION_INDEX"))
        return from_k8s(s, count_opt, err, errlen);
    snprintf(err, errlen,
             "--shard auto: no job-array variables found (looked for TEST_SHARD_INDEX, "
             "SLURM_ARRAY_TASK_ID, LSB_JOBINDEX, JOB_COMPLETION_INDEX); use --shard I/N");
    return -1;
}

/* FNV-1a over the bytes, then a 64-bit finalizer so that the low bits (used
 * by the modulo) depend on every input byte. */
static uint64_t fnv1a(uint64_t h, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

uint64_t shard_hash(const char *file, const char *id)
{
    while (file[0] == '.' && file[1] == '/')
        file += 2;
    uint64_t h = 0xcbf29ce484222325ULL;
    h = fnv1a(h, file, strlen(file) + 1);   /* the NUL separates file and id */
    h = fnv1a(h, id, strlen(id));
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

int shard_selects(const shard_spec *s, const char *file, const char *id)
{
    if (s->count <= 1)
        return 1;
    return shard_hash(file, id) % (uint64_t)s->count == (uint64_t)s->index;
}
