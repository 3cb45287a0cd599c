/*
 * wave.c - traced replay of a failing vector and the GTKWave view of it.
 *
 * wave_capture replays the vector twice on a simulator of its own, with the
 * settings of the failing run (memory timing is seeded, so every replay is
 * cycle exact):
 *
 *   1. a measuring pass with the tap port recorded: the failing step's issue
 *      and completion cycles, the cycle each stage handed each quad on, and
 *      the first stage whose per-lane values differ from the model's;
 *   2. a tracing pass that opens the FST trace late, PRE cycles before the
 *      failing issue, and closes it POST cycles after the completion
 *      (toolchain notes, "Windowed tracing").
 *
 * Then it reads the names the trace really contains back through the FST
 * reader that Verilator's runtime library carries, and writes the save file
 * with the signals grouped by pipeline stage (signals that the RTL does not
 * have any more are left out and listed in a comment row).
 *
 * Time base: the replay starts from a fresh simulator, so cycle N of the
 * replay is the same in both passes, and its settled values sit at trace
 * time 2N (sim_tick dumps the rising edge at 2N+1 and the falling edge at
 * 2N+2).  Every marker is put at 2N for the cycle N it names.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>
#include "compare.h"
#include "gtkw.h"
#include "isa.h"
#include "wave.h"

#include "rtl_sigs.h"

/* The FST reader is compiled into libverilated.a by Verilator runtimes up to
 * 5.04x (verilated_fst_c.cpp includes gtkwave/fstapi.c); later runtimes have
 * a writer only.  The Makefile defines WAVE_HAVE_FSTAPI (FST_READER=1) and
 * puts the runtime's gtkwave/ folder on the include path when it has one;
 * without it the names and widths come from the table generated from the
 * Verilated model (rtl_sigs.h), which gives the same save file. */
#if defined(WAVE_HAVE_FSTAPI) && WAVE_HAVE_FSTAPI
#include "fstapi.h"
#else
#undef WAVE_HAVE_FSTAPI
#endif

#define NQUADS (TX_LANES / 4)

void wave_opts_default(wave_opts *o)
{
    o->out_dir = NULL;
    o->pre = 64;
    o->post = 8;
}

const char *wave_default_dir(void)
{
    const char *d = getenv("TEXCOSIM_WAVE_DIR");
    return d && *d ? d : WAVE_DEFAULT_DIR;
}

static void set_err(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    if (!err || !n)
        return;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------------ names */

/* FNV-1a, 32 bits: a short tag that keeps sanitized names distinct. */
static uint32_t fnv1a(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 16777619u;
    }
    return h;
}

/* Copy src into dst (room for n bytes) as a safe file-name part. */
static void sanitize(const char *src, size_t len, char *dst, size_t n)
{
    const size_t keep = 64;   /* longest part kept before hashing */
    size_t o = 0;
    int changed = 0;
    for (size_t i = 0; i < len && o < keep; i++) {
        unsigned char c = (unsigned char)src[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '_' || c == '-' || c == '+' || (c == '.' && i > 0);
        dst[o++] = ok ? (char)c : '_';
        changed |= !ok;
    }
    if (len > keep)
        changed = 1;
    if (o == 0) {
        dst[o++] = '_';
        changed = 1;
    }
    dst[o] = '\0';
    if (changed) {
        char whole[1024];
        size_t m = len < sizeof(whole) - 1 ? len : sizeof(whole) - 1;
        memcpy(whole, src, m);
        whole[m] = '\0';
        snprintf(dst + o, n - o, "-%08" PRIx32, fnv1a(whole));
    }
}

int wave_paths(const char *out_dir, const char *vector_file, const char *id, char *fst,
               char *gtkw)
{
    char stem[96], sid[96];
    const char *base = strrchr(vector_file ? vector_file : "", '/');
    base = base ? base + 1 : (vector_file ? vector_file : "");
    size_t len = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && dot != base && (!strcmp(dot, ".jsonl") || !strcmp(dot, ".json")))
        len = (size_t)(dot - base);
    sanitize(base, len, stem, sizeof(stem));
    sanitize(id ? id : "", strlen(id ? id : ""), sid, sizeof(sid));
    if (!out_dir || !*out_dir)
        out_dir = ".";
    int a = snprintf(fst, WAVE_PATH_MAX, "%s/%s.%s.fst", out_dir, stem, sid);
    int b = snprintf(gtkw, WAVE_PATH_MAX, "%s/%s.%s.gtkw", out_dir, stem, sid);
    return (a < 0 || a >= WAVE_PATH_MAX || b < 0 || b >= WAVE_PATH_MAX) ? -1 : 0;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
    char buf[WAVE_PATH_MAX];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof(buf))
        return -1;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] == '/' || buf[i] == '\0') {
            char c = buf[i];
            buf[i] = '\0';
            if (mkdir(buf, 0777) < 0 && errno != EEXIST)
                return -1;
            buf[i] = c;
        }
    }
    return 0;
}

/* ----------------------------------------------------------------- replay */

/* What the observer records during a replay. */
typedef struct replay {
    int in_fail;                 /* inside the failing step */
    int issued;
    uint64_t issue_cycle;        /* issue handshake of the failing step */
    uint64_t last_cycle;         /* last cycle evaluated in the failing step */
    int done_tag;                /* tag of the failing step's done_valid_o */
    int64_t stage_cycle[TX_TAP_COUNT][NQUADS]; /* first hand-off of quad q */
    /* tracing pass */
    const char *trace_path;      /* NULL in the measuring pass */
    uint64_t open_at;            /* first traced cycle */
    int opened, open_failed;
    uint64_t t_open;
} replay;

static void note_stage(replay *rp, int stage, int valid, int quad, uint64_t cycle)
{
    if (valid && quad >= 0 && quad < NQUADS && rp->stage_cycle[stage][quad] < 0)
        rp->stage_cycle[stage][quad] = (int64_t)cycle;
}

static void note_taps(replay *rp, const sim_taps_t *t, uint64_t cycle)
{
    note_stage(rp, TX_TAP_GATHER, t->gather_valid, t->gather_quad, cycle);
    note_stage(rp, TX_TAP_LOD, t->lod_valid, t->lod_quad, cycle);
    note_stage(rp, TX_TAP_ADDR, t->addr_valid, t->addr_quad, cycle);
    note_stage(rp, TX_TAP_FETCH, t->fetch_valid, t->fetch_quad, cycle);
    note_stage(rp, TX_TAP_FORMAT, t->format_valid, t->format_quad, cycle);
    note_stage(rp, TX_TAP_FILTER, t->filter_valid, t->filter_quad, cycle);
    note_stage(rp, TX_TAP_PIXLD, t->pixld_valid, t->pixld_quad, cycle);
}

