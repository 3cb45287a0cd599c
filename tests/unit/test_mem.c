/*
 * test_mem.c - the sparse paged memory (cmodel/mem.h): page kinds, reads and
 * writes that cross pages, the top of the 48-bit space, growth to many pages
 * and reset.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "check.h"
#include "mem.h"

static void test_kinds(void)
{
    tx_mem *m = tx_mem_new();
    uint8_t buf[16];
    int fl;

    CHECK(m != NULL, "tx_mem_new");
    CHECK(tx_mem_kind(m, 0x1234) == TX_PAGE_UNMAPPED, "fresh page is unmapped");
    memset(buf, 0xaa, sizeof buf);
    fl = tx_mem_read(m, 0x1234, buf, sizeof buf);
    CHECK(fl == TX_MEM_FAULT, "unmapped read faults (flags %d)", fl);
    CHECK(buf[0] == 0 && buf[15] == 0, "unmapped read returns zeros");

    CHECK(tx_mem_map(m, 0x5000, 1, TX_PAGE_SPARSE) == 0, "map sparse");
    CHECK(tx_mem_kind(m, 0x5fff) == TX_PAGE_SPARSE, "sparse kind");
    memset(buf, 0xaa, sizeof buf);
    fl = tx_mem_read(m, 0x5008, buf, 8);
    CHECK(fl == TX_MEM_SPARSE, "sparse read flags %d", fl);
    CHECK(buf[0] == 0 && buf[7] == 0 && buf[8] == 0xaa, "sparse read zeros, exact length");

    CHECK(tx_mem_map(m, 0x7000, 0x1000, TX_PAGE_MAPPED) == 0, "map mapped");
    CHECK(tx_mem_kind(m, 0x7000) == TX_PAGE_MAPPED, "mapped kind");
    CHECK(tx_mem_kind(m, 0x8000) == TX_PAGE_UNMAPPED, "map stops at the range end");
    fl = tx_mem_read(m, 0x7100, buf, 16);
    CHECK(fl == TX_MEM_OK && buf[3] == 0, "mapped page starts zeroed");

    /* A write maps a page, whatever its kind was. */
    uint32_t v = 0xdeadbeef;
    CHECK(tx_mem_write(m, 0x5010, &v, 4) == 0, "write to a sparse page");
    CHECK(tx_mem_kind(m, 0x5000) == TX_PAGE_MAPPED, "write mapped the sparse page");
    fl = 0;
    CHECK_EQ_U64(tx_mem_rd32(m, 0x5010, &fl), 0xdeadbeef, "rd32 after write");
    CHECK(fl == TX_MEM_OK, "rd32 flags");
    CHECK_EQ_U64(tx_mem_rd32(m, 0x5000, NULL), 0, "rest of the page is zero");

    /* Back to sparse and unmapped: the data goes; remapping zero-fills. */
    CHECK(tx_mem_map(m, 0x5000, 4096, TX_PAGE_SPARSE) == 0, "remap sparse");
    fl = 0;
    CHECK_EQ_U64(tx_mem_rd32(m, 0x5010, &fl), 0, "sparse hides old data");
    CHECK(fl == TX_MEM_SPARSE, "sparse flag through rd32");
    CHECK(tx_mem_map(m, 0x5000, 4096, TX_PAGE_MAPPED) == 0, "remap mapped");
    CHECK_EQ_U64(tx_mem_rd32(m, 0x5010, NULL), 0, "remapped page is zero-filled");
    CHECK(tx_mem_map(m, 0x5000, 4096, TX_PAGE_UNMAPPED) == 0, "unmap");
    fl = 0;
    tx_mem_rd32(m, 0x5010, &fl);
    CHECK(fl == TX_MEM_FAULT, "unmapped again");
    CHECK(tx_mem_map(m, 0x900000, 4096, TX_PAGE_UNMAPPED) == 0, "unmap of an unseen page");

    /* Mapping a mapped page keeps its contents. */
    CHECK(tx_mem_write(m, 0x7004, &v, 4) == 0, "write");
    CHECK(tx_mem_map(m, 0x7000, 8, TX_PAGE_MAPPED) == 0, "map again");
    CHECK_EQ_U64(tx_mem_rd32(m, 0x7004, NULL), 0xdeadbeef, "contents kept");
    CHECK(tx_mem_pages(m) == 1, "pages: %" PRIu64, tx_mem_pages(m));
    tx_mem_free(m);
}

