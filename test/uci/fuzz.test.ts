// Fuzzing the UCI front end as a hostile GUI would: malformed FENs, illegal and malformed moves, garbage go and
// setoption values, commands out of order and during a search, floods of isready, very long lines and random bytes;
// and what real hosts send: UCI_AnalyseMode, UCI_Opponent, other engines' options (Skill Level, Contempt, ...),
// games of 300+ moves, negative and huge clocks, commands split across writes, CRLF line ends, a closed stdin.
// After every burst: the engine is alive, answers readyok within a second, has answered each go with exactly one
// bestmove, legal in the position that go searched, and has written no line longer than a few thousand characters.
// Seeded and bounded; FUZZ_SEED and FUZZ_BURSTS run it longer (see docs/TESTLOG.md for the long runs).
import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen, toFen, START_FEN } from '../../src/core/fen';
import { parseUciMove, moveToUci } from '../../src/core/notation';
import type { Position } from '../../src/core/position';
import { TARGETS, EnginePool, sleep } from '../helpers/engine';
import { legal } from '../helpers/chess';
import { Rng } from '../helpers/rng';

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const BURSTS = Number(process.env.FUZZ_BURSTS ?? 24);

const FENS = [
  START_FEN,
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  '8/8/8/8/8/8/6k1/4K2R w K - 0 1',
  '7k/8/5K2/8/8/8/8/R7 w - - 0 1',
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
];

/** What the engine's position command should leave: the same rules, read from the protocol, applied to our model. */
function applyPosition(cmd: string, current: Position, chess960: boolean): Position {
  const t = cmd.trim().split(/\s+/);
  let i = 1,
    fen: string;
  if (t[i] === 'startpos') {
    fen = START_FEN;
    i++;
  } else if (t[i] === 'fen') {
    i++;
    const s = i;
    while (i < t.length && t[i] !== 'moves') i++;
    fen = t.slice(s, i).join(' ');
  } else return current;
  // With UCI_Chess960 on, castling is only king-takes-rook: e1g1 is then an illegal king move, as in the engine.
  const p = parseFen(fen, chess960);
  if (typeof p === 'string') return current;
  if (t[i] === 'moves') {
    for (const u of t.slice(i + 1)) {
      const m = parseUciMove(p, u);
      if (!m) break;
      p.make(m);
    }
  }
  return p;
}

function randomWalk(rng: Rng, fen: string, n: number): { fen: string; moves: string[] } {
  const p = parseFen(fen) as Position;
  const moves: string[] = [];
  for (let k = 0; k < n; k++) {
    const l = legal(p);
    if (l.length === 0) break;
    const m = rng.pick(l);
    moves.push(moveToUci(p, m));
    p.make(m);
  }
  return { fen, moves };
}

function mutate(rng: Rng, s: string): string {
  const chars = 'pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0x ';
  const a = s.split('');
  for (let k = 1 + rng.int(3); k > 0; k--) {
    const at = rng.int(a.length + 1);
    const r = rng.int(3);
    if (r === 0) a.splice(at, 1);
    else if (r === 1) a.splice(at, 0, rng.pick(chars.split('')));
    else a[Math.min(at, a.length - 1)] = rng.pick(chars.split(''));
  }
  return a.join('');
}

function garbage(rng: Rng, n: number): string {
  let s = '\u0001'; // never a command's first letter
  for (let k = 0; k < n; k++) {
    let c = rng.int(256);
    if (c === 10 || c === 13) c = 32;
    s += String.fromCharCode(c);
  }
  return s;
}

interface Go {
  pos: Position;
  searchmoves: string[];
}

/** How one command goes down the pipe: whole, split across two writes, or with a CRLF line end. */
type Framing = 'line' | 'split' | 'crlf';

/** One burst of commands; returns the go commands in order, each with the position and searchmoves it searched. */
/** The model of the engine's state: its position, and whether UCI_Chess960 is on. */
interface Model {
  pos: Position;
  chess960: boolean;
}

