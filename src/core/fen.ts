// FEN parsing with precise errors (which field, what is wrong) and FEN output.
// Castling accepts standard KQkq, X-FEN (KQkq meaning the outermost rook, or a file letter) and
// Shredder-FEN (file letters, e.g. HAha).
import { WHITE, BLACK, squareName, parseSquare } from './bitboard';
import { PAWN, KING, ROOK, PIECE_CHARS, pieceOf } from './types';
import { Position } from './position';
import { clip } from './clip';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Parses a FEN into a new Position, or returns an error message. Never throws. */
export function parseFen(fen: string, chess960 = false): Position | string {
  const fields = fen.trim().split(/\s+/);
  if (fields.length === 1 && fields[0] === '') return 'empty FEN';
  if (fields.length < 4 || fields.length > 6) {
    return `FEN has ${fields.length} field${fields.length === 1 ? '' : 's'}, expected 4 to 6 (board, side, castling, en passant, halfmove, fullmove)`;
  }
  const [placement, side, castling, ep, half = '0', full = '1'] = fields;
  const pos = new Position();
  pos.clear();

  // Field 1: piece placement, rank 8 first.
  const ranks = placement.split('/');
  if (ranks.length !== 8) return `FEN board has ${ranks.length} ranks, expected 8`;
  for (let i = 0; i < 8; i++) {
    const rank = 7 - i;
    let file = 0;
    for (const ch of ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
        continue;
      }
      const piece = PIECE_CHARS.indexOf(ch);
      if (piece <= 0 || ch === ' ') return `FEN board has an invalid piece letter '${ch}' on rank ${rank + 1}`;
      if (file > 7) return `FEN rank ${rank + 1} has more than 8 squares`;
      pos.putPiece(piece, rank * 8 + file);
      file++;
    }
    if (file !== 8) return `FEN rank ${rank + 1} has ${file} squares, expected 8`;
  }
  for (const c of [WHITE, BLACK]) {
    const name = c === WHITE ? 'white' : 'black';
    let kings = 0;
    for (let sq = 0; sq < 64; sq++) if (pos.board[sq] === pieceOf(c, KING)) kings++;
    if (kings !== 1) return `FEN board has ${kings} ${name} kings, expected 1`;
  }
  for (let f = 0; f < 8; f++) {
    if ((pos.board[f] & 7) === PAWN || (pos.board[56 + f] & 7) === PAWN)
      return 'FEN board has a pawn on the first or last rank';
  }

  // Field 2: side to move.
  if (side !== 'w' && side !== 'b') return `FEN side to move is '${clip(side, 10)}', expected 'w' or 'b'`;
  pos.stm = side === 'w' ? WHITE : BLACK;
  const them = pos.stm ^ 1;
  const oLo = pos.occ[0] | pos.occ[2],
    oHi = pos.occ[1] | pos.occ[3];
  if (pos.isAttacked(pos.kingSquare(them), pos.stm, oLo, oHi)) {
    return `FEN is illegal: ${them === WHITE ? 'white' : 'black'} is in check but it is ${side === 'w' ? 'white' : 'black'} to move`;
  }

  // Field 3: castling rights.
  if (castling !== '-') {
    for (const ch of castling) {
      const lower = ch.toLowerCase();
      const color = ch === lower ? BLACK : WHITE;
      const backRank = color === WHITE ? 0 : 56;
      const ksq = pos.kingSquare(color);
      const rook = pieceOf(color, ROOK);
      if ((ksq & 56) !== backRank)
        return `FEN castling right '${ch}' but the ${color === WHITE ? 'white' : 'black'} king is not on its first rank`;
      let rookSq = -1;
      if (lower === 'k') {
        for (let f = 7; f > (ksq & 7); f--)
          if (pos.board[backRank + f] === rook) {
            rookSq = backRank + f;
            break;
          }
      } else if (lower === 'q') {
        for (let f = 0; f < (ksq & 7); f++)
          if (pos.board[backRank + f] === rook) {
            rookSq = backRank + f;
            break;
          }
      } else if (lower >= 'a' && lower <= 'h') {
        const f = lower.charCodeAt(0) - 97;
        if (pos.board[backRank + f] === rook && f !== (ksq & 7)) rookSq = backRank + f;
      } else {
        return `FEN castling field has an invalid character '${ch}'`;
      }
      if (rookSq < 0) return `FEN castling right '${ch}' has no matching rook`;
      const r = color * 2 + (rookSq > ksq ? 0 : 1);
      if (pos.castling & (1 << r)) return `FEN castling field gives right '${ch}' twice`;
      pos.addCastlingRight(r, rookSq);
      if ((ksq & 7) !== 4 || ((rookSq & 7) !== 0 && (rookSq & 7) !== 7)) chess960 = true;
    }
  }
  pos.chess960 = chess960;

  // Field 4: en passant target square.
  if (ep !== '-') {
    const sq = parseSquare(ep);
    if (sq < 0) return `FEN en-passant field '${clip(ep, 10)}' is not a square`;
    const expectRank = pos.stm === WHITE ? 5 : 2;
    const pawnSq = sq + (pos.stm === WHITE ? -8 : 8),
      fromSq = sq + (pos.stm === WHITE ? 8 : -8);
    if (sq >> 3 !== expectRank) return `FEN en-passant square ${ep} is on the wrong rank for the side to move`;
    if (pos.board[pawnSq] !== pieceOf(them, PAWN) || pos.board[sq] !== 0 || pos.board[fromSq] !== 0) {
      return `FEN en-passant square ${ep} does not follow a double pawn push`;
    }
    pos.ep = sq;
  }

  // Fields 5 and 6: move counters (optional).
  if (!/^\d+$/.test(half)) return `FEN halfmove clock '${clip(half, 10)}' is not a non-negative integer`;
  if (!/^\d+$/.test(full)) return `FEN fullmove number '${clip(full, 10)}' is not a non-negative integer`;
  pos.halfmove = Math.min(Number(half), 10000);
  pos.fullmove = Math.max(1, Math.min(Number(full), 100000));

  // Check info first (ep legality needs pins), then keep ep only if a legal capture exists.
  pos.updateCheckInfo();
  if (pos.ep >= 0 && !pos.hasLegalEp(pos.ep)) pos.ep = -1;
  const checkers = pos.checkersLo | pos.checkersHi;
  if (checkers !== 0) {
    let n = 0;
    for (let x = pos.checkersLo; x; x &= x - 1) n++;
    for (let x = pos.checkersHi; x; x &= x - 1) n++;
    if (n > 2) return `FEN is illegal: the side to move is in check by ${n} pieces`;
  }
  pos.finishSetup();
  return pos;
}

