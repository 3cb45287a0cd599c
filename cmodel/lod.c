/*
 * lod.c - level selection (twin of rtl/tx_lod.sv).
 *
 * TLDS has no derivatives: .LZ selects the view's first level and .LL adds
 * an unsigned level to it (docs/semantics.md S3.4).  The bounds test is made
 * on the relative lod, not on the sum, so a huge lod that wraps the 32-bit
 * sum back into range is still out of bounds.
 */
#include "stages.h"

void tx_lod_view_of_tic(const tx_tic *t, uint32_t *first, uint32_t *last)
{
    *first = t->res_view_min_mip_level & 15u;
    *last = t->res_view_max_mip_level & 15u;
    if ((t->max_mip_level & 15u) < *last)
        *last = t->max_mip_level & 15u;
}

int tx_lod_tlds(uint32_t first, uint32_t last, int ll, uint32_t lod, uint32_t *level)
{
    if (!ll)
        lod = 0;
    *level = first + lod;
    return first > last || lod > last - first;
}

/* ---- TEX: texel-space coordinates, log2 (docs/filtering.md C, L, Q) ---- */

/* gen-log2-lut: begin (do not edit by hand) */
static const uint8_t log2_lut[256] = {
      0,   2,   4,   5,   6,   8,   9,  11,  12,  13,  15,  16,  18,  19,  20,  22,
     23,  24,  26,  27,  28,  30,  31,  32,  34,  35,  36,  38,  39,  40,  42,  43,
     44,  45,  47,  48,  49,  50,  52,  53,  54,  55,  57,  58,  59,  60,  62,  63,
     64,  65,  66,  68,  69,  70,  71,  72,  74,  75,  76,  77,  78,  79,  81,  82,
     83,  84,  85,  86,  88,  89,  90,  91,  92,  93,  94,  95,  97,  98,  99, 100,
    101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116, 117,
    118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133,
    135, 136, 137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,
    150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164,
    165, 166, 167, 168, 169, 170, 171, 172, 173, 173, 174, 175, 176, 177, 178, 179,
    180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188, 189, 190, 191, 192, 193,
    194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205, 205, 206,
    207, 208, 209, 210, 210, 211, 212, 213, 214, 214, 215, 216, 217, 218, 218, 219,
    220, 221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229, 229, 230, 231, 232,
    233, 233, 234, 235, 236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244,
    245, 245, 246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 253, 254, 255, 255,
};
/* gen-log2-lut: end */

#define UMIN (-(1 << 26))
#define UMAX ((1 << 26) - 1)

/* C2's conversion, 8 fraction bits: the 32-bit one below floored by 2^24.
 * Exact: floor(floor(x n 2^32) / 2^24) = floor(x n 2^8), and the limits
 * +-2^50 of the 32-bit one become C2's +-2^26. */
int32_t tx_coord_fx(uint32_t x, uint32_t n)
{
    int64_t v = tx_coord_fx32(x, n);
    v = v >= 0 ? v >> 24 : -((-v + ((int64_t)1 << 24) - 1) >> 24);
    return (int32_t)(v > UMAX ? UMAX : v < UMIN ? UMIN : v);
}

int32_t tx_lod_log2(uint32_t r)
{
    int p = 31;

    if (r == 0)
        return -8192;
    while (!(r >> p & 1))
        p--;
    unsigned q = p >= 8 ? (r >> (p - 8)) & 255u : (r << (8 - p)) & 255u;
    return (int32_t)((p - 8) * 256) + log2_lut[q];
}

/* 128-bit products of the anisotropic area (a GCC/Clang extension). */
__extension__ typedef unsigned __int128 u128;

/* L1: C2's conversion with 32 fraction bits instead of 8, for the
 * derivatives: floor(x * n * 2^32), saturated to +-2^50 (the same +-2^18
 * texels as C2). */
#define DMIN (-((int64_t)1 << 50))
#define DMAX (((int64_t)1 << 50) - 1)

int64_t tx_coord_fx32(uint32_t x, uint32_t n)
{
    unsigned e = (x >> 23) & 0xffu;
    int neg = (x >> 31) & 1;

    if (e == 0 || (e == 0xff && (x & 0x7fffffu)))
        return 0;
    uint64_t m = e == 0xff ? 0x800000u : (0x800000u | (x & 0x7fffffu));
    uint64_t p = m * n;                 /* <= 2^40 for n <= 2^16 */
    int k = (int)e - 118;
    int64_t u;

    if (p == 0)
        return 0;
    if (k >= 0) {
        if (k >= 40 || p > (((uint64_t)DMAX + (neg ? 1 : 0)) >> k))
            return neg ? DMIN : DMAX;
        u = (int64_t)(p << k);
        return neg ? -u : u;
    }
    if (-k >= 63)
        return neg ? -1 : 0;
    if (!neg)
        return (int64_t)(p >> -k);
    return -(int64_t)((p + (1ull << -k) - 1) >> -k);
}

