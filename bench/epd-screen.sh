#!/usr/bin/env bash
# A tactical screen of search builds before their games: each build solves an EPD suite (WAC by default) at a fixed
# node count per position, so the result does not depend on the machine's load and can run beside a match. A change
# that costs many positions (double extensions cost 26 of WAC's 300 at 200,000 nodes) is looked at before it costs
# hours of games; a few positions either way is noise, and only games decide whether a change lands.
#
#   bench/epd-screen.sh [--nodes N] [--suite FILE] BUILD...    (N 200000, FILE epd/wac.epd)
#
# BUILD is a binary (dist/tessera) or a bundle run with node (dist/tessera.js). Prints each build's solved count and
# the positions it alone solves or misses against the first build.
set -euo pipefail
nodes=200000
suite="$(dirname "$0")/../epd/wac.epd"
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --nodes) nodes=$2; shift 2 ;;
    --suite) suite=$2; shift 2 ;;
    *) echo "epd-screen: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $# -ge 1 ]] || { echo "usage: bench/epd-screen.sh [--nodes N] [--suite FILE] BUILD..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The positions of a list file, named when few (a big suite's churn is only counted).
list() { if [[ $(wc -l < "$1") -le 12 ]]; then paste -sd ';' "$1" | sed 's/;/, /g'; else echo "$(wc -l < "$1") positions"; fi; }
i=0
for b in "$@"; do
  i=$((i + 1))
  if [[ $b == *.js ]]; then cmd=(node "$b"); else cmd=("$b"); fi
  "${cmd[@]}" epd "$suite" --nodes "$nodes" --jobs 1 > "$tmp/$i.out" 2>&1 || { echo "epd-screen: $b failed" >&2; tail -5 "$tmp/$i.out" >&2; exit 1; }
  # A position's id is what stands between its counter and the verdict (STS ids hold spaces).
  sed -n 's/^\[[0-9]*\/[0-9]*\] \(.*[^ ]\)  *unsolved  .*/\1/p' "$tmp/$i.out" | sort > "$tmp/$i.miss"
  solved=$(grep -E '(solved|points) \(' "$tmp/$i.out" | tail -1 | sed 's/^[^:]*: //' || true)
  line="$(basename "$b"): ${solved:-no summary} at $nodes nodes"
  if [[ $i -gt 1 ]]; then
    comm -23 "$tmp/1.miss" "$tmp/$i.miss" > "$tmp/gained"
    comm -13 "$tmp/1.miss" "$tmp/$i.miss" > "$tmp/lost"
    gained=$(list "$tmp/gained")
    lost=$(list "$tmp/lost")
    line+="; against $(basename "$1"): solves ${gained:-nothing more}, misses ${lost:-nothing more}"
  fi
  echo "$line"
done
