// rtl/files.f - the synthesizable RTL in compile order: the packages first
// (tx_pkg, then each rtl/*_pkg.sv; each includes the packages it uses), then one
// module per file.  Paths are relative to the top of the tree
// (verilator -f rtl/files.f ..., or any simulator's -f).  tests/extra/library.sh
// checks that it lists exactly rtl/*.sv.
+incdir+rtl
rtl/tx_pkg.sv
rtl/tx_addr_pkg.sv
rtl/tx_bc1_pkg.sv
rtl/tx_bc6_pkg.sv
rtl/tx_bc7_pkg.sv
rtl/tx_bcn_pkg.sv
rtl/tx_etc2_pkg.sv
rtl/tx_format_comp_pkg.sv
rtl/tx_format_pkg.sv
rtl/tx_port_pkg.sv
rtl/tx_txq_pkg.sv
rtl/tx_addr_quad.sv
rtl/tx_border.sv
rtl/tx_ctx.sv
rtl/tx_cube.sv
rtl/tx_cube_corner.sv
rtl/tx_decode.sv
rtl/tx_f32_to_f16.sv
rtl/tx_fetch.sv
rtl/tx_fifo.sv
rtl/tx_filter.sv
rtl/tx_format_quad.sv
rtl/tx_front.sv
rtl/tx_gather.sv
rtl/tx_hcache.sv
rtl/tx_header.sv
rtl/tx_issue.sv
rtl/tx_layout.sv
rtl/tx_lod.sv
rtl/tx_lod_foot.sv
rtl/tx_pack.sv
rtl/tx_pixld.sv
rtl/tx_port_arb.sv
rtl/tx_quad_pipe.sv
rtl/tx_rsp_route.sv
rtl/tx_srgb_lut.sv
rtl/tx_stage_reg.sv
rtl/tx_suld.sv
rtl/tx_suld_addr.sv
rtl/tx_suld_data.sv
rtl/tx_suld_decode.sv
rtl/tx_tags.sv
rtl/tx_top.sv
