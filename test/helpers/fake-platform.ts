// A Platform whose search threads only pretend to search, for testing the engine core's scheduling (issue 58). Each
// thread behaves as src/engine/thread.ts does at its edges: it warms up and says 'ready', takes messages one at a
// time (a go holds it until the search ends), acks each setting, reports info lines while it searches, answers a go
// with 'bestmove' (thread 0) and 'done' (every thread). A search lasts a time derived from its limits and polls the
// control block every millisecond, so a stop, a ponderhit or a new generation reach it as they reach the real one.
// Everything random comes from a seeded generator; with fake timers a run is exactly repeatable.
import { parseFen } from '../../src/core/fen';
import { legalMoves } from '../../src/core/movegen';
import { moveToUci } from '../../src/core/notation';
import { MAX_MOVES } from '../../src/core/types';
import type { Position } from '../../src/core/position';
import { allocateTime } from '../../src/search/timeman';
import { CTRL_GEN, CTRL_PONDER, CTRL_STOP, F64_PONDERHIT } from '../../src/search/limits';
import type { FromThread, GoMessage, SearchThreadData, ToThread } from '../../src/engine/messages';
import type { Platform, ThreadHandle } from '../../src/engine/platform';
import type { Rng } from './rng';

/** Simulated nodes per millisecond (go nodes N lasts N / this ms). */
const NODES_PER_MS = 20_000;
/** The longest a clock-limited search lasts here: the model's clocks are small, this only bounds the odd one. */
const MAX_CLOCK_MS = 80;

/** A way for the threads to misbehave, to show that a test notices. */
export type Fault = 'slow-ack' | 'slow-stop' | 'lost-bestmove';

export interface FakePlatformOptions {
  /** Shared memory (Lazy SMP, a stop flag) or not (one thread that a stop ends). */
  shared: boolean;
  rng: Rng;
  fault?: Fault;
}

export class FakePlatform implements Platform {
  readonly shared: boolean;
  readonly maxHashMiB = 64;
  readonly tuning = false;
  /** Every thread spawned so far, the spare and the replaced ones too. */
  readonly threads: FakeThread[] = [];
  /** Exceptions the main side threw while it took a thread's message (in Node: an uncaught exception). */
  readonly errors: string[] = [];
  private readonly rng: Rng;
  private readonly fault: Fault | null;

  constructor(o: FakePlatformOptions) {
    this.shared = o.shared;
    this.rng = o.rng;
    this.fault = o.fault ?? null;
  }

  spawnThread(data: SearchThreadData): ThreadHandle {
    const t = new FakeThread(data, this.shared, this.rng.fork(), this.fault, (e) => this.errors.push(e));
    this.threads.push(t);
    return t;
  }

  /** Threads not terminated. */
  get live(): FakeThread[] {
    return this.threads.filter((t) => !t.terminated);
  }

  builtinBook(): Uint8Array | null {
    return null;
  }

  builtinNet(): null {
    return null;
  }

  collectGarbage(): void {}
}

type Timer = ReturnType<typeof setTimeout>;

export class FakeThread implements ThreadHandle {
  terminated = false;
  /** Whether the thread would keep a Node host alive (ref). */
  referenced = true;
  private readonly ctrl: Int32Array;
  private readonly f64: Float64Array;
  private readonly inbox: ToThread[] = [];
  /** Warming up or working on a message: later messages wait, as in a real thread. */
  private busy = true;
  private readonly listeners: ((msg: FromThread) => void)[] = [];
  private readonly timers = new Set<Timer>();
  /** Whether messages already posted when the thread is terminated still arrive (Node gives no promise either way). */
  private readonly lateDelivery: boolean;

  constructor(
    readonly data: SearchThreadData,
    private readonly shared: boolean,
    private readonly rng: Rng,
    private readonly fault: Fault | null,
    private readonly fail: (text: string) => void,
  ) {
    this.ctrl = new Int32Array(data.ctrl);
    this.f64 = new Float64Array(data.f64);
    this.lateDelivery = rng.chance(0.5);
    this.warmUp();
  }

  // ---- the main side's handle ----

  post(msg: ToThread): void {
    if (this.terminated) return;
    const copy = structuredClone(msg); // postMessage copies at once: later changes on the main side do not reach it
    setImmediate(() => {
      if (this.terminated) return;
      this.inbox.push(copy);
      this.pump();
    });
  }

