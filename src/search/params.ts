// Every margin, depth limit and reduction constant of the search, named in one place so that they can be tuned
// (SPSA or by hand) without hunting through search.ts. Values are centipawns unless the name says otherwise.
export const P = {
  /** Aspiration window: first half-width, from depth aspMinDepth; it grows by half on each failure. */
  aspDelta: 20,
  aspMinDepth: 5,

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
  /** SEE thresholds per depth: quiet moves, and captures (and checking quiets). */
  seeQuietSlope: 60,
  seeNoisySlope: 100,

  /** Late-move reductions: table 0.75 + ln(d) ln(m) / 2.25; from lmrDepth, after lmrMoves (+1 at PV nodes). */
  lmrBase: 0.75,
  lmrDiv: 2.25,
  lmrDepth: 3,
  lmrMoves: 2,
  /** One ply less reduction per lmrHistDiv of history. */
  lmrHistDiv: 10000,

  /** History bonus: min(depth^2 * histMul, histMax). */
  histMul: 16,
  histMax: 4000,

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
} as const;
