/*
 * coverage.c - `texcosim coverage FILE...`: functional-coverage bins of the
 * TLDS instruction and the texture state over vector files; the TEX bins are
 * in coverage_tex.c (docs/coverage.md).
 *
 * Each vector is loaded into a model state as the runner would load it, and
 * each step is decoded (encoding bins), its header looked up (texture bins)
 * and then executed with tx_step; the taps of the execution say what each
 * lane actually did (out of bounds on which axis, level read, fault, values
 * fetched), which is what the corner and value bins count.  Nothing here
 * judges results: a vector that fails its expectations still counts.
 *
 * Output: a table of every bin with its hits and "hit"/"MISSED", then one
 * summary line per group and a total; --json writes the same as JSON.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "cli.h"
#include "outfile.h"

#include "coverage.h"
#include "coverage_int.h"
#include "stages.h"
#include "vector.h"

/* The 18 formats texcosim decodes, in the order of tic.h. */
static const uint8_t fmt_codes[] = {
    TX_FMT_R32G32B32A32, TX_FMT_R16G16B16A16, TX_FMT_R32G32, TX_FMT_A8B8G8R8,
    TX_FMT_A2B10G10R10, TX_FMT_R16G16, TX_FMT_R32, TX_FMT_A4B4G4R4, TX_FMT_A1B5G5R5,
    TX_FMT_B5G6R5, TX_FMT_G8R8, TX_FMT_R16, TX_FMT_R8, TX_FMT_E5B9G9R9,
    TX_FMT_BF10GF11RF11, TX_FMT_Z24S8, TX_FMT_ZF32, TX_FMT_Z16,
};
#define NFMT ((int)sizeof(fmt_codes))

static int fmt_index(int code)
{
    for (int i = 0; i < NFMT; i++)
        if (fmt_codes[i] == code)
            return i;
    return -1;
}

static const uint8_t target_codes[] = {0, 1, 2, 4, 5, 6, 7, 8, 12};
static const char *const target_names[] = {"1D.LZ", "1D.LL", "2D.LZ", "2D.LZ.AOFFI", "2D.LL",
                                           "2D.LZ.MS", "3D.LZ", "ARRAY_2D.LZ", "2D.LL.AOFFI"};

/* Corner bins (G_CORNER). */
enum {
    C_OOB_X, C_OOB_Y, C_OOB_Z, C_OOB_LAYER, C_OOB_SAMPLE, C_OOB_LEVEL, C_EMPTY_VIEW,
    C_OFFSET_WRAP, C_BAD_HEADER, C_TYPE_MISMATCH, C_UNSUPPORTED, C_HEADER_FAULT,
    C_TEXEL_FAULT, C_SPARSE, C_PARTIAL, C_ALL_OFF, C_COUNT
};
static const char *const corner_names[C_COUNT] = {
    "out of bounds x", "out of bounds y", "out of bounds z (3D slice)", "out of bounds layer",
    "out of bounds sample", "level past the view", "empty view (min level > max level)",
    "offset wraps below 0", "header index above tic max", "coordinates do not fit the type",
    "unsupported format", "header read faults", "texel read faults", "texel on a sparse page",
    "partial lane mask", "all lanes off"};

/* Value bins (G_VALUE). */
enum { V_POS0, V_NEG0, V_DENORM, V_INF, V_NAN, V_H_INF, V_H_SUB, V_H_NAN, V_H_NEG0, V_COUNT };
static const char *const value_names[V_COUNT] = {
    "fetched float +0", "fetched float -0", "fetched float denormal", "fetched float Inf",
    "fetched float NaN", "F16 result Inf", "F16 result subnormal", "F16 result NaN",
    "F16 result -0"};

/* Illegal kinds (G_ILLEGAL). */
enum { I_TARGET, I_MASK, I_CTRL, I_RZ, I_ALIGN, I_UNKNOWN, I_OTHER, I_COUNT };
static const char *const illegal_names[I_COUNT] = {
    "reserved target code", "reserved write-mask code", "control field (phase 3, high bits)",
    "RZ rule (Ra/Rb)", "register alignment", "unknown opcode", "other"};

/* PIXLD bins (docs/coverage.md "PIXLD"). */
static const char *const pix_modes[6] = {"MSCOUNT", "COVMASK", "COVERED", "OFFSET",
                                         "CENTROID_OFFSET", "MY_INDEX"};
enum { PF_NOADDR, PF_IMM, PF_RA, PF_RA_PLUS, PF_RA_MINUS, PF_PD, PF_PD_IGNORED, PF_ADDR_IGNORED,
       PF_RD_RZ, PF_GUARD, PF_MODE6, PF_MODE7, PF_COUNT };
static const char *const pix_form_names[PF_COUNT] = {
    "COVERED/OFFSET without address", "[imm]", "[Ra]", "[Ra+imm]", "[Ra-imm]",
    "Pd written (COVERED, MY_INDEX)", "Pd in a mode that writes none", "address in a mode that ignores it",
    "Rd = RZ", "guard predicate", "reserved mode 6", "reserved mode 7"};
enum { PI_ZERO, PI_LAST, PI_MID, PI_OUT, PI_WRAP, PI_IMM_HIGH, PI_COUNT };
static const char *const pix_index_names[PI_COUNT] = {
    "index 0", "index = count - 1", "index between", "index = count .. 255 (out of range)",
    "index wraps below 0 (out of range)", "index above 255"};
enum { PC_FULL, PC_NONE, PC_ONE, PC_PART0, PC_PARTN, PC_COVERED, PC_UNCOVERED, PC_COUNT };
static const char *const pix_cov_names[PC_COUNT] = {
    "fully covered", "nothing covered", "one sample", "partial, sample 0 covered",
    "partial, sample 0 not covered", "COVERED: indexed sample covered",
    "COVERED: indexed sample not covered"};
enum { PS_STD, PS_PROG, PS_SSAA, PS_NOSSAA, PS_OFS16, PS_OFSPROG, PS_CENTROID_FIRST,
       PS_CENTROID_CENTRE, PS_COUNT };
static const char *const pix_state_names[PS_COUNT] = {
    "standard positions", "programmed positions", "MY_INDEX in SSAA mode",
    "MY_INDEX without SSAA", "OFFSET at 16 samples", "OFFSET of programmed positions",
    "CENTROID_OFFSET: first covered sample", "CENTROID_OFFSET: centre"};

/* SULD bins (docs/coverage.md "SULD"). */
static const char *const su_dims[6] = {"1D", "1D_BUFFER", "1D_ARRAY", "2D", "2D_ARRAY", "3D"};
static const char *const su_forms[10] = {".D.U8", ".D.S8", ".D.U16", ".D.S16", ".D.32", ".D.64",
                                         ".D.128", ".P.R", ".P.RG", ".P.RGBA"};
enum { SM_IGN, SM_NEAR, SM_TRAP, SM_BA, SM_BA_MISALIGNED, SM_BOUND, SM_BINDLESS,
       SM_BINDLESS_DIVERGENT, SM_PS, SM_CA, SM_CG, SM_CI, SM_CV, SM_GUARD, SM_RD_RZ, SM_COUNT };
static const char *const su_mod_names[SM_COUNT] = {
    ".IGN", ".NEAR", ".TRAP", ".BA", ".BA address not aligned to the size (a lane)",
    "bound handle (#tsPtrIdx)", "bindless handle (Rc)", "bindless, lanes' Rc differ",
    "Ps written", ".CA/.CS", ".CG/.LU", ".CI", ".CV", "guard predicate", "Rd = RZ"};
