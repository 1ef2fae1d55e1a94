// From piece squares to a table index: the symmetry reductions and combinatorial numbering of the Syzygy format.
//
// Pawnless tables use the 8-fold symmetry of the board: the first piece (or the two kings, "KK" encoding, when no
// other piece is unique) goes into the a1-d1-d4 triangle, then into the lower half of the diagonal. Pawn tables
// only mirror files: the leading pawn's file (a-d) picks one of four sub-tables. The remaining groups of like
// pieces are numbered as combinations of the squares still free.

export const TB_PIECES = 7; // the largest tables the format describes
export const PIECE_ENC = 0,
  FILE_ENC = 1;

const fileOf = (sq: number): number => sq & 7;
const rankOf = (sq: number): number => sq >> 3;

/** Sign of rank - file: 0 on the a1-h8 diagonal, 1 above it, -1 below. */
export const OFF_DIAG = new Int8Array(64);
/** Mirror across the a1-h8 diagonal. */
export const FLIP_DIAG = new Uint8Array(64);
/** The a1-d1-d4 triangle numbered 0..9 (off-diagonal squares first), extended by symmetry. */
export const TRIANGLE = new Uint8Array(64);
/** Squares below the diagonal 0..27, diagonal squares 28..35, extended by the diagonal mirror. */
export const LOWER = new Uint8Array(64);
/** a1..h8 numbered 0..7 (and h1..a8 as 8..15). */
export const DIAG = new Uint8Array(64);
/** Leading-pawn squares a2..d7 numbered 0..23 by file then rank (files mirrored). */
export const FLAP = new Uint8Array(64);
/** Order of the other leading pawns relative to the first. */
export const PAWN_TWIST = new Uint8Array(64);
/** KK_IDX[triangle of king 1][square of king 2]: the 462 legal king pairs, or -1. */
export const KK_IDX = new Int16Array(10 * 64);
/** BINOMIAL[k * 64 + n] = C(n, k). */
export const BINOMIAL = new Float64Array(8 * 64);
/** PAWN_IDX[k * 24 + flap]: first index for k+1 leading pawns whose first is on that flap square. */
export const PAWN_IDX = new Float64Array(6 * 24);
/** PAWN_FACTOR_FILE[k * 4 + file]: placements of k+1 leading pawns with the first on that file. */
export const PAWN_FACTOR_FILE = new Float64Array(6 * 4);

function initTables(): void {
  const triOrder = [
    6, 0, 1, 2, -1, -1, -1, -1, -1, 7, 3, 4, -1, -1, -1, -1, -1, -1, 8, 5, -1, -1, -1, -1, -1, -1, -1, 9,
  ];
  for (let sq = 0; sq < 64; sq++) {
    const f = fileOf(sq),
      r = rankOf(sq);
    OFF_DIAG[sq] = Math.sign(r - f);
    FLIP_DIAG[sq] = f * 8 + r;
    let tf = f > 3 ? 7 - f : f,
      tr = r > 3 ? 7 - r : r;
    if (tr > tf) {
      const x = tf;
      tf = tr;
      tr = x;
    }
    TRIANGLE[sq] = triOrder[tr * 8 + tf];
    DIAG[sq] = r === f ? f : r + f === 7 ? 8 + r : 0;
    if (r >= 1 && r <= 6) {
      const mf = Math.min(f, 7 - f);
      FLAP[sq] = mf * 6 + r - 1;
      PAWN_TWIST[sq] = (f < 4 ? 3 - f : f - 4) * 12 + (6 - r) * 2 + (f < 4 ? 1 : 0);
    }
  }
  let code = 0;
  for (let sq = 0; sq < 64; sq++)
    if (OFF_DIAG[sq] < 0) {
      LOWER[sq] = code;
      LOWER[FLIP_DIAG[sq]] = code;
      code++;
    }
  for (let i = 0; i < 8; i++) LOWER[i * 9] = 28 + i;

  // King pairs: first king in the triangle (b1 is 0), second not adjacent; with the first on the diagonal the
  // second stays on or below it, and pairs with both on the diagonal come last.
  KK_IDX.fill(-1);
  const both: [number, number][] = [];
  code = 0;
  for (let t = 0; t < 10; t++) {
    for (let s1 = 0; s1 < 64; s1++) {
      if (fileOf(s1) > 3 || rankOf(s1) > fileOf(s1) || TRIANGLE[s1] !== t) continue;
      for (let s2 = 0; s2 < 64; s2++) {
        if (Math.abs(fileOf(s1) - fileOf(s2)) <= 1 && Math.abs(rankOf(s1) - rankOf(s2)) <= 1) continue;
        if (OFF_DIAG[s1] === 0 && OFF_DIAG[s2] > 0) continue;
        if (OFF_DIAG[s1] === 0 && OFF_DIAG[s2] === 0) both.push([t, s2]);
        else KK_IDX[t * 64 + s2] = code++;
      }
    }
  }
  for (const [t, s2] of both) KK_IDX[t * 64 + s2] = code++;

  for (let k = 0; k < 8; k++) {
    for (let n = 0; n < 64; n++) {
      let f = 1,
        l = 1;
      for (let i = 0; i < k; i++) {
        f *= n - i;
        l *= i + 1;
      }
      BINOMIAL[k * 64 + n] = f / l;
    }
  }
  for (let k = 0; k < 6; k++) {
    let s = 0;
    for (let j = 0; j < 24; j++) {
      PAWN_IDX[k * 24 + j] = s;
      s += BINOMIAL[k * 64 + PAWN_TWIST[(1 + (j % 6)) * 8 + Math.floor(j / 6)]];
      if ((j + 1) % 6 === 0) {
        PAWN_FACTOR_FILE[k * 4 + Math.floor(j / 6)] = s;
        s = 0;
      }
    }
  }
}
initTables();

