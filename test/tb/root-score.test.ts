// The score shown when the root is in the tables: the tables' result on every info line (with tbhits), not the
// evaluation's opinion, compared with what Stockfish 15.1 reports for the same positions and tables
// (sf-root-scores.txt, made by make-sf-root-scores.mjs; Stockfish is not run here). Stockfish writes a tablebase win
// as cp 8795 (its VALUE_MATE - MAX_PLY - 1 in pawns of 361) and a cursed win as (max(3, 200 - (dtz + counter)) * 208
// / 200) * 100 / 361 cp; Tessera writes a win as TB_WIN less the distance, a cursed win as max(3, ...) / 2 cp.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { load } from '../helpers/chess';
import { createSearcher } from '../../src/search/setup';
import { defaultLimits } from '../../src/search/limits';
import { HceEvaluator } from '../../src/eval/evaluate';
import { TB_BOUND, MATE_BOUND } from '../../src/search/score';
import type { SearchReporter } from '../../src/search/report';
import { uciReporter } from '../../src/uci/info';
import { Tablebases } from '../../src/tb/syzygy';

const here = __dirname;
const CASES = fs
  .readFileSync(path.join(here, 'sf-root-scores.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split(';'));

/** Stockfish's displayed cp for a cursed win (x > 0) or blessed loss (x < 0), x = ±max(3, 200 - (dtz + counter)). */
const sfCursed = (x: number): number => Math.trunc((Math.trunc((x * 208) / 200) * 100) / 361);

function tesseraLines(fen: string): string[] {
  const s = createSearcher({ evaluator: new HceEvaluator(), hashMiB: 4 });
  s.tb = tb;
  const lines: string[] = [];
  s.reporter = uciReporter((l) => lines.push(l), { showWDL: false }) satisfies SearchReporter;
  s.go(load(fen), { ...defaultLimits(), depth: 6 }, { multiPV: 1, moveOverhead: 0 }, null, 0);
  return lines;
}

const tb = new Tablebases(path.join(here, '../data/syzygy'));

describe('score at a tablebase root', () => {
  it(`${CASES.length} positions: the tables' result on every info line, as Stockfish reports it`, () => {
    expect(CASES.length).toBeGreaterThan(150);
    const bad: string[] = [];
    const kinds = { win: 0, draw: 0, cursed: 0 };
    for (const [fen, sf] of CASES) {
      const lines = tesseraLines(fen).filter((l) => l.startsWith('info depth') && l.includes(' score '));
      if (lines.length === 0) {
        bad.push(`${fen}: no info line`);
        continue;
      }
      const sfValue = Number(sf.split(' ')[1]);
      const sfMate = sf.startsWith('mate');
      for (const l of lines) {
        const m = / score (cp|mate) (-?\d+)( lowerbound| upperbound)? .* tbhits (\d+) /.exec(l);
        if (!m) {
          bad.push(`${fen}: no score or no tbhits in '${l}'`);
          break;
        }
        if (m[3]) {
          bad.push(`${fen}: a bound on a tablebase score: ${l}`);
          break;
        }
        if (Number(m[4]) < 1) {
          bad.push(`${fen}: tbhits 0`);
          break;
        }
        const mate = m[1] === 'mate',
          v = Number(m[2]);
        if (sfMate || Math.abs(sfValue) === 8795) {
          // Decided: a tablebase win (or a mate found) for the same side.
          const sign = sfMate ? Math.sign(sfValue) || -1 : Math.sign(sfValue);
          const ok = mate
            ? Math.sign(v) === sign || (v === 0 && sign < 0)
            : Math.sign(v) === sign && Math.abs(v) >= TB_BOUND && Math.abs(v) < MATE_BOUND;
          if (!ok) bad.push(`${fen}: Stockfish ${sf}, Tessera ${l.slice(0, 60)}`);
        } else if (sfValue === 0) {
          if (mate || v !== 0) bad.push(`${fen}: Stockfish draw, Tessera ${m[1]} ${v}`);
        } else {
          // Cursed win or blessed loss: the same x behind both numbers (Tessera's trunc(x / 2) leaves x's last bit open).
          const agree = !mate && [2 * v, 2 * v + Math.sign(v)].some((x) => Math.abs(x) >= 3 && sfCursed(x) === sfValue);
          if (!agree) bad.push(`${fen}: Stockfish ${sf}, Tessera ${m[1]} ${v}`);
        }
      }
      if (sfMate || Math.abs(sfValue) === 8795) kinds.win++;
      else if (sfValue === 0) kinds.draw++;
      else kinds.cursed++;
    }
    expect(bad, bad.slice(0, 10).join('\n')).toEqual([]);
    // The fixture holds every kind of result.
    expect(kinds.win).toBeGreaterThan(30);
    expect(kinds.draw).toBeGreaterThan(20);
    expect(kinds.cursed).toBeGreaterThan(30);
  }, 120_000);
});
