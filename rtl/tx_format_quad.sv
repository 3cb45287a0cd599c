/**
 * tx_format_quad - format stage of one quad: four tx_format decode each
 * lane's raw texel into four 32-bit components and apply the header swizzle.
 *
 * Twin of tx_format_decode in cmodel/format.c (the decode itself is
 * tx_format's).  The header fields come from TIC word 0 and bit 150:
 * COMPONENTS [6:0], R/G/B/A_DATA_TYPE [18:7], X/Y/Z/W_SOURCE [30:19],
 * S_R_G_B_CONVERSION [150].  When the result is forced to zero (no header,
 * faulted header, type mismatch, unusable layout: S3.7, S3.10) every
 * component is 0, not the format default; inactive lanes read 0 too.
 */
module tx_format_quad (
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic [255:0] tic_i,           // header words, w0 at [31:0] (held)
  input  logic         force_zero_i,

  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [2:0]   in_quad_i,
  input  logic [3:0]   in_lanes_i,
  input  logic [511:0] in_texel_i,      // lane l raw texel at [l*128 +: 128], LE
  input  logic         in_last_i,

  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [2:0]   out_quad_o,
  output logic [3:0]   out_lanes_o,
  output logic [511:0] out_comp_o,      // lane l, component c (X..W) at [(l*4+c)*32 +: 32]
  output logic         out_last_o
);

  logic [3:0]   lanes;
  logic [511:0] texel;

  tx_stage_reg #(
    .Width (512)
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_texel_i),
    .in_last_i   (in_last_i),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_quad_o  (out_quad_o),
    .out_lanes_o (lanes),
    .out_data_o  (texel),
    .out_last_o  (out_last_o)
  );

  for (genvar l = 0; l < 4; l++) begin : g_fmt
    logic [127:0] rgba, xyzw;

    tx_format u_format (
      .raw_i        (texel[l*128 +: 128]),
      .components_i (tic_i[6:0]),
      .dtype_i      (tic_i[18:7]),
      .swz_i        (tic_i[30:19]),
      .srgb_i       (tic_i[150]),
      .rgba_o       (rgba),
      .out_o        (xyzw)
    );

    assign out_comp_o[l*128 +: 128] = (lanes[l] && !force_zero_i) ? xyzw : '0;

    logic unused_rgba;
    assign unused_rgba = ^rgba;
  end

  assign out_lanes_o = lanes;

  // Only word 0 and the sRGB bit of the header describe the format.
  logic unused_tic;
  assign unused_tic = ^{tic_i[255:151], tic_i[149:31]};

endmodule
