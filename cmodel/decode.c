/*
 * decode.c - 64-bit word + control field -> tx_insn, with legality.
 *
 * One table row per opcode pattern (like Spike's MATCH/MASK decode table):
 * the row names the fields routine, the bits the instruction leaves
 * reserved, and the legality check.  Decode never fails: anything wrong sets
 * illegal = 1 and a constant reason, and the first reason found wins, in the
 * order opcode, reserved bits, control field, reserved codes, modifier
 * combinations, registers.  The rules are listed in docs/isa.md.
 */
#include <string.h>

#include "isa_int.h"

/* "reserved bit N set" as constant strings, one per bit. */
#define RB1(n) "reserved bit " #n " set"
#define RB8(a, b, c, d, e, f, g, h) RB1(a), RB1(b), RB1(c), RB1(d), RB1(e), RB1(f), RB1(g), RB1(h)
static const char *const reserved_bit_why[64] = {
    RB8(0, 1, 2, 3, 4, 5, 6, 7),         RB8(8, 9, 10, 11, 12, 13, 14, 15),
    RB8(16, 17, 18, 19, 20, 21, 22, 23), RB8(24, 25, 26, 27, 28, 29, 30, 31),
    RB8(32, 33, 34, 35, 36, 37, 38, 39), RB8(40, 41, 42, 43, 44, 45, 46, 47),
    RB8(48, 49, 50, 51, 52, 53, 54, 55), RB8(56, 57, 58, 59, 60, 61, 62, 63),
};

/* Reasons for the alignment rule of a register group, by group name. */
struct align_why {
    const char *even;  /* group of 2 */
    const char *quad;  /* group of 3 or 4 */
};
static const struct align_why RA_ALIGN = { "Ra must be even (2 registers)",
                                           "Ra must be a multiple of 4 (3-4 registers)" };
static const struct align_why RB_ALIGN = { "Rb must be even (2 registers)",
                                           "Rb must be a multiple of 4 (3-4 registers)" };
static const struct align_why RD_ALIGN = { "Rd must be even (2 registers written)",
                                           "Rd must be a multiple of 4 (3-4 registers written)" };

/* Why a group of n registers at r breaks the seeds' alignment rule (2 ->
 * even, 3-4 -> multiple of 4), or NULL.  RZ is exempt: it names no register
 * file entry, and whether it may appear is a separate rule. */
static const char *misaligned(unsigned r, int n, const struct align_why *w)
{
    if (r == TX_RZ || n <= 1)
        return NULL;
    if (n == 2)
        return (r & 1) ? w->even : NULL;
    return (r & 3) ? w->quad : NULL;
}

/* TEX's register rules (docs/isa.md section 6, rules 5-6), shared by the
 * TEX-shaped instructions: Ra never RZ; Rb not RZ when the form reads it
 * (rb_always: the form always does, as TXD); the Ra and Rb groups and the
 * ncomp destination registers aligned. */
static const char *tex_group_rules(const tx_insn *d, int rb_always, int ncomp)
{
    int ra_n, rb_n;
    const char *why;

    tx_src_counts(d, &ra_n, &rb_n);
    if (d->ra == TX_RZ)
        return "Ra must not be RZ";
    if ((rb_always || rb_n > 0) && d->rb == TX_RZ)
        return "Rb must not be RZ";
    if ((why = misaligned(d->ra, ra_n, &RA_ALIGN)) != NULL)
        return why;
    if ((why = misaligned(d->rb, rb_n, &RB_ALIGN)) != NULL)
        return why;
    return misaligned(d->rd, ncomp, &RD_ALIGN);
}


/* ---- TLDS ------------------------------------------------------------- */

static void tlds_fields(tx_insn *d)
{
    uint64_t w = d->word;
    d->u.tlds.rd1 = (uint8_t)tx_bits(w, 28, 8);
    d->u.tlds.tsidx = (uint16_t)tx_bits(w, 36, 13);
    d->u.tlds.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.tlds.wmask = (uint8_t)tx_bits(w, 50, 3);
    d->u.tlds.target = (uint8_t)tx_bits(w, 53, 4);
    d->u.tlds.f16 = !tx_bits(w, 59, 1);
}

