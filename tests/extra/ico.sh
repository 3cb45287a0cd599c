#!/bin/sh
# tests/extra/ico.sh BUILD_DIR - the format stage stays out of Verilator's
# input-combinational region (docs/performance.md, "Lockstep speed").
#
# Verilator 5 runs the whole input-combinational ("ico") region on every
# eval(), twice per simulated cycle, whether an input changed or not.  The
# texture format stage (tx_format_quad) reads only its stage register and
# the context of its tag, so it belongs to the clocked region, evaluated once
# per cycle.  It decodes a tap with its function tap_comp, which calls the
# block decoders (tx_bcn_decode: tx_bc1/bc6/bc7/etc2_decode) and
# tx_format_decode, each a C++ function of its own (no_inline_task).  A top
# input that reaches the stage combinationally (for example through a field
# of the live context, cx_o in rtl/tx_front.sv) moves those calls into the
# ico region and costs about 45% of lockstep speed, with no change in
# behaviour: this check catches that in the generated model.  (SULD's own
# tx_format_decode calls may sit there: their response reaches the
# register-write port in the cycle it arrives.)
# Exit status 0 on success, 77 when the build has no generated model.
set -u
B=${1:-build}
vl=$B/vl
[ -f "$vl/Vtx_top_classes.mk" ] || { echo "no verilated model in $vl"; exit 77; }
# The model's own files (a folder verilated before may hold stale ones).
srcs=$(sed -n 's/^[[:space:]]*\(Vtx_top[A-Za-z0-9_]*\).*/\1.cpp/p' "$vl/Vtx_top_classes.mk" |
       while read -r f; do [ -f "$vl/$f" ] && echo "$vl/$f"; done)
[ -n "$srcs" ] || { echo "no generated sources listed in $vl/Vtx_top_classes.mk"; exit 77; }

# Calls of the texture format stage: its tap function and the block
# decoders (only the stage calls them), as "->NAME(" or ".NAME(".
call='(->|\.)__VnoInFunc_(tx_top__DOT__u_quad__DOT__u_format__DOT__tap_comp|tx_(bcn|bc1|bc6|bc7|etc2)_decode)[A-Za-z0-9_]*\('

# Bodies of the generated eval functions: from a definition line
# "... void CLASS___REGION_sequent__TOP... {" to the closing "}" in column
# 0, each line prefixed with the function's name.
# shellcheck disable=SC2086
bodies=$(awk '/^[A-Za-z_].* void [A-Za-z0-9_]*___[a-z]*_sequent__TOP[A-Za-z0-9_]*\(.*\) \{$/ {
                  fn = $0; sub(/\(.*/, "", fn); sub(/.* /, "", fn); next }
              /^}/ { fn = "" }
              fn != "" { print fn ": " $0 }' $srcs)
calls=$(echo "$bodies" | grep -E "$call" | sed 's/: .*//' | sort -u)
# The check itself must see the calls: the clocked region makes them.
if ! echo "$calls" | grep -q '___nba_sequent__'; then
    echo "FAIL no call of the format stage in the clocked region: the generated names changed"
    exit 1
fi
bad=$(echo "$calls" | grep '___ico_sequent__')
# A module of the stage verilated as a class of its own (no_inline_module)
# would show as MODULE___ico_sequent__TOP__tx_top__DOT__u_quad__DOT__u_format...
# shellcheck disable=SC2086
bad2=$(grep -ho '^[A-Za-z_ ]*void Vtx_top_tx_[a-z0-9_]*___ico_sequent__TOP__tx_top__DOT__u_quad__DOT__u_format[A-Za-z0-9_]*' \
         $srcs | sed 's/^.*void //' | sort -u)
if [ -n "$bad$bad2" ]; then
    echo "FAIL the texture format stage is evaluated in the input-combinational region:"
    printf '%s\n%s\n' "$bad" "$bad2" | grep . | head -n 5
    exit 1
fi
echo "ok   format stage and block decoders are clocked-region only"
exit 0
