/**
 * tx_front - the front end of the quad pipe: two contexts, a header stage
 * and a layout table per context, the header cache, and what each front
 * stage sees of its instruction (docs/rtl.md, "Front end").
 *
 * A TLDS or TEX with an active lane takes a front-end context (ictx_q,
 * alternating) from its issue (start_i) until its last quad leaves
 * tx_addr_quad (a_release_i).  The context holds what the front end needs
 * of the instruction: tag, decoded fields, active lanes, the state knobs of
 * its header stage, and a tx_header + tx_layout pair of its own, so the next
 * instruction's handle, header and layout are fetched while the current one
 * streams its quads.  Context c's tx_header starts in the issue cycle of an
 * instruction that takes context c.  Both share the constant-bank port (each
 * reads it only in its issue cycle), the header cache (tx_hcache) and the
 * memory port: context 0's request first, then context 1's, then the texel
 * request, which waits (fetch_ready_o).
 *
 * Each front stage knows the context of what it holds: gctx_q for the
 * gather walk (tx_gather keeps the held quad's own), lctx_q beside tx_lod's
 * stage register, actx_q beside tx_addr_quad's.  This module gives each
 * stage the per-instruction inputs of that context (g_*, lo_*, a_*), and
 * the live context record (cx_*) that tx_ctx keeps per tag for the stages
 * behind tx_addr_quad.  C-model twin: cmodel/header.c (tx_header),
 * cmodel/layout.c (tx_layout); the contexts and the cache are timing only.
 */
module tx_front
  import tx_pkg::*;
  import tx_port_pkg::*;
