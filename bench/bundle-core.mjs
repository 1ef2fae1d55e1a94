// Bundles src/core/{perft,fen}.ts into a temporary ES module for the perft scripts (plain Node
// cannot import TypeScript); returns the file's path. The caller removes it.
import { build } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export async function bundleCore(root, tag) {
  const out = await build({
    stdin: {
      contents: "export { perft } from './src/core/perft'; export { parseFen } from './src/core/fen';",
      resolveDir: root,
      sourcefile: `${tag}-entry.ts`,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
  });
  const file = path.join(os.tmpdir(), `tessera-${tag}-${process.pid}-${Date.now()}.mjs`);
  fs.writeFileSync(file, out.outputFiles[0].text);
  return file;
}