static const char *tlds_check(const tx_insn *d)
{
    static const char *const target_why[16] = {
        [3] = "TLDS target code 3 is reserved",   [9] = "TLDS target code 9 is reserved",
        [10] = "TLDS target code 10 is reserved", [11] = "TLDS target code 11 is reserved",
        [13] = "TLDS target code 13 is reserved", [14] = "TLDS target code 14 is reserved",
        [15] = "TLDS target code 15 is reserved",
    };
    const struct tx_tlds_form *f = &tx_tlds_forms[d->u.tlds.target];
    int rd1_rz = d->u.tlds.rd1 == TX_RZ;
    unsigned comps;

    if (!f->valid)
        return target_why[d->u.tlds.target];
    comps = tx_tlds_comp_mask(d->u.tlds.wmask, rd1_rz);
    if (!comps)
        return "TLDS write-mask codes 5-7 are reserved when Rd1 != RZ";

    /* Sources (docs/semantics.md S3.2). */
    if (d->ra == TX_RZ)
        return "Ra must not be RZ";
    if (f->rb_n == 0 && d->rb != TX_RZ)
        return "Rb must be RZ for 1D.LZ";
    if (f->rb_n > 0 && d->rb == TX_RZ)
        return "Rb must not be RZ";
    if (f->ra_n == 2 && (d->ra & 1))
        return "Ra must be even (vec2 s,t)";
    if (f->rb_n == 2 && (d->rb & 1))
        return f->rb_odd;

    /* Destinations (S3.3): only F32 pairs need an even register.  Rd0 gets
     * two components when Rd1 != RZ or the mask names two. */
    if (!d->u.tlds.f16) {
        int rd0_pair = !rd1_rz || tx_popcount4(comps) == 2;
        if (rd0_pair && d->rd != TX_RZ && (d->rd & 1))
            return "Rd0 must be even (two 32-bit components)";
        if (!rd1_rz && comps == 0xf && (d->u.tlds.rd1 & 1))
            return "Rd1 must be even (two 32-bit components)";
    }
    return NULL;
}

/* ---- TEX, TEX.B ------------------------------------------------------- */

static void tex_common(tx_insn *d)
{
    uint64_t w = d->word;
    d->u.tex.dim = (uint8_t)tx_bits(w, 28, 3);
    d->u.tex.wmask = (uint8_t)tx_bits(w, 31, 4);
    d->u.tex.ndv = (uint8_t)tx_bits(w, 35, 1);
    d->u.tex.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.tex.dc = (uint8_t)tx_bits(w, 50, 1);
    d->u.tex.ps = (uint8_t)tx_bits(w, 51, 3);
}

static void tex_fields(tx_insn *d)
{
    tex_common(d);
    d->u.tex.tsidx = (uint16_t)tx_bits(d->word, 36, 13);
    d->u.tex.aoffi = (uint8_t)tx_bits(d->word, 54, 1);
    d->u.tex.lod = (uint8_t)tx_bits(d->word, 55, 3);
    d->u.tex.lc = (uint8_t)tx_bits(d->word, 58, 1);
}

/* TEX.B moves AOFFI, LOD and LC down into the space of the index field. */
static void texb_fields(tx_insn *d)
{
    tex_common(d);
    d->u.tex.bindless = 1;
    d->u.tex.aoffi = (uint8_t)tx_bits(d->word, 36, 1);
    d->u.tex.lod = (uint8_t)tx_bits(d->word, 37, 3);
    d->u.tex.lc = (uint8_t)tx_bits(d->word, 40, 1);
}

static const char *tex_check(const tx_insn *d)
{
    int ra_n, rb_n;
    const char *why;

    if (d->u.tex.lod == 4)
        return "TEX LOD mode 4 is reserved";
    if (d->u.tex.lod == 5)
        return "TEX LOD mode 5 is reserved";
    if (d->u.tex.dim == TX_DIM_A3D)
        return "TEX dim ARRAY_3D is reserved";
    if (d->u.tex.aoffi && (d->u.tex.dim == TX_DIM_CUBE || d->u.tex.dim == TX_DIM_ACUBE))
        return ".AOFFI is not supported with CUBE textures";
    if (d->u.tex.dc && d->u.tex.dim == TX_DIM_3D)
        return ".DC is not supported with 3D textures";

    tx_src_counts(d, &ra_n, &rb_n);
    if (d->ra == TX_RZ)
        return "Ra must not be RZ";
    /* An Rb that is not needed may be anything (TEX seed rule 3). */
    if (rb_n > 0 && d->rb == TX_RZ)
        return "Rb must not be RZ";
    if ((why = misaligned(d->ra, ra_n, &RA_ALIGN)) != NULL)
        return why;
    if ((why = misaligned(d->rb, rb_n, &RB_ALIGN)) != NULL)
        return why;
    return misaligned(d->rd, tx_popcount4(d->u.tex.wmask), &RD_ALIGN);
}

/* ---- TLD, TLD.B (facts 5.6; yuzu texture_load.cpp; Ryujinx InstTld) ---- */

