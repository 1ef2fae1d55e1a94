// WDL and DTZ probes of a position, with the rules the stored values leave out: tables hold positions without
// en passant rights and store captures implicitly (a capture's value comes from the smaller table), and a DTZ
// file holds one side to move only. The logic follows Syzygy's reference prober as Fathom and Stockfish use it,
// so that the values agree with theirs exactly.
import type { Position } from '../core/position';
import { generateMoves, GEN_ALL, GEN_CAPTURES } from '../core/movegen';
import { PAWN, EN_PASSANT, moveKind, moveTo, moveFrom, MAX_MOVES, pieceOf } from '../core/types';
import type { Tablebases } from './syzygy';
import { DTZ_OTHER_SIDE } from './table';

// WDL values, side to move's view: -2 loss, -1 blessed loss, 0 draw, 1 cursed win, 2 win. Cursed win / blessed loss:
// decided, but drawn by the fifty-move rule.

/** DTZ of a position whose best move zeroes the fifty-move counter, by WDL value. */
export const WDL_TO_DTZ = [-1, -101, 0, 101, 1];

// Per-probe state: a table was missing or broken (the probe answers null), and whether the last probeWdlAt
// value came from a capture (or an en-passant capture as the only best move): then DTZ needs no table.
let failed = false;
let fromCapture = false;
const lists: Int32Array[] = [];
const listAt = (d: number): Int32Array => {
  lists[d] ??= new Int32Array(MAX_MOVES);
  return lists[d];
};

const isCapture = (pos: Position, m: number): boolean =>
  moveKind(m) === EN_PASSANT || (pos.board[moveTo(m)] !== 0 && pos.board[moveTo(m)] >> 3 !== pos.stm);

/** Moves that may include every capture: all moves when an under-promotion capture is possible. */
function captures(pos: Position, list: Int32Array): number {
  // Tessera's capture generator leaves under-promotions to the quiet one; a pawn on the seventh needs all moves.
  const p = pieceOf(pos.stm, PAWN);
  const seventh = pos.stm === 0 ? pos.bb[p * 2 + 1] & 0x00ff0000 : pos.bb[p * 2] & 0x0000ff00;
  return generateMoves(pos, list, 0, seventh !== 0 ? GEN_ALL : GEN_CAPTURES);
}

function tableWdl(tb: Tablebases, pos: Position): number {
  const v = tb.tableWdl(pos);
  if (Number.isNaN(v)) {
    failed = true;
    return 0;
  }
  return v;
}

/** Alpha-beta over captures only, for positions without en passant. */
function probeAb(tb: Tablebases, pos: Position, alpha: number, beta: number, depth: number): number {
  const list = listAt(depth);
  const n = captures(pos, list);
  for (let i = 0; i < n; i++) {
    const m = list[i];
    if (!isCapture(pos, m)) continue;
    pos.make(m);
    const v = -probeAb(tb, pos, -beta, -alpha, depth + 1);
    pos.unmake(m);
    if (failed) return 0;
    if (v > alpha) {
      if (v >= beta) return v;
      alpha = v;
    }
  }
  const v = tableWdl(tb, pos);
  return alpha >= v ? alpha : v;
}

/** WDL of pos with captures and en passant resolved; sets fromCapture. */
function probeWdlAt(tb: Tablebases, pos: Position, depth: number): number {
  const list = listAt(depth);
  const n = captures(pos, list);
  let bestCap = -3,
    bestEp = -3;
  // bestCap: the best capture other than en passant; bestEp: en-passant captures when still better.
  for (let i = 0; i < n; i++) {
    const m = list[i];
    if (!isCapture(pos, m)) continue;
    pos.make(m);
    const v = -probeAb(tb, pos, -2, -bestCap, depth + 1);
    pos.unmake(m);
    if (failed) return 0;
    if (v > bestCap) {
      if (v === 2) {
        fromCapture = true;
        return 2;
      }
      if (moveKind(m) !== EN_PASSANT) bestCap = v;
      else if (v > bestEp) bestEp = v;
    }
  }
  const v = tableWdl(tb, pos);
  if (failed) return 0;
  // max(v, bestCap) is the value without en-passant rights; with them, max(v, bestCap, bestEp) unless the
  // position without them is stalemate, when only the en-passant capture counts.
  if (bestEp > bestCap) {
    if (bestEp > v) {
      fromCapture = true;
      return bestEp;
    }
    bestCap = bestEp;
  }
  if (bestCap >= v) {
    fromCapture = bestCap > 0;
    return bestCap;
  }
  if (bestEp > -3 && v === 0 && !pos.inCheck()) {
    const all = listAt(depth);
    const k = generateMoves(pos, all, 0, GEN_ALL);
    let other = false;
    for (let i = 0; i < k && !other; i++) other = moveKind(all[i]) !== EN_PASSANT;
    if (!other) {
      fromCapture = true;
      return bestEp;
    }
  }
  fromCapture = false;
  return v;
}

