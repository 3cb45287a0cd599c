/**
 * tx_pkg - types and constants shared by the texture-pipe RTL.
 *
 * The C model mirrors these in cmodel/*.h; docs/architecture.md maps each
 * module to its model twin.
 */
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
      default: fmt_bytes = 5'd0;
    endcase
  endfunction

  // ---------------------------------------------------------------------------
  // TLDS: decoded fields (tx_decode) and per-form helpers
  // (docs/semantics.md S3.2, S3.3; seed tables in ../shared/seeds/TLDS.txt)
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

endpackage
