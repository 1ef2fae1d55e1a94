// Every position of the fathom fixture (see make-fixture.mjs) probed for WDL and DTZ: zero mismatches allowed.
import { describe, test, expect } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { load, legal } from '../helpers/chess';
import { Tablebases } from '../../src/tb/syzygy';
import { probeWdl, probeDtz } from '../../src/tb/tbprobe';
import { setPageBudget, setOpenFileLimit } from '../../src/tb/file';

const DIR = path.join(__dirname, '../data/syzygy');
const LINES = zlib
  .gunzipSync(fs.readFileSync(path.join(__dirname, 'fixture.txt.gz')))
  .toString('utf8')
  .trim()
  .split('\n');
const WDL_OF: Record<string, number> = { Loss: -2, BlessedLoss: -1, Draw: 0, CursedWin: 1, Win: 2 };

/** The material regardless of colour, e.g. "KQ/KR". */
function material(fen: string): string {
  const board = fen.split(' ')[0];
  const side = (re: RegExp): string =>
    (board.match(re) ?? [])
      .map((c) => c.toUpperCase())
      .sort()
      .join('');
  return [side(/[KQRBNP]/g), side(/[kqrbnp]/g)].sort().join('/');
}

/** What our probes must give for fathom's printed WDL class and |DTZ|. */
function expected(label: string, absDtz: number): { wdl: number; dtz: number; mate: boolean } {
  // fathom reports a mated side to move as "Win" with DTZ 0 (probe_root's checkmate result); its probe_dtz gives -1.
  if (label === 'Win' && absDtz === 0) return { wdl: -2, dtz: -1, mate: true };
  const wdl = WDL_OF[label];
  return { wdl, dtz: Math.sign(wdl) * absDtz, mate: false };
}

describe('Syzygy probes against fathom', () => {
  const tb = new Tablebases(DIR);

  test('the scan finds the whole 3- and 4-piece set', () => {
    expect(tb.summary()).toBe('found 35 WDL and 35 DTZ tablebase files (up to 4-man)');
    expect(tb.problems).toEqual([]);
  });

  test("tables held in memory (a page's fetched files) probe as the files on disk do (every 5th position)", () => {
    const files = new Map<string, Uint8Array>();
    for (const f of fs.readdirSync(DIR))
      files.set(`some/where/${f}`, new Uint8Array(fs.readFileSync(path.join(DIR, f))));
    files.set('README.txt', new Uint8Array(3)); // not a table: skipped
    files.set('KQvKQ.rtbw', new Uint8Array(100)); // a short copy beside the complete one: reported, not used
    const mem = Tablebases.fromFiles(files);
    expect(mem.summary()).toBe(tb.summary());
    expect(mem.problems).toEqual(['KQvKQ.rtbw: incomplete (size 100 is not 16 mod 64)']);
    let differ = 0;
    for (let i = 0; i < LINES.length; i += 5) {
      const pos = load(LINES[i].split(';')[0]);
      if (probeWdl(mem, pos) !== probeWdl(tb, pos) || probeDtz(mem, pos) !== probeDtz(tb, pos)) differ++;
    }
    expect(differ).toBe(0);
    // A short file is refused, and its table is then missing.
    const short = Tablebases.fromFiles(new Map([['KQvK.rtbw', new Uint8Array(81)]]));
    expect(short.numWdl).toBe(0);
    expect(short.problems[0]).toMatch(/KQvK\.rtbw: incomplete/);
  });

  test(`${LINES.length} fixture positions: WDL and DTZ equal fathom's`, () => {
    expect(LINES.length).toBeGreaterThanOrEqual(20000);
    const bad: string[] = [];
    let wdlBad = 0,
      dtzBad = 0,
      ep = 0,
      mates = 0;
    const materials = new Set<string>();
    for (const line of LINES) {
      const [fen, label, d] = line.split(';');
      const want = expected(label, Number(d));
      const pos = load(fen);
      if (pos.ep >= 0) ep++;
      materials.add(material(fen));
      const wdl = probeWdl(tb, pos),
        dtz = probeDtz(tb, pos);
      if (want.mate) {
        mates++;
        expect(pos.inCheck() && legal(pos).length === 0, `${fen} is mate`).toBe(true);
      }
      if (wdl !== want.wdl) wdlBad++;
      if (dtz !== want.dtz) dtzBad++;
      if ((wdl !== want.wdl || dtz !== want.dtz) && bad.length < 20) {
        bad.push(`${fen}: wdl ${wdl} dtz ${dtz}, fathom ${label} ${d} (${tb.lastError})`);
      }
    }
    console.log(
      `${LINES.length} positions (${ep} with en passant, ${mates} mates, ${materials.size} materials): ` +
        `${wdlBad} WDL and ${dtzBad} DTZ mismatches`,
    );
    expect(bad).toEqual([]);
    expect(wdlBad + dtzBad).toBe(0);
    expect(materials.size).toBe(35);
  });

  test('the same answers with tiny caches: 4 pages, 2 open files (every 7th position)', () => {
    const small = new Tablebases(DIR);
    setPageBudget(4);
    setOpenFileLimit(2);
    try {
      let bad = 0,
        n = 0;
      for (let i = 0; i < LINES.length; i += 7) {
        const [fen, label, d] = LINES[i].split(';');
        const want = expected(label, Number(d));
        const pos = load(fen);
        if (probeWdl(small, pos) !== want.wdl || probeDtz(small, pos) !== want.dtz) bad++;
        n++;
      }
      expect(n).toBeGreaterThan(3000);
      expect(bad).toBe(0);
    } finally {
      setPageBudget(2048);
      setOpenFileLimit(128);
    }
  });
});
