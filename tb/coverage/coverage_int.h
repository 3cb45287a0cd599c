/*
 * coverage_int.h - private to the coverage command: the bin groups shared by
 * coverage.c (TLDS and the texture state) and coverage_tex.c (TEX).
 */
#ifndef TX_COVERAGE_INT_H
#define TX_COVERAGE_INT_H

#include <stdint.h>

#include "stages.h"

#define MAX_BINS 320

typedef struct cov_group {
    const char *name;
    const char *what;          /* one-line meaning, for the report */
    int nbins;
    char *bin[MAX_BINS];       /* bin names (heap) */
    uint64_t hits[MAX_BINS];
} cov_group;

/* Group indices: TLDS and texture state, PIXLD, SULD, then TEX (G_S_*). */
enum {
    G_TARGET, G_WM_ONE, G_WM_TWO, G_PREC, G_GUARD, G_NODEP, G_PHASE, G_REGS,
    G_FORMAT, G_FMT_DT, G_DTMIX, G_SWZ, G_SRGB, G_LAYOUT, G_TYPE, G_LEVEL, G_ARRAY, G_3D,
    G_SAMPLES, G_SIZE, G_CORNER, G_EDGE, G_VALUE, G_ILLEGAL,
    G_PIX_MODE, G_PIX_FORM, G_PIX_INDEX, G_PIX_COV, G_PIX_STATE,
    G_SU_FORM, G_SU_MOD, G_SU_OUT, G_SU_LAYOUT, G_SU_FORMAT,
    G_S_FORM, G_S_DIM, G_S_FILTER, G_S_ADDR, G_S_CLASS, G_S_LOD, G_S_DC, G_S_BORDER,
    G_S_BIND, G_S_WMASK, G_S_CORNER,
    G_S_FEAT,   /* anisotropic filtering and min/max reduction */
    G_BPTC,     /* BC6H and BC7 block modes (coverage_bptc.c) */
    G_BCN,      /* BC1-BC5, ETC2 and EAC formats and block modes (coverage_bcn.c) */
    G_CUBE,     /* seamless cube maps (coverage_cube.c) */
    G_TLD,      /* TLD (coverage_tld.c) */
    G_TLD4,     /* gather (coverage_tld4.c) */
    G_BPTC_PART, G_BPTC_ANCHOR,   /* BPTC partitions and anchors (coverage_bptc.c) */
    G_BLK_TYPE, /* block formats x texture types (coverage_bcn.c) */
    G_REGS_RD,  /* destination registers x alignment (coverage_regs.c) */
    G_S_LANES,  /* ANISO lanes of a quad that disagree (coverage_tex.c) */
    G_S_FSPEC,  /* Inf, NaN and huge float texels under filtering (coverage_tex.c) */
    G_SU_TYPE,  /* SULD surface types (coverage.c) */
    G_TXQ,      /* TXQ (coverage_txq.c) */
    G_TMML,     /* TMML (coverage_txq.c) */
    G_TEXS,     /* TEXS (coverage_texs.c) */
    G_TXD,      /* TXD (coverage_txd.c) */
    G_COUNT
};
#define G_S_FIRST G_S_FORM

typedef struct cov {
    cov_group g[G_COUNT];
    long files, vectors, steps;
    long ops[TX_OP_COUNT];     /* steps by enum tx_op */
} cov;

/* cov_bins.c: add bins to a group, count a hit. */
void cov_add_bin(cov_group *g, const char *name);
void cov_add_bins(cov_group *g, const char *const *names, int n);
void cov_hit(cov *c, int group, int bin);

/* coverage_tex.c: the TEX groups' names and bins, and one TEX step
 * (executed here with tx_step; s is updated as the runner would). */
void cov_tex_init(cov *c);
void cov_tex_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                  tx_effects *fx);

/* coverage_bptc.c: the BC6H / BC7 mode bins (group G_BPTC, named there),
 * hit from the fetched blocks of a TLDS or TEX step. */
void cov_bptc_init(cov *c);
void cov_bptc_step(cov *c, const tx_tic *tic, const tx_taps *tp);
/* The partition and anchor bins (groups G_BPTC_PART, G_BPTC_ANCHOR), hit by
 * cov_bptc_step. */
void cov_bptc_part_init(cov *c);

/* coverage_bcn.c: the BC1-BC5, ETC2 and EAC bins (group G_BCN, named
 * there), hit from the fetched blocks of a TLDS (tex 0) or TEX (tex 1) step. */
void cov_bcn_init(cov *c);
void cov_bcn_step(cov *c, const tx_tic *tic, const tx_taps *tp, int tex);
/* Block formats x texture types (group G_BLK_TYPE), from the taps of a TLDS
 * or TEX step on a texture of GOB layout gob. */
void cov_bcn_type_init(cov *c);
void cov_bcn_type_step(cov *c, const tx_tic *tic, int gob, const tx_taps *tp);
/* coverage_regs.c: destination registers of TEX, TLDS and SULD (group
 * G_REGS_RD), from the decoded word, legal or not. */
void cov_regs_init(cov *c);
void cov_regs_step(cov *c, const tx_insn *in);
/* coverage_tld4.c: the gather bins (group G_TLD4), from a TLD4 or TLD4S step. */
void cov_tld4_init(cov *c);
void cov_tld4_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                   tx_effects *fx);
/* coverage_texs.c: the TEXS bins (group G_TEXS), and one legal TEXS step
 * (executed here with tx_step). */
void cov_texs_init(cov *c);
void cov_texs_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                   tx_effects *fx);
/* coverage_cube.c: the seamless cube map bins (group G_CUBE, named there),
 * hit from a TEX step's coordinates and taps. */
void cov_cube_init(cov *c);
void cov_cube_step(cov *c, const tx_state *s, const tx_insn *in, const tx_tic *tic,
                   const tx_tsc *tsc, uint32_t coords[][3], const tx_taps *tp);

/* coverage_tld.c: the TLD bins (group G_TLD, named there), and one legal
 * TLD step (executed here with tx_step). */
void cov_tld_init(cov *c);
void cov_tld_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                  tx_effects *fx);
/* coverage_txq.c: the TXQ bins (group G_TXQ, named there), and one TXQ
 * step (executed here with tx_step). */
void cov_txq_init(cov *c);
void cov_txq_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                  tx_effects *fx);
/* The TMML bins (group G_TMML, named there), from one TMML step and its
 * results. */
void cov_tmml_init(cov *c);
void cov_tmml_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                   tx_effects *fx);
/* coverage_txd.c: the TXD bins (group G_TXD), from one TXD step (executed
 * there with tx_step). */
void cov_txd_init(cov *c);
void cov_txd_step(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                  tx_effects *fx);

#endif
