#!/bin/sh
# tests/extra/reliability.sh BUILD_DIR - what texcosim promises about files,
# interrupts, exit statuses and memory (docs/regression.md, "Guarantees").
#
#  1. outputs: a device node (made with mknod in a private folder when root),
#     a FIFO and a symbolic link stay what they are; a link to nothing, a
#     folder, an output that is an input and --results X --junit X are
#     refused before the run (status 2, input untouched); the same for
#     merge and gen -o;
#  2. write errors: standard output, --results, --junit and gen -o on
#     /dev/full, and a results file over a file-size limit: status 2, a plain
#     message, no FILE.tmp.PID left;
#  3. options after the files, a trailing option without its value (2);
#  4. selections that match nothing: status 4 (an empty file, --vector with
#     an unknown id, --rerun-failed with nothing failed), but an empty shard
#     of a non-empty selection is fine (0);
#  5. SIGINT, SIGTERM and SIGHUP with -j 1 and -j 2: exit 128 + signal, the
#     summary, the results file (interrupted) and the JUnit of what ran, no
#     temporary file, no worker left; a second SIGINT ends it at once;
#  6. a failing vector still gets its report and its waves (under SAN=1 the
#     wave replay goes through Verilator's trace code);
#  7. --latency beyond the watchdog is warned about;
#  8. memory: a line whose parse tree would be too big is refused, and the
#     peak RSS of gen does not grow with --count (with /usr/bin/time);
#  9. --rand-reset: the directed and seed vectors pass under 10 seeds.
# Run from the top of the tree (tests/run does).  Prints every failure and
# exits 1 if there was one.
set -u
B=${1:-build}
T=$B/texcosim
V=vectors/tlds/seed-examples.jsonl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
nfail=0
ok()   { echo "ok   $1"; }
bad()  { echo "FAIL $1"; nfail=$((nfail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
no_tmp() { ! ls "$1" | grep -q '\.tmp\.'; }
cp "$V" "$tmp/in.jsonl"

# ---- 1. outputs ---------------------------------------------------------------
if [ "$(id -u)" = 0 ] && mknod "$tmp/null" c 1 3 2>/dev/null; then
    for how in "run --results" "run --junit" "gen-o" "merge --results"; do
        case $how in
        "run --results") $T run -q --results "$tmp/null" "$V" >/dev/null 2>&1 ;;
        "run --junit") $T run -q --junit "$tmp/null" "$V" >/dev/null 2>&1 ;;
        gen-o) $T gen --suite tlds-seed -o "$tmp/null" >/dev/null 2>&1 ;;
        "merge --results")
            $T run -q --results "$tmp/m.jsonl" "$V" >/dev/null 2>&1
            $T merge -q "$tmp/m.jsonl" --results "$tmp/null" >/dev/null 2>&1 ;;
        esac
        rc=$?
        check "device node stays a device ($how, status $rc)" "[ $rc -eq 0 ] && [ -c '$tmp/null' ]"
    done
else
    echo "skip device node checks: not root, or mknod refused (a FIFO is checked below)"
fi
mkfifo "$tmp/fifo"
cat "$tmp/fifo" >"$tmp/fifo.out" &
$T run -q --results "$tmp/fifo" "$V" >/dev/null 2>&1
rc=$?
wait
check "FIFO is written through and stays a FIFO" \
    "[ $rc -eq 0 ] && [ -p '$tmp/fifo' ] && tail -n 1 '$tmp/fifo.out' | grep -q '\"type\":\"run\"'"
echo old >"$tmp/target.jsonl"
ln -s target.jsonl "$tmp/link.jsonl"
$T run -q --results "$tmp/link.jsonl" --junit "$tmp/j.xml" "$V" >/dev/null 2>&1
check "symlink is followed, not replaced" \
    "[ -L '$tmp/link.jsonl' ] && grep -q '\"type\":\"run\"' '$tmp/target.jsonl' && no_tmp '$tmp'"
