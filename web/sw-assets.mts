// A Vite plugin for the build: writes sw-assets.json beside the built files, the list the service worker
// (web/public/sw.js) caches on install (all but the optional syzygy/ tables), with a version that changes whenever
// any file's content does.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const SKIP = new Set(['sw.js', 'sw-assets.json']);
/** Folders left out: the optional endgame tables (syzygy-assets.mts) are cached when fetched, not on install. */
const SKIP_DIRS = new Set(['syzygy']);

function files(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const rel = prefix ? `${prefix}/${name}` : name;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return SKIP_DIRS.has(rel) ? [] : files(full, rel);
    return SKIP.has(rel) ? [] : [rel];
  });
}

export function swAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sw-assets',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    // After everything (the page and its workers' chunks) is written.
    closeBundle() {
      const out = path.resolve(config.root, config.build.outDir);
      const list = files(out).sort();
      const hash = createHash('sha256');
      for (const f of list) hash.update(f).update(readFileSync(path.join(out, f)));
      const version = hash.digest('hex').slice(0, 16);
      writeFileSync(path.join(out, 'sw-assets.json'), `${JSON.stringify({ version, files: list }, null, 1)}\n`);
    },
  };
}
