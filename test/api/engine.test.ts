// The typed engine API (src/api) against the real, built engine (dist/node.cjs and its worker): the info stream typed
// and in order, stop within 50 ms, a second go during a search, bad input refused with the engine still working, two
// engines in one process, AbortSignal, SAN, analyse, the raw transport, and quit leaving no thread behind.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFen, START_FEN } from '../../src/core/fen';
import { moveToSan, parseUciMove } from '../../src/core/notation';
import { MOVE_NONE } from '../../src/core/types';
import type * as Api from '../../src/api/node';
import { DIST } from '../helpers/engine';

const api = createRequire(__filename)(path.join(DIST, 'node.cjs')) as typeof Api;
const { Engine, EngineError } = api;

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const ENDGAME = '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1';

/** Whether line is a sequence of legal moves from fen (then moves). */
function legalLine(fen: string, moves: string[], line: string[]): boolean {
  const pos = parseFen(fen);
  if (typeof pos === 'string') return false;
  for (const u of [...moves, ...line]) {
    const m = parseUciMove(pos, u);
    if (m === MOVE_NONE) return false;
    pos.make(m);
  }
  return true;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Engine API (dist/node.cjs)', () => {
  let engine: Api.Engine;
  beforeAll(async () => {
    engine = await Engine.start({ threads: 1, hash: 16 });
  });
  afterAll(async () => {
    await engine?.quit();
  });

  it('streams typed info lines in order, and the result is the last line best move', async () => {
    const search = engine.go({ fen: START_FEN, moves: ['e2e4', 'c7c5'], depth: 9 });
    const seen: Api.SearchInfo[] = [];
    for await (const info of search) seen.push(info);
    const { bestmove, ponder, info } = await search.result;
    expect(seen.length).toBeGreaterThanOrEqual(9);
    let depth = 0;
    let time = 0;
    for (const i of seen) {
      expect(i.multipv).toBe(1);
      expect(i.depth).toBeGreaterThanOrEqual(depth);
      expect(i.time).toBeGreaterThanOrEqual(time);
      depth = i.depth;
      time = i.time;
      expect(Number.isInteger(i.seldepth) && i.seldepth >= i.depth).toBe(true);
      expect(Number.isInteger(i.nodes) && i.nodes > 0).toBe(true);
      expect(Number.isInteger(i.nps) && Number.isInteger(i.hashfull)).toBe(true);
      expect(typeof i.score.cp === 'number' || typeof i.score.mate === 'number').toBe(true);
      expect(legalLine(START_FEN, ['e2e4', 'c7c5'], i.pv)).toBe(true);
    }
    expect(depth).toBe(9);
    expect(info).toEqual(seen[seen.length - 1]);
    expect(bestmove).toBe(info!.pv[0]);
    expect(ponder === null || ponder === info!.pv[1]).toBe(true);
  });

  it('stop answers within 50 ms with a legal move (the median of three)', async () => {
    const times: number[] = [];
    for (let k = 0; k < 3; k++) {
      const search = engine.go({ fen: KIWIPETE, infinite: true });
      await sleep(300);
      const t0 = performance.now();
      const { bestmove } = await search.stop();
      times.push(performance.now() - t0);
      expect(legalLine(KIWIPETE, [], [bestmove!])).toBe(true);
    }
    expect(times.sort((a, b) => a - b)[1], `stop times ${times.map((t) => t.toFixed(1)).join(', ')} ms`).toBeLessThan(
      50,
    );
  });

  it('a second go stops the first; each result and info belongs to its own search', async () => {
    const first = engine.go({ fen: KIWIPETE, infinite: true });
    const firstInfos: Api.SearchInfo[] = [];
    const reading = (async () => {
      for await (const i of first) firstInfos.push(i);
    })();
    await sleep(300);
    const second = engine.go({ fen: ENDGAME, depth: 8 });
    const secondInfos: Api.SearchInfo[] = [];
    for await (const i of second) secondInfos.push(i);
    await reading;
    const a = await first.result;
    const b = await second.result;
    expect(legalLine(KIWIPETE, [], [a.bestmove!])).toBe(true);
    expect(legalLine(ENDGAME, [], [b.bestmove!])).toBe(true);
    expect(firstInfos.every((i) => legalLine(KIWIPETE, [], i.pv))).toBe(true);
    expect(secondInfos.length).toBeGreaterThan(0);
    expect(secondInfos.every((i) => legalLine(ENDGAME, [], i.pv))).toBe(true);
    expect(secondInfos[secondInfos.length - 1].depth).toBe(8);
  });

  it('refuses a bad FEN, an illegal move, bad limits and bad options with typed errors, and keeps working', async () => {
    const refused = async (p: Promise<unknown>): Promise<Api.EngineErrorCode | string> => {
      try {
        await p;
        return 'resolved';
      } catch (e) {
        expect(e).toBeInstanceOf(EngineError);
        expect((e as Error).message.length).toBeLessThan(200);
        return (e as InstanceType<typeof EngineError>).code;
      }
    };
    expect(await refused(engine.go({ fen: 'rnbqkbnr/pppppppp/8/8 w KQkq - 0 1', depth: 3 }).result)).toBe('bad-fen');
    expect(await refused(engine.go({ fen: `${START_FEN}\ngo infinite`, depth: 3 }).result)).toBe('bad-fen');
    expect(await refused(engine.go({ moves: ['e2e4', 'e2e4'], depth: 3 }).result)).toBe('illegal-move');
    expect(await refused(engine.go({ searchmoves: ['a1a8'], depth: 3 }).result)).toBe('illegal-move');
    expect(await refused(engine.go({ depth: -1 }).result)).toBe('bad-limits');
    expect(await refused(engine.go({ movetime: Number.NaN }).result)).toBe('bad-limits');
    // Iterating a refused search throws the same error.
    await expect(
      (async () => {
        for await (const _ of engine.go({ fen: 'x' })) void _;
      })(),
    ).rejects.toThrow(/invalid FEN/);
    expect(await refused(engine.setOption('No Such Option', 1))).toBe('bad-option');
    expect(await refused(engine.setOption('Hash', 'lots'))).toBe('bad-option');
    expect(await refused(engine.setOption('MultiPV', 0))).toBe('bad-option');
    expect(await refused(engine.setOption('EvalFile', '/nonexistent/net.nnue'))).toBe('bad-option');
    expect(await refused(engine.analyse(START_FEN, {}))).toBe('bad-limits');
    const { bestmove } = await engine.go({ fen: ENDGAME, depth: 5 }).result;
    expect(legalLine(ENDGAME, [], [bestmove!])).toBe(true);
  });

  it('reports no move where there is none (mate), and searchmoves restricts the root', async () => {
    const mated = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';
    expect((await engine.go({ fen: mated, depth: 3 }).result).bestmove).toBeNull();
    const r = await engine.go({ depth: 6, searchmoves: ['a2a3', 'h2h3'] }).result;
    expect(['a2a3', 'h2h3']).toContain(r.bestmove);
  });

  it('gives SAN on request and analyse returns one line per MultiPV', async () => {
    const search = engine.go({ fen: KIWIPETE, depth: 6, san: true });
    const infos: Api.SearchInfo[] = [];
    for await (const i of search) infos.push(i);
    for (const i of infos) {
      const pos = parseFen(KIWIPETE);
      if (typeof pos === 'string') throw new Error(pos);
      const san = i.pv.map((u) => {
        const m = parseUciMove(pos, u);
        const s = moveToSan(pos, m);
        pos.make(m);
        return s;
      });
      expect(i.san).toEqual(san);
    }
    await engine.setOption('MultiPV', 3);
    try {
      const a = await engine.analyse(KIWIPETE, { depth: 7 });
      expect(a.lines.map((l) => l.multipv)).toEqual([1, 2, 3]);
      expect(new Set(a.lines.map((l) => l.pv[0])).size).toBe(3);
      expect(a.bestmove).toBe(a.lines[0].pv[0]);
    } finally {
      await engine.setOption('MultiPV', 1);
    }
  });

  it('an AbortSignal stops the search', async () => {
    const ac = new AbortController();
    const search = engine.go({ fen: KIWIPETE, infinite: true, signal: ac.signal });
    setTimeout(() => ac.abort(), 200);
    const t0 = performance.now();
    const { bestmove } = await search.result;
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(legalLine(KIWIPETE, [], [bestmove!])).toBe(true);
  });

  it('takes Syzygy tables from memory (as a page would): the search probes them; files it cannot use are refused', async () => {
    const dir = path.join(__dirname, '..', 'data', 'syzygy');
    const files = new Map<string, Uint8Array>();
    for (const f of fs.readdirSync(dir))
      if (/\.rtb[wz]$/.test(f)) files.set(f, new Uint8Array(fs.readFileSync(path.join(dir, f))));
    const KRK = '8/8/8/4k3/8/8/8/R3K3 w - - 0 1';
    const before = await engine.go({ fen: KRK, depth: 8 }).result;
    expect(before.info?.tbhits).toBeUndefined();
    const bads: Record<string, Uint8Array>[] = [
      { 'notes.txt': new Uint8Array(4) },
      { 'KQvK.rtbw': new Uint8Array(81) },
    ];
    for (const bad of bads) {
      const err = await engine.setTablebases(bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineError);
      expect((err as Api.EngineError).code).toBe('bad-tablebases');
      expect((err as Error).message.length).toBeLessThan(200);
    }
    expect(await engine.setTablebases(files)).toEqual({ wdl: 35, dtz: 35, maxPieces: 4, problems: [] });
    const withTables = await engine.go({ fen: KRK, depth: 8 }).result;
    expect(withTables.info?.tbhits).toBeGreaterThan(0);
    // The tables' win shows as a score above every evaluation (below mates).
    expect(withTables.info?.score.cp ?? 0).toBeGreaterThan(20000);
    await engine.setTablebases(null);
    const after = await engine.go({ fen: KRK, depth: 8 }).result;
    expect(after.info?.tbhits).toBeUndefined();
  });

  it('speaks raw UCI through send and onLine', async () => {
    const lines: string[] = [];
    const off = engine.onLine((l) => lines.push(l));
    engine.send('uci');
    engine.send('position startpos moves e2e4\nd');
    await engine.isReady();
    off();
    engine.send('isready');
    await engine.isReady();
    expect(lines).toContain('uciok');
    expect(lines).toContain('option name MultiPV type spin default 1 min 1 max 256');
    expect(lines.some((l) => l.startsWith('Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq'))).toBe(true);
    expect(lines.filter((l) => l === 'readyok')).toHaveLength(1); // unsubscribed before the second
  });
});

