// The search's statistics of past results (Stockfish's history.h): which quiet moves cut off before, by the move
// alone (butterfly), after the previous moves (continuation), as a reply (counter-moves), and how wrong the static
// evaluation was for a pawn structure (correction). The searcher owns them; the move picker reads them.
import { MAX_PLY, PAWN } from '../core/types';
import type { Position } from '../core/position';
import { pawnIndex, PAWN_INDEX_BITS } from '../eval/evaluate';
import { P } from './params';
import { TB_BOUND } from './score';

/** Gravity keeps every entry within ±2^HISTORY_SHIFT: the larger an entry, the less a bonus of its sign moves it. */
const HISTORY_SHIFT = 14;

/** An entry after a bonus (or, negative, a malus) under gravity. */
export function gravity(entry: number, bonus: number): number {
  return entry + bonus - ((entry * Math.abs(bonus)) >> HISTORY_SHIFT);
}

/**
 * The bonus of a quiet move that cut off at depth (its malus for the quiets tried before it): linear in depth as in
 * the anchors, capped, and at least 1, so that no tuned histBase above histMul turns the depth-1 bonus into a malus.
 */
export function historyBonus(depth: number): number {
  return Math.max(1, Math.min(P.histMul * depth - P.histBase, P.histMax));
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
/** Slots remembered per ply: pawn structure, white's pieces, black's pieces. */
const CORR_SLOTS = 3;

/**
 * Correction histories: running means of (search result - static eval) in 1/CORR_GRAIN cp, per side to move, for
 * positions with the same pawn structure (pawn[stm * CORR_SIZE + slot]) and with the same pieces of one colour
 * (nonPawn[(colour * 2 + stm) * CORR_SIZE + slot]). Each learns the whole error; the static eval is moved by their
 * weighted mean, so that pruning sees an evaluation the search has been confirming. The searcher loads a node's slots
 * once per ply (load) and then corrects and updates by ply.
 */
export class CorrectionHistory {
  readonly pawn = new Int32Array(2 * CORR_SIZE);
  readonly nonPawn = new Int32Array(4 * CORR_SIZE);
  private readonly slots = new Int32Array((MAX_PLY + 2) * CORR_SLOTS);

  /** Finds pos's slots and keeps them for ply. */
  load(pos: Position, ply: number): void {
    const bb = pos.bb,
      stm = pos.stm,
      k = ply * CORR_SLOTS;
    this.slots[k] =
      stm * CORR_SIZE + pawnIndex(bb[PAWN * 2], bb[PAWN * 2 + 1], bb[(8 | PAWN) * 2], bb[(8 | PAWN) * 2 + 1]);
    this.slots[k + 1] = stm * CORR_SIZE + (pos.npKey[0] >>> (32 - PAWN_INDEX_BITS));
    this.slots[k + 2] = (2 + stm) * CORR_SIZE + (pos.npKey[1] >>> (32 - PAWN_INDEX_BITS));
  }

  /** The slots loaded for ply: [pawn, white pieces, black pieces] (indices into pawn and nonPawn). */
  slotsAt(ply: number): [number, number, number] {
    const k = ply * CORR_SLOTS;
    return [this.slots[k], this.slots[k + 1], this.slots[k + 2]];
  }

  /**
   * A static evaluation moved by ply's correction (pawn structure weighted twice), kept clear of mate and tablebase
   * scores.
   */
  corrected(raw: number, ply: number): number {
    const k = ply * CORR_SLOTS,
      np = this.nonPawn;
    const c = 2 * this.pawn[this.slots[k]] + np[this.slots[k + 1]] + np[this.slots[k + 2]];
    const v = raw + ((c / (4 * CORR_GRAIN)) | 0);
    return v >= TB_BOUND ? TB_BOUND - 1 : v <= -TB_BOUND ? -TB_BOUND + 1 : v;
  }

  /** Moves ply's slots towards the error just seen, weighted by the depth that found it. */
  update(ply: number, err: number, depth: number): void {
    const k = ply * CORR_SLOTS,
      w = Math.min(depth + 1, CORR_WEIGHT_MAX);
    learn(this.pawn, this.slots[k], err, w);
    learn(this.nonPawn, this.slots[k + 1], err, w);
    learn(this.nonPawn, this.slots[k + 2], err, w);
  }

  clear(): void {
    this.pawn.fill(0);
    this.nonPawn.fill(0);
  }
}

function learn(table: Int32Array, i: number, err: number, w: number): void {
  let e = ((table[i] * (CORR_GRAIN - w) + err * CORR_GRAIN * w) / CORR_GRAIN) | 0;
  if (e > CORR_MAX) e = CORR_MAX;
  else if (e < -CORR_MAX) e = -CORR_MAX;
  table[i] = e;
}
