/*
 * test_txq_isa.c - TXQ, TXQ.B, TMML and TMML.B in the assembler, the
 * disassembler and the decoder (cmodel/isa.h; docs/isa.md).
 *
 * 1. The TXQ words of the nvdisasm corpus (shared/reference/
 *    nvdisasm-sm5x-corpus.tsv: ptxas -arch=sm_50 output with NVIDIA's own
 *    disassembly): disasm(word) is NVIDIA's text, asm(text) is the word.
 * 2. TMML words with the text nvdisasm gives them, as recorded in the
 *    tests of the nxas assembler (tests/CMakeLists.txt); no TMML is in the
 *    corpus.
 * 3. Every form: modifiers x query/dim x mask x guard x phase, both ways.
 * 4. Reserved bits and codes, illegal register forms, assembler errors.
 * 5. Random words under the four opcodes: a legal word's text assembles
 *    back to it; any text that assembles gives the same word.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isa.h"

/* The scheduling part of a corpus control word is not in NVIDIA's text
 * (only the phase, which texcosim keeps in the control field). */
#define CTRL_OF(c) (0x7e0u | ((c) & (3u << 17)))

struct corpus_row {
    uint64_t word;
    uint32_t ctrl;
    const char *text;
};

/* nvdisasm-sm5x-corpus.tsv rows k039-k041, k087-k089 (the six TXQ words). */
static const struct corpus_row txq_corpus[] = {
    { 0xdf48056080470000ull, 0x0407b1, "TXQ.P R0, R0, TEX_HEADER_DIMENSION, 0x56, 0x1;" },
    { 0xdf48056100470000ull, 0x0407b1, "TXQ.P R0, R0, TEX_HEADER_DIMENSION, 0x56, 0x2;" },
    { 0xdf48056200470000ull, 0x0407b1, "TXQ.P R0, R0, TEX_HEADER_DIMENSION, 0x56, 0x4;" },
    { 0xdf50000080470606ull, 0x0507b1, "TXQ.B.P R6, R6, TEX_HEADER_DIMENSION, 0x0, 0x1;" },
    { 0xdf50000100470606ull, 0x0507b1, "TXQ.B.P R6, R6, TEX_HEADER_DIMENSION, 0x0, 0x2;" },
    { 0xdf50000200470606ull, 0x0507b1, "TXQ.B.P R6, R6, TEX_HEADER_DIMENSION, 0x0, 0x4;" },
};

/* nxas tests/CMakeLists.txt (word, nvdisasm text); default control. */
static const struct corpus_row tmml_nxas[] = {
    { 0xdf580287a0070806ull, 0x7e0, "TMML.LOD R6, R8, 0x28, 2D, 0xf;" },
    { 0xdf58028fa0070806ull, 0x7e0, "TMML.LOD.NDV R6, R8, 0x28, 2D, 0xf;" },
    { 0xdf5a0287a0070806ull, 0x7e0, "TMML.LOD.NODEP R6, R8, 0x28, 2D, 0xf;" },
    { 0xdf600007a0470806ull, 0x7e0, "TMML.B.LOD R6, R8, R4, 0x0, 2D, 0xf;" },
    { 0xdf60000720470806ull, 0x7e0, "TMML.B.LOD R6, R8, R4, 0x0, 2D, 0xe;" },
    { 0xdf60000780470806ull, 0x7e0, "TMML.B.LOD R6, R8, R4, 0x0, 1D, 0xf;" },
    { 0xdf600007c0470806ull, 0x7e0, "TMML.B.LOD R6, R8, R4, 0x0, 3D, 0xf;" },
    { 0xdf600007e0470806ull, 0x7e0, "TMML.B.LOD R6, R8, R4, 0x0, CUBE, 0xf;" },
    { 0xdf60000790470806ull, 0x7e0, "TMML.B.LOD R6, R8, R4, 0x0, ARRAY_1D, 0xf;" },
    { 0xdf600007b0470806ull, 0x7e0, "TMML.B.LOD R6, R8, R4, 0x0, ARRAY_2D, 0xf;" },
};

/* legal: the rows are compiler output, so they must also decode legal (the
 * nxas rows are hand-written test words: only their text is checked). */
static void check_rows(const struct corpus_row *rows, size_t n, const char *what, int legal)
{
    for (size_t i = 0; i < n; i++) {
        char buf[256];
        uint64_t w;
        uint32_t c, want_c = CTRL_OF(rows[i].ctrl);
        tx_asm_err e;
        tx_insn d;

        tx_disasm(rows[i].word, want_c, buf, sizeof buf);
        CHECK_STR(buf, rows[i].text, what);
        /* Hand-written rows may break the register alignment rule (R6 with
         * four components): assemble them as illegal forms are. */
        if (tx_asm_opt(rows[i].text, !legal, &w, &c, &e)) {
            CHECK(0, "%s: asm \"%s\": col %d: %s", what, rows[i].text, e.col, e.msg);
            continue;
        }
        CHECK_EQ_U64(w, rows[i].word, rows[i].text);
        CHECK_EQ_U64(c, want_c, rows[i].text);
        tx_decode(rows[i].word, want_c, &d);
        CHECK(!legal || !d.illegal, "%s: \"%s\" decodes illegal: %s", what, rows[i].text,
              d.why ? d.why : "");
    }
}

