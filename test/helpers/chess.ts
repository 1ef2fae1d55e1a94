// Small helpers the core tests share: set up a position, list its legal moves, play moves.
import { parseFen, placementFen, toFen } from '../../src/core/fen';
import { parseMove } from '../../src/core/notation';
import { legalMoves } from '../../src/core/movegen';
import { MAX_MOVES, MOVE_NONE } from '../../src/core/types';
import type { Position } from '../../src/core/position';
import { WHITE } from '../../src/core/bitboard';

export interface CoreHelpers {
  /** Parses a FEN, failing the test on an error. */
  load(fen: string, chess960?: boolean): Position;
  /** The legal moves of pos. */
  legal(pos: Position): number[];
}

/** load and legal over a given copy of src/core (the modules as vitest loads them, or a bundle of them). */
export function coreHelpers(core: { parseFen: typeof parseFen; legalMoves: typeof legalMoves }): CoreHelpers {
  const list = new Int32Array(MAX_MOVES);
  return {
    load(fen, chess960 = false) {
      const pos = core.parseFen(fen, chess960);
      if (typeof pos === 'string') throw new Error(`parseFen(${fen}) failed: ${pos}`);
      return pos;
    },
    legal: (pos) => Array.from(list.subarray(0, core.legalMoves(pos, list))),
  };
}

export const { load, legal } = coreHelpers({ parseFen, legalMoves });

/** Plays moves (UCI or SAN), failing on an illegal one. */
export function play(pos: Position, moves: string): Position {
  for (const t of moves.split(/\s+/).filter(Boolean)) {
    const m = parseMove(pos, t);
    if (m === MOVE_NONE) throw new Error(`illegal move ${t} in ${toFen(pos)}`);
    pos.make(m);
  }
  return pos;
}

/** The same position with colours swapped and the board mirrored (castling and ep dropped). */
export function flipped(pos: Position): Position {
  const board = new Array<number>(64).fill(0);
  for (let sq = 0; sq < 64; sq++) if (pos.board[sq]) board[sq ^ 56] = pos.board[sq] ^ 8;
  return load(`${placementFen(board)} ${pos.stm === WHITE ? 'b' : 'w'} - - 0 1`);
}
