// The float network the trainer fits, (768 -> H) x 2 -> 1 with SCReLU and B output buckets (by the
// number of pieces), and its gradient kernel.
// Parameters live in one Float32Array: W[768][H] | b[H] | o[B][2H] (side to move first) | ob[B].
// The output is in units of SCALE centipawns: eval = out * SCALE, win probability = sigmoid(out).
import { INPUTS, outputBucket } from '../src/eval/netfile';
import type { DataSet } from './loader';
import { flipFeature } from './loader';

export function paramCount(H: number, B = 1): number {
  return INPUTS * H + H + (2 * H + 1) * B;
}

export interface Layout {
  H: number;
  B: number;
  b: number;
  o: number;
  ob: number;
}
export function layout(H: number, B = 1): Layout {
  return { H, B, b: INPUTS * H, o: INPUTS * H + H, ob: INPUTS * H + H + 2 * H * B };
}

/** Deterministic initial weights: feature weights ~ U(-0.15, 0.15), output ~ U(-1/sqrt(2H), 1/sqrt(2H)). */
export function initParams(H: number, seed: number, B = 1): Float32Array {
  const p = new Float32Array(new SharedArrayBuffer(paramCount(H, B) * 4));
  let s = seed >>> 0;
  const rnd = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
  const L = layout(H, B);
  for (let i = 0; i < L.b; i++) p[i] = (rnd() * 2 - 1) * 0.15;
  const r = 1 / Math.sqrt(2 * H);
  for (let i = L.o; i < L.ob; i++) p[i] = (rnd() * 2 - 1) * r;
  return p;
}

/** The hidden size of a parameter vector of n floats with B output buckets (0 when n fits no size). */
export function hiddenOf(n: number, B = 1): number {
  const H = (n - B) / (INPUTS + 1 + 2 * B);
  return Number.isInteger(H) && H > 0 ? H : 0;
}

/**
 * A narrower net's parameters in a net H wide that computes the same function: the old hidden units keep their
 * weights, the new ones get fresh feature weights (from seed, as initParams draws them) and zero output weights, so
 * training grows them from the old net's evaluation rather than from scratch.
 */
export function widen(p0: Float32Array, H0: number, H: number, B: number, seed: number): Float32Array {
  if (H0 > H) throw new Error(`cannot narrow a net from ${H0} to ${H}`);
  const p = initParams(H, seed, B),
    L0 = layout(H0, B),
    L = layout(H, B);
  for (let f = 0; f < INPUTS; f++) for (let j = 0; j < H0; j++) p[f * H + j] = p0[f * H0 + j];
  for (let j = 0; j < H; j++) p[L.b + j] = j < H0 ? p0[L0.b + j] : 0;
  for (let b = 0; b < B; b++)
    for (let side = 0; side < 2; side++)
      for (let j = 0; j < H; j++)
        p[L.o + b * 2 * H + side * H + j] = j < H0 ? p0[L0.o + b * 2 * H0 + side * H0 + j] : 0;
  for (let b = 0; b < B; b++) p[L.ob + b] = p0[L0.ob + b];
  return p;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Scratch for one thread (no allocation per position). */
export class Kernel {
  private readonly au: Float32Array;
  private readonly at: Float32Array;
  private readonly du: Float32Array;
  private readonly dt: Float32Array;
  private readonly L: Layout;
  /** Offset of the output layer used by the last forward(): its bucket's. */
  private oo = 0;
  private ob = 0;
  constructor(
    readonly H: number,
    readonly scale: number,
    readonly B = 1,
  ) {
    this.L = layout(H, B);
    this.au = new Float32Array(H);
    this.at = new Float32Array(H);
    this.du = new Float32Array(H);
    this.dt = new Float32Array(H);
  }

  /** Fills the two accumulators of position i; returns the raw output. */
  forward(d: DataSet, p: Float32Array, i: number): number {
    const H = this.H,
      au = this.au,
      at = this.at,
      L = this.L;
    const bucket = this.B === 1 ? 0 : outputBucket(d.start[i + 1] - d.start[i], this.B);
    this.oo = L.o + bucket * 2 * H;
    this.ob = L.ob + bucket;
    const oo = this.oo,
      ob = this.ob;
    for (let j = 0; j < H; j++) {
      au[j] = p[L.b + j];
      at[j] = p[L.b + j];
    }
    const black = d.stm[i] === 1;
    for (let k = d.start[i], e = d.start[i + 1]; k < e; k++) {
      const f = d.feat[k],
        g = flipFeature(f);
      const wu = (black ? g : f) * H,
        wt = (black ? f : g) * H;
      for (let j = 0; j < H; j++) {
        au[j] += p[wu + j];
        at[j] += p[wt + j];
      }
    }
    let out = p[ob];
    for (let j = 0; j < H; j++) {
      let u = au[j];
      u = u < 0 ? 0 : u > 1 ? 1 : u;
      let t = at[j];
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      out += p[oo + j] * u * u + p[oo + H + j] * t * t;
    }
    return out;
  }

  target(d: DataSet, i: number, lambda: number): number {
    return lambda * d.result[i] + (1 - lambda) * sigmoid(d.score[i] / this.scale);
  }

  /** Adds the gradient of the squared error over idx[from, to) to grad; returns the summed loss. */
  gradient(
    d: DataSet,
    p: Float32Array,
    grad: Float32Array,
    idx: Uint32Array,
    from: number,
    to: number,
    lambda: number,
  ): number {
    const H = this.H,
      L = this.L,
      au = this.au,
      at = this.at,
      du = this.du,
      dt = this.dt;
    let loss = 0;
    for (let n = from; n < to; n++) {
      const i = idx[n];
      const out = this.forward(d, p, i);
      const pred = sigmoid(out),
        err = pred - this.target(d, i, lambda);
      loss += err * err;
      const g = 2 * err * pred * (1 - pred);
      const oo = this.oo;
      grad[this.ob] += g;
      for (let j = 0; j < H; j++) {
        const a = au[j],
          b = at[j];
        const u = a < 0 ? 0 : a > 1 ? 1 : a,
          t = b < 0 ? 0 : b > 1 ? 1 : b;
        grad[oo + j] += g * u * u;
        grad[oo + H + j] += g * t * t;
        du[j] = a > 0 && a < 1 ? g * p[oo + j] * 2 * a : 0;
        dt[j] = b > 0 && b < 1 ? g * p[oo + H + j] * 2 * b : 0;
        grad[L.b + j] += du[j] + dt[j];
      }
      const black = d.stm[i] === 1;
      for (let k = d.start[i], e = d.start[i + 1]; k < e; k++) {
        const f = d.feat[k],
          gf = flipFeature(f);
        const wu = (black ? gf : f) * H,
          wt = (black ? f : gf) * H;
        for (let j = 0; j < H; j++) {
          grad[wu + j] += du[j];
          grad[wt + j] += dt[j];
        }
      }
    }
    return loss;
  }

  /** Summed loss over idx[from, to) (validation). */
  loss(d: DataSet, p: Float32Array, idx: Uint32Array, from: number, to: number, lambda: number): number {
    let loss = 0;
    for (let n = from; n < to; n++) {
      const i = idx[n];
      const err = sigmoid(this.forward(d, p, i)) - this.target(d, i, lambda);
      loss += err * err;
    }
    return loss;
  }
}
