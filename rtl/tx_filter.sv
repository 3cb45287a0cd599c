/**
 * tx_filter - filter stage (twin of cmodel/filter.c tx_filter_tex and
 * tx_filter_point), one pass of a quad per cycle.
 *
 * TLDS always samples with a point filter (seed "Texture Header State
 * Overrides"), and so does a TEX lane that does not blend: tap 0's four
 * components pass through unchanged.  A blending lane (linear, or two tap
 * groups) runs docs/filtering.md B4 with the fp32 lerp of B1-B3
 * (tx_pkg::flerp), each component alone:
 *   row0 = lerp(t0, t1, fu), row1 = lerp(t2, t3, fu), g = lerp(row0, row1, fv)
 * with the fractions of the pass's group.  A quad that comes in two passes
 * (aux.multi) keeps pass 0's result g0 here and hands nothing on; pass 1
 * gives g1 and out = lerp(g0, g1, fg) for the lanes with a second group
 * (fg = fm between levels, fw between 3D slices), g0 for the others.  The
 * sparse flags of both passes are merged.  out_wt_o shows the fractions
 * (filter tap): lane l {fw1, fv1, fu1, fw0, fv0, fu0} at [l*48 +: 48], the
 * second group 0 unless it is a second level.
 *
 * Min/max reduction (aux.red 1 MIN, 2 MAX; docs/filtering.md section 13,
 * twin of tx_filter_reduce): a blending lane folds fred over the taps of
 * non-zero weight of the pass's group (tap i = 1 when fu != 0, j = 1 when
 * fv != 0, an excluded tap replaced by tap 0), and pass 1 folds group 1 in
 * when its weight fg is non-zero.  A lane that does not blend passes tap 0.
 *
 * Anisotropic probes (docs/filtering.md section 14): a quad whose lanes take
 * 2^nlog probes comes in one or two passes per probe; the result of each
 * probe (res) is summed with fadd in probe order (or folded with fred when
 * reducing) into acc_q, and the quad's last pass (aux.plast) hands on the
 * sum scaled by fmulw(sum, 256 >> nlog).  A lane whose probes are done
 * (not aux.plive) keeps its sum.  Sparse flags of every pass are merged.
 */
module tx_filter
  import tx_pkg::*;
