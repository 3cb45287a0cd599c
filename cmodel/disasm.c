/*
 * disasm.c - canonical SASS text of a word and its control field.
 *
 * One rule per choice (docs/isa.md "Canonical text"): upper case, modifiers
 * in the seeds' order, defaults left out, ", " between operands, immediates
 * in lower-case 0x hex, scheduling fields only when they differ from
 * TX_CTRL_DEFAULT.  The canonical text of a legal word assembles back to the
 * same word and control field.  A word with reserved codes still prints its
 * fields, with INVALIDn in place of a name, and need not assemble.
 */
#include <stdarg.h>
#include <stdio.h>

#include "isa_int.h"

/* An snprintf-like appender: keeps the length that would have been written. */
struct out {
    char *buf;
    size_t n;
    size_t len;
};

static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    size_t room = o->len < o->n ? o->n - o->len : 0;
    int k;

    va_start(ap, fmt);
    k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

static void reg(struct out *o, unsigned r)
{
    if (r == TX_RZ)
        put(o, "RZ");
    else
        put(o, "R%u", r);
}

static void pred(struct out *o, unsigned p)
{
    if (p == TX_PT)
        put(o, "PT");
    else
        put(o, "P%u", p);
}

static void guard(struct out *o, const tx_insn *d)
{
    if (d->pred == TX_PT && !d->pred_neg)
        return;
    put(o, "@%s", d->pred_neg ? "!" : "");
    pred(o, d->pred);
    put(o, " ");
}

/* Scheduling fields that differ from the default, then the ';'. */
static void sched(struct out *o, uint32_t c)
{
    unsigned req = TX_CTRL_REQ(c), b;
    const char *sep = "";

    if (req) {
        put(o, " &req={");
        for (b = 0; b < 6; b++)
            if ((req >> b) & 1) {
                put(o, "%s%u", sep, b);
                sep = ",";
            }
        put(o, "}");
    }
    if (TX_CTRL_RD(c) != 7)
        put(o, " &rd=%u", TX_CTRL_RD(c));
    if (TX_CTRL_WR(c) != 7)
        put(o, " &wr=%u", TX_CTRL_WR(c));
    if (TX_CTRL_STALL(c) || TX_CTRL_YIELD(c))
        put(o, " ?S%u%s", TX_CTRL_STALL(c), TX_CTRL_YIELD(c) ? "Y" : "");
    /* Bits that no text sets: shown, and the text no longer assembles. */
    if (c >> 19)
        put(o, " &INVALID=0x%x", c >> 19 << 19);
    put(o, ";");
}

static void phase(struct out *o, const tx_insn *d)
{
    static const char *const names[4] = { "", ".T", ".P", ".INVALIDPHASE3" };
    put(o, "%s", names[d->phase & 3]);
}

/* The TLDS write-mask operand (TEXS uses the same two tables). */
static void tlds_mask(struct out *o, unsigned rd1, unsigned code)
{
    if (rd1 == TX_RZ)
        put(o, ", %s", tx_tlds_mask_rz[code & 7]);
    else if (code < 5)
        put(o, ", %s", tx_tlds_mask_nrz[code]);
    else
        put(o, ", INVALID%u", code);
}

static void tlds_text(struct out *o, const tx_insn *d)
{
    const struct tx_tlds_form *f = &tx_tlds_forms[d->u.tlds.target];

    put(o, "TLDS%s", d->u.tlds.f16 ? ".F16" : "");
    if (f->valid)
        put(o, "%s%s%s", f->ll ? ".LL" : ".LZ", f->aoffi ? ".AOFFI" : "", f->ms ? ".MS" : "");
    else
        put(o, ".INVALID%u", d->u.tlds.target);
    put(o, "%s", d->u.tlds.nodep ? ".NODEP" : "");
    phase(o, d);
    put(o, " ");
    reg(o, d->u.tlds.rd1);
    put(o, ", ");
    reg(o, d->rd);
    put(o, ", ");
    reg(o, d->ra);
    /* Rb is printed when the form reads it or when it is not RZ (so a
     * non-RZ Rb on 1D.LZ, an illegal instruction, still shows). */
    if (!f->valid || f->rb_n || d->rb != TX_RZ) {
        put(o, ", ");
        reg(o, d->rb);
    }
    put(o, ", 0x%x", d->u.tlds.tsidx);
    if (f->valid)
        put(o, ", %s", tx_dim_names[f->dim]);
    tlds_mask(o, d->u.tlds.rd1, d->u.tlds.wmask);
}

