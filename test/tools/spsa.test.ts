// tools/spsa.mjs, the local SPSA tuner, against stand-ins for the engine and fastchess (fixtures/): its steps follow
// OpenBench's gains, its state resumes, and it refuses to resume with other settings or another build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TUNER = join(__dirname, '..', '..', 'tools', 'spsa.mjs');
const ENGINE = join(__dirname, 'fixtures', 'fake-engine.mjs');
const FASTCHESS = join(__dirname, 'fixtures', 'fake-fastchess.mjs');
const N = 6;

interface State {
  k: number;
  engineBench: number;
  theta: Record<string, number>;
  results: number[][];
  history: number[][];
  incidents: string[];
  seconds: number;
}

function tune(state: string, env: Record<string, string> = {}, extra: string[] = []) {
  const args = [TUNER, '--engine', ENGINE, '--fastchess', FASTCHESS, '--iterations', String(N), '--pairs', '4'];
  const r = spawnSync(process.execPath, [...args, '--rend', '0.01', '--state', state, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

const read = (file: string): State => JSON.parse(readFileSync(file, 'utf8'));
const freshDir = () => mkdtempSync(join(tmpdir(), 'spsa-'));

/** OpenBench's step per unit of (wins - losses) at iteration k: a_k / c_k. */
function stepPerResult(cEnd: number, rEnd: number, k: number): number {
  const A = N / 10;
  const c = (cEnd * N ** 0.101) / (k + 1) ** 0.101;
  const a = (rEnd * cEnd ** 2 * (A + N) ** 0.602) / (A + k + 1) ** 0.602;
  return a / c;
}

describe('tools/spsa.mjs', () => {
  it('moves each parameter by a_k / c_k times wins minus losses, and keeps every value and incident', () => {
    const dir = freshDir();
    const state = join(dir, 'state.json');
    const log = join(dir, 'calls.log');
    const r = tune(state, { FAKE_RESULT: '5,2,1', FAKE_LOG: log, FAKE_BENCH: '4242' });
    expect(r.status, r.err).toBe(0);
    const s = read(state);
    expect(s.k).toBe(N);
    expect(s.engineBench).toBe(4242);
    expect(s.seconds).toBeGreaterThanOrEqual(0);
    expect(s.results).toEqual(Array.from({ length: N }, () => [5, 2, 1]));
    expect(s.history).toHaveLength(N);
    // Each iteration's move, in either direction, is the gain times 5 - 2.
    const start = [80, 0.75];
    const cEnd = [8, 0.08];
    for (let k = 0; k < N; k++) {
      const before = k === 0 ? start : s.history[k - 1];
      for (let p = 0; p < 2; p++) {
        const moved = Math.abs(s.history[k][p] - before[p]);
        expect(moved).toBeCloseTo(3 * stepPerResult(cEnd[p], 0.01, k), 2);
      }
    }
    expect(s.theta.alpha).toBeCloseTo(s.history[N - 1][0], 2);
    // One time loss a call: kept with its iteration.
    expect(s.incidents).toHaveLength(N);
    expect(s.incidents[0]).toMatch(/^1: Finished game 1 .*loses on time/);
    // Plus and minus get the values c_k either side of the current one, rounded for an integer parameter.
    const calls = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string[]);
    expect(calls).toHaveLength(N);
    const alphas = calls[0].filter((a) => a.startsWith('option.alpha=')).map((a) => Number(a.split('=')[1]));
    const c0 = (8 * N ** 0.101) / 1;
    expect(alphas).toHaveLength(2);
    expect(Math.abs(alphas[0] - alphas[1])).toBe(Math.abs(Math.round(80 + c0) - Math.round(80 - c0)));
  });

  it('resumes from its state: only the iterations left are played', () => {
    const dir = freshDir();
    const state = join(dir, 'state.json');
    expect(tune(state).status).toBe(0);
    // Cut the finished run back to its second iteration, as if it had been stopped there.
    const s = read(state);
    const cut = { ...s, k: 2, results: s.results.slice(0, 2), history: s.history.slice(0, 2), incidents: [] };
    cut.theta = { alpha: s.history[1][0], beta: s.history[1][1] };
    writeFileSync(state, JSON.stringify(cut));
    const log = join(dir, 'calls.log');
    const r = tune(state, { FAKE_LOG: log });
    expect(r.status, r.err).toBe(0);
    expect(r.out).toMatch(/resuming .* at iteration 2/);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(N - 2);
    const after = read(state);
    expect(after.k).toBe(N);
    expect(after.history.slice(0, 2)).toEqual(s.history.slice(0, 2));
    expect(after.results).toHaveLength(N);
  });

  it('refuses to resume with other settings or another engine build, and leaves the state as it was', () => {
    const dir = freshDir();
    const state = join(dir, 'state.json');
    expect(tune(state, { FAKE_BENCH: '1000' }).status).toBe(0);
    const before = readFileSync(state, 'utf8');
    const otherBench = tune(state, { FAKE_BENCH: '999' });
    expect(otherBench.status).not.toBe(0);
    expect(otherBench.err).toMatch(/started with an engine of bench 1000/);
    const otherTc = tune(state, { FAKE_BENCH: '1000' }, ['--tc', '1+0.01']);
    expect(otherTc.status).not.toBe(0);
    expect(otherTc.err).toMatch(/was started with .*"tc":"5\+0\.05"/);
    expect(readFileSync(state, 'utf8')).toBe(before);
  });
});
