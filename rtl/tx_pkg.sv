/**
 * tx_pkg - types and constants shared by the texture-pipe RTL.
 *
 * The C model mirrors these in cmodel/*.h; docs/architecture.md maps each
 * module to its model twin.
 */
`ifndef TX_PKG_SV
`define TX_PKG_SV
package tx_pkg;

  // ---------------------------------------------------------------------------
  // Sizes
  // ---------------------------------------------------------------------------
  localparam int unsigned Lanes     = 32;
  localparam int unsigned Quads     = Lanes / 4;
  localparam int unsigned MemSlots  = 16;   // 16-byte slots per memory request
  localparam int unsigned AddrW     = 48;   // GPU virtual address bits
  localparam int unsigned MaxLevels = 16;
  localparam logic [7:0]  RegRZ     = 8'hff;
  localparam logic [2:0]  PredPT    = 3'd7;

  // ---------------------------------------------------------------------------
  // Completion status (cmodel/model.h enum tx_status)
  // ---------------------------------------------------------------------------
  typedef enum logic [3:0] {
    StOk      = 4'd0,
    StIllegal = 4'd1,
    StFault   = 4'd2,
    StTrap    = 4'd3,
    StUnimpl  = 4'd15
  } tx_status_e;

  // ---------------------------------------------------------------------------
  // Texture layout table (cmodel/layout.h tx_layout), built by tx_layout,
  // read by tx_addr.  Levels are indexed by absolute level number.
  // ---------------------------------------------------------------------------
  typedef enum logic [1:0] {
    LayoutPitch       = 2'd0,
    LayoutBlockLinear = 2'd1,
    LayoutBuffer      = 2'd2
  } tx_layout_kind_e;

  typedef struct packed {
    logic [31:0] w;        // texels
    logic [31:0] h;
    logic [31:0] d;
    logic [47:0] offset;   // bytes from the start of a layer
    logic [2:0]  bh;       // log2 GOBs per block in Y, after auto-sizing
    logic [2:0]  bd;       // log2 GOBs per block in Z
    logic [31:0] gw;       // width in GOBs
  } tx_level_t;

  typedef struct packed {
    logic                       usable;      // 0: unsupported header -> zeros
    tx_layout_kind_e            kind;
    logic                       gob_desktop;
    logic [47:0]                base;
    logic [31:0]                pitch;
    logic [4:0]                 bpp;         // bytes per texel, 1..16
    logic [15:0]                layers;
    logic [47:0]                layer_stride;
    logic [4:0]                 samples;
    logic [3:0]                 first_level;
    logic [3:0]                 last_level;
    tx_level_t [MaxLevels-1:0]  lv;
    // Block-compressed formats: bpp is per 4x4 block; x, y address blocks.
    logic                       blk;
  } tx_layout_t;

  // Sample grid of a pixel with 1, 2, 4, 8 or 16 samples, as {log2 columns,
  // log2 rows}: 2 -> 2x1, 4 -> 2x2, 8 -> 4x2, 16 -> 4x4; any other count 1x1.
  function automatic logic [3:0] sample_grid(logic [4:0] samples);
    unique case (samples)
      5'd2:    sample_grid = {2'd1, 2'd0};
      5'd4:    sample_grid = {2'd1, 2'd1};
      5'd8:    sample_grid = {2'd2, 2'd1};
      5'd16:   sample_grid = {2'd2, 2'd2};
      default: sample_grid = {2'd0, 2'd0};
    endcase
  endfunction

  // Bytes per texel of a TIC COMPONENTS code; 0 = unsupported (cmodel/format.c
  // tx_fmt_bytes is the twin).
  function automatic logic [4:0] fmt_bytes(logic [6:0] c);
    unique case (c)
      7'h01: fmt_bytes = 5'd16;  // R32G32B32A32
      7'h03: fmt_bytes = 5'd8;   // R16G16B16A16
      7'h04: fmt_bytes = 5'd8;   // R32G32
      7'h08: fmt_bytes = 5'd4;   // A8B8G8R8
      7'h09: fmt_bytes = 5'd4;   // A2B10G10R10
      7'h0c: fmt_bytes = 5'd4;   // R16G16
      7'h0f: fmt_bytes = 5'd4;   // R32
      7'h12: fmt_bytes = 5'd2;   // A4B4G4R4
      7'h14: fmt_bytes = 5'd2;   // A1B5G5R5
      7'h15: fmt_bytes = 5'd2;   // B5G6R5
      7'h18: fmt_bytes = 5'd2;   // G8R8
      7'h1b: fmt_bytes = 5'd2;   // R16
      7'h1d: fmt_bytes = 5'd1;   // R8
      7'h20: fmt_bytes = 5'd4;   // E5B9G9R9
      7'h21: fmt_bytes = 5'd4;   // BF10GF11RF11
      7'h29: fmt_bytes = 5'd4;   // Z24S8
      7'h2f: fmt_bytes = 5'd4;   // ZF32
      7'h3a: fmt_bytes = 5'd2;   // Z16
      // Block-compressed formats: bytes per 4x4 block (fmt_block below).
      7'h06: fmt_bytes = 5'd8;   // ETC2_RGB
      7'h0a: fmt_bytes = 5'd8;   // ETC2_RGB_PTA
      7'h0b: fmt_bytes = 5'd16;  // ETC2_RGBA
      7'h19: fmt_bytes = 5'd8;   // EAC
      7'h1a: fmt_bytes = 5'd16;  // EACX2
      7'h24: fmt_bytes = 5'd8;   // DXT1
      7'h25: fmt_bytes = 5'd16;  // DXT23
      7'h26: fmt_bytes = 5'd16;  // DXT45
      7'h27: fmt_bytes = 5'd8;   // DXN1
      7'h28: fmt_bytes = 5'd16;  // DXN2
      7'h10: fmt_bytes = 5'd16;  // BC6H_SF16
      7'h11: fmt_bytes = 5'd16;  // BC6H_UF16
      7'h17: fmt_bytes = 5'd16;  // BC7U
      default: fmt_bytes = 5'd0;
    endcase
  endfunction

  // ---------------------------------------------------------------------------
  // Block-compressed formats (cmodel/bcn.h; docs/formats.md section 9)
  // ---------------------------------------------------------------------------
  // 1 for the COMPONENTS codes of the block formats texcosim decodes
  // (tx_bcn_block_bytes != 0 in the model).
  function automatic logic fmt_block(logic [6:0] c);
    unique case (c)
      7'h06, 7'h0a, 7'h0b, 7'h19, 7'h1a,
      7'h24, 7'h25, 7'h26, 7'h27, 7'h28,
      7'h10, 7'h11, 7'h17:               fmt_block = 1'b1;
      default:                           fmt_block = 1'b0;
    endcase
  endfunction

  // The format a block format transcodes to (tx_bcn_subst); other codes
  // unchanged.  Used where only the format's rules matter (sRGB border).
  function automatic logic [6:0] fmt_subst(logic [6:0] c);
    unique case (c)
      7'h24, 7'h25, 7'h26, 7'h06, 7'h0a, 7'h0b: fmt_subst = 7'h08;  // A8B8G8R8
      7'h27:                                    fmt_subst = 7'h1b;  // R16 (DXN1: 16-bit codes)
      7'h28:                                    fmt_subst = 7'h0c;  // R16G16 (DXN2)
      7'h19:                                    fmt_subst = 7'h1b;  // R16
      7'h1a:                                    fmt_subst = 7'h0c;  // R16G16
      7'h10, 7'h11:                             fmt_subst = 7'h03;  // R16G16B16A16 (BC6H)
      7'h17:                                    fmt_subst = 7'h08;  // A8B8G8R8 (BC7)
      default:                                  fmt_subst = c;
    endcase
  endfunction

  // ---------------------------------------------------------------------------
  // TLDS: decoded fields (tx_decode) and per-form helpers
  // (docs/semantics.md S3.2, S3.3; the TLDS seed's tables)
  // ---------------------------------------------------------------------------
  typedef struct packed {
    logic [7:0]  rd0;      // [7:0]
    logic [7:0]  ra;       // [15:8]
    logic [7:0]  rb;       // [27:20]
    logic [7:0]  rd1;      // [35:28]
    logic [12:0] tsidx;    // [48:36] word index into the constant bank
    logic        nodep;    // [49]
    logic [2:0]  wmask;    // [52:50] write-mask code
    logic [3:0]  target;   // [56:53] target code
    logic        f16;      // bit 59 clear: packed F16 results
    logic [1:0]  phase;    // ctrl [18:17]: 0 none, 1 .T, 2 .P
    logic        tld;      // a TLD word: its fields are in tx_tex_t (tx_decode)
  } tx_tlds_t;

  // Operand slots a target code reads: bit 0 Ra, 1 Ra+1, 2 Rb, 3 Rb+1.
  // Bit 2 of the code makes Ra a vec2, bit 3 makes Rb a vec2 (seed HW note).
  function automatic logic [3:0] tlds_reads(logic [3:0] target);
    tlds_reads = {target[3], (target != 4'd0), target[2], 1'b1};
  endfunction

  // .LL forms: the level is Rb.
  function automatic logic tlds_is_ll(logic [3:0] target);
    tlds_is_ll = (target == 4'd1) || (target == 4'd5) || (target == 4'd12);
  endfunction

  // Components a write-mask code selects, as a mask (bit 0 R .. bit 3 A);
  // 0 for a code the table lacks (Rd1 != RZ with code 5-7).
  function automatic logic [3:0] tlds_comp_mask(logic rd1_rz, logic [2:0] wmask);
    if (rd1_rz) begin
      unique case (wmask)
        3'd0:    tlds_comp_mask = 4'b0001;  // R
        3'd1:    tlds_comp_mask = 4'b0010;  // G
        3'd2:    tlds_comp_mask = 4'b0100;  // B
        3'd3:    tlds_comp_mask = 4'b1000;  // A
        3'd4:    tlds_comp_mask = 4'b0011;  // RG
        3'd5:    tlds_comp_mask = 4'b1001;  // RA
        3'd6:    tlds_comp_mask = 4'b1010;  // GA
        default: tlds_comp_mask = 4'b1100;  // BA
      endcase
    end else begin
      unique case (wmask)
        3'd0:    tlds_comp_mask = 4'b0111;  // RGB
        3'd1:    tlds_comp_mask = 4'b1011;  // RGA
        3'd2:    tlds_comp_mask = 4'b1101;  // RBA
        3'd3:    tlds_comp_mask = 4'b1110;  // GBA
        3'd4:    tlds_comp_mask = 4'b1111;  // RGBA
        default: tlds_comp_mask = 4'b0000;  // reserved
      endcase
    end
  endfunction

  // The register after r in a vector group; a group that runs past R254
  // names RZ (docs/semantics.md S1.2).
  function automatic logic [7:0] reg_next(logic [7:0] r);
    reg_next = (r >= 8'd254) ? RegRZ : r + 8'd1;
  endfunction

  // ---------------------------------------------------------------------------
  // TEX, TEX.B: decoded fields (tx_decode) and operand groups
  // (cmodel/decode.c tex_fields/texb_fields, cmodel/isa_tables.c
  // tx_src_counts; TEX seed packing table)
  // ---------------------------------------------------------------------------
  // LOD modes: 0 none (implicit), 1 .LZ, 2 .LB, 3 .LL, 6 .LBA, 7 .LLA.
  localparam logic [2:0] TexLodLz   = 3'd1;
  localparam logic [2:0] TexLodLb   = 3'd2;
  localparam logic [2:0] TexLodLl   = 3'd3;

  localparam logic [2:0] TexDim1d    = 3'd0;
  localparam logic [2:0] TexDimA1d   = 3'd1;
  localparam logic [2:0] TexDim2d    = 3'd2;
  localparam logic [2:0] TexDimA2d   = 3'd3;
  localparam logic [2:0] TexDim3d    = 3'd4;
  localparam logic [2:0] TexDimA3d   = 3'd5;  // reserved
  localparam logic [2:0] TexDimCube  = 3'd6;
  localparam logic [2:0] TexDimACube = 3'd7;

  typedef struct packed {
    logic [7:0]  rd;       // [7:0]
    logic [7:0]  ra;       // [15:8]
    logic [7:0]  rb;       // [27:20]
    logic [2:0]  dim;      // [30:28], bit 28 = array
    logic [3:0]  wmask;    // [34:31], bit i = component i (RGBA)
    logic        ndv;      // [35]
    logic [12:0] tsidx;    // [48:36] (TEX only)
    logic        nodep;    // [49]
    logic        dc;       // [50]
    logic [2:0]  ps;       // [53:51] sparse predicate, 7 = none
    logic        bindless; // TEX.B
    logic        aoffi;    // TEX [54], TEX.B [36]
    logic [2:0]  lod;      // TEX [57:55], TEX.B [39:37]
    logic        lc;       // TEX [58], TEX.B [40]
    logic [1:0]  phase;    // ctrl [18:17]
    // Gather (TLD4, TLD4.B; docs/semantics.md S10): runs as TEX.LZ with
    // 6-bit offsets, the view's first level, a bilinear footprint for every
    // format and the filter selecting component gcomp of the four taps.
    logic        gather;
    logic [1:0]  gcomp;    // TLD4 [57:56], TLD4.B [39:38], TLD4S [53:52]
    // TLD4S: s in Ra and t in Rb, or s, t in Ra, Ra+1 with Rb = [offsets]
    // [reference]; results packed as TLDS packs them (tx_tlds_t of the
    // same word: Rd0, Rd1, mask code 4, F16).
    logic        short_form;
    // TLD4 .PTP: one offset per texel, two Rb words after the handle.
    logic        ptp;
    // TXQ runs as a TEX that fetches nothing (docs/semantics.md section 11):
    // rd, wmask, nodep, tsidx, bindless and phase as TEX; ra the level
    // operand, rb (TXQ.B) the handle; lod .LZ, dim 1D.
    logic        txq;
    logic [5:0]  query;    // TXQ query code [27:22]
    // TMML runs as a TEX with implicit LOD that fetches nothing and returns
    // the LOD pair (docs/semantics.md section 12).
    logic        tmml;
    // TEXS runs as the TEX form of its target (docs/semantics.md section
    // 14): rb_last reads the Ra group's last slot (y or z) from Rb and the
    // Rb group from Rb+1; texs packs the results as TLDS packs them
    // (tx_tlds_t of the same word: Rd0, Rd1, mask code, F16).
    logic        rb_last;
    logic        texs;
    // TXD runs as a TEX with implicit LOD whose derivatives are each lane's
    // gradient registers (docs/semantics.md section 13): Ra = [handle] +
    // coordinates + [word: array index, offsets, .LC clamp], Rb = dP/dx,
    // dP/dy per axis; lod none, ndv set.
    logic        txd;
  } tx_tex_t;

  // TXD's register counts (cmodel/isa_tables.c tx_src_counts), from
  // two_d = dim[1] (TXD has 1D and 2D dims only) and arr = dim[0]: Ra =
  // [handle] + coordinates + [the word, with an array, .AOFFI or .LC];
  // Rb = two gradients per coordinate.
  function automatic logic [2:0] txd_ra_n(logic bindless, logic two_d, logic arr, logic aoffi,
                                          logic lc);
    txd_ra_n = {2'd0, bindless} + (two_d ? 3'd2 : 3'd1) + {2'd0, (arr || aoffi || lc)};
  endfunction

  function automatic logic [2:0] txd_rb_n(logic two_d);
    txd_rb_n = two_d ? 3'd4 : 3'd2;
  endfunction

  // TXD's word slot (after the handle and the coordinates).
  function automatic logic [2:0] txd_word_slot(logic bindless, logic two_d);
    txd_word_slot = {2'd0, bindless} + (two_d ? 3'd2 : 3'd1);
  endfunction

  // Registers read from the Ra group: [array or .LC word] + coordinates.
  function automatic logic [2:0] tex_ra_n(logic [2:0] dim, logic lc);
    logic [2:0] coords;
    unique case (dim[2:1])
      2'd0:    coords = 3'd1;  // 1D
      2'd1:    coords = 3'd2;  // 2D
      default: coords = 3'd3;  // 3D, CUBE
    endcase
    tex_ra_n = coords + {2'd0, (dim[0] || lc)};
  endfunction

  // Registers read from the Rb group: [handle] + [lod] + [aoffi] + [dc].
  function automatic logic [2:0] tex_rb_n(logic bindless, logic [2:0] lod, logic aoffi,
                                          logic dc);
    tex_rb_n = {2'd0, bindless} + {2'd0, (lod >= TexLodLb)} + {2'd0, aoffi} + {2'd0, dc};
  endfunction

  // The same counts for TLD4S (short_form): Ra = s [, t], Rb = t, or
  // [offsets] [reference].
  function automatic logic [2:0] tex_ra_count(logic short_form, logic [2:0] dim, logic lc,
                                              logic aoffi, logic dc);
    if (short_form) begin
      tex_ra_count = (aoffi || dc) ? 3'd2 : 3'd1;
    end else begin
      tex_ra_count = tex_ra_n(dim, lc);
    end
  endfunction

  function automatic logic [2:0] tex_rb_count(logic short_form, logic bindless, logic [2:0] lod,
                                              logic aoffi, logic ptp, logic dc);
    if (short_form) begin
      tex_rb_count = (aoffi && dc) ? 3'd2 : 3'd1;
    end else begin
      tex_rb_count = tex_rb_n(bindless, lod, aoffi, dc) + (ptp ? 3'd2 : 3'd0);
    end
  endfunction

  // The TEXS target table [56:53] (reference facts 4; cmodel/isa_tables.c
  // tx_texs_forms): 0 1D.LZ, 1 2D, 2 2D.LZ, 3 2D.LL, 4 2D.DC, 5 2D.LL.DC,
  // 6 2D.LZ.DC, 7 ARRAY_2D, 8 ARRAY_2D.LZ, 9 ARRAY_2D.LZ.DC, 10 3D,
  // 11 3D.LZ, 12 CUBE, 13 CUBE.LL; 14 and 15 reserved (decode rejects them).
  function automatic logic [2:0] texs_dim(logic [3:0] target);
    unique case (target)
      4'd0:             texs_dim = TexDim1d;
      4'd7, 4'd8, 4'd9: texs_dim = TexDimA2d;
      4'd10, 4'd11:     texs_dim = TexDim3d;
      4'd12, 4'd13:     texs_dim = TexDimCube;
      default:          texs_dim = TexDim2d;
    endcase
  endfunction

  function automatic logic [2:0] texs_lod(logic [3:0] target);
    unique case (target)
      4'd0, 4'd2, 4'd6, 4'd8, 4'd9, 4'd11: texs_lod = TexLodLz;
      4'd3, 4'd5, 4'd13:                   texs_lod = TexLodLl;
      default:                             texs_lod = 3'd0;   // implicit
    endcase
  endfunction

  function automatic logic texs_dc(logic [3:0] target);
    texs_dc = (target == 4'd4) || (target == 4'd5) || (target == 4'd6) || (target == 4'd9);
  endfunction

  // A group of n registers at r breaks the alignment rule (2 -> even,
  // 3-4 -> multiple of 4); RZ is exempt.
  function automatic logic reg_misaligned(logic [7:0] r, logic [2:0] n);
    if (r == RegRZ || n <= 3'd1) begin
      reg_misaligned = 1'b0;
    end else if (n == 3'd2) begin
      reg_misaligned = r[0];
    end else begin
      reg_misaligned = (r[1:0] != 2'd0);
    end
  endfunction

  function automatic logic [2:0] popcount4(logic [3:0] m);
    popcount4 = {2'd0, m[0]} + {2'd0, m[1]} + {2'd0, m[2]} + {2'd0, m[3]};
  endfunction

  // ---------------------------------------------------------------------------
  // TEX coordinates of the LOD (docs/filtering.md C2, "The LOD's coordinate";
  // twin: tx_coord_fx in cmodel/lod.c); the taps' are tx_addr_pkg::tex_coord
  // ---------------------------------------------------------------------------
  localparam int unsigned FxFrac = 8;                // sub-texel bits

  localparam logic signed [63:0] DxMax = 64'sh0003_ffff_ffff_ffff;  // 2^50 - 1
  localparam logic signed [63:0] DxMin = -64'sh0004_0000_0000_0000; // -2^50

  // L1: C2's conversion with 32 fraction bits (twin of tx_coord_fx32):
  // floor(s * size * 2^32), saturated to [DxMin, DxMax].
  function automatic logic signed [63:0] fx32_of_f32(logic [31:0] s, logic [31:0] size);
    logic [7:0]   e;
    logic [23:0]  m;
    logic [55:0]  p;
    logic [119:0] wide;
    logic [55:0]  mag;
    logic         rem;
    int           sh;
    logic [63:0]  v;
    e = s[30:23];
    m = {1'b1, s[22:0]};
    p = 56'(m) * 56'(size);
    fx32_of_f32 = 64'sd0;
    if (e == 8'hff) begin
      if (s[22:0] == 23'd0) begin
        fx32_of_f32 = s[31] ? DxMin : DxMax;
      end
    end else if (e != 8'd0 && p != 56'd0) begin
      // value * 2^32 = p * 2^(e - 150 + 32)
      if (e >= 8'd118) begin
        sh = int'(e) - 118;
        if (sh > 40) begin
          fx32_of_f32 = s[31] ? DxMin : DxMax;
        end else begin
          wide = 120'(p) << sh;
          if (wide > 120'(DxMax)) begin
            fx32_of_f32 = s[31] ? DxMin : DxMax;
          end else begin
            fx32_of_f32 = s[31] ? -$signed(wide[63:0]) : $signed(wide[63:0]);
          end
        end
      end else begin
        sh = 118 - int'(e);
        if (sh >= 56) begin
          mag = 56'd0;
          rem = 1'b1;
        end else begin
          mag = p >> sh;
          rem = (p & ((56'd1 << sh) - 56'd1)) != 56'd0;
        end
        v = 64'(mag) + ((s[31] && rem) ? 64'd1 : 64'd0);
        fx32_of_f32 = s[31] ? -$signed(v) : $signed(v);
      end
    end
  endfunction

  // fp32 coordinate s times an integer size, floored to s.8 fixed point and
  // saturated to [-2^26, 2^26 - 1] (C2; the LOD operand): fx32_of_f32
  // floored by 2^24.  Exact: floor(floor(s n 2^32) / 2^24) = floor(s n 2^8),
  // and its limits +-2^50 become +-2^26, which fit in 32 bits (twin:
  // tx_coord_fx in cmodel/lod.c).
  function automatic logic signed [31:0] fx_of_f32(logic [31:0] s, logic [31:0] size);
    logic signed [63:0] w;
    w = fx32_of_f32(s, size) >>> 24;
    fx_of_f32 = w[31:0];
    // The upper half is the sign extension of the lower.
    if (w[63:32] != {32{w[31]}}) begin
      fx_of_f32 = w[63] ? -32'sd67108864 : 32'sd67108863;
    end
  endfunction

  // TSC address modes (reference: TEXSAMP0 ADDRESS_U/V/P).
  localparam logic [2:0] AmWrap        = 3'd0;
  localparam logic [2:0] AmMirror      = 3'd1;
  localparam logic [2:0] AmClampEdge   = 3'd2;
  localparam logic [2:0] AmBorder      = 3'd3;
  localparam logic [2:0] AmClampOgl    = 3'd4;
  localparam logic [2:0] AmMirrorEdge  = 3'd5;
  localparam logic [2:0] AmMirrorBord  = 3'd6;
  localparam logic [2:0] AmMirrorOgl   = 3'd7;

  // Integer texel index i on an axis of n texels (n >= 1) -> the texel used,
  // and whether the tap is the border colour (docs/filtering.md, "Address
  // modes").  Index arithmetic is on 32-bit signed values.
  function automatic logic [32:0] wrap_index(logic [2:0] mode, logic signed [31:0] i,
                                             logic [31:0] n);
    logic signed [31:0] sn, r, m2, a;
    logic               border;
    sn = (n == 32'd0) ? 32'sd1 : $signed(n);
    border = 1'b0;
    unique case (mode)
      AmWrap: begin
        r = i % sn;
        if (r < 0) begin
          r = r + sn;
        end
      end
      AmMirror: begin
        m2 = i % (sn * 2);
        if (m2 < 0) begin
          m2 = m2 + sn * 2;
        end
        r = (m2 < sn) ? m2 : (sn * 2 - 32'sd1 - m2);
      end
      AmBorder, AmClampOgl, AmMirrorOgl: begin
        // The OGL clamps reach here only with LINEAR filtering, after the
        // coordinate clamp (A2); POINT uses CLAMP_TO_EDGE instead.
        r = i;
        border = (i < 0) || (i >= sn);
      end
      AmMirrorEdge: begin
        a = (i < 0) ? (-i - 32'sd1) : i;
        r = (a >= sn) ? sn - 32'sd1 : a;
      end
      AmMirrorBord: begin
        a = (i < 0) ? (-i - 32'sd1) : i;
        r = a;
        border = (a >= sn);
      end
      default: begin  // CLAMP_TO_EDGE
        r = (i < 0) ? 32'sd0 : ((i >= sn) ? sn - 32'sd1 : i);
      end
    endcase
    wrap_index = {border, (border ? 32'd0 : r)};
  endfunction

  // Per-quad data the address stage hands to the format and filter stages
  // (through tx_fetch's tracking FIFO).  A TEX quad whose lanes need two
  // tap groups (trilinear, or the two slices of 3D linear) goes down the
  // pipe twice, one with a lane of four groups (two levels of a 3D texture,
  // linear) four times: pass p carries slots 4p .. 4p+3.
  typedef struct packed {
    logic [15:0]  border;  // lane l, tap t at bit l*4+t: the border colour
    logic [15:0]  used;    // lane l, tap t at bit l*4+t: a slot the lane uses
    logic [3:0]   blend;   // lane l runs the lerps (linear, or two groups)
    logic [3:0]   grp2;    // lane l has a second tap group
    logic [3:0]   grp4;    // lane l has four tap groups (two levels of two 3D slices)
    logic [3:0]   lvl2;    // lane l's second group is a second level
    logic         dc;      // depth compare on
    logic [1:0]   pass;    // slots 4*pass .. 4*pass+3
    logic         multi;   // the quad takes two passes or more
    logic         four;    // the quad takes four passes
    logic [3:0]   sparse;  // lane l read a sparse page (set by tx_fetch)
    // Min/max reduction (docs/filtering.md section 13).
    logic [1:0]   red;     // sampler REDUCTION_FILTER: 1 MIN, 2 MAX, else average
    // Anisotropic probes (docs/filtering.md section 14).
    logic [3:0]   probe;   // probe of this pass
    logic         plast;   // the quad's last pass (its result leaves the filter)
    logic [3:0]   plive;   // lane l samples in this probe (the tap port shows it)
    logic [11:0]  nlog;    // lane l takes 2^nlog probes, at [l*3 +: 3]
    // Block-compressed formats (docs/formats.md section 9): bok here, bsub
    // below.
    logic [15:0]  bok;     // lane l, tap t at bit l*4+t: the block is fetched (in bounds)
    // Seamless cube maps (docs/filtering.md section 15).
    logic [15:0]  corner;  // lane l, tap t at bit l*4+t: a cube corner (S4, tx_cube_corner)
    // Gather (docs/semantics.md S10): the filter selects component gcomp of
    // the four taps instead of blending them.
    logic         gather;
    logic [1:0]   gcomp;
    // The wide fields last, each from a whole 32-bit word, so that the
    // verilated model reads a lane's word of them without shifting.
    logic [31:0]  fg;      // lane l weight of group 1 (fm or fw) at [l*8 +: 8]
    // SNORM8 blend (docs/filtering.md B5): set by tx_format_quad, 0 before it.
    logic [63:0]  smin;    // lane l, tap t, comp c at bit (l*4+t)*4+c: the code -128
    logic [63:0]  bsub;    // lane l, tap t {y[1:0], x[1:0]} at [(l*4+t)*4 +: 4]
    logic [127:0] dcref;   // lane l depth-compare reference at [l*32 +: 32]
    logic [191:0] wt;      // lane l {fw1, fv1, fu1, fw0, fv0, fu0} at [l*48 +: 48]
  } tx_aux_t;

  // Depth compare (docs/filtering.md section 10): denormals read as zeros,
  // IEEE comparisons.
  function automatic logic depth_pass(logic [2:0] func, logic [31:0] ref_in, logic [31:0] d_in);
    logic [31:0] r, d;
    logic        nan, lt, eq;
    r   = (ref_in[30:23] == 8'd0) ? {ref_in[31], 31'd0} : ref_in;
    d   = (d_in[30:23] == 8'd0) ? {d_in[31], 31'd0} : d_in;
    nan = (r[30:23] == 8'hff && r[22:0] != 23'd0) || (d[30:23] == 8'hff && d[22:0] != 23'd0);
    eq  = (r == d) || (r[30:0] == 31'd0 && d[30:0] == 31'd0);
    if (r[31] != d[31]) begin
      lt = r[31] && !eq;
    end else if (!r[31]) begin
      lt = r[30:0] < d[30:0];
    end else begin
      lt = r[30:0] > d[30:0];
    end
    unique case (func)
      3'd0:    depth_pass = 1'b0;
      3'd1:    depth_pass = !nan && lt;
      3'd2:    depth_pass = !nan && eq;
      3'd3:    depth_pass = !nan && (lt || eq);
      3'd4:    depth_pass = !nan && !lt && !eq;
      3'd5:    depth_pass = nan || !eq;
      3'd6:    depth_pass = !nan && !lt;
      default: depth_pass = 1'b1;
    endcase
  endfunction

  // ---------------------------------------------------------------------------
  // Blend arithmetic (docs/filtering.md F1, B1-B3; twin: cmodel/fp32.c).
  // binary32, round to nearest even, denormal inputs read as zeros, results
  // that are denormal after rounding become zeros, NaN results are
  // 0x7fc00000.
  // ---------------------------------------------------------------------------
  localparam logic [31:0] F32QNaN = 32'h7fc0_0000;

  // Round a positive integer r (its leading one at bit lp, lp < 64) times
  // 2^(eb - 150 - base) to binary32: returns {overflow, zero, bits}.
  function automatic logic [31:0] f32_round(logic sign, logic [63:0] r, int lp, int e_lead);
    // e_lead: biased exponent the result has when r's leading one is the
    // implicit bit (before rounding).
    logic [63:0] rest, half;
    logic [24:0] mant;
    int          sh, e;
    e = e_lead;
    if (lp > 23) begin
      sh   = lp - 23;
      mant = 25'(r >> sh);
      rest = r & ((64'd1 << sh) - 64'd1);
      half = 64'd1 << (sh - 1);
      if ((rest > half) || ((rest == half) && mant[0])) begin
        mant = mant + 25'd1;
      end
    end else begin
      mant = 25'(r << (23 - lp));
    end
    if (mant[24]) begin
      mant = mant >> 1;
      e    = e + 1;
    end
    if (e >= 255) begin
      f32_round = {sign, 8'hff, 23'd0};
    end else if (e <= 0) begin
      f32_round = {sign, 31'd0};
    end else begin
      f32_round = {sign, 8'(e), mant[22:0]};
    end
  endfunction

  // Bit index of the leading one of r (r != 0).
  function automatic int lead_one(logic [63:0] r);
    logic [63:0] h;
    // Six halving steps (a 64-step scan cost far more to simulate).
    lead_one = 0;
    h        = r;
    for (int k = 5; k >= 0; k--) begin
      if ((h >> (1 << k)) != 64'd0) begin
        lead_one = lead_one + (1 << k);
        h        = h >> (1 << k);
      end
    end
  endfunction

  // L1: the power of two 2^k <= n < 2^(k+1) of an extent (1 for n = 0;
  // twin of tx_lod_pow2).
  function automatic logic [31:0] pow2_floor(logic [31:0] n);
    pow2_floor = (n == 32'd0) ? 32'd1 : (32'd1 << lead_one(64'(n)));
  endfunction

  // L1: the derivative the footprint takes at extent n, from d2, the one at
  // n's power of two 2^k (units 2^-32 texel of each; twin of tx_lod_deriv):
  // the 10 leading bits M of |d2| times n / 2^k, plus 7/8 of M's last place,
  // truncated to 10 leading bits, saturated to DxMax, sign kept.
  function automatic logic signed [63:0] lod_deriv(logic signed [63:0] d2, logic [31:0] n);
    logic [63:0]  a;
    logic [127:0] v;
    int           k, pa, sh, pv;
    a = (d2 < 0) ? 64'(-d2) : 64'(d2);
    lod_deriv = 64'sd0;
    if (a != 64'd0 && n != 32'd0) begin
      k  = lead_one(64'(n));
      pa = lead_one(a);
      sh = (pa > 9) ? pa - 9 : 0;
      v  = (((((128'(a) >> sh) * 128'(n)) << 3) + (128'd7 << k)) << sh) >> (k + 3);
      if (v > 128'(DxMax)) begin
        v = 128'(DxMax);
      end
      pv = lead_one(v[63:0]);
      if (pv > 9) begin
        v = v & ~((128'd1 << (pv - 9)) - 128'd1);
      end
      lod_deriv = (d2 < 0) ? -$signed(v[63:0]) : $signed(v[63:0]);
    end
  endfunction

  // fmulw(x, w) = x * w / 256 rounded once, 0 <= w <= 256 (B1).
  function automatic logic [31:0] fmulw(logic [31:0] x, logic [8:0] w);
    logic [63:0] p;
    int          lp;
    if (w == 9'd0) begin
      fmulw = 32'd0;
    end else if (x[30:23] == 8'hff) begin
      fmulw = (x[22:0] != 23'd0) ? F32QNaN : x;
    end else if (x[30:23] == 8'd0) begin
      fmulw = {x[31], 31'd0};
    end else begin
      p  = 64'({1'b1, x[22:0]}) * 64'(w);
      lp = lead_one(p);
      // p * 2^(e - 158): with the leading one at bit lp the exponent is
      // e - 8 + (lp - 23).
      fmulw = f32_round(x[31], p, lp, int'(x[30:23]) - 8 + (lp - 23));
    end
  endfunction

  // fadd(a, b) (B2).
  function automatic logic [31:0] fadd(logic [31:0] a_in, logic [31:0] b_in);
    logic [31:0] a, b, t;
    logic [63:0] ma, mb, r, lost;
    int          d, lp, ea, eb;
    logic        sticky, sub;
    // F1.1: denormal inputs read as zeros of the same sign.
    a = (a_in[30:23] == 8'd0) ? {a_in[31], 31'd0} : a_in;
    b = (b_in[30:23] == 8'd0) ? {b_in[31], 31'd0} : b_in;
    if ((a[30:23] == 8'hff && a[22:0] != 23'd0) || (b[30:23] == 8'hff && b[22:0] != 23'd0)) begin
      fadd = F32QNaN;
    end else if (a[30:23] == 8'hff || b[30:23] == 8'hff) begin
      if (a[30:23] == 8'hff && b[30:23] == 8'hff && a[31] != b[31]) begin
        fadd = F32QNaN;
      end else begin
        fadd = (a[30:23] == 8'hff) ? a : b;
      end
    end else if (a[30:0] == 31'd0 && b[30:0] == 31'd0) begin
      fadd = {a[31] & b[31], 31'd0};
    end else if (a[30:0] == 31'd0) begin
      fadd = b;
    end else if (b[30:0] == 31'd0) begin
      fadd = a;
    end else begin
      // |a| >= |b| after the swap.
      if (b[30:0] > a[30:0]) begin
        t = a;
        a = b;
        b = t;
      end
      ea  = int'(a[30:23]);
      eb  = int'(b[30:23]);
      d   = ea - eb;
      sub = a[31] != b[31];
      ma  = 64'({1'b1, a[22:0]}) << 27;
      mb  = 64'({1'b1, b[22:0]}) << 27;
      if (d > 60) begin
        lost   = mb;
        mb     = 64'd0;
      end else begin
        lost   = mb & ((64'd1 << d) - 64'd1);
        mb     = mb >> d;
      end
      sticky = (lost != 64'd0);
      mb     = mb | 64'(sticky);
      r      = sub ? ma - mb : ma + mb;
      if (r == 64'd0) begin
        fadd = 32'd0;
      end else begin
        lp   = lead_one(r);
        // ma's leading one (bit 50) carries exponent ea.
        fadd = f32_round(a[31], r, lp, ea + (lp - 50));
      end
    end
  endfunction

  // lerp(a, b, f) = fadd(fmulw(a, 256 - f), fmulw(b, f)) (B3).
  function automatic logic [31:0] flerp(logic [31:0] a, logic [31:0] b, logic [7:0] f);
    flerp = fadd(fmulw(a, 9'd256 - {1'b0, f}), fmulw(b, {1'b0, f}));
  endfunction

  // ---------------------------------------------------------------------------
  // Cube faces (docs/filtering.md section 9; twin: tx_cube_face, tx_cube_fx
  // in cmodel/lod.c)
  // ---------------------------------------------------------------------------

  // Q3: floor(sc * 2^24 / |ma|) for |sc| <= |ma|, both binary32 patterns.
  function automatic logic signed [31:0] cube_ratio(logic [31:0] sc, logic [30:0] ma);
    logic [7:0]  es, em;
    logic [63:0] ms, mm, num;
    int          d;
    es = sc[30:23];
    em = ma[30:23];
    cube_ratio = 32'sd0;
    if (es != 8'd0 && em != 8'd0) begin
      ms = {40'd0, 1'b1, (es == 8'hff) ? 23'd0 : sc[22:0]};
      mm = {40'd0, 1'b1, (em == 8'hff) ? 23'd0 : ma[22:0]};
      d  = int'(em) - int'(es);
      if (d > 24) begin
        cube_ratio = sc[31] ? -32'sd1 : 32'sd0;
      end else begin
        num = ms << (24 - d);
        if (!sc[31]) begin
          cube_ratio = $signed(32'(num / mm));
        end else begin
          cube_ratio = -$signed(32'((num + mm - 64'd1) / mm));
        end
      end
    end
  endfunction

  // Q1, Q2: {face, rs, rt} of the sanitised coordinates x, y, z.
  function automatic logic [66:0] cube_face(logic [31:0] x_in, logic [31:0] y_in,
                                            logic [31:0] z_in);
    logic [31:0] s [3];
    logic [31:0] ma, sc, tc;
    logic [2:0]  face;
    s[0] = x_in;
    s[1] = y_in;
    s[2] = z_in;
    for (int ci = 0; ci < 3; ci++) begin
      if (s[ci][30:23] == 8'hff && s[ci][22:0] != 23'd0) begin
        s[ci] = 32'd0;
      end else if (s[ci][30:23] == 8'd0) begin
        s[ci] = {s[ci][31], 31'd0};
      end
    end
    if (s[2][30:0] >= s[1][30:0] && s[2][30:0] >= s[0][30:0]) begin
      ma   = s[2];
      face = ma[31] ? 3'd5 : 3'd4;
      sc   = (face == 3'd4) ? s[0] : {~s[0][31], s[0][30:0]};
      tc   = {~s[1][31], s[1][30:0]};
    end else if (s[1][30:0] >= s[0][30:0]) begin
      ma   = s[1];
      face = ma[31] ? 3'd3 : 3'd2;
      sc   = s[0];
      tc   = (face == 3'd2) ? s[2] : {~s[2][31], s[2][30:0]};
    end else begin
      ma   = s[0];
      face = ma[31] ? 3'd1 : 3'd0;
      sc   = (face == 3'd0) ? {~s[2][31], s[2][30:0]} : s[2];
      tc   = {~s[1][31], s[1][30:0]};
    end
    cube_face = {face, cube_ratio(sc, ma[30:0]), cube_ratio(tc, ma[30:0])};
  endfunction

  // Q4: u = ((r + 2^24) * n) >> 17.
  function automatic logic signed [31:0] cube_fx(logic signed [31:0] r, logic [31:0] n);
    logic signed [63:0] p;
    p = (64'(r) + 64'sd16777216) * $signed({32'd0, n});
    cube_fx = 32'(p >>> 17);
  endfunction

  // ---------------------------------------------------------------------------
  // ---- seamless cube corners (docs/filtering.md sections 13 and 15) ----
  // fred serves tx_filter (R) and tx_cube_corner (S4); cube_corner_weights
  // shares a corner tap's blend weight out in tx_filter (twins: tx_fred in
  // cmodel/filter.c, tx_cube_corner_weights in cmodel/cube.c).
  // ---------------------------------------------------------------------------

  // Min/max reduction of two values (R2): denormals read as zeros of their
  // sign, a NaN loses to any number, two NaNs give the canonical NaN; the
  // order key makes -0 < +0.
  function automatic logic [31:0] fred(logic [31:0] a_in, logic [31:0] b_in, logic mx);
    logic [31:0] a, b, ka, kb;
    logic        an, bn;
    a  = (a_in[30:23] == 8'd0) ? {a_in[31], 31'd0} : a_in;
    b  = (b_in[30:23] == 8'd0) ? {b_in[31], 31'd0} : b_in;
    an = (a[30:23] == 8'hff) && (a[22:0] != 23'd0);
    bn = (b[30:23] == 8'hff) && (b[22:0] != 23'd0);
    ka = a[31] ? ~a : {1'b1, a[30:0]};
    kb = b[31] ? ~b : {1'b1, b[30:0]};
    if (an && bn) begin
      fred = F32QNaN;
    end else if (an) begin
      fred = b;
    end else if (bn) begin
      fred = a;
    end else begin
      fred = ((ka < kb) ^ mx) ? a : b;
    end
  endfunction

  // S4: the weight wc of a corner tap (bit t of corner, at most one per
  // group of four) goes to the group's three other taps: (wc + 1) / 3 each
  // to the edge texels at t ^ 2 and t ^ 1, the rest wc - 2 * ((wc + 1) / 3)
  // to the face's own corner texel at t ^ 3 (twin: tx_cube_corner_weights
  // in cmodel/cube.c).  wc <= 256, so (wc + 1) / 3 fits in 7 bits.
  function automatic logic [7:0][8:0] cube_corner_weights(logic [7:0][8:0] w_in,
                                                          logic [7:0] corner);
    logic [8:0] s;
    cube_corner_weights = w_in;
    for (int t = 0; t < 8; t++) begin
      if (corner[t]) begin
        s = 9'((10'(cube_corner_weights[t]) + 10'd1) / 10'd3);
        cube_corner_weights[t ^ 2] = cube_corner_weights[t ^ 2] + s;
        cube_corner_weights[t ^ 1] = cube_corner_weights[t ^ 1] + s;
        cube_corner_weights[t ^ 3] = cube_corner_weights[t ^ 3] + cube_corner_weights[t] - 9'(2 * s);
        cube_corner_weights[t] = 9'd0;
      end
    end
  endfunction
  // ---- end of seamless cube corners ----

  // ---------------------------------------------------------------------------
  // PIXLD: raster state (cmodel/state.h tx_raster; docs/semantics.md S7) and
  // the standard Direct3D 11 sample positions (cmodel/pixld.c is the twin).
  // ---------------------------------------------------------------------------
  typedef struct packed {
    logic [4:0]   samples;     // raster multisample count: 1, 2, 4, 8 or 16
    logic         ssaa;        // per-sample shading (SSAA mode)
    logic         programmed;  // 1: pos holds the positions; 0: standard
    logic [127:0] pos;         // sample s: dx [s*8 +: 4], dy [s*8+4 +: 4], s4 1/16 px
    logic [511:0] cov;         // lane l coverage at [l*16 +: 16], bit = sample
    logic [127:0] sample;      // lane l sample index at [l*4 +: 4]
  } tx_raster_t;

  // Position {dy, dx} (two s4 values, 1/16 pixel from the centre, +y down)
  // of sample s in the standard pattern of n samples; 0 for anything else.
  function automatic logic [7:0] std_sample_pos(logic [4:0] n, logic [3:0] s);
    logic [7:0] p2 [2];
    logic [7:0] p4 [4];
    logic [7:0] p8 [8];
    logic [7:0] p16 [16];
    // {dy, dx} nibbles
    p2  = '{8'h44, 8'hcc};
    p4  = '{8'hae, 8'he6, 8'h2a, 8'h62};
    p8  = '{8'hd1, 8'h3f, 8'h15, 8'hbd, 8'h5b, 8'hf9, 8'h73, 8'h97};
    p16 = '{8'h11, 8'hdf, 8'h2d, 8'hf4, 8'heb, 8'h52, 8'h35, 8'hb3,
            8'h6e, 8'h90, 8'hac, 8'h4a, 8'h08, 8'hc7, 8'h76, 8'h89};
    unique case (n)
      5'd2:    std_sample_pos = (s < 4'd2) ? p2[s[0]] : 8'h00;
      5'd4:    std_sample_pos = (s < 4'd4) ? p4[s[1:0]] : 8'h00;
      5'd8:    std_sample_pos = (s < 4'd8) ? p8[s[2:0]] : 8'h00;
      5'd16:   std_sample_pos = p16[s];
      default: std_sample_pos = 8'h00;
    endcase
  endfunction

  // ---- warps: tags of instructions in flight (docs/architecture.md, "Warps and tags") ----
  // A tag is the warp slot of an instruction (0..TxWarps-1), chosen by the
  // testbench at issue; it names the warp's register file, predicates,
  // constant bank and memory on the ports, and the instruction's completion.
  // The number of warps is a build parameter: +define+TX_WARPS=N (a power of
  // two, 2..128) in VDEFINES; the testbench reads it from tx_top's warps_o
  // and takes `run --warps K` up to it.  32 warps keep a quad per clock in
  // flight at a memory latency of 200 (docs/performance.md, section (w)).
`ifndef TX_WARPS
`define TX_WARPS 32
`endif
  localparam int unsigned TxWarps  = `TX_WARPS;
  localparam int unsigned TxTagW   = $clog2(TxWarps);
  localparam int unsigned TxMemIdW = 8;    // memory request id (echoed with the response)

  // Per-instruction inputs of the stages behind tx_addr_quad (tx_fetch's
  // response side, tx_format_quad, tx_pack, the Ps write), kept per tag in
  // tx_ctx while earlier instructions' quads are still in those stages.
  typedef struct packed {
    logic [4:0]   bpp;         // layout.bpp (tx_fetch)
    logic [255:0] tic;         // header (tx_format_quad)
    logic [127:0] border;      // TEX border colour (tx_format_quad)
    logic [2:0]   func;        // sampler depth function (tx_format_quad)
    logic         force_zero;  // S3.7, S3.10
    tx_tlds_t     dec;         // tx_pack
    logic         is_tex;
    logic [7:0]   rd;          // TEX Rd
    logic [3:0]   wmask;       // TEX write mask
    logic [2:0]   ps;          // TEX Ps
    logic         fp16_rz;
    // TXQ (tx_format_quad, tx_txq_pkg): the query and the layout's view.
    logic         txq;
    logic         tmml;        // TMML: the LOD pair (tx_lod) in aux.dcref
    logic [5:0]   query;
    logic [31:0]  q_w, q_h, q_d; // level-0 extent (layout lv[0])
    logic [15:0]  q_layers;
    logic [4:0]   q_samples;
    logic [3:0]   q_first, q_last;
    // Zero: fills the entry to 608 bits, 19 whole 32-bit words, so that the
    // verilated model copies tx_ctx's entries and its four read ports (a
    // packed bus of four entries) word by word instead of shifting each one
    // into place (simulation cost only).
    logic [7:0]   pad;
  } tx_ctx_t;
  // ---- end of warps ----

  // ---- BC6H and BC7 decoders (tx_bc6, tx_bc7) ----
  // 4'(b >> at): the four bits of a 128-bit block from bit at on (0 past the
  // block), as a word-pair select and a 64-bit shift instead of a 128-bit
  // shifter (cheaper for Verilator to evaluate).
  function automatic logic [3:0] tx_bits4_at(input logic [127:0] b, input logic [7:0] at);
    logic [63:0] pair;
    unique case (at[6:5])
      2'd0:    pair = b[63:0];
      2'd1:    pair = b[95:32];
      2'd2:    pair = b[127:64];
      default: pair = {32'd0, b[127:96]};
    endcase
    return at[7] ? 4'd0 : 4'(pair >> at[4:0]);
  endfunction
  // ---- end of BC6H and BC7 decoders ----

  // ---- unit: fetch windows (tx_fetch, tx_suld) ----
  // The 16 bytes from byte off of the two-slot window {hi, lo}: the bits of
  // {hi, lo} >> (8 * off), as a 16-way select (a few word moves in the
  // verilated model, where a variable 256-bit shift is a loop).  The
  // window's last byte is never selected.
  function automatic logic [127:0] tx_slot_window(logic [127:0] lo, logic [127:0] hi,
                                                  logic [3:0] off);
    /* verilator lint_off UNUSEDSIGNAL */
    logic [255:0] two;  // [255:248] never selected
    /* verilator lint_on UNUSEDSIGNAL */
    two = {hi, lo};
    unique case (off)
      4'd0:    tx_slot_window = two[0*8 +: 128];
      4'd1:    tx_slot_window = two[1*8 +: 128];
      4'd2:    tx_slot_window = two[2*8 +: 128];
      4'd3:    tx_slot_window = two[3*8 +: 128];
      4'd4:    tx_slot_window = two[4*8 +: 128];
      4'd5:    tx_slot_window = two[5*8 +: 128];
      4'd6:    tx_slot_window = two[6*8 +: 128];
      4'd7:    tx_slot_window = two[7*8 +: 128];
      4'd8:    tx_slot_window = two[8*8 +: 128];
      4'd9:    tx_slot_window = two[9*8 +: 128];
      4'd10:   tx_slot_window = two[10*8 +: 128];
      4'd11:   tx_slot_window = two[11*8 +: 128];
      4'd12:   tx_slot_window = two[12*8 +: 128];
      4'd13:   tx_slot_window = two[13*8 +: 128];
      4'd14:   tx_slot_window = two[14*8 +: 128];
      default: tx_slot_window = two[15*8 +: 128];
    endcase
  endfunction
  // ---- end of unit: fetch windows ----

endpackage
`endif  // TX_PKG_SV
