#!/bin/sh
# tests/extra/render_tld4.sh BUILD_DIR - `texcosim render --insn tld4` rebuilds
# the picture from gathers (TLD4S.R, .G, .B at the corner of texels x, x+1
# and y, y+1, the fourth texel of each) in lockstep: model and RTL agree
# (exit 0), and the picture equals the one TLDS reads, which holds only when
# the footprint and the texel order (docs/semantics.md S10.2, S10.3) are right.
set -u
T=${1:-build}/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

for args in "--layout blocklinear --size 40x24" "--layout pitch --size 37x19" \
            "--format R16G16B16A16 --dtype FLOAT --f16 --size 33x17"; do
    # shellcheck disable=SC2086
    "$T" render --insn tld4 $args --latency 2 --jitter 3 --out "$tmp/g" >"$tmp/g.out" ||
        { echo "FAIL: TLD4 render ($args) exited $?: $(cat "$tmp/g.out")"; exit 1; }
    grep -q 'TLD4S' "$tmp/g.out" || { echo "FAIL: the report does not say TLD4S"; exit 1; }
    cmp -s "$tmp/g/model.png" "$tmp/g/rtl.png" || { echo "FAIL: $args: model.png and rtl.png differ"; exit 1; }
    # shellcheck disable=SC2086
    "$T" render $args --out "$tmp/t" >/dev/null || { echo "FAIL: TLDS render exited $?"; exit 1; }
    cmp -s "$tmp/g/model.png" "$tmp/t/model.png" ||
        { echo "FAIL: $args: the gathered and the TLDS pictures differ"; exit 1; }
done
echo "ok   render --insn tld4: model = RTL = TLDS picture"
