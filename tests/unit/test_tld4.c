/*
 * test_tld4.c - TLD4, TLD4.B and TLD4S (gather; docs/semantics.md section
 * 9, docs/isa.md "TLD4").
 *
 * The encodings against NVIDIA's disassembler: every TLD4 and TLD4S word of
 * the sm_50 corpus (ptxas output disassembled by nvdisasm) disassembles to
 * NVIDIA's text (scheduling fields aside, which nvdisasm does not print) and
 * that text assembles back to the word.  Then the legality rules, and whole
 * instructions on a small pitch texture: the texel order of the footprint
 * against an independent double-precision reference of the coordinate
 * arithmetic, the component select, 6-bit AOFFI offsets, per-texel offsets
 * (.PTP), .DC, TLD4S
 * operand slots and register packing.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "format.h"
#include "isa.h"
#include "model.h"
#include "state.h"
#include "tic.h"

/* word, control field, NVIDIA's text (nvdisasm-sm5x-corpus.tsv). */
static const struct corpus_row {
    uint64_t word;
    uint32_t ctrl;
    const char *text;
} corpus[] = {
    { 0xdf00056080570004ull, 0x0407b1, "TLD4S.R.P R8, R4, R0, R5, 0x56;" },
    { 0xdf08056080670404ull, 0x0407b1, "TLD4S.R.AOFFI.P R8, R4, R4, R6, 0x56;" },
    { 0xdf04056080670404ull, 0x0407b1, "TLD4S.R.DC.P R8, R4, R4, R6, 0x56;" },
    { 0xdf0c056080670404ull, 0x0407b1, "TLD4S.R.AOFFI.DC.P R8, R4, R4, R6, 0x56;" },
    { 0xdf10056080570004ull, 0x0407b1, "TLD4S.G.P R8, R4, R0, R5, 0x56;" },
    { 0xdf18056080670404ull, 0x0407b1, "TLD4S.G.AOFFI.P R8, R4, R4, R6, 0x56;" },
    { 0xdf14056080670404ull, 0x0407b1, "TLD4S.G.DC.P R8, R4, R4, R6, 0x56;" },
    { 0xdf1c056080670404ull, 0x0407b1, "TLD4S.G.AOFFI.DC.P R8, R4, R4, R6, 0x56;" },
    { 0xdf20056080570004ull, 0x0407b1, "TLD4S.B.P R8, R4, R0, R5, 0x56;" },
    { 0xdf28056080670404ull, 0x0407b1, "TLD4S.B.AOFFI.P R8, R4, R4, R6, 0x56;" },
    { 0xdf24056080670404ull, 0x0407b1, "TLD4S.B.DC.P R8, R4, R4, R6, 0x56;" },
    { 0xdf2c056080670404ull, 0x0407b1, "TLD4S.B.AOFFI.DC.P R8, R4, R4, R6, 0x56;" },
    { 0xdf30056080570004ull, 0x0407b1, "TLD4S.A.P R8, R4, R0, R5, 0x56;" },
    { 0xdf38056080670404ull, 0x0407b1, "TLD4S.A.AOFFI.P R8, R4, R4, R6, 0x56;" },
    { 0xdf34056080670404ull, 0x0407b1, "TLD4S.A.DC.P R8, R4, R4, R6, 0x56;" },
    { 0xdf3c056080670404ull, 0x0407b1, "TLD4S.A.AOFFI.DC.P R8, R4, R4, R6, 0x56;" },
    { 0xdef80007a0270808ull, 0x0507b1, "TLD4.R.B.P R8, R8, R2, 0x0, 2D, 0xf;" },
    { 0xdef80017a0670808ull, 0x0507b1, "TLD4.R.B.AOFFI.P R8, R8, R6, 0x0, 2D, 0xf;" },
    { 0xdefc0007a0670808ull, 0x0507b1, "TLD4.R.B.DC.P R8, R8, R6, 0x0, 2D, 0xf;" },
    { 0xdefc0017a0870608ull, 0x0507b1, "TLD4.R.B.AOFFI.DC.P R8, R6, R8, 0x0, 2D, 0xf;" },
    { 0xdef80047a0270808ull, 0x0507b1, "TLD4.G.B.P R8, R8, R2, 0x0, 2D, 0xf;" },
    { 0xdef80057a0670808ull, 0x0507b1, "TLD4.G.B.AOFFI.P R8, R8, R6, 0x0, 2D, 0xf;" },
    { 0xdefc0047a0670808ull, 0x0507b1, "TLD4.G.B.DC.P R8, R8, R6, 0x0, 2D, 0xf;" },
    { 0xdefc0057a0870608ull, 0x0507b1, "TLD4.G.B.AOFFI.DC.P R8, R6, R8, 0x0, 2D, 0xf;" },
    { 0xdef80087a0270808ull, 0x0507b1, "TLD4.B.B.P R8, R8, R2, 0x0, 2D, 0xf;" },
    { 0xdef80097a0670808ull, 0x0507b1, "TLD4.B.B.AOFFI.P R8, R8, R6, 0x0, 2D, 0xf;" },
    { 0xdefc0087a0670808ull, 0x0507b1, "TLD4.B.B.DC.P R8, R8, R6, 0x0, 2D, 0xf;" },
    { 0xdefc0097a0870608ull, 0x0507b1, "TLD4.B.B.AOFFI.DC.P R8, R6, R8, 0x0, 2D, 0xf;" },
    { 0xdef800c7a0270808ull, 0x0507b1, "TLD4.A.B.P R8, R8, R2, 0x0, 2D, 0xf;" },
    { 0xdef800d7a0670808ull, 0x0507b1, "TLD4.A.B.AOFFI.P R8, R8, R6, 0x0, 2D, 0xf;" },
    { 0xdefc00c7a0670808ull, 0x0507b1, "TLD4.A.B.DC.P R8, R8, R6, 0x0, 2D, 0xf;" },
    { 0xdefc00d7a0870608ull, 0x0507b1, "TLD4.A.B.AOFFI.DC.P R8, R6, R8, 0x0, 2D, 0xf;" },
    { 0xc8380567bff70404ull, 0x040fb1, "TLD4.R.P R4, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xc8780567b0470804ull, 0x040fb1, "TLD4.R.AOFFI.P R4, R8, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xc83c0567b0070808ull, 0x040fb1, "TLD4.R.DC.P R8, R8, R0, 0x56, ARRAY_2D, 0xf;" },
    { 0xc87c0567b0470804ull, 0x040fb1, "TLD4.R.AOFFI.DC.P R4, R8, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xc9380567bff70404ull, 0x040fb1, "TLD4.G.P R4, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xc9780567b0470804ull, 0x040fb1, "TLD4.G.AOFFI.P R4, R8, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xc93c0567b0070808ull, 0x040fb1, "TLD4.G.DC.P R8, R8, R0, 0x56, ARRAY_2D, 0xf;" },
    { 0xc97c0567b0470804ull, 0x040fb1, "TLD4.G.AOFFI.DC.P R4, R8, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xca380567bff70404ull, 0x040fb1, "TLD4.B.P R4, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xca780567b0470804ull, 0x040fb1, "TLD4.B.AOFFI.P R4, R8, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xca3c0567b0070808ull, 0x040fb1, "TLD4.B.DC.P R8, R8, R0, 0x56, ARRAY_2D, 0xf;" },
    { 0xca7c0567b0470804ull, 0x040fb1, "TLD4.B.AOFFI.DC.P R4, R8, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xcb380567bff70404ull, 0x040fb1, "TLD4.A.P R4, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xcb780567b0470804ull, 0x040fb1, "TLD4.A.AOFFI.P R4, R8, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xcb3c0567b0070808ull, 0x040fb1, "TLD4.A.DC.P R8, R8, R0, 0x56, ARRAY_2D, 0xf;" },
    { 0xcb7c0567b0470804ull, 0x040fb1, "TLD4.A.AOFFI.DC.P R4, R8, R4, 0x56, ARRAY_2D, 0xf;" },
    { 0xdef80007b0270808ull, 0x050fb1, "TLD4.R.B.P R8, R8, R2, 0x0, ARRAY_2D, 0xf;" },
    { 0xdef80017b0470804ull, 0x050fb1, "TLD4.R.B.AOFFI.P R4, R8, R4, 0x0, ARRAY_2D, 0xf;" },
    { 0xdefc0007b0670808ull, 0x050fb1, "TLD4.R.B.DC.P R8, R8, R6, 0x0, ARRAY_2D, 0xf;" },
    { 0xdefc0017b0470804ull, 0x050fb1, "TLD4.R.B.AOFFI.DC.P R4, R8, R4, 0x0, ARRAY_2D, 0xf;" },
    { 0xdef80047b0270808ull, 0x050fb1, "TLD4.G.B.P R8, R8, R2, 0x0, ARRAY_2D, 0xf;" },
    { 0xdef80057b0470804ull, 0x050fb1, "TLD4.G.B.AOFFI.P R4, R8, R4, 0x0, ARRAY_2D, 0xf;" },
    { 0xdefc0047b0670808ull, 0x050fb1, "TLD4.G.B.DC.P R8, R8, R6, 0x0, ARRAY_2D, 0xf;" },
    { 0xdefc0057b0470804ull, 0x050fb1, "TLD4.G.B.AOFFI.DC.P R4, R8, R4, 0x0, ARRAY_2D, 0xf;" },
    { 0xdef80087b0270808ull, 0x050fb1, "TLD4.B.B.P R8, R8, R2, 0x0, ARRAY_2D, 0xf;" },
    { 0xdef80097b0470804ull, 0x050fb1, "TLD4.B.B.AOFFI.P R4, R8, R4, 0x0, ARRAY_2D, 0xf;" },
    { 0xdefc0087b0670808ull, 0x050fb1, "TLD4.B.B.DC.P R8, R8, R6, 0x0, ARRAY_2D, 0xf;" },
    { 0xdefc0097b0470804ull, 0x050fb1, "TLD4.B.B.AOFFI.DC.P R4, R8, R4, 0x0, ARRAY_2D, 0xf;" },
    { 0xdef800c7b0270808ull, 0x050fb1, "TLD4.A.B.P R8, R8, R2, 0x0, ARRAY_2D, 0xf;" },
    { 0xdef800d7b0470804ull, 0x050fb1, "TLD4.A.B.AOFFI.P R4, R8, R4, 0x0, ARRAY_2D, 0xf;" },
    { 0xdefc00c7b0670808ull, 0x050fb1, "TLD4.A.B.DC.P R8, R8, R6, 0x0, ARRAY_2D, 0xf;" },
    { 0xdefc00d7b0470804ull, 0x050fb1, "TLD4.A.B.AOFFI.DC.P R4, R8, R4, 0x0, ARRAY_2D, 0xf;" },
    { 0xc8380567eff70c04ull, 0x0407b1, "TLD4.R.P R4, R12, 0x56, CUBE, 0xf;" },
    { 0xc83c0567e0070c04ull, 0x0407b1, "TLD4.R.DC.P R4, R12, R0, 0x56, CUBE, 0xf;" },
    { 0xc9380567eff70c04ull, 0x0407b1, "TLD4.G.P R4, R12, 0x56, CUBE, 0xf;" },
    { 0xc93c0567e0070c04ull, 0x0407b1, "TLD4.G.DC.P R4, R12, R0, 0x56, CUBE, 0xf;" },
    { 0xca380567eff70c04ull, 0x0407b1, "TLD4.B.P R4, R12, 0x56, CUBE, 0xf;" },
    { 0xca3c0567e0070c04ull, 0x0407b1, "TLD4.B.DC.P R4, R12, R0, 0x56, CUBE, 0xf;" },
    { 0xcb380567eff70c04ull, 0x0407b1, "TLD4.A.P R4, R12, 0x56, CUBE, 0xf;" },
    { 0xcb3c0567e0070c04ull, 0x0407b1, "TLD4.A.DC.P R4, R12, R0, 0x56, CUBE, 0xf;" },
    { 0xdef80007e0070404ull, 0x0507b1, "TLD4.R.B.P R4, R4, R0, 0x0, CUBE, 0xf;" },
    { 0xdefc0007e0470c04ull, 0x0507b1, "TLD4.R.B.DC.P R4, R12, R4, 0x0, CUBE, 0xf;" },
    { 0xdef80047e0070404ull, 0x0507b1, "TLD4.G.B.P R4, R4, R0, 0x0, CUBE, 0xf;" },
    { 0xdefc0047e0470c04ull, 0x0507b1, "TLD4.G.B.DC.P R4, R12, R4, 0x0, CUBE, 0xf;" },
    { 0xdef80087e0070404ull, 0x0507b1, "TLD4.B.B.P R4, R4, R0, 0x0, CUBE, 0xf;" },
    { 0xdefc0087e0470c04ull, 0x0507b1, "TLD4.B.B.DC.P R4, R12, R4, 0x0, CUBE, 0xf;" },
    { 0xdef800c7e0070404ull, 0x0507b1, "TLD4.A.B.P R4, R4, R0, 0x0, CUBE, 0xf;" },
    { 0xdefc00c7e0470c04ull, 0x0507b1, "TLD4.A.B.DC.P R4, R12, R4, 0x0, CUBE, 0xf;" },
    { 0xc8380567fff70808ull, 0x0417b1, "TLD4.R.P R8, R8, 0x56, ARRAY_CUBE, 0xf;" },
    { 0xc83c0567f0070808ull, 0x0417b1, "TLD4.R.DC.P R8, R8, R0, 0x56, ARRAY_CUBE, 0xf;" },
    { 0xc9380567fff70808ull, 0x0417b1, "TLD4.G.P R8, R8, 0x56, ARRAY_CUBE, 0xf;" },
    { 0xc93c0567f0070808ull, 0x0417b1, "TLD4.G.DC.P R8, R8, R0, 0x56, ARRAY_CUBE, 0xf;" },
    { 0xca380567fff70808ull, 0x0417b1, "TLD4.B.P R8, R8, 0x56, ARRAY_CUBE, 0xf;" },
    { 0xca3c0567f0070808ull, 0x0417b1, "TLD4.B.DC.P R8, R8, R0, 0x56, ARRAY_CUBE, 0xf;" },
    { 0xcb380567fff70808ull, 0x0417b1, "TLD4.A.P R8, R8, 0x56, ARRAY_CUBE, 0xf;" },
    { 0xcb3c0567f0070808ull, 0x0417b1, "TLD4.A.DC.P R8, R8, R0, 0x56, ARRAY_CUBE, 0xf;" },
    { 0xdef80007f0070808ull, 0x050fb1, "TLD4.R.B.P R8, R8, R0, 0x0, ARRAY_CUBE, 0xf;" },
    { 0xdefc0007f0470808ull, 0x050fb1, "TLD4.R.B.DC.P R8, R8, R4, 0x0, ARRAY_CUBE, 0xf;" },
    { 0xdef80047f0070808ull, 0x050fb1, "TLD4.G.B.P R8, R8, R0, 0x0, ARRAY_CUBE, 0xf;" },
    { 0xdefc0047f0470808ull, 0x050fb1, "TLD4.G.B.DC.P R8, R8, R4, 0x0, ARRAY_CUBE, 0xf;" },
    { 0xdef80087f0070808ull, 0x050fb1, "TLD4.B.B.P R8, R8, R0, 0x0, ARRAY_CUBE, 0xf;" },
    { 0xdefc0087f0470808ull, 0x050fb1, "TLD4.B.B.DC.P R8, R8, R4, 0x0, ARRAY_CUBE, 0xf;" },
    { 0xdef800c7f0070808ull, 0x050fb1, "TLD4.A.B.P R8, R8, R0, 0x0, ARRAY_CUBE, 0xf;" },
    { 0xdefc00c7f0470808ull, 0x050fb1, "TLD4.A.B.DC.P R8, R8, R4, 0x0, ARRAY_CUBE, 0xf;" },
};

/* Canonical text without the scheduling fields (" &..." and " ?S..."). */
static void strip_sched(char *t)
{
    char *p = strstr(t, " &");
    char *q = strstr(t, " ?S");
    if (!p || (q && q < p))
        p = q;
    if (p)
        strcpy(p, ";");
}

static void test_corpus(void)
{
    size_t n = sizeof corpus / sizeof corpus[0];
    for (size_t i = 0; i < n; i++) {
        char buf[160];
        uint64_t w;
        uint32_t c;
        tx_asm_err e;
        tx_insn d;
        tx_decode(corpus[i].word, corpus[i].ctrl, &d);
        CHECK(!d.illegal, "corpus 0x%016llx legal (%s)", (unsigned long long)corpus[i].word,
              d.why ? d.why : "");
        tx_disasm(corpus[i].word, corpus[i].ctrl, buf, sizeof buf);
        strip_sched(buf);
        CHECK_STR(buf, corpus[i].text, "disasm of a corpus word");
        if (tx_asm(corpus[i].text, &w, &c, &e)) {
            CHECK(0, "asm \"%s\": col %d: %s", corpus[i].text, e.col, e.msg);
            continue;
        }
        CHECK_EQ_U64(w, corpus[i].word, corpus[i].text);
        CHECK_EQ_U64(c >> 17 & 3, corpus[i].ctrl >> 17 & 3, "phase of the corpus text");
    }
    CHECK(n == 96, "96 TLD4/TLD4S corpus words (%zu)", n);
}

static uint64_t asm_ok(const char *t, int illegal_ok)
{
    uint64_t w = 0;
    uint32_t c;
    tx_asm_err e;
    if (tx_asm_opt(t, illegal_ok, &w, &c, &e))
        CHECK(0, "asm \"%s\": %s", t, e.msg);
    return w;
}

static void test_legality(void)
{
    static const struct { const char *text; const char *why; } bad[] = {
        { "TLD4.R R0, R4, 0x1, 1D, 0xf", "TLD4 needs paramA 2D, ARRAY_2D, CUBE or ARRAY_CUBE" },
        { "TLD4.R R0, R4, 0x1, 3D, 0xf", "TLD4 needs paramA 2D, ARRAY_2D, CUBE or ARRAY_CUBE" },
        { "TLD4.R.AOFFI R0, R4, R8, 0x1, CUBE, 0xf",
          ".AOFFI and .PTP are not supported with CUBE textures" },
        { "TLD4.G R0, R5, 0x1, 2D, 0xf", "Ra must be even (2 registers)" },
        { "TLD4.G R2, R4, 0x1, 2D, 0xf", "Rd must be a multiple of 4 (3-4 registers written)" },
        { "TLD4.B.B.DC R0, R4, R9, 0x0, 2D, 0xf", "Rb must be even (2 registers)" },
        { "TLD4S.A.AOFFI.DC R8, R4, R4, R7, 0x1", "Rb must be even (2 registers)" },
        { "TLD4S.A R9, R4, R4, R7, 0x1", "Rd1 must be even (2 registers written)" },
        { "TLD4S.A.DC R8, R4, R5, R7, 0x1", "Ra must be even (2 registers)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t w = asm_ok(bad[i].text, 1);
        tx_insn d;
        tx_decode(w, TX_CTRL_DEFAULT, &d);
        CHECK(d.illegal && d.why && !strcmp(d.why, bad[i].why), "%s: illegal \"%s\" (got %s)",
              bad[i].text, bad[i].why, d.why ? d.why : "legal");
    }
    /* Offset form 3 and TLD4.B's unused index bits. */
    tx_insn d;
    tx_decode(0xc8f80567bff70404ull, TX_CTRL_DEFAULT, &d);
    CHECK(d.op == TX_OP_TLD4 && d.illegal && !strcmp(d.why, "TLD4 offset form 3 is reserved"),
          "offset form 3");
    tx_decode(0xdef80107a0270808ull, TX_CTRL_DEFAULT, &d);
    CHECK(d.illegal && !strcmp(d.why, "reserved bit 40 set"), "TLD4.B bit 40");
    /* The assembler refuses illegal forms unless asked. */
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    CHECK(tx_asm("TLD4.R R0, R4, 0x1, 3D, 0xf", &w, &c, &e) != 0 &&
          strstr(e.msg, "illegal TLD4 form"), "asm refuses 3D");
    /* Fields: F16 TLD4S, PTP, sparse predicate, .NDV. */
    w = asm_ok("TLD4S.B.F16.NODEP.T R10, R2, R4, R5, 0x1abc", 0);
    tx_decode(w, TX_CTRL_DEFAULT, &d);
    CHECK(d.op == TX_OP_TLD4S && d.u.tld4.comp == 2 && d.u.tld4.f16 && d.u.tld4.nodep &&
          d.u.tld4.rd1 == 10 && d.rd == 2 && d.u.tld4.tsidx == 0x1abc, "TLD4S fields");
    w = asm_ok("TLD4.A.PTP.DC.NDV P3, R0, R4, R8, 0x7, ARRAY_2D, 0x5", 1);
    tx_decode(w, TX_CTRL_DEFAULT, &d);
    CHECK(d.u.tld4.comp == 3 && d.u.tld4.offs == TX_TLD4_PTP && d.u.tld4.dc && d.u.tld4.ndv &&
          d.u.tld4.ps == 3 && d.u.tld4.wmask == 5 && d.u.tld4.dim == 3, "TLD4 fields");
    char buf[160];
    tx_disasm(w, TX_CTRL_DEFAULT, buf, sizeof buf);
    CHECK_STR(buf, "TLD4.A.PTP.DC.NDV P3, R0, R4, R8, 0x7, ARRAY_2D, 0x5;", "PTP text");
}

/* ---- whole instructions ------------------------------------------------ */

#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull
#define TEX_BASE 0x100000ull
#define TW 5   /* texture width (odd: no power of two) */
#define TH 4

static void put32s(tx_state *s, uint64_t a, const uint32_t w[8])
{
    uint8_t b[32];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            b[4 * i + j] = (uint8_t)(w[i] >> (8 * j));
    tx_mem_write(s->mem, a, b, 32);
}

/* RGBA8 pitch texture: texel (x, y) = (16x+y, 40y+x, 255-16x, 7x+3y+1),
 * every texel a different R. */
static uint8_t texel(unsigned x, unsigned y, int c)
{
    switch (c) {
    case 0: return (uint8_t)(16 * x + y);
    case 1: return (uint8_t)(40 * y + x);
    case 2: return (uint8_t)(255 - 16 * x);
    default: return (uint8_t)(7 * x + 3 * y + 1);
    }
}

static void setup(tx_state *s, unsigned addr_mode)
{
    tx_tic t;
    tx_tsc smp;
    uint32_t w[8];
    tx_state_reset(s);
    s->tic_base = TIC_BASE;
    s->tic_max = 15;
    s->tsc_base = TSC_BASE;
    s->tsc_max = 7;
    memset(&t, 0, sizeof t);
    t.components = TX_FMT_A8B8G8R8;
    for (int i = 0; i < 4; i++)
        t.dtype[i] = TX_DT_UNORM;
    t.swz[0] = TX_SWZ_R; t.swz[1] = TX_SWZ_G; t.swz[2] = TX_SWZ_B; t.swz[3] = TX_SWZ_A;
    t.address = TEX_BASE;
    t.version = TX_TIC_PITCH;
    t.pitch = 32;
    t.width_minus_one = TW - 1;
    t.height_minus_one = TH - 1;
    t.texture_type = TX_TEX_2D;
    t.normalized_coords = 1;
    tx_tic_pack(&t, w);
    put32s(s, TIC_BASE + 32 * 2, w);
    /* POINT filtering and a LOD clamp away from 0: a gather ignores both. */
    memset(&smp, 0, sizeof smp);
    smp.mag_filter = smp.min_filter = 1;
    smp.mip_filter = 1;
    smp.min_lod_clamp = 0x300;
    smp.max_lod_clamp = 0xfff;
    smp.address_u = smp.address_v = smp.address_p = (uint8_t)addr_mode;
    smp.depth_compare_func = 3;   /* LEQUAL */
    tx_tsc_pack(&smp, w);
    put32s(s, TSC_BASE + 32 * 3, w);
    for (unsigned y = 0; y < TH; y++)
        for (unsigned x = 0; x < TW; x++) {
            uint8_t b[4] = {texel(x, y, 0), texel(x, y, 1), texel(x, y, 2), texel(x, y, 3)};
            tx_mem_write(s->mem, TEX_BASE + y * 32 + x * 4, b, 4);
        }
    uint32_t h = 3u << 20 | 2u;   /* sampler 3, header 2 */
    memcpy(&s->cbank[4 * 5], &h, 4);
}

static int run(tx_state *s, const char *sass, tx_effects *fx)
{
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    if (tx_asm_opt(sass, 1, &w, &c, &e) != 0) {
        CHECK(0, "asm %s: %s", sass, e.msg);
        return -1;
    }
    return tx_step(s, w, c, fx);
}

/* The reference: the texel indices of a coordinate on one axis of extent n,
 * in double precision from the rules of docs/filtering.md C2 and T2: the
 * coordinate cut to 21 fraction bits (toward minus infinity), times n,
 * rounded to 1/256 (half up), minus half a texel, floor; CLAMP_TO_EDGE. */
static void ref_axis(float u, int n, int off, int i[2])
{
    double c = floor((double)u * 2097152.0) / 2097152.0;
    double p = floor(c * n * 256.0 + 0.5) / 256.0 + off;
    int i0 = (int)floor(p - 0.5);
    for (int k = 0; k < 2; k++) {
        int v = i0 + k;
        i[k] = v < 0 ? 0 : v >= n ? n - 1 : v;
    }
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

static void test_gather(void)
{
    tx_state *s = tx_state_new();
    tx_effects *fx = malloc(sizeof *fx);
    char sass[96];

    setup(s, 2);   /* CLAMP_TO_EDGE */
    /* Random coordinates in [-0.25, 1.25), every component, random AOFFI
     * offsets in [-32, 31]: the footprint against the reference. */
    long bad = 0, total = 0;
    for (int iter = 0; iter < 40; iter++) {
        int comp = iter & 3, aoffi = (iter >> 2) & 1;
        int ox[32], oy[32];
        for (int l = 0; l < 32; l++) {
            float u = (float)(rnd() % 3000) / 2000.0f - 0.25f;
            float v = (float)(rnd() % 3000) / 2000.0f - 0.25f;
            ox[l] = aoffi ? (int)(rnd() % 64) - 32 : 0;
            oy[l] = aoffi ? (int)(rnd() % 64) - 32 : 0;
            s->r[l][4] = f32_bits(u);
            s->r[l][5] = f32_bits(v);
            /* junk in bits 6-7 and 14-15 is ignored */
            s->r[l][8] = (uint32_t)(ox[l] & 0x3f) | (uint32_t)(oy[l] & 0x3f) << 8 | 0xc0c0u;
        }
        snprintf(sass, sizeof sass, "TLD4.%c%s R0, R4, %s0x5, 2D, 0xf", "RGBA"[comp],
                 aoffi ? ".AOFFI" : "", aoffi ? "R8, " : "");
        CHECK(run(s, sass, fx) == TX_ST_OK, "%s runs", sass);
        for (int l = 0; l < 32; l++) {
            int ix[2], iy[2];
            ref_axis(bits_f32(s->r[l][4]), TW, ox[l], ix);
            ref_axis(bits_f32(s->r[l][5]), TH, oy[l], iy);
            /* (i0,j1), (i1,j1), (i1,j0), (i0,j0) */
            const int px[4] = {ix[0], ix[1], ix[1], ix[0]}, py[4] = {iy[1], iy[1], iy[0], iy[0]};
            for (int k = 0; k < 4; k++) {
                uint32_t want = f32_bits((float)texel((unsigned)px[k], (unsigned)py[k], comp) /
                                         255.0f);
                total++;
                if (s->r[l][k] != want && bad++ < 5)
                    CHECK(0, "%s lane %d texel %d: got 0x%08x want 0x%08x", sass, l, k,
                          s->r[l][k], want);
            }
        }
    }
    CHECK(bad == 0, "gather footprint: %ld of %ld texels differ from the reference", bad, total);

    /* .PTP: texel k from the footprint moved by offset k (bytes 2(k & 1),
     * 2(k & 1) + 1 of word k >> 1). */
    bad = total = 0;
    for (int iter = 0; iter < 16; iter++) {
        int comp = iter & 3;
        int ox[32][4], oy[32][4];
        for (int l = 0; l < 32; l++) {
            s->r[l][4] = f32_bits((float)(rnd() % 3000) / 2000.0f - 0.25f);
            s->r[l][5] = f32_bits((float)(rnd() % 3000) / 2000.0f - 0.25f);
            s->r[l][8] = s->r[l][9] = 0;
            for (int k = 0; k < 4; k++) {
                ox[l][k] = (int)(rnd() % 64) - 32;
                oy[l][k] = (int)(rnd() % 64) - 32;
                uint32_t b = (uint32_t)(ox[l][k] & 0x3f) | (uint32_t)(oy[l][k] & 0x3f) << 8;
                s->r[l][8 + (k >> 1)] |= b << (16 * (k & 1));
            }
        }
        snprintf(sass, sizeof sass, "TLD4.%c.PTP R0, R4, R8, 0x5, 2D, 0xf", "RGBA"[comp]);
        CHECK(run(s, sass, fx) == TX_ST_OK, "%s runs", sass);
        for (int l = 0; l < 32; l++)
            for (int k = 0; k < 4; k++) {
                int ix[2], iy[2];
                ref_axis(bits_f32(s->r[l][4]), TW, ox[l][k], ix);
                ref_axis(bits_f32(s->r[l][5]), TH, oy[l][k], iy);
                const int px[4] = {ix[0], ix[1], ix[1], ix[0]}, py[4] = {iy[1], iy[1], iy[0], iy[0]};
                uint32_t want = f32_bits((float)texel((unsigned)px[k], (unsigned)py[k], comp) /
                                         255.0f);
                total++;
                if (s->r[l][k] != want && bad++ < 5)
                    CHECK(0, "%s lane %d texel %d: got 0x%08x want 0x%08x", sass, l, k,
                          s->r[l][k], want);
            }
    }
    CHECK(bad == 0, "per-texel offsets: %ld of %ld texels differ from the reference", bad, total);

    /* Write mask: .B with mask 0x6 writes texels 1 and 2 to R0, R1. */
    for (int l = 0; l < 32; l++) {
        s->r[l][4] = f32_bits(0.3f);
        s->r[l][5] = f32_bits(0.6f);
        s->r[l][0] = s->r[l][1] = s->r[l][2] = 0x12345678u;
    }
    run(s, "TLD4.B R0, R4, 0x5, 2D, 0x6", fx);
    {
        int ix[2], iy[2];
        ref_axis(0.3f, TW, 0, ix);
        ref_axis(0.6f, TH, 0, iy);
        CHECK(s->r[7][0] == f32_bits(texel((unsigned)ix[1], (unsigned)iy[1], 2) / 255.0f) &&
              s->r[7][1] == f32_bits(texel((unsigned)ix[1], (unsigned)iy[0], 2) / 255.0f) &&
              s->r[7][2] == 0x12345678u, "write mask 0x6 compacts texels 1, 2");

        /* TLD4S: s in Ra, t in Rb; Rd0, Rd0+1, Rd1, Rd1+1. */
        for (int l = 0; l < 32; l++)
            s->r[l][9] = f32_bits(0.6f);
        run(s, "TLD4S.G R12, R0, R4, R9, 0x5", fx);
        uint32_t want[4];
        const int px[4] = {ix[0], ix[1], ix[1], ix[0]}, py[4] = {iy[1], iy[1], iy[0], iy[0]};
        for (int k = 0; k < 4; k++)
            want[k] = f32_bits(texel((unsigned)px[k], (unsigned)py[k], 1) / 255.0f);
        CHECK(s->r[3][0] == want[0] && s->r[3][1] == want[1] && s->r[3][12] == want[2] &&
              s->r[3][13] == want[3], "TLD4S packing");
        /* .F16: pairs in Rd0 and Rd1; Rd1 = RZ drops texels 2 and 3. */
        run(s, "TLD4S.G.F16 RZ, R20, R4, R9, 0x5", fx);
        CHECK(fx->nregw == 32, "TLD4S.F16 with Rd1 = RZ writes one register (%d)", fx->nregw);
        CHECK((s->r[3][20] & 0xffff) == tx_f32_to_f16(want[0], 0) &&
              (s->r[3][20] >> 16) == tx_f32_to_f16(want[1], 0), "TLD4S.F16 packing");
        /* .DC: each texel compared (LEQUAL): ref <= texel gives 1.0. */
        for (int l = 0; l < 32; l++)
            s->r[l][5] = f32_bits(texel((unsigned)ix[1], (unsigned)iy[0], 0) / 255.0f);
        for (int l = 0; l < 32; l++)
            s->r[l][4] = f32_bits(0.3f), s->r[l][6] = s->r[l][5], s->r[l][5] = f32_bits(0.6f);
        run(s, "TLD4.R.DC R0, R4, R6, 0x5, 2D, 0xf", fx);
        for (int k = 0; k < 4; k++) {
            unsigned r = texel((unsigned)px[k], (unsigned)py[k], 0);
            unsigned rf = texel((unsigned)ix[1], (unsigned)iy[0], 0);
            CHECK(s->r[0][k] == (rf <= r ? 0x3f800000u : 0u), "DC texel %d", k);
        }
    }
    free(fx);
    tx_state_free(s);
}

int main(void)
{
    test_corpus();
    test_legality();
    test_gather();
    return check_done("test_tld4");
}
