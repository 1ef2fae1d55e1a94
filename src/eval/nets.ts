// The network this build carries (embedded by the bundler: no file to carry), and the evaluator a search is given.
import { parseNet, type Net } from './netfile';
import { NnueEvaluator } from './nnue';
import { HceEvaluator } from './evaluate';
import type { Evaluator } from './evaluator';
// The shipped net is named here; train/nets/NETS.md says how each net there was trained.
import builtin from '../../train/nets/gen9-h256-ob8.nnue';

/**
 * Whether the engine evaluates with the built-in net unless told otherwise (UCI `Use NNUE`, bench,
 * datagen). On since gen3-h64-ob8 beat the hand-crafted evaluation in games; gen4-h64-ob8 since
 * it did so by +122 ± 34 Elo in 300 games at 10+0.1; gen5-h64-ob8 since 2026-12-03, landed together with
 * the search's correction history after that pair beat main in games (docs/TESTLOG.md); gen6-11m-h128-ob8
 * (128 wide, 11.3M positions) since it beat gen5-h64-ob8 by +23 ± 24 in 500 games at 10+0.1, although it
 * searches about 20% fewer nodes per second; gen7-h256-ob8 (256 wide, 14.1M positions) since it beat
 * gen6-11m-h128-ob8 by +34 ± 19 in 600 games at 10+0.1, at about the same speed on the SIMD kernels; gen8-h256-ob8
 * (the same shape, 16.5M positions) once it beat gen7-h256-ob8 by +29 ± 27 in 320 games at 10+0.1; gen9-h256-ob8
 * (gen8 fine-tuned on 19.0M positions) since it beat gen8-h256-ob8 by +26 ± 25 in 320 games at 10+0.1.
 */
export const NNUE_DEFAULT = true;

let cached: Net | null = null;

/** The net built into the engine. */
export function defaultNet(): Net {
  if (cached) return cached;
  const n = parseNet(builtin);
  if (typeof n === 'string') throw new Error(`the built-in net is unusable: ${n}`);
  cached = n;
  return n;
}

/** A fresh evaluator for one search: the network (net, else the built-in one) or the hand-crafted evaluation. */
export function createEvaluator(useNNUE: boolean, net?: Net): Evaluator {
  return useNNUE ? new NnueEvaluator(net ?? defaultNet()) : new HceEvaluator();
}
