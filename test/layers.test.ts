// The layers of src/, checked rather than hoped for: core <- eval <- search <- uci / datagen / epd <- api <- cli and
// the worker entries (worker.ts, browser-worker.ts), with tb and book beside (they use core and are used from above). Every relative import in src/**/*.ts (static import and
// export ... from, `import type` included, dynamic import() and require()) is resolved to the top-level part of src/
// it names, and must be one its importer's layer may use. A new folder or root file of src/ fails until it is given
// a layer here: deciding where it sits is the point.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src');

const LOWER = ['core', 'eval', 'tb', 'book', 'search'];
// io (stdout lines, input clipping), threads (worker spawning), gc (a collection on request), assets (data files read
// from beside the bundle) and version are the front ends' utilities, bound to the Node.js host: the lower layers report
// through interfaces and never write to stdout, start threads or drive the collector themselves, so that they can run
// in another host. They import nothing but each other (threads finds the worker as assets finds any file).
const HOST = ['io', 'threads', 'gc', 'version', 'assets'];
const FRONT = [...LOWER, ...HOST];
// The engine core (src/engine: options, game, threads, scheduler) sits on the lower layers; the UCI protocol (src/uci)
// on the core; the typed engine API (src/api) on the core, with a UCI session for its raw transport.
const CORE = [...FRONT, 'engine'];
const API = [...CORE, 'uci'];
// The entry points (the command line, and the worker threads' entries that start a search thread or a datagen player)
// sit above everything; nothing imports them.
const ENTRY = [...CORE, 'uci', 'datagen', 'epd', 'api'];

/** What each part of src/ may import besides itself. */
const LAYERS: Record<string, string[]> = {
  core: [],
  eval: ['core'],
  tb: ['core'],
  book: ['core'],
  search: ['core', 'eval', 'tb', 'book'],
  engine: FRONT,
  uci: CORE,
  datagen: FRONT,
  epd: FRONT,
  api: API,
  cli: ENTRY,
  worker: ENTRY,
  'browser-worker': ENTRY,
  io: [],
  threads: ['assets'],
  gc: [],
  assets: [],
  version: [],
};

/**
 * Data files src/ may take from outside it (esbuild's binary loader embeds them): the built-in net lives with the
 * trainer's other nets. Code from train/ (or test/, bench/, tools/, scripts/) never.
 */
const OUTSIDE_DATA = [/^train\/nets\/[^/]+\.nnue$/];

interface Import {
  line: number;
  spec: string;
}

/** The relative imports of a TypeScript source: static (type-only too), re-exports, import() and require(). */
function relativeImports(text: string): Import[] {
  const found: Import[] = [];
  const lineOf = (index: number): number => text.slice(0, index).split('\n').length;
  // Statements start a line; `[^;]*?` lets an import list run over several lines.
  const statement = /^[ \t]*(?:import|export)\b(?:[^;'"`]*?\bfrom\s*|\s*)(['"])(\.{1,2}(?:\/[^'"]*)?)\1/gm;
  for (const m of text.matchAll(statement)) found.push({ line: lineOf(m.index), spec: m[2] });
  const call = /\b(?:import|require)\s*\(\s*(['"`])(\.{1,2}(?:\/[^'"`]*)?)\1/g;
  for (const m of text.matchAll(call)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const before = text.slice(lineStart, m.index).trimStart();
    if (before.startsWith('//') || before.startsWith('*') || before.startsWith('/*')) continue; // a comment line
    found.push({ line: lineOf(m.index), spec: m[2] });
  }
  return found;
}

/** The part of the tree a path (relative to the repository root) belongs to: `core`, `io`, or `train/` outside src. */
function partOf(rel: string): string {
  const parts = rel.split('/');
  if (parts[0] !== 'src') return `${parts[0]}/`;
  if (parts.length > 2) return parts[1];
  return parts[1].replace(/\.(d\.)?[cm]?[jt]s$/, '');
}

/** Why the import breaks the layers, or null when it is allowed. from and to are relative to the repository root. */
function layerViolation(from: string, to: string): string | null {
  const a = partOf(from);
  const b = partOf(to);
  const allowed = LAYERS[a];
  if (!allowed) return `src/${a} has no layer: give it one in test/layers.test.ts`;
  if (b.endsWith('/')) {
    if (OUTSIDE_DATA.some((re) => re.test(to))) return null;
    return `src/ imports nothing from ${b}`;
  }
  if (a === b) return null;
  if (!LAYERS[b]) return `src/${b} has no layer: give it one in test/layers.test.ts`;
  if (allowed.includes(b)) return null;
  return allowed.length ? `${a} may import only ${allowed.join(', ')}` : `${a} imports nothing outside itself`;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return d.name.endsWith('.ts') ? [p] : [];
  });
}

interface Edge {
  from: string;
  line: number;
  spec: string;
  to: string;
}

