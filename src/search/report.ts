// What a search tells its host, as numbers and integer moves: the host (the UCI front end, a library user) makes
// text or objects of them. The search itself never formats a line.
import type { Position } from '../core/position';

/** One principal variation after an iteration (or a new best move within a slow one). */
export interface PvReport {
  depth: number;
  seldepth: number;
  /** 1-based line number (MultiPV). */
  multipv: number;
  score: number;
  /** The score is only a bound: the search failed high (lower) or low (upper) on it. */
  bound: 'lower' | 'upper' | null;
  nodes: number;
  /** Milliseconds since the search started. */
  elapsed: number;
  hashfull: number;
  /** Tablebase probes that gave a result; null when no tables are loaded. */
  tbhits: number | null;
  /** Moves from the root position. */
  pv: readonly number[];
}

/**
 * The search's outlet. `root` is the searched position, as it stands when the call is made (so moves can be rendered:
 * castling notation needs the position); a reporter must leave it as it found it.
 */
export interface SearchReporter {
  pv(root: Position, r: PvReport): void;
  /** The root move being searched, once a search has run long enough for a GUI to show it. */
  currMove(root: Position, depth: number, move: number, number: number): void;
  /**
   * The search's answer; move is MOVE_NONE when the root has no legal move (ponder then also MOVE_NONE). root is null
   * when the search could not run at all (its position could not be set up, or it failed).
   */
  bestMove(root: Position | null, move: number, ponder: number): void;
  /** A free-text message (an error the host should show). */
  message(text: string): void;
}

/** A reporter that says nothing: bench, datagen, warm-up searches and tests. */
export const SILENT_REPORTER: SearchReporter = {
  pv() {},
  currMove() {},
  bestMove() {},
  message() {},
};
