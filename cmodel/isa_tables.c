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
        a = d->u.suld.dim < 6 ? tx_su_dim_coords[d->u.suld.dim] : 0;
        break;
    case TX_OP_PIXLD:
        a = d->ra != TX_RZ;
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

/* Registers a SULD writes: .D by size, .P one per enabled component. */
int tx_suld_rd_count(const tx_insn *d)
{
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
