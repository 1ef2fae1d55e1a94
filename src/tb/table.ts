// One material signature's tables (e.g. KRPvKR): the WDL and DTZ files' layouts, opened on first use, and the
// lookup of one position's stored value.
import { TbFile, TbFormatError } from './file';
import { type PairsData, readPairs, decompress } from './pairs';
import { EncInfo, type TableShape, initEncInfo, encode, leadingPawn, PIECE_ENC, FILE_ENC, TB_PIECES } from './encoding';
import type { Position } from '../core/position';
import { lsb } from '../core/bitboard';
import { pieceOf } from '../core/types';

const WDL_MAGIC = 0x5d23e871,
  DTZ_MAGIC = 0xa50c66d7;
const PIECE_LETTERS = 'PNBRQK';

/** Material key: 4 bits a count for P..Q of each colour, white in the low 20 bits. Exact in a double. */
export function materialKey(counts: ArrayLike<number>, mirror: boolean): number {
  let k = 0;
  for (let t = 1; t <= 5; t++) {
    const w = counts[t],
      b = counts[8 + t];
    k += (mirror ? b : w) * 16 ** (t - 1) + (mirror ? w : b) * 16 ** (t + 4);
  }
  return k;
}

/** Piece counts indexed by piece code (colour << 3 | type) of a name like "KRPvKR", or null if it is not one. */
export function parseTableName(name: string): Uint8Array | null {
  const m = /^(K[QRBNP]*)v(K[QRBNP]*)$/.exec(name);
  if (!m) return null;
  const counts = new Uint8Array(16);
  for (let c = 0; c < 2; c++) for (const ch of m[c + 1]) counts[pieceOf(c, PIECE_LETTERS.indexOf(ch) + 1)]++;
  let n = 0;
  for (const x of counts) n += x;
  return n >= 3 && n <= TB_PIECES ? counts : null; // KvK has no file
}

/** A WDL table: per pawn file (one for pawnless tables) and side to move, a numbering and its compressed values. */
interface Sub {
  ei: EncInfo;
  pairs: PairsData;
}

export class WdlTable {
  /** sub[t * 2 + side]; side 1 is absent in a symmetric table. */
  readonly sub: (Sub | null)[] = [];
  constructor(readonly file: TbFile) {}
}

export class DtzTable {
  /** sub[t]: DTZ files store one side to move per pawn file. */
  readonly sub: Sub[] = [];
  readonly flags: number[] = [];
  /** mapOff[t * 4 + m]: file offset of the first value of value map m (by WDL class). */
  readonly mapOff: number[] = [];
  constructor(readonly file: TbFile) {}
}

export class TableEntry implements TableShape {
  readonly key: number;
  readonly mirrorKey: number;
  readonly symmetric: boolean;
  readonly num: number;
  readonly hasPawns: boolean;
  readonly kkEnc: boolean;
  readonly pawns0: number;
  readonly pawns1: number;
  wdlPath: string | null = null;
  dtzPath: string | null = null;
  /** Tables held in memory by file name (wdlPath and dtzPath are then names in it); null: files on disk. */
  source: ReadonlyMap<string, Uint8Array> | null = null;
  /** undefined until first use; null when the file could not be used (the reason in wdlError / dtzError). */
  wdl: WdlTable | null | undefined = undefined;
  dtz: DtzTable | null | undefined = undefined;
  wdlError = '';
  dtzError = '';

  constructor(
    readonly name: string,
    counts: Uint8Array,
  ) {
    this.key = materialKey(counts, false);
    this.mirrorKey = materialKey(counts, true);
    this.symmetric = this.key === this.mirrorKey;
    let n = 0;
    for (const x of counts) n += x;
    this.num = n;
    this.hasPawns = counts[1] + counts[9] > 0;
    let unique = 0;
    for (const x of counts) if (x === 1) unique++;
    this.kkEnc = !this.hasPawns && unique === 2;
    // The leading colour has the fewer pawns (white when equal or when black has none).
    let p0 = counts[1],
      p1 = counts[9];
    if (p1 > 0 && (p0 === 0 || p0 > p1)) {
      const x = p0;
      p0 = p1;
      p1 = x;
    }
    this.pawns0 = p0;
    this.pawns1 = p1;
  }

  /** The WDL table, opened on first use; null (reason in wdlError) when missing or malformed. */
  openWdl(): WdlTable | null {
    if (this.wdl !== undefined) return this.wdl;
    const r = this.open(this.wdlPath, 'WDL', '.rtbw', readWdl);
    this.wdl = r.table;
    if (r.error) this.wdlError = r.error;
    return this.wdl;
  }

  /** The DTZ table, opened on first use; null (reason in dtzError) when missing or malformed. */
  openDtz(): DtzTable | null {
    if (this.dtz !== undefined) return this.dtz;
    const r = this.open(this.dtzPath, 'DTZ', '.rtbz', readDtz);
    this.dtz = r.table;
    if (r.error) this.dtzError = r.error;
    return this.dtz;
  }

