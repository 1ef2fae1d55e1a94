// The trainer's pieces: the gradient kernel against finite differences of its own loss, and the
// loader's filters, labels and mirroring on a real self-play file from the repository.
import { describe, it, expect } from 'vitest';
import * as path from 'node:path';
import { Kernel, initParams, paramCount, layout, widen, hiddenOf } from '../../train/model';
import { loadData, flipFeature, DEFAULT_FILTER, type DataSet } from '../../train/loader';
import { featureIndex } from '../../src/eval/netfile';
import { WHITE, BLACK } from '../../src/core/bitboard';
import { load } from '../helpers/chess';

const DATA = path.join(__dirname, '..', '..', 'train', 'data', 'gen0', 'gen0-s3.vf.br');

function dataSet(fens: string[], scores: number[], results: number[]): DataSet {
  const feat: number[] = [],
    start: number[] = [0],
    stm: number[] = [];
  for (const fen of fens) {
    const pos = load(fen);
    for (let sq = 0; sq < 64; sq++) if (pos.board[sq]) feat.push(featureIndex(WHITE, pos.board[sq], sq));
    start.push(feat.length);
    stm.push(pos.stm);
  }
  return {
    count: fens.length,
    feat: Uint16Array.from(feat),
    start: Uint32Array.from(start),
    stm: Uint8Array.from(stm),
    score: Int16Array.from(scores),
    result: Float32Array.from(results),
    game: new Uint32Array(fens.length),
  };
}

/** Each probed parameter's analytic gradient against a central finite difference of the loss. */
function checkGradient(
  params: Float32Array,
  grad: Float32Array,
  probe: number[],
  lossAt: () => number,
  minGrad: number,
): void {
  for (const i of probe) {
    const eps = 1e-3,
      w = params[i];
    params[i] = w + eps;
    const up = lossAt();
    params[i] = w - eps;
    const down = lossAt();
    params[i] = w;
    // The step actually taken (parameters are float32).
    const numeric = (up - down) / (Math.fround(w + eps) - Math.fround(w - eps));
    expect(Math.abs(numeric), `parameter ${i} has no gradient to check`).toBeGreaterThan(minGrad);
    expect(Math.abs(grad[i] - numeric), `parameter ${i}: analytic ${grad[i]}, numeric ${numeric}`).toBeLessThan(
      0.02 * Math.abs(numeric) + 1e-7,
    );
  }
}

describe('trainer', () => {
  it('the gradient matches finite differences of the loss', () => {
    const H = 4,
      P = paramCount(H),
      L = layout(H);
    const d = dataSet(
      [
        'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
        '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      ],
      [35, -20, 140],
      [1, 0.5, 0],
    );
    const params = initParams(H, 5);
    // Biases away from SCReLU's kinks, so a small step cannot cross one.
    for (let j = 0; j < H; j++) params[L.b + j] = 0.3 + 0.05 * j;
    const k = new Kernel(H, 400);
    const idx = Uint32Array.from([0, 1, 2]);
    const grad = new Float32Array(P);
    k.gradient(d, params, grad, idx, 0, 3, 0.3);
    const lossAt = (): number => k.loss(d, params, idx, 0, 3, 0.3);
    // Output bias, output weights, biases, and the weights of features that occur (both perspectives).
    const f0 = d.feat[0],
      probe = [
        L.ob,
        L.o,
        L.o + H + 1,
        L.b,
        L.b + 2,
        f0 * H,
        f0 * H + 3,
        flipFeature(f0) * H + 1,
        flipFeature(d.feat[d.start[2]]) * H + 2,
      ];
    checkGradient(params, grad, probe, lossAt, 1e-6);
    // A feature absent from every position gets no gradient.
    const absent = featureIndex(WHITE, 5, 0) * H; // a white queen on a1 appears nowhere here
    expect(grad[absent]).toBe(0);
  });

  it('widening a net keeps its function and gives the new units room to learn', () => {
    const H0 = 4,
      H = 8,
      B = 2;
    const d = dataSet(
      [
        'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
        '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      ],
      [35, 140],
      [1, 0],
    );
    const p0 = initParams(H0, 7, B),
      L0 = layout(H0, B);
    for (let j = 0; j < H0; j++) p0[L0.b + j] = 0.2 + 0.1 * j;
    for (let b = 0; b < B; b++) p0[L0.ob + b] = 0.05 * (b + 1);
    const p = widen(p0, H0, H, B, 3),
      idx = Uint32Array.from([0, 1]);
    expect(p.length).toBe(paramCount(H, B));
    expect(hiddenOf(p.length, B)).toBe(H);
    expect(hiddenOf(p0.length, B)).toBe(H0);
    const loss0 = new Kernel(H0, 400, B).loss(d, p0, idx, 0, 2, 0.3),
      loss = new Kernel(H, 400, B).loss(d, p, idx, 0, 2, 0.3);
    expect(loss).toBeCloseTo(loss0, 10);
    // The new units have feature weights but no say in the output yet, so their output weights get a gradient.
    const grad = new Float32Array(paramCount(H, B));
    new Kernel(H, 400, B).gradient(d, p, grad, idx, 0, 2, 0.3);
    const L = layout(H, B);
    let newGrad = 0;
    for (let b = 0; b < B; b++)
      for (let j = H0; j < H; j++) {
        expect(p[L.o + b * 2 * H + j]).toBe(0);
        newGrad += Math.abs(grad[L.o + b * 2 * H + j]);
      }
    expect(newGrad).toBeGreaterThan(0);
    expect(() => widen(p, H, H0, B, 3)).toThrow(/narrow/);
  });

  it('loads a self-play file: filters, labels from the side to move, mirrored copies', () => {
    const plain = loadData([DATA], { ...DEFAULT_FILTER, mirror: false });
    const mirrored = loadData([DATA], DEFAULT_FILTER);
    const s = plain.stats;
    expect(s.games).toBe(188);
    expect(s.positions).toBe(23686);
    expect(s.kept + s.early + s.inCheck + s.tactical + s.extreme).toBe(s.positions);
    expect(s.early).toBeGreaterThanOrEqual(8 * 150);
    expect(mirrored.stats.kept).toBe(s.kept);
    expect(mirrored.data.count).toBe(s.kept + mirrored.stats.mirrored);
    expect(mirrored.stats.mirrored).toBeGreaterThan(s.kept / 4);
    // Two files: the second's games are numbered on from the first's, and the stats say where each file starts.
    const twice = loadData([DATA, DATA], { ...DEFAULT_FILTER, mirror: false });
    expect(s.fileFirstGame).toEqual([0]);
    expect(twice.stats.fileFirstGame).toEqual([0, 188]);
    expect(twice.data.game[s.kept]).toBe(188 + plain.data.game[0]);
    const d = plain.data;
    for (let i = 0; i < d.count; i++) {
      expect(Math.abs(d.score[i])).toBeLessThan(3000);
      expect([0, 0.5, 1]).toContain(d.result[i]);
      const n = d.start[i + 1] - d.start[i];
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(32);
      // Exactly one king of each colour among the features.
      const feats = Array.from(d.feat.subarray(d.start[i], d.start[i + 1]));
      expect(feats.filter((f) => f >= 5 * 64 && f < 6 * 64).length).toBe(1);
      expect(feats.filter((f) => f >= 11 * 64).length).toBe(1);
    }
    // Labels are from the side to move's view: both sides to move occur, and results flip with it.
    expect(new Set(d.stm)).toEqual(new Set([WHITE, BLACK]));
  });
});
