// The game the host has set up: a root FEN and the moves played from it. A GUI resends the whole game every move;
// when the new command extends what is here, only the new moves are played.
import { parseFen, START_FEN } from '../core/fen';
import { parseUciMove } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import { type Position, STACK_SIZE } from '../core/position';
import { clip } from '../core/clip';
import type { CoreError } from './errors';

const MAX_GAME_PLIES = STACK_SIZE - 300; // leave room for the search path

export class Game {
  rootFen = START_FEN;
  /** Game moves from rootFen: as given (to spot a repeated prefix) and as integers. */
  private raw: string[] = [];
  moves: number[] = [];
  private posCache: Position | null = null;
  /** UCI_Chess960: castling read and written king-takes-rook. */
  private chess960 = false;

  /** The current position (built on first use: the first one builds the attack tables). */
  get pos(): Position {
    if (this.posCache === null) this.posCache = parseFen(START_FEN, this.chess960) as Position;
    return this.posCache;
  }

  /** Back to the initial position. */
  reset(): void {
    this.rootFen = START_FEN;
    this.raw = [];
    this.moves = [];
    this.posCache = null;
  }

  /** Sets up the same game again (after a change of UCI_Chess960, which reads castling differently). */
  rebuild(chess960: boolean): void {
    this.chess960 = chess960;
    const p = parseFen(this.rootFen, chess960);
    if (typeof p === 'string') return;
    for (const m of this.moves) p.make(m);
    this.posCache = p;
  }

  /**
   * Sets up fen and moves. A bad FEN changes nothing. An illegal move: with partial, the game stops at the move before
   * it (as UCI GUIs expect); without, nothing changes. Either way the error is returned.
   */
  set(fen: string, moves: readonly string[], partial: boolean): CoreError | null {
    const chess960 = this.chess960;
    let pos: Position, ints: number[], raw: string[];
    const n = this.raw.length;
    if (
      this.posCache &&
      fen === this.rootFen &&
      moves.length >= n &&
      this.raw.every((t, k) => t === moves[k]) &&
      partial
    ) {
      pos = this.posCache;
      ints = this.moves;
      raw = this.raw;
    } else {
      const fresh = parseFen(fen, chess960);
      if (typeof fresh === 'string') return { code: 'bad-fen', message: `invalid FEN: ${fresh}` };
      pos = fresh;
      ints = [];
      raw = [];
    }
    let error: CoreError | null = null;
    for (let k = raw.length; k < moves.length; k++) {
      const m = parseUciMove(pos, moves[k]);
      if (m === MOVE_NONE) {
        error = { code: 'illegal-move', message: `illegal move '${clip(moves[k], 20)}' at ply ${k + 1}` };
        break;
      }
      if (ints.length >= MAX_GAME_PLIES) {
        error = { code: 'illegal-move', message: 'too many moves; truncated' };
        break;
      }
      ints.push(m);
      raw.push(moves[k]);
      pos.make(m);
    }
    if (error && !partial) return error;
    this.rootFen = fen;
    this.moves = ints;
    this.raw = raw;
    this.posCache = pos;
    return error;
  }
}
