// Validation loss of net files on the trainer's split, so that nets trained with different options (hidden size,
// mirrored copies) are compared on the same positions: the games the trainer holds out (every --val-every-th),
// no mirrored copies, the quantised net as the engine computes it. Loss as the trainer's with lambda 0. Also by
// folder (generation): the newest data is the closest to the positions the current engine plays.
//   node dist/train/netloss.js --data FILES... --nets NET... [--val-every 20]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Command } from 'commander';
import { loadData, DEFAULT_FILTER } from './loader';
import { parseNet } from '../src/eval/netfile';
import { quantisedEval } from './quantise';

const p = new Command();
p.requiredOption('--data <files...>')
  .requiredOption('--nets <files...>')
  .option('--val-every <n>', '', '20')
  .option('--scale <n>', '', '400');
p.parse(process.argv);
const o = p.opts();
const every = Number(o.valEvery),
  scale = Number(o.scale);
const files = o.data as string[];
const { data, stats } = loadData(files, { ...DEFAULT_FILTER, mirror: false });
const val: number[] = [];
for (let i = 0; i < data.count; i++) if (data.game[i] % every === every - 1) val.push(i);
// Each held-out position's group: the folder of the file its game came from.
const groups: string[] = [];
const groupOf = new Uint16Array(val.length);
for (let q = 0, f = 0; q < val.length; q++) {
  const g = data.game[val[q]];
  while (f + 1 < files.length && stats.fileFirstGame[f + 1] <= g) f++;
  const name = path.basename(path.dirname(files[f]));
  let k = groups.indexOf(name);
  if (k < 0) {
    k = groups.length;
    groups.push(name);
  }
  groupOf[q] = k;
}
const sig = (x: number): number => 1 / (1 + Math.exp(-x));
for (const f of o.nets as string[]) {
  const net = parseNet(new Uint8Array(fs.readFileSync(f)));
  if (typeof net === 'string') {
    console.log(`${f}: ${net}`);
    continue;
  }
  let loss = 0,
    dev = 0;
  const gLoss = new Float64Array(groups.length),
    gN = new Uint32Array(groups.length);
  for (let q = 0; q < val.length; q++) {
    const i = val[q];
    const e = quantisedEval(net, data.feat, data.start[i], data.start[i + 1], data.stm[i] === 1);
    const err = sig(e / scale) - sig(data.score[i] / scale);
    loss += err * err;
    dev += Math.abs(e - data.score[i]);
    gLoss[groupOf[q]] += err * err;
    gN[groupOf[q]]++;
  }
  console.log(
    `${f}: validation loss ${(loss / val.length).toFixed(6)}, mean |net - score| ${(dev / val.length).toFixed(1)} cp on ${val.length} positions`,
  );
  if (groups.length > 1)
    console.log('  ' + groups.map((g, k) => `${g} ${(gLoss[k] / gN[k]).toFixed(6)} (${gN[k]})`).join(', '));
}
