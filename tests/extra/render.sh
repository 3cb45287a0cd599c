#!/bin/sh
# tests/extra/render.sh BUILD_DIR - a small `texcosim render` agrees
# between model and RTL (exit 0) and writes model.png, rtl.png and diff.png.
set -u
T=${1:-build}/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$T" render --format A8B8G8R8 --layout blocklinear --size 40x24 --latency 3 --jitter 2 \
    --out "$tmp/r" || { echo "FAIL: render exited $?"; exit 1; }
for f in model rtl diff; do
    sig=$(od -An -tx1 -N8 "$tmp/r/$f.png" 2>/dev/null | tr -d ' \n')
    [ "$sig" = "89504e470d0a1a0a" ] || { echo "FAIL: $f.png missing or not a PNG"; exit 1; }
done
cmp -s "$tmp/r/model.png" "$tmp/r/rtl.png" || { echo "FAIL: model.png and rtl.png differ"; exit 1; }
"$T" render --format Z16 --out "$tmp/x" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: an unsupported format exited $rc, want 2"; exit 1; }
echo "ok   render 40x24: three PNGs, model = RTL"