static void observe(void *user, lockstep *ls, const sim_out_t *o, const sim_taps_t *t,
                    const sim_taps_t *su)
{
    replay *rp = user;
    uint64_t cycle = ls->total_cycles;

    if (rp->trace_path && !rp->opened && !rp->open_failed && cycle >= rp->open_at) {
        if (sim_trace_open(ls->sim, rp->trace_path) == 0) {
            rp->opened = 1;
            rp->t_open = sim_time(ls->sim);
        } else {
            rp->open_failed = 1;
        }
    }
    if (!rp->in_fail)
        return;
    rp->last_cycle = cycle;
    if (!rp->issued && o->issue_ready) {
        rp->issued = 1;
        rp->issue_cycle = cycle;
    }
    if (t)
        note_taps(rp, t, cycle);
    if (su)
        note_taps(rp, su, cycle);
    note_stage(rp, TX_TAP_PACK, o->rf_wr_valid, o->rf_wr_quad, cycle);
    if (o->done_valid)
        rp->done_tag = o->done_tag;
}

/* ---- warps: the group replay set by wave_set_group (wave.h) ---- */
static wave_group_fn group_fn;
static void *group_user;

void wave_set_group(wave_group_fn fn, void *user)
{
    group_fn = fn;
    group_user = user;
}
/* ---- end of warps ---- */

/* Run v up to and including fail_step on a fresh simulator.  Returns 0, or
 * -1 with err when the simulator or the initial state cannot be set up. */
static int replay_run(const ls_config *cfg, const tx_vector *v, int fail_step, replay *rp,
                      ls_outcome *out, uint64_t post, char *err, size_t errlen)
{
    lockstep *ls = ls_new();
    vec_error verr;
    if (!ls) {
        set_err(err, errlen, "cannot create a simulator for the wave replay");
        return -1;
    }
    if (group_fn) {   /* warps: the whole group, on this simulator */
        int r = group_fn(group_user, ls, cfg, fail_step, out, post, &rp->in_fail, observe, rp);
        rp->in_fail = 0;
        if (rp->opened)
            sim_trace_close(ls->sim);
        ls_set_observer(ls, NULL, NULL);
        ls_free(ls);
        if (r < 0)
            set_err(err, errlen, "wave replay of the group failed");
        return r;
    }
    ls_begin(ls, cfg);
    if (vec_apply(v, ls->model, &verr) < 0 || vec_apply(v, ls->rtl, &verr) < 0) {
        set_err(err, errlen, "wave replay: %s", verr.text);
        ls_free(ls);
        return -1;
    }
    ls_ready(ls);
    ls_set_observer(ls, observe, rp);
    for (int i = 0; i <= fail_step; i++) {
        const vec_step *st = &v->steps[i];
        rp->in_fail = i == fail_step;
        ls_moves(ls, st->pre, st->npre);
        ls_step(ls, st->word, st->ctrl, out);
        if (out->timed_out)
            break;   /* ls_step has reset the RTL; nothing more to see */
        if (i == fail_step) {
            rp->in_fail = 0;
            ls_idle(ls, st->word, st->ctrl, post);
        }
        ls_moves(ls, st->post, st->npost);
    }
    rp->in_fail = 0;
    if (rp->opened)
        sim_trace_close(ls->sim);
    ls_set_observer(ls, NULL, NULL);
    ls_free(ls);
    return 0;
}

static void replay_init(replay *rp)
{
    memset(rp, 0, sizeof(*rp));
    for (int s = 0; s < TX_TAP_COUNT; s++)
        for (int q = 0; q < NQUADS; q++)
            rp->stage_cycle[s][q] = -1;
}

/* First lane whose final register values differ between the two sides
 * (written by one side only counts), or -1. */
static int first_reg_lane(const tx_effects *a, const tx_effects *b)
{
    uint32_t va[TX_LANES][256], vb[TX_LANES][256];
    uint8_t wa[TX_LANES][256], wb[TX_LANES][256];
    memset(wa, 0, sizeof(wa));
    memset(wb, 0, sizeof(wb));
    memset(va, 0, sizeof(va));
    memset(vb, 0, sizeof(vb));
    for (int i = 0; i < a->nregw; i++) {
        va[a->regw[i].lane % TX_LANES][a->regw[i].reg] = a->regw[i].val;
        wa[a->regw[i].lane % TX_LANES][a->regw[i].reg] = 1;
    }
    for (int i = 0; i < b->nregw; i++) {
        vb[b->regw[i].lane % TX_LANES][b->regw[i].reg] = b->regw[i].val;
        wb[b->regw[i].lane % TX_LANES][b->regw[i].reg] = 1;
    }
    for (int l = 0; l < TX_LANES; l++)
        for (int r = 0; r < 256; r++)
            if (wa[l][r] != wb[l][r] || (wa[l][r] && va[l][r] != vb[l][r]))
                return l;
    return -1;
}

/* -------------------------------------------------------- trace names */

/* The names a trace holds: "TOP.tx_top.u_quad.a_quad" -> "TOP.tx_top.u_quad.a_quad[2:0]". */
typedef struct fac {
    char *key;     /* full name without the bit range */
    char *name;    /* full name as GTKWave shows it */
    uint32_t width;
} fac;

typedef struct fac_table {
    fac *v;
    size_t n, cap;
    int known;     /* 0: the trace could not be read; accept every name */
} fac_table;

static void facs_free(fac_table *t)
{
    for (size_t i = 0; i < t->n; i++) {
        free(t->v[i].key);
        free(t->v[i].name);
    }
    free(t->v);
    memset(t, 0, sizeof(*t));
}

static int facs_add(fac_table *t, const char *scope, const char *var, uint32_t width)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        fac *nv = realloc(t->v, cap * sizeof(*nv));
        if (!nv)
            return -1;
        t->v = nv;
        t->cap = cap;
    }
    size_t ls = strlen(scope), lv = strlen(var);
    char *name = malloc(ls + lv + 2), *key = malloc(ls + lv + 2);
    if (!name || !key) {
        free(name);
        free(key);
        return -1;
    }
    /* Verilator names vectors "x [3:0]"; GTKWave shows "x[3:0]". */
    size_t o = 0;
    memcpy(name, scope, ls);
    o = ls;
    name[o++] = '.';
    for (size_t i = 0; i < lv; i++)
        if (var[i] != ' ')
            name[o++] = var[i];
    name[o] = '\0';
    /* The key drops the bit range only: an element of an unpacked array
     * keeps its index ("u_tags.status_q[3][3:0]" -> "u_tags.status_q[3]"). */
    memcpy(key, name, o + 1);
    char *br = strrchr(key + ls + 1, '[');
    if (br && o > 0 && key[o - 1] == ']' && strchr(br, ':'))
        *br = '\0';
    t->v[t->n].key = key;
    t->v[t->n].name = name;
    t->v[t->n].width = width;
    t->n++;
    return 0;
}

