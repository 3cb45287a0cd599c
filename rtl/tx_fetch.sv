/**
 * tx_fetch - texel fetch stage (twin of cmodel/fetch.c), one quad per cycle.
 *
 * Request side: a quad with at least one tap to fetch (in_fetch_i: active
 * lane, tap used, in bounds) sends one memory request, one 16-byte slot per
 * such tap (lane l, tap t uses slot 4*l+t), address = texel address with
 * bits [3:0] cleared.  A TLDS texel (tap 0) that runs past the end of its 16
 * bytes (possible only in a buffer, whose address is byte aligned) also uses
 * slot 4*l+1 for the next 16 bytes (docs/semantics.md S3.11); TEX never
 * reads buffers and its texels are aligned to their size.  A quad with no
 * such tap sends nothing.  Each accepted quad is pushed into
 * an in-order tracking FIFO (up to TrackDepth quads in flight), so memory
 * latency overlaps the following quads.
 * Response side: responses arrive in request order through the response
 * FIFO (tx_top).  The head quad leaves when its response is there (or at
 * once if it sent none).  A tap's texel is the bytes of its slot (and the
 * next one) from addr[3:0] on, cut to bpp bytes (upper bytes 0); taps not
 * fetched and taps with a faulted slot get 0 (S3.6, S3.10).
 * out_fault_o flags a quad with a faulted slot; out_sparse_o the lanes with
 * a tap on a sparse page (docs/semantics.md S8.15).  in_aux_i rides with the
 * quad to out_aux_o (the filter's per-lane data).
 */
module tx_fetch
  import tx_pkg::*;
