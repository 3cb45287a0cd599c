#!/bin/sh
# tests/extra/triage.sh BUILD_DIR - triage of many failures (docs/regression.md,
# "Triage"; docs/waves.md, "Opening waves").
#
# Failures come from three places, none of them a new Verilator build:
#   - hangs: a watchdog shorter than any instruction (every TLDS hangs);
#   - an expectation changed in a copy of the seed vectors (model vs vector);
#   - the mutant RTL of tests/extra/gtkwave.sh (the filter swaps X and Y of
#     element 0 of each quad), cached in BUILD_DIR/wave-mutant by that script,
#     which tests/run runs first.  Without it the script exits 77 (skipped).
# Checks:
#   1. bucketing: one bucket per signature (the cause: kind, opcode, stage),
#      its first failure in full, the others in one line each, the table
#      with counts and the symptoms inside each bucket; --all-reports; the
#      mutant's one bug is one bucket, whatever registers each vector writes;
#   2. --max-fail (same records with -j 1 and -j 2, "stopped early", status
#      1, "stopped_early" in the results) and --waves-max (pairs written);
#   3. structured results: signature, symptom, bucket and failure (stage, lane, quad,
#      register, expected, actual, warp null) agree with the report text, and
#      merge keeps them;
#   4. the cycles line does not depend on -j or on the vectors run before,
#      and matches the wave markers (t = 2N);
#   5. `texcosim wave` without an argument opens the first failure of the
#      last run (last-run.json), not the newest file;
#   6. the .gtkw starts with the diverging stage's group and splits per-lane
#      buses into one row per lane element.
# Run from the top of the tree (tests/run does).
set -u
B=${1:-build}
T=$B/texcosim
M=$B/wave-mutant
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
nfail=0
ok()   { echo "ok   $1"; }
bad()  { echo "FAIL $1"; nfail=$((nfail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
py() { python3 -c "$@"; }

# ---- 1. buckets of hangs, and --all-reports --------------------------------------------------
D=vectors/tlds/tlds-directed.jsonl
$T run -j 2 --watchdog 3 --waves "$tmp/w0" --results "$tmp/h.jsonl" "$D" >"$tmp/h.out" 2>&1
rc=$?
nfailv=$(grep -c '"status":"hang"' "$tmp/h.jsonl")
check "hangs: status 1, one bucket 'hang TLDS' of $nfailv, one full report" \
    "[ $rc -eq 1 ] && [ $nfailv -ge 10 ] && [ \$(grep -c 'HANG (rtl never completed)' '$tmp/h.out') -eq 1 ] &&
     grep -q '^failures by cause: $nfailv failing vectors in 1 bucket' '$tmp/h.out' &&
     grep -Eq '^  #1 +$nfailv  hang TLDS\$' '$tmp/h.out' && ! grep -q 'differs:' '$tmp/h.out' &&
     [ \$(grep -c 'same cause as' '$tmp/h.out') -eq 10 ] && grep -q 'counted, not listed' '$tmp/h.out'"
check "hangs: waves for the bucket's first failure only" \
    "[ \$(ls '$tmp/w0' | grep -c '\.fst\$') -eq 1 ]"
$T run -j 2 --all-reports --no-waves --watchdog 3 "$D" >"$tmp/ha.out" 2>&1
check "--all-reports prints every failure in full" \
    "[ \$(grep -c 'HANG (rtl never completed)' '$tmp/ha.out') -eq $nfailv ]"

# ---- 2. --max-fail, -j 1 and -j 2 ------------------------------------------------------------
for j in 1 2; do
    $T run -j $j --max-fail 3 --no-waves --watchdog 3 --results "$tmp/m$j.jsonl" "$D" \
        >"$tmp/m$j.out" 2>&1
    echo $? >"$tmp/m$j.rc"
done
check "--max-fail 3: status 1, 3 vectors, stopped early, the same with -j 1 and -j 2" \
    "[ \$(cat '$tmp/m1.rc') -eq 1 ] && [ \$(cat '$tmp/m2.rc') -eq 1 ] &&
     grep -q '^stopped early: 3 failing vectors reached --max-fail 3' '$tmp/m2.out' &&
     [ \$(grep -c '\"type\":\"vector\"' '$tmp/m1.jsonl') -eq 3 ] &&
     [ \$(grep -c '\"type\":\"vector\"' '$tmp/m2.jsonl') -eq 3 ] &&
     tail -n 1 '$tmp/m2.jsonl' | grep -q '\"stopped_early\":\"max-fail\"' &&
     [ \"\$(grep -o '\"id\":\"[^\"]*\"' '$tmp/m1.jsonl')\" = \"\$(grep -o '\"id\":\"[^\"]*\"' '$tmp/m2.jsonl')\" ]"
$T run --max-fail 0 "$D" >/dev/null 2>&1
check "--max-fail 0 is a usage error (2)" "[ $? -eq 2 ]"
$T run --help | grep -q -- '--waves-max N'
check "run --help describes --max-fail, --waves-max and --all-reports" \
    "$T run --help | grep -q -- '--max-fail N' && $T run --help | grep -q -- '--waves-max N' &&
     $T run --help | grep -q -- '--all-reports'"

# README, "Workflow 1": in CI ($CI set) on a terminal there is no progress line, and every vector
# gets its PASS line (-q leaves the failures and the summary).
if command -v script >/dev/null; then
    NO_COLOR=1 CI=true script -qec "$T run -j 1 vectors/tlds/seed-examples.jsonl" /dev/null >"$tmp/ci.out" 2>&1
    NO_COLOR=1 CI=true script -qec "$T run -q -j 1 vectors/tlds/seed-examples.jsonl" /dev/null >"$tmp/ciq.out" 2>&1
    check "CI set on a terminal: PASS lines, no progress line; -q: none" \
        "[ \$(grep -c '^PASS ' '$tmp/ci.out') -eq 2 ] && ! grep -q elapsed '$tmp/ci.out' &&
         ! grep -q '^PASS ' '$tmp/ciq.out' && grep -q '^total' '$tmp/ciq.out'"
fi

# ---- 3a. an expectation mismatch: structured fields -----------------------------------------
sed '1s/"0xc2a6d882"/"0xc2a6d883"/' vectors/tlds/seed-examples.jsonl >"$tmp/seed.jsonl"
$T run -j 1 --results "$tmp/e.jsonl" "$tmp/seed.jsonl" >"$tmp/e.out" 2>&1
rc=$?
py "
import json, sys
recs = [json.loads(l) for l in open('$tmp/e.jsonl')]
f = [r for r in recs if r.get('status') == 'fail']
assert len(f) == 1, f
r = f[0]
assert r['signature'] == 'expect-mismatch TLDS', r['signature']
assert r['symptom'] == 'regs=d0', r['symptom']
assert r['bucket'] == 1
x = r['failure']
assert x['expected_side'] == 'expected' and x['actual_side'] == 'model'
assert x['mismatch_count'] == 1 and x['warp'] is None and x['stage'] is None
m = x['mismatches'][0]
assert m == {'what': 'reg', 'warp': None, 'quad': 0, 'lane': 0, 'stage': None, 'reg': 'R0',
             'expected': '0xc2a6d883', 'actual': '0xc2a6d882'}, m
" >"$tmp/py.out" 2>&1
check "expectation mismatch: signature, bucket and one structured mismatch (status $rc)" \
    "[ $rc -eq 1 ] && [ ! -s '$tmp/py.out' ] && grep -q 'lane  0 R0    expected 0xc2a6d883  model 0xc2a6d882' '$tmp/e.out'" ||
    cat "$tmp/py.out"

# ---- the mutant RTL ---------------------------------------------------------------------------
if [ ! -f "$M/sim.o" ] || [ ! -f "$M/vl/Vtx_top__ALL.a" ]; then
    echo "the mutant model $M is missing (tests/extra/gtkwave.sh builds it): RTL checks skipped"
    [ $nfail -eq 0 ] || exit 1
    exit 77
fi
LIBS=$(make -s --no-print-directory B="$B" --eval 'wave-ldlibs: ; @echo $(LDLIBS) $(VL_LDLIBS)' \
    wave-ldlibs 2>/dev/null)
[ -n "$LIBS" ] || LIBS="-ljson-c -lpng -lz -lm -pthread -latomic"
RT=$(ls "$B"/vl/libverilated.a "$B"/vl/rt/libverilated.a 2>/dev/null | head -n 1)
# shellcheck disable=SC2086
g++ -o "$tmp/mut" "$B/tb/main.o" "$B/libtxtb.a" "$B/libtxmodel.a" "$M/sim.o" \
    "$M/vl/Vtx_top__ALL.a" "$RT" $LIBS 2>"$tmp/link.err" || {
    bad "cannot link the mutant: $(head -c 300 "$tmp/link.err")"; exit 1; }
X=$tmp/mut

# 1, 3, 4: the mutant over two files, -j 1 and -j 2.
F="vectors/tlds/seed-examples.jsonl $D"
for j in 1 2; do
    TEXCOSIM_WAVE_DIR="$tmp/wj$j" $X run -j $j --results "$tmp/r$j.jsonl" $F >"$tmp/r$j.out" 2>&1
    echo $? >"$tmp/r$j.rc"
done
nb=$(grep -c '^  #[0-9]' "$tmp/r1.out")
# One bug (a component swap in the filter) fails vectors writing four registers and vectors
# writing one: one bucket, the two symptoms counted inside it.
check "mutant: status 1, one bug in one bucket (got $nb), first failure names filter, symptoms inside" \
    "[ \$(cat '$tmp/r1.rc') -eq 1 ] && [ $nb -eq 1 ] &&
     grep -q '^FAIL .*\[bucket 1, new: rtl-mismatch TLDS stage=filter; regs=d0' '$tmp/r1.out' &&
     grep -Eq '^  #1 +[0-9]+  rtl-mismatch TLDS stage=filter\$' '$tmp/r1.out' &&
     grep -Eq '^        differs: regs=d0[0-9,d]* \([0-9]+\), regs=d0[0-9,d]* \([0-9]+\)' '$tmp/r1.out' &&
     [ \$(grep -c '^FAIL .*\[bucket [0-9]*, new' '$tmp/r1.out') -eq 1 ]"
# (timings aside: the time line, the throughput line and the suites' time column)
grep -v -e '^time:' -e 'instructions/s' "$tmp/r1.out" | sed -e "s|$tmp/wj1|W|g" -e '/^\(vectors\/\|total \)/s/ *[0-9.]*$//' >"$tmp/c1"
grep -v -e '^time:' -e 'instructions/s' "$tmp/r2.out" | sed -e "s|$tmp/wj2|W|g" -e '/^\(vectors\/\|total \)/s/ *[0-9.]*$//' >"$tmp/c2"
check "mutant: the printed output is the same with -j 1 and -j 2 (cycles lines included)" \
    "cmp -s '$tmp/c1' '$tmp/c2'"

# 3: structured fields against the report text, for every failure of the run.
py "
import json, re
recs = [json.loads(l) for l in open('$tmp/r1.jsonl')]
fails = [r for r in recs if r.get('status') == 'fail']
assert fails
for r in fails:
    x = r['failure']
    assert r['signature'] == 'rtl-mismatch TLDS stage=filter', r['signature']
    assert r['symptom'].startswith('regs=d0'), r['symptom']
    assert x['expected_side'] == 'model' and x['actual_side'] == 'rtl' and x['warp'] is None
    rep = '\n'.join(r['report'])
    m = re.search(r'first diverging stage: (\w+) \(lane (\d+)\)', rep)
    assert m and x['stage'] == m.group(1) and x['lane'] == int(m.group(2)), (x['stage'], x['lane'])
    assert x['quad'] == x['lane'] // 4
    c = re.search(r'cycles (\d+) \.\. (\d+)', rep)
    assert c and x['cycles'] == {'issue': int(c.group(1)), 'done': int(c.group(2))}
    shown = re.findall(r'lane +(\d+) (R\d+|RZ) +model 0x([0-9a-f]{8})  rtl 0x([0-9a-f]{8})', rep)
    assert shown, rep
    regs = [m for m in x['mismatches'] if m['what'] == 'reg']
    for (lane, reg, want, got), m in zip(shown, regs):
        assert (m['lane'], m['reg'], m['expected'], m['actual']) == (int(lane), reg, '0x' + want, '0x' + got), m
        assert m['quad'] == m['lane'] // 4 and m['warp'] is None and m['stage'] in ('filter', 'pack')
    assert x['mismatch_count'] >= len(shown)
    assert r['bucket'] >= 1
" >"$tmp/py.out" 2>&1
check "mutant: failure members (stage, lane, quad, reg, expected, actual, cycles) match the reports" \
    "[ ! -s '$tmp/py.out' ]" || cat "$tmp/py.out"
$T merge -q "$tmp/r1.jsonl" --results "$tmp/merged.jsonl" >"$tmp/merge.out" 2>&1
py "
import json
def fails(p):
    return [(r['id'], r['signature'], r['symptom'], r['bucket'], r['failure']) for r in map(json.loads, open(p))
            if r.get('status') == 'fail']
a, b = fails('$tmp/r1.jsonl'), fails('$tmp/merged.jsonl')
assert a and a == b, (len(a), len(b))
" >"$tmp/py.out" 2>&1
check "merge keeps signature, symptom, bucket and failure; prints the bucket table" \
    "[ ! -s '$tmp/py.out' ] && grep -q '^failures by cause' '$tmp/merge.out'" || cat "$tmp/py.out"
# A results file of the older form (the symptom inside the signature) buckets by cause too.
sed 's/"signature":"\([^"]*\)","symptom":"\([^"]*\)"/"signature":"\1 \2"/' "$tmp/r1.jsonl" >"$tmp/old.jsonl"
$T merge -q "$tmp/old.jsonl" --results "$tmp/merged-old.jsonl" >"$tmp/merge-old.out" 2>&1
check "merge of a results file with the older signatures: one bucket" \
    "grep -q 'rtl-mismatch TLDS stage=filter regs=d0' '$tmp/old.jsonl' &&
     grep -q '^failures by cause: [0-9]* failing vectors in 1 bucket' '$tmp/merge-old.out'"

# 4: the cycles line of a vector run alone equals the one in the whole run, and the wave
#    markers of its replay sit at t = 2 * those cycles.
id=$(py "
import json
for r in map(json.loads, open('$tmp/r2.jsonl')):
    if r.get('status') == 'fail' and r['file'].endswith('tlds-directed.jsonl'):
        print(r['id']); break")
want=$(py "
import json
for r in map(json.loads, open('$tmp/r2.jsonl')):
    if r.get('id') == '$id':
        print([l for l in r['report'] if l.startswith('  cycles ')][0]); break")
TEXCOSIM_WAVE_DIR="$tmp/wa" $X run -j 1 --vector "$id" "$D" >"$tmp/alone.out" 2>&1
got=$(grep -m 1 '^  cycles ' "$tmp/alone.out")
a=$(echo "$got" | sed -n 's/^  cycles \([0-9]*\) \.\. \([0-9]*\)$/\1/p')
b=$(echo "$got" | sed -n 's/^  cycles \([0-9]*\) \.\. \([0-9]*\)$/\2/p')
ml=$(grep -m 1 '^  wave markers: ' "$tmp/alone.out")
check "cycles of '$id' alone ('$got') = in the run ('$want'); markers issue t=$((2 * ${a:-0})), done t=$((2 * ${b:-0}))" \
    "[ -n '$got' ] && [ '$got' = '$want' ] &&
     echo '$ml' | grep -q 'issue t=$((2 * ${a:-0})), done t=$((2 * ${b:-0}));'"

# 2: --waves-max.
TEXCOSIM_WAVE_DIR="$tmp/wm" $X run -j 2 -q --waves-max 1 --all-reports $F >"$tmp/wm.out" 2>&1
check "--waves-max 1 --all-reports: one wave pair, the others say why" \
    "[ \$(ls '$tmp/wm' | grep -c '\.fst\$') -eq 1 ] && [ \$(ls '$tmp/wm' | grep -c '\.gtkw\$') -eq 1 ] &&
     grep -q 'waves: not written (--waves-max 1 reached' '$tmp/wm.out'"
nw=$(ls "$tmp/wj1" | grep -c '\.fst$')
check "default: waves for each bucket's first failure ($nw pairs, $nb buckets)" \
    "[ $nw -eq $nb ] || { [ $nb -gt 5 ] && [ $nw -eq 5 ]; }"

# 5: texcosim wave without an argument: the first failure of the last run, even when
#    another save file in the folder is newer.
first=$(py "import json; print(json.load(open('$tmp/wj1/last-run.json'))['waves'][0]['fst'])")
sleep 1
other=$(ls "$tmp/wj1"/*.gtkw | grep -v "$(basename "${first%.fst}").gtkw" | head -n 1)
# (one bucket: one save file of the run; a copy stands for another run's newer one)
[ -n "$other" ] || { other=$tmp/wj1/other.gtkw; cp "${first%.fst}.gtkw" "$other"; }
touch "$other"
TEXCOSIM_WAVE_DIR="$tmp/wj1" $T wave -n >"$tmp/wave.out" 2>&1
check "wave without an argument opens the first failure of the last run" \
    "[ $? -eq 0 ] && grep -q -- '-a ${first%.fst}.gtkw $first\$' '$tmp/wave.out'"
$T run -q --waves "$tmp/wj1" vectors/tlds/seed-examples.jsonl >/dev/null 2>&1
$T wave -n "$tmp/wj1" >"$tmp/wave.out" 2>&1
check "after a passing run the folder says so (status 2)" \
    "[ $? -eq 2 ] && grep -q 'had no failures' '$tmp/wave.out'"

# 6: the save file of the first failure.
g=${first%.fst}.gtkw
py "
import re
rows = [l.rstrip('\n') for l in open('$g')]
sig = [i for i, l in enumerate(rows) if l and l[0] not in '[*@-' ]
first = rows[sig[0]]
assert first.startswith('TOP.tx_top.tap_filter_valid_o'), first
clk = [i for i in sig if rows[i].startswith('TOP.tx_top.clk_i')][0]
filt = [i for i in sig if rows[i].startswith('#{TOP.tx_top.u_quad.p_comp[')]
assert len(filt) == 4 and filt[0] < clk, (filt, clk)
# element e of p_comp[511:0]: bits 128e+127 .. 128e, written as (511 - bit) from the msb
for e, i in enumerate(filt):
    m = re.match(r'#\{TOP\.tx_top\.u_quad\.p_comp\[(\d+):(\d+)\]\}((?: \(\d+\)TOP\.tx_top\.u_quad\.p_comp\[511:0\])+)$', rows[i])
    assert m and int(m.group(1)) == 128 * e + 127 and int(m.group(2)) == 128 * e, rows[i][:80]
    idx = [int(k) for k in re.findall(r'\((\d+)\)', m.group(3))]
    assert idx == [511 - b for b in range(128 * e + 127, 128 * e - 1, -1)], e
assert any(l.startswith('#{TOP.tx_top.rf_wr_data_o[e0]}') for l in rows)
" >"$tmp/py.out" 2>&1
check "save file: the filter group first, u_quad.p_comp split into 4 element rows, register port per lane" \
    "[ ! -s '$tmp/py.out' ]" || cat "$tmp/py.out"

# 3: every results file of this script against docs/results.schema.json (when python3 has
#    jsonschema: Debian's python3-jsonschema).
if python3 -c 'import jsonschema' 2>/dev/null; then
    py "
import glob, json, jsonschema
v = jsonschema.Draft202012Validator(json.load(open('docs/results.schema.json')))
n = 0
for p in sorted(glob.glob('$tmp/*.jsonl')):
    if p.endswith('seed.jsonl'):
        continue   # a vector file
    for l in open(p):
        n += 1
        for e in v.iter_errors(json.loads(l)):
            print(p, e.message[:200])
print(n, 'lines', file=open('$tmp/nlines', 'w'))
" >"$tmp/py.out" 2>&1
    check "results files valid against docs/results.schema.json ($(cat "$tmp/nlines" 2>/dev/null))" \
        "[ ! -s '$tmp/py.out' ]" || head -n 5 "$tmp/py.out"
else
    echo "skip the results schema check: python3 has no jsonschema module"
fi

[ $nfail -eq 0 ] || { echo "$nfail check(s) failed"; exit 1; }
echo "all checks passed"
