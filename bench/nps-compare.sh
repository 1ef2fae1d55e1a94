#!/usr/bin/env bash
# Bench speed of several builds in one run, interleaved (A B C A B C ...), so that a busy or throttled machine hurts
# them alike. Prints every run, then each build's median nodes/second and its node count, its best run, and the
# median of its per-round ratio to the first build (runs next to each other share the host's state; the hosts seen so
# far switch between a fast and a slow state in spells). Run it on an idle machine.
#
#   bench/nps-compare.sh [runs] BUILD... (EVAL=--hce or --nnue, default --hce)
#
# CPU=1 counts nodes per second of the process's CPU time (user + system, from /usr/bin/time, start-up included)
# instead of the bench's own wall-clock figure: steadier where the host's wall-clock speed swings from run to run.
set -euo pipefail
runs=$1; shift
flag=${EVAL:---hce}
declare -A all nodes ratios
first=$1
for ((r = 1; r <= runs; r++)); do
  for b in "$@"; do
    if [[ ${CPU:-0} == 1 ]]; then
      out=$({ /usr/bin/time -f "CPU %U %S" "$b" bench $flag; } 2>&1)
      nodes[$b]=$(echo "$out" | awk '/Nodes searched/ {print $3}')
      v=$(echo "$out" | awk -v n="${nodes[$b]}" '/^CPU/ {printf "%d", n / ($2 + $3)}')
    else
      out=$("$b" bench $flag)
      v=$(echo "$out" | awk '/Nodes\/second/ {print $2}')
      nodes[$b]=$(echo "$out" | awk '/Nodes searched/ {print $3}')
    fi
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
