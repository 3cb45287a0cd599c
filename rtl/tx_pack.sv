/**
 * tx_pack - result packing stage (twin of cmodel/pack.c): write mask,
 * F32 or F16 packing, and the register write port, one quad per cycle.
 *
 * The write-mask code selects components from one of the seed's two tables,
 * chosen by Rd1 == RZ (tx_pkg::tlds_comp_mask); the k-th selected component
 * (R, G, B, A order) is c_k.  Write slots: 0 Rd0, 1 Rd0+1, 2 Rd1, 3 Rd1+1.
 *   F32: c_k goes to slot k.
 *   F16: slot 0 = {h(c1), h(c0)}, slot 2 = {h(c3), h(c2)} when three or more
 *        components are selected; a missing partner half is 0 (S3.3, S4.1),
 *        h = tx_f32_to_f16 with the PRI rounding knob.
 * TEX (docs/semantics.md, TEX): #wmskU04 bit i enables component i; the
 * enabled components, in R, G, B, A order, are written to Rd, Rd+1, ... with
 * no gaps ("decimated contiguous writes"), always F32.
 * Slots naming RZ are dropped.  A quad is written in a cycle it sits in the
 * stage register and the register-file port takes the write (wr_gnt_i; the
 * port is shared, tx_port_arb); it waits there otherwise.  last_written_o
 * pulses in the write cycle of the instruction's final quad.
 */
module tx_pack
  import tx_pkg::*;
(
  input  logic         clk_i,
  input  logic         rst_ni,

  input  tx_tlds_t     dec_i,           // held for the instruction
  input  logic         tex_i,           // TEX (held); else TLDS
  input  logic [7:0]   tex_rd_i,        // TEX Rd (held)
  input  logic [3:0]   tex_wmask_i,     // TEX write mask (held)
  input  logic         fp16_rz_i,       // 0 nearest-even, 1 toward zero
  input  logic         wr_gnt_i,        // the port takes this cycle's write

  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [2:0]   in_quad_i,
  input  logic [3:0]   in_lanes_i,
  input  logic [511:0] in_comp_i,       // lane l, component c at [(l*4+c)*32 +: 32]
  input  logic         in_last_i,

  output logic         rf_wr_valid_o,
  output logic [2:0]   rf_wr_quad_o,
  output logic [3:0]   rf_wr_lanes_o,
  output logic [3:0]   rf_wr_slots_o,
  output logic [31:0]  rf_wr_reg_o,     // slot s register at [s*8 +: 8]
  output logic [511:0] rf_wr_data_o,    // slot s, lane l at [(s*4+l)*32 +: 32]
  output logic         last_written_o
);

  logic         valid, last;
  logic [2:0]   quad;
  logic [3:0]   lanes;
  logic [511:0] comp;

  // A quad leaves in the cycle it is written.
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
    .out_valid_o (valid),
    .out_ready_i (wr_gnt_i),
    .out_quad_o  (quad),
    .out_lanes_o (lanes),
    .out_data_o  (comp),
    .out_last_o  (last)
  );

  ///////////////////////////
  // Component selection   //
  ///////////////////////////

  logic [3:0] cmask;
  logic [1:0] sel [4];   // component index of c_k
  logic [2:0] n;         // number selected, 1..4

  assign cmask = tex_i ? tex_wmask_i : tlds_comp_mask(dec_i.rd1 == RegRZ, dec_i.wmask);

  always_comb begin
    n = 3'd0;
    for (int k = 0; k < 4; k++) begin
      sel[k] = 2'd0;
    end
    for (int c = 0; c < 4; c++) begin
      if (cmask[c]) begin
        sel[n[1:0]] = 2'(c);
        n = n + 3'd1;
      end
    end
  end

  /////////////
  // Packing //
  /////////////

  logic [7:0]  regs [4];
  logic [3:0]  slots;
  logic        f16;

  assign f16 = dec_i.f16 && !tex_i;
  logic [31:0] ck [4][4];   // [lane][k]
  logic [15:0] hk [4][4];   // [lane][k]

  // The selection runs only while a quad is in the stage, the F16
  // conversions only for an F16 result (simulation cost; also where clock
  // gating would go).
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      for (int k = 0; k < 4; k++) begin
        ck[l][k] = 32'd0;
        if (valid && 3'(k) < n) begin
          ck[l][k] = comp[(l*4 + 32'(sel[k]))*32 +: 32];
        end
      end
    end
  end

  for (genvar l = 0; l < 4; l++) begin : g_lane
    for (genvar k = 0; k < 4; k++) begin : g_k
      tx_f32_to_f16 u_f16 (
        .en_i (valid && f16),
        .f_i  (ck[l][k]),
        .rz_i (fp16_rz_i),
        .h_o  (hk[l][k])
      );
    end
  end

  // TEX: Rd, Rd+1, Rd+2, Rd+3; TLDS: Rd0, Rd0+1, Rd1, Rd1+1.
  logic [7:0] rd0, rd0_1, rd0_2;
  assign rd0     = tex_i ? tex_rd_i : dec_i.rd0;
  assign rd0_1   = reg_next(rd0);
  assign rd0_2   = reg_next(rd0_1);
  assign regs[0] = rd0;
  assign regs[1] = rd0_1;
  assign regs[2] = tex_i ? rd0_2 : dec_i.rd1;
  assign regs[3] = tex_i ? reg_next(rd0_2) : reg_next(dec_i.rd1);


  always_comb begin
    if (tex_i) begin
      slots = {(n >= 3'd4), (n >= 3'd3), (n >= 3'd2), (n >= 3'd1)};
    end else if (f16) begin
      slots = {1'b0, (n >= 3'd3), 1'b0, 1'b1};
    end else begin
      slots = {(n >= 3'd4), (n >= 3'd3), (n >= 3'd2), 1'b1};
    end
    for (int s = 0; s < 4; s++) begin
      if (regs[s] == RegRZ) begin
        slots[s] = 1'b0;
      end
    end
  end

  always_comb begin
    rf_wr_data_o = '0;
    if (valid) begin
      for (int l = 0; l < 4; l++) begin
        if (f16) begin
          // A missing component converts as 0.0 -> half 0.
          rf_wr_data_o[(0*4+l)*32 +: 32] = {hk[l][1], hk[l][0]};
          rf_wr_data_o[(2*4+l)*32 +: 32] = {hk[l][3], hk[l][2]};
        end else begin
          for (int s = 0; s < 4; s++) begin
            rf_wr_data_o[(s*4+l)*32 +: 32] = ck[l][s];
          end
        end
      end
    end
  end

  assign rf_wr_valid_o  = valid && (|lanes) && (|slots);
  assign rf_wr_quad_o   = quad;
  assign rf_wr_lanes_o  = lanes;
  assign rf_wr_slots_o  = slots;
  assign rf_wr_reg_o    = {regs[3], regs[2], regs[1], regs[0]};
  assign last_written_o = valid && last && wr_gnt_i;

  // Source, handle and mode fields of the instruction are not packing's.
  logic unused_dec;
  assign unused_dec = ^{dec_i.ra, dec_i.rb, dec_i.tsidx, dec_i.nodep, dec_i.target, dec_i.phase,
                        dec_i.tld};

endmodule
