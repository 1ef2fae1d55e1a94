#!/usr/bin/env node
// Deep perft verification: the counts too slow for `npm test`.
//
//   node bench/perft-deep.mjs [--max N] [--all] [--file NAME]... [--jobs N] [--quiet]
//
//   (default)    every position of test/data/perft/cpw_perft_results.epd, every depth whose
//                expected count is <= --max (default 2e9 nodes; about 2.2e9 nodes in all).
//   --all        also perftsuite.epd, chess960_fischer.epd and chess960_xfen_extra.epd at full
//                depth (D6 on nearly every line: about 560e9 nodes, hours on one core).
//   --file NAME  add a suite file of test/data/perft (repeatable), e.g. perft_random.epd, or
//                any path to a file in the same format.
//   --max N      node limit per count (e.g. 5e9). Without it, the cpw file is limited to 2e9
//                and the other files run at full depth.
//   --jobs N     worker threads (default 1); positions are shared out between them.
//   --quiet      print only failures and the summary.
//
// Prints OK/FAIL per count with its speed; exits 1 on any failure. Chess960 files (names
// starting with chess960) are parsed in Chess960 mode. src/core is bundled with esbuild on the
// fly, so no build is needed.
import { bundleCore } from '../test/helpers/bundle-core.mjs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'test', 'data', 'perft');
const DEFAULT_MAX = 2e9;

/** Runs every count of one position; returns per-count results. */
function runPosition(core, task) {
  const out = [];
  const pos = core.parseFen(task.fen, task.chess960);
  if (typeof pos === 'string') {
    return [{ depth: 0, expected: '', got: `parseFen error: ${pos}`, ms: 0, ok: false }];
  }
  for (const [depth, expected] of task.counts) {
    const t0 = performance.now();
    const got = core.perft(pos, depth);
    const ms = performance.now() - t0;
    out.push({ depth, expected, got: String(got), ms, ok: String(got) === expected });
  }
  return out;
}

