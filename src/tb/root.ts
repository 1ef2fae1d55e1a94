// Root move ranking from the tables: which legal moves keep the best result reachable from a position, counting
// the fifty-move clock (or not: Stockfish's Syzygy50MoveRule = false). With DTZ files the ranks follow Fathom's
// and Stockfish's root_probe_dtz; without them, WDL alone ranks the moves (root_probe_wdl).
import type { Position } from '../core/position';
import { legalMoves } from '../core/movegen';
import { PAWN, EN_PASSANT, MAX_MOVES, moveFrom, moveTo, moveKind } from '../core/types';
import type { Tablebases } from './syzygy';
import { probeWdl, probeDtz, WDL_TO_DTZ } from './tbprobe';

export interface TbRootMove {
  move: number;
  /** Result after the move, from the mover's view, -2..2 (fifty-move clock counted when ranked by DTZ). */
  wdl: number;
  /** Plies to the next zeroing move counted from the root (sign: the mover's view); null when ranked by WDL. */
  dtz: number | null;
  /** Higher is better; equal ranks are equally good results. */
  rank: number;
}

export interface TbRoot {
  /** The root position's WDL (fresh counter) and DTZ (null without a DTZ table). */
  wdl: number;
  dtz: number | null;
  /** True when the moves were ranked by DTZ, false for the WDL fallback. */
  byDtz: boolean;
  /** Every legal move, best rank first (then quickest win / slowest loss by DTZ). */
  moves: TbRootMove[];
  /** The moves that keep the best result. */
  best: TbRootMove[];
}

export interface TbRootOptions {
  /** Count the fifty-move rule (default true); false treats cursed wins as wins and blessed losses as losses. */
  rule50?: boolean;
  /** The position has occurred before since the last zeroing move: a win must then hurry (Fathom's hasRepeated). */
  hasRepeated?: boolean;
}

/** WDL class of a DTZ value given the fifty-move counter (as Fathom's dtz_to_wdl). */
export function dtzToWdl(halfmove: number, dtz: number): number {
  if (dtz > 0) return dtz + halfmove <= 100 ? 2 : 1;
  if (dtz < 0) return -dtz + halfmove <= 100 ? -2 : -1;
  return 0;
}

// Without DTZ: wins and losses rank +-1000, cursed wins and blessed losses just inside them.
const WDL_TO_RANK = [-1000, -899, 0, 899, 1000];

const isZeroing = (pos: Position, m: number): boolean =>
  (pos.board[moveFrom(m)] & 7) === PAWN || moveKind(m) === EN_PASSANT || pos.board[moveTo(m)] !== 0;

function isMate(pos: Position): boolean {
  return pos.inCheck() && legalMoves(pos, new Int32Array(MAX_MOVES)) === 0;
}

/** After a root move: drawn by rule at once (the hundredth ply without a zeroing move, or a threefold repetition)? */
function drawnByRule(pos: Position): boolean {
  return (pos.halfmove >= 100 && !isMate(pos)) || pos.repetitions() >= 2;
}

const tiebreak = (dtz: number): number => (dtz > 0 ? dtz : dtz < 0 ? 1000 + dtz : 500);

/** Ranks the legal moves of pos; null when pos is not in the tables (tb.lastError says why). */
export function probeRoot(tb: Tablebases, pos: Position, opts: TbRootOptions = {}): TbRoot | null {
  const rule50 = opts.rule50 ?? true,
    repeated = opts.hasRepeated ?? false;
  const wdl = probeWdl(tb, pos);
  if (wdl === null) return null;
  const dtz = probeDtz(tb, pos);
  const list = new Int32Array(MAX_MOVES);
  const n = legalMoves(pos, list);
  const cnt50 = pos.halfmove;
  let moves: TbRootMove[] | null = dtz === null ? null : [];

  // DTZ ranking: each move's DTZ counted from the root.
  for (let i = 0; i < n && moves !== null; i++) {
    const m = list[i];
    const zeroing = isZeroing(pos, m);
    pos.make(m);
    let v: number | null;
    if (zeroing) {
      const w = probeWdl(tb, pos);
      v = w === null ? null : WDL_TO_DTZ[-w + 2];
    } else if (drawnByRule(pos)) {
      v = 0;
    } else {
      const d = probeDtz(tb, pos);
      v = d === null ? null : d < 0 ? -d + 1 : d > 0 ? -d - 1 : 0;
    }
    if (v === 2 && isMate(pos)) v = 1; // mate in one is 1 ply, not "zeroing next move"
    pos.unmake(m);
    if (v === null) {
      moves = null;
      break;
    } // some DTZ table missing: fall back to WDL
    // Sure wins rank 1000; a win that needs the full hundred plies (DTZ can be one off) or exceeds them ranks
    // 1000 - (dtz + counter), so under 900 means drawn by the rule. Losses mirror that.
    const r =
      v > 0
        ? v + cnt50 <= 99 && !repeated
          ? 1000
          : 1000 - (v + cnt50)
        : v < 0
          ? -v * 2 + cnt50 < 100
            ? -1000
            : -1000 + (-v + cnt50)
          : 0;
    moves.push({ move: m, wdl: rule50 ? dtzToWdl(cnt50, v) : Math.sign(v) * 2, dtz: v, rank: r });
  }

  const byDtz = moves !== null;
  if (moves === null) {
    moves = [];
    for (let i = 0; i < n; i++) {
      const m = list[i];
      pos.make(m);
      const w = drawnByRule(pos) ? 0 : probeWdl(tb, pos);
      pos.unmake(m);
      if (w === null) return null;
      let v = -w;
      if (!rule50) v = Math.sign(v) * 2;
      moves.push({ move: m, wdl: v, dtz: null, rank: WDL_TO_RANK[v + 2] });
    }
  }

  // Best rank first; for display, equal ranks by DTZ: the quickest win, the slowest loss.
  moves.sort((a, b) => b.rank - a.rank || (a.dtz !== null && b.dtz !== null ? tiebreak(a.dtz) - tiebreak(b.dtz) : 0));
  const top = moves.length ? moves[0].rank : 0;
  // With the fifty-move rule only the top rank keeps the best result; without it, any move of the same sign
  // (a cursed win is a win, a blessed loss a loss).
  const best = moves.filter((mv) => (rule50 || !byDtz ? mv.rank === top : Math.sign(mv.rank) === Math.sign(top)));
  return { wdl, dtz, byDtz, moves, best };
}
