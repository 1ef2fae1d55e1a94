import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';

// Files that hold the engine to a few milliseconds (stop, isready, ponderhit) or to its clock.
const TIMED = [
  'test/uci/timing.test.ts',
  'test/uci/memory.test.ts',
  'test/uci/scheduling.test.ts',
  'test/uci/fuzz.test.ts',
  'test/api/engine.test.ts',
  'test/api/browser.test.ts',
];

export default defineConfig({
  plugins: [
    {
      // The engine imports its net and book files as bytes (esbuild's binary loader in the build); the same here.
      name: 'nnue-bytes',
      load(id: string) {
        if (!id.endsWith('.nnue') && !id.endsWith('.bin')) return null;
        const b64 = readFileSync(id).toString('base64');
        return `export default new Uint8Array(Buffer.from(${JSON.stringify(b64)}, 'base64'));`;
      },
    },
  ],
  test: {
    // Rebuilds dist/ when it is missing or older than the sources: the UCI tests run the built engine.
    globalSetup: ['test/helpers/build-setup.ts'],
    testTimeout: 60000,
    pool: 'forks',
    // Two files at a time (Vitest would run one here): the browser tests spend much of their time waiting on a page.
    maxWorkers: 2,
    // Tests that time the engine against a clock run last, one file at a time: with other test files beside them on
    // a two-core machine they would measure the scheduler rather than the engine.
    projects: [
      {
        extends: true,
        test: { name: 'engine', include: ['test/**/*.test.ts'], exclude: TIMED, sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: 'timing', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
