/*
 * test_isa_corpus.c - the assembler and the disassembler against NVIDIA's
 * own words and text: tests/isa/nvdisasm-sm5x-corpus.tsv, 810 texture and
 * surface instructions that ptxas -arch=sm_50 produced, with nvdisasm's
 * disassembly (tests/isa/README.md).
 *
 * For every word:
 *   1. tx_decode calls it legal (ptxas emitted it);
 *   2. tx_disasm(word, phase only) is NVIDIA's text: nvdisasm prints the
 *      scheduling fields apart from the instruction, so they are left out
 *      (docs/isa.md section 8 lists the spelling differences; none of them
 *      occurs in these words);
 *   3. tx_asm(NVIDIA's text) is the word, and its control field carries the
 *      same phase;
 *   4. the full canonical text, scheduling fields included, assembles back
 *      to the word and the whole control field.
 * Usage: test_isa_corpus [CORPUS.tsv] (run from the top of the tree).
 *
 * The differential with NVIDIA's disassembler (tests/extra/nvdisasm.sh)
 * uses two more modes:
 *   test_isa_corpus --gen N SEED OUT.bin OUT.txt
 *       N random words of every texture and surface opcode this tree
 *       decodes (legal, or illegal only by a register or combination rule;
 *       never a reserved code or bit), as raw SM52 bundles (a control word, then three
 *       instructions) and as "0xWORD 0xCTRL" lines;
 *   test_isa_corpus --check OUT.txt NVDISASM.txt
 *       nvdisasm's text of each word (one line each, in order) against
 *       tx_disasm, with the spelling differences of docs/isa.md section 8,
 *       and tx_asm of nvdisasm's text against the word.
 */
#include <stdlib.h>

#include "check.h"
#include "isa.h"


#define MAX_OPS 16

struct tally {
    char name[16];
    int words, passed;
};

static struct tally tallies[MAX_OPS];
static int ntallies;

static struct tally *tally_of(const char *name)
{
    int i;
    for (i = 0; i < ntallies; i++)
        if (!strcmp(tallies[i].name, name))
            return &tallies[i];
    if (ntallies == MAX_OPS)
        return &tallies[MAX_OPS - 1];
    snprintf(tallies[ntallies].name, sizeof tallies[ntallies].name, "%s", name);
    return &tallies[ntallies++];
}

/* The mnemonic of a line of text: after the guard, up to '.' or ' '. */
static void mnemonic(const char *text, char *out, size_t n)
{
    size_t k = 0;
    if (*text == '@') {
        while (*text && *text != ' ')
            text++;
        while (*text == ' ')
            text++;
    }
    while (*text && *text != '.' && *text != ' ' && k + 1 < n)
        out[k++] = *text++;
    out[k] = '\0';
}

/* One word; returns the first disagreement (into why) or 0. */
static int check_word(uint64_t word, uint32_t ctrl, const char *text, char *why, size_t n)
{
    uint32_t phase_only = TX_CTRL_DEFAULT | (ctrl & (3u << 17));
    char buf[256];
    uint64_t w2;
    uint32_t c2;
    tx_asm_err e;
    tx_insn d;

    tx_decode(word, ctrl, &d);
    if (d.illegal) {
        snprintf(why, n, "decodes illegal: %s", d.why ? d.why : "?");
        return 1;
    }
    tx_disasm(word, phase_only, buf, sizeof buf);
    if (strcmp(buf, text)) {
        snprintf(why, n, "disasm \"%s\"", buf);
        return 1;
    }
    if (tx_asm(text, &w2, &c2, &e)) {
        snprintf(why, n, "asm: col %d: %s", e.col, e.msg);
        return 1;
    }
    if (w2 != word || c2 != phase_only) {
        snprintf(why, n, "asm gives 0x%016llx ctrl 0x%x", (unsigned long long)w2, c2);
        return 1;
    }
    tx_disasm(word, ctrl, buf, sizeof buf);
    if (tx_asm(buf, &w2, &c2, &e) || w2 != word || c2 != ctrl) {
        snprintf(why, n, "\"%s\" does not assemble back (ctrl 0x%x)", buf, c2);
        return 1;
    }
    return 0;
}

