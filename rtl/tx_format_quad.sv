/**
 * tx_format_quad - format stage of one quad: sixteen tx_format (4 lanes x 4
 * taps) decode each tap's raw texel into four 32-bit components and apply
 * the header swizzle.
 *
 * Twin of tx_format_decode in cmodel/format.c (the decode itself is
 * tx_format's).  The header fields come from TIC word 0 and bit 150:
 * COMPONENTS [6:0], R/G/B/A_DATA_TYPE [18:7], X/Y/Z/W_SOURCE [30:19],
 * S_R_G_B_CONVERSION [150].  When the result is forced to zero (no header,
 * faulted header, type mismatch, unusable layout: S3.7, S3.10) every
 * component is 0, not the format default; inactive lanes and taps a lane
 * does not use (aux.used: taps 1-3 of a point-sampled lane and of every
 * TLDS lane, the second pass of a lane with one tap group) read 0 too.  A
 * TEX border tap (aux.border) takes the border colour (tx_top, S8.10).
 * With the depth compare on (aux.dc), every tap's component 0 is compared
 * with the lane's reference and the 0.0 / 1.0 result replaces all four
 * components (docs/filtering.md section 10); the function is func_i.
 */
module tx_format_quad
  import tx_pkg::*;
(
  input  logic          clk_i,
  input  logic          rst_ni,

  input  logic [255:0]  tic_i,           // header words, w0 at [31:0] (held)
  input  logic [127:0]  border_i,        // border colour R [31:0] .. A [127:96] (held)
  input  logic [2:0]    func_i,          // depth compare function (held)
  input  logic          force_zero_i,

  input  logic          in_valid_i,
  output logic          in_ready_o,
  input  logic [2:0]    in_quad_i,
  input  logic [3:0]    in_lanes_i,
  input  logic [2047:0] in_texel_i,      // lane l, tap t raw texel at [(l*4+t)*128 +: 128], LE
  input  tx_aux_t       in_aux_i,
  input  logic          in_last_i,

  output logic          out_valid_o,
  input  logic          out_ready_i,
  output logic [2:0]    out_quad_o,
  output logic [3:0]    out_lanes_o,
  output logic [2047:0] out_comp_o,      // lane l, tap t, comp c at [((l*4+t)*4+c)*32 +: 32]
  output tx_aux_t       out_aux_o,
  output logic          out_last_o
);

  logic [3:0]    lanes;
  logic [2047:0] texel;
  tx_aux_t       aux;

  tx_stage_reg #(
    .Width (2048 + $bits(tx_aux_t))
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   ({in_aux_i, in_texel_i}),
    .in_last_i   (in_last_i),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_quad_o  (out_quad_o),
    .out_lanes_o (lanes),
    .out_data_o  ({aux, texel}),
    .out_last_o  (out_last_o)
  );

  for (genvar l = 0; l < 4; l++) begin : g_lane
    for (genvar t = 0; t < 4; t++) begin : g_tap
      logic [127:0] rgba, xyzw;
      logic         srgb;
      logic         used;
      logic [127:0] btexel;
      logic [6:0]   bcomp;

      // Block formats: the texel (sx, sy) of the fetched block, in the
      // substitute format (docs/formats.md section 9).
      tx_bcn u_bcn (
        .blk_i        (texel[(l*4+t)*128 +: 128]),
        .components_i (tic_i[6:0]),
        .dtype_r_i    (tic_i[9:7]),
        .sx_i         (aux.bsub[(l*4+t)*4 +: 2]),
        .sy_i         (aux.bsub[(l*4+t)*4+2 +: 2]),
        .fetched_i    (aux.bok[l*4+t]),
        .texel_o      (btexel),
        .components_o (bcomp)
      );

      tx_format u_format (
        .raw_i        (btexel),
        .components_i (bcomp),
        .dtype_i      (tic_i[18:7]),
        .swz_i        (tic_i[30:19]),
        .srgb_i       (tic_i[150]),
        .rgba_o       (rgba),
        .out_o        (xyzw),
        .srgb_o       (srgb)
      );

      logic [127:0] val;

      assign used = lanes[l] && !force_zero_i && aux.used[l*4+t];
      assign val  = aux.border[l*4+t] ? border_i : xyzw;
      always_comb begin
        if (!used) begin
          out_comp_o[(l*4+t)*128 +: 128] = '0;
        end else if (aux.dc) begin
          out_comp_o[(l*4+t)*128 +: 128] =
              {4{depth_pass(func_i, aux.dcref[l*32 +: 32], val[31:0]) ? 32'h3f80_0000 : 32'd0}};
        end else begin
          out_comp_o[(l*4+t)*128 +: 128] = val;
        end
      end

      logic unused_rgba;
      assign unused_rgba = ^{rgba, srgb};
    end
  end

  assign out_lanes_o = lanes;
  assign out_aux_o   = aux;

  // Only word 0 and the sRGB bit of the header describe the format.
  logic unused_tic;
  assign unused_tic = ^{tic_i[255:151], tic_i[149:31], aux.wt, aux.fg, aux.blend, aux.grp2, aux.lvl2,
                        aux.pass, aux.multi, aux.sparse};

endmodule
