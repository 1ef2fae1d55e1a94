// The hand-crafted evaluation, from the side to move's point of view: tapered (middlegame/endgame) sums of
// material + piece-square tables, mobility, pawn structure (hashed), passed pawns, king safety,
// bishop pair, rooks on open files, pawn threats, tempo, and scaling of drawish endgames.
import { lsb, popcnt, WHITE, BLACK, KNIGHT_ATT, PAWN_ATT, SLIDER_ATT, rookIdx, bishopIdx } from '../core/bitboard';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, pieceOf } from '../core/types';
import type { Position } from '../core/position';
import { MG_VALUE, EG_VALUE, MG_TABLE, EG_TABLE } from './pesto';
import { W } from './weights';
import type { Evaluator } from './evaluator';

/** Material plus piece-square value by piece * 64 + square, signed: white +, black -. */
function signedTable(value: number[], table: number[][]): Int32Array {
  const t = new Int32Array(16 * 64);
  for (let type = PAWN; type <= KING; type++) {
    for (let sq = 0; sq < 64; sq++) {
      // White reads the printed table flipped (a8 is index 0 there); black reads it as is.
      t[type * 64 + sq] = value[type] + table[type][sq ^ 56];
      t[(8 | type) * 64 + sq] = -(value[type] + table[type][sq]);
    }
  }
  return t;
}
// Material and piece-square values are summed as the evaluation meets each piece (pawns with the pawn structure, so
// the pawn hash keeps them; pieces in the mobility loop; kings with king safety) rather than kept by every make and
// unmake: the network, the default evaluation, has no use for them.
const PSQT_MG = signedTable(MG_VALUE, MG_TABLE),
  PSQT_EG = signedTable(EG_VALUE, EG_TABLE);

const FILE_A = 0x01010101,
  FILE_H = 0x80808080 | 0;
/** FILE_MASK[f]: one half's file mask (the same in lo and hi). */
const FILE_MASK = [0x01010101, 0x02020202, 0x04040404, 0x08080808, 0x10101010, 0x20202020, 0x40404040, 0x80808080 | 0];
/** Squares in front of sq (same file and both neighbours) toward promotion, per colour: [lo, hi]. */
const PASSED_SPAN = new Int32Array(2 * 64 * 2);
/** Squares directly in front of sq toward promotion. */
const FRONT_SPAN = new Int32Array(2 * 64 * 2);
/** King zone: king square, its neighbours, and one more rank toward the enemy. */
const KING_ZONE = new Int32Array(2 * 64 * 2);
function setBit(t: Int32Array, i: number, sq: number): void {
  if (sq < 32) t[i] |= 1 << sq;
  else t[i + 1] |= 1 << (sq - 32);
}
for (let c = 0; c < 2; c++)
  for (let sq = 0; sq < 64; sq++) {
    const f = sq & 7,
      r = sq >> 3,
      i = (c * 64 + sq) * 2;
    for (let rr = c === WHITE ? r + 1 : r - 1; rr >= 0 && rr < 8; rr += c === WHITE ? 1 : -1) {
      for (let ff = f - 1; ff <= f + 1; ff++) if (ff >= 0 && ff < 8) setBit(PASSED_SPAN, i, rr * 8 + ff);
      setBit(FRONT_SPAN, i, rr * 8 + f);
    }
    setBit(KING_ZONE, i, sq);
    for (let dr = -1; dr <= 2; dr++)
      for (let df = -1; df <= 1; df++) {
        const rr = r + (c === WHITE ? dr : -dr),
          ff = f + df;
        if (rr >= 0 && rr < 8 && ff >= 0 && ff < 8 && (dr < 2 || df === 0)) setBit(KING_ZONE, i, rr * 8 + ff);
      }
  }

// ---------------- pawn hash ----------------
// Pawn structure depends only on the pawns: cache it, keyed exactly by the four pawn words.
export const PAWN_INDEX_BITS = 14;
const PAWN_HASH_SIZE = 1 << PAWN_INDEX_BITS;
/**
 * The slot of a pawn structure (both sides' pawn bitboards, as 32-bit halves) in a table of 2^PAWN_INDEX_BITS
 * entries: the pawn hash here and the search's correction history share it.
 */
