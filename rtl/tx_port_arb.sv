/**
 * tx_port_arb - port arbitration: the constant-bank, register-file,
 * predicate and memory ports of tx_top, shared by the quad pipe (with its
 * front end), tx_suld and tx_pixld, and the tag each access names
 * (docs/rtl.md, "Port arbitration").
 *
 * The three units run side by side, so every port has an order of priority
 * and the units below the first wait for a grant:
 *   register read       tx_pixld, tx_suld, the quad pipe's gather walk.  A
 *                       read not granted is issued again in the next cycle
 *                       (the data comes the cycle after a read);
 *   register and        tx_pixld, tx_suld, the quad pipe's tx_pack.  A unit
 *   predicate write     writes both ports in one cycle, so one grant covers
 *                       both, and it is given only when no unit above uses
 *                       either port;
 *   memory              a header request (context 0's, then context 1's),
 *                       the texel request of tx_fetch, tx_suld's request:
 *                       each below waits (tx_front's fetch_ready_o and
 *                       fetch_hold_o for the texel request, su_mem_ready_o
 *                       for tx_suld);
 *   constant bank       read only in issue cycles (the front's header stage
 *                       or tx_suld's start), one instruction per cycle.
 * Between tx_suld and the quad pipe the order turns: the one of the two that
 * is second and waited in the last cycle goes first (the gather walk's read,
 * tx_pack's write, tx_suld's memory request; *_age_q), so under contention
 * they alternate.  tx_suld's handle read in its start cycle always goes
 * (it cannot be repeated; tx_issue starts a SULD only while tx_pixld's walk
 * reads nothing).  tx_pixld never waits: its walk reads a quad per clock and
 * its stage writes one; when another unit waited for it, pix_hold_o keeps
 * tx_issue from starting the next PIXLD.  So no unit waits for good: none
 * of them waits on another's response.  Memory requests are numbered in
 * request order (mem_req_id_o); responses come back in that order, so the
 * id they echo is not needed.
 *
 * Tags: the constant bank names the issuing instruction; a register read
 * the reading unit's (tx_pixld's walk, tx_suld's front, the gather walk's
 * context); a register or predicate write the writing unit's quad; a
 * memory request the header stage's, the fetching quad's or tx_suld's.
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

  // Tags of the units' accesses
  input  logic [TxTagW-1:0]         tag_now_i,      // the issuing instruction's
  input  logic [TxTagW-1:0]         pix_rd_tag_i,   // tx_pixld's register read ...
  input  logic [TxTagW-1:0]         pix_tag_i,      // ... and its writing quad's
  input  logic [TxTagW-1:0]         su_rd_tag_i,    // tx_suld's register read ...
  input  logic [TxTagW-1:0]         su_wr_tag_i,    // ... register and predicate write ...
  input  logic [TxTagW-1:0]         su_mem_tag_i,   // ... and memory request

  // Requests of the units, and their grants
  input  logic                      tl_cb_valid_i,  // header stages
  input  logic [15:0]               tl_cb_addr_i,
  input  logic                      su_cb_valid_i,
  input  logic [15:0]               su_cb_addr_i,
  input  tx_rf_rd_t                 tl_rd_i,
  input  logic [TxTagW-1:0]         tl_rd_tag_i,
  output logic                      tl_rd_gnt_o,
  input  tx_rf_rd_t                 pix_rd_i,
  input  tx_rf_rd_t                 su_rd_i,
  input  logic                      su_first_i,     // tx_suld's start cycle (its handle read)
  output logic                      su_rd_gnt_o,
  input  tx_rf_wr_t                 tl_wr_i,
  input  logic [TxTagW-1:0]         tl_wr_tag_i,
  input  tx_pr_wr_t                 tl_pr_i,
  input  logic [TxTagW-1:0]         tl_pr_tag_i,
  output logic                      tl_wr_gnt_o,
  input  tx_rf_wr_t                 pix_wr_i,
  input  tx_pr_wr_t                 pix_pr_i,
  input  tx_rf_wr_t                 su_wr_i,
  input  tx_pr_wr_t                 su_pr_i,
  input  logic                      su_wr_want_i,   // tx_suld would write (before its grant)
  output logic                      su_wr_gnt_o,
  input  logic [1:0]                hdr_req_valid_i,  // per front-end context
  input  logic [1:0][MemSlots-1:0]  hdr_req_slots_i,
  input  logic [1:0][MemSlots*AddrW-1:0] hdr_req_addr_i,
  input  tx_mem_req_t               fetch_req_i,
  input  logic [TxTagW-1:0]         tl_req_tag_i,
  input  tx_mem_req_t               su_req_i,
  output logic                      su_mem_ready_o,
  output logic                      fetch_hold_o,   // tx_suld's request goes before the texel request
  output logic                      mem_req_su_o,   // the request on the port is tx_suld's
  output logic                      pix_hold_o,     // a unit waited for tx_pixld (tx_issue)

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

  // Constant bank: one reader per issue cycle.
  assign cb_rd_valid_o = tl_cb_valid_i || su_cb_valid_i;
  assign cb_rd_addr_o  = su_cb_valid_i ? su_cb_addr_i : tl_cb_addr_i;
  assign cb_rd_warp_o  = tag_now_i;

  // Register read (8 slots): PIXLD reads slot 0, SULD slots 0-3; the other
  // slots name RZ.
  logic su_r, tl_rd_age_q, tl_wr_age_q, su_mem_age_q;

  assign su_rd_gnt_o   = !pix_rd_i.valid && (su_first_i || !(tl_rd_age_q && tl_rd_i.valid));
  assign su_r          = su_rd_i.valid && su_rd_gnt_o;   // tx_suld reads this cycle
  assign tl_rd_gnt_o   = !pix_rd_i.valid && !su_r;
  assign rf_rd_valid_o = tl_rd_i.valid || pix_rd_i.valid || su_rd_i.valid;
  assign rf_rd_quad_o  = pix_rd_i.valid ? pix_rd_i.quad :
                         su_r ? su_rd_i.quad : tl_rd_i.quad;
  assign rf_rd_reg_o   = pix_rd_i.valid ? pix_rd_i.regs :
                         su_r ? su_rd_i.regs : tl_rd_i.regs;
  assign rf_rd_warp_o  = pix_rd_i.valid ? pix_rd_tag_i :
                         su_r ? su_rd_tag_i : tl_rd_tag_i;

  // Register and predicate writes: slot 0 of the register write is Rd.  A
  // unit's write valids say what it would write; the grant says it does.
  logic              pix_w, su_w, tl_want;   // tx_pixld, tx_suld write; tx_pack would
  logic [TxTagW-1:0] wr_tag;

  assign pix_w       = pix_wr_i.valid || pix_pr_i.valid;
  assign tl_want     = tl_wr_i.valid || tl_pr_i.valid;
  assign su_wr_gnt_o = !pix_w && !(tl_wr_age_q && tl_want);
  assign su_w        = su_wr_i.valid || su_pr_i.valid;   // (granted: its valids follow the grant)
  assign tl_wr_gnt_o = !pix_w && !su_w;

  assign rf_wr_valid_o = pix_wr_i.valid || su_wr_i.valid || (tl_wr_i.valid && tl_wr_gnt_o);
  assign rf_wr_quad_o  = pix_w ? pix_wr_i.quad  : su_w ? su_wr_i.quad  : tl_wr_i.quad;
  assign rf_wr_lanes_o = pix_w ? pix_wr_i.lanes : su_w ? su_wr_i.lanes : tl_wr_i.lanes;
  assign rf_wr_slots_o = pix_w ? pix_wr_i.slots : su_w ? su_wr_i.slots : tl_wr_i.slots;
  assign rf_wr_reg_o   = pix_w ? pix_wr_i.regs  : su_w ? su_wr_i.regs  : tl_wr_i.regs;
  assign rf_wr_data_o  = pix_w ? pix_wr_i.data  : su_w ? su_wr_i.data  : tl_wr_i.data;
  assign wr_tag        = pix_w ? pix_tag_i : su_w ? su_wr_tag_i : tl_wr_tag_i;
`ifdef TX_MUT_TAG_SWAP
  assign rf_wr_warp_o  = (wr_tag < TxTagW'(2)) ? (wr_tag ^ TxTagW'(1)) : wr_tag;
`else
  assign rf_wr_warp_o  = wr_tag;
`endif

  // Predicate write: PIXLD's Pd, SULD's Ps or TEX's Ps.
  assign pr_wr_valid_o = pix_pr_i.valid || su_pr_i.valid || (tl_pr_i.valid && tl_wr_gnt_o);
  assign pr_wr_quad_o  = pix_w ? pix_pr_i.quad  : su_w ? su_pr_i.quad  : tl_pr_i.quad;
  assign pr_wr_lanes_o = pix_w ? pix_pr_i.lanes : su_w ? su_pr_i.lanes : tl_pr_i.lanes;
  assign pr_wr_pred_o  = pix_w ? pix_pr_i.pred  : su_w ? su_pr_i.pred  : tl_pr_i.pred;
  assign pr_wr_data_o  = pix_w ? pix_pr_i.data  : su_w ? su_pr_i.data  : tl_pr_i.data;
  assign pr_wr_warp_o  = pix_w ? pix_tag_i : su_w ? su_wr_tag_i : tl_pr_tag_i;

  // Memory.
  logic                tl_req;
  logic [TxMemIdW-1:0] mem_id_q;

  // tl_req: the front end's request goes out (a header, or a texel request
  // that tx_suld's turn does not hold back).
  assign fetch_hold_o    = su_mem_age_q && su_req_i.valid;
  assign tl_req          = (|hdr_req_valid_i) || (fetch_req_i.valid && !fetch_hold_o);
  assign su_mem_ready_o  = mem_req_ready_i && !tl_req;
  assign mem_req_su_o    = !tl_req;
  assign mem_req_valid_o = tl_req || su_req_i.valid;
  assign mem_req_slots_o = hdr_req_valid_i[0] ? hdr_req_slots_i[0] :
                           hdr_req_valid_i[1] ? hdr_req_slots_i[1] :
                           tl_req ? fetch_req_i.slots : su_req_i.slots;
  assign mem_req_addr_o  = hdr_req_valid_i[0] ? hdr_req_addr_i[0] :
                           hdr_req_valid_i[1] ? hdr_req_addr_i[1] :
                           tl_req ? fetch_req_i.addr : su_req_i.addr;
  assign mem_req_warp_o  = tl_req ? tl_req_tag_i : su_mem_tag_i;
  assign mem_req_id_o    = mem_id_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mem_id_q     <= '0;
      tl_rd_age_q  <= 1'b0;
      tl_wr_age_q  <= 1'b0;
      su_mem_age_q <= 1'b0;
      pix_hold_o   <= 1'b0;
    end else begin
      if (mem_req_valid_o && mem_req_ready_i) begin
        mem_id_q <= mem_id_q + 1'b1;
      end
      // Who waited this cycle, and for whom.
      tl_rd_age_q  <= tl_rd_i.valid && !tl_rd_gnt_o;
      tl_wr_age_q  <= tl_want && !tl_wr_gnt_o;
      su_mem_age_q <= su_req_i.valid && !(su_mem_ready_o && mem_req_ready_i);
      pix_hold_o   <= (pix_rd_i.valid && (su_rd_i.valid || tl_rd_i.valid)) ||
                      (pix_w && (su_wr_want_i || tl_want));
    end
  end

endmodule
