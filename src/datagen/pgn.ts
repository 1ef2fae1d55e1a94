// Games as PGN (fastchess, the runner OpenBench's DATAGEN workloads use, writes every move's score and depth in its
// comment: `{+0.45/14 0.231s}`, `{-M3/12 0.010s}`) made into viriformat training records: each scored move with its
// score from white's view and the game's result, from the game's start (its FEN tag) on. Unscored moves (a book's)
// before the first scored one move the record's start past them; one after it ends the record there.
import { parseFen, toFen, START_FEN } from '../core/fen';
import { parseSan } from '../core/notation';
import { parsePgn as readPgnText } from '../core/pgn';
import { MOVE_NONE } from '../core/types';
import { WHITE } from '../core/bitboard';
import type { Position } from '../core/position';
import { MATE } from '../search/score';
import { GameWriter, RESULT_BLACK, RESULT_DRAW, RESULT_WHITE } from './viriformat';

export interface PgnGame {
  tags: Map<string, string>;
  /** The main line's SAN moves, each with the comment that followed it ('' when none). */
  moves: { san: string; comment: string }[];
}

/** The games of a PGN text, main lines only (core/pgn.ts reads the text), or why the text cannot be read. */
export function parsePgn(text: string): PgnGame[] | string {
  const games = readPgnText(text);
  if (typeof games === 'string') return games;
  return games.map((g) => ({ tags: g.tags, moves: g.moves.map((m) => ({ san: m.san, comment: m.comment })) }));
}

/** A fastchess comment's score in centipawns from the mover's view (mates as search scores), or null: no score. */
export function commentScore(comment: string): number | null {
  const m = /^([+-]?)(M?)(\d+(?:\.\d+)?)\/\d+/.exec(comment);
  if (!m) return null;
  const sign = m[1] === '-' ? -1 : 1;
  if (m[2] === 'M') {
    const moves = Number(m[3]);
    return sign > 0 ? MATE - (2 * moves - 1) : -(MATE - 2 * moves);
  }
  return Math.round(sign * Number(m[3]) * 100);
}

const RESULTS: Record<string, number> = { '1-0': RESULT_WHITE, '0-1': RESULT_BLACK, '1/2-1/2': RESULT_DRAW };

/** One game's viriformat record, or why it has none (no result, an illegal move, no scored move). */
export function gameRecord(g: PgnGame): { bytes: Uint8Array; positions: number } | string {
  const result = RESULTS[g.tags.get('Result') ?? '*'];
  if (result === undefined) return 'no result';
  const fen = g.tags.get('FEN') ?? START_FEN;
  const chess960 = /960|fischer/i.test(g.tags.get('Variant') ?? '');
  const pos = parseFen(fen, chess960);
  if (typeof pos === 'string') return `bad FEN tag: ${pos}`;
  const w = new GameWriter();
  let started = false;
  for (const { san, comment } of g.moves) {
    const m = parseSan(pos, san);
    if (m === MOVE_NONE) return `illegal move '${san.slice(0, 12)}' in ${toFen(pos)}`;
    const s = commentScore(comment);
    if (s === null) {
      if (started) break;
    } else {
      if (!started) {
        // The record starts here, as a fresh root (datagen forgets its opening plies the same way).
        w.begin(parseFen(toFen(pos), chess960) as Position);
        started = true;
      }
      w.add(m, pos.stm === WHITE ? s : -s);
    }
    pos.make(m);
  }
  if (!started) return 'no scored move';
  return { bytes: w.finish(result), positions: w.positions };
}
