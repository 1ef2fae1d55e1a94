// A game against the engine on a clock, as a record: who plays what, the time control, the engine's own last
// evaluation (for a draw offer), and how the game ended, with the PGN tags that say so. No DOM and no timers here
// (play.ts runs them), so the unit test reads it under Node.
import { ChessClock, type TimeControl } from './clock';
import type { Color, GameEnd } from './game';

export type Score = { cp: number } | { mate: number };

export interface MatchEnd {
  /** '1-0', '0-1' or '1/2-1/2'. */
  score: string;
  /** The PGN Termination tag: 'Normal' (mate, resignation, a draw of any kind) or 'Time forfeit'. */
  termination: 'Normal' | 'Time forfeit';
  /** Words for the result line, e.g. 'White lost on time'. */
  text: string;
}

export interface Match {
  clock: ChessClock;
  /** The time control as the player wrote or picked it ('3+2'). */
  control: string;
  human: Color;
  /** The engine's UCI_Elo, or null at full strength. */
  elo: number | null;
  started: Date;
  /** The engine's last evaluation of its own move, from its side's view; null before it has moved. */
  engineEval: Score | null;
  /** The last go's clock limits, for the page (and its test) to show what the engine was told. */
  lastGo: { wtime: number; btime: number; winc: number; binc: number } | null;
  end: MatchEnd | null;
}

export function newMatch(
  control: string,
  tc: TimeControl,
  human: Color,
  elo: number | null,
  now?: () => number,
): Match {
  return {
    clock: new ChessClock(tc, now),
    control,
    human,
    elo,
    started: new Date(),
    engineEval: null,
    lastGo: null,
    end: null,
  };
}

const NAME: Record<Color, string> = { w: 'White', b: 'Black' };
const other = (c: Color): Color => (c === 'w' ? 'b' : 'w');

export function engineName(elo: number | null): string {
  return elo === null ? 'Tessera (full strength)' : `Tessera (Elo ${elo})`;
}

/** The time control in PGN's form: seconds + increment seconds ('180+2'). */
export function pgnTimeControl(tc: TimeControl): string {
  const s = (ms: number): string => String(Math.round(ms / 100) / 10);
  return `${s(tc.initialMs)}+${s(tc.incrementMs)}`;
}

/** The game's end by the rules of the board (mate, stalemate, the draws). */
export function endByRules(end: GameEnd): MatchEnd {
  return { score: end.score, termination: 'Normal', text: end.text };
}

/**
 * A flag has fallen: that side loses, unless the other side has only its king left and so could never mate (then it
 * is a draw, as under FIDE's rules in their plainest case; `fen` is the position on the board).
 */
export function endByFlag(side: Color, fen: string): MatchEnd {
  const placement = fen.split(' ')[0];
  const winnerPieces = placement.replace(side === 'w' ? /[^a-z]/g : /[^A-Z]/g, '');
  if (winnerPieces.toLowerCase() === 'k')
    return {
      score: '1/2-1/2',
      termination: 'Time forfeit',
      text: `${NAME[side]}'s flag fell, but ${NAME[other(side)]} cannot mate: draw`,
    };
  return { score: side === 'w' ? '0-1' : '1-0', termination: 'Time forfeit', text: `${NAME[side]} lost on time` };
}

export function endByResignation(side: Color): MatchEnd {
  return { score: side === 'w' ? '0-1' : '1-0', termination: 'Normal', text: `${NAME[side]} resigned` };
}

export const DRAW_AGREED: MatchEnd = { score: '1/2-1/2', termination: 'Normal', text: 'Draw by agreement' };

/** Within this of equal (centipawns), the engine takes a draw after move 30. */
export const DRAW_MARGIN_CP = 25;
/** The move after which a level evaluation is enough. */
export const DRAW_AFTER_MOVE = 30;

/**
 * Does the engine accept a draw offer? Only on its own last evaluation: it accepts when that is within ±0.25 pawns
 * after move 30 (the game has reached move 31), or at any move when the evaluation is exactly 0.00, the score its
 * search gives a dead draw (a repetition, a fortress it cannot break, material that cannot mate). Before it has
 * searched it declines, as it does any mate score.
 */
export function acceptsDraw(engineEval: Score | null, fullmove: number): boolean {
  if (!engineEval || 'mate' in engineEval) return false;
  if (engineEval.cp === 0) return true;
  return fullmove > DRAW_AFTER_MOVE && Math.abs(engineEval.cp) <= DRAW_MARGIN_CP;
}

/** The PGN tags of the game (its result '*' while it goes on). */
export function matchTags(m: Match): Record<string, string> {
  const d = m.started;
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const engine = engineName(m.elo);
  const tags: Record<string, string> = {
    Event: `Casual game against Tessera, ${m.control}`,
    Site: 'Tessera web page',
    Date: date,
    Round: '-',
    White: m.human === 'w' ? 'You' : engine,
    Black: m.human === 'b' ? 'You' : engine,
    Result: m.end?.score ?? '*',
    TimeControl: pgnTimeControl(m.clock.tc),
  };
  if (m.end) tags.Termination = m.end.termination;
  return tags;
}