#ifdef WAVE_HAVE_FSTAPI
static int facs_read_fst(fac_table *t, const char *path)
{
    void *ctx = fstReaderOpen(path);
    struct fstHier *h;
    char scope[1024] = "";
    size_t lens[64];
    int depth = 0;
    if (!ctx)
        return -1;
    while ((h = fstReaderIterateHier(ctx)) != NULL) {
        switch (h->htyp) {
        case FST_HT_SCOPE: {
            size_t l = strlen(scope);
            if (depth < 64)
                lens[depth] = l;
            depth++;
            snprintf(scope + l, sizeof(scope) - l, "%s%s", l ? "." : "", h->u.scope.name);
            break;
        }
        case FST_HT_UPSCOPE:
            if (depth > 0) {
                depth--;
                if (depth < 64)
                    scope[lens[depth]] = '\0';
            }
            break;
        case FST_HT_VAR:
            if (facs_add(t, scope, h->u.var.name, h->u.var.length) < 0) {
                fstReaderClose(ctx);
                return -1;
            }
            break;
        default:
            break;
        }
    }
    fstReaderClose(ctx);
    t->known = 1;
    return 0;
}
#endif

/* The names from the generated table, spelled as the FST reader gives
 * them: "x [7:0]" for a ranged signal, "x" for a bit. */
static int facs_read_table(fac_table *t)
{
    char var[512], scope[512];
    for (size_t i = 0; i < rtl_nsigs; i++) {
        const rtl_sig *s = &rtl_sigs[i];
        int w = s->msb > s->lsb ? s->msb - s->lsb + 1 : s->lsb - s->msb + 1;
        /* A signal inside a unit ("u_front.g_fc[0].u_header.state_q"): the
         * scope is everything before the last dot, as the FST reader has it. */
        const char *dot = strrchr(s->name, '.');
        const char *leaf = dot ? dot + 1 : s->name;
        snprintf(scope, sizeof(scope), "TOP.tx_top%s%.*s", dot ? "." : "",
                 dot ? (int)(dot - s->name) : 0, s->name);
        if (s->ranged)
            snprintf(var, sizeof(var), "%s [%d:%d]", leaf, s->msb, s->lsb);
        else
            snprintf(var, sizeof(var), "%s", leaf);
        if (facs_add(t, scope, var, s->ranged ? (uint32_t)w : 1) < 0)
            return -1;
    }
    t->known = 1;
    return 0;
}

/* The names the trace holds: through the FST reader when the runtime has
 * one, else (or when the trace cannot be read) from the table. */
static int facs_read(fac_table *t, const char *path)
{
#ifdef WAVE_HAVE_FSTAPI
    if (facs_read_fst(t, path) == 0)
        return 0;
    facs_free(t);
#else
    (void)path;
#endif
    return facs_read_table(t);
}

static const fac *facs_find(const fac_table *t, const char *key)
{
    for (size_t i = 0; i < t->n; i++)
        if (!strcmp(t->v[i].key, key))
            return &t->v[i];
    return NULL;
}

/* ------------------------------------------------------------ the view */

/* Groups of the view, in dataflow order. */
enum wgroup {
    WG_ISSUE, WG_HEADER, WG_GATHER, WG_LOD, WG_ADDR, WG_FETCH, WG_FORMAT, WG_FILTER, WG_PACK,
    WG_PIXLD, WG_SULD, WG_DONE, WG_COUNT
};

static const struct {
    const char *title;   /* group name */
    const char *what;    /* comment row naming the stage */
} groups[WG_COUNT] = {
    /* Each `what` fits one comment row (GTKW_ROW_MAX characters). */
    [WG_ISSUE] = {"issue / decode", "u_issue: issue port, decode"},
    [WG_HEADER] = {"header / layout", "u_front: cb port, tx_header, tx_layout"},
    [WG_GATHER] = {"gather", "tx_gather, register-file read port"},
    [WG_LOD] = {"lod", "tx_lod: level per lane"},
    [WG_ADDR] = {"addr", "tx_addr_quad: address, bounds per lane"},
    [WG_FETCH] = {"fetch / memory port", "tx_fetch: memory request, response"},
    [WG_FORMAT] = {"format", "tx_format_quad: components per lane"},
    [WG_FILTER] = {"filter", "tx_filter: filtered value per lane"},
    [WG_PACK] = {"pack / register write", "tx_pack: register, predicate writes"},
    [WG_PIXLD] = {"pixld", "tx_pixld: Ra, sample, Rd, Pd per lane"},
    [WG_SULD] = {"suld", "tx_suld: header, walk, requests; tap_suld_*"},
    [WG_DONE] = {"completion", "u_tags: done port, status, hash per tag"},
};

/* Signals, relative to TOP.tx_top, by group (WG_TOP: outside the groups,
 * under the clock).  Widths (and so binary or hex) come from the trace.
 * Two patterns follow the RTL's hierarchy: "[*]" stands for every element
 * of a generate or unpacked array that the trace has (u_front's contexts,
 * g_fc[0], g_fc[1], ...), "[T]" for the tag the failing instruction
 * completed with (u_tags keeps status and hash per tag).  A name the trace
 * lacks gets a comment row in its place and is reported (wave_info). */
