// The endgame tables' verdict on a position, as the page shows it above the engine's lines: the result with its DTZ,
// and every legal move's result, best first (as lichess lists them). Probed on the main thread (src/tb) with the rules
// and SAN of src/core and the root ranking of src/tb/root.ts; no DOM here, so the unit test runs it under Node.
import { legalMoves } from '../src/core/movegen';
import { moveToSan, moveToUci } from '../src/core/notation';
import type { Position } from '../src/core/position';
import { MAX_MOVES } from '../src/core/types';
import { probeRoot } from '../src/tb/root';
import type { Tablebases } from '../src/tb/syzygy';
import { probeDtz, probeWdl } from '../src/tb/tbprobe';
import { load, type Color } from './game';

/** The most pieces the page's tables (the 3–4-piece set) hold. */
export const TB_PIECES = 4;

/** A legal move's result for the side that plays it. */
export interface TbMove {
  uci: string;
  san: string;
  /** WDL for the mover: 2 win, 1 win drawn by the fifty-move rule, 0 draw, -1, -2 likewise; null: not in the tables. */
  wdl: number | null;
  /** Plies until the fifty-move counter is zeroed, counting this move (positive winning, negative losing); 0 draws. */
  dtz: number;
  mate: boolean;
  stalemate: boolean;
}

export interface TbVerdict {
  /** e.g. 'Tablebase: White wins · DTZ 13'. */
  headline: string;
  /** WDL from the side to move's view (-2..2). */
  wdl: number;
  /** The position's DTZ (Syzygy's sign and conventions, side to move's view), or null without DTZ tables. */
  dtz: number | null;
  moves: TbMove[];
}

/** Pieces on the board of a FEN, kings included. */
export function pieceCount(fen: string): number {
  return (fen.split(' ')[0].match(/[a-z]/gi) ?? []).length;
}

/** Can the tables answer for this position: at most four pieces and no castling rights? */
export function inTables(fen: string): boolean {
  const castling = fen.split(' ')[2] ?? '-';
  return pieceCount(fen) <= TB_PIECES && castling === '-';
}

const side = (c: Color): string => (c === 'w' ? 'White' : 'Black');

/** The result in words, for a WDL from the side to move's view. */
export function headline(wdl: number, dtz: number | null, turn: Color): string {
  if (wdl === 0) return 'Tablebase: Draw';
  const winner = side(wdl > 0 === (turn === 'w') ? 'w' : 'b');
  const n = dtz === null ? '' : ` · DTZ ${Math.abs(dtz)}`;
  if (Math.abs(wdl) === 1) return `Tablebase: Draw by the fifty-move rule (${winner} would win)${n}`;
  return `Tablebase: ${winner} wins${n}`;
}

/** A move's result in a few words: 'Win · DTZ 13', 'Draw', 'Checkmate', 'Loss, drawn by the 50-move rule · DTZ 110'. */
export function moveResult(m: TbMove): string {
  if (m.mate) return 'Checkmate';
  if (m.stalemate) return 'Stalemate';
  if (m.wdl === null) return 'not in the tables';
  if (m.wdl === 0) return 'Draw';
  const what = m.wdl > 0 ? 'Win' : 'Loss';
  const cursed = Math.abs(m.wdl) === 1 ? ', drawn by the 50-move rule' : '';
  return `${what}${cursed} · DTZ ${Math.abs(m.dtz)}`;
}

/** Sort key groups: mate, win, win drawn by the rule, stalemate and draws, loss drawn by the rule, loss, unknown. */
function group(m: TbMove): number {
  if (m.mate) return 0;
  if (m.wdl === null) return 6;
  return 3 - m.wdl;
}

/**
 * Best first: mate; wins with the smallest DTZ; draws; losses that hold out longest (the largest DTZ) last among
 * results; moves the tables could not answer at the end. Ties keep their order.
 */
export function sortMoves(moves: readonly TbMove[]): TbMove[] {
  return [...moves].sort((a, b) => {
    const g = group(a) - group(b);
    if (g !== 0) return g;
    return a.wdl !== null && a.wdl > 0 ? a.dtz - b.dtz : Math.abs(b.dtz) - Math.abs(a.dtz);
  });
}

/**
 * Every legal move's result for its mover, from the tables' root ranking (src/tb/root.ts, the search's own: WDL with
 * the fifty-move counter, DTZ counted from here), with its SAN and whether it mates or stalemates; null when some
 * move's table is missing.
 */
function rootMoves(tb: Tablebases, pos: Position): TbMove[] | null {
  const root = probeRoot(tb, pos);
  if (!root) return null;
  const list = new Int32Array(MAX_MOVES);
  return root.moves.map((rm) => {
    const uci = moveToUci(pos, rm.move),
      san = moveToSan(pos, rm.move);
    pos.make(rm.move);
    const none = legalMoves(pos, list) === 0,
      check = pos.inCheck();
    pos.unmake(rm.move);
    return { uci, san, wdl: rm.wdl, dtz: rm.dtz ?? 0, mate: none && check, stalemate: none && !check };
  });
}

/** The tables' verdict on a position (a FEN), or why there is none. */
export function tbVerdict(tb: Tablebases, fen: string): TbVerdict | string {
  if (!inTables(fen)) return `more than ${TB_PIECES} pieces, or castling rights`;
  let pos: ReturnType<typeof load>;
  try {
    pos = load(fen);
  } catch (err) {
    return (err as Error).message;
  }
  const wdl = probeWdl(tb, pos);
  if (wdl === null) return `not in the tables${tb.lastError ? ` (${tb.lastError})` : ''}`;
  const dtz = wdl === 0 ? 0 : probeDtz(tb, pos);
  const turn: Color = pos.stm === 0 ? 'w' : 'b';
  const moves = sortMoves(rootMoves(tb, pos) ?? []);
  return { headline: headline(wdl, dtz, turn), wdl, dtz, moves };
}
