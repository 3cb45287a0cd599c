/**
 * tx_suld_decode - SULD word + control field -> "is a SULD", legality and the
 * active lanes.
 *
 * Combinational.  Twin of the SULD rows of cmodel/decode.c (suld_fields,
 * suld_reserved, suld_check, ctrl_check) and of the active mask of
 * cmodel/insn_suld.c.  Rules (docs/isa.md, docs/semantics.md S2.2, S6.1):
 *   opcode   [63:53] = 11101011000 (reference facts 6.1)
 *   illegal  reserved bits [29:26] set; bindless (bit 51 = 0) with index
 *            bits [48:47] or [38:36] set; ctrl [20:19] != 0 or any phase
 *            (SULD has no .phase); dim 6-7; .P mask other than R, RG, RGBA;
 *            .D size 7; clamp 3; Ra = RZ; bindless Rc = RZ; Ra or Rd groups
 *            off their alignment (2 registers: even, 3-4: multiple of 4).
 *   active   IPM & CTM: SULD has no .NODEP, so killed threads stay (S1.4).
 */
module tx_suld_decode
  import tx_pkg::*;
(
  input  logic [63:0]  insn_i,
  input  logic [20:0]  ctrl_i,
  input  logic [31:0]  ctm_i,
  input  logic [223:0] pred_i,     // Pp lane l at [p*32 + l]
  output logic         is_suld_o,
  output logic         illegal_o,
  output logic [31:0]  active_o
);

  logic       d, bound;
  logic [2:0] dim, size, pred;
  logic [1:0] clamp;
  logic [3:0] rgba;
  logic [7:0] rd, ra, rc;
  logic [2:0] ra_n, rd_n;
  logic       bad_res, bad_code, bad_reg;
  logic [31:0] ipm;

  assign is_suld_o = (insn_i[63:53] == 11'b11101011000);

  assign rd    = insn_i[7:0];
  assign ra    = insn_i[15:8];
  assign rc    = insn_i[46:39];
  assign d     = insn_i[52];
  assign bound = insn_i[51];
  assign clamp = insn_i[50:49];
  assign dim   = insn_i[35:33];
  assign size  = insn_i[22:20];
  assign rgba  = insn_i[23:20];
  assign pred  = insn_i[18:16];

  // Coordinate registers per dim (1D, BUF, A1D, 2D, A2D, 3D); result
  // registers per .D size (facts 6.3) or per .P component.
  always_comb begin
    unique case (dim)
      3'd0, 3'd1: ra_n = 3'd1;
      3'd2, 3'd3: ra_n = 3'd2;
      default:    ra_n = 3'd3;
    endcase
    if (d) begin
      unique case (size)
        3'd5:    rd_n = 3'd2;
        3'd6:    rd_n = 3'd4;
        default: rd_n = 3'd1;
      endcase
    end else begin
      unique case (rgba)
        4'h3:    rd_n = 3'd2;
        4'hf:    rd_n = 3'd4;
        default: rd_n = 3'd1;
      endcase
    end
  end

  assign bad_res  = (insn_i[29:26] != 4'd0) ||
                    (!bound && ((insn_i[48:47] != 2'd0) || (insn_i[38:36] != 3'd0))) ||
                    (ctrl_i[20:17] != 4'd0);
  assign bad_code = (dim > 3'd5) || (clamp == 2'd3) || (d && (size == 3'd7)) ||
                    (!d && (rgba != 4'h1) && (rgba != 4'h3) && (rgba != 4'hf));

  always_comb begin
    bad_reg = (ra == RegRZ) || (!bound && (rc == RegRZ));
    if ((ra_n == 3'd2) && ra[0]) begin
      bad_reg = 1'b1;
    end
    if ((ra_n >= 3'd3) && (ra[1:0] != 2'd0)) begin
      bad_reg = 1'b1;
    end
    if (rd != RegRZ) begin
      if ((rd_n == 3'd2) && rd[0]) begin
        bad_reg = 1'b1;
      end
      if ((rd_n >= 3'd3) && (rd[1:0] != 2'd0)) begin
        bad_reg = 1'b1;
      end
    end
  end

  assign illegal_o = bad_res || bad_code || bad_reg;

  always_comb begin
    ipm = (pred == PredPT) ? 32'hffff_ffff : pred_i[pred*32 +: 32];
    if (insn_i[19]) begin
      ipm = ~ipm;
    end
    active_o = ipm & ctm_i;
  end

  // Scheduling fields, the sparse predicate and the cache op decide nothing
  // here; the opcode's other bits were matched above.
  logic unused_ctrl;
  assign unused_ctrl = ^{ctrl_i[16:0], insn_i[32:30], insn_i[25:24]};

endmodule
