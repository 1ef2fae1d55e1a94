// Texel tuning, step 2: fit the evaluation weights in W (src/eval/weights.ts) to game results.
//
//   node tune.js DATA.epd [DATA2.epd ...] --out new-weights.ts [options]
//
// DATA lines are "FEN;result" (result 1.0 / 0.5 / 0.0 for White, as tools/tune/extract.ts writes;
// "1-0", "0-1", "1/2-1/2" are accepted too). The error of a weight set is
//   E = mean over positions of (R - 1 / (1 + 10^(-K q / 400)))^2
// with q = evaluate(pos) from White's point of view. K is fitted first with the starting weights,
// then held fixed while every tunable entry of W (scalars and array elements that evaluate()
// reads) is changed by Texel's local search: try +step, else -step, keep what lowers the training
// error, sweep all parameters until a sweep improves nothing, then halve the step (8, 4, 2, 1 by
// default). A held-out part of the data (--val, default 10%, split in blocks of 64 consecutive
// lines so that one game's positions mostly stay on one side) is measured after every sweep:
// only a drop of the validation error counts as a gain. With early stopping (the default) the
// weights written are those of the sweep with the lowest validation error; when it has not
// dropped for --patience sweeps the search returns there and goes on with the next step size.
//
// Options:
//   --out FILE       write the tuned weights.ts there (also after every step size, as a checkpoint)
//   --val F          held-out fraction (default 0.1)       --seed N   split seed (default 1)
//   --steps 8,4,2,1  step sizes                            --max-sweeps N  per step size (default 50)
//   --k K            use this K instead of fitting it      --limit N  use at most N positions
//   --patience N     sweeps without a validation gain before going back (default 8, 0: never)
//   --no-early-stop  write the weights of the last sweep instead
//   --l2 L           add L * sum(((w - w_start) / 100)^2) to the training objective (default 0)
//   --only REGEX     tune only parameters whose name matches (e.g. 'passed|connected')
//   --skip REGEX     do not tune parameters whose name matches
//   --template FILE  weights source to rewrite (default src/eval/weights.ts if present)
// Single-threaded on purpose: it shares the machine with engine matches.
import * as fs from 'node:fs';
import { Position } from '../../src/core/position';
import { PIECE_CHARS } from '../../src/core/types';
import { HceEvaluator } from '../../src/eval/evaluate';
import { W } from '../../src/eval/weights';

const hce = new HceEvaluator();
const evaluate = (p: Position): number => hce.evaluate(p);
const clearPawnHash = (): void => hce.clearPawnHash();

// ---------------------------------------------------------------- data

/**
 * Positions packed for fast reloading into one Position: the board, side to move, and the state
 * evaluate() reads (piece bitboards, occupancy), captured once after a
 * full setup. evalAll() copies that state back (fastLoad) instead of rebuilding the position,
 * which is checked against the full setup at start-up.
 */
interface Data {
  n: number;
  boards: Uint8Array;
  stm: Uint8Array;
  result: Float64Array;
  bb: Int32Array; // 32 per position
  occ: Int32Array; // 4 per position
}

function parseResult(s: string): number {
  s = s
    .trim()
    .replace(/^"|"$/g, '')
    .replace(/^\[|\]$/g, '');
  if (s === '1-0') return 1;
  if (s === '0-1') return 0;
  if (s === '1/2-1/2') return 0.5;
  const v = Number(s);
  return s !== '' && (v === 0 || v === 0.5 || v === 1) ? v : NaN;
}

/** Board and side to move of a FEN, or null; enough for evaluate() (no castling/ep needed). */
function packFen(fen: string, boards: Uint8Array, at: number): number {
  const [placement, side] = fen.trim().split(/\s+/);
  if (side !== 'w' && side !== 'b') return -1;
  const ranks = placement.split('/');
  if (ranks.length !== 8) return -1;
  let kings = 0;
  for (let i = 0; i < 8; i++) {
    let file = 0;
    for (const ch of ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
        continue;
      }
      const p = PIECE_CHARS.indexOf(ch);
      if (p <= 0 || ch === ' ' || file > 7) return -1;
      if ((p & 7) === 6) kings++;
      boards[at + (7 - i) * 8 + file++] = p;
    }
    if (file !== 8) return -1;
  }
  return kings === 2 ? (side === 'w' ? 0 : 1) : -1;
}

