// What the search holds to evaluate a position: the network (NnueEvaluator, nnue.ts) or the hand-crafted evaluation
// (HceEvaluator, evaluate.ts). Each instance keeps its own state (accumulators, pawn hash), so two searches in one
// thread cannot disturb each other; which evaluation a search uses is which object it is given.
import type { Position } from '../core/position';

export interface Evaluator {
  /** Static evaluation of pos in centipawns, from the side to move's view. */
  evaluate(pos: Position): number;
}
