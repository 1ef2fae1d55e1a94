// NNUE evaluation: the network (netfile.ts) over an accumulator stack (accumulator.ts), one accumulator pair per
// stack ply (pos.sp), updated lazily: make/unmake do nothing here; when a node is evaluated, the nearest ancestor
// whose accumulators are current is found (by its Zobrist key) and the moves since then are applied; only the root
// or an unrelated position is refreshed.
import { WHITE } from '../core/bitboard';
import {
  ROOK,
  CASTLING,
  EN_PASSANT,
  PROMOTION,
  moveFrom,
  moveTo,
  moveKind,
  promoType,
  pieceOf,
  castlingKingTo,
  castlingRookTo,
} from '../core/types';
import { STACK_SIZE, type Position } from '../core/position';
import { outputBucket, netScore, type Net } from './netfile';
import { SPARE_SLOT, type Accumulators } from './accumulator';
import { SwarAccumulators } from './accumulator-swar';
import { SimdAccumulators } from './accumulator-simd';
import type { Evaluator } from './evaluator';

/** How far back the lazy update looks for current accumulators before it refreshes instead. */
const MAX_WALK = 32;

export interface NnueOptions {
  /**
   * Run the accumulators on the WebAssembly SIMD kernels where the host and the net allow (the default); false: on
   * the plain JavaScript backend (tests compare the two).
   */
  simd?: boolean;
}

export class NnueEvaluator implements Evaluator {
  /** Whether the accumulators run on the WebAssembly SIMD kernels. */
  readonly simd: boolean;
  private readonly acc: Accumulators;
  private readonly buckets: number;
  /** Per stack slot: whether its accumulators are built, and for which position (its key). */
  private readonly accOk = new Uint8Array(STACK_SIZE + 1);
  private readonly accLo = new Int32Array(STACK_SIZE + 1);
  private readonly accHi = new Int32Array(STACK_SIZE + 1);
  private verifying = false;
  private mismatches = 0;

  constructor(
    readonly net: Net,
    opts: NnueOptions = {},
  ) {
    const simd = opts.simd === false ? null : SimdAccumulators.create(net);
    this.acc = simd ?? new SwarAccumulators(net);
    this.simd = simd !== null;
    this.buckets = net.buckets;
  }

  /** The search's evaluation: the network's, and 0 for a position that no sequence of moves can win. */
  evaluate(pos: Position): number {
    return pos.isInsufficientMaterial() ? 0 : this.evaluateNet(pos);
  }

  /** The network's score of pos in centipawns, side to move's view. */
  evaluateNet(pos: Position): number {
    const sp = pos.sp,
      ok = this.accOk,
      lo = this.accLo,
      hi = this.accHi,
      hLo = pos.histLo,
      hHi = pos.histHi;
    const b = this.buckets === 1 ? 0 : outputBucket(pos.pieceCount(), this.buckets);
    let sum: number;
    if (ok[sp] && lo[sp] === hLo[sp] && hi[sp] === hHi[sp]) {
      sum = this.acc.outputSum(sp, pos.stm, b);
    } else {
      // The nearest ancestor whose accumulators are current, then the moves since, one by one.
      let s = sp - 1;
      const low = Math.max(0, sp - MAX_WALK);
      while (s >= low && !(ok[s] && lo[s] === hLo[s] && hi[s] === hHi[s])) s--;
      if (s < low) {
        this.acc.refresh(pos, sp);
        sum = this.acc.outputSum(sp, pos.stm, b);
      } else {
        for (s++; s < sp; s++) {
          this.applyMove(pos, s - 1);
          this.mark(pos, s);
        }
        sum = this.applyLastMove(pos, sp, b);
      }
      this.mark(pos, sp);
    }
    const v = netScore(this.net, sum, b);
    if (this.verifying) this.verify(pos, v, b);
    return v;
  }

  /** Full-refresh evaluation that ignores the accumulators of earlier slots (tests compare it with the lazy path). */
  evaluateFresh(pos: Position): number {
    this.acc.refresh(pos, pos.sp);
    this.mark(pos, pos.sp);
    return this.evaluateNet(pos);
  }

