// The accumulator stack in plain JavaScript (accumulator.ts says what it holds), two int16 lanes in one int32
// ("SWAR"): the accumulators and the feature weights are held as pairs P = lo + 65536 * hi in Int32Arrays, so one
// 32-bit add or subtract updates two lanes (a carry or borrow out of lo is exactly what the value lo + 65536 * hi
// needs). Sums are taken mod 2^32, so an incremental update and a full refresh give the same bits. A lane is read
// back as lo = (P << 16) >> 16, hi = (P - lo) >> 16. An odd H gets one zero-weight pad lane.
import type { Position } from '../core/position';
import { INPUTS, featureIndex, type Net } from './netfile';
import { SLOTS, pairChunk, type Accumulators } from './accumulator';

/** Packs n lanes of int16 (n = count * h) into count rows of ceil(h / 2) pairs. */
function pack(src: Int16Array, count: number, h: number): Int32Array {
  const h2 = (h + 1) >> 1,
    out = new Int32Array(count * h2);
  for (let r = 0; r < count; r++) {
    for (let j = 0; j < h2; j++) {
      const lo = src[r * h + 2 * j],
        hi = 2 * j + 1 < h ? src[r * h + 2 * j + 1] : 0;
      out[r * h2 + j] = (lo + hi * 65536) | 0;
    }
  }
  return out;
}

export class SwarAccumulators implements Accumulators {
  /** Lane pairs per perspective: ceil(H / 2). */
  private readonly h2: number;
  /** ftW[f * h2 + j]: feature f's weights for lanes 2j and 2j + 1, packed; ftB the biases alike. */
  private readonly ftW: Int32Array;
  private readonly ftB: Int32Array;
  /** [bucket][2 * 2 * h2] (side to move first), padded to whole lane pairs with zeros. */
  private readonly outW: Int16Array;
  /** See pairChunk. */
  private readonly chunk: number;
  /** acc[(sp * 2 + persp) * h2 + j], packed pairs. */
  private readonly acc: Int32Array;
  /**
   * sq[x + 32768] = clamp(x, 0, qa)^2 for every int16 x: the activation as one load (a branching clamp mispredicts,
   * about half the accumulators being clipped; shifts and masks plus a multiply measured slower in bench).
   */
  private readonly sq = new Int32Array(65536);

  constructor(net: Net) {
    const H = net.hidden,
      h2 = (H + 1) >> 1,
      B = net.buckets;
    this.h2 = h2;
    this.ftW = pack(net.ftW, INPUTS, H);
    this.ftB = pack(net.ftB, 1, H);
    this.outW = new Int16Array(B * 4 * h2);
    for (let r = 0; r < 2 * B; r++) for (let i = 0; i < H; i++) this.outW[r * 2 * h2 + i] = net.outW[r * H + i];
    this.chunk = pairChunk(net);
    this.acc = new Int32Array(SLOTS * 2 * h2);
    const qa = net.qa;
    for (let x = -32768; x < 32768; x++) {
      const v = x < 0 ? 0 : x > qa ? qa : x;
      this.sq[x + 32768] = v * v;
    }
  }

  refresh(pos: Position, sp: number): void {
    const A = this.acc,
      W = this.ftW,
      B = this.ftB,
      h2 = this.h2,
      board = pos.board;
    for (let persp = 0; persp < 2; persp++) {
      const base = (sp * 2 + persp) * h2;
      for (let j = 0; j < h2; j++) A[base + j] = B[j];
      for (let sq = 0; sq < 64; sq++) {
        const p = board[sq];
        if (!p) continue;
        const w = featureIndex(persp, p, sq) * h2;
        for (let j = 0; j < h2; j++) A[base + j] = (A[base + j] + W[w + j]) | 0;
      }
    }
  }

  copy(from: number, to: number): void {
    const w = 2 * this.h2;
    this.acc.copyWithin(to * w, from * w, (from + 1) * w);
  }

  update(
    src: number,
    dst: number,
    pa: number,
    sqa: number,
    ps1: number,
    sqs1: number,
    ps2: number,
    sqs2: number,
    pa2: number,
    sqa2: number,
  ): void {
    const A = this.acc,
      W = this.ftW,
      h2 = this.h2;
    for (let persp = 0; persp < 2; persp++) {
      const s = (src * 2 + persp) * h2,
        d = (dst * 2 + persp) * h2;
      const a = featureIndex(persp, pa, sqa) * h2,
        r1 = featureIndex(persp, ps1, sqs1) * h2;
      if (ps2 < 0) {
        for (let j = 0; j < h2; j++) A[d + j] = A[s + j] + W[a + j] - W[r1 + j];
      } else if (pa2 < 0) {
        const r2 = featureIndex(persp, ps2, sqs2) * h2;
        for (let j = 0; j < h2; j++) A[d + j] = A[s + j] + W[a + j] - W[r1 + j] - W[r2 + j];
      } else {
        const r2 = featureIndex(persp, ps2, sqs2) * h2,
          a2 = featureIndex(persp, pa2, sqa2) * h2;
        for (let j = 0; j < h2; j++) A[d + j] = A[s + j] + W[a + j] + W[a2 + j] - W[r1 + j] - W[r2 + j];
      }
    }
  }

