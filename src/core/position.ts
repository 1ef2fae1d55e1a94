// The board: piece bitboards, mailbox, incremental Zobrist key, check info, and make/unmake over a
// preallocated state stack (no allocation per move).
import {
  KNIGHT_ATT,
  KING_ATT,
  PAWN_ATT,
  BETWEEN,
  SLIDER_ATT,
  ROOK_EMPTY,
  BISHOP_EMPTY,
  rookIdx,
  bishopIdx,
  popcnt,
  lsb,
  WHITE,
  BLACK,
  initTables,
} from './bitboard';
import {
  PAWN,
  KNIGHT,
  BISHOP,
  ROOK,
  QUEEN,
  KING,
  NO_PIECE,
  PROMOTION,
  EN_PASSANT,
  CASTLING,
  moveFrom,
  moveTo,
  moveKind,
  promoType,
  castlingKingTo,
  castlingRookTo,
} from './types';
import { ZOB_PSQ, ZOB_CASTLE, ZOB_EP, ZOB_SIDE_LO, ZOB_SIDE_HI } from './zobrist';

/** Plies of history the state stack holds (game moves plus search path). */
export const STACK_SIZE = 4096;

export class Position {
  /** bb[piece * 2 + half]: squares of each piece (colour << 3 | type). */
  readonly bb = new Int32Array(32);
  /** occ[color * 2 + half] */
  readonly occ = new Int32Array(4);
  readonly board = new Uint8Array(64);
  stm = WHITE;
  castling = 0;
  /** En-passant target square, or -1; set only when a legal en-passant capture exists. */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  keyLo = 0;
  keyHi = 0;
  /** npKey[colour]: the low Zobrist words of that colour's pieces other than pawns (king included), XORed. */
  readonly npKey = new Int32Array(2);
  checkersLo = 0;
  checkersHi = 0;
  /** Pieces of the side to move pinned to their own king. */
  pinnedLo = 0;
  pinnedHi = 0;
  chess960 = false;

  // Castling geometry per right index (0: white O-O, 1: white O-O-O, 2: black O-O, 3: black O-O-O).
  readonly castleRookSq = new Int8Array([-1, -1, -1, -1]);
  /** Squares that must be empty to castle (king and castling rook excluded). */
  readonly castlePath = new Int32Array(8);
  /** Squares the king crosses, its destination included, which must not be attacked. */
  readonly castleWalk = new Int32Array(8);
  /** castleMask[sq]: rights kept when a move touches sq. */
  readonly castleMask = new Uint8Array(64).fill(15);

  /** Number of moves made since the root position was set up; indexes the state stack. */
  sp = 0;
  readonly stCaptured = new Uint8Array(STACK_SIZE);
  readonly stCastling = new Uint8Array(STACK_SIZE);
  readonly stEp = new Int8Array(STACK_SIZE);
  readonly stHalfmove = new Int32Array(STACK_SIZE);
  readonly stCheckers = new Int32Array(STACK_SIZE * 2);
  readonly stPinned = new Int32Array(STACK_SIZE * 2);
  /** Key of the position after sp moves; used for repetition detection. */
  readonly histLo = new Int32Array(STACK_SIZE + 1);
  readonly histHi = new Int32Array(STACK_SIZE + 1);
  readonly stMove = new Int32Array(STACK_SIZE);
  /** The piece each move moved (0 for a null move): what the network's lazy updates need. */
  readonly stPiece = new Uint8Array(STACK_SIZE);
  /**
   * Stack index of the first position after the latest null move (0: none). A repetition scan stops there:
   * null, x, null, x⁻¹ is not a repetition (Stockfish's pliesFromNull). Only makeNull/unmakeNull change it.
   */
  lastNull = 0;
  readonly stLastNull = new Int32Array(STACK_SIZE);

  constructor() {
    initTables();
  }

  // ---------- setup helpers (not hot) ----------

  clear(): void {
    this.bb.fill(0);
    this.occ.fill(0);
    this.board.fill(0);
    this.stm = WHITE;
    this.castling = 0;
    this.ep = -1;
    this.halfmove = 0;
    this.fullmove = 1;
    this.castleRookSq.fill(-1);
    this.castlePath.fill(0);
    this.castleWalk.fill(0);
    this.castleMask.fill(15);
    this.sp = 0;
    this.chess960 = false;
    this.lastNull = 0;
  }