static void tld_fields(tx_insn *d)
{
    uint64_t w = d->word;
    d->u.tld.bindless = (uint8_t)(tx_bits(w, 56, 8) == 0xdd);
    d->u.tld.ll = (uint8_t)tx_bits(w, 55, 1);
    d->u.tld.cl = (uint8_t)tx_bits(w, 54, 1);
    d->u.tld.ps = (uint8_t)tx_bits(w, 51, 3);
    d->u.tld.ms = (uint8_t)tx_bits(w, 50, 1);
    d->u.tld.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.tld.aoffi = (uint8_t)tx_bits(w, 35, 1);
    d->u.tld.wmask = (uint8_t)tx_bits(w, 31, 4);
    d->u.tld.dim = (uint8_t)tx_bits(w, 28, 3);
    if (!d->u.tld.bindless)
        d->u.tld.tsidx = (uint16_t)tx_bits(w, 36, 13);
}

static const char *tld_check(const tx_insn *d)
{
    unsigned dim = d->u.tld.dim;

    if (dim == TX_DIM_A3D)
        return "TLD dim ARRAY_3D is reserved";
    /* No API loads texels of a cube by integer coordinates (GL has no
     * texelFetch on cube samplers, Direct3D no ld on TextureCube): our
     * choice, docs/isa.md. */
    if (dim == TX_DIM_CUBE || dim == TX_DIM_ACUBE)
        return "TLD does not support CUBE textures";
    /* Only 2D surfaces have samples (docs/isa.md). */
    if (d->u.tld.ms && dim != TX_DIM_2D && dim != TX_DIM_A2D)
        return "TLD .MS needs 2D or ARRAY_2D";

    return tex_group_rules(d, 0, tx_popcount4(d->u.tld.wmask));
}

/* ---- TXD, TXD.B (yuzu texture_gradient.cpp; Ryujinx InstTxd) ---------- */

static void txd_fields(tx_insn *d)
{
    uint64_t w = d->word;
    d->u.txd.bindless = (uint8_t)tx_bits(w, 54, 1);
    d->u.txd.ps = (uint8_t)tx_bits(w, 51, 3);
    d->u.txd.lc = (uint8_t)tx_bits(w, 50, 1);
    d->u.txd.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.txd.aoffi = (uint8_t)tx_bits(w, 35, 1);
    d->u.txd.wmask = (uint8_t)tx_bits(w, 31, 4);
    d->u.txd.dim = (uint8_t)tx_bits(w, 28, 3);
    if (!d->u.txd.bindless)
        d->u.txd.tsidx = (uint16_t)tx_bits(w, 36, 13);
}

static const char *txd_check(const tx_insn *d)
{
    /* yuzu texture_gradient.cpp reads gradients for 1D and 2D (and their
     * arrays) only; Mesa's nvc0 lowering (handleTXD) sends 3D and cube
     * gradients through quad moves instead (docs/isa.md). */
    if (d->u.txd.dim == TX_DIM_A3D)
        return "TXD dim ARRAY_3D is reserved";
    if (d->u.txd.dim >= TX_DIM_3D)
        return "TXD supports 1D, 2D, ARRAY_1D and ARRAY_2D only";
    return tex_group_rules(d, 1, tx_popcount4(d->u.txd.wmask));
}

/* ---- TEXS (facts section 4) -------------------------------------------- */

static void texs_fields(tx_insn *d)
{
    uint64_t w = d->word;
    d->u.texs.rd1 = (uint8_t)tx_bits(w, 28, 8);
    d->u.texs.tsidx = (uint16_t)tx_bits(w, 36, 13);
    d->u.texs.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.texs.wmask = (uint8_t)tx_bits(w, 50, 3);
    d->u.texs.target = (uint8_t)tx_bits(w, 53, 4);
    d->u.texs.f16 = !tx_bits(w, 59, 1);
}

static const char *texs_check(const tx_insn *d)
{
    const struct tx_texs_form *f = &tx_texs_forms[d->u.texs.target];
    int rd1_rz = d->u.texs.rd1 == TX_RZ;
    unsigned comps;

    if (!f->valid)
        return d->u.texs.target == 14 ? "TEXS target code 14 is reserved"
                                      : "TEXS target code 15 is reserved";
    comps = tx_tlds_comp_mask(d->u.texs.wmask, rd1_rz);
    if (!comps)
        return "TEXS write-mask codes 5-7 are reserved when Rd1 != RZ";
    if (d->ra == TX_RZ)
        return "Ra must not be RZ";
    /* An Rb that is not read may be anything, as for TEX (docs/isa.md). */
    if (f->rb_n > 0 && d->rb == TX_RZ)
        return "Rb must not be RZ";
    if (f->ra_n == 2 && (d->ra & 1))
        return "Ra must be even (2 registers)";
    if (f->rb_n == 2 && (d->rb & 1))
        return "Rb must be even (2 registers)";
    if (!d->u.texs.f16) {
        int rd0_pair = !rd1_rz || tx_popcount4(comps) == 2;
        if (rd0_pair && d->rd != TX_RZ && (d->rd & 1))
            return "Rd0 must be even (two 32-bit components)";
        if (!rd1_rz && comps == 0xf && (d->u.texs.rd1 & 1))
            return "Rd1 must be even (two 32-bit components)";
    }
    return NULL;
}

