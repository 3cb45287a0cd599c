#!/bin/sh
# tests/extra/hw_record_nvcc.sh BUILD_DIR - hw/record.cu compiles with nvcc
# (where the CUDA toolkit is installed; skipped, exit 77, elsewhere), and the
# program it makes refuses a wrong command line and a malformed plan before it
# needs a GPU.  Running it on a GPU is `make hw-record`.
set -u
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
    echo "nvcc not installed: hw/record.cu not compiled (set NVCC to check it)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
if ! "$NVCC" -O2 -std=c++17 hw/record.cu -o "$tmp/record" >"$tmp/err" 2>&1; then
    echo "FAIL: $NVCC hw/record.cu: $(head -n 20 "$tmp/err")"
    exit 1
fi
"$tmp/record" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: record without arguments exited $rc, want 2"; exit 1; }
printf 'texcosim-hw-plan 7\n' >"$tmp/bad.plan"
"$tmp/record" "$tmp/bad.plan" "$tmp/answers" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q 'plan version' "$tmp/err" ||
    { echo "FAIL: a plan of another version: rc=$rc $(cat "$tmp/err")"; exit 1; }
echo "ok   $("$NVCC" --version | tail -n 1): hw/record.cu compiles"
