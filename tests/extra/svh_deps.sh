#!/bin/sh
# tests/extra/svh_deps.sh BUILD_DIR - an edited RTL include (rtl/*.svh)
# rebuilds every Verilated model: the main one, the coverage one and the DPI
# bench (the Makefile's RTL_INC, and scripts/vl-deps from Verilator's own
# dependency file).  "Touched" with make's what-if (-W), which changes
# nothing on disk: for the built model, the dry run must verilate again
# after any .svh is touched and must not after a file the RTL does not read;
# for every model, its rule must name every .svh.  (-o: the VFLAGS record,
# remade on every run, is taken as up to date, else a dry run counts it as
# changed.)
set -u
B=${1:-build}
nfail=0
ok()  { echo "ok   $1"; }
bad() { echo "FAIL $1"; nfail=$((nfail + 1)); }
svh=$(ls rtl/*.svh)
[ -n "$svh" ] || { echo "no rtl/*.svh"; exit 77; }
M="make --no-print-directory B=$B"
model=$B/vl/Vtx_top__ALL.a
W="$M -n -o $B/vl/vflags.txt"
if [ -f "$model" ] && ! $W "$model" 2>/dev/null | grep -q -- "-Mdir $B/vl"; then
    for f in $svh; do
        if $W -W "$f" "$model" 2>/dev/null | grep -q -- "-Mdir $B/vl"; then
            ok "touching $f verilates $model again"
        else
            bad "touching $f does not rebuild $model"
        fi
    done
    if $W -W README.md "$model" 2>/dev/null | grep -q -- "-Mdir $B/vl"; then
        bad "touching README.md rebuilds $model"
    else
        ok "touching README.md leaves $model alone"
    fi
else
    echo "skip the what-if rebuild: $model is not built and up to date"
fi
cov=$($M -s --eval 'print-covb: ; @echo $(COVB)' print-covb)
for t in "$model" "$cov/vl/Vtx_top__ALL.a" "$B/dpi/Vtb_texmodel_dpi"; do
    rule=$($M -p -q -n "$t" 2>/dev/null | grep "^$t:" | grep -v ' := \| = ' | head -n 1)
    miss=
    for f in $svh; do
        case " $rule " in *" $f "*) ;; *) miss="$miss $f" ;; esac
    done
    if [ -n "$rule" ] && [ -z "$miss" ]; then ok "$t depends on every .svh"
    else bad "$t lacks$miss"; fi
done
[ $nfail -eq 0 ] || { echo "$nfail failed"; exit 1; }
echo "all passed"