export function pawnIndex(wLo: number, wHi: number, bLo: number, bHi: number): number {
  return (
    (Math.imul(wLo ^ Math.imul(wHi, 0x9e3779b1), 0x85ebca6b) ^
      Math.imul(bLo ^ Math.imul(bHi, 0xc2b2ae35), 0x27d4eb2f)) >>>
    (32 - PAWN_INDEX_BITS)
  );
}
/** Pawn-structure scores by pawnIndex, keyed exactly by the four pawn words (one per evaluator). */
class PawnHash {
  readonly keys = new Int32Array(PAWN_HASH_SIZE * 4).fill(-1);
  readonly mg = new Int32Array(PAWN_HASH_SIZE);
  readonly eg = new Int32Array(PAWN_HASH_SIZE);
  /** Passed pawns of both colours. */
  readonly passed = new Int32Array(PAWN_HASH_SIZE * 2);
}

// Scratch results passed from the helpers below to their caller within one evaluation (no allocation per call).
let pMg = 0,
  pEg = 0,
  passLo = 0,
  passHi = 0;

/**
 * Scores the pawns of both sides (material and piece-square values, then structure) into pMg, pEg, and their passed
 * pawns into passLo, passHi, from the hash t when it is there.
 */
function pawnStructure(t: PawnHash, wLo: number, wHi: number, bLo: number, bHi: number): void {
  const h = pawnIndex(wLo, wHi, bLo, bHi),
    pawnKeys = t.keys,
    pawnMg = t.mg,
    pawnEg = t.eg,
    pawnPassed = t.passed;
  const k = h * 4;
  if (pawnKeys[k] === wLo && pawnKeys[k + 1] === wHi && pawnKeys[k + 2] === bLo && pawnKeys[k + 3] === bHi) {
    pMg = pawnMg[h];
    pEg = pawnEg[h];
    passLo = pawnPassed[h * 2];
    passHi = pawnPassed[h * 2 + 1];
    return;
  }
  let mg = 0,
    eg = 0,
    pl = 0,
    ph = 0;
  for (let c = 0; c < 2; c++) {
    const sign = c === WHITE ? 1 : -1;
    const ownLo = c === WHITE ? wLo : bLo,
      ownHi = c === WHITE ? wHi : bHi;
    const oppLo = c === WHITE ? bLo : wLo,
      oppHi = c === WHITE ? bHi : wHi;
    const psq = pieceOf(c, PAWN) * 64;
    let lo = ownLo,
      hi = ownHi;
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      mg += PSQT_MG[psq + s];
      eg += PSQT_EG[psq + s];
      const f = s & 7,
        i = (c * 64 + s) * 2;
      const rel = c === WHITE ? s >> 3 : 7 - (s >> 3);
      const adj = (f > 0 ? FILE_MASK[f - 1] : 0) | (f < 7 ? FILE_MASK[f + 1] : 0);
      // Isolated: no friendly pawn on a neighbouring file.
      if (((ownLo | ownHi) & adj) === 0) {
        mg -= sign * W.isolatedMg;
        eg -= sign * W.isolatedEg;
      }
      // Doubled: a friendly pawn ahead on the same file.
      if (((FRONT_SPAN[i] & ownLo) | (FRONT_SPAN[i + 1] & ownHi)) !== 0) {
        mg -= sign * W.doubledMg;
        eg -= sign * W.doubledEg;
      }
      // Connected: defended by a pawn or side by side with one.
      const dLo = PAWN_ATT[((c ^ 1) * 64 + s) * 2] & ownLo,
        dHi = PAWN_ATT[((c ^ 1) * 64 + s) * 2 + 1] & ownHi;
      const r = s >> 3;
      const rmLo = r < 4 ? 0xff << (r * 8) : 0,
        rmHi = r < 4 ? 0 : 0xff << ((r - 4) * 8);
      const phal = ((rmLo & ownLo & adj) | (rmHi & ownHi & adj)) !== 0;
      if ((dLo | dHi) !== 0 || phal) {
        mg += sign * W.connectedMg[rel];
        eg += sign * W.connectedEg[rel];
      }
      // Passed: no enemy pawn in front on this or a neighbouring file.
      if (
        ((PASSED_SPAN[i] & oppLo) | (PASSED_SPAN[i + 1] & oppHi)) === 0 &&
        ((FRONT_SPAN[i] & ownLo) | (FRONT_SPAN[i + 1] & ownHi)) === 0
      ) {
        if (s < 32) pl |= 1 << s;
        else ph |= 1 << (s - 32);
      }
    }
  }
  pawnKeys[k] = wLo;
  pawnKeys[k + 1] = wHi;
  pawnKeys[k + 2] = bLo;
  pawnKeys[k + 3] = bHi;
  pawnMg[h] = mg;
  pawnEg[h] = eg;
  pawnPassed[h * 2] = pl;
  pawnPassed[h * 2 + 1] = ph;
  pMg = mg;
  pEg = eg;
  passLo = pl;
  passHi = ph;
}

