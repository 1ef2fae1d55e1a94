// The history bonus of a quiet cutoff: linear in depth, capped, and never a malus, whatever values a tune gives it.
import { afterEach, describe, expect, it } from 'vitest';
import { historyBonus } from '../../src/search/history';
import { P, PARAM_RANGES } from '../../src/search/params';

const saved = { histMul: P.histMul, histBase: P.histBase, histMax: P.histMax };
afterEach(() => Object.assign(P, saved));

describe('history bonus', () => {
  it('is histMul * depth - histBase up to histMax at the defaults', () => {
    for (let d = 1; d <= 30; d++) expect(historyBonus(d)).toBe(Math.min(P.histMul * d - P.histBase, P.histMax));
  });

  it('stays positive and within histMax at every corner of the tuning ranges', () => {
    const r = PARAM_RANGES;
    for (const histMul of [r.histMul.min, r.histMul.max])
      for (const histBase of [r.histBase.min, r.histBase.max])
        for (const histMax of [r.histMax.min, r.histMax.max]) {
          Object.assign(P, { histMul, histBase, histMax });
          for (let d = 1; d <= 30; d++) {
            const b = historyBonus(d);
            expect(b).toBeGreaterThanOrEqual(1);
            expect(b).toBeLessThanOrEqual(histMax);
          }
        }
    // The case that needs the floor: histBase above histMul, as a tune may try.
    Object.assign(P, { histMul: 260, histBase: 300 });
    expect(historyBonus(1)).toBe(1);
    expect(historyBonus(2)).toBe(220);
  });
});
