// The typed engine API: Engine.start, setOption, go (an async stream of SearchInfo and a result), analyse, stop,
// newGame, quit, and the raw UCI transport. It drives the same UciEngine as the command line, by UCI lines, and reads
// the answers back (info.ts); Node (node.ts) and the browser (browser.ts) differ only in the host they give it.
import { parseFen, START_FEN } from '../core/fen';
import { parseUciMove, uciLineToSan } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import type { Position } from '../core/position';
import { clip } from '../core/clip';
import { MAX_THREADS } from '../search/limits';
import { UciEngine } from '../uci/engine';
import type { UciHost } from '../uci/host';
import { EngineError } from './errors';
import { type BestMove, type SearchInfo, parseBestMove, parseInfo } from './info';

export interface EngineOptions {
  /** Search threads (Lazy SMP); capped at capabilities.maxThreads (1 in a page that is not cross-origin isolated). */
  threads?: number;
  /** Hash table in MiB. */
  hash?: number;
  /** Any other UCI options by their UCI names, set in this order before start resolves. */
  options?: Record<string, string | number | boolean>;
}

/** What a search is asked: the position (FEN and moves from it) and when to stop. */
export interface GoParams {
  /** The starting position (default: the initial position). */
  fen?: string;
  /** Moves played from fen, in UCI notation. */
  moves?: string[];
  depth?: number;
  nodes?: number;
  /** Search for a mate in this many moves. */
  mate?: number;
  /** Milliseconds to search. */
  movetime?: number;
  /** Clock times and increments in milliseconds: the engine manages its time as in a game. */
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  /** Search until stopped. */
  infinite?: boolean;
  /** Only these root moves (UCI notation). */
  searchmoves?: string[];
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

export interface Capabilities {
  /** Memory shared with the search threads: Lazy SMP threads and a shared hash (Node; a cross-origin isolated page). */
  sharedMemory: boolean;
  maxThreads: number;
}

/** Makes the engine's host, given where its lines go and what to do when it quits. */
export type HostFactory = (out: (line: string) => void, exit: () => void) => UciHost;

const NUMERIC = ['depth', 'nodes', 'mate', 'movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo'] as const;

/** An info string the engine says when it refuses a setoption (options.ts and the options' own checks). */
function isOptionError(text: string): boolean {
  return /^(unknown option|option |setoption needs)/.test(text) || text.includes('; keeping ');
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

  constructor(
    private readonly stopper: (run: SearchRun) => void,
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

  finish(answer: { bestmove: string | null; ponder: string | null }): void {
    if (this.ended) return;
    this.ended = true;
    this.resolve({ ...answer, info: this.last });
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
      this.stopper(this);
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
  private readonly uci: UciEngine;
  private readonly listeners = new Set<(line: string) => void>();
  /** Searches sent to the engine that have not answered yet, oldest first: lines go to the first. */
  private readonly searches: SearchRun[] = [];
  private readonly readyWaiters: (() => void)[] = [];
  private uciokWaiter: (() => void) | null = null;
  private readonly captures = new Set<string[]>();
  private chess960 = false;
  private closed = false;
  private ended: Promise<void> | null = null;
  /** Keeps a Node process alive while something is awaited (the threads themselves do not). */
  private keepAlive: ReturnType<typeof setInterval> | null = null;

  protected constructor(makeHost: HostFactory) {
    const host = makeHost(
      (line) => this.onEngineLine(line),
      () => this.onExit(),
    );
    this.capabilities = { sharedMemory: host.shared, maxThreads: host.shared ? MAX_THREADS : 1 };
    this.uci = new UciEngine(host);
  }

  /** The UCI handshake, the options, and isready: the engine is ready to search once this resolves. */
  protected static async launch<E extends Engine>(engine: E, opts: EngineOptions): Promise<E> {
    await new Promise<void>((resolve) => {
      engine.uciokWaiter = resolve;
      engine.hold();
      engine.uci.handle('uci');
    });
    if (opts.threads !== undefined) {
      await engine.setOption('Threads', Math.max(1, Math.min(opts.threads, engine.capabilities.maxThreads)));
    }
    if (opts.hash !== undefined) await engine.setOption('Hash', opts.hash);
    for (const [name, value] of Object.entries(opts.options ?? {})) await engine.setOption(name, value);
    await engine.isReady();
    return engine;
  }

  // ---------------- the raw transport ----------------

  /** Sends UCI command lines to the engine, as to the binary's stdin. */
  send(line: string): void {
    for (const l of line.split(/\r?\n/)) this.uci.handle(l);
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
    return new Promise<void>((resolve) => {
      this.readyWaiters.push(resolve);
      this.hold();
      this.uci.handle('isready');
    });
  }

  /** Sets a UCI option by its UCI name (a button without a value); rejects with EngineError 'bad-option' if refused. */
  async setOption(name: string, value?: string | number | boolean): Promise<void> {
    const text = value === undefined ? '' : String(value);
    if (/[\r\n]/.test(name + text)) throw new EngineError('bad-option', 'option names and values are one line each');
    const said: string[] = [];
    this.captures.add(said);
    try {
      this.uci.handle(`setoption name ${name}${value === undefined ? '' : ` value ${text}`}`);
      await this.isReady();
    } finally {
      this.captures.delete(said);
    }
    const refusal = said.find(isOptionError);
    if (refusal !== undefined) throw new EngineError('bad-option', refusal);
    if (name.trim().toLowerCase() === 'uci_chess960') this.chess960 = text.toLowerCase() === 'true';
  }

  /**
   * Starts a search. A search still running is stopped first (its own result still resolves). Bad input (FEN, moves,
   * limits) rejects the result and the iteration with an EngineError; the engine is untouched then.
   */
  go(params: GoParams = {}): Search {
    let commands: string[];
    let root: Position;
    try {
      if (this.closed) throw new EngineError('quit', 'the engine has quit');
      [root, commands] = this.commandsFor(params);
    } catch (e) {
      const refused = new SearchRun(() => {}, null);
      refused.fail(e as Error);
      return refused;
    }
    const search = new SearchRun((r) => this.stopRun(r), params.san ? root : null);
    if (this.searches.length > 0) this.uci.handle('stop');
    this.searches.push(search);
    this.hold();
    for (const c of commands) this.uci.handle(c);
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
    if (!this.closed) this.uci.handle('ucinewgame');
  }

  /** Stops any search and ends every thread; resolves once they have ended. Pending results reject ('quit'). */
  quit(): Promise<void> {
    if (!this.ended) {
      this.closed = true;
      this.ended = this.uci.quit();
      this.onExit();
    }
    return this.ended;
  }

  // ---------------- internals ----------------

  private stopRun(run: SearchRun): void {
    if (this.searches.includes(run)) this.uci.handle('stop');
  }

  /** The position and go commands for params, or an EngineError for what is wrong with them. */
  private commandsFor(params: GoParams): [Position, string[]] {
    const fen = (params.fen ?? START_FEN).trim();
    if (/[\r\n]/.test(fen)) throw new EngineError('bad-fen', 'invalid FEN: it spans several lines');
    const pos = parseFen(fen, this.chess960);
    if (typeof pos === 'string') throw new EngineError('bad-fen', `invalid FEN: ${pos}`);
    const moves = params.moves ?? [];
    for (let i = 0; i < moves.length; i++) {
      const m = parseUciMove(pos, String(moves[i]));
      if (m === MOVE_NONE)
        throw new EngineError('illegal-move', `illegal move '${clip(String(moves[i]), 20)}' at ply ${i + 1}`);
      pos.make(m);
    }
    let go = 'go';
    for (const k of NUMERIC) {
      const v = params[k];
      if (v === undefined) continue;
      const clock = k === 'wtime' || k === 'btime';
      if (typeof v !== 'number' || !Number.isFinite(v) || (!clock && v < 0)) {
        throw new EngineError(
          'bad-limits',
          `${k} must be a ${clock ? '' : 'non-negative '}number, got ${clip(String(v), 20)}`,
        );
      }
      go += ` ${k} ${Math.trunc(v)}`;
    }
    if (params.infinite) go += ' infinite';
    if (params.searchmoves && params.searchmoves.length > 0) {
      for (const s of params.searchmoves) {
        if (parseUciMove(pos, String(s)) === MOVE_NONE) {
          throw new EngineError('illegal-move', `searchmoves: '${clip(String(s), 20)}' is not legal in the position`);
        }
      }
      go += ` searchmoves ${params.searchmoves.join(' ')}`;
    }
    const position = `position ${fen === START_FEN ? 'startpos' : `fen ${fen}`}${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`;
    return [pos, [position, go]];
  }

  private onEngineLine(line: string): void {
    for (const cb of this.listeners) {
      try {
        cb(line);
      } catch {
        // a listener's error is its own; the engine goes on
      }
    }
    if (line === 'uciok') {
      this.uciokWaiter?.();
      this.uciokWaiter = null;
    } else if (line === 'readyok') this.readyWaiters.shift()?.();
    else if (line.startsWith('info string ')) for (const c of this.captures) c.push(line.slice(12));
    const head = this.searches[0];
    if (head) {
      const info = parseInfo(line);
      if (info) head.push(info);
      const answer = parseBestMove(line);
      if (answer) {
        this.searches.shift();
        head.finish(answer);
      }
    }
    this.release();
  }

  /** The engine quit (quit(), or a raw `quit`): whatever still waits is told so. */
  private onExit(): void {
    this.closed = true;
    const err = new EngineError('quit', 'the engine has quit');
    for (const s of this.searches.splice(0)) s.fail(err);
    for (const w of this.readyWaiters.splice(0)) w();
    this.release();
  }

  private hold(): void {
    this.keepAlive ??= setInterval(() => {}, 1 << 30);
  }

  private release(): void {
    const waiting = this.searches.length > 0 || this.readyWaiters.length > 0 || this.uciokWaiter !== null;
    if (!waiting && this.keepAlive !== null) {
      clearInterval(this.keepAlive);
      this.keepAlive = null;
    }
  }
}
