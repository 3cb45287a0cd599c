/*
 * gen_bptc.c - vector suites of BC6H (UF16, SF16) and BC7 (docs/formats.md
 * section 10) through TLDS and TEX, in lockstep with the RTL.
 *
 * Blocks are random bytes whose mode bits are set so that every BC7 mode
 * (the reserved one included) and every BC6H mode number (the reserved ones
 * included) occur: block k of a texture gets mode k modulo the count.
 *
 * bptc-directed: per format (BC6H_UF16, BC6H_SF16, BC7, BC7 with sRGB) one
 * 16x12 block-linear texture of 3 levels; TLDS of every texel of every level
 * (so every texel position of every mode), then TEX point, bilinear across
 * block edges, trilinear with implicit LOD and bilinear with a border.
 * bptc-random: random format, size (not a multiple of 4), layout, levels,
 * address modes and instructions.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "layout.h"
#include "stages.h"

/* COMPONENTS codes (NVIDIA clb197tex.h). */
enum { BPTC_SF16 = 0x10, BPTC_UF16 = 0x11, BPTC_BC7U = 0x17 };

#define TIC_BASE 0x10000ull
#define TSC_BASE 0x20000ull
#define TEX_BASE 0x1000000ull
#define HDR 2
#define NSMP 4

static const struct { const char *name; uint8_t comps, srgb; } fmts[4] = {
    {"bc6h-uf16", BPTC_UF16, 0}, {"bc6h-sf16", BPTC_SF16, 0},
    {"bc7", BPTC_BC7U, 0}, {"bc7-srgb", BPTC_BC7U, 1}};

/* Mode bits of block number k: BC7 modes 0-7 and the reserved mode (byte 0
 * = 0); BC6H mode numbers 0, 1 (2 bits) and 2 .. 31 (5 bits). */
static void set_mode(uint8_t comps, unsigned k, uint8_t *b0)
{
    if (comps == BPTC_BC7U) {
        unsigned m = k % 9;
        *b0 = m == 8 ? 0 : (uint8_t)((*b0 & (0xffu << (m + 1))) | (1u << m));
    } else {
        static const uint8_t num[18] = {0, 1, 2, 6, 10, 14, 18, 22, 26, 30,
                                        3, 7, 11, 15, 19, 23, 27, 31};
        unsigned m = num[k % 18];
        *b0 = m < 2 ? (uint8_t)((*b0 & 0xfc) | m) : (uint8_t)((*b0 & 0xe0) | m);
    }
}

typedef struct cfg {
    int fmt, w, h, levels, pitch, bh;
} cfg;

static int add_texture(gen_ctx *g, json_object *v, const cfg *c, const uint8_t (*given)[16],
                       unsigned ngiven)
{
    tx_tic t;
    tx_layout L;
    memset(&t, 0, sizeof t);
    t.components = fmts[c->fmt].comps;
    for (int i = 0; i < 4; i++)     /* BC6H: FLOAT halves; BC7: UNORM bytes */
        t.dtype[i] = t.components == BPTC_BC7U ? TX_DT_UNORM : TX_DT_FLOAT;
    t.swz[0] = TX_SWZ_R;
    t.swz[1] = TX_SWZ_G;
    t.swz[2] = TX_SWZ_B;
    t.swz[3] = TX_SWZ_A;
    t.srgb = fmts[c->fmt].srgb;
    t.address = TEX_BASE;
    t.version = c->pitch ? TX_TIC_PITCH : TX_TIC_BLOCKLINEAR;
    if (c->pitch)
        t.pitch = (uint32_t)((((c->w + 3) / 4) * 16 + 31) & ~31);
    else
        t.gobs_per_block_height = (uint8_t)c->bh;
    t.width_minus_one = (uint32_t)c->w - 1;
    t.height_minus_one = (uint16_t)(c->h - 1);
    t.texture_type = TX_TEX_2D;
    t.normalized_coords = 1;
    t.max_mip_level = (uint8_t)(c->levels - 1);
    t.res_view_max_mip_level = (uint8_t)(c->levels - 1);
    if (gen_texture_header(v, HDR, &t, &L, "gen_bptc") != 0)
        return -1;
    /* One block per block position of every level, modes in turn; the
     * blocks given, when any, fill level 0 first, in raster order. */
    unsigned k = (unsigned)gen_rn(g, 18), gi = 0;
    for (unsigned l = 0; l <= L.last_level; l++)
        for (uint32_t y = 0; y < L.lv[l].h; y += 4)
            for (uint32_t x = 0; x < L.lv[l].w; x += 4) {
                uint64_t a;
                uint8_t blk[16];
                if (tx_addr_texel(&L, l, x, y, 0, 0, 0, &a) != 0)
                    continue;
                for (int i = 0; i < 16; i++)
                    blk[i] = (uint8_t)gen_rand(g);
                set_mode(t.components, k++, &blk[0]);
                if (l == 0 && gi < ngiven)
                    memcpy(blk, given[gi++], 16);
                gen_memory(v, a, blk, 16);
            }
    return 0;
}

