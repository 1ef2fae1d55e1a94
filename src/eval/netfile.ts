// The net file: the network's shape and Tessera's file format for it, read by the engine (nnue.ts) and written by
// the trainer (train/quantise.ts).
// A perspective network (768 -> H) x 2 -> 1 with SCReLU, int16 weights, and optionally B output buckets chosen by
// the number of pieces on the board (one output layer each).
// Features: (piece colour relative to the perspective, piece type, square seen from that side) ->
// ((c ^ persp) * 6 + type - 1) * 64 + (persp === WHITE ? sq : sq ^ 56).
//
// Net file (little-endian), documented in README:
//   0  "TSNN"  4  u16 version (1)  6  u16 arch (1: (768->H)x2->1 SCReLU; 2: the same with B output buckets)
//   8 u16 inputs (768)  10 u16 H   12 u16 QA  14 u16 QB  16 u16 SCALE  18 u16 B (arch 1: 0, meaning 1)
//   20 u32 payload bytes  24 u32 FNV-1a of payload  28 u32 0
//   32 payload: ftW i16[768][H] (feature-major), ftB i16[H], outW i16[B][2H] (side to move first), outB i32[B]
// Architecture 3 (king buckets) was read by earlier builds; no shipped or committed net uses it, and it is refused.
// The bucket of a position with n pieces (kings included) is ((n - 2) * B) >> 5.
import { WHITE } from '../core/bitboard';

const NET_MAGIC = 0x4e4e5354; // "TSNN" read as a little-endian u32
const NET_VERSION = 1;
const ARCH_PERSPECTIVE_SCRELU = 1;
const ARCH_OUTPUT_BUCKETS = 2;
const ARCH_KING_BUCKETS = 3;
export const MAX_BUCKETS = 16;
export const INPUTS = 768;
export const HEADER_BYTES = 32;
const MAX_HIDDEN = 2048;
/** The clip bound: 255 keeps each (clipped activation)^2 * weight within int32 and the sums exact (see pairChunk, accumulator.ts). */
const MAX_QA = 255;

export interface Net {
  hidden: number;
  qa: number;
  qb: number;
  scale: number;
  ftW: Int16Array;
  ftB: Int16Array;
  /** Output buckets (1: a single output layer). */
  buckets: number;
  /** [bucket][2H], side to move first. */
  outW: Int16Array;
  /** [bucket] */
  outB: Int32Array;
  /** FNV-1a of the payload: identifies the net (printed by `uci` info and `eval`). */
  checksum: number;
}