#define WG_TOP (-1)
static const struct {
    int group;
    const char *name;
} sigs[] = {
    {WG_ISSUE, "issue_valid_i"},  {WG_ISSUE, "issue_ready_o"},  {WG_ISSUE, "issue_fire"},
    {WG_ISSUE, "issue_insn_i"},   {WG_ISSUE, "issue_ctrl_i"},   {WG_ISSUE, "issue_ctm_i"},
    {WG_ISSUE, "issue_ktm_i"},    {WG_ISSUE, "issue_pixel_i"},  {WG_ISSUE, "issue_pred_i"},
    {WG_ISSUE, "issue_hash_i"},   {WG_ISSUE, "u_issue.unimpl_now"},     {WG_ISSUE, "u_issue.illegal_now"},
    {WG_ISSUE, "a_view"},          {WG_ISSUE, "active_now"},     {WG_ISSUE, "u_issue.hash_now"},
    {WG_ISSUE, "u_quad.u_addr.tex_i"},       {WG_ISSUE, "u_front.a_tex"},          {WG_ISSUE, "lo_view"},

    {WG_HEADER, "hdr_start"},     {WG_HEADER, "cb_rd_valid_o"}, {WG_HEADER, "cb_rd_addr_o"},
    {WG_HEADER, "cb_rd_data_i"},  {WG_HEADER, "u_front.g_fc[*].u_header.state_q"},
    {WG_HEADER, "u_front.g_fc[*].u_header.hdr_addr_q"}, {WG_HEADER, "u_front.hdr_req_valid_o"},
    {WG_HEADER, "u_front.hdr_req_slots_o"}, {WG_HEADER, "hdr_rsp_ready"}, {WG_HEADER, "tic"},
    {WG_HEADER, "tsc"},           {WG_HEADER, "u_quad.u_addr.dc_i"},        {WG_HEADER, "u_front.border"},
    {WG_HEADER, "u_front.hdr_valid_c"},     {WG_HEADER, "hdr_fault"},     {WG_HEADER, "u_front.hdr_compat_c"},
    {WG_HEADER, "u_front.layout_start_c"},  {WG_HEADER, "u_front.g_fc[*].u_layout.state_q"},
    {WG_HEADER, "u_front.g_fc[*].u_layout.level_q"}, {WG_HEADER, "u_quad.u_addr.lay_done_i"}, {WG_HEADER, "u_front.hdr_done_c"},
    {WG_HEADER, "u_front.a_force_zero"},    {WG_HEADER, "u_quad.u_lod.first_i"},      {WG_HEADER, "u_quad.u_lod.last_i"},

    {WG_GATHER, "gather_start"},  {WG_GATHER, "rf_rd_valid_o"}, {WG_GATHER, "rf_rd_quad_o"},
    {WG_GATHER, "rf_rd_reg_o"},   {WG_GATHER, "rf_rd_data_i"},  {WG_GATHER, "tap_gather_valid_o"},
    {WG_GATHER, "g_valid"},       {WG_GATHER, "u_quad.g_ready"},       {WG_GATHER, "u_quad.g_quad"},
    {WG_GATHER, "u_quad.g_lanes"},       {WG_GATHER, "u_quad.g_last"},        {WG_GATHER, "u_quad.g_ops"},
    {WG_GATHER, "tl_rd_gnt"},

    {WG_LOD, "tap_lod_valid_o"},  {WG_LOD, "u_quad.l_valid"},          {WG_LOD, "u_quad.l_ready"},
    {WG_LOD, "u_quad.l_quad"},           {WG_LOD, "u_quad.l_lanes"},          {WG_LOD, "u_quad.l_last"},
    {WG_LOD, "u_quad.l_level"},          {WG_LOD, "u_quad.l_level_oob"},      {WG_LOD, "u_quad.l_tex"},

    {WG_ADDR, "tap_addr_valid_o"}, {WG_ADDR, "u_quad.a_valid"},        {WG_ADDR, "u_quad.a_ready"},
    {WG_ADDR, "u_quad.a_quad"},          {WG_ADDR, "u_quad.a_lanes"},         {WG_ADDR, "u_quad.a_last"},
    {WG_ADDR, "u_quad.a_addr"},          {WG_ADDR, "u_quad.a_oob"},           {WG_ADDR, "u_quad.a_fetch"},
    {WG_ADDR, "u_quad.a_ufx"},           {WG_ADDR, "u_quad.a_aux"},

    {WG_FETCH, "mem_req_valid_o"}, {WG_FETCH, "mem_req_ready_i"}, {WG_FETCH, "u_quad.u_fetch.mem_req_valid_o"},
    {WG_FETCH, "mem_req_slots_o"}, {WG_FETCH, "mem_req_addr_o"}, {WG_FETCH, "mem_rsp_valid_i"},
    {WG_FETCH, "mem_rsp_ready_o"}, {WG_FETCH, "mem_rsp_data_i"}, {WG_FETCH, "mem_rsp_sparse_i"},
    {WG_FETCH, "mem_rsp_fault_i"}, {WG_FETCH, "tap_fetch_valid_o"}, {WG_FETCH, "u_quad.f_valid"},
    {WG_FETCH, "u_quad.f_ready"},        {WG_FETCH, "u_quad.f_quad"},         {WG_FETCH, "u_quad.f_lanes"},
    {WG_FETCH, "u_quad.f_last"},         {WG_FETCH, "u_quad.f_texel"},        {WG_FETCH, "u_quad.f_fault"},

    {WG_FORMAT, "tap_format_valid_o"}, {WG_FORMAT, "u_quad.m_valid"},  {WG_FORMAT, "u_quad.m_ready"},
    {WG_FORMAT, "u_quad.m_quad"},        {WG_FORMAT, "u_quad.m_lanes"},       {WG_FORMAT, "u_quad.m_last"},
    {WG_FORMAT, "u_quad.m_comp"},        {WG_FORMAT, "u_quad.m_aux"},

    {WG_FILTER, "tap_filter_valid_o"}, {WG_FILTER, "u_quad.p_valid"},  {WG_FILTER, "u_quad.p_ready"},
    {WG_FILTER, "u_quad.p_quad"},        {WG_FILTER, "u_quad.p_lanes"},       {WG_FILTER, "u_quad.p_last"},
    {WG_FILTER, "u_quad.p_comp"},        {WG_FILTER, "u_quad.p_wt"},

    {WG_PACK, "u_quad.u_pack.u_reg.valid_q"}, {WG_PACK, "u_quad.u_pack.u_reg.quad_q"},
    {WG_PACK, "u_quad.u_pack.u_reg.data_q"},
    {WG_PACK, "rf_wr_valid_o"},   {WG_PACK, "rf_wr_quad_o"},    {WG_PACK, "rf_wr_lanes_o"},
    {WG_PACK, "rf_wr_slots_o"},   {WG_PACK, "rf_wr_reg_o"},     {WG_PACK, "rf_wr_data_o"},
    {WG_PACK, "pr_wr_valid_o"},   {WG_PACK, "pr_wr_quad_o"},    {WG_PACK, "pr_wr_lanes_o"},
    {WG_PACK, "pr_wr_pred_o"},    {WG_PACK, "pr_wr_data_o"},    {WG_PACK, "tl_last_written"},
    {WG_PACK, "tl_wr_gnt"},

    {WG_PIXLD, "u_issue.pix_now"},         {WG_PIXLD, "pix_start"},       {WG_PIXLD, "raster_i"},
    {WG_PIXLD, "u_pixld.pend_q"},  {WG_PIXLD, "u_pixld.valid_q"}, {WG_PIXLD, "u_pixld.quad_q"},
    {WG_PIXLD, "u_pixld.mode_q"},  {WG_PIXLD, "tap_pixld_valid_o"}, {WG_PIXLD, "tap_pixld_lanes_o"},
    {WG_PIXLD, "tap_pixld_ra_o"},  {WG_PIXLD, "tap_pixld_index_o"}, {WG_PIXLD, "tap_pixld_val_o"},
    {WG_PIXLD, "tap_pixld_pred_o"}, {WG_PIXLD, "pix_last_written"},

    {WG_SULD, "u_issue.su_now"},            {WG_SULD, "u_issue.su_illegal_now"},     {WG_SULD, "su_start"},
    {WG_SULD, "tap_suld_g_valid_o"}, {WG_SULD, "u_suld.hs_q"},        {WG_SULD, "u_suld.tic_q"},
    {WG_SULD, "u_suld.usable_q"},   {WG_SULD, "u_suld.hfault_q"},    {WG_SULD, "u_suld.check_q"},
    {WG_SULD, "u_suld.pend_q"},     {WG_SULD, "u_suld.g_valid_q"},   {WG_SULD, "u_suld.g_quad_q"},
    {WG_SULD, "u_suld.g_ops"},      {WG_SULD, "u_suld.g_addr"},      {WG_SULD, "u_suld.g_oob"},
    {WG_SULD, "u_suld.a_valid_q"},  {WG_SULD, "u_suld.a_slots"},     {WG_SULD, "u_suld.trk_valid"},
    {WG_SULD, "u_suld.rsp_valid"},  {WG_SULD, "u_suld.f_fire"},      {WG_SULD, "u_suld.f_raw"},
    {WG_SULD, "u_suld.f_out"},      {WG_SULD, "u_suld.f_fault"},     {WG_SULD, "u_suld.f_sparse"},
    {WG_SULD, "su_rd_gnt"},         {WG_SULD, "su_wr_gnt"},          {WG_SULD, "su_mem_ready"},
    {WG_SULD, "tap_suld_f_valid_o"}, {WG_SULD, "su_done"},           {WG_SULD, "su_status"},

    {WG_DONE, "done_valid_o"},    {WG_DONE, "done_tag_o"},      {WG_DONE, "done_status_o"},
    {WG_DONE, "done_hash_o"},     {WG_DONE, "u_tags.done_sel"}, {WG_DONE, "u_tags.status_q[T]"},
    {WG_DONE, "u_tags.fault_q"},  {WG_DONE, "u_tags.hash_q[T]"},

    /* The clock, the reset and the tags whose completion is due (tx_tags). */
    {WG_TOP, "clk_i"},            {WG_TOP, "rst_ni"},           {WG_TOP, "u_tags.pend_q"},
};

