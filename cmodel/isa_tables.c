/*
 * isa_tables.c - the names and forms that the assembler, the disassembler
 * and the decoder share, so that text and words cannot drift apart.
 */
#include "isa_int.h"

/* TLDS target codes [56:53].  Ra/Rb counts: seed "Legal modifier table" and
 * its HW note (code bit 2 = vec2 Ra, bit 3 = vec2 Rb); the same packing in
 * yuzu texture_load_swizzled.cpp and Ryujinx TldsTarget (facts 5.3). */
const struct tx_tlds_form tx_tlds_forms[16] = {
    [0]  = { 1, TX_DIM_1D,  0, 0, 0, 1, 0, NULL },
    [1]  = { 1, TX_DIM_1D,  1, 0, 0, 1, 1, NULL },
    [2]  = { 1, TX_DIM_2D,  0, 0, 0, 1, 1, NULL },
    [4]  = { 1, TX_DIM_2D,  0, 1, 0, 2, 1, NULL },
    [5]  = { 1, TX_DIM_2D,  1, 0, 0, 2, 1, NULL },
    [6]  = { 1, TX_DIM_2D,  0, 0, 1, 2, 1, NULL },
    [7]  = { 1, TX_DIM_3D,  0, 0, 0, 2, 1, NULL },
    [8]  = { 1, TX_DIM_A2D, 0, 0, 0, 1, 2, "Rb must be even (vec2 s,t)" },
    [12] = { 1, TX_DIM_2D,  1, 1, 0, 2, 2, "Rb must be even (vec2 lod,aoffi)" },
};

/* TEXS target codes [56:53].  Ra/Rb counts: facts section 4 (yuzu
 * texture_fetch_swizzled.cpp; Mesa handleScalarTexGM107 forms the same
 * pairs): 1D.LZ x; 2D and 2D.LZ x | y; 2D.LL x,y | lod; 2D.DC and 2D.LZ.DC
 * x,y | dref; 2D.LL.DC x,y | lod,dref; ARRAY_2D array,x | y (and dref);
 * 3D and CUBE x,y | z (CUBE.LL z,lod). */
const struct tx_texs_form tx_texs_forms[16] = {
    [0]  = { 1, TX_DIM_1D,   TX_LOD_LZ,   0, 1, 0 },
    [1]  = { 1, TX_DIM_2D,   TX_LOD_NONE, 0, 1, 1 },
    [2]  = { 1, TX_DIM_2D,   TX_LOD_LZ,   0, 1, 1 },
    [3]  = { 1, TX_DIM_2D,   TX_LOD_LL,   0, 2, 1 },
    [4]  = { 1, TX_DIM_2D,   TX_LOD_NONE, 1, 2, 1 },
    [5]  = { 1, TX_DIM_2D,   TX_LOD_LL,   1, 2, 2 },
    [6]  = { 1, TX_DIM_2D,   TX_LOD_LZ,   1, 2, 1 },
    [7]  = { 1, TX_DIM_A2D,  TX_LOD_NONE, 0, 2, 1 },
    [8]  = { 1, TX_DIM_A2D,  TX_LOD_LZ,   0, 2, 1 },
    [9]  = { 1, TX_DIM_A2D,  TX_LOD_LZ,   1, 2, 2 },
    [10] = { 1, TX_DIM_3D,   TX_LOD_NONE, 0, 2, 1 },
    [11] = { 1, TX_DIM_3D,   TX_LOD_LZ,   0, 2, 1 },
    [12] = { 1, TX_DIM_CUBE, TX_LOD_NONE, 0, 2, 1 },
    [13] = { 1, TX_DIM_CUBE, TX_LOD_LL,   0, 2, 2 },
};

/* Write-mask code [52:50]: two tables chosen by Rd1 == RZ (TLDS seed). */
const char *const tx_tlds_mask_rz[8] = { "R", "G", "B", "A", "RG", "RA", "GA", "BA" };
const char *const tx_tlds_mask_nrz[5] = { "RGB", "RGA", "RBA", "GBA", "RGBA" };

const char *const tx_dim_names[8] = {
    "1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "ARRAY_3D", "CUBE", "ARRAY_CUBE",
};

const char *const tx_lod_names[8] = { "", ".LZ", ".LB", ".LL", NULL, NULL, ".LBA", ".LLA" };

const char *const tx_su_dim_names[6] = {
    "1D", "1D_BUFFER", "1D_ARRAY", "2D", "2D_ARRAY", "3D",
};
/* Coordinate registers per dim (SULD seed "Surface Coordinate packing"). */
const uint8_t tx_su_dim_coords[6] = { 1, 1, 2, 2, 3, 3 };

