// UCI transcript tests, part 2: searching, against the built engine (node dist/tessera.js and
// the standalone binary dist/tessera). Every go form and their combinations, the info lines,
// MultiPV, positions with no legal move, draws by rule (fifty moves, repetition, dead material)
// and a two-thread search. Every bestmove is checked legal in the position that was set.
import { describe, expect, it } from 'vitest';
import {
  TARGETS,
  START_FEN,
  setup,
  goAndCheck,
  lastInfo,
  infos,
  expectLegalPv,
  matingMoves,
  scoreValue,
  givesCheck,
  sharedEngine,
  parseInfo,
  legalUci,
  type Info,
} from '../helpers/engine';

// White mates in 2 (1.Kf7 or 1.Kg6, then the rook), and not in 1.
const MATE_IN_2 = '7k/8/5K2/8/8/8/8/R7 w - - 0 1';
// White mates in 1 (Ra8#).
const MATE_IN_1 = '7k/8/6K1/8/8/8/8/R7 w - - 0 1';
// Black to move is checkmated / stalemated.
const MATED = '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1';
const STALEMATE = '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1';
// White is two rooks and a queen down but has a perpetual check (Qe8+ Kh7 Qh5+ Kg8 ...).
const PERPETUAL = '7k/6p1/8/8/4Q3/rr6/q4PPP/6K1 w - - 0 1';

const INFO_RE =
  /^info depth \d+ seldepth \d+ multipv \d+ score (cp -?\d+|mate -?\d+)( wdl \d+ \d+ \d+)? nodes \d+ nps \d+ hashfull \d+ time \d+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+$/;

/** The last info line of each multipv index at the deepest depth reported. */
function finalLines(lines: string[]): Map<number, Info> {
  const all = infos(lines);
  const depth = Math.max(...all.map((i) => i.depth));
  const out = new Map<number, Info>();
  for (const i of all) if (i.depth === depth) out.set(i.multipv ?? 1, i);
  return out;
}