function isMate(pos: Position, depth: number): boolean {
  return pos.inCheck() && generateMoves(pos, listAt(depth), 0, GEN_ALL) === 0;
}

/** DTZ of pos (see probeDtz). */
function probeDtzAt(tb: Tablebases, pos: Position, depth: number): number {
  const wdl = probeWdlAt(tb, pos, depth);
  if (failed || wdl === 0) return 0;
  if (fromCapture) return WDL_TO_DTZ[wdl + 2];

  const list = listAt(depth);
  let n = 0;
  if (wdl > 0) {
    // A pawn move that keeps the win zeroes the counter at once.
    n = generateMoves(pos, list, 0, GEN_ALL);
    for (let i = 0; i < n; i++) {
      const m = list[i];
      if ((pos.board[moveFrom(m)] & 7) !== PAWN || isCapture(pos, m)) continue;
      pos.make(m);
      const v = -probeWdlAt(tb, pos, depth + 1);
      pos.unmake(m);
      if (failed) return 0;
      if (v === wdl) return WDL_TO_DTZ[wdl + 2];
    }
  }
  // The best move is not an en-passant capture, so the table's value for wdl applies.
  const stored = tb.tableDtz(pos, wdl);
  if (Number.isNaN(stored)) {
    failed = true;
    return 0;
  }
  if (stored !== DTZ_OTHER_SIDE) return WDL_TO_DTZ[wdl + 2] + (wdl > 0 ? stored : -stored);

  // The file holds the other side to move: one ply of search over the moves that do not zero the counter.
  let best: number;
  if (wdl > 0) {
    best = 0x7fffffff;
  } else {
    best = WDL_TO_DTZ[wdl + 2]; // a zeroing move, or mate (-1), is the worst case
    n = generateMoves(pos, list, 0, GEN_ALL);
  }
  for (let i = 0; i < n; i++) {
    const m = list[i];
    if (isCapture(pos, m) || (pos.board[moveFrom(m)] & 7) === PAWN) continue;
    pos.make(m);
    const v = -probeDtzAt(tb, pos, depth + 1);
    const mate = v === 1 && !failed && isMate(pos, depth + 1);
    pos.unmake(m);
    if (failed) return 0;
    if (mate) best = 1;
    else if (wdl > 0) {
      if (v > 0 && v + 1 < best) best = v + 1;
    } else if (v - 1 < best) best = v - 1;
  }
  return best;
}

/** Runs a probe with the per-probe state reset; null when a table was missing, broken or not applicable. */
function run(
  tb: Tablebases,
  pos: Position,
  f: (tb: Tablebases, pos: Position, depth: number) => number,
): number | null {
  if (pos.castling !== 0) {
    tb.lastError = 'castling rights (tables have none)';
    return null;
  }
  const pieces = pos.pieceCount();
  if (pieces > tb.maxPieces) {
    tb.lastError = `${pieces} pieces, tables have at most ${tb.maxPieces}`;
    return null;
  }
  failed = false;
  fromCapture = false;
  const sp = pos.sp;
  try {
    const v = f(tb, pos, 0);
    return failed ? null : v;
  } catch (e) {
    // Never expected; put the position back as it was and report.
    while (pos.sp > sp) pos.unmake(pos.stMove[pos.sp - 1]);
    tb.lastError = `probe failed: ${e instanceof Error ? e.message : String(e)}`;
    return null;
  }
}

/**
 * WDL of pos from the side to move: -2 loss, -1 blessed loss, 0 draw, 1 cursed win, 2 win; null when not in the
 * tables (tb.lastError says why). Assumes a fresh fifty-move counter, like the tables.
 */
export function probeWdl(tb: Tablebases, pos: Position): number | null {
  return run(tb, pos, probeWdlAt);
}

/**
 * DTZ of pos from the side to move, in plies, with the tables' conventions (as Fathom's probe_dtz):
 *   n < -100: loss, drawn by the fifty-move rule;  -100 <= n <= -1: loss, a zeroing move after |n| plies;
 *   0: draw;  1 <= n <= 100: win, zeroing in n plies;  n > 100: win, drawn by the fifty-move rule.
 * A mated side gets -1. Counts from a fresh fifty-move counter and can be one ply more than the truth for
 * values that are not on the fifty-move edge (tables store moves, not plies, where that loses nothing).
 */
export function probeDtz(tb: Tablebases, pos: Position): number | null {
  return run(tb, pos, probeDtzAt);
}
