// The review, the saved game and the offline, isolated page in headless Chromium, driven as a user would: review a
// 44-move game (Kasparov–Topalov 1999, bench/review-game.json) at a small depth, see the graph and the marks, click
// the graph, stop half-way and go on without searching a position twice; reload and find the game and its review
// (IndexedDB) with no new search; open the built site from a plain static server that sends no COOP/COEP headers and
// get cross-origin isolation and two threads after the service worker's reload; stop the server, go offline, reload
// and analyse. With REVIEW_BENCH=1 it also times a review at depth 12 (REVIEW_BENCH_DEPTH) on one thread, to compare
// with `node bench/review-node.mjs --depth 12` on the same machine.
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { readPgn } from '../../web/pgn';
import { CHROMIUM, launchChromium, reportMissingChromium } from '../helpers/browser';
import { builtPage } from '../helpers/web-page';

const ROOT = path.resolve(__dirname, '..', '..');
const GAME = JSON.parse(readFileSync(path.join(ROOT, 'bench', 'review-game.json'), 'utf8')) as {
  pgn: string;
  fens: string[];
};
const DEPTH = '6';
reportMissingChromium('test/web/review-offline.test.ts', 'review and offline');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.md': 'text/markdown; charset=utf-8',
};

/** A plain static server for a folder, as any static host is: with the isolation headers only when asked. */
async function staticServer(dir: string, isolate: boolean): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      let name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (name.endsWith('/')) name += 'index.html';
      const file = path.join(dir, name);
      try {
        if (!file.startsWith(dir)) throw new Error('outside');
        const body = await readFile(file);
        const headers: Record<string, string> = {
          'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        };
        if (isolate) {
          headers['Cross-Origin-Opener-Policy'] = 'same-origin';
          headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
        }
        res.writeHead(200, headers).end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close() {
      server.close();
      server.closeAllConnections();
    },
  };
}

