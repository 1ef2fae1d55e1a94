// The engine core under every host (the UCI command line, the Node API, the browser API): options, the game, the
// book, net and tables, the search threads, and the scheduler that decides when each request runs. Hosts call typed
// methods and get typed refusals and reports; none of them speaks for another.
import { toFen, parseFen, START_FEN } from '../core/fen';
import { legalMoves } from '../core/movegen';
import { moveToUci } from '../core/notation';
import { MAX_MOVES } from '../core/types';
import type { Position } from '../core/position';
import { createTTBuffer } from '../search/tt';
import { changedParams } from '../search/params';
import type { Net } from '../eval/netfile';
import { checkOption, findOption, type EngineOption } from './options';
import { declareOptions, defaultSettings, type Settings } from './option-table';
import { checkLimits, type GoLimits } from './limits';
import { Game } from './game';
import { Resources } from './resources';
import { Scheduler, type Phase } from './scheduler';
import type { ThreadPool } from './pool';
import { SharedPool } from './shared-pool';
import { UnsharedPool } from './unshared-pool';
import type { Platform, TablebaseScan } from './platform';
import type { SearchSink } from './messages';
import type { CoreError } from './errors';

/** A search asked for: it runs when the scheduler says so; stop reaches it wherever it is. */
export interface SearchHandle {
  /** Ends this search (now if it runs; at once when it starts if it still waits); its bestmove still comes. */
  stop(): void;
}

interface GoJob {
  state: 'queued' | 'running' | 'done';
  /** Searches until stopped (go infinite; go ponder until ponderhit). */
  unbounded: boolean;
  infinite: boolean;
  /** Asked to stop before it started: it answers at once (a depth-1 search). */
  stopAsked: boolean;
  run(): void;
}

/** How long an unanswered readiness check waits for threads that never report before it answers anyway. */
const READY_TIMEOUT_MS = 10_000;

export class EngineCore {
  readonly settings: Settings = defaultSettings();
  readonly options: readonly EngineOption[];
  readonly game = new Game();
  readonly resources: Resources;
  readonly scheduler = new Scheduler();
  readonly maxThreads: number;
  /** Engine-wide messages (what a file held, a failed thread): the UCI host says them as `info string`. */
  onMessage: (text: string) => void = () => {};
  private readonly pool: ThreadPool;
  private readonly jobs: GoJob[] = [];
  private running: GoJob | null = null;
  private readyWaiters: (() => void)[] = [];
  private readyTimer: ReturnType<typeof setTimeout> | null = null;
  /** The limiter's seed when the Seed option is 0: drawn once per engine. */
  private readonly startSeed = (Math.random() * 2 ** 31) | 0;
  private closed = false;
  private threadsStarted = false;

  constructor(private readonly platform: Platform) {
    this.pool = platform.shared ? new SharedPool(platform) : new UnsharedPool(platform);
    this.maxThreads = this.pool.maxThreads;
    this.pool.onReady = () => this.payReady();
    this.pool.onMessage = (text) => this.onMessage(text);
    // A readiness check owed when a search starts is answered then: isready never waits for a search.
    this.scheduler.onPhase = (p) => {
      if (p !== 'idle') this.payReady(true);
    };
    this.resources = new Resources(platform, (text) => this.onMessage(text));
    this.options = declareOptions({
      settings: this.settings,
      maxThreads: this.maxThreads,
      maxHashMiB: platform.maxHashMiB,
      hasFiles: platform.readFile !== undefined,
      hasTablebases: platform.scanTablebases !== undefined,
      tuning: platform.tuning,
      setHash: (mib) => this.setHash(mib),
      setThreads: (n) => {
        this.settings.threads = n;
        this.threadWork(() => this.pool.resize(n));
      },
      clearHash: () => this.threadWork(() => this.pool.clearHash()),
      setChess960: (on) => {
        this.settings.chess960 = on;
        this.game.rebuild(on);
      },
      setEvalFile: (path) => {
        const refused = this.resources.setEvalFile(path);
        if (refused === null) {
          const bytes = this.resources.netBytes;
          this.threadWork(() => this.pool.setNet(bytes));
        }
        return refused;
      },
      setOwnBook: (on) => {
        this.settings.ownBook = on;
        if (on) this.resources.loadBook(this.game.pos);
      },
      setBookFile: (path) => this.resources.setBookFile(path, this.game.pos, this.settings.ownBook),
      setSyzygyPath: (path) => {
        this.resources.setSyzygyPath(path);
        const p = this.resources.syzygyPath;
        this.threadWork(() => this.pool.setTablebases(p));
      },
    });
  }

  get phase(): Phase {
    return this.scheduler.phase;
  }

  /** The game's current position (the host's `d` and `eval`); not to be changed. */
  get position(): Position {
    return this.game.pos;
  }

  /** The main side's net (`eval`, `bench`), or null where only the search threads have one. */
  mainNet(): Net | null {
    return this.resources.mainNet();
  }

