// Data files the Node.js engine reads when it first needs them rather than carrying them in every bundle (the book is
// 2.9 MB): beside the bundle (dist/), or inside the standalone binary as a SEA asset of the same name.
import * as fs from 'node:fs';
import * as path from 'node:path';

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
}

/** The asset's bytes, or null when it is in neither place. */
export function readAsset(name: string): Uint8Array | null {
  try {
    const sea = require('node:sea') as SeaModule;
    if (sea.isSea()) return new Uint8Array(sea.getAsset(name));
  } catch {
    // not a single-executable application (or a Node without node:sea)
  }
  try {
    return new Uint8Array(fs.readFileSync(path.join(__dirname, name)));
  } catch {
    return null;
  }
}
