#!/usr/bin/env node
// The page's whole-game review, done by the Node build: every position of bench/review-game.json searched to a fixed
// depth, one after another, on one thread with a 16 MiB hash (the page's settings: web/main.ts starts its engine so,
// web/review-panel.ts searches each position by its FEN with MultiPV 1), timed. Compare with the page's time for the
// same work, printed by `REVIEW_BENCH=1 npx vitest run test/web/review-offline.test.ts` on the same machine.
//   node bench/review-node.mjs [--depth 12] [--threads 1]
// Needs the package build (npm run build: dist/node.cjs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const depth = opt('depth', 12);
const threads = opt('threads', 1);
const { fens } = JSON.parse(readFileSync(new URL('./review-game.json', import.meta.url), 'utf8'));
const { Engine } = require('../dist/node.cjs');

const engine = await Engine.start({ threads, hash: 16 });
await engine.setOption('MultiPV', 1);
engine.newGame();
let nodes = 0;
let searched = 0;
const t0 = performance.now();
for (const fen of fens) {
  const a = await engine.analyse(fen, { depth });
  // A finished game (mate or stalemate on the board) has no line; the page does not search those either.
  if (a.lines.length === 0) continue;
  searched++;
  nodes += a.lines[0].nodes;
}
const seconds = (performance.now() - t0) / 1000;
await engine.quit();
console.log(
  `review-node: ${searched} of ${fens.length} positions at depth ${depth} on ${threads} thread(s): ` +
    `${seconds.toFixed(2)} s, ${nodes} nodes (${Math.round(nodes / seconds / 1000)} knps)`,
);
