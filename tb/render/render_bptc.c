/*
 * render_bptc.c - the BC6H and BC7 encoders of `texcosim render --bcn`.
 *
 * Each uses one mode with a single subset (docs/formats.md section 10):
 * BC7 mode 6 (RGBA 7 bits + a P-bit per endpoint, 4-bit indices) and BC6H
 * mode 3 (10-bit endpoints, 4-bit indices).  The endpoints are the corners
 * of the block's colour box, each texel takes the index of its projection
 * on the line between them (the endpoints are swapped when texel 0's index
 * would need its top bit: the anchor rule), then each index is refined to
 * the candidate whose decoded texel is closest.
 */
#include <math.h>
#include <string.h>

#include "bptc.h"
#include "format.h"
#include "render_bptc.h"

/* Write n bits of v at block bit at. */
static void put(uint8_t b[16], unsigned at, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++, at++)
        if ((v >> i) & 1)
            b[at >> 3] |= (uint8_t)(1u << (at & 7));
}

/* 4-bit indices of 16 points (nch channels) on the segment e0 -> e1;
 * returns 1 when the endpoints must be swapped (index of texel 0 >= 8). */
static int indices(const double p[16][4], const double e0[4], const double e1[4], int nch,
                   unsigned idx[16])
{
    double d[4], dd = 0;
    for (int c = 0; c < nch; c++) {
        d[c] = e1[c] - e0[c];
        dd += d[c] * d[c];
    }
    for (int i = 0; i < 16; i++) {
        double t = 0;
        for (int c = 0; c < nch; c++)
            t += (p[i][c] - e0[c]) * d[c];
        t = dd > 0 ? t / dd : 0;
        long k = lround(t * 15);
        idx[i] = (unsigned)(k < 0 ? 0 : k > 15 ? 15 : k);
    }
    if (idx[0] < 8)
        return 0;
    for (int i = 0; i < 16; i++)
        idx[i] = 15 - idx[i];
    return 1;
}

static void put_indices(uint8_t b[16], unsigned at, const unsigned idx[16])
{
    put(b, at, 3, idx[0]);
    for (int i = 1; i < 16; i++)
        put(b, at + 3 + 4 * (unsigned)(i - 1), 4, idx[i]);
}

/* Clear block bits at .. 127 (the index bits). */
static void clear_from(uint8_t b[16], unsigned at)
{
    for (; at < 128; at++)
        b[at >> 3] &= (uint8_t)~(1u << (at & 7));
}

/* Squared error of texel i of block b against the wanted values p[i]:
 * BC7 bytes, or BC6H binary16 values as floats (x 255). */
static double texel_err(int components, const uint8_t b[16], int i, const uint8_t px[4])
{
    uint8_t t[16];
    double e = 0;
    if (components == 0x17) {
        tx_bc7_decode(components, b, (unsigned)i % 4, (unsigned)i / 4, 0, t);
        for (int c = 0; c < 4; c++)
            e += (double)(t[c] - px[c]) * (t[c] - px[c]);
        return e;
    }
    tx_bc6_decode(components, b, (unsigned)i % 4, (unsigned)i / 4, 0, t);
    for (int c = 0; c < 3; c++) {
        uint32_t f = tx_f16_to_f32((uint16_t)(t[2 * c] | t[2 * c + 1] << 8));
        float v;
        memcpy(&v, &f, 4);
        e += (v * 255.0 - px[c]) * (v * 255.0 - px[c]);
    }
    return e;
}

/* Each texel's index is then the best of its candidates by the decoder's
 * own result (texel 0 keeps its top bit 0). */
static void refine(int components, uint8_t b[16], unsigned at, unsigned idx[16],
                   const uint8_t px[16][4])
{
    for (int i = 0; i < 16; i++) {
        unsigned best = idx[i];
        double beste = -1;
        for (unsigned k = 0; k < (i ? 16u : 8u); k++) {
            idx[i] = k;
            clear_from(b, at);
            put_indices(b, at, idx);
            double e = texel_err(components, b, i, px[i]);
            if (beste < 0 || e < beste) {
                beste = e;
                best = k;
            }
        }
        idx[i] = best;
    }
    clear_from(b, at);
    put_indices(b, at, idx);
}

void render_bc7_block(const uint8_t px[16][4], uint8_t b[16])
{
    unsigned lo[4], hi[4], v[2][4], pb[2] = {0, 1}, idx[16];
    double p[16][4], e[2][4];
    memset(b, 0, 16);
    for (int c = 0; c < 4; c++) {
        lo[c] = 255, hi[c] = 0;
        for (int i = 0; i < 16; i++) {
            lo[c] = px[i][c] < lo[c] ? px[i][c] : lo[c];
            hi[c] = px[i][c] > hi[c] ? px[i][c] : hi[c];
        }
        /* Endpoint 0 with P-bit 0 at or below the minimum, endpoint 1 with
         * P-bit 1 at or above the maximum (8-bit value = 7 bits << 1 | P). */
        v[0][c] = lo[c] >> 1;
        v[1][c] = hi[c] >> 1;
        e[0][c] = (double)(v[0][c] << 1);
        e[1][c] = (double)(v[1][c] << 1 | 1);
    }
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 4; c++)
            p[i][c] = px[i][c];
    int sw = indices(p, e[0], e[1], 4, idx);
    put(b, 0, 7, 0x40);
    for (int c = 0; c < 4; c++) {
        put(b, 7 + 14 * (unsigned)c, 7, v[sw][c]);
        put(b, 14 + 14 * (unsigned)c, 7, v[!sw][c]);
    }
    put(b, 63, 1, pb[sw]);
    put(b, 64, 1, pb[!sw]);
    refine(0x17, b, 65, idx, px);
}

void render_bc6_block(int components, const uint8_t px[16][4], uint8_t b[16])
{
    int sgn = components == 0x10;
    unsigned x[2][3], idx[16];
    double p[16][4], e[2][4];
    memset(b, 0, 16);
    /* Work on the binary16 bits of each UNORM value: BC6H interpolates
     * linearly in that domain.  A 10-bit endpoint x decodes (alone) to
     * about 31x + 15 (UF16) or 62x + 31 (SF16, x < 511). */
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 3; c++) {
            uint32_t f;
            float v = px[i][c] / 255.0f;
            memcpy(&f, &v, 4);
            p[i][c] = tx_f32_to_f16(f, 0);
        }
    for (int c = 0; c < 3; c++) {
        double lo = 1e9, hi = -1;
        for (int i = 0; i < 16; i++) {
            lo = p[i][c] < lo ? p[i][c] : lo;
            hi = p[i][c] > hi ? p[i][c] : hi;
        }
        double k = sgn ? 62 : 31, o = sgn ? 31 : 15, top = sgn ? 510 : 1022;
        double q[2] = {floor((lo - o) / k), ceil((hi - o) / k)};
        for (int j = 0; j < 2; j++) {
            q[j] = q[j] < 0 ? 0 : q[j] > top ? top : q[j];
            x[j][c] = (unsigned)q[j];
            e[j][c] = x[j][c] ? k * x[j][c] + o : 0;
        }
    }
    int sw = indices(p, e[0], e[1], 3, idx);
    put(b, 0, 5, 3);
    for (int c = 0; c < 3; c++) {
        put(b, 5 + 10 * (unsigned)c, 10, x[sw][c]);
        put(b, 35 + 10 * (unsigned)c, 10, x[!sw][c]);
    }
    refine(components, b, 65, idx, px);
}
