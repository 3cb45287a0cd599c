/*
 * test_isa.c - assembler, disassembler and decoder (cmodel/isa.h).
 *
 * Every legal form of TLDS, TEX, SULD and PIXLD is enumerated (every
 * modifier combination x paramA/dim x write mask x F16/F32 x guard x phase x
 * scheduling set), written as canonical text by this file, and checked both
 * ways: text -> asm -> disasm == text, word -> disasm -> asm == word, plus
 * the decoded fields.  Then reserved codes, the seed examples, random words
 * and assembler error columns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "isa.h"

#define RZ 255

static long forms, legal_forms;

static const char *const guards[] = { "", "@P0 ", "@!P5 ", "@!PT " };
static const unsigned guard_pred[] = { 7, 0, 5, 7 };
static const unsigned guard_neg[] = { 0, 0, 1, 1 };
static const char *const scheds[] = { "", " &req={0,3} &rd=1 &wr=2 ?S4Y", " ?S15" };
static const uint32_t sched_ctrl[] = { 0x7e0, (0x9u << 11) | (1u << 8) | (2u << 5) | 0x14, 0x7ef };
static const char *const phases[] = { "", ".T", ".P" };
#define NG 4
#define NS 3

/* Assemble the canonical text `text`; it must disassemble to itself and its
 * word must come back from the disassembly.  Returns 0 and the decode. */
static int round_trip(const char *text, tx_insn *d)
{
    uint64_t w, w2;
    uint32_t c, c2;
    tx_asm_err e;
    char buf[256];

    if (tx_asm_opt(text, 1, &w, &c, &e)) {
        CHECK(0, "asm \"%s\": col %d: %s", text, e.col, e.msg);
        return -1;
    }
    tx_disasm(w, c, buf, sizeof buf);
    if (strcmp(buf, text)) {
        CHECK(0, "disasm: got \"%s\", want \"%s\"", buf, text);
        return -1;
    }
    if (tx_asm_opt(buf, 1, &w2, &c2, &e) || w2 != w || c2 != c) {
        CHECK(0, "word 0x%016llx -> \"%s\" does not assemble back", (unsigned long long)w, buf);
        return -1;
    }
    tx_decode(w, c, d);
    forms++;
    legal_forms += !d->illegal;
    return 0;
}

/* Checks common to every enumerated form; counted as one check. */
static void check_common(const tx_insn *d, int g, int s, unsigned phase, const char *text)
{
    CHECK(d->pred == guard_pred[g] && d->pred_neg == guard_neg[g] &&
          (d->ctrl & ~(3u << 17)) == sched_ctrl[s] && d->phase == phase,
          "%s: guard/ctrl/phase fields", text);
}

/* ---- TLDS ------------------------------------------------------------- */

static const char *const tlds_dim[] = { "1D", "", "2D", "ARRAY_2D", "3D" };
static const char *const tlds_rz_masks[] = { "R", "G", "B", "A", "RG", "RA", "GA", "BA" };
static const char *const tlds_nrz_masks[] = { "RGB", "RGA", "RBA", "GBA", "RGBA" };
struct tlds_case { unsigned code, dim, ll, aoffi, ms, rb; };
static const struct tlds_case tlds_forms[] = {
    { 0, 0, 0, 0, 0, 0 }, { 1, 0, 1, 0, 0, 1 }, { 2, 2, 0, 0, 0, 1 }, { 4, 2, 0, 1, 0, 1 },
    { 5, 2, 1, 0, 0, 1 }, { 6, 2, 0, 0, 1, 1 }, { 7, 4, 0, 0, 0, 1 }, { 8, 3, 0, 0, 0, 1 },
    { 12, 2, 1, 1, 0, 1 },
};

static void test_tlds_forms(void)
{
    char t[256];
    unsigned i, f16, nodep, ph, m, g, s, n = 0;

    for (i = 0; i < sizeof tlds_forms / sizeof tlds_forms[0]; i++)
    for (f16 = 0; f16 < 2; f16++)
    for (nodep = 0; nodep < 2; nodep++)
    for (ph = 0; ph < 3; ph++)
    for (m = 0; m < 13; m++)
    for (g = 0; g < NG; g++)
    for (s = 0; s < NS; s++) {
        const struct tlds_case *f = &tlds_forms[i];
        int rd1_rz = m < 8;
        unsigned code = rd1_rz ? m : m - 8, idx = (n++ * 0x9e5u) & 0x1fff;
        tx_insn d;
        snprintf(t, sizeof t, "%sTLDS%s%s%s%s%s%s %s, R4, R8%s, 0x%x, %s, %s%s;", guards[g],
                 f16 ? ".F16" : "", f->ll ? ".LL" : ".LZ", f->aoffi ? ".AOFFI" : "",
                 f->ms ? ".MS" : "", nodep ? ".NODEP" : "", phases[ph], rd1_rz ? "RZ" : "R6",
                 f->rb ? ", R10" : "", idx, tlds_dim[f->dim],
                 rd1_rz ? tlds_rz_masks[code] : tlds_nrz_masks[code], scheds[s]);
        if (round_trip(t, &d))
            continue;
        CHECK(d.op == TX_OP_TLDS && !d.illegal && d.u.tlds.target == f->code &&
              d.u.tlds.wmask == code && d.u.tlds.f16 == f16 && d.u.tlds.nodep == nodep &&
              d.u.tlds.rd1 == (rd1_rz ? RZ : 6) && d.rd == 4 && d.ra == 8 &&
              d.rb == (f->rb ? 10 : RZ) && d.u.tlds.tsidx == idx,
              "%s: fields (illegal=%d %s)", t, d.illegal, d.why ? d.why : "");
        check_common(&d, g, s, ph, t);
    }
}

/* ---- TEX -------------------------------------------------------------- */

static const char *const tex_dims[] = { "1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "ARRAY_3D",
                                        "CUBE", "ARRAY_CUBE" };
static const char *const tex_lods[] = { "", ".LZ", ".LB", ".LL", "", "", ".LBA", ".LLA" };
static const unsigned tex_lod_codes[] = { 0, 1, 2, 3, 6, 7 };

