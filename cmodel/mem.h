/*
 * mem.h - sparse paged memory of the texture pipe (one per side: model, RTL).
 *
 * The address space is 48 bits (the TIC carries ADDRESS_BITS47TO32).  The
 * kind of every 4 KiB page is kept as a list of ranges, so mapping a region
 * of any size costs the same few operations; only pages that have been
 * written hold storage, in a hash table, so a vector that touches a few
 * kilobytes at 0x7f_0000_0000 costs a few kilobytes.  Every page is in one of
 * three states (docs/architecture.md):
 *
 *   UNMAPPED  the default; a read returns 0 and reports TX_MEM_FAULT
 *   MAPPED    ordinary storage
 *   SPARSE    valid but not backed: reads return 0 and report TX_MEM_SPARSE
 */
#ifndef TX_MEM_H
#define TX_MEM_H

#include <stddef.h>
#include <stdint.h>

#define TX_PAGE_BITS 12
#define TX_PAGE_SIZE (1u << TX_PAGE_BITS)
#define TX_ADDR_MASK ((1ull << 48) - 1)

enum tx_page_kind { TX_PAGE_UNMAPPED = 0, TX_PAGE_MAPPED = 1, TX_PAGE_SPARSE = 2 };

/* Flags returned by tx_mem_read: OR of what the touched pages were. */
#define TX_MEM_OK 0
#define TX_MEM_SPARSE 1
#define TX_MEM_FAULT 2

typedef struct tx_mem tx_mem;

tx_mem *tx_mem_new(void);
void tx_mem_free(tx_mem *m);
/* Forget every page (keeps the allocation for reuse between vectors). */
void tx_mem_reset(tx_mem *m);

/* Set the kind of every page overlapping [addr, addr+len).  Pages that become
 * MAPPED are zero-filled if they were not mapped before.  The cost does not
 * depend on len: a region of 2^48 bytes maps as fast as one of 4 KiB (pages
 * that held written data and stop being MAPPED give their storage back, which
 * is bounded by what was written).  Returns 0, or -1 if the range leaves the
 * 48-bit space or memory runs out. */
int tx_mem_map(tx_mem *m, uint64_t addr, uint64_t len, enum tx_page_kind kind);

/* Copy bytes in; pages touched become MAPPED (a write maps them).
 * Returns 0, or -1 if the range leaves the 48-bit space. */
int tx_mem_write(tx_mem *m, uint64_t addr, const void *src, size_t len);

/* Copy bytes out.  Bytes of unmapped or sparse pages read as 0.
 * Returns TX_MEM_OK or an OR of TX_MEM_SPARSE / TX_MEM_FAULT. */
int tx_mem_read(const tx_mem *m, uint64_t addr, void *dst, size_t len);

/* Little-endian helpers built on tx_mem_read (flags through *flags, OR-ed). */
uint32_t tx_mem_rd32(const tx_mem *m, uint64_t addr, int *flags);

enum tx_page_kind tx_mem_kind(const tx_mem *m, uint64_t addr);
/* Pages whose kind is not UNMAPPED (up to 2^36). */
uint64_t tx_mem_pages(const tx_mem *m);
/* Pages that hold storage: MAPPED pages that were written (bounded by the
 * bytes written, whatever the size of the mapped regions). */
size_t tx_mem_stored_pages(const tx_mem *m);

#endif
