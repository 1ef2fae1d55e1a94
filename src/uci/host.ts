// What the UCI engine needs from the place it runs in (a Node process, a Node library, a web page): where its lines
// go, how a search thread starts, files, and what happens on quit. The engine (engine.ts) is written against this
// interface only, so the command line, the Node API and the browser build share one UCI code path.
import type { Net } from '../eval/netfile';
import type { SearchThreadData } from './thread';

/** A started search thread, as the engine's main side sees it. */
export interface ThreadHandle {
  post(msg: unknown): void;
  onMessage(cb: (msg: { type: string; index: number } & Record<string, unknown>) => void): void;
  onError(cb: (err: Error) => void): void;
  /** Ends the thread; resolves once it has ended. */
  terminate(): Promise<void>;
  /** Whether the thread keeps the host alive (Node): off while idle, on while a search must still answer. */
  ref(on: boolean): void;
}

/** What a Syzygy directory scan found, for the engine's `info string` lines. */
export interface TablebaseScan {
  numWdl: number;
  numDtz: number;
  maxPieces: number;
  problems: string[];
}

export interface UciHost {
  /** Every line the engine says (its search threads' lines too, where they come through the host). */
  out(line: string): void;
  /** Starts a search thread with its table, control block and settings. */
  spawnThread(data: SearchThreadData): ThreadHandle;
  /**
   * Whether memory is shared with the threads (SharedArrayBuffer): Lazy SMP, a shared hash and a stop flag the
   * search sees. Without it one thread runs and a stop ends the thread (see engine.ts).
   */
  shared: boolean;
  /** The most hash, in MiB, the Hash option allows. */
  maxHashMiB: number;
  /** Reads a file (EvalFile, BookFile); absent where the host has no files. Throws an error with a `code`. */
  readFile?(path: string): Uint8Array;
  /** Scans SyzygyPath; absent where the host has no files (the option is refused then). */
  scanTablebases?(path: string): TablebaseScan;
  /** The built-in Polyglot book's bytes, or null where the build carries none. */
  builtinBook(): Uint8Array | null;
  /** The built-in net for the main side's `eval` and `bench`; null where it lives only in the threads. */
  builtinNet(): Net | null;
  /** A full collection now (after a Hash change), where the host can. */
  collectGarbage(): void;
  /** `quit`, or the end of input once the search has answered. */
  exit(): void;
  /** List every search parameter as a UCI option (a tuning build). */
  tuning: boolean;
}

/** The search thread's side of its connection to the engine. */
export interface ThreadPort {
  post(msg: unknown): void;
  onMessage(cb: (msg: { type: string } & Record<string, unknown>) => void): void;
}
