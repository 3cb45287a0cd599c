/**
 * tx_top - texture-pipe slice: the DUT boundary of docs/architecture.md.
 *
 * Instructions of several warps in flight (docs/rtl.md, "Instructions in
 * flight"): two front-end contexts, a header cache and a tagged back end.
 * Per instruction (docs/rtl.md, "Instruction flow"): accept the issue and decode it (tx_decode); an unimplemented or
 * illegal word completes at once with no writes.  A legal TLDS with active
 * lanes starts, in its issue cycle, both the header stage (tx_header:
 * handle, TIC, then tx_layout) and the quad pipeline
 *   tx_gather -> tx_lod -> tx_addr_quad -> tx_fetch -> tx_format_quad
 *             -> tx_filter -> tx_pack
 * with valid/ready between stages and stall-all back-pressure, one quad per
 * clock at steady state.  The register reads run ahead of the header: a
 * quad waits in tx_lod until the header is done, and in tx_addr_quad until
 * the layout rows of its levels are built.  done_valid_o pulses the cycle after the last
 * register write.  The memory port is shared: the header request first,
 * then the texel requests; responses (in request order) go through one
 * response FIFO.  The tap_* ports mirror cmodel/model.h tx_taps; a tap is
 * valid in the cycle its stage hands a quad to the next stage.
 */
module tx_top
  import tx_pkg::*;
