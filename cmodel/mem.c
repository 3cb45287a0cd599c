/*
 * mem.c - sparse paged memory (see mem.h).
 *
 * Two structures:
 *
 *  - The page kinds, a step function over the 2^36 page numbers: a sorted
 *    array of breakpoints, each "from page `start` on, the kind is `kind`",
 *    with UNMAPPED before the first one.  Neighbouring breakpoints always
 *    differ in kind, so the array holds at most two entries per region a
 *    vector names, and setting the kind of any range is a binary search and
 *    one splice, whatever the range's length.
 *
 *  - The storage, an open-addressing hash table keyed by page number (linear
 *    probing, power-of-two capacity that doubles when half full), holding a
 *    4 KiB buffer for each MAPPED page that has been written.  A MAPPED page
 *    without a buffer reads as zeros, which is what mapping promises, so a
 *    mapped region costs nothing until it is written.  Invariant: a page has
 *    a buffer only while its kind is MAPPED.  Keys are never deleted; a page
 *    that loses its buffer keeps its slot with data NULL, so probing needs no
 *    tombstones, and the key count is bounded by the pages ever written.
 *    Buffers released by tx_mem_map or tx_mem_reset go to a free list and are
 *    reused, so running vector after vector does not churn the allocator.
 *
 * Reads and writes walk the range one page at a time: one hash lookup per
 * page touched (plus a binary search of the kinds when the page has no
 * buffer), then a memcpy, never a lookup per byte.
 */
#include <stdlib.h>
#include <string.h>

#include "mem.h"

#define EMPTY_KEY UINT64_MAX     /* no page number reaches 2^64 - 1 */
#define MIN_CAP 64
#define NPAGES (1ull << (48 - TX_PAGE_BITS))   /* pages in the 48-bit space */

typedef struct page_slot {
    uint64_t key;                /* page number, or EMPTY_KEY */
    uint8_t *data;               /* TX_PAGE_SIZE bytes, or NULL (reads as 0) */
} page_slot;

/* From page `start` up to the next breakpoint, every page is `kind`. */
typedef struct kind_bp {
    uint64_t start;
    uint8_t kind;                /* enum tx_page_kind */
} kind_bp;

/* A released buffer stores the next free buffer in its first bytes. */
typedef struct free_page {
    struct free_page *next;
} free_page;

struct tx_mem {
    page_slot *slot;
    size_t cap;                  /* power of two */
    size_t used;                 /* slots with a key */
    size_t stored;               /* slots with a buffer */
    free_page *free_list;
    kind_bp *bp;                 /* sorted by start, neighbours differ in kind */
    size_t nbp, bpcap;
};

/* ---- page kinds ---- */

/* Index of the last breakpoint with start <= pn, or -1 when none. */
static long bp_at(const tx_mem *m, uint64_t pn)
{
    size_t lo = 0, hi = m->nbp;  /* answer in [lo - 1, hi - 1] */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->bp[mid].start <= pn)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (long)lo - 1;
}

static enum tx_page_kind kind_of(const tx_mem *m, uint64_t pn)
{
    long i = bp_at(m, pn);
    return i < 0 ? TX_PAGE_UNMAPPED : (enum tx_page_kind)m->bp[i].kind;
}

/* Set pages [first, last] (last < NPAGES) to kind.  -1 when memory runs out,
 * with nothing changed. */
static int set_kinds(tx_mem *m, uint64_t first, uint64_t last, enum tx_page_kind kind)
{
    enum tx_page_kind after = last + 1 < NPAGES ? kind_of(m, last + 1) : kind;
    /* Breakpoints [lo, hi) start inside [first, last + 1]; they go, and at
     * most two come in their place: (first, kind) and (last + 1, after). */
    long lo = bp_at(m, first - (first > 0)) + 1;
    if (first == 0)
        lo = 0;
    size_t hi = (size_t)(bp_at(m, last + 1) + 1);
    if ((size_t)lo > hi)
        hi = (size_t)lo;
    enum tx_page_kind before = first > 0 ? kind_of(m, first - 1) : TX_PAGE_UNMAPPED;
    kind_bp add[2];
    size_t nadd = 0;
    if (kind != before)
        add[nadd++] = (kind_bp){first, (uint8_t)kind};
    if (last + 1 < NPAGES && after != kind)
        add[nadd++] = (kind_bp){last + 1, (uint8_t)after};
    size_t nbp = m->nbp - (hi - (size_t)lo) + nadd;
    if (nbp > m->bpcap) {
        size_t cap = m->bpcap ? m->bpcap * 2 : 16;
        while (cap < nbp)
            cap *= 2;
        kind_bp *t = realloc(m->bp, cap * sizeof *t);
        if (!t)
            return -1;
        m->bp = t;
        m->bpcap = cap;
    }
    memmove(&m->bp[(size_t)lo + nadd], &m->bp[hi], (m->nbp - hi) * sizeof *m->bp);
    memcpy(&m->bp[lo], add, nadd * sizeof *add);
    m->nbp = nbp;
    return 0;
}

