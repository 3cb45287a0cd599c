/*
 * main.c - the texcosim command line.
 *
 *   texcosim run [options] FILE...   lockstep run of vector files
 *   texcosim merge RESULTS.jsonl...  merge the results files of shards
 *   texcosim model FILE              model only: each step's effects as JSON
 *   texcosim asm [--allow-illegal] 'SASS TEXT'   the 64-bit word (and control field)
 *   texcosim disasm 0xWORD [0xCTRL]  canonical SASS text
 *   texcosim gen --suite NAME [...]  generate a vector file from the model
 *   texcosim hw [...] [FILE...]      conformance against recorded hardware answers
 *
 * Exit status: 0 success / all vectors pass, 1 a mismatch, 2 bad input, an
 * output that cannot be written or an infrastructure error, 4 a selection
 * that matches no vector, 128 + N interrupted by signal N
 * (docs/regression.md, "Guarantees").
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "coverage.h"
#include "gen.h"
#include "hw.h"
#include "hw_record.h"
#include "isa.h"
#include "modelcmd.h"
#include "outfile.h"
#include "render.h"
#include "wave.h"
#include "run.h"
#include "select.h"
#include "warps.h"   /* run --warps */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: texcosim run [-j N] [--results FILE.jsonl] [--junit FILE.xml]\n"
            "                    [--shard I/N | --shard auto [--shard-count N]]\n"
            "                    [--rerun-failed RESULTS.jsonl] [--vector ID,GLOB...] [--tag T]\n"
            "                    [-k EXPR] [--color auto|always|never] [--fst FILE]\n"
            "                    [--seed N] [--latency N] [--jitter N] [--backpressure PCT]\n"
            "                    [--watchdog N] [-q | -v] [--progress | --no-progress]\n"
            "                    [--waves DIR | --no-waves]  (FST + GTKWave file of each failure)\n"
            "                    [--rtl-only]  (benchmark: clock the RTL without the model)\n"
            "                    [--rand-reset SEED]  (every RTL register starts at a random value)\n"
            "                    [--warps K] [--issue-order rr|random:SEED] [--group ID,ID,...]\n"
            "                    [--mem-order inorder|ooo]  (K vectors at once as K warps)\n"
            "                    [--max-fail N] [--waves-max N] [--all-reports]  (many failures)\n"
            "                    [--worker-timeout S]\n"
            "                    FILE...       (- is standard input; optional with --rerun-failed)\n"
            "       texcosim merge RESULTS.jsonl... [--results FILE.jsonl] [--junit FILE.xml] [-q]\n"
            "       texcosim model FILE    (- is standard input)\n"
            "       texcosim asm [--allow-illegal] 'SASS TEXT'\n"
            "       texcosim disasm 0xWORD [0xCTRL]\n"
            "       texcosim gen --list | --suite NAME [--seed N] [--count N] -o FILE|-\n"
            "       texcosim hw [--group G,...] [--case PREFIX,...] [--mismatches N] [--min FILE]\n"
            "                   [--write-min FILE] [--json FILE] [--vectors DIR] [-q] [FILE...]\n"
            "       texcosim hw plan [--seed N] [--groups G,...|all] [--max-queries N] -o DIR\n"
            "       texcosim hw answer PLAN -o ANSWERS   (the model in place of a GPU)\n"
            "       texcosim hw merge PLAN ANSWERS -o FILE.jsonl.gz   (recording a GPU's answers)\n"
            "       texcosim wave [-n | --dry-run] [RESULT]   (open a failure's waves in GTKWave)\n"
            "       texcosim wave --signals   (the wave view's signals, checked against the RTL)\n"
            "       texcosim coverage [--json FILE] [--fail-under PCT] [--summary] FILE...\n"
            "       texcosim render [--format NAME] [--layout pitch|blocklinear] [--gob tegra|desktop]\n"
            "                       [--size WxH] [--f16] [--scale N] ... --out DIR\n"
            "       texcosim render --ground | --pixld | --insn suld ... --out DIR\n"
            "       texcosim --version | --help;  texcosim COMMAND --help | --version\n"
            "exit status: 0 pass, 1 mismatch or hang, 2 bad input, usage, an output that cannot be\n"
            "             written or infrastructure error, 4 the selection matched no vector,\n"
            "             128+N interrupted by signal N (130 Ctrl-C, 143 SIGTERM; summary, results\n"
            "             and JUnit of what ran are written, marked interrupted)\n");
}

