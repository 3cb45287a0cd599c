#!/bin/sh
# tests/extra/coverage.sh BUILD_DIR - `texcosim coverage` over the
# checked-in vectors prints the bin table and the summary and writes JSON;
# a deliberately narrow file misses bins and fails --fail-under; --by-file
# names the bins only one file hits; bad input gives exit status 2.
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
# --by-file: the same vector with Rd0 = R5 (odd) hits a bin the first file
# does not, and each file's own bin is named under its "only in" heading.
sed 's/TLDS.LZ RZ, R4,/TLDS.LZ RZ, R5,/; s/"narrow"/"narrow-odd"/' "$tmp/narrow.jsonl" >"$tmp/odd.jsonl"
"$T" coverage --summary --by-file --json "$tmp/by.json" "$tmp/narrow.jsonl" "$tmp/odd.jsonl" \
    >"$tmp/by.txt" 2>&1 || { echo "FAIL: --by-file exited $?"; exit 1; }
awk '/^only in .*odd.jsonl:/ {f = 1; next} /^only in/ {f = 0} f' "$tmp/by.txt" |
    grep -q 'regs.destination .*TLDS F32 Rd0 receives 1 at an odd register' ||
    { echo "FAIL: --by-file does not name the odd-Rd0 bin under odd.jsonl"; cat "$tmp/by.txt"; exit 1; }
awk '/^only in .*narrow.jsonl:/ {f = 1; next} /^only in/ {f = 0} f' "$tmp/by.txt" |
    grep -q 'TLDS F32 Rd0 receives 1 at an even register' ||
    { echo "FAIL: --by-file does not name the even-Rd0 bin under narrow.jsonl"; exit 1; }
grep -q '"by_file"' "$tmp/by.json" && grep -q '"only_here"' "$tmp/by.json" ||
    { echo "FAIL: --by-file JSON lacks by_file / only_here"; exit 1; }
for g in format.bptc-partition format.bptc-anchor format.block-type regs.destination \
         sample.aniso-lanes sample.float-special suld.type; do
    grep -q "^$g " "$tmp/cov.txt" || { echo "FAIL: report lacks group $g"; exit 1; }
done
"$T" coverage "$tmp/missing.jsonl" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: a missing file exited $rc, want 2"; exit 1; }
echo "ok   coverage table, JSON, narrow file, --by-file and bad input"
