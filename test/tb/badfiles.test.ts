// Missing paths, empty directories and damaged files never throw out of the prober: the table is unavailable
// (null) and the reason is kept.
import { describe, test, expect, beforeAll, afterAll } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { load } from '../helpers/chess';
import { Tablebases, PATH_SEPARATOR } from '../../src/tb/syzygy';
import { probeWdl, probeDtz } from '../../src/tb/tbprobe';
import { probeRoot } from '../../src/tb/root';

const DATA = path.join(__dirname, '../data/syzygy');
const KQK = '8/8/8/8/8/2k5/8/KQ6 w - - 0 1';
const KRK = '8/8/8/8/8/2k5/8/KR6 b - - 0 1';

let tmp = '';
const dir = (name: string, files: Record<string, Uint8Array | string>): string => {
  const d = path.join(tmp, name);
  fs.mkdirSync(d, { recursive: true });
  for (const [f, data] of Object.entries(files)) fs.writeFileSync(path.join(d, f), data);
  return d;
};
const real = (f: string): Uint8Array => fs.readFileSync(path.join(DATA, f));
/** Deterministic pseudo-random bytes. */
function noise(n: number, seed: number): Uint8Array {
  const b = new Uint8Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    b[i] = s >>> 24;
  }
  return b;
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-tb-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('unusable table paths', () => {
  test('a missing directory: no tables, a problem line, probes null', () => {
    const tb = new Tablebases(path.join(tmp, 'does-not-exist'));
    expect([tb.numWdl, tb.numDtz, tb.maxPieces]).toEqual([0, 0, 0]);
    expect(tb.problems.join()).toMatch(/cannot read directory \(ENOENT\)/);
    expect(probeWdl(tb, load(KQK))).toBeNull();
    expect(probeDtz(tb, load(KQK))).toBeNull();
    expect(tb.lastError).not.toBe('');
  });

  test('an empty directory, an empty path and "<empty>"', () => {
    for (const p of [dir('empty', {}), '', '<empty>']) {
      const tb = new Tablebases(p);
      expect(tb.numWdl).toBe(0);
      expect(probeWdl(tb, load(KQK))).toBeNull();
      expect(probeRoot(tb, load(KQK))).toBeNull();
    }
  });

  test('several directories: missing ones are skipped, tables found in the others', () => {
    const tb = new Tablebases([path.join(tmp, 'nope'), DATA, dir('empty2', {})].join(PATH_SEPARATOR));
    expect(tb.summary()).toBe('found 35 WDL and 35 DTZ tablebase files (up to 4-man)');
    expect(tb.problems.length).toBe(1);
    expect(probeWdl(tb, load(KQK))).toBe(2);
  });

  test('positions the tables do not cover: castling rights, too many pieces', () => {
    const tb = new Tablebases(DATA);
    expect(probeWdl(tb, load('8/8/8/8/8/2k5/8/R3K3 w Q - 0 1'))).toBeNull();
    expect(tb.lastError).toMatch(/castling/);
    expect(probeDtz(tb, load('8/8/7k/8/8/8/8/KQRB4 w - - 0 1'))).toBeNull();
    expect(tb.lastError).toMatch(/5 pieces/);
  });
});

