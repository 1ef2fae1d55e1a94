// Perft as Stockfish prints it (`go perft N` and `tessera perft`): one line per root move, then the total, time and
// speed, so the two can be diffed.
import type { Position } from '../core/position';
import { perftDivide } from '../core/perft';

export function perftCommand(pos: Position, depth: number, send: (line: string) => void): void {
  const t0 = performance.now();
  const { moves, total } = perftDivide(pos, depth);
  const ms = performance.now() - t0;
  for (const [m, c] of moves) send(`${m}: ${c}`);
  send('');
  send(`Nodes searched: ${total}`);
  send(`Time (ms): ${Math.round(ms)}`);
  send(`Nodes/second: ${Math.round((total * 1000) / Math.max(ms, 0.001))}`);
}
