/**
 * tx_addr_quad - address stage of one quad: the operands of each lane
 * become texel coordinates, then tx_addr_pkg::tx_addr_texel gives the byte
 * address and bounds of each tap (4 lanes x 4 taps) the pass uses.
 *
 * Gated datapath (docs/rtl.md): the TLDS coordinates are computed only for
 * a TLDS quad in the stage, the TEX coordinates only for a TEX quad, an
 * address only for a used tap, a tx_cube only for a lane that crosses face
 * edges; the enables are where clock gating would go, and in simulation
 * they keep an empty stage or an unused tap from costing time.
 *
 * TLDS (twin of the address part of cmodel/insn_tlds.c: tx_tlds_unpack_args,
 * the .AOFFI offsets, tx_addr_texel).  Operands per target code (S3.2), with
 * g0..g3 = Ra, Ra+1, Rb, Rb+1:
 *   x = g0, except ARRAY_2D (8): layer = g0[15:0], x = g2, y = g3
 *   y = g2 for 2D.LZ (2), g1 for codes 4, 5, 6, 7, 12
 *   z = g2 for 3D (7); sample = g2 for .MS (6)
 *   aoffi = g2 for 4, g3 for 12: u = aoffi[3:0], v = aoffi[7:4], 4-bit
 *   two's complement added modulo 2^32 (S3.5).
 * TLDS uses tap 0 of each lane only.
 *
 * TEX (twin of sample_lane in cmodel/insn_tex.c and tx_addr_axis in
 * cmodel/addr.c; docs/filtering.md sections 2, 3, 5, 6).  Ra+0 is the array
 * index (array dims, or .LC) and the coordinates s, t, r follow; the Rb
 * group holds [handle], [lod], [offsets], [reference].  Per lane and per tap
 * group g (0: the level of tx_lod, 1: level1 when the lane samples two
 * levels, else the same level):
 *   C2/C3  u = tex_coord(s, width) (normalised) or tex_coord(s, 1): s cut
 *          to 21 fraction bits times the extent, rounded to s.8 (linear) or
 *          floored (point), plus the .AOFFI offset * 256; likewise v, w;
 *   A2     CLAMP_OGL / MIRROR_ONCE_CLAMP_OGL clamp the coordinate to
 *          [0, n*256] (the latter after mirroring), then POINT uses
 *          CLAMP_TO_EDGE and LINEAR the border rule;
 *   T1/T2  point: i0 = i1 = u >> 8, f = 0; linear: u' = u - 128,
 *          i0 = u' >> 8, i1 = i0 + 1, f = u'[7:0], or f = 0 when both
 *          taps are one texel (or both the border) after the address mode;
 *   A      each index through its axis' address mode; border taps fetch
 *          nothing and take the border colour.
 * A lane uses 1 slot (point), 4 (linear), 8 (two levels, or 3D linear:
 * slices k0 and k0+1 of one level) or 16 (3D linear on two levels: slot
 * 4*(2*level + slice) + t).  A quad leaves this stage once per four slots
 * of its widest lane: pass p carries slots 4p .. 4p+3 (two passes, a quad
 * per two clocks, with a lane of 8 slots; four with one of 16).  Array index: Ra+0[15:0]
 * clamped to layers - 1; a cube's layer is 6 * index + face.
 *
 * Seamless cube maps (docs/filtering.md section 15): with
 * CUBEMAP_INTERFACE_FILTERING 2 or 3, a linear lane of a cube whose level is
 * square resolves each tap from its raw indices (-1 .. n) through tx_cube:
 * an edge tap reads the neighbouring face's texel (layer 6 * index + face');
 * a corner tap reads the face's own corner texel A (the clamped indices) and
 * is marked in aux.corner, for tx_cube_corner to combine it with the two
 * edge taps of its group.
 *
 * Anisotropic probes (docs/filtering.md section 14, twin of the probe loop
 * of sample_lane): a lane with nlog != 0 (in_aniso_i from tx_lod) runs
 * 2^nlog probes, probe k moving u and v by (2k + 1 - N) / 2N of the major
 * axis (du, dv) >> r at level first + r (tx_aniso_probe), clamped to C2's
 * range.  The quad leaves once per pass of every probe of its widest lane
 * (probe_q counts them; each probe takes one or two passes); a lane whose
 * probes are done uses no slot and is not live (aux.plive).
 *
 * A tap is out of bounds (oob: no fetch, address 0) when it is a border
 * tap, when tx_addr says so, when the TLDS level is, or when the
 * instruction's result is forced to zero (force_zero_i; then only slot 0
 * is marked, as the model records it).
 * The layout table is built one level per clock while quads already flow
 * (tx_layout): a quad leaves only when the rows of the levels its in-range
 * lanes use are built (built_i), and, when a lane uses a layer other than 0,
 * the layer stride too (lay_done_i).  A forced-zero quad needs no row.
 */
module tx_addr_quad
  import tx_pkg::*;
  import tx_addr_pkg::*;
