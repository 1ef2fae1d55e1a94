#!/usr/bin/env bash
# Bench speed of several builds in one run, interleaved (A B C A B C ...), so that a busy or throttled machine hurts
# them alike. Prints every run, then each build's median nodes/second and its node count, its best run, and the
# median of its per-round ratio to the first build (runs next to each other share the host's state; the hosts seen so
# far switch between a fast and a slow state in spells). Run it on an idle machine.
#
#   bench/nps-compare.sh [runs] BUILD... (EVAL=--hce or --nnue, default --hce)
set -euo pipefail
runs=$1; shift
flag=${EVAL:---hce}
declare -A all nodes ratios
first=$1
for ((r = 1; r <= runs; r++)); do
  for b in "$@"; do
    out=$("$b" bench $flag)
    v=$(echo "$out" | awk '/Nodes\/second/ {print $2}')
    nodes[$b]=$(echo "$out" | awk '/Nodes searched/ {print $3}')
    echo "run $r $(basename "$b") nps $v"
    all[$b]="${all[$b]:-} $v"
    [[ $b == "$first" ]] && base=$v
    ratios[$b]="${ratios[$b]:-} $(awk -v a="$v" -v b="$base" 'BEGIN {printf "%.3f", a / b}')"
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for b in "$@"; do
  med=$(echo ${all[$b]} | median)
  best=$(echo ${all[$b]} | tr ' ' '\n' | sort -g | tail -1)
  echo "median $(basename "$b") $flag nps $med best $best nodes ${nodes[$b]} per-round ratio to $(basename "$first") $(echo ${ratios[$b]} | median)"
done
