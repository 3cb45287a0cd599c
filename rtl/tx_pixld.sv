/**
 * tx_pixld - pixel-load unit: PIXLD reads the raster state (sample count,
 * coverage, sample positions, sample index) into Rd and, for .COVERED and
 * .MY_INDEX, into Pd.
 *
 * Twin of cmodel/pixld.c (the per-lane results) and cmodel/insn_pixld.c
 * (lanes, operands, writes); rules in docs/semantics.md section 7.  It runs
 * beside the quad pipe and tx_suld and shares the register-file and
 * predicate ports with them; it has the first claim on both (tx_port_arb),
 * so it never stalls.
 *
 * PIXLDs of several warps follow each other: the next one may start once
 * the walk has read every quad (free_o), in the cycle the pixld stage
 * holds the previous one's last quad; the stage keeps the tag of its quad
 * (tag_o), the walk the tag of its reads (rd_tag_o).  tx_issue holds the
 * raster state of the last PIXLD issued, so it changes only at such a
 * start, after the previous instruction's last use of it.
 *
 * Two stages, one quad per clock, no stalls:
 *   walk     from the start cycle on, the lowest quad with an active lane
 *            that is not read yet; the read of Ra (slot 0) goes out for it
 *            when the mode takes an address and Ra is not RZ.
 *   pixld    the quad whose read went out last cycle: Ra from
 *            rf_rd_data_i, the sample index, the result of each lane, and
 *            the register and predicate writes of the quad in this cycle.
 * last_written_o is high in the cycle of the final quad's writes.  The
 * raster state must hold still while an instruction runs.
 *
 * Tap (valid with each quad's writes): Ra as read (0 when not read), the
 * sample index of the address (0 in modes without one), the value for Rd
 * and the value for Pd, lane l at [l*32 +: 32] / bit l.
 */
module tx_pixld
  import tx_pkg::*;
  import tx_port_pkg::*;
