/*
 * bcn.c - block-compressed formats: the dispatcher of the format stage (twin
 * of rtl/tx_bcn_pkg.sv) and the S3TC/RGTC family DXT1, DXT23, DXT45, DXN1, DXN2
 * (BC1-BC5; twin of rtl/tx_bc1_pkg.sv).  Rules in docs/formats.md section 9,
 * from the D3D11.3 functional specification, section 19.5.
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
    case TX_FMT_DXN1:  return TX_FMT_R8;
    case TX_FMT_DXN2:  return TX_FMT_G8R8;
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

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const uint8_t *p) { return le16(p) | le16(p + 2) << 16; }

/* Round-to-nearest quotients of the interpolants (9.3).  n / 3, n / 5 and
 * n / 7 are never exactly halfway between two integers, so "nearest" needs
 * no tie rule; for negative n the rule is applied to |n| (symmetric). */
static int div_near(int n, int d)
{
    return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

/* Colour block (8 bytes) of DXT1/23/45: the texel's R, G, B, A as 8-bit
 * codes.  four: always the four-colour mode (DXT23/45). */
static void colour_block(const uint8_t *b, unsigned i, int four, uint8_t rgba[4])
{
    uint32_t c0 = le16(b), c1 = le16(b + 2);
    unsigned idx = (le32(b + 4) >> (2 * i)) & 3u;
    int e[2][3];

    /* R5 G6 B5 endpoints widened to 8 bits by replicating their top bits. */
    for (int k = 0; k < 2; k++) {
        uint32_t c = k ? c1 : c0;
        uint32_t r = c >> 11 & 31u, g = c >> 5 & 63u, bl = c & 31u;
        e[k][0] = (int)(r << 3 | r >> 2);
        e[k][1] = (int)(g << 2 | g >> 4);
        e[k][2] = (int)(bl << 3 | bl >> 2);
    }
    rgba[3] = 255;
    for (int ch = 0; ch < 3; ch++) {
        int a = e[0][ch], z = e[1][ch], v;
        if (four || c0 > c1) {
            switch (idx) {
            case 0: v = a; break;
            case 1: v = z; break;
            case 2: v = div_near(2 * a + z, 3); break;
            default: v = div_near(a + 2 * z, 3); break;
            }
        } else {
            /* Three colours and transparent black (DXT1 only). */
            switch (idx) {
            case 0: v = a; break;
            case 1: v = z; break;
            case 2: v = (a + z + 1) >> 1; break;
            default: v = 0; break;
            }
        }
        rgba[ch] = (uint8_t)v;
    }
    if (!four && c0 <= c1 && idx == 3)
        rgba[3] = 0;
}

/* Channel block (8 bytes) of DXT45 alpha and DXN1/DXN2: the texel's 8-bit
 * code (two's complement when sign). */
static uint8_t channel_block(const uint8_t *b, unsigned i, int sign)
{
    uint64_t bits = 0;
    for (int k = 7; k >= 2; k--)
        bits = bits << 8 | b[k];
    unsigned idx = (unsigned)(bits >> (3 * i)) & 7u;
    int r0 = sign ? (int8_t)b[0] : b[0], r1 = sign ? (int8_t)b[1] : b[1];
    int a = r0, z = r1, v;

    /* Signed endpoints: -128 reads as -127 (both are -1.0). */
    if (sign) {
        a = a < -127 ? -127 : a;
        z = z < -127 ? -127 : z;
    }
    if (idx == 0)
        v = a;
    else if (idx == 1)
        v = z;
    else if (r0 > r1)   /* eight values: six interpolants */
        v = div_near((8 - (int)idx) * a + ((int)idx - 1) * z, 7);
    else if (idx < 6)   /* six values: four interpolants, then min and max */
        v = div_near((6 - (int)idx) * a + ((int)idx - 1) * z, 5);
    else if (idx == 6)
        v = sign ? -127 : 0;
    else
        v = sign ? 127 : 255;
    return (uint8_t)v;
}

int tx_bc1_decode(int c, const uint8_t blk[16], unsigned sx, unsigned sy, int sign,
                  uint8_t texel[16])
{
    unsigned i = (sy & 3u) * 4 + (sx & 3u);   /* texel order: rows, then columns */
    uint8_t rgba[4];

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
        rgba[3] = channel_block(blk, i, 0);
        break;
    case TX_FMT_DXN1:
        texel[0] = channel_block(blk, i, sign);
        return TX_FMT_R8;
    case TX_FMT_DXN2:
        texel[0] = channel_block(blk, i, sign);
        texel[1] = channel_block(blk + 8, i, sign);
        return TX_FMT_G8R8;
    default:
        return 0;
    }
    memcpy(texel, rgba, 4);
    return TX_FMT_A8B8G8R8;
}
