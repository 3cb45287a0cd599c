/*
 * sim.cpp - the C view of the Verilator-compiled RTL (tb/core/sim.h) over the
 * generated class Vtx_top.  The only C++ in the project; every function has
 * C linkage.
 *
 * Ports wider than 64 bits are VlWide arrays of 32-bit words, bit 0 in word
 * 0, so the flat vectors of rtl/tx_top.sv (slot s, lane l at
 * [(s*4+l)*32 +: 32] and so on) are copied one 32-bit word at a time.  The
 * 48-bit addresses are cut out of their words with get_bits.  Index orders
 * are in docs/rtl.md ("Tap port") and docs/architecture.md.
 *
 * Time: one cycle is 2 trace units (VerilatedContext time, 1 ps units in
 * FST).  Cycle n starts at 2n: the testbench sets the inputs, sim_eval
 * settles them and dumps at 2n, so an input and the logic it feeds show
 * their cycle-n values from 2n; sim_tick dumps the rising edge at 2n+1.  The
 * falling edge at 2n+2 is not dumped: the next sim_eval dumps that time with
 * the next cycle's inputs.
 */
#include "sim.h"

#include <cstdlib>
#include <cstring>

#include "Vtx_top.h"
#include "verilated.h"
#ifndef SIM_NO_TRACE
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include <cstdio>
#include <unistd.h>
#include "verilated_cov.h"
#endif

struct sim {
    VerilatedContext *ctx;
    Vtx_top *top;
#ifndef SIM_NO_TRACE
    VerilatedFstC *tfp;
#endif
    uint64_t cycles;
    uint64_t hc_lookups, hc_hits;   /* header cache, counted at each rising edge */
};

/* n <= 64 bits starting at bit lo of a little-endian array of words. */
static uint64_t get_bits(const uint32_t *w, unsigned lo, unsigned n)
{
    unsigned i = lo >> 5, sh = lo & 31;
    uint64_t v = w[i] >> sh;
    /* Touch the next words only when the field reaches them. */
    if (sh + n > 32)
        v |= (uint64_t)w[i + 1] << (32 - sh);
    if (sh + n > 64)
        v |= (uint64_t)w[i + 2] << (64 - sh);
    return n >= 64 ? v : v & ((1ull << n) - 1);
}

/* Set n <= 32 bits starting at bit lo of a little-endian array of words (the
 * bits of v above n are ignored), a word at a time: the field touches one
 * word, or two when it crosses a word boundary. */
static void set_bits(uint32_t *w, unsigned lo, unsigned n, uint32_t v)
{
    unsigned i = lo >> 5, sh = lo & 31;
    uint64_t m = (n >= 32 ? 0xffffffffull : (1ull << n) - 1u) << sh;
    uint64_t x = ((uint64_t)v << sh) & m;
    w[i] = (w[i] & ~(uint32_t)m) | (uint32_t)x;
    if (sh + n > 32)
        w[i + 1] = (w[i + 1] & ~(uint32_t)(m >> 32)) | (uint32_t)(x >> 32);
}

/* ---- warps: ports that a design may or may not have ----
 * tb/ is built against whatever rtl/tx_top.sv declares.  The warp ports
 * (docs/architecture.md, "Warps and tags") are read and driven through these
 * probes, which compile to nothing when the verilated class lacks the port,
 * so the same shim serves a one-instruction-at-a-time design. */
#include <utility>
#define SIM_PORT(name)                                                                  \
    template <typename T, typename = void> struct port_##name {                         \
        enum { present = 0 };                                                           \
        static uint32_t get(const T &) { return 0; }                                    \
        static void set(T &, uint32_t) {}                                               \
    };                                                                                  \
    template <typename T>                                                               \
    struct port_##name<T, decltype((void)std::declval<T &>().name, void())> {           \
        enum { present = 1 };                                                           \
        static uint32_t get(const T &t) { return (uint32_t)t.name; }                    \
        static void set(T &t, uint32_t v) { t.name = v; }                               \
    };
