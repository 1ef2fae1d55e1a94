// The staged move picker: moves are generated and scored only when the search gets to them, so a node that is cut
// off by the hash move or a good capture never generates (or scores, or SEEs) its quiet moves.
//   main search:  hash move → captures by MVV-LVA, SEE taken when picked (losers kept for the end) → killers →
//                 counter-move → quiets by history → losing captures
//   quiescence:   hash move (if a capture) → captures by MVV-LVA
//   in check:     hash move → every evasion, captures first, then quiets by history
// One picker per ply, preallocated; the moves live in the searcher's per-ply slice of its move buffer.
import { generateMoves, isLegalMove, GEN_CAPTURES, GEN_QUIETS, GEN_ALL } from '../core/movegen';
import {
  MAX_MOVES,
  MOVE_NONE,
  PAWN,
  QUEEN,
  moveFrom,
  moveTo,
  moveKind,
  CASTLING,
  EN_PASSANT,
  PROMOTION,
  promoType,
} from '../core/types';
import type { Position } from '../core/position';
import { seeGe } from '../core/see';
import { type History, butterflyIndex, contIndex, pieceTo } from './history';
import { type Frame, FRAME_OFFSET } from './stack';

/** The tables the picker reads; the searcher owns and updates them. */
export interface OrderingTables {
  pos: Position;
  readonly moves: Int32Array;
  readonly scores: Int32Array;
  readonly hist: History;
  readonly stack: Frame[];
}

/** A queen promotion that captures nothing is ordered among the captures as if it won a queen. */
const QUIET_QUEEN_PROMO = QUEEN * 64;
/** Evasions that capture (or promote to a queen) come before every quiet evasion, whatever its history. */
const EVASION_CAPTURE = 1 << 28;

/** MVV-LVA: most valuable victim first, cheapest attacker breaks ties; negative when m captures nothing. */
function mvvLva(board: Uint8Array, m: number): number {
  const victim = moveKind(m) === EN_PASSANT ? PAWN : board[moveTo(m)] & 7;
  return victim * 64 - (board[moveFrom(m)] & 7);
}

const TT = 0,
  GEN_CAPS = 1,
  GOOD_CAPS = 2,
  KILLER1 = 3,
  KILLER2 = 4,
  COUNTER = 5,
  GEN_QUIET = 6,
  QUIETS = 7,
  BAD_CAPS = 8,
  QS_TT = 10,
  QS_GEN = 11,
  QS_CAPS = 12,
  EV_TT = 20,
  EV_GEN = 21,
  EVASIONS = 22,
  DONE = 30;

/**
 * Noisy: what the capture stages produce (GEN_CAPTURES): captures, en passant and queen promotions. Everything else
 * is quiet, under-promotions that capture included, for the picker, the pruning and the histories alike.
 */
export function isNoisy(pos: Position, m: number): boolean {
  const kind = moveKind(m);
  if (kind === PROMOTION) return promoType(m) === QUEEN;
  if (kind === CASTLING) return false;
  return kind === EN_PASSANT || pos.board[moveTo(m)] !== 0;
}

export class MovePicker {
  private stage = DONE;
  private ttMove = MOVE_NONE;
  private cur = 0;
  private end = 0;
  private endBad = 0;
  private k1 = MOVE_NONE;
  private k2 = MOVE_NONE;
  private counter = MOVE_NONE;
  private skip = false;
  private readonly base: number;

  constructor(
    private readonly t: OrderingTables,
    private readonly ply: number,
  ) {
    this.base = ply * MAX_MOVES;
  }

  /** A main-search node (evasions when in check). */
  init(ttMove: number, inCheck: boolean): void {
    const t = this.t;
    this.ttMove = ttMove;
    this.skip = false;
    this.stage = inCheck ? EV_TT : TT;
    const ss = t.stack[this.ply + FRAME_OFFSET];
    this.k1 = ss.killer1;
    this.k2 = ss.killer2;
    const prev = t.stack[this.ply - 1 + FRAME_OFFSET].pieceTo;
    this.counter = prev !== 0 ? t.hist.counterMoves[prev] : MOVE_NONE;
  }

  /** A quiescence node: captures only (evasions when in check). */
  initQs(ttMove: number, inCheck: boolean): void {
    this.ttMove = ttMove;
    this.skip = false;
    this.stage = inCheck ? EV_TT : QS_TT;
  }

  /** Move-count pruning: the quiet moves not yet returned are skipped; the losing captures still come. */
  skipQuiets(): void {
    this.skip = true;
  }

