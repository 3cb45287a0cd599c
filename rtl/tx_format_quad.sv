/**
 * tx_format_quad - format stage of one quad: each of the 16 taps (4 lanes x
 * 4 taps) that the stage holds and uses has its raw texel (a block format:
 * the texel of its block, tx_bcn_decode) decoded into four 32-bit components
 * with the header swizzle applied (tx_format_decode, rtl/tx_format_pkg.sv).
 *
 * Twin of tx_format_decode in cmodel/format.c.  The header fields come from
 * TIC word 0 and bit 150: COMPONENTS [6:0], R/G/B/A_DATA_TYPE [18:7],
 * X/Y/Z/W_SOURCE [30:19], S_R_G_B_CONVERSION [150].  When the result is
 * forced to zero (no header, faulted header, type mismatch, unusable
 * layout: S3.7, S3.10) every component is 0, not the format default;
 * inactive lanes and taps a lane does not use (aux.used: taps 1-3 of a
 * point-sampled lane and of every TLDS lane, the second pass of a lane with
 * one tap group) read 0 too, and so do all taps while the stage is empty
 * (out_valid_o 0).  TXQ decodes no texel: slot 0 of each lane holds the
 * query's result (tx_txq_pkg::txq_result).  A TEX border tap (aux.border) takes the border colour
 * (tx_top, S8.10).  With the depth compare on (aux.dc), every tap's
 * component 0 is compared with the lane's reference and the 0.0 / 1.0
 * result replaces all four components (docs/filtering.md section 10); the
 * function is func_i.  out_aux_o.smin marks, per tap and swizzled component,
 * an 8-bit SNORM field holding the code -128 (docs/filtering.md B5), which
 * decodes to -1.0 like -127 but which tx_filter blends as -128; a border
 * tap, a compare result and a tap not decoded have no marks.
 */
module tx_format_quad
  import tx_pkg::*;
