/**
 * tx_f32_to_f16 - binary32 -> binary16 conversion used by F16 result packing.
 *
 * Exactly docs/semantics.md S4.1 (twin: cmodel/format.c tx_f32_to_f16):
 *   rz_i = 0: IEEE round to nearest, ties to even; overflow gives +-Inf.
 *   rz_i = 1: truncation; overflow gives +-65504 (0x7bff), D3D11 3.2.2.
 *   binary16 subnormals are produced; inputs below 2^-25 (and binary32
 *   subnormals) give +-0.  Inf stays Inf; NaN gives sign | 0x7e00 | f[21:13].
 * Combinational.  en_i: the conversion runs only for an F16 result in the
 * packing stage; otherwise h_o is 0 (simulation cost; also where clock
 * gating would go).
 */
module tx_f32_to_f16 (
  input  logic        en_i,
  input  logic [31:0] f_i,
  input  logic        rz_i,
  output logic [15:0] h_o
);

  function automatic logic [15:0] f32_to_f16(logic [31:0] f, logic rz);
    logic [15:0] h;
    logic        sign;
    logic [7:0]  exp_f;
    logic [22:0] man_f;

    // Normal binary16 result before rounding, and its rounding remainder.
    logic [14:0] norm_h;
    logic [12:0] norm_rem;
    logic        norm_up;

    // Subnormal binary16 result: significand 1.m as a 24-bit integer shifted
    // right by 126 - exp (14 .. 24) gives units of 2^-24.
    logic [23:0] sig;
    logic [4:0]  sub_sh;
    logic [23:0] sub_rem_mask;
    logic [23:0] sub_half;
    logic [23:0] sub_rem;
    logic [9:0]  sub_h;
    logic        sub_up;

    sign   = f[31];
    exp_f  = f[30:23];
    man_f  = f[22:0];

    norm_h   = {5'(exp_f - 8'd112), man_f[22:13]};
    norm_rem = man_f[12:0];
    norm_up  = ~rz & ((norm_rem > 13'h1000) | ((norm_rem == 13'h1000) & norm_h[0]));

    sig          = {1'b1, man_f};
    sub_sh       = 5'(8'd126 - exp_f);
    sub_rem_mask = (24'd1 << sub_sh) - 24'd1;
    sub_half     = 24'd1 << (sub_sh - 5'd1);
    sub_rem      = sig & sub_rem_mask;
    sub_h        = 10'(sig >> sub_sh);
    sub_up       = ~rz & ((sub_rem > sub_half) | ((sub_rem == sub_half) & sub_h[0]));

    if (exp_f == 8'hff) begin
      // Inf, or NaN: quiet bit forced, the 9 payload bits below it kept.
      h = (man_f != '0) ? {sign, 6'b111111, man_f[21:13]} : {sign, 15'h7c00};
    end else if (exp_f >= 8'd143) begin
      // |f| >= 2^16 overflows binary16.
      h = rz ? {sign, 15'h7bff} : {sign, 15'h7c00};
    end else if (exp_f >= 8'd113) begin
      // Normal range; a carry out of the fraction bumps the exponent (and
      // reaches 0x7c00 = Inf only when rounding to nearest).
      h = {sign, norm_h + {14'd0, norm_up}};
    end else if (exp_f >= 8'd102) begin
      // Subnormal range; a carry to 0x400 is the smallest normal.
      h = {sign, 4'd0, {1'b0, sub_h} + {10'd0, sub_up}};
    end else begin
      h = {sign, 15'd0};
    end
    f32_to_f16 = h;
  endfunction

  always_comb begin
    h_o = 16'd0;
    if (en_i) begin
      h_o = f32_to_f16(f_i, rz_i);
    end
  end

endmodule