  putPiece(piece: number, sq: number): void {
    this.board[sq] = piece;
    const h = sq >> 5,
      bit = 1 << (sq & 31);
    this.bb[piece * 2 + h] |= bit;
    this.occ[(piece >> 3) * 2 + h] |= bit;
  }

  /** Records castling right r with its rook on rookSq (king must already be placed). */
  addCastlingRight(r: number, rookSq: number): void {
    const color = r >> 1;
    const ksq = this.kingSquare(color);
    const kTo = castlingKingTo(color, (r & 1) === 0),
      rTo = castlingRookTo(color, (r & 1) === 0);
    this.castling |= 1 << r;
    this.castleRookSq[r] = rookSq;
    this.castleMask[ksq] &= ~(color === WHITE ? 3 : 12);
    this.castleMask[rookSq] &= ~(1 << r);
    let pLo = 0,
      pHi = 0;
    const add = (a: number, b: number): void => {
      pLo |= BETWEEN[(a * 64 + b) * 2];
      pHi |= BETWEEN[(a * 64 + b) * 2 + 1];
      if (b < 32) pLo |= 1 << b;
      else pHi |= 1 << (b - 32);
    };
    add(ksq, kTo);
    add(rookSq, rTo);
    // The king and the castling rook themselves may stand on the path.
    for (const s of [ksq, rookSq]) {
      if (s < 32) pLo &= ~(1 << s);
      else pHi &= ~(1 << (s - 32));
    }
    this.castlePath[r * 2] = pLo;
    this.castlePath[r * 2 + 1] = pHi;
    let wLo = BETWEEN[(ksq * 64 + kTo) * 2],
      wHi = BETWEEN[(ksq * 64 + kTo) * 2 + 1];
    // The destination is always tested, even when the king does not move (Chess960).
    if (kTo < 32) wLo |= 1 << kTo;
    else wHi |= 1 << (kTo - 32);
    this.castleWalk[r * 2] = wLo;
    this.castleWalk[r * 2 + 1] = wHi;
  }

  /** Computes key, check info and history entry from scratch after setup. */
  finishSetup(): void {
    let lo = 0,
      hi = 0;
    this.npKey.fill(0);
    for (let sq = 0; sq < 64; sq++) {
      const p = this.board[sq];
      if (p) {
        lo ^= ZOB_PSQ[(p * 64 + sq) * 2];
        hi ^= ZOB_PSQ[(p * 64 + sq) * 2 + 1];
        if ((p & 7) !== PAWN) this.npKey[p >> 3] ^= ZOB_PSQ[(p * 64 + sq) * 2];
      }
    }
    lo ^= ZOB_CASTLE[this.castling * 2];
    hi ^= ZOB_CASTLE[this.castling * 2 + 1];
    if (this.ep >= 0) {
      lo ^= ZOB_EP[(this.ep & 7) * 2];
      hi ^= ZOB_EP[(this.ep & 7) * 2 + 1];
    }
    if (this.stm === BLACK) {
      lo ^= ZOB_SIDE_LO;
      hi ^= ZOB_SIDE_HI;
    }
    this.keyLo = lo;
    this.keyHi = hi;
    this.sp = 0;
    this.histLo[0] = lo;
    this.histHi[0] = hi;
    this.updateCheckInfo();
  }