enum { SO_IN, SO_CLAMPED, SO_OOB_LOW, SO_OOB_HIGH, SO_OOB_Y, SO_OOB_Z, SO_OOB_LAYER,
       SO_LAYER_HI16, SO_BUF_U32, SO_TRAP, SO_TRAP_PASS, SO_INVALID, SO_DISABLED,
       SO_MISMATCH, SO_MS, SO_HDR_FAULT, SO_FAULT, SO_SPARSE, SO_TWO_SLOTS, SO_WIDE,
       SO_NO_LANE, SO_COUNT };
static const char *const su_out_names[SO_COUNT] = {
    "lane in bounds", ".NEAR clamped a lane", "x too low (a lane)", "x too high (a lane)",
    "y out of bounds (a lane)", "z out of bounds (a lane)", "layer out of bounds (a lane)",
    "array register above 16 bits (a lane)", "1D_BUFFER x >= 2^31 as U32 (a lane)",
    ".TRAP raised", ".TRAP with every lane in bounds", "header index above tic max",
    "disabled surface (no usable format)", "dim does not fit the texture type",
    "multisample surface", "header read faults", "element read faults",
    "element on a sparse page (Ps set)", "element across two 16-byte slots",
    "element wider than a texel", "no active lane"};
static const char *const su_layouts[4] = {"pitch", "block-linear tegra", "block-linear desktop",
                                          "1D buffer"};

static void cov_init(cov *c)
{
    static const char *const wm_one[] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
    static const char *const wm_two[] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};
    static const char *const prec[] = {"F32", "F16 round to nearest even", "F16 round toward zero"};
    static const char *const guard[] = {"PT", "@P", "@!P", "@!PT"};
    static const char *const nodep[] = {"without .NODEP", "with .NODEP", ".NODEP drops killed lanes",
                                        "killed lanes kept (no .NODEP)"};
    static const char *const phase[] = {"none", ".T", ".P"};
    static const char *const regs[] = {"Rd0 = RZ", "scalar source in an odd register",
                                       "source group runs past R254", "destination group runs past R254",
                                       "scheduling fields"};
    static const char *const dtmix[] = {"one type for all components", "mixed types", "undefined type 0"};
    static const char *const swz[] = {"ZERO", "R", "G", "B", "A", "ONE_INT", "ONE_FLOAT", "undefined 1"};
    static const char *const srgb[] = {"sRGB bit set", "sRGB applied (8-bit UNORM)"};
    static const char *const layout[] = {"pitch", "pitch colour-key", "block-linear tegra",
                                         "block-linear desktop", "block-linear colour-key", "1D buffer"};
    static const char *const type[] = {"1D", "2D", "3D", "CUBEMAP", "1D_ARRAY", "2D_ARRAY",
                                       "1D_BUFFER", "2D_NO_MIPMAP", "CUBEMAP_ARRAY"};
    static const char *const array[] = {"layer 0", "layer > 0", "layer >= 256"};
    static const char *const d3[] = {"slice 0", "slice > 0", "block depth > 1 GOB"};
    static const char *const samples[] = {"1 sample", "2 samples", "4 samples", "8 samples",
                                          "16 samples"};
    static const char *const size[] = {"axis >= 4096 texels", "width 65536", "height 65536",
                                       "buffer wider than 65536", "3D depth or layers >= 2048"};
    static const char *const edge[] = {"x = 0", "x = width-1", "x = width", "x = 2^32-1",
                                       "y = 0", "y = height-1", "y = height", "y = 2^32-1"};
    static const struct { const char *name, *what; } gi[G_S_FIRST] = {
        {"tlds.target", "target codes (form of the coordinates)"},
        {"tlds.wmask.rd1_rz", "write-mask codes, Rd1 = RZ table"},
        {"tlds.wmask.rd1", "write-mask codes, Rd1 != RZ table"},
        {"tlds.precision", "F32 / F16 and the F16 rounding knob"},
        {"tlds.guard", "guard predicate kinds"},
        {"tlds.nodep", ".NODEP and killed lanes"},
        {"tlds.phase", ".phase"},
        {"tlds.registers", "register corner cases"},
        {"tex.format", "formats read"},
        {"tex.format_dtype", "format x data type of R"},
        {"tex.dtype_mix", "data types across components"},
        {"tex.swizzle", "swizzle sources used"},
        {"tex.srgb", "sRGB"},
        {"tex.layout", "memory layouts"},
        {"tex.type", "texture types"},
        {"tex.level", "mip levels read in bounds"},
        {"tex.array", "array layers read in bounds"},
        {"tex.3d", "3D slices read in bounds"},
        {"tex.samples", "multisample counts read by .MS in bounds"},
        {"tex.size", "large textures"},
        {"corner", "corner classes seen by at least one lane"},
        {"edge", "coordinates at the edges (lanes with a usable texture)"},
        {"value", "texel and result values"},
        {"illegal", "illegal instruction kinds"},
        {"pixld.mode", "PIXLD mode x raster sample count"},
        {"pixld.form", "PIXLD operand forms and encodings"},
        {"pixld.index", "PIXLD sample index of the address (lanes)"},
        {"pixld.coverage", "PIXLD coverage classes (lanes of COVMASK, COVERED, CENTROID_OFFSET)"},
        {"pixld.state", "PIXLD raster state and the modes that read it"},
        {"suld.form", "SULD dim x .D size / .P components"},
        {"suld.modifiers", "SULD clamp, .BA, handle, Ps, .cop, guard"},
        {"suld.outcome", "SULD bounds, clamps, traps, invalid surfaces, faults, sparse"},
        {"suld.layout", "SULD surface layouts read (usable surfaces)"},
        {"suld.format", "SULD .P formats read (usable surfaces)"},
    };
    memset(c, 0, sizeof(*c));
    for (int i = 0; i < G_S_FIRST; i++) {
        c->g[i].name = gi[i].name;
        c->g[i].what = gi[i].what;
    }
    cov_add_bins(&c->g[G_TARGET], target_names, 9);
    cov_add_bins(&c->g[G_WM_ONE], wm_one, 8);
    cov_add_bins(&c->g[G_WM_TWO], wm_two, 5);
    cov_add_bins(&c->g[G_PREC], prec, 3);
    cov_add_bins(&c->g[G_GUARD], guard, 4);
    cov_add_bins(&c->g[G_NODEP], nodep, 4);
    cov_add_bins(&c->g[G_PHASE], phase, 3);
    cov_add_bins(&c->g[G_REGS], regs, 5);
    for (int f = 0; f < NFMT; f++) {
        cov_add_bin(&c->g[G_FORMAT], tx_fmt_name(fmt_codes[f]));
        for (int d = 1; d <= 7; d++) {
            char b[64];
            snprintf(b, sizeof(b), "%s x %s", tx_fmt_name(fmt_codes[f]), tx_dtype_name(d));
            cov_add_bin(&c->g[G_FMT_DT], b);
        }
    }
    cov_add_bins(&c->g[G_DTMIX], dtmix, 3);
    cov_add_bins(&c->g[G_SWZ], swz, 8);
    cov_add_bins(&c->g[G_SRGB], srgb, 2);
    cov_add_bins(&c->g[G_LAYOUT], layout, 6);
    cov_add_bins(&c->g[G_TYPE], type, 9);
    for (int l = 0; l < TX_MAX_LEVELS; l++) {
        char b[16];
        snprintf(b, sizeof(b), "level %d", l);
        cov_add_bin(&c->g[G_LEVEL], b);
    }
    cov_add_bins(&c->g[G_ARRAY], array, 3);
    cov_add_bins(&c->g[G_3D], d3, 3);
    cov_add_bins(&c->g[G_SAMPLES], samples, 5);
    cov_add_bins(&c->g[G_SIZE], size, 5);
    cov_add_bins(&c->g[G_CORNER], corner_names, C_COUNT);
    cov_add_bins(&c->g[G_EDGE], edge, 8);
    cov_add_bins(&c->g[G_VALUE], value_names, V_COUNT);
    cov_add_bins(&c->g[G_ILLEGAL], illegal_names, I_COUNT - 1);  /* "other" is not a goal */
    for (int m = 0; m < 6; m++)
        for (int k = 0; k < 5; k++) {
            char b[64];
            snprintf(b, sizeof(b), "%s x %d sample%s", pix_modes[m], 1 << k, k ? "s" : "");
            cov_add_bin(&c->g[G_PIX_MODE], b);
        }
    cov_add_bins(&c->g[G_PIX_FORM], pix_form_names, PF_COUNT);
    cov_add_bins(&c->g[G_PIX_INDEX], pix_index_names, PI_COUNT);
    cov_add_bins(&c->g[G_PIX_COV], pix_cov_names, PC_COUNT);
    cov_add_bins(&c->g[G_PIX_STATE], pix_state_names, PS_COUNT);
    for (int d = 0; d < 6; d++)
        for (int f = 0; f < 10; f++) {
            char b[64];
            snprintf(b, sizeof(b), "%s %s", su_dims[d], su_forms[f]);
            cov_add_bin(&c->g[G_SU_FORM], b);
        }
    cov_add_bins(&c->g[G_SU_MOD], su_mod_names, SM_COUNT);
    cov_add_bins(&c->g[G_SU_OUT], su_out_names, SO_COUNT);
    cov_add_bins(&c->g[G_SU_LAYOUT], su_layouts, 4);
    for (int f = 0; f < NFMT; f++)
        cov_add_bin(&c->g[G_SU_FORMAT], tx_fmt_name(fmt_codes[f]));
    cov_tex_init(c);
    cov_bptc_init(c);     /* after cov_tex_init, which leaves G_BPTC unnamed */
    cov_bcn_init(c);
    cov_cube_init(c);
    cov_tld_init(c);
    cov_tld4_init(c);
    cov_bptc_part_init(c);
    cov_bcn_type_init(c);
    cov_regs_init(c);
    c->g[G_SU_TYPE].name = "suld.type";
    c->g[G_SU_TYPE].what = "surface types read by a SULD dim that fits them";
    cov_add_bins(&c->g[G_SU_TYPE], type, 9);
    cov_txq_init(c);
    cov_tmml_init(c);
    cov_texs_init(c);
    cov_txd_init(c);
}

