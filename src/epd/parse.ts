// EPD reading: a line is the first four FEN fields (board, side, castling, en passant), then
// operations `opcode operand ... ;`. Operands are bare tokens or "quoted strings" (which may hold
// spaces and semicolons). The test-suite opcodes understood here are bm, am, dm, id, hmvc/fmvn and
// STS-style c0 point lists (`c0 "f5=10, Be5+=2"`); every other opcode is kept but ignored.
import { parseFen } from '../core/fen';
import { parseMove, moveToSan, moveToUci } from '../core/notation';
import { MOVE_NONE } from '../core/types';
import type { Position } from '../core/position';

/** One operand: its text, and whether it was written as a quoted string. */
export interface EpdOperand {
  text: string;
  quoted: boolean;
}

/** A tokenized EPD line: the four FEN fields and the operations in order. */
export interface EpdRecord {
  /** board, side, castling, en passant — as written. */
  fields: [string, string, string, string];
  /** FEN halfmove clock and fullmove number when the line carries them (some files do). */
  counters: number[];
  ops: { opcode: string; operands: EpdOperand[] }[];
}

/** A move named by an EPD operation, resolved in the line's position. */
export interface EpdMove {
  /** As written in the file. */
  text: string;
  /** The move in UCI notation (the engine's notation). */
  uci: string;
  /** The move in standard SAN, check signs included. */
  san: string;
}

/** A position of a test suite, ready to solve. */
export interface EpdPosition {
  /** 1-based line number in its file. */
  line: number;
  /** The id operand, or null when the line has none. */
  id: string | null;
  /** The four FEN fields as written. */
  epdFen: string;
  /** A full six-field FEN (with hmvc/fmvn when given) for the engine's position command. */
  fen: string;
  bm: EpdMove[];
  am: EpdMove[];
  /** dm: mate in N (N moves by the side to move), or null. */
  dm: number | null;
  /** STS-style point list from c0, or null. The best move is worth maxPoints. */
  points: { move: EpdMove; points: number }[] | null;
  /** The most points a move can earn here (0 without a point list). */
  maxPoints: number;
  /** Theme: the id without its trailing ".NNN" (and without an "STS(vN.M) " prefix), or null. */
  theme: string | null;
  /** A key that groups themes: "STS<N>" for STS ids (so spelling variants of a theme merge), else the theme. */
  themeKey: string | null;
}

export type EpdLine =
  | { kind: 'position'; position: EpdPosition }
  | { kind: 'blank' }
  | { kind: 'error'; line: number; text: string; error: string };

const OPCODE_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Splits an EPD line into its fields and operations. Returns an error message for a line that
 * is not EPD (fewer than four fields, a bad opcode, an unterminated string).
 */