/** Squares attacked by all pawns of colour c: [lo, hi] via shifts on the split board. */
let paLo = 0,
  paHi = 0;
function pawnAttacks(c: number, lo: number, hi: number): void {
  if (c === WHITE) {
    // up-left (+7) from files b..h, up-right (+9) from files a..g
    const l7 = lo & ~FILE_A,
      h7 = hi & ~FILE_A,
      l9 = lo & ~FILE_H,
      h9 = hi & ~FILE_H;
    paLo = (l7 << 7) | (l9 << 9);
    paHi = (h7 << 7) | (l7 >>> 25) | (h9 << 9) | (l9 >>> 23);
  } else {
    const l9 = lo & ~FILE_A,
      h9 = hi & ~FILE_A,
      l7 = lo & ~FILE_H,
      h7 = hi & ~FILE_H;
    paLo = (l9 >>> 9) | (h9 << 23) | (l7 >>> 7) | (h7 << 25);
    paHi = (h9 >>> 9) | (h7 >>> 7);
  }
}

const DARK = 0xaa55aa55 | 0;

export class HceEvaluator implements Evaluator {
  private readonly pawns = new PawnHash();

  evaluate(pos: Position): number {
    return evaluateHce(pos, this.pawns);
  }

  /** Forgets every cached pawn-structure score (needed after the weights in W change). */
  clearPawnHash(): void {
    this.pawns.keys.fill(-1);
  }
}

