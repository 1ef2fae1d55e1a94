import type { Skill } from './skill';
// What a `go` asks for, and the options the search needs; plain data passed to worker threads.
export interface SearchLimits {
  depth: number; // 0: no limit
  nodes: number; // 0: no limit
  /** No new iteration once this many nodes are searched (datagen); 0: none. `nodes` stays the hard cap. */
  softNodes: number;
  mate: number; // mate in N moves; 0: none
  movetime: number; // ms; 0: none
  wtime: number;
  btime: number;
  winc: number;
  binc: number; // ms; wtime/btime NaN: not given (a negative clock is given)
  movestogo: number; // 0: not given
  infinite: boolean;
  ponder: boolean;
  searchmoves: string[];
}

export interface SearchOptions {
  multiPV: number;
  moveOverhead: number;
  /** The strength limiter (UCI_LimitStrength); absent or null: full strength. */
  skill?: Skill | null;
  /** Syzygy use (the tables themselves are opened per thread from SyzygyPath); absent: the defaults. */
  syzygy?: { probeDepth: number; rule50: boolean; probeLimit: number };
}

export function defaultLimits(): SearchLimits {
  return {
    depth: 0,
    nodes: 0,
    softNodes: 0,
    mate: 0,
    movetime: 0,
    wtime: NaN,
    btime: NaN,
    winc: 0,
    binc: 0,
    movestogo: 0,
    infinite: false,
    ponder: false,
    searchmoves: [],
  };
}

/** Layout of the shared control block (Int32Array over a SharedArrayBuffer). */
export const CTRL_STOP = 0; // 1: stop searching now
export const CTRL_PONDER = 1; // 1: pondering (no time limits until ponderhit)
export const CTRL_GEN = 2; // search generation; a change also means stop
export const CTRL_WORDS = 16;
/** Float64 slots (over a second SharedArrayBuffer): [0] ponderhit time, [1 + i] nodes and [1 + MAX_THREADS + i]
 * tablebase hits of worker i. */
export const F64_PONDERHIT = 0;
export const F64_NODES = 1;
export const MAX_THREADS = 256;
export const F64_TBHITS = F64_NODES + MAX_THREADS;
export const F64_WORDS = F64_TBHITS + MAX_THREADS;