/** FEN's first field for a mailbox board (board[sq] = piece, 0 empty). */
export function placementFen(board: ArrayLike<number>): string {
  let s = '';
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[rank * 8 + f];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) {
        s += empty;
        empty = 0;
      }
      s += PIECE_CHARS[p];
    }
    if (empty) s += empty;
    if (rank) s += '/';
  }
  return s;
}

export function toFen(pos: Position): string {
  const s = placementFen(pos.board);
  let c = '';
  for (let r = 0; r < 4; r++) {
    if (!(pos.castling & (1 << r))) continue;
    const color = r >> 1,
      rsq = pos.castleRookSq[r],
      back = color === WHITE ? 0 : 56;
    // Use K/Q when the rook is the outermost on its side (standard and X-FEN), else its file.
    let outer = true;
    const rook = pieceOf(color, ROOK);
    if ((r & 1) === 0) {
      for (let f = (rsq & 7) + 1; f < 8; f++) if (pos.board[back + f] === rook) outer = false;
    } else {
      for (let f = 0; f < (rsq & 7); f++) if (pos.board[back + f] === rook) outer = false;
    }
    let ch = outer ? ((r & 1) === 0 ? 'K' : 'Q') : 'ABCDEFGH'[rsq & 7];
    if (color === BLACK) ch = ch.toLowerCase();
    c += ch;
  }
  const ep = pos.ep >= 0 ? squareName(pos.ep) : '-';
  return `${s} ${pos.stm === WHITE ? 'w' : 'b'} ${c || '-'} ${ep} ${pos.halfmove} ${pos.fullmove}`;
}