/** Shape of a table that the encoding depends on. */
export interface TableShape {
  num: number;
  hasPawns: boolean;
  kkEnc: boolean;
  /** Leading colour's pawns (the side with fewer, white on a tie), then the other colour's. */
  pawns0: number;
  pawns1: number;
}

/** How one sub-table numbers its positions: piece order, group sizes and each group's multiplier. */
export class EncInfo {
  readonly pieces = new Uint8Array(TB_PIECES);
  readonly norm = new Uint8Array(TB_PIECES);
  readonly factor = new Float64Array(TB_PIECES);
}

/** Placements of k like pieces on n squares: C(n, k). */
function subfactor(k: number, n: number): number {
  let f = n,
    l = 1;
  for (let i = 1; i < k; i++) {
    f *= n - i;
    l *= i + 1;
  }
  return f / l;
}

/**
 * Reads a sub-table's piece order from header bytes hdr (nibble `shift` of each byte) and sets up its numbering;
 * t is the leading pawn's file for pawn tables. Returns the number of positions of the sub-table.
 */
export function initEncInfo(
  ei: EncInfo,
  s: TableShape,
  hdr: Uint8Array,
  shift: number,
  t: number,
  enc: number,
): number {
  const morePawns = enc !== PIECE_ENC && s.pawns1 > 0 ? 1 : 0;
  for (let i = 0; i < s.num; i++) {
    ei.pieces[i] = (hdr[i + 1 + morePawns] >> shift) & 0x0f;
    ei.norm[i] = 0;
  }
  const order = (hdr[0] >> shift) & 0x0f;
  const order2 = morePawns ? (hdr[1] >> shift) & 0x0f : 0x0f;
  let k = enc !== PIECE_ENC ? s.pawns0 : s.kkEnc ? 2 : 3;
  ei.norm[0] = k;
  if (morePawns) {
    ei.norm[k] = s.pawns1;
    k += s.pawns1;
  }
  for (let i = k; i < s.num; i += ei.norm[i]) {
    for (let j = i; j < s.num && ei.pieces[j] === ei.pieces[i]; j++) ei.norm[i]++;
  }
  // Groups are multiplied in the order the header gives, so the leading group need not vary slowest.
  let n = 64 - k,
    f = 1;
  for (let i = 0; k < s.num || i === order || i === order2; i++) {
    if (i === order) {
      ei.factor[0] = f;
      f *= enc === FILE_ENC ? PAWN_FACTOR_FILE[(ei.norm[0] - 1) * 4 + t] : s.kkEnc ? 462 : 31332;
    } else if (i === order2) {
      ei.factor[ei.norm[0]] = f;
      f *= subfactor(ei.norm[ei.norm[0]], 48 - ei.norm[0]);
    } else {
      if (ei.norm[k] === 0) throw new Error('bad piece order'); // would never advance; caught as a bad table
      ei.factor[k] = f;
      f *= subfactor(ei.norm[k], n);
      n -= ei.norm[k];
      k += ei.norm[k];
    }
    if (i > 2 * TB_PIECES) throw new Error('bad piece order');
  }
  return f;
}

