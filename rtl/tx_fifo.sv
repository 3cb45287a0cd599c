/**
 * tx_fifo - small synchronous FIFO with valid/ready on both sides.
 *
 * Depth entries of Width bits; Depth must be a power of two.  push_ready_o
 * is "not full", from registers.  Without Bypass, pop_valid_o is "not
 * empty", also from registers, and an entry pushed in cycle t can be popped
 * from cycle t+1.  With Bypass = 1, an empty FIFO passes a pushed entry
 * straight to the pop side in the same cycle (pop_valid_o and pop_data_o
 * then depend combinationally on the push side); it is stored only if it
 * is not popped.  pop_ready_i must not depend on pop_valid_o.  Synchronous
 * active-low reset clears the pointers only.
 */
module tx_fifo #(
  parameter int unsigned Width  = 8,
  parameter int unsigned Depth  = 4,
  parameter bit          Bypass = 1'b0
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic             push_valid_i,
  output logic             push_ready_o,
  input  logic [Width-1:0] push_data_i,

  output logic             pop_valid_o,
  input  logic             pop_ready_i,
  output logic [Width-1:0] pop_data_o
);

  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1;

  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  wr_q, rd_q;
  logic [PtrW:0]    cnt_q;
  logic             push, pop, empty, through;

  assign empty        = (cnt_q == '0);
  // An entry that goes straight through an empty FIFO (Bypass only).
  assign through      = Bypass && empty && push_valid_i && pop_ready_i;
  assign push_ready_o = (cnt_q != (PtrW + 1)'(Depth));
  assign pop_valid_o  = !empty || (Bypass && push_valid_i);
  assign push         = push_valid_i && push_ready_o && !through;
  assign pop          = !empty && pop_ready_i;
  assign pop_data_o   = empty ? push_data_i : mem_q[rd_q];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_q  <= '0;
      rd_q  <= '0;
      cnt_q <= '0;
    end else begin
      if (push) begin
        wr_q <= wr_q + 1'b1;
      end
      if (pop) begin
        rd_q <= rd_q + 1'b1;
      end
      unique case ({push, pop})
        2'b10:   cnt_q <= cnt_q + 1'b1;
        2'b01:   cnt_q <= cnt_q - 1'b1;
        default: cnt_q <= cnt_q;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (push) begin
      mem_q[wr_q] <= push_data_i;
    end
  end

endmodule
