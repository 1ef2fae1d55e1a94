// The search stack (Stockfish's Stack, Viridithas's StackFrame): what the search keeps for each ply of the line it
// is searching, read at that ply and by the plies below it. Frames are made once per searcher and reused.
import { MAX_PLY } from '../core/types';

/** A static evaluation that was not taken (the side to move was in check). */
export const NO_EVAL = -32768;

/** Quiet moves remembered per ply for the history malus. */
export const QUIETS_MAX = 64;

export class Frame {
  /** The corrected static evaluation at this ply, or NO_EVAL. */
  staticEval = 0;
  /** Quiet moves that cut off at this ply, most recent first. */
  killer1 = 0;
  killer2 = 0;
  /** The move a singular-extension search at this ply leaves out (0: none). */
  excluded = 0;
  /** pieceTo of the move made at this ply (0: a null move, or a ply before the root). */
  pieceTo = 0;
  /** The quiet moves searched so far at this ply (up to QUIETS_MAX): the only ones a cutoff's malus may touch. */
  readonly quiets = new Int32Array(QUIETS_MAX);
}

/** The frame of ply p is stack[p + FRAME_OFFSET]: the two frames before the root read as "no move". */
export const FRAME_OFFSET = 2;

/** A stack for plies -2 .. MAX_PLY + 1. */
export function newStack(): Frame[] {
  return Array.from({ length: MAX_PLY + FRAME_OFFSET + 2 }, () => new Frame());
}
