/**
 * Worker-thread spawning that works both from the esbuild bundle (dist/tessera.js
 * + dist/worker.js side by side) and from the standalone SEA binary (dist/tessera),
 * where the worker bundle is embedded as the asset "worker.js" and evaluated.
 */
import { Worker } from 'node:worker_threads';
import * as path from 'node:path';
import { getSea } from './assets';

export { isSea } from './assets';

let workerCode: string | undefined;

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
