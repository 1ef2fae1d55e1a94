// Judging engine answers (with made-up engine results), info-line parsing, and the summaries.
import { describe, expect, it } from 'vitest';
import { parseEpdLine, type EpdPosition } from '../../src/epd/parse';
import { judge, type EngineResult, type InfoEvent } from '../../src/epd/score';
import { parseInfoLine } from '../../src/epd/engine';
import { summarize, formatSummary, formatResultLine, formatDuration, positionJson } from '../../src/epd/report';

function pos(line: string): EpdPosition {
  const r = parseEpdLine(line, 1);
  if (r.kind !== 'position') throw new Error(JSON.stringify(r));
  return r.position;
}

/** info events from "depth:time:move[:mateN|cpN]" strings. */
function infos(...specs: string[]): InfoEvent[] {
  return specs.map((s) => {
    const [d, t, move, sc] = s.split(':');
    const score =
      sc === undefined
        ? null
        : sc.startsWith('mate')
          ? { kind: 'mate' as const, value: Number(sc.slice(4)) }
          : { kind: 'cp' as const, value: Number(sc.slice(2)) };
    return { depth: Number(d), timeMs: Number(t), move, score, nodes: null };
  });
}

const result = (bestmove: string | null, ev: InfoEvent[], elapsedMs = 1000, error?: string): EngineResult => ({
  bestmove,
  infos: ev,
  elapsedMs,
  error,
});

// WAC.022: bm Ba2 (c4a2) Nxf7 (g5f7)
const WAC22 = pos('r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - bm Ba2 Nxf7; id "WAC.022";');

describe('bm', () => {
  it('solved, found at the last change to a right move that stayed', () => {
    const v = judge(WAC22, result('c4a2', infos('1:1:d1h5', '2:5:c4a2', '3:9:d4d5', '4:40:c4a2', '5:90:c4a2'), 995));
    expect(v.solved).toBe(true);
    expect(v.moveSan).toBe('Ba2');
    expect(v.foundAtMs).toBe(40);
    expect(v.foundAtDepth).toBe(4);
    expect(v.depth).toBe(5);
    expect(v.points).toBeNull();
    expect(v.timeMs).toBe(995);
  });

  it('switching between two bm moves keeps the find', () => {
    const v = judge(WAC22, result('g5f7', infos('1:1:d1h5', '2:5:c4a2', '3:9:g5f7', '4:40:c4a2', '5:90:g5f7')));
    expect(v.solved).toBe(true);
    expect(v.foundAtDepth).toBe(2);
    expect(v.foundAtMs).toBe(5);
  });

  it('unsolved: no found time', () => {
    const v = judge(WAC22, result('d4d5', infos('1:1:c4a2', '2:5:d4d5')));
    expect(v).toMatchObject({ solved: false, foundAtMs: null, foundAtDepth: null, move: 'd4d5', moveSan: 'd5' });
  });

  it('a right bestmove after wrong PVs is found at the bestmove', () => {
    const v = judge(WAC22, result('c4a2', infos('1:1:d1h5', '2:5:d4d5'), 700));
    expect(v.solved).toBe(true);
    expect(v.foundAtMs).toBe(700);
    expect(v.foundAtDepth).toBe(2);
  });

  it('no info lines at all', () => {
    const v = judge(WAC22, result('c4a2', [], 12));
    expect(v).toMatchObject({ solved: true, foundAtMs: 12, foundAtDepth: null, depth: null });
  });

  it('engine errors and illegal moves are unsolved, with the error', () => {
    expect(judge(WAC22, result(null, infos('1:1:c4a2'), 50, 'engine exited (code 3)'))).toMatchObject({
      solved: false,
      error: 'engine exited (code 3)',
    });
    expect(judge(WAC22, result('e2e4', []))).toMatchObject({ solved: false, error: 'bestmove e2e4 is not legal' });
  });
});