static void tex_text(struct out *o, const tx_insn *d)
{
    int rb_n;

    tx_src_counts(d, NULL, &rb_n);
    put(o, "TEX%s", d->u.tex.bindless ? ".B" : "");
    if (tx_lod_names[d->u.tex.lod])
        put(o, "%s", tx_lod_names[d->u.tex.lod]);
    else
        put(o, ".INVALID%u", d->u.tex.lod);
    put(o, "%s%s%s%s%s", d->u.tex.lc ? ".LC" : "", d->u.tex.aoffi ? ".AOFFI" : "",
        d->u.tex.dc ? ".DC" : "", d->u.tex.ndv ? ".NDV" : "", d->u.tex.nodep ? ".NODEP" : "");
    phase(o, d);
    put(o, " ");
    if (d->u.tex.ps != TX_PT) {
        pred(o, d->u.tex.ps);
        put(o, ", ");
    }
    reg(o, d->rd);
    put(o, ", ");
    reg(o, d->ra);
    if (rb_n || d->rb != TX_RZ) {
        put(o, ", ");
        reg(o, d->rb);
    }
    /* TEX.B has no index field; the operand stays for the seed's syntax. */
    put(o, ", 0x%x, %s, 0x%x", d->u.tex.tsidx,
        d->u.tex.dim == TX_DIM_A3D ? "INVALID5" : tx_dim_names[d->u.tex.dim], d->u.tex.wmask);
}

static void texs_text(struct out *o, const tx_insn *d)
{
    const struct tx_texs_form *f = &tx_texs_forms[d->u.texs.target];

    put(o, "TEXS%s", d->u.texs.f16 ? ".F16" : "");
    if (f->valid)
        put(o, "%s%s", tx_lod_names[f->lod], f->dc ? ".DC" : "");
    else
        put(o, ".INVALID%u", d->u.texs.target);
    put(o, "%s", d->u.texs.nodep ? ".NODEP" : "");
    phase(o, d);
    put(o, " ");
    reg(o, d->u.texs.rd1);
    put(o, ", ");
    reg(o, d->rd);
    put(o, ", ");
    reg(o, d->ra);
    if (!f->valid || f->rb_n || d->rb != TX_RZ) {
        put(o, ", ");
        reg(o, d->rb);
    }
    put(o, ", 0x%x", d->u.texs.tsidx);
    if (f->valid)
        put(o, ", %s", tx_dim_names[f->dim]);
    tlds_mask(o, d->u.texs.rd1, d->u.texs.wmask);
}

/* Ps, Rd, Ra{, Rb}, index, paramA, wmask: the operands of TEX, TLD, TXD. */
static void tex_operands(struct out *o, const tx_insn *d, unsigned ps, int rb_shown,
                         unsigned tsidx, unsigned dim, unsigned wmask)
{
    put(o, " ");
    if (ps != TX_PT) {
        pred(o, ps);
        put(o, ", ");
    }
    reg(o, d->rd);
    put(o, ", ");
    reg(o, d->ra);
    if (rb_shown) {
        put(o, ", ");
        reg(o, d->rb);
    }
    put(o, ", 0x%x, %s, 0x%x", tsidx, tx_dim_names[dim & 7], wmask);
}