/* ---- the nvdisasm differential ----------------------------------------- */

/* Every texture and surface opcode pattern (facts sections 3-7; envydis
 * gm107.c).  A pattern this tree does not decode yet is reported and
 * skipped. */
static const struct {
    const char *name;
    uint64_t mask, bits;
    int phase; /* its syntax has .T/.P */
} gen_ops[] = {
    { "TEX", 0xf800000000000000ull, 0xc000000000000000ull, 1 },
    { "TEX.B", 0xffc0000000000000ull, 0xde80000000000000ull, 1 },
    { "TLDS", 0xf600000000000000ull, 0xd200000000000000ull, 1 },
    { "TEXS", 0xf600000000000000ull, 0xd000000000000000ull, 1 },
    { "TLD", 0xff00000000000000ull, 0xdc00000000000000ull, 1 },
    { "TLD.B", 0xff00000000000000ull, 0xdd00000000000000ull, 1 },
    { "TXD", 0xffc0000000000000ull, 0xde00000000000000ull, 1 },
    { "TXD.B", 0xffc0000000000000ull, 0xde40000000000000ull, 1 },
    { "TLD4", 0xfc00000000000000ull, 0xc800000000000000ull, 1 },
    { "TLD4.B", 0xffc0000000000000ull, 0xdec0000000000000ull, 1 },
    { "TLD4S", 0xff40000000000000ull, 0xdf00000000000000ull, 1 },
    { "TXQ", 0xfff8000000000000ull, 0xdf48000000000000ull, 1 },
    { "TXQ.B", 0xfff8000000000000ull, 0xdf50000000000000ull, 1 },
    { "TMML", 0xfff8000000000000ull, 0xdf58000000000000ull, 1 },
    { "TMML.B", 0xfff8000000000000ull, 0xdf60000000000000ull, 1 },
    { "SULD", 0xffe0000000000000ull, 0xeb00000000000000ull, 0 },
    { "SUST", 0xffe0000000000000ull, 0xeb20000000000000ull, 0 },
    { "SURED", 0xffe0000000000000ull, 0xeb40000000000000ull, 0 },
    { "PIXLD", 0xfff8000000000000ull, 0xefe8000000000000ull, 0 },
};
#define GEN_OPS_N (sizeof gen_ops / sizeof gen_ops[0])

static uint64_t rng_state;

static uint64_t next_rand(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}

/* Illegal only by a register or modifier-combination rule: the word has
 * an encoding and a text (docs/isa.md section 6, rules 5-6). */
static int rule_illegal(const tx_insn *d)
{
    /* The SULD .P masks other than R, RG, RGBA are reserved codes too (the
     * SULD seed; docs/isa.md section 3): their letters do not assemble. */
    return d->illegal && d->why && !strstr(d->why, "reserved") && !strstr(d->why, "ctrl") &&
           !strstr(d->why, "phase") && strcmp(d->why, "SULD .P mask must be R, RG or RGBA");
}

/* A random word of pattern k, legal or (every fourth) illegal only by a
 * register or combination rule, and its control field (phase only, as
 * nvdisasm prints nothing else of it); 0 when none is found. */
static int gen_word(size_t k, uint64_t *word, uint32_t *ctrl)
{
    int tries, want_rule = (next_rand() & 3) == 0;
    for (tries = 0; tries < 200000; tries++) {
        uint64_t w = (next_rand() & ~gen_ops[k].mask) | gen_ops[k].bits;
        uint32_t c = TX_CTRL_DEFAULT;
        tx_insn d;
        /* Register groups are aligned more often than by chance. */
        if (next_rand() & 3)
            w &= ~0x0000000300300303ull; /* Rd, Ra, Rb, Rd1 to multiples of 4 */
        if (gen_ops[k].phase)
            c |= (uint32_t)(next_rand() % 3) << 17;
        tx_decode(w, c, &d);
        if (d.op == TX_OP_UNKNOWN)
            return 0;
        /* Clear the reserved bits one by one ("reserved bit N set"). */
        while (d.illegal && d.why && !strncmp(d.why, "reserved bit ", 13)) {
            w &= ~(1ull << atoi(d.why + 13));
            tx_decode(w, c, &d);
        }
        if (tries == 5000)
            want_rule = 0; /* PIXLD has no such rule */
        if (want_rule ? rule_illegal(&d) : !d.illegal) {
            *word = w;
            *ctrl = c;
            return 1;
        }
    }
    return 0;
}

