/**
 * tx_quad_pipe - the quad datapath of TLDS and TEX and its tap port
 * (docs/rtl.md, "Pipeline"):
 *   tx_gather -> tx_lod -> tx_addr_quad -> tx_fetch -> tx_format_quad
 *             -> tx_cube_corner -> tx_filter -> tx_pack
 * with valid/ready between stages and stall-all back-pressure, one quad per
 * clock at steady state.  The register reads run ahead of the header: a
 * quad waits in tx_lod until its header is done, and in tx_addr_quad until
 * the layout rows of its levels are built.  The front stages take their
 * instruction's inputs from tx_front (walk_*, lo_*, a_*); behind
 * tx_addr_quad each quad carries its tag (the fetch tracking entry, then a
 * tag register beside each stage register) and each stage takes its
 * instruction's inputs from tx_ctx, the per-tag record of tx_front's live
 * context.  TEX's Ps is written for each quad in the cycle tx_pack writes
 * its registers.  The register-file and predicate ports are shared with
 * tx_suld and tx_pixld (tx_port_arb): a register read that the port does
 * not take is issued again by tx_gather (rf_rd_gnt_i), and a quad whose
 * write it does not take waits in tx_pack (rf_wr_gnt_i), stalling the
 * stages behind it.
 *
 * The tap port (docs/rtl.md, "Tap port") shows each stage's handoff; SULD
 * has a tap port of its own (tx_suld).  C-model twin:
 * the stage functions of cmodel/stages.h (gather.c, lod.c, addr.c,
 * fetch.c, format.c, filter.c, pack.c) and the taps of cmodel/model.h.
 */
module tx_quad_pipe
  import tx_pkg::*;
  import tx_port_pkg::*;
