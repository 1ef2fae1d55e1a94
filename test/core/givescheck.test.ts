// Position.givesCheck (before the move is made) against the truth (make the move, ask inCheck) on every legal move
// of the perft suites' positions and of seeded random games from them, Chess960 included, plus hand-picked cases:
// discovered checks by en passant and by castling, rook checks from castling, promotions, king moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { moveToUci } from '../../src/core/notation';
import type { Position } from '../../src/core/position';
import { load, legal } from '../helpers/chess';
import { fastCore, type FastCoreHelpers } from '../helpers/fast-core';

const PERFT = path.resolve(__dirname, '..', 'data', 'perft');

describe('givesCheck', () => {
  let fast: FastCoreHelpers;
  beforeAll(async () => {
    fast = await fastCore('givescheck-test');
  });
  afterAll(() => fast?.remove());

  function checkAll(pos: Position): { moves: number; checks: number } {
    let checks = 0;
    const moves = fast.legal(pos);
    for (const m of moves) {
      const predicted = pos.givesCheck(m);
      pos.make(m);
      const truth = pos.inCheck();
      pos.unmake(m);
      if (predicted !== truth)
        throw new Error(`givesCheck(${fast.core.moveToUci(pos, m)}) = ${predicted} in ${fast.core.toFen(pos)}`);
      if (truth) checks++;
    }
    return { moves: moves.length, checks };
  }

  it('agrees with make + inCheck on every legal move of the perft positions and random games from them', () => {
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let moves = 0,
      checks = 0,
      positions = 0;
    for (const file of fs.readdirSync(PERFT).filter((f) => f.endsWith('.epd'))) {
      const chess960 = file.startsWith('chess960');
      for (const line of fs.readFileSync(path.join(PERFT, file), 'utf8').split('\n')) {
        const fen = line.split(';')[0].trim();
        if (!fen) continue;
        const pos = fast.load(fen, chess960);
        for (let ply = 0; ply < 40; ply++) {
          const r = checkAll(pos);
          moves += r.moves;
          checks += r.checks;
          positions++;
          const list = fast.legal(pos);
          if (list.length === 0) break;
          pos.make(list[rand(list.length)]);
        }
      }
    }
    expect(positions).toBeGreaterThan(5000);
    expect(checks).toBeGreaterThan(1000); // the walk reached plenty of checking moves
    expect(moves).toBeGreaterThan(100000);
  });

  it.each([
    ['en passant discovers a rook check along the rank', '8/8/8/R2pP2k/8/8/8/K7 w - d6 0 1', 'e5d6', true],
    ['en passant opens the bishop diagonal', '7k/8/8/3pP3/8/8/8/B6K w - d6 0 1', 'e5d6', true],
    ['castling gives check with the rook', '5k2/8/8/8/8/8/8/4K2R w K - 0 1', 'e1g1', true],
    ['long castling gives check with the rook', '3k4/8/8/8/8/8/8/R3K3 w Q - 0 1', 'e1c1', true],
    ['castling that checks nothing', '6k1/8/8/8/8/8/8/4K2R w K - 0 1', 'e1g1', false],
    ['a king move discovers a rook check', '4k3/8/8/8/8/8/4K3/4R3 w - - 0 1', 'e2d2', true],
    ['a king move along the line discovers nothing', '4k3/8/8/8/8/8/4K3/4R3 w - - 0 1', 'e2e3', false],
    ['promotion to a knight checks', '8/4P3/3k4/8/8/8/8/K7 w - - 0 1', 'e7e8n', true],
    ['promotion to a queen does not check a king the knight would', '8/4P3/3k4/8/8/8/8/K7 w - - 0 1', 'e7e8q', false],
    ['promotion to a queen checks along the rank', '6k1/4P3/8/8/8/8/8/K7 w - - 0 1', 'e7e8q', true],
    ['an underpromotion to a rook checks along the rank', '7k/4P3/8/8/8/8/8/K7 w - - 0 1', 'e7e8r', true],
    ['an underpromotion to a bishop does not', '7k/4P3/8/8/8/8/8/K7 w - - 0 1', 'e7e8b', false],
  ])('%s', (_name, fen, uci, expected) => {
    const pos = load(fen);
    const m = legal(pos).find((x) => moveToUci(pos, x) === uci);
    expect(m, `${uci} legal in ${fen}`).toBeDefined();
    const truth = (() => {
      pos.make(m!);
      const c = pos.inCheck();
      pos.unmake(m!);
      return c;
    })();
    expect(truth).toBe(expected);
    expect(pos.givesCheck(m!)).toBe(expected);
  });
});
