// The endgame tables in headless Chromium, driven as a user would: a four-piece position shows the hint while the
// tables are off; turning them on fetches the 3–4-piece set (progress in bytes), the verdict stands above the lines
// (KRvK: White wins, with DTZ and every move's result, a winning one first; KNNvK: Draw), the engine's analysis
// scores the tables' win and counts tbhits; the service worker keeps the files once fetched, and a reload finds the
// switch still on; a file that fails to arrive leaves a short message, the switch off and the engine analysing without
// tables. No console errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { CHROMIUM, reportMissingChromium } from '../helpers/browser';
import { servePage, type ServedPage } from '../helpers/web-page';

reportMissingChromium('test/web/tablebase.test.ts', 'tablebase');

const KRVK = '8/8/8/4k3/8/8/8/R3K3 w - - 0 1';
const KNNVK = '8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1';

describe.skipIf(!CHROMIUM)('tablebases in headless Chromium', () => {
  let served: ServedPage | undefined;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    served = await servePage();
    ({ page, errors } = served);
  }, 60000);

  afterAll(async () => {
    await served?.close();
  });

  const text = (sel: string): Promise<string> => page.$eval(sel, (el) => el.textContent ?? '');

  async function setFen(fen: string, on: Page = page): Promise<void> {
    await on.$eval('#fen', (el, f) => ((el as HTMLInputElement).value = f), fen);
    await on.click('#fen-form button[type="submit"]');
    await on.waitForFunction((f) => document.querySelector<HTMLInputElement>('#fen')?.value === f, {}, fen);
  }

  it('shows the hint, fetches the tables on the switch, and gives the verdict and each move', async () => {
    await page.goto(served!.url);
    await page.waitForSelector('body[data-state="human"]', { timeout: 30000 });
    // The service worker in control, so that the tables it fetches stay in its cache.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, { timeout: 20000 });
    await page.click('#tab-analyse');
    await setFen(KRVK);
    expect(await page.$eval('#tb-toggle', (el) => (el as HTMLInputElement).checked)).toBe(false);
    expect(await page.$eval('#tb-hint', (el) => (el as HTMLElement).hidden)).toBe(false);
    expect(await text('#tb-hint')).toBe('Tablebases off — turn on for the exact result');

    // Every text the note shows on the way, to see the progress.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { tbNotes: string[] }).tbNotes = seen;
      const note = document.getElementById('tb-note') as HTMLElement;
      new MutationObserver(() => seen.push(note.textContent ?? '')).observe(note, { childList: true, subtree: true });
    });
    await page.click('#tb-toggle');
    await page.waitForFunction(() => document.getElementById('tb-note')?.textContent?.startsWith('Tablebases on'), {
      timeout: 20000,
    });
    expect(await text('#tb-note')).toBe('Tablebases on: 35 WDL and 35 DTZ tables, up to 4 pieces.');
    const notes = await page.evaluate(() => (window as unknown as { tbNotes: string[] }).tbNotes);
    expect(notes.some((n) => /^Tablebases: \d+\.\d \/ 4\.\d MB$/.test(n))).toBe(true);
    expect(await page.$eval('#tb-hint', (el) => (el as HTMLElement).hidden)).toBe(true);

    expect(await text('#tb-verdict')).toMatch(/^Tablebase: White wins · DTZ \d+$/);
    const moves = await page.$$eval('#tb-moves li', (lis) =>
      lis.map((li) => ({ wdl: li.getAttribute('data-wdl'), text: li.textContent ?? '' })),
    );
    expect(moves.length).toBeGreaterThan(10);
    expect(moves[0].wdl).toBe('2');
    expect(moves[0].text).toMatch(/^(K|R)[a-h1-8+]+Win · DTZ \d+$/);
  }, 60000);

  it("analyses with the tables: the score is the tables' win and the info counts tbhits", async () => {
    await page.waitForSelector('#go:not([disabled])');
    await page.click('#go');
    await page.waitForFunction(() => document.getElementById('stats')?.textContent?.includes('tbhits'), {
      timeout: 20000,
    });
    await page.waitForFunction(() => document.querySelector('#lines li .score') !== null, { timeout: 20000 });
    const score = await text('#lines li .score');
    // Below every mate, above every evaluation: TB+ (or a mate once the search sees one).
    expect(score).toMatch(/^(TB\+|#\d+)$/);
    await page.click('#stop');
    await page.waitForSelector('body[data-state="idle"]', { timeout: 10000 });
  }, 40000);

  it('KNNvK is a draw; the files stay in the cache and the switch stays on after a reload', async () => {
    await setFen(KNNVK);
    await page.waitForFunction(() => document.getElementById('tb-verdict')?.textContent === 'Tablebase: Draw');
    const cached = await page.evaluate(async () => {
      const keys = await (await caches.open('tessera-runtime')).keys();
      return keys.filter((r) => r.url.includes('/syzygy/')).length;
    });
    // 70 tables and the index.
    expect(cached).toBe(71);
    await page.reload();
    await page.waitForFunction(() => document.getElementById('tb-note')?.textContent?.startsWith('Tablebases on'), {
      timeout: 30000,
    });
    expect(await page.$eval('#tb-toggle', (el) => (el as HTMLInputElement).checked)).toBe(true);
    expect(errors).toEqual([]);
  }, 60000);

  it('a table that cannot be fetched: a short message, the switch off, and the engine analyses without tables', async () => {
    // A second tab with the switch remembered on; one file fails on the network (past the service worker's cache).
    const tab = await served!.browser.newPage();
    const seen: string[] = [];
    tab.on('pageerror', (err) => seen.push(`pageerror: ${err instanceof Error ? err.message : String(err)}`));
    tab.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().includes('net::ERR_FAILED')) seen.push(`console: ${msg.text()}`);
    });
    await tab.setBypassServiceWorker(true);
    await tab.setRequestInterception(true);
    tab.on('request', (r) => void (r.url().endsWith('/syzygy/KRvK.rtbz') ? r.abort('failed') : r.continue()));
    await tab.goto(served!.url);
    await tab.waitForFunction(() => document.getElementById('tb-note')?.textContent?.includes('could not be fetched'), {
      timeout: 30000,
    });
    expect(await tab.$eval('#tb-note', (el) => el.textContent)).toMatch(
      /^Tablebases could not be fetched \(.+\); the engine goes on without them\.$/,
    );
    expect(await tab.$eval('#tb-toggle', (el) => (el as HTMLInputElement).checked)).toBe(false);
    // The engine ready (the page reopens the last visit's game, in analysis).
    await tab.waitForSelector('#go:not([disabled])', { timeout: 30000 });
    await tab.click('#tab-analyse');
    await setFen(KRVK, tab);
    expect(await tab.$eval('#tb-hint', (el) => (el as HTMLElement).hidden)).toBe(false);
    await tab.click('#go');
    await tab.waitForFunction(() => document.querySelector('#lines li .score') !== null, { timeout: 20000 });
    await tab.click('#stop');
    await tab.close();
    expect(seen).toEqual([]);
  }, 60000);
});
