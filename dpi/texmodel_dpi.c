/*
 * texmodel_dpi.c - the C side of dpi/texmodel_dpi.sv: DPI-C functions over
 * the public model interface (texmodel.h).
 *
 * DPI passes a chandle as void *, int as int32_t, int unsigned as uint32_t
 * and longint unsigned as uint64_t (IEEE 1800-2017 annex H); each function
 * here converts and calls texmodel_*.  A NULL handle is refused with the
 * neutral value, never dereferenced.  Some flows (FuseSoC's Verilator
 * backend) compile every listed source as C++: the functions keep C names.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "texmodel.h"

#define M ((texmodel *)m)

#ifdef __cplusplus
extern "C" {
#endif

void *tm_new(void) { return texmodel_new(); }
void tm_free(void *m) { texmodel_free(M); }
void tm_reset(void *m) { if (m) texmodel_reset(M); }

int tm_mem_write32(void *m, uint64_t addr, uint32_t data)
{
    uint8_t b[4] = {(uint8_t)data, (uint8_t)(data >> 8), (uint8_t)(data >> 16),
                    (uint8_t)(data >> 24)};
    return m ? texmodel_mem_write(M, addr, b, 4) : -1;
}

uint32_t tm_mem_read32(void *m, uint64_t addr, int32_t *flags)
{
    uint8_t b[4] = {0};
    *flags = m ? texmodel_mem_read(M, addr, b, 4) : 2;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

void tm_set_tic_pool(void *m, uint64_t base, uint32_t max) { if (m) texmodel_set_tic_pool(M, base, max); }
void tm_set_tsc_pool(void *m, uint64_t base, uint32_t max) { if (m) texmodel_set_tsc_pool(M, base, max); }
uint64_t tm_tic_base(void *m) { return m ? texmodel_tic_base(M) : 0; }
uint32_t tm_tic_max(void *m) { return m ? texmodel_tic_max(M) : 0; }
uint64_t tm_tsc_base(void *m) { return m ? texmodel_tsc_base(M) : 0; }
uint32_t tm_tsc_max(void *m) { return m ? texmodel_tsc_max(M) : 0; }

int tm_cbank_write32(void *m, uint32_t offset, uint32_t data)
{
    uint8_t b[4] = {(uint8_t)data, (uint8_t)(data >> 8), (uint8_t)(data >> 16),
                    (uint8_t)(data >> 24)};
    return m ? texmodel_cbank_write(M, offset, b, 4) : -1;
}

uint32_t tm_cbank_read32(void *m, uint32_t offset)
{
    uint8_t b[4] = {0};
    if (!m || texmodel_cbank_read(M, offset, b, 4) < 0)
        return 0;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

int tm_set_reg(void *m, int32_t lane, int32_t r, uint32_t v) { return m ? texmodel_set_reg(M, lane, r, v) : -1; }
uint32_t tm_reg(void *m, int32_t lane, int32_t r) { return m ? texmodel_reg(M, lane, r) : 0; }
int tm_set_pred(void *m, int32_t p, uint32_t lanes) { return m ? texmodel_set_pred(M, p, lanes) : -1; }
uint32_t tm_pred(void *m, int32_t p) { return m ? texmodel_pred(M, p) : 0; }
int tm_set(void *m, int32_t knob, uint32_t v) { return m ? texmodel_set(M, knob, v) : -1; }
uint32_t tm_get(void *m, int32_t knob) { return m ? texmodel_get(M, knob) : 0; }

/* The last assembler message (a DPI string result must outlive the call). */
static char asm_err[200];

int tm_asm(const char *sass, uint64_t *word, uint32_t *ctrl)
{
    asm_err[0] = '\0';
    *word = 0;
    *ctrl = 0;
    return texmodel_asm(sass, word, ctrl, asm_err, sizeof(asm_err));
}

const char *tm_asm_error(void) { return asm_err; }

int tm_step(void *m, uint64_t word, uint32_t ctrl) { return m ? texmodel_step(M, word, ctrl) : -1; }
int tm_status(void *m) { return m ? texmodel_status(M) : -1; }
int tm_nregw(void *m) { return m ? texmodel_nregw(M) : 0; }

int tm_regw(void *m, int32_t i, int32_t *lane, int32_t *r, uint32_t *v)
{
    int l = 0, rr = 0;
    uint32_t val = 0;
    int rc = m ? texmodel_regw(M, i, &l, &rr, &val) : -1;
    *lane = l;
    *r = rr;
    *v = val;
    return rc;
}

uint32_t tm_predw_mask(void *m, int32_t p) { return m ? texmodel_predw_mask(M, p) : 0; }
uint32_t tm_predw_value(void *m, int32_t p) { return m ? texmodel_predw_value(M, p) : 0; }
uint32_t tm_hash(void *m) { return m ? texmodel_hash(M) : 0; }

#ifdef __cplusplus
}
#endif