  /**
   * Syzygy tables held in memory by file name ('KQvK.rtbw', …), for hosts without files (a page that fetched them),
   * in place of SyzygyPath; null or empty: none. The threads take them once no search runs. Returns what was found,
   * or a refusal (no usable table) that leaves the tables in use as they were.
   */
  setTablebaseFiles(files: ReadonlyMap<string, Uint8Array> | null): TablebaseScan | CoreError {
    const found = this.resources.setTablebaseFiles(files);
    if (typeof found === 'string') return { code: 'bad-tablebases', message: found };
    const kept = this.resources.tbFiles;
    this.threadWork(() => this.pool.setTablebases('', kept));
    return found;
  }

  /** Starts the search threads (they load and warm up in the background); later calls do nothing. */
  startThreads(): void {
    if (this.threadsStarted || this.closed) return;
    this.threadsStarted = true;
    this.pool.resize(this.settings.threads);
  }

  /**
   * Calls done once the engine is ready: at once during a search (UCI's isready never waits for one), otherwise once
   * the threads are started and have taken in every setting (a file being loaded, a new hash).
   */
  ready(done: () => void): void {
    if (this.closed || this.phase !== 'idle') {
      done();
      return;
    }
    this.startThreads();
    if (this.pool.ready && this.scheduler.pending.length === 0) {
      done();
      return;
    }
    this.readyWaiters.push(done);
    // Threads that never report (one keeps failing to start) must not leave the host waiting forever.
    if (this.readyTimer === null) {
      this.readyTimer = setTimeout(() => {
        this.onMessage('search threads are slow to start; answering readyok anyway');
        this.payReady(true);
      }, READY_TIMEOUT_MS);
      (this.readyTimer as { unref?: () => void }).unref?.();
    }
  }

  private payReady(force = false): void {
    if (!force && !(this.pool.ready || this.phase !== 'idle')) return;
    if (this.readyTimer) {
      clearTimeout(this.readyTimer);
      this.readyTimer = null;
    }
    for (const w of this.readyWaiters.splice(0)) w();
  }

  /** Sets up the game; see Game.set. partial: an illegal move keeps the moves before it (UCI) instead of nothing. */
  setPosition(fen: string, moves: readonly string[], partial: boolean): CoreError | null {
    return this.game.set(fen === 'startpos' ? START_FEN : fen, moves, partial);
  }

  /** Sets an option by name (value as text; none for a button). Refusals are typed; the option keeps its value. */
  setOption(name: string, value = ''): CoreError | null {
    const o = findOption(this.options, name);
    if (!o) return { code: 'bad-option', message: `unknown option: ${name.trim().slice(0, 40)}` };
    const checked = checkOption(o, value);
    if ('refused' in checked) return { code: 'bad-option', message: checked.refused };
    const refused = checked.run();
    return refused === null ? null : { code: 'bad-option', message: refused };
  }

  /** A new game: the initial position now; the hash and histories are cleared once no search runs. */
  newGame(): void {
    this.game.reset();
    this.threadWork(() => this.pool.clearHash());
  }

  /** Work for the search threads (a new hash, thread count, net, tables; clearing): once no search runs. */
  private threadWork(run: () => void): void {
    if (this.closed) return;
    this.scheduler.submit({ kind: 'threads', run });
    // Where it had to wait, an isready still answers at once (phase is not idle), and once it has run, readiness
    // waits for the threads' acknowledgements.
  }

  /** Main-thread work that must not overlap a search (bench, go perft): once no search runs. */
  runTask(run: () => void): void {
    if (!this.closed) this.scheduler.submit({ kind: 'task', run });
  }

  private setHash(mib: number): string | null {
    let tt: SharedArrayBuffer | null = null;
    if (this.platform.shared) {
      try {
        tt = createTTBuffer(mib) as SharedArrayBuffer; // allocated now: a refusal comes back to the caller
      } catch {
        return `could not allocate ${mib} MiB for the hash table; keeping ${this.settings.hash} MiB`;
      }
    }
    this.settings.hash = mib;
    this.threadWork(() => this.pool.setHash(mib, tt));
    return null;
  }

