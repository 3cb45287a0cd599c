/*
 * gen.c - `texcosim gen`: the suites of vectors and the command that writes
 * one (see gen.h for the flow; the helpers the suites build vectors with
 * are in gen_lib.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gen.h"

static const gen_suite suites[] = {
    {"tlds-directed", "TLDS: every legal form, write mask, F16/F32, formats, lane masks, "
                      "guards, bounds and invalid cases", gen_tlds_directed},
    {"d3d-directed", "Direct3D ld lowered to TLDS: every form and the ld rules of the seed",
     gen_d3d_directed},
    {"d3d-tld", "Direct3D ld forms TLDS lacks, lowered to TLD: 1D and multisample arrays, "
                "levels and offsets of 3D and arrays, indices of 2^16 and above", gen_d3d_tld},
    {"tlds-random", "TLDS: constrained-random legal instructions and textures (--seed, --count)",
     gen_tlds_random},
    {"tld-random", "TLD: constrained-random instructions of every dim but the cubes, .LZ/.LL, "
                   ".AOFFI, .MS, .CL, .B, Ps, and textures (--seed, --count)", gen_tld_random},
    {"tlds-seed", "TLDS: the seed's two examples, with exactly the reads and writes it states",
     gen_tlds_seed},
    {"tlds-forms", "TLDS: all 9 target codes x every write mask x F32 / F16 (both roundings)",
     gen_tlds_forms},
    {"tlds-formats", "TLDS: every format x data type, sRGB, swizzles, unsupported formats",
     gen_tlds_formats},
    {"tlds-layouts", "TLDS: pitch, block-linear, mips, arrays, 3D, buffers, multisample",
     gen_tlds_layouts},
    {"tlds-errors", "TLDS: bounds, invalid headers, faults, illegal encodings, the hash",
     gen_tlds_errors},
    {"tex-directed", "TEX: forms x dimensions x filters x address modes x classes of format, "
                     "LOD modes, clamps, DC, borders, sRGB, binding, masks, illegal forms",
     gen_tex_directed},
    {"tex-random", "TEX: constrained-random instructions, samplers, textures and quads with "
                   "real derivatives (--seed, --count)", gen_tex_random},
    {"tex-seed", "TEX: the seed's three examples", gen_tex_seed},
    /* Min/max reduction and anisotropic filtering. */
    {"tex-reduction-directed", "TEX: MIN / MAX reduction x dimensions x point, bilinear, "
                               "trilinear x address modes", gen_tex_reduction_directed},
    {"tex-reduction-random", "TEX: constrained-random vectors with MIN / MAX reduction "
                             "samplers (--seed, --count)", gen_tex_reduction_random},
    {"tex-aniso-directed", "TEX: MIN_FILTER ANISO x MAX_ANISOTROPY x stretched footprints x "
                           "mip filters, reduction, header control, arrays, other dimensions",
     gen_tex_aniso_directed},
    {"tex-aniso-random", "TEX: constrained-random anisotropic vectors (--seed, --count)",
     gen_tex_aniso_random},
    {"tex-regs", "TEX and TLDS: every write mask to destinations at every offset modulo 4, "
                 "F32 / F16, legal and illegal by the alignment rule", gen_tex_regs},
    {"tex-aniso-lanes", "TEX: ANISO with a different LOD operand in each lane of a quad, "
                        "partial quads: lanes with different probe counts", gen_tex_aniso_lanes},
    {"tex-float-special", "TEX: float textures of +-Inf, NaN and huge values of both signs "
                          "under bilinear, trilinear, ANISO, MIN and MAX", gen_tex_float_special},
    /* Seamless cube maps. */
    {"tex-cube-directed", "TEX: seamless cube maps, every edge and corner of every face x "
                          "CUBE / ARRAY_CUBE x bilinear, trilinear x average, MIN, MAX",
     gen_tex_cube_directed},
    {"tex-cube-random", "TEX: constrained-random seamless cube vectors (--seed, --count)",
     gen_tex_cube_random},
    /* Block-compressed formats. */
    {"bcn-directed", "TLDS and TEX on every block-compressed format: every texel, block edges, "
                     "filters, borders", gen_bcn_directed},
    {"bcn-random", "TLDS and TEX: constrained-random block-compressed textures (--seed, --count)",
     gen_bcn_random},
    {"bcn-cube", "TEX: seamless cube maps on block-compressed formats, every edge and corner "
                 "of every face", gen_bcn_cube},
    {"bcn-types", "TLDS and TEX: every block format (BC1-BC7, ETC2, EAC) on 1D, 1D_ARRAY, "
                  "2D_ARRAY, 3D (heights not a multiple of 4, slices past the first GOB block) "
                  "and CUBEMAP_ARRAY; some on 2D_NO_MIPMAP and CUBEMAP", gen_bcn_types},
    /* BC6H and BC7 (gen_bptc.c). */
    {"bptc-directed", "TLDS and TEX on BC6H_UF16, BC6H_SF16, BC7 and BC7 sRGB: every block mode, "
                      "every texel, block edges, filters, border", gen_bptc_directed},
    {"bptc-random", "TLDS and TEX: constrained-random BC6H and BC7 textures (--seed, --count)",
     gen_bptc_random},
    {"bptc-partitions", "TLDS and TEX on BC7 and BC6H: every partition of every partitioned "
                        "mode, every texel of each (anchors, subsets)", gen_bptc_partitions},
    {"suld-directed", "SULD: every dim x .D size x .BA x clamp, .P masks, .P x formats, "
                      "handles, invalid surfaces, faults, sparse, lanes, illegal encodings",
     gen_suld_directed},
    {"suld-random", "SULD: constrained-random surfaces and forms (--seed, --count)",
     gen_suld_random},
    {"suld-seed", "SULD: the seed's two examples, as their operands say", gen_suld_seed},
    {"suld-types", "SULD: every surface type (CUBEMAP_ARRAY included) x the dims that fit it "
                   "and one that does not, destinations by the alignment rule", gen_suld_types},
    {"pixld-directed", "PIXLD: every mode x sample count x coverage class, Pd and address "
                       "forms, programmed positions, SSAA, lanes, illegal encodings",
     gen_pixld_directed},
    {"pixld-random", "PIXLD: constrained-random raster states and instructions (--seed, --count)",
     gen_pixld_random},
    {"pixld-seed", "PIXLD: the seed's example PIXLD.COVMASK R0;", gen_pixld_seed},
    {"tld4-directed", "TLD4/TLD4S: every dim x class of format x component, AOFFI, PTP, DC, B, "
     "TLD4S F32/F16, masks, footprint rounding edges, address modes", gen_tld4_directed},
    {"tld4-random", "TLD4/TLD4S: constrained-random textures, samplers and forms "
     "(--seed, --count)", gen_tld4_random},
    {"texs-directed", "TEXS: every target x F32/F16 x every write mask of both tables, Rd0 = RZ, "
     ".NODEP, a target of another dim", gen_texs_directed},
    {"texs-random", "TEXS: constrained-random textures, samplers and forms (--seed, --count)",
     gen_texs_random},
    {"txq-directed", "TXQ: every query x texture type x view x form, invalid and unusable "
     "headers, lanes and guards", gen_txq_directed},
    {"txq-random", "TXQ: random headers, levels, queries and forms (--seed, --count)",
     gen_txq_random},
    {"tmml-directed", "TMML: every dim x sampler kind (bias, clamps, mip filters, ANISO), quads "
     "from 1/8 to 64 texels per pixel, lanes and forms", gen_tmml_directed},
    {"tmml-random", "TMML: random textures, samplers, quads and forms (--seed, --count)",
     gen_tmml_random},
    {"txd-directed", "TXD: every dim x class of format, .B, .LC, .AOFFI, masks, per-lane and "
     "stretched footprints, mip filters, clamps, ANISO, illegal words", gen_txd_directed},
    {"txd-random", "TXD: constrained-random textures, samplers, footprints and forms "
     "(--seed, --count)", gen_txd_random},
};
#define NSUITES (sizeof(suites) / sizeof(suites[0]))

