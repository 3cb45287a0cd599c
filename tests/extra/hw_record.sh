#!/bin/sh
# tests/extra/hw_record.sh BUILD_DIR - recording a GPU's answers, without a GPU:
#  1. `texcosim hw plan` is a function of the seed (same seed, same plans;
#     another seed, other plans) and refuses an unknown group;
#  2. plan -> answers -> merge -> `texcosim hw` with the model in the GPU's
#     place (`texcosim hw answer`) is 100% bit-exact in every group: the plan
#     and merge formats lose nothing (and the merged cases meet
#     docs/hw-case.schema.json when python3 has jsonschema);
#  3. hw/record.cu's plan reader, built without CUDA (-DHW_RECORD_NO_CUDA),
#     reads every plan and writes it back byte for byte;
#  4. merge names what it cannot merge: a missing answer or a recording error
#     leaves the case out (exit 1), a malformed line or a foreign case id is
#     bad input (exit 2);
#  5. `make hw-record` runs plan -> record -> merge -> table, with a stand-in
#     for nvcc whose "recorder" is the model.
set -u
B=${1:-build}
T=$B/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
say() { echo "$1"; }
bad() { echo "FAIL: $1"; fail=1; }

# 1. Seeds.
"$T" hw plan --seed 5 --max-queries 40 -o "$tmp/p" >"$tmp/out" 2>&1 || bad "plan: $(cat "$tmp/out")"
"$T" hw plan --seed 5 --max-queries 40 -o "$tmp/p2" >/dev/null 2>&1
"$T" hw plan --seed 6 --max-queries 40 --groups filter,lod -o "$tmp/p3" >/dev/null 2>&1
n=$(ls "$tmp/p"/*.plan 2>/dev/null | wc -l)
[ "$n" -eq 8 ] || bad "plan wrote $n group files, want 8"
same=1
for f in "$tmp/p"/*.plan; do cmp -s "$f" "$tmp/p2/$(basename "$f")" || same=0; done
[ $same -eq 1 ] && say "ok   the same seed gives the same plans" || bad "seed 5 twice differs"
# A group's plan does not depend on the other groups planned with it.
cmp -s "$tmp/p/filter.plan" "$tmp/p3/filter.plan" && bad "seeds 5 and 6 give the same filter plan"
"$T" hw plan --seed 6 --max-queries 40 --groups lod -o "$tmp/p4" >/dev/null 2>&1
cmp -s "$tmp/p3/lod.plan" "$tmp/p4/lod.plan" && say "ok   a group's plan is its own" ||
    bad "the lod plan depends on the groups planned with it"
"$T" hw plan --groups filter,nonsense -o "$tmp/p5" >/dev/null 2>"$tmp/err"
rc=$?
{ [ $rc -eq 2 ] && grep -q "unknown group 'nonsense'" "$tmp/err" && [ ! -e "$tmp/p5/filter.plan" ]; } &&
    say "ok   unknown group" || bad "unknown group: rc=$rc $(cat "$tmp/err")"

# 2. The chain with the model in the GPU's place.
for f in "$tmp/p"/*.plan; do
    g=${f%.plan}
    "$T" hw answer "$f" -o "$g.answers" 2>"$tmp/err" || bad "answer $f: $(cat "$tmp/err")"
    "$T" hw merge "$f" "$g.answers" -o "$g.jsonl.gz" >/dev/null 2>"$tmp/err" ||
        bad "merge $f: $(cat "$tmp/err")"
done
printf 'total 1\nfilter 1\nweights 1\nlod 1\ndims 1\nbc 1\nextra 1\nsurface 1\n' >"$tmp/min"
if "$T" hw -q --min "$tmp/min" "$tmp/p"/*.jsonl.gz >"$tmp/table" 2>"$tmp/err"; then
    say "ok   plan -> model answers -> merge: $(grep '^total' "$tmp/table")"
else
    bad "the merged model answers are not all bit-exact: $(cat "$tmp/err") $(cat "$tmp/table")"
fi
if command -v python3 >/dev/null 2>&1 && python3 -c 'import jsonschema' 2>/dev/null; then
    python3 - "$tmp/p" >"$tmp/schema" 2>&1 <<'PY'
import glob, gzip, json, sys, jsonschema
v = jsonschema.Draft202012Validator(json.load(open("docs/hw-case.schema.json")))
n = bad = 0
for f in sorted(glob.glob(sys.argv[1] + "/*.jsonl.gz")):
    for line in gzip.open(f, "rt"):
        n += 1
        c = json.loads(line)
        for e in v.iter_errors(c):
            bad += 1
            print("%s %s: %s" % (f, c.get("id"), e.message[:200]))
            break
print("%d cases, %d against the schema" % (n, bad))
sys.exit(1 if bad or not n else 0)
PY
    [ $? -eq 0 ] && say "ok   schema: $(tail -n 1 "$tmp/schema")" || bad "schema: $(head -n 3 "$tmp/schema")"
fi

# 3. record.cu's reader.
CXX=${CXX:-c++}
if "$CXX" -std=c++17 -O1 -Wall -Wextra -Werror -DHW_RECORD_NO_CUDA -x c++ hw/record.cu \
        -o "$tmp/record-dry" 2>"$tmp/err"; then
    same=1
    for f in "$tmp/p"/*.plan "$tmp/p3/filter.plan"; do
        "$tmp/record-dry" "$f" "$tmp/echo" 2>/dev/null && cmp -s "$f" "$tmp/echo" || {
            same=0; bad "record.cu reads $f otherwise: $(cmp "$f" "$tmp/echo" 2>&1)"; }
    done
    [ $same -eq 1 ] && say "ok   record.cu reads every plan as written"
else
    bad "hw/record.cu does not build with -DHW_RECORD_NO_CUDA: $(head -n 5 "$tmp/err")"
fi

# 4. merge refuses or leaves out what it cannot merge.
P=$tmp/p/bc.plan
A=$tmp/p/bc.answers
first=$(sed -n '3p' "$A" | cut -d' ' -f1)
sed '5d' "$A" >"$tmp/a1"
"$T" hw merge "$P" "$tmp/a1" -o "$tmp/m1.jsonl.gz" >/dev/null 2>"$tmp/err"
rc=$?
ncase=$(grep -c '^case ' "$P")
nm=$(zcat "$tmp/m1.jsonl.gz" 2>/dev/null | wc -l)
{ [ $rc -eq 1 ] && grep -q "case '$first' left out: 39 of 40" "$tmp/err" && [ "$nm" -eq $((ncase - 1)) ]; } &&
    say "ok   merge: a missing answer" || bad "missing answer: rc=$rc $nm/$ncase $(cat "$tmp/err")"
{ head -n 2 "$A"; echo "$first error cudaMalloc3DArray: invalid argument"; tail -n +3 "$A" | grep -v "^$first "; } >"$tmp/a2"
"$T" hw merge "$P" "$tmp/a2" -o "$tmp/m2.jsonl.gz" >/dev/null 2>"$tmp/err"
rc=$?
{ [ $rc -eq 1 ] && grep -q "case '$first' left out: the recorder reported: cudaMalloc3DArray: invalid argument" "$tmp/err"; } &&
    say "ok   merge: a recording error" || bad "recording error: rc=$rc $(cat "$tmp/err")"
sed '4s/ [0-9a-f]*$/ xyz/' "$A" >"$tmp/a3"
"$T" hw merge "$P" "$tmp/a3" -o "$tmp/m3.jsonl.gz" >/dev/null 2>"$tmp/err"
rc=$?
{ [ $rc -eq 2 ] && grep -q "a3:4: expected 'ID INDEX W0 W1 W2 W3'" "$tmp/err" && [ ! -e "$tmp/m3.jsonl.gz" ]; } &&
    say "ok   merge: a malformed answer" || bad "malformed answer: rc=$rc $(cat "$tmp/err")"
{ cat "$A"; echo "no-such-case 0 00000000 00000000 00000000 00000000"; } >"$tmp/a4"
"$T" hw merge "$P" "$tmp/a4" -o "$tmp/m4.jsonl.gz" >/dev/null 2>"$tmp/err"
rc=$?
{ [ $rc -eq 2 ] && grep -q "case 'no-such-case' is not in the plan" "$tmp/err"; } &&
    say "ok   merge: a foreign case" || bad "foreign case: rc=$rc $(cat "$tmp/err")"
sed '3s/^tex 2d/tex 4d/' "$P" >"$tmp/bad.plan"
"$T" hw answer "$tmp/bad.plan" -o "$tmp/a5" >/dev/null 2>"$tmp/err"
rc=$?
{ [ $rc -eq 2 ] && grep -q "bad.plan:3: tex kind: unknown '4d'" "$tmp/err"; } &&
    say "ok   a malformed plan" || bad "malformed plan: rc=$rc $(cat "$tmp/err")"

# 5. make hw-record, nvcc and the GPU replaced by the model.
cat >"$tmp/nvcc" <<'EOF'
#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = -o ] && { out=$2; shift; }; shift; done
printf '#!/bin/sh\nexec "%s" hw answer "$1" -o "$2"\n' "$TEXCOSIM" >"$out" && chmod +x "$out"
EOF
chmod +x "$tmp/nvcc"
if TEXCOSIM=$(pwd)/$T make -s hw-record B="$B" NVCC="$tmp/nvcc" HW_REC="$tmp/rec" \
        HW_GROUPS=weights,surface HW_SEED=3 HW_PLAN_ARGS="--max-queries 30" >"$tmp/make" 2>&1 &&
   grep -q '^total .* 100.0000 ' "$tmp/make" && [ -s "$tmp/rec/weights.jsonl.gz" ]; then
    say "ok   make hw-record (model in the GPU's place): $(grep '^total' "$tmp/make")"
else
    bad "make hw-record: $(tail -n 5 "$tmp/make")"
fi
exit $fail