static void test_corpus(void)
{
    tx_insn d;

    check_rows(txq_corpus, sizeof txq_corpus / sizeof txq_corpus[0], "TXQ corpus", 1);
    check_rows(tmml_nxas, sizeof tmml_nxas / sizeof tmml_nxas[0], "TMML nxas", 0);

    /* Fields of one word of each. */
    tx_decode(0xdf48056200470000ull, CTRL_OF(0x0407b1), &d);
    CHECK(d.op == TX_OP_TXQ && !d.u.txq.bindless && d.u.txq.query == TX_TXQ_DIMENSION &&
              d.u.txq.tsidx == 0x56 && d.u.txq.wmask == 4 && d.phase == TX_PHASE_P,
          "TXQ fields");
    tx_decode(0xdf600007a0470806ull, 0x7e0, &d);
    CHECK(d.op == TX_OP_TMML && d.u.tmml.bindless && d.u.tmml.dim == TX_DIM_2D && d.rb == 4 &&
              d.ra == 8 && d.rd == 6 && d.u.tmml.wmask == 0xf,
          "TMML.B fields");
}

/* ---- every form ------------------------------------------------------- */

static long forms;

static void round_trip(const char *text, int want_legal)
{
    uint64_t w, w2;
    uint32_t c, c2;
    tx_asm_err e;
    char buf[256];
    tx_insn d;

    if (tx_asm_opt(text, 1, &w, &c, &e)) {
        CHECK(0, "asm \"%s\": col %d: %s", text, e.col, e.msg);
        return;
    }
    tx_disasm(w, c, buf, sizeof buf);
    CHECK_STR(buf, text, "disasm of asm");
    CHECK(!tx_asm_opt(buf, 1, &w2, &c2, &e) && w2 == w && c2 == c, "\"%s\" round trip", text);
    tx_decode(w, c, &d);
    CHECK(d.illegal == !want_legal, "\"%s\": illegal %d (%s)", text, d.illegal,
          d.why ? d.why : "");
    forms++;
}

