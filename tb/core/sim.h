/*
 * sim.h - C view of the Verilator-compiled RTL (rtl/tx_top.sv).
 *
 * The only C++ in the project is tb/core/sim.cpp, which implements these functions
 * with extern "C" linkage over Verilator's generated class.  One cycle of the
 * testbench is: sim_set_inputs -> sim_eval -> sim_get_outputs -> (testbench
 * decides next inputs) -> sim_tick.  Port meanings are in docs/architecture.md.
 */
#ifndef TX_SIM_H
#define TX_SIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIM_SLOTS 16   /* memory port: 16 slots of 16 bytes per request */
#define SIM_RD_SLOTS 8 /* register-file read port: 8 registers per quad */

typedef struct sim sim_t;

typedef struct sim_in {
    /* instruction issue and warp context */
    uint8_t issue_valid;
    uint64_t issue_insn;
    uint32_t issue_ctrl;        /* 21-bit control field */
    uint32_t issue_ctm, issue_ktm;
    uint8_t issue_pixel;
    uint32_t issue_pred[7];     /* P0..P6, bit = lane */
    uint8_t issue_hash;
    /* state knobs */
    uint64_t cfg_tic_base, cfg_tsc_base;
    uint32_t cfg_tic_max, cfg_tsc_max;
    uint8_t cfg_fp16_rz, cfg_gob_desktop;
    uint8_t cfg_tsc_via_hdr;    /* OGL binding: sampler index = header index */
    /* PIXLD raster state, port raster_i (docs/rtl.md "Pixel load") */
    uint8_t raster_samples, raster_ssaa, raster_programmed;
    uint8_t raster_pos[16];                 /* sample s: dx [3:0], dy [7:4] */
    uint16_t raster_cov[32];                /* lane coverage, bit = sample */
    uint8_t raster_sample[32];              /* lane sample index */
    /* constant bank read data (1-cycle latency, no handshake) */
    uint32_t cb_rd_data;
    /* register file read data (1-cycle latency): [slot][lane-in-quad];
     * slots 0-3 Ra..Ra+3, 4-7 Rb..Rb+3 (TLDS: 0 Ra, 1 Ra+1, 2 Rb, 3 Rb+1) */
    uint32_t rf_rd_data[SIM_RD_SLOTS][4];
    /* memory port */
    uint8_t mem_req_ready;
    uint8_t mem_rsp_valid;
    uint32_t mem_rsp_data[SIM_SLOTS][4];   /* 16 bytes per slot, LE words */
    uint16_t mem_rsp_sparse, mem_rsp_fault;
    /* ---- warps (run --warps, docs/architecture.md "Warps and tags") ----
     * issue_warp: tag of the offered instruction (issue_warp_i); mem_rsp_id:
     * the request id a response answers (mem_rsp_id_i). */
    uint8_t issue_warp;
    uint8_t mem_rsp_id;
} sim_in_t;

typedef struct sim_taps {
    uint8_t gather_valid, gather_quad, gather_lanes;
    uint32_t gather[4][SIM_RD_SLOTS];       /* [lane][operand] */
    uint8_t lod_valid, lod_quad, lod_lanes;
    uint32_t level[4], level1[4];
    int32_t lod[4];                         /* s.8 */
    uint8_t mipw[4];
    uint8_t addr_valid, addr_quad, addr_lanes, addr_pass;
    int32_t ufx[4][3];                      /* [lane][axis u, v, w], s.8 */
    uint64_t addr[4][4];                    /* [lane][tap of this pass] */
    uint8_t oob[4];                         /* [lane] bit = tap */
    /* A TEX quad with a second tap group passes addr, fetch and format
     * twice: pass 0 carries slots 0-3, pass 1 slots 4-7. */
    uint8_t fetch_valid, fetch_quad, fetch_lanes, fetch_pass;
    uint32_t texel[4][4][4];                /* [lane][tap][word] */
    uint8_t format_valid, format_quad, format_lanes, format_pass;
    uint32_t fmt[4][4][4];                  /* [lane][tap][component] */
    uint8_t filter_valid, filter_quad, filter_lanes;
    uint32_t filt[4][4];                    /* [lane][component] */
    uint8_t wt[4][6];                       /* [lane][fu0 fv0 fw0 fu1 fv1 fw1] */
    uint8_t pixld_valid, pixld_quad, pixld_lanes;
    uint32_t pix_ra[4], pix_index[4], pix_val[4]; /* [lane] */
    uint8_t pix_pred;                       /* bit = lane */
    /* ---- warps: the tag of each stage's tap (tap_*_tag_o), 0 without
     * the ports ---- */
    uint8_t gather_tag, lod_tag, addr_tag, fetch_tag, format_tag, filter_tag, pixld_tag;
} sim_taps_t;

