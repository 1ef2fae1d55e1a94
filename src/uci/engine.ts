// The UCI engine's main side. It parses commands and keeps the game state; all thinking happens in search threads, so
// isready/stop/ponderhit/quit are answered at once. It runs wherever a UciHost is given (host.ts): the command line, the
// Node API and the browser build all drive this one class.
import { parseFen, toFen, START_FEN } from '../core/fen';
import { parseUciMove, moveToUci } from '../core/notation';
import { legalMoves } from '../core/movegen';
import { MOVE_NONE, MAX_MOVES, PIECE_CHARS } from '../core/types';
import { type Position, STACK_SIZE } from '../core/position';
import { perftDivide } from '../core/perft';
import { HceEvaluator } from '../eval/evaluate';
import { NnueEvaluator } from '../eval/nnue';
import { parseNet, type Net } from '../eval/netfile';
import { NNUE_DEFAULT } from '../eval/nnue-default';
import { createTTBuffer } from '../search/tt';
import {
  defaultLimits,
  type SearchLimits,
  CTRL_STOP,
  CTRL_PONDER,
  CTRL_GEN,
  CTRL_WORDS,
  F64_PONDERHIT,
  F64_NODES,
  F64_TBHITS,
  F64_WORDS,
  MAX_THREADS,
} from '../search/limits';
import type { GoMessage, SearchThreadData } from './thread';
import { runBench } from '../search/bench';
import { clip } from '../core/clip';
import { type UciOption, optionLine, setOption } from './options';
import { PolyglotBook } from '../book/polyglot';
import { SKILL_MIN_ELO, SKILL_MAX_ELO } from '../search/skill';
import { VERSION } from '../version';
import { PARAM_RANGES, PARAM_DEFAULTS, setParam, changedParams, type ParamName } from '../search/params';
import type { ThreadHandle, UciHost } from './host';

const MAX_GAME_PLIES = STACK_SIZE - 300; // leave room for the search path

interface Options {
  hash: number;
  threads: number;
  multiPV: number;
  moveOverhead: number;
  ponder: boolean;
  chess960: boolean;
  showWDL: boolean;
  useNNUE: boolean;
  /** EvalFile as the GUI set it ('<internal>': the built-in net). */
  evalFile: string;
  ownBook: boolean;
  /** BookFile as the GUI set it ('<internal>': the book built into the engine). */
  bookFile: string;
  bookDepth: number;
  bookBestMove: boolean;
  limitStrength: boolean;
  /** UCI_AnalyseMode: the GUI analyses rather than plays (no book moves then). */
  analyseMode: boolean;
  elo: number;
  seed: number;
  /** SyzygyPath as set ('' for none), and how the tables are used. */
  syzygyPath: string;
  syzygyProbeDepth: number;
  syzygy50: boolean;
  syzygyProbeLimit: number;
}

export class UciEngine {
  private readonly host: UciHost;
  /** The host's output: every line the engine says goes through here. */
  private readonly send: (line: string) => void;
  private opts: Options = {
    hash: 16,
    threads: 1,
    multiPV: 1,
    moveOverhead: 30,
    ponder: false,
    chess960: false,
    showWDL: false,
    useNNUE: NNUE_DEFAULT,
    evalFile: '<internal>',
    ownBook: false,
    bookFile: '<internal>',
    bookDepth: 24,
    bookBestMove: false,
    limitStrength: false,
    analyseMode: false,
    elo: SKILL_MAX_ELO,
    seed: 0,
    syzygyPath: '',
    syzygyProbeDepth: 1,
    syzygy50: true,
    syzygyProbeLimit: 7,
  };
  /** The limiter's seed when the Seed option is 0: drawn once per engine process. */
  private readonly startSeed = (Math.random() * 2 ** 31) | 0;
  /** Bytes of the net loaded with EvalFile (null: the built-in net), sent to every new search thread. */
  private netBytes: Uint8Array | null = null;
  /** The main thread's evaluators, for the `eval` command: made when first wanted (the net's again after EvalFile). */
  private evalNnue: NnueEvaluator | null = null;
  private evalHce: HceEvaluator | null = null;
  private rootFen = START_FEN;
  /** Game moves from rootFen: as the GUI wrote them (to spot a repeated prefix) and as integers. */
  private rawMoves: string[] = [];
  private moves: number[] = [];
  // Built on first use: setting up the first position builds the attack tables (after uciok).
  private posCache: Position | null = null;
  private get pos(): Position {
    if (this.posCache === null) this.posCache = parseFen(START_FEN) as Position;
    return this.posCache;
  }
  private set pos(p: Position) {
    this.posCache = p;
  }
  private readonly ctrlSab: ArrayBufferLike;
  private readonly ctrl: Int32Array;
  private readonly f64Sab: ArrayBufferLike;
  private readonly f64: Float64Array;
  /** The shared hash table; null without shared memory, where each thread allocates its own (copying one is slow). */
  private ttSab: SharedArrayBuffer | null;
  private workers: ThreadHandle[] = [];
  private busy: boolean[] = [];
  /** Per thread: started and warmed up, and settings sent but not yet taken in (see isready). */
  private started: boolean[] = [];
  private unacked: number[] = [];
  /** readyok answers owed until every thread is ready. */
  private readyOwed = 0;
  private readyTimer: ReturnType<typeof setTimeout> | null = null;
  private searching = false;
  private gen = 0;
  private ttAge = 0;
  private queue: string[] = [];
  private quitWhenIdle = false;
  /** Ended by quit: nothing more is done or said. */
  private closed = false;
  /** Without shared memory: the running search's latest whole-iteration line, and an answer held back (see stop). */
  private lastPv: string[] = [];
  private heldBestMove: string | null = null;
  /** The running search's bestmove has been said (its thread has not reported done yet). */
  private answered = false;