describe('am', () => {
  const AM = pos('q3k3/8/8/3N4/8/8/8/4K3 w - - am Kd2; id "am";');
  it('solved when the move is not an am move', () => {
    const v = judge(AM, result('d5c7', infos('1:1:e1d2', '2:3:d5c7', '3:8:d5c7')));
    expect(v).toMatchObject({ solved: true, foundAtDepth: 2, foundAtMs: 3 });
    expect(judge(AM, result('e1d2', infos('1:1:e1d2'))).solved).toBe(false);
  });

  it('am and bm together (WAC.274): the move must be a bm move', () => {
    const p = pos('8/1p6/p5R1/k7/Prpp4/K7/1NP5/8 w - - am Rd6; bm Rb6 Rg5+; id "WAC.274";');
    expect(judge(p, result('g6b6', [])).solved).toBe(true);
    expect(judge(p, result('g6d6', [])).solved).toBe(false);
    expect(judge(p, result('g6g7', [])).solved).toBe(false);
  });
});

describe('dm', () => {
  const DM2 = pos('k7/8/2K5/8/8/8/8/7R w - - dm 2; id "m2";');
  it('solved when the engine reports mate in N or fewer', () => {
    const v = judge(
      DM2,
      result('c6b6', infos('1:1:h1h7:cp300', '3:4:c6b6:mate3', '5:9:c6b6:mate2', '6:12:c6b6:mate2')),
    );
    expect(v).toMatchObject({ solved: true, foundAtDepth: 5, foundAtMs: 9, score: { kind: 'mate', value: 2 } });
  });
  it('unsolved with a longer mate or no mate score', () => {
    expect(judge(DM2, result('c6b6', infos('3:4:c6b6:mate3'))).solved).toBe(false);
    expect(judge(DM2, result('c6b6', infos('3:4:c6b6:cp900'))).solved).toBe(false);
    expect(judge(DM2, result('c6b6', infos('3:4:c6b6:mate-2'))).solved).toBe(false);
  });
  it('a move that mates at once solves it whatever the score says', () => {
    const m1 = pos('6k1/5ppp/8/8/8/8/8/R5K1 w - - dm 1;');
    expect(judge(m1, result('a1a8', [])).solved).toBe(true);
    expect(judge(m1, result('a1a7', [])).solved).toBe(false);
  });
  it('dm with bm: both must hold', () => {
    const p = pos('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; dm 1;');
    expect(judge(p, result('a1a8', infos('1:1:a1a8:mate1'))).solved).toBe(true);
  });
});

describe('STS points', () => {
  // STS(v1.0) Undermine.001: f5=10, Be5+=2, Bf2=3, Bg4=2
  const STS = pos(
    '1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; id "STS(v1.0) Undermine.001"; c0 "f5=10, Be5+=2, Bf2=3, Bg4=2";',
  );
  it('the best move earns 10 and solves it', () => {
    expect(judge(STS, result('f4f5', infos('1:1:f4f5')))).toMatchObject({ solved: true, points: 10, maxPoints: 10 });
  });
  it('a listed move earns its points, an unlisted one 0, an error 0', () => {
    expect(judge(STS, result('d4f2', []))).toMatchObject({ solved: false, points: 3 });
    expect(judge(STS, result('d4e5', []))).toMatchObject({ solved: false, points: 2 });
    expect(judge(STS, result('e2e4', []))).toMatchObject({ solved: false, points: 0 });
    expect(judge(STS, result('g1h1', []))).toMatchObject({ solved: false, points: 0 });
    expect(judge(STS, result(null, [], 0, 'timeout'))).toMatchObject({ solved: false, points: 0 });
  });
});

describe('info lines', () => {
  it('reads depth, time, score, nodes and the first PV move', () => {
    expect(
      parseInfoLine(
        'info depth 9 seldepth 17 multipv 1 score cp 181 nodes 12396 nps 86083 hashfull 9 time 144 pv b3b8 h2h4',
        150,
      ),
    ).toEqual({ depth: 9, timeMs: 144, move: 'b3b8', score: { kind: 'cp', value: 181 }, nodes: 12396 });
    expect(parseInfoLine('info depth 5 score mate -3 lowerbound nodes 10 pv a1a8', 33)).toEqual({
      depth: 5,
      timeMs: 33,
      move: 'a1a8',
      score: { kind: 'mate', value: -3 },
      nodes: 10,
    });
  });
  it('ignores lines without a PV, info string, other multipv lines and non-info lines', () => {
    expect(parseInfoLine('info depth 3 currmove e2e4 currmovenumber 1', 0)).toBeNull();
    expect(parseInfoLine('info string pv e2e4 depth 3', 0)).toBeNull();
    expect(parseInfoLine('info depth 3 multipv 2 score cp 1 pv e2e4', 0)).toBeNull();
    expect(parseInfoLine('bestmove e2e4', 0)).toBeNull();
  });
});