#(
  parameter int unsigned TrackDepth = 256   // texel requests in flight (tx_fetch)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,

  // tx_front: the gather walk
  input  logic                    gather_start_i,
  input  logic [31:0]             gather_active_i,
  input  tx_walk_t                walk_i,
  output logic                    g_free_o,
  output logic                    g_valid_o,     // tx_gather holds a quad ...
  output logic                    g_fire_o,      // ... which leaves ...
  output logic                    g_id_o,        // ... of this context
  output logic                    rd_ctx_o,      // context of the register read
  output logic [31:0]             bindless_o,    // TEX.B handle (S8.1)
  output logic [31:0]             bindless_ra_o, // TXD.B handle (Ra+0; S13.1)

  // tx_front: the instruction of the quad in tx_lod
  output logic                    l_fire_o,
  input  tx_lod_view_t            lo_i,
  input  logic [255:0]            lo_tic_i,
  input  logic [255:0]            lo_tsc_i,
  input  tx_layout_t              lay0_i,        // the contexts' layout tables (lo_i.ctx,

  // tx_front: the instruction of the quad in tx_addr_quad
  output logic                    a_release_o,   // its last quad leaves
  input  tx_addr_view_t           a_i,
  input  logic [255:0]            a_tic_i,
  input  logic [255:0]            a_tsc_i,
  input  tx_layout_t              lay1_i,        // a_i.ctx say which is the stage's)

  // tx_front: the live context record, kept per tag
  input  logic                    cx_we_i,
  input  logic [TxTagW-1:0]       cx_tag_i,
  input  tx_ctx_t                 cx_i,

  // Register file and predicates (tx_port_arb)
  output tx_rf_rd_t               rf_rd_o,
  input  logic                    rf_rd_gnt_i,   // the port takes this cycle's read
  input  logic [1023:0]           rf_rd_data_i,
  output tx_rf_wr_t               rf_wr_o,       // with pr_wr_o: taken when ...
  input  logic                    rf_wr_gnt_i,   // ... the ports are granted
  output logic [TxTagW-1:0]       rf_wr_tag_o,
  output logic                    last_written_o,
  output tx_pr_wr_t               pr_wr_o,
  output logic [TxTagW-1:0]       pr_wr_tag_o,

  // Memory: texel requests and their responses
  output tx_mem_req_t             mem_req_o,
  input  logic                    mem_ready_i,
  input  logic                    rsp_valid_i,
  output logic                    rsp_ready_o,
  input  logic [MemSlots*128-1:0] rsp_data_i,
  input  logic [MemSlots-1:0]     rsp_fault_i,
  input  logic [MemSlots-1:0]     rsp_sparse_i,

  // A texel fetch faulted (tx_tags)
  output logic                    fetch_fault_o,
  output logic [TxTagW-1:0]       fetch_tag_o,

  // Tap port of tx_top (layouts in tx_top)
  output logic                    tap_gather_valid_o,
  output logic [2:0]              tap_gather_quad_o,
  output logic [3:0]              tap_gather_lanes_o,
  output logic [1023:0]           tap_gather_data_o,
  output logic                    tap_lod_valid_o,
  output logic [2:0]              tap_lod_quad_o,
  output logic [3:0]              tap_lod_lanes_o,
  output logic [127:0]            tap_lod_level_o,
  output logic [127:0]            tap_lod_level1_o,
  output logic [127:0]            tap_lod_lod_o,
  output logic [31:0]             tap_lod_mipw_o,
  output logic                    tap_addr_valid_o,
  output logic [2:0]              tap_addr_quad_o,
  output logic [3:0]              tap_addr_lanes_o,
  output logic [767:0]            tap_addr_addr_o,
  output logic [15:0]             tap_addr_oob_o,
  output logic [383:0]            tap_addr_ufx_o,
  output logic [1:0]              tap_addr_pass_o,
  output logic                    tap_fetch_valid_o,
  output logic [2:0]              tap_fetch_quad_o,
  output logic [3:0]              tap_fetch_lanes_o,
  output logic [2047:0]           tap_fetch_texel_o,
  output logic [1:0]              tap_fetch_pass_o,
  output logic                    tap_format_valid_o,
  output logic [2:0]              tap_format_quad_o,
  output logic [3:0]              tap_format_lanes_o,
  output logic [2047:0]           tap_format_data_o,
  output logic [1:0]              tap_format_pass_o,
  output logic                    tap_filter_valid_o,
  output logic [2:0]              tap_filter_quad_o,
  output logic [3:0]              tap_filter_lanes_o,
  output logic [511:0]            tap_filter_data_o,
  output logic [191:0]            tap_filter_wt_o,
  output logic [TxTagW-1:0]       tap_gather_tag_o,
  output logic [TxTagW-1:0]       tap_lod_tag_o,
  output logic [TxTagW-1:0]       tap_addr_tag_o,
  output logic [TxTagW-1:0]       tap_fetch_tag_o,
  output logic [TxTagW-1:0]       tap_format_tag_o,
  output logic [TxTagW-1:0]       tap_filter_tag_o,
  input  logic [TxTagW-1:0]       g_tag_i,       // tags of the front stages' quads
  input  logic [TxTagW-1:0]       l_tag_i
);

  // gather -> lod
  logic          g_valid, g_ready, g_last;
  logic [2:0]    g_quad;
  logic [3:0]    g_lanes;
  logic [1023:0] g_ops;
  logic          gather_idle;
  // lod -> addr
  logic          l_valid, l_ready, l_last;
  logic [2:0]    l_quad;
  logic [3:0]    l_lanes, l_level_oob;
  logic [1023:0] l_ops;
  logic [127:0]  l_level, l_tex;
  logic [267:0]  l_aniso;   // anisotropic probes (docs/filtering.md section 14)
  // addr -> fetch
  logic          a_valid, a_ready, a_last;
  logic [2:0]    a_quad;
  logic [3:0]    a_lanes;
  logic [15:0]   a_oob, a_fetch;
  logic [767:0]  a_addr;
  tx_aux_t       a_aux;
  logic [383:0]  a_ufx;
  // fetch -> format
  logic          f_valid, f_ready, f_last, f_fault;
  logic [2:0]    f_quad;
  logic [3:0]    f_lanes, f_sparse;
  logic [2047:0] f_texel;
  tx_aux_t       f_aux, f_aux_raw;
  logic [TxTagW-1:0] f_tag;
  // format -> filter
  logic          m_valid, m_ready, m_last;
  logic [2:0]    m_quad;
  logic [3:0]    m_lanes;
  logic [2047:0] m_comp_fq, m_comp;
  tx_aux_t       m_aux;
  // filter -> pack
  logic          p_valid, p_ready, p_last;
  logic [2:0]    p_quad;
  logic [3:0]    p_lanes, p_sparse;
  logic [511:0]  p_comp;
  logic [191:0]  p_wt;
  // tags of the stages behind tx_fetch, and their contexts (tx_ctx)
  logic [TxTagW-1:0] fm_tag_q, fl_tag_q, pk_tag_q;
  tx_ctx_t           cx_ft, cx_fm, cx_fl, cx_pk;

  assign g_valid_o   = g_valid;
  assign g_fire_o    = g_valid && g_ready;
  assign l_fire_o    = l_valid && l_ready;
  assign a_release_o = a_valid && a_ready && a_last;

  // TEX.B: Rb+0 (gather slot 4) of the lowest active lane of the first
  // gathered quad, which holds the warp's lowest active lane (S8.1).
  always_comb begin
    bindless_o    = '0;
    bindless_ra_o = '0;
    for (int l = 3; l >= 0; l--) begin
      if (g_lanes[l]) begin
        bindless_o    = g_ops[(l*8+4)*32 +: 32];
        bindless_ra_o = g_ops[(l*8)*32 +: 32];
      end
    end
  end

  tx_gather u_gather (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .start_i       (gather_start_i),
    .active_i      (gather_active_i),
    .tex_i         (walk_i.tex),
    .target_i      (walk_i.target),
    .ra_n_i        (walk_i.ra_n),
    .rb_n_i        (walk_i.rb_n),
    .rb_last_i     (walk_i.rb_last),
    .ra_i          (walk_i.ra),
    .rb_i          (walk_i.rb),
    .idle_o        (gather_idle),
    .id_i          (walk_i.ctx),
    .free_o        (g_free_o),
    .rf_rd_id_o    (rd_ctx_o),
    .out_id_o      (g_id_o),
    .rf_rd_valid_o (rf_rd_o.valid),
    .rf_rd_quad_o  (rf_rd_o.quad),
    .rf_rd_reg_o   (rf_rd_o.regs),
    .rf_rd_gnt_i   (rf_rd_gnt_i),
    .rf_rd_data_i  (rf_rd_data_i),
    .out_valid_o   (g_valid),
    .out_ready_i   (g_ready),
    .out_quad_o    (g_quad),
    .out_lanes_o   (g_lanes),
    .out_ops_o     (g_ops),
    .out_last_o    (g_last)
  );

  tx_lod u_lod (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .tex_i           (lo_i.is_tex),
    .texd_i          (lo_i.tex),
    .div_i           (lo_i.div),
    .tic_i           (lo_tic_i),
    .tsc_i           (lo_tsc_i),
    .layout0_i       (lay0_i),
    .layout1_i       (lay1_i),
    .ctx_i           (lo_i.ctx),
    .built_i         (lo_i.built),
    .ll_i            (lo_i.ll),
    .lod_slot_i      (lo_i.lod_slot),
    .view_ok_i       (lo_i.view_ok),
    .hdr_valid_i     (lo_i.hdr_valid),
    .force_zero_i    (lo_i.force_zero),
    .first_i         (lo_i.first),
    .last_i          (lo_i.last),
    .in_valid_i      (g_valid),
    .in_ready_o      (g_ready),
    .in_quad_i       (g_quad),
    .in_lanes_i      (g_lanes),
    .in_ops_i        (g_ops),
    .in_last_i       (g_last),
    .out_valid_o     (l_valid),
    .out_ready_i     (l_ready),
    .out_quad_o      (l_quad),
    .out_lanes_o     (l_lanes),
    .out_ops_o       (l_ops),
    .out_level_o     (l_level),
    .out_level_oob_o (l_level_oob),
    .out_tex_o       (l_tex),
    .out_aniso_o     (l_aniso),
    .out_last_o      (l_last)
  );

  tx_addr_quad u_addr (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .tex_i          (a_i.is_tex),
    .texd_i         (a_i.tex),
    .dc_i           (a_i.dc),
    .tsc_i          (a_tsc_i),
    .norm_i         (a_tic_i[191] && !a_tsc_i[57]),
    .int_fmt_i      (a_tic_i[9:7] == 3'd3 || a_tic_i[9:7] == 3'd4),
    .target_i       (a_i.dec.target),
    .tld_i          (a_i.dec.tld),
    .layout0_i      (lay0_i),
    .layout1_i      (lay1_i),
    .ctx_i          (a_i.ctx),
    .force_zero_i   (a_i.force_zero),
    .built_i        (a_i.built),
    .lay_done_i     (a_i.lay_done),
    .in_valid_i     (l_valid),
    .in_ready_o     (l_ready),
    .in_quad_i      (l_quad),
    .in_lanes_i     (l_lanes),
    .in_ops_i       (l_ops),
    .in_level_i     (l_level),
    .in_level_oob_i (l_level_oob),
    .in_tex_i       (l_tex),
    .in_aniso_i     (l_aniso),
    .in_last_i      (l_last),
    .out_valid_o    (a_valid),
    .out_ready_i    (a_ready),
    .out_quad_o     (a_quad),
    .out_lanes_o    (a_lanes),
    .out_addr_o     (a_addr),
    .out_oob_o      (a_oob),
    .out_fetch_o    (a_fetch),
    .out_aux_o      (a_aux),
    .out_ufx_o      (a_ufx),
    .out_last_o     (a_last)
  );

  tx_fetch #(
    .TrackDepth (TrackDepth),
    .AuxW       (TxTagW + $bits(tx_aux_t))
  ) u_fetch (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .bpp_i           (cx_ft.bpp),
    .bpp_req_i       (a_i.ctx ? lay1_i.bpp : lay0_i.bpp),
    .in_valid_i      (a_valid),
    .in_ready_o      (a_ready),
    .in_quad_i       (a_quad),
    .in_lanes_i      (a_lanes),
    .in_addr_i       (a_addr),
    .in_fetch_i      (a_fetch),
    .in_aux_i        ({a_i.tag, a_aux}),
    .in_last_i       (a_last),
    .mem_req_valid_o (mem_req_o.valid),
    .mem_req_ready_i (mem_ready_i),
    .mem_req_slots_o (mem_req_o.slots),
    .mem_req_addr_o  (mem_req_o.addr),
    .rsp_valid_i     (rsp_valid_i),
    .rsp_ready_o     (rsp_ready_o),
    .rsp_data_i      (rsp_data_i),
    .rsp_fault_i     (rsp_fault_i),
    .rsp_sparse_i    (rsp_sparse_i),
    .out_valid_o     (f_valid),
    .out_ready_i     (f_ready),
    .out_quad_o      (f_quad),
    .out_lanes_o     (f_lanes),
    .out_texel_o     (f_texel),
    .out_aux_o       ({f_tag, f_aux_raw}),
    .out_sparse_o    (f_sparse),
    .out_fault_o     (f_fault),
    .out_last_o      (f_last)
  );

  assign fetch_fault_o = f_valid && f_ready && f_fault;
  assign fetch_tag_o   = f_tag;

  always_comb begin
    f_aux        = f_aux_raw;
    f_aux.sparse = f_sparse;
  end

  // TXQ's query inputs of the quad in tx_format_quad.
  tx_txq_pkg::tx_txq_view_t q_fm;
  assign q_fm = '{txq:     cx_fm.txq,
                  tmml:    cx_fm.tmml,
                  query:   cx_fm.query,
                  ttype:   cx_fm.tic[154:151],
                  w:       cx_fm.q_w,
                  h:       cx_fm.q_h,
                  d:       cx_fm.q_d,
                  layers:  cx_fm.q_layers,
                  samples: cx_fm.q_samples,
                  first:   cx_fm.q_first,
                  last:    cx_fm.q_last};

  tx_format_quad u_format (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .tic_i        (cx_fm.tic),
    .border_i     (cx_fm.border),
    .func_i       (cx_fm.func),
    .force_zero_i (cx_fm.force_zero),
    .q_i          (q_fm),
    .in_valid_i   (f_valid),
    .in_ready_o   (f_ready),
    .in_quad_i    (f_quad),
    .in_lanes_i   (f_lanes),
    .in_texel_i   (f_texel),
    .in_aux_i     (f_aux),
    .in_last_i    (f_last),
    .out_valid_o  (m_valid),
    .out_ready_i  (m_ready),
    .out_quad_o   (m_quad),
    .out_lanes_o  (m_lanes),
    .out_comp_o   (m_comp_fq),
    .out_aux_o    (m_aux),
    .out_last_o   (m_last)
  );

  // Seamless cube corners (docs/filtering.md section 15): a corner tap's
  // three texels are the other taps of its group; combine them before the
  // format tap and the filter see the components.
  tx_cube_corner u_cube_corner (
    .comp_i   (m_comp_fq),
    .corner_i (m_aux.corner),
    .red_i    (m_aux.red),
    .comp_o   (m_comp)
  );

  tx_filter u_filter (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .fmt_i        ({cx_fl.tic[150], cx_fl.tic[30:0]}),
    .in_valid_i   (m_valid),
    .in_ready_o   (m_ready),
    .in_quad_i    (m_quad),
    .in_lanes_i   (m_lanes),
    .in_comp_i    (m_comp),
    .in_aux_i     (m_aux),
    .in_last_i    (m_last),
    .out_valid_o  (p_valid),
    .out_ready_i  (p_ready),
    .out_quad_o   (p_quad),
    .out_lanes_o  (p_lanes),
    .out_comp_o   (p_comp),
    .out_wt_o     (p_wt),
    .out_sparse_o (p_sparse),
    .out_last_o   (p_last)
  );

  tx_pack u_pack (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .dec_i          (cx_pk.dec),
    .tex_i          (cx_pk.is_tex || cx_pk.dec.tld),
    .tex_rd_i       (cx_pk.rd),
    .tex_wmask_i    (cx_pk.wmask),
    .fp16_rz_i      (cx_pk.fp16_rz),
    .wr_gnt_i       (rf_wr_gnt_i),
    .in_valid_i     (p_valid),
    .in_ready_o     (p_ready),
    .in_quad_i      (p_quad),
    .in_lanes_i     (p_lanes),
    .in_comp_i      (p_comp),
    .in_last_i      (p_last),
    .rf_wr_valid_o  (rf_wr_o.valid),
    .rf_wr_quad_o   (rf_wr_o.quad),
    .rf_wr_lanes_o  (rf_wr_o.lanes),
    .rf_wr_slots_o  (rf_wr_o.slots),
    .rf_wr_reg_o    (rf_wr_o.regs),
    .rf_wr_data_o   (rf_wr_o.data),
    .last_written_o (last_written_o)
  );

  //////////////////////////////////////////////
  // Tags and contexts of the stages behind tx_addr_quad //
  //////////////////////////////////////////////

  // Each stage behind tx_addr_quad holds one quad; a tag register beside it
  // loads with the quad (the fetch stage keeps the tag in its tracking
  // entry), and tx_ctx gives that stage its instruction's inputs.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fm_tag_q <= '0;
      fl_tag_q <= '0;
      pk_tag_q <= '0;
    end else begin
      if (f_valid && f_ready) begin
        fm_tag_q <= f_tag;
      end
      if (m_valid && m_ready) begin
        fl_tag_q <= fm_tag_q;
      end
      if (p_valid && p_ready) begin
        pk_tag_q <= fl_tag_q;
      end
    end
  end

  assign rf_wr_tag_o = pk_tag_q;

  tx_ctx #(
    .Width ($bits(tx_ctx_t)),
    .NRd   (4)
  ) u_ctx (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .we_i    (cx_we_i),
    .wtag_i  (cx_tag_i),
    .wdata_i (cx_i),
    .rtag_i  ({pk_tag_q, fl_tag_q, fm_tag_q, f_tag}),
    .rdata_o ({cx_pk, cx_fl, cx_fm, cx_ft})
  );

  // TEX and TLD Ps (S8.15, S9.5): written for each quad in the cycle tx_pack writes its
  // registers (a register beside tx_pack's stage register), 1 for the lanes
  // that read a sparse page, 0 for all when the result is forced to zero.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pr_wr_o     <= '{valid: 1'b0, quad: '0, lanes: '0, pred: PredPT, data: '0};
      pr_wr_tag_o <= '0;
    end else begin
      if (p_ready) begin   // loads with tx_pack's stage register
        pr_wr_o.valid <= p_valid && (cx_fl.is_tex || cx_fl.dec.tld) && (cx_fl.ps != PredPT);
      end
      if (p_valid && p_ready) begin
        pr_wr_o.quad  <= p_quad;
        pr_wr_o.lanes <= p_lanes;
        pr_wr_o.data  <= cx_fl.force_zero ? 4'd0 : (p_sparse & p_lanes);
        pr_wr_o.pred  <= cx_fl.ps;
        pr_wr_tag_o   <= fl_tag_q;
      end
    end
  end

  //////////////
  // Tap port //
  //////////////

  assign tap_gather_valid_o = g_valid && g_ready;
  assign tap_gather_quad_o  = g_quad;
  assign tap_gather_lanes_o = g_lanes;
  assign tap_gather_data_o  = g_ops;

  assign tap_lod_valid_o    = l_valid && l_ready;
  assign tap_lod_quad_o     = l_quad;
  assign tap_lod_lanes_o    = l_lanes;
  assign tap_lod_level_o    = l_level;
  always_comb begin
    for (int l = 0; l < 4; l++) begin
      tap_lod_level1_o[l*32 +: 32] = lo_i.is_tex ? {28'd0, l_tex[l*32+16 +: 4]} : l_level[l*32 +: 32];
      tap_lod_lod_o[l*32 +: 32]    = {{16{l_tex[l*32+15]}}, l_tex[l*32 +: 16]};
      tap_lod_mipw_o[l*8 +: 8]     = l_tex[l*32+20 +: 8];
    end
  end

  assign tap_addr_valid_o   = a_valid && a_ready;
  assign tap_addr_quad_o    = a_quad;
  // Anisotropic lanes show the taps of their own last probe (aux.plive).
  assign tap_addr_lanes_o   = a_lanes & a_aux.plive;
  assign tap_addr_addr_o    = a_addr;
  assign tap_addr_oob_o     = a_oob;
  assign tap_addr_ufx_o     = a_ufx;
  assign tap_addr_pass_o    = a_aux.pass;

  assign tap_fetch_valid_o  = f_valid && f_ready;
  assign tap_fetch_quad_o   = f_quad;
  assign tap_fetch_lanes_o  = f_lanes & f_aux.plive;
  assign tap_fetch_texel_o  = f_texel;
  assign tap_fetch_pass_o   = f_aux.pass;

  assign tap_format_valid_o = m_valid && m_ready;
  assign tap_format_quad_o  = m_quad;
  assign tap_format_lanes_o = m_lanes & m_aux.plive;
  assign tap_format_data_o  = m_comp;
  assign tap_format_pass_o  = m_aux.pass;

  assign tap_filter_valid_o = p_valid && p_ready;
  assign tap_filter_quad_o  = p_quad;
  assign tap_filter_lanes_o = p_lanes;
  assign tap_filter_data_o  = p_comp;
  assign tap_filter_wt_o    = p_wt;

  // Each tap names the tag of its quad's instruction: the front stages'
  // contexts, the tag registers behind.
  assign {tap_gather_tag_o, tap_lod_tag_o, tap_addr_tag_o,
          tap_fetch_tag_o, tap_format_tag_o, tap_filter_tag_o} =
    {g_tag_i, l_tag_i, a_i.tag, f_tag, fm_tag_q, fl_tag_q};

  // Not used: the walk's idle flag; the fields of the contexts and of the
  // instruction that other stages read.
  logic unused;
  assign unused = ^{gather_idle, cx_ft, cx_fm, cx_fl, cx_pk, a_i.dec, a_tic_i};

endmodule