static void cov_free(cov *c)
{
    for (int i = 0; i < G_COUNT; i++)
        for (int b = 0; b < c->g[i].nbins; b++)
            free(c->g[i].bin[b]);
}

/* ---- classification ------------------------------------------------------ */

static int target_index(uint8_t t)
{
    for (int i = 0; i < 9; i++)
        if (target_codes[i] == t)
            return i;
    return -1;
}

static void classify_illegal(cov *c, const tx_insn *in)
{
    int k = I_OTHER;
    const char *why = in->why ? in->why : "";
    if (in->op == TX_OP_UNKNOWN)
        k = I_UNKNOWN;
    else if (in->op == TX_OP_TLDS && target_index(in->u.tlds.target) < 0)
        k = I_TARGET;
    else if (strstr(why, "ctrl"))
        k = I_CTRL;
    else if (in->op == TX_OP_TLDS && in->u.tlds.rd1 != TX_RZ && in->u.tlds.wmask >= 5)
        k = I_MASK;
    else if (strstr(why, "even"))
        k = I_ALIGN;
    else if (strstr(why, "RZ"))
        k = I_RZ;
    if (k != I_OTHER)
        cov_hit(c, G_ILLEGAL, k);
}

static void classify_f32(cov *c, uint32_t v)
{
    uint32_t e = v >> 23 & 0xff, m = v & 0x7fffff;
    if (e == 0 && m == 0)
        cov_hit(c, G_VALUE, v >> 31 ? V_NEG0 : V_POS0);
    else if (e == 0)
        cov_hit(c, G_VALUE, V_DENORM);
    else if (e == 255)
        cov_hit(c, G_VALUE, m ? V_NAN : V_INF);
}

static void classify_f16(cov *c, uint16_t h)
{
    uint32_t e = h >> 10 & 31, m = h & 0x3ff;
    if (h == 0x8000)
        cov_hit(c, G_VALUE, V_H_NEG0);
    else if (e == 0 && m)
        cov_hit(c, G_VALUE, V_H_SUB);
    else if (e == 31)
        cov_hit(c, G_VALUE, m ? V_H_NAN : V_H_INF);
}

/* The texture bins of a header that a step reads. */
static void classify_header(cov *c, const tx_tic *t, enum tx_gob_layout gob, uint8_t target)
{
    int fi = fmt_index(t->components);
    if (fi >= 0) {
        cov_hit(c, G_FORMAT, fi);
        if (t->dtype[0] >= 1 && t->dtype[0] <= 7)
            cov_hit(c, G_FMT_DT, fi * 7 + t->dtype[0] - 1);
    }
    int mixed = 0, undef = 0;
    for (int k = 0; k < 4; k++) {
        mixed |= t->dtype[k] != t->dtype[0];
        undef |= t->dtype[k] == 0;
    }
    cov_hit(c, G_DTMIX, undef ? 2 : mixed ? 1 : 0);
    for (int k = 0; k < 4; k++) {
        static const int swz_bin[8] = {0, 7, 1, 2, 3, 4, 5, 6};
        cov_hit(c, G_SWZ, swz_bin[t->swz[k] & 7]);
    }
    if (t->srgb) {
        cov_hit(c, G_SRGB, 0);
        int c8 = t->components == TX_FMT_A8B8G8R8 ? 4 : t->components == TX_FMT_G8R8 ? 2
               : t->components == TX_FMT_R8 ? 1 : 0;
        int unorm = c8 > 0;
        for (int k = 0; k < c8; k++)
            unorm &= t->dtype[k] == TX_DT_UNORM || t->dtype[k] == TX_DT_UNORM_FORCE_FP16;
        if (unorm)
            cov_hit(c, G_SRGB, 1);
    }
    switch (t->version) {
    case TX_TIC_PITCH: cov_hit(c, G_LAYOUT, 0); break;
    case TX_TIC_PITCH_COLORKEY: cov_hit(c, G_LAYOUT, 1); break;
    case TX_TIC_BLOCKLINEAR: cov_hit(c, G_LAYOUT, gob == TX_GOB_DESKTOP ? 3 : 2); break;
    case TX_TIC_BLOCKLINEAR_COLORKEY: cov_hit(c, G_LAYOUT, 4); break;
    case TX_TIC_1D_BUFFER: cov_hit(c, G_LAYOUT, 5); break;
    default: break;
    }
    if (t->texture_type <= TX_TEX_CUBEMAP_ARRAY)
        cov_hit(c, G_TYPE, t->texture_type);
    uint64_t w = (uint64_t)t->width_minus_one + 1;
    if (w >= 4096 || t->height_minus_one >= 4095)
        cov_hit(c, G_SIZE, 0);
    if (t->version != TX_TIC_1D_BUFFER && w == 65536)
        cov_hit(c, G_SIZE, 1);
    if (t->height_minus_one == 0xffff && target != TX_TLDS_1D_LZ && target != TX_TLDS_1D_LL)
        cov_hit(c, G_SIZE, 2);
    if (t->version == TX_TIC_1D_BUFFER && w > 65536)
        cov_hit(c, G_SIZE, 3);
    if (t->depth_minus_one >= 2047 &&
        (t->texture_type == TX_TEX_3D || t->texture_type == TX_TEX_2D_ARRAY ||
         t->texture_type == TX_TEX_1D_ARRAY))
        cov_hit(c, G_SIZE, 4);
}