static uint64_t mag64(int64_t v)
{
    return (uint64_t)(v < 0 ? -v : v);
}

/* L1: a derivative's magnitude truncated to its 10 leading bits, sign kept. */
static int64_t trunc10(int64_t d)
{
    uint64_t m = (uint64_t)(d < 0 ? -d : d);
    int p = 63;

    if (m == 0)
        return 0;
    while (!(m >> p & 1))
        p--;
    if (p > 9)
        m &= ~((1ull << (p - 9)) - 1);
    return d < 0 ? -(int64_t)m : (int64_t)m;
}

uint32_t tx_lod_pow2(uint32_t n)
{
    uint32_t p = 1;
    while (n >> 1 >= p)
        p <<= 1;
    return p;
}

/* L1: the derivative at extent n from the one at its power of two 2^k: the
 * 10 leading bits M of |d2| (truncated, last place 2^s) times the size's
 * mantissa n / 2^k, plus 7/8 of M's last place, then truncated to 10
 * leading bits again.  For a power of two the product is M itself and the
 * 7/8 falls below the kept bits: the derivative truncated, as before.
 * Measured on the 23x9 chain of hw/h200 (l7-rgba8-23x9-trilinear): 60
 * misses of 532 pinned gradient queries with the exact product, 2 with this. */
int64_t tx_lod_deriv(int64_t d2, uint32_t n)
{
    uint64_t a = mag64(d2);
    if (a == 0 || n == 0)
        return 0;
    int p = 63, k = 31;
    while (!(a >> p & 1))
        p--;
    while (!(n >> k & 1))
        k--;
    int sh = p > 9 ? p - 9 : 0;
    u128 v = ((((u128)(a >> sh) * n) << 3) + ((u128)7 << k)) << sh;
    v >>= k + 3;
    if (v > (u128)DMAX)
        v = DMAX;
    int64_t r = trunc10((int64_t)v);
    return d2 < 0 ? -r : r;
}

/* L2: index of the leading one of v (v != 0). */
static int lead128(u128 v)
{
    int p = 127;

    while (!((v >> p) & 1))
        p--;
    return p;
}

/* 8 fraction bits of log2 of r * 2^-frac (r > 0): leading one p, table
 * entry of the 8 bits below it (L2). */
static int32_t log2_fx(u128 r, int frac)
{
    int p = lead128(r);

    unsigned q = p >= 8 ? (unsigned)(r >> (p - 8)) & 255u : (unsigned)(r << (8 - p)) & 255u;
    return (int32_t)((p - frac) * 256) + log2_lut[q];
}

/* L2: v rounded half up to a multiple of 2^sh (sh <= 0: v itself). */
static u128 round_to(u128 v, int sh)
{
    if (sh <= 0)
        return v;
    return ((v + ((u128)1 << (sh - 1))) >> sh) << sh;
}

/* L2: 11/32 of a minor component m (units 2^-41 texel) taken of m's 10
 * leading bits, rounded half up to a quarter of their last place, 2^(p - 11)
 * for the leading one p. */
static u128 minor_part(u128 m)
{
    if (m == 0)
        return 0;
    int p = lead128(m);
    /* Only m's 10 leading bits enter the product: a diagonal component
     * (11/16 of a sum) can have 11. */
    if (p > 9)
        m &= ~(((u128)1 << (p - 9)) - 1);
    return round_to((11 * m) >> 5, p - 11);
}

/* L2: 11/16 of a component x (units 2^-41 texel, a multiple of 2^9),
 * rounded half up to half the last place of x's 10 leading bits,
 * 2^(p - 10) for the leading one p. */
static u128 diag_part(u128 x)
{
    if (x == 0)
        return 0;
    return round_to((11 * x) >> 4, lead128(x) - 10);
}

/* L2: a minor part added to the major component a: the adder keeps a's
 * 10-bit window, so the bits of the part below a's last place (2^(p - 9),
 * p the leading one of a) are dropped. */
static u128 minor_at(u128 a, u128 m)
{
    u128 v = minor_part(m);
    int sh = a ? lead128(a) - 9 : 0;
    return sh > 0 ? (v >> sh) << sh : v;
}

/* L2: the length of a vector: max + the minor parts of the two others,
 * each cut to the max's last place. */
static u128 vlen(u128 a, u128 b, u128 c)
{
    if (a >= b && a >= c)
        return a + minor_at(a, b) + minor_at(a, c);
    if (b >= c)
        return b + minor_at(b, a) + minor_at(b, c);
    return c + minor_at(c, a) + minor_at(c, b);
}

