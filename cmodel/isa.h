/*
 * isa.h - the instructions texcosim executes: 64-bit Maxwell words, their
 * decoded form, and the SASS text assembler / disassembler.
 *
 * Bit positions come from the public sources of docs/sources.md (yuzu,
 * Ryujinx, envydis and Mesa agree on them); each field below names its bits.
 * Syntax and canonical text are specified in docs/isa.md.
 *
 * An instruction is a 64-bit word plus its 21-bit scheduling control field
 * (the per-instruction slot of the bundle's control word, Mesa emitInstruction):
 *   [3:0] stall  [4] yield  [7:5] write barrier (7 none)  [10:8] read barrier
 *   (7 none)  [16:11] wait mask (&req)  [18:17] texture phase  [20:19] 0
 * The scheduling fields (&req, &rd, &wr, ?sched) and the .phase modifier
 * (.T, .P) live there: no public source places .phase in the 64-bit word, and
 * every bit of the TEX and TLDS words is already taken (docs/semantics.md).
 */
#ifndef TX_ISA_H
#define TX_ISA_H

#include <stddef.h>
#include <stdint.h>

#define TX_CTRL_DEFAULT 0x7e0u /* no barriers, no wait, stall 0, no phase */
#define TX_CTRL_PHASE(c) (((c) >> 17) & 3u)
enum tx_phase { TX_PHASE_NONE = 0, TX_PHASE_T = 1, TX_PHASE_P = 2 };

enum tx_op {
    TX_OP_UNKNOWN = 0,
    TX_OP_TLDS,
    TX_OP_TEX,   /* TEX and TEX.B */
    TX_OP_SULD,
    TX_OP_PIXLD,
    TX_OP_TLD,   /* TLD and TLD.B */
    TX_OP_TXD,   /* TXD and TXD.B */
    TX_OP_TEXS,
    TX_OP_SUST,
    TX_OP_SURED,
    TX_OP_TLD4,  /* TLD4 and TLD4.B (gather) */
    TX_OP_TLD4S, /* TLD4S, the scalar short form of TLD4 */
    TX_OP_TXQ,   /* TXQ and TXQ.B, header query */
    TX_OP_TMML,  /* TMML and TMML.B, LOD query */
    TX_OP_COUNT  /* the number of operations (not one) */
};

/* TLD4 offset forms, bits [55:54] (TLD4.B: [37:36]); 3 is reserved. */
enum tx_tld4_offs { TX_TLD4_NOOFF = 0, TX_TLD4_AOFFI = 1, TX_TLD4_PTP = 2 };

/* TLDS target codes, bits [56:53] (TLDS seed "Legal modifier table"). */
enum tx_tlds_target {
    TX_TLDS_1D_LZ = 0, TX_TLDS_1D_LL = 1, TX_TLDS_2D_LZ = 2,
    TX_TLDS_2D_LZ_AOFFI = 4, TX_TLDS_2D_LL = 5, TX_TLDS_2D_LZ_MS = 6,
    TX_TLDS_3D_LZ = 7, TX_TLDS_A2D_LZ = 8, TX_TLDS_2D_LL_AOFFI = 12,
};

/* TEX dim, bits [30:28]; bit 28 = array. */
enum tx_tex_dim {
    TX_DIM_1D = 0, TX_DIM_A1D = 1, TX_DIM_2D = 2, TX_DIM_A2D = 3,
    TX_DIM_3D = 4, TX_DIM_A3D = 5, TX_DIM_CUBE = 6, TX_DIM_ACUBE = 7,
};

/* TEX LOD mode, bits [57:55] (TEX.B: [39:37]). 4 and 5 are illegal. */
enum tx_lod_mode { TX_LOD_NONE = 0, TX_LOD_LZ = 1, TX_LOD_LB = 2, TX_LOD_LL = 3,
                   TX_LOD_LBA = 6, TX_LOD_LLA = 7 };

/* SULD dim [35:33], clamp [50:49], .D size [22:20]. */
enum tx_su_dim { TX_SU_1D = 0, TX_SU_1D_BUFFER = 1, TX_SU_1D_ARRAY = 2,
                 TX_SU_2D = 3, TX_SU_2D_ARRAY = 4, TX_SU_3D = 5 };
