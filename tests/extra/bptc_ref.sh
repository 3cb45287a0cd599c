#!/bin/sh
# tests/extra/bptc_ref.sh BUILD_DIR - the BC6H and BC7 decoders against
# independent reference decoders, on blocks from real encoders and random
# blocks of every mode (tests/extra/bptc_ref.py writes them with the
# reference texels; test_bptc --ref compares the model texel by texel), and
# the BPTC tables of the model and the RTL are current (scripts/gen-bptc-tables).
# The Python packages come from PyPI into BUILD_DIR/pydeps when python3 lacks
# them (scripts/py-ref-deps); skips (exit 77) when that cannot be done.
# tests/unit/bptc_ref.txt, a checked-in sample of
# the same kind, is compared by the unit test in every case.
set -u
B=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

if ! python3 scripts/gen-bptc-tables --check; then
    echo "FAIL: the BPTC tables are out of date (run scripts/gen-bptc-tables)"
    exit 1
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "skip: python3 missing"
    exit 77
fi
# The reference packages, from PyPI into $B/pydeps when python3 lacks them.
pp=$(scripts/py-ref-deps "$B") || exit $?
if [ -n "$pp" ]; then
    PYTHONPATH=$pp${PYTHONPATH:+:$PYTHONPATH}
    export PYTHONPATH
fi
python3 tests/extra/bptc_ref.py "$tmp/ref.txt" --count 40 >"$tmp/py.out" 2>&1
rc=$?
if [ $rc -eq 77 ]; then
    tail -n 1 "$tmp/py.out"
    exit 77
elif [ $rc -ne 0 ]; then
    cat "$tmp/py.out"
    echo "FAIL: bptc_ref.py exit status $rc"
    exit 1
fi
cat "$tmp/py.out"
if ! "$B/tests/test_bptc" --ref "$tmp/ref.txt" >"$tmp/cmp.out" 2>&1; then
    head -n 20 "$tmp/cmp.out"
    echo "FAIL: the model differs from the reference decoders"
    exit 1
fi
tail -n 2 "$tmp/cmp.out"
