// Static exchange evaluation on classic cases (values: P 100, N 320, B 330, R 500, Q 950).
import { describe, it, expect } from 'vitest';
import { parseFen } from '../../src/core/fen';
import { parseSan } from '../../src/core/notation';
import { seeGe } from '../../src/core/see';
import type { Position } from '../../src/core/position';

function see(fen: string, san: string, threshold: number): boolean {
  const pos = parseFen(fen) as Position;
  const m = parseSan(pos, san);
  expect(m, `${san} legal in ${fen}`).not.toBe(0);
  return seeGe(pos, m, threshold);
}

describe('seeGe', () => {
  it('an undefended pawn is won exactly', () => {
    const fen = '1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1';
    expect(see(fen, 'Rxe5', 100)).toBe(true);
    expect(see(fen, 'Rxe5', 101)).toBe(false);
  });

  it('a knight for a defended pawn loses 220', () => {
    const fen = '1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1';
    expect(see(fen, 'Nxe5', -220)).toBe(true);
    expect(see(fen, 'Nxe5', -219)).toBe(false);
    expect(see(fen, 'Nxe5', 0)).toBe(false);
  });

  it('x-ray attackers behind the first one count', () => {
    // Rook takes a pawn defended once by a rook, backed by our queen behind the rook.
    const fen = '3r2k1/8/8/3p4/8/8/3R4/3Q2K1 w - - 0 1';
    expect(see(fen, 'Rxd5', 0)).toBe(true); // RxP, RxR, QxR: +100 -500 +500
    expect(see(fen, 'Rxd5', 101)).toBe(false);
  });

  it('the king may only capture last', () => {
    // Queen takes a pawn next to the enemy king, defended only by the king, but our rook also attacks it.
    const fen = '6k1/5p2/8/8/8/8/5R2/5QK1 w - - 0 1';
    expect(see(fen, 'Rxf7', 100)).toBe(true);
  });

  it('quiet moves to attacked squares lose the piece', () => {
    const fen = '4k3/8/8/3p4/8/8/8/2B1K3 w - - 0 1';
    expect(see(fen, 'Bf4', 0)).toBe(true); // not attacked
    expect(see(fen, 'Be3', 0)).toBe(true);
    const fen2 = '4k3/8/8/3p4/8/8/8/4K1N1 w - - 0 1';
    expect(see(fen2, 'Ne2', 0)).toBe(true);
    expect(see('4k3/8/8/8/3p4/8/8/4K1N1 w - - 0 1', 'Ne2', 0)).toBe(true);
    expect(see('4k3/8/8/8/8/3p4/8/4K1N1 w - - 0 1', 'Ne2', 0)).toBe(false); // pawn on d3 takes e2
  });
});
