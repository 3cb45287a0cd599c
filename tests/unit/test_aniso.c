/*
 * test_aniso.c - the anisotropic footprint, probe count, LOD and probe
 * positions of docs/filtering.md section 14 (cmodel/lod.c), on cases worked
 * out by hand from the rules there.
 */
#include "check.h"
#include "stages.h"

/* Derivatives in texels (times 2^32 in the call); the expectations are
 * worked out from N3-N5 and the L2 table. */
#define T ((int64_t)1 << 32)

static void footprint(int64_t dux, int64_t dvx, int64_t duy, int64_t dvy, unsigned code,
                      unsigned nlog, int32_t lambda, int32_t du, int32_t dv, const char *what)
{
    int64_t d[4] = {dux, dvx, duy, dvy};
    tx_aniso a;
    /* Power-of-two extents: L1's derivatives are these, truncated. */
    tx_aniso_footprint(d, d, tx_aniso_max_log2(code), &a);
    CHECK(a.nlog == nlog && a.lambda == lambda && a.du == du && a.dv == dv,
          "%s: got nlog %u lambda %d axis (%d, %d), want %u %d (%d, %d)", what, a.nlog, a.lambda,
          a.du, a.dv, nlog, lambda, du, dv);
}

int main(void)
{
    /* N2: codes 0..7 -> 1, 2, 4, 6->4, 8, 10->8, 12->8, 16. */
    static const unsigned lg[8] = {0, 1, 2, 2, 3, 3, 3, 4};
    for (unsigned c = 0; c < 8; c++)
        CHECK(tx_aniso_max_log2(c) == lg[c], "max code %u", c);

    /* 4 texels by 1: length 4 (the diagonals are 11/16 (4 + 11/32) < 4),
     * iso = 512; area 4 -> 512; lambda = 512 - 512 = 0; ratio 512 -> N = 4. */
    footprint(4 * T, 0, 0, T, 7, 2, 0, 1024, 0, "4:1");
    /* The same with the 2:1 maximum: lambda kept at iso - 256, N = 2. */
    footprint(4 * T, 0, 0, T, 1, 1, 256, 1024, 0, "4:1 capped at 2");
    /* 3 texels by 1: log2 3 from mantissa 1.5 (q = 128, LOG2_LUT 150) = 406;
     * area 3 -> 406; lambda 0; ratio 406 -> N = 4 (3 rounded up). */
    footprint(3 * T, 0, 0, T, 7, 2, 0, 768, 0, "3:1 rounds up to 4");
    /* Under 6:1 (code 3: 4 probes), a 16:1 footprint: iso 1024, area 16
     * -> 1024 - 1024 = 0, kept at 1024 - 512. */
    footprint(0, 16 * T, T, 0, 3, 2, 512, 0, 4096, "16:1 under 6:1");
    /* Y is the major axis: 1 by 8, iso 768, area 8 -> 0, N = 8. */
    footprint(T, 0, 0, 8 * T, 7, 3, 0, 0, 2048, "Y major 8:1");
    /* A round footprint: one probe, lambda = log2 of the length (2 texels
     * = 256); ties pick X. */
    footprint(2 * T, 0, 0, -2 * T, 7, 0, 256, 512, 0, "round");
    /* Just above 1: 257/256 by 1 -> iso = area log = 2 (q = 1), lambda 0,
     * ratio 2/256 -> N = 2. */
    footprint(T + T / 256, 0, 0, T, 7, 1, 0, 257, 0, "ratio just above 1");
    /* A degenerate minor axis takes the maximum: X = (2, 2): |X| = 2 + 11/32
     * 2 = 2.6875 (q = 88, 110) -> iso 366; lambda 366 - 768 under 10:1
     * (8 probes).  Both zero: N = 1. */
    footprint(2 * T, 2 * T, 0, 0, 4, 3, 366 - 768, 512, 512, "zero minor");
    footprint(0, 0, 0, 0, 7, 0, -8192, 0, 0, "no footprint");
    /* A diagonal footprint: X = (1, 1), Y = (-1, 1): 11/16 |X - Y| = 1.375
     * (q = 96, 118) is the length; area 2 -> 256 - 118 = 138, above iso:
     * kept at iso, one probe. */
    footprint(T, T, -T, T, 7, 0, 118, 256, 256, "diagonal");
    /* N3's multiplier: X = (595/128, 0), Y = (0, 595/512).  |X| has
     * mantissa 595 (q = 41, 55): iso = 512 + 55 = 567.  595 * 595 =
     * 0b1010110011_011101001; without the partial products below 2^6 it is
     * 353920, plus 448 = 0b1010110100_001000000, truncated to 10 bits
     * q = 90 (112; the exact product, truncated or rounded, has q = 89, 111):
     * log2(area) = 512 + 112 = 624, lambda = 624 - 567 = 57; ratio 510 ->
     * N = 4. */
    footprint(595 * T / 128, 0, 0, 595 * T / 512, 7, 2, 57, 1190, 0, "area multiplier");

    /* L1-L2: the isotropic LOD of the same rule, and the 10-bit truncation:
     * 1023.75 texels truncate to 1023.5 (10 leading bits), q = 255 -> 255. */
    int64_t dx[3] = {3 * T, 0, 0}, dy[3] = {0, 0, T};
    CHECK(tx_lod_implicit(dx, dy) == 406, "implicit 3 by 1 (w axis)");
    int64_t ex[3] = {1023 * T + 3 * T / 4, 0, 0}, ey[3] = {0, 0, 0};
    CHECK(tx_lod_implicit(ex, ey) == 9 * 256 + 255, "implicit 1023.75");
    /* L2's cut of the minor part to the major's window: X = (1/2, 63/64),
     * Y = (63/64, 1/2).  D+ = 11/16 (95/64, 95/64) = (1045/1024, 1045/1024),
     * 11 bits; the minor part 11/32 of 1044/1024 rounds to 718/2048, cut to
     * the major's last place 2^-9: 179/512.  R = 1045/1024 + 179/512 =
     * 1.3701 (q = 94, 116); the part whole would give 1.3711 (q = 95, 117). */
    int64_t gx[3] = {T / 2, 63 * T / 64, 0}, gy[3] = {63 * T / 64, T / 2, 0};
    CHECK(tx_lod_implicit(gx, gy) == 116, "diagonal with the minor part cut");

    /* L1's scaling to an extent that is not a power of two: a derivative of
     * 614/1024 texel at extent 16 (10 bits) becomes at extent 23: 614 * 23 /
     * 16 = 882.625 (/1024), plus 7/8 = 883.5, truncated: 883/1024 texel,
     * where the exact product would truncate to 882.  0x200 * 23 / 16 = 736
     * exactly stays 736. */
    CHECK(tx_lod_deriv((int64_t)614 << 22, 23) == (int64_t)883 << 22, "rounded up by 7/8");
    CHECK(tx_lod_deriv((int64_t)0x200 << 22, 23) == (int64_t)736 << 22, "exact product");
    CHECK(tx_lod_deriv(-((int64_t)614 << 22), 23) == -((int64_t)883 << 22), "sign kept");
    /* 0.1 texel's 0x333 << 20 times 9/8 = 921.375 + 0.875 = 922.25 -> 922. */
    CHECK(tx_lod_deriv(((int64_t)0x333 << 20) + 777, 9) == (int64_t)922 << 20, "bits below M ignored");
    /* A power of two: the derivative truncated to 10 leading bits. */
    CHECK(tx_lod_deriv(((int64_t)0x3ff << 22) + 12345, 64) == (int64_t)0x3ff << 22, "power of two");
    CHECK(tx_lod_pow2(23) == 16 && tx_lod_pow2(16) == 16 && tx_lod_pow2(1) == 1, "pow2");

    /* N6: probe k of N = 4 at (2k + 1 - 4) / 8 of the axis. */
    CHECK(tx_aniso_probe(1000, 1024, 0, 2, 0) == 1000 - 384, "probe 0 of 4");
    CHECK(tx_aniso_probe(1000, 1024, 0, 2, 1) == 1000 - 128, "probe 1 of 4");
    CHECK(tx_aniso_probe(1000, 1024, 0, 2, 2) == 1000 + 128, "probe 2 of 4");
    CHECK(tx_aniso_probe(1000, 1024, 0, 2, 3) == 1000 + 384, "probe 3 of 4");
    /* One level up the axis halves. */
    CHECK(tx_aniso_probe(1000, 1024, 1, 2, 0) == 1000 - 192, "probe 0 of 4, level 1");
    /* Floor shifts: d = -3 >> 0, N = 2: k = 0: (-1 * -3) >> 2 = 0; k = 1: -3 >> 2 = -1. */
    CHECK(tx_aniso_probe(0, -3, 0, 1, 0) == 0, "floor, k = 0");
    CHECK(tx_aniso_probe(0, -3, 0, 1, 1) == -1, "floor, k = 1");
    /* d >> r floors too: -5 >> 1 = -3; N = 2, k = 1: -3 >> 2 = -1. */
    CHECK(tx_aniso_probe(10, -5, 1, 1, 1) == 9, "axis floor at level 1");
    /* Clamped to C2's range. */
    CHECK(tx_aniso_probe((1 << 26) - 10, 1 << 27, 0, 4, 15) == (1 << 26) - 1, "clamp high");
    CHECK(tx_aniso_probe(-(1 << 26) + 10, 1 << 27, 0, 4, 0) == -(1 << 26), "clamp low");

    printf("test_aniso: %d passed, %d failed\n", check_pass, check_fail);
    return check_fail != 0;
}
