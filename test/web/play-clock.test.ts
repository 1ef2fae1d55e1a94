// The web page's game on a clock, and the analysis's settings, threat mode and opening names, in headless Chromium
// (test/helpers/web-page.ts builds and serves the page). The player moves with the mouse, as a user would.
import * as path from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { CHROMIUM, launchChromium, reportMissingChromium } from '../helpers/browser';
import { dragPiece, openTab, servePage, type ServedPage } from '../helpers/web-page';

const OUT = path.join(__dirname, 'out');
reportMissingChromium('test/web/play-clock.test.ts', 'web page clock and analysis settings');

describe.skipIf(!CHROMIUM)('web page: a game on a clock, engine settings, threat mode, opening names', () => {
  let served: ServedPage | undefined;
  let page: Page;
  // The 1+1 game's own browser: its player's flag takes a minute to fall, while the other tests go on in the first
  // one (a second tab of the same browser would hide the first, and the page stops analysing in a hidden tab).
  let flagBrowser: Browser | undefined;
  let flagTab: Page;
  let url = '';
  let errors: string[] = [];

  beforeAll(async () => {
    served = await servePage();
    ({ page, url, errors } = served);
    mkdirSync(OUT, { recursive: true });
  }, 40000);

  afterAll(async () => {
    await flagBrowser?.close();
    await served?.close();
  });

  const text = (sel: string, on = page): Promise<string> => on.$eval(sel, (el) => el.textContent ?? '');
  const moveCount = (): Promise<number> => page.$$eval('#moves .move', (els) => els.length);

  async function waitForMoves(n: number, timeout = 20000, on = page): Promise<void> {
    await on.waitForFunction(
      (n) => document.querySelectorAll('#moves .move').length === n && document.body.dataset.state === 'human',
      { timeout },
      n,
    );
  }

  /** What the engine was told at its last go (the clocks' data-go): wtime, btime, winc, binc. */
  async function lastGo(on = page): Promise<Record<string, number>> {
    const go = await on.$eval('#clocks', (el) => (el as HTMLElement).dataset.go ?? '');
    const words = go.split(' ');
    const out: Record<string, number> = {};
    for (let i = 0; i + 1 < words.length; i += 2) out[words[i]] = Number(words[i + 1]);
    return out;
  }

  async function newGame(control: string, custom = '', on = page): Promise<void> {
    await on.select('#time-control', control);
    if (custom) await on.$eval('#custom-tc', (el, v) => ((el as HTMLInputElement).value = v), custom);
    await on.select('#color', 'w');
    await on.click('#new-game');
  }

  it('plays at 1+1 against the limiter (in a browser of its own): the engine is told wtime/btime/winc/binc, the clocks run', async () => {
    flagBrowser = await launchChromium();
    flagTab = await openTab(flagBrowser, errors);
    const on = flagTab;
    await on.goto(url, { waitUntil: 'load' });
    await on.waitForSelector('body[data-state="human"]', { timeout: 30000 });
    await newGame('1+1', '', on);
    // A fresh minute, White's clock already running: it shows 1:00 or, a moment later, 0:59.
    await on.waitForFunction(() => {
      const clock = document.querySelector<HTMLElement>('#clock-w');
      return (
        Number(clock?.dataset.ms) > 58000 &&
        /^(1:00|0:59)$/.test(clock?.querySelector('.clock-time')?.textContent ?? '')
      );
    });
    expect(await on.$eval('#clock-w', (el) => el.classList.contains('running'))).toBe(true);
    expect(await text('#clock-b .clock-name', on)).toBe('Black · Tessera (Elo 1500)');
    await dragPiece(on, 'e2', 'e4');
    await waitForMoves(2, 20000, on);
    const first = await lastGo(on);
    expect(first.winc).toBe(1000);
    expect(first.binc).toBe(1000);
    // White moved (and got its increment) before Black's go: both clocks are near a minute.
    expect(first.btime).toBeGreaterThan(50000);
    expect(first.btime).toBeLessThanOrEqual(60000);
    expect(first.wtime).toBeGreaterThan(50000);
    expect(first.wtime).toBeLessThanOrEqual(61000);
    await dragPiece(on, 'd2', 'd4');
    await waitForMoves(4, 20000, on);
    const second = await lastGo(on);
    // The engine's own clock at its second go: what it used on its first move is gone, its increment added.
    expect(second.btime).not.toBe(first.btime);
    expect(second.btime).toBeLessThanOrEqual(first.btime + 1000);
    // The player's clock runs: it shows less than a minute and an increment.
    const w = Number(await on.$eval('#clock-w', (el) => (el as HTMLElement).dataset.ms));
    expect(w).toBeLessThan(62000);
    expect(await on.$eval('#clock-w', (el) => el.classList.contains('running'))).toBe(true);
    expect(await on.$eval('#clock-w .clock-time', (el) => el.textContent)).toMatch(/^[01]:\d\d$/);
    // The player stops moving here; the last test of the file sees its flag fall.
  }, 60000);

  it('has a draw offer declined early in the game, and ends by resignation with a PGN', async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('body[data-state="human"]', { timeout: 30000 });
    await newGame('1+1');
    await dragPiece(page, 'e2', 'e4');
    await waitForMoves(2);
    await dragPiece(page, 'd2', 'd4');
    await waitForMoves(4);
    await page.click('#offer-draw');
    await page.waitForFunction(() =>
      /declines the draw/.test(document.querySelector('#play-message')?.textContent ?? ''),
    );
    expect(await moveCount()).toBe(4);
    await page.click('#resign');
    await page.waitForSelector('body[data-state="over"]');
    expect(await text('#play-result')).toBe('0-1 · White resigned');
    expect(await text('#status')).toBe('White resigned (0-1)');
    const pgn = await page.$eval('#pgn-text', (el) => (el as HTMLTextAreaElement).value);
    expect(pgn).toContain('[White "You"]');
    expect(pgn).toContain('[Black "Tessera (Elo 1500)"]');
    expect(pgn).toContain('[Result "0-1"]');
    expect(pgn).toContain('[TimeControl "60+1"]');
    expect(pgn).toContain('[Termination "Normal"]');
    expect(pgn).toMatch(/\[Date "\d{4}\.\d\d\.\d\d"\]/);
    expect(pgn).toMatch(/1\. e4 \S+ 2\. d4 \S+ 0-1/);
    expect(await page.$eval('#resign', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
  });

  it('refuses a bad custom time control, then loses on time at a short custom one', async () => {
    await newGame('custom', '5 minutes');
    await page.waitForFunction(() =>
      /not a time control/.test(document.querySelector('#play-message')?.textContent ?? ''),
    );
    // The finished game is still there.
    expect(await text('#play-result')).toBe('0-1 · White resigned');
    expect(await moveCount()).toBe(4);
    // 6 seconds and no increment: a 1+1 flag would take a minute of waiting; this clock's flag falls as one does.
    await newGame('custom', '0.1+0');
    // Tenths under ten seconds; White's clock runs from the start.
    await page.waitForFunction(() =>
      /^0:0[56]\.\d$/.test(document.querySelector('#clock-w .clock-time')?.textContent ?? ''),
    );
    await dragPiece(page, 'e2', 'e4');
    await waitForMoves(2);
    const go = await lastGo();
    expect(go.btime).toBeLessThanOrEqual(6000);
    expect(go.winc).toBe(0);
    await page.waitForSelector('body[data-state="over"]', { timeout: 12000 });
    expect(await text('#play-result')).toBe('0-1 · White lost on time');
    expect(await text('#clock-w .clock-time')).toBe('0:00.0');
    const pgn = await page.$eval('#pgn-text', (el) => (el as HTMLTextAreaElement).value);
    expect(pgn).toContain('[TimeControl "6+0"]');
    expect(pgn).toContain('[Termination "Time forfeit"]');
    expect(pgn).toContain('[Result "0-1"]');
    await page.screenshot({ path: path.join(OUT, 'play-clock.png') });
  });

  /** Loads a PGN into the analysis board and goes to its last move. */
  async function loadPgn(pgn: string, plies: number): Promise<void> {
    await page.$eval('#pgn-text', (el, text) => ((el as HTMLTextAreaElement).value = text), pgn);
    await page.$eval('#pgn-load', (el) => (el as HTMLButtonElement).click());
    await page.waitForSelector('body[data-mode="analyse"]');
    await page.waitForFunction((n) => document.querySelectorAll('#moves .move').length === n, {}, plies);
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#moves .move:last-of-type.current') !== null);
  }

  it('names the opening of the move shown, and follows the keys', async () => {
    await loadPgn('1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *', 10);
    await page.waitForFunction(
      () => document.querySelector('#opening')?.textContent === 'B90 Sicilian Defense: Najdorf Variation',
      { timeout: 10000 },
    );
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('#opening')?.textContent === '');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#opening')?.textContent === 'B20 Sicilian Defense');
  });

  it("shows the opponent's threat as a red arrow with x (Qxf7#), and refuses threat mode in check", async () => {
    await loadPgn('1. e4 e5 2. Qh5 Nc6 3. Bc4 *', 5);
    expect(await page.$eval('#threat', (el) => (el as HTMLButtonElement).disabled)).toBe(false);
    await page.keyboard.press('x');
    await page.waitForSelector('#board .arrows g.arrow-threat', { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector('#lines li .pv')?.textContent?.includes('Qxf7#'), {
      timeout: 20000,
    });
    expect(await page.$eval('#lines', (el) => el.classList.contains('threat'))).toBe(true);
    expect(await page.$eval('#threat', (el) => el.getAttribute('aria-pressed'))).toBe('true');
    expect(await page.$eval('#board .arrows g.arrow-threat', (el) => el.getAttribute('data-arrow'))).toBe('h5f7');
    expect(await text('#engine-run')).toBe('running');
    await page.screenshot({ path: path.join(OUT, 'threat.png') });
    await page.keyboard.press('x');
    await page.waitForFunction(() => !document.querySelector('#lines')?.classList.contains('threat'));
    await page.click('#stop');
    await page.waitForSelector('body[data-state="idle"]');
    expect(await text('#engine-run')).toBe('stopped');
    // In check there is no threat to show.
    await loadPgn('1. e4 e5 2. Qh5 Nc6 3. Qxf7+ *', 5);
    expect(await page.$eval('#threat', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    expect(await page.$eval('#threat', (el) => (el as HTMLElement).title)).toMatch(/check/);
  });

  it('goes deeper after a depth-limited search without clearing the lines', async () => {
    await loadPgn('1. e4 e5 2. Nf3 Nc6 *', 4);
    await page.select('#search-limit', 'depth:12');
    await page.click('#go');
    await page.waitForFunction(() => /^Done: depth 12/.test(document.querySelector('#status')?.textContent ?? ''), {
      timeout: 30000,
    });
    expect(await page.$eval('#deeper', (el) => (el as HTMLButtonElement).disabled)).toBe(false);
    const before = await page.$$eval('#lines li', (els) => els.map((e) => Number((e as HTMLElement).dataset.depth)));
    expect(before.length).toBe(3);
    await page.click('#deeper');
    // The lines stay while the deeper search catches up: never fewer, never shallower.
    for (let i = 0; i < 5; i++) {
      const now = await page.$$eval('#lines li', (els) => els.map((e) => Number((e as HTMLElement).dataset.depth)));
      expect(now.length).toBe(3);
      for (const d of now) expect(d).toBeGreaterThanOrEqual(12);
      await new Promise((r) => setTimeout(r, 50));
    }
    await page.waitForFunction(() => /^Done: depth 1[6-9]/.test(document.querySelector('#status')?.textContent ?? ''), {
      timeout: 40000,
    });
    expect(Number(await page.$eval('#stats', (el) => (el as HTMLElement).dataset.depth))).toBeGreaterThanOrEqual(16);
  });

  it('keeps the lines when the number of lines changes mid-search, and stops when the tab is hidden', async () => {
    // A new limit while the analysis is on restarts it (Go is for a stopped analysis).
    await page.select('#search-limit', 'infinite');
    await page.waitForSelector('body[data-state="analysing"]');
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 3, { timeout: 20000 });
    // More lines: the three shown stay until the new search reports (the fewest seen in between is counted by an
    // observer: the new search may report before the test could look); fewer: the extra ones go at once.
    await page.evaluate(() => {
      const w = window as unknown as { fewestLines: number };
      w.fewestLines = document.querySelectorAll('#lines li').length;
      new MutationObserver(() => {
        w.fewestLines = Math.min(w.fewestLines, document.querySelectorAll('#lines li').length);
      }).observe(document.querySelector('#lines') as Node, { childList: true, subtree: true });
    });
    await page.select('#multipv', '5');
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 5, { timeout: 20000 });
    expect(await page.evaluate(() => (window as unknown as { fewestLines: number }).fewestLines)).toBe(3);
    await page.select('#multipv', '1');
    expect(await page.$$eval('#lines li', (els) => els.length)).toBeGreaterThanOrEqual(1);
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 1, { timeout: 20000 });
    await page.waitForSelector('body[data-state="analysing"]');
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { value: true, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForSelector('body[data-state="idle"]', { timeout: 10000 });
    expect(await text('#status')).toMatch(/tab was hidden/);
    expect(await text('#engine-run')).toBe('stopped');
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    });
  });

  it('ends the 1+1 game of the first test by flag, the player having stopped moving: White lost on time', async () => {
    const on = flagTab;
    // The engine does not think on the player's time: the clock alone ends the game, within the minute it had left.
    await on.waitForSelector('body[data-state="over"]', { timeout: 75000 });
    expect(await text('#play-result', on)).toBe('0-1 · White lost on time');
    expect(await text('#clock-w .clock-time', on)).toBe('0:00.0');
    const pgn = await on.$eval('#pgn-text', (el) => (el as HTMLTextAreaElement).value);
    expect(pgn).toContain('[TimeControl "60+1"]');
    expect(pgn).toContain('[Termination "Time forfeit"]');
    expect(pgn).toMatch(/1\. e4 \S+ 2\. d4 \S+ 0-1/);
  }, 90000);

  it('logged no errors to the console', () => {
    expect(errors).toEqual([]);
  });
});
