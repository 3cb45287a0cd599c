/**
 * tx_lod - level selection stage (twin of cmodel/lod.c), one quad per cycle.
 *
 * TLDS (docs/semantics.md S3.4): .LZ selects the view's first level
 * (RES_VIEW_MIN_MIP_LEVEL); .LL adds the unsigned lod in Rb (operand 2),
 * modulo 2^32.  The level is out of range when first > last or when
 * lod > last - first, with last = min(RES_VIEW_MAX_MIP_LEVEL, MAX_MIP_LEVEL);
 * the test is on the relative lod, so a lod that wraps the sum back into
 * range is still out of range.  Without a header (index above tic_max) the
 * level is 0.
 *
 * TEX (docs/filtering.md sections 4 and 5), per lane:
 *   L1/L2  implicit lambda from the quad's derivatives (lanes 1 - 0 and
 *          2 - 0 of the coordinates with 32 fraction bits at the view's first
 *          level, all four lanes' registers), each truncated to 10 leading
 *          bits; length max(|X|, |Y|, |11/16 (X +- Y)|) with |v| = max +
 *          11/32 others, X +- Y truncated to 10 leading bits, each product
 *          by 11/16 or 11/32 rounded half up (filtering.md L2); log2
 *          through the 256-entry table (tx_log2_lut.svh); 0 for a divergent
 *          quad (div_i);
 *   L3     the LOD operand (Rb group) as s.8, saturated to 16 bits, averaged
 *          over the quad for .LBA/.LLA when the quad is not divergent;
 *   L4-L6  base by mode, sampler or header bias (not .LZ), sampler min/max
 *          clamps, header minimum, .LC minimum (integer-only minimums with
 *          MIN_LOD_CLAMP_BEHAVIOR_FOR_NEAREST_MIP and mip POINT);
 *   M1-M4  mip NONE / POINT / LINEAR over the view first..last; integer
 *          formats take POINT for LINEAR.
 * out_tex_o per lane l at [l*32 +: 32]:
 *   [15:0]  final LOD (L7), s.8, 16-bit two's complement
 *   [19:16] level of the second tap group (level1), absolute
 *   [27:20] fm, weight fraction of level1 (0: one level)
 *   [28]    mip filter makes the lane sample two levels (fm != 0)
 *   [30]    magnification (LOD <= 0): the sampler's MAG filter applies
 * out_level_o is the absolute level of taps 0-3.
 *
 * Anisotropic footprint (docs/filtering.md section 14, twin of
 * tx_aniso_footprint): with MIN_FILTER ANISO on a 2D or ARRAY_2D texture of
 * another than integer format, a non-divergent quad with implicit LOD takes
 * log2(area) - lambda (area |dux dvy - dvx duy| of the truncated
 * derivatives, each product from a multiplier that drops the partial
 * products below 2^6 and adds 7 * 2^6, truncated to 10 leading bits), kept
 * within log2 MAX_ANISOTROPY (of the sampler, or of the header with
 * USE_HEADER_OPT_CONTROL) octaves below lambda and not above it, in place
 * of lambda; N = 2^nlog with nlog = ceil of the difference.
 * out_aniso_o = {nlog of lane 3..0 (3 bits each; 0 for a lane that
 * magnifies), then per lane l at [l*64 +: 64] {dv, du} of its major axis
 * (s.8, first level)}: the quad's for TEX, the lane's own for TXD.
 *
 * TXD (docs/semantics.md section 13): the derivatives of each lane are its
 * gradient registers (Rb group: dP/dx, dP/dy per axis) converted as L1
 * converts coordinates; each lane has its own footprint (tx_lod_foot, one
 * per lane), with no divergence rule.
 *
 * first_i / last_i are the layout table's view (tx_top), which is known only
 * once the header stage is done: a quad waits in this stage until view_ok_i,
 * and a TEX quad that needs implicit LOD also until the layout row of the
 * first level is built (its extents).  Gather can run ahead while the header
 * is fetched.  Operands, quad, lanes and the last flag pass through.
 */
module tx_lod
  import tx_pkg::*;