static void test_tex_forms(void)
{
    char t[256];
    unsigned b, li, mods, ph, dim, wm, ps, g, s, n = 0;

    for (b = 0; b < 2; b++)
    for (li = 0; li < 6; li++)
    for (mods = 0; mods < 32; mods++) /* LC AOFFI DC NDV NODEP */
    for (ph = 0; ph < 3; ph++)
    for (dim = 0; dim < 8; dim++)
    for (wm = 0; wm < 16; wm++)
    for (ps = 0; ps < 2; ps++)
    for (g = 0; g < NG; g += 2) /* guard and scheduling text are shared code, */
    for (s = 0; s < 2; s++) {   /* crossed in full by the other instructions */
        unsigned lod = tex_lod_codes[li], lc = mods & 1, aoffi = (mods >> 1) & 1;
        unsigned dc = (mods >> 2) & 1, ndv = (mods >> 3) & 1, nodep = (mods >> 4) & 1;
        unsigned rb_n = b + (lod >= 2) + aoffi + dc, idx = b ? 0 : (n++ * 0x3d7u) & 0x1fff;
        int want_illegal = (aoffi && dim >= 6) || (dc && dim == 4);
        tx_insn d;
        if (dim == 5)
            continue; /* ARRAY_3D has no text */
        snprintf(t, sizeof t, "%sTEX%s%s%s%s%s%s%s%s %sR8, R4%s, 0x%x, %s, 0x%x%s;", guards[g],
                 b ? ".B" : "", tex_lods[lod], lc ? ".LC" : "", aoffi ? ".AOFFI" : "",
                 dc ? ".DC" : "", ndv ? ".NDV" : "", nodep ? ".NODEP" : "", phases[ph],
                 ps ? "P2, " : "", rb_n ? ", R12" : "", idx, tex_dims[dim], wm, scheds[s]);
        if (round_trip(t, &d))
            continue;
        CHECK(d.op == TX_OP_TEX && d.illegal == want_illegal && d.u.tex.bindless == b &&
              d.u.tex.lod == lod && d.u.tex.lc == lc && d.u.tex.aoffi == aoffi &&
              d.u.tex.dc == dc && d.u.tex.ndv == ndv && d.u.tex.nodep == nodep &&
              d.u.tex.dim == dim && d.u.tex.wmask == wm && d.u.tex.ps == (ps ? 2 : 7) &&
              d.u.tex.tsidx == idx && d.rd == 8 && d.ra == 4 && d.rb == (rb_n ? 12 : RZ),
              "%s: fields (illegal=%d %s)", t, d.illegal, d.why ? d.why : "");
        check_common(&d, g, s, ph, t);
    }
}

/* ---- SULD ------------------------------------------------------------- */

static const char *const su_dims[] = { "1D", "1D_BUFFER", "1D_ARRAY", "2D", "2D_ARRAY", "3D" };
static const char *const su_cops[] = { "", ".CG", ".CI", ".CV" };
static const char *const su_sizes[] = { ".U8", ".S8", ".U16", ".S16", "", ".64", ".128" };
static const char *const su_clamps[] = { ".IGN", "", ".TRAP" };
static const char *const su_masks[] = { ".R", ".RG", "" };
static const unsigned su_mask_bits[] = { 1, 3, 15 };

static void test_suld_forms(void)
{
    char t[256], mode[32];
    unsigned variant, dim, cop, cl, bound, ps, g, s, n = 0;

    /* variant: 0..13 = .D x BA x 7 sizes, 14..16 = .P x 3 masks */
    for (variant = 0; variant < 17; variant++)
    for (dim = 0; dim < 6; dim++)
    for (cop = 0; cop < 4; cop++)
    for (cl = 0; cl < 3; cl++)
    for (bound = 0; bound < 2; bound++)
    for (ps = 0; ps < 2; ps++)
    for (g = 0; g < NG; g++)
    for (s = 0; s < NS; s++) {
        int isd = variant < 14;
        unsigned ba = isd && variant >= 7, sz = isd ? variant % 7 : 0;
        unsigned mk = isd ? 0 : su_mask_bits[variant - 14], idx = (n++ * 0x5a3u) & 0x1fff;
        char where[16];
        tx_insn d;
        if (isd)
            snprintf(mode, sizeof mode, ".D%s.%s%s%s", ba ? ".BA" : "", su_dims[dim], su_cops[cop],
                     su_sizes[sz]);
        else
            snprintf(mode, sizeof mode, ".P.%s%s%s", su_dims[dim], su_cops[cop],
                     su_masks[variant - 14]);
        if (bound)
            snprintf(where, sizeof where, "0x%x", idx);
        else
            snprintf(where, sizeof where, "R6");
        snprintf(t, sizeof t, "%sSULD%s%s %sR8, [R4], %s%s;", guards[g], mode, su_clamps[cl],
                 ps ? "P3, " : "", where, scheds[s]);
        if (round_trip(t, &d))
            continue;
        CHECK(d.op == TX_OP_SULD && !d.illegal && d.u.suld.d == isd && d.u.suld.ba == ba &&
              d.u.suld.dim == dim && d.u.suld.cop == cop && d.u.suld.clamp == cl &&
              d.u.suld.bound == bound && d.u.suld.ps == (ps ? 3 : 7) && d.rd == 8 && d.ra == 4 &&
              (isd ? d.u.suld.size == sz : d.u.suld.rgba == mk) &&
              (bound ? d.u.suld.tsidx == idx : d.u.suld.rc == 6),
              "%s: fields (illegal=%d %s)", t, d.illegal, d.why ? d.why : "");
        check_common(&d, g, s, 0, t);
    }
}

/* ---- PIXLD ------------------------------------------------------------ */