(
  input  logic          clk_i,
  input  logic          rst_ni,

  input  logic [255:0]  tic_i,           // header words, w0 at [31:0] (held)
  input  logic [127:0]  border_i,        // border colour R [31:0] .. A [127:96] (held)
  input  logic [2:0]    func_i,          // depth compare function (held)
  input  logic          force_zero_i,
  input  tx_txq_pkg::tx_txq_view_t q_i,  // TXQ: the query and the layout's view (held)

  input  logic          in_valid_i,
  output logic          in_ready_o,
  input  logic [2:0]    in_quad_i,
  input  logic [3:0]    in_lanes_i,
  input  logic [2047:0] in_texel_i,      // lane l, tap t raw texel at [(l*4+t)*128 +: 128], LE
  input  tx_aux_t       in_aux_i,
  input  logic          in_last_i,

  output logic          out_valid_o,
  input  logic          out_ready_i,
  output logic [2:0]    out_quad_o,
  output logic [3:0]    out_lanes_o,
  output logic [2047:0] out_comp_o,      // lane l, tap t, comp c at [((l*4+t)*4+c)*32 +: 32]
  output tx_aux_t       out_aux_o,
  output logic          out_last_o
);

  logic          valid;
  logic [3:0]    lanes;
  logic [2047:0] texel;
  tx_aux_t       aux;

  tx_stage_reg #(
    .Width ($bits(tx_aux_t))
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_aux_i),
    .in_last_i   (in_last_i),
    .out_valid_o (valid),
    .out_ready_i (out_ready_i),
    .out_quad_o  (out_quad_o),
    .out_lanes_o (lanes),
    .out_data_o  (aux),
    .out_last_o  (out_last_o)
  );

  // The 2048 texel bits load beside the stage register with its enable, as
  // a register of their own (as in tx_filter): concatenated with aux they
  // were copied through a wide temporary at every load (simulation cost).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      texel <= '0;
    end else if (in_ready_o && in_valid_i) begin
      texel <= in_texel_i;
    end
  end

  assign out_valid_o = valid;

  // The components of one tap that the stage holds and uses: blk is its
  // fetched texel or block.  A TEX border tap takes the border colour
  // (tx_top, S8.10); a block format decodes the texel (sx, sy) = bsub of
  // the block in its substitute format (docs/formats.md section 9), zeros
  // when the block was not read (bok 0); the depth compare (dc) replaces
  // the four components with its 0.0 / 1.0 result.  sm: the components
  // holding the SNORM8 code -128 (tx_format_pkg::tx_format_snorm8_min).
  function automatic void tap_comp(input logic [127:0] blk, input logic [6:0] comps,
                                    input logic [11:0] dtype, input logic [11:0] swz,
                                    input logic srgb, input logic [127:0] border,
                                    input logic is_border, input logic bok, input logic [3:0] bsub,
                                    input logic dc, input logic [2:0] func,
                                    input logic [31:0] dcref, output logic [127:0] val,
                                    output logic [3:0] sm);
    /* verilator no_inline_task */  // one C++ copy, called only under the tap's enable
    logic [127:0] raw;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [127:0] rgba;   // the components before the swizzle: not needed here
    /* verilator lint_on UNUSEDSIGNAL */
    sm = '0;
    if (is_border) begin
      val = border;
    end else begin
      if (tx_bcn_pkg::tx_bcn_block(comps)) begin
        raw = '0;
        if (bok) begin
          raw[63:0] = tx_bcn_pkg::tx_bcn_decode(blk, comps, dtype[2:0], bsub[1:0], bsub[3:2]);
        end
        tx_format_pkg::tx_format_decode(raw, fmt_subst(comps), dtype, swz, srgb, rgba, val);
        sm = tx_format_pkg::tx_format_snorm8_min(raw[63:0], fmt_subst(comps), dtype, swz);
      end else begin
        tx_format_pkg::tx_format_decode(blk, comps, dtype, swz, srgb, rgba, val);
        sm = tx_format_pkg::tx_format_snorm8_min(blk[63:0], comps, dtype, swz);
      end
    end
    if (dc) begin
      val = {4{depth_pass(func, dcref, val[31:0]) ? 32'h3f80_0000 : 32'd0}};
      sm  = '0;
    end
  endfunction

  // Each tap is decoded only when the stage holds a quad and the tap is
  // used, and a block format's decoder only for a fetched block of its
  // family: the decodes are functions called under these enables (the
  // verilated model runs a function's body only when its call is reached,
  // and the enables are where clock gating of the tap's datapath would go).
  // A tap not decoded reads 0, as an unused tap always did; the components
  // are only taken (tx_filter, the format tap) with out_valid_o.
  logic [63:0] smin;                     // lane l, tap t, comp c at bit (l*4+t)*4+c

  for (genvar l = 0; l < 4; l++) begin : g_lane
    for (genvar t = 0; t < 4; t++) begin : g_tap
      logic used;

      assign used = valid && lanes[l] && !force_zero_i && aux.used[l*4+t];

      always_comb begin
        if (q_i.txq || q_i.tmml) begin
          // TXQ, TMML: slot 0 of each lane holds the query's result (TXQ's
          // level operand, TMML's LOD pair in aux.dcref), 0 when the
          // header is not usable.
          out_comp_o[(l*4+t)*128 +: 128] = '0;
          smin[(l*4+t)*4 +: 4]           = '0;
          if (t == 0 && valid && lanes[l] && !force_zero_i && q_i.tmml) begin
            out_comp_o[(l*4+t)*128 +: 128] = tx_txq_pkg::tmml_result(aux.dcref[l*32 +: 32]);
          end else if (t == 0 && valid && lanes[l] && !force_zero_i) begin
            out_comp_o[(l*4+t)*128 +: 128] =
                tx_txq_pkg::txq_result(q_i.query, aux.dcref[l*32 +: 32], q_i.ttype, q_i.w,
                                       q_i.h, q_i.d, q_i.layers, q_i.samples, q_i.first,
                                       q_i.last);
          end
        end else if (used) begin
          tap_comp(texel[(l*4+t)*128 +: 128], tic_i[6:0], tic_i[18:7], tic_i[30:19], tic_i[150],
                   border_i, aux.border[l*4+t], aux.bok[l*4+t], aux.bsub[(l*4+t)*4 +: 4], aux.dc,
                   func_i, aux.dcref[l*32 +: 32], out_comp_o[(l*4+t)*128 +: 128],
                   smin[(l*4+t)*4 +: 4]);
        end else begin
          out_comp_o[(l*4+t)*128 +: 128] = '0;
          smin[(l*4+t)*4 +: 4]           = '0;
        end
      end
    end
  end

  assign out_lanes_o = lanes;
  always_comb begin
    out_aux_o      = aux;
    out_aux_o.smin = smin;
  end

  // Only word 0 and the sRGB bit of the header describe the format.
  logic unused_tic;
  assign unused_tic = ^{tic_i[255:151], tic_i[149:31], aux.wt, aux.fg, aux.blend, aux.grp2, aux.lvl2,
                        aux.pass, aux.multi, aux.four, aux.grp4, aux.sparse};

endmodule