#(
  parameter int unsigned HcEntries = 16   // header cache entries; a power of two
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Issue (tx_issue): the instruction that takes the next context
  input  logic                      start_i,
  input  logic [TxTagW-1:0]         warp_i,
  input  tx_tlds_t                  dec_i,
  input  tx_tex_t                   tex_i,
  input  logic                      is_tex_i,
  input  logic [7:0]                div_i,
  input  logic [31:0]               active_i,
  input  logic [AddrW-1:0]          cfg_tic_base_i,
  input  logic [AddrW-1:0]          cfg_tsc_base_i,
  input  logic [19:0]               cfg_tic_max_i,
  input  logic [11:0]               cfg_tsc_max_i,
  input  logic                      cfg_tsc_via_hdr_i,
  input  logic                      cfg_fp16_rz_i,
  input  logic                      cfg_gob_desktop_i,
  output logic                      free_o,         // the next context is free

  // Constant bank (the header stages' handle reads)
  output logic                      cb_rd_valid_o,
  output logic [15:0]               cb_rd_addr_o,
  input  logic [31:0]               cb_rd_data_i,

  // Memory: header requests, and their responses (tx_rsp_route)
  input  logic                      mem_req_ready_i,
  output logic [1:0]                hdr_req_valid_o,  // per context; context 0's goes first
  output logic [1:0][MemSlots-1:0]  hdr_req_slots_o,
  output logic [1:0][MemSlots*AddrW-1:0] hdr_req_addr_o,
  output logic                      fetch_ready_o,  // the port is free for tx_fetch
  input  logic                      rsp_valid_i,    // head response is a header's ...
  input  logic                      rsp_ctx_i,      // ... of this context
  input  logic [MemSlots*128-1:0]   rsp_data_i,
  input  logic [MemSlots-1:0]       rsp_fault_i,
  output logic                      rsp_ready_o,

  // tx_suld's port of the header cache (never a fill in the cycle of a
  // context's: a fill is the taking of a header response, one per cycle)
  input  tx_hc_port_t               su_hc_i,
  input  logic [255:0]              su_hc_fill_tic_i,
  output logic                      su_hc_hit_o,
  output logic [255:0]              su_hc_tic_o,

  // Header cache lookups and hits this cycle (tx_top's hit-rate counts)
  output logic [1:0]                hc_lookup_o,
  output logic [1:0]                hc_hit_o,

  // tx_gather: the walk of the next context, and the handle of its first quad
  input  logic                      g_free_i,
  output logic                      gather_start_o,
  output logic [31:0]               gather_active_o,
  output tx_walk_t                  walk_o,
  input  logic                      g_valid_i,      // tx_gather holds a quad ...
  input  logic                      g_fire_i,       // ... which leaves ...
  input  logic                      g_id_i,         // ... of this context
  input  logic [31:0]               bindless_i,     // TEX.B handle of the quad
  input  logic [31:0]               bindless_ra_i,  // TXD.B handle of the quad (Ra+0)

  // tx_lod: the context of its quad
  input  logic                      l_fire_i,       // a quad leaves tx_lod
  output tx_lod_view_t              lo_o,
  output logic [255:0]              lo_tic_o,
  output logic [255:0]              lo_tsc_o,
  output tx_layout_t                lay0_o,         // the contexts' layout tables, whole

  // tx_addr_quad: the context of its quad
  input  logic                      a_release_i,    // its instruction's last quad leaves
  output tx_addr_view_t             a_o,
  output logic [255:0]              a_tic_o,
  output logic [255:0]              a_tsc_o,
  output tx_layout_t                lay1_o,

  // The live context record for tx_ctx (the instruction in tx_addr_quad)
  output logic                      cx_we_o,
  output logic [TxTagW-1:0]         cx_tag_o,
  output tx_ctx_t                   cx_o,

  // Tags of the front's accesses and stages
  input  logic                      rd_ctx_i,       // context of tx_gather's register read
  output logic [TxTagW-1:0]         tag_rd_o,
  output logic [TxTagW-1:0]         tag_g_o,
  output logic [TxTagW-1:0]         tag_l_o,
  output logic [TxTagW-1:0]         tag_req_o,      // of the header request, else tx_addr_quad's

  // Header faults (tx_tags), per context
  output logic [1:0]                hdr_fault_o,
  output logic [1:0][TxTagW-1:0]    hdr_tag_o
);

  localparam int unsigned NCtx = 2;

  ///////////////////////////
  // The contexts' registers //
  ///////////////////////////

  logic [NCtx-1:0]   fc_valid_q, fc_valid_d;  // context holds an instruction
  logic [NCtx-1:0]   fc_walk_q, fc_walk_d;    // its gather walk has started
  logic [TxTagW-1:0] fc_tag_q [NCtx];
  tx_tlds_t          fc_dec_q [NCtx];
  tx_tex_t           fc_tex_q [NCtx];
  logic [NCtx-1:0]   fc_is_tex_q;
  logic [7:0]        fc_div_q [NCtx];
  logic [31:0]       fc_active_q [NCtx];
  logic [AddrW-1:0]  fc_tic_base_q [NCtx], fc_tsc_base_q [NCtx];
  logic [19:0]       fc_tic_max_q [NCtx];
  logic [11:0]       fc_tsc_max_q [NCtx];
  logic [NCtx-1:0]   fc_ogl_q, fc_fp16_rz_q, fc_gob_q;
  logic [NCtx-1:0]   view_q, view_d;          // per context: header stage done
  logic              ictx_q;                  // context of the next issue
  logic              gctx_q, gctx_next;       // context of the current gather walk, and the next
  logic              lctx_q, actx_q;          // context of the quad in tx_lod, tx_addr_quad

  logic [NCtx-1:0]   hdr_done_c, hdr_valid_c, hdr_fault_c, hdr_compat_c;

  assign free_o = !fc_valid_q[ictx_q];

  // The next gather walk is the other context's (walks follow the issue
  // order, which alternates).  It starts as soon as tx_gather is free: in
  // the issue cycle when the gather is free then, else once it is.
  assign gctx_next       = !gctx_q;
  assign gather_start_o  = g_free_i && ((start_i && (ictx_q == gctx_next)) ||
                                        (fc_valid_q[gctx_next] && !fc_walk_q[gctx_next]));
  assign gather_active_o = (start_i && (ictx_q == gctx_next)) ? active_i : fc_active_q[gctx_next];

  always_comb begin
    fc_valid_d = fc_valid_q;
    fc_walk_d  = fc_walk_q;
    view_d     = view_q | hdr_done_c;
    if (a_release_i) begin
      fc_valid_d[actx_q] = 1'b0;
    end
    if (start_i) begin
      fc_valid_d[ictx_q] = 1'b1;
      fc_walk_d[ictx_q]  = 1'b0;
      view_d[ictx_q]     = 1'b0;
    end
    if (gather_start_o) begin
      fc_walk_d[gctx_next] = 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fc_valid_q   <= '0;
      fc_walk_q    <= '0;
      fc_is_tex_q  <= '0;
      fc_ogl_q     <= '0;
      fc_fp16_rz_q <= '0;
      fc_gob_q     <= '0;
      view_q       <= '0;
      ictx_q       <= 1'b0;
      gctx_q       <= 1'b1;   // the first walk is context 0's
      lctx_q       <= 1'b0;
      actx_q       <= 1'b0;
      for (int c = 0; c < NCtx; c++) begin
        fc_tag_q[c]      <= '0;
        fc_dec_q[c]      <= '0;
        fc_tex_q[c]      <= '0;
        fc_div_q[c]      <= '0;
        fc_active_q[c]   <= '0;
        fc_tic_base_q[c] <= '0;
        fc_tsc_base_q[c] <= '0;
        fc_tic_max_q[c]  <= '0;
        fc_tsc_max_q[c]  <= '0;
      end
    end else begin
      fc_valid_q <= fc_valid_d;
      fc_walk_q  <= fc_walk_d;
      view_q     <= view_d;
      if (start_i) begin
        ictx_q                <= !ictx_q;
        fc_tag_q[ictx_q]      <= warp_i;
        fc_dec_q[ictx_q]      <= dec_i;
        fc_tex_q[ictx_q]      <= tex_i;
        fc_is_tex_q[ictx_q]   <= is_tex_i;
        fc_div_q[ictx_q]      <= div_i;
        fc_active_q[ictx_q]   <= active_i;
        fc_tic_base_q[ictx_q] <= cfg_tic_base_i;
        fc_tsc_base_q[ictx_q] <= cfg_tsc_base_i;
        fc_tic_max_q[ictx_q]  <= cfg_tic_max_i;
        fc_tsc_max_q[ictx_q]  <= cfg_tsc_max_i;
        fc_ogl_q[ictx_q]      <= cfg_tsc_via_hdr_i;
        fc_fp16_rz_q[ictx_q]  <= cfg_fp16_rz_i;
        fc_gob_q[ictx_q]      <= cfg_gob_desktop_i;
      end
      if (gather_start_o) begin
        gctx_q <= gctx_next;
      end
      if (g_fire_i) begin
        lctx_q <= g_id_i;
      end
      if (l_fire_i) begin
        actx_q <= lctx_q;
      end
    end
  end

  //////////////////////////////////////////////
  // A header stage and a layout table per context //
  //////////////////////////////////////////////

  logic [NCtx-1:0]                     hdr_rsp_ready_c, hdr_cb_valid_c;
  logic                                hdr_req_any, hdr_req_ctx;
  logic [NCtx-1:0][15:0]               hdr_cb_addr_c;
  logic [NCtx-1:0][255:0]              tic_c, tsc_c, layout_tic_c;
  logic [NCtx-1:0]                     layout_start_c, layout_done_c;
  logic [NCtx-1:0][15:0]               layout_built_c;
  // header cache (tx_hcache)
  logic [NCtx-1:0]                     hc_lk_valid, hc_lk_tex, hc_lk_hit, hc_fill;
  logic [NCtx-1:0][TxTagW-1:0]         hc_lk_warp;
  logic [NCtx-1:0][AddrW-1:0]          hc_lk_hdr_addr, hc_lk_tsc_addr;
  logic [NCtx-1:0][255:0]              hc_lk_tic, hc_lk_tsc, hc_fill_tic, hc_fill_tsc;
  logic                                hc_fsel;

  for (genvar c = 0; c < NCtx; c++) begin : g_fc
    // The context's layout table, a signal of its own: the verilated model
    // then reads tx_layout's register directly instead of copying the
    // 3-kbit table into an array element on every cycle.
    tx_layout_t lay;

    tx_header u_header (
      .clk_i           (clk_i),
      .rst_ni          (rst_ni),
      .start_i         (start_i && (ictx_q == 1'(c))),
      .tsidx_i         (is_tex_i ? tex_i.tsidx : dec_i.tsidx),
      .target_i        (dec_i.target),
      .tic_base_i      (fc_tic_base_q[c]),
      .tic_max_i       (fc_tic_max_q[c]),
      .tex_i           (is_tex_i && !tex_i.txq),   // TXQ: the header alone
      .bindless_i      ((is_tex_i || dec_i.tld) && tex_i.bindless),
      .tld_i           (dec_i.tld),
      .bh_valid_i      (g_valid_i && (g_id_i == 1'(c))),
      .bh_i            (fc_tex_q[c].txd ? bindless_ra_i : bindless_i),   // TXD.B: Ra+0
      .tex_dim_i       (tex_i.dim),
      .ogl_i           (fc_ogl_q[c]),
      .tsc_base_i      (fc_tsc_base_q[c]),
      .tsc_max_i       (fc_tsc_max_q[c]),
      .warp_i          (warp_i),
      .lk_valid_o      (hc_lk_valid[c]),
      .lk_warp_o       (hc_lk_warp[c]),
      .lk_tex_o        (hc_lk_tex[c]),
      .lk_hdr_addr_o   (hc_lk_hdr_addr[c]),
      .lk_tsc_addr_o   (hc_lk_tsc_addr[c]),
      .lk_hit_i        (hc_lk_hit[c]),
      .lk_tic_i        (hc_lk_tic[c]),
      .lk_tsc_i        (hc_lk_tsc[c]),
      .fill_o          (hc_fill[c]),
      .fill_tic_o      (hc_fill_tic[c]),
      .fill_tsc_o      (hc_fill_tsc[c]),
      .cb_rd_valid_o   (hdr_cb_valid_c[c]),
      .cb_rd_addr_o    (hdr_cb_addr_c[c]),
      .cb_rd_data_i    (cb_rd_data_i),
      .mem_req_valid_o (hdr_req_valid_o[c]),
      .mem_req_ready_i (mem_req_ready_i && ((c == 0) || !hdr_req_valid_o[0])),
      .mem_req_slots_o (hdr_req_slots_o[c]),
      .mem_req_addr_o  (hdr_req_addr_o[c]),
      .rsp_valid_i     (rsp_valid_i && (rsp_ctx_i == 1'(c))),
      .rsp_ready_o     (hdr_rsp_ready_c[c]),
      .rsp_data_i      (rsp_data_i),
      .rsp_fault_i     (rsp_fault_i),
      .layout_start_o  (layout_start_c[c]),
      .layout_tic_o    (layout_tic_c[c]),
      .done_o          (hdr_done_c[c]),
      .tic_o           (tic_c[c]),
      .tsc_o           (tsc_c[c]),
      .hdr_valid_o     (hdr_valid_c[c]),
      .fault_o         (hdr_fault_c[c]),
      .compat_o        (hdr_compat_c[c])
    );

    tx_layout u_layout (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .start_i       (layout_start_c[c]),
      .tic_i         (layout_tic_c[c]),
      .gob_desktop_i (fc_gob_q[c]),
      .done_o        (layout_done_c[c]),
      .built_o       (layout_built_c[c]),
      .layout_o      (lay)
    );

    // A header fault counts for the context's instruction (tx_tags).
    assign hdr_fault_o[c] = fc_valid_q[c] && hdr_done_c[c] && hdr_fault_c[c];
    assign hdr_tag_o[c]   = fc_tag_q[c];
  end

  assign cb_rd_valid_o   = |hdr_cb_valid_c;
  assign cb_rd_addr_o    = hdr_cb_valid_c[1] ? hdr_cb_addr_c[1] : hdr_cb_addr_c[0];
  // The requests go out whole (tx_port_arb picks context 0's first), so the
  // verilated model copies no 768-bit address bus here.
  assign hdr_req_any     = |hdr_req_valid_o;
  assign hdr_req_ctx     = !hdr_req_valid_o[0];
  assign rsp_ready_o     = hdr_rsp_ready_c[rsp_ctx_i];
  assign fetch_ready_o   = mem_req_ready_i && !hdr_req_any;

  // One header cache for both contexts and tx_suld (its port NCtx: a
  // SULD's header is keyed like a TLDS's, with no sampler).  At most one
  // response, so one fill, per cycle.
  logic [NCtx:0]             pk_en, pk_tex, pk_hit;
  logic [NCtx:0][TxTagW-1:0] pk_warp;
  logic [NCtx:0][AddrW-1:0]  pk_hdr, pk_tsc;
  logic [NCtx:0][255:0]      pk_tic, pk_tsc_data;
  logic                      su_fill;

  assign pk_en   = {su_hc_i.lk, hc_lk_valid};
  assign pk_warp = {su_hc_i.warp, hc_lk_warp};
  assign pk_tex  = {1'b0, hc_lk_tex};
  assign pk_hdr  = {su_hc_i.lk_addr, hc_lk_hdr_addr};
  assign pk_tsc  = {AddrW'(0), hc_lk_tsc_addr};
  assign hc_lk_hit   = pk_hit[NCtx-1:0];
  assign hc_lk_tic   = pk_tic[NCtx-1:0];
  assign hc_lk_tsc   = pk_tsc_data[NCtx-1:0];
  assign su_hc_hit_o = pk_hit[NCtx];
  assign su_hc_tic_o = pk_tic[NCtx];
  assign hc_fsel     = hc_fill[1];
  assign su_fill     = su_hc_i.fill;

  logic unused_su_tsc;   // a SULD's entry has no sampler
  assign unused_su_tsc = ^pk_tsc_data[NCtx];

  tx_hcache #(
    .Entries (HcEntries),
    .NLk     (NCtx + 1)
  ) u_hcache (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .lk_en_i         (pk_en),
    .lk_warp_i       (pk_warp),
    .lk_tex_i        (pk_tex),
    .lk_hdr_addr_i   (pk_hdr),
    .lk_tsc_addr_i   (pk_tsc),
    .lk_hit_o        (pk_hit),
    .lk_tic_o        (pk_tic),
    .lk_tsc_o        (pk_tsc_data),
    .fill_i          ((|hc_fill) || su_fill),
    .fill_warp_i     (su_fill ? su_hc_i.warp : hc_lk_warp[hc_fsel]),
    .fill_tex_i      (!su_fill && hc_lk_tex[hc_fsel]),
    .fill_hdr_addr_i (su_fill ? su_hc_i.fill_addr : hc_lk_hdr_addr[hc_fsel]),
    .fill_tsc_addr_i (su_fill ? AddrW'(0) : hc_lk_tsc_addr[hc_fsel]),
    .fill_tic_i      (su_fill ? su_hc_fill_tic_i : hc_fill_tic[hc_fsel]),
    .fill_tsc_i      (su_fill ? 256'd0 : hc_fill_tsc[hc_fsel])
  );

  assign hc_lookup_o = 2'(hc_lk_valid[0]) + 2'(hc_lk_valid[1]) + 2'(su_hc_i.cnt);
  assign hc_hit_o    = 2'(hc_lk_valid[0] && hc_lk_hit[0]) + 2'(hc_lk_valid[1] && hc_lk_hit[1]) +
                       2'(su_hc_i.cnt && su_hc_hit_o);

  ////////////////////////////////////
  // What each front stage sees of its instruction //
  ////////////////////////////////////

  // tx_gather: the walk of context gctx_q.
  assign walk_o = '{ctx:    gctx_q,
                    tex:    fc_is_tex_q[gctx_q] || fc_dec_q[gctx_q].tld,
                    target: fc_dec_q[gctx_q].target,
                    ra_n:   fc_tex_q[gctx_q].txd ?
                            txd_ra_n(fc_tex_q[gctx_q].bindless, fc_tex_q[gctx_q].dim[1],
                                     fc_tex_q[gctx_q].dim[0], fc_tex_q[gctx_q].aoffi,
                                     fc_tex_q[gctx_q].lc) :
                            tex_ra_count(fc_tex_q[gctx_q].short_form, fc_tex_q[gctx_q].dim,
                                         fc_tex_q[gctx_q].lc, fc_tex_q[gctx_q].aoffi,
                                         fc_tex_q[gctx_q].dc),
                    rb_n:   fc_tex_q[gctx_q].txd ? txd_rb_n(fc_tex_q[gctx_q].dim[1]) :
                            tex_rb_count(fc_tex_q[gctx_q].short_form, fc_tex_q[gctx_q].bindless,
                                         fc_tex_q[gctx_q].lod, fc_tex_q[gctx_q].aoffi,
                                         fc_tex_q[gctx_q].ptp, fc_tex_q[gctx_q].dc),
                    rb_last: fc_is_tex_q[gctx_q] && fc_tex_q[gctx_q].rb_last,
                    ra:     fc_is_tex_q[gctx_q] || fc_dec_q[gctx_q].tld ? fc_tex_q[gctx_q].ra
                                                                         : fc_dec_q[gctx_q].ra,
                    rb:     fc_is_tex_q[gctx_q] || fc_dec_q[gctx_q].tld ? fc_tex_q[gctx_q].rb
                                                                         : fc_dec_q[gctx_q].rb};

  // tx_lod: context lctx_q.
  assign lo_tic_o       = tic_c[lctx_q];
  assign lo_tsc_o       = tsc_c[lctx_q];
  assign lo_o.hdr_valid = hdr_valid_c[lctx_q];
  // The stages get both contexts' tables and the context bit, and select
  // only the fields they read: a selected copy of the 3-kbit table cost a
  // whole-table copy per evaluation (docs/performance.md).
  assign lay0_o = g_fc[0].lay;
  assign lay1_o = g_fc[1].lay;
  logic lo_usable;
  assign lo_usable  = lctx_q ? g_fc[1].lay.usable : g_fc[0].lay.usable;
  assign lo_o.ctx   = lctx_q;
  assign lo_o.built      = layout_built_c[lctx_q];
  assign lo_o.view_ok    = view_q[lctx_q] || hdr_done_c[lctx_q];
  // TLD: .LL is lod mode LL in its TEX fields, its level the Rb slot after
  // the handle (cmodel/gather.c tx_tld_slots_of).
  assign lo_o.ll         = fc_dec_q[lctx_q].tld ? (fc_tex_q[lctx_q].lod == TexLodLl)
                                                : tlds_is_ll(fc_dec_q[lctx_q].target);
  assign lo_o.lod_slot   = fc_dec_q[lctx_q].tld ? 3'd4 + {2'd0, fc_tex_q[lctx_q].bindless} : 3'd2;
  assign lo_o.tex        = fc_tex_q[lctx_q];
  assign lo_o.is_tex     = fc_is_tex_q[lctx_q];
  assign lo_o.div        = fc_div_q[lctx_q];
  // TXQ fetches nothing: its LOD stage is that of a forced-zero TEX.
  assign lo_o.force_zero = !hdr_valid_c[lctx_q] || hdr_fault_c[lctx_q] || !hdr_compat_c[lctx_q] ||
                           !lo_usable || fc_tex_q[lctx_q].txq;

  // View levels (S3.4): those of the layout table, which knows the pitch,
  // buffer and colour-key rules (docs/layouts.md 1.2).  Without a usable
  // table, the header's own fields: RES_VIEW_MIN [227:224]; last =
  // min(RES_VIEW_MAX [231:228], MAX_MIP_LEVEL [127:124]).
  always_comb begin
    if (lo_usable) begin
      lo_o.first = lctx_q ? g_fc[1].lay.first_level : g_fc[0].lay.first_level;
      lo_o.last  = lctx_q ? g_fc[1].lay.last_level : g_fc[0].lay.last_level;
    end else begin
      lo_o.first = lo_tic_o[227:224];
      lo_o.last  = (lo_tic_o[127:124] < lo_tic_o[231:228]) ? lo_tic_o[127:124] : lo_tic_o[231:228];
    end
  end

  // tx_addr_quad (and the fetch request, and tx_ctx's record): context actx_q.
  logic [127:0] border;
  tx_tex_t      a_tex;
  logic         a_force_zero;

  assign a_tex = fc_tex_q[actx_q];

  assign a_tic_o      = tic_c[actx_q];
  assign a_tsc_o      = tsc_c[actx_q];
  // The fields of the context's table that the front end itself reads.
  logic        a_usable;
  logic [4:0]  a_bpp, a_samples;
  logic [15:0] a_layers;
  logic [3:0]  a_first, a_last;
  logic [31:0] a_w0, a_h0, a_d0;
  assign a_usable  = actx_q ? g_fc[1].lay.usable : g_fc[0].lay.usable;
  assign a_bpp     = actx_q ? g_fc[1].lay.bpp : g_fc[0].lay.bpp;
  assign a_samples = actx_q ? g_fc[1].lay.samples : g_fc[0].lay.samples;
  assign a_layers  = actx_q ? g_fc[1].lay.layers : g_fc[0].lay.layers;
  assign a_first   = actx_q ? g_fc[1].lay.first_level : g_fc[0].lay.first_level;
  assign a_last    = actx_q ? g_fc[1].lay.last_level : g_fc[0].lay.last_level;
  assign a_w0      = actx_q ? g_fc[1].lay.lv[0].w : g_fc[0].lay.lv[0].w;
  assign a_h0      = actx_q ? g_fc[1].lay.lv[0].h : g_fc[0].lay.lv[0].h;
  assign a_d0      = actx_q ? g_fc[1].lay.lv[0].d : g_fc[0].lay.lv[0].d;
  assign a_o.ctx   = actx_q;
  assign a_o.built    = layout_built_c[actx_q];
  assign a_o.lay_done = layout_done_c[actx_q];
  assign a_o.dec      = fc_dec_q[actx_q];
  assign a_o.tex      = a_tex;
  assign a_o.is_tex   = fc_is_tex_q[actx_q];
  assign a_o.tag      = fc_tag_q[actx_q];

  // Every written component is 0 (S3.7, S3.10): no header, a faulted
  // header, a coordinate description that does not fit the texture type, or
  // a header the layout cannot use.  TXQ takes any texture type (S11.2).
  assign a_force_zero   = !hdr_valid_c[actx_q] || hdr_fault_c[actx_q] ||
                          (!hdr_compat_c[actx_q] && !a_tex.txq) || !a_usable;

  // TEX depth compare (S8.9): .DC with no LOD mode or .LZ, or with the
  // sampler's DEPTH_COMPARE.
  assign a_o.dc = a_tex.dc && ((a_tex.lod == 3'd0) || (a_tex.lod == TexLodLz) || a_tsc_o[9]);
  // TXQ fetches nothing: tx_addr_quad sees it forced to zero, and the
  // query (tx_format_quad) sees whether the header is usable (cx_o).
  assign a_o.force_zero = a_force_zero || a_tex.txq || a_tex.tmml;

  tx_border u_border (
    .tic_i    (a_tic_o),
    .tsc_i    (a_tsc_o),
    .border_o (border)
  );

  assign cx_we_o  = fc_valid_q[actx_q];
  assign cx_tag_o = fc_tag_q[actx_q];
  assign cx_o     = '{bpp:        a_bpp,
                      tic:        a_tic_o,
                      border:     border,
                      func:       a_tsc_o[12:10],
                      force_zero: a_force_zero,
                      dec:        fc_dec_q[actx_q],
                      // TLD4S and TEXS pack as TLDS does (tx_pack).
                      is_tex:     fc_is_tex_q[actx_q] && !a_tex.short_form && !a_tex.texs,
                      rd:         a_tex.rd,
                      wmask:      a_tex.wmask,
                      ps:         a_tex.ps,
                      fp16_rz:    fc_fp16_rz_q[actx_q],
                      txq:        a_tex.txq,
                      tmml:       a_tex.tmml,
                      query:      a_tex.query,
                      q_w:        a_w0,
                      q_h:        a_h0,
                      q_d:        a_d0,
                      q_layers:   a_layers,
                      q_samples:  a_samples,
                      q_first:    a_first,
                      q_last:     a_last,
                      pad:        8'd0};
  // Every field of cx_o is a register or logic of registers (fp16_rz is the
  // context's held copy, not cfg_fp16_rz_i): a top input here would put every
  // stage that reads its context (the 16 tx_format and their block decoders,
  // tx_pack) into Verilator's input-combinational region, evaluated on every
  // eval() (docs/rtl.md, "No top input in the context"; tests/extra/ico.sh).

  // Tags: the register read's context, each stage's, and the memory
  // request's (a header request first, else the texel request of the quad
  // in tx_addr_quad).
  assign tag_rd_o  = fc_tag_q[rd_ctx_i];
  assign tag_g_o   = fc_tag_q[g_id_i];
  assign tag_l_o   = fc_tag_q[lctx_q];
  assign tag_req_o = hdr_req_any ? fc_tag_q[hdr_req_ctx] : fc_tag_q[actx_q];

endmodule
