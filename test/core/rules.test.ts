// Game-ending rules (gameResult) and the repetition / dead-position / en-passant details behind them.
import { describe, expect, it } from 'vitest';
import { toFen, START_FEN } from '../../src/core/fen';
import { parseMove } from '../../src/core/notation';
import { perft } from '../../src/core/perft';
import { gameResult } from '../../src/core/rules';
import { MOVE_NONE, EN_PASSANT, moveKind } from '../../src/core/types';
import type { Position } from '../../src/core/position';
import { load, legal, play } from '../helpers/chess';

const epMoves = (pos: Position): number[] => legal(pos).filter((m) => moveKind(m) === EN_PASSANT);

describe('checkmate and stalemate', () => {
  it('checkmate', () => {
    const pos = play(load(START_FEN), 'f3 e5 g4');
    expect(gameResult(pos)).toBe(null);
    play(pos, 'Qh4');
    expect(pos.inCheck()).toBe(true);
    expect(gameResult(pos)).toBe('checkmate');
    expect(gameResult(load('6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1'))).toBe(null);
    expect(gameResult(play(load('6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1'), 'Rd8'))).toBe('checkmate');
  });

  it('check that is not mate is not a result', () => {
    const pos = play(load(START_FEN), 'e4 f5 Qh5');
    expect(pos.inCheck()).toBe(true);
    expect(gameResult(pos)).toBe(null);
  });

  it('stalemate', () => {
    expect(gameResult(load('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'))).toBe('stalemate');
    expect(gameResult(load('7k/5Q2/6K1/8/8/8/8/8 w - - 0 1'))).toBe(null);
    // Stalemate with material that is not dead: the pawn is blocked.
    expect(gameResult(load('k7/P7/1K6/8/8/8/8/8 b - - 0 1'))).toBe('stalemate');
    const p = play(load('k7/8/1K6/8/8/8/8/2Q5 w - - 0 1'), 'Qc7');
    expect(gameResult(p)).toBe('stalemate');
  });
});

describe('fifty-move rule', () => {
  it('halfmove 99 and a quiet move: draw at 100 plies', () => {
    const pos = load('4k3/8/8/8/8/8/8/R3K3 w - - 99 80');
    expect(gameResult(pos)).toBe(null);
    play(pos, 'Ra2');
    expect(pos.halfmove).toBe(100);
    expect(gameResult(pos)).toBe('fifty-move');
    expect(gameResult(load('4k3/8/8/8/8/8/8/R3K3 b - - 100 80'))).toBe('fifty-move');
    expect(gameResult(load('4k3/8/8/8/8/8/8/R3K3 b - - 150 80'))).toBe('fifty-move');
  });

  it('a checking (not mating) move that reaches 100 plies still draws', () => {
    const pos = play(load('4k3/8/8/8/8/8/8/R3K3 w - - 99 80'), 'Ra8');
    expect(pos.inCheck()).toBe(true);
    expect(gameResult(pos)).toBe('fifty-move');
  });

  it('a mating move that makes the halfmove clock 100 is checkmate', () => {
    const pos = play(load('6k1/8/6K1/8/8/8/8/R7 w - - 99 80'), 'Ra8');
    expect(pos.halfmove).toBe(100);
    expect(gameResult(pos)).toBe('checkmate');
  });

  it('a stalemating move at 100 plies is stalemate', () => {
    const pos = play(load('k7/8/1K6/8/8/8/8/2Q5 w - - 99 80'), 'Qc7');
    expect(pos.halfmove).toBe(100);
    expect(gameResult(pos)).toBe('stalemate');
  });

  it('a capture or pawn move at halfmove 99 resets the clock', () => {
    const cap = play(load('4k3/8/8/8/8/8/r7/R3K3 w - - 99 80'), 'Rxa2');
    expect(cap.halfmove).toBe(0);
    expect(gameResult(cap)).toBe(null);
    const pawn = play(load('4k3/8/8/8/8/8/P7/R3K3 w - - 99 80'), 'a3');
    expect(pawn.halfmove).toBe(0);
    expect(gameResult(pawn)).toBe(null);
  });
});

