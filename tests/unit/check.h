/*
 * check.h - the unit tests' assertion macros.  Each test program prints one
 * line per failed check and ends with "<name>: N passed, M failed"; it exits
 * 1 if any check failed.  tests/run collects the counts.
 */
#ifndef TX_CHECK_H
#define TX_CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int check_pass, check_fail;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (cond) {                                                          \
            check_pass++;                                                    \
        } else {                                                             \
            check_fail++;                                                    \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                      \
            printf(__VA_ARGS__);                                             \
            printf("\n");                                                    \
        }                                                                    \
    } while (0)

#define CHECK_EQ_U64(got, want, what)                                        \
    CHECK((uint64_t)(got) == (uint64_t)(want), "%s: got 0x%" PRIx64          \
          ", want 0x%" PRIx64, (what), (uint64_t)(got), (uint64_t)(want))

#define CHECK_STR(got, want, what)                                           \
    CHECK(strcmp((got), (want)) == 0, "%s: got \"%s\", want \"%s\"", (what), \
          (got), (want))

/* The binary32 bit pattern of f, and the float of a bit pattern. */
static inline uint32_t f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static inline float bits_f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static inline int check_done(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, check_pass, check_fail);
    return check_fail ? 1 : 0;
}

#endif
