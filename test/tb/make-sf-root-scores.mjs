#!/usr/bin/env node
// Makes test/tb/sf-root-scores.txt, what Stockfish 15.1 (Debian's /usr/games/stockfish) reports as its score when the
// root is in the tables: the positions of root-fixture.txt.gz (random fifty-move counters) that fathom labels a
// cursed win or blessed loss, and every 20th of the rest; Stockfish with SyzygyPath = test/data/syzygy, Hash 16,
// `go depth 6`, its last `info ... score` line. Lines: FEN;score as Stockfish wrote it ("cp N" or "mate N").
// The test (root-score.test.ts) compares Tessera's reported scores with these; it never runs Stockfish itself.
//
//   node test/tb/make-sf-root-scores.mjs [--stockfish /usr/games/stockfish]
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startUci } from '../../tools/uci-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const sfPath = args.includes('--stockfish') ? args[args.indexOf('--stockfish') + 1] : '/usr/games/stockfish';
const lines = zlib
  .gunzipSync(fs.readFileSync(path.join(here, 'root-fixture.txt.gz')))
  .toString('utf8')
  .trim()
  .split('\n');
const picked = lines.filter((l, i) => {
  const label = l.split(';')[1];
  return label === 'CursedWin' || label === 'BlessedLoss' || i % 20 === 0;
});

const { send, until } = startUci(sfPath);

send('uci');
await until((l) => l === 'uciok');
send(`setoption name SyzygyPath value ${path.join(here, '../data/syzygy')}`);
send('setoption name Hash value 16');
send('isready');
await until((l) => l === 'readyok');
const out = [];
for (const l of picked) {
  const fen = l.split(';')[0];
  send('ucinewgame');
  send(`position fen ${fen}`);
  send('go depth 6');
  const seen = await until((x) => x.startsWith('bestmove'));
  const last = seen.filter((x) => / score /.test(x)).pop();
  const score = last ? / score ((?:cp|mate) -?\d+)/.exec(last)[1] : 'none';
  out.push(`${fen};${score}`);
}
send('quit');
fs.writeFileSync(path.join(here, 'sf-root-scores.txt'), out.join('\n') + '\n');
console.log(`${out.length} positions written to test/tb/sf-root-scores.txt`);
