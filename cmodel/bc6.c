/*
 * bc6.c - BC6H block decoder (BC6H_UF16, BC6H_SF16): one texel of a 16-byte
 * block -> R, G, B as binary16.  Twin of rtl/tx_bc6_pkg.sv; docs/formats.md
 * section 10.1.  Source: the D3D11.3 functional specification (BC6H format)
 * and Khronos ARB_texture_compression_bptc (RGB_BPTC_{UN,}SIGNED_FLOAT), which
 * define the decode exactly (integer arithmetic only).
 */
#include <string.h>
#include "bptc.h"

/* Per mode index (the order of the layout table tx_bc6_pos): mode number,
 * transformed endpoints, subsets, endpoint bits, delta bits R G B
 * (ARB Table.MF). */
static const struct bc6_mode {
    uint8_t mn, tr, ns, epb, db[3];
} bc6_modes[14] = {
    {0, 1, 2, 10, {5, 5, 5}},  {1, 1, 2, 7, {6, 6, 6}},   {2, 1, 2, 11, {5, 4, 4}},
    {6, 1, 2, 11, {4, 5, 4}},  {10, 1, 2, 11, {4, 4, 5}}, {14, 1, 2, 9, {5, 5, 5}},
    {18, 1, 2, 8, {6, 5, 5}},  {22, 1, 2, 8, {5, 6, 5}},  {26, 1, 2, 8, {5, 5, 6}},
    {30, 0, 2, 6, {6, 6, 6}},  {3, 0, 1, 10, {10, 10, 10}}, {7, 1, 1, 11, {9, 9, 9}},
    {11, 1, 1, 12, {8, 8, 8}}, {15, 1, 1, 16, {4, 4, 4}},
};

/* Mode index of a block, -1 for the reserved modes 19, 23, 27, 31. */
int tx_bc6_mode_index(const uint8_t blk[16])
{
    unsigned m2 = blk[0] & 3;
    if (m2 < 2)
        return (int)m2;
    unsigned m5 = blk[0] & 31;
    for (int i = 2; i < 14; i++)
        if (bc6_modes[i].mn == m5)
            return i;
    return -1;
}

/* Sign-extend the low n bits of v (1 <= n <= 32). */
static int32_t sext(uint32_t v, unsigned n)
{
    uint32_t m = 1u << (n - 1);
    v &= (n >= 32) ? 0xffffffffu : ((1u << n) - 1);
    return (int32_t)((v ^ m) - m);
}

/* Arithmetic shift right, floor(x / 2^n), without relying on the
 * implementation-defined >> of a negative int. */
static int32_t asr(int32_t x, unsigned n)
{
    return x >= 0 ? x >> n : -(int32_t)(((uint32_t)(-x) + (1u << n) - 1) >> n);
}

/* ARB / D3D unquantize: the endpoint to a 16-bit (signed: 15-bit + sign)
 * interpolation value. */
static int32_t unquantize(int32_t x, unsigned epb, int is_signed)
{
    if (!is_signed) {
        if (epb >= 15)
            return x;
        if (x == 0)
            return 0;
        if (x == (int32_t)((1u << epb) - 1))
            return 0xffff;
        return (int32_t)((((uint32_t)x << 15) + 0x4000) >> (epb - 1));
    }
    if (epb >= 16)
        return x;
    int s = x < 0;
    int32_t a = s ? -x : x, u;
    if (a == 0)
        u = 0;
    else if (a >= (int32_t)((1u << (epb - 1)) - 1))
        u = 0x7fff;
    else
        u = (int32_t)((((uint32_t)a << 15) + 0x4000) >> (epb - 1));
    return s ? -u : u;
}

/* The last step: scale by 31/64 (unsigned) or 31/32 of the magnitude
 * (signed, sign bit or-ed in), which lands in binary16's finite range. */
static uint16_t finish(int32_t v, int is_signed)
{
    if (!is_signed)
        return (uint16_t)(((uint32_t)v * 31) >> 6);
    if (v < 0)
        return (uint16_t)(0x8000 | ((((uint32_t)(-v)) * 31) >> 5));
    return (uint16_t)(((uint32_t)v * 31) >> 5);
}

int tx_bc6_decode(int components, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                  uint8_t texel[16])
{
    (void)sign;
    int is_signed = components == 0x10;     /* BC6H_SF16 */
    uint16_t h[3] = {0, 0, 0};
    memset(texel, 0, 16);
    int mi = tx_bc6_mode_index(blk);
    if (mi >= 0) {
        const struct bc6_mode *m = &bc6_modes[mi];
        /* The twelve fields r0 g0 b0 r1 g1 b1 r2 g2 b2 r3 g3 b3. */
        uint32_t f[12];
        for (unsigned k = 0; k < 12; k++) {
            f[k] = 0;
            for (unsigned b = 0; b < 16; b++) {
                unsigned p = tx_bc6_pos[mi][k][b];
                if (p != 255)
                    f[k] |= tx_bptc_bits(blk, p, 1) << b;
            }
        }
        unsigned nend = 2 * m->ns;
        int32_t e[4][3];
        for (unsigned c = 0; c < 3; c++) {
            e[0][c] = is_signed ? sext(f[c], m->epb) : (int32_t)f[c];
            for (unsigned k = 1; k < nend; k++) {
                uint32_t v = f[3 * k + c];
                if (m->tr) {
                    /* A delta: sign-extended, added to e0, wrapped to EPB bits. */
                    uint32_t sum = (uint32_t)e[0][c] + (uint32_t)sext(v, m->db[c]);
                    sum &= (1u << m->epb) - 1;
                    e[k][c] = is_signed ? sext(sum, m->epb) : (int32_t)sum;
                } else {
                    e[k][c] = is_signed ? sext(v, m->epb) : (int32_t)v;
                }
            }
            for (unsigned k = 0; k < nend; k++)
                e[k][c] = unquantize(e[k][c], m->epb, is_signed);
        }
        unsigned t = (sx & 3) + 4 * (sy & 3);
        unsigned part = m->ns == 2 ? tx_bptc_bits(blk, 77, 5) : 0;
        unsigned s = tx_bptc_subset(m->ns, part, t);
        unsigned ib = m->ns == 2 ? 3 : 4;
        unsigned at = m->ns == 2 ? 82 : 65;
        for (unsigned i = 0; i < t; i++)
            at += ib - (unsigned)tx_bptc_is_anchor(m->ns, part, i);
        unsigned idx = tx_bptc_bits(blk, at, ib - (unsigned)tx_bptc_is_anchor(m->ns, part, t));
        int32_t w = (int32_t)tx_bptc_weight(ib, idx);
        for (unsigned c = 0; c < 3; c++) {
            int32_t v = asr(e[2 * s][c] * (64 - w) + e[2 * s + 1][c] * w + 32, 6);
            h[c] = finish(v, is_signed);
        }
    }
    for (unsigned c = 0; c < 3; c++) {
        texel[2 * c] = (uint8_t)h[c];
        texel[2 * c + 1] = (uint8_t)(h[c] >> 8);
    }
    texel[6] = 0x00;
    texel[7] = 0x3c;        /* A = 1.0 */
    return 0x03;
}
