// Pieces, moves and castling-right constants shared by the core.

// Piece types; a piece is (colour << 3) | type, so white pieces are 1..6 and black 9..14.
export const PAWN = 1,
  KNIGHT = 2,
  BISHOP = 3,
  ROOK = 4,
  QUEEN = 5,
  KING = 6;
export const NO_PIECE = 0;
export const pieceOf = (color: number, type: number): number => (color << 3) | type;
export const typeOf = (piece: number): number => piece & 7;
export const PIECE_CHARS = ' PNBRQK  pnbrqk';

// Moves are integers: from (bits 0-5), to (6-11), promotion piece (12-13: N,B,R,Q), kind (14-15).
// Castling is encoded king-from -> rook-square, which makes Chess960 castling uniform.
export const NORMAL = 0,
  PROMOTION = 1 << 14,
  EN_PASSANT = 2 << 14,
  CASTLING = 3 << 14;
export const MOVE_NONE = 0;
export const moveFrom = (m: number): number => m & 63;
export const moveTo = (m: number): number => (m >> 6) & 63;
export const moveKind = (m: number): number => m & (3 << 14);
export const promoType = (m: number): number => ((m >> 12) & 3) + KNIGHT;
/**
 * Where castling puts the king and the rook of `color`: the g or c file, and the f or d file, of its back rank,
 * whatever their start squares (Chess960 alike). A castling move is king-from -> rook-square, so the king side is
 * moveTo(m) > moveFrom(m).
 */
export const castlingKingTo = (color: number, kingSide: boolean): number => color * 56 + (kingSide ? 6 : 2);
export const castlingRookTo = (color: number, kingSide: boolean): number => color * 56 + (kingSide ? 5 : 3);
export const makeMove = (from: number, to: number): number => from | (to << 6);
export const makePromo = (from: number, to: number, type: number): number =>
  from | (to << 6) | ((type - KNIGHT) << 12) | PROMOTION;

// Castling rights: bit r for right r (0 white kingside, 1 white queenside, 2 and 3 black's); r indexes per-right tables.

export const MAX_MOVES = 256; // room for any legal position's moves
export const MAX_PLY = 246; // search depth limit (fits a score margin under mate)