enum tx_su_clamp { TX_SU_IGN = 0, TX_SU_NEAR = 1, TX_SU_TRAP = 2 };
enum tx_su_size { TX_SU_U8 = 0, TX_SU_S8 = 1, TX_SU_U16 = 2, TX_SU_S16 = 3,
                  TX_SU_32 = 4, TX_SU_64 = 5, TX_SU_128 = 6 };

/* SUST cache op [25:24] (stores: envydis tabeb20_2, Ryujinx CacheOpSt;
 * nvdisasm spells 2 as CS). */
enum tx_su_stcop { TX_SU_WB = 0, TX_SU_CG = 1, TX_SU_CS = 2, TX_SU_WT = 3 };

/* SURED operation [26:24] and type [22:20] (envydis tabeb40_2, Ryujinx
 * RedOp / SuatomSize). */
enum tx_su_redop { TX_RED_ADD = 0, TX_RED_MIN, TX_RED_MAX, TX_RED_INC, TX_RED_DEC,
                   TX_RED_AND, TX_RED_OR, TX_RED_XOR };
enum tx_su_redtype { TX_RED_U32 = 0, TX_RED_S32, TX_RED_U64, TX_RED_F32, TX_RED_F16X2,
                     TX_RED_S64, TX_RED_SD32, TX_RED_SD64 };

/* TEXS target codes, bits [56:53] (envydis tabd000, Ryujinx TexsTarget,
 * Mesa getTEXSTarget); 14 and 15 are reserved. */
enum tx_texs_target {
    TX_TEXS_1D_LZ = 0, TX_TEXS_2D = 1, TX_TEXS_2D_LZ = 2, TX_TEXS_2D_LL = 3,
    TX_TEXS_2D_DC = 4, TX_TEXS_2D_LL_DC = 5, TX_TEXS_2D_LZ_DC = 6, TX_TEXS_A2D = 7,
    TX_TEXS_A2D_LZ = 8, TX_TEXS_A2D_LZ_DC = 9, TX_TEXS_3D = 10, TX_TEXS_3D_LZ = 11,
    TX_TEXS_CUBE = 12, TX_TEXS_CUBE_LL = 13,
};

/* PIXLD mode [33:31]. */
enum tx_pixld_mode { TX_PIX_MSCOUNT = 0, TX_PIX_COVMASK = 1, TX_PIX_COVERED = 2,
                     TX_PIX_OFFSET = 3, TX_PIX_CENTROID_OFFSET = 4,
                     TX_PIX_MY_INDEX = 5 };

/* TXQ query code, bits [27:22] (Mesa emitTXQ; names as nvdisasm prints
 * them, docs/isa.md).  Every other code is reserved. */
enum tx_txq_query {
    TX_TXQ_DIMENSION = 1, TX_TXQ_TEXTURE_TYPE = 2, TX_TXQ_SAMPLER_POS = 5,
    TX_TXQ_SAMPLER_FILTER = 16, TX_TXQ_SAMPLER_LOD = 18, TX_TXQ_SAMPLER_WRAP = 20,
    TX_TXQ_SAMPLER_BORDER = 22,
};

