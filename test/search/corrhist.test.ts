// Correction histories: which positions share a slot, how the slots learn, and that they stay bounded.
import { describe, it, expect } from 'vitest';
import type { Searcher } from '../../src/search/search';
import { MATE_BOUND, TB_BOUND } from '../../src/search/score';
import { createSearcher } from '../../src/search/setup';
import { defaultLimits } from '../../src/search/limits';
import { PAWN_INDEX_BITS, HceEvaluator } from '../../src/eval/evaluate';
import { load } from '../helpers/chess';

function searcher(): Searcher {
  return createSearcher({ evaluator: new HceEvaluator(), hashMiB: 4 });
}

/** The slots of a position: [pawn structure, white's pieces, black's pieces]. */
function slots(s: Searcher, fen: string): [number, number, number] {
  s.corr.load(load(fen), 5);
  return s.corr.slotsAt(5);
}
const slot = (s: Searcher, fen: string): number => slots(s, fen)[0];

describe('correction history', () => {
  it('keys on the pawns and the side to move only', () => {
    const s = searcher();
    const a = slot(s, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    // Same pawns, other pieces elsewhere: same slot.
    expect(slot(s, 'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3')).toBe(a);
    // Same pawns, other side to move: the other half of the table.
    expect(slot(s, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3') - a).toBe(1 << PAWN_INDEX_BITS);
    // One pawn moved (white or black): another slot.
    expect(slot(s, 'r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 3')).not.toBe(a);
    expect(slot(s, 'r1bqkbnr/ppp2ppp/2np4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3')).not.toBe(a);
  });

  it("keys the piece slots on one colour's pieces other than pawns, and the side to move", () => {
    const s = searcher();
    const [, w, b] = slots(s, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    // Pawns elsewhere, pieces the same: same piece slots.
    const [, w2, b2] = slots(s, 'r1bqkbnr/ppp2ppp/2n5/3pp3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4');
    expect([w2, b2]).toEqual([w, b]);
    // A white knight elsewhere: white's slot changes, black's does not.
    const [, w3, b3] = slots(s, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3');
    expect(w3).not.toBe(w);
    expect(b3).toBe(b);
    // Black to move: other halves of the table, and black's slots apart from white's.
    const [, w4, b4] = slots(s, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3');
    expect(w4 - w).toBe(1 << PAWN_INDEX_BITS);
    expect(b4 - b).toBe(1 << PAWN_INDEX_BITS);
    expect(b).toBeGreaterThanOrEqual(2 << PAWN_INDEX_BITS);
  });

  it('moves towards the errors it is shown and stays within 64 cp', () => {
    const c = searcher().corr;
    c.load(load('4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1'), 3);
    const idx = c.slotsAt(3)[0];
    expect(c.corrected(100, 3)).toBe(100);
    for (let i = 0; i < 200; i++) c.update(3, 30, 8);
    expect(Math.abs(c.corrected(100, 3) - 130)).toBeLessThanOrEqual(1);
    // A deeper result moves it further in one step than a shallow one.
    const before = c.pawn[idx];
    c.update(3, -30, 1);
    const shallow = before - c.pawn[idx];
    c.pawn[idx] = before;
    c.update(3, -30, 12);
    expect(before - c.pawn[idx]).toBeGreaterThan(shallow);
    for (let i = 0; i < 500; i++) c.update(3, 5000, 20);
    expect(c.corrected(0, 3)).toBe(64);
    for (let i = 0; i < 500; i++) c.update(3, -5000, 20);
    expect(c.corrected(0, 3)).toBe(-64);
    // Never turns an ordinary eval into a mate or tablebase score (the search reads both bands as proven results).
    expect(c.corrected(MATE_BOUND - 10, 3)).toBeLessThan(TB_BOUND);
    for (let i = 0; i < 500; i++) c.update(3, 5000, 20);
    expect(c.corrected(MATE_BOUND - 10, 3)).toBeLessThan(TB_BOUND);
    expect(c.corrected(-MATE_BOUND + 10, 3)).toBeGreaterThan(-TB_BOUND);
  });

  it('a real search fills it within bounds, and clearHistory empties it', () => {
    const s = searcher();
    const c = s.corr;
    s.go(
      load('r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16'),
      { ...defaultLimits(), nodes: 50000 },
      { multiPV: 1, moveOverhead: 0 },
      null,
      0,
      0,
    );
    let used = 0;
    for (const table of [c.pawn, c.nonPawn]) {
      used = 0;
      for (const v of table) {
        if (v !== 0) used++;
        expect(Math.abs(v)).toBeLessThanOrEqual(64 * 256);
      }
      expect(used).toBeGreaterThan(10);
    }
    s.clearHistory();
    expect(c.pawn.every((v) => v === 0) && c.nonPawn.every((v) => v === 0)).toBe(true);
  });
});