function evaluateHce(pos: Position, pawns: PawnHash): number {
  if (pos.isInsufficientMaterial()) return 0;
  const bb = pos.bb,
    board = pos.board;
  let phase =
    popcnt(bb[KNIGHT * 2]) +
    popcnt(bb[KNIGHT * 2 + 1]) +
    popcnt(bb[(8 | KNIGHT) * 2]) +
    popcnt(bb[(8 | KNIGHT) * 2 + 1]) +
    popcnt(bb[BISHOP * 2]) +
    popcnt(bb[BISHOP * 2 + 1]) +
    popcnt(bb[(8 | BISHOP) * 2]) +
    popcnt(bb[(8 | BISHOP) * 2 + 1]) +
    2 *
      (popcnt(bb[ROOK * 2]) + popcnt(bb[ROOK * 2 + 1]) + popcnt(bb[(8 | ROOK) * 2]) + popcnt(bb[(8 | ROOK) * 2 + 1])) +
    4 *
      (popcnt(bb[QUEEN * 2]) +
        popcnt(bb[QUEEN * 2 + 1]) +
        popcnt(bb[(8 | QUEEN) * 2]) +
        popcnt(bb[(8 | QUEEN) * 2 + 1]));
  if (phase > 24) phase = 24;

  const wpLo = bb[PAWN * 2],
    wpHi = bb[PAWN * 2 + 1],
    bpLo = bb[(8 | PAWN) * 2],
    bpHi = bb[(8 | PAWN) * 2 + 1];
  pawnStructure(pawns, wpLo, wpHi, bpLo, bpHi);
  let mg = pMg,
    eg = pEg;
  const passedLo = passLo,
    passedHi = passHi;

  const oLo = pos.occ[0] | pos.occ[2],
    oHi = pos.occ[1] | pos.occ[3];
  pawnAttacks(WHITE, wpLo, wpHi);
  const wpaLo = paLo,
    wpaHi = paHi;
  pawnAttacks(BLACK, bpLo, bpHi);
  const bpaLo = paLo,
    bpaHi = paHi;

  for (let c = 0; c < 2; c++) {
    const sign = c === WHITE ? 1 : -1,
      them = c ^ 1,
      cp = c << 3,
      tp = them << 3;
    const ownLo = pos.occ[c * 2],
      ownHi = pos.occ[c * 2 + 1];
    // Mobility area: not our own pieces, not squares attacked by enemy pawns.
    const areaLo = ~ownLo & ~(c === WHITE ? bpaLo : wpaLo),
      areaHi = ~ownHi & ~(c === WHITE ? bpaHi : wpaHi);
    const eksq = pos.kingSquare(them);
    const kzLo = KING_ZONE[(them * 64 + eksq) * 2],
      kzHi = KING_ZONE[(them * 64 + eksq) * 2 + 1];
    let attackers = 0,
      attackUnits = 0;
    let m = 0,
      e = 0;
    const ownPawnLo = bb[(cp | PAWN) * 2],
      ownPawnHi = bb[(cp | PAWN) * 2 + 1];
    const oppPawnLo = bb[(tp | PAWN) * 2],
      oppPawnHi = bb[(tp | PAWN) * 2 + 1];

    for (let type = KNIGHT; type <= QUEEN; type++) {
      let lo = bb[(cp | type) * 2],
        hi = bb[(cp | type) * 2 + 1];
      const psq = (cp | type) * 64;
      while ((lo | hi) !== 0) {
        let s: number;
        if (lo !== 0) {
          s = lsb(lo);
          lo &= lo - 1;
        } else {
          s = 32 + lsb(hi);
          hi &= hi - 1;
        }
        mg += PSQT_MG[psq + s];
        eg += PSQT_EG[psq + s];
        let aLo: number, aHi: number;
        if (type === KNIGHT) {
          aLo = KNIGHT_ATT[s * 2];
          aHi = KNIGHT_ATT[s * 2 + 1];
        } else if (type === BISHOP) {
          const i = bishopIdx(s, oLo, oHi);
          aLo = SLIDER_ATT[i];
          aHi = SLIDER_ATT[i + 1];
        } else if (type === ROOK) {
          const i = rookIdx(s, oLo, oHi);
          aLo = SLIDER_ATT[i];
          aHi = SLIDER_ATT[i + 1];
        } else {
          const i = bishopIdx(s, oLo, oHi),
            j = rookIdx(s, oLo, oHi);
          aLo = SLIDER_ATT[i] | SLIDER_ATT[j];
          aHi = SLIDER_ATT[i + 1] | SLIDER_ATT[j + 1];
        }
        const mob = popcnt(aLo & areaLo) + popcnt(aHi & areaHi);
        m += W.mobMg[type] * (mob - W.mobBase[type]);
        e += W.mobEg[type] * (mob - W.mobBase[type]);
        const z = popcnt(aLo & kzLo) + popcnt(aHi & kzHi);
        if (z > 0) {
          attackers++;
          attackUnits += z * W.kingAttackWeight[type];
        }
        if (type === ROOK) {
          const fm = FILE_MASK[s & 7];
          if (((ownPawnLo | ownPawnHi) & fm) === 0) {
            if (((oppPawnLo | oppPawnHi) & fm) === 0) {
              m += W.rookOpenMg;
              e += W.rookOpenEg;
            } else {
              m += W.rookSemiMg;
              e += W.rookSemiEg;
            }
          }
          const rel = c === WHITE ? s >> 3 : 7 - (s >> 3);
          if (rel === 6) {
            m += W.rookSeventhMg;
            e += W.rookSeventhEg;
          }
        }
      }
    }
    // Bishop pair.
    const bLo = bb[(cp | BISHOP) * 2],
      bHi = bb[(cp | BISHOP) * 2 + 1];
    if ((bLo & DARK) | (bHi & DARK)) {
      if ((bLo & ~DARK) | (bHi & ~DARK)) {
        m += W.bishopPairMg;
        e += W.bishopPairEg;
      }
    }

    // King safety: attacks on the enemy king zone, counted once at least two pieces join in.
    if (attackers >= 2) {
      const units = Math.min(attackUnits * attackers, 160);
      m += ((units * units) / W.kingDangerDiv) | 0;
    }
    // Threats: enemy pieces (not pawns) attacked by our pawns.
    const thrLo = (c === WHITE ? wpaLo : bpaLo) & pos.occ[them * 2] & ~oppPawnLo;
    const thrHi = (c === WHITE ? wpaHi : bpaHi) & pos.occ[them * 2 + 1] & ~oppPawnHi;
    const threats = popcnt(thrLo) + popcnt(thrHi);
    m += threats * W.pawnThreatMg;
    e += threats * W.pawnThreatEg;

    // Pawn shield in front of our own king (middlegame).
    const ksq = pos.kingSquare(c);
    mg += PSQT_MG[(cp | KING) * 64 + ksq];
    eg += PSQT_EG[(cp | KING) * 64 + ksq];
    const shieldLo = KING_ZONE[(c * 64 + ksq) * 2] & ownPawnLo,
      shieldHi = KING_ZONE[(c * 64 + ksq) * 2 + 1] & ownPawnHi;
    m += W.shieldMg * Math.min(3, popcnt(shieldLo) + popcnt(shieldHi));
    // Open files next to our king.
    const kf = ksq & 7;
    for (let f = Math.max(0, kf - 1); f <= Math.min(7, kf + 1); f++) {
      if (((ownPawnLo | ownPawnHi) & FILE_MASK[f]) === 0) m -= W.kingOpenFileMg;
    }

    // Passed pawns: bonus by rank, more when the path is free and the kings are placed well.
    let pLo = passedLo & ownPawnLo,
      pHi = passedHi & ownPawnHi;
    while ((pLo | pHi) !== 0) {
      let s: number;
      if (pLo !== 0) {
        s = lsb(pLo);
        pLo &= pLo - 1;
      } else {
        s = 32 + lsb(pHi);
        pHi &= pHi - 1;
      }
      const rel = c === WHITE ? s >> 3 : 7 - (s >> 3);
      m += W.passedMg[rel];
      e += W.passedEg[rel];
      const stop = s + (c === WHITE ? 8 : -8);
      if (stop >= 0 && stop < 64 && board[stop] === 0) e += W.passedFreeEg[rel];
      if (rel >= 3 && stop >= 0 && stop < 64) {
        const dOwn = Math.max(Math.abs((ksq & 7) - (stop & 7)), Math.abs((ksq >> 3) - (stop >> 3)));
        const dOpp = Math.max(Math.abs((eksq & 7) - (stop & 7)), Math.abs((eksq >> 3) - (stop >> 3)));
        e += (dOpp * 5 - dOwn * 2) * (rel - 2);
      }
    }
    mg += sign * m;
    eg += sign * e;
  }

  // Scale down endgames that are hard to win: opposite-coloured bishops, and no pawns left for
  // the side ahead with little extra material.
  let scale = 64;
  const strong = eg > 0 ? WHITE : BLACK;
  const strongPawns = popcnt(bb[pieceOf(strong, PAWN) * 2]) + popcnt(bb[pieceOf(strong, PAWN) * 2 + 1]);
  const wb = bb[BISHOP * 2] | bb[BISHOP * 2 + 1],
    bbb = bb[(8 | BISHOP) * 2] | bb[(8 | BISHOP) * 2 + 1];
  if (phase <= 2 && wb !== 0 && bbb !== 0) {
    const wDark = ((bb[BISHOP * 2] & DARK) | (bb[BISHOP * 2 + 1] & DARK)) !== 0;
    const bDark = ((bb[(8 | BISHOP) * 2] & DARK) | (bb[(8 | BISHOP) * 2 + 1] & DARK)) !== 0;
    const single =
      popcnt(bb[BISHOP * 2]) + popcnt(bb[BISHOP * 2 + 1]) === 1 &&
      popcnt(bb[(8 | BISHOP) * 2]) + popcnt(bb[(8 | BISHOP) * 2 + 1]) === 1;
    if (single && wDark !== bDark) scale = phase === 2 ? 32 : 40;
  }
  if (strongPawns === 0 && Math.abs(eg) < 400) scale = Math.min(scale, 16);

  const egScaled = (eg * scale) / 64;
  const score = ((mg * phase + egScaled * (24 - phase)) / 24) | 0;
  return (pos.stm === WHITE ? score : -score) + W.tempo;
}
