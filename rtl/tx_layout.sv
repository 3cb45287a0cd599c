/**
 * tx_layout - layout stage: the per-level table of a texture from its header.
 *
 * Twin of cmodel/layout.c tx_layout_build; the rules are those of
 * docs/layouts.md.  start_i (one cycle) latches tic_i: the fields that do not
 * depend on the level are decoded at once and are valid in layout_o from the
 * next cycle.  Then one mip level per clock, from level 0, gets its extent,
 * block shape and offset inside a layer; built_o[n] rises the cycle row n of
 * layout_o is valid.  Only the rows an address can use are built: levels
 * 0..MAX_MIP_LEVEL of a block-linear texture (no view level lies above
 * MAX_MIP_LEVEL, docs/layouts.md 1.2), level 0 of pitch and buffer
 * textures (one level).  The layer stride is computed with the last row
 * built; done_o then rises (so 1 + MAX_MIP_LEVEL cycles after start_i for
 * a block-linear header, 1 cycle for the others and for an unusable header,
 * whose table is all zeros) and stays high until the next start_i.  Rows
 * not built keep stale values; no in-range level reads them.  Synchronous
 * active-low reset.
 *
 * Header bits (NVIDIA clb197tex.h, absolute over 256 bits):
 *   6:0 COMPONENTS, 63:32 + 79:64 address, 87:85 HEADER_VERSION,
 *   101:99 / 104:102 / 108:106 GOBS_PER_BLOCK_HEIGHT / _DEPTH / TILE_WIDTH,
 *   111:96 PITCH_BITS20TO5 or WIDTH_MINUS_ONE_BITS31TO16 (1D buffer),
 *   127:124 MAX_MIP_LEVEL, 143:128 WIDTH_MINUS_ONE, 154:151 TEXTURE_TYPE,
 *   175:160 HEIGHT_MINUS_ONE, 189:176 DEPTH_MINUS_ONE,
 *   227:224 / 231:228 RES_VIEW_MIN / _MAX_MIP_LEVEL, 235:232 MULTI_SAMPLE_COUNT.
 */
module tx_layout
  import tx_pkg::*;