(
  input  logic          clk_i,
  input  logic          rst_ni,

  input  logic          tex_i,         // TEX (held); else TLDS
  input  tx_tex_t       texd_i,        // TEX fields (held)
  input  logic [7:0]    div_i,         // TEX quad q divergent (held)
  input  logic [255:0]  tic_i,         // header (valid with view_ok_i)
  input  logic [255:0]  tsc_i,         // sampler (valid with view_ok_i)
  input  tx_layout_t    layout0_i,     // the two contexts' tables ...
  input  tx_layout_t    layout1_i,
  input  logic          ctx_i,         // ... and the quad's context (held)
  input  logic [15:0]   built_i,       // layout rows built
  input  logic          ll_i,          // TLDS or TLD .LL form (held for the instruction)
  input  logic [2:0]    lod_slot_i,    // its level's gather slot: TLDS 2, TLD 4 + .B
  input  logic          view_ok_i,     // header done: the inputs below are valid
  input  logic          hdr_valid_i,   // a header was read
  input  logic          force_zero_i,  // TEX result forced to zero: LOD taps 0
  input  logic [3:0]    first_i,       // RES_VIEW_MIN_MIP_LEVEL
  input  logic [3:0]    last_i,        // min(RES_VIEW_MAX_MIP_LEVEL, MAX_MIP_LEVEL)

  input  logic          in_valid_i,
  output logic          in_ready_o,
  input  logic [2:0]    in_quad_i,
  input  logic [3:0]    in_lanes_i,
  input  logic [1023:0] in_ops_i,      // lane l, operand o at [(l*8+o)*32 +: 32]
  input  logic          in_last_i,

  output logic          out_valid_o,
  input  logic          out_ready_i,
  output logic [2:0]    out_quad_o,
  output logic [3:0]    out_lanes_o,
  output logic [1023:0] out_ops_o,
  output logic [127:0]  out_level_o,   // lane l absolute level at [l*32 +: 32], u32
  output logic [3:0]    out_level_oob_o,
  output logic [127:0]  out_tex_o,     // TEX: lane l LOD fields at [l*32 +: 32] (above)
  output logic [267:0]  out_aniso_o,   // TEX: anisotropic probes and major axes (above)
  output logic          out_last_o
);

  logic          valid;
  logic [3:0]    lanes;
  logic [1023:0] ops;
  logic [2:0]    quad;
  logic          ready_ok;

  // A quad leaves only once the header is done (and, for implicit LOD, the
  // first level's row is built).
  tx_stage_reg #(
    .Width (1024)
  ) u_reg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_quad_i   (in_quad_i),
    .in_lanes_i  (in_lanes_i),
    .in_data_i   (in_ops_i),
    .in_last_i   (in_last_i),
    .out_valid_o (valid),
    .out_ready_i (out_ready_i && ready_ok),
    .out_quad_o  (quad),
    .out_lanes_o (lanes),
    .out_data_o  (ops),
    .out_last_o  (out_last_o)
  );

  //////////
  // TLDS //
  //////////

  logic [31:0] span;
  logic [31:0] tlod [4];

  assign span = {28'd0, last_i} - {28'd0, first_i};

  /////////
  // TEX //
  /////////

  // L1's coordinates with 32 fraction bits: tx_pkg::fx32_of_f32; the
  // footprint of L1, L2 and section 14: tx_lod_foot.

  logic               arr_word, implicit, mode_lb, mode_ll, averaged;
  logic [1:0]         naxes;
  logic [2:0]         op_slot;
  logic               dv;
  logic               norm;
  logic [31:0]        ext [3];   // extents of the derivatives (1 unnormalised)
  logic [31:0]        ext2 [3];  // their powers of two (L1, tx_pkg::lod_deriv)
  logic signed [63:0] cfx [3][3], cfx2 [3][3];   // lanes 0-2: the derivatives' corners
  logic signed [31:0] opv [4];
  logic signed [31:0] opavg;
  logic signed [31:0] opm;
  logic signed [31:0] bias, lod [4], pre [4], minc, maxc, hmin, lcmin;
  logic [1:0]         mipf;
  logic               int_fmt, is_cube, nearest_int;
  logic [8:0]         unused_face;
  logic [66:0]        cfq [3];   // cube_face of lanes 0-2
  logic               tex_on;    // a TEX quad is in this stage
  logic signed [31:0] nlev;
  logic signed [31:0] r0 [4], c [4];
  logic [7:0]         fm [4];
  logic [31:0]        tex_word [4];

  assign tex_on   = valid && tex_i;
  assign arr_word = texd_i.dim[0] || texd_i.lc;
  assign implicit = (texd_i.lod == 3'd0) || (texd_i.lod == 3'd2) || (texd_i.lod == 3'd6);
  assign mode_lb  = (texd_i.lod == 3'd2) || (texd_i.lod == 3'd6);
  assign mode_ll  = (texd_i.lod == 3'd3) || (texd_i.lod == 3'd7);
  assign averaged = (texd_i.lod == 3'd6) || (texd_i.lod == 3'd7);
  assign op_slot  = texd_i.bindless ? 3'd5 : 3'd4;
  assign dv       = div_i[quad];
  assign norm     = tic_i[191] && !tsc_i[57];
  assign int_fmt  = (tic_i[9:7] == 3'd3) || (tic_i[9:7] == 3'd4);
  assign is_cube  = (texd_i.dim == TexDimCube) || (texd_i.dim == TexDimACube);

  // Axes of the dimension: 1D 1, 2D / cube 2, 3D 3.
  always_comb begin
    unique case (texd_i.dim)
      TexDim1d, TexDimA1d: naxes = 2'd1;
      TexDim3d:            naxes = 2'd3;
      default:             naxes = 2'd2;
    endcase
  end

  // L1: C2 coordinates of lanes 0-2 at the view's first level (X = lane 1 -
  // lane 0, Y = lane 2 - lane 0; lane 3 plays no part).
  // The implicit LOD (L1, L2 and section 14) runs only for a TEX quad in
  // this stage that needs it (simulation cost; also where clock gating
  // would go).
  always_comb begin
    for (int l = 0; l < 3; l++) begin
      cfq[l] = '0;
      unused_face[l*3 +: 3] = 3'd0;
      for (int a = 0; a < 3; a++) begin
        cfx[l][a]  = 64'sd0;
        cfx2[l][a] = 64'sd0;
      end
    end
    for (int a = 0; a < 3; a++) begin
      ext[a]  = 32'd0;
      ext2[a] = 32'd1;
    end
    if (tex_on && implicit) begin
      // Cube faces use the level's extents whatever the normalisation bit.
      // (The first level of the quad's context's table.)
      ext[0] = !(norm || is_cube) ? 32'd1 :
               ctx_i ? layout1_i.lv[first_i].w : layout0_i.lv[first_i].w;
      ext[1] = !(norm || is_cube) ? 32'd1 :
               ctx_i ? layout1_i.lv[first_i].h : layout0_i.lv[first_i].h;
      ext[2] = !norm ? 32'd1 : ctx_i ? layout1_i.lv[first_i].d : layout0_i.lv[first_i].d;
      for (int a = 0; a < 3; a++) begin
        ext2[a] = pow2_floor(ext[a]);
      end
      for (int l = 0; l < 3; l++) begin
        if (texd_i.txd) begin
          // TXD's derivatives are its gradients: no coordinates needed.
        end else if (is_cube) begin
          // Cubes: each lane's face coordinates at the first level's
          // extents (whatever the normalisation bit says).  The face number
          // is not needed for the derivatives.
          cfq[l] = cube_face(ops[(l*8 + (arr_word ? 1 : 0))*32 +: 32],
                             ops[(l*8 + (arr_word ? 1 : 0) + 1)*32 +: 32],
                             ops[(l*8 + (arr_word ? 1 : 0) + 2)*32 +: 32]);
          unused_face[l*3 +: 3] = cfq[l][66:64];
          cfx[l][0]  = 64'(cube_fx($signed(cfq[l][63:32]), ext[0])) <<< 24;
          cfx[l][1]  = 64'(cube_fx($signed(cfq[l][31:0]), ext[1])) <<< 24;
          cfx2[l][0] = 64'(cube_fx($signed(cfq[l][63:32]), ext2[0])) <<< 24;
          cfx2[l][1] = 64'(cube_fx($signed(cfq[l][31:0]), ext2[1])) <<< 24;
        end else begin
          for (int a = 0; a < 3; a++) begin
            if (a < int'(naxes)) begin
              cfx[l][a]  = fx32_of_f32(ops[(l*8 + (arr_word ? 1 : 0) + a)*32 +: 32], ext[a]);
              cfx2[l][a] = fx32_of_f32(ops[(l*8 + (arr_word ? 1 : 0) + a)*32 +: 32], ext2[a]);
            end
          end
        end
      end
    end
  end

  // L1, L2, section 14: the footprints.  Foot 0 takes the quad's
  // derivatives (lanes 1 - 0 and 2 - 0) for TEX, or lane 0's gradients for
  // TXD; feet 1-3 run only for TXD, on the gradients of lanes 1-3
  // (docs/semantics.md S13.3: each lane's own footprint).
  logic               an_on;
  logic [2:0]         an_code, an_max;
  logic signed [63:0] fdx [4][3], fdy [4][3];   // full precision: the probes' axis
  logic signed [63:0] ldx [4][3], ldy [4][3];   // as the footprint takes them (L1)
  logic signed [31:0] f_iso [4], f_lambda [4], f_du [4], f_dv [4];
  logic [2:0]         f_nlog [4];
  logic signed [31:0] lambda_l [4];
  logic [2:0]         nlog_l [4];
  logic               txd_on;

  assign txd_on = tex_on && texd_i.txd;

  always_comb begin
    an_code = tic_i[122] ? tic_i[221:219] : tsc_i[22:20];
    unique case (an_code)
      3'd0:       an_max = 3'd0;
      3'd1:       an_max = 3'd1;
      3'd2, 3'd3: an_max = 3'd2;
      3'd7:       an_max = 3'd4;
      default:    an_max = 3'd3;
    endcase
    // N1: MIN_FILTER ANISO on 2D or ARRAY_2D, not an integer format, a
    // quad with derivatives (TXD always has them).
    an_on = tex_on && implicit && (!dv || texd_i.txd) && (tsc_i[37:36] == 2'd3) && !int_fmt &&
            ((texd_i.dim == TexDim2d) || (texd_i.dim == TexDimA2d));
  end

  // TXD: Rb = dP/dx, dP/dy of each axis (s: slots 4, 5; t: 6, 7), each
  // converted as L1 converts a coordinate at the view's first level.
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      for (int a = 0; a < 3; a++) begin
        fdx[l][a] = 64'sd0;
        fdy[l][a] = 64'sd0;
        ldx[l][a] = 64'sd0;
        ldy[l][a] = 64'sd0;
      end
    end
    if (txd_on) begin
      for (int l = 0; l < 4; l++) begin
        for (int a = 0; a < 2; a++) begin
          if (a < int'(naxes)) begin
            fdx[l][a] = fx32_of_f32(ops[(l*8 + 4 + 2*a)*32 +: 32], ext[a]);
            fdy[l][a] = fx32_of_f32(ops[(l*8 + 5 + 2*a)*32 +: 32], ext[a]);
            ldx[l][a] = lod_deriv(fx32_of_f32(ops[(l*8 + 4 + 2*a)*32 +: 32], ext2[a]), ext[a]);
            ldy[l][a] = lod_deriv(fx32_of_f32(ops[(l*8 + 5 + 2*a)*32 +: 32], ext2[a]), ext[a]);
          end
        end
      end
    end else if (tex_on && implicit) begin
      for (int a = 0; a < 3; a++) begin
        fdx[0][a] = cfx[1][a] - cfx[0][a];
        fdy[0][a] = cfx[2][a] - cfx[0][a];
        ldx[0][a] = lod_deriv(cfx2[1][a] - cfx2[0][a], ext[a]);
        ldy[0][a] = lod_deriv(cfx2[2][a] - cfx2[0][a], ext[a]);
      end
    end
  end

  for (genvar f = 0; f < 4; f++) begin : g_foot
    tx_lod_foot u_foot (
      .en_i     ((f == 0) ? (tex_on && implicit) : txd_on),
      .dx_i     (fdx[f]),
      .dy_i     (fdy[f]),
      .lx_i     (ldx[f]),
      .ly_i     (ldy[f]),
      .an_en_i  (an_on),
      .an_max_i (an_max),
      .iso_o    (f_iso[f]),
      .lambda_o (f_lambda[f]),
      .nlog_o   (f_nlog[f]),
      .du_o     (f_du[f]),
      .dv_o     (f_dv[f])
    );
  end

  // Each lane's lambda and probe count: TEX's quad (0 for a divergent
  // quad), or TXD's lane.
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      lambda_l[l] = 32'sd0;
      nlog_l[l]   = 3'd0;
      if (tex_on && implicit) begin
        lambda_l[l] = texd_i.txd ? f_lambda[l] : (dv ? 32'sd0 : f_lambda[0]);
        nlog_l[l]   = texd_i.txd ? f_nlog[l] : f_nlog[0];
      end
    end
  end

  // L3: the LOD operand.
  function automatic logic signed [31:0] sat16(logic signed [31:0] v);
    sat16 = (v > 32'sd32767) ? 32'sd32767 : ((v < -32'sd32768) ? -32'sd32768 : v);
  endfunction

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      opv[l] = 32'sd0;
    end
    opavg = 32'sd0;
    opm   = 32'sd0;
    if (tex_on && (mode_ll || mode_lb)) begin
      for (int l = 0; l < 4; l++) begin
        // Truncated toward zero: the magnitude's floor, then the sign.
        opm    = fx_of_f32({1'b0, ops[(l*8 + int'(op_slot))*32 +: 31]}, 32'd1);
        opv[l] = sat16(ops[(l*8 + int'(op_slot))*32 + 31] ? -opm : opm);
      end
      opavg = (opv[0] + opv[1] + opv[2] + opv[3]) >>> 2;
    end
  end

  // L5, L6: bias and clamps.
  always_comb begin
    bias        = 32'sd0;
    minc        = 32'sd0;
    maxc        = 32'sd0;
    hmin        = 32'sd0;
    lcmin       = 32'sd0;
    mipf        = 2'd0;
    nearest_int = 1'b0;
    nlev        = 32'sd0;
    for (int l = 0; l < 4; l++) begin
      lod[l]      = 32'sd0;
      pre[l]      = 32'sd0;
      r0[l]       = 32'sd0;
      c[l]        = 32'sd0;
      fm[l]       = 8'd0;
      tex_word[l] = 32'd0;
    end
    if (tex_on) begin
      bias  = tic_i[122] ? {{19{tic_i[210]}}, tic_i[210:198]} : {{19{tsc_i[56]}}, tsc_i[56:44]};
      minc  = {20'd0, tsc_i[75:64]};
      maxc  = {20'd0, tsc_i[87:76]};
      hmin  = {20'd0, tic_i[247:236]};
      mipf  = tsc_i[39:38];
      nearest_int = tsc_i[35] && (mipf == 2'd2);
      if (nearest_int) begin
        minc  = minc & ~32'sd255;
        hmin  = hmin & ~32'sd255;
      end
      nlev = (first_i > last_i) ? 32'sd0 : $signed({28'd0, last_i - first_i});
      for (int l = 0; l < 4; l++) begin
        // .LC: TEX's Ra+0 [27:16]; TXD's word [31:20] (S13.2).
        lcmin = !texd_i.lc ? 32'sd0 :
                texd_i.txd ? {20'd0, ops[(l*8 + int'(txd_word_slot(texd_i.bindless, texd_i.dim[1])))*32 + 20 +: 12]} :
                {20'd0, ops[(l*8)*32+16 +: 12]};
        if (nearest_int) begin
          lcmin = lcmin & ~32'sd255;
        end
        // L4
        if (texd_i.lod == TexLodLz) begin
          lod[l] = 32'sd0;
        end else if (mode_ll) begin
          lod[l] = (averaged && !dv) ? opavg : opv[l];
        end else if (mode_lb) begin
          lod[l] = lambda_l[l] + ((averaged && !dv) ? opavg : opv[l]);
        end else begin
          lod[l] = lambda_l[l];
        end
        // L5
        if (texd_i.lod != TexLodLz) begin
          lod[l] = lod[l] + bias;
        end
        pre[l] = lod[l];
        // L6 (a gather reads the view's first level: no clamps, S10.2)
        if (!texd_i.gather) begin
          if (lod[l] > maxc) begin
            lod[l] = maxc;
          end
          if (lod[l] < minc) begin
            lod[l] = minc;
          end
          if (lod[l] < hmin) begin
            lod[l] = hmin;
          end
          if (texd_i.lc && lod[l] < lcmin) begin
            lod[l] = lcmin;
          end
        end
        // M1-M4
        r0[l] = 32'sd0;
        fm[l] = 8'd0;
        c[l]  = 32'sd0;
        if (mipf == 2'd3 && !int_fmt) begin
          c[l]  = (lod[l] < 0) ? 32'sd0 : ((lod[l] > (nlev <<< 8)) ? (nlev <<< 8) : lod[l]);
          r0[l] = c[l] >>> 8;
          fm[l] = c[l][7:0];
        end else if (mipf == 2'd2 || mipf == 2'd3) begin
          r0[l] = (lod[l] + 32'sd128) >>> 8;
          if (r0[l] < 0) begin
            r0[l] = 32'sd0;
          end
          if (r0[l] > nlev) begin
            r0[l] = nlev;
          end
        end
        tex_word[l] = {1'b0, (lod[l] <= 0), 1'b0, (fm[l] != 8'd0), fm[l],
                       4'(first_i + r0[l][3:0] + ((fm[l] != 8'd0) ? 4'd1 : 4'd0)), lod[l][15:0]};
        // TMML (S12.3): {G = final LOD within 0 .. nlev, u8.8; R = LOD
        // before the clamps, saturated to s7.8} in place of the fields.
        if (texd_i.tmml) begin
          tex_word[l] = {16'((lod[l] < 0) ? 32'sd0 : ((lod[l] > (nlev <<< 8)) ? (nlev <<< 8) :
                                                      lod[l])),
                         16'((pre[l] < -32'sd32768) ? -32'sd32768 :
                             ((pre[l] > 32'sd32767) ? 32'sd32767 : pre[l]))};
        end
      end
    end
  end

  // A quad leaves once the header is done, and with implicit LOD once the
  // first level's extents are built.
  assign ready_ok = view_ok_i && (!tex_i || !implicit || built_i[first_i]);

  always_comb begin
    for (int l = 0; l < 4; l++) begin
      tlod[l] = (ll_i && !tex_i) ? ops[(l*8 + int'(lod_slot_i))*32 +: 32] : 32'd0;
      if (tex_i) begin
        // An invalid texture records level 0 and LOD 0 (cmodel lane_zeros).
        out_level_o[l*32 +: 32] = (!force_zero_i && lanes[l]) ?
                                  {28'd0, first_i + r0[l][3:0]} : 32'd0;
        out_tex_o[l*32 +: 32]   = (!force_zero_i && lanes[l]) ? tex_word[l] : 32'd0;
      end else begin
        out_level_o[l*32 +: 32] = (hdr_valid_i && lanes[l]) ? {28'd0, first_i} + tlod[l] : 32'd0;
        out_tex_o[l*32 +: 32]   = 32'd0;
      end
      out_level_oob_o[l] = !tex_i && ((first_i > last_i) || (tlod[l] > span));
    end
  end

  // Probes per lane for a lane that minifies, and the major axis (s.8) of
  // the footprint it uses: the quad's (foot 0) for TEX, its own for TXD.
  always_comb begin
    out_aniso_o = '0;
    for (int l = 0; l < 4; l++) begin
      out_aniso_o[l*64 +: 32]      = texd_i.txd ? f_du[l] : f_du[0];
      out_aniso_o[l*64 + 32 +: 32] = texd_i.txd ? f_dv[l] : f_dv[0];
      out_aniso_o[256 + l*3 +: 3]  = (an_on && !force_zero_i && !texd_i.tmml && lanes[l] &&
                                      lod[l] > 0) ? nlog_l[l] : 3'd0;
    end
  end

  assign out_valid_o = valid && ready_ok;
  assign out_quad_o  = quad;
  assign out_lanes_o = lanes;
  assign out_ops_o   = ops;

  // Header and sampler fields the LOD does not use.
  logic unused_lod;
  assign unused_lod = ^{unused_face, tic_i, tsc_i, texd_i, c[0], c[1], c[2], c[3], r0[0], r0[1], r0[2],
                        r0[3], lod[0], lod[1], lod[2], lod[3], layout0_i, layout1_i, quad,
                        f_iso[0], f_iso[1], f_iso[2], f_iso[3]};

endmodule
