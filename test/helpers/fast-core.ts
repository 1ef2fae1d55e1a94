// src/core as one esbuild bundle, for the tests that walk thousands of positions: vitest's transform slows the move
// generator about tenfold (see test/core/perft.test.ts). The same sources; a test's hand-picked cases still use the
// modules as vitest loads them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as fen from '../../src/core/fen';
import type * as movegen from '../../src/core/movegen';
import type * as notation from '../../src/core/notation';
import type * as perft from '../../src/core/perft';
import { bundleCore } from './bundle-core.mjs';
import { coreHelpers, type CoreHelpers } from './chess';

const ROOT = path.resolve(__dirname, '..', '..');

export type FastCore = typeof fen & typeof movegen & typeof notation & typeof perft;

export interface FastCoreHelpers extends CoreHelpers {
  core: FastCore;
  /** Removes the bundle's file. */
  remove(): void;
}

export async function fastCore(tag: string): Promise<FastCoreHelpers> {
  const file = await bundleCore(
    ROOT,
    tag,
    "export * from './src/core/fen'; export * from './src/core/movegen'; export * from './src/core/notation'; " +
      "export * from './src/core/perft';",
  );
  const core = (await import(pathToFileURL(file).href)) as FastCore;
  return { core, ...coreHelpers(core), remove: () => fs.rmSync(file, { force: true }) };
}
