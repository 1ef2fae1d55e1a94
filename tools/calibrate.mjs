#!/usr/bin/env node
// Calibration of the strength limiter (issue 12, docs/STRENGTH.md): Tessera at UCI_Elo X against Stockfish at UCI_Elo X
// for each level, then the naturalness of Tessera's moves in those games, judged by a full-strength Tessera search.
//
//   node tools/calibrate.mjs [--levels 1400,1800,2200,2600] [--games 100] [--tc 10+0.1] [--engine dist/tessera]
//        [--stockfish /usr/games/stockfish] [--fastchess /work/tools/fastchess/fastchess] [--judge-nodes 50000]
//        [--out /tmp/calibrate] [--skip-games 0]
//
// Games: fastchess, openings from ../shared/data/openings/noob_3moves.epd (random order, both colours), Hash 16,
// Threads 1, concurrency 2, resignation adjudication only (both sides agree at 600 cp for 3 moves): a limited engine's
// score is still its own opinion, and draws are played out. The Elo is fastchess's, from Tessera's side: 0 means the
// level matches Stockfish's.
// Naturalness: every position of every game is searched once by Tessera at full strength (--judge-nodes, one engine per
// core); a move's loss is E(before) + E(after) from the mover's view (E from the side to move, clipped to ±1500 cp,
// mates as ±1500), never below 0. Reported per level: Tessera's average loss per move and its share of moves losing
// 300 cp or more (Stockfish's alongside, for scale).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCore } from '../test/helpers/bundle-core.mjs';
import { parseOptions } from './script-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opt = parseOptions({
  levels: '1400,1800,2200,2600',
  games: 100,
  tc: '10+0.1',
  engine: path.join(root, 'dist/tessera'),
  stockfish: '/usr/games/stockfish',
  fastchess: '/work/tools/fastchess/fastchess',
  'judge-nodes': 50000,
  out: '/tmp/calibrate',
  book: path.resolve(root, '../shared/data/openings/noob_3moves.epd'),
  'skip-games': 0,
});
fs.mkdirSync(opt.out, { recursive: true });
const levels = opt.levels.split(',').map(Number);
const engine = path.resolve(opt.engine);

const lib = await bundleCore(
  root,
  'calibrate',
  `
  export { parseFen, toFen } from './src/core/fen';
  export { parseSan } from './src/core/notation';`,
);
const { parseFen, toFen, parseSan } = await import(pathToFileURL(lib).href);
fs.rmSync(lib);

// ---- games ----
function playLevel(elo) {
  const pgn = path.join(opt.out, `level-${elo}.pgn`),
    log = path.join(opt.out, `level-${elo}.log`);
  if (opt['skip-games']) return { pgn, log };
  fs.rmSync(pgn, { force: true });
  const args = [
    '-engine',
    `cmd=${engine}`,
    `name=tessera-${elo}`,
    'option.UCI_LimitStrength=true',
    `option.UCI_Elo=${elo}`,
    '-engine',
    `cmd=${opt.stockfish}`,
    `name=stockfish-${elo}`,
    'option.UCI_LimitStrength=true',
    `option.UCI_Elo=${elo}`,
    '-each',
    `tc=${opt.tc}`,
    'option.Hash=16',
    'option.Threads=1',
    '-openings',
    `file=${opt.book}`,
    'format=epd',
    'order=random',
    '-rounds',
    String(Math.ceil(opt.games / 2)),
    '-repeat',
    '-concurrency',
    '2',
    '-recover',
    '-resign',
    'movecount=3',
    'score=600',
    'twosided=true',
    '-pgnout',
    `file=${pgn}`,
  ];
  console.log(`level ${elo}: ${opt.fastchess} ${args.join(' ')}`);
  const r = spawnSync(opt.fastchess, args, { encoding: 'utf8', cwd: opt.out, maxBuffer: 1 << 28 });
  fs.writeFileSync(log, r.stdout + r.stderr);
  return { pgn, log };
}

function eloOf(log) {
  const t = fs.readFileSync(log, 'utf8');
  const all = [...t.matchAll(/(?<!n)Elo: (-?[\d.]+|inf|-inf) \+\/- ([\d.]+|nan|inf)/g)];
  const wdl = [...t.matchAll(/Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)/g)];
  const last = all[all.length - 1],
    w = wdl[wdl.length - 1];
  return {
    diff: last ? last[1] : '?',
    err: last ? last[2] : '?',
    games: w ? +w[1] : 0,
    w: w ? +w[2] : 0,
    l: w ? +w[3] : 0,
    d: w ? +w[4] : 0,
  };
}

