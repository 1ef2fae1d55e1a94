// The search's scaling of the evaluation: by material and by the fifty-move counter, never across zero.
import { describe, it, expect } from 'vitest';
import { scaleEval, scaleMaterial } from '../../src/search/evalscale';
import { P } from '../../src/search/params';
import { load } from '../helpers/chess';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const withHalfmove = (fen: string, hm: number) => fen.replace(/ \d+ (\d+)$/, ` ${hm} $1`);

describe('evaluation scaling', () => {
  it('counts the material of both sides, kings left out', () => {
    // Each side: 8 pawns, 2 knights, 2 bishops, 2 rooks, a queen.
    expect(scaleMaterial(load(START))).toBe(2 * (8 * 100 + 4 * 450 + 2 * 650 + 1250));
    expect(scaleMaterial(load('4k3/8/8/8/8/8/8/4K3 w - - 0 1'))).toBe(0);
    expect(scaleMaterial(load('4k3/8/8/8/8/8/8/3QK3 w - - 0 1'))).toBe(1250);
    expect(scaleMaterial(load('4k3/3r4/8/8/8/8/4P3/4K3 b - - 0 1'))).toBe(750);
  });

  it('counts each piece once, wherever it stands, as a count of the board squares does', () => {
    const VALUE = [0, 100, 450, 450, 650, 1250, 0];
    const fens = [
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
      'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
      '1k6/rrqq4/nnbb4/8/8/8/8/K1QQNNBB w - - 0 1',
    ];
    for (const f of fens) {
      const pos = load(f);
      let sum = 0;
      for (let sq = 0; sq < 64; sq++) if (pos.board[sq] !== 0) sum += VALUE[pos.board[sq] & 7];
      expect(scaleMaterial(pos), f).toBe(sum);
    }
  });

  it('a score means more with more material, less as the fifty-move counter runs, and keeps its sign', () => {
    const fens = [START, 'r3k3/8/8/8/8/8/8/3QK3 w - - 0 1', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'];
    const byMaterial = fens.map((f) => scaleEval(load(f), 300, P.evalScaleBase));
    expect(byMaterial[0]).toBeGreaterThan(byMaterial[1]);
    expect(byMaterial[1]).toBeGreaterThan(byMaterial[2]);
    for (const f of fens) {
      let last = Infinity;
      for (let hm = 0; hm <= 100; hm += 10) {
        const pos = load(withHalfmove(f, hm));
        const up = scaleEval(pos, 300, P.evalScaleBase);
        expect(up).toBeLessThanOrEqual(last);
        expect(up).toBeGreaterThan(0);
        // Symmetric: the other side's advantage is scaled the same way.
        expect(scaleEval(pos, -300, P.evalScaleBase)).toBe(-up);
        expect(scaleEval(pos, 0, P.evalScaleBase)).toBe(0);
        last = up;
      }
      // At the fifty-move limit half of the score is left.
      const h0 = scaleEval(load(withHalfmove(f, 0)), 300, P.evalScaleBase);
      expect(Math.abs(scaleEval(load(withHalfmove(f, 100)), 300, P.evalScaleBase) - h0 / 2)).toBeLessThanOrEqual(1);
    }
  });
});