ln -s nowhere/x.jsonl "$tmp/dangling"
$T run -q --results "$tmp/dangling" "$V" >/dev/null 2>"$tmp/err"
rc=$?
check "link to nothing refused" "[ $rc -eq 2 ] && grep -q 'symbolic link' '$tmp/err'"
$T run -q --results "$tmp" "$V" >/dev/null 2>"$tmp/err"
rc=$?
check "folder refused" "[ $rc -eq 2 ] && grep -q 'folder' '$tmp/err'"
$T run -q --results "$tmp/in.jsonl" "$tmp/in.jsonl" >/dev/null 2>"$tmp/err"
rc=$?
check "output = input refused, input intact" \
    "[ $rc -eq 2 ] && cmp -s '$V' '$tmp/in.jsonl' && grep -q 'also an input' '$tmp/err'"
ln -s in.jsonl "$tmp/in-link.jsonl"
$T run -q --junit "$tmp/in-link.jsonl" "$tmp/in.jsonl" >/dev/null 2>&1
rc=$?
check "output = input through a link refused (stat, not names)" \
    "[ $rc -eq 2 ] && cmp -s '$V' '$tmp/in.jsonl'"
$T run -q --results "$tmp/x.out" --junit "$tmp/x.out" "$V" >/dev/null 2>"$tmp/err"
rc=$?
check "--results X --junit X refused" "[ $rc -eq 2 ] && [ ! -e '$tmp/x.out' ]"
$T run -q --results "$tmp/m.jsonl" "$V" >/dev/null 2>&1
cp "$tmp/m.jsonl" "$tmp/m.keep"
$T merge -q "$tmp/m.jsonl" --results "$tmp/m.jsonl" >/dev/null 2>&1
rc=$?
check "merge: output = input refused" "[ $rc -eq 2 ] && cmp -s '$tmp/m.jsonl' '$tmp/m.keep'"

# ---- 2. write errors -------------------------------------------------------------
$T run -q "$V" >/dev/full 2>"$tmp/err"
rc=$?
check "stdout on /dev/full: status 2" "[ $rc -eq 2 ] && grep -q 'standard output' '$tmp/err'"
for opt in --results --junit; do
    $T run -q $opt /dev/full "$V" >/dev/null 2>"$tmp/err"
    rc=$?
    check "$opt /dev/full: status 2, plain message" \
        "[ $rc -eq 2 ] && grep -q 'cannot write /dev/full: No space left' '$tmp/err'"
done
$T gen --suite tlds-seed -o /dev/full >/dev/null 2>"$tmp/err"
rc=$?
check "gen -o /dev/full: status 2" "[ $rc -eq 2 ] && grep -q 'No space left' '$tmp/err'"
mkdir "$tmp/small"
( ulimit -f 4; exec $T run -q -j 1 --results "$tmp/small/r.jsonl" \
    --junit "$tmp/small/j.xml" vectors/tlds/tlds-directed.jsonl ) >/dev/null 2>"$tmp/err"
rc=$?
check "results over a file-size limit: status 2, nothing left behind" \
    "[ $rc -eq 2 ] && [ -z \"\$(ls '$tmp/small')\" ] && ! grep -q 'not a JSON' '$tmp/err'"

# ---- 3. options --------------------------------------------------------------------
$T run "$V" -q -j 1 >"$tmp/out" 2>&1
rc=$?
check "options after the files" "[ $rc -eq 0 ] && ! grep -q '^PASS' '$tmp/out'"
$T run -q "$V" --results >/dev/null 2>"$tmp/err"
rc=$?
check "trailing option without a value: status 2" \
    "[ $rc -eq 2 ] && grep -q -- '--results needs a value' '$tmp/err' && [ ! -e ./--results ]"
$T gen --suite tlds-seed -o >/dev/null 2>&1
check "gen: trailing -o without a value: status 2" "[ $? -eq 2 ]"