static uint32_t offset4(uint32_t aoffi, int pos)
{
    uint32_t v = (aoffi >> pos) & 0xfu;
    return (v ^ 8u) - 8u;
}

/* Per-step classification around one tx_step on s. */
static void classify_tlds(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                          tx_effects *fx)
{
    const uint8_t target = in->u.tlds.target;
    int ti = target_index(target);
    cov_hit(c, G_TARGET, ti);
    if (in->u.tlds.rd1 == TX_RZ)
        cov_hit(c, G_WM_ONE, in->u.tlds.wmask);
    else
        cov_hit(c, G_WM_TWO, in->u.tlds.wmask);
    cov_hit(c, G_PREC, !in->u.tlds.f16 ? 0 : s->fp16_round == TX_FP16_RZ ? 2 : 1);
    cov_hit(c, G_GUARD, in->pred == TX_PT ? (in->pred_neg ? 3 : 0) : (in->pred_neg ? 2 : 1));
    cov_hit(c, G_PHASE, in->phase <= 2 ? in->phase : 0);

    uint32_t ipm_ctm = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    uint32_t active = ipm_ctm & (in->u.tlds.nodep ? ~s->ktm : 0xffffffffu);
    cov_hit(c, G_NODEP, in->u.tlds.nodep ? 1 : 0);
    if (ipm_ctm & s->ktm)
        cov_hit(c, G_NODEP, in->u.tlds.nodep ? 2 : 3);
    if (active == 0)
        cov_hit(c, G_CORNER, C_ALL_OFF);
    else if (active != 0xffffffffu)
        cov_hit(c, G_CORNER, C_PARTIAL);

    int ra_n, rb_n;
    tx_src_counts(in, &ra_n, &rb_n);
    if (in->rd == TX_RZ)
        cov_hit(c, G_REGS, 0);
    if ((ra_n == 1 && (in->ra & 1) && in->ra != TX_RZ) ||
        (rb_n == 1 && (in->rb & 1) && in->rb != TX_RZ))
        cov_hit(c, G_REGS, 1);
    if ((ra_n == 2 && in->ra == 254) || (rb_n == 2 && in->rb == 254))
        cov_hit(c, G_REGS, 2);
    if (in->rd == 254 || in->u.tlds.rd1 == 254)
        cov_hit(c, G_REGS, 3);
    if ((ctrl & ~(3u << 17)) != (TX_CTRL_DEFAULT & ~(3u << 17)))
        cov_hit(c, G_REGS, 4);

    /* The header, as the model will see it (only read with active lanes). */
    tx_tic tic;
    tx_layout L;
    int have_header = 0, usable = 0;
    memset(&L, 0, sizeof(L));
    if (active) {
        uint32_t index = tx_header_handle(s, in->u.tlds.tsidx) & 0xfffffu;
        if (index > s->tic_max) {
            cov_hit(c, G_CORNER, C_BAD_HEADER);
        } else if (tx_header_read(s, index, &tic) & TX_MEM_FAULT) {
            cov_hit(c, G_CORNER, C_HEADER_FAULT);
        } else {
            have_header = 1;
            classify_header(c, &tic, s->gob_layout, target);
            if (tx_layout_build(&tic, s->gob_layout, &L) != 0)
                cov_hit(c, G_CORNER, C_UNSUPPORTED);
            else if (!tx_header_tlds_compatible(target, tic.texture_type))
                cov_hit(c, G_CORNER, C_TYPE_MISMATCH);
            else
                usable = 1;
        }
    }

    tx_step(s, word, ctrl, fx);
    if (fx->status == TX_ST_ILLEGAL)
        return;

    /* F16 results. */
    if (in->u.tlds.f16)
        for (int i = 0; i < fx->nregw; i++) {
            classify_f16(c, (uint16_t)fx->regw[i].val);
            classify_f16(c, (uint16_t)(fx->regw[i].val >> 16));
        }
    if (!have_header)
        return;
    if (L.first_level > L.last_level && usable)
        cov_hit(c, G_CORNER, C_EMPTY_VIEW);

    const int ll = target == TX_TLDS_1D_LL || target == TX_TLDS_2D_LL ||
                   target == TX_TLDS_2D_LL_AOFFI;
    const int aoffi = target == TX_TLDS_2D_LZ_AOFFI || target == TX_TLDS_2D_LL_AOFFI;
    const tx_taps *tp = &fx->taps;
    if (usable)
        cov_bptc_step(c, &tic, tp);
    if (usable)
        cov_bcn_step(c, &tic, tp, 0);
    if (usable)
        cov_bcn_type_step(c, &tic, s->gob_layout, tp);
    for (int lane = 0; lane < TX_LANES; lane++) {
        if (!(tp->lanes >> lane & 1) || !usable)
            continue;
        tx_tlds_args a;
        uint32_t level;
        tx_tlds_unpack_args(target, tp->gather[lane], &a);
        if (tx_lod_tlds(L.first_level, L.last_level, ll, a.lod, &level)) {
            if (L.first_level <= L.last_level)
                cov_hit(c, G_CORNER, C_OOB_LEVEL);
            continue;
        }
        if (aoffi) {
            uint32_t du = offset4(a.aoffi, 0), dv = offset4(a.aoffi, 4);
            if ((du >> 31 && a.x < -du) || (dv >> 31 && a.y < -dv))
                cov_hit(c, G_CORNER, C_OFFSET_WRAP);
            a.x += du;
            a.y += dv;
        }
        const tx_level *lv = &L.lv[level];
        int two_d = !(target == TX_TLDS_1D_LZ || target == TX_TLDS_1D_LL);
        /* Edges. */
        if (a.x == 0) cov_hit(c, G_EDGE, 0);
        if (a.x == lv->w - 1) cov_hit(c, G_EDGE, 1);
        if (a.x == lv->w) cov_hit(c, G_EDGE, 2);
        if (a.x == 0xffffffffu) cov_hit(c, G_EDGE, 3);
        if (two_d) {
            if (a.y == 0) cov_hit(c, G_EDGE, 4);
            if (a.y == lv->h - 1) cov_hit(c, G_EDGE, 5);
            if (a.y == lv->h) cov_hit(c, G_EDGE, 6);
            if (a.y == 0xffffffffu) cov_hit(c, G_EDGE, 7);
        }
        /* Out-of-bounds axes (a lane may be out on several). */
        if (a.x >= lv->w) cov_hit(c, G_CORNER, C_OOB_X);
        if (a.y >= lv->h) cov_hit(c, G_CORNER, C_OOB_Y);
        if (a.z >= lv->d) cov_hit(c, G_CORNER, C_OOB_Z);
        if (a.layer >= L.layers) cov_hit(c, G_CORNER, C_OOB_LAYER);
        if (a.sample >= L.samples) cov_hit(c, G_CORNER, C_OOB_SAMPLE);
        if (tp->oob[lane][0])
            continue;

        /* An in-bounds read. */
        cov_hit(c, G_LEVEL, (int)level);
        if (tic.texture_type == TX_TEX_1D_ARRAY || tic.texture_type == TX_TEX_2D_ARRAY) {
            cov_hit(c, G_ARRAY, a.layer == 0 ? 0 : 1);
            if (a.layer >= 256)
                cov_hit(c, G_ARRAY, 2);
        }
        if (tic.texture_type == TX_TEX_3D && target == TX_TLDS_3D_LZ) {
            cov_hit(c, G_3D, a.z == 0 ? 0 : 1);
            if (lv->bd > 0)
                cov_hit(c, G_3D, 2);
        }
        if (target == TX_TLDS_2D_LZ_MS) {
            static const int sbin[17] = {-1, 0, 1, -1, 2, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1,
                                         -1, 4};
            if (L.samples <= 16)
                cov_hit(c, G_SAMPLES, sbin[L.samples]);
        }
        enum tx_page_kind pk = tx_mem_kind(s->mem, tp->addr[lane][0]);
        if (pk == TX_PAGE_UNMAPPED)
            cov_hit(c, G_CORNER, C_TEXEL_FAULT);
        else if (pk == TX_PAGE_SPARSE)
            cov_hit(c, G_CORNER, C_SPARSE);
        /* Float components as fetched (after decode, before packing). */
        for (int k = 0; k < 4; k++) {
            int src = tic.swz[k];
            if (src >= TX_SWZ_R && src <= TX_SWZ_A && tic.dtype[src - TX_SWZ_R] == TX_DT_FLOAT)
                classify_f32(c, tp->fmt[lane][0][k]);
        }
    }
}

