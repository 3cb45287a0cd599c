/*
 * mem.c - sparse paged memory (see mem.h).
 *
 * Pages live in an open-addressing hash table keyed by page number, with
 * linear probing and a power-of-two capacity that doubles when the table is
 * half full.  Entries are never deleted: a page that becomes UNMAPPED keeps
 * its slot with kind UNMAPPED, so probing needs no tombstones.  Only MAPPED
 * pages own a 4 KiB buffer; buffers released by tx_mem_map or tx_mem_reset go
 * to a free list and are reused, so running vector after vector does not
 * churn the allocator.
 *
 * Reads and writes walk the range one page at a time: one hash lookup per
 * page touched, then a memcpy, never a lookup per byte.
 */
#include <stdlib.h>
#include <string.h>

#include "mem.h"

#define EMPTY_KEY UINT64_MAX     /* no page number reaches 2^64 - 1 */
#define MIN_CAP 64

typedef struct page_slot {
    uint64_t key;                /* page number, or EMPTY_KEY */
    uint8_t *data;               /* TX_PAGE_SIZE bytes when kind is MAPPED */
    uint8_t kind;                /* enum tx_page_kind */
} page_slot;

/* A released buffer stores the next free buffer in its first bytes. */
typedef struct free_page {
    struct free_page *next;
} free_page;

struct tx_mem {
    page_slot *slot;
    size_t cap;                  /* power of two */
    size_t used;                 /* slots with a key */
    size_t live;                 /* slots whose kind is not UNMAPPED */
    free_page *free_list;
};

/* Fibonacci hashing spreads consecutive page numbers over the table; the
 * high bits of the product are the best mixed, so take those. */
static size_t slot_of(const tx_mem *m, uint64_t pn)
{
    uint64_t h = pn * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 32) & (m->cap - 1);
}

static page_slot *find(const tx_mem *m, uint64_t pn)
{
    size_t i = slot_of(m, pn);
    for (;;) {
        page_slot *e = &m->slot[i];
        if (e->key == pn)
            return e;
        if (e->key == EMPTY_KEY)
            return NULL;
        i = (i + 1) & (m->cap - 1);
    }
}

static int alloc_table(tx_mem *m, size_t cap)
{
    page_slot *t = malloc(cap * sizeof *t);
    if (!t)
        return -1;
    for (size_t i = 0; i < cap; i++) {
        t[i].key = EMPTY_KEY;
        t[i].data = NULL;
        t[i].kind = TX_PAGE_UNMAPPED;
    }
    m->slot = t;
    m->cap = cap;
    return 0;
}

/* Double the table and re-insert every entry. */
static int grow(tx_mem *m)
{
    page_slot *old = m->slot;
    size_t oldcap = m->cap;
    if (alloc_table(m, oldcap * 2) < 0) {
        m->slot = old;
        m->cap = oldcap;
        return -1;
    }
    for (size_t i = 0; i < oldcap; i++) {
        if (old[i].key == EMPTY_KEY)
            continue;
        size_t j = slot_of(m, old[i].key);
        while (m->slot[j].key != EMPTY_KEY)
            j = (j + 1) & (m->cap - 1);
        m->slot[j] = old[i];
    }
    free(old);
    return 0;
}

/* The slot of page pn, created (UNMAPPED) if absent.  NULL when out of memory. */
static page_slot *find_or_add(tx_mem *m, uint64_t pn)
{
    page_slot *e = find(m, pn);
    if (e)
        return e;
    if ((m->used + 1) * 2 > m->cap && grow(m) < 0)
        return NULL;
    size_t i = slot_of(m, pn);
    while (m->slot[i].key != EMPTY_KEY)
        i = (i + 1) & (m->cap - 1);
    e = &m->slot[i];
    e->key = pn;
    e->data = NULL;
    e->kind = TX_PAGE_UNMAPPED;
    m->used++;
    return e;
}

static uint8_t *get_buffer(tx_mem *m)
{
    uint8_t *p;
    if (m->free_list) {
        p = (uint8_t *)m->free_list;
        m->free_list = m->free_list->next;
    } else {
        p = malloc(TX_PAGE_SIZE);
        if (!p)
            return NULL;
    }
    memset(p, 0, TX_PAGE_SIZE);
    return p;
}

static void put_buffer(tx_mem *m, uint8_t *p)
{
    free_page *f = (free_page *)(void *)p;
    f->next = m->free_list;
    m->free_list = f;
}

/* Change the kind of a slot, keeping the buffer invariant (data only when
 * MAPPED) and the live count.  Returns -1 if a buffer cannot be had. */
