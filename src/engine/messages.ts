// What passes between the engine core (main side) and its search threads: typed unions both ways, plain data only
// (structured-cloned by postMessage). The thread renders moves to UCI notation (it has the position); numbers stay
// numbers, and the hosts above make text (uci/) or objects (api/) of them.
import type { SearchLimits, SearchOptions } from '../search/limits';
import type { ParamName } from '../search/params';
import type { PvReport } from '../search/report';

/** One principal variation after an iteration (or a new best move within a slow one), moves in UCI notation. */
export type InfoReport = Omit<PvReport, 'pv'> & { pv: string[] };

/** A search's answer. bestmove null: no legal move (or none could be found); mated tells checkmate from stalemate. */
export interface BestMoveReport {
  bestmove: string | null;
  ponder: string | null;
  /** With bestmove null: the side to move is checkmated (true) or stalemated (false); null when no position. */
  mated: boolean | null;
}

/** Where one search's results go: the UCI host writes lines, the API resolves promises. */
export interface SearchSink {
  info(r: InfoReport): void;
  currMove(depth: number, move: string, number: number): void;
  /** Exactly once per go. */
  bestMove(r: BestMoveReport): void;
  message(text: string): void;
}

export interface GoMessage {
  type: 'go';
  fen: string;
  /** Game moves from fen, already checked legal by the main side. */
  moves: number[];
  chess960: boolean;
  limits: SearchLimits;
  opts: SearchOptions;
  /** Evaluate with the network (false: the hand-crafted evaluation). */
  useNNUE: boolean;
  /** A tuning build's search parameters that differ from their defaults (the rest are reset); absent otherwise. */
  params?: Partial<Record<ParamName, number>>;
  gen: number;
  ttAge: number;
  /** Date.now() when the go was received. */
  receivedAt: number;
}

/** Settings a thread takes in between searches; each is acknowledged with `ack` once it has taken effect. */
export type SettingsMessage =
  | { type: 'tt'; sab: SharedArrayBuffer | null; mib: number }
  | { type: 'net'; bytes: Uint8Array | null }
  /** Tables on a SyzygyPath, or (files) held in memory by file name; neither: none. */
  | { type: 'tb'; path: string; files: ReadonlyMap<string, Uint8Array> | null }
  | { type: 'clear' };

export type ToThread = GoMessage | SettingsMessage;

export type FromThread =
  /** Started, compiled and warmed up. */
  | { type: 'ready'; index: number }
  | { type: 'ack'; index: number }
  | { type: 'info'; index: number; info: InfoReport }
  | { type: 'currmove'; index: number; depth: number; move: string; number: number }
  | { type: 'bestmove'; index: number; answer: BestMoveReport }
  | { type: 'message'; index: number; text: string }
  /** The thread has finished the search of generation gen and waits for the next message. */
  | { type: 'done'; index: number; gen: number };

/** What the main side gives a search thread when it starts it. */
export interface SearchThreadData {
  index: number;
  /** Shared with the main side where memory is shared; otherwise this thread's own copies. */
  ctrl: ArrayBufferLike;
  f64: ArrayBufferLike;
  /** The shared hash table; null: this thread makes its own of hashMiB (no shared memory). */
  tt: SharedArrayBuffer | null;
  hashMiB: number;
  /** The main side's search generation when it started this thread: a go since then cancels the warm-up. */
  gen: number;
  /** An EvalFile net, already checked by the main side; null: the built-in net. */
  net: Uint8Array | null;
  tbPath: string;
  /** Tables held in memory by file name (a page's), used instead of tbPath; null: none. */
  tbFiles: ReadonlyMap<string, Uint8Array> | null;
}
