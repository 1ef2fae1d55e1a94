// A node limit (go nodes, the strength limiter's budget): the search stops at the first check past it, root moves
// counted like any node, and never before the first iteration is complete.
import { describe, it, expect } from 'vitest';
import { createSearcher } from '../../src/search/setup';
import { defaultLimits } from '../../src/search/limits';
import { HceEvaluator } from '../../src/eval/evaluate';
import { moveToUci } from '../../src/core/notation';
import { load } from '../helpers/chess';

/** Nodes between two looks at the clock and the limits. */
const CHECK = 256;

function run(fen: string, limits: { nodes?: number; depth?: number }, multiPV = 1) {
  const s = createSearcher({ evaluator: new HceEvaluator(), hashMiB: 4 });
  const pos = load(fen);
  const r = s.go(pos, { ...defaultLimits(), ...limits }, { multiPV, moveOverhead: 0 }, null, 0, 0);
  return { nodes: s.nodes, depth: r.depth, move: moveToUci(pos, r.move) };
}

const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const MIDDLEGAME = 'r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16';

describe('node limit', () => {
  it('stops at the first check past the limit, even where root moves make many of the nodes (many lines)', () => {
    // With many lines, root moves are a large share of the nodes; one landing on a check's count once skipped it.
    for (const [fen, lines] of [
      [AFTER_E4_E5, 6],
      [MIDDLEGAME, 30],
    ] as const) {
      const first = run(fen, { depth: 1 }, lines).nodes;
      for (let limit = 200; limit <= 4000; limit += 200) {
        const r = run(fen, { nodes: limit }, lines);
        const due = Math.ceil(Math.max(limit, first + 1) / CHECK) * CHECK;
        expect(r.nodes, `${lines} lines, limit ${limit}`).toBeGreaterThanOrEqual(limit);
        expect(r.nodes, `${lines} lines, limit ${limit}`).toBeLessThanOrEqual(due + 8);
      }
    }
  });

  it('stops within one check of a larger limit', () => {
    for (const limit of [5000, 20000]) {
      const r = run(MIDDLEGAME, { nodes: limit });
      expect(r.nodes).toBeGreaterThanOrEqual(limit);
      expect(r.nodes).toBeLessThanOrEqual(limit + CHECK + 8);
    }
  });

  it('completes the first iteration however small the limit: the move was searched against every reply', () => {
    // Thirty lines: the first iteration alone takes more nodes than the first check comes after.
    const first = run(MIDDLEGAME, { depth: 1 }, 30);
    expect(first.nodes).toBeGreaterThan(CHECK);
    const r = run(MIDDLEGAME, { nodes: 1 }, 30);
    expect(r.depth).toBe(1);
    expect(r.nodes).toBeGreaterThanOrEqual(first.nodes);
  });
});
