// The typed engine API: Engine.start, setOption, go (an async stream of SearchInfo and a result), analyse, stop,
// newGame, quit, and the raw UCI transport. It calls the engine core directly and receives typed reports; the raw
// transport is a UCI session over the same core. Node (node.ts) and the browser (browser.ts) differ only in the
// platform they give it.
import { parseFen, toFen, START_FEN } from '../core/fen';
import { uciLineToSan } from '../core/notation';
import type { Position } from '../core/position';
import { EngineCore, type SearchHandle } from '../engine/core';
import type { Platform } from '../engine/platform';
import type { BestMoveReport, SearchSink } from '../engine/messages';
import type { CoreError } from '../engine/errors';
import type { GoLimits } from '../engine/limits';
import { UciSession } from '../uci/session';
import { uciSink } from '../uci/info';
import { EngineError } from './errors';
import { type BestMove, type SearchInfo, toSearchInfo } from './info';

export interface EngineOptions {
  /** Search threads (Lazy SMP); capped at capabilities.maxThreads (1 in a page that is not cross-origin isolated). */
  threads?: number;
  /** Hash table in MiB. */
  hash?: number;
  /** Any other UCI options by their UCI names, set in this order before start resolves. */
  options?: Record<string, string | number | boolean>;
}

/** What a search is asked: the position (FEN and moves from it) and when to stop (the limits as UCI's go has them). */
export interface GoParams extends Omit<GoLimits, 'ponder'> {
  /** The starting position (default: the initial position). */
  fen?: string;
  /** Moves played from fen, in UCI notation. */
  moves?: string[];
  /** Stops the search when aborted (its result still resolves with a move). */
  signal?: AbortSignal;
  /** Add the principal variation in SAN to every SearchInfo. */
  san?: boolean;
}

/** A running search: its progress as an async iterable, its answer as a promise. */
export interface Search extends AsyncIterable<SearchInfo> {
  /** Resolves with the best move when the search ends (by its limits, stop() or a newer go). */
  readonly result: Promise<BestMove>;
  /** Ends the search now; resolves with its answer. */
  stop(): Promise<BestMove>;
}

/** analyse's answer: the best move and, per MultiPV line, the last full line reported. */
export interface Analysis extends BestMove {
  lines: SearchInfo[];
}

/** What setTablebases found: WDL and DTZ tables, the most pieces any has, files it could not use (and why). */
export interface TablebaseInfo {
  wdl: number;
  dtz: number;
  maxPieces: number;
  problems: string[];
}

export interface Capabilities {
  /** Memory shared with the search threads: Lazy SMP threads and a shared hash (Node; a cross-origin isolated page). */
  sharedMemory: boolean;
  maxThreads: number;
}

const NUMERIC = ['depth', 'nodes', 'mate', 'movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo'] as const;

function rejection(e: CoreError): EngineError {
  return new EngineError(e.code, e.message);
}

class SearchRun implements Search {
  readonly result: Promise<BestMove>;
  private resolve!: (r: BestMove) => void;
  private reject!: (e: Error) => void;
  private readonly buffered: SearchInfo[] = [];
  private readonly readers: { resolve: (r: IteratorResult<SearchInfo>) => void; reject: (e: Error) => void }[] = [];
  private ended = false;
  private error: Error | null = null;
  private last: SearchInfo | null = null;
  private stopAsked = false;

  /** Set once the core has taken the search. */
  handle: SearchHandle | null = null;

  constructor(
    /** The root, for SAN (null: no SAN wanted). */
    private readonly root: Position | null,
  ) {
    this.result = new Promise<BestMove>((res, rej) => {
      this.resolve = res;
      this.reject = rej;
    });
    // A caller who only iterates (or never looks) must not get an unhandled rejection; awaiting result still throws.
    this.result.catch(() => {});
  }

  get done(): boolean {
    return this.ended;
  }

  push(info: SearchInfo): void {
    if (this.ended) return;
    if (this.root) info.san = uciLineToSan(this.root, info.pv);
    if (info.multipv === 1) this.last = info;
    const reader = this.readers.shift();
    if (reader) reader.resolve({ value: info, done: false });
    else this.buffered.push(info);
  }

  finish(answer: BestMoveReport): void {
    if (this.ended) return;
    this.ended = true;
    this.resolve({ bestmove: answer.bestmove, ponder: answer.ponder, info: this.last });
    for (const r of this.readers.splice(0)) r.resolve({ value: undefined, done: true });
  }

