/**
 * tx_cube - seamless cube maps: the texel a linear tap reads when its raw
 * indices leave the face (docs/filtering.md section 15, S3; twin of
 * tx_cube_seam in cmodel/cube.c).
 *
 * The texel (i, j) of face f (n x n texels) sits on an integer lattice
 * around the cube: n along the face's major axis, 2i+1-n along its sc axis
 * and 2j+1-n along its tc axis (signed as in Q2).  A tap one texel outside
 * the face has one in-face component of magnitude n+1: that axis, with that
 * sign, is the neighbouring face.  The component becomes +-n, the old major
 * component +-(n-1), and Q2 projected back gives i' = (sc' + n - 1) / 2,
 * j' = (tc' + n - 1) / 2.  This covers all 24 edge crossings from the face
 * table alone.
 *
 * kind_o: 0 inside (face_o, i_o, j_o = the input), 1 edge (the neighbour's
 * texel), 2 corner (both indices outside; face_o, i_o, j_o = the input, the
 * caller fetches the face's own corner texel and tx_cube_corner averages).
 * Purely combinational; i and j are -1 .. n (linear taps of Q4 face
 * coordinates), n >= 1.  en_i: only a seamless linear lane of a cube needs
 * the unit; otherwise the outputs are 0 and the function is not evaluated
 * (the enable is where clock gating would go; docs/rtl.md, "Gated
 * datapath").
 */
module tx_cube (
  input  logic        en_i,
  input  logic [2:0]  face_i,
  input  logic [31:0] i_i,      // signed
  input  logic [31:0] j_i,      // signed
  input  logic [31:0] n_i,      // face size in texels
  output logic [1:0]  kind_o,
  output logic [2:0]  face_o,
  output logic [31:0] i_o,
  output logic [31:0] j_o
);

  // Q2 as signed axes {negative, axis 0 x / 1 y / 2 z} of the major, sc and
  // tc directions of each face (cube.c q_ma, q_sc, q_tc).
  function automatic logic [2:0] q_ma(logic [2:0] f);
    unique case (f)
      3'd0:    q_ma = {1'b0, 2'd0};
      3'd1:    q_ma = {1'b1, 2'd0};
      3'd2:    q_ma = {1'b0, 2'd1};
      3'd3:    q_ma = {1'b1, 2'd1};
      3'd4:    q_ma = {1'b0, 2'd2};
      default: q_ma = {1'b1, 2'd2};
    endcase
  endfunction

  function automatic logic [2:0] q_sc(logic [2:0] f);
    unique case (f)
      3'd0:    q_sc = {1'b1, 2'd2};
      3'd1:    q_sc = {1'b0, 2'd2};
      3'd2:    q_sc = {1'b0, 2'd0};
      3'd3:    q_sc = {1'b0, 2'd0};
      3'd4:    q_sc = {1'b0, 2'd0};
      default: q_sc = {1'b1, 2'd0};
    endcase
  endfunction

  function automatic logic [2:0] q_tc(logic [2:0] f);
    unique case (f)
      3'd0:    q_tc = {1'b1, 2'd1};
      3'd1:    q_tc = {1'b1, 2'd1};
      3'd2:    q_tc = {1'b0, 2'd2};
      3'd3:    q_tc = {1'b1, 2'd2};
      3'd4:    q_tc = {1'b1, 2'd1};
      default: q_tc = {1'b1, 2'd1};
    endcase
  endfunction

  // {kind, face, i, j} of tap (ti, tj) of face f, n x n texels.
  function automatic logic [68:0] seam(logic [2:0] f, logic [31:0] ti, logic [31:0] tj,
                                       logic [31:0] n);
    logic signed [63:0] nn, si, sj, p [3], vsc, vtc;
    logic               out_i, out_j, neg;
    logic [1:0]         ax;
    logic [2:0]         ma, sc, tc, fo, gsc, gtc;
    logic [1:0]         kind;
    logic [2:0]         fc;
    logic [31:0]        io, jo;
    nn    = $signed({32'd0, n});
    si    = $signed({{32{ti[31]}}, ti});
    sj    = $signed({{32{tj[31]}}, tj});
    out_i = (si < 0) || (si >= nn);
    out_j = (sj < 0) || (sj >= nn);
    ma    = q_ma(f);
    sc    = q_sc(f);
    tc    = q_tc(f);
    ax    = out_i ? sc[1:0] : tc[1:0];
    // The lattice point of the tap.
    for (int k = 0; k < 3; k++) begin
      p[k] = 64'sd0;
    end
    p[ma[1:0]]          = ma[2] ? -nn : nn;
    p[sc[1:0]]          = sc[2] ? -(2 * si + 64'sd1 - nn) : (2 * si + 64'sd1 - nn);
    p[tc[1:0]]          = tc[2] ? -(2 * sj + 64'sd1 - nn) : (2 * sj + 64'sd1 - nn);
    // The axis it left by becomes the major axis of the new face.
    neg          = p[ax] < 0;
    p[ax]        = neg ? -nn : nn;
    p[ma[1:0]]   = (p[ma[1:0]] < 0) ? -(nn - 64'sd1) : (nn - 64'sd1);
    fo           = {ax, neg};        // face 2 * axis + sign
    gsc          = q_sc(fo);
    gtc          = q_tc(fo);
    vsc          = gsc[2] ? -p[gsc[1:0]] : p[gsc[1:0]];
    vtc          = gtc[2] ? -p[gtc[1:0]] : p[gtc[1:0]];
    if (out_i && out_j) begin
      kind = 2'd2;
      fc = f;
      io    = ti;
      jo    = tj;
    end else if (out_i || out_j) begin
      kind = 2'd1;
      fc = fo;
      io    = 32'((vsc + nn - 64'sd1) >>> 1);
      jo    = 32'((vtc + nn - 64'sd1) >>> 1);
    end else begin
      kind = 2'd0;
      fc = f;
      io    = ti;
      jo    = tj;
    end
    seam = {kind, fc, io, jo};
  endfunction

  always_comb begin
    {kind_o, face_o, i_o, j_o} = '0;
    if (en_i) begin
      {kind_o, face_o, i_o, j_o} = seam(face_i, i_i, j_i, n_i);
    end
  end

endmodule
