#!/bin/sh
# tests/extra/vectors.sh BUILD_DIR - the checked-in vector files are what
# `make vectors` produces (every generator line of the Makefile's `vectors`
# recipe is re-run into a temporary folder and compared byte for byte), and
# a random suite gives the same file twice for the same seed and another
# file for another seed.
set -u
T=${1:-build}/texcosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

# The generator lines of the `vectors` recipe, with the binary and output
# folder replaced (comment lines inside the recipe are skipped).
awk '/^vectors:/ {f = 1; next} f && /^\t/ {print; next} f && /^#/ {next} f {exit}' Makefile |
    grep 'texcosim gen' >"$tmp/recipe"
if [ ! -s "$tmp/recipe" ]; then
    echo "no 'texcosim gen' lines in the vectors recipe of the Makefile"
    exit 1
fi
while IFS= read -r line; do
    out=$(printf '%s\n' "$line" | sed -n 's/.* -o *\([^ ]*\).*/\1/p')
    new="$tmp/$(echo "$out" | tr / _)"
    cmd=$(printf '%s\n' "$line" | sed -e "s#\./\$(B)/texcosim#$T#" -e "s# -o *[^ ]*# -o $new#")
    if ! sh -c "$cmd" 2>"$tmp/gen.err"; then
        echo "FAIL: '$cmd': $(cat "$tmp/gen.err")"
        fail=1
    elif ! cmp -s "$new" "$out"; then
        echo "FAIL: $out differs from a fresh '$cmd'"
        fail=1
    else
        echo "ok   $out reproduced"
    fi
done <"$tmp/recipe"

# Same seed twice: identical; another seed: different.
"$T" gen --suite tlds-random --seed 99 --count 40 -o "$tmp/a.jsonl" 2>/dev/null &&
    "$T" gen --suite tlds-random --seed 99 --count 40 -o "$tmp/b.jsonl" 2>/dev/null &&
    "$T" gen --suite tlds-random --seed 100 --count 40 -o "$tmp/c.jsonl" 2>/dev/null
if ! cmp -s "$tmp/a.jsonl" "$tmp/b.jsonl"; then
    echo "FAIL: tlds-random --seed 99 gave two different files"
    fail=1
elif cmp -s "$tmp/a.jsonl" "$tmp/c.jsonl"; then
    echo "FAIL: tlds-random seeds 99 and 100 gave the same file"
    fail=1
else
    echo "ok   tlds-random: same seed same file, other seed other file"
fi
exit $fail
