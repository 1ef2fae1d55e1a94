// src/core as one esbuild bundle, for the tests that walk thousands of positions: vitest's transform slows the move
// generator about tenfold (see test/core/perft.test.ts). The same sources; a test's hand-picked cases still use the
// modules as vitest loads them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as fen from '../../src/core/fen';
import type * as movegen from '../../src/core/movegen';
import type * as notation from '../../src/core/notation';
import type { Position } from '../../src/core/position';
import { MAX_MOVES } from '../../src/core/types';
import { bundleCore } from './bundle-core.mjs';

const ROOT = path.resolve(__dirname, '..', '..');

export type FastCore = typeof fen & typeof movegen & typeof notation;

export interface FastCoreHelpers {
  core: FastCore;
  load(fen: string, chess960?: boolean): Position;
  legal(pos: Position): number[];
  /** Removes the bundle's file. */
  remove(): void;
}

export async function fastCore(tag: string): Promise<FastCoreHelpers> {
  const file = await bundleCore(
    ROOT,
    tag,
    "export * from './src/core/fen'; export * from './src/core/movegen'; export * from './src/core/notation';",
  );
  const core = (await import(pathToFileURL(file).href)) as FastCore;
  const list = new Int32Array(MAX_MOVES);
  return {
    core,
    load(f, chess960 = false) {
      const pos = core.parseFen(f, chess960);
      if (typeof pos === 'string') throw new Error(`parseFen(${f}) failed: ${pos}`);
      return pos;
    },
    legal: (pos) => Array.from(list.subarray(0, core.legalMoves(pos, list))),
    remove: () => fs.rmSync(file, { force: true }),
  };
}