/* Samplers: 0 point, 1 bilinear, 2 trilinear, 3 bilinear with a border;
 * random address modes when asked. */
static void add_samplers(gen_ctx *g, json_object *v, int random)
{
    json_object *arr = json_object_new_array();
    for (int k = 0; k < NSMP; k++) {
        tx_tsc s;
        uint32_t w[8];
        memset(&s, 0, sizeof s);
        int lin = k != 0;
        s.mag_filter = s.min_filter = lin ? 2 : 1;
        s.mip_filter = k == 2 ? 3 : lin ? 2 : 1;
        s.max_lod_clamp = 0xfff;
        s.srgb_conversion = 1;
        s.address_u = s.address_v = k == 3 ? 3 : 0;
        if (random) {
            s.address_u = (uint8_t)gen_rn(g, 8);
            s.address_v = (uint8_t)gen_rn(g, 8);
        }
        s.srgb_border_r = (uint8_t)gen_rn(g, 256);
        s.srgb_border_g = (uint8_t)gen_rn(g, 256);
        s.srgb_border_b = (uint8_t)gen_rn(g, 256);
        for (int i = 0; i < 4; i++)
            s.border[i] = gen_fbits((float)(gen_rn(g, 17) / 8.0 - 1.0));
        tx_tsc_pack(&s, w);
        json_object *e = json_object_new_object(), *ws = json_object_new_array();
        for (int i = 0; i < 8; i++)
            json_object_array_add(ws, gen_hex32(w[i]));
        gen_set(e, "index", json_object_new_int(k));
        gen_set(e, "words", ws);
        json_object_array_add(arr, e);
        gen_cbank(v, 4u * (uint32_t)k, (uint32_t)k << 20 | HDR);
    }
    gen_set(v, "samplers", arr);
}

static json_object *new_vector(gen_ctx *g, const char *id, const char *desc, const cfg *c,
                               int random, const uint8_t (*given)[16], unsigned ngiven)
{
    json_object *v = gen_vector(g, id, desc), *o;
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(TIC_BASE));
    gen_set(o, "max", json_object_new_int(HDR));
    gen_set(v, "tic", o);
    o = json_object_new_object();
    gen_set(o, "base", gen_hex64(TSC_BASE));
    gen_set(o, "max", json_object_new_int(NSMP - 1));
    gen_set(v, "tsc", o);
    if (add_texture(g, v, c, given, ngiven) < 0)
        return NULL;
    add_samplers(g, v, random);
    return v;
}

/* Steps use registers R16 + 8k .. (one group of 8 per step). */
static int nreg;

static void tlds(json_object *v, const uint32_t x[32], const uint32_t y[32], uint32_t lod)
{
    uint32_t l32[32];
    for (int l = 0; l < 32; l++)
        l32[l] = lod;
    int r = 16 + 8 * nreg++;
    gen_reg(v, r, x);
    gen_reg(v, r + 1, y);
    gen_reg(v, r + 4, l32);
    gen_stepf(v, "TLDS.LL R0, R2, R%d, R%d, 0x0, 2D, RGBA", r, r + 4);
}

