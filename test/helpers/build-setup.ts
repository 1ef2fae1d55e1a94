// Vitest global setup: the tests that drive the built engine (UCI, bench pins, datagen, epd) run whatever dist/ holds,
// so a build older than the sources would pass them on old code. Before any test runs, dist/ is rebuilt
// (`node scripts/build.mjs`) when an output is missing or older than the newest input.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const BUILD_OUTPUTS = [
  'dist/tessera.js',
  'dist/worker.js',
  'dist/tessera',
  'dist/node.cjs',
  'dist/node.mjs',
  'dist/browser/tessera.js',
  'dist/browser/worker.js',
  'dist/types/api/node.d.ts',
  'dist/book.bin',
];
// What the build reads: the sources (with the book), the built-in net, the dependencies' lock and the script itself.
const BUILD_INPUTS = ['src', 'train/nets', 'package-lock.json', 'scripts/build.mjs', 'tsconfig.types.json'];

function newestFile(rel: string): { file: string; mtimeMs: number } | null {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return null;
  const st = fs.statSync(abs);
  if (!st.isDirectory()) return { file: rel, mtimeMs: st.mtimeMs };
  let best: { file: string; mtimeMs: number } | null = null;
  for (const name of fs.readdirSync(abs)) {
    const f = newestFile(path.join(rel, name));
    if (f && (!best || f.mtimeMs > best.mtimeMs)) best = f;
  }
  return best;
}

/** Why dist/ must be rebuilt, or null when every output is newer than every input. */
export function staleBuild(): string | null {
  let input: { file: string; mtimeMs: number } | null = null;
  for (const rel of BUILD_INPUTS) {
    const f = newestFile(rel);
    if (f && (!input || f.mtimeMs > input.mtimeMs)) input = f;
  }
  for (const out of BUILD_OUTPUTS) {
    const abs = path.join(ROOT, out);
    if (!fs.existsSync(abs)) return `${out} is missing`;
    if (input && fs.statSync(abs).mtimeMs < input.mtimeMs) return `${input.file} is newer than ${out}`;
  }
  return null;
}

export default function setup(): void {
  const why = staleBuild();
  if (!why) return;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`test setup: the build (${why}) failed, exit ${r.status ?? r.signal}:\n${r.stdout}${r.stderr}`);
  }
  console.log(`test setup: rebuilt dist/ (${why}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
