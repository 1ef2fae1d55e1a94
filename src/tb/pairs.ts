// One compressed sub-table ("pairs data"): its header, and the decoding of the value at an index.
//
// Values are stored as a canonical Huffman code over symbols; each symbol is either a value or a pair of
// symbols (re-pair compression), so one symbol may stand for a run of values. The file is split into blocks of
// 2^blockSize bytes; an index entry every 2^idxBits values gives a block and a value offset inside it, and a
// table of block sizes (values per block, minus one) walks from there to the right block.
import { type TbFile, TbFormatError } from './file';

export class PairsData {
  /** Every value of the sub-table is constValue (no index, no blocks). */
  isConst = false;
  constValue = 0;
  blockSize = 0;
  idxBits = 0;
  minLen = 0;
  maxLen = 0;
  numSyms = 0;
  numBlocks = 0;
  realNumBlocks = 0;
  /** offset[l - minLen]: first symbol of code length l. */
  offset = new Int32Array(0);
  /** base[l - minLen] << (W - l): the smallest W-bit window starting with a code of length l. */
  base = new Float64Array(0);
  /** unit[l - minLen] = 2^(W - l): one step of a code of length l in the window. */
  unit = new Float64Array(0);
  /** Window width: 32 bits, or maxLen when codes are longer. */
  window = 32;
  /** symLen[s]: values symbol s stands for, minus one. */
  symLen = new Int32Array(0);
  /** Three bytes per symbol: a value (12 bits) for a leaf, two 12-bit symbol numbers for a pair. */
  symPat = new Uint8Array(0);
  /** File offsets of the index table (6 bytes an entry), the block-size table (2 bytes) and the blocks. */
  indexOff = 0;
  sizeOff = 0;
  dataOff = 0;
  /** Bytes of the three tables, for laying out the file. */
  indexBytes = 0;
  sizeBytes = 0;
  dataBytes = 0;
  /** The header's first byte (DTZ tables keep their flags there). */
  flags = 0;
}

/** Reads a pairs header at `off` for a sub-table of tbSize values; returns it and the offset after it. */
export function readPairs(f: TbFile, off: number, tbSize: number, isWdl: boolean): [PairsData, number] {
  const d = new PairsData();
  d.flags = f.u8(off);
  if (d.flags & 0x80) {
    d.isConst = true;
    d.constValue = isWdl ? f.u8(off + 1) : 0;
    return [d, off + 2];
  }
  d.blockSize = f.u8(off + 1);
  d.idxBits = f.u8(off + 2);
  d.realNumBlocks = f.u32(off + 4);
  d.numBlocks = d.realNumBlocks + f.u8(off + 3);
  d.maxLen = f.u8(off + 8);
  d.minLen = f.u8(off + 9);
  const h = d.maxLen - d.minLen + 1;
  if (d.minLen < 1 || h < 1 || d.maxLen > 52 || d.idxBits < 1 || d.idxBits > 40 || d.blockSize > 24) {
    throw new TbFormatError(
      `bad pairs header (lengths ${d.minLen}..${d.maxLen}, idxBits ${d.idxBits}, blockSize ${d.blockSize})`,
    );
  }
  d.numSyms = f.u16(off + 10 + 2 * h);
  d.offset = new Int32Array(h);
  for (let i = 0; i < h; i++) d.offset[i] = f.u16(off + 10 + 2 * i);
  const patOff = off + 12 + 2 * h;
  d.symPat = new Uint8Array(3 * d.numSyms);
  if (d.numSyms > 0) f.read(patOff, 3 * d.numSyms, d.symPat);
  const next = patOff + 3 * d.numSyms + (d.numSyms & 1);

  const numIndices = Math.ceil(tbSize / 2 ** d.idxBits);
  d.indexBytes = 6 * numIndices;
  d.sizeBytes = 2 * d.numBlocks;
  d.dataBytes = d.realNumBlocks * 2 ** d.blockSize;

  computeSymLen(d);

  // Canonical code: base[i] is the first code of length minLen + i, counted from the longest codes up.
  const raw = new Float64Array(h);
  for (let i = h - 2; i >= 0; i--) {
    const t = raw[i + 1] + d.offset[i] - d.offset[i + 1];
    if (t < 0 || t % 2 !== 0) throw new TbFormatError('bad code lengths');
    raw[i] = t / 2;
  }
  d.window = Math.max(32, d.maxLen);
  d.base = new Float64Array(h);
  d.unit = new Float64Array(h);
  for (let i = 0; i < h; i++) {
    d.unit[i] = 2 ** (d.window - (d.minLen + i));
    d.base[i] = raw[i] * d.unit[i];
  }
  return [d, next];
}

