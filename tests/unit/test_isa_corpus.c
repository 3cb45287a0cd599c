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
 */
#include <stdlib.h>

#include "check.h"
#include "isa.h"

/* Opcodes whose encodings are not in this tree yet: their words are
 * checked, and a failure is counted as "not yet" instead of a failure.
 * NOT YET: remove each name when its encoding lands. */
static const char *const not_yet[] = { "TLD4", "TLD4S", "TXQ" };
#define NOT_YET_N (sizeof not_yet / sizeof not_yet[0])

#define MAX_OPS 16

struct tally {
    char name[16];
    int words, passed, not_yet;
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

static int is_not_yet(const char *name)
{
    size_t i;
    for (i = 0; i < NOT_YET_N; i++)
        if (!strcmp(not_yet[i], name))
            return 1;
    return 0;
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

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/isa/nvdisasm-sm5x-corpus.tsv";
    FILE *f = fopen(path, "r");
    char line[512];
    int lineno = 0, words = 0, nyet = 0, i;

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
        } else if (is_not_yet(name)) {
            t->not_yet++;
            nyet++;
        } else {
            CHECK(0, "%s:%d: 0x%016llx \"%s\": %s", path, lineno, (unsigned long long)word, text,
                  why);
        }
    }
    fclose(f);
    CHECK(words == 810, "%s: %d words, want 810", path, words);

    for (i = 0; i < ntallies; i++)
        printf("%-6s %3d words, %3d agree%s\n", tallies[i].name, tallies[i].words,
               tallies[i].passed, tallies[i].not_yet ? ", NOT YET (encoding not in this tree)" : "");
    if (nyet) {
        printf("NOT YET: %d words of", nyet);
        for (i = 0; i < (int)NOT_YET_N; i++)
            printf(" %s", not_yet[i]);
        printf(" wait for their encodings\n");
    }
    return check_done("test_isa_corpus");
}
