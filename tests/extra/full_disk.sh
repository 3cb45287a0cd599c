#!/bin/sh
# tests/extra/full_disk.sh BUILD_DIR - a full disk and a file-size limit end
# a run like any other output error (docs/regression.md, "Guarantees"):
# status 2, a plain message, the results and the JUnit of what ran kept, no
# temporary or half-written file left, no worker left.
#
#  1. ulimit -f, with SIGXFSZ at its default (a shell does not ignore it):
#     the results file over the limit; the waves over the limit (-j 1, -j 2);
#  2. a full wave folder, on a small tmpfs (root only; else skipped): the
#     trace does not fit (the FST writer's SIGBUS), the save file does not
#     fit, the whole-run --fst trace does not fit (two sizes).
# Run from the top of the tree (tests/run does).  Prints every failure and
# exits 1 if there was one.
set -u
B=${1:-build}
T=$(cd "$(dirname "$B/texcosim")" && pwd)/texcosim
V=vectors/tlds/seed-examples.jsonl
D=vectors/tlds/tlds-directed.jsonl
tmp=$(mktemp -d)
mnt=
cleanup() { [ -n "$mnt" ] && umount "$mnt" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT INT TERM
nfail=0
ok()   { echo "ok   $1"; }
bad()  { echo "FAIL $1"; nfail=$((nfail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
# No temporary or half-written file anywhere under a folder.
clean() { ! find "$1" -name '*.tmp*' -o -name '*.hier' | grep -q .; }
# A complete results file ends with the run's line.
complete() { tail -n 1 "$1" 2>/dev/null | grep -q '"type":"run".*"exit_status":2'; }

# ---- 1. ulimit -f ------------------------------------------------------------------
d=$tmp/fsize
mkdir "$d"
( ulimit -f 4; exec "$T" run -q -j 1 --results "$d/r.jsonl" --junit "$d/j.xml" "$D" ) \
    >/dev/null 2>"$d/err"
rc=$?
check "results over ulimit -f: status 2 (got $rc), message, nothing left" \
    "[ $rc -eq 2 ] && grep -q 'cannot write .*File too large' '$d/err' && [ -z \"\$(ls '$d' | grep -v err)\" ]"
for j in 1 2; do
    d=$tmp/fsize-waves-$j
    mkdir "$d"
    # 16 blocks: the results and JUnit fit, a trace does not.
    ( ulimit -f 16; exec "$T" run -j $j --all-reports --watchdog 3 --waves "$d/w" \
        --results "$d/r.jsonl" --junit "$d/j.xml" "$V" ) >"$d/out" 2>"$d/err"
    rc=$?
    check "waves over ulimit -f, -j $j: status 2 (got $rc), results and JUnit kept, nothing left" \
        "[ $rc -eq 2 ] && grep -q 'cannot write the trace.*ulimit -f' '$d/err' &&
         [ \$(grep -c 'texcosim:' '$d/err') -eq 1 ] && complete '$d/r.jsonl' &&
         grep -q '</testsuites>' '$d/j.xml' && grep -q '^total' '$d/out' && clean '$d' &&
         ! pgrep -f '$d/r.jsonl' >/dev/null"
done

# ---- 2. a full wave folder ------------------------------------------------------------
mnt=$tmp/small
mkdir "$mnt"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=16k tmpfs "$mnt" 2>/dev/null; then
    mnt=
    echo "skip full-disk checks: not root, or no tmpfs can be mounted (ulimit -f was checked)"
else
    for size in 16k 256k; do
        mount -o remount,size=$size "$mnt"
        for j in 1 2; do
            d=$tmp/full-$size-$j
            mkdir "$d"
            "$T" run -j $j --all-reports --watchdog 3 --waves "$mnt/w" \
                --results "$d/r.jsonl" --junit "$d/j.xml" "$V" >"$d/out" 2>"$d/err"
            rc=$?
            check "full wave folder ($size), -j $j: status 2 (got $rc), results, JUnit, nothing left" \
                "[ $rc -eq 2 ] && grep -q 'No space left on device' '$d/err' &&
                 [ \$(grep -c 'texcosim:' '$d/err') -eq 1 ] && complete '$d/r.jsonl' &&
                 grep -q '</testsuites>' '$d/j.xml' && grep -q '^total' '$d/out' &&
                 [ \$(grep -c 'waves: not written' '$d/out') -eq 2 ] && clean '$mnt' &&
                 ! pgrep -f '$d/r.jsonl' >/dev/null"
            rm -rf "$mnt/w"
        done
    done
    for size in 16k 64k; do
        mount -o remount,size=$size "$mnt"
        d=$tmp/fst-$size
        mkdir "$d"
        "$T" run -j 1 --no-waves --fst "$mnt/all.fst" --results "$d/r.jsonl" --junit "$d/j.xml" \
            "$D" >"$d/out" 2>"$d/err"
        rc=$?
        check "--fst on a full disk ($size): status 2 (got $rc), results and JUnit kept, no trace" \
            "[ $rc -eq 2 ] && grep -q 'cannot write the trace' '$d/err' && complete '$d/r.jsonl' &&
             grep -q '</testsuites>' '$d/j.xml' && [ -z \"\$(ls '$mnt')\" ]"
    done
fi

[ $nfail -eq 0 ] || { echo "$nfail failed"; exit 1; }
echo "all passed"
