// FEN parsing and output: round trips, the en-passant rule (the square is kept only when a legal
// capture exists), optional move counters, one test per error class, and Shredder-FEN / X-FEN
// castling on Chess960 positions.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFen, toFen, START_FEN } from '../../src/core/fen';
import { parseUciMove } from '../../src/core/notation';
import { legalMoves } from '../../src/core/movegen';
import { MAX_MOVES } from '../../src/core/types';
import type { Position } from '../../src/core/position';

const ROOT = path.resolve(__dirname, '..', '..');

function load(fen: string, chess960 = false): Position {
  const pos = parseFen(fen, chess960);
  if (typeof pos === 'string') throw new Error(`parseFen(${fen}) failed: ${pos}`);
  return pos;
}

/** Plays UCI moves, failing on an illegal one. */
function play(pos: Position, moves: string): Position {
  for (const u of moves.split(/\s+/).filter(Boolean)) {
    const m = parseUciMove(pos, u);
    if (m === 0) throw new Error(`illegal move ${u} in ${toFen(pos)}`);
    pos.make(m);
  }
  return pos;
}

/** Expects parseFen to return (not throw) an error string matching every pattern. */
function expectError(fen: string, ...patterns: RegExp[]): void {
  expect(() => parseFen(fen), fen).not.toThrow();
  const r = parseFen(fen);
  expect(typeof r, `parseFen should reject: ${fen}`).toBe('string');
  for (const p of patterns) expect(r as string, fen).toMatch(p);
}

/** Castling rights held, with their rook squares (rook squares of lost rights are ignored). */
function heldRights(p: Position): string {
  const parts: string[] = [];
  for (let r = 0; r < 4; r++) if (p.castling & (1 << r)) parts.push(`${r}@${p.castleRookSq[r]}`);
  return parts.join(',');
}

function suiteFens(file: string): string[] {
  return fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.split(';')[0].trim());
}

function epdFens(file: string): string[] {
  return fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/).slice(0, 4).join(' '));
}

