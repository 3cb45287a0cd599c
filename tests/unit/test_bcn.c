/*
 * test_bcn.c - block-compressed formats of the format stage (docs/formats.md
 * section 9), against cases worked out by hand from the specifications
 * (D3D11.3 functional specification 19.5 for DXT/DXN; OpenGL ES 3.0 annex
 * C.1 for ETC2/EAC), not from the model: each block below is written bit by
 * bit and its expected texels computed on paper from the spec's formulas and
 * the interpolant arithmetic of docs/formats.md 9.3 (measured on NVIDIA
 * silicon; several cases are texels of the recorded hw/h200 data).  Also: block sizes, substitute
 * formats, layout and addressing in blocks (docs/layouts.md section 9).
 *
 * Run from the repository root: make build/tests/test_bcn && ./build/tests/test_bcn
 */
#include <stdlib.h>

#include "check.h"

#include "bcn.h"
#include "format.h"
#include "layout.h"
#include "tic.h"

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, v & 0xffffu); put16(p + 2, v >> 16); }
static void putbe64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* The substitute texel of (sx, sy) as a 32-bit little-endian word. */
static uint32_t dec(int c, int sign, const uint8_t *blk, unsigned sx, unsigned sy, int *sub)
{
    uint8_t t[16];
    int s = tx_bcn_decode(c, sign, blk, sx, sy, t);
    if (sub)
        *sub = s;
    return (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24;
}

static void test_dxt1(void)
{
    uint8_t b[16] = {0};
    int sub;
    /* Four-colour mode: c0 = 0xf800 (red 31) > c1 = 0x001f (blue 31).
     * Expanded: c0 = (255, 0, 0), c1 = (0, 0, 255).  Index 2: R = (2*31 +
     * 0) * 22 >> 3 = 170, B = (2*0 + 31) * 22 >> 3 = 85; index 3 the
     * mirror (85, 0, 170).  Indices of the texels
     * 0..3 of row 0: 0, 1, 2, 3 -> bits 0b11100100 = 0xe4. */
    put16(b, 0xf800);
    put16(b + 2, 0x001f);
    put32(b + 4, 0x000000e4u);
    CHECK(dec(TX_FMT_DXT1, 0, b, 0, 0, &sub) == 0xff0000ffu && sub == TX_FMT_A8B8G8R8, "dxt1 c0");
    CHECK(dec(TX_FMT_DXT1, 0, b, 1, 0, NULL) == 0xffff0000u, "dxt1 c1");
    CHECK(dec(TX_FMT_DXT1, 0, b, 2, 0, NULL) == 0xff5500aau, "dxt1 2/3 c0");
    CHECK(dec(TX_FMT_DXT1, 0, b, 3, 0, NULL) == 0xffaa0055u, "dxt1 1/3 c0");
    /* A third-point that is not an integer: c0 = R5 1 (8 bits: 8), c1 = 0.
     * Index 2: (2*1 + 0) * 22 >> 3 = 5 (5.5 truncated); index 3: (2*0 + 1)
     * * 22 >> 3 = 2 (2.75 truncated; the exact 8/3 = 2.67 would round to 3). */
    put16(b, 0x0800);
    put16(b + 2, 0x0000);
    CHECK((dec(TX_FMT_DXT1, 0, b, 2, 0, NULL) & 0xff) == 5, "dxt1 R third 5.5 -> 5");
    CHECK((dec(TX_FMT_DXT1, 0, b, 3, 0, NULL) & 0xff) == 2, "dxt1 R third 2.75 -> 2");
    /* Green, from the 8-bit widened values: c0 = G6 47 (0x05e0, G8 190),
     * c1 = 0, gd = -190, gd / 4 = -47 (toward zero).  Index 2: (256*190 -
     * 47 + 128 - 80*190) >> 8 = 33521 >> 8 = 130 (exact 2/3: 126.67);
     * index 3: (0 + 47 + 128 + 80*190) >> 8 = 15375 >> 8 = 60 (exact
     * 63.33).  Both are texels of hw/h200 case b-bc1-pt. */
    put16(b, 0x05e0);
    CHECK((dec(TX_FMT_DXT1, 0, b, 2, 0, NULL) >> 8 & 0xff) == 130, "dxt1 G third 130");
    CHECK((dec(TX_FMT_DXT1, 0, b, 3, 0, NULL) >> 8 & 0xff) == 60, "dxt1 G third 60");
    /* Three-colour mode (c0 <= c1): index 2 = the midpoint, R (0 + 1) * 33
     * >> 3 = 4; index 3 = transparent black.  c0 = 0x0000, c1 = 0x0800 (R5
     * 1).  Texel (1, 1) is texel 5: index bits 11:10. */
    put16(b, 0x0000);
    put16(b + 2, 0x0800);
    put32(b + 4, 2u << 10 | 3u << 12);
    CHECK(dec(TX_FMT_DXT1, 0, b, 1, 1, NULL) == 0xff000004u, "dxt1 3-colour midpoint");
    /* Green midpoint: c1 = G6 63 (G8 255), gd = 255: (0 + 63 + 128 +
     * 128*255) >> 8 = 32831 >> 8 = 128 (exact 127.5). */
    put16(b + 2, 0x07e0);
    CHECK(dec(TX_FMT_DXT1, 0, b, 1, 1, NULL) == 0xff008000u, "dxt1 3-colour G midpoint");
    put16(b + 2, 0x0800);
    CHECK(dec(TX_FMT_DXT1, 0, b, 2, 1, NULL) == 0x00000000u, "dxt1 transparent");
    /* Equal endpoints are the three-colour mode too. */
    put16(b, 0x07e0);
    put16(b + 2, 0x07e0);
    CHECK(dec(TX_FMT_DXT1, 0, b, 2, 1, NULL) == 0u, "dxt1 c0 == c1: index 3 transparent");
    /* The texel comes out as A8B8G8R8 and converts as UNORM8: 170 -> 2/3. */
    tx_fmt_desc d = {TX_FMT_DXT1, {TX_DT_UNORM, TX_DT_UNORM, TX_DT_UNORM, TX_DT_UNORM},
                     {TX_SWZ_R, TX_SWZ_G, TX_SWZ_B, TX_SWZ_A}, 0};
    uint32_t o[4];
    put16(b, 0xf800);
    put16(b + 2, 0x001f);
    put32(b + 4, 0x000000e4u);
    tx_format_decode_at(&d, b, 2, 0, 1, o, NULL);
    CHECK(o[0] == f32_bits(170.0f / 255.0f) && o[1] == 0 && o[2] == f32_bits(85.0f / 255.0f) &&
          o[3] == 0x3f800000u, "dxt1 through the format stage");
    /* Not fetched (out of bounds): the substitute's zero texel, A = 0. */
    tx_format_decode_at(&d, b, 2, 0, 0, o, NULL);
    CHECK(o[0] == 0 && o[1] == 0 && o[2] == 0 && o[3] == 0, "dxt1 out of bounds reads 0");
    /* sRGB: R, G, B through the sRGB table, A linear. */
    d.srgb = 1;
    tx_format_decode_at(&d, b, 2, 0, 1, o, NULL);
    CHECK(o[0] == tx_srgb_to_f32(170) && o[2] == tx_srgb_to_f32(85) && o[3] == 0x3f800000u,
          "dxt1 srgb");
    CHECK(tx_fmt_srgb_active(&d), "dxt1 srgb active");
}

static void test_dxt23_45(void)
{
    uint8_t b[16] = {0};
    /* DXT23: texel 9 (x 1, y 2) has 4-bit alpha 0xa -> 0xaa; texel 0 has
     * 0x3 -> 0x33.  Colour block with c0 <= c1 still interpolates four
     * colours: c0 = 0, c1 = 0x001f (B 255): index 2 = 2/3*0 + 1/3*255 = 85. */
    put32(b, 0x3u);
    put32(b + 4, 0xau << 4);
    put16(b + 8, 0x0000);
    put16(b + 10, 0x001f);
    put32(b + 12, 2u << 18);           /* texel 9: index 2 */
    CHECK(dec(TX_FMT_DXT23, 0, b, 1, 2, NULL) == 0xaa550000u, "dxt23 texel 9");
    CHECK(dec(TX_FMT_DXT23, 0, b, 0, 0, NULL) == 0x33000000u, "dxt23 texel 0");
    CHECK(tx_bcn_block_bytes(TX_FMT_DXT23) == 16 && tx_fmt_bytes(TX_FMT_DXT23) == 16, "dxt23 bytes");

    /* DXT45 alpha: a0 = 200 > a1 = 60: eight values; index 2 = one step
     * from a0: 200 - ((289*140 + 1024) >> 11) = 200 - 20 = 180; index 7 =
     * one step from a1: 60 + 20 = 80.  a0 <= a1 (60, 200): index 2 = 60 +
     * ((385*140 + 1024) >> 11) = 60 + 26 = 86 (exact fifth: 88); index 6 =
     * 0; index 7 = 255. */
    memset(b, 0, sizeof b);
    b[0] = 200;
    b[1] = 60;
    b[2] = 2 | 7 << 3;                 /* texel 0: 2, texel 1: 7 */
    CHECK(dec(TX_FMT_DXT45, 0, b, 0, 0, NULL) >> 24 == 180, "dxt45 a 6:1");
    CHECK(dec(TX_FMT_DXT45, 0, b, 1, 0, NULL) >> 24 == 80, "dxt45 a 1:6");
    b[0] = 60;
    b[1] = 200;
    b[2] = 2 | 6 << 3 | (7 & 3) << 6;
    b[3] = 7 >> 2;                     /* texel 2: index 7, split over bytes 2 and 3 */
    CHECK(dec(TX_FMT_DXT45, 0, b, 0, 0, NULL) >> 24 == 86, "dxt45 a 4:1 of 5");
    CHECK(dec(TX_FMT_DXT45, 0, b, 1, 0, NULL) >> 24 == 0, "dxt45 a index 6 = 0");
    CHECK(dec(TX_FMT_DXT45, 0, b, 2, 0, NULL) >> 24 == 255, "dxt45 a index 7 = 255");
    /* Texel 15 (x 3, y 3): index bits 47:45 of the 48-bit field = byte 7 bits 7:5. */
    b[7] = 1u << 5;
    CHECK(dec(TX_FMT_DXT45, 0, b, 3, 3, NULL) >> 24 == 200, "dxt45 texel 15 index 1");
    /* Six values, two steps (hw/h200 b-bc3-pt): a0 = 114, a1 = 219, d = 105.
     * Index 3 = 114 + ((2*385*105 + 1024) >> 11) = 114 + 39 = 153; index 4
     * starts from a1: 219 - 39 = 180 (exact fifths: 156, 177). */
    memset(b, 0, sizeof b);
    b[0] = 114;
    b[1] = 219;
    b[2] = 3 | 4 << 3;
    CHECK(dec(TX_FMT_DXT45, 0, b, 0, 0, NULL) >> 24 == 153, "dxt45 a six-value index 3");
    CHECK(dec(TX_FMT_DXT45, 0, b, 1, 0, NULL) >> 24 == 180, "dxt45 a six-value index 4");
}

static void test_dxn(void)
{
    uint8_t b[16] = {0};
    int sub;
    /* DXN1 UNORM, 16-bit codes: r0 = 255 > r1 = 0: index 5 = four sevenths
     * from r0: 255*257 + 4*36*(0 - 255) = 65535 - 36720 = 28815. */
    b[0] = 255;
    b[1] = 0;
    b[2] = 5;
    CHECK(dec(TX_FMT_DXN1, 0, b, 0, 0, &sub) == 28815 && sub == TX_FMT_R16, "dxn1 unorm 3/7");
    /* SNORM: r0 = 100, r1 = -128 (reads -127).  Widened: 100 -> 100 << 8 |
     * 100 << 1 | 100 >> 6 = 25801, -127 -> -32767.  Index 2 = 25801 +
     * 36*(-227) = 17629; index 4 = four sevenths from r1: -32767 + 144*227 =
     * -79. */
    b[0] = 100;
    b[1] = 0x80;
    b[2] = 2 | 4 << 3;
    CHECK(dec(TX_FMT_DXN1, 1, b, 0, 0, NULL) == 17629, "dxn1 snorm 6:1");
    CHECK(dec(TX_FMT_DXN1, 1, b, 1, 0, NULL) == (uint16_t)-79, "dxn1 snorm 4:3");
    /* -128 as index 1 endpoint reads -127 (-32767, 0x8001). */
    b[2] = 1;
    CHECK(dec(TX_FMT_DXN1, 1, b, 0, 0, NULL) == 0x8001, "dxn1 snorm -128 -> -127");
    /* Six-value mode, signed: r0 = -50 <= r1 = 50: index 3 = -50*258 +
     * 2*48*100 = -3300; index 6 = -32767; index 7 = 32767. */
    b[0] = (uint8_t)-50;
    b[1] = 50;
    b[2] = 3 | 6 << 3 | (7 & 3) << 6;
    b[3] = 7 >> 2;
    CHECK(dec(TX_FMT_DXN1, 1, b, 0, 0, NULL) == (uint16_t)-3300, "dxn1 snorm 3:2 of 5");
    CHECK(dec(TX_FMT_DXN1, 1, b, 1, 0, NULL) == 0x8001, "dxn1 snorm index 6");
    CHECK(dec(TX_FMT_DXN1, 1, b, 2, 0, NULL) == 0x7fff, "dxn1 snorm index 7");
    /* Unsigned reading of the same block: 206 > 50, eight values:
     * index 3 = 206*257 + 2*36*(50 - 206) = 41710. */
    CHECK(dec(TX_FMT_DXN1, 0, b, 0, 0, NULL) == 41710, "dxn1 unorm 5:2");
    /* DXN2: R from bytes 0-7, G from bytes 8-15. */
    memset(b, 0, sizeof b);
    b[0] = 10;
    b[8] = 20;
    b[9] = 30;
    b[10] = 1;
    CHECK(dec(TX_FMT_DXN2, 0, b, 0, 0, &sub) == (7710u << 16 | 2570u) && sub == TX_FMT_R16G16,
          "dxn2");
    /* Through the format stage as SNORM16: -127 -> -32767 -> -1.0. */
    tx_fmt_desc d = {TX_FMT_DXN1, {TX_DT_SNORM, TX_DT_SNORM, TX_DT_SNORM, TX_DT_SNORM},
                     {TX_SWZ_R, TX_SWZ_G, TX_SWZ_B, TX_SWZ_A}, 0};
    uint32_t o[4];
    memset(b, 0, sizeof b);
    b[0] = 0x81;
    tx_format_decode_at(&d, b, 0, 0, 1, o, NULL);
    CHECK(o[0] == 0xbf800000u && o[1] == 0 && o[3] == 0x3f800000u, "dxn1 snorm -1.0");
    /* UNORM 200 -> 51400 -> 51400 / 65535 = 200 / 255. */
    d.dtype[0] = d.dtype[1] = d.dtype[2] = d.dtype[3] = TX_DT_UNORM;
    b[0] = 200;
    tx_format_decode_at(&d, b, 0, 0, 1, o, NULL);
    CHECK(o[0] == f32_bits(200.0f / 255.0f), "dxn1 unorm endpoint 200/255");
}

static void test_etc2(void)
{
    uint8_t b[16] = {0};
    /* Individual mode, flip 0: R1 = 0xa, R2 = 0x5, G1 = 0x3, G2 = 0xc,
     * B1 = 0x0, B2 = 0xf; table codewords 1 (sub 1) and 7 (sub 2).  Texel
     * (0, 0): subblock 1, index 0 (+5): (170+5, 51+5, 0+5) = (175, 56, 5).
     * Texel (3, 1) is number 13: set MSB (bit 29) and LSB (bit 13) -> index
     * 3 = -183 in subblock 2: (85-183, 204-183, 255-183) -> (0, 21, 72). */
    uint64_t w = 0xaull << 60 | 0x5ull << 56 | 0x3ull << 52 | 0xcull << 48 | 0x0ull << 44 |
                 0xfull << 40 | 1ull << 37 | 7ull << 34 | 1ull << 29 | 1ull << 13;
    putbe64(b, w);
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 0, 0, NULL) == 0xff0538afu, "etc2 individual (0,0)");
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 3, 1, NULL) == 0xff481500u, "etc2 individual (3,1)");
    /* Differential mode: R 5-bit 16, dR = +3 -> 19; G 8 dG -1 -> 7; B 0 dB
     * 0; flip 1 (top/bottom); codewords 0 and 2.  Texel (2, 3) is in the
     * bottom subblock: base (19, 7, 0) -> (156, 57, 0); index 1 (+29) ->
     * (185, 86, 29).  Number 11: LSB bit 11. */
    w = 16ull << 59 | 3ull << 56 | 8ull << 51 | 7ull << 48 | 0ull << 43 | 0ull << 40 |
        0ull << 37 | 2ull << 34 | 1ull << 33 | 1ull << 32 | 1ull << 11;
    putbe64(b, w);
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 2, 3, NULL) == 0xff1d56b9u, "etc2 differential (2,3)");
    /* Top subblock, (0, 0), index 0: base 16 -> 132, 8 -> 66, 0: +2. */
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 0, 0, NULL) == 0xff024486u, "etc2 differential (0,0)");
    /* Planar: R 5-bit 31 + dR 1 overflows? No: planar needs B to overflow
     * only.  Build: RO = 63 (bits 62:57), GO = 0, BO = 0; RH = 0, GH = 127,
     * BH = 0; RV = 0, GV = 0, BV = 63.  The differential view: R = bits
     * 63:59 = 0b01111 = 15, dR bits 58:56 = 0b110 = -2 -> 13 fine; G bits
     * 55:51 = 0, dG 50:48 = 0; B bits 47:43 = 0, dB = bits 42:40 must make
     * B overflow: set bits 42:40 = 0b100 (-4) -> -4.  Bit 42 is not a
     * planar field (bits 47:45 and 42 are free).  diff bit 33 = 1.
     * Texel (x, y): R = (x*(0-255) + y*(0-255) + 4*255 + 2) >> 2, G = (x*255 + 2) >> 2,
     * B = (y*255 + 2) >> 2.  (1, 2): R = (-255 - 510 + 1022) >> 2 = 64;
     * G = 257 >> 2 = 64; B = 512 >> 2 = 128. */
    w = 63ull << 57 | 4ull << 40 | 1ull << 33 | 127ull << 25 | 63ull;
    putbe64(b, w);
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 1, 2, NULL) == 0xff804040u, "etc2 planar (1,2)");
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 3, 3, NULL) == 0xffbfbf00u, "etc2 planar (3,3) clamps R");
    /* T mode: R overflows.  bits 63:59 = 0b11100 (28) and dR = 0b100 (-4)?
     * 28 - 4 = 24, no.  Use R = 0b00011 (3), dR = 0b100 (-4) -> -1: T.
     * Then R1 = bits 60:59 (0b11) . bits 57:56 (0b00) = 0xc -> 204;
     * G1 = bits 55:52, B1 = 51:48, R2 = 47:44 = 0x8 (136), G2 = 43:40 =
     * 0x8, B2 = 39:36 = 0x8; distance index bits 35:34 = 0b01, bit 32 = 1
     * -> 3 -> 16.  Texel (0,0) index 0: c1 = (204, 0, 0); texel (0,1)
     * index 1: c2 + 16 = (152, 152, 152); index 3: c2 - 16 = 120. */
    w = 3ull << 59 | 4ull << 56 | 0x8ull << 44 | 0x8ull << 40 | 0x8ull << 36 | 1ull << 34 |
        1ull << 33 | 1ull << 32 | 1ull << 1 | 1ull << 2 | 1ull << 18;
    putbe64(b, w);
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 0, 0, NULL) == 0xff0000ccu, "etc2 T c1");
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 0, 1, NULL) == 0xff989898u, "etc2 T c2+d");
    CHECK(dec(TX_FMT_ETC2_RGB, 0, b, 0, 2, NULL) == 0xff787878u, "etc2 T c2-d");
    /* Punch-through, opaque bit 0, T mode: index 2 is transparent black. */
    w &= ~(1ull << 33);
    w |= 1ull << 19;                   /* texel 3: MSB only -> index 2 */
    putbe64(b, w);
    CHECK(dec(TX_FMT_ETC2_RGB_PTA, 0, b, 0, 3, NULL) == 0u, "etc2 pta transparent");
    CHECK(dec(TX_FMT_ETC2_RGB_PTA, 0, b, 0, 0, NULL) == 0xff0000ccu, "etc2 pta opaque texel");
    /* Punch-through differential with opaque 0: indices 0 and 2 have no
     * modifier; index 1 keeps it.  Block of the differential case above
     * with bit 33 cleared: texel (2, 3) index 1 -> (185, 86, 29). */
    w = 16ull << 59 | 3ull << 56 | 8ull << 51 | 7ull << 48 | 2ull << 34 | 1ull << 32 | 1ull << 11;
    putbe64(b, w);
    CHECK(dec(TX_FMT_ETC2_RGB_PTA, 0, b, 2, 3, NULL) == 0xff1d56b9u, "etc2 pta index 1");
    CHECK(dec(TX_FMT_ETC2_RGB_PTA, 0, b, 0, 0, NULL) == 0xff004284u, "etc2 pta index 0: base");
}

