// `tessera datagen`: self-play games in worker threads, appended to a viriformat file in game order
// (so a run is repeatable for a seed whatever --jobs is), and `tessera data`: read such a file back.
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../threads';
import type { PlayConfig } from './play';
import {
  completeLength,
  scanGames,
  readGames,
  headerPosition,
  fromViriMove,
  RESULT_WHITE,
  RESULT_DRAW,
} from './viriformat';
import { toFen } from '../core/fen';
import { parseNet } from '../eval/netfile';
import { parseUciMove, moveToUci } from '../core/notation';
import { gameRecord, parsePgn } from './pgn';
import { Tablebases } from '../tb/syzygy';

export interface DatagenOptions extends PlayConfig {
  out: string;
  jobs: number;
  /** Stop once this many positions are written (0: until interrupted). */
  count: number;
  netFile: string | null;
}

/** Opens `out` for appending after dropping a partial last game; returns the games/positions kept. */
export function prepareOutput(out: string): { bytes: number; dropped: number } {
  if (!fs.existsSync(out)) {
    fs.writeFileSync(out, new Uint8Array(0));
    return { bytes: 0, dropped: 0 };
  }
  const buf = new Uint8Array(fs.readFileSync(out));
  const { complete: good, badAt } = scanGames(buf);
  // Never cut a file that is not ours: only a partial last game is dropped.
  if (badAt >= 0)
    throw new Error(`not a viriformat file, or damaged (invalid game header at byte ${badAt}); nothing written`);
  if (good < buf.length) fs.truncateSync(out, good);
  return { bytes: good, dropped: buf.length - good };
}

function writeAll(fd: number, b: Uint8Array): void {
  let off = 0;
  while (off < b.length) off += fs.writeSync(fd, b, off, b.length - off);
}