/* ---- SULD ------------------------------------------------------------- */

static void suld_fields(tx_insn *d)
{
    uint64_t w = d->word;
    d->rb = TX_RZ; /* [27:20] holds cop and size/mask, not a register */
    d->u.suld.d = (uint8_t)tx_bits(w, 52, 1);
    d->u.suld.bound = (uint8_t)tx_bits(w, 51, 1);
    d->u.suld.clamp = (uint8_t)tx_bits(w, 49, 2);
    d->u.suld.dim = (uint8_t)tx_bits(w, 33, 3);
    d->u.suld.ps = (uint8_t)(~tx_bits(w, 30, 3) & 7); /* seed: 0 => PT, 7 => P0 */
    d->u.suld.cop = (uint8_t)tx_bits(w, 24, 2);
    if (d->u.suld.d) {
        d->u.suld.ba = (uint8_t)tx_bits(w, 23, 1);
        d->u.suld.size = (uint8_t)tx_bits(w, 20, 3);
    } else {
        d->u.suld.rgba = (uint8_t)tx_bits(w, 20, 4);
    }
    if (d->u.suld.bound) {
        d->u.suld.tsidx = (uint16_t)tx_bits(w, 36, 13);
        d->u.suld.rc = TX_RZ;
    } else {
        d->u.suld.rc = (uint8_t)tx_bits(w, 39, 8);
    }
}

static const char *suld_check(const tx_insn *d)
{
    static const char *const dim_why[8] = {
        [6] = "SULD dim code 6 is reserved", [7] = "SULD dim code 7 is reserved",
    };
    const char *why;
    int rgba = d->u.suld.rgba;

    if (d->u.suld.dim > TX_SU_3D)
        return dim_why[d->u.suld.dim];
    if (!d->u.suld.d && rgba != 0x1 && rgba != 0x3 && rgba != 0xf)
        return "SULD .P mask must be R, RG or RGBA";
    if (d->u.suld.d && d->u.suld.size == 7)
        return "SULD .D size 7 is reserved";
    if (d->u.suld.clamp == 3)
        return "SULD clamp 3 is reserved";
    if (d->ra == TX_RZ)
        return "Ra must not be RZ";
    if (!d->u.suld.bound && d->u.suld.rc == TX_RZ)
        return "Rc must not be RZ";
    if ((why = misaligned(d->ra, tx_su_dim_coords[d->u.suld.dim], &RA_ALIGN)) != NULL)
        return why;
    return misaligned(d->rd, tx_suld_rd_count(d), &RD_ALIGN);
}

/* ---- SUST, SURED (the SULD layout; facts 6; envydis sust/sured) ------- */

/* SUST: [25:24] store cache op; .D: [23] BA, [22:20] size; .P: [23:20]
 * mask.  SURED: [26:24] operation; .D: [23] BA, [22:20] type.  Rd is the
 * data the instruction reads; neither has a sparse predicate. */
static void sust_fields(tx_insn *d)
{
    suld_fields(d);
    d->u.suld.ps = TX_PT;
}

static void sured_fields(tx_insn *d)
{
    uint64_t w = d->word;
    suld_fields(d);
    d->u.suld.ps = TX_PT;
    d->u.suld.cop = 0;
    d->u.suld.rgba = 0;
    d->u.suld.redop = (uint8_t)tx_bits(w, 24, 3);
}

/* The rules SUST and SURED share with SULD: dim, clamp, Ra, Rc, Ra
 * alignment.  k: 1 SUST, 2 SURED (0, SULD, keeps its own check). */
static const char *su_common_check(const tx_insn *d, int k)
{
    static const char *const why[3][4] = {
        { "SULD dim code 6 is reserved", "SULD dim code 7 is reserved", "SULD clamp 3 is reserved",
          NULL },
        { "SUST dim code 6 is reserved", "SUST dim code 7 is reserved", "SUST clamp 3 is reserved",
          NULL },
        { "SURED dim code 6 is reserved", "SURED dim code 7 is reserved",
          "SURED clamp 3 is reserved", NULL },
    };
    const char *w;

    if (d->u.suld.dim > TX_SU_3D)
        return why[k][d->u.suld.dim - 6];
    if (d->u.suld.clamp == 3)
        return why[k][2];
    if (d->ra == TX_RZ)
        return "Ra must not be RZ";
    if (!d->u.suld.bound && d->u.suld.rc == TX_RZ)
        return "Rc must not be RZ";
    if ((w = misaligned(d->ra, tx_su_dim_coords[d->u.suld.dim], &RA_ALIGN)) != NULL)
        return w;
    return NULL;
}

