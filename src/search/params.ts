// Every margin, depth limit, reduction constant and time factor of the search, named in one place so that they can be
// tuned (SPSA or by hand) without hunting through search.ts. Values are centipawns unless the name says otherwise.
// PARAM_RANGES gives each its tuning range and step; a tuning build exposes them as UCI options (TESSERA_TUNE=1) and
// `tessera spsa` prints them as OpenBench's SPSA input.
export const P = {
  /** Evaluation scaling: eval * (evalScaleBase + material) / 32768, material at 100/450/450/650/1250 per piece. */
  evalScaleBase: 26500,

  /**
   * Aspiration window: first half-width, from depth aspMinDepth; it grows by half on each failure. Each fail high
   * (up to aspMaxFailHighs in a row) makes the next try a ply shallower.
   */
  aspDelta: 12,
  aspMinDepth: 5,
  aspMaxFailHighs: 3,

  /** Reverse futility pruning: at depth <= rfpDepth, cut when eval - rfpMargin * (depth - improving) >= beta. */
  rfpDepth: 8,
  rfpMargin: 80,

  /** Null-move pruning: from nmpDepth, when staticEval >= beta - nmpEvalSlope * depth + nmpEvalBase. */
  nmpDepth: 3,
  nmpEvalSlope: 20,
  nmpEvalBase: 150,
  /** Reduction: nmpBase + depth / nmpDepthDiv + min(nmpEvalMax, (eval - beta) / nmpEvalDiv). */
  nmpBase: 3,
  nmpDepthDiv: 4,
  nmpEvalDiv: 200,
  nmpEvalMax: 3,

  /** Internal iterative reduction: one ply less from this depth when there is no hash move. */
  iirDepth: 4,

  /** Singular extension: from seDepth, hash entry at least depth - seTtDepthSlack deep, beta = ttScore - seMargin * depth. */
  seDepth: 8,
  seTtDepthSlack: 3,
  seMargin: 2,

  /** Shallow pruning of moves at depth <= pruneDepth: move-count limit (3 + d^2, halved when not improving). */
  pruneDepth: 8,
  lmpBase: 3,
  /** Futility of quiet moves: staticEval + futBase + futSlope * depth <= alpha. */
  futBase: 100,
  futSlope: 90,
  /** History pruning: a quiet move whose reduced depth is at most histPruneDepth and history below -margin * depth. */
  histPruneDepth: 3,
  histPruneMargin: 2000,
  /** SEE thresholds per depth: quiet moves (per reduced depth), and captures (and checking quiets). */
  seeQuietSlope: 60,
  seeNoisySlope: 100,

  /** Late-move reductions: table 0.75 + ln(d) ln(m) / 2.25; from lmrDepth, after lmrMoves (+1 at PV nodes). */
  lmrBase: 0.75,
  lmrDiv: 2.25,
  lmrDepth: 3,
  lmrMoves: 2,
  /** Root moves after this many (counted from the current MultiPV line's) may be reduced. */
  rootLmrMoves: 3,
  /** One ply less reduction per lmrHistDiv of history. */
  lmrHistDiv: 10000,

  /** History bonus: min(histMul * depth - histBase, histMax), at least 1 (history.ts's historyBonus). */
  histMul: 300,
  histBase: 250,
  histMax: 2500,

  /**
   * Time management between iterations: the soft limit is scaled by tmStableLongFactor once the best move has held
   * for tmStableLong iterations, by tmStableShortFactor after tmStableShort, by tmNewBestFactor when it just changed,
   * and by tmScoreDropFactor more when the score fell by more than tmScoreDrop; no iteration starts past tmHardShare of
   * the hard limit.
   */
  tmStableLong: 4,
  tmStableLongFactor: 0.55,
  tmStableShort: 2,
  tmStableShortFactor: 0.8,
  tmNewBestFactor: 1.4,
  tmScoreDrop: 25,
  tmScoreDropFactor: 1.3,
  tmHardShare: 0.8,

  /** Time allocation (timeman.ts): the moves a sudden-death clock is planned for, and the most movestogo counts. */
  tmMovesToGo: 30,
  tmMaxMovesToGo: 40,
  /** Share of the increment planned per move; hard limit as a multiple of the soft one and as a share of the clock. */
  tmIncShare: 0.75,
  tmHardPerSoft: 3,
  tmHardClockShare: 0.4,
  tmLastMoveShare: 0.8,
  tmSoftPerHard: 0.6,
};

export type ParamName = keyof typeof P;

/** A parameter's tuning range and the step SPSA perturbs it by at the end (c_end); float: not a whole number. */
export interface ParamRange {
  min: number;
  max: number;
  step: number;
  float?: true;
}

const int = (min: number, max: number, step: number): ParamRange => ({ min, max, step });
const float = (min: number, max: number, step: number): ParamRange => ({ min, max, step, float: true });

