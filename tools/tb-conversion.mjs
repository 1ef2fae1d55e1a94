#!/usr/bin/env node
// Tablebases in play: Tessera (with SyzygyPath) against Stockfish (also with the tables) from 30 won and 30 drawn
// 4-piece positions, both colours each, at a fast time control. Tessera must convert every won position it holds
// (no fifty-move draw) and lose no game from a drawn one.
//
//   node tools/tb-conversion.mjs [--engine dist/tessera] [--stockfish /usr/games/stockfish]
//        [--fastchess /work/tools/fastchess/fastchess] [--path test/data/syzygy] [--tc 1+0.01] [--seed 1]
//
// Positions are random legal placements, classified by fathom (an independent prober, /usr/games/fathom): won ones
// are wins for the side to move that are not cursed (they win under the fifty-move rule) and need at least 20 plies
// to the next capture or pawn move where no pawn is on the board; drawn ones are plain draws. No adjudication: every
// game is played out by the rules.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCore } from '../test/helpers/bundle-core.mjs';
import { parseOptions, mulberry32 } from './script-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opt = parseOptions({
  engine: path.join(root, 'dist/tessera'),
  stockfish: '/usr/games/stockfish',
  fastchess: '/work/tools/fastchess/fastchess',
  fathom: '/usr/games/fathom',
  path: path.join(root, 'test/data/syzygy'),
  tc: '1+0.01',
  seed: 1,
  out: os.tmpdir(),
});
const tbPath = path.resolve(opt.path);

// Tessera's FEN parser decides legality (side not to move in check, kings touching, pawns on a back rank).
const lib = await bundleCore(
  root,
  'tbconv',
  `
  export { parseFen, placementFen } from './src/core/fen';
  export { PIECE_CHARS } from './src/core/types';`,
);
const { parseFen, placementFen, PIECE_CHARS } = await import(pathToFileURL(lib).href);
fs.rmSync(lib);

const rand = mulberry32(opt.seed);
const randInt = (n) => Math.floor(rand() * n);

// Material (strong side first) and how many positions of each.
const WON = [
  ['KQvKR', 6],
  ['KBNvK', 4],
  ['KPvK', 5],
  ['KRvKP', 4],
  ['KQvKP', 4],
  ['KQvKN', 3],
  ['KBBvK', 2],
  ['KRvK', 2],
];
const DRAWN = [
  ['KRvKB', 6],
  ['KRvKN', 5],
  ['KPvK', 5],
  ['KQvKQ', 3],
  ['KBvKP', 3],
  ['KNvKP', 3],
  ['KPvKP', 3],
  ['KRvKR', 2],
];

/**
 * A random placement of the material (the strong side's colour drawn too), or null at once when a pawn lands on a back
 * rank or the kings touch; parseFen judges the rest. (The early nulls keep seed 1's positions those of docs/TESTLOG.md.)
 */
function randomPlacement(material) {
  const [strong, weak] = material.split('v');
  const strongWhite = rand() < 0.5;
  const board = new Uint8Array(64);
  const pieces = [
    ...[...strong].map((c) => (strongWhite ? c : c.toLowerCase())),
    ...[...weak].map((c) => (strongWhite ? c.toLowerCase() : c)),
  ];
  for (const c of pieces) {
    let sq;
    do sq = randInt(64);
    while (board[sq] !== 0);
    if (c.toUpperCase() === 'P' && (sq < 8 || sq >= 56)) return null;
    board[sq] = PIECE_CHARS.indexOf(c);
  }
  const wk = board.indexOf(PIECE_CHARS.indexOf('K')),
    bk = board.indexOf(PIECE_CHARS.indexOf('k'));
  if (Math.max(Math.abs((wk >> 3) - (bk >> 3)), Math.abs((wk & 7) - (bk & 7))) <= 1) return null;
  return { placement: placementFen(board), strongWhite };
}

function fathom(fen) {
  const r = spawnSync(opt.fathom, [`--path=${tbPath}`, fen], { encoding: 'utf8' });
  const wdl = /\[WDL "([^"]+)"\]/.exec(r.stdout ?? '');
  const dtz = /\[DTZ "(-?\d+)"\]/.exec(r.stdout ?? '');
  if (!wdl) return null; // illegal (side not to move in check) or not probed
  return { wdl: wdl[1], dtz: dtz ? Math.abs(Number(dtz[1])) : 0 };
}

function draw(material, won) {
  for (;;) {
    const p = randomPlacement(material);
    if (!p) continue;
    const stmWhite = won ? p.strongWhite : rand() < 0.5;
    const fen = `${p.placement} ${stmWhite ? 'w' : 'b'} - - 0 1`;
    if (typeof parseFen(fen) === 'string') continue;
    const f = fathom(fen);
    if (!f) continue;
    if (won && f.wdl === 'Win' && (material.includes('P') || f.dtz >= 20))
      return { fen, material, strongWhite: p.strongWhite, dtz: f.dtz };
    if (!won && f.wdl === 'Draw') return { fen, material, strongWhite: p.strongWhite, dtz: 0 };
  }
}

