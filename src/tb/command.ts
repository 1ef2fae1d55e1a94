// `tessera tb --path DIR FEN`: one position's WDL, DTZ and every legal move's result, one line each.
import { parseFen } from '../core/fen';
import { moveToUci, moveToSan } from '../core/notation';
import { Tablebases } from './syzygy';
import { probeRoot } from './root';

export const WDL_NAMES = ['loss', 'blessed-loss', 'draw', 'cursed-win', 'win'];

/** Prints the report; returns the exit code (0 probed, 1 not in the tables, 2 bad input). */
export function runTb(path: string, fen: string, rule50: boolean, out: (line: string) => void = console.log): number {
  const pos = parseFen(fen);
  if (typeof pos === 'string') {
    out(`error: invalid FEN: ${pos}`);
    return 2;
  }
  const tb = new Tablebases(path);
  out(`tables: ${tb.summary()}`);
  for (const p of tb.problems) out(`problem: ${p}`);
  const root = probeRoot(tb, pos, { rule50 });
  if (root === null) {
    out(`error: not in the tables: ${tb.lastError}`);
    tb.close();
    return 1;
  }
  out(`wdl: ${root.wdl} ${WDL_NAMES[root.wdl + 2]}`);
  out(`dtz: ${root.dtz ?? `none (${tb.lastError})`}`);
  out(`ranked by: ${root.byDtz ? 'dtz' : 'wdl'}${rule50 ? '' : ', fifty-move rule ignored'}`);
  const best = new Set(root.best);
  for (const mv of root.moves) {
    const dtz = mv.dtz === null ? '' : ` dtz ${mv.dtz}`;
    out(
      `move ${moveToUci(pos, mv.move)} ${moveToSan(pos, mv.move)} ${WDL_NAMES[mv.wdl + 2]}${dtz} rank ${mv.rank}${best.has(mv) ? ' best' : ''}`,
    );
  }
  tb.close();
  return 0;
}