  copyFrom(o: Position): void {
    this.bb.set(o.bb);
    this.occ.set(o.occ);
    this.board.set(o.board);
    this.stm = o.stm;
    this.castling = o.castling;
    this.ep = o.ep;
    this.halfmove = o.halfmove;
    this.fullmove = o.fullmove;
    this.keyLo = o.keyLo;
    this.keyHi = o.keyHi;
    this.npKey.set(o.npKey);
    this.checkersLo = o.checkersLo;
    this.checkersHi = o.checkersHi;
    this.pinnedLo = o.pinnedLo;
    this.pinnedHi = o.pinnedHi;
    this.chess960 = o.chess960;
    this.castleRookSq.set(o.castleRookSq);
    this.castlePath.set(o.castlePath);
    this.castleWalk.set(o.castleWalk);
    this.castleMask.set(o.castleMask);
    this.sp = o.sp;
    const n = o.sp;
    this.stCaptured.set(o.stCaptured.subarray(0, n));
    this.stCastling.set(o.stCastling.subarray(0, n));
    this.stEp.set(o.stEp.subarray(0, n));
    this.stHalfmove.set(o.stHalfmove.subarray(0, n));
    this.stCheckers.set(o.stCheckers.subarray(0, 2 * n));
    this.stPinned.set(o.stPinned.subarray(0, 2 * n));
    this.histLo.set(o.histLo.subarray(0, n + 1));
    this.histHi.set(o.histHi.subarray(0, n + 1));
    this.stMove.set(o.stMove.subarray(0, n));
    this.stPiece.set(o.stPiece.subarray(0, n));
    this.lastNull = o.lastNull;
    this.stLastNull.set(o.stLastNull.subarray(0, n));
  }

  // ---------- queries ----------

  kingSquare(color: number): number {
    const i = ((color << 3) | KING) * 2;
    const lo = this.bb[i];
    return lo !== 0 ? lsb(lo) : 32 + lsb(this.bb[i + 1]);
  }

  inCheck(): boolean {
    return (this.checkersLo | this.checkersHi) !== 0;
  }

  /** Pieces on the board, kings included (what a tablebase's size counts). */
  pieceCount(): number {
    return popcnt(this.occ[0] | this.occ[2]) + popcnt(this.occ[1] | this.occ[3]);
  }

  /** Is sq attacked by `by` given occupancy (oLo, oHi)? */
  isAttacked(sq: number, by: number, oLo: number, oHi: number): boolean {
    const bb = this.bb,
      s2 = sq << 1,
      b = by << 4;
    if ((KNIGHT_ATT[s2] & bb[b + KNIGHT * 2]) | (KNIGHT_ATT[s2 + 1] & bb[b + KNIGHT * 2 + 1])) return true;
    const pa = ((by ^ 1) * 64 + sq) * 2;
    if ((PAWN_ATT[pa] & bb[b + PAWN * 2]) | (PAWN_ATT[pa + 1] & bb[b + PAWN * 2 + 1])) return true;
    if ((KING_ATT[s2] & bb[b + KING * 2]) | (KING_ATT[s2 + 1] & bb[b + KING * 2 + 1])) return true;
    const qLo = bb[b + QUEEN * 2],
      qHi = bb[b + QUEEN * 2 + 1];
    let i = rookIdx(sq, oLo, oHi);
    if ((SLIDER_ATT[i] & (bb[b + ROOK * 2] | qLo)) | (SLIDER_ATT[i + 1] & (bb[b + ROOK * 2 + 1] | qHi))) return true;
    i = bishopIdx(sq, oLo, oHi);
    return ((SLIDER_ATT[i] & (bb[b + BISHOP * 2] | qLo)) | (SLIDER_ATT[i + 1] & (bb[b + BISHOP * 2 + 1] | qHi))) !== 0;
  }