static void tld_text(struct out *o, const tx_insn *d)
{
    int rb_n;

    tx_src_counts(d, NULL, &rb_n);
    put(o, "TLD%s%s%s%s%s%s", d->u.tld.bindless ? ".B" : "", d->u.tld.ll ? ".LL" : ".LZ",
        d->u.tld.aoffi ? ".AOFFI" : "", d->u.tld.ms ? ".MS" : "", d->u.tld.cl ? ".CL" : "",
        d->u.tld.nodep ? ".NODEP" : "");
    phase(o, d);
    tex_operands(o, d, d->u.tld.ps, rb_n || d->rb != TX_RZ, d->u.tld.tsidx, d->u.tld.dim,
                 d->u.tld.wmask);
}

static void txd_text(struct out *o, const tx_insn *d)
{
    put(o, "TXD%s%s%s%s", d->u.txd.bindless ? ".B" : "", d->u.txd.lc ? ".LC" : "",
        d->u.txd.aoffi ? ".AOFFI" : "", d->u.txd.nodep ? ".NODEP" : "");
    phase(o, d);
    tex_operands(o, d, d->u.txd.ps, 1, d->u.txd.tsidx, d->u.txd.dim, d->u.txd.wmask);
}

/* SULD, SUST, SURED: .D/.P .BA .dim, then what follows the dim. */
static void su_head(struct out *o, const char *mnem, const tx_insn *d)
{
    put(o, "%s%s.%s", mnem, d->phase ? ".INVALIDPHASE" : "", d->u.suld.d ? "D" : "P");
    if (d->u.suld.d && d->u.suld.ba)
        put(o, ".BA");
    if (d->u.suld.dim < 6)
        put(o, ".%s", tx_su_dim_names[d->u.suld.dim]);
    else
        put(o, ".INVALID%u", d->u.suld.dim);
}

/* .clamp, then "[Ra], Rd, index|Rc" (the store order: address first). */
static void su_tail(struct out *o, const tx_insn *d)
{
    if (d->u.suld.clamp == 3)
        put(o, ".INVALID3");
    else if (d->u.suld.clamp != TX_SU_NEAR)
        put(o, ".%s", tx_su_clamp_names[d->u.suld.clamp]);
    put(o, " [");
    reg(o, d->ra);
    put(o, "], ");
    reg(o, d->rd);
    put(o, ", ");
    if (d->u.suld.bound)
        put(o, "0x%x", d->u.suld.tsidx);
    else
        reg(o, d->u.suld.rc);
}

static void sust_text(struct out *o, const tx_insn *d)
{
    static const char letters[4] = { 'R', 'G', 'B', 'A' };

    su_head(o, "SUST", d);
    if (d->u.suld.cop)
        put(o, ".%s", tx_su_stcop_names[d->u.suld.cop]);
    if (d->u.suld.d) {
        if (d->u.suld.size == 7)
            put(o, ".INVALID7");
        else if (d->u.suld.size != TX_SU_32)
            put(o, ".%s", tx_su_size_names[d->u.suld.size]);
    } else if (d->u.suld.rgba != 0xf) {
        unsigned i;
        put(o, ".");
        for (i = 0; i < 4; i++)
            if ((d->u.suld.rgba >> i) & 1)
                put(o, "%c", letters[i]);
        if (!d->u.suld.rgba)
            put(o, "INVALID0");
    }
    su_tail(o, d);
}

static void sured_text(struct out *o, const tx_insn *d)
{
    su_head(o, "SURED", d);
    put(o, ".%s", tx_su_redop_names[d->u.suld.redop & 7]);
    if (d->u.suld.d && d->u.suld.size != TX_RED_U32)
        put(o, ".%s", tx_su_redtype_names[d->u.suld.size & 7]);
    su_tail(o, d);
}

