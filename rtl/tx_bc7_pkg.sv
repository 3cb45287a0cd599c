/**
 * tx_bc7 - BC7 (BC7U) block decoder, as the function tx_bc7_decode of
 * package tx_bc7_pkg: texel (sx, sy) of a 16-byte block -> R, G, B, A bytes
 * in bits 31:0 (R in bits 7:0, the A8B8G8R8 substitute format; its other
 * bits are 0).  A reserved mode gives 0.
 *
 * C twin: cmodel/bc7.c; rules in docs/formats.md section 10.2 (D3D11.3 BC7,
 * Khronos ARB_texture_compression_bptc).  The partition and anchor tables
 * come from scripts/gen-bptc-tables (rtl/tx_bptc_tables.svh).  A function,
 * not a module: the format stage calls it only for a tap that needs it
 * (docs/rtl.md, "Format stage").
 */
`ifndef TX_BC7_PKG_SV
`define TX_BC7_PKG_SV
// Packages used here, included (each guarded) so that any file order works.
`include "tx_pkg.sv"
package tx_bc7_pkg;

`include "tx_bptc_tables.svh"

  // Anchor test of texel i in partition p of an ns-subset block.
  function automatic logic is_anchor(input logic [1:0] ns, input logic [5:0] p,
                                     input logic [3:0] i);
    if (i == 4'd0) return 1'b1;
    if (ns == 2'd2) return i == bptc_anchor2(p);
    if (ns == 2'd3) return i == bptc_anchor3a(p) || i == bptc_anchor3b(p);
    return 1'b0;
  endfunction

  function automatic logic [1:0] subset_of(input logic [1:0] ns, input logic [5:0] p,
                                           input logic [3:0] i);
    logic [31:0] p3;
    logic [15:0] p2;
    p2 = bptc_part2(p);
    p3 = bptc_part3(p);
    if (ns == 2'd2) return {1'b0, p2[i]};
    if (ns == 2'd3) return p3[{i, 1'b0} +: 2];
    return 2'd0;
  endfunction

  // Anchors of the block's partition: texel 0, and the anchor table's
  // texel(s) of subsets 1 and 2.  Texel t's index starts after the indices
  // of texels 0 .. t-1, each IB bits wide less one at an anchor.
  function automatic logic [7:0] idx_at(input logic [7:0] base, input logic [2:0] nbits,
                                        input logic [3:0] t, input logic [1:0] nsub,
                                        input logic [5:0] p);
    logic [7:0] a;
    a = base + 8'(t) * 8'(nbits) - 8'(t != 4'd0);
    if (nsub == 2'd2 && bptc_anchor2(p) < t) a = a - 8'd1;
    if (nsub == 2'd3 && bptc_anchor3a(p) < t) a = a - 8'd1;
    if (nsub == 2'd3 && bptc_anchor3b(p) < t) a = a - 8'd1;
    return a;
  endfunction

  // Texel (sx, sy) of block blk: {A, B, G, R} bytes (BC7 has no signed
  // variant).
  function automatic logic [31:0] tx_bc7_decode(input logic [127:0] blk, input logic [1:0] sx,
                                                input logic [1:0] sy);
    /* verilator no_inline_task */  // one C++ copy for every caller
    // Mode parameters (ARB Table.M) that the decode needs beyond the field
    // positions: subsets, colour and alpha bits, P-bit kind, index bits.
    logic [3:0]  mode;       // 8 = reserved
    logic [1:0]  ns;
    logic        epb, spb;
    logic [3:0]  cb, ab;
    logic [2:0]  ib, ib2;
    // Fields at constant positions per mode (scripts/gen-bptc-tables).
    logic [222:0] fl;
    logic [5:0]   part;
    logic [1:0]   rot;
    logic         isel;
    // Arrays of 4 entries where 3 are used: a power-of-two size keeps the
    // verilated function free of index-check temporaries (which a
    // non-inlined function cannot hold).
    logic [7:0]   ep [4][2][4];
    logic [3:0]   t;
    logic [1:0]   s;
    logic [7:0]   at_i1, at_i2;
    logic [3:0]   i1, i2, ci, ai;
    logic [2:0]   cbits, abits;
    logic [3:0]   nb, n;
    logic [6:0]   wc, wa, wsel, wneg;
    logic [7:0]   lerp [4];
    logic [7:0]   outc [4];
    logic [7:0]   v8;
    logic [8:0]   vp;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [13:0]  acc;      // at most 64 * 255 + 32 < 2^14; bits 5:0 are rounded off
    /* verilator lint_on UNUSEDSIGNAL */
    logic         pbe;
    logic [3:0]   sh1, sh2;

    // Mode m: m zero bits, then a one, from bit 0; byte 0 = 0 is reserved.
    unique casez (blk[7:0])
      8'b???????1: mode = 4'd0;
      8'b??????10: mode = 4'd1;
      8'b?????100: mode = 4'd2;
      8'b????1000: mode = 4'd3;
      8'b???10000: mode = 4'd4;
      8'b??100000: mode = 4'd5;
      8'b?1000000: mode = 4'd6;
      8'b10000000: mode = 4'd7;
      default:     mode = 4'd8;
    endcase

    {ns, cb, ab, epb, spb, ib, ib2} = '0;
    unique case (mode)
      4'd0: begin ns = 2'd3; cb = 4'd4; epb = 1'b1; ib = 3'd3; end
      4'd1: begin ns = 2'd2; cb = 4'd6; spb = 1'b1; ib = 3'd3; end
      4'd2: begin ns = 2'd3; cb = 4'd5; ib = 3'd2; end
      4'd3: begin ns = 2'd2; cb = 4'd7; epb = 1'b1; ib = 3'd2; end
      4'd4: begin ns = 2'd1; cb = 4'd5; ab = 4'd6; ib = 3'd2; ib2 = 3'd3; end
      4'd5: begin ns = 2'd1; cb = 4'd7; ab = 4'd8; ib = 3'd2; ib2 = 3'd2; end
      4'd6: begin ns = 2'd1; cb = 4'd7; ab = 4'd7; epb = 1'b1; ib = 3'd4; end
      4'd7: begin ns = 2'd2; cb = 4'd5; ab = 4'd5; epb = 1'b1; ib = 3'd2; end
      default: ;
    endcase

    tx_bc7_decode = '0;
    // A reserved mode: 0 (the decode does not run).
    if (mode != 4'd8) begin
      fl   = bc7_fields(mode[2:0], blk);
      part = fl[203:198];
      rot  = fl[205:204];
      isel = fl[206];

      // Endpoints to 8 bits: (value << 1 | P) when the mode has P-bits, then
      // shifted to the top of the byte with its high bits repeated below.
      // Without alpha bits A is 255.
      for (int s2 = 0; s2 < 3; s2++)
        for (int e = 0; e < 2; e++)
          for (int c = 0; c < 4; c++) begin
            nb = (c < 3) ? cb : ab;
            pbe = fl[192 + s2*2 + e];
            vp = {1'b0, fl[((s2*2+e)*4+c)*8 +: 8]};
            n = nb;
            if (epb || spb) begin
              vp = {vp[7:0], pbe};
              n = nb + 4'd1;
            end
            if (n >= 4'd8) begin
              v8 = vp[7:0];
            end else begin
              v8 = 8'(vp << (4'd8 - n));
              v8 = v8 | (v8 >> n);
            end
            ep[s2][e][c] = (nb == 4'd0) ? 8'd255 : v8;
          end

      // Indices of texel t: primary set (anchors as above), secondary set
      // (only texel 0 is an anchor there).
      t = {sy, sx};
      s = subset_of(ns, part, t);
      at_i1 = idx_at(fl[214:207], ib, t, ns, part);
      at_i2 = idx_at(fl[222:215], ib2, t, 2'd1, 6'd0);
      sh1 = tx_pkg::tx_bits4_at(blk, at_i1);
      sh2 = tx_pkg::tx_bits4_at(blk, at_i2);
      i1 = sh1 & 4'((5'd1 << (ib - 3'(is_anchor(ns, part, t)))) - 5'd1);
      i2 = sh2 & 4'((5'd1 << (ib2 - 3'(t == 4'd0))) - 5'd1);
      ci = i1; cbits = ib; ai = i1; abits = ib;
      if (ib2 != 3'd0) begin
        if (isel) begin ci = i2; cbits = ib2; end
        else      begin ai = i2; abits = ib2; end
      end
      wc = bptc_weight(cbits, ci);
      wa = bptc_weight(abits, ai);
      for (int c = 0; c < 4; c++) begin
        wsel = (c < 3) ? wc : wa;
        wneg = 7'd64 - wsel;
        acc = 14'(wneg) * 14'(ep[s][0][c]) + 14'(wsel) * 14'(ep[s][1][c]) + 14'd32;
        lerp[c] = acc[13:6];
      end
      // Rotation: 1 swaps A and R, 2 A and G, 3 A and B.
      for (int c = 0; c < 4; c++) outc[c] = lerp[c];
      unique case (rot)
        2'd1: begin outc[0] = lerp[3]; outc[3] = lerp[0]; end
        2'd2: begin outc[1] = lerp[3]; outc[3] = lerp[1]; end
        2'd3: begin outc[2] = lerp[3]; outc[3] = lerp[2]; end
        default: ;
      endcase
      tx_bc7_decode = {outc[3], outc[2], outc[1], outc[0]};
    end
  endfunction

endpackage
`endif  // TX_BC7_PKG_SV
