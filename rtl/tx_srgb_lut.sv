/**
 * tx_srgb_lut - 8-bit sRGB code -> binary32 linear value.
 *
 * The 256 entries come from scripts/gen-srgb-lut (the D3D11.3 section 3.2.3
 * SRGB -> FLOAT formula rounded to 8 significant bits, steps of at least
 * 2^-14, 14 measured entries one step off; docs/formats.md section 5);
 * cmodel/format.c holds the same table.  Combinational.
 */
module tx_srgb_lut (
  input  logic [7:0]  c_i,
  output logic [31:0] lin_o
);

  always_comb begin
    unique case (c_i)
`include "tx_srgb_lut.svh"
      default: lin_o = '0;
    endcase
  end

endmodule