  /** Sets checkers and pinned for the side to move. */
  updateCheckInfo(): void {
    const bb = this.bb,
      us = this.stm,
      them = us ^ 1,
      b = them << 4;
    const ksq = this.kingSquare(us),
      k2 = ksq << 1;
    const oLo = this.occ[0] | this.occ[2],
      oHi = this.occ[1] | this.occ[3];
    const pa = (us * 64 + ksq) * 2;
    let cLo = (KNIGHT_ATT[k2] & bb[b + KNIGHT * 2]) | (PAWN_ATT[pa] & bb[b + PAWN * 2]);
    let cHi = (KNIGHT_ATT[k2 + 1] & bb[b + KNIGHT * 2 + 1]) | (PAWN_ATT[pa + 1] & bb[b + PAWN * 2 + 1]);
    const qLo = bb[b + QUEEN * 2],
      qHi = bb[b + QUEEN * 2 + 1];
    const rqLo = bb[b + ROOK * 2] | qLo,
      rqHi = bb[b + ROOK * 2 + 1] | qHi;
    const bqLo = bb[b + BISHOP * 2] | qLo,
      bqHi = bb[b + BISHOP * 2 + 1] | qHi;
    // Snipers: enemy sliders that would hit the king on an empty board.
    let sLo = (ROOK_EMPTY[k2] & rqLo) | (BISHOP_EMPTY[k2] & bqLo);
    let sHi = (ROOK_EMPTY[k2 + 1] & rqHi) | (BISHOP_EMPTY[k2 + 1] & bqHi);
    let pLo = 0,
      pHi = 0;
    const uLo = this.occ[us * 2],
      uHi = this.occ[us * 2 + 1];
    while ((sLo | sHi) !== 0) {
      let s: number;
      if (sLo !== 0) {
        s = lsb(sLo);
        sLo &= sLo - 1;
      } else {
        s = 32 + lsb(sHi);
        sHi &= sHi - 1;
      }
      const bi = (ksq * 64 + s) * 2;
      const btLo = BETWEEN[bi] & oLo,
        btHi = BETWEEN[bi + 1] & oHi;
      const n = popcnt(btLo) + popcnt(btHi);
      if (n === 0) {
        if (s < 32) cLo |= 1 << s;
        else cHi |= 1 << (s - 32);
      } else if (n === 1) {
        pLo |= btLo & uLo;
        pHi |= btHi & uHi;
      }
    }
    this.checkersLo = cLo;
    this.checkersHi = cHi;
    this.pinnedLo = pLo;
    this.pinnedHi = pHi;
  }

  /**
   * Would the side to move capturing en passant from `from` onto `epSq` leave its king safe?
   * Rare, so it simply re-tests the king with the three changed squares.
   */
  epLegal(from: number, epSq: number): boolean {
    const us = this.stm,
      them = us ^ 1;
    const capSq = epSq + (us === WHITE ? -8 : 8);
    let oLo = this.occ[0] | this.occ[2],
      oHi = this.occ[1] | this.occ[3];
    if (from < 32) oLo ^= 1 << from;
    else oHi ^= 1 << (from - 32);
    if (capSq < 32) oLo ^= 1 << capSq;
    else oHi ^= 1 << (capSq - 32);
    if (epSq < 32) oLo |= 1 << epSq;
    else oHi |= 1 << (epSq - 32);
    const ksq = this.kingSquare(us),
      k2 = ksq << 1,
      bb = this.bb,
      b = them << 4;
    // Knight or pawn checks (other than by the captured pawn) are not resolved by this capture.
    const pa = (us * 64 + ksq) * 2;
    let pLo = bb[b + PAWN * 2],
      pHi = bb[b + PAWN * 2 + 1];
    if (capSq < 32) pLo &= ~(1 << capSq);
    else pHi &= ~(1 << (capSq - 32));
    if ((KNIGHT_ATT[k2] & bb[b + KNIGHT * 2]) | (KNIGHT_ATT[k2 + 1] & bb[b + KNIGHT * 2 + 1])) return false;
    if ((PAWN_ATT[pa] & pLo) | (PAWN_ATT[pa + 1] & pHi)) return false;
    const qLo = bb[b + QUEEN * 2],
      qHi = bb[b + QUEEN * 2 + 1];
    let i = rookIdx(ksq, oLo, oHi);
    if ((SLIDER_ATT[i] & (bb[b + ROOK * 2] | qLo)) | (SLIDER_ATT[i + 1] & (bb[b + ROOK * 2 + 1] | qHi))) return false;
    i = bishopIdx(ksq, oLo, oHi);
    return ((SLIDER_ATT[i] & (bb[b + BISHOP * 2] | qLo)) | (SLIDER_ATT[i + 1] & (bb[b + BISHOP * 2 + 1] | qHi))) === 0;
  }

