// Test helper: drives the BUILT engine (dist/tessera.js under node, or the standalone binary
// dist/tessera) over UCI, the way a GUI does, and checks what it says against the project's own
// move generator. The test setup (build-setup.ts) rebuilds dist/ when it is missing or older than the
// sources; a build still missing fails with a message that says so.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFen, toFen, START_FEN } from '../../src/core/fen';
import { parseUciMove, moveToUci } from '../../src/core/notation';
import { legalMoves } from '../../src/core/movegen';
import { MAX_MOVES } from '../../src/core/types';
import type { Position } from '../../src/core/position';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export { START_FEN };

export const DIST = path.resolve(__dirname, '..', '..', 'dist');

export interface Target {
  /** Display name, used as the describe label. */
  name: string;
  cmd: string;
  args: string[];
  /** The file that must exist (the script or the binary). */
  file: string;
}

export const TARGETS: Target[] = [
  {
    name: 'node dist/tessera.js',
    cmd: process.execPath,
    args: [path.join(DIST, 'tessera.js')],
    file: path.join(DIST, 'tessera.js'),
  },
  { name: 'dist/tessera (binary)', cmd: path.join(DIST, 'tessera'), args: [], file: path.join(DIST, 'tessera') },
];

/** Throws a clear error when the build output is missing (the test setup's build failed or was removed since). */
export function requireBuilt(t: Target): void {
  if (!fs.existsSync(t.file))
    throw new Error(
      `${t.file} is missing: the test setup builds dist/ (test/helpers/build-setup.ts); run \`npm run build\` to see why it failed`,
    );
  if (t.file === path.join(DIST, 'tessera.js') && !fs.existsSync(path.join(DIST, 'worker.js'))) {
    throw new Error(
      `${path.join(DIST, 'worker.js')} is missing: the test setup builds dist/ (test/helpers/build-setup.ts); run \`npm run build\` to see why it failed`,
    );
  }
}

export interface Line {
  text: string;
  /** performance.now() when the line arrived. */
  at: number;
}

export interface Match {
  line: string;
  /** Milliseconds from the most recent send() to the arrival of the line. */
  ms: number;
  /** Arrival time (performance.now()). */
  at: number;
  /** Every line consumed by this wait, the matching one last. */
  lines: string[];
}

type Pred = RegExp | string | ((line: string) => boolean);

function toPredicate(p: Pred): (line: string) => boolean {
  if (typeof p === 'function') return p;
  if (typeof p === 'string') return (l) => l === p;
  return (l) => p.test(l);
}

/** One running engine process. Lines are read in order through a cursor. */
export class Engine {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly lines: Line[] = [];
  /** Everything sent, for failure messages. */
  readonly sent: string[] = [];
  stderr = '';
  cursor = 0;
  lastSend = 0;
  exited: { code: number | null; signal: NodeJS.Signals | null; at: number } | null = null;
  /** Searches started (go other than go perft) and bestmove lines seen. */
  goCount = 0;
  bestmoveCount = 0;
  /** performance.now() at spawn. */
  readonly spawnedAt = performance.now();
  private partial = '';
  /** The start of a line sent raw and not yet ended. */
  private unfinished = '';
  private waiters = new Set<() => void>();
  private exitPromise: Promise<void>;

