#!/usr/bin/env node
// Makes test/tb/fixture.txt.gz, the oracle for the Syzygy prober test: random legal positions of every 3- and
// 4-piece material, with the WDL and DTZ that Debian's fathom (an independent C prober) prints for them.
//
//   node test/tb/make-fixture.mjs [--per 600] [--ep 400] [--root 60] [--seed 1] [--only main|root]
//                                 [--fathom /usr/games/fathom]
//
// For each of the 35 materials: `per` positions, pieces on uniformly random squares (pawns on ranks 2-7), the
// material given to white or black and the side to move chosen at random, kept when Tessera's FEN parser accepts
// them (so the side not to move is never in check). KPvKP gets `ep` more with en passant possible: the side not
// to move has just pushed a pawn two squares past an enemy pawn. Each FEN (written by toFen, so an en-passant
// square appears only when the capture is legal) goes to `fathom --path=test/data/syzygy FEN` once; its
// [WDL "..."] and [DTZ "..."] lines are stored as given: fathom prints |DTZ| and the WDL class it derives from the
// DTZ (a counter of 0), and for a mated side to move "Win" with DTZ 0 (its probe_root reports checkmate that way).
// Lines: FEN;WDL;DTZ. About four minutes: one fathom process per position.
//
// test/tb/root-fixture.txt.gz checks the root move ranking: `root` positions per material (its own random
// stream), each with a random fifty-move counter 0..99, and fathom's move lists besides: FEN;WDL;DTZ;winning
// moves;drawing moves;losing moves, the moves as fathom writes them (comma separated SAN without check marks;
// "drawing" includes cursed wins and blessed losses). fathom counts the FEN's counter in these, so a win that
// needs more plies than the counter leaves is listed as drawing.
import { bundleCore } from '../helpers/bundle-core.mjs';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseOptions, mulberry32 } from '../../tools/script-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const opt = parseOptions({ per: 600, ep: 400, root: 60, seed: 1, only: '', fathom: '/usr/games/fathom' });

const lib = await bundleCore(root, 'tbfixture', "export { parseFen, toFen } from './src/core/fen';");
const { parseFen, toFen } = await import(pathToFileURL(lib).href);
fs.rmSync(lib);

let rand = mulberry32(opt.seed);
const pick = (n) => Math.floor(rand() * n);

// The 35 materials: KXvK, KXvKY (X >= Y), KXYvK (X >= Y), in the order Q R B N P.
const P = 'QRBNP';
const materials = [];
for (let i = 0; i < 5; i++) materials.push([P[i], '']);
for (let i = 0; i < 5; i++) for (let j = i; j < 5; j++) materials.push([P[i], P[j]]);
for (let i = 0; i < 5; i++) for (let j = i; j < 5; j++) materials.push([P[i] + P[j], '']);

function fenOf(board, stm, ep) {
  let out = '';
  for (let r = 7; r >= 0; r--) {
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const c = board[r * 8 + f];
      if (!c) {
        empty++;
        continue;
      }
      if (empty) {
        out += empty;
        empty = 0;
      }
      out += c;
    }
    if (empty) out += empty;
    if (r) out += '/';
  }
  return `${out} ${stm} - ${ep} 0 1`;
}

/** Pieces (upper case white) on random free squares; null if a pawn cannot be placed. */
function randomPosition(white, black) {
  const board = new Array(64).fill(null);
  const put = (c) => {
    for (;;) {
      const sq = pick(64);
      if (board[sq]) continue;
      if ((c === 'P' || c === 'p') && (sq < 8 || sq >= 56)) continue;
      board[sq] = c;
      return;
    }
  };
  put('K');
  put('k');
  for (const c of white) put(c);
  for (const c of black) put(c.toLowerCase());
  return board;
}

