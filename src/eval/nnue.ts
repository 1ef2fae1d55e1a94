// NNUE evaluation (the network and its file: netfile.ts).
// One accumulator pair per stack ply (pos.sp), updated lazily: make/unmake do nothing here; when a
// node is evaluated, the nearest ancestor whose accumulator is current is found (by its Zobrist
// key) and the moves since then are applied; only the root or an unrelated position is refreshed.
import { WHITE } from '../core/bitboard';
import { ROOK, CASTLING, EN_PASSANT, PROMOTION, moveFrom, moveTo, moveKind, promoType, castlingKingTo, castlingRookTo } from '../core/types';
import { STACK_SIZE, type Position } from '../core/position';
import { createSimdKernels, type SimdKernels } from './simd';
import { INPUTS, featureIndex, outputBucket, netScore, type Net } from './netfile';

// ---------------- this thread's net and accumulators ----------------
//
// Two int16 lanes in one int32 ("SWAR"): the accumulators and the feature weights are held as pairs
// P = lo + 65536 * hi in Int32Arrays, so one 32-bit add or subtract updates two lanes (a carry or
// borrow out of lo is exactly what the value lo + 65536 * hi needs). Sums are taken mod 2^32, so an
// incremental update and a full refresh give the same bits. A lane is read back as
// lo = (P << 16) >> 16, hi = (P - lo) >> 16. An odd H gets one zero-weight pad lane.

let net: Net | null = null;
let H = 0;
/** Lane pairs per perspective: ceil(H / 2). */
let H2 = 0;
/** ftW32[f * H2 + j]: feature f's weights for lanes 2j and 2j + 1, packed. */
let ftW32: Int32Array = new Int32Array(0);
let ftB32: Int32Array = new Int32Array(0);
/** [bucket][2 * 2 * H2] (side to move first), padded to whole lane pairs with zeros. */
let outW: Int16Array = new Int16Array(0);
let buckets = 1;
/** The output bucket of the position being evaluated, and its layer's offset into outW. */
let bucket = 0;
let outOff = 0;
/**
 * How many lane pairs (two products qa^2 * w each) of the output layer an int32 can sum without overflow, for
 * this net's largest |w|; 0 when not even one pair can (|w| near 32767): then the products are summed as doubles.
 */
let pairChunk = 0;
/** acc[(sp * 2 + persp) * H2 + j], packed pairs. */
let acc = new Int32Array(0);
/**
 * SQ[x + 32768] = clamp(x, 0, qa)^2 for every int16 x: the activation as one load (a branching clamp mispredicts,
 * about half the accumulators being clipped; shifts and masks plus a multiply measured a few per cent slower).
 */
const SQ = new Int32Array(65536);
const accLo = new Int32Array(STACK_SIZE + 1);
const accHi = new Int32Array(STACK_SIZE + 1);
const accOk = new Uint8Array(STACK_SIZE + 1);
// ---------------- the WebAssembly SIMD path (simd.ts) ----------------
//
// Nets whose output sums fit the int32 chunks (pairChunk > 0) run their accumulators in the kernels' memory as plain
// int16 lanes, H padded to a multiple of 8 with zero weights, eight lanes per operation.
// Same integers as the JS path (int16 lanes wrap alike, and the sums are exact), so the same evaluations and nodes.
// Layout in bytes: the accumulator stack at 0 (slot sp, perspective p at (sp * 2 + p) * NB), then the feature rows
// (feature f at FT + f * NB), then the output layers ([bucket][2][NB], side to move first).

/** The kernels of this thread: undefined until first wanted, null when WebAssembly SIMD is missing. */
let kernels: SimdKernels | null | undefined;
/** Whether setNet may choose the SIMD path (tests turn it off to compare the paths). */
let simdAllowed = true;
/** Whether the installed net runs on the SIMD path. */
let simd = false;
/** Bytes per perspective's accumulator (lanes padded to 8), and the byte offsets of the rows and output layers. */
let NB = 0;
let FT = 0;
let OUT = 0;
/** The output layer of the position being evaluated (byte offset), as outOff for the JS path. */
let outOffB = 0;
let QA = 0;
/** int16 view of the kernels' memory (remade when it grows), and the feature biases padded to NB / 2 lanes. */
let mem16 = new Int16Array(0);
let bias16 = new Int16Array(0);

