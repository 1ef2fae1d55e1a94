import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';

export default defineConfig({
  plugins: [{
    // The engine imports its net and book files as bytes (esbuild's binary loader in the build); the same here.
    name: 'nnue-bytes',
    load(id: string) {
      if (!id.endsWith('.nnue') && !id.endsWith('.bin')) return null;
      const b64 = readFileSync(id).toString('base64');
      return `export default new Uint8Array(Buffer.from(${JSON.stringify(b64)}, 'base64'));`;
    },
  }],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60000,
    pool: 'forks',
  },
});
