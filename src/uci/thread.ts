// A search thread of the UCI engine (a Node worker thread): owns one Searcher and runs the searches the main thread
// sends; thread 0 also reports the results, through the reporter the entry (src/worker.ts) makes for each search.
import { parentPort } from 'node:worker_threads';
import * as fs from 'node:fs';
import { parseFen } from '../core/fen';
import { parseUciMove } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import type { Position } from '../core/position';
import { TT } from '../search/tt';
import { createSearcher } from '../search/setup';
import {
  CTRL_STOP,
  CTRL_PONDER,
  CTRL_GEN,
  F64_WORDS,
  type SearchLimits,
  type SearchOptions,
  defaultLimits,
} from '../search/limits';
import type { SearchReporter } from '../search/report';
import { defaultNet } from '../eval/nets';
import { parseNet } from '../eval/netfile';
import { NnueEvaluator } from '../eval/nnue';
import { HceEvaluator } from '../eval/evaluate';
import { Tablebases } from '../tb/syzygy';
import { collectGarbage } from '../gc';
import { PARAM_DEFAULTS, setParam, type ParamName } from '../search/params';

/** TESSERA_TIMELOG=FILE: one JSON line per search with the phases of the move in ms (for time-loss hunts). */
const timeLog = process.env.TESSERA_TIMELOG ?? '';

export interface GoMessage {
  type: 'go';
  fen: string;
  /** Game moves from fen, already checked legal by the main thread. */
  moves: number[];
  chess960: boolean;
  limits: SearchLimits;
  opts: SearchOptions;
  /** Evaluate with the network (false: the hand-crafted evaluation). */
  useNNUE: boolean;
  /** Report a win/draw/loss estimate with each score (UCI_ShowWDL). */
  showWDL: boolean;
  /** A tuning build's search parameters that differ from their defaults (the rest are reset); absent otherwise. */
  params?: Partial<Record<ParamName, number>>;
  gen: number;
  ttAge: number;
  /** Date.now() when the main thread received the go command. */
  receivedAt: number;
}

/** What the main thread gives a search thread when it starts it. */
export interface SearchThreadData {
  index: number;
  ctrl: SharedArrayBuffer;
  f64: SharedArrayBuffer;
  tt: SharedArrayBuffer;
  /** The main thread's search generation when it started this thread: a go since then cancels the warm-up. */
  gen: number;
  /** An EvalFile net, already checked by the main thread; null: the built-in net. */
  net: Uint8Array | null;
  tbPath?: string;
}

/** Runs this worker as search thread data.index until the process ends; reporterFor makes each search's outlet. */
export function searchThread(data: SearchThreadData, reporterFor: (msg: GoMessage) => SearchReporter): void {
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
  const searcher = createSearcher({ tt: new TT(data.tt), ctrl, f64, id: index, evaluator: nnue });
  // workerData lives as long as the thread: it must not keep this table alive after a Hash change replaces it.
  (data as Partial<SearchThreadData>).tt = undefined;
  // Each thread opens the tables itself (its own file handles and cache); the main thread has reported the scan.
  const openTables = (path: string): void => {
    const tb = path ? new Tablebases(path) : null;
    searcher.tb = tb && tb.maxPieces > 0 ? tb : null;
  };
  openTables(data.tbPath ?? '');

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
    // go infinite / go ponder: never answer before stop or ponderhit.
    while (
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
      fs.appendFileSync(
        timeLog,
        `${JSON.stringify({
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
        })}\n`,
      );
    }
  }

  // Warm the JIT up with a short silent search, so the first real move is not played by the
  // interpreter. A `go` bumps the generation counter, which aborts the warm-up at once.
  function warmUp(): void {
    const pos = parseFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1') as Position;
    const quiet = createSearcher({
      tt: new TT(new SharedArrayBuffer(1 << 20)),
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
  parentPort!.postMessage({ type: 'ready', index });

  parentPort!.on('message', (msg: { type: string } & Record<string, unknown>) => {
    if (msg.type === 'go') {
      const go = msg as unknown as GoMessage;
      // Every thread may report an error; only thread 0 reports results.
      const reporter = reporterFor(go);
      searcher.reporter = reporter;
      try {
        runGo(go, reporter);
      } catch (e) {
        reporter.message(`search error: ${(e as Error).message}`);
        if (index === 0) reporter.bestMove(null, MOVE_NONE, MOVE_NONE);
      }
      parentPort!.postMessage({ type: 'done', index, gen: go.gen });
      return;
    }
    if (msg.type === 'tt') {
      searcher.tt = new TT(msg.sab as SharedArrayBuffer);
      collectGarbage(); // the old table's memory goes back once every thread has let go of it
    } else if (msg.type === 'net') {
      const n = msg.bytes ? parseNet(msg.bytes as Uint8Array) : defaultNet();
      if (typeof n !== 'string') nnue = new NnueEvaluator(n);
    } else if (msg.type === 'tb') {
      openTables(msg.path as string);
    } else if (msg.type === 'clear') {
      searcher.clearHistory();
    }
    // Settings take effect in this thread now: the main thread may answer a pending isready.
    parentPort!.postMessage({ type: 'ack', index });
  });
}