/** Lays the net out in the kernels' memory; false when it cannot (then the JS path runs). */
function setupSimd(n: Net): boolean {
  if (kernels === undefined) kernels = createSimdKernels();
  if (!kernels) return false;
  const lanes = (n.hidden + 7) & ~7;
  NB = lanes * 2;
  FT = (STACK_SIZE + 2) * 2 * NB;
  const rows = INPUTS;
  OUT = FT + rows * NB;
  const end = OUT + n.buckets * 2 * NB;
  const mem = kernels.memory, have = mem.buffer.byteLength;
  if (end > have) mem.grow(Math.ceil((end - have) / 65536));
  mem16 = new Int16Array(mem.buffer);
  mem16.fill(0, 0, end >> 1);
  const H_ = n.hidden;
  for (let f = 0; f < rows; f++) mem16.set(n.ftW.subarray(f * H_, (f + 1) * H_), (FT >> 1) + f * lanes);
  for (let r = 0; r < 2 * n.buckets; r++) mem16.set(n.outW.subarray(r * H_, (r + 1) * H_), (OUT >> 1) + r * lanes);
  bias16 = new Int16Array(lanes);
  bias16.set(n.ftB);
  QA = n.qa;
  return true;
}

/** Tests: allow or forbid the SIMD path (the net is installed again to take effect); returns whether it is in use. */
export function allowSimd(on: boolean): boolean {
  simdAllowed = on;
  setNet(net);
  return simd;
}

/** Whether the installed net runs on the WebAssembly SIMD kernels (printed by bench). */
export function simdActive(): boolean {
  return simd;
}

/** refreshP on the SIMD path: perspective persp of slot sp from the board. */
function refreshSimdP(pos: Position, sp: number, persp: number): void {
  const M = mem16, lanes = NB >> 1, base = (sp * 2 + persp) * lanes;
  M.set(bias16, base);
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.board[sq];
    if (!p) continue;
    const w = (FT >> 1) + featureIndex(persp, p, sq) * lanes;
    for (let j = 0; j < lanes; j++) M[base + j] += M[w + j]; // an Int16Array wraps as the kernels' lanes do
  }
}

/** Both perspectives' update from slot src to dst (terms as in update); with stm >= 0 also the output sum. */
function updateSimd(src: number, dst: number, stm: number, pa: number, sqa: number, ps1: number, sqs1: number, ps2: number, sqs2: number, pa2: number, sqa2: number): number {
  const k = kernels!, n = NB, s = src * 2 * n, d = dst * 2 * n;
  const a0 = FT + featureIndex(0, pa, sqa) * n, r0 = FT + featureIndex(0, ps1, sqs1) * n;
  const a1 = FT + featureIndex(1, pa, sqa) * n, r1 = FT + featureIndex(1, ps1, sqs1) * n;
  if (stm < 0) {
    if (ps2 < 0) k.upd1(d, s, n, a0, r0, a1, r1);
    else if (pa2 < 0) k.upd2(d, s, n, a0, r0, FT + featureIndex(0, ps2, sqs2) * n, a1, r1, FT + featureIndex(1, ps2, sqs2) * n);
    else {
      k.upd3(d, s, n, a0, r0, FT + featureIndex(0, ps2, sqs2) * n, FT + featureIndex(0, pa2, sqa2) * n,
        a1, r1, FT + featureIndex(1, ps2, sqs2) * n, FT + featureIndex(1, pa2, sqa2) * n);
    }
    return 0;
  }
  const o0 = outOffB + (stm === 0 ? 0 : n), o1 = outOffB + (stm === 0 ? n : 0);
  if (ps2 < 0) return k.updsum1(d, s, n, o0, o1, pairChunk, QA, a0, r0, a1, r1);
  if (pa2 < 0) return k.updsum2(d, s, n, o0, o1, pairChunk, QA, a0, r0, FT + featureIndex(0, ps2, sqs2) * n, a1, r1, FT + featureIndex(1, ps2, sqs2) * n);
  return k.updsum3(d, s, n, o0, o1, pairChunk, QA, a0, r0, FT + featureIndex(0, ps2, sqs2) * n, FT + featureIndex(0, pa2, sqa2) * n,
    a1, r1, FT + featureIndex(1, ps2, sqs2) * n, FT + featureIndex(1, pa2, sqa2) * n);
}