static const struct align_why RD_DATA_ALIGN = { "Rd must be even (2 data registers)",
                                                "Rd must be a multiple of 4 (3-4 data registers)" };

static const char *sust_check(const tx_insn *d)
{
    const char *why;

    if (d->u.suld.d && d->u.suld.size == 7)
        return "SUST .D size 7 is reserved";
    if (!d->u.suld.d && !d->u.suld.rgba)
        return "SUST .P mask 0 is reserved";
    if ((why = su_common_check(d, 1)) != NULL)
        return why;
    return misaligned(d->rd, tx_suld_rd_count(d), &RD_DATA_ALIGN);
}

static const char *sured_check(const tx_insn *d)
{
    const char *why;

    if ((why = su_common_check(d, 2)) != NULL)
        return why;
    return misaligned(d->rd, tx_suld_rd_count(d), &RD_DATA_ALIGN);
}

/* ---- PIXLD ------------------------------------------------------------ */

static void pixld_fields(tx_insn *d)
{
    d->rb = TX_RZ; /* [27:20] is the immediate */
    d->u.pixld.imm = (int8_t)(uint8_t)tx_bits(d->word, 20, 8);
    d->u.pixld.mode = (uint8_t)tx_bits(d->word, 31, 3);
    d->u.pixld.pd = (uint8_t)tx_bits(d->word, 45, 3);
}

static const char *pixld_check(const tx_insn *d)
{
    unsigned m = d->u.pixld.mode;

    if (m == 6)
        return "PIXLD mode 6 is reserved";
    if (m == 7)
        return "PIXLD mode 7 is reserved";
    /* A Pd or an address in a mode that does not use them is legal: the
     * seed's generic form PIXLD{.mode} Rd{, Pd}{, [addr]} allows both in
     * every mode, and says only that no other mode writes a predicate.
     * They are ignored (docs/semantics.md S7.7). */
    return NULL;
}

/* ---- TLD4, TLD4.B, TLD4S ---------------------------------------------- */

/* Fields: Mesa gm107 emitTLD4/emitTEXS, yuzu texture_gather.cpp and
 * texture_gather_swizzled.cpp (docs/isa.md "TLD4"). */
static void tld4_common(tx_insn *d)
{
    uint64_t w = d->word;
    d->u.tld4.dim = (uint8_t)tx_bits(w, 28, 3);
    d->u.tld4.wmask = (uint8_t)tx_bits(w, 31, 4);
    d->u.tld4.ndv = (uint8_t)tx_bits(w, 35, 1);
    d->u.tld4.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.tld4.dc = (uint8_t)tx_bits(w, 50, 1);
    d->u.tld4.ps = (uint8_t)tx_bits(w, 51, 3);
    d->u.tld4.rd1 = TX_RZ;
}

static void tld4_fields(tx_insn *d)
{
    tld4_common(d);
    d->u.tld4.tsidx = (uint16_t)tx_bits(d->word, 36, 13);
    d->u.tld4.offs = (uint8_t)tx_bits(d->word, 54, 2);
    d->u.tld4.comp = (uint8_t)tx_bits(d->word, 56, 2);
}

/* TLD4.B moves the offset form and the component into the index field. */
static void tld4b_fields(tx_insn *d)
{
    tld4_common(d);
    d->u.tld4.bindless = 1;
    d->u.tld4.offs = (uint8_t)tx_bits(d->word, 36, 2);
    d->u.tld4.comp = (uint8_t)tx_bits(d->word, 38, 2);
}

static void tld4s_fields(tx_insn *d)
{
    uint64_t w = d->word;
    d->u.tld4.dim = TX_DIM_2D;
    d->u.tld4.wmask = 0xf;
    d->u.tld4.ps = TX_PT;
    d->u.tld4.rd1 = (uint8_t)tx_bits(w, 28, 8);
    d->u.tld4.tsidx = (uint16_t)tx_bits(w, 36, 13);
    d->u.tld4.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.tld4.dc = (uint8_t)tx_bits(w, 50, 1);
    d->u.tld4.offs = (uint8_t)tx_bits(w, 51, 1);
    d->u.tld4.comp = (uint8_t)tx_bits(w, 52, 2);
    d->u.tld4.f16 = (uint8_t)tx_bits(w, 55, 1);
}