async function burst(rng: Rng, state: Model, send: (s: string, raw?: boolean) => void, strict: boolean): Promise<Go[]> {
  const gos: Go[] = [];
  const n = 6 + rng.int(14);
  for (let k = 0; k < n; k++) {
    // The strict run adds what hung the engine before its scheduler (issue 58): zero limits and gos that do not wait.
    const r = strict && rng.int(6) === 0 ? 26 : rng.int(27);
    let cmd: string;
    let framing: Framing = 'line';
    switch (r) {
      case 0:
      case 1: {
        const w = randomWalk(rng, rng.pick(FENS), rng.int(12));
        cmd = `position fen ${w.fen}${w.moves.length ? ' moves ' + w.moves.join(' ') : ''}`;
        break;
      }
      case 2:
        cmd = `position fen ${mutate(rng, rng.pick(FENS))}`;
        break;
      case 3: {
        const w = randomWalk(rng, START_FEN, rng.int(8));
        cmd = `position startpos moves ${w.moves.join(' ')} ${rng.pick(['e2e5', 'zz', 'a7a8q', 'e1g1', '0000', 'e2e4e'])} e7e5`;
        break;
      }
      case 4:
        cmd = rng.pick([
          'position',
          'position fen',
          'position startpos moves',
          'position moves e2e4',
          'position fen 8/8/8/8/8/8/8/8 w - - 0 1',
          'position startpos fen x',
        ]);
        break;
      case 5:
      case 6:
      case 7:
        cmd = `go ${rng.pick(['depth 1', 'depth 3', 'nodes 2000', 'movetime 30', 'wtime 200 btime 200', 'wtime 1000 btime 1000 winc 10 binc 10 movestogo 3', 'depth 2 nodes 500'])}`;
        break;
      case 8:
        cmd = `go ${rng.pick(['infinite', 'ponder wtime 500 btime 500', 'depth', 'depth -3 nodes 300', 'movetime abc depth 2', 'xyzzy depth 2', 'nodes 1e99 depth 2', 'wtime -100 btime -100'])}`;
        break;
      case 9: {
        const l = legal(state.pos).map((m) => moveToUci(state.pos, m));
        const sm = [rng.pick([...l, 'e2e4']), rng.pick(['a1a1', 'h7h8q', ...l])].filter(Boolean);
        cmd = `go depth 2 searchmoves ${sm.join(' ')}`;
        break;
      }
      case 10:
        cmd = 'stop';
        break;
      case 11:
        cmd = 'ponderhit';
        break;
      case 12:
        cmd = Array.from({ length: 20 + rng.int(40) }, () => 'isready').join('\n');
        break;
      case 13:
        cmd = `setoption name ${rng.pick(['Hash', 'MultiPV', 'Threads', 'Move Overhead', 'Ponder', 'UCI_Chess960', 'Use NNUE', 'OwnBook', 'BookDepth', 'Nonsense', ''])} value ${rng.pick(['-1', '0', 'true', 'maybe', '99999999999', '', '2.5', 'x'.repeat(300)])}`;
        break;
      case 14:
        cmd = `setoption name ${rng.pick(['Hash value 8', 'MultiPV value 2', 'MultiPV value 1', 'Threads value 2', 'Threads value 1', 'Use NNUE value true', 'Use NNUE value false', 'OwnBook value true', 'OwnBook value false', 'Clear Hash'])}`;
        break;
      case 15:
        cmd = 'ucinewgame';
        break;
      case 16:
        cmd = garbage(rng, 10 + rng.int(200));
        break;
      case 17:
        cmd = rng.pick([
          'x'.repeat(20000),
          `setoption name ${'N'.repeat(20000)} value 1`,
          `position fen ${'p'.repeat(20000)}`,
          `go depth 1 ${'q'.repeat(20000)}`,
        ]);
        break;
      case 18:
        cmd = rng.pick([
          '',
          '   ',
          '\t',
          'uci',
          'd',
          'eval',
          'flip',
          'go perft 2',
          'GO depth 1',
          'bestmove e2e4',
          'info string hi',
        ]);
        break;
      case 19:
        cmd = `go depth 1 searchmoves ${Array.from({ length: 3000 }, () => 'e2e4').join(' ')}`;
        break;
      case 20:
        cmd = `position startpos moves ${'g1f3 g8f6 f3g1 f6g8 '.repeat(200).trim()}`;
        break;
      case 21:
        cmd = `setoption name ${rng.pick([
          'UCI_AnalyseMode value true',
          'UCI_AnalyseMode value false',
          'UCI_Opponent value GM 2800 human Magnus Carlsen',
          'UCI_Opponent value none none computer Stockfish 15.1',
          'UCI_Opponent value',
          'Skill Level value 10',
          'Skill Level value -3',
          'Contempt value 24',
          'Slow Mover value 100',
          'Minimum Thinking Time value 20',
          'nodestime value 0',
          'UCI_LimitStrength value true',
          'UCI_LimitStrength value false',
          'UCI_Elo value 1500',
          'UCI_Elo value 99999',
          'SyzygyPath value /no/such/dir',
          'EvalFile value /no/such/net.nnue',
        ])}`;
        break;
      case 22: {
        const w = randomWalk(rng, START_FEN, 300 + rng.int(500));
        cmd = `position startpos moves ${w.moves.join(' ')}`;
        break;
      }
      case 23:
        cmd = `go ${rng.pick([
          'wtime -1000 btime -1000 winc -10 binc -10',
          'wtime -1 btime -1',
          'wtime 99999999999 btime 99999999999 movestogo 1',
          'wtime 1e308 btime 1e308',
          'movetime -5',
          'movetime 99999999999',
          'depth 99999',
          'nodes -1 depth 2',
          'wtime NaN btime 100',
          'wtime 0 btime 0 movestogo 0',
        ])}`;
        break;
      case 24: {
        cmd = rng.pick([
          'go depth 2',
          'isready',
          'position startpos moves e2e4 e7e5 g1f3',
          'setoption name MultiPV value 2',
          'go nodes 3000',
          'stop',
        ]);
        framing = 'split';
        break;
      }
      case 25: {
        cmd = rng.pick([
          'isready',
          'go depth 1',
          'position startpos moves d2d4',
          'ucinewgame',
          'setoption name Hash value 4',
          `position fen ${rng.pick(FENS)}`,
        ]);
        framing = 'crlf';
        break;
      }
      case 26:
        cmd = rng.pick([
          'go nodes 0',
          'go depth 0',
          'go movetime 0',
          'go mate 0',
          'go movetime -5',
          'go infinite',
          'go ponder wtime 3000 btime 3000',
          'go infinite\nisready\ngo nodes 0\nisready',
          'go ponder\nposition startpos\ngo infinite',
        ]);
        break;
      default:
        cmd = 'isready';
    }
    for (const line of cmd.split('\n')) {
      const c960 = /^\s*setoption\s+name\s+UCI_Chess960\s+value\s+(true|false)\s*$/i.exec(line);
      if (c960) {
        state.chess960 = c960[1].toLowerCase() === 'true';
        state.pos.chess960 = state.chess960; // the engine sets its position up again in the new mode
      } else if (/^\s*position(\s|$)/.test(line)) state.pos = applyPosition(line, state.pos, state.chess960);
      else if (/^\s*ucinewgame\s*$/.test(line)) state.pos = parseFen(START_FEN, state.chess960) as Position;
      else if (/^\s*go(\s|$)/.test(line) && !/^\s*go\s+perft\b/.test(line)) {
        const t = line.trim().split(/\s+/);
        const si = t.indexOf('searchmoves');
        const pos = parseFen(toFen(state.pos), state.chess960) as Position;
        const listed =
          si < 0
            ? []
            : t
                .slice(si + 1)
                .filter((u) => parseUciMove(pos, u))
                .map((u) => moveToUci(pos, parseUciMove(pos, u)));
        gos.push({ pos, searchmoves: listed });
      }
    }
    if (framing === 'split') {
      const at = 1 + rng.int(cmd.length - 1);
      send(cmd.slice(0, at), true);
      await sleep(2 + rng.int(10)); // the engine may read the first part alone
      send(`${cmd.slice(at)}\n`, true);
    } else if (framing === 'crlf') {
      send(`${cmd}\r\n`, true);
    } else {
      send(cmd);
    }
  }
  return gos;
}

