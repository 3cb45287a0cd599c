/**
 * tx_tags - tag tracking and completion: each tag's (warp slot's) status
 * and the completion port (docs/rtl.md, "Instructions in flight").
 *
 * A tag has one instruction in flight (the testbench offers a warp's next
 * instruction after its completion).  An instruction is due (pend_q) when it completes at once in its issue cycle,
 * when tx_pack or tx_pixld writes its last quad (the tag of that quad), or
 * when tx_suld writes its last quad or traps (with the tag it names).  Due
 * completions are reported one per cycle, lowest tag first.  A fault is
 * collected per tag as it happens (a header stage's, a texel fetch's) and
 * reported as StFault when the status is otherwise StOk; tx_suld reports
 * its own status.  C-model twin: the status of cmodel/model.c's
 * tx_model_step (tb/core/warps.c matches completions to warps by tag).
 */
module tx_tags
  import tx_pkg::*;
#(
  parameter int unsigned NCtx = 2   // front-end contexts (header stages)
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,

  // Issue (tx_issue)
  input  logic                        fire_i,
  input  logic [TxTagW-1:0]           warp_i,
  input  logic                        imm_done_i,
  input  tx_status_e                  imm_status_i,
  input  logic [7:0]                  imm_hash_i,

  // Completions and faults as they happen
  input  logic                        pack_last_i,    // tx_pack wrote an instruction's last quad
  input  logic                        pix_last_i,     // tx_pixld wrote its last quad
  input  logic [TxTagW-1:0]           pack_tag_i,
  input  logic [TxTagW-1:0]           pix_tag_i,      // of pix_last_i
  input  logic [NCtx-1:0]             hdr_fault_i,    // per context: its header faulted
  input  logic [NCtx-1:0][TxTagW-1:0] hdr_tag_i,
  input  logic                        fetch_fault_i,
  input  logic [TxTagW-1:0]           fetch_tag_i,
  input  logic                        su_done_i,      // tx_suld's last write ...
  input  logic [TxTagW-1:0]           su_done_tag_i,  // ... of this tag
  input  tx_status_e                  su_status_i,
  input  logic                        su_trap_i,      // tx_suld's .TRAP ends ...
  input  logic [TxTagW-1:0]           su_trap_tag_i,  // ... this tag

  // Completion port of tx_top
  output logic                        done_valid_o,
  output logic [TxTagW-1:0]           done_tag_o,
  output logic [3:0]                  done_status_o,
  output logic [7:0]                  done_hash_o
);

  logic [TxWarps-1:0] pend_q, pend_d;     // tags whose completion is due
  tx_status_e         status_q [TxWarps];
  logic [7:0]         hash_q [TxWarps];
  logic [TxWarps-1:0] fault_q;
  logic [TxTagW-1:0]  done_sel;

  always_comb begin
    pend_d = pend_q;
    if (pend_q != '0) begin
      pend_d[done_sel] = 1'b0;
    end
    if (pack_last_i) begin
      pend_d[pack_tag_i] = 1'b1;
    end
    if (pix_last_i) begin
      pend_d[pix_tag_i] = 1'b1;
    end
    if (su_done_i) begin
      pend_d[su_done_tag_i] = 1'b1;
    end
    if (su_trap_i) begin
      pend_d[su_trap_tag_i] = 1'b1;
    end
    if (fire_i) begin
      if (imm_done_i) begin
        pend_d[warp_i] = 1'b1;
      end
    end
  end

  // Lowest pending tag first.
  always_comb begin
    done_sel = '0;
    for (int t = TxWarps - 1; t >= 0; t--) begin
      if (pend_q[t]) begin
        done_sel = TxTagW'(t);
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_q  <= '0;
      fault_q <= '0;
      for (int t = 0; t < TxWarps; t++) begin
        status_q[t] <= StOk;
        hash_q[t]   <= '0;
      end
    end else begin
      pend_q <= pend_d;
      for (int c = 0; c < NCtx; c++) begin
        if (hdr_fault_i[c]) begin
          fault_q[hdr_tag_i[c]] <= 1'b1;
        end
      end
      if (fetch_fault_i) begin
        fault_q[fetch_tag_i] <= 1'b1;
      end
      // SULD: tx_suld reports its status (OK or FAULT) with su_done, TRAP
      // with su_trap.
      if (su_done_i) begin
        status_q[su_done_tag_i] <= su_status_i;
      end
      if (su_trap_i) begin
        status_q[su_trap_tag_i] <= StTrap;
      end
      if (fire_i) begin
        fault_q[warp_i]  <= 1'b0;
        status_q[warp_i] <= imm_status_i;
        hash_q[warp_i]   <= imm_hash_i;
      end
    end
  end

  assign done_valid_o  = (pend_q != '0);
  assign done_tag_o    = done_sel;
  assign done_status_o = (status_q[done_sel] == StOk && fault_q[done_sel]) ? StFault
                                                                         : status_q[done_sel];
  assign done_hash_o   = hash_q[done_sel];

endmodule
