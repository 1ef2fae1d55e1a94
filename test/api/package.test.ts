// The npm package as a user gets it: `npm pack`, installed into an empty folder (offline: it has no dependencies),
// `npx tessera` answers uci, and three-line ES module and CommonJS scripts get a best move through the API. Also what
// the package holds: the built engine, worker, book, types, README and LICENSE, and no tests, sources or training data.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

describe('npm package', () => {
  let dir: string;
  let pack: PackResult;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-pack-'));
    const out = execFileSync(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    pack = (JSON.parse(out) as PackResult[])[0];
    const app = path.join(dir, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true }\n');
    execFileSync(NPM, ['install', '--offline', '--no-audit', '--no-fund', path.join(dir, pack.filename)], {
      cwd: app,
      encoding: 'utf8',
    });
  }, 120_000);
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds what a user needs and nothing of the repository besides', () => {
    const files = pack.files.map((f) => f.path);
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/tessera.js',
      'dist/worker.js',
      'dist/book.bin',
      'dist/node.cjs',
      'dist/node.mjs',
      'dist/browser/tessera.js',
      'dist/browser/worker.js',
      'dist/types/api/node.d.ts',
      'dist/types/api/browser.d.ts',
    ]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => /^(src|test|train|bench|tools|web|node_modules)\//.test(f))).toEqual([]);
    expect(files.some((f) => f === 'dist/tessera' || f.endsWith('.blob'))).toBe(false); // the 90 MB binary stays out
    console.log(
      `npm pack: ${pack.files.length} files, packed ${(pack.size / 1e6).toFixed(2)} MB, unpacked ${(pack.unpackedSize / 1e6).toFixed(2)} MB`,
    );
  });

  it('npx tessera speaks UCI', () => {
    const r = spawnSync('npx', ['--offline', 'tessera'], {
      cwd: path.join(dir, 'app'),
      input: 'uci\nposition startpos\ngo depth 3\n',
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stdout).toMatch(/^id name Tessera /m);
    expect(r.stdout).toMatch(/^uciok$/m);
    expect(r.stdout).toMatch(/^bestmove ([a-h][1-8]){2}( ponder ([a-h][1-8]){2})?$/m); // answered before exiting at EOF
  });

  const legalFromStart = /^bestmove ([a-h][1-8]){2}$/;

  it('a three-line ES module script gets a best move', () => {
    const file = path.join(dir, 'app', 'best.mjs');
    fs.writeFileSync(
      file,
      [
        "import { Engine } from 'tessera-chess';",
        'const engine = await Engine.start();',
        "console.log('bestmove', (await engine.go({ depth: 6 }).result).bestmove); await engine.quit();",
      ].join('\n'),
    );
    const r = spawnSync(process.execPath, [file], { cwd: path.join(dir, 'app'), encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toMatch(legalFromStart);
  });

  it('a three-line CommonJS script gets a best move', () => {
    const file = path.join(dir, 'app', 'best.cjs');
    fs.writeFileSync(
      file,
      [
        "const { Engine } = require('tessera-chess');",
        'Engine.start().then(async (engine) => {',
        "  console.log('bestmove', (await engine.go({ depth: 6 }).result).bestmove); await engine.quit(); });",
      ].join('\n'),
    );
    const r = spawnSync(process.execPath, [file], { cwd: path.join(dir, 'app'), encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toMatch(legalFromStart);
  });

  it('its type definitions serve a TypeScript user (nodenext resolution, strict)', () => {
    const app = path.join(dir, 'app');
    // The expected error below fails the check if the types were missing or `any`: a wrong limit type must be one.
    const source = [
      "import { Engine, EngineError, type SearchInfo, type EngineErrorCode } from 'tessera-chess';",
      "import { Engine as PageEngine } from 'tessera-chess/browser';",
      'const engine: Engine = await Engine.start({ threads: 1, hash: 16 });',
      'const search = engine.go({ fen: undefined, moves: ["e2e4"], depth: 3, san: true });',
      'for await (const info of search) { const d: number = info.depth; const san: string[] | undefined = info.san; void d; void san; }',
      'const { bestmove, info } = await search.result; const m: string | null = bestmove; const i: SearchInfo | null = info; void m; void i;',
      'try { await engine.setOption("Hash", 1); } catch (e) { if (e instanceof EngineError) { const c: EngineErrorCode = e.code; void c; } }',
      'void PageEngine;',
      '// @ts-expect-error depth is a number',
      'engine.go({ depth: "deep" });',
      'await engine.quit();',
    ].join('\n');
    fs.writeFileSync(path.join(app, 'check.mts'), source);
    fs.writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          strict: true,
          noEmit: true,
          types: [],
        },
        files: ['check.mts'],
      }),
    );
    const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', app], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('resolves the browser build through its export and condition', () => {
    const app = path.join(dir, 'app');
    const pkg = JSON.parse(fs.readFileSync(path.join(app, 'node_modules', 'tessera-chess', 'package.json'), 'utf8'));
    expect(pkg.exports['./browser'].default).toBe('./dist/browser/tessera.js');
    expect(pkg.exports['.'].browser.default).toBe('./dist/browser/tessera.js');
    const browser = fs.readFileSync(path.join(app, 'node_modules', 'tessera-chess', 'dist/browser/tessera.js'), 'utf8');
    expect(browser).toContain('./worker.js'); // the worker is found beside the module
    expect(browser).not.toMatch(/require\(|node:/);
  });
});
