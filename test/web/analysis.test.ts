// The analysis board in headless Chromium, driven as a user would: paste a PGN with a variation, a comment and NAGs,
// step through it with the keyboard, add a variation by moving on the board, export the PGN, reload the page from its
// URL, see the engine's arrows (and a hovered line's preview), refuse a bad PGN, and check the layout on a desktop, a
// small laptop and a phone. Screenshots go to test/web/out/ (analysis.png, phone.png).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { Game } from '../../web/game';
import { readPgn } from '../../web/pgn';
import { CHROMIUM, reportMissingChromium } from '../helpers/browser';
import { dragPiece, servePage, squareCenter, type ServedPage } from '../helpers/web-page';

const OUT = path.join(__dirname, 'out');
reportMissingChromium('test/web/analysis.test.ts', 'analysis board');

const PGN = `[Event "Casual"]
[White "Ann"]
[Black "Bob"]
[Result "*"]

1. e4 e5 2. Nf3 {the usual} (2. Bc4 Nf6?!) 2... Nc6! 3. Bb5 *
`;

/** The FEN after a line of UCI moves from the start. */
function fenAfter(...moves: string[]): string {
  const g = new Game();
  for (const m of moves) if (!g.play(m)) throw new Error(`${m} is not legal after ${g.moves.join(' ')}`);
  return g.fen();
}