/* L2: a component of X + Y or X - Y (truncated to 10 leading bits, L1's
 * rule) in units 2^-41 texel. */
static u128 sum_comp(int64_t s)
{
    return (u128)mag64(trunc10(s)) << 9;
}

/* L2: the footprint length of the two derivative vectors X = dx, Y = dy
 * (units 2^-32 texel, already truncated), in units 2^-41 texel: the largest
 * of |X|, |Y| and |11/16 (X + Y)|, |11/16 (X - Y)|, the sums truncated and
 * the 11/16 taken of each component.  *xmaj says |X| >= |Y|. */
static u128 footprint_len(const int64_t dx[3], const int64_t dy[3], int *xmaj)
{
    u128 x[3], y[3], p[3], m[3];

    for (int a = 0; a < 3; a++) {
        x[a] = (u128)mag64(dx[a]) << 9;
        y[a] = (u128)mag64(dy[a]) << 9;
        p[a] = diag_part(sum_comp(dx[a] + dy[a]));
        m[a] = diag_part(sum_comp(dx[a] - dy[a]));
    }
    u128 lx = vlen(x[0], x[1], x[2]), ly = vlen(y[0], y[1], y[2]);
    u128 lp = vlen(p[0], p[1], p[2]), lm = vlen(m[0], m[1], m[2]);
    u128 r = lx > ly ? lx : ly;

    if (xmaj)
        *xmaj = lx >= ly;
    if (lp > r)
        r = lp;
    if (lm > r)
        r = lm;
    return r;
}

int32_t tx_lod_implicit(const int64_t dx[3], const int64_t dy[3])
{
    int64_t tx[3], ty[3];
    for (int a = 0; a < 3; a++) {
        tx[a] = trunc10(dx[a]);
        ty[a] = trunc10(dy[a]);
    }
    u128 r = footprint_len(tx, ty, NULL);
    return r == 0 ? -8192 : log2_fx(r, 41);
}

/* Magnitude order of two binary32 patterns without sign; NaN is already 0. */
static uint32_t mag(uint32_t x)
{
    return x & 0x7fffffffu;
}

/* Q3: floor(sc * 2^24 / |ma|) for |sc| <= |ma|. */
static int32_t cube_ratio(uint32_t sc, uint32_t ma)
{
    unsigned es = (sc >> 23) & 0xffu, em = (ma >> 23) & 0xffu;
    if (es == 0 || em == 0)
        return 0;
    int64_t ms = 0x800000 | (es == 0xff ? 0 : (sc & 0x7fffff));
    int64_t mm = 0x800000 | (em == 0xff ? 0 : (ma & 0x7fffff));
    int d = (int)em - (int)es;
    int neg = (sc >> 31) & 1;
    if (d > 24)
        return neg ? -1 : 0;
    int64_t num = ms << (24 - d);
    if (!neg)
        return (int32_t)(num / mm);
    return (int32_t)-((num + mm - 1) / mm);
}

int tx_cube_face(uint32_t x, uint32_t y, uint32_t z, int32_t *rs, int32_t *rt)
{
    uint32_t s[3] = {x, y, z};
    /* C1 first: NaN is +0, a denormal a zero of its sign. */
    for (int i = 0; i < 3; i++) {
        unsigned e = (s[i] >> 23) & 0xffu;
        if (e == 0xff && (s[i] & 0x7fffffu))
            s[i] = 0;
        else if (e == 0)
            s[i] &= 0x80000000u;
    }
    uint32_t ax = mag(s[0]), ay = mag(s[1]), az = mag(s[2]);
    int face;
    uint32_t ma, sc, tc;
    const uint32_t NEG = 0x80000000u;

    if (az >= ay && az >= ax) {
        ma = s[2];
        face = (ma >> 31) ? 5 : 4;
        sc = face == 4 ? s[0] : s[0] ^ NEG;
        tc = s[1] ^ NEG;
    } else if (ay >= ax) {
        ma = s[1];
        face = (ma >> 31) ? 3 : 2;
        sc = s[0];
        tc = face == 2 ? s[2] : s[2] ^ NEG;
    } else {
        ma = s[0];
        face = (ma >> 31) ? 1 : 0;
        sc = face == 0 ? s[2] ^ NEG : s[2];
        tc = s[1] ^ NEG;
    }
    /* A zero flips sign under ^NEG; the ratio of a zero is 0 either way. */
    *rs = cube_ratio(sc, mag(ma));
    *rt = cube_ratio(tc, mag(ma));
    return face;
}

int32_t tx_cube_fx(int32_t r, uint32_t n)
{
    return (int32_t)(((int64_t)r + (1 << 24)) * (int64_t)n >> 17);
}

