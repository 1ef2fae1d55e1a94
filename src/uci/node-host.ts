// The UCI engine's host in Node.js: search threads in worker_threads with shared memory, files, Syzygy tables, the
// built-in book and net. The command line and the Node API differ only in where lines go and what quit does.
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../threads';
import { collectGarbage } from '../gc';
import { Tablebases } from '../tb/syzygy';
import { defaultNet } from '../eval/nets';
import { readAsset } from '../assets';
import type { ThreadHandle, UciHost } from './host';

// Half the machine's memory (at least 1 GiB, at most 64 GiB): a larger table would be committed
// lazily and could get the engine killed for memory in the middle of a game.
const MAX_HASH = Math.max(1024, Math.min(65536, Math.floor(os.totalmem() / (2 * 1024 * 1024))));

export interface NodeHostOptions {
  out(line: string): void;
  exit(): void;
  /** Thread 0 writes its lines to stdout itself (the command line: no hop through the main thread). */
  threadsToStdout: boolean;
}

function threadHandle(w: Worker): ThreadHandle {
  return {
    post: (msg) => w.postMessage(msg),
    onMessage: (cb) => w.on('message', cb),
    onError: (cb) => w.on('error', cb),
    terminate: () => w.terminate().then(() => undefined),
    ref: (on) => (on ? w.ref() : w.unref()),
  };
}

export function nodeHost(o: NodeHostOptions): UciHost {
  return {
    out: o.out,
    spawnThread: (data) => threadHandle(spawnWorker({ ...data, stdout: o.threadsToStdout })),
    shared: true,
    maxHashMiB: MAX_HASH,
    readFile: (path) => new Uint8Array(fs.readFileSync(path)),
    scanTablebases: (path) => new Tablebases(path),
    builtinBook: () => readAsset('book.bin'),
    builtinNet: () => defaultNet(),
    collectGarbage,
    exit: o.exit,
    tuning: process.env.TESSERA_TUNE === '1',
  };
}
