// How search results read on the wire: scores (`cp N`, `mate N`), the WDL triple, whole `info` lines and `bestmove`.
// The search hands over numbers and integer moves (search/report.ts); the text is made here.
import type { Position } from '../core/position';
import { moveToUci } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import { MATE, MATE_BOUND } from '../search/score';
import type { PvReport, SearchReporter } from '../search/report';

export function formatScore(s: number): string {
  if (s >= MATE_BOUND) return `mate ${Math.ceil((MATE - s) / 2)}`;
  if (s <= -MATE_BOUND) return `mate -${Math.ceil((MATE + s) / 2)}`;
  return `cp ${s}`;
}

/** A simple logistic model for UCI_ShowWDL: per-mille win/draw/loss from a centipawn score. */
export function wdl(s: number): string {
  if (s >= MATE_BOUND) return '1000 0 0';
  if (s <= -MATE_BOUND) return '0 0 1000';
  const w = Math.round(1000 / (1 + Math.exp((200 - s) / 60)));
  const l = Math.round(1000 / (1 + Math.exp((200 + s) / 60)));
  return `${w} ${1000 - w - l} ${l}`;
}

/** The moves of a line from pos in UCI notation, walked on pos itself (castling notation depends on it) and undone. */
export function lineToUci(pos: Position, moves: readonly number[]): string[] {
  const out: string[] = [];
  let k = 0;
  for (; k < moves.length; k++) {
    out.push(moveToUci(pos, moves[k]));
    pos.make(moves[k]);
  }
  while (k-- > 0) pos.unmake(moves[k]);
  return out;
}

export function pvLine(r: PvReport, pv: readonly string[], showWDL: boolean): string {
  const nps = Math.round((r.nodes * 1000) / Math.max(1, r.elapsed));
  const bound = r.bound === 'lower' ? ' lowerbound' : r.bound === 'upper' ? ' upperbound' : '';
  let s = `info depth ${r.depth} seldepth ${r.seldepth} multipv ${r.multipv} score ${formatScore(r.score)}${bound}`;
  if (showWDL) s += ` wdl ${wdl(r.score)}`;
  const tb = r.tbhits !== null ? ` tbhits ${r.tbhits}` : '';
  return s + ` nodes ${r.nodes} nps ${nps} hashfull ${r.hashfull}${tb} time ${r.elapsed} pv ${pv.join(' ')}`;
}

/** The root move being searched, as GUIs show it once a search has run for a while. */
export function currMoveLine(depth: number, move: string, number: number): string {
  return `info depth ${depth} currmove ${move} currmovenumber ${number}`;
}

/** The final answer; a root without legal moves reports its score (mated or stalemate) and `bestmove (none)`. */
export function bestMoveLines(root: Position | null, move: number, ponder: number): string[] {
  if (root === null) return ['bestmove (none)'];
  if (move === MOVE_NONE) return [`info depth 0 score ${root.inCheck() ? 'mate 0' : 'cp 0'}`, 'bestmove (none)'];
  const [m, p] = lineToUci(root, ponder === MOVE_NONE ? [move] : [move, ponder]);
  return [`bestmove ${m}${p ? ` ponder ${p}` : ''}`];
}

/** A reporter that writes the search's results as UCI text, one line per call of out. */
export function uciReporter(out: (line: string) => void, opts: { showWDL: boolean }): SearchReporter {
  return {
    pv: (root, r) => out(pvLine(r, lineToUci(root, r.pv), opts.showWDL)),
    currMove: (root, depth, move, number) => out(currMoveLine(depth, moveToUci(root, move), number)),
    bestMove: (root, move, ponder) => {
      for (const l of bestMoveLines(root, move, ponder)) out(l);
    },
    message: (text) => out(`info string ${text}`),
  };
}
