/*
 * coverage.h - `texcosim coverage FILE...`: functional coverage of vector
 * files.  Every step is decoded and executed on the model (with taps), and
 * bins of encodings, texture state, corner cases and values are counted per
 * instruction.  Bins and the report are described in docs/coverage.md.
 */
#ifndef TX_COVERAGE_H
#define TX_COVERAGE_H

int cmd_coverage(int argc, char **argv);

#endif
