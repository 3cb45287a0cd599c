/**
 * tx_lod - level selection stage (twin of cmodel/lod.c), one quad per cycle.
 *
 * TLDS (docs/semantics.md S3.4): .LZ selects the view's first level
 * (RES_VIEW_MIN_MIP_LEVEL); .LL adds the unsigned lod in Rb (operand 2),
 * modulo 2^32.  The level is out of range when first > last or when
 * lod > last - first, with last = min(RES_VIEW_MAX_MIP_LEVEL, MAX_MIP_LEVEL);
 * the test is on the relative lod, so a lod that wraps the sum back into
 * range is still out of range.  Without a header (index above tic_max) the
 * level is 0.
 *
 * TEX (docs/filtering.md sections 4 and 5), per lane:
 *   L1/L2  implicit lambda from the quad's derivatives (lanes 1 - 0 and
 *          2 - 0 of the coordinates with 32 fraction bits at the view's first
 *          level, all four lanes' registers), each truncated to 10 leading
 *          bits; length max(|X|, |Y|, |11/16 (X +- Y)|) with |v| = max +
 *          11/32 others, X +- Y truncated to 10 leading bits, each product
 *          by 11/16 or 11/32 rounded half up (filtering.md L2); log2
 *          through the 256-entry table (tx_log2_lut.svh); 0 for a divergent
 *          quad (div_i);
 *   L3     the LOD operand (Rb group) as s.8, saturated to 16 bits, averaged
 *          over the quad for .LBA/.LLA when the quad is not divergent;
 *   L4-L6  base by mode, sampler or header bias (not .LZ), sampler min/max
 *          clamps, header minimum, .LC minimum (integer-only minimums with
 *          MIN_LOD_CLAMP_BEHAVIOR_FOR_NEAREST_MIP and mip POINT);
 *   M1-M4  mip NONE / POINT / LINEAR over the view first..last; integer
 *          formats take POINT for LINEAR.
 * out_tex_o per lane l at [l*32 +: 32]:
 *   [15:0]  final LOD (L7), s.8, 16-bit two's complement
 *   [19:16] level of the second tap group (level1), absolute
 *   [27:20] fm, weight fraction of level1 (0: one level)
 *   [28]    mip filter makes the lane sample two levels (fm != 0)
 *   [30]    magnification (LOD <= 0): the sampler's MAG filter applies
 * out_level_o is the absolute level of taps 0-3.
 *
 * Anisotropic footprint (docs/filtering.md section 14, twin of
 * tx_aniso_footprint): with MIN_FILTER ANISO on a 2D or ARRAY_2D texture of
 * another than integer format, a non-divergent quad with implicit LOD takes
 * log2(area) - lambda (area |dux dvy - dvx duy| of the truncated
 * derivatives, each product from a multiplier that drops the partial
 * products below 2^6 and adds 7 * 2^6, truncated to 10 leading bits), kept
 * within log2 MAX_ANISOTROPY (of the sampler, or of the header with
 * USE_HEADER_OPT_CONTROL) octaves below lambda and not above it, in place
 * of lambda; N = 2^nlog with nlog = ceil of the difference.
 * out_aniso_o = {nlog of lane 3..0 (3 bits each; 0 for a lane that
 * magnifies), dv, du of the major axis (s.8, first level)}.
 *
 * first_i / last_i are the layout table's view (tx_top), which is known only
 * once the header stage is done: a quad waits in this stage until view_ok_i,
 * and a TEX quad that needs implicit LOD also until the layout row of the
 * first level is built (its extents).  Gather can run ahead while the header
 * is fetched.  Operands, quad, lanes and the last flag pass through.
 */
module tx_lod
  import tx_pkg::*;
