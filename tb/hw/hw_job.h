/*
 * hw_job.h - a recorded hardware case mapped onto the texture unit: the
 * texture header (TIC) and sampler (TSC) words, the texels in block-linear
 * memory, and the queries packed into warps of TEX (or SULD) instructions
 * (docs/conformance.md gives the mapping of every CUDA setting).
 *
 * The conformance runner (hw.c) executes the warps on the model and compares
 * the lanes with the hardware's answers; the vector writer (hw_vec.c) writes
 * the same warps as lockstep vectors so the RTL runs them too.
 */
#ifndef TX_HW_JOB_H
#define TX_HW_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "hw_case.h"

#define HW_TIC_BASE 0x10000ull     /* header pool (index 0) */
#define HW_TSC_BASE 0x20000ull     /* sampler pool (index 0) */
#define HW_TEX_BASE 0x1000000ull   /* the texture's first byte */
#define HW_RD 0                    /* results in R0..R3 */
#define HW_RA 4                    /* coordinates from R4 */
#define HW_RB 8                    /* LOD operand in R8 */
#define HW_NREGS 12                /* registers a warp sets (R0..R11) */

typedef struct hw_job {
    const hw_case *c;
    uint32_t tic[8], tsc[8];
    uint8_t *image;          /* the texture's memory from HW_TEX_BASE */
    size_t image_len;
    int skip;                /* 1: not run (reason in why) */
    const char *why;
} hw_job;

/* One warp: the instruction and each lane's registers; lane L answers query
 * q[L] (-1: the lane has no query of its own, e.g. a quad helper lane). */
typedef struct hw_warp {
    char sass[96];           /* with Ra = HW_RA, Rb = HW_RB */
    char op[40];             /* the instruction and its modifiers */
    char tail[24];           /* the operands after Ra / Rb */
    int surf;                /* SULD: Ra is written [Ra] */
    int rb;                  /* an Rb operand (the LOD) is read */
    int pixel;               /* pixel-shader threads (implicit LOD from quads) */
    uint32_t regs[32][HW_NREGS];
    long q[32];
    int ncomp;               /* result registers to compare (R0..) */
} hw_warp;

/* Map a case; 0, or -1 with a message (the case cannot be mapped at all).
 * A case whose queries are all of a kind the unit cannot run yet is mapped
 * with skip set. */
int hw_job_init(hw_job *j, const hw_case *c, char *err, size_t errlen);
void hw_job_free(hw_job *j);

/* Warps in turn: *pos starts at 0; returns 1 and fills w while queries are
 * left, 0 at the end.  Queries of a kind the unit cannot run are passed over
 * (counted in *skipped). */
int hw_job_next_warp(const hw_job *j, size_t *pos, hw_warp *w, size_t *skipped);

/* What a run of the warps hands back, once per warp: got[l] holds lane l's
 * four result words as `texcosim hw` compares them (zeros when the step did
 * not complete OK; U8 and U16 surface loads cut to their bytes).  0 goes on,
 * -1 stops the run (the callback fills err). */
typedef int (*hw_warp_fn)(void *ctx, const hw_warp *w, const uint32_t got[32][4], char *err,
                          size_t errlen);

/* Run every warp of the job on a fresh model (texmodel.h): header, sampler
 * and texels loaded as the job maps them.  Queries passed over are counted in
 * *skipped.  0, or -1 with a message. */
int hw_job_run_model(const hw_job *j, hw_warp_fn fn, void *ctx, size_t *skipped, char *err,
                     size_t errlen);

/* The instruction with the coordinates in Ra.. and the LOD in Rb. */
void hw_warp_text(const hw_warp *w, int ra, int rb, char *buf, size_t n);

/* Distance in units in the last place between two answers of a component:
 * binary32 order for float results, integer difference otherwise; 0 when the
 * bits are equal. */
uint64_t hw_ulp(uint32_t a, uint32_t b, int is_float);
/* 1 when the case's answers are binary32 (not integers or raw bytes). */
int hw_job_float(const hw_job *j);

#endif