describe.each(TARGETS)('UCI search: $name', (target) => {
  const engine = sharedEngine(target);

  it('go depth N: info lines well formed with legal PVs, depths 1..N, final line at depth N', async () => {
    const e = engine();
    const moves = ['e2e4', 'c7c5', 'g1f3', 'd7d6', 'd2d4', 'c5d4', 'f3d4', 'g8f6', 'b1c3', 'a7a6'];
    e.send(`position startpos moves ${moves.join(' ')}`);
    const pos = setup(START_FEN, moves);
    const r = await goAndCheck(e, pos, 'depth 6');
    const all = infos(r.lines);
    for (const i of all) {
      expect(i.raw).toMatch(INFO_RE);
      expectLegalPv(pos, i);
      expect(i.depth).toBeLessThanOrEqual(6);
      expect(i.seldepth).toBeGreaterThanOrEqual(i.depth);
    }
    const depths = [...new Set(all.map((i) => i.depth))];
    expect(depths).toEqual([1, 2, 3, 4, 5, 6]);
    const last = lastInfo(r.lines);
    expect(last.depth).toBe(6);
    expect(last.pv[0]).toBe(r.move);
    // Nothing but info lines before bestmove.
    for (const l of r.lines.slice(0, -1)) expect(l.startsWith('info ')).toBe(true);
  });

  it('go nodes N stops near N nodes; go nodes 1 still gives a legal move', async () => {
    const e = engine();
    e.send('position startpos');
    const pos = setup(START_FEN);
    const r = await goAndCheck(e, pos, 'nodes 20000');
    const n = lastInfo(r.lines).nodes!;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(20000 + 2048);
    await goAndCheck(e, pos, 'nodes 1');
  });

  it('go mate 2 finds the mate in 2: score mate 2, a mating first move', async () => {
    const e = engine();
    e.send(`position fen ${MATE_IN_2}`);
    const pos = setup(MATE_IN_2);
    const mating = matingMoves(pos, 2);
    expect(mating.sort()).toEqual(['f6f7', 'f6g6']);
    expect(matingMoves(pos, 1)).toEqual([]);
    const r = await goAndCheck(e, pos, 'mate 2', 10000);
    expect(lastInfo(r.lines).score?.raw).toBe('2');
    expect(lastInfo(r.lines).score?.kind).toBe('mate');
    expect(mating).toContain(r.move);
    // And a plain depth search finds it too, and a mate in 1 as mate 1.
    const d = await goAndCheck(e, pos, 'depth 6');
    expect(lastInfo(d.lines).score).toMatchObject({ kind: 'mate', value: 2 });
    e.send(`position fen ${MATE_IN_1}`);
    const m1 = await goAndCheck(e, setup(MATE_IN_1), 'depth 4');
    expect(m1.move).toBe('a1a8');
    expect(lastInfo(m1.lines).score).toMatchObject({ kind: 'mate', value: 1 });
  });

  it('the side being mated reports a negative mate score', async () => {
    const e = engine();
    // Black to move after 1.Kf7 in the mate-in-2 position: mated next move whatever it plays.
    e.send(`position fen ${MATE_IN_2} moves f6f7`);
    const pos = setup(MATE_IN_2, ['f6f7']);
    const r = await goAndCheck(e, pos, 'depth 4');
    expect(lastInfo(r.lines).score?.raw).toBe('-1');
    expect(r.move).toBe('h8h7');
  });

  it('searchmoves: the bestmove and every PV start among the listed moves', async () => {
    const e = engine();
    e.send('position startpos');
    const pos = setup(START_FEN);
    const r = await goAndCheck(e, pos, 'searchmoves a2a3 h2h3 b1a3 depth 5');
    expect(['a2a3', 'h2h3', 'b1a3']).toContain(r.move);
    for (const i of infos(r.lines)) expect(['a2a3', 'h2h3', 'b1a3']).toContain(i.pv[0]);
    // A single move, even a bad one.
    const one = await goAndCheck(e, pos, 'depth 4 searchmoves g2g4');
    expect(one.move).toBe('g2g4');
    // Illegal entries are reported and ignored; the legal ones still restrict the search.
    e.send('go searchmoves e7e5 f2f3 zz depth 3');
    const info = await e.waitFor(/^info string/, 5000);
    expect(info.line).toMatch(/e7e5|searchmoves/);
    const b = await e.waitFor(/^bestmove /);
    expect(b.line.split(' ')[1]).toBe('f2f3');
    // In the mate-in-2 position, restricted to non-mating moves: no mate score.
    e.send(`position fen ${MATE_IN_2}`);
    const m = await goAndCheck(e, setup(MATE_IN_2), 'searchmoves a1a2 a1b1 depth 5');
    expect(['a1a2', 'a1b1']).toContain(m.move);
    expect(lastInfo(m.lines).score?.kind).toBe('cp');
  });

  it('clock forms: wtime/btime/winc/binc for the side to move, movestogo', async () => {
    const e = engine();
    // White to move, 5 s + 0.05 s: a legal move, in well under the clock.
    e.send('position startpos');
    let r = await goAndCheck(e, setup(START_FEN), 'wtime 5000 btime 5000 winc 50 binc 50', 10000);
    expect(r.ms).toBeLessThan(1500);
    // Black to move with 2 s while white has 10 minutes: black's clock is the one that counts.
    e.send('position startpos moves e2e4');
    const afterE4 = setup(START_FEN, ['e2e4']);
    r = await goAndCheck(e, afterE4, 'wtime 600000 btime 2000 winc 0 binc 0', 10000);
    expect(r.ms).toBeLessThan(1000);
    // A huge increment does not tempt it past what is on the clock.
    r = await goAndCheck(e, afterE4, 'wtime 500 btime 500 winc 5000 binc 5000', 5000);
    expect(r.ms).toBeLessThan(450);
    // movestogo 2 with 2 s: it may use up to about half, not more.
    r = await goAndCheck(e, afterE4, 'wtime 2000 btime 2000 movestogo 2', 5000);
    expect(r.ms).toBeLessThan(1500);
  });

  it('combined forms: the first limit reached ends the search', async () => {
    const e = engine();
    e.send('position startpos moves d2d4 g8f6 c2c4');
    const pos = setup(START_FEN, ['d2d4', 'g8f6', 'c2c4']);
    // depth stops before a long clock.
    let r = await goAndCheck(e, pos, 'wtime 600000 btime 600000 winc 1000 binc 1000 depth 4');
    expect(lastInfo(r.lines).depth).toBe(4);
    expect(r.ms).toBeLessThan(2000);
    // movetime stops before a deep depth. The bound is loose: this file runs beside others, and the clock's precision
    // is held in timing.test.ts ("go movetime 300"), which runs alone.
    r = await goAndCheck(e, pos, 'depth 60 movetime 250');
    expect(lastInfo(r.lines).depth).toBeLessThan(60);
    expect(r.ms).toBeLessThan(2000);
    // nodes stops before movetime.
    r = await goAndCheck(e, pos, 'movetime 20000 nodes 5000');
    expect(lastInfo(r.lines).nodes).toBeLessThanOrEqual(5000 + 2048);
    expect(r.ms).toBeLessThan(2000);
    // searchmoves with a clock and a depth.
    r = await goAndCheck(e, pos, 'searchmoves e7e6 g7g6 wtime 60000 btime 60000 depth 5');
    expect(['e7e6', 'g7g6']).toContain(r.move);
    // mate with a depth cap in a position with no mate: the depth ends it.
    r = await goAndCheck(e, pos, 'mate 3 depth 3');
    expect(lastInfo(r.lines).depth).toBe(3);
  });

  it('MultiPV 3: three lines at the final depth, distinct first moves, scores non-increasing', async () => {
    const e = engine();
    e.send('setoption name MultiPV value 3');
    e.send('position startpos moves e2e4 e7e5 g1f3');
    const pos = setup(START_FEN, ['e2e4', 'e7e5', 'g1f3']);
    const r = await goAndCheck(e, pos, 'depth 6');
    const fin = finalLines(r.lines);
    expect([...fin.keys()].sort()).toEqual([1, 2, 3]);
    const lines = [1, 2, 3].map((k) => fin.get(k)!);
    for (const l of lines) {
      expect(l.raw).toMatch(INFO_RE);
      expectLegalPv(pos, l);
    }
    expect(new Set(lines.map((l) => l.pv[0])).size).toBe(3);
    const scores = lines.map((l) => scoreValue(l.score!));
    expect(scores[0]).toBeGreaterThanOrEqual(scores[1]);
    expect(scores[1]).toBeGreaterThanOrEqual(scores[2]);
    expect(r.move).toBe(lines[0].pv[0]);
    // Every depth reports all three.
    for (const d of [1, 2, 3]) {
      const at = infos(r.lines)
        .filter((i) => i.depth === d)
        .map((i) => i.multipv);
      expect(new Set(at), `depth ${d}`).toEqual(new Set([1, 2, 3]));
    }
    // With fewer legal moves than MultiPV, one line per legal move.
    e.send(`position fen ${MATE_IN_1} moves g6f6 h8h7`);
    const few = setup(MATE_IN_1, ['g6f6', 'h8h7']);
    e.send('setoption name MultiPV value 50');
    const f = await goAndCheck(e, few, 'depth 2');
    const fl = finalLines(f.lines);
    const firsts = new Set([...fl.values()].map((i) => i.pv[0]));
    expect([...firsts].sort()).toEqual(legalUci(few).sort());
    expect(fl.size).toBe(legalUci(few).length);
    for (const i of fl.values()) expectLegalPv(few, i);
  });

  it('checkmated side to move: info depth 0 score mate, bestmove (none)', async () => {
    const e = engine();
    e.send(`position fen ${MATED}`);
    e.send('go depth 5');
    const r = await e.waitFor(/^bestmove /);
    expect(r.line).toBe('bestmove (none)');
    expect(r.lines[r.lines.length - 2]).toMatch(/^info depth 0 score mate -?0$/);
    // Fool's mate, reached through moves.
    e.send('position startpos moves f2f3 e7e5 g2g4 d8h4');
    e.send('go wtime 1000 btime 1000');
    const f = await e.waitFor(/^bestmove /);
    expect(f.line).toBe('bestmove (none)');
  });

  // ENGINE BUG (reported): a checkmated side to move gets `info depth 0 score mate -0`
  // (formatScore(-MATE) prints "-0") where the spec says `score mate 0`.
  it('checkmated side to move: exactly "info depth 0 score mate 0"', async () => {
    const e = engine();
    e.send(`position fen ${MATED}`);
    e.send('go depth 5');
    const r = await e.waitFor(/^bestmove /);
    expect(r.lines[r.lines.length - 2]).toBe('info depth 0 score mate 0');
  });

  it('stalemated side to move: info depth 0 score cp 0, bestmove (none)', async () => {
    const e = engine();
    e.send(`position fen ${STALEMATE}`);
    e.send('go movetime 500');
    const r = await e.waitFor(/^bestmove /);
    expect(r.line).toBe('bestmove (none)');
    expect(r.lines[r.lines.length - 2]).toBe('info depth 0 score cp 0');
    // go infinite with no legal move still waits for stop.
    e.send('go infinite');
    await e.quiet(200);
    expect(e.pending().some((l) => l.startsWith('bestmove'))).toBe(false);
    e.send('stop');
    expect((await e.waitFor(/^bestmove /, 2000)).line).toBe('bestmove (none)');
  });

  it('fifty-move rule: at halfmove 99 every move draws (cp 0) unless it mates', async () => {
    const e = engine();
    const noMate = MATE_IN_2.replace(' 0 1', ' 99 80');
    e.send(`position fen ${noMate}`);
    let r = await goAndCheck(e, setup(noMate), 'depth 6');
    expect(lastInfo(r.lines).score?.raw).toBe('0');
    expect(lastInfo(r.lines).score?.kind).toBe('cp');
    // The mate on the 100th half-move still counts.
    const mate = MATE_IN_1.replace(' 0 1', ' 99 80');
    e.send(`position fen ${mate}`);
    r = await goAndCheck(e, setup(mate), 'depth 6');
    expect(r.move).toBe('a1a8');
    expect(lastInfo(r.lines).score).toMatchObject({ kind: 'mate', value: 1 });
  });

  it('repetition: a side far behind takes the perpetual check, scored cp 0', async () => {
    const e = engine();
    e.send(`position fen ${PERPETUAL}`);
    const pos = setup(PERPETUAL);
    const r = await goAndCheck(e, pos, 'depth 10', 20000);
    expect(lastInfo(r.lines).score?.raw).toBe('0');
    expect(givesCheck(pos, r.move)).toBe(true);
    // The same after the checks have gone round once in the game.
    const moves = ['e4e8', 'h8h7', 'e8h5', 'h7g8', 'h5e8', 'g8h7'];
    e.send(`position fen ${PERPETUAL} moves ${moves.join(' ')}`);
    const again = setup(PERPETUAL, moves);
    const r2 = await goAndCheck(e, again, 'depth 8', 20000);
    expect(lastInfo(r2.lines).score?.raw).toBe('0');
    expect(givesCheck(again, r2.move)).toBe(true);
  });

  it('dead positions (K v K, K+B v K, K+N v K) score cp 0', async () => {
    const e = engine();
    for (const fen of [
      '8/8/4k3/8/8/3K4/8/8 w - - 0 1',
      '8/8/4k3/8/8/3KB3/8/8 w - - 0 1',
      '8/8/4k3/8/8/3KN3/8/8 b - - 0 1',
    ]) {
      e.send(`position fen ${fen}`);
      const r = await goAndCheck(e, setup(fen), 'depth 6');
      expect(lastInfo(r.lines).score?.raw, fen).toBe('0');
    }
  });

  it('Threads 2: the search works, reports nodes, bestmove legal', async () => {
    const e = engine();
    e.send('setoption name Threads value 2');
    e.send('position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5');
    const pos = setup(START_FEN, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5']);
    const r = await goAndCheck(e, pos, 'movetime 600', 5000);
    const last = lastInfo(r.lines);
    expect(last.nodes).toBeGreaterThan(1000);
    expect(last.depth).toBeGreaterThanOrEqual(3);
    // Loose, as above: the clock's precision with threads is timing.test.ts's to hold, on a machine left to it.
    expect(r.ms).toBeLessThan(1500);
    for (const i of infos(r.lines)) expectLegalPv(pos, i);
    // Depth-limited with two threads, and back to one.
    await goAndCheck(e, pos, 'depth 6');
    e.send('setoption name Threads value 1');
    await goAndCheck(e, pos, 'depth 4');
  });

  it('currmove and currmovenumber: only after the first second, legal root moves, numbers in range', async () => {
    const e = engine();
    const fen = 'r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16';
    const pos = setup(fen);
    const legal = legalUci(pos);
    e.send(`position fen ${fen}`);
    const t0 = e.send('go movetime 2500');
    const r = await e.waitFor(/^bestmove /, 10000);
    expect(legal).toContain(r.line.split(' ')[1]);
    const cur = e.lines.filter((l) => l.at >= t0 && l.at <= r.at && l.text.includes(' currmove '));
    expect(cur.length).toBeGreaterThan(0);
    for (const l of cur) {
      const m = /^info depth (\d+) currmove (\S+) currmovenumber (\d+)$/.exec(l.text);
      expect(m, l.text).not.toBe(null);
      expect(legal).toContain(m![2]);
      expect(Number(m![3])).toBeGreaterThanOrEqual(1);
      expect(Number(m![3])).toBeLessThanOrEqual(legal.length);
      expect(l.at - t0, 'currmove before the first second').toBeGreaterThan(900);
    }
  });

  it('UCI_ShowWDL adds wdl triples that sum to 1000', async () => {
    const e = engine();
    e.send('setoption name UCI_ShowWDL value true');
    e.send('position startpos');
    const r = await goAndCheck(e, setup(START_FEN), 'depth 4');
    for (const l of r.lines.filter((x) => x.startsWith('info depth'))) {
      expect(l).toMatch(INFO_RE);
      const m = / wdl (\d+) (\d+) (\d+) /.exec(l);
      expect(m, l).not.toBeNull();
      expect(Number(m![1]) + Number(m![2]) + Number(m![3])).toBe(1000);
      expect(parseInfo(l)?.pv.length).toBeGreaterThan(0);
    }
  });
});
