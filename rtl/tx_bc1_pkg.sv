/**
 * tx_bc1 - S3TC / RGTC block decoder: DXT1, DXT23, DXT45, DXN1, DXN2
 * (BC1-BC5), as the function tx_bc1_decode of package tx_bc1_pkg.
 *
 * Twin of tx_bc1_decode in cmodel/bcn.c; docs/formats.md section 9 gives the
 * rules (D3D11.3 functional specification 19.5).  From the block and the
 * texel's place (sx, sy) in it, it builds the texel of the substitute format
 * that tx_bcn names: A8B8G8R8 for DXT1/23/45 (bytes R, G, B, A), R8 for
 * DXN1, G8R8 for DXN2; the texel's other bits are 0.  sign selects the
 * signed DXN decode.  A function, not a module: the format stage
 * (tx_format_quad through tx_bcn_decode) calls it only for a tap that needs
 * it (docs/rtl.md, "Format stage").
 */
`ifndef TX_BC1_PKG_SV
`define TX_BC1_PKG_SV
package tx_bc1_pkg;

  // Round-to-nearest quotient of n / d (d = 3, 5 or 7): never a tie, so the
  // rule is (|n| + d/2) / d with n's sign (docs/formats.md 9.3).
  function automatic logic signed [15:0] div_near(logic signed [15:0] n, logic [3:0] d);
    logic [15:0] a;
    a = (n < 0) ? 16'(-n) : 16'(n);
    a = (a + {13'd0, d[3:1]}) / {12'd0, d};
    div_near = (n < 0) ? -$signed(a) : $signed(a);
  endfunction

  // Channel block (8 bytes): DXT45 alpha, DXN1/DXN2 components.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [7:0] channel(logic [63:0] b, logic [3:0] i, logic sgn);
    logic [2:0]         idx;
    logic signed [15:0] r0, r1, a, z, v;
    idx = 3'(b[16 + 3*i +: 3]);
    r0  = sgn ? 16'($signed(b[7:0])) : {8'd0, b[7:0]};
    r1  = sgn ? 16'($signed(b[15:8])) : {8'd0, b[15:8]};
    a   = (sgn && r0 < -16'sd127) ? -16'sd127 : r0;
    z   = (sgn && r1 < -16'sd127) ? -16'sd127 : r1;
    if (idx == 3'd0) begin
      v = a;
    end else if (idx == 3'd1) begin
      v = z;
    end else if (r0 > r1) begin
      v = div_near((16'sd8 - 16'(idx)) * a + (16'(idx) - 16'sd1) * z, 4'd7);
    end else if (idx < 3'd6) begin
      v = div_near((16'sd6 - 16'(idx)) * a + (16'(idx) - 16'sd1) * z, 4'd5);
    end else if (idx == 3'd6) begin
      v = sgn ? -16'sd127 : 16'sd0;
    end else begin
      v = sgn ? 16'sd127 : 16'sd255;
    end
    channel = v[7:0];   // the value fits in 8 bits (two's complement when signed)
  endfunction

  // Colour block (8 bytes) of DXT1/23/45: {A, B, G, R} bytes.
  function automatic logic [31:0] colour(logic [63:0] b, logic [3:0] i, logic four);
    logic [15:0]        c0, c1;
    logic [1:0]         idx;
    logic signed [15:0] e0 [3], e1 [3];
    logic signed [15:0] v;
    logic [31:0]        o;
    c0  = b[15:0];
    c1  = b[31:16];
    idx = b[32 + 2*i +: 2];
    // R5 G6 B5 widened to 8 bits by replicating their top bits.
    e0[0] = 16'({c0[15:11], c0[15:13]});
    e0[1] = 16'({c0[10:5], c0[10:9]});
    e0[2] = 16'({c0[4:0], c0[4:2]});
    e1[0] = 16'({c1[15:11], c1[15:13]});
    e1[1] = 16'({c1[10:5], c1[10:9]});
    e1[2] = 16'({c1[4:0], c1[4:2]});
    o = 32'hff00_0000;
    for (int ch = 0; ch < 3; ch++) begin
      if (four || (c0 > c1)) begin
        unique case (idx)
          2'd0:    v = e0[ch];
          2'd1:    v = e1[ch];
          2'd2:    v = div_near(16'sd2 * e0[ch] + e1[ch], 4'd3);
          default: v = div_near(e0[ch] + 16'sd2 * e1[ch], 4'd3);
        endcase
      end else begin
        unique case (idx)
          2'd0:    v = e0[ch];
          2'd1:    v = e1[ch];
          2'd2:    v = (e0[ch] + e1[ch] + 16'sd1) >>> 1;
          default: v = 16'sd0;
        endcase
      end
      o[ch*8 +: 8] = v[7:0];
    end
    if (!four && (c0 <= c1) && (idx == 2'd3)) begin
      o[31:24] = 8'd0;
    end
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
        tx_bc1_decode = {channel(blk[63:0], i, 1'b0), col[23:0]};
      end
      3'd3: tx_bc1_decode[7:0]  = channel(blk[63:0], i, sign);
      3'd4: tx_bc1_decode[15:0] = {channel(blk[127:64], i, sign), channel(blk[63:0], i, sign)};
      default: ;
    endcase
  endfunction

endpackage
`endif  // TX_BC1_PKG_SV
