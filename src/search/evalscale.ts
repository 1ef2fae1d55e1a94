// The evaluation as the search uses it: scaled up with the material on the board (a net's advantage means more with
// more pieces left to convert it) and down toward zero as the fifty-move counter runs (a lead that makes no progress
// is worth less). The hash keeps the raw evaluation; this is applied afresh at each visit.
import { popcnt } from '../core/bitboard';
import type { Position } from '../core/position';
import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK } from '../core/types';

/** Material of both sides at 100/450/450/650/1250 per pawn/knight/bishop/rook/queen. */
export function scaleMaterial(pos: Position): number {
  const bb = pos.bb;
  let material = 0;
  for (let c = 0; c < 16; c += 8) {
    material +=
      100 * count(bb, c | PAWN) +
      450 * (count(bb, c | KNIGHT) + count(bb, c | BISHOP)) +
      650 * count(bb, c | ROOK) +
      1250 * count(bb, c | QUEEN);
  }
  return material;
}

/** Pieces of one kind (colour | type) on the board. */
function count(bb: Int32Array, piece: number): number {
  return popcnt(bb[piece * 2]) + popcnt(bb[piece * 2 + 1]);
}

/** raw * (base + material) / 32768, then * (200 - halfmove) / 200, truncated toward zero. */
export function scaleEval(pos: Position, raw: number, base: number): number {
  return Math.trunc((((raw * (base + scaleMaterial(pos))) / 32768) * (200 - pos.halfmove)) / 200);
}
