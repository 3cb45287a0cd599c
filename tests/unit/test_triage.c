/*
 * test_triage.c - failure signatures, structured mismatches and buckets
 * (tb/run/triage.c; docs/regression.md, "Triage").
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "compare.h"
#include "isa.h"
#include "triage.h"

static uint64_t word_of(const char *sass)
{
    uint64_t w = 0;
    uint32_t c = 0;
    tx_asm_err e;
    CHECK(tx_asm(sass, &w, &c, &e) == 0, "assemble %s", sass);
    return w;
}

static void regw(tx_effects *fx, int lane, int reg, uint32_t val)
{
    tx_regw *w = &fx->regw[fx->nregw++];
    w->lane = (uint8_t)lane;
    w->reg = (uint8_t)reg;
    w->val = val;
}

/* The same component swap, in two instructions writing different registers,
 * gives one signature and one symptom; lanes and values enter neither. */
static void test_signature(void)
{
    static tx_effects a, b, c, d;
    static tri_failure f, g;
    char s1[256], s2[256];
    uint64_t w1 = word_of("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;");
    uint64_t w2 = word_of("TLDS.LZ R8, R12, R9, R11, 0x7, 2D, RGBA;");

    /* R0, R1, R4, R5 written; R0 and R1 of lane 4 swapped. */
    for (int r = 0; r < 4; r++) {
        int reg = r < 2 ? r : r + 2;
        regw(&a, 4, reg, 0x100 + r);
        regw(&b, 4, reg, 0x100 + (r < 2 ? r ^ 1 : r));
    }
    tri_begin(&f, "rtl-mismatch", w1, 0x7e0, 3);
    f.stage = TX_TAP_FILTER;
    f.lane = 4;
    tri_diff(&f, &a, &b, NULL, NULL);
    tri_signature(&f, s1, sizeof(s1));
    CHECK_STR(s1, "rtl-mismatch TLDS stage=filter", "signature");
    tri_symptom(&f, s1, sizeof(s1));
    CHECK_STR(s1, "regs=d0,d1", "symptom");
    CHECK(f.count == 2 && f.n == 2, "two differences, got %d/%d", f.count, f.n);
    CHECK(f.mis[0].lane == 4 && !strcmp(f.mis[0].reg, "R0") &&
              !strcmp(f.mis[0].expected, "0x00000100") && !strcmp(f.mis[0].actual, "0x00000101"),
          "first difference: lane %d %s %s %s", f.mis[0].lane, f.mis[0].reg, f.mis[0].expected,
          f.mis[0].actual);

    /* R8..R9, R12..R13 in lane 17, other values. */
    for (int r = 0; r < 4; r++) {
        int reg = r < 2 ? 8 + r : 10 + r;
        regw(&c, 17, reg, 0x7000 + r);
        regw(&d, 17, reg, 0x7000 + (r < 2 ? r ^ 1 : r));
    }
    tri_begin(&g, "rtl-mismatch", w2, 0x7e0, 0);
    g.stage = TX_TAP_FILTER;
    g.lane = 17;
    tri_diff(&g, &c, &d, NULL, NULL);
    tri_symptom(&g, s2, sizeof(s2));
    CHECK_STR(s2, s1, "same bug, other registers and lanes");

    /* A status difference and a predicate, and a write on one side only. */
    static tx_effects e, h;
    static tri_failure k;
    e.status = TX_ST_OK;
    h.status = TX_ST_FAULT;
    e.predw_mask[0] = h.predw_mask[0] = 1u << 3;
    h.predw_val[0] = 1u << 3;
    regw(&e, 0, 5, 1);
    tri_begin(&k, "expect-mismatch", w1, 0x7e0, 1);
    tri_diff(&k, &e, &h, NULL, NULL);
    tri_signature(&k, s2, sizeof(s2));
    CHECK_STR(s2, "expect-mismatch TLDS", "no stage: kind and opcode");
    tri_symptom(&k, s2, sizeof(s2));
    CHECK_STR(s2, "status=ok->fault preds=P0 regs=d0", "status, pred, reg");
    CHECK(k.count == 3, "3 differences, got %d", k.count);
    int seen = 0;
    for (int i = 0; i < k.n; i++)
        if (!strcmp(k.mis[i].what, "reg"))
            seen += k.mis[i].expected[0] && !k.mis[i].actual[0];   /* actual: null */
        else if (!strcmp(k.mis[i].what, "pred"))
            seen += k.mis[i].lane == 3 && !strcmp(k.mis[i].expected, "0") &&
                    !strcmp(k.mis[i].actual, "1");
    CHECK(seen == 2, "one-sided write and the predicate bit (%d)", seen);

    char *j = tri_json(&f);
    CHECK(j && strstr(j, "\"stage\":\"filter\"") && strstr(j, "\"warp\":null") &&
              strstr(j, "\"quad\":1") && strstr(j, "\"expected\":\"0x00000100\""),
          "JSON: %s", j ? j : "(null)");
    free(j);

    /* Per-lane stages from the taps: lane 4 differs in filter, lane 5 not at all. */
    static tx_taps ta, tb;
    static tx_effects m, n;
    static tri_failure q;
    ta.lanes = tb.lanes = 0x30;
    tb.filt[4][0] = 1;
    regw(&m, 4, 0, 1);
    regw(&n, 4, 0, 2);
    regw(&m, 5, 0, 1);
    regw(&n, 5, 0, 3);
    tri_begin(&q, "rtl-mismatch", w1, 0x7e0, 0);
    tri_diff(&q, &m, &n, &ta, &tb);
    CHECK(q.n == 2 && q.mis[0].stage == TX_TAP_FILTER && q.mis[1].stage == TX_TAP_PACK,
          "lane stages %d %d", q.mis[0].stage, q.mis[1].stage);
}