static void suld_text(struct out *o, const tx_insn *d)
{
    static const char letters[4] = { 'R', 'G', 'B', 'A' };

    put(o, "SULD%s.%s", d->phase ? ".INVALIDPHASE" : "", d->u.suld.d ? "D" : "P");
    if (d->u.suld.ba)
        put(o, ".BA");
    if (d->u.suld.dim < 6)
        put(o, ".%s", tx_su_dim_names[d->u.suld.dim]);
    else
        put(o, ".INVALID%u", d->u.suld.dim);
    if (d->u.suld.cop)
        put(o, ".%s", tx_su_cop_names[d->u.suld.cop]);
    if (d->u.suld.d) {
        if (d->u.suld.size == 7)
            put(o, ".INVALID7");
        else if (d->u.suld.size != TX_SU_32)
            put(o, ".%s", tx_su_size_names[d->u.suld.size]);
    } else if (d->u.suld.rgba != 0xf) {
        unsigned i;
        /* R and RG are the nameable masks; others print their letters. */
        put(o, ".");
        for (i = 0; i < 4; i++)
            if ((d->u.suld.rgba >> i) & 1)
                put(o, "%c", letters[i]);
        if (!d->u.suld.rgba)
            put(o, "INVALID0");
    }
    if (d->u.suld.clamp == 3)
        put(o, ".INVALID3");
    else if (d->u.suld.clamp != TX_SU_NEAR)
        put(o, ".%s", tx_su_clamp_names[d->u.suld.clamp]);
    put(o, " ");
    if (d->u.suld.ps != TX_PT) {
        pred(o, d->u.suld.ps);
        put(o, ", ");
    }
    reg(o, d->rd);
    put(o, ", [");
    reg(o, d->ra);
    put(o, "], ");
    if (d->u.suld.bound)
        put(o, "0x%x", d->u.suld.tsidx);
    else
        reg(o, d->u.suld.rc);
}

static void pixld_text(struct out *o, const tx_insn *d)
{
    int imm = d->u.pixld.imm;

    put(o, "PIXLD%s", d->phase ? ".INVALIDPHASE" : "");
    if (d->u.pixld.mode < 6)
        put(o, ".%s ", tx_pix_mode_names[d->u.pixld.mode]);
    else
        put(o, ".INVALID%u ", d->u.pixld.mode);
    reg(o, d->rd);
    if (d->u.pixld.pd != TX_PT) {
        put(o, ", ");
        pred(o, d->u.pixld.pd);
    }
    /* [#ImmU08] when Ra is RZ, [Ra+#ImmS08] otherwise; no address when it
     * is the inserted zero. */
    if (d->ra == TX_RZ) {
        if (imm)
            put(o, ", [0x%x]", (unsigned)(uint8_t)imm);
    } else {
        put(o, ", [");
        reg(o, d->ra);
        if (imm > 0)
            put(o, "+0x%x", (unsigned)imm);
        else if (imm < 0)
            put(o, "-0x%x", (unsigned)-imm);
        put(o, "]");
    }
}

/* TLD4 and TLD4S: the component first, always (NVIDIA's text prints .R
 * too, and the component .B stands before the bindless .B). */
static void tld4_mods(struct out *o, const tx_insn *d)
{
    static const char *const offs[4] = { "", ".AOFFI", ".PTP", ".INVALIDOFFS3" };
    /* TLD4S.F16.comp, TLD4.comp.B: nvdisasm's order. */
    put(o, "%s%s.%s%s", d->op == TX_OP_TLD4S ? "TLD4S" : "TLD4", d->u.tld4.f16 ? ".F16" : "",
        tx_tld4_comp_names[d->u.tld4.comp], d->u.tld4.bindless ? ".B" : "");
    put(o, "%s%s%s%s", offs[d->u.tld4.offs & 3],
        d->u.tld4.dc ? ".DC" : "", d->u.tld4.ndv ? ".NDV" : "", d->u.tld4.nodep ? ".NODEP" : "");
    phase(o, d);
    put(o, " ");
}

static void tld4_text(struct out *o, const tx_insn *d)
{
    int rb_n;

    tx_src_counts(d, NULL, &rb_n);
    tld4_mods(o, d);
    if (d->u.tld4.ps != TX_PT) {
        pred(o, d->u.tld4.ps);
        put(o, ", ");
    }
    reg(o, d->rd);
    put(o, ", ");
    reg(o, d->ra);
    if (rb_n || d->rb != TX_RZ) {
        put(o, ", ");
        reg(o, d->rb);
    }
    put(o, ", 0x%x, %s, 0x%x", d->u.tld4.tsidx, tx_dim_names[d->u.tld4.dim], d->u.tld4.wmask);
}