SIM_PORT(issue_warp_i)
SIM_PORT(mem_rsp_id_i)
SIM_PORT(cb_rd_warp_o)
SIM_PORT(rf_rd_warp_o)
SIM_PORT(rf_wr_warp_o)
SIM_PORT(pr_wr_warp_o)
SIM_PORT(mem_req_warp_o)
SIM_PORT(mem_req_id_o)
SIM_PORT(done_tag_o)
SIM_PORT(tap_gather_tag_o)
SIM_PORT(tap_lod_tag_o)
SIM_PORT(tap_addr_tag_o)
SIM_PORT(tap_fetch_tag_o)
SIM_PORT(tap_format_tag_o)
SIM_PORT(tap_filter_tag_o)
SIM_PORT(tap_pixld_tag_o)
/* ---- header cache: lookup and hit pulses (docs/rtl.md, "Header cache") ---- */
SIM_PORT(hc_lookup_o)
SIM_PORT(hc_hit_o)
/* ---- warps: the number of warps the design takes (tx_pkg::TxWarps) ---- */
SIM_PORT(warps_o)
#define PORT_GET(t, name) ((uint8_t)port_##name<Vtx_top>::get(*(t)))
#define PORT_SET(t, name, v) port_##name<Vtx_top>::set(*(t), (v))
/* ---- end of warps ports ---- */

static void dump(sim_t *s)
{
#ifndef SIM_NO_TRACE
    if (s->tfp)
        s->tfp->dump(s->ctx->time());
#else
    (void)s;
#endif
}