static const char *tld4_check(const tx_insn *d)
{
    unsigned dim = d->u.tld4.dim;

    if (d->u.tld4.offs == 3)
        return "TLD4 offset form 3 is reserved";
    if (dim == TX_DIM_A3D)
        return "TLD4 dim ARRAY_3D is reserved"; /* as for TEX: no text assembles to it */
    /* Gather reads a 2x2 footprint of a 2D level: 2D, ARRAY_2D and cubes
     * only (docs/semantics.md S10.1). */
    if (dim != TX_DIM_2D && dim != TX_DIM_A2D && dim != TX_DIM_CUBE && dim != TX_DIM_ACUBE)
        return "TLD4 needs paramA 2D, ARRAY_2D, CUBE or ARRAY_CUBE";
    if (d->u.tld4.offs && (dim == TX_DIM_CUBE || dim == TX_DIM_ACUBE))
        return ".AOFFI and .PTP are not supported with CUBE textures";

    return tex_group_rules(d, 0, tx_popcount4(d->u.tld4.wmask));
}

/* TLD4S: F32 results go to the pairs Rd0, Rd0+1 and Rd1, Rd1+1; F16 to
 * Rd0 and Rd1 (yuzu texture_gather_swizzled.cpp). */
static const char *tld4s_check(const tx_insn *d)
{
    int ra_n, rb_n;
    const char *why;

    tx_src_counts(d, &ra_n, &rb_n);
    if (d->ra == TX_RZ)
        return "Ra must not be RZ";
    if (rb_n > 0 && d->rb == TX_RZ)
        return "Rb must not be RZ";
    if ((why = misaligned(d->ra, ra_n, &RA_ALIGN)) != NULL)
        return why;
    if ((why = misaligned(d->rb, rb_n, &RB_ALIGN)) != NULL)
        return why;
    if (!d->u.tld4.f16) {
        if ((why = misaligned(d->rd, 2, &RD_ALIGN)) != NULL)
            return why;
        if (d->u.tld4.rd1 != TX_RZ && (d->u.tld4.rd1 & 1))
            return "Rd1 must be even (2 registers written)";
    }
    return NULL;
}

static uint64_t tld4b_reserved(uint64_t w)
{
    (void)w;
    return 0x1ffull << 40; /* [48:40]: the index field that TLD4.B lacks */
}

/* ---- TXQ, TXQ.B -------------------------------------------------------- */

/* Fields: Mesa emitTXQ (query [27:22], mask [34:31], index [48:36], .NODEP
 * [49]), yuzu texture_query.cpp and Ryujinx InstTxq agree. */
static void txq_fields(tx_insn *d)
{
    uint64_t w = d->word;
    d->rb = TX_RZ; /* [27:20] holds the query, not a register */
    d->u.txq.bindless = (w & TX_TXQ_MASK) == TX_TXQB_BITS;
    d->u.txq.query = (uint8_t)tx_bits(w, 22, 6);
    d->u.txq.wmask = (uint8_t)tx_bits(w, 31, 4);
    d->u.txq.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.txq.tsidx = d->u.txq.bindless ? 0 : (uint16_t)tx_bits(w, 36, 13);
}

/* "TXQ query code N is reserved" as constant strings, one per code. */
#define QR1(n) "TXQ query code " #n " is reserved"
#define QR8(a, b, c, d, e, f, g, h) QR1(a), QR1(b), QR1(c), QR1(d), QR1(e), QR1(f), QR1(g), QR1(h)
static const char *const txq_query_why[64] = {
    QR8(0, 1, 2, 3, 4, 5, 6, 7),         QR8(8, 9, 10, 11, 12, 13, 14, 15),
    QR8(16, 17, 18, 19, 20, 21, 22, 23), QR8(24, 25, 26, 27, 28, 29, 30, 31),
    QR8(32, 33, 34, 35, 36, 37, 38, 39), QR8(40, 41, 42, 43, 44, 45, 46, 47),
    QR8(48, 49, 50, 51, 52, 53, 54, 55), QR8(56, 57, 58, 59, 60, 61, 62, 63),
};

static const char *txq_check(const tx_insn *d)
{
    unsigned q = d->u.txq.query;
    int ra_n;
    const char *r;

    if (!tx_txq_query_name(q))
        return txq_query_why[q & 63];
    tx_src_counts(d, &ra_n, NULL);
    if ((r = misaligned(d->ra, ra_n, &RA_ALIGN)) != NULL)
        return r;
    return misaligned(d->rd, tx_popcount4(d->u.txq.wmask), &RD_ALIGN);
}

/* ---- TMML, TMML.B ------------------------------------------------------ */

/* Fields: Mesa emitTMML (dim [30:28], mask [34:31], .NDV [35], index
 * [48:36], .NODEP [49], Rb [27:20]); yuzu texture_mipmap_level.cpp and
 * Ryujinx InstTmml agree. */
