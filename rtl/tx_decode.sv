/**
 * tx_decode - instruction word + control field -> TLDS fields, legality,
 * active lanes and the warp texture hash after the instruction.
 *
 * Combinational.  Twin of cmodel/decode.c (TLDS, TEX and TEX.B rows) and the
 * active-mask and hash rules of cmodel/insn_tlds.c, cmodel/insn_tex.c and
 * cmodel/model.c.  Rules:
 *   opcode   TLDS is bits [63:60] = 1101, [58:57] = 01 (reference facts 5.1);
 *            TEX [63:59] = 11000, TEX.B [63:54] = 1101111010.
 *            PIXLD is bits [63:51] = 1110111111101 (pixld_o; tx_pixld runs it).
 *            SULD is left to tx_suld_decode (neither unimpl_o nor
 *            illegal_o).  TLD [63:56] = 0xdc/0xdd runs the TLDS path with
 *            its fields in tex_o (dec_o.tld).  TXQ runs as a TEX .LZ that
 *            fetches nothing (tex_o.txq); TMML runs as a TEX with implicit
 *            LOD that returns the LOD (tex_o.tmml); TXD as a TEX with
 *            implicit LOD from its gradient registers (tex_o.txd).  TEXS runs
 *            as the TEX form of its target (tex_o.texs, docs/semantics.md
 *            section 14).  SUST, SURED and TXQ's sampler queries answer
 *            unimpl_o (S2.4).  Any other opcode is illegal (S2.2).
 *   illegal  docs/semantics.md S2.1-S2.2, S3.2, S3.3; TEX: reserved LOD
 *            modes 4 and 5, dim ARRAY_3D, .AOFFI with a cube, .DC with 3D,
 *            Ra = RZ, Rb = RZ when Rb packs a parameter, alignment of Ra,
 *            Rb (by their register counts) and Rd (by the write mask),
 *            TEX.B bits [48:41] set (cmodel/decode.c tex_check).
 *   active   S1.3, S1.4: IPM & CTM, and ~KTM with .NODEP (both seeds).
 *   divergent  TEX seed div(CTM, PS, .NDV), per quad: 0 with .NDV, 1 for a
 *            non-pixel warp, else 0 only when the quad's CTM is 0xf.
 *   hash     S5.1: .T bumps [2:0]; .P bumps [7:3] and clears [2:0].
 * Every output but pixld_o is evaluated only with en_i (an offered word,
 * issue_valid_i) and reads 0 otherwise: the word comes from the issue ports,
 * so this logic is in the verilated model's input region, evaluated on
 * every eval() (simulation cost; also where clock gating would go), and
 * tx_top uses these outputs only in an issue cycle.  pixld_o feeds
 * issue_ready_o and is always evaluated.
 */
module tx_decode
  import tx_pkg::*;
