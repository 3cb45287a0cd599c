/**
 * tx_top - texture-pipe slice: the DUT boundary of docs/architecture.md, and
 * the list of its units and the wires between them (docs/rtl.md opens with
 * their diagram and names each unit's file and C-model twin).  Instructions
 * of several warps are in flight: a TLDS or TEX takes one of two front-end
 * contexts (tx_front) and streams its quads down the tagged quad pipe
 * (tx_quad_pipe); SULDs stream through tx_suld and PIXLDs through tx_pixld
 * beside it, all three sharing the ports through tx_port_arb.  The tap_*
 * ports mirror cmodel/model.h tx_taps; a tap is valid in the cycle its stage
 * hands a quad to the next stage.
 */
module tx_top
  import tx_pkg::*;
#(
  // Texel requests in flight (quad passes tracked by tx_fetch).  A quad per
  // clock at a memory latency of L clocks needs about L in flight
  // (docs/performance.md, section (w)); a power of two.
  parameter int unsigned TrackDepth = 256,
  parameter int unsigned HcEntries  = TxWarps   // tx_hcache entries: one per warp slot
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Issue
  input  logic                      issue_valid_i,
  output logic                      issue_ready_o,
  input  logic [63:0]               issue_insn_i,
  input  logic [20:0]               issue_ctrl_i,    // docs/semantics.md S2.1
  input  logic [31:0]               issue_ctm_i,     // bit = lane
  input  logic [31:0]               issue_ktm_i,     // bit = lane
  input  logic                      issue_pixel_i,
  input  logic [223:0]              issue_pred_i,    // Pp lane l at [p*32 + l]
  input  logic [7:0]                issue_hash_i,    // [2:0] texture, [7:3] phase

  // State knobs
  input  logic [AddrW-1:0]          cfg_tic_base_i,
  input  logic [AddrW-1:0]          cfg_tsc_base_i,
  input  logic [19:0]               cfg_tic_max_i,
  input  logic [11:0]               cfg_tsc_max_i,
  input  logic                      cfg_tsc_via_hdr_i, // OGL: sampler index = header index
  input  logic                      cfg_fp16_rz_i,   // 0 nearest-even, 1 toward zero
  input  logic                      cfg_gob_desktop_i,

  input  tx_raster_t                raster_i,        // PIXLD (docs/semantics.md S7)

  // Constant bank (data the cycle after the read)
  output logic                      cb_rd_valid_o,
  output logic [15:0]               cb_rd_addr_o,    // byte address, word aligned
  input  logic [31:0]               cb_rd_data_i,

  // Register file read (data the cycle after the read)
  output logic                      rf_rd_valid_o,
  output logic [2:0]                rf_rd_quad_o,
  output logic [63:0]               rf_rd_reg_o,     // slot s at [s*8 +: 8]
  input  logic [1023:0]             rf_rd_data_i,    // slot s, lane l at [(s*4+l)*32 +: 32]

  // Register file write
  output logic                      rf_wr_valid_o,
  output logic [2:0]                rf_wr_quad_o,
  output logic [3:0]                rf_wr_lanes_o,
  output logic [3:0]                rf_wr_slots_o,
  output logic [31:0]               rf_wr_reg_o,     // slot s at [s*8 +: 8]
  output logic [511:0]              rf_wr_data_o,    // slot s, lane l at [(s*4+l)*32 +: 32]

  // Predicate write (not used by TLDS)
  output logic                      pr_wr_valid_o,
  output logic [2:0]                pr_wr_quad_o,
  output logic [3:0]                pr_wr_lanes_o,
  output logic [2:0]                pr_wr_pred_o,
  output logic [3:0]                pr_wr_data_o,

  // Memory
  output logic                      mem_req_valid_o,
  input  logic                      mem_req_ready_i,
  output logic [MemSlots-1:0]       mem_req_slots_o,
  output logic [MemSlots*AddrW-1:0] mem_req_addr_o,  // slot s at [s*48 +: 48], 16-B aligned
  input  logic                      mem_rsp_valid_i,
  output logic                      mem_rsp_ready_o,
  input  logic [MemSlots*128-1:0]   mem_rsp_data_i,  // slot s at [s*128 +: 128], LE bytes
  input  logic [MemSlots-1:0]       mem_rsp_sparse_i,
  input  logic [MemSlots-1:0]       mem_rsp_fault_i,

  // Completion
  output logic                      done_valid_o,
  output logic [3:0]                done_status_o,   // tx_status_e
  output logic [7:0]                done_hash_o,

  // Taps (observation only; index order in docs/rtl.md, "Tap port")
  output logic                      tap_gather_valid_o,
  output logic [2:0]                tap_gather_quad_o,
  output logic [3:0]                tap_gather_lanes_o,
  output logic [1023:0]             tap_gather_data_o,   // lane l, operand o at [(l*8+o)*32]
  output logic                      tap_lod_valid_o,
  output logic [2:0]                tap_lod_quad_o,
  output logic [3:0]                tap_lod_lanes_o,
  output logic [127:0]              tap_lod_level_o,     // lane l at [l*32]
  output logic [127:0]              tap_lod_level1_o,    // lane l level of taps 4-7 at [l*32]
  output logic [127:0]              tap_lod_lod_o,       // lane l final LOD (s.8) at [l*32]
  output logic [31:0]               tap_lod_mipw_o,      // lane l weight of level1 at [l*8]
  output logic                      tap_addr_valid_o,
  output logic [2:0]                tap_addr_quad_o,
  output logic [3:0]                tap_addr_lanes_o,
  output logic [767:0]              tap_addr_addr_o,     // lane l, tap t at [(l*4+t)*48]
  output logic [15:0]               tap_addr_oob_o,      // lane l, tap t at bit l*4+t
  output logic [383:0]              tap_addr_ufx_o,      // lane l, axis a at [(l*3+a)*32]
  output logic [1:0]                tap_addr_pass_o,     // pass p: slots 4p .. 4p+3
  output logic                      tap_fetch_valid_o,
  output logic [2:0]                tap_fetch_quad_o,
  output logic [3:0]                tap_fetch_lanes_o,
  output logic [2047:0]             tap_fetch_texel_o,   // lane l, tap t at [(l*4+t)*128]
  output logic [1:0]                tap_fetch_pass_o,
  output logic                      tap_format_valid_o,
  output logic [2:0]                tap_format_quad_o,
  output logic [3:0]                tap_format_lanes_o,
  output logic [2047:0]             tap_format_data_o,   // lane l, tap t, comp c at [((l*4+t)*4+c)*32]
  output logic [1:0]                tap_format_pass_o,
  output logic                      tap_filter_valid_o,
  output logic [2:0]                tap_filter_quad_o,
  output logic [3:0]                tap_filter_lanes_o,
  output logic [511:0]              tap_filter_data_o,   // lane l, comp c at [(l*4+c)*32]
  output logic [191:0]              tap_filter_wt_o,     // lane l {fw1,fv1,fu1,fw0,fv0,fu0} at [l*48]

  // ---- PIXLD taps (tx_pixld; docs/rtl.md, "Tap port") ----
  output logic                      tap_pixld_valid_o,
  output logic [2:0]                tap_pixld_quad_o,
  output logic [3:0]                tap_pixld_lanes_o,
  output logic [127:0]              tap_pixld_ra_o,      // lane l at [l*32]
  output logic [127:0]              tap_pixld_index_o,   // lane l at [l*32]
  output logic [127:0]              tap_pixld_val_o,     // lane l at [l*32]
  output logic [3:0]                tap_pixld_pred_o,    // lane l at bit l

  // ---- SULD taps (tx_suld): its gather stage's quad as it leaves, its
  // fetch/format stage's as it is written (docs/rtl.md, "Tap port") ----
  output logic                      tap_suld_g_valid_o, tap_suld_f_valid_o,
  output logic [2:0]                tap_suld_g_quad_o, tap_suld_f_quad_o,
  output logic [3:0]                tap_suld_g_lanes_o, tap_suld_f_lanes_o,
  output logic [TxTagW-1:0]         tap_suld_g_tag_o, tap_suld_f_tag_o,
  output logic [511:0]              tap_suld_ops_o,      // lane l, operand o at [(l*4+o)*32]
  output logic [127:0]              tap_suld_level_o,    // lane l at [l*32]
  output logic [191:0]              tap_suld_addr_o,     // lane l at [l*48]
  output logic [3:0]                tap_suld_oob_o,      // lane l at bit l
  output logic [511:0]              tap_suld_texel_o,    // lane l at [l*128]
  output logic [511:0]              tap_suld_data_o,     // lane l, word k at [(l*4+k)*32]

  // ---- warps: tags (docs/architecture.md, "Warps and tags") ----
  // The warp slot of the offered instruction; it comes back on the ports
  // below for every access made on that instruction's behalf.
  input  logic [TxTagW-1:0]         issue_warp_i,
  output logic [TxTagW-1:0]         cb_rd_warp_o, rf_rd_warp_o, rf_wr_warp_o, pr_wr_warp_o,
                                    mem_req_warp_o, done_tag_o,
  output logic [TxMemIdW-1:0]       mem_req_id_o,
  input  logic [TxMemIdW-1:0]       mem_rsp_id_i,    // echo of mem_req_id_o (in request order)
  output logic [TxTagW-1:0]         tap_gather_tag_o, tap_lod_tag_o, tap_addr_tag_o,
                                    tap_fetch_tag_o, tap_format_tag_o, tap_filter_tag_o,
                                    tap_pixld_tag_o,

  // Header cache lookups and hits this cycle (hit rate; docs/rtl.md "Header cache").
  output logic [1:0]                hc_lookup_o,
  output logic [1:0]                hc_hit_o,
  output logic [7:0]                warps_o          // TxWarps: the limit of run --warps
);

  import tx_port_pkg::*;
  assign warps_o     = 8'(TxWarps);
  localparam int unsigned NCtx = 2;   // front-end contexts (tx_front)

  // tx_issue: the accepted instruction
  logic              issue_fire, imm_done, hdr_start, su_start, pix_start;
  tx_tlds_t          dec_now;            tx_tex_t     tex_now;
  logic              is_tex_now, pix_free;
  logic [7:0]        div_now, imm_hash;
  logic [31:0]       active_now, su_active_now;
  tx_status_e        imm_status, su_status;
  logic [AddrW-1:0]  in_tic_base_q;
  logic [19:0]       in_tic_max_q;
  logic              in_gob_desktop_q;   tx_raster_t in_raster_q;
  logic [TxTagW-1:0] tag_now;
  // tx_front <-> tx_quad_pipe
  logic              fe_free, gather_start, g_free, g_valid, g_fire, g_id, g_rd_id, l_fire, a_release;
  logic [31:0]       gather_active, bindless_handle, bindless_ra_handle;
  tx_walk_t          walk;
  tx_lod_view_t      lo_view;
  tx_addr_view_t     a_view;
  logic [255:0]      lo_tic, lo_tsc, tic, tsc;
  tx_layout_t        lay0, lay1;   // the two contexts' layout tables
  logic              cx_we, fetch_mem_ready;
  logic [TxTagW-1:0] cx_tag, g_rd_tag, g_tag, l_tag, req_tag;
  tx_ctx_t           cx_live;
  logic [NCtx-1:0]   hdr_fault;
  logic [NCtx-1:0][TxTagW-1:0] hdr_fault_tag;
  // memory
  logic [NCtx-1:0]           hdr_req_valid;     // per front-end context
  logic [NCtx-1:0][MemSlots-1:0]       hdr_req_slots;
  logic [NCtx-1:0][MemSlots*AddrW-1:0] hdr_req_addr;
  tx_mem_req_t               fetch_req, su_req;
  logic                      rsp_valid, rsp_hdr, rsp_ctx, rsp_su, hdr_rsp_ready, fetch_rsp_ready;
  logic [MemSlots*128-1:0]   rsp_data;
  logic [MemSlots-1:0]       rsp_fault, rsp_sparse;
  // ports, by unit
  logic              tl_cb_valid, su_cb_valid;
  logic [15:0]       tl_cb_addr, su_cb_addr;
  tx_rf_rd_t         tl_rd, pix_rd, su_rd;
  tx_rf_wr_t         tl_wr, pix_wr, su_wr;
  tx_pr_wr_t         tl_pr, pix_pr, su_pr;
  logic [TxTagW-1:0] tl_wr_tag, tl_pr_tag, f_tag, pix_rd_tag;
  logic              tl_last_written, pix_last_written, fetch_fault;
  logic              tl_rd_gnt, tl_wr_gnt, su_rd_gnt, su_wr_gnt, su_mem_ready, mem_req_su;
  logic              su_wr_want, fetch_hold, pix_hold;
  // tx_suld
  logic              su_done, su_rsp_ready, su_free, su_trap, su_hc_hit;
  tx_hc_port_t       su_hc;
  logic [255:0]      su_hc_fill_tic, su_hc_tic;
  logic [TxTagW-1:0] su_done_tag, su_trap_tag, su_rd_tag, su_wr_tag, su_mem_tag;

  tx_issue u_issue (
    .fe_free_i         (fe_free),
    .pix_free_i        (pix_free),
    .pix_hold_i        (pix_hold),
    .su_free_i         (su_free),
    .fire_o            (issue_fire),
    .dec_o             (dec_now),
    .tex_o             (tex_now),
    .is_tex_o          (is_tex_now),
    .div_o             (div_now),
    .active_o          (active_now),
    .su_active_o       (su_active_now),
    .imm_done_o        (imm_done),
    .imm_status_o      (imm_status),
    .imm_hash_o        (imm_hash),
    .quad_start_o      (hdr_start),
    .su_start_o        (su_start),
    .pix_start_o       (pix_start),
    .tic_base_q_o      (in_tic_base_q),
    .tic_max_q_o       (in_tic_max_q),
    .gob_desktop_q_o   (in_gob_desktop_q),
    .raster_q_o        (in_raster_q),
    .tag_now_o         (tag_now),
    .*     // clk_i, rst_ni, issue_*, cfg_*, raster_i: the ports of the same names
  );

  tx_front #(
    .HcEntries (HcEntries)
  ) u_front (
    .start_i           (hdr_start),
    .warp_i            (issue_warp_i),
    .dec_i             (dec_now),
    .tex_i             (tex_now),
    .is_tex_i          (is_tex_now),
    .div_i             (div_now),
    .active_i          (active_now),
    .free_o            (fe_free),
    .cb_rd_valid_o     (tl_cb_valid),
    .cb_rd_addr_o      (tl_cb_addr),
    .hdr_req_valid_o   (hdr_req_valid),
    .hdr_req_slots_o   (hdr_req_slots),
    .hdr_req_addr_o    (hdr_req_addr),
    .fetch_ready_o     (fetch_mem_ready),
    .rsp_valid_i       (rsp_valid && rsp_hdr),
    .rsp_ctx_i         (rsp_ctx),
    .rsp_data_i        (rsp_data),
    .rsp_fault_i       (rsp_fault),
    .rsp_ready_o       (hdr_rsp_ready),
    .g_free_i          (g_free),
    .gather_start_o    (gather_start),
    .gather_active_o   (gather_active),
    .walk_o            (walk),
    .g_valid_i         (g_valid),
    .g_fire_i          (g_fire),
    .g_id_i            (g_id),
    .bindless_i        (bindless_handle),
    .bindless_ra_i     (bindless_ra_handle),
    .l_fire_i          (l_fire),
    .lo_o              (lo_view),
    .lo_tic_o          (lo_tic),
    .lo_tsc_o          (lo_tsc),
    .lay0_o            (lay0),
    .a_release_i       (a_release),
    .a_o               (a_view),
    .a_tic_o           (tic),
    .a_tsc_o           (tsc),
    .lay1_o            (lay1),
    .cx_we_o           (cx_we),
    .cx_tag_o          (cx_tag),
    .cx_o              (cx_live),
    .rd_ctx_i          (g_rd_id),
    .tag_rd_o          (g_rd_tag),
    .tag_g_o           (g_tag),
    .tag_l_o           (l_tag),
    .tag_req_o         (req_tag),
    .hdr_fault_o       (hdr_fault),
    .hdr_tag_o         (hdr_fault_tag),
    .su_hc_i           (su_hc),
    .su_hc_fill_tic_i  (su_hc_fill_tic),
    .su_hc_hit_o       (su_hc_hit),
    .su_hc_tic_o       (su_hc_tic),
    .*     // clk_i, rst_ni, cfg_*, cb_rd_data_i, mem_req_ready_i, hc_*: the ports of the same names
  );

  tx_quad_pipe #(
    .TrackDepth (TrackDepth)
  ) u_quad (
    .gather_start_i  (gather_start),
    .gather_active_i (gather_active),
    .walk_i          (walk),
    .g_free_o        (g_free),
    .g_valid_o       (g_valid),
    .g_fire_o        (g_fire),
    .g_id_o          (g_id),
    .rd_ctx_o        (g_rd_id),
    .bindless_o      (bindless_handle),
    .bindless_ra_o   (bindless_ra_handle),
    .l_fire_o        (l_fire),
    .lo_i            (lo_view),
    .lo_tic_i        (lo_tic),
    .lo_tsc_i        (lo_tsc),
    .lay0_i          (lay0),
    .a_release_o     (a_release),
    .a_i             (a_view),
    .a_tic_i         (tic),
    .a_tsc_i         (tsc),
    .lay1_i          (lay1),
    .cx_we_i         (cx_we),
    .cx_tag_i        (cx_tag),
    .cx_i            (cx_live),
    .rf_rd_o         (tl_rd),
    .rf_rd_gnt_i     (tl_rd_gnt),
    .rf_rd_data_i    (rf_rd_data_i),
    .rf_wr_o         (tl_wr),
    .rf_wr_gnt_i     (tl_wr_gnt),
    .rf_wr_tag_o     (tl_wr_tag),
    .last_written_o  (tl_last_written),
    .pr_wr_o         (tl_pr),
    .pr_wr_tag_o     (tl_pr_tag),
    .mem_req_o       (fetch_req),
    .mem_ready_i     (fetch_mem_ready && !fetch_hold),
    .rsp_valid_i     (rsp_valid && !rsp_hdr && !rsp_su),
    .rsp_ready_o     (fetch_rsp_ready),
    .rsp_data_i      (rsp_data),
    .rsp_fault_i     (rsp_fault),
    .rsp_sparse_i    (rsp_sparse),
    .fetch_fault_o   (fetch_fault),
    .fetch_tag_o     (f_tag),
    .g_tag_i         (g_tag),
    .l_tag_i         (l_tag),
    .*     // clk_i, rst_ni, tap_*: the ports of the same names
  );

  tx_suld #(
    .TrackDepth (TrackDepth)
  ) u_suld (
    .start_i            (su_start),
    .insn_i             (issue_insn_i),
    .active_i           (su_active_now),
    .warp_i             (issue_warp_i),
    .tic_base_i         (in_tic_base_q),     // from the cycle after start on: held at issue
    .tic_max_i          (in_tic_max_q),
    .gob_desktop_i      (in_gob_desktop_q),
    .free_o             (su_free),
    .rd_tag_o           (su_rd_tag),
    .mem_tag_o          (su_mem_tag),
    .wr_tag_o           (su_wr_tag),
    .hc_o               (su_hc),
    .hc_fill_tic_o      (su_hc_fill_tic),
    .hc_hit_i           (su_hc_hit),
    .hc_tic_i           (su_hc_tic),
    .cb_rd_valid_o      (su_cb_valid),
    .cb_rd_addr_o       (su_cb_addr),
    .rf_rd_o            (su_rd),
    .rd_gnt_i           (su_rd_gnt),
    .rf_rd_data_i       (rf_rd_data_i[511:0]),
    .rf_wr_o            (su_wr),
    .wr_gnt_i           (su_wr_gnt),
    .wr_want_o          (su_wr_want),
    .pr_wr_o            (su_pr),
    .mem_req_o          (su_req),
    .mem_req_ready_i    (su_mem_ready),
    .rsp_valid_i        (rsp_valid && rsp_su),
    .rsp_ready_o        (su_rsp_ready),
    .rsp_data_i         (rsp_data),
    .rsp_sparse_i       (rsp_sparse),
    .rsp_fault_i        (rsp_fault),
    .done_o             (su_done),
    .done_tag_o         (su_done_tag),
    .status_o           (su_status),
    .trap_o             (su_trap),
    .trap_tag_o         (su_trap_tag),
    .*     // clk_i, rst_ni, cb_rd_data_i, tap_suld_*: the ports of the same names
  );

  tx_pixld u_pixld (
    .start_i        (pix_start),
    .insn_i         (issue_insn_i),
    .active_i       (active_now),
    .warp_i         (issue_warp_i),
    .raster_i       (in_raster_q),   // used from the cycle after start on
    .rf_rd_o        (pix_rd),
    .rf_rd_data_i   (rf_rd_data_i[127:0]),
    .rf_wr_o        (pix_wr),
    .pr_wr_o        (pix_pr),
    .last_written_o (pix_last_written),
    .free_o         (pix_free),
    .tag_o          (tap_pixld_tag_o),
    .rd_tag_o       (pix_rd_tag),
    .tap_valid_o    (tap_pixld_valid_o),
    .tap_quad_o     (tap_pixld_quad_o),
    .tap_lanes_o    (tap_pixld_lanes_o),
    .tap_ra_o       (tap_pixld_ra_o),
    .tap_index_o    (tap_pixld_index_o),
    .tap_val_o      (tap_pixld_val_o),
    .tap_pred_o     (tap_pixld_pred_o),
    .*     // clk_i, rst_ni
  );

  tx_rsp_route #(
    .TrackDepth (TrackDepth)
  ) u_rsp (
    .req_fire_i       (mem_req_valid_o && mem_req_ready_i),
    .req_hdr_i        (|hdr_req_valid),
    .req_ctx_i        (!hdr_req_valid[0]),
    .req_su_i         (mem_req_su),
    .rsp_valid_o      (rsp_valid),
    .rsp_data_o       (rsp_data),
    .rsp_fault_o      (rsp_fault),
    .rsp_sparse_o     (rsp_sparse),
    .rsp_hdr_o        (rsp_hdr),
    .rsp_ctx_o        (rsp_ctx),
    .rsp_su_o         (rsp_su),
    .hdr_ready_i      (hdr_rsp_ready),
    .fetch_ready_i    (fetch_rsp_ready),
    .su_ready_i       (su_rsp_ready),
    .*     // clk_i, rst_ni, mem_rsp_*: the ports of the same names
  );

  tx_tags u_tags (
    .fire_i         (issue_fire),
    .warp_i         (issue_warp_i),
    .imm_done_i     (imm_done),
    .imm_status_i   (imm_status),
    .imm_hash_i     (imm_hash),
    .pix_tag_i      (tap_pixld_tag_o),
    .pack_last_i    (tl_last_written),
    .pix_last_i     (pix_last_written),
    .pack_tag_i     (tl_wr_tag),
    .hdr_fault_i    (hdr_fault),
    .hdr_tag_i      (hdr_fault_tag),
    .fetch_fault_i  (fetch_fault),
    .fetch_tag_i    (f_tag),
    .su_done_i      (su_done),
    .su_done_tag_i  (su_done_tag),
    .su_status_i    (su_status),
    .su_trap_i      (su_trap),
    .su_trap_tag_i  (su_trap_tag),
    .*     // clk_i, rst_ni, done_*: the ports of the same names
  );

  tx_port_arb u_arb (
    .tag_now_i       (tag_now),
    .pix_rd_tag_i    (pix_rd_tag),
    .pix_tag_i       (tap_pixld_tag_o),
    .su_rd_tag_i     (su_rd_tag),
    .su_wr_tag_i     (su_wr_tag),
    .su_mem_tag_i    (su_mem_tag),
    .tl_cb_valid_i   (tl_cb_valid),
    .tl_cb_addr_i    (tl_cb_addr),
    .su_cb_valid_i   (su_cb_valid),
    .su_cb_addr_i    (su_cb_addr),
    .tl_rd_i         (tl_rd),
    .tl_rd_tag_i     (g_rd_tag),
    .tl_rd_gnt_o     (tl_rd_gnt),
    .pix_rd_i        (pix_rd),
    .su_rd_i         (su_rd),
    .su_first_i      (su_start),
    .su_rd_gnt_o     (su_rd_gnt),
    .tl_wr_i         (tl_wr),
    .tl_wr_tag_i     (tl_wr_tag),
    .tl_pr_i         (tl_pr),
    .tl_pr_tag_i     (tl_pr_tag),
    .tl_wr_gnt_o     (tl_wr_gnt),
    .pix_wr_i        (pix_wr),
    .pix_pr_i        (pix_pr),
    .su_wr_i         (su_wr),
    .su_pr_i         (su_pr),
    .su_wr_want_i    (su_wr_want),
    .su_wr_gnt_o     (su_wr_gnt),
    .hdr_req_valid_i (hdr_req_valid),
    .hdr_req_slots_i (hdr_req_slots),
    .hdr_req_addr_i  (hdr_req_addr),
    .fetch_req_i     (fetch_req),
    .tl_req_tag_i    (req_tag),
    .su_req_i        (su_req),
    .su_mem_ready_o  (su_mem_ready),
    .fetch_hold_o    (fetch_hold),
    .pix_hold_o      (pix_hold),
    .mem_req_su_o    (mem_req_su),
    .*     // clk_i, rst_ni, cb_rd_*, rf_*, pr_wr_*, mem_req_*: the ports of the same names
  );

endmodule
