/*
 * fetch.c - texel fetch stage (twin of rtl/tx_fetch.sv).
 */
#include <string.h>

#include "stages.h"

int tx_fetch_texel(const tx_mem *m, uint64_t addr, uint32_t bpp, int oob,
                   uint8_t raw[16])
{
    int flags;

    memset(raw, 0, 16);
    /* An out-of-bounds texel never reaches memory (S3.6). */
    if (oob || bpp == 0 || bpp > 16)
        return TX_MEM_OK;
    flags = tx_mem_read(m, addr, raw, bpp);
    /* The RTL sees one fault flag per 16-byte slot; a buffer texel may
     * span two slots (docs/semantics.md S3.11) and faults if either does.
     * A faulted texel is all zeros on both sides (S3.10). */
    if (flags & TX_MEM_FAULT)
        memset(raw, 0, 16);
    return flags;
}

void tx_fetch_words(const uint8_t raw[16], uint32_t w[4])
{
    for (int i = 0; i < 4; i++)
        w[i] = (uint32_t)raw[4 * i] | (uint32_t)raw[4 * i + 1] << 8 |
               (uint32_t)raw[4 * i + 2] << 16 | (uint32_t)raw[4 * i + 3] << 24;
}