  constructor(host: UciHost) {
    this.host = host;
    this.send = (line) => {
      if (!this.closed) host.out(line);
    };
    const buffer = (bytes: number): ArrayBufferLike =>
      host.shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
    this.ctrlSab = buffer(CTRL_WORDS * 4);
    this.ctrl = new Int32Array(this.ctrlSab);
    this.f64Sab = buffer(F64_WORDS * 8);
    this.f64 = new Float64Array(this.f64Sab);
    this.ttSab = host.shared ? (createTTBuffer(this.opts.hash) as SharedArrayBuffer) : null;
    this.options = this.declareOptions();
  }

  /** The most threads this host can run (one where memory cannot be shared). */
  private get maxThreads(): number {
    return this.host.shared ? MAX_THREADS : 1;
  }

  // ---------------- workers ----------------

  private ensureWorkers(): void {
    if (this.closed) return;
    while (this.workers.length > this.opts.threads) {
      void this.workers.pop()!.terminate();
      this.busy.pop();
      this.started.pop();
      this.unacked.pop();
    }
    while (this.workers.length < this.opts.threads) {
      this.workers.push(this.spawnSearchThread(this.workers.length));
      this.busy.push(false);
      this.started.push(false);
      this.unacked.push(0);
    }
    if (!this.host.shared && this.spare === null) this.spawnSpare();
  }

  /**
   * Without shared memory a stop ends the search thread; a spare one, started and warmed up beforehand, takes its
   * place at once (a fresh thread would load, compile and warm up first, and the next search would wait for it).
   */
  private spare: ThreadHandle | null = null;
  private spareReady = false;
  /** Settings sent to the spare and not yet taken in: they become thread 0's when it takes over. */
  private spareUnacked = 0;

  private spawnSpare(): void {
    const w = this.host.spawnThread(this.threadData(0));
    this.spare = w;
    this.spareReady = false;
    this.spareUnacked = 0;
    w.onMessage((msg) => {
      if (this.workers[0] === w) this.onWorkerMessage(msg);
      else if (this.spare === w && msg.type === 'ready') this.spareReady = true;
      else if (this.spare === w && msg.type === 'ack') this.spareUnacked--;
    });
    w.onError((err) => {
      if (this.workers[0] === w) this.onWorkerError(0, err);
      else if (this.spare === w) this.spare = null;
    });
    w.ref(false);
  }

  /** Sends a settings message to every search thread; each acknowledges it once it has taken effect. */
  private postToThreads(msg: { type: string } & Record<string, unknown>): void {
    for (let i = 0; i < this.workers.length; i++) {
      this.unacked[i]++;
      this.workers[i].post(msg);
    }
    if (this.spare) {
      this.spareUnacked++;
      this.spare.post(msg); // taken in before it is needed; isready does not wait for it
    }
  }

  /** Every search thread the Threads option asks for is started, warmed up and has taken in every setting. */
  private get threadsReady(): boolean {
    return (
      this.workers.length === this.opts.threads && this.started.every((r) => r) && this.unacked.every((n) => n === 0)
    );
  }

  /** isready: readyok at once during a search or when the threads are ready; otherwise once they are. */
  private isready(): void {
    if (this.idle) this.ensureWorkers();
    if (!this.idle || this.threadsReady) {
      this.send('readyok');
      return;
    }
    this.readyOwed++;
    // A thread that never reports (it keeps failing to start) must not leave the GUI waiting forever.
    if (this.readyTimer === null) {
      this.readyTimer = setTimeout(() => {
        this.send('info string search threads are slow to start; answering readyok anyway');
        this.payReadyOwed();
      }, 10_000);
      (this.readyTimer as { unref?: () => void }).unref?.();
    }
  }

  private payReadyOwed(): void {
    if (this.readyTimer) {
      clearTimeout(this.readyTimer);
      this.readyTimer = null;
    }
    for (; this.readyOwed > 0; this.readyOwed--) this.send('readyok');
  }

  /** Starts search thread index with the engine's current table, net and tablebases. */
  private threadData(index: number): SearchThreadData {
    return {
      index,
      ctrl: this.ctrlSab,
      f64: this.f64Sab,
      tt: this.ttSab,
      hashMiB: this.opts.hash,
      gen: this.gen,
      net: this.netBytes,
      tbPath: this.opts.syzygyPath,
    };
  }

