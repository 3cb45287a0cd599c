/**
 * tx_f32_to_f16 - binary32 -> binary16 conversion used by F16 result packing.
 *
 * Exactly docs/semantics.md S4.1 (twin: cmodel/format.c tx_f32_to_f16):
 *   rz_i = 0: IEEE round to nearest, ties to even; overflow gives +-Inf.
 *   rz_i = 1: truncation; overflow gives +-65504 (0x7bff), D3D11 3.2.2.
 *   binary16 subnormals are produced; inputs below 2^-25 (and binary32
 *   subnormals) give +-0.  Inf stays Inf; NaN gives sign | 0x7e00 | f[21:13].
 * The conversion is tx_format_comp_pkg::f32_to_f16 (the filter's binary16
 * blend uses it too).  Combinational.  en_i: the conversion runs only for an F16 result in the
 * packing stage; otherwise h_o is 0 (simulation cost; also where clock
 * gating would go).
 */
`include "tx_format_comp_pkg.sv"
module tx_f32_to_f16 (
  input  logic        en_i,
  input  logic [31:0] f_i,
  input  logic        rz_i,
  output logic [15:0] h_o
);


  always_comb begin
    h_o = 16'd0;
    if (en_i) begin
      h_o = tx_format_comp_pkg::f32_to_f16(f_i, rz_i);
    end
  end

endmodule
