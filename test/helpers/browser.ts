// The system's Chromium for the browser tests (the package's browser build, the web page), driven by puppeteer-core.
// Without one a test says plainly that it was skipped, except in CI, where .ci/run installs one and its absence fails.
import { existsSync } from 'node:fs';
import { it } from 'vitest';
import type { Browser } from 'puppeteer-core';

export const CHROMIUM = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((p): p is string => !!p && existsSync(p));

/** Call at a test file's top level: with no Chromium, registers a skipped test that says why (in CI: throws). */
export function reportMissingChromium(file: string, what: string): void {
  if (CHROMIUM) return;
  if (process.env.CI) throw new Error('no Chromium in CI: .ci/run should have installed it');
  it(`${what}: skipped, no Chromium found`, (ctx) => {
    const why = `no Chromium found (apt-get install chromium, or set CHROMIUM_PATH): the ${what} test did not run`;
    console.warn(`${file}: ${why}`);
    ctx.skip(why);
  });
}

/** Headless Chromium as the tests run it. */
export async function launchChromium(): Promise<Browser> {
  const puppeteer = (await import('puppeteer-core')).default;
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
}
