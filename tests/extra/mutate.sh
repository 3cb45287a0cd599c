#!/bin/sh
# tests/extra/mutate.sh BUILD_DIR - the mutation runner (scripts/mutate,
# docs/mutation.md) on a small scale:
#  1. the draw is deterministic: the same seed lists the same mutants, another
#     seed others; N mutants on N distinct lines;
#  2. every listed mutant changes only its line, and its id names the same
#     mutant again (--only ID --list);
#  3. bad usage (N not a number, a malformed id, an id past its line's
#     mutations, an unknown option) exits 2 with a message;
#  4. two known mutants of the BC1-3 decoder, run with --only against the BC
#     vectors in a scratch work folder: x16 for x17 in the BC2 alpha expansion
#     is killed, a 5-bit field in a 4-bit slot is stillborn (lint);
#     An interrupt in the middle of a build records no outcome;
#  5. rtl/ is byte for byte what it was before.
# The mutants live in tx_bc1_pkg.sv, whose generated C++ is a file of its own,
# so the build compiles one small file (and ccache has it after the first run).
set -u
B=${1:-build}
command -v python3 >/dev/null 2>&1 || { echo "python3 not installed"; exit 77; }
[ -x "$B/texcosim" ] || { echo "$B/texcosim not built"; exit 77; }
M=scripts/mutate
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
nfail=0
ok()  { echo "ok   $1"; }
bad() { echo "FAIL $1"; nfail=$((nfail + 1)); }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

