// Move notation: SAN and UCI, in and out.
// The EPD suites in epd/ give a few thousand SAN moves written by others (bm, am, and STS's c0
// lists with their c9 UCI twins); every one must parse to a legal move and print back the same.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFen, toFen, START_FEN } from '../../src/core/fen';
import { moveToUci, parseUciMove, moveToSan, parseSan, parseMove, uciLineToSan } from '../../src/core/notation';
import {
  MOVE_NONE,
  CASTLING,
  EN_PASSANT,
  PROMOTION,
  moveFrom,
  moveTo,
  moveKind,
  promoType,
  KNIGHT,
  BISHOP,
  ROOK,
  QUEEN,
} from '../../src/core/types';
import { load, legal, play } from '../helpers/chess';

const ROOT = path.resolve(__dirname, '..', '..');

// ---------- EPD reading ----------

interface EpdLine {
  file: string;
  line: number;
  fen: string;
  ops: Map<string, string>;
}

/** Splits `<4 FEN fields> op arg...; op arg...;` into FEN and operations (';' inside quotes is kept). */
function parseEpdLine(text: string): { fen: string; ops: Map<string, string> } {
  const t = text.trim();
  let i = 0;
  for (let f = 0; f < 4; f++) {
    while (i < t.length && t[i] === ' ') i++;
    while (i < t.length && t[i] !== ' ') i++;
  }
  const fen = t.slice(0, i).trim().split(/\s+/).join(' ');
  const ops = new Map<string, string>();
  let cur = '';
  let quoted = false;
  for (const ch of t.slice(i)) {
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      const s = cur.trim();
      if (s) {
        const sp = s.search(/\s/);
        ops.set(sp < 0 ? s : s.slice(0, sp), sp < 0 ? '' : s.slice(sp + 1).trim());
      }
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) throw new Error(`unterminated operation '${cur.trim()}'`);
  return { fen, ops };
}

function readEpd(file: string): EpdLine[] {
  return fs
    .readFileSync(path.join(ROOT, 'epd', file), 'utf8')
    .split('\n')
    .map((text, i) => ({ text, i }))
    .filter(({ text }) => text.trim() !== '')
    .map(({ text, i }) => ({ file, line: i + 1, ...parseEpdLine(text) }));
}

const unquote = (s: string): string => s.replace(/^"(.*)"$/, '$1');

/**
 * The SAN the suite wrote, made comparable with ours: suites sometimes over-disambiguate
 * (STS writes `Bg7f8` where `Bf8` is unique). Returns the suite text with the from-square
 * hints dropped that are not needed, judged against our own SAN for the same move.
 */
function sameSan(suite: string, ours: string): boolean {
  if (suite === ours) return true;
  const m = /^([NBRQK])([a-h]?[1-8]?)(x?[a-h][1-8].*)$/.exec(suite);
  const o = /^([NBRQK])([a-h]?[1-8]?)(x?[a-h][1-8].*)$/.exec(ours);
  if (!m || !o || m[1] !== o[1] || m[3] !== o[3]) return false;
  // Our disambiguator must be a sub-part of the suite's (e.g. '' or 'g' within 'g7').
  return o[2] === '' || m[2].includes(o[2]);
}