/* Register moves of the Direct3D lowering, applied to the model state. */
static void apply_moves(tx_state *s, const vec_move *mv, int n)
{
    for (int i = 0; i < n; i++)
        for (int l = 0; l < TX_LANES; l++)
            if (mv[i].lanes >> l & 1)
                s->r[l][mv[i].dst] = mv[i].from_imm ? mv[i].imm
                                 : mv[i].sat16 && tx_reg(s, l, mv[i].src) > 0xffffu ? 0xffffu
                                 : tx_reg(s, l, mv[i].src);
}

/* One PIXLD step: the encoding bins from the decoded word, the lane bins
 * from the raster state and the pixld taps of the execution. */
static void classify_pixld(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                           tx_effects *fx)
{
    const tx_raster *ra = &s->raster;
    unsigned m = in->u.pixld.mode, n = ra->samples;
    int addr_mode = m == TX_PIX_COVERED || m == TX_PIX_OFFSET;
    int has_addr = in->ra != TX_RZ || in->u.pixld.imm != 0;
    int k = n == 1 ? 0 : n == 2 ? 1 : n == 4 ? 2 : n == 8 ? 3 : 4;
    uint32_t all = (1u << n) - 1u;

    cov_hit(c, G_PIX_MODE, (int)m * 5 + k);
    if (addr_mode && !has_addr)
        cov_hit(c, G_PIX_FORM, PF_NOADDR);
    if (has_addr && !addr_mode)
        cov_hit(c, G_PIX_FORM, PF_ADDR_IGNORED);
    if (has_addr && addr_mode)
        cov_hit(c, G_PIX_FORM, in->ra == TX_RZ ? PF_IMM : in->u.pixld.imm == 0 ? PF_RA
                           : in->u.pixld.imm > 0 ? PF_RA_PLUS : PF_RA_MINUS);
    if (in->u.pixld.pd != TX_PT)
        cov_hit(c, G_PIX_FORM, m == TX_PIX_COVERED || m == TX_PIX_MY_INDEX ? PF_PD : PF_PD_IGNORED);
    if (in->rd == TX_RZ)
        cov_hit(c, G_PIX_FORM, PF_RD_RZ);
    if (in->pred != TX_PT || in->pred_neg)
        cov_hit(c, G_PIX_FORM, PF_GUARD);
    cov_hit(c, G_PIX_STATE, ra->programmed ? PS_PROG : PS_STD);
    if (m == TX_PIX_MY_INDEX)
        cov_hit(c, G_PIX_STATE, ra->ssaa ? PS_SSAA : PS_NOSSAA);
    if (m == TX_PIX_OFFSET && n == 16)
        cov_hit(c, G_PIX_STATE, PS_OFS16);
    if (m == TX_PIX_OFFSET && ra->programmed)
        cov_hit(c, G_PIX_STATE, PS_OFSPROG);

    tx_step(s, word, ctrl, fx);
    for (int l = 0; l < TX_LANES; l++) {
        if (!(fx->taps.lanes >> l & 1))
            continue;
        uint32_t cov = ra->cov[l] & all, idx = fx->taps.pix_index[l];
        if (addr_mode) {
            int b = idx == 0 ? PI_ZERO : idx == n - 1 ? PI_LAST : idx < n ? PI_MID
                  : idx <= 255 ? PI_OUT : idx >= 0xffffff80u ? PI_WRAP : PI_IMM_HIGH;
            cov_hit(c, G_PIX_INDEX, b);
        }
        if (m == TX_PIX_COVMASK || m == TX_PIX_COVERED || m == TX_PIX_CENTROID_OFFSET) {
            int b = cov == all ? PC_FULL : cov == 0 ? PC_NONE : (cov & (cov - 1)) == 0 ? PC_ONE
                  : (cov & 1) ? PC_PART0 : PC_PARTN;
            cov_hit(c, G_PIX_COV, b);
        }
        if (m == TX_PIX_COVERED)
            cov_hit(c, G_PIX_COV, fx->taps.pix_val[l] ? PC_COVERED : PC_UNCOVERED);
        if (m == TX_PIX_CENTROID_OFFSET)
            cov_hit(c, G_PIX_STATE, cov != all && cov != 0 ? PS_CENTROID_FIRST : PS_CENTROID_CENTRE);
    }
}

/* One SULD step: encoding bins from the word, surface bins from the header
 * the model will read, lane bins from the taps of the execution (S6). */
