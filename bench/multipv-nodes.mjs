#!/usr/bin/env node
// MultiPV 3 to a fixed depth on four middlegames: the final node count and the three lines of each position, for each
// engine bundle given (Hash 16, one thread; deterministic, so a busy machine changes only the time).
//
//   node bench/multipv-nodes.mjs DEPTH ENGINE.js [ENGINE.js ...]
import { spawn } from 'node:child_process';
const [depth, ...engines] = process.argv.slice(2);
const FENS = [
  'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8',
  'r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '2r2rk1/pp3ppp/2n1p3/3pP3/3P4/P1R2N2/1P3PPP/2R3K1 w - - 0 20',
];
function run(engine, fen) {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [engine]);
    const lines = [];
    let buf = '',
      nodes = 0;
    p.stdout.on('data', (d) => {
      buf += d;
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const l = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const m = l.match(/ nodes (\d+)/);
        if (m) nodes = +m[1];
        if (l.startsWith(`info depth ${depth} `) && / multipv \d/.test(l))
          lines.push(l.replace(/.* multipv (\d) score (\S+ \S+).* pv (\S+).*/, '$1:$3 $2'));
        if (l.startsWith('bestmove')) {
          p.stdin.end('quit\n');
          resolve({ nodes, lines: lines.slice(-3).join(' | ') });
        }
      }
    });
    p.stdin.write(
      `uci\nsetoption name Hash value 16\nsetoption name MultiPV value 3\nposition fen ${fen}\ngo depth ${depth}\n`,
    );
  });
}
for (const fen of FENS) {
  const row = [];
  for (const e of engines) {
    const r = await run(e, fen);
    row.push(`${r.nodes} [${r.lines}]`);
  }
  console.log(row.join('  vs  '));
}
