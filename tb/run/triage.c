/*
 * triage.c - structured failures, signatures and buckets; see triage.h.
 *
 * One RTL bug usually fails many vectors the same way: a swapped component
 * in the filter stage fails every vector that filters, each writing other
 * registers with other values.  A failure's signature keeps what such
 * failures share (the kind of failure, the instruction, the first diverging
 * stage) and drops what they do not (vector, lane, values, which fields
 * differ), so that each bucket stands for one cause.  Which fields differ
 * (the symptom) varies with the vector: a swapped component changes four
 * registers of an RGBA load and one of an R load.  It is kept as a detail:
 * each bucket counts its symptoms.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <json.h>

#include "cli.h"
#include "compare.h"
#include "isa.h"
#include "triage.h"

/* ---------------------------------------------------------------------------
 * One failure.
 */

/* A status as the vector format spells it ("ok", "fault"). */
static void status_lower(int st, char *buf, size_t n)
{
    size_t i = 0;
    for (const char *p = tx_status_name(st); *p && i + 1 < n; p++)
        buf[i++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    buf[i] = 0;
}

void tri_begin(tri_failure *f, const char *kind, uint64_t word, uint32_t ctrl, int step)
{
    tx_insn in;
    memset(f, 0, sizeof(*f));
    f->kind = kind;
    f->want_side = "model";
    f->got_side = "rtl";
    f->step = step;
    f->warp = -1;
    f->stage = f->lane = -1;
    f->issue_cycle = f->done_cycle = -1;
    tx_decode(word, ctrl, &in);
    snprintf(f->op, sizeof(f->op), "%s", tx_op_name(in.op));
}

/* The final value of each (lane, register) pair of one side: the last
 * write wins, as in compare.c. */
typedef struct finals {
    int n;
    tx_regw w[TX_MAX_REGW];
} finals;

static void finals_build(const tx_effects *fx, finals *s)
{
    s->n = 0;
    for (int i = 0; i < fx->nregw && i < TX_MAX_REGW; i++) {
        const tx_regw *w = &fx->regw[i];
        int j;
        for (j = 0; j < s->n; j++)
            if (s->w[j].lane == w->lane && s->w[j].reg == w->reg)
                break;
        if (j == s->n)
            s->n++;
        s->w[j] = *w;
    }
}

static const tx_regw *finals_find(const finals *s, int lane, int reg)
{
    for (int j = 0; j < s->n; j++)
        if (s->w[j].lane == lane && s->w[j].reg == reg)
            return &s->w[j];
    return NULL;
}

static tri_mismatch *add_mis(tri_failure *f, const char *what, int lane)
{
    f->count++;
    if (f->n >= TRI_MAX_MISMATCHES)
        return NULL;
    tri_mismatch *m = &f->mis[f->n++];
    memset(m, 0, sizeof(*m));
    m->what = what;
    m->warp = f->warp;
    m->lane = lane;
    m->stage = -1;
    return m;
}

/* The first stage where `lane` diverges: a tap stage, else pack (its
 * register writes differ although every tap agrees). */
static int lane_stage(const tx_taps *wt, const tx_taps *gt, int lane)
{
    if (!wt || !gt || lane < 0 || lane >= TX_LANES)
        return -1;
    int st = taps_lane_divergence(wt, gt, lane);
    return st >= 0 ? st : TX_TAP_PACK;
}

void tri_diff(tri_failure *f, const tx_effects *want, const tx_effects *got, const tx_taps *wt,
              const tx_taps *gt)
{
    static finals a, b;   /* about 1 KB each; failures are reported one at a time */
    tri_mismatch *m;
    f->status_want = want->status;
    f->status_got = got->status;
    if (want->status != got->status && (m = add_mis(f, "status", -1)) != NULL) {
        status_lower(want->status, m->expected, sizeof(m->expected));
        status_lower(got->status, m->actual, sizeof(m->actual));
    }
    if (want->hash != got->hash) {
        f->hash_differs = 1;
        if ((m = add_mis(f, "hash", -1)) != NULL) {
            snprintf(m->expected, sizeof(m->expected), "0x%02x", want->hash);
            snprintf(m->actual, sizeof(m->actual), "0x%02x", got->hash);
        }
    }
    /* Registers, by lane then register (the order of the report). */
    finals_build(want, &a);
    finals_build(got, &b);
    uint8_t regs[256];
    int nregs = 0;
    {
        uint8_t seen[256] = {0};
        for (int i = 0; i < a.n; i++)
            seen[a.w[i].reg] = 1;
        for (int i = 0; i < b.n; i++)
            seen[b.w[i].reg] = 1;
        for (int r = 0; r < 256; r++)
            if (seen[r])
                regs[nregs++] = (uint8_t)r;
    }
    for (int lane = 0; lane < TX_LANES; lane++)
        for (int k = 0; k < nregs; k++) {
            const tx_regw *x = finals_find(&a, lane, regs[k]);
            const tx_regw *y = finals_find(&b, lane, regs[k]);
            if ((!x && !y) || (x && y && x->val == y->val))
                continue;
            if (k < 64)
                f->dst_ranks |= 1ull << k;
            if ((m = add_mis(f, "reg", lane)) == NULL)
                continue;
            m->stage = lane_stage(wt, gt, lane);
            snprintf(m->reg, sizeof(m->reg), regs[k] == TX_RZ ? "RZ" : "R%d", regs[k]);
            if (x)
                snprintf(m->expected, sizeof(m->expected), "0x%08" PRIx32, x->val);
            if (y)
                snprintf(m->actual, sizeof(m->actual), "0x%08" PRIx32, y->val);
        }
    /* Predicates, lane by lane. */
    for (int p = 0; p < TX_NPREDS; p++)
        for (int lane = 0; lane < TX_LANES; lane++) {
            int xw = want->predw_mask[p] >> lane & 1, yw = got->predw_mask[p] >> lane & 1;
            int xv = want->predw_val[p] >> lane & 1, yv = got->predw_val[p] >> lane & 1;
            if (xw == yw && (!xw || xv == yv))
                continue;
            f->preds |= 1u << p;
            if ((m = add_mis(f, "pred", lane)) == NULL)
                continue;
            m->stage = lane_stage(wt, gt, lane);
            snprintf(m->reg, sizeof(m->reg), "P%d", p);
            if (xw)
                snprintf(m->expected, sizeof(m->expected), "%d", xv);
            if (yw)
                snprintf(m->actual, sizeof(m->actual), "%d", yv);
        }
}

/* Append to buf (of size n, holding len characters) with snprintf. */
#define PUT(...)                                                                 \
    do {                                                                         \
        if (len < n)                                                             \
            len += (size_t)snprintf(buf + len, n - len, __VA_ARGS__);            \
    } while (0)

void tri_signature(const tri_failure *f, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    PUT("%s %s", f->kind ? f->kind : "fail", f->op[0] ? f->op : "?");
    if (f->stage >= 0)
        PUT(" stage=%s", tx_stage_name(f->stage));
}

void tri_symptom(const tri_failure *f, char *buf, size_t n)
{
    size_t len = 0;
    const char *sp = "";   /* a space between two parts */
    buf[0] = 0;
    if (f->status_want != f->status_got) {
        char a[16], b[16];
        status_lower(f->status_want, a, sizeof(a));
        status_lower(f->status_got, b, sizeof(b));
        PUT("status=%s->%s", a, b);
        sp = " ";
    }
    if (f->hash_differs) {
        PUT("%shash", sp);
        sp = " ";
    }
    if (f->preds) {
        const char *sep = "preds=";
        PUT("%s", sp);
        for (int p = 0; p < 32; p++)
            if (f->preds >> p & 1) {
                PUT("%sP%d", sep, p);
                sep = ",";
            }
        sp = " ";
    }
    if (f->dst_ranks) {
        const char *sep = "regs=";
        PUT("%s", sp);
        for (int k = 0; k < 64; k++)
            if (f->dst_ranks >> k & 1) {
                PUT("%sd%d", sep, k);
                sep = ",";
            }
    }
}
#undef PUT

static json_object *str_or_null(const char *s)
{
    return s && *s ? json_object_new_string(s) : NULL;
}

static json_object *int_or_null(int64_t v)
{
    return v >= 0 ? json_object_new_int64(v) : NULL;
}

char *tri_json(const tri_failure *f)
{
    json_object *o = json_object_new_object();
    if (!o)
        return NULL;
    json_object_object_add(o, "expected_side", json_object_new_string(f->want_side));
    json_object_object_add(o, "actual_side", json_object_new_string(f->got_side));
    json_object_object_add(o, "op", json_object_new_string(f->op));
    json_object_object_add(o, "step", json_object_new_int(f->step));
    json_object_object_add(o, "warp", int_or_null(f->warp));
    json_object_object_add(o, "stage", f->stage >= 0 ? json_object_new_string(tx_stage_name(f->stage))
                                                     : NULL);
    json_object_object_add(o, "lane", int_or_null(f->lane));
    json_object_object_add(o, "quad", int_or_null(f->lane >= 0 ? f->lane / 4 : -1));
    json_object *c = json_object_new_object();
    json_object_object_add(c, "issue", int_or_null(f->issue_cycle));
    json_object_object_add(c, "done", int_or_null(f->done_cycle));
    json_object_object_add(o, "cycles", c);
    json_object_object_add(o, "mismatch_count", json_object_new_int(f->count));
    json_object *a = json_object_new_array();
    for (int i = 0; i < f->n; i++) {
        const tri_mismatch *m = &f->mis[i];
        json_object *e = json_object_new_object();
        json_object_object_add(e, "what", json_object_new_string(m->what));
        json_object_object_add(e, "warp", int_or_null(m->warp));
        json_object_object_add(e, "quad", int_or_null(m->lane >= 0 ? m->lane / 4 : -1));
        json_object_object_add(e, "lane", int_or_null(m->lane));
        json_object_object_add(e, "stage",
                               m->stage >= 0 ? json_object_new_string(tx_stage_name(m->stage))
                                             : NULL);
        json_object_object_add(e, "reg", str_or_null(m->reg));
        json_object_object_add(e, "expected", str_or_null(m->expected));
        json_object_object_add(e, "actual", str_or_null(m->actual));
        json_object_array_add(a, e);
    }
    json_object_object_add(o, "mismatches", a);
    const char *s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
    char *text = s ? strdup(s) : NULL;
    json_object_put(o);
    return text;
}

/* ---------------------------------------------------------------------------
 * Buckets.
 */

void tri_buckets_init(tri_buckets *b, int all_reports)
{
    memset(b, 0, sizeof(*b));
    b->all_reports = all_reports;
    b->list_max = 10;
}

void tri_buckets_free(tri_buckets *b)
{
    for (int i = 0; i < b->n; i++) {
        free(b->v[i].signature);
        free(b->v[i].file);
        free(b->v[i].id);
        free(b->v[i].waves);
        for (int k = 0; k < b->v[i].nsym; k++)
            free(b->v[i].sym[k].symptom);
        free(b->v[i].sym);
    }
    free(b->v);
    memset(b, 0, sizeof(*b));
}

/*
 * The cause and the symptom of a record.  Records written before signatures
 * existed (or that lost them) fall back to their kind; a signature of the
 * older form "CAUSE SYMPTOM" (the symptom was part of the bucket key) is
 * split, so that merging old results files buckets them by cause too.
 */
static void rec_cause(const res_record *r, char *cause, size_t n, const char **symptom)
{
    static const char *const parts[] = {" status=", " hash", " preds=", " regs="};
    const char *sig = r->signature && *r->signature ? r->signature
                      : r->kind && *r->kind ? r->kind : res_status_name(r->status);
    size_t cut = strlen(sig);
    *symptom = r->symptom ? r->symptom : "";
    if (!r->symptom)
        for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
            const char *p = strstr(sig, parts[i]);
            if (p && (size_t)(p - sig) < cut) {
                cut = (size_t)(p - sig);
                *symptom = p + 1;
            }
        }
    snprintf(cause, n, "%.*s", (int)cut, sig);
}

