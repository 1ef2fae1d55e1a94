#!/usr/bin/env bash
# Engine-vs-engine match through fastchess (not part of the repo: build it from its public source
# and point FASTCHESS at it). Openings from the project's book, colours reversed per pair.
#
#   tools/match.sh NEW_CMD OLD_CMD [extra fastchess args...]
#   e.g. FASTCHESS=~/fastchess TC=10+0.1 tools/match.sh /tmp/new/tessera.js /tmp/old/tessera.js -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
#
# Environment: FASTCHESS (default: fastchess on PATH), TC (default 10+0.1), ROUNDS (default 500,
# i.e. up to 1000 games), BOOK (default ../shared/data/openings/noob_3moves.epd), OUT (pgn/log dir).
set -euo pipefail
new=$1; old=$2; shift 2
FASTCHESS=${FASTCHESS:-fastchess}
TC=${TC:-10+0.1}
ROUNDS=${ROUNDS:-500}
here=$(cd "$(dirname "$0")/.." && pwd)
BOOK=${BOOK:-$here/../shared/data/openings/noob_3moves.epd}
OUT=${OUT:-/tmp/tessera-match-$(date +%s)}
mkdir -p "$OUT"
exec "$FASTCHESS" \
  -engine cmd="$new" name=new \
  -engine cmd="$old" name=old \
  -each tc="$TC" option.Hash=16 option.Threads=1 \
  -openings file="$BOOK" format=epd order=random \
  -rounds "$ROUNDS" -repeat -concurrency 2 \
  -pgnout file="$OUT/games.pgn" -log file="$OUT/match.log" level=warn \
  "$@"
