// UCI transcript tests, part 1: the protocol itself, against the built engine (node
// dist/tessera.js and the standalone binary dist/tessera). Handshake, position set-up with
// special moves (checked through `d`), Chess960 castling notation, go perft, and every kind of
// bad input: each must be answered with `info string` where it makes sense, and the engine must
// keep its last good state, answer isready and still play a legal move.
import { afterEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { toFen } from '../../src/core/fen';
import { PolyglotBook } from '../../src/book/polyglot';
import {
  TARGETS,
  EnginePool,
  type Engine,
  START_FEN,
  setup,
  goAndCheck,
  expectLegalBestmove,
  lastInfo,
  infos,
  sleep,
  sharedEngine,
} from '../helpers/engine';

const OPTION_LINES = [
  /^option name Hash type spin default \d+ min 1 max \d+$/,
  /^option name Threads type spin default 1 min 1 max \d+$/,
  /^option name MultiPV type spin default 1 min 1 max \d+$/,
  /^option name Move Overhead type spin default \d+ min 0 max \d+$/,
  /^option name Ponder type check default (true|false)$/,
  /^option name Clear Hash type button$/,
  /^option name UCI_Chess960 type check default false$/,
  /^option name UCI_ShowWDL type check default false$/,
  /^option name UCI_AnalyseMode type check default false$/,
  /^option name UCI_Opponent type string default <empty>$/,
  /^option name EvalFile type string default <internal>$/,
  /^option name Use NNUE type check default (true|false)$/,
  /^option name OwnBook type check default false$/,
  /^option name BookFile type string default <internal>$/,
  /^option name BookDepth type spin default \d+ min 1 max \d+$/,
  /^option name BookBestMove type check default false$/,
  /^option name UCI_LimitStrength type check default false$/,
  /^option name UCI_Elo type spin default 2800 min 800 max 2800$/,
  /^option name Seed type spin default 0 min 0 max 2147483647$/,
];

/** `d`, then the FEN it prints. */
async function displayedFen(e: Engine): Promise<string> {
  e.send('d');
  const r = await e.waitFor(/^Fen: /, 5000);
  return r.line.slice('Fen: '.length);
}

/** isready → readyok, then a short search whose bestmove must be legal in pos. */
async function stillPlays(e: Engine, pos: ReturnType<typeof setup>, go = 'depth 3'): Promise<string> {
  await e.ready();
  const r = await goAndCheck(e, pos, go);
  return r.move;
}

const pool = new EnginePool();
afterEach(async () => {
  await pool.closeAll();
});

describe.each(TARGETS)('UCI handshake: $name', (target) => {
  it('uci: id, every option, uciok promptly (median of 3 starts under 1 s); then isready', async () => {
    // Start-up: spawn to uciok, three times.
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = pool.start(target);
      s.send('uci');
      const ok = await s.waitFor('uciok', 5000);
      times.push(ok.at - s.spawnedAt);
      await s.close();
      expect(s.exited?.code, 'quit must exit with status 0').toBe(0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${target.name}: spawn to uciok, ms: ${times.map((t) => t.toFixed(0)).join(' ')}; median ${times[1].toFixed(0)}`,
    );
    expect(times[1], 'median start-up to uciok').toBeLessThan(1000);

    const e = pool.start(target);
    e.send('uci');
    const ok = await e.waitFor('uciok', 5000);
    const lines = ok.lines;
    expect(lines.find((l) => l.startsWith('id name '))).toMatch(/^id name Tessera\b/);
    expect(lines.some((l) => /^id author \S/.test(l))).toBe(true);
    for (const re of OPTION_LINES)
      expect(
        lines.some((l) => re.test(l)),
        `missing ${re}`,
      ).toBe(true);
    // Nothing before uciok but id, option and blank lines.
    for (const l of lines.slice(0, -1)) expect(l).toMatch(/^(id (name|author) .+|option name .+|)$/);
    const r = await e.ready();
    expect(r.lines).toEqual(['readyok']);
    // (The first search of a fresh engine is exercised by every shared engine's warm-up.)
  });
});

describe.each(TARGETS)('UCI protocol: $name', (target) => {
  const engine = sharedEngine(target);

  it('go perft 3 from startpos: Stockfish format, 8902 nodes', async () => {
    const e = engine();
    e.send('position startpos');
    e.send('go perft 3');
    const r = await e.waitFor(/^Nodes searched: /, 10000);
    expect(r.line).toBe('Nodes searched: 8902');
    const divide = r.lines.filter((l) => /^[a-h][1-8][a-h][1-8][qrbn]?: \d+$/.test(l));
    expect(divide).toHaveLength(20);
    expect(divide.reduce((s, l) => s + Number(l.split(': ')[1]), 0)).toBe(8902);
    expect(divide).toContain('e2e4: 600');
    expect(r.lines[r.lines.length - 2]).toBe('');
    // From a set position too (after 1.e4 e5: 29 moves at depth 1).
    e.send('position startpos moves e2e4 e7e5');
    e.send('go perft 1');
    expect((await e.waitFor(/^Nodes searched: /)).line).toBe('Nodes searched: 29');
  });

  it('castling (e1g1 and e1h1), en passant and promotion in position ... moves; d shows the FEN', async () => {
    const e = engine();
    const castleFen = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
    const afterOO = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1';
    for (const mv of ['e1g1', 'e1h1']) {
      e.send(`position fen ${castleFen} moves ${mv}`);
      expect(await displayedFen(e), mv).toBe(afterOO);
    }
    // Both sides castle long, king-to-square and king-takes-rook spellings mixed.
    e.send(`position fen ${castleFen} moves e1c1 e8a8`);
    expect(await displayedFen(e)).toBe('2kr3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2');

    // En passant: the d6 square is shown while the capture is possible, then e5d6 takes.
    e.send('position startpos moves e2e4 a7a6 e4e5 d7d5');
    expect(await displayedFen(e)).toBe('rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3');
    e.send('position startpos moves e2e4 a7a6 e4e5 d7d5 e5d6');
    expect(await displayedFen(e)).toBe('rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3');

    // Promotion and under-promotion, with and without capture.
    const promoFen = '1n2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1';
    e.send(`position fen ${promoFen} moves a7a8q h2h1n`);
    expect(await displayedFen(e)).toBe('Qn2k3/8/8/8/8/8/8/4K1Nn w - - 0 2');
    const moves = ['a7b8n', 'h2g1r'];
    e.send(`position fen ${promoFen} moves ${moves.join(' ')}`);
    const pos = setup(promoFen, moves);
    expect(await displayedFen(e)).toBe('1N2k3/8/8/8/8/8/8/4K1r1 w - - 0 2');
    expect(toFen(pos)).toBe('1N2k3/8/8/8/8/8/8/4K1r1 w - - 0 2');
    await stillPlays(e, pos);

    // Standard mode writes castling king-to-square even when asked for king-takes-rook.
    e.send(`position fen ${castleFen}`);
    const r = await goAndCheck(e, setup(castleFen), 'searchmoves e1h1 depth 2');
    expect(r.move).toBe('e1g1');
  });

  it('Chess960: castling accepted and printed king-takes-rook; bestmove legal', async () => {
    const e = engine();
    e.send('setoption name UCI_Chess960 value true');
    // A Chess960 start position (king b1, rooks a1 and h1); after the knights leave, both
    // sides may castle queenside: king b1 to c1, rook a1 to d1, written b1a1.
    const fen960 = 'rknnbbqr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w KQkq - 0 1';
    const opening = ['c1d3', 'c8d6', 'd1e3', 'd8e6'];
    e.send(`position fen ${fen960} moves ${opening.join(' ')}`);
    const pos = setup(fen960, opening, true);
    e.send('d');
    const legal = await e.waitFor(/^Legal moves /);
    expect(legal.line.split(' ')).toContain('b1a1');
    // A free search gives a legal move...
    await stillPlays(e, pos, 'depth 4');
    // ...and the castle, when it is the only move searched, comes out king-takes-rook.
    const r = await goAndCheck(e, pos, 'searchmoves b1a1 depth 3');
    expect(r.move).toBe('b1a1');
    // Playing it: king on c1, rook on d1; black then castles the same way.
    const all = [...opening, 'b1a1', 'b8a8'];
    e.send(`position fen ${fen960} moves ${all.join(' ')}`);
    const after = setup(fen960, all, true);
    const fen = await displayedFen(e);
    expect(fen).toBe(toFen(after));
    expect(fen).toBe('2krbbqr/pppppppp/3nn3/8/8/3NN3/PPPPPPPP/2KRBBQR w - - 6 4');
    await stillPlays(e, after, 'depth 4');
  });

  it('ucinewgame, stop and ponderhit with no search running are harmless', async () => {
    const e = engine();
    e.send('stop');
    e.send('ponderhit');
    e.send('ucinewgame');
    const r = await e.ready();
    expect(r.lines).toEqual(['readyok']);
    e.send('position startpos moves d2d4');
    await stillPlays(e, setup(START_FEN, ['d2d4']));
    // And stop after the search has ended: no second bestmove.
    e.send('stop');
    const after = await e.ready();
    expect(after.lines).toEqual(['readyok']);
  });

  // ENGINE BUG (reported): while a search is running, or for a moment after its bestmove
  // (until the search thread's 'done' message reaches the main thread), the engine queues
  // ucinewgame (and setoption) but executes `position` at once. A queued ucinewgame then runs
  // AFTER the position that followed it and resets the game to the start position, so the next
  // go searches the wrong position and may play an illegal move. Right after a bestmove, a GUI's
  // `ucinewgame / position fen X / go` searched the start position in 5-50% of tries.
  // Here the search is still running, which makes it deterministic.
  it('ucinewgame then position during a search: the position sent last is the one searched', async () => {
    const e = engine();
    const fen = '4k3/8/8/8/8/8/8/R3K3 w - - 0 1';
    e.send('position startpos');
    e.send('go infinite');
    await e.waitFor(/^info depth/, 5000);
    e.send('ucinewgame');
    e.send(`position fen ${fen}`);
    e.send('stop');
    expectLegalBestmove(setup(START_FEN), (await e.waitFor(/^bestmove /, 2000)).line);
    await e.ready();
    await sleep(50);
    expect(await displayedFen(e)).toBe(fen);
    await stillPlays(e, setup(fen), 'depth 2');
  });

  // A GUI (or the API) that sends go while the last search is still winding down, then stop, wants the new search's
  // answer now: the queued go is stopped as soon as it starts, not searched to its end behind the old one.
  it('stop after a go that waits behind a running search stops that go too', async () => {
    const e = engine();
    e.send('position startpos');
    e.send('go infinite');
    await e.waitFor(/^info depth/, 5000);
    e.send('stop');
    e.send('position startpos moves e2e4');
    e.send('go infinite');
    e.send('stop');
    expectLegalBestmove(setup(START_FEN), (await e.waitFor(/^bestmove /, 2000)).line);
    const second = await e.waitFor(/^bestmove /, 2000);
    expectLegalBestmove(setup(START_FEN, ['e2e4']), second.line);
    await e.ready();
  });

  it('unknown commands, empty lines and a 100k-character line', async () => {
    const e = engine();
    e.send('foo bar');
    expect((await e.waitFor(/^info string/, 5000)).line).toMatch(/^info string .*unknown command.*foo/);
    e.send('');
    e.send('   ');
    e.send('\t');
    let r = await e.ready();
    expect(r.lines, 'empty lines must be ignored silently').toEqual(['readyok']);
    e.send('x'.repeat(100000));
    r = await e.waitFor(/^info string/, 5000);
    expect(r.line.length).toBeLessThan(1000);
    await stillPlays(e, setup(START_FEN));
    // A 100k-character position command: 20000 knight moves going back and forth. The engine
    // may truncate the list, but must end up in a legal position it reports and plays from.
    const dance = 'g1f3 g8f6 f3g1 f6g8 ';
    e.send(`position startpos moves ${dance.repeat(5000).trim()}`);
    const fen = await displayedFen(e);
    const [board, stm, castling, ep, half] = fen.split(' ');
    expect(board).toBe(START_FEN.split(' ')[0]);
    expect([stm, castling, ep]).toEqual(['w', 'KQkq', '-']);
    expect(Number(half) % 4).toBe(0);
    await stillPlays(e, setup(fen));
  });

  it('long bad input is never echoed back whole: every reply line stays short', async () => {
    const e = engine();
    const big = 'Z'.repeat(20000);
    const digits = '9'.repeat(20000);
    const bad = [
      `setoption name ${big} value 1`,
      `setoption name Hash value ${digits}`,
      `setoption name Hash value ${big}`,
      `setoption name Ponder value ${big}`,
      `position fen 8/8/8/8/8/8/8/K6k ${big} - - 0 1`,
      `position fen 8/8/8/8/8/8/8/K6k w - ${big} 0 1`,
      `position fen 8/8/8/8/8/8/8/K6k w - - ${digits}x 1`,
      `position startpos moves e2e4 ${big}`,
      `go ${big} depth 1`,
      `go searchmoves ${big} depth 1`,
      `go depth ${big} nodes 1000`,
    ];
    for (const cmd of bad) {
      e.send(cmd);
      // A go is answered by bestmove; the engine runs the next go only after its search thread reports back.
      const r = cmd.startsWith('go') ? await e.waitFor(/^bestmove /, 5000) : await e.ready();
      if (cmd.startsWith('go')) await sleep(50);
      for (const l of r.lines) expect(l.length, `reply to ${cmd.slice(0, 40)}...`).toBeLessThan(300);
      expect(
        r.lines.some((l) => l.startsWith('info string')),
        `no complaint about ${cmd.slice(0, 40)}...`,
      ).toBe(true);
    }
    await stillPlays(e, setup(START_FEN, ['e2e4']));
  });

  it('a GUI that stops reading for a while loses no output and the engine survives', async () => {
    const e = pool.start(target);
    await e.ready(10000);
    // ~2 MB of replies while nobody reads: far beyond a pipe's buffer, so the engine's writes
    // must wait for the pipe (EAGAIN) and finish partial writes rather than spin or cut lines.
    e.pauseOutput();
    for (let i = 0; i < 3000; i++) e.send('d');
    await sleep(1500);
    e.resumeOutput();
    const r = await e.ready(20000);
    const fens = r.lines.filter((l) => l.startsWith('Fen: '));
    expect(fens.length).toBe(3000);
    for (const f of fens) expect(f).toBe(`Fen: ${START_FEN}`);
    expect(r.lines.filter((l) => /^Legal moves \(20\): /.test(l)).length).toBe(3000);
  });

  it('CRLF line endings', async () => {
    const e = engine();
    e.send('uci\r\nisready\r\nposition startpos moves e2e4\r\ngo depth 3\r\n', true);
    await e.waitFor('uciok');
    await e.waitFor('readyok');
    const r = await e.waitFor(/^bestmove /);
    expectLegalBestmove(setup(START_FEN, ['e2e4']), r.line);
    expect(r.lines.filter((l) => l.startsWith('info string'))).toEqual([]);
    e.send('position startpos moves e2e4 e7e5\r');
    e.send('d\r');
    expect((await e.waitFor(/^Fen: /)).line).toBe('Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  });

  it('malformed FENs keep the previous position', async () => {
    const e = engine();
    e.send('position startpos moves e2e4');
    const good = setup(START_FEN, ['e2e4']);
    const goodFen = toFen(good);
    const bad = [
      'position fen xyz',
      'position fen',
      'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', // side to move
      'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1', // short rank
      'position fen rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', // nine ranks
      'position fen 8/8/8/8/8/8/8/8 w - - 0 1', // no kings
      'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra', // junk after the FEN
      'position fen 4k2R/8/8/8/8/8/8/4K3 w - - 0 1', // side not to move is in check
      'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1', // en-passant square
      'position',
      'position sideways',
    ];
    for (const cmd of bad) {
      e.send(cmd);
      const r = await e.waitFor(/^info string/, 5000);
      expect(r.line, cmd).toMatch(/^info string \S/);
      expect(await displayedFen(e), `after '${cmd}'`).toBe(goodFen);
    }
    await stillPlays(e, good);
  });

  it('illegal or unparsable moves: position set up to the move before', async () => {
    const e = engine();
    const cases: [string, string[]][] = [
      ['position startpos moves e2e4 e7e5 e1e3 g1f3', ['e2e4', 'e7e5']], // illegal king move
      ['position startpos moves e2e4 zz9 d2d4', ['e2e4']], // unparsable
      ['position startpos moves e2e4 e2e4', ['e2e4']], // square now empty
      ['position startpos moves e7e5', []], // wrong side
      ['position startpos moves g1f3 g8f6 e1g1', ['g1f3', 'g8f6']], // castling through pieces
      ['position startpos moves e2e4 d7d5 e4d5 c7c5 d5c6 b7c6 c6b7', ['e2e4', 'd7d5', 'e4d5', 'c7c5', 'd5c6', 'b7c6']],
      ['position startpos moves a2a4 b7b5 a4b5 a7a5 b5a6 a8a6 a6a7q', ['a2a4', 'b7b5', 'a4b5', 'a7a5', 'b5a6', 'a8a6']], // no white pawn on a6
      ['position startpos moves e2e4 e7e5 e4e5', ['e2e4', 'e7e5']], // pawn blocked
      // Black is mated after h5f7: any further move is illegal.
      [
        'position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 e8e7',
        ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7'],
      ],
    ];
    for (const [cmd, expected] of cases) {
      // Work out where a strict reading stops, with the project's own move generator.
      const tokens = cmd.split(' ').slice(3);
      const played: string[] = [];
      let illegal = false;
      for (const t of tokens) {
        try {
          setup(START_FEN, [...played, t]);
          played.push(t);
        } catch {
          illegal = true;
          break;
        }
      }
      expect(illegal, `test case '${cmd}' must contain an illegal move`).toBe(true);
      expect(played, `test case '${cmd}'`).toEqual(expected);
      e.send(cmd);
      const r = await e.waitFor(/^info string/, 5000);
      expect(r.line, cmd).toMatch(/illegal|invalid|unknown|move/i);
      expect(await displayedFen(e), cmd).toBe(toFen(setup(START_FEN, expected)));
    }
    // A promotion without its piece letter is not a legal move either.
    const fen = '4k3/P7/8/8/8/8/8/4K3 w - - 0 1';
    e.send(`position fen ${fen} moves a7a8`);
    await e.waitFor(/^info string/, 5000);
    expect(await displayedFen(e)).toBe(fen);
    const last = cases[0][1];
    e.send(`position startpos moves ${last.join(' ')} zzzz`);
    await e.waitFor(/^info string/, 5000);
    await stillPlays(e, setup(START_FEN, last));
  });

  it('OwnBook: book moves from the start in under 20 ms, searches past BookDepth and for go infinite, bad book files refused', async () => {
    const e = engine();
    const book = PolyglotBook.parse(
      new Uint8Array(fs.readFileSync(path.resolve(__dirname, '..', '..', 'src', 'book', 'data', 'gnuchess-book.bin'))),
    ) as PolyglotBook;
    const startMoves = book.lookup(setup(START_FEN)).map((m) => m.uci);
    expect(startMoves.length).toBeGreaterThan(5);
    e.send('setoption name OwnBook value true');
    e.send('position startpos');
    await e.ready();
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      e.send('go wtime 60000 btime 60000');
      const r = await e.waitFor(/^bestmove /, 5000);
      ms.push(r.ms);
      expect(startMoves).toContain(r.line.split(' ')[1]);
      expect(r.lines.some((l) => l.startsWith('info string book move'))).toBe(true);
      await sleep(20);
    }
    ms.sort((a, b) => a - b);
    expect(ms[2], `book answers, ms: ${ms.join(' ')}`).toBeLessThan(20);
    // BookBestMove: always the heaviest entry.
    e.send('setoption name BookBestMove value true');
    e.send('go movetime 1000');
    expect((await e.waitFor(/^bestmove /, 5000)).line).toBe('bestmove e2e4');
    await sleep(20);
    // Past BookDepth the engine searches.
    e.send('setoption name BookDepth value 2');
    e.send('position startpos moves e2e4 e7e5');
    const deep = await goAndCheck(e, setup(START_FEN, ['e2e4', 'e7e5']), 'depth 3');
    expect(deep.lines.some((l) => l.startsWith('info depth'))).toBe(true);
    // go infinite is analysis: searched, not answered from the book.
    e.send('position startpos');
    e.send('go infinite');
    await e.waitFor(/^info depth/, 5000);
    e.send('stop');
    await e.waitFor(/^bestmove /, 5000);
    await sleep(20);
    // Bad book files: refused, the built-in book stays.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-book-'));
    const junk = path.join(dir, 'junk.bin');
    fs.writeFileSync(junk, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 255)));
    const odd = path.join(dir, 'odd.bin');
    fs.writeFileSync(odd, Buffer.alloc(33));
    for (const f of [path.join(dir, 'missing.bin'), junk, odd, dir]) {
      e.send(`setoption name BookFile value ${f}`);
      expect((await e.waitFor(/^info string/, 5000)).line).toMatch(/^info string BookFile .*keeping <internal>$/);
    }
    e.send('setoption name BookDepth value 24');
    e.send('setoption name BookBestMove value false');
    e.send('go wtime 60000 btime 60000');
    expect(startMoves).toContain((await e.waitFor(/^bestmove /, 5000)).line.split(' ')[1]);
    await sleep(20);
    e.send('setoption name OwnBook value false');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('setoption: out-of-range, non-numeric and unknown values are rejected with info string', async () => {
    const e = engine();
    const bad = [
      'setoption name Hash value 0',
      'setoption name Hash value abc',
      'setoption name Hash value -5',
      'setoption name Threads value 9999',
      'setoption name Threads value 0',
      'setoption name MultiPV value -1',
      'setoption name MultiPV value 2.5',
      'setoption name Move Overhead value -1',
      'setoption name Ponder value maybe',
      'setoption name UCI_Chess960 value 1',
      'setoption name NoSuchOption value 3',
      'setoption name Hash',
      'setoption Hash 32',
    ];
    for (const cmd of bad) {
      e.send(cmd);
      const r = await e.waitFor(/^info string/, 5000);
      expect(r.line, cmd).toMatch(/^info string \S/);
    }
    await e.ready();
    // The options kept their defaults: one PV line per depth, a legal move.
    e.send('position startpos');
    const g = await goAndCheck(e, setup(START_FEN), 'depth 4');
    expect(g.lines.filter((l) => / multipv [2-9]/.test(l))).toEqual([]);
    // Valid values, spelled in other cases, are taken silently.
    for (const cmd of [
      'setoption name hash value 8',
      'setoption name THREADS value 1',
      'setoption name Clear Hash',
      'setoption name multipv value 2',
    ]) {
      e.send(cmd);
    }
    const r = await e.ready();
    expect(r.lines).toEqual(['readyok']);
    const g2 = await goAndCheck(e, setup(START_FEN), 'depth 3');
    expect(infos(g2.lines).some((i) => i.multipv === 2)).toBe(true);
  });

  it('EvalFile: missing, garbage and damaged files refused (short message), a good net loaded and used', async () => {
    const e = engine();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-net-'));
    const good = path.resolve(__dirname, '..', '..', 'train', 'nets', 'net0-h32.nnue');
    const bytes = fs.readFileSync(good);
    const garbage = path.join(dir, 'garbage.nnue');
    fs.writeFileSync(garbage, 'x'.repeat(5000));
    const cut = path.join(dir, 'cut.nnue');
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 10));
    const flipped = Buffer.from(bytes);
    flipped[5000] ^= 1;
    const damaged = path.join(dir, 'damaged.nnue');
    fs.writeFileSync(damaged, flipped);
    for (const [file, why] of [
      [path.join(dir, 'none.nnue'), /cannot read/],
      [garbage, /magic/],
      [cut, /bytes/],
      [damaged, /checksum/],
      ['/' + 'a'.repeat(20000), /cannot read/],
    ] as const) {
      e.send(`setoption name EvalFile value ${file}`);
      const r = await e.waitFor(/^info string/, 5000);
      expect(r.line).toMatch(why);
      expect(r.line).toMatch(/keeping <internal>/);
      expect(r.line.length).toBeLessThan(400);
    }
    e.send('setoption name Use NNUE value true');
    e.send(`setoption name EvalFile value ${good}`);
    expect((await e.waitFor(/^info string NNUE/, 5000)).line).toMatch(/768->32x2->1, checksum [0-9a-f]{8}/);
    e.send('position startpos moves e2e4');
    e.send('eval');
    expect((await e.waitFor(/^info string NNUE eval/, 5000)).line).toMatch(
      /NNUE eval -?\d+ cp, hand-crafted eval -?\d+ cp.*searching with NNUE/,
    );
    await stillPlays(e, setup(START_FEN, ['e2e4']), 'depth 6');
    // Threads started after the net was loaded get it too.
    e.send('setoption name Threads value 2');
    await stillPlays(e, setup(START_FEN, ['e2e4']), 'depth 6');
    e.send('setoption name Threads value 1');
    e.send('setoption name EvalFile value <internal>');
    await e.waitFor(/^info string NNUE <internal>/, 5000);
    e.send('setoption name Use NNUE value false');
    await stillPlays(e, setup(START_FEN, ['e2e4']));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('go with garbage numbers: info string, then a legal move', async () => {
    const e = engine();
    e.send('position startpos moves e2e4');
    const pos = setup(START_FEN, ['e2e4']);
    const cases = [
      'depth abc movetime 200',
      'nodes xyz depth 3',
      'movetime 1e999 depth 2',
      'depth 2 wtime NaN btime NaN',
      'depth 3 frobnicate 7',
      'depth',
    ];
    for (const args of cases) {
      e.send(`go ${args}`);
      const info = await e.waitFor(/^info string/, 5000);
      expect(info.line, args).toMatch(/^info string \S/);
      if (args === 'depth') {
        // No limit left: a search that runs until stopped.
        await sleep(100);
        e.send('stop');
      }
      const r = await e.waitFor(/^bestmove /, 5000);
      expectLegalBestmove(pos, r.line);
    }
    // Fractional and exponent forms that are numbers after all.
    const g = await goAndCheck(e, pos, 'depth 2.9 nodes 1e9');
    expect(lastInfo(g.lines).depth).toBe(2);
    await stillPlays(e, pos);
    // go perft with bad depths.
    for (const d of ['-1', 'abc', '']) {
      e.send(`go perft ${d}`.trim());
      await e.waitFor(/^info string/, 5000);
    }
    await stillPlays(e, pos, 'depth 1');
  });

  // ENGINE BUG (reported): allocateTime() treats a negative clock like "no clock given", so
  // `go wtime -100 btime -100` searches without any limit and never answers by itself.
  it('negative clock times: a legal move quickly (go wtime -100 btime -100)', async () => {
    const e = engine();
    e.send('position startpos');
    const r = await goAndCheck(e, setup(START_FEN), 'wtime -100 btime -100', 1000);
    expect(r.ms).toBeLessThan(1000);
  });

  it('negative increments and zero clocks: a legal move quickly', async () => {
    const e = engine();
    e.send('position startpos moves e2e4');
    const pos = setup(START_FEN, ['e2e4']);
    for (const args of [
      'wtime 1000 btime 1000 winc -500 binc -500',
      'wtime 0 btime 0',
      'wtime 0 btime 0 winc 0 binc 0 movestogo 0',
    ]) {
      const r = await goAndCheck(e, pos, args, 3000);
      expect(r.ms, args).toBeLessThan(600);
    }
  });
});
