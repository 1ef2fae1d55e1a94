// `tessera datagen` and `tessera data` through the built engine (dist/tessera.js and the binary):
// worker threads in both, the same games for a seed whatever --jobs is, appending after a partial
// game, and the text dump replaying legally.
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TARGETS, requireBuilt } from '../helpers/engine';
import { parseFen } from '../../src/core/fen';
import { parseUciMove } from '../../src/core/notation';
import { readGames } from '../../src/datagen/viriformat';

describe.each(TARGETS)('datagen: $name', (t) => {
  const run = (args: string[]): string =>
    execFileSync(t.cmd, [...t.args, ...args], { encoding: 'utf8', timeout: 120000, stdio: ['ignore', 'pipe', 'pipe'] });

  it('repeatable games for a seed with 1 or 2 jobs; appends after dropping a partial game; data --text replays', () => {
    requireBuilt(t);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-dg-'));
    const a = path.join(dir, 'a.vf'),
      b = path.join(dir, 'b.vf');
    const common = ['--count', '400', '--nodes', '200', '--seed', '11', '--random-plies', '6', '--hce'];
    run(['datagen', '--out', a, '--jobs', '1', ...common]);
    run(['datagen', '--out', b, '--jobs', '2', ...common]);
    const ba = fs.readFileSync(a),
      bb = fs.readFileSync(b);
    expect(ba.equals(bb)).toBe(true);
    const games = [...readGames(ba)];
    const positions = games.reduce((s, g) => s + g.moves.length, 0);
    expect(positions).toBeGreaterThanOrEqual(400);

    // A killed run: cut the file inside its last game, then run again: the partial game goes, new games follow.
    fs.truncateSync(a, ba.length - 7);
    run(['datagen', '--out', a, '--jobs', '2', ...common]);
    const after = [...readGames(fs.readFileSync(a))];
    expect(after.length).toBeGreaterThanOrEqual(games.length);
    for (let i = 0; i < games.length - 1; i++) expect(after[i].header.fen).toBe(games[i].header.fen);

    const summary = run(['data', b]);
    expect(summary).toMatch(new RegExp(`games ${games.length}\\s+positions ${positions}\\b`));
    const text = run(['data', b, '--text', '--limit', '50']).trim().split('\n');
    expect(text.length).toBe(50);
    for (const line of text) {
      const [fen, score, result, move] = line.split(' | ');
      const pos = parseFen(fen);
      if (typeof pos === 'string') throw new Error(`${line}: ${pos}`);
      expect(Number.isInteger(Number(score))).toBe(true);
      expect(['1.0', '0.5', '0.0']).toContain(result);
      expect(parseUciMove(pos, move)).not.toBe(0);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad recipe option with a short message: --dfrc out of range, --syzygy without tables', () => {
    requireBuilt(t);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-dg-'));
    const fail = (args: string[]): string => {
      try {
        run(['datagen', '--out', path.join(dir, 'x.vf'), '--hce', '--count', '10', ...args]);
      } catch (e) {
        const err = e as { status: number; stderr: string };
        expect(err.status).toBe(2);
        return err.stderr;
      }
      throw new Error('datagen accepted it');
    };
    expect(fail(['--dfrc', '101'])).toMatch(/--dfrc must be an integer 0\.\.100/);
    expect(fail(['--syzygy', path.join(dir, 'none')])).toMatch(/--syzygy .*no WDL tables/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