static void test_pixld_forms(void)
{
    static const char *const modes[] = { "MSCOUNT", "COVMASK", "COVERED", "OFFSET",
                                         "CENTROID_OFFSET", "MY_INDEX" };
    static const struct { const char *text; unsigned ra; int imm; } addrs[] = {
        { "", RZ, 0 },          { ", [0x12]", RZ, 0x12 },   { ", [0xff]", RZ, -1 },
        { ", [R2]", 2, 0 },     { ", [R2+0x3]", 2, 3 },     { ", [R2-0x4]", 2, -4 },
        { ", [R2+0x7f]", 2, 127 }, { ", [R2-0x80]", 2, -128 },
    };
    char t[256];
    unsigned m, pd, a, g, s;

    for (m = 0; m < 6; m++)
    for (pd = 0; pd < 2; pd++)
    for (a = 0; a < sizeof addrs / sizeof addrs[0]; a++)
    for (g = 0; g < NG; g++)
    for (s = 0; s < NS; s++) {
        /* A Pd or an address is legal in every mode (docs/semantics.md
         * S7.7): the seed's generic PIXLD{.mode} form allows both. */
        int want_illegal = 0;
        tx_insn d;
        snprintf(t, sizeof t, "%sPIXLD.%s R7%s%s%s;", guards[g], modes[m], pd ? ", P3" : "",
                 addrs[a].text, scheds[s]);
        if (round_trip(t, &d))
            continue;
        CHECK(d.op == TX_OP_PIXLD && d.illegal == want_illegal && d.u.pixld.mode == m &&
              d.u.pixld.pd == (pd ? 3 : 7) && d.ra == addrs[a].ra &&
              d.u.pixld.imm == addrs[a].imm && d.rd == 7,
              "%s: fields (illegal=%d %s)", t, d.illegal, d.why ? d.why : "");
        check_common(&d, g, s, 0, t);
    }
}

/* ---- seed examples ---------------------------------------------------- */

static void asm_ok(const char *text, tx_insn *d)
{
    uint64_t w;
    uint32_t c;
    tx_asm_err e;
    memset(d, 0, sizeof *d);
    if (tx_asm_opt(text, 1, &w, &c, &e)) {
        CHECK(0, "asm \"%s\": col %d: %s", text, e.col, e.msg);
        return;
    }
    tx_decode(w, c, d);
}

static void test_seed_examples(void)
{
    tx_insn d;

    /* TLDS seed: "reads R9 & R11; writes R0, R1, R4, & R5" */
    asm_ok("TLDS.LZ      R0, R4, R9, R11, 0x7, 2D, RGBA; // reads R9 & R11", &d);
    CHECK(d.op == TX_OP_TLDS && !d.illegal && d.u.tlds.rd1 == 0 && d.rd == 4 && d.ra == 9 &&
          d.rb == 11 && d.u.tlds.target == 2 && d.u.tlds.wmask == 4 &&
          tx_tlds_comp_mask(d.u.tlds.wmask, 0) == 0xf && d.u.tlds.tsidx == 7 && !d.u.tlds.f16,
          "TLDS seed example 1");
    /* "reads R6, R7, & R11; writes R9" */
    asm_ok("TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R;", &d);
    CHECK(d.op == TX_OP_TLDS && !d.illegal && d.u.tlds.rd1 == RZ && d.rd == 9 && d.ra == 6 &&
          d.rb == 11 && d.u.tlds.target == 6 && d.u.tlds.wmask == 0 && d.u.tlds.tsidx == 0,
          "TLDS seed example 2");
    /* TEX seed: "no need for Rb" */
    asm_ok("TEX        R0,R2,5,2D,0xf;", &d);
    CHECK(d.op == TX_OP_TEX && !d.illegal && d.rd == 0 && d.ra == 2 && d.rb == RZ &&
          d.u.tex.tsidx == 5 && d.u.tex.dim == TX_DIM_2D && d.u.tex.wmask == 0xf &&
          d.u.tex.lod == TX_LOD_NONE, "TEX seed example 1");
    asm_ok("TEX.LB     R0,R2,R4,5,2D,0xf;", &d);
    CHECK(d.op == TX_OP_TEX && !d.illegal && d.rb == 4 && d.u.tex.lod == TX_LOD_LB,
          "TEX seed example 2");
    asm_ok("TEX.B.DC   R4,R0,R8,5,1D,0xf;", &d);
    CHECK(d.op == TX_OP_TEX && !d.illegal && d.u.tex.bindless && d.u.tex.dc && d.rd == 4 &&
          d.ra == 0 && d.rb == 8 && d.u.tex.dim == TX_DIM_1D && d.u.tex.tsidx == 0,
          "TEX seed example 3 (index ignored with .B)");
    asm_ok("SULD.D.2D R2, [R4], R6;", &d);
    CHECK(d.op == TX_OP_SULD && !d.illegal && d.u.suld.d && d.u.suld.dim == TX_SU_2D &&
          d.u.suld.size == TX_SU_32 && d.u.suld.clamp == TX_SU_NEAR && !d.u.suld.bound &&
          d.u.suld.rc == 6 && d.rd == 2 && d.ra == 4 && d.u.suld.ps == 7, "SULD seed example 1");
    /* "surface header pointer is fetched from c[bank][0x400]" = index 0x100 */
    asm_ok("SULD.P.3D.R.IGN R2, [R4], 0x100;", &d);
    CHECK(d.op == TX_OP_SULD && !d.illegal && !d.u.suld.d && d.u.suld.dim == TX_SU_3D &&
          d.u.suld.rgba == 1 && d.u.suld.clamp == TX_SU_IGN && d.u.suld.bound &&
          d.u.suld.tsidx == 0x100, "SULD seed example 2");
    asm_ok("PIXLD.COVMASK R0;", &d);
    CHECK(d.op == TX_OP_PIXLD && !d.illegal && d.u.pixld.mode == TX_PIX_COVMASK && d.rd == 0 &&
          d.u.pixld.pd == 7 && d.ra == RZ, "PIXLD seed example");

    /* Real encodings: Mesa's TLDS/TEX high words (facts 3.1, 5.1). */
    asm_ok("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA", &d);
    CHECK((d.word >> 57) == (0xda000000ull >> 25), "TLDS F32 opcode 0xda...");
    asm_ok("TEX R0, R2, 0x5, 2D, 0xf", &d);
    CHECK((d.word >> 32 & 0xfff80000u) == 0xc0380000u, "TEX opcode 0xc038...");
}