typedef struct tx_insn {
    enum tx_op op;
    uint64_t word;
    uint32_t ctrl;
    uint8_t pred, pred_neg;   /* guard [18:16], negate [19]; pred 7 = PT */
    uint8_t rd, ra, rb;       /* [7:0] [15:8] [27:20]; 255 = RZ */
    uint8_t phase;            /* enum tx_phase, from ctrl */

    /* Legality (decode never fails: an illegal word decodes with illegal=1
     * and a reason; executing it raises TX_ST_ILLEGAL and writes nothing). */
    int illegal;
    const char *why;

    union {
        struct {              /* TLDS */
            uint8_t rd1;      /* Rd1 (yuzu "Rd2"), [35:28] */
            uint8_t target;   /* [56:53] */
            uint8_t wmask;    /* write-mask code, [52:50] */
            uint8_t f16;      /* 1 when bit 59 is 0 */
            uint8_t nodep;    /* [49] */
            uint16_t tsidx;   /* #tsPtrIdxU13, [48:36] */
        } tlds;
        struct {              /* TEX, TEX.B */
            uint8_t bindless; /* TEX.B */
            uint8_t lod;      /* enum tx_lod_mode */
            uint8_t lc, aoffi, dc, ndv, nodep;
            uint8_t ps;       /* sparse predicate [53:51], 7 = none */
            uint8_t dim;      /* enum tx_tex_dim */
            uint8_t wmask;    /* [34:31], bit i = component i (RGBA) */
            uint16_t tsidx;   /* [48:36], not in TEX.B */
            uint8_t rb_last;  /* not a TEX field: the TEX form of a TEXS whose
                               * last coordinate is Rb (docs/semantics.md S14.2) */
        } tex;
        struct {              /* TLD, TLD.B (facts 5.6) */
            uint8_t bindless; /* TLD.B */
            uint8_t ll;       /* [55]: 1 .LL, 0 .LZ */
            uint8_t cl;       /* [54] */
            uint8_t ps;       /* sparse predicate [53:51], 7 = none */
            uint8_t ms;       /* [50] */
            uint8_t nodep;    /* [49] */
            uint8_t aoffi;    /* [35] */
            uint8_t wmask;    /* [34:31], bit i = component i (RGBA) */
            uint8_t dim;      /* enum tx_tex_dim, [30:28] */
            uint16_t tsidx;   /* [48:36], not in TLD.B */
        } tld;
        struct {              /* TXD, TXD.B */
            uint8_t bindless; /* TXD.B */
            uint8_t ps;       /* sparse predicate [53:51], 7 = none */
            uint8_t lc;       /* [50] */
            uint8_t nodep;    /* [49] */
            uint8_t aoffi;    /* [35] */
            uint8_t wmask;    /* [34:31] */
            uint8_t dim;      /* enum tx_tex_dim, [30:28] */
            uint16_t tsidx;   /* [48:36], not in TXD.B */
        } txd;
        struct {              /* TEXS: the TLDS layout with its own targets */
            uint8_t rd1;      /* [35:28] */
            uint8_t target;   /* enum tx_texs_target, [56:53] */
            uint8_t wmask;    /* write-mask code, [52:50] (TLDS tables) */
            uint8_t f16;      /* 1 when bit 59 is 0 */
            uint8_t nodep;    /* [49] */
            uint16_t tsidx;   /* [48:36] */
        } texs;
        struct {              /* SULD, SUST, SURED (one layout, facts 6) */
            uint8_t d;        /* 1: .D (raw, sized), 0: .P (formatted) */
            uint8_t ba;       /* .D.BA, bit 23 */
            uint8_t dim;      /* enum tx_su_dim */
            uint8_t cop;      /* [25:24] SULD: 0 CA, 1 CG, 2 CI, 3 CV (.CS=.CA,
                               * .LU=.CG); SUST: enum tx_su_stcop */
            uint8_t redop;    /* SURED: enum tx_su_redop [26:24] */
            uint8_t size;     /* .D: enum tx_su_size [22:20]; SURED: enum
                               * tx_su_redtype [22:20] */
            uint8_t rgba;     /* .P: component mask [23:20] (1 R, 3 RG, 15 RGBA) */
            uint8_t clamp;    /* enum tx_su_clamp */
            uint8_t bound;    /* bit 51: 1 = #tsPtrIdx, 0 = Rc */
            uint8_t rc;       /* [46:39] when !bound */
            uint16_t tsidx;   /* [48:36] when bound */
            uint8_t ps;       /* SULD sparse predicate, [32:30] stored inverted
                               * (7 = P0); SUST, SURED: 7 (none) */
        } suld;
        struct {              /* PIXLD */
            uint8_t mode;     /* enum tx_pixld_mode */
            int8_t imm;       /* [27:20] */
            uint8_t pd;       /* [47:45], 7 = PT: no predicate write */
        } pixld;
        struct {              /* TLD4, TLD4.B, TLD4S (docs/isa.md "TLD4") */
            uint8_t bindless; /* TLD4.B */
            uint8_t comp;     /* component gathered: TLD4 [57:56], .B [39:38], S [53:52] */
            uint8_t offs;     /* enum tx_tld4_offs: TLD4 [55:54], .B [37:36]; S: [51] AOFFI */
            uint8_t dc;       /* [50] */
            uint8_t nodep;    /* [49] */
            uint8_t ndv;      /* TLD4 [35]; 0 for TLD4S */
            uint8_t ps;       /* TLD4 sparse predicate [53:51], 7 = none; TLD4S 7 */
            uint8_t dim;      /* TLD4 [30:28] (enum tx_tex_dim); TLD4S 2D */
            uint8_t wmask;    /* TLD4 [34:31]; TLD4S 0xf */
            uint8_t rd1;      /* TLD4S [35:28]; RZ for TLD4 */
            uint8_t f16;      /* TLD4S [55]: results packed as binary16 pairs */
            uint16_t tsidx;   /* [48:36], not in TLD4.B */
        } tld4;
        struct {              /* TXQ, TXQ.B */
            uint8_t bindless; /* TXQ.B: Ra = handle, Ra+1 = level */
            uint8_t query;    /* enum tx_txq_query, [27:22] */
            uint8_t wmask;    /* [34:31], bit i = component i */
            uint8_t nodep;    /* [49] */
            uint16_t tsidx;   /* [48:36], not in TXQ.B */
        } txq;
        struct {              /* TMML, TMML.B */
            uint8_t bindless; /* TMML.B: Rb = handle */
            uint8_t dim;      /* enum tx_tex_dim, [30:28] */
            uint8_t wmask;    /* [34:31] */
            uint8_t ndv;      /* [35] */
            uint8_t nodep;    /* [49] */
            uint16_t tsidx;   /* [48:36], not in TMML.B */
        } tmml;
    } u;
} tx_insn;

