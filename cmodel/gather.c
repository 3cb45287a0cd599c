/*
 * gather.c - operand gather stage (twin of rtl/tx_gather.sv).
 *
 * TLDS packs its coordinates into at most two register groups, Ra and Rb.
 * The seed's hardware note says bit 2 of the target code makes Ra a vec2
 * and bit 3 makes Rb a vec2; every code but 0 reads Rb (docs/semantics.md
 * S3.2).  The gather tap shows the four slots Ra, Ra+1, Rb, Rb+1 exactly
 * as read, so a register-file mismatch is caught before any arithmetic.
 */
#include "stages.h"

void tx_gather_tlds(const tx_state *s, const tx_insn *in, int lane, uint32_t g[4])
{
    uint8_t t = in->u.tlds.target;

    g[0] = tx_reg_ext(s, lane, in->ra);
    g[1] = (t & 4) ? tx_reg_ext(s, lane, in->ra + 1) : 0;
    g[2] = t != TX_TLDS_1D_LZ ? tx_reg_ext(s, lane, in->rb) : 0;
    g[3] = (t & 8) ? tx_reg_ext(s, lane, in->rb + 1) : 0;
}

void tx_tlds_unpack_args(uint8_t target, const uint32_t g[4], tx_tlds_args *a)
{
    a->x = g[0];
    a->y = a->z = a->layer = a->sample = a->lod = a->aoffi = 0;
    switch (target) {
    case TX_TLDS_1D_LZ:
        break;
    case TX_TLDS_1D_LL:
        a->lod = g[2];
        break;
    case TX_TLDS_2D_LZ:
        a->y = g[2];
        break;
    case TX_TLDS_2D_LZ_AOFFI:
        a->y = g[1];
        a->aoffi = g[2];
        break;
    case TX_TLDS_2D_LL:
        a->y = g[1];
        a->lod = g[2];
        break;
    case TX_TLDS_2D_LZ_MS:
        a->y = g[1];
        a->sample = g[2];
        break;
    case TX_TLDS_3D_LZ:
        a->y = g[1];
        a->z = g[2];
        break;
    case TX_TLDS_A2D_LZ:
        /* The only form whose Ra is not x: the array index is a U16. */
        a->layer = g[0] & 0xffffu;
        a->x = g[2];
        a->y = g[3];
        break;
    case TX_TLDS_2D_LL_AOFFI:
        a->y = g[1];
        a->lod = g[2];
        a->aoffi = g[3];
        break;
    default:
        break;
    }
}

void tx_tex_slots_of(const tx_insn *in, tx_tex_slots *sl)
{
    static const int ncoord[4] = {1, 2, 3, 3};   /* dim >> 1: 1D 2D 3D CUBE */
    int dim = in->u.tex.dim, a = 0, b = 4;

    sl->array = sl->handle = sl->lod = sl->toff = sl->dc = sl->ms = -1;
    sl->coord[0] = sl->coord[1] = sl->coord[2] = -1;
    if ((dim & 1) || in->u.tex.lc)
        sl->array = a++;
    for (int i = 0; i < ncoord[(dim >> 1) & 3]; i++)
        sl->coord[i] = a++;
    if (in->u.tex.bindless)
        sl->handle = b++;
    if (in->u.tex.lod >= TX_LOD_LB)
        sl->lod = b++;
    if (in->u.tex.aoffi)
        sl->toff = b++;
    if (in->u.tex.dc)
        sl->dc = b++;
    sl->ra_n = a;
    sl->rb_n = b - 4;
}

void tx_gather_tex(const tx_state *s, const tx_insn *in, const tx_tex_slots *sl,
                   int lane, uint32_t g[8])
{
    /* The TEX form of a TEXS (docs/semantics.md S14.2) may read the Ra
     * group's last slot from Rb; its Rb group then starts at Rb+1. */
    int split = in->op == TX_OP_TEX && in->u.tex.rb_last;

    for (int i = 0; i < 4; i++) {
        if (split && i == sl->ra_n - 1)
            g[i] = tx_reg_ext(s, lane, in->rb);
        else
            g[i] = i < sl->ra_n ? tx_reg_ext(s, lane, in->ra + i) : 0;
        g[4 + i] = i < sl->rb_n ? tx_reg_ext(s, lane, in->rb + split + i) : 0;
    }
}

/* TLD (yuzu texture_load.cpp; docs/semantics.md S9.1): Ra = [array] +
 * integer coordinates, Rb = [handle] + [lod] + [offsets] + [sample]. */
void tx_tld_slots_of(const tx_insn *in, tx_tex_slots *sl)
{
    static const int ncoord[4] = {1, 2, 3, 3};
    int dim = in->u.tld.dim, a = 0, b = 4;

    sl->array = sl->handle = sl->lod = sl->toff = sl->dc = sl->ms = -1;
    sl->coord[0] = sl->coord[1] = sl->coord[2] = -1;
    if (dim & 1)
        sl->array = a++;
    for (int i = 0; i < ncoord[(dim >> 1) & 3]; i++)
        sl->coord[i] = a++;
    if (in->u.tld.bindless)
        sl->handle = b++;
    if (in->u.tld.ll)
        sl->lod = b++;
    if (in->u.tld.aoffi)
        sl->toff = b++;
    if (in->u.tld.ms)
        sl->ms = b++;
    sl->ra_n = a;
    sl->rb_n = b - 4;
}

void tx_tld_unpack_args(const tx_insn *in, const tx_tex_slots *sl, const uint32_t g[8],
                        tx_tlds_args *a)
{
    (void)in;
    a->x = sl->coord[0] >= 0 ? g[sl->coord[0]] : 0;
    a->y = sl->coord[1] >= 0 ? g[sl->coord[1]] : 0;
    a->z = sl->coord[2] >= 0 ? g[sl->coord[2]] : 0;
    /* The array index is a U16, as for TLDS ARRAY_2D and TEX. */
    a->layer = sl->array >= 0 ? g[sl->array] & 0xffffu : 0;
    a->lod = sl->lod >= 0 ? g[sl->lod] : 0;
    a->aoffi = sl->toff >= 0 ? g[sl->toff] : 0;
    a->sample = sl->ms >= 0 ? g[sl->ms] : 0;
}
