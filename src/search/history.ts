// The search's statistics of past results (Stockfish's history.h): which quiet moves cut off before, by the move
// alone (butterfly), after the previous moves (continuation), as a reply (counter-moves), and how wrong the static
// evaluation was for a pawn structure (correction). The searcher owns them; the move picker reads them.
import { PAWN } from '../core/types';
import type { Position } from '../core/position';
import { pawnIndex, PAWN_INDEX_BITS } from '../eval/evaluate';
import { MATE_BOUND } from './score';

/** Gravity keeps every entry within ±2^HISTORY_SHIFT: the larger an entry, the less a bonus of its sign moves it. */
const HISTORY_SHIFT = 14;

/** An entry after a bonus (or, negative, a malus) under gravity. */
export function gravity(entry: number, bonus: number): number {
  return entry + bonus - ((entry * Math.abs(bonus)) >> HISTORY_SHIFT);
}

/** A move's piece and destination, piece * 64 + to (0: a null move or a ply before the root): 16 piece codes. */
export const PIECE_TO_SIZE = 16 * 64;

export function pieceTo(piece: number, to: number): number {
  return piece * 64 + to;
}

/** The butterfly slot of move m (its from and to squares) for the side to move. */
export function butterflyIndex(stm: number, m: number): number {
  return stm * 4096 + (m & 4095);
}

/** The continuation slot of a move with pieceTo pt played after a move with pieceTo prev. */
export function contIndex(prev: number, pt: number): number {
  return prev * PIECE_TO_SIZE + pt;
}

export class History {
  /** butterfly[butterflyIndex(stm, m)]. */
  readonly butterfly = new Int32Array(2 * 4096);
  /** cont[contIndex(prev, pt)]: how a quiet move did one or two plies after the move prev. */
  readonly cont = new Int16Array(PIECE_TO_SIZE * PIECE_TO_SIZE);
  /** The quiet reply that refuted each move last time: counterMoves[pieceTo of that move]. */
  readonly counterMoves = new Int32Array(PIECE_TO_SIZE);

  /**
   * Bonus (or malus) to a quiet move: m with pieceTo pt, stm to move, after the moves with pieceTo prev1 (one ply
   * earlier) and prev2 (two plies earlier).
   */
  updateQuiet(stm: number, m: number, pt: number, prev1: number, prev2: number, bonus: number): void {
    const b = this.butterfly,
      c = this.cont,
      i = butterflyIndex(stm, m);
    b[i] = gravity(b[i], bonus);
    if (prev1 !== 0) {
      const j = contIndex(prev1, pt);
      c[j] = gravity(c[j], bonus);
    }
    if (prev2 !== 0) {
      const j = contIndex(prev2, pt);
      c[j] = gravity(c[j], bonus);
    }
  }

  /** The statistics a quiet move is ordered and reduced by: butterfly plus both continuation entries. */
  quietScore(stm: number, m: number, pt: number, prev1: number, prev2: number): number {
    const c = this.cont;
    return this.butterfly[butterflyIndex(stm, m)] + c[contIndex(prev1, pt)] + c[contIndex(prev2, pt)];
  }

  clear(): void {
    this.butterfly.fill(0);
    this.cont.fill(0);
    this.counterMoves.fill(0);
  }
}

/** Correction entries per side to move (one per pawn-structure slot), fixed-point scale, and the largest (64 cp). */
const CORR_SIZE = 1 << PAWN_INDEX_BITS;
const CORR_GRAIN = 256;
const CORR_MAX = 64 * CORR_GRAIN;
/** A result at depth d weighs min(d + 1, CORR_WEIGHT_MAX) / CORR_GRAIN in the running mean. */
const CORR_WEIGHT_MAX = 16;

/**
 * Correction history: table[stm * CORR_SIZE + pawn-structure slot], the running mean of (search result - static eval)
 * in 1/CORR_GRAIN cp for positions with this pawn structure; added to the static eval so that pruning sees an
 * evaluation the search has been confirming.
 */
export class CorrectionHistory {
  readonly table = new Int32Array(2 * CORR_SIZE);

  /** The slot of pos: side to move and the eval's pawn-structure index. */
  index(pos: Position): number {
    const bb = pos.bb;
    return pos.stm * CORR_SIZE + pawnIndex(bb[PAWN * 2], bb[PAWN * 2 + 1], bb[(8 | PAWN) * 2], bb[(8 | PAWN) * 2 + 1]);
  }

  /** A static evaluation moved by the slot's correction, kept clear of mate scores. */
  corrected(raw: number, idx: number): number {
    const v = raw + ((this.table[idx] / CORR_GRAIN) | 0);
    return v >= MATE_BOUND ? MATE_BOUND - 1 : v <= -MATE_BOUND ? -MATE_BOUND + 1 : v;
  }

  /** Moves the slot towards the error just seen, weighted by the depth that found it. */
  update(idx: number, err: number, depth: number): void {
    const w = Math.min(depth + 1, CORR_WEIGHT_MAX);
    let e = ((this.table[idx] * (CORR_GRAIN - w) + err * CORR_GRAIN * w) / CORR_GRAIN) | 0;
    if (e > CORR_MAX) e = CORR_MAX;
    else if (e < -CORR_MAX) e = -CORR_MAX;
    this.table[idx] = e;
  }

  clear(): void {
    this.table.fill(0);
  }
}
