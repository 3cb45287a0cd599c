/**
 * tx_format_pkg - the format stage's decode as a function: raw texel bits ->
 * R, G, B, A (32-bit patterns), then the header swizzle.
 *
 * Twin of tx_format_decode in cmodel/format.c; component placement,
 * conversions, sRGB rules and defaults are those of docs/formats.md.  raw
 * holds the texel at bit 0 (little-endian bytes).  An unsupported
 * COMPONENTS code gives all zeros on both outputs.  tx_format_quad calls
 * tx_format_decode for each tap it needs; the module tx_format (SULD, the
 * TEX border's sRGB question) is a wrapper of it.
 */
`ifndef TX_FORMAT_PKG_SV
`define TX_FORMAT_PKG_SV
// Packages used here, included (each guarded) so that any file order works.
`include "tx_format_comp_pkg.sv"
package tx_format_pkg;

  localparam logic [2:0] DtUnorm     = 3'd2;
  localparam logic [2:0] DtSint      = 3'd3;
  localparam logic [2:0] DtUint      = 3'd4;
  localparam logic [2:0] DtUnormFp16 = 3'd6;

  localparam logic [2:0] DtSnorm     = 3'd1;
  localparam logic [2:0] DtSnormFp16 = 3'd5;
  localparam logic [2:0] DtFloat     = 3'd7;

  // Blend classes of the filter (docs/filtering.md B5; enum tx_blend_class
  // in cmodel/format.h).
  localparam logic [2:0] BlF32       = 3'd0;
  localparam logic [2:0] BlF16       = 3'd1;
  localparam logic [2:0] BlUnorm     = 3'd2;
  localparam logic [2:0] BlSnorm     = 3'd3;
  localparam logic [2:0] BlSnorm8    = 3'd4;
  localparam logic [2:0] BlSrgb      = 3'd5;

  localparam logic [2:0] SwzZero     = 3'd0;
  localparam logic [2:0] SwzR        = 3'd2;
  localparam logic [2:0] SwzG        = 3'd3;
  localparam logic [2:0] SwzB        = 3'd4;
  localparam logic [2:0] SwzA        = 3'd5;
  localparam logic [2:0] SwzOneInt   = 3'd6;
  localparam logic [2:0] SwzOneFloat = 3'd7;

  // Layout of a COMPONENTS code: known, component count, shared exponent,
  // bit offset and width of R, G, B, A.
  function automatic void tx_format_layout(input logic [6:0] components, output logic known,
                                           output logic [2:0] ncomp, output logic shexp,
                                           output logic [3:0][6:0] off,
                                           output logic [3:0][5:0] wid);
    known = 1'b1;
    shexp = 1'b0;
    ncomp = 3'd0;
    off   = '0;
    wid   = '0;
    unique case (components)
      7'h01: begin  // R32G32B32A32
        ncomp = 3'd4; off = {7'd96, 7'd64, 7'd32, 7'd0}; wid = {6'd32, 6'd32, 6'd32, 6'd32};
      end
      7'h03: begin  // R16G16B16A16
        ncomp = 3'd4; off = {7'd48, 7'd32, 7'd16, 7'd0}; wid = {6'd16, 6'd16, 6'd16, 6'd16};
      end
      7'h04: begin  // R32G32
        ncomp = 3'd2; off = {7'd0, 7'd0, 7'd32, 7'd0};   wid = {6'd0, 6'd0, 6'd32, 6'd32};
      end
      7'h08: begin  // A8B8G8R8
        ncomp = 3'd4; off = {7'd24, 7'd16, 7'd8, 7'd0};  wid = {6'd8, 6'd8, 6'd8, 6'd8};
      end
      7'h09: begin  // A2B10G10R10
        ncomp = 3'd4; off = {7'd30, 7'd20, 7'd10, 7'd0}; wid = {6'd2, 6'd10, 6'd10, 6'd10};
      end
      7'h0c: begin  // R16G16
        ncomp = 3'd2; off = {7'd0, 7'd0, 7'd16, 7'd0};   wid = {6'd0, 6'd0, 6'd16, 6'd16};
      end
      7'h0f: begin  // R32
        ncomp = 3'd1; off = '0;                          wid = {6'd0, 6'd0, 6'd0, 6'd32};
      end
      7'h12: begin  // A4B4G4R4
        ncomp = 3'd4; off = {7'd12, 7'd8, 7'd4, 7'd0};   wid = {6'd4, 6'd4, 6'd4, 6'd4};
      end
      7'h14: begin  // A1B5G5R5
        ncomp = 3'd4; off = {7'd15, 7'd10, 7'd5, 7'd0};  wid = {6'd1, 6'd5, 6'd5, 6'd5};
      end
      7'h15: begin  // B5G6R5
        ncomp = 3'd3; off = {7'd0, 7'd11, 7'd5, 7'd0};   wid = {6'd0, 6'd5, 6'd6, 6'd5};
      end
      7'h18: begin  // G8R8
        ncomp = 3'd2; off = {7'd0, 7'd0, 7'd8, 7'd0};    wid = {6'd0, 6'd0, 6'd8, 6'd8};
      end
      7'h1b: begin  // R16
        ncomp = 3'd1; off = '0;                          wid = {6'd0, 6'd0, 6'd0, 6'd16};
      end
      7'h1d: begin  // R8
        ncomp = 3'd1; off = '0;                          wid = {6'd0, 6'd0, 6'd0, 6'd8};
      end
      7'h20: begin  // E5B9G9R9, shared exponent in 31:27
        ncomp = 3'd3; off = {7'd0, 7'd18, 7'd9, 7'd0};   wid = {6'd0, 6'd9, 6'd9, 6'd9};
        shexp = 1'b1;
      end
      7'h21: begin  // BF10GF11RF11
        ncomp = 3'd3; off = {7'd0, 7'd22, 7'd11, 7'd0};  wid = {6'd0, 6'd10, 6'd11, 6'd11};
      end
      7'h29: begin  // Z24S8: depth 31:8 -> R, stencil 7:0 -> G
        ncomp = 3'd2; off = {7'd0, 7'd0, 7'd0, 7'd8};    wid = {6'd0, 6'd0, 6'd8, 6'd24};
      end
      7'h2f: begin  // ZF32
        ncomp = 3'd1; off = '0;                          wid = {6'd0, 6'd0, 6'd0, 6'd32};
      end
      7'h3a: begin  // Z16
        ncomp = 3'd1; off = '0;                          wid = {6'd0, 6'd0, 6'd0, 6'd16};
      end
      default: known = 1'b0;
    endcase
  endfunction

  // sRGB applies only when every present component is an 8-bit UNORM, and
  // never to the last component of a 2- or 4-component format: srgb_all
  // (the header's sRGB applies to the format at all) and srgb_c (per
  // component).
  function automatic void tx_format_srgb(input logic srgb, input logic [11:0] dtype,
                                         input logic [2:0] ncomp, input logic [3:0][5:0] wid,
                                         output logic srgb_all, output logic [3:0] srgb_c);
    logic present;
    srgb_all = srgb;
    for (int i = 0; i < 4; i++) begin
      present = (3'(i) < ncomp);
      if (present && (wid[i] != 6'd8 ||
          !(dtype[3*i +: 3] == DtUnorm || dtype[3*i +: 3] == DtUnormFp16))) begin
        srgb_all = 1'b0;
      end
    end
    for (int i = 0; i < 4; i++) begin
      srgb_c[i] = srgb_all & (3'(i) < ncomp) &
                  ~(((ncomp == 3'd2) || (ncomp == 3'd4)) && (3'(i) == ncomp - 3'd1));
    end
  endfunction

  // The decode.  raw: the texel; components: COMPONENTS; dtype: R [2:0]
  // G [5:3] B [8:6] A [11:9]; swz: X [2:0] Y [5:3] Z [8:6] W [11:9]; srgb:
  // the header's S_R_G_B_CONVERSION.  rgba: R [31:0] .. A [127:96]; xyzw:
  // X [31:0] .. W [127:96].  Only the present components are converted.
  function automatic void tx_format_decode(input logic [127:0] raw, input logic [6:0] components,
                                           input logic [11:0] dtype, input logic [11:0] swz,
                                           input logic srgb, output logic [127:0] rgba,
                                           output logic [127:0] xyzw);
    /* verilator no_inline_task */  // one C++ copy for every caller
    logic            known;
    logic [2:0]      ncomp;
    logic            shexp;
    logic [3:0][6:0] off;
    logic [3:0][5:0] wid;
    /* verilator lint_off UNUSEDSIGNAL */
    logic            srgb_all;   // tx_format_srgb_applies' question
    /* verilator lint_on UNUSEDSIGNAL */
    logic [3:0]      srgb_c;
    logic [63:0]     word2;  // the 32-bit word a field starts in and the next
    logic [31:0]     fld;
    tx_format_layout(components, known, ncomp, shexp, off, wid);
    tx_format_srgb(srgb, dtype, ncomp, wid, srgb_all, srgb_c);
    rgba = '0;
    if (known) begin
      for (int i = 0; i < 4; i++) begin
        if (3'(i) < ncomp) begin
          // 32'(raw >> off) as a word select and a 64-bit shift: the same
          // field, without a 128-bit shifter (in hardware and in the
          // verilated model, where a wide shift is a loop over words).
          unique case (off[i][6:5])
            2'd0:    word2 = raw[63:0];
            2'd1:    word2 = raw[95:32];
            2'd2:    word2 = raw[127:64];
            default: word2 = {32'd0, raw[127:96]};
          endcase
          fld = 32'(word2 >> off[i][4:0]) &
                ((wid[i] >= 6'd32) ? 32'hffff_ffff : ((32'd1 << wid[i]) - 32'd1));
          rgba[32*i +: 32] = tx_format_comp_pkg::tx_format_comp(fld, wid[i], dtype[3*i +: 3], shexp,
                                                                raw[31:27], srgb_c[i]);
        end else if (i == 3) begin
          // A missing alpha is one: integer 1 for SINT/UINT R, else 1.0.
          rgba[127:96] = (dtype[2:0] == DtSint || dtype[2:0] == DtUint) ? 32'd1 : 32'h3f80_0000;
        end
      end
    end
    for (int i = 0; i < 4; i++) begin
      unique case (swz[3*i +: 3])
        SwzZero:     xyzw[32*i +: 32] = '0;
        SwzR:        xyzw[32*i +: 32] = rgba[31:0];
        SwzG:        xyzw[32*i +: 32] = rgba[63:32];
        SwzB:        xyzw[32*i +: 32] = rgba[95:64];
        SwzA:        xyzw[32*i +: 32] = rgba[127:96];
        SwzOneInt:   xyzw[32*i +: 32] = 32'd1;
        SwzOneFloat: xyzw[32*i +: 32] = 32'h3f80_0000;
        default:     xyzw[32*i +: 32] = '0;
      endcase
    end
  endfunction

  // The swizzled components X [0] .. W [3] that are 8-bit SNORM fields
  // holding the code -128 (0x80): they decode to -1.0 like -127, but the
  // filter's SNORM8 class blends the code itself (docs/filtering.md B5;
  // twin of snorm8_min_rgba and swizzle_mask in cmodel/format.c).  raw:
  // the texel's low 64 bits, where every format with 8-bit fields has them.
  function automatic logic [3:0] tx_format_snorm8_min(input logic [63:0] raw,
                                                      input logic [6:0] components,
                                                      input logic [11:0] dtype,
                                                      input logic [11:0] swz);
    logic            known;
    logic [2:0]      ncomp;
    logic [3:0][6:0] off;
    logic [3:0][5:0] wid;
    logic [3:0]      rgba;
    logic [2:0]      dt;
    /* verilator lint_off UNUSEDSIGNAL */
    logic            shexp;      // the layout's other field: not needed here
    /* verilator lint_on UNUSEDSIGNAL */
    tx_format_layout(components, known, ncomp, shexp, off, wid);
    rgba = '0;
    for (int i = 0; i < 4; i++) begin
      dt = dtype[3*i +: 3];
      if (known && 3'(i) < ncomp && wid[i] == 6'd8 && (dt == DtSnorm || dt == DtSnormFp16) &&
          8'(raw >> off[i]) == 8'h80) begin
        rgba[i] = 1'b1;
      end
    end
    for (int i = 0; i < 4; i++) begin
      unique case (swz[3*i +: 3])
        SwzR:    tx_format_snorm8_min[i] = rgba[0];
        SwzG:    tx_format_snorm8_min[i] = rgba[1];
        SwzB:    tx_format_snorm8_min[i] = rgba[2];
        SwzA:    tx_format_snorm8_min[i] = rgba[3];
        default: tx_format_snorm8_min[i] = 1'b0;
      endcase
    end
  endfunction

  // Whether the header's sRGB applies to a format (the TEX border colour's
  // question, tx_top): a known format whose present components are all
  // 8-bit UNORM.
  function automatic logic tx_format_srgb_applies(input logic [6:0] components,
                                                  input logic [11:0] dtype, input logic srgb);
    logic            known;
    logic [2:0]      ncomp;
    logic [3:0][5:0] wid;
    logic            srgb_all;
    /* verilator lint_off UNUSEDSIGNAL */
    logic            shexp;      // the layout's other fields: not needed here
    logic [3:0][6:0] off;
    logic [3:0]      srgb_c;
    /* verilator lint_on UNUSEDSIGNAL */
    tx_format_layout(components, known, ncomp, shexp, off, wid);
    tx_format_srgb(srgb, dtype, ncomp, wid, srgb_all, srgb_c);
    return srgb_all && known;
  endfunction

  // The blend class of each swizzled component X [2:0] .. W [11:9] (twin of
  // tx_fmt_blend_classes in cmodel/format.c): components is the format's
  // (a block format's substitute, tx_pkg::fmt_subst).  Constants, integer
  // and unknown formats: BlF32.
  function automatic logic [11:0] tx_format_blend_class(input logic [6:0] components,
                                                        input logic [11:0] dtype,
                                                        input logic [11:0] swz,
                                                        input logic srgb);
    logic            known;
    logic [2:0]      ncomp;
    logic            shexp;
    logic [3:0][5:0] wid;
    logic [3:0]      srgb_c;
    logic [3:0][2:0] rgba;
    logic [2:0]      dt;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [3:0][6:0] off;        // the layout's other fields: not needed here
    logic            srgb_all;
    /* verilator lint_on UNUSEDSIGNAL */
    tx_format_layout(components, known, ncomp, shexp, off, wid);
    tx_format_srgb(srgb, dtype, ncomp, wid, srgb_all, srgb_c);
    rgba = '0;
    for (int i = 0; i < 4; i++) begin
      dt = dtype[3*i +: 3];
      if (known && 3'(i) < ncomp) begin
        if (dt == DtUnorm || dt == DtUnormFp16) begin
          rgba[i] = srgb_c[i] ? BlSrgb : (wid[i] <= 6'd16) ? BlUnorm : BlF32;
        end else if (dt == DtSnorm || dt == DtSnormFp16) begin
          rgba[i] = (wid[i] == 6'd8) ? BlSnorm8 : (wid[i] <= 6'd16) ? BlSnorm : BlF32;
        end else if (dt == DtFloat) begin
          rgba[i] = (shexp || wid[i] <= 6'd16) ? BlF16 : BlF32;
        end
      end
    end
    for (int i = 0; i < 4; i++) begin
      unique case (swz[3*i +: 3])
        SwzR:    tx_format_blend_class[3*i +: 3] = rgba[0];
        SwzG:    tx_format_blend_class[3*i +: 3] = rgba[1];
        SwzB:    tx_format_blend_class[3*i +: 3] = rgba[2];
        SwzA:    tx_format_blend_class[3*i +: 3] = rgba[3];
        default: tx_format_blend_class[3*i +: 3] = BlF32;
      endcase
    end
  endfunction

endpackage
`endif  // TX_FORMAT_PKG_SV
