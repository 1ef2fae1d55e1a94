// Bundles src/core/{perft,fen}.ts (or the given entry source) into a temporary ES module for the
// bench and tools scripts and the tests (plain Node cannot import TypeScript, and vitest's transform
// slows the move generator tenfold); returns the file's path. The caller removes it.
import { build } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export async function bundleCore(
  root,
  tag,
  contents = "export { perft } from './src/core/perft'; export { parseFen } from './src/core/fen';",
) {
  const out = await build({
    stdin: {
      contents,
      resolveDir: root,
      sourcefile: `${tag}-entry.ts`,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    loader: { '.nnue': 'binary' },
  });
  const file = path.join(os.tmpdir(), `tessera-${tag}-${process.pid}-${Date.now()}.mjs`);
  fs.writeFileSync(file, out.outputFiles[0].text);
  return file;
}