describe.skipIf(!CHROMIUM)('analysis board in headless Chromium', () => {
  let served: ServedPage | undefined;
  let page: Page;
  let url = '';
  let errors: string[] = [];

  beforeAll(async () => {
    served = await servePage();
    ({ page, url, errors } = served);
    mkdirSync(OUT, { recursive: true });
    await served.browser
      .defaultBrowserContext()
      .overridePermissions(new URL(url).origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  }, 40000);

  afterAll(async () => {
    await served?.close();
  });

  /** What the move list shows as the current move ('' at the start), and the position on the board and in the FEN box. */
  async function shown(): Promise<{ move: string; inVariation: boolean; fen: string; placement: string }> {
    return page.evaluate(() => {
      const cur = document.querySelector('#moves .move.current');
      const pieces = [...document.querySelectorAll('#board .pieces-layer g[data-square]')].map(
        (g) => `${g.getAttribute('data-square')}${g.getAttribute('data-piece')}`,
      );
      return {
        move: cur?.textContent ?? '',
        inVariation: cur?.closest('.variations') !== null && cur !== null,
        fen: document.querySelector<HTMLInputElement>('#fen')?.value ?? '',
        placement: pieces.sort().join(' '),
      };
    });
  }

  /** The board's pieces for a FEN, as shown() lists them. */
  function placement(fen: string): string {
    const out: string[] = [];
    fen
      .split(' ')[0]
      .split('/')
      .forEach((row, r) => {
        let file = 0;
        for (const ch of row) {
          if (/\d/.test(ch)) file += Number(ch);
          else {
            const color = ch === ch.toUpperCase() ? 'w' : 'b';
            out.push(`${'abcdefgh'[file]}${8 - r}${color}${ch.toLowerCase()}`);
            file++;
          }
        }
      });
    return out.sort().join(' ');
  }

  /** Presses a key and waits until the page shows the expected move and position (the board animates). */
  async function press(key: string, move: string, fen: string): Promise<void> {
    await page.keyboard.press(key as Parameters<Page['keyboard']['press']>[0]);
    await page.waitForFunction(
      (move) => (document.querySelector('#moves .move.current')?.textContent ?? '') === move,
      { timeout: 5000 },
      move,
    );
    await page.waitForFunction(
      (fen) => document.querySelector<HTMLInputElement>('#fen')?.value === fen,
      { timeout: 5000 },
      fen,
    );
    const s = await shown();
    expect(s.fen).toBe(fen);
    await expect.poll(async () => (await shown()).placement, { timeout: 3000 }).toBe(placement(fen));
  }

  it('loads a pasted PGN with its variation, comment and NAGs', async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('body[data-state="human"]', { timeout: 30000 });
    await page.click('#pgn-box summary');
    await page.click('#pgn-text');
    await page.$eval('#pgn-text', (el, text) => ((el as HTMLTextAreaElement).value = text), PGN);
    await page.click('#pgn-load');
    await page.waitForSelector('body[data-mode="analyse"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 7);
    const view = await page.evaluate(() => ({
      main: [...document.querySelectorAll('#moves > .move')].map((e) => e.textContent),
      variation: [...document.querySelectorAll('#moves .variations .move')].map((e) => e.textContent),
      comments: [...document.querySelectorAll('#moves .comment')].map((e) => e.textContent),
      glyphs: [...document.querySelectorAll('#moves .glyph')].map((e) => e.textContent),
      message: document.querySelector('#pgn-message')?.textContent,
    }));
    expect(view.main).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    expect(view.variation).toEqual(['Bc4', 'Nf6']);
    expect(view.comments).toEqual(['the usual']);
    expect(view.glyphs).toEqual(['?!', '!']);
    expect(view.message).toMatch(/loaded/);
    expect((await shown()).move).toBe('');
  });

  it('steps through the game and its variation with the keyboard', async () => {
    // The focus is on the Load button, not in a text field: the keys are the board's.
    await press('ArrowRight', 'e4', fenAfter('e2e4'));
    await press('ArrowRight', 'e5', fenAfter('e2e4', 'e7e5'));
    await press('ArrowRight', 'Nf3', fenAfter('e2e4', 'e7e5', 'g1f3'));
    await press('ArrowDown', 'Bc4', fenAfter('e2e4', 'e7e5', 'f1c4'));
    expect((await shown()).inVariation).toBe(true);
    await press('ArrowRight', 'Nf6', fenAfter('e2e4', 'e7e5', 'f1c4', 'g8f6'));
    await press('ArrowLeft', 'Bc4', fenAfter('e2e4', 'e7e5', 'f1c4'));
    await press('ArrowUp', 'Nf3', fenAfter('e2e4', 'e7e5', 'g1f3'));
    expect((await shown()).inVariation).toBe(false);
    await press('End', 'Bb5', fenAfter('e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5'));
    await press('Home', '', new Game().fen());
    // A click on a move goes there.
    const variation = await page.$$('#moves .variations .move');
    await variation.at(-1)?.click();
    await page.waitForFunction(() => document.querySelector('#moves .move.current')?.textContent === 'Nf6');
  });

  it('flips the board with f, but not while typing in a field', async () => {
    const rank = async (): Promise<number> => (await squareCenter(page, 'a1')).y - (await squareCenter(page, 'a8')).y;
    expect(await rank()).toBeGreaterThan(0);
    await page.keyboard.press('f');
    await expect.poll(rank, { timeout: 3000 }).toBeLessThan(0);
    await page.keyboard.press('f');
    await expect.poll(rank, { timeout: 3000 }).toBeGreaterThan(0);
    await page.click('#pgn-text');
    await page.keyboard.press('f');
    await page.keyboard.press('ArrowLeft');
    expect(await rank()).toBeGreaterThan(0);
    expect((await shown()).move).toBe('Nf6');
    await page.$eval('#pgn-text', (el) => (el as HTMLTextAreaElement).blur());
  });

  it('adds a variation by moving on the board, and exports it with the rest', async () => {
    // After 2... Nc6, play 3. Bc4 instead of 3. Bb5.
    await page.click('#nav-start');
    const line = ['e2e4', 'e7e5', 'g1f3', 'b8c6'];
    for (const [i, san] of ['e4', 'e5', 'Nf3', 'Nc6'].entries())
      await press('ArrowRight', san, fenAfter(...line.slice(0, i + 1)));
    await dragPiece(page, 'f1', 'c4');
    await page.waitForFunction(() => document.querySelector('#moves .move.current')?.textContent === 'Bc4');
    expect((await shown()).inVariation).toBe(true);
    expect((await shown()).fen).toBe(fenAfter('e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4'));

    await page.click('#pgn-copy');
    await page.waitForFunction(() => document.querySelector('#pgn-message')?.textContent === 'PGN copied.');
    const pgn = await page.evaluate(() => navigator.clipboard.readText());
    expect(pgn).toContain('[White "Ann"]');
    expect(pgn).toContain('1. e4 e5 2. Nf3 {the usual} (2. Bc4 Nf6 $6) 2... Nc6 $1 3. Bb5 (3. Bc4) *');
    // And it reads back into the same tree.
    const back = readPgn(pgn);
    if (typeof back === 'string') throw new Error(back);
    expect(back.tree.mainline().map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);

    await page.click('#fen-copy');
    await page.waitForFunction(() => document.querySelector('#pgn-message')?.textContent === 'FEN copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await shown()).fen);
  });

  it('keeps the game and the move shown in the URL, and finds them again after a reload', async () => {
    const before = await shown();
    const link = page.url();
    expect(link).toMatch(/#pgn=.*&path=0\.0\.0\.0\.1$/);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-mode="analyse"]');
    await page.waitForFunction(() => document.querySelector('#moves .move.current')?.textContent === 'Bc4');
    const after = await shown();
    expect(after.fen).toBe(before.fen);
    expect(after.inVariation).toBe(true);
    await expect.poll(async () => (await shown()).placement, { timeout: 3000 }).toBe(placement(before.fen));
    expect(await page.$$eval('#moves .comment', (els) => els.map((e) => e.textContent))).toEqual(['the usual']);
  });

  it("shows the engine's moves as arrows, and a hovered line's moves as a preview", async () => {
    await page.waitForSelector('#go:not([disabled])', { timeout: 30000 });
    await page.select('#multipv', '3');
    await page.click('#go');
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length >= 2, { timeout: 20000 });
    await page.waitForSelector('#board .arrows g.arrow-best');
    const game = new Game((await shown()).fen);
    const legal = new Set(game.legal());
    const arrows = await page.$$eval('#board .arrows g.arrow', (els) =>
      els.map((e) => ({ move: e.getAttribute('data-arrow') ?? '', best: e.classList.contains('arrow-best') })),
    );
    expect(arrows.filter((a) => a.best)).toHaveLength(1);
    expect(arrows.length).toBeGreaterThanOrEqual(2);
    for (const a of arrows)
      expect(
        [...legal].some((m) => m.startsWith(a.move)),
        a.move,
      ).toBe(true);

    // The lines are redrawn on every report: point at where the second one is now, until its preview shows.
    const previewing = async (): Promise<boolean> => {
      const at = await page.$eval('#lines li:nth-child(2)', (el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      });
      await page.mouse.move(at.x, at.y);
      return (await page.$$('#board .arrows g.arrow-preview')).length > 0;
    };
    await expect.poll(previewing, { timeout: 5000, interval: 200 }).toBe(true);
    expect(await page.$$('#board .arrows g.arrow-best')).toHaveLength(0);
    await page.mouse.move(5, 5);
    await page.waitForSelector('#board .arrows g.arrow-best');
    await page.screenshot({ path: path.join(OUT, 'analysis.png') });
    await page.click('#stop');
    await page.waitForSelector('body[data-state="idle"]', { timeout: 10000 });
  });

  it('refuses a bad PGN with a short message and keeps the game', async () => {
    const before = await page.$$eval('#moves .move', (els) => els.map((e) => e.textContent));
    if (!(await page.$eval('#pgn-box', (el) => (el as HTMLDetailsElement).open))) await page.click('#pgn-box summary');
    await page.$eval('#pgn-text', (el) => ((el as HTMLTextAreaElement).value = '1. e4 e5 2. Qxf7 Nc6'));
    await page.click('#pgn-load');
    await page.waitForSelector('#pgn-message.bad');
    expect(await page.$eval('#pgn-message', (el) => el.textContent)).toMatch(/^PGN not loaded: illegal move 'Qxf7'/);
    expect(await page.$$eval('#moves .move', (els) => els.map((e) => e.textContent))).toEqual(before);
  });

  it('downloads the game as a .pgn file, and opens one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-pgn-'));
    try {
      const cdp = await served!.browser.target().createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
      await page.click('#pgn-download');
      const file = path.join(dir, 'Ann-vs-Bob.pgn');
      await expect.poll(() => existsSync(file), { timeout: 5000 }).toBe(true);
      const saved = readFileSync(file, 'utf8');
      expect(saved).toContain('3. Bb5 (3. Bc4) *');

      const other = path.join(dir, 'other.pgn');
      writeFileSync(other, '[White "Cy"]\n\n1. d4 d5 2. c4 {the gambit} e6 *\n');
      const input = await page.$('#pgn-file');
      await (input as ElementHandle<HTMLInputElement>).uploadFile(other);
      await page.waitForFunction(
        () => document.querySelector('#pgn-message')?.textContent === 'other.pgn loaded: 4 plies.',
      );
      expect(await page.$$eval('#moves .move', (els) => els.map((e) => e.textContent))).toEqual([
        'd4',
        'd5',
        'c4',
        'e6',
      ]);
      expect(await page.$eval('#moves .comment', (el) => el.textContent)).toBe('the gambit');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a variation the main line and deletes a line from the menu a right-click on a move opens', async () => {
    await page.$eval('#pgn-text', (el) => ((el as HTMLTextAreaElement).value = '1. d4 d5 2. c4 (2. Nf3 Nf6) e6 *'));
    await page.click('#pgn-load');
    await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 6);
    const menuOn = async (san: string, item: string): Promise<void> => {
      const moves = await page.$$('#moves .move');
      for (const m of moves) if ((await m.evaluate((e) => e.textContent)) === san) await m.click({ button: 'right' });
      await page.waitForSelector('#move-menu:not([hidden])');
      const [button] = await page.$$(`xpath/.//div[@id="move-menu"]/button[text()="${item}"]`);
      await (button as ElementHandle<HTMLButtonElement>).click();
      await page.waitForSelector('#move-menu[hidden]');
    };
    const view = (): Promise<{ main: string[]; variation: string[] }> =>
      page.evaluate(() => ({
        main: [...document.querySelectorAll('#moves > .move')].map((e) => e.textContent ?? ''),
        variation: [...document.querySelectorAll('#moves .variations .move')].map((e) => e.textContent ?? ''),
      }));
    await menuOn('Nf6', 'Make main line');
    expect(await view()).toEqual({ main: ['d4', 'd5', 'Nf3', 'Nf6'], variation: ['c4', 'e6'] });
    await menuOn('e6', 'Delete from here');
    expect(await view()).toEqual({ main: ['d4', 'd5', 'Nf3', 'Nf6'], variation: ['c4'] });
    await menuOn('c4', 'Promote variation');
    expect(await view()).toEqual({ main: ['d4', 'd5', 'c4'], variation: ['Nf3', 'Nf6'] });
  });

  it('lays the panel beside the board on a small laptop and under it on a phone', async () => {
    const boxes = (): Promise<{ board: DOMRect; panel: DOMRect; width: number }> =>
      page.evaluate(() => ({
        board: document.querySelector('#board')!.getBoundingClientRect().toJSON(),
        panel: document.querySelector('#panel')!.getBoundingClientRect().toJSON(),
        width: document.documentElement.scrollWidth,
      }));
    // At the end of the game, for the screenshot. The board redraws itself at its new size a moment after the window
    // changes.
    await page.keyboard.press('End');
    await page.setViewport({ width: 800, height: 600 });
    await expect.poll(async () => (await boxes()).board.bottom, { timeout: 3000 }).toBeLessThanOrEqual(600);
    let b = await boxes();
    expect(b.panel.left).toBeGreaterThanOrEqual(b.board.right);

    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await expect.poll(async () => (await boxes()).board.right, { timeout: 3000 }).toBeLessThanOrEqual(390);
    // A change to a phone's viewport reloads the page: the game comes back from the URL, the engine starts again.
    await page.waitForSelector('#go:not([disabled])', { timeout: 30000 });
    b = await boxes();
    expect(b.panel.top).toBeGreaterThanOrEqual(b.board.bottom);
    expect(b.width).toBeLessThanOrEqual(390); // nothing wider than the screen
    await page.screenshot({ path: path.join(OUT, 'phone.png') });
    // Touch: from the start, a tap on the e-pawn and a tap on e4 plays 1. e4 (a variation beside 1. d4).
    await page.keyboard.press('Home');
    for (const sq of ['e2', 'e4']) {
      const at = await squareCenter(page, sq);
      await page.touchscreen.tap(at.x, at.y);
    }
    await page.waitForFunction(() => document.querySelector('#moves .move.current')?.textContent === 'e4');
    await page.setViewport({ width: 1100, height: 720 });
  });

  it('says so when a link holds a game that cannot be read, and keeps the game (or starts a new one on a load)', async () => {
    const before = await page.$$eval('#moves .move', (els) => els.map((e) => e.textContent));
    expect(before.length).toBeGreaterThan(0);
    // Only the hash changes: the same page reads it.
    await page.goto(`${url}#pgn=1._e4_e5_2._Qxf7`);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('could not be read'));
    expect(await page.$eval('#status', (el) => el.textContent)).toMatch(
      /^The link's game could not be read: illegal move 'Qxf7'/,
    );
    expect(await page.$$eval('#moves .move', (els) => els.map((e) => e.textContent))).toEqual(before);
    // Loaded with it: a new game, and the same words.
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-state="human"]', { timeout: 30000 });
    expect(await page.$eval('#status', (el) => el.textContent)).toMatch(
      /could not be read: illegal move 'Qxf7' after 2 plies\. Your move$/,
    );
    expect(await page.$$('#moves .move')).toHaveLength(0);
  });

  it('logged no errors to the console', () => {
    expect(errors).toEqual([]);
  });
});