  private spawnSearchThread(index: number): ThreadHandle {
    const w = this.host.spawnThread(this.threadData(index));
    w.onMessage((msg) => {
      if (this.workers[index] === w) this.onWorkerMessage(msg);
    });
    w.onError((err) => {
      if (this.workers[index] === w) this.onWorkerError(index, err);
    });
    w.ref(false);
    return w;
  }

  private onWorkerMessage(msg: { type: string; index: number } & Record<string, unknown>): void {
    if (msg.type === 'line') {
      this.onThreadLine(msg.line as string);
      return;
    }
    if (msg.type === 'ready' || msg.type === 'ack') {
      if (msg.type === 'ready') this.started[msg.index] = true;
      else this.unacked[msg.index]--;
      if (this.readyOwed > 0 && this.threadsReady) this.payReadyOwed();
      return;
    }
    if (msg.type !== 'done') return;
    this.busy[msg.index] = false;
    // A go infinite whose thread answered on its own is still searching for the GUI until it says stop.
    if (msg.index === 0 && this.heldBestMove !== null) return;
    if (msg.index === 0) this.searching = false;
    this.drainQueue();
  }

  /** A line a search thread posted rather than wrote itself (every host but the command line's). */
  private onThreadLine(line: string): void {
    if (!this.host.shared && this.searching) {
      if (
        line.startsWith('info ') &&
        line.includes(' pv ') &&
        / multipv 1 /.test(line) &&
        !/(lower|upper)bound/.test(line)
      )
        this.lastPv = line.slice(line.indexOf(' pv ') + 4).split(' ');
      // go infinite: the thread answered on its own (no shared flag to wait on); the GUI gets it on stop.
      if (line.startsWith('bestmove') && this.lastInfinite && !this.stopAsked) {
        this.heldBestMove = line;
        return;
      }
      if (line.startsWith('bestmove')) this.answered = true;
    }
    this.send(line);
  }

  private onWorkerError(index: number, err: Error): void {
    this.send(`info string search thread ${index} failed: ${clip(err.message, 200)}`);
    if (index === 0 && this.searching) {
      // Never leave the GUI without an answer: fall back to any legal move.
      // The position searched, not this.pos: the GUI may have sent a new position during the search.
      this.send(`bestmove ${this.fallbackMove()}`);
      this.searching = false;
    }
    Atomics.store(this.ctrl, CTRL_STOP, 1);
    // Replace the dead worker.
    void this.workers[index].terminate();
    this.workers[index] = this.spawnSearchThread(index);
    this.started[index] = false;
    this.unacked[index] = 0;
    this.busy[index] = false;
    this.drainQueue();
  }

  /** A legal move of the searched position (within searchmoves when given), for when the search cannot answer. */
  private fallbackMove(): string {
    const pos = parseFen(this.searched.fen, this.opts.chess960);
    if (typeof pos === 'string') return '(none)';
    const list = new Int32Array(MAX_MOVES);
    const n = legalMoves(pos, list);
    let first = '(none)';
    for (let i = 0; i < n; i++) {
      const u = moveToUci(pos, list[i]);
      if (this.searched.searchmoves.length === 0 || this.searched.searchmoves.includes(u)) return u;
      if (i === 0) first = u;
    }
    return first;
  }

  private get idle(): boolean {
    return !this.searching && !this.busy.some((b) => b);
  }

  /** Commands that must wait for the search to end (position changes are fine meanwhile). */
  private drainQueue(): void {
    // A stop queued behind a go runs as soon as that go has started it.
    while (this.queue.length > 0 && !this.closed && (this.idle || this.queue[0] === 'stop')) {
      this.execute(this.queue.shift()!);
    }
    if (this.idle && this.quitWhenIdle) this.quit();
  }

  // ---------------- life cycle ----------------

  /** The end of input: a bounded search finishes and answers first, then the engine quits. */
  endOfInput(): void {
    if (this.idle) {
      this.quit();
      return;
    }
    const infinite = Atomics.load(this.ctrl, CTRL_PONDER) !== 0 || this.lastInfinite;
    if (infinite) this.stop();
    this.quitWhenIdle = true;
    // The threads do not keep a finished engine alive; with the input gone nothing else would keep the host up until
    // the search answers.
    for (const w of this.workers) w.ref(true);
  }

  /** Stops the search and ends every thread; resolves once they have ended. Nothing is said after it. */
  quit(): Promise<void> {
    if (this.closed) return Promise.resolve();
    // An isready that came before the quit is still answered (a script's `isready` then `quit`, or end of input).
    this.payReadyOwed();
    this.closed = true;
    Atomics.store(this.ctrl, CTRL_STOP, 1);
    if (this.readyTimer) clearTimeout(this.readyTimer);
    const all = this.spare ? [...this.workers, this.spare] : this.workers;
    const ended = Promise.all(all.map((w) => w.terminate())).then(() => undefined);
    this.workers = [];
    this.spare = null;
    this.host.exit();
    return ended;
  }

