/**
 * tx_suld_addr - surface address of one SULD lane: coordinate registers ->
 * clamp mode -> byte address.
 *
 * Combinational.  Twin of cmodel/suld_addr.c tx_suld_addr (docs/semantics.md
 * S6.3-S6.5).  The lane loads `bytes` bytes (the .D size, or the texel for
 * .P) at element e of a row of the view level (first_level), whose row holds
 * n = floor(row bytes / bytes) elements, row bytes = w * bpp capped at
 * 2^32 - 1.  x is S32 (U32 for 1D_BUFFER unless .NEAR); .BA makes x a byte
 * address whose low bits below the size are dropped (floor).  y and z are
 * S32, the array index the 16 LSBs of its register.  .NEAR clamps every
 * coordinate into [0, n-1] (an empty row cannot be clamped into); the other
 * modes report a coordinate outside [0, n) as out of bounds.  The address
 * is tx_addr's on view_i, the layout with bpp 1 and no width limit, at byte
 * column e * bytes: so pitch, block-linear and buffer surfaces are addressed
 * by the layout stage's own arithmetic (tx_addr_pkg::tx_addr_texel).
 * addr_o is 0 when oob_o is set.  The lane is evaluated only with en_i (a
 * quad in SULD's gather stage once the header is ready; its operands come
 * from the register file in the cycle they arrive, so this logic is in the
 * verilated model's input region, evaluated on every eval(); the enable is
 * also where clock gating would go); otherwise addr_o and oob_o are 0.
 */
module tx_suld_addr
  import tx_pkg::*;
  import tx_addr_pkg::*;
(
  input  logic        en_i,
  input  tx_layout_t  layout_i,
  input  logic        d_i,        // .D (raw) rather than .P
  input  logic        ba_i,       // .D.BA
  input  logic [2:0]  size_i,     // .D size code
  input  logic [2:0]  dim_i,      // 0 1D, 1 1D_BUFFER, 2 1D_ARRAY, 3 2D, 4 2D_ARRAY, 5 3D
  input  logic [1:0]  clamp_i,    // 0 IGN, 1 NEAR, 2 TRAP
  input  logic [95:0] ops_i,      // Ra at [31:0], Ra+1 [63:32], Ra+2 [95:64]
  output logic [47:0] addr_o,
  output logic        oob_o
);

  logic        near;
  logic [2:0]  szl;
  tx_level_t   lv;
  logic [63:0] row_full;
  logic [32:0] row, n;
  logic signed [34:0] x, e, y, z, layer;
  logic        oob_e, oob_y, oob_z, oob_l;
  logic signed [34:0] ec, yc, zc, lc;
  logic [31:0] xb;
  logic [47:0] addr;
  logic        aoob;

  assign near = (clamp_i == 2'd1);
  assign lv   = layout_i.lv[layout_i.first_level];

  always_comb begin
    unique case (size_i)
      3'd2, 3'd3: szl = 3'd1;
      3'd4:       szl = 3'd2;
      3'd5:       szl = 3'd3;
      3'd6:       szl = 3'd4;
      default:    szl = 3'd0;
    endcase
    if (!d_i) begin
      szl = 3'd0;
    end
  end

  // Elements in a row.
  always_comb begin
    row_full = 64'(lv.w) * 64'(layout_i.bpp);
    row      = (row_full > 64'h0000_0000_ffff_ffff) ? 33'h0_ffff_ffff : row_full[32:0];
    n        = d_i ? (row >> szl) : {1'b0, lv.w};
  end

  // One coordinate against [0, lim): clamp (.NEAR) or report.
  function automatic logic bound(input logic signed [34:0] c, input logic [32:0] lim,
                                 input logic nr, output logic signed [34:0] cc);
    logic signed [34:0] top;
    top = 35'(lim) - 35'sd1;
    cc  = c;
    if (nr && (lim != 33'd0)) begin
      if (c < 35'sd0) begin
        cc = '0;
      end else if (c > top) begin
        cc = top;
      end
      bound = 1'b0;
    end else begin
      bound = (c < 35'sd0) || (c > top);
    end
  endfunction

  // The byte-granular view of the layout (bpp 1, the view level's row with
  // no width limit): tx_addr_texel then addresses byte column e * bytes.
  tx_addr_view_t view;
  tx_level_t     lvb;

  assign view = addr_view(layout_i.kind, layout_i.gob_desktop, layout_i.base, layout_i.pitch,
                          5'd1, layout_i.layers, layout_i.layer_stride, layout_i.samples,
                          layout_i.first_level, layout_i.last_level, layout_i.blk);

  always_comb begin
    lvb   = lv;
    lvb.w = '1;
  end

  always_comb begin
    x     = '0;
    e     = '0;
    y     = '0;
    z     = '0;
    layer = '0;
    oob_e = 1'b0;
    oob_y = 1'b0;
    oob_z = 1'b0;
    oob_l = 1'b0;
    ec    = '0;
    yc    = '0;
    zc    = '0;
    lc    = '0;
    xb    = '0;
    addr  = '0;
    aoob  = 1'b0;
    if (en_i) begin
      // Coordinates as signed values wide enough for every case.
      if ((dim_i == 3'd1) && !near) begin
        x = 35'(ops_i[31:0]);                        // U32
      end else begin
        x = 35'(signed'(ops_i[31:0]));               // S32
      end
      e = (d_i && ba_i) ? (x >>> szl) : x;
      if ((dim_i == 3'd3) || (dim_i == 3'd4) || (dim_i == 3'd5)) begin
        y = 35'(signed'(ops_i[63:32]));
      end
      if (dim_i == 3'd5) begin
        z = 35'(signed'(ops_i[95:64]));
      end
      if (dim_i == 3'd2) begin
        layer = 35'(ops_i[47:32]);
      end
      if (dim_i == 3'd4) begin
        layer = 35'(ops_i[79:64]);
      end

      oob_e = bound(e, n, near, ec);
      oob_y = bound(y, {1'b0, lv.h}, near, yc);
      oob_z = bound(z, {1'b0, lv.d}, near, zc);
      oob_l = bound(layer, {17'd0, layout_i.layers}, near, lc);

      xb = d_i ? (ec[31:0] << szl) : (ec[31:0] * {27'd0, layout_i.bpp});
      {aoob, addr} = tx_addr_texel(view, lvb, {28'd0, layout_i.first_level}, xb, yc[31:0],
                                   zc[31:0], lc[31:0], 32'd0);
    end
  end

  assign oob_o  = oob_e || oob_y || oob_z || oob_l || aoob;
  assign addr_o = oob_o ? '0 : addr;

  // Only the view level's extent, bpp, layers and first_level are read here
  // besides the fields of the view.
  logic unused_ec;
  assign unused_ec = ^{ec[34:32], yc[34:32], zc[34:32], lc[34:32], layout_i, lv};

endmodule