// ---- naturalness ----
function readGames(pgn) {
  const text = fs.readFileSync(pgn, 'utf8');
  const out = [];
  for (const g of text.split(/\n(?=\[Event )/)) {
    if (!g.includes('[Result')) continue;
    const tag = (k) => (new RegExp(`\\[${k} "([^"]*)"\\]`).exec(g) ?? [])[1];
    const body = g
      .slice(g.lastIndexOf(']') + 1)
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\d+\.(\.\.)?/g, ' ');
    const sans = body.split(/\s+/).filter((s) => s && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(s));
    const pos = parseFen(tag('FEN') ?? 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    if (typeof pos === 'string') continue;
    const fens = [toFen(pos)],
      movers = [];
    for (const s of sans) {
      const m = parseSan(pos, s);
      if (!m) break;
      movers.push(pos.stm);
      pos.make(m);
      fens.push(toFen(pos));
    }
    const white = tag('White');
    out.push({ fens, movers, tesseraColour: white.startsWith('tessera') ? 0 : 1 });
  }
  return out;
}

/** A full-strength Tessera that scores FENs at a fixed node count (score from the side to move, clipped). */
function judge() {
  const p = spawn(engine, [], { stdio: ['pipe', 'pipe', 'ignore'] });
  const rl = readline.createInterface({ input: p.stdout });
  let resolve = null,
    last = 0;
  rl.on('line', (l) => {
    const cp = / score cp (-?\d+)/.exec(l),
      mate = / score mate (-?\d+)/.exec(l);
    if (cp) last = Number(cp[1]);
    else if (mate) last = Number(mate[1]) > 0 ? 1500 : -1500;
    if (l.startsWith('bestmove') && resolve) {
      const r = resolve;
      resolve = null;
      r(Math.max(-1500, Math.min(1500, last)));
    }
  });
  p.stdin.write('uci\nsetoption name Hash value 16\nisready\n');
  return {
    score(fen) {
      last = 0;
      return new Promise((r) => {
        resolve = r;
        p.stdin.write(`position fen ${fen}\ngo nodes ${opt['judge-nodes']}\n`);
      });
    },
    quit() {
      p.stdin.write('quit\n');
    },
  };
}

async function naturalness(games) {
  const jobs = [];
  for (const g of games) for (let i = 0; i < g.fens.length; i++) jobs.push([g, i]);
  const scores = new Map();
  const judges = [judge(), judge()];
  let next = 0;
  await Promise.all(
    judges.map(async (j) => {
      while (next < jobs.length) {
        const [g, i] = jobs[next++];
        // A finished position (mate, stalemate) has no move to search; its score comes from the rules below.
        scores.set(`${games.indexOf(g)}:${i}`, await j.score(g.fens[i]));
      }
    }),
  );
  for (const j of judges) j.quit();
  const acc = [
    { moves: 0, loss: 0, big: 0 },
    { moves: 0, loss: 0, big: 0 },
  ]; // [tessera, stockfish]
  games.forEach((g, gi) => {
    for (let i = 0; i + 1 < g.fens.length; i++) {
      const before = scores.get(`${gi}:${i}`),
        after = scores.get(`${gi}:${i + 1}`);
      const loss = Math.max(0, before + after);
      const a = acc[g.movers[i] === g.tesseraColour ? 0 : 1];
      a.moves++;
      a.loss += loss;
      if (loss >= 300) a.big++;
    }
  });
  return acc.map((a) => ({ moves: a.moves, acpl: a.moves ? a.loss / a.moves : 0, big: a.moves ? a.big / a.moves : 0 }));
}

const rows = [];
for (const elo of levels) {
  const { pgn, log } = playLevel(elo);
  const r = eloOf(log);
  const nat = await naturalness(readGames(pgn));
  rows.push({ elo, ...r, nat });
  console.log(
    `level ${elo}: ${r.games} games, Tessera ${r.w}-${r.d}-${r.l}, Elo ${r.diff} +/- ${r.err}; ` +
      `avg loss ${nat[0].acpl.toFixed(1)} cp/move (Stockfish ${nat[1].acpl.toFixed(1)}), >= 300 cp ${(100 * nat[0].big).toFixed(1)}% (Stockfish ${(100 * nat[1].big).toFixed(1)}%)`,
  );
}
console.log(
  '\n| UCI_Elo | games | Tessera W-D-L | Elo vs Stockfish at the same setting | Tessera avg loss (cp/move) | Tessera moves losing >= 300 cp | Stockfish avg loss | Stockfish >= 300 cp |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.elo} | ${r.games} | ${r.w}-${r.d}-${r.l} | ${`${r.diff} ± ${r.err}`.replace(/^(\d)/, '+$1')} | ` +
      `${r.nat[0].acpl.toFixed(1)} | ${(100 * r.nat[0].big).toFixed(1)}% | ${r.nat[1].acpl.toFixed(1)} | ${(100 * r.nat[1].big).toFixed(1)}% |`,
  );
}
