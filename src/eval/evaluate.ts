// Static evaluation: tapered (middlegame/endgame) material + piece-square tables, from the side
// to move's point of view. Swappable: search calls only evaluate(pos).
import { lsb, WHITE } from '../core/bitboard';
import { PAWN, KING } from '../core/types';
import type { Position } from '../core/position';
import { MG_VALUE, EG_VALUE, PHASE_INC, MG_TABLE, EG_TABLE } from './pesto';

/** PSQ_MG[piece * 64 + sq]: value for the piece's owner (material included), a1 = 0. */
const PSQ_MG = new Int32Array(16 * 64);
const PSQ_EG = new Int32Array(16 * 64);
for (let type = PAWN; type <= KING; type++) {
  for (let sq = 0; sq < 64; sq++) {
    // White reads the printed table flipped (a8 is index 0 there); black reads it as is.
    PSQ_MG[type * 64 + sq] = MG_VALUE[type] + MG_TABLE[type][sq ^ 56];
    PSQ_EG[type * 64 + sq] = EG_VALUE[type] + EG_TABLE[type][sq ^ 56];
    PSQ_MG[(8 | type) * 64 + sq] = MG_VALUE[type] + MG_TABLE[type][sq];
    PSQ_EG[(8 | type) * 64 + sq] = EG_VALUE[type] + EG_TABLE[type][sq];
  }
}

const TEMPO = 10;

export function evaluate(pos: Position): number {
  if (pos.isInsufficientMaterial()) return 0;
  const bb = pos.bb;
  let mg = 0, eg = 0, phase = 0;
  for (let piece = 1; piece < 15; piece++) {
    const type = piece & 7;
    if (type === 0 || type === 7) continue;
    const sign = piece < 8 ? 1 : -1;
    const base = piece * 64;
    let lo = bb[piece * 2], hi = bb[piece * 2 + 1];
    while (lo !== 0) {
      const s = lsb(lo); lo &= lo - 1;
      mg += sign * PSQ_MG[base + s]; eg += sign * PSQ_EG[base + s]; phase += PHASE_INC[type];
    }
    while (hi !== 0) {
      const s = 32 + lsb(hi); hi &= hi - 1;
      mg += sign * PSQ_MG[base + s]; eg += sign * PSQ_EG[base + s]; phase += PHASE_INC[type];
    }
  }
  if (phase > 24) phase = 24;
  const score = ((mg * phase + eg * (24 - phase)) / 24) | 0;
  return (pos.stm === WHITE ? score : -score) + TEMPO;
}