/* TEX 2D with sampler smp; lod = TX_LOD_NONE (implicit), _LZ or _LL. */
static void tex(json_object *v, int smp, int lod, const float u[32], const float t[32], float ll)
{
    tx_insn in;
    tx_tex_slots sl;
    uint32_t a[8][32];
    memset(&in, 0, sizeof in);
    memset(a, 0, sizeof a);
    in.u.tex.lod = (uint8_t)lod;
    in.u.tex.dim = TX_DIM_2D;
    tx_tex_slots_of(&in, &sl);
    for (int l = 0; l < 32; l++) {
        a[sl.coord[0]][l] = gen_fbits(u[l]);
        a[sl.coord[1]][l] = gen_fbits(t[l]);
        if (sl.lod >= 0)
            a[sl.lod][l] = gen_fbits(ll);
    }
    int r = 16 + 8 * nreg++;
    for (int i = 0; i < 8; i++)
        gen_reg(v, r + i, a[i]);
    if (lod == TX_LOD_LL)
        gen_stepf(v, "TEX.LL R0, R%d, R%d, 0x%x, 2D, 0xf", r, r + 4, smp);
    else if (lod == TX_LOD_LZ)
        gen_stepf(v, "TEX.LZ R0, R%d, 0x%x, 2D, 0xf", r, smp);
    else
        gen_stepf(v, "TEX R0, R%d, 0x%x, 2D, 0xf", r, smp);
}

/* Quads around random centres with a pixel step of 2^lo .. 2^hi texels. */
static void quads(gen_ctx *g, const cfg *c, double lo, double hi, int slo, int shi, float u[32],
                  float t[32])
{
    for (int q = 0; q < 8; q++) {
        double cu = gen_frnd(g, lo, hi) * c->w, cv = gen_frnd(g, lo, hi) * c->h;
        double d = ldexp(gen_frnd(g, 0.7, 1.3), slo + (int)gen_rn(g, (uint32_t)(shi - slo + 1)));
        for (int l = 0; l < 4; l++) {
            u[4 * q + l] = (float)((cu + (l & 1) * d) / c->w);
            t[4 * q + l] = (float)((cv + (l >> 1) * d) / c->h);
        }
    }
}

int gen_bptc_directed(gen_ctx *g)
{
    for (int f = 0; f < 4; f++) {
        cfg c = {f, 16, 12, 3, 0, 1};
        char id[64], desc[200];
        snprintf(id, sizeof id, "bptc-%s", fmts[f].name);
        snprintf(desc, sizeof desc, "%s 16x12 block-linear, 3 levels, every block mode: TLDS of "
                 "every texel, TEX point, bilinear across block edges, trilinear, border",
                 fmts[f].name);
        json_object *v = new_vector(g, id, desc, &c, 0, NULL, 0);
        if (!v)
            return -1;
        nreg = 0;
        for (int l = 0; l < c.levels; l++) {
            uint32_t w = (uint32_t)c.w >> l, h = (uint32_t)c.h >> l, n = w * h;
            for (uint32_t base = 0; base < n; base += 32) {
                uint32_t x[32], y[32];
                for (uint32_t k = 0; k < 32; k++) {
                    uint32_t i = (base + k) % n;
                    x[k] = i % w;
                    y[k] = i / w;
                }
                tlds(v, x, y, (uint32_t)l);
            }
        }
        float u[32], t[32];
        for (int k = 0; k < 2; k++) {       /* point, bilinear on block edges */
            for (int l = 0; l < 32; l++) {
                u[l] = (float)((4.0 * gen_rn(g, 5) + gen_frnd(g, -1.0, 1.0)) / c.w);
                t[l] = (float)((4.0 * gen_rn(g, 4) + gen_frnd(g, -1.0, 1.0)) / c.h);
            }
            tex(v, k, TX_LOD_LZ, u, t, 0);
        }
        quads(g, &c, 0.0, 1.0, -1, 2, u, t);
        tex(v, 2, TX_LOD_NONE, u, t, 0);
        quads(g, &c, -0.2, 1.2, -1, 0, u, t);
        tex(v, 3, TX_LOD_LZ, u, t, 0);
        quads(g, &c, 0.0, 1.0, -1, 1, u, t);
        tex(v, 1, TX_LOD_LL, u, t, 1.0f);
    }
    return 0;
}

