#!/usr/bin/env bash
# Engine-vs-engine match through fastchess (not part of the repo: build it from its public source
# and point FASTCHESS at it). Openings from the project's book, colours reversed per pair.
#
#   tools/match.sh NEW_CMD OLD_CMD [extra fastchess args...]
#   e.g. FASTCHESS=~/fastchess TC=10+0.1 tools/match.sh /tmp/new/tessera.js /tmp/old/tessera.js -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
#
# Environment: FASTCHESS (default: fastchess on PATH), TC (default 10+0.1), ROUNDS (default 500,
# i.e. up to 1000 games), BOOK (default ../shared/data/openings/noob_3moves.epd), OUT (pgn/log dir),
# STATE (a file for fastchess's state: the settings and the results so far, saved every two games and at the end).
# A match that spans sessions: give it a STATE in the repo and commit that file as it goes; when the file exists, the
# same command resumes the match from it (fastchess's -config file=...), the engines at the paths it names.
set -euo pipefail
FASTCHESS=${FASTCHESS:-fastchess}
if [[ -n ${STATE:-} && -f $STATE ]]; then
  echo "resuming $STATE" >&2
  exec "$FASTCHESS" -config file="$STATE"
fi
new=$1; old=$2; shift 2
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
  ${STATE:+-config outname="$STATE" -autosaveinterval 2} \
  "$@"