function scanTree(): Edge[] {
  return sources(SRC).flatMap((file) => {
    const from = path.relative(ROOT, file).split(path.sep).join('/');
    return relativeImports(fs.readFileSync(file, 'utf8')).map(({ line, spec }) => {
      const to = path
        .relative(ROOT, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      return { from, line, spec, to };
    });
  });
}

describe('layers of src/', () => {
  it('the scanner finds every form of relative import, and none in comments', () => {
    const text = [
      "import { a } from '../core/a';",
      "import type { B } from '../uci/b';",
      'import {',
      '  c,',
      '  d,',
      "} from '../datagen/c';",
      "import '../epd/side-effect';",
      "export { e } from './e';",
      "export * from '../tb/f';",
      "const g = await import('../cli');",
      "const h = require('../io') as unknown;",
      "import * as fs from 'node:fs';",
      "// import { x } from '../uci/x'; and require('../uci/y')",
      " * see import('../uci/z')",
    ].join('\n');
    expect(relativeImports(text)).toEqual([
      { line: 1, spec: '../core/a' },
      { line: 2, spec: '../uci/b' },
      { line: 3, spec: '../datagen/c' },
      { line: 7, spec: '../epd/side-effect' },
      { line: 8, spec: './e' },
      { line: 9, spec: '../tb/f' },
      { line: 10, spec: '../cli' },
      { line: 11, spec: '../io' },
    ]);
  });

  it('the rules reject upward imports and accept downward ones', () => {
    expect(layerViolation('src/core/fen.ts', 'src/search/search')).toBe('core imports nothing outside itself');
    expect(layerViolation('src/core/fen.ts', 'src/eval/nnue')).not.toBeNull();
    expect(layerViolation('src/eval/nnue.ts', 'src/search/search')).not.toBeNull();
    expect(layerViolation('src/search/search.ts', 'src/uci/info')).toMatch(
      /^search may import only core, eval, tb, book$/,
    );
    expect(layerViolation('src/tb/syzygy.ts', 'src/datagen/play')).not.toBeNull();
    expect(layerViolation('src/book/polyglot.ts', 'src/epd/parse')).not.toBeNull();
    expect(layerViolation('src/search/bench.ts', 'src/cli')).not.toBeNull();
    expect(layerViolation('src/search/bench.ts', 'src/io')).not.toBeNull();
    expect(layerViolation('src/uci/uci.ts', 'src/cli')).not.toBeNull();
    expect(layerViolation('src/eval/nnue.ts', 'train/model')).toBe('src/ imports nothing from train/');
    expect(layerViolation('src/uci/uci.ts', 'test/helpers/chess')).not.toBeNull();
    expect(layerViolation('src/uci/uci.ts', 'bench/perft-bench.mjs')).not.toBeNull();
    expect(layerViolation('src/newpart/x.ts', 'src/core/fen')).toMatch(/has no layer/);
    expect(layerViolation('src/core/fen.ts', 'src/newfile')).toMatch(/has no layer/);

    expect(layerViolation('src/search/search.ts', 'src/eval/evaluate')).toBeNull();
    expect(layerViolation('src/search/search.ts', 'src/tb/syzygy')).toBeNull();
    expect(layerViolation('src/uci/uci.ts', 'src/io')).toBeNull();
    expect(layerViolation('src/cli.ts', 'src/uci/uci')).toBeNull();
    expect(layerViolation('src/cli.ts', 'src/version')).toBeNull();
    expect(layerViolation('src/worker.ts', 'src/datagen/worker')).toBeNull();
    expect(layerViolation('src/uci/uci.ts', 'src/worker')).not.toBeNull();
    expect(layerViolation('src/api/engine.ts', 'src/engine/core')).toBeNull();
    expect(layerViolation('src/uci/session.ts', 'src/engine/core')).toBeNull();
    expect(layerViolation('src/engine/core.ts', 'src/uci/info')).not.toBeNull();
    expect(layerViolation('src/uci/session.ts', 'src/api/errors')).not.toBeNull();
    expect(layerViolation('src/api/engine.ts', 'src/browser-worker')).not.toBeNull();
    expect(layerViolation('src/eval/nets.ts', 'train/nets/gen12-lambda0.1-h256-ob8.nnue')).toBeNull();
  });

  it('no import in src/ runs up the layers', () => {
    const edges = scanTree();
    // The scan must see the tree, or the check below passes on nothing.
    expect(edges.length).toBeGreaterThan(100);
    expect(edges.some((e) => e.from === 'src/cli.ts' && e.to === 'src/uci/uci')).toBe(true);
    const bad = edges.flatMap((e) => {
      const why = layerViolation(e.from, e.to);
      return why ? [`${e.from}:${e.line} imports '${e.spec}' (${partOf(e.from)} -> ${partOf(e.to)}): ${why}`] : [];
    });
    expect(bad, `imports that break the layers:\n${bad.join('\n')}`).toEqual([]);
  });
});
