// Whole-game review: every position of a game searched in the background (interruptible, resumable, cached per
// position), then each move judged by how much it lowered the mover's winning chances. The formulas are lichess's:
// winning chances W(cp) = 2 / (1 + e^(-0.00368208 cp)) - 1 (cp clamped to ±1000, a mate ±1); a move whose W drop is
// ≥ 0.3 is a blunder (??), ≥ 0.2 a mistake (?), ≥ 0.1 an inaccuracy (?!); a move's accuracy is
// 103.1668 e^(-0.04354 (win% before - win% after)) - 3.1669 on win% = 50 + 50 W, and a side's accuracy the mean of
// the arithmetic and harmonic means of its moves' (lichess also weights by volatility; we do not). No DOM here.
import type { Color } from './game';

/** A score from White's point of view: centipawns, or mate in n moves (n > 0: White mates). */
export type WhiteScore = { cp: number } | { mate: number };

export interface PositionEval {
  /** The position's score for White (a checkmate already on the board: mate +1 or -1 for the side that gave it). */
  readonly score: WhiteScore;
  /** The engine's best move there in UCI notation ('' where the game is over). */
  readonly best: string;
}

export type Mark = '??' | '?' | '?!';

export interface MoveReview {
  /** Index of the move in the game (0: the first move). */
  readonly index: number;
  readonly mover: Color;
  readonly uci: string;
  /** The mover's winning chances before and after the move, -1..1. */
  readonly before: number;
  readonly after: number;
  readonly mark: Mark | null;
  /** 0..100. */
  readonly accuracy: number;
  /** The engine's move in the position before, shown at a mistake. */
  readonly best: string;
}

/** White's winning chances, -1..1. */
export function winChances(score: WhiteScore): number {
  if ('mate' in score) return score.mate > 0 ? 1 : -1;
  const cp = Math.max(-1000, Math.min(1000, score.cp));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** A move's mark from the drop in the mover's winning chances. */
export function markFor(drop: number): Mark | null {
  return drop >= 0.3 ? '??' : drop >= 0.2 ? '?' : drop >= 0.1 ? '?!' : null;
}

/** A move's accuracy, 0..100, from the mover's winning chances before and after. */
export function moveAccuracy(before: number, after: number): number {
  const lost = Math.max(0, 50 * (before - after));
  return Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * lost) - 3.1669));
}

/**
 * Judges each move of a game: first is the side to move at the start, moves the moves in UCI notation, evals the
 * evaluation of every position (evals[i] before moves[i]; evals.length = moves.length + 1). A move equal to the
 * engine's best move is never marked.
 */
export function reviewMoves(first: Color, moves: readonly string[], evals: readonly PositionEval[]): MoveReview[] {
  if (evals.length !== moves.length + 1) throw new Error(`${moves.length} moves need ${moves.length + 1} evaluations`);
  return moves.map((uci, i) => {
    const mover: Color = (i % 2 === 0) === (first === 'w') ? 'w' : 'b';
    const sign = mover === 'w' ? 1 : -1;
    const before = sign * winChances(evals[i].score),
      after = sign * winChances(evals[i + 1].score);
    const best = evals[i].best;
    return {
      index: i,
      mover,
      uci,
      before,
      after,
      mark: uci === best ? null : markFor(before - after),
      accuracy: moveAccuracy(before, after),
      best,
    };
  });
}

/** A side's accuracy over a game: the mean of the arithmetic and harmonic means of its moves' accuracies. */
export function gameAccuracy(reviews: readonly MoveReview[], side: Color): number | null {
  const acc = reviews.filter((r) => r.mover === side).map((r) => Math.max(r.accuracy, 1));
  if (acc.length === 0) return null;
  const mean = acc.reduce((a, b) => a + b, 0) / acc.length;
  const harmonic = acc.length / acc.reduce((a, b) => a + 1 / b, 0);
  return (mean + harmonic) / 2;
}

/** Searches one position; rejects (or resolves early) when signal aborts. */
export type Analyser = (fen: string, signal: AbortSignal) => Promise<PositionEval>;

/**
 * Evaluates a game's positions one after another with an analyser, keeping each result in cache (keyed by the
 * caller: FEN and search setting), so that a review stopped half-way goes on where it stopped and a position seen in
 * another game is not searched again. onProgress gets the positions done so far after each one.
 */
export async function evaluatePositions(
  fens: readonly string[],
  key: (fen: string) => string,
  cache: Map<string, PositionEval>,
  analyse: Analyser,
  signal: AbortSignal,
  onProgress: (done: number, total: number, index: number) => void = () => {},
): Promise<PositionEval[] | null> {
  const out: PositionEval[] = [];
  for (let i = 0; i < fens.length; i++) {
    if (signal.aborted) return null;
    const k = key(fens[i]);
    let e = cache.get(k);
    if (!e) {
      e = await analyse(fens[i], signal);
      if (signal.aborted) return null;
      cache.set(k, e);
    }
    out.push(e);
    onProgress(i + 1, fens.length, i);
  }
  return out;
}
