/*
 * gen_pixld.c - PIXLD suites (docs/semantics.md section 7): the directed
 * walk over every mode x sample count x coverage class, with and without Pd
 * and in every address form, over standard and programmed positions, with
 * and without SSAA; the lane and encoding rules; a seeded random suite; and
 * the seed's example.  Expectations come from the model (gen.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "pixld.h"

static const unsigned counts[] = { 1, 2, 4, 8, 16 };
#define NCOUNTS (sizeof counts / sizeof counts[0])

static const char *const mode_names[6] = { "MSCOUNT", "COVMASK", "COVERED", "OFFSET",
                                           "CENTROID_OFFSET", "MY_INDEX" };

/* Coverage classes of a lane (docs/coverage.md "pixld"): full, none, one
 * sample, the first sample missing, every other sample, a random mask. */
enum { COV_FULL, COV_NONE, COV_ONE, COV_NOT_FIRST, COV_ALTERNATE, COV_RANDOM, COV_CLASSES };

static uint32_t cov_of(gen_ctx *g, unsigned n, int cls, int lane)
{
    uint32_t all = (1u << n) - 1u;
    switch (cls) {
    case COV_FULL: return all;
    case COV_NONE: return 0;
    case COV_ONE: return 1u << ((unsigned)lane % n);
    case COV_NOT_FIRST: return all & ~1u;
    case COV_ALTERNATE: return all & 0xaaaau;
    default: return (uint32_t)gen_rand(g) & all;
    }
}

/* The raster member: count, positions (NULL = standard), SSAA, per-lane
 * coverage and sample index. */
static void set_raster(json_object *v, unsigned n, const int8_t (*pos)[2], int ssaa,
                       const uint32_t cov[32], const uint32_t sidx[32])
{
    json_object *r = json_object_new_object();
    gen_set(r, "samples", json_object_new_int((int)n));
    if (pos) {
        json_object *a = json_object_new_array();
        for (unsigned s = 0; s < n; s++) {
            json_object *p = json_object_new_array();
            json_object_array_add(p, json_object_new_int(pos[s][0]));
            json_object_array_add(p, json_object_new_int(pos[s][1]));
            json_object_array_add(a, p);
        }
        gen_set(r, "positions", a);
    } else {
        gen_set(r, "positions", json_object_new_string("standard"));
    }
    gen_set(r, "ssaa", json_object_new_boolean(ssaa));
    json_object *c = json_object_new_array();
    for (int l = 0; l < 32; l++)
        json_object_array_add(c, gen_hex32(cov[l]));
    gen_set(r, "coverage", c);
    if (sidx) {
        json_object *a = json_object_new_array();
        for (int l = 0; l < 32; l++)
            json_object_array_add(a, json_object_new_int((int)sidx[l]));
        gen_set(r, "sample_index", a);
    }
    gen_set(v, "raster", r);
}

