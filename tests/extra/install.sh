#!/bin/sh
# tests/extra/install.sh BUILD_DIR - `make install` as a packager runs it
# (docs/library.md, "Installing"):
#
# 1. make install DESTDIR=tmp PREFIX=/opt/texcosim puts every file under the
#    staging folder and nothing outside it: bin/texcosim, the manual page,
#    the bash completion, libtexmodel (.a, .so and its links), texmodel.h,
#    texcosim.pc and the DPI-C sources.
# 2. The installed CLI runs (--version, asm/disasm round trip).
# 3. The manual page: groff reads it without warnings and it has a section
#    for every command of `texcosim --help`.
# 4. The completion loads in bash and completes commands, options and the
#    `hw` commands.
# 5. A small C program built with `pkg-config --cflags --libs texcosim`
#    (prefix moved to the staging folder, as after a real install) runs
#    without LD_LIBRARY_PATH: the .pc's rpath finds libtexmodel.so; the
#    installed DPI-C source compiles against the installed header.
# Run from the top of the tree (tests/run does).  Exit status 0 on success.
set -u
B=${1:-build}
nfail=0
ok()  { echo "ok   $1"; }
bad() { echo "FAIL $1"; nfail=$((nfail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
for t in pkg-config cc bash; do
    command -v "$t" >/dev/null 2>&1 || { echo "$t is not installed"; exit 77; }
done

# ---- 1. make install into a staging folder ---------------------------------
D=$tmp/stage
PREFIX=/opt/texcosim
P=$D$PREFIX
if make -s --no-print-directory B="$B" install DESTDIR="$D" PREFIX="$PREFIX" >"$tmp/install.log" 2>&1; then
    ok "make install DESTDIR=... PREFIX=$PREFIX"
else
    bad "make install failed: $(tail -n 5 "$tmp/install.log" | tr '\n' ' ')"
fi
outside=$(find "$D" -mindepth 1 -maxdepth 1 ! -name opt)
[ -z "$outside" ] || bad "installed outside PREFIX: $outside"
for f in bin/texcosim share/man/man1/texcosim.1 share/bash-completion/completions/texcosim \
         lib/libtexmodel.a lib/libtexmodel.so lib/libtexmodel.so.1 include/texmodel.h \
         lib/pkgconfig/texcosim.pc share/texcosim/dpi/texmodel_dpi.sv \
         share/texcosim/dpi/texmodel_dpi.c share/texcosim/dpi/tb_texmodel_dpi.sv; do
    [ -e "$P/$f" ] || bad "PREFIX/$f not installed"
done
[ -x "$P/bin/texcosim" ] || bad "bin/texcosim is not executable"
ok "installed: $(cd "$P" && find . -type f -o -type l | sed 's|^\./||' | sort | tr '\n' ' ')"

# ---- 2. the installed CLI --------------------------------------------------
v=$("$P/bin/texcosim" --version 2>&1)
case $v in "texcosim $(cat VERSION)"*) ok "installed CLI: $v" ;; *) bad "installed texcosim --version: $v" ;; esac
w=$(cd "$tmp" && "$P/bin/texcosim" asm 'TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA' 2>&1 | awk '{print $1}')
d=$(cd "$tmp" && "$P/bin/texcosim" disasm "$w" 2>&1)
case $d in TLDS*) ok "installed CLI: asm/disasm $w -> $d" ;; *) bad "installed asm/disasm: '$w' -> '$d'" ;; esac

# ---- 3. the manual page ----------------------------------------------------
M=$P/share/man/man1/texcosim.1
if command -v groff >/dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$M" 2>"$tmp/groff.err"
    [ -s "$tmp/groff.err" ] && bad "groff warns on texcosim.1: $(head -n 3 "$tmp/groff.err" | tr '\n' ' ')" ||
        ok "texcosim.1 formats without warnings"
fi
cmds=$("$P/bin/texcosim" --help | sed -n 's/^ *\(usage: \)\{0,1\}texcosim \([a-z][a-z]*\).*/\2/p' | sort -u)
n=0
for c in $cmds; do
    grep -q "^\.SS texcosim $c\$" "$M" || bad "texcosim.1 has no section for '$c'"
    n=$((n + 1))
done
grep -q -- '\\-\\-worker\\-timeout' "$M" || bad "texcosim.1 lacks run's --worker-timeout (not the run --help text?)"
ok "texcosim.1: a section for each of the $n commands"

# ---- 4. bash completion ----------------------------------------------------
C=$P/share/bash-completion/completions/texcosim
complete_words() {   # the words of a command line; prints the completions
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _texcosim; printf "%s\n" "${COMPREPLY[@]}"' \
        sh "$C" "$@" 2>&1 | sort | tr '\n' ' ' | sed 's/ $//'
}
bash -c '. "$1" && complete -p texcosim' sh "$C" >/dev/null 2>&1 || bad "the completion does not register for texcosim"
r=$(complete_words texcosim ru); [ "$r" = run ] && ok "complete 'texcosim ru' -> $r" || bad "complete 'texcosim ru': '$r'"
r=$(complete_words texcosim run --waves); [ "$r" = "--waves --waves-max" ] &&
    ok "complete 'texcosim run --waves' -> $r" || bad "complete 'texcosim run --waves': '$r'"
r=$(complete_words texcosim hw p); [ "$r" = plan ] && ok "complete 'texcosim hw p' -> $r" || bad "complete 'texcosim hw p': '$r'"

# ---- 5. a program through pkg-config, run without LD_LIBRARY_PATH ------------
cat >"$tmp/prog.c" <<'C'
#include <stdio.h>
#include <texmodel.h>
int main(void)
{
    uint64_t w;
    uint32_t c;
    texmodel *m = texmodel_new();
    if (!m || texmodel_asm("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA", &w, &c, NULL, 0) != 0)
        return 1;
    printf("texmodel %s: TLDS word 0x%016llx\n", texmodel_version(), (unsigned long long)w);
    texmodel_free(m);
    return 0;
}
C
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
PC="pkg-config --define-variable=prefix=$P"
# shellcheck disable=SC2046
if cc -std=c11 -Wall -Wextra -Werror "$tmp/prog.c" $($PC --cflags --libs texcosim) -o "$tmp/prog" \
        2>"$tmp/cc.log"; then
    if env -u LD_LIBRARY_PATH "$tmp/prog" >"$tmp/prog.out" 2>&1; then
        ldd "$tmp/prog" | grep -q "$P/lib/libtexmodel.so" &&
            ok "pkg-config program runs without LD_LIBRARY_PATH: $(cat "$tmp/prog.out")" ||
            bad "the program does not load the installed libtexmodel.so: $(ldd "$tmp/prog" | grep texmodel)"
    else
        bad "the pkg-config program does not run: $(head -c 300 "$tmp/prog.out")"
    fi
else
    bad "cannot build against the installed library: $(head -n 5 "$tmp/cc.log" | tr '\n' ' ')"
fi
dpidir=$($PC --variable=dpidir texcosim)
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -c "$dpidir/texmodel_dpi.c" $($PC --cflags texcosim) -o "$tmp/dpi.o" \
    2>"$tmp/dpi.log" && ok "the installed DPI-C source compiles (\$(pkg-config --variable=dpidir texcosim))" ||
    bad "installed texmodel_dpi.c: $(head -n 3 "$tmp/dpi.log" | tr '\n' ' ')"

[ "$nfail" -eq 0 ] || { echo "$nfail checks failed"; exit 1; }
echo "install: all checks passed"