/* Non-canonical spellings that assemble to the canonical text. */
static void test_aliases(void)
{
    static const char *const pairs[][2] = {
        { "tlds.lz r0, r4, r9, r11, 7, 2d, rgba", "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;" },
        { "TLDS.LL R6, R4, R8, R10, 0x1, 1D", "TLDS.LL R6, R4, R8, R10, 0x1, 1D, RGBA;" },
        { "TLDS.LZ RZ, R4, R8, 0x1, 1D, R", "TLDS.LZ RZ, R4, R8, 0x1, 1D, R;" },
        { "TLDS.NODEP.LZ.F16 RZ, R4, R8, R9, 0x1, 2D, G",
          "TLDS.F16.LZ.NODEP RZ, R4, R8, R9, 0x1, 2D, G;" },
        { "TEX.B.DC R4,R0,R8,5,1D,0xf;", "TEX.B.DC R4, R0, R8, 0x0, 1D, 0xf;" },
        { "TEX R0, R2, 0x3, 0x7, 2D", "TEX R0, R2, 0x703, 2D, 0xf;" },
        { "TEX PT, R0, R2, 0x3, 2D", "TEX R0, R2, 0x3, 2D, 0xf;" },
        { "TEX R0, R2, R9, 0x3, 2D, 0xf", "TEX R0, R2, R9, 0x3, 2D, 0xf;" },
        { "SULD.D.2D.CA.32.NEAR R2, [R4], R6;", "SULD.D.2D R2, [R4], R6;" },
        { "SULD.P.2D.CS.RGBA R2, [R4], R6", "SULD.P.2D R2, [R4], R6;" },
        { "SULD.P.2D.LU PT, R2, [ R4 ], 8", "SULD.P.2D.CG R2, [R4], 0x8;" },
        { "PIXLD R0", "PIXLD.MSCOUNT R0;" },
        { "PIXLD.OFFSET R0, [RZ+0x5]", "PIXLD.OFFSET R0, [0x5];" },
        { "PIXLD.OFFSET R0, [0x0]", "PIXLD.OFFSET R0;" },
        { "PIXLD.COVERED R0, PT, [R3+0]", "PIXLD.COVERED R0, [R3];" },
        { "@PT TEX R0, R2, 5, 2D &rd=7 &wr=7 &req={} ?S0",
          "TEX R0, R2, 0x5, 2D, 0xf;" },
        { "TEX R0, R2, 5, 2D ?s2y &req={ 5, 1 };", "TEX R0, R2, 0x5, 2D, 0xf &req={1,5} ?S2Y;" },
        /* nvdisasm's spellings (docs/isa.md section 8) */
        { "PIXLD R0, [R8+-0x80] ;", "PIXLD.MSCOUNT R0, [R8-0x80];" },
        { "PIXLD.OFFSET R0, [RZ]", "PIXLD.OFFSET R0;" },
        { "SURED.D.BA.3D.ADD.F16x2.FTZ.RN.TRAP [R4], R3, 0x56;",
          "SURED.D.BA.3D.ADD.F16x2.FTZ.RN.TRAP [R4], R3, 0x56;" },
        { "SURED.D.3D.MIN.F32.IGN [R4], R3, R2", "SURED.D.3D.MIN.F32.FTZ.RN.IGN [R4], R3, R2;" },
        { "SURED.D.2D.U32.XOR.NEAR [R4], R3, 7", "SURED.D.2D.XOR [R4], R3, 0x7;" },
        { "SUST.P.3D.BA [R4], R8, 0x56", "SUST.P.3D.BA [R4], R8, 0x56;" },
        { "SUST.P.2D.WB.RGBA [R4], R8, 0x56", "SUST.P.2D [R4], R8, 0x56;" },
        { "SUST.D.2D.CS.128 [R4], R8, 0x56", "SUST.D.2D.CS.128 [R4], R8, 0x56;" },
        { "TEXS RZ, R0, R4, R6, 0x1, CUBE, RG", "TEXS RZ, R0, R4, R6, 0x1, CUBE, RG;" },
        { "TEXS.F16 R8, R0, R4, R6, 0x1, 2D", "TEXS.F16 R8, R0, R4, R6, 0x1, 2D, RGBA;" },
        { "TLD.B.LL R0, R4, R8, 0x9, 2D", "TLD.B.LL R0, R4, R8, 0x0, 2D, 0xf;" },
        { "TLD.LZ PT, R0, R4, 0x9, ARRAY_1D, 0x3", "TLD.LZ R0, R4, 0x9, ARRAY_1D, 0x3;" },
        { "TXD.B.P P1, R0, R4, R8, 0x0, 2D, 0x1", "TXD.B.P P1, R0, R4, R8, 0x0, 2D, 0x1;" },
    };
    size_t i;
    for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        uint64_t w;
        uint32_t c;
        tx_asm_err e;
        char buf[256];
        if (tx_asm_opt(pairs[i][0], 1, &w, &c, &e)) {
            CHECK(0, "asm \"%s\": col %d: %s", pairs[i][0], e.col, e.msg);
            continue;
        }
        tx_disasm(w, c, buf, sizeof buf);
        CHECK_STR(buf, pairs[i][1], pairs[i][0]);
    }
}

/* ---- illegal words ---------------------------------------------------- */

static uint64_t asm_word(const char *text, uint32_t *ctrl)
{
    uint64_t w = 0;
    uint32_t c = 0;
    tx_asm_err e;
    if (tx_asm_opt(text, 1, &w, &c, &e))
        CHECK(0, "asm \"%s\": col %d: %s", text, e.col, e.msg);
    if (ctrl)
        *ctrl = c;
    return w;
}

static void expect_illegal(uint64_t w, uint32_t c, const char *why, const char *what)
{
    tx_insn d;
    tx_decode(w, c, &d);
    CHECK(d.illegal && d.why && (!why || !strcmp(d.why, why)), "%s: illegal=%d why=\"%s\" want \"%s\"",
          what, d.illegal, d.why ? d.why : "", why ? why : "(any)");
}

static uint64_t setf(uint64_t w, unsigned lo, unsigned n, uint64_t v)
{
    uint64_t m = ((1ull << n) - 1) << lo;
    return (w & ~m) | (v << lo);
}

