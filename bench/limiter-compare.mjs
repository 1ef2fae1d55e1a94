#!/usr/bin/env node
// Compares two builds' strength limiter move by move: each plays one move at a UCI_Elo level from the same positions
// (the first N of an EPD book, Seed fixed), and the script prints how many moves differ, the nodes the limiter spent
// (median and largest) and how many searches ended before their first iteration's report. A change that should leave
// a level as it was shows (almost) no differing moves at it; one that does not is a level to calibrate again.
//
//   node bench/limiter-compare.mjs OLD_BINARY NEW_BINARY [--elo 800,1000,1400] [--positions 200] [--book FILE]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startUci } from '../tools/uci-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const [oldBin, newBin] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!oldBin || !newBin) {
  console.error(
    'usage: limiter-compare.mjs OLD_BINARY NEW_BINARY [--elo 800,1000,1400] [--positions 200] [--book FILE]',
  );
  process.exit(2);
}
const levels = opt('--elo', '800,1000,1200,1400').split(',').map(Number);
const count = Number(opt('--positions', 200));
const book = opt('--book', path.join(here, '..', '..', 'shared', 'data', 'openings', 'noob_3moves.epd'));
const fens = fs
  .readFileSync(book, 'utf8')
  .trim()
  .split('\n')
  .slice(0, count)
  .map((l) => `${l.split(' ').slice(0, 4).join(' ')} 0 1`);

/** One move per position at one level: the move, the nodes of the last report, and the number of depth reports. */
async function play(bin, elo) {
  const { send, until } = startUci(bin);
  send('uci');
  await until((l) => l === 'uciok');
  for (const o of ['UCI_LimitStrength value true', `UCI_Elo value ${elo}`, 'Seed value 7']) send(`setoption name ${o}`);
  const out = [];
  for (const fen of fens) {
    send('ucinewgame');
    send(`position fen ${fen}`);
    send('isready');
    await until((l) => l === 'readyok');
    send('go wtime 30000 btime 30000');
    const lines = await until((l) => l.startsWith('bestmove'));
    const reports = lines.filter((l) => l.startsWith('info depth'));
    out.push({
      move: lines.at(-1).split(' ')[1],
      nodes: Number(reports.at(-1)?.match(/nodes (\d+)/)?.[1] ?? 0),
      reports: reports.length,
    });
  }
  send('quit');
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const elo of levels) {
  const a = await play(oldBin, elo),
    b = await play(newBin, elo);
  const differ = a.filter((x, i) => x.move !== b[i].move).length;
  const cut = (r) => r.filter((x) => x.reports <= 1).length;
  console.log(
    `UCI_Elo ${elo}: ${fens.length} positions, ${differ} moves differ; nodes median ${median(a.map((x) => x.nodes))} → ` +
      `${median(b.map((x) => x.nodes))}, largest ${Math.max(...a.map((x) => x.nodes))} → ${Math.max(...b.map((x) => x.nodes))}; ` +
      `searches with one report (stopped in the first iteration) ${cut(a)} → ${cut(b)}`,
  );
}