(
  input  logic          clk_i,
  input  logic          rst_ni,

  input  logic          tex_i,         // TEX (held); else TLDS
  input  tx_tex_t       texd_i,        // TEX fields (held)
  input  logic [7:0]    div_i,         // TEX quad q divergent (held)
  input  logic [255:0]  tic_i,         // header (valid with view_ok_i)
  input  logic [255:0]  tsc_i,         // sampler (valid with view_ok_i)
  input  tx_layout_t    layout_i,
  input  logic [15:0]   built_i,       // layout rows built
  input  logic          ll_i,          // TLDS or TLD .LL form (held for the instruction)
  input  logic [2:0]    lod_slot_i,    // its level's gather slot: TLDS 2, TLD 4 + .B
  input  logic          view_ok_i,     // header done: the inputs below are valid
  input  logic          hdr_valid_i,   // a header was read
  input  logic          force_zero_i,  // TEX result forced to zero: LOD taps 0
  input  logic [3:0]    first_i,       // RES_VIEW_MIN_MIP_LEVEL
  input  logic [3:0]    last_i,        // min(RES_VIEW_MAX_MIP_LEVEL, MAX_MIP_LEVEL)

  input  logic          in_valid_i,
  output logic          in_ready_o,
  input  logic [2:0]    in_quad_i,
  input  logic [3:0]    in_lanes_i,
  input  logic [1023:0] in_ops_i,      // lane l, operand o at [(l*8+o)*32 +: 32]
  input  logic          in_last_i,

  output logic          out_valid_o,
  input  logic          out_ready_i,
  output logic [2:0]    out_quad_o,
  output logic [3:0]    out_lanes_o,
  output logic [1023:0] out_ops_o,
  output logic [127:0]  out_level_o,   // lane l absolute level at [l*32 +: 32], u32
  output logic [3:0]    out_level_oob_o,
  output logic [127:0]  out_tex_o,     // TEX: lane l LOD fields at [l*32 +: 32] (above)
  output logic [75:0]   out_aniso_o,   // TEX: anisotropic probes and major axis (above)
  output logic          out_last_o
);

  logic          valid;
  logic [3:0]    lanes;
  logic [1023:0] ops;
  logic [2:0]    quad;
  logic          ready_ok;

  // A quad leaves only once the header is done (and, for implicit LOD, the
  // first level's row is built).
  tx_stage_reg #(
    .Width (1024)
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_ops_i),
    .in_last_i   (in_last_i),
    .out_valid_o (valid),
    .out_ready_i (out_ready_i && ready_ok),
    .out_quad_o  (quad),
    .out_lanes_o (lanes),
    .out_data_o  (ops),
    .out_last_o  (out_last_o)
  );

  //////////
  // TLDS //
  //////////

  logic [31:0] span;
  logic [31:0] tlod [4];

  assign span = {28'd0, last_i} - {28'd0, first_i};

  /////////
  // TEX //
  /////////

  function automatic logic [7:0] log2_frac(logic [7:0] q);
    logic [7:0] frac_o;
    unique case (q)
