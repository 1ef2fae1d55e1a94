// The engine's platform in a web page: search threads in Web Workers. With cross-origin isolation the page has
// SharedArrayBuffer, and the threads share the hash and a stop flag as in Node; without it one thread runs and a stop
// ends it (unshared-pool.ts). No files: no EvalFile, BookFile or SyzygyPath; the net is built into the worker, and no
// book is carried.
import type { FromThread } from './messages';
import type { Platform, ThreadHandle } from './platform';

// The Web APIs used here; the project's TypeScript setting carries Node's types, not the DOM's.
export interface WebWorker {
  postMessage(msg: unknown): void;
  terminate(): void;
  addEventListener(type: 'message', cb: (e: { data: unknown }) => void): void;
  addEventListener(type: 'error', cb: (e: { message?: string; preventDefault(): void }) => void): void;
}
declare const crossOriginIsolated: boolean | undefined;

/** Whether this page may share memory with its workers. */
export function pageSharesMemory(): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && typeof crossOriginIsolated !== 'undefined' && crossOriginIsolated;
}

function threadHandle(w: WebWorker): ThreadHandle {
  return {
    post: (msg) => w.postMessage(msg),
    onMessage: (cb) => w.addEventListener('message', (e) => cb(e.data as FromThread)),
    onError: (cb) =>
      w.addEventListener('error', (e) => {
        e.preventDefault();
        cb(new Error(e.message ?? 'the search worker failed'));
      }),
    terminate: () => {
      w.terminate();
      return Promise.resolve();
    },
    ref: () => {},
  };
}

/** spawn starts one search worker (the entry src/browser-worker.ts, bundled). */
export function browserPlatform(spawn: () => WebWorker): Platform {
  return {
    spawnThread: (data) => {
      const w = spawn();
      w.postMessage({ type: 'init', data });
      return threadHandle(w);
    },
    shared: pageSharesMemory(),
    maxHashMiB: 1024,
    builtinBook: () => null,
    builtinNet: () => null,
    collectGarbage: () => {},
    tuning: false,
  };
}
