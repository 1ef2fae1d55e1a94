#!/usr/bin/env node
// A local SPSA tuner of the search's parameters (src/search/params.ts), the way OpenBench runs one, over fastchess.
// Each iteration draws a random sign per parameter, plays a few game pairs between the engine with every parameter
// nudged up by c_k in that direction and the engine nudged down, and moves each parameter by
// a_k / c_k * (wins - losses) * sign. The state (the values after every iteration, every result, the engine's bench)
// is written to a JSON file after each iteration, so a run can stop and resume, and tools/openbench/spsa-report.mjs
// can plot it. The engine runs as a tuning build (TESSERA_TUNE=1: the parameters are UCI options); fastchess is built
// from its public source (see tools/match.sh).
//
//   node tools/spsa.mjs --engine dist/tessera.js --iterations 2000 --pairs 8 --tc 5+0.05 --state /tmp/spsa.json
//   node tools/spsa.mjs ... --params rfpMargin,futBase,lmrBase   (only these; the others stay at their defaults)
//   node tools/spsa.mjs ... --rend 0.01   (bigger steps for a local run of a few thousand games)
//
// The gains follow OpenBench's (tools/spsa-gains.mjs), with c_end and r_end per parameter from `tessera spsa`.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32, parseOptions } from './script-args.mjs';
import { perturbation, step } from './spsa-gains.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const opt = parseOptions({
  engine: path.join(here, '..', 'dist', 'tessera.js'),
  fastchess: 'fastchess',
  iterations: 1000,
  pairs: 8,
  tc: '5+0.05',
  concurrency: 2,
  hash: 16,
  book: path.join(here, '..', '..', 'shared', 'data', 'openings', 'noob_3moves.epd'),
  state: 'spsa-state.json',
  params: '',
  seed: 1,
  /** r_end for every parameter (`tessera spsa --r-end`; OpenBench's 0.002 suits tens of thousands of games). */
  rend: 0,
});

/** The parameters as `tessera spsa` prints them: name, int|float, default, min, max, c_end, r_end. */
function readParams() {
  const rEndArgs = opt.rend > 0 ? ['--r-end', String(opt.rend)] : [];
  const text = execFileSync(process.execPath, [opt.engine, 'spsa', ...rEndArgs], { encoding: 'utf8' });
  const all = text
    .trim()
    .split('\n')
    .map((l) => {
      const [name, type, value, min, max, cEnd, rEnd] = l.split(',').map((x) => x.trim());
      return { name, float: type === 'float', value: +value, min: +min, max: +max, cEnd: +cEnd, rEnd: +rEnd };
    });
  if (!opt.params) return all;
  const wanted = new Set(opt.params.split(','));
  const chosen = all.filter((p) => wanted.has(p.name));
  for (const w of wanted) if (!chosen.some((p) => p.name === w)) throw new Error(`no parameter named ${w}`);
  return chosen;
}

/** The settings the gains depend on: a run resumes only with the same ones, or its steps would change midway. */
const runConfig = () => ({
  iterations: opt.iterations,
  pairs: opt.pairs,
  tc: opt.tc,
  rend: opt.rend,
  params: opt.params,
});

function loadState(params) {
  if (fs.existsSync(opt.state)) {
    const s = JSON.parse(fs.readFileSync(opt.state, 'utf8'));
    const was = JSON.stringify(s.config ?? {});
    if (was !== JSON.stringify(runConfig())) throw new Error(`${opt.state} was started with ${was}: resume with those`);
    if (s.engineBench !== undefined && s.engineBench !== benchNodes())
      throw new Error(`${opt.state} was started with an engine of bench ${s.engineBench}: resume with that build`);
    console.log(`resuming ${opt.state} at iteration ${s.k}`);
    return s;
  }
  return {
    config: runConfig(),
    engineBench: benchNodes(),
    k: 0,
    // Each parameter's start and c_end, so that tools/openbench/spsa-report.mjs can tabulate and plot the run.
    params: params.map((p) => ({ name: p.name, start: p.value, cEnd: p.cEnd })),
    theta: Object.fromEntries(params.map((p) => [p.name, p.value])),
    results: [],
    history: [],
  };
}

/** The engine's bench signature: a resumed run must play the build it started with, or its steps would mix two. */
function benchNodes() {
  const text = execFileSync(process.execPath, [opt.engine, 'bench'], { encoding: 'utf8' });
  const m = text.match(/Nodes searched: (\d+)/);
  if (!m) throw new Error(`no bench from ${opt.engine}`);
  return +m[1];
}

const clamp = (p, v) => Math.min(p.max, Math.max(p.min, v));
/** The value the engine gets: integers rounded (the tuner keeps the fraction), floats as they are. */
const shown = (p, v) => (p.float ? String(+v.toFixed(4)) : String(Math.round(clamp(p, v))));