static void test_illegal(void)
{
    uint64_t tl = asm_word("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA", NULL);
    uint64_t tx = asm_word("TEX R0, R4, 0x7, 2D, 0xf", NULL);
    uint64_t tb = asm_word("TEX.B R0, R4, R8, 0x0, 2D, 0xf", NULL);
    uint64_t sd = asm_word("SULD.D.2D R2, [R4], R6", NULL);
    uint64_t sp = asm_word("SULD.P.2D R4, [R4], 0x10", NULL);
    uint64_t px = asm_word("PIXLD.COVERED R0", NULL);
    uint64_t w;
    static const unsigned tlds_bad[] = { 3, 9, 10, 11, 13, 14, 15 };
    unsigned i;
    char what[64];
    tx_insn d;

    for (i = 0; i < sizeof tlds_bad / sizeof tlds_bad[0]; i++) {
        snprintf(what, sizeof what, "TLDS target %u", tlds_bad[i]);
        expect_illegal(setf(tl, 53, 4, tlds_bad[i]), 0x7e0, NULL, what);
        tx_decode(setf(tl, 53, 4, tlds_bad[i]), 0x7e0, &d);
        CHECK(strstr(d.why, "is reserved") != NULL, "%s: %s", what, d.why);
    }
    expect_illegal(setf(tl, 53, 4, 3), 0x7e0, "TLDS target code 3 is reserved", "TLDS target 3 why");
    for (i = 5; i < 8; i++)
        expect_illegal(setf(tl, 50, 3, i), 0x7e0, "TLDS write-mask codes 5-7 are reserved when Rd1 != RZ",
                       "TLDS Rd1 != RZ with mask 5-7");
    expect_illegal(setf(tx, 55, 3, 4), 0x7e0, "TEX LOD mode 4 is reserved", "TEX LOD 4");
    expect_illegal(setf(tx, 55, 3, 5), 0x7e0, "TEX LOD mode 5 is reserved", "TEX LOD 5");
    expect_illegal(setf(tb, 37, 3, 4), 0x7e0, "TEX LOD mode 4 is reserved", "TEX.B LOD 4");
    expect_illegal(setf(tb, 37, 3, 5), 0x7e0, "TEX LOD mode 5 is reserved", "TEX.B LOD 5");
    expect_illegal(setf(tx, 28, 3, 5), 0x7e0, "TEX dim ARRAY_3D is reserved", "TEX A3D");
    expect_illegal(setf(px, 31, 3, 6), 0x7e0, "PIXLD mode 6 is reserved", "PIXLD mode 6");
    expect_illegal(setf(px, 31, 3, 7), 0x7e0, "PIXLD mode 7 is reserved", "PIXLD mode 7");
    for (i = 0; i < 16; i++)
        if (i != 1 && i != 3 && i != 15)
            expect_illegal(setf(sp, 20, 4, i), 0x7e0, "SULD .P mask must be R, RG or RGBA",
                           "SULD .P mask");
    expect_illegal(setf(sd, 20, 3, 7), 0x7e0, "SULD .D size 7 is reserved", "SULD size 7");
    expect_illegal(setf(sd, 49, 2, 3), 0x7e0, "SULD clamp 3 is reserved", "SULD clamp 3");
    expect_illegal(setf(sd, 33, 3, 6), 0x7e0, "SULD dim code 6 is reserved", "SULD dim 6");
    expect_illegal(setf(sd, 33, 3, 7), 0x7e0, "SULD dim code 7 is reserved", "SULD dim 7");
    expect_illegal(tl, 0x7e0 | 3u << 17, "ctrl phase 3 is reserved", "phase 3");
    expect_illegal(tl, 0x7e0 | 1u << 19, "ctrl bits [20:19] must be 0", "ctrl bit 19");
    expect_illegal(tl, 0x7e0 | 1u << 20, "ctrl bits [20:19] must be 0", "ctrl bit 20");
    expect_illegal(sd, 0x7e0 | 1u << 17, "SULD has no .phase", "SULD phase");
    expect_illegal(px, 0x7e0 | 2u << 17, "PIXLD has no .phase", "PIXLD phase");

    /* Reserved bits. */
    expect_illegal(tb | 1ull << 41, 0x7e0, "reserved bit 41 set", "TEX.B bit 41");
    expect_illegal(tb | 1ull << 48, 0x7e0, "reserved bit 48 set", "TEX.B bit 48");
    expect_illegal(sd | 1ull << 26, 0x7e0, "reserved bit 26 set", "SULD bit 26");
    expect_illegal(sd | 1ull << 29, 0x7e0, "reserved bit 29 set", "SULD bit 29");
    expect_illegal(sd | 1ull << 36, 0x7e0, "reserved bit 36 set", "SULD bindless bit 36");
    expect_illegal(sd | 1ull << 47, 0x7e0, "reserved bit 47 set", "SULD bindless bit 47");
    expect_illegal(px | 1ull << 28, 0x7e0, "reserved bit 28 set", "PIXLD bit 28");
    expect_illegal(px | 1ull << 34, 0x7e0, "reserved bit 34 set", "PIXLD bit 34");
    expect_illegal(px | 1ull << 50, 0x7e0, "reserved bit 50 set", "PIXLD bit 50");
    tx_decode(sp | 1ull << 47, 0x7e0, &d); /* bound: [48:36] is the index */
    CHECK(!d.illegal && d.u.suld.tsidx == (0x10 | 1u << 11), "SULD bound uses bit 47");

    /* Unknown opcodes: TEXS (0xd8), TLD (0xdc38), zero. */
    expect_illegal(0x5c98078000070000ull, 0x7e0, "unknown opcode", "MOV");
    /* TLD, TXD, TEXS, SUST, SURED (docs/isa.md section 6) */
    w = asm_word("TLD.LZ R0, R4, R8, 0x1, 2D, 0xf", NULL);
    expect_illegal(setf(w, 28, 3, TX_DIM_A3D), 0x7e0, "TLD dim ARRAY_3D is reserved", "TLD A3D");
    expect_illegal(setf(w, 28, 3, TX_DIM_3D) | (1ull << 50), 0x7e0, "TLD .MS needs 2D or ARRAY_2D",
                   "TLD 3D.MS");
    expect_illegal(setf(w, 8, 8, 255), 0x7e0, "Ra must not be RZ", "TLD Ra RZ");
    expect_illegal(setf(w, 8, 8, 5), 0x7e0, "Ra must be even (2 registers)", "TLD Ra odd");
    expect_illegal(setf(w, 56, 8, 0xdd) | (1ull << 36), 0x7e0, "reserved bit 36 set", "TLD.B index");
    w = asm_word("TXD R0, R4, R8, 0x1, 2D, 0xf", NULL);
    expect_illegal(setf(w, 20, 8, 255), 0x7e0, "Rb must not be RZ", "TXD Rb RZ");
    expect_illegal(setf(w, 20, 8, 10), 0x7e0, "Rb must be a multiple of 4 (3-4 registers)",
                   "TXD gradients");
    expect_illegal(setf(w, 28, 3, TX_DIM_CUBE), 0x7e0,
                   "TXD supports 1D, 2D, ARRAY_1D and ARRAY_2D only", "TXD cube");
    w = asm_word("TEXS R8, R0, R4, R6, 0x1, 2D, RGBA", NULL);
    expect_illegal(setf(w, 53, 4, 14), 0x7e0, "TEXS target code 14 is reserved", "TEXS 14");
    expect_illegal(setf(w, 50, 3, 5), 0x7e0, "TEXS write-mask codes 5-7 are reserved when Rd1 != RZ",
                   "TEXS mask 5");
    expect_illegal(setf(setf(w, 53, 4, TX_TEXS_2D_LL), 8, 8, 5), 0x7e0,
                   "Ra must be even (2 registers)", "TEXS 2D.LL odd Ra");
    expect_illegal(w, 0x207e0 | (1u << 20), "ctrl bits [20:19] must be 0", "TEXS ctrl");
    w = asm_word("SUST.D.2D [R4], R2, 0x1", NULL);
    expect_illegal(setf(w, 20, 3, 7), 0x7e0, "SUST .D size 7 is reserved", "SUST size 7");
    expect_illegal(setf(w, 49, 2, 3), 0x7e0, "SUST clamp 3 is reserved", "SUST clamp 3");
    expect_illegal(setf(w, 30, 1, 1), 0x7e0, "reserved bit 30 set", "SUST bit 30");
    expect_illegal(w, 0x207e0, "SUST has no .phase", "SUST phase");
    expect_illegal(setf(w, 0, 8, 3) | (5ull << 20), 0x7e0, "Rd must be even (2 data registers)",
                   "SUST.64 odd Rd");
    w = asm_word("SURED.D.2D.ADD [R4], R2, 0x1", NULL);
    expect_illegal(setf(w, 33, 3, 6), 0x7e0, "SURED dim code 6 is reserved", "SURED dim 6");
    expect_illegal(setf(w, 20, 3, TX_RED_U64) | 3, 0x7e0, "Rd must be even (2 data registers)",
                   "SURED.U64 odd Rd");
    expect_illegal(setf(w, 52, 1, 0) | (1ull << 20), 0x7e0, "reserved bit 20 set", "SURED.P type");
    expect_illegal(0, 0x7e0, "unknown opcode", "zero word");
    tx_decode(0, 0x7e0, &d);
    CHECK(d.op == TX_OP_UNKNOWN, "unknown op");

    /* Register rules: text assembles, the word is illegal. */
    {
        static const char *const cases[][2] = {
            { "TLDS.LZ RZ, R4, RZ, R11, 0x7, 2D, R", "Ra must not be RZ" },
            { "TLDS.LZ RZ, R4, R9, R11, 0x7, 1D, R", "Rb must be RZ for 1D.LZ" },
            { "TLDS.LZ RZ, R4, R9, RZ, 0x7, 2D, R", "Rb must not be RZ" },
            { "TLDS.LZ.AOFFI RZ, R4, R9, R11, 0x7, 2D, R", "Ra must be even (vec2 s,t)" },
            { "TLDS.LZ RZ, R4, R8, R11, 0x7, ARRAY_2D, R", "Rb must be even (vec2 s,t)" },
            { "TLDS.LL.AOFFI RZ, R4, R8, R11, 0x7, 2D, R", "Rb must be even (vec2 lod,aoffi)" },
            { "TLDS.LZ RZ, R5, R8, R11, 0x7, 2D, RG", "Rd0 must be even (two 32-bit components)" },
            { "TLDS.LZ R3, R4, R8, R11, 0x7, 2D, RGBA", "Rd1 must be even (two 32-bit components)" },
            { "TLDS.LZ R6, R5, R8, R11, 0x7, 2D, RGB", "Rd0 must be even (two 32-bit components)" },
            { "TEX R0, RZ, 0x5, 2D, 0xf", "Ra must not be RZ" },
            { "TEX.LL R0, R4, RZ, 0x5, 2D, 0xf", "Rb must not be RZ" },
            { "TEX R0, R3, 0x5, 2D, 0xf", "Ra must be even (2 registers)" },
            { "TEX R0, R2, 0x5, 3D, 0xf", "Ra must be a multiple of 4 (3-4 registers)" },
            { "TEX.LC R0, R2, 0x5, 2D, 0xf", "Ra must be a multiple of 4 (3-4 registers)" },
            { "TEX.LL.DC R0, R4, R9, 0x5, 2D, 0xf", "Rb must be even (2 registers)" },
            { "TEX.B.LL.DC R0, R4, R10, 0x0, 2D, 0xf", "Rb must be a multiple of 4 (3-4 registers)" },
            { "TEX R1, R4, 0x5, 2D, 0x3", "Rd must be even (2 registers written)" },
            { "TEX R2, R4, 0x5, 2D, 0x7", "Rd must be a multiple of 4 (3-4 registers written)" },
            { "TEX.AOFFI R0, R4, R8, 0x5, CUBE, 0xf", ".AOFFI is not supported with CUBE textures" },
            { "TEX.AOFFI R0, R4, R8, 0x5, ARRAY_CUBE, 0xf", ".AOFFI is not supported with CUBE textures" },
            { "TEX.DC R0, R4, R8, 0x5, 3D, 0xf", ".DC is not supported with 3D textures" },
            { "SULD.D.2D R2, [RZ], R6", "Ra must not be RZ" },
            { "SULD.D.2D R2, [R4], RZ", "Rc must not be RZ" },
            { "SULD.D.2D R2, [R5], R6", "Ra must be even (2 registers)" },
            { "SULD.D.3D R2, [R6], R6", "Ra must be a multiple of 4 (3-4 registers)" },
            { "SULD.D.1D.64 R3, [R6], R6", "Rd must be even (2 registers written)" },
            { "SULD.D.1D.128 R2, [R6], R6", "Rd must be a multiple of 4 (3-4 registers written)" },
            { "SULD.P.1D.RG R3, [R6], R6", "Rd must be even (2 registers written)" },
            { "SULD.P.1D R2, [R6], R6", "Rd must be a multiple of 4 (3-4 registers written)" },
        };
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            uint32_t c;
            uint64_t w = asm_word(cases[i][0], &c);
            expect_illegal(w, c, cases[i][1], cases[i][0]);
        }
    }
    /* Not errors: an unused non-RZ Rb (TEX seed rule 3), an F16 odd Rd0, RZ
     * destinations, a group running up to R254 (docs/semantics.md S1.2). */
    {
        static const char *const ok[] = {
            "TEX R0, R4, R9, 0x5, 2D, 0xf",
            "TLDS.F16.LZ R3, R5, R8, R11, 0x7, 2D, RGBA",
            "TLDS.LZ RZ, RZ, R8, R11, 0x7, 2D, RG",
            "TLDS.LZ RZ, R254, R8, R11, 0x7, 2D, RG",
            "TEX RZ, R4, 0x5, 2D, 0x3",
            /* PIXLD: Pd and address in any mode (docs/semantics.md S7.7) */
            "PIXLD.COVMASK R0, P1",
            "PIXLD.MY_INDEX R0, P1, [R2]",
            "PIXLD.MSCOUNT R0, [0x1]",
            "PIXLD.CENTROID_OFFSET R0, P2, [R3-0x1]",
        };
        for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
            uint32_t c;
            uint64_t w = asm_word(ok[i], &c);
            tx_decode(w, c, &d);
            CHECK(!d.illegal, "%s: unexpectedly illegal (%s)", ok[i], d.why ? d.why : "");
        }
    }
}