(
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         start_i,
  input  logic [255:0] tic_i,
  input  logic         gob_desktop_i,
  output logic         done_o,          // every row built and the layer stride
  output logic [15:0]  built_o,         // bit n: row n of layout_o is valid
  output tx_layout_t   layout_o
);

  typedef enum logic [1:0] {
    StIdle  = 2'd0,
    StBuild = 2'd1,
    StDone  = 2'd2
  } state_e;

  // HEADER_VERSION codes (cmodel/tic.h enum tx_tic_version).
  localparam logic [2:0] VerBuffer   = 3'd0;
  localparam logic [2:0] VerPitchCk  = 3'd1;
  localparam logic [2:0] VerPitch    = 3'd2;
  localparam logic [2:0] VerBlock    = 3'd3;
  localparam logic [2:0] VerBlockCk  = 3'd4;

  // TEXTURE_TYPE codes (cmodel/tic.h enum tx_tic_type).
  localparam logic [3:0] Tex1D        = 4'd0;
  localparam logic [3:0] Tex3D        = 4'd2;
  localparam logic [3:0] TexCube      = 4'd3;
  localparam logic [3:0] Tex1DArray   = 4'd4;
  localparam logic [3:0] Tex2DArray   = 4'd5;
  localparam logic [3:0] Tex1DBuffer  = 4'd6;
  localparam logic [3:0] TexCubeArray = 4'd8;

  state_e      state_q, state_d;
  tx_layout_t  layout_q, layout_d;
  logic [3:0]  level_q, level_d;
  logic [63:0] acc_q, acc_d, chain_q, chain_d;
  // Level-0 extent and block parameters kept for the level walk.
  logic [31:0] w0_q, w0_d, h0_q, h0_d, d0_q, d0_d;
  logic [1:0]  gxl_q, gxl_d, gyl_q, gyl_d;
  logic [2:0]  bh_hdr_q, bh_hdr_d, bd_hdr_q, bd_hdr_d, tw_q, tw_d;
  logic [3:0]  max_mip_q, max_mip_d;
  logic [3:0]  stop_q, stop_d;       // last row to build
  logic [15:0] built_q, built_d;

  ///////////////////////////
  // Header field decode   //
  ///////////////////////////

  logic [6:0]  f_components;
  logic [47:0] f_address;
  logic [2:0]  f_version, f_bh, f_bd, f_tw;
  logic [15:0] f_pitch_hi, f_wm1, f_hm1;
  logic [13:0] f_dm1;
  logic [3:0]  f_max_mip, f_type, f_res_min, f_res_max, f_msc;

  assign f_components = tic_i[6:0];
  assign f_address    = {tic_i[79:64], tic_i[63:32]};
  assign f_version    = tic_i[87:85];
  assign f_bh         = tic_i[101:99];
  assign f_bd         = tic_i[104:102];
  assign f_tw         = tic_i[108:106];
  assign f_pitch_hi   = tic_i[111:96];
  assign f_max_mip    = tic_i[127:124];
  assign f_wm1        = tic_i[143:128];
  assign f_type       = tic_i[154:151];
  assign f_hm1        = tic_i[175:160];
  assign f_dm1        = tic_i[189:176];
  assign f_res_min    = tic_i[227:224];
  assign f_res_max    = tic_i[231:228];
  assign f_msc        = tic_i[235:232];

  // Samples per pixel of MULTI_SAMPLE_COUNT; undefined codes give 1.
  function automatic logic [4:0] ms_samples(logic [3:0] code);
    unique case (code)
      4'd1, 4'd5:               ms_samples = 5'd2;
      4'd2, 4'd8, 4'd9:         ms_samples = 5'd4;
      4'd3, 4'd4, 4'd10, 4'd11: ms_samples = 5'd8;
      4'd6:                     ms_samples = 5'd16;
      default:                  ms_samples = 5'd1;
    endcase
  endfunction

  // Decode of the level-independent fields (used in the start cycle).
  tx_layout_t  hdr;
  logic        hdr_ok, colorkey, is_1d;
  logic [4:0]  bpp;
  logic [31:0] hw0, hh0, hd0, layers_n;
  logic [1:0]  hgxl, hgyl;
  logic [3:0]  last;

  always_comb begin
    hdr      = '0;
    hdr_ok   = 1'b1;
    colorkey = 1'b0;
    bpp      = fmt_bytes(f_components);
    unique case (f_version)
      VerBuffer:  hdr.kind = LayoutBuffer;
      VerPitchCk: begin hdr.kind = LayoutPitch;       colorkey = 1'b1; end
      VerPitch:   hdr.kind = LayoutPitch;
      VerBlock:   hdr.kind = LayoutBlockLinear;
      VerBlockCk: begin hdr.kind = LayoutBlockLinear; colorkey = 1'b1; end
      default:    hdr_ok = 1'b0;
    endcase
    if (bpp == 5'd0) begin
      hdr_ok = 1'b0;
    end
    hdr.usable      = 1'b1;
    hdr.gob_desktop = gob_desktop_i;
    hdr.bpp         = bpp;
    hdr.blk         = fmt_block(f_components);

    // Address and pitch: only the bits each version holds.
    unique case (hdr.kind)
      LayoutBlockLinear: hdr.base = {f_address[47:9], 9'd0};
      LayoutPitch:       hdr.base = {f_address[47:5], 5'd0};
      default:           hdr.base = f_address;
    endcase
    hdr.pitch = (hdr.kind == LayoutPitch) ? {11'd0, f_pitch_hi, 5'd0} : 32'd0;

    // Level-0 extent and layers.
    is_1d    = (f_type == Tex1D) || (f_type == Tex1DArray) || (f_type == Tex1DBuffer);
    hh0      = 32'd1;
    hd0      = 32'd1;
    layers_n = 32'd1;
    if (hdr.kind == LayoutBuffer) begin
      hw0 = ({f_pitch_hi, f_wm1} == 32'hffff_ffff) ? 32'hffff_ffff : {f_pitch_hi, f_wm1} + 32'd1;
    end else begin
      hw0 = {16'd0, f_wm1} + 32'd1;
      if (!is_1d) begin
        hh0 = {16'd0, f_hm1} + 32'd1;
      end
    end
    if (hdr.kind == LayoutBlockLinear) begin
      if (f_type == Tex3D) begin
        hd0 = {18'd0, f_dm1} + 32'd1;
      end else if ((f_type == Tex1DArray) || (f_type == Tex2DArray)) begin
        layers_n = {18'd0, f_dm1} + 32'd1;
      end else if (f_type == TexCube) begin
        layers_n = 32'd6;
      end else if (f_type == TexCubeArray) begin
        layers_n = ({18'd0, f_dm1} + 32'd1) * 32'd6;
        if (layers_n > 32'h0000_ffff) begin
          layers_n = 32'h0000_ffff;
        end
      end
    end
    hdr.layers = layers_n[15:0];

    // Samples and the sample grid (log2 per axis).
    hdr.samples = ((hdr.kind == LayoutBuffer) || colorkey) ? 5'd1 : ms_samples(f_msc);
    {hgxl, hgyl} = sample_grid(hdr.samples);

    // View levels.
    if (hdr.kind == LayoutBuffer) begin
      hdr.first_level = 4'd0;
      last            = 4'd0;
    end else begin
      hdr.first_level = colorkey ? 4'd0 : f_res_min;
      last            = colorkey ? 4'd15 : f_res_max;
      if (f_max_mip < last) begin
        last = f_max_mip;
      end
      if (hdr.kind == LayoutPitch) begin
        last = 4'd0;
      end
    end
    hdr.last_level = last;

    if (!hdr_ok) begin
      hdr = '0;
    end
  end

  ///////////////////////////
  // One level per clock   //
  ///////////////////////////

  tx_level_t   lvl;
  logic [2:0]  lbh, lbd;
  logic [3:0]  lbhd;
  logic [31:0] lw, lh, ld;
  logic [31:0] lwb, lhb;      // block formats: extent in 4x4 blocks
  logic [63:0] wbytes, hs, gw, tile_m1, lsize, unit;

  always_comb begin
    lw  = w0_q >> level_q;
    lh  = h0_q >> level_q;
    ld  = d0_q >> level_q;
    lw  = (lw == 32'd0) ? 32'd1 : lw;
    lh  = (lh == 32'd0) ? 32'd1 : lh;
    ld  = (ld == 32'd0) ? 32'd1 : ld;

    // Block formats count 4x4 blocks, rounding up.
    lwb     = layout_q.blk ? ({2'd0, lw[31:2]} + {31'd0, |lw[1:0]}) : lw;
    lhb     = layout_q.blk ? ({2'd0, lh[31:2]} + {31'd0, |lh[1:0]}) : lh;
    wbytes  = (64'(lwb) << gxl_q) * 64'(layout_q.bpp);
    hs      = 64'(lhb) << gyl_q;
    gw      = (wbytes + 64'd63) >> 6;
    tile_m1 = (64'd1 << tw_q) - 64'd1;
    if (gw > 64'd1) begin
      gw = (gw + tile_m1) & ~tile_m1;
    end

    // Block auto-sizing: shrink while the block is at least twice the extent.
    lbh = bh_hdr_q;
    lbd = bd_hdr_q;
    for (int unsigned i = 5; i >= 1; i--) begin
      if ((lbh == 3'(i)) && ((64'd8 << (i - 1)) >= hs)) begin
        lbh = 3'(i - 1);
      end
      if ((lbd == 3'(i)) && ((64'd1 << (i - 1)) >= 64'(ld))) begin
        lbd = 3'(i - 1);
      end
    end
    lbhd  = {1'b0, lbh} + {1'b0, lbd};
    lsize = gw * ((hs + (64'd8 << lbh) - 64'd1) >> (4'd3 + {1'b0, lbh})) *
            ((64'(ld) + (64'd1 << lbd) - 64'd1) >> lbd) * (64'd512 << lbhd);

    lvl        = '0;
    lvl.w      = lw;
    lvl.h      = lh;
    lvl.d      = ld;
    lvl.offset = acc_q[47:0];
    if (layout_q.kind == LayoutBlockLinear) begin
      lvl.bh = lbh;
      lvl.bd = lbd;
      lvl.gw = gw[31:0];
    end else begin
      lsize = 64'd0;
    end

    // Layer stride alignment unit: the level-0 block, times the tile width
    // (level 0 may be the row built in this very cycle).
    if (level_q == 4'd0) begin
      unit = (64'd512 << lbhd) << tw_q;
    end else begin
      unit = (64'd512 << ({1'b0, layout_q.lv[0].bh} + {1'b0, layout_q.lv[0].bd})) << tw_q;
    end
  end

  ///////////////////////////
  // FSM                   //
  ///////////////////////////

  always_comb begin
    state_d   = state_q;
    layout_d  = layout_q;
    level_d   = level_q;
    acc_d     = acc_q;
    chain_d   = chain_q;
    w0_d      = w0_q;
    h0_d      = h0_q;
    d0_d      = d0_q;
    gxl_d     = gxl_q;
    gyl_d     = gyl_q;
    bh_hdr_d  = bh_hdr_q;
    bd_hdr_d  = bd_hdr_q;
    tw_d      = tw_q;
    max_mip_d = max_mip_q;
    stop_d    = stop_q;
    built_d   = built_q;

    if (start_i) begin
      // Latch the header: static fields now, levels from the next cycle.
      layout_d  = hdr;
      level_d   = 4'd0;
      acc_d     = 64'd0;
      chain_d   = 64'd0;
      w0_d      = hw0;
      h0_d      = hh0;
      d0_d      = hd0;
      gxl_d     = hgxl;
      gyl_d     = hgyl;
      bh_hdr_d  = (f_bh > 3'd5) ? 3'd5 : f_bh;
      bd_hdr_d  = (f_bd > 3'd5) ? 3'd5 : f_bd;
      tw_d      = f_tw;
      max_mip_d = f_max_mip;
      stop_d    = (hdr.kind == LayoutBlockLinear) ? f_max_mip : 4'd0;
      built_d   = hdr_ok ? 16'd0 : 16'hffff;
      state_d   = hdr_ok ? StBuild : StDone;
    end else begin
      unique case (state_q)
        // Waiting for a header.
        StIdle: ;
        // Level level_q: its row of the table, then the running offset.
        StBuild: begin
          layout_d.lv[level_q] = lvl;
          built_d[level_q]     = 1'b1;
          acc_d = acc_q + lsize;
          if (level_q == max_mip_q) begin
            chain_d = acc_d;
          end
          if (level_q == stop_q) begin
            if (layout_q.kind == LayoutBlockLinear) begin
              layout_d.layer_stride = 48'((chain_d + unit - 64'd1) & ~(unit - 64'd1));
            end
            state_d = StDone;
          end else begin
            level_d = level_q + 4'd1;
          end
        end
        // Table valid until the next start_i.
        StDone: ;
        default: state_d = StIdle;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= StIdle;
      layout_q  <= '0;
      level_q   <= 4'd0;
      acc_q     <= 64'd0;
      chain_q   <= 64'd0;
      w0_q      <= 32'd0;
      h0_q      <= 32'd0;
      d0_q      <= 32'd0;
      gxl_q     <= 2'd0;
      gyl_q     <= 2'd0;
      bh_hdr_q  <= 3'd0;
      bd_hdr_q  <= 3'd0;
      tw_q      <= 3'd0;
      max_mip_q <= 4'd0;
      stop_q    <= 4'd0;
      built_q   <= 16'd0;
    end else begin
      state_q   <= state_d;
      layout_q  <= layout_d;
      level_q   <= level_d;
      acc_q     <= acc_d;
      chain_q   <= chain_d;
      w0_q      <= w0_d;
      h0_q      <= h0_d;
      d0_q      <= d0_d;
      gxl_q     <= gxl_d;
      gyl_q     <= gyl_d;
      bh_hdr_q  <= bh_hdr_d;
      bd_hdr_q  <= bd_hdr_d;
      tw_q      <= tw_d;
      max_mip_q <= max_mip_d;
      stop_q    <= stop_d;
      built_q   <= built_d;
    end
  end

  // Header fields the layout does not use (format, sampling, LOD, ...).
  logic unused_tic;
  assign unused_tic = ^{tic_i[255:236], tic_i[223:190], tic_i[159:155], tic_i[150:144],
                        tic_i[123:112], tic_i[95:88], tic_i[84:80], tic_i[31:7]};

  assign done_o   = (state_q == StDone);
  assign built_o  = built_q;
  assign layout_o = layout_q;

endmodule
