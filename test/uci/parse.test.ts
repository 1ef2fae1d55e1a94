// parseUci (src/uci/parse.ts) on its own: a table of lines and the commands and notes they give, then random bytes,
// which must never throw and always give a command.
import { describe, expect, it } from 'vitest';
import { parseUci, type Parsed } from '../../src/uci/parse';
import { Rng } from '../helpers/rng';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const TABLE: [string, Parsed][] = [
  ['', { cmd: { kind: 'empty' }, notes: [] }],
  ['   \t ', { cmd: { kind: 'empty' }, notes: [] }],
  ['\r', { cmd: { kind: 'empty' }, notes: [] }],
  ['uci', { cmd: { kind: 'uci' }, notes: [] }],
  ['isready\r', { cmd: { kind: 'isready' }, notes: [] }],
  ['  isready  ', { cmd: { kind: 'isready' }, notes: [] }],
  ['ucinewgame', { cmd: { kind: 'ucinewgame' }, notes: [] }],
  ['stop', { cmd: { kind: 'stop' }, notes: [] }],
  ['ponderhit', { cmd: { kind: 'ponderhit' }, notes: [] }],
  ['quit', { cmd: { kind: 'quit' }, notes: [] }],
  ['d', { cmd: { kind: 'd' }, notes: [] }],
  ['eval', { cmd: { kind: 'eval' }, notes: [] }],
  // Words after a simple command are ignored; case matters, as UCI's commands are lower case.
  ['stop now', { cmd: { kind: 'stop' }, notes: [] }],
  ['Stop', { cmd: { kind: 'refused' }, notes: ['unknown command: Stop'] }],
  ['stopp', { cmd: { kind: 'refused' }, notes: ['unknown command: stopp'] }],
  ['setoption name Hash value 64', { cmd: { kind: 'setoption', name: 'Hash', value: '64' }, notes: [] }],
  ['setoption name Clear Hash', { cmd: { kind: 'setoption', name: 'Clear Hash', value: '' }, notes: [] }],
  // An empty value (clearing SyzygyPath) is the option with an empty value, as Stockfish reads it.
  ['setoption name SyzygyPath value', { cmd: { kind: 'setoption', name: 'SyzygyPath', value: '' }, notes: [] }],
  [
    'setoption name UCI_Opponent value GM 2800 human Carlsen',
    { cmd: { kind: 'setoption', name: 'UCI_Opponent', value: 'GM 2800 human Carlsen' }, notes: [] },
  ],
  [
    'setoption  name  Move Overhead   value  10 ',
    { cmd: { kind: 'setoption', name: 'Move Overhead', value: '10' }, notes: [] },
  ],
  ['setoption NAME Hash VALUE 1', { cmd: { kind: 'setoption', name: 'Hash', value: '1' }, notes: [] }],
  ['setoption', { cmd: { kind: 'refused' }, notes: ['setoption needs: setoption name <name> [value <value>]'] }],
  [
    'setoption Hash 64',
    { cmd: { kind: 'refused' }, notes: ['setoption needs: setoption name <name> [value <value>]'] },
  ],
  ['position startpos', { cmd: { kind: 'position', fen: 'startpos', moves: [] }, notes: [] }],
  [
    'position startpos moves e2e4 e7e5',
    { cmd: { kind: 'position', fen: 'startpos', moves: ['e2e4', 'e7e5'] }, notes: [] },
  ],
  ['position startpos moves', { cmd: { kind: 'position', fen: 'startpos', moves: [] }, notes: [] }],
  [`position fen ${START}`, { cmd: { kind: 'position', fen: START, moves: [] }, notes: [] }],
  [`position fen ${START} moves g1f3`, { cmd: { kind: 'position', fen: START, moves: ['g1f3'] }, notes: [] }],
  // The FEN is not checked here: the core refuses a bad one.
  ['position fen not a fen', { cmd: { kind: 'position', fen: 'not a fen', moves: [] }, notes: [] }],
  ['position fen', { cmd: { kind: 'position', fen: '', moves: [] }, notes: [] }],
  [
    'position startpos e2e4',
    {
      cmd: { kind: 'position', fen: 'startpos', moves: [] },
      notes: ["position: expected 'moves' but got 'e2e4'; ignored the rest"],
    },
  ],
  [
    'position',
    { cmd: { kind: 'refused' }, notes: ["position needs 'startpos' or 'fen <fen>'; keeping the current position"] },
  ],
  [
    'position e2e4',
    { cmd: { kind: 'refused' }, notes: ["position needs 'startpos' or 'fen <fen>'; keeping the current position"] },
  ],
  ['go', { cmd: { kind: 'go', limits: {} }, notes: [] }],
  ['go depth 5', { cmd: { kind: 'go', limits: { depth: 5 } }, notes: [] }],
  ['go infinite', { cmd: { kind: 'go', limits: { infinite: true } }, notes: [] }],
  [
    'go ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 5',
    {
      cmd: {
        kind: 'go',
        limits: { ponder: true, wtime: 1000, btime: 2000, winc: 10, binc: 20, movestogo: 5 },
      },
      notes: [],
    },
  ],
  // Numbers are read as numbers and truncated; range checks are the core's (checkLimits).
  ['go movetime -5', { cmd: { kind: 'go', limits: { movetime: -5 } }, notes: [] }],
  ['go nodes 1e3', { cmd: { kind: 'go', limits: { nodes: 1000 } }, notes: [] }],
  ['go depth 2.9', { cmd: { kind: 'go', limits: { depth: 2 } }, notes: [] }],
  ['go mate 3 depth 0', { cmd: { kind: 'go', limits: { mate: 3, depth: 0 } }, notes: [] }],
  [
    'go searchmoves e2e4 d2d4 depth 3',
    { cmd: { kind: 'go', limits: { searchmoves: ['e2e4', 'd2d4'], depth: 3 } }, notes: [] },
  ],
  ['go searchmoves', { cmd: { kind: 'go', limits: { searchmoves: [] } }, notes: [] }],
  ['go depth', { cmd: { kind: 'go', limits: {} }, notes: ["go: 'depth' needs a number"] }],
  [
    'go depth x',
    { cmd: { kind: 'go', limits: {} }, notes: ["go: 'depth' needs a number", "go: unknown parameter 'x' ignored"] },
  ],
  [
    'go depth Infinity',
    {
      cmd: { kind: 'go', limits: {} },
      notes: ["go: 'depth' needs a number", "go: unknown parameter 'Infinity' ignored"],
    },
  ],
  ['go fast', { cmd: { kind: 'go', limits: {} }, notes: ["go: unknown parameter 'fast' ignored"] }],
  ['go perft 3', { cmd: { kind: 'perft', depth: 3 }, notes: [] }],
  ['go perft 0', { cmd: { kind: 'perft', depth: 0 }, notes: [] }],
  ['go perft', { cmd: { kind: 'refused' }, notes: ['go perft needs a depth 0..20'] }],
  ['go perft 21', { cmd: { kind: 'refused' }, notes: ['go perft needs a depth 0..20'] }],
  ['go perft 2.5', { cmd: { kind: 'refused' }, notes: ['go perft needs a depth 0..20'] }],
  ['bench', { cmd: { kind: 'bench', depth: undefined }, notes: [] }],
  ['bench 12', { cmd: { kind: 'bench', depth: 12 }, notes: [] }],
  ['bench 65', { cmd: { kind: 'bench', depth: undefined }, notes: [] }],
  ['bench x', { cmd: { kind: 'bench', depth: undefined }, notes: [] }],
  ['register later', { cmd: { kind: 'refused' }, notes: ['unknown command: register later'] }],
];

