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

  logic         valid_q;
  logic [2:0]   quad_q;
  logic [3:0]   lanes_q;
  logic [511:0] comp_q;
  logic         last_q;

  assign in_ready_o = !valid_q || out_ready_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      quad_q  <= '0;
      lanes_q <= '0;
      comp_q  <= '0;
      last_q  <= 1'b0;
    end else if (in_ready_o) begin
      valid_q <= in_valid_i;
      if (in_valid_i) begin
        quad_q  <= in_quad_i;
        lanes_q <= in_lanes_i;
        comp_q  <= in_comp_i;
        last_q  <= in_last_i;
      end
    end
  end

  // Point: out = tap 0.
  assign out_comp_o  = comp_q;
  assign out_valid_o = valid_q;
  assign out_quad_o  = quad_q;
  assign out_lanes_o = lanes_q;
  assign out_last_o  = last_q;

endmodule
