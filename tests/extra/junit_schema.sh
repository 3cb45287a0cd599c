#!/bin/sh
# tests/extra/junit_schema.sh BUILD_DIR - the JUnit XML of `run`, of `merge`
# and of `make test` (tests/junit-from-log) validates with xmllint against
# tests/schema/junit.xsd (the Jenkins xUnit junit-10.xsd dialect), with a
# passing, a failing (hang) and an errored case, and properties only in
# <testsuite>.
set -u
B=${1:-build}
T=$B/texcosim
X=tests/schema/junit.xsd
if ! command -v xmllint >/dev/null 2>&1; then
    echo "xmllint not installed (libxml2-utils; scripts/install-deps)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
valid() {   # valid NAME FILE
    if xmllint --noout --schema "$X" "$2" 2>"$tmp/xl.err"; then echo "ok   $1 validates"
    else echo "FAIL $1: $(head -n 3 "$tmp/xl.err")"; fail=1; fi
}
S=vectors/tlds/seed-examples.jsonl
# Pass, then a hang (failure element) and a bad-input file (error element), in shards.
$T run -q --no-waves -j 1 --shard 1/2 --results "$tmp/a.jsonl" --junit "$tmp/a.xml" $S tests/neg/bad_hex.jsonl >/dev/null 2>&1
$T run -q --no-waves -j 1 --shard 2/2 --watchdog 3 --results "$tmp/b.jsonl" --junit "$tmp/b.xml" \
    $S tests/neg/bad_hex.jsonl >/dev/null 2>&1
for f in a b; do
    [ -s "$tmp/$f.xml" ] || { echo "FAIL run wrote no JUnit $f.xml"; fail=1; continue; }
    valid "run --junit ($f)" "$tmp/$f.xml"
done
grep -q '<failure\|<error' "$tmp/b.xml" || { echo "FAIL no failure/error element in b.xml"; fail=1; }
$T merge -q "$tmp/a.jsonl" "$tmp/b.jsonl" --junit "$tmp/m.xml" >/dev/null 2>&1
valid "merge --junit" "$tmp/m.xml"
grep -q '<failure' "$tmp/m.xml" && grep -q '<error' "$tmp/m.xml" && grep -q '<properties>' "$tmp/m.xml" ||
    { echo "FAIL merged JUnit lacks failure, error or properties"; fail=1; }
# <system-out> (settings, reproduce line) for failures and errors only.
awk '/<testcase/ {t = $0; f = 0} /<failure|<error/ {f = 1} /<system-out>/ {so = 1}
     /<\/testcase>/ {if (so != f) {print "testcase " t; bad = 1}; so = 0}
     END {exit bad}' "$tmp/m.xml" >"$tmp/so.out" &&
    [ "$(grep -c '<system-out>' "$tmp/m.xml")" -eq "$(grep -c '<failure\|<error' "$tmp/m.xml")" ] &&
    grep -q 'reproduce: ' "$tmp/m.xml" && echo "ok   <system-out> for failures and errors only" ||
    { echo "FAIL <system-out> of a passing vector, or none for a failure: $(head -n 2 "$tmp/so.out")"; fail=1; }
# Properties only where the schema allows them: never inside a testcase.
if awk '/<testcase/ {c = 1} /<\/testcase>/ {c = 0} c && /<properties>/ {bad = 1} END {exit !bad}' "$tmp/m.xml"; then
    echo "FAIL properties inside a testcase"; fail=1
fi
# The schema is not a rubber stamp: properties in a testcase and a
# testsuites "skipped" attribute are refused.
sed 's#<system-out>#<properties><property name="a" value="b"/></properties><system-out>#' "$tmp/m.xml" >"$tmp/bad1.xml"
sed 's#<testsuites name="texcosim"#<testsuites skipped="0" name="texcosim"#' "$tmp/m.xml" >"$tmp/bad2.xml"
for f in bad1 bad2; do
    if xmllint --noout --schema "$X" "$tmp/$f.xml" 2>/dev/null; then
        echo "FAIL $f.xml (invalid on purpose) validates"; fail=1
    else echo "ok   $f.xml refused"; fi
done
# make test's own JUnit, from a log with each kind of case.
printf '0.5 PASS unit/test_a (3 checks)\n1.25 FAIL cosim/x.jsonl: a <b> & "c"\n0.1 SKIP extra/y.sh: no tool\n' >"$tmp/log"
sh tests/junit-from-log "$tmp/log" >"$tmp/t.xml"
valid "tests/junit-from-log" "$tmp/t.xml"
grep -q 'failures="1"' "$tmp/t.xml" && grep -q '<skipped' "$tmp/t.xml" ||
    { echo "FAIL test JUnit counts"; fail=1; }
# The previous make test's file, when there is one.
[ -s "$B/test-results.xml" ] && valid "$B/test-results.xml" "$B/test-results.xml"
exit $fail
