#!/usr/bin/env node
// Build pipeline for Tessera (run by `npm run build`).
//
//   1. esbuild: src/cli.ts -> dist/tessera.js (with shebang, executable)
//               src/worker.ts -> dist/worker.js
//               src/api/node.ts -> dist/node.cjs (the Node API; dist/node.mjs is its ES module face)
//               src/api/browser.ts, src/browser-worker.ts -> dist/browser/tessera.js, dist/browser/worker.js
//      src/book/data/gnuchess-book.bin -> dist/book.bin (read when the book is first wanted)
//      tsc: the API's type definitions -> dist/types (only the files the two entries' types reach)
//   2. Node single-executable application (SEA), fully offline from the running node:
//        dist/sea-config.json -> dist/sea-prep.blob (node --experimental-sea-config)
//        copy process.execPath -> dist/tessera, inject the blob with postject.
//
// Options:  --no-sea   only produce the JS bundles (dist/tessera.js, dist/worker.js)
//           --no-strip keep the debug symbols of the copied node binary
//           --no-code-cache  build the SEA blob without a V8 code cache
//
// Any failure exits non-zero.

import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const args = new Set(process.argv.slice(2));
const wantSea = !args.has('--no-sea');
const wantStrip = !args.has('--no-strip');
const wantCodeCache = !args.has('--no-code-cache');
for (const a of args) {
  if (!['--no-sea', '--no-strip', '--no-code-cache'].includes(a)) {
    console.error(`build: unknown option ${a}`);
    process.exit(2);
  }
}

const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const t0 = performance.now();
const rel = (p) => path.relative(root, p);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function fail(msg) {
  console.error(`build: ERROR: ${msg}`);
  process.exit(1);
}

process.on('unhandledRejection', (err) => fail(err?.stack ?? String(err)));

function run(cmd, argv) {
  const r = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit' });
  if (r.error) fail(`${cmd} ${argv.join(' ')}: ${r.error.message}`);
  if (r.status !== 0) fail(`${cmd} ${argv.join(' ')} exited with ${r.status ?? r.signal}`);
}

/**
 * EVALFILE=NET (OpenBench's `make EVALFILE=...`, or the environment): build with that net in place of the shipped one
 * (the import in src/eval/nets.ts is redirected). Only a Tessera net file is taken: its 'TSNN' header is checked here,
 * the rest by the engine at start-up.
 */
function evalFilePlugin() {
  const file = process.env.EVALFILE;
  if (!file) return [];
  const abs = path.resolve(file);
  let head;
  try {
    head = fs.readFileSync(abs).subarray(0, 4).toString('latin1');
  } catch (e) {
    fail(`EVALFILE ${file}: cannot read it (${e.code ?? e.message})`);
  }
  if (head !== 'TSNN') fail(`EVALFILE ${file}: not a Tessera net (no TSNN header)`);
  return [
    {
      name: 'evalfile',
      setup(b) {
        b.onResolve({ filter: /\.nnue$/ }, (a) =>
          /src[\\/]eval[\\/]nets\.ts$/.test(a.importer) ? { path: abs } : undefined,
        );
      },
    },
  ];
}