/* `texcosim run --help`: every option, one line each (docs/regression.md). */
static void run_help(void)
{
    fputs("usage: texcosim run [options] FILE...\n"
          "Run vector files (.jsonl or .jsonl.gz; - is standard input) through the C model and\n"
          "the RTL in lockstep.\n"
          "Options may come before or after the files; -- ends them.\n"
          "\n"
          "Workers, outputs:\n"
          "  -j N, --jobs N          worker processes (default: online cores; 1 runs in-process)\n"
          "  --results FILE          results file, one JSON line per vector\n"
          "  --junit FILE            JUnit XML (Jenkins xunit junit-10.xsd)\n"
          "  --fst FILE              trace the whole run into one FST file (forces -j 1)\n"
          "  --waves DIR             where the waves of each failure go (default build/waves)\n"
          "  --no-waves              do not replay failures to write waves\n"
          "Selection:\n"
          "  --vector ID[,ID...]     only these vector ids; fnmatch globs (t2d-*); repeatable\n"
          "  --tag TAG[,TAG...]      only vectors carrying one of these tags; repeatable\n"
          "  -k EXPR, --keyword EXPR only vectors whose id or tags match EXPR: words (substrings,\n"
          "                          any case) with and, or, not and parentheses\n"
          "  --shard I/N             shard I of N (1-based)\n"
          "  --shard auto            take the shard from Slurm, LSF, Kubernetes or Bazel variables\n"
          "  --shard-count N         number of shards for --shard auto\n"
          "  --rerun-failed FILE     only the vectors that failed in results FILE\n"
          "Testbench settings (override every vector's):\n"
          "  --seed N                seed of the random timing\n"
          "  --latency N             memory latency in cycles (1..1000000)\n"
          "  --jitter N              extra random memory cycles (0..1000000)\n"
          "  --backpressure PCT      percent of cycles the memory port is not ready (0..100)\n"
          "  --watchdog N            cycles an instruction may take before it is a HANG\n"
          "  --rand-reset SEED       every RTL register starts at a random value (not with --fst)\n"
          "  --rtl-only              benchmark: clock the RTL without the model\n"
          "Output:\n"
          "  -q, --quiet             no PASS lines and no progress line\n"
          "  -v, --verbose           PASS lines even on a terminal (with -q: the last one wins)\n"
          "  --progress, --no-progress  force the progress line on or off\n"
          "  --color WHEN            colour: auto (a terminal, $NO_COLOR unset), always, never\n"
          "Many failures (grouped in buckets by cause; docs/regression.md, \"Triage\"):\n"
          "  --max-fail N            stop issuing vectors after N failing ones (exit status 1)\n"
          "  --waves-max N           write at most N wave pairs (default 5; 0: none); waves go to\n"
          "                          the failures printed in full, each bucket's first\n"
          "  --all-reports           print every failure in full, not one per bucket\n"
          "  --worker-timeout S      with -j N > 1: a worker that sends no result for S seconds\n"
          "                          is killed and reported (default 600; 0: no bound)\n"
          "Warps (docs/regression.md, \"Warps\"):\n"
          "  --warps K               run K vectors at once as the K warps of one simulation\n"
          "                          (1..16; default 1: one vector at a time)\n"
          "  --issue-order ORDER     rr (round-robin, default) or random:SEED\n"
          "  --group ID,ID,...       only these vectors, as one group (reproduce lines use it)\n"
          "  --mem-order ORDER       inorder (default) or ooo: memory responses out of order\n"
          "  -h, --help              this help\n"
          "  --version               the version\n"
          "\n"
          "Exit status: 0 all passed, 1 a mismatch or hang, 2 bad input, usage, an unwritable\n"
          "output or infrastructure error, 4 the selection matched no vector, 128+N interrupted\n"
          "by signal N.\n", stdout);
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

/* The option getopt_long just refused, for the message: argv counts from
 * the subcommand (argv[0] = "run"). */
static const char *bad_option(char **argv)
{
    return argv[optind - 1];
}

enum {
    O_RESULTS = 256, O_JUNIT, O_SHARD, O_SHARD_COUNT, O_RERUN, O_VECTOR, O_FST, O_SEED,
    O_LATENCY, O_JITTER, O_BACKPRESSURE, O_WATCHDOG, O_PROGRESS, O_NO_PROGRESS, O_WAVES,
    O_NO_WAVES, O_RTL_ONLY, O_RAND_RESET,
    /* --- D3: selection, colour, version --- */
    O_TAG, O_COLOR, O_VERSION,
    /* --- D2: triage of many failures --- */
    O_MAX_FAIL, O_WAVES_MAX, O_ALL_REPORTS, O_WORKER_TIMEOUT,
    O_WARPS, O_ISSUE_ORDER, O_GROUP, O_MEM_ORDER,   /* warps */
};

static int cmd_run(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"jobs", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},
        {"verbose", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {"results", required_argument, NULL, O_RESULTS},
        {"junit", required_argument, NULL, O_JUNIT},
        {"shard", required_argument, NULL, O_SHARD},
        {"shard-count", required_argument, NULL, O_SHARD_COUNT},
        {"rerun-failed", required_argument, NULL, O_RERUN},
        {"vector", required_argument, NULL, O_VECTOR},
        {"fst", required_argument, NULL, O_FST},
        {"seed", required_argument, NULL, O_SEED},
        {"latency", required_argument, NULL, O_LATENCY},
        {"jitter", required_argument, NULL, O_JITTER},
        {"backpressure", required_argument, NULL, O_BACKPRESSURE},
        {"watchdog", required_argument, NULL, O_WATCHDOG},
        {"progress", no_argument, NULL, O_PROGRESS},
        {"no-progress", no_argument, NULL, O_NO_PROGRESS},
        {"waves", required_argument, NULL, O_WAVES},
        {"no-waves", no_argument, NULL, O_NO_WAVES},
        {"rtl-only", no_argument, NULL, O_RTL_ONLY},
        {"rand-reset", required_argument, NULL, O_RAND_RESET},
        /* --- D3: selection, colour, version --- */
        {"tag", required_argument, NULL, O_TAG},
        {"keyword", required_argument, NULL, 'k'},
        {"color", required_argument, NULL, O_COLOR},
        {"colour", required_argument, NULL, O_COLOR},
        {"version", no_argument, NULL, O_VERSION},
        /* --- D2: triage of many failures --- */
        {"max-fail", required_argument, NULL, O_MAX_FAIL},
        {"waves-max", required_argument, NULL, O_WAVES_MAX},
        {"all-reports", no_argument, NULL, O_ALL_REPORTS},
        {"worker-timeout", required_argument, NULL, O_WORKER_TIMEOUT},
        /* warps (docs/regression.md, "Warps") */
        {"warps", required_argument, NULL, O_WARPS},
        {"issue-order", required_argument, NULL, O_ISSUE_ORDER},
        {"group", required_argument, NULL, O_GROUP},
        {"mem-order", required_argument, NULL, O_MEM_ORDER},
        {NULL, 0, NULL, 0},
    };
    run_opts o;
    /* Static: still reachable (not a leak) when a usage error returns early. */
    static selection *sel;
    int rc;
    const char *shard_arg = NULL;
    uint64_t shard_count = 0;
    char err[512];
    int c, sub_argc = argc - 1;
    char **sub = argv + 1;
    int qv = 0, qv_last = 0;   /* -q (1) and -v (2) given; the last one */
    run_opts_default(&o);
    o.argv0 = argv[0];
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(sub_argc, sub, ":j:qvhk:", longopts, NULL)) != -1) {
        int64_t *num = NULL;
        uint64_t max = UINT32_MAX, v;
        const char *name = sub[optind - 1];
        switch (c) {
        case 'h': run_help(); sel_free(sel); return 0;
        /* --- D3: selection, colour, version --- */
        case O_VERSION: sel_free(sel); return cli_version("run");
        case O_COLOR:
            if (cli_color_set(optarg) < 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for --color (auto, always, "
                        "never)\n", optarg);
                sel_free(sel);
                return 2;
            }
            continue;
        case O_VECTOR: case O_TAG: case 'k':
            if (!sel && !(sel = sel_new())) {
                fprintf(stderr, "texcosim run: out of memory\n");
                return 2;
            }
            if ((c == O_VECTOR ? sel_add_vectors(sel, optarg, err, sizeof(err)) :
                 c == O_TAG ? sel_add_tags(sel, optarg, err, sizeof(err)) :
                 sel_set_expr(sel, optarg, err, sizeof(err))) < 0) {
                fprintf(stderr, "texcosim run: %s\n", err);
                sel_free(sel);
                return 2;
            }
            continue;
        /* --- end D3 --- */
        /* --- D2: triage of many failures --- */
        case O_ALL_REPORTS: o.all_reports = 1; continue;
        case O_WORKER_TIMEOUT:
            if (parse_u64(optarg, 100000000, &v) < 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for --worker-timeout (seconds, "
                        "0 for no bound)\n", optarg);
                sel_free(sel);
                return 2;
            }
            o.worker_timeout = (long)v;
            continue;
        case O_MAX_FAIL:
        case O_WAVES_MAX:
            if (parse_u64(optarg, 100000000, &v) < 0 || (c == O_MAX_FAIL && v == 0)) {
                fprintf(stderr, "texcosim run: bad value '%s' for %s (%s)\n", optarg,
                        c == O_MAX_FAIL ? "--max-fail" : "--waves-max",
                        c == O_MAX_FAIL ? "1 or more" : "0 or more");
                sel_free(sel);
                return 2;
            }
            *(c == O_MAX_FAIL ? &o.max_fail : &o.waves_max) = (long)v;
            continue;
        /* --- end D2 --- */
        /* -q and -v contradict each other: the last one given wins, with a
         * warning (after the loop) that the other is ignored. */
        case 'q': o.quiet = 1, o.verbose = 0, qv |= 1, qv_last = 'q'; continue;
        case 'v': o.verbose = 1, o.quiet = 0, qv |= 2, qv_last = 'v'; continue;
        case O_PROGRESS: o.progress = 1; continue;
        case O_NO_PROGRESS: o.progress = 0; continue;
        case O_RTL_ONLY: o.rtl_only = 1; continue;
        case O_NO_WAVES: o.no_waves = 1; continue;
        case O_WAVES: o.waves_dir = optarg; continue;
        case O_FST: o.fst = optarg; continue;
        case O_RESULTS: o.results = optarg; continue;
        case O_JUNIT: o.junit = optarg; continue;
        case O_RERUN: o.rerun = optarg; continue;
        case O_SHARD: shard_arg = optarg; continue;
        /* ---- warps ---- */
        case O_WARPS:
            if (parse_u64(optarg, (uint64_t)sim_max_warps(), &v) < 0 || v == 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for --warps (1..%d, the design's warps)\n",
                        optarg, sim_max_warps());
                return 2;
            }
            o.warps = (int)v;
            continue;
        case O_ISSUE_ORDER:
            if (wp_parse_order(optarg, &o.issue_order, &o.issue_seed) < 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for --issue-order (rr or random:SEED)\n",
                        optarg);
                return 2;
            }
            continue;
        case O_GROUP: o.group = optarg; continue;
        case O_MEM_ORDER:
            if (strcmp(optarg, "inorder") && strcmp(optarg, "ooo")) {
                fprintf(stderr, "texcosim run: bad value '%s' for --mem-order (inorder or ooo)\n",
                        optarg);
                return 2;
            }
            o.mem_ooo = !strcmp(optarg, "ooo");
            continue;
        /* ---- end of warps ---- */
        case O_SHARD_COUNT:
            if (parse_u64(optarg, 1000000, &shard_count) < 0 || shard_count == 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for --shard-count\n", optarg);
                return 2;
            }
            continue;
        case 'j':
            if (parse_u64(optarg, 4096, &v) < 0 || v == 0) {
                fprintf(stderr, "texcosim run: bad value '%s' for -j (1..4096)\n", optarg);
                return 2;
            }
            o.jobs = (int)v, o.jobs_given = 1;
            continue;
        case O_SEED: num = &o.seed, max = INT64_MAX; name = "--seed"; break;
        case O_LATENCY: num = &o.latency, max = 1000000; name = "--latency"; break;
        case O_JITTER: num = &o.jitter, max = 1000000; name = "--jitter"; break;
        case O_BACKPRESSURE: num = &o.backpressure, max = 100; name = "--backpressure"; break;
        case O_WATCHDOG: num = &o.watchdog, max = INT64_MAX; name = "--watchdog"; break;
        case O_RAND_RESET: num = &o.rand_reset, max = INT64_MAX; name = "--rand-reset"; break;
        case ':':
            fprintf(stderr, "texcosim run: %s needs a value\n", bad_option(sub));
            return 2;
        default:
            fprintf(stderr, "texcosim run: unknown option %s\n", bad_option(sub));
            usage(stderr);
            return 2;
        }
        if (parse_u64(optarg, max, &v) < 0 || ((num == &o.latency || num == &o.watchdog) && v == 0)) {
            fprintf(stderr, "texcosim run: bad value '%s' for %s\n", optarg, name);
            return 2;
        }
        *num = (int64_t)v;
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
    if (o.rand_reset >= 0 && o.fst) {
        fprintf(stderr, "texcosim run: --rand-reset builds a fresh RTL model per vector; "
                        "--fst traces one model: use one or the other (failures still get "
                        "their waves)\n");
        return 2;
    }
    if (qv == 3)
        fprintf(stderr, "texcosim run: warning: -q and -v both given: %s is ignored (the last "
                        "one given wins)\n", qv_last == 'q' ? "-v" : "-q");
    if (optind >= sub_argc && !o.rerun) {
        fprintf(stderr, "texcosim run: no vector files given\n");
        usage(stderr);
        return 2;
    }
    /* One plain id keeps the old, exact path (and its messages). */
    if (sel && sel_single_id(sel))
        o.only_id = sel_single_id(sel);
    else
        o.sel = sel;
    rc = run_files(&o, sub_argc - optind, sub + optind);
    sel_free(sel);
    return rc;
}

