/**
 * tx_header - header stage: texture handle from the constant bank, the
 * 32-byte texture header (TIC) from memory, then the layout table.
 *
 * Twin of cmodel/header.c.  One run per instruction, started by start_i:
 *   1. read the handle at byte 4 * tsidx (cb port, fixed latency 1, S3.9);
 *   2. headerPtr = handle[19:0] > tic_max: no header (hdr_valid_o = 0, S3.7);
 *   3. one memory request for the header at tic_base + 32 * headerPtr: two
 *      16-byte slots, three when the address is not 16-byte aligned; the
 *      response is taken from the shared response FIFO;
 *   4. a fault on any slot used zeroes that slot's bytes and ends the run
 *      with fault_o (S3.10); otherwise tx_layout is started and waited for
 *      (its done_o stays high and layout_o stays valid until its next start).
 * done_o pulses for one cycle at the end; tic_o, hdr_valid_o, fault_o and
 * compat_o are held until the next start_i.
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
  input  logic                      layout_done_i,

  output logic                      done_o,
  output logic [255:0]              tic_o,           // header words, w0 at [31:0]
  output logic                      hdr_valid_o,     // headerPtr <= tic_max
  output logic                      fault_o,         // header read faulted
  output logic                      compat_o         // target fits TEXTURE_TYPE (S3.7)
);

  typedef enum logic [2:0] {
    HdIdle,
    HdHandle,
    HdCheck,
    HdReq,
    HdRsp,
    HdLayout,
    HdWait,
    HdDone
  } hd_state_e;

  hd_state_e        state_q, state_d;
  logic [47:0]      hdr_addr_q, hdr_addr_d;
  logic [255:0]     tic_q, tic_d;
  logic             valid_q, valid_d;
  logic             fault_q, fault_d;
  logic [3:0]       target_q;
  logic [12:0]      tsidx_q;

  logic [47:0]      a0;
  logic             misaligned;
  logic [2:0]       used;
  logic [383:0]     rsp_bytes;
  logic [383:0]     rsp_shift;
  logic [3:0]       tex_type;

  assign a0         = {hdr_addr_q[47:4], 4'd0};
  assign misaligned = (hdr_addr_q[3:0] != 4'd0);
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
    done_o          = 1'b0;

    unique case (state_q)
      HdIdle: begin
        if (start_i) begin
          tic_d   = '0;
          valid_d = 1'b0;
          fault_d = 1'b0;
          state_d = HdHandle;
        end
      end
      HdHandle: begin
        cb_rd_valid_o = 1'b1;
        state_d       = HdCheck;
      end
      HdCheck: begin
        hdr_addr_d = tic_base_i + {23'd0, cb_rd_data_i[19:0], 5'd0};
        if (cb_rd_data_i[19:0] > tic_max_i) begin
          state_d = HdDone;
        end else begin
          valid_d = 1'b1;
          state_d = HdReq;
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
          tic_d   = rsp_shift[255:0];
          fault_d = |(rsp_fault_i[2:0] & used);
          state_d = fault_d ? HdDone : HdLayout;
        end
      end
      HdLayout: begin
        layout_start_o = 1'b1;
        state_d        = HdWait;
      end
      HdWait: begin
        if (layout_done_i) begin
          state_d = HdDone;
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
      tsidx_q    <= '0;
    end else begin
      state_q    <= state_d;
      hdr_addr_q <= hdr_addr_d;
      tic_q      <= tic_d;
      valid_q    <= valid_d;
      fault_q    <= fault_d;
      if (start_i && (state_q == HdIdle)) begin
        target_q <= target_i;
        tsidx_q  <= tsidx_i;
      end
    end
  end

  ////////////////
  // Requests   //
  ////////////////

  assign cb_rd_addr_o = {1'b0, tsidx_q, 2'b00};

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