/**
 * Runs bursts on one engine. After each burst, the lenient check sends stop until every go has answered (the check
 * this test always had); the strict one sends one stop, as a GUI would, and wants every bestmove within 2 s of it.
 */
async function fuzz(seed: number, bursts: number, strict: boolean): Promise<void> {
  const pool = new EnginePool();
  const e = pool.start(TARGETS[0]);
  const rec: { s: string; raw: boolean; at: number }[] = [];
  try {
    const rng = new Rng(seed);
    e.send('uci');
    await e.waitFor('uciok', 10000);
    await e.ready(10000);
    const state: Model = { pos: parseFen(START_FEN) as Position, chess960: false };
    const allGos: Go[] = [];
    let seen = 0;
    let checked = 0;
    const best: string[] = [];
    let bestScanned = 0;
    for (let b = 0; b < bursts; b++) {
      allGos.push(
        ...(await burst(
          rng,
          state,
          (s, raw) => {
            rec.push({ s, raw: !!raw, at: performance.now() });
            e.send(s, raw);
          },
          strict,
        )),
      );
      if (strict) {
        const t = performance.now();
        e.send('stop');
        while (e.bestmoveCount < e.goCount && performance.now() - t < 2000) await sleep(5);
      } else {
        // End whatever searches are running or queued (infinite, ponder), then expect one bestmove per go.
        for (let k = 0; k < 100 && e.bestmoveCount < e.goCount; k++) {
          e.send('stop');
          await sleep(50);
        }
      }
      expect(e.bestmoveCount, `burst ${b}: bestmoves for ${e.goCount} go commands\n${e.transcript()}`).toBe(e.goCount);
      await sleep(30);
      const t0 = performance.now();
      e.send('isready');
      await e.waitFor('readyok', 5000);
      expect(performance.now() - t0, `burst ${b}: readyok`).toBeLessThan(1000);
      for (; bestScanned < e.lines.length; bestScanned++) {
        if (e.lines[bestScanned].text.startsWith('bestmove')) best.push(e.lines[bestScanned].text);
      }
      for (; seen < best.length; seen++) {
        const g = allGos[seen];
        const mv = best[seen].split(' ')[1];
        const moves = legal(g.pos).map((m) => moveToUci(g.pos, m));
        if (moves.length === 0) {
          expect(mv, `burst ${b}: ${best[seen]} in ${toFen(g.pos)}`).toBe('(none)');
          continue;
        }
        expect(moves, `burst ${b}: ${best[seen]} for go #${seen} in ${toFen(g.pos)}\n${e.transcript()}`).toContain(mv);
        if (g.searchmoves.length > 0) expect(g.searchmoves, `searchmoves of go #${seen}`).toContain(mv);
      }
      // Only the lines this burst added: a long run must not rescan the whole transcript every burst.
      for (; checked < e.lines.length; checked++) {
        const l = e.lines[checked];
        expect(l.text.length, `a ${l.text.length}-character line: ${l.text.slice(0, 80)}`).toBeLessThan(3000);
      }
      expect(e.exited, `burst ${b}: the engine exited\n${e.transcript()}`).toBe(null);
    }
    expect(allGos.length).toBeGreaterThan(bursts);
    // For the long runs' record (docs/TESTLOG.md): how many commands and searches this seed sent.
    console.log(
      `fuzz seed ${seed}${strict ? ' (one stop)' : ''}: ${bursts} bursts, ${e.sent.length} commands, ${allGos.length} searches, no failure`,
    );
  } finally {
    // FUZZ_DUMP=FILE keeps the run for a replay: what the engine said (FILE) and what it was sent (FILE.sent.json).
    if (process.env.FUZZ_DUMP) {
      fs.writeFileSync(process.env.FUZZ_DUMP, e.lines.map((l) => `${l.at.toFixed(1)} ${l.text}`).join('\n'));
      fs.writeFileSync(`${process.env.FUZZ_DUMP}.sent.json`, JSON.stringify(rec));
    }
    await pool.closeAll();
  }
}

