// The NNUE trainer: (768 -> H) x 2 -> 1 SCReLU on viriformat self-play data, Adam with a cosine
// learning-rate schedule, gradients over worker threads, a validation split by whole games, and an
// int16 net file for the engine at the end of every epoch. See train/README.md for the commands.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Command } from 'commander';
import { loadData, DEFAULT_FILTER } from './loader';
import { initParams, paramCount, layout, Kernel, hiddenOf, widen } from './model';
import { quantise, quantisedEval, dequantise } from './quantise';
import { MAX_BUCKETS, parseNet } from '../src/eval/netfile';
import { lambdaAt, lrAt } from './schedule';

interface Opts {
  data: string[];
  out: string;
  hidden: number;
  buckets: number;
  epochs: number;
  batch: number;
  lr: number;
  lrEnd: number;
  lambda: number;
  /** The result weight at the end of training, reached linearly from lambda (a ramp); lambda itself when equal. */
  lambdaEnd: number;
  scale: number;
  seed: number;
  threads: number;
  valEvery: number;
  wd: number;
  minPly: number;
  init: string | null;
  mirror: boolean;
}

function rngFrom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

function sharedU32(n: number): Uint32Array {
  return new Uint32Array(new SharedArrayBuffer(Math.max(4, n * 4)));
}