extern "C" {

sim_t *sim_new(void)
{
    sim_t *s = new sim_t;
    s->ctx = new VerilatedContext;
    s->ctx->traceEverOn(true);
    s->top = new Vtx_top{s->ctx, "TOP"};
#ifndef SIM_NO_TRACE
    s->tfp = nullptr;
#endif
    s->cycles = 0;
    s->hc_lookups = s->hc_hits = 0;
    s->top->clk_i = 0;
    s->top->rst_ni = 1;
    s->top->eval();
    return s;
}

void sim_rand_reset(sim_t *s, uint32_t seed)
{
    sim_trace_close(s);
    delete s->top;
    s->ctx->randReset(2);
    /* randSeed(0) would mean "a seed from the clock": keep it reproducible. */
    s->ctx->randSeed(static_cast<int>(seed ? seed : 1u) & 0x7fffffff);
    s->top = new Vtx_top{s->ctx, "TOP"};
    s->top->clk_i = 0;
    s->top->rst_ni = 1;
    s->top->eval();
}

void sim_free(sim_t *s)
{
    if (!s)
        return;
    s->top->final();
#if VM_COVERAGE
    /* Coverage build (make coverage): each simulator writes its counters to
     * its own file in $TEXCOSIM_COVERAGE_DIR (default: the current folder). */
    {
        static unsigned seq;
        const char *dir = std::getenv("TEXCOSIM_COVERAGE_DIR");
        char path[4096];
        std::snprintf(path, sizeof path, "%s/coverage-%ld-%u.dat", dir && *dir ? dir : ".",
                      (long)getpid(), seq++);
        s->ctx->coveragep()->write(path);
    }
#endif
    sim_trace_close(s);
    delete s->top;
    delete s->ctx;
    delete s;
}

int sim_trace_open(sim_t *s, const char *path)
{
#ifndef SIM_NO_TRACE
    sim_trace_close(s);
    s->tfp = new VerilatedFstC;
    s->top->trace(s->tfp, 99);
    s->tfp->open(path);
    if (!s->tfp->isOpen()) {
        delete s->tfp;
        s->tfp = nullptr;
        return -1;
    }
    dump(s);
    return 0;
#else
    (void)s;
    (void)path;
    return -1;
#endif
}

void sim_trace_close(sim_t *s)
{
#ifndef SIM_NO_TRACE
    if (s->tfp) {
        s->tfp->close();
        delete s->tfp;
        s->tfp = nullptr;
    }
#else
    (void)s;
#endif
}

int sim_tracing(const sim_t *s)
{
#ifndef SIM_NO_TRACE
    return s->tfp != nullptr;
#else
    (void)s;
    return 0;
#endif
}

void sim_set_static(sim_t *s, const sim_in_t *in)
{
    Vtx_top *t = s->top;

    t->issue_insn_i = in->issue_insn;
    t->issue_ctrl_i = in->issue_ctrl & 0x1fffffu;
    t->issue_ctm_i = in->issue_ctm;
    t->issue_ktm_i = in->issue_ktm;
    t->issue_pixel_i = in->issue_pixel & 1u;
    for (int p = 0; p < 7; p++)
        t->issue_pred_i[p] = in->issue_pred[p];
    t->issue_hash_i = in->issue_hash;

    t->cfg_tic_base_i = in->cfg_tic_base & 0xffffffffffffull;
    t->cfg_tsc_base_i = in->cfg_tsc_base & 0xffffffffffffull;
    t->cfg_tic_max_i = in->cfg_tic_max & 0xfffffu;
    t->cfg_tsc_max_i = in->cfg_tsc_max & 0xfffu;
    t->cfg_fp16_rz_i = in->cfg_fp16_rz & 1u;
    t->cfg_gob_desktop_i = in->cfg_gob_desktop & 1u;
    t->cfg_tsc_via_hdr_i = in->cfg_tsc_via_hdr & 1u;

    /* raster_i (tx_pkg::tx_raster_t, 775 bits, first field at the top):
     * sample [127:0], cov [639:128], pos [767:640], programmed 768, ssaa
     * 769, samples [774:770]. */
    uint32_t *r = t->raster_i.data();
    for (int l = 0; l < 32; l++) {
        set_bits(r, (unsigned)l * 4u, 4, in->raster_sample[l]);
        set_bits(r, 128u + (unsigned)l * 16u, 16, in->raster_cov[l]);
    }
    for (int s = 0; s < 16; s++)
        set_bits(r, 640u + (unsigned)s * 8u, 8, in->raster_pos[s]);
    set_bits(r, 768, 1, in->raster_programmed);
    set_bits(r, 769, 1, in->raster_ssaa);
    set_bits(r, 770, 5, in->raster_samples);
}

void sim_set_inputs(sim_t *s, const sim_in_t *in)
{
    Vtx_top *t = s->top;

    t->issue_valid_i = in->issue_valid & 1u;
    t->cb_rd_data_i = in->cb_rd_data;
    for (int sl = 0; sl < SIM_RD_SLOTS; sl++)
        for (int l = 0; l < 4; l++)
            t->rf_rd_data_i[sl * 4 + l] = in->rf_rd_data[sl][l];

    t->mem_req_ready_i = in->mem_req_ready & 1u;
    t->mem_rsp_valid_i = in->mem_rsp_valid & 1u;
    /* 2048 bits: copied only with a response, the RTL ignores them without. */
    if (in->mem_rsp_valid)
        for (int sl = 0; sl < SIM_SLOTS; sl++)
            for (int w = 0; w < 4; w++)
                t->mem_rsp_data_i[sl * 4 + w] = in->mem_rsp_data[sl][w];
    t->mem_rsp_sparse_i = in->mem_rsp_sparse;
    t->mem_rsp_fault_i = in->mem_rsp_fault;
    /* warps */
    PORT_SET(t, issue_warp_i, in->issue_warp);
    PORT_SET(t, mem_rsp_id_i, in->mem_rsp_id);
}

void sim_eval(sim_t *s)
{
    s->top->eval();
    dump(s);
}

void sim_get_outputs(sim_t *s, sim_out_t *out)
{
    Vtx_top *t = s->top;

    out->issue_ready = t->issue_ready_o;
    out->cb_rd_valid = t->cb_rd_valid_o;
    out->cb_rd_addr = t->cb_rd_addr_o;
    out->rf_rd_valid = t->rf_rd_valid_o;
    out->rf_rd_quad = t->rf_rd_quad_o;
    for (int sl = 0; sl < SIM_RD_SLOTS; sl++)
        out->rf_rd_reg[sl] = (uint8_t)(t->rf_rd_reg_o >> (8 * sl));

    /* Payloads are copied only with their valid (sim.h): this runs every
     * cycle and the wide ones cost more than the model. */
    out->rf_wr_valid = t->rf_wr_valid_o;
    out->rf_wr_quad = t->rf_wr_quad_o;
    out->rf_wr_lanes = t->rf_wr_lanes_o;
    out->rf_wr_slots = t->rf_wr_slots_o;
    if (out->rf_wr_valid)
        for (int sl = 0; sl < 4; sl++) {
            out->rf_wr_reg[sl] = (uint8_t)(t->rf_wr_reg_o >> (8 * sl));
            for (int l = 0; l < 4; l++)
                out->rf_wr_data[sl][l] = t->rf_wr_data_o[sl * 4 + l];
        }

    out->pr_wr_valid = t->pr_wr_valid_o;
    out->pr_wr_quad = t->pr_wr_quad_o;
    out->pr_wr_lanes = t->pr_wr_lanes_o;
    out->pr_wr_pred = t->pr_wr_pred_o;
    out->pr_wr_data = t->pr_wr_data_o;

    out->mem_req_valid = t->mem_req_valid_o;
    out->mem_req_slots = t->mem_req_slots_o;
    if (out->mem_req_valid)
        for (int sl = 0; sl < SIM_SLOTS; sl++)
            if (out->mem_req_slots >> sl & 1)
                out->mem_req_addr[sl] = get_bits(t->mem_req_addr_o.data(), (unsigned)sl * 48u, 48);
    out->mem_rsp_ready = t->mem_rsp_ready_o;

    out->done_valid = t->done_valid_o;
    out->done_status = t->done_status_o;
    out->done_hash = t->done_hash_o;
    /* warps */
    out->cb_rd_warp = PORT_GET(t, cb_rd_warp_o);
    out->rf_rd_warp = PORT_GET(t, rf_rd_warp_o);
    out->rf_wr_warp = PORT_GET(t, rf_wr_warp_o);
    out->pr_wr_warp = PORT_GET(t, pr_wr_warp_o);
    out->mem_req_warp = PORT_GET(t, mem_req_warp_o);
    out->mem_req_id = PORT_GET(t, mem_req_id_o);
    out->done_tag = PORT_GET(t, done_tag_o);
}

void sim_get_taps(sim_t *s, sim_taps_t *tp)
{
    Vtx_top *t = s->top;

    tp->gather_valid = t->tap_gather_valid_o;
    tp->gather_quad = t->tap_gather_quad_o;
    tp->gather_lanes = t->tap_gather_lanes_o;
    for (int l = 0; l < 4; l++)
        for (int o = 0; o < SIM_RD_SLOTS; o++)
            tp->gather[l][o] = t->tap_gather_data_o[l * SIM_RD_SLOTS + o];

    tp->lod_valid = t->tap_lod_valid_o;
    tp->lod_quad = t->tap_lod_quad_o;
    tp->lod_lanes = t->tap_lod_lanes_o;
    for (int l = 0; l < 4; l++) {
        tp->level[l] = t->tap_lod_level_o[l];
        tp->level1[l] = t->tap_lod_level1_o[l];
        tp->lod[l] = (int32_t)t->tap_lod_lod_o[l];
        tp->mipw[l] = (uint8_t)(t->tap_lod_mipw_o >> (8 * l));
    }

    tp->addr_valid = t->tap_addr_valid_o;
    tp->addr_quad = t->tap_addr_quad_o;
    tp->addr_lanes = t->tap_addr_lanes_o;
    tp->addr_pass = t->tap_addr_pass_o;
    for (int l = 0; l < 4; l++) {
        tp->oob[l] = (uint8_t)((t->tap_addr_oob_o >> (4 * l)) & 0xfu);
        for (int a = 0; a < 3; a++)
            tp->ufx[l][a] = (int32_t)t->tap_addr_ufx_o[l * 3 + a];
        for (int k = 0; k < 4; k++)
            tp->addr[l][k] = get_bits(t->tap_addr_addr_o.data(), (unsigned)(l * 4 + k) * 48u, 48);
    }

    tp->fetch_valid = t->tap_fetch_valid_o;
    tp->fetch_quad = t->tap_fetch_quad_o;
    tp->fetch_lanes = t->tap_fetch_lanes_o;
    tp->fetch_pass = t->tap_fetch_pass_o;
    for (int l = 0; l < 4; l++)
        for (int k = 0; k < 4; k++)
            for (int w = 0; w < 4; w++)
                tp->texel[l][k][w] = t->tap_fetch_texel_o[(l * 4 + k) * 4 + w];

    tp->format_valid = t->tap_format_valid_o;
    tp->format_quad = t->tap_format_quad_o;
    tp->format_lanes = t->tap_format_lanes_o;
    tp->format_pass = t->tap_format_pass_o;
    for (int l = 0; l < 4; l++)
        for (int k = 0; k < 4; k++)
            for (int c = 0; c < 4; c++)
                tp->fmt[l][k][c] = t->tap_format_data_o[(l * 4 + k) * 4 + c];

    tp->filter_valid = t->tap_filter_valid_o;
    tp->filter_quad = t->tap_filter_quad_o;
    tp->filter_lanes = t->tap_filter_lanes_o;
    for (int l = 0; l < 4; l++)
        for (int c = 0; c < 4; c++)
            tp->filt[l][c] = t->tap_filter_data_o[l * 4 + c];
    for (int l = 0; l < 4; l++)
        for (int a = 0; a < 6; a++)
            tp->wt[l][a] = (uint8_t)get_bits(t->tap_filter_wt_o.data(), (unsigned)(48 * l + 8 * a), 8);

    tp->pixld_valid = t->tap_pixld_valid_o;
    tp->pixld_quad = t->tap_pixld_quad_o;
    tp->pixld_lanes = t->tap_pixld_lanes_o;
    for (int l = 0; l < 4; l++) {
        tp->pix_ra[l] = t->tap_pixld_ra_o[l];
        tp->pix_index[l] = t->tap_pixld_index_o[l];
        tp->pix_val[l] = t->tap_pixld_val_o[l];
    }
    tp->pix_pred = t->tap_pixld_pred_o;
    /* warps */
    tp->gather_tag = PORT_GET(t, tap_gather_tag_o);
    tp->lod_tag = PORT_GET(t, tap_lod_tag_o);
    tp->addr_tag = PORT_GET(t, tap_addr_tag_o);
    tp->fetch_tag = PORT_GET(t, tap_fetch_tag_o);
    tp->format_tag = PORT_GET(t, tap_format_tag_o);
    tp->filter_tag = PORT_GET(t, tap_filter_tag_o);
    tp->pixld_tag = PORT_GET(t, tap_pixld_tag_o);
}

int sim_get_suld_taps(sim_t *s, sim_taps_t *tp)
{
    Vtx_top *t = s->top;

    tp->gather_valid = tp->lod_valid = tp->addr_valid = t->tap_suld_g_valid_o;
    tp->fetch_valid = tp->format_valid = tp->filter_valid = t->tap_suld_f_valid_o;
    tp->pixld_valid = 0;
    if (!tp->gather_valid && !tp->fetch_valid)
        return 0;
    tp->gather_quad = tp->lod_quad = tp->addr_quad = t->tap_suld_g_quad_o;
    tp->gather_lanes = tp->lod_lanes = tp->addr_lanes = t->tap_suld_g_lanes_o;
    tp->gather_tag = tp->lod_tag = tp->addr_tag = t->tap_suld_g_tag_o;
    tp->fetch_quad = tp->format_quad = tp->filter_quad = t->tap_suld_f_quad_o;
    tp->fetch_lanes = tp->format_lanes = tp->filter_lanes = t->tap_suld_f_lanes_o;
    tp->fetch_tag = tp->format_tag = tp->filter_tag = t->tap_suld_f_tag_o;
    tp->addr_pass = tp->fetch_pass = tp->format_pass = 0;
    /* One tap per lane (slot 0); the operands Ra, Ra+1, Ra+2, Rc. */
    memset(tp->gather, 0, sizeof tp->gather);
    memset(tp->ufx, 0, sizeof tp->ufx);
    memset(tp->addr, 0, sizeof tp->addr);
    memset(tp->texel, 0, sizeof tp->texel);
    memset(tp->fmt, 0, sizeof tp->fmt);
    memset(tp->wt, 0, sizeof tp->wt);
    for (int l = 0; l < 4; l++) {
        for (int o = 0; o < 4; o++)
            tp->gather[l][o] = t->tap_suld_ops_o[l * 4 + o];
        tp->level[l] = tp->level1[l] = t->tap_suld_level_o[l];
        tp->lod[l] = 0;
        tp->mipw[l] = 0;
        tp->addr[l][0] = get_bits(t->tap_suld_addr_o.data(), (unsigned)l * 48u, 48);
        tp->oob[l] = (uint8_t)((t->tap_suld_oob_o >> l) & 1u);
        for (int w = 0; w < 4; w++) {
            tp->texel[l][0][w] = t->tap_suld_texel_o[l * 4 + w];
            tp->fmt[l][0][w] = tp->filt[l][w] = t->tap_suld_data_o[l * 4 + w];
        }
    }
    return 1;
}

/* The falling edge is not evaluated here: nothing in rtl/ is sensitive to
 * it, and every eval() runs the whole input-combinational region of the
 * model again (Verilator 5), so an eval of its own cost about a third of a
 * cycle.  The next sim_eval (or sim_reset) evaluates clk_i = 0 together with
 * the next cycle's inputs; that is the evaluation the trace dumps at 2n+2
 * anyway (docs/performance.md, "Lockstep speed"). */
void sim_tick(sim_t *s)
{
    s->ctx->timeInc(1);
    s->hc_lookups += PORT_GET(s->top, hc_lookup_o);
    s->hc_hits += PORT_GET(s->top, hc_hit_o);
    s->top->clk_i = 1;
    s->top->eval();
    dump(s);
    s->ctx->timeInc(1);
    s->top->clk_i = 0;
    s->cycles++;
}

void sim_reset(sim_t *s, int n)
{
    s->top->rst_ni = 0;
    s->top->eval();
    for (int i = 0; i < n; i++)
        sim_tick(s);
    s->top->rst_ni = 1;
    s->top->eval();
}

uint64_t sim_cycles(const sim_t *s)
{
    return s->cycles;
}

uint64_t sim_time(const sim_t *s)
{
    return s->ctx->time();
}

void sim_hcache(const sim_t *s, uint64_t *lookups, uint64_t *hits)
{
    *lookups = s->hc_lookups;
    *hits = s->hc_hits;
}

int sim_has_warp_ports(void)
{
    return port_done_tag_o<Vtx_top>::present && port_issue_warp_i<Vtx_top>::present;
}

int sim_max_warps(void)
{
    static int n;
    if (n)
        return n;
    if (!sim_has_warp_ports()) {
        n = 1;
    } else if (!port_warps_o<Vtx_top>::present) {
        n = 16;   /* the warp ports without warps_o: the first tagged design */
    } else {
        /* A constant of the design: read it from a model of its own, made
         * and settled once. */
        VerilatedContext ctx;
        Vtx_top top{&ctx, "TOP"};
        top.clk_i = 0;
        top.rst_ni = 1;
        top.eval();
        n = (int)port_warps_o<Vtx_top>::get(top);
        top.final();
        if (n < 1)
            n = 1;
    }
    return n;
}

} /* extern "C" */
