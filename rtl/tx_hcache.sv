/**
 * tx_hcache - header and sampler cache of the texture front end
 * (docs/rtl.md, "Header cache").
 *
 * Entries entries, each the 32-byte header (TIC) read for one texture and,
 * for TEX, the 32-byte sampler (TSC) read with it.  An entry is keyed by
 * what decides the bytes read: the warp slot (each warp slot may see its
 * own memory image), the header's byte address (tic_base + 32 *
 * headerPtr) and, when it holds a sampler, the sampler's byte address.
 * Texture memory is read-only for the pipe, and reset clears every entry,
 * so an entry stays correct until the next reset; the testbench resets the
 * design before it gives a warp slot a new vector.
 *
 * Lookups are combinational (NLk ports, one per header stage, each
 * evaluated only in a cycle its lk_en_i is set; otherwise it reports a
 * miss and zeros): a TLDS
 * (tex_i = 0) hits any entry with its header address, a TEX only an entry
 * that also holds its sampler address.  The lowest matching entry wins
 * (two header stages may fill the same key).  A fill (the response of a
 * header request, not faulted) writes the next entry in round-robin order.
 */
module tx_hcache
  import tx_pkg::*;
#(
  parameter int unsigned Entries = 8,
  parameter int unsigned NLk     = 1
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,

  input  logic [NLk-1:0]                lk_en_i,        // port p looks up this cycle
  input  logic [NLk-1:0][TxTagW-1:0]    lk_warp_i,
  input  logic [NLk-1:0]                lk_tex_i,
  input  logic [NLk-1:0][AddrW-1:0]     lk_hdr_addr_i,
  input  logic [NLk-1:0][AddrW-1:0]     lk_tsc_addr_i,
  output logic [NLk-1:0]                lk_hit_o,
  output logic [NLk-1:0][255:0]         lk_tic_o,
  output logic [NLk-1:0][255:0]         lk_tsc_o,

  input  logic                          fill_i,
  input  logic [TxTagW-1:0]             fill_warp_i,
  input  logic                          fill_tex_i,
  input  logic [AddrW-1:0]              fill_hdr_addr_i,
  input  logic [AddrW-1:0]              fill_tsc_addr_i,
  input  logic [255:0]                  fill_tic_i,
  input  logic [255:0]                  fill_tsc_i
);

  localparam int unsigned IdxW = (Entries > 1) ? $clog2(Entries) : 1;

  typedef struct packed {
    logic              valid;
    logic              tex;
    logic [TxTagW-1:0] warp;
    logic [AddrW-1:0]  hdr_addr;
    logic [AddrW-1:0]  tsc_addr;
  } hc_key_t;

  hc_key_t          key_q [Entries];
  logic [255:0]     tic_q [Entries];
  logic [255:0]     tsc_q [Entries];
  logic [IdxW-1:0]  victim_q;

  // A port looks up only when its header stage asks (lk_en_i: the cycle the
  // handle arrives); the 16 key compares and the data read are evaluated
  // only then (simulation cost: the key comes from the constant bank's data,
  // so this sits in the verilated model's input region; it is also where
  // clock gating would go).  The data is read once, from the entry found.
  logic [NLk-1:0][IdxW-1:0] lk_idx;

  always_comb begin
    for (int p = 0; p < NLk; p++) begin
      lk_hit_o[p] = 1'b0;
      lk_tic_o[p] = '0;
      lk_tsc_o[p] = '0;
      lk_idx[p]   = '0;
      if (lk_en_i[p]) begin
        for (int e = Entries - 1; e >= 0; e--) begin
          if (key_q[e].valid && (key_q[e].warp == lk_warp_i[p]) &&
              (key_q[e].hdr_addr == lk_hdr_addr_i[p]) &&
              (!lk_tex_i[p] || (key_q[e].tex && (key_q[e].tsc_addr == lk_tsc_addr_i[p])))) begin
            lk_hit_o[p] = 1'b1;
            lk_idx[p]   = IdxW'(e);
          end
        end
        if (lk_hit_o[p]) begin
          lk_tic_o[p] = tic_q[lk_idx[p]];
          lk_tsc_o[p] = tsc_q[lk_idx[p]];
        end
      end
    end
  end

  // Keys are reset; the data of an entry is written with its key.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      victim_q <= '0;
      for (int e = 0; e < Entries; e++) begin
        key_q[e] <= '0;
      end
    end else if (fill_i) begin
      victim_q           <= victim_q + 1'b1;
      key_q[victim_q]    <= '{valid:    1'b1,
                              tex:      fill_tex_i,
                              warp:     fill_warp_i,
                              hdr_addr: fill_hdr_addr_i,
                              tsc_addr: fill_tex_i ? fill_tsc_addr_i : '0};
    end
  end

  always_ff @(posedge clk_i) begin
    if (fill_i) begin
      tic_q[victim_q] <= fill_tic_i;
      tsc_q[victim_q] <= fill_tsc_i;
    end
  end

endmodule
