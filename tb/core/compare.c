/*
 * compare.c - effect and tap comparison (see compare.h).
 *
 * Register writes are compared as final values per (lane, register): the RTL
 * and the model may write in different orders, and a register written twice
 * by one instruction (overlapping destinations) keeps its last value.
 */
#include <inttypes.h>
#include <string.h>
#include "compare.h"

typedef struct wset {
    int n;
    tx_regw w[TX_MAX_REGW];
} wset;

/* Sort by (lane, reg) keeping the last write of each pair. */
static void wset_build(const tx_effects *fx, wset *s)
{
    s->n = 0;
    for (int i = 0; i < fx->nregw; i++) {
        const tx_regw *w = &fx->regw[i];
        int j;
        for (j = 0; j < s->n; j++)
            if (s->w[j].lane == w->lane && s->w[j].reg == w->reg)
                break;
        if (j < s->n) {
            s->w[j].val = w->val;
            continue;
        }
        /* insertion keeps the array sorted */
        int k = s->n++;
        while (k > 0 && (s->w[k - 1].lane > w->lane ||
                         (s->w[k - 1].lane == w->lane && s->w[k - 1].reg > w->reg))) {
            s->w[k] = s->w[k - 1];
            k--;
        }
        s->w[k] = *w;
    }
}

/* Walk both sorted sets; call emit for each difference. */
typedef void (*diff_fn)(void *ctx, const tx_regw *want, const tx_regw *got);

static int walk(const wset *a, const wset *b, diff_fn fn, void *ctx)
{
    int i = 0, j = 0, n = 0;
    while (i < a->n || j < b->n) {
        const tx_regw *x = i < a->n ? &a->w[i] : NULL;
        const tx_regw *y = j < b->n ? &b->w[j] : NULL;
        int cmp;
        if (!x)
            cmp = 1;
        else if (!y)
            cmp = -1;
        else
            cmp = x->lane != y->lane ? (x->lane < y->lane ? -1 : 1)
                                     : (x->reg != y->reg ? (x->reg < y->reg ? -1 : 1) : 0);
        if (cmp == 0) {
            if (x->val != y->val) {
                n++;
                if (fn)
                    fn(ctx, x, y);
            }
            i++, j++;
        } else if (cmp < 0) {
            n++;
            if (fn)
                fn(ctx, x, NULL);
            i++;
        } else {
            n++;
            if (fn)
                fn(ctx, NULL, y);
            j++;
        }
    }
    return n;
}

/*
 * The final value of each (lane, register) pair, for counting differences
 * in time linear in the number of writes (fx_diff_count runs after every
 * instruction).  A slot belongs to the current count when its stamp equals
 * `stamp`, so nothing is cleared between calls.
 */
typedef struct wmap {
    uint32_t stamp[TX_LANES][TX_NREGS];
    uint32_t val[TX_LANES][TX_NREGS];
    int n;
    tx_regw key[TX_MAX_REGW];   /* distinct pairs in first-write order */
} wmap;

static uint32_t stamp;

static int wmap_build(const tx_effects *fx, wmap *m)
{
    m->n = 0;
    for (int i = 0; i < fx->nregw; i++) {
        const tx_regw *w = &fx->regw[i];
        if (w->lane >= TX_LANES)
            return -1;  /* not a lane: leave it to the general path */
        if (m->stamp[w->lane][w->reg] != stamp) {
            m->stamp[w->lane][w->reg] = stamp;
            m->key[m->n++] = *w;
        }
        m->val[w->lane][w->reg] = w->val;
    }
    return 0;
}

/* Pairs written by one side only or with different final values: the same
 * count as walk() over the two sorted sets. */
static int reg_diff_count(const tx_effects *want, const tx_effects *got)
{
    static wmap a, b;
    if (++stamp == 0) {
        memset(a.stamp, 0, sizeof(a.stamp));
        memset(b.stamp, 0, sizeof(b.stamp));
        stamp = 1;
    }
    if (wmap_build(want, &a) < 0 || wmap_build(got, &b) < 0) {
        static wset x, y;
        wset_build(want, &x);
        wset_build(got, &y);
        return walk(&x, &y, NULL, NULL);
    }
    int n = 0;
    for (int i = 0; i < a.n; i++) {
        int l = a.key[i].lane, r = a.key[i].reg;
        if (b.stamp[l][r] != stamp || b.val[l][r] != a.val[l][r])
            n++;
    }
    for (int i = 0; i < b.n; i++)
        if (a.stamp[b.key[i].lane][b.key[i].reg] != stamp)
            n++;
    return n;
}

