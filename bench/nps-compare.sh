#!/usr/bin/env bash
# Bench speed of several builds in one run, interleaved (A B C A B C ...), so that a busy or throttled machine hurts
# them alike. Prints every run, then each build's median nodes/second and its node count. Run it on an idle machine.
#
#   bench/nps-compare.sh [runs] BUILD... (EVAL=--hce or --nnue, default --hce)
set -euo pipefail
runs=$1; shift
flag=${EVAL:---hce}
declare -A all nodes
for ((r = 1; r <= runs; r++)); do
  for b in "$@"; do
    out=$("$b" bench $flag)
    v=$(echo "$out" | awk '/Nodes\/second/ {print $2}')
    nodes[$b]=$(echo "$out" | awk '/Nodes searched/ {print $3}')
    echo "run $r $(basename "$b") nps $v"
    all[$b]="${all[$b]:-} $v"
  done
done
for b in "$@"; do
  med=$(echo ${all[$b]} | tr ' ' '\n' | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  echo "median $(basename "$b") $flag nps $med nodes ${nodes[$b]}"
done
