// Judging an engine's answer to one EPD position: solved or not, STS points, and when the right
// move was first found and then kept until the end.
import { parseFen } from '../core/fen';
import { parseUciMove, moveToSan } from '../core/notation';
import { gameResult } from '../core/rules';
import { MOVE_NONE } from '../core/types';
import type { EpdPosition } from './parse';

export interface Score {
  kind: 'cp' | 'mate';
  value: number;
}

/** One `info ... pv ...` line of the engine, reduced to what judging needs. */
export interface InfoEvent {
  depth: number;
  /** The engine's own `time` field (ms since go), or the measured time when it gave none. */
  timeMs: number;
  /** The first move of the PV (UCI). */
  move: string;
  score: Score | null;
  nodes: number | null;
}

/** What the engine did with one position. */
export interface EngineResult {
  /** The bestmove (UCI); null when the engine gave none (error). */
  bestmove: string | null;
  /** The info lines with a PV, in order. */
  infos: InfoEvent[];
  /** Wall time from go to bestmove. */
  elapsedMs: number;
  /** Set when the engine failed on this position (crash, timeout). */
  error?: string;
}

export interface Verdict {
  solved: boolean;
  /** Points earned (STS point lists), or null for a position without a point list. */
  points: number | null;
  maxPoints: number | null;
  move: string | null;
  moveSan: string | null;
  /** When the final (correct) answer was first found and then kept to the end; null if unsolved. */
  foundAtMs: number | null;
  foundAtDepth: number | null;
  /** The last info line's depth and score. */
  depth: number | null;
  score: Score | null;
  nodes: number | null;
  timeMs: number;
  error: string | null;
}

/** Does this move satisfy bm / am (and, without either, an STS best move)? */
export function moveOk(p: EpdPosition, uci: string): boolean {
  if (p.bm.length > 0 && !p.bm.some((m) => m.uci === uci)) return false;
  if (p.am.length > 0 && p.am.some((m) => m.uci === uci)) return false;
  if (p.bm.length === 0 && p.am.length === 0 && p.points) {
    return (p.points.find((x) => x.move.uci === uci)?.points ?? 0) === p.maxPoints;
  }
  return true;
}

/** Does the move deliver mate on the spot? */
export function movesMates(p: EpdPosition, uci: string): boolean {
  const pos = parseFen(p.fen);
  if (typeof pos === 'string') return false;
  const m = parseUciMove(pos, uci);
  if (m === MOVE_NONE) return false;
  pos.make(m);
  return gameResult(pos) === 'checkmate';
}

/** dm N: the engine reports mate in N or fewer, or its move mates at once. */
export function mateOk(p: EpdPosition, uci: string, score: Score | null): boolean {
  if (p.dm === null) return true;
  if (score && score.kind === 'mate' && score.value > 0 && score.value <= p.dm) return true;
  return movesMates(p, uci);
}

/** Points for the move: its c0 points, 0 if unlisted; null without a point list. */
export function pointsFor(p: EpdPosition, uci: string | null): number | null {
  if (!p.points) return null;
  if (uci === null) return 0;
  return p.points.find((x) => x.move.uci === uci)?.points ?? 0;
}

function sanOf(p: EpdPosition, uci: string): string | null {
  const pos = parseFen(p.fen);
  if (typeof pos === 'string') return null;
  const m = parseUciMove(pos, uci);
  return m === MOVE_NONE ? null : moveToSan(pos, m);
}

/**
 * Judges an engine result. A position is solved when the final move is a bm move (and not an am
 * move; with dm, the engine must also see the mate). "Found at" is the first info line of the
 * final run of info lines whose PV starts with a correct move, so a right move found, lost and
 * found again counts from its last finding.
 */
export function judge(p: EpdPosition, r: EngineResult): Verdict {
  const last = r.infos.length > 0 ? r.infos[r.infos.length - 1] : null;
  const base = {
    depth: last?.depth ?? null,
    score: last?.score ?? null,
    nodes: last?.nodes ?? null,
    timeMs: r.elapsedMs,
    maxPoints: p.points ? p.maxPoints : null,
  };
  if (r.bestmove === null || r.error) {
    return {
      ...base,
      solved: false,
      points: pointsFor(p, null),
      move: r.bestmove,
      moveSan: null,
      foundAtMs: null,
      foundAtDepth: null,
      error: r.error ?? 'no bestmove',
    };
  }
  const move = r.bestmove;
  const moveSan = sanOf(p, move);
  if (moveSan === null) {
    return {
      ...base,
      solved: false,
      points: pointsFor(p, null),
      move,
      moveSan: null,
      foundAtMs: null,
      foundAtDepth: null,
      error: `bestmove ${move} is not legal`,
    };
  }
  const finalScore = last?.score ?? null;
  const solved = moveOk(p, move) && mateOk(p, move, finalScore);
  let foundAtMs: number | null = null;
  let foundAtDepth: number | null = null;
  if (solved) {
    // The bestmove itself is the last event; walk back over the infos while they stay correct.
    foundAtMs = r.elapsedMs;
    foundAtDepth = last?.depth ?? null;
    for (let k = r.infos.length - 1; k >= 0; k--) {
      const e = r.infos[k];
      if (!(moveOk(p, e.move) && mateOk(p, e.move, e.score))) break;
      foundAtMs = e.timeMs;
      foundAtDepth = e.depth;
    }
  }
  return { ...base, solved, points: pointsFor(p, move), move, moveSan, foundAtMs, foundAtDepth, error: null };
}
