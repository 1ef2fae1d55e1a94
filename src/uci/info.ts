// How search results read on the wire: scores (`cp N`, `mate N`), the WDL triple, whole `info` lines and `bestmove`.
// The search hands over numbers and integer moves (search/report.ts); the text is made here.
import type { Position } from '../core/position';
import { lineToUci, moveToUci } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import { mateInMoves, winDrawLoss } from '../search/score';
import type { PvReport, SearchReporter } from '../search/report';
import type { BestMoveReport, SearchSink } from '../engine/messages';

export function formatScore(s: number): string {
  const mate = mateInMoves(s);
  return mate === null ? `cp ${s}` : mate < 0 ? `mate -${-mate}` : `mate ${mate}`;
}

/** UCI_ShowWDL's triple as the line writes it. */
export function wdl(s: number): string {
  return winDrawLoss(s).join(' ');
}

export function pvLine(r: Omit<PvReport, 'pv'>, pv: readonly string[], showWDL: boolean): string {
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

/** A search's answer as UCI lines: a root without legal moves reports its score (mated or stalemate) first. */
export function answerLines(r: BestMoveReport): string[] {
  if (r.bestmove === null) {
    return r.mated === null
      ? ['bestmove (none)']
      : [`info depth 0 score ${r.mated ? 'mate 0' : 'cp 0'}`, 'bestmove (none)'];
  }
  return [`bestmove ${r.bestmove}${r.ponder ? ` ponder ${r.ponder}` : ''}`];
}

/** A sink that writes one search's reports as UCI lines. */
export function uciSink(out: (line: string) => void, showWDL: boolean): SearchSink {
  return {
    info: (r) => out(pvLine(r, r.pv, showWDL)),
    currMove: (depth, move, number) => out(currMoveLine(depth, move, number)),
    bestMove: (r) => {
      for (const l of answerLines(r)) out(l);
    },
    message: (text) => out(`info string ${text}`),
  };
}
