/**
 * tx_ctx - per-tag context table of the instructions in flight (docs/rtl.md,
 * "Instruction flow").
 *
 * One entry of Width bits per tag.  The front end's instruction (wtag_i)
 * writes its live context every cycle while we_i is set, so its entry holds
 * the final values once the front end moves on.  Each of the NRd read ports
 * selects the entry of the tag its stage holds; the front end's own tag
 * reads the live value (wdata_i) in the same cycle, so a lone instruction
 * sees exactly the values it would see without the table.
 */
module tx_ctx
  import tx_pkg::*;
#(
  parameter int unsigned Width = 8,
  parameter int unsigned NRd   = 1
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,

  input  logic                         we_i,
  input  logic [TxTagW-1:0]            wtag_i,
  input  logic [Width-1:0]             wdata_i,

  input  logic [NRd-1:0][TxTagW-1:0]   rtag_i,
  output logic [NRd-1:0][Width-1:0]    rdata_o
);

  logic [Width-1:0] mem_q [TxWarps];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int t = 0; t < TxWarps; t++) begin
        mem_q[t] <= '0;
      end
    end else if (we_i) begin
      mem_q[wtag_i] <= wdata_i;
    end
  end

  always_comb begin
    for (int r = 0; r < NRd; r++) begin
      rdata_o[r] = (we_i && (rtag_i[r] == wtag_i)) ? wdata_i : mem_q[rtag_i[r]];
    end
  end

endmodule
