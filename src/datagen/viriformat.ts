// viriformat: the game-wise training-data format of Viridithas, bullet and Lozza, so Tessera's data
// also trains with bullet. All integers little-endian, squares a1 = 0 .. h8 = 63.
//   game   = PackedBoard (32 bytes, marlinformat) + (u16 move, i16 score)* + four zero bytes
//   board  = u64 occupancy, 32 4-bit pieces in occupancy-bit order (type 0..5 = P N B R Q K,
//            6 = a rook that can still castle, +8 for black), u8 (stm << 7 | ep square or 64),
//            u8 halfmove, u16 fullmove, i16 score, u8 result (0 black win, 1 draw, 2 white win), u8 unused
//   move   = from | to << 6 | promo (N B R Q = 0..3) << 12 | type (1 ep, 2 castle, 3 promo) << 14,
//            castling written king-takes-rook
//   score  = the search score of the position before the move, from WHITE's point of view
import { WHITE, BLACK, squareName } from '../core/bitboard';
import { ROOK, KING, PROMOTION, EN_PASSANT, CASTLING, moveKind, pieceOf } from '../core/types';
import { parseFen, placementFen } from '../core/fen';
import type { Position } from '../core/position';

export const HEADER_BYTES = 32;
export const RESULT_BLACK = 0,
  RESULT_DRAW = 1,
  RESULT_WHITE = 2;

// Tessera's move kinds (bits 14-15: 0 normal, 1 promotion, 2 en passant, 3 castling) <-> viriformat's.
const TO_VIRI = [0, 3, 1, 2];
const FROM_VIRI = [0, 2, 3, 1];

export function toViriMove(m: number): number {
  return (m & 0x3fff) | (TO_VIRI[m >>> 14] << 14);
}

/** The Tessera move for a viriformat move (not checked for legality). */
export function fromViriMove(v: number): number {
  const kind = FROM_VIRI[(v >>> 14) & 3] << 14;
  return (v & (kind === PROMOTION ? 0x3fff : 0xfff)) | kind;
}

/** Writes pos as a 32-byte PackedBoard at buf[off]. */
export function packBoard(pos: Position, score: number, result: number, buf: Uint8Array, off: number): void {
  const dv = new DataView(buf.buffer, buf.byteOffset + off, HEADER_BYTES);
  buf.fill(0, off, off + HEADER_BYTES);
  const lo = pos.occ[0] | pos.occ[2],
    hi = pos.occ[1] | pos.occ[3];
  dv.setInt32(0, lo, true);
  dv.setInt32(4, hi, true);
  let n = 0;
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.board[sq];
    if (!p) continue;
    let type = (p & 7) - 1;
    if ((p & 7) === ROOK) {
      for (let r = 0; r < 4; r++) {
        if (pos.castling & (1 << r) && pos.castleRookSq[r] === sq && r >> 1 === p >> 3) type = 6;
      }
    }
    const nib = type | ((p >> 3) << 3);
    buf[off + 8 + (n >> 1)] |= nib << ((n & 1) * 4);
    n++;
  }
  buf[off + 24] = (pos.stm << 7) | (pos.ep >= 0 ? pos.ep : 64);
  buf[off + 25] = Math.min(255, pos.halfmove);
  dv.setUint16(26, Math.min(65535, pos.fullmove), true);
  dv.setInt16(28, clampScore(score), true);
  buf[off + 30] = result;
}

export function clampScore(s: number): number {
  return Math.max(-32767, Math.min(32767, Math.round(s)));
}

export interface Header {
  fen: string;
  chess960: boolean;
  score: number;
  result: number;
}

/** Decodes a PackedBoard into a FEN (Shredder castling letters when not classical), or an error. */
export function unpackBoard(buf: Uint8Array, off: number): Header | string {
  if (off + HEADER_BYTES > buf.length) return 'truncated board';
  const dv = new DataView(buf.buffer, buf.byteOffset + off, HEADER_BYTES);
  const lo = dv.getUint32(0, true),
    hi = dv.getUint32(4, true);
  const board = new Uint8Array(64);
  const castleRooks: number[] = [];
  let n = 0;
  for (let sq = 0; sq < 64; sq++) {
    const bit = sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1;
    if (!bit) continue;
    if (n >= 32) return 'more than 32 pieces';
    const nib = (buf[off + 8 + (n >> 1)] >> ((n & 1) * 4)) & 15;
    n++;
    let type = (nib & 7) + 1;
    if (type === 8) return 'invalid piece type 7';
    if (type === 7) {
      type = ROOK;
      castleRooks.push(sq);
    }
    board[sq] = pieceOf(nib >> 3, type);
  }
  let wk = 0,
    bk = 0;
  for (let sq = 0; sq < 64; sq++) {
    if (board[sq] === KING) wk++;
    else if (board[sq] === (8 | KING)) bk++;
  }
  if (wk !== 1 || bk !== 1) return `${wk} white and ${bk} black kings`;
  const stm = buf[off + 24] >> 7,
    ep = buf[off + 24] & 127;
  if (ep !== 64 && (ep > 63 || ep >> 3 !== (stm === WHITE ? 5 : 2))) return `invalid en-passant square ${ep}`;
  const result = buf[off + 30];
  if (result > 2) return `invalid result ${result}`;
  const placement = placementFen(board);
  let castling = '';
  let chess960 = false;
  for (const color of [WHITE, BLACK]) {
    let ksq = -1;
    for (let sq = 0; sq < 64; sq++) if (board[sq] === pieceOf(color, KING)) ksq = sq;
    const rooks = castleRooks.filter((s) => board[s] >> 3 === color).sort((a, b) => b - a); // kingside first
    for (const s of rooks) {
      if (ksq < 0 || s >> 3 !== ksq >> 3) return "castling rook not on its king's rank";
      const f = s & 7;
      if ((ksq & 7) !== 4 || (f !== 0 && f !== 7)) chess960 = true;
      const ch = 'ABCDEFGH'[f];
      castling += color === WHITE ? ch : ch.toLowerCase();
    }
  }
  const fen = `${placement} ${stm === WHITE ? 'w' : 'b'} ${castling || '-'} ${ep < 64 ? squareName(ep) : '-'} ${buf[off + 25]} ${Math.max(1, dv.getUint16(26, true))}`;
  return { fen, chess960, score: dv.getInt16(28, true), result };
}