/** Plays the pairs between plus and minus; returns [wins, losses, draws] of plus and the games that ended by an incident. */
function play(plus, minus, srand) {
  const options = (vals) => Object.entries(vals).map(([k, v]) => `option.${k}=${v}`);
  const args = [
    '-engine',
    `cmd=${opt.engine}`,
    'name=plus',
    ...options(plus),
    '-engine',
    `cmd=${opt.engine}`,
    'name=minus',
    ...options(minus),
    '-each',
    `tc=${opt.tc}`,
    `option.Hash=${opt.hash}`,
    'option.Threads=1',
    '-openings',
    `file=${opt.book}`,
    'format=epd',
    'order=random',
    '-srand',
    String(srand),
    '-rounds',
    String(opt.pairs),
    '-repeat',
    '-concurrency',
    String(opt.concurrency),
    '-recover',
    // The adjudication every match in docs/TESTLOG.md uses: decided and dead-drawn games end early.
    '-resign',
    'movecount=3',
    'score=600',
    'twosided=true',
    '-draw',
    'movenumber=34',
    'movecount=8',
    'score=20',
  ];
  const r = spawnSync(opt.fastchess, args, {
    encoding: 'utf8',
    env: { ...process.env, TESSERA_TUNE: '1' },
    maxBuffer: 64 << 20,
  });
  if (r.error) throw r.error;
  const m = [...r.stdout.matchAll(/Wins: (\d+), Losses: (\d+), Draws: (\d+)/g)].pop();
  if (!m) throw new Error(`no result from fastchess:\n${r.stdout.slice(-2000)}${r.stderr.slice(-2000)}`);
  // Games lost by time, an illegal move, a crash or a stall: kept in the state, for the count every match reports.
  const incidents = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('Finished game') && /loses on time|illegal move|disconnects|stall/i.test(l));
  return [+m[1], +m[2], +m[3], incidents];
}

/** The tuning build must offer every parameter as a UCI option, or fastchess would set nothing. */
function checkOptions(params) {
  const r = spawnSync(process.execPath, [opt.engine], {
    input: 'uci\n',
    encoding: 'utf8',
    env: { ...process.env, TESSERA_TUNE: '1' },
  });
  const missing = params.filter((p) => !r.stdout.includes(`option name ${p.name} type`));
  if (missing.length > 0) throw new Error(`the engine offers no option ${missing.map((p) => p.name).join(', ')}`);
}

const params = readParams();
checkOptions(params);
const state = loadState(params);
const N = opt.iterations;
const random = mulberry32(opt.seed * 7919 + state.k);
console.log(`SPSA over ${params.length} parameters, ${N} iterations of ${opt.pairs} pairs at ${opt.tc}`);

while (state.k < N) {
  const k = state.k;
  const plus = {};
  const minus = {};
  const steps = {};
  for (const p of params) {
    const c = perturbation(k, N, p.cEnd);
    const sign = random() < 0.5 ? -1 : 1;
    steps[p.name] = { c, sign };
    plus[p.name] = shown(p, state.theta[p.name] + c * sign);
    minus[p.name] = shown(p, state.theta[p.name] - c * sign);
  }
  const started = Date.now();
  const [w, l, d, incidents] = play(plus, minus, opt.seed * 100003 + k);
  // Wall-clock seconds of games, summed over sessions: the tune's cost in machine time.
  state.seconds = Math.round((state.seconds ?? 0) + (Date.now() - started) / 1000);
  if (incidents.length > 0) state.incidents = [...(state.incidents ?? []), ...incidents.map((x) => `${k + 1}: ${x}`)];
  for (const p of params) {
    const { c, sign } = steps[p.name];
    const a = step(k, N, p.cEnd, p.rEnd);
    state.theta[p.name] = clamp(p, state.theta[p.name] + (a / c) * (w - l) * sign);
  }
  state.results.push([w, l, d]);
  state.history?.push(params.map((p) => +state.theta[p.name].toFixed(3)));
  state.k = k + 1;
  fs.writeFileSync(opt.state, `${JSON.stringify(state, null, 1)}\n`);
  const games = state.results.reduce((s, r) => s + r[0] + r[1] + r[2], 0);
  const moved = params
    .map((p) => `${p.name}=${shown(p, state.theta[p.name])}`)
    .slice(0, 6)
    .join(' ');
  const bad = state.incidents?.length ?? 0;
  console.log(
    `iteration ${k + 1}/${N}: +${w} -${l} =${d} (${games} games, ${bad} incidents, ${(state.seconds / 3600).toFixed(2)} h) ${moved}${params.length > 6 ? ' …' : ''}`,
  );
}

console.log('final values (UCI options of a tuning build; or edit src/search/params.ts):');
for (const p of params) console.log(`  ${p.name} ${shown(p, state.theta[p.name])} (default ${p.value})`);