/** Sorts p[from..to) ascending by key(p). */
function sortBy(p: Int32Array, from: number, to: number, key: (sq: number) => number, desc: boolean): void {
  for (let i = from + 1; i < to; i++) {
    const x = p[i],
      kx = key(x);
    let j = i - 1;
    while (j >= from && (desc ? key(p[j]) < kx : key(p[j]) > kx)) {
      p[j + 1] = p[j];
      j--;
    }
    p[j + 1] = x;
  }
}
const ident = (sq: number): number => sq;
const twist = (sq: number): number => PAWN_TWIST[sq];

/** Moves the leading pawn (lowest FLAP) to p[0]; returns its file 0..3, the pawn sub-table. */
export function leadingPawn(p: Int32Array, s: TableShape): number {
  for (let i = 1; i < s.pawns0; i++) {
    if (FLAP[p[0]] > FLAP[p[i]]) {
      const x = p[0];
      p[0] = p[i];
      p[i] = x;
    }
  }
  const f = p[0] & 7;
  return f > 3 ? 7 - f : f;
}

/** Index of the position whose piece squares (in ei.pieces order) are p; p is reordered and mirrored. */
/**
 * Index of the sorted group p[k..t) among the squares the pieces before it leave free: a sum of binomials, each
 * square lowered by the earlier pieces below it and by `offset` (8 for pawns, whose first rank is never used).
 */
function groupIndex(p: Int32Array, k: number, t: number, offset: number): number {
  let sum = 0;
  for (let i = k; i < t; i++) {
    const sq = p[i];
    let skips = 0;
    for (let j = 0; j < k; j++) if (sq > p[j]) skips++;
    sum += BINOMIAL[(i - k + 1) * 64 + sq - skips - offset];
  }
  return sum;
}

export function encode(p: Int32Array, ei: EncInfo, s: TableShape, enc: number): number {
  const n = s.num;
  let idx: number, k: number;
  if (p[0] & 0x04) for (let i = 0; i < n; i++) p[i] ^= 0x07; // first piece onto files a-d

  if (enc === PIECE_ENC) {
    if (p[0] & 0x20) for (let i = 0; i < n; i++) p[i] ^= 0x38; // onto ranks 1-4
    // The first piece off the diagonal decides the diagonal mirror, if it is one of the leading group.
    for (let i = 0; i < n; i++) {
      if (OFF_DIAG[p[i]] !== 0) {
        if (OFF_DIAG[p[i]] > 0 && i < (s.kkEnc ? 2 : 3)) for (let j = 0; j < n; j++) p[j] = FLIP_DIAG[p[j]];
        break;
      }
    }
    if (s.kkEnc) {
      idx = KK_IDX[TRIANGLE[p[0]] * 64 + p[1]];
      k = 2;
    } else {
      const s1 = p[1] > p[0] ? 1 : 0;
      const s2 = (p[2] > p[0] ? 1 : 0) + (p[2] > p[1] ? 1 : 0);
      if (OFF_DIAG[p[0]] !== 0) {
        idx = TRIANGLE[p[0]] * 63 * 62 + (p[1] - s1) * 62 + (p[2] - s2);
      } else if (OFF_DIAG[p[1]] !== 0) {
        idx = 6 * 63 * 62 + DIAG[p[0]] * 28 * 62 + LOWER[p[1]] * 62 + p[2] - s2;
      } else if (OFF_DIAG[p[2]] !== 0) {
        idx = 6 * 63 * 62 + 4 * 28 * 62 + DIAG[p[0]] * 7 * 28 + (DIAG[p[1]] - s1) * 28 + LOWER[p[2]];
      } else {
        idx = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + DIAG[p[0]] * 7 * 6 + (DIAG[p[1]] - s1) * 6 + (DIAG[p[2]] - s2);
      }
      k = 3;
    }
    idx *= ei.factor[0];
  } else {
    sortBy(p, 1, s.pawns0, twist, true);
    k = s.pawns0;
    idx = PAWN_IDX[(k - 1) * 24 + FLAP[p[0]]];
    for (let i = 1; i < k; i++) idx += BINOMIAL[(k - i) * 64 + PAWN_TWIST[p[i]]];
    idx *= ei.factor[0];
    // The other colour's pawns: combinations of ranks 2-7 minus the squares the leading pawns hold.
    if (s.pawns1) {
      const t = k + s.pawns1;
      sortBy(p, k, t, ident, false);
      idx += groupIndex(p, k, t, 8) * ei.factor[k];
      k = t;
    }
  }

  while (k < n) {
    const t = k + ei.norm[k];
    sortBy(p, k, t, ident, false);
    idx += groupIndex(p, k, t, 0) * ei.factor[k];
    k = t;
  }
  return idx;
}
