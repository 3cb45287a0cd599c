/**
 * tx_port_pkg - the bundles that the units of tx_top hand to the port
 * arbiter (tx_port_arb): a register-file read, a register-file write, a
 * predicate write and a memory request, each with its valid bit, in the
 * layout of the tx_top port of the same name (docs/rtl.md, "Port
 * arbitration").
 */
`ifndef TX_PORT_PKG_SV
`define TX_PORT_PKG_SV
`include "tx_pkg.sv"

package tx_port_pkg;
  import tx_pkg::*;

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