  /**
   * Does legal move m give check? Computed before the move is made, so the search can spare checking moves from
   * pruning without making every move: direct checks by the moved piece (the rook when castling, the new piece when
   * promoting) and discovered checks by our sliders through the vacated squares (en passant's captured pawn included).
   */
  givesCheck(m: number): boolean {
    const us = this.stm,
      bb = this.bb,
      b = us << 4,
      board = this.board;
    const from = moveFrom(m),
      kind = moveKind(m);
    const ksq = this.kingSquare(us ^ 1);
    let oLo = this.occ[0] | this.occ[2],
      oHi = this.occ[1] | this.occ[3];
    let rqLo = bb[b + ROOK * 2] | bb[b + QUEEN * 2],
      rqHi = bb[b + ROOK * 2 + 1] | bb[b + QUEEN * 2 + 1];
    let bqLo = bb[b + BISHOP * 2] | bb[b + QUEEN * 2],
      bqHi = bb[b + BISHOP * 2 + 1] | bb[b + QUEEN * 2 + 1];
    let pt = board[from] & 7,
      dest = moveTo(m);
    // Lift the moving piece (a slider there must not count as a discoverer).
    if (from < 32) {
      oLo &= ~(1 << from);
      rqLo &= ~(1 << from);
      bqLo &= ~(1 << from);
    } else {
      oHi &= ~(1 << (from - 32));
      rqHi &= ~(1 << (from - 32));
      bqHi &= ~(1 << (from - 32));
    }
    if (kind === CASTLING) {
      const rookSq = dest;
      const kTo = castlingKingTo(us, rookSq > from);
      dest = castlingRookTo(us, rookSq > from);
      pt = ROOK;
      if (rookSq < 32) {
        oLo &= ~(1 << rookSq);
        rqLo &= ~(1 << rookSq);
      } else {
        oHi &= ~(1 << (rookSq - 32));
        rqHi &= ~(1 << (rookSq - 32));
      }
      if (kTo < 32) oLo |= 1 << kTo;
      else oHi |= 1 << (kTo - 32);
    } else {
      if (kind === PROMOTION) pt = promoType(m);
      else if (kind === EN_PASSANT) {
        const cap = dest + (us === WHITE ? -8 : 8);
        if (cap < 32) oLo &= ~(1 << cap);
        else oHi &= ~(1 << (cap - 32));
      }
    }
    if (dest < 32) oLo |= 1 << dest;
    else oHi |= 1 << (dest - 32);
    const kLo = ksq < 32 ? 1 << ksq : 0,
      kHi = ksq < 32 ? 0 : 1 << (ksq - 32);
    // Direct check from the destination.
    const d2 = dest << 1;
    switch (pt) {
      case PAWN: {
        const pa = (us * 64 + dest) * 2;
        if ((PAWN_ATT[pa] & kLo) | (PAWN_ATT[pa + 1] & kHi)) return true;
        break;
      }
      case KNIGHT:
        if ((KNIGHT_ATT[d2] & kLo) | (KNIGHT_ATT[d2 + 1] & kHi)) return true;
        break;
      case BISHOP: {
        const i = bishopIdx(dest, oLo, oHi);
        if ((SLIDER_ATT[i] & kLo) | (SLIDER_ATT[i + 1] & kHi)) return true;
        break;
      }
      case ROOK: {
        const i = rookIdx(dest, oLo, oHi);
        if ((SLIDER_ATT[i] & kLo) | (SLIDER_ATT[i + 1] & kHi)) return true;
        break;
      }
      case QUEEN: {
        let i = rookIdx(dest, oLo, oHi);
        if ((SLIDER_ATT[i] & kLo) | (SLIDER_ATT[i + 1] & kHi)) return true;
        i = bishopIdx(dest, oLo, oHi);
        if ((SLIDER_ATT[i] & kLo) | (SLIDER_ATT[i + 1] & kHi)) return true;
        break;
      }
      default:
        break;
    }
    // Discovered check: a slider of ours (other than the moved piece) now sees the king. Only when something left a
    // line to the king can this change, so test that cheaply first.
    const k2 = ksq << 1;
    const lineLo = ROOK_EMPTY[k2] | BISHOP_EMPTY[k2],
      lineHi = ROOK_EMPTY[k2 + 1] | BISHOP_EMPTY[k2 + 1];
    const fromOnLine = from < 32 ? (lineLo >>> from) & 1 : (lineHi >>> (from - 32)) & 1;
    if (!fromOnLine && kind !== EN_PASSANT && kind !== CASTLING) return false;
    let i = rookIdx(ksq, oLo, oHi);
    if ((SLIDER_ATT[i] & rqLo) | (SLIDER_ATT[i + 1] & rqHi)) return true;
    i = bishopIdx(ksq, oLo, oHi);
    return ((SLIDER_ATT[i] & bqLo) | (SLIDER_ATT[i + 1] & bqHi)) !== 0;
  }

