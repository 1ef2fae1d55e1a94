// A node limit: go nodes stops the search at the first check past the limit, root moves counted like any node; the
// strength limiter's budget lets the first iteration finish, so that it chooses among moves searched in full.
import { describe, it, expect } from 'vitest';
import { createSearcher } from '../../src/search/setup';
import { defaultLimits } from '../../src/search/limits';
import type { Skill } from '../../src/search/skill';
import { HceEvaluator } from '../../src/eval/evaluate';
import { moveToUci } from '../../src/core/notation';
import { load } from '../helpers/chess';

/** Nodes between two looks at the clock and the limits. */
const CHECK = 256;

function run(fen: string, limits: { nodes?: number; depth?: number }, multiPV = 1, skill: Skill | null = null) {
  const s = createSearcher({ evaluator: new HceEvaluator(), hashMiB: 4 });
  const pos = load(fen);
  const r = s.go(pos, { ...defaultLimits(), ...limits }, { multiPV, moveOverhead: 0, skill }, null, 0, 0);
  return { nodes: s.nodes, depth: r.depth, move: moveToUci(pos, r.move) };
}

const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const MIDDLEGAME = 'r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16';

describe('node limit', () => {
  it('go nodes stops at the first check past the limit, even where root moves make many of the nodes', () => {
    // With many lines, root moves are a large share of the nodes; one landing on a check's count once skipped it.
    for (const [fen, lines] of [
      [AFTER_E4_E5, 6],
      [MIDDLEGAME, 30],
      [MIDDLEGAME, 1],
    ] as const) {
      for (let limit = 200; limit <= 4000; limit += 200) {
        const r = run(fen, { nodes: limit }, lines);
        const where = `${lines} lines, limit ${limit}`;
        expect(r.nodes, where).toBeGreaterThanOrEqual(limit);
        expect(r.nodes, where).toBeLessThanOrEqual(Math.ceil(limit / CHECK) * CHECK + 8);
      }
    }
  });

  it('go nodes 1 answers at the first check with a legal move, even inside the first iteration', () => {
    const r = run(MIDDLEGAME, { nodes: 1 }, 30);
    expect(r.nodes).toBeLessThanOrEqual(CHECK + 8);
    expect(r.move).toMatch(/^[a-h][1-8][a-h][1-8]$/);
  });

  it("the limiter's budget lets the first iteration finish: its choice is among moves searched in full", () => {
    // UCI_Elo 800: a budget of 83 nodes and six candidate lines, whose first iteration costs more than a check's 256.
    const r = run(MIDDLEGAME, {}, 1, { elo: 800, seed: 5 });
    expect(r.depth).toBe(1);
    expect(r.nodes).toBeGreaterThan(CHECK);
    expect(r.nodes).toBeLessThanOrEqual(8 * CHECK);
  });
});
