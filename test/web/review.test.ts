// Game review: winning chances, marks, accuracy, and the resumable, cached evaluation of a game's positions.
import { describe, expect, it } from 'vitest';
import {
  evaluatePositions,
  gameAccuracy,
  markFor,
  moveAccuracy,
  reviewMoves,
  winChances,
  type PositionEval,
} from '../../web/review';

const cp = (v: number, best = 'e2e4'): PositionEval => ({ score: { cp: v }, best });

describe('review formulas', () => {
  it('winning chances rise with the score, are symmetric, and reach ±1 at a mate', () => {
    expect(winChances({ cp: 0 })).toBe(0);
    expect(winChances({ cp: 100 })).toBeCloseTo(0.1819, 3);
    expect(winChances({ cp: -300 })).toBeCloseTo(-winChances({ cp: 300 }), 12);
    expect(winChances({ cp: 5000 })).toBe(winChances({ cp: 1000 }));
    expect(winChances({ mate: 3 })).toBe(1);
    expect(winChances({ mate: -1 })).toBe(-1);
  });

  it('marks by the drop: ?! from 0.1, ? from 0.2, ?? from 0.3', () => {
    expect([0.05, 0.1, 0.19, 0.2, 0.3, 1.5].map(markFor)).toEqual([null, '?!', '?!', '?', '??', '??']);
  });

  it('accuracy is 100 for a move that loses nothing, falls with the loss, and stays within 0..100', () => {
    expect(moveAccuracy(0.2, 0.2)).toBeCloseTo(100, 0);
    expect(moveAccuracy(0.2, 0.5)).toBeCloseTo(100, 0); // a gain counts as no loss
    expect(moveAccuracy(0.2, 0)).toBeLessThan(moveAccuracy(0.2, 0.1));
    expect(moveAccuracy(1, -1)).toBe(0);
  });
});

describe('reviewing a game', () => {
  it("judges each move from its mover's side and never marks the engine's own move", () => {
    // 1. e4 (fine) e5?? (Black drops from -0.3 to -3.0 for itself) 2. Qh5 (the best move) ...
    const evals = [cp(30, 'e2e4'), cp(30, 'c7c5'), cp(300, 'd1h5'), cp(-400, 'x'), cp(-400)];
    const r = reviewMoves('w', ['e2e4', 'e7e5', 'd1h5', 'g8f6'], evals);
    expect(r.map((m) => m.mover)).toEqual(['w', 'b', 'w', 'b']);
    expect(r[0].mark).toBeNull();
    expect(r[1].mark).toBe('??');
    expect(r[1].best).toBe('c7c5');
    expect(r[1].before).toBeCloseTo(-winChances({ cp: 30 }), 12);
    expect(r[2].mark).toBeNull(); // d1h5 is what the engine chose, though the score fell
    expect(r[3].mark).toBeNull(); // Black's position improved
    expect(r[0].accuracy).toBeGreaterThan(99);
    expect(r[1].accuracy).toBeLessThan(60);
    // From a position with Black to move, the first mover is Black.
    expect(reviewMoves('b', ['e7e5'], [cp(0), cp(0)])[0].mover).toBe('b');
    expect(() => reviewMoves('w', ['e2e4'], [cp(0)])).toThrow();
  });

  it("a side's accuracy lies between its worst and best move and falls with a blunder", () => {
    const good = reviewMoves('w', ['a', 'b', 'c', 'd'], [cp(0), cp(0), cp(0), cp(0), cp(0)]);
    const bad = reviewMoves('w', ['a', 'b', 'c', 'd'], [cp(0), cp(0), cp(0), cp(-600), cp(-600)]);
    const g = gameAccuracy(good, 'w')!,
      b = gameAccuracy(bad, 'w')!;
    expect(g).toBeCloseTo(100, 0);
    expect(b).toBeLessThan(g);
    const moves = bad.filter((m) => m.mover === 'w').map((m) => m.accuracy);
    expect(b).toBeGreaterThanOrEqual(Math.min(...moves));
    expect(b).toBeLessThanOrEqual(Math.max(...moves));
    expect(gameAccuracy([], 'b')).toBeNull();
  });
});

describe('evaluating positions', () => {
  const fens = ['f0', 'f1', 'f2', 'f3', 'f1'];

  it('searches each position once, reports progress, and reuses the cache', async () => {
    const cache = new Map<string, PositionEval>();
    const searched: string[] = [];
    const progress: number[] = [];
    const analyse = async (fen: string) => {
      searched.push(fen);
      return cp(fen.length, fen);
    };
    const out = await evaluatePositions(
      fens,
      (f) => `${f}|d12`,
      cache,
      analyse,
      new AbortController().signal,
      (d) => progress.push(d),
    );
    expect(out?.map((e) => e.best)).toEqual(fens);
    expect(searched).toEqual(['f0', 'f1', 'f2', 'f3']); // f1 twice in the game, searched once
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops when aborted and goes on where it stopped', async () => {
    const cache = new Map<string, PositionEval>();
    const ctl = new AbortController();
    const searched: string[] = [];
    const analyse = async (fen: string) => {
      searched.push(fen);
      if (fen === 'f2') ctl.abort();
      return cp(0, fen);
    };
    expect(await evaluatePositions(fens, (f) => f, cache, analyse, ctl.signal)).toBeNull();
    expect([...cache.keys()]).toEqual(['f0', 'f1']); // the aborted search's answer is not kept
    searched.length = 0;
    const out = await evaluatePositions(fens, (f) => f, cache, analyse, new AbortController().signal);
    expect(searched).toEqual(['f2', 'f3']);
    expect(out).toHaveLength(5);
  });
});
