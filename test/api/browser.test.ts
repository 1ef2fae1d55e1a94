// The package's browser build (dist/browser/) in headless Chromium, imported by a page with no bundler, as the README
// shows: served once with the cross-origin isolation headers (threads, shared hash) and once without (one worker, a
// stop ends it). In both: the engine starts, searches, stops within 50 ms with a legal move, refuses a bad FEN and
// still works. The isolated run also measures the page's nps against the Node binary's (dist/tessera) on the same position
// and machine. Without a Chromium the test is skipped and says so, except in CI (.ci/run installs one).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { parseFen } from '../../src/core/fen';
import { parseUciMove } from '../../src/core/notation';
import { MOVE_NONE } from '../../src/core/types';
import { DIST } from '../helpers/engine';
import { CHROMIUM, launchChromium, reportMissingChromium } from '../helpers/browser';

reportMissingChromium('test/api/browser.test.ts', 'browser build');

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const NPS_FEN = 'r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14';
const NPS_MS = 3000;

const PAGE = `<!doctype html><meta charset="utf-8"><title>tessera browser build</title>
<script type="module">
  window.run = async (fen, npsFen, npsMs) => {
    const { Engine, EngineError } = await import('./dist/browser/tessera.js');
    const out = {};
    const engine = await Engine.start({ threads: 2, hash: 16 });
    out.capabilities = engine.capabilities;
    out.isolated = self.crossOriginIsolated;
    // Three searches stopped after a while each: the median stop time (one scheduling hiccup on a busy machine must
    // not decide it; a stop that is slow by design is slow every time).
    out.stopTimes = [];
    out.stopped = [];
    out.infos = [];
    for (let k = 0; k < 3; k++) {
      const infos = [];
      const search = engine.go({ fen, infinite: true });
      const reading = (async () => { for await (const i of search) infos.push(i); })();
      // Searching for a while: until it has reported a few lines (a loaded machine may take longer to start it).
      for (let t = 0; t < 250 && infos.length < 4; t++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200));
      const t0 = performance.now();
      const r = await search.stop();
      out.stopTimes.push(performance.now() - t0);
      await reading;
      out.stopped.push(r.bestmove);
      out.infos.push(infos.length);
    }
    try { await engine.go({ fen: 'not a fen', depth: 2 }).result; out.badFen = 'resolved'; }
    catch (e) { out.badFen = e instanceof EngineError ? e.code : String(e); }
    out.after = (await engine.go({ fen, depth: 5 }).result).bestmove;
    await engine.setOption('Threads', 1);
    const timed = await engine.go({ fen: npsFen, movetime: npsMs }).result;
    out.nps = timed.info.nps;
    out.npsDepth = timed.info.depth;
    await engine.quit();
    return out;
  };
</script>`;

/** Serves the page and dist/browser/, with or without the cross-origin isolation headers. */
function serve(isolated: boolean): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const headers: Record<string, string> = isolated
      ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }
      : {};
    if (url.pathname === '/') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(PAGE);
      return;
    }
    const m = /^\/dist\/browser\/(tessera|worker)\.js$/.exec(url.pathname);
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(path.join(DIST, 'browser', `${m[1]}.js`));
    res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function legal(fen: string, move: string | null): boolean {
  const pos = parseFen(fen);
  return typeof pos !== 'string' && move !== null && parseUciMove(pos, move) !== MOVE_NONE;
}

interface PageResult {
  capabilities: { sharedMemory: boolean; maxThreads: number };
  isolated: boolean;
  stopTimes: number[];
  stopped: (string | null)[];
  infos: number[];
  badFen: string;
  after: string | null;
  nps: number;
  npsDepth: number;
}

describe.skipIf(!CHROMIUM)('browser build (dist/browser) in headless Chromium, no bundler', () => {
  let browser: Browser | undefined;
  const results: Record<string, PageResult> = {};
  let node: { nps: number; depth: number } | undefined;

  beforeAll(async () => {
    // The Node binary's speed on the same position, measured before the browser starts: the same search over UCI, the
    // engine exiting once it has answered (end of input).
    const r = spawnSync(path.join(DIST, 'tessera'), [], {
      input: `uci\nisready\nposition fen ${NPS_FEN}\ngo movetime ${NPS_MS}\n`,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const last = r.stdout
      .split('\n')
      .filter((l) => / multipv 1 .* pv /.test(l))
      .pop();
    expect(last, r.stdout.slice(-500)).toBeDefined();
    node = { nps: Number(/ nps (\d+)/.exec(last!)![1]), depth: Number(/^info depth (\d+)/.exec(last!)![1]) };
    browser = await launchChromium();
  }, 40_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const isolated of [true, false]) {
    it(`${isolated ? 'cross-origin isolated: threads and a shared hash' : 'not isolated: one worker'}; stop within 50 ms`, async () => {
      const server = await serve(isolated);
      const page = await browser!.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      try {
        await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
        const r = (await page.evaluate(
          'window.run(' + JSON.stringify([KIWIPETE, NPS_FEN, NPS_MS]).slice(1, -1) + ')',
        )) as PageResult;
        results[String(isolated)] = r;
        const times = r.stopTimes.map((t) => t.toFixed(1)).join(', ');
        console.log(`${isolated ? 'isolated' : 'not isolated'}: three stops answered in ${times} ms`);
        expect(r.isolated).toBe(isolated);
        expect(r.capabilities).toEqual({ sharedMemory: isolated, maxThreads: isolated ? 256 : 1 });
        for (const n of r.infos) expect(n).toBeGreaterThan(3);
        expect([...r.stopTimes].sort((a, b) => a - b)[1], 'the median of three stops').toBeLessThan(50);
        for (const m of r.stopped) expect(legal(KIWIPETE, m)).toBe(true);
        expect(r.badFen).toBe('bad-fen');
        expect(legal(KIWIPETE, r.after)).toBe(true);
        expect(r.nps).toBeGreaterThan(0);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        server.close();
      }
    }, 40_000);
  }

  it('the page searches at a speed comparable with the Node binary (same position, same machine)', () => {
    const r = results.true;
    expect(r, 'the isolated run above must have passed').toBeDefined();
    console.log(
      `nps on ${NPS_FEN}, ${NPS_MS} ms, 1 thread: browser ${r.nps} (depth ${r.npsDepth}), binary ${node!.nps} (depth ${node!.depth}), ratio ${(r.nps / node!.nps).toFixed(2)}`,
    );
    // The same code and the same WebAssembly kernels: far slower would mean the page lost them (or its JIT).
    expect(r.nps / node!.nps).toBeGreaterThan(0.4);
  });
});