function computeSymLen(d: PairsData): void {
  const n = d.numSyms,
    pat = d.symPat;
  d.symLen = new Int32Array(n);
  const state = new Uint8Array(n); // 0 new, 1 on the stack, 2 done
  const visit = (s: number): void => {
    if (state[s] === 2) return;
    if (state[s] === 1) throw new TbFormatError('symbol tree has a cycle');
    state[s] = 1;
    const w = 3 * s;
    const s2 = (pat[w + 2] << 4) | (pat[w + 1] >> 4);
    if (s2 === 0xfff) {
      d.symLen[s] = 0; // a leaf: one value
    } else {
      const s1 = ((pat[w + 1] & 0xf) << 8) | pat[w];
      if (s1 >= n || s2 >= n) throw new TbFormatError('symbol out of range');
      visit(s1);
      visit(s2);
      d.symLen[s] = d.symLen[s1] + d.symLen[s2] + 1;
    }
    state[s] = 2;
  };
  for (let s = 0; s < n; s++) visit(s);
}

/** 32 bits of buf from bit p after byte `at` (big-endian bit order), unsigned. */
function peek32(buf: Uint8Array, at: number, p: number): number {
  const b = at + (p >>> 3),
    sh = p & 7;
  let v = ((buf[b] << 24) | (buf[b + 1] << 16) | (buf[b + 2] << 8) | buf[b + 3]) >>> 0;
  if (sh !== 0) v = ((v << sh) | (buf[b + 4] >>> (8 - sh))) >>> 0;
  return v;
}

let scratch = new Uint8Array(0);

/** The value at index idx: its first 12 bits (a WDL table uses the low byte, a DTZ table all 12). */
export function decompress(f: TbFile, d: PairsData, idx: number): number {
  if (d.isConst) return d.constValue;
  const step = 2 ** d.idxBits;
  const mainIdx = Math.floor(idx / step);
  let litIdx = idx - mainIdx * step - step / 2;
  const e = d.indexOff + 6 * mainIdx;
  let block = f.u32(e);
  litIdx += f.u16(e + 4);
  if (litIdx < 0) {
    while (litIdx < 0) {
      if (--block < 0) throw new TbFormatError('block walk before the first block');
      litIdx += f.u16(d.sizeOff + 2 * block) + 1;
    }
  } else {
    for (;;) {
      if (block >= d.numBlocks) throw new TbFormatError('block walk past the last block');
      const sz = f.u16(d.sizeOff + 2 * block);
      if (litIdx <= sz) break;
      litIdx -= sz + 1;
      block++;
    }
  }
  if (block >= d.realNumBlocks) throw new TbFormatError('block out of range');

  const len = 2 ** d.blockSize;
  if (scratch.length < len + 16) scratch = new Uint8Array(len + 16);
  // The window may look up to 8 bytes past the block; those bits never decide a code.
  const [buf, at] = f.span(d.dataOff + block * len, len, scratch);

  const m = d.minLen,
    maxLen = d.maxLen,
    base = d.base,
    symLen = d.symLen,
    wide = d.window > 32;
  const endBit = len * 8;
  let p = 0,
    sym = 0;
  for (;;) {
    const w = wide
      ? peek32(buf, at, p) * 2 ** (d.window - 32) + (peek32(buf, at, p + 32) >>> (64 - d.window))
      : peek32(buf, at, p);
    let l = m;
    while (w < base[l - m]) if (++l > maxLen) throw new TbFormatError('bad code');
    sym = d.offset[l - m] + Math.floor((w - base[l - m]) / d.unit[l - m]);
    if (sym >= d.numSyms) throw new TbFormatError('symbol out of range');
    if (litIdx < symLen[sym] + 1) break;
    litIdx -= symLen[sym] + 1;
    p += l;
    if (p >= endBit) throw new TbFormatError('ran off the end of a block');
  }
  // Descend the pair tree to the value at litIdx inside the symbol's run.
  const pat = d.symPat;
  while (symLen[sym] !== 0) {
    const w = 3 * sym;
    const s1 = ((pat[w + 1] & 0xf) << 8) | pat[w];
    if (litIdx < symLen[s1] + 1) {
      sym = s1;
    } else {
      litIdx -= symLen[s1] + 1;
      sym = (pat[w + 2] << 4) | (pat[w + 1] >> 4);
    }
  }
  return pat[3 * sym] | ((pat[3 * sym + 1] & 0x0f) << 8);
}
