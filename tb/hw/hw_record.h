/*
 * hw_record.h - recording a GPU's texture answers (docs/conformance.md,
 * "Recording your own hardware"):
 *
 *   texcosim hw plan [--seed N] [--groups G,...|all] [--max-queries N] -o DIR
 *   texcosim hw answer PLAN -o ANSWERS      (the model stands in for the GPU)
 *   texcosim hw merge PLAN ANSWERS -o FILE.jsonl.gz
 *
 * hw/record.cu runs a plan on a GPU and writes the answers that merge reads.
 */
#ifndef TX_HW_RECORD_H
#define TX_HW_RECORD_H

/* 1 when `texcosim hw WORD` names one of the commands above. */
int hw_record_is_cmd(const char *word);
/* argv[0] is the command word. */
int cmd_hw_record(int argc, char **argv);

#endif
