/*
 * etc2.c - ETC2 and EAC block decoders: ETC2_RGB, ETC2_RGB_PTA, ETC2_RGBA,
 * EAC and EACX2 (twin of rtl/tx_etc2_pkg.sv).  Rules in docs/formats.md section
 * 9.6-9.8, from the Khronos OpenGL ES 3.0 specification, annex C.1 (ETC2 /
 * EAC), which fixes every value exactly (no rounding is left open).
 *
 * ETC blocks are big-endian 64-bit words: byte 0 holds bits 63..56.  Texel
 * indices run down the columns: texel (x, y) is number 4x + y.
 */
#include <string.h>

#include "bcn.h"
#include "tic.h"

static const int mod_rgb[8][2] = {   /* (small, large) intensity modifiers */
    { 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 }, { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 },
};
static const int dist_th[8] = { 3, 6, 11, 16, 23, 32, 41, 64 };   /* T and H modes */
static const int mod_alpha[16][8] = {
    { -3, -6, -9, -15, 2, 5, 8, 14 }, { -3, -7, -10, -13, 2, 6, 9, 12 },
    { -2, -5, -8, -13, 1, 4, 7, 12 }, { -2, -4, -6, -13, 1, 3, 5, 12 },
    { -3, -6, -8, -12, 2, 5, 7, 11 }, { -3, -7, -9, -11, 2, 6, 8, 10 },
    { -4, -7, -8, -11, 3, 6, 7, 10 }, { -3, -5, -8, -11, 2, 4, 7, 10 },
    { -2, -6, -8, -10, 1, 5, 7, 9 },  { -2, -5, -8, -10, 1, 4, 7, 9 },
    { -2, -4, -8, -10, 1, 3, 7, 9 },  { -2, -5, -7, -10, 1, 4, 6, 9 },
    { -3, -4, -7, -10, 2, 3, 6, 9 },  { -1, -2, -3, -10, 0, 1, 2, 9 },
    { -4, -6, -8, -9, 3, 5, 7, 8 },   { -3, -5, -7, -9, 2, 4, 6, 8 },
};

static uint64_t be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

static unsigned bits(uint64_t v, int hi, int lo)
{
    return (unsigned)((v >> lo) & ((1ull << (hi - lo + 1)) - 1));
}

static int clamp255(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }
static int ext4(unsigned v) { return (int)(v << 4 | v); }
static int ext5(unsigned v) { return (int)(v << 3 | v >> 2); }
static int ext6(unsigned v) { return (int)(v << 2 | v >> 4); }
static int ext7(unsigned v) { return (int)(v << 1 | v >> 6); }

/* The RGB part (8 bytes) of ETC2_RGB, _PTA and _RGBA: R, G, B of texel
 * (x, y) and, for punch-through, whether the texel is transparent. */
static void etc2_rgb(const uint8_t *b, unsigned x, unsigned y, int pta, int rgb[3], int *transp)
{
    uint64_t w = be64(b);
    unsigned i = 4 * x + y;
    unsigned idx = bits(w, i + 16, i + 16) << 1 | bits(w, i, i);
    int diff = (int)bits(w, 33, 33);   /* PTA: the "opaque" bit */
    int opaque = pta ? diff : 1;
    int e[2][3];

    *transp = 0;
    if (!pta && !diff) {
        /* Individual mode: two 4-bit colours. */
        for (int c = 0; c < 3; c++) {
            e[0][c] = ext4(bits(w, 63 - 8 * c, 60 - 8 * c));
            e[1][c] = ext4(bits(w, 59 - 8 * c, 56 - 8 * c));
        }
    } else {
        /* Differential: 5-bit base plus a 3-bit signed delta.  A delta that
         * leaves 0..31 selects T (red), H (green) or planar (blue) mode. */
        int base[3], sum[3];
        for (int c = 0; c < 3; c++) {
            base[c] = (int)bits(w, 63 - 8 * c, 59 - 8 * c);
            int d = (int)bits(w, 58 - 8 * c, 56 - 8 * c);
            sum[c] = base[c] + (d >= 4 ? d - 8 : d);
        }
        if (sum[0] < 0 || sum[0] > 31) {
            /* T mode. */
            int c1[3] = { ext4(bits(w, 60, 59) << 2 | bits(w, 57, 56)), ext4(bits(w, 55, 52)),
                          ext4(bits(w, 51, 48)) };
            int c2[3] = { ext4(bits(w, 47, 44)), ext4(bits(w, 43, 40)), ext4(bits(w, 39, 36)) };
            int d = dist_th[bits(w, 35, 34) << 1 | bits(w, 32, 32)];
            for (int c = 0; c < 3; c++) {
                int p[4] = { c1[c], c2[c] + d, c2[c], c2[c] - d };
                rgb[c] = clamp255(p[idx]);
            }
            if (!opaque && idx == 2)
                *transp = 1;
            return;
        }
        if (sum[1] < 0 || sum[1] > 31) {
            /* H mode. */
            unsigned r1 = bits(w, 62, 59), g1 = bits(w, 58, 56) << 1 | bits(w, 52, 52);
            unsigned b1 = bits(w, 51, 51) << 3 | bits(w, 49, 47);
            unsigned r2 = bits(w, 46, 43), g2 = bits(w, 42, 39), b2 = bits(w, 38, 35);
            unsigned k1 = r1 << 8 | g1 << 4 | b1, k2 = r2 << 8 | g2 << 4 | b2;
            int d = dist_th[bits(w, 34, 34) << 2 | bits(w, 32, 32) << 1 | (k1 >= k2)];
            int c1[3] = { ext4(r1), ext4(g1), ext4(b1) }, c2[3] = { ext4(r2), ext4(g2), ext4(b2) };
            for (int c = 0; c < 3; c++) {
                int p[4] = { c1[c] + d, c1[c] - d, c2[c] + d, c2[c] - d };
                rgb[c] = clamp255(p[idx]);
            }
            if (!opaque && idx == 2)
                *transp = 1;
            return;
        }
        if (sum[2] < 0 || sum[2] > 31) {
            /* Planar mode: three colours O, H, V; never transparent. */
            int o[3] = { ext6(bits(w, 62, 57)), ext7(bits(w, 56, 56) << 6 | bits(w, 54, 49)),
                         ext6(bits(w, 48, 48) << 5 | bits(w, 44, 43) << 3 | bits(w, 41, 39)) };
            int h[3] = { ext6(bits(w, 38, 34) << 1 | bits(w, 32, 32)), ext7(bits(w, 31, 25)),
                         ext6(bits(w, 24, 19)) };
            int v[3] = { ext6(bits(w, 18, 13)), ext7(bits(w, 12, 6)), ext6(bits(w, 5, 0)) };
            for (int c = 0; c < 3; c++)
                rgb[c] = clamp255(((int)x * (h[c] - o[c]) + (int)y * (v[c] - o[c]) + 4 * o[c] + 2)
                                  >> 2);
            return;
        }
        for (int c = 0; c < 3; c++) {
            e[0][c] = ext5((unsigned)base[c]);
            e[1][c] = ext5((unsigned)sum[c]);
        }
    }
    /* Individual and differential: two subblocks (flip bit 32: 0 = left and
     * right halves, 1 = top and bottom), each with a base colour and a
     * modifier table. */
    int sub = bits(w, 32, 32) ? (y >= 2) : (x >= 2);
    unsigned cw = sub ? bits(w, 36, 34) : bits(w, 39, 37);
    int m = (idx & 1) ? mod_rgb[cw][1] : mod_rgb[cw][0];
    if (!opaque && !(idx & 1))
        m = 0;      /* punch-through, non-opaque: indices 0 and 2 carry no modifier */
    if (idx & 2)
        m = -m;
    for (int c = 0; c < 3; c++)
        rgb[c] = clamp255(e[sub][c] + m);
    if (!opaque && idx == 2)
        *transp = 1;
}