static const char *const guards[] = { "", "@P3 ", "@!P0 " };
static const char *const phases[] = { "", ".T", ".P" };
static const char *const queries[] = {
    "TEX_HEADER_DIMENSION", "TEX_HEADER_TEXTURE_TYPE", "TEX_HEADER_SAMPLER_POS",
    "TEX_SAMPLER_FILTER",   "TEX_SAMPLER_LOD",         "TEX_SAMPLER_WRAP",
    "TEX_SAMPLER_BORDER_COLOR",
};
static const char *const dims[] = { "1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "CUBE", "ARRAY_CUBE" };

static void test_forms(void)
{
    char t[256];

    for (int g = 0; g < 3; g++)
        for (int b = 0; b < 2; b++)
            for (int nd = 0; nd < 2; nd++)
                for (int ph = 0; ph < 3; ph++)
                    for (int q = 0; q < 7; q++)
                        for (unsigned m = 0; m < 16; m++) {
                            /* Rd R8 is aligned for every mask; Ra R4 for the pair. */
                            snprintf(t, sizeof t, "%sTXQ%s%s%s R8, R4, %s, 0x%x, 0x%x;", guards[g],
                                     b ? ".B" : "", nd ? ".NODEP" : "", phases[ph], queries[q],
                                     b ? 0 : 0x1a5u + m, m);
                            round_trip(t, 1);
                        }
    for (int g = 0; g < 3; g++)
        for (int b = 0; b < 2; b++)
            for (int ndv = 0; ndv < 2; ndv++)
                for (int nd = 0; nd < 2; nd++)
                    for (int ph = 0; ph < 3; ph++)
                        for (int k = 0; k < 7; k++)
                            for (unsigned m = 0; m < 16; m++) {
                                snprintf(t, sizeof t, "%sTMML%s.LOD%s%s%s R12, R4%s, 0x%x, %s, 0x%x;",
                                         guards[g], b ? ".B" : "", ndv ? ".NDV" : "",
                                         nd ? ".NODEP" : "", phases[ph], b ? ", R9" : "",
                                         b ? 0 : 0x1000u + m, dims[k], m);
                                round_trip(t, 1);
                            }
    printf("forms: %ld\n", forms);
}

/* ---- illegal forms ------------------------------------------------------ */

static void expect_illegal(uint64_t w, uint32_t c, const char *why)
{
    tx_insn d;
    tx_decode(w, c, &d);
    CHECK(d.illegal && d.why && !strcmp(d.why, why), "0x%016llx: want \"%s\", got %s \"%s\"",
          (unsigned long long)w, why, d.illegal ? "illegal" : "legal", d.why ? d.why : "");
}

static uint64_t asm_word(const char *text)
{
    uint64_t w = 0;
    uint32_t c;
    tx_asm_err e;
    if (tx_asm_opt(text, 1, &w, &c, &e))
        CHECK(0, "asm \"%s\": %s", text, e.msg);
    return w;
}

static void test_illegal(void)
{
    uint64_t txq = 0xdf48056080470000ull, txqb = 0xdf50000080470606ull;
    uint64_t tmml = 0xdf580287a0070806ull, tmmlb = 0xdf600007a0470806ull;

    /* Reserved bits. */
    expect_illegal(txq | 1ull << 20, 0x7e0, "reserved bit 20 set");
    expect_illegal(txq | 1ull << 21, 0x7e0, "reserved bit 21 set");
    expect_illegal(txq | 1ull << 29, 0x7e0, "reserved bit 29 set");
    expect_illegal(txq | 1ull << 35, 0x7e0, "reserved bit 35 set");
    expect_illegal(txq | 1ull << 50, 0x7e0, "reserved bit 50 set");
    expect_illegal(txqb | 1ull << 40, 0x7e0, "reserved bit 40 set");
    expect_illegal(tmml | 1ull << 50, 0x7e0, "reserved bit 50 set");
    expect_illegal(tmmlb | 1ull << 36, 0x7e0, "reserved bit 36 set");
    /* Reserved codes. */
    expect_illegal((txq & ~(0x3full << 22)) | 3ull << 22, 0x7e0, "TXQ query code 3 is reserved");
    expect_illegal(txq & ~(0x3full << 22), 0x7e0, "TXQ query code 0 is reserved");
    expect_illegal((txq & ~(0x3full << 22)) | 63ull << 22, 0x7e0, "TXQ query code 63 is reserved");
    expect_illegal((tmml & ~(7ull << 28)) | 5ull << 28, 0x7e0, "TMML dim ARRAY_3D is reserved");
    /* TMML without .B reads no Rb: [27:20] is reserved (ptxas writes R0,
     * nvdisasm never prints it). */
    expect_illegal(tmml | 1ull << 20, 0x7e0, "reserved bit 20 set");
    expect_illegal(tmml | 0xffull << 20, 0x7e0, "reserved bit 20 set");
    expect_illegal(txq, 3u << 17 | 0x7e0, "ctrl phase 3 is reserved");
    /* Registers. */
    expect_illegal(asm_word("TXQ R1, R0, TEX_HEADER_DIMENSION, 0x1, 0x3;"), 0x7e0,
                   "Rd must be even (2 registers written)");
    expect_illegal(asm_word("TXQ R2, R0, TEX_HEADER_DIMENSION, 0x1, 0x7;"), 0x7e0,
                   "Rd must be a multiple of 4 (3-4 registers written)");
    expect_illegal(asm_word("TXQ.B R0, R3, TEX_HEADER_DIMENSION, 0x0, 0x1;"), 0x7e0,
                   "Ra must be even (2 registers)");
    expect_illegal(asm_word("TMML.LOD R0, RZ, 0x1, 2D, 0x1;"), 0x7e0, "Ra must not be RZ");
    expect_illegal(asm_word("TMML.B.LOD R0, R2, RZ, 0x0, 2D, 0x1;"), 0x7e0, "Rb must not be RZ");
    expect_illegal(asm_word("TMML.LOD R0, R1, 0x1, 2D, 0x1;"), 0x7e0,
                   "Ra must be even (2 registers)");
    expect_illegal(asm_word("TMML.LOD R0, R2, 0x1, 3D, 0x1;"), 0x7e0,
                   "Ra must be a multiple of 4 (3-4 registers)");
    expect_illegal(asm_word("TMML.LOD R1, R4, 0x1, 2D, 0x3;"), 0x7e0,
                   "Rd must be even (2 registers written)");

    /* TXQ.B reads a pair for every query; RZ operands of TXQ read 0. */
    expect_illegal(asm_word("TXQ.B R0, R3, TEX_HEADER_TEXTURE_TYPE, 0x0, 0x4;"), 0x7e0,
                   "Ra must be even (2 registers)");
    {
        tx_insn d;
        tx_decode(asm_word("TXQ RZ, RZ, TEX_HEADER_DIMENSION, 0x0, 0xf;"), 0x7e0, &d);
        CHECK(!d.illegal, "TXQ RZ, RZ is legal");
    }

    /* Reserved codes print INVALIDn and do not assemble. */
    {
        char buf[256];
        uint64_t w;
        uint32_t c;
        tx_disasm((txq & ~(0x3full << 22)) | 9ull << 22, 0x7e0, buf, sizeof buf);
        CHECK_STR(buf, "TXQ R0, R0, INVALID9, 0x56, 0x1;", "reserved query text");
        CHECK(tx_asm(buf, &w, &c, NULL) != 0, "INVALID9 does not assemble");
    }
}

/* ---- assembler errors --------------------------------------------------- */

static void test_errors(void)
{
    static const struct { const char *text; int col; const char *msg; } bad[] = {
        { "TXQ R0, R0, TEX_HEADER_DIM, 0x1, 0x1", 13, "expected a query" },
        { "TXQ R0, R0, TEX_HEADER_DIMENSION, 0x2000, 0x1", 35, "immediate out of range" },
        { "TXQ.B R0, R0, TEX_HEADER_DIMENSION, 0x4, 0x1", 37, "the .B form has no index field" },
        { "TXQ R0, R0, TEX_HEADER_DIMENSION, 0x1, 0x10", 40, "immediate out of range" },
        { "TXQ.LZ R0, R0, TEX_HEADER_DIMENSION, 0x1", 4, "unknown modifier '.LZ' for TXQ" },
        { "TXQ R0, R0, TEX_HEADER_DIMENSION, 0x1, 0x1, 0x1", 45, "too many operands" },
        { "TMML R0, R2, 0x1, 2D", 1, "TMML needs .LOD" },
        { "TMML.B.LOD R0, R2, 0x0, 2D", 20, "expected a register" },
        { "TMML.LOD R0, R2, 0x1, ARRAY_3D", 23, "paramA ARRAY_3D is reserved" },
        { "TMML.LOD.LOD R0, R2, 0x1, 2D", 9, "duplicate modifier '.LOD'" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t w;
        uint32_t c;
        tx_asm_err e;
        int r = tx_asm(bad[i].text, &w, &c, &e);
        CHECK(r != 0 && e.col == bad[i].col && strstr(e.msg, bad[i].msg),
              "\"%s\": want col %d \"%s\", got %d col %d \"%s\"", bad[i].text, bad[i].col,
              bad[i].msg, r, e.col, e.msg);
    }
}

/* ---- random words -------------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545f4914f6cdd1dull;
}

static void test_random_words(void)
{
    static const uint64_t bits[4] = { 0xdf48000000000000ull, 0xdf50000000000000ull,
                                      0xdf58000000000000ull, 0xdf60000000000000ull };
    long legal = 0, bad = 0, n = 0;

    for (int p = 0; p < 4; p++)
        for (int k = 0; k < 50000; k++) {
            uint64_t w = (next_rand() & ~0xfff8000000000000ull) | bits[p], w2;
            uint32_t c = k & 1 ? 0x7e0 : (uint32_t)next_rand() & 0x7ffffu, c2;
            char buf[256];
            tx_asm_err e;
            tx_insn d;
            int r;

            if (k & 4) /* reserved bits clear, queries legal more often */
                w &= ~(1ull << 50 | 1ull << 35 | 7ull << 28 | 3ull << 20 |
                       (p == 1 || p == 3 ? 0x1fffull << 36 : 0));
            if ((k & 8) && p < 2)
                w = (w & ~(0x3full << 22)) | (uint64_t)(k & 16 ? 1 : 2) << 22;
            tx_decode(w, c, &d);
            CHECK(d.op == (p < 2 ? TX_OP_TXQ : TX_OP_TMML), "opcode of 0x%016llx",
                  (unsigned long long)w);
            tx_disasm(w, c, buf, sizeof buf);
            r = tx_asm_opt(buf, 1, &w2, &c2, &e);
            n++;
            legal += !d.illegal;
            if ((!d.illegal && r) || (!r && (w2 != w || c2 != c))) {
                if (bad++ < 10)
                    CHECK(0, "word 0x%016llx ctrl 0x%x -> \"%s\" -> %s 0x%016llx 0x%x (%s)",
                          (unsigned long long)w, c, buf, r ? "error" : "word",
                          (unsigned long long)w2, c2, r ? e.msg : "");
            }
        }
    CHECK(bad == 0, "random words: %ld bad of %ld", bad, n);
    CHECK(legal > 1000, "random words: only %ld legal", legal);
    printf("random words: %ld decoded, %ld legal, all round trips agree\n", n, legal);
}

int main(void)
{
    test_corpus();
    test_forms();
    test_illegal();
    test_errors();
    test_random_words();
    printf("test_txq_isa: %d passed, %d failed\n", check_pass, check_fail);
    return check_fail != 0;
}