  private lastInfinite = false;
  /** What the running search was asked: the fallback bestmove must come from this position. */
  private searched = { fen: START_FEN, searchmoves: [] as string[] };
  private goReceivedAt = 0;

  handle(raw: string): void {
    const now = Date.now();
    const line = raw.replace(/\r/g, '').trim();
    if (!line) return;
    const cmd = line.split(/\s+/)[0];
    switch (cmd) {
      // Commands waiting for the search to end come first: readyok says they have taken effect.
      case 'isready':
        if (this.queue.length > 0) this.queue.push(line);
        else this.isready();
        return;
      case 'stop':
        this.stop();
        // A go still waiting for the last search to end is stopped too, once it starts: the GUI has asked for its
        // answer, not for a full search after the old one.
        if (this.queue.some((l) => l.startsWith('go'))) this.queue.push(line);
        return;
      case 'ponderhit':
        this.ponderhit();
        return;
      case 'quit':
        void this.quit();
        return;
    }
    if (this.closed) return;
    // Start the search threads in the background as soon as the GUI is past the handshake.
    if (cmd !== 'uci' && this.workers.length === 0) this.ensureWorkers();
    if (cmd === 'go') this.goReceivedAt = now;
    // Anything else that touches the search waits until the current one has ended; once something
    // waits, everything after it waits too, so commands keep their order.
    if (
      this.queue.length > 0 ||
      (!this.idle && (cmd === 'go' || cmd === 'setoption' || cmd === 'ucinewgame' || cmd === 'bench'))
    ) {
      this.queue.push(line);
      return;
    }
    this.execute(line);
  }

  private execute(line: string): void {
    const tokens = line.split(/\s+/);
    try {
      switch (tokens[0]) {
        case 'uci':
          this.uci();
          // Build the attack tables and start the search threads while the GUI digests uciok.
          setTimeout(() => {
            void this.pos;
            if (this.workers.length === 0) this.ensureWorkers();
          }, 0);
          break;
        case 'isready':
          this.isready();
          break;
        case 'stop':
          this.stop();
          break;
        case 'setoption':
          this.setoption(line);
          break;
        case 'ucinewgame':
          this.newGame();
          break;
        case 'position':
          this.position(tokens);
          break;
        case 'go':
          this.go(tokens);
          break;
        case 'd':
          this.display();
          break;
        case 'eval':
          this.evalCommand();
          break;
        case 'bench': {
          const net = this.mainNet();
          if (net) {
            const evaluator = this.opts.useNNUE ? new NnueEvaluator(net) : new HceEvaluator();
            runBench(this.send, evaluator, Number(tokens[1]) || undefined);
          } else this.send('info string bench runs in the Node.js engine only');
          break;
        }
        default:
          this.send(`info string unknown command: ${clip(line, 200)}`);
      }
    } catch (e) {
      this.send(`info string error handling '${clip(line, 100)}': ${clip((e as Error).message, 200)}`);
    }
  }

  private uci(): void {
    this.send(`id name Tessera ${VERSION}`);
    this.send('id author the Tessera developers');
    this.send('');
    for (const o of this.options) this.send(optionLine(o));
    this.send('uciok');
  }

  /** Every UCI option, declared once: the uci reply and setoption both come from here. */
  private readonly options: UciOption[];

