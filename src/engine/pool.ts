// The search threads as the core sees them: one interface, two implementations. shared-pool.ts runs Lazy SMP over
// SharedArrayBuffer (one hash, a stop flag every thread sees); unshared-pool.ts runs one thread that a stop ends
// and replaces (a page without cross-origin isolation). BasePool here keeps what both share: starting threads,
// settings and their acknowledgements (readiness), routing reports to the running search, and the rule that every
// started search answers exactly once and then reports idle.
import type { BestMoveReport, FromThread, GoMessage, InfoReport, SearchThreadData, SettingsMessage } from './messages';
import type { Platform, ThreadHandle } from './platform';
import { clip } from '../core/clip';

/** One search, as the core hands it to the pool. */
export interface PoolSearch {
  /** The go message; the pool fills in gen and ttAge. */
  go: Omit<GoMessage, 'gen' | 'ttAge'>;
  /** A legal move of the searched position, for when the search cannot answer (null: there is none). */
  fallback(): string | null;
  info(r: InfoReport): void;
  currMove(depth: number, move: string, number: number): void;
  message(text: string): void;
  /** Exactly once per started search. */
  bestMove(r: BestMoveReport): void;
  /** After bestMove, once every thread has finished the search. */
  idle(): void;
}

export interface ThreadPool {
  readonly maxThreads: number;
  /** Every thread asked for is started, warmed up and has taken in every setting sent so far. */
  readonly ready: boolean;
  /** Called whenever ready may have become true. */
  onReady: () => void;
  /** Messages not tied to a search (a thread that failed outside one). */
  onMessage: (text: string) => void;
  /** Starts or ends threads until there are n (and starts the first ones). */
  resize(n: number): void;
  /** tt: the new table where memory is shared (allocated by the caller, so that a failure is its to report). */
  setHash(mib: number, tt: SharedArrayBuffer | null): void;
  setNet(bytes: Uint8Array | null): void;
  /** Tables on a SyzygyPath, or held in memory (files, by file name; then path is ''). */
  setTablebases(path: string, files?: ReadonlyMap<string, Uint8Array> | null): void;
  clearHash(): void;
  start(s: PoolSearch): void;
  /** Makes the running search answer now (a no-op when none runs or it has answered). */
  stop(): void;
  /** The pondered move was played: the search goes on under its time limits. */
  ponderhit(): void;
  /** Whether the threads keep a Node host alive (on while a search must still answer after the input ended). */
  keepAlive(on: boolean): void;
  /** Ends every thread; resolves once they have ended. */
  terminate(): Promise<void>;
}

interface Running {
  s: PoolSearch;
  answered: boolean;
}

export abstract class BasePool implements ThreadPool {
  abstract readonly maxThreads: number;
  onReady: () => void = () => {};
  onMessage: (text: string) => void = () => {};
  protected workers: ThreadHandle[] = [];
  protected busy: boolean[] = [];
  private started: boolean[] = [];
  private unacked: number[] = [];
  protected running: Running | null = null;
  protected gen = 0;
  private ttAge = 0;
  protected hashMiB = 16;
  protected net: Uint8Array | null = null;
  protected tbPath = '';
  protected tbFiles: ReadonlyMap<string, Uint8Array> | null = null;
  protected closed = false;
  private wanted = 1;

  constructor(protected readonly platform: Platform) {}

  get ready(): boolean {
    return this.workers.length === this.wanted && this.started.every((r) => r) && this.unacked.every((n) => n === 0);
  }

  resize(n: number): void {
    this.wanted = Math.max(1, Math.min(n, this.maxThreads));
    if (this.closed) return;
    while (this.workers.length > this.wanted) {
      void this.workers.pop()!.terminate();
      this.busy.pop();
      this.started.pop();
      this.unacked.pop();
    }
    while (this.workers.length < this.wanted) {
      const i = this.workers.length;
      this.workers.push(this.spawn(i));
      this.busy.push(false);
      this.started.push(false);
      this.unacked.push(0);
    }
  }

  setNet(bytes: Uint8Array | null): void {
    this.net = bytes;
    this.configure({ type: 'net', bytes });
  }

  setTablebases(path: string, files: ReadonlyMap<string, Uint8Array> | null = null): void {
    this.tbPath = path;
    this.tbFiles = files;
    this.configure({ type: 'tb', path, files });
  }

  clearHash(): void {
    this.configure({ type: 'clear' });
  }

