#!/bin/sh
# tests/extra/render_pixld.sh BUILD_DIR - `texcosim render --pixld` reads the
# sample positions and coverage of every multisample mode back through PIXLD
# with model and RTL agreeing (exit 0), and writes one PNG per raster.
set -u
T=${1:-build}/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$T" render --pixld --out "$tmp/p" >"$tmp/out" 2>&1 ||
    { echo "FAIL: render --pixld exited $?: $(cat "$tmp/out")"; exit 1; }
for f in ms1 ms2 ms4 ms8 ms16 ms4-programmed; do
    sig=$(od -An -tx1 -N8 "$tmp/p/$f.png" 2>/dev/null | tr -d ' \n')
    [ "$sig" = "89504e470d0a1a0a" ] || { echo "FAIL: $f.png missing or not a PNG"; exit 1; }
done
"$T" render --pixld --bogus >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: an unknown option exited $rc, want 2"; exit 1; }
echo "ok   render --pixld: six PNGs, model = RTL"