/* ---- random words ----------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void)
{
    /* xorshift64* */
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545f4914f6cdd1dull;
}

/* Any word: if it decodes legal, its text assembles back to it; if its text
 * assembles at all, it assembles to the same word and control. */
static void test_random_words(void)
{
    static const uint64_t pat[][2] = {
        { 0xf600000000000000ull, 0xd200000000000000ull }, { 0xf800000000000000ull, 0xc000000000000000ull },
        { 0xffc0000000000000ull, 0xde80000000000000ull }, { 0xffe0000000000000ull, 0xeb00000000000000ull },
        { 0xfff8000000000000ull, 0xefe8000000000000ull }, { 0xfe00000000000000ull, 0xdc00000000000000ull },
        { 0xff80000000000000ull, 0xde00000000000000ull }, { 0xf600000000000000ull, 0xd000000000000000ull },
        { 0xffc0000000000000ull, 0xeb00000000000000ull }, { 0xffe0000000000000ull, 0xeb40000000000000ull },
        { 0, 0 },
    };
    long legal = 0, bad = 0, n = 0;
    unsigned p, k;

    for (p = 0; p < sizeof pat / sizeof pat[0]; p++)
        for (k = 0; k < 100000; k++) {
            uint64_t w = (next_rand() & ~pat[p][0]) | pat[p][1], w2;
            uint32_t c = k & 1 ? 0x7e0 : (uint32_t)next_rand() & (k & 2 ? 0x7ffffu : 0x1fffffu), c2;
            char buf[256];
            tx_asm_err e;
            tx_insn d;
            int r;

            if (p < 10 && (k & 4)) /* reserved bits clear, more often legal */
                w &= ~(0x7ffull << 34 | 0x1fffull << 26 | 7ull << 48);
            tx_decode(w, c, &d);
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

/* The opcode patterns do not overlap (Spike's overlap test, in small). */
static void test_no_overlap(void)
{
    static const uint64_t pat[][2] = {
        { 0xf600000000000000ull, 0xd200000000000000ull }, { 0xf800000000000000ull, 0xc000000000000000ull },
        { 0xffc0000000000000ull, 0xde80000000000000ull }, { 0xffe0000000000000ull, 0xeb00000000000000ull },
        { 0xfff8000000000000ull, 0xefe8000000000000ull }, { 0xff00000000000000ull, 0xdc00000000000000ull },
        { 0xff00000000000000ull, 0xdd00000000000000ull }, { 0xffc0000000000000ull, 0xde00000000000000ull },
        { 0xffc0000000000000ull, 0xde40000000000000ull }, { 0xf600000000000000ull, 0xd000000000000000ull },
        { 0xffe0000000000000ull, 0xeb20000000000000ull }, { 0xffe0000000000000ull, 0xeb40000000000000ull },
    };
    unsigned i, j, n = sizeof pat / sizeof pat[0];
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++) {
            uint64_t both = pat[i][0] & pat[j][0];
            CHECK((pat[i][1] & both) != (pat[j][1] & both), "patterns %u and %u overlap", i, j);
        }
}

/* ---- assembler errors ------------------------------------------------- */

static void test_errors(void)
{
    static const struct { const char *text; int col; const char *msg; } bad[] = {
        { "TLDS.LQ R0, R4, R9, R11, 0x7, 2D, RGBA",
          5, "unknown modifier '.LQ' for TLDS; expected one of .F16 .LZ .LL .AOFFI .MS .NODEP .T .P" },
        { "TLDS.LZ R0, R4, R9, X1, 0x7, 2D, RGBA", 21, "expected #tsPtrIdx" },
        { "TLDS.LZ R0, R4, R255, R11, 0x7, 2D, RGBA", 17, "expected a register (R0..R254 or RZ)" },
        { "TLDS.LZ R0, 0x4, R9, R11, 0x7, 2D, RGBA", 13, "expected a register (R0..R254 or RZ)" },
        { "TLDS.LZ.MS R0, R4, R8, R11, 0x7, 1D, RGBA", 34, "no TLDS form 1D.LZ.MS" },
        { "TLDS.LB R0, R4, R9, R11, 0x7, 2D, RGBA", 5, "unknown modifier '.LB' for TLDS" },
        { "TLDS.LZ.LZ R0, R4, R9, R11, 0x7, 2D, RGBA", 8, "duplicate modifier '.LZ'" },
        { "TLDS.LZ.LL R0, R4, R9, R11, 0x7, 2D, RGBA", 8, "modifier '.LL' conflicts with '.LZ'" },
        { "TLDS R0, R4, R9, R11, 0x7, 2D, RGBA", 1, "TLDS needs .LZ or .LL" },
        { "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, R", 35, "write mask R needs Rd1 = RZ" },
        { "TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, RGB", 35, "write mask RGB needs Rd1 != RZ" },
        { "TLDS.LZ RZ, R4, R9, R11, 0x7, 2D", 33, "missing operand" },
        { "TLDS.LZ RZ, R4, R9, 0x7, 2D, R", 21, "reads Rb" },
        { "TLDS.LZ RZ, R4, R9, R11, 0x2000, 2D, R", 26, "immediate out of range" },
        { "TLDS.LZ RZ, R4, R9, R11, 0x1, CUBE, R", 31,
          "paramA CUBE is reserved for TLDS; expected 1D, 2D, 3D or ARRAY_2D" },
        { "TEX R0, R2, 5, ARRAY_3D, 0xf", 16, "paramA ARRAY_3D is reserved" },
        { "TEX R0, R2, 5, 2D, 0x10", 20, "immediate out of range" },
        { "TEX R0, R2, 0x100, 0x1, 2D, 0xf", 13, "expected #tid" },
        { "TEX.LL R0, R2, 5, 2D, 0xf", 16, "reads Rb" },
        { "TEX R0, R2, 5, 2D, 0xf, 0x1", 25, "too many operands" },
        { "TEX P7, R0, R2, 5, 2D", 5, "expected a predicate (P0..P6 or PT)" },
        { "TXA R0, R2", 1, "unknown mnemonic 'TXA'" },
        { "@P9 TEX R0, R2, 5, 2D", 1, "expected a guard predicate" },
        { "SULD.2D R2, [R4], R6", 1, "SULD needs .D or .P" },
        { "SULD.P.2D.U8 R2, [R4], R6", 10, "'.U8' needs SULD.D" },
        { "SULD.D.2D.RG R2, [R4], R6", 10, "'.RG' needs SULD.P" },
        { "SULD.D.2D.CA.CS R2, [R4], R6", 13, "conflicts with '.CA'" },
        { "SULD.D.2D R2, R4, R6", 15, "expected [Ra]" },
        { "PIXLD.OFFSET R0, [R2+0x80]", 18, "immediate out of range" },
        { "PIXLD.OFFSET R0, [0x100]", 18, "immediate out of range" },
        { "PIXLD.OFFSET R0, [R2", 21, "expected ']'" },
        { "TLD R0, R4, 0x1, 2D, 0xf", 1, "TLD needs .LZ or .LL" },
        { "TLD.LL R0, R4, 0x1, 2D, 0xf", 16, "this TLD form reads Rb" },
        { "TLD.LZ.AOFFI R0, R4, R8, 0x1, CUBE, 0xf", 1,
          "illegal TLD form: TLD does not support CUBE textures" },
        { "TXD R0, R4, 0x1, 2D, 0xf", 13, "TXD reads the gradients from Rb" },
        { "TXD R0, R4, R8, 0x1, 3D, 0xf", 1, "illegal TXD form: TXD supports 1D, 2D" },
        { "TEXS.LL RZ, R0, R4, R6, 0x1, 3D, R", 30, "no TEXS form 3D.LL" },
        { "TEXS RZ, R0, R4, R6, 0x1, 2D", 29, "needs a write mask" },
        { "SUST.D.BA.2D.RG [R4], R2, 0x1", 13, "'.RG' needs SUST.P" },
        { "SUST.P.2D.RG.BA [R4], R2, 0x1", 13, "modifier '.BA' conflicts with '.RG'" },
        { "SUST.D.2D R2, [R4], 0x1", 11, "expected [Ra]" },
        { "SUST.D.2D.CA [R4], R2, 0x1", 10, "unknown modifier '.CA' for SUST" },
        { "SURED.D.2D [R4], R2, 0x1", 1, "SURED needs an operation" },
        { "SURED.D.2D.ADD.FTZ [R4], R2, 0x1", 15, "'.FTZ' needs .F32 or .F16x2" },
        { "SURED.P.2D.ADD.S32 [R4], R2, 0x1", 15, "'.S32' needs SURED.D" },
        { "TEX R0, R2, 5, 2D &rd=9", 23, "expected a barrier number" },
        { "TEX R0, R2, 5, 2D &req={6}", 25, "expected a barrier number 0..5" },
        { "TEX R0, R2, 5, 2D ?S16", 19, "expected ?S<stall 0..15>" },
        { "TEX R0, R2, 5, 2D ?S1 ?S2", 23, "duplicate ?S" },
        { "TEX R0, R2, 5, 2D; junk", 20, "expected ','" },
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t w;
        uint32_t c;
        tx_asm_err e;
        int r = tx_asm(bad[i].text, &w, &c, &e);
        CHECK(r == -1 && e.col == bad[i].col && strstr(e.msg, bad[i].msg) != NULL,
              "\"%s\": got %d col %d \"%s\", want col %d \"%s\"", bad[i].text, r, e.col, e.msg,
              bad[i].col, bad[i].msg);
    }
}

static void test_disasm_illegal(void)
{
    char buf[256];
    tx_disasm(0x1234ull, 0x7e0, buf, sizeof buf);
    CHECK_STR(buf, ".word 0x0000000000001234;", "unknown opcode text");
    tx_disasm(setf(asm_word("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA", NULL), 53, 4, 3), 0x7e0, buf,
              sizeof buf);
    CHECK_STR(buf, "TLDS.INVALID3 R0, R4, R9, R11, 0x7, RGBA;", "reserved TLDS target text");
    /* snprintf-like length and truncation */
    CHECK(tx_disasm(0x1234ull, 0x7e0, buf, 4) == 25 && strlen(buf) == 3, "disasm truncation");
}

int main(void)
{
    long before;

    test_no_overlap();
    test_seed_examples();
    test_aliases();
    before = forms;
    test_tlds_forms();
    printf("TLDS: %ld forms\n", forms - before);
    before = forms;
    test_tex_forms();
    printf("TEX: %ld forms\n", forms - before);
    before = forms;
    test_suld_forms();
    printf("SULD: %ld forms\n", forms - before);
    before = forms;
    test_pixld_forms();
    printf("PIXLD: %ld forms\n", forms - before);
    printf("forms covered: %ld (%ld legal), each both ways\n", forms, legal_forms);
    test_illegal();
    test_errors();
    test_disasm_illegal();
    test_random_words();
    return check_done("test_isa");
}