int fx_diff_count(const tx_effects *want, const tx_effects *got)
{
    int n = 0;
    if (want->status != got->status)
        n++;
    if (want->hash != got->hash)
        n++;
    for (int p = 0; p < TX_NPREDS; p++)
        if (want->predw_mask[p] != got->predw_mask[p] ||
            (want->predw_val[p] & want->predw_mask[p]) != (got->predw_val[p] & got->predw_mask[p]))
            n++;
    return n + reg_diff_count(want, got);
}

typedef struct pctx {
    FILE *f;
    const char *wn, *gn;
    int max, shown, total;
} pctx;

static void reg_name(char *buf, int reg)
{
    if (reg == 255)
        strcpy(buf, "RZ");
    else
        sprintf(buf, "R%d", reg);
}

static void print_one(void *vctx, const tx_regw *want, const tx_regw *got)
{
    pctx *c = vctx;
    const tx_regw *any = want ? want : got;
    char r[8];
    c->total++;
    if (c->shown >= c->max)
        return;
    c->shown++;
    reg_name(r, any->reg);
    fprintf(c->f, "    lane %2d %-4s  %s ", any->lane, r, c->wn);
    if (want)
        fprintf(c->f, "0x%08" PRIx32, want->val);
    else
        fprintf(c->f, "(no write)");
    fprintf(c->f, "  %s ", c->gn);
    if (got)
        fprintf(c->f, "0x%08" PRIx32 "\n", got->val);
    else
        fprintf(c->f, "(no write)\n");
}

void fx_diff_print(FILE *f, const tx_effects *want, const tx_effects *got,
                   const char *want_name, const char *got_name, int max)
{
    static wset a, b;
    if (want->status != got->status)
        fprintf(f, "    status  %s %s  %s %s\n", want_name, tx_status_name(want->status),
                got_name, tx_status_name(got->status));
    if (want->hash != got->hash)
        fprintf(f, "    texture hash  %s 0x%02x  %s 0x%02x\n", want_name, want->hash, got_name,
                got->hash);
    for (int p = 0; p < TX_NPREDS; p++) {
        uint32_t wm = want->predw_mask[p], gm = got->predw_mask[p];
        uint32_t wv = want->predw_val[p] & wm, gv = got->predw_val[p] & gm;
        if (wm != gm || wv != gv)
            fprintf(f, "    P%d writes  %s lanes 0x%08" PRIx32 " = 0x%08" PRIx32
                       "  %s lanes 0x%08" PRIx32 " = 0x%08" PRIx32 "\n",
                    p, want_name, wm, wv, got_name, gm, gv);
    }
    wset_build(want, &a);
    wset_build(got, &b);
    pctx c = {f, want_name, got_name, max, 0, 0};
    walk(&a, &b, print_one, &c);
    if (c.total > c.shown)
        fprintf(f, "    (+%d more register differences)\n", c.total - c.shown);
}

static int lane_stage_differs(int st, int lane, const tx_taps *a, const tx_taps *b)
{
    int nt = a->ntaps ? a->ntaps : 1;
    switch (st) {
    case TX_TAP_GATHER:
        return memcmp(a->gather[lane], b->gather[lane], sizeof(a->gather[0])) != 0;
    case TX_TAP_LOD:
        return a->level[lane] != b->level[lane] || a->level1[lane] != b->level1[lane] ||
               a->lod[lane] != b->lod[lane] || a->mipw[lane] != b->mipw[lane];
    case TX_TAP_ADDR:
        if (memcmp(a->ufx[lane], b->ufx[lane], sizeof(a->ufx[0])) != 0)
            return 1;
        for (int k = 0; k < nt; k++)
            if (a->addr[lane][k] != b->addr[lane][k] || a->oob[lane][k] != b->oob[lane][k])
                return 1;
        return 0;
    case TX_TAP_FETCH:
        return memcmp(a->texel[lane], b->texel[lane], sizeof(a->texel[0][0]) * nt) != 0;
    case TX_TAP_FORMAT:
        return memcmp(a->fmt[lane], b->fmt[lane], sizeof(a->fmt[0][0]) * nt) != 0;
    case TX_TAP_FILTER:
        return memcmp(a->wt[lane], b->wt[lane], sizeof(a->wt[0])) != 0 ||
               memcmp(a->filt[lane], b->filt[lane], sizeof(a->filt[0])) != 0;
    case TX_TAP_PIXLD:
        return a->pix_ra[lane] != b->pix_ra[lane] || a->pix_index[lane] != b->pix_index[lane] ||
               a->pix_val[lane] != b->pix_val[lane] ||
               ((a->pix_pred ^ b->pix_pred) >> lane & 1);
    default:
        return 0;
    }
}

