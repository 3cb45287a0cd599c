/**
 * tx_port_arb - port arbitration: the constant-bank, register-file,
 * predicate and memory ports of tx_top, shared by the quad pipe (with its
 * front end), tx_suld and tx_pixld, and the tag each access names
 * (docs/rtl.md, "Port arbitration").
 *
 * PIXLDs run only beside other PIXLDs, and SULDs beside other SULDs (tx_issue), so
 * each port goes to whichever unit asserts its valid; SULD first, then
 * PIXLD, then the quad pipe.  The
 * memory port serves tx_suld while it owns the port, else a header request
 * (context 0's, then context 1's) before the texel request of the same
 * cycle, which waits (tx_front's fetch_ready_o).  Memory requests are
 * numbered in request order (mem_req_id_o); responses come back in that
 * order, so the id they echo is not needed.
 *
 * Tags: the constant bank names the issuing instruction; a register read
 * the gather walk's context, or tx_suld's, else PIXLD's; a register or
 * predicate write the tag of the quad in tx_pack or tx_suld's fetch stage,
 * else PIXLD's; a memory request the header stage's or the fetching
 * quad's, of the quad pipe or of tx_suld.
 * TX_MUT_TAG_SWAP (test builds only, docs/regression.md): register writes of
 * warps 0 and 1 are reported as the other warp's, a tag fault the testbench
 * must catch.  No C-model twin: the model has no ports (timing only).
 */
module tx_port_arb
  import tx_pkg::*;
  import tx_port_pkg::*;
(
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Who runs
  input  logic [TxTagW-1:0]         pix_tag_i,      // tx_pixld's writing quad's
  input  logic [TxTagW-1:0]         tag_now_i,      // the issuing instruction's, else held
  input  logic                      su_own_i,       // tx_suld owns the ports (from its start)
  input  logic                      su_busy_i,      // tx_suld runs (from the cycle after)
  input  logic [TxTagW-1:0]         su_rd_tag_i,    // tx_suld's register read ...
  input  logic [TxTagW-1:0]         su_wr_tag_i,    // ... register and predicate write ...
  input  logic [TxTagW-1:0]         su_mem_tag_i,   // ... and memory request

  // Requests of the units
  input  logic                      tl_cb_valid_i,  // header stages
  input  logic [15:0]               tl_cb_addr_i,
  input  logic                      su_cb_valid_i,
  input  logic [15:0]               su_cb_addr_i,
  input  tx_rf_rd_t                 tl_rd_i,
  input  logic [TxTagW-1:0]         tl_rd_tag_i,
  input  tx_rf_rd_t                 pix_rd_i,
  input  tx_rf_rd_t                 su_rd_i,
  input  tx_rf_wr_t                 tl_wr_i,
  input  logic [TxTagW-1:0]         tl_wr_tag_i,
  input  tx_rf_wr_t                 pix_wr_i,
  input  tx_rf_wr_t                 su_wr_i,
  input  tx_pr_wr_t                 tl_pr_i,
  input  logic [TxTagW-1:0]         tl_pr_tag_i,
  input  tx_pr_wr_t                 pix_pr_i,
  input  tx_pr_wr_t                 su_pr_i,
  input  logic [1:0]                hdr_req_valid_i,  // per front-end context
  input  logic [1:0][MemSlots-1:0]  hdr_req_slots_i,
  input  logic [1:0][MemSlots*AddrW-1:0] hdr_req_addr_i,
  input  tx_mem_req_t               fetch_req_i,
  input  tx_mem_req_t               su_req_i,
  input  logic [TxTagW-1:0]         tl_req_tag_i,

  // Ports of tx_top
  output logic                      cb_rd_valid_o,
  output logic [15:0]               cb_rd_addr_o,
  output logic [TxTagW-1:0]         cb_rd_warp_o,
  output logic                      rf_rd_valid_o,
  output logic [2:0]                rf_rd_quad_o,
  output logic [63:0]               rf_rd_reg_o,
  output logic [TxTagW-1:0]         rf_rd_warp_o,
  output logic                      rf_wr_valid_o,
  output logic [2:0]                rf_wr_quad_o,
  output logic [3:0]                rf_wr_lanes_o,
  output logic [3:0]                rf_wr_slots_o,
  output logic [31:0]               rf_wr_reg_o,
  output logic [511:0]              rf_wr_data_o,
  output logic [TxTagW-1:0]         rf_wr_warp_o,
  output logic                      pr_wr_valid_o,
  output logic [2:0]                pr_wr_quad_o,
  output logic [3:0]                pr_wr_lanes_o,
  output logic [2:0]                pr_wr_pred_o,
  output logic [3:0]                pr_wr_data_o,
  output logic [TxTagW-1:0]         pr_wr_warp_o,
  output logic                      mem_req_valid_o,
  input  logic                      mem_req_ready_i,
  output logic [MemSlots-1:0]       mem_req_slots_o,
  output logic [MemSlots*AddrW-1:0] mem_req_addr_o,
  output logic [TxTagW-1:0]         mem_req_warp_o,
  output logic [TxMemIdW-1:0]       mem_req_id_o
);

  // Constant bank.
  assign cb_rd_valid_o = tl_cb_valid_i || su_cb_valid_i;
  assign cb_rd_addr_o  = su_cb_valid_i ? su_cb_addr_i : tl_cb_addr_i;
  assign cb_rd_warp_o  = tag_now_i;

  // Register read (8 slots): PIXLD reads slot 0, SULD slots 0-3; the other
  // slots name RZ.
  assign rf_rd_valid_o = tl_rd_i.valid || pix_rd_i.valid || su_rd_i.valid;
  assign rf_rd_quad_o  = su_rd_i.valid ? su_rd_i.quad :
                         pix_rd_i.valid ? pix_rd_i.quad : tl_rd_i.quad;
  assign rf_rd_reg_o   = su_rd_i.valid ? su_rd_i.regs :
                         pix_rd_i.valid ? pix_rd_i.regs : tl_rd_i.regs;
  assign rf_rd_warp_o  = tl_rd_i.valid ? tl_rd_tag_i : su_rd_i.valid ? su_rd_tag_i : tag_now_i;

  // Register write: slot 0 is Rd.
  logic [TxTagW-1:0] wr_tag;

  assign rf_wr_valid_o = tl_wr_i.valid || pix_wr_i.valid || su_wr_i.valid;
  assign rf_wr_quad_o  = su_wr_i.valid ? su_wr_i.quad :
                         pix_wr_i.valid ? pix_wr_i.quad : tl_wr_i.quad;
  assign rf_wr_lanes_o = su_wr_i.valid ? su_wr_i.lanes :
                         pix_wr_i.valid ? pix_wr_i.lanes : tl_wr_i.lanes;
  assign rf_wr_slots_o = su_wr_i.valid ? su_wr_i.slots :
                         pix_wr_i.valid ? pix_wr_i.slots : tl_wr_i.slots;
  assign rf_wr_reg_o   = su_wr_i.valid ? su_wr_i.regs :
                         pix_wr_i.valid ? pix_wr_i.regs : tl_wr_i.regs;
  assign rf_wr_data_o  = su_wr_i.valid ? su_wr_i.data :
                         pix_wr_i.valid ? pix_wr_i.data : tl_wr_i.data;
  assign wr_tag        = su_wr_i.valid ? su_wr_tag_i : pix_wr_i.valid ? pix_tag_i : tl_wr_tag_i;