/* ---- storage ---- */

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

/* The slot of page pn, created (no buffer) if absent.  NULL when out of memory. */
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

static void drop_buffer(tx_mem *m, page_slot *e)
{
    free_page *f = (free_page *)(void *)e->data;
    f->next = m->free_list;
    m->free_list = f;
    e->data = NULL;
    m->stored--;
}

/* Release the buffers of pages [first, last]: walk the range or the table,
 * whichever is shorter, so the cost is bounded by the pages ever written. */
static void drop_buffers(tx_mem *m, uint64_t first, uint64_t last)
{
    if (!m->stored)
        return;
    if (last - first < m->cap) {
        for (uint64_t pn = first; pn <= last; pn++) {
            page_slot *e = find(m, pn);
            if (e && e->data)
                drop_buffer(m, e);
        }
    } else {
        for (size_t i = 0; i < m->cap; i++) {
            page_slot *e = &m->slot[i];
            if (e->data && e->key >= first && e->key <= last)
                drop_buffer(m, e);
        }
    }
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
    free(m->bp);
    free(m);
}

void tx_mem_reset(tx_mem *m)
{
    for (size_t i = 0; i < m->cap; i++) {
        page_slot *e = &m->slot[i];
        if (e->data)
            drop_buffer(m, e);
        e->key = EMPTY_KEY;
    }
    m->used = 0;
    m->nbp = 0;
}

int tx_mem_map(tx_mem *m, uint64_t addr, uint64_t len, enum tx_page_kind kind)
{
    if (!in_range(addr, len))
        return -1;
    if (len == 0)
        return 0;
    uint64_t first = addr >> TX_PAGE_BITS;
    uint64_t last = (addr + len - 1) >> TX_PAGE_BITS;
    if (kind == TX_PAGE_MAPPED) {
        /* Pages already MAPPED keep their contents; the others have no
         * buffer (invariant), so they read as zeros once MAPPED. */
        return set_kinds(m, first, last, kind);
    }
    if (set_kinds(m, first, last, kind) < 0)
        return -1;
    drop_buffers(m, first, last);
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
        uint64_t pn = addr >> TX_PAGE_BITS;
        page_slot *e = find_or_add(m, pn);
        if (!e)
            return -1;
        if (!e->data) {
            /* A write maps its page; a page that was not MAPPED starts
             * from zeros, and one that was had no buffer, so zeros too. */
            if (kind_of(m, pn) != TX_PAGE_MAPPED && set_kinds(m, pn, pn, TX_PAGE_MAPPED) < 0)
                return -1;
            if (!(e->data = get_buffer(m)))
                return -1;
            m->stored++;
        }
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
        uint64_t pn = addr >> TX_PAGE_BITS;
        const page_slot *e = find(m, pn);
        if (e && e->data) {
            memcpy(d, e->data + off, n);
        } else {
            memset(d, 0, n);
            /* Pages beyond the 48-bit space read as unmapped. */
            enum tx_page_kind k = pn < NPAGES ? kind_of(m, pn) : TX_PAGE_UNMAPPED;
            if (k == TX_PAGE_SPARSE)
                flags |= TX_MEM_SPARSE;
            else if (k == TX_PAGE_UNMAPPED)
                flags |= TX_MEM_FAULT;
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
    uint64_t pn = addr >> TX_PAGE_BITS;
    return pn < NPAGES ? kind_of(m, pn) : TX_PAGE_UNMAPPED;
}

uint64_t tx_mem_pages(const tx_mem *m)
{
    uint64_t n = 0;
    for (size_t i = 0; i < m->nbp; i++) {
        uint64_t end = i + 1 < m->nbp ? m->bp[i + 1].start : NPAGES;
        if (m->bp[i].kind != TX_PAGE_UNMAPPED)
            n += end - m->bp[i].start;
    }
    return n;
}

size_t tx_mem_stored_pages(const tx_mem *m)
{
    return m->stored;
}
