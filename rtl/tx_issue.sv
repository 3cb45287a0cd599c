/**
 * tx_issue - the issue stage: decode of the offered word, the accept
 * decision, and what the accepted instruction starts (docs/rtl.md, "Issue").
 *
 * tx_decode decodes TLDS, TEX and PIXLD words, tx_suld_decode SULD words.
 * A word is accepted (fire_o) when the unit it starts takes it, whatever
 * else is in flight: a TLDS or TEX word (or one that completes at once)
 * when the next front-end context is free, a PIXLD word when tx_pixld's walk
 * is free and no other unit waited for a port tx_pixld held in the last
 * cycle (pix_hold_i: tx_pixld never waits, so this is what keeps a stream of
 * PIXLDs from holding the others off), a SULD word when tx_suld's front is
 * free and tx_pixld's walk reads nothing (a bindless SULD reads its handle in the issue cycle, and
 * tx_pixld has the first claim on the register port).  An accepted word
 *   - completes at once (imm_done_o) when it is unimplemented, illegal or
 *     has no active lane: nothing goes down the pipe, not even the header;
 *   - else starts the front end (quad_start_o: a context's header stage and
 *     its gather walk) for TLDS and TEX, tx_suld (su_start_o) for SULD, or
 *     tx_pixld (pix_start_o) for PIXLD.
 * The state knobs, the raster state and the warp slot belong to the
 * instruction: they are sampled in its issue cycle and held (*_q_o), so the
 * testbench may drive another warp's values once the issue is accepted:
 * the surface knobs at each SULD start, the raster state at each PIXLD
 * start.  tx_suld and tx_pixld read them only from the cycle after their
 * start, so they take the held values: no top input reaches their logic
 * through these (Verilator evaluates logic fed by a top input on every
 * eval(), docs/performance.md).  C-model twin: cmodel/insn_tlds.c, insn_tex.c,
 * insn_suld.c, insn_pixld.c (their decode and legality checks).
 */
module tx_issue
  import tx_pkg::*;
(
  input  logic              clk_i,
  input  logic              rst_ni,

  // The issue port of tx_top
  input  logic              issue_valid_i,
  output logic              issue_ready_o,
  input  logic [63:0]       issue_insn_i,
  input  logic [20:0]       issue_ctrl_i,
  input  logic [31:0]       issue_ctm_i,
  input  logic [31:0]       issue_ktm_i,
  input  logic              issue_pixel_i,
  input  logic [223:0]      issue_pred_i,
  input  logic [7:0]        issue_hash_i,
  input  logic [TxTagW-1:0] issue_warp_i,
  input  logic [AddrW-1:0]  cfg_tic_base_i,
  input  logic [19:0]       cfg_tic_max_i,
  input  logic              cfg_gob_desktop_i,
  input  tx_raster_t        raster_i,

  // The units' readiness
  input  logic              fe_free_i,     // the next front-end context is free
  input  logic              pix_free_i,    // tx_pixld's walk takes a PIXLD (and reads nothing)
  input  logic              pix_hold_i,    // another unit waited for tx_pixld last cycle
  input  logic              su_free_i,     // tx_suld's front takes a SULD

  // The accepted instruction (decoded fields valid in its issue cycle)
  output logic              fire_o,
  output tx_tlds_t          dec_o,
  output tx_tex_t           tex_o,
  output logic              is_tex_o,
  output logic [7:0]        div_o,
  output logic [31:0]       active_o,      // TLDS, TEX, PIXLD: active lanes
  output logic [31:0]       su_active_o,   // SULD: active lanes
  output logic              imm_done_o,    // completes at once, with:
  output tx_status_e        imm_status_o,
  output logic [7:0]        imm_hash_o,
  output logic              quad_start_o,  // TLDS or TEX: front end
  output logic              su_start_o,    // SULD: tx_suld
  output logic              pix_start_o,

  // Held from the issue cycle on
  output logic [AddrW-1:0]  tic_base_q_o,
  output logic [19:0]       tic_max_q_o,
  output logic              gob_desktop_q_o,
  output tx_raster_t        raster_q_o,
  output logic [TxTagW-1:0] tag_now_o      // the issue cycle's, else held
);

  logic        unimpl_now, illegal_now, pix_now;
  logic [7:0]  hash_now;
  logic        su_now, su_illegal_now;
  logic        qp_now;
  logic [TxTagW-1:0] tag_q;   // the last accepted word's

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
    .dec_o     (dec_o),
    .tex_o     (tex_o),
    .is_tex_o  (is_tex_o),
    .div_o     (div_o),
    .unimpl_o  (unimpl_now),
    .pixld_o   (pix_now),
    .illegal_o (illegal_now),
    .active_o  (active_o),
    .hash_o    (hash_now)
  );

  // SULD legality (IPM and CTM: SULD has no .NODEP).
  tx_suld_decode u_suld_decode (
    .insn_i    (issue_insn_i),
    .ctrl_i    (issue_ctrl_i),
    .ctm_i     (issue_ctm_i),
    .pred_i    (issue_pred_i),
    .is_suld_o (su_now),
    .illegal_o (su_illegal_now),
    .active_o  (su_active_o)
  );

  // Each kind joins whatever is in flight once its own unit takes it (an
  // illegal or unimplemented SULD or PIXLD waits too: one rule per kind).
  assign qp_now        = !su_now && !pix_now;
  assign issue_ready_o = (qp_now && fe_free_i) ||
                         (su_now && su_free_i && pix_free_i) ||
                         (pix_now && pix_free_i && !pix_hold_i);
  assign fire_o        = issue_valid_i && issue_ready_o;

  assign su_start_o  = fire_o && su_now && !su_illegal_now && (su_active_o != 32'd0);
  assign pix_start_o = fire_o && pix_now && !illegal_now && (active_o != 32'd0);

  always_comb begin
    imm_done_o   = 1'b0;
    imm_status_o = StOk;
    imm_hash_o   = hash_now;
    quad_start_o = 1'b0;
    if (fire_o) begin
      if (unimpl_now) begin
        imm_done_o   = 1'b1;
        imm_status_o = StUnimpl;
        imm_hash_o   = issue_hash_i;
      end else if (illegal_now || (su_now && su_illegal_now)) begin
        imm_done_o   = 1'b1;
        imm_status_o = StIllegal;
        imm_hash_o   = issue_hash_i;
      end else if ((su_now ? su_active_o : active_o) == 32'd0) begin
        // No active lane: nothing goes down the pipe, not even the header.
        imm_done_o   = 1'b1;
      end else begin
        quad_start_o = qp_now;
      end
    end
  end

  // The instruction's own inputs, held from its issue cycle on.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      tic_base_q_o    <= '0;
      tic_max_q_o     <= '0;
      gob_desktop_q_o <= 1'b0;
      raster_q_o      <= '0;
      tag_q           <= '0;
    end else begin
      if (su_start_o) begin
        tic_base_q_o    <= cfg_tic_base_i;
        tic_max_q_o     <= cfg_tic_max_i;
        gob_desktop_q_o <= cfg_gob_desktop_i;
      end
      if (pix_start_o) begin
        raster_q_o <= raster_i;
      end
      if (fire_o) begin
        tag_q <= issue_warp_i;
      end
    end
  end

  assign tag_now_o = fire_o ? issue_warp_i : tag_q;

endmodule