  private declareOptions(): UciOption[] {
    const fileOptions = this.host.readFile !== undefined;
    return [
      { name: 'Hash', type: 'spin', default: 16, min: 1, max: this.host.maxHashMiB, apply: (v) => this.setHash(v) },
      {
        name: 'Threads',
        type: 'spin',
        default: 1,
        min: 1,
        max: this.maxThreads,
        apply: (v) => {
          this.opts.threads = v;
        },
      },
      {
        name: 'MultiPV',
        type: 'spin',
        default: 1,
        min: 1,
        max: 256,
        apply: (v) => {
          this.opts.multiPV = v;
        },
      },
      {
        name: 'Move Overhead',
        type: 'spin',
        default: 30,
        min: 0,
        max: 5000,
        apply: (v) => {
          this.opts.moveOverhead = v;
        },
      },
      {
        name: 'Ponder',
        type: 'check',
        default: false,
        apply: (v) => {
          this.opts.ponder = v;
        },
      },
      { name: 'Clear Hash', type: 'button', apply: () => this.clearHash() },
      {
        name: 'UCI_Chess960',
        type: 'check',
        default: false,
        apply: (v) => {
          this.opts.chess960 = v;
          this.rebuildPosition();
        },
      },
      {
        name: 'UCI_ShowWDL',
        type: 'check',
        default: false,
        apply: (v) => {
          this.opts.showWDL = v;
        },
      },
      {
        name: 'UCI_AnalyseMode',
        type: 'check',
        default: false,
        apply: (v) => {
          this.opts.analyseMode = v;
        },
      },
      // GUIs tell the engine whom it plays ("GM 2800 human Carlsen"); taken and not used.
      { name: 'UCI_Opponent', type: 'string', default: '<empty>', apply: () => {} },
      ...(fileOptions
        ? [
            {
              name: 'EvalFile',
              type: 'string',
              default: '<internal>',
              apply: (v: string) => this.setEvalFile(v),
            } as const,
          ]
        : []),
      {
        name: 'Use NNUE',
        type: 'check',
        default: NNUE_DEFAULT,
        apply: (v) => {
          this.opts.useNNUE = v;
        },
      },
      {
        name: 'OwnBook',
        type: 'check',
        default: false,
        apply: (v) => {
          this.opts.ownBook = v;
          if (v) this.loadBook();
        },
      },
      ...(fileOptions
        ? [
            {
              name: 'BookFile',
              type: 'string',
              default: '<internal>',
              apply: (v: string) => this.setBookFile(v),
            } as const,
          ]
        : []),
      {
        name: 'BookDepth',
        type: 'spin',
        default: 24,
        min: 1,
        max: 1000,
        apply: (v) => {
          this.opts.bookDepth = v;
        },
      },
      {
        name: 'BookBestMove',
        type: 'check',
        default: false,
        apply: (v) => {
          this.opts.bookBestMove = v;
        },
      },
      ...(this.host.scanTablebases
        ? [
            {
              name: 'SyzygyPath',
              type: 'string',
              default: '<empty>',
              apply: (v: string) => this.setSyzygyPath(v),
            } as const,
          ]
        : []),
      {
        name: 'SyzygyProbeDepth',
        type: 'spin',
        default: 1,
        min: 1,
        max: 100,
        apply: (v) => {
          this.opts.syzygyProbeDepth = v;
        },
      },
      {
        name: 'Syzygy50MoveRule',
        type: 'check',
        default: true,
        apply: (v) => {
          this.opts.syzygy50 = v;
        },
      },
      {
        name: 'SyzygyProbeLimit',
        type: 'spin',
        default: 7,
        min: 0,
        max: 7,
        apply: (v) => {
          this.opts.syzygyProbeLimit = v;
        },
      },
      {
        name: 'UCI_LimitStrength',
        type: 'check',
        default: false,
        apply: (v) => {
          this.opts.limitStrength = v;
        },
      },
      {
        name: 'UCI_Elo',
        type: 'spin',
        default: SKILL_MAX_ELO,
        min: SKILL_MIN_ELO,
        max: SKILL_MAX_ELO,
        apply: (v) => {
          this.opts.elo = v;
        },
      },
      // The limiter's randomness: 0 draws a seed when the engine starts; any other value repeats the same choices.
      {
        name: 'Seed',
        type: 'spin',
        default: 0,
        min: 0,
        max: 2147483647,
        apply: (v) => {
          this.opts.seed = v;
        },
      },
      ...(this.host.tuning ? this.tuningOptions() : []),
    ];
  }

  /** A tuning build's extra options: one per search parameter (params.ts), floats as strings (UCI spins are whole). */
  private tuningOptions(): UciOption[] {
    return (Object.keys(PARAM_RANGES) as ParamName[]).map((name): UciOption => {
      const r = PARAM_RANGES[name];
      const apply = (v: number): void => {
        const err = setParam(name, v);
        if (err !== null) this.send(`info string ${err}`);
      };
      return r.float
        ? { name, type: 'string', default: String(PARAM_DEFAULTS[name]), apply: (v) => apply(Number(v)) }
        : { name, type: 'spin', default: PARAM_DEFAULTS[name], min: r.min, max: r.max, apply };
    });
  }

  private setoption(line: string): void {
    const err = setOption(this.options, line);
    if (err !== null) this.send(`info string ${err}`);
  }

  /** Scans the Syzygy directories, says what was found, and has every search thread open the same tables. */
  private setSyzygyPath(value: string): void {
    const path = value === '<empty>' ? '' : value;
    this.opts.syzygyPath = path;
    if (path !== '' && this.host.scanTablebases) {
      const tb = this.host.scanTablebases(path);
      for (const p of tb.problems.slice(0, 3)) this.send(`info string Syzygy: ${clip(p, 160)}`);
      if (tb.problems.length > 3) this.send(`info string Syzygy: ${tb.problems.length - 3} more problems`);
      this.send(`info string Syzygy: found ${tb.numWdl} WDL and ${tb.numDtz} DTZ tables, up to ${tb.maxPieces} pieces`);
    }
    this.postToThreads({ type: 'tb', path });
  }

  private setHash(v: number): void {
    try {
      this.ttSab = this.host.shared ? (createTTBuffer(v) as SharedArrayBuffer) : null;
      this.opts.hash = v;
      this.postToThreads({ type: 'tt', sab: this.ttSab, mib: v });
      this.host.collectGarbage(); // this thread's reference to the old table; each search thread drops its own
    } catch {
      this.send(`info string could not allocate ${v} MiB for the hash table; keeping ${this.opts.hash} MiB`);
    }
  }