describe('SAN over the EPD suites', () => {
  const suites = ['wac.epd', 'bratko_kopec.epd', 'sts1-15.epd'];
  const expectedLines: Record<string, number> = { 'wac.epd': 300, 'bratko_kopec.epd': 24, 'sts1-15.epd': 1500 };

  for (const file of suites) {
    it(`${file}: every bm/am move parses to a legal move and prints back identically`, () => {
      const lines = readEpd(file);
      expect(lines.length).toBe(expectedLines[file]);
      const failures: string[] = [];
      let moves = 0;
      for (const e of lines) {
        const pos = parseFen(e.fen);
        if (typeof pos === 'string') {
          failures.push(`${file}:${e.line}: ${e.fen}: ${pos}`);
          continue;
        }
        const fenBefore = toFen(pos);
        for (const op of ['bm', 'am']) {
          const arg = e.ops.get(op);
          if (arg === undefined) continue;
          for (const san of arg.split(/\s+/)) {
            moves++;
            const m = parseSan(pos, san);
            if (m === MOVE_NONE) {
              failures.push(`${file}:${e.line}: ${e.fen}: ${op} ${san} does not parse`);
              continue;
            }
            if (!legal(pos).includes(m)) {
              failures.push(`${file}:${e.line}: ${op} ${san} parsed to a non-legal move ${m}`);
              continue;
            }
            const out = moveToSan(pos, m);
            // Check marks included: the suites mark every check and mate in bm/am.
            if (!sameSan(san, out)) failures.push(`${file}:${e.line}: ${e.fen}: ${op} ${san} prints as ${out}`);
            if (parseSan(pos, out) !== m) failures.push(`${file}:${e.line}: our SAN ${out} does not parse back`);
          }
        }
        if (toFen(pos) !== fenBefore) failures.push(`${file}:${e.line}: position changed by notation calls`);
      }
      expect(moves).toBeGreaterThanOrEqual(lines.length);
      expect(failures.length, failures.join('\n')).toBe(0);
    });
  }

  it('sts1-15.epd: every c0 move parses, prints back, and matches its c9 UCI twin', () => {
    // Known erratum in the suite: STS(v15.0) AT.049 lists "Qf4+" (d2f4), which gives no check.
    const errata = new Set(['5rb1/p1r1p1kp/5pp1/p2n4/1qBPR2P/1P4P1/P2Q1PK1/2R1N3 w - - Qf4+']);
    const failures: string[] = [];
    let moves = 0,
      overDisambiguated = 0;
    for (const e of readEpd('sts1-15.epd')) {
      const pos = load(e.fen);
      const c0 = e.ops.get('c0'),
        c9 = e.ops.get('c9');
      if (c0 === undefined || c9 === undefined) {
        failures.push(`line ${e.line}: no c0/c9`);
        continue;
      }
      const sans = unquote(c0)
        .split(',')
        .map((s) => s.trim().replace(/=\d+$/, ''));
      const ucis = unquote(c9).split(/\s+/);
      if (sans.length !== ucis.length) {
        failures.push(`line ${e.line}: c0 has ${sans.length} moves, c9 ${ucis.length}`);
        continue;
      }
      sans.forEach((san, k) => {
        moves++;
        const m = parseSan(pos, san);
        const u = parseUciMove(pos, ucis[k]);
        if (m === MOVE_NONE) {
          failures.push(`line ${e.line}: ${e.fen}: c0 ${san} does not parse`);
          return;
        }
        if (u !== m) failures.push(`line ${e.line}: ${e.fen}: c0 ${san} and c9 ${ucis[k]} parse to different moves`);
        if (moveToUci(pos, m) !== ucis[k])
          failures.push(`line ${e.line}: ${san} prints as UCI ${moveToUci(pos, m)}, c9 has ${ucis[k]}`);
        const out = moveToSan(pos, m);
        if (out !== san) {
          if (sameSan(san, out)) overDisambiguated++;
          else if (!(errata.has(`${e.fen} ${san}`) && out === san.replace(/[+#]$/, ''))) {
            failures.push(`line ${e.line}: ${e.fen}: c0 ${san} prints as ${out}`);
          }
        }
      });
    }
    expect(moves).toBe(5397);
    // STS writes e.g. "Bg7f8" in one position; parseSan must accept such extra hints.
    expect(overDisambiguated).toBe(3);
    expect(failures.length, failures.join('\n')).toBe(0);
  });
});

describe('SAN and UCI round trips over all legal moves', () => {
  it('parseSan(moveToSan(m)) === m and parseUciMove(moveToUci(m)) === m, SANs unique', () => {
    const fens: [string, boolean][] = [];
    const read = (f: string): string[] =>
      fs
        .readFileSync(path.join(ROOT, 'test/data/perft', f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => l.split(';')[0].trim());
    for (const f of read('perftsuite.epd')) fens.push([f, false]);
    for (const f of read('perft_random.epd').slice(0, 1500)) fens.push([f, false]);
    for (const f of read('chess960_fischer.epd').slice(0, 200)) fens.push([f, true]);
    for (const f of read('chess960_xfen_extra.epd')) fens.push([f, true]);
    const failures: string[] = [];
    let n = 0;
    for (const [fen, c960] of fens) {
      const pos = load(fen, c960);
      const sans = new Set<string>();
      for (const m of legal(pos)) {
        n++;
        const san = moveToSan(pos, m),
          uci = moveToUci(pos, m);
        if (sans.has(san)) failures.push(`${fen}: SAN ${san} printed twice`);
        sans.add(san);
        if (parseSan(pos, san) !== m) failures.push(`${fen}: SAN ${san} parses to ${parseSan(pos, san)}, not ${m}`);
        if (parseUciMove(pos, uci) !== m) failures.push(`${fen}: UCI ${uci} does not parse back`);
        if (parseMove(pos, uci) !== m || parseMove(pos, san) !== m)
          failures.push(`${fen}: parseMove(${uci} / ${san}) fails`);
      }
      if (failures.length > 20) break;
    }
    expect(n).toBeGreaterThan(40000);
    expect(failures.length, failures.join('\n')).toBe(0);
  });
});

describe('SAN details', () => {
  it('disambiguation by file, by rank, and by both', () => {
    const rooks = load('2k5/8/8/8/8/8/4K3/R6R w - - 0 1');
    expect(moveToSan(rooks, parseUciMove(rooks, 'a1d1'))).toBe('Rad1');
    expect(moveToSan(rooks, parseUciMove(rooks, 'h1d1'))).toBe('Rhd1');
    expect(moveToSan(rooks, parseUciMove(rooks, 'a1a5'))).toBe('Ra5');
    expect(parseSan(rooks, 'Rd1')).toBe(MOVE_NONE); // ambiguous
    expect(moveToUci(rooks, parseSan(rooks, 'Rhd1'))).toBe('h1d1');

    const byRank = load('7k/8/8/R7/8/8/4K3/R7 w - - 0 1');
    expect(moveToSan(byRank, parseUciMove(byRank, 'a1a3'))).toBe('R1a3');
    expect(moveToSan(byRank, parseUciMove(byRank, 'a5a3'))).toBe('R5a3');
    expect(moveToUci(byRank, parseSan(byRank, 'R5a3'))).toBe('a5a3');
    expect(parseSan(byRank, 'Ra3')).toBe(MOVE_NONE);

    // Queens a1, c1 and a3 can all go to b2.
    const queens = load('8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1');
    expect(moveToSan(queens, parseUciMove(queens, 'a1b2'))).toBe('Qa1b2');
    expect(moveToSan(queens, parseUciMove(queens, 'c1b2'))).toBe('Qcb2');
    expect(moveToSan(queens, parseUciMove(queens, 'a3b2'))).toBe('Q3b2');
    expect(moveToUci(queens, parseSan(queens, 'Qa1b2'))).toBe('a1b2');
    expect(parseSan(queens, 'Qab2')).toBe(MOVE_NONE); // a1 or a3
    expect(parseSan(queens, 'Q1b2')).toBe(MOVE_NONE); // a1 or c1

    // Knights: b1 and f3 to d2 (file), and with a capture.
    const knights = load('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1');
    expect(moveToSan(knights, parseUciMove(knights, 'b1d2'))).toBe('Nbd2');
    expect(moveToSan(knights, parseUciMove(knights, 'f3h2'))).toBe('Nh2');
  });

  it('a pinned piece does not count for disambiguation; extra hints are accepted', () => {
    // Knights c3 and g3 both reach e2 and e4, but g3 is pinned by the bishop h4.
    const pos = load('k7/8/8/8/7b/2N3N1/8/4K3 w - - 0 1');
    const m = parseUciMove(pos, 'c3e2');
    expect(moveToSan(pos, m)).toBe('Ne2');
    expect(parseSan(pos, 'Ne2')).toBe(m);
    expect(parseSan(pos, 'Nce2')).toBe(m);
    expect(parseSan(pos, 'N3e2')).toBe(m);
    expect(parseSan(pos, 'Nc3e2')).toBe(m);
    expect(parseSan(pos, 'Nge2')).toBe(MOVE_NONE);
  });

  it('captures, pawn captures and the check / mate suffix', () => {
    const fool = play(load(START_FEN), 'f2f3 e7e5 g2g4');
    const mate = parseSan(fool, 'Qh4#');
    expect(mate).not.toBe(MOVE_NONE);
    expect(moveToSan(fool, mate)).toBe('Qh4#');
    expect(parseSan(fool, 'Qh4')).toBe(mate);
    expect(parseSan(fool, 'Qh4+')).toBe(mate);
    expect(moveToUci(fool, mate)).toBe('d8h4');

    const p = play(load(START_FEN), 'e4 d5');
    const exd5 = parseSan(p, 'exd5');
    expect(moveToSan(p, exd5)).toBe('exd5');
    expect(parseSan(p, 'exd')).toBe(MOVE_NONE); // file-only pawn captures are not SAN
    const q = play(load(START_FEN), 'e4 e5 Bc4 Nc6 Qh5 Nf6');
    expect(moveToSan(q, parseSan(q, 'Qxf7'))).toBe('Qxf7#');
    expect(moveToSan(q, parseSan(q, 'Bxf7+'))).toBe('Bxf7+');
    expect(moveToSan(q, parseSan(q, 'Qxh7'))).toBe('Qxh7');
  });

  it('promotions, underpromotion with check, capture-promotion with mate', () => {
    const pos = load('1r6/6P1/7k/8/8/8/8/K7 w - - 0 1');
    const n = parseSan(pos, 'g8=N+');
    expect(n).not.toBe(MOVE_NONE);
    expect(moveKind(n)).toBe(PROMOTION);
    expect(promoType(n)).toBe(KNIGHT);
    expect(moveToSan(pos, n)).toBe('g8=N+');
    expect(moveToUci(pos, n)).toBe('g7g8n');
    expect(parseUciMove(pos, 'g7g8n')).toBe(n);
    expect(parseSan(pos, 'g8N')).toBe(n); // '=' optional
    expect(parseSan(pos, 'g8=n')).toBe(n);
    expect(moveToSan(pos, parseUciMove(pos, 'g7g8q'))).toBe('g8=Q');
    expect(moveToSan(pos, parseUciMove(pos, 'g7g8r'))).toBe('g8=R');
    expect(moveToSan(pos, parseUciMove(pos, 'g7g8b'))).toBe('g8=B');
    expect(promoType(parseSan(pos, 'g8=B'))).toBe(BISHOP);
    expect(promoType(parseSan(pos, 'g8=R'))).toBe(ROOK);
    expect(promoType(parseSan(pos, 'g8=Q'))).toBe(QUEEN);
    expect(parseSan(pos, 'g8')).toBe(MOVE_NONE); // promotion piece required
    expect(parseUciMove(pos, 'g7g8')).toBe(MOVE_NONE);
    expect(parseSan(pos, 'g8=K')).toBe(MOVE_NONE);
    // Capture-promotions onto b8.
    const cap = load('1r5k/P7/8/8/8/8/8/K7 w - - 0 1');
    const axb8q = parseSan(cap, 'axb8=Q+');
    expect(moveToSan(cap, axb8q)).toBe('axb8=Q+');
    expect(moveToSan(cap, parseUciMove(cap, 'a7b8n'))).toBe('axb8=N');
    expect(moveToSan(cap, parseUciMove(cap, 'a7a8r'))).toBe('a8=R');
    // Mate by capture-promotion: rook takes on a back rank where the king is boxed in.
    const m8 = load('1r4k1/P4ppp/8/8/8/8/8/K7 w - - 0 1');
    expect(moveToSan(m8, parseUciMove(m8, 'a7b8q'))).toBe('axb8=Q#');
    expect(moveToSan(m8, parseUciMove(m8, 'a7b8r'))).toBe('axb8=R#');
    expect(moveToSan(m8, parseUciMove(m8, 'a7b8b'))).toBe('axb8=B');
  });

  it('castling: O-O and O-O-O, 0-0 accepted, with check', () => {
    const pos = load('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const oo = parseSan(pos, 'O-O');
    const ooo = parseSan(pos, 'O-O-O');
    expect(moveKind(oo)).toBe(CASTLING);
    expect(moveKind(ooo)).toBe(CASTLING);
    expect(moveToSan(pos, oo)).toBe('O-O');
    expect(moveToSan(pos, ooo)).toBe('O-O-O');
    expect(parseSan(pos, '0-0')).toBe(oo);
    expect(parseSan(pos, '0-0-0')).toBe(ooo);
    expect(parseSan(pos, 'Kg1')).toBe(MOVE_NONE); // castling is not a king move in SAN
    const check = load('5k2/8/8/8/8/8/8/4K2R w K - 0 1');
    expect(moveToSan(check, parseSan(check, 'O-O'))).toBe('O-O+');
    expect(parseSan(check, 'O-O+')).toBe(parseSan(check, 'O-O'));
    // No right, no castling.
    const none = load('r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1');
    expect(parseSan(none, 'O-O')).toBe(MOVE_NONE);
    // Black.
    const b = load('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1');
    expect(moveToUci(b, parseSan(b, 'O-O-O'))).toBe('e8c8');
  });

  it('en passant SAN', () => {
    const pos = play(load(START_FEN), 'e4 a6 e5 d5');
    const ep = parseSan(pos, 'exd6');
    expect(moveKind(ep)).toBe(EN_PASSANT);
    expect(moveToSan(pos, ep)).toBe('exd6');
    expect(parseSan(pos, 'exd6e.p.')).toBe(ep);
    expect(parseSan(pos, 'exd6ep')).toBe(ep);
    expect(moveToUci(pos, ep)).toBe('e5d6');
    expect(parseUciMove(pos, 'e5d6')).toBe(ep);
    pos.make(ep);
    expect(toFen(pos)).toBe('rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3');
    // En passant with check: the pawn lands on d6 and attacks the king on e7.
    const chk = load('8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 1');
    expect(moveToSan(chk, parseUciMove(chk, 'e5d6'))).toBe('exd6+');
  });
});

describe('UCI notation', () => {
  it('standard mode: castling prints e1g1, accepts e1g1 and e1h1 (king takes rook)', () => {
    const pos = load('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(pos.chess960).toBe(false);
    const oo = parseUciMove(pos, 'e1g1');
    const ooo = parseUciMove(pos, 'e1c1');
    expect(moveKind(oo)).toBe(CASTLING);
    expect(moveKind(ooo)).toBe(CASTLING);
    expect(moveToUci(pos, oo)).toBe('e1g1');
    expect(moveToUci(pos, ooo)).toBe('e1c1');
    expect(parseUciMove(pos, 'e1h1')).toBe(oo);
    expect(parseUciMove(pos, 'e1a1')).toBe(ooo);
    expect(parseUciMove(pos, 'E1G1')).toBe(oo);
    expect(parseUciMove(pos, ' e1g1 ')).toBe(oo);
    pos.make(oo);
    expect(toFen(pos)).toBe('r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1');
    expect(moveToUci(pos, parseUciMove(pos, 'e8a8'))).toBe('e8c8');
  });

  it('Chess960 mode: king takes rook, in and out; e1g1 is then not castling', () => {
    const pos = load('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', true);
    expect(pos.chess960).toBe(true);
    const oo = parseUciMove(pos, 'e1h1');
    expect(moveKind(oo)).toBe(CASTLING);
    expect(moveToUci(pos, oo)).toBe('e1h1');
    expect(moveToUci(pos, parseUciMove(pos, 'e1a1'))).toBe('e1a1');
    expect(parseUciMove(pos, 'e1g1')).toBe(MOVE_NONE);
    expect(parseUciMove(pos, 'e1c1')).toBe(MOVE_NONE);
  });

  it('Chess960: king next to the rook, and a king that does not move when castling', () => {
    // King b1, rooks a1 and h1.
    const pos = load('r3k2r/8/8/8/8/8/8/RK5R w HAha - 0 1', true);
    const qs = parseUciMove(pos, 'b1a1');
    const ks = parseUciMove(pos, 'b1h1');
    expect(moveKind(qs)).toBe(CASTLING);
    expect(moveKind(ks)).toBe(CASTLING);
    expect(moveToSan(pos, qs)).toBe('O-O-O');
    expect(moveToSan(pos, ks)).toBe('O-O');
    pos.make(qs);
    expect(toFen(pos)).toBe('r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1');
    // King already on g1 with the rook on h1: castling is g1h1 and leaves the king on g1.
    const g = load('4k3/8/8/8/8/8/8/R5KR w HA - 0 1', true);
    const gh = parseUciMove(g, 'g1h1');
    expect(moveKind(gh)).toBe(CASTLING);
    expect(moveToSan(g, gh)).toBe('O-O');
    g.make(gh);
    expect(toFen(g)).toBe('4k3/8/8/8/8/8/8/R4RK1 b - - 1 1');
    // King f1, rook h1: f1g1 is a plain king move, f1h1 castles.
    const f = load('4k3/8/8/8/8/8/8/5K1R w H - 0 1', true);
    const fg = parseUciMove(f, 'f1g1');
    expect(moveKind(fg)).not.toBe(CASTLING);
    expect(moveFrom(fg)).toBe(5);
    expect(moveTo(fg)).toBe(6);
    expect(moveKind(parseUciMove(f, 'f1h1'))).toBe(CASTLING);
  });

  it('bad input gives MOVE_NONE; the null move prints 0000', () => {
    const pos = load(START_FEN);
    for (const bad of ['', 'e2e5', 'e7e5', 'e2', 'z9z8', 'e2e4q', 'e1g1', 'xyz', '0000']) {
      expect(parseUciMove(pos, bad), bad).toBe(MOVE_NONE);
      expect(parseMove(pos, bad), bad).toBe(MOVE_NONE);
    }
    expect(moveToUci(pos, MOVE_NONE)).toBe('0000');
    expect(parseSan(pos, 'Nf6')).toBe(MOVE_NONE);
    expect(parseSan(pos, 'Ke2')).toBe(MOVE_NONE);
    expect(parseSan(pos, '')).toBe(MOVE_NONE);
    expect(moveToUci(pos, parseMove(pos, 'Nf3'))).toBe('g1f3');
    expect(moveToUci(pos, parseMove(pos, 'g1f3'))).toBe('g1f3');
  });
});

describe('uciLineToSan', () => {
  it('writes a UCI line in SAN, stops at the first illegal move and leaves the position as it was', () => {
    const pos = load('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    const before = toFen(pos);
    expect(uciLineToSan(pos, ['e1g1', 'e8c8', 'e5f7', 'e7f7'])).toEqual(['O-O', 'O-O-O', 'Nxf7', 'Qxf7']);
    expect(uciLineToSan(pos, ['d5e6', 'a1a8', 'f7e6'])).toEqual(['dxe6']);
    expect(toFen(pos)).toBe(before);
  });
});