static void step(json_object *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void step(json_object *v, const char *fmt, ...)
{
    char t[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    gen_step(v, t);
}

/* Every mode, with and without Pd, in every address form that tells
 * something for n samples: no address, [imm] for every index up to one past
 * the last, [0xff], and [Ra+imm] with per-lane indices in R2 (0..n) and
 * offsets 0, +1, -1, +0x7f, -0x80. */
static void all_modes(json_object *v, unsigned n)
{
    static const char *const pds[2] = { "", ", P3" };
    for (int m = 0; m < 6; m++)
        for (int p = 0; p < 2; p++) {
            const char *mn = mode_names[m];
            step(v, "PIXLD.%s R8%s;", mn, pds[p]);
            if (m != 2 && m != 3) {
                /* an address in a mode that ignores it (S7.7) */
                step(v, "PIXLD.%s R9%s, [R2+0x1];", mn, pds[p]);
                continue;
            }
            for (unsigned i = 0; i <= n; i++)
                step(v, "PIXLD.%s R9%s, [0x%x];", mn, pds[p], i);
            step(v, "PIXLD.%s R10%s, [0xff];", mn, pds[p]);
            step(v, "PIXLD.%s R11%s, [R2];", mn, pds[p]);
            step(v, "PIXLD.%s R11%s, [R2+0x1];", mn, pds[p]);
            step(v, "PIXLD.%s R11%s, [R2-0x1];", mn, pds[p]);
            step(v, "PIXLD.%s R12%s, [R2+0x7f];", mn, pds[p]);
            step(v, "PIXLD.%s R12%s, [R2-0x80];", mn, pds[p]);
        }
    /* The modeless form is MSCOUNT; Rd = RZ still writes Pd. */
    step(v, "PIXLD R13;");
    step(v, "PIXLD.COVERED RZ, P4, [R2];");
    step(v, "PIXLD.MY_INDEX RZ, P5;");
}

/* Programmed positions for n samples: a deterministic spread over the
 * whole -8..7 range, corners included. */
static void programmed(unsigned n, unsigned k, int8_t pos[16][2])
{
    for (unsigned s = 0; s < n; s++) {
        pos[s][0] = (int8_t)((int)((s * 7 + k * 3) % 16) - 8);
        pos[s][1] = (int8_t)((int)((s * 11 + k * 5 + 15) % 16) - 8);
    }
}

int gen_pixld_directed(gen_ctx *g)
{
    char id[64], desc[160];

    g->rng = 0x5049584c44ull;  /* fixed: the directed file never changes */
    for (unsigned k = 0; k < NCOUNTS; k++) {
        unsigned n = counts[k];
        for (int prog = 0; prog < 2; prog++)
            for (int ssaa = 0; ssaa < 2; ssaa++) {
                uint32_t cov[32], sidx[32], r2[32];
                int8_t pos[16][2];
                snprintf(id, sizeof id, "ms%u-%s%s", n, prog ? "programmed" : "standard",
                         ssaa ? "-ssaa" : "");
                snprintf(desc, sizeof desc, "%u sample(s), %s positions%s: every mode, Pd and "
                         "address form; lane coverage classes full, none, one, not-first, "
                         "alternate, random", n, prog ? "programmed" : "standard",
                         ssaa ? ", SSAA" : "");
                json_object *v = gen_vector(g, id, desc);
                for (int l = 0; l < 32; l++) {
                    cov[l] = cov_of(g, n, l % COV_CLASSES, l);
                    sidx[l] = ssaa ? (uint32_t)l % n : 0;
                    r2[l] = (uint32_t)l % (n + 1);   /* indices 0..n, n out of range */
                }
                if (prog)
                    programmed(n, (unsigned)ssaa, pos);
                set_raster(v, n, prog ? (const int8_t(*)[2])pos : NULL, ssaa, cov,
                           ssaa ? sidx : NULL);
                gen_reg(v, 2, r2);
                all_modes(v, n);
            }
    }

    /* Lanes (S7.8): guard, CTM, killed lanes (no .NODEP), no active lane. */
    {
        uint32_t cov[32], r2[32];
        json_object *v = gen_vector(g, "lanes", "guard predicate, CTM, killed lanes and no "
                                    "active lane: off lanes write neither Rd nor Pd");
        for (int l = 0; l < 32; l++) {
            cov[l] = cov_of(g, 4, l % COV_CLASSES, l);
            r2[l] = (uint32_t)l & 3;
        }
        set_raster(v, 4, NULL, 1, cov, NULL);
        gen_reg(v, 2, r2);
        gen_set(v, "ctm", gen_hex32(0x7fff0ff1u));
        gen_set(v, "ktm", gen_hex32(0x0000ffffu));
        gen_pred(v, 0, 0x0f0f0f0fu);
        gen_pred(v, 1, 0x00000000u);
        step(v, "@P0 PIXLD.COVERED R1, P2, [R2];");
        step(v, "@!P0 PIXLD.COVMASK R3;");
        step(v, "@P1 PIXLD.COVERED R4, P2, [0x1];");
        step(v, "@!P1 PIXLD.MY_INDEX R5, P3;");
        step(v, "@P0 PIXLD.OFFSET R6, [R2+0x1];");
    }
    {
        json_object *v = gen_vector(g, "no-active-lane", "CTM 0: nothing is written");
        gen_set(v, "ctm", gen_hex32(0));
        step(v, "PIXLD.COVERED R1, P2;");
        step(v, "PIXLD.MSCOUNT R1;");
    }

    /* Encodings (S7.7): modes 6 and 7, reserved bits, a .phase. */
    {
        json_object *v = gen_vector(g, "illegal", "modes 6 and 7, reserved bits and a .phase "
                                    "are illegal and write nothing");
        const uint64_t base = 0xefe8000000000000ull | 7ull << 45 | 0xffull << 8 | 1ull << 0 |
                              7ull << 16;   /* PIXLD.MSCOUNT R1, PT guard, Ra = RZ */
        gen_step_word(v, base | 6ull << 31, 0x7e0);
        gen_step_word(v, base | 7ull << 31, 0x7e0);
        gen_step_word(v, base | 2ull << 31 | 1ull << 28, 0x7e0);
        gen_step_word(v, base | 2ull << 31 | 1ull << 40, 0x7e0);
        gen_step_word(v, base | 2ull << 31 | 1ull << 49, 0x7e0);
        gen_step_word(v, base | 2ull << 31, 0x7e0 | 1u << 17);
        gen_step_word(v, base | 2ull << 31, 0x7e0);     /* the legal word, for contrast */
    }
    return 0;
}

int gen_pixld_seed(gen_ctx *g)
{
    uint32_t cov[32];
    json_object *v = gen_vector(g, "seed-example", "PIXLD.COVMASK R0; (the seed's example) on a "
                                "16-sample raster: R0 = each lane's coverage, LSB-aligned");
    for (int l = 0; l < 32; l++)
        cov[l] = cov_of(g, 16, l % COV_CLASSES, l);
    set_raster(v, 16, NULL, 0, cov, NULL);
    step(v, "PIXLD.COVMASK R0;");
    v = gen_vector(g, "seed-example-1x", "PIXLD.COVMASK R0; with the default raster state "
                   "(1 sample, covered)");
    step(v, "PIXLD.COVMASK R0;");
    return 0;
}

int gen_pixld_random(gen_ctx *g)
{
    static const char *const guards[4] = { "", "@P0 ", "@!P1 ", "@PT " };
    int count = gen_count(g, 100);
    char id[32], t[128];

    for (int i = 0; i < count; i++) {
        unsigned n = counts[gen_rand(g) % NCOUNTS];
        int prog = (int)(gen_rand(g) % 3 == 0);
        int ssaa = (int)(gen_rand(g) % 3 == 0);
        uint32_t cov[32], sidx[32], ra[32];
        int8_t pos[16][2];
        snprintf(id, sizeof id, "random-%04d", i);
        json_object *v = gen_vector(g, id, NULL);
        for (int l = 0; l < 32; l++) {
            cov[l] = cov_of(g, n, (int)(gen_rand(g) % COV_CLASSES), l);
            sidx[l] = ssaa ? (uint32_t)(gen_rand(g) % n) : 0;
            /* mostly small indices, sometimes huge ones */
            ra[l] = gen_rand(g) % 8 ? (uint32_t)(gen_rand(g) % 20) : (uint32_t)gen_rand(g);
        }
        for (unsigned s = 0; s < n; s++) {
            pos[s][0] = (int8_t)((int)(gen_rand(g) % 16) - 8);
            pos[s][1] = (int8_t)((int)(gen_rand(g) % 16) - 8);
        }
        set_raster(v, n, prog ? (const int8_t(*)[2])pos : NULL, ssaa, cov, ssaa ? sidx : NULL);
        gen_reg(v, 6, ra);
        if (gen_rand(g) % 4 == 0)
            gen_set(v, "ctm", gen_hex32((uint32_t)gen_rand(g)));
        gen_pred(v, 0, (uint32_t)gen_rand(g));
        gen_pred(v, 1, (uint32_t)gen_rand(g));
        for (int k = 0; k < 5; k++) {
            int m = (int)(gen_rand(g) % 6);
            int pd = (int)(gen_rand(g) % 8);         /* 7 = PT */
            int rd = (int)(gen_rand(g) % 16);
            int form = (int)(gen_rand(g) % 4);
            char pds[8] = "", addr[24] = "";
            if (pd != 7)
                snprintf(pds, sizeof pds, ", P%d", pd);
            if (form == 1)
                snprintf(addr, sizeof addr, ", [0x%x]", (unsigned)(gen_rand(g) % 20));
            else if (form == 2)
                snprintf(addr, sizeof addr, ", [R6+0x%x]", (unsigned)(gen_rand(g) % 128));
            else if (form == 3)
                snprintf(addr, sizeof addr, ", [R6-0x%x]", (unsigned)(gen_rand(g) % 128 + 1));
            snprintf(t, sizeof t, "%sPIXLD.%s R%d%s%s;", guards[gen_rand(g) % 4], mode_names[m],
                     rd, pds, addr);
            gen_step(v, t);
        }
        if (gen_flush(g) < 0)   /* streamed: one vector at a time */
            return -1;
    }
    return 0;
}
