#!/bin/sh
# tests/extra/make_regress.sh BUILD_DIR - `make regress` keeps texcosim's own
# exit status where make cannot: make exits 2 for any failing recipe, and the
# target prints texcosim's status and writes it to $B/regress.status (1 for
# a hang here, 0 for a pass).  The dependency installer is skipped
# (INSTALL_DEPS=true) and two small vector files stand in for the suite.
# Without J=N it runs one worker per core.
set -u
B=${1:-build}
fail=0
run() {   # run WANT_MAKE WANT_STATUS ARGS
    want_make=$1 want=$2; shift 2
    make -s --no-print-directory B="$B" INSTALL_DEPS=true J=1 \
        REGRESS_VECTORS="vectors/tlds/seed-examples.jsonl vectors/suld/seed-examples.jsonl" \
        REGRESS_ARGS="--no-waves -q $*" regress >"$B/mr.out" 2>&1
    rc=$?
    got=$(cat "$B/regress.status" 2>/dev/null)
    if [ $rc -ne "$want_make" ] || [ "$got" != "$want" ]; then
        echo "FAIL make regress $*: make $rc (want $want_make), status '$got' (want $want)"
        tail -n 5 "$B/mr.out"; fail=1
    else
        echo "ok   make regress $*: make $rc, texcosim status $got"
    fi
}
run 0 0
run 2 1 --watchdog 3
grep -q 'texcosim exited with status 1' "$B/mr.out" || { echo "FAIL no status message"; fail=1; }
grep -q '"exit_status":1\|"exit_status": 1' "$B/regress.jsonl" || { echo "FAIL run line lacks exit_status 1"; fail=1; }
run 2 4 --vector nosuch
rm -f "$B/mr.out"
# Without J (or make -j), every core: -j $(nproc).
n=$(nproc 2>/dev/null || echo 1)
if make -n -s --no-print-directory B="$B" INSTALL_DEPS=true regress 2>/dev/null |
   grep -q -- "texcosim run -j $n "; then
    echo "ok   make regress runs -j $n (every core) by default"
else
    echo "FAIL make regress does not use every core by default (-j $n)"; fail=1
fi
exit $fail