`ifdef TX_MUT_TAG_SWAP
  assign rf_wr_warp_o  = (wr_tag < TxTagW'(2)) ? (wr_tag ^ TxTagW'(1)) : wr_tag;
`else
  assign rf_wr_warp_o  = wr_tag;
`endif

  // Predicate write: PIXLD's Pd, SULD's Ps or TEX's Ps.
  assign pr_wr_valid_o = pix_pr_i.valid || su_pr_i.valid || tl_pr_i.valid;
  assign pr_wr_quad_o  = su_pr_i.valid ? su_pr_i.quad :
                         pix_pr_i.valid ? pix_pr_i.quad : tl_pr_i.quad;
  assign pr_wr_lanes_o = su_pr_i.valid ? su_pr_i.lanes :
                         pix_pr_i.valid ? pix_pr_i.lanes : tl_pr_i.lanes;
  assign pr_wr_pred_o  = su_pr_i.valid ? su_pr_i.pred :
                         pix_pr_i.valid ? pix_pr_i.pred : tl_pr_i.pred;
  assign pr_wr_data_o  = su_pr_i.valid ? su_pr_i.data :
                         pix_pr_i.valid ? pix_pr_i.data : tl_pr_i.data;
  assign pr_wr_warp_o  = su_pr_i.valid ? su_wr_tag_i : pix_pr_i.valid ? pix_tag_i : tl_pr_tag_i;

  // Memory.  (tx_suld sends no request in its start cycle, so the slots and
  // addresses select by su_busy_i, a register.)
  logic [TxMemIdW-1:0] mem_id_q;

  assign mem_req_valid_o = (|hdr_req_valid_i) || fetch_req_i.valid || su_req_i.valid;
  assign mem_req_slots_o = su_busy_i ? su_req_i.slots :
                           hdr_req_valid_i[0] ? hdr_req_slots_i[0] :
                           hdr_req_valid_i[1] ? hdr_req_slots_i[1] : fetch_req_i.slots;
  assign mem_req_addr_o  = su_busy_i ? su_req_i.addr :
                           hdr_req_valid_i[0] ? hdr_req_addr_i[0] :
                           hdr_req_valid_i[1] ? hdr_req_addr_i[1] : fetch_req_i.addr;
  assign mem_req_warp_o  = su_own_i ? su_mem_tag_i : tl_req_tag_i;
  assign mem_req_id_o    = mem_id_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mem_id_q <= '0;
    end else if (mem_req_valid_o && mem_req_ready_i) begin
      mem_id_q <= mem_id_q + 1'b1;
    end
  end

endmodule
