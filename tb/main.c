/*
 * main.c - the texcosim command line.
 *
 *   texcosim run [options] FILE...   lockstep run of vector files
 *   texcosim merge RESULTS.jsonl...  merge the results files of shards
 *   texcosim model FILE              model only: each step's effects as JSON
 *   texcosim asm [--allow-illegal] 'SASS TEXT'   the 64-bit word (and control field)
 *   texcosim disasm 0xWORD [0xCTRL]  canonical SASS text
 *   texcosim gen --suite NAME [...]  generate a vector file from the model
 *
 * Exit status: 0 success / all vectors pass, 1 a mismatch, 2 bad input or an
 * infrastructure error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "coverage.h"
#include "gen.h"
#include "isa.h"
#include "modelcmd.h"
#include "render.h"
#include "wave.h"
#include "run.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: texcosim run [-j N] [--results FILE.jsonl] [--junit FILE.xml]\n"
            "                    [--shard I/N | --shard auto [--shard-count N]]\n"
            "                    [--rerun-failed RESULTS.jsonl] [--vector ID] [--fst FILE]\n"
            "                    [--seed N] [--latency N] [--jitter N] [--backpressure PCT]\n"
            "                    [--watchdog N] [-q | -v] [--progress | --no-progress]\n"
            "                    [--waves DIR | --no-waves]  (FST + GTKWave file of each failure)\n"
            "                    [--rtl-only]  (benchmark: clock the RTL without the model)\n"
            "                    FILE...       (optional with --rerun-failed)\n"
            "       texcosim merge RESULTS.jsonl... [--results FILE.jsonl] [--junit FILE.xml] [-q]\n"
            "       texcosim model FILE\n"
            "       texcosim asm [--allow-illegal] 'SASS TEXT'\n"
            "       texcosim disasm 0xWORD [0xCTRL]\n"
            "       texcosim gen --list | --suite NAME [--seed N] [--count N] -o FILE\n"
            "       texcosim wave [-n] RESULT   (open a failure's waves in GTKWave)\n"
            "       texcosim coverage [--json FILE] [--fail-under PCT] [--summary] FILE...\n"
            "       texcosim render [--format NAME] [--layout pitch|blocklinear] [--gob tegra|desktop]\n"
            "                       [--size WxH] [--f16] ... --out DIR\n"
            "exit status: 0 pass, 1 mismatch, 2 bad input or infrastructure error\n");
}

/* Parse an unsigned number (decimal or 0x hex) in [0, max]. */
static int parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    char *end;
    if (!s || !*s || *s == '-')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

static int need_value(int i, int argc, char **argv)
{
    if (i + 1 >= argc) {
        fprintf(stderr, "texcosim: %s needs a value\n", argv[i]);
        return -1;
    }
    return 0;
}

