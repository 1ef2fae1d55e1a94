// The float network the trainer fits, (768 -> H) x 2 -> 1 with SCReLU, B output buckets (by the number of
// pieces) and optionally K king buckets (768 K inputs, see kingInfo in src/eval/nnue.ts), and its gradient kernel.
// Parameters live in one Float32Array: W[768 K][H] | [factorised: F[768][H]] | b[H] | o[B][2H] (side to move
// first) | ob[B]. Factorised, every king bucket's weight of a feature is W + F: F learns what the feature is worth
// wherever the king stands, from all the data, and W only each bucket's difference; quantise() folds F into W.
// The output is in units of SCALE centipawns: eval = out * SCALE, win probability = sigmoid(out).
import { INPUTS, outputBucket, kingInfo } from '../src/eval/nnue';
import type { DataSet } from './loader';
import { flipFeature } from './loader';

export function paramCount(H: number, B = 1, K = 1, fz = false): number {
  return INPUTS * K * H + (fz ? INPUTS * H : 0) + H + (2 * H + 1) * B;
}

/** Offsets: f the factor weights (= b when not factorised), b the feature biases, o the output weights, ob their biases. */
export interface Layout { H: number; B: number; K: number; fz: boolean; f: number; b: number; o: number; ob: number }
export function layout(H: number, B = 1, K = 1, fz = false): Layout {
  const w = INPUTS * K * H, b = w + (fz ? INPUTS * H : 0);
  return { H, B, K, fz, f: w, b, o: b + H, ob: b + H + 2 * H * B };
}

/**
 * The king information (kingInfo) of both perspectives of a white-view feature list, into out[0] (white) and out[1]
 * (black): the white king is feature 320 + sq, the black one 704 + sq.
 */
export function featureKings(kmap: Uint8Array | null, feat: ArrayLike<number>, from: number, to: number, out: Int32Array): void {
  if (kmap === null) { out[0] = 0; out[1] = 0; return; }
  let wk = 0, bk = 0;
  for (let k = from; k < to; k++) {
    const f = feat[k];
    if (f >= 320 && f < 384) wk = f - 320;
    else if (f >= 704) bk = f - 704;
  }
  out[0] = kingInfo(kmap, wk);
  out[1] = kingInfo(kmap, bk ^ 56);
}

