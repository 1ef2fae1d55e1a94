// Syzygy in the engine, over UCI: SyzygyPath scanning and its info string, bad paths answered and survived, tbhits in
// info lines, and root moves restricted to those the tables say keep the best result (checked with the project's own
// prober, which test/tb checks against fathom).
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TARGETS, setup, goAndCheck, sharedEngine, infos } from '../helpers/engine';
import { Tablebases } from '../../src/tb/syzygy';
import { probeRoot } from '../../src/tb/root';
import { moveToUci } from '../../src/core/notation';

const TB_DIR = path.resolve(__dirname, '..', 'data', 'syzygy');

const CASES = [
  ['KQvK, a win', '8/8/8/4k3/8/8/8/KQ6 w - - 0 1'],
  ['KRvK, a win with the clock at 60', '8/8/3k4/8/8/8/8/R3K3 w - - 60 80'],
  ['KPvK, a win only with the right move', '8/8/8/8/8/4k3/4P3/4K3 w - - 0 1'],
  ['KRvKB, drawn for the defender', '8/8/8/3kb3/8/8/3K4/4R3 b - - 0 1'],
  ['KQvKR, the rook side loses slowest', '8/8/8/3k4/8/2r5/8/KQ6 b - - 0 1'],
];

describe.each(TARGETS.slice(0, 1))('Syzygy over UCI: $name', (target) => {
  const engine = sharedEngine(target);

  it('SyzygyPath: found 35 WDL and 35 DTZ tables up to 4 pieces; bad paths and files answered, engine alive', async () => {
    const e = engine();
    e.send(`setoption name SyzygyPath value ${TB_DIR}`);
    expect((await e.waitFor(/^info string Syzygy: found/, 5000)).line).toBe(
      'info string Syzygy: found 35 WDL and 35 DTZ tables, up to 4 pieces',
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-tb-'));
    fs.writeFileSync(
      path.join(dir, 'KQvK.rtbw'),
      Buffer.from(Array.from({ length: 1040 }, (_, i) => (i * 31 + 7) & 255)),
    );
    fs.writeFileSync(path.join(dir, 'KRvK.rtbw'), Buffer.alloc(100));
    for (const p of ['/no/such/dir', dir, `${dir}:/no/such/dir`]) {
      e.send(`setoption name SyzygyPath value ${p}`);
      const r = await e.waitFor(/^info string Syzygy: found/, 5000);
      expect(r.line).toMatch(/found \d+ WDL and 0 DTZ tables/);
      e.send('position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1');
      await goAndCheck(e, setup('8/8/8/4k3/8/8/8/KQ6 w - - 0 1'), 'depth 4');
    }
    fs.rmSync(dir, { recursive: true, force: true });
    e.send('setoption name SyzygyPath value <empty>');
    await e.ready();
  });

  it.each(CASES)("%s: the bestmove keeps the tables' best result; tbhits reported", async (_name, fen) => {
    const e = engine();
    e.send(`setoption name SyzygyPath value ${TB_DIR}`);
    await e.waitFor(/^info string Syzygy: found/, 5000);
    const pos = setup(fen);
    const root = probeRoot(new Tablebases(TB_DIR), pos, { rule50: true })!;
    const best = root.best.map((m) => moveToUci(pos, m.move));
    e.send(`position fen ${fen}`);
    const r = await goAndCheck(e, pos, 'movetime 300');
    expect(best, `${fen}: tables' best ${best.join(' ')}`).toContain(r.move);
    const last = infos(r.lines).at(-1)!;
    expect(last.raw).toMatch(/ tbhits [1-9]\d* /);
    e.send('setoption name SyzygyPath value <empty>');
    await e.ready();
  });

  it('in the tree: a capture into a won 4-piece ending is found through the tables (tbhits grow)', async () => {
    const e = engine();
    e.send(`setoption name SyzygyPath value ${TB_DIR}`);
    await e.waitFor(/^info string Syzygy: found/, 5000);
    // Five pieces: out of the tables at the root; Rxb6 wins the knight into KRvK... with the pawn gone, a tablebase win.
    const fen = '8/8/1n6/8/3k4/8/1R5P/4K3 w - - 0 1';
    e.send(`position fen ${fen}`);
    const r = await goAndCheck(e, setup(fen), 'depth 8');
    const last = infos(r.lines).at(-1)!;
    expect(last.raw).toMatch(/ tbhits [1-9]\d* /);
    e.send('setoption name SyzygyPath value <empty>');
    await e.ready();
  });
});
