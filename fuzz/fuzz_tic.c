/*
 * fuzz_tic.c - texture header / sampler packing and the name tables.
 *
 * Input bytes 0..31: eight header words, 32..63: eight sampler words (zero
 * padded); the rest is a name for the name tables.  Properties:
 *   - p = pack(unpack(w)) never sets a bit that w does not have;
 *   - p is a fixed point: pack(unpack(p)) == p and unpack(p) == unpack(w);
 *   - a name a table accepts maps to a code whose name maps back to it.
 */
#include <string.h>
#include "fuzz.h"
#include "tic.h"

static void words(const uint8_t *b, uint32_t w[8])
{
    for (int i = 0; i < 8; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
}

static void check_words(const char *what, const uint32_t w[8], const uint32_t p[8],
                        const uint32_t q[8])
{
    for (int i = 0; i < 8; i++) {
        FUZZ_CHECK(!(p[i] & ~w[i]), "%s word %d: 0x%08x packs to 0x%08x (new bits)", what, i,
                   (unsigned)w[i], (unsigned)p[i]);
        FUZZ_CHECK(p[i] == q[i], "%s word %d: not a fixed point, 0x%08x then 0x%08x", what, i,
                   (unsigned)p[i], (unsigned)q[i]);
    }
}

static void check_table(const char *name, int (*from)(const char *), const char *(*to)(int),
                        int code)
{
    int c = from(name);
    if (c >= 0) {
        const char *n = to(c);
        FUZZ_CHECK(n != NULL, "'%s' -> %d has no name", name, c);
        FUZZ_CHECK(from(n) == c, "'%s' -> %d -> '%s' -> %d", name, c, n, from(n));
    }
    const char *n = to(code);
    if (n)
        FUZZ_CHECK(from(n) == code, "%d -> '%s' -> %d", code, n, from(n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t b[64] = {0};
    memcpy(b, data, size < sizeof(b) ? size : sizeof(b));
    uint32_t w[8], p[8], q[8];

    tx_tic t, t2;
    words(b, w);
    tx_tic_unpack(w, &t);
    tx_tic_pack(&t, p);
    tx_tic_unpack(p, &t2);
    tx_tic_pack(&t2, q);
    check_words("tic", w, p, q);
    FUZZ_CHECK(!memcmp(&t, &t2, sizeof(t)), "tic fields change through pack/unpack");

    tx_tsc s, s2;
    words(b + 32, w);
    tx_tsc_unpack(w, &s);
    tx_tsc_pack(&s, p);
    tx_tsc_unpack(p, &s2);
    tx_tsc_pack(&s2, q);
    check_words("tsc", w, p, q);
    FUZZ_CHECK(!memcmp(&s, &s2, sizeof(s)), "tsc fields change through pack/unpack");

    char name[65];
    size_t n = size > 64 ? size - 64 : 0;
    if (n > sizeof(name) - 1)
        n = sizeof(name) - 1;
    memcpy(name, data + (size > 64 ? 64 : size), n);
    name[n] = 0;
    int code = (int)(int8_t)b[0];
    check_table(name, tx_fmt_from_name, tx_fmt_name, code);
    check_table(name, tx_dtype_from_name, tx_dtype_name, code);
    check_table(name, tx_swz_from_name, tx_swz_name, code);
    check_table(name, tx_textype_from_name, tx_textype_name, code);
    check_table(name, tx_version_from_name, tx_version_name, code);
    return 0;
}
