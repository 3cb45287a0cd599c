/**
 * tx_gather - operand gather stage: walks the quads that have an active lane
 * and reads their operand registers through the register-file port.
 *
 * Twin of cmodel/gather.c.  The register-file port reads 8 slots per quad
 * and cycle.  TLDS: 0 Ra, 1 Ra+1, 2 Rb, 3 Rb+1, as the target code needs them
 * (tx_pkg::tlds_reads), 4-7 unused.  TEX: slot i = Ra+i for i < ra_n and
 * slot 4+i = Rb+i for i < rb_n (tx_pkg::tex_ra_n / tex_rb_n: the seed's
 * packing with compaction; the meaning of each slot is given downstream);
 * the TEX form of a TEXS with rb_last_i reads slot ra_n-1 from Rb and slot
 * 4+i from Rb+1+i.
 * A slot the form does not read is requested as RZ and every RZ slot reads 0
 * (S1.2), whatever the port returns; a group that runs past R254 reads RZ.  The stage register holds the quad whose read was issued last
 * cycle; its data is rf_rd_data_i of this cycle.  While the stage is stalled
 * the same read is issued again, so the data is present whenever the quad
 * leaves (a read has no side effect and the quad's own writes come later).
 * out_ops_o is lane-major: lane l, operand o at [(l*8+o)*32 +: 32]; lanes
 * outside out_lanes_o read 0.  Quads go out in ascending order; out_last_o
 * marks the final one.
 * Back-to-back walks (docs/rtl.md, "Instructions in flight"): a new walk may
 * start (start_i) in any cycle free_o is set, that is once the read of the
 * previous walk's last quad goes out, while that quad still waits in the
 * stage register.  The held quad keeps what its read used (registers,
 * lanes, TEX flag, id_i) in registers of its own, so the instruction inputs
 * may change to the new walk's from the cycle after start_i; rf_rd_id_o and
 * out_id_o name the walk (id_i) of the read issued and of the quad held.
 * The register port is shared (tx_port_arb): a read that is not granted
 * (rf_rd_gnt_i low) leaves the held quad without its data in the next
 * cycle, so the quad stays and reads again, as when it is stalled.
 */
module tx_gather
  import tx_pkg::*;
