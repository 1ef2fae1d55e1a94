// A UCI client: the EPD solver drives engine processes (Tessera itself by default) the way a GUI
// does, one position at a time, and collects the info lines and the bestmove.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { isSea } from '../threads';
import type { EngineResult, InfoEvent, Score } from './score';

export interface EngineCommand {
  cmd: string;
  args: string[];
}

/** How to start this very program as a UCI engine: the SEA binary, or node running the bundle. */
export function selfCommand(): EngineCommand {
  if (isSea()) return { cmd: process.execPath, args: [] };
  return {
    cmd: process.execPath,
    args: [...process.execArgv.filter((a) => !a.startsWith('--inspect')), process.argv[1]],
  };
}

/** Parses an `info` line with a PV; null for any other line. */
export function parseInfoLine(line: string, measuredMs: number): InfoEvent | null {
  if (!line.startsWith('info ')) return null;
  const t = line.trim().split(/\s+/);
  let depth = -1;
  let time: number | null = null;
  let score: Score | null = null;
  let nodes: number | null = null;
  let multipv = 1;
  let move: string | null = null;
  for (let i = 1; i < t.length; i++) {
    switch (t[i]) {
      case 'string':
        return null; // free text to the end of the line
      case 'depth':
        depth = Number(t[++i]);
        break;
      case 'time':
        time = Number(t[++i]);
        break;
      case 'nodes':
        nodes = Number(t[++i]);
        break;
      case 'multipv':
        multipv = Number(t[++i]);
        break;
      case 'score': {
        const kind = t[i + 1];
        const v = Number(t[i + 2]);
        if ((kind === 'cp' || kind === 'mate') && Number.isFinite(v)) score = { kind, value: v };
        i += 2;
        break;
      }
      case 'pv':
        move = t[i + 1] ?? null;
        i = t.length;
        break;
      default:
        break;
    }
  }
  if (move === null || multipv !== 1 || !Number.isFinite(depth) || depth < 0) return null;
  return { depth, timeMs: time !== null && Number.isFinite(time) ? time : Math.round(measuredMs), move, score, nodes };
}

const WARMUP_FEN = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';
const WARMUP_DEPTH = 8;

export interface EngineOptions {
  threads: number;
  hash: number;
}

/** One engine process. Not re-entrant: one search at a time. */
export class UciEngine {
  private proc: ChildProcessWithoutNullStreams | null = null;
  private partial = '';
  private listener: ((line: string) => void) | null = null;
  private exitInfo: string | null = null;
  private onExit: (() => void) | null = null;
  private stderrTail = '';
  name = 'engine';

  constructor(
    readonly command: EngineCommand,
    readonly options: EngineOptions,
  ) {}

  get alive(): boolean {
    return this.proc !== null && this.exitInfo === null;
  }

