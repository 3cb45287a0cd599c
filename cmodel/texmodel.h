/*
 * texmodel.h - the public interface of the texcosim behavioural model
 * (libtexmodel; docs/library.md).
 *
 * This is the only header a program that uses the model as a library
 * includes.  It names no internal type: a model is an opaque handle that owns
 * one warp's architectural state (registers, predicates, lane masks, the
 * constant bank, header pools, memory).  The program loads that state, steps
 * instruction words one at a time, and reads back what each step did:
 * register writes, predicate writes, the completion status and the warp's
 * texture hash, the same effects the lockstep harness compares against the
 * RTL (docs/architecture.md).
 *
 * Every function is plain C and callable from C++ and from SystemVerilog
 * through DPI-C (dpi/texmodel_dpi.sv wraps them).  Functions that take a
 * lane, register or predicate number return -1 (or do nothing) when it is
 * out of range; none of them aborts on bad arguments.
 */
#ifndef TEXMODEL_H
#define TEXMODEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TEXMODEL_LANES 32     /* lanes of a warp */
#define TEXMODEL_NREGS 256    /* R0..R254; 255 is RZ (reads 0, never written) */
#define TEXMODEL_NPREDS 7     /* P0..P6; 7 is PT */

/* Completion status (the RTL's done_status_o carries the same codes). */
enum texmodel_status {
    TEXMODEL_OK = 0,
    TEXMODEL_ILLEGAL = 1,   /* illegal encoding, modifiers or operands */
    TEXMODEL_FAULT = 2,     /* a read touched an unmapped page */
    TEXMODEL_TRAP = 3,      /* SULD .TRAP out of bounds */
    TEXMODEL_UNIMPL = 15    /* decoded but not implemented */
};

/* Kinds of memory pages (4 KiB, 48-bit addresses; docs/architecture.md). */
enum texmodel_page { TEXMODEL_UNMAPPED = 0, TEXMODEL_MAPPED = 1, TEXMODEL_SPARSE = 2 };

/* Knobs of texmodel_set. */
enum texmodel_knob {
    TEXMODEL_CTM = 0,        /* current thread mask (default all lanes) */
    TEXMODEL_KTM,            /* killed thread mask (default 0) */
    TEXMODEL_PIXEL,          /* 1: pixel-shader threads (default 1) */
    TEXMODEL_HASH,           /* warp texture hash (.phase state), 8 bits */
    TEXMODEL_FP16_RZ,        /* 1: F16 results round toward zero, 0: to nearest even */
    TEXMODEL_GOB_DESKTOP,    /* 1: desktop GOB layout, 0: Tegra X1 */
    TEXMODEL_OGL_BINDING     /* 1: a handle's header index is its sampler index */
};

typedef struct texmodel texmodel;

/* The library's version string ("1.1.0"). */
const char *texmodel_version(void);

/* A model with empty memory, every register and predicate 0, all lanes
 * active, pixel threads.  NULL when memory runs out. */
texmodel *texmodel_new(void);
void texmodel_free(texmodel *m);
/* Back to the texmodel_new() state. */
void texmodel_reset(texmodel *m);

/* ---- loading state ---------------------------------------------------- */

/* Set the kind of every page overlapping [addr, addr+len); 0 or -1. */
int texmodel_mem_map(texmodel *m, uint64_t addr, uint64_t len, int kind);
/* Copy bytes into memory (the pages become mapped); 0 or -1. */
int texmodel_mem_write(texmodel *m, uint64_t addr, const void *src, size_t len);
/* Copy bytes out; returns 0, or an OR of 1 (sparse) and 2 (unmapped). */
int texmodel_mem_read(const texmodel *m, uint64_t addr, void *dst, size_t len);

/* Texture header (TIC) and sampler (TSC) pools: base address and the
 * largest valid index (SetTexHeaderPoolC, SetSamplerHeaderPoolC). */
void texmodel_set_tic_pool(texmodel *m, uint64_t base, uint32_t max_index);
void texmodel_set_tsc_pool(texmodel *m, uint64_t base, uint32_t max_index);
/* Write the 8 words of header or sampler `index` into its pool; 0 or -1. */
int texmodel_write_tic(texmodel *m, uint32_t index, const uint32_t words[8]);
int texmodel_write_tsc(texmodel *m, uint32_t index, const uint32_t words[8]);
/* Bytes of the bound constant bank (64 KiB) from offset; 0 or -1. */
int texmodel_cbank_write(texmodel *m, uint32_t offset, const void *src, size_t len);

/* Registers and predicates.  texmodel_set_reg returns 0 or -1; writes to
 * RZ are ignored.  A predicate value has bit L for lane L. */
int texmodel_set_reg(texmodel *m, int lane, int reg, uint32_t value);
uint32_t texmodel_reg(const texmodel *m, int lane, int reg);
int texmodel_set_pred(texmodel *m, int pred, uint32_t lanes);
uint32_t texmodel_pred(const texmodel *m, int pred);
/* One of enum texmodel_knob; 0 or -1 for an unknown knob. */
int texmodel_set(texmodel *m, int knob, uint32_t value);
/* Its value (0 for an unknown knob). */
uint32_t texmodel_get(const texmodel *m, int knob);
/* Read back the constant bank, header pools: 0 or -1. */
int texmodel_cbank_read(const texmodel *m, uint32_t offset, void *dst, size_t len);
uint64_t texmodel_tic_base(const texmodel *m);
uint32_t texmodel_tic_max(const texmodel *m);
uint64_t texmodel_tsc_base(const texmodel *m);
uint32_t texmodel_tsc_max(const texmodel *m);

/* ---- stepping --------------------------------------------------------- */

/* Execute one instruction (64-bit word, 21-bit control field).  Updates the
 * state and records the effects below.  Returns the status. */
int texmodel_step(texmodel *m, uint64_t word, uint32_t ctrl);

/* Effects of the last step. */
int texmodel_status(const texmodel *m);
const char *texmodel_status_name(int status);
/* Register writes, in write order: count, then write i (0 or -1). */
int texmodel_nregw(const texmodel *m);
int texmodel_regw(const texmodel *m, int i, int *lane, int *reg, uint32_t *value);
/* Lanes whose predicate `pred` was written, and the values written. */
uint32_t texmodel_predw_mask(const texmodel *m, int pred);
uint32_t texmodel_predw_value(const texmodel *m, int pred);
/* Warp texture hash after the last step. */
uint32_t texmodel_hash(const texmodel *m);
/* Filter-stage tap of a lane (its 4 filtered components before packing):
 * 0, or -1 when the lane did not go down the texture pipe. */
int texmodel_tap_filter(const texmodel *m, int lane, uint32_t comp[4]);

/* ---- text ------------------------------------------------------------- */

/* Assemble SASS text (docs/isa.md): 0, or -1 with a message in err. */
int texmodel_asm(const char *sass, uint64_t *word, uint32_t *ctrl, char *err, size_t errlen);
/* Canonical text of a word; returns the length, like snprintf. */
int texmodel_disasm(uint64_t word, uint32_t ctrl, char *buf, size_t n);

#ifdef __cplusplus
}
#endif

#endif
