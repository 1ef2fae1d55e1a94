// Bitboards as two 32-bit halves: lo holds a1..h4 (squares 0..31), hi holds a5..h8 (32..63).
// Tables store a set as two consecutive Int32 entries [lo, hi]; no BigInt anywhere.
import { ROOK_MAGICS, BISHOP_MAGICS } from './magics';

export const WHITE = 0;
export const BLACK = 1;

export function popcnt(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero 32-bit word. */
export function lsb(x: number): number {
  return 31 - Math.clz32(x & -x);
}

export const squareName = (sq: number): string => 'abcdefgh'[sq & 7] + String((sq >> 3) + 1);
export function parseSquare(s: string): number {
  if (s.length !== 2) return -1;
  const f = s.charCodeAt(0) - 97,
    r = s.charCodeAt(1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : -1;
}

export const KNIGHT_ATT = new Int32Array(128);
export const KING_ATT = new Int32Array(128);
/** PAWN_ATT[(color * 64 + sq) * 2 + half]: squares a pawn of `color` on sq attacks. */
export const PAWN_ATT = new Int32Array(256);
/** BETWEEN[(a * 64 + b) * 2 + half]: squares strictly between a and b on a line, else empty. */
export const BETWEEN = new Int32Array(64 * 64 * 2);
/** LINE[(a * 64 + b) * 2 + half]: the whole line through a and b (both included), else empty. */
export const LINE = new Int32Array(64 * 64 * 2);

export const ROOK_MASK = new Int32Array(128);
export const BISHOP_MASK = new Int32Array(128);
const ROOK_SHIFT = new Uint8Array(64);
const BISHOP_SHIFT = new Uint8Array(64);
const ROOK_OFF = new Int32Array(64);
const BISHOP_OFF = new Int32Array(64);
/** Slider attack sets for rooks and bishops, pairs [lo, hi]; index with rookIdx/bishopIdx. */
export let SLIDER_ATT = new Int32Array(0);
/** Empty-board rook/bishop attacks, for pin detection. */
export const ROOK_EMPTY = new Int32Array(128);
export const BISHOP_EMPTY = new Int32Array(128);

/** Index into SLIDER_ATT of the rook attacks from sq given occupancy (lo, hi). */
export function rookIdx(sq: number, lo: number, hi: number): number {
  const s2 = sq << 1;
  return (
    (ROOK_OFF[sq] +
      ((Math.imul(lo & ROOK_MASK[s2], ROOK_MAGICS[s2]) ^ Math.imul(hi & ROOK_MASK[s2 + 1], ROOK_MAGICS[s2 + 1])) >>>
        ROOK_SHIFT[sq])) <<
    1
  );
}

export function bishopIdx(sq: number, lo: number, hi: number): number {
  const s2 = sq << 1;
  return (
    (BISHOP_OFF[sq] +
      ((Math.imul(lo & BISHOP_MASK[s2], BISHOP_MAGICS[s2]) ^
        Math.imul(hi & BISHOP_MASK[s2 + 1], BISHOP_MAGICS[s2 + 1])) >>>
        BISHOP_SHIFT[sq])) <<
    1
  );
}

const ROOK_DIRS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const BISHOP_DIRS = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

function setBit(t: Int32Array, i: number, sq: number): void {
  if (sq < 32) t[i] |= 1 << sq;
  else t[i + 1] |= 1 << (sq - 32);
}

/** Squares a slider on sq reaches along dirs, stopping at (and including) blockers. */
function slideSquares(
  sq: number,
  dirs: number[][],
  occLo: number,
  occHi: number,
  edges: boolean,
  out: Int32Array,
  i: number,
): void {
  const r0 = sq >> 3,
    f0 = sq & 7;
  for (let d = 0; d < dirs.length; d++) {
    const dr = dirs[d][0],
      df = dirs[d][1];
    let r = r0 + dr,
      f = f0 + df;
    while (r >= 0 && r < 8 && f >= 0 && f < 8) {
      if (!edges && !(r + dr >= 0 && r + dr < 8 && f + df >= 0 && f + df < 8)) break;
      const t = r * 8 + f;
      setBit(out, i, t);
      if (((t < 32 ? occLo >>> t : occHi >>> (t - 32)) & 1) !== 0) break;
      r += dr;
      f += df;
    }
  }
}

function initSliders(
  dirs: number[][],
  mask: Int32Array,
  shift: Uint8Array,
  off: Int32Array,
  magics: Int32Array,
  empty: Int32Array,
  start: number,
  table: Int32Array | null,
): number {
  let total = start;
  for (let sq = 0; sq < 64; sq++) {
    mask[sq * 2] = 0;
    mask[sq * 2 + 1] = 0;
    empty[sq * 2] = 0;
    empty[sq * 2 + 1] = 0;
    slideSquares(sq, dirs, 0, 0, false, mask, sq * 2);
    slideSquares(sq, dirs, 0, 0, true, empty, sq * 2);
    shift[sq] = 32 - (popcnt(mask[sq * 2]) + popcnt(mask[sq * 2 + 1]));
    off[sq] = total;
    const n = 1 << (popcnt(mask[sq * 2]) + popcnt(mask[sq * 2 + 1]));
    if (table) {
      // Enumerate every subset of the mask, half by half (carry-rippler trick).
      const mLo = mask[sq * 2],
        mHi = mask[sq * 2 + 1],
        kLo = magics[sq * 2],
        kHi = magics[sq * 2 + 1],
        sh = shift[sq];
      let lo = 0;
      do {
        let hi = 0;
        do {
          const idx = (total + ((Math.imul(lo, kLo) ^ Math.imul(hi, kHi)) >>> sh)) * 2;
          table[idx] = 0;
          table[idx + 1] = 0;
          slideSquares(sq, dirs, lo, hi, true, table, idx);
          hi = (hi - mHi) & mHi;
        } while (hi !== 0);
        lo = (lo - mLo) & mLo;
      } while (lo !== 0);
    }
    total += n;
  }
  return total;
}

let ready = false;

/** Builds the attack tables; called before the first position is set up (keeps startup fast). */
export function initTables(): void {
  if (ready) return;
  ready = true;
  for (let sq = 0; sq < 64; sq++) {
    const r = sq >> 3,
      f = sq & 7;
    for (const [dr, df] of [
      [1, 2],
      [2, 1],
      [-1, 2],
      [-2, 1],
      [1, -2],
      [2, -1],
      [-1, -2],
      [-2, -1],
    ]) {
      if (r + dr >= 0 && r + dr < 8 && f + df >= 0 && f + df < 8) setBit(KNIGHT_ATT, sq * 2, (r + dr) * 8 + f + df);
    }
    for (let dr = -1; dr <= 1; dr++)
      for (let df = -1; df <= 1; df++) {
        if ((dr || df) && r + dr >= 0 && r + dr < 8 && f + df >= 0 && f + df < 8)
          setBit(KING_ATT, sq * 2, (r + dr) * 8 + f + df);
      }
    for (const c of [WHITE, BLACK]) {
      const rr = r + (c === WHITE ? 1 : -1);
      if (rr < 0 || rr > 7) continue;
      if (f > 0) setBit(PAWN_ATT, (c * 64 + sq) * 2, rr * 8 + f - 1);
      if (f < 7) setBit(PAWN_ATT, (c * 64 + sq) * 2, rr * 8 + f + 1);
    }
  }
  // Size both tables first, then fill one shared array: rook sets then bishop sets.
  const rookEnd = initSliders(ROOK_DIRS, ROOK_MASK, ROOK_SHIFT, ROOK_OFF, ROOK_MAGICS, ROOK_EMPTY, 0, null);
  const end = initSliders(
    BISHOP_DIRS,
    BISHOP_MASK,
    BISHOP_SHIFT,
    BISHOP_OFF,
    BISHOP_MAGICS,
    BISHOP_EMPTY,
    rookEnd,
    null,
  );
  SLIDER_ATT = new Int32Array(end * 2);
  initSliders(ROOK_DIRS, ROOK_MASK, ROOK_SHIFT, ROOK_OFF, ROOK_MAGICS, ROOK_EMPTY, 0, SLIDER_ATT);
  initSliders(BISHOP_DIRS, BISHOP_MASK, BISHOP_SHIFT, BISHOP_OFF, BISHOP_MAGICS, BISHOP_EMPTY, rookEnd, SLIDER_ATT);

  for (let a = 0; a < 64; a++) {
    for (const dirs of [ROOK_DIRS, BISHOP_DIRS])
      for (const [dr, df] of dirs) {
        const ray: number[] = [];
        let r = (a >> 3) + dr,
          f = (a & 7) + df;
        while (r >= 0 && r < 8 && f >= 0 && f < 8) {
          const b = r * 8 + f;
          const i = (a * 64 + b) * 2;
          for (const t of ray) setBit(BETWEEN, i, t);
          // The full line: walk both ways from a.
          setBit(LINE, i, a);
          slideSquares(
            a,
            [
              [dr, df],
              [-dr, -df],
            ],
            0,
            0,
            true,
            LINE,
            i,
          );
          ray.push(b);
          r += dr;
          f += df;
        }
      }
  }
}
