// The web page in a real browser: builds web/ with Vite, serves the build with Vite's preview server (which sends the
// COOP/COEP headers), and drives the system's headless Chromium through puppeteer-core. It plays moves with the mouse
// on the board's squares, as a user would, waits for Tessera's replies, runs and stops an analysis, and saves
// screenshots to test/web/out/. Without a Chromium the test is skipped and says so, except in CI, where .ci/run
// installs one and a missing browser is a failure.
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { Game } from '../../web/game';
import { CHROMIUM, reportMissingChromium } from '../helpers/browser';
import { dragPiece, servePage, squareCenter, type ServedPage } from '../helpers/web-page';

const OUT = path.join(__dirname, 'out');
reportMissingChromium('test/web/page.test.ts', 'web page');

describe.skipIf(!CHROMIUM)('web page in headless Chromium', () => {
  let served: ServedPage | undefined;
  let page: Page;
  let url = '';
  let errors: string[] = [];

  beforeAll(async () => {
    served = await servePage();
    ({ page, url, errors } = served);
    mkdirSync(OUT, { recursive: true });
  }, 40000);

  afterAll(async () => {
    await served?.close();
  });

  const drag = (from: string, to: string): Promise<void> => dragPiece(page, from, to);

  async function click(from: string, to: string): Promise<void> {
    const a = await squareCenter(page, from),
      b = await squareCenter(page, to);
    await page.mouse.click(a.x, a.y);
    await page.mouse.click(b.x, b.y);
  }

  /** The move list as the page shows it: UCI (data-uci) and SAN (the text). */
  async function moveList(): Promise<{ uci: string; san: string }[]> {
    return page.$$eval('#moves .move', (els) =>
      els.map((el) => ({ uci: (el as HTMLElement).dataset.uci ?? '', san: el.textContent ?? '' })),
    );
  }

  /** Replays the page's moves through the core: each must be legal and written as the page wrote it. */
  function replay(moves: { uci: string; san: string }[]): Game {
    const g = new Game();
    for (const m of moves) expect(g.play(m.uci), `${m.uci} after ${g.moves.join(' ')}`).toBe(m.san);
    return g;
  }

  async function waitForMoves(n: number): Promise<void> {
    await page.waitForFunction(
      (n) => document.querySelectorAll('#moves .move').length === n && document.body.dataset.state === 'human',
      { timeout: 20000 },
      n,
    );
  }

  it('loads cross-origin isolated, with the engine ready for the first move', async () => {
    const response = await page.goto(url, { waitUntil: 'load' });
    expect(response?.headers()['cross-origin-embedder-policy']).toBe('require-corp');
    await page.waitForSelector('body[data-state="human"]', { timeout: 30000 });
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    expect(await page.$$eval('#board [data-piece]', (els) => els.length)).toBe(32);
    // A fast clock: Tessera's replies come within a second or two.
    await page.select('#time-control', '1+0');
    await page.click('#new-game');
    // The engine's clock (Black's) waits at a full minute; the player's already runs.
    await page.waitForFunction(() => document.querySelector('#clock-b .clock-time')?.textContent === '1:00');
    expect(await page.$eval('#clock-w', (el) => el.classList.contains('running'))).toBe(true);
    await page.waitForSelector('body[data-state="human"]');
  });

  it('plays a move dragged on the board and gets a legal reply from Tessera', async () => {
    await drag('e2', 'e4');
    await waitForMoves(2);
    const moves = await moveList();
    expect(moves[0]).toEqual({ uci: 'e2e4', san: 'e4' });
    replay(moves);
  });

  it('plays a move by clicking two squares and gets a legal reply', async () => {
    await click('g1', 'f3');
    await waitForMoves(4);
    const moves = await moveList();
    expect(moves[2]).toEqual({ uci: 'g1f3', san: 'Nf3' });
    replay(moves);
    await page.screenshot({ path: path.join(OUT, 'play.png') });
  });

  it('looks back through the game with the keys, taking no move there, and takes a move back', async () => {
    const current = (): Promise<string> =>
      page.evaluate(() => (document.querySelector('#moves .move.current') as HTMLElement | null)?.dataset.uci ?? '');
    const moves = await moveList();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      (uci) => document.querySelector('#moves .move.current')?.getAttribute('data-uci') === uci,
      {},
      moves[1].uci,
    );
    expect(await page.$eval('#status', (el) => el.textContent)).toMatch(/End returns to the game/);
    // The board shows the earlier position and takes no move there.
    await drag('d2', 'd4');
    await new Promise((r) => setTimeout(r, 400));
    expect(await moveList()).toEqual(moves);
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your move');
    expect(await current()).toBe(moves[3].uci);
    // Take back: the player's move and the reply are gone, and it is the player's move again.
    await page.click('#undo');
    await waitForMoves(2);
    expect(await moveList()).toEqual(moves.slice(0, 2));
    expect(await current()).toBe(moves[1].uci);
  });

  it('analyses the position, shows lines with a depth, and stops', async () => {
    const game = replay(await moveList());
    await page.click('#tab-analyse');
    await page.waitForSelector('body[data-mode="analyse"][data-state="idle"]');
    await page.click('#go');
    await page.waitForSelector('body[data-state="analysing"]');
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('#stats')?.dataset.depth) >= 6, {
      timeout: 20000,
    });
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length >= 2, { timeout: 20000 });
    const lines = await page.$$eval('#lines li', (els) =>
      els.map((el) => ({
        depth: Number((el as HTMLElement).dataset.depth),
        score: el.querySelector('.score')?.textContent ?? '',
        pv: el.querySelector('.pv')?.textContent ?? '',
      })),
    );
    // Each line: a depth, a score (White's view), and a principal variation whose first move is legal here in SAN.
    const legalSan = new Set(game.legal().map((m) => game.sanLine([m])[0]));
    for (const line of lines) {
      expect(line.depth).toBeGreaterThanOrEqual(1);
      expect(line.score).toMatch(/^([+-]?\d+\.\d\d|#-?\d+)$/);
      const first = line.pv.replace(/^\d+(\.|…)\s*/, '').split(' ')[0];
      expect(legalSan, line.pv).toContain(first);
    }
    expect(await page.$eval('#stats', (el) => el.textContent)).toMatch(/depth \d+\/\d+ · [\d.]+ [Mk]nps/);
    // Fewer lines while it runs: the analysis starts again with MultiPV 1.
    await page.select('#multipv', '1');
    await page.waitForFunction(
      () => document.querySelectorAll('#lines li').length === 1 && document.body.dataset.state === 'analysing',
      { timeout: 10000 },
    );
    await page.click('#stop');
    await page.waitForSelector('body[data-state="idle"]', { timeout: 10000 });
    expect(await page.$eval('#stop', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await page.screenshot({ path: path.join(OUT, 'page.png') });
  });

  it('offers a choice of piece on promotion, and shows the end of the game', async () => {
    await setFen('k7/4P3/1K6/8/8/8/8/8 w - - 0 1');
    await drag('e7', 'e8');
    await page.waitForSelector('.promotion-dialog-group rect[data-piece="wn"]', { visible: true, timeout: 5000 });
    await page.click('.promotion-dialog-group rect[data-piece="wn"]');
    await page.waitForFunction(() => document.querySelector('#moves .move')?.textContent === 'e8=N');
    await page.waitForSelector('#board .pieces-layer g[data-square="e8"][data-piece="wn"]', { timeout: 5000 });

    // Back-rank mate: the game is over, and the board takes no more moves.
    await setFen('6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1');
    await click('a1', 'a8');
    await page.waitForSelector('body[data-state="over"]', { timeout: 5000 });
    expect(await page.$eval('#status', (el) => el.textContent)).toBe('Checkmate: White wins (1-0)');
    expect(await page.$eval('#moves', (el) => el.textContent)).toContain('Ra8#');
  });

  async function setFen(fen: string): Promise<void> {
    await page.$eval('#fen', (el, fen) => ((el as HTMLInputElement).value = fen), fen);
    await page.click('#fen-form button');
    await page.waitForFunction((fen) => document.querySelector<HTMLInputElement>('#fen')?.value === fen, {}, fen);
    await page.waitForSelector('body[data-state="idle"]');
  }

  it('logged no errors to the console', () => {
    expect(errors).toEqual([]);
  });
});
