// Vite for the web page: `npm run web` serves it, `npm run web:build` writes static files to web/dist.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { swAssets } from './sw-assets.mjs';
import { syzygyAssets } from './syzygy-assets.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

/**
 * The engine imports its net and book files as bytes (esbuild's binary loader in the Node build, a plugin under
 * vitest). The same for the browser: the file inlined as base64 and decoded with atob.
 */
export function nnueBytes(): Plugin {
  return {
    name: 'nnue-bytes',
    load(id) {
      const file = id.split('?')[0];
      if (!file.endsWith('.nnue') && !file.endsWith('.bin')) return null;
      const b64 = readFileSync(file).toString('base64');
      return (
        `const s = atob(${JSON.stringify(b64)});\n` +
        'const bytes = new Uint8Array(s.length);\n' +
        'for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);\n' +
        'export default bytes;\n'
      );
    },
  };
}

/**
 * No Node built-ins in the page: the tablebase code that names node:fs never runs there (no SyzygyPath), so, as in
 * the package's browser build (scripts/build.mjs), they become empty modules in the build. (The dev server serves
 * source modules untransformed, where CommonJS cannot run: there Vite's own stand-in for them does.)
 */
export function nodeBuiltinsEmpty(): Plugin {
  const PREFIX = '\0node-empty:';
  return {
    name: 'node-builtins-empty',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith('node:') ? PREFIX + id : null;
    },
    load(id) {
      // CommonJS, as in the package build: its names are looked up when used, not checked at bundle time.
      return id.startsWith(PREFIX) ? 'module.exports = {};\n' : null;
    },
  };
}

/**
 * Cross-origin isolation: without these two headers a browser gives the page no SharedArrayBuffer, so the engine
 * runs one thread with no shared hash. Whoever hosts web/dist must send them too.
 */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root,
  // Relative URLs, so web/dist works from any folder of any host.
  base: './',
  // swAssets: the list of built files the service worker (web/public/sw.js) caches for offline use; syzygyAssets: the
  // optional endgame tables, fetched only when the page asks for them.
  plugins: [nnueBytes(), nodeBuiltinsEmpty(), syzygyAssets(), swAssets()],
  // Workers are bundled on their own: they need the plugin as well, and ES modules to split code.
  worker: { format: 'es', plugins: () => [nnueBytes(), nodeBuiltinsEmpty()] },
  server: { headers: ISOLATION_HEADERS, fs: { allow: [repo] } },
  preview: { headers: ISOLATION_HEADERS },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // cm-chessboard fetches its sprites by URL and only takes URLs with '://' or a leading '/' as given: never
    // inline them as data: URLs.
    assetsInlineLimit: 0,
    // The bundled packages' licenses (cm-chessboard's MIT notice) go with the files: web/dist/licenses.md.
    license: { fileName: 'licenses.md' },
    // The inlined net makes the worker's chunk large on purpose.
    chunkSizeWarningLimit: 8192,
  },
});