#define NSIGS (sizeof(sigs) / sizeof(sigs[0]))

size_t wave_view_count(void)
{
    return NSIGS;
}

const char *wave_view_signal(size_t i, int *group)
{
    if (i >= NSIGS)
        return NULL;
    if (group)
        *group = sigs[i].group;
    return sigs[i].name;
}

#define TOPSCOPE "TOP.tx_top."

/* The group of the first diverging stage: tx_suld's own group for a SULD
 * (its taps are ports of their own, tap_suld_*, and its stages are not the
 * quad pipe's), else the stage's. */
static int stage_group(int stage, uint64_t word, uint32_t ctrl)
{
    tx_insn in;
    tx_decode(word, ctrl, &in);
    if (stage >= 0 && in.op == TX_OP_SULD)
        return WG_SULD;
    switch (stage) {
    case TX_TAP_GATHER: return WG_GATHER;
    case TX_TAP_LOD: return WG_LOD;
    case TX_TAP_ADDR: return WG_ADDR;
    case TX_TAP_FETCH: return WG_FETCH;
    case TX_TAP_FORMAT: return WG_FORMAT;
    case TX_TAP_FILTER: return WG_FILTER;
    case TX_TAP_PACK: return WG_PACK;
    case TX_TAP_PIXLD: return WG_PIXLD;
    default: return -1;
    }
}

/* Where the failing lane sits in the stage's data buses (docs/rtl.md):
 * comment rows of at most GTKW_ROW_MAX characters. */
static void lane_hint(gtkw_writer *w, int group, int lane)
{
    int l = lane % 4, q = lane / 4;
    char row[3][GTKW_ROW_MAX + 1];
    int n = 0;
    snprintf(row[n++], sizeof(row[0]), "lane %d = quad %d, element %d", lane, q, l);
    switch (group) {
    case WG_GATHER:
        snprintf(row[n++], sizeof(row[0]), "g_ops[%d:%d]: Ra..Ra+3, Rb..Rb+3", l * 256 + 255,
                 l * 256);
        break;
    case WG_LOD:
        snprintf(row[n++], sizeof(row[0]), "l_level[%d:%d]", l * 32 + 31, l * 32);
        break;
    case WG_ADDR:
        snprintf(row[n++], sizeof(row[0]), "a_addr[%d:%d]: taps 0-3", l * 192 + 191, l * 192);
        snprintf(row[n++], sizeof(row[0]), "a_oob[%d:%d]", l * 4 + 3, l * 4);
        break;
    case WG_FETCH:
        snprintf(row[n++], sizeof(row[0]), "f_texel[%d:%d]: taps 0-3", l * 512 + 511, l * 512);
        snprintf(row[n++], sizeof(row[0]), "memory slots %d-%d", 4 * l, 4 * l + 3);
        break;
    case WG_FORMAT:
        snprintf(row[n++], sizeof(row[0]), "m_comp[%d:%d]: tap t at +t*128", l * 512 + 511,
                 l * 512);
        break;
    case WG_FILTER:
        snprintf(row[n++], sizeof(row[0]), "p_comp[%d:%d]: X, Y, Z, W", l * 128 + 127, l * 128);
        break;
    case WG_PACK:
        snprintf(row[n++], sizeof(row[0]), "rf_wr_data_o[e%d]: slot s at (s*4+%d)*32", l, l);
        break;
    case WG_PIXLD:
        snprintf(row[n++], sizeof(row[0]), "tap_pixld_val_o[%d:%d], pred_o[%d]", l * 32 + 31,
                 l * 32, l);
        break;
    default:
        return;
    }
    for (int i = 0; i < n; i++)
        gtkw_comment(w, row[i]);
}

typedef struct view_ctx {
    const tx_vector *v;
    int step;
    wave_info *info;             /* missing signals are noted here */
    const fac_table *facs;
} view_ctx;

/* Note a signal of the view that the trace lacks: a comment row in its
 * place, and its name in info->missing for the report. */
static void note_missing(gtkw_writer *w, wave_info *in, const char *rel)
{
    char row[GTKW_ROW_MAX + 1];
    size_t l = strlen(in->missing);
    snprintf(row, sizeof(row), "missing: %s", rel);
    gtkw_comment(w, row);
    in->nmissing++;
    if (l + strlen(rel) + 3 < sizeof(in->missing))
        snprintf(in->missing + l, sizeof(in->missing) - l, "%s%s", l ? ", " : "", rel);
}

static void emit_fac(gtkw_writer *w, const fac *f, const char *key, int color)
{
    uint32_t width = f ? f->width : 1;
    uint32_t flags = GTKW_RJUSTIFY | (width == 1 ? GTKW_BIN : GTKW_HEX);
    gtkw_signal(w, f ? f->name : key, flags, color);
}

/* True when key ("TOP.tx_top.u_front.g_fc[1].u_header.state_q") is the
 * pattern pre "[*]" post with a decimal index in place of the star. */
static int match_star(const char *key, const char *pre, size_t npre, const char *post)
{
    if (strncmp(key, pre, npre) || key[npre] != '[')
        return 0;
    const char *p = key + npre + 1;
    if (*p < '0' || *p > '9')
        return 0;
    while (*p >= '0' && *p <= '9')
        p++;
    return *p == ']' && !strcmp(p + 1, post);
}

/* One entry of the view: rel is a name relative to TOP.tx_top, "[T]" in it
 * taken as the completing tag and "[*]" as every element the trace has.
 * Each signal found is written (its fac into *found when found is not
 * NULL and the name has no star); none found makes a "missing" row.
 * Returns the number of rows written for signals. */
