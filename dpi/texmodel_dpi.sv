// texmodel_dpi.sv - the texcosim behavioural model (libtexmodel) for
// SystemVerilog benches, through DPI-C (docs/library.md).
//
// A model is a chandle.  Load state (memory, headers, constant bank,
// registers, predicates, knobs), step one instruction word, then read its
// effects: status, register writes, predicate writes, the warp hash.  The C
// side is dpi/texmodel_dpi.c over the public header texmodel.h; link it and
// libtexmodel into the simulation.  Not part of the synthesizable RTL
// (rtl/files.f does not list it).
package texmodel_dpi;

  // Completion status (texmodel.h enum texmodel_status, tx_pkg::tx_status_e).
  localparam int TM_OK      = 0;
  localparam int TM_ILLEGAL = 1;
  localparam int TM_FAULT   = 2;
  localparam int TM_TRAP    = 3;
  localparam int TM_UNIMPL  = 15;

  // Knobs (texmodel.h enum texmodel_knob).
  localparam int TM_CTM         = 0;
  localparam int TM_KTM         = 1;
  localparam int TM_PIXEL       = 2;
  localparam int TM_HASH        = 3;
  localparam int TM_FP16_RZ     = 4;
  localparam int TM_GOB_DESKTOP = 5;
  localparam int TM_OGL_BINDING = 6;

  // Life cycle.
  import "DPI-C" function chandle tm_new();
  import "DPI-C" function void    tm_free(input chandle m);
  import "DPI-C" function void    tm_reset(input chandle m);

  // State.  Functions returning int give 0, or -1 on a bad argument.
  import "DPI-C" function int tm_mem_write32(input chandle m, input longint unsigned addr,
                                             input int unsigned data);
  // Memory word at addr; flags gets 1 (sparse) | 2 (unmapped page).
  import "DPI-C" function int unsigned tm_mem_read32(input chandle m,
                                                     input longint unsigned addr,
                                                     output int flags);
  import "DPI-C" function void tm_set_tic_pool(input chandle m, input longint unsigned base,
                                               input int unsigned max_index);
  import "DPI-C" function void tm_set_tsc_pool(input chandle m, input longint unsigned base,
                                               input int unsigned max_index);
  import "DPI-C" function longint unsigned tm_tic_base(input chandle m);
  import "DPI-C" function int unsigned     tm_tic_max(input chandle m);
  import "DPI-C" function longint unsigned tm_tsc_base(input chandle m);
  import "DPI-C" function int unsigned     tm_tsc_max(input chandle m);
  import "DPI-C" function int tm_cbank_write32(input chandle m, input int unsigned offset,
                                               input int unsigned data);
  import "DPI-C" function int unsigned tm_cbank_read32(input chandle m,
                                                       input int unsigned offset);
  import "DPI-C" function int tm_set_reg(input chandle m, input int lane, input int r,
                                         input int unsigned value);
  import "DPI-C" function int unsigned tm_reg(input chandle m, input int lane, input int r);
  import "DPI-C" function int tm_set_pred(input chandle m, input int p, input int unsigned lanes);
  import "DPI-C" function int unsigned tm_pred(input chandle m, input int p);
  import "DPI-C" function int tm_set(input chandle m, input int knob, input int unsigned value);
  import "DPI-C" function int unsigned tm_get(input chandle m, input int knob);

  // SASS text to a word and control field (0, or -1: see tm_asm_error).
  import "DPI-C" function int tm_asm(input string sass, output longint unsigned word,
                                     output int unsigned ctrl);
  import "DPI-C" function string tm_asm_error();

  // Step one instruction; returns the status.
  import "DPI-C" function int tm_step(input chandle m, input longint unsigned word,
                                      input int unsigned ctrl);

  // Effects of the last step.
  import "DPI-C" function int tm_status(input chandle m);
  import "DPI-C" function int tm_nregw(input chandle m);
  import "DPI-C" function int tm_regw(input chandle m, input int i, output int lane,
                                      output int r, output int unsigned value);
  import "DPI-C" function int unsigned tm_predw_mask(input chandle m, input int p);
  import "DPI-C" function int unsigned tm_predw_value(input chandle m, input int p);
  import "DPI-C" function int unsigned tm_hash(input chandle m);

endpackage