static void gen_usage(FILE *f)
{
    fprintf(f, "usage: texcosim gen --list\n"
               "       texcosim gen --suite NAME [--seed N] [--count N] -o FILE\n"
               "  -o FILE   the vector file; - is standard output, a name ending in .gz is\n"
               "            written gzip-compressed\n");
}

int cmd_gen(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"list", no_argument, NULL, 'l'},   {"suite", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'}, {"count", required_argument, NULL, 'c'},
        {"output", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const char *suite = NULL, *outp = NULL;
    uint64_t seed = 1;
    int seed_given = 0;
    long count = 0;
    int c, list = 0;
    char *end;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc - 1, argv + 1, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'l': list = 1; break;
        case 's': suite = optarg; break;
        case 'o': outp = optarg; break;
        case 'h': gen_usage(stdout); return 0;
        case 'V': return cli_version("gen");
        case 'S':
            errno = 0;
            seed = strtoull(optarg, &end, 0);
            if (errno || *end || !*optarg || optarg[0] == '-') {
                fprintf(stderr, "texcosim gen: bad seed '%s'\n", optarg);
                return 2;
            }
            seed_given = 1;
            break;
        case 'c':
            errno = 0;
            count = strtol(optarg, &end, 0);
            if (errno || *end || count < 1 || count > 1000000) {
                fprintf(stderr, "texcosim gen: bad count '%s' (1..1000000)\n", optarg);
                return 2;
            }
            break;
        case ':':
            fprintf(stderr, "texcosim gen: %s needs a value\n", argv[optind]);
            return 2;
        default:
            fprintf(stderr, "texcosim gen: unknown option %s\n", argv[optind]);
            gen_usage(stderr);
            return 2;
        }
    }
    if (optind < argc - 1) {
        fprintf(stderr, "texcosim gen: unexpected argument '%s'\n", argv[optind + 1]);
        gen_usage(stderr);
        return 2;
    }
    if (list) {
        for (size_t k = 0; k < NSUITES; k++)
            printf("%-16s %s\n", suites[k].name, suites[k].desc);
        return 0;
    }
    if (!suite || !outp) {
        gen_usage(stderr);
        return 2;
    }
    const gen_suite *s = NULL;
    for (size_t k = 0; k < NSUITES; k++)
        if (!strcmp(suites[k].name, suite))
            s = &suites[k];
    if (!s) {
        fprintf(stderr, "texcosim gen: unknown suite '%s' (texcosim gen --list)\n", suite);
        return 2;
    }

    gen_ctx g;
    gen_suite_tag(s->name);
    if (gen_open(&g, outp, seed, (int)count) < 0)
        return 2;
    int ok = s->build(&g) == 0 && gen_flush(&g) == 0;
    long written = gen_written(&g);
    /* Options the suite never used: said, not silently dropped. */
    if (ok && seed_given && g.draws == 0)
        fprintf(stderr, "texcosim gen: warning: --seed is ignored: suite '%s' draws no random "
                        "numbers (the same file for every seed)\n", s->name);
    if (ok && count > 0 && !g.count_read)
        fprintf(stderr, "texcosim gen: warning: --count is ignored: suite '%s' has a fixed "
                        "set of vectors\n", s->name);
    if (gen_close(&g, ok) < 0 || !ok)
        return 2;
    fprintf(stderr, "texcosim gen: %s: %ld vectors\n", outp, written);
    return 0;
}