function outputSumSimd(sp: number, stm: number): number {
  const n = NB;
  return kernels!.osum(sp * 2 * n, n, outOffB + (stm === 0 ? 0 : n), outOffB + (stm === 0 ? n : 0), pairChunk, QA);
}

/** Both accumulators of slot from copied to slot to (a null move). */
function copySlot(from: number, to: number): void {
  if (simd) {
    const l = NB; // lanes of both perspectives
    mem16.copyWithin(to * l, from * l, from * l + l);
  } else {
    acc.copyWithin(to * 2 * H2, from * 2 * H2, (from + 1) * 2 * H2);
  }
}

export function activeNet(): Net | null {
  return net;
}

/** Packs n lanes of int16 (n = count * h) into count rows of ceil(h / 2) pairs. */
function pack(src: Int16Array, count: number, h: number): Int32Array {
  const h2 = (h + 1) >> 1, out = new Int32Array(count * h2);
  for (let r = 0; r < count; r++) {
    for (let j = 0; j < h2; j++) {
      const lo = src[r * h + 2 * j], hi = 2 * j + 1 < h ? src[r * h + 2 * j + 1] : 0;
      out[r * h2 + j] = (lo + hi * 65536) | 0;
    }
  }
  return out;
}

/** Installs a net for this thread (null: none). Forgets every accumulator. */
export function setNet(n: Net | null): void {
  net = n;
  H = n ? n.hidden : 0;
  H2 = (H + 1) >> 1;
  ftW32 = n ? pack(n.ftW, INPUTS, H) : new Int32Array(0);
  ftB32 = n ? pack(n.ftB, 1, H) : new Int32Array(0);
  buckets = n ? n.buckets : 1;
  outW = new Int16Array(buckets * 4 * H2);
  let maxW = 1;
  if (n) {
    for (let r = 0; r < 2 * buckets; r++) {
      for (let i = 0; i < H; i++) {
        const w = n.outW[r * H + i];
        outW[r * 2 * H2 + i] = w;
        maxW = Math.max(maxW, Math.abs(w));
      }
    }
  }
  pairChunk = n ? Math.floor(0x7fffffff / (2 * n.qa * n.qa * maxW)) : 0;
  simd = n !== null && simdAllowed && pairChunk > 0 && setupSimd(n);
  // One spare slot past the stack for verify(); the SIMD path keeps its accumulators in the kernels' memory.
  acc = new Int32Array(simd ? 0 : (STACK_SIZE + 2) * 2 * H2);
  const qa = n ? n.qa : 0;
  for (let x = -32768; x < 32768; x++) { const v = x < 0 ? 0 : x > qa ? qa : x; SQ[x + 32768] = v * v; }
  accOk.fill(0);
}

/** Builds both accumulators of stack slot sp from the board. */
function refresh(pos: Position, sp: number): void {
  refreshP(pos, sp, 0);
  refreshP(pos, sp, 1);
}

/**
 * dst = src + w[a] - w[s1] (- w[s2]) (+ w[a2]) for both perspectives (-1 leaves a term out), and, in
 * the same pass, the output layer's sum over the new accumulators with `stm` to move: a node that
 * is evaluated right after its move touches each accumulator once.
 * Why the loops look like this: two lanes per 32-bit operation (see above); the activation comes from the SQ
 * table; the products are summed in int32 over chunks short enough that they cannot overflow (see `pairChunk`),
 * which keeps the loop in integer registers; the chunk sums are added as doubles.
 */
