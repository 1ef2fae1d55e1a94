// Polyglot opening books (.bin): 16-byte entries sorted by a 64-bit position key (key, move, weight, learn, all
// big-endian). The key is Polyglot's own Zobrist hash (keys.ts), not the engine's. Lookup is a binary search over
// the bytes as given: nothing is copied or expanded, so a 3 MB book costs 3 MB.
import { POLYGLOT_RANDOM } from './keys';
import { parseUciMove } from '../core/notation';
import type { Position } from '../core/position';
import { MOVE_NONE, PAWN, pieceOf, typeOf } from '../core/types';
import { WHITE } from '../core/bitboard';

const ENTRY = 16;

/** Polyglot's piece index: black pawn 0, white pawn 1, black knight 2, ... white king 11. */
function kindOf(piece: number): number {
  return 2 * (typeOf(piece) - 1) + (piece >> 3 === WHITE ? 1 : 0);
}

/**
 * The file of the en-passant key: set when the last move was a double pawn push and a pawn of the side to move
 * stands beside the pushed pawn, whether or not the capture would be legal (Polyglot's rule, unlike FEN's).
 */
function epFile(pos: Position): number {
  if (pos.ep >= 0) return pos.ep & 7;
  if (pos.sp === 0) return -1; // a FEN root whose en-passant square was dropped as unusable: not knowable here
  const m = pos.stMove[pos.sp - 1];
  if (m === 0 || typeOf(pos.stPiece[pos.sp - 1]) !== PAWN) return -1;
  const from = m & 63,
    to = (m >> 6) & 63;
  if (Math.abs(to - from) !== 16) return -1;
  const ours = pieceOf(pos.stm, PAWN),
    f = to & 7;
  if ((f > 0 && pos.board[to - 1] === ours) || (f < 7 && pos.board[to + 1] === ours)) return f;
  return -1;
}

/** The Polyglot key of a position, as [high, low] unsigned 32-bit halves. */
export function polyglotKey(pos: Position): [number, number] {
  let hi = 0,
    lo = 0;
  const R = POLYGLOT_RANDOM;
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.board[sq];
    if (p === 0) continue;
    const i = (64 * kindOf(p) + sq) * 2;
    hi ^= R[i];
    lo ^= R[i + 1];
  }
  // Castling rights in the engine's order (white O-O, white O-O-O, black O-O, black O-O-O) are Polyglot's too.
  for (let r = 0; r < 4; r++)
    if (pos.castling & (1 << r)) {
      hi ^= R[(768 + r) * 2];
      lo ^= R[(768 + r) * 2 + 1];
    }
  const f = epFile(pos);
  if (f >= 0) {
    hi ^= R[(772 + f) * 2];
    lo ^= R[(772 + f) * 2 + 1];
  }
  if (pos.stm === WHITE) {
    hi ^= R[780 * 2];
    lo ^= R[780 * 2 + 1];
  }
  return [hi >>> 0, lo >>> 0];
}

export interface BookMove {
  move: number;
  uci: string;
  weight: number;
}

/** A Polyglot move field as UCI text: castling is king-takes-rook (e1h1), which the engine's parser accepts. */
function moveText(raw: number): string {
  const to = raw & 63,
    from = (raw >> 6) & 63,
    promo = (raw >> 12) & 7;
  const sq = (s: number): string => 'abcdefgh'[s & 7] + String((s >> 3) + 1);
  return sq(from) + sq(to) + (promo >= 1 && promo <= 4 ? 'nbrq'[promo - 1] : '');
}

export class PolyglotBook {
  private readonly view: DataView;
  readonly entries: number;

  private constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.entries = bytes.byteLength / ENTRY;
  }

  /** Parses book bytes; a string says what is wrong (empty, not whole entries, keys out of order). */
  static parse(bytes: Uint8Array): PolyglotBook | string {
    if (bytes.byteLength === 0) return 'the file is empty';
    if (bytes.byteLength % ENTRY !== 0) return `${bytes.byteLength} bytes is not a whole number of 16-byte entries`;
    const b = new PolyglotBook(bytes);
    // Binary search needs sorted keys: check them all (a few ms for a large book).
    for (let i = 1; i < b.entries; i++) {
      if (b.compare(i, b.hiAt(i - 1), b.loAt(i - 1)) < 0) return `entries are not sorted by key (entry ${i})`;
    }
    return b;
  }

  private hiAt(i: number): number {
    return this.view.getUint32(i * ENTRY);
  }
  private loAt(i: number): number {
    return this.view.getUint32(i * ENTRY + 4);
  }

  /** Sign of entry i's key minus (hi, lo), unsigned. */
  private compare(i: number, hi: number, lo: number): number {
    const h = this.hiAt(i);
    if (h !== hi) return h < hi ? -1 : 1;
    const l = this.loAt(i);
    return l === lo ? 0 : l < lo ? -1 : 1;
  }

  /** The book's legal moves for pos with non-zero weight, in book order. */
  lookup(pos: Position): BookMove[] {
    const [hi, lo] = polyglotKey(pos);
    let a = 0,
      z = this.entries;
    while (a < z) {
      const mid = (a + z) >>> 1;
      if (this.compare(mid, hi, lo) < 0) a = mid + 1;
      else z = mid;
    }
    const out: BookMove[] = [];
    for (let i = a; i < this.entries && this.compare(i, hi, lo) === 0; i++) {
      const raw = this.view.getUint16(i * ENTRY + 8),
        weight = this.view.getUint16(i * ENTRY + 10);
      if (raw === 0 || weight === 0) continue;
      const move = parseUciMove(pos, moveText(raw));
      // A key collision or a bad entry: never play a move that is not legal here.
      if (move === MOVE_NONE || out.some((x) => x.move === move)) continue;
      out.push({ move, uci: moveText(raw), weight });
    }
    return out;
  }

  /** A book move: the heaviest (best) or one drawn with probability proportional to its weight. */
  pick(pos: Position, best: boolean, random: () => number = Math.random): { choice: BookMove; total: number } | null {
    const moves = this.lookup(pos);
    if (moves.length === 0) return null;
    const total = moves.reduce((s, m) => s + m.weight, 0);
    if (best) return { choice: moves.reduce((a, m) => (m.weight > a.weight ? m : a)), total };
    let r = random() * total;
    for (const m of moves) {
      r -= m.weight;
      if (r < 0) return { choice: m, total };
    }
    return { choice: moves[moves.length - 1], total };
  }
}
