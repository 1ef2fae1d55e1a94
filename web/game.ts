// The page's game: the moves played from a start position, with legality, SAN and the end of the game all from
// Tessera's own core (src/core). No DOM here, so the unit test runs it under Node.
import { parseFen, toFen, START_FEN } from '../src/core/fen';
import { legalMoves } from '../src/core/movegen';
import { moveToSan, moveToUci, parseUciMove, uciLineToSan } from '../src/core/notation';
import { gameResult, type GameResult } from '../src/core/rules';
import { MAX_MOVES, MOVE_NONE, PAWN, typeOf } from '../src/core/types';
import { STACK_SIZE, type Position } from '../src/core/position';

export type Color = 'w' | 'b';

export interface GameEnd {
  reason: Exclude<GameResult, null>;
  /** The winner, or null for a draw. */
  winner: Color | null;
  /** '1-0', '0-1' or '1/2-1/2'. */
  score: string;
  /** Words for the status line, e.g. 'Checkmate: White wins'. */
  text: string;
}

const REASON_TEXT: Record<Exclude<GameResult, null>, string> = {
  checkmate: 'Checkmate',
  stalemate: 'Stalemate',
  'fifty-move': 'Draw by the fifty-move rule',
  threefold: 'Draw by threefold repetition',
  insufficient: 'Draw: insufficient material',
};

/** The position of a FEN; throws an Error with the parser's message when it is not legal. */
export function load(fen: string): Position {
  const pos = parseFen(fen);
  if (typeof pos === 'string') throw new Error(pos);
  return pos;
}

export class Game {
  /** The FEN the game started from. */
  readonly startFen: string;
  /** The moves played, in UCI notation (e2e4, e1g1, e7e8q). */
  readonly moves: string[] = [];
  /** The same moves in SAN. */
  readonly sans: string[] = [];
  private readonly pos: Position;
  /** The engine's move codes, to unmake them. */
  private readonly codes: number[] = [];
  private readonly list = new Int32Array(MAX_MOVES);

  /** Throws an Error with parseFen's message when the FEN is not valid. */
  constructor(fen: string = START_FEN) {
    this.pos = load(fen);
    this.startFen = toFen(this.pos);
  }

  fen(): string {
    return toFen(this.pos);
  }

  /** The side to move. */
  turn(): Color {
    return this.pos.stm === 0 ? 'w' : 'b';
  }

  /** Fullmove number of the start position, for numbering the move list. */
  startMoveNumber(): number {
    return load(this.startFen).fullmove;
  }

  /** The side that moved first from the start position. */
  startTurn(): Color {
    return load(this.startFen).stm === 0 ? 'w' : 'b';
  }

  /** Every legal move in UCI notation. */
  legal(): string[] {
    const n = legalMoves(this.pos, this.list);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(moveToUci(this.pos, this.list[i]));
    return out;
  }

  /** Squares the piece on `from` can move to (castling as the king's target square). */
  destinations(from: string): string[] {
    const to = new Set<string>();
    for (const m of this.legal()) if (m.startsWith(from)) to.add(m.slice(2, 4));
    return [...to];
  }

  /** Is from→to a pawn move to the last rank (so it needs a promotion piece)? */
  isPromotion(from: string, to: string): boolean {
    return this.legal().some((m) => m.length === 5 && m.startsWith(from + to));
  }

  /** The piece on a square as cm-chessboard names it ('wp', 'bq'), or null. */
  pieceAt(square: string): string | null {
    const sq = (square.charCodeAt(1) - 49) * 8 + (square.charCodeAt(0) - 97);
    const p = this.pos.board[sq];
    if (!p) return null;
    return (p >> 3 === 0 ? 'w' : 'b') + ' pnbrqk'[typeOf(p)];
  }

  /** Is the piece on `square` a pawn? */
  isPawn(square: string): boolean {
    const sq = (square.charCodeAt(1) - 49) * 8 + (square.charCodeAt(0) - 97);
    return typeOf(this.pos.board[sq]) === PAWN;
  }

  /** Plays a move given in UCI notation; returns its SAN, or null (and changes nothing) when it is not legal. */
  play(uci: string): string | null {
    if (this.pos.sp >= STACK_SIZE - 1) return null;
    const m = parseUciMove(this.pos, uci);
    if (m === MOVE_NONE) return null;
    const san = moveToSan(this.pos, m);
    this.moves.push(moveToUci(this.pos, m));
    this.sans.push(san);
    this.codes.push(m);
    this.pos.make(m);
    return san;
  }

  /** Takes back the last move; false when there is none. */
  undo(): boolean {
    const m = this.codes.pop();
    if (m === undefined) return false;
    this.pos.unmake(m);
    this.moves.pop();
    this.sans.pop();
    return true;
  }

  /** Why the game is over (with the game's history, so repetitions count), or null while it goes on. */
  end(): GameEnd | null {
    const reason = gameResult(this.pos);
    if (reason === null) return null;
    if (reason === 'checkmate') {
      const winner: Color = this.turn() === 'w' ? 'b' : 'w';
      return {
        reason,
        winner,
        score: winner === 'w' ? '1-0' : '0-1',
        text: `Checkmate: ${winner === 'w' ? 'White' : 'Black'} wins`,
      };
    }
    return { reason, winner: null, score: '1/2-1/2', text: REASON_TEXT[reason] };
  }

  /**
   * A line of UCI moves from the current position in SAN; stops at the first move that is not legal (a stale line
   * from a search of another position).
   */
  sanLine(line: readonly string[]): string[] {
    return uciLineToSan(this.pos, line);
  }
}

/** White's point of view of a score the engine gives from the side to move's. */
export function whiteScore(score: { cp: number } | { mate: number }, turn: Color): { cp: number } | { mate: number } {
  const sign = turn === 'w' ? 1 : -1;
  return 'mate' in score ? { mate: sign * score.mate } : { cp: sign * score.cp };
}

/** Scores beyond this are the tables' wins (the engine's TB_WIN less the plies to reach one), not evaluations. */
export const TB_WIN_CP = 20000;

/** A score as text, White's view: '+0.34', '-1.20', '#3', '#-2', 'TB+' / 'TB-' for a tablebase win / loss. */
export function formatScore(score: { cp: number } | { mate: number }): string {
  if ('mate' in score) return `#${score.mate}`;
  if (Math.abs(score.cp) > TB_WIN_CP) return score.cp > 0 ? 'TB+' : 'TB-';
  const pawns = score.cp / 100;
  return (pawns > 0 ? '+' : pawns < 0 ? '-' : '') + Math.abs(pawns).toFixed(2);
}

/** White's share of the evaluation bar, 0..1 (lichess's winning-chances curve; a mate or a tablebase win fills it). */
export function barShare(score: { cp: number } | { mate: number }): number {
  if ('mate' in score) return score.mate > 0 ? 1 : score.mate < 0 ? 0 : 0.5;
  if (Math.abs(score.cp) > TB_WIN_CP) return score.cp > 0 ? 1 : 0;
  const cp = Math.max(-1000, Math.min(1000, score.cp));
  return 1 / (1 + Math.exp(-0.00368208 * cp));
}
