/*
 * model.c - tx_step: decode one instruction, dispatch it, apply the warp
 * texture hash (docs/semantics.md S5.1).
 *
 * Dispatch is one table indexed by enum tx_op with one function per
 * instruction (insn_*.c), as in Spike: adding an instruction is one entry.
 */
#include <string.h>

#include "stages.h"

/* Decoded but not modelled yet: report it rather than guess. */
static int insn_unimpl(tx_state *s, const tx_insn *in, tx_effects *fx)
{
    (void)s;
    (void)in;
    (void)fx;
    return TX_ST_UNIMPL;
}

static const tx_insn_fn exec_table[] = {
    [TX_OP_UNKNOWN] = NULL,
    [TX_OP_TLDS] = tx_insn_tlds,
    [TX_OP_TEX] = tx_insn_tex,
    [TX_OP_SULD] = tx_insn_suld,
    [TX_OP_PIXLD] = tx_insn_pixld,
    [TX_OP_TLD] = tx_insn_tld,
    [TX_OP_TXD] = tx_insn_txd,
    [TX_OP_TEXS] = tx_insn_texs,
    [TX_OP_SUST] = insn_unimpl,
    [TX_OP_SURED] = insn_unimpl,
    [TX_OP_TLD4] = tx_insn_tld4,
    [TX_OP_TLD4S] = tx_insn_tld4,
    [TX_OP_TXQ] = tx_insn_txq,
    [TX_OP_TMML] = tx_insn_tmml,
};
#define EXEC_COUNT (sizeof exec_table / sizeof exec_table[0])

/* S5.1: .T counts the 3-bit texture part; .P counts the 5-bit phase part
 * and restarts the texture part. */
static uint8_t hash_after(uint8_t h, int phase)
{
    if (phase == TX_PHASE_T)
        return (uint8_t)((h & ~7u) | ((h + 1u) & 7u));
    if (phase == TX_PHASE_P)
        return (uint8_t)(((TX_HASH_PHASE(h) + 1u) & 31u) << 3);
    return h;
}

int tx_step(tx_state *s, uint64_t word, uint32_t ctrl, tx_effects *fx)
{
    tx_insn in;
    tx_insn_fn fn = NULL;
    int st;

    /* The effects struct is tens of kilobytes, mostly taps.  Clear only the
     * counts and masks: tap arrays are meaningful just for the lanes in
     * taps.lanes and the first taps.ntaps taps, which the stages fill. */
    fx->status = TX_ST_OK;
    fx->nregw = 0;
    memset(fx->predw_mask, 0, sizeof fx->predw_mask);
    memset(fx->predw_val, 0, sizeof fx->predw_val);
    fx->taps.lanes = 0;
    fx->taps.ntaps = 0;
    fx->taps.stages = 0;

    tx_decode(word, ctrl, &in);
    if ((unsigned)in.op < EXEC_COUNT)
        fn = exec_table[in.op];
    /* An instruction recognised but not modelled yet reports UNIMPL whether
     * or not its encoding is legal (the RTL does the same), so that the
     * harness can say "not implemented" instead of judging it.  An unknown
     * opcode is illegal (docs/semantics.md S2.2). */
    if (fn == insn_unimpl)
        st = insn_unimpl(s, &in, fx);
    else
        st = (fn && !in.illegal) ? fn(s, &in, fx) : TX_ST_ILLEGAL;

    /* An illegal instruction writes nothing and leaves the hash; so does an
     * unimplemented one, which never really executed.  Everything else,
     * even a guarded-off or faulting instruction, moves the hash. */
    if (st == TX_ST_ILLEGAL) {
        fx->nregw = 0;
        fx->taps.lanes = 0;
        fx->taps.ntaps = 0;
    } else if (st != TX_ST_UNIMPL) {
        s->hash = hash_after(s->hash, in.phase);
    }
    fx->status = st;
    fx->hash = s->hash;
    return st;
}

const char *tx_status_name(int st)
{
    switch (st) {
    case TX_ST_OK: return "OK";
    case TX_ST_ILLEGAL: return "ILLEGAL";
    case TX_ST_FAULT: return "FAULT";
    case TX_ST_TRAP: return "TRAP";
    case TX_ST_UNIMPL: return "UNIMPL";
    default: return "UNKNOWN";
    }
}

const char *tx_stage_name(int stage)
{
    /* The RTL module of each stage is tx_<name>. */
    static const char *const names[TX_TAP_COUNT] = {
        [TX_TAP_GATHER] = "gather", [TX_TAP_LOD] = "lod",
        [TX_TAP_ADDR] = "addr",     [TX_TAP_FETCH] = "fetch",
        [TX_TAP_FORMAT] = "format", [TX_TAP_FILTER] = "filter",
        [TX_TAP_PACK] = "pack",     [TX_TAP_PIXLD] = "pixld",
    };
    return stage >= 0 && stage < TX_TAP_COUNT ? names[stage] : "unknown";
}
