// Threat mode's position: the side to move passed over.
import { describe, expect, it } from 'vitest';
import { threatFen } from '../../web/threat';

describe('threat mode', () => {
  it('gives the move to the opponent and drops the en passant square', () => {
    expect(threatFen('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2')).toBe(
      'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2',
    );
    expect(threatFen('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2')).toBe(
      'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3',
    );
  });

  it('after 1. e4 e5 2. Qh5 Nc6 3. Bc4 Black passes: White to move (Qxf7# the threat), the fullmove number on', () => {
    const t = threatFen('r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3');
    expect(t).toBe('r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4');
  });

  it('is not available in check or for a bad FEN', () => {
    expect(threatFen('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3')).toBeNull();
    expect(threatFen('not a fen')).toBeNull();
  });
});
