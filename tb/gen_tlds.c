/*
 * gen_tlds.c - TLDS vector suites.
 *
 * tlds-directed walks the seed's tables: every write-mask code of both tables
 * in F32 and F16, both rounding modes, the supported formats, lane masks,
 * guard predicates, .NODEP with killed lanes, the .phase hash, out-of-bounds
 * lanes, an invalid header index and illegal encodings.  Texture contents and
 * coordinates are fixed patterns chosen to hit edge values.
 */
#include <stdio.h>
#include <string.h>
#include "gen.h"
#include "isa.h"

#define TIC_BASE 0x10000u
#define TIC_MAX 15
#define TSC_BASE 0x20000u
#define TEX_BASE 0x100000u

/* Constant-bank handle words (word index -> header index). */
#define H_RGBA8 3   /* at tsPtrIdx 0x7 */
#define H_R32F 4    /* at tsPtrIdx 0x8 */
#define H_INVALID 20 /* at tsPtrIdx 0x9: above TIC_MAX */

static const char *const wm_rz[] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
static const char *const wm_nrz[] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};

/* 16 x 8 A8B8G8R8 UNORM, pitch 64 B.  Texel (0,0) is all zeros and (1,0)
 * all ones so the conversion end points are covered. */
static void tex_rgba8(json_object *v, int index, uint64_t addr)
{
    uint8_t img[64 * 8];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 16; x++)
            for (int c = 0; c < 4; c++)
                img[y * 64 + x * 4 + c] = (uint8_t)(x * 37 + y * 101 + c * 59 + 13);
    memset(img, 0x00, 4);
    memset(img + 4, 0xff, 4);
    gen_memory(v, addr, img, sizeof(img));

    json_object *f = json_object_new_object();
    gen_set(f, "version", json_object_new_string("PITCH"));
    gen_set(f, "type", json_object_new_string("2D"));
    gen_set(f, "format", json_object_new_string("A8B8G8R8"));
    gen_set(f, "dtype", json_object_new_string("UNORM"));
    json_object *sw = json_object_new_array();
    const char *names[] = {"R", "G", "B", "A"};
    for (int i = 0; i < 4; i++)
        json_object_array_add(sw, json_object_new_string(names[i]));
    gen_set(f, "swizzle", sw);
    gen_set(f, "address", gen_hex64(addr));
    gen_set(f, "pitch", json_object_new_int(64));
    gen_set(f, "width", json_object_new_int(16));
    gen_set(f, "height", json_object_new_int(8));
    gen_header(v, index, f);
}

/* 16 x 8 R32 FLOAT, pitch 64 B.  Row 0 holds values whose F16 packing is a
 * corner case: a binary32 denormal, -0, +Inf, a NaN, the largest half, a
 * value that overflows to Inf only when rounding to nearest, the smallest
 * half subnormal, an exact tie below it, and a value just above that tie. */
static void tex_r32f(json_object *v, int index, uint64_t addr)
{
    static const uint32_t row0[16] = {
        0x00000001, 0x80000000, 0x7f800000, 0x7fc00001, 0x477fe000, 0x477ff000,
        0x33800000, 0x33000000, 0x33400000, 0x3f800000, 0xbf800000, 0x3eaaaaab,
        0x40490fdb, 0xc2f6e979, 0x38800000, 0x387fc000};
    uint8_t img[64 * 8];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 16; x++) {
            uint32_t bits;
            if (y == 0) {
                bits = row0[x];
            } else {
                /* a spread of normal values with varied exponents */
                uint32_t e = 100u + (uint32_t)((x * 7 + y * 13) % 50);
                uint32_t m = (uint32_t)(x * 0x2f3b1 + y * 0x1d35f) & 0x7fffff;
                bits = ((uint32_t)((x + y) & 1) << 31) | e << 23 | m;
            }
            memcpy(img + y * 64 + x * 4, &bits, 4); /* little-endian host */
        }
    gen_memory(v, addr, img, sizeof(img));

    json_object *f = json_object_new_object();
    gen_set(f, "version", json_object_new_string("PITCH"));
    gen_set(f, "type", json_object_new_string("2D"));
    gen_set(f, "format", json_object_new_string("R32"));
    gen_set(f, "dtype", json_object_new_string("FLOAT"));
    json_object *sw = json_object_new_array();
    const char *names[] = {"R", "ZERO", "ZERO", "ONE_FLOAT"};
    for (int i = 0; i < 4; i++)
        json_object_array_add(sw, json_object_new_string(names[i]));
    gen_set(f, "swizzle", sw);
    gen_set(f, "address", gen_hex64(addr));
    gen_set(f, "pitch", json_object_new_int(64));
    gen_set(f, "width", json_object_new_int(16));
    gen_set(f, "height", json_object_new_int(8));
    gen_header(v, index, f);
}

