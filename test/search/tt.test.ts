// Transposition table: store/probe round trip, replacement keeps the same key's move, torn or
// foreign entries are not reported as hits.
import { describe, it, expect } from 'vitest';
import { TT, createTTBuffer, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } from '../../src/search/tt';

describe('TT', () => {
  it('returns what was stored, signed scores and evals included', () => {
    const tt = new TT(createTTBuffer(1));
    tt.store(0x12345678, 0x0badf00d, 0x1234, 7, BOUND_EXACT, -31990, -250);
    expect(tt.probe(0x12345678, 0x0badf00d)).toBe(true);
    expect([tt.move, tt.depth, tt.bound, tt.score, tt.eval]).toEqual([0x1234, 7, BOUND_EXACT, -31990, -250]);
    expect(tt.probe(0x12345678, 0x0badf00e)).toBe(false); // other key, same bucket
  });

  it('keeps the old move when a new result for the same position has none', () => {
    const tt = new TT(createTTBuffer(1));
    tt.store(42, 99, 0x0abc, 3, BOUND_LOWER, 10, 5);
    tt.store(42, 99, 0, 4, BOUND_UPPER, -3, 5);
    expect(tt.probe(42, 99)).toBe(true);
    expect(tt.move).toBe(0x0abc);
    expect(tt.depth).toBe(4);
  });

  it('rejects an entry whose words were torn by a concurrent write', () => {
    const tt = new TT(createTTBuffer(1));
    tt.store(7, 1234567, 0x0101, 5, BOUND_EXACT, 50, 40);
    const d = tt.data;
    for (let i = 0; i < d.length; i += 3)
      if (d[i + 1] !== 0) {
        d[i + 2] ^= 1 << 20;
        break;
      } // corrupt the score word
    expect(tt.probe(7, 1234567)).toBe(false);
  });

  it('clear() empties the table and hashfull counts this search only', () => {
    const tt = new TT(createTTBuffer(1));
    for (let k = 0; k < 5000; k++) tt.store(k * 2654435761, k, 1, 1, BOUND_EXACT, 0, 0);
    expect(tt.hashfull()).toBeGreaterThan(0);
    tt.newSearch();
    expect(tt.hashfull()).toBe(0);
    tt.clear();
    expect(tt.probe(0, 0)).toBe(false);
  });
});
