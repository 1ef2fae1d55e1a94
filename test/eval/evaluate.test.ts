// The hand-crafted evaluation: colour-flip symmetry (the signed piece-square tables, pawn structure, king safety and
// the rest treat both colours alike), and that it depends on the position only, not on the moves that reached it
// (the piece-square sums are taken from the board) nor on another evaluator's pawn hash.
import { describe, it, expect } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HceEvaluator } from '../../src/eval/evaluate';
import { toFen } from '../../src/core/fen';
import { generateMoves, GEN_ALL } from '../../src/core/movegen';
import type { Position } from '../../src/core/position';
import { load, flipped } from '../helpers/chess';

const suite = fs
  .readFileSync(path.join(__dirname, '..', 'data', 'perft', 'perftsuite.epd'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => l.split(';')[0].trim());

describe('hand-crafted evaluation', () => {
  it('is symmetric under a colour flip', () => {
    const hce = new HceEvaluator();
    let nonzero = 0;
    for (const fen of suite) {
      const pos = load(fen),
        v = hce.evaluate(pos);
      expect(hce.evaluate(flipped(pos)), fen).toBe(v);
      if (v !== hce.evaluate(load('4k3/8/8/8/8/8/8/4K3 w - - 0 1'))) nonzero++;
    }
    expect(nonzero).toBeGreaterThan(100);
  });

  it('depends on the position only: along make/unmake trees it equals a fresh evaluator on the FEN', () => {
    const walked = new HceEvaluator(),
      fresh = new HceEvaluator();
    const list = new Int32Array(256);
    let checked = 0;
    const walk = (p: Position, d: number): void => {
      expect(walked.evaluate(p)).toBe(fresh.evaluate(load(toFen(p), p.chess960)));
      checked++;
      if (d === 0) return;
      const n = generateMoves(p, list, 0, GEN_ALL);
      const moves = Array.from(list.subarray(0, n));
      for (const m of moves) {
        p.make(m);
        walk(p, d - 1);
        p.unmake(m);
      }
    };
    for (const fen of suite.filter((_, i) => i % 8 === 0)) walk(load(fen), 2);
    expect(checked).toBeGreaterThan(2000);
  });
});
