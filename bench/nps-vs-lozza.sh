#!/usr/bin/env bash
# Search speed in one run, interleaved: tessera bench with the hand-crafted eval, with the built-in
# net, optionally with another net (NET=file), and Lozza's own bench (`node lozza.js bench`; fetch
# op12no2/lozza, nothing to build). Prints every run and the medians. Run it on an idle machine.
#
#   bench/nps-vs-lozza.sh /path/to/lozza.js [runs]
# The host's speed drifts between runs (±40% seen), so each round's nnue/lozza ratio is printed too, with
# their median: runs next to each other share the machine's state, which medians of separate runs do not.
# The hosts seen so far are bimodal (a binary's bench runs either near its best or about a third slower, in
# spells), so the best run of each kind is printed as well: best against best compares both in the fast state.
# Node counts: Tessera counts every node it enters, search and quiescence, including those that return at once
# as draws. Lozza (lozza.js: search() and qSearch()) counts every quiescence node and every main-search node that
# gets past its draw and mate-distance checks, so the units differ only by those early returns.
set -euo pipefail
lozza=$1; runs=${2:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
tessera=${TESSERA:-$here/dist/tessera}
declare -A all last
for ((r = 1; r <= runs; r++)); do
  for kind in hce nnue ${NET:+net} lozza; do
    case $kind in
      hce)   v=$("$tessera" bench --hce | awk '/Nodes\/second/ {print $2}') ;;
      nnue)  v=$("$tessera" bench --nnue | awk '/Nodes\/second/ {print $2}') ;;
      net)   v=$(printf 'setoption name EvalFile value %s\nsetoption name Use NNUE value true\nbench\nquit\n' "$NET" | "$tessera" | awk '/Nodes\/second/ {print $2}') ;;
      lozza) v=$(node "$lozza" bench quit 2>/dev/null | awk '{for (i = 1; i < NF; i++) if ($i == "nps") print $(i + 1)}' | tail -1) ;;
    esac
    echo "run $r $kind nps $v"
    all[$kind]="${all[$kind]:-} $v"
    last[$kind]=$v
  done
  ratio=$(awk -v a="${last[nnue]}" -v b="${last[lozza]}" 'BEGIN {if (b > 0) printf "%.3f", a / b}')
  echo "run $r nnue/lozza $ratio"
  all[ratio]="${all[ratio]:-} $ratio"
done
for kind in hce nnue ${NET:+net} lozza ratio; do
  med=$(echo ${all[$kind]} | tr ' ' '\n' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  max=$(echo ${all[$kind]} | tr ' ' '\n' | sort -g | tail -1)
  echo "median $kind $med best $max"
done
best_n=$(echo ${all[nnue]} | tr ' ' '\n' | sort -g | tail -1)
best_l=$(echo ${all[lozza]} | tr ' ' '\n' | sort -g | tail -1)
echo "best nnue/best lozza $(awk -v a="$best_n" -v b="$best_l" 'BEGIN {if (b > 0) printf "%.3f", a / b}')"
