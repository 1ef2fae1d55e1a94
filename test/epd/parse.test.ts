// EPD reading: every form the suites use (and a few they do not), and malformed lines.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseEpdLine,
  parseEpdText,
  tokenizeEpd,
  parsePointList,
  themeOf,
  expectedText,
  type EpdPosition,
} from '../../src/epd/parse';

const ROOT = path.resolve(__dirname, '..', '..');

function pos(line: string): EpdPosition {
  const r = parseEpdLine(line, 1);
  if (r.kind !== 'position') throw new Error(`expected a position, got ${JSON.stringify(r)}`);
  return r.position;
}

function error(line: string): string {
  const r = parseEpdLine(line, 7);
  if (r.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  expect(r.line).toBe(7);
  return r.error;
}

const uci = (p: EpdPosition, op: 'bm' | 'am'): string[] => p[op].map((m) => m.uci);

describe('tokenizer', () => {
  it('splits fields and operations; quoted operands keep spaces and semicolons', () => {
    const r = tokenizeEpd('8/8/8/8/8/8/8/K6k w - - bm Ka2 Kb1; id "a; b \\"c\\""; c0 "x y";acd 12;');
    expect(typeof r).not.toBe('string');
    if (typeof r === 'string') return;
    expect(r.fields).toEqual(['8/8/8/8/8/8/8/K6k', 'w', '-', '-']);
    expect(r.ops.map((o) => o.opcode)).toEqual(['bm', 'id', 'c0', 'acd']);
    expect(r.ops[0].operands.map((o) => o.text)).toEqual(['Ka2', 'Kb1']);
    expect(r.ops[1].operands).toEqual([{ text: 'a; b "c"', quoted: true }]);
    expect(r.ops[3].operands).toEqual([{ text: '12', quoted: false }]);
  });

  it('accepts a last operation without its semicolon, tabs, and FEN counters', () => {
    const r = tokenizeEpd('8/8/8/8/8/8/8/K6k\tw - - 3 40 bm Ka2');
    if (typeof r === 'string') throw new Error(r);
    expect(r.counters).toEqual([3, 40]);
    expect(r.ops).toEqual([{ opcode: 'bm', operands: [{ text: 'Ka2', quoted: false }] }]);
  });

  it('reports what is wrong', () => {
    expect(tokenizeEpd('8/8/8/8 w -')).toMatch(/4 FEN fields/);
    expect(tokenizeEpd('8/8/8/8/8/8/8/K6k w - - bm Ka2; id "open')).toMatch(/unterminated string/);
    expect(tokenizeEpd('8/8/8/8/8/8/8/K6k w - - 1bm Ka2;')).toMatch(/not an EPD opcode/);
  });
});

describe('bm and am moves', () => {
  it('SAN with a check sign', () => {
    // WAC.004
    const p = pos('r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id "WAC.004";');
    expect(uci(p, 'bm')).toEqual(['h6h7']);
    expect(p.bm[0].san).toBe('Qxh7+');
    expect(p.id).toBe('WAC.004');
  });

  it('SAN with a mate sign, and without the sign', () => {
    expect(uci(pos('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;'), 'bm')).toEqual(['a1a8']);
    const p = pos('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8;');
    expect(uci(p, 'bm')).toEqual(['a1a8']);
    expect(p.bm[0].san).toBe('Ra8#');
  });

  it('disambiguation by file, by rank, and an ambiguous move rejected', () => {
    expect(uci(pos('1k6/8/8/8/8/8/4K3/R6R w - - bm Rad1;'), 'bm')).toEqual(['a1d1']);
    expect(uci(pos('1k6/8/8/8/8/8/4K3/R6R w - - bm Rhd1;'), 'bm')).toEqual(['h1d1']);
    expect(uci(pos('7k/8/8/8/R7/8/4K3/R7 w - - bm R1a2;'), 'bm')).toEqual(['a1a2']);
    expect(uci(pos('7k/8/8/8/R7/8/4K3/R7 w - - bm R4a2;'), 'bm')).toEqual(['a4a2']);
    expect(error('1k6/8/8/8/8/8/4K3/R6R w - - bm Rd1;')).toMatch(/bm move 'Rd1' is not legal \(or is ambiguous\)/);
  });

  it('over-disambiguated SAN (as in some STS c0 lists) is accepted', () => {
    expect(uci(pos('1k6/8/8/8/8/8/4K3/R6R w - - bm Ra1d1;'), 'bm')).toEqual(['a1d1']);
  });

  it('promotions: e8=Q, e8Q, underpromotion, capture-promotion with check', () => {
    expect(uci(pos('3r2k1/4P3/8/8/8/8/8/4K3 w - - bm e8=Q+;'), 'bm')).toEqual(['e7e8q']);
    expect(uci(pos('3r2k1/4P3/8/8/8/8/8/4K3 w - - bm e8Q;'), 'bm')).toEqual(['e7e8q']);
    expect(uci(pos('3r2k1/4P3/8/8/8/8/8/4K3 w - - bm e8=N;'), 'bm')).toEqual(['e7e8n']);
    const p = pos('3r2k1/4P3/8/8/8/8/8/4K3 w - - bm exd8=Q+;');
    expect(uci(p, 'bm')).toEqual(['e7d8q']);
    expect(p.bm[0].san).toBe('exd8=Q+');
  });

  it('castling: O-O, O-O-O, 0-0 and the UCI form', () => {
    const fen = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R';
    expect(uci(pos(`${fen} w KQkq - bm O-O;`), 'bm')).toEqual(['e1g1']);
    expect(uci(pos(`${fen} w KQkq - bm O-O-O;`), 'bm')).toEqual(['e1c1']);
    expect(uci(pos(`${fen} b KQkq - bm 0-0;`), 'bm')).toEqual(['e8g8']);
    expect(uci(pos(`${fen} w KQkq - bm e1g1;`), 'bm')).toEqual(['e1g1']);
    expect(error(`${fen} w Qkq - bm O-O;`)).toMatch(/not legal/);
  });

  it('several bm moves, UCI moves, duplicates merged', () => {
    // WAC.022
    const p = pos('r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - bm Ba2 Nxf7; id "WAC.022";');
    expect(p.bm.map((m) => m.san)).toEqual(['Ba2', 'Nxf7']);
    expect(uci(p, 'bm')).toEqual(['c4a2', 'g5f7']);
    const q = pos('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm a1a8 Ra8#;');
    expect(uci(q, 'bm')).toEqual(['a1a8']);
  });

  it('am, alone and with bm (WAC.274)', () => {
    const p = pos('8/1p6/p5R1/k7/Prpp4/K7/1NP5/8 w - - am Rd6; bm Rb6 Rg5+; id "WAC.274";');
    expect(uci(p, 'am')).toEqual(['g6d6']);
    expect(uci(p, 'bm')).toEqual(['g6b6', 'g6g5']);
    expect(expectedText(p)).toBe('bm Rb6 Rg5+; am Rd6');
    const q = pos('q3k3/8/8/3N4/8/8/8/4K3 w - - am Kd2;');
    expect(q.bm).toEqual([]);
    expect(uci(q, 'am')).toEqual(['e1d2']);
  });
});

describe('dm, id, c0 points, themes, counters', () => {
  it('dm N', () => {
    const p = pos('k7/8/2K5/8/8/8/8/7R w - - dm 2; id "m2";');
    expect(p.dm).toBe(2);
    expect(p.bm).toEqual([]);
    expect(expectedText(p)).toBe('dm 2');
    expect(error('k7/8/2K5/8/8/8/8/7R w - - dm 0;')).toMatch(/dm needs/);
    expect(error('k7/8/2K5/8/8/8/8/7R w - - dm two;')).toMatch(/dm needs/);
  });

  it('STS c0 point lists (SAN with check signs), theme from the id', () => {
    const line = fs.readFileSync(path.join(ROOT, 'epd', 'sts1-15.epd'), 'utf8').split('\n')[0];
    const p = pos(line);
    expect(p.id).toBe('STS(v1.0) Undermine.001');
    expect(p.theme).toBe('Undermine');
    expect(p.themeKey).toBe('STS1');
    expect(p.maxPoints).toBe(10);
    expect(p.points!.map((x) => [x.move.san, x.move.uci, x.points])).toEqual([
      ['f5', 'f4f5', 10],
      ['Be5+', 'd4e5', 2],
      ['Bf2', 'd4f2', 3],
      ['Bg4', 'f3g4', 2],
    ]);
  });

  it('a bm move missing from the point list gets the full score; c0 without bm works too', () => {
    const p = pos('1k6/8/8/8/8/8/4K3/R6R w - - bm Rad1; c0 "Rhd1=4, Kf3=1";');
    expect(p.points!.find((x) => x.move.uci === 'a1d1')!.points).toBe(4);
    const q = pos('1k6/8/8/8/8/8/4K3/R6R w - - c0 "Rhd1=10, Kf3=1";');
    expect(q.maxPoints).toBe(10);
    expect(expectedText(q)).toBe('best Rhd1');
  });

  it('c0 as a plain comment is not a point list (WAC.150)', () => {
    const p = pos(
      'r3r1k1/5p2/pQ1b2pB/1p6/4p3/6P1/Pq2BP1P/2R3K1 b - - bm Ba3 Be5 Bf8 e3; c0 "All win but e3 is best."; id "WAC.150";',
    );
    expect(p.points).toBeNull();
    expect(p.maxPoints).toBe(0);
    expect(p.bm).toHaveLength(4);
    expect(parsePointList('All win but e3 is best.')).toBeNull();
    expect(parsePointList('Qf4=10, Re2=3')).toEqual([
      { move: 'Qf4', points: 10 },
      { move: 'Re2', points: 3 },
    ]);
  });

  it('an illegal move in a c0 point list makes the line malformed', () => {
    expect(error('1k6/8/8/8/8/8/4K3/R6R w - - bm Rad1; c0 "Rad1=10, Qd4=3";')).toMatch(/c0 move 'Qd4'/);
  });

  it('themes', () => {
    expect(themeOf('STS(v1.0) Undermine.001')).toEqual({ theme: 'Undermine', key: 'STS1' });
    expect(themeOf('STS(v3.0) Knight Outposts/Centralization/Repositioning.042')).toEqual({
      theme: 'Knight Outposts/Centralization/Repositioning',
      key: 'STS3',
    });
    expect(themeOf('STS(v15.0) AT.049')).toEqual({ theme: 'AT', key: 'STS15' });
    expect(themeOf('WAC.001')).toEqual({ theme: 'WAC', key: 'WAC' });
    expect(themeOf('mate1')?.theme).toBe('mate');
    expect(themeOf(null)).toBeNull();
    expect(themeOf('single')).toBeNull();
  });

  it('hmvc/fmvn and FEN counters reach the engine FEN', () => {
    expect(pos('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; hmvc 12; fmvn 30;').fen).toBe(
      '6k1/5ppp/8/8/8/8/8/R5K1 w - - 12 30',
    );
    expect(pos('6k1/5ppp/8/8/8/8/8/R5K1 w - - 5 9 bm Ra8#;').fen).toBe('6k1/5ppp/8/8/8/8/8/R5K1 w - - 5 9');
    const p = pos('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;');
    expect(p.fen).toBe('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    expect(p.epdFen).toBe('6k1/5ppp/8/8/8/8/8/R5K1 w - -');
    expect(p.id).toBeNull();
  });

  it('an en passant square in the FEN, and an e.p. capture as bm', () => {
    const p = pos('4k3/8/8/3Pp3/8/8/8/4K3 w - e6 bm dxe6; id "ep";');
    expect(uci(p, 'bm')).toEqual(['d5e6']);
  });
});

describe('malformed lines', () => {
  it.each([
    ['three FEN fields', '6k1/5ppp/8/8/8/8/8/R5K1 w - bm Ra8#;', /invalid FEN/],
    ['bad board', '6k1/5ppp/8/8/8/8/R5K1 w - - bm Ra8#;', /invalid FEN: FEN board has 7 ranks/],
    ['no kings', '8/8/8/8/8/8/8/8 w - - bm Ra8#;', /invalid FEN/],
    ['illegal bm', '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Rb9;', /bm move 'Rb9' is not legal/],
    ['illegal am', '6k1/5ppp/8/8/8/8/8/R5K1 w - - am Qd4;', /am move 'Qd4'/],
    ['empty bm', '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm ; id "x";', /bm has no move/],
    ['unterminated quote', '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "x;', /unterminated string/],
    ['garbage', 'this line is not EPD; id "tiny.bad";', /invalid FEN/],
    ['nothing to solve', '6k1/5ppp/8/8/8/8/8/R5K1 w - - id "x"; acd 5;', /nothing to solve/],
    ['bad hmvc', '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; hmvc x;', /hmvc needs/],
  ])('%s', (_name, line, re) => {
    expect(error(line)).toMatch(re);
  });

  it('a file: blank and # lines are skipped, bad lines reported with their numbers, CRLF and BOM', () => {
    const text =
      '\ufeff# comment\r\n6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "a";\r\n\r\nnot epd\r\n6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8; id "b"\r\n';
    const r = parseEpdText(text);
    expect(r.positions.map((p) => [p.id, p.line])).toEqual([
      ['a', 2],
      ['b', 5],
    ]);
    expect(r.errors.map((e) => e.line)).toEqual([4]);
    expect(r.errors[0].text).toBe('not epd');
  });
});

describe('the suites in epd/', () => {
  const read = (f: string) => parseEpdText(fs.readFileSync(path.join(ROOT, 'epd', f), 'utf8'));

  it('wac.epd: 300 positions, every bm/am legal', () => {
    const r = read('wac.epd');
    expect(r.errors).toEqual([]);
    expect(r.positions).toHaveLength(300);
    expect(r.positions.filter((p) => p.bm.length > 1)).toHaveLength(37);
    expect(r.positions.filter((p) => p.am.length > 0).map((p) => p.id)).toEqual(['WAC.274']);
    expect(r.positions.every((p) => p.points === null)).toBe(true);
    expect(new Set(r.positions.map((p) => p.id)).size).toBe(300);
  });

  it('bratko_kopec.epd: 24 positions', () => {
    const r = read('bratko_kopec.epd');
    expect(r.errors).toEqual([]);
    expect(r.positions).toHaveLength(24);
    expect(r.positions.find((p) => p.id === 'BK.05')!.bm.map((m) => m.san)).toEqual(['Nd5', 'a4']);
  });

  it('STS Undermine.086 lists Rc8 twice: the higher score counts', () => {
    const p = read('sts1-15.epd').positions.find((x) => x.id === 'STS(v1.0) Undermine.086')!;
    expect(p.points!.filter((x) => x.move.san === 'Rc8').map((x) => x.points)).toEqual([3]);
  });

  it('sts1-15.epd: 1500 positions, 15 themes, 15000 points, c0 moves match c9', () => {
    const text = fs.readFileSync(path.join(ROOT, 'epd', 'sts1-15.epd'), 'utf8');
    const r = parseEpdText(text);
    expect(r.errors).toEqual([]);
    expect(r.positions).toHaveLength(1500);
    expect(r.positions.reduce((a, p) => a + p.maxPoints, 0)).toBe(15000);
    expect(new Set(r.positions.map((p) => p.themeKey)).size).toBe(15);
    // The c9 operand lists the c0 moves in UCI, in the same order. One line lists a move twice
    // (Undermine.086: "Rc8=1, Rc8=3"); it keeps the higher score.
    const lines = text.split('\n').filter(Boolean);
    r.positions.forEach((p) => {
      const c9 = [...new Set(/c9 "([^"]*)"/.exec(lines[p.line - 1])![1].split(' '))];
      expect(p.points!.map((x) => x.move.uci)).toEqual(c9);
      expect(p.points!.find((x) => x.move.uci === p.bm[0].uci)!.points).toBe(10);
    });
  });
});
