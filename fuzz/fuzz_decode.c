/*
 * fuzz_decode.c - the decoder and the disassembler on arbitrary words.
 *
 * Input: 8 bytes of instruction word and 4 bytes of control field, little
 * endian (shorter inputs are zero-padded; bytes 12 and on pick buffer sizes).
 * tx_decode never fails; tx_disasm must always NUL-terminate, report the full
 * length whatever the buffer size, and print the same prefix into a short
 * buffer as into a long one.  The canonical text of a legal word assembles
 * back to that word (docs/isa.md section 3), and a text that assembles at
 * all must give a word whose own text is the same.
 */
#include <string.h>
#include "fuzz.h"
#include "isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t b[16] = {0};
    memcpy(b, data, size < sizeof(b) ? size : sizeof(b));
    uint64_t word = 0;
    uint32_t ctrl = 0;
    for (int i = 7; i >= 0; i--)
        word = word << 8 | b[i];
    for (int i = 11; i >= 8; i--)
        ctrl = ctrl << 8 | b[i];
    if (size < 12)
        ctrl &= (1u << 21) - 1;  /* short inputs: a well-formed control field */

    tx_insn d;
    tx_decode(word, ctrl, &d);
    FUZZ_CHECK(d.word == word && d.ctrl == ctrl, "decode changed the word or control field");
    FUZZ_CHECK(!d.illegal || d.why, "illegal without a reason");
    FUZZ_CHECK(tx_op_name(d.op) != NULL, "no name for op %d", (int)d.op);
    int ra = -1, rb = -1;
    tx_src_counts(&d, &ra, &rb);
    tx_src_counts(&d, NULL, NULL);
    if (d.op == TX_OP_SULD)
        (void)tx_suld_rd_count(&d);
    if (d.op == TX_OP_TLDS)
        (void)tx_tlds_comp_mask(d.u.tlds.wmask, d.u.tlds.rd1 == 255);

    char full[1024];
    int n = tx_disasm(word, ctrl, full, sizeof(full));
    FUZZ_CHECK(n > 0 && (size_t)n < sizeof(full) && strlen(full) == (size_t)n,
               "disasm length %d vs %zu", n, strlen(full));

    /* Short buffers: same length returned, truncated prefix, terminated. */
    size_t cut = b[12] % (size_t)(n + 2);
    char small[1024];
    memset(small, 'x', sizeof(small));
    int m = tx_disasm(word, ctrl, small, cut);
    FUZZ_CHECK(m == n, "length %d with a %zu-byte buffer, %d with a large one", m, cut, n);
    if (cut > 0) {
        size_t k = strlen(small);
        FUZZ_CHECK(k == (cut - 1 < (size_t)n ? cut - 1 : (size_t)n), "wrote %zu into %zu", k, cut);
        FUZZ_CHECK(!memcmp(small, full, k), "short output differs from the full text");
    }
    FUZZ_CHECK(small[cut] == 'x' || cut == 0 || small[cut - 1] == 0, "wrote past the buffer");
    (void)tx_disasm(word, ctrl, NULL, 0);

    uint64_t w2;
    uint32_t c2;
    tx_asm_err err;
    if (tx_asm(full, &w2, &c2, &err) == 0) {
        char t2[1024];
        tx_disasm(w2, c2, t2, sizeof(t2));
        FUZZ_CHECK(!strcmp(t2, full), "0x%016llx/0x%06x -> '%s' -> 0x%016llx/0x%06x -> '%s'",
                   (unsigned long long)word, (unsigned)ctrl, full, (unsigned long long)w2,
                   (unsigned)c2, t2);
        if (!d.illegal)
            FUZZ_CHECK(w2 == word && c2 == ctrl,
                       "legal 0x%016llx/0x%06x -> '%s' -> 0x%016llx/0x%06x",
                       (unsigned long long)word, (unsigned)ctrl, full,
                       (unsigned long long)w2, (unsigned)c2);
    } else {
        FUZZ_CHECK(d.illegal, "legal 0x%016llx/0x%06x prints '%s', which does not assemble: "
                   "column %d: %s", (unsigned long long)word, (unsigned)ctrl, full, err.col,
                   err.msg);
    }
    return 0;
}