  /** Starts the process and does the uci / setoption / isready handshake. */
  async start(timeoutMs = 60000): Promise<void> {
    this.exitInfo = null;
    this.partial = '';
    this.stderrTail = '';
    const proc = spawn(this.command.cmd, this.command.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc = proc;
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop()!;
      for (const p of parts) this.listener?.(p.replace(/\r$/, ''));
    });
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (d: string) => {
      this.stderrTail = (this.stderrTail + d).slice(-2000);
    });
    proc.stdin.on('error', () => {
      /* EPIPE: the exit handler reports it */
    });
    proc.on('error', (e) => {
      this.exitInfo ??= `could not start ${this.command.cmd}: ${e.message}`;
      this.onExit?.();
    });
    proc.on('exit', (code, signal) => {
      this.exitInfo ??= `engine exited (${signal ?? `code ${code}`})${this.stderrTail ? `: ${this.stderrTail.trim().split('\n').slice(-3).join(' | ')}` : ''}`;
      this.onExit?.();
    });
    this.send('uci');
    await this.waitLine(
      (l) => {
        const m = /^id name (.*)$/.exec(l);
        if (m) this.name = m[1].trim();
        return l === 'uciok';
      },
      timeoutMs,
      'uciok',
    );
    this.send(`setoption name Threads value ${this.options.threads}`);
    this.send(`setoption name Hash value ${this.options.hash}`);
    await this.ready(timeoutMs);
    // A short throwaway search: the first search of a fresh engine also pays for starting its
    // search threads and compiling the search, which would be charged to the first position.
    this.send(`position fen ${WARMUP_FEN}`);
    this.send(`go depth ${WARMUP_DEPTH}`);
    await this.waitLine((l) => l.startsWith('bestmove'), timeoutMs, 'bestmove of the warm-up search');
  }

  send(line: string): void {
    if (!this.alive) return;
    this.proc!.stdin.write(line + '\n');
  }

  async ready(timeoutMs = 60000): Promise<void> {
    this.send('isready');
    await this.waitLine((l) => l === 'readyok', timeoutMs, 'readyok');
  }

  /** Waits for a line satisfying pred; rejects on timeout or exit. */
  private waitLine(
    pred: (line: string) => boolean,
    timeoutMs: number,
    what: string,
    onLine?: (line: string) => void,
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.listener = null;
        this.onExit = null;
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no ${what} within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.onExit = () => {
        finish();
        reject(new Error(this.exitInfo ?? 'engine exited'));
      };
      this.listener = (l) => {
        onLine?.(l);
        if (pred(l)) {
          finish();
          resolve(l);
        }
      };
      if (this.exitInfo !== null) {
        finish();
        reject(new Error(this.exitInfo));
      }
    });
  }

  /**
   * Solves one position: ucinewgame, position, isready, go. Resolves with the info lines and the
   * bestmove; on a timeout (no bestmove within timeoutMs) it sends stop and waits a little more;
   * if the engine still does not answer, or dies, the result carries an error and the engine is
   * killed (start() it again).
   */
  async search(fen: string, goArgs: string, timeoutMs: number): Promise<EngineResult> {
    const infos: InfoEvent[] = [];
    try {
      // A fresh start for every position: empty hash table and history. (This relies on the
      // engine keeping the order of ucinewgame and position right after a bestmove; Tessera
      // before commit 4dee94f did not, and searched the start position now and then.)
      this.send('ucinewgame');
      this.send(`position fen ${fen}`);
      await this.ready();
    } catch (e) {
      this.kill();
      return { bestmove: null, infos, elapsedMs: 0, error: (e as Error).message };
    }
    const t0 = performance.now();
    const onLine = (l: string): void => {
      const ev = parseInfoLine(l, performance.now() - t0);
      if (ev) infos.push(ev);
    };
    const isBest = (l: string): boolean => l.startsWith('bestmove');
    this.send(`go ${goArgs}`);
    let line: string;
    try {
      line = await this.waitLine(isBest, timeoutMs, 'bestmove', onLine);
    } catch (e) {
      if (!this.alive) return { bestmove: null, infos, elapsedMs: performance.now() - t0, error: (e as Error).message };
      this.send('stop');
      try {
        line = await this.waitLine(isBest, 5000, 'bestmove after stop', onLine);
      } catch (e2) {
        this.kill();
        return {
          bestmove: null,
          infos,
          elapsedMs: performance.now() - t0,
          error: `${(e as Error).message}; ${(e2 as Error).message}`,
        };
      }
    }
    const elapsedMs = performance.now() - t0;
    const move = line.split(/\s+/)[1] ?? null;
    if (move === null || move === '(none)' || move === '0000') {
      return { bestmove: null, infos, elapsedMs, error: `engine answered '${line}'` };
    }
    return { bestmove: move, infos, elapsedMs };
  }

  kill(): void {
    if (this.proc && this.exitInfo === null) this.proc.kill('SIGKILL');
  }

  /** quit, then kill if it lingers. */
  async quit(): Promise<void> {
    const proc = this.proc;
    if (!proc || this.exitInfo !== null) return;
    const gone = new Promise<void>((r) => proc.once('exit', () => r()));
    this.send('quit');
    proc.stdin.end();
    const timer = setTimeout(() => proc.kill('SIGKILL'), 2000);
    await gone;
    clearTimeout(timer);
  }
}
