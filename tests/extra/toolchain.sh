#!/bin/sh
# tests/extra/toolchain.sh BUILD_DIR - the build against the Verilator in use
# and the wave view without the FST reader (docs/architecture.md, "Building").
#
# 1. The runtime was found through `verilator --getenv VERILATOR_ROOT` and
#    built from the objects and link libraries its verilated.mk names
#    (BUILD_DIR/vl/ldlibs.txt).
# 2. The waves of a hang (a 3-cycle watchdog) are written by BUILD_DIR/texcosim
#    and by the same texcosim relinked with tb/wave/wave.c compiled without
#    the FST reader (what FST_READER=0 and Verilator 5.050+ build): the two
#    save files must be identical, so the table generated from the Verilated
#    model (scripts/gen-rtl-sigs) names every signal with the same width as
#    the trace itself.  When the runtime has no reader at all, the save file
#    must still show the multi-bit signals.
# Run from the top of the tree (tests/run does).  Exit status 0 on success.
set -u
B=${1:-build}
T=$B/texcosim
nfail=0
ok()  { echo "ok   $1"; }
bad() { echo "FAIL $1"; nfail=$((nfail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

VL=${VERILATOR:-verilator}
echo "note $($VL --version 2>&1 | head -n 1); VERILATOR_ROOT $($VL --getenv VERILATOR_ROOT 2>&1)"

# The build's own settings, from the Makefile.  A make of its own, outside
# the jobserver of a `make -j2 test` around it (whose warnings must not land
# in the values), with its messages kept apart.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory B="$B" \
    --eval 'tc-vars: ; @printf "%s\n" "$(CC)" "$(CXX)" "$(CFLAGS)" "$(LDLIBS) $(VL_LDLIBS)" "$(FST_READER)" "$(SANFLAGS)"' \
    tc-vars >"$tmp/vars" 2>"$tmp/vars.err" ||
    { echo "FAIL make tc-vars: $(cat "$tmp/vars" "$tmp/vars.err")"; exit 1; }
CC=$(sed -n 1p "$tmp/vars")
CXX=$(sed -n 2p "$tmp/vars")
CFLAGS=$(sed -n 3p "$tmp/vars")
LIBS=$(sed -n 4p "$tmp/vars")
READER=$(sed -n 5p "$tmp/vars")
SAN=$(sed -n 6p "$tmp/vars")

# ---- 1. the runtime ---------------------------------------------------------
if [ -s "$B/vl/ldlibs.txt" ] && [ -f "$B/vl/libverilated.a" ]; then
    objs=$(ar t "$B/vl/libverilated.a" | tr '\n' ' ')
    ok "runtime from verilated.mk: $objs; link libraries: $(cat "$B/vl/ldlibs.txt")"
else
    bad "no $B/vl/ldlibs.txt or libverilated.a: the runtime was not built through verilated.mk"
fi
case $objs in *verilated_fst_c.o*) ;; *) bad "libverilated.a lacks verilated_fst_c.o" ;; esac
echo "note FST reader in this build: $READER"

# ---- 2. the save file with and without the reader ----------------------------
hang() {  # hang BINARY DIR: waves of the first seed example's hang into DIR
    TEXCOSIM_WAVE_DIR=$2 "$1" run -j 1 --watchdog 3 vectors/tlds/seed-examples.jsonl \
        >"$2.out" 2>&1
    find "$2" -name 'seed-examples.seed-example-1.gtkw' | head -n 1
}
g1=$(hang "$T" "$tmp/w1")
[ -n "$g1" ] || { echo "FAIL no save file from $T: $(tail -n 3 "$tmp/w1.out" | tr '\n' ' ')"; exit 1; }
rows() { grep -c '^TOP\.' "$1"; }
buses() { grep -c '^TOP\..*\[[0-9]*:[0-9]*\]$' "$1"; }
ok "waves of a hang: $(rows "$g1") signal rows, $(buses "$g1") buses ($(basename "$g1"))"

# shellcheck disable=SC2086
if $CC $CFLAGS -c tb/wave/wave.c -o "$tmp/wave.o" 2>"$tmp/cc.log" &&
   $CXX $SAN -o "$tmp/texcosim-noreader" "$tmp/wave.o" "$B/tb/main.o" "$B/libtxtb.a" \
       "$B/libtxmodel.a" "$B/sim.o" "$B/vl/Vtx_top__ALL.a" "$B/vl/libverilated.a" $LIBS \
       2>>"$tmp/cc.log"; then
    ok "texcosim relinked with the wave view built without the FST reader"
else
    echo "FAIL cannot relink without the reader: $(tail -n 5 "$tmp/cc.log" | tr '\n' ' ')"
    exit 1
fi
g2=$(hang "$tmp/texcosim-noreader" "$tmp/w2")
[ -n "$g2" ] || { echo "FAIL no save file without the reader"; exit 1; }
# Paths name the two wave folders; everything else must match.
sed "s#$tmp/w1#W#g" "$g1" >"$tmp/a.gtkw"
sed "s#$tmp/w2#W#g" "$g2" >"$tmp/b.gtkw"
if [ "$READER" = 1 ]; then
    if cmp -s "$tmp/a.gtkw" "$tmp/b.gtkw"; then
        ok "without the reader: the same save file ($(rows "$g2") rows, $(buses "$g2") buses)"
    else
        bad "the save file differs without the reader: $(diff "$tmp/a.gtkw" "$tmp/b.gtkw" | head -n 6 | tr '\n' ' ')"
    fi
else
    echo "note this runtime has no FST reader: both save files come from the table"
    cmp -s "$tmp/a.gtkw" "$tmp/b.gtkw" || bad "the two table builds differ"
fi
# Either way the buses must be there (the old fallback dropped all of them).
[ "$(buses "$g2")" -ge 50 ] || bad "only $(buses "$g2") buses without the reader"
if grep -q '^-not in this trace:.*\(issue_insn_i\|g_ops\|tic\b\)' "$g2"; then
    bad "multi-bit signals reported missing: $(grep '^-not in this trace' "$g2")"
fi

[ "$nfail" -eq 0 ] || { echo "$nfail checks failed"; exit 1; }
echo "toolchain: all checks passed"
