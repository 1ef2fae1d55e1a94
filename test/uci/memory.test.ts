// Memory given back: a hash table replaced by a smaller one, and search threads no longer wanted, must become garbage
// in every thread (the main thread and each search thread held the old table), so the engine's resident size falls
// back near what it was. Reads /proc (Linux); elsewhere the test says it was skipped.
import { afterEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import { TARGETS, EnginePool, sleep } from '../helpers/engine';

const pool = new EnginePool();
afterEach(async () => {
  await pool.closeAll();
});

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const haveProc = fs.existsSync('/proc/self/status');
if (!haveProc) console.log('memory.test.ts: skipped, no /proc on this system');

describe.skipIf(!haveProc)('UCI memory (node dist/tessera.js)', () => {
  it('Hash 512 filled, then Hash 16: the resident size falls back within 64 MiB of a fresh engine', async () => {
    const e = pool.start(TARGETS[0]);
    e.send('uci');
    await e.waitFor('uciok', 5000);
    await e.ready(15000);
    const fresh = rssMiB(e.proc.pid!);
    e.send('setoption name Hash value 512');
    e.send('setoption name Clear Hash'); // writes every entry: the whole table becomes resident
    e.send('position startpos');
    e.send('go movetime 200');
    await e.waitFor(/^bestmove /, 5000);
    await e.ready(15000);
    const big = rssMiB(e.proc.pid!);
    expect(big - fresh, `fresh ${fresh.toFixed(0)} MiB, with the table ${big.toFixed(0)} MiB`).toBeGreaterThan(400);
    e.send('setoption name Hash value 16');
    e.send('ucinewgame');
    await e.ready(15000);
    await sleep(200);
    const after = rssMiB(e.proc.pid!);
    expect(
      after - fresh,
      `fresh ${fresh.toFixed(0)} MiB, with 512 ${big.toFixed(0)}, back at 16 ${after.toFixed(0)}`,
    ).toBeLessThan(64);
  }, 60_000);

  it('Threads 4, then Threads 1: the resident size falls back within 64 MiB of one thread', async () => {
    const e = pool.start(TARGETS[0]);
    e.send('uci');
    await e.waitFor('uciok', 5000);
    await e.ready(15000);
    e.send('position startpos');
    e.send('go movetime 200');
    await e.waitFor(/^bestmove /, 5000);
    await e.ready(15000);
    const one = rssMiB(e.proc.pid!);
    e.send('setoption name Threads value 4');
    e.send('go movetime 500');
    await e.waitFor(/^bestmove /, 5000);
    await e.ready(15000);
    const four = rssMiB(e.proc.pid!);
    e.send('setoption name Threads value 1');
    await e.ready(15000);
    await sleep(300);
    const after = rssMiB(e.proc.pid!);
    expect(
      after - one,
      `one thread ${one.toFixed(0)} MiB, four ${four.toFixed(0)}, back at one ${after.toFixed(0)}`,
    ).toBeLessThan(64);
  }, 60_000);
});
