/**
 * tx_rsp_route - memory-response routing: the response FIFO and the kind
 * of each outstanding request (docs/rtl.md, "Memory port and responses").
 *
 * Responses come back in request order.  Header requests of either
 * front-end context, texel requests of tx_fetch and tx_suld's requests
 * interleave on the port, so the kind of each accepted request (tx_suld's;
 * else a header, and which context's; else a texel request) is kept in
 * request order (the kind FIFO) and the head response goes to the unit
 * that sent it.  A unit takes its responses in its own request order, so
 * one that is not ready holds the others' behind it; none waits on
 * another's response to take its own, so the stream always drains.
 *
 * The response FIFO is two FIFOs with the same control (so the same
 * contents and state): the 2048 data bits, and the fault and sparse flags.
 * The data FIFO takes mem_rsp_data_i as it is and its head is rsp_data_o
 * itself, so the verilated model copies no 2080-bit concatenation or slice
 * of it on each evaluation.  C-model twin: tb/core/memserver.c serves the
 * requests; the model reads memory directly (cmodel/mem.c).
 */
module tx_rsp_route
  import tx_pkg::*;
#(
  parameter int unsigned TrackDepth = 256   // texel requests in flight (tx_fetch)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,

  // Requests accepted on the memory port
  input  logic                    req_fire_i,
  input  logic                    req_hdr_i,      // a header request ...
  input  logic                    req_ctx_i,      // ... of this context
  input  logic                    req_su_i,       // tx_suld's request

  // Memory response port of tx_top
  input  logic                    mem_rsp_valid_i,
  output logic                    mem_rsp_ready_o,
  input  logic [MemSlots*128-1:0] mem_rsp_data_i,
  input  logic [MemSlots-1:0]     mem_rsp_sparse_i,
  input  logic [MemSlots-1:0]     mem_rsp_fault_i,
  input  logic [TxMemIdW-1:0]     mem_rsp_id_i,   // not needed: responses come in request order

  // The head response and where it goes
  output logic                    rsp_valid_o,
  output logic [MemSlots*128-1:0] rsp_data_o,
  output logic [MemSlots-1:0]     rsp_fault_o,
  output logic [MemSlots-1:0]     rsp_sparse_o,
  output logic                    rsp_hdr_o,      // to a header stage ...
  output logic                    rsp_ctx_o,      // ... this context's
  output logic                    rsp_su_o,       // to tx_suld
  input  logic                    hdr_ready_i,    // that header stage takes it
  input  logic                    fetch_ready_i,  // tx_fetch takes it
  input  logic                    su_ready_i      // tx_suld takes it
);

  logic                  pop;
  logic                  flags_push_ready, flags_valid;
  logic [2*MemSlots-1:0] flags;
  logic                  kind_valid, kind_ready, kind_q_hdr, kind_q_su;

  assign pop = rsp_su_o ? su_ready_i : (rsp_hdr_o ? hdr_ready_i : fetch_ready_i);

  tx_fifo #(
    .Width  (MemSlots * 128),
    .Depth  (4),
    .Bypass (1'b1)
  ) u_rsp_fifo (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_valid_i (mem_rsp_valid_i),
    .push_ready_o (mem_rsp_ready_o),
    .push_data_i  (mem_rsp_data_i),
    .pop_valid_o  (rsp_valid_o),
    .pop_ready_i  (pop),
    .pop_data_o   (rsp_data_o)
  );

  tx_fifo #(
    .Width  (2 * MemSlots),
    .Depth  (4),
    .Bypass (1'b1)
  ) u_rsp_flags (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_valid_i (mem_rsp_valid_i),
    .push_ready_o (flags_push_ready),
    .push_data_i  ({mem_rsp_sparse_i, mem_rsp_fault_i}),
    .pop_valid_o  (flags_valid),
    .pop_ready_i  (pop),
    .pop_data_o   (flags)
  );

  assign rsp_fault_o  = flags[MemSlots-1:0];
  assign rsp_sparse_o = flags[2*MemSlots-1:MemSlots];

  // The kind FIFO holds every request that can be outstanding: TrackDepth
  // texel requests (tx_fetch's tracking), TrackDepth of tx_suld's and its
  // header request, and one header request per front-end context.
  tx_fifo #(
    .Width  (3),
    .Depth  (4 * TrackDepth),
    .Bypass (1'b0)
  ) u_kind_fifo (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_valid_i (req_fire_i),
    .push_ready_o (kind_ready),
    .push_data_i  ({req_su_i, req_ctx_i, req_hdr_i}),
    .pop_valid_o  (kind_valid),
    .pop_ready_i  (rsp_valid_o && pop),
    .pop_data_o   ({kind_q_su, rsp_ctx_o, kind_q_hdr})
  );

  assign rsp_su_o  = kind_valid && kind_q_su;
  assign rsp_hdr_o = kind_valid && kind_q_hdr;

  // The flags FIFO's handshake is the data FIFO's.
  logic unused;
  assign unused = ^{flags_push_ready, flags_valid, kind_ready, mem_rsp_id_i};

endmodule
