// tb_bptc - stand-alone check of rtl/tx_bc6_pkg.sv and rtl/tx_bc7_pkg.sv (the
// functions tx_bc6_decode and tx_bc7_decode of their packages) against a
// reference file of tests/extra/bptc_ref.py (every texel of every block).
// Built with `verilator --binary --timing` by tests/extra/bptc_rtl.sh; the
// file name comes from +ref=PATH.  Prints "N texels, M mismatches" and
// finishes with $fatal on a mismatch.  (A test bench, not part of rtl/.)
module tb_bptc;
  logic [127:0] blk;
  logic [1:0]   sx, sy;
  logic         sgn;
  logic [127:0] t6, t7;

  // The substitute texels, bits 127:64 (BC6H) and 127:32 (BC7) 0.
  always_comb begin
    t6 = {64'd0, tx_bc6_pkg::tx_bc6_decode(blk, sx, sy, sgn)};
    t7 = {96'd0, tx_bc7_pkg::tx_bc7_decode(blk, sx, sy)};
  end

  // Module-level (not initial-block locals): the bench suspends on #1.
  string path, fmt, line;
  int fd, n, bad, rc;
  logic [127:0] raw;
  logic [63:0] want [16];
  logic [63:0] got;

  initial begin
    if (!$value$plusargs("ref=%s", path)) $fatal(1, "tb_bptc: +ref=PATH missing");
    fd = $fopen(path, "r");
    if (fd == 0) $fatal(1, "tb_bptc: cannot open %s", path);
    bad = 0;
    while (!$feof(fd)) begin
      rc = $fgets(line, fd);
      if (rc <= 0 || line.len() < 40 || line.getc(0) == "#") continue;
      n = $sscanf(line, "%s %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h", fmt, raw,
                  want[0], want[1], want[2], want[3], want[4], want[5], want[6], want[7],
                  want[8], want[9], want[10], want[11], want[12], want[13], want[14], want[15]);
      if (n != 18) $fatal(1, "tb_bptc: malformed line: %s", line);
      // The file lists byte 0 first; the block port has byte 0 in bits 7:0.
      // (One whole assignment: Verilator's --timing scheduler missed the
      // combinational update after byte-by-byte writes of blk.)
      blk = {<<8{raw}};
      sgn = (fmt == "bc6s");
      for (int t = 0; t < 16; t++) begin
        sx = 2'(t % 4);
        sy = 2'(t / 4);
        #1;
        if (fmt == "bc7")
          got = {32'b0, t7[7:0], t7[15:8], t7[23:16], t7[31:24]};     // RRGGBBAA
        else
          got = {16'b0, t6[15:0], t6[31:16], t6[47:32]};              // RRRRGGGGBBBB
        if (got !== want[t] || (fmt == "bc7" ? t7[127:32] != 0 : t6[127:48] != 128'h3c00)) begin
          if (bad < 10) $display("MISMATCH %s block %032h texel %0d: rtl %h reference %h",
                                 fmt, raw, t, got, want[t]);
          bad++;
        end
      end
    end
    $display("%0d texels, %0d mismatches", $time, bad);  // one texel per time unit
    if (bad != 0) $fatal(1, "tb_bptc: mismatches");
    $finish;
  end
endmodule
