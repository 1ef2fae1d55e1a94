#!/usr/bin/env node
// Cost of one evaluation in a search-like pattern: make a move, evaluate (one lazy accumulator
// update plus the output layer), unmake; the network at several widths (random weights) against the
// hand-crafted evaluation. Usage: node bench/nnue-bench.mjs [iterations]
import * as path from 'node:path';
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleCore } from '../test/helpers/bundle-core.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = await bundleCore(
  root,
  'nnue-bench',
  `
  export { parseFen } from './src/core/fen';
  export { legalMoves } from './src/core/movegen';
  export { writeNet, parseNet } from './src/eval/netfile';
  export { NnueEvaluator } from './src/eval/nnue';
  export { HceEvaluator } from './src/eval/evaluate';`,
);
const m = await import(file);
fs.rmSync(file);
const iters = Number(process.argv[2] ?? 300000);
const fens = [
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11',
];
function run(evalFn) {
  const list = new Int32Array(256);
  let sink = 0;
  const t0 = performance.now();
  let n = 0;
  for (const fen of fens) {
    const pos = m.parseFen(fen);
    const k = m.legalMoves(pos, list);
    evalFn(pos);
    for (let i = 0; i < iters / fens.length; i++) {
      const mv = list[i % k];
      pos.make(mv);
      sink += evalFn(pos);
      pos.unmake(mv);
      n++;
    }
  }
  return { ns: ((performance.now() - t0) * 1e6) / n, sink };
}
function randomNet(H) {
  let s = 1;
  const r = (a, b) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return a + ((s >>> 8) % (b - a + 1));
  };
  return m.parseNet(
    m.writeNet({
      hidden: H,
      qa: 255,
      qb: 64,
      scale: 400,
      ftW: new Int16Array(768 * H).map(() => r(-60, 60)),
      ftB: new Int16Array(H).map(() => r(-50, 200)),
      outW: new Int16Array(2 * H).map(() => r(-127, 127)),
      buckets: 1,
      outB: new Int32Array(1),
    }),
  );
}
for (let rep = 0; rep < 2; rep++) {
  const hce = new m.HceEvaluator();
  const rows = [['hce', run((pos) => hce.evaluate(pos)).ns]];
  for (const H of [32, 64, 128, 256]) {
    const ev = new m.NnueEvaluator(randomNet(H));
    rows.push([`nnue H=${H}`, run((pos) => ev.evaluateNet(pos)).ns]);
  }
  console.log(rows.map(([k, v]) => `${k}: ${v.toFixed(0)} ns`).join('  '));
}
