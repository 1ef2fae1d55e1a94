// `tessera epd <file...>`: solves EPD test suites with engine processes (Tessera itself by
// default), N positions at a time, with progress, a summary per file and an optional JSON report.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseEpdText, type EpdPosition } from './parse';
import { judge, type Verdict } from './score';
import { UciEngine, selfCommand, type EngineCommand } from './engine';
import {
  summarize,
  formatSummary,
  formatResultLine,
  formatDuration,
  positionJson,
  pct,
  nameOf,
  type FileSummary,
} from './report';
import { VERSION } from '../version';

export type EpdLimit = { kind: 'movetime' | 'depth' | 'nodes'; value: number };

export interface EpdRunOptions {
  files: string[];
  limit: EpdLimit;
  threads: number;
  hash: number;
  jobs: number;
  json: string | null;
  /** Engine to run; Tessera itself by default. */
  engine?: EngineCommand;
  /** Where output goes (tests capture it). */
  out?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  err?: NodeJS.WritableStream;
  /** Force the terminal progress bar on or off (default: out.isTTY). */
  tty?: boolean;
}

interface FileRun {
  file: string;
  positions: EpdPosition[];
  errors: { line: number; text: string; error: string }[];
  verdicts: (Verdict | null)[];
  firstStart: number;
  lastEnd: number;
}

/** Exit statuses: 0 ran (whatever the score), 1 the engine failed, 2 bad usage or an unreadable file. */
export const EXIT_OK = 0,
  EXIT_ENGINE = 1,
  EXIT_USAGE = 2;

function goArgs(limit: EpdLimit): string {
  return `${limit.kind} ${limit.value}`;
}

/** How long to wait for a bestmove before calling the engine stuck. */
function searchTimeout(limit: EpdLimit): number {
  if (limit.kind === 'movetime') return limit.value * 3 + 30000;
  return 2 ** 31 - 1; // depth/nodes: no natural bound; the user asked for it
}

