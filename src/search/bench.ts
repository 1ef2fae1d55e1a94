// `bench`: a fixed set of positions searched to a fixed depth on one thread. The node count is
// the search's signature: a change that should not alter the search must not change it.
import { parseFen } from '../core/fen';
import type { Position } from '../core/position';
import { createSearcher } from './setup';
import { defaultLimits } from './limits';
import type { Evaluator } from '../eval/evaluator';

export const BENCH_DEPTH = 12;

export const BENCH_FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11',
  '4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19',
  'rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14',
  'r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14',
  'r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15',
  'r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13',
  'r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16',
  '4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17',
  '2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11',
  'r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16',
  '3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22',
  'r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18',
  '4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22',
  '3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26',
  '6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 0 1',
  '8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1',
  '8/8/1p6/p3k3/P2r4/1P1B4/3K4/8 w - - 0 1',
  '5k2/7R/4P2p/5K2/p1r2P1p/8/8/8 b - - 0 1',
];

/** Runs the bench with evaluator and prints its signature; returns total nodes and speed. */
export function runBench(
  out: (line: string) => void,
  evaluator: Evaluator,
  depth = BENCH_DEPTH,
): { nodes: number; nps: number } {
  const searcher = createSearcher({ evaluator, hashMiB: 16 });
  const tt = searcher.tt;
  const limits = { ...defaultLimits(), depth };
  const opts = { multiPV: 1, moveOverhead: 0 };
  let nodes = 0;
  const t0 = performance.now();
  for (const fen of BENCH_FENS) {
    const pos = parseFen(fen) as Position;
    tt.clear();
    tt.age = 0;
    searcher.clearHistory();
    searcher.go(pos, limits, opts, null, 0);
    nodes += searcher.nodes;
  }
  const ms = performance.now() - t0;
  const nps = Math.round((nodes * 1000) / Math.max(1, ms));
  // OpenBench reads these two lines: 'Nodes searched: N' and 'Nodes/second: N'.
  out(`Time (ms): ${Math.round(ms)}`);
  out(`Nodes searched: ${nodes}`);
  out(`Nodes/second: ${nps}`);
  return { nodes, nps };
}
