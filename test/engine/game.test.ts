// The core's game state and limits: what a position command and a go's limits leave behind.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game';
import { checkLimits } from '../../src/engine/limits';
import { START_FEN, toFen } from '../../src/core/fen';

describe('Game', () => {
  it('keeps UCI_Chess960 across a new game: castling is king-takes-rook there', () => {
    const g = new Game();
    g.rebuild(true);
    g.reset();
    void g.pos; // a go before the next position command builds it (the fuzz found this order)
    const opening = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6'];
    expect(g.set(START_FEN, [...opening, 'e1g1'], true)?.code).toBe('illegal-move');
    expect(g.set(START_FEN, [...opening, 'e1h1'], true)).toBeNull();
    expect(toFen(g.pos)).toMatch(/ b kq - /);
  });

  it('an illegal move: partial keeps the moves before it, strict changes nothing', () => {
    const g = new Game();
    expect(g.set(START_FEN, ['e2e4', 'e2e4'], true)?.code).toBe('illegal-move');
    expect(toFen(g.pos)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect(g.set(START_FEN, ['d2d4', 'd7d5', 'zz'], false)?.code).toBe('illegal-move');
    expect(toFen(g.pos)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect(g.set('not a fen', [], true)?.code).toBe('bad-fen');
    expect(toFen(g.pos)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  });

  it('a game resent with one more move plays only the new move on the same position', () => {
    const g = new Game();
    g.set(START_FEN, ['e2e4'], true);
    const before = g.pos;
    g.set(START_FEN, ['e2e4', 'c7c5'], true);
    expect(g.pos).toBe(before);
    expect(toFen(g.pos)).toBe('rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  });
});

describe('checkLimits', () => {
  const pos = new Game().pos;
  it('zero limits answer at once (depth 1); negatives too, with a note, or refused when strict', () => {
    for (const l of [{ depth: 0 }, { nodes: 0 }, { movetime: 0 }, { mate: 0 }]) {
      const r = checkLimits(l, pos, true);
      expect('limits' in r && r.limits.depth === 1 && r.notes.length === 0, JSON.stringify(l)).toBe(true);
    }
    const lenient = checkLimits({ movetime: -5 }, pos, false);
    expect('limits' in lenient && lenient.limits.depth === 1 && lenient.limits.movetime === 0).toBe(true);
    expect('limits' in lenient && lenient.notes[0]).toMatch(/negative/);
    const strict = checkLimits({ movetime: -5 }, pos, true);
    expect('error' in strict && strict.error.code).toBe('bad-limits');
    expect('error' in checkLimits({ nodes: Number.NaN }, pos, false)).toBe(true);
  });

  it('a clock may be negative (the time ran out); it is kept', () => {
    const r = checkLimits({ wtime: -100, btime: 500 }, pos, true);
    expect('limits' in r && r.limits.wtime).toBe(-100);
  });

  it('illegal searchmoves: one note however many, or refused when strict', () => {
    const r = checkLimits({ searchmoves: ['e2e4', ...Array(3000).fill('e2e5')] }, pos, false);
    expect('limits' in r && r.limits.searchmoves).toEqual(['e2e4']);
    expect('limits' in r && r.notes).toHaveLength(1);
    expect('limits' in r && r.notes[0]).toMatch(/and 2999 more/);
    const s = checkLimits({ searchmoves: ['a1a8'] }, pos, true);
    expect('error' in s && s.error.code).toBe('illegal-move');
  });
});
