// The search's tunable parameters: every one has a range and a step, `tessera spsa` prints them in OpenBench's SPSA
// input format, and a tuning build (TESSERA_TUNE=1) takes them as UCI options that reach the search threads, while the
// shipped build's option list stays as it is.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import {
  P,
  PARAM_RANGES,
  PARAM_DEFAULTS,
  setParam,
  spsaInput,
  changedParams,
  type ParamName,
} from '../../src/search/params';
import { DIST, requireBuilt, TARGETS } from '../helpers/engine';

const names = Object.keys(P) as ParamName[];

describe('search parameters', () => {
  it('each has a range that holds its default, a positive step, and whole numbers where it is not a float', () => {
    expect(names.length).toBeGreaterThan(30);
    expect(Object.keys(PARAM_RANGES).sort()).toEqual([...names].sort());
    for (const k of names) {
      const r = PARAM_RANGES[k];
      expect(r.min, k).toBeLessThanOrEqual(P[k]);
      expect(P[k], k).toBeLessThanOrEqual(r.max);
      expect(r.step, k).toBeGreaterThan(0);
      expect(r.step, k).toBeLessThan(r.max - r.min);
      if (!r.float) for (const v of [P[k], r.min, r.max, r.step]) expect(Number.isInteger(v), `${k} ${v}`).toBe(true);
      // A divisor's range never reaches zero.
      if (/Div$/.test(k)) expect(r.min, k).toBeGreaterThan(0);
    }
  });

  it('setParam checks the name, the kind and the range, and changedParams lists what differs', () => {
    expect(setParam('noSuchParam', 1)).toMatch(/unknown/);
    expect(setParam('rfpMargin', 80.5)).toMatch(/whole number/);
    expect(setParam('rfpMargin', 10_000)).toMatch(/out of range/);
    expect(setParam('lmrDiv', Number.NaN)).toMatch(/not a number/);
    expect(P.rfpMargin).toBe(PARAM_DEFAULTS.rfpMargin);
    expect(setParam('rfpMargin', 96)).toBeNull();
    expect(setParam('lmrDiv', 2.6)).toBeNull();
    expect(changedParams()).toEqual({ rfpMargin: 96, lmrDiv: 2.6 });
    expect(setParam('rfpMargin', PARAM_DEFAULTS.rfpMargin)).toBeNull();
    expect(setParam('lmrDiv', PARAM_DEFAULTS.lmrDiv)).toBeNull();
    expect(changedParams()).toEqual({});
  });

  it('`tessera spsa` prints one OpenBench SPSA line per parameter: name, int|float, default, min, max, c_end, r_end', () => {
    const lines = spsaInput();
    expect(lines.length).toBe(names.length);
    for (const [i, l] of lines.entries()) {
      const f = l.split(', ');
      expect(f.length, l).toBe(7);
      expect(f[0]).toBe(names[i]);
      expect(f[1]).toBe(PARAM_RANGES[names[i]].float ? 'float' : 'int');
      expect(Number(f[2])).toBe(PARAM_DEFAULTS[names[i]]);
      expect(
        f.slice(2).every((x) => Number.isFinite(Number(x))),
        l,
      ).toBe(true);
    }
  });
});

describe('`tessera spsa` (node dist/tessera.js spsa)', () => {
  const spsa = (args: string[]) =>
    spawnSync(process.execPath, [path.join(DIST, 'tessera.js'), 'spsa', ...args], {
      encoding: 'utf8',
      timeout: 60_000,
    });

  it("prints spsaInput's lines, with --r-end as every parameter's r_end, and refuses a bad --r-end", () => {
    requireBuilt(TARGETS[0]);
    const plain = spsa([]);
    expect(plain.status).toBe(0);
    expect(plain.stdout.trim().split('\n')).toEqual(spsaInput());
    const wide = spsa(['--r-end', '0.01']);
    expect(wide.status).toBe(0);
    expect(wide.stdout.trim().split('\n')).toEqual(spsaInput(0.01));
    expect(spsaInput(0.01).every((l) => l.endsWith(', 0.01'))).toBe(true);
    for (const bad of ['0', '-1', 'x', '2']) {
      const r = spsa(['--r-end', bad]);
      expect(r.status, bad).toBe(2);
      expect(r.stdout, bad).toBe('');
      expect(r.stderr, bad).toMatch(/--r-end must be a number/);
    }
  });
});

describe('a tuning build (node dist/tessera.js, TESSERA_TUNE=1)', () => {
  const run = (input: string[], tune: boolean): string =>
    execFileSync(process.execPath, [path.join(DIST, 'tessera.js')], {
      input: `${input.join('\n')}\n`,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...(tune ? { TESSERA_TUNE: '1' } : {}) },
      timeout: 60_000,
    });
  const nodes = (out: string): number =>
    Number(
      / nodes (\d+) .* pv /.exec(
        out
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('info depth 8 '))
          .pop() ?? '',
      )?.[1],
    );

  it("lists every parameter as an option, and a value set there changes the search threads' search", () => {
    requireBuilt(TARGETS[0]);
    const shipped = run(['uci'], false);
    const tuning = run(['uci'], true);
    expect(shipped).not.toMatch(/option name rfpMargin/);
    for (const k of names)
      expect(tuning, k).toMatch(new RegExp(`^option name ${k} type (spin|string) default ${PARAM_DEFAULTS[k]}`, 'm'));
    const search = ['uci', 'isready', 'position startpos moves e2e4 c7c5', 'go depth 8'];
    const base = nodes(run(search, true));
    const changed = nodes(
      run(['uci', 'setoption name lmrDiv value 3.2', 'setoption name rfpMargin value 50', ...search.slice(1)], true),
    );
    const back = nodes(
      run(['uci', 'setoption name lmrDiv value 3.2', 'setoption name lmrDiv value 2.25', ...search.slice(1)], true),
    );
    expect(base).toBeGreaterThan(0);
    expect(changed).not.toBe(base);
    expect(back).toBe(base);
    expect(nodes(run(search, false))).toBe(base);
  }, 120_000);
});