function update(src: number, dst: number, stm: number, pa: number, sqa: number, ps1: number, sqs1: number, ps2: number, sqs2: number, pa2: number, sqa2: number): number {
  if (simd) return updateSimd(src, dst, stm, pa, sqa, ps1, sqs1, ps2, sqs2, pa2, sqa2);
  if (pairChunk === 0) {
    updateOnly(src, dst, pa, sqa, ps1, sqs1, ps2, sqs2, pa2, sqa2);
    return outputSum(dst, stm);
  }
  // Locals, not the module's bindings: V8 keeps them in registers across the loops.
  const A = acc, W = ftW32, O = outW, h2 = H2, T = SQ, k = pairChunk;
  let sum = 0;
  for (let persp = 0; persp < 2; persp++) {
    const s = (src * 2 + persp) * h2, d = (dst * 2 + persp) * h2, o = outOff + (persp === stm ? 0 : 2 * h2);
    const a = featureIndex(persp, pa, sqa) * h2, r1 = featureIndex(persp, ps1, sqs1) * h2;
    if (ps2 < 0) {
      for (let c = 0; c < h2; c += k) {
        const e = c + k < h2 ? c + k : h2;
        let part = 0;
        for (let j = c; j < e; j++) {
          const x = (A[s + j] + W[a + j] - W[r1 + j]) | 0;
          A[d + j] = x;
          const lo = (x << 16) >> 16, hi = (x - lo) >> 16;
          part = (part + Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1])) | 0;
        }
        sum += part;
      }
    } else if (pa2 < 0) {
      const r2 = featureIndex(persp, ps2, sqs2) * h2;
      for (let c = 0; c < h2; c += k) {
        const e = c + k < h2 ? c + k : h2;
        let part = 0;
        for (let j = c; j < e; j++) {
          const x = (A[s + j] + W[a + j] - W[r1 + j] - W[r2 + j]) | 0;
          A[d + j] = x;
          const lo = (x << 16) >> 16, hi = (x - lo) >> 16;
          part = (part + Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1])) | 0;
        }
        sum += part;
      }
    } else {
      const r2 = featureIndex(persp, ps2, sqs2) * h2, a2 = featureIndex(persp, pa2, sqa2) * h2;
      for (let c = 0; c < h2; c += k) {
        const e = c + k < h2 ? c + k : h2;
        let part = 0;
        for (let j = c; j < e; j++) {
          const x = (A[s + j] + W[a + j] + W[a2 + j] - W[r1 + j] - W[r2 + j]) | 0;
          A[d + j] = x;
          const lo = (x << 16) >> 16, hi = (x - lo) >> 16;
          part = (part + Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1])) | 0;
        }
        sum += part;
      }
    }
  }
  return sum;
}

/** dst = src + w[a] - w[s1] (- w[s2]) (+ w[a2]) for both perspectives, without the output sum: for the moves a lazy update passes on its way. */
function updateOnly(src: number, dst: number, pa: number, sqa: number, ps1: number, sqs1: number, ps2: number, sqs2: number, pa2: number, sqa2: number): void {
  if (simd) { updateSimd(src, dst, -1, pa, sqa, ps1, sqs1, ps2, sqs2, pa2, sqa2); return; }
  const A = acc, W = ftW32, h2 = H2;
  for (let persp = 0; persp < 2; persp++) {
    const s = (src * 2 + persp) * h2, d = (dst * 2 + persp) * h2;
    const a = featureIndex(persp, pa, sqa) * h2, r1 = featureIndex(persp, ps1, sqs1) * h2;
    if (ps2 < 0) {
      for (let j = 0; j < h2; j++) A[d + j] = A[s + j] + W[a + j] - W[r1 + j];
    } else if (pa2 < 0) {
      const r2 = featureIndex(persp, ps2, sqs2) * h2;
      for (let j = 0; j < h2; j++) A[d + j] = A[s + j] + W[a + j] - W[r1 + j] - W[r2 + j];
    } else {
      const r2 = featureIndex(persp, ps2, sqs2) * h2, a2 = featureIndex(persp, pa2, sqa2) * h2;
      for (let j = 0; j < h2; j++) A[d + j] = A[s + j] + W[a + j] + W[a2 + j] - W[r1 + j] - W[r2 + j];
    }
  }
}

