// The web page's game module: legal moves, SAN, take-backs and the end of the game, all through src/core.
import { describe, expect, it } from 'vitest';
import { Game, barShare, formatScore, whiteScore } from '../../web/game';

describe('web game', () => {
  it('plays moves in UCI and records SAN; refuses illegal ones', () => {
    const g = new Game();
    expect(g.legal()).toHaveLength(20);
    expect(g.play('e2e4')).toBe('e4');
    expect(g.play('e2e4')).toBeNull();
    expect(g.play('g8f6')).toBe('Nf6');
    expect(g.turn()).toBe('w');
    expect(g.moves).toEqual(['e2e4', 'g8f6']);
    expect(g.sans).toEqual(['e4', 'Nf6']);
    expect(g.destinations('f1').sort()).toEqual(['a6', 'b5', 'c4', 'd3', 'e2']);
    expect(g.undo()).toBe(true);
    expect(g.fen()).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  });

  it('castles by the king move, promotes with a piece letter', () => {
    const g = new Game('r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(g.isPromotion('b7', 'a8')).toBe(true);
    expect(g.isPromotion('e1', 'g1')).toBe(false);
    expect(g.play('e1c1')).toBe('O-O-O');
    expect(g.moves).toEqual(['e1c1']);
    expect(g.play('e8c8')).toBeNull(); // the pawn on b7 guards c8
    expect(g.play('e8g8')).toBe('O-O');
    expect(g.play('b7a8n')).toBe('bxa8=N');
    expect(g.pieceAt('a8')).toBe('wn');
    expect(g.pieceAt('b7')).toBeNull();
  });

  it('ends the game by mate, stalemate, repetition, fifty moves and bare kings', () => {
    const mate = new Game();
    for (const m of ['f2f3', 'e7e5', 'g2g4']) mate.play(m);
    expect(mate.end()).toBeNull();
    expect(mate.play('d8h4')).toBe('Qh4#');
    expect(mate.end()).toMatchObject({ reason: 'checkmate', winner: 'b', score: '0-1' });

    expect(new Game('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1').end()?.reason).toBe('stalemate');
    expect(new Game('8/8/4k3/8/8/3K4/8/8 w - - 0 1').end()?.reason).toBe('insufficient');
    expect(new Game('4k3/8/8/8/8/8/8/R3K3 w - - 100 80').end()?.reason).toBe('fifty-move');

    const rep = new Game();
    for (let i = 0; i < 2; i++) for (const m of ['g1f3', 'g8f6', 'f3g1', 'f6g8']) rep.play(m);
    expect(rep.end()).toMatchObject({ reason: 'threefold', winner: null, score: '1/2-1/2' });
  });

  it('turns a principal variation into SAN and leaves the game as it was', () => {
    const g = new Game();
    g.play('e2e4');
    expect(g.sanLine(['e7e5', 'g1f3', 'b8c6', 'f1b5'])).toEqual(['e5', 'Nf3', 'Nc6', 'Bb5']);
    expect(g.sanLine(['e7e5', 'e7e5'])).toEqual(['e5']);
    expect(g.moves).toEqual(['e2e4']);
    expect(g.turn()).toBe('b');
  });

  it('shows scores from White’s side', () => {
    expect(whiteScore({ cp: 50 }, 'b')).toEqual({ cp: -50 });
    expect(whiteScore({ mate: -3 }, 'b')).toEqual({ mate: 3 });
    expect(formatScore({ cp: -120 })).toBe('-1.20');
    expect(formatScore({ cp: 0 })).toBe('0.00');
    expect(formatScore({ mate: 3 })).toBe('#3');
    expect(barShare({ cp: 0 })).toBe(0.5);
    expect(barShare({ mate: -1 })).toBe(0);
    expect(barShare({ cp: 300 })).toBeGreaterThan(0.7);
  });
});
