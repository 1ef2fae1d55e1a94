// The solver's run loop against a scripted fake UCI engine (fast, no build needed): results,
// a crashing engine restarted, --jobs, the JSON report, exit statuses.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runEpd, epdOptions, type EpdRunOptions } from '../../src/epd/command';

const FIXTURES = path.join(__dirname, 'fixtures');
const FAKE = { cmd: process.execPath, args: [path.join(FIXTURES, 'fake-engine.mjs')] };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-epd-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d));
  return { stream, text: () => text };
}

/** The parts of the JSON report the tests read by name; the rest is compared with toMatchObject. */
interface ReportJson {
  files: { results: { id: string }[]; unreadableLines: unknown; [k: string]: unknown }[];
  [k: string]: unknown;
}

async function run(
  o: Partial<EpdRunOptions>,
): Promise<{ code: number; out: string; err: string; json: ReportJson | null }> {
  const out = capture(),
    err = capture();
  const json = path.join(tmp, `r${Math.random().toString(36).slice(2)}.json`);
  const code = await runEpd({
    files: [path.join(FIXTURES, 'tiny.epd')],
    limit: { kind: 'movetime', value: 100 },
    threads: 1,
    hash: 16,
    jobs: 1,
    json,
    engine: FAKE,
    out: out.stream,
    err: err.stream,
    tty: false,
    ...o,
  });
  return {
    code,
    out: out.text(),
    err: err.text(),
    json: fs.existsSync(json) ? JSON.parse(fs.readFileSync(json, 'utf8')) : null,
  };
}

describe('run loop with a fake engine', () => {
  it.each([1, 2])('--jobs %i: results, a crash restarted, the malformed line counted apart', async (jobs) => {
    const r = await run({ jobs });
    expect(r.code).toBe(0);
    expect(r.err).toContain('tiny.epd:5: malformed EPD line skipped: invalid FEN');
    const f = r.json!.files[0];
    expect(f).toMatchObject({
      positions: 4,
      done: 4,
      unreadable: 1,
      engineErrors: 1,
      solved: 1,
      points: 1,
      maxPoints: 10,
    });
    expect(f.unreadableLines).toEqual([
      { line: 5, error: expect.stringMatching(/invalid FEN/), text: 'this line is not EPD; id "tiny.bad";' },
    ]);
    const byId = Object.fromEntries(f.results.map((x) => [x.id, x]));
    expect(byId['tiny.1 mate in one']).toMatchObject({
      solved: true,
      move: 'a1a8',
      moveSan: 'Ra8#',
      foundAtMs: 7,
      foundAtDepth: 2,
      depth: 3,
      score: { kind: 'mate', value: 1 },
    });
    expect(byId['tiny.2 hanging queen']).toMatchObject({
      solved: false,
      move: 'd2d1',
      moveSan: 'Rd1',
      points: 1,
      maxPoints: 10,
      foundAtMs: null,
    });
    expect(byId['tiny.3 knight fork']).toMatchObject({
      solved: false,
      move: null,
      error: expect.stringMatching(/engine exited \(code 3\)/),
    });
    // After the crash the engine is started again for the next position (the fake plays Rh7, no mate seen).
    expect(byId['tiny.4 mate in two']).toMatchObject({ solved: false, move: 'h1h7', error: null, expected: { dm: 2 } });
    expect(r.json).toMatchObject({
      engine: 'Fake 1.0',
      limit: { movetime: 100 },
      jobs,
      threads: 1,
      hash: 16,
      interrupted: false,
    });
    // One line per position when the output is not a terminal, then the summary.
    expect(r.out.match(/^\[\d\/4\] /gm)).toHaveLength(4);
    expect(r.out).toMatch(/^\[\d\/4\] tiny\.1 mate in one\s+solved\s+Ra8#\s+\(bm Ra8#\)/m);
    expect(r.out).toContain(
      'tiny.epd: 1/10 points (10.0%), best move 1/4 (25.0%); 1 unreadable line skipped, 1 engine error',
    );
  });

  it('draws a progress bar on a terminal', async () => {
    const r = await run({ tty: true, json: null });
    expect(r.out).toMatch(/\r\[#{24}\] 4\/4 {2}solved 1 \(25\.0%\)/);
    expect(r.out).not.toMatch(/^\[\d\/4\] /m);
  });

  it('an unreadable file is an error (status 2) before anything runs', async () => {
    const r = await run({ files: [path.join(FIXTURES, 'tiny.epd'), path.join(tmp, 'missing.epd')] });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot read .*missing\.epd: no such file/);
    expect(r.json).toBeNull();
  });

  it('an engine that cannot start is an error (status 1)', async () => {
    const r = await run({ engine: { cmd: path.join(tmp, 'no-such-engine'), args: [] } });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cannot start the engine/);
  });
});

describe('options', () => {
  it('defaults to 1000 ms a position, 1 thread, 16 MiB, 1 job', () => {
    expect(epdOptions(['a.epd'], {})).toEqual({
      files: ['a.epd'],
      limit: { kind: 'movetime', value: 1000 },
      threads: 1,
      hash: 16,
      jobs: 1,
      json: null,
    });
    expect(epdOptions(['a.epd'], { depth: '12', jobs: '2', threads: '3', hash: '64', json: 'x.json' })).toEqual({
      files: ['a.epd'],
      limit: { kind: 'depth', value: 12 },
      threads: 3,
      hash: 64,
      jobs: 2,
      json: 'x.json',
    });
    expect(epdOptions(['a.epd'], { nodes: '100000' })).toMatchObject({ limit: { kind: 'nodes', value: 100000 } });
  });
  it('rejects nonsense', () => {
    expect(epdOptions(['a.epd'], { movetime: '100', depth: '3' })).toMatch(/only one of/);
    expect(epdOptions(['a.epd'], { jobs: '0' })).toMatch(/--jobs needs an integer 1\.\.256/);
    expect(epdOptions(['a.epd'], { movetime: '1.5' })).toMatch(/--movetime/);
    expect(epdOptions([], {})).toMatch(/no EPD file/);
  });
});
