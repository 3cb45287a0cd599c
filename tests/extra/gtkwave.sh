#!/bin/sh
# tests/extra/gtkwave.sh BUILD_DIR - waves of a real mismatch, checked in
# GTKWave itself (docs/waves.md, "Headless check").
#
# 1. Build a mutant RTL model: a copy of rtl/ with a bug put in by sed (the
#    filter stage swaps components X and Y of lane 0 of each quad).  The
#    model is cached in BUILD_DIR/wave-mutant and rebuilt only when rtl/,
#    tb/core/sim.cpp or this script change.
# 2. Link it with the testbench objects of BUILD_DIR (the program is left in
#    BUILD_DIR/wave-mutant/texcosim for the examples of README.md and
#    docs/regression.md) and run the directed TLDS vectors: exit status 1, the report names "filter" as the first
#    diverging stage, and the first failure has an .fst and a .gtkw.
# 3. Open the save file and the trace in GTKWave under xvfb-run with
#    tests/extra/gtkwave_check.tcl: every signal row exists in the dump, the
#    primary marker is at the mismatch time, markers A/B at issue/done, and
#    at the marker the filter stage hands on the failing lane's quad.
#    The save file: no comment row over 48 characters, and every signal the
#    view promises (`texcosim wave --signals`) has a signal row.  Then a
#    screenshot of GTKWave showing it (Xvfb's -fbdir screen dump, read by
#    tests/extra/gtkwave_shot.py): the signal-name pane is under a third of
#    the window's width.
# 4. `texcosim wave` with a stand-in for gtkwave ($GTKWAVE): .fst, .gtkw,
#    directory and results-file arguments; exit 2 without DISPLAY or without
#    the program.
# 0. Before all that, without GTKWave: every signal of the view names a
#    signal of the RTL (`texcosim wave --signals` against the build's table)
#    and every name in docs/waves.md's table of the view is one of them.
#    Without gtkwave, Xvfb or python3 the rest is skipped (exit 77).
#
# Run from the top of the tree (tests/run does).  Exit status 0 on success.
set -u
B=${1:-build}
M=$B/wave-mutant
VINC=$(verilator --getenv VERILATOR_ROOT)/include
JSON_CFLAGS=$(pkg-config --cflags json-c 2>/dev/null)
JSON_LIBS=$(pkg-config --libs json-c 2>/dev/null || echo -ljson-c)
# The link libraries of build/texcosim, from the Makefile itself.
LIBS=$(make -s --no-print-directory B="$B" --eval 'wave-ldlibs: ; @echo $(LDLIBS) $(VL_LDLIBS)' wave-ldlibs 2>/dev/null)
[ -n "$LIBS" ] || LIBS="$JSON_LIBS -lz -lm -pthread -latomic"
nfail=0

ok()   { echo "ok   $1"; }
bad()  { echo "FAIL $1"; nfail=$((nfail + 1)); }
die()  { echo "FAIL $1"; exit 1; }

for f in "$B/texcosim" "$B/tb/main.o" "$B/libtxtb.a" "$B/libtxmodel.a" "$B/vl/libverilated.a"; do
    [ -f "$f" ] || die "$f missing: build $B/texcosim first"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
TAB=$(printf '\t')

# ---- 0. the view against the RTL and the docs ----------------------------
"$B/texcosim" wave --signals >"$tmp/signals.txt" 2>"$tmp/signals.err"
rc=$?
nsig=$(wc -l <"$tmp/signals.txt")
[ $rc -eq 0 ] && [ "$nsig" -gt 100 ] && ok "wave --signals: $nsig signals, each names an RTL signal" ||
    bad "wave --signals: exit $rc, $nsig signals: $(tr '\n' ' ' <"$tmp/signals.err")"
# The backquoted names of the table in docs/waves.md (module names tx_*
# aside): each is a signal of the view ("*" outside "[*]" stands for any
# part of a name).
undoc=
for t in $(sed -n '/^| # | group | signals/,/^$/p' docs/waves.md | grep '^| [0-9]' |
           cut -d'|' -f4 | grep -o '`[^`]*`' | tr -d '`' | grep -v -e '^\.' -e '^tx_'); do
    re=$(printf '%s' "$t" | sed -e 's/[.]/\\./g' -e 's/\[\*\]/@S@/g' -e 's/\[T\]/@T@/g' \
        -e 's/\*/[A-Za-z0-9_]*/g' -e 's/@S@/\\[\\*\\]/g' -e 's/@T@/\\[T\\]/g')
    grep -qE "^[0-9]+$TAB$re$TAB" "$tmp/signals.txt" || undoc="$undoc $t"
