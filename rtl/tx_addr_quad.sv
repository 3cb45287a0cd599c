/**
 * tx_addr_quad - address stage of one quad: the TLDS operands of each lane
 * become texel coordinates, then four tx_addr give byte addresses and bounds.
 *
 * Twin of the address part of cmodel/insn_tlds.c (tx_tlds_unpack_args, the
 * .AOFFI offsets, tx_addr_texel).  Operands per target code (S3.2), with
 * g0..g3 = Ra, Ra+1, Rb, Rb+1:
 *   x = g0, except ARRAY_2D (8): layer = g0[15:0], x = g2, y = g3
 *   y = g2 for 2D.LZ (2), g1 for codes 4, 5, 6, 7, 12
 *   z = g2 for 3D (7); sample = g2 for .MS (6)
 *   aoffi = g2 for 4, g3 for 12: u = aoffi[3:0], v = aoffi[7:4], 4-bit
 *   two's complement added modulo 2^32 (S3.5).
 * A lane is out of bounds when its level is (tx_lod), when tx_addr says so,
 * or when the instruction's result is forced to zero (force_zero_i); then its
 * address is 0.  Point sampling uses tap 0 only.
 * The layout table is built one level per clock while quads already flow
 * (tx_layout): a quad leaves only when the rows of the levels its in-range
 * lanes use are built (built_i), and, when a lane uses a layer other than 0,
 * the layer stride too (lay_done_i).  A forced-zero quad needs no row.
 */
module tx_addr_quad
  import tx_pkg::*;
(
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic [3:0]   target_i,        // TLDS target code (held)
  input  tx_layout_t   layout_i,        // held while quads flow
  input  logic         force_zero_i,    // results forced to zero (S3.7, S3.10)
  input  logic [15:0]  built_i,         // rows of layout_i that are valid
  input  logic         lay_done_i,      // layout_i complete (layer stride valid)

  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [2:0]   in_quad_i,
  input  logic [3:0]   in_lanes_i,
  input  logic [511:0] in_ops_i,        // lane l, operand o at [(l*4+o)*32 +: 32]
  input  logic [127:0] in_level_i,      // lane l absolute level at [l*32 +: 32]
  input  logic [3:0]   in_level_oob_i,
  input  logic         in_last_i,

  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [2:0]   out_quad_o,
  output logic [3:0]   out_lanes_o,
  output logic [191:0] out_addr_o,      // lane l byte address at [l*48 +: 48]
  output logic [3:0]   out_oob_o,       // lane l out of bounds (inactive lanes 0)
  output logic         out_last_o
);

  typedef struct packed {
    logic [511:0] ops;
    logic [127:0] level;
    logic [3:0]   level_oob;
  } addr_in_t;

  addr_in_t   in_data, held;
  logic       valid;
  logic [3:0] lanes;
  logic       rows_ok;

  assign in_data = '{ops: in_ops_i, level: in_level_i, level_oob: in_level_oob_i};

  // A quad leaves only once the layout rows it needs are built.
  tx_stage_reg #(
    .Width ($bits(addr_in_t))
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_data),
    .in_last_i   (in_last_i),
    .out_valid_o (valid),
    .out_ready_i (out_ready_i && rows_ok),
    .out_quad_o  (out_quad_o),
    .out_lanes_o (lanes),
    .out_data_o  (held),
    .out_last_o  (out_last_o)
  );

  ///////////////////
  // Coordinates   //
  ///////////////////

  logic [31:0] g [4][4];  // [lane][operand]
  logic [31:0] x [4], y [4], z [4], layer [4], sample [4], aoffi [4];
  logic [47:0] addr [4];
  logic [3:0]  oob;

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      for (int o = 0; o < 4; o++) begin
        g[l][o] = held.ops[(l*4+o)*32 +: 32];
      end
      x[l]      = g[l][0];
      y[l]      = 32'd0;
      z[l]      = 32'd0;
      layer[l]  = 32'd0;
      sample[l] = 32'd0;
      aoffi[l]  = 32'd0;
      unique case (target_i)
        4'd2:             y[l] = g[l][2];
        4'd4:             begin y[l] = g[l][1]; aoffi[l] = g[l][2]; end
        4'd5:             y[l] = g[l][1];
        4'd6:             begin y[l] = g[l][1]; sample[l] = g[l][2]; end
        4'd7:             begin y[l] = g[l][1]; z[l] = g[l][2]; end
        4'd8:             begin layer[l] = {16'd0, g[l][0][15:0]}; x[l] = g[l][2]; y[l] = g[l][3]; end
        4'd12:            begin y[l] = g[l][1]; aoffi[l] = g[l][3]; end
        default:          ;  // 1D forms: x only
      endcase
      x[l] = x[l] + {{28{aoffi[l][3]}}, aoffi[l][3:0]};
      y[l] = y[l] + {{28{aoffi[l][7]}}, aoffi[l][7:4]};
    end
  end

  for (genvar l = 0; l < 4; l++) begin : g_addr
    logic [47:0] a;
    logic        o;

    tx_addr u_addr (
      .layout_i (layout_i),
      .level_i  (held.level[l*32 +: 32]),
      .x_i      (x[l]),
      .y_i      (y[l]),
      .z_i      (z[l]),
      .layer_i  (layer[l]),
      .sample_i (sample[l]),
      .addr_o   (a),
      .oob_o    (o)
    );

    assign oob[l]  = lanes[l] && (o || held.level_oob[l] || force_zero_i);
    assign addr[l] = (lanes[l] && !oob[l]) ? a : 48'd0;
  end

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      out_addr_o[l*48 +: 48] = addr[l];
    end
  end

  // Rows this quad needs.
  always_comb begin
    rows_ok = 1'b1;
    for (int l = 0; l < 4; l++) begin
      if (lanes[l] && !held.level_oob[l]) begin
        if (!built_i[held.level[l*32 +: 4]]) begin
          rows_ok = 1'b0;
        end
        if ((layer[l] != 32'd0) && !lay_done_i) begin
          rows_ok = 1'b0;
        end
      end
    end
    if (force_zero_i) begin
      rows_ok = 1'b1;
    end
  end

  assign out_valid_o = valid && rows_ok;
  assign out_lanes_o = lanes;
  assign out_oob_o   = oob;

endmodule