const KINDS = new Set([
  'empty',
  'uci',
  'isready',
  'ucinewgame',
  'stop',
  'ponderhit',
  'quit',
  'd',
  'eval',
  'setoption',
  'position',
  'go',
  'perft',
  'bench',
  'refused',
]);

describe('parseUci', () => {
  for (const [line, parsed] of TABLE) {
    it(`reads ${JSON.stringify(line)}`, () => {
      expect(parseUci(line)).toEqual(parsed);
    });
  }

  it('cuts what it echoes of a long line', () => {
    const r = parseUci(`x${'y'.repeat(10_000)}`);
    expect(r.cmd.kind).toBe('refused');
    expect(r.notes[0].length).toBeLessThan(300);
  });

  it('never throws on random bytes, and always gives a command and notes as text', () => {
    const rng = new Rng(58);
    // Bytes, and the words parseUci looks for, so that random lines reach past the first token.
    const words = ['go', 'position', 'setoption', 'name', 'value', 'fen', 'startpos', 'moves', 'perft', 'depth'];
    const bad: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      let s = '';
      for (let k = rng.int(40); k > 0; k--) {
        s += rng.chance(0.2)
          ? `${rng.pick(words)} `
          : String.fromCharCode(rng.chance(0.9) ? rng.int(256) : rng.int(65536));
      }
      try {
        const r = parseUci(s);
        if (!KINDS.has(r.cmd.kind) || !Array.isArray(r.notes) || r.notes.some((x) => typeof x !== 'string')) {
          bad.push(`${JSON.stringify(s)}: ${JSON.stringify(r)}`);
        }
      } catch (e) {
        bad.push(`${JSON.stringify(s)} threw ${(e as Error).message}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