static void classify_suld(cov *c, tx_state *s, const tx_insn *in, uint64_t word, uint32_t ctrl,
                          tx_effects *fx)
{
    const unsigned dim = in->u.suld.dim;
    int form = in->u.suld.d ? in->u.suld.size : in->u.suld.rgba == 1 ? 7 : in->u.suld.rgba == 3 ? 8 : 9;
    static const int cop_bin[4] = {SM_CA, SM_CG, SM_CI, SM_CV};

    cov_hit(c, G_SU_FORM, (int)dim * 10 + form);
    cov_hit(c, G_SU_MOD, SM_IGN + in->u.suld.clamp);
    if (in->u.suld.d && in->u.suld.ba)
        cov_hit(c, G_SU_MOD, SM_BA);
    cov_hit(c, G_SU_MOD, cop_bin[in->u.suld.cop & 3]);
    if (in->u.suld.ps != TX_PT)
        cov_hit(c, G_SU_MOD, SM_PS);
    if (in->pred != TX_PT || in->pred_neg)
        cov_hit(c, G_SU_MOD, SM_GUARD);
    if (in->rd == TX_RZ)
        cov_hit(c, G_SU_MOD, SM_RD_RZ);

    uint32_t active = tx_pred_mask(s, in->pred, in->pred_neg) & s->ctm;
    if (!active) {
        cov_hit(c, G_SU_OUT, SO_NO_LANE);
        tx_step(s, word, ctrl, fx);
        return;
    }
    int lowest = 0;
    while (!(active >> lowest & 1))
        lowest++;
    uint32_t handle;
    if (in->u.suld.bound) {
        cov_hit(c, G_SU_MOD, SM_BOUND);
        handle = tx_header_handle(s, in->u.suld.tsidx);
    } else {
        cov_hit(c, G_SU_MOD, SM_BINDLESS);
        handle = tx_reg(s, lowest, in->u.suld.rc);
        for (int l = 0; l < TX_LANES; l++)
            if ((active >> l & 1) && tx_reg(s, l, in->u.suld.rc) != handle) {
                cov_hit(c, G_SU_MOD, SM_BINDLESS_DIVERGENT);
                break;
            }
    }

    /* The surface, as the model will see it. */
    uint32_t index = handle & 0xfffffu;
    tx_tic tic;
    tx_layout L;
    int usable = 0;
    if (index > s->tic_max) {
        cov_hit(c, G_SU_OUT, SO_INVALID);
    } else if (tx_header_read(s, index, &tic) & TX_MEM_FAULT) {
        cov_hit(c, G_SU_OUT, SO_HDR_FAULT);
    } else if (tx_layout_build(&tic, s->gob_layout, &L) < 0) {
        cov_hit(c, G_SU_OUT, SO_DISABLED);
    } else if (L.samples != 1) {
        cov_hit(c, G_SU_OUT, SO_MS);
    } else if (!tx_suld_compatible(dim, &L, tic.texture_type)) {
        cov_hit(c, G_SU_OUT, SO_MISMATCH);
    } else {
        usable = 1;
        cov_hit(c, G_SU_TYPE, tic.texture_type);
        cov_hit(c, G_SU_LAYOUT, L.kind == TX_LAYOUT_PITCH ? 0 : L.kind == TX_LAYOUT_BUFFER ? 3
                            : L.gob_layout == TX_GOB_DESKTOP ? 2 : 1);
        if (!in->u.suld.d)
            cov_hit(c, G_SU_FORMAT, fmt_index(tic.components));
    }
    uint32_t bytes = usable ? tx_suld_bytes(in, L.bpp) : 0;
    if (usable && in->u.suld.d && bytes > L.bpp)
        cov_hit(c, G_SU_OUT, SO_WIDE);

    /* Per lane, before the step changes the registers: the coordinates
     * under .IGN say what .NEAR clamped and on which axis a lane is out. */
    uint32_t g[TX_LANES][3];
    for (int l = 0; l < TX_LANES; l++) {
        int n = 0;
        tx_src_counts(in, &n, NULL);
        for (int k = 0; k < 3; k++)
            g[l][k] = k < n ? tx_reg(s, l, in->ra + k < TX_RZ ? in->ra + k : TX_RZ) : 0u;
    }
    tx_step(s, word, ctrl, fx);
    if (fx->status == TX_ST_TRAP)
        cov_hit(c, G_SU_OUT, SO_TRAP);
    else if (in->u.suld.clamp == TX_SU_TRAP && usable)
        cov_hit(c, G_SU_OUT, SO_TRAP_PASS);
    if (!usable)
        return;

    tx_layout V;
    tx_insn ign = *in;
    ign.u.suld.clamp = TX_SU_IGN;
    tx_suld_byte_view(&L, &V);
    const tx_level *lv = &L.lv[L.first_level & (TX_MAX_LEVELS - 1)];
    for (int l = 0; l < TX_LANES; l++) {
        if (!(active >> l & 1))
            continue;
        uint32_t gw[4] = {g[l][0], g[l][1], g[l][2], 0};
        uint64_t a;
        int out = tx_suld_addr(&L, &V, &ign, gw, &a);
        if (!out) {
            cov_hit(c, G_SU_OUT, SO_IN);
            if ((a & 15) + bytes > 16)
                cov_hit(c, G_SU_OUT, SO_TWO_SLOTS);
            enum tx_page_kind pk = tx_mem_kind(s->mem, a);
            enum tx_page_kind pk2 = tx_mem_kind(s->mem, a + bytes - 1);
            if (pk == TX_PAGE_UNMAPPED || pk2 == TX_PAGE_UNMAPPED)
                cov_hit(c, G_SU_OUT, SO_FAULT);
            if (pk == TX_PAGE_SPARSE || pk2 == TX_PAGE_SPARSE)
                cov_hit(c, G_SU_OUT, SO_SPARSE);
        } else if (in->u.suld.clamp == TX_SU_NEAR && fx->status != TX_ST_TRAP &&
                   !fx->taps.oob[l][0]) {
            cov_hit(c, G_SU_OUT, SO_CLAMPED);
        }
        if (in->u.suld.d && in->u.suld.ba && bytes > 1 && (g[l][0] & (bytes - 1)))
            cov_hit(c, G_SU_MOD, SM_BA_MISALIGNED);
        if (dim == TX_SU_1D_BUFFER && in->u.suld.clamp != TX_SU_NEAR && g[l][0] >= 0x80000000u)
            cov_hit(c, G_SU_OUT, SO_BUF_U32);
        int32_t x = (int32_t)g[l][0];
        int xlow = dim != TX_SU_1D_BUFFER && x < 0, other = 0;
        if ((dim == TX_SU_2D || dim == TX_SU_2D_ARRAY || dim == TX_SU_3D) &&
            ((int32_t)g[l][1] < 0 || (uint32_t)(int32_t)g[l][1] >= lv->h)) {
            cov_hit(c, G_SU_OUT, SO_OOB_Y);
            other = 1;
        }
        if (dim == TX_SU_3D && ((int32_t)g[l][2] < 0 || (uint32_t)(int32_t)g[l][2] >= lv->d)) {
            cov_hit(c, G_SU_OUT, SO_OOB_Z);
            other = 1;
        }
        if (dim == TX_SU_1D_ARRAY || dim == TX_SU_2D_ARRAY) {
            uint32_t r = g[l][dim == TX_SU_1D_ARRAY ? 1 : 2];
            if ((r & 0xffffu) >= L.layers) {
                cov_hit(c, G_SU_OUT, SO_OOB_LAYER);
                other = 1;
            }
            if (r >> 16)
                cov_hit(c, G_SU_OUT, SO_LAYER_HI16);
        }
        if (xlow)
            cov_hit(c, G_SU_OUT, SO_OOB_LOW);
        else if (out && !other)
            cov_hit(c, G_SU_OUT, SO_OOB_HIGH);
    }
}