static void tld4s_text(struct out *o, const tx_insn *d)
{
    tld4_mods(o, d);
    reg(o, d->u.tld4.rd1);
    put(o, ", ");
    reg(o, d->rd);
    put(o, ", ");
    reg(o, d->ra);
    put(o, ", ");
    reg(o, d->rb);
    put(o, ", 0x%x", d->u.tld4.tsidx);
}

/* TXQ[.B][.NODEP][.phase] Rd, Ra, query, #tsidx, #wmsk (nvdisasm's text of
 * the corpus words; TXQ.B prints its absent index as 0x0). */
static void txq_text(struct out *o, const tx_insn *d)
{
    const char *q = tx_txq_query_name(d->u.txq.query);

    put(o, "TXQ%s%s", d->u.txq.bindless ? ".B" : "", d->u.txq.nodep ? ".NODEP" : "");
    phase(o, d);
    put(o, " ");
    reg(o, d->rd);
    put(o, ", ");
    reg(o, d->ra);
    if (q)
        put(o, ", %s", q);
    else
        put(o, ", INVALID%u", d->u.txq.query);
    put(o, ", 0x%x, 0x%x", d->u.txq.tsidx, d->u.txq.wmask);
}

/* TMML[.B].LOD[.NDV][.NODEP][.phase] Rd, Ra, [Rb,] #tsidx, paramA, #wmsk
 * (nxas's table and tests).  TMML reads no Rb: ptxas leaves R0 in the
 * field and nvdisasm does not print it, so it is printed only when it is
 * not R0. */
static void tmml_text(struct out *o, const tx_insn *d)
{
    put(o, "TMML%s.LOD%s%s", d->u.tmml.bindless ? ".B" : "", d->u.tmml.ndv ? ".NDV" : "",
        d->u.tmml.nodep ? ".NODEP" : "");
    phase(o, d);
    put(o, " ");
    reg(o, d->rd);
    put(o, ", ");
    reg(o, d->ra);
    if (d->u.tmml.bindless) {   /* nvdisasm prints Rb only for TMML.B */
        put(o, ", ");
        reg(o, d->rb);
    }
    put(o, ", 0x%x, %s, 0x%x", d->u.tmml.tsidx,
        d->u.tmml.dim == TX_DIM_A3D ? "INVALID5" : tx_dim_names[d->u.tmml.dim], d->u.tmml.wmask);
}

int tx_disasm(uint64_t word, uint32_t ctrl, char *buf, size_t n)
{
    struct out o = { buf, n, 0 };
    tx_insn d;

    if (n)
        buf[0] = '\0';
    tx_decode(word, ctrl, &d);
    if (d.op == TX_OP_UNKNOWN) {
        put(&o, ".word 0x%016llx", (unsigned long long)word);
    } else {
        guard(&o, &d);
        switch (d.op) {
        case TX_OP_TLDS:  tlds_text(&o, &d); break;
        case TX_OP_TEX:   tex_text(&o, &d); break;
        case TX_OP_SULD:  suld_text(&o, &d); break;
        case TX_OP_TLD:   tld_text(&o, &d); break;
        case TX_OP_TXD:   txd_text(&o, &d); break;
        case TX_OP_TEXS:  texs_text(&o, &d); break;
        case TX_OP_SUST:  sust_text(&o, &d); break;
        case TX_OP_SURED: sured_text(&o, &d); break;
        case TX_OP_TLD4:  tld4_text(&o, &d); break;
        case TX_OP_TLD4S: tld4s_text(&o, &d); break;
        case TX_OP_TXQ:   txq_text(&o, &d); break;
        case TX_OP_TMML:  tmml_text(&o, &d); break;
        default:          pixld_text(&o, &d); break;
        }
    }
    sched(&o, ctrl);
    if (tx_reserved_set(word))
        put(&o, " /* reserved bits 0x%llx */", (unsigned long long)tx_reserved_set(word));
    return (int)o.len;
}