  /** True when the side to move has a legal en-passant capture onto epSq. */
  hasLegalEp(epSq: number): boolean {
    const us = this.stm;
    const pa = ((us ^ 1) * 64 + epSq) * 2;
    let lo = PAWN_ATT[pa] & this.bb[((us << 3) | PAWN) * 2];
    let hi = PAWN_ATT[pa + 1] & this.bb[((us << 3) | PAWN) * 2 + 1];
    while ((lo | hi) !== 0) {
      let s: number;
      if (lo !== 0) {
        s = lsb(lo);
        lo &= lo - 1;
      } else {
        s = 32 + lsb(hi);
        hi &= hi - 1;
      }
      if (this.epLegal(s, epSq)) return true;
    }
    return false;
  }

  // ---------- make / unmake ----------

  private movePiece(piece: number, from: number, to: number): void {
    const bb = this.bb,
      occ = this.occ,
      c2 = (piece >> 3) * 2,
      p2 = piece * 2;
    if (from < 32) {
      bb[p2] ^= 1 << from;
      occ[c2] ^= 1 << from;
    } else {
      bb[p2 + 1] ^= 1 << (from - 32);
      occ[c2 + 1] ^= 1 << (from - 32);
    }
    if (to < 32) {
      bb[p2] ^= 1 << to;
      occ[c2] ^= 1 << to;
    } else {
      bb[p2 + 1] ^= 1 << (to - 32);
      occ[c2 + 1] ^= 1 << (to - 32);
    }
    this.board[from] = NO_PIECE;
    this.board[to] = piece;
    const zf = (piece * 64 + from) * 2,
      zt = (piece * 64 + to) * 2;
    this.keyLo ^= ZOB_PSQ[zf] ^ ZOB_PSQ[zt];
    this.keyHi ^= ZOB_PSQ[zf + 1] ^ ZOB_PSQ[zt + 1];
    // Undone by unmake's own moves and toggles (the main key is restored from history instead).
    if ((piece & 7) !== PAWN) this.npKey[piece >> 3] ^= ZOB_PSQ[zf] ^ ZOB_PSQ[zt];
  }

  private togglePiece(piece: number, sq: number): void {
    const c2 = (piece >> 3) * 2,
      p2 = piece * 2;
    if (sq < 32) {
      this.bb[p2] ^= 1 << sq;
      this.occ[c2] ^= 1 << sq;
    } else {
      this.bb[p2 + 1] ^= 1 << (sq - 32);
      this.occ[c2 + 1] ^= 1 << (sq - 32);
    }
    const z = (piece * 64 + sq) * 2;
    this.keyLo ^= ZOB_PSQ[z];
    this.keyHi ^= ZOB_PSQ[z + 1];
    if ((piece & 7) !== PAWN) this.npKey[piece >> 3] ^= ZOB_PSQ[z];
  }

  /** Saves what a move or a null move overwrites and cannot undo by itself, in stack slot sp. */
  private saveState(sp: number): void {
    this.stCastling[sp] = this.castling;
    this.stEp[sp] = this.ep;
    this.stHalfmove[sp] = this.halfmove;
    this.stCheckers[sp * 2] = this.checkersLo;
    this.stCheckers[sp * 2 + 1] = this.checkersHi;
    this.stPinned[sp * 2] = this.pinnedLo;
    this.stPinned[sp * 2 + 1] = this.pinnedHi;
  }

  /** Restores what saveState kept in slot sp, and the key of the position there. */
  private restoreState(sp: number): void {
    this.castling = this.stCastling[sp];
    this.ep = this.stEp[sp];
    this.halfmove = this.stHalfmove[sp];
    this.checkersLo = this.stCheckers[sp * 2];
    this.checkersHi = this.stCheckers[sp * 2 + 1];
    this.pinnedLo = this.stPinned[sp * 2];
    this.pinnedHi = this.stPinned[sp * 2 + 1];
    // The key is restored from history rather than re-derived: cheaper and exact.
    this.keyLo = this.histLo[sp];
    this.keyHi = this.histHi[sp];
  }