static void test_eac(void)
{
    uint8_t b[16] = {0};
    int sub;
    /* ETC2_RGBA alpha: base 100, multiplier 3, table 13 ({-1,-2,-3,-10,
     * 0,1,2,9}); texel (0,0) index 7 (bits 47:45): 100 + 9*3 = 127. */
    putbe64(b, 100ull << 56 | 3ull << 52 | 13ull << 48 | 7ull << 45);
    putbe64(b + 8, 0);                 /* colour: individual, all 0 */
    CHECK(dec(TX_FMT_ETC2_RGBA, 0, b, 0, 0, NULL) == 0x7f020202u, "etc2 rgba alpha");
    /* EAC unsigned: base 100, mul 3, table 13, index 3 (-10) at texel
     * (0, 1) (number 1, bits 44:42): 100*8 + 4 - 10*3*8 = 564; widened:
     * (564 << 5) | (564 >> 6) = 18048 + 8 = 18056. */
    putbe64(b, 100ull << 56 | 3ull << 52 | 13ull << 48 | 3ull << 42);
    CHECK(dec(TX_FMT_EAC, 0, b, 0, 1, &sub) == 18056 && sub == TX_FMT_R16, "eac unorm");
    /* Multiplier 0: modifier counts 1/8: 100*8 + 4 - 10 = 794 ->
     * (794 << 5) | (794 >> 6) = 25408 + 12 = 25420. */
    putbe64(b, 100ull << 56 | 0ull << 52 | 13ull << 48 | 3ull << 42);
    CHECK(dec(TX_FMT_EAC, 0, b, 0, 1, NULL) == 25420, "eac unorm mul 0");
    /* Signed: base -128 reads -127; mul 15, table 0, index 3 (-15):
     * -127*8 - 15*15*8 = -2816 -> clamps to -1023 -> -((1023 << 5) | 31) =
     * -32767 = 0x8001. */
    putbe64(b, 0x80ull << 56 | 15ull << 52 | 0ull << 48 | 3ull << 45);
    CHECK(dec(TX_FMT_EAC, 1, b, 0, 0, NULL) == 0x8001u, "eac snorm clamp");
    /* Signed positive: base 10, mul 1, table 0, index 4 (+2): 80 + 16 = 96
     * -> (96 << 5) | (96 >> 5) = 3072 + 3 = 3075. */
    putbe64(b, 10ull << 56 | 1ull << 52 | 4ull << 45);
    CHECK(dec(TX_FMT_EAC, 1, b, 0, 0, NULL) == 3075, "eac snorm");
    /* EACX2: R then G block. */
    putbe64(b + 8, 255ull << 56 | 0ull << 52 | 14ull << 48 | 7ull << 45);
    /* G: 255*8 + 4 + 8 = 2052 -> 2047 -> 0xffff. */
    CHECK(dec(TX_FMT_EACX2, 0, b, 0, 0, &sub) >> 16 == 0xffffu && sub == TX_FMT_R16G16, "eacx2");
}

