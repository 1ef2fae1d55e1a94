// UCI transcript tests, part 4: the scheduler (issue 58). A host that does not wait for bestmove before its next
// command (a second go, a go during ponder, setoption during a search, zero or negative limits) must never leave an
// isready unanswered or a stop undelivered: every isready answered within 100 ms, one bestmove per go, stop obeyed.
// These sequences hung the engine before the core had an explicit scheduler; each is pinned here.
import { describe, expect, it } from 'vitest';
import { TARGETS, sharedEngine, setup, expectLegalBestmove, sleep, type Engine } from '../helpers/engine';

const FEN = '1rbqk1r1/p1npppb1/n7/1pp4p/1PP2P2/N2PP3/P5PP/R3KBNR w KQ - 0 13';
const MIDGAME = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

/** Sends isready and requires its readyok within 100 ms. */
async function readyAtOnce(e: Engine, what: string): Promise<void> {
  const t = e.send('isready');
  const m = await e.waitFor('readyok', 2000);
  expect(m.at - t, `readyok after ${what}`).toBeLessThan(100);
}

/** The bestmove lines said since line index from, once there are n of them (or the time is up). */
async function bestmoves(e: Engine, from: number, n: number, timeoutMs = 3000): Promise<string[]> {
  const t0 = performance.now();
  const said = (): string[] =>
    e.lines
      .slice(from)
      .map((l) => l.text)
      .filter((l) => l.startsWith('bestmove'));
  while (said().length < n && performance.now() - t0 < timeoutMs) await sleep(5);
  await sleep(100); // and no more come
  return said();
}