/* Count one failure of bucket k with this symptom; -1 when memory runs out. */
static int count_symptom(tri_bucket *k, const char *symptom)
{
    if (!*symptom)
        return 0;
    for (int i = 0; i < k->nsym; i++)
        if (!strcmp(k->sym[i].symptom, symptom)) {
            k->sym[i].count++;
            return 0;
        }
    if (k->nsym == k->symcap) {
        int cap = k->symcap ? 2 * k->symcap : 4;
        tri_symptom_count *v = realloc(k->sym, (size_t)cap * sizeof(*v));
        if (!v)
            return -1;
        k->sym = v;
        k->symcap = cap;
    }
    if (!(k->sym[k->nsym].symptom = strdup(symptom)))
        return -1;
    k->sym[k->nsym++].count = 1;
    return 0;
}

int tri_add(tri_buckets *b, const res_record *r, int *first)
{
    char sig[256];
    const char *symptom;
    rec_cause(r, sig, sizeof(sig), &symptom);
    *first = 0;
    b->failures++;
    for (int i = 0; i < b->n; i++)
        if (!strcmp(b->v[i].signature, sig)) {
            b->v[i].count++;
            return count_symptom(&b->v[i], symptom) < 0 ? 0 : i + 1;
        }
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 16;
        tri_bucket *v = realloc(b->v, (size_t)cap * sizeof(*v));
        if (!v)
            return 0;
        b->v = v;
        b->cap = cap;
    }
    tri_bucket *k = &b->v[b->n];
    memset(k, 0, sizeof(*k));
    k->signature = strdup(sig);
    k->file = strdup(r->file ? r->file : "");
    k->id = strdup(r->id ? r->id : "");
    k->step = r->step;
    k->count = 1;
    if (!k->signature || !k->file || !k->id || count_symptom(k, symptom) < 0) {
        free(k->signature);
        free(k->file);
        free(k->id);
        free(k->sym ? k->sym[0].symptom : NULL);
        free(k->sym);
        return 0;
    }
    if (r->wave_gtkw)
        k->waves = strdup(r->wave_gtkw);
    *first = 1;
    return ++b->n;
}