static void test_cross_page(void)
{
    tx_mem *m = tx_mem_new();
    uint8_t in[10000], out[10000];
    int fl;

    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 7 + 3);
    /* 10000 bytes from 0x10ffa cover four pages, the first barely. */
    CHECK(tx_mem_write(m, 0x10ffa, in, sizeof in) == 0, "cross-page write");
    CHECK(tx_mem_pages(m) == 4, "pages mapped by the write: %" PRIu64, tx_mem_pages(m));
    fl = tx_mem_read(m, 0x10ffa, out, sizeof out);
    CHECK(fl == TX_MEM_OK && memcmp(in, out, sizeof in) == 0, "cross-page read back");
    CHECK_EQ_U64(tx_mem_rd32(m, 0x10ffe, NULL),
                 (uint32_t)in[4] | (uint32_t)in[5] << 8 | (uint32_t)in[6] << 16 |
                 (uint32_t)in[7] << 24, "rd32 across a page boundary");

    /* A read that runs from a mapped page into unmapped and sparse ones
     * reports both and zeroes only the bytes that were not there. */
    CHECK(tx_mem_map(m, 0x20000, 4096, TX_PAGE_SPARSE) == 0, "sparse page after a hole");
    uint8_t b[8];
    memset(b, 0xcc, sizeof b);
    fl = tx_mem_read(m, 0x13ffc, b, 8);   /* last mapped page into the hole */
    CHECK(fl == TX_MEM_FAULT && b[3] == 0 && b[4] == 0, "into the hole: %d", fl);
    fl = tx_mem_read(m, 0x1366e, b, 8);
    CHECK(fl == TX_MEM_OK && b[0] == in[0x1366e - 0x10ffa], "tail bytes");
    uint8_t big[0x10000];
    memset(big, 0xcc, sizeof big);
    fl = tx_mem_read(m, 0x13000, big, 0xe000);
    CHECK(fl == (TX_MEM_FAULT | TX_MEM_SPARSE), "mixed flags %d", fl);
    CHECK(big[0] == in[0x13000 - 0x10ffa] && big[0xd000] == 0 && big[0x5000] == 0,
          "mixed read contents");
    CHECK(big[0xe000] == 0xcc, "no write past the length");

    /* A zero-length access is a no-op. */
    CHECK(tx_mem_read(m, 0x999999, b, 0) == TX_MEM_OK, "empty read");
    CHECK(tx_mem_write(m, 0x999999, b, 0) == 0, "empty write");
    CHECK(tx_mem_pages(m) == 5, "pages: %" PRIu64, tx_mem_pages(m));
    tx_mem_free(m);
}

static void test_high(void)
{
    tx_mem *m = tx_mem_new();
    uint32_t v = 0x01020304, w[2] = {0x11111111, 0x22222222};
    uint64_t top = TX_ADDR_MASK - 3;   /* last word of the 48-bit space */

    CHECK(tx_mem_write(m, 0x7f00000000ull, &v, 4) == 0, "write at 0x7f_0000_0000");
    CHECK_EQ_U64(tx_mem_rd32(m, 0x7f00000000ull, NULL), v, "read back high");
    CHECK(tx_mem_kind(m, 0x7f00000000ull & 0xfffffffffull) == TX_PAGE_UNMAPPED,
          "no aliasing with the low 36 bits");
    CHECK(tx_mem_write(m, top, &v, 4) == 0, "write the last word");
    CHECK_EQ_U64(tx_mem_rd32(m, top, NULL), v, "read the last word");
    CHECK(tx_mem_write(m, top, w, 8) == -1, "write past 2^48 rejected");
    CHECK(tx_mem_map(m, TX_ADDR_MASK, 2, TX_PAGE_MAPPED) == -1, "map past 2^48 rejected");
    CHECK(tx_mem_map(m, UINT64_MAX, 1, TX_PAGE_MAPPED) == -1, "map at 2^64-1 rejected");
    CHECK(tx_mem_map(m, 0, TX_ADDR_MASK + 1, TX_PAGE_UNMAPPED) == 0, "unmap everything");
    CHECK(tx_mem_pages(m) == 0, "nothing left: %" PRIu64, tx_mem_pages(m));
    int fl = 0;
    tx_mem_rd32(m, TX_ADDR_MASK + 1, &fl);
    CHECK(fl == TX_MEM_FAULT, "beyond 48 bits reads as unmapped");
    tx_mem_free(m);
}

