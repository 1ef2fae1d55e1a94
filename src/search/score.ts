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
