#!/usr/bin/env node
// A screenshot of a page of a loopback OpenBench server, logged in (headless Chromium through puppeteer-core, a
// dev dependency): how the closing notes show what the server shows.
//
//   node tools/openbench/screenshot.mjs PATH OUT.png [WIDTH]
//
// PATH: the server's page, e.g. /test/1/ or /index/. Environment: OB_SERVER, OB_USER, OB_PASSWORD, CHROMIUM_PATH.
import puppeteer from 'puppeteer-core';

const [path, out, width = '1280'] = process.argv.slice(2);
if (!path || !out) {
  console.error('usage: screenshot.mjs PATH OUT.png [WIDTH]');
  process.exit(2);
}
const server = process.env.OB_SERVER ?? 'http://127.0.0.1:8000';
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: Number(width), height: 900 });
  await page.goto(`${server}/login/`);
  await page.type('input[name=username]', process.env.OB_USER ?? 'tessera');
  await page.type('input[name=password]', process.env.OB_PASSWORD ?? 'tessera-loopback');
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit], input[type=submit]')]);
  await page.goto(`${server}${path}`, { waitUntil: 'networkidle0' });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`${out}: ${server}${path}`);
} finally {
  await browser.close();
}
