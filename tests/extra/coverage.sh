#!/bin/sh
# tests/extra/coverage.sh BUILD_DIR - `texcosim coverage` over the
# checked-in vectors prints the bin table and the summary and writes JSON;
# a deliberately narrow file misses bins and fails --fail-under; bad input
# gives exit status 2.
set -u
T=${1:-build}/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM


"$T" coverage --json "$tmp/cov.json" vectors/*/*.jsonl >"$tmp/cov.txt" 2>"$tmp/cov.err" || {
    echo "FAIL: coverage over vectors/ exited $?: $(cat "$tmp/cov.err")"; exit 1; }
for want in '^tlds.target ' '^corner ' '^total ' ' hit$'; do
    grep -q "$want" "$tmp/cov.txt" || { echo "FAIL: report lacks '$want'"; exit 1; }
done
grep -q '"groups"' "$tmp/cov.json" && grep -q '"percent"' "$tmp/cov.json" ||
    { echo "FAIL: JSON report incomplete"; exit 1; }
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["total"]["bins_total"] > 0' \
        "$tmp/cov.json" || { echo "FAIL: the JSON report does not parse"; exit 1; }
fi
grep '^total' "$tmp/cov.txt"

# One vector, one 2D.LZ F32 instruction: most bins must be missed.
cat >"$tmp/narrow.jsonl" <<'V'
{"texcosim": 1, "id": "narrow", "tic": {"base": "0x10000", "max": 15}, "cbank": {"0x0": 1}, "headers": [{"index": 1, "fields": {"format": "A8B8G8R8", "dtype": "UNORM", "swizzle": ["R", "G", "B", "A"], "version": "PITCH", "address": "0x100000", "pitch": 64, "type": "2D", "width": 16, "height": 16}}], "mem": [{"addr": "0x100000", "size": 1024, "kind": "mapped"}], "steps": [{"sass": "TLDS.LZ RZ, R4, R2, R3, 0x0, 2D, R;"}]}
V
"$T" coverage --fail-under 50 "$tmp/narrow.jsonl" >"$tmp/n.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "FAIL: --fail-under 50 on a narrow file exited $rc, want 1"; exit 1; }
grep -q '1D.LL .* MISSED' "$tmp/n.txt" && grep -q '2D.LZ .* hit' "$tmp/n.txt" ||
    { echo "FAIL: narrow file: expected 2D.LZ hit and 1D.LL MISSED"; exit 1; }
"$T" coverage "$tmp/missing.jsonl" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: a missing file exited $rc, want 2"; exit 1; }
echo "ok   coverage table, JSON, narrow file and bad input"