  /**
   * Why the loops look like this: two lanes per 32-bit operation (see above); the activation comes from the sq
   * table; the products are summed in int32 over chunks short enough that they cannot overflow (see pairChunk),
   * which keeps the loop in integer registers; the chunk sums are added as doubles.
   */
  updateSum(
    src: number,
    dst: number,
    stm: number,
    b: number,
    pa: number,
    sqa: number,
    ps1: number,
    sqs1: number,
    ps2: number,
    sqs2: number,
    pa2: number,
    sqa2: number,
  ): number {
    const k = this.chunk;
    if (k === 0) {
      this.update(src, dst, pa, sqa, ps1, sqs1, ps2, sqs2, pa2, sqa2);
      return this.outputSum(dst, stm, b);
    }
    // Locals, not the fields: V8 keeps them in registers across the loops.
    const A = this.acc,
      W = this.ftW,
      O = this.outW,
      h2 = this.h2,
      T = this.sq,
      outOff = b * 4 * h2;
    let sum = 0;
    for (let persp = 0; persp < 2; persp++) {
      const s = (src * 2 + persp) * h2,
        d = (dst * 2 + persp) * h2,
        o = outOff + (persp === stm ? 0 : 2 * h2);
      const a = featureIndex(persp, pa, sqa) * h2,
        r1 = featureIndex(persp, ps1, sqs1) * h2;
      if (ps2 < 0) {
        for (let c = 0; c < h2; c += k) {
          const e = c + k < h2 ? c + k : h2;
          let part = 0;
          for (let j = c; j < e; j++) {
            const x = (A[s + j] + W[a + j] - W[r1 + j]) | 0;
            A[d + j] = x;
            const lo = (x << 16) >> 16,
              hi = (x - lo) >> 16;
            part = (part + Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1])) | 0;
          }
          sum += part;
        }
      } else if (pa2 < 0) {
        const r2 = featureIndex(persp, ps2, sqs2) * h2;
        for (let c = 0; c < h2; c += k) {
          const e = c + k < h2 ? c + k : h2;
          let part = 0;
          for (let j = c; j < e; j++) {
            const x = (A[s + j] + W[a + j] - W[r1 + j] - W[r2 + j]) | 0;
            A[d + j] = x;
            const lo = (x << 16) >> 16,
              hi = (x - lo) >> 16;
            part = (part + Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1])) | 0;
          }
          sum += part;
        }
      } else {
        const r2 = featureIndex(persp, ps2, sqs2) * h2,
          a2 = featureIndex(persp, pa2, sqa2) * h2;
        for (let c = 0; c < h2; c += k) {
          const e = c + k < h2 ? c + k : h2;
          let part = 0;
          for (let j = c; j < e; j++) {
            const x = (A[s + j] + W[a + j] + W[a2 + j] - W[r1 + j] - W[r2 + j]) | 0;
            A[d + j] = x;
            const lo = (x << 16) >> 16,
              hi = (x - lo) >> 16;
            part = (part + Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1])) | 0;
          }
          sum += part;
        }
      }
    }
    return sum;
  }

  outputSum(sp: number, stm: number, b: number): number {
    const A = this.acc,
      O = this.outW,
      h2 = this.h2,
      T = this.sq,
      chunk = this.chunk;
    const k = chunk > 0 ? chunk : 1;
    let sum = 0;
    for (let persp = 0; persp < 2; persp++) {
      const s = (sp * 2 + persp) * h2,
        o = b * 4 * h2 + (persp === stm ? 0 : 2 * h2);
      for (let c = 0; c < h2; c += k) {
        const e = c + k < h2 ? c + k : h2;
        let part = 0;
        for (let j = c; j < e; j++) {
          const x = A[s + j],
            lo = (x << 16) >> 16,
            hi = (x - lo) >> 16;
          // With chunk 0 a single pair may pass int32: then its two products go to the double sum. (A separate
          // function for that rare case measured slower in bench, in both orders of interleaved runs.)
          if (chunk === 0) sum += Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1]);
          else part = (part + Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1])) | 0;
        }
        sum += part;
      }
    }
    return sum;
  }

  same(a: number, b: number): boolean {
    const A = this.acc,
      w = 2 * this.h2,
      x = a * w,
      y = b * w;
    for (let j = 0; j < w; j++) if (A[x + j] !== A[y + j]) return false;
    return true;
  }
}
