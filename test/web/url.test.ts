// The page's URL hash (web/url.ts): a game and the move shown, or a bare position, survive the trip through the
// address bar; a hash that is not ours, or is damaged, is read as nothing rather than as a wrong game.
import { describe, expect, it } from 'vitest';
import { readPgn, writePgn } from '../../web/pgn';
import { MoveTree } from '../../web/tree';
import { compactPgn, decodeHash, encodeHash, nodeAt, pathOf } from '../../web/url';

const PGN = `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ann_Lee"]
[Black "?"]
[Result "*"]

1. e4 e5 2. Nf3 {a comment & 50% #1} (2. Bc4 Nf6 $6) 2... Nc6 $1 3. Bb5 *
`;

describe('URL hash', () => {
  it('drops the tags that say nothing and keeps the others, on one line', () => {
    expect(compactPgn(PGN)).toBe(
      '[White "Ann_Lee"] 1. e4 e5 2. Nf3 {a comment & 50% #1} (2. Bc4 Nf6 $6) 2... Nc6 $1 3. Bb5 *',
    );
  });

  it('carries a game and a node inside a variation there and back', () => {
    const game = readPgn(PGN);
    if (typeof game === 'string') throw new Error(game);
    const bc4 = game.tree.root.children[0].children[0].children[1];
    const nf6 = bc4.children[0];
    const hash = encodeHash({ pgn: compactPgn(writePgn(game)), fen: game.tree.root.fen, path: pathOf(nf6) });
    expect(hash).toMatch(/^pgn=[^ #]*&path=0\.0\.1\.0$/);
    expect(hash).toContain('1._e4_e5_2._Nf3');
    expect(hash).toContain('Ann%5FLee'); // a '_' of the text is not a space

    const back = decodeHash(`#${hash}`);
    expect(back?.path).toEqual([0, 0, 1, 0]);
    const again = readPgn(back?.pgn ?? '');
    if (typeof again === 'string') throw new Error(again);
    expect(again.tags.White).toBe('Ann_Lee');
    expect(again.tree.root.children[0].children[0].children[0].comment).toBe('a comment & 50% #1');
    expect(nodeAt(again.tree, back?.path ?? []).san).toBe('Nf6');
  });

  it('writes a node on the main line as a ply count', () => {
    const tree = new MoveTree();
    for (const m of ['e4', 'e5', 'Nf3']) tree.play(m);
    const hash = encodeHash({ pgn: '1. e4 e5 2. Nf3 *', fen: tree.root.fen, path: pathOf(tree.current) });
    expect(hash).toBe('pgn=1._e4_e5_2._Nf3_*&ply=3');
    expect(decodeHash(hash)?.path).toEqual([0, 0, 0]);
  });

  it('writes a bare position as its FEN, and the start position as nothing', () => {
    const fen = '6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1';
    const hash = encodeHash({ fen, path: [] });
    expect(hash).toBe('fen=6k1%2F5ppp%2F8%2F8%2F8%2F8%2F8%2FR3K3_w_-_-_0_1');
    expect(decodeHash(hash)).toEqual({ fen, path: [] });
    expect(encodeHash({ fen: new MoveTree().root.fen, path: [] })).toBe('');
  });

  it('reads a hash that is not ours, or damaged, as nothing', () => {
    expect(decodeHash('')).toBeNull();
    expect(decodeHash('#section-2')).toBeNull();
    expect(decodeHash('#fen=%E0%A4%A')).toBeNull();
    // A path past the tree's end stops where the tree does.
    const tree = new MoveTree();
    tree.play('e4');
    expect(nodeAt(tree, [0, 3, 0]).san).toBe('e4');
    expect(decodeHash('#pgn=1._e4&ply=-5')?.path).toEqual([]);
  });
});