static int cover_file(cov *c, const char *path, tx_state *s, tx_effects *fx)
{
    vec_error err;
    vec_reader *r = vec_open(path, &err);
    const tx_vector *v;
    int rc;
    if (!r) {
        fprintf(stderr, "%s\n", err.text);
        return -1;
    }
    c->files++;
    while ((rc = vec_next(r, &v, &err)) == 1) {
        if (vec_apply(v, s, &err) < 0)
            break;
        c->vectors++;
        for (int i = 0; i < v->nsteps; i++) {
            const vec_step *st = &v->steps[i];
            tx_insn in;
            apply_moves(s, st->pre, st->npre);
            tx_decode(st->word, st->ctrl, &in);
            c->steps++;
            c->ops[in.op < TX_OP_COUNT ? in.op : 0]++;
            cov_regs_step(c, &in);
            if (in.illegal) {
                classify_illegal(c, &in);
                if (in.op == TX_OP_PIXLD && in.u.pixld.mode >= 6)
                    cov_hit(c, G_PIX_FORM, in.u.pixld.mode == 6 ? PF_MODE6 : PF_MODE7);
                tx_step(s, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_PIXLD) {
                classify_pixld(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_SULD) {
                classify_suld(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_TLDS) {
                classify_tlds(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_TEX) {
                cov_tex_step(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_TLD) {
                cov_tld_step(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_TLD4 || in.op == TX_OP_TLD4S) {
                cov_tld4_step(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_TXQ) {
                cov_txq_step(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_TMML) {
                cov_tmml_step(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_TEXS) {
                cov_texs_step(c, s, &in, st->word, st->ctrl, fx);
            } else if (in.op == TX_OP_TXD) {
                cov_txd_step(c, s, &in, st->word, st->ctrl, fx);
            } else {
                tx_step(s, st->word, st->ctrl, fx);
            }
            apply_moves(s, st->post, st->npost);
        }
    }
    vec_close(r);
    if (rc < 0 || rc == 1) {
        fprintf(stderr, "%s\n", err.text);
        return -1;
    }
    return 0;
}

/* ---- report -------------------------------------------------------------- */

static int group_hit(const cov_group *g)
{
    int n = 0;
    for (int b = 0; b < g->nbins; b++)
        n += g->hits[b] > 0;
    return n;
}

static double pct(int a, int b)
{
    return b ? 100.0 * a / b : 100.0;
}

static void print_report(const cov *c, FILE *f, int summary_only)
{
    fprintf(f, "coverage: %ld file(s), %ld vectors, %ld steps (TLDS %ld, TEX %ld, SULD %ld, "
               "PIXLD %ld, TLD %ld, TLD4 %ld, TLD4S %ld, TXQ %ld, TMML %ld, TEXS %ld, "
               "TXD %ld, unknown %ld)\n",
            c->files, c->vectors, c->steps, c->ops[TX_OP_TLDS], c->ops[TX_OP_TEX],
            c->ops[TX_OP_SULD], c->ops[TX_OP_PIXLD], c->ops[TX_OP_TLD], c->ops[TX_OP_TLD4],
            c->ops[TX_OP_TLD4S], c->ops[TX_OP_TXQ], c->ops[TX_OP_TMML], c->ops[TX_OP_TEXS],
            c->ops[TX_OP_TXD],
            c->ops[TX_OP_UNKNOWN]);
    if (!summary_only) {
        fprintf(f, "\n%-18s %-44s %10s\n", "group", "bin", "hits");
        for (int i = 0; i < G_COUNT; i++) {
            const cov_group *g = &c->g[i];
            for (int b = 0; b < g->nbins; b++)
                fprintf(f, "%-18s %-44s %10llu  %s\n", b == 0 ? g->name : "", g->bin[b],
                        (unsigned long long)g->hits[b], g->hits[b] ? "hit" : "MISSED");
        }
    }
    fprintf(f, "\n%-18s %9s %8s  %s\n", "group", "hit/bins", "percent", "meaning");
    int th = 0, tb = 0;
    for (int i = 0; i < G_COUNT; i++) {
        const cov_group *g = &c->g[i];
        int h = group_hit(g);
        char hb[24];
        snprintf(hb, sizeof(hb), "%d/%d", h, g->nbins);
        fprintf(f, "%-18s %9s %7.1f%%  %s\n", g->name, hb, pct(h, g->nbins), g->what);
        th += h;
        tb += g->nbins;
    }
    char hb[24];
    snprintf(hb, sizeof(hb), "%d/%d", th, tb);
    fprintf(f, "%-18s %9s %7.1f%%\n", "total", hb, pct(th, tb));
}

static int write_json(const cov *c, const char *path, char *const *files, int nfiles,
                      json_object *by_file)
{
    json_object *o = json_object_new_object(), *fl = json_object_new_array();
    for (int i = 0; i < nfiles; i++)
        json_object_array_add(fl, json_object_new_string(files[i]));
    json_object_object_add(o, "files", fl);
    json_object_object_add(o, "vectors", json_object_new_int64(c->vectors));
    json_object_object_add(o, "steps", json_object_new_int64(c->steps));
    json_object *ops = json_object_new_object();
    static const char *const opn[7] = {"unknown", "TLDS", "TEX", "SULD", "PIXLD", "TXQ", "TMML"};
    for (int i = 0; i < 7; i++)
        json_object_object_add(ops, opn[i], json_object_new_int64(c->ops[i]));
    json_object_object_add(o, "steps_by_opcode", ops);
    json_object *groups = json_object_new_array();
    int th = 0, tb = 0;
    for (int i = 0; i < G_COUNT; i++) {
        const cov_group *g = &c->g[i];
        json_object *jg = json_object_new_object(), *bins = json_object_new_array();
        int h = group_hit(g);
        json_object_object_add(jg, "group", json_object_new_string(g->name));
        json_object_object_add(jg, "meaning", json_object_new_string(g->what));
        json_object_object_add(jg, "hit", json_object_new_int(h));
        json_object_object_add(jg, "bins_total", json_object_new_int(g->nbins));
        json_object_object_add(jg, "percent", json_object_new_double(pct(h, g->nbins)));
        for (int b = 0; b < g->nbins; b++) {
            json_object *jb = json_object_new_object();
            json_object_object_add(jb, "bin", json_object_new_string(g->bin[b]));
            json_object_object_add(jb, "hits", json_object_new_int64((int64_t)g->hits[b]));
            json_object_object_add(jb, "hit", json_object_new_boolean(g->hits[b] > 0));
            json_object_array_add(bins, jb);
        }
        json_object_object_add(jg, "bins", bins);
        json_object_array_add(groups, jg);
        th += h;
        tb += g->nbins;
    }
    json_object_object_add(o, "groups", groups);
    json_object *tot = json_object_new_object();
    json_object_object_add(tot, "hit", json_object_new_int(th));
    json_object_object_add(tot, "bins_total", json_object_new_int(tb));
    json_object_object_add(tot, "percent", json_object_new_double(pct(th, tb)));
    json_object_object_add(o, "total", tot);
    if (by_file)
        json_object_object_add(o, "by_file", by_file);

    FILE *f = fopen(path, "w");
    int rc = 0;
    if (!f || fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
                                                                      JSON_C_TO_STRING_SPACED |
                                                                      JSON_C_TO_STRING_NOSLASHESCAPE)) < 0)
        rc = -1;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc < 0)
        fprintf(stderr, "texcosim coverage: cannot write %s: %s\n", path, strerror(errno));
    json_object_put(o);
    return rc;
}

/* ---- attribution (--by-file) ------------------------------------------------
 *
 * hit[k] marks the bins file k hits (G_COUNT x MAX_BINS flags per file),
 * taken as the difference of the counters before and after the file.  The
 * report gives, per file, the bins it hits and those that no other file of
 * the run hits: what that file (a suite) adds to the others. */

typedef uint8_t cov_seen[G_COUNT][MAX_BINS];

static void snapshot(const cov *c, uint64_t (*before)[MAX_BINS])
{
    for (int g = 0; g < G_COUNT; g++)
        memcpy(before[g], c->g[g].hits, sizeof c->g[g].hits);
}

static void mark_file(const cov *c, uint64_t (*before)[MAX_BINS], cov_seen *seen)
{
    for (int g = 0; g < G_COUNT; g++)
        for (int b = 0; b < c->g[g].nbins; b++)
            (*seen)[g][b] = c->g[g].hits[b] > before[g][b];
}

/* Bins of file k that no other file hits. */
static int only_here(const cov *c, const cov_seen *seen, int nfiles, int k, int g, int b)
{
    (void)c;
    if (!seen[k][g][b])
        return 0;
    for (int j = 0; j < nfiles; j++)
        if (j != k && seen[j][g][b])
            return 0;
    return 1;
}

static void print_by_file(const cov *c, const cov_seen *seen, char *const *files, int nfiles,
                          FILE *f)
{
    fprintf(f, "\nbins by file: bins each file hits, and those no other file given hits\n");
    fprintf(f, "%-44s %8s %10s\n", "file", "hit", "only here");
    for (int k = 0; k < nfiles; k++) {
        int hit = 0, only = 0;
        for (int g = 0; g < G_COUNT; g++)
            for (int b = 0; b < c->g[g].nbins; b++) {
                hit += seen[k][g][b];
                only += only_here(c, seen, nfiles, k, g, b);
            }
        fprintf(f, "%-44s %8d %10d\n", files[k], hit, only);
    }
    for (int k = 0; k < nfiles; k++) {
        int first = 1;
        for (int g = 0; g < G_COUNT; g++)
            for (int b = 0; b < c->g[g].nbins; b++)
                if (only_here(c, seen, nfiles, k, g, b)) {
                    if (first)
                        fprintf(f, "\nonly in %s:\n", files[k]);
                    first = 0;
                    fprintf(f, "  %-22s %s\n", c->g[g].name, c->g[g].bin[b]);
                }
    }
}

static json_object *json_by_file(const cov *c, const cov_seen *seen, char *const *files,
                                 int nfiles)
{
    json_object *arr = json_object_new_array();
    for (int k = 0; k < nfiles; k++) {
        json_object *o = json_object_new_object(), *only = json_object_new_array();
        int hit = 0;
        for (int g = 0; g < G_COUNT; g++)
            for (int b = 0; b < c->g[g].nbins; b++) {
                hit += seen[k][g][b];
                if (only_here(c, seen, nfiles, k, g, b)) {
                    json_object *e = json_object_new_object();
                    json_object_object_add(e, "group", json_object_new_string(c->g[g].name));
                    json_object_object_add(e, "bin", json_object_new_string(c->g[g].bin[b]));
                    json_object_array_add(only, e);
                }
            }
        json_object_object_add(o, "file", json_object_new_string(files[k]));
        json_object_object_add(o, "hit", json_object_new_int(hit));
        json_object_object_add(o, "only_here", only);
        json_object_array_add(arr, o);
    }
    return arr;
}

static void coverage_usage(FILE *f)
{
    fprintf(f, "usage: texcosim coverage [--json FILE] [--fail-under PCT] [--summary] [--by-file]\n"
               "                         FILE...\n"
               "  functional coverage of vector files (.jsonl or .jsonl.gz); options may follow\n"
               "  the files; --by-file: the bins each file hits and those only it hits;\n"
               "  -h, --help, --version\n"
               "exit status: 0 done, 1 total below --fail-under, 2 bad input\n");
}

int cmd_coverage(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"summary", no_argument, NULL, 's'}, {"json", required_argument, NULL, 'j'},
        {"by-file", no_argument, NULL, 'b'},
        {"fail-under", required_argument, NULL, 'f'}, {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'}, {NULL, 0, NULL, 0},
    };
    const char *json_path = NULL;
    double fail_under = -1;
    int summary_only = 0, by_file = 0, i, o;
    char *end;
    optind = 1;
    opterr = 0;
    while ((o = getopt_long(argc - 1, argv + 1, ":h", longopts, NULL)) != -1) {
        switch (o) {
        case 's': summary_only = 1; break;
        case 'b': by_file = 1; break;
        case 'j': json_path = optarg; break;
        case 'h': coverage_usage(stdout); return 0;
        case 'V': return cli_version("coverage");
        case 'f':
            fail_under = strtod(optarg, &end);
            if (!*optarg || *end || fail_under < 0 || fail_under > 100) {
                fprintf(stderr, "texcosim coverage: bad percentage '%s'\n", optarg);
                return 2;
            }
            break;
        case ':':
            fprintf(stderr, "texcosim coverage: %s needs a value\n", argv[optind]);
            return 2;
        default:
            fprintf(stderr, "texcosim coverage: unknown option %s\n", argv[optind]);
            coverage_usage(stderr);
            return 2;
        }
    }
    i = optind + 1;
    if (i >= argc) {
        fprintf(stderr, "texcosim coverage: no vector files given\n");
        coverage_usage(stderr);
        return 2;
    }
    /* The output is checked before any file is read. */
    if (json_path) {
        char cerr[600];
        int bad = outfile_check("--json", json_path, cerr, sizeof(cerr)) < 0;
        for (int k = i; k < argc && !bad; k++)
            if (outfile_same(json_path, argv[k])) {
                snprintf(cerr, sizeof(cerr), "--json %s is one of the inputs", json_path);
                bad = 1;
            }
        if (bad) {
            fprintf(stderr, "texcosim coverage: %s\n", cerr);
            return 2;
        }
    }

    cov *c = malloc(sizeof(*c));
    tx_state *s = tx_state_new();
    tx_effects *fx = malloc(sizeof(*fx));
    int status = 0;
    if (!c || !s || !fx) {
        fprintf(stderr, "texcosim coverage: out of memory\n");
        free(c);
        free(fx);
        tx_state_free(s);
        return 2;
    }
    cov_init(c);
    int nfiles = argc - i;
    cov_seen *seen = NULL;
    uint64_t (*before)[MAX_BINS] = NULL;
    if (by_file && (!(seen = calloc((size_t)nfiles, sizeof *seen)) ||
                    !(before = calloc(G_COUNT, sizeof *before)))) {
        fprintf(stderr, "texcosim coverage: out of memory\n");
        status = 2;
    }
    for (int k = i; k < argc && status == 0; k++) {
        if (by_file)
            snapshot(c, before);
        if (cover_file(c, argv[k], s, fx) < 0)
            status = 2;
        else if (by_file)
            mark_file(c, before, &seen[k - i]);
    }
    if (status == 0) {
        print_report(c, stdout, summary_only);
        if (by_file)
            print_by_file(c, seen, argv + i, nfiles, stdout);
        if (json_path && write_json(c, json_path, argv + i, nfiles,
                                    by_file ? json_by_file(c, seen, argv + i, nfiles)
                                            : NULL) < 0)
            status = 2;
    }
    free(seen);
    free(before);
    if (status == 0 && fail_under >= 0) {
        int th = 0, tb = 0;
        for (int g = 0; g < G_COUNT; g++) {
            th += group_hit(&c->g[g]);
            tb += c->g[g].nbins;
        }
        if (pct(th, tb) < fail_under) {
            fprintf(stderr, "texcosim coverage: total %.1f%% is below --fail-under %.1f%%\n",
                    pct(th, tb), fail_under);
            status = 1;
        }
    }
    cov_free(c);
    free(c);
    free(fx);
    tx_state_free(s);
    return status;
}
