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
 * MAX_MIP_LEVEL, docs/layouts.md 1.2), and up to RES_VIEW_MIN_MIP_LEVEL
 * when that is higher (implicit LOD reads the first level's extents),
 * level 0 of pitch and buffer textures (one level).  The layer stride is
 * the chain's up to MAX_MIP_LEVEL; done_o rises after the last row
 * (so 1 + that level cycles after start_i for
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

  state_e      state_q;
  tx_layout_t  layout_q;
  logic [3:0]  level_q;
  logic [63:0] acc_q, chain_q;
  // Level-0 extent and block parameters kept for the level walk.
  logic [31:0] w0_q, h0_q, d0_q;
  logic [1:0]  gxl_q, gyl_q;
  logic [2:0]  bh_hdr_q, bd_hdr_q, tw_q;
  logic [3:0]  max_mip_q;
  logic [3:0]  stop_q;       // last row to build
  logic [15:0] built_q;

  ///////////////////////////
  // Header field decode   //
  ///////////////////////////

  // The fields the level walk keeps (the others are decoded in hdr_decode).
  logic [2:0]  f_bh, f_bd, f_tw;
  logic [3:0]  f_max_mip;
  logic [3:0]  f_view_min;

  assign f_bh         = tic_i[101:99];
  assign f_bd         = tic_i[104:102];
  assign f_tw         = tic_i[108:106];
  assign f_max_mip    = tic_i[127:124];
  assign f_view_min   = tic_i[227:224];

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

  // The level-independent fields of the table (tx_layout_t without its rows
  // and layer stride): what the start cycle decodes.
  typedef struct packed {
    logic            usable;
    tx_layout_kind_e kind;
    logic            gob_desktop;
    logic [47:0]     base;
    logic [31:0]     pitch;
    logic [4:0]      bpp;
    logic [15:0]     layers;
    logic [4:0]      samples;
    logic [3:0]      first_level;
    logic [3:0]      last_level;
    logic            blk;
  } lay_hdr_t;

  // Decode of the level-independent fields, and the level-0 extent and
  // sample grid the level walk starts from.  Called only in the start cycle
  // (below), from the clocked block: the decode is the work of that one
  // edge, not of every evaluation of the model (docs/performance.md, unit
  // section; it is also where clock gating of the stage would go).  Not
  // inlined: inlined, its 256-bit argument and 119-bit result were
  // temporaries that the model cleared at every clock.
  function automatic void hdr_decode(input  logic [255:0] tic,
                                     input  logic         desktop,
                                     output lay_hdr_t     hdr,
                                     output logic         hdr_ok,
                                     output logic [31:0]  hw0,
                                     output logic [31:0]  hh0,
                                     output logic [31:0]  hd0,
                                     output logic [1:0]   hgxl,
                                     output logic [1:0]   hgyl,
                                     output logic         unused_tic);
    /* verilator no_inline_task */  // its temporaries live only in the call
    logic        colorkey, is_1d;
    logic [4:0]  bpp;
    logic [31:0] layers_n;
    logic [3:0]  last;
    logic [47:0] f_address;
    logic [15:0] f_pitch_hi, f_wm1;
    logic [3:0]  f_type, mm;

    f_address  = {tic[79:64], tic[63:32]};
    f_pitch_hi = tic[111:96];
    f_wm1      = tic[143:128];
    f_type     = tic[154:151];
    mm         = tic[127:124];

    hdr      = '0;
    hdr_ok   = 1'b1;
    colorkey = 1'b0;
    bpp      = fmt_bytes(tic[6:0]);
    unique case (tic[87:85])
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
    hdr.gob_desktop = desktop;
    hdr.bpp         = bpp;
    hdr.blk         = fmt_block(tic[6:0]);

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
        hh0 = {16'd0, tic[175:160]} + 32'd1;
      end
    end
    if (hdr.kind == LayoutBlockLinear) begin
      if (f_type == Tex3D) begin
        hd0 = {18'd0, tic[189:176]} + 32'd1;
      end else if ((f_type == Tex1DArray) || (f_type == Tex2DArray)) begin
        layers_n = {18'd0, tic[189:176]} + 32'd1;
      end else if (f_type == TexCube) begin
        layers_n = 32'd6;
      end else if (f_type == TexCubeArray) begin
        layers_n = ({18'd0, tic[189:176]} + 32'd1) * 32'd6;
        if (layers_n > 32'h0000_ffff) begin
          layers_n = 32'h0000_ffff;
        end
      end
    end
    hdr.layers = layers_n[15:0];

    // Samples and the sample grid (log2 per axis).
    hdr.samples = ((hdr.kind == LayoutBuffer) || colorkey) ? 5'd1 : ms_samples(tic[235:232]);
    {hgxl, hgyl} = sample_grid(hdr.samples);

    // View levels.
    if (hdr.kind == LayoutBuffer) begin
      hdr.first_level = 4'd0;
      last            = 4'd0;
    end else begin
      hdr.first_level = colorkey ? 4'd0 : tic[227:224];
      last            = colorkey ? 4'd15 : tic[231:228];
      if (mm < last) begin
        last = mm;
      end
      if (hdr.kind == LayoutPitch) begin
        last = 4'd0;
      end
    end
    hdr.last_level = last;

    if (!hdr_ok) begin
      hdr = '0;
    end
    // Format, sampling, LOD, ... fields: not the layout's.
    unused_tic = ^{tic[255:236], tic[223:190], tic[159:155], tic[150:144], tic[123:112],
                   tic[95:88], tic[84:80], tic[31:7]};
  endfunction

  ///////////////////////////
  // One level per clock   //
  ///////////////////////////

  tx_level_t   lvl;
  logic [2:0]  lbh, lbd;
  logic [3:0]  lbhd;
  logic [31:0] lw, lh, ld;
  logic [31:0] lwb, lhb;      // block formats: extent in 4x4 blocks
  logic [63:0] wbytes, hs, gw, tile_m1, lsize, unit;

  // The row of level level_q, its size and the stride unit: needed only
  // while the walk builds rows (StBuild), so the arithmetic is evaluated
  // only then (simulation cost; also where clock gating would go).
  always_comb begin
    lw      = '0;
    lh      = '0;
    ld      = '0;
    lwb     = '0;
    lhb     = '0;
    wbytes  = '0;
    hs      = '0;
    gw      = '0;
    tile_m1 = '0;
    lbh     = '0;
    lbd     = '0;
    lbhd    = '0;
    lsize   = '0;
    lvl     = '0;
    unit    = '0;
    if (state_q == StBuild) begin
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
  end

  ///////////////////////////
  // FSM                   //
  ///////////////////////////

  // The table register is updated in place: the header's fields at start_i,
  // one row per clock after.  (A next-state copy of the whole table, about
  // 3 kbit, on every evaluation is what this avoids.)
  logic [63:0] acc_n, chain_n;
  logic        lay_bl;

  // (Read here, not in the clocked block below: a block that reads the
  // table after writing part of it makes the verilated model copy the whole
  // table twice per cycle.)
  assign lay_bl  = (layout_q.kind == LayoutBlockLinear);

  assign acc_n   = acc_q + lsize;
  assign chain_n = (level_q == max_mip_q) ? acc_n : chain_q;

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
    end else if (start_i) begin
      // Latch the header: static fields now, levels from the next cycle.
      // (Field by field: no table-wide temporary in the verilated model.)
      lay_hdr_t    hdr;
      logic        hdr_ok;
      logic [31:0] hw0, hh0, hd0;
      logic [1:0]  hgxl, hgyl;
      logic        unused_tic;
      hdr_decode(tic_i, gob_desktop_i, hdr, hdr_ok, hw0, hh0, hd0, hgxl, hgyl, unused_tic);
      layout_q.usable       <= hdr.usable;
      layout_q.kind         <= hdr.kind;
      layout_q.gob_desktop  <= hdr.gob_desktop;
      layout_q.base         <= hdr.base;
      layout_q.pitch        <= hdr.pitch;
      layout_q.bpp          <= hdr.bpp;
      layout_q.layers       <= hdr.layers;
      layout_q.layer_stride <= '0;
      layout_q.samples      <= hdr.samples;
      layout_q.first_level  <= hdr.first_level;
      layout_q.last_level   <= hdr.last_level;
      layout_q.lv           <= '0;
      layout_q.blk          <= hdr.blk;
      level_q   <= 4'd0;
      acc_q     <= 64'd0;
      chain_q   <= 64'd0;
      w0_q      <= hw0;
      h0_q      <= hh0;
      d0_q      <= hd0;
      gxl_q     <= hgxl;
      gyl_q     <= hgyl;
      bh_hdr_q  <= (f_bh > 3'd5) ? 3'd5 : f_bh;
      bd_hdr_q  <= (f_bd > 3'd5) ? 3'd5 : f_bd;
      tw_q      <= f_tw;
      max_mip_q <= f_max_mip;
      // The walk stops at MAX_MIP_LEVEL, or at RES_VIEW_MIN_MIP_LEVEL when
      // that lies above it: implicit LOD reads the extents of the view's
      // first level, whatever the header says of the chain (the model builds
      // every row).  The layer stride stays the chain's (chain_n).
      stop_q    <= (hdr.kind != LayoutBlockLinear) ? 4'd0 :
                   (f_view_min > f_max_mip) ? f_view_min : f_max_mip;
      built_q   <= hdr_ok ? 16'd0 : 16'hffff;
      state_q   <= hdr_ok ? StBuild : StDone;
    end else begin
      unique case (state_q)
        // Waiting for a header.
        StIdle: ;
        // Level level_q: its row of the table, then the running offset.
        StBuild: begin
          layout_q.lv[level_q] <= lvl;
          built_q[level_q]     <= 1'b1;
          acc_q                <= acc_n;
          chain_q              <= chain_n;
          if (level_q == stop_q) begin
            if (lay_bl) begin
              layout_q.layer_stride <= 48'((chain_n + unit - 64'd1) & ~(unit - 64'd1));
            end
            state_q <= StDone;
          end else begin
            level_q <= level_q + 4'd1;
          end
        end
        // Table valid until the next start_i.
        StDone: ;
        default: state_q <= StIdle;
      endcase
    end
  end

  assign done_o   = (state_q == StDone);
  assign built_o  = built_q;
  assign layout_o = layout_q;

endmodule
