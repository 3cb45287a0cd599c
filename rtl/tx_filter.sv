/**
 * tx_filter - filter stage (twin of cmodel/filter.c tx_filter_tex and
 * tx_filter_point), one pass of a quad per cycle.
 *
 * TLDS always samples with a point filter (seed "Texture Header State
 * Overrides"), and so does a TEX lane that does not blend: tap 0's four
 * components pass through unchanged.  A blending lane runs
 * docs/filtering.md B4 and B5, each component alone: the weights of the
 * lane's taps (one group of four, or two groups weighed by fg = fm between
 * levels or fw between 3D slices) and one exact weighted sum, rounded once
 * in the component's blend class.  A quad that comes in two or four
 * passes (aux.multi, aux.four) keeps the earlier passes' taps here (tapqP_q,
 * their SNORM8 code -128 marks aux.smin in smqP_q) and hands nothing on; the
 * last pass blends them with its own.  The sparse flags of all passes are
 * merged.  out_wt_o shows the fractions (filter tap): lane l {fw1, fv1,
 * fu1, fw0, fv0, fu0} at [l*48 +: 48], the second group 0 unless it is a
 * second level.
 *
 * Min/max reduction (aux.red 1 MIN, 2 MAX; docs/filtering.md section 13,
 * twin of tx_filter_reduce): a blending lane folds fred over the taps of
 * non-zero weight of the pass's group (tap i = 1 when fu != 0, j = 1 when
 * fv != 0, an excluded tap replaced by tap 0), and each later pass folds its
 * group in when the group's weight is non-zero (fg; a level's second slice
 * also its fw).  A lane that does not blend passes tap 0.
 *
 * Gather (aux.gather; docs/semantics.md S10, twin of tx_filter_gather): a
 * lane returns component gcomp of its four taps in the order (i0,j1),
 * (i1,j1), (i1,j0), (i0,j0) instead of a blend; a gather quad takes one
 * pass and no probes.
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

  input  logic [31:0]   fmt_i,           // {S_R_G_B_CONVERSION, TIC word 0 [30:0]} (held)

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
  logic [31:0] g0_q [4][4];              // min/max of the groups of the earlier passes
  logic [31:0] rn [4][4];
  // The earlier passes' taps (multi-pass quads) and their aux.smin marks,
  // one register per pass, each loaded under its own enable: an array
  // indexed by the pass was copied whole, through a 2048-bit temporary,
  // at every select and every load (simulation cost).
  logic [2047:0] tapq0_q, tapq1_q, tapq2_q;
  logic [63:0]   smq0_q, smq1_q, smq2_q;
  logic [3:0]  sp0_q;
  logic [11:0] bcls;                     // blend class of X [2:0] .. W [11:9]

  // fred (min/max of two values, R2) is in tx_pkg: tx_cube_corner folds
  // the three texels of a cube corner with it too.

  logic        red_on, red_max;
  logic [31:0] acc_q [4][4], accn [4][4];
  logic        first_pass, probe_end;
  logic        last_pass;                // the quad's last pass of this probe

  assign last_pass  = aux.four ? (aux.pass == 2'd3) : aux.multi ? (aux.pass == 2'd1) : 1'b1;

  assign first_pass = (aux.probe == 4'd0) && aux.pass == 2'd0;
  assign probe_end  = last_pass;

  assign red_on  = (aux.red == 2'd1) || (aux.red == 2'd2);
  assign red_max = (aux.red == 2'd2);

  always_comb begin
    bcls = tx_format_pkg::tx_format_blend_class(fmt_subst(fmt_i[6:0]), fmt_i[18:7], fmt_i[30:19],
                                                fmt_i[31]);
    if (aux.dc) begin
      bcls = '0;                         // 0.0 / 1.0 results blend as binary32
    end
  end

  // Min/max of one group (R3): taps t0..t3, fractions u, v.
  function automatic logic [31:0] group_red(logic [31:0] t0, logic [31:0] t1, logic [31:0] t2,
                                            logic [31:0] t3, logic [7:0] u, logic [7:0] v,
                                            logic mx);
    logic [31:0] rg;
    rg = fred(t0, t0, mx);
    rg = fred(rg, (u != 8'd0) ? t1 : t0, mx);
    rg = fred(rg, (v != 8'd0) ? t2 : t0, mx);
    rg = fred(rg, (u != 8'd0 && v != 8'd0) ? t3 : t0, mx);
    group_red = rg;
  endfunction

  // ---- B4: tap weights (twin of tx_filter_weights, tx_filter_live) ----

  // Bilinear: w11 rounded (ties up), w10 and w01 the rest of fu and fv.
  function automatic logic [3:0][8:0] bilinear(logic [7:0] u, logic [7:0] v);
    bilinear[3] = 9'((16'(u) * 16'(v) + 16'd128) >> 8);
    bilinear[1] = {1'b0, u} - bilinear[3];
    bilinear[2] = {1'b0, v} - bilinear[3];
    bilinear[0] = 9'd256 - {1'b0, u} - {1'b0, v} + bilinear[3];
  endfunction

  // One group's weight G split along u, g1 = G*fu/256 half up and g0 the
  // rest, then each part along v: w11 = g1*fv/256 half up, w01 =
  // g0*fv/256 half down, w10 and w00 the rests (B4).
  function automatic logic [3:0][8:0] split_uv(logic [8:0] gw, logic [7:0] u, logic [7:0] v);
    logic [8:0] g0, g1, w11, w01;
    g1  = 9'((17'(gw) * 17'(u) + 17'd128) >> 8);
    g0  = gw - g1;
    w11 = 9'((17'(g1) * 17'(v) + 17'd128) >> 8);
    w01 = 9'((17'(g0) * 17'(v) + 17'd127) >> 8);
    split_uv = {w11, w01, g1 - w11, g0 - w01};
  endfunction

  // The lane's weights (sum 256): one group (ng 0), two (ng 1: G = 256 - g
  // and g), or two levels (G as for two groups) of two 3D slices each
  // (ng 2: slice 1 G*fw/256 half down, slice 0 the rest).
  function automatic logic [15:0][8:0] weights(logic [47:0] f, logic [7:0] g, logic [1:0] ng);
    logic [8:0] gw, s1;
    weights = '0;
    if (ng == 2'd0) begin
      weights[3:0] = bilinear(f[7:0], f[15:8]);
    end else begin
      for (int gi = 0; gi < 2; gi++) begin
        gw = (gi == 0) ? (9'd256 - {1'b0, g}) : {1'b0, g};
        if (ng == 2'd1) begin
          weights[4*gi +: 4] = split_uv(gw, f[24*gi +: 8], f[24*gi+8 +: 8]);
        end else begin
          s1 = 9'((17'(gw) * 17'(f[24*gi+16 +: 8]) + 17'd127) >> 8);
          weights[8*gi +: 4]   = split_uv(gw - s1, f[24*gi +: 8], f[24*gi+8 +: 8]);
          weights[8*gi+4 +: 4] = split_uv(s1, f[24*gi +: 8], f[24*gi+8 +: 8]);
        end
      end
    end
  endfunction

  // The taps read: i = 1 with fu != 0, j = 1 with fv != 0, group (level)
  // 1 with g != 0, slice 1 of a level (ng 2) with its fw != 0.
  function automatic logic [15:0] live_taps(logic [47:0] f, logic [7:0] g, logic [1:0] ng);
    int         gi;
    logic [7:0] u, v, w;
    for (int t = 0; t < 16; t++) begin
      gi = (ng == 2'd2) ? (t >> 3) : (t >> 2);
      u  = (gi != 0) ? f[31:24] : f[7:0];
      v  = (gi != 0) ? f[39:32] : f[15:8];
      w  = (gi != 0) ? f[47:40] : f[23:16];
      live_taps[t] = !(((t & 1) != 0) && u == 8'd0) && !(((t & 2) != 0) && v == 8'd0) &&
                     !(gi > 1 || (ng == 2'd0 && gi != 0)) && !(gi != 0 && g == 8'd0) &&
                     !(ng == 2'd2 && ((t & 4) != 0) && w == 8'd0);
    end
  endfunction

  // ---- B5: the blend of one component (twin of tx_blend) ----

  function automatic logic is_nan32(logic [30:0] x);
    is_nan32 = (x[30:23] == 8'hff) && (x[22:0] != '0);
  endfunction

  // round(|v| * mx), ties up, for v in [0, 1]; NaN 0, beyond 1 mx.
  function automatic logic [15:0] fix_code(logic [30:0] v, logic [15:0] mx);
    logic [30:0] a;
    logic [7:0]  sh;
    logic [63:0] m;
    a = v;
    if (v[30:23] == 8'd0) begin
      a = '0;
    end
    sh = 8'd150 - a[30:23];
    m  = 64'({1'b1, a[22:0]}) * 64'(mx);
    if (is_nan32(a) || a == '0) begin
      fix_code = '0;
    end else if (a >= 31'h3f80_0000) begin
      fix_code = mx;                     // 1 or more (sh would wrap)
    end else if (sh > 8'd60) begin
      fix_code = '0;
    end else begin
      fix_code = 16'((m + (64'd1 << (sh - 8'd1))) >> sh);
    end
  endfunction

  // |tot| * 2^sc rounded to p significant bits, ties away from zero, no
  // step below 2^qmin; ftz: results below 2^(qmin + p - 1) are zeros;
  // results of 2^emax or more are Inf.  The binary32 pattern.
  function automatic logic [31:0] round_float(longint tot, int sc, int p, int qmin, logic ftz,
                                              int emax);
    logic [31:0] sgn;
    logic [63:0] mag, sig;
    int          lp, qe, sh, k, e;
    sgn = (tot < 0) ? 32'h8000_0000 : 32'd0;
    mag = (tot < 0) ? 64'(-tot) : 64'(tot);
    lp  = lead_one(mag);
    qe = lp + sc - (p - 1);
    if (qe < qmin) qe = qmin;
    sh = qe - sc;
    if (sh <= 0) begin
      sig = mag << (-sh);
    end else if (sh >= 63) begin
      sig = '0;
    end else begin
      sig = (mag >> sh) + {63'd0, mag[sh-1]};
    end
    if ((sig >> p) != '0) begin
      sig = sig >> 1;
      qe  = qe + 1;
    end
    k = lead_one(sig);
    e = qe + k;
    if (tot == 0) begin
      round_float = '0;
    end else if (sig == '0) begin
      round_float = ftz ? sgn : 32'd0;
    end else if (ftz && e < qmin + p - 1) begin
      round_float = sgn;
    end else if (e >= emax) begin
      round_float = sgn | 32'h7f80_0000;
    end else begin
      round_float = sgn | {1'b0, 8'(e + 127), 23'((sig << (23 - k)) & 64'h7f_ffff)};
    end
  endfunction

  // Binary32 (half 0) or binary16 (half 1): every weighted tap aligned to
  // the largest exponent with 4 guard bits, weighed, summed, rounded once.
  function automatic logic [31:0] blend_float(logic [15:0][31:0] t, logic [15:0][8:0] w,
                                              logic [15:0] live, logic half);
    logic [31:0] v;
    logic [15:0] h;
    logic [23:0] m [16];
    int          ex [16];
    logic [15:0] sg;
    int          emax_t, d;
    logic [1:0]  inf;
    logic        nan;
    longint      tot, a;
    emax_t = -1000;
    inf    = '0;
    nan    = 1'b0;
    for (int i = 0; i < 16; i++) begin
      v     = (t[i][30:23] == 8'd0) ? {t[i][31], 31'd0} : t[i];
      sg[i] = v[31];
      m[i]  = '0;
      ex[i] = -1000;
      h     = tx_format_comp_pkg::f32_to_f16(v, 1'b0);
      if (live[i]) begin
        if (half) begin
          if (h[14:10] == 5'd31) begin
            if (h[9:0] != '0) nan = 1'b1;
            else inf[h[15]] = 1'b1;
          end else if (w[i] != '0) begin
            m[i]  = {13'd0, (h[14:10] != 5'd0), h[9:0]};
            ex[i] = (h[14:10] != 5'd0) ? int'(h[14:10]) : 1;
          end
        end else begin
          if (is_nan32(v[30:0])) begin
            nan = 1'b1;
          end else if (v[30:23] == 8'hff) begin
            inf[v[31]] = 1'b1;
          end else if (v[30:23] != 8'd0 && w[i] != '0) begin
            m[i]  = {1'b1, v[22:0]};
            ex[i] = int'(v[30:23]);
          end
        end
      end
      if (m[i] != '0 && ex[i] > emax_t) emax_t = ex[i];
    end
    tot = 0;
    for (int i = 0; i < 16; i++) begin
      if (m[i] != '0) begin
        d = emax_t - ex[i];
        a = (d >= 40) ? 0 : longint'(((64'(m[i]) << 4) >> d) * 64'(w[i]));
        tot = sg[i] ? tot - a : tot + a;
      end
    end
    if (nan || inf == 2'b11) begin
      blend_float = half ? 32'h7fff_e000 : 32'h7fff_ffff;
    end else if (inf != 2'b00) begin
      blend_float = {inf[1], 31'h7f80_0000};
    end else if (half) begin
      blend_float = round_float(tot, emax_t - 25 - 4 - 8, 11, -24, 1'b0, 16);
    end else begin
      blend_float = round_float(tot, emax_t - 150 - 4 - 8, 24, -149, 1'b1, 128);
    end
  endfunction

  // sRGB: taps held at their 8-code segment's step (at least 2^-14), all
  // at the largest step of the weighted taps; the sum rounded to binary16.
  function automatic int srgb_step(logic [31:0] v);
    int e;
    e = int'(v[30:23]) - 127;
    if (v[30:23] == 8'd0) begin
      srgb_step = -14;
    end else begin
      if (e >= -7 && e <= -1 && v >= tx_format_comp_pkg::srgb_seg_start(3'(e + 7))) begin
        e = e + 1;
      end
      srgb_step = (e - 7 < -14) ? -14 : e - 7;
    end
  endfunction

  function automatic logic [31:0] blend_srgb(logic [15:0][31:0] t, logic [15:0][8:0] w,
                                             logic [15:0] live);
    logic [31:0] v;
    int          q, qs, sh;
    logic        nan, inf;
    logic [63:0] mm, hv;
    longint      tot;
    q   = -14;
    nan = 1'b0;
    inf = 1'b0;
    for (int i = 0; i < 16; i++) begin
      v = (t[i][30:23] == 8'd0) ? 32'd0 : {1'b0, t[i][30:0]};
      if (live[i] && !t[i][31]) begin
        if (is_nan32(v[30:0])) begin
          nan = 1'b1;
        end else if (v[30:23] == 8'hff) begin
          inf = 1'b1;
        end else if (w[i] != '0) begin
          qs = srgb_step(v);
          if (qs > q) q = qs;
        end
      end
    end
    tot = 0;
    for (int i = 0; i < 16; i++) begin
      if (w[i] != '0 && !t[i][31] && t[i][30:23] != 8'd0) begin
        sh = 150 - int'(t[i][30:23]) + q;
        mm = {40'd0, 1'b1, t[i][22:0]};
        hv = (sh >= 40) ? 64'd0 : (sh >= 0) ? (mm >> sh) : (mm << (-sh));
        tot = tot + longint'(hv * 64'(w[i]));
      end
    end
    if (nan) begin
      blend_srgb = 32'h7fff_e000;
    end else if (inf) begin
      blend_srgb = 32'h7f80_0000;
    end else begin
      blend_srgb = round_float(tot, q - 8, 11, -24, 1'b0, 16);
    end
  endfunction

  // Fixed-point classes: exact sum of weighted codes, rounded once (ties
  // up), converted like the format stage.  SNORM8: a tap of sm holds the
  // code -128, decoded as -1.0 like -127 but summed as -128 * 129.
  function automatic logic [31:0] blend_fixed(logic [15:0][31:0] t, logic [15:0] sm,
                                              logic [15:0][8:0] w, logic [2:0] cls);
    longint     s, c, code;
    logic       neg;
    s = 0;
    for (int i = 0; i < 16; i++) begin
      if (w[i] != '0) begin
        neg = t[i][31] && !is_nan32(t[i][30:0]);
        if (cls == tx_format_pkg::BlUnorm) begin
          c = neg ? 0 : longint'(fix_code(t[i][30:0], 16'd65535));
        end else if (cls == tx_format_pkg::BlSnorm) begin
          c = longint'(fix_code(t[i][30:0], 16'd32767));
        end else if (sm[i]) begin
          c = 128 * 129;
        end else begin
          c = longint'(fix_code(t[i][30:0], 16'd127)) * 129;
        end
        s = neg ? s - c * longint'(w[i]) : s + c * longint'(w[i]);
      end
    end
    if (cls == tx_format_pkg::BlUnorm) begin
      code = (s + 128) >>> 8;
      blend_fixed = tx_format_comp_pkg::unorm_to_f32({16'd0, 16'(code)}, 6'd16);
    end else begin
      if (cls == tx_format_pkg::BlSnorm) begin
        code = (s + 128) >>> 8;
      end else begin
        // SNORM8: 4 bits dropped, scaled by (2^27 + 4065) / 2^30 (B5).
        code = ((s >>> 4) * 134221793 + 64'sd536870912) >>> 30;
      end
      if (code < -32767) code = -32767;
      if (code > 32767) code = 32767;
      blend_fixed = tx_format_comp_pkg::snorm_to_f32({16'd0, 16'(code)}, 6'd16);
    end
  endfunction

  function automatic logic [31:0] blend(logic [2:0] cls, logic [15:0][31:0] t, logic [15:0] sm,
                                        logic [15:0][8:0] w, logic [15:0] live);
    /* verilator no_inline_task */  // one C++ copy, called only for a blending lane
    unique case (cls)
      tx_format_pkg::BlF16:    blend = blend_float(t, w, live, 1'b1);
      tx_format_pkg::BlSrgb:   blend = blend_srgb(t, w, live);
      tx_format_pkg::BlUnorm,
      tx_format_pkg::BlSnorm,
      tx_format_pkg::BlSnorm8: blend = blend_fixed(t, sm, w, cls);
      default:                 blend = blend_float(t, w, live, 1'b0);
    endcase
  endfunction

  // Gather: the slot of result component c (slot 2j + i holds tap (i, j)).
  function automatic int gather_slot(int c);
    unique case (c)
      0:       gather_slot = 2;
      1:       gather_slot = 3;
      2:       gather_slot = 1;
      default: gather_slot = 0;
    endcase
  endfunction

  // ---- seamless cube corners (docs/filtering.md section 15, S4) ----
  // The corner taps of pass 0 wait with its taps for pass 1's blend.
  logic [15:0] corner0_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      corner0_q <= '0;
    end else if (valid && hold && aux.multi && aux.pass == 2'd0) begin
      corner0_q <= aux.corner;
    end
  end

  // Lane l's corner taps in the blend's first eight slots: one pass in
  // slots 0..3; two passes with pass 0's in 0..3 and pass 1's in 4..7 when
  // the lane has a second group (a cube never takes four passes).
  function automatic logic [7:0] lane_corners(int l);
    if (!aux.multi) begin
      lane_corners = {4'd0, aux.corner[l*4 +: 4]};
    end else begin
      lane_corners = {aux.grp2[l] ? aux.corner[l*4 +: 4] : 4'd0, corner0_q[l*4 +: 4]};
    end
  endfunction
  // ---- end of seamless cube corners ----

  logic [15:0][31:0] bt;                 // the blend's taps of one component
  logic [15:0]       bs;                 // their SNORM8 code -128 marks
  logic [15:0][8:0]  bw [4];             // lane l's weights
  logic [15:0]       blive [4];          // lane l's taps read
  logic [1:0]        ng;                 // lane's groups: 0 one, 1 two, 2 two levels of two slices
  logic              lvp;                // the pass's level group (fractions of level 1)
  logic              inc;                // this pass's group enters the min/max

  // The arithmetic runs only while a quad is in the stage, and only the
  // parts its lanes need: a point lane (every TLDS lane) passes tap 0, and
  // the blends of a last pass, of probes and of the probe scale run only
  // when those are on (simulation cost; also where clock gating would go).
  always_comb begin
    out_comp_o = '0;
    fu         = 8'd0;
    fv         = 8'd0;
    oc         = 32'd0;
    bt         = '0;
    bs         = '0;
    ng         = 2'd0;
    lvp        = 1'b0;
    inc        = 1'b0;
    for (int l = 0; l < 4; l++) begin
      bw[l]    = '0;
      blive[l] = '0;
      for (int c = 0; c < 4; c++) begin
        gv[l][c]   = 32'd0;
        res[l][c]  = 32'd0;
        accn[l][c] = 32'd0;
      end
    end
    if (valid) begin
      for (int l = 0; l < 4; l++) begin
        ng  = (aux.four && aux.grp4[l]) ? 2'd2 : (aux.multi && aux.grp2[l]) ? 2'd1 : 2'd0;
        lvp = aux.grp4[l] ? aux.pass[1] : (aux.pass != 2'd0);
        fu  = lvp ? aux.wt[l*48+24 +: 8] : aux.wt[l*48 +: 8];
        fv  = lvp ? aux.wt[l*48+32 +: 8] : aux.wt[l*48+8 +: 8];
        // R: pass 1 is slice 1 of level 0 (four groups) or group 1; passes
        // 2 and 3 are level 1's slices.
        unique case (aux.pass)
          2'd0:    inc = 1'b1;
          2'd1:    inc = aux.grp4[l] ? (aux.wt[l*48+16 +: 8] != 8'd0)
                                     : (aux.grp2[l] && aux.fg[l*8 +: 8] != 8'd0);
          2'd2:    inc = aux.grp4[l] && aux.fg[l*8 +: 8] != 8'd0;
          default: inc = aux.grp4[l] && aux.fg[l*8 +: 8] != 8'd0 &&
                         aux.wt[l*48+40 +: 8] != 8'd0;
        endcase
        if (aux.blend[l] && !red_on && last_pass && !aux.gather) begin
          bw[l]    = weights(aux.wt[l*48 +: 48], aux.fg[l*8 +: 8], ng);
          blive[l] = live_taps(aux.wt[l*48 +: 48], aux.fg[l*8 +: 8], ng);
        end

        // Seamless cube corners (docs/filtering.md S4): a corner tap's
        // weight goes to the three texels of its group.
        if (aux.blend[l] && !red_on && last_pass && lane_corners(l) != 8'd0) begin
          bw[l][7:0] = cube_corner_weights(bw[l][7:0], lane_corners(l));
        end
        for (int c = 0; c < 4; c++) begin
          // Point: tap 0 bit for bit.  Each function call below sits alone
          // under its `if`, with no `else` assigning the same variable: the
          // simulator generator turns such an if/else pair into a ?: and
          // would then evaluate both calls.
          gv[l][c] = comp[((l*4+0)*4+c)*32 +: 32];
          if (aux.blend[l] && red_on) begin
            gv[l][c] = group_red(comp[((l*4+0)*4+c)*32 +: 32], comp[((l*4+1)*4+c)*32 +: 32],
                                 comp[((l*4+2)*4+c)*32 +: 32], comp[((l*4+3)*4+c)*32 +: 32],
                                 fu, fv, red_max);
          end
          // A blend at the quad's last pass: the earlier passes' taps
          // first (slots 4p + t), this pass's after them.
          // The slots are gathered only for a lane that blends (never for
          // a point lane), and each pass's slots only when the quad has
          // that pass (slots 8..15 only for four passes).
          if (aux.blend[l] && !red_on && last_pass && !aux.gather) begin
            bt = '0;
            bs = '0;
            for (int t = 0; t < 4; t++) begin
              bt[t] = comp[((l*4+t)*4+c)*32 +: 32];
              bs[t] = aux.smin[(l*4+t)*4+c];
            end
            if (aux.multi) begin
              for (int t = 0; t < 4; t++) begin
                bt[t]   = tapq0_q[((l*4+t)*4+c)*32 +: 32];
                bs[t]   = smq0_q[(l*4+t)*4+c];
                bt[t+4] = comp[((l*4+t)*4+c)*32 +: 32];
                bs[t+4] = aux.smin[(l*4+t)*4+c];
              end
            end
            if (aux.four) begin
              for (int t = 0; t < 4; t++) begin
                bt[t+4]  = tapq1_q[((l*4+t)*4+c)*32 +: 32];
                bs[t+4]  = smq1_q[(l*4+t)*4+c];
                bt[t+8]  = tapq2_q[((l*4+t)*4+c)*32 +: 32];
                bs[t+8]  = smq2_q[(l*4+t)*4+c];
                bt[t+12] = comp[((l*4+t)*4+c)*32 +: 32];
                bs[t+12] = aux.smin[(l*4+t)*4+c];
              end
            end
            gv[l][c] = blend(bcls[c*3 +: 3], bt, bs, bw[l], blive[l]);
          end
          // Gather (twin of tx_filter_gather): component gcomp of taps
          // (i0,j1), (i1,j1), (i1,j0), (i0,j0), slots 2, 3, 1, 0.
          if (aux.gather) begin
            gv[l][c] = comp[((l*4 + gather_slot(c))*4 + int'(aux.gcomp))*32 +: 32];
          end
          // rn: the min/max of the groups so far (pass 0's group, then
          // each later one that enters).
          rn[l][c] = gv[l][c];
          if (aux.pass != 2'd0 && red_on) begin
            rn[l][c] = g0_q[l][c];
            if (inc) begin
              rn[l][c] = fred(g0_q[l][c], gv[l][c], red_max);
            end
          end
          if (aux.multi && red_on) begin
            res[l][c] = rn[l][c];
          end else if (aux.multi && !aux.blend[l]) begin
            res[l][c] = tapq0_q[((l*4+0)*4+c)*32 +: 32];
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
      sp0_q  <= '0;
      tapq0_q <= '0;
      tapq1_q <= '0;
      tapq2_q <= '0;
      smq0_q  <= '0;
      smq1_q  <= '0;
      smq2_q  <= '0;
      for (int l = 0; l < 4; l++) begin
        for (int c = 0; c < 4; c++) begin
          g0_q[l][c] <= '0;
        end
      end
    end else if (valid && hold) begin
      sp0_q <= first_pass ? aux.sparse : (sp0_q | aux.sparse);
      if (aux.multi && !last_pass) begin
        if (aux.pass == 2'd0) begin
          tapq0_q <= comp;
          smq0_q  <= aux.smin;
        end
        if (aux.pass == 2'd1) begin
          tapq1_q <= comp;
          smq1_q  <= aux.smin;
        end
        if (aux.pass == 2'd2) begin
          tapq2_q <= comp;
          smq2_q  <= aux.smin;
        end
        for (int l = 0; l < 4; l++) begin
          for (int c = 0; c < 4; c++) begin
            g0_q[l][c] <= rn[l][c];
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
  assign unused_aux = ^{aux.border, aux.used, aux.dcref,
                       aux.bsub, aux.bok};  // block-format fields: format stage only

endmodule