  abstract setHash(mib: number, tt: SharedArrayBuffer | null): void;
  abstract stop(): void;
  abstract ponderhit(): void;
  /** What a new thread of this index starts with. */
  protected abstract threadData(index: number): SearchThreadData;
  /** Posts the search to the threads (busy is already set). */
  protected abstract launch(go: GoMessage): void;

  start(s: PoolSearch): void {
    this.resize(this.wanted);
    this.gen++;
    this.ttAge = (this.ttAge + 1) & 63;
    this.running = { s, answered: false };
    for (let i = 0; i < this.busy.length; i++) this.busy[i] = true;
    this.launch({ ...s.go, gen: this.gen, ttAge: this.ttAge });
  }

  keepAlive(on: boolean): void {
    for (const w of this.workers) w.ref(on);
  }

  terminate(): Promise<void> {
    this.closed = true;
    this.running = null;
    const all = this.allThreads();
    this.workers = [];
    return Promise.all(all.map((w) => w.terminate())).then(() => undefined);
  }

  /** Every thread to end on terminate (the unshared pool adds its spare). */
  protected allThreads(): ThreadHandle[] {
    return this.workers;
  }

  /** Sends a setting to every thread; each acknowledges it once it has taken effect. */
  protected configure(msg: SettingsMessage): void {
    for (let i = 0; i < this.workers.length; i++) {
      this.unacked[i]++;
      this.workers[i].post(msg);
    }
  }

  protected spawn(index: number): ThreadHandle {
    const w = this.platform.spawnThread(this.threadData(index));
    w.onMessage((msg) => {
      if (this.workers[index] === w) this.onThreadMessage(msg);
    });
    w.onError((err) => {
      if (this.workers[index] === w) this.onThreadError(index, err);
    });
    w.ref(false);
    return w;
  }

  /** Puts w in index's place as a thread that is started and has unacked settings still to take in. */
  protected adopt(index: number, w: ThreadHandle | null, unacked: number): void {
    if (w === null) {
      this.workers[index] = this.spawn(index);
      this.started[index] = false;
      this.unacked[index] = 0;
    } else {
      this.workers[index] = w;
      this.started[index] = true;
      this.unacked[index] = unacked;
    }
    this.busy[index] = false;
  }

  protected onThreadMessage(msg: FromThread): void {
    const r = this.running;
    switch (msg.type) {
      case 'ready':
        this.started[msg.index] = true;
        this.onReady();
        return;
      case 'ack':
        this.unacked[msg.index]--;
        this.onReady();
        return;
      case 'info':
        if (r && !r.answered) {
          this.sawInfo(msg.info);
          r.s.info(msg.info);
        }
        return;
      case 'currmove':
        if (r && !r.answered) r.s.currMove(msg.depth, msg.move, msg.number);
        return;
      case 'message':
        if (r && !r.answered) r.s.message(msg.text);
        else this.onMessage(msg.text);
        return;
      case 'bestmove':
        this.threadAnswered(msg.answer);
        return;
      case 'done':
        this.busy[msg.index] = false;
        this.settle();
        return;
    }
  }

  /** After a thread failed: the other threads stop searching (shared memory reaches them). */
  protected haltHelpers(): void {}

  /** An info line of the running search went by (the unshared pool keeps the last whole line). */
  protected sawInfo(_info: InfoReport): void {}

  /** Thread 0 answered on its own (the unshared pool may hold an infinite search's answer back). */
  protected threadAnswered(answer: BestMoveReport): void {
    this.answer(answer);
  }

  /** The running search's one answer; later ones are dropped. */
  protected answer(answer: BestMoveReport): void {
    const r = this.running;
    if (!r || r.answered) return;
    r.answered = true;
    r.s.bestMove(answer);
    this.settle();
  }

  protected fallbackAnswer(): BestMoveReport {
    const m = this.running?.s.fallback() ?? null;
    return { bestmove: m, ponder: null, mated: null };
  }

  /** Idle once the answer is out and every thread has finished. */
  protected settle(): void {
    const r = this.running;
    if (r === null || !r.answered || this.busy.some((b) => b)) return;
    this.running = null;
    r.s.idle();
  }

  private onThreadError(index: number, err: Error): void {
    const text = `search thread ${index} failed: ${clip(err.message, 200)}`;
    if (this.running && !this.running.answered) this.running.s.message(text);
    else this.onMessage(text);
    this.haltHelpers();
    void this.workers[index].terminate();
    this.adopt(index, null, 0);
    // Never leave the host without an answer: any legal move of the searched position.
    if (index === 0) this.answer(this.fallbackAnswer());
    this.settle();
  }
}
