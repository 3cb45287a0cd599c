/*
 * gen_txq.c - TXQ suites (docs/semantics.md section 11): the directed walk
 * over every texture type x layout kind x view x sample count, each query
 * (TEX_HEADER_DIMENSION, TEX_HEADER_TEXTURE_TYPE, TEX_HEADER_SAMPLER_POS)
 * in both binding forms with several write masks, levels inside and past
 * the view, and the invalid cases (no header, a faulting header, an unusable
 * header); and a seeded random suite.  TXQ reads no texel, so the vectors
 * hold headers and handles only.  Expectations come from the model (gen.c).
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "isa.h"

#define T_TIC_BASE 0x10000u
#define T_TIC_MAX 255
#define T_NOHDR 200         /* inside the pool, in a page never written: the read faults */
#define T_TEX_BASE 0x400000u
#define T_HANDLE_SMP (0x3c1u << 20) /* sampler bits of a handle: TXQ ignores them */

static const char *const qnames[3] = { "TEX_HEADER_DIMENSION", "TEX_HEADER_TEXTURE_TYPE",
                                       "TEX_HEADER_SAMPLER_POS" };

/* A header of type `type`, block linear unless pitch, 8 bits per texel. */
static tx_tic tic_of(unsigned type, uint32_t w, uint32_t h, uint32_t d, unsigned max_mip,
                     unsigned vmin, unsigned vmax, unsigned ms, int pitch, uint64_t addr)
{
    tx_tic t;
    memset(&t, 0, sizeof t);
    t.components = TX_FMT_R8;
    for (int i = 0; i < 4; i++)
        t.dtype[i] = TX_DT_UNORM;
    t.swz[0] = TX_SWZ_R;
    t.swz[1] = t.swz[2] = TX_SWZ_ZERO;
    t.swz[3] = TX_SWZ_ONE_FLOAT;
    t.texture_type = (uint8_t)type;
    t.address = addr;
    if (type == TX_TEX_1D_BUFFER) {
        t.version = TX_TIC_1D_BUFFER;
        t.width_minus_one = w - 1;
    } else {
        t.version = pitch ? TX_TIC_PITCH : TX_TIC_BLOCKLINEAR;
        if (pitch)
            t.pitch = (w + 31u) & ~31u;
        t.width_minus_one = (w - 1) & 0xffffu;
        t.height_minus_one = (uint16_t)(h - 1);
        t.depth_minus_one = (uint16_t)((d - 1) & 0x3fffu);
        t.max_mip_level = (uint8_t)max_mip;
        t.res_view_min_mip_level = (uint8_t)vmin;
        t.res_view_max_mip_level = (uint8_t)vmax;
        t.multi_sample_count = (uint8_t)ms;
    }
    t.normalized_coords = 1;
    return t;
}

/* {"index": i, "words": [...]} in the vector's header list, and its handle
 * in constant-bank word i. */
static void put_header(json_object *v, int index, const tx_tic *t)
{
    uint32_t w[8];
    json_object *hs, *h = json_object_new_object(), *a = json_object_new_array();

    if (!json_object_object_get_ex(v, "headers", &hs)) {
        hs = json_object_new_array();
        gen_set(v, "headers", hs);
    }
    tx_tic_pack(t, w);
    for (int i = 0; i < 8; i++)
        json_object_array_add(a, gen_hex32(w[i]));
    gen_set(h, "index", json_object_new_int(index));
    gen_set(h, "words", a);
    json_object_array_add(hs, h);
    gen_cbank(v, (uint32_t)index * 4u, (uint32_t)index | T_HANDLE_SMP);
}

static json_object *vec_new(gen_ctx *g, const char *id, const char *desc)
{
    json_object *v = gen_vector(g, id, desc), *tic = json_object_new_object();
    gen_set(tic, "base", gen_hex64(T_TIC_BASE));
    gen_set(tic, "max", json_object_new_int(T_TIC_MAX));
    gen_set(v, "tic", tic);
    /* Handles of the invalid cases: a header index past the pool, and one
     * inside it that was never written. */
    gen_cbank(v, 46u * 4u, 0x7ffffu | T_HANDLE_SMP);
    gen_cbank(v, 45u * 4u, T_NOHDR | T_HANDLE_SMP);
    return v;
}