describe('threefold repetition', () => {
  it('knights out and back from the start: draw at the 3rd occurrence, not the 2nd', () => {
    const pos = load(START_FEN);
    expect(pos.repetitions()).toBe(0);
    play(pos, 'Nf3 Nf6 Ng1');
    expect(pos.repetitions()).toBe(0);
    play(pos, 'Ng8'); // 2nd occurrence of the start position
    expect(pos.repetitions()).toBe(1);
    expect(gameResult(pos)).toBe(null);
    play(pos, 'Nf3'); // 2nd occurrence of the position after 1.Nf3
    expect(pos.repetitions()).toBe(1);
    expect(gameResult(pos)).toBe(null);
    play(pos, 'Nf6 Ng1');
    expect(gameResult(pos)).toBe(null);
    play(pos, 'Ng8'); // 3rd occurrence
    expect(pos.repetitions()).toBe(2);
    expect(gameResult(pos)).toBe('threefold');
  });

  it('unmake takes the repetition back', () => {
    const pos = play(load(START_FEN), 'Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1');
    const m = parseMove(pos, 'Ng8');
    pos.make(m);
    expect(gameResult(pos)).toBe('threefold');
    pos.unmake(m);
    expect(pos.repetitions()).toBe(1);
    expect(gameResult(pos)).toBe(null);
  });

  it('a different route to the same position counts', () => {
    const pos = play(load(START_FEN), 'Nf3 Nf6 Nc3 Nc6 Nb1 Nb8 Ng1 Ng8');
    expect(pos.repetitions()).toBe(1);
    play(pos, 'Nc3 Nc6 Nf3 Nf6'); // the position after 1.Nf3 Nf6 2.Nc3 Nc6, reached in the other order
    expect(pos.repetitions()).toBe(1);
    play(pos, 'Nb1 Nb8 Ng1 Ng8');
    expect(gameResult(pos)).toBe('threefold');
  });

  it('a position first seen with a legal en-passant capture is a different position later', () => {
    // After 1.e4 Nf6 2.e5 d5, White may take en passant (exd6): that right is part of the position.
    const pos = play(load(START_FEN), 'e4 Nf6 e5 d5');
    expect(toFen(pos)).toBe('rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3');
    play(pos, 'Nf3 Ng8 Ng1 Nf6'); // same board, White to move, no en-passant right
    expect(pos.repetitions()).toBe(0);
    play(pos, 'Nf3 Ng8 Ng1 Nf6'); // 2nd occurrence without the right (3rd of the board)
    expect(pos.repetitions()).toBe(1);
    expect(gameResult(pos)).toBe(null);
    play(pos, 'Nf3 Ng8 Ng1 Nf6'); // 3rd occurrence without the right
    expect(pos.repetitions()).toBe(2);
    expect(gameResult(pos)).toBe('threefold');
  });

  it('an en-passant square without a legal capture does not make a different position', () => {
    // After 1.e4 no black pawn can take en passant, so the position after 1.e4 recurs after the knight dance.
    const pos = play(load(START_FEN), 'e4 Nf6 Nf3 Ng8 Ng1');
    expect(pos.repetitions()).toBe(1);
    play(pos, 'Nf6 Nf3 Ng8 Ng1');
    expect(gameResult(pos)).toBe('threefold');
  });

  it('a position first seen with castling rights is different after a king move lost them', () => {
    const pos = load('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    play(pos, 'Ke2 Ke7 Ke1 Ke8'); // same board, no rights left
    expect(toFen(pos)).toBe('r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3');
    expect(pos.repetitions()).toBe(0);
    play(pos, 'Ke2 Ke7 Ke1 Ke8');
    expect(pos.repetitions()).toBe(1);
    expect(gameResult(pos)).toBe(null);
    play(pos, 'Ke2 Ke7 Ke1 Ke8');
    expect(gameResult(pos)).toBe('threefold');
  });

  it('losing one castling right by a rook move also changes the position', () => {
    const pos = load('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    play(pos, 'Rb1 Rb8 Ra1 Ra8');
    expect(toFen(pos)).toBe('r3k2r/8/8/8/8/8/8/R3K2R w Kk - 4 3');
    expect(pos.repetitions()).toBe(0);
  });

  it('the side to move is part of the position', () => {
    // White loses a tempo with a rook triangle: the start board recurs with Black to move.
    const pos = play(load('4k3/8/8/8/8/8/8/R3K3 w - - 0 1'), 'Ra2 Kd8 Ra3 Ke8 Ra1');
    expect(toFen(pos)).toBe('4k3/8/8/8/8/8/8/R3K3 b - - 5 3');
    expect(pos.repetitions()).toBe(0);
    const same = play(load('4k3/8/8/8/8/8/8/R3K3 w - - 0 1'), 'Ra2 Kd8 Ra1 Ke8');
    expect(same.repetitions()).toBe(1); // the start position again, White to move
  });

  it('a null move ends the repetition scan: null, x, null, x back is not a repetition', () => {
    // The search's null move passes a turn; positions before it cannot repeat through it.
    const pos = play(load(START_FEN), 'e4 e5');
    pos.makeNull();
    play(pos, 'Nf6');
    pos.makeNull();
    play(pos, 'Ng8');
    expect(toFen(pos).split(' ').slice(0, 4)).toEqual(
      toFen(play(load(START_FEN), 'e4 e5'))
        .split(' ')
        .slice(0, 4),
    );
    expect(pos.repetitions()).toBe(0);
    expect(pos.isRepetitionDraw(0)).toBe(false);
    // Undone, the scan reaches back as before: a real repetition after the null moves are gone.
    pos.unmake(pos.stMove[pos.sp - 1]);
    pos.unmakeNull();
    pos.unmake(pos.stMove[pos.sp - 1]);
    pos.unmakeNull();
    play(pos, 'Nf3 Nf6 Ng1 Ng8');
    expect(pos.repetitions()).toBe(1);
    expect(pos.isRepetitionDraw(0)).toBe(true);
    // A real repetition after a null move still counts.
    pos.makeNull();
    play(pos, 'Nf6 Nf3 Ng8 Ng1 Nf6');
    expect(pos.repetitions()).toBe(1);
  });
});

describe('dead positions (insufficient material)', () => {
  const dead: [string, string][] = [
    ['K v K', '8/8/4k3/8/8/4K3/8/8 w - - 0 1'],
    ['KB v K', '8/8/4k3/8/8/4K3/8/5B2 w - - 0 1'],
    ['K v KB', '8/8/4k3/8/8/4K3/8/5b2 b - - 0 1'],
    ['KN v K', '8/8/4k3/8/8/4K3/8/6N1 w - - 0 1'],
    ['K v KN', '8/8/4k3/8/8/4K3/8/6n1 w - - 0 1'],
    ['KB v KB, same-colour bishops', '2b5/8/4k3/8/8/4K3/8/5B2 w - - 0 1'], // c8 and f1: both light
    ['KBB v KB, all on light squares', '8/3b4/4k3/8/8/4K3/4B3/5B2 w - - 0 1'], // d7, e2, f1
  ];
  const alive: [string, string][] = [
    ['KB v KB, opposite colours', '8/2b5/4k3/8/8/4K3/8/5B2 w - - 0 1'], // c7 dark, f1 light
    ['KNN v K (a helpmate exists)', '8/8/4k3/8/8/4K3/8/5NN1 w - - 0 1'],
    ['KN v KN', '8/8/4k3/8/8/4K3/8/5Nn1 w - - 0 1'],
    ['KB v KN', '8/8/4k3/8/8/4K3/8/5Bn1 w - - 0 1'],
    ['KP v K', '8/8/4k3/8/8/4K3/4P3/8 w - - 0 1'],
    ['K v KP', '8/4p3/4k3/8/8/4K3/8/8 w - - 0 1'],
    ['KR v K', '8/8/4k3/8/8/4K3/8/7R w - - 0 1'],
    ['K v KQ', '8/8/4k3/8/8/4K3/8/7q w - - 0 1'],
    ['KBB v K, both colours', '8/8/4k3/8/8/4K3/8/4BB2 w - - 0 1'],
  ];

  it('square colours of the FENs below are what the names say', () => {
    // a1 is dark; a square is dark when file + rank is even (0-based).
    const dark = (sq: string): boolean => (sq.charCodeAt(0) - 97 + (sq.charCodeAt(1) - 49)) % 2 === 0;
    expect([dark('c8'), dark('f1')]).toEqual([false, false]);
    expect([dark('d7'), dark('e2'), dark('f1')]).toEqual([false, false, false]);
    expect([dark('c7'), dark('f1')]).toEqual([true, false]);
    expect([dark('e1'), dark('f1')]).toEqual([true, false]);
  });

  for (const [name, fen] of dead) {
    it(`${name} is insufficient`, () => {
      const pos = load(fen);
      expect(pos.isInsufficientMaterial()).toBe(true);
      expect(gameResult(pos)).toBe('insufficient');
    });
  }
  for (const [name, fen] of alive) {
    it(`${name} is not insufficient`, () => {
      const pos = load(fen);
      expect(pos.isInsufficientMaterial()).toBe(false);
      expect(gameResult(pos)).toBe(null);
    });
  }

  it('a capture into a dead position ends the game', () => {
    const before = load('8/8/4k3/8/8/2B1K3/8/r7 w - - 0 1');
    expect(gameResult(before)).toBe(null);
    expect(gameResult(play(before, 'Bxa1'))).toBe('insufficient');
    const q = play(load('8/8/4k3/8/8/4K3/3q4/8 w - - 0 1'), 'Kxd2');
    expect(gameResult(q)).toBe('insufficient');
  });

  it('mate takes precedence over material (a mate is never a dead position)', () => {
    // KNN v K is not dead, and a mate with it is a mate.
    const pos = load('7k/5N2/6KN/8/8/8/8/8 b - - 0 1');
    expect(pos.inCheck()).toBe(true);
    expect(gameResult(pos)).toBe('checkmate');
  });
});

describe('en passant legality', () => {
  it('horizontal pin: king and both pawns on one rank with an enemy rook, no en passant', () => {
    // Black plays d7-d5 next to the e5 pawn; exd6 would open the rank from the rook h5 to the king a5.
    const pos = play(load('8/3p4/8/K3P2r/8/8/8/7k b - - 0 1'), 'd5');
    expect(toFen(pos)).toBe('8/8/8/K2pP2r/8/8/8/7k w - - 0 2');
    expect(epMoves(pos)).toEqual([]);
    expect(parseMove(pos, 'e5d6')).toBe(MOVE_NONE);
    // Mirrored: king on the right, queen on the left; black capturing.
    const b = play(load('8/8/8/8/Q3p2k/8/5P2/K7 w - - 0 1'), 'f4');
    expect(epMoves(b)).toEqual([]);
    expect(parseMove(b, 'e4f3')).toBe(MOVE_NONE);
  });

  it('the same setup with a piece between rook and pawns allows en passant', () => {
    const pos = play(load('8/3p4/8/K3P1Nr/8/8/8/7k b - - 0 1'), 'd5');
    expect(epMoves(pos).length).toBe(1);
    expect(toFen(pos)).toBe('8/8/8/K2pP1Nr/8/8/8/7k w - d6 0 2');
  });

  it('diagonal pin: en passant along the pin line only', () => {
    const off = play(load('7k/3p2b1/8/4P3/8/2K5/8/8 b - - 0 1'), 'd5');
    expect(epMoves(off)).toEqual([]);
    const along = play(load('7k/2bp4/8/4P3/8/6K1/8/8 b - - 0 1'), 'd5');
    expect(epMoves(along).length).toBe(1);
  });

  it('en passant resolves a check by the double-pushed pawn', () => {
    // ...d7-d5+ checks the king on e4; exd6 e.p. removes the checker (landing on d6, not d5).
    const pos = play(load('8/3p4/8/4P3/4K3/8/8/7k b - - 0 1'), 'd5');
    expect(pos.inCheck()).toBe(true);
    const ep = epMoves(pos);
    expect(ep.length).toBe(1);
    expect(parseMove(pos, 'exd6')).toBe(ep[0]);
    pos.make(ep[0]);
    expect(toFen(pos)).toBe('8/8/3P4/8/4K3/8/8/7k b - - 0 2');
    pos.unmake(ep[0]);
    expect(gameResult(pos)).toBe(null);
    // Black capturing: ...exf3 e.p. answers f2-f4+.
    const b = play(load('7K/8/8/6k1/4p3/8/5P2/8 w - - 0 1'), 'f4');
    expect(b.inCheck()).toBe(true);
    expect(epMoves(b).length).toBe(1);
  });

  it('en passant does not answer a check by another piece', () => {
    // ...d7-d5 uncovers the bishop c8 onto the king g4: exd6 would not block or capture it.
    const pos = play(load('2b4k/3p4/8/4P3/6K1/8/8/8 b - - 0 1'), 'd5');
    expect(pos.inCheck()).toBe(true);
    expect(epMoves(pos)).toEqual([]);
    expect(toFen(pos)).toBe('2b4k/8/8/3pP3/6K1/8/8/8 w - - 0 2');
    // The same along the 7th rank: rook a7, king h7.
    const rank = play(load('1k6/r2p3K/8/4P3/8/8/8/8 b - - 0 1'), 'd5');
    expect(rank.inCheck()).toBe(true);
    expect(epMoves(rank)).toEqual([]);
  });

  it('perft 4 of these positions equals Stockfish 15.1 (go perft 4)', () => {
    const counts: [string, number][] = [
      ['8/8/8/K2pP2r/8/8/8/7k w - d6 0 2', 8288],
      ['8/8/8/K2pP1Nr/8/8/8/7k w - d6 0 2', 24368],
      ['7k/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1', 3668],
      ['7k/2b5/8/3pP3/8/6K1/8/8 w - d6 0 1', 7274],
      ['8/8/8/3pP3/4K3/8/8/7k w - d6 0 2', 1095],
      ['7K/8/8/6k1/4pP2/8/8/8 b - f3 0 1', 849],
      ['2b4k/8/8/3pP3/6K1/8/8/8 w - d6 0 2', 4955],
      ['1k6/r6K/8/3pP3/8/8/8/8 w - d6 0 2', 6375],
      ['8/8/8/8/Q3pP1k/8/8/K7 b - f3 0 1', 15131],
    ];
    for (const [fen, n] of counts) expect(perft(load(fen), 4), fen).toBe(n);
  });

  it('no generated move in these positions leaves the own king attacked', () => {
    for (const fen of [
      '8/8/8/K2pP2r/8/8/8/7k w - - 0 2',
      '8/8/8/K2pP1Nr/8/8/8/7k w - d6 0 2',
      '8/8/8/3pP3/4K3/8/8/7k w - d6 0 2',
    ]) {
      const pos = load(fen);
      for (const m of legal(pos)) {
        pos.make(m);
        // After our move the opponent must not be able to capture our king: our king not attacked.
        const us = pos.stm ^ 1;
        const oLo = pos.occ[0] | pos.occ[2],
          oHi = pos.occ[1] | pos.occ[3];
        expect(pos.isAttacked(pos.kingSquare(us), pos.stm, oLo, oHi), `${fen} ${m}`).toBe(false);
        pos.unmake(m);
      }
      expect(perft(pos, 3)).toBeGreaterThan(0);
      expect(toFen(pos)).toBe(fen);
    }
  });
});
