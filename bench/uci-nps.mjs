#!/usr/bin/env node
// Search speed through the UCI front end (threads, messages, reports: what bench alone does not cover), several builds
// interleaved per round so that a busy or throttled machine hurts them alike. Each build searches each position for
// a fixed time with Threads 1 and Hash 16; the figure is the nps of its last full info line. Prints every run, then per
// build the median nps and the median of its per-round ratio to the first build (rounds alternate the order). Run it
// on an idle machine.
//
//   node bench/uci-nps.mjs [--rounds 5] [--movetime 2000] BUILD...
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const rounds = Number(opt('--rounds', '5'));
const movetime = Number(opt('--movetime', '2000'));
const builds = args;
if (builds.length === 0) {
  console.error('usage: node bench/uci-nps.mjs [--rounds N] [--movetime MS] BUILD...');
  process.exit(2);
}
const FENS = [
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QK2R w KQ - 0 9',
];

/** One build's total nodes and time over the positions, from a fresh process. */
function run(build) {
  return new Promise((resolve, reject) => {
    const p = spawn(build, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buf = '';
    let last = null;
    let k = 0;
    let nodes = 0;
    let ms = 0;
    const next = () => {
      if (k === FENS.length) {
        p.stdin.write('quit\n');
        resolve({ nodes, ms });
        return;
      }
      p.stdin.write(`ucinewgame\nposition fen ${FENS[k++]}\ngo movetime ${movetime}\n`);
    };
    p.stdout.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const l of lines) {
        if (l.startsWith('info depth') && l.includes(' nps ')) last = l;
        if (l === 'readyok') next();
        if (l.startsWith('bestmove')) {
          const t = last.split(' ');
          nodes += Number(t[t.indexOf('nodes') + 1]);
          ms += Number(t[t.indexOf('time') + 1]);
          next();
        }
      }
    });
    p.on('error', reject);
    p.stdin.write('uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready\n');
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const nps = new Map(builds.map((b) => [b, []]));
const ratios = new Map(builds.map((b) => [b, []]));
for (let r = 1; r <= rounds; r++) {
  // ABBA: every other round runs the builds in reverse order, so that neither always runs first.
  const order = r % 2 === 1 ? builds : [...builds].reverse();
  const got = new Map();
  for (const b of order) {
    const { nodes, ms } = await run(b);
    got.set(b, Math.round((nodes * 1000) / ms));
    console.log(`round ${r} ${b} nps ${got.get(b)}`);
  }
  for (const b of builds) {
    nps.get(b).push(got.get(b));
    ratios.get(b).push(got.get(b) / got.get(builds[0]));
  }
}
for (const b of builds) {
  console.log(
    `median ${b} nps ${median(nps.get(b))} per-round ratio to ${builds[0]} ${median(ratios.get(b)).toFixed(3)}`,
  );
}