static int emit_entry(gtkw_writer *w, view_ctx *c, const char *rel, int color, const fac **found)
{
    char key[256], name[200];
    const char *t = strstr(rel, "[T]");
    if (t)
        snprintf(name, sizeof(name), "%.*s[%d]%s", (int)(t - rel), rel, c->info->done_tag, t + 3);
    else
        snprintf(name, sizeof(name), "%s", rel);
    if (found)
        *found = NULL;
    const char *star = strstr(name, "[*]");
    if (!c->facs->known) {   /* the trace's names are unknown: write the name as it is */
        if (star)
            snprintf(key, sizeof(key), TOPSCOPE "%.*s[0]%s", (int)(star - name), name, star + 3);
        else
            snprintf(key, sizeof(key), TOPSCOPE "%s", name);
        emit_fac(w, NULL, key, color);
        return 1;
    }
    if (star) {
        char pre[256];
        int n = 0;
        snprintf(pre, sizeof(pre), TOPSCOPE "%.*s", (int)(star - name), name);
        for (size_t i = 0; i < c->facs->n; i++)
            if (match_star(c->facs->v[i].key, pre, strlen(pre), star + 3)) {
                emit_fac(w, &c->facs->v[i], c->facs->v[i].key, color);
                n++;
            }
        if (!n)
            note_missing(w, c->info, name);
        return n;
    }
    snprintf(key, sizeof(key), TOPSCOPE "%s", name);
    const fac *f = facs_find(c->facs, key);
    if (!f) {
        note_missing(w, c->info, name);
        return 0;
    }
    emit_fac(w, f, key, color);
    if (found)
        *found = f;
    return 1;
}

/* ---- per-lane rows and the diverging stage first (docs/waves.md, "Layout") ---- */

/* Buses that carry one field per element of the quad (lane 4*quad + e):
 * lane-major ones hold element e at [e*W +: W] (W = width / 4); the
 * register ports are slot-major, word s of element e at [(s*4+e)*32 +: 32]
 * (docs/rtl.md).  Each is shown whole and then one row per element. */
static const struct {
    const char *name;
    int slot_major;
} lane_buses[] = {
    {"u_quad.g_ops", 0},   {"u_quad.l_level", 0}, {"u_quad.a_addr", 0}, {"u_quad.a_oob", 0},
    {"u_quad.f_texel", 0}, {"u_quad.m_comp", 0},  {"u_quad.p_comp", 0}, {"u_quad.p_wt", 0},
    {"u_quad.u_pack.u_reg.data_q", 0},
    {"rf_rd_data_i", 1}, {"rf_wr_data_o", 1},
    {"tap_pixld_ra_o", 0}, {"tap_pixld_index_o", 0}, {"tap_pixld_val_o", 0},
};

static int lane_bus(const char *rel)
{
    for (size_t i = 0; i < sizeof(lane_buses) / sizeof(lane_buses[0]); i++)
        if (!strcmp(lane_buses[i].name, rel))
            return (int)i;
    return -1;
}

/* The declared range of a dump name "x[msb:lsb]"; a name without one is
 * [width-1:0]. */
static void fac_range(const fac *f, int *msb, int *lsb)
{
    const char *br = strrchr(f->name, '[');
    *msb = (int)f->width - 1;
    *lsb = 0;
    if (br && sscanf(br, "[%d:%d]", msb, lsb) != 2) {
        *msb = (int)f->width - 1;
        *lsb = 0;
    }
}

/* The element rows of a per-lane bus: "TOP.tx_top.u_quad.p_comp[255:128]" for
 * element 1 of a lane-major bus, "TOP.tx_top.rf_wr_data_o[e1]" for the
 * slot-major ports.  `hot_elem` (the failing lane's element, or -1) is
 * drawn red.  Returns the rows written. */
static int emit_lane_rows(gtkw_writer *w, const fac *f, const char *rel, int bus, int hot_elem)
{
    static int bits[4096];
    int msb, lsb, width = (int)f->width;
    char alias[300], base[256];
    fac_range(f, &msb, &lsb);
    int lo = msb < lsb ? msb : lsb;
    snprintf(base, sizeof(base), TOPSCOPE "%s", rel);
    if (width < 8 || width % 4 || width > 4096)
        return 0;
    int slot = lane_buses[bus].slot_major;
    if (slot && width % 128)
        return 0;
    for (int e = 0; e < 4; e++) {
        int n = 0;
        if (slot) {
            for (int sl = width / 128 - 1; sl >= 0; sl--)
                for (int b = 31; b >= 0; b--)
                    bits[n++] = lo + (sl * 4 + e) * 32 + b;
            snprintf(alias, sizeof(alias), "%s[e%d]", base, e);
        } else {
            int ew = width / 4;
            for (int b = ew - 1; b >= 0; b--)
                bits[n++] = lo + e * ew + b;
            snprintf(alias, sizeof(alias), "%s[%d:%d]", base, lo + e * ew + ew - 1, lo + e * ew);
        }
        gtkw_bits(w, alias, f->name, msb, lsb, bits, n, GTKW_RJUSTIFY | GTKW_HEX,
                  e == hot_elem ? GTKW_RED : GTKW_NORMAL);
    }
    return 4;
}

/* One group of the view: its title and comment rows, then its signals, each
 * per-lane bus followed by its element rows. */
static void emit_group(gtkw_writer *w, view_ctx *c, int g, int hot)
{
    const wave_info *in = c->info;
    char title[GTKW_ROW_MAX + 1];
    int hot_elem = hot && in->lane >= 0 ? in->lane % 4 : -1;
    snprintf(title, sizeof(title), "%d %s%s", g + 1, groups[g].title,
             hot ? "  << first divergence" : "");
    gtkw_group_begin(w, title);
    gtkw_comment(w, groups[g].what);
    if (hot && in->lane >= 0)
        lane_hint(w, g, in->lane);
    for (size_t i = 0; i < NSIGS; i++) {
        if (sigs[i].group != g)
            continue;
        const fac *f;
        emit_entry(w, c, sigs[i].name, hot ? GTKW_RED : GTKW_NORMAL, &f);
        int bus = lane_bus(sigs[i].name);
        if (f && bus >= 0)
            emit_lane_rows(w, f, sigs[i].name, bus, hot_elem);
    }
    gtkw_group_end(w, title);
}

