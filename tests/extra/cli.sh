#!/bin/sh
# tests/extra/cli.sh BUILD_DIR - command-line conventions of every subcommand:
# getopt_long parsing (options after operands, missing values are status 2),
# --help (status 0 on stdout) and --version, output paths checked before a
# run, vector selection (--vector lists and globs, --tag, -k), colour only on
# request or a terminal, .jsonl.gz input, render --scale.
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fails=0
n=0
check() {   # check NAME CONDITION-STATUS
    n=$((n + 1))
    if [ "$2" -ne 0 ]; then echo "FAIL $1"; fails=$((fails + 1)); else echo "ok $1"; fi
}
st() { "$@" >"$tmp/out" 2>"$tmp/err"; echo $?; }

# ---- --help and --version everywhere ---------------------------------------
v=$($T --version); rc=$?
[ $rc -eq 0 ] && echo "$v" | grep -q '^texcosim [0-9]'; check "top --version ($v)" $?
[ "$(st $T --help)" -eq 0 ] && grep -q 'texcosim run' "$tmp/out" && [ ! -s "$tmp/err" ]
check "top --help on stdout" $?
for c in run merge model asm disasm gen wave coverage render; do
    [ "$(st $T $c --help)" -eq 0 ] && grep -qi usage "$tmp/out" && [ ! -s "$tmp/err" ]
    check "$c --help: status 0 on stdout" $?
    [ "$(st $T $c --version)" -eq 0 ] && grep -q "^texcosim $c [0-9]" "$tmp/out"
    check "$c --version" $?
    [ "$(st $T $c --no-such-option)" -eq 2 ] && grep -q 'no-such-option' "$tmp/err"
    check "$c unknown option: 2" $?