  /**
   * Searches the current position. The latest go wins: a running search is stopped (its bestmove still comes first)
   * and gos still waiting answer at once. strict (the API): negative limits and illegal searchmoves are refused;
   * otherwise (UCI) they are noted to the sink and searched around. Returns the refusal, or the search's handle.
   */
  go(l: GoLimits, sink: SearchSink, strict: boolean, receivedAt = Date.now()): CoreError | SearchHandle {
    if (this.closed) return { stop: () => {} };
    const pos = this.game.pos;
    const checked = checkLimits(l, pos, strict);
    if ('error' in checked) return checked.error;
    for (const n of checked.notes) sink.message(n);
    const { limits } = checked;
    const s = this.settings;
    const searchedFen = toFen(pos);
    const chess960 = s.chess960;
    const base = {
      type: 'go' as const,
      fen: this.game.rootFen,
      moves: this.game.moves.slice(),
      chess960,
      opts: {
        multiPV: s.multiPV,
        moveOverhead: s.moveOverhead,
        skill: s.limitStrength ? { elo: s.elo, seed: s.seed || this.startSeed } : null,
        syzygy: { probeDepth: s.syzygyProbeDepth, rule50: s.syzygy50, probeLimit: s.syzygyProbeLimit },
      },
      useNNUE: s.useNNUE,
      params: this.platform.tuning ? changedParams() : undefined,
      receivedAt,
    };
    const gamePly = 2 * (pos.fullmove - 1) + pos.stm;
    const bookAllowed =
      s.ownBook && !s.analyseMode && !limits.infinite && !limits.ponder && limits.searchmoves.length === 0;
    const book = bookAllowed && gamePly < s.bookDepth ? { best: s.bookBestMove } : null;
    const job: GoJob = {
      state: 'queued',
      unbounded: limits.infinite || limits.ponder,
      infinite: limits.infinite,
      stopAsked: false,
      run: () => {
        job.state = 'running';
        const answerNow = job.stopAsked;
        const root = parseFen(searchedFen, chess960) as Position;
        const pick = book ? this.resources.bookMove(root, book.best) : null;
        if (pick) {
          sink.message(pick.note);
          this.finishJob(job);
          sink.bestMove({ bestmove: pick.move, ponder: null, mated: null });
          return;
        }
        this.running = job;
        this.scheduler.enter('searching');
        // A ponderhit that came while this go still waited: it searches under its clock from the start.
        const ponder = limits.ponder && job.unbounded;
        const go = answerNow
          ? { ...base, limits: { ...limits, depth: 1, infinite: false, ponder: false } }
          : { ...base, limits: { ...limits, ponder } };
        this.pool.start({
          go,
          fallback: () => fallbackMove(root, limits.searchmoves),
          info: (r) => sink.info(r),
          currMove: (d, m, n) => sink.currMove(d, m, n),
          message: (t) => sink.message(t),
          bestMove: (r) => {
            this.finishJob(job);
            this.scheduler.enter('finishing');
            sink.bestMove(r);
          },
          idle: () => {
            this.running = null;
            this.scheduler.enter('idle');
          },
        });
      },
    };
    this.stop(); // the latest go wins
    this.jobs.push(job);
    this.startThreads();
    this.scheduler.submit({ kind: 'go', run: () => job.run() });
    return { stop: () => this.stopJob(job) };
  }

  private finishJob(job: GoJob): void {
    job.state = 'done';
    const i = this.jobs.indexOf(job);
    if (i >= 0) this.jobs.splice(i, 1);
  }

  private stopJob(job: GoJob): void {
    if (job.state === 'done') return;
    job.stopAsked = true;
    if (job.state === 'running' && this.running === job) {
      if (this.phase === 'searching') this.scheduler.enter('stopping');
      this.pool.stop();
    }
  }

  /** Stops the running search and every search still waiting (each still answers, at once). */
  stop(): void {
    for (const job of [...this.jobs]) this.stopJob(job);
  }

  /**
   * The pondered move was played: the newest search goes on under its clock (a go ponder that still waits for the last
   * search to end starts so; a GUI may send ponderhit at once).
   */
  ponderhit(): void {
    const job = this.jobs[this.jobs.length - 1];
    if (job === undefined) return;
    job.unbounded = job.infinite;
    if (job === this.running) this.pool.ponderhit();
  }

  /** Stops every search that would otherwise never end (the input has ended: no stop can come). */
  stopUnbounded(): void {
    for (const job of [...this.jobs]) if (job.unbounded) this.stopJob(job);
  }

  /** Calls done once no search runs or waits (a finished host's last search answered first). */
  whenIdle(done: () => void): void {
    const check = (): void => {
      if (this.closed || (this.phase === 'idle' && this.jobs.length === 0)) done();
      else setTimeout(check, 5);
    };
    check();
  }

  /** Whether the search threads keep a Node host alive (on while a search must still answer at the input's end). */
  keepAlive(on: boolean): void {
    this.pool.keepAlive(on);
  }

  /** Stops any search and ends every thread; resolves once they have ended. Nothing is reported after it. */
  quit(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.payReady(true); // a readiness check that came before the quit is still answered
    this.closed = true;
    this.scheduler.clear();
    this.jobs.length = 0;
    return this.pool.terminate();
  }
}

/** A legal move of root (within searchmoves when given), for when the search cannot answer; null: there is none. */
function fallbackMove(root: Position, searchmoves: readonly string[]): string | null {
  const list = new Int32Array(MAX_MOVES);
  const n = legalMoves(root, list);
  let first: string | null = null;
  for (let i = 0; i < n; i++) {
    const u = moveToUci(root, list[i]);
    if (searchmoves.length === 0 || searchmoves.includes(u)) return u;
    if (i === 0) first = u;
  }
  return first;
}
