// tb_texmodel_dpi.sv - the RTL (tx_top) checked against the behavioural
// model through DPI-C, in SystemVerilog alone (docs/library.md).
//
// This is the second way to use texcosim: a plain SystemVerilog bench that
// imports texmodel_dpi and owns the model's state.  The bench loads the
// state into the model (an 8x4 RGBA32F texture, its header, a constant-bank
// handle, operand registers), serves the DUT's constant-bank, register-file
// and memory ports from that same state through DPI, collects the DUT's
// register and predicate writes, steps the model on the same word, and
// compares status, hash and every write.  A handful of instructions: the
// seed's TLDS, a one-component form, out-of-bounds lanes, a partial thread
// mask and a faulting texture.  Prints "PASS n instructions" or FAIL lines
// and exits through $finish (status 0) or $fatal.
//
// Built with Verilator --binary (make B=DIR dpi-sim; tests/extra/library.sh
// runs it); not part of the synthesizable RTL.
module tb_texmodel_dpi;
  import tx_pkg::*;
  import texmodel_dpi::*;

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk <= ~clk;

  chandle m;
  int n_fail = 0;
  int n_insn = 0;

  // ---- DUT ports ----------------------------------------------------------
  logic                      issue_valid;
  logic                      issue_ready;
  logic [63:0]               issue_insn;
  logic [20:0]               issue_ctrl;
  logic [31:0]               issue_ctm, issue_ktm;
  logic                      issue_pixel;
  logic [223:0]              issue_pred;
  logic [7:0]                issue_hash;
  logic [AddrW-1:0]          tic_base, tsc_base;
  // The model's knobs, read once when the state is loaded: a port
  // expression that called tm_get would be evaluated again after tm_free.
  logic                      cfg_ogl, cfg_fp16_rz, cfg_gob_desktop;
  logic [19:0]               tic_max;
  logic [11:0]               tsc_max;
  tx_raster_t                raster;
  logic                      cb_rd_valid;
  logic [15:0]               cb_rd_addr;
  logic [31:0]               cb_rd_data;
  logic                      rf_rd_valid;
  logic [2:0]                rf_rd_quad;
  logic [63:0]               rf_rd_reg;
  logic [1023:0]             rf_rd_data;
  logic                      rf_wr_valid;
  logic [2:0]                rf_wr_quad;
  logic [3:0]                rf_wr_lanes, rf_wr_slots;
  logic [31:0]               rf_wr_reg;
  logic [511:0]              rf_wr_data;
  logic                      pr_wr_valid;
  logic [2:0]                pr_wr_quad;
  logic [3:0]                pr_wr_lanes;
  logic [2:0]                pr_wr_pred;
  logic [3:0]                pr_wr_data;
  logic                      mem_req_valid, mem_req_ready;
  logic [MemSlots-1:0]       mem_req_slots;
  logic [MemSlots*AddrW-1:0] mem_req_addr;
  logic                      mem_rsp_valid, mem_rsp_ready;
  logic [MemSlots*128-1:0]   mem_rsp_data;
  logic [MemSlots-1:0]       mem_rsp_sparse, mem_rsp_fault;
  logic                      done_valid;
  logic [3:0]                done_status;
  logic [7:0]                done_hash;

  tx_top u_dut (
    .clk_i(clk), .rst_ni(rst_n),
    .issue_valid_i(issue_valid), .issue_ready_o(issue_ready), .issue_insn_i(issue_insn),
    .issue_ctrl_i(issue_ctrl), .issue_ctm_i(issue_ctm), .issue_ktm_i(issue_ktm),
    .issue_pixel_i(issue_pixel), .issue_pred_i(issue_pred), .issue_hash_i(issue_hash),
    .cfg_tic_base_i(tic_base), .cfg_tsc_base_i(tsc_base), .cfg_tic_max_i(tic_max),
    .cfg_tsc_max_i(tsc_max), .cfg_tsc_via_hdr_i(cfg_ogl),
    .cfg_fp16_rz_i(cfg_fp16_rz), .cfg_gob_desktop_i(cfg_gob_desktop),
    .raster_i(raster),
    .cb_rd_valid_o(cb_rd_valid), .cb_rd_addr_o(cb_rd_addr), .cb_rd_data_i(cb_rd_data),
    .rf_rd_valid_o(rf_rd_valid), .rf_rd_quad_o(rf_rd_quad), .rf_rd_reg_o(rf_rd_reg),
    .rf_rd_data_i(rf_rd_data),
    .rf_wr_valid_o(rf_wr_valid), .rf_wr_quad_o(rf_wr_quad), .rf_wr_lanes_o(rf_wr_lanes),
    .rf_wr_slots_o(rf_wr_slots), .rf_wr_reg_o(rf_wr_reg), .rf_wr_data_o(rf_wr_data),
    .pr_wr_valid_o(pr_wr_valid), .pr_wr_quad_o(pr_wr_quad), .pr_wr_lanes_o(pr_wr_lanes),
    .pr_wr_pred_o(pr_wr_pred), .pr_wr_data_o(pr_wr_data),
    .mem_req_valid_o(mem_req_valid), .mem_req_ready_i(mem_req_ready),
    .mem_req_slots_o(mem_req_slots), .mem_req_addr_o(mem_req_addr),
    .mem_rsp_valid_i(mem_rsp_valid), .mem_rsp_ready_o(mem_rsp_ready),
    .mem_rsp_data_i(mem_rsp_data), .mem_rsp_sparse_i(mem_rsp_sparse),
    .mem_rsp_fault_i(mem_rsp_fault),
    .done_valid_o(done_valid), .done_status_o(done_status), .done_hash_o(done_hash),
    // Warp tags: this bench runs one instruction at a time, as warp 0, and
    // answers in request order (tx_top does not use the response id).
    .issue_warp_i('0), .mem_rsp_id_i('0), .done_tag_o(), .cb_rd_warp_o(), .rf_rd_warp_o(),
    .rf_wr_warp_o(), .pr_wr_warp_o(), .mem_req_warp_o(), .mem_req_id_o(),
    .tap_gather_tag_o(), .tap_lod_tag_o(), .tap_addr_tag_o(), .tap_fetch_tag_o(),
    .tap_format_tag_o(), .tap_filter_tag_o(), .tap_pixld_tag_o(),
    // Taps: observation only, unused here.
    .tap_gather_valid_o(), .tap_gather_quad_o(), .tap_gather_lanes_o(), .tap_gather_data_o(),
    .tap_lod_valid_o(), .tap_lod_quad_o(), .tap_lod_lanes_o(), .tap_lod_level_o(),
    .tap_lod_level1_o(), .tap_lod_lod_o(), .tap_lod_mipw_o(),
    .tap_addr_valid_o(), .tap_addr_quad_o(), .tap_addr_lanes_o(), .tap_addr_addr_o(),
    .tap_addr_oob_o(), .tap_addr_ufx_o(), .tap_addr_pass_o(),
    .tap_fetch_valid_o(), .tap_fetch_quad_o(), .tap_fetch_lanes_o(), .tap_fetch_texel_o(),
    .tap_fetch_pass_o(),
    .tap_format_valid_o(), .tap_format_quad_o(), .tap_format_lanes_o(), .tap_format_data_o(),
    .tap_format_pass_o(),
    .tap_filter_valid_o(), .tap_filter_quad_o(), .tap_filter_lanes_o(), .tap_filter_data_o(),
    .tap_filter_wt_o(),
    .tap_pixld_valid_o(), .tap_pixld_quad_o(), .tap_pixld_lanes_o(), .tap_pixld_ra_o(),
    .tap_pixld_index_o(), .tap_pixld_val_o(), .tap_pixld_pred_o()
  );

  // ---- the DUT's read ports, served from the model's state -----------------
  // Constant bank and register file: data the cycle after the read.
  always @(posedge clk) begin
    if (cb_rd_valid)
      cb_rd_data <= tm_cbank_read32(m, {16'b0, cb_rd_addr});
    if (rf_rd_valid)
      for (int s = 0; s < 8; s++)
        for (int l = 0; l < 4; l++)
          rf_rd_data[(s*4+l)*32 +: 32] <= tm_reg(m, int'(rf_rd_quad) * 4 + l,
                                                 int'(rf_rd_reg[s*8 +: 8]));
  end

  // Memory: one response register; a request is taken when it is free and
  // answered the next cycle (16 bytes per slot, with the pages' flags).
  assign mem_req_ready = !mem_rsp_valid || mem_rsp_ready;
  always @(posedge clk) begin
    int fl;
    logic [31:0] wd;
    if (!rst_n) begin
      mem_rsp_valid <= 1'b0;
    end else begin
      if (mem_rsp_valid && mem_rsp_ready)
        mem_rsp_valid <= 1'b0;
      if (mem_req_valid && mem_req_ready) begin
        mem_rsp_valid <= 1'b1;
        for (int s = 0; s < MemSlots; s++) begin
          mem_rsp_sparse[s] <= 1'b0;
          mem_rsp_fault[s] <= 1'b0;
          mem_rsp_data[s*128 +: 128] <= '0;
          if (mem_req_slots[s]) begin
            for (int w = 0; w < 4; w++) begin
              wd = tm_mem_read32(m, {16'b0, mem_req_addr[s*AddrW +: AddrW] & ~48'hf} + 64'(w * 4), fl);
              mem_rsp_data[s*128 + w*32 +: 32] <= wd;
              if (fl[0]) mem_rsp_sparse[s] <= 1'b1;
              if (fl[1]) mem_rsp_fault[s] <= 1'b1;
            end
          end
        end
      end
    end
  end

  // ---- the DUT's writes, collected ------------------------------------------
  logic [31:0] got_val [32][256];
  bit          got_w   [32][256];
  int          got_n;
  logic [31:0] got_pmask [7];
  logic [31:0] got_pval  [7];

  always @(posedge clk) begin
    if (rf_wr_valid)
      for (int l = 0; l < 4; l++)
        for (int s = 0; s < 4; s++)
          if (rf_wr_lanes[l] && rf_wr_slots[s] && rf_wr_reg[s*8 +: 8] != 8'd255) begin
            got_w[int'(rf_wr_quad) * 4 + l][rf_wr_reg[s*8 +: 8]] = 1'b1;
            got_val[int'(rf_wr_quad) * 4 + l][rf_wr_reg[s*8 +: 8]] = rf_wr_data[(s*4+l)*32 +: 32];
            got_n++;
          end
    if (pr_wr_valid && pr_wr_pred != 3'd7)
      for (int l = 0; l < 4; l++)
        if (pr_wr_lanes[l]) begin
          got_pmask[pr_wr_pred][int'(pr_wr_quad) * 4 + l] = 1'b1;
          got_pval[pr_wr_pred][int'(pr_wr_quad) * 4 + l] = pr_wr_data[l];
        end
  end

  function automatic void fail(string what);
    $display("FAIL %s", what);
    n_fail++;
  endfunction

  // ---- one instruction: DUT, then model, then compare -----------------------
  task automatic run_insn(input string sass);
    longint unsigned word;
    int unsigned ctrl;
    int st, cycles, lane, r;
    int unsigned v;
    logic [3:0] rtl_status;
    logic [7:0] rtl_hash;

    if (tm_asm(sass, word, ctrl) != 0) begin
      fail($sformatf("%s: does not assemble: %s", sass, tm_asm_error()));
      return;
    end
    for (int l = 0; l < 32; l++)
      for (int k = 0; k < 256; k++)
        got_w[l][k] = 1'b0;
    got_n = 0;
    for (int p = 0; p < 7; p++) begin
      got_pmask[p] = '0;
      got_pval[p] = '0;
    end

    // Issue from the model's state (it is the state before the step).
    @(negedge clk);
    issue_valid = 1'b1;
    issue_insn = word;
    issue_ctrl = ctrl[20:0];
    issue_ctm = tm_get(m, TM_CTM);
    issue_ktm = tm_get(m, TM_KTM);
    issue_pixel = tm_get(m, TM_PIXEL) != 0;
    issue_hash = 8'(tm_get(m, TM_HASH));
    for (int p = 0; p < 7; p++)
      issue_pred[p*32 +: 32] = tm_pred(m, p);
    do @(posedge clk); while (!issue_ready);
    @(negedge clk);
    issue_valid = 1'b0;

    cycles = 0;
    while (!done_valid && cycles < 20000) begin
      @(posedge clk);
      cycles++;
      #1;
    end
    if (!done_valid) begin
      fail($sformatf("%s: no done_valid_o in %0d cycles", sass, cycles));
      return;
    end
    rtl_status = done_status;
    rtl_hash = done_hash;
    @(negedge clk);   // the writes of the last edge are in

    st = tm_step(m, word, ctrl);
    n_insn++;
    if (int'(rtl_status) != st)
      fail($sformatf("%s: status rtl %0d model %0d", sass, rtl_status, st));
    if (32'(rtl_hash) != tm_hash(m))
      fail($sformatf("%s: hash rtl 0x%02x model 0x%02x", sass, rtl_hash, tm_hash(m)));
    if (got_n != tm_nregw(m))
      fail($sformatf("%s: %0d register writes from the rtl, %0d from the model", sass, got_n,
                     tm_nregw(m)));
    for (int i = 0; i < tm_nregw(m); i++) begin
      void'(tm_regw(m, i, lane, r, v));
      if (!got_w[lane][r])
        fail($sformatf("%s: lane %0d R%0d: the rtl did not write it", sass, lane, r));
      else if (got_val[lane][r] != v)
        fail($sformatf("%s: lane %0d R%0d: rtl 0x%08x model 0x%08x", sass, lane, r,
                       got_val[lane][r], v));
    end
    for (int p = 0; p < 7; p++)
      if (got_pmask[p] != tm_predw_mask(m, p) ||
          (got_pval[p] & got_pmask[p]) != (tm_predw_value(m, p) & got_pmask[p]))
        fail($sformatf("%s: P%0d writes rtl %08x/%08x model %08x/%08x", sass, p, got_pmask[p],
                       got_pval[p], tm_predw_mask(m, p), tm_predw_value(m, p)));
    $display("%s %s: status %0d, %0d register writes, %0d cycles",
             n_fail != 0 ? "..." : "ok ", sass, st, got_n, cycles);
  endtask

  // ---- the state, loaded into the model --------------------------------------
  // Header 3: R32G32B32A32, FLOAT x4, RGBA, PITCH, 2D at 0x100000, pitch 160,
  // 8x4, unnormalized coordinates.  Header 4: the same at 0x900000, which
  // is not mapped (its reads fault).
  localparam logic [31:0] Tic [8] = '{32'h58d7ff81, 32'h00100000, 32'h00400000, 32'h00000005,
                                      32'h00800007, 32'h00000003, 32'h0, 32'h0};

  task automatic load_state();
    m = tm_new();
    tm_set_tic_pool(m, 64'h10000, 63);
    for (int i = 0; i < 8; i++) begin
      void'(tm_mem_write32(m, 64'h10000 + 64'(3 * 32 + i * 4), Tic[i]));
      void'(tm_mem_write32(m, 64'h10000 + 64'(4 * 32 + i * 4),
                           i == 1 ? 32'h00900000 : Tic[i]));
    end
    // Texel (x, y) component c: 1.0f plus a small step, distinct per texel.
    for (int y = 0; y < 4; y++)
      for (int x = 0; x < 8; x++)
        for (int c = 0; c < 4; c++)
          void'(tm_mem_write32(m, 64'h100000 + 64'(y * 160 + x * 16 + c * 4),
                               32'h3f800000 + 32'((y * 8 + x) * 16 + c)));
    void'(tm_cbank_write32(m, 32'h1c, 3));   // bound handle 0x7 -> header 3
    void'(tm_cbank_write32(m, 32'h20, 4));   // bound handle 0x8 -> header 4
    for (int l = 0; l < 32; l++) begin
      void'(tm_set_reg(m, l, 9, l % 8));    // x
      void'(tm_set_reg(m, l, 11, l / 8));   // y
      // out-of-bounds x for every third lane in R12
      void'(tm_set_reg(m, l, 12, (l % 3 == 0) ? 8 + l : l % 8));
    end
    cfg_ogl = 1'(tm_get(m, TM_OGL_BINDING));
    cfg_fp16_rz = 1'(tm_get(m, TM_FP16_RZ));
    cfg_gob_desktop = 1'(tm_get(m, TM_GOB_DESKTOP));
    tic_base = 48'h10000;
    tic_max = 20'(tm_tic_max(m));
    tsc_base = '0;
    tsc_max = '0;
    raster = '0;
  endtask

  initial begin
    issue_valid = 1'b0;
    issue_insn = '0;
    issue_ctrl = '0;
    issue_ctm = '0;
    issue_ktm = '0;
    issue_pixel = 1'b0;
    issue_pred = '0;
    issue_hash = '0;
    cb_rd_data = '0;
    rf_rd_data = '0;
    mem_rsp_data = '0;
    mem_rsp_sparse = '0;
    mem_rsp_fault = '0;
    load_state();
    repeat (3) @(posedge clk);
    rst_n = 1'b1;
    repeat (2) @(posedge clk);

    run_insn("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;");
    run_insn("TLDS.LZ RZ, R20, R9, R11, 0x7, 2D, R;");
    run_insn("TLDS.LZ R24, R28, R12, R11, 0x7, 2D, RGBA;");
    void'(tm_set(m, TM_CTM, 32'h0000_ff0f));
    run_insn("TLDS.LZ R32, R36, R9, R11, 0x7, 2D, RGBA;");
    void'(tm_set(m, TM_CTM, 32'hffff_ffff));
    run_insn("TLDS.LZ R40, R44, R9, R11, 0x8, 2D, RGBA;");

    tm_free(m);
    m = null;
    if (n_fail != 0)
      $fatal(1, "FAIL %0d checks failed", n_fail);
    $display("PASS %0d instructions: rtl and model agree through DPI", n_insn);
    $finish;
  end

endmodule
