// The position's incremental piece-square sums must equal a from-scratch sum after any
// sequence of make/unmake (castling, en passant and promotions included).
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseFen } from '../../src/core/fen';
import '../../src/eval/evaluate'; // installs the tables
import { PSQT_MG, PSQT_EG } from '../../src/core/psqt';
import { generateMoves, GEN_ALL } from '../../src/core/movegen';
import type { Position } from '../../src/core/position';

function scratchSum(p: Position): [number, number] {
  let m = 0, e = 0;
  for (let s = 0; s < 64; s++) { const pc = p.board[s]; if (pc) { m += PSQT_MG[pc * 64 + s]; e += PSQT_EG[pc * 64 + s]; } }
  return [m, e];
}

describe('incremental piece-square sums', () => {
  it('match a full recount through make/unmake trees', () => {
    const lines = readFileSync(new URL('../data/perft/perftsuite.epd', import.meta.url), 'utf8').trim().split('\n');
    let mismatches = 0, checked = 0;
    const walk = (p: Position, d: number): void => {
      const [m, e] = scratchSum(p);
      checked++;
      if (m !== p.psqMg || e !== p.psqEg) mismatches++;
      if (d === 0) return;
      const list = new Int32Array(256);
      const n = generateMoves(p, list, 0, GEN_ALL);
      for (let i = 0; i < n; i++) { p.make(list[i]); walk(p, d - 1); p.unmake(list[i]); }
    };
    for (const line of lines) walk(parseFen(line.split(';')[0].trim()) as Position, 2);
    expect(checked).toBeGreaterThan(10000);
    expect(mismatches).toBe(0);
    expect(PSQT_MG[1 * 64 + 12]).not.toBe(0); // tables were installed
  });
});