/* Level operands R4 (TXQ) and R7 (TXQ.B): every level of a view and past
 * it, the largest values, and a few from salt. */
static void put_levels(gen_ctx *g, json_object *v)
{
    uint32_t lv[32];
    for (int l = 0; l < 32; l++)
        lv[l] = l < 18 ? (uint32_t)l : (uint32_t)(gen_rand(g) % 20u);
    lv[18] = 0xffffffffu;
    lv[19] = 0x80000000u;
    lv[20] = 0x10;
    gen_reg(v, 4, lv);
    gen_reg(v, 7, lv);
}

/* TXQ.B handles in R6: every lane names header `index`, except lanes
 * below the first active one of some steps, which name another. */
static void put_handles(json_object *v, int index, int other)
{
    uint32_t hv[32];
    for (int l = 0; l < 32; l++)
        hv[l] = (uint32_t)(l < 4 ? other : index) | T_HANDLE_SMP;
    gen_reg(v, 6, hv);
}

static const unsigned masks[] = { 0xf, 0x1, 0x2, 0x4, 0x8, 0x3, 0xc, 0x7, 0x9, 0x0 };
#define NMASKS (sizeof masks / sizeof masks[0])

/* Steps over the queries of header `index` in both forms. */
static void query_steps(json_object *v, int index, unsigned salt)
{
    for (int q = 0; q < 3; q++)
        for (int m = 0; m < 3; m++) {
            unsigned mask = masks[(salt + 3u * q + m) % NMASKS];
            gen_stepf(v, "TXQ R8, R4, %s, 0x%x, 0x%x", qnames[q], index, mask);
            gen_stepf(v, "TXQ.B R12, R6, %s, 0x0, 0x%x", qnames[q], masks[(salt + q + m + 1) % NMASKS]);
        }
}

struct tcase {
    unsigned type;
    uint32_t w, h, d;
    unsigned max_mip, vmin, vmax, ms;
    int pitch;
};

/* Per texture type: three headers (full chain, a view inside the chain,
 * odd sizes with a multisample count or a pitch layout). */
static const struct tcase cases[][3] = {
    { { TX_TEX_1D, 200, 1, 1, 7, 0, 15, 0, 0 }, { TX_TEX_1D, 4096, 1, 1, 12, 3, 9, 0, 0 },
      { TX_TEX_1D, 1, 1, 1, 0, 0, 0, 0, 0 } },
    { { TX_TEX_2D, 640, 360, 1, 9, 0, 15, 0, 0 }, { TX_TEX_2D, 33, 1024, 1, 10, 2, 6, 0, 0 },
      { TX_TEX_2D, 96, 64, 1, 0, 0, 0, 3, 0 } },
    { { TX_TEX_3D, 64, 32, 16, 6, 0, 15, 0, 0 }, { TX_TEX_3D, 5, 7, 9, 3, 1, 2, 0, 0 },
      { TX_TEX_3D, 128, 2, 300, 8, 0, 8, 0, 0 } },
    { { TX_TEX_CUBEMAP, 256, 256, 1, 8, 0, 15, 0, 0 }, { TX_TEX_CUBEMAP, 17, 17, 1, 4, 4, 4, 0, 0 },
      { TX_TEX_CUBEMAP, 1, 1, 1, 0, 0, 0, 0, 0 } },
    { { TX_TEX_1D_ARRAY, 300, 1, 12, 8, 0, 15, 0, 0 }, { TX_TEX_1D_ARRAY, 16, 1, 16384, 4, 1, 3, 0, 0 },
      { TX_TEX_1D_ARRAY, 2, 1, 1, 1, 0, 1, 0, 0 } },
    { { TX_TEX_2D_ARRAY, 512, 128, 6, 9, 0, 15, 0, 0 }, { TX_TEX_2D_ARRAY, 40, 24, 255, 5, 2, 15, 0, 0 },
      { TX_TEX_2D_ARRAY, 64, 64, 3, 0, 0, 0, 2, 0 } },
    { { TX_TEX_1D_BUFFER, 100000, 1, 1, 0, 0, 0, 0, 0 }, { TX_TEX_1D_BUFFER, 1, 1, 1, 0, 0, 0, 0, 0 },
      { TX_TEX_1D_BUFFER, 65537, 1, 1, 0, 0, 0, 0, 0 } },
    { { TX_TEX_2D_NO_MIPMAP, 300, 200, 1, 0, 0, 0, 0, 0 }, { TX_TEX_2D, 256, 100, 1, 0, 0, 15, 0, 1 },
      { TX_TEX_2D_NO_MIPMAP, 64, 32, 1, 0, 0, 0, 6, 0 } },
    { { TX_TEX_CUBEMAP_ARRAY, 128, 128, 4, 7, 0, 15, 0, 0 },
      { TX_TEX_CUBEMAP_ARRAY, 9, 9, 2000, 3, 1, 3, 0, 0 },
      { TX_TEX_CUBEMAP_ARRAY, 32, 32, 1, 5, 5, 5, 0, 0 } },
};
static const char *const case_names[] = { "1d", "2d", "3d", "cube", "1d-array", "2d-array",
                                          "1d-buffer", "2d-no-mipmap", "cube-array" };