static void test_tables(void)
{
    static const int c8[] = {TX_FMT_DXT1, TX_FMT_DXN1, TX_FMT_ETC2_RGB, TX_FMT_ETC2_RGB_PTA,
                             TX_FMT_EAC};
    static const int c16[] = {TX_FMT_DXT23, TX_FMT_DXT45, TX_FMT_DXN2, TX_FMT_ETC2_RGBA,
                              TX_FMT_EACX2};
    for (unsigned i = 0; i < 5; i++) {
        CHECK(tx_fmt_bytes(c8[i]) == 8, "8-byte block 0x%x", c8[i]);
        CHECK(tx_fmt_bytes(c16[i]) == 16, "16-byte block 0x%x", c16[i]);
    }
    for (int c = 0x40; c <= 0x57; c++)
        CHECK(tx_fmt_is_astc(c) && tx_fmt_bytes(c) == 0, "astc 0x%x refused", c);
    CHECK(!tx_fmt_is_astc(0x3f) && !tx_fmt_is_astc(0x58), "astc range");
    CHECK(tx_fmt_from_name("DXT1") == 0x24 && tx_fmt_from_name("EACX2") == 0x1a, "names");
}

/* Layout: a 10x6 DXT1 texture is 3x2 blocks of 8 bytes; pitch addresses
 * count blocks; mips round up (level 1: 5x3 texels = 2x1 blocks). */
