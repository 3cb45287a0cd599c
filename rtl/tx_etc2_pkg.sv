/**
 * tx_etc2 - ETC2 / EAC block decoder: ETC2_RGB, ETC2_RGB_PTA, ETC2_RGBA,
 * EAC, EACX2, as the function tx_etc2_decode of package tx_etc2_pkg.
 *
 * Twin of tx_etc2_decode in cmodel/etc2.c; docs/formats.md section 9 gives
 * the rules (OpenGL ES 3.0 specification, annex C.1).  ETC blocks are
 * big-endian 64-bit words (byte 0 = bits 63:56); texel (x, y) is number
 * 4x + y.  Output: the substitute format's texel, A8B8G8R8 bytes R, G, B, A
 * for the ETC2 formats, R16 / R16G16 (11-bit values widened to 16 bits) for
 * EAC / EACX2; sign selects signed EAC.  A function, not a module: the
 * format stage calls it only for a tap that needs it (docs/rtl.md, "Format
 * stage").
 */
`ifndef TX_ETC2_PKG_SV
`define TX_ETC2_PKG_SV
package tx_etc2_pkg;

  function automatic logic [63:0] be64(logic [63:0] b);
    for (int k = 0; k < 8; k++) begin
      be64[(7-k)*8 +: 8] = b[k*8 +: 8];
    end
  endfunction

  function automatic logic signed [15:0] clamp255(logic signed [15:0] v);
    clamp255 = (v < 0) ? 16'sd0 : ((v > 16'sd255) ? 16'sd255 : v);
  endfunction

  function automatic logic signed [15:0] ext4(logic [3:0] v);
    ext4 = 16'({v, v});
  endfunction
  function automatic logic signed [15:0] ext5(logic [4:0] v);
    ext5 = 16'({v, v[4:2]});
  endfunction
  function automatic logic signed [15:0] ext6(logic [5:0] v);
    ext6 = 16'({v, v[5:4]});
  endfunction
  function automatic logic signed [15:0] ext7(logic [6:0] v);
    ext7 = 16'({v, v[6]});
  endfunction

  function automatic logic signed [15:0] mod_rgb(logic [2:0] cw, logic lrg);
    logic [7:0] s, l;
    unique case (cw)
      3'd0: begin s = 8'd2;  l = 8'd8;   end
      3'd1: begin s = 8'd5;  l = 8'd17;  end
      3'd2: begin s = 8'd9;  l = 8'd29;  end
      3'd3: begin s = 8'd13; l = 8'd42;  end
      3'd4: begin s = 8'd18; l = 8'd60;  end
      3'd5: begin s = 8'd24; l = 8'd80;  end
      3'd6: begin s = 8'd33; l = 8'd106; end
      default: begin s = 8'd47; l = 8'd183; end
    endcase
    mod_rgb = {8'd0, (lrg ? l : s)};
  endfunction

  function automatic logic signed [15:0] dist_th(logic [2:0] k);
    unique case (k)
      3'd0: dist_th = 16'sd3;
      3'd1: dist_th = 16'sd6;
      3'd2: dist_th = 16'sd11;
      3'd3: dist_th = 16'sd16;
      3'd4: dist_th = 16'sd23;
      3'd5: dist_th = 16'sd32;
      3'd6: dist_th = 16'sd41;
      default: dist_th = 16'sd64;
    endcase
  endfunction

  // EAC / ETC2 alpha modifier table: row t, entry k.
  function automatic logic signed [15:0] mod_alpha(logic [3:0] t, logic [2:0] k);
    logic [63:0] row;   // eight signed bytes, entry 0 in the top byte
    unique case (t)
      4'd0:  row = {-8'sd3, -8'sd6, -8'sd9,  -8'sd15, 8'sd2, 8'sd5, 8'sd8, 8'sd14};
      4'd1:  row = {-8'sd3, -8'sd7, -8'sd10, -8'sd13, 8'sd2, 8'sd6, 8'sd9, 8'sd12};
      4'd2:  row = {-8'sd2, -8'sd5, -8'sd8,  -8'sd13, 8'sd1, 8'sd4, 8'sd7, 8'sd12};
      4'd3:  row = {-8'sd2, -8'sd4, -8'sd6,  -8'sd13, 8'sd1, 8'sd3, 8'sd5, 8'sd12};
      4'd4:  row = {-8'sd3, -8'sd6, -8'sd8,  -8'sd12, 8'sd2, 8'sd5, 8'sd7, 8'sd11};
      4'd5:  row = {-8'sd3, -8'sd7, -8'sd9,  -8'sd11, 8'sd2, 8'sd6, 8'sd8, 8'sd10};
      4'd6:  row = {-8'sd4, -8'sd7, -8'sd8,  -8'sd11, 8'sd3, 8'sd6, 8'sd7, 8'sd10};
      4'd7:  row = {-8'sd3, -8'sd5, -8'sd8,  -8'sd11, 8'sd2, 8'sd4, 8'sd7, 8'sd10};
      4'd8:  row = {-8'sd2, -8'sd6, -8'sd8,  -8'sd10, 8'sd1, 8'sd5, 8'sd7, 8'sd9};
      4'd9:  row = {-8'sd2, -8'sd5, -8'sd8,  -8'sd10, 8'sd1, 8'sd4, 8'sd7, 8'sd9};
      4'd10: row = {-8'sd2, -8'sd4, -8'sd8,  -8'sd10, 8'sd1, 8'sd3, 8'sd7, 8'sd9};
      4'd11: row = {-8'sd2, -8'sd5, -8'sd7,  -8'sd10, 8'sd1, 8'sd4, 8'sd6, 8'sd9};
      4'd12: row = {-8'sd3, -8'sd4, -8'sd7,  -8'sd10, 8'sd2, 8'sd3, 8'sd6, 8'sd9};
      4'd13: row = {-8'sd1, -8'sd2, -8'sd3,  -8'sd10, 8'sd0, 8'sd1, 8'sd2, 8'sd9};
      4'd14: row = {-8'sd4, -8'sd6, -8'sd8,  -8'sd9,  8'sd3, 8'sd5, 8'sd7, 8'sd8};
      default: row = {-8'sd3, -8'sd5, -8'sd7, -8'sd9, 8'sd2, 8'sd4, 8'sd6, 8'sd8};
    endcase
    mod_alpha = 16'($signed(row[(7 - k)*8 +: 8]));
  endfunction

  // Alpha / EAC modifier of texel i of a big-endian channel block.
  function automatic logic signed [15:0] ch_mod(logic [63:0] w, logic [3:0] i);
    logic [5:0] lo;
    lo = 6'd45 - 6'd3 * 6'(i);
    ch_mod = mod_alpha(w[51:48], w[lo +: 3]);
  endfunction

  // RGB part of ETC2: {transparent, B, G, R}.
  function automatic logic [24:0] etc2_rgb(logic [63:0] w, logic [1:0] x, logic [1:0] y,
                                           logic pta);
    logic [3:0]         i;
    logic [1:0]         idx;
    logic               diff, opaque, sub;
    // Arrays of 4 entries where 3 are used: a power-of-two size keeps the
    // verilated function free of index-check temporaries (which a
    // non-inlined function cannot hold).
    logic signed [15:0] base [4], sum [4], d, m;
    logic signed [15:0] c1 [4], c2 [4], e0 [4], e1 [4], o [4], h [4], v [4];
    logic signed [15:0] p;
    logic [3:0]         r1, g1, b1, r2, g2, b2;
    logic [2:0]         cw;
    logic [24:0]        res;
    logic [7:0]         ch [4];  // R, G, B (4 entries: see above)
    i      = {x, y};
    idx    = {w[6'd16 + {2'd0, i}], w[{2'd0, i}]};
    diff   = w[33];
    opaque = pta ? diff : 1'b1;
    res    = '0;
    for (int c = 0; c < 3; c++) begin
      base[c] = 16'(w[59 - 8*c +: 5]);
      sum[c]  = base[c] + 16'($signed(w[56 - 8*c +: 3]));
      e0[c]   = ext4(w[60 - 8*c +: 4]);
      e1[c]   = ext4(w[56 - 8*c +: 4]);
      c1[c]   = '0;
      c2[c]   = '0;
      o[c]    = '0;
      h[c]    = '0;
      v[c]    = '0;
    end
    r1 = '0; g1 = '0; b1 = '0; r2 = '0; g2 = '0; b2 = '0;
    d  = '0;
    if ((pta || diff) && (sum[0] < 0 || sum[0] > 16'sd31)) begin
      // T mode.
      c1[0] = ext4({w[60:59], w[57:56]});
      c1[1] = ext4(w[55:52]);
      c1[2] = ext4(w[51:48]);
      c2[0] = ext4(w[47:44]);
      c2[1] = ext4(w[43:40]);
      c2[2] = ext4(w[39:36]);
      d     = dist_th({w[35:34], w[32]});
      for (int c = 0; c < 3; c++) begin
        unique case (idx)
          2'd0:    p = c1[c];
          2'd1:    p = c2[c] + d;
          2'd2:    p = c2[c];
          default: p = c2[c] - d;
        endcase
        ch[c] = 8'(clamp255(p));
      end
      res[24] = !opaque && (idx == 2'd2);
    end else if ((pta || diff) && (sum[1] < 0 || sum[1] > 16'sd31)) begin
      // H mode.
      r1 = w[62:59];
      g1 = {w[58:56], w[52]};
      b1 = {w[51], w[49:47]};
      r2 = w[46:43];
      g2 = w[42:39];
      b2 = w[38:35];
      d  = dist_th({w[34], w[32], ({r1, g1, b1} >= {r2, g2, b2})});
      c1[0] = ext4(r1); c1[1] = ext4(g1); c1[2] = ext4(b1);
      c2[0] = ext4(r2); c2[1] = ext4(g2); c2[2] = ext4(b2);
      for (int c = 0; c < 3; c++) begin
        unique case (idx)
          2'd0:    p = c1[c] + d;
          2'd1:    p = c1[c] - d;
          2'd2:    p = c2[c] + d;
          default: p = c2[c] - d;
        endcase
        ch[c] = 8'(clamp255(p));
      end
      res[24] = !opaque && (idx == 2'd2);
    end else if ((pta || diff) && (sum[2] < 0 || sum[2] > 16'sd31)) begin
      // Planar mode.
      o[0] = ext6(w[62:57]);
      o[1] = ext7({w[56], w[54:49]});
      o[2] = ext6({w[48], w[44:43], w[41:39]});
      h[0] = ext6({w[38:34], w[32]});
      h[1] = ext7(w[31:25]);
      h[2] = ext6(w[24:19]);
      v[0] = ext6(w[18:13]);
      v[1] = ext7(w[12:6]);
      v[2] = ext6(w[5:0]);
      for (int c = 0; c < 3; c++) begin
        p = ($signed({14'd0, x}) * (h[c] - o[c]) + $signed({14'd0, y}) * (v[c] - o[c]) +
             16'sd4 * o[c] + 16'sd2) >>> 2;
        ch[c] = 8'(clamp255(p));
      end
    end else begin
      // Individual (4-bit colours) or differential (5-bit base + delta).
      if (pta || diff) begin
        for (int c = 0; c < 3; c++) begin
          e0[c] = ext5(base[c][4:0]);
          e1[c] = ext5(sum[c][4:0]);
        end
      end
      sub = w[32] ? y[1] : x[1];
      cw  = sub ? w[36:34] : w[39:37];
      m   = mod_rgb(cw, idx[0]);
      if (!opaque && !idx[0]) begin
        m = '0;
      end
      if (idx[1]) begin
        m = -m;
      end
      for (int c = 0; c < 3; c++) begin
        ch[c] = 8'(clamp255((sub ? e1[c] : e0[c]) + m));
      end
      res[24] = !opaque && (idx == 2'd2);
    end
    res[23:0] = {ch[2], ch[1], ch[0]};
    etc2_rgb = res;
  endfunction

  // EAC value of texel i widened to 16 bits (signed: two's complement).
  function automatic logic [15:0] eac16(logic [63:0] w, logic [3:0] i, logic sgn);
    logic signed [15:0] mul, m, base, v, a;
    mul = 16'(w[55:52]);
    m   = ch_mod(w, i);
    if (!sgn) begin
      base = 16'(w[63:56]);
      v = base * 16'sd8 + 16'sd4 + ((mul != 0) ? m * mul * 16'sd8 : m);
      v = (v < 0) ? 16'sd0 : ((v > 16'sd2047) ? 16'sd2047 : v);
      eac16 = {v[10:0], v[10:6]};
    end else begin
      base = 16'($signed(w[63:56]));
      if (base == -16'sd128) begin
        base = -16'sd127;
      end
      v = base * 16'sd8 + ((mul != 0) ? m * mul * 16'sd8 : m);
      v = (v < -16'sd1023) ? -16'sd1023 : ((v > 16'sd1023) ? 16'sd1023 : v);
      a = (v < 0) ? -v : v;
      a = {a[10:0], a[9:5]};
      eac16 = (v < 0) ? 16'(-a) : 16'(a);
    end
  endfunction

  // Texel (sx, sy) of block blk in the substitute format: bits 31:0 of the
  // texel (the rest are 0).  fmt: 0 ETC2_RGB, 1 ETC2_RGB_PTA, 2 ETC2_RGBA,
  // 3 EAC, 4 EACX2.  Only the decode of fmt runs.
  function automatic logic [31:0] tx_etc2_decode(input logic [127:0] blk, input logic [1:0] sx,
                                                 input logic [1:0] sy, input logic [2:0] fmt,
                                                 input logic sign);
    /* verilator no_inline_task */  // one C++ copy for every caller
    logic [63:0]        w0, w1;
    logic [3:0]         i;
    logic [24:0]        rgb;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [15:0] alpha;   // clamped to 0 .. 255: bits 15:8 are 0
    /* verilator lint_on UNUSEDSIGNAL */
    w0 = be64(blk[63:0]);
    w1 = be64(blk[127:64]);
    i  = {sx, sy};             // column-major: 4x + y
    tx_etc2_decode = '0;
    unique case (fmt)
      3'd0, 3'd1: begin
        rgb = etc2_rgb(w0, sx, sy, fmt == 3'd1);
        tx_etc2_decode = (fmt == 3'd1 && rgb[24]) ? 32'd0 : {8'hff, rgb[23:0]};
      end
      3'd2: begin
        rgb   = etc2_rgb(w1, sx, sy, 1'b0);
        alpha = clamp255(16'(w0[63:56]) + ch_mod(w0, i) * 16'(w0[55:52]));
        tx_etc2_decode = {alpha[7:0], rgb[23:0]};
      end
      3'd3: tx_etc2_decode[15:0] = eac16(w0, i, sign);
      3'd4: tx_etc2_decode = {eac16(w1, i, sign), eac16(w0, i, sign)};
      default: ;
    endcase
  endfunction

endpackage
`endif  // TX_ETC2_PKG_SV
