// The analysis board's move tree (web/tree.ts) and its PGN in and out (web/pgn.ts): variations, comments and NAGs
// survive a round trip; navigation moves as the keyboard does; illegal input is refused with where it failed.
import { describe, expect, it } from 'vitest';
import { MoveTree } from '../../web/tree';
import { readPgn, writePgn } from '../../web/pgn';

const GAME = `[Event "Casual"]
[Site "?"]
[Date "2026.12.07"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

{A game} 1. e4 e5 2. Nf3 {the usual} (2. Bc4 Nf6 (2... Bc5 3. Qh5) 3. d3) 2... Nc6 $1 3. Bb5 a6?! 4. Ba4 Nf6
5. O-O 1-0
`;

describe('move tree', () => {
  it('plays legal moves by UCI or SAN, enters a move already there, branches a new one', () => {
    const t = new MoveTree();
    expect(t.play('e2e4')?.san).toBe('e4');
    expect(t.play('e5')?.uci).toBe('e7e5');
    expect(t.play('e5')).toBeNull(); // not legal for white now
    t.back();
    const c5 = t.play('c7c5');
    expect(c5?.san).toBe('c5');
    expect(t.root.children[0].children.map((n) => n.san)).toEqual(['e5', 'c5']);
    t.back();
    expect(t.play('e7e5')).toBe(t.root.children[0].children[0]); // entered, not added again
    expect(t.uciMoves()).toEqual(['e2e4', 'e7e5']);
  });

  it('navigates as the keys do: forward along the main line, up and down among variations, home and end', () => {
    const g = readPgn(GAME);
    if (typeof g === 'string') throw new Error(g);
    const t = g.tree;
    t.toEnd();
    expect(t.current.san).toBe('O-O');
    expect(t.current.ply).toBe(9);
    t.toStart();
    expect(t.current).toBe(t.root);
    t.forward();
    t.forward();
    t.forward(); // 2. Nf3
    expect(t.sibling(1)).toBe(true);
    expect(t.current.san).toBe('Bc4');
    expect(t.sibling(1)).toBe(false);
    expect(t.sibling(-1)).toBe(true);
    expect(t.current.san).toBe('Nf3');
    expect(t.isMainline(t.current)).toBe(true);
    expect(t.isMainline(t.root.children[0].children[0].children[1])).toBe(false);
    expect(t.back()).toBe(true);
    expect(t.current.san).toBe('e5');
  });

  it('promotes a variation to the main line and removes a line with what follows it', () => {
    const g = readPgn(GAME);
    if (typeof g === 'string') throw new Error(g);
    const t = g.tree;
    const e5 = t.root.children[0].children[0];
    const bc4 = e5.children[1];
    t.promote(bc4);
    expect(t.mainline().map((n) => n.san)).toEqual(['e4', 'e5', 'Bc4', 'Nf6', 'd3']);
    t.goto(bc4.children[0]);
    t.remove(bc4);
    expect(t.current).toBe(e5);
    expect(e5.children.map((n) => n.san)).toEqual(['Nf3']);
  });
});

describe('PGN', () => {
  it('reads tags, the main line, nested variations, comments and NAGs (suffixes too)', () => {
    const g = readPgn(GAME);
    if (typeof g === 'string') throw new Error(g);
    expect(g.tags.White).toBe('A');
    expect(g.tags.Result).toBe('1-0');
    const t = g.tree;
    expect(t.root.comment).toBe('A game');
    expect(t.mainline().map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O']);
    const [nf3, bc4] = t.root.children[0].children[0].children;
    expect(nf3.comment).toBe('the usual');
    expect(bc4.children.map((n) => n.san)).toEqual(['Nf6', 'Bc5']);
    expect(bc4.children[1].children[0].san).toBe('Qh5');
    expect(nf3.children[0].nags).toEqual([1]);
    expect(t.mainline()[5].nags).toEqual([6]); // a6?! as $6
  });

  it('writes what it reads: a round trip keeps every move, variation, comment and NAG', () => {
    const g = readPgn(GAME);
    if (typeof g === 'string') throw new Error(g);
    const text = writePgn(g);
    expect(text.replace(/\n/g, ' ')).toContain('2. Nf3 {the usual} (2. Bc4 Nf6 (2... Bc5 3. Qh5) 3. d3) 2... Nc6 $1');
    expect(text).not.toMatch(/\d\.\n/); // a move number never ends a line
    const again = readPgn(text);
    if (typeof again === 'string') throw new Error(again);
    expect(writePgn(again)).toBe(text);
    expect(text.split('\n').every((l) => l.length <= 80)).toBe(true);
  });

  it('keeps a start position as FEN and SetUp, and numbers black first moves with ...', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3';
    const t = new MoveTree(fen);
    t.play('g8f6');
    t.play('b1c3');
    const text = writePgn({ tags: {}, tree: t });
    expect(text).toContain(`[FEN "${fen}"]`);
    expect(text).toContain('[SetUp "1"]');
    expect(text).toContain('3... Nf6 4. Nc3 *');
    const back = readPgn(text);
    if (typeof back === 'string') throw new Error(back);
    expect(back.tree.mainline().map((n) => n.uci)).toEqual(['g8f6', 'b1c3']);
  });

  it('refuses what it cannot read, saying where', () => {
    expect(readPgn('1. e4 e5 2. Ke3')).toMatch(/^illegal move 'Ke3' after 2 plies/);
    expect(readPgn('1. e4 (1. d4')).toBe('a variation was not closed');
    expect(readPgn('1. e4 ) e5')).toBe('a variation closed that was not opened');
    expect(readPgn('[FEN "nonsense"]\n\n1. e4')).toMatch(/^bad FEN tag/);
  });
});
