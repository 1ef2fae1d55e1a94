// OpenBench's genfens (src/datagen/genfens.ts): openings by datagen's rules, deterministic for a seed, from the start
// position or a book, each legal with moves left and scored within the margin by the same short search; and the
// command line as OpenBench's client runs it (`tessera "genfens N seed S book B" "quit"`).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { genfens, parseGenfens } from '../../src/datagen/genfens';
import { parseFen } from '../../src/core/fen';
import { legalMoves } from '../../src/core/movegen';
import { MAX_MOVES } from '../../src/core/types';
import { createSearcher } from '../../src/search/setup';
import { createEvaluator } from '../../src/eval/nets';
import { defaultLimits } from '../../src/search/limits';
import { DIST } from '../helpers/engine';

const BOOK = [
  'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1',
];

function run(count: number, seed: number, book: string[], margin = 1000): string[] {
  const lines: string[] = [];
  genfens({ count, seed, book, plies: 8, nodes: 1000, margin }, null, (l) => lines.push(l));
  return lines.map((l) => {
    expect(l).toMatch(/^info string genfens /);
    return l.slice('info string genfens '.length);
  });
}

describe('genfens', () => {
  it('the same seed gives the same openings; another seed others', () => {
    const a = run(6, 42, []);
    expect(run(6, 42, [])).toEqual(a);
    expect(run(6, 43, [])).not.toEqual(a);
    expect(new Set(a).size).toBe(6);
  });

  it('every opening is legal, has moves, and scores within the margin by the same search', () => {
    const margin = 60;
    const fens = run(5, 7, [], margin);
    const searcher = createSearcher({ evaluator: createEvaluator(true), hashMiB: 8 });
    const limits = { ...defaultLimits(), nodes: 8000, softNodes: 1000 };
    for (const fen of fens) {
      const pos = parseFen(fen);
      expect(typeof pos, fen).not.toBe('string');
      if (typeof pos === 'string') continue;
      expect(legalMoves(pos, new Int32Array(MAX_MOVES))).toBeGreaterThan(0);
      searcher.tt.clear();
      searcher.clearHistory();
      const { score } = searcher.go(pos, limits, { multiPV: 1, moveOverhead: 0 }, null, 0, 0);
      expect(Math.abs(score), fen).toBeLessThanOrEqual(margin);
    }
  });

  it('from a book: each opening is a book line plus 8 or 9 random plies', () => {
    const fens = run(8, 3, BOOK);
    for (const fen of fens) {
      // Book lines start at move 1 (white or black to move); 8 or 9 plies later the fullmove number is 5 or 6.
      expect(Number(fen.split(' ')[5]), fen).toBeGreaterThanOrEqual(5);
      expect(Number(fen.split(' ')[5]), fen).toBeLessThanOrEqual(6);
    }
    expect(run(8, 3, BOOK)).toEqual(fens);
    expect(run(8, 3, [])).not.toEqual(fens);
  });

  it("reads OpenBench's arguments and refuses malformed ones", () => {
    const g = parseGenfens('genfens 16 seed 123 book None');
    expect(typeof g !== 'string' && g.req).toMatchObject({ count: 16, seed: 123 });
    expect(typeof g !== 'string' && g.book).toBeNull();
    const b = parseGenfens('genfens 4 seed 9 book Books/x.epd plies 6 margin 300 unknown 1');
    expect(typeof b !== 'string' && b.book).toBe('Books/x.epd');
    expect(typeof b !== 'string' && b.req).toMatchObject({ plies: 6, margin: 300 });
    for (const bad of ['genfens', 'genfens x seed 1 book None', 'genfens 4 seed -1 book None', 'genfens 4 seed 1'])
      expect(typeof parseGenfens(bad), bad).toBe('string');
  });

  it('runs as OpenBench runs it: arguments as command lines, one line per opening, a book file or None', () => {
    const exe = path.join(DIST, 'tessera.js');
    const out = execFileSync(process.execPath, [exe, 'genfens 3 seed 5 book None', 'quit'], { encoding: 'utf8' });
    // The defaults OpenBench gets: 8 plies, 5,000 nodes, a 1,000 cp margin.
    const expected: string[] = [];
    genfens({ count: 3, seed: 5, book: [], plies: 8, nodes: 5000, margin: 1000 }, null, (l) => expected.push(l));
    expect(out.trim().split('\n')).toEqual(expected);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'genfens-'));
    const book = path.join(dir, 'book.epd');
    fs.writeFileSync(book, `${BOOK.map((f) => f.split(' ').slice(0, 4).join(' ')).join('\n')}\n`);
    const withBook = execFileSync(process.execPath, [exe, `genfens 2 seed 5 book ${book}`, 'quit'], {
      encoding: 'utf8',
    });
    expect(withBook.trim().split('\n')).toHaveLength(2);
    let failed: { status: number; stdout: string } | null = null;
    try {
      execFileSync(process.execPath, [exe, 'genfens 2 seed 5 book /no/such/book.epd', 'quit'], { encoding: 'utf8' });
    } catch (e) {
      failed = e as { status: number; stdout: string };
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stdout).toMatch(/^info string genfens: /);
  });

  it('benches a private net as OpenBench does: EvalFile, then bench, as command lines', () => {
    const exe = path.join(DIST, 'tessera.js');
    // The built-in net, as src/eval/nets.ts names it.
    const nets = fs.readFileSync(path.resolve(__dirname, '..', '..', 'src', 'eval', 'nets.ts'), 'utf8');
    const builtin = /import builtin from '([^']+\.nnue)'/.exec(nets)?.[1] ?? 'missing';
    const net = path.resolve(__dirname, '..', '..', 'src', 'eval', builtin);
    const nodes = (out: string): string | undefined => /Nodes searched: (\d+)/.exec(out)?.[1];
    const plain = execFileSync(process.execPath, [exe, 'bench', '5'], { encoding: 'utf8' });
    const viaNet = execFileSync(process.execPath, [exe, `setoption name EvalFile value ${net}`, 'bench 5', 'quit'], {
      encoding: 'utf8',
    });
    // The shipped net is the built-in one: the same search, the same count.
    expect(nodes(viaNet)).toBeDefined();
    expect(nodes(viaNet)).toBe(nodes(plain));
  });
});
