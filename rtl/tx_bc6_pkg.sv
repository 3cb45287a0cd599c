/**
 * tx_bc6 - BC6H block decoder (BC6H_UF16, BC6H_SF16), as the function
 * tx_bc6_decode of package tx_bc6_pkg: texel (sx, sy) of a 16-byte block ->
 * R, G, B binary16 in bits 15:0, 31:16, 47:32 and A = 1.0 (16'h3c00) in
 * 63:48 (the R16G16B16A16 substitute format; its bits 127:64 are 0).  A
 * reserved mode gives R = G = B = 0.
 *
 * C twin: cmodel/bc6.c; rules in docs/formats.md section 10.1 (D3D11.3 BC6H,
 * Khronos ARB_texture_compression_bptc).  The field layouts, partitions and
 * anchors come from scripts/gen-bptc-tables (rtl/tx_bptc_tables.svh).  A
 * function, not a module: the format stage calls it only for a tap that
 * needs it (docs/rtl.md, "Format stage").
 */
`ifndef TX_BC6_PKG_SV
`define TX_BC6_PKG_SV
// Packages used here, included (each guarded) so that any file order works.
`include "tx_pkg.sv"
package tx_bc6_pkg;

`include "tx_bptc_tables.svh"

  // Sign-extend the low n bits of v (1 <= n <= 16).
  function automatic logic signed [31:0] sext(input logic [15:0] v, input logic [4:0] n);
    logic [31:0] x;
    x = 32'(v) << (6'd32 - 6'(n));
    return $signed(x) >>> (6'd32 - 6'(n));
  endfunction

  // Endpoint -> 16-bit interpolation value (ARB / D3D unquantize).
  function automatic logic signed [31:0] unquantize(input logic signed [31:0] x,
                                                    input logic [4:0] epb, input logic sgn);
    logic signed [31:0] a, u;
    logic [31:0] q;
    if (!sgn) begin
      q = ((32'(x) << 15) + 32'h4000) >> (epb - 5'd1);
      if (epb >= 5'd15)                                  u = x;
      else if (x == 0)                                   u = 0;
      else if (32'(x) == (32'd1 << epb) - 32'd1)         u = 32'sh0000ffff;
      else                                               u = $signed(q);
    end else begin
      a = (x < 0) ? -x : x;
      q = ((32'(a) << 15) + 32'h4000) >> (epb - 5'd1);
      if (epb >= 5'd16)                                  u = x;
      else begin
        if (a == 0)                                      u = 0;
        else if (32'(a) >= (32'd1 << (epb - 5'd1)) - 32'd1) u = 32'sh00007fff;
        else                                             u = $signed(q);
        if (x < 0) u = -u;
      end
    end
    return u;
  endfunction

  // The last step: x * 31 / 64 (unsigned), or |x| * 31 / 32 with the sign
  // bit or-ed in (signed).
  function automatic logic [15:0] finish(input logic signed [31:0] v, input logic sgn);
    logic [31:0] m;
    if (!sgn) begin
      m = (32'(v) * 32'd31) >> 6;
      return m[15:0];
    end
    m = (v < 0) ? 32'(-v) : 32'(v);
    m = (m * 32'd31) >> 5;
    return {v < 0, m[14:0]};
  endfunction

  function automatic logic is_anchor2(input logic [4:0] p, input logic [3:0] i);
    return i == 4'd0 || i == bptc_anchor2({1'b0, p});
  endfunction

  // Texel (sx, sy) of block blk: {A, B, G, R} binary16.  sign: 1 BC6H_SF16,
  // 0 BC6H_UF16.
  function automatic logic [63:0] tx_bc6_decode(input logic [127:0] blk, input logic [1:0] sx,
                                                input logic [1:0] sy, input logic sign);
    /* verilator no_inline_task */  // one C++ copy for every caller
    // Mode index (the order of the layout table) and the mode's parameters
    // (ARB Table.MF): transformed, two subsets, endpoint bits, delta bits.
    logic [3:0]         mi;
    logic               reserved, tr, two;
    logic [4:0]         epb;
    // Arrays of 4 entries where 3 are used: a power-of-two size keeps the
    // verilated function free of index-check temporaries (which a
    // non-inlined function cannot hold).
    logic [4:0]         db [4];
    logic [191:0]       f;
    logic signed [31:0] e [4][4];
    logic [31:0]        mask, sum;
    logic [3:0]         t;
    logic [4:0]         part;
    logic               s;
    logic [15:0]        p2;
    logic [7:0]         at;
    logic [3:0]         idx;
    logic [2:0]         ib;
    logic [6:0]         w;
    logic signed [31:0] v;
    logic [15:0]        h [4];
    logic [3:0]         sh;
    logic               anc;
    logic [6:0]         wn;

    reserved = 1'b0;
    mi = 4'd0;
    unique casez (blk[4:0])
      5'b???00: mi = 4'd0;
      5'b???01: mi = 4'd1;
      5'd2:  mi = 4'd2;   5'd6:  mi = 4'd3;   5'd10: mi = 4'd4;  5'd14: mi = 4'd5;
      5'd18: mi = 4'd6;   5'd22: mi = 4'd7;   5'd26: mi = 4'd8;  5'd30: mi = 4'd9;
      5'd3:  mi = 4'd10;  5'd7:  mi = 4'd11;  5'd11: mi = 4'd12; 5'd15: mi = 4'd13;
      default: reserved = 1'b1;    // 19, 23, 27, 31
    endcase

    tr = 1'b1;
    two = 1'b1;
    epb = 5'd10;
    db[0] = 5'd5; db[1] = 5'd5; db[2] = 5'd5;
    unique case (mi)
      4'd0:  begin epb = 5'd10; end
      4'd1:  begin epb = 5'd7;  db[0] = 5'd6; db[1] = 5'd6; db[2] = 5'd6; end
      4'd2:  begin epb = 5'd11; db[1] = 5'd4; db[2] = 5'd4; end
      4'd3:  begin epb = 5'd11; db[0] = 5'd4; db[2] = 5'd4; end
      4'd4:  begin epb = 5'd11; db[0] = 5'd4; db[1] = 5'd4; end
      4'd5:  begin epb = 5'd9; end
      4'd6:  begin epb = 5'd8;  db[0] = 5'd6; end
      4'd7:  begin epb = 5'd8;  db[1] = 5'd6; end
      4'd8:  begin epb = 5'd8;  db[2] = 5'd6; end
      4'd9:  begin epb = 5'd6;  tr = 1'b0; db[0] = 5'd6; db[1] = 5'd6; db[2] = 5'd6; end
      4'd10: begin epb = 5'd10; tr = 1'b0; two = 1'b0; end
      4'd11: begin epb = 5'd11; two = 1'b0; db[0] = 5'd9; db[1] = 5'd9; db[2] = 5'd9; end
      4'd12: begin epb = 5'd12; two = 1'b0; db[0] = 5'd8; db[1] = 5'd8; db[2] = 5'd8; end
      default: begin epb = 5'd16; two = 1'b0; db[0] = 5'd4; db[1] = 5'd4; db[2] = 5'd4; end
    endcase

    tx_bc6_decode = {16'h3c00, 48'd0};
    // A reserved mode: R = G = B = 0 (the decode does not run).
    if (!reserved) begin
      sum = '0;
      f = bc6_fields(mi, blk[76:0]);
      mask = (32'd1 << epb) - 32'd1;
      for (int c = 0; c < 3; c++) begin
        e[0][c] = sign ? sext(f[c*16 +: 16], epb) : $signed(32'(f[c*16 +: 16]));
        for (int k = 1; k < 4; k++) begin
          if (tr) begin
            // A delta: sign-extended, added to e0, wrapped to the endpoint bits.
            sum = (32'(e[0][c]) + 32'(sext(f[(3*k+c)*16 +: 16], db[c]))) & mask;
            e[k][c] = sign ? sext(sum[15:0], epb) : $signed(sum);
          end else begin
            e[k][c] = sign ? sext(f[(3*k+c)*16 +: 16], epb) : $signed(32'(f[(3*k+c)*16 +: 16]));
          end
        end
        for (int k = 0; k < 4; k++) e[k][c] = unquantize(e[k][c], epb, sign);
      end

      // Subset and index of texel t (3-bit indices from bit 82 with two
      // subsets, 4-bit from bit 65 with one; anchors have one bit less).
      t = {sy, sx};
      part = two ? blk[81:77] : 5'd0;
      p2 = bptc_part2({1'b0, part});
      s = two ? p2[t] : 1'b0;
      ib = two ? 3'd3 : 3'd4;
      at = two ? 8'd82 : 8'd65;
      // Texel t's index follows those of texels 0 .. t-1, one bit less at
      // texel 0 and at the second subset's anchor.
      at = at + 8'(t) * 8'(ib) - 8'(t != 4'd0);
      if (two && bptc_anchor2({1'b0, part}) < t) at = at - 8'd1;
      sh = tx_pkg::tx_bits4_at(blk, at);
      anc = two ? is_anchor2(part, t) : (t == 4'd0);
      idx = sh & 4'((5'd1 << (ib - 3'(anc))) - 5'd1);
      w = bptc_weight(ib, idx);
      wn = 7'd64 - w;
      for (int c = 0; c < 3; c++) begin
        v = (e[{s, 1'b0}][c] * $signed(32'(wn)) + e[{s, 1'b1}][c] * $signed(32'(w)) + 32) >>> 6;
        h[c] = finish(v, sign);
      end
      tx_bc6_decode[47:0] = {h[2], h[1], h[0]};
    end
  endfunction

endpackage
`endif  // TX_BC6_PKG_SV
