// The page's chess clock, on a fake time source.
import { describe, expect, it } from 'vitest';
import { ChessClock, formatClock, parseTimeControl, TIME_CONTROLS } from '../../web/clock';

function fake(): { now: () => number; advance: (ms: number) => void } {
  let t = 1000;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

describe('chess clock', () => {
  it('reads time controls and refuses what is not one', () => {
    expect(parseTimeControl('3+2')).toEqual({ initialMs: 180000, incrementMs: 2000 });
    expect(parseTimeControl(' 0.5 + 0 ')).toEqual({ initialMs: 30000, incrementMs: 0 });
    for (const tc of TIME_CONTROLS) expect(typeof parseTimeControl(tc)).toBe('object');
    for (const bad of ['', '3', '3+', '+2', '-1+0', '0+5', 'a+b', '500+0', `${'9'.repeat(500)}+0`]) {
      const r = parseTimeControl(bad);
      expect(typeof r).toBe('string');
      expect((r as string).length).toBeLessThan(90);
    }
  });

  it('charges the side to move, adds the increment on each move, and starts the other clock', () => {
    const t = fake();
    const c = new ChessClock({ initialMs: 60000, incrementMs: 1000 }, t.now);
    expect(c.running()).toBeNull();
    t.advance(5000);
    expect(c.remaining('w')).toBe(60000); // not started: nothing charged
    c.start('w');
    t.advance(3000);
    expect(c.remaining('w')).toBe(57000);
    expect(c.press()).toBeNull();
    expect(c.remaining('w')).toBe(58000);
    expect(c.running()).toBe('b');
    t.advance(10000);
    expect(c.remaining('b')).toBe(50000);
    expect(c.remaining('w')).toBe(58000);
    expect(c.goLimits()).toEqual({ wtime: 58000, btime: 50000, winc: 1000, binc: 1000 });
    c.pause();
    t.advance(10000);
    expect(c.remaining('b')).toBe(50000);
  });

  it('reports a fallen flag and refuses a move made after it', () => {
    const t = fake();
    const c = new ChessClock({ initialMs: 2000, incrementMs: 1000 }, t.now);
    c.start('w');
    t.advance(1500);
    expect(c.flagged()).toBeNull();
    expect(c.press()).toBeNull(); // white: 500 + 1000
    t.advance(1999);
    expect(c.flagged()).toBeNull();
    t.advance(1); // black's 2000 ms are gone: its flag falls at zero
    expect(c.flagged()).toBe('b');
    expect(c.remaining('b')).toBe(0);
    expect(c.press()).toBe('b');
    expect(c.running()).toBe('b');
  });

  it('formats clocks as players read them', () => {
    expect(formatClock(180000)).toBe('3:00');
    expect(formatClock(61999)).toBe('1:01');
    expect(formatClock(3723000)).toBe('1:02:03');
    expect(formatClock(9950)).toBe('0:09.9');
    expect(formatClock(-5)).toBe('0:00.0');
  });
});
