/**
 * tx_header - header stage: texture handle from the constant bank, the
 * 32-byte texture header (TIC) from memory, then the start of the layout
 * table.
 *
 * Twin of cmodel/header.c.  One run per instruction, started by start_i in
 * the issue cycle:
 *   1. the handle read at byte 4 * tsidx goes out in the start cycle itself
 *      (cb port, fixed latency 1, S3.9);
 *   2. the cycle the handle arrives: headerPtr = handle[19:0] > tic_max means
 *      no header (hdr_valid_o = 0, S3.7); otherwise the memory request for
 *      the header at tic_base + 32 * headerPtr goes out in that same cycle
 *      (two 16-byte slots, three when the address is not 16-byte aligned),
 *      or as soon as the port is ready;
 *   3. the response is taken from the shared response FIFO; a fault on any
 *      slot used zeroes that slot's bytes and sets fault_o (S3.10).
 * TEX (tex_i) also reads its sampler (TSC) in the same request: samplerPtr =
 * handle[31:20], or headerPtr when the OGL binding knob (ogl_i) is set (TEX
 * seed, SetSamplerBinding.ViaHeaderBinding).  Either index above its pool's
 * maximum makes the texture invalid: no memory access at all and every
 * result 0 (hdr_valid_o = 0).  The sampler's 32 bytes at tsc_base + 32 *
 * samplerPtr use slots 4, 5 (and 6 when not 16-byte aligned); a fault there
 * is a fault of the header stage like a header fault.
 * TEX.B (bindless_i) takes its handle from the Rb+0 operand of the lowest
 * active lane (S8.1) instead of the constant bank: the stage waits in
 * HdWaitB for the first quad the gather stage delivers (bh_valid_i, bh_i)
 * and then goes on as from the handle's arrival.
 * At the end of the run tx_layout is started (layout_start_o) with the
 * header on layout_tic_o, or with all zeros when there is no header or it
 * faulted (an all-zero header gives an unusable table).  done_o pulses the
 * cycle after: tic_o, hdr_valid_o, fault_o and compat_o are valid from then
 * until the next start_i, and so are the level-independent fields of the
 * layout table.  The layout's levels follow, one per clock (tx_layout).
 * Header cache (tx_hcache, in tx_top): in step 2 the header (and sampler)
 * addresses are looked up; on a hit the cached bytes are taken in that same
 * cycle, as if the response had arrived, and no request goes out.  A
 * response without a fault fills the cache.
 */
module tx_header
  import tx_pkg::*;