describe('two engines in one process', () => {
  it('search at once, independently; stopping one leaves the other searching', async () => {
    const [a, b] = await Promise.all([Engine.start(), Engine.start({ hash: 8 })]);
    try {
      const sa = a.go({ fen: KIWIPETE, infinite: true });
      const sb = b.go({ fen: ENDGAME, infinite: true });
      const bInfos: Api.SearchInfo[] = [];
      const readingB = (async () => {
        for await (const i of sb) bInfos.push(i);
      })();
      await sleep(300);
      const ra = await sa.stop();
      const countAtStop = bInfos.length;
      await sleep(400);
      expect(bInfos.length).toBeGreaterThan(countAtStop); // b still searching
      const rb = await sb.stop();
      await readingB;
      expect(legalLine(KIWIPETE, [], [ra.bestmove!])).toBe(true);
      expect(legalLine(ENDGAME, [], [rb.bestmove!])).toBe(true);
      expect(bInfos.every((i) => legalLine(ENDGAME, [], i.pv))).toBe(true);
    } finally {
      await Promise.all([a.quit(), b.quit()]);
    }
  });
});

describe('quit', () => {
  it('rejects what is pending and ends every thread: a script that quits exits by itself', () => {
    // A child process with no process.exit: it ends only if quit leaves no thread (or timer) behind.
    const script = `
      const { Engine, EngineError } = require(${JSON.stringify(path.join(DIST, 'node.cjs'))});
      (async () => {
        const e = await Engine.start({ threads: 2 });
        const s = e.go({ infinite: true });
        await new Promise((r) => setTimeout(r, 300));
        const q = e.quit();
        let code = 'resolved';
        try { await s.result; } catch (err) { code = err instanceof EngineError ? err.code : String(err); }
        await q;
        let after = 'resolved';
        try { await e.go({ depth: 1 }).result; } catch (err) { after = err.code; }
        console.log(JSON.stringify({ code, after, workers: process.getActiveResourcesInfo().filter((r) => r === 'Worker').length }));
      })();`;
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toEqual({ code: 'quit', after: 'quit', workers: 0 });
    expect(performance.now() - t0).toBeLessThan(15_000);
  });
});
