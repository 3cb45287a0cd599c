/*
 * bcn.c - block-compressed formats: the dispatcher of the format stage (twin
 * of rtl/tx_bcn_pkg.sv) and the S3TC/RGTC family DXT1, DXT23, DXT45, DXN1, DXN2
 * (BC1-BC5; twin of rtl/tx_bc1_pkg.sv).  Rules in docs/formats.md section 9:
 * the blocks of the D3D11.3 functional specification, section 19.5, and the
 * interpolants' arithmetic measured on NVIDIA silicon (9.3).
 */
#include <string.h>

#include "bcn.h"
#include "bptc.h"
#include "tic.h"

int tx_fmt_is_astc(int c)
{
    return c >= 0x40 && c <= 0x57;
}

int tx_bcn_block_bytes(int c)
{
    switch (c) {
    case TX_FMT_DXT1: case TX_FMT_DXN1:
    case TX_FMT_ETC2_RGB: case TX_FMT_ETC2_RGB_PTA: case TX_FMT_EAC:
        return 8;
    case TX_FMT_DXT23: case TX_FMT_DXT45: case TX_FMT_DXN2:
    case TX_FMT_ETC2_RGBA: case TX_FMT_EACX2:
    case TX_FMT_BC6H_SF16: case TX_FMT_BC6H_UF16: case TX_FMT_BC7U:
        return 16;
    default:
        return 0;
    }
}

int tx_bcn_subst(int c)
{
    switch (c) {
    case TX_FMT_DXT1: case TX_FMT_DXT23: case TX_FMT_DXT45:
    case TX_FMT_ETC2_RGB: case TX_FMT_ETC2_RGB_PTA: case TX_FMT_ETC2_RGBA:
        return TX_FMT_A8B8G8R8;
    case TX_FMT_DXN1:  return TX_FMT_R16;      /* 16-bit codes (docs/formats.md 9.5) */
    case TX_FMT_DXN2:  return TX_FMT_R16G16;
    case TX_FMT_EAC:   return TX_FMT_R16;
    case TX_FMT_EACX2: return TX_FMT_R16G16;
    case TX_FMT_BC6H_SF16: case TX_FMT_BC6H_UF16:
        return TX_FMT_R16G16B16A16;     /* binary16 R, G, B; A 1.0 (cmodel/bc6.c) */
    case TX_FMT_BC7U:  return TX_FMT_A8B8G8R8;
    default:           return 0;
    }
}

int tx_bcn_decode(int c, int sign, const uint8_t blk[16], unsigned sx, unsigned sy,
                  uint8_t texel[16])
{
    sx &= 3u;
    sy &= 3u;
    switch (c) {
    case TX_FMT_DXT1: case TX_FMT_DXT23: case TX_FMT_DXT45:
    case TX_FMT_DXN1: case TX_FMT_DXN2:
        return tx_bc1_decode(c, blk, sx, sy, sign, texel);
    case TX_FMT_ETC2_RGB: case TX_FMT_ETC2_RGB_PTA: case TX_FMT_ETC2_RGBA:
    case TX_FMT_EAC: case TX_FMT_EACX2:
        return tx_etc2_decode(c, blk, sx, sy, sign, texel);
    case TX_FMT_BC6H_SF16: case TX_FMT_BC6H_UF16:
        return tx_bc6_decode(c, blk, sx, sy, sign, texel);
    case TX_FMT_BC7U:
        return tx_bc7_decode(c, blk, sx, sy, sign, texel);
    default:
        memset(texel, 0, 16);
        return 0;
    }
}

/* ---- S3TC / RGTC -------------------------------------------------------- */
/* The interpolants follow the arithmetic measured on NVIDIA silicon
 * (docs/formats.md 9.3): fixed-point weights and truncations of the
 * hardware, not the exact real-valued means of D3D11.3 19.5. */

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const uint8_t *p) { return le16(p) | le16(p + 2) << 16; }

/* Quotient of d / 4 rounded toward zero (the hardware's signed shift of
 * the green difference, 9.3). */
static int quarter_tz(int d)
{
    return d >= 0 ? d >> 2 : -((-d) >> 2);
}

