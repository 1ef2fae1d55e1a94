// The trainer's schedules: learning rate and result weight over the steps.
import { describe, expect, it } from 'vitest';
import { lambdaAt, lrAt } from '../../train/schedule';

describe('training schedules', () => {
  it('the learning rate falls along a cosine from lr to lr * lrEnd', () => {
    const o = { lr: 0.002, lrEnd: 0.05 };
    expect(lrAt(o, 0, 1000)).toBeCloseTo(0.002, 12);
    expect(lrAt(o, 500, 1000)).toBeCloseTo(0.002 * (0.05 + 0.95 * 0.5), 12);
    expect(lrAt(o, 1000, 1000)).toBeCloseTo(0.0001, 12);
    for (let s = 1; s <= 1000; s += 37) expect(lrAt(o, s, 1000)).toBeLessThan(lrAt(o, s - 1, 1000));
  });

  it('the result weight ramps linearly from lambda to lambdaEnd, and stays put without a ramp', () => {
    const ramp = { lambda: 0.1, lambdaEnd: 0.4 };
    expect(lambdaAt(ramp, 0, 200)).toBeCloseTo(0.1, 12);
    expect(lambdaAt(ramp, 100, 200)).toBeCloseTo(0.25, 12);
    expect(lambdaAt(ramp, 200, 200)).toBeCloseTo(0.4, 12);
    expect(lambdaAt({ lambda: 0.1, lambdaEnd: 0.1 }, 77, 200)).toBe(0.1);
    expect(lambdaAt(ramp, 0, 0)).toBe(0.1);
  });
});
