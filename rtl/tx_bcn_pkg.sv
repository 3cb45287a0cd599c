/**
 * tx_bcn - block-compressed formats in the format stage, as the functions
 * of package tx_bcn_pkg: tx_bcn_block tells a block format's COMPONENTS
 * code, tx_bcn_decode picks the family decoder of the code and gives the
 * texel of the substitute format (tx_pkg::fmt_subst names it) that the
 * format decode (tx_format_pkg) then reads.
 *
 * Twin of tx_bcn_decode / tx_format_decode_at in cmodel/bcn.c and
 * cmodel/format.c; docs/formats.md section 9.  blk is the tap's fetched
 * 8- or 16-byte block, (sx, sy) the texel's place in it.  A block that was
 * not read (out of bounds, border: aux.bok 0) gives the substitute format's
 * zeros; tx_format_quad does not call the decoder then.  Only the decoder
 * of the code's family runs.
 */
`ifndef TX_BCN_PKG_SV
`define TX_BCN_PKG_SV
// Packages used here, included (each guarded) so that any file order works.
`include "tx_bc1_pkg.sv"
`include "tx_bc6_pkg.sv"
`include "tx_bc7_pkg.sv"
`include "tx_etc2_pkg.sv"
package tx_bcn_pkg;

  // A block format: a COMPONENTS code that tx_bcn_decode decodes.
  function automatic logic tx_bcn_block(input logic [6:0] components);
    unique case (components)
      7'h24, 7'h25, 7'h26, 7'h27, 7'h28,          // DXT1, DXT23, DXT45, DXN1, DXN2
      7'h06, 7'h0a, 7'h0b, 7'h19, 7'h1a,          // ETC2_RGB, _PTA, _RGBA, EAC, EACX2
      7'h10, 7'h11, 7'h17: return 1'b1;           // BC6H_SF16, BC6H_UF16, BC7U
      default:             return 1'b0;
    endcase
  endfunction

  // Texel (sx, sy) of block blk in the substitute format of components, bits
  // 63:0 (the substitute texel's bits 127:64 are 0); 0 for a code that is
  // not a block format.  dtype_r: the R data type; SNORM (1),
  // SNORM_FORCE_FP16 (5) and SINT (3) select the signed DXN / EAC decode.
  function automatic logic [63:0] tx_bcn_decode(input logic [127:0] blk,
                                                input logic [6:0] components,
                                                input logic [2:0] dtype_r, input logic [1:0] sx,
                                                input logic [1:0] sy);
    /* verilator no_inline_task */  // one C++ copy for every caller
    logic sign;
    sign = (dtype_r == 3'd1) || (dtype_r == 3'd5) || (dtype_r == 3'd3);
    tx_bcn_decode = '0;
    unique case (components)
      // S3TC / RGTC -> A8B8G8R8, A8B8G8R8, A8B8G8R8, R16, R16G16
      7'h24: tx_bcn_decode[31:0] = tx_bc1_pkg::tx_bc1_decode(blk, sx, sy, 3'd0, sign);  // DXT1
      7'h25: tx_bcn_decode[31:0] = tx_bc1_pkg::tx_bc1_decode(blk, sx, sy, 3'd1, sign);  // DXT23
      7'h26: tx_bcn_decode[31:0] = tx_bc1_pkg::tx_bc1_decode(blk, sx, sy, 3'd2, sign);  // DXT45
      7'h27: tx_bcn_decode[31:0] = tx_bc1_pkg::tx_bc1_decode(blk, sx, sy, 3'd3, sign);  // DXN1
      7'h28: tx_bcn_decode[31:0] = tx_bc1_pkg::tx_bc1_decode(blk, sx, sy, 3'd4, sign);  // DXN2
      // ETC2 / EAC -> A8B8G8R8 (three), R16, R16G16
      7'h06: tx_bcn_decode[31:0] = tx_etc2_pkg::tx_etc2_decode(blk, sx, sy, 3'd0, sign);
      7'h0a: tx_bcn_decode[31:0] = tx_etc2_pkg::tx_etc2_decode(blk, sx, sy, 3'd1, sign);
      7'h0b: tx_bcn_decode[31:0] = tx_etc2_pkg::tx_etc2_decode(blk, sx, sy, 3'd2, sign);
      7'h19: tx_bcn_decode[31:0] = tx_etc2_pkg::tx_etc2_decode(blk, sx, sy, 3'd3, sign);
      7'h1a: tx_bcn_decode[31:0] = tx_etc2_pkg::tx_etc2_decode(blk, sx, sy, 3'd4, sign);
      // BC6H -> R16G16B16A16 (signed for BC6H_SF16, whatever the data types)
      7'h10: tx_bcn_decode = tx_bc6_pkg::tx_bc6_decode(blk, sx, sy, 1'b1);
      7'h11: tx_bcn_decode = tx_bc6_pkg::tx_bc6_decode(blk, sx, sy, 1'b0);
      // BC7 -> A8B8G8R8
      7'h17: tx_bcn_decode[31:0] = tx_bc7_pkg::tx_bc7_decode(blk, sx, sy);
      default: ;
    endcase
  endfunction

endpackage
`endif  // TX_BCN_PKG_SV
