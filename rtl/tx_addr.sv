/**
 * tx_addr - address stage: one texel's coordinates -> byte address and bounds.
 *
 * Combinational.  Twin of cmodel/addr.c tx_addr_texel; the arithmetic is that
 * of docs/layouts.md, computed modulo 2^64 and truncated to 48 bits, exactly
 * as the model does.  level_i is the absolute mip level.  addr_o is 0 when
 * oob_o is set.  An unusable layout (all zeros) has 0 samples, so every
 * texel of it is out of bounds.
 */
module tx_addr
  import tx_pkg::*;
(
  input  tx_layout_t  layout_i,
  input  logic [31:0] level_i,
  input  logic [31:0] x_i,
  input  logic [31:0] y_i,
  input  logic [31:0] z_i,
  input  logic [31:0] layer_i,
  input  logic [31:0] sample_i,
  output logic [47:0] addr_o,
  output logic        oob_o
);

  // Intra-GOB byte offset of byte column xb (0..63) and row y (0..7).
  //   Tegra X1: x5 y2 y1 x4 y0 x3 x2 x1 x0     desktop: x5 y2 x4 y1 y0 x3 x2 x1 x0
  function automatic logic [8:0] gob_offset(logic desktop, logic [5:0] xb, logic [2:0] y);
    if (desktop) begin
      gob_offset = {xb[5], y[2], xb[4], y[1], y[0], xb[3:0]};
    end else begin
      gob_offset = {xb[5], y[2], y[1], xb[4], y[0], xb[3:0]};
    end
  endfunction

  tx_level_t   lv;
  logic        oob;
  logic [1:0]  gxl, gyl;
  logic [63:0] xs, ys, xb, gy, block, row, rows, off;
  logic [3:0]  bhd;
  logic [31:0] s_lo, s_hi, z_hi, z_lo;
  logic [31:0] xq, yq, hq;   // block formats: block coordinates, height in blocks

  assign lv = layout_i.lv[level_i[3:0]];

  ////////////////
  // Bounds     //
  ////////////////

  always_comb begin
    oob = (level_i < {28'd0, layout_i.first_level}) ||
          (level_i > {28'd0, layout_i.last_level}) ||
          (x_i >= lv.w) || (y_i >= lv.h) || (z_i >= lv.d) ||
          (layer_i >= {16'd0, layout_i.layers}) ||
          (sample_i >= {27'd0, layout_i.samples});
  end

  ////////////////////////////
  // Sample grid of a pixel //
  ////////////////////////////

  assign {gxl, gyl} = sample_grid(layout_i.samples);

  ////////////////
  // Address    //
  ////////////////

  always_comb begin
    s_lo  = sample_i & ((32'd1 << gxl) - 32'd1);
    s_hi  = sample_i >> gxl;
    z_lo  = z_i & ((32'd1 << lv.bd) - 32'd1);
    z_hi  = z_i >> lv.bd;
    // Block formats address the 4x4 block that holds the texel.
    xq    = layout_i.blk ? {2'd0, x_i[31:2]} : x_i;
    yq    = layout_i.blk ? {2'd0, y_i[31:2]} : y_i;
    hq    = layout_i.blk ? ({2'd0, lv.h[31:2]} + {31'd0, |lv.h[1:0]}) : lv.h;
    xs    = (64'(xq) << gxl) | 64'(s_lo);
    ys    = (64'(yq) << gyl) | 64'(s_hi);
    xb    = xs * 64'(layout_i.bpp);
    gy    = ys >> 3;
    bhd   = {1'b0, lv.bh} + {1'b0, lv.bd};
    block = 64'd512 << bhd;
    row   = 64'(lv.gw) * block;
    rows  = ((64'(hq) << gyl) + (64'd8 << lv.bh) - 64'd1) >> (4'd3 + {1'b0, lv.bh});
    off   = 64'(layout_i.base) + 64'(layer_i) * 64'(layout_i.layer_stride) + 64'(lv.offset);
    unique case (layout_i.kind)
      LayoutPitch: begin
        off = off + ys * 64'(layout_i.pitch) + xb;
      end
      LayoutBlockLinear: begin
        off = off
            + 64'(z_hi) * rows * row
            + (gy >> lv.bh) * row
            + (xb >> 6) * block
            + ((gy & ((64'd1 << lv.bh) - 64'd1)) << 9)
            + (64'(z_lo) << (4'd9 + {1'b0, lv.bh}))
            + 64'(gob_offset(layout_i.gob_desktop, xb[5:0], ys[2:0]));
      end
      default: begin  // LayoutBuffer
        off = off + xb;
      end
    endcase
  end

  assign oob_o  = oob;
  assign addr_o = oob ? 48'd0 : off[47:0];

  // The usable flag is not needed here: an unusable table has no samples.
  logic unused_usable;
  assign unused_usable = layout_i.usable;

endmodule
