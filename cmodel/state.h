/*
 * state.h - architectural state of one warp as the texture pipe sees it.
 *
 * The model owns one tx_state; the testbench owns a second one for the RTL
 * (the RTL has no state of its own between instructions except what it reads
 * through its ports).  Both are loaded from the same vector and compared after
 * every instruction.
 */
#ifndef TX_STATE_H
#define TX_STATE_H

#include <stdint.h>
#include "mem.h"

#define TX_LANES 32
#define TX_QUADS (TX_LANES / 4)
#define TX_NREGS 256   /* R0..R254; register number 255 is RZ */
#define TX_RZ 255
#define TX_NPREDS 7    /* P0..P6; predicate number 7 is PT */
#define TX_PT 7
#define TX_CBANK_BYTES 65536

/* Rounding of F16 result packing: PRI SM_TEXIO_CONTROL_FP16_ROUNDING_MODE. */
enum tx_fp16_round { TX_FP16_RNE = 0, TX_FP16_RZ = 1 };
/* Intra-GOB byte layout of block-linear surfaces (docs/layouts.md). */
enum tx_gob_layout { TX_GOB_TEGRA = 0, TX_GOB_DESKTOP = 1 };

/* Warp texture hash (.phase): bits [2:0] texture part, [7:3] phase part. */
#define TX_HASH_TEX(h) ((h) & 7u)
#define TX_HASH_PHASE(h) (((h) >> 3) & 31u)

/* Raster state that PIXLD reads (docs/semantics.md S7; vector member
 * "raster").  Sample offsets are in 1/16 pixel from the pixel centre, each
 * -8..7; +y points down. */
#define TX_MAX_SAMPLES 16
typedef struct tx_raster {
    uint8_t samples;        /* raster multisample count: 1, 2, 4, 8 or 16 */
    uint8_t ssaa;           /* 1: per-sample shading (SSAA mode) */
    uint8_t programmed;     /* 1: pos[] holds the positions; 0: standard D3D */
    int8_t pos[TX_MAX_SAMPLES][2];   /* programmed [sample][0 dx, 1 dy] */
    uint16_t cov[TX_LANES]; /* coverage mask of each lane, bit s = sample s */
    uint8_t sample[TX_LANES]; /* sample index of each lane (SSAA invocation) */
} tx_raster;

typedef struct tx_state {
    uint32_t r[TX_LANES][TX_NREGS]; /* r[lane][255] is kept 0 */
    uint32_t p[TX_NPREDS];          /* p[i] bit L = predicate Pi of lane L */

    /* Lane masks and thread type (TEX seed, "Notes On Status Bits"). */
    uint32_t ctm;   /* current thread mask */
    uint32_t ktm;   /* killed thread mask */
    int pixel;      /* 1: pixel-shader threads (PS); 0: any other type */

    uint8_t cbank[TX_CBANK_BYTES]; /* the bound texture-handle constant bank */

    /* Header and sampler pools (SetTexHeaderPoolC / SetSamplerHeaderPoolC). */
    uint64_t tic_base;
    uint32_t tic_max;  /* maximum valid header index */
    uint64_t tsc_base;
    uint32_t tsc_max;  /* maximum valid sampler index */

    /* SetSamplerBinding.ViaHeaderBinding (the TEX seed's "OGL" mode): the
     * header index of a handle is also its sampler index. */
    uint8_t ogl_binding;

    enum tx_fp16_round fp16_round;
    enum tx_gob_layout gob_layout;
    uint8_t hash;
    tx_raster raster;  /* PIXLD */

    tx_mem *mem;
} tx_state;

/* Allocate a state with empty memory; all registers, masks and knobs zero,
 * ctm = all lanes, pixel = 1.  Returns NULL on allocation failure. */
tx_state *tx_state_new(void);
void tx_state_free(tx_state *s);
/* Back to the tx_state_new() contents (memory emptied, not freed). */
void tx_state_reset(tx_state *s);

static inline uint32_t tx_reg(const tx_state *s, int lane, int reg)
{
    return reg == TX_RZ ? 0u : s->r[lane][reg];
}

/* Lane mask of the guard predicate @P / @!P (pred 7 = PT). */
static inline uint32_t tx_pred_mask(const tx_state *s, int pred, int neg)
{
    uint32_t m = pred == TX_PT ? 0xffffffffu : s->p[pred];
    return neg ? ~m : m;
}

#endif