function loadData(files: string[], limit: number): Data {
  const lines: string[] = [];
  for (const f of files) {
    if (lines.length >= limit) break;
    for (const line of fs.readFileSync(f, 'utf8').split('\n')) {
      if (line.trim() !== '' && !line.startsWith('#')) lines.push(line);
      if (lines.length >= limit) break;
    }
  }
  const boards = new Uint8Array(lines.length * 64);
  const stm = new Uint8Array(lines.length);
  const result = new Float64Array(lines.length);
  let n = 0,
    bad = 0;
  for (const line of lines) {
    const cut = line.lastIndexOf(';');
    const r = cut < 0 ? NaN : parseResult(line.slice(cut + 1));
    const side = Number.isNaN(r) ? -1 : packFen(line.slice(0, cut), boards, n * 64);
    if (side < 0) {
      bad++;
      boards.fill(0, n * 64, n * 64 + 64);
      continue;
    }
    stm[n] = side;
    result[n] = r;
    n++;
  }
  if (bad > 0) console.log(`skipped ${bad} unreadable lines`);
  const d: Data = {
    n,
    boards,
    stm,
    result,
    bb: new Int32Array(n * 32),
    occ: new Int32Array(n * 4),
  };
  for (let i = 0; i < n; i++) {
    fullLoad(d, i);
    d.bb.set(pos.bb, i * 32);
    d.occ.set(pos.occ, i * 4);
  }
  return d;
}

/** Index lists of the training and validation parts: blocks of up to 64 consecutive lines. */
function split(n: number, valFrac: number, seed: number): [Int32Array, Int32Array] {
  let s = seed >>> 0 || 1;
  const rand = (): number => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
  const train: number[] = [],
    val: number[] = [];
  for (let b = 0; b < n; b += 64) {
    const dst = rand() < valFrac ? val : train;
    for (let i = b; i < Math.min(n, b + 64); i++) dst.push(i);
  }
  return [Int32Array.from(train), Int32Array.from(val)];
}

// ---------------------------------------------------------------- evaluation

const pos = new Position();

/** Sets pos up from scratch from the packed board (castling and en passant are left out). */
function fullLoad(d: Data, i: number): void {
  const boards = d.boards,
    base = i * 64;
  pos.clear();
  for (let sq = 0; sq < 64; sq++) {
    const p = boards[base + sq];
    if (p) pos.putPiece(p, sq);
  }
  pos.stm = d.stm[i];
  pos.finishSetup();
}

/** Copies back only what evaluate() reads; the start-up check falls back to fullLoad otherwise. */
function fastLoad(d: Data, i: number): void {
  pos.bb.set(d.bb.subarray(i * 32, i * 32 + 32));
  pos.occ.set(d.occ.subarray(i * 4, i * 4 + 4));
  pos.board.set(d.boards.subarray(i * 64, i * 64 + 64));
  pos.stm = d.stm[i];
}

let load = fastLoad;

/** Does fastLoad give the same evaluations as a full setup (with a scrambled Position between)? */
function checkFastLoad(d: Data): boolean {
  const n = Math.min(d.n, 5000);
  for (let i = 0; i < n; i++) {
    fullLoad(d, i);
    const a = evaluate(pos);
    fullLoad(d, (i * 7919 + 13) % d.n); // leave another position's state behind
    fastLoad(d, i);
    if (evaluate(pos) !== a) return false;
  }
  return true;
}

/** Static evaluations (White's point of view) of the chosen positions with the current W. */
function evalAll(d: Data, idx: Int32Array, out: Float64Array): void {
  for (let j = 0; j < idx.length; j++) {
    const i = idx[j];
    load(d, i);
    const v = evaluate(pos);
    out[j] = d.stm[i] === 0 ? v : -v;
  }
}

function errorOf(q: Float64Array, d: Data, idx: Int32Array, k: number): number {
  const c = (-k * Math.LN10) / 400;
  let sum = 0;
  for (let j = 0; j < idx.length; j++) {
    const e = d.result[idx[j]] - 1 / (1 + Math.exp(c * q[j]));
    sum += e * e;
  }
  return idx.length > 0 ? sum / idx.length : 0;
}