  fail(err: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.error = err;
    this.reject(err);
    for (const r of this.readers.splice(0)) r.reject(err);
  }

  stop(): Promise<BestMove> {
    if (!this.ended && !this.stopAsked) {
      this.stopAsked = true;
      this.handle?.stop();
    }
    return this.result;
  }

  [Symbol.asyncIterator](): AsyncIterator<SearchInfo> {
    return {
      next: (): Promise<IteratorResult<SearchInfo>> => {
        const info = this.buffered.shift();
        if (info) return Promise.resolve({ value: info, done: false });
        if (this.error) return Promise.reject(this.error);
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => this.readers.push({ resolve, reject }));
      },
      return: (): Promise<IteratorResult<SearchInfo>> => Promise.resolve({ value: undefined, done: true }),
    };
  }
}

export class Engine {
  readonly capabilities: Capabilities;
  private readonly core: EngineCore;
  private readonly session: UciSession;
  private readonly listeners = new Set<(line: string) => void>();
  /** Searches the core has taken that have not answered yet. */
  private readonly searches = new Set<SearchRun>();
  private pendingReady = 0;
  private starting = false;
  private closed = false;
  private ended: Promise<void> | null = null;
  /** Keeps a Node process alive while something is awaited (the threads themselves do not). */
  private keepAlive: ReturnType<typeof setInterval> | null = null;

  protected constructor(platform: Platform) {
    this.core = new EngineCore(platform);
    this.session = new UciSession(
      this.core,
      (line) => this.emit(line),
      () => this.onExit(),
    );
    this.capabilities = { sharedMemory: platform.shared, maxThreads: this.core.maxThreads };
  }

  /** Starts the threads, sets the options, and resolves once the engine is ready to search. */
  protected static async launch<E extends Engine>(engine: E, opts: EngineOptions): Promise<E> {
    engine.starting = true;
    engine.hold();
    engine.core.startThreads();
    try {
      if (opts.threads !== undefined) {
        await engine.setOption('Threads', Math.max(1, Math.min(opts.threads, engine.capabilities.maxThreads)));
      }
      if (opts.hash !== undefined) await engine.setOption('Hash', opts.hash);
      for (const [name, value] of Object.entries(opts.options ?? {})) await engine.setOption(name, value);
      await engine.isReady();
    } finally {
      engine.starting = false;
      engine.release();
    }
    return engine;
  }

  // ---------------- the raw transport ----------------

  /** Sends UCI command lines to the engine, as to the binary's stdin. */
  send(line: string): void {
    for (const l of line.split(/\r?\n/)) this.session.handle(l);
  }

