#!/usr/bin/env node
// Elo ± 95% and the SPRT's LLR (bounds in normalized Elo, as OpenBench's) from pentanomial counts, given as five numbers or read from a fastchess state file
// (tools/match.sh's STATE, each pairing's penta_* fields). Every Elo in docs/TESTLOG.md is computed this way.
//
//   node tools/penta.mjs LL LD DD DW WW [--elo0 0 --elo1 10 --alpha 0.05 --beta 0.1]
//   node tools/penta.mjs STATE.json [--elo0 0 ...]
import { readFileSync } from 'node:fs';
import { pentaElo, pentaLlr, sprtBounds } from './elo.mjs';
import { parseOptions } from './script-args.mjs';

const args = process.argv.slice(2);
const numbers = [];
while (args.length > 0 && /^\d+$/.test(args[0])) numbers.push(Number(args.shift()));
const file = numbers.length === 0 && args.length > 0 && !args[0].startsWith('--') ? args.shift() : null;
const opt = parseOptions({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.1 }, args);
if ((numbers.length !== 5 && !file) || (numbers.length > 0 && file)) {
  console.error('usage: node tools/penta.mjs LL LD DD DW WW | STATE.json [--elo0 0 --elo1 10 --alpha 0.05 --beta 0.1]');
  process.exit(2);
}

/** [label, [LL, LD, DD+WL, WD, WW], W-L-D or null] for each pairing to report. */
const rows = [];
if (file) {
  let state;
  try {
    state = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`${file}: ${e.code ?? 'not a JSON file'}`);
    process.exit(1);
  }
  for (const [label, s] of Object.entries(state.stats ?? {})) {
    const penta = [s.penta_LL, s.penta_LD, s.penta_DD + s.penta_WL, s.penta_WD, s.penta_WW];
    rows.push([label, penta, `${s.wins}-${s.losses}-${s.draws}`]);
  }
  if (rows.length === 0) {
    console.error(`${file}: no results (a fastchess state file has them under "stats")`);
    process.exit(1);
  }
} else rows.push(['', numbers, null]);

const [lower, upper] = sprtBounds(opt.alpha, opt.beta);
for (const [label, penta, wld] of rows) {
  const { n, elo, err } = pentaElo(penta);
  const llr = pentaLlr(penta, opt.elo0, opt.elo1);
  const parts = [];
  if (label) parts.push(`${label}:`);
  if (wld) parts.push(`${2 * n} games, W-L-D ${wld},`);
  parts.push(`pentanomial ${penta.join('-')} (${n} pairs),`);
  parts.push(elo === null ? 'Elo unbounded,' : `Elo ${elo >= 0 ? '+' : ''}${elo.toFixed(1)} ± ${err.toFixed(1)},`);
  parts.push(`LLR ${llr.toFixed(2)} (${lower.toFixed(2)}, ${upper.toFixed(2)}) for [${opt.elo0}, ${opt.elo1}]`);
  console.log(parts.join(' '));
}
