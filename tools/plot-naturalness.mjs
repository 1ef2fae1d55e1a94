#!/usr/bin/env node
// Draws the naturalness table of docs/STRENGTH.md (the first one under "## Naturalness", the newest measured build) as
// a small SVG: average centipawn loss and the share of moves losing >= 300 cp per UCI_Elo, Tessera against Stockfish's
// limiter at the same setting. Reads the Markdown so that the plot is redrawn from the numbers the docs state.
//
//   node tools/plot-naturalness.mjs [--doc docs/STRENGTH.md] [--out docs/naturalness.svg]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions } from './script-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opt = parseOptions({ doc: path.join(root, 'docs/STRENGTH.md'), out: path.join(root, 'docs/naturalness.svg') });

function readTable(md) {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => /^## Naturalness/.test(l));
  if (start < 0) throw new Error('no "## Naturalness" section');
  const head = lines.findIndex((l, i) => i > start && l.startsWith('| UCI_Elo') && l.includes('avg loss'));
  if (head < 0) throw new Error('no naturalness table');
  const rows = [];
  for (let i = head + 2; i < lines.length && lines[i].startsWith('|'); i++) {
    const c = lines[i]
      .split('|')
      .slice(1, -1)
      .map((s) => s.trim());
    // Only plain levels: rows such as "1800 at `s` 1920 (not kept)" are tried settings, not the shipped curve.
    if (!/^\d+$/.test(c[0])) continue;
    const num = (s) => Number.parseFloat(s.replace('%', ''));
    rows.push({ elo: Number(c[0]), tLoss: num(c[2]), tBig: num(c[3]), sLoss: num(c[4]), sBig: num(c[5]) });
  }
  if (rows.length < 2) throw new Error('fewer than two levels in the naturalness table');
  return rows;
}

function panel(rows, x0, title, unit, tKey, sKey) {
  const w = 300,
    h = 200,
    padL = 44,
    padB = 30,
    padT = 24;
  const eMin = rows[0].elo - 100,
    eMax = rows[rows.length - 1].elo + 100;
  // Four grid steps of 1, 2 or 5 times a power of ten, the top above the largest value.
  const top = Math.max(...rows.flatMap((r) => [r[tKey], r[sKey]])) * 1.05;
  const p10 = 10 ** Math.floor(Math.log10(top / 4));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p10).find((st) => st * 4 >= top);
  const yMax = step * 4;
  const X = (e) => x0 + padL + ((e - eMin) / (eMax - eMin)) * (w - padL - 10);
  const Y = (v) => padT + (1 - v / yMax) * (h - padT - padB);
  const s = [];
  s.push(`<text x="${x0 + w / 2}" y="14" text-anchor="middle" font-weight="bold">${title}</text>`);
  s.push(`<line x1="${X(eMin)}" y1="${Y(0)}" x2="${X(eMax)}" y2="${Y(0)}" stroke="#000"/>`);
  s.push(`<line x1="${X(eMin)}" y1="${Y(0)}" x2="${X(eMin)}" y2="${Y(yMax)}" stroke="#000"/>`);
  for (let k = 0; k <= 4; k++) {
    const v = (yMax * k) / 4;
    s.push(`<text x="${X(eMin) - 4}" y="${Y(v) + 4}" text-anchor="end">${+v.toFixed(1)}${unit}</text>`);
    if (k) s.push(`<line x1="${X(eMin)}" y1="${Y(v)}" x2="${X(eMax)}" y2="${Y(v)}" stroke="#ddd"/>`);
  }
  for (const r of rows) s.push(`<text x="${X(r.elo)}" y="${Y(0) + 16}" text-anchor="middle">${r.elo}</text>`);
  const line = (key, colour, dash) => {
    const pts = rows.map((r) => `${X(r.elo).toFixed(1)},${Y(r[key]).toFixed(1)}`);
    s.push(
      `<polyline points="${pts.join(' ')}" fill="none" stroke="${colour}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
    );
    for (const p of pts) {
      const [cx, cy] = p.split(',');
      s.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${colour}"/>`);
    }
  };
  line(sKey, '#888', '5,3');
  line(tKey, '#1f5fbf', '');
  return s.join('\n');
}

const rows = readTable(fs.readFileSync(opt.doc, 'utf8'));
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="236" font-family="sans-serif" font-size="11">
<rect width="640" height="236" fill="#fff"/>
${panel(rows, 0, 'average loss (cp/move)', '', 'tLoss', 'sLoss')}
${panel(rows, 320, 'moves losing ≥ 300 cp', '%', 'tBig', 'sBig')}
<line x1="180" y1="226" x2="205" y2="226" stroke="#1f5fbf"/><text x="210" y="230">Tessera UCI_Elo X</text>
<line x1="330" y1="226" x2="355" y2="226" stroke="#888" stroke-dasharray="5,3"/><text x="360" y="230">Stockfish 15.1 UCI_Elo X</text>
</svg>
`;
fs.writeFileSync(opt.out, svg);
console.log(`wrote ${opt.out}: ${rows.map((r) => r.elo).join(', ')}`);
