#!/bin/sh
# tests/extra/worker_timeout.sh BUILD_DIR - a stopped worker does not hold up
# a parallel run (docs/regression.md, "--worker-timeout"): one of two workers
# is stopped with SIGSTOP; with --worker-timeout 2 the run ends within
# seconds, status 2, the timeout reported as a HANG of the vector's number,
# results and JUnit of what ran written, no worker left.  Without the bound
# the run would wait for ever (the outer `timeout 120` turns that into a
# failure).
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
$T gen --suite tlds-random --seed 3 --count 4000 -o "$tmp/long.jsonl" 2>/dev/null ||
    { echo "FAIL: gen"; exit 1; }
timeout 120 $T run -j 2 --no-waves --worker-timeout 2 --results "$tmp/r.jsonl" \
    --junit "$tmp/j.xml" "$tmp/long.jsonl" >"$tmp/out" 2>"$tmp/err" &
pid=$!
# The runner's children are the workers; stop the first once it is running.
w=
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    sleep 0.25
    rp=$(pgrep -f -o "^$T run -j 2 --no-waves --worker-timeout 2 --results $tmp/r.jsonl")
    [ -n "$rp" ] && w=$(pgrep -P "$rp" | head -n 1)
    [ -n "$w" ] && break
done
[ -n "$w" ] || { echo "FAIL: no worker found"; kill $pid; exit 1; }
sleep 0.5
kill -STOP "$w"
wait $pid
rc=$?
cat "$tmp/err"
tail -n 3 "$tmp/out"
nfail=0
bad() { echo "FAIL $1"; nfail=$((nfail + 1)); }
[ $rc -eq 2 ] || bad "status $rc, want 2 (124: the run waited for the stopped worker)"
grep -q 'sent no result for 2 s (--worker-timeout).*HANG' "$tmp/out" "$tmp/err" ||
    bad "no timeout message"
tail -n 1 "$tmp/r.jsonl" | grep -q '"type":"run".*"exit_status":2' || bad "results file incomplete"
grep -q '</testsuites>' "$tmp/j.xml" || bad "no JUnit"
kill -0 "$w" 2>/dev/null && { bad "the stopped worker is still there"; kill -KILL "$w"; }
[ $nfail -eq 0 ] || exit 1
echo "ok   a stopped worker is killed after --worker-timeout and reported"
