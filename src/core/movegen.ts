// Legal move generation into preallocated Int32Array move lists.
// Legality comes from check and pin masks computed by Position.updateCheckInfo, so no move is
// ever made and taken back to test it. Captures (plus queen promotions) and quiets can be
// generated separately for quiescence search and staged move picking.
import { KNIGHT_ATT, KING_ATT, PAWN_ATT, BETWEEN, LINE, SLIDER_ATT, rookIdx, bishopIdx, lsb, WHITE } from './bitboard';
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
  pieceOf,
  makeMove,
  makePromo,
} from './types';
import type { Position } from './position';

export const GEN_CAPTURES = 1; // captures, en passant, queen promotions
export const GEN_QUIETS = 2; // everything else, underpromotions included
export const GEN_ALL = 3;

function emit(list: Int32Array, n: number, from: number, tLo: number, tHi: number): number {
  while (tLo !== 0) {
    list[n++] = makeMove(from, lsb(tLo));
    tLo &= tLo - 1;
  }
  while (tHi !== 0) {
    list[n++] = makeMove(from, 32 + lsb(tHi));
    tHi &= tHi - 1;
  }
  return n;
}

function emitPromos(list: Int32Array, n: number, from: number, to: number, gen: number): number {
  if (gen & GEN_CAPTURES) list[n++] = makePromo(from, to, QUEEN);
  if (gen & GEN_QUIETS) {
    list[n++] = makePromo(from, to, KNIGHT);
    list[n++] = makePromo(from, to, ROOK);
    list[n++] = makePromo(from, to, BISHOP);
  }
  return n;
}

const inSet = (sq: number, lo: number, hi: number): number => (sq < 32 ? lo >>> sq : hi >>> (sq - 32)) & 1;

// Results of the helpers below, [lo, hi]: a typed array, because a module variable holding a 32-bit value outside
// V8's small-integer range is boxed on every write (an allocation in the generator's loop).
const att = new Int32Array(2);
const mask = new Int32Array(2);

/** Sets att to the squares a bishop, rook or queen (type) on sq attacks through occupancy oLo/oHi. */
function sliderAttacks(type: number, sq: number, oLo: number, oHi: number): void {
  let lo = 0,
    hi = 0;
  if (type !== ROOK) {
    const i = bishopIdx(sq, oLo, oHi);
    lo = SLIDER_ATT[i];
    hi = SLIDER_ATT[i + 1];
  }
  if (type !== BISHOP) {
    const i = rookIdx(sq, oLo, oHi);
    lo |= SLIDER_ATT[i];
    hi |= SLIDER_ATT[i + 1];
  }
  att[0] = lo;
  att[1] = hi;
}

/**
 * Sets mask, where a move other than the king's must land, for the side to move, king on ksq, checkers cLo/cHi:
 * everywhere when not in check; the checker and the squares between it and the king in single check. False in double
 * check, where only the king may move.
 */
function checkMask(ksq: number, cLo: number, cHi: number): boolean {
  if ((cLo | cHi) === 0) {
    mask[0] = -1;
    mask[1] = -1;
    return true;
  }
  if ((cLo & (cLo - 1)) !== 0 || (cHi & (cHi - 1)) !== 0 || (cLo !== 0 && cHi !== 0)) return false;
  const csq = cLo !== 0 ? lsb(cLo) : 32 + lsb(cHi);
  const bi = (ksq * 64 + csq) * 2;
  mask[0] = BETWEEN[bi] | cLo;
  mask[1] = BETWEEN[bi + 1] | cHi;
  return true;
}

/**
 * May the side to move castle with right r (king on ksq, occupancy oLo/oHi) now, not in check? The path must be empty
 * and no square the king crosses or lands on attacked, tested with king and rook lifted: in Chess960 the rook may
 * hide an attack on the king's target.
 */