# ---- 4. empty selections ---------------------------------------------------------------
: >"$tmp/empty.jsonl"
$T run -q "$tmp/empty.jsonl" >/dev/null 2>"$tmp/err"
rc=$?
check "empty file: status 4" "[ $rc -eq 4 ] && grep -q 'no vector selected' '$tmp/err'"
$T run -q --vector nosuch "$V" >/dev/null 2>"$tmp/err"
rc=$?
check "--vector with an unknown id: status 4" "[ $rc -eq 4 ] && grep -q nosuch '$tmp/err'"
$T run -q --results "$tmp/pass.jsonl" "$V" >/dev/null 2>&1
$T run -q --rerun-failed "$tmp/pass.jsonl" >/dev/null 2>&1
check "--rerun-failed with nothing failed: status 4" "[ $? -eq 4 ]"
$T run -q --shard 3/3 --vector seed-example-1 "$V" >/dev/null 2>&1
rc3=$?
$T run -q --shard 1/3 --vector seed-example-1 "$V" >/dev/null 2>&1
rc1=$?
$T run -q --shard 2/3 --vector seed-example-1 "$V" >/dev/null 2>&1
rc2=$?
check "an empty shard of a non-empty selection: status 0 ($rc1 $rc2 $rc3)" \
    "[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && [ $rc3 -eq 0 ]"

# ---- 5. interrupts -------------------------------------------------------------------------
# Long enough that a run is still going 1.5 s in, also with -j 2 on an idle
# machine (4000 vectors took about 1.2 s with -j 1 once the verilated model
# got faster, docs/performance.md, issue 12).
$T gen --suite tlds-random --seed 3 --count 24000 -o "$tmp/long.jsonl" 2>/dev/null
for sig in INT TERM HUP; do
    for j in 1 2; do
        d=$tmp/sig-$sig-$j
        mkdir "$d"
        $T run -j $j --no-waves --results "$d/r.jsonl" --junit "$d/j.xml" "$tmp/long.jsonl" \
            >"$d/out" 2>"$d/err" &
        pid=$!
        sleep 1.5
        kill -$sig $pid
        wait $pid
        rc=$?
        case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
        check "SIG$sig -j $j: status $want (got $rc), summary, results and JUnit marked" \
            "[ $rc -eq $want ] && grep -q '^total' '$d/out' && grep -q 'interrupted by SIG$sig' '$d/out' &&
             tail -n 1 '$d/r.jsonl' | grep -q '\"interrupted\":\"SIG$sig\"' &&
             grep -q '(interrupted)' '$d/j.xml' && no_tmp '$d' &&
             ! pgrep -f '$d/r.jsonl' >/dev/null"
    done
done
d=$tmp/twice
mkdir "$d"
# A second interrupt ends the run at once: the first is sent while a long
# vector keeps the runner busy (here: a burst of two).
$T run -j 2 --no-waves --results "$d/r.jsonl" "$tmp/long.jsonl" >"$d/out" 2>&1 &
pid=$!
sleep 1.5
kill -INT $pid; kill -INT $pid
wait $pid
rc=$?
sleep 0.2
check "second SIGINT: status 130, no temporary file, no worker left" \
    "[ $rc -eq 130 ] && no_tmp '$d' && ! pgrep -f '$d/r.jsonl' >/dev/null"
$T run -q "$d/r.jsonl" >/dev/null 2>&1 || true

# ---- 6. a failure under the sanitizers keeps its report and its waves ------------------
for j in 1 2; do
    $T run -j $j --all-reports --watchdog 3 --waves "$tmp/waves-$j" "$V" >"$tmp/hang.out" 2>&1
    rc=$?
    check "failing vector -j $j: report and waves (status $rc)" \
        "[ $rc -eq 1 ] && [ \$(grep -c 'HANG (rtl never completed)' '$tmp/hang.out') -eq 2 ] &&
         grep -q reproduce: '$tmp/hang.out' && ! grep -q 'runtime error' '$tmp/hang.out' &&
         [ \$(ls '$tmp/waves-$j' | grep -c '\.fst\$') -eq 2 ] &&
         [ \$(ls '$tmp/waves-$j' | grep -c '\.gtkw\$') -eq 2 ]"
done
$T run --watchdog 3 --fst "$tmp/all.fst" "$V" >"$tmp/hang.out" 2>&1
rc=$?
check "failing vector with --fst: status 1, trace written" \
    "[ $rc -eq 1 ] && [ -s '$tmp/all.fst' ] && ! grep -q 'runtime error' '$tmp/hang.out'"