/** Deterministic initial weights: feature weights ~ U(-0.15, 0.15), output ~ U(-1/sqrt(2H), 1/sqrt(2H)). */
export function initParams(H: number, seed: number, B = 1, K = 1, fz = false): Float32Array {
  const p = new Float32Array(new SharedArrayBuffer(paramCount(H, B, K, fz) * 4));
  let s = seed >>> 0;
  const rnd = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b); z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
  const L = layout(H, B, K, fz);
  // Factorised, the buckets start equal (W = 0) and the shared factor takes the random start.
  for (let i = fz ? L.f : 0; i < L.b; i++) p[i] = (rnd() * 2 - 1) * 0.15;
  const r = 1 / Math.sqrt(2 * H);
  for (let i = L.o; i < L.ob; i++) p[i] = (rnd() * 2 - 1) * r;
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
  /** King information of the last forward()'s position: white's perspective, black's. */
  private readonly ki = new Int32Array(2);
  constructor(readonly H: number, readonly scale: number, readonly B = 1, readonly kmap: Uint8Array | null = null, readonly K = 1,
    readonly fz = false) {
    this.L = layout(H, B, K, fz);
    this.au = new Float32Array(H); this.at = new Float32Array(H);
    this.du = new Float32Array(H); this.dt = new Float32Array(H);
  }

  /** Fills the two accumulators of position i; returns the raw output. */
  forward(d: DataSet, p: Float32Array, i: number): number {
    const H = this.H, au = this.au, at = this.at, L = this.L;
    const bucket = this.B === 1 ? 0 : outputBucket(d.start[i + 1] - d.start[i], this.B);
    this.oo = L.o + bucket * 2 * H;
    this.ob = L.ob + bucket;
    const oo = this.oo, ob = this.ob;
    for (let j = 0; j < H; j++) { au[j] = p[L.b + j]; at[j] = p[L.b + j]; }
    const black = d.stm[i] === 1;
    featureKings(this.kmap, d.feat, d.start[i], d.start[i + 1], this.ki);
    const kw = this.ki[0], kb = this.ki[1];
    for (let k = d.start[i], e = d.start[i + 1]; k < e; k++) {
      const f = d.feat[k];
      const gw = f ^ (kw & 7), gb = flipFeature(f) ^ (kb & 7);
      const fw = (kw >> 3) + gw, fb = (kb >> 3) + gb;
      const wu = (black ? fb : fw) * H, wt = (black ? fw : fb) * H;
      for (let j = 0; j < H; j++) { au[j] += p[wu + j]; at[j] += p[wt + j]; }
      if (this.fz) {
        const fu = L.f + (black ? gb : gw) * H, ft = L.f + (black ? gw : gb) * H;
        for (let j = 0; j < H; j++) { au[j] += p[fu + j]; at[j] += p[ft + j]; }
      }
    }
    let out = p[ob];
    for (let j = 0; j < H; j++) {
      let u = au[j]; u = u < 0 ? 0 : u > 1 ? 1 : u;
      let t = at[j]; t = t < 0 ? 0 : t > 1 ? 1 : t;
      out += p[oo + j] * u * u + p[oo + H + j] * t * t;
    }
    return out;
  }

  target(d: DataSet, i: number, lambda: number): number {
    return lambda * d.result[i] + (1 - lambda) * sigmoid(d.score[i] / this.scale);
  }

  /** Adds the gradient of the squared error over idx[from, to) to grad; returns the summed loss. */
  gradient(d: DataSet, p: Float32Array, grad: Float32Array, idx: Uint32Array, from: number, to: number, lambda: number): number {
    const H = this.H, L = this.L, au = this.au, at = this.at, du = this.du, dt = this.dt;
    let loss = 0;
    for (let n = from; n < to; n++) {
      const i = idx[n];
      const out = this.forward(d, p, i);
      const pred = sigmoid(out), err = pred - this.target(d, i, lambda);
      loss += err * err;
      const g = 2 * err * pred * (1 - pred);
      const oo = this.oo;
      grad[this.ob] += g;
      for (let j = 0; j < H; j++) {
        const a = au[j], b = at[j];
        const u = a < 0 ? 0 : a > 1 ? 1 : a, t = b < 0 ? 0 : b > 1 ? 1 : b;
        grad[oo + j] += g * u * u;
        grad[oo + H + j] += g * t * t;
        du[j] = a > 0 && a < 1 ? g * p[oo + j] * 2 * a : 0;
        dt[j] = b > 0 && b < 1 ? g * p[oo + H + j] * 2 * b : 0;
        grad[L.b + j] += du[j] + dt[j];
      }
      const black = d.stm[i] === 1;
      const kw = this.ki[0], kb = this.ki[1]; // set by forward() for this position
      for (let k = d.start[i], e = d.start[i + 1]; k < e; k++) {
        const f = d.feat[k];
        const gw = f ^ (kw & 7), gb = flipFeature(f) ^ (kb & 7);
        const fw = (kw >> 3) + gw, fb = (kb >> 3) + gb;
        const wu = (black ? fb : fw) * H, wt = (black ? fw : fb) * H;
        for (let j = 0; j < H; j++) { grad[wu + j] += du[j]; grad[wt + j] += dt[j]; }
        if (this.fz) {
          const fu = L.f + (black ? gb : gw) * H, ft = L.f + (black ? gw : gb) * H;
          for (let j = 0; j < H; j++) { grad[fu + j] += du[j]; grad[ft + j] += dt[j]; }
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
