// Time allocation: never plan to spend the clock, honour movetime, answer at once on an empty clock.
import { describe, it, expect } from 'vitest';
import { allocateTime } from '../../src/search/timeman';
import { defaultLimits } from '../../src/search/limits';

const limits = (o: Partial<ReturnType<typeof defaultLimits>>) => ({ ...defaultLimits(), ...o });

describe('allocateTime', () => {
  it('gives no limit without a clock or with infinite', () => {
    expect(allocateTime(limits({}), true, 30)).toEqual({ soft: 0, hard: 0 });
    expect(allocateTime(limits({ wtime: 1000, infinite: true }), true, 30)).toEqual({ soft: 0, hard: 0 });
  });

  it('uses movetime minus the overhead for both limits', () => {
    expect(allocateTime(limits({ movetime: 1000 }), true, 30)).toEqual({ soft: 970, hard: 970 });
    expect(allocateTime(limits({ movetime: 5 }), true, 30)).toEqual({ soft: 1, hard: 1 });
  });

  it('reads the clock of the side to move', () => {
    const w = allocateTime(limits({ wtime: 60000, btime: 1000 }), true, 30);
    const b = allocateTime(limits({ wtime: 60000, btime: 1000 }), false, 30);
    expect(w.hard).toBeGreaterThan(b.hard);
  });

  it('keeps the hard limit within 40% of the clock and soft below hard', () => {
    for (const [time, inc] of [
      [10000, 100],
      [1000, 10],
      [300, 100],
      [100, 0],
      [60000, 600],
      [200, 1000],
    ]) {
      const t = allocateTime(limits({ wtime: time, winc: inc, btime: time, binc: inc }), true, 30);
      expect(t.hard).toBeLessThanOrEqual(Math.max(1, (time - 30) * 0.4));
      expect(t.soft).toBeLessThanOrEqual(t.hard);
      expect(t.soft).toBeGreaterThan(0);
    }
  });

  it('answers at once on a zero or negative clock', () => {
    for (const time of [0, -100]) {
      const t = allocateTime(limits({ wtime: time, btime: time }), true, 30);
      expect(t.hard).toBe(1);
    }
  });

  it('with movestogo 1 may use most of the clock but not all of it', () => {
    const t = allocateTime(limits({ wtime: 1000, btime: 1000, movestogo: 1 }), true, 30);
    expect(t.hard).toBeGreaterThan(500);
    expect(t.hard).toBeLessThan(1000 - 30);
  });
});
