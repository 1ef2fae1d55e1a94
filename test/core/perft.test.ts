// Perft: the move generator's correctness test, over every position of every suite in
// test/data/perft (see SOURCES.md there). Each file is checked at every depth whose expected
// leaf count is at most that file's node limit, which keeps the whole file to about a
// quarter of a minute; bench/perft-deep.mjs runs the deep counts.
//
// Speed: vitest runs TypeScript through Vite's SSR transform, which rewrites every use of an
// imported binding into a property read on a module namespace object
// (`__vite_ssr_import_0__.KNIGHT_ATT[...]`). In the move generator's hot loops that costs about
// 10x (5 M nodes/s instead of 50 M). So the suites run on an esbuild bundle of the same
// src/core sources, built here at test time with esbuild (test/helpers/bundle-core.mjs); a
// separate test checks that the modules as vitest loads them give the same counts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as perftSrc from '../../src/core/perft';
import { load as loadSrc } from '../helpers/chess';
import { fastCore, type FastCore, type FastCoreHelpers } from '../helpers/fast-core';

const DATA = path.resolve(__dirname, '..', 'data', 'perft');

let fast: FastCoreHelpers;
let core: FastCore;

beforeAll(async () => {
  fast = await fastCore('perft-test');
  core = fast.core;
});

afterAll(() => fast?.remove());

interface Entry {
  line: number;
  fen: string;
  /** [depth, expected leaf count]; BigInt, as the deepest CPW counts exceed 2^53. */
  counts: [number, bigint][];
}

/** Reads `<FEN> ;D1 n ;D2 n ...` lines. */
function readSuite(file: string): Entry[] {
  const text = fs.readFileSync(path.join(DATA, file), 'utf8');
  const out: Entry[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const parts = line.split(';').map((s) => s.trim());
    const counts: [number, bigint][] = [];
    for (const p of parts.slice(1)) {
      const m = /^D(\d+)\s+(\d+)$/.exec(p);
      if (!m) throw new Error(`${file}:${i + 1}: bad field '${p}'`);
      counts.push([Number(m[1]), BigInt(m[2])]);
    }
    out.push({ line: i + 1, fen: parts[0], counts });
  });
  return out;
}

/** Per-file limit on the expected leaf count of a checked depth; the deep counts are `node bench/perft-deep.mjs`. */
const SUITES: { file: string; chess960: boolean; maxNodes: number; minPositions: number }[] = [
  { file: 'cpw_perft_results.epd', chess960: false, maxNodes: 20_000_000, minPositions: 7 },
  { file: 'perftsuite.epd', chess960: false, maxNodes: 5_000_000, minPositions: 126 },
  { file: 'chess960_fischer.epd', chess960: true, maxNodes: 400_000, minPositions: 960 },
  { file: 'chess960_xfen_extra.epd', chess960: true, maxNodes: 10_000_000, minPositions: 40 },
  { file: 'perft_random.epd', chess960: false, maxNodes: 60_000, minPositions: 6752 },
];

describe('perft suites', () => {
  for (const suite of SUITES) {
    it(`${suite.file}: every position, depths with count <= ${suite.maxNodes.toLocaleString('en')}`, () => {
      const entries = readSuite(suite.file);
      expect(entries.length).toBeGreaterThanOrEqual(suite.minPositions);
      const failures: string[] = [];
      let checked = 0;
      for (const e of entries) {
        const pos = core.parseFen(e.fen, suite.chess960);
        if (typeof pos === 'string') {
          failures.push(`line ${e.line}: ${e.fen}: parseFen error: ${pos}`);
          continue;
        }
        const fenBefore = core.toFen(pos);
        const keyLo = pos.keyLo,
          keyHi = pos.keyHi;
        for (const [depth, expected] of e.counts) {
          if (expected > BigInt(suite.maxNodes)) continue;
          const got = core.perft(pos, depth);
          checked++;
          if (BigInt(got) !== expected) {
            failures.push(`line ${e.line}: ${e.fen}: depth ${depth}: expected ${expected}, got ${got}`);
          }
        }
        if (core.toFen(pos) !== fenBefore || pos.keyLo !== keyLo || pos.keyHi !== keyHi) {
          failures.push(`line ${e.line}: ${e.fen}: position not restored after perft (now ${core.toFen(pos)})`);
        }
      }
      expect(checked).toBeGreaterThan(entries.length); // at least D1 and more for most positions
      expect(
        failures.length,
        `${failures.length} perft mismatch(es) in ${suite.file}:\n${failures.slice(0, 100).join('\n')}`,
      ).toBe(0);
    }, 180_000);
  }
});