  /** Calls cb with every line the engine says (as the binary's stdout); returns a function that unsubscribes. */
  onLine(cb: (line: string) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  // ---------------- the typed API ----------------

  /** Resolves once the engine has taken in every command sent so far and its threads are ready. */
  isReady(): Promise<void> {
    if (this.closed) return Promise.reject(new EngineError('quit', 'the engine has quit'));
    this.pendingReady++;
    this.hold();
    return new Promise<void>((resolve) => {
      this.core.ready(() => {
        this.pendingReady--;
        this.emit('readyok');
        this.release();
        resolve();
      });
    });
  }

  /**
   * Syzygy tables held in memory, by file name ('KQvK.rtbw', 'KQvK.rtbz', …): where there are no files to give
   * SyzygyPath, as in a web page that fetched them. The search then probes them as it would files. Resolves with
   * what was found once the search threads have them (while a search runs, at once: the threads take them when it
   * ends, as with setOption); rejects with EngineError 'bad-tablebases' when none can be used (the tables in use
   * stay). null or an empty set: no tables.
   */
  async setTablebases(
    files: ReadonlyMap<string, Uint8Array> | Readonly<Record<string, Uint8Array>> | null,
  ): Promise<TablebaseInfo> {
    if (this.closed) throw new EngineError('quit', 'the engine has quit');
    const map = files === null ? null : files instanceof Map ? files : new Map(Object.entries(files));
    const found = this.core.setTablebaseFiles(map);
    if ('code' in found) throw rejection(found);
    await this.isReady();
    return { wdl: found.numWdl, dtz: found.numDtz, maxPieces: found.maxPieces, problems: [...found.problems] };
  }

  /** Sets an option by its UCI name (a button without a value); rejects with EngineError 'bad-option' if refused. */
  async setOption(name: string, value?: string | number | boolean): Promise<void> {
    if (this.closed) throw new EngineError('quit', 'the engine has quit');
    const refused = this.core.setOption(String(name), value === undefined ? '' : String(value));
    if (refused) throw rejection(refused);
    await this.isReady();
  }

  /**
   * Starts a search. A search still running is stopped first (its own result still resolves). Bad input (FEN, moves,
   * limits) rejects the result and the iteration with an EngineError; the engine is untouched then.
   */
  go(params: GoParams = {}): Search {
    const refuse = (e: EngineError): Search => {
      const refused = new SearchRun(null);
      refused.fail(e);
      return refused;
    };
    if (this.closed) return refuse(new EngineError('quit', 'the engine has quit'));
    const fen = String(params.fen ?? START_FEN).trim();
    const bad = this.core.setPosition(fen, (params.moves ?? []).map(String), false);
    if (bad) return refuse(rejection(bad));
    // SAN is written on a copy: the core's position moves on with the next go.
    const root = params.san ? (parseFen(toFen(this.core.position), this.core.settings.chess960) as Position) : null;
    const search = new SearchRun(root);
    const showWDL = this.core.settings.showWDL;
    const mirror = uciSink((l) => this.emit(l), showWDL);
    const sink: SearchSink = {
      info: (r) => {
        if (this.listeners.size > 0) mirror.info(r);
        search.push(toSearchInfo(r, showWDL));
      },
      currMove: (d, m, n) => {
        if (this.listeners.size > 0) mirror.currMove(d, m, n);
      },
      message: (t) => mirror.message(t),
      bestMove: (r) => {
        this.searches.delete(search);
        if (this.listeners.size > 0) mirror.bestMove(r);
        search.finish(r);
        this.release();
      },
    };
    const limits = { ...params, searchmoves: params.searchmoves?.map(String) };
    const handle = this.core.go(limits, sink, true);
    if ('code' in handle) return refuse(rejection(handle));
    search.handle = handle;
    if (!search.done) this.searches.add(search);
    this.hold();
    const signal = params.signal;
    if (signal) {
      if (signal.aborted) void search.stop();
      else signal.addEventListener('abort', () => void search.stop(), { once: true });
    }
    return search;
  }

  /** Searches fen (with limits: depth, nodes, movetime or mate) and returns the best move and every MultiPV line. */
  async analyse(fen: string, limits: Omit<GoParams, 'fen'>): Promise<Analysis> {
    if (!limits.infinite && !NUMERIC.some((k) => limits[k] !== undefined) && !limits.signal) {
      throw new EngineError('bad-limits', 'analyse needs a limit: depth, nodes, movetime, mate or a signal');
    }
    const search = this.go({ ...limits, fen });
    const lines = new Map<number, SearchInfo>();
    for await (const info of search) if (!info.score.bound) lines.set(info.multipv, info);
    const answer = await search.result;
    return { ...answer, lines: [...lines.values()].sort((a, b) => a.multipv - b.multipv) };
  }

  /** Tells the engine a new game begins (the hash and histories are cleared). */
  newGame(): void {
    if (!this.closed) this.core.newGame();
  }

  /** Stops any search and ends every thread; resolves once they have ended. Pending results reject ('quit'). */
  quit(): Promise<void> {
    if (!this.ended) {
      this.ended = this.session.quit();
      this.onExit();
    }
    return this.ended;
  }

  // ---------------- internals ----------------

  private emit(line: string): void {
    for (const cb of this.listeners) {
      try {
        cb(line);
      } catch {
        // a listener's error is its own; the engine goes on
      }
    }
  }

  /** The engine quit (quit(), or a raw `quit`): whatever still waits is told so. */
  private onExit(): void {
    this.closed = true;
    const err = new EngineError('quit', 'the engine has quit');
    for (const s of this.searches) s.fail(err);
    this.searches.clear();
    this.release();
  }

  private hold(): void {
    this.keepAlive ??= setInterval(() => {}, 1 << 30);
  }

  private release(): void {
    const waiting = this.searches.size > 0 || this.pendingReady > 0 || this.starting;
    if (!waiting && this.keepAlive !== null) {
      clearInterval(this.keepAlive);
      this.keepAlive = null;
    }
  }
}
