/*
 * stages.h - private interface between the instruction files (insn_*.c) and
 * the pipeline stages of the model.  One stage per file, each the twin of the
 * RTL module of the same name (docs/architecture.md, "Stages and their
 * twins").  Not part of the model's public interface (model.h).
 */
#ifndef TX_STAGES_H
#define TX_STAGES_H

#include <stdint.h>

#include "format.h"
#include "isa.h"
#include "layout.h"
#include "model.h"
#include "state.h"
#include "tic.h"

/* One function per instruction, all with the same shape so model.c can
 * dispatch through a table indexed by enum tx_op.  The function fills the
 * effects (registers, taps) and returns the status; it must not touch the
 * hash, and it must return TX_ST_ILLEGAL only before writing anything. */
typedef int (*tx_insn_fn)(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_tlds(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_tex(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_suld(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_pixld(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_tld(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_tld4(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_texs(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_txq(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_tmml(tx_state *s, const tx_insn *in, tx_effects *fx);
int tx_insn_txd(tx_state *s, const tx_insn *in, tx_effects *fx);
/* TMML's datapath (insn_tex.c): a TEX with implicit LOD, given as a TEX
 * form, that returns each lane's LOD pair instead of sampling. */
int tx_tex_lod_query(tx_state *s, const tx_insn *in, tx_effects *fx);

/* ---- gather.c ---------------------------------------------------------- */

/* Texel coordinates and parameters unpacked from a TLDS operand group. */
typedef struct tx_tlds_args {
    uint32_t x, y, z;     /* unsigned texel coordinates (S3.1) */
    uint32_t layer;       /* array index, Ra[15:0] for ARRAY_2D; else 0 */
    uint32_t sample;      /* .MS sample index; else 0 */
    uint32_t lod;         /* .LL level relative to the view; else 0 */
    uint32_t aoffi;       /* .AOFFI packed offsets; else 0 */
} tx_tlds_args;

/* Register operand at number reg, counting past R254 into RZ (S1.2). */
static inline uint32_t tx_reg_ext(const tx_state *s, int lane, int reg)
{
    return reg >= TX_RZ ? 0u : s->r[lane][reg];
}

/* Read Ra, Ra+1, Rb, Rb+1 of one lane as the TLDS target code needs them
 * (S3.2): g[] gets the values read, 0 in slots the form does not read. */
void tx_gather_tlds(const tx_state *s, const tx_insn *in, int lane, uint32_t g[4]);
/* Give the gathered words their meaning for a target code. */
void tx_tlds_unpack_args(uint8_t target, const uint32_t g[4], tx_tlds_args *a);

/* TEX operand layout (seed packing table with compaction): the slot of each
 * parameter in the gathered words (0..3 Ra group, 4..7 Rb group), -1 when
 * the form has none. */
typedef struct tx_tex_slots {
    int ra_n, rb_n;           /* registers read from Ra and Rb */
    int array;                /* array index and/or .LC clamp (Ra+0) */
    int coord[3];             /* s, t, r */
    int handle, lod, toff, dc;
    int ms;                   /* TLD .MS sample index */
} tx_tex_slots;
void tx_tex_slots_of(const tx_insn *in, tx_tex_slots *sl);
/* Read the TEX operand groups of one lane: g[0..3] = Ra.., g[4..7] = Rb..,
 * 0 in slots the form does not read. */
void tx_gather_tex(const tx_state *s, const tx_insn *in, const tx_tex_slots *sl,
                   int lane, uint32_t g[8]);
/* TLD: TEX's slots with [handle] [lod] [offsets] [sample] in the Rb group;
 * the arguments of a lane's eight gathered slots (offsets not applied). */
void tx_tld_slots_of(const tx_insn *in, tx_tex_slots *sl);
void tx_tld_unpack_args(const tx_insn *in, const tx_tex_slots *sl, const uint32_t g[8],
                        tx_tlds_args *a);

/* A gather (TLD4, TLD4S; docs/semantics.md S10) runs TEX's stages on a TEX
 * form of itself (the `in` of tx_tex_run: .LZ, its dim, .DC, .B, ...) with
 * these overrides: its own operand slots, the view's first level, a
 * bilinear footprint for every format, no reduction or anisotropy, 6-bit
 * offsets, the filter selecting component comp of the four taps
 * (tx_filter_gather) and its own register packing. */
typedef struct tx_tex_gather {
    const tx_insn *orig;      /* the TLD4 or TLD4S, as decoded */
    tx_tex_slots sl;
    unsigned comp;
    int ptp;                  /* .PTP: sl.toff and sl.toff + 1 hold one offset per texel */
    void (*pack)(tx_state *s, const tx_insn *orig, int lane, const uint32_t c[4],
                 tx_effects *fx);
} tx_tex_gather;
/* The operand slots of a TLD4 or TLD4S (yuzu texture_gather.cpp,
 * texture_gather_swizzled.cpp); with .PTP toff is the first of two offset
 * words. */
void tx_tld4_slots_of(const tx_insn *in, tx_tex_slots *sl);
/* TEX (ga NULL) or a gather: the whole instruction. */
/* The TEX that another texture instruction runs as: `in`'s word, control,
 * guard, registers and phase, TEX's fields all zero for the caller to set. */
void tx_tex_form(const tx_insn *in, tx_insn *t);
int tx_tex_run(tx_state *s, const tx_insn *in, const tx_tex_gather *ga, tx_effects *fx);
/* TEXS (docs/semantics.md S14): TEX's stages on its TEX form `in`, each
 * lane's results packed by tx_pack_tlds as for pack_as (Rd0, Rd1, mask
 * code, .F16). */
int tx_tex_run_scalar(tx_state *s, const tx_insn *in, const tx_insn *pack_as, tx_effects *fx);
/* TXD (docs/semantics.md S13) runs TEX's stages on its TEX form (no LOD
 * modifier, its dim, .B, .LC, .AOFFI) with its own operand slots and a LOD
 * per lane from the gradients in its registers instead of the quad's
 * coordinates.  sl.handle and sl.coord as usual; word is the slot of the
 * word that holds the array index, the offsets and the .LC clamp (-1 when
 * the form has none); dx[a], dy[a] the slots of dP/dx and dP/dy of axis a
 * (-1 past the dimension). */
typedef struct tx_tex_grad {
    tx_tex_slots sl;
    int word;
    int dx[3], dy[3];
    int lc;                   /* .LC: the word's fields move (S13.2) */
} tx_tex_grad;
void tx_txd_slots_of(const tx_insn *in, tx_tex_grad *gd);
/* TXD: the whole instruction on its TEX form. */
int tx_tex_grad_run(tx_state *s, const tx_insn *in, const tx_tex_grad *gd, tx_effects *fx);

/* ---- header.c ---------------------------------------------------------- */

/* Read and unpack sampler number index (flags as tx_header_read). */
int tx_sampler_read(const tx_state *s, uint32_t index, tx_tsc *t);
/* 1 when a TEX #paramA may be used with a texture type (docs/semantics.md
 * S8.5), 0 when the lane returns zeros. */
int tx_header_tex_compatible(uint8_t dim, uint8_t texture_type);

/* The 32-bit texture handle at word tsidx of the constant bank (S3.9). */
uint32_t tx_header_handle(const tx_state *s, uint32_t tsidx);
/* Read and unpack header number index from the pool.  Returns the memory
 * flags of the read (TX_MEM_FAULT: the header read as zeros from an
 * unmapped page). The caller has already checked index against tic_max. */
int tx_header_read(const tx_state *s, uint32_t index, tx_tic *t);
/* 1 when a TLDS coordinate description may be used with a texture type
 * (S3.7), 0 when the load returns zeros. */
int tx_header_tlds_compatible(uint8_t target, uint8_t texture_type);
int tx_header_tld_compatible(uint8_t dim, uint8_t texture_type);
/* The header stage of a texel load (TLDS, TLD): read header index (already
 * checked against tic_max) and build its layout.  *built says whether L
 * holds a layout; the view first..last is the layout's, else the header
 * fields' (tx_lod_view_of_tic), so the lod tap is defined in every case.
 * Returns 1 when the header read faulted, else 0. */
int tx_header_load_view(const tx_state *s, uint32_t index, tx_tic *tic, tx_layout *L,
                        int *built, uint32_t *first, uint32_t *last);

/* ---- lod.c ------------------------------------------------------------- */

/* The view's levels as the header states them (S3.4): first =
 * res_view_min_mip_level, last = min(res_view_max_mip_level, max_mip_level).
 * Used when no layout could be built; otherwise the layout's first_level and
 * last_level, which also know the pitch and colour-key rules, are the view. */
void tx_lod_view_of_tic(const tx_tic *t, uint32_t *first, uint32_t *last);
/* Absolute level of a TLDS: first plus the .LL lod, modulo 2^32 (S3.4).
 * Returns 1 when the level is outside [first, last]. */
int tx_lod_tlds(uint32_t first, uint32_t last, int ll, uint32_t lod, uint32_t *level);

/* TEX (docs/filtering.md): C1+C2 conversion of a binary32 coordinate at
 * extent n; the log2 of L2; cube face selection (returns the face, Q1-Q3)
 * and the face coordinate of Q4. */
int32_t tx_coord_fx(uint32_t x, uint32_t n);
int32_t tx_lod_log2(uint32_t r);
/* L1-L2: the derivative coordinate (C2 with 32 fraction bits) and the
 * implicit LOD (s.8) of the derivative vectors dx = (dux, dvx, dwx) and
 * dy = (duy, dvy, dwy), units 2^-32 texel. */
int64_t tx_coord_fx32(uint32_t x, uint32_t n);
/* L1: the size's power of two 2^k <= n < 2^(k+1) (1 for n = 0), and the
 * derivative the footprint uses: d2 is the derivative at extent 2^k (units
 * 2^-32 texel of that extent), the result the derivative at extent n,
 * truncated to 10 leading bits (docs/filtering.md L1). */
uint32_t tx_lod_pow2(uint32_t n);
int64_t tx_lod_deriv(int64_t d2, uint32_t n);
int32_t tx_lod_implicit(const int64_t dx[3], const int64_t dy[3]);
int tx_cube_face(uint32_t x, uint32_t y, uint32_t z, int32_t *rs, int32_t *rt);
int32_t tx_cube_fx(int32_t r, uint32_t n);

/* Anisotropic footprint (docs/filtering.md section 14): the derivatives
 * l = dux, dvx, duy, dvy as the footprint takes them (tx_lod_deriv) give
 * the probe count N = 2^nlog (nlog <= max_log2) and the LOD before bias and
 * clamps; the same derivatives d at full precision (units 2^-32 texel, the
 * view's first level) give the major axis (s.8).  tx_aniso_probe places probe k on one axis of a level r above
 * the first. */
typedef struct tx_aniso {
    unsigned nlog;
    int32_t lambda;
    int32_t du, dv;
} tx_aniso;
unsigned tx_aniso_max_log2(unsigned code);
void tx_aniso_footprint(const int64_t d[4], const int64_t l[4], unsigned max_log2,
                        tx_aniso *a);
int32_t tx_aniso_probe(int32_t u, int32_t d, unsigned r, unsigned nlog, unsigned k);

/* ---- addr.c (TEX address modes, docs/filtering.md section 6) ---------- */

/* One axis of one level: the fixed coordinate u, extent n, sampler address
 * mode, linear or point.  Gives the two indices, their border flags and the
 * fraction (point: i0 = i1, f = 0). */
typedef struct tx_axis {
    int32_t i[2];
    uint8_t border[2];
    uint8_t f;
} tx_axis;
void tx_addr_axis(int32_t u, uint32_t n, unsigned mode, int linear, tx_axis *a);

/* C2 and Q4 for the taps: the s.8 texel coordinate of a binary32 coordinate
 * x at extent n (n = 1: unnormalised), or of a cube face ratio r (Q3) at
 * face size n.  The coordinate keeps 21 fraction bits before the exact
 * product with n; linear taps then round to 1/256 (half up), point taps
 * floor. */
int32_t tx_tex_coord(uint32_t x, uint32_t n, int linear);
int32_t tx_cube_coord(int32_t r, uint32_t n, int linear);

/* ---- fetch.c ----------------------------------------------------------- */

/* Fetch bpp (1..16) bytes of a texel at addr into raw[16], upper bytes 0.
 * Out of bounds: no memory access, raw all 0.  Returns the memory flags; on
 * TX_MEM_FAULT raw is all 0 (S3.10). */
int tx_fetch_texel(const tx_mem *m, uint64_t addr, uint32_t bpp, int oob,
                   uint8_t raw[16]);
/* raw[16] as four little-endian words, the form the fetch tap carries. */
void tx_fetch_words(const uint8_t raw[16], uint32_t w[4]);

/* ---- filter.c ---------------------------------------------------------- */

/* Point sampling: the single tap's components pass through unchanged. */
void tx_filter_point(const uint32_t in[4], uint32_t out[4]);

/* fp32.c: the binary32 operations of docs/filtering.md B1-B3 and D. */
uint32_t tx_f32_ftz(uint32_t x);
uint32_t tx_fmulw(uint32_t x, unsigned w);
uint32_t tx_fadd(uint32_t a, uint32_t b);
uint32_t tx_lerp(uint32_t a, uint32_t b, unsigned f);
int tx_depth_compare(unsigned func, uint32_t ref, uint32_t d);

/* B4: filter one lane's taps.  ntaps 8: slots 4..7 are the second group,
 * fg the fraction between the groups (fm, or fw for 3D); ntaps 16: slots
 * 8*l + 4*k + (2j + i) are slice k of level l, fg = fm and fw[l] the slice
 * fraction of level l; fu/fv per group (level); cls the blend class of each
 * component (tx_fmt_blend_classes, B5); smin[slot] bit c: component c of
 * the tap holds the SNORM8 code -128 (tx_format_decode_at); corners: the
 * slots of seamless cube corner taps, whose weights are shared out (S4). */
void tx_filter_tex(uint32_t t[TX_TAPS_PER_LANE][4], const uint8_t smin[TX_TAPS_PER_LANE],
                   int ntaps, const uint8_t fu[2], const uint8_t fv[2], const uint8_t fw[2],
                   unsigned fg, unsigned corners, const uint8_t cls[4], uint32_t out[4]);
/* B4: the tap weights (sum 256; slots past ntaps 0). */
void tx_filter_weights(int ntaps, const uint8_t fu[2], const uint8_t fv[2], const uint8_t fw[2],
                       unsigned fg, unsigned w[TX_TAPS_PER_LANE]);
/* B4: bit t set for each tap the lane reads (tap i = 1 with fu != 0, j = 1
 * with fv != 0, group or level 1 with fg != 0, slice 1 of level l with
 * fw[l] != 0). */
unsigned tx_filter_live(int ntaps, const uint8_t fu[2], const uint8_t fv[2], const uint8_t fw[2],
                        unsigned fg);
/* B5: n taps of one component weighed by w (sum 256) in blend class cls;
 * smin: the taps (bit i) that hold the SNORM8 code -128; live: the taps
 * read (NaN and Inf pass on even at weight 0). */
uint32_t tx_blend(unsigned cls, const uint32_t *t, unsigned smin, const unsigned *w,
                  unsigned live, int n);

/* Gather (docs/semantics.md S10.3): component comp of the four taps of a
 * bilinear footprint, in the order (i0,j1), (i1,j1), (i1,j0), (i0,j0). */
void tx_filter_gather(uint32_t t[TX_TAPS_PER_LANE][4], unsigned comp, uint32_t out[4]);

/* Min/max reduction (docs/filtering.md section 13): the per-component
 * minimum (max = 0) or maximum (max = 1) over the taps of non-zero weight;
 * same slots and fractions as tx_filter_tex.  tx_fred reduces two values. */
uint32_t tx_fred(uint32_t a, uint32_t b, int max);
void tx_filter_reduce(uint32_t t[TX_TAPS_PER_LANE][4], int ntaps, const uint8_t fu[2],
                      const uint8_t fv[2], const uint8_t fw[2], unsigned fg, int max,
                      uint32_t out[4]);

/* ---- cube.c (seamless cube maps, docs/filtering.md section 15) --------- */

/* The texel (i, j) of face f of an n x n face, where i or j may lie one
 * texel outside the face (-1 or n).  Returns 0 with *fo, *io, *jo = the
 * same texel when it is inside, 1 with the neighbouring face's texel when
 * exactly one axis is outside, 2 for a corner (both outside: nothing is
 * written; the three texels that meet there are the group's other taps,
 * S4). */
int tx_cube_seam(int f, int32_t i, int32_t j, uint32_t n, int *fo, int32_t *io, int32_t *jo);
/* S4: share the weight of each corner slot (bit t of corners, at most one
 * per group of four) out to the three other slots of its group. */
void tx_cube_corner_weights(unsigned w[8], unsigned corners);

/* ---- pack.c ------------------------------------------------------------ */

/* Components (0 R, 1 G, 2 B, 3 A) a TLDS write-mask code selects, in the
 * order they are packed; Rd1 == RZ picks the one-register table.  Returns the
 * count (1..4), or 0 for a code the table does not have. */
int tx_pack_tlds_components(int rd1_is_rz, int wmask, uint8_t comp[4]);
/* Write one lane's result registers (Rd0, Rd0+1, Rd1, Rd1+1 order) from the
 * filtered components c[4], record them in fx->regw, drop writes to RZ. */
void tx_pack_tlds(tx_state *s, const tx_insn *in, int lane, const uint32_t c[4],
                  tx_effects *fx);

/* The components selected by wmask, compacted into rd, rd+1, ... (TEX,
 * TXQ, TMML). */
void tx_pack_mask(tx_state *s, int rd, unsigned wmask, int lane, const uint32_t c[4],
                  tx_effects *fx);
/* TEX: the components selected by wmask, compacted into Rd, Rd+1, ... */
void tx_pack_tex(tx_state *s, const tx_insn *in, int lane, const uint32_t c[4],
                 tx_effects *fx);
void tx_pack_tld(tx_state *s, const tx_insn *in, int lane, const uint32_t c[4],
                 tx_effects *fx);
/* ---- SULD: suld_addr.c, suld_data.c, insn_suld.c --------------------- */

/* Bytes one SULD lane loads: the .D size, or bpp for .P. */
uint32_t tx_suld_bytes(const tx_insn *in, uint32_t bpp);
/* The layout as the SULD address stage uses it: one byte per texel column
 * and no width limit (SULD checks its bounds itself). */
void tx_suld_byte_view(const tx_layout *L, tx_layout *V);
/* One lane: coordinates g[] (Ra, Ra+1, Ra+2 as the dim reads them) -> byte
 * address under the clamp mode (docs/semantics.md S6.3-S6.5).  L is the
 * surface's layout, V its tx_suld_byte_view.  Returns 1 when out of bounds
 * (after .NEAR's clamp), then *addr = 0. */
int tx_suld_addr(const tx_layout *L, const tx_layout *V, const tx_insn *in,
                 const uint32_t g[4], uint64_t *addr);
/* The loaded bytes -> register words: raw with extension (.D) or through
 * the format stage (.P).  desc is used by .P only. */
void tx_suld_data(const tx_insn *in, const tx_fmt_desc *desc, const uint8_t raw[16],
                  uint32_t out[4]);
/* 1 when a SULD .dim may read a surface of this layout and texture type
 * (S6.8), 0 when the load returns zeros. */
int tx_suld_compatible(unsigned dim, const tx_layout *L, uint8_t type);

#endif
