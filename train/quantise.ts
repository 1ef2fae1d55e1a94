// Float parameters -> the engine's int16 net: feature weights and biases x QA, output weights x QB,
// output bias x QA x QB. The engine then computes (sum clamp(acc, 0, QA)^2 w / QA + b) * SCALE / (QA QB).
import { writeNet, parseNet, outputBucket, netScore, type Net } from '../src/eval/netfile';
import { layout, paramCount } from './model';
import { flipFeature } from './loader';

export const QA = 255,
  QB = 256;

const clamp16 = (x: number): number => Math.max(-32767, Math.min(32767, Math.round(x)));

export function quantise(p: Float32Array, H: number, scale: number, B = 1): { bytes: Uint8Array; net: Net } {
  const L = layout(H, B);
  const ftW = new Int16Array(L.b),
    ftB = new Int16Array(H),
    outW = new Int16Array(2 * H * B),
    outB = new Int32Array(B);
  for (let i = 0; i < L.b; i++) ftW[i] = clamp16(p[i] * QA);
  for (let j = 0; j < H; j++) ftB[j] = clamp16(p[L.b + j] * QA);
  for (let j = 0; j < 2 * H * B; j++) outW[j] = clamp16(p[L.o + j] * QB);
  for (let j = 0; j < B; j++) outB[j] = Math.round(p[L.ob + j] * QA * QB);
  const bytes = writeNet({ hidden: H, qa: QA, qb: QB, scale, buckets: B, ftW, ftB, outW, outB });
  const net = parseNet(bytes);
  if (typeof net === 'string') throw new Error(`quantised net does not parse: ${net}`);
  return { bytes, net };
}

/** The inverse of quantise: a net file's float parameters (within one quantisation step of the floats it came from). */
export function dequantise(net: Net, H: number, B: number): Float32Array {
  if (net.hidden !== H || net.buckets !== B)
    throw new Error(`net is ${net.hidden} wide with ${net.buckets} buckets, expected ${H} and ${B}`);
  const L = layout(H, B),
    p = new Float32Array(paramCount(H, B));
  for (let i = 0; i < L.b; i++) p[i] = net.ftW[i] / net.qa;
  for (let j = 0; j < H; j++) p[L.b + j] = net.ftB[j] / net.qa;
  for (let j = 0; j < 2 * H * B; j++) p[L.o + j] = net.outW[j] / net.qb;
  for (let j = 0; j < B; j++) p[L.ob + j] = net.outB[j] / (net.qa * net.qb);
  return p;
}

/** The engine's integer formula on a data set position (centipawns, side to move's view). */
export function quantisedEval(net: Net, feats: ArrayLike<number>, from: number, to: number, black: boolean): number {
  const H = net.hidden,
    au = new Float64Array(H),
    at = new Float64Array(H);
  for (let j = 0; j < H; j++) {
    au[j] = net.ftB[j];
    at[j] = net.ftB[j];
  }
  for (let k = from; k < to; k++) {
    const f = feats[k],
      g = flipFeature(f);
    const wu = (black ? g : f) * H,
      wt = (black ? f : g) * H;
    for (let j = 0; j < H; j++) {
      au[j] += net.ftW[wu + j];
      at[j] += net.ftW[wt + j];
    }
  }
  const b = outputBucket(to - from, net.buckets),
    o = b * 2 * H;
  let sum = 0;
  for (let j = 0; j < H; j++) {
    const u = Math.min(Math.max(au[j], 0), net.qa),
      t = Math.min(Math.max(at[j], 0), net.qa);
    sum += u * u * net.outW[o + j] + t * t * net.outW[o + H + j];
  }
  return netScore(net, sum, b);
}
