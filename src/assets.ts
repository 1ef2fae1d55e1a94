// What the Node.js engine reads besides its own bundle: the files beside it in dist/ (the worker, the book), or, in
// the standalone binary, the SEA assets of the same names. The book (2.9 MB) is read when first wanted rather than
// carried in every bundle.
import * as fs from 'node:fs';
import * as path from 'node:path';

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
  getAsset(key: string, encoding: string): string;
}

let seaModule: SeaModule | null | undefined;

/** node:sea if we are running inside a single-executable application, else null. */
export function getSea(): SeaModule | null {
  if (seaModule !== undefined) return seaModule;
  seaModule = null;
  try {
    const sea = require('node:sea') as SeaModule;
    if (sea.isSea()) seaModule = sea;
  } catch {
    // node:sea missing (older Node) or not requirable: not a SEA.
  }
  return seaModule;
}

/** True when running as the standalone binary. */
export function isSea(): boolean {
  return getSea() !== null;
}

/** The asset's bytes, or null when it is in neither place. */
export function readAsset(name: string): Uint8Array | null {
  const sea = getSea();
  if (sea) return new Uint8Array(sea.getAsset(name));
  try {
    return new Uint8Array(fs.readFileSync(path.join(__dirname, name)));
  } catch {
    return null;
  }
}