function usage(msg) {
  if (msg) console.error(`perft-deep: ${msg}`);
  console.error('usage: node bench/perft-deep.mjs [--max N] [--all] [--file NAME]... [--jobs N] [--quiet]');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { max: null, all: false, files: [], jobs: 1, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--max') {
      opts.max = Number(val());
      if (!(opts.max > 0)) usage('--max must be a positive number');
    } else if (a === '--all') opts.all = true;
    else if (a === '--file') opts.files.push(val());
    else if (a === '--jobs') {
      opts.jobs = Number(val());
      if (!Number.isInteger(opts.jobs) || opts.jobs < 1) usage('--jobs must be a positive integer');
    } else if (a === '--quiet') opts.quiet = true;
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown option ${a}`);
  }
  return opts;
}

/** Reads `<FEN> ;D1 n ;D2 n ...` lines; counts kept as decimal strings (some exceed 2^53). */
function suitePath(file) {
  return fs.existsSync(path.join(dataDir, file)) ? path.join(dataDir, file) : path.resolve(file);
}

function readSuite(file) {
  const text = fs.readFileSync(suitePath(file), 'utf8');
  const out = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const parts = line.split(';').map((s) => s.trim());
    const counts = [];
    for (const p of parts.slice(1)) {
      const m = /^D(\d+)\s+(\d+)$/.exec(p);
      if (!m) throw new Error(`${file}:${i + 1}: bad field '${p}'`);
      counts.push([Number(m[1]), m[2]]);
    }
    out.push({ line: i + 1, fen: parts[0], counts });
  });
  return out;
}

const fmtTime = (ms) =>
  ms < 1000 ? `${ms.toFixed(0)}ms` : ms < 120000 ? `${(ms / 1000).toFixed(2)}s` : `${(ms / 60000).toFixed(1)}min`;
const fmtNodes = (n) => (n >= 1e9 ? `${(n / 1e9).toFixed(2)}G` : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : `${n}`);
const fmtMnps = (nodes, ms) => (ms > 0 ? `${(nodes / ms / 1000).toFixed(1)} Mnps` : '-');

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const files = ['cpw_perft_results.epd'];
  if (opts.all) files.push('perftsuite.epd', 'chess960_fischer.epd', 'chess960_xfen_extra.epd');
  for (const f of opts.files) if (!files.includes(f)) files.push(f);

  const tasks = [];
  let plannedNodes = 0n,
    plannedCounts = 0;
  for (const file of files) {
    if (!fs.existsSync(suitePath(file))) usage(`no suite file ${file} (in test/data/perft or as a path)`);
    const limit = opts.max ?? (file === 'cpw_perft_results.epd' ? DEFAULT_MAX : Infinity);
    const chess960 = path.basename(file).startsWith('chess960');
    for (const e of readSuite(file)) {
      const counts = e.counts.filter(([, n]) => limit === Infinity || BigInt(n) <= BigInt(Math.floor(limit)));
      // Counts past 2^53 cannot be computed exactly with doubles (and would take years).
      const exact = counts.filter(([, n]) => BigInt(n) <= BigInt(Number.MAX_SAFE_INTEGER));
      if (!exact.length) continue;
      for (const [, n] of exact) plannedNodes += BigInt(n);
      plannedCounts += exact.length;
      tasks.push({ id: tasks.length, file, line: e.line, fen: e.fen, chess960, counts: exact });
    }
  }
  console.log(
    `perft-deep: ${files.join(', ')}; ${plannedCounts} counts in ${tasks.length} positions, ` +
      `${fmtNodes(Number(plannedNodes))} nodes; ${opts.max ? `limit ${opts.max.toExponential(1)} per count` : 'cpw limited to 2e9 per count'}; ${opts.jobs} job(s)`,
  );

  const bundle = await bundleCore(root, 'perft-deep');
  let ok = 0,
    failed = 0,
    nodes = 0,
    busyMs = 0;
  const t0 = performance.now();
  const report = (task, results) => {
    for (const r of results) {
      const where = `${task.file}:${task.line}`;
      if (r.ok) {
        ok++;
        nodes += Number(r.expected);
        busyMs += r.ms;
        if (!opts.quiet)
          console.log(
            `OK   ${where} d${r.depth} ${r.expected} ${fmtTime(r.ms)} ${fmtMnps(Number(r.expected), r.ms)}  ${task.fen}`,
          );
      } else {
        failed++;
        console.log(`FAIL ${where} d${r.depth} expected ${r.expected} got ${r.got}  ${task.fen}`);
      }
    }
  };

  try {
    if (opts.jobs === 1) {
      const core = await import(pathToFileURL(bundle).href);
      for (const task of tasks) report(task, runPosition(core, task));
    } else {
      await new Promise((resolve, reject) => {
        let next = 0,
          active = 0;
        const workers = [];
        const feed = (w) => {
          if (next < tasks.length) {
            w.postMessage(tasks[next++]);
            return;
          }
          w.postMessage(null);
          active--;
          if (active === 0) resolve();
        };
        for (let j = 0; j < Math.min(opts.jobs, tasks.length); j++) {
          const w = new Worker(new URL(import.meta.url), { workerData: { bundle } });
          active++;
          workers.push(w);
          w.on('message', ({ id, results }) => {
            report(tasks[id], results);
            feed(w);
          });
          w.on('error', reject);
          w.once('online', () => feed(w));
        }
        if (workers.length === 0) resolve();
      });
    }
  } finally {
    fs.rmSync(bundle, { force: true });
  }

  const wall = performance.now() - t0;
  console.log(
    `\n${failed ? 'FAILED' : 'ALL OK'}: ${ok} ok, ${failed} failed; ${fmtNodes(nodes)} nodes in ${fmtTime(wall)} ` +
      `(${fmtMnps(nodes, wall)} overall, ${fmtMnps(nodes, busyMs)} per job)`,
  );
  process.exit(failed ? 1 : 0);
}

// Entry point last, so that every top-level constant above is initialised.
if (!isMainThread) {
  const core = await import(pathToFileURL(workerData.bundle).href);
  parentPort.on('message', (task) => {
    if (task === null) {
      process.exit(0);
    }
    parentPort.postMessage({ id: task.id, results: runPosition(core, task) });
  });
} else {
  await main();
}