(
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         start_i,        // issue cycle of a legal PIXLD with an active lane
  input  logic [63:0]  insn_i,         // the word, sampled with start_i
  input  logic [31:0]  active_i,       // active lanes, sampled with start_i
  input  logic [TxTagW-1:0] warp_i,    // its tag, sampled with start_i
  input  tx_raster_t   raster_i,       // held while the instruction runs

  output tx_rf_rd_t    rf_rd_o,        // slot 0: Ra; the others RZ
  input  logic [127:0] rf_rd_data_i,   // slot 0, lane l at [l*32 +: 32]

  output tx_rf_wr_t    rf_wr_o,        // slot 0: Rd

  output tx_pr_wr_t    pr_wr_o,

  output logic         last_written_o,
  output logic         free_o,         // the walk takes a start
  output logic [TxTagW-1:0] tag_o,     // tag of the pixld stage's quad
  output logic [TxTagW-1:0] rd_tag_o,  // tag of the walk's register read

  output logic         tap_valid_o,
  output logic [2:0]   tap_quad_o,
  output logic [3:0]   tap_lanes_o,
  output logic [127:0] tap_ra_o,
  output logic [127:0] tap_index_o,
  output logic [127:0] tap_val_o,
  output logic [3:0]   tap_pred_o
);

  // Modes, insn [33:31] (cmodel/isa.h enum tx_pixld_mode).
  localparam logic [2:0] ModeMsCount  = 3'd0;
  localparam logic [2:0] ModeCovMask  = 3'd1;
  localparam logic [2:0] ModeCovered  = 3'd2;
  localparam logic [2:0] ModeOffset   = 3'd3;
  localparam logic [2:0] ModeCentroid = 3'd4;
  localparam logic [2:0] ModeMyIndex  = 3'd5;

  ////////////
  // Fields //
  ////////////

  logic [2:0]  mode_q;
  logic [7:0]  rd_q, ra_q, imm_q;
  logic [2:0]  pd_q;
  logic [31:0] active_q;

  // The walk reads with the fields of the word in the start cycle and with
  // the registered ones after it.
  logic [2:0]  walk_mode;
  logic [7:0]  walk_ra;
  logic        walk_reads;

  assign walk_mode  = start_i ? insn_i[33:31] : mode_q;
  assign walk_ra    = start_i ? insn_i[15:8] : ra_q;
  // Only .COVERED and .OFFSET take an address (S7.3, S7.7); RZ reads 0.
  assign walk_reads = ((walk_mode == ModeCovered) || (walk_mode == ModeOffset)) &&
                      (walk_ra != RegRZ);

  //////////
  // Walk //
  //////////

  logic [Quads-1:0] pend_q, pend_d, pend_src;
  logic             valid_q, valid_d;
  logic [2:0]       quad_q, quad_d;
  logic             last_q, last_d;
  logic [2:0]       next_quad;
  logic [TxTagW-1:0] wtag_q, stag_q;   // the walk's instruction, the stage's quad's

  always_comb begin
    pend_src = pend_q;
    if (start_i) begin
      for (int q = 0; q < Quads; q++) begin
        pend_src[q] = |active_i[q*4 +: 4];
      end
    end
  end

  // Lowest quad still to read.
  always_comb begin
    next_quad = 3'd0;
    for (int q = Quads - 1; q >= 0; q--) begin
      if (pend_src[q]) begin
        next_quad = 3'(q);
      end
    end
  end

  always_comb begin
    pend_d  = pend_src;
    valid_d = |pend_src;
    quad_d  = next_quad;
    last_d  = 1'b0;
    if (|pend_src) begin
      pend_d[next_quad] = 1'b0;
      last_d            = (pend_d == '0);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_q   <= '0;
      valid_q  <= 1'b0;
      quad_q   <= '0;
      last_q   <= 1'b0;
      mode_q   <= '0;
      rd_q     <= '0;
      ra_q     <= '0;
      imm_q    <= '0;
      pd_q     <= '0;
      active_q <= '0;
      wtag_q   <= '0;
      stag_q   <= '0;
    end else begin
      pend_q  <= pend_d;
      valid_q <= valid_d;
      quad_q  <= quad_d;
      last_q  <= last_d;
      stag_q  <= start_i ? warp_i : wtag_q;
      if (start_i) begin
        wtag_q   <= warp_i;
        mode_q   <= insn_i[33:31];
        rd_q     <= insn_i[7:0];
        ra_q     <= insn_i[15:8];
        imm_q    <= insn_i[27:20];
        pd_q     <= insn_i[47:45];
        active_q <= active_i;
      end
    end
  end

  assign rf_rd_o = '{valid: (|pend_src) && walk_reads,
                     quad:  next_quad,
                     regs:  {{7{RegRZ}}, walk_ra}};

  ///////////
  // Pixld //
  ///////////

  logic [3:0]  lanes;
  logic        reads;
  logic [16:0] all_samples;
  logic [15:0] all_mask;

  assign lanes       = active_q[quad_q*4 +: 4];
  assign reads       = ((mode_q == ModeCovered) || (mode_q == ModeOffset)) && (ra_q != RegRZ);
  assign all_samples = (17'd1 << raster_i.samples) - 17'd1;
  assign all_mask    = all_samples[15:0];

  // Offset word of a {dy, dx} pair of s4 values: s16 dx in [15:0], s16 dy
  // in [31:16] (S7.4).
  function automatic logic [31:0] offset_word(logic [7:0] p);
    offset_word = {{12{p[7]}}, p[7:4], {12{p[3]}}, p[3:0]};
  endfunction

  // Position {dy, dx} of sample s: programmed, or the standard pattern.
  function automatic logic [7:0] pos_of(logic prog, logic [127:0] pos, logic [4:0] n,
                                        logic [3:0] s);
    pos_of = prog ? pos[s*8 +: 8] : std_sample_pos(n, s);
  endfunction

  logic [31:0] ra_v   [4];
  logic [31:0] index  [4];
  logic [31:0] val    [4];
  logic [3:0]  pred;

  // The lanes' results, only in a cycle with a quad (valid_q): Ra comes
  // from rf_rd_data_i in the cycle it arrives, so this is in the verilated
  // model's input region, run on every evaluation; the enable keeps it to
  // the cycles that write (simulation cost; also where clock gating would
  // go).  Otherwise every lane reads 0.
  always_comb begin
    logic [4:0]  lane;
    logic [15:0] cov;
    logic        in_range;
    logic [3:0]  first;
    lane     = '0;
    cov      = '0;
    in_range = 1'b0;
    first    = '0;
    for (int l = 0; l < 4; l++) begin
      ra_v[l]  = 32'd0;
      index[l] = 32'd0;
      val[l]   = 32'd0;
      pred[l]  = 1'b0;
    end
    if (valid_q) begin
      for (int l = 0; l < 4; l++) begin
        lane     = {quad_q, 2'(l)};
        ra_v[l]  = (reads && lanes[l]) ? rf_rd_data_i[l*32 +: 32] : 32'd0;
        // [#ImmU08] with Ra = RZ; [Ra+#ImmS08] otherwise (S7.3).
        if ((mode_q != ModeCovered) && (mode_q != ModeOffset)) begin
          index[l] = 32'd0;
        end else if (ra_q == RegRZ) begin
          index[l] = {24'd0, imm_q};
        end else begin
          index[l] = ra_v[l] + {{24{imm_q[7]}}, imm_q};
        end
        in_range = (index[l] < {27'd0, raster_i.samples});
        cov      = raster_i.cov[lane*16 +: 16] & all_mask;

        // Lowest covered sample.
        first = 4'd0;
        for (int s = 15; s >= 0; s--) begin
          if (cov[s]) begin
            first = 4'(s);
          end
        end

        val[l]  = 32'd0;
        pred[l] = 1'b0;
        unique case (mode_q)
          ModeMsCount: val[l] = {27'd0, raster_i.samples};
          ModeCovMask: val[l] = {16'd0, cov};
          ModeCovered: begin
            pred[l] = in_range && cov[index[l][3:0]];
            val[l]  = {31'd0, pred[l]};
          end
          ModeOffset: begin
            if (in_range) begin
              val[l] = offset_word(pos_of(raster_i.programmed, raster_i.pos, raster_i.samples,
                                           index[l][3:0]));
            end
          end
          ModeCentroid: begin
            // Centre when fully covered or when nothing is (S7.5).
            if ((cov != all_mask) && (cov != 16'd0)) begin
              val[l] = offset_word(pos_of(raster_i.programmed, raster_i.pos, raster_i.samples,
                                           first));
            end
          end
          ModeMyIndex: begin
            if (raster_i.ssaa) begin
              val[l]  = {28'd0, raster_i.sample[lane*4 +: 4]};
              pred[l] = 1'b1;
            end
          end
          default: ;
        endcase
      end
    end
  end

  ////////////
  // Writes //
  ////////////

  assign rf_wr_o = '{valid: valid_q && (rd_q != RegRZ),
                     quad:  quad_q,
                     lanes: lanes,
                     slots: 4'b0001,
                     regs:  {RegRZ, RegRZ, RegRZ, rd_q},
                     data:  {384'd0, val[3], val[2], val[1], val[0]}};

  // Only .COVERED and .MY_INDEX write a predicate, and PT suppresses it.
  assign pr_wr_o = '{valid: valid_q && (pd_q != PredPT) &&
                            ((mode_q == ModeCovered) || (mode_q == ModeMyIndex)),
                     quad:  quad_q,
                     lanes: lanes,
                     pred:  pd_q,
                     data:  pred};

  assign last_written_o = valid_q && last_q;
  assign free_o         = (pend_q == '0);
  assign tag_o          = stag_q;
  assign rd_tag_o       = start_i ? warp_i : wtag_q;

  //////////
  // Taps //
  //////////

  assign tap_valid_o = valid_q;
  assign tap_quad_o  = quad_q;
  assign tap_lanes_o = lanes;
  assign tap_ra_o    = {ra_v[3], ra_v[2], ra_v[1], ra_v[0]};
  assign tap_index_o = {index[3], index[2], index[1], index[0]};
  assign tap_val_o   = {val[3], val[2], val[1], val[0]};
  assign tap_pred_o  = pred;

  logic unused_insn;
  assign unused_insn = ^{insn_i[63:48], insn_i[44:34], insn_i[30:28], insn_i[19:16],
                         all_samples[16]};

endmodule