static void tmml_fields(tx_insn *d)
{
    uint64_t w = d->word;
    d->u.tmml.bindless = (w & TX_TXQ_MASK) == TX_TMMLB_BITS;
    d->u.tmml.dim = (uint8_t)tx_bits(w, 28, 3);
    d->u.tmml.wmask = (uint8_t)tx_bits(w, 31, 4);
    d->u.tmml.ndv = (uint8_t)tx_bits(w, 35, 1);
    d->u.tmml.nodep = (uint8_t)tx_bits(w, 49, 1);
    d->u.tmml.tsidx = d->u.tmml.bindless ? 0 : (uint16_t)tx_bits(w, 36, 13);
}

static const char *tmml_check(const tx_insn *d)
{
    int ra_n, rb_n;
    const char *why;

    if (d->u.tmml.dim == TX_DIM_A3D)
        return "TMML dim ARRAY_3D is reserved";
    tx_src_counts(d, &ra_n, &rb_n);
    if (d->ra == TX_RZ)
        return "Ra must not be RZ";
    if (rb_n > 0 && d->rb == TX_RZ)
        return "Rb must not be RZ";
    if ((why = misaligned(d->ra, ra_n, &RA_ALIGN)) != NULL)
        return why;
    return misaligned(d->rd, tx_popcount4(d->u.tmml.wmask), &RD_ALIGN);
}

/* ---- the table -------------------------------------------------------- */

/* Bits an instruction does not use; they must be 0 (docs/isa.md). */
static uint64_t no_reserved(uint64_t w)
{
    (void)w;
    return 0;
}

static uint64_t texb_reserved(uint64_t w)
{
    (void)w;
    return 0xffull << 41; /* [48:41]: the index field that TEX.B lacks */
}

static uint64_t suld_reserved(uint64_t w)
{
    uint64_t r = 0xfull << 26; /* [29:26] */
    if (!tx_bits(w, 51, 1))
        r |= (3ull << 47) | (7ull << 36); /* index bits around Rc [46:39] */
    return r;
}

/* TLD.B and TXD.B have no index field. */
static uint64_t index_reserved(uint64_t w)
{
    (void)w;
    return 0x1fffull << 36;
}

static uint64_t sust_reserved(uint64_t w)
{
    uint64_t r = 0x7full << 26; /* [32:26]: no sparse predicate, no cop bit 26 */
    if (!tx_bits(w, 51, 1))
        r |= (3ull << 47) | (7ull << 36);
    return r;
}

static uint64_t sured_reserved(uint64_t w)
{
    uint64_t r = 0x3full << 27; /* [32:27] */
    if (!tx_bits(w, 52, 1))
        r |= 0xfull << 20;      /* .P: no BA, no type (nvdisasm ignores them) */
    if (!tx_bits(w, 51, 1))
        r |= (3ull << 47) | (7ull << 36);
    return r;
}

static uint64_t pixld_reserved(uint64_t w)
{
    (void)w;
    return (7ull << 48) | (0x7ffull << 34) | (7ull << 28); /* [50:48] [44:34] [30:28] */
}

/* TXQ: [21:20] [30:28] [35] [50] are not used (Mesa emits nothing there and
 * ptxas leaves them 0); TXQ.B lacks the index field too. */
static uint64_t txq_reserved(uint64_t w)
{
    uint64_t r = (3ull << 20) | (7ull << 28) | (1ull << 35) | (1ull << 50);
    if ((w & TX_TXQ_MASK) == TX_TXQB_BITS)
        r |= 0x1fffull << 36;
    return r;
}

/* TMML: bit 50; TMML.B also the index field [48:36]. */
/* TMML without .B reads no Rb: ptxas writes R0 in [27:20] and nvdisasm
 * never prints the field, so it is held reserved (0) like an unused index. */
static uint64_t tmml_reserved(uint64_t w)
{
    uint64_t r = 1ull << 50;
    if ((w & TX_TXQ_MASK) == TX_TMMLB_BITS)
        r |= 0x1fffull << 36;
    else
        r |= 0xffull << 20;
    return r;
}

struct decoder {
    uint64_t mask, bits;
    enum tx_op op;
    int has_phase;                  /* .T/.P is part of its syntax */
    void (*fields)(tx_insn *);
    uint64_t (*reserved)(uint64_t);
    const char *(*check)(const tx_insn *);
};