done
# run --help describes every option of run's long-option table (tb/main.c).
$T run --help >"$tmp/rh"
opts=$(awk '/^static int cmd_run\(/ {f = 1} f && /\{NULL, 0, NULL, 0\}/ {exit}
            f {while (match($0, /\{"[a-z-]+",/)) {print "--" substr($0, RSTART + 2, RLENGTH - 4);
                                                 $0 = substr($0, RSTART + RLENGTH)}}' tb/main.c)
[ "$(echo "$opts" | wc -w)" -ge 25 ]; check "run's option table found ($(echo "$opts" | wc -w) options)" $?
for o in $opts -k -j -q -v; do
    [ "$o" = --colour ] && continue   # spelling alias of --color
    grep -q -- "^  .*$o\b" "$tmp/rh"; check "run --help describes $o" $?
done

# ---- options after operands, missing values --------------------------------
S=vectors/tlds/seed-examples.jsonl
[ "$(st $T run $S -j 1 -q --no-waves)" -eq 0 ]; check "run FILE -j 1 (options after the file)" $?
for c in "run $S --results" "run $S --junit" "run $S -j" "run $S --vector" "run $S --tag" \
         "run $S -k" "merge x.jsonl --results" "gen --suite" "coverage $S --json" \
         "coverage $S --fail-under" "render --out"; do
    [ "$(st $T $c)" -eq 2 ] && grep -qiE 'needs a value|missing value' "$tmp/err"
    check "missing value: $c -> 2" $?
done
w=$($T asm 'TEX.AOFFI R0, R4, R8, 0x1, CUBE, 0xf' --allow-illegal 2>/dev/null); rc=$?
[ $rc -eq 0 ] && [ -n "$w" ]; check "asm TEXT --allow-illegal (option after the text)" $?
[ "$(st $T asm --allow-illegal)" -eq 2 ] && grep -q 'no SASS text' "$tmp/err"
check "asm without text: 2" $?
[ "$(st $T disasm 0xda50007000b70904 0x7e0 0x1)" -eq 2 ]; check "disasm 3 operands: 2" $?
[ "$(st $T model)" -eq 2 ]; check "model without file: 2" $?
[ "$(st $T coverage --summary)" -eq 2 ]; check "coverage without file: 2" $?

# ---- output paths checked before the run ------------------------------------
mkdir "$tmp/dir"
[ "$(st $T run -q --no-waves --results "$tmp/dir" $S)" -eq 2 ] && ! grep -q PASS "$tmp/out"
check "run --results DIR refused before the run" $?
[ "$(st $T run -q --no-waves --junit "$tmp/dir" $S)" -eq 2 ]; check "run --junit DIR: 2" $?
[ "$(st $T coverage --json "$tmp/dir" $S)" -eq 2 ] && [ ! -s "$tmp/out" ]
check "coverage --json DIR refused before reading" $?
[ "$(st $T coverage --json $S $S)" -eq 2 ]; check "coverage --json INPUT refused" $?
[ "$(st $T gen --suite tlds-seed -o "$tmp/dir")" -eq 2 ]; check "gen -o DIR: 2" $?
: >"$tmp/file"
[ "$(st $T render --pixld --out "$tmp/file")" -eq 2 ] && grep -q 'not a folder' "$tmp/err"
check "render --out FILE refused" $?
[ "$(st $T merge x.jsonl --results "$tmp/dir")" -eq 2 ]; check "merge --results DIR: 2" $?

# ---- selection ----------------------------------------------------------------
sel() { $T run -q -v --no-waves -j 1 "$@" 2>"$tmp/err" | sed -n 's/^PASS [^ ]* \([^ ]*\) .*/\1/p' | sort | tr '\n' ' '; }
D=vectors/d3d/d3d-directed.jsonl
all=$(sel $D)
[ "$(sel $D --vector 't2d-mip,t2d-*')" = "$(echo "$all" | tr ' ' '\n' | grep '^t2d-' | sort | tr '\n' ' ')" ] &&
  [ -n "$(sel $D --vector 't2d-*')" ]
check "--vector glob and list" $?
a=$(echo "$all" | awk '{print $1}'); b=$(echo "$all" | awk '{print $2}')
[ "$(sel $D --vector "$a" --vector "$b")" = "$(printf '%s\n%s\n' "$a" "$b" | sort | tr '\n' ' ')" ]
check "--vector repeated" $?
k1=$(sel $D -k 't2d and not mip')
exp=$(echo "$all" | tr ' ' '\n' | grep -i t2d | grep -vi mip | sort | tr '\n' ' ')
[ -n "$exp" ] && [ "$k1" = "$exp" ]; check "-k 't2d and not mip' ($k1)" $?
k2=$(sel $D -k '(t2d or T1D) and not (mip)')
exp=$(echo "$all" | tr ' ' '\n' | grep -iE 't2d|t1d' | grep -vi mip | sort | tr '\n' ' ')
[ "$k2" = "$exp" ]; check "-k parentheses, any case" $?
[ "$(st $T run -q --no-waves $D -k 't2d and')" -eq 2 ] && grep -q 'column' "$tmp/err"
check "-k syntax error: 2 with the column" $?
[ "$(st $T run -q --no-waves $D --vector 'nosuch*')" -eq 4 ] && grep -q 'no vector selected' "$tmp/err"
check "--vector glob matching nothing: 4" $?
[ "$(st $T run -q --no-waves $D --vector nosuch)" -eq 4 ]; check "--vector nosuch: 4" $?
# Tags: the generated files carry them.
t=$(sel vectors/tlds/seed-examples.jsonl vectors/suld/seed-examples.jsonl --tag suld)
[ -n "$t" ] && [ "$t" = "$(sel vectors/suld/seed-examples.jsonl)" ]; check "--tag suld ($t)" $?
[ "$(sel $S -k seed)" = "$(sel $S)" ]; check "-k matches tags" $?
cat >"$tmp/tags.jsonl" <<'V'
{"texcosim": 1, "id": "a", "tags": ["x", "smoke"], "steps": [{"sass": "TLDS.LZ RZ, R4, R2, R3, 0x2, 2D, RG"}]}
{"texcosim": 1, "id": "b", "tags": ["y"], "steps": [{"sass": "TLDS.LZ RZ, R4, R2, R3, 0x2, 2D, RG"}]}
{"texcosim": 1, "id": "c", "steps": [{"sass": "TLDS.LZ RZ, R4, R2, R3, 0x2, 2D, RG"}]}
V
[ "$(sel "$tmp/tags.jsonl" --tag smoke,y)" = "a b " ] && [ "$(sel "$tmp/tags.jsonl" -k 'not smoke')" = "b c " ] &&
  [ "$(sel "$tmp/tags.jsonl" --tag y -k b)" = "b " ]
check "--tag list, -k over tags, and of both" $?
[ "$(st $T run -q --no-waves "$tmp/tags.jsonl" --tag nosuch)" -eq 4 ]; check "--tag nothing: 4" $?

# ---- colour -------------------------------------------------------------------
esc=$(printf '\033')
$T run -v --no-waves -j 1 $S >"$tmp/c1" 2>&1
! grep -q "$esc" "$tmp/c1"; check "no colour in a pipe" $?
$T run -v --no-waves -j 1 --color=always $S >"$tmp/c2" 2>&1
grep -q "${esc}\[32mPASS" "$tmp/c2"; check "--color=always colours PASS" $?
[ "$(st $T run --color=sometimes $S)" -eq 2 ]; check "--color bad value: 2" $?
if command -v script >/dev/null 2>&1; then
    NO_COLOR=1 CI= script -qec "$T run -v --no-waves -j 1 $S" /dev/null >"$tmp/c3" 2>&1
    ! grep -q "${esc}\[3" "$tmp/c3"; check "NO_COLOR: no colour on a terminal" $?
    NO_COLOR= CI= script -qec "$T run -v --no-waves -j 1 $S" /dev/null >"$tmp/c4" 2>&1
    grep -q "${esc}\[32mPASS" "$tmp/c4"; check "colour on a terminal" $?
fi

# ---- .jsonl.gz input --------------------------------------------------------------
cp vectors/tlds/seed-examples.jsonl "$tmp/s.jsonl"
gzip -c "$tmp/s.jsonl" >"$tmp/s.jsonl.gz"
$T run -q --no-waves -j 1 --results "$tmp/p.jsonl" "$tmp/s.jsonl" >/dev/null 2>&1
$T run -q --no-waves -j 1 --results "$tmp/g.jsonl" "$tmp/s.jsonl.gz" >"$tmp/gz.out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '^total  *2 ' "$tmp/gz.out"; check "run FILE.jsonl.gz" $?
[ "$($T model "$tmp/s.jsonl.gz" | md5sum)" = "$($T model "$tmp/s.jsonl" | md5sum)" ]
check "model FILE.jsonl.gz = model FILE.jsonl" $?
[ "$($T coverage --summary "$tmp/s.jsonl.gz" | tail -n 1)" = "$($T coverage --summary "$tmp/s.jsonl" | tail -n 1)" ]
check "coverage FILE.jsonl.gz" $?
head -c 200 "$tmp/s.jsonl.gz" >"$tmp/cut.jsonl.gz"
[ "$(st $T run -q --no-waves "$tmp/cut.jsonl.gz")" -eq 2 ] && grep -q 'gzip' "$tmp/err"
check "truncated gzip: 2 ($(head -c 120 "$tmp/err"))" $?
printf '\037\213garbage-garbage-garbage' >"$tmp/bad.jsonl.gz"
[ "$(st $T run -q --no-waves "$tmp/bad.jsonl.gz")" -eq 2 ] && grep -q 'gzip' "$tmp/err"
check "corrupt gzip: 2 ($(head -c 120 "$tmp/err"))" $?
cp "$tmp/s.jsonl" "$tmp/plain.jsonl.gz"
[ "$(st $T run -q --no-waves "$tmp/plain.jsonl.gz")" -eq 2 ] && grep -q 'not gzip' "$tmp/err"
check "plain text named .gz: 2" $?

# ---- render --scale ---------------------------------------------------------------
if $T render --format R8 --layout pitch --size 16x8 --scale 3 --out "$tmp/r3" >/dev/null 2>&1 &&
   $T render --format R8 --layout pitch --size 16x8 --out "$tmp/r1" >/dev/null 2>&1; then
    python3 - "$tmp/r1/model.png" "$tmp/r3/model.png" <<'PY'
import sys, zlib, struct
def load(p):
    d = open(p, 'rb').read(); i = 8; idat = b''
    while i < len(d):
        n, t = struct.unpack('>I4s', d[i:i+8]); body = d[i+8:i+8+n]
        if t == b'IHDR': w, h = struct.unpack('>II', body[:8])
        if t == b'IDAT': idat += body
        i += 12 + n
    raw = zlib.decompress(idat); rows = []; prev = bytes(w * 3); k = 0
    for y in range(h):
        f = raw[k]; line = bytearray(raw[k+1:k+1+w*3]); k += 1 + w * 3
        for x in range(len(line)):
            a = line[x-3] if x >= 3 else 0; b = prev[x]; c = prev[x-3] if x >= 3 else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line)); prev = bytes(line)
    return w, h, rows
w1, h1, r1 = load(sys.argv[1]); w3, h3, r3 = load(sys.argv[2])
assert (w3, h3) == (3 * w1, 3 * h1), (w1, h1, w3, h3)
for y in range(h3):
    for x in range(w3):
        assert r3[y][3*x:3*x+3] == r1[y // 3][3*(x // 3):3*(x // 3)+3], (x, y)
PY
    check "render --scale 3: 3x size, each pixel a 3x3 block" $?
else
    check "render --scale runs" 1
fi
[ "$(st $T render --scale 0 --out "$tmp/r0")" -eq 2 ]; check "render --scale 0: 2" $?

echo "$((n - fails)) of $n checks passed"
[ "$fails" -eq 0 ]
