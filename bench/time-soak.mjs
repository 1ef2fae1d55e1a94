#!/usr/bin/env node
// Reads a fastchess PGN (move comments `{eval/depth 0.123s}`) and reconstructs each side's clock move by move from
// the game's TimeControl, to say how close Tessera came to its flag: the time each move used against the clock it had
// before the move. Also summarises a TESSERA_TIMELOG file (one JSON line per search: queued, search, answer phases).
//
//   node bench/time-soak.mjs GAMES.pgn [--engine tessera] [--overhead 30] [--timelog FILE]
import * as fs from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const pgn = fs.readFileSync(args[0], 'utf8');
const engine = opt('--engine', 'tessera');
const overhead = Number(opt('--overhead', '30'));

let games = 0,
  moves = 0,
  forfeits = 0,
  overOverhead = 0;
let worst = { margin: Infinity, used: 0, before: 0, game: 0 };
const usedAll = [];
for (const block of pgn.split(/\n(?=\[Event )/)) {
  const tag = (t) => (new RegExp(`\\[${t} "([^"]*)"\\]`).exec(block) ?? [])[1];
  const white = tag('White'),
    black = tag('Black'),
    tc = tag('TimeControl');
  if (!white || !tc) continue;
  games++;
  const [base, inc] = tc.split('+').map(Number);
  const fen = tag('FEN');
  let stm = fen && fen.split(' ')[1] === 'b' ? 1 : 0;
  const clock = [base * 1000, base * 1000];
  const mine = white === engine ? 0 : black === engine ? 1 : -1;
  const body = block.slice(block.lastIndexOf(']') + 1);
  for (const m of body.matchAll(/\{([^}]*)\}/g)) {
    const t = /(\d+\.\d+)s/.exec(m[1]);
    if (!t) continue;
    const used = Math.round(Number(t[1]) * 1000),
      before = clock[stm];
    if (stm === mine) {
      moves++;
      usedAll.push(used);
      const margin = before - used;
      if (margin < worst.margin) worst = { margin, used, before, game: games };
      if (used > before - overhead) overOverhead++;
      if (/loses on time/.test(m[1])) forfeits++;
    }
    clock[stm] = before - used + (inc || 0) * 1000;
    stm ^= 1;
  }
}
usedAll.sort((a, b) => a - b);
const pct = (p) => usedAll[Math.min(usedAll.length - 1, Math.floor(p * usedAll.length))];
console.log(
  `${games} games, ${moves} moves by ${engine}: ${forfeits} time forfeits; ${overOverhead} moves used more than the clock minus ${overhead} ms`,
);
console.log(
  `closest to the flag: game ${worst.game}, ${worst.used} ms used with ${worst.before} ms on the clock (margin ${worst.margin} ms)`,
);
console.log(
  `time per move (ms): median ${pct(0.5)}, 99% ${pct(0.99)}, 99.9% ${pct(0.999)}, max ${usedAll[usedAll.length - 1]}`,
);

const tl = opt('--timelog', null);
if (tl) {
  const rows = fs
    .readFileSync(tl, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const over = rows
    .filter((r) => r.hard > 0 && r.total > r.hard + 5)
    .sort((a, b) => b.total - b.hard - (a.total - a.hard));
  console.log(
    `timelog: ${rows.length} searches; ${over.length} ended more than 5 ms past their hard limit; the worst:`,
  );
  for (const r of over.slice(0, 10)) console.log(`  ${JSON.stringify(r)}`);
}