/** KPvKP with en passant: the side not to move just played a double push beside the enemy pawn. */
function epPosition() {
  for (;;) {
    const board = new Array(64).fill(null);
    const stm = rand() < 0.5 ? 'w' : 'b';
    const f = pick(8),
      g = f === 0 ? 1 : f === 7 ? 6 : f + (rand() < 0.5 ? -1 : 1);
    // White to move: a black pawn went f7-f5 and a white pawn stands on g5; mirrored for black.
    const pushedTo = stm === 'w' ? 32 + f : 24 + f,
      from = stm === 'w' ? 48 + f : 8 + f;
    const target = stm === 'w' ? 40 + f : 16 + f;
    board[pushedTo] = stm === 'w' ? 'p' : 'P';
    board[(pushedTo & ~7) + g] = stm === 'w' ? 'P' : 'p';
    const free = (sq) => !board[sq] && sq !== target && sq !== from;
    for (const k of ['K', 'k']) {
      let sq;
      do sq = pick(64);
      while (!free(sq));
      board[sq] = k;
    }
    return fenOf(board, stm, 'abcdefgh'[f] + (stm === 'w' ? '6' : '3'));
  }
}

function probe(fen) {
  const r = spawnSync(opt.fathom, [`--path=${path.join(root, 'test/data/syzygy')}`, fen], { encoding: 'utf8' });
  const tag = (name) => new RegExp(`\\[${name} "([^"]*)"\\]`).exec(r.stdout ?? '')?.[1];
  const wdl = tag('WDL'),
    dtz = tag('DTZ');
  if (r.status !== 0 || wdl === undefined || dtz === undefined) {
    console.error(`fathom failed on ${fen}: ${(r.stderr ?? '').trim()}`);
    return null;
  }
  return [wdl, dtz, tag('WinningMoves'), tag('DrawingMoves'), tag('LosingMoves')];
}

function write(file, lines) {
  fs.writeFileSync(path.join(root, file), zlib.gzipSync(lines.join('\n') + '\n', { level: 9 }));
}

const seen = new Set();
/** The canonical FEN if Tessera accepts it and it is new, else null. */
function accept(fen) {
  const pos = parseFen(fen);
  if (typeof pos === 'string') return null;
  const canon = toFen(pos);
  if (seen.has(canon)) return null;
  seen.add(canon);
  return canon;
}

if (opt.only !== 'root') {
  const fens = [];
  for (const [a, b] of materials) {
    for (let n = 0; n < opt.per; ) {
      const swap = rand() < 0.5;
      const board = randomPosition(swap ? b : a, swap ? a : b);
      const fen = accept(fenOf(board, rand() < 0.5 ? 'w' : 'b', '-'));
      if (fen) {
        fens.push(fen);
        n++;
      }
    }
  }
  let epCount = 0;
  for (let n = 0; n < opt.ep; ) {
    const fen = accept(epPosition());
    if (fen) {
      fens.push(fen);
      n++;
      if (fen.split(' ')[3] !== '-') epCount++;
    }
  }
  const lines = [];
  let failedCount = 0;
  const t0 = Date.now();
  for (const [i, fen] of fens.entries()) {
    const r = probe(fen);
    if (r === null) {
      failedCount++;
      continue;
    }
    lines.push(`${fen};${r[0]};${r[1]}`);
    if ((i + 1) % 2000 === 0) console.error(`${i + 1}/${fens.length} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  write('test/tb/fixture.txt.gz', lines);
  console.log(
    `${lines.length} positions (${epCount} with en passant, ${failedCount} fathom failures) -> test/tb/fixture.txt.gz`,
  );
}

if (opt.only !== 'main') {
  rand = mulberry32(opt.seed + 1000003); // a stream of its own, so either file can be remade alone
  seen.clear();
  const lines = [];
  for (const [a, b] of materials) {
    for (let n = 0; n < opt.root; ) {
      const swap = rand() < 0.5;
      const board = randomPosition(swap ? b : a, swap ? a : b);
      const fen = accept(fenOf(board, rand() < 0.5 ? 'w' : 'b', '-'));
      if (!fen) continue;
      const parts = fen.split(' ');
      parts[4] = String(rand() < 0.2 ? 0 : pick(100));
      const withClock = parts.join(' ');
      const r = probe(withClock);
      if (r === null) continue;
      lines.push([withClock, ...r].join(';'));
      n++;
    }
  }
  write('test/tb/root-fixture.txt.gz', lines);
  console.log(`${lines.length} root positions -> test/tb/root-fixture.txt.gz`);
}