static const struct decoder decoders[] = {
    { TX_TLDS_MASK, TX_TLDS_BITS, TX_OP_TLDS, 1, tlds_fields, no_reserved, tlds_check },
    { TX_TEX_MASK, TX_TEX_BITS, TX_OP_TEX, 1, tex_fields, no_reserved, tex_check },
    { TX_TEXB_MASK, TX_TEXB_BITS, TX_OP_TEX, 1, texb_fields, texb_reserved, tex_check },
    { TX_SULD_MASK, TX_SULD_BITS, TX_OP_SULD, 0, suld_fields, suld_reserved, suld_check },
    { TX_PIXLD_MASK, TX_PIXLD_BITS, TX_OP_PIXLD, 0, pixld_fields, pixld_reserved, pixld_check },
    { TX_TLD_MASK, TX_TLD_BITS, TX_OP_TLD, 1, tld_fields, no_reserved, tld_check },
    { TX_TLD_MASK, TX_TLDB_BITS, TX_OP_TLD, 1, tld_fields, index_reserved, tld_check },
    { TX_TXD_MASK, TX_TXD_BITS, TX_OP_TXD, 1, txd_fields, no_reserved, txd_check },
    { TX_TXD_MASK, TX_TXDB_BITS, TX_OP_TXD, 1, txd_fields, index_reserved, txd_check },
    { TX_TEXS_MASK, TX_TEXS_BITS, TX_OP_TEXS, 1, texs_fields, no_reserved, texs_check },
    { TX_SUST_MASK, TX_SUST_BITS, TX_OP_SUST, 0, sust_fields, sust_reserved, sust_check },
    { TX_SUST_MASK, TX_SURED_BITS, TX_OP_SURED, 0, sured_fields, sured_reserved, sured_check },
    { TX_TLD4_MASK, TX_TLD4_BITS, TX_OP_TLD4, 1, tld4_fields, no_reserved, tld4_check },
    { TX_TLD4B_MASK, TX_TLD4B_BITS, TX_OP_TLD4, 1, tld4b_fields, tld4b_reserved, tld4_check },
    { TX_TLD4S_MASK, TX_TLD4S_BITS, TX_OP_TLD4S, 1, tld4s_fields, no_reserved, tld4s_check },
    { TX_TXQ_MASK, TX_TXQ_BITS, TX_OP_TXQ, 1, txq_fields, txq_reserved, txq_check },
    { TX_TXQ_MASK, TX_TXQB_BITS, TX_OP_TXQ, 1, txq_fields, txq_reserved, txq_check },
    { TX_TXQ_MASK, TX_TMML_BITS, TX_OP_TMML, 1, tmml_fields, tmml_reserved, tmml_check },
    { TX_TXQ_MASK, TX_TMMLB_BITS, TX_OP_TMML, 1, tmml_fields, tmml_reserved, tmml_check },
};

/* The control field's own rules (docs/semantics.md S2.1). */
static const char *ctrl_check(uint32_t ctrl, const struct decoder *dc)
{
    if (ctrl >> 21)
        return "ctrl bits above bit 20 set";
    if ((ctrl >> 19) & 3)
        return "ctrl bits [20:19] must be 0";
    if (TX_CTRL_PHASE(ctrl) == 3)
        return "ctrl phase 3 is reserved";
    if (TX_CTRL_PHASE(ctrl) && !dc->has_phase) {
        switch (dc->op) {
        case TX_OP_SULD:  return "SULD has no .phase";
        case TX_OP_SUST:  return "SUST has no .phase";
        case TX_OP_SURED: return "SURED has no .phase";
        default:          return "PIXLD has no .phase";
        }
    }
    return NULL;
}

static const struct decoder *find_decoder(uint64_t word)
{
    size_t i;
    for (i = 0; i < sizeof decoders / sizeof decoders[0]; i++)
        if ((word & decoders[i].mask) == decoders[i].bits)
            return &decoders[i];
    return NULL;
}

uint64_t tx_reserved_set(uint64_t word)
{
    const struct decoder *dc = find_decoder(word);
    return dc ? word & dc->reserved(word) : 0;
}

void tx_decode(uint64_t word, uint32_t ctrl, tx_insn *d)
{
    const struct decoder *dc;
    const char *why;
    uint64_t res;

    memset(d, 0, sizeof *d);
    d->word = word;
    d->ctrl = ctrl;
    d->phase = (uint8_t)TX_CTRL_PHASE(ctrl);
    d->rd = (uint8_t)tx_bits(word, 0, 8);
    d->ra = (uint8_t)tx_bits(word, 8, 8);
    d->pred = (uint8_t)tx_bits(word, 16, 3);
    d->pred_neg = (uint8_t)tx_bits(word, 19, 1);
    d->rb = (uint8_t)tx_bits(word, 20, 8);

    dc = find_decoder(word);
    if (!dc) {
        d->op = TX_OP_UNKNOWN;
        d->illegal = 1;
        d->why = "unknown opcode";
        return;
    }
    d->op = dc->op;
    dc->fields(d);

    res = tx_reserved_set(word);
    if (res) {
        int bit = 0;
        while (!((res >> bit) & 1))
            bit++;
        why = reserved_bit_why[bit];
    } else if ((why = ctrl_check(ctrl, dc)) == NULL) {
        why = dc->check(d);
    }
    d->illegal = why != NULL;
    d->why = why;
}
