/*
 * test_bptc.c - the BC6H and BC7 decoders (cmodel/bc6.c, cmodel/bc7.c).
 *
 * 1. Blocks written here field by field from the BPTC definition (D3D11.3
 *    BC6H/BC7, Khronos ARB_texture_compression_bptc), with the expected texels
 *    worked out by hand from the same rules (the arithmetic is in comments).
 * 2. The shared tables against properties the definition states.
 * 3. Reference texels of real encoder output and random blocks of every mode,
 *    decoded by independent decoders (tests/extra/bptc_ref.py: bcdec via
 *    imagecodecs, texture2ddecoder): tests/unit/bptc_ref.txt is a checked-in
 *    sample; `test_bptc --ref FILE` checks a fresh file (tests/extra/bptc_ref.sh).
 */
#include <stdlib.h>
#include "check.h"
#include "bptc.h"

/* Write n bits of v at block bit 'at' (little-endian 128-bit block). */
static void put(uint8_t b[16], unsigned at, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned p = at + i;
        b[p >> 3] = (uint8_t)((b[p >> 3] & ~(1u << (p & 7))) | (((v >> i) & 1) << (p & 7)));
    }
}

static void bc7_at(const uint8_t b[16], unsigned x, unsigned y, uint8_t out[4])
{
    uint8_t t[16];
    int code = tx_bc7_decode(0x17, b, x, y, 0, t);
    CHECK(code == 0x08, "bc7 substitute code %d", code);
    memcpy(out, t, 4);
    for (int i = 4; i < 16; i++)
        CHECK(t[i] == 0, "bc7 texel byte %d not 0", i);
}

static void bc6_at(int comp, const uint8_t b[16], unsigned x, unsigned y, uint16_t out[3])
{
    uint8_t t[16];
    int code = tx_bc6_decode(comp, b, x, y, 0, t);
    CHECK(code == 0x03, "bc6 substitute code %d", code);
    for (int c = 0; c < 3; c++)
        out[c] = (uint16_t)(t[2 * c] | t[2 * c + 1] << 8);
    CHECK(t[6] == 0x00 && t[7] == 0x3c, "bc6 alpha %02x%02x, want 3c00", t[7], t[6]);
}

#define EXPECT4(got, a, b_, c, d, what)                                                   \
    CHECK(got[0] == (a) && got[1] == (b_) && got[2] == (c) && got[3] == (d),               \
          "%s: got %u %u %u %u want %u %u %u %u", what, got[0], got[1], got[2], got[3],     \
          (unsigned)(a), (unsigned)(b_), (unsigned)(c), (unsigned)(d))
#define EXPECT3(got, a, b_, c, what)                                                       \
    CHECK(got[0] == (a) && got[1] == (b_) && got[2] == (c),                               \
          "%s: got %04x %04x %04x want %04x %04x %04x", what, got[0], got[1], got[2],       \
          (unsigned)(a), (unsigned)(b_), (unsigned)(c))

