// Threat mode: what the opponent threatens is what it would play if it could move now, so the engine searches the
// position with the side to move passed over (a null move): same pieces, the other side to move, no en passant
// square. Not available when the side to move is in check (passing would leave its king capturable). No DOM here.
import { parseFen, toFen } from '../src/core/fen';

/** The position with the move passed to the opponent, or null when the side to move is in check (or the FEN is bad). */
export function threatFen(fen: string): string | null {
  const pos = parseFen(fen);
  if (typeof pos === 'string' || pos.inCheck()) return null;
  const f = toFen(pos).split(' ');
  f[1] = f[1] === 'w' ? 'b' : 'w';
  f[3] = '-';
  f[4] = '0';
  // A pass by Black ends the move: the fullmove number goes on as if Black had moved.
  if (f[1] === 'w') f[5] = String(Number(f[5]) + 1);
  const passed = parseFen(f.join(' '));
  return typeof passed === 'string' ? null : toFen(passed);
}
