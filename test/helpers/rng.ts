// A small seeded generator for tests that draw random cases (fuzz, model): a seed replays a run exactly.

/** A small seeded generator (splitmix32). */
export class Rng {
  constructor(private s: number) {}
  next(): number {
    this.s = (this.s + 0x9e3779b9) | 0;
    let z = this.s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32;
  }
  /** 0..n-1 */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** lo..hi inclusive */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  pick<T>(a: readonly T[]): T {
    return a[this.int(a.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A generator of its own, drawn from this one. */
  fork(): Rng {
    return new Rng((this.next() * 2 ** 32) | 0);
  }
}
