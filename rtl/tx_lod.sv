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

  logic         valid_q;
  logic [2:0]   quad_q;
  logic [3:0]   lanes_q;
  logic [511:0] ops_q;
  logic         last_q;

  assign in_ready_o = !valid_q || (out_ready_i && view_ok_i);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      quad_q  <= '0;
      lanes_q <= '0;
      ops_q   <= '0;
      last_q  <= 1'b0;
    end else if (in_ready_o) begin
      valid_q <= in_valid_i;
      if (in_valid_i) begin
        quad_q  <= in_quad_i;
        lanes_q <= in_lanes_i;
        ops_q   <= in_ops_i;
        last_q  <= in_last_i;
      end
    end
  end

  logic [31:0] span;
  logic [31:0] lod [4];

  assign span = {28'd0, last_i} - {28'd0, first_i};

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      lod[l] = ll_i ? ops_q[(l*4+2)*32 +: 32] : 32'd0;
      out_level_o[l*32 +: 32] = (hdr_valid_i && lanes_q[l]) ? {28'd0, first_i} + lod[l] : 32'd0;
      out_level_oob_o[l]      = (first_i > last_i) || (lod[l] > span);
    end
  end

  assign out_valid_o = valid_q && view_ok_i;
  assign out_quad_o  = quad_q;
  assign out_lanes_o = lanes_q;
  assign out_ops_o   = ops_q;
  assign out_last_o  = last_q;

endmodule
