// A search thread of the engine (a Node worker thread or a Web Worker): owns one Searcher and runs the searches the main
// side sends; thread 0 also reports the results, as typed messages (messages.ts). Its entry (src/worker.ts,
// src/browser-worker.ts) supplies the port and what only its host has (tables, a collector, a time log).
import { parseFen } from '../core/fen';
import { lineToUci, moveToUci, parseUciMove } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import type { Position } from '../core/position';
import { TT, createTTBuffer } from '../search/tt';
import { createSearcher } from '../search/setup';
import { CTRL_STOP, CTRL_PONDER, CTRL_GEN, F64_WORDS, defaultLimits } from '../search/limits';
import type { SearchReporter } from '../search/report';
import { defaultNet } from '../eval/nets';
import { parseNet } from '../eval/netfile';
import { NnueEvaluator } from '../eval/nnue';
import { HceEvaluator } from '../eval/evaluate';
import { Tablebases } from '../tb/syzygy';
import { PARAM_DEFAULTS, setParam, type ParamName } from '../search/params';
import type { BestMoveReport, FromThread, GoMessage, SearchThreadData, ToThread } from './messages';

/** The search thread's side of its connection to the main side. */
export interface ThreadPort {
  post(msg: FromThread): void;
  onMessage(cb: (msg: ToThread) => void): void;
}

/** What the thread's entry supplies from its host. */
export interface ThreadServices {
  port: ThreadPort;
  /** Opens the tables on a SyzygyPath (null: none usable); absent where the host has no files. */
  openTables?(path: string): Tablebases | null;
  collectGarbage?(): void;
  /** Appends one line to the phase log of moves (TESSERA_TIMELOG), where one is kept. */
  timeLog?(line: string): void;
}

