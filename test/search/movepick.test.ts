// The staged move picker returns every legal move exactly once, whatever the hash move and killers hold (legal,
// illegal, captures, garbage), in the order of its stages; quiescence gets the captures; skipQuiets drops only quiets.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { toFen } from '../../src/core/fen';
import { generateMoves, GEN_CAPTURES } from '../../src/core/movegen';
import { MAX_MOVES, MAX_PLY } from '../../src/core/types';
import type { Position } from '../../src/core/position';
import { MovePicker, isNoisy, type OrderingTables } from '../../src/search/movepick';
import { History } from '../../src/search/history';
import { newStack } from '../../src/search/stack';
import { load, legal } from '../helpers/chess';

const PERFT = path.resolve(__dirname, '..', 'data', 'perft');

function tables(pos: Position): OrderingTables {
  const hist = new History();
  hist.butterfly.set(hist.butterfly.map((_, i) => ((i * 2654435761) >>> 20) - 2048));
  return {
    pos,
    moves: new Int32Array(MAX_PLY * MAX_MOVES),
    scores: new Int32Array(MAX_PLY * MAX_MOVES),
    hist,
    stack: newStack(),
  };
}

function drain(mp: MovePicker, limit = 1000): number[] {
  const out: number[] = [];
  for (let m = mp.next(); m !== 0 && out.length < limit; m = mp.next()) out.push(m);
  return out;
}

describe('MovePicker', () => {
  it('every legal move once, in every mode, with random hash moves and killers', () => {
    let seed = 5;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let nodes = 0;
    for (const file of fs.readdirSync(PERFT).filter((f) => f.endsWith('.epd'))) {
      const chess960 = file.startsWith('chess960');
      const lines = fs
        .readFileSync(path.join(PERFT, file), 'utf8')
        .split('\n')
        .filter((l) => l.trim());
      for (let li = 0; li < lines.length; li += 10) {
        const pos = load(lines[li].split(';')[0].trim(), chess960);
        const t = tables(pos);
        for (let ply = 0; ply < 30; ply++) {
          const all = legal(pos);
          if (all.length === 0) break;
          const garbage = (): number => (rand(3) === 0 ? all[rand(all.length)] : rand(65536));
          const tt = rand(4) === 0 ? 0 : garbage();
          // The picker at ply 3 reads its own frame's killers and the counter-move of the move made at ply 2.
          const ss = t.stack[3 + 2],
            prev = t.stack[2 + 2];
          ss.killer1 = garbage();
          ss.killer2 = garbage();
          prev.pieceTo = 1 + rand(1000);
          t.hist.counterMoves[prev.pieceTo] = garbage();
          const mp = new MovePicker(t, 3);
          mp.init(tt, pos.inCheck());
          const got = drain(mp);
          const where = `${toFen(pos)} tt ${tt}`;
          expect(new Set(got).size, `duplicates in ${where}`).toBe(got.length);
          expect([...got].sort(), where).toEqual([...all].sort());
          if (all.includes(tt)) expect(got[0], where).toBe(tt);
          // Quiescence: captures and queen promotions (everything when in check).
          mp.initQs(tt, pos.inCheck());
          const qs = drain(mp);
          const caps = new Int32Array(MAX_MOVES);
          const want = pos.inCheck() ? all : Array.from(caps.subarray(0, generateMoves(pos, caps, 0, GEN_CAPTURES)));
          expect([...qs].sort(), `qs ${where}`).toEqual([...want].sort());
          // skipQuiets after the first move: no quiet comes later except those already returned (killers).
          if (!pos.inCheck()) {
            mp.init(tt, false);
            const first = mp.next();
            mp.skipQuiets();
            const rest = drain(mp);
            const quietsAfter = rest.filter(
              (m) =>
                !isNoisy(pos, m) && m !== ss.killer1 && m !== ss.killer2 && m !== t.hist.counterMoves[prev.pieceTo],
            );
            expect(quietsAfter, `skipQuiets ${where}`).toEqual([]);
            expect([first, ...rest].filter((m) => isNoisy(pos, m)).sort()).toEqual(
              all.filter((m) => isNoisy(pos, m)).sort(),
            );
          }
          nodes++;
          pos.make(all[rand(all.length)]);
        }
      }
    }
    expect(nodes).toBeGreaterThan(1000);
  });
});