#(
  // Texel requests in flight (quad passes tracked by tx_fetch).  A quad per
  // clock at a memory latency of L clocks needs about L in flight
  // (docs/performance.md, section (w)); a power of two.
  parameter int unsigned TrackDepth = 128,
  // Entries of the header cache (tx_hcache); a power of two.
  parameter int unsigned HcEntries  = 16
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

  // ---- PIXLD: raster state (docs/semantics.md S7), held per instruction ----
  input  tx_raster_t                raster_i,

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
  output logic                      tap_addr_pass_o,     // 0: taps 0-3, 1: taps 4-7
  output logic                      tap_fetch_valid_o,
  output logic [2:0]                tap_fetch_quad_o,
  output logic [3:0]                tap_fetch_lanes_o,
  output logic [2047:0]             tap_fetch_texel_o,   // lane l, tap t at [(l*4+t)*128]
  output logic                      tap_fetch_pass_o,
  output logic                      tap_format_valid_o,
  output logic [2:0]                tap_format_quad_o,
  output logic [3:0]                tap_format_lanes_o,
  output logic [2047:0]             tap_format_data_o,   // lane l, tap t, comp c at [((l*4+t)*4+c)*32]
  output logic                      tap_format_pass_o,
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

  // ---- warps: tags (docs/architecture.md, "Warps and tags") ----
  // The warp slot of the offered instruction; it comes back on the ports
  // below for every access made on that instruction's behalf.
  input  logic [TxTagW-1:0]         issue_warp_i,
  output logic [TxTagW-1:0]         cb_rd_warp_o,
  output logic [TxTagW-1:0]         rf_rd_warp_o,
  output logic [TxTagW-1:0]         rf_wr_warp_o,
  output logic [TxTagW-1:0]         pr_wr_warp_o,
  output logic [TxTagW-1:0]         mem_req_warp_o,
  output logic [TxMemIdW-1:0]       mem_req_id_o,
  input  logic [TxMemIdW-1:0]       mem_rsp_id_i,    // echo of mem_req_id_o (in request order)
  output logic [TxTagW-1:0]         done_tag_o,
  output logic [TxTagW-1:0]         tap_gather_tag_o,
  output logic [TxTagW-1:0]         tap_lod_tag_o,
  output logic [TxTagW-1:0]         tap_addr_tag_o,
  output logic [TxTagW-1:0]         tap_fetch_tag_o,
  output logic [TxTagW-1:0]         tap_format_tag_o,
  output logic [TxTagW-1:0]         tap_filter_tag_o,
  output logic [TxTagW-1:0]         tap_pixld_tag_o,

  // ---- header cache (tx_hcache): lookups and hits in this cycle (0..2,
  // one per header stage), for the testbench's hit rate (docs/rtl.md,
  // "Header cache") ----
  output logic [1:0]                hc_lookup_o,
  output logic [1:0]                hc_hit_o
);

  ////////////
  // Decode //
  ////////////

  tx_tlds_t    dec_now;
  tx_tex_t     tex_now;
  logic        is_tex_now;
  logic [7:0]  div_now;
  logic        unimpl_now, illegal_now;
  logic [31:0] active_now;
  logic [7:0]  hash_now;

  // (Decoded only while a word is offered: its outputs are used only in an
  // issue cycle; pixld_o, which issue_ready_o reads, always.)
  tx_decode u_decode (
    .en_i      (issue_valid_i),
    .insn_i    (issue_insn_i),
    .ctrl_i    (issue_ctrl_i),
    .ctm_i     (issue_ctm_i),
    .ktm_i     (issue_ktm_i),
    .pred_i    (issue_pred_i),
    .hash_i    (issue_hash_i),
    .pixel_i   (issue_pixel_i),
    .dec_o     (dec_now),
    .tex_o     (tex_now),
    .is_tex_o  (is_tex_now),
    .div_o     (div_now),
    .unimpl_o  (unimpl_now),
    .pixld_o   (pix_now),
    .illegal_o (illegal_now),
    .active_o  (active_now),
    .hash_o    (hash_now)
  );

  ///////////////////////////////////////////////////////////////////////////
  // ---- warps block 1: per-instruction inputs and the tag ----
  // The state knobs, the raster state and the warp slot belong to the
  // instruction: they are sampled in its issue cycle and held (in_*), so the
  // testbench may drive another warp's values once the issue is accepted.
  // tx_suld and tx_pixld read them only from the cycle after their start, so
  // they take the held values: no top input reaches their logic through
  // these (Verilator evaluates logic fed by a top input on every eval(),
  // docs/performance.md).
  ///////////////////////////////////////////////////////////////////////////

  logic [AddrW-1:0]  in_tic_base_q, in_tsc_base_q, in_tsc_base;
  logic [19:0]       in_tic_max_q;
  logic [11:0]       in_tsc_max_q, in_tsc_max;
  logic              in_tsc_via_hdr_q, in_fp16_rz_q, in_gob_desktop_q;
  logic              in_tsc_via_hdr;
  tx_raster_t        in_raster_q;
  logic [TxTagW-1:0] tag_q, tag_now;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      in_tic_base_q    <= '0;
      in_tsc_base_q    <= '0;
      in_tic_max_q     <= '0;
      in_tsc_max_q     <= '0;
      in_tsc_via_hdr_q <= 1'b0;
      in_fp16_rz_q     <= 1'b0;
      in_gob_desktop_q <= 1'b0;
      in_raster_q      <= '0;
      tag_q            <= '0;
    end else if (issue_fire) begin
      in_tic_base_q    <= cfg_tic_base_i;
      in_tsc_base_q    <= cfg_tsc_base_i;
      in_tic_max_q     <= cfg_tic_max_i;
      in_tsc_max_q     <= cfg_tsc_max_i;
      in_tsc_via_hdr_q <= cfg_tsc_via_hdr_i;
      in_fp16_rz_q     <= cfg_fp16_rz_i;
      in_gob_desktop_q <= cfg_gob_desktop_i;
      in_raster_q      <= raster_i;
      tag_q            <= issue_warp_i;
    end
  end

  assign in_tsc_base    = issue_fire ? cfg_tsc_base_i    : in_tsc_base_q;
  assign in_tsc_max     = issue_fire ? cfg_tsc_max_i     : in_tsc_max_q;
  assign in_tsc_via_hdr = issue_fire ? cfg_tsc_via_hdr_i : in_tsc_via_hdr_q;
  assign tag_now        = issue_fire ? issue_warp_i      : tag_q;
  // ---- end of warps block 1 ----

  ///////////////////////////////////////////////////////////////////////////
  // ---- pipe block 1: two front-end contexts ----
  // A TLDS or TEX with an active lane takes a front-end context (ictx_q,
  // alternating) from its issue until its last quad leaves tx_addr_quad.
  // The context holds what the front end needs of the instruction: tag,
  // decoded fields, active lanes, the state knobs of its header stage, and
  // a tx_header + tx_layout pair of its own (pipe block 2).  So the next
  // instruction's handle, header and layout are fetched while the current
  // one streams its quads.  Each front stage knows the context of what it
  // holds: gctx_q for the gather walk (tx_gather keeps the held quad's own),
  // lctx_q beside tx_lod's stage register, actx_q beside tx_addr_quad's;
  // each stage's per-instruction inputs are those of that context.
  ///////////////////////////////////////////////////////////////////////////

  localparam int unsigned NCtx = 2;

  logic [NCtx-1:0]   fc_valid_q, fc_valid_d;  // context holds an instruction
  logic [NCtx-1:0]   fc_walk_q, fc_walk_d;    // its gather walk has started
  logic [TxTagW-1:0] fc_tag_q [NCtx];
  tx_tlds_t          fc_dec_q [NCtx];
  tx_tex_t           fc_tex_q [NCtx];
  logic [NCtx-1:0]   fc_is_tex_q;
  logic [7:0]        fc_div_q [NCtx];
  logic [31:0]       fc_active_q [NCtx];
  logic [AddrW-1:0]  fc_tic_base_q [NCtx], fc_tsc_base_q [NCtx];
  logic [19:0]       fc_tic_max_q [NCtx];
  logic [11:0]       fc_tsc_max_q [NCtx];
  logic [NCtx-1:0]   fc_ogl_q, fc_fp16_rz_q, fc_gob_q;
  logic              ictx_q;            // context of the next issue
  logic              gctx_q, gctx_next; // context of the current gather walk, and the next
  logic              lctx_q, actx_q;    // context of the quad in tx_lod, tx_addr_quad
  logic              g_free, g_rd_id, g_id;
  logic [31:0]       gather_active;
  // ---- end of pipe block 1 ----

  ///////////////////////////////////////////////////////////////////////////
  // ---- SULD block 1: decode and the surface-load path (tx_suld) ----
  // tx_decode leaves SULD words to tx_suld_decode (legality, IPM & CTM: SULD
  // has no .NODEP).  A legal SULD with an active lane starts tx_suld in its
  // issue cycle instead of the header stage and the gather walk; from then
  // until su_done, tx_suld owns the constant-bank, register, predicate and
  // memory ports (su_own; arbitration in SULD block 2 and at the taps).
  // docs/rtl.md, "Surface path".
  ///////////////////////////////////////////////////////////////////////////

  logic         su_now, su_illegal_now, su_start, su_busy, su_own, su_done;
  logic [31:0]  su_active_now;
  tx_status_e   su_status;
  logic         su_cb_rd_valid;
  logic [15:0]  su_cb_rd_addr;
  logic         su_rf_rd_valid, su_rf_wr_valid, su_pr_wr_valid;
  logic [2:0]   su_rf_rd_quad, su_rf_wr_quad, su_pr_wr_quad, su_pr_wr_pred;
  logic [31:0]  su_rf_rd_reg, su_rf_wr_reg;
  logic [3:0]   su_rf_wr_lanes, su_rf_wr_slots, su_pr_wr_lanes, su_pr_wr_data;
  logic [511:0] su_rf_wr_data;
  logic                      su_mem_req_valid, su_rsp_ready;
  logic [MemSlots-1:0]       su_mem_req_slots;
  logic [MemSlots*AddrW-1:0] su_mem_req_addr;
  logic         su_tg_valid, su_tf_valid;
  logic [2:0]   su_tg_quad, su_tf_quad;
  logic [3:0]   su_tg_lanes, su_tf_lanes, su_ta_oob;
  logic [511:0] su_tg_data, su_tf_texel, su_tf_data;
  logic [127:0] su_tl_level;
  logic [191:0] su_ta_addr;

  tx_suld_decode u_suld_decode (
    .insn_i    (issue_insn_i),
    .ctrl_i    (issue_ctrl_i),
    .ctm_i     (issue_ctm_i),
    .pred_i    (issue_pred_i),
    .is_suld_o (su_now),
    .illegal_o (su_illegal_now),
    .active_o  (su_active_now)
  );

  assign su_start = issue_fire && su_now && !su_illegal_now && (su_active_now != 32'd0);
  assign su_own   = su_start || su_busy;

  tx_suld u_suld (
    .clk_i              (clk_i),
    .rst_ni             (rst_ni),
    .start_i            (su_start),
    .insn_i             (issue_insn_i),
    .active_i           (su_active_now),
    // Used from the cycle after start on: the values held at issue.
    .tic_base_i         (in_tic_base_q),
    .tic_max_i          (in_tic_max_q),
    .gob_desktop_i      (in_gob_desktop_q),
    .busy_o             (su_busy),
    .cb_rd_valid_o      (su_cb_rd_valid),
    .cb_rd_addr_o       (su_cb_rd_addr),
    .cb_rd_data_i       (cb_rd_data_i),
    .rf_rd_valid_o      (su_rf_rd_valid),
    .rf_rd_quad_o       (su_rf_rd_quad),
    .rf_rd_reg_o        (su_rf_rd_reg),
    .rf_rd_data_i       (rf_rd_data_i[511:0]),
    .rf_wr_valid_o      (su_rf_wr_valid),
    .rf_wr_quad_o       (su_rf_wr_quad),
    .rf_wr_lanes_o      (su_rf_wr_lanes),
    .rf_wr_slots_o      (su_rf_wr_slots),
    .rf_wr_reg_o        (su_rf_wr_reg),
    .rf_wr_data_o       (su_rf_wr_data),
    .pr_wr_valid_o      (su_pr_wr_valid),
    .pr_wr_quad_o       (su_pr_wr_quad),
    .pr_wr_lanes_o      (su_pr_wr_lanes),
    .pr_wr_pred_o       (su_pr_wr_pred),
    .pr_wr_data_o       (su_pr_wr_data),
    .mem_req_valid_o    (su_mem_req_valid),
    .mem_req_ready_i    (mem_req_ready_i),
    .mem_req_slots_o    (su_mem_req_slots),
    .mem_req_addr_o     (su_mem_req_addr),
    .rsp_valid_i        (rsp_valid && su_busy),
    .rsp_ready_o        (su_rsp_ready),
    .rsp_data_i         (rsp_data),
    .rsp_sparse_i       (rsp_sparse),
    .rsp_fault_i        (rsp_fault),
    .done_o             (su_done),
    .status_o           (su_status),
    .tap_gather_valid_o (su_tg_valid),
    .tap_fetch_valid_o  (su_tf_valid),
    .tap_gather_quad_o  (su_tg_quad),
    .tap_gather_lanes_o (su_tg_lanes),
    .tap_fetch_quad_o   (su_tf_quad),
    .tap_fetch_lanes_o  (su_tf_lanes),
    .tap_gather_data_o  (su_tg_data),
    .tap_lod_level_o    (su_tl_level),
    .tap_addr_addr_o    (su_ta_addr),
    .tap_addr_oob_o     (su_ta_oob),
    .tap_fetch_texel_o  (su_tf_texel),
    .tap_format_data_o  (su_tf_data)
  );
  // ---- end of SULD block 1 ----

  /////////////////////////////
  // Per-instruction control //
  /////////////////////////////

  // Instructions overlap (docs/rtl.md, "Instructions in flight").  The
  // front end (tx_header, tx_layout, tx_gather, tx_lod, tx_addr_quad) holds
  // up to two instructions, one per context (pipe block 1): a context is
  // busy (fc_valid_q) from the issue of a TLDS or TEX with an active lane
  // until that instruction's last quad leaves tx_addr_quad.  Behind it, tx_fetch,
  // tx_format_quad, tx_filter and tx_pack may still hold quads of earlier
  // instructions; each quad carries its tag (the fetch tracking entry, then
  // a tag register beside each stage register) and each of those stages
  // takes its per-instruction inputs from the context of that tag
  // (tx_ctx).  A SULD or PIXLD owns the ports: it is accepted only when
  // nothing is in flight, and nothing else is accepted while it runs
  // (un_q).  Completions are queued per tag (done_pend_q) and reported one
  // per cycle, lowest tag first.

  logic              un_q, un_d;         // SULD or PIXLD running
  logic [TxWarps-1:0] busy_q, busy_d;    // tags in flight
  logic [TxWarps-1:0] pend_q, pend_d;    // tags whose completion is due
  tx_status_e        status_q [TxWarps];
  logic [7:0]        hash_q [TxWarps];
  logic [TxWarps-1:0] fault_q;
  logic [NCtx-1:0]   view_q, view_d;     // per context: header stage done
  logic              issue_fire;
  logic              hdr_start;
  logic              gather_start;
  logic              last_written;
  logic              fetch_fault;
  logic              qp_now, unit_now, imm_done;
  logic [TxTagW-1:0] done_sel;
  logic              fe_release;
  logic [TxTagW-1:0] f_tag, pk_tag;
  tx_status_e        imm_status;
  logic [7:0]        imm_hash;

  // A TLDS or TEX word (or any word that completes at once) may join while
  // other instructions are in flight, once the front end is free; SULD and
  // PIXLD wait until nothing is in flight.
  assign qp_now        = !su_now && !pix_now;
  assign issue_ready_o = (busy_q == '0) || (!fc_valid_q[ictx_q] && !un_q && qp_now);
  assign issue_fire    = issue_valid_i && issue_ready_o;

  always_comb begin
    imm_done     = 1'b0;
    imm_status   = StOk;
    imm_hash     = hash_now;
    hdr_start    = 1'b0;
    gather_start = 1'b0;
    unit_now     = 1'b0;
    if (issue_fire) begin
      if (unimpl_now) begin
        imm_done   = 1'b1;
        imm_status = StUnimpl;
        imm_hash   = issue_hash_i;
      end else if (illegal_now || (su_now && su_illegal_now)) begin
        imm_done   = 1'b1;
        imm_status = StIllegal;
        imm_hash   = issue_hash_i;
      end else if ((su_now ? su_active_now : active_now) == 32'd0) begin
        // No active lane: nothing goes down the pipe, not even the header.
        imm_done   = 1'b1;
      end else begin
        // A PIXLD starts tx_pixld, a SULD tx_suld (their blocks below).
        hdr_start    = qp_now;
        gather_start = qp_now;
        unit_now     = !qp_now;
      end
    end
  end

  // The front instruction's last quad (its last pass) leaves tx_addr_quad.
  assign fe_release = a_valid && a_ready && a_last;

  // The next gather walk is the other context's (walks follow the issue
  // order, which alternates).  It starts as soon as tx_gather is free: in
  // the issue cycle when the gather is free then, else once it is.
  assign gctx_next     = !gctx_q;
  assign gather_start  = g_free && ((hdr_start && (ictx_q == gctx_next)) ||
                                    (fc_valid_q[gctx_next] && !fc_walk_q[gctx_next]));
  assign gather_active = (hdr_start && (ictx_q == gctx_next)) ? active_now
                                                               : fc_active_q[gctx_next];

  always_comb begin
    fc_valid_d = fc_valid_q;
    fc_walk_d  = fc_walk_q;
    un_d   = un_q;
    busy_d = busy_q;
    pend_d = pend_q;
    view_d = view_q | hdr_done_c;
    if (fe_release) begin
      fc_valid_d[actx_q] = 1'b0;
    end
    if (pend_q != '0) begin
      busy_d[done_sel] = 1'b0;
      pend_d[done_sel] = 1'b0;
    end
    if (last_written) begin
      // tx_pack's last write (tag of its quad), or the unit's.
      pend_d[un_q ? tag_q : pk_tag] = 1'b1;
      if (un_q) begin
        un_d = 1'b0;
      end
    end
    if (issue_fire) begin
      busy_d[issue_warp_i] = 1'b1;
      if (imm_done) begin
        pend_d[issue_warp_i] = 1'b1;
      end
      if (hdr_start) begin
        fc_valid_d[ictx_q] = 1'b1;
        fc_walk_d[ictx_q]  = 1'b0;
        view_d[ictx_q]     = 1'b0;
      end
      if (unit_now) begin
        un_d = 1'b1;
      end
    end
    if (gather_start) begin
      fc_walk_d[gctx_next] = 1'b1;
    end
  end

  // Lowest pending tag first.
  always_comb begin
    done_sel = '0;
    for (int t = TxWarps - 1; t >= 0; t--) begin
      if (pend_q[t]) begin
        done_sel = TxTagW'(t);
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      un_q     <= 1'b0;
      busy_q   <= '0;
      pend_q   <= '0;
      fault_q  <= '0;
      view_q   <= '0;
      for (int t = 0; t < TxWarps; t++) begin
        status_q[t] <= StOk;
        hash_q[t]   <= '0;
      end
    end else begin
      un_q   <= un_d;
      busy_q <= busy_d;
      pend_q <= pend_d;
      view_q <= view_d;
      for (int c = 0; c < NCtx; c++) begin
        if (fc_valid_q[c] && hdr_done_c[c] && hdr_fault_c[c]) begin
          fault_q[fc_tag_q[c]] <= 1'b1;
        end
      end
      if (fetch_fault) begin
        fault_q[f_tag] <= 1'b1;
      end
      // SULD: tx_suld reports its status (OK, FAULT or TRAP) with su_done.
      if (un_q && su_done) begin
        status_q[tag_q] <= su_status;
      end
      if (issue_fire) begin
        fault_q[issue_warp_i]  <= 1'b0;
        status_q[issue_warp_i] <= imm_status;
        hash_q[issue_warp_i]   <= imm_hash;
      end
    end
  end

  // ---- pipe block 3: the contexts' registers ----
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fc_valid_q  <= '0;
      fc_walk_q   <= '0;
      fc_is_tex_q <= '0;
      fc_ogl_q    <= '0;
      fc_fp16_rz_q <= '0;
      fc_gob_q    <= '0;
      ictx_q      <= 1'b0;
      gctx_q      <= 1'b1;   // the first walk is context 0's
      lctx_q      <= 1'b0;
      actx_q      <= 1'b0;
      for (int c = 0; c < NCtx; c++) begin
        fc_tag_q[c]      <= '0;
        fc_dec_q[c]      <= '0;
        fc_tex_q[c]      <= '0;
        fc_div_q[c]      <= '0;
        fc_active_q[c]   <= '0;
        fc_tic_base_q[c] <= '0;
        fc_tsc_base_q[c] <= '0;
        fc_tic_max_q[c]  <= '0;
        fc_tsc_max_q[c]  <= '0;
      end
    end else begin
      fc_valid_q <= fc_valid_d;
      fc_walk_q  <= fc_walk_d;
      if (hdr_start) begin
        ictx_q                 <= !ictx_q;
        fc_tag_q[ictx_q]       <= issue_warp_i;
        fc_dec_q[ictx_q]       <= dec_now;
        fc_tex_q[ictx_q]       <= tex_now;
        fc_is_tex_q[ictx_q]    <= is_tex_now;
        fc_div_q[ictx_q]       <= div_now;
        fc_active_q[ictx_q]    <= active_now;
        fc_tic_base_q[ictx_q]  <= cfg_tic_base_i;
        fc_tsc_base_q[ictx_q]  <= cfg_tsc_base_i;
        fc_tic_max_q[ictx_q]   <= cfg_tic_max_i;
        fc_tsc_max_q[ictx_q]   <= cfg_tsc_max_i;
        fc_ogl_q[ictx_q]       <= cfg_tsc_via_hdr_i;
        fc_fp16_rz_q[ictx_q]   <= cfg_fp16_rz_i;
        fc_gob_q[ictx_q]       <= cfg_gob_desktop_i;
      end
      if (gather_start) begin
        gctx_q <= gctx_next;
      end
      if (g_valid && g_ready) begin
        lctx_q <= g_id;
      end
      if (l_valid && l_ready) begin
        actx_q <= lctx_q;
      end
    end
  end
  // ---- end of pipe block 3 ----

  assign done_valid_o  = (pend_q != '0);
  assign done_tag_o    = done_sel;
  assign done_status_o = (status_q[done_sel] == StOk && fault_q[done_sel]) ? StFault
                                                                         : status_q[done_sel];
  assign done_hash_o   = hash_q[done_sel];

  /////////////////////////////////
  // Memory port and response FIFO //
  /////////////////////////////////

  logic                      hdr_req_valid, fetch_req_valid;
  logic [MemSlots-1:0]       hdr_req_slots, fetch_req_slots;
  logic [MemSlots*AddrW-1:0] hdr_req_addr, fetch_req_addr;
  logic                      rsp_valid, hdr_rsp_ready, fetch_rsp_ready;
  logic [MemSlots*128-1:0]   rsp_data;
  logic [MemSlots-1:0]       rsp_fault, rsp_sparse;
  logic                      tl_cb_rd_valid;
  logic [15:0]               tl_cb_rd_addr;

  // The header request happens before any texel request of the instruction.
  // SULD (block 2 comment): tx_suld's requests while it owns the port.
  // Two contexts: a header request (context 0's first) goes before the texel
  // request of the same cycle, which waits (pipe block 2).
  assign mem_req_valid_o = hdr_req_valid || fetch_req_valid || su_mem_req_valid;
  // (tx_suld sends no request in its start cycle, so the slots and
  // addresses select by su_busy, a register.)
  assign mem_req_slots_o = su_busy ? su_mem_req_slots :
                           hdr_req_valid ? hdr_req_slots : fetch_req_slots;
  assign mem_req_addr_o  = su_busy ? su_mem_req_addr :
                           hdr_req_valid ? hdr_req_addr : fetch_req_addr;

  // The response FIFO, as two FIFOs with the same control (so the same
  // contents and state): the 2048 data bits, and the fault and sparse flags.
  // The data FIFO takes mem_rsp_data_i as it is and its head is rsp_data
  // itself, so the verilated model copies no 2080-bit concatenation or
  // slice of it on each evaluation.
  logic                rsp_pop;
  logic                rspf_push_ready, rspf_valid;
  logic [2*MemSlots-1:0] rsp_flags;

  // SULD (SULD block 2): tx_suld takes the head while it is busy.
  assign rsp_pop = su_busy ? su_rsp_ready : (kind_hdr ? hdr_rsp_ready : fetch_rsp_ready);

  tx_fifo #(
    .Width  (MemSlots * 128),
    .Depth  (4),
    .Bypass (1'b1)
  ) u_rsp_fifo (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_valid_i (mem_rsp_valid_i),
    .push_ready_o (mem_rsp_ready_o),
    .push_data_i  (mem_rsp_data_i),
    .pop_valid_o  (rsp_valid),
    .pop_ready_i  (rsp_pop),
    .pop_data_o   (rsp_data)
  );

  tx_fifo #(
    .Width  (2 * MemSlots),
    .Depth  (4),
    .Bypass (1'b1)
  ) u_rsp_flags (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_valid_i (mem_rsp_valid_i),
    .push_ready_o (rspf_push_ready),
    .push_data_i  ({mem_rsp_sparse_i, mem_rsp_fault_i}),
    .pop_valid_o  (rspf_valid),
    .pop_ready_i  (rsp_pop),
    .pop_data_o   (rsp_flags)
  );

  assign rsp_fault  = rsp_flags[MemSlots-1:0];
  assign rsp_sparse = rsp_flags[2*MemSlots-1:MemSlots];

  // The flags FIFO's handshake is the data FIFO's.
  logic unused_rspf;
  assign unused_rspf = rspf_push_ready ^ rspf_valid;

  ///////////////////////////////////////////////////////////////////////////
  // ---- warps block 3: response routing, tags of the back stages, contexts ----
  // Header and texel requests of different instructions interleave on the
  // memory port, so the kind of each accepted request (1: header) is kept
  // in request order and the head response goes to the unit that sent it.
  // Each stage behind tx_addr_quad holds one quad; a tag register beside it
  // loads with the quad (the fetch stage keeps the tag in its tracking
  // entry), and tx_ctx gives that stage its instruction's inputs.
  ///////////////////////////////////////////////////////////////////////////

  logic              kind_valid, kind_ready, kind_q_hdr, kind_hdr, kind_q_ctx;
  logic [TxTagW-1:0] fm_tag_q, fl_tag_q, pk_tag_q;
  tx_ctx_t           cx_live, cx_ft, cx_fm, cx_fl, cx_pk;

  tx_fifo #(
    .Width  (2),
    .Depth  (2 * TrackDepth),
    .Bypass (1'b0)
  ) u_kind_fifo (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_valid_i (mem_req_valid_o && mem_req_ready_i && !su_own),
    .push_ready_o (kind_ready),
    .push_data_i  ({hdr_req_ctx, hdr_req_valid}),
    .pop_valid_o  (kind_valid),
    .pop_ready_i  (rsp_valid && !su_busy && (kind_hdr ? hdr_rsp_ready : fetch_rsp_ready)),
    .pop_data_o   ({kind_q_ctx, kind_q_hdr})
  );

  assign kind_hdr = kind_valid && kind_q_hdr;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fm_tag_q <= '0;
      fl_tag_q <= '0;
      pk_tag_q <= '0;
    end else begin
      if (f_valid && f_ready) begin
        fm_tag_q <= f_tag;
      end
      if (m_valid && m_ready) begin
        fl_tag_q <= fm_tag_q;
      end
      if (p_valid && p_ready) begin
        pk_tag_q <= fl_tag_q;
      end
    end
  end

  assign pk_tag = pk_tag_q;

  assign cx_live = '{bpp:        layout.bpp,
                     tic:        tic,
                     border:     border,
                     func:       tsc[12:10],
                     force_zero: force_zero,
                     dec:        dec_q,
                     is_tex:     is_tex_q,
                     rd:         tex_q.rd,
                     wmask:      tex_q.wmask,
                     ps:         tex_q.ps,
                     fp16_rz:    fc_fp16_rz_q[actx_q]};
  // Every field of cx_live is a register or logic of registers (fp16_rz is
  // the context's held copy, not cfg_fp16_rz_i): a top input here would put
  // every stage that reads its context (the 16 tx_format and their block
  // decoders, tx_pack) into Verilator's input-combinational region,
  // evaluated on every eval() (docs/rtl.md, "No top input in the context";
  // tests/extra/ico.sh).

  tx_ctx #(
    .Width ($bits(tx_ctx_t)),
    .NRd   (4)
  ) u_ctx (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .we_i    (fc_valid_q[actx_q]),
    .wtag_i  (fc_tag_q[actx_q]),
    .wdata_i (cx_live),
    .rtag_i  ({pk_tag_q, fl_tag_q, fm_tag_q, f_tag}),
    .rdata_o ({cx_pk, cx_fl, cx_fm, cx_ft})
  );
  // Each stage reads only its own fields of its context; the kind FIFO is
  // as deep as the requests that can be outstanding.
  logic unused_ctx;
  assign unused_ctx = ^{cx_ft, cx_fm, cx_fl, cx_pk, kind_ready};
  // ---- end of warps block 3 ----

  ////////////
  // Header //
  ////////////

  // The live values of the instruction in tx_addr_quad (context actx_q);
  // tx_lod's are the lo_* ones (context lctx_q).
  logic [255:0] tic, tsc;
  logic         hdr_valid, hdr_fault, hdr_compat;
  logic         layout_done;
  logic [15:0]  layout_built;
  tx_layout_t   layout;
  logic         force_zero;
  tx_tlds_t     dec_q;
  tx_tex_t      tex_q;
  logic         is_tex_q;
  logic [255:0] lo_tic, lo_tsc;
  logic         lo_hdr_valid, lo_force_zero, lo_view_ok, lo_is_tex;
  logic [15:0]  lo_built;
  tx_layout_t   lo_layout;
  logic [3:0]   lo_first, lo_last;
  logic         lo_ll;
  tx_tex_t      lo_tex;
  logic [7:0]   lo_div;
  // header cache (tx_hcache)
  logic [NCtx-1:0]            hc_lk_valid, hc_lk_tex, hc_lk_hit, hc_fill;
  logic [NCtx-1:0][TxTagW-1:0] hc_lk_warp;
  logic [NCtx-1:0][AddrW-1:0] hc_lk_hdr_addr, hc_lk_tsc_addr;
  logic [NCtx-1:0][255:0]     hc_lk_tic, hc_lk_tsc, hc_fill_tic, hc_fill_tsc;
  logic                       hc_fsel;

  ///////////////////////////////////////////////////////////////////////////
  // ---- pipe block 2: a header stage and a layout table per context ----
  // Context c's tx_header starts in the issue cycle of an instruction that
  // takes context c.  Both share the constant-bank port (each reads it only
  // in its issue cycle), the header cache and the memory port: context 0's
  // request first, then context 1's, then the texel request, which waits.
  // A response goes to the header stage its kind entry names.
  ///////////////////////////////////////////////////////////////////////////

  logic [NCtx-1:0]                    hdr_done_c, hdr_valid_c, hdr_fault_c, hdr_compat_c;
  logic [NCtx-1:0]                    hdr_req_valid_c, hdr_rsp_ready_c, hdr_cb_valid_c;
  logic [NCtx-1:0][MemSlots-1:0]      hdr_req_slots_c;
  logic [NCtx-1:0][MemSlots*AddrW-1:0] hdr_req_addr_c;
  logic [NCtx-1:0][15:0]              hdr_cb_addr_c;
  logic [NCtx-1:0][255:0]             tic_c, tsc_c, layout_tic_c;
  logic [NCtx-1:0]                    layout_start_c, layout_done_c;
  logic [NCtx-1:0][15:0]              layout_built_c;
  logic                               hdr_req_ctx, fetch_mem_ready;

  for (genvar c = 0; c < NCtx; c++) begin : g_fc
    // The context's layout table, a signal of its own: the verilated model
    // then reads tx_layout's register directly instead of copying the
    // 3-kbit table into an array element on every cycle.
    tx_layout_t lay;

    tx_header u_header (
      .clk_i           (clk_i),
      .rst_ni          (rst_ni),
      .start_i         (hdr_start && (ictx_q == 1'(c))),
      .tsidx_i         (is_tex_now ? tex_now.tsidx : dec_now.tsidx),
      .target_i        (dec_now.target),
      .tic_base_i      (fc_tic_base_q[c]),
      .tic_max_i       (fc_tic_max_q[c]),
      .tex_i           (is_tex_now),
      .bindless_i      (is_tex_now && tex_now.bindless),
      .bh_valid_i      (g_valid && (g_id == 1'(c))),
      .bh_i            (bindless_handle),
      .tex_dim_i       (tex_now.dim),
      .ogl_i           (fc_ogl_q[c]),
      .tsc_base_i      (fc_tsc_base_q[c]),
      .tsc_max_i       (fc_tsc_max_q[c]),
      .warp_i          (issue_warp_i),
      .lk_valid_o      (hc_lk_valid[c]),
      .lk_warp_o       (hc_lk_warp[c]),
      .lk_tex_o        (hc_lk_tex[c]),
      .lk_hdr_addr_o   (hc_lk_hdr_addr[c]),
      .lk_tsc_addr_o   (hc_lk_tsc_addr[c]),
      .lk_hit_i        (hc_lk_hit[c]),
      .lk_tic_i        (hc_lk_tic[c]),
      .lk_tsc_i        (hc_lk_tsc[c]),
      .fill_o          (hc_fill[c]),
      .fill_tic_o      (hc_fill_tic[c]),
      .fill_tsc_o      (hc_fill_tsc[c]),
      .cb_rd_valid_o   (hdr_cb_valid_c[c]),
      .cb_rd_addr_o    (hdr_cb_addr_c[c]),
      .cb_rd_data_i    (cb_rd_data_i),
      .mem_req_valid_o (hdr_req_valid_c[c]),
      .mem_req_ready_i (mem_req_ready_i && ((c == 0) || !hdr_req_valid_c[0])),
      .mem_req_slots_o (hdr_req_slots_c[c]),
      .mem_req_addr_o  (hdr_req_addr_c[c]),
      .rsp_valid_i     (rsp_valid && kind_hdr && (kind_q_ctx == 1'(c))),
      .rsp_ready_o     (hdr_rsp_ready_c[c]),
      .rsp_data_i      (rsp_data),
      .rsp_fault_i     (rsp_fault),
      .layout_start_o  (layout_start_c[c]),
      .layout_tic_o    (layout_tic_c[c]),
      .done_o          (hdr_done_c[c]),
      .tic_o           (tic_c[c]),
      .tsc_o           (tsc_c[c]),
      .hdr_valid_o     (hdr_valid_c[c]),
      .fault_o         (hdr_fault_c[c]),
      .compat_o        (hdr_compat_c[c])
    );

    tx_layout u_layout (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .start_i       (layout_start_c[c]),
      .tic_i         (layout_tic_c[c]),
      .gob_desktop_i (fc_gob_q[c]),
      .done_o        (layout_done_c[c]),
      .built_o       (layout_built_c[c]),
      .layout_o      (lay)
    );
  end

  assign tl_cb_rd_valid  = |hdr_cb_valid_c;
  assign tl_cb_rd_addr   = hdr_cb_valid_c[1] ? hdr_cb_addr_c[1] : hdr_cb_addr_c[0];
  assign hdr_req_valid   = |hdr_req_valid_c;
  assign hdr_req_ctx     = !hdr_req_valid_c[0];
  assign hdr_req_slots   = hdr_req_slots_c[hdr_req_ctx];
  assign hdr_req_addr    = hdr_req_addr_c[hdr_req_ctx];
  assign hdr_rsp_ready   = hdr_rsp_ready_c[kind_q_ctx];
  assign fetch_mem_ready = mem_req_ready_i && !hdr_req_valid;

  // One header cache for both contexts; at most one response (so one fill)
  // per cycle.
  assign hc_fsel = hc_fill[1];

  tx_hcache #(
    .Entries (HcEntries),
    .NLk     (NCtx)
  ) u_hcache (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .lk_en_i         (hc_lk_valid),
    .lk_warp_i       (hc_lk_warp),
    .lk_tex_i        (hc_lk_tex),
    .lk_hdr_addr_i   (hc_lk_hdr_addr),
    .lk_tsc_addr_i   (hc_lk_tsc_addr),
    .lk_hit_o        (hc_lk_hit),
    .lk_tic_o        (hc_lk_tic),
    .lk_tsc_o        (hc_lk_tsc),
    .fill_i          (|hc_fill),
    .fill_warp_i     (hc_lk_warp[hc_fsel]),
    .fill_tex_i      (hc_lk_tex[hc_fsel]),
    .fill_hdr_addr_i (hc_lk_hdr_addr[hc_fsel]),
    .fill_tsc_addr_i (hc_lk_tsc_addr[hc_fsel]),
    .fill_tic_i      (hc_fill_tic[hc_fsel]),
    .fill_tsc_i      (hc_fill_tsc[hc_fsel])
  );

  assign hc_lookup_o = 2'(hc_lk_valid[0]) + 2'(hc_lk_valid[1]);
  assign hc_hit_o    = 2'(hc_lk_valid[0] && hc_lk_hit[0]) + 2'(hc_lk_valid[1] && hc_lk_hit[1]);

  // The instruction in tx_addr_quad (and in the fetch request, and the one
  // whose context tx_ctx records) ...
  assign tic          = tic_c[actx_q];
  assign tsc          = tsc_c[actx_q];
  assign hdr_valid    = hdr_valid_c[actx_q];
  assign hdr_fault    = hdr_fault_c[actx_q];
  assign hdr_compat   = hdr_compat_c[actx_q];
  // (A default and an if: at most two copies of the 3-kbit table, one when
  // the context is 0; Verilator turns an if/else or ?: into a temporary and
  // a copy.)
  always_comb begin
    layout = g_fc[0].lay;
    if (actx_q) begin
      layout = g_fc[1].lay;
    end
  end
  assign layout_built = layout_built_c[actx_q];
  assign layout_done  = layout_done_c[actx_q];
  assign dec_q        = fc_dec_q[actx_q];
  assign tex_q        = fc_tex_q[actx_q];
  assign is_tex_q     = fc_is_tex_q[actx_q];

  // ... and the one in tx_lod.
  assign lo_tic        = tic_c[lctx_q];
  assign lo_tsc        = tsc_c[lctx_q];
  assign lo_hdr_valid  = hdr_valid_c[lctx_q];
  always_comb begin
    lo_layout = g_fc[0].lay;
    if (lctx_q) begin
      lo_layout = g_fc[1].lay;
    end
  end
  assign lo_built      = layout_built_c[lctx_q];
  assign lo_view_ok    = view_q[lctx_q] || hdr_done_c[lctx_q];
  assign lo_ll         = tlds_is_ll(fc_dec_q[lctx_q].target);
  assign lo_tex        = fc_tex_q[lctx_q];
  assign lo_is_tex     = fc_is_tex_q[lctx_q];
  assign lo_div        = fc_div_q[lctx_q];
  assign lo_force_zero = !hdr_valid_c[lctx_q] || hdr_fault_c[lctx_q] || !hdr_compat_c[lctx_q] ||
                         !lo_layout.usable;

  // View levels (S3.4): those of the layout table, which knows the pitch,
  // buffer and colour-key rules (docs/layouts.md 1.2).  Without a usable
  // table, the header's own fields: RES_VIEW_MIN [227:224]; last =
  // min(RES_VIEW_MAX [231:228], MAX_MIP_LEVEL [127:124]).
  always_comb begin
    if (lo_layout.usable) begin
      lo_first = lo_layout.first_level;
      lo_last  = lo_layout.last_level;
    end else begin
      lo_first = lo_tic[227:224];
      lo_last  = (lo_tic[127:124] < lo_tic[231:228]) ? lo_tic[127:124] : lo_tic[231:228];
    end
  end
  // ---- end of pipe block 2 ----

  // Every written component is 0 (S3.7, S3.10): no header, a faulted
  // header, a coordinate description that does not fit the texture type, or
  // a header the layout cannot use.
  assign force_zero = !hdr_valid || hdr_fault || !hdr_compat || !layout.usable;

  // TEX depth compare (S8.9): .DC with no LOD mode or .LZ, or with the
  // sampler's DEPTH_COMPARE.
  logic tex_dc;
  assign tex_dc = tex_q.dc && ((tex_q.lod == 3'd0) || (tex_q.lod == TexLodLz) || tsc[9]);

  // TEX border colour (S8.10): BORDER_COLOR_R..A in output order; R, G, B
  // from the sRGB border bytes through the sRGB table when the header's
  // sRGB applies to the format; DEPTH_TEXTURE copies R to G, B, A.
  logic [127:0] border, border_srgb;
  logic         srgb_fmt;

  // Only the sRGB question of the format is needed here (not a decode).
  assign srgb_fmt = tx_format_pkg::tx_format_srgb_applies(fmt_subst(tic[6:0]),  // block formats: their substitute
                                                          tic[18:7], tic[150]);

  tx_srgb_lut u_border_r (.c_i (tsc[95:88]),   .lin_o (border_srgb[31:0]));
  tx_srgb_lut u_border_g (.c_i (tsc[115:108]), .lin_o (border_srgb[63:32]));
  tx_srgb_lut u_border_b (.c_i (tsc[123:116]), .lin_o (border_srgb[95:64]));
  assign border_srgb[127:96] = tsc[255:224];

  always_comb begin
    border = srgb_fmt ? border_srgb : tsc[255:128];
    if (tic[123]) begin
      border[127:32] = {3{border[31:0]}};
    end
  end

  //////////////
  // Pipeline //
  //////////////

  // TEX.B: Rb+0 (gather slot 4) of the lowest active lane of the first
  // gathered quad, which holds the warp's lowest active lane (S8.1).
  logic [31:0] bindless_handle;

  // gather -> lod
  logic         g_valid, g_ready, g_last;
  logic [2:0]   g_quad;
  logic [3:0]   g_lanes;
  logic [1023:0] g_ops;
  logic         gather_idle;
  // lod -> addr
  logic         l_valid, l_ready, l_last;
  logic [2:0]   l_quad;
  logic [3:0]   l_lanes, l_level_oob;
  logic [1023:0] l_ops;
  logic [127:0] l_level, l_tex;
  logic [75:0]  l_aniso;   // anisotropic probes (docs/filtering.md section 14)
  // addr -> fetch
  logic         a_valid, a_ready, a_last;
  logic [2:0]   a_quad;
  logic [3:0]   a_lanes;
  logic [15:0]  a_oob, a_fetch;
  logic [767:0] a_addr;
  tx_aux_t      a_aux;
  logic [383:0] a_ufx;
  logic [3:0]   f_sparse, p_sparse;
  tx_aux_t      f_aux_raw;
  // fetch -> format
  logic         f_valid, f_ready, f_last, f_fault;
  logic [2:0]   f_quad;
  logic [3:0]   f_lanes;
  logic [2047:0] f_texel;
  tx_aux_t      f_aux;
  // format -> filter
  logic         m_valid, m_ready, m_last;
  logic [2:0]   m_quad;
  logic [3:0]   m_lanes;
  logic [2047:0] m_comp;
  tx_aux_t      m_aux;
  // texture pipe's share of the register ports (muxed in the PIXLD block)
  logic         tl_rf_rd_valid, tl_rf_wr_valid, tl_last_written;
  logic [2:0]   tl_rf_rd_quad, tl_rf_wr_quad;
  logic [63:0]  tl_rf_rd_reg;
  logic [31:0]  tl_rf_wr_reg;
  logic [3:0]   tl_rf_wr_lanes, tl_rf_wr_slots;
  logic [511:0] tl_rf_wr_data;
  // filter -> pack
  logic         p_valid, p_ready, p_last;
  logic [2:0]   p_quad;
  logic [3:0]   p_lanes;
  logic [511:0] p_comp;
  logic [191:0] p_wt;

  always_comb begin
    bindless_handle = '0;
    for (int l = 3; l >= 0; l--) begin
      if (g_lanes[l]) begin
        bindless_handle = g_ops[(l*8+4)*32 +: 32];
      end
    end
  end

  tx_gather u_gather (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .start_i       (gather_start),
    .active_i      (gather_active),
    .tex_i         (fc_is_tex_q[gctx_q]),
    .target_i      (fc_dec_q[gctx_q].target),
    .ra_n_i        (tex_ra_n(fc_tex_q[gctx_q].dim, fc_tex_q[gctx_q].lc)),
    .rb_n_i        (tex_rb_n(fc_tex_q[gctx_q].bindless, fc_tex_q[gctx_q].lod,
                             fc_tex_q[gctx_q].aoffi, fc_tex_q[gctx_q].dc)),
    .ra_i          (fc_is_tex_q[gctx_q] ? fc_tex_q[gctx_q].ra : fc_dec_q[gctx_q].ra),
    .rb_i          (fc_is_tex_q[gctx_q] ? fc_tex_q[gctx_q].rb : fc_dec_q[gctx_q].rb),
    .idle_o        (gather_idle),
    .id_i          (gctx_q),
    .free_o        (g_free),
    .rf_rd_id_o    (g_rd_id),
    .out_id_o      (g_id),
    .rf_rd_valid_o (tl_rf_rd_valid),
    .rf_rd_quad_o  (tl_rf_rd_quad),
    .rf_rd_reg_o   (tl_rf_rd_reg),
    .rf_rd_data_i  (rf_rd_data_i),
    .out_valid_o   (g_valid),
    .out_ready_i   (g_ready),
    .out_quad_o    (g_quad),
    .out_lanes_o   (g_lanes),
    .out_ops_o     (g_ops),
    .out_last_o    (g_last)
  );

  tx_lod u_lod (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .tex_i           (lo_is_tex),
    .texd_i          (lo_tex),
    .div_i           (lo_div),
    .tic_i           (lo_tic),
    .tsc_i           (lo_tsc),
    .layout_i        (lo_layout),
    .built_i         (lo_built),
    .ll_i            (lo_ll),
    .view_ok_i       (lo_view_ok),
    .hdr_valid_i     (lo_hdr_valid),
    .force_zero_i    (lo_force_zero),
    .first_i         (lo_first),
    .last_i          (lo_last),
    .in_valid_i      (g_valid),
    .in_ready_o      (g_ready),
    .in_quad_i       (g_quad),
    .in_lanes_i      (g_lanes),
    .in_ops_i        (g_ops),
    .in_last_i       (g_last),
    .out_valid_o     (l_valid),
    .out_ready_i     (l_ready),
    .out_quad_o      (l_quad),
    .out_lanes_o     (l_lanes),
    .out_ops_o       (l_ops),
    .out_level_o     (l_level),
    .out_level_oob_o (l_level_oob),
    .out_tex_o       (l_tex),
    .out_aniso_o     (l_aniso),
    .out_last_o      (l_last)
  );

  tx_addr_quad u_addr (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .tex_i          (is_tex_q),
    .texd_i         (tex_q),
    .dc_i           (tex_dc),
    .tsc_i          (tsc),
    .norm_i         (tic[191] && !tsc[57]),
    .int_fmt_i      (tic[9:7] == 3'd3 || tic[9:7] == 3'd4),
    .target_i       (dec_q.target),
    .layout_i       (layout),
    .force_zero_i   (force_zero),
    .built_i        (layout_built),
    .lay_done_i     (layout_done),
    .in_valid_i     (l_valid),
    .in_ready_o     (l_ready),
    .in_quad_i      (l_quad),
    .in_lanes_i     (l_lanes),
    .in_ops_i       (l_ops),
    .in_level_i     (l_level),
    .in_level_oob_i (l_level_oob),
    .in_tex_i       (l_tex),
    .in_aniso_i     (l_aniso),
    .in_last_i      (l_last),
    .out_valid_o    (a_valid),
    .out_ready_i    (a_ready),
    .out_quad_o     (a_quad),
    .out_lanes_o    (a_lanes),
    .out_addr_o     (a_addr),
    .out_oob_o      (a_oob),
    .out_fetch_o    (a_fetch),
    .out_aux_o      (a_aux),
    .out_ufx_o      (a_ufx),
    .out_last_o     (a_last)
  );

  tx_fetch #(
    .TrackDepth (TrackDepth),
    .AuxW       (TxTagW + $bits(tx_aux_t))
  ) u_fetch (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .bpp_i           (cx_ft.bpp),
    .bpp_req_i       (layout.bpp),
    .in_valid_i      (a_valid),
    .in_ready_o      (a_ready),
    .in_quad_i       (a_quad),
    .in_lanes_i      (a_lanes),
    .in_addr_i       (a_addr),
    .in_fetch_i      (a_fetch),
    .in_aux_i        ({fc_tag_q[actx_q], a_aux}),
    .in_last_i       (a_last),
    .mem_req_valid_o (fetch_req_valid),
    .mem_req_ready_i (fetch_mem_ready),
    .mem_req_slots_o (fetch_req_slots),
    .mem_req_addr_o  (fetch_req_addr),
    .rsp_valid_i     (rsp_valid && !kind_hdr && !su_busy),
    .rsp_ready_o     (fetch_rsp_ready),
    .rsp_data_i      (rsp_data),
    .rsp_fault_i     (rsp_fault),
    .rsp_sparse_i    (rsp_sparse),
    .out_valid_o     (f_valid),
    .out_ready_i     (f_ready),
    .out_quad_o      (f_quad),
    .out_lanes_o     (f_lanes),
    .out_texel_o     (f_texel),
    .out_aux_o       ({f_tag, f_aux_raw}),
    .out_sparse_o    (f_sparse),
    .out_fault_o     (f_fault),
    .out_last_o      (f_last)
  );

  assign fetch_fault = f_valid && f_ready && f_fault;

  tx_format_quad u_format (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .tic_i        (cx_fm.tic),
    .border_i     (cx_fm.border),
    .func_i       (cx_fm.func),
    .force_zero_i (cx_fm.force_zero),
    .in_valid_i   (f_valid),
    .in_ready_o   (f_ready),
    .in_quad_i    (f_quad),
    .in_lanes_i   (f_lanes),
    .in_texel_i   (f_texel),
    .in_aux_i     (f_aux),
    .in_last_i    (f_last),
    .out_valid_o  (m_valid),
    .out_ready_i  (m_ready),
    .out_quad_o   (m_quad),
    .out_lanes_o  (m_lanes),
    .out_comp_o   (m_comp_fq),
    .out_aux_o    (m_aux),
    .out_last_o   (m_last)
  );

  // ---- seamless cube corners (docs/filtering.md section 15) ----
  // A corner tap's three texels are the other taps of its group: combine
  // them before the format tap and the filter see the components.
  logic [2047:0] m_comp_fq;

  tx_cube_corner u_cube_corner (
    .comp_i   (m_comp_fq),
    .corner_i (m_aux.corner),
    .red_i    (m_aux.red),
    .comp_o   (m_comp)
  );
  // ---- end of seamless cube corners ----

  tx_filter u_filter (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .fmt_i       ({cx_fl.tic[150], cx_fl.tic[30:0]}),
    .in_valid_i  (m_valid),
    .in_ready_o  (m_ready),
    .in_quad_i   (m_quad),
    .in_lanes_i  (m_lanes),
    .in_comp_i   (m_comp),
    .in_aux_i    (m_aux),
    .in_last_i   (m_last),
    .out_valid_o (p_valid),
    .out_ready_i (p_ready),
    .out_quad_o  (p_quad),
    .out_lanes_o (p_lanes),
    .out_comp_o  (p_comp),
    .out_wt_o    (p_wt),
    .out_sparse_o (p_sparse),
    .out_last_o  (p_last)
  );

  tx_pack u_pack (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .dec_i          (cx_pk.dec),
    .tex_i          (cx_pk.is_tex),
    .tex_rd_i       (cx_pk.rd),
    .tex_wmask_i    (cx_pk.wmask),
    .fp16_rz_i      (cx_pk.fp16_rz),
    .in_valid_i     (p_valid),
    .in_ready_o     (p_ready),
    .in_quad_i      (p_quad),
    .in_lanes_i     (p_lanes),
    .in_comp_i      (p_comp),
    .in_last_i      (p_last),
    .rf_wr_valid_o  (tl_rf_wr_valid),
    .rf_wr_quad_o   (tl_rf_wr_quad),
    .rf_wr_lanes_o  (tl_rf_wr_lanes),
    .rf_wr_slots_o  (tl_rf_wr_slots),
    .rf_wr_reg_o    (tl_rf_wr_reg),
    .rf_wr_data_o   (tl_rf_wr_data),
    .last_written_o (tl_last_written)
  );

  // TEX Ps (S8.15): written for each quad in the cycle tx_pack writes its
  // registers (a register beside tx_pack's stage register), 1 for the lanes
  // that read a sparse page, 0 for all when the result is forced to zero.
  logic       ps_valid_q;
  logic [2:0] ps_quad_q;
  logic [3:0] ps_lanes_q, ps_data_q;
  logic [2:0] ps_pred_q;
  logic [TxTagW-1:0] ps_tag_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ps_valid_q <= 1'b0;
      ps_quad_q  <= '0;
      ps_lanes_q <= '0;
      ps_data_q  <= '0;
      ps_pred_q  <= PredPT;
      ps_tag_q   <= '0;
    end else begin
      ps_valid_q <= p_valid && p_ready && cx_fl.is_tex && (cx_fl.ps != PredPT);
      if (p_valid && p_ready) begin
        ps_quad_q  <= p_quad;
        ps_lanes_q <= p_lanes;
        ps_data_q  <= cx_fl.force_zero ? 4'd0 : (p_sparse & p_lanes);
        ps_pred_q  <= cx_fl.ps;
        ps_tag_q   <= fl_tag_q;
      end
    end
  end


  ///////////////////////////////////////////////////////////////////////////
  // ---- PIXLD block: tx_pixld and its share of the ports ----
  // tx_pixld runs beside the texture quad pipeline (docs/rtl.md).  It is
  // started in the issue cycle of a legal PIXLD with an active lane, instead
  // of the header stage and the gather walk (the FSM gates those with
  // !pix_now).  Only one instruction is in flight, so the register read,
  // register write and predicate write ports go to whichever unit asserts
  // its valid, and the instruction is complete when either unit has written
  // its last quad.
  ///////////////////////////////////////////////////////////////////////////

  logic         pix_now, pix_start, pix_busy;
  logic         pix_rf_rd_valid, pix_rf_wr_valid, pix_pr_wr_valid;
  logic [2:0]   pix_rf_rd_quad, pix_rf_wr_quad, pix_pr_wr_quad, pix_pr_wr_pred;
  logic [7:0]   pix_rf_rd_reg, pix_rf_wr_reg;
  logic [3:0]   pix_rf_wr_lanes, pix_pr_wr_lanes, pix_pr_wr_data;
  logic [127:0] pix_rf_wr_data;
  logic         pix_last_written;

  assign pix_start = issue_fire && pix_now && !illegal_now && (active_now != 32'd0);

  tx_pixld u_pixld (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .start_i        (pix_start),
    .insn_i         (issue_insn_i),
    .active_i       (active_now),
    .raster_i       (in_raster_q),   // used from the cycle after start on
    .busy_o         (pix_busy),
    .rf_rd_valid_o  (pix_rf_rd_valid),
    .rf_rd_quad_o   (pix_rf_rd_quad),
    .rf_rd_reg_o    (pix_rf_rd_reg),
    .rf_rd_data_i   (rf_rd_data_i[127:0]),
    .rf_wr_valid_o  (pix_rf_wr_valid),
    .rf_wr_quad_o   (pix_rf_wr_quad),
    .rf_wr_lanes_o  (pix_rf_wr_lanes),
    .rf_wr_reg_o    (pix_rf_wr_reg),
    .rf_wr_data_o   (pix_rf_wr_data),
    .pr_wr_valid_o  (pix_pr_wr_valid),
    .pr_wr_quad_o   (pix_pr_wr_quad),
    .pr_wr_lanes_o  (pix_pr_wr_lanes),
    .pr_wr_pred_o   (pix_pr_wr_pred),
    .pr_wr_data_o   (pix_pr_wr_data),
    .last_written_o (pix_last_written),
    .tap_valid_o    (tap_pixld_valid_o),
    .tap_quad_o     (tap_pixld_quad_o),
    .tap_lanes_o    (tap_pixld_lanes_o),
    .tap_ra_o       (tap_pixld_ra_o),
    .tap_index_o    (tap_pixld_index_o),
    .tap_val_o      (tap_pixld_val_o),
    .tap_pred_o     (tap_pixld_pred_o)
  );

  // Register read (8 slots): PIXLD reads slot 0, SULD slots 0-3; the other
  // slots name RZ.
  assign rf_rd_valid_o = tl_rf_rd_valid || pix_rf_rd_valid || su_rf_rd_valid;
  assign rf_rd_quad_o  = su_rf_rd_valid ? su_rf_rd_quad :
                         pix_rf_rd_valid ? pix_rf_rd_quad : tl_rf_rd_quad;
  assign rf_rd_reg_o   = su_rf_rd_valid ? {{4{RegRZ}}, su_rf_rd_reg} :
                         pix_rf_rd_valid ? {{7{RegRZ}}, pix_rf_rd_reg} : tl_rf_rd_reg;

  // Register write: slot 0 is Rd.
  assign rf_wr_valid_o = tl_rf_wr_valid || pix_rf_wr_valid || su_rf_wr_valid;
  assign rf_wr_quad_o  = su_rf_wr_valid ? su_rf_wr_quad :
                         pix_rf_wr_valid ? pix_rf_wr_quad : tl_rf_wr_quad;
  assign rf_wr_lanes_o = su_rf_wr_valid ? su_rf_wr_lanes :
                         pix_rf_wr_valid ? pix_rf_wr_lanes : tl_rf_wr_lanes;
  assign rf_wr_slots_o = su_rf_wr_valid ? su_rf_wr_slots :
                         pix_rf_wr_valid ? 4'b0001 : tl_rf_wr_slots;
  assign rf_wr_reg_o   = su_rf_wr_valid ? su_rf_wr_reg :
                         pix_rf_wr_valid ? {RegRZ, RegRZ, RegRZ, pix_rf_wr_reg} : tl_rf_wr_reg;
  assign rf_wr_data_o  = su_rf_wr_valid ? su_rf_wr_data :
                         pix_rf_wr_valid ? {384'd0, pix_rf_wr_data} : tl_rf_wr_data;

  // Predicate write: PIXLD's Pd, SULD's Ps or TEX's Ps.
  assign pr_wr_valid_o = pix_pr_wr_valid || su_pr_wr_valid || ps_valid_q;
  assign pr_wr_quad_o  = su_pr_wr_valid ? su_pr_wr_quad :
                         pix_pr_wr_valid ? pix_pr_wr_quad : ps_quad_q;
  assign pr_wr_lanes_o = su_pr_wr_valid ? su_pr_wr_lanes :
                         pix_pr_wr_valid ? pix_pr_wr_lanes : ps_lanes_q;
  assign pr_wr_pred_o  = su_pr_wr_valid ? su_pr_wr_pred :
                         pix_pr_wr_valid ? pix_pr_wr_pred : ps_pred_q;
  assign pr_wr_data_o  = su_pr_wr_valid ? su_pr_wr_data :
                         pix_pr_wr_valid ? pix_pr_wr_data : ps_data_q;

  // Completion: the FSM waits in TopRun for the last write of either unit.
  assign last_written = tl_last_written || pix_last_written || su_done;

  logic unused_pix;
  assign unused_pix = pix_busy;
  // ---- end of the PIXLD block ----

  ///////////////////////////////////////////////////////////////////////////
  // ---- SULD block 2: the constant-bank read and the response port ----
  // (register and predicate ports: the arbitration above; memory requests:
  // "Memory port and response FIFO"; taps: below.)  tx_suld takes its
  // responses from the head of the one response FIFO while it is busy: a
  // SULD starts only when nothing is in flight, so the FIFO is empty then,
  // and it is empty again when tx_suld finishes.
  ///////////////////////////////////////////////////////////////////////////
  assign cb_rd_valid_o   = tl_cb_rd_valid || su_cb_rd_valid;
  assign cb_rd_addr_o    = su_cb_rd_valid ? su_cb_rd_addr : tl_cb_rd_addr;
  // ---- end of SULD block 2 ----

  //////////
  // Taps //
  //////////

  // SULD: tx_suld's taps while it owns the ports.  Its gather, lod and
  // addr taps are valid in the cycle a quad leaves its gather stage (where
  // the address is formed); fetch, format and filter in the cycle the quad
  // is written (docs/rtl.md, "Surface path").  The muxes select by su_busy,
  // a register: in tx_suld's start cycle no tap of either side is valid
  // (nothing else is in flight), and a select that depends on the issue
  // ports would put these wide muxes into the verilated model's input
  // region, evaluated on every eval().
  assign tap_gather_valid_o = su_busy ? su_tg_valid : (g_valid && g_ready);
  assign tap_gather_quad_o  = su_busy ? su_tg_quad  : g_quad;
  assign tap_gather_lanes_o = su_busy ? su_tg_lanes : g_lanes;
  always_comb begin
    tap_gather_data_o = g_ops;
    if (su_busy) begin
      tap_gather_data_o = '0;
      for (int l = 0; l < 4; l++) begin
        tap_gather_data_o[l*256 +: 128] = su_tg_data[l*128 +: 128];
      end
    end
  end

  assign tap_lod_valid_o    = su_busy ? su_tg_valid : (l_valid && l_ready);
  assign tap_lod_quad_o     = su_busy ? su_tg_quad  : l_quad;
  assign tap_lod_lanes_o    = su_busy ? su_tg_lanes : l_lanes;
  assign tap_lod_level_o    = su_busy ? su_tl_level : l_level;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      tap_lod_level1_o[l*32 +: 32] = su_busy ? su_tl_level[l*32 +: 32] :
                                     (lo_is_tex ? {28'd0, l_tex[l*32+16 +: 4]} : l_level[l*32 +: 32]);
      tap_lod_lod_o[l*32 +: 32]    = su_busy ? 32'd0 : {{16{l_tex[l*32+15]}}, l_tex[l*32 +: 16]};
      tap_lod_mipw_o[l*8 +: 8]     = su_busy ? 8'd0 : l_tex[l*32+20 +: 8];
    end
  end

  assign tap_addr_valid_o   = su_busy ? su_tg_valid : (a_valid && a_ready);
  assign tap_addr_quad_o    = su_busy ? su_tg_quad  : a_quad;
  // Anisotropic lanes show the taps of their own last probe (aux.plive).
  assign tap_addr_lanes_o   = su_busy ? su_tg_lanes : (a_lanes & a_aux.plive);

  assign tap_fetch_valid_o  = su_busy ? su_tf_valid : (f_valid && f_ready);
  assign tap_fetch_quad_o   = su_busy ? su_tf_quad  : f_quad;
  assign tap_fetch_lanes_o  = su_busy ? su_tf_lanes : (f_lanes & f_aux.plive);

  assign tap_format_valid_o = su_busy ? su_tf_valid : (m_valid && m_ready);
  assign tap_format_quad_o  = su_busy ? su_tf_quad  : m_quad;
  assign tap_format_lanes_o = su_busy ? su_tf_lanes : (m_lanes & m_aux.plive);

  assign tap_filter_valid_o = su_busy ? su_tf_valid : (p_valid && p_ready);
  assign tap_filter_quad_o  = su_busy ? su_tf_quad  : p_quad;
  assign tap_filter_lanes_o = su_busy ? su_tf_lanes : p_lanes;
  assign tap_filter_data_o  = su_busy ? su_tf_data  : p_comp;
  assign tap_filter_wt_o    = su_busy ? 192'd0 : p_wt;

  // Taps a lane does not use read 0.  SULD fills slot 0 of each lane.
  assign tap_addr_ufx_o    = su_busy ? 384'd0 : a_ufx;
  assign tap_addr_pass_o   = !su_busy && a_aux.pass;
  assign tap_fetch_pass_o  = !su_busy && f_aux.pass;
  assign tap_format_pass_o = !su_busy && m_aux.pass;

  always_comb begin
    f_aux        = f_aux_raw;
    f_aux.sparse = f_sparse;
  end

  always_comb begin
    if (su_busy) begin
      tap_addr_addr_o   = '0;
      tap_addr_oob_o    = '0;
      tap_fetch_texel_o = '0;
      tap_format_data_o = '0;
      for (int l = 0; l < 4; l++) begin
        tap_addr_addr_o[(l*4)*48 +: 48]     = su_ta_addr[l*48 +: 48];
        tap_addr_oob_o[l*4]                 = su_ta_oob[l];
        tap_fetch_texel_o[(l*4)*128 +: 128] = su_tf_texel[l*128 +: 128];
        tap_format_data_o[(l*4)*128 +: 128] = su_tf_data[l*128 +: 128];
      end
    end else begin
      tap_addr_addr_o   = a_addr;
      tap_addr_oob_o    = a_oob;
      tap_fetch_texel_o = f_texel;
      tap_format_data_o = m_comp;
    end
  end

  ///////////////////////////////////////////////////////////////////////////
  // ---- warps block 2: tags on the ports ----
  // Each access and each tap names the tag of the instruction it belongs
  // to: the issuing one (constant bank), the gather walk's or held quad's
  // context (register reads, gather tap), the context of the quad in tx_lod
  // or tx_addr_quad, the header stage or the quad that requests memory, the
  // tag registers of the back end; a SULD or PIXLD runs alone with tag_q.
  // Memory requests are numbered in request order (mem_req_id_o);
  // responses come back in that order, so the id they echo is not needed.
  // TX_MUT_TAG_SWAP (test builds only, docs/regression.md): register writes
  // of warps 0 and 1 are reported as the other warp's, a tag fault the
  // testbench must catch.
  ///////////////////////////////////////////////////////////////////////////
  logic [TxMemIdW-1:0] mem_id_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mem_id_q <= '0;
    end else if (mem_req_valid_o && mem_req_ready_i) begin
      mem_id_q <= mem_id_q + 1'b1;
    end
  end

  logic [TxTagW-1:0] wr_tag;

  assign wr_tag           = un_q ? tag_q : pk_tag_q;
  assign cb_rd_warp_o     = tag_now;
  // The gather walk's reads name its context's tag (pipe block 1).
  assign rf_rd_warp_o     = tl_rf_rd_valid ? fc_tag_q[g_rd_id] : tag_now;
`ifdef TX_MUT_TAG_SWAP
  assign rf_wr_warp_o     = (wr_tag < TxTagW'(2)) ? (wr_tag ^ TxTagW'(1)) : wr_tag;
`else
  assign rf_wr_warp_o     = wr_tag;
`endif
  assign pr_wr_warp_o     = un_q ? tag_q : ps_tag_q;
  assign mem_req_warp_o   = su_own ? tag_now :
                            hdr_req_valid ? fc_tag_q[hdr_req_ctx] : fc_tag_q[actx_q];
  assign mem_req_id_o     = mem_id_q;
  assign tap_gather_tag_o = su_own ? tag_q : fc_tag_q[g_id];
  assign tap_lod_tag_o    = su_own ? tag_q : fc_tag_q[lctx_q];
  assign tap_addr_tag_o   = su_own ? tag_q : fc_tag_q[actx_q];
  assign tap_fetch_tag_o  = su_own ? tag_q : f_tag;
  assign tap_format_tag_o = su_own ? tag_q : fm_tag_q;
  assign tap_filter_tag_o = su_own ? tag_q : fl_tag_q;
  assign tap_pixld_tag_o  = tag_q;

  logic unused_warps;
  assign unused_warps = ^mem_rsp_id_i;
  // ---- end of warps block 2 ----

  // Ports not used yet: sparse pages; the walk's idle flag; quad divergence
  // (implicit LOD).
  logic unused_in;
  assign unused_in = ^{mem_rsp_sparse_i, gather_idle, tex_q.ndv, tex_q.nodep,
                       tex_q.ps, tex_q.tsidx, tex_q.phase, hdr_valid, layout_done,
                       in_tsc_base, in_tsc_max, in_tsc_via_hdr, in_fp16_rz_q};

endmodule