static void test_growth_and_reset(void)
{
    tx_mem *m = tx_mem_new();
    enum { N = 20000 };
    int bad = 0;

    /* Pages scattered over the space, each holding its own number. */
    for (uint32_t i = 0; i < N; i++) {
        uint64_t a = ((uint64_t)i * 0x10003000ull) & TX_ADDR_MASK & ~0xfffull;
        uint32_t v = i;
        if (tx_mem_write(m, a + 8, &v, 4) != 0)
            bad++;
    }
    CHECK(bad == 0, "%d writes failed", bad);
    CHECK(tx_mem_pages(m) == N, "pages %" PRIu64, tx_mem_pages(m));
    for (uint32_t i = 0; i < N; i++) {
        uint64_t a = ((uint64_t)i * 0x10003000ull) & TX_ADDR_MASK & ~0xfffull;
        int fl = 0;
        if (tx_mem_rd32(m, a + 8, &fl) != i || fl)
            bad++;
    }
    CHECK(bad == 0, "%d pages read back wrong", bad);

    tx_mem_reset(m);
    CHECK(tx_mem_pages(m) == 0, "reset empties");
    int fl = 0;
    tx_mem_rd32(m, 8, &fl);
    CHECK(fl == TX_MEM_FAULT, "reset unmaps");
    /* Reused buffers come back zeroed. */
    CHECK(tx_mem_map(m, 0x3000, 4096 * 4, TX_PAGE_MAPPED) == 0, "map after reset");
    uint8_t b[4096 * 4];
    fl = tx_mem_read(m, 0x3000, b, sizeof b);
    size_t nz = 0;
    for (size_t i = 0; i < sizeof b; i++)
        nz += b[i] != 0;
    CHECK(fl == 0 && nz == 0, "recycled pages are zero (%zu nonzero)", nz);
    tx_mem_free(m);
    tx_mem_free(NULL);
}

/* A region of any size maps in a few operations: the whole 48-bit space as
 * each kind, a mapped region that is then written in a few places, and
 * regions carved out of each other.  Each of these walked 2^36 pages (minutes
 * and gigabytes) when kinds were kept per page; the CPU-time bound makes a
 * page walk a failure instead of a slow pass. */
