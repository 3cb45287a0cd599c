/**
 * tx_bcn - block-compressed formats in the format stage: picks the family
 * decoder of a COMPONENTS code and hands the format stage (tx_format) the
 * texel of the substitute format.  Combinational.
 *
 * Twin of tx_bcn_decode / tx_format_decode_at in cmodel/bcn.c and
 * cmodel/format.c; docs/formats.md section 9.  blk_i is the tap's fetched
 * 8- or 16-byte block, (sx, sy) the texel's place in it, fetched_i 0 when
 * the block was not read (out of bounds, border): the texel is then the
 * substitute format's zeros.  Any other format passes through unchanged.
 */
module tx_bcn
  import tx_pkg::*;
(
  input  logic [127:0] blk_i,
  input  logic [6:0]   components_i,
  input  logic [2:0]   dtype_r_i,      // R data type: SNORM (1), SNORM_FORCE_FP16 (5), SINT (3) = signed
  input  logic [1:0]   sx_i,
  input  logic [1:0]   sy_i,
  input  logic         fetched_i,
  output logic [127:0] texel_o,
  output logic [6:0]   components_o
);

  // One C++ class for the 16 per-tap instances (keeps the Verilated model
  // small: the decoders are large combinational functions).
  /* verilator no_inline_module */

  logic         sign;
  logic [2:0]   bc_fmt, etc_fmt;
  logic         is_bc, is_etc;
  logic [127:0] bc_texel, etc_texel;
  logic         is_bc6, is_bc7;
  logic [127:0] bc6_texel, bc7_texel;

  assign sign = (dtype_r_i == 3'd1) || (dtype_r_i == 3'd5) || (dtype_r_i == 3'd3);

  // Family and substitute format of each code.
  always_comb begin
    is_bc        = 1'b0;
    is_etc       = 1'b0;
    is_bc6       = 1'b0;
    is_bc7       = 1'b0;
    bc_fmt       = 3'd0;
    etc_fmt      = 3'd0;
    components_o = components_i;
    unique case (components_i)
      7'h24: begin is_bc = 1'b1;  bc_fmt = 3'd0;  components_o = 7'h08; end  // DXT1  -> A8B8G8R8
      7'h25: begin is_bc = 1'b1;  bc_fmt = 3'd1;  components_o = 7'h08; end  // DXT23
      7'h26: begin is_bc = 1'b1;  bc_fmt = 3'd2;  components_o = 7'h08; end  // DXT45
      7'h27: begin is_bc = 1'b1;  bc_fmt = 3'd3;  components_o = 7'h1d; end  // DXN1  -> R8
      7'h28: begin is_bc = 1'b1;  bc_fmt = 3'd4;  components_o = 7'h18; end  // DXN2  -> G8R8
      7'h06: begin is_etc = 1'b1; etc_fmt = 3'd0; components_o = 7'h08; end  // ETC2_RGB
      7'h0a: begin is_etc = 1'b1; etc_fmt = 3'd1; components_o = 7'h08; end  // ETC2_RGB_PTA
      7'h0b: begin is_etc = 1'b1; etc_fmt = 3'd2; components_o = 7'h08; end  // ETC2_RGBA
      7'h19: begin is_etc = 1'b1; etc_fmt = 3'd3; components_o = 7'h1b; end  // EAC   -> R16
      7'h1a: begin is_etc = 1'b1; etc_fmt = 3'd4; components_o = 7'h0c; end  // EACX2 -> R16G16
      7'h10, 7'h11: begin is_bc6 = 1'b1; components_o = 7'h03; end  // BC6H -> R16G16B16A16
      7'h17: begin is_bc7 = 1'b1; components_o = 7'h08; end         // BC7U -> A8B8G8R8
      default: ;
    endcase
  end

  // Each decoder sees the block only when the format is of its family, and
  // all zeros otherwise: its output is not selected then, and a constant
  // input keeps it from toggling (and takes the short paths of its mode
  // decode in the verilated model).
  tx_bc1 u_bc1 (
    .blk_i   (is_bc ? blk_i : '0),
    .sx_i    (sx_i),
    .sy_i    (sy_i),
    .fmt_i   (bc_fmt),
    .sign_i  (sign),
    .texel_o (bc_texel)
  );

  tx_etc2 u_etc2 (
    .blk_i   (is_etc ? blk_i : '0),
    .sx_i    (sx_i),
    .sy_i    (sy_i),
    .fmt_i   (etc_fmt),
    .sign_i  (sign),
    .texel_o (etc_texel)
  );

  // BC6H (signed for BC6H_SF16, whatever the data types) and BC7.
  tx_bc6 u_bc6 (
    .blk_i   (is_bc6 ? blk_i : '0),
    .sx_i    (sx_i),
    .sy_i    (sy_i),
    .sign_i  (components_i == 7'h10),
    .texel_o (bc6_texel)
  );

  tx_bc7 u_bc7 (
    .blk_i   (is_bc7 ? blk_i : '0),
    .sx_i    (sx_i),
    .sy_i    (sy_i),
    .sign_i  (1'b0),
    .texel_o (bc7_texel)
  );

  always_comb begin
    if (is_bc6) begin
      texel_o = fetched_i ? bc6_texel : '0;
    end else if (is_bc7) begin
      texel_o = fetched_i ? bc7_texel : '0;
    end else if (is_bc) begin
      texel_o = fetched_i ? bc_texel : '0;
    end else if (is_etc) begin
      texel_o = fetched_i ? etc_texel : '0;
    end else begin
      texel_o = blk_i;
    end
  end

endmodule
