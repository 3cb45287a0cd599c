/*
 * test_aniso.c - the anisotropic footprint, probe count, LOD and probe
 * positions of docs/filtering.md section 14 (cmodel/lod.c), on cases worked
 * out by hand from the rules there.
 */
#include "check.h"
#include "stages.h"

static void footprint(int32_t dux, int32_t dvx, int32_t duy, int32_t dvy, unsigned code,
                      unsigned nlog, int32_t lambda, int32_t du, int32_t dv, const char *what)
{
    int32_t d[4] = {dux, dvx, duy, dvy};
    tx_aniso a;
    tx_aniso_footprint(d, tx_aniso_max_log2(code), &a);
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

    /* 4 texels by 1: sx = 2^20 -> lenlog 512 (log2 4 = 2), sy = 2^16 -> 0;
     * ratio 512 -> N = 4, lambda = 512 - 512 = 0. */
    footprint(1024, 0, 0, 256, 7, 2, 0, 1024, 0, "4:1");
    /* The same with the 2:1 maximum: N = 2, lambda = 256 (log2(4/2)). */
    footprint(1024, 0, 0, 256, 1, 1, 256, 1024, 0, "4:1 capped at 2");
    /* 3 texels by 1: sx = 9 * 2^16, p = 19, q = 32, LOG2_LUT[32] = 44:
     * (768 + 44) >> 1 = 406 (log2 3 = 1.585 = 405.7/256); ratio 406 ->
     * ceil -> 2, N = 4 (3 rounded up); lambda = 406 - 512 = -106. */
    footprint(768, 0, 0, 256, 7, 2, -106, 768, 0, "3:1 rounds up to 4");
    /* Under 6:1 (code 3: 4 probes), a 16:1 footprint takes 4; lambda =
     * log2(16) - 2 = 2 levels: 4096 = 16 texels -> 1024 - 512. */
    footprint(0, 4096, 256, 0, 3, 2, 512, 0, 4096, "16:1 under 6:1");
    /* Y is the major axis. */
    footprint(0, 256, 0, 2048, 7, 3, 0, 0, 2048, "Y major 8:1");
    /* A round footprint: one probe, lambda = log2 of the length (2 texels =
     * 256); ties pick X. */
    footprint(512, 0, 0, -512, 7, 0, 256, 512, 0, "round");
    /* Just above 1: 257/256 long against 1 -> ratio = 1/256 -> N = 2. */
    footprint(257, 0, 0, 256, 7, 1, -255, 257, 0, "ratio just above 1");
    /* A degenerate minor axis takes the maximum; both zero: N = 1. */
    footprint(512, 512, 0, 0, 4, 3, 384 - 768, 512, 512, "zero minor");   /* 2^19: 384 */
    footprint(0, 0, 0, 0, 7, 0, -8192, 0, 0, "no footprint");

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
