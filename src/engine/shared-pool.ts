// Search threads that share memory with the main side (Node; a cross-origin isolated page): Lazy SMP over one hash
// table, a control block every thread polls (stop, ponder, generation) and per-thread node counters. A stop is a flag
// the search sees within a few hundred nodes; thread 0 then answers.
import { createTTBuffer } from '../search/tt';
import {
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
import type { GoMessage, SearchThreadData } from './messages';
import type { Platform } from './platform';
import { BasePool } from './pool';

export class SharedPool extends BasePool {
  readonly maxThreads = MAX_THREADS;
  private readonly ctrlSab = new SharedArrayBuffer(CTRL_WORDS * 4);
  private readonly ctrl = new Int32Array(this.ctrlSab);
  private readonly f64Sab = new SharedArrayBuffer(F64_WORDS * 8);
  private readonly f64 = new Float64Array(this.f64Sab);
  private tt: SharedArrayBuffer;

  constructor(platform: Platform) {
    super(platform);
    this.tt = createTTBuffer(this.hashMiB) as SharedArrayBuffer;
  }

  protected threadData(index: number): SearchThreadData {
    return {
      index,
      ctrl: this.ctrlSab,
      f64: this.f64Sab,
      tt: this.tt,
      hashMiB: this.hashMiB,
      gen: this.gen,
      net: this.net,
      tbPath: this.tbPath,
      tbFiles: this.tbFiles,
    };
  }

  setHash(mib: number, tt: SharedArrayBuffer | null): void {
    this.tt = tt ?? (createTTBuffer(mib) as SharedArrayBuffer);
    this.hashMiB = mib;
    this.configure({ type: 'tt', sab: this.tt, mib });
    this.platform.collectGarbage(); // this side's reference to the old table; each thread drops its own
  }

  clearHash(): void {
    new Int32Array(this.tt).fill(0);
    super.clearHash();
  }

  protected launch(go: GoMessage): void {
    Atomics.store(this.ctrl, CTRL_STOP, 0);
    Atomics.store(this.ctrl, CTRL_PONDER, go.limits.ponder ? 1 : 0);
    Atomics.store(this.ctrl, CTRL_GEN, go.gen);
    for (let i = 0; i < MAX_THREADS; i++) {
      this.f64[F64_NODES + i] = 0;
      this.f64[F64_TBHITS + i] = 0;
    }
    for (const w of this.workers) w.post(go);
  }

  stop(): void {
    if (this.running === null) return;
    Atomics.store(this.ctrl, CTRL_STOP, 1);
    Atomics.notify(this.ctrl, CTRL_STOP);
  }

  protected haltHelpers(): void {
    Atomics.store(this.ctrl, CTRL_STOP, 1);
    Atomics.notify(this.ctrl, CTRL_STOP);
  }

  ponderhit(): void {
    if (this.running === null) return;
    this.f64[F64_PONDERHIT] = Date.now();
    Atomics.store(this.ctrl, CTRL_PONDER, 0);
    Atomics.notify(this.ctrl, CTRL_STOP);
  }
}
