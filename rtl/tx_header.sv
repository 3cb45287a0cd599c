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
 * At the end of the run tx_layout is started (layout_start_o) with the
 * header on layout_tic_o, or with all zeros when there is no header or it
 * faulted (an all-zero header gives an unusable table).  done_o pulses the
 * cycle after: tic_o, hdr_valid_o, fault_o and compat_o are valid from then
 * until the next start_i, and so are the level-independent fields of the
 * layout table.  The layout's levels follow, one per clock (tx_layout).
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
  output logic                      hdr_valid_o,     // headerPtr <= tic_max
  output logic                      fault_o,         // header read faulted
  output logic                      compat_o         // target fits TEXTURE_TYPE (S3.7)
);

  typedef enum logic [2:0] {
    HdIdle,
    HdCheck,
    HdReq,
    HdRsp,
    HdDone
  } hd_state_e;

  hd_state_e        state_q, state_d;
  logic [47:0]      hdr_addr_q, hdr_addr_d;
  logic [255:0]     tic_q, tic_d;
  logic             valid_q, valid_d;
  logic             fault_q, fault_d;
  logic [3:0]       target_q;

  logic [47:0]      hdr_addr_now;
  logic [47:0]      req_addr;
  logic [47:0]      a0;
  logic             misaligned;
  logic [2:0]       used;
  logic [383:0]     rsp_bytes;
  logic [383:0]     rsp_shift;
  logic [3:0]       tex_type;

  // The header address: from the handle in the cycle it arrives (HdCheck),
  // from the register while the request waits for the port (HdReq).
  assign hdr_addr_now = tic_base_i + {23'd0, cb_rd_data_i[19:0], 5'd0};
  assign req_addr     = (state_q == HdCheck) ? hdr_addr_now : hdr_addr_q;
  assign a0           = {req_addr[47:4], 4'd0};
  assign misaligned   = (req_addr[3:0] != 4'd0);
  assign used       = {misaligned, 2'b11};

  // Header bytes: the used slots in order, faulted slots as zeros, then the
  // 32 bytes starting at the header address.
  always_comb begin
    for (int s = 0; s < 3; s++) begin
      rsp_bytes[s*128 +: 128] = (used[s] && !rsp_fault_i[s]) ? rsp_data_i[s*128 +: 128] : '0;
    end
    rsp_shift = rsp_bytes >> {hdr_addr_q[3:0], 3'd0};
  end

  ////////////////
  // Controller //
  ////////////////

  always_comb begin
    state_d    = state_q;
    hdr_addr_d = hdr_addr_q;
    tic_d      = tic_q;
    valid_d    = valid_q;
    fault_d    = fault_q;

    cb_rd_valid_o   = 1'b0;
    mem_req_valid_o = 1'b0;
    rsp_ready_o     = 1'b0;
    layout_start_o  = 1'b0;
    layout_tic_o    = '0;
    done_o          = 1'b0;

    unique case (state_q)
      HdIdle: begin
        if (start_i) begin
          cb_rd_valid_o = 1'b1;
          tic_d         = '0;
          valid_d       = 1'b0;
          fault_d       = 1'b0;
          state_d       = HdCheck;
        end
      end
      HdCheck: begin
        hdr_addr_d = hdr_addr_now;
        if (cb_rd_data_i[19:0] > tic_max_i) begin
          layout_start_o = 1'b1;
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
          tic_d          = rsp_shift[255:0];
          fault_d        = |(rsp_fault_i[2:0] & used);
          layout_start_o = 1'b1;
          layout_tic_o   = fault_d ? '0 : rsp_shift[255:0];
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
    end else begin
      state_q    <= state_d;
      hdr_addr_q <= hdr_addr_d;
      tic_q      <= tic_d;
      valid_q    <= valid_d;
      fault_q    <= fault_d;
      if (start_i && (state_q == HdIdle)) begin
        target_q <= target_i;
      end
    end
  end

  ////////////////
  // Requests   //
  ////////////////

  assign cb_rd_addr_o = {1'b0, tsidx_i, 2'b00};

  always_comb begin
    mem_req_slots_o = '0;
    mem_req_addr_o  = '0;
    for (int s = 0; s < 3; s++) begin
      mem_req_slots_o[s]           = used[s];
      mem_req_addr_o[s*AddrW +: AddrW] = used[s] ? a0 + 48'(s * 16) : '0;
    end
  end

  //////////////////////////
  // Type compatibility   //
  //////////////////////////

  // TEXTURE_TYPE, bits 154:151: 0 1D, 1 2D, 2 3D, 4 1D_ARRAY, 5 2D_ARRAY,
  // 6 1D_BUFFER, 7 2D_NO_MIPMAP.
  assign tex_type = tic_q[154:151];

  always_comb begin
    unique case (target_q)
      4'd0, 4'd1: compat_o = (tex_type == 4'd0) || (tex_type == 4'd4) || (tex_type == 4'd6);
      4'd7:       compat_o = (tex_type == 4'd2);
      4'd2, 4'd4, 4'd5, 4'd6, 4'd8, 4'd12:
                  compat_o = (tex_type == 4'd1) || (tex_type == 4'd5) || (tex_type == 4'd7);
      default:    compat_o = 1'b0;
    endcase
  end

  assign tic_o       = tic_q;
  assign hdr_valid_o = valid_q;
  assign fault_o     = fault_q;

  // Slots 3..15 of a header response and the sampler half of the handle
  // are not used by TLDS.
  logic unused_rsp;
  assign unused_rsp = ^{rsp_shift[383:256], rsp_data_i[MemSlots*128-1:384], rsp_fault_i[MemSlots-1:3],
                        cb_rd_data_i[31:20]};

endmodule
