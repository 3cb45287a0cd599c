/**
 * tx_suld - the surface-load path: SULD in every form of its seed.
 *
 * Twin of cmodel/insn_suld.c; the rules are docs/semantics.md section 6 and
 * the structure is described in docs/rtl.md, "Surface path".  SULDs of
 * several warps are in flight: one at a time in the front (header and
 * gather), started by tx_issue in the issue cycle of a legal SULD with
 * active lanes when the front is free (free_o), and any number behind it,
 * their quads in the tracking FIFO, each carrying its tag.  It runs beside
 * the quad pipe and tx_pixld and shares tx_top's ports with them
 * (tx_port_arb): a register read the port does not take (rd_gnt_i) is
 * issued again, a quad whose register and predicate writes it does not take
 * (wr_gnt_i) waits at the head of the tracking FIFO, and a memory request
 * waits for mem_req_ready_i; the responses to its requests reach it in
 * request order (tx_rsp_route).  It has its own tx_layout and a port of the
 * front end's header cache.
 * What the fetch/format stage needs of an instruction (Rd, size, the
 * header, ...) is kept per tag from its header stage on, as tx_ctx does for
 * the quad pipe.
 *
 *   header   handle: constant-bank word tsidx (bound) or Rc of the lowest
 *            active lane (bindless, read in the start cycle); index above
 *            tic_max -> no surface; else the 32-byte TIC from the header
 *            cache (tx_front's tx_hcache, shared with TLDS and TEX, keyed by
 *            warp slot and header address: hc_o, hc_hit_i, hc_tic_i), or on
 *            a miss from memory (2-3 slots, one request, which fills the
 *            cache), then tx_layout builds the table; usable = the table is
 *            usable, the read did not fault, the dim fits TEXTURE_TYPE and
 *            the surface is single-sample.  The header request waits until
 *            the addr stage holds no quad of the previous SULD, and its
 *            response is taken only when no quad waits for its own (the
 *            responses come in request order).
 *   gather   walks the quads with an active lane (reads run from the cycle
 *            after start, ahead of the header); operands Ra, Ra+1, Ra+2, Rc;
 *            4 x tx_suld_addr (clamp mode and byte address).
 *            .TRAP first walks every quad only to check bounds ("check
 *            pass"): a lane out of bounds ends the instruction with status
 *            TRAP and no writes; otherwise the load pass follows.
 *   addr     register of a quad's addresses; one memory request per quad
 *            (slot 4l for lane l, and 4l+1 when its bytes cross 16 bytes);
 *            a tracking FIFO of TrackDepth quads, each with its tag.  The
 *            front is free from the cycle the last quad leaves the gather
 *            stage (or .TRAP ends the instruction there).
 *   fetch /  head of the tracking FIFO and of the response FIFO: each lane's
 *   format / bytes, 4 x tx_suld_data, register write (Rd..Rd+n-1) and the
 *   pack     Ps write, in one cycle.  Lanes out of bounds, on a faulted or
 *            sparse page, or without a usable surface write zeros.  The
 *            last quad of an instruction completes it (done_o, done_tag_o).
 *
 * At steady state one quad per clock; on a header-cache hit a SULD
 * occupies the front for its handle cycle, the layout's build (one clock
 * for a pitch surface; its first quad leaves in the cycle the layout is
 * done) and a clock per quad, and the next SULD starts in the cycle its
 * last quad leaves.
 */
module tx_suld
  import tx_pkg::*;
  import tx_port_pkg::*;