static void test_layout(void)
{
    tx_tic t;
    tx_layout L;
    uint64_t a;
    memset(&t, 0, sizeof t);
    t.components = TX_FMT_DXT1;
    t.version = TX_TIC_PITCH;
    t.texture_type = TX_TEX_2D;
    t.address = 0x100000;
    t.pitch = 64;
    t.width_minus_one = 9;
    t.height_minus_one = 5;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0 && L.blk && L.bpp == 8, "dxt1 pitch layout");
    CHECK(tx_addr_texel(&L, 0, 9, 5, 0, 0, 0, &a) == 0 && a == 0x100000 + 64 + 2 * 8,
          "texel (9,5) is in block (2,1)");
    CHECK(tx_addr_texel(&L, 0, 3, 3, 0, 0, 0, &a) == 0 && a == 0x100000, "texel (3,3) block 0");
    CHECK(tx_addr_texel(&L, 0, 10, 0, 0, 0, 0, &a) == 1, "x = w is out of bounds");
    /* Block-linear 2 levels: 10x6 DXT45 (16-byte blocks): level 0 is 3x2
     * blocks = 48 bytes a row -> 1 GOB wide, 1 GOB tall (bh auto 0): 512;
     * level 1 at offset 512. */
    t.components = TX_FMT_DXT45;
    t.version = TX_TIC_BLOCKLINEAR;
    t.gobs_per_block_height = 4;
    t.max_mip_level = 1;
    t.res_view_max_mip_level = 1;
    CHECK(tx_layout_build(&t, TX_GOB_TEGRA, &L) == 0 && L.lv[1].offset == 512 &&
          L.lv[0].bh == 0 && L.lv[0].gw == 1, "dxt45 block-linear levels");
    /* Block (1, 1) of level 0: byte column 16, row 1 -> tegra offset
     * x4=1 (bit 5), y0=1 (bit 4): 0x30. */
    CHECK(tx_addr_texel(&L, 0, 5, 6 - 1, 0, 0, 0, &a) == 0 && a == 0x100000 + 0x30,
          "dxt45 block (1,1) in the GOB");
    /* Level 1 is 5x3 texels = 2x1 blocks: texel (4, 2) is block (1, 0). */
    CHECK(tx_addr_texel(&L, 1, 4, 2, 0, 0, 0, &a) == 0 && a == 0x100000 + 512 + 0x20,
          "level 1 texel (4,2) is block (1,0)");
    CHECK(tx_addr_texel(&L, 1, 5, 0, 0, 0, 0, &a) == 1, "level 1 x = 5 out of bounds");
}

