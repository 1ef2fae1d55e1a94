#!/usr/bin/env bash
# A gauntlet: Tessera (its defaults: the built-in net) against a set of opponents, books off, Threads 1, Hash 16,
# openings from the project's book with both colours, through fastchess. Nothing here is part of the engine:
# fastchess is built from its public source, the JavaScript engines are single files run with node (fetch them:
# op12no2/lozza, tomitank/tomitankChess), the native ones come from Debian's packages (/usr/games).
#
#   tools/gauntlet.sh TESSERA JS_FILES [rounds per opponent (default 50, i.e. 100 games)] [tc (default 10+0.1)]
#
# JS_FILES: one or more JavaScript engines separated by colons, each named after its file (lozza.js -> lozza).
# NATIVES (environment): the Debian engines to add, from glaurung, toga, ethereal, fairy (default "glaurung toga");
# fairy is Fairy-Stockfish 11.1 playing standard chess (UCI_Variant chess), Stockfish 11's classical engine.
#   Issue 9's gauntlet:  tools/gauntlet.sh dist/tessera lozza.js
#   Issue 40's:          NATIVES=ethereal tools/gauntlet.sh dist/tessera lozza8.js:tomitank.js
#   Issue 60's:          NATIVES="ethereal fairy" tools/gauntlet.sh dist/tessera lozza8.js
# Adjudication as in the project's other matches (docs/TESTLOG.md): resign when both engines agree on
# |score| >= 600 for 3 moves, draw after move 34 when both stay within 20 cp for 8 moves.
# Environment: FASTCHESS (default fastchess), BOOK, OUT (pgn/log dir), SRAND (opening order seed, default 1).
set -euo pipefail
tessera=$1; js=$2; rounds=${3:-50}; tc=${4:-10+0.1}
here=$(cd "$(dirname "$0")/.." && pwd)
FASTCHESS=${FASTCHESS:-fastchess}
BOOK=${BOOK:-$here/../shared/data/openings/noob_3moves.epd}
OUT=${OUT:-/tmp/tessera-gauntlet-$(date +%s)}
mkdir -p "$OUT"

opponents=()
IFS=: read -ra files <<< "$js"
for f in "${files[@]}"; do
  name=$(basename "$f" .js)
  opponents+=(-engine cmd=node args="$f" name="$name")
done
for n in ${NATIVES-glaurung toga}; do
  case $n in
    glaurung) opponents+=(-engine cmd=/usr/games/glaurung name=glaurung2.2 option.Threads=1 option.OwnBook=false) ;;
    toga) opponents+=(-engine cmd=/usr/games/toga2 name=toga2 "option.Number of Threads=1" option.OwnBook=false) ;;
    ethereal) opponents+=(-engine cmd=/usr/games/ethereal-chess name=ethereal12 option.Threads=1) ;;
    fairy) opponents+=(-engine cmd=/usr/games/fairy-stockfish name=fairy-sf11 option.Threads=1 option.UCI_Variant=chess) ;;
    *) echo "unknown native engine $n (glaurung, toga, ethereal, fairy)" >&2; exit 2 ;;
  esac
done

exec "$FASTCHESS" -tournament gauntlet -seeds 1 \
  -engine cmd="$tessera" name=tessera option.Threads=1 \
  "${opponents[@]}" \
  -each tc="$tc" option.Hash=16 \
  -openings file="$BOOK" format=epd order=random -srand "${SRAND:-1}" \
  -rounds "$rounds" -repeat -concurrency 2 -recover \
  -resign movecount=3 score=600 twosided=true -draw movenumber=34 movecount=8 score=20 \
  -pgnout file="$OUT/games.pgn" -log file="$OUT/match.log" level=warn
