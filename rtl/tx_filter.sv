/**
 * tx_filter - filter stage (twin of cmodel/filter.c), one quad per cycle.
 *
 * TLDS always samples with a point filter (seed "Texture Header State
 * Overrides"): the single tap's four components pass through unchanged.
 * The stage register keeps the quad boundary where bilinear TEX will put
 * its weights.
 */
module tx_filter (
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [2:0]   in_quad_i,
  input  logic [3:0]   in_lanes_i,
  input  logic [511:0] in_comp_i,       // lane l, component c at [(l*4+c)*32 +: 32]
  input  logic         in_last_i,

  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [2:0]   out_quad_o,
  output logic [3:0]   out_lanes_o,
  output logic [511:0] out_comp_o,      // lane l, component c at [(l*4+c)*32 +: 32]
  output logic         out_last_o
);

  logic [511:0] comp;

  tx_stage_reg #(
    .Width (512)
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_comp_i),
    .in_last_i   (in_last_i),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_quad_o  (out_quad_o),
    .out_lanes_o (out_lanes_o),
    .out_data_o  (comp),
    .out_last_o  (out_last_o)
  );

  // Point: out = tap 0.
  assign out_comp_o = comp;

endmodule
