// The output path every UCI line takes: partial writes and a full non-blocking pipe (EAGAIN) must neither cut a line
// nor recurse, and a reader that is gone (EPIPE) must be reported, not retried.
import { describe, expect, it } from 'vitest';
import { writeAll } from '../../src/io';
import { clip } from '../../src/core/clip';

function fakeWriter(opts: { chunk: number; eagainEvery?: number; eagainFirst?: number; epipeAfter?: number }) {
  const out: number[] = [];
  let calls = 0;
  const write = ((_fd: number, buf: Buffer, off: number, len: number): number => {
    calls++;
    if (opts.eagainFirst && calls <= opts.eagainFirst) throw Object.assign(new Error('again'), { code: 'EAGAIN' });
    if (opts.eagainEvery && calls % opts.eagainEvery === 0) throw Object.assign(new Error('again'), { code: 'EAGAIN' });
    if (opts.epipeAfter !== undefined && out.length >= opts.epipeAfter)
      throw Object.assign(new Error('pipe'), { code: 'EPIPE' });
    const n = Math.min(len, opts.chunk);
    for (let i = 0; i < n; i++) out.push(buf[off + i]);
    return n;
  }) as unknown as Parameters<typeof writeAll>[2];
  return { out, write, calls: () => calls };
}

describe('writeAll', () => {
  it('finishes a line the pipe takes only in parts, bytes in order', () => {
    const line = Buffer.from(`${'A'.repeat(70000)}\n`);
    const w = fakeWriter({ chunk: 65536 - 7 });
    expect(writeAll(1, line, w.write)).toBe(true);
    expect(Buffer.from(w.out).equals(line)).toBe(true);
    expect(w.calls()).toBe(2);
  });

  it('waits out EAGAIN (many in a row, and between partial writes) without recursion', () => {
    const line = Buffer.from('info depth 1 score cp 12 pv e2e4\n');
    const w = fakeWriter({ chunk: 5, eagainEvery: 2, eagainFirst: 12 });
    const t0 = performance.now();
    expect(writeAll(1, line, w.write)).toBe(true);
    expect(Buffer.from(w.out).toString()).toBe(line.toString());
    // 12 EAGAINs in a row back off from 1 ms to at most 50 ms: it slept, it did not spin.
    expect(performance.now() - t0).toBeGreaterThan(20);
  });

  it('reports a reader that is gone', () => {
    const w = fakeWriter({ chunk: 4, epipeAfter: 8 });
    expect(writeAll(1, Buffer.from('bestmove e2e4\n'), w.write)).toBe(false);
  });
});

describe('clip', () => {
  it('cuts long input and leaves short input alone', () => {
    expect(clip('e2e4')).toBe('e2e4');
    expect(clip('x'.repeat(20000)).length).toBeLessThanOrEqual(43);
    expect(clip('x'.repeat(20000), 100).startsWith('x'.repeat(100))).toBe(true);
  });
});
