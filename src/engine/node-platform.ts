// The engine's platform in Node.js: search threads in worker_threads with shared memory, files, Syzygy tables, the
// built-in book and net. The command line and the Node API use the same one.
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../threads';
import { collectGarbage } from '../gc';
import { Tablebases } from '../tb/syzygy';
import { defaultNet } from '../eval/nets';
import { readAsset } from '../assets';
import type { FromThread } from './messages';
import type { Platform, ThreadHandle } from './platform';

// Half the machine's memory (at least 1 GiB, at most 64 GiB): a larger table would be committed
// lazily and could get the engine killed for memory in the middle of a game.
const MAX_HASH = Math.max(1024, Math.min(65536, Math.floor(os.totalmem() / (2 * 1024 * 1024))));

function threadHandle(w: Worker): ThreadHandle {
  return {
    post: (msg) => w.postMessage(msg),
    onMessage: (cb) => w.on('message', (m: FromThread) => cb(m)),
    onError: (cb) => w.on('error', cb),
    terminate: () => w.terminate().then(() => undefined),
    ref: (on) => (on ? w.ref() : w.unref()),
  };
}

export function nodePlatform(): Platform {
  return {
    spawnThread: (data) => threadHandle(spawnWorker(data)),
    shared: true,
    maxHashMiB: MAX_HASH,
    readFile: (path) => new Uint8Array(fs.readFileSync(path)),
    scanTablebases: (path) => new Tablebases(path),
    builtinBook: () => readAsset('book.bin'),
    builtinNet: () => defaultNet(),
    collectGarbage,
    tuning: process.env.TESSERA_TUNE === '1',
  };
}