/* --ref FILE: texcosim against the reference decoders' texels written by
 * tests/extra/bcn_ref.py (format of the lines there).  Every texel must be
 * within the line's bound; the report counts exact matches per format and
 * reference.  Lines of the tool "measured" hold the substitute texel's bytes
 * (DXN: 16-bit codes) and are compared byte for byte. */
static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static int ref_check(const char *path)
{
    static const struct { const char *name; int code; } fm[] = {
        {"dxt1", TX_FMT_DXT1}, {"dxt23", TX_FMT_DXT23}, {"dxt45", TX_FMT_DXT45},
        {"dxn1", TX_FMT_DXN1}, {"dxn2", TX_FMT_DXN2}, {"dxn1s", TX_FMT_DXN1},
        {"dxn2s", TX_FMT_DXN2}, {"etc2", TX_FMT_ETC2_RGB},
        {"etc2pta", TX_FMT_ETC2_RGB_PTA}, {"etc2a", TX_FMT_ETC2_RGBA}, {"eac", TX_FMT_EAC},
        {"eacx2", TX_FMT_EACX2},
    };
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("FAIL cannot open %s\n", path);
        return 1;
    }
    char line[1024], fmt[16], tool[32], hex[40];
    long blocks = 0, texels = 0, exact = 0, bad = 0;
    int maxd = 0;
    while (fgets(line, sizeof line, f)) {
        int bound, pos, code = -1, sign;
        if (sscanf(line, "%15s %31s %d %39s%n", fmt, tool, &bound, hex, &pos) != 4)
            continue;
        for (unsigned k = 0; k < sizeof fm / sizeof fm[0]; k++)
            if (!strcmp(fm[k].name, fmt))
                code = fm[k].code;
        size_t nb = strlen(hex) / 2;
        uint8_t blk[16] = {0};
        if (code < 0 || nb != (size_t)tx_bcn_block_bytes(code)) {
            printf("FAIL bad reference line: %s", line);
            bad++;
            continue;
        }
        for (size_t k = 0; k < nb; k++)
            blk[k] = (uint8_t)(hexval(hex[2 * k]) << 4 | hexval(hex[2 * k + 1]));
        blocks++;
        sign = !strcmp(fmt, "dxn1s") || !strcmp(fmt, "dxn2s");
        const int raw = !strcmp(tool, "measured");
        const char *p = line + pos;
        for (unsigned i = 0; i < 16; i++) {
            char t[16];
            int n;
            if (sscanf(p, "%15s%n", t, &n) != 1)
                break;
            p += n;
            uint8_t tex[16], mine[4];
            int nch = (int)strlen(t) / 2;
            tx_bcn_decode(code, sign, blk, i % 4, i / 4, tex);
            if (raw) {
                memcpy(mine, tex, 4);
            } else if (code == TX_FMT_DXN1 || code == TX_FMT_DXN2) {
                /* 16-bit codes to the nearest 8-bit code, c / 257 rounded. */
                for (int c = 0; c < 2; c++) {
                    unsigned v16 = (unsigned)tex[2 * c] | (unsigned)tex[2 * c + 1] << 8;
                    mine[c] = (uint8_t)((v16 * 2u / 257u + 1u) >> 1);
                }
            } else if (code == TX_FMT_EAC || code == TX_FMT_EACX2) {
                mine[0] = tex[1];   /* top 8 bits of the widened value = v11 >> 3 */
                mine[1] = tex[3];
            } else {
                memcpy(mine, tex, 4);
            }
            int worst = 0;
            for (int c = 0; c < nch && c < 4; c++) {
                int r = hexval(t[2 * c]) << 4 | hexval(t[2 * c + 1]);
                int d = abs(r - mine[c]);
                worst = d > worst ? d : worst;
            }
            texels++;
            exact += worst == 0;
            maxd = worst > maxd ? worst : maxd;
            if (worst > bound) {
                if (bad < 10)
                    printf("FAIL %s (%s) block %s texel %u: %s, texcosim %02x%02x%02x%02x\n", fmt,
                           tool, hex, i, t, mine[0], mine[1], mine[2], mine[3]);
                bad++;
            }
        }
    }
    fclose(f);
    CHECK(blocks > 0, "reference file has blocks");
    CHECK(bad == 0, "%ld texels beyond their bound", bad);
    printf("reference: %ld blocks, %ld texels, %ld exact, largest difference %d\n", blocks,
           texels, exact, maxd);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--ref")) {
        ref_check(argv[2]);
        printf("test_bcn: %d passed, %d failed\n", check_pass, check_fail);
        return check_fail ? 1 : 0;
    }
    test_dxt1();
    test_dxt23_45();
    test_dxn();
    test_etc2();
    test_eac();
    test_tables();
    test_layout();
    printf("test_bcn: %d passed, %d failed\n", check_pass, check_fail);
    return check_fail ? 1 : 0;
}