  // ---------------- opening book ----------------

  /** The book in use (parsed on first need: the built-in one, or BookFile's). */
  private book: PolyglotBook | null = null;

  private loadBook(): void {
    if (this.book) return;
    const bytes = this.host.builtinBook();
    if (bytes === null) {
      this.send('info string this build carries no book; set BookFile');
      return;
    }
    const b = PolyglotBook.parse(bytes);
    if (typeof b === 'string') {
      this.send(`info string the built-in book is unusable: ${b}`);
      return;
    }
    this.useBook(b);
  }

  private useBook(b: PolyglotBook): void {
    this.book = b;
    // One lookup now, while the GUI waits for readyok: run cold at the first go it took about 20-30 ms.
    b.lookup(this.pos);
  }

  /** Loads a Polyglot book file; a missing or bad file is refused with an info string and the current book stays. */
  private setBookFile(value: string): void {
    const shown = clip(value, 100);
    if (value === '' || value === '<internal>' || value === '<default>') {
      this.book = null;
      this.opts.bookFile = '<internal>';
      if (this.opts.ownBook) this.loadBook();
      return;
    }
    let bytes: Uint8Array;
    try {
      bytes = this.readFile(value);
    } catch (e) {
      this.send(
        `info string BookFile ${shown}: cannot read it (${(e as { code?: string }).code ?? 'error'}); keeping ${clip(this.opts.bookFile, 100)}`,
      );
      return;
    }
    const b = PolyglotBook.parse(bytes);
    if (typeof b === 'string') {
      this.send(`info string BookFile ${shown}: ${b}; keeping ${clip(this.opts.bookFile, 100)}`);
      return;
    }
    this.useBook(b);
    this.opts.bookFile = value;
    this.send(`info string BookFile ${shown}: ${b.entries} entries`);
  }

  /** The book's answer to a go, or null to search: only within BookDepth plies of the game's start. */
  private bookMove(limits: SearchLimits): string | null {
    if (
      !this.opts.ownBook ||
      this.opts.analyseMode ||
      limits.infinite ||
      limits.ponder ||
      limits.searchmoves.length > 0
    )
      return null;
    const pos = this.pos;
    const gamePly = 2 * (pos.fullmove - 1) + pos.stm;
    if (gamePly >= this.opts.bookDepth) return null;
    this.loadBook();
    const r = this.book?.pick(pos, this.opts.bookBestMove);
    if (!r) return null;
    this.send(`info string book move ${moveToUci(pos, r.choice.move)} (weight ${r.choice.weight} of ${r.total})`);
    return moveToUci(pos, r.choice.move);
  }

  /** The net this engine evaluates with: the EvalFile one, or the built-in one (null where only the threads have it). */
  private mainNet(): Net | null {
    if (this.netBytes) {
      const n = parseNet(this.netBytes);
      if (typeof n !== 'string') return n;
    }
    return this.host.builtinNet();
  }

  private readFile(path: string): Uint8Array {
    if (!this.host.readFile) throw Object.assign(new Error('no files here'), { code: 'no files in this host' });
    return this.host.readFile(path);
  }

  /** Loads a net file for every search thread; a bad file is refused and the current net stays. */
  private setEvalFile(value: string): void {
    const shown = clip(value, 100);
    if (value === '' || value === '<internal>' || value === '<default>') {
      this.netBytes = null;
      this.opts.evalFile = '<internal>';
    } else {
      let bytes: Uint8Array;
      try {
        bytes = this.readFile(value);
      } catch (e) {
        this.send(
          `info string EvalFile ${shown}: cannot read it (${(e as { code?: string }).code ?? 'error'}); keeping ${this.opts.evalFile}`,
        );
        return;
      }
      const n = parseNet(bytes);
      if (typeof n === 'string') {
        this.send(`info string EvalFile ${shown}: ${n}; keeping ${this.opts.evalFile}`);
        return;
      }
      this.netBytes = bytes;
      this.opts.evalFile = value;
    }
    const net = this.mainNet();
    this.evalNnue = null;
    this.postToThreads({ type: 'net', bytes: this.netBytes ?? null });
    if (!net) return;
    const shape = net.buckets > 1 ? ` (${net.buckets} output buckets)` : '';
    this.send(
      `info string NNUE ${this.opts.evalFile}: 768->${net.hidden}x2->1${shape}, checksum ${net.checksum.toString(16).padStart(8, '0')}`,
    );
  }

  private evalCommand(): void {
    const pos = this.pos;
    const net = this.mainNet();
    if (!net) {
      this.send('info string eval runs in the Node.js engine only');
      return;
    }
    this.evalHce ??= new HceEvaluator();
    this.evalNnue ??= new NnueEvaluator(net);
    const hce = this.evalHce.evaluate(pos),
      nn = this.evalNnue.evaluate(pos);
    this.send(
      `info string NNUE eval ${nn} cp, hand-crafted eval ${hce} cp (side to move); searching with ${this.opts.useNNUE ? 'NNUE' : 'the hand-crafted eval'}`,
    );
  }