async function bundle() {
  for (const f of ['src/cli.ts', 'src/worker.ts']) {
    if (!fs.existsSync(path.join(root, f))) fail(`missing entry point ${f}`);
  }
  fs.mkdirSync(dist, { recursive: true });
  const common = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: false,
    minify: false,
    logLevel: 'warning',
    absWorkingDir: root,
    // Net and book files go into the bundle as bytes.
    loader: { '.nnue': 'binary', '.bin': 'binary' },
    plugins: evalFilePlugin(),
    // TUNE=1 (a tuning branch's `make`, as OpenBench's SPSA builds it): every search parameter is a UCI option without
    // TESSERA_TUNE in the environment, which OpenBench's client cannot set.
    define: process.env.TUNE === '1' ? { 'process.env.TESSERA_TUNE': '"1"' } : {},
    // Built-ins stay `require('node:...')` calls; they work in SEA main and eval workers.
  };
  await Promise.all([
    build({
      ...common,
      entryPoints: ['src/api/node.ts'],
      outfile: 'dist/node.cjs',
    }),
    build({
      // The browser build: ES modules a page imports as they are; the worker is found beside the engine module.
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      minify: true,
      logLevel: 'warning',
      absWorkingDir: root,
      loader: { '.nnue': 'binary', '.bin': 'binary' },
      entryPoints: { tessera: 'src/api/browser.ts', worker: 'src/browser-worker.ts' },
      outdir: 'dist/browser',
      plugins: [browserPlugin, ...evalFilePlugin()],
    }),
    build({
      ...common,
      entryPoints: ['src/cli.ts'],
      outfile: 'dist/tessera.js',
      banner: { js: '#!/usr/bin/env node' },
    }),
    build({
      ...common,
      entryPoints: ['src/worker.ts'],
      outfile: 'dist/worker.js',
    }),
  ]);
  fs.chmodSync(path.join(dist, 'tessera.js'), 0o755);
  // The book is read from beside the bundles when first wanted (src/assets.ts), not carried in each of them.
  fs.copyFileSync(path.join(root, 'src/book/data/gnuchess-book.bin'), path.join(dist, 'book.bin'));
  fs.writeFileSync(
    path.join(dist, 'node.mjs'),
    "// The Node API as an ES module: the same engine as node.cjs.\nimport api from './node.cjs';\n\nexport const { Engine, EngineError } = api;\n",
  );
}

/**
 * The browser build has no Node built-ins: the tablebase code that names them is never run there (no SyzygyPath), so
 * they become empty modules. The worker is written beside the engine module.
 */
const browserPlugin = {
  name: 'browser',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (a) => ({ path: a.path, namespace: 'node-stub' }));
    b.onLoad({ filter: /.*/, namespace: 'node-stub' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    b.onLoad({ filter: /src[\\/]api[\\/]browser\.ts$/ }, (a) => ({
      contents: fs.readFileSync(a.path, 'utf8').replace("'../browser-worker.ts'", "'./worker.js'"),
      loader: 'ts',
    }));
  },
};