(
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         start_i,        // begin a walk; only while idle
  input  logic [31:0]  active_i,       // active lanes, sampled with start_i
  input  logic         tex_i,          // TEX (held); else TLDS
  input  logic [3:0]   target_i,       // TLDS target code (held)
  input  logic [2:0]   ra_n_i,         // TEX: registers of the Ra group (held)
  input  logic [2:0]   rb_n_i,         // TEX: registers of the Rb group (held)
  input  logic         rb_last_i,      // TEX: slot ra_n-1 is Rb, slot 4+i Rb+1+i (held)
  input  logic [7:0]   ra_i,
  input  logic [7:0]   rb_i,
  output logic         idle_o,         // nothing left to read
  // ---- back-to-back walks ----
  input  logic         id_i,           // the walk's context (held from the cycle after start_i)
  output logic         free_o,         // start_i may be set in this cycle
  output logic         rf_rd_id_o,     // walk of the read issued in this cycle
  output logic         out_id_o,       // walk of the quad held

  output logic         rf_rd_valid_o,
  output logic [2:0]   rf_rd_quad_o,
  output logic [63:0]   rf_rd_reg_o,   // slot s register at [s*8 +: 8]
  input  logic         rf_rd_gnt_i,    // the port takes this cycle's read
  input  logic [1023:0] rf_rd_data_i,  // slot s, lane l at [(s*4+l)*32 +: 32]

  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [2:0]   out_quad_o,
  output logic [3:0]   out_lanes_o,
  output logic [1023:0] out_ops_o,     // lane l, operand o at [(l*8+o)*32 +: 32]
  output logic         out_last_o
);

  logic [Quads-1:0] pend_q, pend_d;  // quads still to read
  logic [31:0] active_q;
  logic        valid_q, valid_d;
  logic [2:0]  quad_q, quad_d;
  logic        last_q, last_d;
  logic [2:0]  next_quad;
  logic        adv;
  logic [3:0]  reads;
  logic [7:0]  regs [8];
  logic [7:0]  ra_grp [4], rb_grp [5];
  logic [3:0]  lanes;
  // The held quad's read: registers, lanes, TEX flag and walk.
  logic [63:0] hregs_q;
  logic [3:0]  hlanes_q;
  logic        htex_q, hid_q;
  logic        load;
  logic [63:0] rf_rd_reg_now;
  logic        data_q;   // the held quad's read was granted: its data is on the port

  // Lowest quad still pending.
  always_comb begin
    next_quad = 3'd0;
    for (int q = Quads - 1; q >= 0; q--) begin
      if (pend_q[q]) begin
        next_quad = 3'(q);
      end
    end
  end

  assign adv = !valid_q || (data_q && out_ready_i);

  always_comb begin
    pend_d  = pend_q;
    valid_d = valid_q;
    quad_d  = quad_q;
    last_d  = last_q;
    if (adv) begin
      valid_d = |pend_q;
      if (|pend_q) begin
        quad_d            = next_quad;
        pend_d[next_quad] = 1'b0;
        last_d            = (pend_d == '0);
      end
    end
    // A new walk (only when nothing is left to read after this cycle).
    if (start_i) begin
      for (int q = 0; q < Quads; q++) begin
        pend_d[q] = |active_i[q*4 +: 4];
      end
    end
  end

  assign load   = adv && (|pend_q);
  assign free_o = (pend_q == '0) || (adv && $onehot(pend_q));

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_q   <= '0;
      active_q <= '0;
      valid_q  <= 1'b0;
      quad_q   <= '0;
      last_q   <= 1'b0;
      hregs_q  <= '0;
      hlanes_q <= '0;
      htex_q   <= 1'b0;
      hid_q    <= 1'b0;
      data_q   <= 1'b0;
    end else begin
      data_q  <= rf_rd_gnt_i;
      pend_q  <= pend_d;
      valid_q <= valid_d;
      quad_q  <= quad_d;
      last_q  <= last_d;
      if (start_i) begin
        active_q <= active_i;
      end
      if (load) begin
        hregs_q  <= rf_rd_reg_now;
        hlanes_q <= active_q[next_quad*4 +: 4];
        htex_q   <= tex_i;
        hid_q    <= id_i;
      end
    end
  end

  assign idle_o = (pend_q == '0) && !valid_q;

  /////////////////////
  // Register reads  //
  /////////////////////

  assign reads = tlds_reads(target_i);

  always_comb begin
    ra_grp[0] = ra_i;
    rb_grp[0] = rb_i;
    for (int i = 1; i < 4; i++) begin
      ra_grp[i] = reg_next(ra_grp[i-1]);
    end
    for (int i = 1; i < 5; i++) begin
      rb_grp[i] = reg_next(rb_grp[i-1]);
    end
    for (int i = 0; i < 4; i++) begin
      if (tex_i) begin
        // The TEX form of a TEXS reads its last coordinate from Rb
        // (rb_last_i; docs/semantics.md S14.2, cmodel/gather.c).
        if (3'(i) >= ra_n_i) begin
          regs[i] = RegRZ;
        end else if (rb_last_i && (3'(i) == ra_n_i - 3'd1)) begin
          regs[i] = rb_grp[0];
        end else begin
          regs[i] = ra_grp[i];
        end
        regs[4+i] = (3'(i) < rb_n_i) ? rb_grp[i + int'(rb_last_i)] : RegRZ;
      end else begin
        regs[4+i] = RegRZ;
      end
    end
    if (!tex_i) begin
      regs[0] = reads[0] ? ra_grp[0] : RegRZ;
      regs[1] = reads[1] ? ra_grp[1] : RegRZ;
      regs[2] = reads[2] ? rb_grp[0] : RegRZ;
      regs[3] = reads[3] ? rb_grp[1] : RegRZ;
    end
  end

  // A stalled quad reads again what its own read named.
  assign rf_rd_valid_o = adv ? |pend_q : valid_q;
  assign rf_rd_quad_o  = adv ? next_quad : quad_q;
  assign rf_rd_reg_o   = adv ? rf_rd_reg_now : hregs_q;
  assign rf_rd_id_o    = adv ? id_i : hid_q;

  always_comb begin
    for (int i = 0; i < 8; i++) begin
      rf_rd_reg_now[i*8 +: 8] = regs[i];
    end
  end

  ////////////
  // Output //
  ////////////

  assign lanes = hlanes_q;

  // The operands pass only while a quad is held: this logic reads the
  // register-file port, a top input, so it runs at every evaluation
  // (simulation cost; docs/rtl.md, "Gated datapath").
  always_comb begin
    out_ops_o = '0;
    if (valid_q && data_q) begin
      for (int l = 0; l < 4; l++) begin
        for (int s = 0; s < 8; s++) begin
          // TEX keeps the inactive lanes of the quad: their coordinates
          // still give the quad's derivatives (docs/filtering.md L1, L3).
          if ((lanes[l] || htex_q) && (hregs_q[s*8 +: 8] != RegRZ)) begin
            out_ops_o[(l*8+s)*32 +: 32] = rf_rd_data_i[(s*4+l)*32 +: 32];
          end
        end
      end
    end
  end

  assign out_id_o = hid_q;

  assign out_valid_o = valid_q && data_q;
  assign out_quad_o  = quad_q;
  assign out_lanes_o = lanes;
  assign out_last_o  = last_q;

endmodule