  /** The next move to search, or MOVE_NONE when there are no more. */
  next(): number {
    const t = this.t,
      pos = t.pos,
      moves = t.moves;
    for (;;) {
      switch (this.stage) {
        case TT:
          this.stage = GEN_CAPS;
          if (this.ttMove !== MOVE_NONE && isLegalMove(pos, this.ttMove)) return this.ttMove;
          break;
        case GEN_CAPS:
          this.cur = this.endBad = this.base;
          this.end = generateMoves(pos, moves, this.base, GEN_CAPTURES);
          this.scoreCaptures(this.cur, this.end);
          this.stage = GOOD_CAPS;
          break;
        case GOOD_CAPS:
          while (this.cur < this.end) {
            const m = this.pickBest(this.cur++, this.end);
            if (m === this.ttMove) continue;
            // SEE only now, for the capture about to be tried: losers wait at the front of the list for the end.
            if (!seeGe(pos, m, 0)) {
              moves[this.endBad++] = m;
              continue;
            }
            return m;
          }
          this.stage = KILLER1;
          break;
        case KILLER1:
          this.stage = KILLER2;
          if (this.quietCandidate(this.k1)) return this.k1;
          break;
        case KILLER2:
          this.stage = COUNTER;
          if (this.k2 !== this.k1 && this.quietCandidate(this.k2)) return this.k2;
          break;
        case COUNTER:
          this.stage = GEN_QUIET;
          if (this.counter !== this.k1 && this.counter !== this.k2 && this.quietCandidate(this.counter))
            return this.counter;
          break;
        case GEN_QUIET:
          this.stage = QUIETS;
          if (this.skip) break;
          this.cur = this.end;
          this.end = generateMoves(pos, moves, this.cur, GEN_QUIETS);
          this.scoreQuiets(this.cur, this.end);
          break;
        case QUIETS:
          while (!this.skip && this.cur < this.end) {
            const m = this.pickBest(this.cur++, this.end);
            if (m === this.ttMove || m === this.k1 || m === this.k2 || m === this.counter) continue;
            return m;
          }
          this.stage = BAD_CAPS;
          this.cur = this.base;
          break;
        case BAD_CAPS:
          if (this.cur < this.endBad) return moves[this.cur++];
          this.stage = DONE;
          break;

        case QS_TT:
          this.stage = QS_GEN;
          if (this.ttMove !== MOVE_NONE && isNoisy(pos, this.ttMove) && isLegalMove(pos, this.ttMove))
            return this.ttMove;
          break;
        case QS_GEN:
          this.cur = this.base;
          this.end = generateMoves(pos, moves, this.base, GEN_CAPTURES);
          this.scoreCaptures(this.cur, this.end);
          this.stage = QS_CAPS;
          break;
        case QS_CAPS:
        case EVASIONS: {
          const m = this.nextBestNotTT();
          if (m !== MOVE_NONE) return m;
          this.stage = DONE;
          break;
        }

        case EV_TT:
          this.stage = EV_GEN;
          if (this.ttMove !== MOVE_NONE && isLegalMove(pos, this.ttMove)) return this.ttMove;
          break;
        case EV_GEN:
          this.cur = this.base;
          this.end = generateMoves(pos, moves, this.base, GEN_ALL);
          this.scoreEvasions(this.cur, this.end);
          this.stage = EVASIONS;
          break;

        default:
          return MOVE_NONE;
      }
    }
  }

  /** A killer or counter-move worth trying here: legal, quiet, not the hash move. */
  private quietCandidate(m: number): boolean {
    return m !== MOVE_NONE && m !== this.ttMove && !isNoisy(this.t.pos, m) && isLegalMove(this.t.pos, m);
  }

  /** Captures by MVV-LVA, a promotion's piece breaking ties; a quiet queen promotion ranks as winning a queen. */
  private scoreCaptures(from: number, to: number): void {
    const t = this.t,
      board = t.pos.board,
      moves = t.moves,
      scores = t.scores;
    for (let i = from; i < to; i++) {
      const m = moves[i],
        s = mvvLva(board, m);
      scores[i] = s < 0 ? QUIET_QUEEN_PROMO : s + (moveKind(m) === PROMOTION ? promoType(m) * 8 : 0);
    }
  }

  /** Butterfly history plus the continuation histories of the last two plies. */
  private scoreQuiets(from: number, to: number): void {
    const t = this.t,
      board = t.pos.board,
      moves = t.moves,
      scores = t.scores,
      bf = t.hist.butterfly,
      ch = t.hist.cont;
    const stm = t.pos.stm;
    const c1 = contIndex(t.stack[this.ply - 1 + FRAME_OFFSET].pieceTo, 0),
      c2 = contIndex(t.stack[this.ply - 2 + FRAME_OFFSET].pieceTo, 0);
    for (let i = from; i < to; i++) {
      const m = moves[i];
      const pt = pieceTo(board[moveFrom(m)], moveTo(m));
      scores[i] = bf[butterflyIndex(stm, m)] + ch[c1 + pt] + ch[c2 + pt];
    }
  }

  /** Out of check: captures of the checker (and queen promotions) first by MVV-LVA, then the rest by history. */
  private scoreEvasions(from: number, to: number): void {
    const t = this.t,
      pos = t.pos,
      moves = t.moves,
      scores = t.scores;
    this.scoreQuiets(from, to);
    for (let i = from; i < to; i++) {
      const m = moves[i];
      if (isNoisy(pos, m)) scores[i] = EVASION_CAPTURE + mvvLva(pos.board, m);
    }
  }

  /** The best-scored move left in the list other than the hash move (already tried), or MOVE_NONE. */
  private nextBestNotTT(): number {
    while (this.cur < this.end) {
      const m = this.pickBest(this.cur++, this.end);
      if (m !== this.ttMove) return m;
    }
    return MOVE_NONE;
  }

  /** Selection sort, one step: the best-scored move of [i, end) is swapped to i and returned. */
  private pickBest(i: number, end: number): number {
    const moves = this.t.moves,
      scores = this.t.scores;
    let best = i;
    for (let j = i + 1; j < end; j++) if (scores[j] > scores[best]) best = j;
    const m = moves[best];
    if (best !== i) {
      const s = scores[best];
      moves[best] = moves[i];
      scores[best] = scores[i];
      moves[i] = m;
      scores[i] = s;
    }
    return m;
  }
}
