// Root move ranking: every legal move's result (fifty-move counter counted) against fathom's winning, drawing and
// losing move lists for 2,100 positions with random counters (root-fixture.txt.gz, see make-fixture.mjs), and
// which moves count as best with and without the fifty-move rule.
import { describe, test, expect } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { load } from '../helpers/chess';
import { moveToUci } from '../../src/core/notation';
import { moveFrom, moveTo, moveKind, promoType, PROMOTION, EN_PASSANT } from '../../src/core/types';
import type { Position } from '../../src/core/position';
import { Tablebases } from '../../src/tb/syzygy';
import { probeRoot, dtzToWdl } from '../../src/tb/root';
import { runTb } from '../../src/tb/command';

const DIR = path.join(__dirname, '../data/syzygy');
const LINES = zlib
  .gunzipSync(fs.readFileSync(path.join(__dirname, 'root-fixture.txt.gz')))
  .toString('utf8')
  .trim()
  .split('\n');
const WDL_OF: Record<string, number> = { Loss: -2, BlessedLoss: -1, Draw: 0, CursedWin: 1, Win: 2 };
const tb = new Tablebases(DIR);

/**
 * A move as fathom's lists name it, without its disambiguation (which fathom gets wrong at times): piece letter,
 * a pawn capture's file, x, destination, promotion.
 */
function key(pos: Position, m: number): string {
  const type = pos.board[moveFrom(m)] & 7,
    to = moveTo(m);
  const capture = moveKind(m) === EN_PASSANT || pos.board[to] !== 0;
  const sq = (s: number): string => 'abcdefgh'[s & 7] + String((s >> 3) + 1);
  return (
    (type === 1 ? (capture ? 'abcdefgh'[moveFrom(m) & 7] : '') : ' PNBRQK'[type]) +
    (capture ? 'x' : '') +
    sq(to) +
    (moveKind(m) === PROMOTION ? '=' + ' PNBRQK'[promoType(m)] : '')
  );
}
const fathomKey = (san: string): string => {
  const m = /^([KQRBN]?)([a-h]?[1-8]?)(x?)([a-h][1-8])(=[QRBN])?$/.exec(san);
  if (!m) throw new Error(`unexpected fathom move ${san}`);
  return m[1] + (m[1] === '' && m[3] ? m[2] : '') + m[3] + m[4] + (m[5] ?? '');
};
const split = (list: string): string[] =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

describe('root move ranking', () => {
  test(`${LINES.length} positions: each move's result equals fathom's lists`, () => {
    expect(LINES.length).toBeGreaterThanOrEqual(2000);
    const bad: string[] = [];
    let classes = 0;
    for (const line of LINES) {
      const [fen, label, d, win, draw, loss] = line.split(';');
      const pos = load(fen);
      const root = probeRoot(tb, pos);
      if (root === null) {
        bad.push(`${fen}: null (${tb.lastError})`);
        continue;
      }
      if (label === 'Win' && d === '0') {
        // fathom's way of saying: mated
        if (!(root.moves.length === 0 && pos.inCheck())) bad.push(`${fen}: not mate`);
        continue;
      }
      if (dtzToWdl(pos.halfmove, root.dtz!) !== WDL_OF[label] || Math.abs(root.dtz!) !== Number(d)) {
        bad.push(`${fen}: root dtz ${root.dtz}, fathom ${label} ${d}`);
      }
      const want: string[] = [],
        got: string[] = [];
      for (const [cls, list] of [
        ['W', win],
        ['D', draw],
        ['L', loss],
      ])
        for (const s of split(list)) want.push(`${fathomKey(s)} ${cls}`);
      for (const mv of root.moves) got.push(`${key(pos, mv.move)} ${mv.wdl === 2 ? 'W' : mv.wdl === -2 ? 'L' : 'D'}`);
      want.sort();
      got.sort();
      classes += got.length;
      if (want.join() !== got.join() && bad.length < 20)
        bad.push(`${fen}: moves ${got.join()} | fathom ${want.join()}`);
    }
    console.log(`${LINES.length} root positions, ${classes} moves classified: ${bad.length} mismatches`);
    expect(bad).toEqual([]);
  });

  test('the fifty-move rule: a late counter turns wins into cursed wins; best moves hurry', () => {
    const fresh = probeRoot(tb, load('8/8/8/8/8/2k5/8/KQ6 w - - 0 1'))!;
    expect(fresh.dtz).toBe(11);
    expect(fresh.best.length).toBe(17); // every winning move is a sure win with the counter at 0
    const late = probeRoot(tb, load('8/8/8/8/8/2k5/8/KQ6 w - - 90 1'))!;
    expect(late.moves.every((m) => m.wdl <= 1)).toBe(true);
    expect(late.best.map((m) => moveToUci(load('8/8/8/8/8/2k5/8/KQ6 w - - 90 1'), m.move))).toEqual(['b1e4']); // dtz 11, the fastest
    const ignore = probeRoot(tb, load('8/8/8/8/8/2k5/8/KQ6 w - - 90 1'), { rule50: false })!;
    expect(ignore.best.length).toBe(17);
    expect(ignore.best.every((m) => m.wdl === 2)).toBe(true);
  });

  test('a repeated position asks for the quickest win too', () => {
    const pos = load('8/8/8/8/8/2k5/8/KQ6 w - - 0 1');
    const r = probeRoot(tb, pos, { hasRepeated: true })!;
    expect(r.best.map((m) => m.dtz)).toEqual([11]);
  });

  test('tessera tb prints one line per fact and per move', () => {
    const out: string[] = [];
    expect(runTb(DIR, '8/8/8/4k3/8/8/1P6/K7 w - - 0 1', true, (l) => out.push(l))).toBe(0);
    expect(out).toEqual([
      'tables: found 35 WDL and 35 DTZ tablebase files (up to 4-man)',
      'wdl: 2 win',
      'dtz: 11',
      'ranked by: dtz',
      'move a1a2 Ka2 win dtz 11 rank 1000 best',
      'move a1b1 Kb1 win dtz 15 rank 1000 best',
      'move b2b3 b3 draw dtz 0 rank 0',
      'move b2b4 b4 draw dtz 0 rank 0',
    ]);
    expect(runTb(DIR, 'not a fen', true, () => {})).toBe(2);
    expect(runTb(path.join(DIR, 'missing'), '8/8/8/4k3/8/8/1P6/K7 w - - 0 1', true, () => {})).toBe(1);
  });
});
