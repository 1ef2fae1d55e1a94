// Building a Searcher: its transposition table, the control block and counters it shares with the other threads of
// a search (its own when it searches alone), and the evaluator it searches with.
import { TT, createTTBuffer } from './tt';
import { Searcher } from './search';
import { CTRL_WORDS, F64_WORDS } from './limits';
import type { SearchReporter } from './report';
import type { Evaluator } from '../eval/evaluator';

export interface SearcherSetup {
  evaluator: Evaluator;
  /** A table shared with other threads; absent: a table of its own of hashMiB (default 16). */
  tt?: TT;
  hashMiB?: number;
  /** The control block and the counters of a multi-threaded search (see limits.ts); absent: its own. */
  ctrl?: Int32Array;
  f64?: Float64Array;
  /** Thread index (0 reports). */
  id?: number;
  /** Where thread 0's results go; absent: nowhere. */
  reporter?: SearchReporter;
}

export function createSearcher(s: SearcherSetup): Searcher {
  const tt = s.tt ?? new TT(createTTBuffer(s.hashMiB ?? 16));
  const ctrl = s.ctrl ?? new Int32Array(new SharedArrayBuffer(CTRL_WORDS * 4));
  const f64 = s.f64 ?? new Float64Array(new SharedArrayBuffer(F64_WORDS * 8));
  return new Searcher(tt, ctrl, f64, s.id ?? 0, s.evaluator, s.reporter);
}
