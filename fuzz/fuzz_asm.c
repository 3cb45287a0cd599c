/*
 * fuzz_asm.c - the SASS assembler on arbitrary text.
 *
 * The input (cut at the first NUL, at most 4 KiB) goes to tx_asm.  It must
 * return 0 or -1 without crashing; an error must carry a column inside the
 * text (or one past its end) and a message.  Whatever assembles must
 * disassemble to text that assembles back to the same word and control field,
 * and that text must be a fixed point of disasm(asm(.)) (docs/isa.md
 * section 3).
 */
#include <string.h>
#include "fuzz.h"
#include "isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[4097];
    size_t n = size < sizeof(text) - 1 ? size : sizeof(text) - 1;
    memcpy(text, data, n);
    text[n] = 0;
    size_t len = strlen(text);

    uint64_t word = 0;
    uint32_t ctrl = 0;
    tx_asm_err err;
    memset(&err, 0, sizeof(err));
    if (tx_asm(text, &word, &ctrl, &err) != 0) {
        FUZZ_CHECK(err.col >= 1 && (size_t)err.col <= len + 1, "column %d, text length %zu, '%s'",
                   err.col, len, text);
        FUZZ_CHECK(memchr(err.msg, 0, sizeof(err.msg)) && err.msg[0], "empty or unterminated message");
        return 0;
    }

    char canon[512];
    int cl = tx_disasm(word, ctrl, canon, sizeof(canon));
    FUZZ_CHECK(cl > 0 && (size_t)cl < sizeof(canon), "disasm length %d", cl);
    FUZZ_CHECK(strlen(canon) == (size_t)cl, "disasm returned %d, wrote %zu", cl, strlen(canon));

    uint64_t w2 = 0;
    uint32_t c2 = 0;
    tx_asm_err e2;
    int rc = tx_asm(canon, &w2, &c2, &e2);
    FUZZ_CHECK(rc == 0, "'%s' assembled, its canonical text '%s' does not: column %d: %s", text,
               canon, e2.col, e2.msg);
    FUZZ_CHECK(w2 == word && c2 == ctrl,
               "'%s' -> 0x%016llx/0x%06x -> '%s' -> 0x%016llx/0x%06x", text,
               (unsigned long long)word, (unsigned)ctrl, canon, (unsigned long long)w2,
               (unsigned)c2);

    char again[512];
    tx_disasm(w2, c2, again, sizeof(again));
    FUZZ_CHECK(!strcmp(again, canon), "canonical text is not stable: '%s' then '%s'", canon, again);

    /* The decoded form of an assembled word is a legal instruction or one
     * that is illegal only for register rules: its helpers must not fault. */
    tx_insn d;
    tx_decode(word, ctrl, &d);
    int ra = 0, rb = 0;
    tx_src_counts(&d, &ra, &rb);
    FUZZ_CHECK(ra >= 0 && ra <= 8 && rb >= 0 && rb <= 8, "source counts %d %d", ra, rb);
    return 0;
}