(
  input  logic          clk_i,
  input  logic          rst_ni,

  input  logic          in_valid_i,
  output logic          in_ready_o,
  input  logic [2:0]    in_quad_i,
  input  logic [3:0]    in_lanes_i,
  input  logic [2047:0] in_comp_i,       // lane l, tap t, comp c at [((l*4+t)*4+c)*32 +: 32]
  input  tx_aux_t       in_aux_i,
  input  logic          in_last_i,

  output logic          out_valid_o,
  input  logic          out_ready_i,
  output logic [2:0]    out_quad_o,
  output logic [3:0]    out_lanes_o,
  output logic [511:0]  out_comp_o,      // lane l, component c at [(l*4+c)*32 +: 32]
  output logic [191:0]  out_wt_o,        // lane l fractions at [l*48 +: 48]
  output logic [3:0]    out_sparse_o,    // lane l read a sparse page
  output logic          out_last_o
);

  logic [2047:0] comp;
  tx_aux_t       aux;
  logic          valid, hold;

  // Pass 0 of a two-pass quad leaves at once into the g0 register.
  assign hold = !aux.plast;

  tx_stage_reg #(
    .Width ($bits(tx_aux_t))
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_aux_i),
    .in_last_i   (in_last_i),
    .out_valid_o (valid),
    .out_ready_i (out_ready_i || hold),
    .out_quad_o  (out_quad_o),
    .out_lanes_o (out_lanes_o),
    .out_data_o  (aux),
    .out_last_o  (out_last_o)
  );

  // The 2048 component bits load beside the stage register with its enable,
  // as a register of their own: concatenated with aux they were copied
  // through a 2570-bit temporary at every load (simulation cost).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      comp <= '0;
    end else if (in_ready_o && in_valid_i) begin
      comp <= in_comp_i;
    end
  end

  logic [31:0] gv [4][4], res [4][4];
  logic [7:0]  fu, fv;
  logic [31:0] oc;
  logic [31:0] g0_q [4][4];
  logic [3:0]  sp0_q;

  // fred (min/max of two values, R2) is in tx_pkg: tx_cube_corner folds
  // the three texels of a cube corner with it too.

  logic        red_on, red_max;
  logic [31:0] acc_q [4][4], accn [4][4];
  logic        first_pass, probe_end;

  assign first_pass = (aux.probe == 4'd0) && !aux.pass;
  assign probe_end  = !aux.multi || aux.pass;

  assign red_on  = (aux.red == 2'd1) || (aux.red == 2'd2);
  assign red_max = (aux.red == 2'd2);

  // One component of a blending lane's group (B4, or the min/max of R3):
  // taps t0..t3, fractions u, v.
  function automatic logic [31:0] group_value(logic [31:0] t0, logic [31:0] t1, logic [31:0] t2,
                                              logic [31:0] t3, logic [7:0] u, logic [7:0] v,
                                              logic red, logic mx);
    logic [31:0] row0, row1, rg;
    if (red) begin
      rg = fred(t0, t0, mx);
      rg = fred(rg, (u != 8'd0) ? t1 : t0, mx);
      rg = fred(rg, (v != 8'd0) ? t2 : t0, mx);
      rg = fred(rg, (u != 8'd0 && v != 8'd0) ? t3 : t0, mx);
      group_value = rg;
    end else begin
      row0 = flerp(t0, t1, u);
      row1 = flerp(t2, t3, u);
      group_value = flerp(row0, row1, v);
    end
  endfunction

  // The arithmetic runs only while a quad is in the stage, and only the
  // parts its lanes need: a point lane (every TLDS lane) passes tap 0, and
  // the lerps of a second pass, of probes and of the probe scale run only
  // when those are on (simulation cost; also where clock gating would go).
  always_comb begin
    out_comp_o = '0;
    fu         = 8'd0;
    fv         = 8'd0;
    oc         = 32'd0;
    for (int l = 0; l < 4; l++) begin
      for (int c = 0; c < 4; c++) begin
        gv[l][c]   = 32'd0;
        res[l][c]  = 32'd0;
        accn[l][c] = 32'd0;
      end
    end
    if (valid) begin
      for (int l = 0; l < 4; l++) begin
        fu = aux.pass ? aux.wt[l*48+24 +: 8] : aux.wt[l*48 +: 8];
        fv = aux.pass ? aux.wt[l*48+32 +: 8] : aux.wt[l*48+8 +: 8];
        for (int c = 0; c < 4; c++) begin
          // Point: tap 0 bit for bit.  Each function call below sits alone
          // under its `if`, with no `else` assigning the same variable: the
          // simulator generator turns such an if/else pair into a ?: and
          // would then evaluate both calls.
          gv[l][c] = comp[((l*4+0)*4+c)*32 +: 32];
          if (aux.blend[l]) begin
            gv[l][c] = group_value(comp[((l*4+0)*4+c)*32 +: 32], comp[((l*4+1)*4+c)*32 +: 32],
                                   comp[((l*4+2)*4+c)*32 +: 32], comp[((l*4+3)*4+c)*32 +: 32],
                                   fu, fv, red_on, red_max);
          end
          if (aux.multi && red_on) begin
            res[l][c] = g0_q[l][c];
            if (aux.grp2[l] && aux.fg[l*8 +: 8] != 8'd0) begin
              res[l][c] = fred(g0_q[l][c], gv[l][c], red_max);
            end
          end else if (aux.multi) begin
            res[l][c] = g0_q[l][c];
            if (aux.grp2[l]) begin
              res[l][c] = flerp(g0_q[l][c], gv[l][c], aux.fg[l*8 +: 8]);
            end
          end else begin
            res[l][c] = gv[l][c];
          end
          // Probes: the first sets the sum, the next add to it.
          accn[l][c] = res[l][c];
          if (aux.probe != 4'd0) begin
            accn[l][c] = acc_q[l][c];
            if (aux.plive[l] && red_on) begin
              accn[l][c] = fred(acc_q[l][c], res[l][c], red_max);
            end
            if (aux.plive[l] && !red_on) begin
              accn[l][c] = fadd(acc_q[l][c], res[l][c]);
            end
          end
          oc = accn[l][c];
          if (aux.nlog[l*3 +: 3] != 3'd0 && !red_on) begin
            oc = fmulw(accn[l][c], 9'd256 >> aux.nlog[l*3 +: 3]);
          end
          out_comp_o[(l*4+c)*32 +: 32] = oc;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sp0_q <= '0;
      for (int l = 0; l < 4; l++) begin
        for (int c = 0; c < 4; c++) begin
          g0_q[l][c] <= '0;
        end
      end
    end else if (valid && hold) begin
      sp0_q <= first_pass ? aux.sparse : (sp0_q | aux.sparse);
      if (aux.multi && !aux.pass) begin
        for (int l = 0; l < 4; l++) begin
          for (int c = 0; c < 4; c++) begin
            g0_q[l][c] <= gv[l][c];
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int l = 0; l < 4; l++) begin
        for (int c = 0; c < 4; c++) begin
          acc_q[l][c] <= '0;
        end
      end
    end else if (valid && hold && probe_end) begin
      for (int l = 0; l < 4; l++) begin
        for (int c = 0; c < 4; c++) begin
          acc_q[l][c] <= accn[l][c];
        end
      end
    end
  end

  assign out_valid_o  = valid && !hold;
  // The tap shows the second group's fractions only for a second level
  // (docs/filtering.md section 11); 3D slices share the first's.
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      out_wt_o[l*48 +: 48] = {aux.lvl2[l] ? aux.wt[l*48+24 +: 24] : 24'd0, aux.wt[l*48 +: 24]};
    end
  end
  assign out_sparse_o = first_pass ? aux.sparse : (aux.sparse | sp0_q);

  logic unused_aux;
  assign unused_aux = ^{aux.border, aux.used, aux.dcref, aux.dc,
                       aux.bsub, aux.bok,   // block-format fields: format stage only
                       aux.corner};         // cube corners: tx_cube_corner, before this stage

endmodule
