#!/usr/bin/env node
// One engine's results in a fastchess PGN, per opponent: W-D-L, the pentanomial over game pairs and the Elo with its
// 95% error from it (as fastchess computes it), and every game lost on time, by an illegal move or by a stalled or
// dropped engine (fastchess's Termination tags "time forfeit", "illegal move", "abandoned"), with who lost it. The
// TESTLOG's "W-D-L and Elo from the PGNs" figures come from here; it reads a stopped match's games as well.
//
//   node tools/pgn-elo.mjs games.pgn [--engine tessera]   (default: the player in the most games)
//
// Pairs: with -repeat, fastchess plays an opening with both colours under one Round number, so two finished games of
// the same two players in the same round are a pair, taken in the file's order; a game left without a partner (the
// match was stopped mid-pair, or a game replayed on resume) counts in W-D-L only, and the count of such games is shown.
import * as fs from 'node:fs';
import { pentaElo } from './elo.mjs';
import { parseOptions } from './script-args.mjs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node tools/pgn-elo.mjs GAMES.pgn [--engine NAME]');
  process.exit(2);
}
const opt = parseOptions({ engine: '' }, rest);

const games = [];
for (const chunk of fs.readFileSync(file, 'utf8').split(/^(?=\[Event )/m)) {
  const tags = Object.fromEntries([...chunk.matchAll(/^\[(\w+) "([^"]*)"\]/gm)].map((m) => [m[1], m[2]]));
  const score = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 }[tags.Result];
  if (tags.White && tags.Black && score !== undefined) games.push({ ...tags, score });
}
if (games.length === 0) {
  console.error(`${file}: no finished games`);
  process.exit(1);
}

let engine = opt.engine;
if (!engine) {
  const count = new Map();
  for (const g of games) for (const p of [g.White, g.Black]) count.set(p, (count.get(p) ?? 0) + 1);
  engine = [...count].sort((a, b) => b[1] - a[1])[0][0];
}

const byOpponent = new Map();
for (const g of games) {
  if (g.White !== engine && g.Black !== engine) continue;
  const white = g.White === engine;
  const opp = white ? g.Black : g.White;
  if (!byOpponent.has(opp)) byOpponent.set(opp, { w: 0, d: 0, l: 0, rounds: new Map(), incidents: [] });
  const r = byOpponent.get(opp);
  const s = white ? g.score : 1 - g.score;
  if (s === 1) r.w++;
  else if (s === 0) r.l++;
  else r.d++;
  if (!r.rounds.has(g.Round)) r.rounds.set(g.Round, []);
  r.rounds.get(g.Round).push(s);
  if (['time forfeit', 'illegal move', 'abandoned'].includes(g.Termination))
    r.incidents.push(`round ${g.Round}: ${g.Termination}, lost by ${s === 0 ? engine : s === 1 ? opp : 'neither'}`);
}

console.log(`${engine}, ${file}`);
for (const [opp, r] of byOpponent) {
  const penta = [0, 0, 0, 0, 0];
  let unpaired = 0;
  for (const v of r.rounds.values()) {
    for (let i = 0; i + 1 < v.length; i += 2) penta[Math.round(2 * (v[i] + v[i + 1]))]++;
    unpaired += v.length % 2;
  }
  const n = penta.reduce((a, b) => a + b, 0);
  const games = r.w + r.d + r.l;
  let line = `${opp}: ${games} games, W-D-L ${r.w}-${r.d}-${r.l} (${((100 * (r.w + r.d / 2)) / games).toFixed(1)}%)`;
  line += `, pentanomial LL-LD-DD/WL-WD-WW ${penta.join('-')} over ${n} pairs${unpaired ? ` (${unpaired} unpaired)` : ''}`;
  const { elo, err } = pentaElo(penta);
  if (elo !== null) line += `, Elo ${elo >= 0 ? '+' : ''}${elo.toFixed(1)} ± ${err.toFixed(1)}`;
  else if (n > 0) line += ', Elo unbounded (every pair won or every pair lost)';
  console.log(line);
  console.log(
    `  time losses, illegal moves, stalls or disconnects: ${r.incidents.length ? r.incidents.join('; ') : 'none'}`,
  );
}