void tri_set_waves(tri_buckets *b, int bucket, const char *gtkw)
{
    if (bucket < 1 || bucket > b->n || !gtkw || b->v[bucket - 1].waves)
        return;
    b->v[bucket - 1].waves = strdup(gtkw);
}

int tri_full(const tri_buckets *b, int first)
{
    return first || b->all_reports;
}

int tri_print(FILE *f, tri_buckets *b, const res_record *r, int bucket, int first)
{
    char cause[256];
    const char *symptom;
    rec_cause(r, cause, sizeof(cause), &symptom);
    if (tri_full(b, first) || bucket < 1 || bucket > b->n) {
        fprintf(f, "%sFAIL%s %s %s", cli_sgr(f, CLI_RED), cli_sgr(f, CLI_RESET), r->file, r->id);
        if (bucket >= 1 && bucket <= b->n)
            fprintf(f, "  [bucket %d%s: %s%s%s]", bucket, first ? ", new" : "",
                    b->v[bucket - 1].signature, *symptom ? "; " : "", symptom);
        fputc('\n', f);
        fputs(r->report ? r->report : "", f);
        return 1;
    }
    tri_bucket *k = &b->v[bucket - 1];
    if (k->listed < b->list_max) {
        k->listed++;
        fprintf(f, "%sFAIL%s %s %s  [bucket %d, step %d%s%s; same cause as %s]\n",
                cli_sgr(f, CLI_RED), cli_sgr(f, CLI_RESET), r->file, r->id, bucket, r->step,
                *symptom ? ": " : "", symptom, k->id);
        if (k->listed == b->list_max)
            fprintf(f, "  (further failures of bucket %d are counted, not listed; every one is "
                       "in the results file)\n", bucket);
    }
    return 0;
}