  make(m: number): void {
    const sp = this.sp;
    this.saveState(sp);
    this.stMove[sp] = m;

    const us = this.stm,
      from = moveFrom(m),
      to = moveTo(m),
      kind = moveKind(m);
    const piece = this.board[from];
    this.stPiece[sp] = piece;
    let captured = NO_PIECE;
    if (this.ep >= 0) {
      this.keyLo ^= ZOB_EP[(this.ep & 7) * 2];
      this.keyHi ^= ZOB_EP[(this.ep & 7) * 2 + 1];
      this.ep = -1;
    }
    this.halfmove++;

    if (kind === CASTLING) {
      const rook = this.board[to];
      const kTo = castlingKingTo(us, to > from),
        rTo = castlingRookTo(us, to > from);
      // Lift both pieces first: in Chess960 the squares may overlap.
      this.togglePiece(piece, from);
      this.togglePiece(rook, to);
      this.board[from] = NO_PIECE;
      this.board[to] = NO_PIECE;
      this.togglePiece(piece, kTo);
      this.togglePiece(rook, rTo);
      this.board[kTo] = piece;
      this.board[rTo] = rook;
    } else {
      if (kind === EN_PASSANT) {
        const capSq = to + (us === WHITE ? -8 : 8);
        captured = this.board[capSq];
        this.togglePiece(captured, capSq);
        this.board[capSq] = NO_PIECE;
      } else {
        captured = this.board[to];
        if (captured !== NO_PIECE) this.togglePiece(captured, to);
      }
      if (captured !== NO_PIECE) this.halfmove = 0;
      this.movePiece(piece, from, to);
      if ((piece & 7) === PAWN) {
        this.halfmove = 0;
        if (kind === PROMOTION) {
          this.togglePiece(piece, to);
          const promo = (us << 3) | promoType(m);
          this.togglePiece(promo, to);
          this.board[to] = promo;
        } else if ((from ^ to) === 16) {
          this.ep = (from + to) >> 1; // provisional; kept below only if a legal capture exists
        }
      }
    }
    this.stCaptured[sp] = captured;

    const cr = this.castling & this.castleMask[from] & this.castleMask[to];
    if (cr !== this.castling) {
      this.keyLo ^= ZOB_CASTLE[this.castling * 2] ^ ZOB_CASTLE[cr * 2];
      this.keyHi ^= ZOB_CASTLE[this.castling * 2 + 1] ^ ZOB_CASTLE[cr * 2 + 1];
      this.castling = cr;
    }
    this.stm = us ^ 1;
    this.keyLo ^= ZOB_SIDE_LO;
    this.keyHi ^= ZOB_SIDE_HI;
    if (us === BLACK) this.fullmove++;
    this.updateCheckInfo();
    if (this.ep >= 0) {
      if (this.hasLegalEp(this.ep)) {
        this.keyLo ^= ZOB_EP[(this.ep & 7) * 2];
        this.keyHi ^= ZOB_EP[(this.ep & 7) * 2 + 1];
      } else this.ep = -1;
    }
    this.sp = sp + 1;
    this.histLo[sp + 1] = this.keyLo;
    this.histHi[sp + 1] = this.keyHi;
  }

  unmake(m: number): void {
    const sp = --this.sp;
    const us = this.stm ^ 1,
      from = moveFrom(m),
      to = moveTo(m),
      kind = moveKind(m);
    this.stm = us;
    if (us === BLACK) this.fullmove--;
    if (kind === CASTLING) {
      const kTo = castlingKingTo(us, to > from),
        rTo = castlingRookTo(us, to > from);
      const king = this.board[kTo],
        rook = this.board[rTo];
      this.togglePiece(king, kTo);
      this.togglePiece(rook, rTo);
      this.board[kTo] = NO_PIECE;
      this.board[rTo] = NO_PIECE;
      this.togglePiece(king, from);
      this.togglePiece(rook, to);
      this.board[from] = king;
      this.board[to] = rook;
    } else {
      let piece = this.board[to];
      if (kind === PROMOTION) {
        this.togglePiece(piece, to);
        piece = (us << 3) | PAWN;
        this.togglePiece(piece, to);
      }
      this.movePiece(piece, to, from);
      const captured = this.stCaptured[sp];
      if (captured !== NO_PIECE) {
        const capSq = kind === EN_PASSANT ? to + (us === WHITE ? -8 : 8) : to;
        this.togglePiece(captured, capSq);
        this.board[capSq] = captured;
      }
    }
    this.restoreState(sp);
  }

