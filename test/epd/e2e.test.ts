// A tiny suite solved end to end through the built program: `tessera epd` spawns Tessera engines
// (itself) over UCI. The test setup (test/helpers/build-setup.ts) rebuilds dist/ when it is stale.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'dist');
const TINY = path.join(__dirname, 'fixtures', 'tiny.epd');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-epd-e2e-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const targets: [string, string, string[], string][] = [
  ['dist/tessera (binary)', path.join(DIST, 'tessera'), [], path.join(DIST, 'tessera')],
  ['node dist/tessera.js', process.execPath, [path.join(DIST, 'tessera.js')], path.join(DIST, 'tessera.js')],
];

function tessera(
  cmd: string,
  pre: string[],
  args: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, [...pre, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    });
    let out = '',
      err = '';
    p.stdout.on('data', (d: Buffer) => (out += d));
    p.stderr.on('data', (d: Buffer) => (err += d));
    const timer = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`timeout\n${out}\n${err}`));
    }, 50000);
    p.on('error', reject);
    p.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

describe.each(targets)('%s epd', (_name, cmd, pre, file) => {
  it('solves the tiny suite and writes the JSON report', async () => {
    expect(
      fs.existsSync(file),
      `${file} is missing: run \`npm run build\` to see why the test setup's build failed`,
    ).toBe(true);
    const json = path.join(tmp, `${path.basename(file)}.json`);
    const r = await tessera(cmd, pre, ['epd', TINY, '--movetime', '200', '--jobs', '2', '--json', json]);
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    expect(r.err).toMatch(/tiny\.epd:5: malformed EPD line skipped/);
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    expect(report.engine).toMatch(/^Tessera /);
    expect(report).toMatchObject({ limit: { movetime: 200 }, jobs: 2, threads: 1 });
    const f = report.files[0];
    expect(f).toMatchObject({
      positions: 4,
      done: 4,
      solved: 4,
      unreadable: 1,
      engineErrors: 0,
      points: 10,
      maxPoints: 10,
    });
    const byId = Object.fromEntries(f.results.map((x: { id: string }) => [x.id, x]));
    expect(byId['tiny.1 mate in one']).toMatchObject({
      move: 'a1a8',
      moveSan: 'Ra8#',
      solved: true,
      score: { kind: 'mate', value: 1 },
    });
    expect(byId['tiny.2 hanging queen']).toMatchObject({ move: 'd2d5', moveSan: 'Rxd5', solved: true, points: 10 });
    expect(byId['tiny.3 knight fork']).toMatchObject({ move: 'd5c7', moveSan: 'Nc7+', solved: true });
    expect(byId['tiny.4 mate in two']).toMatchObject({
      solved: true,
      score: { kind: 'mate', value: 2 },
      expected: { dm: 2 },
    });
    for (const x of f.results) {
      expect(x.foundAtMs).toBeGreaterThanOrEqual(0);
      expect(x.foundAtMs).toBeLessThanOrEqual(x.timeMs);
      expect(x.foundAtDepth).toBeGreaterThanOrEqual(1);
      expect(x.timeMs).toBeLessThan(5000);
    }
    expect(r.out).toContain('tiny.epd: 10/10 points (100.0%), best move 4/4 (100.0%); 1 unreadable line skipped');
  });

  it('a file that cannot be read: exit status 2 and a clear message', async () => {
    expect(
      fs.existsSync(file),
      `${file} is missing: run \`npm run build\` to see why the test setup's build failed`,
    ).toBe(true);
    const r = await tessera(cmd, pre, ['epd', path.join(tmp, 'nope.epd')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/epd: cannot read .*nope\.epd: no such file/);
  });
});
