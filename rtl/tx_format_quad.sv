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

  logic         valid_q;
  logic [2:0]   quad_q;
  logic [3:0]   lanes_q;
  logic [511:0] texel_q;
  logic         last_q;

  assign in_ready_o = !valid_q || out_ready_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      quad_q  <= '0;
      lanes_q <= '0;
      texel_q <= '0;
      last_q  <= 1'b0;
    end else if (in_ready_o) begin
      valid_q <= in_valid_i;
      if (in_valid_i) begin
        quad_q  <= in_quad_i;
        lanes_q <= in_lanes_i;
        texel_q <= in_texel_i;
        last_q  <= in_last_i;
      end
    end
  end

  for (genvar l = 0; l < 4; l++) begin : g_fmt
    logic [127:0] rgba, xyzw;

    tx_format u_format (
      .raw_i        (texel_q[l*128 +: 128]),
      .components_i (tic_i[6:0]),
      .dtype_i      (tic_i[18:7]),
      .swz_i        (tic_i[30:19]),
      .srgb_i       (tic_i[150]),
      .rgba_o       (rgba),
      .out_o        (xyzw)
    );

    assign out_comp_o[l*128 +: 128] = (lanes_q[l] && !force_zero_i) ? xyzw : '0;

    logic unused_rgba;
    assign unused_rgba = ^rgba;
  end

  assign out_valid_o = valid_q;
  assign out_quad_o  = quad_q;
  assign out_lanes_o = lanes_q;
  assign out_last_o  = last_q;

  // Only word 0 and the sRGB bit of the header describe the format.
  logic unused_tic;
  assign unused_tic = ^{tic_i[255:151], tic_i[149:31]};

endmodule