int gen_txq_directed(gen_ctx *g)
{
    char id[64], desc[192];
    gen_suite_tag("txq");

    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        snprintf(id, sizeof id, "txq-%s", case_names[c]);
        snprintf(desc, sizeof desc, "TXQ, TXQ.B: every query of three %s headers, levels inside "
                 "and past the view, several write masks", case_names[c]);
        json_object *v = vec_new(g, id, desc);
        uint64_t addr = T_TEX_BASE;
        for (int k = 0; k < 3; k++) {
            const struct tcase *tc = &cases[c][k];
            tx_tic t = tic_of(tc->type, tc->w, tc->h, tc->d, tc->max_mip, tc->vmin, tc->vmax,
                              tc->ms, tc->pitch, addr);
            put_header(v, 1 + k, &t);
            addr += 0x100000u;
        }
        put_levels(g, v);
        /* TXQ.B's handles: header 1, header 2 in lanes 0-3 (the lowest
         * active lane decides, S8.1). */
        put_handles(v, 1, 2);
        for (int k = 0; k < 3; k++)
            query_steps(v, 1 + k, (unsigned)(c + k));
        if (gen_flush(g))
            return -1;
    }

    /* Every multisample count of a 2D header with TEXTURE_TYPE and
     * SAMPLER_POS. */
    {
        json_object *v = vec_new(g, "txq-ms", "TXQ: TEX_HEADER_TEXTURE_TYPE and SAMPLER_POS of "
                                 "every MULTI_SAMPLE_COUNT code (0-15)");
        for (unsigned ms = 0; ms < 16; ms++) {
            tx_tic t = tic_of(TX_TEX_2D, 64, 32, 1, 0, 0, 0, ms, 0, T_TEX_BASE + ms * 0x10000u);
            put_header(v, 1 + (int)ms, &t);
        }
        put_levels(g, v);
        put_handles(v, 1, 2);
        for (unsigned ms = 0; ms < 16; ms++) {
            gen_stepf(v, "TXQ R8, R4, TEX_HEADER_TEXTURE_TYPE, 0x%x, 0xf", 1 + ms);
            gen_stepf(v, "TXQ R8, R4, TEX_HEADER_SAMPLER_POS, 0x%x, 0xf", 1 + ms);
            gen_stepf(v, "TXQ R8, R4, TEX_HEADER_DIMENSION, 0x%x, 0xf", 1 + ms);
        }
        if (gen_flush(g))
            return -1;
    }

    /* Invalid and unusable headers (S11.7): past the pool (no read), never
     * written (the read faults), an unknown format and an unknown type
     * (no layout); lanes, guards, .NODEP and the phases. */
    {
        json_object *v = vec_new(g, "txq-invalid", "TXQ: no header, a faulting header read, "
                                 "unusable headers; guards, .NODEP, .T/.P, partial CTM and KTM");
        gen_set(v, "allow_illegal", json_object_new_boolean(1)); /* the illegal forms below */
        tx_tic t = tic_of(TX_TEX_2D, 64, 64, 1, 6, 0, 15, 0, 0, T_TEX_BASE);
        put_header(v, 1, &t);
        t.components = 0x7e; /* no such format: the layout is unusable */
        put_header(v, 2, &t);
        t = tic_of(TX_TEX_2D, 64, 64, 1, 6, 0, 15, 0, 0, T_TEX_BASE);
        t.texture_type = 12; /* no such type */
        put_header(v, 3, &t);
        put_levels(g, v);
        {
            uint32_t hv[32];
            for (int l = 0; l < 32; l++)
                hv[l] = (l & 1 ? 46u : 45u) | T_HANDLE_SMP;
            gen_reg(v, 6, hv);
        }
        gen_set(v, "ctm", gen_hex32(0xfff0ff7eu));
        gen_set(v, "ktm", gen_hex32(0x00ff00f1u));
        gen_pred(v, 1, 0x5a5aa5a5u);
        for (int q = 0; q < 3; q++) {
            for (int idx = 1; idx <= 3; idx++)
                gen_stepf(v, "TXQ R8, R4, %s, 0x%x, 0xf", qnames[q], idx);
            gen_stepf(v, "TXQ R8, R4, %s, 0x2e, 0xf", qnames[q]);
            gen_stepf(v, "TXQ R8, R4, %s, 0x2d, 0xf", qnames[q]);
            gen_stepf(v, "TXQ.B R12, R6, %s, 0x0, 0xf", qnames[q]);
            gen_stepf(v, "@P1 TXQ.NODEP R8, R4, %s, 0x1, 0xf", qnames[q]);
            gen_stepf(v, "@!P1 TXQ.T R8, R4, %s, 0x1, 0x3", qnames[q]);
            gen_stepf(v, "TXQ.NODEP.P R16, R4, %s, 0x1, 0xf", qnames[q]);
            gen_stepf(v, "TXQ RZ, R4, %s, 0x1, 0xf", qnames[q]);
            gen_stepf(v, "TXQ R20, RZ, %s, 0x1, 0xf", qnames[q]);
            gen_stepf(v, "TXQ R4, R4, %s, 0x1, 0x1", qnames[q]);
        }
        /* Illegal words (docs/isa.md 6): ILLEGAL, nothing written, the
         * hash kept. */
        gen_step(v, "TXQ R9, R4, TEX_HEADER_DIMENSION, 0x1, 0x3");
        gen_step(v, "TXQ.B.T R8, R5, TEX_HEADER_DIMENSION, 0x0, 0x1");
        gen_step_word(v, 0xdf48006080c70408ull, 0x7e0);  /* query code 3 */
        gen_step_word(v, 0xdf48006080570408ull, 0x7e0);  /* reserved bit 20 */
        gen_step_word(v, 0xdf50006080470408ull, 0x7e0);  /* TXQ.B with an index */
        gen_step_word(v, 0xdf48006080470408ull, 0x607e0); /* phase 3 */
        if (gen_flush(g))
            return -1;
    }
    return 0;
}

