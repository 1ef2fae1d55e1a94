// tools/spsa-apply.mjs: a tune's values written into the search's defaults, rounded as the tuning build rounds them,
// the tuning ranges left alone.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const APPLY = join(__dirname, '..', '..', 'tools', 'spsa-apply.mjs');
const PARAMS = join(__dirname, '..', '..', 'src', 'search', 'params.ts');

function apply(theta: Record<string, number>) {
  const dir = mkdtempSync(join(tmpdir(), 'spsa-apply-'));
  const file = join(dir, 'params.ts');
  copyFileSync(PARAMS, file);
  const state = join(dir, 'state.json');
  writeFileSync(state, JSON.stringify({ theta }));
  const r = spawnSync(process.execPath, [APPLY, state, '--file', file], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr, text: readFileSync(file, 'utf8') };
}

describe('spsa-apply', () => {
  it('rounds int parameters to whole numbers and floats to four decimals, in the defaults only', () => {
    const r = apply({ rfpMargin: 91.6, lmrBase: 0.812345 });
    expect(r.status, r.err).toBe(0);
    expect(r.text).toMatch(/^ {2}rfpMargin: 92,$/m);
    expect(r.text).toMatch(/^ {2}lmrBase: 0\.8123,$/m);
    expect(r.out).toContain('rfpMargin: 80 -> 92');
    // The ranges keep their own lines.
    const original = readFileSync(PARAMS, 'utf8');
    const ranges = (t: string) => t.slice(t.indexOf('export const PARAM_RANGES'));
    expect(ranges(r.text)).toBe(ranges(original));
    // Nothing else in the defaults moved.
    const changed = r.text.split('\n').filter((l, i) => l !== original.split('\n')[i]);
    expect(changed).toHaveLength(2);
  });

  it('refuses a name the defaults do not have, and leaves the file as it was', () => {
    const r = apply({ noSuchParam: 3 });
    expect(r.status).toBe(1);
    expect(r.err).toMatch(/no default for noSuchParam/);
    expect(r.text).toBe(readFileSync(PARAMS, 'utf8'));
  });
});
