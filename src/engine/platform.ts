// What the engine core needs from the place it runs in (a Node process, a web page): how a search thread starts,
// whether memory is shared with it, files, the built-in book and net. The core is written against this interface
// only, so the command line, the Node API and the browser build share one engine.
import type { Net } from '../eval/netfile';
import type { FromThread, SearchThreadData, ToThread } from './messages';

/** A started search thread, as the main side sees it. */
export interface ThreadHandle {
  post(msg: ToThread): void;
  onMessage(cb: (msg: FromThread) => void): void;
  onError(cb: (err: Error) => void): void;
  /** Ends the thread; resolves once it has ended. */
  terminate(): Promise<void>;
  /** Whether the thread keeps the host alive (Node): off while idle, on while a search must still answer. */
  ref(on: boolean): void;
}

/** What a Syzygy directory scan found, for the engine's messages. */
export interface TablebaseScan {
  numWdl: number;
  numDtz: number;
  maxPieces: number;
  problems: string[];
}

export interface Platform {
  /** Starts a search thread with its table, control block and settings. */
  spawnThread(data: SearchThreadData): ThreadHandle;
  /**
   * Whether memory is shared with the threads (SharedArrayBuffer): Lazy SMP, a shared hash and a stop flag the
   * search sees. Without it one thread runs and a stop ends the thread (unshared-pool.ts).
   */
  shared: boolean;
  /** The most hash, in MiB, the Hash option allows. */
  maxHashMiB: number;
  /** Reads a file (EvalFile, BookFile); absent where the host has no files. Throws an error with a `code`. */
  readFile?(path: string): Uint8Array;
  /** Scans SyzygyPath; absent where the host has no files (the option is not offered then). */
  scanTablebases?(path: string): TablebaseScan;
  /** The built-in Polyglot book's bytes, or null where the build carries none. */
  builtinBook(): Uint8Array | null;
  /** The built-in net for the main side's `eval` and `bench`; null where it lives only in the threads. */
  builtinNet(): Net | null;
  /** A full collection now (after a Hash change), where the host can. */
  collectGarbage(): void;
  /** List every search parameter as an option (a tuning build). */
  tuning: boolean;
}