/**
 * The accumulators of slot t + 1 from slot t, for the move made at stack slot t (no output sum).
 * applyMoveOnly and applyLastMove decode the move alike on purpose: one function with the terms in variables and a
 * flag for the sum measured about 15% slower in bench (8 interleaved pairs, median per-pair ratio 0.85); each call
 * site here passes its absent terms as constants.
 */
function applyMoveOnly(pos: Position, t: number): void {
  const m = pos.stMove[t], piece = pos.stPiece[t];
  if (m === 0 || piece === 0) { // null move: the same accumulators
    copySlot(t, t + 1);
    return;
  }
  const from = moveFrom(m), to = moveTo(m), kind = moveKind(m), us = piece >> 3;
  if (kind === CASTLING) {
    const kTo = castlingKingTo(us, to > from), rTo = castlingRookTo(us, to > from);
    const rook = (us << 3) | ROOK;
    updateOnly(t, t + 1, piece, kTo, piece, from, rook, to, rook, rTo);
    return;
  }
  const captured = pos.stCaptured[t];
  const added = kind === PROMOTION ? (us << 3) | promoType(m) : piece;
  if (captured === 0) { updateOnly(t, t + 1, added, to, piece, from, -1, 0, -1, 0); return; }
  const capSq = kind === EN_PASSANT ? to + (us === WHITE ? -8 : 8) : to;
  updateOnly(t, t + 1, added, to, piece, from, captured, capSq, -1, 0);
}

/** The accumulators of the evaluated position's slot sp from slot sp - 1, and the output sum there (`stm` to move). */
function applyLastMove(pos: Position, sp: number, stm: number): number {
  const t = sp - 1, m = pos.stMove[t], piece = pos.stPiece[t];
  if (m === 0 || piece === 0) { // null move
    copySlot(t, sp);
    return outputSum(sp, stm);
  }
  const from = moveFrom(m), to = moveTo(m), kind = moveKind(m), us = piece >> 3;
  if (kind === CASTLING) {
    const kTo = castlingKingTo(us, to > from), rTo = castlingRookTo(us, to > from);
    const rook = (us << 3) | ROOK;
    return update(t, sp, stm, piece, kTo, piece, from, rook, to, rook, rTo);
  }
  const captured = pos.stCaptured[t];
  const added = kind === PROMOTION ? (us << 3) | promoType(m) : piece;
  if (captured === 0) return update(t, sp, stm, added, to, piece, from, -1, 0, -1, 0);
  const capSq = kind === EN_PASSANT ? to + (us === WHITE ? -8 : 8) : to;
  return update(t, sp, stm, added, to, piece, from, captured, capSq, -1, 0);
}

/** The output layer's sum over the accumulators of slot sp, `stm` to move (activation and sums as in `update`). */
function outputSum(sp: number, stm: number): number {
  if (simd) return outputSumSimd(sp, stm);
  return outputSumP(sp, 0, stm) + outputSumP(sp, 1, stm);
}

/** How far back the lazy update looks for a current accumulator before it refreshes instead. */
const MAX_WALK = 32;

function mark(pos: Position, sp: number): void {
  accOk[sp] = 1; accLo[sp] = pos.histLo[sp]; accHi[sp] = pos.histHi[sp];
}

