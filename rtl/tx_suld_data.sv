/**
 * tx_suld_data - the bytes one SULD lane loaded -> its result words.
 *
 * Combinational.  Twin of cmodel/suld_data.c tx_suld_data (docs/semantics.md
 * S6.2, S6.7).  .D: the raw little-endian words; U8/U16 zero-extended and
 * S8/S16 sign-extended to 32 bits (the fetch stage already left the bytes
 * past the size 0).  .P: the texel through the format stage's decode
 * (tx_format_pkg::tx_format_decode, the one TLDS uses: decode by the
 * header's format, then its swizzle): X, Y, Z, W.  Evaluated only with en_i
 * (the lane is written this cycle); otherwise out_o is 0.  The bytes come
 * from a memory response in the cycle it arrives, so this is in the
 * verilated model's input region, evaluated on every eval(): the enable
 * keeps the decode to the cycles that write (and is where clock gating
 * would go).
 */
module tx_suld_data (
  input  logic         en_i,
  input  logic         d_i,
  input  logic [2:0]   size_i,
  input  logic [31:0]  fmt_i,    // the header's format fields: {bit 150, bits 30:0}
  input  logic [127:0] raw_i,    // the loaded bytes, byte 0 at [7:0]
  output logic [127:0] out_o     // register k at [k*32 +: 32]
);

  logic [127:0] rgba, xyzw;

  always_comb begin
    out_o = '0;
    rgba  = '0;
    xyzw  = '0;
    if (en_i) begin
      if (!d_i) begin
        tx_format_pkg::tx_format_decode(raw_i, fmt_i[6:0], fmt_i[18:7], fmt_i[30:19], fmt_i[31],
                                        rgba, xyzw);
        out_o = xyzw;
      end else begin
        out_o = raw_i;
        unique case (size_i)
          3'd0:    out_o[31:0] = {24'd0, raw_i[7:0]};
          3'd1:    out_o[31:0] = {{24{raw_i[7]}}, raw_i[7:0]};
          3'd2:    out_o[31:0] = {16'd0, raw_i[15:0]};
          3'd3:    out_o[31:0] = {{16{raw_i[15]}}, raw_i[15:0]};
          default: ;
        endcase
      end
    end
  end

  // Whether sRGB applies is a TEX border question (tx_top); unused here.
  logic unused;
  assign unused = ^rgba;

endmodule
