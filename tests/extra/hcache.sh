#!/bin/sh
# tests/extra/hcache.sh BUILD_DIR - the header cache (docs/rtl.md, "Header
# cache") and its counts in the results file (hdr_cache).
#
# 1. A vector of four identical TLDS steps (seed-example-1 of
#    vectors/tlds/seed-examples.jsonl) passes with 4 lookups and 3 hits, and
#    at memory latency 50 its hits save a header round trip each: the four
#    steps take at least 3 x 40 cycles less than four runs of one step.
# 2. Two copies with --warps 2: every warp slot misses once (each may have its
#    own memory image), so 8 lookups and 6 hits, all on the group's first
#    vector; both pass.
# 3. A TEX vector whose steps use one handle also hits (TEX keys the sampler
#    too), and passes.
# Prints what failed and exits 1 on the first problem.
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

die() { echo "hcache.sh: $*" >&2; exit 1; }

python3 - "$tmp" <<'EOF' || die "cannot write the vectors"
import json, sys
d = sys.argv[1]
def first(path, pred):
    for line in open(path):
        v = json.loads(line)
        if pred(v):
            return v
base = first("vectors/tlds/seed-examples.jsonl", lambda v: v["id"] == "seed-example-1")
def rep(v, n, vid):
    v = dict(v)
    v["id"] = vid
    st = dict(v["steps"][0])
    st.pop("expect", None)
    v["steps"] = [st] * n
    return v
with open(d + "/one.jsonl", "w") as f:
    f.write(json.dumps(rep(base, 1, "one")) + "\n")
with open(d + "/four.jsonl", "w") as f:
    f.write(json.dumps(rep(base, 4, "four")) + "\n")
with open(d + "/two.jsonl", "w") as f:
    for i in range(2):
        f.write(json.dumps(rep(base, 4, "w%d" % i)) + "\n")
tex = first("vectors/tex/seed-examples.jsonl", lambda v: len(v["steps"]) >= 1)
with open(d + "/tex.jsonl", "w") as f:
    f.write(json.dumps(rep(tex, 3, "tex3")) + "\n")
EOF

# counts FILE: "status lookups hits cycles" of each vector record, in order.
counts() {
    python3 - "$1" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "vector":
        hc = o.get("hdr_cache", {})
        print(o["status"], hc.get("lookups", -1), hc.get("hits", -1), o["cycles"])
EOF
}

# 1. Four steps of one handle.
$T run -q -j 1 --no-waves --latency 50 --results "$tmp/r1.jsonl" "$tmp/one.jsonl" >/dev/null 2>&1 ||
    die "one step failed"
$T run -q -j 1 --no-waves --latency 50 --results "$tmp/r4.jsonl" "$tmp/four.jsonl" >/dev/null 2>&1 ||
    die "four steps failed"
set -- $(counts "$tmp/r1.jsonl")
[ "$1 $2 $3" = "pass 1 0" ] || die "one step: status, lookups, hits '$1 $2 $3', want 'pass 1 0'"
c1=$4
set -- $(counts "$tmp/r4.jsonl")
[ "$1 $2 $3" = "pass 4 3" ] || die "four steps: status, lookups, hits '$1 $2 $3', want 'pass 4 3'"
[ "$4" -le $((4 * c1 - 120)) ] || die "four steps take $4 cycles, one takes $c1: hits saved too little"

# 2. Two warps, a miss each.
$T run -q -j 1 --no-waves --warps 2 --results "$tmp/r2.jsonl" "$tmp/two.jsonl" >/dev/null 2>&1 ||
    die "--warps 2 failed"
got=$(counts "$tmp/r2.jsonl" | awk '{printf "%s %s %s;", $1, $2, $3}')
[ "$got" = "pass 8 6;pass 0 0;" ] || die "--warps 2: '$got', want 'pass 8 6;pass 0 0;'"

# 3. TEX.
$T run -q -j 1 --no-waves --results "$tmp/rt.jsonl" "$tmp/tex.jsonl" >/dev/null 2>&1 ||
    die "TEX vector failed"
set -- $(counts "$tmp/rt.jsonl")
[ "$1" = pass ] && [ "$3" -ge 1 ] && [ "$3" -lt "$2" ] ||
    die "TEX: status, lookups, hits '$1 $2 $3', want a pass with hits below lookups"
echo "hcache.sh: ok"
