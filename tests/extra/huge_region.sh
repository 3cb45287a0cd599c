#!/bin/sh
# tests/extra/huge_region.sh BUILD_DIR - a `mem` region of any size costs the
# same to map (docs/vector-format.md, "Memory regions"): the whole 48-bit
# space as mapped, sparse and unmapped in one vector runs at once, under a
# 1 GiB address-space limit and a 60 s bound, and the vector still passes
# (the regions before the original ones leave the same final memory).
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
big='{"addr":"0x0","size":"0xffffffffffff","kind":"mapped"},'
big=$big'{"addr":"0x0","size":"0xffffffffffff","kind":"sparse"},'
big=$big'{"addr":"0x1000","size":"0xfffffffff000","kind":"mapped"},'
big=$big'{"addr":"0x0","size":"0xffffffffffff","kind":"unmapped"},'
head -n 1 vectors/tlds/seed-examples.jsonl | sed "s/\"mem\":\[/\"mem\":[$big/" >"$tmp/v.jsonl"
grep -q fffffffff000 "$tmp/v.jsonl" || { echo "FAIL: could not build the vector"; exit 1; }
# AddressSanitizer (make SAN=1) reserves terabytes of shadow up front.
lim=1048576
ldd "$T" 2>/dev/null | grep -q asan && lim=unlimited
( ulimit -v $lim; exec timeout 60 $T run -j 1 --no-waves "$tmp/v.jsonl" ) >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
if [ $rc -ne 0 ] || ! grep -q '^PASS' "$tmp/out"; then
    echo "FAIL: 2^48-byte regions: status $rc"
    exit 1
fi
echo "ok   2^48-byte regions map at once"