/* The 3-bit index of texel (x, y) in an EAC / ETC2 alpha block, and the
 * block's base, multiplier and modifier. */
static int eac_mod(uint64_t w, unsigned x, unsigned y)
{
    unsigned i = 4 * x + y;
    return mod_alpha[bits(w, 51, 48)][bits(w, 47 - 3 * i, 45 - 3 * i)];
}

/* EAC 11-bit value of texel (x, y), extended to 16 bits: unsigned 0..65535
 * or signed -32767..32767 (two's complement in the low 16 bits). */
static unsigned eac16(const uint8_t *b, unsigned x, unsigned y, int sign)
{
    uint64_t w = be64(b);
    int mul = (int)bits(w, 55, 52), m = eac_mod(w, x, y), v;

    if (!sign) {
        int base = (int)bits(w, 63, 56);
        v = base * 8 + 4 + (mul ? m * mul * 8 : m);
        v = v < 0 ? 0 : v > 2047 ? 2047 : v;
        return (unsigned)(v << 5 | v >> 6);
    }
    int base = (int8_t)bits(w, 63, 56);
    if (base == -128)
        base = -127;
    v = base * 8 + (mul ? m * mul * 8 : m);
    v = v < -1023 ? -1023 : v > 1023 ? 1023 : v;
    int a = v < 0 ? -v : v;
    a = a << 5 | a >> 5;
    return (unsigned)(v < 0 ? -a : a) & 0xffffu;
}

int tx_etc2_decode(int c, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                   uint8_t texel[16])
{
    int rgb[3], transp = 0, a = 255;
    unsigned v;

    memset(texel, 0, 16);
    sx &= 3u;
    sy &= 3u;
    switch (c) {
    case TX_FMT_ETC2_RGB:
        etc2_rgb(blk, sx, sy, 0, rgb, &transp);
        break;
    case TX_FMT_ETC2_RGB_PTA:
        etc2_rgb(blk, sx, sy, 1, rgb, &transp);
        if (transp)
            rgb[0] = rgb[1] = rgb[2] = a = 0;
        break;
    case TX_FMT_ETC2_RGBA: {
        uint64_t w = be64(blk);
        etc2_rgb(blk + 8, sx, sy, 0, rgb, &transp);
        a = clamp255((int)bits(w, 63, 56) + eac_mod(w, sx, sy) * (int)bits(w, 55, 52));
        break;
    }
    case TX_FMT_EAC:
        v = eac16(blk, sx, sy, sign);
        texel[0] = (uint8_t)v;
        texel[1] = (uint8_t)(v >> 8);
        return TX_FMT_R16;
    case TX_FMT_EACX2:
        v = eac16(blk, sx, sy, sign);
        texel[0] = (uint8_t)v;
        texel[1] = (uint8_t)(v >> 8);
        v = eac16(blk + 8, sx, sy, sign);
        texel[2] = (uint8_t)v;
        texel[3] = (uint8_t)(v >> 8);
        return TX_FMT_R16G16;
    default:
        return 0;
    }
    texel[0] = (uint8_t)rgb[0];
    texel[1] = (uint8_t)rgb[1];
    texel[2] = (uint8_t)rgb[2];
    texel[3] = (uint8_t)a;
    return TX_FMT_A8B8G8R8;
}
