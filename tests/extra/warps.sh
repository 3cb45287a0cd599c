#!/bin/sh
# tests/extra/warps.sh BUILD_DIR - `texcosim run --warps K` (docs/regression.md, "Warps").
#
# 1. A different eighth of the checked-in vectors (--shard I/8) for each of
#    K = 4, 8, 16, 32, under random memory latency, jitter and back-pressure,
#    round-robin and seeded random issue order: every vector passes.  `make
#    regress-warps` runs every vector with the whole matrix.
# 2. --warps 4 with -j 2 lists the same vectors, statuses and steps as the
#    run without --warps, in the same order; a group of one warp takes the
#    same cycles as the run without --warps.
# 3. One warp whose watchdog fires fails as a HANG, with waves of the group
#    replay; the other warps of its group pass.
# 4. A vector whose expectation is wrong fails in a group of four; the report
#    names its warp, vector and step, and the reproduce line runs the same
#    group again with the same result and the same cycles.
# Prints what failed and exits 1 on the first problem.
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

die() { echo "warps.sh: $*" >&2; exit 1; }

files=$(ls vectors/*/*.jsonl 2>/dev/null)
[ -n "$files" ] || die "no vector files"

# 0. Bad values are usage errors (status 2).
# (33: one more than the design's warps, warps_o.)
for bad in "--warps 0" "--warps 33" "--issue-order fifo" "--issue-order random:" "--mem-order any"; do
    # shellcheck disable=SC2086
    $T run $bad vectors/tlds/seed-examples.jsonl >/dev/null 2>&1
    rc=$?
    [ $rc -eq 2 ] || die "run $bad: exit status $rc, want 2"
done

# 1. Warps under random memory timing, a different shard per setting.
i=0
for setting in "4 rr 3 7 2 25" "4 random:5 17 9 40 11" "8 rr 30 20 30 3" \
               "8 random:2 9 6 35 7" "16 rr 50 30 20 5" "16 random:9 1 0 0 1" \
               "32 random:4 100 50 40 3"; do
    set -- $setting
    i=$((i + 1))
    # shellcheck disable=SC2086
    $T run -q -j 2 --no-waves --warps "$1" --issue-order "$2" --latency "$3" --jitter "$4" \
        --backpressure "$5" --seed "$6" --shard "$i/8" $files >"$tmp/m.out" 2>&1 ||
        die "--warps $1 --issue-order $2 --latency $3 --jitter $4 --backpressure $5 --seed $6 \
--shard $i/8: $(grep -m 3 -E 'FAIL|MISMATCH|HANG|error' "$tmp/m.out" | tr '\n' ' ')"
    n=$(awk '/^total/ {print $2}' "$tmp/m.out")
    [ "${n:-0}" -gt 50 ] || die "--warps $1 shard $i/8 ran only '${n:-0}' vectors"
done

# 2. Same vectors, statuses and steps as a run without --warps.
set -- vectors/tlds/forms.jsonl vectors/pixld/pixld-directed.jsonl vectors/suld/seed-examples.jsonl
$T run -q -j 2 --no-waves --results "$tmp/one.jsonl" "$@" >/dev/null 2>&1 || die "plain run failed"
$T run -q -j 2 --no-waves --warps 4 --results "$tmp/four.jsonl" "$@" >/dev/null 2>&1 ||
    die "--warps 4 -j 2 failed"
keys() {
    python3 - "$1" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "vector":
        print(o["file"], o["id"], o["status"], o["steps"])
EOF
}
keys "$tmp/one.jsonl" >"$tmp/one.keys"
keys "$tmp/four.jsonl" >"$tmp/four.keys"
[ -s "$tmp/one.keys" ] && cmp -s "$tmp/one.keys" "$tmp/four.keys" ||
    die "--warps 4 results differ from the plain run: $(diff "$tmp/one.keys" "$tmp/four.keys" | head -n 4 | tr '\n' ' ')"

# 2b. The engine with one warp (a group of one: --warps 2 --group ID) gives
#     the cycles of the run without --warps, under random memory timing.
for fv in vectors/tlds/tlds-directed.jsonl:wmask-rgba8-f32 vectors/tex/seed-examples.jsonl: \
          vectors/suld/seed-examples.jsonl: vectors/pixld/pixld-directed.jsonl:; do
    f=${fv%%:*}
    id=${fv#*:}
    [ -n "$id" ] || id=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["id"])' "$f")
    a=$($T run -j 1 --no-waves --latency 9 --jitter 6 --backpressure 35 --seed 7 --vector "$id" "$f" 2>&1 | grep '^PASS')
    b=$($T run -j 1 --no-waves --latency 9 --jitter 6 --backpressure 35 --seed 7 --warps 2 --group "$id" "$f" 2>&1 | grep '^PASS')
    [ -n "$a" ] && [ "$a" = "$b" ] || die "one warp differs from the plain run for $id: '$a' vs '$b'"
done

# 3 and 4 use four vectors of tlds-directed with changes: the second gets
# a watchdog of 3 cycles, the third a wrong expected status.
python3 - vectors/tlds/tlds-directed.jsonl "$tmp/hang.jsonl" "$tmp/bad.jsonl" <<'EOF'
import json, sys
src = [json.loads(l) for l in open(sys.argv[1]) if l.strip()][:4]
hang = [dict(v) for v in src]
hang[1]["tb"] = dict(hang[1].get("tb", {}), watchdog=3)
with open(sys.argv[2], "w") as f:
    for v in hang:
        f.write(json.dumps(v) + "\n")
bad = [json.loads(json.dumps(v)) for v in src]
step = bad[2]["steps"][-1]
exp = step.setdefault("expect", {})
exp["status"] = "fault" if exp.get("status") != "fault" else "ok"
with open(sys.argv[3], "w") as f:
    for v in bad:
        f.write(json.dumps(v) + "\n")
EOF
ids=$(python3 -c 'import json,sys; print(" ".join(json.loads(l)["id"] for l in open(sys.argv[1])))' "$tmp/hang.jsonl")
set -- $ids
$T run -j 1 --waves "$tmp/waves" --warps 4 "$tmp/hang.jsonl" >"$tmp/h.out" 2>&1
rc=$?
[ $rc -eq 1 ] || die "hang in one warp: exit status $rc, want 1"
grep -q "FAIL $tmp/hang.jsonl $2\( .*\)\{0,1\}$" "$tmp/h.out" && grep -q "HANG (rtl never completed)" "$tmp/h.out" ||
    die "the hung warp's vector $2 was not reported as a HANG: $(head -c 400 "$tmp/h.out")"
for id in $1 $3 $4; do
    grep -q "PASS $tmp/hang.jsonl $id " "$tmp/h.out" ||
        die "vector $id beside the hung warp did not pass: $(grep -m 3 -E "FAIL|$id" "$tmp/h.out" | tr '\n' ' ')"
done
grep -q "warp 1 of 4" "$tmp/h.out" || die "the hang report does not name warp 1 of 4"
grep -q "reproduce: .*--watchdog" "$tmp/h.out" && die "the vector's own watchdog leaked into the reproduce line"
# Its waves come from a replay of the whole group.
ls "$tmp"/waves/*"$2".fst "$tmp"/waves/*"$2".gtkw >/dev/null 2>&1 && grep -q "wave markers:" "$tmp/h.out" ||
    die "no waves for the hung warp: $(grep -m 2 'waves' "$tmp/h.out" | tr '\n' ' ')"

# 3b. --waves-max counts the waves of groups too: two hung warps, each
#     reported in full, get two wave pairs, or one with --waves-max 1 (and
#     the other report says why), also when a worker ran the group (-j 2).
python3 - "$tmp/hang.jsonl" "$tmp/hang2.jsonl" <<'EOF'
import json, sys
vs = [json.loads(l) for l in open(sys.argv[1])]
vs[2]["tb"] = dict(vs[2].get("tb", {}), watchdog=3)
with open(sys.argv[2], "w") as f:
    for v in vs:
        f.write(json.dumps(v) + "\n")
EOF
for wm in 5 1; do
    $T run -j 2 --all-reports --waves "$tmp/w$wm" --waves-max $wm --warps 4 "$tmp/hang2.jsonl" \
        >"$tmp/h2.out" 2>&1
    rc=$?
    n=$(ls "$tmp/w$wm" 2>/dev/null | grep -c '\.fst$')
    want=$((wm < 2 ? wm : 2))
    [ $rc -eq 1 ] && [ "$n" -eq $want ] ||
        die "--waves-max $wm with two hung warps: exit status $rc, $n wave files, want 1 and $want"
    if [ $wm -eq 1 ]; then
        grep -q "waves: not written (--waves-max 1 reached" "$tmp/h2.out" ||
            die "--waves-max 1: the second report does not say why it has no waves"
    fi
done

$T run -j 1 --no-waves --warps 4 --issue-order random:3 --latency 7 --jitter 5 --backpressure 20 \
    --results "$tmp/bad.res" "$tmp/bad.jsonl" >"$tmp/b.out" 2>&1
rc=$?
[ $rc -eq 1 ] || die "wrong expectation: exit status $rc, want 1"
grep -q "vector '$3': MISMATCH (model vs expected" "$tmp/b.out" &&
    grep -q "warp 2 of 4 (issue order random:3)" "$tmp/b.out" ||
    die "the report does not name vector $3 as warp 2 of 4: $(grep -m 4 -E 'FAIL|warp|vector' "$tmp/b.out" | tr '\n' ' ')"
[ "$(grep -c '^FAIL' "$tmp/b.out")" -eq 1 ] || die "more than one vector failed: $(grep '^FAIL' "$tmp/b.out" | tr '\n' ' ')"
repro=$(sed -n 's/^  reproduce: //p' "$tmp/b.out" | head -n 1)
case "$repro" in
*"--warps 4 --issue-order random:3 --group "*) ;;
*) die "reproduce line lacks the group: $repro" ;;
esac
eval "$repro --no-waves --results $tmp/bad2.res" >"$tmp/b2.out" 2>&1
rc=$?
[ $rc -eq 1 ] || die "the reproduce line exited $rc, want 1: $repro"
cyc() {
    python3 - "$1" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "vector":
        print(o["id"], o["status"], o["step"], o["cycles"])
EOF
}
[ "$(cyc "$tmp/bad.res")" = "$(cyc "$tmp/bad2.res")" ] ||
    die "the reproduce line gave other results or cycles: $(cyc "$tmp/bad2.res" | tr '\n' ' ')"
echo "warps.sh: all checks passed"