export function tokenizeEpd(text: string): EpdRecord | string {
  const s = text;
  let i = 0;
  const n = s.length;
  const skipWs = (): void => {
    while (i < n && /\s/.test(s[i])) i++;
  };
  const word = (): string => {
    const a = i;
    while (i < n && !/\s/.test(s[i])) i++;
    return s.slice(a, i);
  };

  const fields: string[] = [];
  for (let k = 0; k < 4; k++) {
    skipWs();
    if (i >= n) return `expected 4 FEN fields (board, side, castling, en passant), found ${fields.length}`;
    fields.push(word());
  }
  // Some files write a full FEN: up to two integer counters before the first opcode.
  const counters: number[] = [];
  for (let k = 0; k < 2; k++) {
    skipWs();
    const m = /^\d+(?=\s|;|$)/.exec(s.slice(i));
    if (!m) break;
    counters.push(Number(m[0]));
    i += m[0].length;
  }

  const ops: EpdRecord['ops'] = [];
  for (;;) {
    skipWs();
    if (i >= n) break;
    if (s[i] === ';') {
      i++;
      continue;
    } // a stray empty operation
    const start = i;
    while (i < n && !/[\s;"]/.test(s[i])) i++;
    const opcode = s.slice(start, i);
    if (!OPCODE_RE.test(opcode)) {
      const shown = opcode || s[i];
      return `'${shown.slice(0, 30)}' at column ${start + 1} is not an EPD opcode`;
    }
    const operands: EpdOperand[] = [];
    for (;;) {
      skipWs();
      if (i >= n) break; // the last operation may lack its ';'
      if (s[i] === ';') {
        i++;
        break;
      }
      if (s[i] === '"') {
        const q = i;
        i++;
        let out = '';
        let closed = false;
        while (i < n) {
          const c = s[i];
          if (c === '\\' && i + 1 < n && (s[i + 1] === '"' || s[i + 1] === '\\')) {
            out += s[i + 1];
            i += 2;
            continue;
          }
          if (c === '"') {
            closed = true;
            i++;
            break;
          }
          out += c;
          i++;
        }
        if (!closed) return `unterminated string starting at column ${q + 1} (operation ${opcode})`;
        operands.push({ text: out, quoted: true });
      } else {
        const a = i;
        while (i < n && !/[\s;]/.test(s[i])) i++;
        operands.push({ text: s.slice(a, i), quoted: false });
      }
    }
    ops.push({ opcode, operands });
  }
  return { fields: fields as EpdRecord['fields'], counters, ops };
}

function firstOp(rec: EpdRecord, opcode: string): EpdOperand[] | undefined {
  return rec.ops.find((o) => o.opcode === opcode)?.operands;
}

function resolveMove(pos: Position, text: string): EpdMove | null {
  const m = parseMove(pos, text);
  if (m === MOVE_NONE) return null;
  return { text, uci: moveToUci(pos, m), san: moveToSan(pos, m) };
}

/** `Qf4=10, Re2=3` (commas optional): the STS point-list form of c0. Null when c0 is a plain comment. */
export function parsePointList(text: string): { move: string; points: number }[] | null {
  const items = text.split(/[,\s]+/).filter(Boolean);
  if (items.length === 0) return null;
  const out: { move: string; points: number }[] = [];
  for (const it of items) {
    const m = /^([^=]+)=(\d+)$/.exec(it);
    if (!m) return null;
    out.push({ move: m[1], points: Number(m[2]) });
  }
  return out;
}

const STS_ID_RE = /^STS\(v(\d+)(?:\.\d+)*\)\s*(.*)$/;

/** The theme of an id: "STS(v1.0) Undermine.001" -> { theme: "Undermine", key: "STS1" }. */
export function themeOf(id: string | null): { theme: string; key: string } | null {
  if (id === null) return null;
  const base = id.replace(/[.\s_-]*\d+\s*$/, '').trim();
  const sts = STS_ID_RE.exec(base);
  if (sts) return { theme: sts[2].trim() || `STS${sts[1]}`, key: `STS${sts[1]}` };
  if (base === '' || base === id) return null;
  return { theme: base, key: base };
}

/** Interprets one EPD line. Blank lines and lines starting with '#' are 'blank'. */
export function parseEpdLine(text: string, lineNo: number): EpdLine {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return { kind: 'blank' };
  const err = (error: string): EpdLine => ({ kind: 'error', line: lineNo, text, error });

  const rec = tokenizeEpd(trimmed);
  if (typeof rec === 'string') {
    // A line with a field missing shifts an opcode into the FEN: the FEN error says more.
    const four = trimmed.split(/\s+/).slice(0, 4);
    const bad = four.length === 4 ? parseFen(four.join(' ')) : null;
    return err(typeof bad === 'string' ? `invalid FEN: ${bad}` : rec);
  }

  const num = (opcode: string): number | null | string => {
    const ops = firstOp(rec, opcode);
    if (!ops) return null;
    if (ops.length !== 1 || !/^\d+$/.test(ops[0].text)) return `${opcode} needs one non-negative integer`;
    return Number(ops[0].text);
  };
  const hmvc = num('hmvc');
  if (typeof hmvc === 'string') return err(hmvc);
  const fmvn = num('fmvn');
  if (typeof fmvn === 'string') return err(fmvn);
  const half = hmvc ?? rec.counters[0] ?? 0;
  const full = Math.max(1, fmvn ?? rec.counters[1] ?? 1);
  const epdFen = rec.fields.join(' ');
  const fen = `${epdFen} ${half} ${full}`;
  const pos = parseFen(fen);
  if (typeof pos === 'string') return err(`invalid FEN: ${pos}`);

  const moves = (opcode: string): EpdMove[] | string => {
    const ops = firstOp(rec, opcode);
    if (!ops) return [];
    const texts = ops.flatMap((o) => o.text.split(/[\s,]+/)).filter(Boolean);
    if (texts.length === 0) return `${opcode} has no move`;
    const out: EpdMove[] = [];
    for (const t of texts) {
      const mv = resolveMove(pos, t);
      if (!mv) return `${opcode} move '${t.slice(0, 20)}' is not legal (or is ambiguous) in this position`;
      if (!out.some((o) => o.uci === mv.uci)) out.push(mv);
    }
    return out;
  };
  const bm = moves('bm');
  if (typeof bm === 'string') return err(bm);
  const am = moves('am');
  if (typeof am === 'string') return err(am);

  let dm: number | null = null;
  const dmOps = firstOp(rec, 'dm');
  if (dmOps) {
    if (dmOps.length !== 1 || !/^\d+$/.test(dmOps[0].text) || Number(dmOps[0].text) < 1)
      return err('dm needs one integer >= 1 (mate in N)');
    dm = Number(dmOps[0].text);
  }

  const idOps = firstOp(rec, 'id');
  const id = idOps && idOps.length > 0 ? idOps.map((o) => o.text).join(' ') : null;

  let points: EpdPosition['points'] = null;
  let maxPoints = 0;
  const c0 = firstOp(rec, 'c0');
  const list = c0 && c0.length > 0 ? parsePointList(c0.map((o) => o.text).join(' ')) : null;
  if (list) {
    points = [];
    for (const { move, points: p } of list) {
      const mv = resolveMove(pos, move);
      if (!mv) return err(`c0 move '${move.slice(0, 20)}' is not legal (or is ambiguous) in this position`);
      const old = points.find((x) => x.move.uci === mv.uci);
      if (old) old.points = Math.max(old.points, p);
      else points.push({ move: mv, points: p });
    }
    maxPoints = Math.max(0, ...points.map((x) => x.points));
    // A bm move is always worth the full score, listed or not.
    for (const b of bm) {
      const old = points.find((x) => x.move.uci === b.uci);
      if (old) old.points = maxPoints;
      else points.push({ move: b, points: maxPoints });
    }
    if (maxPoints === 0) return err('c0 point list gives no move any points');
  }

  if (bm.length === 0 && am.length === 0 && dm === null && points === null) {
    return err('nothing to solve: no bm, am, dm or c0 point list');
  }
  const th = themeOf(id);
  return {
    kind: 'position',
    position: {
      line: lineNo,
      id,
      epdFen,
      fen,
      bm,
      am,
      dm,
      points,
      maxPoints,
      theme: th?.theme ?? null,
      themeKey: th?.key ?? null,
    },
  };
}

/** Parses a whole EPD file's text (LF or CRLF). */
export function parseEpdText(text: string): {
  positions: EpdPosition[];
  errors: { line: number; text: string; error: string }[];
} {
  const positions: EpdPosition[] = [];
  const errors: { line: number; text: string; error: string }[] = [];
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[0].charCodeAt(0) === 0xfeff) lines[0] = lines[0].slice(1); // BOM
  lines.forEach((l, k) => {
    const r = parseEpdLine(l, k + 1);
    if (r.kind === 'position') positions.push(r.position);
    else if (r.kind === 'error') errors.push({ line: r.line, text: r.text, error: r.error });
  });
  return { positions, errors };
}

/** What the position asks for, for display: "bm Qg6 Rxb2", "am Rd6", "dm 3", "c0 f5=10 Bf2=3". */
export function expectedText(p: EpdPosition): string {
  const parts: string[] = [];
  if (p.bm.length) parts.push(`bm ${p.bm.map((m) => m.san).join(' ')}`);
  if (p.am.length) parts.push(`am ${p.am.map((m) => m.san).join(' ')}`);
  if (p.dm !== null) parts.push(`dm ${p.dm}`);
  if (p.points && p.bm.length === 0) {
    const best = p.points.filter((x) => x.points === p.maxPoints).map((x) => x.move.san);
    parts.push(`best ${best.join(' ')}`);
  }
  return parts.join('; ');
}
