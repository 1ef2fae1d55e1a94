#!/usr/bin/env node
// The page on a cold load: its weight (every file of the build, raw and gzip -9) and the time from navigation to the
// first analysis line, in a fresh headless Chromium profile (no cache, no service worker yet), served from 127.0.0.1
// with the COOP/COEP headers (as a host that sends them). Runs `npm run web:build` first unless --no-build.
//   node bench/web-cold-load.mjs [--runs 3] [--no-build]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const dist = path.join(root, 'web', 'dist');
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
if (!args.includes('--no-build')) execFileSync('npm', ['run', 'web:build'], { cwd: root, stdio: 'ignore' });

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else files.push(full);
  }
};
walk(dist);
let raw = 0,
  gz = 0,
  optional = 0;
for (const f of files) {
  const bytes = readFileSync(f);
  // The tablebases are fetched only when the user turns them on: counted apart.
  if (path.relative(dist, f).startsWith('syzygy')) {
    optional += bytes.length;
    continue;
  }
  raw += bytes.length;
  gz += gzipSync(bytes, { level: 9 }).length;
}
console.log(
  `page weight: ${(raw / 1024).toFixed(0)} KiB raw, ${(gz / 1024).toFixed(0)} KiB gzip -9 (${files.length} files; optional tablebases ${(optional / 1024).toFixed(0)} KiB)`,
);

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};
const server = http.createServer((req, res) => {
  const p = path.join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const file = p.endsWith('/') ? path.join(p, 'index.html') : p;
  try {
    const body = readFileSync(file);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;
const times = [];
for (let i = 0; i < runs; i++) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 720 });
    const t0 = performance.now();
    await page.goto(url);
    // As a user would: the Analyse tab, then Go, once the engine is ready; the clock runs from navigation.
    await page.waitForSelector('#tab-analyse');
    await page.click('#tab-analyse');
    await page.waitForFunction(() => !document.querySelector('#go')?.disabled, { timeout: 60000 });
    await page.click('#go');
    await page.waitForSelector('#lines li[data-depth]', { timeout: 60000 });
    times.push(performance.now() - t0);
  } finally {
    await browser.close();
  }
}
server.close();
times.sort((a, b) => a - b);
console.log(
  `first analysis line after a cold load: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s)`,
);
