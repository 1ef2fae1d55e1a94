// The core's reports as the API's typed values: scores as centipawns or mate in moves, time and speed in the units
// UCI uses, so that a SearchInfo reads like the binary's `info` line.
import { mateInMoves, winDrawLoss } from '../search/score';
import type { InfoReport } from '../engine/messages';

/** A score from the side to move's point of view: centipawns, or mate in N moves (negative: being mated). */
export type Score = ({ cp: number; mate?: undefined } | { mate: number; cp?: undefined }) & {
  /** Set when the score is only a bound (an aspiration window failed): the true score is at least / at most it. */
  bound?: 'lower' | 'upper';
};

/** One line of a search's progress (a UCI `info` line with a principal variation). */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** 1 for the best line; 2, 3, ... for the next ones with MultiPV. */
  multipv: number;
  score: Score;
  /** Win, draw and loss chances in per mille (with the UCI_ShowWDL option on). */
  wdl?: [number, number, number];
  nodes: number;
  nps: number;
  /** Milliseconds since the search began. */
  time: number;
  /** How full the hash table is, in per mille. */
  hashfull: number;
  /** Tablebase hits (with SyzygyPath set). */
  tbhits?: number;
  /** The principal variation in UCI notation (e2e4, e7e8q; castling as king-to-square, or king-takes-rook in 960). */
  pv: string[];
  /** The same line in SAN, when the search was started with `san: true`. */
  san?: string[];
}

/** A search's answer. */
export interface BestMove {
  /** The move to play in UCI notation; null when the position has no legal move (mate or stalemate). */
  bestmove: string | null;
  /** The reply the engine expects, when it has one. */
  ponder: string | null;
  /** The last line reported for the best move (multipv 1), if any was. */
  info: SearchInfo | null;
}

/** The API's view of one info report; wdl only when UCI_ShowWDL was on when the search started. */
export function toSearchInfo(r: InfoReport, showWDL: boolean): SearchInfo {
  const mate = mateInMoves(r.score);
  const score: Score = mate === null ? { cp: r.score } : { mate };
  if (r.bound) score.bound = r.bound;
  const info: SearchInfo = {
    depth: r.depth,
    seldepth: r.seldepth,
    multipv: r.multipv,
    score,
    nodes: r.nodes,
    nps: Math.round((r.nodes * 1000) / Math.max(1, r.elapsed)),
    time: r.elapsed,
    hashfull: r.hashfull,
    pv: r.pv.slice(),
  };
  if (showWDL) info.wdl = winDrawLoss(r.score);
  if (r.tbhits !== null) info.tbhits = r.tbhits;
  return info;
}
