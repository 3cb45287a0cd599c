#!/bin/sh
# tests/extra/shards.sh BUILD_DIR - parallel runs, shards, merge and reruns.
#
# 1. the checked-in vectors unsharded (-j 2) and with -j 1: same results;
# 2. three shards through GNU parallel, merged: same vectors and statuses as
#    the unsharded run, and a well-formed JUnit file with the right counts;
# 3. --rerun-failed on a results file with one injected failure runs exactly
#    that vector;
# 4. exit statuses: bad input keeps earlier results (2), merge of an
#    incomplete shard set (2), --shard auto without variables (2), Slurm
#    variables; the progress line on a pseudo-terminal.
# Prints what failed and exits 1 on the first problem.
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

die() { echo "shards.sh: $*" >&2; exit 1; }

files=$(ls vectors/*/*.jsonl 2>/dev/null)
[ -n "$files" ] || die "no vector files"

# The comparable part of a results file: file, id, status of each vector.
keys() {
    python3 - "$1" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "vector":
        print(o["file"], o["id"], o["status"])
EOF
}

# Everything but timings, to compare -j 1 and -j 2.
untimed() {
    python3 - "$1" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    for k in ("seconds", "time", "started"):
        o.pop(k, None)
    print(json.dumps(o, sort_keys=True))
EOF
}

# shellcheck disable=SC2086
$T run -q -j 2 --results "$tmp/full.jsonl" --junit "$tmp/full.xml" $files >"$tmp/full.out" 2>&1
rc_full=$?
[ $rc_full -le 1 ] || die "unsharded run: exit status $rc_full: $(tail -n 3 "$tmp/full.out")"
# shellcheck disable=SC2086
$T run -q -j 1 --results "$tmp/j1.jsonl" $files >/dev/null 2>&1
untimed "$tmp/full.jsonl" >"$tmp/a"
untimed "$tmp/j1.jsonl" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || die "-j 1 and -j 2 results differ: $(diff "$tmp/a" "$tmp/b" | head -n 4)"

# Three shards through GNU parallel on this machine, then the merge.
command -v parallel >/dev/null || die "GNU parallel is not installed (scripts/install-deps)"
# shellcheck disable=SC2086
parallel --will-cite -j 3 \
    "$T" run -q -j 1 --shard '{}/3' --results "$tmp/shard-{}.jsonl" --junit "$tmp/shard-{}.xml" \
    $files ::: 1 2 3 >"$tmp/par.out" 2>&1
for i in 1 2 3; do
    [ -s "$tmp/shard-$i.jsonl" ] || die "shard $i wrote no results: $(tail -n 3 "$tmp/par.out")"
done
$T merge "$tmp/shard-1.jsonl" "$tmp/shard-2.jsonl" "$tmp/shard-3.jsonl" \
    --results "$tmp/merged.jsonl" --junit "$tmp/merged.xml" >"$tmp/merge.out" 2>&1
rc_merge=$?
[ $rc_merge -eq $rc_full ] || die "merge exit status $rc_merge, unsharded $rc_full"
keys "$tmp/full.jsonl" >"$tmp/k1"
keys "$tmp/merged.jsonl" >"$tmp/k2"
[ -s "$tmp/k1" ] || die "the unsharded run recorded no vectors"
cmp -s "$tmp/k1" "$tmp/k2" || die "merged results differ from the unsharded run: $(diff "$tmp/k1" "$tmp/k2" | head -n 4)"
n=$(wc -l <"$tmp/k1")
nfail=$(grep -c -E ' (fail|hang)$' "$tmp/k1")
# Every vector in exactly one shard.
total=0
for i in 1 2 3; do
    total=$((total + $(keys "$tmp/shard-$i.jsonl" | wc -l)))
done
[ $total -eq "$n" ] || die "the shards ran $total vectors, the unsharded run $n"

# The merged JUnit file: well formed, right counts.
if command -v xmllint >/dev/null; then
    xmllint --noout "$tmp/merged.xml" || die "merged JUnit is not well-formed XML"
fi
python3 - "$tmp/merged.xml" "$n" "$nfail" <<'EOF' || die "merged JUnit counts are wrong"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
n, nfail = int(sys.argv[2]), int(sys.argv[3])
assert root.tag == "testsuites", root.tag
cases = root.findall("./testsuite/testcase")
assert len(cases) == n, (len(cases), n)
assert int(root.get("tests")) == n
assert int(root.get("failures")) == nfail
assert len(root.findall("./testsuite/testcase/failure")) == nfail
for s in root.findall("testsuite"):
    for a in ("name", "tests", "failures", "errors", "skipped", "time", "timestamp", "hostname"):
        assert s.get(a) is not None, a
    assert int(s.get("tests")) == len(s.findall("testcase"))
EOF

# Merging failures: a fail record (with its report) in one shard and an error
# record in another.  Fail alone: exit 1, one <failure>; with the error too:
# exit 2, one <error>.  A record whose report holds a non-string is refused.
python3 - "$tmp" <<'EOF' || die "cannot write the shard files with injected failures"
import json, sys
d = sys.argv[1]
def edit(src, dst, status):
    out, done = open(dst, "w"), False
    for line in open(src):
        o = json.loads(line)
        if not done and o.get("type") == "vector" and o["status"] == "pass":
            o["status"], done = status, True
            o["kind"] = "rtl-mismatch" if status == "fail" else "setup"
            o["step"] = 0
            o["message"] = "injected " + status
            o["report"] = ["injected report line 1", "  lane 0 R4  model 0x1  rtl 0x2"]
        out.write(json.dumps(o) + "\n")
    assert done
edit(d + "/shard-1.jsonl", d + "/fail-1.jsonl", "fail")
edit(d + "/shard-2.jsonl", d + "/err-2.jsonl", "error")
bad = [json.loads(l) for l in open(d + "/shard-3.jsonl")]
for o in bad:
    if o.get("type") == "vector":
        o["report"] = [None]
        break
open(d + "/null-3.jsonl", "w").write("".join(json.dumps(o) + "\n" for o in bad))
EOF
$T merge "$tmp/fail-1.jsonl" "$tmp/shard-2.jsonl" "$tmp/shard-3.jsonl" --junit "$tmp/mf.xml" \
    >"$tmp/mf.out" 2>&1
rc=$?
[ $rc -eq 1 ] || die "merge with a failing vector: exit status $rc, want 1"
grep -q 'injected report line 1' "$tmp/mf.out" "$tmp/mf.xml" ||
    die "the merged failure lost its report"
$T merge "$tmp/fail-1.jsonl" "$tmp/err-2.jsonl" "$tmp/shard-3.jsonl" --junit "$tmp/me.xml" \
    >"$tmp/me.out" 2>&1
rc=$?
[ $rc -eq 2 ] || die "merge with an errored vector: exit status $rc, want 2"
python3 - "$tmp/mf.xml" "$tmp/me.xml" <<'EOF' || die "JUnit of merged failures is wrong"
import sys, xml.etree.ElementTree as ET
f, e = (ET.parse(p).getroot() for p in sys.argv[1:3])
assert len(f.findall("./testsuite/testcase/failure")) == 1
assert len(f.findall("./testsuite/testcase/error")) == 0
assert len(e.findall("./testsuite/testcase/failure")) == 1
assert len(e.findall("./testsuite/testcase/error")) == 1
assert int(e.get("errors")) == 1 and int(e.get("failures")) == 1
EOF
$T merge "$tmp/shard-1.jsonl" "$tmp/shard-2.jsonl" "$tmp/null-3.jsonl" >"$tmp/mn.out" 2>&1
rc=$?
[ $rc -eq 2 ] || die "merge of a record with a null report line: exit status $rc, want 2"

# --rerun-failed: inject a failure into one passing vector's record.
python3 - "$tmp/full.jsonl" "$tmp/injected.jsonl" "$tmp/victim" <<'EOF' || die "no vector to inject a failure into"
import json, sys
out = open(sys.argv[2], "w")
victim = None
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "vector":
        if victim is None and o["status"] == "pass":
            o["status"] = "fail"
            victim = o
        elif o["status"] != "pass":
            o["status"] = "pass"   # only the injected one is to be rerun
    out.write(json.dumps(o) + "\n")
assert victim is not None
open(sys.argv[3], "w").write(victim["file"] + " " + victim["id"] + " pass\n")
EOF
$T run -q --rerun-failed "$tmp/injected.jsonl" --results "$tmp/rerun.jsonl" >"$tmp/rerun.out" 2>&1
rc=$?
[ $rc -eq 0 ] || die "rerun: exit status $rc: $(tail -n 3 "$tmp/rerun.out")"
keys "$tmp/rerun.jsonl" >"$tmp/k3"
cmp -s "$tmp/k3" "$tmp/victim" || die "rerun ran '$(cat "$tmp/k3")', wanted '$(cat "$tmp/victim")'"

# Bad input after a good vector: exit 2, the good vector's result kept.
f=$(ls tests/neg/*.jsonl 2>/dev/null | while read -r x; do
        grep -q '"id": *"good' "$x" && { echo "$x"; break; }; done)
if [ -n "$f" ]; then
    $T run -q -j 2 --results "$tmp/bad.jsonl" "$f" >/dev/null 2>&1
    rc=$?
    [ $rc -eq 2 ] || die "bad input $f: exit status $rc, want 2"
    grep -q '"type":"vector"' "$tmp/bad.jsonl" || die "bad input: the good vector was not kept"
    grep -q '"type":"error"' "$tmp/bad.jsonl" || die "bad input: no error line in the results"
fi

# Incomplete shard set, --shard auto.
$T merge "$tmp/shard-1.jsonl" "$tmp/shard-3.jsonl" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "missing shard results: 2/3" "$tmp/err" || die "merge of 2 of 3 shards: status $rc"
f1=$(echo "$files" | head -n 1)
env -u SLURM_ARRAY_TASK_ID -u LSB_JOBINDEX -u JOB_COMPLETION_INDEX -u TEST_SHARD_INDEX \
    $T run -q --shard auto "$f1" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "no job-array variables" "$tmp/err" || die "--shard auto without variables: status $rc"
SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=2 SLURM_ARRAY_TASK_COUNT=3 \
    $T run -q --shard auto --results "$tmp/slurm.jsonl" "$f1" >"$tmp/slurm.out" 2>&1
grep -q '^shard 2/3' "$tmp/slurm.out" || die "Slurm task 1 of 0-2 is not shard 2/3: $(head -n 1 "$tmp/slurm.out")"
keys "$tmp/slurm.jsonl" >"$tmp/k4"
keys "$tmp/shard-2.jsonl" | grep -F "$f1 " >"$tmp/k5"
cmp -s "$tmp/k4" "$tmp/k5" || die "Slurm shard 2/3 differs from --shard 2/3"
SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=5 SLURM_ARRAY_TASK_COUNT=3 \
    $T run -q --shard auto "$f1" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] || die "an inconsistent Slurm array was accepted"

# The progress line on a pseudo-terminal, and not without one.
if command -v script >/dev/null; then
    env -u CI script -qec "$T run -j 2 $f1" /dev/null >"$tmp/tty.out" 2>&1
    grep -q 'elapsed' "$tmp/tty.out" || die "no progress line on a terminal"
    CI=true script -qec "$T run -j 2 $f1" /dev/null >"$tmp/tty.out" 2>&1
    grep -q 'elapsed' "$tmp/tty.out" && die "progress line although CI is set"
fi
$T run -j 2 "$f1" >"$tmp/plain.out" 2>&1
grep -q 'elapsed' "$tmp/plain.out" && die "progress line without a terminal"

echo "shards.sh: $n vectors, $nfail failing; 3 shards merged; rerun, exit statuses, progress ok"
exit 0