describe('round trips', () => {
  it('toFen(parseFen(x)) === x for hand-picked FENs', () => {
    const fens = [
      START_FEN,
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
      'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
      'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
      // Legal en-passant captures: the square is kept.
      'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
      'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2',
      // Counters and partial castling rights.
      'r3k3/8/8/8/8/8/8/4K2R b Kq - 57 123',
      '4k3/8/8/8/8/8/8/4K3 w - - 0 1',
      '8/8/8/8/8/8/6k1/4K2R w K - 99 200',
    ];
    for (const f of fens) expect(toFen(load(f))).toBe(f);
  });

  it('every FEN of the perft suites and EPD suites round-trips (Shredder-FEN aside)', () => {
    const mismatches: string[] = [];
    for (const file of [
      'test/data/perft/cpw_perft_results.epd',
      'test/data/perft/perftsuite.epd',
      'test/data/perft/perft_random.epd',
      'test/data/perft/chess960_xfen_extra.epd',
    ]) {
      const c960 = file.includes('chess960');
      for (const f of suiteFens(file)) {
        const r = parseFen(f, c960);
        if (typeof r === 'string') mismatches.push(`${file}: ${f}: ${r}`);
        else if (toFen(r) !== f) mismatches.push(`${file}: ${f} -> ${toFen(r)}`);
      }
    }
    for (const file of ['epd/wac.epd', 'epd/bratko_kopec.epd', 'epd/sts1-15.epd']) {
      for (const f of epdFens(file)) {
        const r = parseFen(f);
        if (typeof r === 'string') mismatches.push(`${file}: ${f}: ${r}`);
        else if (toFen(r) !== `${f} 0 1`) mismatches.push(`${file}: ${f} -> ${toFen(r)}`);
      }
    }
    expect(mismatches.length, mismatches.join('\n')).toBe(0);
  });

  it('FEN without the two counters (or only the halfmove clock) is accepted', () => {
    const p = load('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -');
    expect(p.halfmove).toBe(0);
    expect(p.fullmove).toBe(1);
    expect(toFen(p)).toBe(START_FEN);
    const q = load('4k3/8/8/8/8/8/8/4K2R w K - 12');
    expect(q.halfmove).toBe(12);
    expect(q.fullmove).toBe(1);
    expect(toFen(q)).toBe('4k3/8/8/8/8/8/8/4K2R w K - 12 1');
    // Surrounding and repeated whitespace is tolerated.
    expect(toFen(load(`  ${START_FEN.replace(/ /g, '   ')}  `))).toBe(START_FEN);
  });

  it("incremental keys (the main one, each colour's pieces) and FEN after random games match a fresh parse of toFen, and unmake restores the piece keys", () => {
    // Seeded random playouts from the start position, Kiwipete and some Chess960 positions.
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const starts: [string, boolean][] = [
      [START_FEN, false],
      ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', false],
      ...suiteFens('test/data/perft/chess960_fischer.epd')
        .slice(0, 20)
        .map((f): [string, boolean] => [f, true]),
      ...suiteFens('test/data/perft/chess960_xfen_extra.epd')
        .slice(0, 10)
        .map((f): [string, boolean] => [f, true]),
    ];
    const list = new Int32Array(MAX_MOVES);
    const failures: string[] = [];
    for (let game = 0; game < 120; game++) {
      const [startFen, c960] = starts[game % starts.length];
      const pos = load(startFen, c960);
      const startNp = Array.from(pos.npKey);
      const played: number[] = [];
      for (let ply = 0; ply < 120 && failures.length < 10; ply++) {
        const n = legalMoves(pos, list);
        if (n === 0) break;
        played.push(list[rand(n)]);
        pos.make(played[played.length - 1]);
        const fen = toFen(pos);
        const fresh = parseFen(fen, c960);
        if (typeof fresh === 'string') {
          failures.push(`${fen}: ${fresh}`);
          break;
        }
        if (toFen(fresh) !== fen) failures.push(`${fen} re-parses as ${toFen(fresh)}`);
        if (fresh.keyLo !== pos.keyLo || fresh.keyHi !== pos.keyHi)
          failures.push(`${fen}: incremental key differs from a fresh parse (from ${startFen})`);
        if (fresh.npKey[0] !== pos.npKey[0] || fresh.npKey[1] !== pos.npKey[1])
          failures.push(`${fen}: incremental piece keys differ from a fresh parse (from ${startFen})`);
        if (heldRights(fresh) !== heldRights(pos)) {
          failures.push(`${fen}: castling rights differ after re-parse: ${heldRights(fresh)} vs ${heldRights(pos)}`);
        }
      }
      while (played.length) pos.unmake(played.pop()!);
      if (pos.npKey[0] !== startNp[0] || pos.npKey[1] !== startNp[1])
        failures.push(`${startFen}: piece keys not restored by unmake`);
    }
    expect(failures.length, failures.join('\n')).toBe(0);
  });
});

