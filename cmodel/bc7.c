/*
 * bc7.c - BC7 (BC7U) block decoder: one texel of a 16-byte block -> R, G, B, A
 * bytes.  Twin of rtl/tx_bc7_pkg.sv; docs/formats.md section 10.2.  Source: the
 * D3D11.3 functional specification (BC7 format) and Khronos
 * ARB_texture_compression_bptc (COMPRESSED_RGBA_BPTC_UNORM), which agree bit
 * for bit: BC7 decoding is exact, with no rounding left open.
 */
#include <string.h>
#include "bptc.h"

/* Per mode: subsets, partition bits, rotation bits, index-selection bits,
 * colour bits, alpha bits, per-endpoint P-bits, shared P-bits, index bits,
 * secondary index bits (ARB Table.M). */
static const struct bc7_mode {
    uint8_t ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2;
} bc7_modes[8] = {
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0},
    {2, 6, 0, 0, 6, 0, 0, 1, 3, 0},
    {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0},
    {1, 0, 2, 1, 5, 6, 0, 0, 2, 3},
    {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0},
    {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
};

/* An n-bit endpoint value (P-bit included) to 8 bits: shift it to the top
 * and repeat its high bits below (n >= 5, so one repetition fills the byte). */
static unsigned bc7_expand(unsigned v, unsigned n)
{
    if (n >= 8)
        return v & 255;
    v <<= 8 - n;
    return (v | (v >> n)) & 255;
}

/* The index of texel t in an index set of nbits per texel (one bit less at
 * the anchors) that starts at block bit 'at'. */
static unsigned bc7_index(const uint8_t blk[16], unsigned at, unsigned nbits, unsigned ns,
                          unsigned part, unsigned t)
{
    for (unsigned i = 0; i < t; i++)
        at += nbits - (unsigned)tx_bptc_is_anchor(ns, part, i);
    return tx_bptc_bits(blk, at, nbits - (unsigned)tx_bptc_is_anchor(ns, part, t));
}

int tx_bc7_decode(int components, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                  uint8_t texel[16])
{
    (void)components;
    (void)sign;
    memset(texel, 0, 16);
    unsigned mode = 0;
    while (mode < 8 && !((blk[0] >> mode) & 1))
        mode++;
    if (mode == 8)
        return 0x08;    /* reserved mode: 0, 0, 0, 0 */
    const struct bc7_mode *m = &bc7_modes[mode];
    unsigned at = mode + 1;
    unsigned part = tx_bptc_bits(blk, at, m->pb);
    at += m->pb;
    unsigned rot = tx_bptc_bits(blk, at, m->rb);
    at += m->rb;
    unsigned isb = tx_bptc_bits(blk, at, m->isb);
    at += m->isb;

    /* Endpoints ep[subset][end][channel], stored channel by channel, then
     * subset, then end (ARB: "first by endpoint, then by subset, then by
     * color" read from the inside out). */
    unsigned ep[3][2][4] = {{{0}}};
    for (unsigned c = 0; c < 4; c++) {
        unsigned bits = c < 3 ? m->cb : m->ab;
        for (unsigned s = 0; s < m->ns; s++)
            for (unsigned e = 0; e < 2; e++) {
                ep[s][e][c] = tx_bptc_bits(blk, at, bits);
                at += bits;
            }
    }
    unsigned pbit[3][2] = {{0}};
    for (unsigned s = 0; s < m->ns; s++) {
        if (m->epb) {
            pbit[s][0] = tx_bptc_bits(blk, at++, 1);
            pbit[s][1] = tx_bptc_bits(blk, at++, 1);
        } else if (m->spb) {
            pbit[s][0] = pbit[s][1] = tx_bptc_bits(blk, at++, 1);
        }
    }
    int has_p = m->epb || m->spb;
    for (unsigned s = 0; s < m->ns; s++)
        for (unsigned e = 0; e < 2; e++)
            for (unsigned c = 0; c < 4; c++) {
                unsigned bits = c < 3 ? m->cb : m->ab;
                if (bits == 0) {
                    ep[s][e][c] = 255;      /* no alpha bits: opaque */
                    continue;
                }
                unsigned v = ep[s][e][c];
                if (has_p) {
                    v = v << 1 | pbit[s][e];
                    bits++;
                }
                ep[s][e][c] = bc7_expand(v, bits);
            }

    /* Index sets: the primary one starts right after the P-bits, the
     * secondary one after it (anchor texel 0 only: single subset). */
    unsigned t = (sx & 3) + 4 * (sy & 3);
    unsigned s = tx_bptc_subset(m->ns, part, t);
    unsigned i1 = bc7_index(blk, at, m->ib, m->ns, part, t);
    unsigned ib1 = m->ib, ci = i1, cbits = ib1, ai = i1, abits = ib1;
    if (m->ib2) {
        unsigned at2 = at + 16u * m->ib - m->ns;
        unsigned i2 = bc7_index(blk, at2, m->ib2, 1, 0, t);
        if (isb) {          /* colour from the secondary set, alpha primary */
            ci = i2;
            cbits = m->ib2;
        } else {            /* alpha from the secondary set */
            ai = i2;
            abits = m->ib2;
        }
    }
    unsigned out[4];
    for (unsigned c = 0; c < 4; c++) {
        unsigned w = c < 3 ? tx_bptc_weight(cbits, ci) : tx_bptc_weight(abits, ai);
        out[c] = ((64 - w) * ep[s][0][c] + w * ep[s][1][c] + 32) >> 6;
    }
    if (rot) {              /* 1: swap A and R, 2: A and G, 3: A and B */
        unsigned x = out[3];
        out[3] = out[rot - 1];
        out[rot - 1] = x;
    }
    for (unsigned c = 0; c < 4; c++)
        texel[c] = (uint8_t)out[c];
    return 0x08;
}