(
  input  logic                      clk_i,
  input  logic                      rst_ni,

  input  logic                      start_i,
  input  logic [12:0]               tsidx_i,         // word index into the bank
  input  logic [3:0]                target_i,        // TLDS target code
  input  logic [AddrW-1:0]          tic_base_i,      // header pool byte address
  input  logic [19:0]               tic_max_i,       // largest valid header index
  input  logic                      tex_i,           // TEX: read the sampler too
  input  logic                      tld_i,           // TLD: tex_dim_i gives the fit
  input  logic                      bindless_i,      // TEX.B: handle from bh_i
  input  logic                      bh_valid_i,      // bh_i valid (first gathered quad)
  input  logic [31:0]               bh_i,            // TEX.B handle
  input  logic [2:0]                tex_dim_i,       // TEX #paramA
  input  logic                      ogl_i,           // sampler index = header index
  input  logic [AddrW-1:0]          tsc_base_i,      // sampler pool byte address
  input  logic [11:0]               tsc_max_i,       // largest valid sampler index

  // ---- header cache (tx_hcache): lookup in HdCheck, fill on a response ----
  input  logic [TxTagW-1:0]         warp_i,          // warp slot, sampled with start_i
  output logic                      lk_valid_o,      // a lookup this cycle (counted)
  output logic [TxTagW-1:0]         lk_warp_o,
  output logic                      lk_tex_o,
  output logic [AddrW-1:0]          lk_hdr_addr_o,
  output logic [AddrW-1:0]          lk_tsc_addr_o,
  input  logic                      lk_hit_i,
  input  logic [255:0]              lk_tic_i,
  input  logic [255:0]              lk_tsc_i,
  output logic                      fill_o,
  output logic [255:0]              fill_tic_o,
  output logic [255:0]              fill_tsc_o,
  // ---- end of header cache ----

  // Constant bank: data the cycle after cb_rd_valid_o.
  output logic                      cb_rd_valid_o,
  output logic [15:0]               cb_rd_addr_o,    // byte address, word aligned
  input  logic [31:0]               cb_rd_data_i,    // handle: [31:20] sampler, [19:0] header

  // Memory request (muxed with the fetch stage by tx_top).
  output logic                      mem_req_valid_o,
  input  logic                      mem_req_ready_i,
  output logic [MemSlots-1:0]       mem_req_slots_o,
  output logic [MemSlots*AddrW-1:0] mem_req_addr_o,  // slot s at [s*48 +: 48], 16-B aligned

  // Head of the response FIFO.
  input  logic                      rsp_valid_i,
  output logic                      rsp_ready_o,
  input  logic [MemSlots*128-1:0]   rsp_data_i,      // slot s at [s*128 +: 128], LE bytes
  input  logic [MemSlots-1:0]       rsp_fault_i,     // slot s unmapped

  // Layout table builder.
  output logic                      layout_start_o,
  output logic [255:0]              layout_tic_o,    // header for tx_layout, 0 if none

  output logic                      done_o,
  output logic [255:0]              tic_o,           // header words, w0 at [31:0]
  output logic [255:0]              tsc_o,           // sampler words, w0 at [31:0] (TEX)
  output logic                      hdr_valid_o,     // headerPtr <= tic_max
  output logic                      fault_o,         // header read faulted
  output logic                      compat_o         // target fits TEXTURE_TYPE (S3.7)
);

  typedef enum logic [2:0] {
    HdIdle,
    HdWaitB,
    HdCheck,
    HdReq,
    HdRsp,
    HdDone
  } hd_state_e;

  hd_state_e        state_q, state_d;
  logic [47:0]      hdr_addr_q, hdr_addr_d;
  logic [255:0]     tic_q;
  logic             valid_q, valid_d;
  logic             fault_q, fault_d;
  logic [3:0]       target_q;
  logic             tex_q;
  logic [31:0]      bh_q;
  logic [TxTagW-1:0] warp_q;
  logic             bl_q;
  logic [31:0]      handle;
  logic [2:0]       dim_q;
  logic             tld_q;
  logic [47:0]      tsc_addr_q, tsc_addr_d;
  logic [255:0]     tsc_q;
  logic [47:0]      tsc_addr_now, treq_addr, t0;
  logic             tmisaligned;
  logic [2:0]       tused;
  logic [11:0]      smp_idx;
  logic             smp_bad;

  logic [47:0]      hdr_addr_now;
  logic [47:0]      req_addr;
  logic [47:0]      a0;
  logic             misaligned;
  logic [2:0]       used;
  logic [3:0]       tex_type;

  // The handle: the constant bank's data the cycle after the read, or the
  // TEX.B operand captured in HdWaitB.
  assign handle = bl_q ? bh_q : cb_rd_data_i;

  // The header address: from the handle in the cycle it arrives (HdCheck),
  // from the register while the request waits for the port (HdReq).
  assign hdr_addr_now = tic_base_i + {23'd0, handle[19:0], 5'd0};
  assign req_addr     = (state_q == HdCheck) ? hdr_addr_now : hdr_addr_q;
  assign a0           = {req_addr[47:4], 4'd0};
  assign misaligned   = (req_addr[3:0] != 4'd0);
  assign used       = {misaligned, 2'b11};

  // Sampler (TEX only): same request, slots 4-6.
  assign smp_idx      = ogl_i ? handle[11:0] : handle[31:20];
  assign smp_bad      = tex_q && ((ogl_i && (handle[19:12] != 8'd0)) || (smp_idx > tsc_max_i));
  assign tsc_addr_now = tsc_base_i + {31'd0, smp_idx, 5'd0};
  assign treq_addr    = (state_q == HdCheck) ? tsc_addr_now : tsc_addr_q;
  assign t0           = {treq_addr[47:4], 4'd0};
  assign tmisaligned  = (treq_addr[3:0] != 4'd0);
  assign tused        = tex_q ? {tmisaligned, 2'b11} : 3'b000;

  // The header (and sampler) bytes of a response: the used slots in order,
  // faulted slots as zeros, then the 32 bytes from the address (the two
  // 16-byte halves are windows of slots 0-1 and 1-2, tx_slot_window).  Evaluated
  // only in the cycle a response is taken (HdRsp): the response passes the
  // FIFO in the cycle it arrives, so this logic sits in the verilated
  // model's input region, which runs on every evaluation; the enable keeps
  // it to the one cycle that needs it (and is where clock gating would go).
  logic         rsp_take;
  logic [255:0] rsp_tic, rsp_tsc;   // with rsp_take: the header, the sampler

  assign rsp_take = (state_q == HdRsp) && rsp_valid_i;

  always_comb begin
    logic [127:0] b0, b1, b2, c0, c1, c2;
    rsp_tic = '0;
    rsp_tsc = '0;
    b0      = '0;
    b1      = '0;
    b2      = '0;
    c0      = '0;
    c1      = '0;
    c2      = '0;
    if (rsp_take) begin
      b0 = (used[0] && !rsp_fault_i[0]) ? rsp_data_i[0*128 +: 128] : '0;
      b1 = (used[1] && !rsp_fault_i[1]) ? rsp_data_i[1*128 +: 128] : '0;
      b2 = (used[2] && !rsp_fault_i[2]) ? rsp_data_i[2*128 +: 128] : '0;
      c0 = (tused[0] && !rsp_fault_i[4]) ? rsp_data_i[4*128 +: 128] : '0;
      c1 = (tused[1] && !rsp_fault_i[5]) ? rsp_data_i[5*128 +: 128] : '0;
      c2 = (tused[2] && !rsp_fault_i[6]) ? rsp_data_i[6*128 +: 128] : '0;
      rsp_tic = {tx_slot_window(b1, b2, hdr_addr_q[3:0]), tx_slot_window(b0, b1, hdr_addr_q[3:0])};
      rsp_tsc = {tx_slot_window(c1, c2, tsc_addr_q[3:0]), tx_slot_window(c0, c1, tsc_addr_q[3:0])};
    end
  end

  // No header (index above its maximum) or no sampler: no lookup, no
  // access.  Otherwise HdCheck looks the key up in the header cache.
  logic hd_bad;
  assign hd_bad     = (handle[19:0] > tic_max_i) || smp_bad;
  assign lk_valid_o = (state_q == HdCheck) && !hd_bad;

  ////////////////
  // Controller //
  ////////////////

  always_comb begin
    state_d    = state_q;
    hdr_addr_d = hdr_addr_q;
    tsc_addr_d = tsc_addr_q;
    valid_d    = valid_q;
    fault_d    = fault_q;

    cb_rd_valid_o   = 1'b0;
    mem_req_valid_o = 1'b0;
    rsp_ready_o     = 1'b0;
    layout_start_o  = 1'b0;
    layout_tic_o    = '0;
    done_o          = 1'b0;
    fill_o          = 1'b0;

    unique case (state_q)
      HdIdle: begin
        if (start_i) begin
          cb_rd_valid_o = !bindless_i;
          valid_d       = 1'b0;
          fault_d       = 1'b0;
          state_d       = bindless_i ? HdWaitB : HdCheck;
        end
      end
      HdWaitB: begin
        if (bh_valid_i) begin
          state_d = HdCheck;
        end
      end
      HdCheck: begin
        hdr_addr_d = hdr_addr_now;
        tsc_addr_d = tsc_addr_now;
        if (hd_bad) begin
          layout_start_o = 1'b1;
          state_d        = HdDone;
        end else if (lk_hit_i) begin
          // Header cache hit: the cached bytes, as from a response.
          valid_d        = 1'b1;
          layout_start_o = 1'b1;
          layout_tic_o   = lk_tic_i;
          state_d        = HdDone;
        end else begin
          valid_d         = 1'b1;
          mem_req_valid_o = 1'b1;
          state_d         = mem_req_ready_i ? HdRsp : HdReq;
        end
      end
      HdReq: begin
        mem_req_valid_o = 1'b1;
        if (mem_req_ready_i) begin
          state_d = HdRsp;
        end
      end
      HdRsp: begin
        rsp_ready_o = 1'b1;
        if (rsp_valid_i) begin
          fault_d        = |(rsp_fault_i[2:0] & used) || |(rsp_fault_i[6:4] & tused);
          layout_start_o = 1'b1;
          layout_tic_o   = fault_d ? '0 : rsp_tic;
          fill_o         = !fault_d;
          state_d        = HdDone;
        end
      end
      HdDone: begin
        done_o  = 1'b1;
        state_d = HdIdle;
      end
      default: state_d = HdIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q    <= HdIdle;
      hdr_addr_q <= '0;
      tic_q      <= '0;
      valid_q    <= 1'b0;
      fault_q    <= 1'b0;
      target_q   <= '0;
      tex_q      <= 1'b0;
      dim_q      <= '0;
      tld_q      <= 1'b0;
      tsc_addr_q <= '0;
      tsc_q      <= '0;
      bh_q       <= '0;
      bl_q       <= 1'b0;
      warp_q     <= '0;
    end else begin
      if (state_q == HdWaitB && bh_valid_i) begin
        bh_q <= bh_i;
      end
      state_q    <= state_d;
      hdr_addr_q <= hdr_addr_d;
      tsc_addr_q <= tsc_addr_d;
      // Header and sampler words: cleared at the start, then the cached
      // bytes (hit) or the response's (the window above).
      if ((state_q == HdIdle) && start_i) begin
        tic_q <= '0;
        tsc_q <= '0;
      end else if (lk_valid_o && lk_hit_i) begin
        tic_q <= lk_tic_i;
        tsc_q <= tex_q ? lk_tsc_i : '0;
      end else if (rsp_take) begin
        tic_q <= rsp_tic;
        tsc_q <= rsp_tsc;
      end
      valid_q    <= valid_d;
      fault_q    <= fault_d;
      if (start_i && (state_q == HdIdle)) begin
        target_q <= target_i;
        tex_q    <= tex_i;
        dim_q    <= tex_dim_i;
        tld_q    <= tld_i;
        bl_q     <= bindless_i;
        warp_q   <= warp_i;
      end
    end
  end

  ////////////////
  // Requests   //
  ////////////////

  assign cb_rd_addr_o = {1'b0, tsidx_i, 2'b00};

  // Only while the request may go out (HdCheck, HdReq); the handle comes
  // from the constant bank in the cycle it arrives, so this is in the
  // verilated model's input region, evaluated on every eval().
  always_comb begin
    mem_req_slots_o = '0;
    mem_req_addr_o  = '0;
    if ((state_q == HdCheck) || (state_q == HdReq)) begin
      for (int s = 0; s < 3; s++) begin
        mem_req_slots_o[s]           = used[s];
        mem_req_addr_o[s*AddrW +: AddrW] = used[s] ? a0 + 48'(s * 16) : '0;
        mem_req_slots_o[4+s]         = tused[s];
        mem_req_addr_o[(4+s)*AddrW +: AddrW] = tused[s] ? t0 + 48'(s * 16) : '0;
      end
    end
  end

  //////////////////////////
  // Type compatibility   //
  //////////////////////////

  // TEXTURE_TYPE, bits 154:151: 0 1D, 1 2D, 2 3D, 4 1D_ARRAY, 5 2D_ARRAY,
  // 6 1D_BUFFER, 7 2D_NO_MIPMAP.
  assign tex_type = tic_q[154:151];

  // TEX (docs/semantics.md, TEX section): a dim is compatible with the
  // texture types whose coordinate count it has.
  logic compat_tex, compat_tlds, compat_tld;

  always_comb begin
    unique case (dim_q)
      TexDim1d, TexDimA1d:   compat_tex = (tex_type == 4'd0) || (tex_type == 4'd4);
      TexDim2d, TexDimA2d:   compat_tex = (tex_type == 4'd1) || (tex_type == 4'd5) ||
                                          (tex_type == 4'd7);
      TexDim3d:              compat_tex = (tex_type == 4'd2);
      TexDimCube, TexDimACube: compat_tex = (tex_type == 4'd3) || (tex_type == 4'd8);
      default:               compat_tex = 1'b0;
    endcase
  end

  // TLD (cmodel/header.c tx_header_tld_compatible): its dim's family; the
  // cube dims, which decode illegal, never fit.
  always_comb begin
    unique case (dim_q)
      TexDim1d, TexDimA1d: compat_tld = (tex_type == 4'd0) || (tex_type == 4'd4) || (tex_type == 4'd6);
      TexDim2d, TexDimA2d: compat_tld = (tex_type == 4'd1) || (tex_type == 4'd5) || (tex_type == 4'd7);
      TexDim3d:            compat_tld = (tex_type == 4'd2);
      default:             compat_tld = 1'b0;
    endcase
  end

  assign compat_o = tex_q ? compat_tex : tld_q ? compat_tld : compat_tlds;

  always_comb begin
    unique case (target_q)
      4'd0, 4'd1: compat_tlds = (tex_type == 4'd0) || (tex_type == 4'd4) || (tex_type == 4'd6);
      4'd7:       compat_tlds = (tex_type == 4'd2);
      4'd2, 4'd4, 4'd5, 4'd6, 4'd8, 4'd12:
                  compat_tlds = (tex_type == 4'd1) || (tex_type == 4'd5) || (tex_type == 4'd7);
      default:    compat_tlds = 1'b0;
    endcase
  end

  // Header cache: the key of HdCheck's lookup; a fill writes the key of the
  // request (hdr_addr_q, tsc_addr_q) with the bytes of the response.
  assign lk_warp_o     = warp_q;
  assign lk_tex_o      = tex_q;
  assign lk_hdr_addr_o = (state_q == HdCheck) ? hdr_addr_now : hdr_addr_q;
  assign lk_tsc_addr_o = (state_q == HdCheck) ? tsc_addr_now : tsc_addr_q;
  assign fill_tic_o    = rsp_tic;
  assign fill_tsc_o    = rsp_tsc;

  assign tic_o       = tic_q;
  assign tsc_o       = tsc_q;
  assign hdr_valid_o = valid_q;
  assign fault_o     = fault_q;

  // Slots 3 and 7..15 of a header response are not used.
  logic unused_rsp;
  assign unused_rsp = ^{rsp_data_i[MemSlots*128-1:7*128],
                        rsp_data_i[4*128-1:3*128], rsp_fault_i[MemSlots-1:7], rsp_fault_i[3]};

endmodule
