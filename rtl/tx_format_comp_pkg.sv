/**
 * tx_format_comp - one texel component, as the function tx_format_comp of
 * package tx_format_comp_pkg: a right-aligned field of width bits and its
 * header data type -> 32-bit value (binary32 or integer).
 *
 * The rules and integer algorithms are those of docs/formats.md; the C twin
 * is convert_comp() in cmodel/format.c.  Combinational, no division.  Only
 * the conversion of the data type runs (tx_format_decode in
 * rtl/tx_format_pkg.sv calls it for the format's present components).
 */
`ifndef TX_FORMAT_COMP_PKG_SV
`define TX_FORMAT_COMP_PKG_SV
package tx_format_comp_pkg;

  localparam logic [2:0] DtSnorm      = 3'd1;
  localparam logic [2:0] DtUnorm      = 3'd2;
  localparam logic [2:0] DtSint       = 3'd3;
  localparam logic [2:0] DtUint       = 3'd4;
  localparam logic [2:0] DtSnormFp16  = 3'd5;
  localparam logic [2:0] DtUnormFp16  = 3'd6;
  localparam logic [2:0] DtFloat      = 3'd7;

  localparam logic [31:0] F32One    = 32'h3f80_0000;
  localparam logic [31:0] F32MinOne = 32'hbf80_0000;

  function automatic logic [31:0] mask_of(logic [5:0] n);
    mask_of = (n >= 6'd32) ? 32'hffff_ffff : ((32'd1 << n) - 32'd1);
  endfunction

  // Index of the most significant set bit (v != 0; 0 for v == 0).  A
  // binary search in five steps, not a 32-step priority chain: the same
  // result, and a fifth of the work in the verilated model.
  function automatic logic [4:0] msb_of(logic [31:0] v);
    logic [31:0] x;
    x      = v;
    msb_of = '0;
    if (x[31:16] != '0) begin msb_of[4] = 1'b1; x = x >> 16; end
    if (x[15:8]  != '0) begin msb_of[3] = 1'b1; x = x >> 8;  end
    if (x[7:4]   != '0) begin msb_of[2] = 1'b1; x = x >> 4;  end
    if (x[3:2]   != '0) begin msb_of[1] = 1'b1; x = x >> 2;  end
    if (x[1]) msb_of[0] = 1'b1;
  endfunction

  // n-bit UNORM code -> binary32 nearest to c / (2^n - 1), 1 <= n <= 32.
  // The quotient's binary expansion is c's n-bit pattern repeated; a 64-bit
  // window of it holds the leading one (in the first n bits), the 23
  // fraction bits and the rounding bit.  The tail is never exactly a half,
  // so rounding to nearest adds the rounding bit (carry into the exponent
  // included).  The window is built by doubling: c's n bits at the top,
  // then each step ORs in the pattern so far shifted down by its own length
  // (n, 2n, 4n, ... 32n covers 64 bits), like unorm_to_f32 in
  // cmodel/format.c.  When the result is used, c fits in n bits and is not 0,
  // so its leading one is in the top n <= 32 bits: lz counts the zeros above
  // it in five steps.
  function automatic logic [31:0] unorm_to_f32(logic [31:0] c, logic [5:0] n);
    logic [63:0] win;
    logic [23:0] nrm;  // 23 fraction bits below the leading one, rounding bit
    logic [31:0] top;
    logic [5:0]  lz;
    logic [7:0]  ex;
    win = {c, 32'd0} << (7'd32 - {1'b0, n});
    for (int di = 0; di < 6; di++) begin
      win = win | (win >> ({5'd0, n} << di));
    end
    top = win[63:32];
    lz  = '0;
    if (top[31:16] == '0) begin lz[4] = 1'b1; top = top << 16; end
    if (top[31:24] == '0) begin lz[3] = 1'b1; top = top << 8;  end
    if (top[31:28] == '0) begin lz[2] = 1'b1; top = top << 4;  end
    if (top[31:30] == '0) begin lz[1] = 1'b1; top = top << 2;  end
    if (!top[31]) lz[0] = 1'b1;
    nrm = 24'((win << lz) >> 39);
    ex  = 8'd126 - {2'b00, lz};
    if (c == '0) begin
      unorm_to_f32 = '0;
    end else if (c == mask_of(n)) begin
      unorm_to_f32 = F32One;
    end else begin
      unorm_to_f32 = {1'b0, ex, nrm[23:1]} + {31'd0, nrm[0]};
    end
  endfunction

  // n-bit SNORM code -> nearest to c / (2^(n-1) - 1); most negative -> -1.0.
  function automatic logic [31:0] snorm_to_f32(logic [31:0] c, logic [5:0] n);
    logic        neg;
    logic [31:0] mag;
    logic [31:0] v;
    neg = c[5'(n - 6'd1)];
    mag = neg ? ((~c + 32'd1) & mask_of(n)) : c;
    v   = unorm_to_f32(mag, n - 6'd1);
    if (n == 6'd1) begin
      snorm_to_f32 = neg ? F32MinOne : '0;
    end else if (mag == (32'd1 << (n - 6'd1))) begin
      snorm_to_f32 = F32MinOne;
    end else begin
      snorm_to_f32 = (v == '0) ? '0 : {neg, v[30:0]};
    end
  endfunction

  // Float with a 5-bit exponent (bias 15) and an mb-bit fraction -> binary32.
  function automatic logic [31:0] small_float_to_f32(logic sgn, logic [4:0] e, logic [9:0] m,
                                                     logic [4:0] mb);
    logic [4:0]  p;
    logic [31:0] mw;
    mw = {22'd0, m};
    p  = msb_of(mw);
    if (e == 5'd31) begin
      small_float_to_f32 = {sgn, 8'hff, 23'(mw << (5'd23 - mb))};
    end else if (e != 5'd0) begin
      small_float_to_f32 = {sgn, 8'({3'd0, e} + 8'd112), 23'(mw << (5'd23 - mb))};
    end else if (m == '0) begin
      small_float_to_f32 = {sgn, 31'd0};
    end else begin
      small_float_to_f32 = {sgn, 8'(8'd113 + {3'd0, p} - {3'd0, mb}), 23'(mw << (5'd23 - p))};
    end
  endfunction

  // E5B9G9R9 component: m * 2^(e - 24), no implied one.
  function automatic logic [31:0] shexp_to_f32(logic [8:0] m, logic [4:0] e);
    logic [4:0]  p;
    logic [31:0] mw;
    mw = {23'd0, m};
    p  = msb_of(mw);
    if (m == '0) begin
      shexp_to_f32 = '0;
    end else begin
      shexp_to_f32 = {1'b0, 8'(8'd103 + {3'd0, e} + {3'd0, p}), 23'(mw << (5'd23 - p))};
    end
  endfunction

  // 8-bit sRGB code -> binary32 linear value: the table of tx_srgb_lut
  // (scripts/gen-srgb-lut), as a function.
  function automatic logic [31:0] srgb_to_f32(logic [7:0] c_i);
    logic [31:0] lin_o;
    unique case (c_i)
`include "tx_srgb_lut.svh"
      default: lin_o = '0;
    endcase
    return lin_o;
  endfunction

  // binary32 -> binary16, docs/semantics.md S4.1 (twin: tx_f32_to_f16 in
  // cmodel/format.c): rz 0 rounds to nearest even (overflow Inf), rz 1
  // truncates (overflow 65504); subnormals produced; NaN keeps 9 payload bits.
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

  // The smallest entry of the 8-code sRGB segment that crosses 2^(k-6)
  // (docs/filtering.md B5; scripts/gen-srgb-lut), 0x7f800000 for none.
  function automatic logic [31:0] srgb_seg_start(logic [2:0] c_i);
    logic [31:0] seg_o;
    unique case (c_i)
`define TX_SRGB_SEG
`include "tx_srgb_lut.svh"
`undef TX_SRGB_SEG
      default: seg_o = 32'h7f80_0000;
    endcase
    return seg_o;
  endfunction

  // field: component bits, zero above width (1 .. 32); dtype: TIC
  // R/G/B/A_DATA_TYPE; shexp: an E5B9G9R9 component, exp its shared
  // exponent; srgb: decode through the sRGB table.
  function automatic logic [31:0] tx_format_comp(input logic [31:0] field, input logic [5:0] width,
                                                 input logic [2:0] dtype, input logic shexp,
                                                 input logic [4:0] exp, input logic srgb);
    logic [31:0] v;
    unique case (dtype)
      DtUnorm, DtUnormFp16: begin
        if (srgb) v = srgb_to_f32(field[7:0]);
        else      v = unorm_to_f32(field, width);
      end
      DtSnorm, DtSnormFp16: v = snorm_to_f32(field, width);
      DtUint:               v = field;
      DtSint:               v = field[5'(width - 6'd1)] ? (field | ~mask_of(width)) : field;
      DtFloat: begin
        if (shexp) begin
          v = shexp_to_f32(field[8:0], exp);
        end else begin
          unique case (width)
            6'd32:   v = field;
            6'd16:   v = small_float_to_f32(field[15], field[14:10], field[9:0], 5'd10);
            6'd11:   v = small_float_to_f32(1'b0, field[10:6], {4'd0, field[5:0]}, 5'd6);
            6'd10:   v = small_float_to_f32(1'b0, field[9:5], {5'd0, field[4:0]}, 5'd5);
            default: v = '0;
          endcase
        end
      end
      default:              v = '0;
    endcase
    return v;
  endfunction

endpackage
`endif  // TX_FORMAT_COMP_PKG_SV
