// The web page built and served for the browser tests: Vite builds web/ into a temporary folder and its preview server
// serves it with the COOP/COEP headers; a headless Chromium tab collects every console error, failed response and
// uncaught exception, which each test file checks at its end.
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import type { PreviewServer } from 'vite';
import { launchChromium } from './browser';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ServedPage {
  url: string;
  browser: Browser;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function servePage(): Promise<ServedPage> {
  const { build, preview } = await import('vite');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-web-'));
  const configFile = path.join(ROOT, 'web', 'vite.config.mts');
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await build({ configFile, logLevel: 'warn', build: { outDir: tmp, emptyOutDir: true } });
    server = await preview({
      configFile,
      logLevel: 'warn',
      build: { outDir: tmp },
      preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    });
    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('preview server has no port');
    browser = await launchChromium();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err instanceof Error ? err.message : String(err)}`));
    await page.setViewport({ width: 1100, height: 720 });
    return { url: `http://127.0.0.1:${address.port}/`, browser, page, errors, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The centre of a board square on the screen. */
export async function squareCenter(page: Page, square: string): Promise<{ x: number; y: number }> {
  return page.$eval(`#board rect[data-square="${square}"]`, (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
}

/** Drags a piece with the mouse from one square to another. */
export async function dragPiece(page: Page, from: string, to: string): Promise<void> {
  const a = await squareCenter(page, from),
    b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}