# ---- 7. latency above the watchdog ----------------------------------------------------------
$T run -q --no-waves --latency 400 --watchdog 300 "$V" >/dev/null 2>"$tmp/err"
rc=$?
check "latency beyond the watchdog is warned about" "[ $rc -eq 1 ] && grep -q 'warning: memory latency 400' '$tmp/err'"
$T run -q --latency 9 "$V" >/dev/null 2>"$tmp/err"
check "no warning below the watchdog" "! grep -q warning '$tmp/err'"

# ---- 8. memory --------------------------------------------------------------------------------
python3 -c "
import sys
sys.stdout.write('{\"texcosim\":1,\"id\":\"a\",\"steps\":[' + ','.join(['{}'] * 1000000) + ']}\n')" >"$tmp/objs.jsonl"
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f 'rss %M' $T run -q "$tmp/objs.jsonl" >/dev/null 2>"$tmp/err"
    rc=$?
    rss=$(sed -n 's/^rss //p' "$tmp/err")
    check "a 3 MB line of 10^6 empty objects refused at ${rss} KB (was 780 MB)" \
        "[ $rc -eq 2 ] && grep -q 'line too complex' '$tmp/err' && [ '$rss' -lt 100000 ]"
    # (Under SAN=1, ASan's quarantine would hold freed memory: turned off here.)
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=0" \
        /usr/bin/time -f 'rss %M' $T gen --suite tlds-random --count 200 -o "$tmp/g1.jsonl" 2>"$tmp/g1"
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=0" \
        /usr/bin/time -f 'rss %M' $T gen --suite tlds-random --count 4000 -o "$tmp/g2.jsonl" 2>"$tmp/g2"
    r1=$(sed -n 's/^rss //p' "$tmp/g1")
    r2=$(sed -n 's/^rss //p' "$tmp/g2")
    check "gen streams: peak RSS ${r1} KB at 200 vectors, ${r2} KB at 4000" \
        "[ -n '$r1' ] && [ -n '$r2' ] && [ \$(( $r2 * 10 )) -lt \$(( $r1 * 13 )) ]"
else
    $T run -q "$tmp/objs.jsonl" >/dev/null 2>"$tmp/err"
    check "a line of 10^6 empty objects refused" "[ $? -eq 2 ] && grep -q 'line too complex' '$tmp/err'"
    echo "skip RSS figures: /usr/bin/time is not installed (scripts/install-deps)"
fi

# ---- 9. random reset ------------------------------------------------------------------------------
fails=""
for s in 1 2 3 4 5 6 7 8 9 10; do
    $T run -q -j 2 --no-waves --rand-reset $s "$V" vectors/tlds/tlds-directed.jsonl \
        >"$tmp/rr.out" 2>&1 || fails="$fails $s"
done
check "--rand-reset: seed and directed vectors pass under 10 seeds${fails:+ (failed:$fails)}" \
    "[ -z '$fails' ]"
$T run --rand-reset 1 --fst "$tmp/x.fst" "$V" >/dev/null 2>&1
check "--rand-reset with --fst refused" "[ $? -eq 2 ]"
# The waves of a hang show the registers that reset leaves alone: all zero
# without the option, random and different for two seeds with it.
if command -v fst2vcd >/dev/null 2>&1; then
    for s in 0 1 2; do
        opt=""
        [ $s -gt 0 ] && opt="--rand-reset $s"
        # shellcheck disable=SC2086
        $T run -q -j 1 --watchdog 3 $opt --waves "$tmp/rr$s" --vector seed-example-1 "$V" \
            >/dev/null 2>&1
        fst2vcd "$tmp/rr$s/"*.fst 2>/dev/null | sed -n '/dumpvars/,/\$end/p' >"$tmp/dv$s"
    done
    ones0=$(tr -cd 1 <"$tmp/dv0" | wc -c)
    ones1=$(tr -cd 1 <"$tmp/dv1" | wc -c)
    check "--rand-reset: unreset registers start random ($ones0 one-bits without, $ones1 with)" \
        "[ -s '$tmp/dv1' ] && ! cmp -s '$tmp/dv1' '$tmp/dv2' && [ $ones1 -gt \$(( $ones0 + 1000 )) ]"
else
    echo "skip the initial-value check of --rand-reset: fst2vcd (gtkwave) is not installed"
fi

echo "reliability.sh: $nfail failed"
[ $nfail -eq 0 ]
