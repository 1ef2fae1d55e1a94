// How search results read on the wire: scores (`cp N`, `mate N`), the WDL triple and whole `info` lines. The search
// hands over numbers; the text is made here.
import { MAX_PLY } from '../core/types';

export const MATE = 32000;
export const MATE_BOUND = MATE - MAX_PLY; // scores beyond this are mates
/** A tablebase win found ply plies from the root scores TB_WIN - ply: below every mate, above every evaluation. */
export const TB_WIN = MATE_BOUND - 1;
export const TB_BOUND = TB_WIN - MAX_PLY; // scores beyond this are tablebase wins (or mates)

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

export interface PvInfo {
  depth: number;
  seldepth: number;
  multipv: number;
  score: number;
  /** ' lowerbound', ' upperbound' or ''. */
  bound: string;
  showWDL: boolean;
  nodes: number;
  elapsed: number;
  hashfull: number;
  /** Tablebase probes that gave a result; null: no tables loaded (the field is left out). */
  tbhits: number | null;
  pv: string[];
}

export function pvLine(i: PvInfo): string {
  const nps = Math.round((i.nodes * 1000) / Math.max(1, i.elapsed));
  let s = `info depth ${i.depth} seldepth ${i.seldepth} multipv ${i.multipv} score ${formatScore(i.score)}${i.bound}`;
  if (i.showWDL) s += ` wdl ${wdl(i.score)}`;
  const tb = i.tbhits !== null ? ` tbhits ${i.tbhits}` : '';
  return s + ` nodes ${i.nodes} nps ${nps} hashfull ${i.hashfull}${tb} time ${i.elapsed} pv ${i.pv.join(' ')}`;
}

/** The root move being searched, as GUIs show it once a search has run for a while. */
export function currMoveLine(depth: number, move: string, number: number): string {
  return `info depth ${depth} currmove ${move} currmovenumber ${number}`;
}