(
  input  logic         en_i,       // a word is offered (the other outputs are 0 without)
  input  logic [63:0]  insn_i,
  input  logic [20:0]  ctrl_i,     // [18:17] phase, [20:19] must be 0
  input  logic [31:0]  ctm_i,      // bit = lane
  input  logic [31:0]  ktm_i,      // bit = lane
  input  logic [223:0] pred_i,     // P0..P6, Pp lane l at [p*32 + l]
  input  logic [7:0]   hash_i,     // [2:0] texture part, [7:3] phase part
  input  logic         pixel_i,    // pixel-shader warp (the seed's PS)
  output tx_tlds_t     dec_o,
  output tx_tex_t      tex_o,      // TEX fields (valid when is_tex_o)
  output logic         is_tex_o,   // a TEX or TEX.B word
  output logic [7:0]   div_o,      // TEX: quad q divergent at bit q
  output logic         unimpl_o,   // SUST, SURED, TXQ sampler queries: not executed
  output logic         pixld_o,    // PIXLD word (legal or not; see illegal_o)
  output logic         illegal_o,  // TLDS, TEX or PIXLD word that breaks a rule
  output logic [31:0]  active_o,   // lanes that execute
  output logic [7:0]   hash_o      // hash after a legal instruction
);

  // Opcode classes (reference facts sections 3.1, 5.1, 6.1, 7).  PIXLD is
  // bits [63:51] = 1110111111101.
  assign pixld_o  = (insn_i[63:51] == 13'b1110111111101);
  logic unimpl_word;
  // Recognised but not executed yet: SUST and SURED [63:53] =
  // 11101011001/11101011010 (cmodel/isa_int.h).  The model answers UNIMPL for
  // the same words (cmodel/model.c), legal or not.
  assign unimpl_word = en_i && ((insn_i[63:53] == 11'b11101011001) ||
                                (insn_i[63:53] == 11'b11101011010));

  always_comb begin
    tx_tlds_t    d;
    tx_tex_t     t;
    logic [2:0]  pred;
    logic        pred_neg;
    logic [31:0] ipm;
    logic [3:0]  comps;
    logic        rd1_rz, rd0_pair;
    logic        bad_target, bad_src, bad_dst, bad_ctrl, bad_pixld, tex_bad;
    logic        is_tlds, is_texi, is_texb, is_suld, is_tex, is_tld, tld_bad;
    logic        is_tld4, is_tld4b, is_tld4s, tld4_bad, tld4s_bad;
    logic        is_texs, texs_bad;
    logic [2:0]  texs_ra_n, texs_rb_n;
    logic [1:0]  offs;
    logic        is_txq, is_txqb, is_tmml, is_tmmlb, txq_named, txq_smp, txq_bad, tmml_bad;
    logic [5:0]  query;
    logic [2:0]  ra_n, rb_n;
    logic        is_txd, txd_bad;

    d          = '0;
    t          = '0;
    pred       = '0;
    pred_neg   = 1'b0;
    ipm        = '0;
    comps      = '0;
    rd1_rz     = 1'b0;
    rd0_pair   = 1'b0;
    bad_target = 1'b0;
    bad_src    = 1'b0;
    bad_dst    = 1'b0;
    bad_ctrl   = 1'b0;
    bad_pixld  = 1'b0;
    tex_bad    = 1'b0;
    is_tlds    = 1'b0;
    is_texi    = 1'b0;
    is_texb    = 1'b0;
    is_suld    = 1'b0;
    is_tex     = 1'b0;
    is_tld     = 1'b0;
    tld_bad    = 1'b0;
    is_tld4    = 1'b0;
    is_tld4b   = 1'b0;
    is_tld4s   = 1'b0;
    tld4s_bad  = 1'b0;
    is_texs    = 1'b0;
    texs_bad   = 1'b0;
    texs_ra_n  = '0;
    texs_rb_n  = '0;
    tld4_bad   = 1'b0;
    offs       = '0;
    ra_n       = '0;
    rb_n       = '0;
    is_txq     = 1'b0;
    is_txqb    = 1'b0;
    is_tmml    = 1'b0;
    txq_named  = 1'b0;
    txq_smp    = 1'b0;
    txq_bad    = 1'b0;
    tmml_bad   = 1'b0;
    is_tmmlb   = 1'b0;
    is_txd     = 1'b0;
    txd_bad    = 1'b0;
    query      = '0;
    unimpl_o   = 1'b0;
    dec_o      = '0;
    tex_o      = '0;
    is_tex_o   = 1'b0;
    div_o      = '0;
    illegal_o  = 1'b0;
    active_o   = '0;
    hash_o     = '0;

    if (en_i) begin
      ////////////
      // Fields //
      ////////////

      d.rd0    = insn_i[7:0];
      d.ra     = insn_i[15:8];
      d.rb     = insn_i[27:20];
      d.rd1    = insn_i[35:28];
      d.tsidx  = insn_i[48:36];
      d.nodep  = insn_i[49];
      d.wmask  = insn_i[52:50];
      d.target = insn_i[56:53];
      d.f16    = ~insn_i[59];
      d.phase  = ctrl_i[18:17];

      pred     = insn_i[18:16];
      pred_neg = insn_i[19];
      is_tlds  = (insn_i[63:60] == 4'b1101) && (insn_i[58:57] == 2'b01);
      is_texi  = (insn_i[63:59] == 5'b11000);             // TEX
      is_texb  = (insn_i[63:54] == 10'b1101111010);       // TEX.B
      // SULD runs in tx_suld; its legality is tx_suld_decode's (see tx_top).
      is_suld  = (insn_i[63:53] == 11'b11101011000);
      // Gather: TLD4 [63:58] = 110010, TLD4.B [63:54] = 1101111011.
      is_tld4  = (insn_i[63:58] == 6'b110010);
      is_tld4b = (insn_i[63:54] == 10'b1101111011);
      // TLD4S [63:56] = 0xdf, [54] = 0.
      is_tld4s = (insn_i[63:56] == 8'hdf) && !insn_i[54];
      // TEXS [63:60] = 1101, [58:57] = 00 (reference facts 4).
      is_texs  = (insn_i[63:60] == 4'b1101) && (insn_i[58:57] == 2'b00);
      is_tex   = is_texi || is_texb || is_tld4 || is_tld4b || is_tld4s || is_texs;
      // TLD [63:56] = 0xdc, TLD.B 0xdd (reference facts 5.6).
      is_tld   = (insn_i[63:57] == 7'b1101110);
      d.tld    = is_tld;
      // TXQ, TXQ.B, TMML, TMML.B: [63:51] = 0x1be9 .. 0x1bec
      // (cmodel/isa_int.h).
      is_txq   = (insn_i[63:51] == 13'h1be9) || (insn_i[63:51] == 13'h1bea);
      is_txqb  = (insn_i[63:51] == 13'h1bea);
      is_tmml  = (insn_i[63:51] == 13'h1beb) || (insn_i[63:51] == 13'h1bec);
      is_tmmlb = (insn_i[63:51] == 13'h1bec);
      // TXD [63:54] = 1101111000, TXD.B 1101111001 (cmodel/isa_int.h).
      is_txd   = (insn_i[63:55] == 9'b110111100);

      /////////
      // TEX //
      /////////

      t.rd       = insn_i[7:0];
      t.ra       = insn_i[15:8];
      t.rb       = insn_i[27:20];
      t.dim      = insn_i[30:28];
      t.wmask    = insn_i[34:31];
      t.ndv      = insn_i[35];
      t.nodep    = insn_i[49];
      t.dc       = insn_i[50];
      t.ps       = insn_i[53:51];
      t.bindless = is_texb || is_tld4b;
      t.phase    = ctrl_i[18:17];
      if (is_texs) begin
        // TEXS (cmodel/insn_texs.c): the TEX form of its target, the mask
        // of its code; Rd1, the mask code and F16 stay in the TLDS fields
        // that tx_pack reads.
        t.dim     = texs_dim(insn_i[56:53]);
        t.lod     = texs_lod(insn_i[56:53]);
        t.dc      = texs_dc(insn_i[56:53]);
        t.wmask   = tlds_comp_mask(d.rd1 == RegRZ, d.wmask);
        t.ndv     = 1'b0;
        t.ps      = PredPT;
        t.tsidx   = insn_i[48:36];
        t.aoffi   = 1'b0;
        t.lc      = 1'b0;
        t.texs    = 1'b1;
        texs_ra_n = (insn_i[56:53] <= 4'd2) ? 3'd1 : 3'd2;
        texs_rb_n = (insn_i[56:53] == 4'd0) ? 3'd0 :
                    ((insn_i[56:53] == 4'd5) || (insn_i[56:53] == 4'd9) ||
                     (insn_i[56:53] == 4'd13)) ? 3'd2 : 3'd1;
        t.rb_last = (tex_ra_n(t.dim, 1'b0) > texs_ra_n);
      end else if (is_tld4s) begin
        // TLD4S (cmodel/decode.c tld4s_fields): a 2D TLD4 of four
        // components; Rd1, F16 and the mask code 4 go to the TLDS fields
        // that tx_pack reads.
        t.dim        = TexDim2d;
        t.wmask      = 4'hf;
        t.ndv        = 1'b0;
        t.ps         = PredPT;
        t.tsidx      = insn_i[48:36];
        t.aoffi      = insn_i[51];
        t.lod        = TexLodLz;
        t.lc         = 1'b0;
        t.gather     = 1'b1;
        t.gcomp      = insn_i[53:52];
        t.short_form = 1'b1;
        d.wmask      = 3'd4;
        d.f16        = insn_i[55];
      end else if (is_tld4 || is_tld4b) begin
        // TLD4 (cmodel/decode.c tld4_fields): the TEX.LZ form of a gather.
        offs     = is_tld4b ? insn_i[37:36] : insn_i[55:54];
        t.tsidx  = is_tld4b ? 13'd0 : insn_i[48:36];
        t.aoffi  = (offs == 2'd1);
        t.ptp    = (offs == 2'd2);
        t.lod    = TexLodLz;
        t.lc     = 1'b0;
        t.gather = 1'b1;
        t.gcomp  = is_tld4b ? insn_i[39:38] : insn_i[57:56];
      end else if (is_texb) begin
        // TEX.B moves AOFFI, LOD and LC into the space of the index field.
        t.tsidx = '0;
        t.aoffi = insn_i[36];
        t.lod   = insn_i[39:37];
        t.lc    = insn_i[40];
      end else begin
        t.tsidx = insn_i[48:36];
        t.aoffi = insn_i[54];
        t.lod   = insn_i[57:55];
        t.lc    = insn_i[58];
      end

      // TLD rides in the TEX fields (cmodel/gather.c tx_tld_slots_of): the
      // Ra group is [array] + coordinates, the Rb group [handle] + [lod]
      // (.LL as lod mode LL, .LZ as LZ) + [offsets] + [sample] (.MS in the
      // place of .DC, the last Rb slot); no .LC, no .NDV.
      if (is_tld) begin
        t.bindless = insn_i[56];
        t.tsidx    = insn_i[56] ? 13'd0 : insn_i[48:36];
        t.aoffi    = insn_i[35];
        t.lod      = insn_i[55] ? TexLodLl : TexLodLz;
        t.lc       = 1'b0;
        t.ndv      = 1'b0;
        t.dc       = insn_i[50];
      end

      ra_n = tex_ra_count(t.short_form, t.dim, t.lc, t.aoffi, t.dc);
      rb_n = tex_rb_count(t.short_form, t.bindless, t.lod, t.aoffi, t.ptp, t.dc);

      // TLD legality (cmodel/decode.c tld_check): dim ARRAY_3D reserved, no
      // cube dims, .MS only on 2D and ARRAY_2D, Ra never RZ, Rb not RZ when
      // read, aligned groups, TLD.B's index bits [48:36] reserved.
      tld_bad = (t.dim == TexDimA3d) || (t.dim[2:1] == 2'b11) ||
                (t.dc && (t.dim[2:1] != 2'b01)) ||
                (t.ra == RegRZ) || ((rb_n != 3'd0) && (t.rb == RegRZ)) ||
                reg_misaligned(t.ra, ra_n) || reg_misaligned(t.rb, rb_n) ||
                reg_misaligned(t.rd, popcount4(t.wmask)) ||
                (insn_i[56] && (insn_i[48:36] != 13'd0));

      tex_bad = (t.lod == 3'd4) || (t.lod == 3'd5) || (t.dim == TexDimA3d) ||
                (t.aoffi && t.dim[2:1] == 2'b11) || (t.dc && t.dim == TexDim3d) ||
                (t.ra == RegRZ) || ((rb_n != 3'd0) && (t.rb == RegRZ)) ||
                reg_misaligned(t.ra, ra_n) || reg_misaligned(t.rb, rb_n) ||
                reg_misaligned(t.rd, popcount4(t.wmask));
      if (is_texb && (insn_i[48:41] != 8'd0)) begin
        tex_bad = 1'b1;
      end
      // TLD4 (cmodel/decode.c tld4_check): offset form 3, a dim without a
      // 2D footprint, offsets on a cube, the same register rules as TEX;
      // TLD4.B bits [48:40] unused.
      tld4_bad = (offs == 2'd3) ||
                 !(t.dim == TexDim2d || t.dim == TexDimA2d || t.dim[2:1] == 2'b11) ||
                 ((offs != 2'd0) && t.dim[2:1] == 2'b11) ||
                 (t.ra == RegRZ) || ((rb_n != 3'd0) && (t.rb == RegRZ)) ||
                 reg_misaligned(t.ra, ra_n) || reg_misaligned(t.rb, rb_n) ||
                 reg_misaligned(t.rd, popcount4(t.wmask)) ||
                 (is_tld4b && (insn_i[48:40] != 9'd0));
      if (is_tld4 || is_tld4b) begin
        tex_bad = tld4_bad;
      end
      // TLD4S (cmodel/decode.c tld4s_check): F32 results in register pairs.
      tld4s_bad = (t.ra == RegRZ) || (t.rb == RegRZ) ||
                  reg_misaligned(t.ra, ra_n) || reg_misaligned(t.rb, rb_n) ||
                  (!d.f16 && reg_misaligned(t.rd, 3'd2)) ||
                  (!d.f16 && reg_misaligned(d.rd1, 3'd2));
      if (is_tld4s) begin
        tex_bad = tld4s_bad;
      end

      /////////
      // TXQ //
      /////////

      // cmodel/decode.c txq_check: the query codes Mesa names, reserved
      // bits [21:20] [30:28] 35 50 (and [48:36] for TXQ.B), Ra a pair for
      // TXQ.B (handle, level), Rd by the mask.  The sampler queries answer
      // UNIMPL (docs/semantics.md S11.6).
      query = insn_i[27:22];
      unique case (query)
        6'd1, 6'd2, 6'd5:           txq_named = 1'b1;
        6'd16, 6'd18, 6'd20, 6'd22: begin
          txq_named = 1'b1;
          txq_smp   = 1'b1;
        end
        default:                    txq_named = 1'b0;
      endcase
      txq_bad = !txq_named || (insn_i[21:20] != 2'd0) || (insn_i[30:28] != 3'd0) ||
                insn_i[35] || insn_i[50] || (is_txqb && (insn_i[48:36] != 13'd0)) ||
                reg_misaligned(insn_i[15:8], is_txqb ? 3'd2 : 3'd1) ||
                reg_misaligned(insn_i[7:0], popcount4(insn_i[34:31]));
      if (is_txq) begin
        // The TEX fields of a TEX .LZ 1D that fetches nothing: the level
        // operand in the coordinate slot, TXQ.B's handle in TEX.B's.
        t          = '0;
        t.rd       = insn_i[7:0];
        t.ra       = is_txqb ? reg_next(insn_i[15:8]) : insn_i[15:8];
        t.rb       = is_txqb ? insn_i[15:8] : RegRZ;
        t.dim      = TexDim1d;
        t.wmask    = insn_i[34:31];
        t.ndv      = 1'b1;
        t.tsidx    = is_txqb ? 13'd0 : insn_i[48:36];
        t.nodep    = insn_i[49];
        t.ps       = PredPT;
        t.bindless = is_txqb;
        t.lod      = TexLodLz;
        t.phase    = ctrl_i[18:17];
        t.txq      = 1'b1;
        t.query    = query;
      end

      //////////
      // TMML //
      //////////

      // cmodel/decode.c tmml_check: reserved bit 50 (and [48:36] for
      // TMML.B), dim ARRAY_3D, Ra = RZ, TMML.B Rb = RZ, alignment of Ra
      // ([array] + coordinates, as TEX) and Rd.  It runs as a TEX with
      // implicit LOD (docs/semantics.md section 12).
      if (is_tmml) begin
        t          = '0;
        t.rd       = insn_i[7:0];
        t.ra       = insn_i[15:8];
        t.rb       = insn_i[27:20];
        t.dim      = insn_i[30:28];
        t.wmask    = insn_i[34:31];
        t.ndv      = insn_i[35];
        t.tsidx    = is_tmmlb ? 13'd0 : insn_i[48:36];
        t.nodep    = insn_i[49];
        t.ps       = PredPT;
        t.bindless = is_tmmlb;
        t.phase    = ctrl_i[18:17];
        t.tmml     = 1'b1;
        // Reserved: bit 50; TMML.B's index [48:36]; TMML's Rb [27:20] (no
        // Rb is read without .B; cmodel/decode.c tmml_reserved).
        tmml_bad = insn_i[50] || (is_tmmlb && (insn_i[48:36] != 13'd0)) ||
                   (!is_tmmlb && (insn_i[27:20] != 8'd0)) ||
                   (t.dim == TexDimA3d) || (t.ra == RegRZ) || (is_tmmlb && (t.rb == RegRZ)) ||
                   reg_misaligned(t.ra, tex_ra_n(t.dim, 1'b0)) ||
                   reg_misaligned(t.rd, popcount4(t.wmask));
      end

      /////////
      // TXD //
      /////////

      // cmodel/decode.c txd_check: dims 1D, 2D, ARRAY_1D, ARRAY_2D only;
      // Ra not RZ, Rb (the gradients, always read) not RZ; alignment of
      // Ra, Rb and Rd by their counts; TXD.B's index [48:36] reserved.  It
      // runs as a TEX with implicit LOD, the derivatives from Rb
      // (docs/semantics.md section 13).
      if (is_txd) begin
        t          = '0;
        t.rd       = insn_i[7:0];
        t.ra       = insn_i[15:8];
        t.rb       = insn_i[27:20];
        t.dim      = insn_i[30:28];
        t.wmask    = insn_i[34:31];
        t.ndv      = 1'b1;
        t.aoffi    = insn_i[35];
        t.bindless = insn_i[54];
        t.tsidx    = insn_i[54] ? 13'd0 : insn_i[48:36];
        t.nodep    = insn_i[49];
        t.lc       = insn_i[50];
        t.ps       = insn_i[53:51];
        t.lod      = 3'd0;         // implicit LOD
        t.phase    = ctrl_i[18:17];
        t.txd      = 1'b1;
        txd_bad = (t.dim[2:1] == 2'b10) || (t.dim[2:1] == 2'b11) ||
                  (t.ra == RegRZ) || (t.rb == RegRZ) ||
                  reg_misaligned(t.ra, txd_ra_n(t.bindless, t.dim[1], t.dim[0], t.aoffi, t.lc)) ||
                  reg_misaligned(t.rb, txd_rb_n(t.dim[1])) ||
                  reg_misaligned(t.rd, popcount4(t.wmask)) ||
                  (insn_i[54] && (insn_i[48:36] != 13'd0));
      end

      for (int q = 0; q < Quads; q++) begin
        if (t.ndv) begin
          div_o[q] = 1'b0;
        end else if (!pixel_i) begin
          div_o[q] = 1'b1;
        end else begin
          div_o[q] = (ctm_i[q*4 +: 4] != 4'hf);
        end
      end

      // PIXLD (reference facts 7; docs/semantics.md S7.7): illegal only for
      // the reserved modes 6 and 7, a reserved bit ([50:48] [44:34] [30:28])
      // or a .phase, which PIXLD does not have.
      bad_pixld = (insn_i[33:32] == 2'b11) || (insn_i[50:48] != 3'd0) ||
                  (insn_i[44:34] != 11'd0) || (insn_i[30:28] != 3'd0) ||
                  (ctrl_i[18:17] != 2'd0);

      //////////////
      // Legality //
      //////////////

      rd1_rz = (d.rd1 == RegRZ);
      comps  = tlds_comp_mask(rd1_rz, d.wmask);

      unique case (d.target)
        4'd0, 4'd1, 4'd2, 4'd4, 4'd5, 4'd6, 4'd7, 4'd8, 4'd12: bad_target = 1'b0;
        default:                                              bad_target = 1'b1;
      endcase

      // Sources: Ra always read and never RZ; Rb is RZ exactly for code 0;
      // vec2 groups start on an even register.
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

      // Destinations: an unknown mask code; F32 pairs on an even register (RZ
      // is exempt: it names no register).
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

      // TEXS (cmodel/decode.c texs_check): target codes 14 and 15, the
      // destinations as TLDS (bad_dst), Ra never RZ, Rb not RZ when read,
      // pairs even.
      texs_bad = (d.target >= 4'd14) || bad_dst || (d.ra == RegRZ) ||
                 ((texs_rb_n != 3'd0) && (d.rb == RegRZ)) ||
                 reg_misaligned(d.ra, texs_ra_n) || reg_misaligned(d.rb, texs_rb_n);
      if (is_texs) begin
        tex_bad = texs_bad;
      end

      bad_ctrl  = (ctrl_i[20:19] != 2'd0) || (d.phase == 2'd3);
      illegal_o = is_txd ? (txd_bad || bad_ctrl) :
                  is_txq ? (txq_bad || bad_ctrl) :
                  is_tmml ? (tmml_bad || bad_ctrl) :
                  is_tex ? (tex_bad || bad_ctrl) :
                  is_tld ? (tld_bad || bad_ctrl) :
                  pixld_o ? (bad_pixld || bad_ctrl) :
                  (!is_suld && (!is_tlds || bad_target || bad_src || bad_dst || bad_ctrl));

      ///////////////////////
      // Active lanes, hash //
      ///////////////////////

      ipm = (pred == PredPT) ? 32'hffff_ffff : pred_i[pred*32 +: 32];
      if (pred_neg) begin
        ipm = ~ipm;
      end
      active_o = ipm & ctm_i;
      if (is_tex ? t.nodep : d.nodep) begin
        active_o = active_o & ~ktm_i;
      end

      unique case (d.phase)
        2'd1:    hash_o = {hash_i[7:3], hash_i[2:0] + 3'd1};
        2'd2:    hash_o = {hash_i[7:3] + 5'd1, 3'd0};
        default: hash_o = hash_i;
      endcase

      // A legal TXQ sampler query answers UNIMPL (S11.6).
      unimpl_o = unimpl_word || (is_txq && txq_smp && !txq_bad && !bad_ctrl);

      dec_o    = d;
      tex_o    = t;
      is_tex_o = is_tex || is_txq || is_tmml || is_txd;
    end
  end

  // Scheduling fields (stall, yield, barriers, wait mask) have no effect here.
  logic unused_sched;
  assign unused_sched = ^ctrl_i[16:0];

endmodule