static void put_u64(FILE *f, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++)
        fputc((int)((v >> (8 * i)) & 0xff), f);
}

static int gen_main(int argc, char **argv)
{
    long n, i;
    size_t k;
    FILE *bin, *txt;
    uint64_t words[3];
    uint32_t ctrls[3];
    int slot = 0;

    if (argc != 6) {
        fprintf(stderr, "usage: test_isa_corpus --gen N SEED OUT.bin OUT.txt\n");
        return 2;
    }
    n = strtol(argv[2], NULL, 0);
    rng_state = strtoull(argv[3], NULL, 0) * 2654435761u + 1;
    bin = fopen(argv[4], "wb");
    txt = fopen(argv[5], "w");
    if (!bin || !txt) {
        fprintf(stderr, "test_isa_corpus: cannot write %s or %s\n", argv[4], argv[5]);
        return 2;
    }
    for (k = 0; k < GEN_OPS_N; k++) {
        long made = 0;
        for (i = 0; i < n; i++) {
            if (!gen_word(k, &words[slot], &ctrls[slot]))
                break;
            fprintf(txt, "0x%016llx 0x%06x\n", (unsigned long long)words[slot], ctrls[slot]);
            made++;
            if (++slot == 3) {
                put_u64(bin, ctrls[0] | (uint64_t)ctrls[1] << 21 | (uint64_t)ctrls[2] << 42);
                put_u64(bin, words[0]);
                put_u64(bin, words[1]);
                put_u64(bin, words[2]);
                slot = 0;
            }
        }
        if (made)
            printf("%-7s %ld words\n", gen_ops[k].name, made);
        else
            printf("%-7s not decoded in this tree yet: skipped\n", gen_ops[k].name);
    }
    /* Fill the last bundle with NOPs (nvdisasm prints them; --check stops
     * at the last word). */
    while (slot) {
        words[slot] = 0x50b0000000070f00ull;
        ctrls[slot] = TX_CTRL_DEFAULT;
        if (++slot == 3) {
            put_u64(bin, ctrls[0] | (uint64_t)ctrls[1] << 21 | (uint64_t)ctrls[2] << 42);
            put_u64(bin, words[0]);
            put_u64(bin, words[1]);
            put_u64(bin, words[2]);
            slot = 0;
        }
    }
    fclose(bin);
    fclose(txt);
    return 0;
}

/* nvdisasm's text -> canonical text, for the differences of docs/isa.md
 * section 8 (the PIXLD spellings). */
static void nv_canonical(const char *in, char *out, size_t n)
{
    char tmp[256];
    const char *p = strstr(in, "PIXLD");
    size_t k = 0;

    if (!p) {
        snprintf(out, n, "%s", in);
        return;
    }
    snprintf(tmp, sizeof tmp, "%s", in);
    if (p[5] == ' ') {
        /* mode 0 is printed without its name */
        size_t at = (size_t)(p - in) + 5;
        snprintf(tmp, sizeof tmp, "%.*s.MSCOUNT%s", (int)at, in, in + at);
    }
    for (p = tmp; *p && k + 1 < n; p++) {
        if (p[0] == '+' && p[1] == '-')
            continue; /* [R8+-0x4] -> [R8-0x4] */
        if (!strncmp(p, ", [RZ]", 6)) {
            p += 5;    /* RZ with offset 0 is no address */
            continue;
        }
        out[k++] = *p;
    }
    out[k] = '\0';
}