/* The common initial state: pools, handles, both textures, and the 2D
 * coordinates in R9 (x) and R11 (y).  Lanes 0..8 read row 0; the others
 * spread over the texture and past its right and bottom edges. */
static json_object *tlds_vector(gen_ctx *g, const char *id, const char *desc)
{
    json_object *v = gen_vector(g, id, desc);
    json_object *tic = json_object_new_object();
    gen_set(tic, "base", gen_hex64(TIC_BASE));
    gen_set(tic, "max", json_object_new_int(TIC_MAX));
    gen_set(v, "tic", tic);
    json_object *tsc = json_object_new_object();
    gen_set(tsc, "base", gen_hex64(TSC_BASE));
    gen_set(tsc, "max", json_object_new_int(TIC_MAX));
    gen_set(v, "tsc", tsc);
    gen_cbank(v, 0x7 * 4, H_RGBA8);
    gen_cbank(v, 0x8 * 4, H_R32F);
    gen_cbank(v, 0x9 * 4, H_INVALID);

    uint32_t x[32], y[32];
    for (int l = 0; l < 32; l++) {
        x[l] = l < 9 ? (uint32_t)l : (uint32_t)(l * 7) % 19;
        y[l] = l < 9 ? 0 : (uint32_t)(l * 3) % 9;
    }
    gen_reg(v, 9, x);
    gen_reg(v, 11, y);
    tex_rgba8(v, H_RGBA8, TEX_BASE);
    tex_r32f(v, H_R32F, TEX_BASE + 0x10000);
    return v;
}

/* Every write-mask code of both tables for one texture and one precision. */
static void masks(gen_ctx *g, const char *fmt_id, unsigned tsidx, int f16, const char *round)
{
    char id[96], sass[128];
    snprintf(id, sizeof(id), "wmask-%s-%s%s%s", fmt_id, f16 ? "f16" : "f32", round ? "-" : "",
             round ? round : "");
    json_object *v = tlds_vector(g, id, "TLDS 2D.LZ: every write-mask code of both tables");
    if (round)
        gen_set(v, "fp16_round", json_object_new_string(round));
    for (int c = 0; c < 8; c++) {
        snprintf(sass, sizeof(sass), "TLDS%s.LZ RZ, R4, R9, R11, 0x%x, 2D, %s;", f16 ? ".F16" : "",
                 tsidx, wm_rz[c]);
        gen_step(v, sass);
    }
    for (int c = 0; c < 5; c++) {
        snprintf(sass, sizeof(sass),
                 "TLDS%s.LZ R0, R4, R9, R11, 0x%x, 2D, %s;", f16 ? ".F16" : "", tsidx, wm_nrz[c]);
        gen_step(v, sass);
    }
}