static int cmd_run(int argc, char **argv)
{
    run_opts o;
    const char *shard_arg = NULL;
    uint64_t shard_count = 0;
    char err[512];
    run_opts_default(&o);
    o.argv0 = argv[0];
    int i;
    for (i = 2; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        int64_t *num = NULL;
        uint64_t max = UINT32_MAX, v;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            o.quiet = 1;
            continue;
        }
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            o.verbose = 1;
            continue;
        }
        if (!strcmp(a, "--progress") || !strcmp(a, "--no-progress")) {
            o.progress = a[2] == 'p';
            continue;
        }
        if (!strcmp(a, "--rtl-only")) {
            o.rtl_only = 1;
            continue;
        }
        if (!strcmp(a, "--no-waves")) {
            o.no_waves = 1;
            continue;
        }
        if (!strcmp(a, "--")) {
            i++;
            break;
        }
        /* -jN as well as -j N */
        if (!strncmp(a, "-j", 2) && a[2]) {
            if (parse_u64(a + 2, 4096, &v) < 0 || v == 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for -j (1..4096)\n", a + 2);
                return 2;
            }
            o.jobs = (int)v, o.jobs_given = 1;
            continue;
        }
        if (need_value(i, argc, argv) < 0)
            return 2;
        if (!strcmp(a, "--waves"))
            o.waves_dir = argv[++i];
        else if (!strcmp(a, "--fst"))
            o.fst = argv[++i];
        else if (!strcmp(a, "--vector"))
            o.only_id = argv[++i];
        else if (!strcmp(a, "--results"))
            o.results = argv[++i];
        else if (!strcmp(a, "--junit"))
            o.junit = argv[++i];
        else if (!strcmp(a, "--rerun-failed"))
            o.rerun = argv[++i];
        else if (!strcmp(a, "--shard"))
            shard_arg = argv[++i];
        else if (!strcmp(a, "--shard-count")) {
            if (parse_u64(argv[++i], 1000000, &shard_count) < 0 || shard_count == 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for --shard-count\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
            if (parse_u64(argv[++i], 4096, &v) < 0 || v == 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for %s (1..4096)\n", argv[i], a);
                return 2;
            }
            o.jobs = (int)v, o.jobs_given = 1;
        } else if (!strcmp(a, "--seed"))
            num = &o.seed, max = INT64_MAX;
        else if (!strcmp(a, "--latency"))
            num = &o.latency, max = 1000000;
        else if (!strcmp(a, "--jitter"))
            num = &o.jitter, max = 1000000;
        else if (!strcmp(a, "--backpressure"))
            num = &o.backpressure, max = 100;
        else if (!strcmp(a, "--watchdog"))
            num = &o.watchdog, max = INT64_MAX;
        else {
            fprintf(stderr, "texcosim run: unknown option %s\n", a);
            usage(stderr);
            return 2;
        }
        if (num) {
            if (parse_u64(argv[++i], max, &v) < 0 || ((num == &o.latency || num == &o.watchdog) && v == 0)) {
                fprintf(stderr, "texcosim run: bad value '%s' for %s\n", argv[i], a);
                return 2;
            }
            *num = (int64_t)v;
        }
    }
    if (shard_arg) {
        if (shard_parse(shard_arg, (long)shard_count, &o.shard, err, sizeof(err)) < 0) {
            fprintf(stderr, "texcosim run: %s\n", err);
            return 2;
        }
    } else if (shard_count) {
        fprintf(stderr, "texcosim run: --shard-count needs --shard auto\n");
        return 2;
    }
    if (i >= argc && !o.rerun) {
        fprintf(stderr, "texcosim run: no vector files given\n");
        usage(stderr);
        return 2;
    }
    return run_files(&o, argc - i, argv + i);
}

static int cmd_asm(int argc, char **argv)
{
    int allow = argc == 4 && !strcmp(argv[2], "--allow-illegal");
    if (argc != 3 + allow) {
        usage(stderr);
        return 2;
    }
    const char *text = argv[2 + allow];
    uint64_t word;
    uint32_t ctrl;
    tx_asm_err err;
    if (tx_asm_opt(text, allow, &word, &ctrl, &err) < 0) {
        fprintf(stderr, "texcosim asm: column %d: %s\n  %s\n  %*s^\n", err.col, err.msg, text,
                err.col > 0 ? err.col - 1 : 0, "");
        return 2;
    }
    if (ctrl == TX_CTRL_DEFAULT)
        printf("0x%016" PRIx64 "\n", word);
    else
        printf("0x%016" PRIx64 " 0x%06" PRIx32 "\n", word, ctrl);
    return 0;
}

static int cmd_disasm(int argc, char **argv)
{
    uint64_t word, ctrl = TX_CTRL_DEFAULT;
    if (argc < 3 || argc > 4) {
        usage(stderr);
        return 2;
    }
    if (parse_u64(argv[2], UINT64_MAX, &word) < 0) {
        fprintf(stderr, "texcosim disasm: '%s' is not a 64-bit number\n", argv[2]);
        return 2;
    }
    if (argc == 4 && parse_u64(argv[3], (1u << 21) - 1, &ctrl) < 0) {
        fprintf(stderr, "texcosim disasm: '%s' is not a 21-bit control field\n", argv[3]);
        return 2;
    }
    char text[256];
    tx_disasm(word, (uint32_t)ctrl, text, sizeof(text));
    printf("%s\n", text);
    tx_insn in;
    tx_decode(word, (uint32_t)ctrl, &in);
    if (in.illegal) {
        fprintf(stderr, "texcosim disasm: illegal instruction: %s\n", in.why ? in.why : "?");
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "run"))
        return cmd_run(argc, argv);
    if (!strcmp(cmd, "merge"))
        return cmd_merge(argc, argv);
    if (!strcmp(cmd, "model"))
        return cmd_model(argc, argv);
    if (!strcmp(cmd, "asm"))
        return cmd_asm(argc, argv);
    if (!strcmp(cmd, "disasm"))
        return cmd_disasm(argc, argv);
    if (!strcmp(cmd, "gen"))
        return cmd_gen(argc, argv);
    if (!strcmp(cmd, "wave"))
        return cmd_wave(argc, argv);
    if (!strcmp(cmd, "coverage"))
        return cmd_coverage(argc, argv);
    if (!strcmp(cmd, "render"))
        return cmd_render(argc, argv);
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "texcosim: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
