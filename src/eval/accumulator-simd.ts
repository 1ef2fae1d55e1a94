// The accumulator stack on the WebAssembly SIMD kernels (simd.ts; accumulator.ts says what it holds): plain int16
// lanes in the kernels' own memory, H padded to a multiple of 8 with zero weights, eight lanes per operation. For nets
// whose output sums fit the int32 chunks (pairChunk > 0). Same integers as the JavaScript backend (int16 lanes wrap
// alike, and the sums are exact), so the same evaluations and nodes.
// Memory layout in bytes: the accumulator stack at 0 (slot sp, perspective p at (sp * 2 + p) * nb), then the feature
// rows (feature f at ft + f * nb), then the output layers ([bucket][2][nb], side to move first).
import type { Position } from '../core/position';
import { INPUTS, featureIndex, type Net } from './netfile';
import { SLOTS, pairChunk, type Accumulators } from './accumulator';
import { createSimdKernels, type SimdKernels } from './simd';

export class SimdAccumulators implements Accumulators {
  /**
   * The SIMD backend for net, with kernels of its own (its own memory); null where WebAssembly SIMD is missing or
   * the net's output sums do not fit the kernels (then the JavaScript backend serves).
   */
  static create(net: Net): SimdAccumulators | null {
    const chunk = pairChunk(net);
    if (chunk === 0) return null;
    const kernels = createSimdKernels();
    return kernels ? new SimdAccumulators(net, kernels, chunk) : null;
  }

  /** Bytes per perspective's accumulator (lanes padded to 8), and the byte offsets of the rows and output layers. */
  private readonly nb: number;
  private readonly ft: number;
  private readonly out: number;
  private readonly qa: number;
  /** int16 view of the kernels' memory (made after it has grown), and the feature biases padded to nb / 2 lanes. */
  private readonly mem16: Int16Array;
  private readonly bias16: Int16Array;

  private constructor(
    net: Net,
    private readonly k: SimdKernels,
    private readonly chunk: number,
  ) {
    const lanes = (net.hidden + 7) & ~7,
      nb = lanes * 2;
    this.nb = nb;
    this.ft = SLOTS * 2 * nb;
    this.out = this.ft + INPUTS * nb;
    const end = this.out + net.buckets * 2 * nb;
    const mem = k.memory,
      have = mem.buffer.byteLength;
    if (end > have) mem.grow(Math.ceil((end - have) / 65536));
    const m = new Int16Array(mem.buffer);
    this.mem16 = m;
    m.fill(0, 0, end >> 1);
    const H = net.hidden;
    for (let f = 0; f < INPUTS; f++) m.set(net.ftW.subarray(f * H, (f + 1) * H), (this.ft >> 1) + f * lanes);
    for (let r = 0; r < 2 * net.buckets; r++) m.set(net.outW.subarray(r * H, (r + 1) * H), (this.out >> 1) + r * lanes);
    this.bias16 = new Int16Array(lanes);
    this.bias16.set(net.ftB);
    this.qa = net.qa;
  }

  refresh(pos: Position, sp: number): void {
    const M = this.mem16,
      lanes = this.nb >> 1,
      ft = this.ft >> 1,
      board = pos.board;
    for (let persp = 0; persp < 2; persp++) {
      const base = (sp * 2 + persp) * lanes;
      M.set(this.bias16, base);
      for (let sq = 0; sq < 64; sq++) {
        const p = board[sq];
        if (!p) continue;
        const w = ft + featureIndex(persp, p, sq) * lanes;
        for (let j = 0; j < lanes; j++) M[base + j] += M[w + j]; // an Int16Array wraps as the kernels' lanes do
      }
    }
  }

  copy(from: number, to: number): void {
    const l = this.nb; // lanes of both perspectives
    this.mem16.copyWithin(to * l, from * l, from * l + l);
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
    const k = this.k,
      n = this.nb,
      ft = this.ft,
      s = src * 2 * n,
      d = dst * 2 * n;
    const a0 = ft + featureIndex(0, pa, sqa) * n,
      r0 = ft + featureIndex(0, ps1, sqs1) * n;
    const a1 = ft + featureIndex(1, pa, sqa) * n,
      r1 = ft + featureIndex(1, ps1, sqs1) * n;
    if (ps2 < 0) k.upd1(d, s, n, a0, r0, a1, r1);
    else if (pa2 < 0)
      k.upd2(d, s, n, a0, r0, ft + featureIndex(0, ps2, sqs2) * n, a1, r1, ft + featureIndex(1, ps2, sqs2) * n);
    else {
      k.upd3(
        d,
        s,
        n,
        a0,
        r0,
        ft + featureIndex(0, ps2, sqs2) * n,
        ft + featureIndex(0, pa2, sqa2) * n,
        a1,
        r1,
        ft + featureIndex(1, ps2, sqs2) * n,
        ft + featureIndex(1, pa2, sqa2) * n,
      );
    }
  }

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
    const k = this.k,
      n = this.nb,
      ft = this.ft,
      s = src * 2 * n,
      d = dst * 2 * n,
      chunk = this.chunk,
      qa = this.qa;
    const a0 = ft + featureIndex(0, pa, sqa) * n,
      r0 = ft + featureIndex(0, ps1, sqs1) * n;
    const a1 = ft + featureIndex(1, pa, sqa) * n,
      r1 = ft + featureIndex(1, ps1, sqs1) * n;
    const ob = this.out + b * 2 * n,
      o0 = ob + (stm === 0 ? 0 : n),
      o1 = ob + (stm === 0 ? n : 0);
    if (ps2 < 0) return k.updsum1(d, s, n, o0, o1, chunk, qa, a0, r0, a1, r1);
    if (pa2 < 0)
      return k.updsum2(
        d,
        s,
        n,
        o0,
        o1,
        chunk,
        qa,
        a0,
        r0,
        ft + featureIndex(0, ps2, sqs2) * n,
        a1,
        r1,
        ft + featureIndex(1, ps2, sqs2) * n,
      );
    return k.updsum3(
      d,
      s,
      n,
      o0,
      o1,
      chunk,
      qa,
      a0,
      r0,
      ft + featureIndex(0, ps2, sqs2) * n,
      ft + featureIndex(0, pa2, sqa2) * n,
      a1,
      r1,
      ft + featureIndex(1, ps2, sqs2) * n,
      ft + featureIndex(1, pa2, sqa2) * n,
    );
  }

  outputSum(sp: number, stm: number, b: number): number {
    const n = this.nb,
      ob = this.out + b * 2 * n;
    return this.k.osum(sp * 2 * n, n, ob + (stm === 0 ? 0 : n), ob + (stm === 0 ? n : 0), this.chunk, this.qa);
  }

  same(a: number, b: number): boolean {
    const M = this.mem16,
      w = this.nb,
      x = a * w,
      y = b * w;
    for (let j = 0; j < w; j++) if (M[x + j] !== M[y + j]) return false;
    return true;
  }
}
