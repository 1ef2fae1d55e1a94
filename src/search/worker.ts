// Search worker thread: owns one Searcher; thread 0 also reports info and bestmove.
import { parentPort, workerData } from 'node:worker_threads';
import { parseFen } from '../core/fen';
import { parseUciMove, moveToUci } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import { Position } from '../core/position';
import { TT } from './tt';
import { Searcher } from './search';
import { CTRL_STOP, CTRL_PONDER, CTRL_GEN, F64_WORDS, SearchLimits, SearchOptions, defaultLimits } from './limits';
import { send } from '../io';
import { datagenWorker } from '../datagen/worker';
import { defaultNet, installNet } from '../eval/nets';
import { parseNet } from '../eval/nnue';
import { setUseNNUE } from '../eval/evaluate';
import { Tablebases } from '../tb/syzygy';

export interface GoMessage {
  type: 'go';
  fen: string;
  /** Game moves from fen, already checked legal by the main thread. */
  moves: number[];
  chess960: boolean;
  limits: SearchLimits;
  opts: SearchOptions;
  gen: number;
  ttAge: number;
  /** Date.now() when the main thread received the go command. */
  receivedAt: number;
}

function searchWorker(): void {
  const data = workerData as {
    index: number; ctrl: SharedArrayBuffer; f64: SharedArrayBuffer; tt: SharedArrayBuffer; gen: number; net: Uint8Array | null; tbPath?: string;
  };
  // The main thread has already checked a net it sends (EvalFile); the built-in one otherwise.
  const sent = data.net ? parseNet(data.net) : null;
  installNet(sent && typeof sent !== 'string' ? sent : defaultNet());
  const ctrl = new Int32Array(data.ctrl);
  const f64 = new Float64Array(data.f64);
  const index = data.index;
  const searcher = new Searcher(new TT(data.tt), ctrl, f64, index, send);
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

  function runGo(msg: GoMessage): void {
    const pos = buildPosition(msg);
    searcher.tt.age = msg.ttAge;
    if (!pos) {
      if (index === 0) send('bestmove (none)');
      return;
    }
    let filter: number[] | null = null;
    if (msg.limits.searchmoves.length > 0) {
      filter = msg.limits.searchmoves.map((t) => parseUciMove(pos, t)).filter((m) => m !== MOVE_NONE);
      if (filter.length === 0) filter = null;
    }
    setUseNNUE(msg.opts.useNNUE);
  const result = searcher.go(pos, msg.limits, msg.opts, filter, msg.gen, msg.receivedAt);
    if (index !== 0) return;
    // go infinite / go ponder: never answer before stop or ponderhit.
    while (Atomics.load(ctrl, CTRL_STOP) === 0 && Atomics.load(ctrl, CTRL_GEN) === msg.gen &&
      (msg.limits.infinite || Atomics.load(ctrl, CTRL_PONDER) !== 0)) {
      Atomics.wait(ctrl, CTRL_STOP, 0, 50);
    }
    Atomics.store(ctrl, CTRL_STOP, 1); // stop the helper threads
    if (result.move === MOVE_NONE) {
      send(`info depth 0 score ${pos.inCheck() ? 'mate 0' : 'cp 0'}`);
      send('bestmove (none)');
      return;
    }
    send(searcher.finalInfo(result.depth));
    let ponder = result.ponder;
    if (ponder === MOVE_NONE) {
      pos.make(result.move);
      if (searcher.tt.probe(pos.keyLo, pos.keyHi) && searcher.tt.move !== MOVE_NONE) {
        const candidate = moveToUci(pos, searcher.tt.move);
        if (parseUciMove(pos, candidate) === searcher.tt.move) ponder = searcher.tt.move;
      }
      const text = ponder !== MOVE_NONE ? moveToUci(pos, ponder) : '';
      pos.unmake(result.move);
      send(`bestmove ${moveToUci(pos, result.move)}${text ? ' ponder ' + text : ''}`);
      return;
    }
    pos.make(result.move);
    const ponderText = moveToUci(pos, ponder);
    pos.unmake(result.move);
    send(`bestmove ${moveToUci(pos, result.move)} ponder ${ponderText}`);
  }

  // Warm the JIT up with a short silent search, so the first real move is not played by the
  // interpreter. A `go` bumps the generation counter, which aborts the warm-up at once.
  function warmUp(): void {
    const pos = parseFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1') as Position;
    const quiet = new Searcher(new TT(new SharedArrayBuffer(1 << 20)), ctrl, new Float64Array(F64_WORDS), index, () => {});
    const limits = { ...defaultLimits(), nodes: 0, depth: 9 };
    // The generation the main thread had when it started this thread: any go since then cancels.
    if (Atomics.load(ctrl, CTRL_GEN) !== data.gen) return;
    setUseNNUE(true);
    quiet.go(pos, limits, { multiPV: 1, moveOverhead: 0, chess960: false, showWDL: false, useNNUE: true }, null, data.gen);
  }
  warmUp();

  parentPort!.on('message', (msg: { type: string } & Record<string, unknown>) => {
    if (msg.type === 'go') {
      try {
        runGo(msg as unknown as GoMessage);
      } catch (e) {
        send(`info string search error: ${(e as Error).message}`);
        if (index === 0) send('bestmove (none)');
      }
      parentPort!.postMessage({ type: 'done', index, gen: (msg as unknown as GoMessage).gen });
    } else if (msg.type === 'tt') {
      searcher.tt = new TT(msg.sab as SharedArrayBuffer);
    } else if (msg.type === 'net') {
      const n = msg.bytes ? parseNet(msg.bytes as Uint8Array) : defaultNet();
      if (typeof n !== 'string') installNet(n);
    } else if (msg.type === 'tb') {
      openTables(msg.path as string);
    } else if (msg.type === 'clear') {
      searcher.clearHistory();
    }
  });
}

const mode = (workerData as { mode?: string }).mode;
if (mode === 'datagen') datagenWorker(workerData as Parameters<typeof datagenWorker>[0]);
else searchWorker();