async function train(o: Opts): Promise<void> {
  const t0 = Date.now();
  const { data, stats } = loadData(o.data, { ...DEFAULT_FILTER, minPly: o.minPly, mirror: o.mirror });
  console.log(
    `data: ${o.data.length} file(s), ${stats.games} games, ${stats.positions} positions; kept ${stats.kept} (+${stats.mirrored} mirrored) ` +
      `(skipped: ${stats.early} early, ${stats.inCheck} in check, ${stats.tactical} tactical best move, ${stats.extreme} |score| >= ${DEFAULT_FILTER.maxScore}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  // Validation: every valEvery-th game, whole, so that no game is split between the two sets.
  let nv = 0;
  for (let i = 0; i < data.count; i++) if (data.game[i] % o.valEvery === o.valEvery - 1) nv++;
  const val = sharedU32(nv),
    tr = sharedU32(data.count - nv);
  for (let i = 0, a = 0, b = 0; i < data.count; i++) {
    if (data.game[i] % o.valEvery === o.valEvery - 1) val[a++] = i;
    else tr[b++] = i;
  }
  console.log(`train ${tr.length} positions, validation ${val.length}`);

  const H = o.hidden,
    B = o.buckets,
    P = paramCount(H, B),
    L = layout(H, B);
  const params = initParams(H, o.seed, B);
  if (o.init) {
    // A net file (when its .f32 is gone) starts from its dequantised weights.
    const raw = fs.readFileSync(o.init),
      asNet = o.init.endsWith('.nnue') ? parseNet(new Uint8Array(raw)) : null;
    if (typeof asNet === 'string') throw new Error(`${o.init}: ${asNet}`);
    if (asNet && asNet.scale !== o.scale) throw new Error(`${o.init}: scale ${asNet.scale}, expected ${o.scale}`);
    const f = asNet
        ? dequantise(asNet, asNet.hidden, B)
        : new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)),
      H0 = hiddenOf(f.length, B);
    // A narrower net is widened (same function, new units to grow); a wider one is an error.
    if (H0 === 0 || H0 > H)
      throw new Error(`${o.init}: ${f.length} parameters, expected ${P} (hidden ${H}, ${B} buckets)`);
    if (H0 < H) console.log(`init: widening ${H0} hidden units to ${H}`);
    params.set(H0 === H ? f : widen(f, H0, H, B, o.seed));
  }
  const grads: Float32Array[] = [];
  const workers: Worker[] = [];
  const workerFile = path.join(__dirname, 'train-worker.js');
  for (let t = 0; t < o.threads; t++) {
    const grad = new Float32Array(new SharedArrayBuffer(P * 4));
    grads.push(grad);
    workers.push(new Worker(workerFile, { workerData: { data, params, grad, H, B, scale: o.scale } }));
  }
  for (const w of workers)
    w.on('error', (e) => {
      console.error(`train: worker failed: ${e.stack ?? e.message}`);
      process.exit(1);
    });
  const call = (w: Worker, msg: object): Promise<number> =>
    new Promise((res) => {
      w.once('message', (m: { loss: number }) => res(m.loss));
      w.postMessage(msg);
    });
  const spread = async (
    type: string,
    idx: Uint32Array,
    from: number,
    to: number,
    lambda = o.lambdaEnd,
  ): Promise<number> => {
    const n = to - from,
      parts: Promise<number>[] = [];
    for (let t = 0; t < o.threads; t++) {
      const a = from + Math.floor((n * t) / o.threads),
        b = from + Math.floor((n * (t + 1)) / o.threads);
      parts.push(call(workers[t], { type, idx, from: a, to: b, lambda }));
    }
    return (await Promise.all(parts)).reduce((x, y) => x + y, 0);
  };

  const m = new Float32Array(P),
    v = new Float32Array(P);
  const b1 = 0.9,
    b2 = 0.999,
    eps = 1e-8;
  const batchesPerEpoch = Math.max(1, Math.floor(tr.length / o.batch));
  const totalSteps = batchesPerEpoch * o.epochs;
  let step = 0;
  const rnd = rngFrom(o.seed ^ 0x5bd1e995);
  const valLoss = async (): Promise<number> =>
    val.length ? (await spread('loss', val, 0, val.length)) / val.length : NaN;
  console.log(
    `net 768 -> ${H} x 2 -> 1 (SCReLU), ${B} output bucket(s), ${P} parameters; ${o.epochs} epochs x ${batchesPerEpoch} batches of ${o.batch}; ` +
      `lr ${o.lr} -> ${o.lr * o.lrEnd} (cosine), lambda ${o.lambda}${o.lambdaEnd !== o.lambda ? ` -> ${o.lambdaEnd} (linear)` : ''} (result weight; validation at ${o.lambdaEnd}), scale ${o.scale}, ${o.threads} threads, seed ${o.seed}`,
  );
  console.log(`epoch 0: validation loss ${(await valLoss()).toFixed(6)}`);
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    const te = Date.now();
    // Fisher-Yates shuffle of the training positions, every epoch.
    for (let i = tr.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      const x = tr[i];
      tr[i] = tr[j];
      tr[j] = x;
    }
    let lossSum = 0;
    for (let bi = 0; bi < batchesPerEpoch; bi++) {
      const from = bi * o.batch,
        to = from + o.batch;
      lossSum += await spread('grad', tr, from, to, lambdaAt(o, step, totalSteps));
      const lr = lrAt(o, step, totalSteps);
      step++;
      const c1 = 1 - b1 ** step,
        c2 = 1 - b2 ** step;
      const inv = 1 / o.batch;
      for (let k = 0; k < P; k++) {
        let g = 0;
        for (let t = 0; t < o.threads; t++) g += grads[t][k];
        g *= inv;
        m[k] = b1 * m[k] + (1 - b1) * g;
        v[k] = b2 * v[k] + (1 - b2) * g * g;
        let w = params[k] - lr * (m[k] / c1 / (Math.sqrt(v[k] / c2) + eps) + o.wd * params[k]);
        // Feature weights stay where int16 accumulators cannot overflow after quantisation.
        if (k < L.o) w = w < -1.98 ? -1.98 : w > 1.98 ? 1.98 : w;
        params[k] = w;
      }
    }
    const secs = (Date.now() - te) / 1000;
    const vl = await valLoss();
    const { bytes } = quantise(params, H, o.scale, B);
    fs.writeFileSync(o.out, bytes);
    fs.writeFileSync(o.out + '.f32', new Uint8Array(params.buffer.slice(0)));
    console.log(
      `epoch ${epoch}: train loss ${(lossSum / (batchesPerEpoch * o.batch)).toFixed(6)}  validation loss ${vl.toFixed(6)}  ` +
        `${Math.round((batchesPerEpoch * o.batch) / secs)} pos/s  ${secs.toFixed(1)} s`,
    );
  }
  for (const w of workers) await w.terminate();

  // The quantised net against the float net on the validation positions.
  const { net, bytes } = quantise(params, H, o.scale, B);
  const k = new Kernel(H, o.scale, B);
  let maxDiff = 0,
    sumDiff = 0,
    sumDev = 0;
  const n = Math.min(val.length || tr.length, 20000),
    set = val.length ? val : tr;
  for (let q = 0; q < n; q++) {
    const i = set[q];
    const f = k.forward(data, params, i) * o.scale;
    const e = quantisedEval(net, data.feat, data.start[i], data.start[i + 1], data.stm[i] === 1);
    const diff = Math.abs(f - e);
    sumDiff += diff;
    if (diff > maxDiff) maxDiff = diff;
    sumDev += Math.abs(e - data.score[i]);
  }
  console.log(
    `quantised vs float on ${n} positions: mean |diff| ${(sumDiff / n).toFixed(2)} cp, max ${maxDiff.toFixed(1)} cp`,
  );
  console.log(`validation: mean |net - search score| ${(sumDev / n).toFixed(1)} cp`);
  fs.writeFileSync(o.out, bytes); // also with --epochs 0: the initial (random) net, for speed tests
  console.log(
    `wrote ${o.out} (${bytes.length} bytes, checksum ${net.checksum.toString(16)}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
}

function main(): void {
  const p = new Command();
  p.name('train')
    .description('train a Tessera NNUE on viriformat data')
    .requiredOption('--data <files...>', 'viriformat files (.vf, .vf.gz, .vf.br)')
    .requiredOption('--out <file>', 'net file to write (also FILE.f32: the float weights)')
    .option('--hidden <n>', 'hidden size H', '64')
    .option('--buckets <n>', 'output buckets by the number of pieces (1: a single output)', '1')
    .option('--epochs <n>', 'passes over the data', '30')
    .option('--batch <n>', 'positions per batch', '16384')
    .option('--lr <x>', 'initial learning rate', '0.002')
    .option('--lr-end <x>', 'final learning rate as a fraction of the initial one', '0.05')
    .option('--lambda <x>', 'weight of the game result in the target (0: score only)', '0')
    .option('--lambda-end <x>', 'result weight at the end, reached linearly from --lambda (default: --lambda)')
    .option('--scale <n>', 'centipawns per unit of the output (sigmoid(score / scale))', '400')
    .option('--seed <n>', 'initial weights and shuffling', '1')
    .option('--threads <n>', 'worker threads', '2')
    .option('--val-every <n>', 'every n-th game goes to validation', '20')
    .option('--wd <x>', 'decoupled weight decay', '0')
    .option('--min-ply <n>', 'skip the first n recorded plies of each game', String(DEFAULT_FILTER.minPly))
    .option(
      '--init <file>',
      'start from these weights: a previous FILE.f32, or a net FILE.nnue dequantised; a narrower net is widened to --hidden',
    )
    .option('--no-mirror', 'do not add the a<->h mirror of positions without castling rights');
  p.parse(process.argv);
  const r = p.opts();
  const num = (k: string): number => {
    const x = Number(r[k]);
    if (!Number.isFinite(x)) {
      console.error(`train: bad --${k}`);
      process.exit(2);
    }
    return x;
  };
  const o: Opts = {
    data: r.data,
    out: r.out,
    hidden: num('hidden'),
    buckets: num('buckets'),
    epochs: num('epochs'),
    batch: num('batch'),
    lr: num('lr'),
    lrEnd: num('lrEnd'),
    lambda: num('lambda'),
    lambdaEnd: r.lambdaEnd === undefined ? num('lambda') : num('lambdaEnd'),
    scale: num('scale'),
    seed: num('seed'),
    threads: num('threads'),
    valEvery: num('valEvery'),
    wd: num('wd'),
    minPly: num('minPly'),
    init: r.init ?? null,
    mirror: r.mirror !== false,
  };
  if (!Number.isInteger(o.buckets) || o.buckets < 1 || o.buckets > MAX_BUCKETS) {
    console.error(`train: --buckets must be 1..${MAX_BUCKETS}`);
    process.exit(2);
  }
  train(o).catch((e) => {
    console.error(`train: ${(e as Error).stack}`);
    process.exit(1);
  });
}

main();