/** Console errors, failed responses and uncaught exceptions of a tab. */
const errorsOf = new WeakMap<Page, string[]>();
function watch(page: Page): string[] {
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err instanceof Error ? err.message : String(err)}`));
  return errors;
}

/** Waits for a condition across the reloads the page may make itself (the service worker's). */
async function until(page: Page, fn: string, timeout = 60000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      if (await page.evaluate(fn)) return;
    } catch {
      // The page was navigating.
    }
    if (Date.now() > end) {
      const seen = await page
        .evaluate(async () => {
          const reg = await navigator.serviceWorker?.getRegistration();
          const worker = reg ? (reg.active ?? reg.waiting ?? reg.installing)?.state : 'none';
          return (
            `isolated ${crossOriginIsolated}, controlled ${navigator.serviceWorker?.controller !== null}, ` +
            `worker ${worker}, state ${document.body.dataset.state}, status “${document.querySelector('#status')?.textContent}”`
          );
        })
        .catch((err: unknown) => String(err));
      throw new Error(`timed out waiting for ${fn}: ${seen}; errors: ${errorsOf.get(page)?.join(' | ')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ready = "document.body.dataset.state && document.body.dataset.state !== 'loading'";
const review = async (page: Page) =>
  page.$eval('#review', (el) => ({
    state: (el as HTMLElement).dataset.review ?? '',
    done: Number((el as HTMLElement).dataset.done),
    total: Number((el as HTMLElement).dataset.total),
    searched: Number((el as HTMLElement).dataset.searched ?? 0),
  }));

const OUT = path.join(__dirname, 'out');

describe.skipIf(!CHROMIUM)('review, saved games and the offline page in headless Chromium', () => {
  let tmp = '';
  let browser: Browser;
  let isolated: { url: string; close(): void };
  let plain: { url: string; close(): void } | undefined;

  beforeAll(async () => {
    tmp = await builtPage();
    isolated = await staticServer(tmp, true);
    browser = await launchChromium();
  }, 60000);

  afterAll(async () => {
    await browser?.close();
    isolated?.close();
    plain?.close();
  });

  async function openGame(page: Page, url: string, depth: string): Promise<void> {
    await page.goto(url, { waitUntil: 'load' });
    await until(page, ready);
    await page.click('#pgn-box summary');
    await page.$eval('#pgn-text', (el, text) => ((el as HTMLTextAreaElement).value = text), GAME.pgn);
    await page.click('#pgn-load');
    await page.waitForSelector('body[data-mode="analyse"]');
    await page.waitForFunction((n) => document.querySelectorAll('#moves .move').length === n, {}, GAME.fens.length - 1);
    await page.select('#review-depth', depth);
  }

  it('reviews a 44-move game: graph, marks, best moves, accuracy; stopped half-way, it goes on', async () => {
    expect(readPgn(GAME.pgn)).not.toBeTypeOf('string');
    const page = await browser.newPage();
    const errors = watch(page);
    await page.setViewport({ width: 1100, height: 800 });
    await openGame(page, isolated.url, DEPTH);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await page.click('#review-run');
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('#review')?.dataset.done) >= 30, {
      timeout: 60000,
    });
    await page.click('#review-stop');
    await page.waitForSelector('#review[data-review="stopped"]');
    const half = await review(page);
    expect(half.done).toBeGreaterThanOrEqual(30);
    expect(half.done).toBeLessThan(half.total);
    expect(await page.$eval('#review-run', (b) => b.textContent)).toBe('Continue review');
    // The graph shows what is known so far.
    expect(await page.$('#review-graph canvas')).not.toBeNull();

    await page.click('#review-run');
    await page.waitForSelector('#review[data-review="done"]', { timeout: 90000 });
    const full = await review(page);
    expect(full.total).toBe(GAME.fens.length);
    expect(full.done).toBe(full.total);
    // Only the positions not yet searched were searched again.
    expect(full.searched).toBe(full.total - half.done);
    expect(await page.$eval('#review-progress', (p) => (p as HTMLProgressElement).value)).toBe(full.total);

    const marks = await page.$$eval('#moves .review-mark', (els) => els.map((e) => e.textContent));
    expect(marks.length).toBeGreaterThan(0);
    const listed = await page.$$eval('#review-mistakes li', (els) => els.map((e) => e.textContent ?? ''));
    expect(listed.length).toBe(marks.length);
    expect(listed.some((t) => t.includes('— best '))).toBe(true);
    expect(await page.$eval('#review-summary', (e) => e.textContent)).toMatch(/Accuracy: White \d+% · Black \d+%/);

    // A listed mistake goes to its move, with the engine's best move as an arrow.
    await page.click('#review-mistakes li');
    await page.waitForFunction(() =>
      document.querySelector('#moves .move.current + .review-mark, #moves .move.current + .glyph + .review-mark'),
    );
    expect(await page.$('#board .arrow-review')).not.toBeNull();
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'review.png'), fullPage: true });

    // A click on the graph's left quarter goes to a move there.
    const box = await page.$eval('#review-graph .u-over', (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    });
    await page.mouse.click(box.x + box.w * 0.25, box.y + box.h / 2);
    const ply = await page.evaluate(() => {
      const cur = document.querySelector<HTMLElement>('#moves .move.current');
      return [...document.querySelectorAll('#moves .move')].indexOf(cur as Element) + 1;
    });
    expect(Math.abs(ply - (GAME.fens.length - 1) * 0.25)).toBeLessThan(4);
    await page.close();
    expect(errors).toEqual([]);
  }, 180000);

  it('finds the game and its review again after a reload, from IndexedDB, without searching', async () => {
    const page = await browser.newPage();
    const errors = watch(page);
    // No game in the URL: the page opens the last one it saved.
    await page.goto(isolated.url, { waitUntil: 'load' });
    await until(page, ready);
    await page.waitForFunction((n) => document.querySelectorAll('#moves .move').length === n, {}, GAME.fens.length - 1);
    await page.select('#review-depth', DEPTH);
    await page.waitForSelector('#review[data-review="done"]');
    const r = await review(page);
    expect(r.done).toBe(GAME.fens.length);
    expect(r.searched).toBe(0);
    expect((await page.$$('#moves .review-mark')).length).toBeGreaterThan(0);
    // Saved under a name, it is listed, opens, and is deleted.
    await page.click('#games-box summary');
    await page.type('#game-name', 'Immortal');
    await page.click('#game-save');
    await page.waitForFunction(() => document.querySelector('#games-list .game-open')?.textContent === 'Immortal');
    await page.click('#games-list .game-delete');
    await page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 0);
    await page.close();
    expect(errors).toEqual([]);
  }, 60000);

  it('on a static host without COOP/COEP: isolated with two threads after the service worker, installable, then offline', async () => {
    plain = await staticServer(tmp, false);
    const page = await browser.newPage();
    const errors = watch(page);
    await page.goto(plain.url, { waitUntil: 'load' });
    // The worker caches the whole build before it takes control, and the page then reloads: slow on a busy machine.
    await until(page, `crossOriginIsolated && navigator.serviceWorker.controller !== null && ${ready}`, 100000);
    const caps = await page.evaluate(() => ({
      threads: document.querySelectorAll('#threads option').length,
      text: document.querySelector('#caps')?.textContent ?? '',
    }));
    expect(caps.threads).toBeGreaterThanOrEqual(Math.min(2, os.availableParallelism()));
    expect(caps.text).toMatch(/^Cross-origin isolated/);
    // Installable as an app, by Chromium's own checks (manifest, icon, service worker).
    const cdp = await page.createCDPSession();
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();

    // The host gone and the network off: the page comes from the worker's cache, and analyses.
    plain.close();
    await page.setOfflineMode(true);
    await page.reload({ waitUntil: 'load' });
    await until(page, ready);
    await page.click('#tab-analyse');
    await page.waitForSelector('body[data-mode="analyse"]');
    await page.click('#go');
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('#stats')?.dataset.depth) >= 6, {
      timeout: 30000,
    });
    expect(await page.$$eval('#lines li', (l) => l.length)).toBeGreaterThan(0);
    await page.click('#stop');
    await page.close();
    expect(errors).toEqual([]);
  }, 170000);

  it.runIf(process.env.REVIEW_BENCH)(
    'times a review at a fixed depth on one thread (REVIEW_BENCH=1)',
    async () => {
      const depth = process.env.REVIEW_BENCH_DEPTH ?? '12';
      const page = await browser.newPage();
      await openGame(page, isolated.url, depth);
      const t0 = Date.now();
      await page.click('#review-run');
      await page.waitForSelector('#review[data-review="done"]', { timeout: 600000 });
      const seconds = (Date.now() - t0) / 1000;
      const r = await review(page);
      console.log(
        `review-page: ${r.searched} of ${r.total} positions at depth ${depth} on 1 thread: ${seconds.toFixed(2)} s ` +
          `(compare: node bench/review-node.mjs --depth ${depth})`,
      );
      await page.close();
    },
    620000,
  );
});