static int write_view(FILE *out, view_ctx *c)
{
    wave_info *in = c->info;
    const vec_step *st = &c->v->steps[c->step];
    gtkw_writer w;
    gtkw_view view;
    char dis[256], line[600];
    int div_group = in->stage >= 0 ? stage_group(in->stage, st->word, st->ctrl) : -1;

    gtkw_view_init(&view);
    view.dumpfile = in->fst;
    view.savefile = in->gtkw;
    view.timestart = in->t_begin;
    view.span = (in->t_end > in->t_begin ? in->t_end - in->t_begin : 2) + 4;
    view.marker = (int64_t)in->t_marker;
    view.named[0] = (int64_t)in->t_issue;
    view.named_text[0] = "issue";
    view.named[1] = (int64_t)in->t_done;
    view.named_text[1] = in->hang ? "watchdog" : "done";
    if (div_group >= 0 && in->lane >= 0) {
        view.named[2] = (int64_t)in->t_marker;
        view.named_text[2] = "mismatch";
    }
    view.treeopen[0] = "TOP.";
    view.treeopen[1] = "TOP.tx_top.";
    gtkw_begin(&w, out, &view);

    /* The instruction, on top; every comment row is at most GTKW_ROW_MAX
     * characters (gtkw_comment breaks longer text into rows). */
    snprintf(line, sizeof(line), "vector %s", c->v->id);
    gtkw_comment(&w, line);
    snprintf(line, sizeof(line), "in %s:%ld", c->v->file, c->v->line);
    gtkw_comment(&w, line);
    tx_disasm(st->word, st->ctrl, dis, sizeof(dis));
    snprintf(line, sizeof(line), "step %d of %d:", c->step, c->v->nsteps);
    gtkw_comment(&w, line);
    gtkw_comment(&w, st->text ? st->text : dis);
    snprintf(line, sizeof(line), "word 0x%016" PRIx64 "  ctrl 0x%06" PRIx32, st->word, st->ctrl);
    gtkw_comment(&w, line);
    if (in->hang)
        snprintf(line, sizeof(line), "rtl hang: no done_valid_o before the watchdog");
    else if (!in->reproduced)
        snprintf(line, sizeof(line), "the replay did not reproduce the mismatch");
    else if (in->stage == TX_TAP_PACK && in->lane >= 0)
        snprintf(line, sizeof(line), "taps agree up to filter; pack differs, lane %d",
                 in->lane);
    else if (in->stage >= 0 && in->lane >= 0)
        snprintf(line, sizeof(line), "first diverging stage: %s, lane %d",
                 tx_stage_name(in->stage), in->lane);
    else
        snprintf(line, sizeof(line), "no lane differs: status, hash or predicates");
    gtkw_comment(&w, line);
    snprintf(line, sizeof(line), "marker: mismatch t=%" PRIu64, in->t_marker);
    gtkw_comment(&w, line);
    snprintf(line, sizeof(line), "A issue t=%" PRIu64 "; B %s t=%" PRIu64, in->t_issue,
             in->hang ? "watchdog" : "done", in->t_done);
    gtkw_comment(&w, line);
    gtkw_comment(&w, "cycle N is at t=2N, clock rises at 2N+1");
    gtkw_blank(&w);

    /* The diverging stage's group first, then clock, reset and the tags
     * outside the groups, then the other groups in dataflow order. */
    in->nmissing = 0;
    in->missing[0] = '\0';
    if (div_group >= 0)
        emit_group(&w, c, div_group, 1);
    for (size_t i = 0; i < NSIGS; i++)
        if (sigs[i].group == WG_TOP)
            emit_entry(&w, c, sigs[i].name, GTKW_NORMAL, NULL);
    for (int g = 0; g < WG_COUNT; g++)
        if (g != div_group)
            emit_group(&w, c, g, 0);
    if (in->nmissing) {
        snprintf(line, sizeof(line), "%d signals of the view not in this trace", in->nmissing);
        gtkw_comment(&w, line);
    }
    return gtkw_end(&w);
}

/* -------------------------------------------------------------- capture */

/* path made absolute against the working directory (the save file's
 * [dumpfile] then works from any directory). */
static void absolute(const char *path, char *out)
{
    char cwd[WAVE_PATH_MAX];
    size_t b = strlen(path);
    while (path[0] == '.' && path[1] == '/') {
        path += 2;
        b -= 2;
    }
    if (path[0] != '/' && getcwd(cwd, sizeof(cwd))) {
        size_t a = strlen(cwd);
        if (a + 1 + b < WAVE_PATH_MAX) {
            memcpy(out, cwd, a);
            out[a] = '/';
            memcpy(out + a + 1, path, b + 1);
            return;
        }
    }
    if (b >= WAVE_PATH_MAX)
        b = WAVE_PATH_MAX - 1;
    memcpy(out, path, b);
    out[b] = '\0';
}

/* What the traced replay's process reports back to wave_capture. */
typedef struct traced_result {
    int rc;                      /* replay_run's */
    int opened, open_failed;
    uint64_t t_open, last_cycle;
    int timed_out;
    char err[256];
} traced_result;

/* Why writing into dir may have failed: a full file system or a file-size
 * limit, in words ("" when neither shows). */
static const char *write_hint(const char *dir)
{
    struct statvfs fs;
    struct rlimit rl;
    if (statvfs(dir, &fs) == 0 && fs.f_bavail * fs.f_frsize < 65536)
        return ": No space left on device";
    if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        return ": File too large (a file-size limit is set: ulimit -f)";
    return "";
}

/* Pass 2 of wave_capture, in a child process.  The FST writer keeps parts of
 * the trace in memory-mapped temporary files and ignores write errors: on a
 * full disk it dies of SIGBUS (or SIGXFSZ under a file-size limit) and
 * otherwise leaves a truncated file.  In a child, such a death costs the
 * trace, never the run: the caller reports it like any other output error.
 * Returns 0 with *res filled, or -1 with err. */