  constructor(readonly target: Target) {
    requireBuilt(target);
    this.proc = spawn(target.cmd, target.args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => {
      const now = performance.now();
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop()!;
      for (const p of parts) {
        const text = p.replace(/\r$/, '');
        if (text.startsWith('bestmove')) this.bestmoveCount++;
        this.lines.push({ text, at: now });
      }
      this.wake();
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (d: string) => {
      this.stderr += d;
    });
    this.proc.stdin.on('error', () => {
      /* EPIPE after exit: reported by waitFor */
    });
    this.exitPromise = new Promise((resolve) => {
      this.proc.on('exit', (code, signal) => {
        this.exited = { code, signal, at: performance.now() };
        this.wake();
        resolve();
      });
      this.proc.on('error', (err) => {
        this.stderr += `spawn error: ${err.message}\n`;
        this.exited ??= { code: null, signal: null, at: performance.now() };
        this.wake();
        resolve();
      });
    });
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  /** Sends one command line (newline added unless raw). Returns the send time. */
  send(cmd: string, raw = false): number {
    this.sent.push(cmd.length > 200 ? `${cmd.slice(0, 200)}... (${cmd.length} chars)` : cmd);
    // Count go commands by whole lines: a raw write may carry part of a line, finished by the next one.
    const lines = (this.unfinished + (raw ? cmd : `${cmd}\n`)).split(/\r?\n/);
    this.unfinished = lines.pop()!;
    for (const l of lines) if (/^\s*go(\s|$)/.test(l) && !/^\s*go\s+perft\b/.test(l)) this.goCount++;
    this.proc.stdin.write(raw ? cmd : cmd + '\n');
    this.lastSend = performance.now();
    return this.lastSend;
  }

  /** Stops reading the engine's stdout (its pipe fills up), as a stalled GUI would. */
  pauseOutput(): void {
    this.proc.stdout.pause();
  }
  resumeOutput(): void {
    this.proc.stdout.resume();
  }

  /** The conversation so far, for failure messages. */
  transcript(last = 60): string {
    const out = this.lines
      .slice(-last)
      .map((l) => `< ${l.text}`)
      .join('\n');
    const sent = this.sent
      .slice(-30)
      .map((s) => `> ${s}`)
      .join('\n');
    return `sent (last 30):\n${sent}\nreceived (last ${last}):\n${out}\nstderr:\n${this.stderr.slice(-2000)}`;
  }

  /**
   * Waits for the next line (from the cursor) that matches, and moves the cursor past it.
   * Rejects on timeout or when the engine exits first.
   */
  waitFor(pred: Pred, timeoutMs = 10000): Promise<Match> {
    const test = toPredicate(pred);
    const since = this.lastSend;
    const start = this.cursor;
    return new Promise<Match>((resolve, reject) => {
      const check = (): boolean => {
        for (let i = this.cursor; i < this.lines.length; i++) {
          if (test(this.lines[i].text)) {
            this.cursor = i + 1;
            const l = this.lines[i];
            done();
            resolve({
              line: l.text,
              at: l.at,
              ms: l.at - since,
              lines: this.lines.slice(start, i + 1).map((x) => x.text),
            });
            return true;
          }
        }
        if (this.exited) {
          done();
          reject(
            new Error(
              `engine exited (code ${this.exited.code}, signal ${this.exited.signal}) while waiting for ${String(pred)}\n${this.transcript()}`,
            ),
          );
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${String(pred)}\n${this.transcript()}`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(waker);
      };
      const waker = (): void => {
        check();
      };
      if (!check()) this.waiters.add(waker);
    });
  }

  /** Lines after the cursor that arrived so far (without moving it). */
  pending(): string[] {
    return this.lines.slice(this.cursor).map((l) => l.text);
  }

  /** Waits ms milliseconds and returns the lines that arrived after the cursor meanwhile. */
  async quiet(ms: number): Promise<string[]> {
    await sleep(ms);
    return this.pending();
  }

  /** isready → readyok; returns the round trip. */
  async ready(timeoutMs = 5000): Promise<Match> {
    this.send('isready');
    return this.waitFor('readyok', timeoutMs);
  }

  /** Resolves when the process has exited (or after timeoutMs); returns whether it exited. */
  async waitExit(timeoutMs: number): Promise<boolean> {
    if (this.exited) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((r) => {
      timer = setTimeout(r, timeoutMs);
    });
    await Promise.race([this.exitPromise, timeout]);
    clearTimeout(timer);
    return this.exited !== null;
  }

  /** True while a search the engine was asked for has not answered bestmove. */
  get searching(): boolean {
    return this.goCount > this.bestmoveCount;
  }

  private goCountAtReset = 0;
  /** The Move Overhead default the engine announced (read by warm()). */
  defaultMoveOverhead = 0;

  /**
   * Brings a shared engine back to a known state between tests: ends any search still
   * running, restores the default options and moves the cursor past everything said so far.
   *
   * The engine queues setoption/ucinewgame/go while its search thread has not yet reported
   * back, which it does a moment AFTER printing bestmove, yet runs `position` at once; so an
   * option or ucinewgame sent right after a bestmove can overtake, or be overtaken by, the next
   * test's commands (see the ucinewgame race test in protocol.test.ts). Hence the short pause
   * after a search, and no ucinewgame here.
   */
  async reset(): Promise<void> {
    for (let i = 0; i < 3 && this.searching; i++) {
      this.send('stop');
      await this.waitFor(/^bestmove /, 3000).catch(() => undefined);
    }
    if (this.searching) throw new Error(`engine keeps searching after stop\n${this.transcript()}`);
    if (this.goCount > this.goCountAtReset) await sleep(50);
    this.goCountAtReset = this.goCount;
    for (const o of [
      'MultiPV value 1',
      'Threads value 1',
      'UCI_Chess960 value false',
      'Ponder value false',
      'UCI_ShowWDL value false',
      `Move Overhead value ${this.defaultMoveOverhead}`,
      'OwnBook value false',
      'UCI_LimitStrength value false',
      'Seed value 0',
      'Clear Hash',
    ]) {
      this.send(`setoption name ${o}`);
    }
    this.send('position startpos');
    await this.ready();
    this.cursor = this.lines.length;
  }

  /**
   * A first short search, so that tests measure the engine at work rather than thread
   * start-up and the JIT's warm-up.
   */
  async warm(): Promise<void> {
    this.send('uci');
    const ok = await this.waitFor('uciok', 10000);
    const mo = ok.lines.map((l) => /^option name Move Overhead type spin default (\d+)/.exec(l)).find((m) => m);
    if (mo) this.defaultMoveOverhead = Number(mo[1]);
    this.send('position startpos');
    this.send('go depth 1');
    const b = await this.waitFor(/^bestmove /, 20000);
    expectLegalBestmove(setup(START_FEN), b.line);
    await this.ready();
  }

  /** quit, then kill if it does not go within a second. */
  async close(): Promise<void> {
    if (this.exited) return;
    try {
      this.send('quit');
    } catch {
      /* already gone */
    }
    if (!(await this.waitExit(1000))) {
      this.proc.kill('SIGKILL');
      await this.waitExit(1000);
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Tracks engines started by a test file so afterEach can close them all. */
export class EnginePool {
  private engines: Engine[] = [];
  start(target: Target): Engine {
    const e = new Engine(target);
    this.engines.push(e);
    return e;
  }
  async closeAll(): Promise<void> {
    const all = this.engines;
    this.engines = [];
    await Promise.all(all.map((e) => e.close()));
  }
}

/**
 * One engine shared by the tests of a describe block (start-up and the first search cost a
 * second or more, too much to pay per test): started and warmed up once, reset before each
 * test, restarted if a test killed it, closed at the end.
 */
export function sharedEngine(target: Target): () => Engine {
  let engine: Engine | null = null;
  const startWarm = async (): Promise<void> => {
    engine = new Engine(target);
    await engine.warm();
  };
  beforeAll(startWarm, 60000);
  beforeEach(async () => {
    if (!engine || engine.exited) await startWarm();
    await engine!.reset();
  }, 60000);
  afterAll(async () => {
    await engine?.close();
  });
  return () => {
    if (!engine) throw new Error('shared engine not started');
    return engine;
  };
}

// ---------------- positions and legality ----------------

/** The position a `position` command sets: FEN plus UCI moves, every move required legal. */
export function setup(fen: string, moves: string[] = [], chess960 = false): Position {
  const pos = parseFen(fen, chess960);
  if (typeof pos === 'string') throw new Error(`test bug: bad FEN ${fen}: ${pos}`);
  for (const u of moves) {
    const m = parseUciMove(pos, u);
    if (m === 0) throw new Error(`test bug: illegal move ${u} in ${toFen(pos)}`);
    pos.make(m);
  }
  return pos;
}

export interface BestMove {
  move: string;
  ponder: string | null;
}

export function parseBestmove(line: string): BestMove {
  const m = /^bestmove (\S+)(?: ponder (\S+))?$/.exec(line);
  if (!m) throw new Error(`not a bestmove line: '${line}'`);
  return { move: m[1], ponder: m[2] ?? null };
}

/**
 * Checks that a bestmove line names a legal move of pos, written the canonical way
 * (king-takes-rook castling in Chess960 mode, e1g1 otherwise), and that the ponder move, if
 * any, is legal after it. Returns the move text.
 */
export function expectLegalBestmove(pos: Position, line: string): string {
  const { move, ponder } = parseBestmove(line);
  const m = parseUciMove(pos, move);
  if (m === 0) throw new Error(`bestmove ${move} is not legal in ${toFen(pos)} (line '${line}')`);
  const canonical = moveToUci(pos, m);
  if (canonical !== move) throw new Error(`bestmove ${move} should be written ${canonical} in ${toFen(pos)}`);
  if (ponder !== null) {
    pos.make(m);
    const p = parseUciMove(pos, ponder);
    const fen = toFen(pos);
    const pc = p === 0 ? '' : moveToUci(pos, p);
    pos.unmake(m);
    if (p === 0) throw new Error(`ponder move ${ponder} is not legal after ${move} (${fen})`);
    if (pc !== ponder) throw new Error(`ponder move ${ponder} should be written ${pc}`);
  }
  return move;
}

/** True if the move (legal in pos) gives check. */
export function givesCheck(pos: Position, move: string): boolean {
  const m = parseUciMove(pos, move);
  if (m === 0) throw new Error(`${move} is not legal in ${toFen(pos)}`);
  pos.make(m);
  const check = pos.inCheck();
  pos.unmake(m);
  return check;
}

// ---------------- info lines ----------------

export interface Info {
  depth: number;
  seldepth?: number;
  multipv?: number;
  score?: { kind: 'cp' | 'mate'; value: number; raw: string };
  nodes?: number;
  nps?: number;
  time?: number;
  hashfull?: number;
  pv: string[];
  raw: string;
}

/** Parses an `info depth ...` line; null for other lines (info string, etc.). */
export function parseInfo(line: string): Info | null {
  if (!line.startsWith('info ') || line.startsWith('info string') || line.includes(' currmove ')) return null;
  const t = line.split(' ');
  const info: Info = { depth: -1, pv: [], raw: line };
  for (let i = 1; i < t.length; i++) {
    switch (t[i]) {
      case 'depth':
        info.depth = Number(t[++i]);
        break;
      case 'seldepth':
        info.seldepth = Number(t[++i]);
        break;
      case 'multipv':
        info.multipv = Number(t[++i]);
        break;
      case 'score': {
        const kind = t[++i] as 'cp' | 'mate';
        const raw = t[++i];
        info.score = { kind, value: Number(raw), raw };
        if (t[i + 1] === 'lowerbound' || t[i + 1] === 'upperbound') i++;
        break;
      }
      case 'nodes':
        info.nodes = Number(t[++i]);
        break;
      case 'nps':
        info.nps = Number(t[++i]);
        break;
      case 'time':
        info.time = Number(t[++i]);
        break;
      case 'hashfull':
        info.hashfull = Number(t[++i]);
        break;
      case 'wdl':
        i += 3;
        break;
      case 'pv':
        info.pv = t.slice(i + 1);
        i = t.length;
        break;
      default:
        break;
    }
  }
  if (info.depth < 0) return null;
  return info;
}

/** The info lines among lines, in order. */
export function infos(lines: string[]): Info[] {
  return lines.map(parseInfo).filter((i): i is Info => i !== null);
}

/** The last info line before bestmove (the engine's final verdict). */
export function lastInfo(lines: string[]): Info {
  const all = infos(lines);
  if (all.length === 0) throw new Error(`no info lines in:\n${lines.join('\n')}`);
  return all[all.length - 1];
}

/** Every PV in an info line must be a legal line from pos. */
export function expectLegalPv(pos: Position, info: Info): void {
  const made: number[] = [];
  try {
    for (const u of info.pv) {
      const m = parseUciMove(pos, u);
      if (m === 0) throw new Error(`pv move ${u} illegal in ${toFen(pos)} (line '${info.raw}')`);
      pos.make(m);
      made.push(m);
    }
  } finally {
    while (made.length) pos.unmake(made.pop()!);
  }
}

/**
 * Runs `go <args>` on a position already sent, waits for bestmove, checks it is legal in pos
 * and returns it with the lines and the time from go to bestmove.
 */
export async function goAndCheck(
  e: Engine,
  pos: Position,
  goArgs: string,
  timeoutMs = 15000,
): Promise<Match & { move: string }> {
  e.send(`go ${goArgs}`.trim());
  const r = await e.waitFor(/^bestmove /, timeoutMs);
  const move = expectLegalBestmove(pos, r.line);
  return { ...r, move };
}

// ---------------- mate checking (independent of the engine's search) ----------------

function legalList(pos: Position): number[] {
  const list = new Int32Array(MAX_MOVES);
  const n = legalMoves(pos, list);
  return Array.from(list.subarray(0, n));
}

/** Every legal move of pos in UCI notation. */
export function legalUci(pos: Position): string[] {
  return legalList(pos).map((m) => moveToUci(pos, m));
}

/** Whether playing m forces mate within n moves (m counted as the first). Brute force. */
export function forcesMate(pos: Position, m: number, n: number): boolean {
  pos.make(m);
  try {
    const replies = legalList(pos);
    if (replies.length === 0) return pos.inCheck();
    if (n <= 1) return false;
    return replies.every((r) => {
      pos.make(r);
      try {
        return legalList(pos).some((m2) => forcesMate(pos, m2, n - 1));
      } finally {
        pos.unmake(r);
      }
    });
  } finally {
    pos.unmake(m);
  }
}

/** The moves (UCI text) that force mate within n moves. */
export function matingMoves(pos: Position, n: number): string[] {
  return legalList(pos)
    .filter((m) => forcesMate(pos, m, n))
    .map((m) => moveToUci(pos, m));
}

/** A comparable number for a score: mates beyond every centipawn score, shorter mates higher. */
export function scoreValue(score: { kind: 'cp' | 'mate'; value: number; raw: string }): number {
  if (score.kind === 'cp') return score.value;
  const negative = score.raw.startsWith('-');
  return negative ? -100000 + Math.abs(score.value) : 100000 - score.value;
}