static void hand_bc7(void)
{
    uint8_t b[16], o[4];

    /* Mode 6: bits 0-6 = 0000001, R0 R1 G0 G1 B0 B1 A0 A1 (7 bits each) at
     * 7..62, P0 at 63, P1 at 64, then 4-bit indices (3 for texel 0).
     * R0 = 127, R1 = 0, G0 = 0, G1 = 127, B0 = B1 = 64, A0 = A1 = 127, P0 = 1,
     * P1 = 0.  Endpoints (value << 1 | P, 8 bits): R 255 / 0, G 1 / 254,
     * B 129 / 128, A 255 / 254. */
    memset(b, 0, 16);
    put(b, 0, 7, 0x40);
    unsigned at = 7;
    const unsigned f6[8] = {127, 0, 0, 127, 64, 64, 127, 127};
    for (int i = 0; i < 8; i++, at += 7)
        put(b, at, 7, f6[i]);
    put(b, 63, 1, 1);
    put(b, 64, 1, 0);
    /* texel 0 at 65 (3 bits) = 0; texel 1 at 68 = 15; texel 5 at 68 + 4*4 = 84 = 8. */
    put(b, 68, 4, 15);
    put(b, 84, 4, 8);
    bc7_at(b, 0, 0, o);
    EXPECT4(o, 255, 1, 129, 255, "bc7 mode 6 texel 0 (weight 0)");
    bc7_at(b, 1, 0, o);
    EXPECT4(o, 0, 254, 128, 254, "bc7 mode 6 texel 1 (weight 64)");
    /* Weight 34: (30*255 + 32) >> 6 = 120; (30*1 + 34*254 + 32) >> 6 = 135;
     * (30*129 + 34*128 + 32) >> 6 = 128; (30*255 + 34*254 + 32) >> 6 = 254. */
    bc7_at(b, 1, 1, o);
    EXPECT4(o, 120, 135, 128, 254, "bc7 mode 6 texel 5 (weight 34)");

    /* Mode 4: bits 0-4 = 00001, rotation (5-6) = 1, index selection (7) = 0,
     * colour 5 bits R0 R1 G0 G1 B0 B1 at 8..37, alpha 6 bits A0 A1 at 38..49,
     * 2-bit indices at 50 (texel 0: 1 bit), 3-bit indices at 81 (texel 0: 2).
     * R 31 / 0 -> 255 / 0, G 0 / 31 -> 0 / 255, B 16 / 16 -> 132, A 0 / 63 -> 0 / 255. */
    memset(b, 0, 16);
    put(b, 0, 5, 0x10);
    put(b, 5, 2, 1);
    put(b, 7, 1, 0);
    const unsigned f4[6] = {31, 0, 0, 31, 16, 16};
    for (int i = 0; i < 6; i++)
        put(b, 8 + 5 * i, 5, f4[i]);
    put(b, 38, 6, 0);
    put(b, 44, 6, 63);
    /* texel 3: primary at 50 + 1 + 2*2 = 55 -> 2 (weight 43); secondary at
     * 81 + 2 + 3*2 = 89 -> 5 (weight 46). */
    put(b, 55, 2, 2);
    put(b, 89, 3, 5);
    /* Colour from the 2-bit set, alpha from the 3-bit set: R (21*255 + 32) >> 6
     * = 84, G (43*255 + 32) >> 6 = 171, B 132, A (46*255 + 32) >> 6 = 183;
     * rotation 1 swaps A and R. */
    bc7_at(b, 3, 0, o);
    EXPECT4(o, 183, 171, 132, 84, "bc7 mode 4 rotation 1 texel 3");
    bc7_at(b, 0, 0, o);
    EXPECT4(o, 0, 0, 132, 255, "bc7 mode 4 rotation 1 texel 0");
    /* Index selection 1: colour from the 3-bit set (weight 46), alpha from the
     * 2-bit set (weight 43): R (18*255 + 32) >> 6 = 72, G (46*255 + 32) >> 6 =
     * 183, A (43*255 + 32) >> 6 = 171, then A <-> R. */
    put(b, 7, 1, 1);
    bc7_at(b, 3, 0, o);
    EXPECT4(o, 171, 183, 132, 72, "bc7 mode 4 index selection 1 texel 3");

    /* The reserved mode (no bit set in byte 0) decodes to 0, 0, 0, 0. */
    memset(b, 0xa5, 16);
    b[0] = 0;
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            bc7_at(b, x, y, o);
            EXPECT4(o, 0, 0, 0, 0, "bc7 reserved mode");
        }
}

