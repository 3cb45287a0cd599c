#!/bin/sh
# tests/extra/tex_model.sh BUILD_DIR - the TEX suites run on the model with
# other seeds than the checked-in files: generation reads every vector back
# through the vector reader and fails on any step the model leaves
# unimplemented; `texcosim model` runs them again; the same seed gives the
# same file; the directed suite's negative vector is ILLEGAL exactly where the
# seed says; the ground-plane render agrees between model and RTL; the log2
# table is current.
set -u
T=${1:-build}/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

for s in "tex-directed" "tex-seed" "tex-random --seed 5 --count 25"; do
    name=$(echo "$s" | cut -d' ' -f1)
    # shellcheck disable=SC2086
    if ! "$T" gen --suite $s -o "$tmp/$name.jsonl" 2>"$tmp/err"; then
        echo "FAIL: gen $s: $(cat "$tmp/err")"
        fail=1
        continue
    fi
    if ! "$T" model "$tmp/$name.jsonl" >"$tmp/$name.model" 2>"$tmp/err"; then
        echo "FAIL: model $name: $(head -c 300 "$tmp/err")"
        fail=1
    else
        echo "ok   $name: $(wc -l <"$tmp/$name.model") steps on the model"
    fi
done
"$T" gen --suite tex-random --seed 5 --count 25 -o "$tmp/again.jsonl" 2>/dev/null
if ! cmp -s "$tmp/again.jsonl" "$tmp/tex-random.jsonl"; then
    echo "FAIL: tex-random is not deterministic"
    fail=1
fi
# The illegal-forms vector: ten ILLEGAL steps, then one legal step (whose
# header, in memory nobody mapped, faults).
ill=$(grep '"id":"illegal-forms"' "$tmp/tex-directed.jsonl" | grep -o '"status":"[a-z]*"' | tr '\n' ' ')
want='"status":"illegal" "status":"illegal" "status":"illegal" "status":"illegal" "status":"illegal" "status":"illegal" "status":"illegal" "status":"illegal" "status":"illegal" "status":"illegal" "status":"fault" '
if [ "$ill" != "$want" ]; then
    echo "FAIL: illegal-forms statuses: $ill"
    fail=1
fi
# The ground-plane render: nine pictures, model and RTL agreeing (exit 0 and
# identical model and RTL pictures) for point, bilinear and trilinear.
"$T" render --ground --size 64x32 --latency 2 --jitter 3 --out "$tmp/g" >"$tmp/g.out" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
    echo "FAIL: render --ground exited $rc: $(head -n 3 "$tmp/g.out")"
    fail=1
fi
for f in point bilinear trilinear; do
    for k in model rtl diff; do
        sig=$(od -An -tx1 -N8 "$tmp/g/$f-$k.png" 2>/dev/null | tr -d ' \n')
        [ "$sig" = "89504e470d0a1a0a" ] || { echo "FAIL: $f-$k.png missing"; fail=1; }
    done
    cmp -s "$tmp/g/$f-model.png" "$tmp/g/$f-rtl.png" ||
        { echo "FAIL: $f-model.png and $f-rtl.png differ"; fail=1; }
done

# The log2 table of the LOD stage: both copies (C and SV) are current.
if command -v python3 >/dev/null 2>&1; then
    python3 scripts/gen-log2-lut --check || { echo "FAIL: scripts/gen-log2-lut --check"; fail=1; }
fi
exit $fail