describe('perftDivide', () => {
  const cpw = readSuite('cpw_perft_results.epd');

  it('total equals perft and the expected count; each root move is legal UCI and its count is perft of the child', () => {
    const failures: string[] = [];
    for (const e of cpw) {
      const pos = fast.load(e.fen, false);
      for (const [depth, expected] of e.counts) {
        if (depth > 4 || expected > 5_000_000n) continue;
        const div = core.perftDivide(pos, depth);
        const p = core.perft(pos, depth);
        if (div.total !== p) failures.push(`${e.fen} d${depth}: divide total ${div.total} != perft ${p}`);
        if (BigInt(div.total) !== expected)
          failures.push(`${e.fen} d${depth}: divide total ${div.total}, expected ${expected}`);
        const sum = div.moves.reduce((s, [, n]) => s + n, 0);
        if (sum !== div.total) failures.push(`${e.fen} d${depth}: sum of moves ${sum} != total ${div.total}`);
        if (BigInt(div.moves.length) !== e.counts[0][1])
          failures.push(`${e.fen} d${depth}: ${div.moves.length} root moves`);
        if (new Set(div.moves.map(([u]) => u)).size !== div.moves.length)
          failures.push(`${e.fen} d${depth}: duplicate root moves`);
        if (depth === 3) {
          for (const [uci, n] of div.moves) {
            const m = core.parseUciMove(pos, uci);
            if (m === 0) {
              failures.push(`${e.fen}: divide move ${uci} does not parse`);
              continue;
            }
            pos.make(m);
            const child = core.perft(pos, depth - 1);
            pos.unmake(m);
            if (child !== n) failures.push(`${e.fen} ${uci}: divide ${n}, perft of child ${child}`);
          }
        }
      }
    }
    expect(failures.length, failures.join('\n')).toBe(0);
  });

  it('the source modules as vitest loads them agree with the suites (small depths)', () => {
    const failures: string[] = [];
    const files: [string, boolean, number][] = [
      ['cpw_perft_results.epd', false, 7],
      ['perftsuite.epd', false, 126],
      ['chess960_fischer.epd', true, 40],
      ['chess960_xfen_extra.epd', true, 40],
    ];
    for (const [file, c960, n] of files) {
      for (const e of readSuite(file).slice(0, n)) {
        const pos = loadSrc(e.fen, c960);
        for (const [depth, expected] of e.counts) {
          if (expected > 20_000n) continue;
          const got = perftSrc.perft(pos, depth);
          if (BigInt(got) !== expected)
            failures.push(`${file}:${e.line}: ${e.fen}: depth ${depth}: expected ${expected}, got ${got}`);
        }
      }
    }
    expect(failures.length, failures.join('\n')).toBe(0);
  });

  it('Chess960 divide lists castling as king takes rook', () => {
    // Kings and rooks only, White to move: king b1, rooks a1 and h1 (Shredder-FEN rights HAha).
    const pos = loadSrc('r3k2r/8/8/8/8/8/8/RK5R w HAha - 0 1', true);
    const div = perftSrc.perftDivide(pos, 2);
    expect(div.total).toBe(perftSrc.perft(pos, 2));
    const ucis = div.moves.map(([u]) => u);
    expect(ucis).toContain('b1a1');
    expect(ucis).toContain('b1h1');
  });

  it('depth 0 and 1', () => {
    const pos = loadSrc('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', false);
    expect(perftSrc.perft(pos, 0)).toBe(1);
    expect(perftSrc.perftDivide(pos, 0).total).toBe(1);
    const d1 = perftSrc.perftDivide(pos, 1);
    expect(d1.total).toBe(20);
    expect(d1.moves.every(([, n]) => n === 1)).toBe(true);
    // Mate and stalemate: no moves at depth 1 and above.
    const mated = loadSrc('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', false);
    expect(perftSrc.perft(mated, 1)).toBe(0);
    expect(perftSrc.perft(mated, 3)).toBe(0);
    expect(perftSrc.perftDivide(mated, 2)).toEqual({ moves: [], total: 0 });
    const stalemate = loadSrc('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', false);
    expect(perftSrc.perft(stalemate, 1)).toBe(0);
    expect(perftSrc.perft(stalemate, 2)).toBe(0);
  });
});
