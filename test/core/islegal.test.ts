// isLegalMove (one move, nothing generated) against the move generator: over seeded random games from the perft
// suites' positions (Chess960 included), every one of the 4096 from-to pairs in every move kind (normal, the four
// promotions, en passant, castling) is legal exactly when generateMoves lists it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NORMAL, PROMOTION, EN_PASSANT, CASTLING } from '../../src/core/types';
import { fastCore, type FastCoreHelpers } from '../helpers/fast-core';

const PERFT = path.resolve(__dirname, '..', 'data', 'perft');
const KINDS = [
  NORMAL,
  PROMOTION,
  PROMOTION | (1 << 12),
  PROMOTION | (2 << 12),
  PROMOTION | (3 << 12),
  EN_PASSANT,
  CASTLING,
];

describe('isLegalMove', () => {
  let fast: FastCoreHelpers;
  beforeAll(async () => {
    fast = await fastCore('islegal-test');
  });
  afterAll(() => fast?.remove());

  it('is true exactly for the generated moves, for every encodable move', () => {
    const { load, legal } = fast;
    const { isLegalMove, toFen } = fast.core;
    let seed = 99;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let positions = 0,
      legalSeen = 0;
    for (const file of fs.readdirSync(PERFT).filter((f) => f.endsWith('.epd'))) {
      const chess960 = file.startsWith('chess960');
      const lines = fs
        .readFileSync(path.join(PERFT, file), 'utf8')
        .split('\n')
        .filter((l) => l.trim());
      for (let li = 0; li < lines.length; li += 16) {
        const pos = load(lines[li].split(';')[0].trim(), chess960);
        for (let ply = 0; ply < 24; ply++) {
          const gen = new Set(legal(pos));
          if (ply % 4 === 0) {
            positions++;
            for (let ft = 0; ft < 4096; ft++) {
              for (const k of KINDS) {
                const m = ft | k;
                if (isLegalMove(pos, m) !== gen.has(m))
                  throw new Error(`isLegalMove(${m.toString(16)}) = ${!gen.has(m)} in ${toFen(pos)}`);
              }
            }
            // Garbage from a hash collision: promotion bits on a normal move, bits above 16.
            if (ply === 12) {
              for (let m = 0; m < 65536; m++) {
                if (isLegalMove(pos, m) !== gen.has(m))
                  throw new Error(`isLegalMove(${m.toString(16)}) = ${!gen.has(m)} in ${toFen(pos)}`);
              }
              for (const m of gen) expect(isLegalMove(pos, m | 0x10000)).toBe(false);
            }
            legalSeen += gen.size;
          }
          if (gen.size === 0) break;
          pos.make([...gen][rand(gen.size)]);
        }
      }
    }
    expect(positions).toBeGreaterThan(100);
    expect(legalSeen).toBeGreaterThan(3000);
  }, 120_000);
});