  private open<T>(
    path: string | null,
    kind: string,
    ext: string,
    read: (f: TbFile, e: TableEntry) => T,
  ): { table: T | null; error: string | null } {
    if (path === null) return { table: null, error: `${this.name}: no ${kind} file` };
    let f: TbFile | null = null;
    try {
      f = new TbFile(path, this.source?.get(path) ?? null);
      return { table: read(f, this), error: null };
    } catch (e) {
      f?.close();
      return { table: null, error: `${this.name}${ext}: ${reason(e)}` };
    }
  }
}

export function reason(e: unknown): string {
  if (e instanceof TbFormatError) return e.message.replace(/^.*: (?=[^:]*$)/, '');
  if (e instanceof Error) return (e as NodeJS.ErrnoException).code ?? e.message;
  return String(e);
}

function checkFile(f: TbFile, magic: number): void {
  if (f.size < 16 || f.size % 64 !== 16)
    throw new TbFormatError(`${f.path}: truncated or padded (size ${f.size} is not 16 mod 64)`);
  if (f.u32(0) !== magic) throw new TbFormatError(`${f.path}: wrong magic number`);
}

/** Header bytes of sub-table t: the order byte(s), then one byte per piece. */
function header(f: TbFile, off: number, e: TableEntry): Uint8Array {
  const len = e.num + 1 + (e.hasPawns && e.pawns1 ? 1 : 0);
  const h = new Uint8Array(len);
  f.read(off, len, h);
  return h;
}

/** Lays out the index, size and block tables of each sub-table after the headers; checks they fit the file. */
function layout(f: TbFile, off: number, pairs: PairsData[]): void {
  for (const d of pairs) {
    d.indexOff = off;
    off += d.indexBytes;
  }
  for (const d of pairs) {
    d.sizeOff = off;
    off += d.sizeBytes;
  }
  for (const d of pairs) {
    off = Math.ceil(off / 64) * 64; // blocks start 64-byte aligned
    d.dataOff = off;
    off += d.dataBytes;
  }
  if (off > f.size) throw new TbFormatError(`${f.path}: tables run past the end of the file (${off} > ${f.size})`);
}

function readWdl(f: TbFile, e: TableEntry): WdlTable {
  checkFile(f, WDL_MAGIC);
  const split = (f.u8(4) & 1) !== 0;
  const num = e.hasPawns ? 4 : 1,
    enc = e.hasPawns ? FILE_ENC : PIECE_ENC;
  let off = 5;
  const eis: EncInfo[] = [],
    sizes: number[] = [];
  for (let t = 0; t < num; t++) {
    const h = header(f, off, e);
    for (let side = 0; side < (split ? 2 : 1); side++) {
      const ei = new EncInfo();
      sizes[t * 2 + side] = initEncInfo(ei, e, h, side * 4, t, enc);
      eis[t * 2 + side] = ei;
    }
    off += h.length;
  }
  off += off & 1;
  const tb = new WdlTable(f);
  const order: PairsData[] = [];
  for (let t = 0; t < num; t++) {
    for (let side = 0; side < (split ? 2 : 1); side++) {
      const [d, next] = readPairs(f, off, sizes[t * 2 + side], true);
      off = next;
      tb.sub[t * 2 + side] = { ei: eis[t * 2 + side], pairs: d };
      order.push(d);
    }
    if (!split) tb.sub[t * 2 + 1] = null;
  }
  layout(f, off, order);
  return tb;
}

function readDtz(f: TbFile, e: TableEntry): DtzTable {
  checkFile(f, DTZ_MAGIC);
  const num = e.hasPawns ? 4 : 1,
    enc = e.hasPawns ? FILE_ENC : PIECE_ENC;
  let off = 5;
  const eis: EncInfo[] = [],
    sizes: number[] = [];
  for (let t = 0; t < num; t++) {
    const h = header(f, off, e);
    eis[t] = new EncInfo();
    sizes[t] = initEncInfo(eis[t], e, h, 0, t, enc);
    off += h.length;
  }
  off += off & 1;
  const tb = new DtzTable(f);
  for (let t = 0; t < num; t++) {
    const [d, next] = readPairs(f, off, sizes[t], false);
    off = next;
    tb.sub[t] = { ei: eis[t], pairs: d };
    tb.flags[t] = d.flags;
  }
  // Value maps: DTZ values are stored as indices into a small map per WDL class (flag 2); 16-bit maps with flag 16.
  for (let t = 0; t < num; t++) {
    const fl = tb.flags[t];
    if (!(fl & 2)) continue;
    if (!(fl & 16)) {
      for (let i = 0; i < 4; i++) {
        tb.mapOff[t * 4 + i] = off + 1;
        off += 1 + f.u8(off);
      }
    } else {
      off += off & 1;
      for (let i = 0; i < 4; i++) {
        tb.mapOff[t * 4 + i] = off + 2;
        off += 2 + 2 * f.u16(off);
      }
    }
  }
  off += off & 1;
  layout(
    f,
    off,
    tb.sub.map((s) => s.pairs),
  );
  return tb;
}

