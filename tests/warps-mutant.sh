#!/bin/sh
# tests/warps-mutant.sh BUILD_DIR - the harness catches a tag fault in the RTL
# and names the right vectors (docs/regression.md, "Warps").
#
# Builds the tag-fault variant of the design (VDEFINES=+define+TX_MUT_TAG_SWAP:
# the register writes of warps 0 and 1 are reported as the other warp's) in
# BUILD_DIR-tagswap, then runs vectors/tlds/tlds-directed.jsonl with
# `--warps 4 -j 1`.  Vector i of the file is warp i mod 4 of its group, so
# exactly the vectors at warps 0 and 1 that write a register must fail, as
# rtl-mismatch, with reports that name their warp; those at warps 2 and 3
# must pass.  With --warps 1 every vector that writes a register fails too
# (its writes name warp 1, which the harness does not serve).
# A full RTL build (minutes), so it is not part of `make test`: `make
# test-warps-mutant`, and `make regress-warps` runs it.
set -u
B=${1:-build}
M=$B-tagswap
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
die() { echo "warps-mutant.sh: $*" >&2; exit 1; }

make -s --no-print-directory -j2 B="$M" VDEFINES=+define+TX_MUT_TAG_SWAP "$M/texcosim" >"$tmp/build.log" 2>&1 ||
    { tail -n 20 "$tmp/build.log"; die "cannot build the tag-fault variant"; }
f=vectors/tlds/tlds-directed.jsonl
"$M/texcosim" run -j 1 --no-waves --warps 4 --results "$tmp/r.jsonl" "$f" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] || die "--warps 4 on the tag-fault variant: exit status $rc, want 1"
python3 - "$f" "$tmp/r.jsonl" <<'PY' || exit 1
import json, sys
vecs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
res = {}
for line in open(sys.argv[2]):
    o = json.loads(line)
    if o.get("type") == "vector":
        res[o["id"]] = o
bad = []
nfail = 0
for i, v in enumerate(vecs):
    r = res[v["id"]]
    warp = i % 4
    if warp >= 2:
        if r["status"] != "pass":
            bad.append("%s (warp %d) should pass, got %s" % (v["id"], warp, r["status"]))
    elif r["status"] == "fail":
        nfail += 1
        if r["kind"] != "rtl-mismatch" or "(warp %d of 4)" % warp not in r["message"]:
            bad.append("%s: %s / %s" % (v["id"], r["kind"], r["message"]))
        if "--group " not in r["reproduce"]:
            bad.append("%s: reproduce line without --group" % v["id"])
if nfail < 4:
    bad.append("only %d vectors at warps 0 and 1 failed" % nfail)
if bad:
    print("warps-mutant.sh: " + "; ".join(bad[:6]))
    sys.exit(1)
print("warps-mutant.sh: %d vectors at warps 0/1 failed as rtl-mismatch, the others passed" % nfail)
PY
"$M/texcosim" run -j 1 --no-waves "$f" >"$tmp/one" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "MISMATCH (rtl vs model)" "$tmp/one" ||
    die "--warps 1 on the tag-fault variant: exit status $rc, no rtl mismatch reported"
echo "warps-mutant.sh: all checks passed"
