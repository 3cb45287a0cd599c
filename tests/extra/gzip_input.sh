#!/bin/sh
# tests/extra/gzip_input.sh BUILD_DIR - what a damaged or odd .jsonl.gz does
# (docs/vector-format.md, "Compressed" and "Streaming"):
#  1. bytes after the last gzip member: status 2, "trailing garbage", the
#     vectors before them still run;
#  2. two members in a row (cat a.gz b.gz) are one file: status 0;
#  3. damage in the middle of a member that inflates into bad text (the
#     check value at the member's end no longer matches): reported as
#     corrupt gzip data, not as malformed JSON;
#  4. more than 1 MiB of blank lines in a row: status 2 with the limit named,
#     at once (a .gz of 4 GiB of newlines would otherwise run for minutes);
#     1,000 blank lines are fine.
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
nfail=0
ok()   { echo "ok   $1"; }
bad()  { echo "FAIL $1"; nfail=$((nfail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

vecs() {   # vecs FIRST N: N one-step vectors with ids vFIRST...
    awk -v a="$1" -v n="$2" 'BEGIN {
        for (i = a; i < a + n; i++)
            printf "{\"texcosim\":1,\"id\":\"v%d\",\"ctm\":\"0x0\",\"steps\":[{\"sass\":" \
                   "\"TLDS.LZ RZ, R4, R2, RZ, 0x0, 1D, R\"}]}\n", i
    }'
}

# 1. Trailing garbage.
vecs 0 3 | gzip -n -c >"$tmp/t.jsonl.gz"
printf 'garbage' >>"$tmp/t.jsonl.gz"
$T run -q -j 1 --all-reports "$tmp/t.jsonl.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "trailing garbage: status 2 (got $rc), named, the 3 vectors before it run" \
    "[ $rc -eq 2 ] && grep -q 't.jsonl.gz:[0-9]*: trailing garbage after the gzip data' '$tmp/err' &&
     grep -q '^total  *3 ' '$tmp/out'"
# A single stray byte is garbage too (not "unexpected end of file").
vecs 0 3 | gzip -n -c >"$tmp/t1.jsonl.gz"
printf '\037' >>"$tmp/t1.jsonl.gz"
$T run -q -j 1 "$tmp/t1.jsonl.gz" >/dev/null 2>"$tmp/err"
rc=$?
check "one byte after the data: status 2 (got $rc), trailing garbage" \
    "[ $rc -eq 2 ] && grep -q 'trailing garbage' '$tmp/err'"

# 2. Concatenated members.
{ vecs 0 2 | gzip -n -c; vecs 2 2 | gzip -n -c; } >"$tmp/m.jsonl.gz"
$T run -q -j 1 "$tmp/m.jsonl.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "two gzip members: status 0 (got $rc), 4 vectors" \
    "[ $rc -eq 0 ] && grep -q '^total  *4 ' '$tmp/out'"

# 3. Damage in the middle: the deflate data of a text with one character
#    changed on line 1500 of 3000, with the check value and length of the
#    original text (the last 8 bytes of a gzip member).  zlib inflates it
#    without complaint until the end of the member.
vecs 0 3000 >"$tmp/a.jsonl"
sed '1500s/"ctm":/"ctm";/' "$tmp/a.jsonl" >"$tmp/b.jsonl"
gzip -n -c "$tmp/a.jsonl" >"$tmp/a.gz"
gzip -n -c "$tmp/b.jsonl" >"$tmp/b.gz"
nb=$(wc -c <"$tmp/b.gz")
{ head -c $((nb - 8)) "$tmp/b.gz"; tail -c 8 "$tmp/a.gz"; } >"$tmp/d.jsonl.gz"
$T run -q -j 1 "$tmp/d.jsonl.gz" >/dev/null 2>"$tmp/err"
rc=$?
check "damage in the middle: status 2 (got $rc), corrupt gzip data, not malformed JSON" \
    "[ $rc -eq 2 ] && grep -q 'd.jsonl.gz:[0-9]*: corrupt gzip data: incorrect data check' '$tmp/err' &&
     ! grep -q 'malformed' '$tmp/err'"
# The same text, plain: the malformed line is reported as such.
$T model "$tmp/b.jsonl" >/dev/null 2>"$tmp/err"
rc=$?
check "the same damage in a plain file: malformed JSON on line 1500 (status $rc)" \
    "[ $rc -eq 2 ] && grep -q 'b.jsonl:1500:[0-9]*: malformed JSON' '$tmp/err'"

# 4. Blank lines.
{ vecs 0 1; head -c 1100000 /dev/zero | tr '\0' '\n'; vecs 1 1; } | gzip -n -c >"$tmp/blank.jsonl.gz"
t0=$(date +%s)
$T run -q -j 1 "$tmp/blank.jsonl.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
t1=$(date +%s)
check "1.1 MB of newlines: status 2 (got $rc), the limit named, the vector before run" \
    "[ $rc -eq 2 ] && grep -q 'more than 1 MiB of blank lines in a row' '$tmp/err' &&
     grep -q '^total  *1 ' '$tmp/out' && [ $((t1 - t0)) -lt 10 ]"
{ vecs 0 1; awk 'BEGIN { for (i = 0; i < 1000; i++) print "  " }'; vecs 1 1; } |
    gzip -n -c >"$tmp/few.jsonl.gz"
$T run -q -j 1 "$tmp/few.jsonl.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "1,000 blank lines: status 0 (got $rc), both vectors" \
    "[ $rc -eq 0 ] && grep -q '^total  *2 ' '$tmp/out'"

[ $nfail -eq 0 ] || { echo "$nfail failed"; exit 1; }
echo "all passed"