  private clearHash(): void {
    if (this.ttSab) new Int32Array(this.ttSab).fill(0);
    this.postToThreads({ type: 'clear' });
  }

  private newGame(): void {
    this.clearHash();
    this.rootFen = START_FEN;
    this.moves = [];
    this.rawMoves = [];
    this.rebuildPosition();
  }

  private rebuildPosition(): void {
    const p = parseFen(this.rootFen, this.opts.chess960);
    if (typeof p === 'string') return;
    for (const m of this.moves) p.make(m);
    this.pos = p;
  }

  private position(tokens: string[]): void {
    let i = 1;
    let fen: string;
    if (tokens[i] === 'startpos') {
      fen = START_FEN;
      i++;
    } else if (tokens[i] === 'fen') {
      i++;
      const start = i;
      while (i < tokens.length && tokens[i] !== 'moves') i++;
      fen = tokens.slice(start, i).join(' ');
    } else {
      this.send(`info string position needs 'startpos' or 'fen <fen>'; keeping the current position`);
      return;
    }
    const moveTokens = i < tokens.length && tokens[i] === 'moves' ? tokens.slice(i + 1) : [];
    if (i < tokens.length && tokens[i] !== 'moves') {
      this.send(`info string position: expected 'moves' but got '${clip(tokens[i], 20)}'; ignored the rest`);
    }
    // A GUI resends the whole game every move: when it extends what we have, only play the new moves.
    let pos: Position, moves: number[], raw: string[];
    const n = this.rawMoves.length;
    if (
      this.posCache &&
      fen === this.rootFen &&
      moveTokens.length >= n &&
      this.rawMoves.every((t, k) => t === moveTokens[k])
    ) {
      pos = this.posCache;
      moves = this.moves;
      raw = this.rawMoves;
    } else {
      const fresh = parseFen(fen, this.opts.chess960);
      if (typeof fresh === 'string') {
        this.send(`info string invalid FEN: ${fresh}; keeping the current position`);
        return;
      }
      pos = fresh;
      moves = [];
      raw = [];
    }
    for (let k = raw.length; k < moveTokens.length; k++) {
      const m = parseUciMove(pos, moveTokens[k]);
      if (m === MOVE_NONE) {
        this.send(
          `info string illegal move '${clip(moveTokens[k], 20)}' in position command; position set up to the move before it`,
        );
        break;
      }
      if (moves.length >= MAX_GAME_PLIES) {
        this.send('info string too many moves in position command; truncated');
        break;
      }
      moves.push(m);
      raw.push(moveTokens[k]);
      pos.make(m);
    }
    this.rootFen = fen;
    this.moves = moves;
    this.rawMoves = raw;
    this.pos = pos;
  }

