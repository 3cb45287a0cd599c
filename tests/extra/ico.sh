#!/bin/sh
# tests/extra/ico.sh BUILD_DIR - the format stage stays out of Verilator's
# input-combinational region (docs/performance.md, "Lockstep speed").
#
# Verilator 5 runs the whole input-combinational ("ico") region on every
# eval(), twice per simulated cycle, whether an input changed or not.  The
# texture format stage (tx_format_quad: 16 tx_format and their block
# decoders tx_bcn, tx_bc1, tx_bc6, tx_bc7, tx_etc2) reads only its stage
# register and the context of its tag, so it belongs to the clocked region,
# evaluated once per cycle.  A top input that reaches it combinationally (for
# example through a field of the live context, cx_live in rtl/tx_top.sv)
# moves it into the ico region and costs about 45% of lockstep speed, with no
# change in behaviour: this check catches that in the generated model.
# (SULD's own tx_format instances do sit there: their response reaches the
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

# Generated functions are named MODULE___ico_sequent__TOP__INSTANCE_PATH.
# shellcheck disable=SC2086
bad=$(grep -ho '^[A-Za-z_ ]*void Vtx_top_tx_[a-z0-9_]*___ico_sequent__TOP__tx_top__DOT__[A-Za-z0-9_]*' \
        $srcs | sed 's/^.*void //' | sort -u |
      grep -E '^Vtx_top_tx_(bcn|bc1|bc6|bc7|etc2)___|__DOT__u_format__DOT__')
if [ -n "$bad" ]; then
    echo "FAIL the texture format stage is evaluated in the input-combinational region:"
    echo "$bad" | sed 's/___ico_sequent__TOP__/ in /' | head -n 5
    exit 1
fi
# The check itself must see the region: SULD's formats are always there.
# shellcheck disable=SC2086
if ! grep -q '^[A-Za-z_ ]*void Vtx_top_tx_format___ico_sequent__TOP__tx_top__DOT__u_suld' $srcs; then
    echo "FAIL no tx_format function in the ico region at all: the generated names changed"
    exit 1
fi
echo "ok   format stage and block decoders are clocked-region only"
exit 0
