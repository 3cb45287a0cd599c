/**
 * tx_format - format stage: raw texel bits -> R, G, B, A (32-bit patterns),
 * then the header swizzle.  Combinational.
 *
 * Twin of cmodel/format.c; component placement, conversions, sRGB rules and
 * defaults are those of docs/formats.md.  raw_i holds the texel at bit 0
 * (little-endian bytes).  An unsupported COMPONENTS code gives all zeros on
 * both outputs.
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
  // One copy of the generated C++ for the 16 instances of the format stage
  // (and the 4 of SULD): inlined, they made most of the verilated model.
  /* verilator no_inline_module */

  localparam logic [2:0] DtUnorm     = 3'd2;
  localparam logic [2:0] DtSint      = 3'd3;
  localparam logic [2:0] DtUint      = 3'd4;
  localparam logic [2:0] DtUnormFp16 = 3'd6;

  localparam logic [2:0] SwzZero     = 3'd0;
  localparam logic [2:0] SwzR        = 3'd2;
  localparam logic [2:0] SwzG        = 3'd3;
  localparam logic [2:0] SwzB        = 3'd4;
  localparam logic [2:0] SwzA        = 3'd5;
  localparam logic [2:0] SwzOneInt   = 3'd6;
  localparam logic [2:0] SwzOneFloat = 3'd7;

  // ---------------------------------------------------------------------------
  // Layout: component count, bit offset and width of R, G, B, A
  // ---------------------------------------------------------------------------
  logic            known;
  logic [2:0]      ncomp;
  logic            shexp;
  logic [3:0][6:0] off;
  logic [3:0][5:0] wid;

  always_comb begin
    known = 1'b1;
    shexp = 1'b0;
    ncomp = 3'd0;
    off   = '0;
    wid   = '0;
    unique case (components_i)
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
  end

  // ---------------------------------------------------------------------------
  // sRGB applies only when every present component is an 8-bit UNORM, and
  // never to the last component of a 2- or 4-component format.
  // ---------------------------------------------------------------------------
  logic       srgb_all;
  logic [3:0] present;
  logic [3:0] srgb_c;

  always_comb begin
    srgb_all = srgb_i;
    for (int i = 0; i < 4; i++) begin
      present[i] = (3'(i) < ncomp);
      if (present[i] && (wid[i] != 6'd8 ||
          !(dtype_i[3*i +: 3] == DtUnorm || dtype_i[3*i +: 3] == DtUnormFp16))) begin
        srgb_all = 1'b0;
      end
    end
    for (int i = 0; i < 4; i++) begin
      srgb_c[i] = srgb_all & present[i] &
                  ~(((ncomp == 3'd2) || (ncomp == 3'd4)) && (3'(i) == ncomp - 3'd1));
    end
  end

  assign srgb_o = srgb_all && known;

  // ---------------------------------------------------------------------------
  // Components
  // ---------------------------------------------------------------------------
  logic [3:0][31:0] fld;
  logic [3:0][31:0] cval;

  for (genvar i = 0; i < 4; i++) begin : g_comp
    logic [31:0] fmask;
    logic [63:0] word2;  // the 32-bit word the field starts in and the next
    assign fmask  = (wid[i] >= 6'd32) ? 32'hffff_ffff : ((32'd1 << wid[i]) - 32'd1);
    // 32'(raw_i >> off[i]) as a word select and a 64-bit shift: the same
    // field, without a 128-bit shifter (in hardware and in the verilated
    // model, where a wide shift is a loop over words).
    always_comb begin
      unique case (off[i][6:5])
        2'd0:    word2 = raw_i[63:0];
        2'd1:    word2 = raw_i[95:32];
        2'd2:    word2 = raw_i[127:64];
        default: word2 = {32'd0, raw_i[127:96]};
      endcase
    end
    assign fld[i] = 32'(word2 >> off[i][4:0]) & fmask;

    tx_format_comp u_comp (
      .field_i (fld[i]),
      .width_i (wid[i]),
      .dtype_i (dtype_i[3*i +: 3]),
      .shexp_i (shexp),
      .exp_i   (raw_i[31:27]),
      .srgb_i  (srgb_c[i]),
      .val_o   (cval[i])
    );
  end

  // ---------------------------------------------------------------------------
  // Defaults for missing components, swizzle
  // ---------------------------------------------------------------------------
  logic [31:0] alpha_one;

  always_comb begin
    alpha_one = (dtype_i[2:0] == DtSint || dtype_i[2:0] == DtUint) ? 32'd1 : 32'h3f80_0000;
    for (int i = 0; i < 4; i++) begin
      if (!known) begin
        rgba_o[32*i +: 32] = '0;
      end else if (present[i]) begin
        rgba_o[32*i +: 32] = cval[i];
      end else if (i == 3) begin
        rgba_o[32*i +: 32] = alpha_one;
      end else begin
        rgba_o[32*i +: 32] = '0;
      end
    end
    for (int i = 0; i < 4; i++) begin
      unique case (swz_i[3*i +: 3])
        SwzZero:     out_o[32*i +: 32] = '0;
        SwzR:        out_o[32*i +: 32] = rgba_o[31:0];
        SwzG:        out_o[32*i +: 32] = rgba_o[63:32];
        SwzB:        out_o[32*i +: 32] = rgba_o[95:64];
        SwzA:        out_o[32*i +: 32] = rgba_o[127:96];
        SwzOneInt:   out_o[32*i +: 32] = 32'd1;
        SwzOneFloat: out_o[32*i +: 32] = 32'h3f80_0000;
        default:     out_o[32*i +: 32] = '0;
      endcase
    end
  end

endmodule