`include "tx_log2_lut.svh"
      default: frac_o = 8'd0;
    endcase
    log2_frac = frac_o;
  endfunction

  // L1's coordinates with 32 fraction bits: tx_pkg::fx32_of_f32.

  // L1: a derivative's magnitude truncated to its 10 leading bits, sign kept.
  function automatic logic signed [63:0] trunc10(logic signed [63:0] d);
    logic [63:0] m;
    logic [63:0] keep;
    int          lp;
    m    = (d < 0) ? 64'(-d) : 64'(d);
    lp   = lead_one(m);
    keep = (lp > 9) ? ~((64'd1 << (lp - 9)) - 64'd1) : ~64'd0;
    m    = m & keep;
    trunc10 = (d < 0) ? -$signed(m) : $signed(m);
  endfunction

  function automatic logic [63:0] mag64(logic signed [63:0] v);
    mag64 = (v < 0) ? 64'(-v) : 64'(v);
  endfunction

  // L2: index of the leading one of v (v != 0; 0 for v = 0), found in seven
  // halving steps (a 128-step scan cost far more to simulate).
  function automatic int lead128(logic [127:0] v);
    logic [127:0] h;
    lead128 = 0;
    h       = v;
    for (int k = 6; k >= 0; k--) begin
      if ((h >> (1 << k)) != 128'd0) begin
        lead128 = lead128 + (1 << k);
        h       = h >> (1 << k);
      end
    end
  endfunction

  // L2: v rounded half up to a multiple of 2^sh (sh <= 0: v itself).
  function automatic logic [127:0] round_to(logic [127:0] v, int sh);
    if (sh <= 0) begin
      round_to = v;
    end else begin
      round_to = ((v + (128'd1 << (sh - 1))) >> sh) << sh;
    end
  endfunction

  // N3: the product of two derivative magnitudes (at most 10 significant
  // bits each) as the area's multiplier forms it: the 10-bit mantissas
  // multiplied keeping only the partial-product bits of weight 2^6 and above,
  // 7 * 2^6 added, the sum truncated to its 10 leading bits; in units
  // 2^-82 texel^2 (the mantissa product times 2^(pa + pb)).
  function automatic logic [127:0] area_product(logic [63:0] a, logic [63:0] b);
    int          pa, pb, ps;
    logic [9:0]  ma, mb;
    logic [20:0] s;
    if (a == 64'd0 || b == 64'd0) begin
      area_product = 128'd0;
    end else begin
      pa = lead128(128'(a));
      pb = lead128(128'(b));
      ma = (pa >= 9) ? 10'(a >> (pa - 9)) : 10'(a << (9 - pa));
      mb = (pb >= 9) ? 10'(b >> (pb - 9)) : 10'(b << (9 - pb));
      s  = 21'd448;
      // Row i (bit i of ma) keeps the bits j of mb with i + j >= 6.
      for (int i = 0; i < 10; i++) begin
        if (ma[i]) begin
          s = s + ((21'(mb) >> ((i >= 6) ? 0 : 6 - i)) << ((i >= 6) ? 0 : 6 - i) << i);
        end
      end
      ps = lead128(128'(s));
      s  = s & ~((21'd1 << (ps - 9)) - 21'd1);
      area_product = 128'(s) << (pa + pb);
    end
  endfunction

  // L2: 11/32 of a minor component m (units 2^-41 texel, a multiple of 32),
  // rounded half up to 2^(p - 11), a quarter of the last place of m's 10
  // leading bits (p its leading one).
  // Only m's 10 leading bits enter the product (a diagonal component can
  // have 11).
  function automatic logic [127:0] minor_part(logic [127:0] m);
    int           p;
    logic [127:0] mt;
    if (m == 128'd0) begin
      minor_part = 128'd0;
    end else begin
      p          = lead128(m);
      mt         = (p > 9) ? (m & ~((128'd1 << (p - 9)) - 128'd1)) : m;
      minor_part = round_to((128'd11 * mt) >> 5, p - 11);
    end
  endfunction

  // L2: 11/16 of a component x (units 2^-41 texel, a multiple of 2^9),
  // rounded half up to 2^(p - 10), half the last place of x's 10 leading bits.
  function automatic logic [127:0] diag_part(logic [127:0] x);
    diag_part = (x == 128'd0) ? 128'd0 : round_to((128'd11 * x) >> 4, lead128(x) - 10);
  endfunction

  // L2: a minor part added to the major component a: the adder keeps a's
  // 10-bit window, so the part's bits below a's last place (2^(p - 9), p the
  // leading one of a) are dropped.
  function automatic logic [127:0] minor_at(logic [127:0] a, logic [127:0] m);
    int           p;
    logic [127:0] v;
    v = minor_part(m);
    p = (a == 128'd0) ? 0 : lead128(a);
    minor_at = (p > 9) ? (v & ~((128'd1 << (p - 9)) - 128'd1)) : v;
  endfunction

  // L2: the length of a vector: max + the minor parts of the two others,
  // each cut to the max's last place.
  function automatic logic [127:0] vlen(logic [127:0] a, logic [127:0] b, logic [127:0] c);
    if (a >= b && a >= c) begin
      vlen = a + minor_at(a, b) + minor_at(a, c);
    end else if (b >= c) begin
      vlen = b + minor_at(b, a) + minor_at(b, c);
    end else begin
      vlen = c + minor_at(c, a) + minor_at(c, b);
    end
  endfunction

  // L2: a derivative component in units 2^-41 texel.
  function automatic logic [127:0] comp41(logic signed [63:0] d);
    comp41 = 128'(mag64(d)) << 9;
  endfunction

  // s.8 log2 of r * 2^-frac (r != 0): leading one, table entry of the 8 bits
  // below it (L2).
  function automatic logic signed [31:0] log2_fx(logic [127:0] r, int frac);
    int         lp;
    logic [7:0] q;
    lp = lead128(r);
    q = (lp >= 8) ? 8'(r >> (lp - 8)) : 8'(r << (8 - lp));
    log2_fx = ((32'(lp) - 32'(frac)) <<< 8) + $signed({24'd0, log2_frac(q)});
  endfunction

  logic               arr_word, implicit, mode_lb, mode_ll, averaged;
  logic [1:0]         naxes;
  logic [2:0]         op_slot;
  logic               dv;
  logic               norm;
  logic [31:0]        ext [3];
  logic signed [63:0] cfx [4][3];
  logic signed [63:0] tdx [3], tdy [3];
  logic [127:0]       len_x, len_y, len_p, len_m, rnorm;
  logic [127:0]       cmp_p [3], cmp_m [3];
  logic signed [31:0] iso;
  logic signed [31:0] lambda;
  logic signed [31:0] opv [4];
  logic signed [31:0] opavg;
  logic signed [31:0] opm;
  logic signed [31:0] bias, lod [4], pre [4], minc, maxc, hmin, lcmin;
  logic [1:0]         mipf;
  logic               int_fmt, is_cube, nearest_int;
  logic [11:0]        unused_face;
  logic [66:0]        cfq [4];   // cube_face of each lane
  logic               tex_on;    // a TEX quad is in this stage
  logic signed [31:0] nlev;
  logic signed [31:0] r0 [4], c [4];
  logic [7:0]         fm [4];
  logic [31:0]        tex_word [4];

  assign tex_on   = valid && tex_i;
  assign arr_word = texd_i.dim[0] || texd_i.lc;
  assign implicit = (texd_i.lod == 3'd0) || (texd_i.lod == 3'd2) || (texd_i.lod == 3'd6);
  assign mode_lb  = (texd_i.lod == 3'd2) || (texd_i.lod == 3'd6);
  assign mode_ll  = (texd_i.lod == 3'd3) || (texd_i.lod == 3'd7);
  assign averaged = (texd_i.lod == 3'd6) || (texd_i.lod == 3'd7);
  assign op_slot  = texd_i.bindless ? 3'd5 : 3'd4;
  assign dv       = div_i[quad];
  assign norm     = tic_i[191] && !tsc_i[57];
  assign int_fmt  = (tic_i[9:7] == 3'd3) || (tic_i[9:7] == 3'd4);
  assign is_cube  = (texd_i.dim == TexDimCube) || (texd_i.dim == TexDimACube);

  // Axes of the dimension: 1D 1, 2D / cube 2, 3D 3.
  always_comb begin
    unique case (texd_i.dim)
      TexDim1d, TexDimA1d: naxes = 2'd1;
      TexDim3d:            naxes = 2'd3;
      default:             naxes = 2'd2;
    endcase
  end

  // L1: C2 coordinates of the four lanes at the view's first level.
  // The implicit LOD (L1, L2 and section 14) runs only for a TEX quad in
  // this stage that needs it (simulation cost; also where clock gating
  // would go).
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      cfq[l] = '0;
      unused_face[l*3 +: 3] = 3'd0;
      for (int a = 0; a < 3; a++) begin
        cfx[l][a] = 64'sd0;
      end
    end
    for (int a = 0; a < 3; a++) begin
      ext[a] = 32'd0;
    end
    if (tex_on && implicit) begin
      ext[0] = norm ? layout_i.lv[first_i].w : 32'd1;
      ext[1] = norm ? layout_i.lv[first_i].h : 32'd1;
      ext[2] = norm ? layout_i.lv[first_i].d : 32'd1;
      for (int l = 0; l < 4; l++) begin
        if (is_cube) begin
          // Cubes: each lane's face coordinates at the first level's
          // extents (whatever the normalisation bit says).  The face number
          // is not needed for the derivatives.
          cfq[l] = cube_face(ops[(l*8 + (arr_word ? 1 : 0))*32 +: 32],
                             ops[(l*8 + (arr_word ? 1 : 0) + 1)*32 +: 32],
                             ops[(l*8 + (arr_word ? 1 : 0) + 2)*32 +: 32]);
          unused_face[l*3 +: 3] = cfq[l][66:64];
          cfx[l][0] = 64'(cube_fx($signed(cfq[l][63:32]), layout_i.lv[first_i].w)) <<< 24;
          cfx[l][1] = 64'(cube_fx($signed(cfq[l][31:0]), layout_i.lv[first_i].h)) <<< 24;
          cfx[l][2] = 64'sd0;
        end else begin
          for (int a = 0; a < 3; a++) begin
            if (a < int'(naxes)) begin
              cfx[l][a] = fx32_of_f32(ops[(l*8 + (arr_word ? 1 : 0) + a)*32 +: 32], ext[a]);
            end
          end
        end
      end
    end
  end

  // L1, L2: truncated derivatives and the footprint length (units 2^-41
  // texel): the largest of |X|, |Y|, |11/16 (X + Y)| and |11/16 (X - Y)|.
  always_comb begin
    for (int a = 0; a < 3; a++) begin
      tdx[a] = 64'sd0;
      tdy[a] = 64'sd0;
    end
    len_x = 128'd0;
    len_y = 128'd0;
    len_p = 128'd0;
    len_m = 128'd0;
    rnorm = 128'd0;
    for (int a = 0; a < 3; a++) begin
      cmp_p[a] = 128'd0;
      cmp_m[a] = 128'd0;
    end
    if (tex_on && implicit) begin
      for (int a = 0; a < 3; a++) begin
        tdx[a] = trunc10(cfx[1][a] - cfx[0][a]);
        tdy[a] = trunc10(cfx[2][a] - cfx[0][a]);
      end
      // The sums truncated to 10 leading bits, 11/16 taken of each component.
      for (int a = 0; a < 3; a++) begin
        cmp_p[a] = diag_part(comp41(trunc10(tdx[a] + tdy[a])));
        cmp_m[a] = diag_part(comp41(trunc10(tdx[a] - tdy[a])));
      end
      len_x = vlen(comp41(tdx[0]), comp41(tdx[1]), comp41(tdx[2]));
      len_y = vlen(comp41(tdy[0]), comp41(tdy[1]), comp41(tdy[2]));
      len_p = vlen(cmp_p[0], cmp_p[1], cmp_p[2]);
      len_m = vlen(cmp_m[0], cmp_m[1], cmp_m[2]);
      rnorm = (len_x > len_y) ? len_x : len_y;
      if (len_p > rnorm) begin
        rnorm = len_p;
      end
      if (len_m > rnorm) begin
        rnorm = len_m;
      end
    end
  end

  // L2: log2 in s.8, computed only for a footprint (rnorm is 0 for every
  // quad without an implicit LOD); the call sits alone under its `if` so
  // that the simulator skips it otherwise.
  always_comb begin
    iso = -32'sd8192;
    if (rnorm != 128'd0) begin
      iso = log2_fx(rnorm, 41);
    end
  end

  always_comb begin
    lambda = 32'sd0;
    if (tex_on && implicit) begin
      lambda = iso;
      if (dv) begin
        lambda = 32'sd0;
      end
      if (an_on) begin
        lambda = an_lambda;
      end
    end
  end

  // Section 14: the anisotropic footprint.
  logic               an_on, an_xmaj;
  logic [127:0]       an_p1, an_p2, an_area;
  logic               an_s1, an_s2;
  logic signed [31:0] an_lo, an_lambda;
  logic [2:0]         an_max, an_nlog;
  logic [2:0]         an_code;
  logic signed [31:0] an_ratio;

  always_comb begin
    an_on     = 1'b0;
    an_xmaj   = 1'b0;
    an_p1     = 128'd0;
    an_p2     = 128'd0;
    an_s1     = 1'b0;
    an_s2     = 1'b0;
    an_area   = 128'd0;
    an_code   = 3'd0;
    an_max    = 3'd0;
    an_lo     = 32'sd0;
    an_lambda = 32'sd0;
    an_ratio  = 32'sd0;
    an_nlog   = 3'd0;
    if (tex_on && implicit) begin
      an_on   = tex_i && implicit && !dv && (tsc_i[37:36] == 2'd3) && !int_fmt &&
                ((texd_i.dim == TexDim2d) || (texd_i.dim == TexDimA2d));
      an_xmaj = (len_x >= len_y);
      // N3: area |dux dvy - dvx duy| of the truncated derivatives from the
      // area's multiplier (units 2^-82 texel^2).
      an_p1   = area_product(mag64(tdx[0]), mag64(tdy[1]));
      an_p2   = area_product(mag64(tdx[1]), mag64(tdy[0]));
      an_s1   = (tdx[0] < 0) == (tdy[1] < 0);
      an_s2   = (tdx[1] < 0) == (tdy[0] < 0);
      an_area = (an_s1 == an_s2) ? ((an_p1 > an_p2) ? an_p1 - an_p2 : an_p2 - an_p1)
                                 : an_p1 + an_p2;
      an_code = tic_i[122] ? tic_i[221:219] : tsc_i[22:20];
      unique case (an_code)
        3'd0:             an_max = 3'd0;
        3'd1:             an_max = 3'd1;
        3'd2, 3'd3:       an_max = 3'd2;
        3'd7:             an_max = 3'd4;
        default:          an_max = 3'd3;
      endcase
      an_lo     = iso - ($signed({29'd0, an_max}) <<< 8);
      an_lambda = an_lo;
      if (an_area != 128'd0) begin
        an_lambda = log2_fx(an_area, 82) - iso;
      end
      if (an_lambda < an_lo) begin
        an_lambda = an_lo;
      end
      if (an_lambda > iso) begin
        an_lambda = iso;
      end
      if (rnorm == 128'd0) begin
        an_lambda = -32'sd8192;
      end
      an_ratio = (rnorm == 128'd0) ? 32'sd0 : ((iso - an_lambda + 32'sd255) >>> 8);
      an_nlog  = an_ratio[2:0];
    end
  end

  // L3: the LOD operand.
  function automatic logic signed [31:0] sat16(logic signed [31:0] v);
    sat16 = (v > 32'sd32767) ? 32'sd32767 : ((v < -32'sd32768) ? -32'sd32768 : v);
  endfunction

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      opv[l] = 32'sd0;
    end
    opavg = 32'sd0;
    opm   = 32'sd0;
    if (tex_on && (mode_ll || mode_lb)) begin
      for (int l = 0; l < 4; l++) begin
        // Truncated toward zero: the magnitude's floor, then the sign.
        opm    = fx_of_f32({1'b0, ops[(l*8 + int'(op_slot))*32 +: 31]}, 32'd1);
        opv[l] = sat16(ops[(l*8 + int'(op_slot))*32 + 31] ? -opm : opm);
      end
      opavg = (opv[0] + opv[1] + opv[2] + opv[3]) >>> 2;
    end
  end

  // L5, L6: bias and clamps.
  always_comb begin
    bias        = 32'sd0;
    minc        = 32'sd0;
    maxc        = 32'sd0;
    hmin        = 32'sd0;
    lcmin       = 32'sd0;
    mipf        = 2'd0;
    nearest_int = 1'b0;
    nlev        = 32'sd0;
    for (int l = 0; l < 4; l++) begin
      lod[l]      = 32'sd0;
      pre[l]      = 32'sd0;
      r0[l]       = 32'sd0;
      c[l]        = 32'sd0;
      fm[l]       = 8'd0;
      tex_word[l] = 32'd0;
    end
    if (tex_on) begin
      bias  = tic_i[122] ? {{19{tic_i[210]}}, tic_i[210:198]} : {{19{tsc_i[56]}}, tsc_i[56:44]};
      minc  = {20'd0, tsc_i[75:64]};
      maxc  = {20'd0, tsc_i[87:76]};
      hmin  = {20'd0, tic_i[247:236]};
      mipf  = tsc_i[39:38];
      nearest_int = tsc_i[35] && (mipf == 2'd2);
      if (nearest_int) begin
        minc  = minc & ~32'sd255;
        hmin  = hmin & ~32'sd255;
      end
      nlev = (first_i > last_i) ? 32'sd0 : $signed({28'd0, last_i - first_i});
      for (int l = 0; l < 4; l++) begin
        lcmin = texd_i.lc ? {20'd0, ops[(l*8)*32+16 +: 12]} : 32'sd0;
        if (nearest_int) begin
          lcmin = lcmin & ~32'sd255;
        end
        // L4
        if (texd_i.lod == TexLodLz) begin
          lod[l] = 32'sd0;
        end else if (mode_ll) begin
          lod[l] = (averaged && !dv) ? opavg : opv[l];
        end else if (mode_lb) begin
          lod[l] = lambda + ((averaged && !dv) ? opavg : opv[l]);
        end else begin
          lod[l] = lambda;
        end
        // L5
        if (texd_i.lod != TexLodLz) begin
          lod[l] = lod[l] + bias;
        end
        pre[l] = lod[l];
        // L6 (a gather reads the view's first level: no clamps, S10.2)
        if (!texd_i.gather) begin
          if (lod[l] > maxc) begin
            lod[l] = maxc;
          end
          if (lod[l] < minc) begin
            lod[l] = minc;
          end
          if (lod[l] < hmin) begin
            lod[l] = hmin;
          end
          if (texd_i.lc && lod[l] < lcmin) begin
            lod[l] = lcmin;
          end
        end
        // M1-M4
        r0[l] = 32'sd0;
        fm[l] = 8'd0;
        c[l]  = 32'sd0;
        if (mipf == 2'd3 && !int_fmt) begin
          c[l]  = (lod[l] < 0) ? 32'sd0 : ((lod[l] > (nlev <<< 8)) ? (nlev <<< 8) : lod[l]);
          r0[l] = c[l] >>> 8;
          fm[l] = c[l][7:0];
        end else if (mipf == 2'd2 || mipf == 2'd3) begin
          r0[l] = (lod[l] + 32'sd128) >>> 8;
          if (r0[l] < 0) begin
            r0[l] = 32'sd0;
          end
          if (r0[l] > nlev) begin
            r0[l] = nlev;
          end
        end
        tex_word[l] = {1'b0, (lod[l] <= 0), 1'b0, (fm[l] != 8'd0), fm[l],
                       4'(first_i + r0[l][3:0] + ((fm[l] != 8'd0) ? 4'd1 : 4'd0)), lod[l][15:0]};
        // TMML (S12.3): {G = final LOD within 0 .. nlev, u8.8; R = LOD
        // before the clamps, saturated to s7.8} in place of the fields.
        if (texd_i.tmml) begin
          tex_word[l] = {16'((lod[l] < 0) ? 32'sd0 : ((lod[l] > (nlev <<< 8)) ? (nlev <<< 8) :
                                                      lod[l])),
                         16'((pre[l] < -32'sd32768) ? -32'sd32768 :
                             ((pre[l] > 32'sd32767) ? 32'sd32767 : pre[l]))};
        end
      end
    end
  end

  // A quad leaves once the header is done, and with implicit LOD once the
  // first level's extents are built.
  assign ready_ok = view_ok_i && (!tex_i || !implicit || built_i[first_i]);

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      tlod[l] = (ll_i && !tex_i) ? ops[(l*8 + int'(lod_slot_i))*32 +: 32] : 32'd0;
      if (tex_i) begin
        // An invalid texture records level 0 and LOD 0 (cmodel lane_zeros).
        out_level_o[l*32 +: 32] = (!force_zero_i && lanes[l]) ?
                                  {28'd0, first_i + r0[l][3:0]} : 32'd0;
        out_tex_o[l*32 +: 32]   = (!force_zero_i && lanes[l]) ? tex_word[l] : 32'd0;
      end else begin
        out_level_o[l*32 +: 32] = (hdr_valid_i && lanes[l]) ? {28'd0, first_i} + tlod[l] : 32'd0;
        out_tex_o[l*32 +: 32]   = 32'd0;
      end
      out_level_oob_o[l] = !tex_i && ((first_i > last_i) || (tlod[l] > span));
    end
  end

  // The major axis in s.8 (floor of the 32-fraction-bit derivative).
  logic signed [63:0] an_axis_u64, an_axis_v64;
  logic signed [31:0] an_axis_u, an_axis_v;
  assign an_axis_u64 = (an_xmaj ? (cfx[1][0] - cfx[0][0]) : (cfx[2][0] - cfx[0][0])) >>> 24;
  assign an_axis_v64 = (an_xmaj ? (cfx[1][1] - cfx[0][1]) : (cfx[2][1] - cfx[0][1])) >>> 24;
  assign an_axis_u   = an_axis_u64[31:0];
  assign an_axis_v   = an_axis_v64[31:0];

  // Probes per lane: the quad's count for a lane that minifies.
  always_comb begin
    out_aniso_o = {12'd0, an_axis_v, an_axis_u};
    for (int l = 0; l < 4; l++) begin
      out_aniso_o[64 + l*3 +: 3] = (an_on && !force_zero_i && !texd_i.tmml && lanes[l] &&
                                    lod[l] > 0) ?
                                   an_nlog : 3'd0;
    end
  end

  assign out_valid_o = valid && ready_ok;
  assign out_quad_o  = quad;
  assign out_lanes_o = lanes;
  assign out_ops_o   = ops;

  // Header and sampler fields the LOD does not use.
  logic unused_lod;
  assign unused_lod = ^{unused_face, tic_i, tsc_i, texd_i, c[0], c[1], c[2], c[3], r0[0], r0[1], r0[2],
                        r0[3], lod[0], lod[1], lod[2], lod[3], layout_i, quad,
                        an_axis_u64[63:32], an_axis_v64[63:32], an_ratio[31:3]};

endmodule