/* ---- TEX: anisotropic footprint (docs/filtering.md section 14) ---- */

unsigned tx_aniso_max_log2(unsigned code)
{
    /* MAX_ANISOTROPY 1:1, 2:1, 4:1, 6:1, 8:1, 10:1, 12:1, 16:1, rounded down
     * to the probe counts the design has (1, 2, 4, 8, 16). */
    static const uint8_t lg[8] = {0, 1, 2, 2, 3, 3, 3, 4};
    return lg[code & 7u];
}

/* N3: the product of two derivative magnitudes (each of at most 10
 * significant bits, L1) as the area's multiplier forms it: the two 10-bit
 * mantissas (leading one at bit 9) multiplied keeping only the partial-
 * product bits of weight 2^6 and above, 7 * 2^6 added, the sum truncated to
 * its 10 leading bits.  Returned in units 2^-82 texel^2 (the mantissa
 * product times 2^(pa + pb), pa and pb the leading ones of the operands), so
 * that no bit is lost for any operand. */
static u128 area_product(uint64_t a, uint64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    int pa = lead128(a), pb = lead128(b);
    uint32_t ma = (uint32_t)(pa >= 9 ? a >> (pa - 9) : a << (9 - pa));
    uint32_t mb = (uint32_t)(pb >= 9 ? b >> (pb - 9) : b << (9 - pb));
    uint32_t s = 7u << 6;

    /* Row i (bit i of ma) keeps the bits j of mb with i + j >= 6. */
    for (int i = 0; i < 10; i++)
        if (ma >> i & 1) {
            int lo = i >= 6 ? 0 : 6 - i;
            s += ((mb >> lo) << lo) << i;
        }
    int ps = lead128(s);
    s &= ~((1u << (ps - 9)) - 1);
    return (u128)s << (pa + pb);
}

void tx_aniso_footprint(const int64_t d[4], const int64_t l[4], unsigned max_log2,
                        tx_aniso *a)
{
    /* l = dux, dvx, duy, dvy as L1 gives them (units 2^-32 texel). */
    int64_t tx[3] = {trunc10(l[0]), trunc10(l[1]), 0}, ty[3] = {trunc10(l[2]), trunc10(l[3]), 0};
    int xmaj;
    u128 r = footprint_len(tx, ty, &xmaj);

    a->du = (int32_t)((xmaj ? d[0] : d[2]) >> 24);
    a->dv = (int32_t)((xmaj ? d[1] : d[3]) >> 24);
    if (r == 0) {
        a->nlog = 0;
        a->lambda = -8192;
        return;
    }
    int32_t iso = log2_fx(r, 41);
    /* N3-N5: log2(area / length), the area |dux dvy - dvx duy| (units
     * 2^-82 texel^2) from the two products of the area's multiplier, kept
     * within max_log2 octaves below the isotropic LOD and never above it. */
    u128 p1 = area_product(mag64(tx[0]), mag64(ty[1]));
    u128 p2 = area_product(mag64(tx[1]), mag64(ty[0]));
    int same = (tx[0] < 0) == (ty[1] < 0), same2 = (tx[1] < 0) == (ty[0] < 0);
    /* |s1 p1 - s2 p2| with signs s1, s2: a difference when the signs agree,
     * else a sum. */
    u128 ar = same == same2 ? (p1 > p2 ? p1 - p2 : p2 - p1) : p1 + p2;
    int32_t lo = iso - (int32_t)(max_log2 << 8), lam = lo;
    if (ar != 0) {
        int p = 127;
        while (!((ar >> p) & 1))
            p--;
        unsigned q = p >= 8 ? (unsigned)(ar >> (p - 8)) & 255u : (unsigned)(ar << (8 - p)) & 255u;
        lam = (int32_t)((p - 82) * 256) + log2_lut[q] - iso;
    }
    if (lam < lo)
        lam = lo;
    if (lam > iso)
        lam = iso;
    a->lambda = lam;
    a->nlog = (unsigned)((iso - lam + 255) >> 8);
}

int32_t tx_aniso_probe(int32_t u, int32_t d, unsigned r, unsigned nlog, unsigned k)
{
    /* Probe k of N = 2^nlog at (2k + 1 - N) / 2N of the major axis, the axis
     * scaled to level first + r by 2^-r; floor divisions; clamped to C2's
     * range. */
    int64_t dl = (int64_t)d >> r;
    int64_t off = ((int64_t)(2 * (int)k + 1 - (1 << nlog)) * dl) >> (nlog + 1);
    int64_t v = (int64_t)u + off;
    if (v > UMAX)
        v = UMAX;
    if (v < UMIN)
        v = UMIN;
    return (int32_t)v;
}
