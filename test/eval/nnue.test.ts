// The network in the engine: lazy incremental accumulators = full refresh = the trainer's integer
// forward pass, on positions from the perft suites walked with every kind of move and null moves;
// colour-flip symmetry; the trainer's float net against its quantised form; bad net files refused.
import { describe, it, expect, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NnueEvaluator } from '../../src/eval/nnue';
import { parseNet, writeNet, featureIndex, HEADER_BYTES, type Net } from '../../src/eval/netfile';
import { createSearcher } from '../../src/search/setup';
import { defaultLimits } from '../../src/search/limits';
import { parseUciMove } from '../../src/core/notation';
import { defaultNet } from '../../src/eval/nets';
import { legalMoves } from '../../src/core/movegen';
import { MAX_MOVES, CASTLING, EN_PASSANT, PROMOTION, moveKind } from '../../src/core/types';
import { WHITE } from '../../src/core/bitboard';
import type { Position } from '../../src/core/position';
import { load, flipped } from '../helpers/chess';
import { quantise, quantisedEval, dequantise } from '../../train/quantise';
import { initParams, Kernel } from '../../train/model';
import type { DataSet } from '../../train/loader';

const perftDir = path.join(__dirname, '..', 'data', 'perft');
function fens(file: string, every: number, chess960 = false): { fen: string; chess960: boolean }[] {
  return fs
    .readFileSync(path.join(perftDir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .filter((_, i) => i % every === 0)
    .map((l) => ({ fen: l.split(';')[0].trim(), chess960 }));
}

/** A random int16 net (seeded), with weights large enough that clipping at 0 and QA both happen. */
function randomNet(H: number, seed: number, B = 1, outMax = 127): Net {
  let s = seed;
  const r = (lo: number, hi: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return lo + ((s >>> 8) % (hi - lo + 1));
  };
  const ftW = new Int16Array(768 * H).map(() => r(-60, 60));
  const ftB = new Int16Array(H).map(() => r(-50, 200));
  const outW = new Int16Array(2 * H * B).map(() => r(-outMax, outMax));
  const outB = new Int32Array(B).map(() => r(-5000, 5000));
  const bytes = writeNet({ hidden: H, qa: 255, qb: 64, scale: 400, buckets: B, ftW, ftB, outW, outB });
  const n = parseNet(bytes);
  if (typeof n === 'string') throw new Error(n);
  return n;
}

/** White-view features of pos, as the trainer's loader stores them. */
function features(pos: Position): number[] {
  const f: number[] = [];
  for (let sq = 0; sq < 64; sq++) if (pos.board[sq]) f.push(featureIndex(WHITE, pos.board[sq], sq));
  return f;
}

// Every check runs on a single-output net and on one with 8 output buckets (chosen by piece count), each on the
// WebAssembly SIMD kernels and on the plain JS path alike.
describe.each([
  [1, true],
  [1, false],
  [8, true],
  [8, false],
] as const)('NNUE inference, %i output bucket(s), SIMD %s', (B, simd) => {
  let net: Net;
  let ev: NnueEvaluator;
  beforeAll(() => {
    net = randomNet(24, 7, B, 127);
    ev = new NnueEvaluator(net, { simd });
    expect(ev.simd).toBe(simd);
  });

  it('lazy updates match a full refresh and the trainer formula over walks with every move kind', () => {
    const start = [
      ...fens('perftsuite.epd', 1),
      ...fens('perft_random.epd', 40),
      ...fens('chess960_fischer.epd', 30, true),
    ];
    const list = new Int32Array(MAX_MOVES);
    let checked = 0,
      rng = 12345;
    const kinds = new Set<number>();
    let nulls = 0;
    for (const { fen, chess960 } of start) {
      const pos = load(fen, chess960);
      ev.reset();
      const played: number[] = [];
      for (let ply = 0; ply < 10; ply++) {
        const lazy = ev.evaluateNet(pos);
        const feats = features(pos);
        const formula = quantisedEval(net, feats, 0, feats.length, pos.stm !== WHITE);
        expect(formula).toBe(lazy);
        // Every other position: check the lazy path against a refresh, then keep walking lazily.
        if (ply % 2 === 0) {
          expect(ev.evaluateFresh(pos)).toBe(lazy);
        }
        checked++;
        rng = (Math.imul(rng, 1103515245) + 12345) >>> 0;
        if (!pos.inCheck() && rng % 7 === 0) {
          pos.makeNull();
          played.push(0);
          nulls++;
          continue;
        }
        const n = legalMoves(pos, list);
        if (n === 0) break;
        // Prefer special moves when there are any, so castling, en passant and promotions are covered.
        let m = list[(rng >>> 8) % n];
        for (let i = 0; i < n; i++) if (moveKind(list[i]) !== 0 && rng & 1) m = list[i];
        kinds.add(moveKind(m));
        pos.make(m);
        played.push(m);
        // Sometimes skip an evaluation: the next one must then apply two moves at once.
        if (rng % 5 === 0 && ply < 9) {
          const k = legalMoves(pos, list);
          if (k === 0) break;
          pos.make(list[0]);
          played.push(list[0]);
        }
      }
      // Unwind: the ancestors' accumulators are still the right ones.
      while (played.length) {
        const m = played.pop()!;
        if (m === 0) pos.unmakeNull();
        else pos.unmake(m);
        const feats = features(pos);
        expect(ev.evaluateNet(pos)).toBe(quantisedEval(net, feats, 0, feats.length, pos.stm !== WHITE));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(nulls).toBeGreaterThan(10);
    for (const k of [CASTLING, EN_PASSANT, PROMOTION]) expect(kinds.has(k)).toBe(true);
  });

  it('a null move recomputed after a sibling leaves the next slot alone (null, X / Y / null, X)', () => {
    // Regression: the null-move copy once spilled into the following slot, so a later visit of a
    // position at that slot, with its key still marked current, read the wrong accumulators.
    const pos = load('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    ev.reset();
    const fresh = (): number => {
      const feats = features(pos);
      return quantisedEval(net, feats, 0, feats.length, pos.stm !== WHITE);
    };
    ev.evaluateNet(pos);
    const x = parseUciMove(pos, 'd5e6'); // played after black's null move: white again
    pos.makeNull();
    ev.evaluateNet(pos);
    const y = parseUciMove(pos, 'a6e2');
    expect(y).not.toBe(0);
    pos.make(y);
    const p = ev.evaluateNet(pos);
    pos.unmake(y);
    pos.unmakeNull();
    pos.make(x);
    ev.evaluateNet(pos);
    pos.unmake(x); // slot 1 now holds another position
    pos.makeNull();
    ev.evaluateNet(pos);
    pos.make(y);
    expect(ev.evaluateNet(pos)).toBe(p);
    expect(ev.evaluateNet(pos)).toBe(fresh());
  });

  it('every evaluation of real searches (null moves, TT cuts, singular searches) matches a refresh', () => {
    const s = createSearcher({ evaluator: ev, hashMiB: 4 });
    const tt = s.tt;
    ev.verifyAccumulators(true);
    let nodes = 0;
    for (const fen of [
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      'r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16',
      'rnbqkb1r/pp1p1pPp/8/2p1pP2/1P1P4/3P3P/P1P1P3/RNBQKBNR w KQkq e6 0 1',
    ]) {
      tt.clear();
      s.go(load(fen), { ...defaultLimits(), nodes: 30000 }, { multiPV: 1, moveOverhead: 0 }, null, 0, 0);
      nodes += s.nodes;
    }
    expect(ev.verifyAccumulators(false)).toBe(0);
    expect(nodes).toBeGreaterThan(60000);
  });

  it('is symmetric under a colour flip', () => {
    let n = 0;
    for (const { fen } of fens('perftsuite.epd', 1)) {
      const pos = load(fen);
      expect(ev.evaluateFresh(flipped(pos))).toBe(ev.evaluateFresh(pos));
      n++;
    }
    expect(n).toBeGreaterThan(100);
  });

  it("the trainer's float net and its quantised form agree within a few centipawns", () => {
    const H = 16,
      scale = 400;
    const params = initParams(H, 3, B);
    const { net: q } = quantise(params, H, scale, B);
    expect(q.buckets).toBe(B);
    const k = new Kernel(H, scale, B);
    const qev = new NnueEvaluator(q, { simd });
    let worst = 0;
    for (const { fen } of fens('perftsuite.epd', 1)) {
      const pos = load(fen);
      const f = features(pos);
      const d: DataSet = {
        count: 1,
        feat: Uint16Array.from(f),
        start: Uint32Array.from([0, f.length]),
        stm: Uint8Array.from([pos.stm]),
        score: new Int16Array(1),
        result: new Float32Array(1),
        game: new Uint32Array(1),
      };
      const fl = k.forward(d, params, 0) * scale;
      const qe = quantisedEval(q, f, 0, f.length, pos.stm !== WHITE);
      worst = Math.max(worst, Math.abs(fl - qe));
      expect(qev.evaluateFresh(pos)).toBe(qe);
    }
    expect(worst).toBeLessThan(8);
  });

  it('the built-in net dequantised and quantised again is the same file (fine-tuning from a net file)', () => {
    const net = defaultNet();
    const p = dequantise(net, net.hidden, net.buckets);
    const { net: again } = quantise(p, net.hidden, net.scale, net.buckets);
    expect(again.checksum).toBe(net.checksum);
    expect(() => dequantise(net, net.hidden * 2, net.buckets)).toThrow(/wide/);
  });
});

// The output layer sums in int32 over chunks of lane pairs short enough not to overflow: with |w| up to 16514 a chunk is
// one pair; beyond, not even one pair fits and the products are summed as doubles. The sums must still equal the
// trainer's (double) formula exactly. An odd hidden size runs with a zero pad lane (JS) or seven (SIMD, chunks of
// one vector at |w| 16000: each lane is moved into the int64 sum after every vector).
describe.each([
  [64, 32767, false],
  [64, 16000, true],
  [64, 16000, false],
  [23, 127, true],
  [23, 127, false],
])('NNUE with H %i and output weights up to %i, SIMD %s', (H, wMax, simd) => {
  it('matches the trainer formula and a refresh', () => {
    const net = randomNet(H, 11, 1, wMax);
    if (wMax > 127) {
      net.outW.fill(wMax, 0, 32);
      net.outW.fill(-wMax, 64, 96);
    } // runs of the largest weights, both signs
    const ev = new NnueEvaluator(net, { simd });
    expect(ev.simd).toBe(simd);
    const list = new Int32Array(MAX_MOVES);
    let checked = 0;
    for (const { fen } of fens('perftsuite.epd', 8)) {
      const pos = load(fen);
      ev.reset();
      for (let ply = 0; ply < 6; ply++) {
        const feats = features(pos);
        const lazy = ev.evaluateNet(pos);
        expect(lazy).toBe(quantisedEval(net, feats, 0, feats.length, pos.stm !== WHITE));
        if (ply === 3) expect(ev.evaluateFresh(pos)).toBe(lazy);
        checked++;
        const n = legalMoves(pos, list);
        if (n === 0) break;
        pos.make(list[(ply * 7) % n]);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('evaluators side by side', () => {
  it("two searches' evaluators in one thread keep their own nets and accumulators", () => {
    // Walks advance together, so every evaluator works on the same stack slots at the same time: shared state
    // (one net, one accumulator stack, as the engine once had per thread) would show as wrong scores.
    const netA = randomNet(24, 21, 8),
      netB = randomNet(40, 22, 1);
    const walks = [
      {
        ev: new NnueEvaluator(netA),
        net: netA,
        pos: load('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'),
      },
      {
        ev: new NnueEvaluator(netB),
        net: netB,
        pos: load('r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16'),
      },
      {
        ev: new NnueEvaluator(netA, { simd: false }),
        net: netA,
        pos: load('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11'),
      },
    ];
    expect(walks.map((w) => w.ev.simd)).toEqual([true, true, false]);
    const list = new Int32Array(MAX_MOVES);
    let checked = 0;
    for (let ply = 0; ply < 16; ply++) {
      for (const { ev, net, pos } of walks) {
        const feats = features(pos);
        expect(ev.evaluateNet(pos)).toBe(quantisedEval(net, feats, 0, feats.length, pos.stm !== WHITE));
        checked++;
        const n = legalMoves(pos, list);
        if (n > 0) pos.make(list[(ply * 7) % n]);
      }
    }
    expect(checked).toBe(48);
  });
});

describe('net files', () => {
  const good = (): Uint8Array => writeNet({ ...randomNet(8, 1) });

  it('round-trips and the built-in net parses', () => {
    const n = parseNet(good());
    expect(typeof n).not.toBe('string');
    const src = randomNet(8, 2, 8),
      back = parseNet(writeNet(src));
    if (typeof back === 'string') throw new Error(back);
    expect(back.buckets).toBe(8);
    expect([...back.outW]).toEqual([...src.outW]);
    expect([...back.outB]).toEqual([...src.outB]);
    const d = defaultNet();
    expect(d.hidden).toBeGreaterThan(0);
  });

  it('every committed net parses', () => {
    const dir = path.join(__dirname, '..', '..', 'train', 'nets');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.nnue'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const n = parseNet(new Uint8Array(fs.readFileSync(path.join(dir, f))));
      expect(typeof n === 'string' ? `${f}: ${n}` : f).toBe(f);
    }
  });

  it('refuses a bad magic, a wrong size, a damaged payload and a wrong version', () => {
    const b1 = good();
    b1[0] ^= 1;
    expect(parseNet(b1)).toMatch(/magic/);
    expect(parseNet(good().subarray(0, 1000))).toMatch(/bytes/);
    const b3 = good();
    b3[HEADER_BYTES + 100] ^= 4;
    expect(parseNet(b3)).toMatch(/checksum/);
    const b4 = good();
    b4[4] = 9;
    expect(parseNet(b4)).toMatch(/version/);
    expect(parseNet(new Uint8Array(5))).toMatch(/short/);
    // A bucket count the payload does not have, and one out of range.
    const b5 = writeNet({ ...randomNet(8, 3, 4) });
    b5[18] = 5;
    expect(parseNet(b5)).toMatch(/bytes/);
    const b6 = writeNet({ ...randomNet(8, 3, 4) });
    b6[18] = 0;
    expect(parseNet(b6)).toMatch(/sizes/);
    // A king-bucket net (architecture 3, read by earlier builds) is refused by name, whatever its sizes.
    const b8 = writeNet({ ...randomNet(8, 4, 2) });
    b8[6] = 3;
    expect(parseNet(b8)).toBe('king-bucket nets (architecture 3) are not supported');
    // A clip bound above 255 would overflow the output layer's int32 products.
    const b7 = good();
    b7[12] = 0;
    b7[13] = 1; // QA 256
    expect(parseNet(b7)).toMatch(/sizes/);
  });
});
