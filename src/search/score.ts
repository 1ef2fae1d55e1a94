// The search's score scale: centipawns from the side to move's view, with mates and tablebase wins above every
// evaluation. The UCI layer turns these numbers into text (`cp N`, `mate N`).
import { MAX_PLY } from '../core/types';

/** Bounds no score reaches: the window of a full-width search. */
export const INF = 32001;
/** Mate at the root; a mate found ply plies from the root scores MATE - ply. */
export const MATE = 32000;
export const MATE_BOUND = MATE - MAX_PLY; // scores beyond this are mates
/** A tablebase win found ply plies from the root scores TB_WIN - ply: below every mate, above every evaluation. */
export const TB_WIN = MATE_BOUND - 1;
export const TB_BOUND = TB_WIN - MAX_PLY; // scores beyond this are tablebase wins (or mates)

/** Mate in this many moves (negative: being mated) for a mate score; null for any other score. */
export function mateInMoves(s: number): number | null {
  if (s >= MATE_BOUND) return Math.ceil((MATE - s) / 2);
  if (s <= -MATE_BOUND) return -Math.ceil((MATE + s) / 2);
  return null;
}

/** A simple logistic model of win/draw/loss chances, in per mille, from a score (UCI_ShowWDL). */
export function winDrawLoss(s: number): [number, number, number] {
  if (s >= MATE_BOUND) return [1000, 0, 0];
  if (s <= -MATE_BOUND) return [0, 0, 1000];
  const w = Math.round(1000 / (1 + Math.exp((200 - s) / 60)));
  const l = Math.round(1000 / (1 + Math.exp((200 + s) / 60)));
  return [w, 1000 - w - l, l];
}
