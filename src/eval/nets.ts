// The network this build carries (embedded by the bundler: no file to carry), and the evaluator a search is given.
import { parseNet, type Net } from './netfile';
import { NnueEvaluator } from './nnue';
import { HceEvaluator } from './evaluate';
import type { Evaluator } from './evaluator';
// The shipped net is named here; train/nets/NETS.md says how each net there was trained.
import builtin from '../../train/nets/gen12-lambda0.1-h256-ob8.nnue';

export { NNUE_DEFAULT } from './nnue-default';

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
