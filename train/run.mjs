#!/usr/bin/env node
// `npm run train -- ARGS`: bundles the trainer (TypeScript) with esbuild into dist/train/ and runs it.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  absWorkingDir: root,
  logLevel: 'warning',
  loader: { '.nnue': 'binary' },
};
// `npm run train -- netloss --data FILES --nets NETS`: the validation loss of net files instead (train/netloss.ts).
const tool = process.argv[2] === 'netloss' ? 'netloss' : 'train';
if (tool === 'netloss') {
  await build({ ...common, entryPoints: ['train/netloss.ts'], outfile: 'dist/train/netloss.js' });
} else {
  await build({ ...common, entryPoints: ['train/trainer.ts'], outfile: 'dist/train/train.js' });
  await build({ ...common, entryPoints: ['train/worker.ts'], outfile: 'dist/train/train-worker.js' });
}
const args = tool === 'netloss' ? process.argv.slice(3) : process.argv.slice(2);
const r = spawnSync(process.execPath, [path.join(root, `dist/train/${tool}.js`), ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
