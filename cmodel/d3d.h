/*
 * d3d.h - the Direct3D shader-model-4 `ld` instruction as vector text, and
 * its lowering to one TLDS (or one TLD, for the forms TLDS lacks) plus
 * register moves (docs/d3d-ld.md).
 *
 *   ld[_aoffimmi(u,v,w)] dest[.mask], srcAddress[.swizzle], srcResource[.swizzle]
 *
 * (Direct3D's "ld (sm4 - asm)").  tx_d3d_parse checks the text alone;
 * tx_d3d_lower turns a parsed `ld` into
 *
 *   - pre-moves: the swizzled srcAddress components (and the packed
 *     _aoffimmi immediate) copied into the scratch registers in the layout
 *     the chosen TLDS form reads;
 *   - one TLDS word (F32, write mask covering the components the
 *     destination needs, results in scratch registers);
 *   - post-moves: the returned components, swizzled by srcResource.swizzle,
 *     copied to the components dest.mask names.
 *
 * (or a TLD with the same scratch layout, section 4.3 of the doc), or
 * refuses it with a reason when neither expresses it exactly.  The
 * testbench applies the moves to both warp states (tb/vector/vector.h vec_move).
 *
 * Register mapping (docs/d3d-ld.md, "Registers"):
 *   rN.xyzw -> R(4N) .. R(4N+3)          N = 0..47   (R0..R191)
 *   vN.xyzw -> R(192+4N) .. R(192+4N+3)  N = 0..11   (R192..R239)
 *   R240..R247 are the lowering's scratch registers: every d3d step may
 *   write them.  R248..R254 are never touched by d3d steps, except R248 and
 *   R249 by the TLD forms that read five source registers (docs/d3d-ld.md).
 */
#ifndef TX_D3D_H
#define TX_D3D_H

#include <stdint.h>

#define TX_D3D_NTEMPS 48          /* r0..r47 */
#define TX_D3D_NINPUTS 12         /* v0..v11 */
#define TX_D3D_V_BASE 192         /* v0.x = R192 */
#define TX_D3D_NRES 128           /* t0..t127 */

/* Scratch registers (even, so each pair is a legal vec2 group). */
#define TX_D3D_SCRATCH_FIRST 240
#define TX_D3D_SCRATCH_LAST 247
#define TX_D3D_RA 240             /* Ra, Ra+1: address group A */
#define TX_D3D_RB 242             /* Rb, Rb+1: address group B */
#define TX_D3D_RD0 244            /* Rd0, Rd0+1: returned components 0, 1 */
#define TX_D3D_RD1 246            /* Rd1, Rd1+1: returned components 2, 3 */
#define TX_D3D_RB5 248            /* TLD: the Rb pair beside a 3-register Ra group */

#define TX_D3D_MAX_PRE 12
#define TX_D3D_MAX_POST 4

/* Resource dimensions a t# may be declared with ("dim" in the vector). */
enum tx_d3d_dim {
    TX_D3D_BUFFER = 0,
    TX_D3D_TEXTURE1D,
    TX_D3D_TEXTURE1DARRAY,
    TX_D3D_TEXTURE2D,
    TX_D3D_TEXTURE2DARRAY,
    TX_D3D_TEXTURE2DMS,
    TX_D3D_TEXTURE2DMSARRAY,
    TX_D3D_TEXTURE3D,
    TX_D3D_TEXTURECUBE,
    TX_D3D_TEXTURECUBEARRAY,
    TX_D3D_NDIMS
};

/* Exact (lower-case) names, as in dcl_resource_<dim>; -1 / NULL if unknown. */
int tx_d3d_dim_from_name(const char *name);
const char *tx_d3d_dim_name(int dim);

/* One t# declaration. */
typedef struct tx_d3d_res {
    uint8_t declared;
    uint8_t dim;              /* enum tx_d3d_dim */
    uint8_t bound;            /* 0: declared unbound (returns zeros) */
    uint16_t slot;            /* constant-bank word index = #tsPtrIdx */
} tx_d3d_res;