function fnv1a(b: Uint8Array, off = 0, end = b.length): number {
  let h = 0x811c9dc5;
  for (let i = off; i < end; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return h >>> 0;
}

function netBytes(hidden: number, buckets = 1): number {
  return HEADER_BYTES + (INPUTS * hidden + hidden + 2 * hidden * buckets) * 2 + 4 * buckets;
}

/** The output bucket of a position with `pieces` pieces on the board (2..32), for B buckets. */
export function outputBucket(pieces: number, buckets: number): number {
  return ((pieces - 2) * buckets) >> 5;
}

/** Centipawns from the output layer's integer sum over the clipped, squared accumulators, with bucket b's bias. */
export function netScore(n: Net, sum: number, b: number): number {
  return Math.trunc(((sum / n.qa + n.outB[b]) * n.scale) / (n.qa * n.qb));
}

/** Parses a net file; an error message for anything that is not a sound Tessera net. */
export function parseNet(bytes: Uint8Array): Net | string {
  if (bytes.length < HEADER_BYTES) return `net file too short (${bytes.length} bytes)`;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== NET_MAGIC) return 'not a Tessera net (bad magic)';
  const version = dv.getUint16(4, true),
    arch = dv.getUint16(6, true),
    inputs = dv.getUint16(8, true);
  if (version !== NET_VERSION) return `unsupported net version ${version}`;
  if (arch === ARCH_KING_BUCKETS) return 'king-bucket nets (architecture 3) are not supported';
  if ((arch !== ARCH_PERSPECTIVE_SCRELU && arch !== ARCH_OUTPUT_BUCKETS) || inputs !== INPUTS) {
    return `unsupported net architecture ${arch}/${inputs}`;
  }
  const hidden = dv.getUint16(10, true),
    qa = dv.getUint16(12, true),
    qb = dv.getUint16(14, true),
    scale = dv.getUint16(16, true);
  const buckets = arch === ARCH_PERSPECTIVE_SCRELU ? 1 : dv.getUint16(18, true);
  if (
    hidden < 1 ||
    hidden > MAX_HIDDEN ||
    qa < 1 ||
    qa > MAX_QA ||
    qb < 1 ||
    scale < 1 ||
    buckets < 1 ||
    buckets > MAX_BUCKETS
  ) {
    return 'net header has bad sizes';
  }
  const payload = dv.getUint32(20, true),
    size = netBytes(hidden, buckets);
  if (payload !== size - HEADER_BYTES || bytes.length !== size) {
    return `net file has ${bytes.length} bytes, expected ${size} for hidden size ${hidden} and ${buckets} output bucket(s)`;
  }
  if (fnv1a(bytes, HEADER_BYTES) !== dv.getUint32(24, true)) return 'net file is damaged (checksum mismatch)';
  // Copy out: the source may be unaligned or shared.
  let off = HEADER_BYTES;
  const take = (n: number): Int16Array => {
    const a = new Int16Array(n);
    for (let i = 0; i < n; i++, off += 2) a[i] = dv.getInt16(off, true);
    return a;
  };
  const ftW = take(INPUTS * hidden),
    ftB = take(hidden),
    outW = take(2 * hidden * buckets);
  const outB = new Int32Array(buckets);
  for (let i = 0; i < buckets; i++, off += 4) outB[i] = dv.getInt32(off, true);
  return { hidden, qa, qb, scale, buckets, ftW, ftB, outW, outB, checksum: dv.getUint32(24, true) };
}

/** Serialises a net (the trainer's writer, and tests). */
export function writeNet(net: Omit<Net, 'checksum'>): Uint8Array {
  const H = net.hidden,
    B = net.buckets;
  if (net.outW.length !== 2 * H * B || net.outB.length !== B)
    throw new Error('writeNet: output layer sizes do not match the buckets');
  if (net.ftW.length !== INPUTS * H) throw new Error('writeNet: feature weights do not match the hidden size');
  const bytes = new Uint8Array(netBytes(H, B));
  const dv = new DataView(bytes.buffer);
  dv.setUint32(0, NET_MAGIC, true);
  dv.setUint16(4, NET_VERSION, true);
  // One bucket keeps arch 1, so single-output nets are the same bytes as before buckets existed.
  dv.setUint16(6, B === 1 ? ARCH_PERSPECTIVE_SCRELU : ARCH_OUTPUT_BUCKETS, true);
  if (B !== 1) dv.setUint16(18, B, true);
  dv.setUint16(8, INPUTS, true);
  dv.setUint16(10, H, true);
  dv.setUint16(12, net.qa, true);
  dv.setUint16(14, net.qb, true);
  dv.setUint16(16, net.scale, true);
  dv.setUint32(20, bytes.length - HEADER_BYTES, true);
  let off = HEADER_BYTES;
  for (const a of [net.ftW, net.ftB, net.outW])
    for (let i = 0; i < a.length; i++, off += 2) dv.setInt16(off, a[i], true);
  for (let i = 0; i < B; i++, off += 4) dv.setInt32(off, net.outB[i], true);
  dv.setUint32(24, fnv1a(bytes, HEADER_BYTES), true);
  return bytes;
}

/** Feature index of piece p on sq for perspective persp. */
export function featureIndex(persp: number, p: number, sq: number): number {
  return (((p >> 3) ^ persp) * 6 + (p & 7) - 1) * 64 + (persp === WHITE ? sq : sq ^ 56);
}
