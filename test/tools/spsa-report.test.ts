import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPORT = join(__dirname, '..', '..', 'tools', 'openbench', 'spsa-report.mjs');

/** A state file as tools/spsa.mjs writes it: two parameters, three iterations of two pairs. */
function stateFile(extra: object = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'spsa-report-'));
  const file = join(dir, 'state.json');
  const state = {
    config: { iterations: 3, pairs: 2, tc: '1+0.01', rend: 0.002, params: 'a,b' },
    engineBench: 123,
    k: 3,
    params: [
      { name: 'a', start: 80, cEnd: 8 },
      { name: 'b', start: 100, cEnd: 10 },
    ],
    theta: { a: 96, b: 95 },
    results: [
      [2, 1, 1],
      [1, 1, 2],
      [3, 0, 1],
    ],
    history: [
      [84, 99],
      [88, 97],
      [96, 95],
    ],
    ...extra,
  };
  writeFileSync(file, JSON.stringify(state));
  return file;
}

describe('spsa-report on a tools/spsa.mjs state file', () => {
  it('tabulates each parameter from its start through the iterations, with its move in c_end', () => {
    const out = execFileSync(process.execPath, [REPORT, stateFile(), '--points', '4'], { encoding: 'utf8' });
    const rows = out.trim().split('\n');
    expect(rows[0]).toBe('| parameter | start | 0 pairs | 2 pairs | 4 pairs | 6 pairs | move / c_end |');
    expect(rows[2]).toBe('| a | 80 | 80 | 84 | 88 | 96 | 2.00 |');
    expect(rows[3]).toBe('| b | 100 | 100 | 99 | 97 | 95 | -0.50 |');
  });

  it('draws one line per parameter in the SVG', () => {
    const file = stateFile();
    const svg = `${file}.svg`;
    execFileSync(process.execPath, [REPORT, file, '--svg', svg], { encoding: 'utf8' });
    const text = readFileSync(svg, 'utf8');
    expect(text.match(/<polyline/g)).toHaveLength(2);
    expect(text).toContain('a 80 → 96');
  });

  it('refuses a state file without a history, in one line', () => {
    const r = spawnSync(process.execPath, [REPORT, stateFile({ history: undefined })], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/holds no history/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