describe('UCI fuzz (node dist/tessera.js)', () => {
  it(
    `seed ${SEED}, ${BURSTS} bursts: alive, readyok within 1 s, one legal bestmove per go, no long lines`,
    () => fuzz(SEED, BURSTS, false),
    Math.max(240_000, BURSTS * 2_000),
  );

  it(
    `seed ${SEED + 1}, ${BURSTS} bursts, one stop per burst: every go answered within 2 s of it`,
    () => fuzz(SEED + 1, BURSTS, true),
    Math.max(240_000, BURSTS * 2_000),
  );

  it('an isready sent before quit or the end of input is answered, even before the threads have started', async () => {
    const pool = new EnginePool();
    try {
      for (const end of ['quit', 'eof']) {
        const e = pool.start(TARGETS[0]);
        e.send('isready');
        if (end === 'quit') e.send('quit');
        else e.proc.stdin.end();
        expect(await e.waitExit(5000), `${end}: still running`).toBe(true);
        expect(
          e.lines.map((l) => l.text),
          `${end}: the answer to isready`,
        ).toContain('readyok');
      }
    } finally {
      await pool.closeAll();
    }
  }, 30_000);

  it('a closed stdin ends the engine: at once when idle, after its bestmove when searching (infinite: stopped)', async () => {
    const pool = new EnginePool();
    try {
      for (const go of [null, 'go movetime 300', 'go infinite', 'go ponder wtime 1000 btime 1000']) {
        const e = pool.start(TARGETS[0]);
        e.send('uci');
        await e.waitFor('uciok', 10000);
        await e.ready(15000);
        e.send('position startpos moves e2e4');
        if (go) {
          e.send(go);
          await e.waitFor(/^info depth/, 5000);
        }
        const t = performance.now();
        e.proc.stdin.end();
        expect(await e.waitExit(3000), `${go ?? 'idle'}: still running 3 s after stdin closed`).toBe(true);
        expect(e.exited!.code, `${go ?? 'idle'}: exit code`).toBe(0);
        if (go) expect(e.bestmoveCount, `${go}: answered before exiting`).toBe(1);
        expect(e.exited!.at - t, `${go ?? 'idle'}: exit time`).toBeLessThan(go === 'go movetime 300' ? 1500 : 1000);
      }
    } finally {
      await pool.closeAll();
    }
  }, 60_000);
});
