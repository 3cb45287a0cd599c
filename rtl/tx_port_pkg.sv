/**
 * tx_port_pkg - the bundles between the units of tx_top (docs/rtl.md,
 * "Units of tx_top"): what tx_front gives each front stage of the quad pipe
 * about its instruction, and what the units hand to the port arbiter
 * (tx_port_arb): a register-file read, a register-file write, a predicate
 * write and a memory request, each with its valid bit, in the layout of the
 * tx_top port of the same name.
 */
`ifndef TX_PORT_PKG_SV
`define TX_PORT_PKG_SV
`include "tx_pkg.sv"

package tx_port_pkg;
  import tx_pkg::*;

  // tx_front -> tx_gather: the next walk's instruction (held in its context).
  typedef struct packed {
    logic       ctx;       // the context
    logic       tex;       // TEX or TLD (TEX's operand groups), else TLDS
    logic [3:0] target;    // TLDS target code
    logic [2:0] ra_n;      // TEX: registers of the Ra group
    logic [2:0] rb_n;      // TEX: registers of the Rb group
    logic       rb_last;   // TEX: the Ra group's last slot is Rb, the Rb group from Rb+1 (TEXS)
    logic [7:0] ra;
    logic [7:0] rb;
  } tx_walk_t;

  // tx_front -> tx_lod: the instruction of its quad (besides its header,
  // sampler and layout table, which are signals of their own).
  typedef struct packed {
    logic        is_tex;
    tx_tex_t     tex;
    logic [7:0]  div;         // TEX quad divergence
    logic [15:0] built;       // layout rows built
    logic        ll;          // TLDS or TLD .LL
    logic [2:0]  lod_slot;    // gather slot of the .LL level (TLDS 2, TLD 4 + .B)
    logic        ctx;         // the context (its table: tx_front's lay0_o / lay1_o)
    logic        view_ok;     // the header stage is done
    logic        hdr_valid;
    logic        force_zero;
    logic [3:0]  first;       // view levels
    logic [3:0]  last;
  } tx_lod_view_t;

  // tx_front -> tx_addr_quad (and tx_fetch's request): the instruction of its
  // quad (besides its header, sampler and layout table).
  typedef struct packed {
    logic              is_tex;
    tx_tex_t           tex;
    tx_tlds_t          dec;
    logic              dc;          // TEX depth compare applies
    logic [15:0]       built;       // layout rows built
    logic              lay_done;    // the layout table is complete
    logic              force_zero;
    logic [TxTagW-1:0] tag;
    logic              ctx;         // the context (its table: tx_front's lay0_o / lay1_o)
  } tx_addr_view_t;

  // tx_suld -> tx_front: tx_suld's port of the header cache (tx_hcache, in
  // tx_front): a lookup in its handle cycle (lk; cnt when the index is
  // valid, for the hit rate) and a fill when its header's response is taken
  // (the 32 bytes are a signal of their own, tx_suld's hc_fill_tic_o).
  typedef struct packed {
    logic              lk;
    logic              cnt;
    logic [TxTagW-1:0] warp;
    logic [AddrW-1:0]  lk_addr;
    logic              fill;
    logic [AddrW-1:0]  fill_addr;
  } tx_hc_port_t;

  // Register-file read: slot s names register reg[s*8 +: 8].
  typedef struct packed {
    logic        valid;
    logic [2:0]  quad;
    logic [63:0] regs;
  } tx_rf_rd_t;

  // Register-file write: slot s, lane l at data[(s*4+l)*32 +: 32].
  typedef struct packed {
    logic         valid;
    logic [2:0]   quad;
    logic [3:0]   lanes;
    logic [3:0]   slots;
    logic [31:0]  regs;
    logic [511:0] data;
  } tx_rf_wr_t;

  // Predicate write: lane l's value at data[l].
  typedef struct packed {
    logic       valid;
    logic [2:0] quad;
    logic [3:0] lanes;
    logic [2:0] pred;
    logic [3:0] data;
  } tx_pr_wr_t;

  // Memory request: slot s at addr[s*AddrW +: AddrW].
  typedef struct packed {
    logic                      valid;
    logic [MemSlots-1:0]       slots;
    logic [MemSlots*AddrW-1:0] addr;
  } tx_mem_req_t;

endpackage

`endif
