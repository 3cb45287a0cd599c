/*
 * model.h - the behavioural model's step interface (the Ibex cosim shape:
 * step one instruction, get back every architectural effect).
 *
 * tx_step executes one instruction on a warp state and reports what it did:
 * register writes, predicate writes, the completion status and the new warp
 * texture hash.  It also records per-lane values at each pipeline stage
 * ("taps") so the testbench can name the first stage where the RTL diverged.
 */
#ifndef TX_MODEL_H
#define TX_MODEL_H

#include <stdint.h>
#include "isa.h"
#include "state.h"

/* Completion status: the RTL's done_status_o carries the same codes. */
enum tx_status {
    TX_ST_OK = 0,
    TX_ST_ILLEGAL = 1,  /* illegal encoding/modifiers/alignment/"must be RZ" */
    TX_ST_FAULT = 2,    /* a read touched an unmapped page */
    TX_ST_TRAP = 3,     /* SULD .TRAP out of bounds */
    TX_ST_UNIMPL = 15,  /* decoded but not implemented yet (an error of texcosim) */
};
const char *tx_status_name(int st);

/* Pipeline stages, in dataflow order; RTL modules have the same names. */
enum tx_stage {
    TX_TAP_GATHER = 0,  /* operand registers read: Ra, Ra+1, Rb, Rb+1 */
    TX_TAP_LOD,         /* absolute level selected, per lane */
    TX_TAP_ADDR,        /* byte address and out-of-bounds flag of each tap */
    TX_TAP_FETCH,       /* raw texel bits of each tap (128) */
    TX_TAP_FORMAT,      /* 4 components after decode and swizzle, each tap */
    TX_TAP_FILTER,      /* 4 filtered components */
    TX_TAP_PACK,        /* register writes (the effects themselves) */
    TX_TAP_PIXLD,       /* PIXLD: Ra, sample index, result, predicate */
    TX_TAP_COUNT
};
const char *tx_stage_name(int stage);

/* Tap slots per lane (docs/filtering.md T3): slot = 4*g + k, k = 0 (i0,j0),
 * 1 (i1,j0), 2 (i0,j1), 3 (i1,j1); g = 1 is the second level (trilinear) or
 * the second slice (3D linear, one level); a 3D lane on two levels uses
 * g = 2*level + slice.  TLDS and point sampling use slot 0. */
#define TX_TAPS_PER_LANE 16
#define TX_GATHER_WORDS 8  /* Ra..Ra+3, Rb..Rb+3 (TLDS: Ra, Ra+1, Rb, Rb+1) */

typedef struct tx_taps {
    uint32_t lanes;                      /* lanes that went down the pipe */
    /* gather: registers as read, 0 in slots the form does not read */
    uint32_t gather[TX_LANES][TX_GATHER_WORDS];
    /* lod */
    uint32_t level[TX_LANES];            /* absolute level of slots 0..3 */
    int32_t lod[TX_LANES];               /* TEX: final LOD, s.8 (L7); TLDS 0 */
    uint32_t level1[TX_LANES];           /* TEX: level of the second level's slots; else = level */
    uint8_t mipw[TX_LANES];              /* TEX: weight fraction of level1 (M3) */
    /* addr */
    int32_t ufx[TX_LANES][2][3];         /* TEX: u, v, w (s.8, C2+C3) per level g */
    uint64_t addr[TX_LANES][TX_TAPS_PER_LANE];
    uint8_t oob[TX_LANES][TX_TAPS_PER_LANE];
    /* fetch, format */
    uint32_t texel[TX_LANES][TX_TAPS_PER_LANE][4];
    uint32_t fmt[TX_LANES][TX_TAPS_PER_LANE][4];
    /* filter */
    uint8_t wt[TX_LANES][2][3];          /* TEX: fractions fu, fv, fw per level (T2) */
    uint32_t filt[TX_LANES][4];
    uint8_t ntaps;                       /* taps per lane used (1, 4, 8 or 16) */
    /* Stages the instruction fills, bit = enum tx_stage; 0 means the
     * texture stages gather..filter.  Only these are compared. */
    uint8_t stages;
    /* TX_TAP_PIXLD (cmodel/pixld.c, rtl/tx_pixld.sv) */
    uint32_t pix_ra[TX_LANES];           /* Ra as read (0 when not read) */
    uint32_t pix_index[TX_LANES];        /* sample index of the address */
    uint32_t pix_val[TX_LANES];          /* value for Rd */
    uint32_t pix_pred;                   /* value for Pd, bit = lane */
} tx_taps;
#define TX_STAGES_TEXTURE 0x3fu          /* gather, lod, addr, fetch, format, filter */

typedef struct tx_regw {
    uint8_t lane, reg;
    uint32_t val;
} tx_regw;

#define TX_MAX_REGW (TX_LANES * 4)

typedef struct tx_effects {
    int status;                   /* enum tx_status */
    int nregw;
    tx_regw regw[TX_MAX_REGW];    /* in write order; never RZ */
    uint32_t predw_mask[TX_NPREDS]; /* lanes whose predicate Pi was written */
    uint32_t predw_val[TX_NPREDS];  /* the values written */
    uint8_t hash;                 /* warp texture hash after the instruction */
    tx_taps taps;
} tx_effects;

/* Execute one instruction: update s and fill *fx.  Returns fx->status. */
int tx_step(tx_state *s, uint64_t word, uint32_t ctrl, tx_effects *fx);

#endif
