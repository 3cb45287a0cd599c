/**
 * tx_border - the TEX border colour of an instruction (S8.10,
 * docs/filtering.md): BORDER_COLOR_R..A of the sampler in output order; R, G
 * and B from the sampler's sRGB border bytes through the sRGB table when the
 * header's sRGB applies to its format; a DEPTH_TEXTURE header copies R to
 * G, B and A.  Combinational; tx_front gives it the header and sampler of
 * the instruction in tx_addr_quad, and tx_ctx keeps the result per tag for
 * tx_format_quad.  C-model twin: border_colour() in cmodel/insn_tex.c.
 */
module tx_border
  import tx_pkg::*;
(
  input  logic [255:0] tic_i,
  input  logic [255:0] tsc_i,
  output logic [127:0] border_o
);

  logic [127:0] border_srgb;
  logic         srgb_fmt;

  // Only the sRGB question of the format is needed here (not a decode);
  // block formats answer for their substitute.
  assign srgb_fmt = tx_format_pkg::tx_format_srgb_applies(fmt_subst(tic_i[6:0]),
                                                          tic_i[18:7], tic_i[150]);

  tx_srgb_lut u_border_r (.c_i (tsc_i[95:88]),   .lin_o (border_srgb[31:0]));
  tx_srgb_lut u_border_g (.c_i (tsc_i[115:108]), .lin_o (border_srgb[63:32]));
  tx_srgb_lut u_border_b (.c_i (tsc_i[123:116]), .lin_o (border_srgb[95:64]));
  assign border_srgb[127:96] = tsc_i[255:224];

  // The other fields of the header and sampler are not read here.
  logic unused;
  assign unused = ^{tic_i, tsc_i};

  always_comb begin
    border_o = srgb_fmt ? border_srgb : tsc_i[255:128];
    if (tic_i[123]) begin
      border_o[127:32] = {3{border_o[31:0]}};
    end
  end

endmodule