/** Collects one game's bytes: header, then (move, white-relative score) pairs, then the terminator. */
export class GameWriter {
  private buf = new Uint8Array(4096);
  private len = 0;
  positions = 0;

  begin(pos: Position): void {
    this.len = HEADER_BYTES;
    this.positions = 0;
    packBoard(pos, 0, RESULT_DRAW, this.buf, 0);
  }

  /** m: the move played from the current position; whiteScore: its search score for white. */
  add(m: number, whiteScore: number): void {
    if (this.len + 8 > this.buf.length) {
      const b = new Uint8Array(this.buf.length * 2);
      b.set(this.buf);
      this.buf = b;
    }
    const v = toViriMove(m),
      s = clampScore(whiteScore) & 0xffff;
    const b = this.buf,
      i = this.len;
    b[i] = v & 255;
    b[i + 1] = v >>> 8;
    b[i + 2] = s & 255;
    b[i + 3] = s >>> 8;
    this.len += 4;
    this.positions++;
  }

  /** The finished game with its result (RESULT_*). */
  finish(result: number): Uint8Array {
    this.buf[30] = result;
    const out = new Uint8Array(this.len + 4);
    out.set(this.buf.subarray(0, this.len));
    return out;
  }
}

/** One decoded game: its start, result and the (move, white score) pairs. */
export interface Game {
  header: Header;
  moves: Uint16Array;
  scores: Int16Array;
}

/**
 * Length in bytes of the complete games at the start of buf: a killed writer leaves a partial last
 * game (no terminator, or a cut header), which this leaves out.
 */
export function completeLength(buf: Uint8Array): number {
  return scanGames(buf).complete;
}

/**
 * Walks the games of buf: `complete` bytes of whole games, and `badAt`, the offset of a whole
 * 32-byte header that is not a valid board (-1 if none): such a file is not viriformat (or is
 * damaged), as opposed to one whose last game was merely cut short.
 */
export function scanGames(buf: Uint8Array): { complete: number; badAt: number } {
  let off = 0,
    good = 0;
  while (off + HEADER_BYTES <= buf.length) {
    if (typeof unpackBoard(buf, off) === 'string') return { complete: good, badAt: off };
    let i = off + HEADER_BYTES;
    let done = false;
    for (; i + 4 <= buf.length; i += 4) {
      if ((buf[i] | buf[i + 1] | buf[i + 2] | buf[i + 3]) === 0) {
        done = true;
        break;
      }
    }
    if (!done) break;
    off = i + 4;
    good = off;
  }
  return { complete: good, badAt: -1 };
}

/** Iterates over the complete games in buf (header decoding errors end the walk with an exception). */
export function* readGames(buf: Uint8Array): Generator<Game> {
  const end = completeLength(buf);
  let off = 0;
  while (off < end) {
    const header = unpackBoard(buf, off);
    if (typeof header === 'string') throw new Error(`game at byte ${off}: ${header}`);
    let i = off + HEADER_BYTES,
      n = 0;
    while ((buf[i + n * 4] | buf[i + n * 4 + 1] | buf[i + n * 4 + 2] | buf[i + n * 4 + 3]) !== 0) n++;
    const moves = new Uint16Array(n),
      scores = new Int16Array(n);
    for (let k = 0; k < n; k++, i += 4) {
      moves[k] = buf[i] | (buf[i + 1] << 8);
      scores[k] = ((buf[i + 2] | (buf[i + 3] << 8)) << 16) >> 16;
    }
    yield { header, moves, scores };
    off = i + 4;
  }
}

/** The position a header describes, or an error message. */
export function headerPosition(h: Header): Position | string {
  return parseFen(h.fen, h.chess960);
}

/** Is move m (legal in pos) a capture or a promotion? Such positions are usually filtered out of training. */
export function isTactical(pos: Position, m: number): boolean {
  const k = moveKind(m);
  if (k === PROMOTION || k === EN_PASSANT) return true;
  return k !== CASTLING && pos.board[(m >> 6) & 63] !== 0;
}
