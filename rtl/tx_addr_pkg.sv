/**
 * tx_addr - address stage: one texel's coordinates -> byte address and bounds.
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

endpackage
`endif  // TX_ADDR_PKG_SV
