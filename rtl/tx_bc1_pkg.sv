/**
 * tx_bc1 - S3TC / RGTC block decoder: DXT1, DXT23, DXT45, DXN1, DXN2
 * (BC1-BC5), as the function tx_bc1_decode of package tx_bc1_pkg.
 *
 * Twin of tx_bc1_decode in cmodel/bcn.c; docs/formats.md section 9 gives the
 * rules (the blocks of D3D11.3 19.5, the interpolants' arithmetic measured on
 * NVIDIA silicon).  From the block and the texel's place (sx, sy) in it, it
 * builds the texel of the substitute format that tx_bcn names: A8B8G8R8 for
 * DXT1/23/45 (bytes R, G, B, A), R16 for DXN1, R16G16 for DXN2 (16-bit
 * codes); the texel's other bits are 0.  sign selects the
 * signed DXN decode.  A function, not a module: the format stage
 * (tx_format_quad through tx_bcn_decode) calls it only for a tap that needs
 * it (docs/rtl.md, "Format stage").
 */
`ifndef TX_BC1_PKG_SV
`define TX_BC1_PKG_SV
package tx_bc1_pkg;

  // The interpolants follow the arithmetic measured on NVIDIA silicon
  // (docs/formats.md 9.3): fixed-point weights and truncations of the
  // hardware, not the exact real-valued means of D3D11.3 19.5.

  // d / 4 rounded toward zero (the green difference's signed shift).
  function automatic logic signed [19:0] quarter_tz(logic signed [19:0] d);
    logic [19:0] m;
    m = (d < 0) ? 20'(-d) : 20'(d);
    m = m >> 2;
    quarter_tz = (d < 0) ? -$signed(m) : $signed(m);
  endfunction

  // Interpolant index (2..7 of eight values, 2..5 of six) as the endpoint
  // the ramp starts from (from_r1) and the step k (1, 2 or 4) toward the
  // other endpoint, in sevenths or fifths (docs/formats.md 9.5).
  function automatic logic [2:0] ramp_k(logic eight, logic [2:0] idx, output logic from_r1);
    logic [2:0] s;
    s = idx - 3'd1;
    if (eight) begin
      from_r1 = !((s == 3'd1) || (s == 3'd2) || (s == 3'd4));
      ramp_k  = from_r1 ? 3'd7 - s : s;
    end else begin
      from_r1 = (s > 3'd2);
      ramp_k  = from_r1 ? 3'd5 - s : s;
    end
  endfunction

  // DXT45 alpha: 8-bit code.  e + sign(o - e) * ((k w |o - e| + 1024) >> 11),
  // w = 289 (eight values) or 385 (six values).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [7:0] alpha(logic [63:0] b, logic [3:0] i);
    logic [2:0]         idx, k;
    logic               from_r1, eight;
    logic signed [9:0]  e, o, d;
    logic [9:0]         dm;       // |o - e|
    logic [19:0]        m;
    idx   = 3'(b[16 + 3*i +: 3]);
    eight = b[7:0] > b[15:8];
    k     = ramp_k(eight, idx, from_r1);
    e     = from_r1 ? {2'd0, b[15:8]} : {2'd0, b[7:0]};
    o     = from_r1 ? {2'd0, b[7:0]} : {2'd0, b[15:8]};
    d     = o - e;
    dm    = (d < 0) ? 10'(-d) : 10'(d);
    m     = 20'(k) * (eight ? 20'd289 : 20'd385) * {10'd0, dm};
    m     = (m + 20'd1024) >> 11;
    if (idx == 3'd0) begin
      alpha = b[7:0];
    end else if (idx == 3'd1) begin
      alpha = b[15:8];
    end else if (!eight && (idx >= 3'd6)) begin
      alpha = (idx == 3'd6) ? 8'd0 : 8'd255;
    end else begin
      alpha = (d < 0) ? 8'(e - $signed(10'(m))) : 8'(e + $signed(10'(m)));
    end
  endfunction

  // An 8-bit endpoint as a 16-bit code: unsigned c * 257; signed (|c| <=
  // 127) the 7-bit magnitude replicated into 15 bits, with c's sign.
  function automatic logic signed [19:0] widen16(logic signed [9:0] c, logic sgn);
    logic [6:0]  m;
    logic [19:0] w;
    if (!sgn) begin
      widen16 = 20'(c) * 20'sd257;
    end else begin
      m = (c < 0) ? 7'(-c) : 7'(c);
      w = {5'd0, m, m[6:0], m[6]};
      widen16 = (c < 0) ? -$signed(w) : $signed(w);
    end
  endfunction

  // DXN1/DXN2 channel: a 16-bit code (two's complement when signed).
  // widen16(e) + k w (o - e), w = 36 (eight values) or 48 (six values).
  function automatic logic [15:0] channel(logic [63:0] b, logic [3:0] i, logic sgn);
    logic [2:0]         idx, k;
    logic               from_r1, eight;
    logic signed [9:0]  r0, r1, a, z, e, o, d;
    logic signed [19:0] v;
    idx   = 3'(b[16 + 3*i +: 3]);
    r0    = sgn ? 10'($signed(b[7:0])) : {2'd0, b[7:0]};
    r1    = sgn ? 10'($signed(b[15:8])) : {2'd0, b[15:8]};
    // Signed endpoints: -128 reads as -127 (both are -1.0).
    a     = (sgn && r0 < -10'sd127) ? -10'sd127 : r0;
    z     = (sgn && r1 < -10'sd127) ? -10'sd127 : r1;
    eight = r0 > r1;
    k     = ramp_k(eight, idx, from_r1);
    e     = from_r1 ? z : a;
    o     = from_r1 ? a : z;
    d     = o - e;
    if (idx == 3'd0) begin
      v = widen16(a, sgn);
    end else if (idx == 3'd1) begin
      v = widen16(z, sgn);
    end else if (!eight && (idx >= 3'd6)) begin
      v = (idx == 3'd6) ? (sgn ? -20'sd32767 : 20'sd0) : (sgn ? 20'sd32767 : 20'sd65535);
    end else begin
      v = widen16(e, sgn) + $signed({17'd0, k}) * (eight ? 20'sd36 : 20'sd48) * {{10{d[9]}}, d};
    end
    channel = v[15:0];   // fits in 16 bits (two's complement when signed)
  endfunction

  // Colour block (8 bytes) of DXT1/23/45: {A, B, G, R} bytes.
  function automatic logic [31:0] colour(logic [63:0] b, logic [3:0] i, logic four);
    logic [15:0]        c0, c1;
    logic [1:0]         idx;
    logic [4:0]         r0, r1, b0, b1;
    logic [7:0]         g0, g1;
    logic signed [19:0] gd, gq;
    logic [10:0]        rs, bs;   // (2 p + q) * 22 or (p + q) * 33: at most 2046
    logic signed [19:0] gs;
    logic [31:0]        o;
    c0  = b[15:0];
    c1  = b[31:16];
    idx = b[32 + 2*i +: 2];
    r0  = c0[15:11];
    b0  = c0[4:0];
    r1  = c1[15:11];
    b1  = c1[4:0];
    // Green widened to 8 bits by replicating its top bits; gd the difference.
    g0  = {c0[10:5], c0[10:9]};
    g1  = {c1[10:5], c1[10:9]};
    gd  = 20'(g1) - 20'(g0);
    gq  = quarter_tz(gd);
    o   = 32'hff00_0000;
    unique case (idx)
      2'd0: o[23:0] = {b0, b0[4:2], g0, r0, r0[4:2]};
      2'd1: o[23:0] = {b1, b1[4:2], g1, r1, r1[4:2]};
      2'd2: begin
        if (four || (c0 > c1)) begin
          // One third of the way: 5-bit (2 p + q) * 11 / 4 truncated; green
          // G0 + (80.25 gd + 128) / 256 truncated.
          rs = (11'(r0) * 11'd2 + 11'(r1)) * 11'd22;
          bs = (11'(b0) * 11'd2 + 11'(b1)) * 11'd22;
          gs = 20'(g0) * 20'sd256 + gq + 20'sd128 + gd * 20'sd80;
        end else begin
          // Three-colour midpoint: (p + q) * 33 / 8; G0 + (128.25 gd + 128) / 256.
          rs = (11'(r0) + 11'(r1)) * 11'd33;
          bs = (11'(b0) + 11'(b1)) * 11'd33;
          gs = 20'(g0) * 20'sd256 + gq + 20'sd128 + gd * 20'sd128;
        end
        o[23:0] = {bs[10:3], gs[15:8], rs[10:3]};
      end
      default: begin
        if (four || (c0 > c1)) begin
          rs = (11'(r1) * 11'd2 + 11'(r0)) * 11'd22;
          bs = (11'(b1) * 11'd2 + 11'(b0)) * 11'd22;
          gs = 20'(g1) * 20'sd256 - gq + 20'sd128 - gd * 20'sd80;
          o[23:0] = {bs[10:3], gs[15:8], rs[10:3]};
        end else begin
          o = 32'd0;   // transparent black (DXT1 only)
        end
      end
    endcase
    colour = o;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Texel (sx, sy) of block blk in the substitute format: bits 31:0 of the
  // texel (the rest are 0).  fmt: 0 DXT1, 1 DXT23, 2 DXT45, 3 DXN1, 4 DXN2.
  // Only the decode of fmt runs.
  function automatic logic [31:0] tx_bc1_decode(input logic [127:0] blk, input logic [1:0] sx,
                                                input logic [1:0] sy, input logic [2:0] fmt,
                                                input logic sign);
    /* verilator no_inline_task */  // one C++ copy for every caller
    logic [3:0]  i;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0] col;     // DXT23/45 take R, G, B of the colour block
    /* verilator lint_on UNUSEDSIGNAL */
    logic [7:0]  a4;
    i = {sy, sx};   // texels in rows: 4 * y + x
    tx_bc1_decode = '0;
    unique case (fmt)
      3'd0: tx_bc1_decode = colour(blk[63:0], i, 1'b0);    // DXT1: the block is the colour block
      3'd1: begin                                         // DXT23: 4-bit alpha, colour in bytes 8-15
        col = colour(blk[127:64], i, 1'b1);
        a4  = {4'd0, blk[4*i +: 4]} * 8'd17;
        tx_bc1_decode = {a4, col[23:0]};
      end
      3'd2: begin                                         // DXT45: alpha channel block
        col = colour(blk[127:64], i, 1'b1);
        tx_bc1_decode = {alpha(blk[63:0], i), col[23:0]};
      end
      3'd3: tx_bc1_decode[15:0] = channel(blk[63:0], i, sign);            // DXN1: R16
      3'd4: tx_bc1_decode       = {channel(blk[127:64], i, sign), channel(blk[63:0], i, sign)};
      default: ;
    endcase
  endfunction

endpackage
`endif  // TX_BC1_PKG_SV
