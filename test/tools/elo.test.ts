// tools/elo.mjs and tools/penta.mjs: Elo, its error and the SPRT's LLR from pentanomial counts, checked against the
// figures OpenBench's server and fastchess printed for tests logged in docs/TESTLOG.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the tools, without types
import { pentaElo, pentaLlr, sprtBounds } from '../../tools/elo.mjs';

const PENTA = join(__dirname, '..', '..', 'tools', 'penta.mjs');

// [pentanomial LL, LD, DD+WL, DW, WW; Elo ± as logged; OpenBench's LLR for [0, 10]]
const LOGGED: [number[], number, number, number][] = [
  [[26, 147, 266, 188, 47], 21.4, 12.6, 2.95], // search-bundle1, test 1
  [[6, 47, 106, 68, 18], 32.0, 20.0, 1.79], // search-bundle2r, test 9
  [[6, 34, 42, 13, 7], -32.5, 33.0, -0.84], // search-hist, test 20
  [[3, 27, 37, 20, 2], -17.6, 31.3, -0.49], // search-bundle7, test 17
];

describe('Elo from pentanomial counts', () => {
  it('gives the Elo and 95% error logged for past tests, and an LLR within 0.05 of OpenBench', () => {
    for (const [penta, elo, err, llr] of LOGGED) {
      const r = pentaElo(penta);
      expect(r.elo).toBeCloseTo(elo, 1);
      expect(r.err).toBeCloseTo(err, 1);
      expect(Math.abs(pentaLlr(penta, 0, 10) - llr)).toBeLessThan(0.05);
    }
  });

  it('is symmetric, zero at an even score, and unbounded when every pair went one way', () => {
    expect(pentaElo([5, 10, 20, 10, 5]).elo).toBeCloseTo(0, 9);
    expect(pentaElo([2, 3, 4, 5, 6]).elo).toBeCloseTo(-pentaElo([6, 5, 4, 3, 2]).elo, 9);
    expect(pentaLlr([2, 3, 4, 5, 6], 0, 10)).toBeGreaterThan(0);
    expect(pentaLlr([6, 5, 4, 3, 2], 0, 10)).toBeLessThan(0);
    expect(pentaElo([0, 0, 0, 0, 7]).elo).toBeNull();
    const [lower, upper] = sprtBounds(0.05, 0.1);
    expect(lower).toBeCloseTo(-2.25, 2);
    expect(upper).toBeCloseTo(2.89, 2);
  });

  it('penta.mjs reads five counts or a fastchess state file', () => {
    const counts = execFileSync(process.execPath, [PENTA, '6', '47', '106', '68', '18'], { encoding: 'utf8' });
    expect(counts).toMatch(/Elo \+32\.0 ± 20\.0, LLR 1\.8\d \(-2\.25, 2\.89\) for \[0, 10\]/);
    const dir = mkdtempSync(join(tmpdir(), 'penta-'));
    const state = join(dir, 'state.json');
    const stats = { wins: 128, losses: 83, draws: 279, penta_LL: 6, penta_LD: 47, penta_DD: 100 };
    const rest = { penta_WL: 6, penta_WD: 68, penta_WW: 18 };
    writeFileSync(state, JSON.stringify({ stats: { 'new vs old': { ...stats, ...rest } } }));
    const fromFile = execFileSync(process.execPath, [PENTA, state], { encoding: 'utf8' });
    expect(fromFile).toMatch(/^new vs old: 490 games, W-L-D 128-83-279, pentanomial 6-47-106-68-18 \(245 pairs\)/);
    expect(fromFile).toMatch(/Elo \+32\.0 ± 20\.0/);
  });
});
