// A Vite plugin for the optional endgame tables: the 3–4-piece Syzygy set the repository keeps for its tests
// (test/data/syzygy, 4.4 MB) goes into the build as syzygy/NAME with syzygy/index.json listing names and sizes, and
// the dev server serves the same files. No second copy in git. The page fetches them only when the user turns
// tablebases on (web/tablebase-panel.ts); the service worker leaves them out of its install-time cache (sw-assets.mts)
// and keeps them once fetched.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const SYZYGY_DIR = fileURLToPath(new URL('../test/data/syzygy', import.meta.url));
/** The folder, in the build and under the dev server, that holds the tables. */
export const SYZYGY_PREFIX = 'syzygy/';

export interface SyzygyIndex {
  files: { name: string; size: number }[];
  total: number;
}

const TABLE = /^K[A-Z]*vK[A-Z]*\.(rtbw|rtbz)$/;

/** The table files of dir, by name, with their sizes (an empty list when the folder is missing). */
export function syzygyIndex(dir = SYZYGY_DIR): SyzygyIndex {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => TABLE.test(n));
  } catch {
    names = [];
  }
  const files = names.sort().map((name) => ({ name, size: statSync(path.join(dir, name)).size }));
  return { files, total: files.reduce((s, f) => s + f.size, 0) };
}

export function syzygyAssets(dir = SYZYGY_DIR): Plugin {
  return {
    name: 'syzygy-assets',
    generateBundle() {
      const index = syzygyIndex(dir);
      for (const f of index.files)
        this.emitFile({
          type: 'asset',
          fileName: SYZYGY_PREFIX + f.name,
          source: readFileSync(path.join(dir, f.name)),
        });
      this.emitFile({ type: 'asset', fileName: `${SYZYGY_PREFIX}index.json`, source: `${JSON.stringify(index)}\n` });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /\/syzygy\/([^/?#]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
        if (!m) return next();
        const name = decodeURIComponent(m[1]);
        if (name === 'index.json') {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(syzygyIndex(dir)));
        } else if (TABLE.test(name)) {
          try {
            const bytes = readFileSync(path.join(dir, name));
            res.setHeader('Content-Type', 'application/octet-stream');
            res.end(bytes);
          } catch {
            res.statusCode = 404;
            res.end('not found');
          }
        } else next();
      });
    },
  };
}
