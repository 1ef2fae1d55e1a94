// Move notation: UCI long algebraic and SAN, in and out. Not on the search's hot path.
import { squareName, parseSquare } from './bitboard';
import {
  PAWN,
  KING,
  CASTLING,
  PROMOTION,
  EN_PASSANT,
  MOVE_NONE,
  MAX_MOVES,
  moveFrom,
  moveTo,
  moveKind,
  promoType,
  typeOf,
  castlingKingTo,
} from './types';
import { generateMoves, GEN_ALL } from './movegen';
import type { Position } from './position';

const PROMO_CHARS = '  nbrq';
const SAN_PIECES = '  NBRQK';

/** Destination of the king for a castling move. */
function castleKingTo(pos: Position, m: number): number {
  return castlingKingTo(pos.stm, moveTo(m) > moveFrom(m));
}

/** UCI text of a move: king-takes-rook castling in Chess960 mode, e1g1 style otherwise. */
export function moveToUci(pos: Position, m: number): string {
  if (m === MOVE_NONE) return '0000';
  const from = moveFrom(m);
  let to = moveTo(m);
  if (moveKind(m) === CASTLING && !pos.chess960) to = castleKingTo(pos, m);
  let s = squareName(from) + squareName(to);
  if (moveKind(m) === PROMOTION) s += PROMO_CHARS[promoType(m)];
  return s;
}

function legalList(pos: Position): Int32Array {
  const list = new Int32Array(MAX_MOVES);
  const n = generateMoves(pos, list, 0, GEN_ALL);
  return list.subarray(0, n);
}

const uciScratch = new Int32Array(MAX_MOVES);

/**
 * Finds the legal move written in UCI notation; MOVE_NONE if it is not legal here.
 * Castling is accepted both as king-to-target (outside Chess960 mode) and as king-takes-rook.
 * Called for every move of every `position` command: it compares squares against the generated legal moves
 * rather than rendering each move as text.
 */
export function parseUciMove(pos: Position, text: string): number {
  const s = text.trim().toLowerCase();
  if (s.length < 4 || s.length > 5) return MOVE_NONE;
  const from = parseSquare(s.slice(0, 2)),
    to = parseSquare(s.slice(2, 4));
  if (from < 0 || to < 0) return MOVE_NONE;
  const promo = s.length === 5 ? PROMO_CHARS.indexOf(s[4]) : 0;
  if (promo < 0 || (s.length === 5 && promo < 2)) return MOVE_NONE;
  const n = generateMoves(pos, uciScratch, 0, GEN_ALL);
  for (let i = 0; i < n; i++) {
    const m = uciScratch[i];
    if (moveFrom(m) !== from) continue;
    const kind = moveKind(m);
    if (kind === CASTLING) {
      if (promo === 0 && (to === moveTo(m) || (!pos.chess960 && to === castleKingTo(pos, m)))) return m;
      continue;
    }
    if (moveTo(m) !== to) continue;
    if ((kind === PROMOTION ? promoType(m) : 0) === promo) return m;
  }
  return MOVE_NONE;
}

/** SAN without the check suffix. */
function sanBody(pos: Position, m: number, legal: Int32Array): string {
  const from = moveFrom(m),
    to = moveTo(m),
    kind = moveKind(m);
  if (kind === CASTLING) return to > from ? 'O-O' : 'O-O-O';
  const type = typeOf(pos.board[from]);
  const capture = kind === EN_PASSANT || pos.board[to] !== 0;
  let s = '';
  if (type === PAWN) {
    if (capture) s += 'abcdefgh'[from & 7] + 'x';
    s += squareName(to);
    if (kind === PROMOTION) s += '=' + SAN_PIECES[promoType(m)];
    return s;
  }
  s += SAN_PIECES[type];
  if (type !== KING) {
    // Disambiguate by file, then rank, then both.
    let others = 0,
      sameFile = 0,
      sameRank = 0;
    for (const o of legal) {
      if (o === m || moveTo(o) !== to || moveKind(o) === CASTLING) continue;
      const of = moveFrom(o);
      if (typeOf(pos.board[of]) !== type) continue;
      others++;
      if ((of & 7) === (from & 7)) sameFile++;
      if (of >> 3 === from >> 3) sameRank++;
    }
    if (others > 0) {
      if (sameFile === 0) s += 'abcdefgh'[from & 7];
      else if (sameRank === 0) s += String((from >> 3) + 1);
      else s += squareName(from);
    }
  }
  if (capture) s += 'x';
  return s + squareName(to);
}

