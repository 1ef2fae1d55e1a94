// The network's accumulator stack: a pair of accumulators (one per perspective) for every slot of the position's
// state stack, and the few operations the evaluator (nnue.ts) performs on them. Two backends hold it and give the
// same integers, so the same evaluations and the same nodes: WebAssembly SIMD kernels, eight int16 lanes per
// operation (accumulator-simd.ts; the kernels are in simd.ts), and plain JavaScript, two lanes per 32-bit word
// (accumulator-swar.ts), for hosts without WebAssembly SIMD and for nets whose output sums do not fit the kernels.
//
// A move changes the accumulators by rows of the feature weights: piece pa added on sqa, ps1 removed from sqs1, for
// a capture also ps2 removed from sqs2, for castling also pa2 added on sqa2 (a piece of -1 leaves its term out).
import { STACK_SIZE, type Position } from '../core/position';
import type { Net } from './netfile';

/** Slots: one per state-stack entry (pos.sp is 0..STACK_SIZE), and SPARE_SLOT past them. */
export const SLOTS = STACK_SIZE + 2;
/** A slot no position uses: the evaluator's self-check refreshes into it. */
export const SPARE_SLOT = STACK_SIZE + 1;

export interface Accumulators {
  /** Builds both accumulators of slot sp from the board. */
  refresh(pos: Position, sp: number): void;
  /** Slot `to` takes slot `from`'s accumulators (a null move). */
  copy(from: number, to: number): void;
  /** Slot dst = slot src with a move's rows (see above): for the moves a lazy update passes on its way. */
  update(
    src: number,
    dst: number,
    pa: number,
    sqa: number,
    ps1: number,
    sqs1: number,
    ps2: number,
    sqs2: number,
    pa2: number,
    sqa2: number,
  ): void;
  /**
   * The same, and in the same pass the output layer's sum over the new accumulators, `stm` to move, with output
   * bucket b: a node that is evaluated right after its move touches each accumulator once.
   */
  updateSum(
    src: number,
    dst: number,
    stm: number,
    b: number,
    pa: number,
    sqa: number,
    ps1: number,
    sqs1: number,
    ps2: number,
    sqs2: number,
    pa2: number,
    sqa2: number,
  ): number;
  /** The output layer's integer sum over slot sp (sum of clamp(x, 0, qa)^2 * w), `stm` to move, output bucket b. */
  outputSum(sp: number, stm: number, b: number): number;
  /** Whether slots a and b hold the same accumulators. */
  same(a: number, b: number): boolean;
}

/**
 * How many lane pairs (two products qa^2 * w each) of the output layer an int32 can sum without overflow, for the
 * net's largest |w|; 0 when not even one pair can (|w| near 32767): then the products are summed as doubles, which
 * only the JavaScript backend does.
 */
export function pairChunk(net: Net): number {
  let maxW = 1;
  for (let i = 0; i < net.outW.length; i++) maxW = Math.max(maxW, Math.abs(net.outW[i]));
  return Math.floor(0x7fffffff / (2 * net.qa * net.qa * maxW));
}
