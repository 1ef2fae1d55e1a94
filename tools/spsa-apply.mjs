#!/usr/bin/env node
// Writes a tune's values (tools/spsa.mjs's state) into the search's defaults in src/search/params.ts, rounded as the
// tuning build rounds them (whole numbers for int parameters, four decimals for floats), and prints each change.
// The result is a candidate like any other: it lands only with a match against the untuned values.
//
//   node tools/spsa-apply.mjs docs/spsa/issue60.json [--file src/search/params.ts]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions } from './script-args.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const stateFile = process.argv[2];
if (!stateFile || stateFile.startsWith('--')) {
  console.error('usage: node tools/spsa-apply.mjs STATE.json [--file src/search/params.ts]');
  process.exit(2);
}
const opt = parseOptions({ file: path.join(here, '..', 'src', 'search', 'params.ts') }, process.argv.slice(3));
const state = JSON.parse(readFileSync(stateFile, 'utf8'));
let text = readFileSync(opt.file, 'utf8');
// The defaults object, `export const P = { ... };`: only its lines are edited (PARAM_RANGES below has the same names).
const start = text.indexOf('export const P = {');
const end = text.indexOf('\n};', start);
if (start < 0 || end < 0) {
  console.error(`${opt.file}: no \`export const P = { … };\``);
  process.exit(1);
}
let block = text.slice(start, end);
for (const [name, value] of Object.entries(state.theta)) {
  const re = new RegExp(`^(  ${name}: )(-?[\\d.]+)(,)$`, 'm');
  const m = block.match(re);
  if (!m) {
    console.error(`${opt.file}: no default for ${name}`);
    process.exit(1);
  }
  const isFloat = m[2].includes('.');
  // A float that rounds to a whole number keeps its point, so that the next apply still sees a float.
  const float = String(+value.toFixed(4));
  const shown = isFloat ? (float.includes('.') ? float : `${float}.0`) : String(Math.round(value));
  if (shown !== m[2]) console.log(`${name}: ${m[2]} -> ${shown}`);
  block = block.replace(re, `$1${shown}$3`);
}
text = text.slice(0, start) + block + text.slice(end);
writeFileSync(opt.file, text);
