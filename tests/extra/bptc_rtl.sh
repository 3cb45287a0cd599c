#!/bin/sh
# tests/extra/bptc_rtl.sh BUILD_DIR - rtl/tx_bc6_pkg.sv and rtl/tx_bc7_pkg.sv alone
# against the independent reference decoders: tests/rtl/tb_bptc.sv, built
# with `verilator --binary`, reads every block of a reference file of
# tests/extra/bptc_ref.py (real encoders' blocks and random blocks of every
# mode) and compares all 16 texels.  The vectors check the same modules in
# lockstep with the model; this check reaches every mode of every format.
# Building the bench takes about a minute, so it runs only when
# TEXCOSIM_BPTC_RTL=1 (otherwise it is skipped, exit 77).  Without python3 and
# its packages it uses the checked-in sample tests/unit/bptc_ref.txt.
set -u
B=${1:-build}
if [ "${TEXCOSIM_BPTC_RTL:-0}" != 1 ]; then
    echo "skip: set TEXCOSIM_BPTC_RTL=1 to build and run tests/rtl/tb_bptc.sv (about a minute)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
ref=tests/unit/bptc_ref.txt
if python3 tests/extra/bptc_ref.py "$tmp/ref.txt" --count 40 >"$tmp/py.out" 2>&1; then
    ref=$tmp/ref.txt
fi
if ! verilator --binary --timing -Wno-fatal -Wno-WIDTH -Irtl --top-module tb_bptc -Mdir "$tmp/obj" \
        rtl/tx_pkg.sv rtl/tx_bc6_pkg.sv rtl/tx_bc7_pkg.sv tests/rtl/tb_bptc.sv >"$tmp/build.log" 2>&1; then
    tail -n 20 "$tmp/build.log"
    echo "FAIL: building tests/rtl/tb_bptc.sv"
    exit 1
fi
if ! "$tmp/obj/Vtb_bptc" +ref="$ref" >"$tmp/run.out" 2>&1; then
    head -n 12 "$tmp/run.out"
    echo "FAIL: the RTL differs from the reference decoders ($ref)"
    exit 1
fi
grep mismatches "$tmp/run.out"
echo "reference: $ref"
