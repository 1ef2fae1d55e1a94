// Opening names from lichess's tables (web/openings/*.tsv) played with Tessera's core.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MoveTree } from '../../web/tree';
import { nameOpening, openingKey, parseOpenings } from '../../web/openings';

const DIR = path.resolve(__dirname, '..', '..', 'web', 'openings');
const tables = ['a', 'b', 'c', 'd', 'e'].map((f) => readFileSync(path.join(DIR, `${f}.tsv`), 'utf8'));
const book = parseOpenings(...tables);

/** The FENs of the positions after each move of a line in SAN. */
function fens(moves: string[]): string[] {
  const tree = new MoveTree();
  return moves.map((m) => {
    const node = tree.play(m);
    if (!node) throw new Error(`illegal ${m}`);
    return node.fen;
  });
}

describe('opening names', () => {
  it('plays every line of the tables', () => {
    const rows = tables.flatMap((t) => t.split('\n').filter((l) => l && !l.startsWith('eco\t')));
    expect(rows.length).toBeGreaterThan(3000);
    const unplayable = rows.filter((r) => parseOpenings(r).size !== 1);
    expect(unplayable).toEqual([]);
    // Nearly every line names a position of its own.
    expect(book.size).toBeGreaterThan(rows.length * 0.99);
  });

  it('names a game by the last named position on its path', () => {
    const najdorf = fens(['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6']);
    expect(nameOpening(book, najdorf)).toEqual({ eco: 'B90', name: 'Sicilian Defense: Najdorf Variation' });
    // A move the tables do not name keeps the last name found.
    const later = fens(['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6', 'h4', 'h5']);
    expect(nameOpening(book, later)?.name).toBe('Sicilian Defense: Najdorf Variation');
    expect(nameOpening(book, [])).toBeNull();
  });

  it('names transpositions by position, not by move order', () => {
    // The Queen's Gambit Declined reached through 1. c4.
    const a = nameOpening(book, fens(['d4', 'd5', 'c4', 'e6']));
    const b = nameOpening(book, fens(['c4', 'e6', 'd4', 'd5']));
    expect(a?.name).toContain("Queen's Gambit Declined");
    expect(b).toEqual(a);
  });

  it('keys positions without the en passant square or move counters', () => {
    expect(openingKey('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')).toBe(
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq',
    );
  });

  it('leaves out a line whose moves do not play', () => {
    const bad = parseOpenings('eco\tname\tpgn\nA00\tNonsense\t1. e5\nB00\tKing Pawn\t1. e4\n');
    expect(bad.size).toBe(1);
    expect([...bad.values()][0].name).toBe('King Pawn');
  });
});
