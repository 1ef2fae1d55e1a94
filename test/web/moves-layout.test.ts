// How the moves panel lays out the tree (web/moves-layout.ts): lichess's way, with move numbers where a reader needs
// them, variation blocks under their move, nested lines in parentheses, comments and NAG glyphs.
import { describe, expect, it } from 'vitest';
import { layout, nagGlyph, numberLine, type Item } from '../../web/moves-layout';
import { readPgn } from '../../web/pgn';

/** The items as text: moves with their numbers and glyphs, {comments}, [variation blocks | rows], (nested). */
function text(items: readonly Item[]): string {
  return items
    .map((it) => {
      switch (it.kind) {
        case 'move':
          return `${it.number}${it.node.san}${it.glyphs}`;
        case 'comment':
          return `{${it.text}}`;
        case 'variations':
          return `[${it.lines.map(text).join(' | ')}]`;
        case 'open':
          return '(';
        case 'close':
          return ')';
        default:
          return it.text; // the result
      }
    })
    .join(' ');
}

function tree(pgn: string) {
  const g = readPgn(pgn);
  if (typeof g === 'string') throw new Error(g);
  return g.tree;
}

describe('moves layout', () => {
  it('numbers Black again after a comment or a variation block, and nests deeper lines in parentheses', () => {
    const t = tree(
      '{start} 1. e4 e5 2. Nf3 {the usual} (2. Bc4 Nf6 (2... Bc5 3. Qh5) 3. d3) (2. f4!?) 2... Nc6 $1 3. Bb5 a6?! *',
    );
    expect(text(layout(t, '1-0'))).toBe(
      '{start} 1.e4 e5 2.Nf3 {the usual} [2.Bc4 Nf6 ( 2…Bc5 3.Qh5 ) 3.d3 | 2.f4!?] 2…Nc6! 3.Bb5 a6?! 1-0',
    );
  });

  it('starts from a position with Black to move', () => {
    const t = tree('[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]\n\n40... Kd7 41. e4 (41. Kd2) 41... Ke6 *');
    expect(text(layout(t))).toBe('40…Kd7 41.e4 [41.Kd2] 41…Ke6');
  });

  it('gives the common NAGs their glyphs and leaves the others as $n', () => {
    expect([1, 2, 3, 4, 5, 6, 14, 18, 146, 250].map(nagGlyph)).toEqual([
      '!',
      '?',
      '!!',
      '??',
      '!?',
      '?!',
      '⩲',
      '+−',
      'N',
      '$250',
    ]);
  });

  it('numbers an engine line from the position it starts in', () => {
    expect(numberLine('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', ['e5', 'Nf3', 'Nc6'])).toBe(
      '1… e5 2. Nf3 Nc6',
    );
    expect(numberLine('8/8/8/8/8/8/8/K1k5 w - - 10 57', ['Ka2'])).toBe('57. Ka2');
  });
});