describe('en-passant square', () => {
  it('is dropped after 1.e4 (no capture possible) and the key equals a FEN with "-"', () => {
    const p = play(load(START_FEN), 'e2e4');
    expect(p.ep).toBe(-1);
    expect(toFen(p)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    const withEp = load('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    expect(toFen(withEp)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    const without = load('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect([withEp.keyLo, withEp.keyHi]).toEqual([without.keyLo, without.keyHi]);
    expect([p.keyLo, p.keyHi]).toEqual([without.keyLo, without.keyHi]);
  });

  it('is kept when a legal capture exists (after 1.e4 d5 2.e5 f5)', () => {
    const p = play(load(START_FEN), 'e2e4 d7d5 e4e5 f7f5');
    expect(toFen(p)).toBe('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3');
    const fresh = load(toFen(p));
    expect([fresh.keyLo, fresh.keyHi]).toEqual([p.keyLo, p.keyHi]);
    // The same position without the ep right is a different position.
    const noEp = load('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3');
    expect([noEp.keyLo, noEp.keyHi]).not.toEqual([p.keyLo, p.keyHi]);
  });

  it('is dropped when the capture would expose the king, kept when it stays legal', () => {
    // Horizontal: exd6 would take both pawns off rank 5 and open the rook h5 onto the king a5.
    expect(toFen(load('8/8/8/K2pP2r/8/8/8/7k w - d6 0 1'))).toBe('8/8/8/K2pP2r/8/8/8/7k w - - 0 1');
    // Diagonal pin c3-e5-g7: exd6 leaves the pin line.
    expect(toFen(load('7k/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1'))).toBe('7k/6b1/8/3pP3/8/2K5/8/8 w - - 0 1');
    // Diagonal pin g3-e5-c7: exd6 stays on the pin line, so it is legal and the square is kept.
    expect(toFen(load('7k/2b5/8/3pP3/8/6K1/8/8 w - d6 0 1'))).toBe('7k/2b5/8/3pP3/8/6K1/8/8 w - d6 0 1');
    // No pin at all.
    expect(toFen(load('7k/8/8/3pP3/8/8/8/K7 w - d6 0 1'))).toBe('7k/8/8/3pP3/8/8/8/K7 w - d6 0 1');
  });
});

describe('errors are returned as strings, naming the problem', () => {
  it('wrong field count / empty', () => {
    expectError('', /empty/i);
    expectError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq', /3 fields/);
    expectError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', /1 field\b/);
    expectError(`${START_FEN} extra`, /7 fields/);
  });

  it('bad piece letter', () => {
    expectError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPX/RNBQKBNR w KQkq - 0 1', /invalid piece letter 'X'/, /rank 2/);
    expectError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNx w KQkq - 0 1', /'x'/);
    expectError('rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /'9'/, /rank 6/);
    expectError('rnbqkbnr/pppppppp/0p7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /'0'/);
  });

  it('rank too long or too short', () => {
    expectError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1', /rank 1/, /more than 8/);
    expectError('rnbqkbnr/pppppppp/44p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 6/, /more than 8/);
    expectError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1', /rank 1/, /7 squares/);
    expectError('rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 7/, /7 squares/);
    expectError('rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 6/, /9 squares/);
    expectError('rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 6/, /0 squares/);
  });

  it('wrong rank count', () => {
    expectError('rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /7 ranks/);
    expectError('rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /9 ranks/);
  });

  it('no king / two kings', () => {
    expectError('rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', /0 black kings/);
    expectError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1', /0 white kings/);
    expectError('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1', /2 white kings/);
    expectError('4k3/8/8/8/8/8/8/4k2K w - - 0 1', /2 black kings/);
  });

  it('pawn on rank 1 or 8', () => {
    expectError('k7/8/8/8/8/8/8/K6P w - - 0 1', /pawn/, /first or last rank/);
    expectError('kp6/8/8/8/8/8/8/K7 w - - 0 1', /pawn/, /first or last rank/);
    expectError('k6P/8/8/8/8/8/8/K7 w - - 0 1', /pawn/);
  });

  it('side not to move in check', () => {
    expectError('k6R/8/8/8/8/8/8/K7 w - - 0 1', /black is in check/, /white to move/);
    expectError('1r1k4/8/8/8/8/8/8/1K6 b - - 0 1', /white is in check/, /black to move/);
    // The side to move may be in check.
    expect(typeof parseFen('k6R/8/8/8/8/8/8/K7 b - - 0 1')).not.toBe('string');
  });

  it('more than two checkers', () => {
    // Black king e8 attacked by the rook e1, the bishop b5 and the knight d6: impossible.
    expectError('4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1', /check by 3 pieces/);
  });

  it('castling right without its rook, with the king off its first rank, bad letters', () => {
    expectError('4k3/8/8/8/8/8/8/4K3 w K - 0 1', /'K'/, /no matching rook/);
    expectError('4k3/8/8/8/8/8/8/R3K3 w K - 0 1', /'K'/, /no matching rook/);
    expectError('r3k3/8/8/8/8/8/8/4K2R w Kk - 0 1', /'k'/, /no matching rook/);
    expectError('4k3/8/8/8/8/8/8/4K2R w Kq - 0 1', /'q'/, /no matching rook/);
    expectError('4k3/8/8/8/8/8/8/4K2R w A - 0 1', /'A'/, /no matching rook/); // no rook on a1
    expectError('4k3/8/8/8/8/8/4K3/7R w K - 0 1', /'K'/, /king is not on its first rank/);
    expectError('r7/4k3/8/8/8/8/8/4K3 w q - 0 1', /'q'/, /black king is not on its first rank/);
    expectError('4k3/8/8/8/8/8/8/4K2R w X - 0 1', /invalid character 'X'/);
    expectError('4k3/8/8/8/8/8/8/4K2R w KK - 0 1', /'K' twice/);
    expectError('4k3/8/8/8/8/8/8/4K2R w KH - 0 1', /'H' twice/);
  });

  it('bad en-passant square', () => {
    expectError('4k3/8/8/3Pp3/8/8/8/4K3 w - e3 0 1', /e3/, /wrong rank/);
    expectError('4k3/8/8/8/3pP3/8/8/4K3 b - e6 0 1', /e6/, /wrong rank/);
    expectError('4k3/8/8/8/8/8/8/4K3 w - e6 0 1', /e6/, /double pawn push/); // no pawn on e5
    expectError('4k3/8/4p3/4p3/8/8/8/4K3 w - e6 0 1', /e6/, /double pawn push/); // e6 occupied
    expectError('4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1', /e6/, /double pawn push/); // e7 occupied
    expectError('4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1', /e6/, /double pawn push/); // own pawn on e5
    expectError('4k3/8/8/8/8/8/8/4K3 w - z9 0 1', /'z9'/, /not a square/);
    expectError('4k3/8/8/8/8/8/8/4K3 w - e 0 1', /'e'/, /not a square/);
  });

  it('bad side letter', () => {
    expectError('4k3/8/8/8/8/8/8/4K3 x - - 0 1', /side to move is 'x'/);
    expectError('4k3/8/8/8/8/8/8/4K3 W - - 0 1', /side to move is 'W'/);
    expectError('4k3/8/8/8/8/8/8/4K3 - - - 0 1', /side to move is '-'/);
  });

  it('non-numeric or negative counters', () => {
    expectError('4k3/8/8/8/8/8/8/4K3 w - - x 1', /halfmove clock 'x'/);
    expectError('4k3/8/8/8/8/8/8/4K3 w - - -1 1', /halfmove clock '-1'/);
    expectError('4k3/8/8/8/8/8/8/4K3 w - - 1.5 1', /halfmove clock '1.5'/);
    expectError('4k3/8/8/8/8/8/8/4K3 w - - 0 y', /fullmove number 'y'/);
    expectError('4k3/8/8/8/8/8/8/4K3 w - - 0 -3', /fullmove number '-3'/);
  });

  it('never throws on junk', () => {
    const junk = [
      '',
      ' ',
      '////////',
      '8/8/8/8/8/8/8/8 w - - 0 1',
      'K7/8/8/8/8/8/8/k7 w KQkq - 0 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 0',
      '\u0000',
      '🙂 w - - 0 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQkq - 0 1',
      'k7/8/8/8/8/8/8/7K w - h9 0 1',
    ];
    for (const j of junk) {
      expect(() => parseFen(j), JSON.stringify(j)).not.toThrow();
      expect(typeof parseFen(j), JSON.stringify(j)).toBe('string');
    }
  });
});

describe('Chess960 castling: Shredder-FEN and X-FEN', () => {
  const rights = heldRights;

  it('Shredder-FEN (HAha) and KQkq give the same rights on the standard start position', () => {
    const a = load(START_FEN);
    const b = load('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1');
    expect(rights(b)).toBe(rights(a));
    expect([b.keyLo, b.keyHi]).toEqual([a.keyLo, a.keyHi]);
    expect(toFen(b)).toBe(START_FEN);
    expect(b.chess960).toBe(false);
  });

  it('every chess960_fischer.epd position (Shredder) equals its X-FEN form, and back', () => {
    const failures: string[] = [];
    for (const f of suiteFens('test/data/perft/chess960_fischer.epd')) {
      const shredder = load(f, true);
      const xfen = toFen(shredder); // K/Q for the outermost rook, a file letter otherwise
      const fromX = load(xfen, true);
      if (rights(fromX) !== rights(shredder))
        failures.push(`${f}: X-FEN ${xfen} gives ${rights(fromX)}, Shredder ${rights(shredder)}`);
      if (fromX.keyLo !== shredder.keyLo || fromX.keyHi !== shredder.keyHi) failures.push(`${f}: keys differ`);
      if (toFen(fromX) !== xfen) failures.push(`${f}: X-FEN does not round-trip: ${xfen} -> ${toFen(fromX)}`);
    }
    expect(failures.length, failures.join('\n')).toBe(0);
  });

  it('every chess960_xfen_extra.epd position (X-FEN KQkq) equals its Shredder form', () => {
    const failures: string[] = [];
    for (const f of suiteFens('test/data/perft/chess960_xfen_extra.epd')) {
      const x = load(f, true);
      const fields = f.split(' ');
      let shred = '';
      for (let r = 0; r < 4; r++) {
        if (!(x.castling & (1 << r))) continue;
        const file = 'abcdefgh'[x.castleRookSq[r] & 7];
        shred += r < 2 ? file.toUpperCase() : file;
      }
      fields[2] = shred || '-';
      const s = load(fields.join(' '), true);
      if (rights(s) !== rights(x)) failures.push(`${f}: Shredder ${fields[2]} gives ${rights(s)}, X-FEN ${rights(x)}`);
      if (s.keyLo !== x.keyLo || s.keyHi !== x.keyHi) failures.push(`${f}: keys differ`);
    }
    expect(failures.length, failures.join('\n')).toBe(0);
  });

  it('X-FEN: K/Q mean the outermost rook; an inner rook is named by its file', () => {
    // White king c1, rooks a1 (Q side), e1 and g1 (K side; e1 is the inner one).
    const outer = load('7k/8/8/8/8/8/8/R1K1R1R1 w K - 0 1', true);
    expect(outer.castleRookSq[0]).toBe(6); // g1
    const inner = load('7k/8/8/8/8/8/8/R1K1R1R1 w E - 0 1', true);
    expect(inner.castleRookSq[0]).toBe(4); // e1
    expect(toFen(inner)).toBe('7k/8/8/8/8/8/8/R1K1R1R1 w E - 0 1');
    expect(toFen(outer)).toBe('7k/8/8/8/8/8/8/R1K1R1R1 w K - 0 1');
    const g = load('7k/8/8/8/8/8/8/R1K1R1R1 w GA - 0 1', true);
    expect(toFen(g)).toBe('7k/8/8/8/8/8/8/R1K1R1R1 w KQ - 0 1');
    // Black, Shredder letters are lower case.
    const b = load('r1k1r1r1/8/8/8/8/8/8/7K b ea - 0 1', true);
    expect(b.castleRookSq[2]).toBe(60); // e8
    expect(b.castleRookSq[3]).toBe(56); // a8
    expect(toFen(b)).toBe('r1k1r1r1/8/8/8/8/8/8/7K b eq - 0 1');
  });

  it('a standard FEN parsed in Chess960 mode keeps chess960 = true; non-standard rights imply it', () => {
    expect(load(START_FEN, true).chess960).toBe(true);
    expect(load(START_FEN, false).chess960).toBe(false);
    expect(load('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', false).chess960).toBe(true);
  });
});