function canCastle(pos: Position, r: number, ksq: number, oLo: number, oHi: number): boolean {
  if (((pos.castlePath[r * 2] & oLo) | (pos.castlePath[r * 2 + 1] & oHi)) !== 0) return false;
  const rsq = pos.castleRookSq[r],
    them = pos.stm ^ 1;
  let xLo = oLo,
    xHi = oHi;
  if (ksq < 32) xLo ^= 1 << ksq;
  else xHi ^= 1 << (ksq - 32);
  if (rsq < 32) xLo ^= 1 << rsq;
  else xHi ^= 1 << (rsq - 32);
  let wLo = pos.castleWalk[r * 2],
    wHi = pos.castleWalk[r * 2 + 1];
  while ((wLo | wHi) !== 0) {
    let t: number;
    if (wLo !== 0) {
      t = lsb(wLo);
      wLo &= wLo - 1;
    } else {
      t = 32 + lsb(wHi);
      wHi &= wHi - 1;
    }
    if (pos.isAttacked(t, them, xLo, xHi)) return false;
  }
  return true;
}

/** Appends the legal moves of kind `gen` to list from index n; returns the new end index. */
export function generateMoves(pos: Position, list: Int32Array, n: number, gen: number): number {
  const bb = pos.bb,
    us = pos.stm,
    them = us ^ 1;
  const ksq = pos.kingSquare(us);
  const usLo = pos.occ[us * 2],
    usHi = pos.occ[us * 2 + 1];
  const thLo = pos.occ[them * 2],
    thHi = pos.occ[them * 2 + 1];
  const oLo = usLo | thLo,
    oHi = usHi | thHi;
  const cLo = pos.checkersLo,
    cHi = pos.checkersHi;

  // Target squares by generation kind.
  let tgtLo = 0,
    tgtHi = 0;
  if (gen & GEN_CAPTURES) {
    tgtLo |= thLo;
    tgtHi |= thHi;
  }
  if (gen & GEN_QUIETS) {
    tgtLo |= ~oLo;
    tgtHi |= ~oHi;
  }

  // King moves: test each destination with the king lifted off the board.
  {
    let tLo = KING_ATT[ksq * 2] & tgtLo,
      tHi = KING_ATT[ksq * 2 + 1] & tgtHi;
    const xLo = ksq < 32 ? oLo ^ (1 << ksq) : oLo,
      xHi = ksq < 32 ? oHi : oHi ^ (1 << (ksq - 32));
    while (tLo !== 0) {
      const t = lsb(tLo);
      tLo &= tLo - 1;
      if (!pos.isAttacked(t, them, xLo, xHi)) list[n++] = makeMove(ksq, t);
    }
    while (tHi !== 0) {
      const t = 32 + lsb(tHi);
      tHi &= tHi - 1;
      if (!pos.isAttacked(t, them, xLo, xHi)) list[n++] = makeMove(ksq, t);
    }
  }

  // The check mask, as checkMask() computes it for isLegalMove, kept inline here: the generator's locals stay in
  // registers (the call measured slower in perft, docs/TESTLOG.md 2026-12-05).
  let cmLo = -1,
    cmHi = -1;
  if ((cLo | cHi) !== 0) {
    if ((cLo & (cLo - 1)) !== 0 || (cHi & (cHi - 1)) !== 0 || (cLo !== 0 && cHi !== 0)) return n; // double check
    const csq = cLo !== 0 ? lsb(cLo) : 32 + lsb(cHi);
    const bi = (ksq * 64 + csq) * 2;
    cmLo = BETWEEN[bi] | cLo;
    cmHi = BETWEEN[bi + 1] | cHi;
  }
  tgtLo &= cmLo;
  tgtHi &= cmHi;
  const pinLo = pos.pinnedLo,
    pinHi = pos.pinnedHi;
  const k64 = ksq * 64;

  // Knights: a pinned knight can never move.
  {
    const p2 = pieceOf(us, KNIGHT) * 2;
    let lo = bb[p2] & ~pinLo,
      hi = bb[p2 + 1] & ~pinHi;
    while (lo !== 0) {
      const s = lsb(lo);
      lo &= lo - 1;
      n = emit(list, n, s, KNIGHT_ATT[s * 2] & tgtLo, KNIGHT_ATT[s * 2 + 1] & tgtHi);
    }
    while (hi !== 0) {
      const s = 32 + lsb(hi);
      hi &= hi - 1;
      n = emit(list, n, s, KNIGHT_ATT[s * 2] & tgtLo, KNIGHT_ATT[s * 2 + 1] & tgtHi);
    }
  }

  // Sliders: a pinned slider stays on the line through its king and itself.
  for (let type = BISHOP; type <= QUEEN; type++) {
    const p2 = pieceOf(us, type) * 2;
    let lo = bb[p2],
      hi = bb[p2 + 1];
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      // Inline rather than sliderAttacks(): the call with its results in module variables measured slower in perft
      // (docs/TESTLOG.md, 2026-12-05), and this is the generator's busiest loop.
      let aLo = 0,
        aHi = 0;
      if (type !== ROOK) {
        const i = bishopIdx(s, oLo, oHi);
        aLo = SLIDER_ATT[i];
        aHi = SLIDER_ATT[i + 1];
      }
      if (type !== BISHOP) {
        const i = rookIdx(s, oLo, oHi);
        aLo |= SLIDER_ATT[i];
        aHi |= SLIDER_ATT[i + 1];
      }
      aLo &= tgtLo;
      aHi &= tgtHi;
      if (inSet(s, pinLo, pinHi)) {
        const li = (k64 + s) * 2;
        aLo &= LINE[li];
        aHi &= LINE[li + 1];
      }
      n = emit(list, n, s, aLo, aHi);
    }
  }

  // Pawns, one at a time (at most eight).
  {
    const p2 = pieceOf(us, PAWN) * 2;
    let lo = bb[p2],
      hi = bb[p2 + 1];
    const up = us === WHITE ? 8 : -8;
    const startRank = us === WHITE ? 1 : 6,
      promoRank = us === WHITE ? 7 : 0;
    const capLo = thLo & cmLo,
      capHi = thHi & cmHi;
    const board = pos.board;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      let allowLo = cmLo,
        allowHi = cmHi;
      if (inSet(s, pinLo, pinHi)) {
        const li = (k64 + s) * 2;
        allowLo &= LINE[li];
        allowHi &= LINE[li + 1];
      }
      const to = s + up;
      const promo = to >> 3 === promoRank;
      if (board[to] === 0) {
        if (promo) {
          if (inSet(to, allowLo, allowHi)) n = emitPromos(list, n, s, to, gen);
        } else if (gen & GEN_QUIETS) {
          if (inSet(to, allowLo, allowHi)) list[n++] = makeMove(s, to);
          if (s >> 3 === startRank && board[to + up] === 0 && inSet(to + up, allowLo, allowHi)) {
            list[n++] = makeMove(s, to + up);
          }
        }
      }
      const pa = (us * 64 + s) * 2;
      let aLo = PAWN_ATT[pa] & capLo & allowLo,
        aHi = PAWN_ATT[pa + 1] & capHi & allowHi;
      if (promo) {
        while ((aLo | aHi) !== 0) {
          let t: number;
          if (aLo !== 0) {
            t = lsb(aLo);
            aLo &= aLo - 1;
          } else {
            t = 32 + lsb(aHi);
            aHi &= aHi - 1;
          }
          n = emitPromos(list, n, s, t, gen);
        }
      } else if (gen & GEN_CAPTURES) {
        n = emit(list, n, s, aLo, aHi);
      }
    }
    if (pos.ep >= 0 && gen & GEN_CAPTURES) {
      const ep = pos.ep,
        pa = (them * 64 + ep) * 2;
      let aLo = PAWN_ATT[pa] & bb[p2],
        aHi = PAWN_ATT[pa + 1] & bb[p2 + 1];
      while ((aLo | aHi) !== 0) {
        let s: number;
        if (aLo !== 0) {
          s = lsb(aLo);
          aLo &= aLo - 1;
        } else {
          s = 32 + lsb(aHi);
          aHi &= aHi - 1;
        }
        if (pos.epLegal(s, ep)) list[n++] = makeMove(s, ep) | EN_PASSANT;
      }
    }
  }

  // Castling: never out of check.
  if (gen & GEN_QUIETS && pos.castling !== 0 && (cLo | cHi) === 0) {
    for (let r = us * 2; r < us * 2 + 2; r++) {
      if ((pos.castling & (1 << r)) !== 0 && canCastle(pos, r, ksq, oLo, oHi))
        list[n++] = makeMove(ksq, pos.castleRookSq[r]) | CASTLING;
    }
  }
  return n;
}