static int set_kind(tx_mem *m, page_slot *e, enum tx_page_kind kind)
{
    if (e->kind == kind)
        return 0;
    if (kind == TX_PAGE_MAPPED) {
        uint8_t *p = get_buffer(m);
        if (!p)
            return -1;
        e->data = p;
    } else if (e->kind == TX_PAGE_MAPPED) {
        put_buffer(m, e->data);
        e->data = NULL;
    }
    if (e->kind == TX_PAGE_UNMAPPED)
        m->live++;
    else if (kind == TX_PAGE_UNMAPPED)
        m->live--;
    e->kind = (uint8_t)kind;
    return 0;
}

/* True when [addr, addr+len) fits in the 48-bit space. */
static int in_range(uint64_t addr, uint64_t len)
{
    return addr <= TX_ADDR_MASK + 1 && len <= TX_ADDR_MASK + 1 - addr;
}

tx_mem *tx_mem_new(void)
{
    tx_mem *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (alloc_table(m, MIN_CAP) < 0) {
        free(m);
        return NULL;
    }
    return m;
}

void tx_mem_free(tx_mem *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++)
        free(m->slot[i].data);
    while (m->free_list) {
        free_page *n = m->free_list->next;
        free(m->free_list);
        m->free_list = n;
    }
    free(m->slot);
    free(m);
}

void tx_mem_reset(tx_mem *m)
{
    for (size_t i = 0; i < m->cap; i++) {
        page_slot *e = &m->slot[i];
        if (e->data)
            put_buffer(m, e->data);
        e->key = EMPTY_KEY;
        e->data = NULL;
        e->kind = TX_PAGE_UNMAPPED;
    }
    m->used = 0;
    m->live = 0;
}

int tx_mem_map(tx_mem *m, uint64_t addr, uint64_t len, enum tx_page_kind kind)
{
    if (!in_range(addr, len))
        return -1;
    if (len == 0)
        return 0;
    uint64_t first = addr >> TX_PAGE_BITS;
    uint64_t last = (addr + len - 1) >> TX_PAGE_BITS;
    for (uint64_t pn = first; pn <= last; pn++) {
        page_slot *e = find(m, pn);
        /* Unmapping a page never seen needs no slot. */
        if (!e && kind == TX_PAGE_UNMAPPED)
            continue;
        if (!e && !(e = find_or_add(m, pn)))
            return -1;
        if (set_kind(m, e, kind) < 0)
            return -1;
    }
    return 0;
}

int tx_mem_write(tx_mem *m, uint64_t addr, const void *src, size_t len)
{
    if (!in_range(addr, len))
        return -1;
    const uint8_t *s = src;
    while (len) {
        uint32_t off = (uint32_t)(addr & (TX_PAGE_SIZE - 1));
        size_t n = TX_PAGE_SIZE - off;
        if (n > len)
            n = len;
        page_slot *e = find_or_add(m, addr >> TX_PAGE_BITS);
        if (!e || set_kind(m, e, TX_PAGE_MAPPED) < 0)
            return -1;
        memcpy(e->data + off, s, n);
        s += n;
        addr += n;
        len -= n;
    }
    return 0;
}

int tx_mem_read(const tx_mem *m, uint64_t addr, void *dst, size_t len)
{
    uint8_t *d = dst;
    int flags = TX_MEM_OK;
    while (len) {
        uint32_t off = (uint32_t)(addr & (TX_PAGE_SIZE - 1));
        size_t n = TX_PAGE_SIZE - off;
        if (n > len)
            n = len;
        /* Pages beyond the 48-bit space are never in the table, so they
         * read as unmapped like any other absent page. */
        const page_slot *e = find(m, addr >> TX_PAGE_BITS);
        if (e && e->kind == TX_PAGE_MAPPED) {
            memcpy(d, e->data + off, n);
        } else {
            memset(d, 0, n);
            flags |= (e && e->kind == TX_PAGE_SPARSE) ? TX_MEM_SPARSE : TX_MEM_FAULT;
        }
        d += n;
        addr += n;
        len -= n;
    }
    return flags;
}

uint32_t tx_mem_rd32(const tx_mem *m, uint64_t addr, int *flags)
{
    uint8_t b[4];
    int f = tx_mem_read(m, addr, b, 4);
    if (flags)
        *flags |= f;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
           (uint32_t)b[3] << 24;
}

enum tx_page_kind tx_mem_kind(const tx_mem *m, uint64_t addr)
{
    const page_slot *e = find(m, addr >> TX_PAGE_BITS);
    return e ? (enum tx_page_kind)e->kind : TX_PAGE_UNMAPPED;
}

size_t tx_mem_pages(const tx_mem *m)
{
    return m->live;
}
