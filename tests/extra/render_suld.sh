#!/bin/sh
# tests/extra/render_suld.sh BUILD_DIR - `texcosim render --insn suld` reads a
# surface back through SULD.P.2D in lockstep: model and RTL agree (exit 0),
# and the picture equals the one TLDS (F32) reads from the same texture, since
# both go through the same format stage (docs/semantics.md S6.2).
set -u
T=${1:-build}/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

for layout in blocklinear pitch; do
    "$T" render --insn suld --format A2B10G10R10 --layout $layout --size 40x24 --latency 2 \
        --jitter 3 --out "$tmp/s" >"$tmp/s.out" || { echo "FAIL: SULD render exited $?"; exit 1; }
    grep -q 'SULD.P' "$tmp/s.out" || { echo "FAIL: the report does not say SULD.P"; exit 1; }
    cmp -s "$tmp/s/model.png" "$tmp/s/rtl.png" || { echo "FAIL: $layout: model.png and rtl.png differ"; exit 1; }
    "$T" render --format A2B10G10R10 --layout $layout --size 40x24 --out "$tmp/t" >/dev/null ||
        { echo "FAIL: TLDS render exited $?"; exit 1; }
    cmp -s "$tmp/s/model.png" "$tmp/t/model.png" ||
        { echo "FAIL: $layout: SULD.P and TLDS pictures differ"; exit 1; }
done
"$T" render --insn suld --f16 --out "$tmp/x" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: --insn suld --f16 exited $rc, want 2"; exit 1; }
"$T" render --insn sust --out "$tmp/x" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: --insn sust exited $rc, want 2"; exit 1; }
echo "ok   render --insn suld: model = RTL = TLDS picture, pitch and block-linear"