/* Outputs of one cycle.  A payload (register write data and numbers, memory
 * request addresses of unused slots) is filled in only when its valid is set;
 * otherwise it keeps whatever the struct held. */
typedef struct sim_out {
    uint8_t issue_ready;
    uint8_t cb_rd_valid;
    uint32_t cb_rd_addr;                    /* byte address, word aligned */
    uint8_t rf_rd_valid, rf_rd_quad;
    uint8_t rf_rd_reg[SIM_RD_SLOTS];
    uint8_t rf_wr_valid, rf_wr_quad, rf_wr_lanes, rf_wr_slots;
    uint8_t rf_wr_reg[4];
    uint32_t rf_wr_data[4][4];              /* [slot][lane-in-quad] */
    uint8_t pr_wr_valid, pr_wr_quad, pr_wr_lanes, pr_wr_pred, pr_wr_data;
    uint8_t mem_req_valid;
    uint16_t mem_req_slots;
    uint64_t mem_req_addr[SIM_SLOTS];       /* 16-byte aligned */
    uint8_t mem_rsp_ready;
    uint8_t done_valid, done_status, done_hash;
    /* ---- warps: the warp (tag) of each port's transfer; 0 when the RTL
     * has no such port (sim_has_warp_ports) ---- */
    uint8_t cb_rd_warp, rf_rd_warp, rf_wr_warp, pr_wr_warp, mem_req_warp, done_tag;
    uint8_t mem_req_id;
} sim_out_t;

sim_t *sim_new(void);
void sim_free(sim_t *s);
/* Build the RTL model again with every variable at a random initial value
 * drawn from `seed` (Verilator randReset(2); the model is verilated with
 * --x-initial unique --x-assign unique).  An open trace is closed. */
void sim_rand_reset(sim_t *s, uint32_t seed);
/* Open an FST trace from now on; 0 on success.  Without trace support in the
 * build it returns -1. */
int sim_trace_open(sim_t *s, const char *path);
void sim_trace_close(sim_t *s);
int sim_tracing(const sim_t *s);
/* The inputs that hold for a whole instruction: issue_insn, issue_ctrl, the
 * warp context (ctm, ktm, pixel, predicates, hash) and the cfg_* knobs. */
void sim_set_static(sim_t *s, const sim_in_t *in);
/* The per-cycle inputs: issue_valid, read data, the memory port.  The
 * response data is taken only when mem_rsp_valid is set. */
void sim_set_inputs(sim_t *s, const sim_in_t *in);
void sim_eval(sim_t *s);
void sim_get_outputs(sim_t *s, sim_out_t *out);
/* Taps are read only when asked (they are wide). */
void sim_get_taps(sim_t *s, sim_taps_t *t);
/* tx_suld's tap port in the same shape (its gather, lod and addr taps from
 * its gather stage, fetch, format and filter from its fetch/format stage;
 * tap 0 of each lane, pass 0); 0, with only the valids set, when none of its
 * taps is valid this cycle. */
int sim_get_suld_taps(sim_t *s, sim_taps_t *t);
/* Rising edge then falling edge; dumps the trace if open. */
void sim_tick(sim_t *s);
/* Assert reset for n cycles. */
void sim_reset(sim_t *s, int n);
uint64_t sim_cycles(const sim_t *s);
/* Time stamp used in the trace for the current cycle (2 units per cycle). */
uint64_t sim_time(const sim_t *s);
/* ---- warps ----
 * 1 when the verilated tx_top has the warp ports (issue_warp_i, done_tag_o
 * and the rest); 0 for a one-instruction-at-a-time design, whose in-flight
 * instruction the testbench then knows by itself. */
int sim_has_warp_ports(void);
/* The number of warps (tags) the verilated design takes: its warps_o
 * (tx_pkg::TxWarps), 16 for a tagged design without that port, 1 for one
 * without the warp ports.  The limit of `run --warps K`. */
int sim_max_warps(void);
/* ---- header cache ----
 * Header lookups and hits of the header cache since the model was made
 * (0 and 0 for a design without the hc_* ports). */
void sim_hcache(const sim_t *s, uint64_t *lookups, uint64_t *hits);

#ifdef __cplusplus
}
#endif
#endif