done
[ -z "$undoc" ] && ok "docs/waves.md names only signals of the view" ||
    bad "docs/waves.md names signals the view lacks:$undoc"

for t in verilator g++ gcc; do
    command -v "$t" >/dev/null 2>&1 || die "$t is not installed (scripts/install-deps)"
done
for t in gtkwave xvfb-run Xvfb python3; do
    if ! command -v "$t" >/dev/null 2>&1; then
        [ $nfail -eq 0 ] || { echo "$nfail check(s) failed"; exit 1; }
        echo "skipped: $t is not installed (scripts/install-deps)"
        exit 77
    fi
done

# ---- 1. the mutant model ---------------------------------------------------
mutate() {
    # Swap components 0 and 1 (and 2 and 3) of every lane's filtered value.
    sed -i 's/^\([[:space:]]*out_comp_o\[\)(l\*4+c)\(\*32 +: 32\][[:space:]]*=\)/\1(l*4+(c ^ 1))\2/' \
        "$1/tx_filter.sv"
    ! cmp -s "$1/tx_filter.sv" rtl/tx_filter.sv
}
key=$(cat rtl/* tb/core/sim.cpp tb/core/sim.h "$0" | sha256sum | cut -c1-16)
if [ "$(cat "$M/key" 2>/dev/null)" != "$key" ] || [ ! -f "$M/sim.o" ]; then
    t0=$(date +%s)
    rm -rf "$M"
    mkdir -p "$M"
    cp -r rtl "$M/rtl"
    mutate "$M/rtl" || die "the mutation no longer applies to rtl/tx_filter.sv (update mutate())"
    # The Makefile's file order (packages first), on the copy.
    srcs=$(make -s --no-print-directory rtl-src | sed "s|^rtl/|$M/rtl/|")
    # shellcheck disable=SC2086
    verilator --cc -O3 --x-assign fast --x-initial fast --trace-fst --top-module tx_top \
        -Wno-fatal -I"$M/rtl" -Mdir "$M/vl" $srcs >"$M/build.log" 2>&1 ||
        die "verilator failed on the mutant: $(tail -n 3 "$M/build.log")"
    # -O0: the mutant runs a few hundred cycles, compile time matters more.
    make -s -j2 -C "$M/vl" -f Vtx_top.mk OPT_FAST=-O0 OPT_SLOW=-O0 Vtx_top__ALL.a \
        >>"$M/build.log" 2>&1 || die "mutant model build failed: $(tail -n 3 "$M/build.log")"
    g++ -std=c++14 -O1 -Itb/core -I"$M/vl" -isystem "$VINC" -isystem "$VINC/vltstd" -faligned-new \
        -c tb/core/sim.cpp -o "$M/sim.o" >>"$M/build.log" 2>&1 || die "mutant sim.o failed"
    echo "$key" >"$M/key"
    ok "mutant model built in $(( $(date +%s) - t0 )) s ($M)"
else
    ok "mutant model reused ($M)"
fi

# ---- 2. a real mismatch ----------------------------------------------------
g++ -o "$M/texcosim" "$B/tb/main.o" "$B/libtxtb.a" "$B/libtxmodel.a" "$M/sim.o" \
    "$M/vl/Vtx_top__ALL.a" "$B/vl/libverilated.a" $LIBS || die "cannot link the mutant texcosim"

vecs=vectors/tlds/tlds-directed.jsonl
export TEXCOSIM_WAVE_DIR="$tmp/waves"
"$M/texcosim" run "$vecs" >"$tmp/run.out" 2>&1
rc=$?
runner="texcosim run"
[ $rc -eq 1 ] && ok "$runner on the mutant: exit status 1" ||
    bad "$runner on the mutant: exit status $rc, want 1: $(tail -n 3 "$tmp/run.out")"
grep -q 'first diverging stage: filter' "$tmp/run.out" &&
    ok "report names the first diverging stage (filter)" ||
    bad "report does not name filter: $(grep -m 2 -E 'stage|MISMATCH' "$tmp/run.out")"

wl=$(grep -m 1 '^  waves: ' "$tmp/run.out")
ml=$(grep -m 1 '^  wave markers: ' "$tmp/run.out")
fst=$(echo "$wl" | sed -n 's/^  waves: \(.*\.fst\) (open: .* wave \(.*\.gtkw\))$/\1/p')
gtkw=$(echo "$wl" | sed -n 's/^  waves: \(.*\.fst\) (open: .* wave \(.*\.gtkw\))$/\2/p')
marker=$(echo "$ml" | sed -n 's/.*mismatch t=\([0-9]*\).*/\1/p')
lane=$(echo "$ml" | sed -n 's/.*(filter, lane \([0-9]*\)).*/\1/p')
issue=$(echo "$ml" | sed -n 's/.*issue t=\([0-9]*\).*/\1/p')
done_t=$(echo "$ml" | sed -n 's/.*done t=\([0-9]*\).*/\1/p')
if [ -n "$fst" ] && [ -s "$fst" ] && [ -n "$gtkw" ] && [ -s "$gtkw" ]; then
    ok "waves written: $(basename "$fst"), $(basename "$gtkw")"
else
    die "no waves for the first failure: '$wl'"
fi
[ -n "$marker" ] && [ -n "$lane" ] && [ -n "$issue" ] && [ -n "$done_t" ] ||
    die "cannot read the markers from '$ml'"
case $fst in "$tmp/waves/"*) ok "waves are in TEXCOSIM_WAVE_DIR" ;;
    *) bad "waves not in TEXCOSIM_WAVE_DIR: $fst" ;; esac