(
  input  logic          clk_i,
  input  logic          rst_ni,

  input  logic          tex_i,           // TEX (held); else TLDS
  input  tx_tex_t       texd_i,          // TEX fields (held)
  input  logic [255:0]  tsc_i,           // TEX sampler, w0 at [31:0] (held)
  input  logic          norm_i,          // TEX normalised coordinates (held)
  input  logic          int_fmt_i,       // TEX integer format: point only (held)
  input  logic          dc_i,            // TEX depth compare on (held)
  input  logic [3:0]    target_i,        // TLDS target code (held)
  input  logic          tld_i,           // TLD: the operands of texd_i's groups (held)
  input  tx_layout_t    layout0_i,       // the two contexts' tables ...
  input  tx_layout_t    layout1_i,
  input  logic          ctx_i,           // ... and the quad's context (held while quads flow)
  input  logic          force_zero_i,    // results forced to zero (S3.7, S3.10)
  input  logic [15:0]   built_i,         // rows of the quad's table that are valid
  input  logic          lay_done_i,      // the quad's table complete (layer stride valid)

  input  logic          in_valid_i,
  output logic          in_ready_o,
  input  logic [2:0]    in_quad_i,
  input  logic [3:0]    in_lanes_i,
  input  logic [1023:0] in_ops_i,        // lane l, operand o at [(l*8+o)*32 +: 32]
  input  logic [127:0]  in_level_i,      // lane l absolute level at [l*32 +: 32]
  input  logic [3:0]    in_level_oob_i,
  input  logic [127:0]  in_tex_i,        // TEX LOD fields (tx_lod)
  input  logic [267:0]  in_aniso_i,      // TEX anisotropic probes (tx_lod out_aniso_o)
  input  logic          in_last_i,

  output logic          out_valid_o,
  input  logic          out_ready_i,
  output logic [2:0]    out_quad_o,
  output logic [3:0]    out_lanes_o,
  output logic [767:0]  out_addr_o,      // lane l, tap t byte address at [(l*4+t)*48 +: 48]
  output logic [15:0]   out_oob_o,       // lane l, tap t at bit l*4+t (no fetch)
  output logic [15:0]   out_fetch_o,     // lane l, tap t is fetched
  output tx_aux_t       out_aux_o,       // to format and filter (sparse: 0)
  output logic [383:0]  out_ufx_o,       // lane l, axis a (u, v, w) s.8 at [(l*3+a)*32 +: 32]
  output logic          out_last_o
);

  // The operands sit at bit 0, so that a lane's operand is a whole word;
  // the levels, the LOD fields and the probes start on whole words too (the
  // verilated model then copies them into the stage register and reads them
  // back without shifting), the 4-bit level_oob last.
  typedef struct packed {
    logic [3:0]    level_oob;
    logic [267:0]  aniso;
    logic [127:0]  tex;
    logic [127:0]  level;
    logic [1023:0] ops;
  } addr_in_t;

  addr_in_t   in_data, held;
  logic       valid;
  logic [3:0] lanes;
  logic       rows_ok;
  logic       last;
  logic [1:0] pass_q;
  logic       multi, four;
  logic       pass_end;   // the last pass of a probe
  logic       fire;

  assign in_data = '{ops: in_ops_i, level: in_level_i, level_oob: in_level_oob_i, tex: in_tex_i,
                     aniso: in_aniso_i};

  // A quad leaves once the layout rows it needs are built, after its last
  // pass.
  tx_stage_reg #(
    .Width ($bits(addr_in_t))
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_data),
    .in_last_i   (in_last_i),
    .out_valid_o (valid),
    .out_ready_i (out_ready_i && rows_ok && pass_end && probe_last),
    .out_quad_o  (out_quad_o),
    .out_lanes_o (lanes),
    .out_data_o  (held),
    .out_last_o  (last)
  );

  assign fire = valid && rows_ok && out_ready_i;

  // Anisotropic probes: probe_q counts the probes of the quad, each of one
  // or two passes.
  logic [3:0]         probe_q;
  logic               probe_last;
  logic [2:0]         pnl [4];
  logic [2:0]         pnl_max;
  logic [3:0]         plive;
  logic signed [31:0] adu [4], adv [4];   // each lane's major axis

  always_comb begin
    pnl_max = 3'd0;
    for (int l = 0; l < 4; l++) begin
      adu[l]   = held.aniso[l*64 +: 32];
      adv[l]   = held.aniso[l*64 + 32 +: 32];
      pnl[l]   = held.aniso[256 + l*3 +: 3];
      plive[l] = lanes[l] && ({1'b0, probe_q} < (5'd1 << pnl[l]));
      if (lanes[l] && pnl[l] > pnl_max) begin
        pnl_max = pnl[l];
      end
    end
    probe_last = ({1'b0, probe_q} == (5'd1 << pnl_max) - 5'd1);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      probe_q <= 4'd0;
    end else if (fire && pass_end) begin
      probe_q <= probe_last ? 4'd0 : probe_q + 4'd1;
    end
  end

  // Probe k of 2^nlog on one axis at level first + r (tx_aniso_probe).
  function automatic logic signed [31:0] probe_at(logic signed [31:0] u, logic signed [31:0] d,
                                                  logic [3:0] r, logic [2:0] nlog, logic [3:0] k);
    logic signed [39:0] dl, m, off, v;
    dl  = $signed({{8{d[31]}}, d});
    dl  = dl >>> r;
    m   = 40'sd2 * $signed({36'd0, k}) + 40'sd1 - (40'sd1 <<< nlog);
    off = (m * dl) >>> (nlog + 3'd1);
    v   = $signed({{8{u[31]}}, u}) + off;
    if (v > 40'sd67108863) begin
      v = 40'sd67108863;
    end
    if (v < -40'sd67108864) begin
      v = -40'sd67108864;
    end
    probe_at = v[31:0];
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pass_q <= 2'd0;
    end else if (fire) begin
      pass_q <= pass_end ? 2'd0 : pass_q + 2'd1;
    end
  end

  /////////////////////////
  // TLDS coordinates    //
  /////////////////////////

  logic [31:0] g [4][8];  // [lane][operand]
  logic [31:0] x [4], y [4], z [4], layer [4], sample [4], aoffi [4];

  // TXD's operands in TEX's places (docs/semantics.md S13.2): the array
  // index ([15:0], [11:0] with .LC) in slot 0, the coordinates in slots 1
  // and 2, the offsets (the word from bit 16, bit 12 with .LC) in TEX's
  // offsets slot 4 + .B.  The gradients (Rb) are tx_lod's alone.
  logic [31:0] txd_word [4];

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      txd_word[l] = '0;
      for (int o = 0; o < 8; o++) begin
        g[l][o] = held.ops[(l*8+o)*32 +: 32];
      end
      if (texd_i.txd) begin
        txd_word[l] = held.ops[(l*8 + int'(txd_word_slot(texd_i.bindless, texd_i.dim[1])))*32 +: 32];
        g[l][0] = texd_i.lc ? {20'd0, txd_word[l][11:0]} : {16'd0, txd_word[l][15:0]};
        g[l][1] = held.ops[(l*8 + (texd_i.bindless ? 1 : 0))*32 +: 32];
        g[l][2] = held.ops[(l*8 + (texd_i.bindless ? 2 : 1))*32 +: 32];
        g[l][3] = '0;
        g[l][texd_i.bindless ? 5 : 4] = texd_i.lc ? (txd_word[l] >> 12) : (txd_word[l] >> 16);
      end
    end
  end

  // TLD: the first coordinate's slot and the slot of the offsets.
  logic [2:0] tld_c0, tld_ob;
  assign tld_c0 = {2'd0, texd_i.dim[0]};
  assign tld_ob = 3'd4 + {2'd0, texd_i.bindless} + {2'd0, (texd_i.lod == TexLodLl)};

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      x[l]      = 32'd0;
      y[l]      = 32'd0;
      z[l]      = 32'd0;
      layer[l]  = 32'd0;
      sample[l] = 32'd0;
      aoffi[l]  = 32'd0;
    end
    // TLD (cmodel/gather.c tx_tld_slots_of, tx_tld_unpack_args): Ra group
    // [array] + coordinates, Rb group [handle] [lod] [offsets] [sample];
    // offsets on the axes the dim has (cmodel/insn_tld.c).
    if (valid && !tex_i && tld_i) begin
      for (int l = 0; l < 4; l++) begin
        layer[l] = texd_i.dim[0] ? {16'd0, g[l][0][15:0]} : 32'd0;
        x[l]     = g[l][tld_c0];
        if (texd_i.dim[2:1] != 2'd0) begin
          y[l] = g[l][tld_c0 + 3'd1];
        end
        if (texd_i.dim[2:1] == 2'd2) begin
          z[l] = g[l][tld_c0 + 3'd2];
        end
        if (texd_i.aoffi) begin
          aoffi[l] = g[l][tld_ob];
        end
        if (texd_i.dc) begin
          sample[l] = g[l][tld_ob + {2'd0, texd_i.aoffi}];
        end
        x[l] = x[l] + {{28{aoffi[l][3]}}, aoffi[l][3:0]};
        if (texd_i.dim[2:1] != 2'd0) begin
          y[l] = y[l] + {{28{aoffi[l][7]}}, aoffi[l][7:4]};
        end
        if (texd_i.dim[2:1] == 2'd2) begin
          z[l] = z[l] + {{28{aoffi[l][11]}}, aoffi[l][11:8]};
        end
      end
    end
    // TLDS: the operands of a TLDS quad in this stage.
    if (valid && !tex_i && !tld_i) begin
      for (int l = 0; l < 4; l++) begin
        x[l] = g[l][0];
        unique case (target_i)
          4'd2:             y[l] = g[l][2];
          4'd4:             begin y[l] = g[l][1]; aoffi[l] = g[l][2]; end
          4'd5:             y[l] = g[l][1];
          4'd6:             begin y[l] = g[l][1]; sample[l] = g[l][2]; end
          4'd7:             begin y[l] = g[l][1]; z[l] = g[l][2]; end
          4'd8:             begin layer[l] = {16'd0, g[l][0][15:0]}; x[l] = g[l][2]; y[l] = g[l][3]; end
          4'd12:            begin y[l] = g[l][1]; aoffi[l] = g[l][3]; end
          default:          ;  // 1D forms: x only
        endcase
        x[l] = x[l] + {{28{aoffi[l][3]}}, aoffi[l][3:0]};
        y[l] = y[l] + {{28{aoffi[l][7]}}, aoffi[l][7:4]};
      end
    end
  end

  /////////////////////////
  // TEX coordinates     //
  /////////////////////////

  logic               arr_word, is3d, is_cube;
  logic [2:0]         face [4];
  logic [1:0]         ncoord;
  logic [2:0]         am [3];
  logic [2:0]         toff_slot, dc_slot;
  logic [3:0]         lv [4][2];            // [lane][group] absolute level
  logic [31:0]        ext [4][2][3];        // [lane][group][axis] extent
  logic signed [31:0] cfx [4][2][3];        // C2 + C3
  logic signed [31:0] ui [4][2][3][2];      // wrapped index [lane][group][axis][i0/i1]
  logic               bd [4][2][3][2];      // border
  logic [7:0]         fr [4][2][3];         // fraction
  logic [3:0]         lin, two, grp2, grp4, blend;
  logic [31:0]        tlayer [4], nlay [4], aidx [4];
  logic [66:0]        cf [4];
  logic [7:0]         fm [4];

  assign arr_word  = texd_i.dim[0] || texd_i.lc || texd_i.txd;
  assign is3d      = (texd_i.dim == TexDim3d);
  assign is_cube   = (texd_i.dim == TexDimCube) || (texd_i.dim == TexDimACube);
  assign am[0]     = tsc_i[2:0];
  assign am[1]     = tsc_i[5:3];
  assign am[2]     = tsc_i[8:6];
  assign toff_slot = 3'd4 + {2'd0, texd_i.bindless} + {2'd0, (texd_i.lod >= TexLodLb)};
  assign dc_slot   = toff_slot + {2'd0, texd_i.aoffi} + {1'b0, texd_i.ptp, 1'b0};

  always_comb begin
    unique case (texd_i.dim)
      TexDim1d, TexDimA1d: ncoord = 2'd1;
      TexDim3d:            ncoord = 2'd3;
      default:             ncoord = 2'd2;
    endcase
  end

  // One axis (tx_addr_axis): coordinate u, extent n -> indices, borders,
  // fraction.
  // seam: a seamless cube face, whose taps leave the face instead of
  // clamping (section 15), so they are never one texel and keep f.
  function automatic logic [73:0] axis(logic signed [31:0] u_in, logic [31:0] n_in,
                                       logic [2:0] mode_in, logic linear, logic seam);
    logic signed [31:0] u, c, v, i0, i1;
    logic [31:0]        n;
    logic [2:0]         mode;
    logic [32:0]        w0, w1;
    logic [7:0]         f;
    u    = u_in;
    n    = (n_in == 32'd0) ? 32'd1 : n_in;
    mode = mode_in;
    if (mode == AmClampOgl || mode == AmMirrorOgl) begin
      c = (mode == AmMirrorOgl && u < 0) ? -u : u;
      u = (c < 0) ? 32'sd0 : ((c > $signed(n << 8)) ? $signed(n << 8) : c);
      if (!linear) begin
        mode = AmClampEdge;
      end
    end
    if (linear) begin
      v  = u - 32'sd128;
      i0 = v >>> FxFrac;
      i1 = i0 + 32'sd1;
      f  = v[7:0];
    end else begin
      i0 = u >>> FxFrac;
      i1 = i0;
      f  = 8'd0;
    end
    w0 = wrap_index(mode, i0, n);
    w1 = wrap_index(mode, i1, n);
    // T2: both taps on one texel, or both on the border: fraction 0.
    if (!seam && ((w0[32] && w1[32]) || (!w0[32] && !w1[32] && w0[31:0] == w1[31:0]))) begin
      f = 8'd0;
    end
    axis = {f, w1[32], w0[32], w1[31:0], w0[31:0]};
  endfunction

  // The quad's table: the stage gets both contexts' tables whole and
  // selects the fields it reads (a selected copy of the 3-kbit table cost a
  // whole-table copy per evaluation; docs/performance.md).
  function automatic tx_level_t lay_row(logic [3:0] i);
    lay_row = ctx_i ? layout1_i.lv[i] : layout0_i.lv[i];
  endfunction
  logic [15:0] lay_layers;
  logic [3:0]  lay_first;
  assign lay_layers = ctx_i ? layout1_i.layers : layout0_i.layers;
  assign lay_first  = ctx_i ? layout1_i.first_level : layout0_i.first_level;

  // TEX only: the coordinates are computed for a TEX quad in this stage
  // (simulation cost; this enable is also where clock gating would go).
  // Level group 0 of a lane is its level of tx_lod, also for TLDS.
  logic [73:0] axr;   // one axis (axis())

  always_comb begin
    axr = '0;
    for (int l = 0; l < 4; l++) begin
      lv[l][0] = held.level[l*32 +: 4];
    end
    if (valid && tex_i) begin
      for (int l = 0; l < 4; l++) begin
        // A gather reads the bilinear footprint of any format (S10.2).
        lin[l]  = texd_i.gather ||
                  (!int_fmt_i &&
                   (held.tex[l*32 + 30] ? (tsc_i[34:32] == 3'd2) :
                                          (tsc_i[37:36] == 2'd2 || tsc_i[37:36] == 2'd3)));
        two[l]  = held.tex[l*32 + 28];
        fm[l]   = held.tex[l*32+20 +: 8];
        grp2[l] = two[l] || (lin[l] && is3d);
        grp4[l] = two[l] && lin[l] && is3d;
        blend[l] = lin[l] || two[l];
        lv[l][1] = two[l] ? held.tex[l*32+16 +: 4] : held.level[l*32 +: 4];
        cf[l]   = '0;
        if (is_cube) begin
          cf[l] = cube_face(g[l][arr_word ? 1 : 0], g[l][arr_word ? 2 : 1], g[l][arr_word ? 3 : 2]);
        end
        face[l] = cf[l][66:64];
        for (int k = 0; k < 2; k++) begin
          ext[l][k][0] = ctx_i ? layout1_i.lv[lv[l][k]].w : layout0_i.lv[lv[l][k]].w;
          ext[l][k][1] = ctx_i ? layout1_i.lv[lv[l][k]].h : layout0_i.lv[lv[l][k]].h;
          ext[l][k][2] = ctx_i ? layout1_i.lv[lv[l][k]].d : layout0_i.lv[lv[l][k]].d;
          for (int a = 0; a < 3; a++) begin
            if (k == 0 || two[l]) begin
              if (a < int'(ncoord)) begin
                if (is_cube) begin
                  // Q4 face coordinates; both axes clamp to the face (A3).
                  cfx[l][k][a] = cube_coord((a == 0) ? $signed(cf[l][63:32]) :
                                                       $signed(cf[l][31:0]),
                                            ext[l][k][a], lin[l]);
                end else begin
                  // TLD4S without offsets or reference: t is Rb.
                  cfx[l][k][a] = tex_coord(g[l][(texd_i.short_form && a == 1 &&
                                                 !texd_i.aoffi && !texd_i.dc) ? 4 :
                                                (arr_word ? 1 : 0) + a],
                                           norm_i ? ext[l][k][a] : 32'd1, lin[l]);
                  if (texd_i.aoffi && !texd_i.gather) begin
                    cfx[l][k][a] = cfx[l][k][a] +
                                   ($signed({{28{g[l][toff_slot][a*4+3]}}, g[l][toff_slot][a*4 +: 4]}) <<< 8);
                  end
                  // A gather's offsets are 6-bit fields at bits 8a.
                  if (texd_i.aoffi && texd_i.gather) begin
                    cfx[l][k][a] = cfx[l][k][a] +
                                   ($signed({{26{g[l][toff_slot][a*8+5]}}, g[l][toff_slot][a*8 +: 6]}) <<< 8);
                  end
                  if (a < 2 && pnl[l] != 3'd0) begin
                    cfx[l][k][a] = probe_at(cfx[l][k][a], (a == 0) ? adu[l] : adv[l],
                                            lv[l][k] - lay_first, pnl[l], probe_q);
                  end
                end
                axr = axis(cfx[l][k][a], ext[l][k][a], is_cube ? AmClampEdge : am[a], lin[l],
                           is_cube && tsc_i[41] && (ext[l][k][0] == ext[l][k][1]));
              end else begin
                cfx[l][k][a] = 32'sd0;
                axr = '0;
              end
              ui[l][k][a][0] = axr[31:0];
              ui[l][k][a][1] = axr[63:32];
              bd[l][k][a][0] = axr[64];
              bd[l][k][a][1] = axr[65];
              fr[l][k][a]    = axr[73:66];
            end else begin
              // One level: group 1 is group 0 (the same level, the same
              // inputs), not computed twice.
              cfx[l][k][a]   = cfx[l][0][a];
              ui[l][k][a][0] = ui[l][0][a][0];
              ui[l][k][a][1] = ui[l][0][a][1];
              bd[l][k][a][0] = bd[l][0][a][0];
              bd[l][k][a][1] = bd[l][0][a][1];
              fr[l][k][a]    = fr[l][0][a];
            end
          end
        end
        // A4: the array index clamped to the layers (cube arrays: to the
        // cubes); a cube's layer is 6 * index + face.
        nlay[l] = is_cube ? {16'd0, lay_layers} / 32'd6 : {16'd0, lay_layers};
        if (nlay[l] == 32'd0) begin
          nlay[l] = 32'd1;
        end
        aidx[l] = !texd_i.dim[0] ? 32'd0 :
                  (({16'd0, g[l][0][15:0]} > nlay[l] - 32'd1) ? nlay[l] - 32'd1 : {16'd0, g[l][0][15:0]});
        tlayer[l] = is_cube ? aidx[l] * 32'd6 + {29'd0, face[l]} : aidx[l];
      end
    end else begin
      for (int l = 0; l < 4; l++) begin
        lin[l]    = 1'b0;
        two[l]    = 1'b0;
        fm[l]     = 8'd0;
        grp2[l]   = 1'b0;
        grp4[l]   = 1'b0;
        blend[l]  = 1'b0;
        lv[l][1]  = 4'd0;
        cf[l]     = '0;
        face[l]   = 3'd0;
        nlay[l]   = 32'd0;
        aidx[l]   = 32'd0;
        tlayer[l] = 32'd0;
        for (int k = 0; k < 2; k++) begin
          for (int a = 0; a < 3; a++) begin
            ext[l][k][a]   = 32'd0;
            cfx[l][k][a]   = 32'sd0;
            ui[l][k][a][0] = 32'sd0;
            ui[l][k][a][1] = 32'sd0;
            bd[l][k][a][0] = 1'b0;
            bd[l][k][a][1] = 1'b0;
            fr[l][k][a]    = 8'd0;
          end
        end
      end
    end
  end

  // A quad with a lane of two groups takes two passes, one with a lane of
  // four groups four.
  assign multi    = tex_i && !force_zero_i && |(grp2 & lanes);
  assign four     = tex_i && !force_zero_i && |(grp4 & lanes);
  assign pass_end = four ? (pass_q == 2'd3) : multi ? (pass_q == 2'd1) : 1'b1;

  // Level group of each lane in this pass: passes 2, 3 of a lane of four
  // groups, pass 1 (and on) of a lane of two levels.
  logic [3:0] lgp;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      lgp[l] = grp4[l] ? pass_q[1] : (two[l] && pass_q != 2'd0);
    end
  end

  ////////////////
  // Taps       //
  ////////////////

  logic [3:0]  tlv [4];           // level of this pass
  logic [31:0] tx [4][4], ty [4][4], tz [4][4];
  logic [15:0] border, used;
  logic [73:0] pax, pay;          // a .PTP tap's axes (axis())
  logic [15:0] pofs;              // its offsets {v[5:0], u[5:0]} in bytes

  // .PTP (twin of ptp_axes in cmodel/insn_tex.c): the result component
  // that reads slot t (slot 2j + i holds tap (i, j); components read slots
  // 2, 3, 1, 0).
  function automatic int ptp_comp(int t);
    unique case (t)
      0:       ptp_comp = 3;
      1:       ptp_comp = 2;
      2:       ptp_comp = 0;
      default: ptp_comp = 1;
    endcase
  endfunction

  // The TEX taps only for a TEX quad in the stage; TLDS uses tap 0 of each
  // lane with the coordinates of the TLDS block.
  always_comb begin
    border = '0;
    pax    = '0;
    pay    = '0;
    pofs   = '0;
    for (int l = 0; l < 4; l++) begin
      // Level group of this pass (trilinear), slice of this pass (3D).
      logic lg, wi;
      lg = lgp[l];
      wi = grp4[l] ? pass_q[0] : (is3d && lin[l] && pass_q != 2'd0);
      tlv[l] = held.level[l*32 +: 4];
      for (int t = 0; t < 4; t++) begin
        tx[l][t] = 32'd0;
        ty[l][t] = 32'd0;
        tz[l][t] = 32'd0;
      end
      if (valid && tex_i) begin
        tlv[l] = lv[l][lg];
        for (int t = 0; t < 4; t++) begin
          tx[l][t] = ui[l][lg][0][t & 1];
          ty[l][t] = ui[l][lg][1][t >> 1];
          tz[l][t] = is3d ? ui[l][lg][2][wi] : 32'd0;
          border[l*4+t] = bd[l][lg][0][t & 1] || bd[l][lg][1][t >> 1] ||
                          (is3d && bd[l][lg][2][wi]);
        end
        // .PTP: each tap from the footprint moved by its own offset
        // (offset n in bytes 2(n & 1), 2(n & 1) + 1 of word n >> 1).
        if (texd_i.ptp) begin
          for (int t = 0; t < 4; t++) begin
            pofs = g[l][int'(toff_slot) + (ptp_comp(t) >> 1)][16*(ptp_comp(t) & 1) +: 16];
            pax  = axis(cfx[l][0][0] + ($signed({{26{pofs[5]}}, pofs[5:0]}) <<< 8),
                        ext[l][0][0], am[0], 1'b1, 1'b0);
            pay  = axis(cfx[l][0][1] + ($signed({{26{pofs[13]}}, pofs[13:8]}) <<< 8),
                        ext[l][0][1], am[1], 1'b1, 1'b0);
            tx[l][t] = pax[32*(t & 1) +: 32];
            ty[l][t] = pay[32*(t >> 1) +: 32];
            border[l*4+t] = pax[64 + (t & 1)] || pay[64 + (t >> 1)];
          end
        end
      end
      for (int t = 0; t < 4; t++) begin
        // Slots 4*pass + t the lane uses: 1, 4, 8 or 16 of them.
        if (!tex_i || force_zero_i) begin
          used[l*4+t] = lanes[l] && (t == 0) && pass_q == 2'd0;
        end else if (pass_q[1]) begin
          used[l*4+t] = plive[l] && grp4[l];
        end else if (pass_q[0]) begin
          used[l*4+t] = plive[l] && grp2[l];
        end else begin
          used[l*4+t] = plive[l] && ((t == 0) || blend[l]);
        end
      end
    end
  end

  ///////////////////////////
  // Seamless cube maps    //
  ///////////////////////////

  // docs/filtering.md section 15 (S2-S4).  seam[l][k]: group k of lane l
  // crosses face edges (sampler code 2 or 3, linear, square level).
  logic        seam [4][2];
  logic [31:0] rx [4][4], ry [4][4];            // raw indices of this pass's taps
  logic [1:0]  ckind [4][4];
  logic [2:0]  cface [4][4];
  logic [31:0] ci [4][4], cj [4][4];
  logic [31:0] sx [4][4], sy [4][4], slay [4][4];
  logic [15:0] corner;

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      logic               lg;
      logic signed [31:0] vu, vv, iu, iv;
      for (int k = 0; k < 2; k++) begin
        seam[l][k] = tex_i && is_cube && tsc_i[41] && lin[l] &&
                     (ext[l][k][0] == ext[l][k][1]);
      end
      lg = lgp[l];
      vu = 32'sd0;
      vv = 32'sd0;
      iu = 32'sd0;
      iv = 32'sd0;
      for (int t = 0; t < 4; t++) begin
        rx[l][t] = 32'd0;
        ry[l][t] = 32'd0;
      end
      if (valid && seam[l][lg]) begin
        vu = cfx[l][lg][0] - 32'sd128;
        vv = cfx[l][lg][1] - 32'sd128;
        iu = vu >>> FxFrac;
        iv = vv >>> FxFrac;
        for (int t = 0; t < 4; t++) begin
          rx[l][t] = (t & 1) != 0 ? iu + 32'sd1 : iu;
          ry[l][t] = (t >> 1) != 0 ? iv + 32'sd1 : iv;
        end
      end
    end
  end

  // A tx_cube works only for a lane that crosses face edges in this pass.
  for (genvar l = 0; l < 4; l++) begin : g_seam_lane
    for (genvar t = 0; t < 4; t++) begin : g_seam_tap
      tx_cube u_cube (
        .en_i   (valid && seam[l][lgp[l]]),
        .face_i (face[l]),
        .i_i    (rx[l][t]),
        .j_i    (ry[l][t]),
        .n_i    (ext[l][lgp[l]][0]),
        .kind_o (ckind[l][t]),
        .face_o (cface[l][t]),
        .i_o    (ci[l][t]),
        .j_o    (cj[l][t])
      );
    end
  end

  // Inside: the tap as before.  Edge: the neighbour's texel.  Corner: the
  // face's own corner texel A (the clamped indices), marked for
  // tx_cube_corner.
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      for (int t = 0; t < 4; t++) begin
        sx[l][t]   = 32'd0;
        sy[l][t]   = 32'd0;
        slay[l][t] = 32'd0;
      end
    end
    corner = '0;
    if (valid && tex_i) begin
      for (int l = 0; l < 4; l++) begin
        for (int t = 0; t < 4; t++) begin
          sx[l][t]       = tx[l][t];
          sy[l][t]       = ty[l][t];
          slay[l][t]     = tlayer[l];
          corner[l*4+t]  = 1'b0;
          if (seam[l][lgp[l]]) begin
            if (ckind[l][t] == 2'd1) begin
              sx[l][t]   = ci[l][t];
              sy[l][t]   = cj[l][t];
              slay[l][t] = aidx[l] * 32'd6 + {29'd0, cface[l][t]};
            end else if (ckind[l][t] == 2'd2) begin
              corner[l*4+t] = 1'b1;
            end
          end
        end
      end
    end
  end

  ////////////////
  // Addresses  //
  ////////////////

  logic [47:0]   addr [4][4];
  logic [15:0]   oob;
  tx_addr_view_t view;
  logic [48:0]   ta;                       // {oob, address} of one tap
  logic [31:0]   alv, ax, ay, az, alay, asmp;

  // A tap's address (tx_addr_pkg::tx_addr_texel) is computed only when this
  // pass uses the tap (TLDS: tap 0 of a lane); an empty stage or an unused
  // tap costs a branch (simulation cost; also where clock gating would go).
  always_comb begin
    view = '0;
    ta   = '0;
    alv  = 32'd0;
    ax   = 32'd0;
    ay   = 32'd0;
    az   = 32'd0;
    alay = 32'd0;
    asmp = 32'd0;
    if (valid && ctx_i) begin
      view = addr_view(layout1_i.kind, layout1_i.gob_desktop, layout1_i.base, layout1_i.pitch,
                       layout1_i.bpp, layout1_i.layers, layout1_i.layer_stride, layout1_i.samples,
                       layout1_i.first_level, layout1_i.last_level, layout1_i.blk);
    end else if (valid) begin
      view = addr_view(layout0_i.kind, layout0_i.gob_desktop, layout0_i.base, layout0_i.pitch,
                       layout0_i.bpp, layout0_i.layers, layout0_i.layer_stride, layout0_i.samples,
                       layout0_i.first_level, layout0_i.last_level, layout0_i.blk);
    end
    for (int l = 0; l < 4; l++) begin
      for (int t = 0; t < 4; t++) begin
        ta = '0;
        if (valid && used[l*4+t]) begin
          alv  = tex_i ? {28'd0, tlv[l]} : held.level[l*32 +: 32];
          ax   = tex_i ? sx[l][t] : x[l];
          ay   = tex_i ? sy[l][t] : y[l];
          az   = tex_i ? tz[l][t] : z[l];
          alay = tex_i ? slay[l][t] : layer[l];
          asmp = tex_i ? 32'd0 : sample[l];
          ta   = tx_addr_texel(view, lay_row(alv[3:0]), alv, ax, ay, az, alay, asmp);
        end
        oob[l*4+t] = used[l*4+t] &&
                     (ta[48] || (!tex_i && held.level_oob[l]) || force_zero_i || border[l*4+t]);
        addr[l][t] = (used[l*4+t] && !oob[l*4+t]) ? ta[47:0] : 48'd0;
      end
    end
  end

  always_comb begin
    out_addr_o = '0;
    for (int l = 0; l < 4; l++) begin
      for (int t = 0; t < 4; t++) begin
        if (valid) begin
          out_addr_o[(l*4+t)*48 +: 48] = addr[l][t];
        end
      end
      for (int a = 0; a < 3; a++) begin
        out_ufx_o[(l*3+a)*32 +: 32] = 32'd0;
        if (valid && tex_i && !force_zero_i && lanes[l]) begin
          out_ufx_o[(l*3+a)*32 +: 32] = cfx[l][lgp[l]][a];
        end
      end
    end
  end

  ////////////////
  // Aux        //
  ////////////////

  // Only for a quad in the stage (the next stage and the tap read it with
  // the valid).
  always_comb begin
    out_aux_o = '0;
    if (valid) begin
      out_aux_o.border = force_zero_i ? 16'd0 : (border & used);
      out_aux_o.used   = used;
      out_aux_o.dc     = tex_i && dc_i && !force_zero_i;
      out_aux_o.pass   = pass_q;
      out_aux_o.multi  = multi;
      out_aux_o.four   = four;
      // Block formats: each tap's place in its 4x4 block, and whether the
      // block is fetched (docs/formats.md section 9).
      for (int l = 0; l < 4; l++) begin
        for (int t = 0; t < 4; t++) begin
          out_aux_o.bsub[(l*4+t)*4 +: 4] = tex_i ? {sy[l][t][1:0], sx[l][t][1:0]}
                                                 : {y[l][1:0], x[l][1:0]};
          out_aux_o.bok[l*4+t]           = used[l*4+t] && !oob[l*4+t];
        end
      end
      out_aux_o.red    = (tex_i && !force_zero_i && !texd_i.gather) ? tsc_i[43:42] : 2'd0;
      out_aux_o.gather = tex_i && texd_i.gather;
      out_aux_o.gcomp  = texd_i.gcomp;
      out_aux_o.corner = (tex_i && !force_zero_i) ? (corner & used) : 16'd0;
      out_aux_o.probe  = probe_q;
      out_aux_o.plast  = pass_end && probe_last;
      out_aux_o.plive  = (tex_i && !force_zero_i) ? plive : lanes;
      for (int l = 0; l < 4; l++) begin
        out_aux_o.nlog[l*3 +: 3] = pnl[l];
      end
      for (int l = 0; l < 4; l++) begin
        if (tex_i && !force_zero_i && lanes[l]) begin
          out_aux_o.wt[l*48 +: 48] = {fr[l][1][2], fr[l][1][1], fr[l][1][0],
                                      fr[l][0][2], fr[l][0][1], fr[l][0][0]};
          out_aux_o.fg[l*8 +: 8]   = two[l] ? fm[l] : fr[l][0][2];
          out_aux_o.blend[l]       = blend[l];
          out_aux_o.grp2[l]        = grp2[l];
          out_aux_o.grp4[l]        = grp4[l];
          out_aux_o.lvl2[l]        = two[l];
          out_aux_o.dcref[l*32 +: 32] = g[l][dc_slot];
        end
        // TXQ (forced to zero here: it fetches nothing) hands its level
        // operand to the query in tx_format_quad in the reference's place.
        if (texd_i.txq && lanes[l]) begin
          out_aux_o.dcref[l*32 +: 32] = g[l][0];
        end
        // TMML (forced to zero here too) hands on the LOD pair tx_lod put
        // in its LOD fields.
        if (texd_i.tmml && lanes[l]) begin
          out_aux_o.dcref[l*32 +: 32] = held.tex[l*32 +: 32];
        end
      end
    end
  end

  // Rows this quad needs.
  always_comb begin
    rows_ok = 1'b1;
    for (int l = 0; l < 4; l++) begin
      if (lanes[l] && (tex_i || !held.level_oob[l])) begin
        if (!built_i[lv[l][0]] || (tex_i && !built_i[lv[l][1]])) begin
          rows_ok = 1'b0;
        end
        if ((((tex_i ? tlayer[l] : layer[l])) != 32'd0) && !lay_done_i) begin
          rows_ok = 1'b0;
        end
        // A seamless cube lane may read any face: it needs the layer stride.
        if (tex_i && (seam[l][0] || seam[l][1]) && !lay_done_i) begin
          rows_ok = 1'b0;
        end
      end
    end
    // TXQ's query reads the layout's level-0 row and view (tx_ctx): its
    // quads wait for the whole table, which is built for any header.
    if (force_zero_i) begin
      rows_ok = !texd_i.txq || lay_done_i;
    end
  end

  assign out_valid_o = valid && rows_ok;
  assign out_lanes_o = lanes;
  assign out_oob_o   = oob;
  assign out_fetch_o = used & ~oob;
  assign out_last_o  = last && pass_end && probe_last;

  // Fields of the sampler and the LOD word this stage does not use.
  logic unused_tex;
  assign unused_tex = ^{tsc_i[255:44], tsc_i[41:38], tsc_i[35], tsc_i[31:9], held.tex, texd_i,
                       layout0_i.usable, layout1_i.usable, pofs[15:14], pofs[7:6]};  // pofs: 6-bit offsets in bytes

endmodule