/* A parsed `ld`.  Components are numbered 0..3 = x/r, y/g, z/b, w/a. */
typedef struct tx_d3d_ld {
    uint8_t aoffi;            /* _aoffimmi given */
    int8_t off[3];            /* u, v, w in -8..7 */
    uint8_t dest;             /* r# index */
    uint8_t mask;             /* dest mask, bit c = component c (1..15) */
    uint8_t addr_file;        /* 'r' or 'v' */
    uint8_t addr;             /* its index */
    uint8_t addr_swz[4];      /* component of the register read for x,y,z,w */
    uint8_t res;              /* t# index */
    uint8_t res_swz[4];       /* returned component taken for x,y,z,w */
    /* 1-based columns of the parts, for messages about them. */
    int col_op, col_dest, col_addr, col_res;
} tx_d3d_ld;

/* Why text was refused; col is 1-based in the text (0 if not about a spot). */
typedef struct tx_d3d_err {
    int col;
    char msg[320];
} tx_d3d_err;

/* Parse one `ld` instruction.  Returns 0, or -1 and *err. */
int tx_d3d_parse(const char *text, tx_d3d_ld *ld, tx_d3d_err *err);

/* A register move (same meaning as tb/vector/vector.h vec_move). */
typedef struct tx_d3d_move {
    uint8_t dst;
    uint8_t from_imm;         /* 1: dst = imm in every lane; 0: dst = src */
    uint8_t src;
    uint8_t sat16;            /* with from_imm 0: dst = min(src, 0xffff) */
    uint32_t imm;
    uint32_t lanes;           /* the lanes it writes: all 32, or ctm for a move that
                               * runs as a MOV of the warp would (docs/d3d-ld.md 4.4) */
} tx_d3d_move;

/*
 * What the lowering knows about the vector at this step.  reg_value returns
 * 1 and the 32 lane values of SASS register reg when they are known when the
 * vector is read (the initial value, and no earlier step writes the
 * register), 0 otherwise.  It may be NULL (nothing is known).
 */
typedef struct tx_d3d_env {
    const tx_d3d_res *res;    /* TX_D3D_NRES entries */
    int pixel;                /* pixel-shader threads (the vector's "pixel") */
    uint32_t ctm;             /* lanes that execute (the vector's "ctm") */
    int (*reg_value)(void *user, int reg, uint32_t val[32]);
    void *user;
} tx_d3d_env;

typedef struct tx_d3d_lowered {
    char sass[96];            /* canonical-form text of the TLDS or TLD */
    uint64_t word;
    uint32_t ctrl;
    uint8_t op;               /* TX_OP_TLDS, or TX_OP_TLD for the forms TLDS lacks */
    uint8_t target;           /* TLDS: enum tx_tlds_target */
    int npre, npost;
    tx_d3d_move pre[TX_D3D_MAX_PRE];
    tx_d3d_move post[TX_D3D_MAX_POST];
} tx_d3d_lowered;

/* Lower a parsed `ld`.  Returns 0, or -1 and *err (neither TLDS nor TLD
 * expresses it exactly, or the resource is not declared). */
int tx_d3d_lower(const tx_d3d_ld *ld, const tx_d3d_env *env, tx_d3d_lowered *out,
                 tx_d3d_err *err);

/* Parse and lower. */
int tx_d3d_compile(const char *text, const tx_d3d_env *env, tx_d3d_lowered *out,
                   tx_d3d_err *err);

/* SASS register of component comp (0..3) of D3D register file/index
 * ('r' or 'v'); -1 outside the mapped ranges. */
int tx_d3d_reg(char file, int index, int comp);

/* The TLDS .AOFFI operand of _aoffimmi(u,v,w) (TLDS seed):
 * ((w & 0xf) << 8) | ((v & 0xf) << 4) | (u & 0xf). */
uint32_t tx_d3d_aoffi_pack(int u, int v, int w);

#endif
