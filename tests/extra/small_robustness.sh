#!/bin/sh
# tests/extra/small_robustness.sh BUILD_DIR - smaller promises about bad
# input and outputs (docs/regression.md, "Guarantees"):
#  1. merge over a file-size limit: status 2, the message once, no .tmp left;
#  2. run --group with an id no vector has: a warning naming it (-j 1, -j 2);
#  3. a damaged .jsonl.gz: the message names the file, not zlib's "<fd:N>";
#  4. the step maximum is reachable: 200,000 bare steps run, 200,001 are
#     refused with the maximum's own message (not "line too complex").
# (A member repeated through an escape, "i\u0064", is tests/neg.)
set -u
export LC_ALL=C   # awk writes one byte per %c
B=${1:-build}
T=$B/texcosim
V=vectors/tlds/seed-examples.jsonl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
nfail=0
ok()   { echo "ok   $1"; }
bad()  { echo "FAIL $1"; nfail=$((nfail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

$T run -q --results "$tmp/in.jsonl" vectors/tlds/tlds-directed.jsonl >/dev/null 2>&1
mkdir "$tmp/m"
( ulimit -f 8; exec $T merge -q "$tmp/in.jsonl" --results "$tmp/m/out.jsonl" \
    --junit "$tmp/m/j.xml" ) >/dev/null 2>"$tmp/err"
rc=$?
check "merge over ulimit -f: status 2 (got $rc), one message, nothing left" \
    "[ $rc -eq 2 ] && [ \$(grep -c 'cannot write' '$tmp/err') -eq 1 ] && [ -z \"\$(ls '$tmp/m')\" ]"

for j in 1 2; do
    $T run -q -j $j --group seed-example-1,no-such-id "$V" >/dev/null 2>"$tmp/err"
    rc=$?
    check "--group with an unknown id, -j $j: warning, status 0 (got $rc)" \
        "[ $rc -eq 0 ] && [ \$(grep -c \"no vector of the given files has the id 'no-such-id'\" '$tmp/err') -eq 1 ]"
done

head -c 20000 vectors/tlds/tlds-directed.jsonl | gzip -9 >"$tmp/d.jsonl.gz"
n=$(wc -c <"$tmp/d.jsonl.gz")
# Flip every bit of one byte in the middle of the compressed stream.
{ head -c $((n / 2)) "$tmp/d.jsonl.gz"; head -c $((n / 2 + 1)) "$tmp/d.jsonl.gz" | tail -c 1 |
  od -An -tu1 | awk '{ printf "%c", 255 - $1 }'; tail -c $((n - n / 2 - 1)) "$tmp/d.jsonl.gz"; } \
    >"$tmp/bad.jsonl.gz"
LC_ALL=C $T run -q "$tmp/bad.jsonl.gz" >/dev/null 2>"$tmp/err"
rc=$?
check "damaged gzip: status 2 (got $rc), the file named, no <fd:N>" \
    "[ $rc -eq 2 ] && grep -q 'bad.jsonl.gz' '$tmp/err' && ! grep -q '<fd:' '$tmp/err'"

steps() {   # steps N: a vector of N bare steps (no lane active: quick)
    awk -v n="$1" 'BEGIN {
        printf "{\"texcosim\":1,\"id\":\"many\",\"ctm\":\"0x0\",\"steps\":["
        for (i = 0; i < n; i++)
            printf "%s{\"sass\":\"TLDS.LZ RZ, R4, R2, RZ, 0x0, 1D, R\"}", i ? "," : ""
        print "]}"
    }'
}
steps 200000 >"$tmp/max.jsonl"
$T run -q -j 1 "$tmp/max.jsonl" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "200000 steps: status 0 (got $rc)" "[ $rc -eq 0 ] && grep -q '^total  *1  *200000  *1 ' '$tmp/out'"
steps 200001 >"$tmp/over.jsonl"
$T run -q -j 1 "$tmp/over.jsonl" >/dev/null 2>"$tmp/err"
rc=$?
check "200001 steps: status 2 (got $rc), the step maximum named" \
    "[ $rc -eq 2 ] && grep -q '200001 steps: at most 200000 per vector' '$tmp/err'"

[ $nfail -eq 0 ] || { echo "$nfail failed"; exit 1; }
echo "all passed"
