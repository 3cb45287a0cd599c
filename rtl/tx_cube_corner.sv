/**
 * tx_cube_corner - the corner rule of seamless cube maps between
 * tx_format_quad and tx_filter (docs/filtering.md section 15, S4; twin of
 * the corner branch of sample_lane in cmodel/insn_tex.c).
 *
 * A linear tap whose two raw indices both leave the face (aux.corner) was
 * fetched as the face's own corner texel A (tx_addr_quad).  Its three
 * texels are the other three taps of the same 2x2 group: with the corner
 * at tap t (i = t & 1, j = t >> 1), A = (ic, jc) is tap t ^ 3, B = the edge
 * texel of (i, jc) is tap t ^ 2 and C = the edge texel of (ic, j) is tap
 * t ^ 1, each already decoded and depth-compared by tx_format_quad.  Per
 * component the tap becomes fthird(fadd(fadd(A, B), C)), or under MIN/MAX
 * reduction (aux.red 1, 2) fred(fred(A, B), C).  Every other tap passes
 * unchanged, so the format tap and tx_filter see the model's fmt words.
 * Purely combinational; at most one tap per lane and pass is a corner.
 */
module tx_cube_corner
  import tx_pkg::*;
(
  input  logic [2047:0] comp_i,     // lane l, tap t, comp c at [((l*4+t)*4+c)*32 +: 32]
  input  logic [15:0]   corner_i,   // lane l, tap t at bit l*4+t
  input  logic [1:0]    red_i,      // sampler REDUCTION_FILTER (1 MIN, 2 MAX)
  output logic [2047:0] comp_o
);

  logic red_on, red_max;

  assign red_on  = (red_i == 2'd1) || (red_i == 2'd2);
  assign red_max = (red_i == 2'd2);

  // One combine per lane: the corner tap's index selects A, B and C.
  logic [1:0]  ct [4];
  logic [31:0] cv [4][4];  // [lane][component] the corner value

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      ct[l] = 2'd0;
      for (int t = 3; t >= 0; t--) begin
        if (corner_i[l*4+t]) begin
          ct[l] = 2'(t);
        end
      end
      for (int c = 0; c < 4; c++) begin
        logic [31:0] a, b, cc;
        logic [1:0]  ta, tb, tc;
        ta = ct[l] ^ 2'd3;
        tb = ct[l] ^ 2'd2;
        tc = ct[l] ^ 2'd1;
        a  = comp_i[((l*4+int'(ta))*4+c)*32 +: 32];
        b  = comp_i[((l*4+int'(tb))*4+c)*32 +: 32];
        cc = comp_i[((l*4+int'(tc))*4+c)*32 +: 32];
        cv[l][c] = red_on ? fred(fred(a, b, red_max), cc, red_max)
                          : fthird(fadd(fadd(a, b), cc));
      end
    end
  end

  always_comb begin
    comp_o = comp_i;
    for (int l = 0; l < 4; l++) begin
      for (int t = 0; t < 4; t++) begin
        if (corner_i[l*4+t]) begin
          for (int c = 0; c < 4; c++) begin
            comp_o[((l*4+t)*4+c)*32 +: 32] = cv[l][c];
          end
        end
      end
    end
  end

endmodule