int gen_bptc_random(gen_ctx *g)
{
    int count = gen_count(g, 20);
    for (int i = 0; i < count; i++) {
        cfg c;
        c.fmt = (int)gen_rn(g, 4);
        c.w = 1 + (int)gen_rn(g, 36);
        c.h = 1 + (int)gen_rn(g, 20);
        c.pitch = gen_rn(g, 4) == 0;
        c.levels = c.pitch ? 1 : 1 + (int)gen_rn(g, 3);
        c.bh = (int)gen_rn(g, 3);
        char id[64], desc[200];
        snprintf(id, sizeof id, "bptc-random-%d", i);
        snprintf(desc, sizeof desc, "random %s %dx%d %s, %d level(s), random samplers and steps",
                 fmts[c.fmt].name, c.w, c.h, c.pitch ? "pitch" : "block-linear", c.levels);
        json_object *v = new_vector(g, id, desc, &c, 1, NULL, 0);
        if (!v)
            return -1;
        nreg = 0;
        int n = 14 + (int)gen_rn(g, 6);
        for (int k = 0; k < n; k++) {
            float u[32], t[32];
            if (gen_rn(g, 10) < 3) {
                uint32_t x[32], y[32];
                for (int l = 0; l < 32; l++) {
                    x[l] = gen_rn(g, (uint32_t)c.w + 1);
                    y[l] = gen_rn(g, (uint32_t)c.h + 1);
                }
                tlds(v, x, y, gen_rn(g, (uint32_t)c.levels));
            } else {
                static const int lods[3] = {TX_LOD_NONE, TX_LOD_LZ, TX_LOD_LL};
                quads(g, &c, -0.3, 1.3, -2, 2, u, t);
                tex(v, (int)gen_rn(g, NSMP), lods[gen_rn(g, 3)], u, t, (float)gen_frnd(g, -0.5, c.levels));
            }
        }
        if (gen_flush(g) < 0)
            return -1;
    }
    return 0;
}

/* ---- bptc-partitions ------------------------------------------------------
 *
 * Every partition of every partitioned mode: BC7 mode 0 (16 partitions, 3
 * subsets), modes 1 and 7 (64, 2 subsets), modes 2 and 3 (64, 3 and 2
 * subsets) and the ten two-region BC6H modes (32 partitions each, UF16 and
 * SF16).  One vector per mode: a 32-texel-wide texture whose level 0 holds
 * two blocks per partition in raster order, mode and partition bits set and
 * the endpoints random: one with random indices, one with every index bit
 * 1 (so that each anchor, whose index has one bit less, reads a smaller
 * index than its neighbours, whatever the random bits), then TLDS of every
 * texel of level 0 and a bilinear TEX across the block edges.  A changed
 * entry of a partition or anchor table changes some texel of some block. */

/* Partition field of each partitioned BC7 mode: its first bit and width,
 * and the bits of its index field (at the end of the block). */
static const struct { int mode, at, bits, index_bits; } bc7_part[5] = {
    {0, 1, 4, 45}, {1, 2, 6, 46}, {2, 3, 6, 29}, {3, 4, 6, 30}, {7, 8, 6, 30}};
/* The index field of a two-region BC6H block: 16 3-bit indices less the
 * two anchors' top bits. */
#define BC6_INDEX_BITS 46
/* Two-region BC6H mode numbers (5 bits; 0 and 1 take 2). */
static const uint8_t bc6_two[10] = {0, 1, 2, 6, 10, 14, 18, 22, 26, 30};

static void set_bits(uint8_t blk[16], unsigned at, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned b = at + i;
        blk[b >> 3] = (uint8_t)((blk[b >> 3] & ~(1u << (b & 7))) | ((v >> i & 1u) << (b & 7)));
    }
}

