/*
 * hw_plan.h - plans for recording a GPU's texture answers (docs/conformance.md,
 * "Recording your own hardware").
 *
 * A plan is a list of cases (hw_case, hw_case.h) without answers: the
 * textures, samplers and queries of groups like the recorded ones, drawn from
 * a seed.  hw/record.cu reads a plan, runs every query on a GPU and writes the
 * answers; `texcosim hw merge` joins plan and answers into the case format
 * that `texcosim hw` runs.
 *
 * The plan is line-oriented text that a small C++ program reads with fscanf:
 *
 *   texcosim-hw-plan 1
 *   case ID GROUP
 *   tex KIND FMT W H D LAYERS LEVELS
 *   samp ADDR_U ADDR_V ADDR_W FILTER MIP SRGB NORM SEAMLESS TRILIN_OPT_OFF ANISO
 *        BORDER_R BORDER_G BORDER_B BORDER_A BIAS MINCLAMP MAXCLAMP    (one line)
 *   surf SIZE BOUNDARY                        (instead of samp: a surface case)
 *   level L NBYTES                            (then NBYTES as hex, 64 a line)
 *   queries N                                 (then N lines: KIND LAYER C0 .. C7)
 *   end
 *
 * Floats and query words are 8-digit hex bit patterns.
 */
#ifndef TX_HW_PLAN_H
#define TX_HW_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hw_case.h"

/* The groups a plan can hold, in the order `--groups all` writes them. */
extern const char *const hw_plan_groups[];
extern const int hw_plan_ngroups;

/* The cases of one group, drawn from seed; queries per case are cut to at
 * most max_q (0: no cut) by keeping evenly spaced ones.  Returns the number
 * of cases (*out, freed with hw_plan_free), or -1 for an unknown group. */
long hw_plan_group(const char *group, uint64_t seed, size_t max_q, hw_case **out);
void hw_plan_free(hw_case *cs, long n);

/* Write one case in the plan format (the header line is the caller's:
 * hw_plan_write_header).  0, or -1 on a write error. */
int hw_plan_write_header(FILE *f);
int hw_plan_write_case(FILE *f, const hw_case *c);

/* Read a plan (plain or gzip text).  Returns the number of cases (*out), or
 * -1 with "PATH:LINE: what" in err. */
long hw_plan_read(const char *path, hw_case **out, char *err, size_t errlen);

#endif