int gen_txq_random(gen_ctx *g)
{
    static const unsigned types[] = { TX_TEX_1D, TX_TEX_2D, TX_TEX_3D, TX_TEX_CUBEMAP,
                                      TX_TEX_1D_ARRAY, TX_TEX_2D_ARRAY, TX_TEX_1D_BUFFER,
                                      TX_TEX_2D_NO_MIPMAP, TX_TEX_CUBEMAP_ARRAY };
    int n = gen_count(g, 60);
    char id[64];

    gen_suite_tag("txq");
    for (int i = 0; i < n; i++) {
        snprintf(id, sizeof id, "txq-random-%d", i);
        json_object *v = vec_new(g, id, "TXQ, TXQ.B: random headers, levels, queries, masks, "
                                 "guards and lanes");
        int nh = 1 + (int)(gen_rand(g) % 6u);
        for (int k = 0; k < nh; k++) {
            unsigned type = types[gen_rand(g) % 9u];
            uint32_t w = 1 + (uint32_t)(gen_rand(g) % (gen_rand(g) & 1 ? 70000u : 600u));
            uint32_t h = 1 + (uint32_t)(gen_rand(g) % 2000u);
            uint32_t d = 1 + (uint32_t)(gen_rand(g) % (gen_rand(g) & 1 ? 16384u : 40u));
            unsigned mm = (unsigned)(gen_rand(g) % 16u), vmin = (unsigned)(gen_rand(g) % 16u);
            unsigned vmax = (unsigned)(gen_rand(g) % 16u), ms = (unsigned)(gen_rand(g) % 16u);
            int pitch = type == TX_TEX_2D && gen_rand(g) % 4u == 0;
            if (gen_rand(g) & 1)
                vmin = 0, vmax = 15;
            if (gen_rand(g) % 3u)
                ms = 0;
            tx_tic t = tic_of(type, type == TX_TEX_1D_BUFFER ? w : (w & 0xffffu) + 1, h, d, mm,
                              vmin, vmax, ms, pitch, T_TEX_BASE + (uint64_t)k * 0x100000u);
            put_header(v, 1 + k, &t);
        }
        {
            /* Half the vectors give every lane the same level (the
             * results then take one value per register in the file). */
            uint32_t lv[32], hv[32];
            int uniform = (int)(gen_rand(g) & 1);
            for (int l = 0; l < 32; l++) {
                uint64_t r = gen_rand(g);
                lv[l] = r & 1 ? (uint32_t)(r >> 8) % 18u : (uint32_t)(r >> 8);
                if (uniform && l > 0)
                    lv[l] = lv[0];
                hv[l] = (uint32_t)(1 + (r >> 40) % (uint64_t)(nh + 2)) | T_HANDLE_SMP;
                if (hv[l] == ((uint32_t)(nh + 2) | T_HANDLE_SMP))
                    hv[l] = 46u | T_HANDLE_SMP;
            }
            gen_reg(v, 4, lv);
            gen_reg(v, 6, hv);
            for (int l = 0; l < 32; l++)
                lv[l] = (uint32_t)gen_rand(g) % 20u;
            gen_reg(v, 7, lv);
        }
        /* Partial masks and guards in a few vectors: the directed suite
         * walks the lane rules, and full warps keep the file small. */
        if (gen_rand(g) % 4u == 0)
            gen_set(v, "ctm", gen_hex32((uint32_t)gen_rand(g) | 0x00010000u));
        if (gen_rand(g) % 4u == 0)
            gen_set(v, "ktm", gen_hex32((uint32_t)gen_rand(g)));
        gen_pred(v, 2, (uint32_t)gen_rand(g));
        for (int s = 0; s < 10; s++) {
            static const char *const guards[8] = { "", "", "", "", "", "", "@P2 ", "@!P2 " };
            static const char *const mods[6] = { "", ".NODEP", ".T", ".P", ".NODEP.T", "" };
            static const unsigned rds[4] = { 8, 12, 16, 255 };
            uint64_t r = gen_rand(g);
            unsigned q = (unsigned)(r % 3u), mask = (unsigned)(r >> 4) & 0xfu;
            const char *gd = guards[(r >> 8) & 7u], *md = mods[(r >> 10) % 6u];
            unsigned rd = rds[(r >> 16) & 3u];
            char rdn[8];
            if (rd == 255)
                snprintf(rdn, sizeof rdn, "RZ");
            else
                snprintf(rdn, sizeof rdn, "R%u", rd);
            if ((r >> 20) & 1)
                gen_stepf(v, "%sTXQ.B%s %s, R6, %s, 0x0, 0x%x", gd, md, rdn, qnames[q], mask);
            else
                gen_stepf(v, "%sTXQ%s %s, R4, %s, 0x%x, 0x%x", gd, md, rdn, qnames[q],
                          (unsigned)(1 + (r >> 24) % (uint64_t)(nh + 1)), mask);
        }
        if (gen_flush(g))
            return -1;
    }
    return 0;
}