/* Where the assembler stopped and why (1-based column of the input text). */
typedef struct tx_asm_err {
    int col;
    char msg[160];
} tx_asm_err;

/* Decode a word and its control field.  Never fails; sets illegal/why. */
void tx_decode(uint64_t word, uint32_t ctrl, tx_insn *out);

/* Assemble one instruction of SASS text (trailing ';' optional).
 * Returns 0 and the word/control, or -1 and *err. */
int tx_asm(const char *text, uint64_t *word, uint32_t *ctrl, tx_asm_err *err);
/* The same; tx_asm refuses the TEX forms the seed calls illegal (decode's
 * illegal with its reason), tx_asm_opt with allow_illegal = 1 assembles
 * them so that negative vectors can be written. */
int tx_asm_opt(const char *text, int allow_illegal, uint64_t *word, uint32_t *ctrl,
               tx_asm_err *err);

/* Canonical text of a word (docs/isa.md).  Always NUL-terminates; returns the
 * length that would have been written, like snprintf. */
int tx_disasm(uint64_t word, uint32_t ctrl, char *buf, size_t n);

const char *tx_op_name(enum tx_op op);

/* The seed's TLDS target table (bits [56:53]): 1 and the form's .LL, .AOFFI
 * and .MS flags (any pointer may be NULL) for a legal code, 0 for a reserved
 * one. */
int tx_tlds_target(unsigned target, int *ll, int *aoffi, int *ms);

/* The TEXS target table (bits [56:53]): 1 and the form's paramA (enum
 * tx_tex_dim), LOD mode (TX_LOD_NONE, _LZ or _LL) and .DC flag (any pointer
 * may be NULL) for a legal code, 0 for a reserved one. */
int tx_texs_target(unsigned target, int *dim, int *lod, int *dc);

/* Helpers for the model and the tests (cmodel/isa_tables.c). */

/* RGBA component mask (bit i = component i) that TLDS write-mask code `code`
 * selects, given whether Rd1 is RZ; 0 when the code is reserved. */
unsigned tx_tlds_comp_mask(unsigned code, int rd1_is_rz);

/* Registers the decoded instruction reads from its Ra and Rb groups
 * (docs/isa.md "Register groups").  Either pointer may be NULL. */
void tx_src_counts(const tx_insn *d, int *ra_n, int *rb_n);

/* Name of a TXQ query code as nvdisasm prints it, or NULL for a reserved
 * code. */
const char *tx_txq_query_name(unsigned code);

/* Registers at Rd of a decoded SULD (written), SUST or SURED (read); 0 for
 * a reserved size. */
int tx_suld_rd_count(const tx_insn *d);

#endif
