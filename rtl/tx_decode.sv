/**
 * tx_decode - instruction word + control field -> TLDS fields, legality,
 * active lanes and the warp texture hash after the instruction.
 *
 * Combinational.  Twin of cmodel/decode.c (TLDS rows) and the active-mask
 * and hash rules of cmodel/insn_tlds.c / cmodel/model.c.  Rules:
 *   opcode   TLDS is bits [63:60] = 1101, [58:57] = 01 (reference facts 5.1).
 *            PIXLD is bits [63:51] = 1110111111101 (pixld_o; tx_pixld runs it).
 *            SULD is left to tx_suld_decode (neither unimpl_o nor
 *            illegal_o).  TEX and TEX.B words are recognised but not yet
 *            implemented (unimpl_o); any other opcode is illegal (S2.2).
 *   illegal  docs/semantics.md S2.1-S2.2, S3.2, S3.3.
 *   active   S1.3, S1.4: IPM & CTM, and ~KTM with .NODEP.
 *   hash     S5.1: .T bumps [2:0]; .P bumps [7:3] and clears [2:0].
 */
module tx_decode
  import tx_pkg::*;
(
  input  logic [63:0]  insn_i,
  input  logic [20:0]  ctrl_i,     // [18:17] phase, [20:19] must be 0
  input  logic [31:0]  ctm_i,      // bit = lane
  input  logic [31:0]  ktm_i,      // bit = lane
  input  logic [223:0] pred_i,     // P0..P6, Pp lane l at [p*32 + l]
  input  logic [7:0]   hash_i,     // [2:0] texture part, [7:3] phase part
  output tx_tlds_t     dec_o,
  output logic         unimpl_o,   // TEX or TEX.B
  output logic         pixld_o,    // PIXLD word (legal or not; see illegal_o)
  output logic         illegal_o,  // TLDS word that breaks a rule
  output logic [31:0]  active_o,   // lanes that execute
  output logic [7:0]   hash_o      // hash after a legal instruction
);

  tx_tlds_t    d;
  logic [2:0]  pred;
  logic        pred_neg;
  logic [31:0] ipm;
  logic [3:0]  comps;
  logic        rd1_rz;
  logic        rd0_pair;
  logic        bad_target, bad_src, bad_dst, bad_ctrl;

  ////////////
  // Fields //
  ////////////

  always_comb begin
    d.rd0   = insn_i[7:0];
    d.ra    = insn_i[15:8];
    d.rb    = insn_i[27:20];
    d.rd1   = insn_i[35:28];
    d.tsidx = insn_i[48:36];
    d.nodep = insn_i[49];
    d.wmask = insn_i[52:50];
    d.target = insn_i[56:53];
    d.f16   = ~insn_i[59];
    d.phase = ctrl_i[18:17];
  end

  assign pred     = insn_i[18:16];
  assign pred_neg = insn_i[19];
  // Opcode classes (reference facts sections 3.1, 5.1, 6.1, 7).
  logic is_tlds, is_other;
  assign is_tlds  = (insn_i[63:60] == 4'b1101) && (insn_i[58:57] == 2'b01);
  assign is_other = (insn_i[63:59] == 5'b11000)             // TEX
                  | (insn_i[63:54] == 10'b1101111010)        // TEX.B
                  | (insn_i[63:53] == 11'b11101011000)       // SULD
                  ;
  // SULD runs in tx_suld; its legality is tx_suld_decode's (see tx_top).
  logic is_suld;
  assign is_suld  = (insn_i[63:53] == 11'b11101011000);
  assign unimpl_o = is_other && !is_suld;
  // PIXLD (reference facts 7; docs/semantics.md S7.7): illegal only for the
  // reserved modes 6 and 7, a reserved bit ([50:48] [44:34] [30:28]) or a
  // .phase, which PIXLD does not have.
  logic is_pixld, bad_pixld;
  assign is_pixld  = (insn_i[63:51] == 13'b1110111111101);
  assign bad_pixld = (insn_i[33:32] == 2'b11) || (insn_i[50:48] != 3'd0) ||
                     (insn_i[44:34] != 11'd0) || (insn_i[30:28] != 3'd0) ||
                     (ctrl_i[18:17] != 2'd0);
  assign pixld_o  = is_pixld;

  //////////////
  // Legality //
  //////////////

  assign rd1_rz = (d.rd1 == RegRZ);
  assign comps  = tlds_comp_mask(rd1_rz, d.wmask);

  always_comb begin
    unique case (d.target)
      4'd0, 4'd1, 4'd2, 4'd4, 4'd5, 4'd6, 4'd7, 4'd8, 4'd12: bad_target = 1'b0;
      default:                                              bad_target = 1'b1;
    endcase
  end

  // Sources: Ra always read and never RZ; Rb is RZ exactly for code 0; vec2
  // groups start on an even register.
  always_comb begin
    bad_src = (d.ra == RegRZ);
    if (d.target == 4'd0) begin
      bad_src = bad_src || (d.rb != RegRZ);
    end else begin
      bad_src = bad_src || (d.rb == RegRZ);
    end
    if (d.target[2] && d.ra[0]) begin
      bad_src = 1'b1;
    end
    if (d.target[3] && d.rb[0]) begin
      bad_src = 1'b1;
    end
  end

  // Destinations: an unknown mask code; F32 pairs on an even register (RZ is
  // exempt: it names no register).
  always_comb begin
    rd0_pair = !rd1_rz || (comps == 4'b0011) || (comps == 4'b1001) ||
               (comps == 4'b1010) || (comps == 4'b1100);
    bad_dst  = (comps == 4'b0000);
    if (!d.f16) begin
      if (rd0_pair && (d.rd0 != RegRZ) && d.rd0[0]) begin
        bad_dst = 1'b1;
      end
      if (!rd1_rz && (comps == 4'b1111) && d.rd1[0]) begin
        bad_dst = 1'b1;
      end
    end
  end

  assign bad_ctrl  = (ctrl_i[20:19] != 2'd0) || (d.phase == 2'd3);
  assign illegal_o = is_pixld ? (bad_pixld || bad_ctrl) :
                     !is_other && (!is_tlds || bad_target || bad_src || bad_dst || bad_ctrl);

  ///////////////////////
  // Active lanes, hash //
  ///////////////////////

  always_comb begin
    ipm = (pred == PredPT) ? 32'hffff_ffff : pred_i[pred*32 +: 32];
    if (pred_neg) begin
      ipm = ~ipm;
    end
    active_o = ipm & ctm_i;
    if (d.nodep) begin
      active_o = active_o & ~ktm_i;
    end
  end

  always_comb begin
    unique case (d.phase)
      2'd1:    hash_o = {hash_i[7:3], hash_i[2:0] + 3'd1};
      2'd2:    hash_o = {hash_i[7:3] + 5'd1, 3'd0};
      default: hash_o = hash_i;
    endcase
  end

  assign dec_o = d;

  // Scheduling fields (stall, yield, barriers, wait mask) have no effect here.
  logic unused_sched;
  assign unused_sched = ^ctrl_i[16:0];

endmodule
