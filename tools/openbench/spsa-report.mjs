#!/usr/bin/env node
// The path of an SPSA tune's parameters, from the snapshots that OpenBench's Scripts/spsa/track_spsa.py appends to
// spsa.N.log (one JSON line each: [time, the workload's info, the digest CSV]) or from the state file of a local run
// of tools/spsa.mjs (its `history`): a markdown table of each parameter at evenly spaced points of the run, its move in
// units of its c_end, and optionally an SVG plot of the same.
//
//   node tools/openbench/spsa-report.mjs spsa.N.log [--points 6] [--svg out.svg]
//   node tools/openbench/spsa-report.mjs docs/spsa/issue60.json [--points 6] [--svg out.svg]
//
// The move in c_end units says how far a parameter travelled against the perturbation SPSA itself used: a move well
// beyond a few c_end is a signal, one of a c_end or less is within the tune's own noise.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseOptions } from '../script-args.mjs';

const log = process.argv[2];
const { points, svg: svgOut } = parseOptions({ points: 6, svg: '' }, process.argv.slice(3));
if (!log || log.startsWith('--') || !(points >= 2)) {
  console.error('usage: spsa-report.mjs spsa.N.log [--points N>=2] [--svg out.svg]');
  process.exit(2);
}

/** Each snapshot: games played and each parameter's current value, start and c_end. */
const snaps = [];
const text = readFileSync(log, 'utf8');
/** tools/spsa.mjs's state: one snapshot per iteration, the start before the first. */
function fromState(state) {
  if (!Array.isArray(state.history) || !Array.isArray(state.params)) {
    console.error(`${log} holds no history: a state file of tools/spsa.mjs from before it kept one`);
    process.exit(1);
  }
  const at = (values, games) => ({
    games,
    params: state.params.map((p, i) => ({ name: p.name, curr: values[i], start: p.start, cEnd: p.cEnd })),
  });
  snaps.push(
    at(
      state.params.map((p) => p.start),
      0,
    ),
  );
  let games = 0;
  state.history.forEach((values, k) => {
    const [w, l, d] = state.results[k];
    games += w + l + d;
    snaps.push(at(values, games));
  });
}
/** OpenBench's tracker log: one snapshot per poll. */
function fromTrackerLog() {
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let info, digest;
    try {
      [, info, digest] = JSON.parse(line);
    } catch {
      continue; // a line cut short by the tracker's kill
    }
    const rows = digest
      .trim()
      .split('\n')
      .map((r) => r.split(','));
    const head = rows.shift();
    const col = (n) => head.indexOf(n);
    const params = rows.map((r) => ({
      name: r[col('Name')],
      curr: Number(r[col('Curr')]),
      start: Number(r[col('Start')]),
      cEnd: Number(r[col('C_end')]),
    }));
    snaps.push({ games: info.games, params });
  }
}
if (text.trimStart().startsWith('{')) {
  let state;
  try {
    state = JSON.parse(text);
  } catch {
    console.error(`${log} is not a JSON state file`);
    process.exit(1);
  }
  fromState(state);
} else fromTrackerLog();
if (snaps.length === 0) {
  console.error('no snapshots in', log);
  process.exit(1);
}
// The tracker polls on a clock: keep the first snapshot of each game count.
const seen = new Set();
const path = snaps.filter((s) => !seen.has(s.games) && seen.add(s.games));

const picks = [];
for (let i = 0; i < points; i++) picks.push(path[Math.round((i * (path.length - 1)) / (points - 1))]);
const uniq = [...new Set(picks)];
const fmt = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) < 10 ? 3 : 1));
const last = path[path.length - 1];

const lines = [];
lines.push(`| parameter | start | ${uniq.map((s) => `${s.games / 2} pairs`).join(' | ')} | move / c_end |`);
lines.push(`|---|---|${uniq.map(() => '---|').join('')}---|`);
last.params.forEach((p, k) => {
  const vals = uniq.map((s) => fmt(s.params[k].curr));
  lines.push(`| ${p.name} | ${fmt(p.start)} | ${vals.join(' | ')} | ${((p.curr - p.start) / p.cEnd).toFixed(2)} |`);
});
console.log(lines.join('\n'));

if (svgOut) {
  // One line per parameter: (value - start) / c_end against pairs played.
  const W = 900,
    H = 500,
    L = 60,
    R = 200,
    T = 20,
    B = 40;
  const xs = path.map((s) => s.games / 2);
  const ys = path.flatMap((s) => s.params.map((p) => (p.curr - p.start) / p.cEnd));
  const xMax = Math.max(1, ...xs),
    yMax = Math.max(1, ...ys.map(Math.abs));
  const X = (x) => L + ((W - L - R) * x) / xMax;
  const Y = (y) => T + ((H - T - B) * (yMax - y)) / (2 * yMax);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<line x1="${L}" y1="${Y(0)}" x2="${W - R}" y2="${Y(0)}" stroke="#999"/>`,
    `<line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#999"/>`,
    `<text x="${L - 5}" y="${Y(yMax) + 4}" text-anchor="end">+${yMax.toFixed(1)}</text>`,
    `<text x="${L - 5}" y="${Y(-yMax) + 4}" text-anchor="end">−${yMax.toFixed(1)}</text>`,
    `<text x="${L - 5}" y="${Y(0) + 4}" text-anchor="end">0</text>`,
    `<text x="${(L + W - R) / 2}" y="${H - 8}" text-anchor="middle">pairs played (of ${xMax}); y: (value − start) / c_end</text>`,
  ];
  last.params.forEach((p, k) => {
    const hue = Math.round((360 * k) / last.params.length);
    const pts = path.map((s) => `${X(s.games / 2).toFixed(1)},${Y((s.params[k].curr - p.start) / p.cEnd).toFixed(1)}`);
    svg.push(`<polyline fill="none" stroke="hsl(${hue},70%,40%)" stroke-width="1.5" points="${pts.join(' ')}"/>`);
    svg.push(
      `<text x="${W - R + 8}" y="${T + 12 + k * 16}" fill="hsl(${hue},70%,40%)">${p.name} ${fmt(p.start)} → ${fmt(p.curr)}</text>`,
    );
  });
  svg.push('</svg>');
  writeFileSync(svgOut, `${svg.join('\n')}\n`);
}