static int check_main(int argc, char **argv)
{
    FILE *wf, *nf;
    char wl[128], nl[512];
    long n = 0, bad = 0;

    if (argc != 4) {
        fprintf(stderr, "usage: test_isa_corpus --check WORDS.txt NVDISASM.txt\n");
        return 2;
    }
    wf = fopen(argv[2], "r");
    nf = fopen(argv[3], "r");
    if (!wf || !nf) {
        fprintf(stderr, "test_isa_corpus: cannot read %s or %s\n", argv[2], argv[3]);
        return 2;
    }
    while (fgets(wl, sizeof wl, wf)) {
        unsigned long long w;
        unsigned c;
        char ours[256], theirs[256];
        uint64_t w2;
        uint32_t c2;
        tx_asm_err e;
        size_t len;

        if (sscanf(wl, "%llx %x", &w, &c) != 2)
            continue;
        if (!fgets(nl, sizeof nl, nf)) {
            CHECK(0, "nvdisasm printed fewer lines than the %ld words", n + 1);
            break;
        }
        len = strlen(nl);
        while (len && (nl[len - 1] == '\n' || nl[len - 1] == '\r'))
            nl[--len] = '\0';
        n++;
        tx_disasm(w, c, ours, sizeof ours);
        nv_canonical(nl, theirs, sizeof theirs);
        if (strcmp(ours, theirs)) {
            /* nvdisasm leaves out an RZ Rb that the form reads (an illegal
             * word; docs/isa.md section 8). */
            tx_insn d;
            char *rz = strstr(ours, ", RZ, 0x");
            tx_decode(w, c, &d);
            if (rz && d.rb == 255 && d.illegal) {
                memmove(rz, rz + 4, strlen(rz + 4) + 1);
                if (!strcmp(ours, theirs))
                    goto text_ok;
            }
            if (bad++ < 20)
                CHECK(0, "0x%016llx ctrl 0x%06x: nvdisasm \"%s\", texcosim \"%s\"", w, c, nl, ours);
            else
                check_fail++;
            continue;
        }
    text_ok:
        if (tx_asm_opt(nl, 1, &w2, &c2, &e) || w2 != w || c2 != c) {
            if (bad++ < 20)
                CHECK(0, "0x%016llx: asm of nvdisasm's \"%s\" gives %s 0x%016llx 0x%x", w, nl,
                      e.msg[0] ? e.msg : "", (unsigned long long)w2, c2);
            else
                check_fail++;
            continue;
        }
        check_pass++;
    }
    fclose(wf);
    fclose(nf);
    printf("nvdisasm differential: %ld words, %ld disagree\n", n, bad);
    return check_done("test_isa_corpus --check");
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/isa/nvdisasm-sm5x-corpus.tsv";
    FILE *f;
    char line[512];
    int lineno = 0, words = 0, i;

    if (argc > 1 && !strcmp(argv[1], "--gen"))
        return gen_main(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "--check"))
        return check_main(argc, argv);
    f = fopen(path, "r");
    if (!f) {
        printf("FAIL cannot open %s\n", path);
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        char *word_s, *ctrl_s, *text, *end, name[16], why[300];
        uint64_t word;
        uint32_t ctrl;
        struct tally *t;

        lineno++;
        if (lineno == 1)
            continue; /* header */
        word_s = strtok(line, "\t");
        ctrl_s = strtok(NULL, "\t");
        text = strtok(NULL, "\t\n");
        if (!word_s || !ctrl_s || !text) {
            CHECK(0, "%s:%d: expected word, ctrl and text", path, lineno);
            continue;
        }
        word = strtoull(word_s, &end, 16);
        ctrl = (uint32_t)strtoul(ctrl_s, NULL, 16);
        mnemonic(text, name, sizeof name);
        t = tally_of(name);
        t->words++;
        words++;
        if (!check_word(word, ctrl, text, why, sizeof why)) {
            t->passed++;
            check_pass++;
        } else {
            CHECK(0, "%s:%d: 0x%016llx \"%s\": %s", path, lineno, (unsigned long long)word, text,
                  why);
        }
    }
    fclose(f);
    CHECK(words == 810, "%s: %d words, want 810", path, words);

    for (i = 0; i < ntallies; i++)
        printf("%-6s %3d words, %3d agree\n", tallies[i].name, tallies[i].words,
               tallies[i].passed);
    return check_done("test_isa_corpus");
}
