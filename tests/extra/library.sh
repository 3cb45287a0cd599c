#!/bin/sh
# tests/extra/library.sh BUILD_DIR - the model as a library and the RTL as a
# component (docs/library.md):
#
# 1. rtl/files.f lists exactly rtl/*.sv in the Makefile's order (`make
#    rtl-src`: tx_pkg.sv, the other packages, the modules), and the rtl
#    fileset of texcosim.core is the same list in the same order; FuseSoC
#    itself (when installed: $FUSESOC or fusesoc on PATH) sets the lint target up.
# 2. make install PREFIX=tmp: header, static and shared library, texcosim.pc
#    (internal header names unique in the tree, none installed);
#    the header includes no internal header and has extern "C" guards; the
#    shared library exports texmodel_* only.
# 3. tests/link/texmodel_link.cpp, built through pkg-config from that
#    PREFIX, linked against the shared library (found through the .pc's
#    rpath, no LD_LIBRARY_PATH) and then the static library, runs.
# 4. The SystemVerilog bench checks tx_top against the model through DPI-C
#    (BUILD_DIR/dpi/Vtb_texmodel_dpi, built by `make test`).
# Run from the top of the tree (tests/run does).  Exit status 0 on success.
set -u
B=${1:-build}
nfail=0
ok()  { echo "ok   $1"; }
bad() { echo "FAIL $1"; nfail=$((nfail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# ---- 1. files.f and texcosim.core -----------------------------------------
grep -v '^//' rtl/files.f | grep -v '^+incdir+' | grep -v '^$' >"$tmp/f.list"
# The Makefile's order (`make rtl-src`): the packages first, each after
# those it uses, then the modules.
make -s --no-print-directory rtl-src >"$tmp/want.list"
ls rtl/*.sv | sort >"$tmp/all.list"
if ! sort "$tmp/want.list" | cmp -s - "$tmp/all.list"; then
    bad "make rtl-src does not list exactly rtl/*.sv"
fi
head -n 1 "$tmp/want.list" | grep -q '^rtl/tx_pkg.sv$' || bad "make rtl-src: tx_pkg.sv is not first"
if cmp -s "$tmp/f.list" "$tmp/want.list"; then
    ok "rtl/files.f lists the $(wc -l <"$tmp/want.list") rtl/*.sv files in the Makefile's order, tx_pkg.sv first"
else
    bad "rtl/files.f is stale: $(diff "$tmp/want.list" "$tmp/f.list" | grep '^[<>]' | tr '\n' ' ')"
fi
grep -q '^+incdir+rtl$' rtl/files.f || bad "rtl/files.f lacks +incdir+rtl (tx_*.svh)"
# The rtl fileset: from "  rtl:" to the next fileset, the .sv entries in order.
awk '/^  rtl:/ {on = 1; next} /^  [a-z_]+:/ {on = 0} on && /- rtl\/.*\.sv$/ {print $2}' \
    texcosim.core >"$tmp/core.list"
if cmp -s "$tmp/core.list" "$tmp/want.list"; then
    ok "texcosim.core: the rtl fileset matches rtl/files.f"
else
    bad "texcosim.core rtl fileset differs: $(diff "$tmp/want.list" "$tmp/core.list" | grep '^[<>]' | tr '\n' ' ')"
fi
for h in rtl/*.svh; do
    grep -q -- "- $h: {is_include_file: true}" texcosim.core || bad "texcosim.core lacks include file $h"
done
head -n 1 texcosim.core | grep -q '^CAPI=2:$' || bad "texcosim.core does not start with CAPI=2:"
for t in lint sim; do
    grep -q "^  $t:" texcosim.core || bad "texcosim.core has no $t target"
done
# Edalize's flow API, not the deprecated tool API (default_tool:, tools:).
if grep -q -E '^ +(default_tool|tools):' texcosim.core; then bad "texcosim.core uses the tool API (tools:)"
elif [ "$(grep -c -E '^    flow: ' texcosim.core)" -ge 2 ]; then ok "texcosim.core: targets use the flow API"
else bad "texcosim.core: lint and sim have no flow:"; fi
grep -q '^build_root = build-fusesoc$' fusesoc.conf || bad "fusesoc.conf does not set build_root outside build/"
for f in $(awk '/^      - [a-z]+\/[^:]*/ {sub(/:.*/, "", $2); print $2}' texcosim.core); do
    [ -f "$f" ] || bad "texcosim.core names $f, which does not exist"
done
FUSESOC=${FUSESOC:-$(command -v fusesoc 2>/dev/null)}
if [ -n "$FUSESOC" ] && [ -x "$FUSESOC" ]; then
    if (cd "$tmp" && "$FUSESOC" --cores-root "$OLDPWD" run --setup --target=lint \
            texcosim:rtl:tx_top >fusesoc.log 2>&1); then
        vc=$(find "$tmp/build" -name '*.vc' | head -n 1)
        first=$(grep '\.sv$' "$vc" 2>/dev/null | head -n 1)
        case $first in
        */rtl/tx_pkg.sv) ok "fusesoc $("$FUSESOC" --version 2>&1 | tail -n 1) sets up lint, tx_pkg.sv first" ;;
        *) bad "fusesoc setup: first source is '$first' ($vc)" ;;
        esac
    else
        bad "fusesoc run --setup --target=lint failed: $(tail -n 3 "$tmp/fusesoc.log" | tr '\n' ' ')"
    fi
else
    echo "note fusesoc not installed (pip install fusesoc): texcosim.core checked by structure only"
fi

# ---- 2. make install -------------------------------------------------------
P=$tmp/prefix
if make -s --no-print-directory B="$B" install PREFIX="$P" >"$tmp/install.log" 2>&1; then
    ok "make install PREFIX=..."
else
    bad "make install failed: $(tail -n 5 "$tmp/install.log" | tr '\n' ' ')"
fi
for f in include/texmodel.h lib/libtexmodel.a lib/libtexmodel.so lib/pkgconfig/texcosim.pc; do
    [ -e "$P/$f" ] || bad "PREFIX/$f not installed"
done
[ "$(ls "$P/include")" = texmodel.h ] || bad "installed headers: $(ls "$P/include" | tr '\n' ' ') (want texmodel.h only)"
inc=$(grep '^#include' "$P/include/texmodel.h" | grep -v -e '<stddef.h>' -e '<stdint.h>')
[ -z "$inc" ] || bad "texmodel.h includes more than the C library: $inc"
grep -q 'extern "C"' "$P/include/texmodel.h" || bad "texmodel.h has no extern \"C\" guard"
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
v=$(pkg-config --modversion texcosim 2>&1)
[ "$v" = "$(cat VERSION 2>/dev/null || echo 1.0.0)" ] || bad "pkg-config --modversion texcosim: $v"
other=$(nm -D --defined-only "$P/lib/libtexmodel.so" | awk '$2 == "T" {print $3}' | grep -v '^texmodel_' | head -n 3)
[ -z "$other" ] || bad "libtexmodel.so exports more than texmodel_*: $other"
# Internal headers are not installed, and their names are unique in the tree
# (every tb/ folder and cmodel/ are on one include path).
dup=$(ls cmodel/*.h tb/*/*.h | xargs -n 1 basename | sort | uniq -d | tr '\n' ' ')
[ -z "$dup" ] || bad "header names used twice in cmodel/ and tb/: $dup"
ok "installed: texmodel.h, libtexmodel.a, libtexmodel.so, texcosim.pc $v"

# ---- 3. a C++ program through pkg-config ------------------------------------
SAN=$(make -s --no-print-directory B="$B" --eval 'lib-sanflags: ; @echo $(SANFLAGS)' lib-sanflags 2>/dev/null)
CXX=${CXX:-c++}
# shellcheck disable=SC2046
if $CXX -std=c++11 -Wall -Wextra -Werror $SAN tests/link/texmodel_link.cpp \
        $(pkg-config --cflags --libs texcosim) -o "$tmp/link-shared" 2>"$tmp/cxx.log" &&
   env -u LD_LIBRARY_PATH "$tmp/link-shared" >"$tmp/run.log" 2>&1; then
    ldd "$tmp/link-shared" | grep -q "libtexmodel.so" || bad "the shared link does not use libtexmodel.so"
    ok "C++ program, shared library: $(tail -n 1 "$tmp/run.log")"
else
    bad "C++ program, shared library: $(cat "$tmp/cxx.log" "$tmp/run.log" 2>/dev/null | tail -n 5 | tr '\n' ' ')"
fi
# shellcheck disable=SC2046
if $CXX -std=c++11 -Wall -Wextra -Werror $SAN tests/link/texmodel_link.cpp \
        $(pkg-config --cflags texcosim) "$(pkg-config --variable=libdir texcosim)/libtexmodel.a" \
        $(pkg-config --static --libs-only-l texcosim | sed 's/-ltexmodel//') \
        -o "$tmp/link-static" 2>"$tmp/cxx.log" && "$tmp/link-static" >"$tmp/run.log" 2>&1; then
    if ldd "$tmp/link-static" | grep -q libtexmodel; then bad "the static link still needs libtexmodel.so"
    else ok "C++ program, static library: $(tail -n 1 "$tmp/run.log")"; fi
else
    bad "C++ program, static library: $(cat "$tmp/cxx.log" "$tmp/run.log" 2>/dev/null | tail -n 5 | tr '\n' ' ')"
fi

# ---- 4. DPI-C: tx_top against the model in SystemVerilog ---------------------
D=$B/dpi/Vtb_texmodel_dpi
if [ ! -x "$D" ]; then
    bad "$D missing (make B=$B test builds it)"
elif "$D" >"$tmp/dpi.log" 2>&1 && grep -q '^PASS [0-9]* instructions' "$tmp/dpi.log"; then
    ok "DPI-C bench: $(grep '^PASS' "$tmp/dpi.log")"
else
    bad "DPI-C bench: $(grep -m 5 -E 'FAIL|Error|error' "$tmp/dpi.log" | tr '\n' ' ')"
fi

[ "$nfail" -eq 0 ] || { echo "$nfail checks failed"; exit 1; }
echo "library: all checks passed"