describe('damaged files', () => {
  test('a truncated file (size not 16 mod 64) is not counted; the table is unavailable', () => {
    const tb = new Tablebases(
      dir('trunc', {
        'KQvK.rtbw': real('KQvK.rtbw').subarray(0, real('KQvK.rtbw').length - 7),
        'KRvK.rtbw': real('KRvK.rtbw'),
      }),
    );
    expect(tb.numWdl).toBe(1);
    expect(tb.problems.join()).toMatch(/KQvK\.rtbw: incomplete/);
    expect(probeWdl(tb, load(KQK))).toBeNull();
    expect(tb.lastError).toMatch(/no table for KQvK/);
    expect(probeWdl(tb, load(KRK))).toBe(-2);
  });

  test('a file cut at a 16-mod-64 size passes the scan but fails to open, with a reason', () => {
    const tb = new Tablebases(dir('cut', { 'KQvK.rtbw': real('KQvK.rtbw').subarray(0, 16 + 64 * 3) }));
    expect(tb.numWdl).toBe(1);
    expect(probeWdl(tb, load(KQK))).toBeNull();
    expect(tb.lastError).toMatch(/^KQvK\.rtbw: .*(past the end|bad)/);
  });

  test('wrong magic: a DTZ file under a WDL name, and a WDL file under a DTZ name', () => {
    const tb = new Tablebases(dir('magic', { 'KQvK.rtbw': real('KQvK.rtbz'), 'KQvK.rtbz': real('KQvK.rtbw') }));
    expect(probeWdl(tb, load(KQK))).toBeNull();
    expect(tb.lastError).toBe('KQvK.rtbw: wrong magic number');
    expect(probeDtz(tb, load(KQK))).toBeNull();
  });

  test('random bytes under table names, with and without a valid magic number: never a throw', () => {
    const files: Record<string, Uint8Array> = {};
    const names = ['KQvK', 'KRvK', 'KPvK', 'KQvKR', 'KRPvK', 'KPvKP', 'KBNvK', 'KNNvK'];
    names.forEach((n, i) => {
      for (const [ext, magic] of [
        ['rtbw', 0x5d23e871],
        ['rtbz', 0xa50c66d7],
      ] as const) {
        const b = noise(16 + 64 * (4 + i * 7), i * 31 + ext.length);
        if (i % 2 === 0) new DataView(b.buffer).setUint32(0, magic, true);
        files[`${n}.${ext}`] = b;
      }
    });
    const tb = new Tablebases(dir('noise', files));
    expect(tb.numWdl).toBe(names.length);
    const fens = [
      KQK,
      KRK,
      '8/8/8/4k3/8/8/1P6/K7 w - - 0 1',
      '8/8/8/4k3/8/8/1p6/7K b - - 0 1',
      '8/8/3k4/8/8/2K5/4Q3/3r4 w - - 0 1',
      '8/8/3k4/8/8/2K5/3P4/3R4 w - - 0 1',
      '8/8/8/2k5/1pP5/8/8/4K3 b - c3 0 1',
      '8/8/3k4/8/8/2K5/3N4/3B4 w - - 0 1',
      '8/8/3k4/8/8/2K5/3N4/3N4 b - - 0 1',
    ];
    for (const fen of fens) {
      const pos = load(fen);
      const w = probeWdl(tb, pos),
        d = probeDtz(tb, pos),
        r = probeRoot(tb, pos);
      expect(w === null || (Number.isInteger(w) && w >= -2 && w <= 2)).toBe(true);
      expect(d === null || Number.isInteger(d)).toBe(true);
      expect(r === null || Array.isArray(r.moves)).toBe(true);
    }
  });

  test('a directory named like a table, and an unreadable name, are skipped', () => {
    const d = dir('oddities', {
      'KQvK.rtbz': real('KQvK.rtbz'),
      'KQvK.txt': 'x',
      'KvK.rtbw': 'y',
      'KQQQQQQvK.rtbw': 'z',
    });
    fs.mkdirSync(path.join(d, 'KQvK.rtbw'));
    const tb = new Tablebases(d);
    expect(tb.numWdl).toBe(0);
    expect(probeWdl(tb, load(KQK))).toBeNull();
  });
});

describe('WDL without DTZ', () => {
  test('DTZ null with a reason; root moves ranked by WDL', () => {
    const tb = new Tablebases(dir('wdlonly', { 'KQvK.rtbw': real('KQvK.rtbw') }));
    expect([tb.numWdl, tb.numDtz]).toEqual([1, 0]);
    const pos = load(KQK);
    expect(probeWdl(tb, pos)).toBe(2);
    expect(probeDtz(tb, pos)).toBeNull();
    expect(tb.lastError).toBe('KQvK: no DTZ file');
    const root = probeRoot(tb, pos)!;
    expect(root.byDtz).toBe(false);
    expect(root.dtz).toBeNull();
    // 17 moves keep the win and 4 draw, as fathom lists them.
    expect(root.best.length).toBe(17);
    expect(root.moves.filter((m) => m.wdl === 0).length).toBe(4);
  });
});