/** K minimising the error for fixed evaluations (the error is unimodal in K). */
function fitK(q: Float64Array, d: Data, idx: Int32Array): number {
  let best = 0.01,
    bestE = Infinity;
  for (let k = 0.01; k <= 5; k += 0.01) {
    const e = errorOf(q, d, idx, k);
    if (e < bestE) {
      bestE = e;
      best = k;
    }
  }
  let lo = Math.max(0, best - 0.01),
    hi = best + 0.01;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 60; it++) {
    const a = hi - g * (hi - lo),
      b = lo + g * (hi - lo);
    if (errorOf(q, d, idx, a) < errorOf(q, d, idx, b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

// ---------------------------------------------------------------- parameters

type Weights = Record<string, number | number[]>;
const weights = W as unknown as Weights;

interface Param {
  name: string;
  key: string;
  index: number;
  min: number;
}

/**
 * The entries of W that evaluate() reads. Arrays of 7 are indexed by piece type and only
 * knight..queen (2..5) are used; arrays of 8 are indexed by relative rank and pawns stand on
 * ranks 1..6 only. Divisors stay positive.
 */
function tunableParams(only: RegExp | null, skip: RegExp | null): Param[] {
  const out: Param[] = [];
  for (const [key, v] of Object.entries(weights)) {
    const min = /Div$/.test(key) ? 1 : -Infinity;
    const add = (name: string, index: number): void => {
      if (only && !only.test(name)) return;
      if (skip?.test(name)) return;
      out.push({ name, key, index, min });
    };
    if (typeof v === 'number') add(key, -1);
    else if (Array.isArray(v)) {
      let from = 0,
        to = v.length - 1;
      if (v.length === 7) {
        from = 2;
        to = 5;
      } else if (v.length === 8) {
        from = 1;
        to = 6;
      }
      for (let i = from; i <= to; i++) add(`${key}[${i}]`, i);
    }
  }
  return out;
}

const getP = (p: Param): number => (p.index < 0 ? (weights[p.key] as number) : (weights[p.key] as number[])[p.index]);
function setP(p: Param, v: number): void {
  if (p.index < 0) weights[p.key] = v;
  else (weights[p.key] as number[])[p.index] = v;
  clearPawnHash();
}

function snapshot(): Weights {
  return JSON.parse(JSON.stringify(weights)) as Weights;
}

// ---------------------------------------------------------------- output

function fmt(v: number | number[]): string {
  return Array.isArray(v) ? `[${v.join(', ')}]` : String(v);
}

/** weights.ts source with the current W: the template with its numbers replaced, or plain. */
function weightsSource(template: string | null, note: string): string {
  if (template !== null) {
    let src = template,
      ok = true;
    for (const [key, v] of Object.entries(weights)) {
      const re = new RegExp(`(\\b${key}\\s*:\\s*)(-?\\d+(?:\\.\\d+)?|\\[[^\\]]*\\])`);
      if (!re.test(src)) {
        ok = false;
        break;
      }
      src = src.replace(re, (_m, head: string) => head + fmt(v));
    }
    const at = src.indexOf('export const W');
    if (ok && at >= 0) return src.slice(0, at) + `// ${note}\n` + src.slice(at);
  }
  let s = `// Evaluation weights (centipawns).\n// ${note}\nexport const W = {\n`;
  for (const [key, v] of Object.entries(weights)) s += `  ${key}: ${fmt(v)},\n`;
  return s + '};\n';
}

// ---------------------------------------------------------------- main

function usage(): never {
  console.error(
    'usage: tune DATA.epd [...] --out FILE [--val 0.1] [--seed 1] [--steps 8,4,2,1] [--max-sweeps 50] [--k K] ' +
      '[--limit N] [--patience 8] [--no-early-stop] [--l2 L] [--only RE] [--skip RE] [--template FILE]',
  );
  process.exit(2);
}

function main(argv: string[]): void {
  const files: string[] = [];
  let out = '',
    valFrac = 0.1,
    seed = 1,
    steps = [8, 4, 2, 1],
    maxSweeps = 50,
    fixedK = 0,
    limit = Infinity;
  let l2 = 0,
    patience = 8,
    earlyStop = true;
  let only: RegExp | null = null,
    skip: RegExp | null = null;
  let templatePath = fs.existsSync('src/eval/weights.ts') ? 'src/eval/weights.ts' : '';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = (): string => {
      if (i + 1 >= argv.length) usage();
      return argv[++i];
    };
    const num = (): number => {
      const v = Number(val());
      if (!Number.isFinite(v)) usage();
      return v;
    };
    if (a === '--out') out = val();
    else if (a === '--val') valFrac = num();
    else if (a === '--seed') seed = num();
    else if (a === '--steps') steps = val().split(',').map(Number);
    else if (a === '--max-sweeps') maxSweeps = num();
    else if (a === '--k') fixedK = num();
    else if (a === '--limit') limit = num();
    else if (a === '--l2') l2 = num();
    else if (a === '--patience') patience = num();
    else if (a === '--no-early-stop') earlyStop = false;
    else if (a === '--only') only = new RegExp(val());
    else if (a === '--skip') skip = new RegExp(val());
    else if (a === '--template') templatePath = val();
    else if (a.startsWith('--')) usage();
    else files.push(a);
  }
  if (files.length === 0 || out === '' || steps.some((s) => !(s > 0))) usage();
  const template = templatePath ? fs.readFileSync(templatePath, 'utf8') : null;

  const t0 = performance.now();
  const d = loadData(files, limit);
  if (!checkFastLoad(d)) {
    load = fullLoad;
    console.log('note: evaluate() reads position state the fast loader does not restore; using full setups (slower)');
  }
  const [train, val] = split(d.n, valFrac, seed);
  const params = tunableParams(only, skip);
  let wins = 0,
    draws = 0;
  for (let i = 0; i < d.n; i++) {
    if (d.result[i] === 1) wins++;
    else if (d.result[i] === 0.5) draws++;
  }
  console.log(
    `positions ${d.n} (W/D/L ${wins}/${draws}/${d.n - wins - draws}): train ${train.length}, validation ${val.length}; ` +
      `${params.length} parameters: ${params.map((p) => p.name).join(' ')}`,
  );
  if (val.length === 0 && earlyStop) {
    earlyStop = false;
    console.log('no validation part: early stopping off');
  }

  const qT = new Float64Array(train.length),
    qV = new Float64Array(val.length);
  clearPawnHash();
  evalAll(d, train, qT); // warm-up
  let ts = performance.now();
  evalAll(d, train, qT);
  const passMs = performance.now() - ts;
  evalAll(d, val, qV);
  const K = fixedK > 0 ? fixedK : fitK(qT, d, train);
  const start = snapshot();
  const startOf = (p: Param): number => (p.index < 0 ? (start[p.key] as number) : (start[p.key] as number[])[p.index]);
  const e0T = errorOf(qT, d, train, K),
    e0V = errorOf(qV, d, val, K);
  console.log(
    `K = ${K.toFixed(4)}${fixedK > 0 ? ' (given)' : ' (fitted on the training part)'}; ` +
      `one evaluation pass over the training part: ${passMs.toFixed(0)} ms (${((passMs * 1e6) / Math.max(1, train.length)).toFixed(0)} ns/position)`,
  );
  console.log(`start: train ${e0T.toFixed(6)}  validation ${e0V.toFixed(6)}`);

  // Objective: training error, plus optionally l2 per (100 cp)^2 of distance from the start.
  let penalty = 0;
  const penaltyOf = (): number => {
    let s = 0;
    for (const p of params) {
      const x = (getP(p) - startOf(p)) / 100;
      s += x * x;
    }
    return l2 * s;
  };
  const objective = (): number => {
    evalAll(d, train, qT);
    return errorOf(qT, d, train, K) + penaltyOf();
  };
  const valError = (): number => {
    evalAll(d, val, qV);
    return errorOf(qV, d, val, K);
  };
  let best = e0T,
    evals = 0;
  let bestV = e0V,
    bestVW = snapshot(),
    bestVAt = 'start',
    bestVT = e0T;
  const date = new Date().toISOString().slice(0, 10);
  const writeOut = (): void => {
    const cur = snapshot();
    if (earlyStop) Object.assign(weights, JSON.parse(JSON.stringify(bestVW)));
    const note =
      `Texel-tuned ${date} by tools/tune/tune.ts on ${d.n} positions (${files.join(', ')}), K ${K.toFixed(4)}: ` +
      `train ${e0T.toFixed(6)} -> ${(earlyStop ? bestVT : best - penalty).toFixed(6)}, ` +
      `validation ${e0V.toFixed(6)} -> ${(earlyStop ? bestV : valError()).toFixed(6)}` +
      (earlyStop ? ` (weights of the lowest validation error, at ${bestVAt})` : '');
    fs.writeFileSync(out, weightsSource(template, note));
    Object.assign(weights, cur);
    clearPawnHash();
  };

  let sinceBest = 0;
  for (const step of steps) {
    for (let sweep = 1; sweep <= maxSweeps; sweep++) {
      ts = performance.now();
      let improved = 0;
      for (const p of params) {
        const old = getP(p);
        let accepted = false;
        for (const dir of [1, -1]) {
          const v = old + dir * step;
          if (v < p.min) continue;
          setP(p, v);
          const e = objective();
          evals++;
          if (e < best) {
            best = e;
            accepted = true;
            break;
          }
        }
        if (accepted) improved++;
        else setP(p, old);
      }
      penalty = penaltyOf();
      const eV = valError();
      let mark = '';
      if (eV < bestV) {
        bestV = eV;
        bestVW = snapshot();
        bestVAt = `step ${step} sweep ${sweep}`;
        bestVT = best - penalty;
        sinceBest = 0;
        mark = ' *';
      } else sinceBest++;
      console.log(
        `step ${step} sweep ${sweep}: train ${(best - penalty).toFixed(6)}` +
          (l2 > 0 ? ` (+penalty ${penalty.toFixed(6)})` : '') +
          `  validation ${eV.toFixed(6)}${mark}  ` +
          `${improved} parameters moved  ${((performance.now() - ts) / 1000).toFixed(1)} s`,
      );
      if (improved === 0) break;
      if (earlyStop && patience > 0 && sinceBest >= patience) {
        // Validation has stopped improving: go on with the next step size from the best point.
        console.log(`validation error has not dropped for ${patience} sweeps: back to the weights of ${bestVAt}`);
        Object.assign(weights, JSON.parse(JSON.stringify(bestVW)));
        clearPawnHash();
        best = objective();
        penalty = penaltyOf();
        sinceBest = 0;
        break;
      }
    }
    writeOut();
    console.log(
      `after step ${step}: train ${(best - penalty).toFixed(6)}  best validation ${bestV.toFixed(6)} (${bestVAt})  checkpoint ${out}`,
    );
  }

  const lastT = best - penalty,
    lastV = valError();
  writeOut();
  if (earlyStop) {
    Object.assign(weights, JSON.parse(JSON.stringify(bestVW)));
    clearPawnHash();
  }
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `\nK ${K.toFixed(4)}, ${evals} error evaluations in ${secs.toFixed(0)} s (${((secs * 1000) / Math.max(1, evals)).toFixed(0)} ms each)`,
  );
  console.log(`start:            train ${e0T.toFixed(6)}  validation ${e0V.toFixed(6)}`);
  if (!earlyStop) console.log(`end of search:    train ${lastT.toFixed(6)}  validation ${lastV.toFixed(6)}`);
  if (earlyStop) {
    console.log(
      `best validation:  train ${bestVT.toFixed(6)}  validation ${bestV.toFixed(6)}  (${bestVAt}; these weights are written)`,
    );
    console.log('(the validation error chose the stopping point, so its drop is slightly optimistic)');
  }
  if ((earlyStop ? bestV : lastV) >= e0V)
    console.log(
      'validation error did not drop: the written weights are the starting ones or no better on unseen positions',
    );
  console.log('\nchanged (written weights vs start):');
  for (const p of params) if (startOf(p) !== getP(p)) console.log(`  ${p.name}: ${startOf(p)} -> ${getP(p)}`);
  console.log(`\n// ---- ${out} ----`);
  console.log(fs.readFileSync(out, 'utf8'));
}

main(process.argv.slice(2));