describe('summaries', () => {
  const a = pos(
    '1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; id "STS(v1.0) Undermine.001"; c0 "f5=10, Be5+=2, Bf2=3, Bg4=2";',
  );
  const b = pos(
    '1n5k/3q3p/pp1p2pB/5r2/1PP1Qp2/P6P/6P1/2R3K1 w - - bm c5; id "STS(v1.0) Undermine.002"; c0 "c5=10, Qd4+=4, b5=4, g4=3";',
  );
  const c = pos(
    'r3k2r/ppq2p1p/2n1p1p1/3pP3/5PP1/2P1Q3/PP2N2P/3R1RK1 b k - bm h5; id "STS(v2.0) Other.001"; c0 "h5=10, O-O=3, Qb6=1";',
  );

  it('points per theme and in total; errors and unreadable lines counted apart', () => {
    const va = judge(a, result('f4f5', [], 500));
    const vb = judge(b, result('b4b5', [], 500));
    const vc = judge(c, result(null, [], 10, 'crash'));
    const s = summarize('sts.epd', [a, b, c], [va, vb, vc], 2);
    expect(s).toMatchObject({
      positions: 3,
      done: 3,
      solved: 1,
      points: 14,
      maxPoints: 30,
      unreadable: 2,
      errors: 1,
      scoredByPoints: true,
    });
    expect(s.themes).toEqual([
      { key: 'STS1', theme: 'Undermine', positions: 2, solved: 1, points: 14, maxPoints: 20 },
      { key: 'STS2', theme: 'Other', positions: 1, solved: 0, points: 0, maxPoints: 10 },
    ]);
    const text = formatSummary(s, 1234);
    expect(text).toContain(
      'sts.epd: 14/30 points (46.7%), best move 1/3 (33.3%); 2 unreadable lines skipped, 1 engine error',
    );
    expect(text).toMatch(/STS1 {2}Undermine +1\/2 +14\/20 +70\.0%/);
  });

  it('a plain suite lists what it did not solve; positions not run are not counted', () => {
    const v = judge(WAC22, result('d4d5', []));
    const s = summarize('wac.epd', [WAC22, WAC22], [v, null], 0);
    expect(s).toMatchObject({ positions: 2, done: 1, solved: 0, scoredByPoints: false, unsolvedIds: ['WAC.022'] });
    expect(formatSummary(s, null)).toBe(
      'wac.epd: 0/1 solved (0.0%); 1 not run\n  time: 1.00 s searching\n  unsolved: WAC.022',
    );
  });

  it('result lines and JSON records', () => {
    const v = judge(WAC22, result('c4a2', infos('4:40:c4a2'), 995));
    expect(formatResultLine(WAC22, v, null)).toBe(
      'WAC.022         solved    Ba2      (bm Ba2 Nxf7)  0.99 s  found 0.04 s depth 4',
    );
    expect(positionJson(WAC22, v)).toMatchObject({
      id: 'WAC.022',
      line: 1,
      fen: 'r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq -',
      expected: { bm: ['Ba2', 'Nxf7'] },
      expectedUci: { bm: ['c4a2', 'g5f7'] },
      move: 'c4a2',
      moveSan: 'Ba2',
      solved: true,
      points: null,
      foundAtMs: 40,
      foundAtDepth: 4,
      timeMs: 995,
      error: null,
    });
  });

  it('durations', () => {
    expect(formatDuration(420)).toBe('0.42 s');
    expect(formatDuration(12345)).toBe('12.3 s');
    expect(formatDuration(245000)).toBe('4:05');
    expect(formatDuration(3723000)).toBe('1:02:03');
  });
});
