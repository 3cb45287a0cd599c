/*
 * hw.h - `texcosim hw`: the conformance suite against recorded answers of
 * texture hardware (docs/conformance.md).
 */
#ifndef TX_HW_H
#define TX_HW_H

int cmd_hw(int argc, char **argv);

#endif