/* getopt_long over a subcommand's arguments (argv[0] = "texcosim",
 * argv[1] = the subcommand); the options that asm and disasm share. */
enum { C_HELP = 'h', C_VERSION = 1000, C_ALLOW = 1001 };

static int simple_opts(int argc, char **argv, const char *cmd, const char *use, int *allow)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, C_HELP},
        {"version", no_argument, NULL, C_VERSION},
        {"allow-illegal", no_argument, NULL, C_ALLOW},
        {NULL, 0, NULL, 0},
    };
    int c;
    optind = 1;
    opterr = 0;
    /* GNU order: options may follow the operands; "--" ends the options. */
    while ((c = getopt_long(argc - 1, argv + 1, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case C_HELP: printf("usage: %s\n", use); return 0;
        case C_VERSION: return cli_version(cmd);
        case C_ALLOW:
            if (allow) {
                *allow = 1;
                continue;
            }
            /* fall through */
        default:
            fprintf(stderr, "texcosim %s: unknown option %s\nusage: %s\n", cmd,
                    argv[optind], use);
            return 2;
        }
    }
    return -1;   /* go on */
}

static int cmd_asm(int argc, char **argv)
{
    static const char use[] = "texcosim asm [--allow-illegal] 'SASS TEXT'\n"
        "  Assemble one instruction: prints the 64-bit word, and the 21-bit control field\n"
        "  when scheduling fields or .phase are given.\n"
        "  --allow-illegal  assemble the TEX forms the seed calls illegal\n"
        "  -h, --help, --version";
    int allow = 0, rc = simple_opts(argc, argv, "asm", use, &allow);
    if (rc >= 0)
        return rc;
    if (argc - 1 - optind != 1) {
        fprintf(stderr, "texcosim asm: %s\nusage: %s\n",
                argc - 1 - optind ? "one SASS text, quoted" : "no SASS text given", use);
        return 2;
    }
    const char *text = argv[1 + optind];
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
    static const char use[] = "texcosim disasm 0xWORD [0xCTRL]\n"
        "  Disassemble a 64-bit instruction word (and a 21-bit control field) into canonical\n"
        "  SASS text; exit status 1 when the word is an illegal instruction.\n"
        "  -h, --help, --version";
    uint64_t word, ctrl = TX_CTRL_DEFAULT;
    int rc = simple_opts(argc, argv, "disasm", use, NULL);
    if (rc >= 0)
        return rc;
    int nargs = argc - 1 - optind;
    char **args = argv + 1 + optind;
    if (nargs < 1 || nargs > 2) {
        fprintf(stderr, "texcosim disasm: %s\nusage: %s\n",
                nargs ? "too many arguments" : "no instruction word given", use);
        return 2;
    }
    if (parse_u64(args[0], UINT64_MAX, &word) < 0) {
        fprintf(stderr, "texcosim disasm: '%s' is not a 64-bit number\n", args[0]);
        return 2;
    }
    if (nargs == 2 && parse_u64(args[1], (1u << 21) - 1, &ctrl) < 0) {
        fprintf(stderr, "texcosim disasm: '%s' is not a 21-bit control field\n", args[1]);
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

/* Ctrl-C, SIGTERM or SIGHUP during any command: the temporary files of its
 * outputs go (outfile.c tracks them), then the signal ends the process as
 * it would have (status 128 + N).  `run` installs its own handlers. */
static void on_stop(int sig)
{
    outfile_cleanup_signal();
    signal(sig, SIG_DFL);
    raise(sig);
}

int main(int argc, char **argv)
{
    /* A file-size limit (ulimit -f) must end a write with EFBIG, which every
     * output reports as an error (status 2), not kill the process with
     * SIGXFSZ and leave a temporary file behind.  Workers inherit this. */
    signal(SIGXFSZ, SIG_IGN);
    signal(SIGINT, on_stop);
    signal(SIGTERM, on_stop);
    signal(SIGHUP, on_stop);
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    int rc;
    if (!strcmp(cmd, "run"))
        rc = cmd_run(argc, argv);
    else if (!strcmp(cmd, "merge"))
        rc = cmd_merge(argc, argv);
    else if (!strcmp(cmd, "model"))
        rc = cmd_model(argc, argv);
    else if (!strcmp(cmd, "asm"))
        rc = cmd_asm(argc, argv);
    else if (!strcmp(cmd, "disasm"))
        rc = cmd_disasm(argc, argv);
    else if (!strcmp(cmd, "gen"))
        rc = cmd_gen(argc, argv);
    else if (!strcmp(cmd, "wave"))
        rc = cmd_wave(argc, argv);
    else if (!strcmp(cmd, "coverage"))
        rc = cmd_coverage(argc, argv);
    else if (!strcmp(cmd, "render"))
        rc = cmd_render(argc, argv);
    else if (!strcmp(cmd, "hw") && argc > 2 && hw_record_is_cmd(argv[2]))
        rc = cmd_hw_record(argc - 2, argv + 2);
    else if (!strcmp(cmd, "hw"))
        rc = cmd_hw(argc - 1, argv + 1);
    else if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        usage(stdout);
        rc = 0;
    } else if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        rc = cli_version(NULL);
    } else {
        fprintf(stderr, "texcosim: unknown command '%s'\n", cmd);
        usage(stderr);
        rc = 2;
    }
    /* Output that could not be written is a failure (`run > /dev/full`):
     * status 2, unless something worse (an interrupt) already happened. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "texcosim: cannot write the standard output: %s\n",
                strerror(errno ? errno : EIO));
        if (rc < 2)
            rc = 2;
    }
    return rc;
}
