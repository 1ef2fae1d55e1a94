// Game-ending rules of the FIDE Laws, for the position as it stands (with its move history).
import { generateMoves, GEN_ALL } from './movegen';
import { MAX_MOVES } from './types';
import type { Position } from './position';

export type GameResult = 'checkmate' | 'stalemate' | 'fifty-move' | 'threefold' | 'insufficient' | null;

const scratch = new Int32Array(MAX_MOVES);

/**
 * Why the game is over, or null. Mate and stalemate come first: a mate delivered on the move
 * that reaches the fifty-move limit still wins.
 */
export function gameResult(pos: Position): GameResult {
  const n = generateMoves(pos, scratch, 0, GEN_ALL);
  if (n === 0) return pos.inCheck() ? 'checkmate' : 'stalemate';
  if (pos.halfmove >= 100) return 'fifty-move';
  if (pos.repetitions() >= 2) return 'threefold';
  if (pos.isInsufficientMaterial()) return 'insufficient';
  return null;
}