  onMessage(cb: (msg: FromThread) => void): void {
    this.listeners.push(cb);
  }

  onError(_cb: (err: Error) => void): void {}

  terminate(): Promise<void> {
    this.terminated = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    return new Promise((resolve) => setTimeout(resolve, 1));
  }

  ref(on: boolean): void {
    this.referenced = on;
  }

  // ---- the thread's side ----

  private send(msg: FromThread): void {
    if (this.terminated) return;
    setImmediate(() => {
      if (this.terminated && !this.lateDelivery) return;
      for (const cb of this.listeners) {
        try {
          cb(msg);
        } catch (e) {
          this.fail(`thread ${this.data.index} '${msg.type}': ${(e as Error).stack ?? e}`);
        }
      }
    });
  }

  private after(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.terminated) fn();
    }, ms);
    this.timers.add(t);
  }

  /** A shared control block reaches this thread: a stop or a new generation ends its search (and its warm-up). */
  private halted(gen: number): boolean {
    return Atomics.load(this.ctrl, CTRL_STOP) !== 0 || Atomics.load(this.ctrl, CTRL_GEN) !== gen;
  }

  private warmUp(): void {
    const end = Date.now() + this.rng.range(2, 12);
    const tick = (): void => {
      // As in thread.ts, a go (a new generation) or a stop cuts the warm-up short where memory is shared.
      if (Date.now() >= end || (this.shared && this.halted(this.data.gen))) {
        this.send({ type: 'ready', index: this.data.index });
        this.next();
      } else this.after(1, tick);
    };
    this.after(1, tick);
  }

  private next(): void {
    this.busy = false;
    this.pump();
  }

  private pump(): void {
    if (this.busy || this.terminated) return;
    const msg = this.inbox.shift();
    if (!msg) return;
    this.busy = true;
    if (msg.type === 'go') {
      this.search(msg);
      return;
    }
    // A setting takes a moment (a new table is allocated, a net parsed), then is acknowledged.
    const ms = msg.type === 'tt' ? this.rng.range(1, 4) : this.rng.range(0, 2);
    this.after(ms + (this.fault === 'slow-ack' ? 150 : 0), () => {
      this.send({ type: 'ack', index: this.data.index });
      this.next();
    });
  }

  private search(msg: GoMessage): void {
    const index = this.data.index;
    const main = index === 0;
    const ctrl = this.ctrl;
    const l = msg.limits;
    if (!this.shared) {
      // This thread's own control block: the go carries what the main side sets in a shared one.
      Atomics.store(ctrl, CTRL_STOP, 0);
      Atomics.store(ctrl, CTRL_PONDER, l.ponder ? 1 : 0);
      Atomics.store(ctrl, CTRL_GEN, msg.gen);
    }
    const root = rootOf(msg);
    if (root === null) {
      if (main) this.send({ type: 'bestmove', index, answer: { bestmove: null, ponder: null, mated: null } });
      this.send({ type: 'done', index, gen: msg.gen });
      this.next();
      return;
    }
    const lines = root.lines.filter((x) => l.searchmoves.length === 0 || l.searchmoves.includes(x[0]));
    const moves = lines.length > 0 ? lines : root.lines;
    const start = Date.now();
    // The clock runs from the go's arrival (from the ponderhit once pondering ends), as in the real search.
    let clockFrom = msg.receivedAt;
    let pondering = l.ponder;
    const budget = allocateTime(l, root.white, msg.opts.moveOverhead);
    const clockMs = budget.hard > 0 ? Math.min(MAX_CLOCK_MS, this.rng.range(budget.soft, budget.hard)) : 0;
    const maxDepth = l.depth > 0 ? l.depth : Infinity;
    // Only thread 0 watches nodes and the clock; helpers search on until thread 0 raises the stop flag.
    const nodesAt = main && l.nodes > 0 ? start + Math.max(1, Math.round(l.nodes / NODES_PER_MS)) : Infinity;
    // An unbounded search sometimes ends by itself, as the real one does on a proven mate.
    const unbounded = maxDepth === Infinity && nodesAt === Infinity && clockMs === 0;
    const mateAt = main && unbounded && this.rng.chance(0.3) ? start + this.rng.range(3, 40) : Infinity;
    const multiPV = Math.max(1, Math.min(msg.opts.multiPV, moves.length));
    let depth = 0;
    // Iteration k takes about k/2 ms: depth 1 ~1 ms, depth 8 ~20 ms.
    const iterMs = (k: number): number => Math.max(1, Math.ceil(k / 2) + this.rng.range(-1, 1));
    let nextIteration = start + iterMs(1);
    const report = (d: number, final: boolean): void => {
      if (!main) return;
      for (let k = 0; k < multiPV; k++) {
        const [m, reply] = moves[k];
        const lower = !final && k === 0 && this.rng.chance(0.1);
        this.send({
          type: 'info',
          index,
          info: {
            depth: d,
            seldepth: d + this.rng.int(4),
            multipv: k + 1,
            score: this.rng.range(-300, 300),
            bound: lower ? 'lower' : null,
            nodes: (Date.now() - start + 1) * NODES_PER_MS,
            elapsed: Date.now() - msg.receivedAt,
            hashfull: 0,
            tbhits: null,
            pv: reply ? [m, reply] : [m],
          },
        });
      }
      if (!final && this.rng.chance(0.1))
        this.send({ type: 'currmove', index, depth: d, move: moves[0][0], number: 1 });
    };
    const answer = (): void => {
      Atomics.store(ctrl, CTRL_STOP, 1); // stop the helper threads
      if (main && this.fault !== 'lost-bestmove') {
        if (depth > 0) report(depth, true);
        const best = moves[0];
        this.send({
          type: 'bestmove',
          index,
          answer: best
            ? { bestmove: best[0], ponder: best[1], mated: null }
            : { bestmove: null, ponder: null, mated: root.inCheck },
        });
      }
      this.send({ type: 'done', index, gen: msg.gen });
      this.next();
    };
    // go infinite / go ponder: thread 0 does not answer before stop or ponderhit where memory is shared (without it
    // the main side holds the answer back).
    const hold = (): void => {
      const waits =
        this.shared && !this.halted(msg.gen) && (l.infinite || Atomics.load(ctrl, CTRL_PONDER) !== 0) && main;
      if (waits) this.after(1, hold);
      else answer();
    };
    let slowStop = this.fault === 'slow-stop' ? 80 : 0;
    const tick = (): void => {
      const now = Date.now();
      if (this.halted(msg.gen) && slowStop > 0) {
        this.after(slowStop, tick);
        slowStop = 0;
        return;
      }
      if (this.halted(msg.gen)) {
        hold();
        return;
      }
      if (main && pondering && Atomics.load(ctrl, CTRL_PONDER) === 0) {
        pondering = false;
        clockFrom = this.f64[F64_PONDERHIT] || now;
      }
      while (moves.length > 0 && nextIteration <= now && depth < maxDepth) {
        depth++;
        report(depth, false);
        nextIteration += iterMs(depth + 1);
      }
      if (
        moves.length === 0 ||
        depth >= maxDepth ||
        now >= nodesAt ||
        now >= mateAt ||
        (main && !pondering && clockMs > 0 && now - clockFrom >= clockMs)
      ) {
        hold();
        return;
      }
      this.after(1, tick);
    };
    if (this.rng.chance(0.05)) this.send({ type: 'message', index, text: 'fake thread: a note during the search' });
    tick();
  }
}

interface Root {
  white: boolean;
  inCheck: boolean;
  /** Each legal move with one legal reply (the pv and ponder move), in UCI notation. */
  lines: [string, string | null][];
}

/** The searched position's moves, from the go message (fen and game moves), or null for a bad fen. */
function rootOf(msg: GoMessage): Root | null {
  const pos = parseFen(msg.fen, msg.chess960);
  if (typeof pos === 'string') return null;
  for (const m of msg.moves) pos.make(m);
  return { white: pos.stm === 0, inCheck: pos.inCheck(), lines: linesOf(pos) };
}

function linesOf(pos: Position): [string, string | null][] {
  const list = new Int32Array(MAX_MOVES);
  const replies = new Int32Array(MAX_MOVES);
  const n = legalMoves(pos, list);
  const out: [string, string | null][] = [];
  for (let i = 0; i < n; i++) {
    const m = list[i];
    const u = moveToUci(pos, m);
    pos.make(m);
    const r = legalMoves(pos, replies) > 0 ? moveToUci(pos, replies[0]) : null;
    pos.unmake(m);
    out.push([u, r]);
  }
  return out;
}
