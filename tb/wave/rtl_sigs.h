/*
 * rtl_sigs.h - the RTL signals under tx_top that the Verilated model traces,
 * with their bit ranges, from a table generated at build time
 * (scripts/gen-rtl-sigs reads the model's trace declarations).
 *
 * The wave view names buses "x[msb:lsb]" and needs each width; without the
 * FST reader (Verilator 5.050 and later ship none) this table gives them.
 */
#ifndef TX_RTL_SIGS_H
#define TX_RTL_SIGS_H

#include <stddef.h>

typedef struct rtl_sig {
    const char *name;   /* relative to tx_top: "u_header.state_q" */
    int msb, lsb;       /* bit range when ranged */
    int ranged;         /* 0: a single bit, traced without a range */
} rtl_sig;

extern const rtl_sig rtl_sigs[];
extern const size_t rtl_nsigs;

/* The width of signal rel (relative to tx_top), 0 when the model does not
 * trace it.  msb and lsb (either may be NULL) get its range; a plain bit
 * gets 0 and 0 and *ranged 0. */
int rtl_sig_width(const char *rel, int *msb, int *lsb, int *ranged);

#endif