#(
  parameter int unsigned TrackDepth = 256   // quads in flight; a power of two
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  input  logic                      start_i,        // issue cycle of a legal SULD
  input  logic [63:0]               insn_i,         // valid with start_i
  input  logic [31:0]               active_i,       // valid with start_i, not 0
  input  logic [TxTagW-1:0]         warp_i,         // valid with start_i
  input  logic [AddrW-1:0]          tic_base_i,
  input  logic [19:0]               tic_max_i,
  input  logic                      gob_desktop_i,
  output logic                      free_o,         // the front takes a start

  // Tags of the unit's accesses: register reads and header/addr requests
  // (the front's instruction, or the addr stage's quad), register and
  // predicate writes (the quad in the fetch/format stage).
  output logic [TxTagW-1:0]         rd_tag_o,
  output logic [TxTagW-1:0]         mem_tag_o,
  output logic [TxTagW-1:0]         wr_tag_o,

  // Its port of the header cache (in tx_front)
  output tx_hc_port_t               hc_o,
  output logic [255:0]              hc_fill_tic_o,
  input  logic                      hc_hit_i,
  input  logic [255:0]              hc_tic_i,

  output logic                      cb_rd_valid_o,
  output logic [15:0]               cb_rd_addr_o,
  input  logic [31:0]               cb_rd_data_i,

  output tx_rf_rd_t                 rf_rd_o,        // slots 0-3; the others RZ
  input  logic                      rd_gnt_i,       // the port takes this cycle's read
  input  logic [511:0]              rf_rd_data_i,
  output tx_rf_wr_t                 rf_wr_o,        // with pr_wr_o: taken when ...
  input  logic                      wr_gnt_i,       // ... the ports are granted
  output logic                      wr_want_o,      // the head quad would write this cycle
  output tx_pr_wr_t                 pr_wr_o,
  output tx_mem_req_t               mem_req_o,
  input  logic                      mem_req_ready_i,
  // Head of tx_top's response FIFO (this unit's while it is busy).
  input  logic                      rsp_valid_i,
  output logic                      rsp_ready_o,
  input  logic [MemSlots*128-1:0]   rsp_data_i,
  input  logic [MemSlots-1:0]       rsp_sparse_i,
  input  logic [MemSlots-1:0]       rsp_fault_i,

  output logic                      done_o,         // pulse: an instruction's last write ...
  output logic [TxTagW-1:0]         done_tag_o,     // ... of this tag ...
  output tx_status_e                status_o,       // ... with its status: OK or FAULT
  output logic                      trap_o,         // pulse: the front's .TRAP ends
  output logic [TxTagW-1:0]         trap_tag_o,     // this tag (status TRAP)

  // Tap port (tx_top's tap_suld_*; docs/rtl.md "Tap port"): the gather
  // stage's quad as it leaves (operands, level, address, bounds) and the
  // fetch/format stage's as it is written (bytes, words), with their tags.
  output logic                      tap_suld_g_valid_o,
  output logic [2:0]                tap_suld_g_quad_o,
  output logic [3:0]                tap_suld_g_lanes_o,
  output logic [TxTagW-1:0]         tap_suld_g_tag_o,
  output logic [511:0]              tap_suld_ops_o,      // lane l, operand o at [(l*4+o)*32]
  output logic [127:0]              tap_suld_level_o,    // lane l at [l*32]
  output logic [191:0]              tap_suld_addr_o,     // lane l at [l*48]
  output logic [3:0]                tap_suld_oob_o,      // lane l at bit l
  output logic                      tap_suld_f_valid_o,
  output logic [2:0]                tap_suld_f_quad_o,
  output logic [3:0]                tap_suld_f_lanes_o,
  output logic [TxTagW-1:0]         tap_suld_f_tag_o,
  output logic [511:0]              tap_suld_texel_o,    // lane l at [l*128]
  output logic [511:0]              tap_suld_data_o      // lane l, word k at [(l*4+k)*32]
);

  // The unit's port bundles, field by field (assigned to rf_rd_o, rf_wr_o,
  // pr_wr_o and mem_req_o at the end).
  logic                      rf_rd_valid, rf_wr_valid, pr_wr_valid, mem_req_valid;
  logic [2:0]                rf_rd_quad, rf_wr_quad, pr_wr_quad, pr_wr_pred;
  logic [31:0]               rf_rd_reg, rf_wr_reg;
  logic [3:0]                rf_wr_lanes, rf_wr_slots, pr_wr_lanes, pr_wr_data;
  logic [511:0]              rf_wr_data;
  logic [MemSlots-1:0]       mem_req_slots;
  logic [MemSlots*AddrW-1:0] mem_req_addr;

  // Tracking entry: tag, quad, lanes, last, needs, oob[4], off[4x4], two[4].
  localparam int unsigned TrkW = TxTagW + 3 + 4 + 1 + 1 + 4 + 16 + 4;

  ////////////////////////////
  // Instruction fields     //
  ////////////////////////////

  logic [7:0]  rd_q, ra_q, rc_q;
  logic [12:0] tsidx_q;
  logic        d_q, ba_q, bound_q;
  logic [2:0]  size_q, dim_q, ps_q;
  logic [1:0]  clamp_q;
  logic [3:0]  rgba_q;
  logic [31:0] active_q;
  logic [2:0]  rd_n, ra_n, szl;
  logic [4:0]  bytes;
  logic [TxTagW-1:0] ftag_q;   // the front's instruction
  logic        front_q, front_d; // the front holds an instruction
  logic        release_f;        // its last quad leaves the gather (or it traps)

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q     <= '0;
      ra_q     <= '0;
      rc_q     <= '0;
      tsidx_q  <= '0;
      d_q      <= 1'b0;
      ba_q     <= 1'b0;
      bound_q  <= 1'b0;
      size_q   <= '0;
      dim_q    <= '0;
      ps_q     <= PredPT;
      clamp_q  <= '0;
      rgba_q   <= '0;
      active_q <= '0;
      ftag_q   <= '0;
    end else if (start_i) begin
      rd_q     <= insn_i[7:0];
      ra_q     <= insn_i[15:8];
      rc_q     <= insn_i[46:39];
      tsidx_q  <= insn_i[48:36];
      d_q      <= insn_i[52];
      ba_q     <= insn_i[23];
      bound_q  <= insn_i[51];
      size_q   <= insn_i[22:20];
      dim_q    <= insn_i[35:33];
      ps_q     <= ~insn_i[32:30];     // seed: 0 => PT, 7 => P0
      clamp_q  <= insn_i[50:49];
      rgba_q   <= insn_i[23:20];
      active_q <= active_i;
      ftag_q   <= warp_i;
    end
  end

  always_comb begin
    unique case (dim_q)
      3'd0, 3'd1: ra_n = 3'd1;
      3'd2, 3'd3: ra_n = 3'd2;
      default:    ra_n = 3'd3;
    endcase
    szl  = 3'd0;
    rd_n = 3'd1;
    if (d_q) begin
      unique case (size_q)
        3'd2, 3'd3: szl = 3'd1;
        3'd4:       szl = 3'd2;
        3'd5:       begin szl = 3'd3; rd_n = 3'd2; end
        3'd6:       begin szl = 3'd4; rd_n = 3'd4; end
        default:    szl = 3'd0;
      endcase
    end else begin
      rd_n = (rgba_q == 4'hf) ? 3'd4 : (rgba_q == 4'h3) ? 3'd2 : 3'd1;
    end
  end

  logic                    rsp_valid, rsp_ready;
  logic [MemSlots-1:0]     rsp_fault, rsp_sparse;

  // (The data is read as rsp_data_i itself: an alias of it is a 2048-bit
  // copy on every evaluation in the verilated model.)
  assign rsp_valid   = rsp_valid_i;
  assign rsp_ready_o = rsp_ready;
  assign rsp_fault   = rsp_fault_i;
  assign rsp_sparse  = rsp_sparse_i;

  ////////////
  // Header //
  ////////////

  typedef enum logic [2:0] {
    HIdle,
    HHandle,
    HReq,
    HRsp,
    HLay,
    HReady
  } hd_state_e;

  hd_state_e    hs_q, hs_d;
  logic [47:0]  hdr_addr_q, hdr_addr_d;
  logic [255:0] tic_q;
  logic         usable_q, usable_d;
  logic         hfault_q, hfault_d;
  logic [1:0]   hlane_q;          // lane in its quad of the lowest active lane
  logic [4:0]   lowest;
  logic [31:0]  handle;
  logic [47:0]  hdr_addr_now, hdr_req_addr;
  logic [2:0]   hdr_used;
  logic [383:0] hdr_bytes;
  logic [255:0] hdr_tic;
  logic         hdr_req_valid, hdr_rsp_ready;
  logic         lay_start, lay_done;
  logic [255:0] lay_tic;
  logic [15:0]  lay_built;
  tx_layout_t   layout;
  logic         compat;
  logic         hready, usable_now;
  // The header and GOB kind the table was last built from: a cached header
  // that equals them needs no new build (the table is a function of them).
  logic [255:0] lay_in_q;
  logic         lay_gob_q, lay_in_valid_q, lay_same;
  // header cache (tx_front's tx_hcache)
  logic         hc_lk, hc_hit, hc_fill;
  logic [255:0] hc_tic;
  logic         a_busy;           // the addr stage holds a quad (tracking below)
  logic         trk_valid;

  // Lowest active lane: used in the start cycle only (active_i comes from
  // the issue ports, so the search is kept to that cycle).
  always_comb begin
    lowest = 5'd0;
    if (start_i) begin
      for (int l = Lanes - 1; l >= 0; l--) begin
        if (active_i[l]) begin
          lowest = 5'(l);
        end
      end
    end
  end

  assign handle       = bound_q ? cb_rd_data_i : rf_rd_data_i[(12 + 32'(hlane_q))*32 +: 32];
  assign hdr_addr_now = tic_base_i + {23'd0, handle[19:0], 5'd0};
  assign hdr_req_addr = (hs_q == HHandle) ? hdr_addr_now : hdr_addr_q;
  assign hdr_used     = {hdr_req_addr[3:0] != 4'd0, 2'b11};

  // The cache is looked up in the handle cycle of a valid index (the only
  // cycle its compares are evaluated: the handle comes from the ports).
  // (An invalid index looks up too; its result is not used, nor counted.
  // A register enable keeps the compares out of the cycles without a
  // lookup.)  A SULD's entry is keyed like a TLDS's: no sampler.
  assign hc_lk  = (hs_q == HHandle);
  assign hc_hit = hc_hit_i;
  assign hc_tic = hc_tic_i;
  assign hc_o   = '{lk: hc_lk, cnt: hc_lk && !(handle[19:0] > tic_max_i), warp: ftag_q,
                    lk_addr: hdr_addr_now, fill: hc_fill, fill_addr: hdr_addr_q};
  assign hc_fill_tic_o = hdr_tic;

  // The header's bytes, only in the cycle its response is taken (the
  // response comes straight from the FIFO's bypass, so this is in the
  // verilated model's input region: the enable keeps the shift to that
  // cycle; it is also where clock gating would go).
  // The head response is the header's once no quad waits for its own.
  logic hdr_take;
  assign hdr_take = (hs_q == HRsp) && rsp_valid && !trk_valid;

  always_comb begin
    hdr_bytes = '0;
    hdr_tic   = '0;
    if (hdr_take) begin
      for (int s = 0; s < 3; s++) begin
        hdr_bytes[s*128 +: 128] = (hdr_used[s] && !rsp_fault[s]) ? rsp_data_i[s*128 +: 128] : '0;
      end
      // 32 bytes from the address: windows of slots 0-1 and 1-2.
      hdr_tic = {tx_slot_window(hdr_bytes[128 +: 128], hdr_bytes[256 +: 128], hdr_addr_q[3:0]),
                 tx_slot_window(hdr_bytes[0 +: 128], hdr_bytes[128 +: 128], hdr_addr_q[3:0])};
    end
  end

  // Surface dims against TEXTURE_TYPE [154:151] (S6.8): 1D/1D_ARRAY with
  // 1D (0) and 1D_ARRAY (4); 1D_BUFFER with 1D_BUFFER (6); 2D/2D_ARRAY with
  // 2D (1), 2D_ARRAY (5), 2D_NO_MIPMAP (7), CUBEMAP (3), CUBEMAP_ARRAY (8);
  // 3D with 3D (2).  Multisample surfaces are never compatible.
  always_comb begin
    logic [3:0] t;
    t = tic_q[154:151];
    unique case (dim_q)
      3'd0, 3'd2: compat = (t == 4'd0) || (t == 4'd4);
      3'd1:       compat = (t == 4'd6);
      3'd3, 3'd4: compat = (t == 4'd1) || (t == 4'd5) || (t == 4'd7) || (t == 4'd3) ||
                           (t == 4'd8);
      3'd5:       compat = (t == 4'd2);
      default:    compat = 1'b0;
    endcase
    compat = compat && (layout.samples == 5'd1);
    // Block-compressed surfaces are not loadable either (S6.8).
    compat = compat && !layout.blk;
  end

  // A fill: a header read from memory that did not fault.
  assign hc_fill = hdr_take && !(|(rsp_fault[2:0] & hdr_used));

  always_comb begin
    hs_d          = hs_q;
    hdr_addr_d    = hdr_addr_q;
    usable_d      = usable_q;
    hfault_d      = hfault_q;
    hdr_req_valid = 1'b0;
    hdr_rsp_ready = 1'b0;
    lay_start     = 1'b0;
    lay_tic       = '0;
    cb_rd_valid_o = 1'b0;

    unique case (hs_q)
      HIdle: ;
      HHandle: begin
        hdr_addr_d = hdr_addr_now;
        if (handle[19:0] > tic_max_i) begin
          hs_d = HReady;                          // invalid surface: zeros
        end else if (hc_hit) begin
          lay_start = !lay_same;                  // the cached header
          lay_tic   = hc_tic;
          hs_d      = HLay;
        end else begin
          // The request follows the previous SULD's quads (in order).
          hdr_req_valid = !a_busy;
          hs_d          = (!a_busy && mem_req_ready_i) ? HRsp : HReq;
        end
      end
      HReq: begin
        hdr_req_valid = !a_busy;
        if (!a_busy && mem_req_ready_i) begin
          hs_d = HRsp;
        end
      end
      HRsp: begin
        hdr_rsp_ready = !trk_valid;
        if (hdr_take) begin
          hfault_d  = |(rsp_fault[2:0] & hdr_used);
          lay_start = 1'b1;
          lay_tic   = hfault_d ? '0 : hdr_tic;
          hs_d      = HLay;
        end
      end
      HLay: begin
        if (lay_done) begin
          usable_d = layout.usable && !hfault_q && compat;
          hs_d     = HReady;
        end
      end
      HReady: ;
      default: hs_d = HIdle;
    endcase
    // The front is released by its last quad (HLay or HReady) and may take
    // the next SULD in that cycle.
    if (release_f) begin
      hs_d = HIdle;
    end
    if (start_i) begin
      cb_rd_valid_o = insn_i[51];
      usable_d      = 1'b0;
      hfault_d      = 1'b0;
      hs_d          = HHandle;
    end
  end

  // Ready from the cycle the layout is done (usable_now is usable_d then).
  assign hready       = (hs_q == HReady) || ((hs_q == HLay) && lay_done);
  always_comb begin
    lay_same = 1'b0;
    if (hc_lk && lay_in_valid_q && lay_done) begin   // the 256-bit compare only then
      lay_same = (lay_gob_q == gob_desktop_i) && (lay_in_q == hc_tic);
    end
  end
  assign usable_now   = (hs_q == HLay) ? (layout.usable && !hfault_q && compat) : usable_q;
  assign cb_rd_addr_o = {1'b0, insn_i[48:36], 2'b00};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      hs_q       <= HIdle;
      hdr_addr_q <= '0;
      tic_q      <= '0;
      usable_q   <= 1'b0;
      hfault_q   <= 1'b0;
      hlane_q    <= '0;
      lay_in_q       <= '0;
      lay_gob_q      <= 1'b0;
      lay_in_valid_q <= 1'b0;
    end else begin
      if (lay_start) begin
        lay_in_q       <= lay_tic;
        lay_gob_q      <= gob_desktop_i;
        lay_in_valid_q <= 1'b1;
      end
      hs_q       <= hs_d;
      hdr_addr_q <= hdr_addr_d;
      if (start_i) begin
        tic_q <= '0;
      end else if (hdr_take) begin
        tic_q <= hdr_tic;
      end else if (hc_lk && hc_hit) begin
        tic_q <= hc_tic;
      end
      usable_q   <= usable_d;
      hfault_q   <= hfault_d;
      if (start_i) begin
        hlane_q <= lowest[1:0];
      end
    end
  end

  tx_layout u_layout (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .start_i       (lay_start),
    .tic_i         (lay_tic),
    .gob_desktop_i (gob_desktop_i),
    .done_o        (lay_done),
    .built_o       (lay_built),
    .layout_o      (layout)
  );


  assign bytes = d_q ? (5'd1 << szl) : layout.bpp;

  ////////////////////////////
  // Gather (quad walk)     //
  ////////////////////////////

  logic [Quads-1:0] pend_q, pend_d, quads_active;
  logic             check_q, check_d;     // .TRAP checking pass
  logic             anyoob_q, anyoob_d;
  logic             g_valid_q, g_valid_d, g_last_q, g_last_d;
  logic [2:0]       g_quad_q, g_quad_d, next_quad;
  logic [3:0]       g_lanes;
  logic             g_fire, a_ready;
  logic             rd_ok_q;   // the held quad's read was granted: its operands are on the port
  logic [511:0]     g_ops;
  logic [191:0]     g_addr;
  logic [3:0]       g_oob, g_aoob;
  logic             trap;

  always_comb begin
    for (int q = 0; q < Quads; q++) begin
      quads_active[q] = |active_i[q*4 +: 4];
    end
    next_quad = 3'd0;
    for (int q = Quads - 1; q >= 0; q--) begin
      if (pend_q[q]) begin
        next_quad = 3'(q);
      end
    end
  end

  assign g_lanes = active_q[g_quad_q*4 +: 4];
  assign g_fire  = g_valid_q && rd_ok_q && hready && (check_q || a_ready);

  // Operands: Ra.. as far as the dim reads them, Rc when bindless; 0 in
  // slots not read, in inactive lanes and without a quad in the stage (the
  // register-file data is a top input: the enable keeps this out of the
  // evaluations of the cycles without a SULD quad).
  always_comb begin
    g_ops = '0;
    if (g_valid_q) begin
      for (int l = 0; l < 4; l++) begin
        for (int o = 0; o < 4; o++) begin
          if (((o < 3) ? (3'(o) < ra_n) : !bound_q) && g_lanes[l]) begin
            g_ops[(l*4+o)*32 +: 32] = rf_rd_data_i[(o*4+l)*32 +: 32];
          end
        end
      end
    end
  end

  for (genvar l = 0; l < 4; l++) begin : g_lane_addr
    logic [47:0] a;
    logic        o;
    // Evaluated only for a quad in the gather stage once the header is
    // ready: the only cycles its address is used (tx_suld_addr).
    tx_suld_addr u_addr (
      .en_i     (g_valid_q && hready),
      .layout_i (layout),
      .d_i      (d_q),
      .ba_i     (ba_q),
      .size_i   (size_q),
      .dim_i    (dim_q),
      .clamp_i  (clamp_q),
      .ops_i    (g_ops[l*128 +: 96]),
      .addr_o   (a),
      .oob_o    (o)
    );
    assign g_aoob[l]            = o;
    assign g_oob[l]             = o || !usable_now;
    assign g_addr[l*48 +: 48]   = (o || !usable_now) ? '0 : a;
  end

  assign trap = check_q && g_fire && g_last_q && (anyoob_q || (usable_now && |(g_aoob & g_lanes)));
  assign release_f = (g_fire && g_last_q && !check_q) || trap;

  always_comb begin
    pend_d        = pend_q;
    check_d       = check_q;
    anyoob_d      = anyoob_q;
    g_valid_d     = g_valid_q;
    g_quad_d      = g_quad_q;
    g_last_d      = g_last_q;
    rf_rd_valid = 1'b0;
    rf_rd_quad  = g_quad_q;

    if (start_i) begin
      g_valid_d = 1'b0;   // the previous SULD's last quad leaves in this cycle
      pend_d   = quads_active;
      check_d  = (insn_i[50:49] == 2'd2);
      anyoob_d = 1'b0;
      // Bindless: the handle read (Rc of the lowest active lane) takes the
      // register port in the start cycle (always granted: tx_issue starts
      // a SULD only while tx_pixld's walk reads nothing); the walk reads
      // from the next.
      rf_rd_valid = !insn_i[51];
      rf_rd_quad  = lowest[4:2];
    end else if (front_q) begin
      if (!g_valid_q || g_fire) begin
        if (pend_q != '0) begin
          rf_rd_valid     = 1'b1;
          rf_rd_quad      = next_quad;
          g_valid_d         = 1'b1;
          g_quad_d          = next_quad;
          pend_d[next_quad] = 1'b0;
          g_last_d          = (pend_d == '0);
        end else begin
          g_valid_d = 1'b0;
        end
      end else begin
        rf_rd_valid = 1'b1;                    // re-read the quad held
      end
      if (check_q && g_fire) begin
        anyoob_d = anyoob_q || (usable_now && |(g_aoob & g_lanes));
        if (g_last_q && !trap) begin
          // Every lane in bounds: the load pass walks the quads again.
          check_d = 1'b0;
          pend_d  = '0;
          for (int q = 0; q < Quads; q++) begin
            pend_d[q] = |active_q[q*4 +: 4];
          end
          g_valid_d = 1'b0;
          rf_rd_valid = 1'b0;
        end
      end
    end
  end

  always_comb begin
    rf_rd_reg[7:0]   = start_i ? insn_i[46:39] : ra_q;
    rf_rd_reg[15:8]  = reg_next(ra_q);
    rf_rd_reg[23:16] = reg_next(reg_next(ra_q));
    rf_rd_reg[31:24] = start_i ? insn_i[46:39] : (bound_q ? RegRZ : rc_q);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_q    <= '0;
      check_q   <= 1'b0;
      anyoob_q  <= 1'b0;
      g_valid_q <= 1'b0;
      g_quad_q  <= '0;
      g_last_q  <= 1'b0;
      rd_ok_q   <= 1'b0;
    end else begin
      rd_ok_q   <= rd_gnt_i;
      pend_q    <= pend_d;
      check_q   <= check_d;
      anyoob_q  <= anyoob_d;
      g_valid_q <= g_valid_d;
      g_quad_q  <= g_quad_d;
      g_last_q  <= g_last_d;
    end
  end

  //////////////////////////////
  // Addr: memory requests    //
  //////////////////////////////

  logic             a_valid_q, a_last_q, a_fire, a_needs;
  logic [TxTagW-1:0] a_tag_q;
  logic [4:0]       a_bytes_q;
  logic [2:0]       a_quad_q;
  logic [3:0]       a_lanes_q, a_oob_q, a_two;
  logic [191:0]     a_addr_q;
  logic [MemSlots-1:0]       a_slots;
  logic [MemSlots*AddrW-1:0] a_req_addr;
  logic             trk_push_ready, trk_pop;
  logic [TrkW-1:0]  trk_in, trk_out;
  logic [15:0]      a_off;

  // (Only with a quad in the register.)
  always_comb begin
    a_slots    = '0;
    a_req_addr = '0;
    a_two      = '0;
    a_off      = '0;
    for (int l = 0; l < 4; l++) begin
      logic [47:0] ad;
      ad = a_addr_q[l*48 +: 48];
      a_off[l*4 +: 4] = ad[3:0];
      if (a_valid_q && a_lanes_q[l] && !a_oob_q[l]) begin
        a_two[l]                          = ({1'b0, ad[3:0]} + a_bytes_q) > 5'd16;
        a_slots[4*l]                      = 1'b1;
        a_slots[4*l+1]                    = a_two[l];
        a_req_addr[(4*l)*AddrW +: AddrW]   = {ad[47:4], 4'd0};
        a_req_addr[(4*l+1)*AddrW +: AddrW] = a_two[l] ? {ad[47:4], 4'd0} + 48'd16 : '0;
      end
    end
  end

  assign a_needs = (a_slots != '0);
  assign a_fire  = a_valid_q && trk_push_ready && (!a_needs || mem_req_ready_i);
  assign a_ready = !a_valid_q || a_fire;
  assign a_busy  = a_valid_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      a_last_q  <= 1'b0;
      a_tag_q   <= '0;
      a_bytes_q <= '0;
      a_quad_q  <= '0;
      a_lanes_q <= '0;
      a_oob_q   <= '0;
      a_addr_q  <= '0;
    end else if (a_ready) begin
      a_valid_q <= g_fire && !check_q;
      if (g_fire && !check_q) begin
        a_last_q  <= g_last_q;
        a_tag_q   <= ftag_q;
        a_bytes_q <= bytes;
        a_quad_q  <= g_quad_q;
        a_lanes_q <= g_lanes;
        a_oob_q   <= g_oob;
        a_addr_q  <= g_addr;
      end
    end
  end

  // Memory port: the header request (sent only while the addr stage is
  // empty) or the addr stage's quad.
  assign mem_req_valid = hdr_req_valid || (a_valid_q && a_needs && trk_push_ready);
  always_comb begin
    if (hdr_req_valid) begin
      mem_req_slots = '0;
      mem_req_addr  = '0;
      for (int s = 0; s < 3; s++) begin
        mem_req_slots[s]               = hdr_used[s];
        mem_req_addr[s*AddrW +: AddrW] = hdr_used[s] ? {hdr_req_addr[47:4], 4'd0} + 48'(s * 16) : '0;
      end
    end else if (a_valid_q) begin
      mem_req_slots = a_slots;
      mem_req_addr  = a_req_addr;
    end else begin
      mem_req_slots = '0;
      mem_req_addr  = '0;
    end
  end

  assign trk_in = {a_tag_q, a_quad_q, a_lanes_q, a_last_q, a_needs, a_oob_q, a_off, a_two};

  tx_fifo #(
    .Width  (TrkW),
    .Depth  (TrackDepth),
    .Bypass (1'b0)
  ) u_track (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_valid_i (a_fire),
    .push_ready_o (trk_push_ready),
    .push_data_i  (trk_in),
    .pop_valid_o  (trk_valid),
    .pop_ready_i  (trk_pop),
    .pop_data_o   (trk_out)
  );

  ///////////////////////////////////////
  // Fetch, format, pack (one cycle)   //
  ///////////////////////////////////////

  logic [TxTagW-1:0] f_tag;
  logic [2:0]   f_quad;
  logic [3:0]   f_lanes, f_oob, f_two, f_fault, f_sparse, f_nodata;
  logic         f_last, f_needs, f_fire;
  logic [15:0]  f_off;
  logic [511:0] f_raw, f_out;  // with f_fire: the lanes' bytes, their words
  logic [127:0] byte_mask;
  logic [TxWarps-1:0] fault_q;  // per tag: a quad's slot faulted

  // What the stage needs of its quad's instruction, kept per tag from the
  // instruction's header stage on (written as the front enters HReady; a
  // tag has one instruction in flight, so its entry holds until its last
  // quad is written).
  logic [7:0]   rec_rd [TxWarps];
  logic [2:0]   rec_rd_n [TxWarps], rec_size [TxWarps], rec_ps [TxWarps];
  logic [4:0]   rec_bytes [TxWarps];
  logic [31:0]  rec_fmt [TxWarps];   // the header's format fields (tx_suld_data)
  logic [TxWarps-1:0] rec_d, rec_hfault;
  logic         rec_we;
  logic [7:0]   f_rd;
  logic [2:0]   f_rd_n, f_size, f_ps;
  logic [4:0]   f_bytes;
  logic         f_d;

  assign rec_we = ((hs_q == HLay) && lay_done) ||
                  ((hs_q == HHandle) && (handle[19:0] > tic_max_i));

  always_ff @(posedge clk_i) begin
    if (rec_we) begin
      rec_rd[ftag_q]    <= rd_q;
      rec_rd_n[ftag_q]  <= rd_n;
      rec_size[ftag_q]  <= size_q;
      rec_ps[ftag_q]    <= ps_q;
      rec_bytes[ftag_q] <= bytes;
      rec_fmt[ftag_q]   <= {tic_q[150], tic_q[30:0]};
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rec_d      <= '0;
      rec_hfault <= '0;
    end else if (rec_we) begin
      rec_d[ftag_q]      <= d_q;
      rec_hfault[ftag_q] <= hfault_q;
    end
  end

  assign {f_tag, f_quad, f_lanes, f_last, f_needs, f_oob, f_off, f_two} = trk_out;
  assign f_rd    = rec_rd[f_tag];
  assign f_rd_n  = rec_rd_n[f_tag];
  assign f_size  = rec_size[f_tag];
  assign f_ps    = rec_ps[f_tag];
  assign f_bytes = rec_bytes[f_tag];
  assign f_d     = rec_d[f_tag];
  assign f_fire  = trk_valid && (!f_needs || rsp_valid) && wr_gnt_i;
  assign wr_want_o = trk_valid && (!f_needs || rsp_valid) &&
                     ((f_rd != RegRZ) || (f_ps != PredPT));
  assign trk_pop = f_fire;
  assign rsp_ready = hdr_rsp_ready || (trk_valid && f_needs && wr_gnt_i);

  always_comb begin
    byte_mask = '1;
    if (trk_valid && (f_bytes < 5'd16)) begin
      byte_mask = ~('1 << {f_bytes[3:0], 3'd0});
    end
  end

  // The head quad's bytes, only in the cycle it is written (f_fire): its
  // response comes straight from the FIFO's bypass, so this is in the
  // verilated model's input region, run on every evaluation; the enable
  // keeps it to the cycles that use it (and is where clock gating would
  // go).  Otherwise every lane reads no data.
  always_comb begin
    f_raw    = '0;
    f_fault  = '0;
    f_sparse = '0;
    f_nodata = '1;
    if (f_fire) begin
      for (int l = 0; l < 4; l++) begin
        if (f_lanes[l] && !f_oob[l]) begin
          f_fault[l]  = rsp_fault[4*l] || (f_two[l] && rsp_fault[4*l+1]);
          f_sparse[l] = rsp_sparse[4*l] || (f_two[l] && rsp_sparse[4*l+1]);
          f_nodata[l] = f_fault[l] || f_sparse[l];
          if (!f_nodata[l]) begin
            f_raw[l*128 +: 128] = tx_slot_window(rsp_data_i[(4*l)*128 +: 128],
                                                 f_two[l] ? rsp_data_i[(4*l+1)*128 +: 128] : 128'd0,
                                                 f_off[l*4 +: 4]) & byte_mask;
          end
        end
      end
    end
  end

  // A lane's words: only when it is written with data (tx_suld_data's
  // enable); 0 otherwise.
  for (genvar l = 0; l < 4; l++) begin : g_lane_data
    tx_suld_data u_data (
      .en_i   (f_fire && !f_nodata[l]),
      .d_i    (f_d),
      .size_i (f_size),
      .fmt_i  (rec_fmt[f_tag]),
      .raw_i  (f_raw[l*128 +: 128]),
      .out_o  (f_out[l*128 +: 128])
    );
  end

  // Register write: slot k = Rd+k for k < rd_n; slots naming RZ are dropped
  // (Rd = RZ writes nothing; R252 with .128 writes R252..R254).
  always_comb begin
    rf_wr_valid = f_fire && (f_rd != RegRZ);
    rf_wr_quad  = f_quad;
    rf_wr_lanes = f_lanes;
    rf_wr_slots = '0;
    rf_wr_reg   = '0;
    rf_wr_data  = '0;
    for (int k = 0; k < 4; k++) begin
      if (3'(k) < f_rd_n && f_rd != RegRZ && (f_rd + 8'(k)) != RegRZ) begin
        rf_wr_slots[k]       = 1'b1;
        rf_wr_reg[k*8 +: 8]  = f_rd + 8'(k);
      end
    end
    // The data only in a write cycle (an enable, as above).
    if (f_fire) begin
      for (int k = 0; k < 4; k++) begin
        for (int l = 0; l < 4; l++) begin
          rf_wr_data[(k*4+l)*32 +: 32] = f_out[(l*4+k)*32 +: 32];
        end
      end
    end
  end

  assign pr_wr_valid = f_fire && (f_ps != PredPT);
  assign pr_wr_quad  = f_quad;
  assign pr_wr_lanes = f_lanes;
  assign pr_wr_pred  = f_ps;
  assign pr_wr_data  = f_sparse;

  ////////////////////////
  // Completion         //
  ////////////////////////

  // The last quad of an instruction completes it; .TRAP completes the
  // front's instruction at its check pass's last quad.  Both may happen in
  // one cycle (two tags).

  assign done_o     = f_fire && f_last;
  assign done_tag_o = f_tag;
  assign status_o   = (rec_hfault[f_tag] || fault_q[f_tag] || (f_fault != '0)) ? StFault : StOk;
  assign trap_o     = trap;
  assign trap_tag_o = ftag_q;

  always_comb begin
    front_d    = front_q;
    if (start_i) begin
      front_d = 1'b1;
    end else if (release_f) begin
      front_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      front_q    <= 1'b0;
      fault_q    <= '0;
    end else begin
      front_q    <= front_d;
      if (f_fire && (f_fault != '0)) begin
        fault_q[f_tag] <= 1'b1;
      end
      if (start_i) begin
        fault_q[warp_i] <= 1'b0;
      end
    end
  end

  assign free_o    = !front_q || release_f;
  assign rd_tag_o  = start_i ? warp_i : ftag_q;
  assign mem_tag_o = hdr_req_valid ? ftag_q : a_tag_q;
  assign wr_tag_o  = f_tag;

  //////////
  // Taps //
  //////////

  assign tap_suld_g_valid_o = g_fire && !check_q;
  assign tap_suld_g_quad_o  = g_quad_q;
  assign tap_suld_g_lanes_o = g_lanes;
  assign tap_suld_g_tag_o   = ftag_q;
  assign tap_suld_ops_o     = g_ops;
  assign tap_suld_addr_o    = g_addr;
  assign tap_suld_oob_o     = g_oob;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      tap_suld_level_o[l*32 +: 32] = usable_now ? {28'd0, layout.first_level} : 32'd0;
    end
  end
  assign tap_suld_f_valid_o = f_fire;
  assign tap_suld_f_quad_o  = f_quad;
  assign tap_suld_f_lanes_o = f_lanes;
  assign tap_suld_f_tag_o   = f_tag;
  assign tap_suld_texel_o   = f_raw;
  assign tap_suld_data_o    = f_out;

  logic unused;
  assign unused = ^{lay_built, tsidx_q, rsp_sparse, active_q, handle[31:20], tic_q,
                    insn_i[63:53], insn_i[29:24], insn_i[19:16]};

  assign rf_rd_o   = '{valid: rf_rd_valid, quad: rf_rd_quad, regs: {{4{RegRZ}}, rf_rd_reg}};
  assign rf_wr_o   = '{valid: rf_wr_valid, quad: rf_wr_quad, lanes: rf_wr_lanes,
                       slots: rf_wr_slots, regs: rf_wr_reg, data: rf_wr_data};
  assign pr_wr_o   = '{valid: pr_wr_valid, quad: pr_wr_quad, lanes: pr_wr_lanes,
                       pred: pr_wr_pred, data: pr_wr_data};
  assign mem_req_o = '{valid: mem_req_valid, slots: mem_req_slots, addr: mem_req_addr};

endmodule