export async function runEpd(o: EpdRunOptions): Promise<number> {
  const out = o.out ?? process.stdout;
  const err = o.err ?? process.stderr;
  const tty = o.tty ?? Boolean((out as { isTTY?: boolean }).isTTY);
  const println = (s: string): void => {
    out.write(s + '\n');
  };

  // Read every file first: a typo in a file name should not cost a long run.
  const runs: FileRun[] = [];
  for (const file of o.files) {
    let text: string;
    try {
      if (fs.statSync(file).isDirectory()) throw new Error('is a directory');
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
      err.write(`epd: cannot read ${file}: ${why}\n`);
      return EXIT_USAGE;
    }
    const { positions, errors } = parseEpdText(text);
    for (const e of errors) err.write(`${file}:${e.line}: malformed EPD line skipped: ${e.error}\n`);
    runs.push({ file, positions, errors, verdicts: positions.map(() => null), firstStart: Infinity, lastEnd: 0 });
  }
  const total = runs.reduce((a, r) => a + r.positions.length, 0);
  const tasks: { run: FileRun; k: number }[] = [];
  for (const run of runs) for (let k = 0; k < run.positions.length; k++) tasks.push({ run, k });

  const command = o.engine ?? selfCommand();
  const jobs = Math.max(1, Math.min(o.jobs, Math.max(1, tasks.length)));
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const multiFile = runs.length > 1;
  const limitText = o.limit.kind === 'movetime' ? `${o.limit.value} ms/position` : `${o.limit.kind} ${o.limit.value}`;
  println(
    `epd: ${total} position${total === 1 ? '' : 's'} from ${runs.length} file${runs.length === 1 ? '' : 's'}; ` +
      `${limitText}, ${o.threads} thread${o.threads === 1 ? '' : 's'}, hash ${o.hash} MiB, ${jobs} job${jobs === 1 ? '' : 's'}`,
  );

  // Progress.
  let done = 0,
    solved = 0;
  const barWidth = 24;
  let lastBar = 0;
  const drawBar = (force = false): void => {
    if (!tty) return;
    const now = performance.now();
    if (!force && now - lastBar < 100) return;
    lastBar = now;
    const frac = total === 0 ? 1 : done / total;
    const filled = Math.round(frac * barWidth);
    const elapsed = now - t0;
    // The ETA counts from the first search, not from the engines' start-up.
    const eta = done > 0 ? ((now - tFirst) / done) * (total - done) : NaN;
    const line =
      `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${done}/${total}  solved ${solved} (${pct(solved, done)})` +
      `  elapsed ${formatDuration(elapsed)}  ETA ${done > 0 ? formatDuration(eta) : '?'}`;
    const c = (out as { columns?: number }).columns;
    const cols = c && c > 20 ? c : 100;
    out.write(`\r${line.slice(0, Math.max(20, cols - 1))}\x1b[K`);
  };
  const clearBar = (): void => {
    if (tty) out.write('\r\x1b[K');
  };
  let tFirst = Infinity;
  const ticker = tty ? setInterval(() => drawBar(true), 1000) : null;
  ticker?.unref();

  // Interrupt: stop the engines, still print what was done and write the JSON.
  let interrupted = false;
  const engines: UciEngine[] = [];
  const onSigint = (): void => {
    if (interrupted) process.exit(130);
    interrupted = true;
    for (const e of engines) e.kill();
  };
  process.on('SIGINT', onSigint);

  let engineName = 'engine';
  let fatal: string | null = null;
  let next = 0;
  const worker = async (): Promise<void> => {
    const engine = new UciEngine(command, { threads: o.threads, hash: o.hash });
    engines.push(engine);
    try {
      await engine.start();
    } catch (e) {
      fatal ??= `cannot start the engine (${[command.cmd, ...command.args].join(' ')}): ${(e as Error).message}`;
      engine.kill();
      return;
    }
    engineName = engine.name;
    drawBar(true);
    while (!interrupted && fatal === null && next < tasks.length) {
      const { run, k } = tasks[next++];
      const p = run.positions[k];
      if (!engine.alive) {
        try {
          await engine.start();
        } catch (e) {
          fatal ??= `the engine died and could not be restarted: ${(e as Error).message}`;
          return;
        }
      }
      const start = performance.now();
      tFirst = Math.min(tFirst, start);
      run.firstStart = Math.min(run.firstStart, start);
      const r = await engine.search(p.fen, goArgs(o.limit), searchTimeout(o.limit));
      if (interrupted) break; // a killed engine's answer is no answer
      run.lastEnd = Math.max(run.lastEnd, performance.now());
      const v = judge(p, r);
      run.verdicts[k] = v;
      done++;
      if (v.solved) solved++;
      if (tty) {
        if (v.error) {
          clearBar();
          err.write(`${run.file}: ${nameOf(p)}: engine error: ${v.error}\n`);
        }
        drawBar();
      } else {
        println(`[${done}/${total}] ${formatResultLine(p, v, multiFile ? path.basename(run.file) : null)}`);
      }
    }
    await engine.quit();
  };
  drawBar(true);
  await Promise.all(Array.from({ length: tasks.length === 0 ? 0 : jobs }, () => worker()));
  process.off('SIGINT', onSigint);
  if (ticker) clearInterval(ticker);
  for (const e of engines) e.kill();
  drawBar(true);
  clearBar();
  const wallMs = performance.now() - t0;

  if (fatal !== null) err.write(`epd: ${fatal}\n`);
  if (interrupted) err.write(`epd: interrupted after ${done}/${total} positions\n`);

  // Summaries.
  const summaries: FileSummary[] = runs.map((r) => summarize(r.file, r.positions, r.verdicts, r.errors.length));
  println('');
  summaries.forEach((s, i) => {
    const r = runs[i];
    println(formatSummary(s, r.lastEnd > 0 ? r.lastEnd - r.firstStart : null));
  });
  if (multiFile) {
    const sum = (f: (s: FileSummary) => number): number => summaries.reduce((a, s) => a + f(s), 0);
    const pts = sum((s) => s.maxPoints) > 0 ? `; points ${sum((s) => s.points)}/${sum((s) => s.maxPoints)}` : '';
    println(
      `total: ${sum((s) => s.solved)}/${sum((s) => s.done)} solved (${pct(
        sum((s) => s.solved),
        sum((s) => s.done),
      )})${pts}; ${formatDuration(wallMs)} wall`,
    );
  } else {
    println(`wall time ${formatDuration(wallMs)} with ${jobs} job${jobs === 1 ? '' : 's'}`);
  }

  if (o.json) {
    const report = {
      tool: `tessera epd ${VERSION}`,
      engine: engineName,
      engineCommand: [command.cmd, ...command.args],
      limit: { [o.limit.kind]: o.limit.value },
      threads: o.threads,
      hash: o.hash,
      jobs,
      startedAt,
      wallMs: Math.round(wallMs),
      interrupted,
      files: runs.map((r, i) => {
        const s = summaries[i];
        return {
          file: r.file,
          positions: s.positions,
          done: s.done,
          solved: s.solved,
          percent: s.done ? Math.round((1000 * s.solved) / s.done) / 10 : null,
          unreadable: s.unreadable,
          unreadableLines: r.errors.map((e) => ({ line: e.line, error: e.error, text: e.text })),
          engineErrors: s.errors,
          points: s.scoredByPoints ? s.points : null,
          maxPoints: s.scoredByPoints ? s.maxPoints : null,
          themes: s.scoredByPoints ? s.themes : null,
          wallMs: r.lastEnd > 0 ? Math.round(r.lastEnd - r.firstStart) : 0,
          searchMs: Math.round(s.searchMs),
          results: r.positions.map((p, k) => ({ file: r.file, ...positionJson(p, r.verdicts[k]) })),
        };
      }),
    };
    try {
      fs.writeFileSync(o.json, JSON.stringify(report, null, 2) + '\n');
      println(`results written to ${o.json}`);
    } catch (e) {
      err.write(`epd: cannot write ${o.json}: ${(e as Error).message}\n`);
      return EXIT_USAGE;
    }
  }
  if (fatal !== null) return EXIT_ENGINE;
  if (interrupted) return 130;
  return EXIT_OK;
}

