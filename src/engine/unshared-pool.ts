// One search thread that shares no memory with the main side (a page without cross-origin isolation): nothing can
// reach a running search, so a stop ends the thread and answers with the last whole iteration's move, and a spare
// thread, started and warmed up beforehand, takes its place at once (a fresh one would load, compile and warm up
// first, and the next search would wait for it; its hash starts empty). A go infinite or go ponder whose thread
// answered on its own is held back until stop or ponderhit, as UCI asks.
import { CTRL_WORDS, F64_WORDS } from '../search/limits';
import { allocateTime } from '../search/timeman';
import type { BestMoveReport, GoMessage, InfoReport, SearchThreadData, SettingsMessage } from './messages';
import type { ThreadHandle } from './platform';
import { BasePool } from './pool';

export class UnsharedPool extends BasePool {
  readonly maxThreads = 1;
  private spare: ThreadHandle | null = null;
  private spareReady = false;
  /** Settings sent to the spare and not yet taken in: they become thread 0's when it takes over. */
  private spareUnacked = 0;
  /** The running search's latest whole line (multipv 1, exact score). */
  private lastPv: string[] = [];
  /** Searching until stop or ponderhit (go infinite, go ponder). */
  private holding = false;
  private held: BestMoveReport | null = null;
  private go: GoMessage | null = null;
  /** After ponderhit: ends the search when its clock says so (the thread itself cannot be told). */
  private clock: ReturnType<typeof setTimeout> | null = null;

  protected threadData(index: number): SearchThreadData {
    return {
      index,
      ctrl: new ArrayBuffer(CTRL_WORDS * 4),
      f64: new ArrayBuffer(F64_WORDS * 8),
      tt: null,
      hashMiB: this.hashMiB,
      gen: this.gen,
      net: this.net,
      tbPath: this.tbPath,
      tbFiles: this.tbFiles,
    };
  }

  resize(n: number): void {
    super.resize(n);
    if (!this.closed && this.spare === null) this.spawnSpare();
  }

  private spawnSpare(): void {
    const w = this.platform.spawnThread(this.threadData(0));
    this.spare = w;
    this.spareReady = false;
    this.spareUnacked = 0;
    w.onMessage((msg) => {
      if (this.workers[0] === w) this.onThreadMessage(msg);
      else if (this.spare === w && msg.type === 'ready') this.spareReady = true;
      else if (this.spare === w && msg.type === 'ack') this.spareUnacked--;
    });
    w.onError(() => {
      if (this.spare === w) this.spare = null;
    });
    w.ref(false);
  }

  protected allThreads(): ThreadHandle[] {
    const all = [...this.workers];
    if (this.spare) all.push(this.spare);
    this.spare = null;
    return all;
  }

  protected configure(msg: SettingsMessage): void {
    super.configure(msg);
    if (this.spare) {
      this.spareUnacked++;
      this.spare.post(msg); // taken in before it is needed; readiness does not wait for it
    }
  }

  /** Each thread makes its own table (copying one between threads is slow). */
  setHash(mib: number): void {
    this.hashMiB = mib;
    this.configure({ type: 'tt', sab: null, mib });
  }

  protected launch(go: GoMessage): void {
    this.go = go;
    this.lastPv = [];
    this.held = null;
    this.holding = go.limits.infinite || go.limits.ponder;
    this.workers[0].post(go);
  }

  protected sawInfo(info: InfoReport): void {
    if (info.multipv === 1 && info.bound === null && info.pv.length > 0) this.lastPv = info.pv;
  }

  protected threadAnswered(answer: BestMoveReport): void {
    if (this.holding) this.held = answer;
    else this.answer(answer);
  }

  protected answer(answer: BestMoveReport): void {
    if (this.clock !== null) clearTimeout(this.clock);
    this.clock = null;
    super.answer(answer);
  }

  stop(): void {
    const r = this.running;
    if (r === null || r.answered) return;
    this.holding = false;
    if (this.held !== null) {
      this.answer(this.held);
      return;
    }
    const [m, p] = this.lastPv;
    const answer: BestMoveReport = m ? { bestmove: m, ponder: p ?? null, mated: null } : this.fallbackAnswer();
    void this.workers[0].terminate();
    if (this.spare !== null && this.spareReady) this.adopt(0, this.spare, this.spareUnacked);
    else {
      void this.spare?.terminate();
      this.adopt(0, null, 0);
    }
    this.spare = null;
    this.spawnSpare();
    this.answer(answer);
  }

  ponderhit(): void {
    const go = this.go;
    if (this.running === null || go === null) return;
    this.holding = go.limits.infinite;
    if (this.held !== null && !this.holding) {
      this.answer(this.held);
      return;
    }
    // The thread cannot be told that its ponder search now runs on the clock: the main side keeps the time, and ends
    // the search at the soft limit the thread would have set itself from now.
    const white = (go.fen.split(' ')[1] === 'w') === (go.moves.length % 2 === 0);
    const budget = allocateTime({ ...go.limits, ponder: false }, white, go.opts.moveOverhead);
    if (budget.soft > 0) this.clock = setTimeout(() => this.stop(), budget.soft);
  }
}
