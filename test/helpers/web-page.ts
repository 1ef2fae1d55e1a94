// The web page built and served for the browser tests: Vite builds web/ into a temporary folder and its preview server
// serves it with the COOP/COEP headers; a headless Chromium tab collects every console error, failed response and
// uncaught exception, which each test file checks at its end.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** A stamp of everything the page's build reads: its sources, the engine's, the lock file and the test tables. */
function sourceStamp(): string {
  const hash = createHash('sha1');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'dist' || name === 'node_modules' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else hash.update(`${full} ${st.size} ${st.mtimeMs}\n`);
    }
  };
  for (const dir of ['web', 'src', 'test/data/syzygy']) walk(path.join(ROOT, dir));
  const lock = statSync(path.join(ROOT, 'package-lock.json'));
  hash.update(`lock ${lock.size} ${lock.mtimeMs}`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The page built once for all the browser test files of a run (and reused while no source changes): a Vite build
 * takes seconds, and every file used to make its own. The first caller builds under a lock; the others wait for it.
 */
export async function builtPage(): Promise<string> {
  const dir = path.join(os.tmpdir(), `tessera-web-build-${sourceStamp()}`);
  const done = path.join(dir, '.built');
  const lock = `${dir}.lock`;
  for (let waited = 0; !existsSync(done); waited += 200) {
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building it (a lock older than five minutes is from a run that died).
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 300000)
        rmSync(lock, { force: true, recursive: true });
      if (waited > 180000) throw new Error(`the page's build in ${dir} did not finish`);
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      if (!existsSync(done)) {
        const { build } = await import('vite');
        const configFile = path.join(ROOT, 'web', 'vite.config.mts');
        await build({ configFile, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
        writeFileSync(done, '');
        // Builds of earlier sources, an hour old or more, go.
        for (const name of readdirSync(os.tmpdir())) {
          const old = path.join(os.tmpdir(), name);
          if (name.startsWith('tessera-web-build-') && old !== dir && !name.endsWith('.lock'))
            if (Date.now() - statSync(old).mtimeMs > 3600000) rmSync(old, { recursive: true, force: true });
        }
      }
    } finally {
      rmSync(lock, { force: true, recursive: true });
    }
  }
  return dir;
}

/** A new tab whose console errors, failed responses and uncaught exceptions go into `errors`. */
export async function openTab(browser: Browser, errors: string[]): Promise<Page> {
  const page = await browser.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err instanceof Error ? err.message : String(err)}`));
  await page.setViewport({ width: 1100, height: 720 });
  return page;
}

export async function servePage(): Promise<ServedPage> {
  const { preview } = await import('vite');
  const configFile = path.join(ROOT, 'web', 'vite.config.mts');
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    await server?.close();
  };
  try {
    const tmp = await builtPage();
    server = await preview({
      configFile,
      logLevel: 'warn',
      build: { outDir: tmp },
      preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    });
    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('preview server has no port');
    browser = await launchChromium();
    const errors: string[] = [];
    const page = await openTab(browser, errors);
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
