/**
 * tx_format - format stage: raw texel bits -> R, G, B, A (32-bit patterns),
 * then the header swizzle.  Combinational.
 *
 * A module wrapper of tx_format_decode (rtl/tx_format_pkg.sv, the twin of
 * cmodel/format.c) for the units that decode one texel with their own
 * ports: SULD (tx_suld_data) and tx_top's TEX border sRGB question.  The
 * texture format stage (tx_format_quad) calls the function itself, for the
 * taps it needs.  raw_i holds the texel at bit 0 (little-endian bytes).  An
 * unsupported COMPONENTS code gives all zeros on both outputs.
 */
module tx_format (
  input  logic [127:0] raw_i,
  input  logic [6:0]   components_i,
  input  logic [11:0]  dtype_i,   // R [2:0] G [5:3] B [8:6] A [11:9]
  input  logic [11:0]  swz_i,     // X [2:0] Y [5:3] Z [8:6] W [11:9]
  input  logic         srgb_i,
  output logic [127:0] rgba_o,    // R [31:0] G [63:32] B [95:64] A [127:96]
  output logic [127:0] out_o,     // X [31:0] Y [63:32] Z [95:64] W [127:96]
  output logic         srgb_o     // the header's sRGB applies to this format
);

  always_comb begin
    tx_format_pkg::tx_format_decode(raw_i, components_i, dtype_i, swz_i, srgb_i, rgba_o, out_o);
  end

  assign srgb_o = tx_format_pkg::tx_format_srgb_applies(components_i, dtype_i, srgb_i);

endmodule
