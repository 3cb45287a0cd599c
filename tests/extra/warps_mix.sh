#!/bin/sh
# tests/extra/warps_mix.sh BUILD_DIR - SULD, PIXLD and the quad pipe's
# instructions in flight side by side (docs/rtl.md, "Port arbitration").
#
# 1. A mix of the random SULD, PIXLD, TEX, TLDS and TXD suites
#    (scripts/mix-vectors: consecutive vectors, so every group of warps has
#    the three units' instructions) passes with K = 8 and 32 warps under
#    random memory timing and issue order.  `make regress-warps` runs the
#    larger mix of every K and timing.
# 2. The kinds overlap: 4 warps each of a SULD, a PIXLD and a TLDS (the
#    seeds' examples, 32 instructions per warp) take fewer than 3/4 of the
#    cycles of the same instructions run one kind at a time (4 warps each).
# 3. No unit is held off for good: beside 31 warps of PIXLDs (which never
#    wait for a port), one warp of TLDSs, and one of SULDs, finishes its 32
#    instructions in under half of the run's cycles.
# Prints what failed and exits 1 on the first problem.
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
die() { echo "warps_mix.sh: $*" >&2; exit 1; }

# 1. Correctness of the mix.
set --
for f in suld/suld-random pixld/pixld-random tex/tex-random tlds/tlds-random txd/txd-random; do
    head -n 16 "vectors/$f.jsonl" >"$tmp/$(basename $f).jsonl" || die "no vectors/$f.jsonl"
    set -- "$@" "$tmp/$(basename $f).jsonl"
done
sh scripts/mix-vectors "$tmp/mix.jsonl" "$@" || die "scripts/mix-vectors failed"
[ "$(wc -l <"$tmp/mix.jsonl")" -eq 80 ] || die "the mix has $(wc -l <"$tmp/mix.jsonl") vectors, want 80"
for setting in "8 rr 20 10 25 2" "32 random:7 100 50 40 3"; do
    set -- $setting
    $T run -q -j 2 --no-waves --warps "$1" --issue-order "$2" --latency "$3" --jitter "$4" \
        --backpressure "$5" --seed "$6" "$tmp/mix.jsonl" >"$tmp/m.out" 2>&1 ||
        die "mix, --warps $1 --issue-order $2 --latency $3: $(grep -m 3 -E 'FAIL|HANG|error' "$tmp/m.out" | tr '\n' ' ')"
    n=$(awk '/^total/ {print $4}' "$tmp/m.out")
    [ "${n:-0}" -eq 80 ] || die "mix, --warps $1: ${n:-0} of 80 passed"
done

# 2. Overlap: cycles of the mix against one kind at a time.
python3 - "$tmp" <<'PY' || die "cannot build the overlap vectors"
import json, sys
d = sys.argv[1]
kinds = {"suld": "vectors/suld/seed-examples.jsonl", "pixld": "vectors/pixld/seed-examples.jsonl",
         "tlds": "vectors/tlds/seed-examples.jsonl"}
lines = {}
for k, path in kinds.items():
    base = json.loads(open(path).readline())
    out = []
    for c in range(4):
        v = dict(base)
        v["id"] = "%s-w%d" % (k, c)
        st = [dict(base["steps"][0]) for _ in range(32)]
        for s in st:
            s.pop("expect", None)
        v["steps"] = st
        out.append(json.dumps(v, separators=(",", ":")))
    lines[k] = out
    open("%s/%s.jsonl" % (d, k), "w").write("\n".join(out) + "\n")
with open("%s/overlap.jsonl" % d, "w") as f:
    for c in range(4):
        for k in kinds:
            f.write(lines[k][c] + "\n")
# 3: one warp of k beside 31 warps of PIXLD.
pix = json.loads(lines["pixld"][0])
for k in ("tlds", "suld"):
    with open("%s/starve-%s.jsonl" % (d, k), "w") as f:
        f.write(lines[k][0] + "\n")
        for c in range(31):
            v = dict(pix)
            v["id"] = "pix-s%d" % c
            f.write(json.dumps(v, separators=(",", ":")) + "\n")
PY
cycles() {
    $T run -q -j 1 --no-waves --rtl-only --latency 100 --warps "$1" "$2" 2>&1 |
        awk '/cycles in/ {print $3}'
}
mix=$(cycles 12 "$tmp/overlap.jsonl")
alone=0
for k in suld pixld tlds; do
    c=$(cycles 4 "$tmp/$k.jsonl")
    [ -n "$c" ] || die "the $k vectors did not run"
    alone=$((alone + c))
done
[ -n "$mix" ] || die "the overlap mix did not run"
[ $((mix * 4)) -lt $((alone * 3)) ] ||
    die "SULD, PIXLD and TLDS do not overlap: $mix cycles mixed, $alone one kind at a time"

# 3. Progress beside a stream of PIXLDs.
for k in tlds suld; do
    $T run -q -j 1 --no-waves --rtl-only --latency 20 --warps 32 --results "$tmp/s.jsonl" \
        "$tmp/starve-$k.jsonl" >"$tmp/s.out" 2>&1 || die "the $k warp beside PIXLDs did not run"
    total=$(awk '/cycles in/ {print $3}' "$tmp/s.out")
    own=$(python3 -c "import json,sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o.get('type') == 'vector' and o['id'] == sys.argv[2]:
        print(o['cycles'])" "$tmp/s.jsonl" "$k-w0")
    [ -n "$own" ] && [ -n "$total" ] || die "no cycles for the $k warp beside PIXLDs"
    [ $((own * 2)) -lt "$total" ] ||
        die "the $k warp beside 31 PIXLD warps took $own of $total cycles: held off"
done
echo "warps_mix.sh: mix passes; overlap $mix cycles mixed, $alone one kind at a time"