const char *const tx_su_cop_names[4] = { "CA", "CG", "CI", "CV" };
const char *const tx_su_size_names[7] = { "U8", "S8", "U16", "S16", "32", "64", "128" };
/* Result registers per .D size (facts 6.3). */
const uint8_t tx_su_size_regs[7] = { 1, 1, 1, 1, 1, 2, 4 };
const char *const tx_su_clamp_names[3] = { "IGN", "NEAR", "TRAP" };

const char *const tx_tld4_comp_names[4] = { "R", "G", "B", "A" };
/* TXQ query codes [27:22]: Mesa emitTXQ's codes with the names nvdisasm
 * prints (corpus; nxas and envydis agree on the first three). */
const char *tx_txq_query_name(unsigned code)
{
    switch (code) {
    case TX_TXQ_DIMENSION:      return "TEX_HEADER_DIMENSION";
    case TX_TXQ_TEXTURE_TYPE:   return "TEX_HEADER_TEXTURE_TYPE";
    case TX_TXQ_SAMPLER_POS:    return "TEX_HEADER_SAMPLER_POS";
    case TX_TXQ_SAMPLER_FILTER: return "TEX_SAMPLER_FILTER";
    case TX_TXQ_SAMPLER_LOD:    return "TEX_SAMPLER_LOD";
    case TX_TXQ_SAMPLER_WRAP:   return "TEX_SAMPLER_WRAP";
    case TX_TXQ_SAMPLER_BORDER: return "TEX_SAMPLER_BORDER_COLOR";
    default:                    return NULL;
    }
}

const char *const tx_pix_mode_names[6] = {
    "MSCOUNT", "COVMASK", "COVERED", "OFFSET", "CENTROID_OFFSET", "MY_INDEX",
};

/* SUST cache ops (envydis tabeb20_2; nvdisasm spells 2 CS and 3 WT). */
const char *const tx_su_stcop_names[4] = { "WB", "CG", "CS", "WT" };
/* SURED operations [26:24] (envydis tabeb40_2, Ryujinx RedOp). */
const char *const tx_su_redop_names[8] = { "ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR" };
/* SURED types [22:20] (Ryujinx SuatomSize), spelled as nvdisasm prints
 * them (F16x2 keeps its lower-case x). */
const char *const tx_su_redtype_names[8] = {
    "U32", "S32", "U64", "F32.FTZ.RN", "F16x2.FTZ.RN", "S64", "SD32", "SD64",
};
const uint8_t tx_su_redtype_regs[8] = { 1, 1, 2, 1, 1, 2, 1, 2 };

/* RGBA bits each TLDS mask code selects, per Rd1 choice (seed tables). */
unsigned tx_tlds_comp_mask(unsigned code, int rd1_is_rz)
{
    static const uint8_t rz[8] = { 0x1, 0x2, 0x4, 0x8, 0x3, 0x9, 0xa, 0xc };
    static const uint8_t nrz[5] = { 0x7, 0xb, 0xd, 0xe, 0xf };
    if (rd1_is_rz)
        return code < 8 ? rz[code] : 0;
    return code < 5 ? nrz[code] : 0;
}