/** The API's type definitions: tsc writes every file's, and the ones the entries' types reach are kept. */
function types() {
  const tmp = path.join(dist, '.types');
  fs.rmSync(tmp, { recursive: true, force: true });
  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  run(process.execPath, [tsc, '-p', 'tsconfig.types.json', '--outDir', rel(tmp)]);
  const out = path.join(dist, 'types');
  fs.rmSync(out, { recursive: true, force: true });
  const todo = ['api/node.d.ts', 'api/browser.d.ts'];
  const seen = new Set();
  while (todo.length > 0) {
    const f = todo.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    const text = fs.readFileSync(path.join(tmp, f), 'utf8');
    fs.mkdirSync(path.dirname(path.join(out, f)), { recursive: true });
    fs.writeFileSync(path.join(out, f), text);
    for (const m of text.matchAll(/from\s+'(\.[^']*)'/g))
      todo.push(path.posix.join(path.posix.dirname(f), `${m[1]}.d.ts`));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  return seen.size;
}

async function sea() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 12)) {
    fail(`Node ${process.versions.node} cannot build the binary (SEA assets need >= 20.12); use --no-sea`);
  }

  const configPath = path.join(dist, 'sea-config.json');
  const blobPath = path.join(dist, 'sea-prep.blob');
  const exePath = path.join(dist, process.platform === 'win32' ? 'tessera.exe' : 'tessera');
  const config = {
    main: 'dist/tessera.js',
    output: 'dist/sea-prep.blob',
    disableExperimentalSEAWarning: true,
    // V8 code cache for the main script: measurably faster startup (see README).
    useCodeCache: wantCodeCache,
    assets: { 'worker.js': 'dist/worker.js', 'book.bin': 'dist/book.bin' },
  };
  fs.writeFileSync(configPath, JSON.stringify(config, null, 2) + '\n');
  fs.rmSync(blobPath, { force: true });
  run(process.execPath, ['--experimental-sea-config', rel(configPath)]);
  if (!fs.existsSync(blobPath)) fail(`${rel(blobPath)} was not produced`);

  // Copy the running node binary. Write to a temporary name, then rename, so a
  // running dist/tessera (e.g. in a GUI) is not overwritten in place (ETXTBSY).
  const tmpExe = `${exePath}.tmp`;
  fs.rmSync(tmpExe, { force: true });
  fs.copyFileSync(process.execPath, tmpExe);
  fs.chmodSync(tmpExe, 0o755);
  if (!fs.readFileSync(tmpExe).includes(`${SEA_FUSE}:0`)) {
    fail(`${process.execPath} has no SEA fuse (or it was already flipped); cannot build a binary from it`);
  }

  if (process.platform === 'linux' && wantStrip) {
    // Official Linux node builds ship with debug info and a full symbol table; dropping
    // them saves ~12 MiB (the dynamic symbols native addons need stay). Optional:
    // skipped (with a note) where `strip` is not installed.
    const r = spawnSync('strip', ['--strip-all', tmpExe], { stdio: 'inherit' });
    if (r.error?.code === 'ENOENT') console.warn('build: note: `strip` not found, binary keeps debug info');
    else if (r.error || r.status !== 0) fail(`strip failed (${r.error?.message ?? r.status}); rerun with --no-strip`);
  } else if (process.platform === 'darwin') {
    run('codesign', ['--remove-signature', tmpExe]);
  }

  const { inject } = require('postject');
  // postject's LIEF prints harmless "Can't find string offset for section name '.note…'"
  // warnings for ELF binaries (see Node's SEA docs); hide just those.
  const warn = console.warn;
  console.warn = (...a) => {
    if (!/^warning: Can't find string offset for section name '\.note/.test(String(a[0]))) warn(...a);
  };
  try {
    await inject(tmpExe, 'NODE_SEA_BLOB', fs.readFileSync(blobPath), {
      sentinelFuse: SEA_FUSE,
      machoSegmentName: process.platform === 'darwin' ? 'NODE_SEA' : undefined,
      overwrite: true,
    });
  } finally {
    console.warn = warn;
  }

  if (process.platform === 'darwin') run('codesign', ['--sign', '-', tmpExe]);
  fs.chmodSync(tmpExe, 0o755);
  fs.renameSync(tmpExe, exePath);

  // Smoke test: the binary must start and answer `uci`.
  const smoke = execFileSync(exePath, [], { input: 'uci\nquit\n', timeout: 20000, encoding: 'utf8' });
  if (!/^uciok$/m.test(smoke)) fail(`${rel(exePath)} did not answer uciok:\n${smoke}`);
  return { exePath, blobPath };
}

try {
  await bundle();
} catch (err) {
  // esbuild has already printed its diagnostics.
  fail(Array.isArray(err?.errors) ? `esbuild failed (${err.errors.length} error(s))` : (err?.stack ?? String(err)));
}
const typeFiles = types();
const tBundle = performance.now();
const files = [
  'dist/tessera.js',
  'dist/worker.js',
  'dist/node.cjs',
  'dist/browser/tessera.js',
  'dist/browser/worker.js',
];
let tSea = tBundle;
if (wantSea) {
  const { exePath, blobPath } = await sea();
  tSea = performance.now();
  files.push(rel(blobPath), rel(exePath));
}
for (const f of files) {
  const size = fs.statSync(path.join(root, f)).size;
  console.log(`  ${f.padEnd(24)} ${size > 4 * 1024 * 1024 ? mib(size) : kib(size)}`);
}
console.log(`  ${'dist/types/'.padEnd(24)} ${typeFiles} files`);
console.log(
  `build: ok in ${((tSea - t0) / 1000).toFixed(2)} s` +
    ` (bundle ${((tBundle - t0) / 1000).toFixed(2)} s` +
    (wantSea ? `, binary ${((tSea - tBundle) / 1000).toFixed(2)} s)` : ')'),
);