export function moveToSan(pos: Position, m: number): string {
  const legal = legalList(pos);
  let s = sanBody(pos, m, legal);
  pos.make(m);
  if (pos.inCheck()) s += legalList(pos).length === 0 ? '#' : '+';
  pos.unmake(m);
  return s;
}

/**
 * A line of UCI moves from pos in SAN, pos walked and restored; it stops at the first move that is not legal where it
 * stands (a line from a search of another position).
 */
export function uciLineToSan(pos: Position, line: readonly string[]): string[] {
  const out: string[] = [];
  const made: number[] = [];
  for (const u of line) {
    const m = parseUciMove(pos, u);
    if (m === MOVE_NONE) break;
    out.push(moveToSan(pos, m));
    pos.make(m);
    made.push(m);
  }
  for (let i = made.length - 1; i >= 0; i--) pos.unmake(made[i]);
  return out;
}

const SAN_RE = /^([NBRQK])?([a-h])?([1-8])?(x|:)?([a-h][1-8])(=?([NBRQnbrq]))?$/;

/** Finds the legal move written in SAN (lenient: extra disambiguation, 0-0, missing '='). */
export function parseSan(pos: Position, text: string): number {
  let s = text
    .trim()
    .replace(/[+#!?]+$/, '')
    .replace(/e\.?p\.?$/, '');
  if (s === '0-0') s = 'O-O';
  if (s === '0-0-0') s = 'O-O-O';
  const legal = legalList(pos);
  if (s === 'O-O' || s === 'O-O-O') {
    for (const m of legal) if (moveKind(m) === CASTLING && sanBody(pos, m, legal) === s) return m;
    return MOVE_NONE;
  }
  const g = SAN_RE.exec(s);
  if (!g) return MOVE_NONE;
  const type = g[1] ? SAN_PIECES.indexOf(g[1]) : PAWN;
  const fromFile = g[2] ? g[2].charCodeAt(0) - 97 : -1;
  const fromRank = g[3] ? g[3].charCodeAt(0) - 49 : -1;
  const to = (g[5].charCodeAt(1) - 49) * 8 + (g[5].charCodeAt(0) - 97);
  const promo = g[7] ? PROMO_CHARS.indexOf(g[7].toLowerCase()) : 0;
  let found = MOVE_NONE;
  for (const m of legal) {
    if (moveKind(m) === CASTLING || moveTo(m) !== to) continue;
    const from = moveFrom(m);
    if (typeOf(pos.board[from]) !== type) continue;
    if (fromFile >= 0 && (from & 7) !== fromFile) continue;
    if (fromRank >= 0 && from >> 3 !== fromRank) continue;
    if ((moveKind(m) === PROMOTION ? promoType(m) : 0) !== promo) continue;
    if (found !== MOVE_NONE) return MOVE_NONE; // ambiguous
    found = m;
  }
  return found;
}

/** Parses a move in either notation (UCI first, then SAN). */
export function parseMove(pos: Position, text: string): number {
  const m = parseUciMove(pos, text);
  return m !== MOVE_NONE ? m : parseSan(pos, text);
}

/** The moves of a line from pos in UCI notation, walked on pos itself (castling notation depends on it) and undone. */
export function lineToUci(pos: Position, moves: readonly number[]): string[] {
  const out: string[] = [];
  let k = 0;
  for (; k < moves.length; k++) {
    out.push(moveToUci(pos, moves[k]));
    pos.make(moves[k]);
  }
  while (k-- > 0) pos.unmake(moves[k]);
  return out;
}
