// Static exchange evaluation: does a move win at least `threshold` once all captures on its
// target square are played out, cheapest attacker first? (Stockfish's see_ge, on split bitboards.)
import { KNIGHT_ATT, KING_ATT, PAWN_ATT, SLIDER_ATT, rookIdx, bishopIdx } from './bitboard';
import {
  PAWN,
  KNIGHT,
  BISHOP,
  ROOK,
  QUEEN,
  KING,
  CASTLING,
  EN_PASSANT,
  PROMOTION,
  moveFrom,
  moveTo,
  moveKind,
  pieceOf,
} from './types';
import type { Position } from './position';

export const SEE_VALUE = [0, 100, 320, 330, 500, 950, 20000, 0];

export function seeGe(pos: Position, m: number, threshold: number): boolean {
  const kind = moveKind(m);
  if (kind === CASTLING || kind === PROMOTION || kind === EN_PASSANT) return threshold <= 0;
  const from = moveFrom(m),
    to = moveTo(m),
    board = pos.board,
    bb = pos.bb;
  let swap = SEE_VALUE[board[to] & 7] - threshold;
  if (swap < 0) return false;
  swap = SEE_VALUE[board[from] & 7] - swap;
  if (swap <= 0) return true;

  let oLo = pos.occ[0] | pos.occ[2],
    oHi = pos.occ[1] | pos.occ[3];
  if (from < 32) oLo ^= 1 << from;
  else oHi ^= 1 << (from - 32);
  if (to < 32) oLo |= 1 << to;
  else oHi |= 1 << (to - 32);

  // All attackers of `to`, both colours.
  const t2 = to << 1;
  const bqLo = bb[BISHOP * 2] | bb[(8 | BISHOP) * 2] | bb[QUEEN * 2] | bb[(8 | QUEEN) * 2];
  const bqHi = bb[BISHOP * 2 + 1] | bb[(8 | BISHOP) * 2 + 1] | bb[QUEEN * 2 + 1] | bb[(8 | QUEEN) * 2 + 1];
  const rqLo = bb[ROOK * 2] | bb[(8 | ROOK) * 2] | bb[QUEEN * 2] | bb[(8 | QUEEN) * 2];
  const rqHi = bb[ROOK * 2 + 1] | bb[(8 | ROOK) * 2 + 1] | bb[QUEEN * 2 + 1] | bb[(8 | QUEEN) * 2 + 1];
  let ri = rookIdx(to, oLo, oHi),
    bi = bishopIdx(to, oLo, oHi);
  const wp = (1 * 64 + to) * 2,
    bp = to * 2; // white pawns attack `to` from where a black pawn on `to` would attack
  let aLo =
    (KNIGHT_ATT[t2] & (bb[KNIGHT * 2] | bb[(8 | KNIGHT) * 2])) |
    (KING_ATT[t2] & (bb[KING * 2] | bb[(8 | KING) * 2])) |
    (PAWN_ATT[wp] & bb[PAWN * 2]) |
    (PAWN_ATT[bp] & bb[(8 | PAWN) * 2]) |
    (SLIDER_ATT[ri] & rqLo) |
    (SLIDER_ATT[bi] & bqLo);
  let aHi =
    (KNIGHT_ATT[t2 + 1] & (bb[KNIGHT * 2 + 1] | bb[(8 | KNIGHT) * 2 + 1])) |
    (KING_ATT[t2 + 1] & (bb[KING * 2 + 1] | bb[(8 | KING) * 2 + 1])) |
    (PAWN_ATT[wp + 1] & bb[PAWN * 2 + 1]) |
    (PAWN_ATT[bp + 1] & bb[(8 | PAWN) * 2 + 1]) |
    (SLIDER_ATT[ri + 1] & rqHi) |
    (SLIDER_ATT[bi + 1] & bqHi);

  let stm = pos.stm;
  let res = 1;
  for (;;) {
    stm ^= 1;
    aLo &= oLo;
    aHi &= oHi;
    const sLo = aLo & pos.occ[stm * 2],
      sHi = aHi & pos.occ[stm * 2 + 1];
    if ((sLo | sHi) === 0) break;
    res ^= 1;
    // Least valuable attacker of the side to capture.
    let pt = PAWN,
      pLo = 0,
      pHi = 0;
    for (; pt <= KING; pt++) {
      pLo = sLo & bb[pieceOf(stm, pt) * 2];
      pHi = sHi & bb[pieceOf(stm, pt) * 2 + 1];
      if ((pLo | pHi) !== 0) break;
    }
    if (pt === KING) {
      // The king may only take last: if the other side still attacks, the capture is illegal.
      const oppLo = aLo & pos.occ[(stm ^ 1) * 2],
        oppHi = aHi & pos.occ[(stm ^ 1) * 2 + 1];
      return ((oppLo | oppHi) !== 0 ? res ^ 1 : res) === 1;
    }
    swap = SEE_VALUE[pt] - swap;
    if (swap < res) break;
    // Remove that attacker and reveal sliders behind it.
    if (pLo !== 0) oLo ^= pLo & -pLo;
    else oHi ^= pHi & -pHi;
    if (pt === PAWN || pt === BISHOP || pt === QUEEN) {
      bi = bishopIdx(to, oLo, oHi);
      aLo |= SLIDER_ATT[bi] & bqLo;
      aHi |= SLIDER_ATT[bi + 1] & bqHi;
    }
    if (pt === ROOK || pt === QUEEN) {
      ri = rookIdx(to, oLo, oHi);
      aLo |= SLIDER_ATT[ri] & rqLo;
      aHi |= SLIDER_ATT[ri + 1] & rqHi;
    }
  }
  return res === 1;
}