/* Colour block (8 bytes) of DXT1/23/45: the texel's R, G, B, A as 8-bit
 * codes.  four: always the four-colour mode (DXT23/45). */
static void colour_block(const uint8_t *b, unsigned i, int four, uint8_t rgba[4])
{
    uint32_t c0 = le16(b), c1 = le16(b + 2);
    unsigned idx = (le32(b + 4) >> (2 * i)) & 3u;
    /* R5 G6 B5 endpoints; the 5-bit ones stay 5-bit for the interpolants. */
    int r0 = (int)(c0 >> 11 & 31u), g0 = (int)(c0 >> 5 & 63u), b0 = (int)(c0 & 31u);
    int r1 = (int)(c1 >> 11 & 31u), g1 = (int)(c1 >> 5 & 63u), b1 = (int)(c1 & 31u);
    /* Green widened to 8 bits by replicating its top bits; gd the difference. */
    int G0 = g0 << 2 | g0 >> 4, G1 = g1 << 2 | g1 >> 4, gd = G1 - G0;
    int r, g, bl, a = 255;

    switch (idx) {
    case 0:
        r = r0 << 3 | r0 >> 2; g = G0; bl = b0 << 3 | b0 >> 2;
        break;
    case 1:
        r = r1 << 3 | r1 >> 2; g = G1; bl = b1 << 3 | b1 >> 2;
        break;
    case 2:
        if (four || c0 > c1) {
            /* One third of the way: 5-bit (2 p + q) * 11 / 4 truncated;
             * green G0 + (80.25 gd + 128) / 256 truncated. */
            r = (2 * r0 + r1) * 22 >> 3;
            g = (256 * G0 + quarter_tz(gd) + 128 + 80 * gd) >> 8;
            bl = (2 * b0 + b1) * 22 >> 3;
        } else {
            /* Three-colour midpoint: 5-bit (p + q) * 33 / 8 truncated;
             * green G0 + (128.25 gd + 128) / 256 truncated. */
            r = (r0 + r1) * 33 >> 3;
            g = (256 * G0 + quarter_tz(gd) + 128 + 128 * gd) >> 8;
            bl = (b0 + b1) * 33 >> 3;
        }
        break;
    default:
        if (four || c0 > c1) {
            r = (2 * r1 + r0) * 22 >> 3;
            g = (256 * G1 - quarter_tz(gd) + 128 - 80 * gd) >> 8;
            bl = (2 * b1 + b0) * 22 >> 3;
        } else {
            r = g = bl = a = 0;   /* transparent black (DXT1 only) */
        }
        break;
    }
    rgba[0] = (uint8_t)r;
    rgba[1] = (uint8_t)g;
    rgba[2] = (uint8_t)bl;
    rgba[3] = (uint8_t)a;
}

/* Channel block interpolants (9.5): index 2..7 of the eight-value ramp and
 * 2..5 of the six-value ramp, as the endpoint the hardware starts from
 * (0: r0, 1: r1) and the step k toward the other endpoint, in sevenths or
 * fifths.  k is always 1, 2 or 4: the hardware starts from the endpoint
 * that makes the step a power of two times the base weight. */
static void ramp_step(int eight, unsigned idx, int *from_r1, int *k)
{
    int s = (int)idx - 1;                   /* sevenths / fifths toward r1 */
    if (eight) {
        *from_r1 = !(s == 1 || s == 2 || s == 4);
        *k = *from_r1 ? 7 - s : s;
    } else {
        *from_r1 = s > 2;
        *k = *from_r1 ? 5 - s : s;
    }
}

/* The block's 3-bit index of texel i. */
static unsigned channel_index(const uint8_t *b, unsigned i)
{
    uint64_t bits = 0;
    for (int k = 7; k >= 2; k--)
        bits = bits << 8 | b[k];
    return (unsigned)(bits >> (3 * i)) & 7u;
}

/* DXT45 alpha: an 8-bit code.  Interpolants: from endpoint e toward the
 * other one o, e + sign(o - e) * ((k * w * |o - e| + 1024) >> 11), with the
 * 11-bit weights w = 289 (eight values, ~1/7) and 385 (six values, ~1/5). */