/** Every parameter's range (a divisor's range never reaches 0). */
export const PARAM_RANGES: Readonly<Record<ParamName, ParamRange>> = {
  evalScaleBase: int(16000, 36000, 1000),
  aspDelta: int(5, 60, 3),
  aspMinDepth: int(2, 10, 1),
  aspMaxFailHighs: int(0, 5, 1),
  rfpDepth: int(4, 12, 1),
  rfpMargin: int(30, 160, 8),
  nmpDepth: int(1, 6, 1),
  nmpEvalSlope: int(0, 60, 4),
  nmpEvalBase: int(0, 400, 20),
  nmpBase: int(1, 6, 1),
  nmpDepthDiv: int(2, 8, 1),
  nmpEvalDiv: int(50, 400, 20),
  nmpEvalMax: int(1, 6, 1),
  iirDepth: int(2, 8, 1),
  seDepth: int(4, 12, 1),
  seTtDepthSlack: int(1, 6, 1),
  seMargin: int(1, 5, 1),
  pruneDepth: int(4, 12, 1),
  lmpBase: int(1, 8, 1),
  futBase: int(20, 250, 10),
  futSlope: int(30, 200, 8),
  histPruneDepth: int(1, 6, 1),
  histPruneMargin: int(500, 6000, 300),
  seeQuietSlope: int(20, 150, 6),
  seeNoisySlope: int(40, 200, 8),
  lmrBase: float(0.25, 1.5, 0.08),
  lmrDiv: float(1.5, 4, 0.15),
  lmrDepth: int(1, 6, 1),
  lmrMoves: int(1, 6, 1),
  rootLmrMoves: int(1, 8, 1),
  lmrHistDiv: int(3000, 30000, 1000),
  histMul: int(100, 600, 20),
  histBase: int(0, 600, 25),
  histMax: int(1000, 6000, 200),
  tmStableLong: int(2, 8, 1),
  tmStableLongFactor: float(0.3, 0.9, 0.04),
  tmStableShort: int(1, 4, 1),
  tmStableShortFactor: float(0.5, 1.1, 0.04),
  tmNewBestFactor: float(1, 2.2, 0.06),
  tmScoreDrop: int(5, 80, 4),
  tmScoreDropFactor: float(1, 2, 0.05),
  tmHardShare: float(0.5, 1, 0.04),
  tmMovesToGo: int(15, 50, 2),
  tmMaxMovesToGo: int(20, 80, 4),
  tmIncShare: float(0.4, 1, 0.04),
  tmHardPerSoft: float(1.5, 6, 0.2),
  tmHardClockShare: float(0.2, 0.6, 0.02),
  tmLastMoveShare: float(0.5, 0.95, 0.03),
  tmSoftPerHard: float(0.3, 0.9, 0.04),
};

/** The value every parameter had when this module loaded. */
export const PARAM_DEFAULTS: Readonly<Record<ParamName, number>> = { ...P };

/** Bumped whenever a parameter changes, so that tables derived from them (the reductions) know to be rebuilt. */
export let paramsVersion = 0;

export function isParam(name: string): name is ParamName {
  return Object.hasOwn(P, name);
}

/** Sets a parameter; null when done, else why not (unknown, not a number, a float for a whole number, out of range). */
export function setParam(name: string, value: number): string | null {
  if (!isParam(name)) return `unknown parameter ${name}`;
  const r = PARAM_RANGES[name];
  if (!Number.isFinite(value)) return `${name}: not a number`;
  if (!r.float && !Number.isInteger(value)) return `${name}: a whole number is needed`;
  if (value < r.min || value > r.max) return `${name}: ${value} is out of range ${r.min}..${r.max}`;
  if (P[name] !== value) {
    P[name] = value;
    paramsVersion++;
  }
  return null;
}

/** Every parameter that differs from its default (what a tuning build sends its search threads). */
export function changedParams(): Partial<Record<ParamName, number>> {
  const out: Partial<Record<ParamName, number>> = {};
  for (const k of Object.keys(P) as ParamName[]) if (P[k] !== PARAM_DEFAULTS[k]) out[k] = P[k];
  return out;
}

/** OpenBench's usual r_end: the final step of each parameter, as a share of c_end, per game point. */
export const SPSA_R_END = 0.002;

/** OpenBench's SPSA input, one line per parameter: `name, int|float, default, min, max, c_end, r_end`. */
export function spsaInput(rEnd = SPSA_R_END): string[] {
  return (Object.keys(P) as ParamName[]).map((k) => {
    const r = PARAM_RANGES[k];
    return `${k}, ${r.float ? 'float' : 'int'}, ${PARAM_DEFAULTS[k]}, ${r.min}, ${r.max}, ${r.step}, ${rEnd}`;
  });
}
