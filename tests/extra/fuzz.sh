#!/bin/sh
# tests/extra/fuzz.sh BUILD_DIR - every parser is fuzzed (docs/regression.md).
#
# With clang and libFuzzer: builds the harnesses of fuzz/ into BUILD_DIR/fuzz
# (make fuzz-build) and runs each one for FUZZ_TEST_SECONDS (default 10) on
# its seeds and the corpus kept from earlier runs.  Without them: compiles
# the harnesses with ${CC:-cc} and ASan+UBSan against fuzz/replay.c and
# replays the seed corpora (fuzz/seeds, fuzz/corpus) and the corpus an
# earlier libFuzzer run kept in BUILD_DIR/fuzz/corpus, if any.  Either way it says
# which it did; a crash, leak, hang or failed property fails the test.
# Run from the top of the tree (tests/run does).  Exit status 0 on success.
set -u
B=${1:-build}
secs=${FUZZ_TEST_SECONDS:-10}
names="asm decode vector tic gz"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

fuzz_cc=${FUZZ_CC:-clang}
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)\n{ (void)d; (void)n; return 0; }\n' >"$tmp/probe.c"
if command -v "$fuzz_cc" >/dev/null 2>&1 &&
   "$fuzz_cc" -fsanitize=fuzzer,address,undefined "$tmp/probe.c" -o "$tmp/probe" >/dev/null 2>&1; then
    echo "fuzz.sh: libFuzzer found ($fuzz_cc): building $B/fuzz and fuzzing each harness for $secs s"
    t0=$(date +%s)
    ${MAKE:-make} -s --no-print-directory fuzz-build FZ="$B/fuzz" FUZZ_CC="$fuzz_cc" \
        >"$tmp/build.log" 2>&1 || { tail -n 20 "$tmp/build.log"; echo "fuzz.sh: fuzz-build failed"; exit 1; }
    echo "fuzz.sh: harnesses built in $(( $(date +%s) - t0 )) s"
    ./fuzz/run "$B/fuzz" "$secs" $names
    exit $?
fi

# ---- fallback: replay the corpora under the sanitizers ----------------------
cc=${CC:-cc}
echo "fuzz.sh: libFuzzer ($fuzz_cc -fsanitize=fuzzer) is not available; replaying the seed" \
     "corpora through fuzz/replay.c built with $cc -fsanitize=address,undefined"
R=$B/fuzz-replay
mkdir -p "$R/obj"
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Icmodel -Itb $(for d in tb/*/; do printf -- " -I%s" "${d%/}"; done) $(pkg-config --cflags json-c 2>/dev/null)"
flags="$flags -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
flags="$flags -fsanitize-recover=pointer-overflow,nonnull-attribute"
libs="$(pkg-config --libs json-c 2>/dev/null || echo -ljson-c) -lz -lm"
export cc flags
t0=$(date +%s)
newest_h=$(ls -t cmodel/*.h tb/*/*.h | head -n 1)
for f in cmodel/*.c tb/*/*.c; do
    o=$R/obj/$(echo "$f" | tr / _ | sed 's/\.c$/.o/')
    if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ "$newest_h" -nt "$o" ]; then
        echo "$f $o"
    fi
done >"$tmp/jobs"
if [ -s "$tmp/jobs" ]; then
    # shellcheck disable=SC2016
    xargs -n 2 -P "${JOBS:-2}" sh -c '$cc $flags -c "$1" -o "$2"' cc <"$tmp/jobs" >"$tmp/cc.log" 2>&1 ||
        { tail -n 20 "$tmp/cc.log"; echo "fuzz.sh: compiling the library failed"; exit 1; }
fi
rm -f "$R/libtx.a"
ar rcs "$R/libtx.a" "$R"/obj/*.o || exit 1
./fuzz/seeds "$R/seeds" >/dev/null || { echo "fuzz.sh: fuzz/seeds failed"; exit 1; }
status=0
for n in $names; do
    # shellcheck disable=SC2086
    $cc $flags fuzz/fuzz_$n.c fuzz/replay.c "$R/libtx.a" $libs -o "$R/replay_$n" ||
        { echo "fuzz.sh: cannot build replay_$n"; status=1; continue; }
    if ASAN_OPTIONS=detect_leaks=1 \
       UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=fuzz/ubsan.supp \
       "$R/replay_$n" "$R/seeds/$n" $(ls -d "$B/fuzz/corpus/$n" 2>/dev/null) >"$tmp/$n.out" 2>&1; then
        echo "fuzz.sh: $n: $(tail -n 1 "$tmp/$n.out")"
    else
        echo "fuzz.sh: $n: FAILED"
        tail -n 15 "$tmp/$n.out"
        status=1
    fi
done
echo "fuzz.sh: replay done in $(( $(date +%s) - t0 )) s"
exit $status