int gen_tlds_directed(gen_ctx *g)
{
    static const struct { const char *name; unsigned tsidx; } fmts[] = {
        {"rgba8", 0x7}, {"r32f", 0x8}};
    for (int f = 0; f < 2; f++) {
        masks(g, fmts[f].name, fmts[f].tsidx, 0, NULL);
        masks(g, fmts[f].name, fmts[f].tsidx, 1, NULL);
        masks(g, fmts[f].name, fmts[f].tsidx, 1, "rz");
    }

    /* Lane masks: only active lanes fetch and write. */
    static const uint32_t ctms[] = {0x0000ffffu, 0xf0f0f0f0u, 0x00000001u, 0x80000000u, 0};
    for (unsigned i = 0; i < sizeof(ctms) / sizeof(ctms[0]); i++) {
        char id[64];
        snprintf(id, sizeof(id), "ctm-%08x", ctms[i]);
        json_object *v = tlds_vector(g, id, "TLDS with a partial current thread mask");
        gen_set(v, "ctm", gen_hex32(ctms[i]));
        gen_step(v, "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;");
        gen_step(v, "TLDS.F16.LZ RZ, R6, R9, R11, 0x8, 2D, RA;");
    }

    /* Guard predicates. */
    {
        json_object *v = tlds_vector(g, "guard", "TLDS under @P0, @!P1, @PT and @!PT");
        gen_pred(v, 0, 0xaaaaaaaau);
        gen_pred(v, 1, 0x0f0f0f0fu);
        gen_step(v, "@P0 TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;");
        gen_step(v, "@!P1 TLDS.LZ RZ, R6, R9, R11, 0x8, 2D, RG;");
        gen_step(v, "@PT TLDS.F16.LZ RZ, R7, R9, R11, 0x7, 2D, BA;");
        gen_step(v, "@!PT TLDS.LZ RZ, R8, R9, R11, 0x7, 2D, R;");
    }

    /* .NODEP drops killed lanes; without it they still fetch. */
    {
        json_object *v = tlds_vector(g, "nodep-ktm", "TLDS with killed lanes, with and without .NODEP");
        gen_set(v, "ktm", gen_hex32(0x00ff00ffu));
        gen_step(v, "TLDS.LZ.NODEP R0, R4, R9, R11, 0x7, 2D, RGBA;");
        gen_step(v, "TLDS.LZ R2, R6, R9, R11, 0x7, 2D, RGBA;");
    }

    /* The warp texture hash: .T increments the texture part, .P the phase
     * part and clears the texture part. */
    {
        json_object *v = tlds_vector(g, "phase-hash", "TLDS .T and .P update the warp texture hash");
        gen_set(v, "hash", json_object_new_int(0x3e));
        gen_step(v, "TLDS.LZ.T RZ, R4, R9, R11, 0x7, 2D, R;");
        gen_step(v, "TLDS.LZ.T RZ, R4, R9, R11, 0x7, 2D, G;");
        gen_step(v, "TLDS.LZ.P RZ, R4, R9, R11, 0x7, 2D, B;");
        gen_step(v, "TLDS.LZ.T RZ, R4, R9, R11, 0x7, 2D, A;");
        gen_step(v, "TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, R;");
    }

    /* A header index above the pool's maximum returns zeros. */
    {
        json_object *v = tlds_vector(g, "header-invalid", "header pointer above tic max: zeros");
        gen_step(v, "TLDS.LZ R0, R4, R9, R11, 0x9, 2D, RGBA;");
        gen_step(v, "TLDS.F16.LZ R0, R4, R9, R11, 0x9, 2D, RGBA;");
    }

    /* Illegal instructions write nothing and leave the hash alone. */
    {
        json_object *v = tlds_vector(g, "illegal", "illegal encodings raise ILLEGAL and write nothing");
        gen_step(v, "TLDS.LZ RZ, R5, R9, R11, 0x7, 2D, RG;");     /* Rd0 odd for a vec2 */
        gen_step(v, "TLDS.LZ R1, R4, R9, R11, 0x7, 2D, RGBA;");   /* Rd1 odd for a vec2 */
        gen_step(v, "TLDS.LZ.T RZ, R4, RZ, R11, 0x7, 2D, R;");    /* Ra must not be RZ */
        gen_step(v, "TLDS.LZ RZ, R4, R9, RZ, 0x7, 2D, R;");       /* Rb must not be RZ */
        uint64_t w;
        uint32_t ctrl;
        tx_asm_err e;
        if (tx_asm("TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, R;", &w, &ctrl, &e) == 0) {
            gen_step_word(v, (w & ~(0xfull << 53)) | 3ull << 53, ctrl);      /* target 3 */
            gen_step_word(v, (w & ~(0xfull << 53)) | 13ull << 53, ctrl);     /* target 13 */
            gen_step_word(v, (w & ~(0xffull << 28)) | 0ull << 28 | 5ull << 50, ctrl); /* Rd1=R0, mask 5 */
            gen_step_word(v, w, ctrl | 3u << 17);                            /* phase 3 */
        }
    }
    return 0;
}

int gen_tlds_random(gen_ctx *g)
{
    (void)g;
    fprintf(stderr, "texcosim gen: suite tlds-random is not available yet\n");
    return -1;
}