static void hand_bc6(void)
{
    uint8_t b[16];
    uint16_t o[3];

    /* Mode 3 (m[4:0] = 00011): one subset, 10-bit endpoints, not
     * transformed: r0 g0 b0 r1 g1 b1 at 5, 15, ..., 55; indices from 65.
     * UF16: r0 = 0, r1 = 1023 (max -> 0xffff), g0 = g1 = 512, b0 = 1, b1 = 0.
     * unq(512) = ((512 << 15) + 0x4000) >> 9 = 32800, unq(1) = 96. */
    memset(b, 0, 16);
    put(b, 0, 5, 3);
    const unsigned f3[6] = {0, 512, 1, 1023, 512, 0};
    for (int i = 0; i < 6; i++)
        put(b, 5 + 10 * i, 10, f3[i]);
    /* texel 1 index at 68 = 15, texel 2 at 72 = 8 */
    put(b, 68, 4, 15);
    put(b, 72, 4, 8);
    /* Final scale x * 31 >> 6: 32800 -> 15887 (0x3e0f), 96 -> 46, 0xffff -> 0x7bff. */
    bc6_at(0x11, b, 0, 0, o);
    EXPECT3(o, 0x0000, 0x3e0f, 0x002e, "bc6 uf16 mode 3 texel 0");
    bc6_at(0x11, b, 1, 0, o);
    EXPECT3(o, 0x7bff, 0x3e0f, 0x0000, "bc6 uf16 mode 3 texel 1");
    /* Weight 34: R (34*65535 + 32) >> 6 = 34815 -> 34815*31 >> 6 = 16863
     * (0x41df); B (30*96 + 32) >> 6 = 45 -> 21 (0x15). */
    bc6_at(0x11, b, 2, 0, o);
    EXPECT3(o, 0x41df, 0x3e0f, 0x0015, "bc6 uf16 mode 3 texel 2");

    /* The same bits as SF16: every endpoint is a signed 10-bit value.  r0 =
     * 0 ... use new fields: r0 = 0x3ff (-1), r1 = 511, g 0, b0 = 512 (-512),
     * b1 = 0.  unq(-1) = -96; 511 >= 2^9 - 1 -> 0x7fff; |-512| -> -0x7fff.
     * Final: negative x -> 0x8000 | (|x| * 31 >> 5): -96 -> 0x805d,
     * -0x7fff -> 0xfbff; 0x7fff * 31 >> 5 = 0x7bff. */
    memset(b, 0, 16);
    put(b, 0, 5, 3);
    const unsigned s3[6] = {0x3ff, 0, 512, 511, 0, 0};
    for (int i = 0; i < 6; i++)
        put(b, 5 + 10 * i, 10, s3[i]);
    put(b, 68, 4, 15);
    bc6_at(0x10, b, 0, 0, o);
    EXPECT3(o, 0x805d, 0x0000, 0xfbff, "bc6 sf16 mode 3 texel 0");
    bc6_at(0x10, b, 1, 0, o);
    EXPECT3(o, 0x7bff, 0x0000, 0x0000, "bc6 sf16 mode 3 texel 1");

    /* Mode 11 (01011): one subset, 12-bit base, 8-bit deltas.  Layout:
     * r0[9:0] 5..14, g0[9:0] 15..24, b0[9:0] 25..34, r1[7:0] 35..42,
     * r0[10:11] 43..44 (reversed: bit 43 is r0[11]), g1[7:0] 45..52,
     * g0[10:11] 53..54, b1[7:0] 55..62, b0[10:11] 63..64.
     * r0 = 0x800, r1 = delta -1 -> 0x7ff; g0 = 0, g1 = +127; b0 = 0xfff,
     * b1 = +1 -> 0x1000 wraps to 0.
     * unq (12 bits): 0x800 -> 32776, 0x7ff -> 32760, 127 -> 2040, 0xfff -> 0xffff. */
    memset(b, 0, 16);
    put(b, 0, 5, 11);
    put(b, 43, 1, 1);
    put(b, 35, 8, 0xff);
    put(b, 45, 8, 0x7f);
    put(b, 25, 10, 0x3ff);
    put(b, 63, 2, 3);
    put(b, 55, 8, 0x01);
    put(b, 68, 4, 15);
    /* 32776*31 >> 6 = 15875 (0x3e03); 32760 -> 15868 (0x3dfc); 2040 -> 988 (0x3dc). */
    bc6_at(0x11, b, 0, 0, o);
    EXPECT3(o, 0x3e03, 0x0000, 0x7bff, "bc6 uf16 mode 11 texel 0");
    bc6_at(0x11, b, 1, 0, o);
    EXPECT3(o, 0x3dfc, 0x03dc, 0x0000, "bc6 uf16 mode 11 texel 1");

    /* Reserved modes 19, 23, 27, 31: R = G = B = 0 (A 1.0), both formats. */
    const unsigned rsv[4] = {19, 23, 27, 31};
    for (int i = 0; i < 4; i++) {
        memset(b, 0x5a, 16);
        put(b, 0, 5, rsv[i]);
        CHECK(tx_bc6_mode_index(b) == -1, "mode %u not reserved", rsv[i]);
        bc6_at(0x11, b, 2, 3, o);
        EXPECT3(o, 0, 0, 0, "bc6 uf16 reserved mode");
        bc6_at(0x10, b, 3, 1, o);
        EXPECT3(o, 0, 0, 0, "bc6 sf16 reserved mode");
    }
}