int taps_first_divergence(const tx_taps *want, const tx_taps *got, int *lane)
{
    uint32_t lanes = want->lanes | got->lanes;
    /* Only the stages the instruction goes through (the model's mask; 0 is
     * the texture stages). */
    unsigned stages = want->stages ? want->stages : TX_STAGES_TEXTURE;
    for (int st = 0; st < TX_TAP_COUNT; st++) {
        if (!(stages >> st & 1) || st == TX_TAP_PACK)
            continue;
        for (int l = 0; l < TX_LANES; l++)
            if ((lanes >> l & 1) &&
                (!((want->lanes & got->lanes) >> l & 1) || lane_stage_differs(st, l, want, got))) {
                *lane = l;
                return st;
            }
    }
    return -1;
}

static void print_side(FILE *f, int st, int lane, const tx_taps *t, const char *name)
{
    int nt = t->ntaps ? t->ntaps : 1;
    fprintf(f, "      %-6s", name);
    if (!(t->lanes >> lane & 1)) {
        fprintf(f, " (lane not processed)\n");
        return;
    }
    switch (st) {
    case TX_TAP_GATHER:
        for (int i = 0; i < TX_GATHER_WORDS; i++)
            fprintf(f, " 0x%08" PRIx32, t->gather[lane][i]);
        break;
    case TX_TAP_LOD:
        fprintf(f, " level %" PRIu32 " level1 %" PRIu32 " lod %" PRId32 " mipw %u", t->level[lane],
                t->level1[lane], t->lod[lane], t->mipw[lane]);
        break;
    case TX_TAP_ADDR:
        fprintf(f, " ufx (%" PRId32 " %" PRId32 " %" PRId32 ")/(%" PRId32 " %" PRId32 " %" PRId32 ")",
                t->ufx[lane][0][0], t->ufx[lane][0][1], t->ufx[lane][0][2], t->ufx[lane][1][0],
                t->ufx[lane][1][1], t->ufx[lane][1][2]);
        for (int k = 0; k < nt; k++)
            fprintf(f, " 0x%012" PRIx64 "%s", t->addr[lane][k], t->oob[lane][k] ? " (oob)" : "");
        break;
    case TX_TAP_FETCH:
        for (int k = 0; k < nt; k++)
            fprintf(f, " %08" PRIx32 "_%08" PRIx32 "_%08" PRIx32 "_%08" PRIx32, t->texel[lane][k][3],
                    t->texel[lane][k][2], t->texel[lane][k][1], t->texel[lane][k][0]);
        break;
    case TX_TAP_FORMAT:
        for (int k = 0; k < nt; k++)
            fprintf(f, " (0x%08" PRIx32 " 0x%08" PRIx32 " 0x%08" PRIx32 " 0x%08" PRIx32 ")",
                    t->fmt[lane][k][0], t->fmt[lane][k][1], t->fmt[lane][k][2], t->fmt[lane][k][3]);
        break;
    case TX_TAP_FILTER:
        fprintf(f, " wt (%u %u %u)/(%u %u %u)", t->wt[lane][0][0], t->wt[lane][0][1],
                t->wt[lane][0][2], t->wt[lane][1][0], t->wt[lane][1][1], t->wt[lane][1][2]);
        fprintf(f, " (0x%08" PRIx32 " 0x%08" PRIx32 " 0x%08" PRIx32 " 0x%08" PRIx32 ")",
                t->filt[lane][0], t->filt[lane][1], t->filt[lane][2], t->filt[lane][3]);
        break;
    case TX_TAP_PIXLD:
        fprintf(f, " Ra 0x%08" PRIx32 "  index 0x%08" PRIx32 "  value 0x%08" PRIx32 "  pred %u",
                t->pix_ra[lane], t->pix_index[lane], t->pix_val[lane],
                (unsigned)(t->pix_pred >> lane & 1));
        break;
    }
    fprintf(f, "\n");
}

void taps_print(FILE *f, int stage, int lane, const tx_taps *want, const tx_taps *got)
{
    print_side(f, stage, lane, want, "model");
    print_side(f, stage, lane, got, "rtl");
}

/* ---- per-lane divergence, for the results file's mismatches (tb/run/triage.c) ---- */

int taps_lane_divergence(const tx_taps *want, const tx_taps *got, int lane)
{
    uint32_t bit = 1u << lane;
    unsigned stages = want->stages ? want->stages : TX_STAGES_TEXTURE;
    if (lane < 0 || lane >= TX_LANES || !((want->lanes | got->lanes) & bit))
        return -1;
    for (int st = 0; st < TX_TAP_COUNT; st++) {
        if (!(stages >> st & 1) || st == TX_TAP_PACK)
            continue;
        if (!(want->lanes & got->lanes & bit) || lane_stage_differs(st, lane, want, got))
            return st;
    }
    return -1;
}
