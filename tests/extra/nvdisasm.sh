#!/bin/sh
# tests/extra/nvdisasm.sh BUILD_DIR - the disassembler and the assembler
# against NVIDIA's disassembler: random words of every texture and surface
# opcode this tree decodes (legal, or illegal only by a register or
# combination rule), written as raw SM52 bundles (a control word, then three
# instructions), disassembled by `nvdisasm -b SM52`, and compared word by word:
# tx_disasm must print nvdisasm's text (with the spelling differences of
# docs/isa.md section 8) and tx_asm of nvdisasm's text must give the word
# back (BUILD_DIR/tests/test_isa_corpus --gen / --check).
#
# nvdisasm is $TEXCOSIM_NVDISASM, or nvdisasm on the PATH (Debian's non-free
# nvidia-cuda-toolkit installs /usr/bin/nvdisasm).  Without it the check is
# skipped (exit 77) and says so.  TEXCOSIM_NVDISASM_WORDS words per opcode
# (default 500); TEXCOSIM_SEED picks the words (default: the time; the seed
# is printed so that a failure can be run again).
# Run from the top of the tree (tests/run does).  Exit status 0 on success.
set -u
B=${1:-build}
N=${TEXCOSIM_NVDISASM_WORDS:-500}
SEED=${TEXCOSIM_SEED:-$(date +%s)}
T=$B/tests/test_isa_corpus

NV=${TEXCOSIM_NVDISASM:-}
if [ -z "$NV" ]; then
    NV=$(command -v nvdisasm 2>/dev/null) || NV=
fi
if [ -z "$NV" ]; then
    echo "skipped: nvdisasm is not installed (Debian non-free nvidia-cuda-toolkit: /usr/bin/nvdisasm; or TEXCOSIM_NVDISASM=PATH)"
    exit 77
fi
if [ ! -x "$T" ]; then
    echo "FAIL $T is not built (make units)"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# Does this nvdisasm still read SM52 (newer toolkits dropped Maxwell)?
nop='\000\017\007\000\000\000\260\120'
printf "\340\007\000\374\000\200\037\000$nop$nop$nop" >"$tmp/nop.bin"
if ! "$NV" -b SM52 "$tmp/nop.bin" >/dev/null 2>"$tmp/nop.err"; then
    echo "skipped: $NV does not disassemble SM52: $(head -n 1 "$tmp/nop.err")"
    exit 77
fi

echo "nvdisasm: $NV ($("$NV" --version 2>/dev/null | tail -n 1)); $N words per opcode, seed $SEED"
if ! "$T" --gen "$N" "$SEED" "$tmp/w.bin" "$tmp/w.txt" >"$tmp/gen.out" 2>&1; then
    cat "$tmp/gen.out"
    echo "FAIL test_isa_corpus --gen"
    exit 1
fi
cat "$tmp/gen.out"

if ! "$NV" -b SM52 "$tmp/w.bin" >"$tmp/nv.out" 2>"$tmp/nv.err"; then
    # nvdisasm refused a word that texcosim decodes: find the bundle.
    echo "nvdisasm refused the words: $(head -n 1 "$tmp/nv.err")"
    size=$(wc -c <"$tmp/w.bin")
    i=0
    while [ $((i * 32)) -lt "$size" ]; do
        dd if="$tmp/w.bin" of="$tmp/one.bin" bs=32 skip=$i count=1 2>/dev/null
        if ! "$NV" -b SM52 "$tmp/one.bin" >/dev/null 2>"$tmp/one.err"; then
            echo "FAIL bundle $i: $(head -n 1 "$tmp/one.err"); its words:"
            sed -n "$((i * 3 + 1)),$((i * 3 + 3))p" "$tmp/w.txt"
            exit 1
        fi
        i=$((i + 1))
    done
    echo "FAIL nvdisasm refused the file, but no single bundle"
    exit 1
fi
# One line per instruction, in order: "/*0008*/   TEXT ;" -> "TEXT;".
sed -n 's@^ */\*[0-9a-f]*\*/ *@@p' "$tmp/nv.out" | sed 's/ *;$/;/' >"$tmp/nv.txt"
if ! "$T" --check "$tmp/w.txt" "$tmp/nv.txt" >"$tmp/check.out" 2>&1; then
    head -n 25 "$tmp/check.out"
    echo "FAIL texcosim and nvdisasm disagree (TEXCOSIM_SEED=$SEED reproduces)"
    exit 1
fi
tail -n 2 "$tmp/check.out"