static void test_buckets(void)
{
    tri_buckets b;
    res_record r;
    int first;
    char *names[] = {"a", "b", "c", "d", "e", "f", "g"};
    /* One cause with three symptoms is one bucket; an older results file's
     * signature "CAUSE SYMPTOM" (record f) is split the same way. */
    char *sigs[] = {"hang TLDS", "rtl-mismatch TLDS stage=filter", "hang TLDS", "hang TLDS",
                    "rtl-mismatch TLDS stage=filter", "rtl-mismatch TLDS stage=filter regs=d0",
                    "rtl-mismatch TLDS stage=filter"};
    char *syms[] = {NULL, "regs=d0", NULL, NULL, "regs=d0,d1,d2,d3", NULL, "status=ok->fault"};
    int want[] = {1, 2, 1, 1, 2, 2, 2}, want_first[] = {1, 1, 0, 0, 0, 0, 0};
    tri_buckets_init(&b, 0);
    for (int i = 0; i < 7; i++) {
        memset(&r, 0, sizeof(r));
        r.file = "f.jsonl";
        r.id = names[i];
        r.signature = sigs[i];
        r.symptom = syms[i];
        r.status = RES_FAIL;
        int k = tri_add(&b, &r, &first);
        CHECK(k == want[i] && first == want_first[i], "record %d: bucket %d first %d", i, k, first);
    }
    CHECK(b.n == 2 && b.v[0].count == 3 && b.v[1].count == 4 && b.failures == 7,
          "counts %d %ld %ld", b.n, b.v[0].count, b.v[1].count);
    CHECK(b.v[0].nsym == 0 && b.v[1].nsym == 3 && b.v[1].sym[0].count == 2,
          "symptoms %d %d", b.v[0].nsym, b.v[1].nsym);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    tri_print_table(f, &b);
    memset(&r, 0, sizeof(r));
    r.file = "f.jsonl";
    r.id = "e";
    r.signature = sigs[4];
    r.symptom = syms[4];
    r.step = 2;
    tri_print(f, &b, &r, 2, 0);
    fclose(f);
    CHECK(text && strstr(text, "7 failing vectors in 2 buckets") &&
              strstr(text, "#1        3  hang TLDS\n") && strstr(text, "first: f.jsonl a") &&
              strstr(text, "#2        4  rtl-mismatch TLDS stage=filter\n") &&
              strstr(text, "differs: regs=d0 (2), regs=d0,d1,d2,d3 (1), status=ok->fault (1)\n") &&
              strstr(text, "[bucket 2, step 2: regs=d0,d1,d2,d3; same cause as b]"),
          "table:\n%s", text ? text : "");
    free(text);
    CHECK(tri_full(&b, 1) && !tri_full(&b, 0), "first of a bucket in full");
    b.all_reports = 1;
    CHECK(tri_full(&b, 0), "--all-reports: all in full");
    tri_buckets_free(&b);
}

int main(void)
{
    test_signature();
    test_buckets();
    return check_done("test_triage");
}
