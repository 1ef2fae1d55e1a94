// The Polyglot book reader against the format's published test keys and against an independent reader (Debian's
// polyglot dump-book, output committed in fixtures/): every book move it lists, with its share of the weights.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { START_FEN, toFen } from '../../src/core/fen';
import { parseMove, moveToUci } from '../../src/core/notation';
import { MOVE_NONE } from '../../src/core/types';
import { polyglotKey, PolyglotBook } from '../../src/book/polyglot';
import { load, play } from '../helpers/chess';

const BOOK = path.resolve(__dirname, '..', '..', 'src', 'book', 'data', 'gnuchess-book.bin');
const hex = (k: [number, number]): string => k[0].toString(16).padStart(8, '0') + k[1].toString(16).padStart(8, '0');

describe('polyglot key', () => {
  // The test keys of the format's description (book_format.html), computed there with Toga II.
  it.each([
    ['', '463b96181691fc9c'],
    ['e2e4', '823c9b50fd114196'],
    ['e2e4 d7d5', '0756b94461c50fb0'],
    ['e2e4 d7d5 e4e5', '662fafb965db29d4'],
    ['e2e4 d7d5 e4e5 f7f5', '22a48b5a8e47ff78'],
    ['e2e4 d7d5 e4e5 f7f5 e1e2', '652a607ca3f242c1'],
    ['e2e4 d7d5 e4e5 f7f5 e1e2 e8f7', '00fdd303c946bdd9'],
    ['a2a4 b7b5 h2h4 b5b4 c2c4', '3c8123ea7b067637'],
    ['a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3', '5c3f9b829b279560'],
  ])('after "%s"', (moves, key) => {
    expect(hex(polyglotKey(play(load(START_FEN), moves)))).toBe(key);
  });
});

describe('PolyglotBook', () => {
  const bytes = new Uint8Array(fs.readFileSync(BOOK));
  const book = PolyglotBook.parse(bytes) as PolyglotBook;

  it('reads the GNU Chess book: 180,358 entries; the start position as documented', () => {
    expect(typeof book).not.toBe('string');
    expect(book.entries).toBe(180358);
    const start = book.lookup(load(START_FEN));
    const w = Object.fromEntries(start.map((m) => [m.uci, m.weight]));
    expect(w.e2e4).toBe(12135);
    expect(w.d2d4).toBe(11257);
    expect(w.g1f3).toBe(3745);
  });

  it.each(['white', 'black'])(
    'every book move polyglot dump-book lists for %s, with its share of the weights',
    (color) => {
      const lines = fs
        .readFileSync(path.join(__dirname, 'fixtures', `gnuchess-dump-${color}.txt`), 'utf8')
        .split('\n')
        .slice(1);
      let checked = 0;
      for (const line of lines) {
        if (!line.trim()) continue;
        const pos = load(START_FEN);
        const body = line.replace(/^\d+:\s*/, '').replace(/\{[a-z]+:[^}]*\}/g, '');
        for (const tok of body.split(/\s+/).filter((t) => t && !/^\d+\.$/.test(t))) {
          const mm = /^([^{]+)(?:\{(\d+)%\})?$/.exec(tok);
          expect(mm, `token ${tok}`).not.toBe(null);
          const m = parseMove(pos, mm![1]);
          expect(m, `${mm![1]} in ${toFen(pos)}`).not.toBe(MOVE_NONE);
          if (mm![2] !== undefined) {
            const moves = book.lookup(pos);
            const total = moves.reduce((s, x) => s + x.weight, 0);
            const hit = moves.find((x) => x.move === m);
            expect(hit, `${moveToUci(pos, m)} in the book at ${toFen(pos)}`).toBeDefined();
            expect(
              Math.abs(Math.round((100 * hit!.weight) / total) - Number(mm![2])),
              `${tok} at ${toFen(pos)}`,
            ).toBeLessThanOrEqual(1);
            checked++;
          }
          pos.make(m);
        }
      }
      expect(checked).toBeGreaterThan(1000);
    },
  );

  it('pick: best is the heaviest; weighted choice follows the weights', () => {
    const pos = load(START_FEN);
    expect(book.pick(pos, true)!.choice.uci).toBe('e2e4');
    let seed = 7;
    const rnd = (): number => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const counts: Record<string, number> = {};
    for (let i = 0; i < 4000; i++) {
      const u = book.pick(pos, false, rnd)!.choice.uci;
      counts[u] = (counts[u] ?? 0) + 1;
    }
    const moves = book.lookup(pos),
      total = moves.reduce((s, x) => s + x.weight, 0);
    for (const m of moves) expect(Math.abs(counts[m.uci] ?? 0) / 4000 - m.weight / total).toBeLessThan(0.03);
    expect(book.pick(load('8/8/8/8/8/8/k7/7K w - - 0 1'), false)).toBe(null);
  });

  it("castling entries (e1h1 in the book) come out as the engine's castling move", () => {
    const pos = play(load(START_FEN), 'e4 e5 Nf3 Nc6 Bc4 Bc5');
    const moves = book.lookup(pos).map((m) => moveToUci(pos, m.move));
    expect(moves).toContain('e1g1');
  });

  it('refuses bad files', () => {
    expect(PolyglotBook.parse(new Uint8Array(0))).toMatch(/empty/);
    expect(PolyglotBook.parse(bytes.subarray(0, 100))).toMatch(/16-byte/);
    const shuffled = new Uint8Array(bytes.subarray(0, 64));
    shuffled.set(bytes.subarray(48, 64), 0);
    expect(PolyglotBook.parse(shuffled)).toMatch(/not sorted/);
  });
});