/** The network's score of pos in centipawns, side to move's view. Needs a net (setNet). */
export function evaluateNet(pos: Position): number {
  const sp = pos.sp;
  bucket = buckets === 1 ? 0 : outputBucket(pos.pieceCount(), buckets);
  outOff = bucket * 4 * H2;
  outOffB = OUT + bucket * 2 * NB;
  let sum: number;
  if (accOk[sp] && accLo[sp] === pos.histLo[sp] && accHi[sp] === pos.histHi[sp]) {
    sum = outputSum(sp, pos.stm);
  } else {
    // The nearest ancestor whose accumulators are current, then the moves since, one by one.
    let s = sp - 1;
    const low = Math.max(0, sp - MAX_WALK);
    while (s >= low && !(accOk[s] && accLo[s] === pos.histLo[s] && accHi[s] === pos.histHi[s])) s--;
    if (s < low) {
      refresh(pos, sp);
      sum = outputSum(sp, pos.stm);
    } else {
      for (s++; s < sp; s++) { applyMoveOnly(pos, s - 1); mark(pos, s); }
      sum = applyLastMove(pos, sp, pos.stm);
    }
    mark(pos, sp);
  }
  const v = netScore(net!, sum, bucket);
  if (verifying) verify(pos, v);
  return v;
}

let verifying = false;
let mismatches = 0;

/** Tests: check every lazy evaluation against a full refresh (slow); returns and resets the mismatch count. */
export function verifyAccumulators(on: boolean): number {
  verifying = on;
  const n = mismatches;
  mismatches = 0;
  return n;
}

function verify(pos: Position, v: number): void {
  // Refresh into a spare slot past the search stack, so that the checked state stays as it was.
  const spare = STACK_SIZE + 1, sp = pos.sp;
  refresh(pos, spare);
  const A = simd ? mem16 : acc, w = simd ? NB : 2 * H2, d = spare * w, s = sp * w;
  for (let j = 0; j < w; j++) if (A[d + j] !== A[s + j]) { mismatches++; return; }
  if (netScore(net!, outputSum(spare, pos.stm), bucket) !== v) mismatches++;
}

/** Full-refresh evaluation that ignores the accumulator stack (tests compare it with the lazy path). */
export function evaluateNetFresh(pos: Position): number {
  const sp = pos.sp;
  refresh(pos, sp);
  accOk[sp] = 1; accLo[sp] = pos.histLo[sp]; accHi[sp] = pos.histHi[sp];
  return evaluateNet(pos);
}

/** Marks every accumulator stale (tests). */
export function resetAccumulators(): void {
  accOk.fill(0);
}

/** Builds perspective persp's accumulator of slot sp from the board. */
function refreshP(pos: Position, sp: number, persp: number): void {
  if (simd) { refreshSimdP(pos, sp, persp); return; }
  const A = acc, W = ftW32, B = ftB32, h2 = H2, base = (sp * 2 + persp) * h2;
  for (let j = 0; j < h2; j++) A[base + j] = B[j];
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.board[sq];
    if (!p) continue;
    const w = featureIndex(persp, p, sq) * h2;
    for (let j = 0; j < h2; j++) A[base + j] = (A[base + j] + W[w + j]) | 0;
  }
}

/** The output layer's sum over perspective persp's accumulator of slot sp, `stm` to move (activation and sums as in `update`). */
function outputSumP(sp: number, persp: number, stm: number): number {
  const A = acc, O = outW, h2 = H2, T = SQ;
  const k = pairChunk > 0 ? pairChunk : 1;
  const s = (sp * 2 + persp) * h2, o = outOff + (persp === stm ? 0 : 2 * h2);
  let sum = 0;
  for (let c = 0; c < h2; c += k) {
    const e = c + k < h2 ? c + k : h2;
    let part = 0;
    for (let j = c; j < e; j++) {
      const x = A[s + j], lo = (x << 16) >> 16, hi = (x - lo) >> 16;
      // With pairChunk 0 a single pair may pass int32: then its two products go to the double sum. (A separate
      // function for that rare case measured about 5% slower in bench, in both orders of 5 interleaved runs.)
      if (pairChunk === 0) sum += Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1]);
      else part = (part + Math.imul(T[lo + 32768], O[o + 2 * j]) + Math.imul(T[hi + 32768], O[o + 2 * j + 1])) | 0;
    }
    sum += part;
  }
  return sum;
}
