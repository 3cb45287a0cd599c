#!/bin/sh
# tests/extra/conventions.sh BUILD_DIR - command-line conventions
# (docs/regression.md, "Conventions"):
#  1. "-" is standard input for run (plain or gzip, any -j), model and
#     coverage; its temporary copy is removed; messages name "-";
#  2. gen -o - writes the vectors to standard output, gen -o X.jsonl.gz
#     writes them gzip-compressed (the same bytes every time);
#  3. an option that would be ignored is said: gen --seed on a suite that
#     draws no random number, gen --count on a fixed suite, run -q with -v
#     (the last one wins).
set -u
B=${1:-build}
T=$B/texcosim
S=vectors/tlds/seed-examples.jsonl
D=vectors/tlds/tlds-directed.jsonl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/t"
export TMPDIR="$tmp/t"   # where the copy of standard input goes
nfail=0
ok()   { echo "ok   $1"; }
bad()  { echo "FAIL $1"; nfail=$((nfail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

# ---- 1. "-" as standard input ----
for j in 1 2; do
    $T run -q -j $j - <"$D" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "run -j $j - <$D: status 0 (got $rc), 16 vectors, suite '-'" \
        "[ $rc -eq 0 ] && grep -q '^total  *16 ' '$tmp/out' && grep -q '^-  *16 ' '$tmp/out'"
done
gzip -c "$D" | $T run -q -j 2 - >"$tmp/out" 2>"$tmp/err"
rc=$?
check "gzip data on standard input: read as gzip, status 0 (got $rc)" \
    "[ $rc -eq 0 ] && grep -q '^total  *16 ' '$tmp/out'"
cat "$S" "$D" | $T run -q -j 2 "$S" - >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a file and - together: two suites (status $rc)" \
    "[ $rc -eq 0 ] && grep -q '^total  *20 ' '$tmp/out'"
printf '{"texcosim": 1, "id": "x"\n' | $T run -q - >/dev/null 2>"$tmp/err"
rc=$?
check "bad input on standard input: status 2 (got $rc), the message names '-'" \
    "[ $rc -eq 2 ] && grep -q '^-:1:' '$tmp/err'"
$T model - <"$S" >"$tmp/m1" 2>/dev/null && $T model "$S" >"$tmp/m2" 2>/dev/null
check "model - reads standard input" "[ -s '$tmp/m1' ] && cmp -s '$tmp/m1' '$tmp/m2'"
$T coverage - <"$S" >"$tmp/c1" 2>/dev/null
check "coverage - reads standard input (status $?)" "[ -s '$tmp/c1' ]"
check "the copies of standard input are removed" "[ -z \"\$(ls '$tmp/t')\" ]"

# ---- 2. gen -o - and .gz ----
$T gen --suite tlds-directed -o "$tmp/g.jsonl" 2>/dev/null
$T gen --suite tlds-directed -o - >"$tmp/stdout.jsonl" 2>"$tmp/err"
rc=$?
check "gen -o -: status 0 (got $rc), the same lines as -o FILE, the count on stderr" \
    "[ $rc -eq 0 ] && cmp -s '$tmp/g.jsonl' '$tmp/stdout.jsonl' && grep -q 'gen: -: 16 vectors' '$tmp/err'"
$T gen --suite tlds-directed -o "$tmp/g.jsonl.gz" 2>/dev/null
$T gen --suite tlds-directed -o "$tmp/g2.jsonl.gz" 2>/dev/null
check "gen -o X.jsonl.gz: gzip, the same text, the same bytes twice" \
    "[ \"\$(head -c 2 '$tmp/g.jsonl.gz' | od -An -tx1 | tr -d ' ')\" = 1f8b ] &&
     gzip -dc '$tmp/g.jsonl.gz' | cmp -s - '$tmp/g.jsonl' && cmp -s '$tmp/g.jsonl.gz' '$tmp/g2.jsonl.gz'"
$T gen --suite tlds-directed -o - 2>/dev/null | $T run -q -j 2 - >"$tmp/out" 2>&1
check "gen -o - | run -" "grep -q '^total  *16 ' '$tmp/out'"

# ---- 3. ignored options are said ----
$T gen --suite tlds-directed --seed 5 -o /dev/null 2>"$tmp/err"
check "gen --seed on a suite without random numbers: a warning" \
    "grep -q \"warning: --seed is ignored: suite 'tlds-directed'\" '$tmp/err'"
$T gen --suite tlds-random --seed 5 --count 2 -o /dev/null 2>"$tmp/err"
check "gen --seed --count on a random suite: no warning" "! grep -q warning '$tmp/err'"
$T gen --suite tlds-directed --count 5 -o /dev/null 2>"$tmp/err"
check "gen --count on a fixed suite: a warning" \
    "grep -q \"warning: --count is ignored: suite 'tlds-directed'\" '$tmp/err'"
$T run -j 1 -q -v "$S" >"$tmp/out" 2>"$tmp/err"
check "run -q -v: a warning, -v wins (PASS lines)" \
    "grep -q 'warning: -q and -v both given: -q is ignored' '$tmp/err' &&
     [ \$(grep -c '^PASS' '$tmp/out') -eq 2 ]"
$T run -j 1 -v -q "$S" >"$tmp/out" 2>"$tmp/err"
check "run -v -q: a warning, -q wins (no PASS lines)" \
    "grep -q 'warning: -q and -v both given: -v is ignored' '$tmp/err' && ! grep -q '^PASS' '$tmp/out'"

[ $nfail -eq 0 ] || { echo "$nfail failed"; exit 1; }
echo "all passed"