/* ---- TMML --------------------------------------------------------------- */

#define M_TSC_BASE 0x20000u

static void put_sampler(json_object *v, int index, const tx_tsc *t)
{
    uint32_t w[8];
    json_object *ss, *h = json_object_new_object(), *a = json_object_new_array();
    if (!json_object_object_get_ex(v, "samplers", &ss)) {
        ss = json_object_new_array();
        gen_set(v, "samplers", ss);
    }
    tx_tsc_pack(t, w);
    for (int i = 0; i < 8; i++)
        json_object_array_add(a, gen_hex32(w[i]));
    gen_set(h, "index", json_object_new_int(index));
    gen_set(h, "words", a);
    json_object_array_add(ss, h);
}

/* Sampler kinds: 0 trilinear, 1 bias +1.5 with clamps 1.0 .. 3.25,
 * 2 mip POINT with negative bias, 3 mip NONE, 4 ANISO 8:1, 5 a maximum
 * clamp below the minimum. */
#define NSMP 6
static tx_tsc tsc_of(int kind)
{
    tx_tsc t;
    memset(&t, 0, sizeof t);
    t.mag_filter = 2;
    t.min_filter = 2;
    t.mip_filter = 3;
    t.max_lod_clamp = 15u << 8;
    switch (kind) {
    case 1:
        t.mip_lod_bias = 0x180;          /* +1.5 */
        t.min_lod_clamp = 0x100;
        t.max_lod_clamp = 0x340;
        break;
    case 2:
        t.mip_filter = 2;
        t.mip_lod_bias = 0x1f00u & 0x1fffu; /* -1.0 (s5.8, 13 bits) */
        t.min_lod_clamp_behavior = 1;
        t.min_lod_clamp = 0x1c0;
        break;
    case 3:
        t.mip_filter = 1;
        break;
    case 4:
        /* A minimum LOD of 1/2 makes every lane minify, so that the
         * anisotropic LOD (docs/filtering.md N4) is what TMML returns, the
         * zero footprint's -32 included. */
        t.min_filter = 3;
        t.max_anisotropy = 4;
        t.min_lod_clamp = 0x80;
        break;
    case 5:
        t.min_lod_clamp = 0x300;
        t.max_lod_clamp = 0x100;
        break;
    default:
        break;
    }
    return t;
}