# ---- 3. GTKWave, headless --------------------------------------------------
WAVE_GTKW=$gtkw WAVE_MARKER=$marker WAVE_ISSUE=$issue WAVE_DONE=$done_t WAVE_STAGE=filter \
WAVE_LANE=$lane WAVE_RESULT="$tmp/check.txt" \
    timeout 60 xvfb-run -a -s '-screen 0 1600x1000x24' \
    gtkwave -a "$gtkw" -S tests/extra/gtkwave_check.tcl "$fst" >"$tmp/gtkwave.log" 2>&1
rc=$?
if [ ! -f "$tmp/check.txt" ]; then
    bad "gtkwave check did not run (exit $rc): $(tail -n 3 "$tmp/gtkwave.log" | tr '\n' ' ')"
else
    sed 's/^/     gtkwave: /' "$tmp/check.txt"
    if grep -q '^END failures=0$' "$tmp/check.txt" && ! grep -q '^FAIL' "$tmp/check.txt"; then
        ok "gtkwave: signals present, marker at the mismatch (t=$marker)"
    else
        bad "gtkwave: $(grep '^FAIL' "$tmp/check.txt" | tr '\n' ' ')"
    fi
fi

# The save file itself: short comment rows, every promised signal.
long=$(grep '^-' "$gtkw" | awk 'length($0) > 49 { print length($0) - 1 ": " substr($0, 2, 60) }')
[ -z "$long" ] && ok "no comment row over 48 characters" ||
    bad "comment rows over 48 characters: $(echo "$long" | head -n 3 | tr '\n' ' ')"
absent=
while IFS="$TAB" read -r _g pat _n _first; do
    re=$(printf '%s' "$pat" | sed -e 's/[.]/\\./g' -e 's/\[[*T]\]/@I@/g' -e 's/@I@/\\[[0-9]+\\]/g')
    grep -qE "^TOP\.tx_top\.$re(\[[0-9]+:[0-9]+\])?\$" "$gtkw" || absent="$absent $pat"
done <"$tmp/signals.txt"
[ -z "$absent" ] && ok "every promised signal has a row in the save file ($nsig)" ||
    bad "promised signals without a row:$absent"
grep -q '^-missing: ' "$gtkw" && bad "save file has missing rows: $(grep '^-missing: ' "$gtkw" | tr '\n' ' ')"