/** Fills list with all legal moves from index 0; returns the count. */
export function legalMoves(pos: Position, list: Int32Array): number {
  return generateMoves(pos, list, 0, GEN_ALL);
}

/**
 * Is m (any 16-bit move, e.g. from the hash table or a killer slot) legal here? Answers without generating moves, so
 * the search can try the hash move before anything is generated: the same rules as generateMoves, for one move.
 */
export function isLegalMove(pos: Position, m: number): boolean {
  // Only what the generator can produce: 16 bits, and promotion-piece bits only on promotions.
  if (m === 0 || m >>> 16 !== 0 || ((m & (3 << 14)) !== PROMOTION && (m & 0x3000) !== 0)) return false;
  const us = pos.stm,
    them = us ^ 1,
    board = pos.board;
  const from = m & 63,
    to = (m >> 6) & 63,
    kind = m & (3 << 14);
  const piece = board[from];
  if (piece === 0 || piece >> 3 !== us || from === to) return false;
  const type = piece & 7;
  const ksq = pos.kingSquare(us);
  const oLo = pos.occ[0] | pos.occ[2],
    oHi = pos.occ[1] | pos.occ[3];
  const cLo = pos.checkersLo,
    cHi = pos.checkersHi;

  if (kind === CASTLING) {
    if (type !== KING || (cLo | cHi) !== 0) return false;
    for (let r = us * 2; r < us * 2 + 2; r++) {
      if ((pos.castling & (1 << r)) !== 0 && pos.castleRookSq[r] === to) return canCastle(pos, r, ksq, oLo, oHi);
    }
    return false;
  }

  const target = board[to];
  if (target !== 0 && (target >> 3 === us || (target & 7) === KING)) return false;
  const pa = (us * 64 + from) * 2;
  if (kind === EN_PASSANT) {
    return type === PAWN && to === pos.ep && inSet(to, PAWN_ATT[pa], PAWN_ATT[pa + 1]) === 1 && pos.epLegal(from, to);
  }
  const lastRank = us === WHITE ? 7 : 0;
  if (type === PAWN) {
    if ((kind === PROMOTION) !== (to >> 3 === lastRank)) return false;
    const up = us === WHITE ? 8 : -8;
    if (target !== 0) {
      if (!inSet(to, PAWN_ATT[pa], PAWN_ATT[pa + 1])) return false;
    } else if (to === from + up) {
      // a single push
    } else if (to === from + 2 * up && from >> 3 === (us === WHITE ? 1 : 6) && board[from + up] === 0) {
      // a double push
    } else return false;
  } else {
    if (kind !== 0) return false;
    let aLo: number, aHi: number;
    if (type === KNIGHT) {
      aLo = KNIGHT_ATT[from * 2];
      aHi = KNIGHT_ATT[from * 2 + 1];
    } else if (type === KING) {
      aLo = KING_ATT[from * 2];
      aHi = KING_ATT[from * 2 + 1];
    } else {
      sliderAttacks(type, from, oLo, oHi);
      aLo = att[0];
      aHi = att[1];
    }
    if (!inSet(to, aLo, aHi)) return false;
    if (type === KING) {
      // The king may not step onto an attacked square (tested with the king lifted off its square).
      const xLo = ksq < 32 ? oLo ^ (1 << ksq) : oLo,
        xHi = ksq < 32 ? oHi : oHi ^ (1 << (ksq - 32));
      return !pos.isAttacked(to, them, xLo, xHi);
    }
  }
  // Not a king move: out of check only by capturing or blocking a single checker; a pinned piece stays on its line.
  if ((cLo | cHi) !== 0 && (!checkMask(ksq, cLo, cHi) || !inSet(to, mask[0], mask[1]))) return false;
  if (inSet(from, pos.pinnedLo, pos.pinnedHi)) {
    const li = (ksq * 64 + from) * 2;
    if (!inSet(to, LINE[li], LINE[li + 1])) return false;
  }
  return true;
}
