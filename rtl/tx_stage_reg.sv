/**
 * tx_stage_reg - the stage register of the quad pipeline: one quad (quad
 * number, active lanes, last flag and Width bits of stage data) between a
 * valid/ready input and a valid/ready output.
 *
 * Stall-all back-pressure (docs/rtl.md, "Pipeline"): the register loads when
 * it is empty or its content leaves, in_ready_o = !valid_q || out_ready_i.
 * A stage that holds its quad for a condition of its own (tx_lod waits for
 * the header, tx_addr_quad for layout rows) gives out_ready_i = its
 * successor's ready AND the condition, and gates its out_valid_o with the
 * same condition.  A stage that never stalls ties out_ready_i to 1.  The
 * data and the sideband load only with a valid quad, so they hold the last
 * quad while the register is empty.
 */
module tx_stage_reg #(
  parameter int unsigned Width = 512
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [2:0]       in_quad_i,
  input  logic [3:0]       in_lanes_i,
  input  logic [Width-1:0] in_data_i,
  input  logic             in_last_i,

  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [2:0]       out_quad_o,
  output logic [3:0]       out_lanes_o,
  output logic [Width-1:0] out_data_o,
  output logic             out_last_o
);

  logic             valid_q;
  logic [2:0]       quad_q;
  logic [3:0]       lanes_q;
  logic [Width-1:0] data_q;
  logic             last_q;

  assign in_ready_o = !valid_q || out_ready_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      quad_q  <= '0;
      lanes_q <= '0;
      data_q  <= '0;
      last_q  <= 1'b0;
    end else if (in_ready_o) begin
      valid_q <= in_valid_i;
      if (in_valid_i) begin
        quad_q  <= in_quad_i;
        lanes_q <= in_lanes_i;
        data_q  <= in_data_i;
        last_q  <= in_last_i;
      end
    end
  end

  assign out_valid_o = valid_q;
  assign out_quad_o  = quad_q;
  assign out_lanes_o = lanes_q;
  assign out_data_o  = data_q;
  assign out_last_o  = last_q;

endmodule