export async function runDatagen(o: DatagenOptions): Promise<number> {
  let netBytes: Uint8Array | null = null;
  if (o.netFile) {
    try {
      netBytes = new Uint8Array(fs.readFileSync(o.netFile));
    } catch (e) {
      console.error(`datagen: --net ${o.netFile}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      return 2;
    }
    const n = parseNet(netBytes);
    if (typeof n === 'string') {
      console.error(`datagen: --net ${o.netFile}: ${n}`);
      return 2;
    }
  }
  if (o.syzygyPath) {
    const tb = new Tablebases(o.syzygyPath);
    if (tb.numWdl === 0) {
      console.error(`datagen: --syzygy ${o.syzygyPath}: no WDL tables found`);
      return 2;
    }
  }
  // Game indices continue after the games already in the file, so an appended run adds new games.
  let existingGames = 0,
    fd: number;
  try {
    const prep = prepareOutput(o.out);
    if (prep.dropped > 0) console.error(`datagen: dropped a partial last game (${prep.dropped} bytes) from ${o.out}`);
    if (prep.bytes > 0) for (const _ of readGames(new Uint8Array(fs.readFileSync(o.out)))) existingGames++;
    fd = fs.openSync(o.out, 'a');
  } catch (e) {
    console.error(`datagen: --out ${o.out}: ${(e as Error).message}`);
    return 2;
  }
  const cfg: PlayConfig = {
    seed: o.seed,
    softNodes: o.softNodes,
    hardNodes: o.hardNodes,
    randomPlies: o.randomPlies,
    book: o.book,
    hashMiB: o.hashMiB,
    hce: o.hce,
    plyCap: o.plyCap,
    openingLimit: o.openingLimit,
    dfrc: o.dfrc,
    syzygyPath: o.syzygyPath,
  };
  let nextIndex = existingGames,
    nextToWrite = existingGames;
  const pending = new Map<number, { bytes: Uint8Array; positions: number; result: number }>();
  let positions = 0,
    games = 0,
    stopping = false;
  const wdl = [0, 0, 0];
  const t0 = Date.now();
  const tty = process.stderr.isTTY;
  let lastReport = t0;
  const report = (final = false): void => {
    const s = (Date.now() - t0) / 1000;
    const rate = positions / Math.max(s, 1e-3);
    const eta = o.count > 0 && rate > 0 ? ` ETA ${fmtTime(Math.max(0, o.count - positions) / rate)}` : '';
    const nodes = workerNodes.reduce((a, b) => a + b, 0);
    const line = `games ${games}  positions ${positions}  ${rate.toFixed(0)} pos/s  ${(nodes / Math.max(1, positions)).toFixed(0)} nodes/pos  W/D/L ${wdl[2]}/${wdl[1]}/${wdl[0]}  ${fmtTime(s)}${final ? '' : eta}`;
    if (tty && !final) process.stderr.write(`\r${line}   `);
    else process.stderr.write((tty ? '\r' : '') + line + '\n');
  };

  const workers: Worker[] = [];
  const workerNodes = new Array<number>(o.jobs).fill(0);
  await new Promise<void>((resolve) => {
    let alive = o.jobs;
    const finish = (): void => {
      if (stopping) return;
      stopping = true;
      for (const w of workers) void w.terminate();
    };
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    for (let j = 0; j < o.jobs; j++) {
      const w = spawnWorker({ mode: 'datagen', cfg, netBytes });
      workers.push(w);
      w.on(
        'message',
        (msg: { type: string; index: number; bytes: Uint8Array; positions: number; result: number; nodes: number }) => {
          if (msg.type === 'game') {
            workerNodes[j] = msg.nodes;
            pending.set(msg.index, msg);
            while (pending.has(nextToWrite) && !stopping) {
              const g = pending.get(nextToWrite)!;
              pending.delete(nextToWrite);
              writeAll(fd, g.bytes);
              positions += g.positions;
              games++;
              wdl[g.result]++;
              nextToWrite++;
              if (o.count > 0 && positions >= o.count) {
                finish();
                break;
              }
            }
            const now = Date.now();
            if (tty ? now - lastReport > 500 : now - lastReport > 60000) {
              lastReport = now;
              report();
            }
          }
          if (!stopping) w.postMessage({ type: 'play', index: nextIndex++ });
        },
      );
      w.on('error', (e) => {
        console.error(`datagen: worker error: ${e.message}`);
        finish();
      });
      w.on('exit', () => {
        if (--alive === 0) resolve();
      });
      w.postMessage({ type: 'play', index: nextIndex++ });
    }
  });
  fs.closeSync(fd);
  report(true);
  return 0;
}

function fmtTime(s: number): string {
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = Math.floor(s % 60);
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : `${m}m${String(sec).padStart(2, '0')}s`;
}

/** A data file's bytes, decompressed when it ends in .gz or .br. */
export function readDataFile(file: string): Uint8Array {
  let b: Buffer = fs.readFileSync(file);
  if (file.endsWith('.gz')) b = zlib.gunzipSync(b);
  else if (file.endsWith('.br')) b = zlib.brotliDecompressSync(b);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** `tessera data`: a summary of viriformat files, or every position as `FEN | score | result`. */
export function runDataInfo(files: string[], text: boolean, limit: number): number {
  let positions = 0,
    games = 0,
    printed = 0;
  const wdl = [0, 0, 0];
  const hist = new Map<number, number>();
  for (const f of files) {
    let buf: Uint8Array;
    try {
      buf = readDataFile(f);
    } catch (e) {
      console.error(`data: cannot read ${f}: ${(e as Error).message}`);
      return 2;
    }
    const good = completeLength(buf);
    if (good < buf.length) console.error(`data: ${f}: ${buf.length - good} trailing bytes of a partial game ignored`);
    try {
      for (const g of readGames(buf)) {
        games++;
        wdl[g.header.result]++;
        positions += g.moves.length;
        const bucket = Math.floor(g.moves.length / 20) * 20;
        hist.set(bucket, (hist.get(bucket) ?? 0) + 1);
        if (!text || (limit > 0 && printed >= limit)) continue;
        const pos = headerPosition(g.header);
        if (typeof pos === 'string') {
          console.error(`data: ${f}: bad game start: ${pos}`);
          return 1;
        }
        const res = g.header.result === RESULT_WHITE ? '1.0' : g.header.result === RESULT_DRAW ? '0.5' : '0.0';
        for (let k = 0; k < g.moves.length && (limit === 0 || printed < limit); k++) {
          const m = fromViriMove(g.moves[k]);
          process.stdout.write(`${toFen(pos)} | ${g.scores[k]} | ${res} | ${moveToUci(pos, m)}\n`);
          printed++;
          // Replay through the legal-move parser so a corrupt move is caught, not played.
          if (parseUciMove(pos, moveToUci(pos, m)) !== m) {
            console.error(`data: ${f}: illegal move in game ${games}`);
            return 1;
          }
          pos.make(m);
        }
      }
    } catch (e) {
      console.error(`data: ${f}: ${(e as Error).message}`);
      return 1;
    }
  }
  if (!text) {
    console.log(
      `files ${files.length}  games ${games}  positions ${positions}  (${(positions / Math.max(1, games)).toFixed(1)} a game)`,
    );
    console.log(`results (white's view): wins ${wdl[2]}  draws ${wdl[1]}  losses ${wdl[0]}`);
    console.log('recorded plies per game:');
    for (const k of [...hist.keys()].sort((a, b) => a - b))
      console.log(`  ${String(k).padStart(3)}-${String(k + 19).padEnd(3)} ${hist.get(k)}`);
  }
  return 0;
}

/**
 * `tessera data --from-pgn PGN... --out FILE`: the games of PGN files (an OpenBench DATAGEN workload's, fastchess's)
 * appended to a viriformat file as training records (pgn.ts). Says how many games, records and positions, and why
 * games were left out.
 */
export function runPgnToData(files: string[], out: string): number {
  try {
    prepareOutput(out);
  } catch (e) {
    console.error(`data: ${out}: ${(e as Error).message}`);
    return 2;
  }
  let games = 0,
    records = 0,
    positions = 0;
  const skipped = new Map<string, number>();
  const fd = fs.openSync(out, 'a');
  try {
    for (const f of files) {
      let text: string;
      try {
        text = fs.readFileSync(f, 'utf8');
      } catch (e) {
        console.error(`data: cannot read ${f}: ${(e as { code?: string }).code ?? (e as Error).message}`);
        return 2;
      }
      const parsed = parsePgn(text);
      if (typeof parsed === 'string') {
        console.error(`data: ${f}: ${parsed}`);
        return 1;
      }
      for (const g of parsed) {
        games++;
        const r = gameRecord(g);
        if (typeof r === 'string') {
          const why = r.replace(/ in .*$|'.*'/, '').trim();
          skipped.set(why, (skipped.get(why) ?? 0) + 1);
          continue;
        }
        writeAll(fd, r.bytes);
        records++;
        positions += r.positions;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  console.log(`pgn games ${games}  written ${records}  positions ${positions}  to ${out}`);
  for (const [why, k] of skipped) console.log(`  left out: ${k} (${why})`);
  return 0;
}