static void tables(void)
{
    /* Texel 0 is in subset 0 in every partition, and every anchor of a
     * subset lies in that subset (D3D11.3: the anchors' index MSB is 0). */
    for (unsigned p = 0; p < 64; p++) {
        CHECK(tx_bptc_subset(2, p, 0) == 0 && tx_bptc_subset(3, p, 0) == 0, "part %u t0", p);
        CHECK(tx_bptc_subset(2, p, tx_bptc_anchor2[p]) == 1, "anchor2 %u", p);
        CHECK(tx_bptc_subset(3, p, tx_bptc_anchor3a[p]) == 1, "anchor3a %u", p);
        CHECK(tx_bptc_subset(3, p, tx_bptc_anchor3b[p]) == 2, "anchor3b %u", p);
    }
    /* Weights: the ends are 0 and 64, strictly increasing. */
    for (unsigned n = 2; n <= 4; n++) {
        CHECK(tx_bptc_weight(n, 0) == 0 && tx_bptc_weight(n, (1u << n) - 1) == 64, "w%u ends", n);
        for (unsigned i = 1; i < (1u << n); i++)
            CHECK(tx_bptc_weight(n, i) > tx_bptc_weight(n, i - 1), "w%u[%u]", n, i);
    }
    /* BC6H layouts: each mode reads every header bit exactly once (2 or 5
     * mode bits, then 75 or 60 field bits; the partition bits follow). */
    for (int mi = 0; mi < 14; mi++) {
        int seen[128] = {0}, nbits = 0;
        for (int f = 0; f < 12; f++)
            for (int k = 0; k < 16; k++) {
                unsigned p = tx_bc6_pos[mi][f][k];
                if (p == 255)
                    continue;
                CHECK(p >= (mi < 2 ? 2u : 5u) && p < (mi < 10 ? 77u : 65u) && !seen[p],
                      "mode index %d bit %u", mi, p);
                if (p < 128)
                    seen[p] = 1;
                nbits++;
            }
        CHECK(nbits == (mi < 2 ? 75 : mi < 10 ? 72 : 60), "mode index %d: %d field bits",
              mi, nbits);
    }
}

/* Compare against a reference file (format in tests/extra/bptc_ref.py). */
static int reference(const char *path, int *nblocks)
{
    FILE *fh = fopen(path, "r");
    if (!fh) {
        printf("FAIL cannot open %s\n", path);
        check_fail++;
        return 0;
    }
    char line[512];
    int lineno = 0, mism = 0;
    *nblocks = 0;
    while (fgets(line, sizeof line, fh)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char fmt[8], hex[40], tx[16][16];
        int n = sscanf(line, "%7s %39s %15s %15s %15s %15s %15s %15s %15s %15s %15s %15s %15s %15s "
                       "%15s %15s %15s %15s", fmt, hex, tx[0], tx[1], tx[2], tx[3], tx[4], tx[5],
                       tx[6], tx[7], tx[8], tx[9], tx[10], tx[11], tx[12], tx[13], tx[14], tx[15]);
        CHECK(n == 18 && strlen(hex) == 32, "%s:%d: malformed line", path, lineno);
        if (n != 18 || strlen(hex) != 32)
            continue;
        uint8_t blk[16];
        for (int i = 0; i < 16; i++) {
            char by[3] = {hex[2 * i], hex[2 * i + 1], 0};
            blk[i] = (uint8_t)strtoul(by, NULL, 16);
        }
        (*nblocks)++;
        for (unsigned t = 0; t < 16; t++) {
            char got[16];
            if (strcmp(fmt, "bc7") == 0) {
                uint8_t o[4];
                bc7_at(blk, t & 3, t >> 2, o);
                snprintf(got, sizeof got, "%02x%02x%02x%02x", o[0], o[1], o[2], o[3]);
            } else {
                uint16_t o[3];
                bc6_at(strcmp(fmt, "bc6s") == 0 ? 0x10 : 0x11, blk, t & 3, t >> 2, o);
                snprintf(got, sizeof got, "%04x%04x%04x", o[0], o[1], o[2]);
            }
            if (strcmp(got, tx[t]) != 0 && mism++ < 20)
                printf("FAIL %s:%d: %s block %s texel %u: model %s, reference %s\n", path,
                       lineno, fmt, hex, t, got, tx[t]);
            if (strcmp(got, tx[t]) != 0)
                check_fail++;
            else
                check_pass++;
        }
    }
    fclose(fh);
    return mism;
}

int main(int argc, char **argv)
{
    int n = 0;
    if (argc == 3 && strcmp(argv[1], "--ref") == 0) {
        int mism = reference(argv[2], &n);
        printf("%d blocks, %d texel mismatches\n", n, mism);
        return check_done("test_bptc --ref");
    }
    hand_bc7();
    hand_bc6();
    tables();
    reference("tests/unit/bptc_ref.txt", &n);
    CHECK(n >= 500, "only %d reference blocks", n);
    return check_done("test_bptc");
}
