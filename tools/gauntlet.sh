#!/usr/bin/env bash
# Issue 9's gauntlet: Tessera (its defaults: the built-in net) against Lozza 11, Glaurung 2.2 and Toga II 3.0,
# books off, Threads 1, Hash 16, openings from the project's book with both colours, through fastchess.
# Nothing here is part of the engine: fastchess is built from its public source, Lozza is one file
# (fetch op12no2/lozza), Glaurung and Toga come from Debian's packages (/usr/games).
#
#   tools/gauntlet.sh TESSERA LOZZA_JS [rounds per opponent (default 50, i.e. 100 games)] [tc (default 10+0.1)]
# Adjudication as in the project's other matches (docs/TESTLOG.md): resign when both engines agree on
# |score| >= 600 for 3 moves, draw after move 34 when both stay within 20 cp for 8 moves.
# Environment: FASTCHESS (default fastchess), BOOK, OUT (pgn/log dir), SRAND (opening order seed, default 1).
set -euo pipefail
tessera=$1; lozza=$2; rounds=${3:-50}; tc=${4:-10+0.1}
here=$(cd "$(dirname "$0")/.." && pwd)
FASTCHESS=${FASTCHESS:-fastchess}
BOOK=${BOOK:-$here/../shared/data/openings/noob_3moves.epd}
OUT=${OUT:-/tmp/tessera-gauntlet-$(date +%s)}
mkdir -p "$OUT"
exec "$FASTCHESS" -tournament gauntlet -seeds 1 \
  -engine cmd="$tessera" name=tessera option.Threads=1 \
  -engine cmd=node args="$lozza" name=lozza11 \
  -engine cmd=/usr/games/glaurung name=glaurung2.2 option.Threads=1 option.OwnBook=false \
  -engine cmd=/usr/games/toga2 name=toga2 "option.Number of Threads=1" option.OwnBook=false \
  -each tc="$tc" option.Hash=16 \
  -openings file="$BOOK" format=epd order=random -srand "${SRAND:-1}" \
  -rounds "$rounds" -repeat -concurrency 2 -recover \
  -resign movecount=3 score=600 twosided=true -draw movenumber=34 movecount=8 score=20 \
  -pgnout file="$OUT/games.pgn" -log file="$OUT/match.log" level=warn