// ---------- lookup ----------

const sq = new Int32Array(TB_PIECES);

/**
 * Fills sq[i..] with the squares of piece code pc (colours swapped when flip), each XOR mirror; returns the next i.
 */
function fill(pos: Position, pc: number, flip: number, mirror: number, i: number, num: number): number {
  const code = pieceOf((pc >> 3) ^ flip, pc & 7);
  let lo = pos.bb[code * 2],
    hi = pos.bb[code * 2 + 1];
  if ((lo | hi) === 0) throw new TbFormatError('piece list does not match the material');
  while (lo !== 0) {
    if (i >= num) throw new TbFormatError('too many pieces');
    sq[i++] = lsb(lo) ^ mirror;
    lo &= lo - 1;
  }
  while (hi !== 0) {
    if (i >= num) throw new TbFormatError('too many pieces');
    sq[i++] = (32 + lsb(hi)) ^ mirror;
    hi &= hi - 1;
  }
  return i;
}

/** Which stored colours and side the position maps to: [flip colours, table side]. */
function orient(e: TableEntry, key: number, stm: number): [number, number] {
  if (e.symmetric) return [stm, 0];
  const flip = key !== e.key ? 1 : 0;
  return [flip, flip ^ stm];
}

/** Squares in the sub-table's piece order, and the sub-table (pawn file) index. */
function place(
  pos: Position,
  e: TableEntry,
  flip: number,
  first: EncInfo,
  pick: (t: number) => EncInfo,
): [EncInfo, number] {
  const num = e.num;
  if (!e.hasPawns) {
    for (let i = 0; i < num; ) i = fill(pos, first.pieces[i], flip, 0, i, num);
    return [first, 0];
  }
  const mirror = flip ? 0x38 : 0;
  let i = fill(pos, first.pieces[0], flip, mirror, 0, num);
  const t = leadingPawn(sq, e);
  const ei = pick(t);
  while (i < num) i = fill(pos, ei.pieces[i], flip, mirror, i, num);
  return [ei, t];
}

/** Stored WDL value -2..2 of pos (side to move's view, no en passant, no captures considered). Throws on a bad table. */
export function lookupWdl(tb: WdlTable, e: TableEntry, pos: Position, key: number): number {
  const [flip, side] = orient(e, key, pos.stm);
  const sub0 = tb.sub[side];
  if (!sub0) throw new TbFormatError('table lacks this side to move');
  const [ei, t] = place(pos, e, flip, sub0.ei, (t) => {
    const s = tb.sub[t * 2 + side];
    if (!s) throw new TbFormatError('table lacks this side to move');
    return s.ei;
  });
  const sub = tb.sub[t * 2 + side]!;
  const idx = encode(sq, ei, e, e.hasPawns ? FILE_ENC : PIECE_ENC);
  const v = (decompress(tb.file, sub.pairs, idx) & 0xff) - 2;
  if (v < -2 || v > 2) throw new TbFormatError(`WDL value ${v} out of range`);
  return v;
}

/** Returned by lookupDtz when the file stores the other side to move. */
export const DTZ_OTHER_SIDE = 0x7fffffff;

/** Stored DTZ of pos (plies to a zeroing move, sign not applied) given its WDL value; or DTZ_OTHER_SIDE. */
export function lookupDtz(tb: DtzTable, e: TableEntry, pos: Position, key: number, wdl: number): number {
  const [flip, side] = orient(e, key, pos.stm);
  const sub0 = tb.sub[0];
  let t = 0;
  if (!e.hasPawns) {
    if ((tb.flags[0] & 1) !== side && !e.symmetric) return DTZ_OTHER_SIDE;
    place(pos, e, flip, sub0.ei, () => sub0.ei);
  } else {
    // The side stored can differ per pawn file, so find the file before deciding.
    let otherSide = false;
    [, t] = place(pos, e, flip, sub0.ei, (tt) => {
      if ((tb.flags[tt] & 1) !== side && !e.symmetric) otherSide = true;
      return tb.sub[tt].ei;
    });
    if (otherSide) return DTZ_OTHER_SIDE;
  }
  const sub = tb.sub[t],
    fl = tb.flags[t];
  const idx = encode(sq, sub.ei, e, e.hasPawns ? FILE_ENC : PIECE_ENC);
  let v = decompress(tb.file, sub.pairs, idx);
  if (fl & 2) {
    const m = WDL_TO_MAP[wdl + 2];
    v = fl & 16 ? tb.file.u16(tb.mapOff[t * 4 + m] + 2 * v) : tb.file.u8(tb.mapOff[t * 4 + m] + v);
  }
  // Values are stored in moves unless the table keeps plies for this class (flags 4: wins, 8: losses).
  if (!(fl & PLY_FLAG[wdl + 2]) || wdl & 1) v *= 2;
  return v;
}

const WDL_TO_MAP = [1, 3, 0, 2, 0];
const PLY_FLAG = [8, 0, 0, 0, 4];
