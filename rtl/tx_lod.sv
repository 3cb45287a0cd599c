/**
 * tx_lod - level selection stage (twin of cmodel/lod.c), one quad per cycle.
 *
 * docs/semantics.md S3.4: .LZ selects the view's first level
 * (RES_VIEW_MIN_MIP_LEVEL); .LL adds the unsigned lod in Rb (operand 2),
 * modulo 2^32.  The level is out of range when first > last or when
 * lod > last - first, with last = min(RES_VIEW_MAX_MIP_LEVEL, MAX_MIP_LEVEL);
 * the test is on the relative lod, so a lod that wraps the sum back into
 * range is still out of range.  Without a header (index above tic_max) the
 * level is 0.  first_i / last_i are the layout table's view (tx_top), which
 * is known only once the header stage is done: a quad waits in this stage
 * until view_ok_i, so gather can run ahead while the header is fetched.
 * Operands, quad, lanes and the last flag pass through.
 */
module tx_lod
  import tx_pkg::*;
(
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         ll_i,          // .LL form (held for the instruction)
  input  logic         view_ok_i,     // header done: the inputs below are valid
  input  logic         hdr_valid_i,   // a header was read
  input  logic [3:0]   first_i,       // RES_VIEW_MIN_MIP_LEVEL
  input  logic [3:0]   last_i,        // min(RES_VIEW_MAX_MIP_LEVEL, MAX_MIP_LEVEL)

  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [2:0]   in_quad_i,
  input  logic [3:0]   in_lanes_i,
  input  logic [511:0] in_ops_i,      // lane l, operand o at [(l*4+o)*32 +: 32]
  input  logic         in_last_i,

  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [2:0]   out_quad_o,
  output logic [3:0]   out_lanes_o,
  output logic [511:0] out_ops_o,
  output logic [127:0] out_level_o,   // lane l absolute level at [l*32 +: 32], u32
  output logic [3:0]   out_level_oob_o,
  output logic         out_last_o
);

  logic         valid;
  logic [3:0]   lanes;
  logic [511:0] ops;

  // A quad leaves only once the header is done.
  tx_stage_reg #(
    .Width (512)
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_ops_i),
    .in_last_i   (in_last_i),
    .out_valid_o (valid),
    .out_ready_i (out_ready_i && view_ok_i),
    .out_quad_o  (out_quad_o),
    .out_lanes_o (lanes),
    .out_data_o  (ops),
    .out_last_o  (out_last_o)
  );

  logic [31:0] span;
  logic [31:0] lod [4];

  assign span = {28'd0, last_i} - {28'd0, first_i};

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      lod[l] = ll_i ? ops[(l*4+2)*32 +: 32] : 32'd0;
      out_level_o[l*32 +: 32] = (hdr_valid_i && lanes[l]) ? {28'd0, first_i} + lod[l] : 32'd0;
      out_level_oob_o[l]      = (first_i > last_i) || (lod[l] > span);
    end
  end

  assign out_valid_o = valid && view_ok_i;
  assign out_lanes_o = lanes;
  assign out_ops_o   = ops;

endmodule
