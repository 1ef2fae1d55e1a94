// A go's limits as a host gives them, checked and made into the search's SearchLimits. A zero limit (depth 0, nodes 0,
// movetime 0, mate 0) asks for an answer now: a depth-1 search, never an unbounded one. Negative or non-finite
// values are refused by a strict host (the API) and noted by a lenient one (UCI), which then searches depth 1 too.
import { parseUciMove, moveToUci } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import type { Position } from '../core/position';
import { clip } from '../core/clip';
import { defaultLimits, type SearchLimits } from '../search/limits';
import type { CoreError } from './errors';

export interface GoLimits {
  /** Plies to search (0: answer at once from a depth-1 search). */
  depth?: number;
  /** Nodes to search. */
  nodes?: number;
  /** Search for a mate in this many moves. */
  mate?: number;
  /** Milliseconds to search. */
  movetime?: number;
  /** Clock times and increments in milliseconds (a clock may be negative: the time ran out). */
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  /** Search until stopped. */
  infinite?: boolean;
  /** Search the position after the expected reply until ponderhit or stop (UCI's go ponder). */
  ponder?: boolean;
  /** Root moves to search, in UCI notation. */
  searchmoves?: readonly string[];
}

const BOUNDS = ['depth', 'nodes', 'mate', 'movetime'] as const;
const CLOCK = ['wtime', 'btime'] as const;
const NON_NEGATIVE = ['winc', 'binc', 'movestogo'] as const;

/** The search's limits for l in pos, with notes for what a lenient host should be told; or a strict host's refusal. */
export function checkLimits(
  l: GoLimits,
  pos: Position,
  strict: boolean,
): { limits: SearchLimits; notes: string[] } | { error: CoreError } {
  const limits = defaultLimits();
  const notes: string[] = [];
  let answerNow = false;
  const bad = (k: string, v: unknown, what: string): CoreError => ({
    code: 'bad-limits',
    message: `${k} must be ${what}, got ${clip(String(v), 20)}`,
  });
  for (const k of [...BOUNDS, ...CLOCK, ...NON_NEGATIVE]) {
    const v = l[k];
    if (v === undefined) continue;
    const clock = (CLOCK as readonly string[]).includes(k);
    if (typeof v !== 'number' || !Number.isFinite(v)) return { error: bad(k, v, 'a number') };
    const n = Math.trunc(v);
    if (n < 0 && !clock) {
      if (strict) return { error: bad(k, v, 'a non-negative number') };
      notes.push(
        `go: ${k} ${n} is negative; ${(BOUNDS as readonly string[]).includes(k) ? 'answering at once' : 'ignored'}`,
      );
      if ((BOUNDS as readonly string[]).includes(k)) answerNow = true;
      continue;
    }
    if (n === 0 && (BOUNDS as readonly string[]).includes(k)) {
      answerNow = true;
      continue;
    }
    limits[k] = n;
  }
  if (answerNow) {
    limits.depth = 1;
    limits.nodes = limits.mate = limits.movetime = 0;
  }
  limits.infinite = l.infinite === true;
  limits.ponder = l.ponder === true;
  const illegal: string[] = [];
  for (const s of l.searchmoves ?? []) {
    const m = parseUciMove(pos, String(s));
    if (m === MOVE_NONE) illegal.push(String(s));
    else limits.searchmoves.push(moveToUci(pos, m));
  }
  if (illegal.length > 0) {
    // One sentence however many there are: a host's list of thousands must not come back as thousands of lines.
    const more = illegal.length > 1 ? ` (and ${illegal.length - 1} more)` : '';
    const text = `searchmoves: '${clip(illegal[0], 20)}'${more} not legal in the position`;
    if (strict) return { error: { code: 'illegal-move', message: text } };
    notes.push(`${text}; ignored`);
  }
  return { limits, notes };
}