  private go(tokens: string[]): void {
    if (tokens[1] === 'perft') {
      const d = Number(tokens[2]);
      if (!Number.isInteger(d) || d < 0 || d > 20) {
        this.send('info string go perft needs a depth 0..20');
        return;
      }
      perftCommand(this.pos, d, this.send);
      return;
    }
    const limits = defaultLimits();
    const numeric = new Set(['wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes', 'mate', 'movetime']);
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i];
      if (numeric.has(t)) {
        const v = Number(tokens[i + 1]);
        if (!Number.isFinite(v)) {
          this.send(`info string go: '${clip(t)}' needs a number`);
          continue;
        }
        i++;
        (limits as unknown as Record<string, number>)[t] = Math.trunc(v);
      } else if (t === 'infinite') limits.infinite = true;
      else if (t === 'ponder') limits.ponder = true;
      else if (t === 'searchmoves') {
        while (
          i + 1 < tokens.length &&
          !numeric.has(tokens[i + 1]) &&
          !['infinite', 'ponder'].includes(tokens[i + 1])
        ) {
          const mv = tokens[++i];
          const m = parseUciMove(this.pos, mv);
          if (m === MOVE_NONE) this.send(`info string searchmoves: '${clip(mv, 20)}' is not legal here; ignored`);
          else limits.searchmoves.push(moveToUci(this.pos, m));
        }
      } else this.send(`info string go: unknown parameter '${clip(t)}' ignored`);
    }
    // Negative depth/nodes/movetime mean nothing sensible: treat them as absent.
    for (const k of ['depth', 'nodes', 'mate', 'movetime', 'movestogo'] as const) if (limits[k] < 0) limits[k] = 0;
    const book = this.bookMove(limits);
    if (book !== null) {
      this.send(`bestmove ${book}`);
      return;
    }
    this.startSearch(limits);
  }

  private startSearch(limits: SearchLimits): void {
    this.ensureWorkers();
    this.gen++;
    this.ttAge = (this.ttAge + 1) & 63;
    Atomics.store(this.ctrl, CTRL_STOP, 0);
    Atomics.store(this.ctrl, CTRL_PONDER, limits.ponder ? 1 : 0);
    Atomics.store(this.ctrl, CTRL_GEN, this.gen);
    for (let i = 0; i < MAX_THREADS; i++) {
      this.f64[F64_NODES + i] = 0;
      this.f64[F64_TBHITS + i] = 0;
    }
    this.lastInfinite = limits.infinite || limits.ponder;
    this.stopAsked = false;
    this.lastPv = [];
    this.heldBestMove = null;
    this.answered = false;
    this.searched = { fen: toFen(this.pos), searchmoves: limits.searchmoves.slice() };
    const msg: GoMessage = {
      type: 'go',
      fen: this.rootFen,
      moves: this.moves,
      chess960: this.opts.chess960,
      limits,
      opts: {
        multiPV: this.opts.multiPV,
        moveOverhead: this.opts.moveOverhead,
        skill: this.opts.limitStrength ? { elo: this.opts.elo, seed: this.opts.seed || this.startSeed } : null,
        syzygy: {
          probeDepth: this.opts.syzygyProbeDepth,
          rule50: this.opts.syzygy50,
          probeLimit: this.opts.syzygyProbeLimit,
        },
      },
      useNNUE: this.opts.useNNUE,
      showWDL: this.opts.showWDL,
      params: this.host.tuning ? changedParams() : undefined,
      gen: this.gen,
      ttAge: this.ttAge,
      receivedAt: this.goReceivedAt,
    };
    this.searching = true;
    for (let i = 0; i < this.workers.length; i++) {
      this.busy[i] = true;
      this.workers[i].post(msg);
    }
  }

  private stopAsked = false;

  private stop(): void {
    if (this.idle) return;
    this.stopAsked = true;
    if (!this.host.shared) {
      this.stopUnshared();
      return;
    }
    Atomics.store(this.ctrl, CTRL_STOP, 1);
    Atomics.notify(this.ctrl, CTRL_STOP);
  }

  /**
   * Without shared memory nothing reaches a running search: its thread is ended and replaced, and the answer is the
   * last whole iteration's move (or a held-back answer of a finished go infinite, or any legal move).
   */
  private stopUnshared(): void {
    if (!this.searching || this.answered) return; // answered already: the thread is only finishing
    if (this.heldBestMove !== null) {
      this.send(this.heldBestMove);
    } else {
      const [m, p] = this.lastPv;
      this.send(m ? `bestmove ${m}${p ? ` ponder ${p}` : ''}` : `bestmove ${this.fallbackMove()}`);
      void this.workers[0].terminate();
      if (this.spare !== null && this.spareReady) {
        this.workers[0] = this.spare;
        this.started[0] = true;
        this.unacked[0] = this.spareUnacked;
      } else {
        void this.spare?.terminate();
        this.workers[0] = this.spawnSearchThread(0);
        this.started[0] = false;
        this.unacked[0] = 0;
      }
      this.spare = null;
      this.spawnSpare();
    }
    this.heldBestMove = null;
    this.searching = false;
    this.busy[0] = false;
    this.drainQueue();
  }

  private ponderhit(): void {
    if (this.idle) return;
    if (!this.host.shared) {
      // The thread cannot be told: it searches on as if infinite; the GUI's stop (or its clock) ends it.
      this.lastInfinite = false;
      if (this.heldBestMove !== null) this.stopUnshared();
      return;
    }
    this.f64[F64_PONDERHIT] = Date.now();
    Atomics.store(this.ctrl, CTRL_PONDER, 0);
    Atomics.notify(this.ctrl, CTRL_STOP);
  }

  private display(): void {
    const p = this.pos;
    const rows: string[] = [];
    for (let r = 7; r >= 0; r--) {
      let row = ` ${r + 1} |`;
      for (let f = 0; f < 8; f++) {
        const pc = p.board[r * 8 + f];
        row += ` ${pc ? PIECE_CHARS[pc] : '.'}`;
      }
      rows.push(row);
    }
    rows.push('     a b c d e f g h');
    for (const r of rows) this.send(r);
    this.send(`Fen: ${toFen(p)}`);
    this.send(`Key: ${(p.keyHi >>> 0).toString(16).padStart(8, '0')}${(p.keyLo >>> 0).toString(16).padStart(8, '0')}`);
    const list = new Int32Array(MAX_MOVES);
    const n = legalMoves(p, list);
    const ms: string[] = [];
    for (let i = 0; i < n; i++) ms.push(moveToUci(p, list[i]));
    this.send(`Legal moves (${n}): ${ms.join(' ')}`);
  }
}

/** Stockfish-style perft output: one line per root move, then the total, time and speed. */
export function perftCommand(pos: Position, depth: number, send: (line: string) => void): void {
  const t0 = performance.now();
  const { moves, total } = perftDivide(pos, depth);
  const ms = performance.now() - t0;
  for (const [m, c] of moves) send(`${m}: ${c}`);
  send('');
  send(`Nodes searched: ${total}`);
  send(`Time (ms): ${Math.round(ms)}`);
  send(`Nodes/second: ${Math.round((total * 1000) / Math.max(ms, 0.001))}`);
}