#(
  parameter int unsigned TrackDepth = 4,
  parameter int unsigned AuxW       = 8
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  input  logic [4:0]                bpp_i,          // bytes per texel, 1..16 (held)
  // ---- warps: bytes per texel of the quad being requested (bpp_i is the
  // tracking head's; the two differ while instructions overlap) ----
  input  logic [4:0]                bpp_req_i,

  input  logic                      in_valid_i,
  output logic                      in_ready_o,
  input  logic [2:0]                in_quad_i,
  input  logic [3:0]                in_lanes_i,
  input  logic [767:0]              in_addr_i,      // lane l, tap t at [(l*4+t)*48 +: 48]
  input  logic [15:0]               in_fetch_i,     // lane l, tap t to fetch at bit l*4+t
  input  logic [AuxW-1:0]           in_aux_i,
  input  logic                      in_last_i,

  output logic                      mem_req_valid_o,
  input  logic                      mem_req_ready_i,
  output logic [MemSlots-1:0]       mem_req_slots_o,
  output logic [MemSlots*AddrW-1:0] mem_req_addr_o, // slot s at [s*48 +: 48], 16-B aligned

  input  logic                      rsp_valid_i,
  output logic                      rsp_ready_o,
  input  logic [MemSlots*128-1:0]   rsp_data_i,     // slot s at [s*128 +: 128], LE bytes
  input  logic [MemSlots-1:0]       rsp_fault_i,
  input  logic [MemSlots-1:0]       rsp_sparse_i,

  output logic                      out_valid_o,
  input  logic                      out_ready_i,
  output logic [2:0]                out_quad_o,
  output logic [3:0]                out_lanes_o,
  output logic [2047:0]             out_texel_o,    // lane l, tap t at [(l*4+t)*128 +: 128], LE
  output logic [AuxW-1:0]           out_aux_o,
  output logic [3:0]                out_sparse_o,   // lane l fetched from a sparse page
  output logic                      out_fault_o,
  output logic                      out_last_o
);

  // aux (wide) at bit 0: the verilated model copies it in and out of the
  // tracking FIFO word by word instead of shifting it by a bit.
  typedef struct packed {
    logic [2:0]  quad;
    logic [3:0]  lanes;
    logic [15:0] need;   // taps with a slot in the request
    logic [3:0]  need2;  // lanes whose tap-0 texel continues in slot 4*l+1
    logic [63:0] off;    // tap s byte offset in its slot at [s*4 +: 4]
    logic        last;
    logic [AuxW-1:0] aux;
  } trk_t;

  trk_t        push_e, head;
  logic        trk_push_ready, trk_valid, trk_pop;
  logic [15:0] need;
  logic [3:0]  need2;

  ///////////////
  // Requests  //
  ///////////////

  assign need = in_fetch_i;

  always_comb begin
    mem_req_slots_o = '0;
    mem_req_addr_o  = '0;
    for (int s = 0; s < 16; s++) begin
      mem_req_slots_o[s] = need[s];
      mem_req_addr_o[s*AddrW +: AddrW] = need[s] ? {in_addr_i[s*48+4 +: 44], 4'd0} : '0;
    end
    for (int l = 0; l < 4; l++) begin
      need2[l] = need[l*4] && !need[l*4+1] &&
                 ((5'(in_addr_i[(l*4)*48 +: 4]) + bpp_req_i) > 5'd16);
      if (need2[l]) begin
        mem_req_slots_o[l*4+1] = 1'b1;
        mem_req_addr_o[(l*4+1)*AddrW +: AddrW] = {in_addr_i[(l*4)*48+4 +: 44] + 44'd1, 4'd0};
      end
    end
  end

  assign mem_req_valid_o = in_valid_i && (|need) && trk_push_ready;
  assign in_ready_o      = trk_push_ready && (!(|need) || mem_req_ready_i);

  always_comb begin
    push_e.quad  = in_quad_i;
    push_e.lanes = in_lanes_i;
    push_e.need  = need;
    push_e.need2 = need2;
    push_e.aux   = in_aux_i;
    push_e.last  = in_last_i;
    for (int s = 0; s < 16; s++) begin
      push_e.off[s*4 +: 4] = in_addr_i[s*48 +: 4];
    end
  end

  tx_fifo #(
    .Width ($bits(trk_t)),
    .Depth (TrackDepth)
  ) u_track (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .push_valid_i (in_valid_i && in_ready_o),
    .push_ready_o (trk_push_ready),
    .push_data_i  (push_e),
    .pop_valid_o  (trk_valid),
    .pop_ready_i  (trk_pop),
    .pop_data_o   (head)
  );

  ///////////////
  // Responses //
  ///////////////

  logic          head_waits;
  logic [127:0]  bytes_mask;
  logic [15:0]   tap_fault;

  assign head_waits  = |head.need;
  assign out_valid_o = trk_valid && (!head_waits || rsp_valid_i);
  assign trk_pop     = out_valid_o && out_ready_i;
  assign rsp_ready_o = trk_valid && head_waits && out_ready_i;

  // bpp bytes of ones: 1..16 bytes.
  always_comb begin
    for (int b = 0; b < 16; b++) begin
      bytes_mask[b*8 +: 8] = (5'(b) < bpp_i) ? 8'hff : 8'h00;
    end
  end

  logic [15:0] cont;

  // Only tap 0 of a lane can continue into the next slot (TLDS buffers).
  always_comb begin
    for (int s = 0; s < 16; s++) begin
      cont[s] = ((s % 4) == 0) && head.need2[s/4];
    end
  end

  // Texels of the head quad.  A response passes the response FIFO in the
  // cycle it arrives, so this logic is in the verilated model's input
  // region, evaluated on every evaluation: it runs only while a response is
  // at the head of the FIFO for a quad that waits on it, and only for the
  // taps with a slot (simulation cost; also where clock gating would go).
  // Otherwise every texel, fault and sparse flag reads 0, which is also
  // what a quad with no slot gets.
  always_comb begin
    out_texel_o  = '0;
    tap_fault    = '0;
    out_sparse_o = '0;
    if (trk_valid && rsp_valid_i) begin
      for (int s = 0; s < 16; s++) begin
        if (head.need[s]) begin
          tap_fault[s] = rsp_fault_i[s] || (cont[s] && rsp_fault_i[(s+1)%16]);
          if (!tap_fault[s]) begin
            out_texel_o[s*128 +: 128] =
              tx_slot_window(rsp_data_i[s*128 +: 128],
                          cont[s] ? rsp_data_i[((s+1)%16)*128 +: 128] : 128'd0,
                          head.off[s*4 +: 4]) & bytes_mask;
          end
        end
      end
      for (int l = 0; l < 4; l++) begin
        out_sparse_o[l] = |(head.need[l*4 +: 4] & rsp_sparse_i[l*4 +: 4]);
      end
    end
  end

  assign out_fault_o = |tap_fault;

  assign out_quad_o  = head.quad;
  assign out_lanes_o = head.lanes;
  assign out_aux_o   = head.aux;
  assign out_last_o  = head.last;

endmodule
