#!/bin/sh
# tests/extra/suld.sh BUILD_DIR - SULD vectors that must not pass.
#
# 1. the seed's first SULD example with one expected register value changed
#    fails as a mismatch (exit status 1) naming the register;
# 2. the same example expecting a trap that does not happen fails;
# 3. a .TRAP step expected to write registers fails: a trap writes nothing.
# Prints what failed and exits 1 on the first problem.
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

die() { echo "suld.sh: $*" >&2; exit 1; }

src=vectors/suld/seed-examples.jsonl
[ -s "$src" ] || die "no $src"
head -n 1 "$src" >"$tmp/good.jsonl"
"$T" run -q "$tmp/good.jsonl" >"$tmp/out" 2>&1 || die "the unchanged example does not pass"

# 1. One lane's expected R2 changed (the first value of the R2 array).
sed 's/"R2":\["0x[0-9a-f]\{8\}"/"R2":["0xdeadbeef"/' "$tmp/good.jsonl" >"$tmp/r2.jsonl"
cmp -s "$tmp/r2.jsonl" "$tmp/good.jsonl" && die "could not change the expected R2"
"$T" run "$tmp/r2.jsonl" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] || die "a wrong expected R2 exited $rc, want 1"
grep -q 'R2' "$tmp/out" || die "the mismatch report does not name R2: $(head -c 300 "$tmp/out")"

# 2. Expecting a trap.
sed 's/"status":"ok"/"status":"trap"/' "$tmp/good.jsonl" >"$tmp/trap.jsonl"
"$T" run "$tmp/trap.jsonl" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] || die "an expected trap that does not happen exited $rc, want 1"

# 3. A trapping step (x = -1 under .TRAP) that claims to write R2.
sed -e 's/"SULD.D.2D R2, \[R4\], R6"/"SULD.D.2D.TRAP R2, [R4], R6"/' "$tmp/good.jsonl" \
    >"$tmp/notrap.jsonl"
"$T" run "$tmp/notrap.jsonl" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] || die "a .TRAP step expected to write R2 exited $rc, want 1"
echo "suld.sh: ok"