/* Symptoms listed per bucket in the table; the rest are counted. */
#define TABLE_SYMPTOMS 6

void tri_print_table(FILE *f, const tri_buckets *b)
{
    if (b->n == 0)
        return;
    fprintf(f, "\nfailures by cause: %ld failing vector%s in %d bucket%s\n", b->failures,
            b->failures == 1 ? "" : "s", b->n, b->n == 1 ? "" : "s");
    for (int i = 0; i < b->n; i++) {
        const tri_bucket *k = &b->v[i];
        fprintf(f, "  #%-3d %6ld  %s\n", i + 1, k->count, k->signature);
        fprintf(f, "        first: %s %s (step %d)%s%s\n", k->file, k->id, k->step,
                k->waves ? ", waves " : "", k->waves ? k->waves : "");
        if (k->nsym == 0)
            continue;
        /* Most frequent first; ties in order of appearance (stable for any -j). */
        int order[TABLE_SYMPTOMS], shown = 0;
        while (shown < TABLE_SYMPTOMS && shown < k->nsym) {
            int best = -1;
            for (int s = 0; s < k->nsym; s++) {
                int taken = 0;
                for (int t = 0; t < shown; t++)
                    taken |= order[t] == s;
                if (!taken && (best < 0 || k->sym[s].count > k->sym[best].count))
                    best = s;
            }
            order[shown++] = best;
        }
        long rest = 0;
        for (int s = 0; s < k->nsym; s++)
            rest += k->sym[s].count;
        fprintf(f, "        differs:");
        for (int s = 0; s < shown; s++) {
            fprintf(f, "%s %s (%ld)", s ? "," : "", k->sym[order[s]].symptom,
                    k->sym[order[s]].count);
            rest -= k->sym[order[s]].count;
        }
        if (shown < k->nsym)
            fprintf(f, ", %d more (%ld)", k->nsym - shown, rest);
        fputc('\n', f);
    }
}