describe.each(TARGETS.slice(0, 1))('UCI scheduling: $name', (target) => {
  const engine = sharedEngine(target);

  it("the issue's sequence: every isready at once, one bestmove per go, stop obeyed", async () => {
    const e = engine();
    const from = e.lines.length;
    e.send(`position fen ${FEN}`);
    await readyAtOnce(e, 'position');
    e.send('go nodes 0');
    await readyAtOnce(e, 'go nodes 0');
    e.send('go nodes 0');
    await readyAtOnce(e, 'a second go nodes 0');
    e.send('go depth 2');
    await readyAtOnce(e, 'go depth 2');
    const t = e.send('stop');
    await readyAtOnce(e, 'stop');
    const b = await bestmoves(e, from, 3);
    expect(b).toHaveLength(3);
    expect(e.lines[e.lines.length - 1].at - t, 'the last bestmove after stop').toBeLessThan(200);
    for (const l of b) expectLegalBestmove(setup(FEN), l);
  });

  it('go twice then stop: two bestmoves, the second within 50 ms of stop', async () => {
    const e = engine();
    const from = e.lines.length;
    e.send(`position fen ${MIDGAME}`);
    e.send('go infinite');
    await e.waitFor(/^info depth/, 5000);
    e.send('go infinite');
    const first = await e.waitFor(/^bestmove/, 1000);
    expectLegalBestmove(setup(MIDGAME), first.line);
    await readyAtOnce(e, 'the second go');
    await sleep(100);
    const t = e.send('stop');
    const second = await e.waitFor(/^bestmove/, 1000);
    expect(second.at - t, 'stop to bestmove').toBeLessThan(50);
    expect(await bestmoves(e, from, 2)).toHaveLength(2);
  });

  it('go ponder, position, go, stop: the ponder search answers, the new one searches the new position', async () => {
    const e = engine();
    const from = e.lines.length;
    e.send(`position fen ${MIDGAME}`);
    e.send('go ponder wtime 10000 btime 10000');
    await sleep(50);
    e.send('position startpos moves e2e4');
    e.send('go infinite');
    await readyAtOnce(e, 'the go after the ponder');
    const ponder = await e.waitFor(/^bestmove/, 1000);
    expectLegalBestmove(setup(MIDGAME), ponder.line);
    await sleep(100);
    const t = e.send('stop');
    const answer = await e.waitFor(/^bestmove/, 1000);
    expect(answer.at - t).toBeLessThan(50);
    expectLegalBestmove(setup('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['e2e4']), answer.line);
    expect(await bestmoves(e, from, 2)).toHaveLength(2);
  });

  it('a ponderhit that comes while its go ponder still waits for the last search: it plays on its clock', async () => {
    const e = engine();
    const from = e.lines.length;
    e.send(`position fen ${MIDGAME}`);
    e.send('go depth 30');
    await e.waitFor(/^info depth/, 5000);
    e.send('go ponder wtime 1000 btime 1000');
    e.send('ponderhit');
    const b = await bestmoves(e, from, 2, 1500);
    expect(b, 'both answers without a stop').toHaveLength(2);
    for (const l of b) expectLegalBestmove(setup(MIDGAME), l);
  });

  it('go infinite, isready x 50, stop: fifty readyoks at once, then one bestmove', async () => {
    const e = engine();
    const from = e.lines.length;
    e.send(`position fen ${MIDGAME}`);
    e.send('go infinite');
    await e.waitFor(/^info depth/, 5000);
    const t0 = performance.now();
    for (let i = 0; i < 50; i++) e.send('isready');
    for (let i = 0; i < 50; i++) await e.waitFor('readyok', 1000);
    expect(performance.now() - t0, 'fifty readyoks').toBeLessThan(200);
    expect(e.pending().some((l) => l.startsWith('bestmove'))).toBe(false);
    const t = e.send('stop');
    const b = await e.waitFor(/^bestmove/, 1000);
    expect(b.at - t).toBeLessThan(50);
    expect(await bestmoves(e, from, 1)).toHaveLength(1);
  });

  it('setoption and ucinewgame during a search: isready at once; they apply once the search ends', async () => {
    const e = engine();
    e.send(`position fen ${MIDGAME}`);
    e.send('go infinite');
    await e.waitFor(/^info depth/, 5000);
    e.send('setoption name Hash value 32');
    e.send('setoption name MultiPV value 2');
    e.send('ucinewgame');
    await readyAtOnce(e, 'setoption and ucinewgame during a search');
    expect(
      e.pending().some((l) => l.startsWith('bestmove')),
      'no bestmove before stop',
    ).toBe(false);
    e.send('stop');
    expectLegalBestmove(setup(MIDGAME), (await e.waitFor(/^bestmove/, 1000)).line);
    await e.ready(); // the new hash is in place
    e.send('position startpos');
    e.send('go depth 4');
    const r = await e.waitFor(/^bestmove/, 5000);
    expect(
      r.lines.some((l) => / multipv 2 /.test(l)),
      'MultiPV 2 applies to the next search',
    ).toBe(true);
    e.send('setoption name MultiPV value 1');
    e.send('setoption name Hash value 16');
    await e.ready();
  });

  it('zero limits answer at once with a legal move; negative ones say so and answer at once too', async () => {
    const e = engine();
    e.send(`position fen ${MIDGAME}`);
    for (const limit of ['depth 0', 'nodes 0', 'movetime 0', 'mate 0']) {
      const t = e.send(`go ${limit}`);
      const b = await e.waitFor(/^bestmove/, 1000);
      expect(b.at - t, `go ${limit}`).toBeLessThan(200);
      expect(
        b.lines.some((l) => l.startsWith('info string')),
        `go ${limit} needs no note`,
      ).toBe(false);
      expectLegalBestmove(setup(MIDGAME), b.line);
    }
    for (const limit of ['depth -1', 'nodes -3', 'movetime -5']) {
      const t = e.send(`go ${limit}`);
      const b = await e.waitFor(/^bestmove/, 1000);
      expect(b.at - t, `go ${limit}`).toBeLessThan(200);
      const note = b.lines.find((l) => l.startsWith('info string'));
      expect(note, `go ${limit}`).toMatch(/negative/);
      expect(note!.length).toBeLessThan(100);
      expectLegalBestmove(setup(MIDGAME), b.line);
    }
    await readyAtOnce(e, 'the limits');
  });
});
