// Opening names (lichess's chess-openings tables, CC0: web/openings/SOURCES.md). Each line's moves are played with
// Tessera's core to find the position it names; a game's opening is the last named position on its path, which also
// names transpositions. No DOM here: unit-tested under Node.
import { toFen } from '../src/core/fen';
import { parseSan } from '../src/core/notation';
import { MOVE_NONE } from '../src/core/types';
import { load } from './game';

export interface Opening {
  readonly eco: string;
  readonly name: string;
}

/** A position's key for naming: placement, side to move and castling rights (en passant never changes a name). */
export function openingKey(fen: string): string {
  return fen.split(' ').slice(0, 3).join(' ');
}

/**
 * Names by position from the tables' text (tab-separated eco, name, pgn; a header line is skipped). A line whose
 * moves do not play is left out. When two lines reach one position the first keeps it, as in the tables' order.
 */
export function parseOpenings(...tables: string[]): Map<string, Opening> {
  const byKey = new Map<string, Opening>();
  for (const text of tables) {
    for (const row of text.split('\n')) {
      const [eco, name, pgn] = row.split('\t');
      if (!pgn || eco === 'eco') continue;
      const pos = load('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
      let ok = true;
      for (const word of pgn.trim().split(/\s+/)) {
        if (/^\d+\.+$/.test(word)) continue;
        const m = parseSan(pos, word);
        if (m === MOVE_NONE) {
          ok = false;
          break;
        }
        pos.make(m);
      }
      const key = openingKey(toFen(pos));
      if (ok && !byKey.has(key)) byKey.set(key, { eco, name });
    }
  }
  return byKey;
}

/** The opening of a game: the name of the last named position among fens (the positions from the start, in order). */
export function nameOpening(book: ReadonlyMap<string, Opening>, fens: readonly string[]): Opening | null {
  for (let i = fens.length - 1; i >= 0; i--) {
    const hit = book.get(openingKey(fens[i]));
    if (hit) return hit;
  }
  return null;
}
