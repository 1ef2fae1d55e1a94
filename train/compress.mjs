#!/usr/bin/env node
// Compresses viriformat files for the repository: FILE.vf -> FILE.vf.br (brotli quality 11, 16 MiB window).
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';

for (const f of process.argv.slice(2)) {
  const b = fs.readFileSync(f);
  const out = zlib.brotliCompressSync(b, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length,
    },
  });
  fs.writeFileSync(`${f}.br`, out);
  console.log(
    `${f}: ${b.length} -> ${out.length} bytes (${(out.length / Math.max(1, b.length / 4.33)).toFixed(2)} B/position at 4.33 raw)`,
  );
}