  /** Marks every accumulator stale (tests). */
  reset(): void {
    this.accOk.fill(0);
  }

  /** Tests: check every lazy evaluation against a full refresh (slow); returns and resets the mismatch count. */
  verifyAccumulators(on: boolean): number {
    this.verifying = on;
    const n = this.mismatches;
    this.mismatches = 0;
    return n;
  }

  private mark(pos: Position, sp: number): void {
    this.accOk[sp] = 1;
    this.accLo[sp] = pos.histLo[sp];
    this.accHi[sp] = pos.histHi[sp];
  }

  private verify(pos: Position, v: number, b: number): void {
    // Refresh into the spare slot past the search stack, so that the checked state stays as it was.
    this.acc.refresh(pos, SPARE_SLOT);
    if (!this.acc.same(SPARE_SLOT, pos.sp) || netScore(this.net, this.acc.outputSum(SPARE_SLOT, pos.stm, b), b) !== v)
      this.mismatches++;
  }

  /**
   * The accumulators of slot t + 1 from slot t, for the move made at stack slot t (no output sum).
   * applyMove and applyLastMove decode the move alike on purpose: one function with the terms in variables and a
   * flag for the sum measured clearly slower in bench (interleaved pairs); each call site here passes its absent
   * terms as constants.
   */
  private applyMove(pos: Position, t: number): void {
    const m = pos.stMove[t],
      piece = pos.stPiece[t];
    if (m === 0 || piece === 0) {
      // null move: the same accumulators
      this.acc.copy(t, t + 1);
      return;
    }
    const from = moveFrom(m),
      to = moveTo(m),
      kind = moveKind(m),
      us = piece >> 3;
    if (kind === CASTLING) {
      const rook = pieceOf(us, ROOK);
      this.acc.update(
        t,
        t + 1,
        piece,
        castlingKingTo(us, to > from),
        piece,
        from,
        rook,
        to,
        rook,
        castlingRookTo(us, to > from),
      );
      return;
    }
    const captured = pos.stCaptured[t];
    const added = kind === PROMOTION ? pieceOf(us, promoType(m)) : piece;
    if (captured === 0) {
      this.acc.update(t, t + 1, added, to, piece, from, -1, 0, -1, 0);
      return;
    }
    const capSq = kind === EN_PASSANT ? to + (us === WHITE ? -8 : 8) : to;
    this.acc.update(t, t + 1, added, to, piece, from, captured, capSq, -1, 0);
  }

  /** The accumulators of the evaluated position's slot sp from slot sp - 1, and the output sum there (bucket b). */
  private applyLastMove(pos: Position, sp: number, b: number): number {
    const t = sp - 1,
      m = pos.stMove[t],
      piece = pos.stPiece[t],
      stm = pos.stm;
    if (m === 0 || piece === 0) {
      // null move
      this.acc.copy(t, sp);
      return this.acc.outputSum(sp, stm, b);
    }
    const from = moveFrom(m),
      to = moveTo(m),
      kind = moveKind(m),
      us = piece >> 3;
    if (kind === CASTLING) {
      const rook = pieceOf(us, ROOK);
      return this.acc.updateSum(
        t,
        sp,
        stm,
        b,
        piece,
        castlingKingTo(us, to > from),
        piece,
        from,
        rook,
        to,
        rook,
        castlingRookTo(us, to > from),
      );
    }
    const captured = pos.stCaptured[t];
    const added = kind === PROMOTION ? pieceOf(us, promoType(m)) : piece;
    if (captured === 0) return this.acc.updateSum(t, sp, stm, b, added, to, piece, from, -1, 0, -1, 0);
    const capSq = kind === EN_PASSANT ? to + (us === WHITE ? -8 : 8) : to;
    return this.acc.updateSum(t, sp, stm, b, added, to, piece, from, captured, capSq, -1, 0);
  }
}
