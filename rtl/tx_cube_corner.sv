/**
 * tx_cube_corner - the corner rule of seamless cube maps under MIN/MAX
 * reduction, between tx_format_quad and tx_filter (docs/filtering.md
 * section 15, S4; twin of the corner branch of sample_lane in
 * cmodel/insn_tex.c).
 *
 * A linear tap whose two raw indices both leave the face (aux.corner) was
 * fetched as the face's own corner texel A (tx_addr_quad).  Its three
 * texels are the other three taps of the same 2x2 group: with the corner
 * at tap t (i = t & 1, j = t >> 1), A = (ic, jc) is tap t ^ 3, B = the edge
 * texel of (i, jc) is tap t ^ 2 and C = the edge texel of (ic, j) is tap
 * t ^ 1, each already decoded and depth-compared by tx_format_quad.  Under
 * MIN/MAX reduction (aux.red 1, 2) the corner tap becomes, per component,
 * fred(fred(A, B), C).  The weighted blend keeps the tap as A: tx_filter
 * shares its weight out to A, B and C (tx_pkg::cube_corner_weights).  Every
 * other tap passes unchanged, so the format tap and tx_filter see the
 * model's fmt words.  Purely combinational; at most one tap per lane and
 * pass is a corner.
 */
module tx_cube_corner
  import tx_pkg::*;
(
  input  logic [2047:0] comp_i,     // lane l, tap t, comp c at [((l*4+t)*4+c)*32 +: 32]
  input  logic [15:0]   corner_i,   // lane l, tap t at bit l*4+t
  input  logic [1:0]    red_i,      // sampler REDUCTION_FILTER (1 MIN, 2 MAX)
  output logic [2047:0] comp_o
);

  // One lane (its four taps' components, tap t at [t*128 +: 128]) with a
  // corner tap under reduction: the corner tap's index selects A, B and C,
  // and every corner tap of the lane takes their min/max.
  function automatic void corner_lane(input logic [511:0] comp, input logic [3:0] corner,
                                      input logic red_max, output logic [511:0] res);
    /* verilator no_inline_task */  // one C++ copy, called only for a lane with a corner
    logic [1:0]  ct, ta, tb, tc;
    logic [31:0] a, b, cc;
    logic [3:0][31:0] cv;  // [component] the corner value
    ct = 2'd0;
    for (int t = 3; t >= 0; t--) begin
      if (corner[t]) begin
        ct = 2'(t);
      end
    end
    ta = ct ^ 2'd3;
    tb = ct ^ 2'd2;
    tc = ct ^ 2'd1;
    for (int c = 0; c < 4; c++) begin
      a  = comp[(int'(ta)*4+c)*32 +: 32];
      b  = comp[(int'(tb)*4+c)*32 +: 32];
      cc = comp[(int'(tc)*4+c)*32 +: 32];
      cv[c] = fred(fred(a, b, red_max), cc, red_max);
    end
    res = comp;
    for (int t = 0; t < 4; t++) begin
      if (corner[t]) begin
        res[t*128 +: 128] = cv;
      end
    end
  endfunction

  logic red_on;
  assign red_on = (red_i == 2'd1) || (red_i == 2'd2);

  // The combine runs only for a reducing lane with a corner tap (simulation
  // cost; in hardware the enable of the lane's combine).
  for (genvar l = 0; l < 4; l++) begin : g_lane
    always_comb begin
      if (red_on && corner_i[l*4 +: 4] != 4'd0) begin
        corner_lane(comp_i[l*512 +: 512], corner_i[l*4 +: 4], red_i == 2'd2,
                    comp_o[l*512 +: 512]);
      end else begin
        comp_o[l*512 +: 512] = comp_i[l*512 +: 512];
      end
    end
  end

endmodule
