#!/usr/bin/env node
// Syzygy probe speed: WDL (and DTZ) probes per second on random legal 4-piece positions.
//
//   node bench/tb-speed.mjs [--path test/data/syzygy] [--positions 20000] [--seed 1]
//
// Bundles src/tb with esbuild (plain Node cannot import TypeScript), draws the positions (all 4-piece materials,
// random squares, either side to move, kept when legal), then times:
//   cold: the prober's page cache emptied before every probe, so each probe reads its pages from the file
//         again (the operating system's cache stays warm: this is the prober's own cost, not the disk's);
//   warm: the same positions again with every page cached.
// Timings are wall-clock: run it on an idle machine.
import { bundleCore } from '../test/helpers/bundle-core.mjs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseOptions, mulberry32 } from '../tools/script-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opt = parseOptions({ path: path.join(root, 'test/data/syzygy'), positions: 20000, seed: 1 });

const lib = await bundleCore(
  root,
  'tbspeed',
  `
  export { parseFen } from './src/core/fen';
  export { Tablebases } from './src/tb/syzygy';
  export { probeWdl, probeDtz } from './src/tb/tbprobe';
  export { clearPageCache } from './src/tb/file';`,
);
const { parseFen, Tablebases, probeWdl, probeDtz, clearPageCache } = await import(pathToFileURL(lib).href);
fs.rmSync(lib);

const rand = mulberry32(opt.seed);
const P = 'QRBNP';
const materials = [];
for (let i = 0; i < 5; i++)
  for (let j = i; j < 5; j++) {
    materials.push([P[i], P[j]]);
    materials.push([P[i] + P[j], '']);
  }

const positions = [];
while (positions.length < opt.positions) {
  const [a, b] = materials[Math.floor(rand() * materials.length)];
  const board = new Array(64).fill('');
  for (const c of ['K', 'k', ...a, ...b.toLowerCase()]) {
    for (;;) {
      const sq = Math.floor(rand() * 64);
      if (board[sq] || ((c === 'P' || c === 'p') && (sq < 8 || sq >= 56))) continue;
      board[sq] = c;
      break;
    }
  }
  let fen = '';
  for (let r = 7; r >= 0; r--) {
    let e = 0;
    for (let f = 0; f < 8; f++) {
      const c = board[r * 8 + f];
      if (!c) {
        e++;
        continue;
      }
      if (e) {
        fen += e;
        e = 0;
      }
      fen += c;
    }
    fen += (e || '') + (r ? '/' : '');
  }
  const pos = parseFen(`${fen} ${rand() < 0.5 ? 'w' : 'b'} - - 0 1`);
  if (typeof pos !== 'string') positions.push(pos);
}

const tb = new Tablebases(opt.path);
console.log(`${tb.summary()}; ${positions.length} random 4-piece positions`);
function time(label, fn, cold) {
  const t0 = process.hrtime.bigint();
  let n = 0,
    sum = 0;
  for (const pos of positions) {
    if (cold) clearPageCache();
    const v = fn(tb, pos);
    if (v === null) throw new Error(`probe failed: ${tb.lastError}`);
    sum += v;
    n++;
  }
  const sec = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(
    `${label}: ${n} probes in ${sec.toFixed(2)} s = ${Math.round(n / sec).toLocaleString('en-US')} probes/s (checksum ${sum})`,
  );
}
time('WDL cold', probeWdl, true);
time('WDL warm', probeWdl, false);
time('WDL warm', probeWdl, false);
time('DTZ cold', probeDtz, true);
time('DTZ warm', probeDtz, false);
