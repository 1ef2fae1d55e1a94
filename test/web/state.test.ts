// The page's state (web/state.ts) without a page: the end of the game is judged on the path to the node shown (so a
// repetition in one line is not one in its sibling), and a variation made the main line takes every branch's place.
import { describe, expect, it } from 'vitest';
import { readPgn } from '../../web/pgn';
import { app, gameAt, goto, listen, makeMainline, navigate, setTree } from '../../web/state';

function load(pgn: string): void {
  const g = readPgn(pgn);
  if (typeof g === 'string') throw new Error(g);
  setTree(g.tree, g.tags);
}

describe('page state', () => {
  it('judges a repetition on the moves that led to the node', () => {
    // The knights go out and back twice: the third time the start position stands is a draw, but not in the
    // variation that leaves the cycle a move early.
    load('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 (4... Nh5) *');
    navigate('end');
    expect(app.tree.current.ply).toBe(8);
    expect(gameAt().end()?.reason).toBe('threefold');
    navigate('down');
    expect(app.tree.current.san).toBe('Nh5');
    expect(gameAt().end()).toBeNull();
  });

  it('tells its listeners when the node shown changes, and only then', () => {
    load('1. e4 e5 *');
    const seen: string[] = [];
    listen((change) => seen.push(change));
    navigate('back'); // at the start already: nothing happens
    navigate('forward');
    goto(app.tree.root);
    expect(seen).toEqual(['position', 'position']);
  });

  it('makes a variation the main line at every branch on its way', () => {
    load('1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 *');
    const d5 = app.tree.root.children[0].children[1].children[1].children[0];
    expect(d5.san).toBe('d5');
    makeMainline(d5);
    expect(app.tree.mainline().map((n) => n.san)).toEqual(['e4', 'c5', 'c3', 'd5']);
    expect(app.tree.isMainline(d5)).toBe(true);
  });
});