static int partition_vector(gen_ctx *g, int fmt, const char *what, uint8_t (*blocks)[16],
                            unsigned n)
{
    cfg c = {fmt, 32, (int)(4 * ((n + 7) / 8)), 2, 0, 1};
    char id[64], desc[200];
    snprintf(id, sizeof id, "bptc-part-%s-%s", fmts[fmt].name, what);
    snprintf(desc, sizeof desc, "%s %s: every partition, one block each, TLDS of every texel, "
             "bilinear TEX across block edges", fmts[fmt].name, what);
    json_object *v = new_vector(g, id, desc, &c, 0, (const uint8_t (*)[16])blocks, n);
    if (!v)
        return -1;
    /* TLDS.LL 2D: Ra = s, Ra + 1 = t (one pair per step from R16), Rb = R8
     * (level 0 for every step). */
    uint32_t zero[32] = {0};
    gen_reg(v, 8, zero);
    int k = 0;
    for (uint32_t base = 0; base < 16 * n; base += 32, k++) {
        uint32_t x[32], y[32];
        for (uint32_t l = 0; l < 32; l++) {
            uint32_t t = (base + l) % (16 * n), b = t / 16, i = t % 16;
            x[l] = 4 * (b % 8) + i % 4;
            y[l] = 4 * (b / 8) + i / 4;
        }
        gen_reg(v, 16 + 2 * k, x);
        gen_reg(v, 17 + 2 * k, y);
        gen_stepf(v, "TLDS.LL R0, R2, R%d, R8, 0x0, 2D, RGBA", 16 + 2 * k);
    }
    /* Bilinear (sampler 1) on block corners: footprints over four blocks. */
    nreg = (2 * k + 7) / 8;
    float u[32], t[32];
    for (int l = 0; l < 32; l++) {
        u[l] = (float)((4.0 * (1 + gen_rn(g, 7)) + gen_frnd(g, -0.6, 0.6)) / c.w);
        t[l] = (float)((4.0 * (1 + gen_rn(g, (uint32_t)(c.h / 4 - 1 > 0 ? c.h / 4 - 1 : 1))) +
                        gen_frnd(g, -0.6, 0.6)) / c.h);
    }
    tex(v, 1, TX_LOD_LZ, u, t, 0);
    return gen_flush(g);
}

int gen_bptc_partitions(gen_ctx *g)
{
    static uint8_t blocks[128][16];
    char what[32];
    for (int f = 0; f < 4; f++) {
        if (f == 3)
            continue;   /* BC7 sRGB decodes the same blocks; bptc-directed covers it */
        if (fmts[f].comps == BPTC_BC7U) {
            for (int m = 0; m < 5; m++) {
                unsigned np = 1u << bc7_part[m].bits;
                for (unsigned b = 0; b < 2 * np; b++) {
                    unsigned p = b % np;
                    for (int i = 0; i < 16; i++)
                        blocks[b][i] = (uint8_t)gen_rand(g);
                    set_bits(blocks[b], 0, (unsigned)bc7_part[m].mode + 1,
                             1u << bc7_part[m].mode);
                    set_bits(blocks[b], (unsigned)bc7_part[m].at, (unsigned)bc7_part[m].bits, p);
                    if (b >= np)
                        for (unsigned i = 128u - (unsigned)bc7_part[m].index_bits; i < 128; i++)
                            set_bits(blocks[b], i, 1, 1);
                }
                snprintf(what, sizeof what, "mode%d", bc7_part[m].mode);
                if (partition_vector(g, f, what, blocks, 2 * np) < 0)
                    return -1;
            }
        } else {
            for (int m = 0; m < 10; m++) {
                for (unsigned b = 0; b < 64; b++) {
                    for (int i = 0; i < 16; i++)
                        blocks[b][i] = (uint8_t)gen_rand(g);
                    unsigned mn = bc6_two[m];
                    set_bits(blocks[b], 0, mn < 2 ? 2 : 5, mn);
                    set_bits(blocks[b], 77, 5, b % 32);
                    if (b >= 32)
                        for (unsigned i = 128u - BC6_INDEX_BITS; i < 128; i++)
                            set_bits(blocks[b], i, 1, 1);
                }
                snprintf(what, sizeof what, "mode%u", (unsigned)bc6_two[m]);
                if (partition_vector(g, f, what, blocks, 64) < 0)
                    return -1;
            }
        }
    }
    return 0;
}
