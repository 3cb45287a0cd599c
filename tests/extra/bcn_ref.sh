#!/bin/sh
# tests/extra/bcn_ref.sh BUILD_DIR - the BC1-BC5, ETC2 and EAC decoders
# against independent reference decoders (bcdec via imagecodecs,
# texture2ddecoder), on blocks from real encoders (etcpak, ISPC texcomp) and
# random blocks: tests/extra/bcn_ref.py writes the blocks with the reference
# texels and `test_bcn --ref` compares texcosim texel by texel (ETC2 and EAC
# exactly, the BC1-BC5 interpolants within one 8-bit code: docs/formats.md
# 9.3).  The packages come from PyPI into BUILD_DIR/pydeps when python3
# lacks them (scripts/py-ref-deps); skips (exit 77) when that cannot be done.
set -u
B=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

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
python3 tests/extra/bcn_ref.py "$tmp/ref.txt" >"$tmp/py.out" 2>&1
rc=$?
if [ $rc -eq 77 ]; then
    tail -n 1 "$tmp/py.out"
    exit 77
elif [ $rc -ne 0 ]; then
    cat "$tmp/py.out"
    echo "FAIL: bcn_ref.py exit status $rc"
    exit 1
fi
cat "$tmp/py.out"
if ! "$B/tests/test_bcn" --ref "$tmp/ref.txt" >"$tmp/cmp.out" 2>&1; then
    head -n 20 "$tmp/cmp.out"
    echo "FAIL: texcosim differs from the reference decoders"
    exit 1
fi
tail -n 2 "$tmp/cmp.out"
