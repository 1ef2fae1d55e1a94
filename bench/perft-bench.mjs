#!/usr/bin/env node
// Perft speed benchmark: Tessera's move generator against Stockfish's `go perft`.
//
//   node bench/perft-bench.mjs [--runs N] [--stockfish PATH | --no-stockfish]
//
// Bundles src/core (perft + FEN) with esbuild into a temporary ES module, so it needs no prior
// build, then times startpos perft 6, Kiwipete perft 5 and CPW position 3 perft 7, N runs each
// (default 5), and prints nodes, median time and median nodes/s. If a Stockfish binary is found
// (default /usr/games/stockfish, or `stockfish` on PATH) it runs `position fen ...` + `go perft N`
// the same number of times (alternating with Tessera's runs), one thread (the default), timing
// from sending `go` to reading `Nodes searched`, and prints its speed and Tessera's speed as a
// share of it. A wrong node count exits 1. Timings are wall-clock: run it on an idle machine.
import { bundleCore } from '../test/helpers/bundle-core.mjs';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const POSITIONS = [
  { name: 'startpos', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 6, nodes: 119060324 },
  {
    name: 'kiwipete',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    depth: 5,
    nodes: 193690690,
  },
  { name: 'cpw-pos3', fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', depth: 7, nodes: 178633661 },
];

function usage(msg) {
  if (msg) console.error(`perft-bench: ${msg}`);
  console.error('usage: node bench/perft-bench.mjs [--runs N] [--stockfish PATH | --no-stockfish]');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { runs: 5, stockfish: null, noStockfish: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--runs') {
      opts.runs = Number(val());
      if (!Number.isInteger(opts.runs) || opts.runs < 1) usage('--runs must be a positive integer');
    } else if (a.startsWith('--runs=')) {
      opts.runs = Number(a.slice(7));
      if (!Number.isInteger(opts.runs) || opts.runs < 1) usage('--runs must be a positive integer');
    } else if (a === '--stockfish') opts.stockfish = val();
    else if (a === '--no-stockfish') opts.noStockfish = true;
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown option ${a}`);
  }
  return opts;
}

/** Bundles the core into a temporary ES module and imports it. */
async function loadCore() {
  const file = await bundleCore(root, 'perft-bench');
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

function findStockfish(opts) {
  if (opts.noStockfish) return null;
  if (opts.stockfish) {
    if (!fs.existsSync(opts.stockfish)) usage(`no Stockfish binary at ${opts.stockfish}`);
    return opts.stockfish;
  }
  if (fs.existsSync('/usr/games/stockfish')) return '/usr/games/stockfish';
  const w = spawnSync('sh', ['-c', 'command -v stockfish'], { encoding: 'utf8' });
  return w.status === 0 && w.stdout.trim() ? w.stdout.trim() : null;
}

/** A UCI engine process with line-based waiting. */
class Engine {
  constructor(bin) {
    this.proc = spawn(bin, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.buf = '';
    this.waiters = [];
    this.version = '';
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (d) => {
      this.buf += d;
      for (let nl = this.buf.indexOf('\n'); nl >= 0; nl = this.buf.indexOf('\n')) {
        const line = this.buf.slice(0, nl).trim();
        this.buf = this.buf.slice(nl + 1);
        this.onLine(line);
      }
    });
    this.exited = new Promise((resolve) => this.proc.on('exit', resolve));
    this.proc.on('error', (e) => {
      for (const w of this.waiters) w.reject(e);
      this.waiters = [];
    });
  }

  onLine(line) {
    const t = performance.now();
    if (line.startsWith('id name ')) this.version = line.slice(8);
    const i = this.waiters.findIndex((w) => w.test(line));
    if (i >= 0) {
      const [w] = this.waiters.splice(i, 1);
      w.resolve({ line, t });
    }
  }

  send(cmd) {
    this.proc.stdin.write(`${cmd}\n`);
  }

  waitFor(test, timeoutMs = 600000) {
    return new Promise((resolve, reject) => {
      const w = { test, resolve, reject };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error('timed out waiting for Stockfish'));
      }, timeoutMs);
      w.resolve = (v) => {
        clearTimeout(timer);
        resolve(v);
      };
      w.reject = (e) => {
        clearTimeout(timer);
        reject(e);
      };
      this.waiters.push(w);
    });
  }

  async init() {
    const ok = this.waitFor((l) => l === 'uciok', 30000);
    this.send('uci');
    await ok;
    this.send('setoption name Threads value 1');
    await this.ready();
  }

  async ready() {
    const r = this.waitFor((l) => l === 'readyok', 30000);
    this.send('isready');
    await r;
  }

  /** Runs go perft; returns { nodes, ms } timed from sending go to the Nodes searched line. */
  async perft(fen, depth) {
    this.send(`position fen ${fen}`);
    await this.ready();
    const done = this.waitFor((l) => l.startsWith('Nodes searched'));
    const t0 = performance.now();
    this.send(`go perft ${depth}`);
    const { line, t } = await done;
    return { nodes: Number(line.split(':')[1]), ms: t - t0 };
  }

  async quit() {
    this.send('quit');
    this.proc.stdin.end();
    await this.exited;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const fmtInt = (n) => n.toLocaleString('en-US');
const fmtMnps = (nodes, ms) => (nodes / ms / 1000).toFixed(1);

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r, i) => {
      const line = r
        .map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c])))
        .join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const core = await loadCore();
  const sfBin = findStockfish(opts);
  let sf = null;
  if (sfBin) {
    try {
      sf = new Engine(sfBin);
      await sf.init();
    } catch (e) {
      console.error(`perft-bench: Stockfish at ${sfBin} did not start (${e.message}); benchmarking Tessera only`);
      sf = null;
    }
  }
  console.log(
    `perft-bench: node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${opts.runs} run(s) each`,
  );
  console.log(
    sf
      ? `Stockfish: ${sf.version || sfBin} (${sfBin}), Threads 1`
      : 'Stockfish: not found (pass --stockfish PATH); Tessera only',
  );

  // Warm the JIT a little so that the first timed run is not all interpreter.
  for (const p of POSITIONS) core.perft(core.parseFen(p.fen), 3);

  let failed = false;
  const results = [];
  for (const p of POSITIONS) {
    const pos = core.parseFen(p.fen);
    if (typeof pos === 'string') throw new Error(`${p.name}: ${pos}`);
    // Runs alternate between the two engines, so that a change in machine load hits both alike.
    const times = [],
      sfTimes = [];
    for (let r = 0; r < opts.runs; r++) {
      const t0 = performance.now();
      const n = core.perft(pos, p.depth);
      times.push(performance.now() - t0);
      if (n !== p.nodes) {
        console.error(`FAIL ${p.name} perft ${p.depth}: Tessera counted ${n}, expected ${p.nodes}`);
        failed = true;
      }
      if (sf) {
        const { nodes, ms } = await sf.perft(p.fen, p.depth);
        sfTimes.push(ms);
        if (nodes !== p.nodes) {
          console.error(`FAIL ${p.name} perft ${p.depth}: Stockfish counted ${nodes}, expected ${p.nodes}`);
          failed = true;
        }
      }
    }
    const ms = median(times),
      sfMs = sfTimes.length ? median(sfTimes) : null;
    results.push({ p, ms, sfMs });
    console.log(
      `  ${p.name} perft ${p.depth}: tessera ${times.map((t) => t.toFixed(0)).join(' ')} ms` +
        (sfMs === null ? '' : `; stockfish ${sfTimes.map((t) => t.toFixed(0)).join(' ')} ms`),
    );
  }
  if (sf) await sf.quit();

  const head = ['position', 'depth', 'nodes', 'tessera ms', 'tessera Mnps'];
  if (sf) head.push('stockfish ms', 'stockfish Mnps', 'tessera/sf');
  const rows = [head];
  let totNodes = 0,
    totMs = 0,
    totSf = 0;
  for (const { p, ms, sfMs } of results) {
    totNodes += p.nodes;
    totMs += ms;
    totSf += sfMs ?? 0;
    const row = [p.name, p.depth, fmtInt(p.nodes), ms.toFixed(0), fmtMnps(p.nodes, ms)];
    if (sf) row.push(sfMs.toFixed(0), fmtMnps(p.nodes, sfMs), `${((sfMs / ms) * 100).toFixed(1)}%`);
    rows.push(row);
  }
  const total = ['total', '', fmtInt(totNodes), totMs.toFixed(0), fmtMnps(totNodes, totMs)];
  if (sf) total.push(totSf.toFixed(0), fmtMnps(totNodes, totSf), `${((totSf / totMs) * 100).toFixed(1)}%`);
  rows.push(total);
  console.log(
    `\nmedian of ${opts.runs} run(s); Mnps = million leaf nodes per second; tessera/sf = Tessera's speed as a share of Stockfish's\n`,
  );
  console.log(table(rows));
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error(`perft-bench: ${e.stack || e}`);
  process.exit(1);
});