/** Reads the command-line options (as commander gives them) into run options; a string is a usage error. */
export function epdOptions(files: string[], o: Record<string, string | undefined>): EpdRunOptions | string {
  const int = (name: string, min: number, max: number): number | null | string => {
    const v = o[name];
    if (v === undefined) return null;
    if (!/^\d+$/.test(v.trim()) || Number(v) < min || Number(v) > max)
      return `--${name} needs an integer ${min}..${max}, got '${v}'`;
    return Number(v);
  };
  const limits: EpdLimit[] = [];
  for (const [kind, min, max] of [
    ['movetime', 1, 864e5],
    ['depth', 1, 200],
    ['nodes', 1, 1e15],
  ] as const) {
    const v = int(kind, min, max);
    if (typeof v === 'string') return v;
    if (v !== null) limits.push({ kind, value: v });
  }
  if (limits.length > 1) return 'give only one of --movetime, --depth, --nodes';
  const threads = int('threads', 1, 256);
  if (typeof threads === 'string') return threads;
  const hash = int('hash', 1, 65536);
  if (typeof hash === 'string') return hash;
  const jobs = int('jobs', 1, 256);
  if (typeof jobs === 'string') return jobs;
  if (files.length === 0) return 'no EPD file given';
  return {
    files,
    limit: limits[0] ?? { kind: 'movetime', value: 1000 },
    threads: threads ?? 1,
    hash: hash ?? 16,
    jobs: jobs ?? 1,
    json: o.json ?? null,
  };
}