const positions = [];
for (const [m, n] of WON) for (let i = 0; i < n; i++) positions.push({ ...draw(m, true), won: true });
for (const [m, n] of DRAWN) for (let i = 0; i < n; i++) positions.push({ ...draw(m, false), won: false });
const byFen = new Map(positions.map((p) => [p.fen, p]));
const epd = path.join(opt.out, `tb-conversion-${opt.seed}.epd`);
fs.writeFileSync(epd, positions.map((p) => p.fen.split(' ').slice(0, 4).join(' ') + '\n').join(''));
console.log(
  `${positions.length} positions (${WON.reduce((a, w) => a + w[1], 0)} won, ${DRAWN.reduce((a, w) => a + w[1], 0)} drawn) in ${epd}`,
);

const pgn = path.join(opt.out, `tb-conversion-${opt.seed}.pgn`);
fs.rmSync(pgn, { force: true });
const args = [
  '-engine',
  `cmd=${path.resolve(opt.engine)}`,
  'name=tessera',
  `option.SyzygyPath=${tbPath}`,
  '-engine',
  `cmd=${opt.stockfish}`,
  'name=stockfish',
  `option.SyzygyPath=${tbPath}`,
  '-each',
  `tc=${opt.tc}`,
  'option.Hash=16',
  'option.Threads=1',
  '-openings',
  `file=${epd}`,
  'format=epd',
  'order=sequential',
  '-rounds',
  String(positions.length),
  '-repeat',
  '-concurrency',
  '2',
  '-recover',
  '-pgnout',
  `file=${pgn}`,
];
console.log(`${opt.fastchess} ${args.join(' ')}`);
const run = spawnSync(opt.fastchess, args, { encoding: 'utf8', cwd: opt.out, maxBuffer: 1 << 28 });
if (run.status !== 0) {
  console.error(run.stdout.slice(-2000), run.stderr.slice(-2000));
  process.exit(1);
}

// Tally from the PGN: Tessera's result as the side that holds the win, and as either side of a drawn position.
const games = fs
  .readFileSync(pgn, 'utf8')
  .split(/\n(?=\[Event )/)
  .filter((g) => g.includes('[Result'));
const tag = (g, k) => (new RegExp(`\\[${k} "([^"]*)"\\]`).exec(g) ?? [])[1];
const t = { wonHeld: [0, 0, 0], wonDefended: [0, 0, 0], drawnStrong: [0, 0, 0], drawnWeak: [0, 0, 0] }; // W D L for Tessera
const failures = [];
let incidents = 0;
for (const g of games) {
  const fen = tag(g, 'FEN'),
    result = tag(g, 'Result'),
    term = tag(g, 'Termination') ?? '';
  const p =
    byFen.get(fen) ??
    positions.find((q) => fen && q.fen.split(' ').slice(0, 4).join(' ') === fen.split(' ').slice(0, 4).join(' '));
  if (!p) {
    console.error(`game from an unknown position: ${fen}`);
    incidents++;
    continue;
  }
  if (/illegal|time|disconnect|stall/i.test(term)) incidents++;
  const tesseraWhite = tag(g, 'White') === 'tessera';
  const score = result === '1/2-1/2' ? 1 : (result === '1-0') === tesseraWhite ? 0 : 2; // index into W D L
  const tesseraStrong = tesseraWhite === p.strongWhite;
  const bucket = p.won ? (tesseraStrong ? 'wonHeld' : 'wonDefended') : tesseraStrong ? 'drawnStrong' : 'drawnWeak';
  t[bucket][score]++;
  if ((p.won && tesseraStrong && score !== 0) || (!p.won && score === 2))
    failures.push(`${p.material} ${fen}: ${result} (${term})`);
}
const fmt = (a) => `${a[0]}-${a[1]}-${a[2]}`;
console.log(`games: ${games.length}; Tessera's W-D-L:`);
console.log(`  won positions, Tessera holding the win:    ${fmt(t.wonHeld)}   (target: all won)`);
console.log(`  won positions, Tessera defending:          ${fmt(t.wonDefended)}`);
console.log(`  drawn positions, Tessera the stronger side: ${fmt(t.drawnStrong)}   (target: no loss)`);
console.log(`  drawn positions, Tessera the weaker side:   ${fmt(t.drawnWeak)}   (target: no loss)`);
console.log(`incidents (time losses, illegal moves, disconnects): ${incidents}`);
for (const f of failures) console.log(`  FAILED ${f}`);
process.exit(failures.length === 0 && incidents === 0 ? 0 : 1);