/* Ra group of dim at R8 (array index first), per lane: quad q's lanes step
 * by (ds, dt) texels-per-pixel scaled by the quad's factor. */
static void tmml_coords(json_object *v, unsigned dim, uint32_t w, uint32_t h,
                        const float scale[8], int aniso_quad)
{
    uint32_t r[4][32];
    int arr = dim & 1, cube = (dim >> 1) == 3;
    int nc = cube ? 3 : (int)(dim >> 1) + 1;
    for (int l = 0; l < 32; l++) {
        int q = l / 4, x = l & 1, y = (l >> 1) & 1;
        float k = scale[q];
        float kx = k, ky = (q == aniso_quad) ? k / 8.0f : k;
        /* One base per quad: the derivatives are the steps. */
        float base_s = 0.3f + 0.01f * (float)q, base_t = 0.6f - 0.01f * (float)q;
        float c[3];
        c[0] = base_s + (float)x * kx / (float)w;
        c[1] = base_t + (float)y * ky / (float)h;
        c[2] = 0.25f + (float)(x + y) * k / 64.0f;
        if (cube) {
            c[0] = 1.0f;
            c[1] = base_s - 0.5f + (float)x * kx / (float)w;
            c[2] = base_t - 0.5f + (float)y * ky / (float)h;
        }
        int o = 0;
        if (arr)
            r[o++][l] = gen_fbits((float)(l % 3));
        for (int a = 0; a < nc; a++)
            r[o++][l] = gen_fbits(c[a]);
        for (; o < 4; o++)
            r[o][l] = 0;
    }
    for (int o = 0; o < 4; o++)
        gen_reg(v, 8 + o, r[o]);
}

static const unsigned tex_type_of_dim[8] = { TX_TEX_1D, TX_TEX_1D_ARRAY, TX_TEX_2D,
                                             TX_TEX_2D_ARRAY, TX_TEX_3D, 0, TX_TEX_CUBEMAP,
                                             TX_TEX_CUBEMAP_ARRAY };
static const char *const dim_names[8] = { "1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "", "CUBE",
                                          "ARRAY_CUBE" };

/* A vector for one dim: its texture at header 1, a mismatching one at
 * header 2, a view of levels 2..5 with the header's bias at header 3, one
 * level at header 4; every sampler kind; quads from 1/8 to 64 texels per
 * pixel.  The random suite reads header 1 only. */
