// When each piece of work runs. The engine is in one phase at a time, and one table says which work waits for what;
// the same table decides when work arrives and when the queue drains, so no command can wait behind a search it does
// not need to wait for. isready, stop, ponderhit, quit, positions and plain settings never wait (the hosts call the
// core for them directly); only work that needs the search threads idle is queued here, in arrival order.
//
//   idle ──go──▶ searching ──stop──▶ stopping
//                    │                  │
//                    └──── bestmove ────┴──▶ finishing ──every thread done──▶ idle (the queue drains)

export type Phase = 'idle' | 'searching' | 'stopping' | 'finishing';

/** Work that the scheduler orders. */
export type WorkKind =
  /** Start a search (or answer from the book). */
  | 'go'
  /** A setting the search threads take in (hash, threads, net, tables, clearing the hash: ucinewgame, Clear Hash). */
  | 'threads'
  /** Work on the main thread that would compete with a search for the CPU and the hash (bench, go perft). */
  | 'task';

/** What each kind of work waits for, besides the work queued before it. */
export const WAITS_FOR: Record<WorkKind, readonly Phase[]> = {
  go: ['idle'],
  threads: ['idle'],
  task: ['idle'],
};

export interface Work {
  kind: WorkKind;
  run(): void;
}

export class Scheduler {
  private phaseNow: Phase = 'idle';
  private readonly queue: Work[] = [];
  private draining = false;
  /** Called after each phase change, with the new phase. */
  onPhase: (p: Phase) => void = () => {};

  get phase(): Phase {
    return this.phaseNow;
  }

  /** Work queued and not yet run, oldest first. */
  get pending(): readonly Work[] {
    return this.queue;
  }

  /** Runs work now if nothing is queued before it and the phase allows it; otherwise queues it. */
  submit(w: Work): void {
    this.queue.push(w);
    this.drain();
  }

  private runnable(w: Work): boolean {
    return WAITS_FOR[w.kind].includes(this.phaseNow);
  }

  /** Runs queued work from the head while the phase allows it (work may change the phase as it runs). */
  drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length > 0 && this.runnable(this.queue[0])) this.queue.shift()!.run();
    } finally {
      this.draining = false;
    }
  }

  /** Moves to phase p; reaching idle drains the queue. */
  enter(p: Phase): void {
    if (p === this.phaseNow) return;
    this.phaseNow = p;
    this.onPhase(p);
    if (p === 'idle') this.drain();
  }

  /** Drops every queued work (quit). */
  clear(): void {
    this.queue.length = 0;
  }
}
