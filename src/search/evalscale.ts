// The evaluation as the search uses it: scaled up with the material on the board (a net's advantage means more with
// more pieces left to convert it) and down toward zero as the fifty-move counter runs (a lead that makes no progress
// is worth less). The hash keeps the raw evaluation; this is applied afresh at each visit.
import { popcnt } from '../core/bitboard';
import type { Position } from '../core/position';
import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK } from '../core/types';

/** Material of both sides at 100/450/450/650/1250 per pawn/knight/bishop/rook/queen. */
export function scaleMaterial(pos: Position): number {
  const bb = pos.bb;
  // Pieces of different kinds or colours never share a square, so one count of their union is the sum of counts:
  // eight counts instead of twenty. White's piece t is at bb[2t], black's at bb[2(8 | t)] = bb[16 + 2t].
  const p = PAWN * 2,
    n = KNIGHT * 2,
    b = BISHOP * 2,
    r = ROOK * 2,
    q = QUEEN * 2;
  const pawns = popcnt(bb[p] | bb[16 + p]) + popcnt(bb[p + 1] | bb[17 + p]);
  const minors =
    popcnt(bb[n] | bb[b] | bb[16 + n] | bb[16 + b]) + popcnt(bb[n + 1] | bb[b + 1] | bb[17 + n] | bb[17 + b]);
  const rooks = popcnt(bb[r] | bb[16 + r]) + popcnt(bb[r + 1] | bb[17 + r]);
  const queens = popcnt(bb[q] | bb[16 + q]) + popcnt(bb[q + 1] | bb[17 + q]);
  return 100 * pawns + 450 * minors + 650 * rooks + 1250 * queens;
}

/** raw * (base + material) / 32768, then * (200 - halfmove) / 200, truncated toward zero. */
export function scaleEval(pos: Position, raw: number, base: number): number {
  return Math.trunc((((raw * (base + scaleMaterial(pos))) / 32768) * (200 - pos.halfmove)) / 200);
}