/** Runs this worker as search thread data.index until its host ends it. */
export function searchThread(data: SearchThreadData, services: ThreadServices): void {
  const { port, timeLog } = services;
  const reporter = threadReporter(port, data.index);
  // Without shared memory the main side cannot reach a running search: it ends the thread instead (engine.ts).
  const shared = typeof SharedArrayBuffer !== 'undefined' && data.ctrl instanceof SharedArrayBuffer;
  const sent = data.net ? parseNet(data.net) : null;
  // This thread's evaluators: a go picks one by its Use NNUE; the hand-crafted one is made when first wanted.
  let nnue = new NnueEvaluator(sent && typeof sent !== 'string' ? sent : defaultNet());
  let hce: HceEvaluator | null = null;
  const handCrafted = (): HceEvaluator => {
    if (!hce) hce = new HceEvaluator();
    return hce;
  };
  const ctrl = new Int32Array(data.ctrl);
  const f64 = new Float64Array(data.f64);
  const index = data.index;
  const ownTable = (mib: number): TT => new TT(createTTBuffer(mib, false));
  const searcher = createSearcher({
    tt: data.tt ? new TT(data.tt) : ownTable(data.hashMiB),
    ctrl,
    f64,
    id: index,
    evaluator: nnue,
  });
  // workerData lives as long as the thread: it must not keep this table alive after a Hash change replaces it.
  (data as Partial<SearchThreadData>).tt = undefined;
  // Each thread opens the tables itself (its own file handles and cache); the main thread has reported the scan.
  const openTables = (path: string, files: ReadonlyMap<string, Uint8Array> | null): void => {
    const tb = files ? Tablebases.fromFiles(files) : path && services.openTables ? services.openTables(path) : null;
    searcher.tb = tb && tb.maxPieces > 0 ? tb : null;
  };
  openTables(data.tbPath ?? '', data.tbFiles ?? null);

  function buildPosition(msg: GoMessage): Position | null {
    const pos = parseFen(msg.fen, msg.chess960);
    if (typeof pos === 'string') return null;
    for (const m of msg.moves) pos.make(m);
    return pos;
  }

  function runGo(msg: GoMessage, reporter: SearchReporter): void {
    const begun = Date.now(),
      begunPerf = performance.now();
    if (msg.params) {
      for (const k of Object.keys(PARAM_DEFAULTS) as ParamName[]) setParam(k, msg.params[k] ?? PARAM_DEFAULTS[k]);
    }
    if (!shared) {
      // This thread's own control block and counters: the go carries what the main side sets in shared ones.
      f64.fill(0);
      Atomics.store(ctrl, CTRL_STOP, 0);
      Atomics.store(ctrl, CTRL_PONDER, msg.limits.ponder ? 1 : 0);
      Atomics.store(ctrl, CTRL_GEN, msg.gen);
    }
    const pos = buildPosition(msg);
    searcher.tt.age = msg.ttAge;
    if (!pos) {
      if (index === 0) reporter.bestMove(null, MOVE_NONE, MOVE_NONE);
      return;
    }
    let filter: number[] | null = null;
    if (msg.limits.searchmoves.length > 0) {
      filter = msg.limits.searchmoves.map((t) => parseUciMove(pos, t)).filter((m) => m !== MOVE_NONE);
      if (filter.length === 0) filter = null;
    }
    searcher.evaluator = msg.useNNUE ? nnue : handCrafted();
    const result = searcher.go(pos, msg.limits, msg.opts, filter, msg.gen, msg.receivedAt);
    if (index !== 0) return;
    // go infinite / go ponder: never answer before stop or ponderhit (without shared memory the main side holds the
    // answer back instead: nothing could wake this thread).
    while (
      shared &&
      Atomics.load(ctrl, CTRL_STOP) === 0 &&
      Atomics.load(ctrl, CTRL_GEN) === msg.gen &&
      (msg.limits.infinite || Atomics.load(ctrl, CTRL_PONDER) !== 0)
    ) {
      Atomics.wait(ctrl, CTRL_STOP, 0, 50);
    }
    Atomics.store(ctrl, CTRL_STOP, 1); // stop the helper threads
    const searched = performance.now();
    if (result.move !== MOVE_NONE) searcher.reportFinal(result.depth);
    const reported = performance.now();
    const ponder = result.move === MOVE_NONE ? MOVE_NONE : searcher.ponderMove(result);
    const pondered = performance.now();
    reporter.bestMove(pos, result.move, ponder);
    if (timeLog) {
      const answered = performance.now();
      const l = msg.limits,
        clock = pos.stm === 0 ? l.wtime : l.btime;
      timeLog(
        JSON.stringify({
          clock,
          inc: pos.stm === 0 ? l.winc : l.binc,
          movetime: l.movetime,
          hard: searcher.hardLimitMs,
          queued: begun - msg.receivedAt,
          search: Math.round(searched - begunPerf),
          answer: Math.round(answered - searched),
          // The answer's parts, in tenths of a ms: the final info line, the ponder move, the bestmove line written.
          parts: [reported - searched, pondered - reported, answered - pondered].map((x) => Math.round(x * 10)),
          total: Date.now() - msg.receivedAt,
          depth: result.depth,
          nodes: searcher.nodes,
        }),
      );
    }
  }

  // Warm the JIT up with a short silent search, so the first real move is not played by the
  // interpreter. A `go` bumps the generation counter, which aborts the warm-up at once.
  function warmUp(): void {
    const pos = parseFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1') as Position;
    const quiet = createSearcher({
      tt: new TT(new ArrayBuffer(1 << 20)),
      ctrl,
      f64: new Float64Array(F64_WORDS),
      id: index,
      evaluator: nnue,
    });
    const limits = { ...defaultLimits(), nodes: 0, depth: 9 };
    if (Atomics.load(ctrl, CTRL_GEN) !== data.gen) return;
    quiet.go(pos, limits, { multiPV: 1, moveOverhead: 0 }, null, data.gen);
  }
  warmUp();
  // Started, compiled and warmed up: the main thread answers isready once every thread has said so.
  port.post({ type: 'ready', index });
  searcher.reporter = reporter;

  port.onMessage((msg) => {
    if (msg.type === 'go') {
      const go = msg;
      // Every thread may report an error; only thread 0 reports results.
      try {
        runGo(go, reporter);
      } catch (e) {
        reporter.message(`search error: ${(e as Error).message}`);
        if (index === 0) reporter.bestMove(null, MOVE_NONE, MOVE_NONE);
      }
      port.post({ type: 'done', index, gen: go.gen });
      return;
    }
    if (msg.type === 'tt') {
      searcher.tt = msg.sab ? new TT(msg.sab) : ownTable(msg.mib);
      services.collectGarbage?.(); // the old table's memory goes back once every thread has let go of it
    } else if (msg.type === 'net') {
      const n = msg.bytes ? parseNet(msg.bytes) : defaultNet();
      if (typeof n !== 'string') nnue = new NnueEvaluator(n);
    } else if (msg.type === 'tb') {
      openTables(msg.path, msg.files);
    } else if (msg.type === 'clear') {
      if (!shared) searcher.tt.data.fill(0); // this thread's own table; a shared one the main side has cleared
      searcher.clearHistory();
    }
    // Settings take effect in this thread now: the main thread may answer a pending isready.
    port.post({ type: 'ack', index });
  });
}

/** Thread 0's results as typed messages to the main side (moves rendered on the searched position, which the search
 * hands over as it stands and expects back unchanged). */
function threadReporter(port: ThreadPort, index: number): SearchReporter {
  return {
    pv: (root, r) => port.post({ type: 'info', index, info: { ...r, pv: lineToUci(root, r.pv) } }),
    currMove: (root, depth, move, number) =>
      port.post({ type: 'currmove', index, depth, move: moveToUci(root, move), number }),
    bestMove: (root, move, ponder) => {
      let answer: BestMoveReport;
      if (root === null) answer = { bestmove: null, ponder: null, mated: null };
      else if (move === MOVE_NONE) answer = { bestmove: null, ponder: null, mated: root.inCheck() };
      else {
        const [best, p] = lineToUci(root, ponder === MOVE_NONE ? [move] : [move, ponder]);
        answer = { bestmove: best, ponder: p ?? null, mated: null };
      }
      port.post({ type: 'bestmove', index, answer });
    },
    message: (text) => port.post({ type: 'message', index, text }),
  };
}