# A screenshot of GTKWave showing the view: Xvfb keeps its screen in an XWD
# file (-fbdir), read once GTKWave has drawn the wave pane.
mkdir -p "$tmp/fb"
xvfb-run -a -s "-screen 0 1600x1000x24 -fbdir $tmp/fb" sh -c '
    gtkwave -a "$1" "$2" >"$3/shot.log" 2>&1 &
    p=$!
    i=0
    while [ $i -lt 40 ]; do
        sleep 0.5
        i=$((i + 1))
        cp "$3/fb/Xvfb_screen0" "$3/shot.xwd" 2>/dev/null || continue
        python3 tests/extra/gtkwave_shot.py "$3/shot.xwd" >"$3/shot.txt" 2>/dev/null || continue
        # drawn and settled: the same panes twice in a row
        [ "$(cat "$3/shot.txt")" = "$(cat "$3/shot.prev" 2>/dev/null)" ] && break
        cp "$3/shot.txt" "$3/shot.prev"
    done
    kill $p 2>/dev/null
    wait $p 2>/dev/null
    exit 0' sh "$gtkw" "$fst" "$tmp" >/dev/null 2>&1
set -- $(cat "$tmp/shot.txt" 2>/dev/null)
if [ $# -eq 8 ]; then
    # width W sst S names N waves X
    if [ $(( $6 * 3 )) -lt "$2" ]; then
        ok "screenshot: name pane $6 px of $2 (waves from x=$8)"
    else
        bad "screenshot: name pane $6 px, not under a third of $2 (waves from x=$8)"
    fi
else
    bad "screenshot: no GTKWave window with a wave pane: $(tail -n 3 "$tmp/shot.log" 2>/dev/null | tr '\n' ' ')"
fi

# ---- 4. texcosim wave ------------------------------------------------------
W="$B/texcosim"
cat >"$tmp/fakegtk" <<EOF
#!/bin/sh
echo "\$@" >"$tmp/fake.args"
EOF
chmod +x "$tmp/fakegtk"
want="-a $gtkw $fst"
expect_open() {   # name, argument
    rm -f "$tmp/fake.args"
    DISPLAY=:0 GTKWAVE="$tmp/fakegtk" "$W" wave "$2" >"$tmp/w.out" 2>&1
    r=$?
    got=$(cat "$tmp/fake.args" 2>/dev/null)
    [ $r -eq 0 ] && [ "$got" = "$want" ] && ok "wave $1" ||
        bad "wave $1: exit $r, ran '$got', want '$want' $(head -c 200 "$tmp/w.out")"
}
expect_open ".fst" "$fst"
expect_open ".gtkw" "$gtkw"
first_id=$(grep -m 1 '^FAIL ' "$tmp/run.out" | awk '{print $3}')
{
    echo '{"type":"vector","file":"x.jsonl","id":"fine","status":"pass"}'
    printf '{"type":"vector","file":"%s","id":"%s","status":"fail","wave_fst":"%s","wave_gtkw":"%s"}\n' \
        "$vecs" "$first_id" "$fst" "$gtkw"
    echo '{"type":"run","exit_status":1}'
} >"$tmp/results.jsonl"
expect_open "results file" "$tmp/results.jsonl"
{
    echo '{"type":"vector","file":"x.jsonl","id":"fine","status":"pass"}'
    printf '{"type":"vector","file":"%s","id":"%s","status":"fail"}\n' "$vecs" "$first_id"
} >"$tmp/results2.jsonl"
expect_open "results file without wave members" "$tmp/results2.jsonl"
touch "$gtkw"   # the newest save file of the directory
expect_open "directory" "$tmp/waves"

env -u DISPLAY GTKWAVE="$tmp/fakegtk" "$W" wave "$gtkw" >"$tmp/w.out" 2>&1
r=$?
[ $r -eq 2 ] && grep -q DISPLAY "$tmp/w.out" && ok "wave without DISPLAY: exit 2" ||
    bad "wave without DISPLAY: exit $r: $(cat "$tmp/w.out")"
DISPLAY=:0 GTKWAVE="$tmp/no-such-gtkwave" "$W" wave "$gtkw" >"$tmp/w.out" 2>&1
r=$?
[ $r -eq 2 ] && grep -q 'not found' "$tmp/w.out" && ok "wave without gtkwave: exit 2" ||
    bad "wave without gtkwave: exit $r: $(cat "$tmp/w.out")"
"$W" wave "$tmp/nothing.gtkw" >"$tmp/w.out" 2>&1
r=$?
[ $r -eq 2 ] && ok "wave of a missing file: exit 2" || bad "wave of a missing file: exit $r"

[ $nfail -eq 0 ] || { echo "$nfail check(s) failed"; exit 1; }
echo "all checks passed"
