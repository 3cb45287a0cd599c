/**
 * tx_lod_foot - the footprint of one pair of derivative vectors (twin of
 * tx_lod_implicit and tx_aniso_footprint in cmodel/lod.c): the isotropic
 * LOD of docs/filtering.md L1-L2 and, for an anisotropic sampler, the LOD,
 * probe count and major axis of section 14 (N3-N5).  Combinational.
 *
 * dx_i, dy_i are X = (dux, dvx, dwx) and Y = (duy, dvy, dwy) in units of
 * 2^-32 texel at the view's first level at full precision (the major axis
 * of N3); lx_i, ly_i the same as L1 gives them (tx_pkg::lod_deriv):
 *   L1  each component truncated to its 10 leading bits, sign kept;
 *   L2  length max(|X|, |Y|, |11/16 (X + Y)|, |11/16 (X - Y)|), |v| = max +
 *       11/32 of each other component, X +- Y truncated to 10 leading bits,
 *       the products by 11/16 and 11/32 rounded half up; lambda = log2 in
 *       s.8 through the 256-entry table (tx_log2_lut.svh), -8192 for 0;
 *   N3  area |dux dvy - dvx duy| from the area's multiplier, the major axis
 *       the longer of X and Y (s.8, floor of the untruncated derivative);
 *   N4  log2(area) - iso kept within an_max_i octaves below iso;
 *   N5  nlog = ceil of iso - that LOD.
 * TEX's quad gives one pair (lanes 1 - 0 and 2 - 0, tx_lod); TXD gives a
 * pair per lane from its gradient registers (docs/semantics.md S13.3).
 * Everything is evaluated only with en_i (simulation cost; also where
 * clock gating would go); the outputs are then iso = lambda = -8192 for a
 * zero footprint and 0 otherwise.
 */
module tx_lod_foot
  import tx_pkg::*;
(
  input  logic               en_i,
  input  logic signed [63:0] dx_i [3],
  input  logic signed [63:0] dy_i [3],
  input  logic signed [63:0] lx_i [3],
  input  logic signed [63:0] ly_i [3],
  input  logic               an_en_i,    // N1: anisotropic sampler, dim and format
  input  logic [2:0]         an_max_i,   // N2: log2 of the largest probe count
  output logic signed [31:0] iso_o,      // L2 lambda
  output logic signed [31:0] lambda_o,   // N4 with an_en_i, else iso_o
  output logic [2:0]         nlog_o,     // N5 (0 without an_en_i)
  output logic signed [31:0] du_o,       // N3 major axis, s.8
  output logic signed [31:0] dv_o
);

  function automatic logic [7:0] log2_frac(logic [7:0] q);
    logic [7:0] frac_o;
    unique case (q)
`include "tx_log2_lut.svh"
      default: frac_o = 8'd0;
    endcase
    log2_frac = frac_o;
  endfunction

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

  // L1, L2 and section 14, only with en_i.  Every intermediate is local to
  // the enabled branch: a cycle without a footprint costs the four defaults
  // (with module-level intermediates and their defaults, the simulator
  // cleared some twenty 128-bit values per footprint at every clock).
  logic signed [31:0] iso, lam;
  logic [2:0]         nlog;
  logic               xmaj;

  // (Verilator's latch check counts the branch's temporaries as kept without
  // en_i; each is written before it is read and read only in the branch, so
  // nothing is kept: no latch.)
  /* verilator lint_off LATCH */
  always_comb begin
    iso  = -32'sd8192;
    lam  = -32'sd8192;
    nlog = 3'd0;
    xmaj = 1'b0;
    if (en_i) begin : b_foot
      logic signed [63:0] tdx [3], tdy [3];
      logic [127:0]       len_x, len_y, len_p, len_m, rnorm;
      logic [127:0]       cmp_p [3], cmp_m [3];
      logic [127:0]       an_p1, an_p2, an_area;
      logic               an_s1, an_s2;
      logic signed [31:0] an_lo, an_lambda;
      /* verilator lint_off UNUSEDSIGNAL */
      logic signed [31:0] an_ratio;   // N5: 0 to 4
      /* verilator lint_on UNUSEDSIGNAL */
      // L1, L2: truncated derivatives and the footprint length (units
      // 2^-41 texel): the largest of |X|, |Y|, |11/16 (X + Y)| and
      // |11/16 (X - Y)|.
      for (int a = 0; a < 3; a++) begin
        tdx[a] = trunc10(lx_i[a]);
        tdy[a] = trunc10(ly_i[a]);
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
      // L2: log2 in s.8, -8192 for a zero footprint (the call alone under
      // its `if`, so that the simulator skips it otherwise).
      if (rnorm != 128'd0) begin
        iso = log2_fx(rnorm, 41);
      end
      lam = iso;
      // Section 14: the anisotropic footprint.
      if (an_en_i) begin
        xmaj = (len_x >= len_y);
        // N3: area |dux dvy - dvx duy| of the truncated derivatives from
        // the area's multiplier (units 2^-82 texel^2).
        an_p1   = area_product(mag64(tdx[0]), mag64(tdy[1]));
        an_p2   = area_product(mag64(tdx[1]), mag64(tdy[0]));
        an_s1   = (tdx[0] < 0) == (tdy[1] < 0);
        an_s2   = (tdx[1] < 0) == (tdy[0] < 0);
        an_area = (an_s1 == an_s2) ? ((an_p1 > an_p2) ? an_p1 - an_p2 : an_p2 - an_p1)
                                   : an_p1 + an_p2;
        an_lo     = iso - ($signed({29'd0, an_max_i}) <<< 8);
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
        lam  = an_lambda;
        nlog = an_ratio[2:0];
      end
    end
  end
  /* verilator lint_on LATCH */

  // The major axis in s.8 (floor of the 32-fraction-bit derivative).
  logic signed [63:0] axis_u64, axis_v64;
  assign axis_u64 = (xmaj ? dx_i[0] : dy_i[0]) >>> 24;
  assign axis_v64 = (xmaj ? dx_i[1] : dy_i[1]) >>> 24;

  assign iso_o    = iso;
  assign lambda_o = lam;
  assign nlog_o   = nlog;
  assign du_o     = axis_u64[31:0];
  assign dv_o     = axis_v64[31:0];

  logic unused_foot;
  assign unused_foot = ^{axis_u64[63:32], axis_v64[63:32]};

endmodule