static int traced_replay(const ls_config *c, const tx_vector *v, int fail_step, replay *rp2,
                         ls_outcome *out, uint64_t post, const char *dir, const char *tmp,
                         char *err, size_t errlen)
{
    traced_result res;
    int fd[2];
    fflush(NULL);   /* nothing buffered is written twice */
    if (pipe(fd) < 0) {
        set_err(err, errlen, "wave capture: pipe: %s", strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        set_err(err, errlen, "wave capture: fork: %s", strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        /* The runner handles interrupts; this process just ends. */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        signal(SIGXFSZ, SIG_DFL);
        close(fd[0]);
        memset(&res, 0, sizeof(res));
        res.rc = replay_run(c, v, fail_step, rp2, out, post, res.err, sizeof(res.err));
        res.opened = rp2->opened;
        res.open_failed = rp2->open_failed;
        res.t_open = rp2->t_open;
        res.last_cycle = rp2->last_cycle;
        res.timed_out = out->timed_out;
        ssize_t w = write(fd[1], &res, sizeof(res));
        _exit(w == (ssize_t)sizeof(res) ? 0 : 1);
    }
    close(fd[1]);
    size_t got = 0;
    while (got < sizeof(res)) {
        ssize_t r = read(fd[0], (char *)&res + got, sizeof(res) - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFSIGNALED(st) || got != sizeof(res)) {
        if (WIFSIGNALED(st))
            set_err(err, errlen, "wave capture: cannot write the trace %s in %s%s (the FST "
                    "writer died of %s)", tmp, dir, write_hint(dir), strsignal(WTERMSIG(st)));
        else
            set_err(err, errlen, "wave capture: the traced replay of %s ended early (status %d)",
                    tmp, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        return -1;
    }
    if (res.rc < 0) {
        set_err(err, errlen, "%s", res.err);
        return -1;
    }
    rp2->opened = res.opened;
    rp2->open_failed = res.open_failed;
    rp2->t_open = res.t_open;
    rp2->last_cycle = res.last_cycle;
    out->timed_out = res.timed_out;
    return 0;
}

/* Remove a trace that was not finished, with the hierarchy file the FST
 * writer keeps beside it while writing (PATH.hier). */
static void remove_trace(const char *path)
{
    char hier[WAVE_PATH_MAX + 16];
    remove(path);
    snprintf(hier, sizeof(hier), "%s.hier", path);
    remove(hier);
}

/* True when the finished trace at path can be read back: the FST writer
 * reports no write error, so a trace cut short by a full disk or a file-size
 * limit shows only here.  Without a reader, the size must at least be
 * non-zero. */
int wave_trace_readable(const char *path)
{
#ifdef WAVE_HAVE_FSTAPI
    void *ctx = fstReaderOpen(path);
    if (!ctx)
        return 0;
    fstReaderClose(ctx);
    return 1;
#else
    struct stat sb;
    return stat(path, &sb) == 0 && sb.st_size > 0;
#endif
}

int wave_capture(const ls_config *cfg, const tx_vector *v, int fail_step, const wave_opts *opts,
                 wave_info *info, char *err, size_t errlen)
{
    wave_opts dflt;
    ls_config c = *cfg;
    replay rp;
    ls_outcome *out = NULL;
    fac_table facs = {0};
    char tmp[WAVE_PATH_MAX + 8];
    int rc = -1;

    if (!opts) {
        wave_opts_default(&dflt);
        opts = &dflt;
    }
    memset(info, 0, sizeof(*info));
    info->stage = info->lane = -1;
    if (fail_step < 0 || fail_step >= v->nsteps) {
        set_err(err, errlen, "wave capture: step %d is not a step of vector '%s'", fail_step,
                v->id);
        return -1;
    }
    const char *dir = opts->out_dir && *opts->out_dir ? opts->out_dir : wave_default_dir();
    if (make_dirs(dir) < 0) {
        set_err(err, errlen, "wave capture: cannot create directory %s: %s", dir,
                strerror(errno));
        return -1;
    }
    char fst[WAVE_PATH_MAX], gtkw[WAVE_PATH_MAX];
    if (wave_paths(dir, v->file, v->id, fst, gtkw) < 0) {
        set_err(err, errlen, "wave capture: path too long under %s", dir);
        return -1;
    }
    absolute(fst, info->fst);
    absolute(gtkw, info->gtkw);
    out = malloc(sizeof(*out));
    if (!out) {
        set_err(err, errlen, "wave capture: out of memory");
        return -1;
    }
    c.rtl_only = 0;

    /* Pass 1: measure, with the taps recorded. */
    replay_init(&rp);
    c.capture_taps = 1;
    if (replay_run(&c, v, fail_step, &rp, out, opts->post, err, errlen) < 0)
        goto done;
    info->hang = out->timed_out;
    info->reproduced = out->ndiff > 0;
    info->done_tag = rp.done_tag;
    uint64_t issue = rp.issued ? rp.issue_cycle : out->issue_cycle;
    uint64_t fin = out->timed_out ? rp.last_cycle : out->done_cycle;
    uint64_t mark = fin;
    if (!out->timed_out && out->ndiff > 0) {
        int lane = -1;
        int stage = taps_first_divergence(&out->model.taps, &out->rtl.taps, &lane);
        if (stage < 0) {
            stage = TX_TAP_PACK;
            lane = first_reg_lane(&out->model, &out->rtl);
        }
        info->stage = stage;
        info->lane = lane;
        if (lane >= 0 && rp.stage_cycle[stage][lane / 4] >= 0)
            mark = (uint64_t)rp.stage_cycle[stage][lane / 4];
    }

    /* Pass 2: the same replay, traced from PRE cycles before the issue. */
    uint64_t start = 2;   /* the first cycle after ls_begin's reset */
    if (issue > start + opts->pre)
        start = issue - opts->pre;
    snprintf(tmp, sizeof(tmp), "%s.tmp", info->fst);
    replay rp2;
    replay_init(&rp2);
    rp2.trace_path = tmp;
    rp2.open_at = start;
    c.capture_taps = 0;
    if (traced_replay(&c, v, fail_step, &rp2, out, opts->post, dir, tmp, err, errlen) < 0) {
        info->write_failed = 1;
        remove_trace(tmp);
        goto done;
    }
    if (!rp2.opened) {
        set_err(err, errlen, "wave capture: cannot write the trace %s%s", tmp,
                rp2.open_failed ? " (no FST support in this build, or the file cannot be created)"
                                : "");
        info->write_failed = 1;
        remove_trace(tmp);
        goto done;
    }
    if (!wave_trace_readable(tmp)) {
        set_err(err, errlen, "wave capture: cannot write the trace %s%s (it cannot be read back)",
                tmp, write_hint(dir));
        info->write_failed = 1;
        remove_trace(tmp);
        goto done;
    }
    if (rename(tmp, info->fst) < 0) {
        set_err(err, errlen, "wave capture: cannot rename %s: %s", tmp, strerror(errno));
        remove(tmp);
        goto done;
    }
    info->t_begin = rp2.t_open;
    info->t_end = out->timed_out ? 2 * (rp2.last_cycle + 3) : 2 * (fin + opts->post + 1);
    info->t_issue = 2 * issue;
    info->t_done = 2 * fin;
    info->t_marker = 2 * mark;

    /* The names the trace really has, then the save file. */
    if (facs_read(&facs, info->fst) < 0)
        facs.known = 0;
    snprintf(tmp, sizeof(tmp), "%s.tmp", info->gtkw);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        set_err(err, errlen, "wave capture: cannot create %s: %s", tmp, strerror(errno));
        info->write_failed = 1;
        remove(info->fst);
        goto done;
    }
    view_ctx vc = {v, fail_step, info, &facs};
    int wr = write_view(f, &vc);
    if (fclose(f) != 0 || wr < 0) {
        set_err(err, errlen, "wave capture: cannot write %s%s", tmp, write_hint(dir));
        info->write_failed = 1;
        remove(tmp);
        remove(info->fst);   /* a trace without its view is half a result */
        goto done;
    }
    if (rename(tmp, info->gtkw) < 0) {
        set_err(err, errlen, "wave capture: cannot rename %s: %s", tmp, strerror(errno));
        remove(tmp);
        goto done;
    }
    rc = 0;
done:
    facs_free(&facs);
    free(out);
    return rc;
}

void wave_print(FILE *f, const wave_info *in, const char *argv0)
{
    fprintf(f, "  waves: %s (open: %s wave %s)\n", in->fst, argv0 ? argv0 : "texcosim", in->gtkw);
    fprintf(f, "  wave markers: mismatch t=%" PRIu64, in->t_marker);
    if (in->stage >= 0 && in->lane >= 0)
        fprintf(f, " (%s, lane %d)", tx_stage_name(in->stage), in->lane);
    fprintf(f, ", issue t=%" PRIu64 ", %s t=%" PRIu64 "; window t=%" PRIu64 "..%" PRIu64 "\n",
            in->t_issue, in->hang ? "watchdog" : "done", in->t_done, in->t_begin, in->t_end);
    if (in->nmissing)
        fprintf(f, "  warning: wave view: %d signal%s not in the trace (RTL renamed?): %s\n",
                in->nmissing, in->nmissing == 1 ? "" : "s", in->missing);
}