static uint8_t alpha_block(const uint8_t *b, unsigned i)
{
    unsigned idx = channel_index(b, i);
    int r0 = b[0], r1 = b[1], from_r1, k;

    if (idx == 0)
        return (uint8_t)r0;
    if (idx == 1)
        return (uint8_t)r1;
    if (r0 <= r1 && idx >= 6)
        return idx == 6 ? 0 : 255;
    ramp_step(r0 > r1, idx, &from_r1, &k);
    int e = from_r1 ? r1 : r0, o = from_r1 ? r0 : r1, d = o - e;
    int m = (k * (r0 > r1 ? 289 : 385) * (d < 0 ? -d : d) + 1024) >> 11;
    return (uint8_t)(d < 0 ? e - m : e + m);
}

/* An 8-bit channel endpoint as a 16-bit code: unsigned by replication
 * (c * 257), signed (|c| <= 127) by replicating the 7-bit magnitude into
 * 15 bits (|c| << 8 | |c| << 1 | |c| >> 6) with c's sign. */
static int widen16(int c, int sign)
{
    if (!sign)
        return c * 257;
    int m = c < 0 ? -c : c, w = m << 8 | m << 1 | m >> 6;
    return c < 0 ? -w : w;
}

/* DXN1/DXN2 channel: a 16-bit code (two's complement when sign).
 * Interpolants: widen16(e) + k * w * (o - e), w = 36 (eight values) or 48
 * (six values), exact (no rounding). */
static uint16_t dxn_block(const uint8_t *b, unsigned i, int sign)
{
    unsigned idx = channel_index(b, i);
    int r0 = sign ? (int8_t)b[0] : b[0], r1 = sign ? (int8_t)b[1] : b[1];
    int a = r0, z = r1, from_r1, k, v;

    /* Signed endpoints: -128 reads as -127 (both are -1.0). */
    if (sign) {
        a = a < -127 ? -127 : a;
        z = z < -127 ? -127 : z;
    }
    if (idx == 0)
        v = widen16(a, sign);
    else if (idx == 1)
        v = widen16(z, sign);
    else if (r0 <= r1 && idx >= 6)      /* six values: then min and max */
        v = idx == 6 ? (sign ? -32767 : 0) : (sign ? 32767 : 65535);
    else {
        ramp_step(r0 > r1, idx, &from_r1, &k);
        int e = from_r1 ? z : a, o = from_r1 ? a : z;
        v = widen16(e, sign) + k * (r0 > r1 ? 36 : 48) * (o - e);
    }
    return (uint16_t)v;
}

int tx_bc1_decode(int c, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                  uint8_t texel[16])
{
    unsigned i = (sy & 3u) * 4 + (sx & 3u);   /* texel order: rows, then columns */
    uint8_t rgba[4];
    uint16_t v;

    memset(texel, 0, 16);
    switch (c) {
    case TX_FMT_DXT1:
        colour_block(blk, i, 0, rgba);
        break;
    case TX_FMT_DXT23:
        colour_block(blk + 8, i, 1, rgba);
        rgba[3] = (uint8_t)(((le32(blk + 4 * (i >> 3)) >> (4 * (i & 7))) & 15u) * 17u);
        break;
    case TX_FMT_DXT45:
        colour_block(blk + 8, i, 1, rgba);
        rgba[3] = alpha_block(blk, i);
        break;
    case TX_FMT_DXN1:
        v = dxn_block(blk, i, sign);
        texel[0] = (uint8_t)v;
        texel[1] = (uint8_t)(v >> 8);
        return TX_FMT_R16;
    case TX_FMT_DXN2:
        v = dxn_block(blk, i, sign);
        texel[0] = (uint8_t)v;
        texel[1] = (uint8_t)(v >> 8);
        v = dxn_block(blk + 8, i, sign);
        texel[2] = (uint8_t)v;
        texel[3] = (uint8_t)(v >> 8);
        return TX_FMT_R16G16;
    default:
        return 0;
    }
    memcpy(texel, rgba, 4);
    return TX_FMT_A8B8G8R8;
}
