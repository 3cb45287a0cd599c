/*
 * fuzz.h - shared bits of the texcosim fuzz harnesses.
 *
 * Each harness defines LLVMFuzzerTestOneInput.  Built with clang
 * -fsanitize=fuzzer it is a libFuzzer binary; built with fuzz/replay.c and
 * any compiler it replays files and directories given on the command line
 * (the fallback when libFuzzer is not installed).
 */
#ifndef TX_FUZZ_H
#define TX_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property of the code under test does not hold: print and abort, so
 * that both libFuzzer and the replay driver report the input. */
#define FUZZ_CHECK(cond, ...)                                              \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "fuzz property failed: %s (%s:%d)\n  ", #cond, \
                    __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
            abort();                                                       \
        }                                                                  \
    } while (0)

#endif