static void test_huge_regions(void)
{
    tx_mem *m = tx_mem_new();
    const uint64_t all = TX_ADDR_MASK + 1, npages = all >> TX_PAGE_BITS;
    clock_t t0 = clock();
    uint32_t v = 0x5a5aa5a5;
    int fl;

    for (int k = 0; k < 3; k++) {
        static const enum tx_page_kind kinds[3] = {TX_PAGE_MAPPED, TX_PAGE_SPARSE,
                                                   TX_PAGE_UNMAPPED};
        CHECK(tx_mem_map(m, 0, all, kinds[k]) == 0, "map 2^48 bytes as kind %d", kinds[k]);
        CHECK(tx_mem_kind(m, 0) == kinds[k] && tx_mem_kind(m, TX_ADDR_MASK) == kinds[k],
              "kind %d at both ends", kinds[k]);
        CHECK(tx_mem_pages(m) == (kinds[k] == TX_PAGE_UNMAPPED ? 0 : npages),
              "pages %" PRIu64, tx_mem_pages(m));
    }
    /* The documented worst case of a vector: addr 0, size 0xffffffffffff. */
    CHECK(tx_mem_map(m, 0, 0xffffffffffffull, TX_PAGE_MAPPED) == 0, "map 0..0xfffffffffffe");
    fl = 0;
    CHECK_EQ_U64(tx_mem_rd32(m, 0x123456789000ull, &fl), 0, "mapped reads zero");
    CHECK(fl == TX_MEM_OK, "mapped read flags %d", fl);
    CHECK(tx_mem_write(m, 0x123456789000ull, &v, 4) == 0, "write into the big region");
    CHECK(tx_mem_write(m, 0x10, &v, 4) == 0, "write at its start");
    CHECK(tx_mem_stored_pages(m) == 2, "two pages stored: %zu", tx_mem_stored_pages(m));
    CHECK_EQ_U64(tx_mem_rd32(m, 0x123456789000ull, NULL), v, "read back");

    /* Carve: a sparse middle, an unmapped hole in it, then remap the top. */
    CHECK(tx_mem_map(m, 0x100000000000ull, 0x300000000000ull, TX_PAGE_SPARSE) == 0,
          "sparse middle");
    CHECK(tx_mem_stored_pages(m) == 1, "the middle's data went: %zu", tx_mem_stored_pages(m));
    CHECK(tx_mem_map(m, 0x200000000000ull, 0x1000, TX_PAGE_UNMAPPED) == 0, "hole");
    CHECK(tx_mem_kind(m, 0x0fffffffffffull) == TX_PAGE_MAPPED, "below the middle");
    CHECK(tx_mem_kind(m, 0x100000000000ull) == TX_PAGE_SPARSE, "middle start");
    CHECK(tx_mem_kind(m, 0x1fffffffffffull) == TX_PAGE_SPARSE, "below the hole");
    CHECK(tx_mem_kind(m, 0x200000000fffull) == TX_PAGE_UNMAPPED, "the hole");
    CHECK(tx_mem_kind(m, 0x200000001000ull) == TX_PAGE_SPARSE, "above the hole");
    CHECK(tx_mem_kind(m, 0x3fffffffffffull) == TX_PAGE_SPARSE, "middle end");
    CHECK(tx_mem_kind(m, 0x400000000000ull) == TX_PAGE_MAPPED, "above the middle");
    CHECK(tx_mem_pages(m) == npages - 1, "all but the hole: %" PRIu64, tx_mem_pages(m));
    fl = tx_mem_read(m, 0x1ffffffffff8ull, (uint8_t[32]){0}, 32);
    CHECK(fl == (TX_MEM_SPARSE | TX_MEM_FAULT), "read across the hole: %d", fl);
    CHECK(tx_mem_map(m, 0, all, TX_PAGE_MAPPED) == 0, "everything mapped again");
    CHECK_EQ_U64(tx_mem_rd32(m, 0x10, NULL), v, "contents of a page that stayed mapped");
    CHECK(tx_mem_pages(m) == npages, "pages %" PRIu64, tx_mem_pages(m));

    /* Many small regions, then one over all of them. */
    for (uint64_t i = 0; i < 10000; i++)
        tx_mem_map(m, i * 0x3000000ull, 0x1000, (enum tx_page_kind)(i % 3));
    CHECK(tx_mem_kind(m, 1 * 0x3000000ull) == TX_PAGE_MAPPED &&
          tx_mem_kind(m, 2 * 0x3000000ull) == TX_PAGE_SPARSE &&
          tx_mem_kind(m, 3 * 0x3000000ull) == TX_PAGE_UNMAPPED, "interleaved kinds");
    CHECK(tx_mem_map(m, 0, all, TX_PAGE_UNMAPPED) == 0 && tx_mem_pages(m) == 0,
          "all unmapped at the end");
    CHECK(tx_mem_stored_pages(m) == 0, "no storage left");
    double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(s < 2.0, "huge regions took %.2f CPU-seconds", s);
    tx_mem_free(m);
}

int main(void)
{
    /* A page-by-page walk of the 48-bit space must fail here, not take the
     * machine: bounded CPU time and address space (the whole test needs a
     * fraction of a second and a few megabytes). */
    struct rlimit cpu = {20, 20};
    setrlimit(RLIMIT_CPU, &cpu);
#ifndef __SANITIZE_ADDRESS__  /* AddressSanitizer reserves terabytes up front */
    struct rlimit as = {1ul << 30, 1ul << 30};
    setrlimit(RLIMIT_AS, &as);
#endif
    test_huge_regions();
    test_kinds();
    test_cross_page();
    test_high();
    test_growth_and_reset();
    return check_done("test_mem");
}
