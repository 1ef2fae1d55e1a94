// The bench signature: the node count of `tessera bench` (fixed positions, fixed depth, one thread) identifies the
// search. A change meant to keep the search as it is must keep these numbers; a change that alters the search updates
// them in the same commit, with the match result that justified it (docs/TESTLOG.md). Run through the built engine,
// as OpenBench runs it (and because the bundle runs the search several times faster than vitest's module loader).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { DIST, requireBuilt, TARGETS } from '../helpers/engine';

const BENCH_SIGNATURE = { hce: 2015883, nnue: 1462191 };

describe('bench signature (node dist/tessera.js bench)', () => {
  it.each([
    ['--hce', BENCH_SIGNATURE.hce],
    ['--nnue', BENCH_SIGNATURE.nnue],
  ])(
    'bench %s',
    (flag, expected) => {
      requireBuilt(TARGETS[0]);
      const out = execFileSync(process.execPath, [path.join(DIST, 'tessera.js'), 'bench', flag], { encoding: 'utf8' });
      const lines = out.split('\n');
      // The two lines OpenBench parses from `NAME bench`.
      expect(lines).toContain(`Nodes searched: ${expected}`);
      expect(lines.some((l) => /^Nodes\/second: \d+$/.test(l))).toBe(true);
    },
    120_000,
  );
});
