/**
 * tx_txq_pkg - the header query of TXQ (docs/semantics.md section 11): the
 * four components a query returns for one lane, from the texture's layout
 * (level-0 extent, layers, samples, view levels) and TEXTURE_TYPE.
 *
 * Combinational; called by tx_format_quad for slot 0 of each TXQ lane, in
 * place of the texel decode.  Twin of tx_txq_result in cmodel/txq.c.
 */
`ifndef TX_TXQ_PKG_SV
`define TX_TXQ_PKG_SV

`include "tx_pkg.sv"

package tx_txq_pkg;
  import tx_pkg::*;

  // What the query reads of its instruction (from tx_ctx_t: the query,
  // TEXTURE_TYPE and the layout's view), as tx_format_quad takes it.
  typedef struct packed {
    logic        txq;
    logic        tmml;
    logic [5:0]  query;
    logic [3:0]  ttype;
    logic [31:0] w, h, d;
    logic [15:0] layers;
    logic [4:0]  samples;
    logic [3:0]  first, last;
  } tx_txq_view_t;

  localparam logic [5:0] TxqDimension   = 6'd1;
  localparam logic [5:0] TxqTextureType = 6'd2;
  localparam logic [5:0] TxqSamplerPos  = 6'd5;

  // An extent at level a: halved per level, at least 1 (as tx_layout).
  function automatic logic [31:0] txq_minify(logic [31:0] n, logic [4:0] a);
    logic [31:0] m;
    m = n >> a;
    txq_minify = (m == 32'd0) ? 32'd1 : m;
  endfunction

  // Components {A, B, G, R} of query for the level operand `level`.
  function automatic logic [127:0] txq_result(logic [5:0] query, logic [31:0] level,
                                              logic [3:0] ttype, logic [31:0] w,
                                              logic [31:0] h, logic [31:0] d,
                                              logic [15:0] layers, logic [4:0] samples,
                                              logic [3:0] first, logic [3:0] last);
    logic [31:0] r, g, b, al;
    logic [4:0]  nlev, a;
    r  = '0;
    g  = '0;
    b  = '0;
    al = '0;
    nlev = (last >= first) ? 5'(last) - 5'(first) + 5'd1 : 5'd0;
    a    = 5'(first) + level[4:0];
    unique case (query)
      TxqDimension: begin
        // S11.3: the view's level count; an absent level gives 0 extents.
        al = 32'(nlev);
        if (level < 32'(nlev)) begin
          r = txq_minify(w, a);
          unique case (ttype)
            4'd4: g = 32'(layers);                          // 1D_ARRAY
            4'd1, 4'd7, 4'd3: g = txq_minify(h, a);         // 2D, 2D_NO_MIPMAP, CUBEMAP
            4'd5: begin                                     // 2D_ARRAY
              g = txq_minify(h, a);
              b = 32'(layers);
            end
            4'd8: begin                                     // CUBEMAP_ARRAY
              g = txq_minify(h, a);
              b = 32'(layers) / 32'd6;
            end
            4'd2: begin                                     // 3D
              g = txq_minify(h, a);
              b = txq_minify(d, a);
            end
            default: ;                                      // 1D, 1D_BUFFER
          endcase
        end
      end
      TxqTextureType: begin
        // S11.4: R = TEXTURE_TYPE, B = samples per pixel.
        r = 32'(ttype);
        b = 32'(samples);
      end
      TxqSamplerPos: begin
        // S11.5: the sample grid (columns, rows) and the sample count.
        r = (samples >= 5'd8) ? 32'd4 : (samples >= 5'd2) ? 32'd2 : 32'd1;
        g = (samples == 5'd16) ? 32'd4 : (samples >= 5'd4) ? 32'd2 : 32'd1;
        b = 32'(samples);
      end
      default: ;
    endcase
    txq_result = {al, b, g, r};
  endfunction

  // TMML (docs/semantics.md S12.3): the pair tx_lod packs per lane,
  // {G u8.8 [31:16], R s7.8 [15:0]}, as the components {0, 0, G, R}.
  function automatic logic [127:0] tmml_result(logic [31:0] pair);
    tmml_result = {64'd0, 16'd0, pair[31:16], {16{pair[15]}}, pair[15:0]};
  endfunction

endpackage

`endif