static json_object *tmml_vector(gen_ctx *g, const char *id, const char *desc, unsigned dim,
                                uint32_t w, uint32_t h, uint32_t d, unsigned mips, unsigned vmin,
                                unsigned vmax, const float scale[8], int aniso_quad)
{
    json_object *v = vec_new(g, id, desc), *o = json_object_new_object();
    unsigned type = tex_type_of_dim[dim];
    gen_set(o, "base", gen_hex64(M_TSC_BASE));
    gen_set(o, "max", json_object_new_int(NSMP - 1));
    gen_set(v, "tsc", o);
    tx_tic t = tic_of(type, w, type == TX_TEX_1D || type == TX_TEX_1D_ARRAY ? 1 : h, d, mips,
                      vmin, vmax, 0, 0, T_TEX_BASE);
    put_header(v, 1, &t);
    t = tic_of(type == TX_TEX_3D ? TX_TEX_2D : TX_TEX_3D, 8, 8, 8, 0, 0, 0, 0, 0, T_TEX_BASE);
    put_header(v, 2, &t);
    /* Header 3: a view of levels 2 .. 5 of the chain; header 4: one level. */
    t = tic_of(type, w, type == TX_TEX_1D || type == TX_TEX_1D_ARRAY ? 1 : h, d, mips, 2, 5, 0,
               0, T_TEX_BASE);
    t.use_header_opt_control = 1; /* the header's bias (+0.5) replaces the sampler's */
    t.mip_lod_bias = 0x80;
    put_header(v, 3, &t);
    t = tic_of(type, w, type == TX_TEX_1D || type == TX_TEX_1D_ARRAY ? 1 : h, d, 0, 0, 0, 0, 0,
               T_TEX_BASE);
    put_header(v, 4, &t);
    for (int k = 0; k < NSMP; k++) {
        tx_tsc s = tsc_of(k);
        put_sampler(v, k, &s);
        /* cbank words 8 + k, 24 + k, 40 + k: headers 1, 3, 4 with sampler k */
        gen_cbank(v, (uint32_t)(8 + k) * 4u, 1u | (uint32_t)k << 20);
        gen_cbank(v, (uint32_t)(24 + k) * 4u, 3u | (uint32_t)k << 20);
        gen_cbank(v, (uint32_t)(40 + k) * 4u, 4u | (uint32_t)k << 20);
    }
    gen_cbank(v, 20u * 4u, 2u);                 /* the mismatching type */
    gen_cbank(v, 21u * 4u, 1u | 0x7ffu << 20);  /* sampler past its pool */
    tmml_coords(v, dim, w, h, scale, aniso_quad);
    {
        uint32_t hv[32];
        for (int l = 0; l < 32; l++)
            hv[l] = 1u | (uint32_t)(l < 4 ? 1 : (l / 4) % NSMP) << 20;
        gen_reg(v, 12, hv);
    }
    return v;
}

int gen_tmml_directed(gen_ctx *g)
{
    /* Quad 3 has a zero footprint (all four lanes on one point). */
    static const float scale[8] = { 0.125f, 0.5f, 1.0f, 0.0f, 3.0f, 7.0f, 20.0f, 64.0f };
    static const unsigned dims[7] = { TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_3D,
                                      TX_DIM_CUBE, TX_DIM_ACUBE };
    static const unsigned masks3[4] = { 0x1, 0x2, 0x3, 0xc };
    char id[64], desc[192];

    gen_suite_tag("tmml");
    for (int k = 0; k < 7; k++) {
        unsigned dim = dims[k];
        snprintf(id, sizeof id, "tmml-%s", dim_names[dim]);
        snprintf(desc, sizeof desc, "TMML, TMML.B %s: quads from 1/8 to 64 texels per pixel, "
                 "every sampler kind (bias, clamps, mip NONE/POINT/LINEAR, ANISO)", dim_names[dim]);
        json_object *v = tmml_vector(g, id, desc, dim, 256, 128, 32, 8, k == 2 ? 2 : 0, 15,
                                     scale, dim == TX_DIM_2D ? 3 : -1);
        for (int hb = 8; hb <= 40; hb += 16)
            for (int s = 0; s < NSMP; s++)
                for (int m = 0; m < 4; m++)
                    gen_stepf(v, "TMML.LOD%s R16, R8, 0x%x, %s, 0x%x", m == 3 ? ".NDV" : "",
                              hb + s, dim_names[dim], masks3[m]);
        gen_stepf(v, "TMML.B.LOD R16, R8, R12, 0x0, %s, 0x3", dim_names[dim]);
        gen_stepf(v, "TMML.LOD R16, R8, 0x14, %s, 0x3", dim_names[dim]);
        gen_stepf(v, "TMML.LOD R16, R8, 0x15, %s, 0x3", dim_names[dim]);
        gen_stepf(v, "TMML.LOD.NODEP.T R20, R8, 0x8, %s, 0xc", dim_names[dim]);
        if (gen_flush(g))
            return -1;
    }
    /* Lanes: a partial CTM (divergent quads without .NDV), a guard, KTM. */
    {
        json_object *v = tmml_vector(g, "tmml-lanes", "TMML: divergent quads, .NDV, guards, "
                                     ".NODEP with killed lanes", TX_DIM_2D, 512, 512, 1, 9, 0,
                                     15, scale, -1);
        gen_set(v, "allow_illegal", json_object_new_boolean(1)); /* the last three steps */
        gen_set(v, "ctm", gen_hex32(0xfff0ff7eu));
        gen_set(v, "ktm", gen_hex32(0x00ff00f1u));
        gen_pred(v, 1, 0x5a5aa5a5u);
        for (int s = 0; s < NSMP; s++) {
            gen_stepf(v, "TMML.LOD R16, R8, 0x%x, 2D, 0x3", 8 + s);
            gen_stepf(v, "TMML.LOD.NDV R16, R8, 0x%x, 2D, 0x3", 8 + s);
            gen_stepf(v, "@P1 TMML.LOD.NODEP R16, R8, 0x%x, 2D, 0x3", 8 + s);
            gen_step(v, "@!P1 TMML.B.LOD.P R16, R8, R12, 0x0, 2D, 0x1");
        }
        gen_step(v, "TMML.LOD R16, R9, 0x8, 2D, 0x3");        /* illegal: odd Ra */
        gen_step(v, "TMML.B.LOD R16, R8, RZ, 0x0, 2D, 0x3");  /* illegal: Rb = RZ */
        gen_step(v, "TMML.LOD R16, R8, R12, 0x8, 2D, 0x3");   /* illegal: Rb without .B */
        if (gen_flush(g))
            return -1;
    }
    return 0;
}

