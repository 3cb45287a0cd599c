/**
 * tx_addr - address stage: one texel's coordinates -> byte address and bounds;
 * also the tap coordinates of TEX (tex_coord, cube_coord, at the end).
 *
 * Combinational.  Twin of cmodel/addr.c tx_addr_texel; the arithmetic is that
 * of docs/layouts.md, computed modulo 2^64 and truncated to 48 bits, exactly
 * as the model does.  lvl is the absolute mip level.  The address is 0 when
 * oob is set.  An unusable layout (all zeros) has 0 samples, so every
 * texel of it is out of bounds.
 *
 * The arithmetic is the function tx_addr_pkg::tx_addr_texel, so that a stage
 * with many taps (tx_addr_quad) can call it only for the taps it uses, under
 * an enable (docs/rtl.md, "Gated datapath"), and so can SULD's lanes
 * (tx_suld_addr).
 */
`ifndef TX_ADDR_PKG_SV
`define TX_ADDR_PKG_SV
// Packages used here, included (each guarded) so that any file order works.
`include "tx_pkg.sv"
package tx_addr_pkg;
  import tx_pkg::*;

  // The fields of the layout table the address needs besides the row of
  // the level (tx_layout_t without its 16 rows, which are not copied).
  typedef struct packed {
    tx_layout_kind_e kind;
    logic            gob_desktop;
    logic [47:0]     base;
    logic [31:0]     pitch;
    logic [4:0]      bpp;
    logic [15:0]     layers;
    logic [47:0]     layer_stride;
    logic [4:0]      samples;
    logic [3:0]      first_level;
    logic [3:0]      last_level;
    logic            blk;
  } tx_addr_view_t;

  function automatic tx_addr_view_t addr_view(tx_layout_kind_e kind, logic gob_desktop,
                                              logic [47:0] base, logic [31:0] pitch,
                                              logic [4:0] bpp, logic [15:0] layers,
                                              logic [47:0] layer_stride, logic [4:0] samples,
                                              logic [3:0] first_level, logic [3:0] last_level,
                                              logic blk);
    addr_view = '{kind: kind, gob_desktop: gob_desktop, base: base, pitch: pitch, bpp: bpp,
                  layers: layers, layer_stride: layer_stride, samples: samples,
                  first_level: first_level, last_level: last_level, blk: blk};
  endfunction

  // Intra-GOB byte offset of byte column xb (0..63) and row y (0..7).
  //   Tegra X1: x5 y2 y1 x4 y0 x3 x2 x1 x0     desktop: x5 y2 x4 y1 y0 x3 x2 x1 x0
  function automatic logic [8:0] gob_offset(logic desktop, logic [5:0] xb, logic [2:0] y);
    if (desktop) begin
      gob_offset = {xb[5], y[2], xb[4], y[1], y[0], xb[3:0]};
    end else begin
      gob_offset = {xb[5], y[2], y[1], xb[4], y[0], xb[3:0]};
    end
  endfunction

  // {oob, address} of texel (x, y, z, layer, sample) at absolute level
  // lvl, whose row of the layout table is lv.
  function automatic logic [48:0] tx_addr_texel(tx_addr_view_t v, tx_level_t lv, logic [31:0] lvl,
                                                logic [31:0] x, logic [31:0] y, logic [31:0] z,
                                                logic [31:0] layer, logic [31:0] sample);
    logic        oob;
    logic [1:0]  gxl, gyl;
    logic [63:0] xs, ys, xb, gy, block, row, rows, off;
    logic [3:0]  bhd;
    logic [31:0] s_lo, s_hi, z_hi, z_lo;
    logic [31:0] xq, yq, hq;   // block formats: block coordinates, height in blocks

    // Bounds
    oob = (lvl < {28'd0, v.first_level}) ||
          (lvl > {28'd0, v.last_level}) ||
          (x >= lv.w) || (y >= lv.h) || (z >= lv.d) ||
          (layer >= {16'd0, v.layers}) ||
          (sample >= {27'd0, v.samples});

    // Sample grid of a pixel
    {gxl, gyl} = sample_grid(v.samples);

    // Address
    s_lo  = sample & ((32'd1 << gxl) - 32'd1);
    s_hi  = sample >> gxl;
    z_lo  = z & ((32'd1 << lv.bd) - 32'd1);
    z_hi  = z >> lv.bd;
    // Block formats address the 4x4 block that holds the texel.
    xq    = v.blk ? {2'd0, x[31:2]} : x;
    yq    = v.blk ? {2'd0, y[31:2]} : y;
    hq    = v.blk ? ({2'd0, lv.h[31:2]} + {31'd0, |lv.h[1:0]}) : lv.h;
    xs    = (64'(xq) << gxl) | 64'(s_lo);
    ys    = (64'(yq) << gyl) | 64'(s_hi);
    xb    = xs * 64'(v.bpp);
    gy    = ys >> 3;
    bhd   = {1'b0, lv.bh} + {1'b0, lv.bd};
    block = 64'd512 << bhd;
    row   = 64'(lv.gw) * block;
    rows  = ((64'(hq) << gyl) + (64'd8 << lv.bh) - 64'd1) >> (4'd3 + {1'b0, lv.bh});
    off   = 64'(v.base) + 64'(layer) * 64'(v.layer_stride) + 64'(lv.offset);
    unique case (v.kind)
      LayoutPitch: begin
        off = off + ys * 64'(v.pitch) + xb;
      end
      LayoutBlockLinear: begin
        off = off
            + 64'(z_hi) * rows * row
            + (gy >> lv.bh) * row
            + (xb >> 6) * block
            + ((gy & ((64'd1 << lv.bh) - 64'd1)) << 9)
            + (64'(z_lo) << (4'd9 + {1'b0, lv.bh}))
            + 64'(gob_offset(v.gob_desktop, xb[5:0], ys[2:0]));
      end
      default: begin  // LayoutBuffer
        off = off + xb;
      end
    endcase
    tx_addr_texel = {oob, oob ? 48'd0 : off[47:0]};
  endfunction

  // ---------------------------------------------------------------------------
  // Tap coordinates (docs/filtering.md C2 and Q4; twin: tx_tex_coord and
  // tx_cube_coord in cmodel/addr.c).  The coordinate keeps 21 fraction bits
  // before the exact product with the extent; linear taps then round the
  // s.21 texel coordinate to s.8 (half up), point taps floor it; the result
  // saturates to [-2^26, 2^26 - 1].
  // ---------------------------------------------------------------------------
  localparam logic signed [63:0] TapLim = 64'sd1099511627776;  // 2^40

  function automatic logic signed [31:0] tap_round(logic signed [63:0] u21, logic linear);
    logic signed [63:0] u;
    u = (u21 + (linear ? 64'sd4096 : 64'sd0)) >>> 13;
    if (u > 64'sd67108863) begin
      u = 64'sd67108863;
    end
    if (u < -64'sd67108864) begin
      u = -64'sd67108864;
    end
    tap_round = u[31:0];
  endfunction

  // Binary32 s at extent n (n = 1 for unnormalised coordinates).  NaN,
  // denormals and zeros give 0; +-Inf saturate.
  function automatic logic signed [31:0] tex_coord(logic [31:0] s, logic [31:0] n,
                                                   logic linear);
    logic [7:0]         e;
    logic [63:0]        m, c, u;
    logic [79:0]        p;
    logic signed [63:0] u21;
    int                 k;
    e = s[30:23];
    m = {40'd0, 1'b1, (e == 8'hff) ? 23'd0 : s[22:0]};
    k = int'(e) - 129;   // s * 2^21 = m * 2^k
    c = 64'd0;
    if (k >= 17) begin
      c = 64'(TapLim);
    end else if (k >= 0) begin
      c = m << k;
    end else if (-k >= 63) begin
      c = s[31] ? 64'd1 : 64'd0;
    end else begin
      // magnitude floored for s > 0, toward minus infinity for s < 0
      c = s[31] ? ((m + (64'd1 << -k) - 64'd1) >> -k) : (m >> -k);
    end
    // c <= 2^40 and n < 2^32: the product fits 80 bits.
    p = 80'(c) * 80'(n);
    u = (p > 80'(TapLim)) ? 64'(TapLim) : p[63:0];
    u21 = s[31] ? -$signed(u) : $signed(u);
    if (e == 8'd0 || (e == 8'hff && s[22:0] != 23'd0) || n == 32'd0) begin
      tex_coord = 32'sd0;
    end else begin
      tex_coord = tap_round(u21, linear);
    end
  endfunction

  // Cube face ratio r (Q3, in 2^-24 of sc/|ma|) at face size n.
  function automatic logic signed [31:0] cube_coord(logic signed [31:0] r, logic [31:0] n,
                                                    logic linear);
    logic signed [63:0] s21;
    s21 = (64'(r) + 64'sd16777216) >>> 4;
    cube_coord = tap_round(s21 * $signed({32'd0, n}), linear);
  endfunction

endpackage
`endif  // TX_ADDR_PKG_SV