/* Registers read from the Ra and Rb groups. */
void tx_src_counts(const tx_insn *d, int *ra_n, int *rb_n)
{
    static const uint8_t coords[4] = { 1, 2, 3, 3 }; /* 1D 2D 3D CUBE */
    int a = 0, b = 0;

    switch (d->op) {
    case TX_OP_TLDS:
        a = tx_tlds_forms[d->u.tlds.target & 15].ra_n;
        b = tx_tlds_forms[d->u.tlds.target & 15].rb_n;
        break;
    case TX_OP_TEX:
        /* Ra = [array or .LC word] + coords; Rb = [handle] + [lod] +
         * [aoffi] + [dc] (TEX seed packing table). */
        a = ((d->u.tex.dim & 1) || d->u.tex.lc) + coords[(d->u.tex.dim >> 1) & 3];
        b = d->u.tex.bindless + (d->u.tex.lod >= TX_LOD_LB) + d->u.tex.aoffi + d->u.tex.dc;
        break;
    case TX_OP_SULD:
    case TX_OP_SUST:
    case TX_OP_SURED:
        a = d->u.suld.dim < 6 ? tx_su_dim_coords[d->u.suld.dim] : 0;
        break;
    case TX_OP_TLD:
        /* Ra = [array] + integer coords; Rb = [handle] + [lod] + [offsets]
         * + [sample] (yuzu texture_load.cpp; facts 5.6).  No source places
         * a .CL operand: it adds none here (docs/isa.md). */
        a = (d->u.tld.dim & 1) + coords[(d->u.tld.dim >> 1) & 3];
        b = d->u.tld.bindless + d->u.tld.ll + d->u.tld.aoffi + d->u.tld.ms;
        break;
    case TX_OP_TXD:
        /* Ra = [handle] + coords + [one word: array index [15:0], offsets
         * from bit 16 (bit 12 with .LC), LOD clamp [31:20]] when array,
         * .AOFFI or .LC; Rb = the gradients, two per coordinate (yuzu
         * texture_gradient.cpp). */
        a = d->u.txd.bindless + coords[(d->u.txd.dim >> 1) & 3] +
            ((d->u.txd.dim & 1) || d->u.txd.aoffi || d->u.txd.lc);
        b = 2 * coords[(d->u.txd.dim >> 1) & 3];
        break;
    case TX_OP_TEXS:
        a = tx_texs_forms[d->u.texs.target & 15].ra_n;
        b = tx_texs_forms[d->u.texs.target & 15].rb_n;
        break;
    case TX_OP_PIXLD:
        a = d->ra != TX_RZ;
        break;
    case TX_OP_TLD4:
        /* Ra = [array] + coords; Rb = [handle] + [offsets: 1 AOFFI, 2 PTP]
         * + [dc] (yuzu texture_gather.cpp). */
        a = (d->u.tld4.dim & 1) + coords[(d->u.tld4.dim >> 1) & 3];
        b = d->u.tld4.bindless + (d->u.tld4.offs == TX_TLD4_AOFFI) +
            2 * (d->u.tld4.offs == TX_TLD4_PTP) + d->u.tld4.dc;
        break;
    case TX_OP_TLD4S:
        /* Ra = s [, t]; Rb = t, or [offsets] [dc] (texture_gather_swizzled.cpp):
         * plain (Ra s, Rb t); AOFFI or DC (Ra s,t; Rb aoffi or dc); both
         * (Ra s,t; Rb aoffi, dc). */
        a = (d->u.tld4.offs || d->u.tld4.dc) ? 2 : 1;
        b = (d->u.tld4.offs && d->u.tld4.dc) ? 2 : 1;
        break;
    case TX_OP_TXQ:
        /* TXQ.B: Ra = handle, Ra+1 = level; TXQ: Ra = level (Ryujinx
         * EmitTxq reads both for every query; yuzu texture_query.cpp). */
        a = d->u.txq.bindless + 1;
        break;
    case TX_OP_TMML:
        /* Ra = [array] + coords as TEX; Rb = the handle of TMML.B
         * (Ryujinx EmitTmml, yuzu texture_mipmap_level.cpp). */
        a = (d->u.tmml.dim & 1) + coords[(d->u.tmml.dim >> 1) & 3];
        b = d->u.tmml.bindless;
        break;
    default:
        break;
    }
    if (ra_n)
        *ra_n = a;
    if (rb_n)
        *rb_n = b;
}

/* Registers at Rd (SULD writes them, SUST and SURED read them): .D by
 * size, .P one per enabled component, SURED by its type. */
int tx_suld_rd_count(const tx_insn *d)
{
    if (d->op == TX_OP_SURED)
        return d->u.suld.d ? tx_su_redtype_regs[d->u.suld.size & 7] : 1;
    if (d->u.suld.d)
        return d->u.suld.size < 7 ? tx_su_size_regs[d->u.suld.size] : 0;
    return tx_popcount4(d->u.suld.rgba);
}

const char *tx_op_name(enum tx_op op)
{
    switch (op) {
    case TX_OP_TLDS:  return "TLDS";
    case TX_OP_TEX:   return "TEX";
    case TX_OP_SULD:  return "SULD";
    case TX_OP_PIXLD: return "PIXLD";
    case TX_OP_TLD:   return "TLD";
    case TX_OP_TXD:   return "TXD";
    case TX_OP_TEXS:  return "TEXS";
    case TX_OP_SUST:  return "SUST";
    case TX_OP_SURED: return "SURED";
    case TX_OP_TLD4:  return "TLD4";
    case TX_OP_TLD4S: return "TLD4S";
    case TX_OP_TXQ:   return "TXQ";
    case TX_OP_TMML:  return "TMML";
    default:          return "UNKNOWN";
    }
}

int tx_tlds_target(unsigned target, int *ll, int *aoffi, int *ms)
{
    if (target >= 16 || !tx_tlds_forms[target].valid)
        return 0;
    if (ll)
        *ll = tx_tlds_forms[target].ll;
    if (aoffi)
        *aoffi = tx_tlds_forms[target].aoffi;
    if (ms)
        *ms = tx_tlds_forms[target].ms;
    return 1;
}

int tx_texs_target(unsigned target, int *dim, int *lod, int *dc)
{
    if (target >= 16 || !tx_texs_forms[target].valid)
        return 0;
    if (dim)
        *dim = tx_texs_forms[target].dim;
    if (lod)
        *lod = tx_texs_forms[target].lod;
    if (dc)
        *dc = tx_texs_forms[target].dc;
    return 1;
}
