/**
 * Worker-thread spawning that works both from the esbuild bundle (dist/tessera.js
 * + dist/worker.js side by side) and from the standalone SEA binary (dist/tessera),
 * where the worker bundle is embedded as the asset "worker.js" and evaluated.
 */
import { Worker } from 'node:worker_threads';
import * as path from 'node:path';

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string, encoding: string): string;
}

let seaModule: SeaModule | null | undefined;

/** node:sea if we are running inside a single-executable application, else null. */
function getSea(): SeaModule | null {
  if (seaModule !== undefined) return seaModule;
  seaModule = null;
  try {
    const sea = require('node:sea') as SeaModule;
    if (sea.isSea()) seaModule = sea;
  } catch {
    // node:sea missing (older Node) or not requirable: not a SEA.
  }
  return seaModule;
}

let workerCode: string | undefined;

/** True when running as the standalone binary. */
export function isSea(): boolean {
  return getSea() !== null;
}

/** Start a worker thread (the bundled src/worker.ts: a search thread or a datagen player) with the given workerData. */
export function spawnWorker(workerData: unknown): Worker {
  const sea = getSea();
  if (sea) {
    workerCode ??= sea.getAsset('worker.js', 'utf8');
    return new Worker(workerCode, { eval: true, workerData });
  }
  // In the bundle __dirname is dist/, next to worker.js.
  return new Worker(path.join(__dirname, 'worker.js'), { workerData });
}