int gen_tmml_random(gen_ctx *g)
{
    static const unsigned dims[7] = { TX_DIM_1D, TX_DIM_A1D, TX_DIM_2D, TX_DIM_A2D, TX_DIM_3D,
                                      TX_DIM_CUBE, TX_DIM_ACUBE };
    int n = gen_count(g, 40);
    char id[64];

    gen_suite_tag("tmml");
    for (int i = 0; i < n; i++) {
        float scale[8];
        unsigned dim = dims[gen_rand(g) % 7u];
        uint32_t w = 1u + (uint32_t)(gen_rand(g) % 2048u), h = 1u + (uint32_t)(gen_rand(g) % 2048u);
        uint32_t d = 1u + (uint32_t)(gen_rand(g) % 64u);
        unsigned mips = (unsigned)(gen_rand(g) % 13u), vmin = (unsigned)(gen_rand(g) % 4u);
        /* A view that starts past MAX_MIP_LEVEL hangs TEX's implicit LOD in
         * the RTL (its first row is never built); kept out until fixed. */
        if (vmin > mips)
            vmin = mips;
        if ((dim >> 1) == 3)
            h = w;
        for (int q = 0; q < 8; q++)
            scale[q] = (float)(1u + gen_rand(g) % 4000u) / 64.0f;
        snprintf(id, sizeof id, "tmml-random-%d", i);
        json_object *v = tmml_vector(g, id, "TMML: random texture, sampler kind, quads and forms",
                                     dim, w, h, d, mips, vmin, 15, scale,
                                     (int)(gen_rand(g) % 8u));
        if (gen_rand(g) % 4u == 0)
            gen_set(v, "ctm", gen_hex32((uint32_t)gen_rand(g) | 0x000f0000u));
        for (int s = 0; s < 14; s++) {
            uint64_t r = gen_rand(g);
            /* One component per step keeps the file small; the directed
             * suite writes the pair and B, A. */
            unsigned mask = (r & 1u) + 1u;
            if ((r >> 2) % 4u == 0)
                gen_stepf(v, "TMML.B.LOD%s R16, R8, R12, 0x0, %s, 0x%x", (r >> 4) & 1 ? ".NDV" : "",
                          dim_names[dim], mask);
            else
                gen_stepf(v, "TMML.LOD%s R16, R8, 0x%x, %s, 0x%x", (r >> 4) & 1 ? ".NDV" : "",
                          (unsigned)(8u + (r >> 8) % NSMP), dim_names[dim], mask);
        }
        if (gen_flush(g))
            return -1;
    }
    return 0;
}
