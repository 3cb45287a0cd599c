/*
 * vec_clone.h - a copy of a vector that outlives its reader (clone.c).
 */
#ifndef TX_VEC_CLONE_H
#define TX_VEC_CLONE_H

#include "vector.h"

/* A deep copy of v (steps, texts, expectations, moves, initial state);
 * NULL when out of memory.  vec_apply takes it like any vector. */
tx_vector *vec_clone(const tx_vector *v);
void vec_clone_free(tx_vector *v);

#endif