sum_rtl() { cat rtl/* | cksum; }
before=$(sum_rtl)

# ---- 1. deterministic draw ----
$M -n 40 --seed 5 --list >"$tmp/a" 2>&1
$M -n 40 --seed 5 --list >"$tmp/b" 2>&1
$M -n 40 --seed 6 --list >"$tmp/c" 2>&1
check "seed 5 twice: the same 40 mutants" "[ \$(wc -l <'$tmp/a') -eq 40 ] && cmp -s '$tmp/a' '$tmp/b'"
check "seed 6 draws other mutants" "! cmp -s '$tmp/a' '$tmp/c'"
check "40 mutants on 40 distinct lines" \
    "[ \$(awk '{split(\$1, p, \":\"); print p[1] \":\" p[2]}' '$tmp/a' | sort -u | wc -l) -eq 40 ]"

# ---- 2. each mutant changes its line only, and its id finds it again ----
$M -n 40 --seed 5 --list --json >"$tmp/a.json" 2>&1
$M --only "$(awk '{print $1}' "$tmp/a" | paste -s -d, -)" --list >"$tmp/again" 2>&1
check "--only ID lists each drawn mutant again" "cmp -s '$tmp/a' '$tmp/again'"
python3 - "$tmp/a.json" <<'PY' >"$tmp/ids.out" 2>&1 || bad "listed mutants: $(cat "$tmp/ids.out")"
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    f, n, _ = r["id"].split(":")
    orig = open("rtl/" + f).read().split("\n")[int(n) - 1]
    if r["file"] != "rtl/" + f or r["line"] != int(n) or r["original"] != orig:
        sys.exit("%s: record %r, file line %r" % (r["id"], r, orig))
    if r["mutated"] == orig or not r["mutated"].strip():
        sys.exit("%s: mutated %r" % (r["id"], r["mutated"]))
print("ok")
PY
grep -qx ok "$tmp/ids.out" && ok "every listed mutant changes its own line"

# ---- 3. bad usage ----
for args in "-n x" "-n 0" "--seed -1" "--only foo" "--only tx_bc1_pkg.sv:193:99" \
            "--only tx_nothing.sv:1:0" "--min-kill 101" "--bogus"; do
    # shellcheck disable=SC2086
    $M $args --list >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "scripts/mutate $args: exit 2 with a message (got $rc)" \
        "[ $rc -eq 2 ] && [ -s '$tmp/err' ]"
done
make -s --no-print-directory B="$B" mutate N=abc >"$tmp/out" 2>"$tmp/err"
check "make mutate N=abc: refused, N named" "grep -q 'N (-n) must be a whole number' '$tmp/err'"

# ---- 4. two known mutants, run in a scratch work folder ----
kill=tx_bc1_pkg.sv:193:6
lint=tx_bc1_pkg.sv:193:3
$M --only "$kill,$lint" --build "$B" --out "$tmp/mu" --no-baseline --no-hw --no-warps \
    --vectors vectors/bcn/bcn-directed.jsonl >"$tmp/run.out" 2>&1
rc=$?
check "--only $kill,$lint: exit 0 (got $rc)" "[ $rc -eq 0 ]"
check "$kill (BC2 alpha x16) is killed in regress by the DXT2/3 vector" \
    "grep -q '^\[.*\] $kill  *killed  *regress  *bcn-dxt23 ' '$tmp/run.out'"
check "$lint (5 bits into a 4-bit slot) is stillborn at lint" \
    "grep -q '^\[.*\] $lint  *stillborn  *lint  *%Warning-WIDTH' '$tmp/run.out'"
check "summary: killed 1, survived 0, stillborn 1" \
    "grep -q '^killed 1, survived 0 (0 equivalent, 0 visible only on a tap), stillborn 1' '$tmp/run.out'"
check "report files written" "[ -s '$tmp/mu/only.txt' ] && python3 -c \
    'import json,sys; s=json.load(open(sys.argv[1]))[\"summary\"]; sys.exit(s[\"killed\"] != 1)' \
    '$tmp/mu/only.json'"
[ $nfail -eq 0 ] || { echo "--- run output"; tail -n 20 "$tmp/run.out"; }

# ---- 4c. --rereport: a survivor that mutate-equivalent.tsv names is classified ----
mkdir -p "$tmp/rr"
python3 - "$tmp/rr/report.json" <<'PY'
import json, sys
f, orig, mut, why = next(l.rstrip("\n").split("\t") for l in open("scripts/mutate-equivalent.tsv")
                         if l.strip() and not l.startswith("#") and not l.split("\t")[3].startswith("tap:"))
f, _, ln = f.partition(":")
ms = [{"id": "a:1:0", "file": f, "line": int(ln or 1), "kind": "constant", "change": "x", "original": orig,
       "mutated": mut, "outcome": "survived", "stage": "warps", "detail": ""},
      {"id": "b:2:0", "file": "rtl/b.sv", "line": 2, "kind": "constant", "change": "y", "original": "a",
       "mutated": "b", "outcome": "killed", "stage": "regress", "detail": "v (fail)"}]
json.dump({"summary": {"seed": 1}, "mutants": ms}, open(sys.argv[1], "w"))
PY
$M --rereport --out "$tmp/rr" >"$tmp/rr.out" 2>&1
rc=$?
check "--rereport: exit 0 (got $rc), the survivor equivalent, 100% of the 1 non-equivalent" \
    "[ $rc -eq 0 ] && grep -q '^killed 1, survived 1 (1 equivalent, 0 visible only on a tap)' '$tmp/rr.out' \
     && grep -q '100.0% of the 1 non-equivalent' '$tmp/rr.out' && grep -q 'equivalent: ' '$tmp/rr/report.txt'"

# ---- 4b. an interrupt records nothing: the mutant's killed build is no outcome ----
timeout -s INT 4 $M --only tx_bc1_pkg.sv:193:5 --build "$B" --out "$tmp/mi" --no-baseline \
    --no-hw --no-warps --vectors vectors/bcn/bcn-directed.jsonl >"$tmp/int.out" 2>&1
rc=$?
check "interrupted during the build: status 124/130 (got $rc), no outcome cached" \
    "{ [ $rc -eq 124 ] || [ $rc -eq 130 ]; } && ! grep -q outcome '$tmp/mi/cache.json' 2>/dev/null"

# ---- 5. the tree is untouched ----
check "rtl/ unchanged after the runs" "[ \"\$(sum_rtl)\" = '$before' ]"

[ $nfail -eq 0 ] || { echo "$nfail failed"; exit 1; }
echo "all passed"