  /** Passes the move (for null-move pruning). Must not be called in check. */
  makeNull(): void {
    const sp = this.sp;
    this.saveState(sp);
    this.stMove[sp] = 0;
    this.stPiece[sp] = NO_PIECE;
    this.stCaptured[sp] = NO_PIECE;
    this.stLastNull[sp] = this.lastNull;
    this.lastNull = sp + 1;
    if (this.ep >= 0) {
      this.keyLo ^= ZOB_EP[(this.ep & 7) * 2];
      this.keyHi ^= ZOB_EP[(this.ep & 7) * 2 + 1];
      this.ep = -1;
    }
    this.halfmove++;
    this.stm ^= 1;
    this.keyLo ^= ZOB_SIDE_LO;
    this.keyHi ^= ZOB_SIDE_HI;
    this.updateCheckInfo();
    this.sp = sp + 1;
    this.histLo[sp + 1] = this.keyLo;
    this.histHi[sp + 1] = this.keyHi;
  }

  unmakeNull(): void {
    const sp = --this.sp;
    this.stm ^= 1;
    this.restoreState(sp);
    this.lastNull = this.stLastNull[sp];
  }

  // ---------- draws ----------

  /**
   * Number of earlier occurrences of the current position (same pieces, side, castling and
   * en-passant rights), looking back only to the last irreversible move.
   */
  repetitions(): number {
    const sp = this.sp,
      lo = this.keyLo,
      hi = this.keyHi;
    const limit = Math.max(this.lastNull, sp - this.halfmove);
    let n = 0;
    for (let i = sp - 4; i >= limit; i -= 2) {
      if (this.histLo[i] === lo && this.histHi[i] === hi) n++;
    }
    return n;
  }

  /**
   * Search draw test: repeated once since `rootSp` (inside the search path), or twice counting
   * the game history, or the position is dead. Fifty-move is handled by the caller (mate first).
   */
  isRepetitionDraw(rootSp: number): boolean {
    const sp = this.sp,
      lo = this.keyLo,
      hi = this.keyHi;
    const limit = Math.max(this.lastNull, sp - this.halfmove);
    let n = 0;
    for (let i = sp - 4; i >= limit; i -= 2) {
      if (this.histLo[i] === lo && this.histHi[i] === hi) {
        if (i > rootSp) return true;
        if (++n === 2) return true;
      }
    }
    return false;
  }

  /** Dead positions by material: K v K, K+minor v K, and bishops (any number) all on one colour. */
  isInsufficientMaterial(): boolean {
    const bb = this.bb;
    const heavy =
      bb[PAWN * 2] |
      bb[PAWN * 2 + 1] |
      bb[(8 | PAWN) * 2] |
      bb[(8 | PAWN) * 2 + 1] |
      bb[ROOK * 2] |
      bb[ROOK * 2 + 1] |
      bb[(8 | ROOK) * 2] |
      bb[(8 | ROOK) * 2 + 1] |
      bb[QUEEN * 2] |
      bb[QUEEN * 2 + 1] |
      bb[(8 | QUEEN) * 2] |
      bb[(8 | QUEEN) * 2 + 1];
    if (heavy !== 0) return false;
    const nLo = bb[KNIGHT * 2] | bb[(8 | KNIGHT) * 2],
      nHi = bb[KNIGHT * 2 + 1] | bb[(8 | KNIGHT) * 2 + 1];
    const bLo = bb[BISHOP * 2] | bb[(8 | BISHOP) * 2],
      bHi = bb[BISHOP * 2 + 1] | bb[(8 | BISHOP) * 2 + 1];
    const knights = popcnt(nLo) + popcnt(nHi),
      bishops = popcnt(bLo) + popcnt(bHi);
    if (knights + bishops <= 1) return true;
    if (knights > 0) return false;
    // Only bishops: dead if all on light squares or all on dark squares.
    const DARK = 0xaa55aa55 | 0; // a1 (bit 0) is dark
    const onDark = popcnt(bLo & DARK) + popcnt(bHi & DARK);
    return onDark === 0 || onDark === bishops;
  }
}
