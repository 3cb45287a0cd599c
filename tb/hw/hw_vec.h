/*
 * hw_vec.h - write a hardware case's warps as lockstep vectors, so the RTL
 * runs the conformance cases too (`texcosim hw --vectors DIR`, `make hw-rtl`).
 */
#ifndef TX_HW_VEC_H
#define TX_HW_VEC_H

#include <stddef.h>

#include "hw_job.h"

typedef struct hw_vec_writer hw_vec_writer;

/* DIR/<case id>.jsonl; 0, or -1 with a message. */
int hw_vec_open(hw_vec_writer **w, const char *dir, const hw_case *c, const hw_job *j,
                char *err, size_t errlen);
/* Add one warp (a step of the current vector; a new vector when it is full). */
int hw_vec_warp(hw_vec_writer *w, const hw_warp *wp, char *err, size_t errlen);
/* Finish: write the file when commit is set and a warp was added, else drop
 * it; frees w. */
int hw_vec_close(hw_vec_writer *w, int commit, char *err, size_t errlen);

#endif
